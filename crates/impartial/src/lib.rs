//! Impartial games: both players have the same moves, so every position is worth a nimber.
//!
//! The crate holds the Sprague-Grundy machinery — [`mex`], the [`ImpartialGame`] trait, a
//! memoised solver that needs no recursion ([`solver`]), sums and their winning moves
//! ([`sum`]), misère play ([`misere`]) — and the classic games of the seeds in [`games`], each
//! with its closed form, a brute-force oracle and winning moves described for a player.
//! [`graph_games`] holds the games played on graph files (Green Hackenbush, geography,
//! conjunctive compounds), solved by theorems over the graph algorithms of `conway-graph`.
//!
//! Layers, each group using only those before it (`crates/core/tests/module_layers.rs`
//! checks): `error`, `outcome`, `mex`, `periodicity`, `solution`, `game`, `closed_form`,
//! `misere` → `solver` → `sum`, `listing` → [`heap`] (the heap engine and the rules it
//! tabulates: octal codes, subtraction sets, Lasker's Nim) → `graph_games`, [`games`] (the
//! classic games, which play by the heap rules).
//!
//! Nothing here prints or parses command lines: games report a [`Solution`] that the CLI
//! renders as text or JSON.

pub mod closed_form;
mod error;
pub mod game;
pub mod games;
pub mod graph_games;
pub mod heap;
pub mod listing;
pub mod mex;
pub mod misere;
pub mod outcome;
pub mod periodicity;
pub mod solution;
pub mod solver;
pub mod sum;
#[cfg(test)]
mod testing;

pub use error::ImpartialError;
pub use game::ImpartialGame;
pub use mex::mex;
pub use outcome::Outcome;
pub use solution::{Solution, WinningMove};
