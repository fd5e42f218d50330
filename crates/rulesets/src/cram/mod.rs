//! Cram (Gardner, 1974; Winning Ways, ch. 13): Domineering where both players may place a
//! domino either way, so the game is impartial and every position is a nimber.
//!
//! Notation as Domineering's: the rows top to bottom, separated by `|`, `.` an empty square
//! and `#` a filled one; e.g. `".........|##.######"`. A move covers two orthogonally adjacent
//! empty squares.
//!
//! A position splits into its regions of orthogonally connected empty squares; each is cut
//! out to its bounding box and taken in its least image under the eight symmetries of the
//! rectangle, all of which keep the rules (and so the value). A region's value is its nim
//! value's nimber: a 1 × n strip's from Dawson's Kayles at once, whatever its length;
//! another region's found on bitboards by the mex rule ([`nim_values`]) when its box fits
//! 128 bits, and by its canonical form otherwise.

mod nim_values;

use nim_values::{strip_value, Frame, NimValues};

use crate::grid::{Grid, Square};
use crate::moves::Described;
use crate::registry::{
    call, square, Board, Command, Fill, Limit, Param, ParamKind, Piece, Ruleset, EMPTY,
};
use crate::{check_size, PartizanGame, MAX_SEARCHED_SQUARES};
use crate::{searched_position, short_position};
use conway_partizan::Player;
use conway_partizan::{GameId, PartizanError, Store};

/// The most squares on a board.
pub const MAX_CRAM_SQUARES: usize = 4096;

/// The most empty squares outside 1 × n strips and regions the half-turn strategy settles
/// (which are valued at once, see [`nim_values`]) on a board whose regions each fit a bitboard (rows times
/// columns plus one at most 128 bits, either way round): the number of positions grows
/// exponentially with it. The slowest boards we know are the empty rectangles the half-turn
/// strategy does not settle (one core, release build, value alone): 0.5 s for 4 × 7, 2.3 s
/// for 5 × 6, 12 s for 3 × 12, 46 s and 610 MiB for 5 × 7.
pub const MAX_CRAM_EMPTY: usize = 36;

/// The most empty squares outside 1 × n strips when every other region's box is two
/// squares wide, whose positions grow more slowly: 39 s and 310 MiB for 2 × 25, the slowest.
pub const MAX_CRAM_EMPTY_TWO_WIDE: usize = 50;

/// The most empty squares when a region does not fit a bitboard (a sparse region spread over
/// a large box), valued by canonical forms: the slowest boards of 24 we tried (5 × 5 with a
/// corner filled) take about a second.
pub const MAX_CRAM_EMPTY_SPREAD: usize = 24;

