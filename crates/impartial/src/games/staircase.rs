//! Staircase Nim: coins on stairs 1..n; a move carries any positive number of coins from a
//! stair one step down (from stair 1 they leave the game). The Grundy value is the nim-sum
//! of the odd-numbered stairs: every move changes exactly one odd stair, and the even
//! stairs only feed odd ones (the classic reduction to Nim; e.g. Ferguson, *Game Theory*,
//! Part I).

use std::ops::ControlFlow;

use num_bigint::BigUint;
use num_traits::{One, Zero};

use crate::listing::{first_moves, with_winning_moves, OptionList};
use crate::solution::{heaps_text, Fact, Solution, WinningMove};
use crate::{ImpartialGame, Outcome};

/// The nim-sum of the odd-numbered stairs (stair 1 is `stairs[0]`).
pub fn odd_stair_sum(stairs: &[BigUint]) -> BigUint {
    stairs
        .iter()
        .step_by(2)
        .fold(BigUint::zero(), |acc, s| acc ^ s)
}

/// Every winning move: `(stair index, coins carried down)`.
pub fn winning_moves(stairs: &[BigUint]) -> Vec<(usize, BigUint)> {
    let x = odd_stair_sum(stairs);
    if x.is_zero() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (i, coins) in stairs.iter().enumerate() {
        if i % 2 == 0 {
            // Odd stair: carry coins down to make it coins ⊕ x, as in Nim.
            let target = coins ^ &x;
            if target < *coins {
                out.push((i, coins - target));
            }
        } else {
            // Even stair: carry coins onto the odd stair below to raise it to below ⊕ x.
            let below = &stairs[i - 1];
            let target = below ^ &x;
            if target > *below && &target - below <= *coins {
                out.push((i, target - below));
            }
        }
    }
    out
}

fn apply(stairs: &[BigUint], i: usize, k: &BigUint) -> Vec<BigUint> {
    let mut next = stairs.to_vec();
    next[i] -= k;
    if i > 0 {
        next[i - 1] += k;
    }
    next
}

/// Carrying `k` coins down from stair `i + 1`, in words.
fn describe(stairs: &[BigUint], i: usize, k: &BigUint) -> WinningMove {
    let dest = if i == 0 {
        "off the staircase".to_string()
    } else {
        format!("to stair {}", i)
    };
    let next = apply(stairs, i, k);
    WinningMove::new(
        format!(
            "move {k} coin{} from stair {} {dest} ({} → {})",
            if k.is_one() { "" } else { "s" },
            i + 1,
            stairs[i],
            next[i]
        ),
        heaps_text(&next),
    )
}

/// Offers every move: stair by stair from the lowest, one coin first.
pub fn offer_moves(list: &mut OptionList, stairs: &[BigUint]) -> ControlFlow<()> {
    for (i, coins) in stairs.iter().enumerate() {
        let mut k = BigUint::one();
        while k <= *coins {
            list.offer(|| describe(stairs, i, &k))?;
            k += 1u32;
        }
    }
    ControlFlow::Continue(())
}

/// Outcome, value and every winning move.
pub fn solve(stairs: &[BigUint]) -> Solution {
    let x = odd_stair_sum(stairs);
    let moves = first_moves(
        winning_moves(stairs)
            .into_iter()
            .map(|(i, k)| move || describe(stairs, i, &k)),
    );
    let solution = Solution::new(
        "staircase",
        heaps_text(stairs),
        Outcome::of_grundy_is_zero(x.is_zero()),
    )
    .with_value(&x)
    .fact("odd_stair_sum", Fact::Text(x.to_string()))
    .note("stair 1 is the lowest; the value is the nim-sum of stairs 1, 3, 5, …");
    with_winning_moves(solution, moves)
}

/// Staircase Nim searched directly, for the oracle tests.
pub struct Staircase;

impl ImpartialGame for Staircase {
    type Position = Vec<u64>;
    fn options(&self, stairs: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for i in 0..stairs.len() {
            for k in 1..=stairs[i] {
                let mut next = stairs.clone();
                next[i] -= k;
                if i > 0 {
                    next[i - 1] += k;
                }
                out.push(next);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::listing;
    use crate::solver::GrundySolver;
    use crate::testing::sorted_unique;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn closed_form_matches_search(stairs in proptest::collection::vec(0u64..4, 1..5)) {
            let mut solver = GrundySolver::new(&Staircase);
            let big: Vec<BigUint> = stairs.iter().map(|&s| BigUint::from(s)).collect();
            prop_assert_eq!(BigUint::from(solver.grundy(&stairs).unwrap()), odd_stair_sum(&big));
            let found: Vec<Vec<u64>> = winning_moves(&big)
                .into_iter()
                .map(|(i, k)| apply(&big, i, &k).iter().map(|c| u64::try_from(c).unwrap()).collect())
                .collect();
            let found = sorted_unique(found);
            let expected = sorted_unique(solver.winning_options(&stairs).unwrap());
            prop_assert_eq!(found, expected);
        }

        #[test]
        fn listed_moves_are_the_rules_moves(stairs in proptest::collection::vec(0u64..4, 1..5)) {
            let big: Vec<BigUint> = stairs.iter().map(|&s| BigUint::from(s)).collect();
            let s = listing::with_options(solve(&big), |l| offer_moves(l, &big));
            let expected = Staircase.options(&stairs).iter().map(|p| heaps_text(p)).collect();
            listing::assert_lists_exactly(&s, expected);
        }
    }

    #[test]
    fn describes_moves() {
        let s = solve(&[
            BigUint::from(3u32),
            BigUint::from(5u32),
            BigUint::from(1u32),
        ]);
        assert_eq!(s.value.as_deref(), Some("*2"));
        let texts: Vec<_> = s
            .winning_moves
            .iter()
            .map(|m| m.description.as_str())
            .collect();
        assert!(texts.contains(&"move 2 coins from stair 1 off the staircase (3 → 1)"));
    }
}
