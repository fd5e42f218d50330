//! The error type of the crate: what is wrong with a game or a request, and where.

use std::fmt::Display;

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
    /// The game or the work it needs is larger than a documented limit.
    #[error("{what}: {size}, more than the limit of {limit}")]
    TooLarge {
        /// What was measured, e.g. "strategies for support enumeration".
        what: String,
        /// Its size (or a lower bound on it, "at least …", when the count stopped there).
        size: String,
        /// The largest size accepted.
        limit: String,
    },
    /// An error in one named input (a file as the user named it, or the flag whose text it
    /// was): the name, then the error, which keeps its own line and column.
    #[error("{input}: {error}")]
    In {
        /// The input: a path, or a flag such as `--a`.
        input: String,
        /// What is wrong in it.
        error: Box<StrategicError>,
    },
    /// The computation was stopped through its progress hook.
    #[error("interrupted")]
    Interrupted,
    /// A file named by the user could not be read.
    #[error(transparent)]
    Io(#[from] conway_core::error::FileError),
    /// Conway itself failed: an answer did not pass its own check. A bug, never bad input.
    #[error("{0}")]
    Internal(String),
    /// Another rank of a distributed run failed.
    #[error("{0}")]
    OnRank(conway_core::ranks::RankFailure),
}

impl StrategicError {
    /// A [`StrategicError::TooLarge`] error.
    pub fn too_large(what: impl Into<String>, size: impl Display, limit: impl Display) -> Self {
        StrategicError::TooLarge {
            what: what.into(),
            size: size.to_string(),
            limit: limit.to_string(),
        }
    }

    /// This error as one in the input named `input` (a path or a flag).
    #[must_use]
    pub fn in_input(self, input: impl Into<String>) -> Self {
        StrategicError::In {
            input: input.into(),
            error: Box::new(self),
        }
    }
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
            StrategicError::TooLarge { .. } => ErrorKind::TooLarge,
            StrategicError::In { error, .. } => error.kind(),
            StrategicError::Interrupted => ErrorKind::Interrupted,
            StrategicError::Io(_) => ErrorKind::Io,
            StrategicError::Internal(_) => ErrorKind::Internal,
            StrategicError::OnRank(failure) => failure.kind,
        }
    }

    fn location(&self) -> Option<Location> {
        match self {
            StrategicError::Parse { line, column, .. } => Some(Location::at(*line, *column)),
            StrategicError::In { error, .. } => error.location(),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_inputs_keep_the_place_and_kind() {
        let e = StrategicError::Parse {
            line: 2,
            column: 3,
            message: "'x' is not a number".into(),
        }
        .in_input("--a");
        assert_eq!(e.to_string(), "--a: line 2, column 3: 'x' is not a number");
        assert_eq!(e.kind(), ErrorKind::Parse);
        assert_eq!(e.location(), Some(Location::at(2, 3)));
        let limit = StrategicError::too_large("strategies for support enumeration", 10, 9);
        assert_eq!(
            limit.to_string(),
            "strategies for support enumeration: 10, more than the limit of 9"
        );
        assert_eq!(limit.kind(), ErrorKind::TooLarge);
        assert_eq!(
            StrategicError::Internal("bug".into()).kind(),
            ErrorKind::Internal
        );
    }
}
