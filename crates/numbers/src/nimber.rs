//! Nimbers below 2^64: the values of impartial games, and the finite field they form.
//!
//! Nim-addition is bitwise xor. Nim-multiplication makes the nimbers below 2^(2^k) a field of
//! that order for every k (Conway, *On Numbers and Games*, ch. 6); this module implements the
//! field of order 2^64.
//!
//! The fast product rests on one identity. Write F = 2^(2^k) (a *Fermat 2-power*) and split
//! a = a1·F + a0 with a1, a0 < F; for nimbers below F, F ⊗ a0 is the ordinary product, and
//! F ⊗ F = F ⊕ F/2. Hence
//!
//! ```text
//! (a1·F + a0) ⊗ (b1·F + b0) = (a1b1 ⊕ a1b0 ⊕ a0b1)·F  ⊕  (a0b0 ⊕ a1b1 ⊗ F/2)
//! ```
//!
//! which needs three products of halves (Karatsuba: a1b0 ⊕ a0b1 ⊕ a1b1 = (a1⊕a0)(b1⊕b0) ⊕ a0b0)
//! and one product by the constant F/2. The recursion stops at 16 bits, where the multiplicative
//! group is cyclic of order 65535 and a product is two logarithm lookups and one exponential.
//! [`reference`] holds two slow oracles: the mex definition and the plain four-product recursion.

// Nim-addition *is* xor, and in characteristic 2 subtraction is addition.
#![allow(clippy::suspicious_arithmetic_impl, clippy::suspicious_op_assign_impl)]

use std::fmt;
use std::iter::{Product, Sum};
use std::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};
use std::str::FromStr;
use std::sync::OnceLock;

use crate::NumberError;

/// A nimber *n (a value of an impartial game) below 2^64.
///
/// `Nimber(0)` is 0, `Nimber(1)` is `*`, `Nimber(n)` is `*n`. Addition and subtraction are xor;
/// multiplication is nim-multiplication in the field of order 2^64.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Nimber(pub u64);

impl Nimber {
    /// The nimber 0, the value of a finished game.
    pub const ZERO: Nimber = Nimber(0);
    /// The nimber `*`, the multiplicative identity.
    pub const ONE: Nimber = Nimber(1);

    /// The nimber `*value`.
    pub const fn new(value: u64) -> Nimber {
        Nimber(value)
    }

    /// The index n of `*n`.
    pub const fn value(self) -> u64 {
        self.0
    }

    /// Whether this is the zero nimber.
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// The multiplicative inverse, or `None` for 0.
    pub fn inverse(self) -> Option<Nimber> {
        (self.0 != 0).then(|| Nimber(inverse64(tables(), self.0)))
    }

    /// `self ⊗ other⁻¹`, or [`NumberError::DivisionByZero`].
    pub fn checked_div(self, other: Nimber) -> Result<Nimber, NumberError> {
        other
            .inverse()
            .map(|inv| self * inv)
            .ok_or(NumberError::DivisionByZero)
    }

    /// `self ⊗ self`.
    pub fn square(self) -> Nimber {
        self * self
    }

    /// The unique square root: squaring is a bijection (the Frobenius map) in characteristic 2,
    /// and its inverse on the field of order 2^64 is x ↦ x^(2^63).
    pub fn sqrt(self) -> Nimber {
        (0..63).fold(self, |x, _| x.square())
    }

    /// `self` raised to the `exponent`-th nim-power (`0^0 = 1`).
    pub fn pow(self, exponent: u128) -> Nimber {
        if self.0 == 0 {
            return if exponent == 0 {
                Nimber::ONE
            } else {
                Nimber::ZERO
            };
        }
        // The multiplicative group has order 2^64 − 1.
        let mut e = exponent % u128::from(u64::MAX);
        let (mut base, mut acc) = (self, Nimber::ONE);
        while e > 0 {
            if e & 1 == 1 {
                acc *= base;
            }
            base = base.square();
            e >>= 1;
        }
        acc
    }
}

impl From<u64> for Nimber {
    fn from(value: u64) -> Nimber {
        Nimber(value)
    }
}

impl From<Nimber> for u64 {
    fn from(n: Nimber) -> u64 {
        n.0
    }
}

