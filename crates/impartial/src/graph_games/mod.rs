//! Graph games, played on edge-list files ([`conway_graph::Digraph`]):
//! Green Hackenbush on rooted graphs, undirected vertex geography, and conjunctive compounds
//! of games on DAGs.
//!
//! Each is solved by a theorem rather than by search over positions, so each module keeps
//! a brute-force search of the game in its tests to hold the theorem's implementation to
//! account. The graph algorithms themselves (bridges, matchings, DAG order) live in
//! `conway-graph`, with their own oracles; these modules hold the rules, the moves in a
//! player's words and the [`Solution`](crate::Solution) each returns.
//!
//! - [`green_hackenbush`]: fusion and colon principles (Winning Ways ch. 7).
//! - [`geography`]: maximum matchings (Fraenkel, Scheinerman and Ullman 1993).
//! - [`conjunctive`]: remoteness (Smith 1966; Steinhaus).

pub mod conjunctive;
pub mod geography;
pub mod green_hackenbush;

/// "s" after a count other than one.
fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
