//! Cram (Gardner, 1974; Winning Ways, ch. 13): Domineering where both players may place a
//! domino either way, so the game is impartial and every position is a nimber.
//!
//! Notation as Domineering's: the rows top to bottom, separated by `|`, `.` an empty square
//! and `#` a filled one; e.g. `".........|##.######"`. A move covers two orthogonally adjacent
//! empty squares.
//!
//! A position splits into its regions of orthogonally connected empty squares; each is cut
//! out to its bounding box and taken in its least image under the eight symmetries of the
//! rectangle, all of which keep the rules (and so the value).

use crate::grid::{Grid, Square};
use crate::moves::Described;
use crate::registry::{
    call, square, Board, Command, Fill, Limit, Param, ParamKind, Piece, Ruleset, EMPTY,
};
use crate::{check_size, PartizanGame, MAX_SEARCHED_SQUARES};
use crate::{searched_position, short_position};
use conway_partizan::PartizanError;
use conway_partizan::Player;

/// The most squares on a board.
pub const MAX_CRAM_SQUARES: usize = 4096;

/// The most empty squares on a board: the number of positions grows exponentially with it.
/// The slowest boards of 24 empty squares we tried (5 × 5 with a corner filled) take about a
/// second in a release build.
pub const MAX_CRAM_EMPTY: usize = 24;

/// A square of a Cram board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Cell {
    /// `.`
    Empty,
    /// `#`
    Filled,
}

impl Square for Cell {
    fn from_char(c: char) -> Option<Cell> {
        match c {
            '.' => Some(Cell::Empty),
            '#' => Some(Cell::Filled),
            _ => None,
        }
    }

    fn to_char(self) -> char {
        match self {
            Cell::Empty => '.',
            Cell::Filled => '#',
        }
    }
}

/// A Cram position.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Cram {
    board: Grid<Cell>,
}

impl Cram {
    /// Reads the notation and checks the limits.
    pub fn parse(text: &str) -> Result<Cram, PartizanError> {
        let position = Cram::read_within(text, MAX_CRAM_SQUARES)?;
        let empty = position
            .board
            .squares()
            .iter()
            .filter(|&&s| s == Cell::Empty)
            .count();
        check_size("cram's number of empty squares", empty, MAX_CRAM_EMPTY)?;
        Ok(position)
    }

    /// Reads the notation with only the limit on squares ([`MAX_SEARCHED_SQUARES`]), for a
    /// search of who wins.
    pub fn read(text: &str) -> Result<Cram, PartizanError> {
        Cram::read_within(text, MAX_SEARCHED_SQUARES)
    }

    fn read_within(text: &str, squares: usize) -> Result<Cram, PartizanError> {
        let board = Grid::parse(text, "cram", ". (empty) or # (filled)", squares)?;
        Ok(Cram { board })
    }

    /// Each placement: the two squares covered and the position after it.
    fn placements(&self) -> Vec<(usize, usize, Cram)> {
        let empty = |i: usize| self.board.get(i) == Cell::Empty;
        self.board
            .adjacent_pairs()
            .filter(|&(a, b)| empty(a) && empty(b))
            .map(|(a, b)| {
                let mut board = self.board.with(a, Cell::Filled);
                board.set(b, Cell::Filled);
                (a, b, Cram { board })
            })
            .collect()
    }
}

impl crate::Position for Cram {
    fn left_moves(&self) -> Vec<Self> {
        self.placements().into_iter().map(|(_, _, p)| p).collect()
    }

    fn right_moves(&self) -> Vec<Self> {
        self.left_moves()
    }
}

impl PartizanGame for Cram {
    fn components(&self) -> Vec<Self> {
        self.board
            .regions(|s| s == Cell::Empty)
            .into_iter()
            .filter(|region| region.len() > 1)
            .map(|region| Cram {
                board: self.board.cut_out(&region, Cell::Filled),
            })
            .collect()
    }
}

impl Described for Cram {
    fn expression(&self) -> String {
        format!("cram(\"{}\")", self.board)
    }

    fn described_moves(&self, player: Player) -> Vec<(String, Self)> {
        self.placements()
            .into_iter()
            .map(|(a, b, after)| {
                let vertical = self.board.place(a).1 == self.board.place(b).1;
                let text = format!(
                    "{} places a {} domino on {}–{}",
                    player.name(),
                    if vertical { "vertical" } else { "horizontal" },
                    self.board.square_name(a),
                    self.board.square_name(b)
                );
                (text, after)
            })
            .collect()
    }
}

