//! Moore's Nim_k: a move takes stones from at least one and at most `k` heaps. The player to
//! move loses iff, for every bit position, the number of heaps with that bit set is a
//! multiple of `k + 1` (Moore 1910). `k = 1` is Nim.
//!
//! A winning move is built bit by bit from the top, as in Moore's proof; when the position is
//! small, every winning move is found by enumeration instead.

use std::ops::ControlFlow;

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use crate::listing::{smaller, with_winning_moves, OptionList};
use crate::solution::{heaps_text, Fact, Solution, WinningMove};
use crate::solver::GrundySolver;
use crate::{ImpartialError, ImpartialGame, Outcome};

/// Positions with at most this many successor tuples get every winning move listed.
pub const ENUMERATION_LIMIT: u64 = 200_000;
/// Positions with at most this many reachable positions get their Grundy value.
pub const VALUE_LIMIT: u64 = 3_000;

/// Whether the position is a P-position of Nim_k.
pub fn is_p_position(k: u64, heaps: &[BigUint]) -> bool {
    let bits = heaps.iter().map(|h| h.bits()).max().unwrap_or(0);
    (0..bits).all(|b| (heaps.iter().filter(|h| h.bit(b)).count() as u64).is_multiple_of(k + 1))
}

/// One winning move (the new heap sizes), by Moore's construction; `None` at a P-position.
pub fn constructed_move(k: u64, heaps: &[BigUint]) -> Option<Vec<BigUint>> {
    if is_p_position(k, heaps) {
        return None;
    }
    let bits = heaps.iter().map(|h| h.bits()).max().unwrap_or(0);
    let mut next = heaps.to_vec();
    // Heaps already lowered at a higher bit: their lower bits are ours to choose.
    let mut chosen = vec![false; heaps.len()];
    let mut chosen_count = 0u64;
    for b in (0..bits).rev() {
        let ones = (0..heaps.len())
            .filter(|&i| !chosen[i] && heaps[i].bit(b))
            .count() as u64;
        let c = ones % (k + 1);
        let free: Vec<usize> = (0..heaps.len()).filter(|&i| chosen[i]).collect();
        for &i in &free {
            next[i].set_bit(b, false);
        }
        if c == 0 {
            continue;
        }
        if chosen_count >= k + 1 - c {
            for &i in free.iter().take((k + 1 - c) as usize) {
                next[i].set_bit(b, true);
            }
        } else {
            let lowered: Vec<usize> = (0..heaps.len())
                .filter(|&i| !chosen[i] && heaps[i].bit(b))
                .take(c as usize)
                .collect();
            for i in lowered {
                next[i].set_bit(b, false);
                chosen[i] = true;
                chosen_count += 1;
            }
        }
    }
    Some(next)
}

/// Nim_k on small heaps as a game, for enumeration and the oracle.
pub struct MooreNim {
    /// At most this many heaps change per move.
    pub k: u64,
}

impl ImpartialGame for MooreNim {
    type Position = Vec<u64>;
    fn options(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        let mut current = heaps.clone();
        fn rec(
            i: usize,
            changed: u64,
            k: u64,
            h: &[u64],
            cur: &mut Vec<u64>,
            out: &mut Vec<Vec<u64>>,
        ) {
            if i == h.len() {
                if changed > 0 {
                    out.push(cur.clone());
                }
                return;
            }
            rec(i + 1, changed, k, h, cur, out);
            if changed < k {
                for v in 0..h[i] {
                    cur[i] = v;
                    rec(i + 1, changed + 1, k, h, cur, out);
                }
                cur[i] = h[i];
            }
        }
        rec(0, 0, self.k, heaps, &mut current, &mut out);
        out
    }
}

fn move_text(from: &[BigUint], to: &[BigUint]) -> String {
    let parts: Vec<String> = from
        .iter()
        .zip(to)
        .enumerate()
        .filter(|(_, (a, b))| a != b)
        .map(|(i, (a, b))| format!("{} from heap {} ({a} → {b})", a - b, i + 1))
        .collect();
    format!("take {}", parts.join(" and "))
}

/// Offers every move: those changing one heap first (heap by heap, one stone first), then
/// two heaps, and so on up to `k`.
pub fn offer_moves(list: &mut OptionList, k: u64, heaps: &[BigUint]) -> ControlFlow<()> {
    let nonempty: Vec<usize> = (0..heaps.len()).filter(|&i| !heaps[i].is_zero()).collect();
    let most = usize::try_from(k).unwrap_or(usize::MAX).min(nonempty.len());
    let mut next = heaps.to_vec();
    for size in 1..=most {
        offer_changing(list, heaps, &nonempty, size, &mut next)?;
    }
    ControlFlow::Continue(())
}

