//! Dyadic rationals p/2^k: the values of short partizan games that are numbers.
//!
//! Every short game that is a number equals a dyadic rational, and the simplicity theorem
//! (ONAG ch. 2) says `{a | b}` is the number of least birthday strictly between a and b:
//! [`Dyadic::simplest_between`] computes it.
//!
//! Representation: a numerator and a power-of-two exponent, kept in lowest terms (the numerator
//! is odd whenever the exponent is positive), so equal values have equal representations and
//! derived equality and hashing are correct. Numerators that fit an `i64` stay machine words;
//! arithmetic runs in `i128` when that cannot overflow and falls back to big integers otherwise.

use std::cmp::Ordering;
use std::fmt;
use std::hash::Hash;
use std::ops::{Add, Mul, Neg, Sub};
use std::str::FromStr;

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

use crate::NumberError;

/// The longest text [`Dyadic::from_str`] reads; longer input is refused before any work.
pub const MAX_TEXT_LEN: usize = 100_000;

/// An exact dyadic rational `numerator / 2^exponent`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Dyadic {
    num: Numerator,
    exp: u32,
}

/// A numerator: `Big` only when the value does not fit an `i64`, so the form is unique.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Numerator {
    Small(i64),
    Big(BigInt),
}

impl Numerator {
    fn to_bigint(&self) -> BigInt {
        match self {
            Numerator::Small(n) => BigInt::from(*n),
            Numerator::Big(n) => n.clone(),
        }
    }

    /// The bit length of |n| (0 for 0).
    fn bits(&self) -> u64 {
        match self {
            Numerator::Small(n) => u64::from(64 - n.unsigned_abs().leading_zeros()),
            Numerator::Big(n) => n.bits(),
        }
    }

    fn from_bigint(n: BigInt) -> Numerator {
        match n.to_i64() {
            Some(small) => Numerator::Small(small),
            None => Numerator::Big(n),
        }
    }
}

/// The largest shift for which an `i64` shifted left still fits comfortably in an `i128`.
const SAFE_SHIFT: u32 = 62;

impl Dyadic {
    /// 0.
    pub fn zero() -> Dyadic {
        Dyadic {
            num: Numerator::Small(0),
            exp: 0,
        }
    }

    /// 1.
    pub fn one() -> Dyadic {
        Dyadic {
            num: Numerator::Small(1),
            exp: 0,
        }
    }

    /// The integer `n`.
    pub fn from_integer(n: i64) -> Dyadic {
        Dyadic {
            num: Numerator::Small(n),
            exp: 0,
        }
    }

    /// The integer `n`.
    pub fn from_bigint(n: BigInt) -> Dyadic {
        Dyadic {
            num: Numerator::from_bigint(n),
            exp: 0,
        }
    }

    /// `numerator / 2^exponent`, reduced to lowest terms.
    pub fn new(numerator: i64, exponent: u32) -> Dyadic {
        Dyadic::from_i128(i128::from(numerator), exponent)
    }

    /// `numerator / 2^exponent`, reduced to lowest terms.
    pub fn from_parts(numerator: BigInt, exponent: u32) -> Dyadic {
        if numerator.is_zero() {
            return Dyadic::zero();
        }
        let twos = numerator.trailing_zeros().unwrap_or(0);
        let shift = twos.min(u64::from(exponent));
        let num = if shift > 0 {
            numerator >> shift
        } else {
            numerator
        };
        Dyadic {
            num: Numerator::from_bigint(num),
            exp: exponent - shift as u32,
        }
    }

    fn from_i128(numerator: i128, exponent: u32) -> Dyadic {
        if numerator == 0 {
            return Dyadic::zero();
        }
        let shift = numerator.trailing_zeros().min(exponent);
        let num = numerator >> shift;
        let exp = exponent - shift;
        match i64::try_from(num) {
            Ok(small) => Dyadic {
                num: Numerator::Small(small),
                exp,
            },
            Err(_) => Dyadic {
                num: Numerator::Big(BigInt::from(num)),
                exp,
            },
        }
    }

    /// The numerator in lowest terms.
    pub fn numerator(&self) -> BigInt {
        self.num.to_bigint()
    }

