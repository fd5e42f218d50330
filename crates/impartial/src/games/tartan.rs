//! Tartan products of two coin-turning games: a 2-D board of coins where a move turns over
//! the coins of a product set T1 × T2 (T1 a move of the row game ending at row i, T2 a move
//! of the column game ending at column j), with coin (i, j) going from heads to tails.
//!
//! The Tartan theorem: coin (i, j) is worth g1(i) ⊗ g2(j), the nim product of the two games'
//! coin values, and a board is worth the xor over its heads (Berlekamp, Conway & Guy, *Winning Ways*, ch. 14). A move through T1 × T2
//! changes the value by (⊕T1 g1) ⊗ (⊕T2 g2), so a winning move needs ⊕T2 g2 = s ⊗ (⊕T1 g1)⁻¹.

use std::ops::ControlFlow;

use conway_numbers::Nimber;

use crate::games::coins::{coins_text, parse_row, CoinGame};
use crate::listing::{with_winning_moves, OptionList};
use crate::solution::{Fact, Solution, WinningMove};
use crate::{ImpartialError, Outcome};

/// The largest board side accepted.
pub const MAX_SIDE: usize = 32;

/// Parses a board: rows of `H`/`T` (or `1`/`0`) separated by `/`.
pub fn parse_board(text: &str) -> Result<Vec<Vec<bool>>, ImpartialError> {
    let rows = text
        .split(['/', ',', '\n'])
        .filter(|r| !r.trim().is_empty())
        .enumerate()
        .map(|(i, r)| {
            parse_row(r.trim()).map_err(|e| match e {
                ImpartialError::InvalidInput(m) => {
                    ImpartialError::InvalidInput(format!("row {}, {m}", i + 1))
                }
                ImpartialError::Parse {
                    column, message, ..
                } => ImpartialError::Parse {
                    row: Some(i + 1),
                    column,
                    message,
                },
                other => other,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let width = rows.first().map(Vec::len).unwrap_or(0);
    if rows.is_empty() {
        return Err(ImpartialError::InvalidInput("the board is empty".into()));
    }
    if let Some(i) = rows.iter().position(|r| r.len() != width) {
        return Err(ImpartialError::InvalidInput(format!(
            "row {} has {} coins but row 1 has {width}",
            i + 1,
            rows[i].len()
        )));
    }
    if rows.len() > MAX_SIDE || width > MAX_SIDE {
        return Err(ImpartialError::too_large(
            "the board",
            format!("{}×{width}", rows.len()),
            format!("{MAX_SIDE}×{MAX_SIDE}"),
        ));
    }
    Ok(rows)
}

/// The board as text, rows separated by `/`.
pub fn board_text(board: &[Vec<bool>]) -> String {
    board
        .iter()
        .map(|r| crate::games::coins::row_text(r))
        .collect::<Vec<_>>()
        .join("/")
}

/// The value of coin (i, j), 1-based.
pub fn coin_value(rows: CoinGame, cols: CoinGame, i: u64, j: u64) -> Nimber {
    Nimber(rows.coin_value(i)) * Nimber(cols.coin_value(j))
}

/// Turning over the coins `t1` × `t2` (coin `(i, j)` heads → tails), in words.
fn describe(board: &[Vec<bool>], (i, j): (u64, u64), t1: &[u64], t2: &[u64]) -> WinningMove {
    let mut next = board.to_vec();
    for &r in t1 {
        for &c in t2 {
            let cell = &mut next[r as usize - 1][c as usize - 1];
            *cell = !*cell;
        }
    }
    let indices = |set: &[u64]| {
        coins_text(set)
            .trim_start_matches("coins ")
            .trim_start_matches("coin ")
            .to_string()
    };
    WinningMove::new(
        format!(
            "turn over rows {} × columns {} (coin ({i},{j}) heads → tails)",
            indices(t1),
            indices(t2)
        ),
        board_text(&next),
    )
}

/// Offers every move: by the coin going heads → tails, row by row; for each, the row sets
/// and then the column sets in their games' order.
pub fn offer_moves(
    list: &mut OptionList,
    rows: CoinGame,
    cols: CoinGame,
    board: &[Vec<bool>],
) -> ControlFlow<()> {
    for (i, row) in (1u64..).zip(board) {
        for (j, _) in (1u64..).zip(row).filter(|(_, &head)| head) {
            rows.visit_move_sets(i, &mut |t1| {
                cols.visit_move_sets(j, &mut |t2| list.offer(|| describe(board, (i, j), t1, t2)))
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// Outcome, value and every winning move of a board.
pub fn solve(rows: CoinGame, cols: CoinGame, board: &[Vec<bool>]) -> Solution {
    let heads: Vec<(u64, u64)> = board
        .iter()
        .enumerate()
        .flat_map(|(i, r)| {
            r.iter()
                .enumerate()
                .filter(|(_, &h)| h)
                .map(move |(j, _)| (i as u64 + 1, j as u64 + 1))
        })
        .collect();
    let total: Nimber = heads
        .iter()
        .map(|&(i, j)| coin_value(rows, cols, i, j))
        .sum();
    let mut moves = OptionList::default();
    if total != Nimber::ZERO {
        for &(i, j) in &heads {
            for t1 in rows.move_sets(i) {
                let a: Nimber = t1.iter().map(|&c| Nimber(rows.coin_value(c))).sum();
                let Some(inv) = a.inverse() else { continue };
                let b = total * inv;
                for t2 in cols.move_sets_with_value(j, b.value()) {
                    let _ = moves.offer(|| describe(board, (i, j), &t1, &t2));
                }
            }
        }
    }
    let solution = Solution::new(
        "tartan",
        board_text(board),
        Outcome::of_grundy_is_zero(total == Nimber::ZERO),
    )
    .with_value(total.value())
    .fact("rows", Fact::Text(rows.name().into()))
    .fact("columns", Fact::Text(cols.name().into()))
    .note(format!(
        "Tartan theorem: coin (i,j) is worth {}(i) ⊗ {}(j) (nim product); heads combine by xor",
        rows.name(),
        cols.name()
    ));
    with_winning_moves(solution, moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::GrundySolver;
    use crate::testing::sorted_unique;
    use crate::ImpartialGame;

    /// A small product board searched directly: positions are bit masks of heads.
    struct Board {
        rows: CoinGame,
        cols: CoinGame,
        height: u64,
        width: u64,
    }

    impl ImpartialGame for Board {
        type Position = u64;
        fn options(&self, &heads: &u64) -> Vec<u64> {
            let bit = |i: u64, j: u64| 1u64 << ((i - 1) * self.width + (j - 1));
            let mut out = Vec::new();
            for i in 1..=self.height {
                for j in 1..=self.width {
                    if heads & bit(i, j) == 0 {
                        continue;
                    }
                    for t1 in self.rows.move_sets(i) {
                        for t2 in self.cols.move_sets(j) {
                            let flip = t1.iter().flat_map(|&r| t2.iter().map(move |&c| (r, c)));
                            out.push(flip.fold(heads, |h, (r, c)| h ^ bit(r, c)));
                        }
                    }
                }
            }
            out
        }
    }

    #[test]
    fn a_bad_coin_is_located_by_row_and_column() {
        match parse_board("HT/TX") {
            Err(e @ ImpartialError::Parse { .. }) => {
                assert!(e.to_string().starts_with("row 2, column 2: "), "{e}");
                let place = conway_core::Diagnostic::location(&e);
                assert_eq!(place.map(|p| (p.line, p.column)), Some((Some(2), 2)));
            }
            other => panic!("expected an error, got {other:?}"),
        }
    }

    /// The Tartan theorem against exhaustive search on 3×3 boards, for every pair of games.
    #[test]
    fn tartan_theorem_holds_on_small_boards() {
        let games = [CoinGame::Turtles, CoinGame::Ruler, CoinGame::MockTurtles];
        for rows in games {
            for cols in games {
                let board = Board {
                    rows,
                    cols,
                    height: 3,
                    width: 3,
                };
                let mut solver = GrundySolver::new(&board);
                for heads in 0u64..1 << 9 {
                    let expected: Nimber = (0..9)
                        .filter(|b| heads >> b & 1 == 1)
                        .map(|b| coin_value(rows, cols, b / 3 + 1, b % 3 + 1))
                        .sum();
                    assert_eq!(
                        solver.grundy(&heads).unwrap(),
                        expected.value(),
                        "{rows:?}×{cols:?} {heads:b}"
                    );
                }
            }
        }
    }

    /// Winning moves listed are exactly the moves to P-positions found by search.
    #[test]
    fn winning_moves_match_search() {
        let (rows, cols) = (CoinGame::Ruler, CoinGame::Turtles);
        let game = Board {
            rows,
            cols,
            height: 3,
            width: 3,
        };
        let mut solver = GrundySolver::new(&game);
        for heads in (1u64..1 << 9).step_by(7) {
            let board: Vec<Vec<bool>> = (0..3)
                .map(|i| (0..3).map(|j| heads >> (i * 3 + j) & 1 == 1).collect())
                .collect();
            let s = solve(rows, cols, &board);
            let found: Vec<u64> = s
                .winning_moves
                .iter()
                .map(|m| {
                    let b = parse_board(&m.to).unwrap();
                    (0..9)
                        .filter(|k| b[k / 3][k % 3])
                        .fold(0, |acc, k| acc | 1 << k)
                })
                .collect();
            let found = sorted_unique(found);
            let expected = sorted_unique(solver.winning_options(&heads).unwrap());
            assert_eq!(found, expected, "{heads:b}");
        }
    }

    #[test]
    fn listed_moves_are_the_rules_moves() {
        let games = [CoinGame::Turtles, CoinGame::Ruler, CoinGame::MockTurtles];
        let as_board = |heads: u64| {
            let b: Vec<Vec<bool>> = (0..3)
                .map(|i| (0..3).map(|j| heads >> (i * 3 + j) & 1 == 1).collect())
                .collect();
            board_text(&b)
        };
        for (rows, cols) in games.into_iter().zip(games.into_iter().rev()) {
            let game = Board {
                rows,
                cols,
                height: 3,
                width: 3,
            };
            for heads in (0u64..1 << 9).step_by(11) {
                let board = parse_board(&as_board(heads)).unwrap();
                let s = crate::listing::with_options(solve(rows, cols, &board), |l| {
                    offer_moves(l, rows, cols, &board)
                });
                let expected = game.options(&heads).into_iter().map(as_board).collect();
                crate::listing::assert_lists_exactly(&s, expected);
            }
        }
    }

    #[test]
    fn parses_boards() {
        assert_eq!(
            parse_board("HT/TH").unwrap(),
            vec![vec![true, false], vec![false, true]]
        );
        assert!(parse_board("HT/T").is_err());
        assert!(parse_board("").is_err());
        // Turtles × Turtles: coin (2,2) is *2 ⊗ *2 = *3.
        let s = solve(
            CoinGame::Turtles,
            CoinGame::Turtles,
            &parse_board("TT/TH").unwrap(),
        );
        assert_eq!(s.value.as_deref(), Some("*3"));
    }
}
