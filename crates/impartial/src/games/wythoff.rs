//! Wythoff's game: two heaps; take any number from one heap, or the same number from both.
//!
//! The P-positions are `(a_k, a_k + k)` with `a_k = ⌊kφ⌋`. Floating point breaks on large
//! heaps, so everything here is integer: `a_k = (k + ⌊√(5k²)⌋) div 2`, exact because `√5·k`
//! is irrational for `k > 0` (OEIS A066096). The lower and upper Wythoff sequences partition
//! the positive integers, so every number has exactly one partner in a P-position; the
//! winning moves follow from that (Wythoff, *A modification of the game of Nim*, 1907).

use std::ops::ControlFlow;

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

use crate::games::take_text;
use crate::listing::{smaller, OptionList};
use crate::solution::{Fact, Solution, WinningMove};
use crate::{ImpartialGame, Outcome};

/// Grundy values are tabulated only when `(a+1)·(b+1)` is at most this.
pub const GRUNDY_TABLE_LIMIT: u64 = 4_000_000;

/// `a_k = ⌊kφ⌋`, the smaller heap of the k-th P-position.
pub fn lower(k: &BigUint) -> BigUint {
    let five_k2: BigUint = k * k * 5u32;
    (k + five_k2.sqrt()) >> 1
}

/// Whether `(a, b)` is a P-position (the player to move loses).
pub fn is_p_position(a: &BigUint, b: &BigUint) -> bool {
    let (small, large) = if a <= b { (a, b) } else { (b, a) };
    lower(&(large - small)) == *small
}

/// The unique `y` such that `(x, y)` is a P-position.
pub fn partner(x: &BigUint) -> BigUint {
    if x.is_zero() {
        return BigUint::zero();
    }
    // x/φ = x(√5 − 1)/2; its floor is within one of the index j with a_j = x, if any.
    let five_x2: BigUint = x * x * 5u32;
    let s = five_x2.sqrt();
    let j0 = if s >= *x {
        (&s - x) >> 1
    } else {
        BigUint::zero()
    };
    let start = if j0 > BigUint::one() {
        &j0 - 1u32
    } else {
        BigUint::zero()
    };
    let mut j = start.clone();
    while j <= &j0 + 2u32 {
        if lower(&j) == *x {
            return x + &j;
        }
        j += 1u32;
    }
    // Otherwise x = b_j = a_j + j, with j = x − x/φ (again within one).
    let approx = x - &j0;
    let mut j = if approx > BigUint::from(2u32) {
        &approx - 2u32
    } else {
        BigUint::one()
    };
    while j <= &approx + 2u32 {
        let a = lower(&j);
        if &a + &j == *x {
            return a;
        }
        j += 1u32;
    }
    unreachable!("the Wythoff sequences partition the positive integers")
}

/// Every winning move, as the position it leads to.
pub fn winning_moves(a: &BigUint, b: &BigUint) -> Vec<(BigUint, BigUint)> {
    if is_p_position(a, b) {
        return Vec::new();
    }
    let mut out = Vec::new();
    let pb = partner(b);
    if pb < *a {
        out.push((pb, b.clone()));
    }
    let pa = partner(a);
    if pa < *b {
        out.push((a.clone(), pa));
    }
    let (small, large) = if a <= b { (a, b) } else { (b, a) };
    let target = lower(&(large - small));
    if target < *small {
        let d = small - &target;
        out.push((a - &d, b - &d));
    }
    out
}

/// The Wythoff board as a game, for the brute-force oracle.
pub struct Wythoff;

impl ImpartialGame for Wythoff {
    type Position = (u64, u64);
    fn options(&self, &(a, b): &(u64, u64)) -> Vec<(u64, u64)> {
        let mut out: Vec<(u64, u64)> = (0..a).map(|x| (x, b)).collect();
        out.extend((0..b).map(|y| (a, y)));
        out.extend((1..=a.min(b)).map(|d| (a - d, b - d)));
        out
    }
}

