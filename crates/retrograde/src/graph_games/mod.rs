//! The graph games of seed 004: Green Hackenbush on rooted graphs, undirected vertex
//! geography, and conjunctive compounds of games on DAGs.
//!
//! Each is solved by a theorem rather than by search over positions, so each module keeps
//! a brute-force search in its tests to hold the theorem's implementation to account.
//!
//! - [`hackenbush`]: fusion and colon principles (Winning Ways ch. 7).
//! - [`geography`]: maximum matchings (Fraenkel, Scheinerman and Ullman 1993).
//! - [`conjunctive`]: remoteness (Smith 1966; Steinhaus).

pub mod conjunctive;
pub mod geography;
pub mod hackenbush;
