//! The minimum excludant, the one operation Sprague-Grundy theory is built on.
//!
//! Three forms of it, from the definition to the engines' hot loops:
//! - [`mex`] of any list of values: the definition, and the oracle the others are tested
//!   against;
//! - [`mex_of_mask`] of a set held in one machine word (the sequence engines keep register
//!   sets of up to 128 values, see `heap::fast::word`);
//! - [`ValueSet`], a bitset of small values with `insert`, `clear` and [`ValueSet::mex`],
//!   which every heap-sequence engine uses for the options of the heap being computed.
//!   Its mex reads 64 values per step, and clearing it between heaps costs one pass over
//!   its words, which stay few because Grundy values stay small.

/// The least natural number not among `values`.
///
/// Runs in time linear in the number of values: only values below the count can matter,
/// because `n` values cannot exclude more than `n` naturals.
pub fn mex<I: IntoIterator<Item = u64>>(values: I) -> u64 {
    let values: Vec<u64> = values.into_iter().collect();
    let mut seen = vec![false; values.len() + 1];
    for v in values {
        if let Some(slot) = usize::try_from(v).ok().and_then(|i| seen.get_mut(i)) {
            *slot = true;
        }
    }
    seen.iter().position(|s| !s).unwrap_or(seen.len()) as u64
}

/// The mex of a set given as a bit mask (bit `i` set means value `i` is present).
#[inline]
pub fn mex_of_mask(mask: u64) -> u64 {
    u64::from((!mask).trailing_zeros())
}

/// The mex of `values`, which may be far larger than their number (a spawning game's
/// options): only values below their count can be the mex, so a bit each for those,
/// without a copy of the values.
pub fn mex_of_u32s(values: &[u32]) -> u32 {
    let mut present = vec![0u64; values.len() / 64 + 1];
    for &v in values {
        if let Some(word) = present.get_mut(v as usize / 64) {
            *word |= 1 << (v % 64);
        }
    }
    mex_of_words(present.iter().copied())
}

/// The mex of a bitset given as words (bit `v % 64` of word `v / 64` set means value `v` is
/// present): the first word with a clear bit holds it. The words may be computed on the fly
/// (a union, say) and are read only up to that one.
#[inline]
pub fn mex_of_words(words: impl IntoIterator<Item = u64>) -> u32 {
    let mut base = 0;
    for w in words {
        if w != u64::MAX {
            return base + w.trailing_ones();
        }
        base += 64;
    }
    base
}

/// A set of small naturals as a bitset: bit `v % 64` of word `v / 64` is set when `v` is in.
///
/// A set has room for the values below a bound fixed when it is made
/// ([`ValueSet::with_bound`]) and raised only on request ([`ValueSet::make_room`]), so that
/// an insert in a hot loop is one bounds check and one `or`. [`ValueSet::clear`] keeps the
/// room, so a set reused heap after heap allocates once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ValueSet {
    words: Vec<u64>,
}

impl ValueSet {
    /// An empty set with room for the values below `bound` (rounded up to a whole word, at
    /// least one).
    pub fn with_bound(bound: usize) -> Self {
        ValueSet {
            words: vec![0; bound.div_ceil(64).max(1)],
        }
    }

    /// How many values the set has room for: every value below this may be inserted.
    pub fn room(&self) -> usize {
        self.words.len() * 64
    }

    /// Makes room for the values below `bound`, keeping the values in (the room never
    /// shrinks).
    pub fn make_room(&mut self, bound: usize) {
        let words = bound.div_ceil(64);
        if words > self.words.len() {
            self.words.resize(words, 0);
        }
    }

    /// Adds `v`.
    ///
    /// # Panics
    ///
    /// When `v` is not below [`ValueSet::room`]: the callers know a bound on their values
    /// and make room for it beforehand, which keeps growth out of the hot loops (a growing
    /// insert made the naive octal engine 4% slower).
    #[inline]
    pub fn insert(&mut self, v: u32) {
        self.words[(v / 64) as usize] |= 1 << (v % 64);
    }

    /// Takes `v` out (nothing happens when it is not in).
    #[inline]
    pub fn remove(&mut self, v: u32) {
        if let Some(w) = self.words.get_mut((v / 64) as usize) {
            *w &= !(1 << (v % 64));
        }
    }

    /// Whether `v` is in.
    #[inline]
    pub fn contains(&self, v: u32) -> bool {
        self.words
            .get((v / 64) as usize)
            .is_some_and(|w| w >> (v % 64) & 1 != 0)
    }

    /// Empties the set, keeping its room.
    #[inline]
    pub fn clear(&mut self) {
        self.words.fill(0);
    }

