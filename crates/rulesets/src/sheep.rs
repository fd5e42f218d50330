//! Sheep, an MCGS game (its `sheep`, after the board game Battle Sheep): herds split, and
//! part of a herd runs in a straight line across a hexagonal board until something stops it.
//!
//! Notation as MCGS writes it: the rows top to bottom, separated by `|`, each a list of
//! whole numbers separated by commas or spaces, the whole optionally in parentheses, e.g.
//! `"(0, 0, 2 | 4, 0, -3)"`: `0` an empty cell, `n > 0` a herd of `n` of Left's sheep,
//! `-n` one of Right's. The cells are hexagons in axial coordinates: the cell in row `r`,
//! column `c` touches those at `(r-1, c)`, `(r-1, c+1)`, `(r, c+1)`, `(r+1, c)`,
//! `(r+1, c-1)` and `(r, c-1)`. A move takes a herd of the mover's with at least two sheep,
//! one of the six directions and a number `k` of sheep from 1 to the herd's size less one:
//! the `k` sheep run from the herd's cell in that direction over empty cells to the last
//! empty one before the board's edge or an occupied cell (at least one cell: else there is
//! no such move), and the rest stay. Every move fills an empty cell, and no cell is ever
//! emptied, so play ends.
//!
//! Components: an occupied cell stays occupied, and a herd of one never moves, so herds of
//! one are walls. The cells that are not walls split into their regions of touching cells;
//! a region without a herd that can move or without an empty cell is 0 and dropped. Each
//! region is cut out (walls around it) and taken in its least image under the symmetries of
//! the hexagonal board that keep it a rectangle in these coordinates: the half turn, and
//! the reflection that swaps rows and columns.

use crate::grid::{edge_columns, regions_of_bits};
use crate::moves::Described;
use crate::registry::{Command, Limit, Param, ParamKind, Ruleset};
use crate::{check_size, PartizanGame, MAX_SEARCHED_SQUARES};
use crate::{searched_position, short_position};
use conway_partizan::PartizanError;
use conway_partizan::Player;

/// The most sheep in a herd, as MCGS allows.
pub const MAX_HERD: i64 = 50;

/// The most cells on a board whose value is asked for.
pub const MAX_SHEEP_CELLS: usize = 4096;

/// The most empty cells in a board whose value is asked for: every move fills one.
pub const MAX_SHEEP_EMPTY: usize = 6;

/// The most sheep in herds that can move (of two or more) on a board whose value is asked
/// for: a herd splits in as many ways as it has sheep, and the positions grow as the ways
/// of sharing the sheep out among the cells. The slowest boards at both limits we tried
/// (`8, 0, 0 | 0, 0, 0 | -8, 0, 1`) take 0.8 s in a release build on a busy machine; 12
/// sheep a side took 11 s.
pub const MAX_SHEEP_MOVERS: usize = 16;

/// The six neighbours of a cell in axial coordinates, as MCGS orders them.
const HEX: [(isize, isize); 6] = [(-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1)];

/// A Sheep board: each cell's herd, signed by its owner (Left positive), row by row.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Sheep {
    rows: usize,
    cols: usize,
    cells: Vec<i8>,
}

/// A move: the herd's cell, the cell its runners reach, how many run, and the board after.
type Run = (usize, usize, i8, Sheep);

impl Sheep {
    /// Reads the notation and checks the limits.
    pub fn parse(text: &str) -> Result<Sheep, PartizanError> {
        let position = Sheep::read_within(text, MAX_SHEEP_CELLS)?;
        let empty = position.cells.iter().filter(|&&h| h == 0).count();
        check_size("sheep's number of empty cells", empty, MAX_SHEEP_EMPTY)?;
        let movers: usize = (position.cells.iter())
            .map(|&h| usize::from(h.unsigned_abs()))
            .filter(|&h| h >= 2)
            .sum();
        check_size("sheep in herds that can move", movers, MAX_SHEEP_MOVERS)?;
        Ok(position)
    }

