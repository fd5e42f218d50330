//! The operators `*` and `^` between values, read as CGSuite's interpreter reads them.
//!
//! - `a * b` of two numbers is their product (`3 * 5` is 15). An integer n times a game G, in
//!   either order, is n copies of G, G + G + … + G (−n copies are n copies of −G), which is
//!   also the Norton product of n by G. Any other product is refused with the names of the
//!   products games do have (`conway_product`, `norton_product`).
//! - `a ^ b` is a number a raised to an integer b (`3 ^ 5` is 243, `2 ^ -4` is 1/16). The
//!   result must be a dyadic rational, since the numbers of short games are, so a negative
//!   power of anything but ±2ᵏ is refused, as is 0 to a negative power.
//!
//! Both have limits checked before any work: at most [`MAX_COPIES`] copies of a game that is
//! not a number (n·↑ has n levels), and a power of at most [`MAX_POWER_BITS`] bits (CGSuite
//! answers "Overflow." to `2^(2^100)`).

use conway_numbers::Dyadic;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

use conway_loopy::Loopy;
pub(crate) use conway_partizan::store::number_product;
pub use conway_partizan::store::{MAX_COPIES, MAX_POWER_BITS};
use conway_partizan::{GameId, PartizanError, Store};

/// `g * h`: the product of two numbers, or n copies of a game.
pub fn product(store: &mut Store, g: GameId, h: GameId) -> Result<GameId, PartizanError> {
    if let (Some(x), Some(y)) = (store.as_number(g), store.as_number(h)) {
        let z = number_product(x, y)?;
        return Ok(store.number(z));
    }
    let copies = |store: &Store, n: GameId| store.as_number(n).and_then(Dyadic::to_bigint);
    let (n, game) = match (copies(store, g), copies(store, h)) {
        (Some(n), _) => (n, h),
        (_, Some(n)) => (n, g),
        _ => {
            return Err(PartizanError::NotApplicable(
                "'*' multiplies two numbers, or an integer n by a game (n copies of it); for \
                 products of games use conway_product(G, H) or norton_product(G, U)"
                    .into(),
            ))
        }
    };
    store.copies(game, &n)
}

/// `n * G` for an integer n and a loopy G: n copies of G by doubling (−n copies are n
/// copies of −G), as CGSuite sums them.
pub fn loopy_copies(store: &mut Store, n: GameId, g: &Loopy) -> Result<Loopy, PartizanError> {
    let count = store
        .as_number(n)
        .and_then(Dyadic::to_bigint)
        .ok_or_else(|| {
            PartizanError::NotApplicable(
                "'*' multiplies a loopy game only by an integer (n copies of it)".into(),
            )
        })?;
    let magnitude = count
        .magnitude()
        .to_u64()
        .filter(|&m| m <= MAX_COPIES)
        .ok_or_else(|| PartizanError::too_large("copies of a loopy game", &count, MAX_COPIES))?;
    let unit = if count.is_negative() {
        g.neg(store)
    } else {
        g.clone()
    };
    let mut total = Loopy::Short(store.zero());
    let mut power = unit;
    let mut rest = magnitude;
    while rest > 0 {
        if rest & 1 == 1 {
            total = total.add(&power, store)?;
        }
        rest >>= 1;
        if rest > 0 {
            power = power.add(&power, store)?;
        }
    }
    Ok(total)
}

/// `g ^ h`: a number to an integer power.
pub fn power(store: &mut Store, g: GameId, h: GameId) -> Result<GameId, PartizanError> {
    let refused = || {
        PartizanError::NotApplicable(
            "'^' between values raises a number to an integer power, as in 3 ^ 5 (written \
             against a number, as in 3^5, it is an up: 3 + ^5)"
                .into(),
        )
    };
    let base = store.as_number(g).cloned().ok_or_else(refused)?;
    let exponent = store
        .as_number(h)
        .and_then(Dyadic::to_bigint)
        .ok_or_else(refused)?;
    Ok(store.number(dyadic_power(&base, &exponent)?))
}

