//! The moves of a ruleset position, told in the ruleset's own words ("Left places a vertical
//! domino on b1–b2"), each with the position it leaves, written as an `eval` call that reads
//! back to that position, and the canonical form of that position.
//!
//! A ruleset states its moves through [`Described`]; [`position_moves`] values the position
//! and all its options with one transposition table, so listing the moves of a position costs
//! little more than valuing it (the options' components are the position's subpositions).
//! A loopy ruleset's moves ([`loopy_position_moves`]) also carry who wins after each with
//! best play, and how soon ([`conway_loopy::play`]): a value such as `2over` does not say
//! which move makes progress.
//!
//! Board squares are named as on a chessboard turned the way the notation writes the board:
//! columns `a`, `b`, … from the left (`aa`, `ab`, … after `z`), rows `1`, `2`, … from the top
//! row of the text. Squares of a strip (Toads and Frogs) and stalks of a Hackenbush picture
//! are numbered from 1, from the left.

use conway_loopy::play::{play_position, Verdict};
use conway_loopy::ruleset::{LoopyEvaluator, LoopyRuleset};
use conway_loopy::Loopy;
use conway_partizan::Player;
use conway_partizan::{GameId, PartizanError, Store};

/// The most moves listed for one player; a position with more has its value reported and its
/// moves counted but not listed.
pub const MAX_LISTED_MOVES: usize = 1000;

/// One move of a ruleset position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesetMove {
    /// The move in the ruleset's words, naming the player.
    pub description: String,
    /// The position it leaves, as an `eval` expression (`domineering("#.|#.")`).
    pub to: String,
    /// The canonical form of that position.
    pub value: GameId,
}

/// A position's value and the moves of each player: `V` is the value (a short game's
/// canonical form, or a [`Loopy`] value), `M` a move ([`RulesetMove`], or [`LoopyMove`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionMoves<V = GameId, M = RulesetMove> {
    /// The position as an `eval` expression, in the ruleset's notation.
    pub position: String,
    /// The value of the position.
    pub value: V,
    /// Left's moves, in the ruleset's order; empty when not listed.
    pub left: Vec<M>,
    /// Right's moves, in the ruleset's order; empty when not listed.
    pub right: Vec<M>,
    /// How many moves each player has, when more than [`MAX_LISTED_MOVES`] for one of them
    /// (and none are listed); `None` when every move is listed.
    pub unlisted: Option<(usize, usize)>,
}

/// One move of a loopy ruleset position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopyMove {
    /// The move in the ruleset's words, naming the player.
    pub description: String,
    /// The position it leaves, as an `eval` expression.
    pub to: String,
    /// The value of that position.
    pub value: Loopy,
    /// What the move brings the player making it with best play from there on: a win, a
    /// draw or a loss, and in how many moves (this one included).
    pub verdict: Verdict,
}

/// The value and moves of a loopy ruleset position.
pub type LoopyPositionMoves = PositionMoves<Loopy, LoopyMove>;

/// A ruleset position that can tell its moves.
pub trait Described: Sized {
    /// The position as the `eval` expression that reads back to it, e.g.
    /// `domineering("..|..")`.
    fn expression(&self) -> String;
    /// Each move of `player`, in words that name the player, with the position
    /// it leaves. The positions are those of the ruleset's own move generation, one for each.
    fn described_moves(&self, player: Player) -> Vec<(String, Self)>;

    /// How many moves [`Described::described_moves`] lists, told without building them
    /// where a ruleset's positions are large (a stalk of 100,000 edges has as many moves,
    /// each leaving a stalk of up to as many edges).
    fn move_count(&self, player: Player) -> usize {
        self.described_moves(player).len()
    }
}

/// The moves of `position` made by `each` (the move's words, the position it leaves, and
/// who makes it), unless one player has more than [`MAX_LISTED_MOVES`]. A stop
/// request of the store ends the listing early; the caller reports the stop.
fn listed<P: Described, V, M>(
    store: &mut Store,
    position: &P,
    value: V,
    mut each: impl FnMut(&mut Store, String, P, Player) -> Result<M, PartizanError>,
) -> Result<PositionMoves<V, M>, PartizanError> {
    let counts = (
        position.move_count(Player::Left),
        position.move_count(Player::Right),
    );
    let mut moves = PositionMoves {
        position: position.expression(),
        value,
        left: Vec::new(),
        right: Vec::new(),
        unlisted: None,
    };
    if counts.0 > MAX_LISTED_MOVES || counts.1 > MAX_LISTED_MOVES {
        moves.unlisted = Some(counts);
        return Ok(moves);
    }
    for player in Player::BOTH {
        for (description, after) in position.described_moves(player) {
            if store.stop_requested() {
                break;
            }
            let m = each(store, description, after, player)?;
            match player {
                Player::Left => &mut moves.left,
                Player::Right => &mut moves.right,
            }
            .push(m);
        }
    }
    Ok(moves)
}

/// The value of `position` and of each position its moves leave, by `value` (which should
/// share one transposition table across the calls). A stop request of the store ends the
/// listing early; the caller reports the stop.
pub fn position_moves<P: Described>(
    store: &mut Store,
    position: &P,
    mut value: impl FnMut(&mut Store, &P) -> GameId,
) -> Result<PositionMoves, PartizanError> {
    let total = value(store, position);
    listed(store, position, total, |store, description, after, _| {
        Ok(RulesetMove {
            description,
            to: after.expression(),
            value: value(store, &after),
        })
    })
}

/// The value of a loopy ruleset position and its moves, each with its value and verdict:
/// values by one [`LoopyEvaluator`], verdicts by one [`play_position`] from the position.
pub fn loopy_position_moves<P: Described + LoopyRuleset>(
    store: &mut Store,
    position: &P,
) -> Result<LoopyPositionMoves, PartizanError> {
    let mut evaluator = LoopyEvaluator::new();
    let value = evaluator.value(store, position)?;
    let play = play_position(store, position)?;
    listed(
        store,
        position,
        value,
        |store, description, after, mover| {
            let next = mover.opponent();
            // Every move of the start is explored; should a ruleset's described moves differ
            // from its moves, the position is solved on its own.
            let verdict = match play.verdict(&after, next) {
                Some(verdict) => verdict,
                None => play_position(store, &after)?
                    .verdict(&after, next)
                    .expect("the start is solved"),
            };
            Ok(LoopyMove {
                description,
                to: after.expression(),
                value: evaluator.value(store, &after)?,
                verdict: verdict.before(),
            })
        },
    )
}

/// The name of the square in row `row` and column `column` (both from 0), as the module
/// documentation describes: `a1` is the top-left square.
pub fn square_name(row: usize, column: usize) -> String {
    // Bijective base 26: a … z, aa … az, ba, …
    let mut letters = Vec::new();
    let mut n = column + 1;
    while n > 0 {
        let digit = (n - 1) % 26;
        letters.push(char::from(b'a' + digit as u8));
        n = (n - 1) / 26;
    }
    letters.iter().rev().collect::<String>() + &(row + 1).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_named_by_column_letters_and_row_numbers() {
        assert_eq!(square_name(0, 0), "a1");
        assert_eq!(square_name(2, 1), "b3");
        assert_eq!(square_name(0, 25), "z1");
        assert_eq!(square_name(0, 26), "aa1");
        assert_eq!(square_name(4, 27), "ab5");
        assert_eq!(square_name(0, 26 + 26 * 26), "aaa1");
    }
}