    /// Whether no value is in.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The least natural not in the set.
    #[inline]
    pub fn mex(&self) -> u32 {
        mex_of_words(self.words.iter().copied())
    }

    /// The least value in the set, if any.
    #[inline]
    pub fn min(&self) -> Option<u32> {
        let (j, w) = self.words.iter().enumerate().find(|&(_, &w)| w != 0)?;
        Some((j * 64) as u32 + w.trailing_zeros())
    }

    /// The values in the set, ascending.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.words.iter().enumerate().flat_map(|(j, &w)| {
            let mut rest = w;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros();
                    rest &= rest - 1;
                    (j * 64) as u32 + bit
                })
            })
        })
    }

    /// Adds every value of `other`, making room for them.
    pub fn union_with(&mut self, other: &ValueSet) {
        self.make_room(other.room());
        for (w, &o) in self.words.iter_mut().zip(&other.words) {
            *w |= o;
        }
    }

    /// The words: bit `v % 64` of word `v / 64` is value `v`.
    #[inline]
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// The words, to change many values at once (the room stays as it is).
    #[inline]
    pub fn words_mut(&mut self) -> &mut [u64] {
        &mut self.words
    }

    /// Replaces the set by the one whose words are `words`, reusing the room.
    pub fn set_words(&mut self, words: impl IntoIterator<Item = u64>) {
        self.words.clear();
        self.words.extend(words);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn small_cases() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([0, 1, 3]), 2);
        assert_eq!(mex([0, 0, 1, 1, 2]), 3);
        assert_eq!(mex([u64::MAX, 0]), 1);
        assert_eq!(mex_of_mask(0b1011), 2);
        assert_eq!(mex_of_mask(u64::MAX), 64);
        assert_eq!(mex_of_words([]), 0);
        assert_eq!(mex_of_words([u64::MAX, 0b101]), 65);
        assert_eq!(mex_of_words([u64::MAX; 2]), 128);
    }

    #[test]
    fn value_set_keeps_its_room() {
        let mut set = ValueSet::with_bound(10);
        assert_eq!(set.room(), 64);
        set.insert(5);
        set.make_room(201);
        assert_eq!(set.room(), 256);
        set.insert(200);
        set.make_room(10);
        assert_eq!(set.room(), 256);
        assert!(set.contains(200) && !set.contains(199) && !set.contains(1_000));
        assert_eq!((set.mex(), set.min()), (0, Some(5)));
        set.clear();
        assert!(set.is_empty());
        assert_eq!((set.room(), set.min()), (256, None));
    }

    #[test]
    #[should_panic]
    fn inserting_beyond_the_room_panics() {
        ValueSet::with_bound(64).insert(64);
    }

    proptest! {
        #[test]
        fn mex_is_least_missing(values in proptest::collection::vec(0u64..20, 0..30)) {
            let m = mex(values.iter().copied());
            prop_assert!(!values.contains(&m));
            prop_assert!((0..m).all(|v| values.contains(&v)));
        }

        /// Every form of the mex agrees with the definition, whatever the room the set was
        /// made with and whatever was removed again.
        #[test]
        fn value_set_agrees_with_the_definition(
            bound in 0usize..300,
            inserted in proptest::collection::vec(0u32..200, 0..150),
            removed in proptest::collection::vec(0u32..200, 0..20),
            other in proptest::collection::vec(0u32..200, 0..50),
        ) {
            let mut set = ValueSet::with_bound(bound);
            set.make_room(200);
            inserted.iter().for_each(|&v| set.insert(v));
            removed.iter().for_each(|&v| set.remove(v));
            let members: Vec<u64> = inserted
                .iter()
                .filter(|v| !removed.contains(v))
                .map(|&v| u64::from(v))
                .collect();
            prop_assert_eq!(u64::from(set.mex()), mex(members.iter().copied()));
            prop_assert_eq!(u64::from(mex_of_words(set.words().iter().copied())), mex(members.iter().copied()));
            prop_assert_eq!(set.min().map(u64::from), members.iter().copied().min());
            prop_assert_eq!(set.is_empty(), members.is_empty());
            for v in 0..210 {
                prop_assert_eq!(set.contains(v), members.contains(&u64::from(v)));
            }
            if let [word] = set.words() {
                prop_assert_eq!(u64::from(set.mex()), mex_of_mask(*word));
            }
            let mut union = ValueSet::with_bound(200);
            other.iter().for_each(|&v| union.insert(v));
            union.union_with(&set);
            let all = members.iter().copied().chain(other.iter().map(|&v| u64::from(v)));
            prop_assert_eq!(u64::from(union.mex()), mex(all));
        }
    }
}
