//! A position of a heap game — a list of heaps — solved: outcome, value and every winning
//! move, in normal play (values from the game's sequence engine, combined by xor) or in
//! misère play (an exhaustive search of sums, [`super::genus`]).

use std::ops::ControlFlow;

use super::catalog::HeapGame;
use super::genus::{Genus, GenusSearch, DEFAULT_GENUS_LIMIT};
use super::quotient::monoid::word_text;
use super::quotient::solver::QuotientLimits;
use super::quotient::MisereQuotient;
use super::sequence::HeapSequence;
use super::HeapRule;
use crate::listing::OptionList;
use crate::solution::{heaps_text, nimber_notation, Fact, Solution, WinningMove};
use crate::{ImpartialError, Outcome};
use conway_core::Progress;

/// The largest heap `conway solve heap` accepts (every option of it is listed).
pub const MAX_SOLVE_HEAP: u64 = 1_000_000;

/// At most this many winning moves are listed; the answer says when there are more.
pub const MAX_LISTED_MOVES: usize = 100;

/// How moves are worded: Kayles knocks down pins from rows, other games remove tokens from
/// heaps.
#[derive(Clone, Copy, Debug)]
pub struct Wording {
    /// What a heap is called ("heap", "row").
    pub heap: &'static str,
    /// What its units are called ("token", "pin").
    pub token: &'static str,
    /// What a move does to them ("remove", "knock down").
    pub verb: &'static str,
}

/// Heaps of tokens.
pub const HEAPS: Wording = Wording {
    heap: "heap",
    token: "token",
    verb: "remove",
};

/// Rows of pins (Kayles and its relatives).
pub const ROWS: Wording = Wording {
    heap: "row",
    token: "pin",
    verb: "knock down",
};

/// Every move of the position: (heap index, what that heap becomes). The rules list each
/// option of a heap once, its parts in increasing order.
fn moves(game: &HeapGame, heaps: &[u64]) -> Vec<(usize, Vec<u64>)> {
    let mut out = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        out.extend(game.heap_options(h).into_iter().map(|parts| (i, parts)));
    }
    out
}

/// The winning moves of a position: the moves `wins(heap index, parts left)` accepts.
/// Stops after [`MAX_LISTED_MOVES`] + 1, so that a position with many winning moves costs
/// no more than needed to say there are more; the flag says whether the list is complete.
/// Each option is visited once, not built: the work is linear in the options looked at
/// (returned too, for the tests).
fn winning_moves(
    game: &HeapGame,
    heaps: &[u64],
    mut wins: impl FnMut(usize, &[u64]) -> bool,
    w: Wording,
) -> (Vec<WinningMove>, bool, u64) {
    let mut winning = Vec::new();
    let mut complete = true;
    let mut visited = 0u64;
    for (i, &h) in heaps.iter().enumerate() {
        let flow = game.visit_options(h, &mut |parts| {
            visited += 1;
            if wins(i, parts) {
                if winning.len() == MAX_LISTED_MOVES {
                    complete = false;
                    return ControlFlow::Break(());
                }
                winning.push(describe(game, heaps, i, parts, w));
            }
            ControlFlow::Continue(())
        });
        if flow.is_break() {
            break;
        }
    }
    (winning, complete, visited)
}

/// The winning moves of a normal-play position whose heaps have Grundy values `values`
/// (from `g`) and xor `total`: a move is winning when the parts it leaves are worth the
/// xor of the other heaps.
fn normal_winning_moves(
    game: &HeapGame,
    heaps: &[u64],
    values: &[u64],
    total: u64,
    g: impl Fn(u64) -> u64,
    w: Wording,
) -> (Vec<WinningMove>, bool, u64) {
    if total == 0 {
        return (Vec::new(), true, 0);
    }
    winning_moves(
        game,
        heaps,
        |i, parts| parts.iter().fold(values[i] ^ total, |acc, &p| acc ^ g(p)) == 0,
        w,
    )
}

/// Offers every move of `heaps` in the order the game offers them, heap by heap: what a
/// person picks from to play the position.
pub fn offer_moves(
    list: &mut OptionList,
    game: &HeapGame,
    heaps: &[u64],
    w: Wording,
) -> ControlFlow<()> {
    for (i, &h) in heaps.iter().enumerate() {
        game.visit_options(h, &mut |parts| {
            list.offer(|| describe(game, heaps, i, parts, w))
        })?;
    }
    ControlFlow::Continue(())
}

