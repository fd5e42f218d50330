//! Positions of catalogue games drawn for a person: rows of squares or heaps of tokens, the
//! square a click makes each listed move from, and the input a click on a square edits the
//! position to. A front end draws a [`Drawing`] and sends back what a click names; it never
//! reads a game's notation or applies a move itself (Nim's tokens, the chase's squares).

use conway_core::play::Ended;
use conway_rulesets::registry::Piece;
use serde::Serialize;

use crate::{Arguments, Solved};

/// Draws a solved position of a game, given the arguments that wrote it (its report says
/// whether every move was asked for); `None` when the position is too big to draw.
pub type Drawer = fn(&Arguments, &Solved) -> Option<Drawing>;

/// A position as a person sees it and plays on it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Drawing {
    /// How the rows are drawn.
    pub style: Style,
    /// The rows, the top one first.
    pub rows: Vec<Vec<Square>>,
    /// The piece of the player to move: winning squares are marked in its colour.
    pub mover: Piece,
    /// The command answering this position (without `--moves`).
    pub command: String,
    /// When a person may play either side: the two players by name, the one to move first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub players: Option<[String; 2]>,
    /// How a person makes a move by clicks, in one sentence.
    pub how_to_move: String,
    /// Each listed move, by the square a click makes it from.
    pub clicks: Vec<Click>,
    /// The input a click on a square changes the position to, where the position is edited
    /// by clicks.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub edits: Vec<Edit>,
}

/// How a drawing's rows are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Style {
    /// A board: rows of equal length, one square per cell.
    Squares,
    /// Heaps: one row of tokens per heap, of any length (an empty row is an empty heap).
    Tokens,
}

/// One square or token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Square {
    /// Its name, as a person and a test find it: `3,4` (column, row), `heap 1 token 2`.
    pub name: String,
    /// What it shows (`♔`), or nothing.
    pub symbol: String,
    /// Whose it is: its colour.
    pub piece: Piece,
}

/// A listed move and where a click makes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Click {
    /// The square clicked: row and column in [`Drawing::rows`].
    pub at: [usize; 2],
    /// The move in words.
    #[serde(rename = "move")]
    pub description: String,
    /// The position after it.
    pub to: String,
    /// The command answering the position after it (without `--moves`).
    pub command: String,
    /// Whether it keeps a win for the player making it.
    pub wins: bool,
    /// How play has ended after it, when nothing is left to play (a capture): the player
    /// then to move is the one who did not make it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ended: Option<Ended>,
}

/// The position a click on a square edits the input to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Edit {
    /// The square: row and column in [`Drawing::rows`].
    pub at: [usize; 2],
    /// The input after a click.
    pub click: String,
    /// The input after a click with Shift held.
    pub shift_click: String,
}

impl Square {
    /// A square showing `symbol` in the colour of `piece`.
    pub fn new(name: impl Into<String>, symbol: &str, piece: Piece) -> Self {
        Square {
            name: name.into(),
            symbol: symbol.to_string(),
            piece,
        }
    }
}
