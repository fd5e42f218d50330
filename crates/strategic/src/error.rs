//! The error type of the crate: what is wrong with a game or a request, and where.

use conway_core::{Diagnostic, ErrorKind, Location};

/// Why a strategic-game question could not be answered.
#[derive(Debug, thiserror::Error)]
pub enum StrategicError {
    /// A malformed file or matrix, with the position of the problem.
    #[error("line {line}, column {column}: {message}")]
    Parse {
        /// 1-based line.
        line: usize,
        /// 1-based column (in characters).
        column: usize,
        /// What is wrong there.
        message: String,
    },
    /// A request outside the method's domain (three players for a two-player method, …).
    #[error("{0}")]
    InvalidInput(String),
    /// The game is larger than the documented limit.
    #[error("{0}")]
    TooLarge(String),
    /// The computation was stopped through its progress hook.
    #[error("interrupted")]
    Interrupted,
    /// A file named by the user could not be read.
    #[error(transparent)]
    Io(#[from] conway_core::error::FileError),
}

impl From<conway_core::Interrupted> for StrategicError {
    fn from(_: conway_core::Interrupted) -> Self {
        StrategicError::Interrupted
    }
}

impl Diagnostic for StrategicError {
    fn kind(&self) -> ErrorKind {
        match self {
            StrategicError::Parse { .. } => ErrorKind::Parse,
            StrategicError::InvalidInput(_) => ErrorKind::InvalidInput,
            StrategicError::TooLarge(_) => ErrorKind::TooLarge,
            StrategicError::Interrupted => ErrorKind::Interrupted,
            StrategicError::Io(_) => ErrorKind::Io,
        }
    }

    fn location(&self) -> Option<Location> {
        match self {
            StrategicError::Parse { line, column, .. } => Some(Location::at(*line, *column)),
            _ => None,
        }
    }
}