    /// The value times 2^`bits`, when that is an integer that fits an `i64`: a fixed-point
    /// image that orders like the value, for tables that compare many small numbers.
    pub fn to_scaled_i64(&self, bits: u32) -> Option<i64> {
        let Numerator::Small(n) = self.num else {
            return None;
        };
        let shift = bits.checked_sub(self.exp)?;
        if shift >= 64 {
            return (n == 0).then_some(0);
        }
        // |n| ≤ 2^63 and the shift is below 64: the product fits an i128.
        i64::try_from(i128::from(n) << shift).ok()
    }

    /// k such that the denominator in lowest terms is 2^k.
    pub fn denominator_exponent(&self) -> u32 {
        self.exp
    }

    /// Whether the value is an integer.
    pub fn is_integer(&self) -> bool {
        self.exp == 0
    }

    /// Whether the value is 0.
    pub fn is_zero(&self) -> bool {
        self.num == Numerator::Small(0)
    }

    /// −1, 0 or 1 according to the sign.
    pub fn signum(&self) -> i32 {
        match &self.num {
            Numerator::Small(n) => n.signum() as i32,
            Numerator::Big(n) => match n.sign() {
                Sign::Minus => -1,
                Sign::NoSign => 0,
                Sign::Plus => 1,
            },
        }
    }

    /// The value as an integer, if it is one.
    pub fn to_bigint(&self) -> Option<BigInt> {
        self.is_integer().then(|| self.num.to_bigint())
    }

    /// The nearest `f64` (for display and plotting only; never used in exact computation).
    pub fn to_f64(&self) -> f64 {
        let num = self.num.to_bigint();
        let bits = num.bits();
        // Keep 64 significant bits so that huge numerators and exponents do not overflow.
        let drop = bits.saturating_sub(64);
        let mantissa = (num >> drop).to_f64().unwrap_or(0.0);
        mantissa * 2f64.powf(drop as f64 - f64::from(self.exp))
    }

    /// `self · 2^k`, or an error if the exponent leaves the representable range.
    pub fn mul_pow2(&self, k: i64) -> Result<Dyadic, NumberError> {
        if self.is_zero() {
            return Ok(Dyadic::zero());
        }
        let exp = i64::from(self.exp) - k;
        if exp >= 0 {
            let exp = u32::try_from(exp).map_err(|_| NumberError::ExponentOutOfRange(k))?;
            // The numerator is odd or the exponent was 0, so no reduction is possible unless
            // the exponent was 0; `from_parts` handles both.
            return Ok(Dyadic::from_parts(self.num.to_bigint(), exp));
        }
        let shift = u32::try_from(-exp).map_err(|_| NumberError::ExponentOutOfRange(k))?;
        Ok(Dyadic::from_bigint(self.num.to_bigint() << shift))
    }

    /// `self / 2`.
    ///
    /// # Panics
    /// If the denominator would exceed 2^(2^32 − 1), a number of half a gigabyte.
    pub fn half(&self) -> Dyadic {
        self.mul_pow2(-1).expect("dyadic exponent overflow")
    }

    /// |self|.
    pub fn abs(&self) -> Dyadic {
        if self.signum() < 0 {
            -self
        } else {
            self.clone()
        }
    }

    /// The greatest integer ≤ self.
    pub fn floor(&self) -> BigInt {
        match &self.num {
            Numerator::Small(n) if self.exp < 64 => BigInt::from(n >> self.exp),
            Numerator::Small(n) => BigInt::from(if *n < 0 { -1 } else { 0 }),
            // Shifting a negative big integer right rounds toward −∞.
            Numerator::Big(n) => n >> self.exp,
        }
    }

    /// The least integer ≥ self.
    pub fn ceil(&self) -> BigInt {
        -(-self).floor()
    }

    /// `self × other`, or an error if the exponent leaves the representable range.
    pub fn checked_mul(&self, other: &Dyadic) -> Result<Dyadic, NumberError> {
        let exp = self
            .exp
            .checked_add(other.exp)
            .ok_or(NumberError::ExponentOutOfRange(
                i64::from(self.exp) + i64::from(other.exp),
            ))?;
        Ok(match (&self.num, &other.num) {
            (Numerator::Small(a), Numerator::Small(b)) => {
                Dyadic::from_i128(i128::from(*a) * i128::from(*b), exp)
            }
            (a, b) => Dyadic::from_parts(a.to_bigint() * b.to_bigint(), exp),
        })
    }