impl Add for Nimber {
    type Output = Nimber;
    fn add(self, other: Nimber) -> Nimber {
        Nimber(self.0 ^ other.0)
    }
}

impl AddAssign for Nimber {
    fn add_assign(&mut self, other: Nimber) {
        self.0 ^= other.0;
    }
}

impl Sub for Nimber {
    type Output = Nimber;
    fn sub(self, other: Nimber) -> Nimber {
        Nimber(self.0 ^ other.0)
    }
}

impl SubAssign for Nimber {
    fn sub_assign(&mut self, other: Nimber) {
        self.0 ^= other.0;
    }
}

impl Neg for Nimber {
    type Output = Nimber;
    fn neg(self) -> Nimber {
        self
    }
}

impl Mul for Nimber {
    type Output = Nimber;
    fn mul(self, other: Nimber) -> Nimber {
        Nimber(mul64(tables(), self.0, other.0))
    }
}

impl MulAssign for Nimber {
    fn mul_assign(&mut self, other: Nimber) {
        *self = *self * other;
    }
}

impl Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, Add::add)
    }
}

impl Product for Nimber {
    fn product<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        let t = tables();
        Nimber(iter.fold(1, |acc, n| mul64(t, acc, n.0)))
    }
}

/// CGSuite's notation: `0`, `*`, `*2`, `*3`, …
impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => f.write_str("0"),
            1 => f.write_str("*"),
            n => write!(f, "*{n}"),
        }
    }
}

/// Reads `0`, `*`, `*n`, or a bare index `n`.
impl FromStr for Nimber {
    type Err = NumberError;
    fn from_str(s: &str) -> Result<Nimber, NumberError> {
        let text = s.trim();
        let error = |reason: &str| NumberError::Parse {
            what: "nimber",
            input: s.to_string(),
            reason: reason.to_string(),
        };
        let digits = match text.strip_prefix('*') {
            Some("") => return Ok(Nimber::ONE),
            Some(rest) => rest.trim_start(),
            None if text.is_empty() => return Err(error("expected 0, *, *n or n")),
            None => text,
        };
        if !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(error("expected 0, *, *n or n with n a natural number"));
        }
        digits
            .parse::<u64>()
            .map(Nimber)
            .map_err(|_| error("the index must be below 2^64"))
    }
}

/// Logarithm and exponential tables of the field of nimbers below 2^16.
struct Tables {
    /// `log[x]` for x ≠ 0, base a fixed generator. `u16` keeps both tables (384 KiB) inside a
    /// typical L2 cache, which is what the product's speed depends on.
    log: Vec<u16>,
    /// `exp[i] = generator^i`, for i below twice the group order so that a sum of two
    /// logarithms needs no reduction.
    exp: Vec<u16>,
    /// log(2^15), the constant F/2 at the 32-bit level.
    log_half16: usize,
    /// 2^15 ⊗ 2^15.
    half16_squared: u16,
}

/// The order of the multiplicative group of the field of order 2^16.
const ORDER16: u32 = 65_535;

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(build_tables)
}

/// Builds the 16-bit tables from 8-bit ones, which come from the slow recursion.
fn build_tables() -> Tables {
    // GF(2^8): 255 = 3·5·17.
    let g8 = find_generator(255, &[3, 5, 17], |a, b| {
        reference::mul_by_halves(a, b) as u16
    });
    let mut log8 = [0u32; 256];
    let mut exp8 = [0u16; 510];
    let mut x = 1u64;
    for (i, slot) in exp8.iter_mut().take(255).enumerate() {
        *slot = x as u16;
        log8[x as usize] = i as u32;
        x = reference::mul_by_halves(x, g8);
    }
    exp8.copy_within(0..255, 255);
    let mul8 = |a: u16, b: u16| -> u16 {
        if a == 0 || b == 0 {
            0
        } else {
            exp8[(log8[a as usize] + log8[b as usize]) as usize]
        }
    };
    // One Karatsuba level over GF(2^8), with F = 2^8 and F/2 = 2^7.
    let mul16_slow = |a: u16, b: u16| -> u16 {
        let (a1, a0, b1, b0) = (a >> 8, a & 0xff, b >> 8, b & 0xff);
        let low = mul8(a0, b0);
        let high = mul8(a1 ^ a0, b1 ^ b0) ^ low;
        (high << 8) | (low ^ mul8(mul8(a1, b1), 0x80))
    };
    // GF(2^16): 65535 = 3·5·17·257.
    let g16 = find_generator(u64::from(ORDER16), &[3, 5, 17, 257], |a, b| {
        mul16_slow(a as u16, b as u16)
    });
    let mut log = vec![0u16; 1 << 16];
    let mut exp = vec![0u16; 2 * ORDER16 as usize];
    let mut x = 1u16;
    for i in 0..ORDER16 {
        exp[i as usize] = x;
        log[x as usize] = i as u16;
        x = mul16_slow(x, g16 as u16);
    }
    let order = ORDER16 as usize;
    exp.copy_within(0..order, order);
    let log_half16 = usize::from(log[0x8000]);
    let half16_squared = exp[2 * log_half16];
    Tables {
        log,
        exp,
        log_half16,
        half16_squared,
    }
}

