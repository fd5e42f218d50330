//! The error type of the crate: what is wrong with a graph or a question about it, in one
//! line.

/// Why a graph could not be read or a question about it answered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GraphError {
    /// A malformed line of an edge-list file.
    #[error("line {line}, column {column}: {message}")]
    Parse {
        /// 1-based line number.
        line: usize,
        /// 1-based column, in characters, of the offending token.
        column: usize,
        /// What is wrong there.
        message: String,
    },
    /// The graph, or the part of it a question needs, is larger than a documented limit.
    #[error("too many {what}: {size}, more than the limit of {limit}")]
    TooLarge {
        /// What was counted, e.g. "vertices".
        what: String,
        /// How many there are (or would be).
        size: u64,
        /// The limit.
        limit: u64,
    },
    /// A question the graph cannot answer: an unknown vertex name, an edge whose end is not
    /// a vertex.
    #[error("{0}")]
    InvalidInput(String),
    /// Reading was stopped through the progress hook.
    #[error("interrupted")]
    Interrupted,
}

impl From<conway_core::Interrupted> for GraphError {
    fn from(_: conway_core::Interrupted) -> Self {
        GraphError::Interrupted
    }
}

impl conway_core::Diagnostic for GraphError {
    fn kind(&self) -> conway_core::ErrorKind {
        use conway_core::ErrorKind;
        match self {
            GraphError::Parse { .. } => ErrorKind::Parse,
            GraphError::TooLarge { .. } => ErrorKind::TooLarge,
            GraphError::InvalidInput(_) => ErrorKind::InvalidInput,
            GraphError::Interrupted => ErrorKind::Interrupted,
        }
    }

    fn location(&self) -> Option<conway_core::Location> {
        match self {
            GraphError::Parse { line, column, .. } => {
                Some(conway_core::Location::at(*line, *column))
            }
            _ => None,
        }
    }
}