    /// The birthday: the day on which Conway's construction first creates this number.
    /// An integer n is born on day |n|; m/2^k in lowest terms (k ≥ 1) on day ⌊|x|⌋ + 1 + k.
    pub fn birthday(&self) -> BigUint {
        let magnitude = self.abs().floor().magnitude().clone();
        if self.is_integer() {
            magnitude
        } else {
            magnitude + 1u32 + self.exp
        }
    }

    /// The options of the canonical form `{left | right}` of this number: for an integer n > 0
    /// `{n−1 | }`, for n < 0 `{ | n+1}`, for 0 `{ | }`, and for m/2^k (m odd, k ≥ 1)
    /// `{(m−1)/2^k | (m+1)/2^k}`.
    pub fn canonical_options(&self) -> (Option<Dyadic>, Option<Dyadic>) {
        if self.is_integer() {
            return match self.signum() {
                1 => (Some(self - &Dyadic::one()), None),
                -1 => (None, Some(self + &Dyadic::one())),
                _ => (None, None),
            };
        }
        let step = Dyadic::from_parts(BigInt::one(), self.exp);
        (Some(self - &step), Some(self + &step))
    }

    /// The simplest number x with `lower < x < upper` (a missing bound is unbounded): the
    /// value of the game `{lower | upper}` when both are numbers and lower < upper.
    ///
    /// Returns `None` when the interval is empty.
    pub fn simplest_between(lower: Option<&Dyadic>, upper: Option<&Dyadic>) -> Option<Dyadic> {
        if let (Some(l), Some(u)) = (lower, upper) {
            if l >= u {
                return None;
            }
        }
        let zero = Dyadic::zero();
        let above_lower = |x: &Dyadic| lower.is_none_or(|l| l < x);
        let below_upper = |x: &Dyadic| upper.is_none_or(|u| x < u);
        if above_lower(&zero) && below_upper(&zero) {
            return Some(zero);
        }
        // The interval lies on one side of 0: try the integer nearest 0 inside it.
        let nearest_integer = if above_lower(&zero) {
            Dyadic::from_bigint(upper?.ceil() - 1)
        } else {
            Dyadic::from_bigint(lower?.floor() + 1)
        };
        if above_lower(&nearest_integer) && below_upper(&nearest_integer) {
            return Some(nearest_integer);
        }
        // No integer inside, so both bounds are finite and within one unit interval; the answer
        // has the least denominator 2^k of any number inside.
        let (l, u) = (lower?, upper?);
        // The multiple of 2^-k just above l, when it is below u.
        let inside_at = |k: u32| {
            let candidate = Dyadic::from_parts(l.mul_pow2(i64::from(k)).ok()?.floor() + 1, k);
            (&candidate < u).then_some(candidate)
        };
        // Once some multiple of 2^-k lies inside, so does one of 2^-(k+1) (the same number),
        // and with 2^-e the finer of the two bounds' denominators, l + 2^-(e+1) does: so
        // the least k is found by bisection, in time logarithmic in the bounds' exponents
        // (trying k = 1, 2, … is quadratic in them).
        let (mut low, mut high) = (
            1,
            l.denominator_exponent()
                .max(u.denominator_exponent())
                .saturating_add(1),
        );
        while low < high {
            let middle = low + (high - low) / 2;
            if inside_at(middle).is_some() {
                high = middle;
            } else {
                low = middle + 1;
            }
        }
        inside_at(low)
    }

    fn to_parts_aligned(&self, other: &Dyadic) -> (BigInt, BigInt, u32) {
        let exp = self.exp.max(other.exp);
        (
            self.num.to_bigint() << (exp - self.exp),
            other.num.to_bigint() << (exp - other.exp),
            exp,
        )
    }

    /// Both numerators over the common denominator, in `i128`, when that is exact.
    fn small_aligned(&self, other: &Dyadic) -> Option<(i128, i128, u32)> {
        let (Numerator::Small(a), Numerator::Small(b)) = (&self.num, &other.num) else {
            return None;
        };
        let exp = self.exp.max(other.exp);
        let (sa, sb) = (exp - self.exp, exp - other.exp);
        (sa <= SAFE_SHIFT && sb <= SAFE_SHIFT)
            .then(|| (i128::from(*a) << sa, i128::from(*b) << sb, exp))
    }
}

impl Default for Dyadic {
    fn default() -> Dyadic {
        Dyadic::zero()
    }
}

impl From<i64> for Dyadic {
    fn from(n: i64) -> Dyadic {
        Dyadic::from_integer(n)
    }
}

