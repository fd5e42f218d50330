//! Conway's choice of move when it plays a person: a winning move that wins soonest, else a
//! drawing move, else the move that resists longest. The winner hurries and the loser
//! stalls, as in the analysis of every game with a move count (the Easy Chase, loopy
//! rulesets); moves without a count keep their listed order.

use serde::Serialize;

/// The move Conway makes, as a front end shows it and plays it on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Reply {
    /// The move in the game's words.
    #[serde(rename = "move")]
    pub description: String,
    /// The position it leaves, as the game writes positions.
    pub to: String,
    /// The command answering that position, where the game has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
    /// Whether it keeps a win for Conway.
    pub wins: bool,
    /// Whether it draws (no move wins, and play can go on for ever).
    pub draws: bool,
    /// Whether it ends the game: nothing is left to play after it (a capture, the last
    /// token taken).
    pub ends: bool,
}

/// How play has ended at a position: the player to move has nothing left to play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Ended {
    /// Whether the player to move has won (misère play: whoever cannot move wins) or lost.
    pub mover_wins: bool,
    /// What befell the player to move, in words that follow its name: `cannot move`.
    pub why: String,
}

/// How long a front end plays a game out before calling it a draw: a drawn game (neither
/// player can force a win) goes on for ever with best play.
pub const PLAYED_OUT_PLIES: u32 = 300;

/// What a move leads to, for the player making it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prospect {
    /// It keeps a win.
    pub wins: bool,
    /// Neither player can then force a win (play goes on for ever).
    pub draws: bool,
    /// How many moves the game lasts from there with best play, when counted.
    pub plies: Option<u32>,
}

/// The move Conway makes among `moves`: the first of the soonest wins, else the first draw,
/// else the first of the longest losses; `None` when there is no move.
pub fn best_move<M>(moves: &[M], prospect: impl Fn(&M) -> Prospect) -> Option<&M> {
    let plies = |m: &M| prospect(m).plies.unwrap_or(0);
    let soonest_win = moves
        .iter()
        .filter(|m| prospect(m).wins)
        .fold(None::<&M>, |best, m| match best {
            Some(b) if plies(b) <= plies(m) => Some(b),
            _ => Some(m),
        });
    if soonest_win.is_some() {
        return soonest_win;
    }
    if let Some(draw) = moves.iter().find(|m| prospect(m).draws) {
        return Some(draw);
    }
    moves.iter().fold(None, |best, m| match best {
        Some(b) if plies(b) >= plies(m) => Some(b),
        _ => Some(m),
    })
}

/// Conway's [`best_move`] among `moves` as a [`Reply`], each move written as `words`
/// gives it: (the move, the position it leaves).
pub fn reply<M>(
    moves: &[M],
    prospect: impl Fn(&M) -> Prospect,
    words: impl Fn(&M) -> (&str, &str),
) -> Option<Reply> {
    let best = best_move(moves, &prospect)?;
    let (description, to) = words(best);
    let Prospect { wins, draws, plies } = prospect(best);
    Some(Reply {
        description: description.to_string(),
        to: to.to_string(),
        command: None,
        wins,
        draws,
        // No ply left with best play is no ply left at all.
        ends: plies == Some(0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(wins: bool, draws: bool, plies: Option<u32>) -> Prospect {
        Prospect { wins, draws, plies }
    }

    #[test]
    fn the_winner_hurries_and_the_loser_stalls() {
        let id = |x: &Prospect| *x;
        let moves = [
            p(false, false, Some(9)),
            p(true, false, Some(5)),
            p(true, false, Some(3)),
        ];
        assert_eq!(best_move(&moves, id), Some(&moves[2]));
        let moves = [
            p(false, false, Some(2)),
            p(false, true, None),
            p(false, false, Some(7)),
        ];
        assert_eq!(best_move(&moves, id), Some(&moves[1]));
        let moves = [
            p(false, false, Some(2)),
            p(false, false, Some(7)),
            p(false, false, Some(7)),
        ];
        assert_eq!(best_move(&moves, id), Some(&moves[1]));
        // Without counts the listed order decides.
        let moves = [
            p(false, false, None),
            p(true, false, None),
            p(true, false, None),
        ];
        assert_eq!(best_move(&moves, id), Some(&moves[1]));
        assert_eq!(best_move(&[] as &[Prospect], id), None);
    }
}