/// The position after heap `i` becomes `parts`; a cleared heap stays as 0 so that heap
/// numbers keep their meaning.
pub fn after(heaps: &[u64], i: usize, parts: &[u64]) -> Vec<u64> {
    let mut next = heaps.to_vec();
    next.splice(
        i..=i,
        if parts.is_empty() {
            vec![0]
        } else {
            parts.to_vec()
        },
    );
    next
}

fn describe(game: &HeapGame, heaps: &[u64], i: usize, parts: &[u64], w: Wording) -> WinningMove {
    let h = heaps[i];
    let left = match parts {
        [] => "nothing".to_string(),
        [a] => format!("a {} of {a}", w.heap),
        more => format!("{}s of {}", w.heap, and_list(more)),
    };
    let Some(removed) = game.tokens_taken(h, parts) else {
        return WinningMove::new(
            format!("replace {} {} of {h} by {left}", w.heap, i + 1),
            heaps_text(&after(heaps, i, parts)),
        );
    };
    let what = if removed == 0 {
        format!("split {} {} of {h}", w.heap, i + 1)
    } else {
        format!(
            "{} {removed} {}{} from {} {} of {h}",
            w.verb,
            w.token,
            if removed == 1 { "" } else { "s" },
            w.heap,
            i + 1
        )
    };
    WinningMove::new(
        format!("{what}, leaving {left}"),
        heaps_text(&after(heaps, i, parts)),
    )
}

fn and_list(parts: &[u64]) -> String {
    match parts {
        [init @ .., last] if !init.is_empty() => format!("{} and {last}", heaps_text(init)),
        _ => heaps_text(parts),
    }
}

fn check_heaps(game: &HeapGame, heaps: &[u64]) -> Result<u64, ImpartialError> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let limit = MAX_SOLVE_HEAP.min(game.max_heap() as u64 - 1);
    if largest > limit {
        return Err(ImpartialError::too_large(
            format!("a heap of {}", game.described()),
            largest,
            limit,
        ));
    }
    Ok(largest)
}

/// Keeps at most [`MAX_LISTED_MOVES`]; the flag says whether the list is complete.
fn listed(mut moves: Vec<WinningMove>) -> (Vec<WinningMove>, bool) {
    let complete = moves.len() <= MAX_LISTED_MOVES;
    moves.truncate(MAX_LISTED_MOVES);
    (moves, complete)
}

/// Normal play: outcome, value and the winning moves of a sum of heaps. The values of the
/// heaps up to the largest come from [`HeapSequence`], which reports to `progress` and
/// stops when it asks (a code the rare/common method does not suit takes minutes to a
/// million heaps, estimated before: [`HeapSequence::extend_to`]).
pub fn solve(
    name: &str,
    game: &HeapGame,
    heaps: &[u64],
    w: Wording,
    progress: &dyn Progress,
) -> Result<Solution, ImpartialError> {
    solve_counted(name, game, heaps, w, progress).map(|(solution, _)| solution)
}

/// [`solve`], with the number of options it looked at for winning moves.
fn solve_counted(
    name: &str,
    game: &HeapGame,
    heaps: &[u64],
    w: Wording,
    progress: &dyn Progress,
) -> Result<(Solution, u64), ImpartialError> {
    let largest = check_heaps(game, heaps)?;
    // The game's fastest engine (rare/common for codes), as `conway grundy` runs it.
    let mut sequence = HeapSequence::new(game);
    sequence.extend_to(largest as usize + 1, progress)?;
    let g = |h: u64| sequence.get(h as usize).unwrap_or(0);
    let values: Vec<u64> = heaps.iter().map(|&h| g(h)).collect();
    let total = values.iter().fold(0, |a, b| a ^ b);
    let (winning, complete, visited) = normal_winning_moves(game, heaps, &values, total, g, w);
    let terms: Vec<String> = values.iter().map(u64::to_string).collect();
    let solution = Solution::new(
        name,
        heaps_text(heaps),
        Outcome::of_grundy_is_zero(total == 0),
    )
    .with_value(total)
    .fact("code", Fact::Text(game.name()))
    .fact(
        &format!("{}_values", w.heap),
        Fact::List(terms.iter().map(|v| nimber_notation(v)).collect()),
    )
    .note(format!(
        "{} {}: {} values {} combine by xor",
        game_kind(game),
        game.name(),
        w.heap,
        terms.join(" ⊕ ")
    ))
    .moves(winning, complete);
    Ok((solution, visited))
}

