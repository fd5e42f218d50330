//! Interval arithmetic for certified root finding ([`super::krawczyk`]): closed intervals
//! that are guaranteed to contain every value a computation could take, in two precisions.
//!
//! - [`Interval`]: `f64` endpoints, each result widened outward by one unit in the last place.
//!   Round-to-nearest errs by at most half a unit, so the widened interval always encloses
//!   the exact result, without switching the processor's rounding mode (which Rust cannot do
//!   portably). Fast; used to search.
//! - [`RationalInterval`]: exact rational endpoints; no rounding at all. Slow; used to certify
//!   an answer to any number of digits.
//!
//! Both, and plain [`BigRational`] points, implement [`Ring`], so the polynomial systems of
//! [`super::support_system`] are written once and evaluated in each.
//!
//! No interval crate is used: the well-kept one (`inari`) needs a nightly compiler and
//! particular processors, and the four operations needed here are a few lines each.

use std::borrow::Cow;
use std::cmp::Ordering;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// The arithmetic the polynomial systems are evaluated in.
pub trait Ring: Clone {
    /// The additive identity (0).
    fn nil() -> Self;
    /// The multiplicative identity (1).
    fn unit() -> Self;
    /// `self + other`.
    fn add(&self, other: &Self) -> Self;
    /// `self − other`.
    fn sub(&self, other: &Self) -> Self;
    /// `self · other`.
    fn mul(&self, other: &Self) -> Self;
    /// An exact rational, enclosed.
    fn from_rational(x: &BigRational) -> Self;
    /// Whether this is the exact zero (a shortcut only: `false` is always safe).
    fn is_exact_zero(&self) -> bool;
}

/// The interval types Krawczyk's test runs in ([`super::krawczyk`]): what it needs beyond
/// arithmetic.
pub trait Enclosure: Ring {
    /// A point interval at (or near) the middle.
    fn midpoint(&self) -> Self;
    /// A float near the middle (to form an approximate inverse).
    fn approximate(&self) -> Option<f64>;
    /// A float as a point interval, exactly.
    fn from_float(f: f64) -> Option<Self>;
    /// Whether `other` lies strictly inside this interval.
    fn surrounds(&self, other: &Self) -> bool;
    /// Whether `other` lies inside this interval, ends included.
    fn holds(&self, other: &Self) -> bool;
    /// The smallest interval holding both.
    fn hull(&self, other: &Self) -> Self;
    /// Widened by a tenth of the width on each side (floats: and a few units in the last
    /// place, so that a point grows too).
    fn grown(&self) -> Self;
}

/// A closed interval `[lo, hi]` of reals with `f64` endpoints.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    /// The lower endpoint.
    pub lo: f64,
    /// The upper endpoint.
    pub hi: f64,
}

impl Interval {
    /// The interval `[lo, hi]`.
    pub fn new(lo: f64, hi: f64) -> Interval {
        debug_assert!(lo <= hi, "[{lo}, {hi}]");
        Interval { lo, hi }
    }

    /// The single point `x` (exact: `x` is a float).
    pub fn point(x: f64) -> Interval {
        Interval { lo: x, hi: x }
    }

    /// The outward-widened interval of two rounded endpoints.
    fn widened(lo: f64, hi: f64) -> Interval {
        Interval {
            lo: lo.next_down(),
            hi: hi.next_up(),
        }
    }

    /// The width `hi − lo` (rounded up).
    pub fn width(&self) -> f64 {
        (self.hi - self.lo).next_up()
    }

    /// A float in the interval near its middle.
    pub fn mid(&self) -> f64 {
        let m = 0.5 * self.lo + 0.5 * self.hi;
        m.clamp(self.lo, self.hi)
    }

    /// Whether 0 lies in the interval.
    pub fn contains_zero(&self) -> bool {
        self.lo <= 0.0 && 0.0 <= self.hi
    }

    /// Whether `other` lies strictly inside this interval.
    pub fn strictly_contains(&self, other: &Interval) -> bool {
        self.lo < other.lo && other.hi < self.hi
    }

    /// The common part, if any.
    pub fn intersect(&self, other: &Interval) -> Option<Interval> {
        let (lo, hi) = (self.lo.max(other.lo), self.hi.min(other.hi));
        (lo <= hi).then_some(Interval { lo, hi })
    }
}

