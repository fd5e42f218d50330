//! Amazons (Walter Zamkauskas, 1988; Berlekamp, "Sums of N × 2 Amazons", 2000) on small
//! boards.
//!
//! Notation: the rows top to bottom, separated by `|`: `x` a Left amazon, `o` a Right amazon,
//! `.` an empty square, `#` a burnt one, as CGSuite writes boards; e.g. `"x...|o..."`. A move
//! takes one of the mover's amazons like a chess queen (any distance in one of eight
//! directions, over empty squares only) and then shoots an arrow from where it lands, again
//! like a queen (the square it left counts as empty), burning the square the arrow stops on.
//!
//! # Components
//!
//! Nothing crosses a burnt square or leaves the board, so the squares that are not burnt fall
//! into regions connected by king's moves (queens pass diagonally between two burnt squares),
//! and each region is a game of its own; a region without amazons is 0 and dropped. A region
//! is cut out to its bounding box, the rest burnt, and taken in its least image under the
//! rectangle's eight symmetries, all of which keep queen moves.

use crate::grid::{Grid, Square, DIRECTIONS};
use crate::moves::Described;
use crate::registry::{call, Command, Limit, Param, ParamKind, Ruleset, STONES_AND_FILLED};
use crate::{check_size, PartizanGame};
use crate::{searched_position, short_position};
use conway_partizan::PartizanError;
use conway_partizan::Player;

/// The most squares on a board.
pub const MAX_AMAZONS_SQUARES: usize = 256;

/// The most empty squares in one region: every move burns one, and each has many moves (an
/// amazon's queen moves times its arrows). The slowest region of 9 empty squares we tried
/// (`x.o.|....|..x.`, three amazons) takes 2.8 s in a release build; 10 empty squares with
/// two amazons (`x...|....|...o`) 1 s, and 12 (`x...o|.....|..#..`) 9 s.
pub const MAX_AMAZONS_EMPTY: usize = 10;

/// A square of an Amazons board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Cell {
    /// `.`
    Empty,
    /// `x`, a Left amazon.
    Left,
    /// `o`, a Right amazon.
    Right,
    /// `#`, burnt.
    Burnt,
}

impl Square for Cell {
    fn from_char(c: char) -> Option<Cell> {
        match c {
            '.' => Some(Cell::Empty),
            'x' => Some(Cell::Left),
            'o' => Some(Cell::Right),
            '#' => Some(Cell::Burnt),
            _ => None,
        }
    }

    fn to_char(self) -> char {
        match self {
            Cell::Empty => '.',
            Cell::Left => 'x',
            Cell::Right => 'o',
            Cell::Burnt => '#',
        }
    }
}

/// An Amazons board.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Amazons {
    board: Grid<Cell>,
}

impl Amazons {
    /// Reads the notation and checks the limits.
    pub fn parse(text: &str) -> Result<Amazons, PartizanError> {
        let position = Amazons::read(text)?;
        let largest = position
            .regions()
            .iter()
            .map(|region| {
                region
                    .iter()
                    .filter(|&&i| position.board.get(i) == Cell::Empty)
                    .count()
            })
            .max()
            .unwrap_or(0);
        check_size(
            "amazons' largest region's number of empty squares",
            largest,
            MAX_AMAZONS_EMPTY,
        )?;
        Ok(position)
    }

    /// Reads the notation with only the limit on squares (for a search of who wins).
    pub fn read(text: &str) -> Result<Amazons, PartizanError> {
        let expected = "x (Left amazon), o (Right amazon), . (empty), # (burnt)";
        Ok(Amazons {
            board: Grid::parse(text, "amazons", expected, MAX_AMAZONS_SQUARES)?,
        })
    }

    /// The regions of squares not burnt, connected by king's moves.
    fn regions(&self) -> Vec<Vec<usize>> {
        self.board.regions_linked(|s| s != Cell::Burnt, true)
    }

    /// The squares a queen on square `from` reaches over empty squares of `board`.
    fn queen_reach(board: &Grid<Cell>, from: usize) -> Vec<usize> {
        let mut reach = Vec::new();
        for &direction in &DIRECTIONS {
            let mut at = from;
            while let Some(next) = board
                .step(at, direction)
                .filter(|&i| board.get(i) == Cell::Empty)
            {
                reach.push(next);
                at = next;
            }
        }
        reach
    }

    /// Each move of `player`: the amazon's square, where it goes, where its
    /// arrow burns, and the board after it.
    fn moves(&self, player: Player) -> Vec<(usize, usize, usize, Amazons)> {
        let amazon = player.either(Cell::Left, Cell::Right);
        let board = &self.board;
        let mut moves = Vec::new();
        for from in (0..board.squares().len()).filter(|&i| board.get(i) == amazon) {
            let lifted = board.with(from, Cell::Empty);
            for to in Self::queen_reach(&lifted, from) {
                let landed = lifted.with(to, amazon);
                for arrow in Self::queen_reach(&landed, to) {
                    let board = landed.with(arrow, Cell::Burnt);
                    moves.push((from, to, arrow, Amazons { board }));
                }
            }
        }
        moves
    }
}

impl crate::Position for Amazons {
    fn left_moves(&self) -> Vec<Self> {
        self.moves(Player::Left).into_iter().map(|m| m.3).collect()
    }

    fn right_moves(&self) -> Vec<Self> {
        self.moves(Player::Right).into_iter().map(|m| m.3).collect()
    }
}