/// Cram in the registry.
pub static RULESET: Ruleset = Ruleset {
    name: "cram",
    aliases: &["Cram"],
    title: "Cram",
    summary: "Cram (impartial); rows split by |, . empty, # filled; dominoes either way",
    params: &[Param::new("..|..", ParamKind::Position)],
    example: "cram(\".........|##.######\")",
    limits: &[
        Limit::new("squares", MAX_CRAM_SQUARES as u64, || {
            call(RULESET.name, &"#".repeat(MAX_CRAM_SQUARES + 1))
        }),
        Limit::new("empty squares", MAX_CRAM_EMPTY as u64, || {
            call(RULESET.name, &".".repeat(MAX_CRAM_EMPTY + 1))
        }),
    ],
    values: short_position!(Cram::parse),
    picture: None,
    board: Some(Board::of(&[EMPTY, square('#', Piece::Filled)])),
    search: Some(searched_position!(
        Cram::parse,
        Cram::read,
        Some(Command {
            rules: "either player places a domino either way; impartial",
            example: "4x5",
            board_help:
                "Rows separated by |: . empty, # filled ('...|.#.'); or ROWSxCOLUMNS for an \
                         empty board.",
            rectangle: Some(Fill::Uniform('.')),
        })
    )),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::{self, agrees_with_textbook};
    use conway_partizan::Store;
    use proptest::prelude::*;

    fn nim_value(store: &mut Store, text: &str) -> Option<u64> {
        let g = RULESET
            .value_of_text(store, text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        let n = store.as_nus(g)?;
        (n.number.is_zero() && n.ups == 0).then_some(n.nimber)
    }

    /// CGSuite's test suite (github.com/aaron-siegel/cgsuite,
    /// `lib/core/src/test/scala/org/cgsuite/lang/GameGridTest.scala`, "Cram").
    #[test]
    fn cgsuite_value() {
        let mut store = Store::new();
        assert_eq!(nim_value(&mut store, ".........|##.######"), Some(4));
    }

    /// A 1 × n strip is Arc Kayles on a path of n vertices (a domino takes two adjacent
    /// squares), whose values CGSuite's test suite lists for n = 1 … 24 (`GameGraphTest.scala`,
    /// "Arc Kayles paths are Dawson's Kayles heaps"); 2 × n boards are 0 for even n by the
    /// symmetry strategy and * for odd n (Winning Ways, ch. 13).
    #[test]
    fn strips_are_dawsons_kayles() {
        let path = [
            0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3,
        ];
        let mut store = Store::new();
        for (n, &value) in (1..).zip(&path) {
            assert_eq!(
                nim_value(&mut store, &".".repeat(n)),
                Some(value),
                "1 × {n}"
            );
        }
        for n in 1..=12 {
            let row = ".".repeat(n);
            let expected = if n % 2 == 0 { 0 } else { 1 };
            assert_eq!(
                nim_value(&mut store, &format!("{row}|{row}")),
                Some(expected),
                "2 × {n}"
            );
        }
    }

    #[test]
    fn moves_are_told_in_words() {
        let mut store = Store::new();
        let moves = RULESET.moves_of_text(&mut store, "..|#.").expect("valid");
        let texts: Vec<&str> = moves.right.iter().map(|m| m.description.as_str()).collect();
        assert_eq!(
            texts,
            [
                "Right places a horizontal domino on a1–b1",
                "Right places a vertical domino on b1–b2"
            ]
        );
        assert_eq!(moves.right[0].to, "cram(\"##|#.\")");
    }

    #[test]
    fn too_many_empty_squares_are_refused() {
        let mut store = Store::new();
        assert!(matches!(
            RULESET.value_of_text(&mut store, &".".repeat(MAX_CRAM_EMPTY + 1)),
            Err(PartizanError::TooLarge { .. })
        ));
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 100, ..ProptestConfig::default() })]

        #[test]
        fn boards_agree_with_the_textbook(
            board in oracle::arb_grid(vec![Cell::Empty, Cell::Filled], 3..=3, 3..=3)
        ) {
            prop_assert_eq!(agrees_with_textbook(&Cram { board }), Ok(()));
        }
    }
}
