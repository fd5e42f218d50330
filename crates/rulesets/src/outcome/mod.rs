//! Who wins a position too large for its canonical form: a search of "does the player to move
//! win?" for each player starting, so the outcome class follows without the value.
//!
//! - [`domineering`]: Domineering boards of up to 128 bits (a guard bit per row: 120
//!   squares at most), by depth-first search on bitboards with a transposition table
//!   shared by the threads, bounds from safe and vulnerable moves, and move ordering.
//! - [`ruleset`]: any ruleset with a decomposition ([`crate::PartizanGame`]): a
//!   sum of components searched move by move where they are big and added up as canonical
//!   forms where they are small. A ruleset whose registry entry has a
//!   [`crate::registry::Searched`] is searched by `outcome(…)` and `solve`.
//! - [`outside`]: a ruleset given from outside the library (a user's Python class) by the
//!   same search, and its misère outcome by a search of its own moves.
//!
//! Each search takes a node budget and a progress hook (a stop request ends it with
//! [`conway_partizan::PartizanError::Interrupted`]) and returns a [`WinnerReport`]; the canonical forms
//! of [`crate`] are its oracle on every board small enough for both. Each can also
//! resume from the positions an earlier run of it settled ([`Resume`], [`Settled`]), which
//! is how the front ends checkpoint long searches.

pub mod domineering;
pub mod outside;
pub mod ruleset;
mod settled;

pub(crate) use settled::Ledger;

/// What a resumable search returns: its answer, and all it has settled (also when there is
/// no answer: a search stopped or out of budget goes on from it).
pub type Resumed = (
    Result<WinnerReport, conway_partizan::PartizanError>,
    Settled,
);
pub use settled::{Proof, Resume, Settled, MAX_SETTLED};

use serde::Serialize;

use conway_partizan::{Outcome, Player};

/// Who wins when one player starts, and with which first moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Start {
    /// Who wins with best play from here when this player moves first (`Left` or `Right`).
    pub winner: Player,
    /// The starting player's winning first moves, in words (empty when the starter loses).
    /// One, unless every move was asked for.
    pub winning_moves: Vec<String>,
    /// The position each winning move leaves, in the same order, as an expression `eval`
    /// reads (`domineering("…")`): a front end marks the squares that differ.
    pub winning_positions: Vec<String>,
    /// When every move was asked for: whether each of the starter's moves wins, in the order
    /// the moves are listed (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub every_move: Option<Vec<MoveResult>>,
}

impl Start {
    /// The answer when `starter` moves first, from the winning first moves found (the
    /// starter wins when there is one) and, when asked for, every move's result.
    pub fn found(
        starter: Player,
        winning: Vec<MoveResult>,
        every_move: Option<Vec<MoveResult>>,
    ) -> Start {
        let winner = if winning.is_empty() {
            starter.opponent()
        } else {
            starter
        };
        let (winning_moves, winning_positions) =
            winning.into_iter().map(|m| (m.description, m.to)).unzip();
        Start {
            winner,
            winning_moves,
            winning_positions,
            every_move,
        }
    }
}

/// One first move and whether it wins for the player making it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct MoveResult {
    /// The move, in words.
    #[serde(rename = "move")]
    pub description: String,
    /// The position it leaves, as an expression `eval` reads.
    pub to: String,
    /// Whether it wins for the player making it.
    pub wins: bool,
}

/// Who wins a position, found by search: for each player moving first (or for the one asked
/// for), the winner and a winning first move, and the outcome class that follows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct WinnerReport {
    /// The game (`domineering`, `clobber`, `toads-and-frogs`, …).
    pub game: String,
    /// The position in the ruleset's notation.
    pub position: String,
    /// The outcome class: `L`, `R`, `N` (the first player wins) or `P` (the second). Absent
    /// when only one player's start was asked for: it takes both.
    #[schemars(with = "Option<OutcomeName>")]
    #[serde(
        serialize_with = "outcome_name",
        skip_serializing_if = "Option::is_none"
    )]
    pub outcome: Option<Outcome>,
    /// When Left moves first (absent when only Right's start was asked for).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left_first: Option<Start>,
    /// When Right moves first (absent when only Left's start was asked for).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub right_first: Option<Start>,
    /// Positions searched (each visit of a position not answered by the table or a bound).
    /// Not serialized: with several threads it varies from run to run, and the answer must
    /// not (the benchmark example prints it).
    #[serde(skip)]
    pub nodes: u64,
}

