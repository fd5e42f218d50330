//! The players of a partizan game. Left and Right have different moves; a position, a move
//! list or a verdict is always for one of them, named by this type rather than a `bool`.

/// Which player: Left (positive values favour her) or Right.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, schemars::JsonSchema,
)]
pub enum Player {
    /// Left, blue in pictures: positive values favour her.
    Left,
    /// Right, red in pictures: negative values favour him.
    Right,
}

impl Player {
    /// Both players, Left first: the order reports list them in.
    pub const BOTH: [Player; 2] = [Player::Left, Player::Right];

    /// The other player.
    pub fn opponent(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }

    /// Whether this is Left: for bit encodings and tables indexed by player.
    pub fn is_left(self) -> bool {
        self == Player::Left
    }

    /// `for_left` when this is Left, else `for_right`: what each player's move is made of
    /// (`player.either(Stone::Black, Stone::White)`).
    pub fn either<T>(self, for_left: T, for_right: T) -> T {
        match self {
            Player::Left => for_left,
            Player::Right => for_right,
        }
    }

    /// Left when `left` holds, else Right.
    pub fn left_if(left: bool) -> Player {
        if left {
            Player::Left
        } else {
            Player::Right
        }
    }

    /// "Left" or "Right".
    pub fn name(self) -> &'static str {
        match self {
            Player::Left => "Left",
            Player::Right => "Right",
        }
    }

    /// The player a front end's word names: `left` or `right` (`--first left`).
    pub fn from_word(word: &str) -> Option<Player> {
        match word {
            "left" => Some(Player::Left),
            "right" => Some(Player::Right),
            _ => None,
        }
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_player_is_the_others_opponent_and_named_as_reports_name_it() {
        for player in Player::BOTH {
            assert_eq!(player.opponent().opponent(), player);
            assert_ne!(player.opponent(), player);
            assert_eq!(Player::left_if(player.is_left()), player);
        }
        assert_eq!(Player::Left.to_string(), "Left");
        assert_eq!(
            serde_json::to_string(&Player::Right).expect("serializes"),
            "\"Right\""
        );
    }
}