/// The smallest element of multiplicative order `order` (whose prime factors are `primes`).
fn find_generator(order: u64, primes: &[u64], mul: impl Fn(u64, u64) -> u16) -> u64 {
    let pow = |x: u64, mut e: u64| {
        let (mut base, mut acc) = (x, 1u64);
        while e > 0 {
            if e & 1 == 1 {
                acc = u64::from(mul(acc, base));
            }
            base = u64::from(mul(base, base));
            e >>= 1;
        }
        acc
    };
    (2..=order)
        .find(|&g| primes.iter().all(|&p| pow(g, order / p) != 1))
        .expect("a finite field's multiplicative group is cyclic")
}

#[inline]
fn mul16(t: &Tables, a: u16, b: u16) -> u16 {
    if a == 0 || b == 0 {
        0
    } else {
        t.exp[usize::from(t.log[a as usize]) + usize::from(t.log[b as usize])]
    }
}

/// `a ⊗ b ⊗ 2^15` in one lookup.
#[inline]
fn mul16_by_half(t: &Tables, a: u16, b: u16) -> u16 {
    if a == 0 || b == 0 {
        0
    } else {
        let mut sum = usize::from(t.log[a as usize]) + usize::from(t.log[b as usize]);
        if sum >= ORDER16 as usize {
            sum -= ORDER16 as usize;
        }
        t.exp[sum + t.log_half16]
    }
}

#[inline]
fn mul32(t: &Tables, a: u32, b: u32) -> u32 {
    let (a1, a0, b1, b0) = ((a >> 16) as u16, a as u16, (b >> 16) as u16, b as u16);
    let low = mul16(t, a0, b0);
    let high = mul16(t, a1 ^ a0, b1 ^ b0) ^ low;
    (u32::from(high) << 16) | u32::from(low ^ mul16_by_half(t, a1, b1))
}

/// `c ⊗ 2^31`, where 2^31 = 2^16 ⊗ 2^15 is F/2 at the 64-bit level:
/// (c1·F + c0) ⊗ F ⊗ h = ((c1 ⊕ c0) ⊗ h)·F ⊕ c1 ⊗ h², with F = 2^16 and h = 2^15.
#[inline]
fn mul32_by_half(t: &Tables, c: u32) -> u32 {
    let (c1, c0) = ((c >> 16) as u16, c as u16);
    let high = mul16_by_half(t, c1 ^ c0, 1);
    (u32::from(high) << 16) | u32::from(mul16(t, c1, t.half16_squared))
}

#[inline]
fn mul64(t: &Tables, a: u64, b: u64) -> u64 {
    let (a1, a0, b1, b0) = ((a >> 32) as u32, a as u32, (b >> 32) as u32, b as u32);
    let low = mul32(t, a0, b0);
    let high = mul32(t, a1 ^ a0, b1 ^ b0) ^ low;
    (u64::from(high) << 32) | u64::from(low ^ mul32_by_half(t, mul32(t, a1, b1)))
}

fn inverse16(t: &Tables, a: u16) -> u16 {
    t.exp[ORDER16 as usize - usize::from(t.log[a as usize])]
}