/// Offers the moves that change exactly `size` of the heaps `among` (in order), the others
/// as in `next`.
fn offer_changing(
    list: &mut OptionList,
    heaps: &[BigUint],
    among: &[usize],
    size: usize,
    next: &mut Vec<BigUint>,
) -> ControlFlow<()> {
    if size == 0 {
        return list.offer(|| WinningMove::new(move_text(heaps, next), heaps_text(next)));
    }
    for (j, &i) in among.iter().enumerate().take(among.len() + 1 - size) {
        for to in smaller(&heaps[i]) {
            next[i] = to;
            offer_changing(list, heaps, &among[j + 1..], size - 1, next)?;
        }
        next[i] = heaps[i].clone();
    }
    ControlFlow::Continue(())
}

/// Outcome, winning moves and (for small positions) the Grundy value.
pub fn solve(k: u64, heaps: &[BigUint]) -> Result<Solution, ImpartialError> {
    if k == 0 {
        return Err(ImpartialError::InvalidInput(
            "--k must be at least 1".into(),
        ));
    }
    let p = is_p_position(k, heaps);
    let product = heaps.iter().try_fold(1u64, |acc, h| {
        h.to_u64()
            .and_then(|h| h.checked_add(1))
            .and_then(|x| acc.checked_mul(x))
    });
    let small: Option<Vec<u64>> = heaps.iter().map(|h| h.to_u64()).collect();
    let game = MooreNim { k };
    let mut s = Solution::new("moore", heaps_text(heaps), Outcome::of_grundy_is_zero(p))
        .fact("k", Fact::Count(k))
        .note(format!(
            "a move takes from 1 to {k} heaps; P-positions have every binary column sum divisible by {}",
            k + 1
        ));
    match (product, small) {
        (Some(n), Some(small)) if n <= ENUMERATION_LIMIT => {
            let mut moves = OptionList::default();
            for option in game.options(&small) {
                let big: Vec<BigUint> = option.iter().map(|&x| BigUint::from(x)).collect();
                if is_p_position(k, &big) {
                    let _ =
                        moves.offer(|| WinningMove::new(move_text(heaps, &big), heaps_text(&big)));
                }
            }
            s = with_winning_moves(s, moves);
            if n <= VALUE_LIMIT {
                let g = GrundySolver::new(&game).grundy(&small)?;
                s = s.with_value(g);
            }
        }
        _ => {
            let moves = constructed_move(k, heaps)
                .map(|to| vec![WinningMove::new(move_text(heaps, &to), heaps_text(&to))])
                .unwrap_or_default();
            s = s
                .moves(moves, p)
                .note("large position: one winning move shown, built by Moore's construction");
        }
    }
    if p && s.value.is_none() {
        s = s.with_value(0);
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::listing;
    use crate::testing::big;
    use proptest::prelude::*;

    #[test]
    fn moore_matches_search_exhaustively() {
        for k in 1..=3u64 {
            let game = MooreNim { k };
            let mut solver = GrundySolver::new(&game);
            for a in 0..5u64 {
                for b in 0..5u64 {
                    for c in 0..5u64 {
                        let h = vec![a, b, c];
                        let p = solver.grundy(&h).unwrap() == 0;
                        assert_eq!(is_p_position(k, &big(&h)), p, "k={k} {h:?}");
                    }
                }
            }
        }
    }

    proptest! {
        /// The construction always reaches a P-position by a legal move.
        #[test]
        fn construction_is_legal_and_wins(k in 1u64..5, heaps in proptest::collection::vec(0u64..u64::MAX, 1..7)) {
            let h = big(&heaps);
            match constructed_move(k, &h) {
                None => prop_assert!(is_p_position(k, &h)),
                Some(to) => {
                    prop_assert!(is_p_position(k, &to));
                    let changed = h.iter().zip(&to).filter(|(a, b)| a != b).count() as u64;
                    prop_assert!(changed >= 1 && changed <= k);
                    prop_assert!(h.iter().zip(&to).all(|(a, b)| b <= a));
                }
            }
        }
    }

    #[test]
    fn listed_moves_are_the_rules_moves() {
        for k in 1..=4u64 {
            for heaps in [
                vec![0],
                vec![3],
                vec![1, 2],
                vec![2, 0, 3],
                vec![1, 2, 3, 1],
            ] {
                let s = listing::with_options(solve(k, &big(&heaps)).unwrap(), |l| {
                    offer_moves(l, k, &big(&heaps))
                });
                let expected = MooreNim { k }
                    .options(&heaps)
                    .iter()
                    .map(|p| heaps_text(p))
                    .collect();
                listing::assert_lists_exactly(&s, expected);
            }
        }
    }

    #[test]
    fn small_positions_list_all_moves() {
        let s = solve(2, &big(&[1, 2, 3])).unwrap();
        // Column sums: bit0 = 2, bit1 = 2 → not divisible by 3 → N.
        assert_eq!(s.outcome, Outcome::N);
        assert!(s.all_winning_moves);
        for m in &s.winning_moves {
            let to: Vec<BigUint> = crate::testing::parse_heaps(&m.to);
            assert!(is_p_position(2, &to));
        }
        assert!(solve(0, &big(&[1])).is_err());
    }
}
