//! The divisor game on {1, …, n}: a move picks a remaining number and erases it together with
//! all its remaining divisors; a player with nothing left to pick loses.
//!
//! The first player always wins, by strategy stealing: if erasing just {1} lost, the winning
//! reply to it would also be a winning first move (1 divides everything). The argument names
//! no move, so winning moves come from exhaustive search for small n. Remaining sets are
//! closed under multiples, which keeps the search small.

use crate::solution::{Fact, Solution, WinningMove};
use crate::solver::GrundySolver;
use crate::{ImpartialError, ImpartialGame, Outcome};

/// The largest n searched for winning moves.
pub const SEARCH_LIMIT: u64 = 32;

/// The game on {1..n}: positions are bit sets, bit i−1 for number i.
pub struct Divisors {
    n: u64,
    /// `divisor_masks[x - 1]`: the set of divisors of x.
    divisor_masks: Vec<u64>,
}

impl Divisors {
    /// The game on {1, …, n} for n up to 63.
    pub fn new(n: u64) -> Result<Self, ImpartialError> {
        if n == 0 || n > 63 {
            return Err(ImpartialError::InvalidInput(format!(
                "the divisor game is searched for 1 ≤ n ≤ 63 (got {n})"
            )));
        }
        let divisor_masks = (1..=n)
            .map(|x| {
                (1..=x)
                    .filter(|d| x % d == 0)
                    .fold(0u64, |m, d| m | 1 << (d - 1))
            })
            .collect();
        Ok(Divisors { n, divisor_masks })
    }

    /// The starting position: every number present.
    pub fn start(&self) -> u64 {
        (1u64 << self.n) - 1
    }

    /// The numbers erased by picking `x` in position `set`.
    pub fn erased(&self, set: u64, x: u64) -> Vec<u64> {
        let mask = set & self.divisor_masks[(x - 1) as usize];
        (1..=self.n).filter(|d| mask >> (d - 1) & 1 == 1).collect()
    }
}

impl ImpartialGame for Divisors {
    type Position = u64;
    fn options(&self, &set: &u64) -> Vec<u64> {
        (1..=self.n)
            .filter(|x| set >> (x - 1) & 1 == 1)
            .map(|x| set & !self.divisor_masks[(x - 1) as usize])
            .collect()
    }
}

/// The verdict for any n ≥ 1, with every winning first move and the value for n ≤
/// [`SEARCH_LIMIT`].
pub fn solve(n: u64) -> Result<Solution, ImpartialError> {
    if n == 0 {
        return Err(ImpartialError::InvalidInput("n must be at least 1".into()));
    }
    let mut s = Solution::new("divisors", n.to_string(), Outcome::N)
        .note("the first player wins for every n (strategy stealing: 1 divides every number)");
    if n > SEARCH_LIMIT {
        return Ok(s.moves(Vec::new(), false).note(format!(
            "n > {SEARCH_LIMIT}: no winning move is searched; the verdict is the theorem's"
        )));
    }
    let game = Divisors::new(n)?;
    let mut solver = GrundySolver::new(&game);
    let start = game.start();
    let value = solver.grundy(&start)?;
    let mut moves = Vec::new();
    for x in 1..=n {
        let next = start & !game.divisor_masks[(x - 1) as usize];
        if solver.grundy(&next)? == 0 {
            let erased = game.erased(start, x);
            let rest: Vec<String> = (1..=n)
                .filter(|d| next >> (d - 1) & 1 == 1)
                .map(|d| d.to_string())
                .collect();
            moves.push(WinningMove::new(
                format!(
                    "pick {x}, erasing {}",
                    erased
                        .iter()
                        .map(|d| d.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                rest.join(" "),
            ));
        }
    }
    s = s
        .with_value(value)
        .fact(
            "positions_searched",
            Fact::Count(solver.positions_evaluated() as u64),
        )
        .moves(moves, true);
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_player_always_wins() {
        for n in 1..=20 {
            let s = solve(n).unwrap();
            assert!(!s.winning_moves.is_empty(), "n = {n}");
            assert_ne!(s.value.as_deref(), Some("0"));
        }
        // n = 1: pick 1. n = 2: pick 2 (erasing 1 and 2). n = 3: picking 1 leaves {2, 3},
        // two independent moves — a P-position.
        let texts = |n| {
            solve(n)
                .unwrap()
                .winning_moves
                .into_iter()
                .map(|m| m.description)
                .collect::<Vec<_>>()
        };
        assert_eq!(texts(1), vec!["pick 1, erasing 1"]);
        assert_eq!(texts(2), vec!["pick 2, erasing 1, 2"]);
        assert_eq!(texts(3), vec!["pick 1, erasing 1"]);
        assert!(solve(0).is_err());
        assert!(solve(1000).unwrap().winning_moves.is_empty());
    }
}
