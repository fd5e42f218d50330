//! Fibonacci Nim (Whinihan 1963): one heap of n; the first move takes 1..n−1 stones, every
//! later move takes at least 1 and at most twice the previous move; taking the last stone
//! wins. A position is (n, m) with m the most the mover may take. The player to move wins iff
//! the smallest term of n's Zeckendorf representation is at most m; removing that term is a
//! winning move. From the start (m = n − 1) the first player loses iff n is a Fibonacci
//! number.

use std::ops::ControlFlow;

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

use crate::listing::OptionList;
use crate::solution::{Fact, Solution, WinningMove};
use crate::{mex, ImpartialError, Outcome};

/// Winning moves are enumerated exhaustively when at most this many takes are allowed.
pub const ENUMERATION_LIMIT: u64 = 20_000;
/// Grundy values are tabulated for heaps up to this size.
pub const VALUE_LIMIT: u64 = 2_000;

/// The most Zeckendorf terms a solution lists; beyond, their number and the smallest.
pub const LISTED_TERMS: usize = 32;

/// The Zeckendorf representation of n: non-consecutive Fibonacci numbers (from 1, 2, 3, 5,
/// …) summing to n, largest first.
pub fn zeckendorf(n: &BigUint) -> Vec<BigUint> {
    let mut fibs = vec![BigUint::one(), BigUint::from(2u32)];
    while fibs[fibs.len() - 1] <= *n {
        let next = &fibs[fibs.len() - 1] + &fibs[fibs.len() - 2];
        fibs.push(next);
    }
    let mut rest = n.clone();
    let mut terms = Vec::new();
    for f in fibs.iter().rev() {
        if *f <= rest {
            rest -= f;
            terms.push(f.clone());
        }
    }
    terms
}

/// Whether the player to move wins at (n, m).
pub fn next_player_wins(n: &BigUint, max_take: &BigUint) -> bool {
    zeckendorf(n).last().is_some_and(|z| z <= max_take)
}

/// Grundy values `G(n, m)` for `n ≤ limit` and `m ≤ n` (a larger `m` is the same as `n`).
pub fn grundy_table(limit: usize) -> Vec<Vec<u64>> {
    let mut table: Vec<Vec<u64>> = Vec::with_capacity(limit + 1);
    for n in 0..=limit {
        let mut row = vec![0u64; n + 1];
        let mut options = Vec::with_capacity(n);
        for (m, slot) in row.iter_mut().enumerate().skip(1) {
            let rest = n - m;
            options.push(table[rest][(2 * m).min(rest)]);
            *slot = mex(options.iter().copied());
        }
        table.push(row);
    }
    table
}

/// Taking `t` from a heap of `n`, in words; the position after it is (n − t, min(2t, n − t)).
fn describe(n: &BigUint, t: &BigUint) -> WinningMove {
    let rest = n - t;
    WinningMove::new(
        format!(
            "take {t} ({n} → {rest}); the opponent may then take up to {}",
            t * 2u32
        ),
        format!("{rest} {}", (t * 2u32).min(rest.clone())),
    )
}

/// Offers every move of (n, m): take 1, 2, … up to m (or the whole heap).
pub fn offer_moves(list: &mut OptionList, n: &BigUint, max_take: &BigUint) -> ControlFlow<()> {
    let mut t = BigUint::one();
    while t <= *max_take && t <= *n {
        list.offer(|| describe(n, &t))?;
        t += 1u32;
    }
    ControlFlow::Continue(())
}

/// The most the player to move may take at `n` with `max_take` given or not: the opening
/// rule (n − 1) when not.
pub fn max_take_or_opening(n: &BigUint, max_take: Option<&BigUint>) -> BigUint {
    match max_take {
        Some(m) => m.clone(),
        None if n.is_zero() => BigUint::zero(),
        None => n - 1u32,
    }
}

