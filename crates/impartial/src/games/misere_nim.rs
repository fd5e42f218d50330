//! Misère Nim: the player who takes the last stone loses. The player to move wins iff
//! (the nim-sum is non-zero and some heap exceeds 1) or (the nim-sum is zero and every heap
//! is at most 1) — Bouton's misère rule (Bouton, 1901).

use num_bigint::BigUint;
use num_traits::{One, Zero};

use crate::games::nim::nim_sum;
use crate::games::take_text;
use crate::listing::{first_moves, with_winning_moves};
use crate::solution::heaps_after;
use crate::solution::{heaps_text, Solution, WinningMove};
use crate::Outcome;

/// The misère outcome.
pub fn outcome(heaps: &[BigUint]) -> Outcome {
    let s = nim_sum(heaps);
    let some_large = heaps.iter().any(|h| *h > BigUint::one());
    Outcome::from_next_player_wins(if some_large {
        !s.is_zero()
    } else {
        s.is_zero()
    })
}

/// Every winning move: `(heap index, new size)`. For each heap the target is forced: the
/// nim-sum of the others while another heap exceeds 1, else the size leaving an odd number
/// of heaps of size 1.
pub fn winning_moves(heaps: &[BigUint]) -> Vec<(usize, BigUint)> {
    if outcome(heaps) == Outcome::P {
        return Vec::new();
    }
    let one = BigUint::one();
    let mut out = Vec::new();
    for (i, h) in heaps.iter().enumerate() {
        let others_sum = nim_sum(heaps) ^ h;
        let others_large = heaps.iter().enumerate().any(|(j, x)| j != i && *x > one);
        let target = if others_large {
            others_sum
        } else {
            others_sum ^ &one
        };
        if target < *h {
            out.push((i, target));
        }
    }
    out
}

/// Outcome and every winning move.
pub fn solve(heaps: &[BigUint]) -> Solution {
    let moves = first_moves(winning_moves(heaps).into_iter().map(|(i, to)| {
        move || WinningMove::new(take_text(i, &heaps[i], &to), heaps_after(heaps, i, &to))
    }));
    let solution = Solution::new("misere-nim", heaps_text(heaps), outcome(heaps)).note(
        "misère play: taking the last stone loses; the player to move wins iff (nim-sum ≠ 0 \
             and some heap > 1) or (nim-sum = 0 and all heaps ≤ 1)",
    );
    with_winning_moves(solution, moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::nim::NimHeap;
    use crate::solver::MisereSolver;
    use crate::sum::SumGame;
    use crate::testing::{big, positions_after, sorted_unique};
    use proptest::prelude::*;

    #[test]
    fn acceptance_examples() {
        assert_eq!(outcome(&big(&[1, 1, 1])), Outcome::P);
        assert_eq!(outcome(&big(&[2, 2])), Outcome::P);
        assert_eq!(outcome(&big(&[1, 1])), Outcome::N);
        assert_eq!(outcome(&big(&[])), Outcome::N);
        assert_eq!(solve(&big(&[1, 1])).winning_moves.len(), 2);
    }

    proptest! {
        #[test]
        fn matches_misere_search(heaps in proptest::collection::vec(0u64..6, 1..5)) {
            let mut sorted = heaps.clone();
            sorted.sort();
            let sum = SumGame(&NimHeap);
            let mut solver = MisereSolver::new(&sum);
            prop_assert_eq!(outcome(&big(&heaps)), solver.outcome(&sorted).unwrap());
            let found = positions_after(&heaps, winning_moves(&big(&heaps)));
            let expected = sorted_unique(solver.winning_options(&sorted).unwrap());
            prop_assert_eq!(found, expected);
        }
    }
}
