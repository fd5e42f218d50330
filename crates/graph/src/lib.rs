//! Graphs as the games of this project meet them: read from edge-list files, and the graph
//! algorithms behind the graph games.
//!
//! - [`digraph`]: the edge-list file format and [`Digraph`], a directed multigraph with
//!   named vertices; parse errors name the line and column.
//! - [`multigraph`]: [`Multigraph`], the undirected view (edge directions ignored, parallel
//!   edges and loops kept, edges numbered in file order).
//! - [`bridges`]: bridges and 2-edge-connected parts of a component, without recursion.
//! - [`matching`]: maximum matchings (Hopcroft–Karp on bipartite graphs, Edmonds' blossom
//!   algorithm otherwise) and which vertices every maximum matching covers.
//! - [`dag`]: the vertices reachable from a start, each after all its successors, or a
//!   vertex on a cycle.
//! - [`green_hackenbush`]: the nim value of a rooted multigraph by the fusion and colon
//!   principles, shared by the impartial and the partizan crates.
//!
//! Nothing here knows a game's rules, positions or reports, prints, or depends on a Conway
//! crate other than `conway-core` (errors and progress). Every fast algorithm is checked in its tests against a brute-force oracle.

pub mod bridges;
pub mod dag;
pub mod digraph;
mod error;
pub mod green_hackenbush;
pub mod matching;
pub mod multigraph;
#[cfg(any(test, feature = "testing"))]
pub mod testing;

pub use digraph::Digraph;
pub use error::GraphError;
pub use multigraph::Multigraph;