    /// Reads the notation with only the limit on cells ([`MAX_SEARCHED_SQUARES`]), for a
    /// search of who wins.
    pub fn read(text: &str) -> Result<Sheep, PartizanError> {
        Sheep::read_within(text, MAX_SEARCHED_SQUARES)
    }

    fn read_within(text: &str, most: usize) -> Result<Sheep, PartizanError> {
        check_size("sheep text", text.len(), 16 * most + 2)?;
        let (start, end) = (
            text.find(|c: char| !c.is_whitespace()),
            text.trim_end().len(),
        );
        let (mut from, mut to) = (start.unwrap_or(0), end);
        if text[from..to].starts_with('(') && text[from..to].ends_with(')') && to - from >= 2 {
            (from, to) = (from + 1, to - 1);
        }
        let mut rows: Vec<Vec<i8>> = Vec::new();
        let mut offset = from;
        for row in text[from..to].split('|') {
            let mut cells = Vec::new();
            let mut at = offset;
            for word in row.split(|c: char| c == ',' || c.is_whitespace()) {
                if !word.is_empty() {
                    let column = at + 1;
                    let herd: i64 = word.parse().map_err(|_| {
                        PartizanError::parse(
                            column,
                            format!(
                                "sheep: expected a whole number (a herd, 0 empty), not {word:?}"
                            ),
                        )
                    })?;
                    if herd.abs() > MAX_HERD {
                        return Err(PartizanError::parse(
                            column,
                            format!("sheep: a herd has at most {MAX_HERD} sheep, not {herd}"),
                        ));
                    }
                    cells.push(herd as i8);
                }
                at += word.len() + 1;
            }
            if let Some(first) = rows.first() {
                if first.len() != cells.len() {
                    return Err(PartizanError::parse(
                        offset + 1,
                        format!(
                            "sheep: row {} has {} cells but row 1 has {}",
                            rows.len() + 1,
                            cells.len(),
                            first.len()
                        ),
                    ));
                }
            }
            rows.push(cells);
            offset += row.len() + 1;
        }
        let cols = rows.first().map_or(0, Vec::len);
        let cells = rows.concat();
        check_size("sheep board", cells.len(), most)?;
        let rows = if cols == 0 { 0 } else { rows.len() };
        Ok(Sheep { rows, cols, cells })
    }

    /// The cell one step from `i` in direction `(dr, dc)`, if on the board.
    fn step(&self, i: usize, (dr, dc): (isize, isize)) -> Option<usize> {
        let r = (i / self.cols)
            .checked_add_signed(dr)
            .filter(|&r| r < self.rows)?;
        let c = (i % self.cols)
            .checked_add_signed(dc)
            .filter(|&c| c < self.cols)?;
        Some(r * self.cols + c)
    }

    /// Each move of `player`, in MCGS's order of herds and directions.
    fn runs(&self, player: Player) -> Vec<Run> {
        let sign: i8 = player.either(1, -1);
        let mut runs = Vec::new();
        for from in 0..self.cells.len() {
            let herd = self.cells[from] * sign;
            if herd < 2 {
                continue;
            }
            for direction in HEX {
                let mut to = from;
                while let Some(next) = self.step(to, direction).filter(|&n| self.cells[n] == 0) {
                    to = next;
                }
                if to == from {
                    continue;
                }
                for k in 1..herd {
                    let mut after = self.clone();
                    after.cells[from] = (herd - k) * sign;
                    after.cells[to] = k * sign;
                    runs.push((from, to, k, after));
                }
            }
        }
        runs
    }

    /// The board in the notation, rows separated by ` | ` and cells by `, `.
    pub fn notation(&self) -> String {
        let rows: Vec<String> = self
            .cells
            .chunks(self.cols.max(1))
            .map(|row| {
                let cells: Vec<String> = row.iter().map(i8::to_string).collect();
                cells.join(", ")
            })
            .collect();
        rows.join(" | ")
    }

