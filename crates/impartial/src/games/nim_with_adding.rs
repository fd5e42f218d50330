//! Nim with adding (POJ 1740, "A New Stone Game"): take at least one stone from a heap, then you may put some of
//! the taken stones — but not all of them, so that play ends — onto other non-empty heaps.
//!
//! The player to move loses iff the non-empty heaps pair up exactly (an even number of them,
//! equal in pairs): the second player mirrors, and from any unpaired position the largest heap
//! has enough stones to rebuild the pairs. Adding never helps the loser, so the rule is the
//! same as when the stones may be moved from the remaining heap instead (checked by search).

use std::ops::ControlFlow;

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

use crate::listing::OptionList;
use crate::solution::{heaps_text, Solution, WinningMove};
use crate::solver::GrundySolver;
use crate::{ImpartialGame, Outcome};

/// Positions with at most this many stones get their Grundy value by search.
pub const VALUE_LIMIT: u64 = 12;

/// Whether the non-empty heaps pair up exactly (the P-positions).
pub fn is_paired(heaps: &[BigUint]) -> bool {
    let mut nonempty: Vec<&BigUint> = heaps.iter().filter(|h| !h.is_zero()).collect();
    nonempty.sort();
    nonempty.len().is_multiple_of(2) && nonempty.chunks(2).all(|pair| pair[0] == pair[1])
}

/// A winning move: `(heap taken from, stones taken, [(heap, stones put on it)])`.
pub type AddingMove = (usize, BigUint, Vec<(usize, BigUint)>);

/// One winning move: empty the largest heap or cut it down to the smallest, and use part of
/// the taken stones to equalise the other heaps in pairs.
pub fn winning_move(heaps: &[BigUint]) -> Option<AddingMove> {
    if is_paired(heaps) {
        return None;
    }
    let mut order: Vec<usize> = (0..heaps.len()).filter(|&i| !heaps[i].is_zero()).collect();
    order.sort_by(|&a, &b| heaps[a].cmp(&heaps[b]).then(a.cmp(&b)));
    let largest = order.pop()?;
    let (new_size, to_pair): (BigUint, &[usize]) = if order.len().is_multiple_of(2) {
        (BigUint::zero(), &order[..])
    } else {
        (heaps[order[0]].clone(), &order[1..])
    };
    let taken = &heaps[largest] - &new_size;
    let additions: Vec<(usize, BigUint)> = to_pair
        .chunks(2)
        .filter(|pair| heaps[pair[0]] != heaps[pair[1]])
        .map(|pair| (pair[0], &heaps[pair[1]] - &heaps[pair[0]]))
        .collect();
    Some((largest, taken, additions))
}

fn apply(heaps: &[BigUint], mv: &AddingMove) -> Vec<BigUint> {
    let mut next = heaps.to_vec();
    next[mv.0] -= &mv.1;
    for (j, k) in &mv.2 {
        next[*j] += k;
    }
    next
}

/// The game searched directly: positions are sorted heap lists.
pub struct NimWithAdding;

impl ImpartialGame for NimWithAdding {
    type Position = Vec<u64>;
    fn options(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        fn spread(amount: u64, targets: &[usize], cur: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
            match targets.split_first() {
                None => {
                    if amount == 0 {
                        let mut p = cur.clone();
                        p.sort_unstable();
                        out.push(p);
                    }
                }
                Some((&j, rest)) => {
                    for a in 0..=amount {
                        cur[j] += a;
                        spread(amount - a, rest, cur, out);
                        cur[j] -= a;
                    }
                }
            }
        }
        let mut out = Vec::new();
        for i in 0..heaps.len() {
            let others: Vec<usize> = (0..heaps.len())
                .filter(|&j| j != i && heaps[j] > 0)
                .collect();
            for take in 1..=heaps[i] {
                let mut cur = heaps.clone();
                cur[i] -= take;
                for back in 0..take {
                    spread(back, &others, &mut cur, &mut out);
                }
            }
        }
        out
    }
}

/// A move in words, the stones put back listed heap by heap.
fn describe(heaps: &[BigUint], mv: &AddingMove) -> WinningMove {
    let next = apply(heaps, mv);
    let mut text = format!(
        "take {} from heap {} ({} → {})",
        mv.1,
        mv.0 + 1,
        heaps[mv.0],
        next[mv.0]
    );
    let mut puts: Vec<&(usize, BigUint)> = mv.2.iter().filter(|(_, k)| !k.is_zero()).collect();
    puts.sort_by_key(|(j, _)| *j);
    if !puts.is_empty() {
        let puts: Vec<String> = puts
            .iter()
            .map(|(j, k)| format!("{k} on heap {} ({} → {})", j + 1, heaps[*j], next[*j]))
            .collect();
        text.push_str(&format!(", then put {}", puts.join(" and ")));
    }
    WinningMove::new(text, heaps_text(&next))
}

/// Offers every move: heap by heap, the fewest stones taken first, and for each take the
/// fewest put back first.
pub fn offer_moves(list: &mut OptionList, heaps: &[BigUint]) -> ControlFlow<()> {
    for (i, h) in heaps.iter().enumerate() {
        let others: Vec<usize> = (0..heaps.len())
            .filter(|&j| j != i && !heaps[j].is_zero())
            .collect();
        let mut taken = BigUint::one();
        while taken <= *h {
            let mut back = BigUint::zero();
            while back < taken {
                let mut mv = (i, taken.clone(), Vec::new());
                offer_spread(list, heaps, &mut mv, back.clone(), &others)?;
                back += 1u32;
            }
            taken += 1u32;
        }
    }
    ControlFlow::Continue(())
}

