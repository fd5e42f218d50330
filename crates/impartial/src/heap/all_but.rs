//! "All but" games: a move removes any number of tokens from a heap except the numbers in a
//! finite excluded set (Angela Siegel, *Finite excluded subtraction sets and Kayles*, 2005);
//! in the Splittles form (CGSuite's `Splittles(set, allbut => true)`, the code
//! `0.7…7[7]` with 0 at the excluded numbers) what is left may also be split into two
//! heaps. With an empty excluded set they are Nim and Lasker's-like Splittles.
//!
//! Values grow without bound (heap `n` can move to almost every smaller heap), so the
//! sequence is at best *arithmetic*-periodic: `G(n + p) = G(n) + s` from some heap on.
//!
//! [`AllButSubtraction::extend`] counts, for each value, how many smaller totals m a move
//! may leave reach it (m itself, or, splitting, two heaps of m together), so the mex of "all
//! smaller totals but a few" only looks again at the few excluded ones: time proportional
//! to the excluded set (times m for the splits of m) rather than to the heap.

use std::ops::ControlFlow;

use super::HeapRule;
use crate::ImpartialError;

/// The most excluded numbers an "all but" set may have.
pub const MAX_EXCLUDED: usize = 64;

/// An "all but" game: remove any `k ≥ 1` tokens except `k` in the excluded set, and in the
/// Splittles form split what is left into two heaps if you like.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllButSubtraction {
    excluded: Vec<u64>,
    splits: bool,
}

impl AllButSubtraction {
    /// The subtraction game excluding `excluded` (any order, duplicates ignored; no zero).
    pub fn new(excluded: Vec<u64>) -> Result<Self, ImpartialError> {
        AllButSubtraction::with_splits(excluded, false)
    }

    /// Splittles excluding `excluded`: what is left may be split into two heaps.
    pub fn splittles(excluded: Vec<u64>) -> Result<Self, ImpartialError> {
        AllButSubtraction::with_splits(excluded, true)
    }

    fn with_splits(mut excluded: Vec<u64>, splits: bool) -> Result<Self, ImpartialError> {
        excluded.sort_unstable();
        excluded.dedup();
        if excluded.first() == Some(&0) {
            return Err(ImpartialError::InvalidInput(
                "an \"all but\" set cannot exclude 0 (no move removes 0 tokens)".into(),
            ));
        }
        if excluded.len() > MAX_EXCLUDED {
            return Err(ImpartialError::too_large(
                "the \"all but\" set",
                format!("{} elements", excluded.len()),
                MAX_EXCLUDED,
            ));
        }
        Ok(AllButSubtraction { excluded, splits })
    }

    /// The excluded numbers, ascending.
    pub fn excluded(&self) -> &[u64] {
        &self.excluded
    }

    /// Whether what is left may be split into two heaps (the Splittles form).
    pub fn splits(&self) -> bool {
        self.splits
    }
}

