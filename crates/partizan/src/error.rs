//! The error type of the partizan crate.
//!
//! Errors about a place in the input carry its column as a number, never inside their text, so
//! that a caller reading a text embedded in a larger one (a ruleset's string inside an `eval`
//! expression) can move the column into the larger input: see [`PartizanError::within`].

use std::fmt::Display;

use thiserror::Error;

/// What can go wrong when reading or evaluating a partizan game.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PartizanError {
    /// Input that cannot be read or has no meaning, at a place in it.
    #[error("column {column}: {message}")]
    Parse {
        /// 1-based column, counted in characters, of the offending part: in the text the
        /// parser was given, which for `eval` is the whole expression.
        column: usize,
        /// What is wrong, in one line, without the column.
        message: String,
    },
    /// Malformed input where no single place is to blame: the message says what.
    #[error("{0}")]
    InvalidInput(String),
    /// The operation does not apply to this game (e.g. the atomic weight of a non-atomic game).
    #[error("{0}")]
    NotApplicable(String),
    /// A size limit, checked before any work is done.
    #[error("{what} has size {size}, more than the limit of {limit}")]
    TooLarge {
        /// What was measured, e.g. "clobber board".
        what: String,
        /// Its size.
        size: String,
        /// The largest size accepted.
        limit: String,
    },
    /// An error of the part of an expression that starts at `column`: evaluation failed there
    /// for a reason that is not itself about a place (a limit, an operation that does not
    /// apply). Never wraps an error that already has a column.
    #[error("column {column}: {error}")]
    Located {
        /// 1-based column, in characters, in the whole input.
        column: usize,
        /// What went wrong there.
        error: Box<PartizanError>,
    },
    /// A recursion through the games would have needed more stack than the evaluating
    /// thread has left ([`crate::Store::descend`]): refused rather than overflowed.
    #[error(
        "the games are too deep for this thread's stack (the recursion through their options \
         reached its last {reserve_kib} KiB); Conway's front ends evaluate on a stack of {stack_mib} MiB",
        reserve_kib = crate::stack::STACK_RESERVE >> 10,
        stack_mib = crate::stack::EVALUATION_STACK >> 20
    )]
    TooDeep,
    /// The evaluation was stopped through the store's progress hook.
    #[error("interrupted")]
    Interrupted,
}

impl PartizanError {
    /// A [`PartizanError::Parse`] error.
    pub fn parse(column: usize, message: impl Into<String>) -> PartizanError {
        PartizanError::Parse {
            column,
            message: message.into(),
        }
    }

    /// A [`PartizanError::TooLarge`] error.
    pub fn too_large(what: impl Into<String>, size: impl Display, limit: impl Display) -> Self {
        PartizanError::TooLarge {
            what: what.into(),
            size: size.to_string(),
            limit: limit.to_string(),
        }
    }

    /// Whether this is [`PartizanError::TooDeep`], at any place: the one refusal that a
    /// larger stack would answer.
    pub fn is_too_deep(&self) -> bool {
        match self {
            PartizanError::TooDeep => true,
            PartizanError::Located { error, .. } => error.is_too_deep(),
            _ => false,
        }
    }

    /// The 1-based column the error is about, if it is about a place.
    pub fn column(&self) -> Option<usize> {
        match self {
            PartizanError::Parse { column, .. } | PartizanError::Located { column, .. } => {
                Some(*column)
            }
            _ => None,
        }
    }

    /// The error of a text that starts at column `first` of a larger input, with its column
    /// counted in the larger input (column 1 of the text is column `first`).
    #[must_use]
    pub fn within(self, first: usize) -> PartizanError {
        let moved = |column: usize| column + first.saturating_sub(1);
        match self {
            PartizanError::Parse { column, message } => PartizanError::Parse {
                column: moved(column),
                message,
            },
            PartizanError::Located { column, error } => PartizanError::Located {
                column: moved(column),
                error,
            },
            other => other,
        }
    }

    /// The error located at `column` unless it already has a column of its own (a deeper part
    /// of the input knows better where the problem is).
    #[must_use]
    pub fn at(self, column: usize) -> PartizanError {
        if self.column().is_some() {
            self
        } else {
            PartizanError::Located {
                column,
                error: Box::new(self),
            }
        }
    }
}

/// A misère form past its limits is too large; any other misère error is bad input.
impl From<conway_misere::MisereError> for PartizanError {
    fn from(error: conway_misere::MisereError) -> Self {
        match error {
            conway_misere::MisereError::TooLarge { what, size, limit } => {
                PartizanError::TooLarge { what, size, limit }
            }
            other => PartizanError::InvalidInput(other.to_string()),
        }
    }
}

impl conway_core::Diagnostic for PartizanError {
    fn kind(&self) -> conway_core::ErrorKind {
        use conway_core::ErrorKind;
        match self {
            PartizanError::Parse { .. } => ErrorKind::Parse,
            PartizanError::InvalidInput(_) | PartizanError::NotApplicable(_) => {
                ErrorKind::InvalidInput
            }
            PartizanError::TooLarge { .. } | PartizanError::TooDeep => ErrorKind::TooLarge,
            PartizanError::Located { error, .. } => error.kind(),
            PartizanError::Interrupted => ErrorKind::Interrupted,
        }
    }

    fn location(&self) -> Option<conway_core::Location> {
        match self {
            PartizanError::Parse { column, .. } | PartizanError::Located { column, .. } => {
                Some(conway_core::Location::column(*column))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_compose_into_one() {
        let inner = PartizanError::parse(3, "bad square");
        let moved = inner.within(10);
        assert_eq!(moved.column(), Some(12));
        // An error with a column keeps it: no second column is added.
        let kept = moved.at(1);
        assert_eq!(kept.to_string(), "column 12: bad square");
        let limit = PartizanError::too_large("board", 70, 64);
        assert_eq!(limit.column(), None);
        // An error without a column is unchanged by `within` and gets one from `at`.
        let located = limit.clone().within(10).at(5);
        assert_eq!(
            located.to_string(),
            "column 5: board has size 70, more than the limit of 64"
        );
        assert_eq!(located.clone().within(3).column(), Some(7));
        assert!(matches!(located, PartizanError::Located { error, .. } if *error == limit));
    }
}
