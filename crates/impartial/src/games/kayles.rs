//! Kayles (octal 0.77) and Dawson's Kayles (0.07) on rows of pins, through the generic heap
//! engine: a row's value comes from the Grundy sequence, a position's from the xor of its
//! rows. (Fast sequence engines and certified periods are the `grundy` command's job.)

use crate::heap::octal::OctalGame;
use crate::heap::{grundy_sequence, HeapRule};
use crate::solution::{heaps_text, nimber_notation, Fact, Solution, WinningMove};
use crate::{ImpartialError, Outcome};

/// The longest row accepted (the generic engine is quadratic in the row length).
pub const MAX_ROW: u64 = 20_000;

/// Outcome, value and every winning move of a sum of rows of an octal game.
pub fn solve(name: &str, game: &OctalGame, rows: &[u64]) -> Result<Solution, ImpartialError> {
    let longest = rows.iter().copied().max().unwrap_or(0);
    if longest > MAX_ROW {
        return Err(ImpartialError::InvalidInput(format!(
            "row of {longest} is longer than the supported {MAX_ROW}"
        )));
    }
    let g = grundy_sequence(game, longest as usize + 1);
    let values: Vec<u64> = rows.iter().map(|&r| g[r as usize]).collect();
    let total = values.iter().fold(0, |a, b| a ^ b);
    let mut moves = Vec::new();
    if total != 0 {
        for (i, &row) in rows.iter().enumerate() {
            let target = values[i] ^ total;
            let mut seen: Vec<Vec<u64>> = Vec::new();
            for parts in game.heap_options(row) {
                let v = parts.iter().fold(0, |acc, &p| acc ^ g[p as usize]);
                if v != target || seen.contains(&parts) {
                    continue;
                }
                seen.push(parts.clone());
                let removed = row - parts.iter().sum::<u64>();
                let left = match parts.as_slice() {
                    [] => "nothing".to_string(),
                    [a] => format!("a row of {a}"),
                    [a, b] => format!("rows of {a} and {b}"),
                    more => format!("rows of {}", heaps_text(more)),
                };
                // A cleared row stays as 0 so that row numbers keep their meaning.
                let mut next: Vec<u64> = rows.to_vec();
                next.splice(
                    i..=i,
                    if parts.is_empty() {
                        vec![0]
                    } else {
                        parts.clone()
                    },
                );
                moves.push(WinningMove::new(
                    format!(
                        "knock down {removed} pin{} from row {} of {row}, leaving {left}",
                        if removed == 1 { "" } else { "s" },
                        i + 1
                    ),
                    heaps_text(&next),
                ));
            }
        }
    }
    Ok(Solution::new(
        name,
        heaps_text(rows),
        Outcome::of_grundy_is_zero(total == 0),
    )
    .with_value(total)
    .fact("code", Fact::Text(game.code()))
    .fact(
        "row_values",
        Fact::List(
            values
                .iter()
                .map(|v| nimber_notation(&v.to_string()))
                .collect(),
        ),
    )
    .note(format!(
        "octal game {}: row values {} combine by xor",
        game.code(),
        values
            .iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(" ⊕ ")
    ))
    .moves(moves, true))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::HeapSum;
    use crate::solver::GrundySolver;
    use crate::testing::sorted_unique;
    use proptest::prelude::*;

    proptest! {
        /// Winning moves are exactly the moves to P-positions found by searching the sum.
        #[test]
        fn moves_match_search(rows in proptest::collection::vec(0u64..9, 1..4), dawson in any::<bool>()) {
            let game = if dawson { OctalGame::dawsons_kayles() } else { OctalGame::kayles() };
            let s = solve("kayles", &game, &rows).unwrap();
            let sum = HeapSum(game.clone());
            let root = HeapSum::<OctalGame>::position(&rows);
            let mut solver = GrundySolver::new(&sum);
            prop_assert_eq!(s.outcome == Outcome::P, solver.grundy(&root).unwrap() == 0);
            let found: Vec<Vec<u64>> = s.winning_moves.iter().map(|m| {
                let h: Vec<u64> = crate::testing::parse_heaps(&m.to);
                HeapSum::<OctalGame>::position(&h)
            }).collect();
            let found = sorted_unique(found);
            let expected = sorted_unique(solver.winning_options(&root).unwrap());
            prop_assert_eq!(found, expected);
        }
    }

    #[test]
    fn describes_moves() {
        // A row of 3: only knocking down the middle pin leaves a P-position (*1 + *1).
        let s = solve("kayles", &OctalGame::kayles(), &[3]).unwrap();
        let texts: Vec<_> = s
            .winning_moves
            .iter()
            .map(|m| m.description.as_str())
            .collect();
        assert_eq!(
            texts,
            vec!["knock down 1 pin from row 1 of 3, leaving rows of 1 and 1"]
        );
        assert_eq!(s.winning_moves[0].to, "1 1");
        assert!(solve("kayles", &OctalGame::kayles(), &[MAX_ROW + 1]).is_err());
    }
}
