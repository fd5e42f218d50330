//! What a solved position reports: outcome, value, winning moves and game-specific facts.
//!
//! Games fill a [`Solution`]; the CLI renders it as text or JSON. Values are kept as strings
//! in the field's notation (`*12`, `0`) so that big values lose nothing.

use crate::Outcome;

/// One winning move, in words and as the position it leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinningMove {
    /// What to do, in a player's words: "take 12 from heap 3 (39 → 27)".
    pub description: String,
    /// The position after the move, in the same notation as the input.
    pub to: String,
}

impl WinningMove {
    /// A move described in words, leading to `to`.
    pub fn new(description: impl Into<String>, to: impl Into<String>) -> Self {
        WinningMove {
            description: description.into(),
            to: to.into(),
        }
    }
}

/// A game-specific fact attached to a solution (`period`, `winning_move_count`, …).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fact {
    /// A count or small integer.
    Count(u64),
    /// A value or number in text form (kept exact).
    Text(String),
    /// A yes/no fact.
    Flag(bool),
    /// A list of values in text form.
    List(Vec<String>),
}

/// The complete answer for one position of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The game's command name, e.g. `nim`.
    pub game: String,
    /// The position as the user wrote it, normalised (`14 21 39`).
    pub position: String,
    /// Who wins.
    pub outcome: Outcome,
    /// The Sprague-Grundy value (`0`, `*`, `*12`), or `None` where it is not defined for
    /// this game (misère play) or too costly to compute (see `notes`).
    pub value: Option<String>,
    /// Winning moves; empty for a P-position.
    pub winning_moves: Vec<WinningMove>,
    /// Whether `winning_moves` is every winning move (false: a selection, see `notes`).
    pub all_winning_moves: bool,
    /// Game-specific facts, in a stable order.
    pub facts: Vec<(String, Fact)>,
    /// Explanations for a human reader: the rule applied, limits hit.
    pub notes: Vec<String>,
}

impl Solution {
    /// A solution with no moves, facts or notes yet.
    pub fn new(game: &str, position: impl Into<String>, outcome: Outcome) -> Self {
        Solution {
            game: game.to_string(),
            position: position.into(),
            outcome,
            value: None,
            winning_moves: Vec::new(),
            all_winning_moves: true,
            facts: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// Sets the Sprague-Grundy value from its nimber index.
    pub fn with_value(mut self, value: impl std::fmt::Display) -> Self {
        self.value = Some(nimber_notation(&value.to_string()));
        self
    }

    /// Adds a fact.
    pub fn fact(mut self, name: &str, fact: Fact) -> Self {
        self.facts.push((name.to_string(), fact));
        self
    }

    /// Adds a note for the reader.
    pub fn note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// Sets the winning moves; `complete` says whether they are all of them.
    pub fn moves(mut self, moves: Vec<WinningMove>, complete: bool) -> Self {
        self.winning_moves = moves;
        self.all_winning_moves = complete;
        self
    }
}

/// CGSuite's notation for the nimber with index `n` (a decimal string): `0`, `*`, `*n`.
pub fn nimber_notation(n: &str) -> String {
    match n {
        "0" => "0".to_string(),
        "1" => "*".to_string(),
        _ => format!("*{n}"),
    }
}

/// Heaps written as the user types them: `14 21 39`.
pub fn heaps_text<T: std::fmt::Display>(heaps: &[T]) -> String {
    heaps
        .iter()
        .map(|h| h.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}
