//! Clobber (Albert, Grossman, Nowakowski and Wolfe, 2001) on a rectangular board.
//!
//! Notation: the rows top to bottom, separated by `|`, one character per square: `x` a Left
//! (black) stone, `o` a Right (white) stone, `.` an empty square; e.g. `"xox|ox."`. All rows
//! must have the same length. A move takes one of the mover's stones onto an orthogonally
//! adjacent stone of the opponent, which is removed; the square left behind is empty.
//!
//! Stones only ever move onto adjacent stones, so groups of orthogonally connected stones
//! never interact: each group is a component. A group of one colour has no moves and is
//! dropped. A group is normalised for the transposition table by cutting it out to its
//! bounding box and taking the least of its eight images under rotation and reflection, which
//! all have the same value.

use crate::grid::{Grid, Square};
use crate::moves::Described;
use crate::registry::{call, Command, Fill, Limit, Param, ParamKind, Ruleset, STONES};
use crate::{check_size, PartizanGame, MAX_SEARCHED_SQUARES};
use crate::{searched_position, short_position};
use conway_partizan::PartizanError;
use conway_partizan::Player;

/// Most squares on a board (parsing and splitting stay cheap).
pub const MAX_CLOBBER_SQUARES: usize = 4096;

/// Most stones in one connected group. The search visits the group's positions, which grow
/// exponentially with its stones: the 4×4 checkerboard (16 stones, 91 thousand groups) takes
/// about 6 s in a release build, while 5×4 (20 stones) did not finish in 10 minutes.
pub const MAX_CLOBBER_GROUP_STONES: usize = 16;

/// Most stones on the board: at most two groups at the group limit, and a bound on the work
/// of adding the groups' values.
pub const MAX_CLOBBER_STONES: usize = 32;

/// What is on a square. The order (empty first) decides which symmetric image is the normal
/// form; any fixed order would do.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Stone {
    /// `.`
    Empty,
    /// `x`, Left's.
    Black,
    /// `o`, Right's.
    White,
}

impl Square for Stone {
    fn from_char(c: char) -> Option<Stone> {
        match c {
            '.' => Some(Stone::Empty),
            'x' => Some(Stone::Black),
            'o' => Some(Stone::White),
            _ => None,
        }
    }

    fn to_char(self) -> char {
        match self {
            Stone::Empty => '.',
            Stone::Black => 'x',
            Stone::White => 'o',
        }
    }
}

/// A Clobber board.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Clobber {
    board: Grid<Stone>,
}

impl std::fmt::Debug for Clobber {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Clobber({:?})", self.to_string())
    }
}

impl std::fmt::Display for Clobber {
    /// The board in the notation of the module documentation.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.board.fmt(f)
    }
}

impl Clobber {
    /// The board with these rows (top to bottom); `None` unless all rows have one length.
    pub fn from_rows(rows: &[Vec<Stone>]) -> Option<Clobber> {
        Grid::from_rows(rows).map(|board| Clobber { board })
    }

    /// Reads the notation (see the module documentation) and checks the size limits.
    pub fn parse(text: &str) -> Result<Clobber, PartizanError> {
        let board = Clobber::read_within(text, MAX_CLOBBER_SQUARES)?;
        let stones = board
            .board
            .squares()
            .iter()
            .filter(|&&s| s != Stone::Empty)
            .count();
        check_size("clobber board's stone count", stones, MAX_CLOBBER_STONES)?;
        let largest = board.groups().iter().map(Vec::len).max().unwrap_or(0);
        check_size(
            "clobber's largest group of stones",
            largest,
            MAX_CLOBBER_GROUP_STONES,
        )?;
        Ok(board)
    }

    /// Reads the notation with only the limit on squares ([`MAX_SEARCHED_SQUARES`]): a board
    /// for a search of who wins ([`crate::outcome::ruleset`]), which may be far past the
    /// canonical form's limits.
    pub fn read(text: &str) -> Result<Clobber, PartizanError> {
        Clobber::read_within(text, MAX_SEARCHED_SQUARES)
    }

    fn read_within(text: &str, squares: usize) -> Result<Clobber, PartizanError> {
        let expected = "x (Left), o (Right), . (empty)";
        Ok(Clobber {
            board: Grid::parse(text, "clobber", expected, squares)?,
        })
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.board.rows()
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.board.cols()
    }

    /// The stone at row `r`, column `c` (0-based, from the top left).
    pub fn at(&self, r: usize, c: usize) -> Stone {
        self.board.at(r, c)
    }

