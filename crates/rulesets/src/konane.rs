//! Konane (Hawaiian checkers; Ernst, "Playing Konane mathematically", 1995): stones jump
//! over the opponent's stones and capture them.
//!
//! Notation: the rows top to bottom, separated by `|`: `x` a black stone (Left's), `o` a
//! white stone (Right's), `.` an empty square; e.g. `"xo.|.ox"`. A move takes one of the
//! mover's stones orthogonally over an adjacent stone of the opponent onto the empty square
//! just beyond it, capturing the stone jumped; the same stone may go on jumping in the same
//! direction, and each number of jumps is a move of its own.
//!
//! Jumps land on empty squares anywhere, so a board does not split into parts: the whole
//! board is one component, taken in its least image under the rectangle's eight symmetries.

use crate::grid::{Grid, Square, DIRECTIONS};
use crate::moves::Described;
use crate::registry::{call, Command, Limit, Param, ParamKind, Ruleset, STONES};
use crate::{check_size, PartizanGame};
use crate::{searched_position, short_position};
use conway_partizan::PartizanError;
use conway_partizan::Player;

/// The most squares on a board.
pub const MAX_KONANE_SQUARES: usize = 64;

/// The most stones: every move captures one, and the positions grow exponentially with
/// them. The slowest boards of 16 stones we tried (a 2 × 8 checkerboard with two empty rows
/// beside it) take 0.25 s in a release build.
pub const MAX_KONANE_STONES: usize = 16;

/// A square of a Konane board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Cell {
    /// `.`
    Empty,
    /// `x`, Left's.
    Black,
    /// `o`, Right's.
    White,
}

impl Square for Cell {
    fn from_char(c: char) -> Option<Cell> {
        match c {
            '.' => Some(Cell::Empty),
            'x' => Some(Cell::Black),
            'o' => Some(Cell::White),
            _ => None,
        }
    }

    fn to_char(self) -> char {
        match self {
            Cell::Empty => '.',
            Cell::Black => 'x',
            Cell::White => 'o',
        }
    }
}

/// A Konane board.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Konane {
    board: Grid<Cell>,
}

impl Konane {
    /// Reads the notation and checks the limits.
    pub fn parse(text: &str) -> Result<Konane, PartizanError> {
        let position = Konane::read(text)?;
        let stones = position
            .board
            .squares()
            .iter()
            .filter(|&&s| s != Cell::Empty)
            .count();
        check_size("konane's number of stones", stones, MAX_KONANE_STONES)?;
        Ok(position)
    }

    /// Reads the notation with only the limit on squares (for a search of who wins).
    pub fn read(text: &str) -> Result<Konane, PartizanError> {
        let expected = "x (Left), o (Right), . (empty)";
        let board = Grid::parse(text, "konane", expected, MAX_KONANE_SQUARES)?;
        Ok(Konane { board })
    }

    /// Each jump of `player`: the square left, the square landed on, the number
    /// of stones captured, and the board after it.
    fn jumps(&self, player: Player) -> Vec<(usize, usize, usize, Konane)> {
        let (mover, victim) = player.either((Cell::Black, Cell::White), (Cell::White, Cell::Black));
        let board = &self.board;
        let (rows, cols) = (board.rows(), board.cols());
        let mut moves = Vec::new();
        for from in (0..board.squares().len()).filter(|&i| board.get(i) == mover) {
            let place = board.place(from);
            for &(dr, dc) in &DIRECTIONS[..4] {
                // From the square at row `r`, column `c`: the stone jumped, the square landed
                // on and its row and column, if that jump is open (places are carried along,
                // not divided out of indices at every step).
                let jump = |(r, c): (usize, usize)| {
                    let row = r.checked_add_signed(2 * dr).filter(|&r| r < rows)?;
                    let col = c.checked_add_signed(2 * dc).filter(|&c| c < cols)?;
                    let over = (r + row) / 2 * cols + (c + col) / 2;
                    let land = row * cols + col;
                    let open = board.get(over) == victim && board.get(land) == Cell::Empty;
                    open.then_some((over, land, (row, col)))
                };
                // Most stones cannot jump most ways: the board is copied only for a jump.
                let Some(first) = jump(place) else {
                    continue;
                };
                let (mut next, mut after, mut captured) =
                    (Some(first), board.with(from, Cell::Empty), 0);
                while let Some((over, land, place)) = next {
                    after.set(over, Cell::Empty);
                    captured += 1;
                    let landed = Konane {
                        board: after.with(land, mover),
                    };
                    moves.push((from, land, captured, landed));
                    next = jump(place);
                }
            }
        }
        moves
    }
}

impl crate::Position for Konane {
    fn left_moves(&self) -> Vec<Self> {
        self.jumps(Player::Left).into_iter().map(|m| m.3).collect()
    }

    fn right_moves(&self) -> Vec<Self> {
        self.jumps(Player::Right).into_iter().map(|m| m.3).collect()
    }
}

impl PartizanGame for Konane {
    fn components(&self) -> Vec<Self> {
        vec![Konane {
            board: self.board.least_image(),
        }]
    }
}

