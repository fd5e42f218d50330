//! Exact fractions shown as decimals with a fixed number of places, for `--decimals N`
//! (Gambit's `-d`): `1/3` to 4 places is `0.3333`, `2/3` is `0.6667`.
//!
//! Rounding is exact, on the fraction itself rather than on a floating-point number: the
//! result is the decimal with N places nearest to the fraction, halves rounded away from zero
//! (`1/8` to 2 places is `0.13`, `-1/8` is `-0.13`). A negative value that rounds to zero is
//! written `0.00`, without a sign.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

use crate::StrategicError;

/// The most decimal places accepted.
pub const MAX_DECIMAL_PLACES: usize = 1000;

/// The exact number `text` (`1/3`, `-2`, as the reports write them) to `places` decimal
/// places.
pub fn decimal_text(text: &str, places: usize) -> Result<String, StrategicError> {
    if places > MAX_DECIMAL_PLACES {
        return Err(StrategicError::InvalidInput(format!(
            "--decimals takes at most {MAX_DECIMAL_PLACES} places, not {places}"
        )));
    }
    let x = crate::game::parse_number(text).ok_or_else(|| {
        StrategicError::Internal(format!("{text:?} is not an exact number to round"))
    })?;
    Ok(rounded(&x, places))
}

/// x to `places` places, halves away from zero.
pub fn rounded(x: &BigRational, places: usize) -> String {
    let scale = num_traits::pow(BigInt::from(10), places);
    let scaled = x.abs() * BigRational::from_integer(scale.clone());
    let (whole, rest) = scaled.numer().div_rem(scaled.denom());
    // Round up when the remainder is at least half the denominator.
    let units = if rest.clone() * 2 >= *scaled.denom() {
        whole + BigInt::one()
    } else {
        whole
    };
    let (int_part, frac_part) = units.div_rem(&scale);
    let sign = if x.is_negative() && !units.is_zero() {
        "-"
    } else {
        ""
    };
    if places == 0 {
        return format!("{sign}{int_part}");
    }
    format!("{sign}{int_part}.{:0>places$}", frac_part.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::str::FromStr;

    #[test]
    fn fractions_round_to_the_nearest_decimal() {
        let d = |text: &str, places| decimal_text(text, places).expect("valid");
        assert_eq!(d("1/3", 4), "0.3333");
        assert_eq!(d("2/3", 4), "0.6667");
        assert_eq!(d("1/8", 2), "0.13");
        assert_eq!(d("-1/8", 2), "-0.13");
        assert_eq!(d("-1/1000", 2), "0.00");
        assert_eq!(d("7", 3), "7.000");
        assert_eq!(d("-5/2", 0), "-3");
        assert_eq!(d("999/1000", 2), "1.00");
        assert_eq!(d("0", 1), "0.0");
        assert_eq!(d("0.56903", 3), "0.569");
        assert_eq!(d("-0.0005", 3), "-0.001");
        assert!(matches!(
            decimal_text("1/3", MAX_DECIMAL_PLACES + 1),
            Err(StrategicError::InvalidInput(_))
        ));
    }

    proptest! {
        /// The decimal is within half a unit of the last place of the fraction, and it is the
        /// fraction's own digits when the denominator divides a power of ten.
        #[test]
        fn the_decimal_is_the_nearest(p in -10_000i64..10_000, q in 1i64..1000, places in 0usize..8) {
            let text = format!("{p}/{q}");
            let shown = decimal_text(&text, places).expect("valid");
            let back = BigRational::from_str(&shown.replace('.', "")).expect("digits")
                / BigRational::from_integer(num_traits::pow(BigInt::from(10), places));
            let exact = BigRational::new(BigInt::from(p), BigInt::from(q));
            let half_unit = BigRational::new(BigInt::one(), BigInt::from(2) * num_traits::pow(BigInt::from(10), places));
            prop_assert!((back - exact).abs() <= half_unit, "{} to {} places: {}", text, places, shown);
        }
    }
}
