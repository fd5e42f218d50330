//! Sign expansions of numbers (ONAG ch. 3; Gonshor): the path from 0 to a number in the tree
//! of numbers, each step a `+` (to the right) or a `−`. The birthday is the length, and the
//! ordinal sum of two numbers is the number whose expansion is the first's followed by the
//! second's — which is how `x : y` and its inverse are computed for numbers of any size,
//! where walking the game's options would take as many steps as the birthday (10^30 for the
//! integer 10^30).
//!
//! An expansion is kept as runs of equal signs, each with its length: the integer part of a
//! number is one run however large, and the binary places give at most one run each.
//!
//! The expansion of x = n + f (n = ⌊x⌋ ≥ 0, f = 0.b₁b₂…b_k with b_k = 1) is n + 1 pluses, a
//! minus, then b₁ … b_{k−1} as signs (1 a plus); for n + 0, n pluses; for x < 0, that of −x
//! with every sign turned over.

use num_bigint::{BigInt, BigUint};
use num_traits::{One, ToPrimitive, Zero};

use crate::{Dyadic, NumberError};

/// The sign expansion of a number: runs of equal signs, the first step first, consecutive
/// runs of opposite signs, every length at least one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignExpansion {
    runs: Vec<Run>,
}

/// A run of `length` equal signs: pluses when `plus`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Run {
    plus: bool,
    length: BigUint,
}

impl SignExpansion {
    /// The expansion of `x`.
    pub fn of(x: &Dyadic) -> SignExpansion {
        let mut expansion = SignExpansion { runs: Vec::new() };
        let magnitude = x.abs();
        let whole = magnitude.floor();
        let places = magnitude.denominator_exponent();
        let negative = x.signum() < 0;
        // Pluses for x ≥ 0; the whole expansion is turned over below for x < 0.
        if places == 0 {
            expansion.push(true, whole.magnitude().clone());
        } else {
            expansion.push(true, whole.magnitude() + 1u32);
            expansion.push(false, BigUint::one());
            let fraction = (magnitude.numerator() - (whole << places))
                .magnitude()
                .clone();
            // b₁ … b_{k−1}: the bits from the highest place down, the last 1 left out.
            for place in (1..places).rev() {
                expansion.push(fraction.bit(u64::from(place)), BigUint::one());
            }
        }
        if negative {
            for run in &mut expansion.runs {
                run.plus = !run.plus;
            }
        }
        expansion
    }

    /// The number of signs: the birthday of the number.
    pub fn len(&self) -> BigUint {
        self.runs.iter().map(|r| &r.length).sum()
    }

    /// Whether this is the expansion of 0 (no signs).
    pub fn is_empty(&self) -> bool {
        self.runs.is_empty()
    }

    /// This expansion followed by `other`: the expansion of the ordinal sum `self : other`.
    pub fn then(&self, other: &SignExpansion) -> SignExpansion {
        let mut joined = self.clone();
        for run in &other.runs {
            joined.push(run.plus, run.length.clone());
        }
        joined
    }

    /// What follows `prefix` in this expansion, when it starts with `prefix`.
    pub fn after(&self, prefix: &SignExpansion) -> Option<SignExpansion> {
        let mut rest = self.runs.iter();
        let mut remainder = SignExpansion { runs: Vec::new() };
        let mut ours = rest.next();
        for (i, theirs) in prefix.runs.iter().enumerate() {
            let run = ours?;
            if run.plus != theirs.plus || run.length < theirs.length {
                return None;
            }
            let left = &run.length - &theirs.length;
            if left.is_zero() {
                ours = rest.next();
            } else if i + 1 < prefix.runs.len() {
                // The prefix goes on with the other sign, but this run does not end here.
                return None;
            } else {
                remainder.push(run.plus, left);
                ours = rest.next();
            }
        }
        for run in ours.into_iter().chain(rest) {
            remainder.push(run.plus, run.length.clone());
        }
        Some(remainder)
    }

    /// The number with this expansion, refused when it would have more than `max_places`
    /// binary places (a long run after a change of direction halves the step each time).
    pub fn value(&self, max_places: u32) -> Result<Dyadic, NumberError> {
        // The walk: the current number and the bounds of its subtree (None: unbounded).
        let (mut at, mut below, mut above) = (Dyadic::zero(), None::<Dyadic>, None::<Dyadic>);
        for run in &self.runs {
            let toward = if run.plus { &above } else { &below };
            match toward {
                None => {
                    // Unbounded on this side: each step moves by 1 (only ever from an integer).
                    let step = Dyadic::from_bigint(BigInt::from(run.length.clone()));
                    let next = if run.plus { &at + &step } else { &at - &step };
                    // The last number passed bounds the subtree on the side left behind.
                    let one = Dyadic::one();
                    let passed = if run.plus { &next - &one } else { &next + &one };
                    if run.plus {
                        below = Some(passed);
                    } else {
                        above = Some(passed);
                    }
                    at = next;
                }
                Some(bound) => {
                    // Bounded: each step halves the distance to the bound, so k steps need k
                    // more binary places.
                    let steps = run
                        .length
                        .to_u32()
                        .filter(|&k| {
                            u64::from(k) + u64::from(at.denominator_exponent())
                                <= u64::from(max_places)
                        })
                        .ok_or(NumberError::ExponentOutOfRange(i64::from(max_places) + 1))?;
                    let bound = bound.clone();
                    let gap = &bound - &at;
                    let next = &bound - &gap.mul_pow2(-i64::from(steps))?;
                    let passed = &bound - &gap.mul_pow2(1 - i64::from(steps))?;
                    if run.plus {
                        below = Some(passed);
                    } else {
                        above = Some(passed);
                    }
                    at = next;
                }
            }
        }
        Ok(at)
    }