impl PartizanGame for Amazons {
    fn components(&self) -> Vec<Self> {
        self.regions()
            .into_iter()
            .filter(|region| {
                region
                    .iter()
                    .any(|&i| matches!(self.board.get(i), Cell::Left | Cell::Right))
            })
            .map(|region| Amazons {
                board: self.board.cut_out(&region, Cell::Burnt),
            })
            .collect()
    }
}

impl Described for Amazons {
    fn expression(&self) -> String {
        format!("amazons(\"{}\")", self.board)
    }

    fn described_moves(&self, player: Player) -> Vec<(String, Self)> {
        let name = |i: usize| self.board.square_name(i);
        self.moves(player)
            .into_iter()
            .map(|(from, to, arrow, after)| {
                let text = format!(
                    "{} moves the amazon on {} to {} and burns {}",
                    player.name(),
                    name(from),
                    name(to),
                    name(arrow)
                );
                (text, after)
            })
            .collect()
    }
}

/// Amazons in the registry.
pub static RULESET: Ruleset = Ruleset {
    name: "amazons",
    aliases: &["Amazons"],
    title: "Amazons",
    summary: "Amazons; rows split by |, x Left's amazons, o Right's, . empty, # burnt",
    params: &[Param::new("x...|o...", ParamKind::Position)],
    example: "amazons(\"x...|o...\")",
    limits: &[
        Limit::new("squares", MAX_AMAZONS_SQUARES as u64, || {
            call(RULESET.name, &"#".repeat(MAX_AMAZONS_SQUARES + 1))
        }),
        Limit::new(
            "empty squares in a region",
            MAX_AMAZONS_EMPTY as u64,
            || {
                call(
                    RULESET.name,
                    &format!("x{}", ".".repeat(MAX_AMAZONS_EMPTY + 1)),
                )
            },
        ),
    ],
    values: short_position!(Amazons::parse),
    picture: None,
    board: Some(STONES_AND_FILLED),
    search: Some(searched_position!(
        Amazons::parse,
        Amazons::read,
        Some(Command {
            rules: "an amazon moves as a queen, then shoots an arrow as a queen that burns a \
                    square: Left x, Right o",
            example: "x...|....|...o",
            board_help: "Rows separated by |: x Left's amazon, o Right's, . empty, # burnt \
                         ('x..|..o'), at most 256 squares.",
            rectangle: None,
        })
    )),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::{self, agrees_with_textbook, cgsuite_game};
    use conway_partizan::Store;
    use proptest::prelude::*;

    fn value_text(text: &str) -> String {
        oracle::value_text(|store, text| RULESET.value_of_text(store, text), text)
    }

    /// CGSuite's test suite (github.com/aaron-siegel/cgsuite,
    /// `lib/core/src/test/scala/org/cgsuite/lang/GameGridTest.scala`, "Amazons").
    #[test]
    fn cgsuite_value() {
        let mut store = Store::new();
        let g = RULESET
            .value_of_text(&mut store, "x...|o...")
            .expect("valid");
        let expected = cgsuite_game(
            &mut store,
            "+-{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,+-{1,{2|0}}}}",
        );
        assert_eq!(g, expected);
    }

    /// From the rules: an amazon alone with n empty squares in a row ahead of her makes n
    /// moves (stepping forward and burning the square behind her); one next to a burnt square
    /// cannot move.
    #[test]
    fn small_values_by_hand() {
        assert_eq!(value_text("x."), "1");
        assert_eq!(value_text("x.."), "2");
        assert_eq!(value_text("o..."), "-3");
        assert_eq!(value_text("x#."), "0");
        assert_eq!(value_text("x..#o.."), "0");
    }

    #[test]
    fn moves_are_told_in_words() {
        let mut store = Store::new();
        let moves = RULESET.moves_of_text(&mut store, "x..").expect("valid");
        let texts: Vec<&str> = moves.left.iter().map(|m| m.description.as_str()).collect();
        assert_eq!(
            texts,
            [
                "Left moves the amazon on a1 to b1 and burns a1",
                "Left moves the amazon on a1 to b1 and burns c1",
                "Left moves the amazon on a1 to c1 and burns b1",
                "Left moves the amazon on a1 to c1 and burns a1"
            ]
        );
        assert_eq!(moves.left[0].to, "amazons(\"#x.\")");
    }

    #[test]
    fn big_regions_are_refused() {
        let mut store = Store::new();
        assert!(matches!(
            RULESET.value_of_text(
                &mut store,
                &format!("x{}", ".".repeat(MAX_AMAZONS_EMPTY + 1))
            ),
            Err(PartizanError::TooLarge { .. })
        ));
        // Two regions at the limit each are fine.
        let half = format!("x{}", ".".repeat(MAX_AMAZONS_EMPTY - 1));
        assert!(Amazons::parse(&format!("{half}#{half}")).is_ok());
    }

    fn arb_board() -> impl Strategy<Value = Amazons> {
        let cells = vec![
            Cell::Empty,
            Cell::Empty,
            Cell::Empty,
            Cell::Left,
            Cell::Right,
            Cell::Burnt,
        ];
        oracle::arb_grid(cells, 1..=2, 2..=3).prop_map(|board| Amazons { board })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 100, ..ProptestConfig::default() })]

        #[test]
        fn boards_agree_with_the_textbook(position in arb_board()) {
            prop_assert_eq!(agrees_with_textbook(&position), Ok(()));
        }
    }
}
