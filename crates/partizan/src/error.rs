//! The error type of the partizan crate.

use thiserror::Error;

/// What can go wrong when reading or evaluating a partizan game.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PartizanError {
    /// Malformed input: the message names what and where.
    #[error("{0}")]
    InvalidInput(String),
    /// The operation does not apply to this game (e.g. the atomic weight of a non-atomic game).
    #[error("{0}")]
    NotApplicable(String),
    /// A size limit, checked before any work is done.
    #[error("{0}")]
    TooLarge(String),
}

impl conway_core::Diagnostic for PartizanError {
    fn kind(&self) -> conway_core::ErrorKind {
        match self {
            PartizanError::TooLarge(_) => conway_core::ErrorKind::TooLarge,
            _ => conway_core::ErrorKind::InvalidInput,
        }
    }
}
