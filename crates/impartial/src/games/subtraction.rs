//! Subtraction games (S-Nim): remove `s` stones from one heap for some `s` in a finite set
//! `S`; the Bash game (take 1..m) is `S = {1, …, m}` with the closed form `n mod (m+1)`.
//!
//! The Grundy sequence of a finite subtraction set is eventually periodic: each value depends
//! only on the `t = max S` values before it, so once a window of `t` values repeats, the
//! sequence repeats forever. [`SubtractionGame::periodicity`] finds the least period with
//! that certificate, which gives the value of heaps of any size.

use std::ops::ControlFlow;

use num_bigint::BigUint;
use num_traits::Zero;

use crate::games::take_text;
use crate::listing::{offer_heap_moves, smaller, with_winning_moves, OptionList};
use crate::periodicity::Periodicity;
use crate::solution::heaps_after;
use crate::solution::{heaps_text, nimber_notation, Fact, Solution, WinningMove};
use crate::{ImpartialError, Outcome};

use crate::heap::subtraction::{SubtractionGame, PERIOD_SEARCH_LIMIT};

/// Periods longer than this are summarised (their first and last few values) unless every
/// value is asked for.
pub const LISTED_PERIOD: usize = 100;
/// How many values a summarised period shows at each end.
const SUMMARY_ENDS: usize = 8;

/// The Grundy value of a heap of any size, from a certified period.
fn value_of(p: &Periodicity, values: &[u16], n: &BigUint) -> u64 {
    u64::from(values[p.reduce(n)])
}

/// Outcome, value, period and every winning move of a sum of heaps of a subtraction game.
///
/// A period longer than [`LISTED_PERIOD`] is summarised by its first and last values (facts
/// `period_values_first`, `period_values_last`) unless `all_values` asks for every one
/// (fact `period_values`, as for short periods).
pub fn solve(
    game: &SubtractionGame,
    heaps: &[BigUint],
    all_values: bool,
) -> Result<Solution, ImpartialError> {
    let (period, values) = game.periodicity(PERIOD_SEARCH_LIMIT)?;
    let grundy: Vec<u64> = heaps
        .iter()
        .map(|h| value_of(&period, &values, h))
        .collect();
    let total = grundy.iter().fold(0, |a, b| a ^ b);
    let mut moves = OptionList::default();
    if total != 0 {
        for (i, h) in heaps.iter().enumerate() {
            let target = grundy[i] ^ total;
            for &s in game.set() {
                if BigUint::from(s) > *h {
                    break;
                }
                let to = h - s;
                if value_of(&period, &values, &to) == target {
                    let _ = moves.offer(|| {
                        WinningMove::new(take_text(i, h, &to), heaps_after(heaps, i, &to))
                    });
                }
            }
        }
    }
    let set_text = join(game.set());
    let periodic = &values[period.preperiod..];
    let texts = |values: &[u16]| -> Vec<String> { values.iter().map(u16::to_string).collect() };
    let mut solution = Solution::new(
        "subtraction",
        heaps_text(heaps),
        Outcome::of_grundy_is_zero(total == 0),
    )
    .with_value(total)
    .fact("set", Fact::Text(set_text.clone()))
    .fact("preperiod", Fact::Count(period.preperiod as u64))
    .fact("period", Fact::Count(period.period as u64));
    // A long period is written out only when asked: two million values are megabytes.
    let summarised = periodic.len() > LISTED_PERIOD;
    let one_period = if summarised {
        let first = texts(&periodic[..SUMMARY_ENDS]);
        let last = texts(&periodic[periodic.len() - SUMMARY_ENDS..]);
        let text = format!(
            "{} … {} ({} values; {})",
            first.join(" "),
            last.join(" "),
            periodic.len(),
            if all_values {
                "every one in the period values"
            } else {
                "--values lists them all"
            }
        );
        if !all_values {
            solution = solution
                .fact("period_values_first", Fact::List(first))
                .fact("period_values_last", Fact::List(last));
        }
        text
    } else {
        texts(periodic).join(" ")
    };
    if all_values || !summarised {
        solution = solution.fact("period_values", Fact::List(texts(periodic)));
    }
    solution = solution
        .fact(
            "heap_values",
            Fact::List(
                grundy
                    .iter()
                    .map(|g| nimber_notation(&g.to_string()))
                    .collect(),
            ),
        )
        .note(format!(
            "subtraction set {{{set_text}}}: Grundy values are periodic with period {} from heap {} \
             (certified: each value depends only on the {} before it); one period: {one_period}",
            period.period,
            period.preperiod,
            game.max_subtraction(),
        ));
    solution = with_winning_moves(solution, moves);
    if heaps.len() > 1 {
        solution = solution.note(format!(
            "heap values {} combine by xor to {total}",
            grundy
                .iter()
                .map(|g| g.to_string())
                .collect::<Vec<_>>()
                .join(" ⊕ ")
        ));
    }
    Ok(solution)
}

