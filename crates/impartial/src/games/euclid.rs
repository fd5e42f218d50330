//! Euclid's game (Cole & Davie 1969): from (a, b) subtract a positive multiple of the smaller
//! number from the larger, keeping it non-negative; whoever reaches 0 wins. For a < b the
//! player to move wins iff a divides b or b/a > φ; as an integer test, b² − ab − a² > 0
//! (φ is irrational, so equality never happens).

use std::ops::ControlFlow;

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use crate::listing::OptionList;
use crate::solution::{Fact, Solution, WinningMove};
use crate::solver::GrundySolver;
use crate::{ImpartialGame, Outcome};

/// Grundy values are searched only when the search needs at most this many positions.
pub const VALUE_SEARCH_LIMIT: usize = 200_000;

/// Whether the player to move wins (a position with a zero is over: the mover has lost).
pub fn next_player_wins(a: &BigUint, b: &BigUint) -> bool {
    let (small, large) = if a <= b { (a, b) } else { (b, a) };
    if small.is_zero() {
        return false;
    }
    let divides = (large % small).is_zero();
    divides || large * large > large * small + small * small
}

/// Every winning move: the new value of the larger number.
pub fn winning_moves(a: &BigUint, b: &BigUint) -> Vec<BigUint> {
    let (small, large) = if a <= b { (a, b) } else { (b, a) };
    if small.is_zero() || !next_player_wins(a, b) {
        return Vec::new();
    }
    let r = large % small;
    if r.is_zero() {
        return vec![BigUint::zero()];
    }
    // Only r and r + small can be P-positions among large − m·small (m ≥ 1): anything above
    // 2·small lets the opponent reach 0 or a P-position in turn.
    [r.clone(), &r + small]
        .into_iter()
        .filter(|to| to + small <= *large && !next_player_wins(small, to))
        .collect()
}

/// Euclid's game as a search problem, for the oracle and small Grundy values.
pub struct Euclid;

impl ImpartialGame for Euclid {
    type Position = (u64, u64);
    fn options(&self, &(a, b): &(u64, u64)) -> Vec<(u64, u64)> {
        let (small, large) = (a.min(b), a.max(b));
        if small == 0 {
            return Vec::new();
        }
        (1..=large / small)
            .map(|m| {
                let rest = large - m * small;
                (rest.min(small), rest.max(small))
            })
            .collect()
    }
}

/// The move from `(a, b)` that leaves `to` in place of the larger number, in words.
fn describe(a: &BigUint, b: &BigUint, to: &BigUint) -> WinningMove {
    let (small, large) = if a <= b { (a, b) } else { (b, a) };
    let m = (large - to) / small;
    let text = if to.is_zero() {
        format!("subtract {m}×{small} from {large}, reaching 0 and winning")
    } else {
        format!("subtract {m}×{small} from {large} ({large} → {to})")
    };
    let pair = if a <= b {
        format!("{a} {to}")
    } else {
        format!("{to} {b}")
    };
    WinningMove::new(text, pair)
}

/// Offers every move of `(a, b)`: the smallest multiple of the smaller number first.
pub fn offer_moves(list: &mut OptionList, a: &BigUint, b: &BigUint) -> ControlFlow<()> {
    let (small, large) = if a <= b { (a, b) } else { (b, a) };
    if small.is_zero() {
        return ControlFlow::Continue(());
    }
    let first = (large >= small).then(|| large - small);
    for to in std::iter::successors(first, |to| (to >= small).then(|| to - small)) {
        list.offer(|| describe(a, b, &to))?;
    }
    ControlFlow::Continue(())
}

/// Outcome, every winning move, and the Grundy value when a small search suffices.
pub fn solve(a: &BigUint, b: &BigUint) -> Solution {
    let wins = next_player_wins(a, b);
    let (small, large) = if a <= b { (a, b) } else { (b, a) };
    let moves = winning_moves(a, b)
        .into_iter()
        .map(|to| describe(a, b, &to))
        .collect();
    let mut s = Solution::new(
        "euclid",
        format!("{a} {b}"),
        Outcome::from_next_player_wins(wins),
    )
    .fact(
        "ratio_exceeds_golden",
        Fact::Flag(!small.is_zero() && large * large > large * small + small * small),
    )
    .note("for a ≤ b the player to move wins iff a divides b or b/a > φ (Cole & Davie)")
    .moves(moves, true);
    if let (Some(x), Some(y)) = (small.to_u64(), large.to_u64()) {
        match GrundySolver::with_limit(&Euclid, VALUE_SEARCH_LIMIT).grundy(&(x, y)) {
            Ok(g) => s = s.with_value(g),
            Err(_) => s = s.note("Grundy value not computed: the search is too large"),
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::listing;
    use crate::testing::sorted_unique;

    #[test]
    fn matches_search_exhaustively() {
        let mut solver = GrundySolver::new(&Euclid);
        for a in 0..=60u64 {
            for b in a..=60u64 {
                let (ba, bb) = (BigUint::from(a), BigUint::from(b));
                let searched = solver.outcome(&(a, b)).unwrap();
                assert_eq!(
                    Outcome::from_next_player_wins(next_player_wins(&ba, &bb)),
                    searched,
                    "({a},{b})"
                );
                let found: Vec<(u64, u64)> = winning_moves(&ba, &bb)
                    .into_iter()
                    .map(|to| {
                        let to = to.to_u64().unwrap();
                        (to.min(a), to.max(a))
                    })
                    .collect();
                let found = sorted_unique(found);
                let expected = sorted_unique(solver.winning_options(&(a, b)).unwrap());
                assert_eq!(found, expected, "({a},{b})");
            }
        }
    }

    #[test]
    fn listed_moves_are_the_rules_moves() {
        let sorted = |t: &str| {
            let mut pair: Vec<u64> = crate::testing::parse_heaps(t);
            pair.sort();
            crate::solution::heaps_text(&pair)
        };
        for a in 0..=20u64 {
            for b in 0..=20u64 {
                let (ba, bb) = (BigUint::from(a), BigUint::from(b));
                let s = listing::with_options(solve(&ba, &bb), |l| offer_moves(l, &ba, &bb));
                let expected = Euclid
                    .options(&(a, b))
                    .into_iter()
                    .map(|(x, y)| format!("{x} {y}"));
                listing::assert_lists_exactly_as(&s, expected.collect(), sorted);
            }
        }
    }

    #[test]
    fn known_positions() {
        let n = |x: u64| BigUint::from(x);
        // 5/3 > φ wins; consecutive Fibonacci numbers are P-positions (ratio just below φ).
        assert!(next_player_wins(&n(3), &n(5)));
        assert!(!next_player_wins(&n(5), &n(8)));
        assert!(next_player_wins(&n(4), &n(8)));
        // F(n+1)/F(n) is below φ exactly for odd n: (F(99), F(100)) is a P-position and
        // (F(100), F(101)) is not.
        let f99: BigUint = "218922995834555169026".parse().unwrap();
        let f100: BigUint = "354224848179261915075".parse().unwrap();
        let f101: BigUint = "573147844013817084101".parse().unwrap();
        assert!(!next_player_wins(&f99, &f100));
        assert!(next_player_wins(&f100, &f101));
    }
}
