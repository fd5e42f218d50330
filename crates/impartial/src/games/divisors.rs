//! The divisor game on {1, …, n}: a move picks a remaining number and erases it together with
//! all its remaining divisors; a player with nothing left to pick loses.
//!
//! The first player always wins, by strategy stealing: if erasing just {1} lost, the winning
//! reply to it would also be a winning first move (1 divides everything). The argument names
//! no move, so winning moves come from exhaustive search for small n. Remaining sets are
//! closed under multiples, which keeps the search small.

use std::ops::ControlFlow;

use crate::listing::OptionList;
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

/// The numbers of a position (a set of 1..n), as text: `2 3 4 6`, or `none`.
pub fn set_text(set: u64) -> String {
    let numbers: Vec<String> = (1..=64u64)
        .filter(|d| set >> (d - 1) & 1 == 1)
        .map(|d| d.to_string())
        .collect();
    if numbers.is_empty() {
        "none".to_string()
    } else {
        numbers.join(" ")
    }
}

/// Picking `x` from `set`, in words; the position after it is the numbers left.
fn describe(game: &Divisors, set: u64, x: u64) -> WinningMove {
    let erased: Vec<String> = game.erased(set, x).iter().map(u64::to_string).collect();
    WinningMove::new(
        format!("pick {x}, erasing {}", erased.join(", ")),
        set_text(set & !game.divisor_masks[(x - 1) as usize]),
    )
}

/// The position of the game on {1..n} holding `numbers` (each from 1 to n, once).
pub fn position(game: &Divisors, numbers: &[u64]) -> Result<u64, ImpartialError> {
    numbers.iter().try_fold(0u64, |set, &x| {
        if x == 0 || x > game.n {
            return Err(ImpartialError::InvalidInput(format!(
                "{x} is not on the board 1..{}",
                game.n
            )));
        }
        if set >> (x - 1) & 1 == 1 {
            return Err(ImpartialError::InvalidInput(format!(
                "{x} is written twice"
            )));
        }
        Ok(set | 1 << (x - 1))
    })
}

/// Offers every move of `set`: pick each number left, smallest first.
pub fn offer_moves(list: &mut OptionList, game: &Divisors, set: u64) -> ControlFlow<()> {
    for x in (1..=game.n).filter(|x| set >> (x - 1) & 1 == 1) {
        list.offer(|| describe(game, set, x))?;
    }
    ControlFlow::Continue(())
}

/// The verdict for the game on {1..n}: from the start for any n ≥ 1, with every winning
/// first move and the value for n ≤ [`SEARCH_LIMIT`]; from the position holding only
/// `remaining` (a later position of play) by search, for n ≤ [`SEARCH_LIMIT`].
pub fn solve(n: u64, remaining: Option<&[u64]>) -> Result<Solution, ImpartialError> {
    if n == 0 {
        return Err(ImpartialError::InvalidInput("n must be at least 1".into()));
    }
    if remaining.is_none() && n > SEARCH_LIMIT {
        return Ok(Solution::new("divisors", n.to_string(), Outcome::N)
            .note(STRATEGY_STEALING)
            .moves(Vec::new(), false)
            .note(format!(
                "n > {SEARCH_LIMIT}: no winning move is searched; the verdict is the theorem's"
            )));
    }
    if n > SEARCH_LIMIT {
        return Err(ImpartialError::too_large(
            "the divisor game after the start (searched, not a theorem)",
            format!("n = {n}"),
            format!("n = {SEARCH_LIMIT}"),
        ));
    }
    let game = Divisors::new(n)?;
    let start = game.start();
    let set = match remaining {
        Some(numbers) => position(&game, numbers)?,
        None => start,
    };
    let mut solver = GrundySolver::new(&game);
    let value = solver.grundy(&set)?;
    let mut moves = Vec::new();
    for x in (1..=n).filter(|x| set >> (x - 1) & 1 == 1) {
        let next = set & !game.divisor_masks[(x - 1) as usize];
        if solver.grundy(&next)? == 0 {
            moves.push(describe(&game, set, x));
        }
    }
    let mut s = if set == start {
        Solution::new("divisors", n.to_string(), Outcome::N).note(STRATEGY_STEALING)
    } else {
        Solution::new(
            "divisors",
            set_text(set),
            Outcome::of_grundy_is_zero(value == 0),
        )
        .fact("n", Fact::Count(n))
    };
    s = s
        .with_value(value)
        .fact(
            "positions_searched",
            Fact::Count(solver.positions_evaluated() as u64),
        )
        .moves(moves, true);
    Ok(s)
}

const STRATEGY_STEALING: &str =
    "the first player wins for every n (strategy stealing: 1 divides every number)";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_player_always_wins() {
        for n in 1..=20 {
            let s = solve(n, None).unwrap();
            assert!(!s.winning_moves.is_empty(), "n = {n}");
            assert_ne!(s.value.as_deref(), Some("0"));
        }
        // n = 1: pick 1. n = 2: pick 2 (erasing 1 and 2). n = 3: picking 1 leaves {2, 3},
        // two independent moves — a P-position.
        let texts = |n| {
            solve(n, None)
                .unwrap()
                .winning_moves
                .into_iter()
                .map(|m| m.description)
                .collect::<Vec<_>>()
        };
        assert_eq!(texts(1), vec!["pick 1, erasing 1"]);
        assert_eq!(texts(2), vec!["pick 2, erasing 1, 2"]);
        assert_eq!(texts(3), vec!["pick 1, erasing 1"]);
        assert!(solve(0, None).is_err());
        assert!(solve(1000, None).unwrap().winning_moves.is_empty());
    }

    /// A later position is searched: its moves are the rules', its outcome the search's, and
    /// the positions its winning moves reach are lost for the player to move there.
    #[test]
    fn later_positions_play_out() {
        let game = Divisors::new(12).unwrap();
        let mut solver = GrundySolver::new(&game);
        let mut positions = vec![game.start()];
        let mut seen = 0;
        while let Some(set) = positions.pop() {
            seen += 1;
            let numbers: Vec<u64> = (1..=12).filter(|x| set >> (x - 1) & 1 == 1).collect();
            let s = solve(12, Some(&numbers)).unwrap();
            assert_eq!(s.outcome == Outcome::P, solver.grundy(&set).unwrap() == 0);
            let s = crate::listing::with_options(s, |l| offer_moves(l, &game, set));
            let expected = game.options(&set).into_iter().map(set_text).collect();
            crate::listing::assert_lists_exactly(&s, expected);
            for m in &s.winning_moves {
                let to: Vec<u64> = if m.to == "none" {
                    vec![]
                } else {
                    crate::testing::parse_heaps(&m.to)
                };
                let to = position(&game, &to).unwrap();
                assert_eq!(solver.grundy(&to).unwrap(), 0, "{} → {}", s.position, m.to);
            }
            if seen < 60 {
                positions.extend(game.options(&set));
            }
        }
        assert_eq!(solve(12, Some(&[])).unwrap().outcome, Outcome::P);
        assert!(solve(12, Some(&[13])).is_err());
        assert!(solve(12, Some(&[3, 3])).is_err());
        assert!(solve(40, Some(&[3])).is_err());
    }
}
