//! Reading the words of a command line or a call into numbers: whole numbers with their
//! limits, lists of them and spans of seconds, each refusal with its kind (a number past
//! [`MAX_DIGITS`] is too large, a negative one invalid) so that every front end reports it
//! alike.

use std::time::Duration;

use conway_core::ErrorKind;
use num_bigint::BigUint;

/// Largest number of decimal digits accepted in one number.
pub const MAX_DIGITS: usize = 10_000;

/// A word refused, with the kind of refusal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueError {
    kind: ErrorKind,
    message: String,
}

impl ValueError {
    /// A value outside what the parameter means (negative, not a number, zero where 0
    /// means nothing).
    pub fn invalid(message: impl Into<String>) -> Self {
        ValueError {
            kind: ErrorKind::InvalidInput,
            message: message.into(),
        }
    }

    /// A value past a documented limit.
    pub fn too_large(message: impl Into<String>) -> Self {
        ValueError {
            kind: ErrorKind::TooLarge,
            message: message.into(),
        }
    }

    /// What kind of refusal this is.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }
}

impl std::fmt::Display for ValueError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ValueError {}

/// `s` trimmed, when it is a whole number ≥ 0 of at most [`MAX_DIGITS`] digits.
fn check_digits(s: &str) -> Result<&str, ValueError> {
    let t = s.trim();
    if t.is_empty() {
        return Err(ValueError::invalid("expected a whole number, got nothing"));
    }
    if t.starts_with('-') {
        return Err(ValueError::invalid(format!(
            "'{t}' is negative; expected a whole number ≥ 0"
        )));
    }
    if !t.chars().all(|c| c.is_ascii_digit()) {
        return Err(ValueError::invalid(format!("'{t}' is not a whole number")));
    }
    if t.len() > MAX_DIGITS {
        return Err(ValueError::too_large(format!(
            "a number has {} digits; at most {MAX_DIGITS} are supported",
            t.len()
        )));
    }
    Ok(t)
}

/// A whole number ≥ 0 of any size (up to [`MAX_DIGITS`] digits).
pub fn parse_natural(s: &str) -> Result<BigUint, ValueError> {
    check_digits(s)?
        .parse()
        .map_err(|_| ValueError::invalid(format!("'{s}' is not a whole number")))
}

/// A whole number ≥ 0 that fits in 32 bits.
pub fn parse_u32(s: &str) -> Result<u32, ValueError> {
    check_digits(s)?
        .parse()
        .map_err(|_| ValueError::too_large(format!("'{s}' is too large (at most {})", u32::MAX)))
}

/// A whole number ≥ 0 that fits in 64 bits.
pub fn parse_u64(s: &str) -> Result<u64, ValueError> {
    check_digits(s)?
        .parse()
        .map_err(|_| ValueError::too_large(format!("'{s}' is too large (at most {})", u64::MAX)))
}

/// Whole numbers below 2^64 written as a list (`2,3,4,6`), or `none` for the empty list.
pub fn parse_numbers(s: &str) -> Result<Vec<u64>, ValueError> {
    if s.trim() == "none" {
        return Ok(Vec::new());
    }
    s.split(',').map(parse_u64).collect()
}

/// A decimal number (`1.5`, `1e3`, `inf`): Rust's grammar for `f64`, nothing else.
pub fn parse_f64(s: &str) -> Result<f64, ValueError> {
    s.trim()
        .parse()
        .map_err(|_| ValueError::invalid("not a number"))
}

/// A span of seconds ≥ 0; `inf` (or a span too long for the clock, such as 1e300) is the
/// longest span there is. NaN and negative spans mean nothing.
pub fn parse_seconds(s: &str) -> Result<Duration, ValueError> {
    let x = parse_f64(s)?;
    if x.is_nan() || x < 0.0 {
        return Err(ValueError::invalid(
            "expected a number of seconds ≥ 0, or inf to save only at the end",
        ));
    }
    Ok(Duration::try_from_secs_f64(x).unwrap_or(Duration::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_refused_with_their_kind_never_a_panic() {
        assert_eq!(
            parse_u64("18446744073709551616").map_err(|e| e.kind()),
            Err(ErrorKind::TooLarge)
        );
        assert_eq!(parse_u64(" 7 ").ok(), Some(7));
        let huge = "9".repeat(MAX_DIGITS + 1);
        assert_eq!(
            parse_natural(&huge).map_err(|e| e.kind()),
            Err(ErrorKind::TooLarge)
        );
        assert_eq!(
            parse_natural("-3").map_err(|e| e.kind()),
            Err(ErrorKind::InvalidInput)
        );
        assert_eq!(
            parse_u32("4294967296").map_err(|e| e.kind()),
            Err(ErrorKind::TooLarge)
        );
        assert_eq!(parse_numbers("none").ok(), Some(vec![]));
        assert_eq!(parse_numbers("2,3").ok(), Some(vec![2, 3]));
        assert!(parse_numbers("2,,3").is_err());
        for bad in ["nan", "-1", "-inf", "NaN", "x", ""] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_seconds("inf").ok(), Some(Duration::MAX));
        assert_eq!(parse_seconds("1e300").ok(), Some(Duration::MAX));
        assert_eq!(parse_seconds("1.5").ok(), Some(Duration::from_millis(1500)));
    }
}
