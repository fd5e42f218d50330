//! The error type of the crate: what cannot be answered, and why, in one line.

use conway_core::{Diagnostic, ErrorKind};

/// Why a question about a game with cycles could not be answered.
#[derive(Debug, thiserror::Error)]
pub enum RetrogradeError {
    /// An argument is outside the game's domain (off-board square, n = 1, …).
    #[error("{0}")]
    InvalidInput(String),
    /// The game is larger than the documented limit.
    #[error("{0}")]
    TooLarge(String),
    /// The user stopped the computation.
    #[error("interrupted")]
    Interrupted,
    /// A file named by the user could not be read.
    #[error(transparent)]
    Io(#[from] conway_core::error::FileError),
    /// A solved table could not be written or read, or belongs to another game.
    #[error(transparent)]
    File(#[from] conway_core::durable::DurableError),
}

impl From<conway_core::Interrupted> for RetrogradeError {
    fn from(_: conway_core::Interrupted) -> Self {
        RetrogradeError::Interrupted
    }
}

impl Diagnostic for RetrogradeError {
    fn kind(&self) -> ErrorKind {
        match self {
            RetrogradeError::InvalidInput(_) => ErrorKind::InvalidInput,
            RetrogradeError::TooLarge(_) => ErrorKind::TooLarge,
            RetrogradeError::Interrupted => ErrorKind::Interrupted,
            RetrogradeError::Io(_) => ErrorKind::Io,
            RetrogradeError::File(e) => e.kind(),
        }
    }
}