impl Described for Konane {
    fn expression(&self) -> String {
        format!("konane(\"{}\")", self.board)
    }

    fn described_moves(&self, player: Player) -> Vec<(String, Self)> {
        let name = |i: usize| self.board.square_name(i);
        self.jumps(player)
            .into_iter()
            .map(|(from, to, captured, after)| {
                let stones = if captured == 1 { "stone" } else { "stones" };
                let text = format!(
                    "{} jumps from {} to {}, capturing {captured} {stones}",
                    player.name(),
                    name(from),
                    name(to)
                );
                (text, after)
            })
            .collect()
    }
}

/// Konane in the registry.
pub static RULESET: Ruleset = Ruleset {
    name: "konane",
    aliases: &["Konane"],
    title: "Konane",
    summary: "Konane; rows split by |, x Left's stones, o Right's, . empty",
    params: &[Param::new("xo.|.ox", ParamKind::Position)],
    example: "konane(\"xo.o.|.x...\")",
    limits: &[
        Limit::new("squares", MAX_KONANE_SQUARES as u64, || {
            call(RULESET.name, &".".repeat(MAX_KONANE_SQUARES + 1))
        }),
        Limit::new("stones", MAX_KONANE_STONES as u64, || {
            call(RULESET.name, &"x".repeat(MAX_KONANE_STONES + 1))
        }),
    ],
    values: short_position!(Konane::parse),
    picture: None,
    board: Some(STONES),
    search: Some(searched_position!(
        Konane::parse,
        Konane::read,
        Some(Command {
            rules: "a stone jumps over the other colour's stones, capturing them: Left x, Right o",
            example: "xoxo|o.ox|xoxo|oxox",
            board_help: "Rows separated by |: x Left's stone, o Right's, . empty ('xo.|oxo').",
            rectangle: None,
        })
    )),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::{self, agrees_with_textbook};
    use conway_partizan::Store;
    use proptest::prelude::*;

    fn value_text(text: &str) -> String {
        oracle::value_text(|store, text| RULESET.value_of_text(store, text), text)
    }

    /// From the rules: in `xo.` only Left can jump, once, to a dead position (1); in `xo.o.`
    /// Left jumps once (`..xo.`, where Right jumps back: {0|} … ) or twice (0).
    #[test]
    fn small_values_by_hand() {
        assert_eq!(value_text("xo."), "1");
        assert_eq!(value_text(".ox"), "1");
        assert_eq!(value_text("x|o|."), "1");
        assert_eq!(value_text(".xo."), "*");
        assert_eq!(value_text("xx."), "0");
        // ..xo. : Right jumps o over x to square 2 (0); Left jumps x over o to 5 (0): *.
        // xo.o. : Left's jumps reach "..xo." (*) and "....x" (0); Right has none: {0,*|} = 1.
        assert_eq!(value_text("..xo."), "*");
        assert_eq!(value_text("xo.o."), "1");
    }

    /// Ernst, "Playing Konane mathematically" (UMAP Journal 16, 1995): a solid linear pattern
    /// of N alternating stones with room to jump on both sides is −j for N = 2j + 1, 0 for
    /// N = 4j and * for N = 4j + 2 (black, Left's, at the left end; for N = 3 by hand: only
    /// White can jump, once, so the value is {|0} = −1).
    #[test]
    fn ernsts_solid_linear_patterns() {
        for n in 2..=12usize {
            let stones: String = (0..n).map(|i| if i % 2 == 0 { 'x' } else { 'o' }).collect();
            let expected = match (n % 2, n % 4) {
                (1, _) => format!("-{}", (n - 1) / 2),
                (_, 0) => "0".to_string(),
                _ => "*".to_string(),
            };
            assert_eq!(value_text(&format!(".{stones}.")), expected, "N = {n}");
        }
    }

    #[test]
    fn moves_are_told_in_words() {
        let mut store = Store::new();
        let moves = RULESET.moves_of_text(&mut store, "xo.o.").expect("valid");
        let texts: Vec<&str> = moves.left.iter().map(|m| m.description.as_str()).collect();
        assert_eq!(
            texts,
            [
                "Left jumps from a1 to c1, capturing 1 stone",
                "Left jumps from a1 to e1, capturing 2 stones"
            ]
        );
        assert_eq!(moves.left[1].to, "konane(\"....x\")");
    }

    #[test]
    fn too_many_stones_are_refused() {
        let mut store = Store::new();
        assert!(matches!(
            RULESET.value_of_text(&mut store, &"xo".repeat(MAX_KONANE_STONES / 2 + 1)),
            Err(PartizanError::TooLarge { .. })
        ));
    }

    fn arb_board() -> impl Strategy<Value = Konane> {
        let cells = vec![Cell::Empty, Cell::Empty, Cell::Black, Cell::White];
        oracle::arb_grid(cells, 1..=3, 2..=4).prop_map(|board| Konane { board })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 100, ..ProptestConfig::default() })]

        #[test]
        fn boards_agree_with_the_textbook(position in arb_board()) {
            prop_assert_eq!(agrees_with_textbook(&position), Ok(()));
        }
    }
}
