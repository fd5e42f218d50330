//! Option sets of values below 64 or 128 held in registers, while every value is that small
//! (most octal games never have a larger one).
//!
//! Setting bits of a bitset in memory makes a chain of dependent loads and stores through
//! the same word; in a register each is one or two instructions. The methods are generic
//! over [`Word`], one machine word (`u64`) or two (`u128`).

/// Where the option sets of a heap are kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum OptionSets {
    /// In one register (`u64`): every value is below 64.
    OneWord,
    /// In two registers (`u128`): every value is below 128.
    TwoWords,
    /// In memory ([`ValueSet`](crate::mex::ValueSet)): any values.
    Memory,
}

impl OptionSets {
    /// The sets for values below `2^bits` (options are xors of values, so below it too);
    /// registers only when `registers` allows them.
    pub(super) fn for_bits(bits: u32, registers: bool) -> Self {
        match 1u32.checked_shl(bits) {
            Some(values) if registers && values <= u64::BITS => OptionSets::OneWord,
            Some(values) if registers && values <= u128::BITS => OptionSets::TwoWords,
            _ => OptionSets::Memory,
        }
    }
}

/// A set of values below [`Word::BITS`] in one or two machine words.
pub(super) trait Word:
    Copy
    + Eq
    + std::ops::BitOr<Output = Self>
    + std::ops::BitAnd<Output = Self>
    + std::ops::Not<Output = Self>
    + std::ops::BitOrAssign
    + std::ops::BitAndAssign
{
    /// How many values the set holds (`0..BITS`).
    const BITS: u32;
    /// The empty set.
    const EMPTY: Self;
    /// `{v}`, for `v < BITS`.
    fn bit(v: u32) -> Self;
    /// The values below `c` (`c ≤ BITS`).
    fn below(c: u32) -> Self;
    /// The least value (`BITS` when empty).
    fn least(self) -> u32;
    /// The set as two words.
    fn to_u128(self) -> u128;
    /// A set stored by [`Word::to_u128`], of values below `BITS`.
    fn from_u128(w: u128) -> Self;

    /// The first words of a bitset.
    fn from_words(words: &[u64]) -> Self {
        let word = |j: usize| u128::from(words.get(j).copied().unwrap_or(0));
        Self::from_u128(word(0) | word(1) << 64)
    }

    /// The least value not in the set (`BITS` when every value below it is in), the mex of
    /// [`crate::mex`] on a register.
    #[inline]
    fn mex(self) -> u32 {
        (!self).least()
    }
}

/// The two widths differ only in their type: one definition serves both.
macro_rules! register_word {
    ($word:ty) => {
        impl Word for $word {
            const BITS: u32 = <$word>::BITS;
            const EMPTY: Self = 0;
            #[inline]
            fn bit(v: u32) -> Self {
                1 << v
            }
            #[inline]
            fn below(c: u32) -> Self {
                Self::MAX.checked_shr(Self::BITS - c).unwrap_or(0)
            }
            #[inline]
            fn least(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline]
            fn to_u128(self) -> u128 {
                u128::from(self)
            }
            #[inline]
            fn from_u128(w: u128) -> Self {
                // The values are below `BITS`: nothing is cut off.
                w as $word
            }
        }
    };
}

register_word!(u64);
register_word!(u128);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mex::{mex, ValueSet};
    use proptest::prelude::*;

    /// Both widths hold what a bitset in memory holds, and their mex is the definition's.
    fn agrees<W: Word>(values: &[u32], c: u32) -> Result<(), TestCaseError> {
        let values: Vec<u32> = values.iter().map(|&v| v % W::BITS).collect();
        let set = values.iter().fold(W::EMPTY, |s, &v| s | W::bit(v));
        let mut memory = ValueSet::with_bound(128);
        values.iter().for_each(|&v| memory.insert(v));
        prop_assert!(set == W::from_words(memory.words()));
        prop_assert!(W::from_u128(set.to_u128()) == set);
        prop_assert_eq!(
            u64::from(set.mex()),
            mex(values.iter().map(|&v| u64::from(v)))
        );
        prop_assert_eq!(set.least(), memory.min().unwrap_or(W::BITS));
        let c = c % (W::BITS + 1);
        let below = W::below(c);
        for v in 0..W::BITS {
            prop_assert_eq!(below & W::bit(v) != W::EMPTY, v < c);
        }
        Ok(())
    }

    proptest! {
        #[test]
        fn words_agree_with_memory_sets(
            values in proptest::collection::vec(0u32..128, 0..140),
            c in 0u32..200,
        ) {
            agrees::<u64>(&values, c)?;
            agrees::<u128>(&values, c)?;
        }
    }
}