impl From<i32> for Dyadic {
    fn from(n: i32) -> Dyadic {
        Dyadic::from_integer(i64::from(n))
    }
}

impl From<BigInt> for Dyadic {
    fn from(n: BigInt) -> Dyadic {
        Dyadic::from_bigint(n)
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        if let Some((a, b, _)) = self.small_aligned(other) {
            return a.cmp(&b);
        }
        // Past i128: the signs, then where the leading bits stand against the binary point,
        // decide most comparisons without building the shifted numerators.
        let sign = self.signum();
        if sign != other.signum() || sign == 0 {
            return sign.cmp(&other.signum());
        }
        let lead = |d: &Dyadic| i128::from(d.num.bits()) - i128::from(d.exp);
        let by_magnitude = lead(self).cmp(&lead(other));
        if by_magnitude != Ordering::Equal {
            return if sign > 0 {
                by_magnitude
            } else {
                by_magnitude.reverse()
            };
        }
        let (a, b, _) = self.to_parts_aligned(other);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Add<&Dyadic> for &Dyadic {
    type Output = Dyadic;
    fn add(self, other: &Dyadic) -> Dyadic {
        if let Some((a, b, exp)) = self.small_aligned(other) {
            return Dyadic::from_i128(a + b, exp);
        }
        let (a, b, exp) = self.to_parts_aligned(other);
        Dyadic::from_parts(a + b, exp)
    }
}

impl Sub<&Dyadic> for &Dyadic {
    type Output = Dyadic;
    fn sub(self, other: &Dyadic) -> Dyadic {
        if let Some((a, b, exp)) = self.small_aligned(other) {
            return Dyadic::from_i128(a - b, exp);
        }
        let (a, b, exp) = self.to_parts_aligned(other);
        Dyadic::from_parts(a - b, exp)
    }
}

impl Mul<&Dyadic> for &Dyadic {
    type Output = Dyadic;
    /// # Panics
    /// If the product's denominator would exceed 2^(2^32 − 1); use [`Dyadic::checked_mul`] to
    /// get an error instead.
    fn mul(self, other: &Dyadic) -> Dyadic {
        self.checked_mul(other).expect("dyadic exponent overflow")
    }
}

impl Neg for &Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        match &self.num {
            Numerator::Small(n) => Dyadic::from_i128(-i128::from(*n), self.exp),
            Numerator::Big(n) => Dyadic::from_parts(-n, self.exp),
        }
    }
}

impl Neg for Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        -&self
    }
}

/// The owned forms of a binary operator, delegating to the borrowed one.
macro_rules! owned_operator {
    ($trait:ident, $method:ident) => {
        impl $trait<Dyadic> for Dyadic {
            type Output = Dyadic;
            fn $method(self, other: Dyadic) -> Dyadic {
                (&self).$method(&other)
            }
        }
        impl $trait<&Dyadic> for Dyadic {
            type Output = Dyadic;
            fn $method(self, other: &Dyadic) -> Dyadic {
                (&self).$method(other)
            }
        }
        impl $trait<Dyadic> for &Dyadic {
            type Output = Dyadic;
            fn $method(self, other: Dyadic) -> Dyadic {
                self.$method(&other)
            }
        }
    };
}

owned_operator!(Add, add);
owned_operator!(Sub, sub);
owned_operator!(Mul, mul);

/// `7`, `-5/2`, `3/4`: the numerator and denominator in lowest terms.
impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.num, self.exp) {
            (Numerator::Small(n), 0) => write!(f, "{n}"),
            (Numerator::Big(n), 0) => write!(f, "{n}"),
            (Numerator::Small(n), e) if e < 63 => write!(f, "{n}/{}", 1u64 << e),
            (n, e) => write!(f, "{}/{}", n.to_bigint(), BigInt::one() << e),
        }
    }
}

