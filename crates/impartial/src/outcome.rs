//! Outcome classes of impartial positions under normal or misère play.

use std::fmt;

/// Who wins a position with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The previous player (the one who just moved) wins: the player to move loses.
    P,
    /// The next player (the one to move) wins.
    N,
}

impl Outcome {
    /// `N` when the player to move wins.
    pub fn from_next_player_wins(wins: bool) -> Self {
        if wins {
            Outcome::N
        } else {
            Outcome::P
        }
    }

    /// The outcome under normal play of a position with this Grundy value.
    pub fn of_grundy_is_zero(is_zero: bool) -> Self {
        Self::from_next_player_wins(!is_zero)
    }

    /// Whether the player to move wins.
    pub fn next_player_wins(self) -> bool {
        self == Outcome::N
    }

    /// A sentence for a player.
    pub fn explanation(self) -> &'static str {
        match self {
            Outcome::P => "the player to move loses with perfect play",
            Outcome::N => "the player to move wins",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::P => "P",
            Outcome::N => "N",
        })
    }
}
