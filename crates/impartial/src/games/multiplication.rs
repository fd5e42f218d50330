//! The multiplication game (HDU 1517): p starts at 1; the players alternately multiply p by
//! a number from 2 to 9; the first to reach p ≥ n wins.
//!
//! Exact analysis by intervals: from p the mover wins at once iff 9p ≥ n, i.e. p ≥ ⌈n/9⌉;
//! below that, p loses iff 2p already reaches the winning zone; then the zones alternate,
//! each boundary a ceiling division of the one above. Numbers of any size work.

use std::ops::ControlFlow;

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{ToPrimitive, Zero};

use crate::listing::OptionList;
use crate::solution::{Fact, Solution, WinningMove};
use crate::solver::GrundySolver;
use crate::{ImpartialError, ImpartialGame, Outcome};

/// Grundy values are searched only up to this many positions.
pub const VALUE_SEARCH_LIMIT: usize = 1_000_000;

/// Whether the player to move from `p` (with `p < n`) wins.
pub fn next_player_wins(n: &BigUint, p: &BigUint) -> bool {
    // Zones from the top: [w, n) wins, [l, w) loses, [w', l) wins, …
    let mut upper = n.clone();
    let mut winning = true;
    loop {
        let divisor = if winning { 9u32 } else { 2u32 };
        let lower = upper.div_ceil(&BigUint::from(divisor));
        if *p >= lower {
            return winning;
        }
        upper = lower;
        winning = !winning;
    }
}

/// Every winning multiplier from p.
pub fn winning_multipliers(n: &BigUint, p: &BigUint) -> Vec<u32> {
    (2..=9u32)
        .filter(|&k| {
            let q = p * k;
            q >= *n || !next_player_wins(n, &q)
        })
        .collect()
}

/// The game as a search problem: positions are values of p, capped at n (game over).
pub struct Multiplication {
    /// The target.
    pub n: u64,
}

impl ImpartialGame for Multiplication {
    type Position = u64;
    fn options(&self, &p: &u64) -> Vec<u64> {
        if p >= self.n {
            return Vec::new();
        }
        (2..=9u64)
            .map(|k| p.saturating_mul(k).min(self.n))
            .collect()
    }
}

/// Multiplying `p` by `k` on the way to `n`, in words.
fn describe(n: &BigUint, p: &BigUint, k: u32) -> WinningMove {
    let q = p * k;
    let text = if q >= *n {
        format!("multiply by {k} ({p} → {q}), reaching {n} and winning")
    } else {
        format!("multiply by {k} ({p} → {q})")
    };
    WinningMove::new(text, q.to_string())
}

/// Offers every move from `p` (none once p has reached `n`): multiply by 2, 3, …, 9.
pub fn offer_moves(list: &mut OptionList, n: &BigUint, p: &BigUint) -> ControlFlow<()> {
    if p < n {
        for k in 2..=9u32 {
            list.offer(|| describe(n, p, k))?;
        }
    }
    ControlFlow::Continue(())
}

/// Outcome, winning moves and (when searchable) the Grundy value.
pub fn solve(n: &BigUint, p: &BigUint) -> Result<Solution, ImpartialError> {
    if n.is_zero() || p.is_zero() {
        return Err(ImpartialError::InvalidInput(
            "the target n and the start p must be at least 1".into(),
        ));
    }
    let over = p >= n;
    let wins = !over && next_player_wins(n, p);
    let moves = if wins {
        winning_multipliers(n, p)
            .into_iter()
            .map(|k| describe(n, p, k))
            .collect()
    } else {
        Vec::new()
    };
    let mut s = Solution::new(
        "multiplication",
        p.to_string(),
        Outcome::from_next_player_wins(wins),
    )
    .fact("target", Fact::Text(n.to_string()))
    .note(format!(
        "p = {p}; multiply by 2..9; the first to reach p ≥ {n} wins"
    ))
    .moves(moves, true);
    if over {
        s = s.note("p has already reached the target: the game is over");
    }
    if let (Some(nn), Some(pp)) = (n.to_u64(), p.to_u64()) {
        let game = Multiplication { n: nn };
        if let Ok(g) = GrundySolver::with_limit(&game, VALUE_SEARCH_LIMIT).grundy(&pp) {
            s = s.with_value(g);
        }
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::listing;

    /// The folklore rule for p = 1: divide n by 18 (rounding up) while n > 18; the first
    /// player wins iff the result is at most 9.
    fn folklore(mut n: u64) -> bool {
        while n > 18 {
            n = n.div_ceil(18);
        }
        n <= 9
    }

    #[test]
    fn intervals_match_search_and_folklore() {
        for n in 2..=3000u64 {
            let game = Multiplication { n };
            let mut solver = GrundySolver::new(&game);
            let big_n = BigUint::from(n);
            assert_eq!(
                next_player_wins(&big_n, &BigUint::from(1u32)),
                folklore(n),
                "n={n}"
            );
            for p in (1..n).step_by(((n / 40) as usize).max(1)) {
                let searched = solver.outcome(&p).unwrap().next_player_wins();
                assert_eq!(
                    next_player_wins(&big_n, &BigUint::from(p)),
                    searched,
                    "n={n} p={p}"
                );
            }
        }
    }

    #[test]
    fn listed_moves_are_the_rules_moves() {
        for n in 1..=40u64 {
            for p in 1..=45u64 {
                let (big_n, big_p) = (BigUint::from(n), BigUint::from(p));
                let solved = solve(&big_n, &big_p).unwrap();
                let s = listing::with_options(solved, |l| offer_moves(l, &big_n, &big_p));
                let expected = Multiplication { n }
                    .options(&p)
                    .into_iter()
                    .map(|q| q.to_string());
                // The rules' search stops at n; a move past it is written as reached.
                let capped = |to: &str| to.parse::<u64>().unwrap().min(n).to_string();
                listing::assert_lists_exactly_as(&s, expected.collect(), capped);
            }
        }
    }

    #[test]
    fn huge_targets() {
        let n: BigUint = "1000000000000000000000000000000".parse().unwrap();
        let s = solve(&n, &BigUint::from(1u32)).unwrap();
        for m in &s.winning_moves {
            let q: BigUint = m.to.parse().unwrap();
            assert!(q >= n || !next_player_wins(&n, &q));
        }
        assert!(solve(&BigUint::from(1u32), &BigUint::from(0u32)).is_err());
    }
}