/// Inverse through the norm: for x = a1·F + a0, x ⊗ (a1·F + a0 ⊕ a1) = a0(a0 ⊕ a1) ⊕ a1² ⊗ F/2,
/// which lies in the half-size subfield.
fn inverse32(t: &Tables, x: u32) -> u32 {
    let (a1, a0) = ((x >> 16) as u16, x as u16);
    let norm = mul16(t, a0, a0 ^ a1) ^ mul16_by_half(t, a1, a1);
    let n_inv = inverse16(t, norm);
    (u32::from(mul16(t, a1, n_inv)) << 16) | u32::from(mul16(t, a0 ^ a1, n_inv))
}

fn inverse64(t: &Tables, x: u64) -> u64 {
    let (a1, a0) = ((x >> 32) as u32, x as u32);
    let norm = mul32(t, a0, a0 ^ a1) ^ mul32_by_half(t, mul32(t, a1, a1));
    let n_inv = inverse32(t, norm);
    (u64::from(mul32(t, a1, n_inv)) << 32) | u64::from(mul32(t, a0 ^ a1, n_inv))
}

/// Slow, obviously-correct nim-multiplications, used as test oracles and to seed the tables.
pub mod reference {
    use std::sync::OnceLock;

    /// Both factors of [`mul_by_definition`] must be below this.
    pub const DEFINITION_LIMIT: u64 = 128;

    /// Conway's definition: a ⊗ b = mex { a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b }.
    ///
    /// Returns `None` unless both factors are below [`DEFINITION_LIMIT`].
    pub fn mul_by_definition(a: u64, b: u64) -> Option<u64> {
        static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
        if a >= DEFINITION_LIMIT || b >= DEFINITION_LIMIT {
            return None;
        }
        let n = DEFINITION_LIMIT as usize;
        let table = TABLE.get_or_init(|| {
            let mut t = vec![0u8; n * n];
            for x in 0..n {
                for y in 0..n {
                    // Products of nimbers below 128 are below 256.
                    let mut seen = [false; 256];
                    for x1 in 0..x {
                        for y1 in 0..y {
                            let v = t[x1 * n + y] ^ t[x * n + y1] ^ t[x1 * n + y1];
                            seen[v as usize] = true;
                        }
                    }
                    t[x * n + y] = seen.iter().position(|&s| !s).unwrap_or(255) as u8;
                }
            }
            t
        });
        Some(u64::from(table[a as usize * n + b as usize]))
    }

    /// The four-product recursion on halves, with no tables and no Karatsuba step:
    /// (a1·F + a0)(b1·F + b0) = (a1b1 ⊕ a1b0 ⊕ a0b1)·F ⊕ (a0b0 ⊕ a1b1 ⊗ F/2).
    pub fn mul_by_halves(a: u64, b: u64) -> u64 {
        mul_within(a, b, 64)
    }

    /// Nim-product of `a, b < 2^bits`, `bits` a power of two.
    fn mul_within(a: u64, b: u64, bits: u32) -> u64 {
        if bits == 1 {
            return a & b;
        }
        let half = bits / 2;
        let mask = (1u64 << half) - 1;
        let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
        let top = mul_within(a1, b1, half);
        let high = top ^ mul_within(a1, b0, half) ^ mul_within(a0, b1, half);
        let low = mul_within(a0, b0, half) ^ mul_within(top, 1 << (half - 1), half);
        (high << half) | low
    }
}

#[cfg(test)]
mod tests {
    use super::reference::{mul_by_definition, mul_by_halves, DEFINITION_LIMIT};
    use super::*;
    use proptest::prelude::*;

    fn n(v: u64) -> Nimber {
        Nimber(v)
    }

    /// The products quoted in ONAG ch. 6 and in the issue.
    #[test]
    fn products_of_fermat_two_powers() {
        assert_eq!(n(2) * n(2), n(3));
        assert_eq!(n(4) * n(4), n(6));
        assert_eq!(n(16) * n(16), n(24));
        assert_eq!(n(2) * n(4), n(8));
        assert_eq!(n(256) * n(256), n(384));
        assert_eq!(n(1 << 32) * n(1 << 32), n((1 << 32) | (1 << 31)));
    }

