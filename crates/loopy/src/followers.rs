//! A stopper's options and followers as values: the positions of its simplest form, each
//! valued on its own. The simplest form has no two equal positions (its equal positions are
//! fused), so the followers are distinct and their number is its number of positions.

use conway_partizan::{PartizanError, Store};

use super::Loopy;
use conway_partizan::Player;

fn not_a_stopper(what: &str) -> PartizanError {
    PartizanError::NotApplicable(format!(
        "{what} are listed for stoppers; this value has two sides"
    ))
}

/// One player's options of a stopper, each as a value.
pub fn options(g: &Loopy, player: Player, store: &mut Store) -> Result<Vec<Loopy>, PartizanError> {
    match g {
        Loopy::Short(h) => {
            let (left, right) = store.options(*h);
            let options = if player == Player::Left { left } else { right };
            Ok(options.into_iter().map(Loopy::Short).collect())
        }
        Loopy::Stopper(graph) => graph
            .moves(player, 0)
            .iter()
            .map(|&w| Loopy::from_simplest(graph.at(w as usize), store))
            .collect(),
        Loopy::Sided { .. } => Err(not_a_stopper("options")),
    }
}

/// Every follower of a stopper that is not short, itself included, each as a value.
pub fn followers(g: &Loopy, store: &mut Store) -> Result<Vec<Loopy>, PartizanError> {
    match g {
        Loopy::Stopper(graph) => (0..graph.len())
            .map(|v| Loopy::from_simplest(graph.at(v), store))
            .collect(),
        Loopy::Short(_) => Err(PartizanError::NotApplicable(
            "a short game's followers are listed by the short games' `followers`".into(),
        )),
        Loopy::Sided { .. } => Err(not_a_stopper("followers")),
    }
}

/// How many followers a stopper that is not short has.
pub fn follower_count(g: &Loopy) -> Result<usize, PartizanError> {
    match g {
        Loopy::Stopper(graph) => Ok(graph.len()),
        Loopy::Short(_) => Err(PartizanError::NotApplicable(
            "a short game's followers are counted by the short games' `follower_count`".into(),
        )),
        Loopy::Sided { .. } => Err(not_a_stopper("followers")),
    }
}
