//! The impartial-game trait: a ruleset that lists the positions reachable in one move.

use std::hash::Hash;

/// An impartial ruleset: from a position, both players have the same options.
///
/// The game must be short (no position repeats, finitely many positions reachable); the
/// solvers detect a cycle and report it rather than loop.
pub trait ImpartialGame {
    /// A position of the game. Equal positions must have equal options.
    type Position: Clone + Eq + Hash;

    /// Every position reachable in one move (duplicates are allowed).
    fn options(&self, position: &Self::Position) -> Vec<Self::Position>;
}