    /// The groups of orthogonally connected stones, as lists of squares.
    fn groups(&self) -> Vec<Vec<usize>> {
        self.board.regions(|s| s != Stone::Empty)
    }

    /// The image under one of the eight symmetries of the rectangle.
    #[cfg(test)]
    fn image(&self, symmetry: u8) -> Clobber {
        Clobber {
            board: self.board.image(symmetry),
        }
    }

    fn moves(&self, player: Player) -> Vec<Clobber> {
        self.captures(player)
            .into_iter()
            .map(|(_, _, b)| b)
            .collect()
    }

    /// Each capture of `player`: the square moved from, the square of the
    /// captured stone, and the board after it.
    fn captures(&self, player: Player) -> Vec<(usize, usize, Clobber)> {
        let (mover, victim) =
            player.either((Stone::Black, Stone::White), (Stone::White, Stone::Black));
        let mut moves = Vec::new();
        let board = &self.board;
        for from in (0..board.squares().len()).filter(|&i| board.get(i) == mover) {
            for to in board.neighbours(from) {
                if board.get(to) == victim {
                    let mut next = board.with(from, Stone::Empty);
                    next.set(to, mover);
                    moves.push((from, to, Clobber { board: next }));
                }
            }
        }
        moves
    }
}

impl Described for Clobber {
    fn expression(&self) -> String {
        format!("clobber(\"{self}\")")
    }

    fn described_moves(&self, player: Player) -> Vec<(String, Clobber)> {
        let name = |i: usize| self.board.square_name(i);
        self.captures(player)
            .into_iter()
            .map(|(from, to, after)| {
                let text = format!(
                    "{} moves the stone on {} onto {}, clobbering {}'s stone",
                    player.name(),
                    name(from),
                    name(to),
                    player.opponent().name()
                );
                (text, after)
            })
            .collect()
    }
}

impl crate::Position for Clobber {
    fn left_moves(&self) -> Vec<Self> {
        self.moves(Player::Left)
    }

    fn right_moves(&self) -> Vec<Self> {
        self.moves(Player::Right)
    }
}

impl PartizanGame for Clobber {
    fn components(&self) -> Vec<Self> {
        self.groups()
            .into_iter()
            .filter(|g| {
                let first = self.board.get(g[0]);
                g.iter().any(|&i| self.board.get(i) != first)
            })
            .map(|g| Clobber {
                board: self.board.cut_out(&g, Stone::Empty),
            })
            .collect()
    }
}