fn game_kind(game: &HeapGame) -> &'static str {
    match game {
        HeapGame::Code(_) => "octal game",
        HeapGame::AllBut(g) if g.splits() => "take-and-break game",
        HeapGame::Subtraction(_) | HeapGame::AllBut(_) => "subtraction game",
        HeapGame::Grundy | HeapGame::Lasker => "heap game",
        HeapGame::Spawning(_) => "spawning game",
    }
}

/// The bounds on the misère quotient a position is solved from: about two seconds at most
/// on one core (then the answer comes from search, [`GenusSearch`]).
pub const SOLVE_QUOTIENT_LIMITS: QuotientLimits = QuotientLimits {
    candidates: 500,
    elements: 1_000_000,
    work_per_heap: 100_000_000,
    work: 100_000_000,
};

/// The search for a position's genus beside an answer from the quotient: small, so that the
/// genus is shown when it is cheap (positions stored, moves looked at, and the largest heap,
/// whose options are all listed at once).
const GENUS_BESIDE_QUOTIENT: (usize, u64, u64) = (20_000, 1 << 20, 1024);

/// Misère play: outcome and winning moves of a sum of heaps, from the game's misère
/// quotient when it is found within [`SOLVE_QUOTIENT_LIMITS`] — the quotient of the heaps
/// up to the largest, or the whole game's once its period is certified, which answers
/// heaps of any size — else from an exhaustive search of genera. `progress` hears while
/// the quotient is computed and may stop it.
pub fn solve_misere(
    name: &str,
    game: &HeapGame,
    heaps: &[u64],
    w: Wording,
    progress: &dyn Progress,
) -> Result<Solution, ImpartialError> {
    let largest = check_heaps(game, heaps)?;
    let quotient =
        MisereQuotient::compute(game, largest as usize, SOLVE_QUOTIENT_LIMITS, progress)?;
    match quotient.position_image(heaps) {
        Some(element) => Ok(from_quotient(name, game, heaps, &quotient, element, w)),
        None => misere_by_search(name, game, heaps, w, &quotient),
    }
}

fn misere_solution(name: &str, game: &HeapGame, heaps: &[u64], lost: bool) -> Solution {
    Solution::new(name, heaps_text(heaps), Outcome::of_grundy_is_zero(lost))
        .fact("code", Fact::Text(game.name()))
        .fact("play", Fact::Text("misère".into()))
}

/// The position's facts that need no quotient: its genus when a small search finds it, and
/// its misère canonical form when it is small.
fn misere_facts(
    mut solution: Solution,
    game: &HeapGame,
    heaps: &[u64],
    genus: Option<Genus>,
) -> Solution {
    if let Some(genus) = genus {
        solution = solution
            .fact("misere_value", Fact::Text(genus.misere_value().to_string()))
            .fact("genus", Fact::Text(genus.to_string()));
    }
    if let Some(form) = super::forms::position_form_text(game, heaps) {
        solution = solution.fact("misere_form", Fact::Text(form));
    }
    solution
}

fn from_quotient(
    name: &str,
    game: &HeapGame,
    heaps: &[u64],
    quotient: &MisereQuotient,
    element: u32,
    w: Wording,
) -> Solution {
    let q = quotient.pretension();
    let monoid = &q.monoid;
    let others = quotient
        .others(heaps)
        .expect("heaps no larger than the position's");
    let lost = q.p[element as usize];
    let (winning, complete, _) = if lost {
        (Vec::new(), true, 0)
    } else {
        winning_moves(
            game,
            heaps,
            |i, parts| quotient.loses_after(others[i], parts) == Some(true),
            w,
        )
    };
    let (positions, moves, largest) = GENUS_BESIDE_QUOTIENT;
    let genus = heaps
        .iter()
        .all(|&h| h <= largest)
        .then(|| {
            GenusSearch::with_moves(game, positions, moves)
                .genus(heaps)
                .ok()
        })
        .flatten();
    let whose = match quotient.period() {
        Some(p) => format!(
            "the whole game's (Φ has period {} from heap {})",
            p.period, p.preperiod
        ),
        None => format!(
            "of heaps 0..{}, enough for this position (the whole game's is not known)",
            quotient.computed_to()
        ),
    };
    let order = monoid.size();
    let p_order = q.p.iter().filter(|&&b| b).count();
    let word = word_text(monoid.word(element));
    misere_facts(misere_solution(name, game, heaps, lost), game, heaps, genus)
        .fact(
            "quotient",
            Fact::Text(format!("|Q| = {order}, |P| = {p_order}, {whose}")),
        )
        .fact("element", Fact::Text(word.clone()))
        .note(format!(
            "misère play, from the misère quotient: the position is the element {word}, {} the \
             P-portion (in P, the player to move loses)",
            if lost { "in" } else { "not in" }
        ))
        .moves(winning, complete)
}