impl Ring for Interval {
    fn nil() -> Self {
        Interval::point(0.0)
    }
    fn unit() -> Self {
        Interval::point(1.0)
    }
    fn add(&self, other: &Self) -> Self {
        Interval::widened(self.lo + other.lo, self.hi + other.hi)
    }
    fn sub(&self, other: &Self) -> Self {
        Interval::widened(self.lo - other.hi, self.hi - other.lo)
    }
    fn mul(&self, other: &Self) -> Self {
        if self.is_exact_zero() || other.is_exact_zero() {
            return Interval::nil();
        }
        let products = [
            self.lo * other.lo,
            self.lo * other.hi,
            self.hi * other.lo,
            self.hi * other.hi,
        ];
        let lo = products.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = products.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        Interval::widened(lo, hi)
    }
    fn from_rational(x: &BigRational) -> Self {
        enclose(x)
    }
    fn is_exact_zero(&self) -> bool {
        self.lo == 0.0 && self.hi == 0.0
    }
}

/// The tightest float interval this code can promise around a rational: its nearest float,
/// corrected against the exact value so that the endpoints are on the right sides.
fn enclose(x: &BigRational) -> Interval {
    // Integers below 2^53 are floats exactly (payoffs mostly are).
    if x.is_integer() {
        if let Some(n) = x.numer().to_i64().filter(|n| n.unsigned_abs() < 1 << 53) {
            return Interval::point(n as f64);
        }
    }
    let Some(f) = x.to_f64().filter(|f| f.is_finite()) else {
        // Beyond every float: the whole line on that side (never met with bounded payoffs).
        return if x.is_negative() {
            Interval::new(f64::NEG_INFINITY, f64::MIN)
        } else {
            Interval::new(f64::MAX, f64::INFINITY)
        };
    };
    let mut lo = f;
    while exact(lo).is_some_and(|e| e.cmp(x) == Ordering::Greater) {
        lo = lo.next_down();
    }
    let mut hi = f;
    while exact(hi).is_some_and(|e| e.cmp(x) == Ordering::Less) {
        hi = hi.next_up();
    }
    Interval { lo, hi }
}

/// A finite float as the exact rational it is.
pub fn exact(f: f64) -> Option<BigRational> {
    BigRational::from_float(f)
}

/// A closed interval with exact rational endpoints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RationalInterval {
    /// The lower endpoint.
    pub lo: BigRational,
    /// The upper endpoint.
    pub hi: BigRational,
}

impl RationalInterval {
    /// The interval `[lo, hi]`.
    pub fn new(lo: BigRational, hi: BigRational) -> RationalInterval {
        debug_assert!(lo <= hi);
        RationalInterval { lo, hi }
    }

    /// The single point `x`.
    pub fn point(x: BigRational) -> RationalInterval {
        RationalInterval {
            lo: x.clone(),
            hi: x,
        }
    }

    /// Whether `other` lies strictly inside this interval.
    pub fn strictly_contains(&self, other: &RationalInterval) -> bool {
        self.lo < other.lo && other.hi < self.hi
    }

    /// Whether every point is positive.
    pub fn is_positive(&self) -> bool {
        self.lo.is_positive()
    }

    /// Whether every point is negative.
    pub fn is_negative(&self) -> bool {
        self.hi.is_negative()
    }
}

impl Enclosure for Interval {
    fn midpoint(&self) -> Self {
        Interval::point(self.mid())
    }
    fn approximate(&self) -> Option<f64> {
        Some(self.mid())
    }
    fn from_float(f: f64) -> Option<Self> {
        Some(Interval::point(f))
    }
    fn surrounds(&self, other: &Self) -> bool {
        self.strictly_contains(other)
    }
    fn holds(&self, other: &Self) -> bool {
        self.lo <= other.lo && other.hi <= self.hi
    }
    fn hull(&self, other: &Self) -> Self {
        Interval::new(self.lo.min(other.lo), self.hi.max(other.hi))
    }
    fn grown(&self) -> Self {
        let grow = 0.1 * self.width() + 1e-15 * (1.0 + self.lo.abs().max(self.hi.abs()));
        Interval::new((self.lo - grow).next_down(), (self.hi + grow).next_up())
    }
}

impl Enclosure for RationalInterval {
    fn midpoint(&self) -> Self {
        RationalInterval::point((&self.lo + &self.hi) / BigRational::from_integer(2.into()))
    }
    fn approximate(&self) -> Option<f64> {
        self.midpoint().lo.to_f64()
    }
    fn from_float(f: f64) -> Option<Self> {
        exact(f).map(RationalInterval::point)
    }
    fn surrounds(&self, other: &Self) -> bool {
        self.strictly_contains(other)
    }
    fn holds(&self, other: &Self) -> bool {
        self.lo <= other.lo && other.hi <= self.hi
    }
    fn hull(&self, other: &Self) -> Self {
        RationalInterval::new(
            self.lo.clone().min(other.lo.clone()),
            self.hi.clone().max(other.hi.clone()),
        )
    }
    fn grown(&self) -> Self {
        let w = (&self.hi - &self.lo) / BigRational::from_integer(10.into());
        RationalInterval::new(&self.lo - &w, &self.hi + &w)
    }
}

