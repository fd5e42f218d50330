//! The error type of the crate: what cannot be answered, and why, in one line.

/// Why a question about a game with cycles could not be answered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
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
    /// A file could not be read or written.
    #[error("{0}")]
    Io(String),
}
