//! Algorithms for two-player (bimatrix) games, exact.
//!
//! - [`vertex`]: every extreme equilibrium by vertex enumeration — lexicographic reverse
//!   search over one best-response polytope (`reverse_search`) and the complementary face
//!   of the other per vertex (`equilibrium_search`), in bounded memory on every core and
//!   across the ranks of a distributed run (`distributed_search`); degenerate games
//!   included. [`pivot`] holds the fraction-free integer tableaux they pivot.
//! - [`lh`]: Lemke–Howson with the lexicographic rule, and all equilibria it reaches.
//! - [`support`]: support enumeration, the oracle for nondegenerate games.
//! - [`zero_sum`]: the value and optimal strategies of zero-sum games by linear programming.
//! - [`nash_subsets`]: the maximal Nash subsets (cliques) of the extreme equilibria.
//!
//! Layer: uses only the game types and [`crate::linalg`]; the dispatch in [`crate::nash`]
//! and the other groups use it, never the reverse.

mod distributed_search;
mod equilibrium_search;
pub mod lh;
pub mod nash_subsets;
pub mod pivot;
mod reverse_search;
pub mod support;
pub mod vertex;
pub mod zero_sum;