impl Ring for RationalInterval {
    fn nil() -> Self {
        RationalInterval::point(BigRational::zero())
    }
    fn unit() -> Self {
        RationalInterval::point(BigRational::one())
    }
    fn add(&self, other: &Self) -> Self {
        RationalInterval::new(&self.lo + &other.lo, &self.hi + &other.hi)
    }
    fn sub(&self, other: &Self) -> Self {
        RationalInterval::new(&self.lo - &other.hi, &self.hi - &other.lo)
    }
    fn mul(&self, other: &Self) -> Self {
        if self.is_exact_zero() || other.is_exact_zero() {
            return RationalInterval::nil();
        }
        if self.lo == self.hi && other.lo == other.hi {
            return RationalInterval::point(&self.lo * &other.lo);
        }
        let products = [
            &self.lo * &other.lo,
            &self.lo * &other.hi,
            &self.hi * &other.lo,
            &self.hi * &other.hi,
        ];
        let lo = products
            .iter()
            .min()
            .cloned()
            .unwrap_or_else(BigRational::zero);
        let hi = products
            .iter()
            .max()
            .cloned()
            .unwrap_or_else(BigRational::zero);
        RationalInterval::new(lo, hi)
    }
    fn from_rational(x: &BigRational) -> Self {
        RationalInterval::point(x.clone())
    }
    fn is_exact_zero(&self) -> bool {
        self.lo.is_zero() && self.hi.is_zero()
    }
}

impl Ring for BigRational {
    fn nil() -> Self {
        Zero::zero()
    }
    fn unit() -> Self {
        One::one()
    }
    fn add(&self, other: &Self) -> Self {
        self + other
    }
    fn sub(&self, other: &Self) -> Self {
        self - other
    }
    fn mul(&self, other: &Self) -> Self {
        self * other
    }
    fn from_rational(x: &BigRational) -> Self {
        x.clone()
    }
    fn is_exact_zero(&self) -> bool {
        Zero::is_zero(self)
    }
}

/// The rational of least denominator in `[lo, hi]` (and of least numerator among those),
/// by continued fractions: how an exact answer is recognised inside a certified interval.
pub fn simplest_between(lo: &BigRational, hi: &BigRational) -> BigRational {
    debug_assert!(lo <= hi);
    if !lo.is_positive() && !hi.is_negative() {
        return BigRational::zero();
    }
    if hi.is_negative() {
        return -simplest_between(&-hi, &-lo);
    }
    simplest_positive(lo.numer(), lo.denom(), hi.numer(), hi.denom())
}

/// [`simplest_between`] `a/b` and `c/d` for `0 < a/b ≤ c/d` (positive denominators), in
/// integer division only: the continued fraction both ends share, then the least term that
/// lands in between. Its convergents are in lowest terms, so no gcd is taken.
pub fn simplest_positive(a: &BigInt, b: &BigInt, c: &BigInt, d: &BigInt) -> BigRational {
    let (mut a, mut b, mut c, mut d) = (a.clone(), b.clone(), c.clone(), d.clone());
    // The last two convergents p/q of the shared terms.
    let (mut p0, mut q0) = (BigInt::zero(), BigInt::one());
    let (mut p1, mut q1) = (BigInt::one(), BigInt::zero());
    loop {
        let (n, r) = a.div_rem(&b);
        let next = &n + 1u32;
        // lo is an integer, or an integer lies in (lo, hi]: the least one ends the fraction.
        let last = if r.is_zero() {
            Some(n.clone())
        } else if &next * &d <= c {
            Some(next)
        } else {
            None
        };
        let p = &n * &p1 + &p0;
        let q = &n * &q1 + &q0;
        if let Some(t) = last {
            return BigRational::new_raw(&t * &p1 + p0, &t * &q1 + q0);
        }
        // Both ends lie in (n, n + 1): go on with the reciprocals of their fractional
        // parts, hi's first.
        let rest_hi = &c - &n * &d;
        (a, b, c, d) = (d, rest_hi, b, r);
        (p0, q0, p1, q1) = (p1, q1, p, q);
    }
}

/// A rational rounded to a multiple of `2^-bits` (the nearest below): keeps exact Newton
/// iterates from growing without bound.
pub fn dyadic(x: &BigRational, bits: u32) -> BigRational {
    let scale = BigInt::one() << bits;
    BigRational::new(
        (x * BigRational::from_integer(scale.clone()))
            .floor()
            .to_integer(),
        scale,
    )
}