    /// The multiplication table of the nimbers below 4 (ONAG, ch. 6).
    #[test]
    fn the_field_of_four() {
        let table = [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]];
        for a in 0..4 {
            for b in 0..4 {
                assert_eq!(n(a) * n(b), n(table[a as usize][b as usize]));
            }
        }
    }

    #[test]
    fn fast_product_matches_the_definition_on_all_small_pairs() {
        for a in 0..DEFINITION_LIMIT {
            for b in 0..DEFINITION_LIMIT {
                assert_eq!(Some((n(a) * n(b)).0), mul_by_definition(a, b), "{a} ⊗ {b}");
            }
        }
    }

    #[test]
    fn recursion_oracle_matches_the_definition() {
        for a in 0..DEFINITION_LIMIT {
            for b in 0..DEFINITION_LIMIT {
                assert_eq!(Some(mul_by_halves(a, b)), mul_by_definition(a, b));
            }
        }
    }

    #[test]
    fn display_and_parse() {
        assert_eq!(n(0).to_string(), "0");
        assert_eq!(n(1).to_string(), "*");
        assert_eq!(n(12).to_string(), "*12");
        for text in ["0", "*", "*12", "12", " *7 "] {
            let parsed: Nimber = text.parse().expect("valid");
            assert_eq!(parsed.to_string().parse::<Nimber>(), Ok(parsed));
        }
        assert_eq!("*7".parse(), Ok(n(7)));
        assert!("".parse::<Nimber>().is_err());
        assert!("*x".parse::<Nimber>().is_err());
        assert!("-3".parse::<Nimber>().is_err());
        assert!("*18446744073709551616".parse::<Nimber>().is_err());
    }

    #[test]
    fn zero_has_no_inverse() {
        assert_eq!(Nimber::ZERO.inverse(), None);
        assert_eq!(
            n(5).checked_div(Nimber::ZERO),
            Err(NumberError::DivisionByZero)
        );
        assert_eq!(Nimber::ZERO.pow(0), Nimber::ONE);
        assert_eq!(Nimber::ZERO.pow(5), Nimber::ZERO);
    }

    proptest! {
        #[test]
        fn fast_product_matches_the_recursion(a: u64, b: u64) {
            prop_assert_eq!((n(a) * n(b)).0, mul_by_halves(a, b));
        }

        #[test]
        fn multiplication_is_commutative_and_associative(a: u64, b: u64, c: u64) {
            prop_assert_eq!(n(a) * n(b), n(b) * n(a));
            prop_assert_eq!((n(a) * n(b)) * n(c), n(a) * (n(b) * n(c)));
        }

        #[test]
        fn multiplication_distributes_over_addition(a: u64, b: u64, c: u64) {
            prop_assert_eq!(n(a) * (n(b) + n(c)), n(a) * n(b) + n(a) * n(c));
        }

        #[test]
        fn inverse_inverts(a in 1u64..) {
            let inv = n(a).inverse().expect("nonzero");
            prop_assert_eq!(n(a) * inv, Nimber::ONE);
            prop_assert_eq!(n(a).pow(u128::from(u64::MAX) - 1), inv);
        }

        #[test]
        fn square_root_is_inverse_of_squaring(a: u64) {
            prop_assert_eq!(n(a).sqrt().square(), n(a));
            prop_assert_eq!(n(a).square().sqrt(), n(a));
        }

        #[test]
        fn frobenius_fixes_every_element(a: u64) {
            // x^(2^64) = x in the field of order 2^64.
            let mut x = n(a);
            for _ in 0..64 {
                x = x.square();
            }
            prop_assert_eq!(x, n(a));
        }

        #[test]
        fn power_laws(a: u64, e in 0u128..1000, f in 0u128..1000) {
            prop_assert_eq!(n(a).pow(e) * n(a).pow(f), n(a).pow(e + f));
            prop_assert_eq!(n(a).pow(e + 1), n(a).pow(e) * n(a));
        }

        #[test]
        fn subfields_are_closed(a in 0u64..1 << 32, b in 0u64..1 << 32) {
            prop_assert!((n(a) * n(b)).0 < 1 << 32);
            prop_assert!((n(a & 0xffff) * n(b & 0xffff)).0 < 1 << 16);
        }
    }
}
