//! Why a question about misère canonical forms could not be answered.

/// The errors of misère canonical forms.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MisereError {
    /// A limit of the store: more forms than it may hold, a heap larger than it builds.
    #[error("{what} has size {size}, more than the limit of {limit}")]
    TooLarge {
        /// What was measured.
        what: String,
        /// Its size.
        size: String,
        /// The largest size accepted.
        limit: String,
    },
    /// A theorem's promise that did not hold: a bug, reported rather than panicked on.
    #[error("internal error: {0}")]
    Internal(String),
}

impl MisereError {
    /// A [`MisereError::TooLarge`].
    pub fn too_large(
        what: &str,
        size: impl std::fmt::Display,
        limit: impl std::fmt::Display,
    ) -> Self {
        MisereError::TooLarge {
            what: what.to_string(),
            size: size.to_string(),
            limit: limit.to_string(),
        }
    }
}
