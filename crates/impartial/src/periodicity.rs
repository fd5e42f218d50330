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
        let pre = num_bigint::BigUint::from(self.preperiod);
        if *n < pre {
            return n.to_usize().unwrap_or(0);
        }
        let offset = ((n - &pre) % self.period).to_usize().unwrap_or(0);
        self.preperiod + offset
    }
}

/// The least period, and the least preperiod for it, that `certified(len, pre, per)` accepts.
///
/// For each candidate period `p` the least consistent preperiod is found by scanning back
/// from the end to the last mismatch, so wrong periods cost little.
pub fn find_period<T: PartialEq>(
    values: &[T],
    max_period: usize,
    certified: impl Fn(usize, usize, usize) -> bool,
) -> Option<Periodicity> {
    let len = values.len();
    for p in 1..=max_period.min(len) {
        let mut pre = 0;
        for n in (0..len - p).rev() {
            if values[n] != values[n + p] {
                pre = n + 1;
                break;
            }
        }
        if certified(len, pre, p) {
            return Some(Periodicity {
                preperiod: pre,
                period: p,
            });
        }
    }
    None
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
