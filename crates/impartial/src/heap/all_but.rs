//! "All but" subtraction games: a move removes any number of tokens from a heap except the
//! numbers in a finite excluded set (Angela Siegel, *Finite excluded subtraction sets and
//! Kayles*, 2005). With an empty excluded set it is Nim.
//!
//! Values grow without bound (heap `n` can move to almost every smaller heap), so the
//! sequence is at best *arithmetic*-periodic: `G(n + p) = G(n) + s` from some heap on.
//!
//! [`AllButSubtraction::extend`] computes a value in time proportional to the size of the
//! excluded set rather than to the heap: it counts how often each value occurs among the
//! smaller heaps, so the mex of "all smaller heaps but a few" only has to look at the values
//! of the few excluded heaps.

use std::ops::ControlFlow;

use super::HeapRule;
use crate::ImpartialError;

/// The most excluded numbers an "all but" set may have.
pub const MAX_EXCLUDED: usize = 64;

/// An "all but" subtraction game: remove any `k ≥ 1` tokens except `k` in the excluded set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllButSubtraction {
    excluded: Vec<u64>,
}

impl AllButSubtraction {
    /// The game excluding `excluded` (any order, duplicates ignored; no zero).
    pub fn new(mut excluded: Vec<u64>) -> Result<Self, ImpartialError> {
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
        Ok(AllButSubtraction { excluded })
    }

    /// The excluded numbers, ascending.
    pub fn excluded(&self) -> &[u64] {
        &self.excluded
    }
}

impl HeapRule for AllButSubtraction {
    fn visit_options(
        &self,
        n: u64,
        visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for k in (1..=n).filter(|k| self.excluded.binary_search(k).is_err()) {
            let left = [n - k];
            visit(if k == n { &[] } else { &left })?;
        }
        ControlFlow::Continue(())
    }
}

/// The running state of the fast sequence: how many smaller heaps have each value, and the
/// mex of all of them.
#[derive(Clone, Debug, Default)]
pub struct AllButCounts {
    count: Vec<u64>,
    mex_of_all: u64,
}

impl AllButCounts {
    /// The state after the values `values` (of heaps `0..values.len()`).
    pub fn from_values(values: &[u32]) -> Self {
        let mut counts = AllButCounts::default();
        values.iter().for_each(|&v| counts.record(u64::from(v)));
        counts
    }

    fn record(&mut self, v: u64) {
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
    /// Appends the value of heap `values.len()`, given the values of all smaller heaps and
    /// their counts.
    pub fn extend(&self, values: &mut Vec<u32>, counts: &mut AllButCounts) {
        let n = values.len() as u64;
        // The options are all smaller heaps but n - a for excluded a ≤ n: the mex is the mex
        // of all smaller heaps, unless removing those few heaps empties a smaller value.
        let skipped_values: Vec<usize> = self
            .excluded
            .iter()
            .take_while(|&&a| a <= n)
            .map(|&a| values[(n - a) as usize] as usize)
            .collect();
        skipped_values.iter().for_each(|&v| counts.count[v] -= 1);
        let emptied = skipped_values
            .iter()
            .filter(|&&v| counts.count[v] == 0)
            .map(|&v| v as u64)
            .min();
        skipped_values.iter().for_each(|&v| counts.count[v] += 1);
        let g = emptied.map_or(counts.mex_of_all, |e| e.min(counts.mex_of_all));
        // Heap values never exceed the heap, which the caller's limit keeps below 2^32.
        values.push(u32::try_from(g).unwrap_or(u32::MAX));
        counts.record(g);
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
    }
}