/// Offers `mv` with `amount` more stones spread over the heaps `targets` in every way: the
/// first heap's share growing slowest, the last heap taking what is left. A loop rather than
/// a recursion per heap, so that tens of thousands of heaps need no deep stack.
fn offer_spread(
    list: &mut OptionList,
    heaps: &[BigUint],
    mv: &mut AddingMove,
    amount: BigUint,
    targets: &[usize],
) -> ControlFlow<()> {
    let Some(last) = targets.len().checked_sub(1) else {
        return if amount.is_zero() {
            list.offer(|| describe(heaps, mv))
        } else {
            ControlFlow::Continue(())
        };
    };
    // shares[last] holds what the others leave.
    let mut shares = vec![BigUint::zero(); targets.len()];
    shares[last] = amount;
    loop {
        mv.2 = targets
            .iter()
            .zip(&shares)
            .filter(|(_, k)| !k.is_zero())
            .map(|(&j, k)| (j, k.clone()))
            .collect();
        list.offer(|| describe(heaps, mv))?;
        // The next spread: the rightmost heap before the last with stones after it takes
        // one more, and those after it start again from nothing.
        let Some(i) = (0..last)
            .rev()
            .find(|&i| shares[i + 1..].iter().any(|k| !k.is_zero()))
        else {
            return ControlFlow::Continue(());
        };
        shares[i] += 1u32;
        let rest: BigUint = shares[i + 1..].iter().sum::<BigUint>() - 1u32;
        for k in &mut shares[i + 1..last] {
            *k = BigUint::zero();
        }
        shares[last] = rest;
    }
}

/// Outcome and a winning move (there are usually many; one is shown).
pub fn solve(heaps: &[BigUint]) -> Solution {
    let paired = is_paired(heaps);
    let moves: Vec<WinningMove> = winning_move(heaps)
        .map(|mv| vec![describe(heaps, &mv)])
        .unwrap_or_default();
    let mut s = Solution::new(
        "nim-with-adding",
        heaps_text(heaps),
        Outcome::from_next_player_wins(!paired),
    )
    .note("the player to move loses iff the non-empty heaps pair up exactly")
    .moves(moves, paired);
    if !paired {
        s = s.note("one winning move shown; others exist in general");
    }
    let small: Option<Vec<u64>> = heaps.iter().map(|h| h.to_u64()).collect();
    if let Some(mut small) = small {
        if small.iter().sum::<u64>() <= VALUE_LIMIT {
            small.sort_unstable();
            if let Ok(g) = GrundySolver::new(&NimWithAdding).grundy(&small) {
                s = s.with_value(g);
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::listing;
    use crate::testing::big;
    use proptest::prelude::*;

    proptest! {
        /// The pairing rule against search, and the constructed move is legal and wins.
        #[test]
        fn pairing_rule_matches_search(heaps in proptest::collection::vec(0u64..5, 1..4)) {
            let mut sorted = heaps.clone();
            sorted.sort();
            let mut solver = GrundySolver::new(&NimWithAdding);
            let p = solver.grundy(&sorted).unwrap() == 0;
            prop_assert_eq!(is_paired(&big(&heaps)), p);
            if let Some(mv) = winning_move(&big(&heaps)) {
                let mut next: Vec<u64> = apply(&big(&heaps), &mv).iter().map(|x| x.to_u64().unwrap()).collect();
                next.sort();
                prop_assert!(NimWithAdding.options(&sorted).contains(&next));
                prop_assert_eq!(solver.grundy(&next).unwrap(), 0);
            }
        }

        #[test]
        fn listed_moves_are_the_rules_moves(heaps in proptest::collection::vec(0u64..4, 1..4)) {
            let s = listing::with_options(solve(&big(&heaps)), |l| offer_moves(l, &big(&heaps)));
            let sorted = |t: &str| {
                let mut h: Vec<u64> = crate::testing::parse_heaps(t);
                h.sort_unstable();
                heaps_text(&h)
            };
            let expected = NimWithAdding.options(&heaps).iter().map(|p| heaps_text(p)).collect();
            listing::assert_lists_exactly_as(&s, expected, sorted);
        }
    }

    /// Thirty thousand heaps: the spreads are walked by a loop, not a recursion per heap,
    /// and the listing stops at its size.
    #[test]
    fn many_heaps_list_their_moves_without_a_deep_stack() {
        let heaps = big(&vec![1; 30_000]);
        let s = listing::with_options(solve(&heaps), |l| offer_moves(l, &heaps));
        let options = s.options.as_ref().unwrap();
        assert!(!s.all_options && !options.is_empty());
        assert_eq!(options[0].description, "take 1 from heap 1 (1 → 0)");
    }

    #[test]
    fn describes_the_move() {
        let s = solve(&big(&[3, 5, 9]));
        assert_eq!(
            s.winning_moves[0].description,
            "take 9 from heap 3 (9 → 0), then put 2 on heap 1 (3 → 5)"
        );
        assert_eq!(s.winning_moves[0].to, "5 5 0");
        assert_eq!(solve(&big(&[4, 4])).outcome, Outcome::P);
    }
}
