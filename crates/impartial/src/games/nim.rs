//! Nim (Bouton): the player to move loses iff the nim-sum (xor) of the heaps is zero.
//!
//! Heaps may be of any size. A winning move turns some heap `h` into `h ⊕ s` (where `s` is
//! the nim-sum), which is possible exactly when `h ⊕ s < h`; the number of winning moves is
//! the number of such heaps (Bouton, *Nim, a game with a complete mathematical theory*, 1901).

use std::ops::ControlFlow;

use num_bigint::BigUint;
use num_traits::Zero;

use crate::games::take_text;
use crate::listing::{first_moves, offer_heap_moves, smaller, with_winning_moves, OptionList};
use crate::solution::heaps_after;
use crate::solution::{heaps_text, Fact, Solution, WinningMove};
use crate::{ImpartialGame, Outcome};

/// A single nim heap as a game (positions are heap sizes): the oracle's building block.
pub struct NimHeap;

impl ImpartialGame for NimHeap {
    type Position = u64;
    fn options(&self, n: &u64) -> Vec<u64> {
        (0..*n).collect()
    }
}

/// The nim-sum of the heaps.
pub fn nim_sum(heaps: &[BigUint]) -> BigUint {
    heaps.iter().fold(BigUint::zero(), |acc, h| acc ^ h)
}

/// Every winning move: `(heap index, new size)`.
pub fn winning_moves(heaps: &[BigUint]) -> Vec<(usize, BigUint)> {
    let s = nim_sum(heaps);
    if s.is_zero() {
        return Vec::new();
    }
    heaps
        .iter()
        .enumerate()
        .filter_map(|(i, h)| {
            let target = h ^ &s;
            (target < *h).then_some((i, target))
        })
        .collect()
}

/// Offers every move of a Nim position (misère Nim's too): heap by heap, one stone taken
/// first.
pub fn offer_moves(list: &mut OptionList, heaps: &[BigUint]) -> ControlFlow<()> {
    offer_heap_moves(list, heaps, smaller, take_text)
}

/// Outcome, value and every winning move of a Nim position.
pub fn solve(heaps: &[BigUint]) -> Solution {
    let s = nim_sum(heaps);
    let winning = winning_moves(heaps);
    let count = winning.len() as u64;
    let moves = first_moves(winning.into_iter().map(|(i, to)| {
        move || WinningMove::new(take_text(i, &heaps[i], &to), heaps_after(heaps, i, &to))
    }));
    let xor_text = heaps_text(heaps).replace(' ', " ⊕ ");
    let solution = Solution::new(
        "nim",
        heaps_text(heaps),
        Outcome::of_grundy_is_zero(s.is_zero()),
    )
    .with_value(&s)
    .fact("nim_sum", Fact::Text(s.to_string()))
    .fact("winning_move_count", Fact::Count(count))
    .note(format!("nim-sum {xor_text} = {s}"));
    with_winning_moves(solution, moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::listing;
    use crate::solver::GrundySolver;
    use crate::sum::SumGame;
    use crate::testing::{big, heap_moves_text, positions_after, sorted_unique};
    use proptest::prelude::*;

    /// Seed 003's worked examples: the seed names one winning move each; the other heaps
    /// with the nim-sum's top bit give the rest.
    #[test]
    fn seed_examples() {
        for (heaps, expected) in [
            ([14u64, 21, 39], vec!["take 12 from heap 3 (39 → 27)"]),
            (
                [55, 81, 121],
                vec![
                    "take 15 from heap 1 (55 → 40)",
                    "take 3 from heap 2 (81 → 78)",
                    "take 19 from heap 3 (121 → 102)",
                ],
            ),
            (
                [29, 45, 58],
                vec![
                    "take 6 from heap 1 (29 → 23)",
                    "take 6 from heap 2 (45 → 39)",
                    "take 10 from heap 3 (58 → 48)",
                ],
            ),
        ] {
            let s = solve(&big(&heaps));
            assert_eq!(s.outcome, Outcome::N);
            let moves: Vec<_> = s
                .winning_moves
                .iter()
                .map(|m| m.description.as_str())
                .collect();
            assert_eq!(moves, expected);
        }
        let s = solve(&big(&[1, 2, 3]));
        assert_eq!((s.outcome, s.value.as_deref()), (Outcome::P, Some("0")));
    }

    #[test]
    fn heaps_of_any_size() {
        let a: BigUint = "123456789012345678901234567890".parse().unwrap();
        let heaps = vec![a.clone(), a.clone() + 5u32];
        let s = solve(&heaps);
        assert_eq!(s.outcome, Outcome::N);
        assert_eq!(s.winning_moves.len(), 1);
        assert_eq!(s.winning_moves[0].to, format!("{a} {a}"));
    }

    proptest! {
        /// Bouton's theorem and the winning-move rule against a search that never xors.
        #[test]
        fn closed_form_matches_search(heaps in proptest::collection::vec(0u64..7, 1..4)) {
            let sum = SumGame(&NimHeap);
            let mut sorted = heaps.clone();
            sorted.sort();
            let mut solver = GrundySolver::new(&sum);
            let g = solver.grundy(&sorted).unwrap();
            let big_heaps = big(&heaps);
            prop_assert_eq!(BigUint::from(g), nim_sum(&big_heaps));
            let found = positions_after(&heaps, winning_moves(&big_heaps));
            let expected = sorted_unique(solver.winning_options(&sorted).unwrap());
            prop_assert_eq!(found, expected);
        }

        /// Every move of Nim and of misère Nim is listed once; the winning ones among them.
        #[test]
        fn listed_moves_are_the_rules_moves(heaps in proptest::collection::vec(0u64..7, 1..4)) {
            let expected = heap_moves_text(&heaps, |h| NimHeap.options(&h));
            for solved in [solve(&big(&heaps)), crate::games::misere_nim::solve(&big(&heaps))] {
                let s = listing::with_options(solved, |l| offer_moves(l, &big(&heaps)));
                listing::assert_lists_exactly(&s, expected.clone());
            }
        }
    }
}
