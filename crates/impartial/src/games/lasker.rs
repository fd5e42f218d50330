//! Lasker's Nim: take any number of stones from a heap, or split a heap into two non-empty
//! heaps. Grundy values: g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3
//! (Ferguson, Game Theory I §4). `g` swaps 4k+3 and 4k+4, so it is its own inverse.

use std::ops::ControlFlow;

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

use crate::games::take_text;
use crate::heap::lasker::grundy;
use crate::listing::{smaller, with_winning_moves, OptionList};
use crate::solution::heaps_after;
use crate::solution::{heaps_text, nimber_notation, Fact, Solution, WinningMove};
use crate::Outcome;

/// Splits of heaps up to this size are searched exhaustively for winning moves; above it
/// only splits with a smaller part up to this size are tried.
pub const SPLIT_SEARCH_LIMIT: u64 = 100_000;

fn one_heap_moves(h: &BigUint, target: &BigUint) -> (Vec<(BigUint, Option<BigUint>)>, bool) {
    let mut out = Vec::new();
    let removal = grundy(target);
    if removal < *h {
        out.push((removal, None));
    }
    let h_small = h.to_u64();
    let limit = match h_small {
        Some(x) if x <= SPLIT_SEARCH_LIMIT => x / 2,
        _ => SPLIT_SEARCH_LIMIT,
    };
    for a in 1..=limit {
        let a = BigUint::from(a);
        let b = h - &a;
        if grundy(&a) ^ grundy(&b) == *target {
            out.push((a, Some(b)));
        }
    }
    (out, h_small.is_some_and(|x| x <= SPLIT_SEARCH_LIMIT))
}

/// Heap `i` left as `a` (a take) or split into `a` and `b`, in words.
fn describe(heaps: &[BigUint], i: usize, a: &BigUint, b: Option<&BigUint>) -> WinningMove {
    match b {
        None => WinningMove::new(take_text(i, &heaps[i], a), heaps_after(heaps, i, a)),
        Some(b) => {
            let mut next = heaps.to_vec();
            next[i] = a.clone();
            next.insert(i + 1, b.clone());
            WinningMove::new(
                format!("split heap {} into {a} and {b}", i + 1),
                heaps_text(&next),
            )
        }
    }
}

/// Offers every move, heap by heap: takes (one stone first), then splits (the smaller
/// part growing).
pub fn offer_moves(list: &mut OptionList, heaps: &[BigUint]) -> ControlFlow<()> {
    for (i, h) in heaps.iter().enumerate() {
        for to in smaller(h) {
            list.offer(|| describe(heaps, i, &to, None))?;
        }
        let mut a = BigUint::one();
        while &a * 2u32 <= *h {
            list.offer(|| describe(heaps, i, &a, Some(&(h - &a))))?;
            a += 1u32;
        }
    }
    ControlFlow::Continue(())
}

/// Outcome, value and the winning moves (all of them unless a heap is huge).
pub fn solve(heaps: &[BigUint]) -> Solution {
    let values: Vec<BigUint> = heaps.iter().map(grundy).collect();
    let total = values.iter().fold(BigUint::zero(), |a, b| a ^ b);
    let mut moves = OptionList::default();
    let mut complete = true;
    if !total.is_zero() {
        for (i, h) in heaps.iter().enumerate() {
            let target = &values[i] ^ &total;
            let (found, exhaustive) = one_heap_moves(h, &target);
            complete &= exhaustive;
            for (a, b) in found {
                let _ = moves.offer(|| describe(heaps, i, &a, b.as_ref()));
            }
        }
    }
    let mut s = Solution::new(
        "lasker",
        heaps_text(heaps),
        Outcome::of_grundy_is_zero(total.is_zero()),
    )
    .with_value(&total)
    .fact(
        "heap_values",
        Fact::List(
            values
                .iter()
                .map(|v| nimber_notation(&v.to_string()))
                .collect(),
        ),
    )
    .note("g(4k+1)=4k+1, g(4k+2)=4k+2, g(4k+3)=4k+4, g(4k+4)=4k+3; values combine by xor");
    s = with_winning_moves(s, moves);
    if !complete {
        s.all_winning_moves = false;
        s = s.note(format!(
            "splits of heaps above {SPLIT_SEARCH_LIMIT} were searched only with a part up to {SPLIT_SEARCH_LIMIT}"
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::closed_form::check_closed_form;
    use crate::heap::grundy_sequence;
    use crate::heap::lasker::LaskerRule;
    use crate::listing;
    use crate::testing::{big, rule_positions};
    use proptest::prelude::*;

    #[test]
    fn closed_form_matches_sequence() {
        let seq = grundy_sequence(&LaskerRule, 200);
        let checked = check_closed_form(
            0..200usize,
            |&n| grundy(&BigUint::from(n)),
            |&n| Ok::<_, ()>(BigUint::from(seq[n])),
        );
        assert_eq!(checked, Ok(Ok(())));
        // Seed 004's pattern: 1,2,4,3,5,6,8,7.
        assert_eq!(&seq[1..9], &[1, 2, 4, 3, 5, 6, 8, 7]);
    }

    proptest! {
        #[test]
        fn winning_moves_match_search(heaps in proptest::collection::vec(0u64..7, 1..4)) {
            crate::testing::assert_matches_search(LaskerRule, &heaps, &solve(&big(&heaps)));
        }

        #[test]
        fn listed_moves_are_the_rules_moves(heaps in proptest::collection::vec(0u64..7, 1..4)) {
            let s = listing::with_options(solve(&big(&heaps)), |l| offer_moves(l, &big(&heaps)));
            // Each heap's own moves, in place; a heap taken whole stays as 0.
            listing::assert_lists_exactly(&s, rule_positions(&LaskerRule, &heaps));
        }
    }
}
