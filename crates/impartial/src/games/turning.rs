//! Coin-turning games of any turning code on a row of coins (CGSuite's `game.strip.Turning`):
//! `1-3` Mock Turtles, `1+C` Ruler, `3E` Turnips, `4FS` Grunt, `2-3,6C` …
//!
//! A move turns over a set of coins the code allows, the rightmost from heads to tails
//! ([`crate::heap::spawning`] reads the codes). The row is the sum of its heads, each worth
//! the value of its heap in the spawning game of the same code, computed up to the row's
//! length by [`HeapSequence`] (so within its limit on work). The three games with closed
//! forms ([`super::coins::CoinGame`]) are the oracles of the codes `1-2`, `1+C` and `1-3`.

use std::ops::ControlFlow;

use super::coins::{self, CoinRule};
use crate::heap::catalog::HeapGame;
use crate::heap::sequence::HeapSequence;
use crate::heap::spawning::SpawningCode;
use crate::solution::Solution;
use crate::ImpartialError;
use conway_core::Progress;

/// A turning code with the values of the coins of a row.
#[derive(Clone, Debug)]
pub struct TurningRow {
    /// The name reports give the game (the front end's).
    name: String,
    code: SpawningCode,
    /// The value of coin `x` alone heads at index `x` (index 0 unused).
    values: Vec<u64>,
}

impl TurningRow {
    /// The game of `code` on rows of up to `coins` coins, `name` in reports; its values come
    /// from the spawning game's sequence, which reports to `progress` and stops when it asks.
    pub fn new(
        name: &str,
        code: SpawningCode,
        coins: usize,
        progress: &dyn Progress,
    ) -> Result<TurningRow, ImpartialError> {
        let mut sequence = HeapSequence::new(&HeapGame::Spawning(code.clone()));
        sequence.extend_to(coins + 1, progress)?;
        let values = sequence.into_values().to_u64_vec();
        Ok(TurningRow {
            name: name.to_string(),
            code,
            values,
        })
    }

    /// The code.
    pub fn code(&self) -> &SpawningCode {
        &self.code
    }
}

impl CoinRule for TurningRow {
    fn game_name(&self) -> String {
        self.name.clone()
    }

    fn value_of_coin(&self, x: u64) -> u64 {
        self.values[x as usize]
    }

    fn visit_sets(
        &self,
        x: u64,
        visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let mut set = Vec::new();
        self.code.visit_others(x, &mut |others| {
            set.clear();
            set.extend_from_slice(others);
            set.push(x);
            visit(&set)
        })
    }
}

/// Outcome, value and every winning move of a row of coins (`H`/`T`) under `code`, the
/// game named `name` in the report.
pub fn solve(
    name: &str,
    code: &str,
    row: &str,
    progress: &dyn Progress,
) -> Result<(TurningRow, Vec<bool>, Solution), ImpartialError> {
    let code = SpawningCode::parse(code)?;
    let coins = coins::parse_row(row)?;
    let game = TurningRow::new(name, code, coins.len(), progress)?;
    let solution =
        coins::solve(&game, &coins).fact("code", conway_core::Fact::Text(game.code.to_string()));
    Ok((game, coins, solution))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::coins::{CoinGame, CoinRow};
    use crate::solver::GrundySolver;
    use conway_core::NoProgress;
    use proptest::prelude::*;

    fn row(code: &str, coins: usize) -> TurningRow {
        TurningRow::new(
            "turning",
            SpawningCode::parse(code).unwrap(),
            coins,
            &NoProgress,
        )
        .unwrap()
    }

    fn sets<R: CoinRule>(rule: &R, x: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        let _ = rule.visit_sets(x, &mut |set| {
            out.push(set.to_vec());
            ControlFlow::Continue(())
        });
        out.sort();
        out
    }

    /// The codes of Turning Turtles, Ruler and Mock Turtles are the games with closed forms:
    /// the same coin values and the same moves.
    #[test]
    fn codes_of_the_closed_forms() {
        for (code, game) in [
            ("1-2", CoinGame::Turtles),
            ("1+C", CoinGame::Ruler),
            ("1-3", CoinGame::MockTurtles),
        ] {
            let turning = row(code, 60);
            for x in 1..=60 {
                assert_eq!(
                    turning.value_of_coin(x),
                    game.coin_value(x),
                    "{code} coin {x}"
                );
                assert_eq!(sets(&turning, x), sets(&game, x), "{code} coin {x}");
            }
        }
    }

    /// A row of Turnips (`3E`, *Winning Ways* ch. 14): coins 3 and 6 are worth 1 each
    /// (CGSuite's Spawning("3E") values), so THTTHT… heads at 3 and 6 is a loss; turning
    /// 3, 6 and 9 from heads at 9 alone (worth 1) wins.
    #[test]
    fn turnips() {
        let (_, _, s) = solve("turning", "3E", "TTHTTH", &NoProgress).unwrap();
        assert_eq!(s.value.as_deref(), Some("0"));
        let (_, _, s) = solve("turning", "3e", "TTTTTTTTH", &NoProgress).unwrap();
        assert_eq!(s.value.as_deref(), Some("*"));
        let to: Vec<&str> = s.winning_moves.iter().map(|m| m.to.as_str()).collect();
        assert!(to.contains(&"TTHTTHTTT"), "{to:?}");
        assert!(solve("turning", "3Q", "HH", &NoProgress).is_err());
        assert!(solve("turning", "3E", "HX", &NoProgress).is_err());
    }

    fn code() -> impl Strategy<Value = String> {
        let element = (1u64..4, 0u64..3, any::<bool>(), 0usize..4, any::<bool>()).prop_map(
            |(least, extra, open, spacing, first)| {
                let range = if open {
                    format!("{least}+")
                } else {
                    format!("{least}-{}", least + extra)
                };
                let first = if first { "F" } else { "" };
                format!("{range}{}{first}", ["", "C", "E", "S"][spacing])
            },
        );
        proptest::collection::vec(element, 1..3).prop_map(|e| e.join(","))
    }

    proptest! {
        /// The value of a row, the nim-sum of its heads' spawning values, is the value found
        /// by searching the row itself, and the winning moves reach rows of value 0.
        #[test]
        fn rows_are_the_sums_of_their_heads(code in code(), heads in 0u64..1 << 8) {
            let len = 8;
            let turning = row(&code, len as usize);
            let searched_row = CoinRow { game: turning.clone(), len };
            let mut solver = GrundySolver::new(&searched_row);
            let coins: Vec<bool> = (0..len).map(|b| heads >> b & 1 == 1).collect();
            let s = coins::solve(&turning, &coins);
            let searched = solver.grundy(&heads).unwrap();
            let shown = crate::solution::nimber_notation(&searched.to_string());
            prop_assert_eq!(s.value.as_deref(), Some(shown.as_str()));
            for m in &s.winning_moves {
                let next = coins::parse_row(&m.to).unwrap();
                let mask = next.iter().enumerate().fold(0u64, |acc, (i, &h)| acc | u64::from(h) << i);
                prop_assert_eq!(solver.grundy(&mask).unwrap(), 0);
            }
        }
    }
}