/// Misère play by exhaustive search of genera, when the quotient was not found.
fn misere_by_search(
    name: &str,
    game: &HeapGame,
    heaps: &[u64],
    w: Wording,
    quotient: &MisereQuotient,
) -> Result<Solution, ImpartialError> {
    // A search that gives up says how far the quotient went too.
    let reached = |hint: String| {
        format!(
            "{hint} (the misère quotient was found only to heap {})",
            quotient.computed_to()
        )
    };
    let reach = |e: ImpartialError| match e {
        ImpartialError::MoveLimit { limit, unit, hint } => ImpartialError::MoveLimit {
            limit,
            unit,
            hint: reached(hint),
        },
        ImpartialError::PositionLimit { limit, hint } => ImpartialError::PositionLimit {
            limit,
            hint: reached(hint),
        },
        e => e,
    };
    let mut search = GenusSearch::new(game, DEFAULT_GENUS_LIMIT);
    let genus = search.genus(heaps).map_err(reach)?;
    let lost = genus.misere_value() == 0;
    let mut winning = Vec::new();
    if !lost {
        for (i, parts) in moves(game, heaps) {
            if search
                .genus(&after(heaps, i, &parts))
                .map_err(reach)?
                .misere_value()
                == 0
            {
                winning.push(describe(game, heaps, i, &parts, w));
            }
        }
    }
    let (winning, complete) = listed(winning);
    let note = format!(
        "misère play, searched over {} positions: the value is the misère Grundy value γ0 of \
         the genus {genus} (0 means the player to move loses); the misère quotient was found \
         only to heap {}",
        search.positions(),
        quotient.computed_to()
    );
    let solution = misere_solution(name, game, heaps, lost);
    Ok(misere_facts(solution, game, heaps, Some(genus))
        .note(note)
        .moves(winning, complete))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::HeapSum;
    use crate::solver::{GrundySolver, MisereSolver};
    use crate::testing::{parse_heaps, sorted_unique};
    use conway_core::NoProgress;
    use proptest::prelude::*;

    fn reached(s: &Solution) -> Vec<Vec<u64>> {
        sorted_unique(
            s.winning_moves
                .iter()
                .map(|m| HeapSum::<HeapGame>::position(&parse_heaps(&m.to)))
                .collect(),
        )
    }

    proptest! {
        /// Outcomes and winning moves equal a search of the whole sum, in normal and misère
        /// play, for codes, subtraction sets and splitting games.
        #[test]
        fn moves_match_search(
            heaps in proptest::collection::vec(0u64..8, 1..4),
            code in proptest::sample::select(vec!["0.77", "0.07", "0.137", "4.07", "S(1,3,4)", "allbut(2)", "grundy", "lasker"]),
        ) {
            let game = HeapGame::parse(code).unwrap();
            let sum = HeapSum(game.clone());
            let root = HeapSum::<HeapGame>::position(&heaps);

            let normal = solve(code, &game, &heaps, HEAPS, &NoProgress).unwrap();
            let mut solver = GrundySolver::new(&sum);
            prop_assert_eq!(normal.outcome == Outcome::P, solver.grundy(&root).unwrap() == 0);
            prop_assert_eq!(reached(&normal), sorted_unique(solver.winning_options(&root).unwrap()));

            let misere = solve_misere(code, &game, &heaps, HEAPS, &NoProgress).unwrap();
            let mut solver = MisereSolver::new(&sum);
            prop_assert_eq!(misere.outcome, solver.outcome(&root).unwrap());
            prop_assert_eq!(reached(&misere), sorted_unique(solver.winning_options(&root).unwrap()));
        }
    }

    /// Each rule lists every option once, parts in increasing order (what the move lists
    /// rely on instead of removing duplicates), and visits them in the listed order.
    #[test]
    fn options_are_listed_once_in_order() {
        for code in [
            "0.77",
            "0.137",
            "4.07",
            "0.F",
            "4.8F",
            "S(1,3,4)",
            "allbut(2)",
            "grundy",
            "lasker",
        ] {
            let game = HeapGame::parse(code).unwrap();
            for n in 0..30 {
                let options = game.heap_options(n);
                assert!(
                    options.iter().all(|o| o.windows(2).all(|w| w[0] <= w[1])),
                    "{code} {n}"
                );
                assert_eq!(
                    sorted_unique(options.clone()).len(),
                    options.len(),
                    "{code} {n}"
                );
                let mut visited = Vec::new();
                let _ = game.visit_options(n, &mut |parts| {
                    visited.push(parts.to_vec());
                    ControlFlow::Continue(())
                });
                assert_eq!(visited, options, "{code} {n}");
            }
        }
    }

    /// The winning moves of Kayles rows of 100,000 cost one visit per option (the list was
    /// deduplicated by a linear search per option before: quadratic, 14 s), and a listing
    /// stops once it knows there are more than [`MAX_LISTED_MOVES`].
    #[test]
    fn winning_moves_cost_one_visit_per_option() {
        let kayles = HeapGame::parse("kayles").unwrap();
        let n = 100_000u64;
        let options = kayles.heap_options(n).len() as u64;
        let (s, visited) = solve_counted("kayles", &kayles, &[n], ROWS, &NoProgress).unwrap();
        assert_eq!(s.outcome, Outcome::N);
        // A single row wins by every split into two equal-valued rows: thousands of them,
        // so the listing stops at the 101st winner, before the last option.
        assert!(!s.all_winning_moves);
        assert_eq!(s.winning_moves.len(), MAX_LISTED_MOVES);
        assert!(visited < options, "{visited} of {options}");
        let g =
            crate::heap::fast::octal_sequence(&crate::heap::octal::OctalGame::kayles(), n as usize)
                .unwrap();
        for m in &s.winning_moves {
            let after = parse_heaps(&m.to);
            let total = after
                .iter()
                .fold(0u32, |a, &h: &u64| a ^ g.get(h as usize).unwrap());
            assert_eq!(total, 0, "{}", m.description);
        }
    }

    #[test]
    fn describes_moves() {
        // A row of 3: only knocking down the middle pin leaves a P-position (*1 + *1).
        let kayles = HeapGame::parse("kayles").unwrap();
        let s = solve("kayles", &kayles, &[3], ROWS, &NoProgress).unwrap();
        let texts: Vec<_> = s
            .winning_moves
            .iter()
            .map(|m| m.description.as_str())
            .collect();
        assert_eq!(
            texts,
            vec!["knock down 1 pin from row 1 of 3, leaving rows of 1 and 1"]
        );
        assert_eq!(s.winning_moves[0].to, "1 1");
        // Grundy's game splits without removing.
        let s = solve("grundy", &HeapGame::Grundy, &[5], HEAPS, &NoProgress).unwrap();
        assert_eq!(
            s.winning_moves[0].description,
            "split heap 1 of 5, leaving heaps of 1 and 4"
        );
        assert!(solve("kayles", &kayles, &[MAX_SOLVE_HEAP + 1], ROWS, &NoProgress).is_err());
    }

    proptest::proptest! {
        /// Every move is listed once per way the game offers it, and a listed move wins
        /// exactly when the position it leaves is a P-position: the winning moves are the
        /// listed moves whose result `solve` calls lost for the mover.
        #[test]
        fn options_hold_exactly_the_winning_moves(
            code in proptest::sample::select(vec!["kayles", "0.137", "S(1,3,4)", "0.6", "grundy"]),
            heaps in proptest::collection::vec(0u64..9, 1..4),
        ) {
            let game = HeapGame::parse(code).unwrap();
            let solved = crate::listing::with_options(solve("g", &game, &heaps, HEAPS, &NoProgress).unwrap(), |l| {
                offer_moves(l, &game, &heaps, HEAPS)
            });
            let options = solved.options.clone().unwrap();
            proptest::prop_assert!(solved.all_options);
            let mut winning_by_options: Vec<String> = Vec::new();
            for option in &options {
                let after: Vec<u64> = option.to.split(' ').map(|h| h.parse().unwrap()).collect();
                if solve("g", &game, &after, HEAPS, &NoProgress).unwrap().outcome == Outcome::P {
                    winning_by_options.push(option.to.clone());
                }
            }
            let winning: Vec<String> = solved.winning_moves.iter().map(|m| m.to.clone()).collect();
            proptest::prop_assert_eq!(winning, winning_by_options);
            // Every heap's options are offered, so a position with a heap that can move has some.
            let can_move = heaps.iter().any(|&h| {
                let mut any = false;
                let _ = game.visit_options(h, &mut |_| { any = true; ControlFlow::Break(()) });
                any
            });
            proptest::prop_assert_eq!(options.is_empty(), !can_move);
        }
    }

    #[test]
    fn misere_kayles_differs_from_normal() {
        // A single pin: in normal play the mover wins by taking it, in misère play loses.
        let kayles = HeapGame::parse("kayles").unwrap();
        assert_eq!(
            solve("k", &kayles, &[1], ROWS, &NoProgress)
                .unwrap()
                .outcome,
            Outcome::N
        );
        let m = solve_misere("k", &kayles, &[1], ROWS, &NoProgress).unwrap();
        assert_eq!(m.outcome, Outcome::P);
        assert!(m
            .facts
            .contains(&("misere_value".to_string(), Fact::Text("0".into()))));
    }

    fn fact<'a>(s: &'a Solution, name: &str) -> Option<&'a str> {
        s.facts
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, f)| match f {
                Fact::Text(t) => t.as_str(),
                _ => "",
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        /// Larger heaps, answered from the quotient: the outcome and winning moves equal the
        /// search of genera (which no longer uses the quotient).
        #[test]
        fn quotient_answers_match_genus_search(
            heaps in proptest::collection::vec(0u64..26, 1..3),
            code in proptest::sample::select(vec!["0.77", "0.75", "0.07", "0.137", "0.52"]),
        ) {
            let game = HeapGame::parse(code).unwrap();
            let solved = solve_misere(code, &game, &heaps, HEAPS, &NoProgress).unwrap();
            prop_assert!(fact(&solved, "quotient").is_some());
            let mut search = GenusSearch::new(&game, DEFAULT_GENUS_LIMIT);
            let lost = search.genus(&heaps).unwrap().misere_value() == 0;
            prop_assert_eq!(solved.outcome == Outcome::P, lost);
            let searched = search.misere_winning_options(&heaps).unwrap();
            prop_assert_eq!(reached(&solved), sorted_unique(searched));
        }
    }

    /// Past the heaps it computed, the whole game's quotient answers by Φ's period: Kayles'
    /// heap 150 + 12k is heap 150 (period 12 from heap 71), at any size.
    #[test]
    fn kayles_misere_answers_any_heap_by_the_period() {
        let kayles = HeapGame::parse("kayles").unwrap();
        for small in [71u64, 100, 150, 158] {
            for rest in [vec![], vec![3], vec![5, 9]] {
                let big = small + 12 * 83_000;
                let at = |h: u64| {
                    let heaps: Vec<u64> = std::iter::once(h).chain(rest.iter().copied()).collect();
                    solve_misere("k", &kayles, &heaps, ROWS, &NoProgress).unwrap()
                };
                let (a, b) = (at(small), at(big));
                assert_eq!(a.outcome, b.outcome, "{small} {rest:?}");
                assert_eq!(fact(&a, "element"), fact(&b, "element"));
                assert!(fact(&b, "quotient").unwrap().contains("the whole game's"));
            }
        }
    }

    /// A position past the quotient's reach is searched instead, and the note says so.
    #[test]
    fn past_the_quotient_the_position_is_searched() {
        let chess = HeapGame::parse("0.137").unwrap();
        let s = solve_misere("0.137", &chess, &[40], HEAPS, &NoProgress).unwrap();
        assert!(fact(&s, "quotient").is_none());
        assert!(s.notes[0].contains("searched over"), "{:?}", s.notes);
        let mut search = GenusSearch::new(&chess, DEFAULT_GENUS_LIMIT);
        assert_eq!(
            s.outcome == Outcome::P,
            search.genus(&[40]).unwrap().misere_value() == 0
        );
    }
}
