//! Take a power of two: a move takes 1, 2, 4, 8, … stones from one heap; whoever takes the
//! last stone wins. The contest problem "Good Luck in CET-4 Everybody!" (HDU 1847) is one
//! heap.
//!
//! A heap of n is worth n mod 3: powers of two are 1 or 2 mod 3, so no move keeps a heap's
//! residue, and taking 1 or 2 reaches both other residues (a heap of 1 reaches only 0).
//! Heaps of any size.

use std::ops::ControlFlow;

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

use crate::games::take_text;
use crate::heap::HeapRule;
use crate::listing::{with_winning_moves, OptionList};
use crate::solution::heaps_after;
use crate::solution::{heaps_text, Fact, Solution, WinningMove};
use crate::Outcome;

/// The rule on one heap, for the Sprague-Grundy search that checks the closed form.
pub struct PowersOfTwo;

impl HeapRule for PowersOfTwo {
    fn visit_options(
        &self,
        n: u64,
        visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let powers = (0..64).map(|k| 1u64 << k).filter(|&p| p <= n);
        crate::heap::visit_subtractions(n, powers, visit)
    }
}

/// The Grundy value of a heap of `n`: n mod 3.
pub fn grundy(n: &BigUint) -> u32 {
    (n % 3u32).to_u32().unwrap_or(0)
}

/// The powers of two up to `n`, smallest first.
fn powers_up_to(n: &BigUint) -> impl Iterator<Item = BigUint> + '_ {
    std::iter::successors(Some(BigUint::one()), |p| Some(p << 1u32)).take_while(move |p| p <= n)
}

/// Offers every move: heap by heap, the smallest take first.
pub fn offer_moves(list: &mut OptionList, heaps: &[BigUint]) -> ControlFlow<()> {
    for (i, h) in heaps.iter().enumerate() {
        for p in powers_up_to(h) {
            let to = h - &p;
            list.offer(|| WinningMove::new(take_text(i, h, &to), heaps_after(heaps, i, &to)))?;
        }
    }
    ControlFlow::Continue(())
}

/// Outcome, value and every winning move of heaps.
pub fn solve(heaps: &[BigUint]) -> Solution {
    let values: Vec<u32> = heaps.iter().map(grundy).collect();
    let total = values.iter().fold(0, |a, b| a ^ b);
    let mut found = OptionList::default();
    if total != 0 {
        'heaps: for (i, h) in heaps.iter().enumerate() {
            let target = values[i] ^ total;
            // A move changes a heap's residue, to either other one.
            if target > 2 {
                continue;
            }
            for p in powers_up_to(h) {
                let to = h - &p;
                if grundy(&to) == target {
                    let offered = found.offer(|| {
                        WinningMove::new(take_text(i, h, &to), heaps_after(heaps, i, &to))
                    });
                    if offered.is_break() {
                        break 'heaps;
                    }
                }
            }
        }
    }
    let one = heaps.len() == 1 && !heaps[0].is_zero();
    let solution = Solution::new(
        "powers-of-two",
        heaps_text(heaps),
        Outcome::of_grundy_is_zero(total == 0),
    )
    .with_value(total)
    .fact(
        "heap_values",
        Fact::Text(
            values
                .iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(" "),
        ),
    )
    .note("a heap of n is worth n mod 3 (powers of two are 1 or 2 mod 3); values combine by xor");
    let solution = if one {
        solution.note("one heap: the player to move loses exactly when n is a multiple of 3")
    } else {
        solution
    };
    with_winning_moves(solution, found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::grundy_sequence;
    use crate::listing;
    use crate::testing::{big, rule_positions};
    use proptest::prelude::*;

    #[test]
    fn closed_form_matches_the_rules_values() {
        let seq = grundy_sequence(&PowersOfTwo, 300);
        let checked = crate::closed_form::check_closed_form(
            0..300usize,
            |&n| u64::from(grundy(&BigUint::from(n))),
            |&n| Ok::<_, ()>(seq[n]),
        );
        assert_eq!(checked, Ok(Ok(())));
    }

    proptest! {
        #[test]
        fn winning_moves_match_search(heaps in proptest::collection::vec(0u64..12, 1..4)) {
            crate::testing::assert_matches_search(PowersOfTwo, &heaps, &solve(&big(&heaps)));
        }

        #[test]
        fn listed_moves_are_the_rules_moves(heaps in proptest::collection::vec(0u64..12, 1..4)) {
            let s = listing::with_options(solve(&big(&heaps)), |l| offer_moves(l, &big(&heaps)));
            listing::assert_lists_exactly(&s, rule_positions(&PowersOfTwo, &heaps));
        }
    }

    /// HDU 1847 "Good Luck in CET-4 Everybody!": n = 1 is won by the first player (Kiki),
    /// n = 3 by the second (Cici).
    #[test]
    fn hdu_1847_samples() {
        assert_eq!(solve(&[BigUint::from(1u32)]).outcome, Outcome::N);
        assert_eq!(solve(&[BigUint::from(3u32)]).outcome, Outcome::P);
    }

    #[test]
    fn huge_heaps_are_answered_by_the_residue() {
        let huge: BigUint = BigUint::from(10u32).pow(300);
        // 10^300 ≡ 1 (mod 3): taking 2^k with k even (2^k ≡ 1) leaves a multiple of 3, and
        // 2^996 < 10^300 < 2^997.
        let s = solve(&[huge]);
        assert_eq!(s.value.as_deref(), Some("*"));
        assert_eq!(
            s.winning_moves.len(),
            (0..=996).filter(|k| k % 2 == 0).count()
        );
    }
}
