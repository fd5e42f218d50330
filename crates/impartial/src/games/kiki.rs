//! kiki's game (HDU 2147): a coin on an n×m board starts in the top-right corner; a move
//! takes it one square left, one square down, or one square diagonally down-left; the
//! player who cannot move (the coin in the bottom-left corner) loses.
//!
//! With a squares to the left and b below, the player to move loses exactly when a and b
//! are both even: from there every move makes one odd, and from anywhere else a move makes
//! both even. From the start (a = m − 1, b = n − 1) the first player loses iff n and m are
//! both odd. The Grundy value (for sums of boards) is 0 when both are even, 2 when both
//! are odd, and otherwise 1 or 3 as the odd distance is the larger or not.

use std::ops::ControlFlow;

use crate::listing::{with_winning_moves, OptionList};
use crate::solution::{Fact, Solution, WinningMove};
use crate::{ImpartialError, ImpartialGame, Outcome};

/// The Grundy value of a coin with `a` squares to its left and `b` below.
pub fn grundy(a: u64, b: u64) -> u64 {
    match (a % 2, b % 2) {
        (0, 0) => 0,
        (1, 1) => 2,
        (1, 0) => {
            if a > b {
                1
            } else {
                3
            }
        }
        _ => {
            if b > a {
                1
            } else {
                3
            }
        }
    }
}

/// The game on distances (left, down), for the search that checks the closed form.
pub struct Corner;

impl ImpartialGame for Corner {
    type Position = (u64, u64);
    fn options(&self, &(a, b): &(u64, u64)) -> Vec<(u64, u64)> {
        let mut out = Vec::new();
        if a > 0 {
            out.push((a - 1, b));
        }
        if b > 0 {
            out.push((a, b - 1));
        }
        if a > 0 && b > 0 {
            out.push((a - 1, b - 1));
        }
        out
    }
}

/// A board and the coin's square: rows from the top, columns from the left, both from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// Rows.
    pub n: u64,
    /// Columns.
    pub m: u64,
    /// The coin's row.
    pub row: u64,
    /// The coin's column.
    pub col: u64,
}

impl Board {
    /// The board `n`×`m` with the coin at (`row`, `col`), or the top-right corner when not
    /// given; refused when the board is empty or the coin off it.
    pub fn new(n: u64, m: u64, coin: Option<(u64, u64)>) -> Result<Board, ImpartialError> {
        if n == 0 || m == 0 {
            return Err(ImpartialError::InvalidInput(
                "the board needs at least one row and one column".into(),
            ));
        }
        let (row, col) = coin.unwrap_or((1, m));
        if !(1..=n).contains(&row) || !(1..=m).contains(&col) {
            return Err(ImpartialError::InvalidInput(format!(
                "the coin at row {row}, column {col} is off the {n}×{m} board (rows 1..{n}, \
                 columns 1..{m})"
            )));
        }
        Ok(Board { n, m, row, col })
    }

    /// Squares to the coin's left and below it.
    pub fn distances(&self) -> (u64, u64) {
        (self.col - 1, self.n - self.row)
    }

    /// The position as text: `n m row col`.
    pub fn text(&self) -> String {
        format!("{} {} {} {}", self.n, self.m, self.row, self.col)
    }

    /// The moves: left, down, diagonally down-left, where the board allows.
    fn moves(&self) -> Vec<(&'static str, Board)> {
        let (a, b) = self.distances();
        let mut out = Vec::new();
        if a > 0 {
            out.push((
                "left",
                Board {
                    col: self.col - 1,
                    ..*self
                },
            ));
        }
        if b > 0 {
            out.push((
                "down",
                Board {
                    row: self.row + 1,
                    ..*self
                },
            ));
        }
        if a > 0 && b > 0 {
            let diagonal = Board {
                row: self.row + 1,
                col: self.col - 1,
                ..*self
            };
            out.push(("diagonally down-left", diagonal));
        }
        out
    }
}

fn describe(from: &Board, way: &str, to: &Board) -> WinningMove {
    WinningMove::new(
        format!(
            "move {way}: ({}, {}) → ({}, {})",
            from.row, from.col, to.row, to.col
        ),
        to.text(),
    )
}

/// Offers every move: left, down, diagonally.
pub fn offer_moves(list: &mut OptionList, board: &Board) -> ControlFlow<()> {
    for (way, to) in board.moves() {
        list.offer(|| describe(board, way, &to))?;
    }
    ControlFlow::Continue(())
}

/// Outcome, value and winning moves.
pub fn solve(board: &Board) -> Solution {
    let (a, b) = board.distances();
    let value = grundy(a, b);
    let mut found = OptionList::default();
    for (way, to) in board.moves() {
        let (x, y) = to.distances();
        if value != 0 && x % 2 == 0 && y % 2 == 0 {
            let _ = found.offer(|| describe(board, way, &to));
        }
    }
    let solution = Solution::new("kiki", board.text(), Outcome::of_grundy_is_zero(value == 0))
        .with_value(value)
        .fact("left", Fact::Count(a))
        .fact("down", Fact::Count(b))
        .note(format!(
            "the coin is {a} squares from the left edge and {b} from the bottom; the player \
             to move loses exactly when both are even"
        ));
    with_winning_moves(solution, found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::GrundySolver;

    #[test]
    fn closed_form_matches_search() {
        let mut solver = GrundySolver::new(&Corner);
        let pairs = (0..40).flat_map(|a| (0..40).map(move |b| (a, b)));
        let checked = crate::closed_form::check_closed_form(
            pairs,
            |&(a, b)| grundy(a, b),
            |p| solver.grundy(p),
        );
        assert_eq!(checked.map_err(drop), Ok(Ok(())));
    }

    #[test]
    fn winning_moves_are_the_searched_ones() {
        let mut solver = GrundySolver::new(&Corner);
        for n in 1..12 {
            for m in 1..12 {
                for row in 1..=n {
                    for col in 1..=m {
                        let board = Board::new(n, m, Some((row, col))).unwrap();
                        let s = solve(&board);
                        let at = board.distances();
                        let mut found: Vec<(u64, u64)> = s
                            .winning_moves
                            .iter()
                            .map(|w| {
                                let v: Vec<u64> =
                                    w.to.split(' ').map(|x| x.parse().unwrap()).collect();
                                Board::new(v[0], v[1], Some((v[2], v[3])))
                                    .unwrap()
                                    .distances()
                            })
                            .collect();
                        found.sort();
                        let mut expected = solver.winning_options(&at).unwrap();
                        expected.sort();
                        assert_eq!(found, expected, "{}", board.text());
                    }
                }
            }
        }
    }

    /// HDU 2147 "kiki's game": 5×3 is lost for kiki, who moves first ("What a pity!"),
    /// 5×4 and 6×6 are won ("Wonderful!").
    #[test]
    fn hdu_2147_samples() {
        let first_wins = |n, m| solve(&Board::new(n, m, None).unwrap()).outcome == Outcome::N;
        assert!(!first_wins(5, 3));
        assert!(first_wins(5, 4));
        assert!(first_wins(6, 6));
    }

    #[test]
    fn coins_off_the_board_are_refused() {
        assert!(Board::new(0, 3, None).is_err());
        assert!(Board::new(3, 3, Some((4, 1))).is_err());
        assert!(Board::new(3, 3, Some((1, 0))).is_err());
        assert!(Board::new(u64::MAX, u64::MAX, None).is_ok());
    }
}