/// Offers every move of a position of the subtraction game: heap by heap, the smallest
/// subtraction first.
pub fn offer_moves(
    list: &mut OptionList,
    game: &SubtractionGame,
    heaps: &[BigUint],
) -> ControlFlow<()> {
    // The set is sorted, so the subtractions that fit come first.
    let sizes = |h: &BigUint| {
        let h = h.clone();
        game.set()
            .iter()
            .map(|&s| BigUint::from(s))
            .take_while({
                let h = h.clone();
                move |s| *s <= h
            })
            .map(move |s| &h - s)
    };
    offer_heap_moves(list, heaps, sizes, take_text)
}

/// Offers every move of a position of the Bash game: heap by heap, one stone taken first.
pub fn offer_bash_moves(
    list: &mut OptionList,
    max: &BigUint,
    heaps: &[BigUint],
) -> ControlFlow<()> {
    offer_heap_moves(
        list,
        heaps,
        |h| {
            let (h, max) = (h.clone(), max.clone());
            smaller(&h).take_while(move |to| &h - to <= max)
        },
        take_text,
    )
}

/// The Bash game: heaps where a move takes 1 to `max` stones.
pub fn solve_bash(max: &BigUint, heaps: &[BigUint]) -> Result<Solution, ImpartialError> {
    if max.is_zero() {
        return Err(ImpartialError::InvalidInput(
            "--max must be at least 1 (a move takes 1 to max stones)".into(),
        ));
    }
    let modulus = max + 1u32;
    let grundy: Vec<BigUint> = heaps.iter().map(|h| h % &modulus).collect();
    let total = grundy.iter().fold(BigUint::zero(), |a, b| a ^ b);
    let mut moves = OptionList::default();
    if !total.is_zero() {
        for (i, h) in heaps.iter().enumerate() {
            let target = &grundy[i] ^ &total;
            if target > *max {
                continue;
            }
            // Taking k changes the value by -k mod (max+1): one residue class, one k ≤ max.
            let k = (&grundy[i] + &modulus - &target) % &modulus;
            if !k.is_zero() && k <= *h {
                let to = h - &k;
                let _ = moves
                    .offer(|| WinningMove::new(take_text(i, h, &to), heaps_after(heaps, i, &to)));
            }
        }
    }
    let solution = Solution::new(
        "bash",
        heaps_text(heaps),
        Outcome::of_grundy_is_zero(total.is_zero()),
    )
    .with_value(&total)
    .fact("max", Fact::Text(max.to_string()))
    .note(format!(
        "Bash game: a heap of n is worth n mod {modulus}; the values combine by xor"
    ));
    Ok(with_winning_moves(solution, moves))
}

