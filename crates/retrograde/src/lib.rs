//! Games whose positions can repeat: exact win / loss / draw and the length of the game with
//! optimal play by retrograde analysis, and the classic games with cycles.
//!
//! - [`graph`]: the [`GameGraph`](graph::GameGraph) trait — a finite two-player game over a
//!   dense state index — and the per-state [`Value`](graph::Value).
//! - [`solve`]: the retrograde engine (successor counters, levels of increasing depth, both
//!   cores for large graphs); [`oracle`] the value-iteration oracle beside it.
//! - [`table`]: solved tables saved to a file and probed later.
//! - [`chase`]: The Easy Chase of seed 000.
//! - [`digraph`]: edge-list files; [`loopy`]: generalized Sprague-Grundy values of impartial
//!   games on digraphs with cycles (Smith; Fraenkel).
//! - [`graph_games`]: Green Hackenbush on rooted graphs, undirected vertex geography and
//!   conjunctive compounds of games on DAGs (seed 004).
//!
//! Nothing here prints or parses command lines.

pub mod chase;
pub mod digraph;
mod error;
pub mod graph;
pub mod graph_games;
pub mod loopy;
pub mod oracle;
pub mod solve;
pub mod table;

pub use error::RetrogradeError;
