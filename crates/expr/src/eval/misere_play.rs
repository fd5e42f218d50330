//! Misère play of ruleset positions: `misere_outcome(domineering("..|.."))` searches the
//! position's own moves, because neither the canonical form nor a split into components
//! keeps misère outcomes (misère play has no simplification that the normal-play canonical
//! form respects, and a misère sum is not decided by its parts' outcomes).
//!
//! A position is an expression as [`super::moves`] writes the positions its moves leave
//! (`domineering("#.|..") + {1|0}`): a ruleset term moves by its rules, any other term to
//! its canonical options. Each position is met once: its moves and who wins it moving
//! first are remembered by its text.

use std::collections::HashMap;

use super::moves::{sum_moves, Listing};
use super::Bindings;
use crate::syntax::{parse_expression, Expr};
use conway_partizan::{Outcome, PartizanError, Player, Store};

/// The stack a level of the search keeps free for a caller's ruleset's code.
const USER_CODE_STACK: usize = 512 * 1024;

/// The most positions one search lists the moves of.
pub const MAX_MISERE_POSITIONS: usize = 200_000;

/// A position's moves, as the texts of the positions they leave.
struct Listed {
    left: Vec<String>,
    right: Vec<String>,
}

struct Search<'a> {
    store: &'a mut Store,
    /// The names positions are read with (the caller's rulesets).
    names: &'a Bindings,
    moves: HashMap<String, Listed>,
    wins: HashMap<(String, Player), bool>,
}

/// The misère outcome class of `expr`, a ruleset position or a sum with one (the caller
/// checks that it is), by searching its moves; `None` when `expr` has no ruleset term.
pub(super) fn position_misere_outcome(
    store: &mut Store,
    names: &Bindings,
    expr: &Expr,
) -> Result<Option<Outcome>, PartizanError> {
    let Some(root) = listed(store, names, expr)? else {
        return Ok(None);
    };
    let mut search = Search {
        store,
        names,
        moves: HashMap::new(),
        wins: HashMap::new(),
    };
    // The root is known by the empty text, which no move leaves.
    let text = String::new();
    search.moves.insert(text.clone(), root);
    let left = search.wins_moving_first(&text, Player::Left)?;
    let right = search.wins_moving_first(&text, Player::Right)?;
    Ok(Some(super::misere::outcome_of_first_moves(left, right)))
}

/// Every move of the position `expr`, or `None` when it has no ruleset term.
fn listed(
    store: &mut Store,
    names: &Bindings,
    expr: &Expr,
) -> Result<Option<Listed>, PartizanError> {
    let Some((_, moves)) = sum_moves(store, names, expr, Listing::Every)? else {
        return Ok(None);
    };
    if let Some(why) = moves.moves_note {
        return Err(PartizanError::InvalidInput(format!(
            "the misère outcome needs every move of every position, and {why}"
        )));
    }
    let texts = |moves: Vec<super::moves::Move>| moves.into_iter().map(|m| m.to).collect();
    Ok(Some(Listed {
        left: texts(moves.left_moves),
        right: texts(moves.right_moves),
    }))
}

impl Search<'_> {
    /// Whether `player` wins `position` moving first in misère play: with no move, or with
    /// a move to a position the other player loses moving first.
    fn wins_moving_first(&mut self, position: &str, player: Player) -> Result<bool, PartizanError> {
        if let Some(&wins) = self.wins.get(&(position.to_string(), player)) {
            return Ok(wins);
        }
        if !self.moves.contains_key(position) {
            if self.moves.len() >= MAX_MISERE_POSITIONS {
                return Err(PartizanError::too_large(
                    "the positions of a misère search",
                    "more",
                    MAX_MISERE_POSITIONS,
                ));
            }
            let expr = parse_expression(position)?;
            // A move leaves its ruleset term in place (an empty board is still a board), so
            // every position met has one.
            let found = listed(self.store, self.names, &expr)?.ok_or_else(|| {
                PartizanError::InvalidInput(format!(
                    "a move left {position}, which has no ruleset term (internal error)"
                ))
            })?;
            self.moves.insert(position.to_string(), found);
        }
        let options = {
            let listed = &self.moves[position];
            player.either(&listed.left, &listed.right).clone()
        };
        let mut wins = options.is_empty();
        for option in &options {
            if wins {
                break;
            }
            let other_wins = if self.names.rulesets().is_empty() {
                stacker::maybe_grow(64 * 1024, 8 * 1024 * 1024, || {
                    self.wins_moving_first(option, player.opponent())
                })?
            } else {
                // A caller's ruleset runs code (Python's) that must stay on the stack its
                // interpreter knows: no growing; too deep for this thread is refused, and
                // the caller may run the evaluation again on a thread with a larger stack.
                if stacker::remaining_stack().is_some_and(|left| left < USER_CODE_STACK) {
                    return Err(PartizanError::TooDeep);
                }
                self.wins_moving_first(option, player.opponent())?
            };
            wins = !other_wins;
        }
        self.wins.insert((position.to_string(), player), wins);
        Ok(wins)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use conway_rulesets::domineering::Board;
    use proptest::prelude::*;

    /// Who wins a Domineering board moving first in misère play, by the ruleset's own move
    /// generation: the oracle, sharing nothing with the expression search.
    fn board_wins(board: &Board, left: bool, memo: &mut HashMap<(Board, bool), bool>) -> bool {
        if let Some(&w) = memo.get(&(*board, left)) {
            return w;
        }
        let options = if left {
            board.left_moves()
        } else {
            board.right_moves()
        };
        let wins = options.is_empty() || options.iter().any(|o| !board_wins(o, !left, memo));
        memo.insert((*board, left), wins);
        wins
    }

    fn outcome_of(text: &str) -> Outcome {
        let mut store = Store::new();
        let expr = parse_expression(text).unwrap();
        position_misere_outcome(&mut store, &Bindings::new(), &expr)
            .unwrap()
            .unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(40))]
        /// Random Domineering boards of up to 3×4: the search over written positions agrees
        /// with the search over the ruleset's boards.
        #[test]
        fn domineering_boards_match_the_board_search(
            rows in 1usize..=3,
            columns in 1usize..=4,
            filled in proptest::collection::vec(proptest::bool::weighted(0.25), 12),
        ) {
            let text: Vec<String> = (0..rows)
                .map(|r| (0..columns).map(|c| if filled[r * 4 + c] { '#' } else { '.' }).collect())
                .collect();
            let text = text.join("|");
            let board = Board::parse(&text).unwrap();
            let mut memo = HashMap::new();
            let left = board_wins(&board, true, &mut memo);
            let right = board_wins(&board, false, &mut memo);
            let expected = super::super::misere::outcome_of_first_moves(left, right);
            prop_assert_eq!(outcome_of(&format!("domineering(\"{text}\")")), expected);
        }
    }

    /// Worked by hand from the rules: a vertical domino's place (`.|.`) is R (Left must
    /// fill it and leave Right without a move; Right has none); two of them are R too; with
    /// a horizontal place (`..`) beside it, whoever starts wins — Left fills `.|.`, Right
    /// must fill `..`, and Left is left without a move.
    #[test]
    fn sums_are_searched_as_wholes() {
        assert_eq!(outcome_of("domineering(\".|.\")"), Outcome::Right);
        assert_eq!(
            outcome_of("domineering(\".|.\") + domineering(\".|.\")"),
            Outcome::Right
        );
        assert_eq!(
            outcome_of("domineering(\"..\") + domineering(\".|.\")"),
            Outcome::Next
        );
    }
}
