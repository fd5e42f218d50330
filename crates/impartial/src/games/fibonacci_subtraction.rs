//! Take a Fibonacci number: a move takes 1, 2, 3, 5, 8, 13, … stones from one heap; whoever
//! takes the last stone wins. The contest problem "Fibonacci again and again" (HDU 1848) is
//! three heaps.
//!
//! The set is infinite and the values follow no known closed form, so each heap's value
//! comes from a table of the Sprague-Grundy values up to the largest heap (heaps up to
//! [`MAX_HEAP`]), each the mex of the values a Fibonacci number below it away.

use std::ops::ControlFlow;

use crate::games::take_text;
use crate::heap::HeapRule;
use crate::listing::{with_winning_moves, OptionList};
use crate::solution::heaps_after;
use crate::solution::{heaps_text, Fact, Solution, WinningMove};
use crate::{ImpartialError, Outcome};

/// The largest heap answered: the table up to it takes about a quarter of a second.
pub const MAX_HEAP: u64 = 10_000_000;

/// The Fibonacci numbers 1, 2, 3, 5, 8, … up to `n` (1 once).
pub fn fibonacci_up_to(n: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let (mut a, mut b) = (1u64, 2u64);
    while a <= n {
        out.push(a);
        (a, b) = (b, a.saturating_add(b));
    }
    out
}

/// The rule on one heap, for the Sprague-Grundy search that checks the table.
pub struct FibonacciSubtraction;

impl HeapRule for FibonacciSubtraction {
    fn visit_options(
        &self,
        n: u64,
        visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        crate::heap::visit_subtractions(n, fibonacci_up_to(n).into_iter(), visit)
    }
}

/// The Grundy values of heaps 0..=`to`.
pub fn grundy_table(to: u64) -> Vec<u8> {
    let fibs = fibonacci_up_to(to);
    let len = usize::try_from(to).unwrap_or(usize::MAX).saturating_add(1);
    let mut values: Vec<u8> = Vec::with_capacity(len);
    for n in 0..len {
        // The options' values as bits: fewer than 93 Fibonacci numbers lie below 2^64, so
        // every value (a mex of at most that many) is below 128.
        let mut seen: u128 = 0;
        for &f in &fibs {
            let Some(left) = n.checked_sub(f as usize) else {
                break;
            };
            seen |= 1 << values[left];
        }
        values.push((!seen).trailing_zeros() as u8);
    }
    values
}

/// Offers every move: heap by heap, the smallest take first.
pub fn offer_moves(list: &mut OptionList, heaps: &[u64]) -> ControlFlow<()> {
    for (i, &h) in heaps.iter().enumerate() {
        for f in fibonacci_up_to(h) {
            list.offer(|| move_of(heaps, i, h - f))?;
        }
    }
    ControlFlow::Continue(())
}

fn move_of(heaps: &[u64], i: usize, to: u64) -> WinningMove {
    let big = |x: u64| num_bigint::BigUint::from(x);
    let all: Vec<num_bigint::BigUint> = heaps.iter().map(|&h| big(h)).collect();
    WinningMove::new(
        take_text(i, &all[i], &big(to)),
        heaps_after(&all, i, &big(to)),
    )
}

/// Outcome, value and every winning move of heaps up to [`MAX_HEAP`].
pub fn solve(heaps: &[u64]) -> Result<Solution, ImpartialError> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    if largest > MAX_HEAP {
        return Err(ImpartialError::too_large(
            "a heap of fibonacci-subtraction",
            largest,
            MAX_HEAP,
        ));
    }
    let table = grundy_table(largest);
    let value = |h: u64| table[h as usize];
    let total = heaps.iter().fold(0u8, |a, &h| a ^ value(h));
    let mut found = OptionList::default();
    if total != 0 {
        'heaps: for (i, &h) in heaps.iter().enumerate() {
            let target = value(h) ^ total;
            for f in fibonacci_up_to(h) {
                if value(h - f) == target && found.offer(|| move_of(heaps, i, h - f)).is_break() {
                    break 'heaps;
                }
            }
        }
    }
    let values: Vec<String> = heaps.iter().map(|&h| value(h).to_string()).collect();
    let solution = Solution::new(
        "fibonacci-subtraction",
        heaps_text(heaps),
        Outcome::of_grundy_is_zero(total == 0),
    )
    .with_value(total)
    .fact("heap_values", Fact::Text(values.join(" ")))
    .note("each heap's value is the mex of the values a Fibonacci number (1, 2, 3, 5, 8, …) below it; values combine by xor");
    Ok(with_winning_moves(solution, found))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::grundy_sequence;
    use crate::listing;
    use crate::testing::rule_positions;
    use proptest::prelude::*;

    #[test]
    fn table_matches_the_rules_values() {
        let seq = grundy_sequence(&FibonacciSubtraction, 2000);
        let table = grundy_table(1999);
        assert_eq!(table.iter().map(|&g| u64::from(g)).collect::<Vec<_>>(), seq);
        // sg(0..=4) = 0 1 2 3 0, as HDU 1848's analyses list them.
        assert_eq!(&table[..5], &[0, 1, 2, 3, 0]);
    }

    /// HDU 1848 "Fibonacci again and again": heaps 1 1 1 are won by the first player
    /// (Fibo), heaps 1 4 1 by the second (Nacci).
    #[test]
    fn hdu_1848_samples() {
        assert_eq!(solve(&[1, 1, 1]).unwrap().outcome, Outcome::N);
        assert_eq!(solve(&[1, 4, 1]).unwrap().outcome, Outcome::P);
    }

    #[test]
    fn heaps_past_the_limit_are_refused() {
        assert!(solve(&[MAX_HEAP + 1]).is_err());
    }

    proptest! {
        #[test]
        fn winning_moves_match_search(heaps in proptest::collection::vec(0u64..15, 1..4)) {
            crate::testing::assert_matches_search(FibonacciSubtraction, &heaps, &solve(&heaps).unwrap());
        }

        #[test]
        fn listed_moves_are_the_rules_moves(heaps in proptest::collection::vec(0u64..15, 1..4)) {
            let s = listing::with_options(solve(&heaps).unwrap(), |l| offer_moves(l, &heaps));
            listing::assert_lists_exactly(&s, rule_positions(&FibonacciSubtraction, &heaps));
        }
    }
}