impl fmt::Debug for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Reads an integer (`-12`), a fraction whose reduced denominator is a power of two (`3/4`,
/// `6/8`), or a terminating decimal that is dyadic (`0.375`, `-2.5`).
impl FromStr for Dyadic {
    type Err = NumberError;
    fn from_str(s: &str) -> Result<Dyadic, NumberError> {
        let error = |reason: &str| NumberError::Parse {
            what: "dyadic rational",
            input: if s.chars().count() > 60 {
                format!("{}…", s.chars().take(60).collect::<String>())
            } else {
                s.to_string()
            },
            reason: reason.to_string(),
        };
        if s.len() > MAX_TEXT_LEN {
            return Err(error(&format!("longer than {MAX_TEXT_LEN} characters")));
        }
        let text = s.trim();
        let (negative, body) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.strip_prefix('+').unwrap_or(text)),
        };
        let digits = |part: &str, name: &str| -> Result<BigInt, NumberError> {
            if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                return Err(error(&format!(
                    "the {name} must be a string of decimal digits"
                )));
            }
            part.parse::<BigInt>()
                .map_err(|_| error(&format!("unreadable {name}")))
        };
        let magnitude = if let Some((top, bottom)) = body.split_once('/') {
            let (top, bottom) = (digits(top, "numerator")?, digits(bottom, "denominator")?);
            if bottom.is_zero() {
                return Err(error("the denominator is zero"));
            }
            let g = top.gcd(&bottom);
            let (top, bottom) = (top / &g, bottom / g);
            let exp = power_of_two_exponent(&bottom).ok_or_else(|| {
                error("not dyadic: the reduced denominator is not a power of two")
            })?;
            Dyadic::from_parts(top, exp)
        } else if let Some((whole, fraction)) = body.split_once('.') {
            let whole = if whole.is_empty() {
                BigInt::zero()
            } else {
                digits(whole, "integer part")?
            };
            let places = u32::try_from(fraction.len()).map_err(|_| error("too many decimals"))?;
            let scaled = whole * num_traits::pow(BigInt::from(10), places as usize)
                + digits(fraction, "fractional part")?;
            // scaled / 10^places = (scaled / 5^places) / 2^places, dyadic iff 5^places divides.
            let (quotient, remainder) =
                scaled.div_rem(&num_traits::pow(BigInt::from(5), places as usize));
            if !remainder.is_zero() {
                return Err(error(
                    "not dyadic: the decimal is not a multiple of a power of 1/2",
                ));
            }
            Dyadic::from_parts(quotient, places)
        } else {
            Dyadic::from_bigint(digits(body, "integer")?)
        };
        Ok(if negative { -magnitude } else { magnitude })
    }
}