/// x^e exactly, for a dyadic x and an integer e, when the result is dyadic.
fn dyadic_power(x: &Dyadic, e: &BigInt) -> Result<Dyadic, PartizanError> {
    if e.is_zero() {
        return Ok(Dyadic::one());
    }
    // ±1 to any power is ±1, however large the exponent.
    if x.abs() == Dyadic::one() {
        let odd = e.is_odd();
        return Ok(if x.signum() < 0 && odd {
            -Dyadic::one()
        } else {
            Dyadic::one()
        });
    }
    if x.is_zero() {
        return if e.is_negative() {
            Err(PartizanError::NotApplicable(
                "division by zero: 0 to a negative power".into(),
            ))
        } else {
            Ok(Dyadic::zero())
        };
    }
    let (numerator, shift) = (x.numerator(), u64::from(x.denominator_exponent()));
    // |x^e| has about |e|·bits bits above and |e|·shift below the point.
    let magnitude = e.magnitude().to_u64();
    let bits = numerator.magnitude().bits().max(shift);
    let n = magnitude
        .filter(|&n| n.checked_mul(bits).is_some_and(|b| b <= MAX_POWER_BITS))
        .ok_or_else(|| PartizanError::TooLarge {
            what: "the power a ^ b".into(),
            size: format!("about {} × {bits} bits", e.magnitude()),
            limit: format!("{MAX_POWER_BITS} bits"),
        })?;
    // Inside the limit, n·bits ≤ MAX_POWER_BITS, so these conversions cannot fail.
    let (n_usize, n_i64) = (n as usize, n as i64);
    if e.is_positive() {
        let top = num_traits::pow::pow(numerator, n_usize);
        return Ok(Dyadic::from_parts(top, (shift * n) as u32));
    }
    // x^−n = 2^(shift·n) / numerator^n: dyadic only when |numerator| is a power of two.
    let twos = numerator.magnitude().trailing_zeros().unwrap_or(0);
    if numerator.magnitude() != &(num_bigint::BigUint::one() << twos) {
        return Err(PartizanError::NotApplicable(format!(
            "{x} ^ {e} is not a dyadic rational: short games' numbers have power-of-two \
             denominators"
        )));
    }
    let sign = if numerator.is_negative() && n % 2 == 1 {
        -BigInt::one()
    } else {
        BigInt::one()
    };
    // (2^shift / (±2^twos))^n = ±2^((shift − twos)·n), both factors within the limit.
    let net = (shift as i64 - twos as i64) * n_i64;
    Ok(if net >= 0 {
        Dyadic::from_parts(sign << net as usize, 0)
    } else {
        Dyadic::from_parts(sign, (-net) as u32)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The power by repeated multiplication or division: the oracle.
    fn slow_power(x: &Dyadic, e: i64) -> Option<Dyadic> {
        let mut acc = Dyadic::one();
        for _ in 0..e.unsigned_abs() {
            acc = acc.checked_mul(x).ok()?;
        }
        if e >= 0 {
            return Some(acc);
        }
        // 1/acc is dyadic only for ±2^k.
        let twos = acc.numerator().magnitude().trailing_zeros()?;
        (acc.numerator().magnitude() == &(num_bigint::BigUint::one() << twos)).then(|| {
            let sign = acc.signum();
            Dyadic::from_parts(
                BigInt::from(sign) << acc.denominator_exponent() as usize,
                u32::try_from(twos).expect("small"),
            )
        })
    }

    proptest! {
        #[test]
        fn powers_agree_with_repeated_multiplication(
            numerator in -40i64..40, shift in 0u32..5, e in -6i64..7,
        ) {
            let x = Dyadic::new(numerator, shift);
            let fast = dyadic_power(&x, &BigInt::from(e)).ok();
            let expected = if x.is_zero() && e < 0 { None } else { slow_power(&x, e) };
            prop_assert_eq!(fast, expected, "{} ^ {}", x, e);
        }
    }

    #[test]
    fn powers_past_the_limit_are_refused_at_once() {
        let two = Dyadic::from_integer(2);
        let huge = BigInt::one() << 100;
        assert!(matches!(
            dyadic_power(&two, &huge),
            Err(PartizanError::TooLarge { .. })
        ));
        let minus_one = -Dyadic::one();
        assert_eq!(dyadic_power(&minus_one, &huge).ok(), Some(Dyadic::one()));
        assert_eq!(dyadic_power(&minus_one, &(&huge + 1)).ok(), Some(minus_one));
        assert_eq!(
            dyadic_power(&Dyadic::one(), &-huge).ok(),
            Some(Dyadic::one())
        );
        let ok = dyadic_power(&two, &BigInt::from(MAX_POWER_BITS / 2)).expect("inside");
        assert_eq!(ok.numerator().bits(), MAX_POWER_BITS / 2 + 1);
        // Two such numbers multiplied would pass the limit: refused before multiplying.
        assert!(matches!(
            number_product(&ok, &ok),
            Err(PartizanError::TooLarge { .. })
        ));
    }
}