    /// The image under a symmetry of the hexagonal board: bit 0 the half turn, bit 1 the
    /// swap of rows and columns.
    fn image(&self, symmetry: u8) -> Sheep {
        let (rows, cols) = if symmetry & 2 != 0 {
            (self.cols, self.rows)
        } else {
            (self.rows, self.cols)
        };
        let mut cells = Vec::with_capacity(self.cells.len());
        for r in 0..rows {
            for c in 0..cols {
                let (r, c) = if symmetry & 1 != 0 {
                    (rows - 1 - r, cols - 1 - c)
                } else {
                    (r, c)
                };
                let (r, c) = if symmetry & 2 != 0 { (c, r) } else { (r, c) };
                cells.push(self.cells[r * self.cols + c]);
            }
        }
        Sheep { rows, cols, cells }
    }

    /// The cells cut out to their bounding box, walls (herds of one of Left's) elsewhere.
    fn cut_out(&self, region: &[usize]) -> Sheep {
        let places = region.iter().map(|&i| (i / self.cols, i % self.cols));
        let (top, left) = places
            .clone()
            .fold((usize::MAX, usize::MAX), |(t, l), (r, c)| {
                (t.min(r), l.min(c))
            });
        let (bottom, right) = places.fold((0, 0), |(b, rr), (r, c)| (b.max(r), rr.max(c)));
        let (rows, cols) = (bottom + 1 - top, right + 1 - left);
        let mut cells = vec![1; rows * cols];
        for &i in region {
            cells[(i / self.cols - top) * cols + (i % self.cols - left)] = self.cells[i];
        }
        Sheep { rows, cols, cells }
    }
}

impl crate::Position for Sheep {
    fn left_moves(&self) -> Vec<Self> {
        self.runs(Player::Left).into_iter().map(|r| r.3).collect()
    }

    fn right_moves(&self) -> Vec<Self> {
        self.runs(Player::Right).into_iter().map(|r| r.3).collect()
    }
}

impl PartizanGame for Sheep {
    /// A herd of `n` of the player's that can run in `d` directions has `(n - 1) d` moves.
    fn move_counts(&self) -> Option<[usize; 2]> {
        let mut counts = [0usize; 2];
        for (from, &herd) in self.cells.iter().enumerate() {
            if herd.abs() < 2 {
                continue;
            }
            let open = HEX
                .iter()
                .filter(|&&d| self.step(from, d).is_some_and(|n| self.cells[n] == 0))
                .count();
            counts[usize::from(herd < 0)] += usize::from(herd.unsigned_abs() - 1) * open;
        }
        Some(counts)
    }

    fn components(&self) -> Vec<Self> {
        self.regions()
            .into_iter()
            .filter(|region| {
                let has_empty = region.iter().any(|&i| self.cells[i] == 0);
                let has_herd = region.iter().any(|&i| self.cells[i] != 0);
                has_empty && has_herd
            })
            .map(|region| self.cut_out(&region).least_image())
            .collect()
    }
}

impl Sheep {
    /// The regions of touching cells that are not walls (herds of one), each in increasing
    /// order: on a bitboard when the board has at most 128 cells (the search splits every
    /// option of every position), else cell by cell.
    fn regions(&self) -> Vec<Vec<usize>> {
        if self.cells.is_empty() || self.cells.len() > 128 {
            return self.regions_by_steps();
        }
        let cols = self.cols;
        let mut open = 0u128;
        for (i, &herd) in self.cells.iter().enumerate() {
            open |= u128::from(herd.abs() != 1) << i;
        }
        let (first_column, last_column, board) = edge_columns(self.rows, cols);
        // The six neighbours (see the module doc): a step right (or up and right) must not
        // land in the first column, a step left (or down and left) in the last.
        regions_of_bits(open, |m| {
            let rightwards = (m << 1) | (m >> (cols - 1));
            let leftwards = (m >> 1) | (m << (cols - 1));
            ((rightwards & !first_column) | (leftwards & !last_column) | (m >> cols) | (m << cols))
                & board
        })
    }

