//! Storage of a Grundy sequence: the values of heaps 0, 1, 2, … in one, two or four bytes
//! each, and the searches for their period.
//!
//! Runs reach billions of heaps, so the width matters: octal games' values almost always
//! stay below 256, and the rare/common engine keeps one byte per heap until a value needs
//! two. Games whose values grow with the heap (Lasker's Nim, "all but" subtraction games)
//! take four. The engines' loops are generic over the stored width (`StoredValue`), so
//! they read the values without converting them.

use super::octal::OctalGame;
use crate::periodicity::{find_arithmetic_period, find_period, Periodicity};
use crate::ImpartialError;

/// The integer type a value is stored in: `u8`, `u16` or `u32`.
pub(crate) trait StoredValue:
    Copy
    + Eq
    + Default
    + Send
    + Sync
    + std::ops::BitXor<Output = Self>
    + Into<u32>
    + Into<u64>
    + TryFrom<u32>
{
}
impl StoredValue for u8 {}
impl StoredValue for u16 {}
impl StoredValue for u32 {}

/// Grundy values of heaps 0, 1, 2, …, in a width that holds every one of them.
///
/// Two sequences are equal when they hold the same values, whatever their widths.
#[derive(Clone, Debug)]
pub enum Values {
    /// One byte per heap: every value is below 256.
    U8(Vec<u8>),
    /// Two bytes per heap: every value is below 65536.
    U16(Vec<u16>),
    /// Four bytes per heap.
    U32(Vec<u32>),
}

/// Evaluates `$body` with `$g` bound to the stored slice, whatever its width (the body is
/// compiled once per width).
macro_rules! each_width {
    ($values:expr, $g:ident => $body:expr) => {
        match $values {
            Values::U8($g) => $body,
            Values::U16($g) => $body,
            Values::U32($g) => $body,
        }
    };
}

impl Default for Values {
    fn default() -> Self {
        Values::U8(Vec::new())
    }
}

impl From<Vec<u8>> for Values {
    fn from(v: Vec<u8>) -> Self {
        Values::U8(v)
    }
}

impl From<Vec<u16>> for Values {
    fn from(v: Vec<u16>) -> Self {
        Values::U16(v)
    }
}

impl From<Vec<u32>> for Values {
    fn from(v: Vec<u32>) -> Self {
        Values::U32(v)
    }
}

impl PartialEq for Values {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Values::U8(a), Values::U8(b)) => a == b,
            (Values::U16(a), Values::U16(b)) => a == b,
            (Values::U32(a), Values::U32(b)) => a == b,
            _ => self.len() == other.len() && self.iter().eq(other.iter()),
        }
    }
}

impl Eq for Values {}

impl Values {
    /// The values given as `u64`, in the narrowest width; an error naming the first heap
    /// whose value does not fit four bytes.
    pub fn from_u64(values: &[u64]) -> Result<Self, ImpartialError> {
        let wide = values
            .iter()
            .enumerate()
            .map(|(heap, &v)| {
                u32::try_from(v).map_err(|_| ImpartialError::ValueLimit {
                    heap,
                    limit: u64::from(u32::MAX),
                })
            })
            .collect::<Result<Vec<u32>, _>>()?;
        Ok(Values::U32(wide).narrowest())
    }

    /// The same values in the narrowest width that holds them all.
    pub fn narrowest(self) -> Self {
        let max = self.max();
        let fits = |limit: u32| max <= limit;
        match self {
            Values::U16(v) if fits(u8::MAX.into()) => Values::U8(narrow(&v)),
            Values::U32(v) if fits(u8::MAX.into()) => Values::U8(narrow(&v)),
            Values::U32(v) if fits(u16::MAX.into()) => Values::U16(narrow(&v)),
            values => values,
        }
    }

    /// The values in four bytes each, as the engines whose values grow with the heap keep
    /// them.
    pub fn into_u32_vec(self) -> Vec<u32> {
        match self {
            Values::U32(v) => v,
            values => values.iter().collect(),
        }
    }

    /// Re-stores the values one width wider (two bytes from one, four from two), to make
    /// room for a value that does not fit.
    pub fn widen(&mut self) {
        *self = match std::mem::take(self) {
            Values::U8(v) => Values::U16(v.into_iter().map(u16::from).collect()),
            Values::U16(v) => Values::U32(v.into_iter().map(u32::from).collect()),
            wide => wide,
        };
    }

    /// How many heaps have values (heaps `0..len`).
    pub fn len(&self) -> usize {
        each_width!(self, g => g.len())
    }

    /// True when no value is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Keeps the values of heaps `0..len` only.
    pub fn truncate(&mut self, len: usize) {
        each_width!(self, g => g.truncate(len))
    }

    /// The value of heap `n`, if computed.
    pub fn get(&self, n: usize) -> Option<u32> {
        each_width!(self, g => g.get(n).copied().map(to_u32))
    }