fn join(set: &[u64]) -> String {
    set.iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::grundy_sequence;
    use crate::heap::subtraction::{MAX_SUBTRACTION, PERIOD_SEARCH_WORK};
    use crate::listing;
    use crate::solver::GrundySolver;
    use crate::testing::{big, heap_moves_text};
    use crate::ImpartialGame;
    use proptest::prelude::*;

    #[test]
    fn rejects_bad_sets() {
        assert!(SubtractionGame::new(vec![]).is_err());
        assert!(SubtractionGame::new(vec![0, 1]).is_err());
        assert!(SubtractionGame::new(vec![1 << 30]).is_err());
    }

    /// Ferguson, *Game Theory*, Part I, §3: the subtraction game S = {1, 2, 3} has
    /// g(n) = n mod 4; with every odd number allowed, g(n) = n mod 2.
    #[test]
    fn ferguson_subtraction_examples() {
        let take3 = SubtractionGame::new(vec![1, 2, 3]).unwrap();
        let (p, v) = take3.periodicity(1 << 16).unwrap();
        assert_eq!((p.preperiod, p.period), (0, 4));
        assert_eq!(v, vec![0, 1, 2, 3]);
        let odd = SubtractionGame::new((1..40).step_by(2).collect()).unwrap();
        let (p, v) = odd.periodicity(1 << 16).unwrap();
        assert_eq!((p.preperiod, p.period, v), (0, 2, vec![0, 1]));
    }

    /// S = {1,3,4}: Grundy values 0,1,0,1,2,3,2 repeating with period 7 (Ferguson,
    /// Game Theory Part I, §3 example).
    #[test]
    fn subtraction_134() {
        let g = SubtractionGame::new(vec![1, 3, 4]).unwrap();
        let (p, v) = g.periodicity(1 << 16).unwrap();
        assert_eq!((p.preperiod, p.period), (0, 7));
        assert_eq!(v, vec![0, 1, 0, 1, 2, 3, 2]);
        let s = solve(&g, &big(&[1_000_000_000_000]), false).unwrap();
        assert_eq!(
            s.value.as_deref(),
            Some(&*nimber_notation(
                &v[(1_000_000_000_000u64 % 7) as usize].to_string()
            ))
        );
    }

    /// S = {k}: g(n) = ⌊n/k⌋ mod 2, period 2k from heap 0. The largest set the limit allows,
    /// {2^20}, took 547 s (quadratic period search) and printed its 2,097,152 values twice;
    /// now the search is linear and the period is summarised unless every value is asked
    /// for.
    #[test]
    fn singleton_sets_are_found_fast_and_summarised() {
        let k = MAX_SUBTRACTION;
        let game = SubtractionGame::new(vec![k]).unwrap();
        let (p, v) = game.periodicity(PERIOD_SEARCH_LIMIT).unwrap();
        assert_eq!((p.preperiod, p.period), (0, 2 * k as usize));
        assert!(v
            .iter()
            .enumerate()
            .all(|(n, &x)| usize::from(x) == n / k as usize % 2));
        let heaps = big(&[10, 3 * k + 1]);
        let summary = solve(&game, &heaps, false).unwrap();
        let fact = |s: &Solution, name: &str| {
            s.facts
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, f)| f.clone())
        };
        assert_eq!(fact(&summary, "period_values"), None);
        assert_eq!(
            fact(&summary, "period_values_first"),
            Some(Fact::List(vec!["0".to_string(); SUMMARY_ENDS]))
        );
        assert_eq!(
            fact(&summary, "period_values_last"),
            Some(Fact::List(vec!["1".to_string(); SUMMARY_ENDS]))
        );
        assert!(summary.notes[0].len() < 300, "{}", summary.notes[0]);
        // Heap 3k + 1 is in the second run of ones: value 1; heap 10 is worth 0.
        assert_eq!(summary.value.as_deref(), Some("*"));
        let all = solve(&game, &heaps, true).unwrap();
        assert!(
            matches!(fact(&all, "period_values"), Some(Fact::List(l)) if l.len() == 2 * k as usize)
        );
        assert_eq!(
            (all.outcome, all.winning_moves),
            (summary.outcome, summary.winning_moves)
        );
    }

    /// The period search of a large set is bounded by moves, not only heaps: 4096 elements
    /// reach 2^20 heaps, and a set with no period there is refused.
    #[test]
    fn large_sets_search_a_bounded_number_of_moves() {
        let set: Vec<u64> = (1..=4096).map(|s| s * 256).collect();
        let game = SubtractionGame::new(set).unwrap();
        let reach = game.search_reach(PERIOD_SEARCH_LIMIT);
        assert_eq!(reach as u64 * 4096, PERIOD_SEARCH_WORK);
        let small = SubtractionGame::new(vec![1, 3, 4]).unwrap();
        assert_eq!(small.search_reach(PERIOD_SEARCH_LIMIT), PERIOD_SEARCH_LIMIT);
        let err = small.periodicity(3).unwrap_err();
        assert!(matches!(
            err,
            ImpartialError::PositionLimit { limit: 3, .. }
        ));
    }

    /// Bash game: the player to move loses iff n mod (m+1) = 0 (Ferguson, *Game Theory*,
    /// Part I, §1: the take-away game with S = {1, …, m}).
    #[test]
    fn bash_closed_form() {
        let s = solve_bash(&BigUint::from(3u32), &big(&[10])).unwrap();
        assert_eq!(s.outcome, Outcome::N);
        assert_eq!(
            s.winning_moves[0].description,
            "take 2 from heap 1 (10 → 8)"
        );
        assert_eq!(
            solve_bash(&BigUint::from(3u32), &big(&[12]))
                .unwrap()
                .outcome,
            Outcome::P
        );
        assert!(solve_bash(&BigUint::zero(), &big(&[1])).is_err());
    }

    proptest! {
        /// The fast sequence equals the memoised solver and the generic heap engine.
        #[test]
        fn sequence_matches_solver(set in proptest::collection::btree_set(1u64..12, 1..6)) {
            let game = SubtractionGame::new(set.into_iter().collect()).unwrap();
            let fast = game.sequence(80);
            let generic = grundy_sequence(&game, 80);
            let mut solver = GrundySolver::new(&game);
            for n in 0..80u64 {
                prop_assert_eq!(u64::from(fast[n as usize]), solver.grundy(&n).unwrap());
                prop_assert_eq!(u64::from(fast[n as usize]), generic[n as usize]);
            }
        }

        /// Large sets take the general mex path; it must agree with the small-set path's
        /// definition, checked here by the solver.
        #[test]
        fn large_sets_match_solver(set in proptest::collection::btree_set(1u64..200, 64..90)) {
            let game = SubtractionGame::new(set.into_iter().collect()).unwrap();
            let fast = game.sequence(300);
            let mut solver = GrundySolver::new(&game);
            for n in 0..300u64 {
                prop_assert_eq!(u64::from(fast[n as usize]), solver.grundy(&n).unwrap());
            }
        }

        /// The certified period predicts values far beyond the ones it was found from.
        #[test]
        fn period_predicts_later_values(set in proptest::collection::btree_set(1u64..10, 1..5)) {
            let game = SubtractionGame::new(set.into_iter().collect()).unwrap();
            let (p, _) = game.periodicity(1 << 20).unwrap();
            let long = game.sequence(20_000);
            for n in (0..20_000).step_by(7) {
                prop_assert_eq!(long[n], long[p.reduce(&BigUint::from(n))]);
            }
        }

        /// Bash's closed form is the subtraction game {1..m}.
        #[test]
        fn listed_moves_are_the_rules_moves(
            set in proptest::collection::btree_set(1u64..8, 1..4),
            heaps in proptest::collection::vec(0u64..12, 1..4),
        ) {
            let g = SubtractionGame::new(set.into_iter().collect()).unwrap();
            let s = listing::with_options(solve(&g, &big(&heaps), false).unwrap(), |l| {
                offer_moves(l, &g, &big(&heaps))
            });
            listing::assert_lists_exactly(&s, heap_moves_text(&heaps, |h| g.options(&h)));
        }

        #[test]
        fn listed_bash_moves_are_the_rules_moves(
            m in 1u64..6,
            heaps in proptest::collection::vec(0u64..12, 1..4),
        ) {
            let s = listing::with_options(solve_bash(&BigUint::from(m), &big(&heaps)).unwrap(), |l| {
                offer_bash_moves(l, &BigUint::from(m), &big(&heaps))
            });
            let take = |h: u64| (h.saturating_sub(m)..h).rev().collect();
            listing::assert_lists_exactly(&s, heap_moves_text(&heaps, take));
        }

        #[test]
        fn bash_matches_subtraction(m in 1u64..8, heaps in proptest::collection::vec(0u64..40, 1..4)) {
            let game = SubtractionGame::new((1..=m).collect()).unwrap();
            let via_set = solve(&game, &big(&heaps), false).unwrap();
            let closed = solve_bash(&BigUint::from(m), &big(&heaps)).unwrap();
            prop_assert_eq!(via_set.value, closed.value);
            prop_assert_eq!(via_set.winning_moves, closed.winning_moves);
        }
    }
}
