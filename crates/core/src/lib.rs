//! What every Conway domain shares, so that every front end (the CLI, the Python package, the
//! worksheet) meets one pattern:
//!
//! - [`report`]: the answer for a position — [`Outcome`], value, winning moves `{move, to}`,
//!   facts — as data that serializes to the JSON of the CLI contract. Domain crates fill these
//!   (and their own report structs, which derive `serde::Serialize`); front ends only render.
//! - [`progress`]: one hook, [`Progress`], passed to every long computation: it hears how much
//!   work is done and answers whether to go on. Stopping has one meaning everywhere: the
//!   computation returns [`Interrupted`] promptly, keeping what can be resumed.
//! - [`error`]: the kinds of failure ([`ErrorKind`]) and where in the input they are
//!   ([`Location`]), so that a front end maps them to exit codes or JSON in one place.
//! - [`durable`]: crash-safe files (temporary file, fsync, rename, directory fsync, CRC-32,
//!   format version and the identity of the game they belong to); [`formats`]: every file
//!   format Conway writes, each magic registered once.
//! - [`svg`]: what the domains' pictures share (escaping text).
//! - `allocator`: the global allocator of Conway's programs (the `mimalloc` feature).
//! - [`ranks`]: the processes of a distributed run ([`Ranks`]), over MPI in a front end or
//!   as threads in one process ([`ranks::run_local`]) for tests.
//!
//! This crate knows nothing about games: it sits beside `conway-numbers` at the bottom of the
//! dependency graph.

mod allocator;
pub mod durable;
pub mod error;
pub mod formats;
pub mod outcome;
pub mod play;
pub mod progress;
pub mod ranks;
pub mod report;
pub mod svg;

pub use error::{Diagnostic, ErrorKind, Location};
pub use outcome::Outcome;
pub use progress::{
    or_no_progress, Interrupted, NoProgress, Pace, Parts, Progress, Stage, StopAfter, StopFlag,
    Watcher, Work,
};
pub use ranks::Ranks;
pub use report::{Fact, Solution, WinningMove};