    /// [`Sheep::regions`] one cell at a time, on any board (in the order cells are reached).
    fn regions_by_steps(&self) -> Vec<Vec<usize>> {
        let open = |i: usize| self.cells[i].abs() != 1;
        let mut seen = vec![false; self.cells.len()];
        let mut regions = Vec::new();
        for start in 0..self.cells.len() {
            if seen[start] || !open(start) {
                continue;
            }
            seen[start] = true;
            let (mut region, mut stack) = (Vec::new(), vec![start]);
            while let Some(i) = stack.pop() {
                region.push(i);
                for d in HEX {
                    if let Some(j) = self.step(i, d).filter(|&j| !seen[j] && open(j)) {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
            regions.push(region);
        }
        regions
    }

    /// The least of the board's four images ([`Sheep::image`]), compared cell by cell
    /// where they lie, only the least built.
    fn least_image(&self) -> Sheep {
        let shape = |symmetry: u8| {
            if symmetry & 2 != 0 {
                (self.cols, self.rows)
            } else {
                (self.rows, self.cols)
            }
        };
        // The cell of the image under `symmetry` at index `k` of the image.
        let cell = |symmetry: u8, k: usize| {
            let (rows, cols) = shape(symmetry);
            let (r, c) = (k / cols, k % cols);
            let (r, c) = if symmetry & 1 != 0 {
                (rows - 1 - r, cols - 1 - c)
            } else {
                (r, c)
            };
            let (r, c) = if symmetry & 2 != 0 { (c, r) } else { (r, c) };
            self.cells[r * self.cols + c]
        };
        let mut least = 0u8;
        for symmetry in 1..4 {
            let order = shape(symmetry).cmp(&shape(least)).then_with(|| {
                (0..self.cells.len())
                    .map(|k| cell(symmetry, k).cmp(&cell(least, k)))
                    .find(|o| o.is_ne())
                    .unwrap_or(std::cmp::Ordering::Equal)
            });
            if order.is_lt() {
                least = symmetry;
            }
        }
        if least == 0 {
            self.clone()
        } else {
            self.image(least)
        }
    }
}

impl Described for Sheep {
    fn expression(&self) -> String {
        format!("{}(\"{}\")", RULESET.name, self.notation())
    }

    fn described_moves(&self, player: Player) -> Vec<(String, Self)> {
        let name = |i: usize| crate::moves::square_name(i / self.cols, i % self.cols);
        self.runs(player)
            .into_iter()
            .map(|(from, to, k, after)| {
                let herd = self.cells[from].abs();
                let text = format!(
                    "{} runs {k} of the {herd} sheep on {} to {}",
                    player.name(),
                    name(from),
                    name(to)
                );
                (text, after)
            })
            .collect()
    }
}

/// Sheep in the registry.
pub static RULESET: Ruleset = Ruleset {
    name: "sheep",
    aliases: &["Sheep", "BattleSheep"],
    title: "Sheep",
    summary: "MCGS's Sheep (Battle Sheep): rows split by |, cells by commas, n a herd of n \
              (Left's positive, Right's negative), 0 empty; hexagonal cells",
    params: &[Param::new("0, 3 | 0, -2", ParamKind::Position)],
    example: "sheep(\"0, 3 | 0, 0 | -2, 0\")",
    limits: &[
        Limit::new("cells", MAX_SHEEP_CELLS as u64, || {
            format!("sheep(\"{}\")", vec!["1"; MAX_SHEEP_CELLS + 1].join(","))
        }),
        Limit::new("empty cells", MAX_SHEEP_EMPTY as u64, || {
            format!("sheep(\"{}\")", ["0"; MAX_SHEEP_EMPTY + 1].join(","))
        }),
        Limit::new(
            "sheep in herds that can move",
            MAX_SHEEP_MOVERS as u64,
            || format!("sheep(\"{}, 0\")", MAX_SHEEP_MOVERS + 1),
        ),
    ],
    values: short_position!(Sheep::parse),
    picture: None,
    board: None,
    search: Some(searched_position!(
        Sheep::parse,
        Sheep::read,
        Some(Command {
            rules: "part of a herd runs in a straight line on hexagonal cells until stopped: \
                    Left's herds positive, Right's negative",
            example: "(0,0,1|0,4,0|1,0,-3)",
            board_help: "Rows separated by |, cells by commas: n a herd of n sheep (Left's \
                         positive, Right's negative), 0 empty ('0, 3 | 0, -2').",
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
    use std::collections::BTreeSet;

    fn value_text(text: &str) -> String {
        oracle::value_text(|store, text| RULESET.value_of_text(store, text), text)
    }

    /// From the rules: a herd of two beside one empty cell splits once (1); a herd of three
    /// there splits in two ways, each leaving no move ({0|} = 1); a herd of one never moves.
    #[test]
    fn small_values_by_hand() {
        assert_eq!(value_text("2, 0"), "1");
        assert_eq!(value_text("3, 0"), "1");
        assert_eq!(value_text("-2, 0"), "-1");
        assert_eq!(value_text("1, 0"), "0");
        // Both herds reach the one empty cell first: {0|0}.
        assert_eq!(value_text("2, 0, -2"), "*");
        // Runners go as far as they can: from (0,0) down-left is off the board; right runs to
        // the end of the row, so `2, 0, 0` is one move, not two.
        assert_eq!(value_text("2, 0, 0"), "1");
        assert_eq!(value_text("(2, 0, 0)"), "1");
    }

    /// MCGS's recorded results (`input/main_tests/sheep_autotests/sheep1.test`, from MCGS
    /// itself): (board, Black (Left) wins moving first, White (Right) wins moving first).
    #[test]
    fn mcgs_outcomes() {
        let cases = [
            (
                "(0, 0, 0, 1 | 0, 0, 0, 0 | 0, 0, 0, 0 | 0, 0, 0, 0 | 0, 0, 0, 0 | 0, 0, 0, 0)",
                false,
                false,
            ),
            (
                "(0, 0, 0, 0 | 0, 0, 0, 1 | 0, 0, 0, 0 | 0, 0, 0, 0)",
                false,
                false,
            ),
            (
                "(0, 0, 0, 0 | 0, 4, 0, 1 | 0, 0, 0, 0 | 1, 5, 0, 0)",
                true,
                false,
            ),
            (
                "(-4, 0, 8, 0 | 0, 0, -1, 0 | 0, 0, 0, -2 | 0, 0, 0, 0)",
                true,
                false,
            ),
            (
                "(0, 0, -2, 2 | 0, 0, -1, 0 | 1, -1, -1, 0 | 0, 0, 0, 0)",
                false,
                false,
            ),
            (
                "(0, 0, 0, 0 | 0, 0, 1, 4 | 2, 1, -5, 0 | 1, 0, 0, 0)",
                true,
                false,
            ),
            (
                "(0, 0, 0, 0, 0 | 0, 1, 0, 0, 0 | 0, 0, -1, -7, 0 | 0, 0, 0, 0, 0)",
                false,
                true,
            ),
        ];
        oracle::agrees_with_mcgs(&cases, Sheep::read);
    }

    #[test]
    fn moves_are_told_in_words_and_bad_boards_located() {
        let mut store = Store::new();
        let moves = RULESET.moves_of_text(&mut store, "3, 0").expect("valid");
        let texts: Vec<&str> = moves.left.iter().map(|m| m.description.as_str()).collect();
        assert_eq!(
            texts,
            [
                "Left runs 1 of the 3 sheep on a1 to b1",
                "Left runs 2 of the 3 sheep on a1 to b1"
            ]
        );
        assert_eq!(moves.left[0].to, "sheep(\"2, 1\")");
        assert!(matches!(
            RULESET.value_of_text(&mut store, "0, 51"),
            Err(PartizanError::Parse { column: 4, .. })
        ));
        assert!(matches!(
            RULESET.value_of_text(&mut store, "0, x"),
            Err(PartizanError::Parse { column: 4, .. })
        ));
        assert!(matches!(
            RULESET.value_of_text(&mut store, "0, 1 | 0"),
            Err(PartizanError::Parse { column: 7, .. })
        ));
    }

    /// Every move by the rules, cell by cell: for each herd and each of the six steps, walk
    /// while the next cell is on the board and empty, written apart from the fast generator
    /// with row and column arithmetic on signed numbers.
    fn oracle_moves(p: &Sheep, player: Player) -> BTreeSet<Vec<i8>> {
        let (rows, cols) = (p.rows as i64, p.cols as i64);
        let sign = if player == Player::Left { 1 } else { -1 };
        let mut moves = BTreeSet::new();
        for r in 0..rows {
            for c in 0..cols {
                let herd = p.cells[(r * cols + c) as usize] * sign;
                for (dr, dc) in [(-1i64, 0i64), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1)] {
                    let (mut tr, mut tc) = (r, c);
                    while (0..rows).contains(&(tr + dr))
                        && (0..cols).contains(&(tc + dc))
                        && p.cells[((tr + dr) * cols + tc + dc) as usize] == 0
                    {
                        (tr, tc) = (tr + dr, tc + dc);
                    }
                    if (tr, tc) == (r, c) {
                        continue;
                    }
                    for k in 1..herd.max(0) {
                        let mut after = p.cells.clone();
                        after[(r * cols + c) as usize] = (herd - k) * sign;
                        after[(tr * cols + tc) as usize] = k * sign;
                        moves.insert(after);
                    }
                }
            }
        }
        moves
    }

    fn arb_board() -> impl Strategy<Value = Sheep> {
        let cell = prop::sample::select(vec![0i8, 0, 0, 1, -1, 2, 3, -2, -3]);
        (1..=3usize, 1..=4usize).prop_flat_map(move |(rows, cols)| {
            prop::collection::vec(cell.clone(), rows * cols).prop_map(move |cells| Sheep {
                rows,
                cols,
                cells,
            })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        #[test]
        fn moves_and_their_counts_agree_with_the_rules_cell_by_cell(p in arb_board()) {
            for player in [Player::Left, Player::Right] {
                let fast: BTreeSet<Vec<i8>> =
                    p.runs(player).into_iter().map(|r| r.3.cells).collect();
                prop_assert_eq!(fast, oracle_moves(&p, player));
            }
            prop_assert_eq!(
                p.move_counts(),
                Some([crate::Position::left_moves(&p).len(), crate::Position::right_moves(&p).len()])
            );
        }

        #[test]
        fn boards_agree_with_the_textbook(p in arb_board()) {
            prop_assert_eq!(agrees_with_textbook(&p), Ok(()));
        }

        #[test]
        fn the_notation_reads_back(p in arb_board()) {
            prop_assert_eq!(Sheep::read(&p.notation()), Ok(p));
        }

        /// Regions found on a bitboard are those found cell by cell, on boards up to
        /// 128 cells (one row, one column and 16 × 8 among them).
        #[test]
        fn regions_on_bits_are_those_found_by_steps(
            rows in 1usize..=16,
            cols in 1usize..=16,
            seed in prop::collection::vec(prop::sample::select(vec![0i8, 0, 1, -1, 2]), 128),
        ) {
            let cols = if rows * cols > 128 { 128 / rows } else { cols };
            let board = Sheep { rows, cols, cells: seed[..rows * cols].to_vec() };
            let mut by_steps = board.regions_by_steps();
            by_steps.iter_mut().for_each(|r| r.sort_unstable());
            prop_assert_eq!(board.regions(), by_steps);
        }

        /// The least image found cell by cell is the least of the four images built.
        #[test]
        fn the_least_image_is_the_least_built_image(p in arb_board()) {
            let built = (0..4).map(|s| p.image(s)).min().expect("four images");
            prop_assert_eq!(p.least_image(), built);
        }
    }
}