/// k if `n = 2^k` with k fitting a `u32`.
fn power_of_two_exponent(n: &BigInt) -> Option<u32> {
    if !n.is_positive() {
        return None;
    }
    let twos = n.trailing_zeros()?;
    (n.bits() == twos + 1)
        .then(|| u32::try_from(twos).ok())
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn d(text: &str) -> Dyadic {
        text.parse().expect("a valid dyadic")
    }

    /// All numbers born by `day`, in order of birth (ONAG ch. 0: each day adds one beyond each
    /// end and the midpoint of each gap).
    fn born_by(day: u32) -> Vec<Dyadic> {
        let mut by_birth = vec![Dyadic::zero()];
        let mut sorted = vec![Dyadic::zero()];
        for _ in 0..day {
            let mut fresh = vec![
                &sorted[0] - &Dyadic::one(),
                &sorted[sorted.len() - 1] + &Dyadic::one(),
            ];
            for pair in sorted.windows(2) {
                fresh.push((&pair[0] + &pair[1]).half());
            }
            by_birth.extend(fresh.iter().cloned());
            sorted.extend(fresh);
            sorted.sort();
        }
        by_birth
    }

    /// The oracle: the first-born number strictly inside, by enumeration.
    fn simplest_by_enumeration(
        numbers: &[Dyadic],
        l: Option<&Dyadic>,
        u: Option<&Dyadic>,
    ) -> Option<Dyadic> {
        numbers
            .iter()
            .find(|x| l.is_none_or(|l| l < *x) && u.is_none_or(|u| *x < u))
            .cloned()
    }

    /// The oracle for bounds of any size: 0, then the integer nearest 0, then the multiple
    /// of 2^-1, 2^-2, … just above `l`, whichever is first strictly inside (l, u).
    fn simplest_by_trying_each_denominator(l: &Dyadic, u: &Dyadic) -> Option<Dyadic> {
        let zero = Dyadic::zero();
        let inside = |x: &Dyadic| l < x && x < u;
        if l >= u {
            return None;
        }
        let nearest_integer = if *l >= zero {
            Dyadic::from_bigint(l.floor() + 1)
        } else if *u <= zero {
            Dyadic::from_bigint(u.ceil() - 1)
        } else {
            zero
        };
        if inside(&nearest_integer) {
            return Some(nearest_integer);
        }
        (1..=u32::MAX)
            .map(|k| Dyadic::from_parts(l.mul_pow2(i64::from(k)).unwrap().floor() + 1, k))
            .find(inside)
    }

    #[test]
    fn simplest_between_matches_birthday_enumeration() {
        let bounds = born_by(5);
        let candidates = born_by(8);
        let mut with_none: Vec<Option<&Dyadic>> = bounds.iter().map(Some).collect();
        with_none.push(None);
        for &l in &with_none {
            for &u in &with_none {
                if let (Some(l), Some(u)) = (l, u) {
                    if l >= u {
                        assert_eq!(Dyadic::simplest_between(Some(l), Some(u)), None);
                        continue;
                    }
                }
                assert_eq!(
                    Dyadic::simplest_between(l, u),
                    simplest_by_enumeration(&candidates, l, u),
                    "({l:?}, {u:?})"
                );
            }
        }
    }

    #[test]
    fn known_simplest_numbers() {
        // ONAG ch. 0 and Winning Ways ch. 2.
        let cases = [
            ("1/2", "1", "3/4"),
            ("0", "1", "1/2"),
            ("-3", "-1/2", "-1"),
            ("5/8", "7/8", "3/4"),
            ("2", "3", "5/2"),
        ];
        for (l, u, x) in cases {
            assert_eq!(
                Dyadic::simplest_between(Some(&d(l)), Some(&d(u))),
                Some(d(x))
            );
        }
        assert_eq!(
            Dyadic::simplest_between(Some(&d("7/2")), None),
            Some(d("4"))
        );
        assert_eq!(
            Dyadic::simplest_between(None, Some(&d("-2"))),
            Some(d("-3"))
        );
        assert_eq!(Dyadic::simplest_between(None, None), Some(Dyadic::zero()));
    }

    #[test]
    fn birthdays_match_enumeration() {
        for (day, numbers) in (0..=6).map(|day| (day, born_by(day))) {
            let previous = if day == 0 { 0 } else { born_by(day - 1).len() };
            for x in &numbers[previous..] {
                assert_eq!(x.birthday(), BigUint::from(day), "{x}");
            }
        }
    }

    #[test]
    fn parse_and_display() {
        for (text, shown) in [
            ("3/4", "3/4"),
            ("6/8", "3/4"),
            ("-5/2", "-5/2"),
            ("0.375", "3/8"),
            ("-2.5", "-5/2"),
            ("+7", "7"),
            ("-0", "0"),
            ("4/2", "2"),
            (".5", "1/2"),
        ] {
            assert_eq!(d(text).to_string(), shown, "{text}");
        }
        let huge = d("123456789012345678901234567890/1073741824");
        assert_eq!(huge.to_string().parse::<Dyadic>(), Ok(huge));
        for bad in [
            "", "1/3", "0.1", "1/0", "a", "1.", "--1", "1/-2", "1e5", "1/2/3",
        ] {
            assert!(bad.parse::<Dyadic>().is_err(), "{bad}");
        }
    }

    #[test]
    fn big_numerators_do_not_overflow() {
        let big = Dyadic::from_integer(i64::MAX);
        let sum = &big + &big;
        assert_eq!(sum.to_string(), "18446744073709551614");
        assert_eq!((&sum - &big), big);
        assert_eq!(-Dyadic::from_integer(i64::MIN), d("9223372036854775808"));
        let tiny = Dyadic::new(1, 200);
        assert!(tiny > Dyadic::zero() && tiny < Dyadic::new(1, 199));
        assert_eq!((&tiny + &tiny), Dyadic::new(1, 199));
    }

    #[test]
    fn exponent_limits_are_errors() {
        assert!(Dyadic::new(1, u32::MAX).mul_pow2(-1).is_err());
        assert!(Dyadic::new(1, u32::MAX)
            .checked_mul(&Dyadic::new(1, 1))
            .is_err());
        assert_eq!(Dyadic::new(3, 2).mul_pow2(3), Ok(Dyadic::from_integer(6)));
    }

    fn arb_dyadic() -> impl Strategy<Value = Dyadic> {
        prop_oneof![
            (-1000i64..1000, 0u32..10).prop_map(|(n, e)| Dyadic::new(n, e)),
            (any::<i64>(), 0u32..80).prop_map(|(n, e)| Dyadic::new(n, e)),
            (any::<i64>(), any::<i64>(), 0u32..150)
                .prop_map(|(a, b, e)| { Dyadic::from_parts(BigInt::from(a) * BigInt::from(b), e) }),
        ]
    }

    /// Exact value as a big rational numerator over 2^SCALE, for comparison with plain BigInt
    /// arithmetic.
    fn scaled(x: &Dyadic, scale: u32) -> BigInt {
        x.numerator() << (scale - x.denominator_exponent())
    }

    proptest! {
        #[test]
        fn arithmetic_matches_big_integers(a in arb_dyadic(), b in arb_dyadic()) {
            let s = 400;
            prop_assert_eq!(scaled(&(&a + &b), s), scaled(&a, s) + scaled(&b, s));
            prop_assert_eq!(scaled(&(&a - &b), s), scaled(&a, s) - scaled(&b, s));
            prop_assert_eq!(scaled(&(&a * &b), s) << s, scaled(&a, s) * scaled(&b, s));
            prop_assert_eq!(a.cmp(&b), scaled(&a, s).cmp(&scaled(&b, s)));
        }

        /// Big numbers a little apart, whose leading bits stand at the same place: the
        /// comparison must look past them.
        #[test]
        fn near_big_numbers_compare_exactly(a in arb_dyadic(), b in arb_dyadic(), k in 0u32..100) {
            let s = 600;
            let big = &a * &Dyadic::from_bigint(BigInt::from(1) << (64 + k));
            for c in [&big + &b, &big - &b, -&big + &b] {
                prop_assert_eq!(big.cmp(&c), scaled(&big, s).cmp(&scaled(&c, s)));
                prop_assert_eq!(c.cmp(&big), scaled(&c, s).cmp(&scaled(&big, s)));
            }
        }

        #[test]
        fn representation_is_canonical(a in arb_dyadic(), b in arb_dyadic()) {
            let back = &(&a + &b) - &b;
            prop_assert_eq!(&back, &a);
            prop_assert!(a.denominator_exponent() == 0 || a.numerator().is_odd());
        }

        /// The fixed-point image is exact where it exists, and exists for every number
        /// whose scaled value fits.
        #[test]
        fn scaled_images_are_exact(a in arb_dyadic(), bits in 0u32..80) {
            let exact = (bits >= a.denominator_exponent())
                .then(|| a.numerator() << (bits - a.denominator_exponent()))
                .and_then(|n| i64::try_from(n).ok());
            prop_assert_eq!(a.to_scaled_i64(bits), exact);
        }

        #[test]
        fn display_round_trips(a in arb_dyadic()) {
            prop_assert_eq!(a.to_string().parse::<Dyadic>(), Ok(a));
        }

        #[test]
        fn floor_and_ceil_bracket(a in arb_dyadic()) {
            let (f, c) = (Dyadic::from_bigint(a.floor()), Dyadic::from_bigint(a.ceil()));
            prop_assert!(f <= a && a <= c);
            prop_assert!(&c - &f <= Dyadic::one());
            prop_assert_eq!(f == c, a.is_integer());
        }

        /// Simplicity theorem check without enumeration: x is the simplest number in (l, u) iff
        /// x lies inside and its canonical options lie outside (on or beyond the bounds).
        #[test]
        fn simplest_is_inside_and_its_options_are_outside(a in arb_dyadic(), b in arb_dyadic()) {
            let (l, u) = if a < b { (a, b) } else { (b, a) };
            match Dyadic::simplest_between(Some(&l), Some(&u)) {
                None => prop_assert_eq!(&l, &u),
                Some(x) => {
                    prop_assert!(l < x && x < u);
                    let (left, right) = x.canonical_options();
                    prop_assert!(left.is_none_or(|left| left <= l));
                    prop_assert!(right.is_none_or(|right| right >= u));
                }
            }
        }

        /// Bisection over the denominator gives what trying 2^-1, 2^-2, … in turn gives.
        #[test]
        fn simplest_matches_denominator_by_denominator_search(a in arb_dyadic(), b in arb_dyadic()) {
            let (l, u) = if a < b { (a, b) } else { (b, a) };
            prop_assert_eq!(
                Dyadic::simplest_between(Some(&l), Some(&u)),
                simplest_by_trying_each_denominator(&l, &u)
            );
        }

        #[test]
        fn to_f64_is_close(n in -1_000_000i64..1_000_000, e in 0u32..20) {
            let x = Dyadic::new(n, e);
            prop_assert_eq!(x.to_f64(), n as f64 / 2f64.powi(e as i32));
        }
    }
}