    /// The values in order.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        let (bytes, halves, words): (&[u8], &[u16], &[u32]) = match self {
            Values::U8(v) => (v, &[], &[]),
            Values::U16(v) => (&[], v, &[]),
            Values::U32(v) => (&[], &[], v),
        };
        let bytes = bytes.iter().map(|&x| u32::from(x));
        let halves = halves.iter().map(|&x| u32::from(x));
        bytes.chain(halves).chain(words.iter().copied())
    }

    /// The values widened to `u64`.
    pub fn to_u64_vec(&self) -> Vec<u64> {
        self.iter().map(u64::from).collect()
    }

    /// The largest value (0 when empty).
    pub fn max(&self) -> u32 {
        each_width!(self, g => g.iter().copied().max().map_or(0, to_u32))
    }

    /// Bytes per stored value.
    pub fn width(&self) -> usize {
        match self {
            Values::U8(_) => 1,
            Values::U16(_) => 2,
            Values::U32(_) => 4,
        }
    }

    /// Extends the values to `len` heaps by `period`: each new value is the one a period
    /// back. The values must reach past the preperiod by a whole period.
    pub fn extend_periodic(&mut self, period: Periodicity, len: usize) {
        each_width!(self, g => {
            debug_assert!(g.len() >= period.preperiod + period.period);
            g.reserve(len.saturating_sub(g.len()));
            while g.len() < len {
                let n = g.len();
                let chunk = (len - n).min(period.period);
                g.extend_from_within(n - period.period..n - period.period + chunk);
            }
        })
    }

    /// The period the periodicity theorem certifies for `game` from these values, if any
    /// (see [`OctalGame::certified_period`]).
    pub fn certified_period(&self, game: &OctalGame) -> Option<Periodicity> {
        each_width!(self, g => game.certified_period(g))
    }

    /// The least period with periods up to `max_period` that `certified(len, pre, per)`
    /// accepts (see [`find_period`]).
    pub fn period(
        &self,
        max_period: usize,
        certified: impl Fn(usize, usize, usize) -> bool,
    ) -> Option<Periodicity> {
        each_width!(self, g => find_period(g, max_period, certified))
    }

    /// The least arithmetic period, with its saltus, that `certified(len, pre, per)` accepts
    /// (see [`find_arithmetic_period`]).
    pub fn arithmetic_period(
        &self,
        max_period: usize,
        certified: impl Fn(usize, usize, usize) -> bool,
    ) -> Option<(Periodicity, u64)> {
        each_width!(self, g => find_arithmetic_period(g, max_period, certified))
    }
}

/// A stored value as a `u32`, whatever its width.
fn to_u32<T: StoredValue>(v: T) -> u32 {
    v.into()
}

/// The values in a narrower type; the caller has checked that every one fits.
fn narrow<From: Copy + Into<u32>, To: TryFrom<u32> + Default>(v: &[From]) -> Vec<To> {
    v.iter()
        .map(|&x| To::try_from(x.into()).unwrap_or_default())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn stores_in_the_narrowest_width() {
        let narrow = Values::from_u64(&[0, 1, 255]).unwrap();
        assert!(matches!(&narrow, Values::U8(v) if v == &[0, 1, 255]));
        let wide = Values::from_u64(&[0, 256]).unwrap();
        assert!(matches!(&wide, Values::U16(v) if v == &[0, 256]));
        assert_eq!(wide.get(1), Some(256));
        assert_eq!(wide.get(2), None);
        let wider = Values::from_u64(&[70_000, 0]).unwrap();
        assert_eq!((wider.width(), wider.max()), (4, 70_000));
        assert!(matches!(
            Values::from_u64(&[0, 1 << 32]),
            Err(ImpartialError::ValueLimit { heap: 1, .. })
        ));
    }

    #[test]
    fn equal_values_in_other_widths_are_equal() {
        let bytes = Values::U8(vec![1, 2]);
        assert_eq!(bytes, Values::U32(vec![1, 2]));
        assert_ne!(bytes, Values::U16(vec![1, 2, 0]));
        assert_ne!(bytes, Values::U16(vec![1, 3]));
        let mut widened = bytes.clone();
        widened.widen();
        assert_eq!((widened.width(), &widened), (2, &bytes));
        widened.widen();
        widened.widen();
        assert_eq!((widened.width(), &widened), (4, &bytes));
        assert_eq!(widened.narrowest().width(), 1);
    }

    proptest! {
        /// Every width reads back the values it was given, and the period searches see the
        /// same sequence.
        #[test]
        fn every_width_reads_back(values in proptest::collection::vec(0u64..300, 0..60)) {
            let stored = Values::from_u64(&values).unwrap();
            prop_assert_eq!(stored.to_u64_vec(), values.clone());
            prop_assert_eq!(u64::from(stored.max()), values.iter().copied().max().unwrap_or(0));
            let mut wide = stored.clone();
            wide.widen();
            wide.widen();
            prop_assert_eq!(wide.width(), 4);
            prop_assert_eq!(&wide, &stored);
            let enough = |len: usize, pre: usize, per: usize| len >= 2 * pre + 3 * per;
            prop_assert_eq!(stored.period(20, enough), find_period(&values, 20, enough));
            prop_assert_eq!(wide.period(20, enough), find_period(&values, 20, enough));
            prop_assert_eq!(
                wide.arithmetic_period(20, enough),
                find_arithmetic_period(&values, 20, enough)
            );
            let mut cut = wide.into_u32_vec();
            cut.truncate(values.len() / 2);
            let mut half = stored;
            half.truncate(values.len() / 2);
            prop_assert_eq!(Values::from(cut), half);
        }
    }
}
