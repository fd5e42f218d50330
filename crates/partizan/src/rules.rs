//! [`Rules`]: moves listed by code outside a position's own type, which may fail (a Python
//! callback that raises). The searches that value such positions, short
//! (`conway_rulesets::search`) and loopy (`conway_loopy::ruleset`), both take them, so a
//! ruleset given from outside is written once for both.

use std::hash::Hash;

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
