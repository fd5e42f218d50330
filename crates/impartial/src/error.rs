//! The error type of the crate: what a user asked for that cannot be answered, and why.

use std::fmt::Display;
use std::path::PathBuf;

use conway_core::{Diagnostic, ErrorKind};

/// Why an impartial-game question could not be answered.
#[derive(Debug, thiserror::Error)]
pub enum ImpartialError {
    /// An argument is out of the game's domain (a zero heap where the game forbids it, …).
    #[error("{0}")]
    InvalidInput(String),
    /// A character with no meaning where it stands (a coin that is neither heads nor
    /// tails), at a place in the input: a column of a row, and the row on a board.
    #[error(
        "{}column {column}: {message}",
        .row.map_or(String::new(), |r| format!("row {r}, "))
    )]
    Parse {
        /// The row (counting from 1) on a board of several rows; `None` for one row.
        row: Option<usize>,
        /// The column, counting characters from 1.
        column: usize,
        /// What is wrong, without the place.
        message: String,
    },
    /// The search would visit more positions than the documented limit.
    #[error("the search needs more than {limit} positions; {hint}")]
    PositionLimit {
        /// The limit that was reached.
        limit: usize,
        /// What the user can do instead.
        hint: String,
    },
    /// The search would do more work (moves generated, splits looked at) than its limit
    /// allows.
    #[error("the search needs more than {limit} {unit}; {hint}")]
    MoveLimit {
        /// The limit that was reached.
        limit: u64,
        /// What was counted: `moves`, `splits looked at`.
        unit: &'static str,
        /// What the user can do instead.
        hint: String,
    },
    /// A size limit, checked before any work is done: a heap, a table, a board or a set
    /// larger than the documented limit. Build it with [`ImpartialError::too_large`].
    #[error("{what} has size {size}, more than the limit of {limit}")]
    TooLarge {
        /// What was measured, e.g. "the table of grundy".
        what: String,
        /// Its size, with its unit where one helps ("1000001 heaps").
        size: String,
        /// The largest size accepted.
        limit: String,
    },
    /// A run of the heap engine whose work, estimated from its first heaps, passes the
    /// limit of a run without a checkpoint: refused then, not after hours of work.
    #[error(
        "{game} to heap {heap} would look at about {} splits (estimated from its first {trial} \
         heaps), more than the limit of {} for a run without a checkpoint; ask for fewer \
         heaps, or name a --checkpoint (a run that saves its values has no limit and can be \
         stopped and resumed)",
        approximately(*estimate),
        power_of_two(*limit)
    )]
    EstimatedWork {
        /// The game, as the catalogue describes it.
        game: String,
        /// The last heap asked for.
        heap: usize,
        /// The estimated splits looked at.
        estimate: u64,
        /// The heaps the estimate is made from.
        trial: usize,
        /// The most splits estimated that a run may need.
        limit: u64,
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
    /// A computation over heaps `0, 1, 2, …` (a Grundy sequence, the genera of heaps) was
    /// stopped through its progress hook with the heaps before `heap` done; when a
    /// checkpoint was named, their values were saved there and a run with the same file
    /// resumes from them.
    #[error("interrupted at heap {heap}{}", saved_note(saved_to))]
    InterruptedAtHeap {
        /// The first heap not done.
        heap: usize,
        /// The checkpoint holding the values of heaps `0..heap`, if one was named.
        saved_to: Option<PathBuf>,
    },
    /// A checkpoint file could not be written or read, or belongs to something else.
    #[error(transparent)]
    File(#[from] conway_core::durable::DurableError),
}

impl From<conway_core::Interrupted> for ImpartialError {
    fn from(_: conway_core::Interrupted) -> Self {
        ImpartialError::Interrupted
    }
}

/// `; values saved to PATH` when a checkpoint holds the values, else nothing.
fn saved_note(saved_to: &Option<PathBuf>) -> String {
    saved_to
        .as_ref()
        .map(|path| format!("; values saved to {}", path.display()))
        .unwrap_or_default()
}

/// A count in words a person reads at a glance: `4.4 × 10^12`.
fn approximately(n: u64) -> String {
    if n < 1_000_000 {
        return n.to_string();
    }
    let exponent = n.ilog10();
    let mantissa = n as f64 / 10f64.powi(exponent as i32);
    format!("{mantissa:.1} × 10^{exponent}")
}

/// `2^k` for a power of two, else the count [`approximately`].
fn power_of_two(n: u64) -> String {
    if n.is_power_of_two() {
        format!("2^{}", n.trailing_zeros())
    } else {
        approximately(n)
    }
}

impl ImpartialError {
    /// A [`ImpartialError::TooLarge`] error: `what` has `size`, more than `limit`.
    pub fn too_large(what: impl Into<String>, size: impl Display, limit: impl Display) -> Self {
        ImpartialError::TooLarge {
            what: what.into(),
            size: size.to_string(),
            limit: limit.to_string(),
        }
    }
}

impl Diagnostic for ImpartialError {
    fn kind(&self) -> ErrorKind {
        match self {
            ImpartialError::InvalidInput(_) | ImpartialError::Cycle => ErrorKind::InvalidInput,
            ImpartialError::Parse { .. } => ErrorKind::Parse,
            ImpartialError::TooLarge { .. }
            | ImpartialError::PositionLimit { .. }
            | ImpartialError::MoveLimit { .. }
            | ImpartialError::EstimatedWork { .. }
            | ImpartialError::ValueLimit { .. } => ErrorKind::TooLarge,
            ImpartialError::Interrupted | ImpartialError::InterruptedAtHeap { .. } => {
                ErrorKind::Interrupted
            }
            ImpartialError::File(e) => e.kind(),
            ImpartialError::Graph(e) => e.kind(),
        }
    }

    fn location(&self) -> Option<conway_core::Location> {
        match self {
            ImpartialError::Graph(e) => e.location(),
            ImpartialError::Parse { row, column, .. } => Some(conway_core::Location {
                line: *row,
                column: *column,
            }),
            _ => None,
        }
    }
}