    /// Appends `length` signs, merging with the last run when it has the same sign.
    fn push(&mut self, plus: bool, length: BigUint) {
        if length.is_zero() {
            return;
        }
        match self.runs.last_mut() {
            Some(last) if last.plus == plus => last.length += length,
            _ => self.runs.push(Run { plus, length }),
        }
    }
}

/// The signs one at a time, for tests and short expansions: `true` for a plus. Refuses
/// expansions longer than `limit`.
pub fn signs(expansion: &SignExpansion, limit: u64) -> Option<Vec<bool>> {
    let total = expansion.len().to_u64().filter(|&n| n <= limit)?;
    let mut out = Vec::with_capacity(usize::try_from(total).ok()?);
    for run in &expansion.runs {
        let n = run.length.to_u64()?;
        out.extend(std::iter::repeat_n(run.plus, usize::try_from(n).ok()?));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The path from 0 to x down the tree of numbers, by the simplicity rule: the child of
    /// `at` toward x is the simplest number strictly between `at` and its subtree's bound.
    fn walk(x: &Dyadic) -> Vec<bool> {
        let (mut at, mut below, mut above) = (Dyadic::zero(), None::<Dyadic>, None::<Dyadic>);
        let mut path = Vec::new();
        while at != *x {
            let plus = *x > at;
            path.push(plus);
            let next = if plus {
                Dyadic::simplest_between(Some(&at), above.as_ref())
            } else {
                Dyadic::simplest_between(below.as_ref(), Some(&at))
            }
            .expect("an interval holds a number");
            if plus {
                below = Some(at);
            } else {
                above = Some(at);
            }
            at = next;
        }
        path
    }

    fn dyadic() -> impl Strategy<Value = Dyadic> {
        (-300i64..=300, 0u32..=6).prop_map(|(n, k)| Dyadic::new(n, k))
    }

    #[test]
    fn published_expansions() {
        // ONAG ch. 3: 1/2 = +−, 3/4 = +−+, −1/4 = −++, 2 = ++, 5/4 = ++−−.
        for (x, expected) in [
            (Dyadic::new(1, 1), "+-"),
            (Dyadic::new(3, 2), "+-+"),
            (Dyadic::new(-1, 2), "-++"),
            (Dyadic::from_integer(2), "++"),
            (Dyadic::new(5, 2), "++--"),
            (Dyadic::zero(), ""),
        ] {
            let got: String = signs(&SignExpansion::of(&x), 100)
                .expect("short")
                .into_iter()
                .map(|p| if p { '+' } else { '-' })
                .collect();
            assert_eq!(got, expected, "{x}");
        }
    }

    #[test]
    fn huge_integers_are_one_run() {
        let x = Dyadic::from_bigint(BigInt::from(10u32).pow(30));
        let e = SignExpansion::of(&x);
        assert_eq!(e.len(), x.birthday());
        assert_eq!(e.value(64).expect("an integer"), x);
        // 10^30 : 10^30 = 2 · 10^30, and 1 : −1 = 1/2.
        let doubled = e.then(&e).value(64).expect("an integer");
        assert_eq!(doubled, &x + &x);
        let one = SignExpansion::of(&Dyadic::one());
        let half = one.then(&SignExpansion::of(&Dyadic::from_integer(-1)));
        assert_eq!(half.value(64).expect("a half"), Dyadic::new(1, 1));
        // 1 : −10^30 needs 10^30 places.
        assert!(one.then(&SignExpansion::of(&-x)).value(1 << 20).is_err());
    }

    proptest! {
        /// The expansion is the walk down the tree, its length the birthday, and its value
        /// the number again.
        #[test]
        fn expansions_are_paths(x in dyadic()) {
            let e = SignExpansion::of(&x);
            prop_assert_eq!(signs(&e, 1_000).expect("short"), walk(&x));
            prop_assert_eq!(e.len(), x.birthday());
            prop_assert_eq!(e.value(64).expect("small"), x.clone());
            prop_assert_eq!(x.signum() >= 0, e.runs.first().is_none_or(|r| r.plus));
        }

        /// Concatenation and its inverse.
        #[test]
        fn then_and_after_invert(x in dyadic(), y in dyadic()) {
            let (a, b) = (SignExpansion::of(&x), SignExpansion::of(&y));
            let joined = a.then(&b);
            let mut flat = signs(&a, 1_000).expect("short");
            flat.extend(signs(&b, 1_000).expect("short"));
            prop_assert_eq!(signs(&joined, 10_000).expect("short"), flat);
            prop_assert_eq!(joined.after(&a), Some(b.clone()));
            // A prefix of x's expansion exactly when it is the start of the signs.
            let (xs, ys) = (signs(&a, 1_000).expect("short"), signs(&b, 1_000).expect("short"));
            prop_assert_eq!(a.after(&b).is_some(), xs.starts_with(&ys));
        }
    }
}