/// The largest region the outcome search values by its nim value instead of searching it:
/// about a tenth of a second the first time (5 × 5 with a corner filled), and every region
/// valued stays for the next.
pub const MAX_CRAM_SEARCH_VALUED: usize = 24;

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
        let regions: Vec<Cram> = position
            .components()
            .into_iter()
            .filter(|region| !region.valued_by_a_rule())
            .collect();
        let empty = regions.iter().map(Cram::empty_squares).sum();
        if regions.iter().all(|region| region.width() <= 2) {
            check_size(
                "cram's number of empty squares outside strips and half-turn-symmetric regions, in regions two wide,",
                empty,
                MAX_CRAM_EMPTY_TWO_WIDE,
            )?;
        } else {
            check_size(
                "cram's number of empty squares outside strips and half-turn-symmetric regions",
                empty,
                MAX_CRAM_EMPTY,
            )?;
        }
        if empty > MAX_CRAM_EMPTY_SPREAD && regions.iter().any(|region| !region.fits_a_frame()) {
            check_size(
                "cram's number of empty squares, with a region spread beyond 128 bits,",
                empty,
                MAX_CRAM_EMPTY_SPREAD,
            )?;
        }
        Ok(position)
    }

    fn empty_squares(&self) -> usize {
        let squares = self.board.squares().iter();
        squares.filter(|&&s| s == Cell::Empty).count()
    }

    /// Whether a rule values the board at once, whatever its size: a strip, or a region the
    /// half-turn strategy settles.
    fn valued_by_a_rule(&self) -> bool {
        self.strip_length().is_some() || self.frame().is_some_and(Frame::mirror_strategy_wins)
    }

    /// The lesser side of the board.
    fn width(&self) -> usize {
        self.board.rows().min(self.board.cols())
    }

    /// The length of the board when it is one empty strip, a row or a column.
    fn strip_length(&self) -> Option<usize> {
        let (rows, cols) = (self.board.rows(), self.board.cols());
        let all_empty = self.board.squares().iter().all(|&s| s == Cell::Empty);
        ((rows == 1 || cols == 1) && all_empty).then_some(rows * cols)
    }

    /// Whether the board fits a bitboard frame, either way round.
    fn fits_a_frame(&self) -> bool {
        let (rows, cols) = (self.board.rows(), self.board.cols());
        Frame::fits(rows, cols) || Frame::fits(cols, rows)
    }

    /// The board's empty squares in a bitboard frame, transposed if only that fits.
    fn frame(&self) -> Option<Frame> {
        if !self.fits_a_frame() {
            return None;
        }
        let (rows, cols) = (self.board.rows(), self.board.cols());
        let transpose = !Frame::fits(rows, cols);
        let (frame_rows, frame_cols) = if transpose {
            (cols, rows)
        } else {
            (rows, cols)
        };
        let mut bits = 0u128;
        for r in 0..rows {
            for c in 0..cols {
                if self.board.at(r, c) == Cell::Empty {
                    let (fr, fc) = if transpose { (c, r) } else { (r, c) };
                    bits |= 1u128 << (fr * (frame_cols + 1) + fc);
                }
            }
        }
        Some(Frame {
            bits,
            rows: frame_rows as u8,
            cols: frame_cols as u8,
        })
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

/// The nim value of a Cram position written in its notation, within its limits.
pub fn nim_value_of_text(store: &mut Store, text: &str) -> Result<u64, PartizanError> {
    let value = RULESET.value_of_text(store, text)?;
    store.as_nimber(value).ok_or_else(|| {
        PartizanError::InvalidInput(
            "internal error: a Cram position's value is not a nimber".to_string(),
        )
    })
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
    /// The nimber of the nim value: a strip's from Dawson's Kayles, another region's on
    /// bitboards ([`nim_values`]) when it fits one.
    fn known_value(&self, store: &mut Store) -> Option<GameId> {
        if let Some(value) = self.strip_length().and_then(strip_value) {
            return Some(store.nimber(u64::from(value)));
        }
        let frame = self.frame()?;
        let mut values: NimValues = store.take_table();
        let value = values.of_squares(frame, frame.bits, &mut || {
            store.count_position();
            !store.stop_requested()
        });
        let kept = values.len();
        store.keep_table(values, kept);
        value.map(|v| store.nimber(u64::from(v)))
    }

    /// A strip or a region the half turn settles, or a region of at most [`MAX_CRAM_SEARCH_VALUED`] squares that fits a
    /// bitboard.
    fn valued_at_once(&self) -> bool {
        self.valued_by_a_rule()
            || self.empty_squares() <= MAX_CRAM_SEARCH_VALUED && self.fits_a_frame()
    }

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
        Limit::new(
            "empty squares outside strips and half-turn-symmetric regions",
            MAX_CRAM_EMPTY as u64,
            || {
                let row = ".".repeat((MAX_CRAM_EMPTY / 3 + 1) | 1);
                call(RULESET.name, &format!("{row}|{row}|{row}"))
            },
        ),
        Limit::new(
            "empty squares outside strips and half-turn-symmetric regions, in regions two wide",
            MAX_CRAM_EMPTY_TWO_WIDE as u64,
            || {
                let row = ".".repeat((MAX_CRAM_EMPTY_TWO_WIDE / 2 + 1) | 1);
                call(RULESET.name, &format!("{row}|{row}"))
            },
        ),
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
        store.as_nimber(g)
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

    /// Strips past a bitboard and past Dawson's Kayles' last exceptional value (heap 51), by
    /// OEIS A002187 (as MCGS's corpus records it, `input/impartial/impartial-easy/
    /// cram_1xn_easy.test`), alone, upright, and beside other regions.
    #[test]
    fn long_strips_are_dawsons_kayles() {
        let published = [
            (50, 5),
            (51, 5),
            (52, 2),
            (56, 1),
            (127, 0),
            (128, 2),
            (129, 1),
            (132, 4),
        ];
        let mut store = Store::new();
        for (n, value) in published {
            let strip = ".".repeat(n);
            assert_eq!(nim_value(&mut store, &strip), Some(value), "1 × {n}");
            let upright = vec!["."; n].join("|");
            assert_eq!(nim_value(&mut store, &upright), Some(value), "{n} × 1");
        }
        // 1 × 132 (4) beside 1 × 129 (1) and a 3 × 3 ring (valued by its moves).
        let row = |n: usize| format!("{}{}", ".".repeat(n), "#".repeat(132 - n));
        let ring = format!("...{}", "#".repeat(129));
        let hole = format!(".#.{}", "#".repeat(129));
        let board = [row(132), "#".repeat(132), row(129), "#".repeat(132)]
            .into_iter()
            .chain([ring.clone(), hole, ring])
            .collect::<Vec<_>>()
            .join("|");
        let ring_value = nim_value(&mut store, "...|.#.|...").expect("a nimber");
        assert_eq!(nim_value(&mut store, &board), Some(4 ^ 1 ^ ring_value));
        // Strips do not count towards the limit on empty squares; other regions do.
        let three_rows = vec![".".repeat((MAX_CRAM_EMPTY / 3 + 1) | 1); 3].join("|");
        let two_rows = vec![".".repeat((MAX_CRAM_EMPTY_TWO_WIDE / 2 + 1) | 1); 2].join("|");
        assert!(Cram::parse(&format!("{}|{}", ".".repeat(2000), "#".repeat(2000))).is_ok());
        for refused in [three_rows, two_rows] {
            assert!(matches!(
                Cram::parse(&refused),
                Err(PartizanError::TooLarge { .. })
            ));
        }
        // Regions the half turn settles are 0 whatever their size: 8 × 8, 2 × 40.
        for even in [vec![".".repeat(8); 8], vec![".".repeat(40); 2]] {
            assert_eq!(nim_value(&mut store, &even.join("|")), Some(0));
        }
        // Two wide and past 36 squares: 2 × 21 is *1 (Lemoine and Viennot, as MCGS's corpus
        // records it, `input/impartial/impartial-medium/cram_2xn_more.test`), and beside a
        // 2 × 2 block (0 by the half turn) still *1.
        let two_wide = vec![".".repeat(21); 2].join("|");
        assert_eq!(nim_value(&mut store, &two_wide), Some(1));
        let beside = vec![format!("..#{}", ".".repeat(21)); 2].join("|");
        assert_eq!(nim_value(&mut store, &beside), Some(1));
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
            RULESET.value_of_text(
                &mut store,
                &vec![".".repeat((MAX_CRAM_EMPTY / 3 + 1) | 1); 3].join("|")
            ),
            Err(PartizanError::TooLarge { .. })
        ));
    }

    /// Nim values of empty rectangles computed by Lemoine and Viennot, as recorded in MCGS's
    /// test corpus (github.com/ualberta-mueller-group/MCGS, `input/impartial/
    /// impartial-medium/cram_medium.test` and `impartial-hard/cram_hard.test`), past the
    /// 24 empty squares canonical forms reach; 4 × 8 and 6 × 6 are settled by the half-turn
    /// strategy alone.
    #[test]
    fn published_values_of_rectangles() {
        let mut store = Store::new();
        for (rows, cols, value) in [
            (3, 10, 2),
            (3, 11, 0),
            (4, 7, 3),
            (5, 6, 2),
            (4, 8, 0),
            (6, 6, 0),
        ] {
            let board = vec![".".repeat(cols); rows].join("|");
            assert_eq!(
                nim_value(&mut store, &board),
                Some(value),
                "{rows} x {cols}"
            );
        }
    }

    #[test]
    fn sparse_regions_past_a_bitboard_keep_the_canonical_forms_limit() {
        // A staircase of 25 squares whose box (13 x 13) does not fit 128 bits either way.
        let mut rows = vec![vec!['#'; 13]; 13];
        for k in 0..13 {
            rows[k][k] = '.';
            if k + 1 < 13 {
                rows[k][k + 1] = '.';
            }
        }
        let text: Vec<String> = rows.iter().map(|r| r.iter().collect()).collect();
        let text = text.join("|");
        assert!(matches!(
            Cram::parse(&text),
            Err(PartizanError::TooLarge { .. })
        ));
        // Within the canonical forms' limit it is valued, by its moves.
        let fewer = text.replacen('.', "#", 1);
        assert!(Cram::parse(&fewer).is_ok());
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 100, ..ProptestConfig::default() })]

        /// The bitboard nim values (and the split into regions) against the canonical form
        /// of the whole position from its moves alone.
        #[test]
        fn boards_agree_with_the_textbook(
            board in oracle::arb_grid(vec![Cell::Empty, Cell::Filled], 1..=4, 1..=5)
        ) {
            prop_assert_eq!(agrees_with_textbook(&Cram { board }), Ok(()));
        }

        /// Boards that are their own image under the half turn, where the engine may answer
        /// 0 by the mirror strategy without looking at the moves: against the textbook.
        #[test]
        fn half_turn_symmetric_boards_agree_with_the_textbook(
            board in oracle::arb_grid(vec![Cell::Empty, Cell::Filled], 1..=5, 1..=4)
        ) {
            let (rows, cols) = (board.rows(), board.cols());
            let turned = board.map(|i, s| {
                let (r, c) = board.place(i);
                let image = board.at(rows - 1 - r, cols - 1 - c);
                if s == Cell::Empty && image == Cell::Empty { Cell::Empty } else { Cell::Filled }
            });
            prop_assert_eq!(agrees_with_textbook(&Cram { board: turned }), Ok(()));
        }
    }
}
