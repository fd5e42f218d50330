//! Games whose positions can repeat: exact win / loss / draw and the length of the game with
//! optimal play by retrograde analysis, and the classic games with cycles.
//!
//! - [`graph`]: the [`GameGraph`](graph::GameGraph) trait — a finite two-player game over a
//!   dense state index — and the per-state [`Value`](graph::Value).
//! - [`solve`]: the retrograde engine (successor counters, levels of increasing depth, both
//!   cores for large graphs); [`oracle`] the value-iteration oracle beside it.
//! - [`table`]: solved tables saved to a file and probed later.
//! - [`distributed`]: the same engine across the ranks of a distributed run (MPI), states
//!   split by index, one round per level, each rank's slice checkpointed.
//! - [`chase`]: The Easy Chase (TopCoder's problem TheEasyChase).
//! - [`loopy`]: generalized Sprague-Grundy values of impartial games on digraphs with
//!   cycles (Smith; Fraenkel), read from edge-list files by [`digraph`] (re-exported from
//!   `conway-graph`, where the format lives).
//! - [`report`]: the whole answers of `solve chase` and `solve digraph` as report structs
//!   that serialize to the CLI's JSON; solved tables read or written on the way.
//!
//! Nothing here prints or parses command lines.

pub mod chase;
pub mod distributed;
mod error;
pub mod graph;
pub mod loopy;
pub mod oracle;
pub mod report;
pub mod solve;
pub mod table;

pub use conway_graph::digraph;
pub use conway_graph::Digraph;
pub use error::RetrogradeError;
