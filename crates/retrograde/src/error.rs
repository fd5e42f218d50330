//! The error type of the crate: what cannot be answered, and why, in one line.

use std::fmt::Display;

use conway_core::{Diagnostic, ErrorKind};

/// Why a question about a game with cycles could not be answered.
#[derive(Debug, thiserror::Error)]
pub enum RetrogradeError {
    /// An argument is outside the game's domain (off-board square, n = 1, …).
    #[error("{0}")]
    InvalidInput(String),
    /// The game is larger than a documented limit, found out before the work.
    #[error("{what} is {size}, more than the limit of {limit}")]
    TooLarge {
        /// What was measured, e.g. "board side".
        what: String,
        /// Its size.
        size: String,
        /// The largest size accepted.
        limit: String,
    },
    /// The user stopped the computation.
    #[error("interrupted")]
    Interrupted,
    /// A graph file could not be read, or names a vertex the graph lacks.
    #[error(transparent)]
    Graph(#[from] conway_graph::GraphError),
    /// A file named by the user could not be read.
    #[error(transparent)]
    Io(#[from] conway_core::error::FileError),
    /// A solved table could not be written or read, or belongs to another game.
    #[error(transparent)]
    File(#[from] conway_core::durable::DurableError),
    /// Another rank of a distributed run failed (its own slice file, say).
    #[error("{0}")]
    OnRank(conway_core::ranks::RankFailure),
}

impl RetrogradeError {
    /// A [`RetrogradeError::TooLarge`] error.
    pub fn too_large(what: impl Into<String>, size: impl Display, limit: impl Display) -> Self {
        RetrogradeError::TooLarge {
            what: what.into(),
            size: size.to_string(),
            limit: limit.to_string(),
        }
    }
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
            RetrogradeError::TooLarge { .. } => ErrorKind::TooLarge,
            RetrogradeError::Interrupted => ErrorKind::Interrupted,
            RetrogradeError::Graph(e) => e.kind(),
            RetrogradeError::Io(_) => ErrorKind::Io,
            RetrogradeError::File(e) => e.kind(),
            RetrogradeError::OnRank(failure) => failure.kind,
        }
    }

    fn location(&self) -> Option<conway_core::Location> {
        match self {
            RetrogradeError::Graph(e) => e.location(),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn too_large_names_what_its_size_and_the_limit() {
        let e = RetrogradeError::too_large("board side", 81, 80);
        assert_eq!(e.to_string(), "board side is 81, more than the limit of 80");
        assert_eq!(e.kind(), ErrorKind::TooLarge);
        let graph = RetrogradeError::from(conway_graph::GraphError::Interrupted);
        assert_eq!(graph.kind(), ErrorKind::Interrupted);
    }
}