/// The entries of a tensor in a ring: borrowed where the ring is how the tensor is kept.
pub trait Coefficients: Ring {
    /// The tensor's entries in this ring.
    fn entries<'a>(exact: &'a [BigRational], float: &'a [Interval]) -> Cow<'a, [Self]>;
}

impl Coefficients for Interval {
    fn entries<'a>(_: &'a [BigRational], float: &'a [Interval]) -> Cow<'a, [Self]> {
        Cow::Borrowed(float)
    }
}

impl Coefficients for BigRational {
    fn entries<'a>(exact: &'a [BigRational], _: &'a [Interval]) -> Cow<'a, [Self]> {
        Cow::Borrowed(exact)
    }
}

impl Coefficients for RationalInterval {
    fn entries<'a>(exact: &'a [BigRational], _: &'a [Interval]) -> Cow<'a, [Self]> {
        Cow::Owned(exact.iter().map(Self::from_rational).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    #[test]
    fn simplest_rationals() {
        assert_eq!(simplest_between(&q(3, 10), &q(2, 5)), q(1, 3));
        assert_eq!(simplest_between(&q(1, 2), &q(1, 2)), q(1, 2));
        assert_eq!(simplest_between(&q(-7, 10), &q(-6, 10)), q(-2, 3));
        assert_eq!(simplest_between(&q(-1, 10), &q(1, 10)), q(0, 1));
        assert_eq!(simplest_between(&q(9, 4), &q(7, 2)), q(3, 1));
        assert_eq!(simplest_between(&q(13, 10), &q(17, 10)), q(3, 2));
        assert_eq!(simplest_between(&q(5, 2), &q(7, 2)), q(3, 1));
        // Closer than 1/(2q²) to p/q, p/q is the simplest; a wider interval holds simpler
        // fractions.
        let x = q(64570082, 129140163);
        let near = q(1, 1_000_000_000_000_000_000);
        assert_eq!(simplest_between(&(&x - &near), &(&x + &near)), x);
        let wide = q(1, 1_000_000_000_000);
        assert!(simplest_between(&(&x - &wide), &(&x + &wide)).denom() < x.denom());
        let third = enclose(&q(1, 3));
        let (lo, hi) = (exact(third.lo).unwrap(), exact(third.hi).unwrap());
        assert!(lo < q(1, 3) && q(1, 3) < hi);
        assert_eq!(simplest_between(&lo, &hi), q(1, 3));
    }

    proptest! {
        /// Float interval arithmetic encloses the exact rational result.
        #[test]
        fn float_intervals_enclose_exact_results(
            a in -1000i64..1000, b in 1i64..1000, c in -1000i64..1000, d in 1i64..1000,
            w in 0i64..100
        ) {
            let (x, y) = (q(a, b), q(c, d));
            let wide = |r: &BigRational| {
                let i = Interval::from_rational(r);
                Interval::new(i.lo - w as f64 / 7.0, i.hi + w as f64 / 3.0)
            };
            let (ix, iy) = (wide(&x), wide(&y));
            let inside = |i: Interval, r: BigRational| exact(i.lo).unwrap() <= r && r <= exact(i.hi).unwrap();
            prop_assert!(inside(ix.add(&iy), &x + &y));
            prop_assert!(inside(ix.sub(&iy), &x - &y));
            prop_assert!(inside(ix.mul(&iy), &x * &y));
            let rx = RationalInterval::point(x.clone());
            let ry = RationalInterval::new(y.clone() - q(w, 7), y.clone() + q(w, 3));
            let p = rx.mul(&ry);
            prop_assert!(p.lo <= &x * &y && &x * &y <= p.hi);
        }

        /// The simplest rational lies in the interval, and none of smaller denominator does.
        #[test]
        fn simplest_has_least_denominator(a in -200i64..200, b in 1i64..60, c in 0i64..200, d in 1i64..60) {
            let lo = q(a, b);
            let hi = &lo + q(c, d * 7);
            let s = simplest_between(&lo, &hi);
            prop_assert!(lo <= s && s <= hi);
            // In lowest terms as built (no reduction was taken).
            prop_assert!(s.numer().gcd(s.denom()).is_one() && s.denom().is_positive());
            for den in 1..s.denom().to_i64().unwrap() {
                let k = (&lo * BigRational::from_integer(den.into())).ceil();
                prop_assert!(k / BigRational::from_integer(den.into()) > hi);
            }
        }
    }
}
