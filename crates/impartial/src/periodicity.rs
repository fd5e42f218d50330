//! Eventual periodicity of value sequences, certified by a game-specific theorem.
//!
//! A period is only a result when a theorem turns "the values repeat as far as computed" into
//! "they repeat forever". The caller supplies that theorem as a predicate on
//! (values computed, preperiod, period): for a subtraction game with largest subtraction `t`,
//! `len ≥ pre + per + t` suffices, because each value depends only on the `t` before it.

/// An eventually periodic sequence: `v(n + period) = v(n)` for all `n ≥ preperiod`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// The first index from which the sequence is periodic.
    pub preperiod: usize,
    /// The least period.
    pub period: usize,
}

impl Periodicity {
    /// The index in `0..preperiod + period` whose value `v(n)` equals, for any `n`.
    pub fn reduce(&self, n: &num_bigint::BigUint) -> usize {
        use num_traits::ToPrimitive;
        if let Some(n) = n.to_usize() {
            return self.index(n);
        }
        // Past usize, so past the preperiod.
        let offset = ((n - self.preperiod) % self.period).to_usize().unwrap_or(0);
        self.preperiod + offset
    }

    /// [`Periodicity::reduce`] for an index that fits a `usize`, without big arithmetic.
    pub fn index(&self, n: usize) -> usize {
        if n < self.preperiod {
            n
        } else {
            self.preperiod + (n - self.preperiod) % self.period
        }
    }
}

/// The least period, and the least preperiod for it, that `certified(len, pre, per)` accepts.
///
/// For each candidate period `p` the least consistent preperiod is found by scanning back
/// from the end to the last mismatch, so wrong periods usually cost little. Sequences made
/// of long runs (a subtraction game with one large element) make every scan long; once the
/// scans have cost a few comparisons per value, the rest of the candidates are read off the
/// Z-function of the reversed sequence instead, so the whole search takes
/// O(`values.len()` + `max_period`) comparisons.
pub fn find_period<T: PartialEq>(
    values: &[T],
    max_period: usize,
    certified: impl Fn(usize, usize, usize) -> bool,
) -> Option<Periodicity> {
    let budget = SCAN_BUDGET_PER_VALUE.saturating_mul(values.len() as u64 + 1);
    search_period(values, max_period, &certified, budget).0
}

/// Comparisons per value the back scans of [`find_period`] may spend before it switches to
/// the Z-function.
const SCAN_BUDGET_PER_VALUE: u64 = 4;

/// [`find_period`] with the budget of back-scan comparisons given, and the number of
/// comparisons made: at most `budget` plus one scan, plus `2·len + max_period` for the
/// Z-function when the scans run out of budget.
fn search_period<T: PartialEq>(
    values: &[T],
    max_period: usize,
    certified: &dyn Fn(usize, usize, usize) -> bool,
    budget: u64,
) -> (Option<Periodicity>, u64) {
    let len = values.len();
    let last = max_period.min(len);
    let mut compared = 0u64;
    let accept = |pre: usize, p: usize| {
        certified(len, pre, p).then_some(Periodicity {
            preperiod: pre,
            period: p,
        })
    };
    let mut p = 1;
    while p <= last {
        // The Z-function's table holds lengths in four bytes: longer sequences keep scanning.
        if compared >= budget && u32::try_from(len).is_ok() {
            break;
        }
        // The length of the longest suffix with period p, less p: the back scan.
        let mut matched = 0;
        while matched < len - p && values[len - 1 - matched] == values[len - 1 - p - matched] {
            matched += 1;
        }
        compared += matched as u64 + 1;
        if let Some(found) = accept(len - p - matched, p) {
            return (Some(found), compared);
        }
        p += 1;
    }
    if p > last {
        return (None, compared);
    }
    // z[q] = the longest common prefix of the reversed values and the reversed values from
    // q on: the same `matched` as the back scan for period q, for every q at once.
    let reversed = |i: usize| &values[len - 1 - i];
    let mut z = vec![0u32; last + 1];
    let (mut left, mut right) = (0usize, 0usize);
    for q in 1..=last {
        let mut k = if q < right {
            (right - q).min(z[q - left] as usize)
        } else {
            0
        };
        while q + k < len && reversed(k) == reversed(q + k) {
            k += 1;
            compared += 1;
        }
        compared += 1;
        z[q] = k as u32; // k < len, which fits four bytes
        if q + k > right {
            (left, right) = (q, q + k);
        }
        if q >= p {
            if let Some(found) = accept(len - q - k, q) {
                return (Some(found), compared);
            }
        }
    }
    (None, compared)
}

