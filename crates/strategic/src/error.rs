//! The error type of the crate: what is wrong with a game or a request, and where.

/// Why a strategic-game question could not be answered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
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
}