/// Grundy values `G(i, j)` for `i ≤ a`, `j ≤ b`, row by row, using bit sets of the values
/// already seen in each row, column and diagonal.
pub fn grundy_table(a: usize, b: usize) -> Vec<Vec<u64>> {
    let words = (a + b + 2) / 64 + 1;
    let mut cols = vec![vec![0u64; words]; b + 1];
    let mut diags = vec![vec![0u64; words]; a + b + 1];
    let mut table = vec![vec![0u64; b + 1]; a + 1];
    for (i, table_row) in table.iter_mut().enumerate() {
        let mut row = vec![0u64; words];
        for j in 0..=b {
            let d = a + j - i;
            let g = (0..words)
                .find_map(|w| {
                    let seen = row[w] | cols[j][w] | diags[d][w];
                    (seen != u64::MAX)
                        .then(|| (w as u64) * 64 + u64::from((!seen).trailing_zeros()))
                })
                .unwrap_or((words as u64) * 64);
            table_row[j] = g;
            let (w, bit) = ((g / 64) as usize, g % 64);
            row[w] |= 1 << bit;
            cols[j][w] |= 1 << bit;
            diags[d][w] |= 1 << bit;
        }
    }
    table
}

/// The move from `(a, b)` to `(x, y)` in words.
fn describe(a: &BigUint, b: &BigUint, x: &BigUint, y: &BigUint) -> WinningMove {
    let text = if x != a && y != b {
        format!("take {} from both heaps ({a} → {x}, {b} → {y})", a - x)
    } else if x != a {
        take_text(0, a, x)
    } else {
        take_text(1, b, y)
    };
    WinningMove::new(text, format!("{x} {y}"))
}

/// Offers every move of `(a, b)`: from the first heap, from the second, from both; one
/// stone first in each.
pub fn offer_moves(list: &mut OptionList, a: &BigUint, b: &BigUint) -> ControlFlow<()> {
    for x in smaller(a) {
        list.offer(|| describe(a, b, &x, b))?;
    }
    for y in smaller(b) {
        list.offer(|| describe(a, b, a, &y))?;
    }
    for (x, y) in smaller(a).zip(smaller(b)) {
        list.offer(|| describe(a, b, &x, &y))?;
    }
    ControlFlow::Continue(())
}

/// Outcome, winning moves and (for small heaps) the Grundy value of `(a, b)`.
pub fn solve(a: &BigUint, b: &BigUint) -> Solution {
    let p = is_p_position(a, b);
    let moves = winning_moves(a, b)
        .into_iter()
        .map(|(x, y)| describe(a, b, &x, &y))
        .collect();
    let (small, large) = if a <= b { (a, b) } else { (b, a) };
    let k = large - small;
    let mut s = Solution::new("wythoff", format!("{a} {b}"), Outcome::of_grundy_is_zero(p))
        .fact("difference", Fact::Text(k.to_string()))
        .fact(
            "p_position_with_difference",
            Fact::Text(format!("{} {}", lower(&k), lower(&k) + &k)),
        )
        .note(format!(
            "the P-position with difference {k} is ({}, {}) (a_k = ⌊kφ⌋, computed exactly)",
            lower(&k),
            lower(&k) + &k
        ))
        .moves(moves, true);
    let cells = (a + 1u32) * (b + 1u32);
    match (a.to_usize(), b.to_usize()) {
        (Some(x), Some(y)) if cells <= BigUint::from(GRUNDY_TABLE_LIMIT) => {
            s = s.with_value(grundy_table(x, y)[x][y]);
        }
        _ if p => s = s.with_value(0),
        _ => {
            s = s.note(format!(
                "Grundy value not computed: it needs a table of (a+1)(b+1) > {GRUNDY_TABLE_LIMIT} cells"
            ))
        }
    }
    s
}

