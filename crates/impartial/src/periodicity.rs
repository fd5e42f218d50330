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
}
