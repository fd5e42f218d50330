//! Outcome classes: who wins a position with perfect play.

use std::fmt;

/// Who wins a position with perfect play, in the field's letters.
///
/// Impartial games have only `P` and `N`; partizan games add `L` and `R`; games with cycles
/// add `D`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The previous player (the one who just moved) wins: the player to move loses.
    P,
    /// The next player (the one to move) wins.
    N,
    /// Left wins whoever moves first.
    L,
    /// Right wins whoever moves first.
    R,
    /// A draw: neither player can force a win (games with cycles).
    D,
}

impl Outcome {
    /// `N` when the player to move wins, `P` otherwise.
    pub fn from_next_player_wins(wins: bool) -> Self {
        if wins {
            Outcome::N
        } else {
            Outcome::P
        }
    }

    /// The outcome under normal play of a position whose Grundy value is or is not zero.
    pub fn of_grundy_is_zero(is_zero: bool) -> Self {
        Self::from_next_player_wins(!is_zero)
    }

    /// Whether the player to move wins.
    pub fn next_player_wins(self) -> bool {
        self == Outcome::N
    }

    /// The letter: `P`, `N`, `L`, `R` or `D`.
    pub fn letter(self) -> &'static str {
        match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::L => "L",
            Outcome::R => "R",
            Outcome::D => "D",
        }
    }

    /// A sentence for a player.
    pub fn explanation(self) -> &'static str {
        match self {
            Outcome::P => "the player to move loses with perfect play",
            Outcome::N => "the player to move wins",
            Outcome::L => "Left wins whoever moves first",
            Outcome::R => "Right wins whoever moves first",
            Outcome::D => "a draw: neither player can force a win",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.letter())
    }
}

impl serde::Serialize for Outcome {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.letter())
    }
}

/// The letter as the JSON writes it.
impl schemars::JsonSchema for Outcome {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Outcome".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "Who wins: P the player to move loses, N wins, L Left wins, R Right wins, D neither (a draw)",
            "type": "string",
            "enum": ["P", "N", "L", "R", "D"]
        })
    }
}
