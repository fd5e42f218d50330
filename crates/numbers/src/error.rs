//! The error type shared by the number systems.

use thiserror::Error;

/// What can go wrong when reading or computing an exact number.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NumberError {
    /// Text that does not denote a number of the expected kind.
    #[error("invalid {what} '{input}': {reason}")]
    Parse {
        /// The kind of number that was expected, e.g. "dyadic rational".
        what: &'static str,
        /// The offending text.
        input: String,
        /// Why it was rejected.
        reason: String,
    },
    /// Division by zero (the zero nimber has no inverse).
    #[error("division by zero")]
    DivisionByZero,
    /// A power-of-two exponent that leaves the representable range.
    #[error(
        "power-of-two exponent {0} is out of range (a dyadic denominator is at most 2^4294967295)"
    )]
    ExponentOutOfRange(i64),
}