impl HeapRule for AllButSubtraction {
    fn visit_options(
        &self,
        n: u64,
        visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for k in (1..=n).filter(|k| self.excluded.binary_search(k).is_err()) {
            let left = n - k;
            if left == 0 {
                visit(&[])?;
                continue;
            }
            visit(&[left])?;
            if self.splits {
                for a in 1..=left / 2 {
                    visit(&[a, left - a])?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// The running state of the fast sequence: for each value, how many smaller totals reach
/// it, and the mex of all of them.
#[derive(Clone, Debug, Default)]
pub struct AllButCounts {
    count: Vec<u64>,
    mex_of_all: u64,
    /// Scratch for listing a total's values once each.
    listing: Listing,
    /// Scratch for the values listed: no allocation per heap.
    reached: Vec<u32>,
}

/// Which listing last met each value: a listing meets a value once.
#[derive(Clone, Debug, Default)]
struct Listing {
    last: Vec<u64>,
    count: u64,
}

impl AllButCounts {
    fn record(&mut self, v: u32) {
        let i = v as usize;
        if self.count.len() <= i {
            self.count.resize(i + 1, 0);
        }
        self.count[i] += 1;
        while self
            .count
            .get(self.mex_of_all as usize)
            .is_some_and(|&c| c > 0)
        {
            self.mex_of_all += 1;
        }
    }
}

impl AllButSubtraction {
    /// The state after the values `values` (of heaps `0..values.len()`).
    pub fn counts(&self, values: &[u32]) -> AllButCounts {
        let mut counts = AllButCounts::default();
        for m in 0..values.len() {
            self.record_reached(values, m, &mut counts);
        }
        counts
    }

    /// Counts the values a move leaving `m` tokens reaches.
    fn record_reached(&self, values: &[u32], m: usize, counts: &mut AllButCounts) {
        let mut reached = std::mem::take(&mut counts.reached);
        reached.clear();
        self.reach(values, m, &mut counts.listing, &mut reached);
        reached.iter().for_each(|&v| counts.record(v));
        counts.reached = reached;
    }

    /// Appends to `reached` the values a move leaving `m` tokens reaches, each once: heap
    /// m's, and with splits those of the two heaps m may be split into.
    fn reach(&self, values: &[u32], m: usize, listing: &mut Listing, reached: &mut Vec<u32>) {
        if !self.splits {
            reached.push(values[m]);
            return;
        }
        listing.count += 1;
        let each = std::iter::once(values[m]).chain((1..=m / 2).map(|a| values[a] ^ values[m - a]));
        for v in each {
            let i = v as usize;
            if listing.last.len() <= i {
                listing.last.resize(i + 1, 0);
            }
            if listing.last[i] != listing.count {
                listing.last[i] = listing.count;
                reached.push(v);
            }
        }
    }

    /// The work of the table of `len` heaps: the values looked at (heap n's, and again those
    /// of the totals an excluded number leaves).
    pub fn work(&self, len: usize) -> u64 {
        if !self.splits {
            return len as u64;
        }
        let len = len as u64;
        (self.excluded.len() as u64 + 1).saturating_mul(len.saturating_mul(len) / 4)
    }

    /// Appends the value of heap `values.len()`, given the values of all smaller heaps and
    /// their counts.
    pub fn extend(&self, values: &mut Vec<u32>, counts: &mut AllButCounts) {
        let n = values.len() as u64;
        // The options are what every smaller total reaches but the totals n - a for excluded
        // a ≤ n: the mex is the mex of all, unless leaving those few out empties a smaller
        // value.
        let mut skipped = std::mem::take(&mut counts.reached);
        skipped.clear();
        for &a in self.excluded.iter().take_while(|&&a| a <= n) {
            self.reach(values, (n - a) as usize, &mut counts.listing, &mut skipped);
        }
        skipped.iter().for_each(|&v| counts.count[v as usize] -= 1);
        let emptied = skipped
            .iter()
            .filter(|&&v| counts.count[v as usize] == 0)
            .map(|&v| u64::from(v))
            .min();
        skipped.iter().for_each(|&v| counts.count[v as usize] += 1);
        counts.reached = skipped;
        let g = emptied.map_or(counts.mex_of_all, |e| e.min(counts.mex_of_all));
        // A value never exceeds its heap's number of options' values, which the caller's
        // limits keep below 2^32.
        values.push(u32::try_from(g).unwrap_or(u32::MAX));
        self.record_reached(values, n as usize, counts);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::grundy_sequence;
    use proptest::prelude::*;

    fn fast(game: &AllButSubtraction, len: usize) -> Vec<u64> {
        let (mut values, mut counts) = (Vec::new(), AllButCounts::default());
        for _ in 0..len {
            game.extend(&mut values, &mut counts);
        }
        values.into_iter().map(u64::from).collect()
    }

    #[test]
    fn empty_exclusion_is_nim() {
        let nim = AllButSubtraction::new(vec![]).unwrap();
        assert_eq!(fast(&nim, 50), (0..50).collect::<Vec<u64>>());
    }

    /// Up to heap L, Splittles excluding S is the finite octal code with 7 at every
    /// number up to L but those of S, computed by the octal engine instead.
    #[test]
    fn splittles_is_its_code_up_to_the_code_s_length() {
        for excluded in [vec![], vec![1], vec![2, 3], vec![1, 4, 6]] {
            let game = AllButSubtraction::splittles(excluded.clone()).unwrap();
            let digits: String = (1..=40u64)
                .map(|k| if excluded.contains(&k) { '0' } else { '7' })
                .collect();
            let code = crate::heap::catalog::HeapGame::parse(&format!("0.{digits}")).unwrap();
            let mut sequence = crate::heap::sequence::HeapSequence::new(&code);
            sequence.extend_to(41, &conway_core::NoProgress).unwrap();
            let octal: Vec<u64> = (0..=40).map(|n| sequence.get(n).unwrap()).collect();
            assert_eq!(fast(&game, 41), octal, "excluded {excluded:?}");
        }
    }

    #[test]
    fn rejects_bad_sets() {
        assert!(AllButSubtraction::new(vec![0, 2]).is_err());
        assert!(AllButSubtraction::new((1..=65).collect()).is_err());
    }

    proptest! {
        /// The counting engine equals the mex of every option (the definition).
        #[test]
        fn counting_matches_definition(excluded in proptest::collection::btree_set(1u64..12, 0..5)) {
            let game = AllButSubtraction::new(excluded.into_iter().collect()).unwrap();
            prop_assert_eq!(fast(&game, 120), grundy_sequence(&game, 120));
        }

        /// So does the Splittles form's, and resuming from values gives the same counts.
        #[test]
        fn splittles_counting_matches_definition(excluded in proptest::collection::btree_set(1u64..12, 0..5)) {
            let game = AllButSubtraction::splittles(excluded.into_iter().collect()).unwrap();
            let values = fast(&game, 60);
            prop_assert_eq!(&values, &grundy_sequence(&game, 60));
            let mut resumed: Vec<u32> = values[..30].iter().map(|&v| v as u32).collect();
            let mut counts = game.counts(&resumed);
            while resumed.len() < 60 {
                game.extend(&mut resumed, &mut counts);
            }
            prop_assert_eq!(resumed.into_iter().map(u64::from).collect::<Vec<_>>(), values);
        }
    }
}