/// Grundy value by plain mex over the options, for the oracle tests.
#[cfg(test)]
fn grundy_by_mex(table: &[Vec<u64>], a: usize, b: usize) -> u64 {
    use crate::mex;
    let mut opts: Vec<u64> = (0..a).map(|x| table[x][b]).collect();
    opts.extend((0..b).map(|y| table[a][y]));
    opts.extend((1..=a.min(b)).map(|d| table[a - d][b - d]));
    mex(opts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::listing;
    use crate::solver::GrundySolver;
    use proptest::prelude::*;

    fn n(x: u64) -> BigUint {
        BigUint::from(x)
    }

    #[test]
    fn first_p_positions() {
        // OEIS A000201 / A001950: (0,0) (1,2) (3,5) (4,7) (6,10) (8,13).
        for (a, b) in [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15)] {
            assert!(is_p_position(&n(a), &n(b)));
            assert!(is_p_position(&n(b), &n(a)));
            assert_eq!(partner(&n(a)), n(b));
            assert_eq!(partner(&n(b)), n(a));
        }
        assert!(!is_p_position(&n(2), &n(3)));
    }

    #[test]
    fn oracle_agrees_on_small_boards() {
        let mut solver = GrundySolver::new(&Wythoff);
        let table = grundy_table(30, 30);
        for a in 0..=30u64 {
            for b in 0..=30u64 {
                let g = solver.grundy(&(a, b)).unwrap();
                assert_eq!(table[a as usize][b as usize], g);
                assert_eq!(grundy_by_mex(&table, a as usize, b as usize), g);
                assert_eq!(is_p_position(&n(a), &n(b)), g == 0, "({a},{b})");
                let mut moves: Vec<(u64, u64)> = winning_moves(&n(a), &n(b))
                    .into_iter()
                    .map(|(x, y)| (x.to_u64().unwrap(), y.to_u64().unwrap()))
                    .collect();
                moves.sort();
                let mut expected = solver.winning_options(&(a, b)).unwrap();
                expected.sort();
                assert_eq!(moves, expected, "({a},{b})");
            }
        }
    }

    /// The acceptance example: 10^12 and ⌊10^12·φ⌋ + 1 — no floating point involved.
    #[test]
    fn huge_heaps() {
        let a = n(1_000_000_000_000);
        let b = n(1_618_033_988_749);
        let s = solve(&a, &b);
        // k = b − a = 618033988749 and ⌊kφ⌋ = 999999999998 (checked with 60-digit decimal
        // arithmetic), so the P-position with this difference is 2 below on both heaps; b is
        // a_j for j = 10^12 with partner 2618033988749 > a, and a's partner exceeds b.
        assert_eq!(lower(&n(618_033_988_749)), n(999_999_999_998));
        assert_eq!(s.outcome, Outcome::N);
        let moves: Vec<&str> = s.winning_moves.iter().map(|m| m.to.as_str()).collect();
        assert_eq!(moves, vec!["999999999998 1618033988747"]);
        assert_eq!(partner(&b), n(2_618_033_988_749));
        for m in &s.winning_moves {
            let parts: Vec<BigUint> = crate::testing::parse_heaps(&m.to);
            assert!(is_p_position(&parts[0], &parts[1]));
        }
    }

    proptest! {
        /// Partners are mutual and consistent with the P-test, for numbers of any size.
        #[test]
        fn partners_are_p_positions(x in 0u128..u128::MAX) {
            let x = BigUint::from(x);
            let y = partner(&x);
            prop_assert!(is_p_position(&x, &y));
            prop_assert_eq!(partner(&y), x);
        }

        /// Every listed move leads to a P-position, from any N-position.
        #[test]
        fn moves_lead_to_p(a in 0u64..u64::MAX, b in 0u64..u64::MAX) {
            let (a, b) = (n(a), n(b));
            let moves = winning_moves(&a, &b);
            prop_assert_eq!(moves.is_empty(), is_p_position(&a, &b));
            for (x, y) in moves {
                prop_assert!(is_p_position(&x, &y));
                prop_assert!(x <= a && y <= b);
            }
        }

        /// Every move is listed once, and the winning ones are among them.
        #[test]
        fn listed_moves_are_the_rules_moves(a in 0u64..12, b in 0u64..12) {
            let s = listing::with_options(solve(&n(a), &n(b)), |l| offer_moves(l, &n(a), &n(b)));
            let expected = Wythoff.options(&(a, b)).into_iter().map(|(x, y)| format!("{x} {y}"));
            listing::assert_lists_exactly(&s, expected.collect());
        }
    }
}