/// Outcome, winning moves and (for small heaps) the Grundy value of (n, m); `max_take`
/// defaults to the opening rule m = n − 1.
pub fn solve(n: &BigUint, max_take: Option<&BigUint>) -> Result<Solution, ImpartialError> {
    let m = max_take_or_opening(n, max_take);
    if max_take.is_some() && m.is_zero() && !n.is_zero() {
        return Err(ImpartialError::InvalidInput(
            "--max-take must be at least 1".into(),
        ));
    }
    let limit = (&m).min(n).clone();
    let wins = next_player_wins(n, &m);
    let terms = zeckendorf(n);
    let mut moves = Vec::new();
    let complete = limit <= BigUint::from(ENUMERATION_LIMIT);
    let take_move = |t: &BigUint| describe(n, t);
    if wins {
        if complete {
            let mut t = BigUint::one();
            while t <= limit {
                let rest = n - &t;
                if rest.is_zero() || !next_player_wins(&rest, &(&t * 2u32)) {
                    moves.push(take_move(&t));
                }
                t += 1u32;
            }
        } else if let Some(z) = terms.last() {
            moves.push(take_move(z));
        }
    }
    let mut s = Solution::new(
        "fibonacci-nim",
        format!("{n} {m}"),
        Outcome::from_next_player_wins(wins),
    )
    .fact("max_take", Fact::Text(m.to_string()));
    // A number of thousands of digits is a sum of thousands of Fibonacci numbers of as many
    // digits: listed whole, that is a hundred megabytes. Past a few terms, their count and
    // the smallest (the one the rule looks at) are what is printed.
    s = if terms.len() <= LISTED_TERMS {
        let zeck_text = terms
            .iter()
            .map(|t| t.to_string())
            .collect::<Vec<_>>()
            .join(" + ");
        s.fact(
            "zeckendorf",
            Fact::List(terms.iter().map(|t| t.to_string()).collect()),
        )
        .note(format!(
            "Zeckendorf: {n} = {}; the player to move wins iff the smallest term is at most {m}",
            if zeck_text.is_empty() {
                "0".to_string()
            } else {
                zeck_text
            }
        ))
    } else {
        let smallest = terms.last().map_or_else(String::new, ToString::to_string);
        s.fact("zeckendorf_terms", Fact::Count(terms.len() as u64))
            .fact("zeckendorf_smallest", Fact::Text(smallest.clone()))
            .note(format!(
                "Zeckendorf: {n} is a sum of {} non-consecutive Fibonacci numbers, the smallest \
                 {smallest}; the player to move wins iff the smallest term is at most {m}",
                terms.len()
            ))
    };
    s = s.moves(moves, complete || !wins);
    if !complete && wins {
        s = s.note("many takes are legal: the canonical winning move (the smallest Zeckendorf term) is shown");
    }
    if let (Some(nn), Some(mm)) = (n.to_u64(), limit.to_u64()) {
        if nn <= VALUE_LIMIT {
            let table = grundy_table(nn as usize);
            s = s.with_value(table[nn as usize][mm as usize]);
        }
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::listing;

    /// The Grundy table is the plain definition; the Zeckendorf rule must match it.
    #[test]
    fn zeckendorf_rule_matches_table() {
        let table = grundy_table(150);
        for (n, row) in table.iter().enumerate() {
            for (m, &value) in row.iter().enumerate().take(n + 1) {
                let rule = next_player_wins(&BigUint::from(n), &BigUint::from(m));
                assert_eq!(rule, value != 0, "n={n} m={m}");
            }
        }
    }

    /// Every take the rules allow is listed once, from the opening and from later positions.
    #[test]
    fn listed_moves_are_the_rules_moves() {
        for n in 0..=20u64 {
            for m in [None, Some(1u64), Some(2), Some(5), Some(30)] {
                let (big_n, big_m) = (BigUint::from(n), m.map(BigUint::from));
                let solved = solve(&big_n, big_m.as_ref()).unwrap();
                let limit = max_take_or_opening(&big_n, big_m.as_ref());
                let s = listing::with_options(solved, |l| offer_moves(l, &big_n, &limit));
                let most = m.unwrap_or(n.saturating_sub(1)).min(n);
                let expected = (1..=most).map(|t| format!("{} {}", n - t, (2 * t).min(n - t)));
                listing::assert_lists_exactly(&s, expected.collect());
            }
        }
    }

    /// Losing starting heaps in 2..90 are exactly the Fibonacci numbers (Whinihan).
    #[test]
    fn losing_starts_are_fibonacci() {
        let losing: Vec<u64> = (2..=90u64)
            .filter(|&n| {
                let s = solve(&BigUint::from(n), None).unwrap();
                s.outcome == Outcome::P
            })
            .collect();
        assert_eq!(losing, vec![2, 3, 5, 8, 13, 21, 34, 55, 89]);
    }

    #[test]
    fn moves_lead_to_losing_positions() {
        for n in 2..=120u64 {
            let s = solve(&BigUint::from(n), None).unwrap();
            for mv in &s.winning_moves {
                let parts: Vec<BigUint> = crate::testing::parse_heaps(&mv.to);
                assert!(parts[0].is_zero() || !next_player_wins(&parts[0], &parts[1]));
            }
            assert_eq!(s.winning_moves.is_empty(), s.outcome == Outcome::P);
        }
        let huge: BigUint = "1000000000000000000000".parse().unwrap();
        let s = solve(&huge, None).unwrap();
        assert_eq!(s.winning_moves.len(), 1);
        assert!(zeckendorf(&huge).iter().fold(BigUint::zero(), |a, b| a + b) == huge);
    }

    /// A number of a thousand digits is a sum of over a thousand Fibonacci numbers: the
    /// solution gives their number and the smallest, not the list (which grows with the
    /// square of the digits), and the winning move still takes the smallest term.
    #[test]
    fn long_representations_are_summarised() {
        let n: BigUint = "7".repeat(1000).parse().unwrap();
        let terms = zeckendorf(&n);
        assert!(terms.len() > LISTED_TERMS);
        let s = solve(&n, None).unwrap();
        let fact = |name: &str| s.facts.iter().find(|(k, _)| k == name).map(|(_, f)| f);
        assert!(fact("zeckendorf").is_none());
        assert_eq!(
            fact("zeckendorf_terms"),
            Some(&Fact::Count(terms.len() as u64))
        );
        let smallest = terms.last().unwrap();
        assert_eq!(
            fact("zeckendorf_smallest"),
            Some(&Fact::Text(smallest.to_string()))
        );
        assert!(s.winning_moves[0]
            .description
            .starts_with(&format!("take {smallest} ")));
        // Short ones are still listed in full.
        let s = solve(&BigUint::from(1000u32), None).unwrap();
        assert_eq!(
            s.facts
                .iter()
                .find(|(k, _)| k == "zeckendorf")
                .map(|(_, f)| f),
            Some(&Fact::List(vec!["987".into(), "13".into()]))
        );
    }
}
