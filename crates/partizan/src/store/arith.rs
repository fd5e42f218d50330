//! Disjunctive sums and negatives, cached.
//!
//! G + H = {G^L + H, G + H^L | G^R + H, G + H^R}. Number-up-star sums are added part by part;
//! when one summand is a number and the other is not, only the other's options are used
//! (number translation: x + {H^L | H^R} = {x + H^L | x + H^R} for H not a number).

use conway_numbers::Dyadic;
use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};

use super::{GameId, Store};
use crate::PartizanError;

/// The most copies [`Store::copies`] makes of a game that is not a number (n·↑ has n levels).
pub const MAX_COPIES: u64 = 100_000;

/// The most bits in a number formed by a product or a power (numerator and binary places
/// together), checked before the arithmetic is done.
pub const MAX_POWER_BITS: u64 = 1 << 20;

/// The product of two numbers, refused when it would have more than [`MAX_POWER_BITS`] bits.
pub fn number_product(x: &Dyadic, y: &Dyadic) -> Result<Dyadic, PartizanError> {
    let bits = |x: &Dyadic| x.numerator().bits() + u64::from(x.denominator_exponent());
    let size = bits(x) + bits(y);
    if size > MAX_POWER_BITS {
        return Err(PartizanError::TooLarge {
            what: "the product of two numbers".into(),
            size: format!("about {size} bits"),
            limit: format!("{MAX_POWER_BITS} bits"),
        });
    }
    x.checked_mul(y).map_err(|_| PartizanError::TooLarge {
        what: "the product of two numbers".into(),
        size: "a number too precise".into(),
        limit: "2^32 binary places".into(),
    })
}

impl Store {
    /// G + H.
    pub fn add(&mut self, g: GameId, h: GameId) -> GameId {
        if let (Some(a), Some(b)) = (self.as_nus(g), self.as_nus(h)) {
            let Some(sum) = a.checked_add(b) else {
                let ups = i128::from(a.ups) + i128::from(b.ups);
                self.refuse(PartizanError::too_large(
                    "the up multiple of a sum",
                    ups.unsigned_abs(),
                    super::nus::MAX_UPS,
                ));
                return self.zero();
            };
            return self.nus(&sum);
        }
        if g == self.zero() {
            return h;
        }
        if h == self.zero() {
            return g;
        }
        let key = (g.min(h), g.max(h));
        if let Some(&sum) = self.sums.get(&key) {
            return sum;
        }
        if self.arithmetic_step_mut() {
            return self.zero();
        }
        let (g_is_number, h_is_number) = (self.is_number(g), self.is_number(h));
        let (mut left, mut right) = (Vec::new(), Vec::new());
        if !g_is_number {
            let (gl, gr) = self.options(g);
            left.extend(gl.into_iter().map(|x| self.add(x, h)));
            right.extend(gr.into_iter().map(|x| self.add(x, h)));
        }
        if !h_is_number {
            let (hl, hr) = self.options(h);
            left.extend(hl.into_iter().map(|x| self.add(g, x)));
            right.extend(hr.into_iter().map(|x| self.add(g, x)));
        }
        let sum = self.construct(&left, &right);
        if !self.stop_requested() {
            self.sums.insert(key, sum);
        }
        sum
    }

    /// −G = {−G^R | −G^L}.
    pub fn neg(&mut self, g: GameId) -> GameId {
        if let Some(n) = self.as_nus(g) {
            let negative = n.neg();
            return self.nus(&negative);
        }
        if let Some(n) = self.records.negative(g) {
            return n;
        }
        if !self.descend() {
            return self.zero();
        }
        // Not a number-up-star value (those are negated by formula): its options are listed.
        let (left, right) = self.options(g);
        let mut new_left: Vec<GameId> = right.into_iter().map(|x| self.neg(x)).collect();
        let mut new_right: Vec<GameId> = left.into_iter().map(|x| self.neg(x)).collect();
        new_left.sort_unstable();
        new_right.sort_unstable();
        // The negative of a canonical form is canonical.
        let negative = self.intern_canonical(new_left, new_right);
        if !self.stop_requested() {
            self.records.set_negatives(g, negative);
        }
        negative
    }

    /// G − H.
    pub fn sub(&mut self, g: GameId, h: GameId) -> GameId {
        let minus_h = self.neg(h);
        self.add(g, minus_h)
    }

    /// n·G for an integer n of any size: exactly, for a number G; by doubling, for another G
    /// and |n| ≤ [`MAX_COPIES`], else an error.
    pub fn copies(&mut self, g: GameId, n: &BigInt) -> Result<GameId, PartizanError> {
        if let Some(x) = self.as_number(g) {
            let product = number_product(&Dyadic::from_bigint(n.clone()), x)?;
            return Ok(self.number(product));
        }
        let count = n
            .to_i64()
            .filter(|n| n.unsigned_abs() <= MAX_COPIES)
            .ok_or_else(|| PartizanError::TooLarge {
                what: "the number of copies n of a game".into(),
                size: n.abs().to_string(),
                limit: MAX_COPIES.to_string(),
            })?;
        Ok(self.multiple(g, count))
    }

    /// n·G for an integer n (a sum of |n| copies of G or of −G), by doubling.
    pub fn multiple(&mut self, g: GameId, n: i64) -> GameId {
        let base = if n < 0 { self.neg(g) } else { g };
        let mut count = n.unsigned_abs();
        let (mut acc, mut power) = (self.zero(), base);
        while count > 0 {
            if count & 1 == 1 {
                acc = self.add(acc, power);
            }
            count >>= 1;
            if count > 0 {
                power = self.add(power, power);
            }
        }
        acc
    }
}