/// Clobber in the registry.
pub static RULESET: Ruleset = Ruleset {
    name: "clobber",
    aliases: &[],
    title: "Clobber",
    summary: "Clobber; rows split by |, x Left's stone, o Right's, . empty",
    params: &[Param::new("xo|ox", ParamKind::Position)],
    example: "clobber(\"xox|o.x\")",
    limits: &[
        Limit::new("squares", MAX_CLOBBER_SQUARES as u64, || {
            call(RULESET.name, &".".repeat(MAX_CLOBBER_SQUARES + 1))
        }),
        Limit::new("stones in a group", MAX_CLOBBER_GROUP_STONES as u64, || {
            call(
                RULESET.name,
                &format!("{}x", "xo".repeat(MAX_CLOBBER_GROUP_STONES / 2)),
            )
        }),
        Limit::new("stones", MAX_CLOBBER_STONES as u64, || {
            call(RULESET.name, &"xo.".repeat(MAX_CLOBBER_STONES / 2 + 1))
        }),
    ],
    values: short_position!(Clobber::parse),
    picture: None,
    board: Some(STONES),
    search: Some(searched_position!(
        Clobber::parse,
        Clobber::read,
        Some(Command {
            rules: "a stone moves onto an adjacent stone of the other colour: Left x, Right o",
            example: "xoxo|oxox|xoxo",
            board_help: "Rows separated by |: x Left's stone, o Right's, . empty ('xoxo|oxox'); \
                         or ROWSxCOLUMNS for the starting checkerboard, x in the top left corner \
                         (5x5).",
            rectangle: Some(Fill::Checkered('x', 'o')),
        })
    )),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::{agrees_with_textbook, cgsuite_game};
    use conway_partizan::print::canonical_text;
    use conway_partizan::Store;
    use proptest::prelude::*;

    fn value_text(text: &str) -> String {
        let mut store = Store::new();
        match RULESET.value_of_text(&mut store, text) {
            Ok(id) => canonical_text(&mut store, id),
            Err(e) => panic!("{text}: {e}"),
        }
    }

    fn board(text: &str) -> Clobber {
        Clobber::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn small_values_by_hand() {
        // "xo": either player's only move leaves one stone, 0; so {0|0} = *.
        assert_eq!(value_text("xo"), "*");
        // "xoo": Left leaves "xo" = *, Right leaves "o.o" = 0; {*|0} = v.
        assert_eq!(value_text("xoo"), "v");
        // "xox": every move leaves two stones of one colour; {0|0} = *.
        assert_eq!(value_text("xox"), "*");
        assert_eq!(value_text("x|o"), "*");
        assert_eq!(value_text("xx|oo"), "0");
        assert_eq!(value_text(""), "0");
        for text in ["xoo", "xox|ox.", "xo|ox", "xoxo"] {
            assert_eq!(agrees_with_textbook(&board(text)), Ok(()));
        }
    }

    #[test]
    fn cgsuite_regression() {
        // CGSuite's test suite (CgscriptTest, "game.grid should define Clobber properly").
        assert_eq!(value_text("xox|ox."), "{^^*|*,v}");
        let mut store = Store::new();
        let expected = cgsuite_game(&mut store, "{^^*|*,v}");
        assert_eq!(RULESET.value_of_text(&mut store, "xox|ox."), Ok(expected));
    }

    #[test]
    fn groups_split_and_normalise() {
        let parts: Vec<String> = board("xo.o|...x|o..x")
            .components()
            .iter()
            .map(ToString::to_string)
            .collect();
        // "o|x|x" (after normalisation, some image of it) and "xo"; the lone o is dropped.
        assert_eq!(parts.len(), 2, "{parts:?}");
        // All eight images of an asymmetric group normalise alike.
        let g = board("xo.|.oo");
        let images: Vec<Clobber> = (0..8).map(|s| g.image(s)).collect();
        let normal: Vec<Vec<Clobber>> = images.iter().map(|b| b.components()).collect();
        assert!(normal.windows(2).all(|w| w[0] == w[1]), "{normal:?}");
        assert_eq!(
            images
                .iter()
                .collect::<std::collections::HashSet<_>>()
                .len(),
            8
        );
    }

    #[test]
    fn bad_input_is_refused_with_its_column() {
        let error = |text: &str| match RULESET.value_of_text(&mut Store::new(), text) {
            Err(PartizanError::Parse { column, message }) => (column, message),
            other => panic!("{text}: {other:?}"),
        };
        let (column, message) = error("xo|oz");
        assert_eq!(column, 5, "{message}");
        assert!(message.contains("unexpected 'z'"), "{message}");
        let (column, message) = error("xox|ox");
        assert_eq!(column, 5, "{message}");
        assert!(message.contains("row 2 has 2 squares"), "{message}");
        let too_many =
            |text: &str| matches!(Clobber::parse(text), Err(PartizanError::TooLarge { .. }));
        assert!(too_many("xoxox|oxoxo|xoxox|oxoxo"));
        assert!(too_many(&".".repeat(MAX_CLOBBER_SQUARES + 1)));
        assert!(too_many(&"xo.".repeat(MAX_CLOBBER_STONES / 2 + 1)));
        assert!(!too_many("xoxo|oxox|xoxo|oxox"));
    }

    fn arb_board(max_rows: usize, max_cols: usize) -> impl Strategy<Value = Clobber> {
        let stone = prop::sample::select(vec![Stone::Empty, Stone::Black, Stone::White]);
        (1..=max_rows, 1..=max_cols).prop_flat_map(move |(rows, cols)| {
            prop::collection::vec(stone.clone(), rows * cols).prop_map(move |squares| {
                let rows: Vec<Vec<Stone>> = squares.chunks(cols).map(<[Stone]>::to_vec).collect();
                Clobber::from_rows(&rows).expect("rectangular")
            })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        #[test]
        fn boards_agree_with_the_textbook(position in arb_board(3, 3)) {
            prop_assert_eq!(agrees_with_textbook(&position), Ok(()));
        }

        #[test]
        fn symmetric_images_and_colour_swaps(position in arb_board(3, 4), symmetry in 0u8..8) {
            let mut store = Store::new();
            let mut evaluator = crate::Evaluator::new();
            let g = evaluator.canonical_form(&mut store, &position);
            let image = evaluator.canonical_form(&mut store, &position.image(symmetry));
            prop_assert_eq!(g, image);
            // Swapping the colours swaps the players.
            let swapped = Clobber {
                board: position.board.map(|_, s| match s {
                    Stone::Black => Stone::White,
                    Stone::White => Stone::Black,
                    Stone::Empty => Stone::Empty,
                }),
            };
            let h = evaluator.canonical_form(&mut store, &swapped);
            prop_assert_eq!(store.neg(g), h);
        }
    }
}
