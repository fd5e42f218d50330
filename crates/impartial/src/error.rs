//! The error type of the crate: what a user asked for that cannot be answered, and why.

/// Why an impartial-game question could not be answered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
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
}