/// The least arithmetic period of `values`: `v(n + period) = v(n) + saltus` for all
/// `n ≥ preperiod`, with `saltus ≥ 0`, that `certified(len, pre, per)` accepts. A saltus of 0
/// is ordinary periodicity, so this finds what [`find_period`] finds when the values repeat.
/// Games where a move may remove any number of tokens (Lasker's Nim, "all but" subtraction
/// games) have values that grow this way.
pub fn find_arithmetic_period<T: Copy + Into<u64>>(
    values: &[T],
    max_period: usize,
    certified: impl Fn(usize, usize, usize) -> bool,
) -> Option<(Periodicity, u64)> {
    let len = values.len();
    for p in 1..=max_period.min(len.saturating_sub(1)) {
        let (last, back): (u64, u64) = (values[len - 1].into(), values[len - 1 - p].into());
        let Some(saltus) = last.checked_sub(back) else {
            continue;
        };
        let mut pre = 0;
        for n in (0..len - p).rev() {
            if values[n].into().checked_add(saltus) != Some(values[n + p].into()) {
                pre = n + 1;
                break;
            }
        }
        if certified(len, pre, p) {
            return Some((
                Periodicity {
                    preperiod: pre,
                    period: p,
                },
                saltus,
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The Grundy values of the subtraction game {k}: runs of k zeros and k ones.
    fn runs(k: usize, len: usize) -> Vec<u8> {
        (0..len).map(|n| (n / k % 2) as u8).collect()
    }

    /// Long runs cost the back scans about k²/2 comparisons; the switch to the Z-function
    /// keeps the search linear (the regression behind `solve subtraction --set 1048576`).
    #[test]
    fn long_runs_cost_linear_work() {
        let k = 1 << 12;
        let values = runs(k, 4 * k);
        let window = |len: usize, pre: usize, per: usize| len >= pre + per + k;
        let budget = SCAN_BUDGET_PER_VALUE * (values.len() as u64 + 1);
        let (found, compared) = search_period(&values, values.len(), &window, budget);
        assert_eq!(
            found,
            Some(Periodicity {
                preperiod: 0,
                period: 2 * k
            })
        );
        // Budget, one scan, then the Z-function: far below the k²/2 of scanning alone.
        assert!(compared <= budget + 7 * values.len() as u64, "{compared}");
        let (scanned, all_scans) = search_period(&values, values.len(), &window, u64::MAX);
        assert_eq!(scanned, found);
        assert!(all_scans > (k * k / 4) as u64, "{all_scans}");
    }

    proptest! {
        /// Scanning only, the Z-function only, and the switch between them find the same
        /// period, for any certificate of the window form.
        #[test]
        fn every_budget_finds_the_same_period(
            values in proptest::collection::vec(0u8..3, 0..80),
            cycle in proptest::collection::vec(0u8..3, 1..6),
            repeats in 0usize..20,
            slack in 0usize..6,
            max_period in 0usize..90,
            budget in 0u64..200,
        ) {
            let mut values = values;
            for _ in 0..repeats {
                values.extend_from_slice(&cycle);
            }
            let window = |len: usize, pre: usize, per: usize| len >= pre + per + slack;
            let scans = search_period(&values, max_period, &window, u64::MAX).0;
            prop_assert_eq!(search_period(&values, max_period, &window, 0).0, scans);
            prop_assert_eq!(search_period(&values, max_period, &window, budget).0, scans);
            prop_assert_eq!(find_period(&values, max_period, window), scans);
        }
    }

    #[test]
    fn finds_least_period_and_preperiod() {
        let v = [5, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2];
        let p = find_period(&v, 10, |len, pre, per| len >= pre + 2 * per).unwrap();
        assert_eq!(
            p,
            Periodicity {
                preperiod: 1,
                period: 3
            }
        );
        // 1000 = preperiod 1 + 999, and 999 ≡ 0 (mod 3): the first value of the period.
        assert_eq!(p.reduce(&1000u32.into()), 1);
        assert_eq!(p.reduce(&0u32.into()), 0);
        // Too few values to certify anything.
        assert_eq!(
            find_period(&v, 10, |len, pre, per| len >= pre + 9 * per),
            None
        );
    }

    #[test]
    fn finds_arithmetic_periods() {
        // Lasker's Nim: 0, 1, 2, 4, 3, 5, 6, 8, 7, …: period 4, saltus 4 from heap 1.
        let lasker: Vec<u64> = (0..40u64)
            .map(|n| match n % 4 {
                3 => n + 1,
                0 if n > 0 => n - 1,
                _ => n,
            })
            .collect();
        let (p, saltus) =
            find_arithmetic_period(&lasker, 13, |len, pre, per| len >= 2 * pre + 3 * per).unwrap();
        assert_eq!((p.preperiod, p.period, saltus), (1, 4, 4));
        // A periodic sequence has saltus 0 and the same period as find_period.
        let v = [5u64, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2];
        let enough = |len: usize, pre: usize, per: usize| len >= 2 * pre + 3 * per;
        let (q, s) = find_arithmetic_period(&v, 10, enough).unwrap();
        assert_eq!((q, s), (find_period(&v, 10, enough).unwrap(), 0));
        // A short run of growth is not taken for a saltus when the evidence is too short.
        assert_eq!(
            find_arithmetic_period(&[0u64, 1, 2, 3], 1, enough)
                .unwrap()
                .1,
            1
        );
        assert_eq!(find_arithmetic_period(&[5u64, 1, 2, 3], 1, enough), None);
    }
}
