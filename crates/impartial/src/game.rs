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

    /// [`options`](ImpartialGame::options) for rulesets whose moves may fail to be listed
    /// (a user's callback that raises): the solvers call this, and an error ends their
    /// search at once with nothing stored for the positions it was exploring.
    fn try_options(
        &self,
        position: &Self::Position,
    ) -> Result<Vec<Self::Position>, crate::ImpartialError> {
        Ok(self.options(position))
    }

    /// The independent parts of a position that is their disjunctive sum (a row of pins
    /// split in two), when the ruleset knows them: solvers that value sums
    /// ([`crate::solver::evaluate_sums`]) then value the parts instead of searching the
    /// position's options. `None` (the default) or a single part means no decomposition.
    fn try_components(
        &self,
        _position: &Self::Position,
    ) -> Result<Option<Vec<Self::Position>>, crate::ImpartialError> {
        Ok(None)
    }
}