impl WinnerReport {
    /// The report of a search of `game`'s `position` for the starters asked: its class when
    /// both were.
    pub fn of(
        game: &str,
        position: String,
        (left_first, right_first): (Option<Start>, Option<Start>),
        nodes: u64,
    ) -> WinnerReport {
        let outcome = match (&left_first, &right_first) {
            (Some(l), Some(r)) => Some(WinnerReport::class(
                l.winner == Player::Left,
                r.winner == Player::Left,
            )),
            _ => None,
        };
        WinnerReport {
            game: game.to_string(),
            position,
            outcome,
            left_first,
            right_first,
            nodes,
        }
    }

    /// The outcome class of a position from who wins when each player starts.
    pub fn class(left_wins_first: bool, left_wins_second: bool) -> Outcome {
        match (left_wins_first, left_wins_second) {
            (true, true) => Outcome::Left,
            (false, false) => Outcome::Right,
            (true, false) => Outcome::Next,
            (false, true) => Outcome::Previous,
        }
    }

    /// The answer in a few words: the outcome class (`N`), or when one player's start was
    /// asked for, who wins it (`Left first: Right wins`).
    pub fn summary(&self) -> String {
        match self.outcome {
            Some(outcome) => outcome.to_string(),
            None => self.winners(),
        }
    }

    /// Who wins each start asked for (`Left first: Left wins, Right first: Left wins`).
    pub fn winners(&self) -> String {
        let each: Vec<String> = self
            .starts()
            .map(|(p, s)| format!("{} first: {} wins", p.name(), s.winner.name()))
            .collect();
        each.join(", ")
    }

    /// The answers asked for, each with its starter: Left's first.
    pub fn starts(&self) -> impl Iterator<Item = (Player, &Start)> {
        [
            (Player::Left, self.left_first.as_ref()),
            (Player::Right, self.right_first.as_ref()),
        ]
        .into_iter()
        .filter_map(|(player, start)| Some((player, start?)))
    }
}

/// The answers of `start` for each player's start asked for (`first`: one player's only;
/// `None`: Left's, then Right's), stopping at the first error.
pub(crate) fn each_start<E>(
    first: Option<Player>,
    mut start: impl FnMut(Player) -> Result<Start, E>,
) -> Result<(Option<Start>, Option<Start>), E> {
    let mut starts = (None, None);
    for starter in [Player::Left, Player::Right] {
        if first.is_some_and(|f| f != starter) {
            continue;
        }
        let answer = Some(start(starter)?);
        match starter {
            Player::Left => starts.0 = answer,
            Player::Right => starts.1 = answer,
        }
    }
    Ok(starts)
}

fn outcome_name<S: serde::Serializer>(outcome: &Option<Outcome>, s: S) -> Result<S::Ok, S::Error> {
    match outcome {
        Some(outcome) => s.collect_str(outcome),
        None => s.serialize_none(),
    }
}

/// The outcome class's letter, in the schema.
struct OutcomeName;

impl schemars::JsonSchema for OutcomeName {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "OutcomeClass".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "type": "string", "enum": ["L", "R", "N", "P"] })
    }
}

/// Whether `mover`, the player to move, wins a short game of this outcome class.
pub(crate) fn mover_wins(outcome: Outcome, mover: Player) -> bool {
    match outcome {
        Outcome::Next => true,
        Outcome::Previous => false,
        Outcome::Left => mover == Player::Left,
        Outcome::Right => mover == Player::Right,
    }
}
