//! The error type of the crate: what a user asked for that cannot be answered, and why.

use conway_core::{Diagnostic, ErrorKind};

/// Why an impartial-game question could not be answered.
#[derive(Debug, thiserror::Error)]
pub enum ImpartialError {
    /// An argument is out of the game's domain (a zero heap where the game forbids it, …).
    #[error("{0}")]
    InvalidInput(String),
    /// The search would visit more positions than the documented limit.
    #[error("the search needs more than {limit} positions; {hint}")]
    PositionLimit {
        /// The limit that was reached.
        limit: usize,
        /// What the user can do instead.
        hint: String,
    },
    /// A Grundy value is larger than the sequence engine stores.
    #[error("the Grundy value of heap {heap} is larger than {limit}, the largest value stored")]
    ValueLimit {
        /// The heap whose value does not fit.
        heap: usize,
        /// The largest value that fits.
        limit: u64,
    },
    /// The game graph has a cycle, so Grundy values are undefined (see loopy games).
    #[error("the game has a cycle through a position; it is not a finite game")]
    Cycle,
    /// The graph of a graph game could not be read, or a question about it answered (an
    /// unknown vertex, a graph beyond an algorithm's limit).
    #[error(transparent)]
    Graph(#[from] conway_graph::GraphError),
    /// The computation was stopped through its progress hook.
    #[error("interrupted")]
    Interrupted,
    /// A checkpoint file could not be written or read, or belongs to something else.
    #[error(transparent)]
    File(#[from] conway_core::durable::DurableError),
}

impl From<conway_core::Interrupted> for ImpartialError {
    fn from(_: conway_core::Interrupted) -> Self {
        ImpartialError::Interrupted
    }
}

impl Diagnostic for ImpartialError {
    fn kind(&self) -> ErrorKind {
        match self {
            ImpartialError::InvalidInput(_) | ImpartialError::Cycle => ErrorKind::InvalidInput,
            ImpartialError::PositionLimit { .. } | ImpartialError::ValueLimit { .. } => {
                ErrorKind::TooLarge
            }
            ImpartialError::Interrupted => ErrorKind::Interrupted,
            ImpartialError::File(e) => e.kind(),
            ImpartialError::Graph(e) => e.kind(),
        }
    }

    fn location(&self) -> Option<conway_core::Location> {
        match self {
            ImpartialError::Graph(e) => e.location(),
            _ => None,
        }
    }
}
