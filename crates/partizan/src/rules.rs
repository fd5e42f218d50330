//! How a ruleset lists its moves, for the searches that value its positions. A built-in
//! ruleset's position type lists its own ([`Position`]), whether its play ends (the short
//! evaluator's `PartizanGame`) or may go on for ever (the loopy evaluator's `LoopyRuleset`).
//! [`Rules`] lists them from outside the position's type, by code that may fail (a Python
//! callback that raises); the short (`conway_rulesets::search`) and loopy
//! (`conway_loopy::ruleset`) searches both take them, so a ruleset given from outside is
//! written once for both.

use std::hash::Hash;

/// A position of a ruleset that lists its own moves.
pub trait Position: Clone + Eq + Hash {
    /// The positions Left can move to.
    fn left_moves(&self) -> Vec<Self>;
    /// The positions Right can move to.
    fn right_moves(&self) -> Vec<Self>;
}

/// A partizan ruleset whose moves are listed by code that may fail.
pub trait Rules {
    /// A position.
    type Position: Clone + Eq + Hash;
    /// Why the moves of a position could not be listed.
    type Error;
    /// The positions Left can move to.
    fn left_moves(&self, position: &Self::Position) -> Result<Vec<Self::Position>, Self::Error>;
    /// The positions Right can move to.
    fn right_moves(&self, position: &Self::Position) -> Result<Vec<Self::Position>, Self::Error>;
    /// The independent parts of a position that is their disjunctive sum, or `None` (the
    /// default); one part means no decomposition. Only the short search uses them.
    fn components(
        &self,
        _position: &Self::Position,
    ) -> Result<Option<Vec<Self::Position>>, Self::Error> {
        Ok(None)
    }
}
