//! Nash equilibria of extensive games: any normal-form method run on the reduced normal
//! form, each equilibrium turned into the equivalent behaviour profile and checked again on
//! the tree — the entry point [`extensive_equilibria`] behind `conway nash GAME.efg`.
//!
//! Distinct mixed equilibria may share one behaviour profile (mixtures that differ only in
//! how choices at different sets are correlated); each behaviour profile is reported once,
//! and components that share one are one component. With vertex enumeration on a
//! two-player game with perfect recall the list is the sequence form's extreme equilibria
//! ([`crate::extensive::extreme`]). Without perfect recall behaviour and
//! mixed strategies are not equivalent, so the equilibria are reported as mixed strategies
//! of the reduced normal form, with its strategies' labels.

use num_rational::BigRational;
use num_traits::{One, Zero};

use super::method::{chosen_method, refuse_other_options, Method, Options};
use super::normal::{profiles_text, solve, trace_report, unsettled_text, Solution};
use super::report::{BehaviourTexts, InfosetReport, NashReport};
use super::subgames::subgame_perfect;
use crate::decimal::rounded;
use crate::extensive::behaviour::{flat, from_mixed, is_equilibrium, BehaviourProfile};
use crate::extensive::extreme::extreme_plan_equilibria;
use crate::extensive::reduced::{reduced_normal_form, ReducedNormalForm};
use crate::extensive::sequence::SequenceForm;
use crate::extensive::sequence_lcp::lemke_equilibrium;
use crate::extensive::ExtensiveGame;
use crate::game::{rational_text, MixedProfile};
use crate::n_player::enumpoly::Found;
use crate::two_player::vertex::{components, joined_classes};
use crate::StrategicError;
use conway_core::Progress;

/// The most extreme equilibria of the reduced normal form turned into the sequence form's
/// extreme equilibria (through the maximal Nash subsets, whose number can grow quickly in
/// the degenerate normal forms of trees); past it, or past
/// [`crate::two_player::nash_subsets::MAX_NASH_SUBSETS`] subsets, each is reported as its behaviour
/// profile, once.
pub const MAX_EXTREME_FOR_PLANS: usize = 1000;

/// The Nash equilibria of `game` by `method` ([`chosen_method`] when `None`): the
/// sequence form's Lemke path for [`Method::Lcp`], otherwise the method on the reduced
/// normal form; as behaviour profiles when the game has perfect recall;
/// with `options.subgame_perfect`, the subgame-perfect ones
/// ([`crate::nash::subgames`]). Maximal Nash subsets are not listed for extensive
/// games.
pub fn extensive_equilibria(
    game: &ExtensiveGame,
    method: Option<Method>,
    options: Options,
    progress: &dyn Progress,
) -> Result<NashReport, StrategicError> {
    if options.subgame_perfect {
        return subgame_perfect_report(game, method, options, progress);
    }
    let (method, sequence_form) = chosen_method(game, method)?;
    if let Some(sf) = sequence_form {
        return sequence_form_report(game, sf, options, progress);
    }
    let reduced = reduced_normal_form(game)?;
    let solution = solve(&reduced.game, method, options, progress)?;
    let mut report = NashReport {
        unsettled: unsettled_text(&reduced.game, &solution.unsettled),
        value: solution.value.as_ref().map(rational_text),
        trace: solution.trace.as_ref().map(trace_report),
        ..NashReport::new(game.players.clone(), solution.method)
    };
    let exact = solution.exact();
    if let Some(why) = game.perfect_recall_failure() {
        let (texts, approximate) = profiles_text(&solution, |p| p.clone());
        report.equilibria = texts;
        report.components = options.components.then(|| components(&exact));
        report.within = (!approximate.is_empty()).then(|| format!("1e-{}", solution.digits));
        report.approximate = (!approximate.is_empty()).then_some(approximate);
        report.reduced_strategies = Some(reduced.game.strategies.clone());
        report.without_perfect_recall = Some(why);
        return Ok(report);
    }
    report.information_sets = Some(information_sets(game));
    // Every extreme equilibrium of the reduced normal form is listed: the sequence form's
    // extreme equilibria follow from them, unless their maximal Nash subsets are too many.
    if solution.method == Method::Enum
        && game.num_players() == 2
        && exact.len() <= MAX_EXTREME_FOR_PLANS
    {
        let sf = SequenceForm::new(game)?;
        match extreme_plan_equilibria(&sf, &reduced, &exact) {
            Ok(plans) => {
                let found: Vec<BehaviourProfile> = plans.iter().map(|p| sf.behaviour(p)).collect();
                if found.iter().any(|b| is_equilibrium(game, b) != Some(true)) {
                    return Err(StrategicError::Internal(
                        "an extreme equilibrium in realization plans fails the check on the tree"
                            .into(),
                    ));
                }
                return Ok(NashReport {
                    components: options.components.then(|| components(&plans)),
                    ..exact_behaviour_report(game, &found, solution.method)
                });
            }
            Err(StrategicError::TooLarge { .. }) => {}
            Err(e) => return Err(e),
        }
    }
    let groups = options.components.then(|| components(&exact));
    let behaviours = behaviour_texts(game, &reduced, &solution)?;
    // One entry per distinct behaviour profile; `first[i]` is where equilibrium i went.
    let mut first: Vec<usize> = Vec::with_capacity(behaviours.len());
    let mut kept: Vec<BehaviourText> = Vec::new();
    for b in behaviours {
        match kept.iter().position(|k| k.per_set == b.per_set) {
            Some(j) => first.push(j),
            None => {
                first.push(kept.len());
                kept.push(b);
            }
        }
    }
    report.components = groups.map(|groups| merged_components(&groups, &first, kept.len()));
    let approximate: Vec<usize> = kept
        .iter()
        .enumerate()
        .filter_map(|(i, b)| b.within.is_some().then_some(i))
        .collect();
    if !approximate.is_empty() {
        let digits = kept.iter().filter_map(|b| b.within).min().unwrap_or(0);
        report.within = Some(format!("1e-{digits}"));
        report.approximate = Some(approximate);
    }
    report.equilibria = kept.iter().map(|b| b.flat.clone()).collect();
    report.behaviour = Some(kept.into_iter().map(|b| b.per_set).collect());
    Ok(report)
}

/// The report of the sequence-form method: one equilibrium in behaviour strategies (its
/// realization plans checked exactly on the sequence form, which decides equilibria as the
/// tree does).
fn sequence_form_report(
    game: &ExtensiveGame,
    sf: SequenceForm,
    options: Options,
    progress: &dyn Progress,
) -> Result<NashReport, StrategicError> {
    refuse_other_options(Method::Lcp, options)?;
    let found = lemke_equilibrium(&sf, progress)?;
    Ok(exact_behaviour_report(
        game,
        &[sf.behaviour(&found.plans)],
        Method::Lcp,
    ))
}

/// The report of exact behaviour profiles found by `method`.
fn exact_behaviour_report(
    game: &ExtensiveGame,
    found: &[BehaviourProfile],
    method: Method,
) -> NashReport {
    let text = |x: &BigRational| rational_text(x);
    NashReport {
        equilibria: found.iter().map(|b| flat_text(game, b, text)).collect(),
        information_sets: Some(information_sets(game)),
        behaviour: Some(found.iter().map(|b| per_set_text(b, text)).collect()),
        ..NashReport::new(game.players.clone(), method)
    }
}

/// The report of `--subgame-perfect`: every combination of the subgames' equilibria.
fn subgame_perfect_report(
    game: &ExtensiveGame,
    method: Option<Method>,
    options: Options,
    progress: &dyn Progress,
) -> Result<NashReport, StrategicError> {
    if options.components {
        return Err(StrategicError::InvalidInput(
            "--components does not go with --subgame-perfect".into(),
        ));
    }
    let inner = Options {
        subgame_perfect: false,
        ..options
    };
    let found = subgame_perfect(game, method, inner, progress)?;
    // The method named, or the default of the whole game's reduced normal form (each
    // subgame uses its own default when none is named).
    let method = method.unwrap_or(Method::default_for_players(game.num_players()));
    Ok(NashReport {
        subgame_perfect: true,
        ..exact_behaviour_report(game, &found, method)
    })
}

/// Each player's information sets as reports list them.
fn information_sets(game: &ExtensiveGame) -> Vec<Vec<InfosetReport>> {
    (0..game.num_players())
        .map(|p| {
            game.player_infosets(p)
                .iter()
                .map(|&h| InfosetReport {
                    label: game.infosets()[h].label.clone(),
                    actions: game.infosets()[h].actions.clone(),
                })
                .collect()
        })
        .collect()
}

/// One equilibrium as behaviour texts: Gambit's flat list per player, the probabilities
/// per set, and for a certified one the digits it is good to.
struct BehaviourText {
    flat: Vec<Vec<String>>,
    per_set: BehaviourTexts,
    within: Option<usize>,
}

/// The behaviour profile of each equilibrium of the solution, exact ones checked on the
/// tree.
fn behaviour_texts(
    game: &ExtensiveGame,
    reduced: &ReducedNormalForm,
    solution: &Solution,
) -> Result<Vec<BehaviourText>, StrategicError> {
    let mut out = Vec::with_capacity(solution.equilibria.len());
    for found in &solution.equilibria {
        // Exact equilibria are checked again on the tree; certified ones are good to the
        // digits their certificate allows the ratios of the behaviour map.
        let (mixed, within) = match found {
            Found::Exact(mixed) => (mixed, None),
            Found::Certified { center, radius } => (
                center,
                Some(certified_digits(
                    game,
                    reduced,
                    center,
                    radius,
                    solution.digits,
                )),
            ),
        };
        let profile = from_mixed(game, reduced, mixed);
        if within.is_none() && is_equilibrium(game, &profile) != Some(true) {
            return Err(StrategicError::Internal(format!(
                "the behaviour profile of an equilibrium of the reduced normal form is not an equilibrium: {:?}",
                crate::game::profile_text(mixed)
            )));
        }
        let text = |x: &BigRational| match within {
            None => rational_text(x),
            Some(digits) => rounded(x, digits),
        };
        out.push(BehaviourText {
            flat: flat_text(game, &profile, text),
            per_set: per_set_text(&profile, text),
            within,
        });
    }
    Ok(out)
}

/// Gambit's flat list of a profile ([`flat`]) as texts.
fn flat_text(
    game: &ExtensiveGame,
    profile: &BehaviourProfile,
    text: impl Fn(&BigRational) -> String,
) -> Vec<Vec<String>> {
    flat(game, profile)
        .iter()
        .map(|s| s.iter().map(&text).collect())
        .collect()
}

fn per_set_text(
    profile: &BehaviourProfile,
    text: impl Fn(&BigRational) -> String,
) -> BehaviourTexts {
    profile
        .iter()
        .map(|sets| {
            sets.iter()
                .map(|q| q.as_ref().map(|q| q.iter().map(&text).collect()))
                .collect()
        })
        .collect()
}

/// The digits to which the behaviour probabilities of a certified mixed equilibrium are
/// good: each is a ratio w/r of sums of mixed probabilities, each within `radius` of the
/// true one, so it is off by at most (|A|·ε·r + |R|·ε·w) / (r·(r − |R|·ε)) for sums over A
/// ⊆ R; rounding to d places adds half of 10^−d. The answer is the largest d ≤ `digits`
/// with both together at most 10^−d (0 when a set's reach is not bounded away from 0).
fn certified_digits(
    game: &ExtensiveGame,
    reduced: &ReducedNormalForm,
    center: &MixedProfile,
    radius: &BigRational,
    digits: usize,
) -> usize {
    let mut worst = BigRational::zero();
    for (p, strategies) in reduced.strategies.iter().enumerate() {
        for (i, &h) in game.player_infosets(p).iter().enumerate() {
            let reaching: Vec<usize> = (0..strategies.len())
                .filter(|&s| strategies[s][i].is_some())
                .collect();
            let r: BigRational = reaching.iter().map(|&s| &center[p][s]).sum();
            let r_slack = radius * BigRational::from_integer(reaching.len().into());
            if r <= r_slack {
                if !r.is_zero() || !r_slack.is_zero() {
                    // The set may or may not be reached: nothing is certified there.
                    return 0;
                }
                continue;
            }
            for a in 0..game.infosets()[h].actions.len() {
                let choosing: Vec<usize> = reaching
                    .iter()
                    .copied()
                    .filter(|&s| strategies[s][i] == Some(a))
                    .collect();
                let w: BigRational = choosing.iter().map(|&s| &center[p][s]).sum();
                let a_slack = radius * BigRational::from_integer(choosing.len().into());
                let bound = (&a_slack * &r + &r_slack * &w) / (&r * (&r - &r_slack));
                if bound > worst {
                    worst = bound;
                }
            }
        }
    }
    let ten = BigRational::from_integer(10.into());
    (0..=digits)
        .rev()
        .find(|&d| {
            let unit = BigRational::one() / num_traits::pow(ten.clone(), d);
            &worst + &unit / BigRational::from_integer(2.into()) <= unit
        })
        .unwrap_or(0)
}

/// Components of the mixed equilibria as components of the distinct behaviour profiles:
/// `first[i]` is the profile equilibrium i became; groups sharing a profile merge.
fn merged_components(groups: &[Vec<usize>], first: &[usize], count: usize) -> Vec<Vec<usize>> {
    joined_classes(
        count,
        groups.iter().flat_map(|group| {
            group
                .windows(2)
                .map(|pair| (first[pair[0]], first[pair[1]]))
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extensive::reduced::tests::{HORSE, OUT_OR_IN};
    use crate::formats::efg::parse;
    use conway_core::NoProgress;

    #[test]
    fn the_horse_has_three_pure_equilibria() {
        let g = parse(HORSE).unwrap();
        let r =
            extensive_equilibria(&g, Some(Method::Pure), Options::default(), &NoProgress).unwrap();
        let flat: Vec<String> = r.equilibria.iter().map(|e| e.concat().join(",")).collect();
        // (A, a, R), (A, d, R), (D, a, L) — Selten (1975).
        assert_eq!(flat.len(), 3, "{flat:?}");
        for want in ["1,0,1,0,0,1", "1,0,0,1,0,1", "0,1,1,0,1,0"] {
            assert!(flat.contains(&want.to_string()), "{want} in {flat:?}");
        }
        let sets = r.information_sets.as_ref().unwrap();
        assert_eq!(sets[2][0].actions, vec!["L", "R"]);
    }

    /// Figure 10.1 of von Stengel, *Game Theory Basics* (2022): chance makes player I
    /// strong or weak (1/2 each); strong, I takes 0 (T) or bets (B); weak, 0 (C) or bets
    /// (D); II, not knowing which, folds (a) or calls (b) a bet.
    const VON_STENGEL_10_1: &str = "EFG 2 R \"Figure 10.1\" { \"I\" \"II\" } \"\"
c \"\" 1 \"\" { \"strong\" 1/2 \"weak\" 1/2 } 0
p \"\" 1 1 \"strong\" { \"T\" \"B\" } 0
t \"\" 1 \"\" { 0 16 }
p \"\" 2 1 \"\" { \"a\" \"b\" } 0
t \"\" 2 \"\" { 12 4 }
t \"\" 3 \"\" { -4 20 }
p \"\" 1 2 \"weak\" { \"C\" \"D\" } 0
t \"\" 1
p \"\" 2 1 0
t \"\" 2
t \"\" 4 \"\" { 20 -4 }
";

    /// Figure 10.5 of von Stengel (2022): II chooses l or r, I then T or B without seeing
    /// it, II then a or b after l, c or d after r (remembering l or r, not seeing T or B).
    const VON_STENGEL_10_5: &str = "EFG 2 R \"Figure 10.5\" { \"I\" \"II\" } \"\"
p \"\" 2 1 \"\" { \"l\" \"r\" } 0
p \"\" 1 1 \"\" { \"T\" \"B\" } 0
p \"\" 2 2 \"after l\" { \"a\" \"b\" } 0
t \"\" 1 \"\" { 1 5 }
t \"\" 2 \"\" { 3 4 }
p \"\" 2 2 0
t \"\" 3 \"\" { 0 0 }
t \"\" 4 \"\" { 0 2 }
p \"\" 1 1 0
p \"\" 2 3 \"after r\" { \"c\" \"d\" } 0
t \"\" 5 \"\" { 0 3 }
t \"\" 6 \"\" { 1 0 }
p \"\" 2 3 0
t \"\" 7 \"\" { 2 3 }
t \"\" 8 \"\" { 0 4 }
";

    /// Figure 10.12 of von Stengel (2022), Monty Hall as a zero-sum game: the contestant's
    /// door hides the prize with probability 1/3; the host may open another, empty, door
    /// (O after the prize, o otherwise) or not (C, c: the contestant keeps the door); after
    /// an opening the contestant keeps (K) or switches (S).
    const VON_STENGEL_10_12: &str = "EFG 2 R \"Figure 10.12\" { \"I\" \"II\" } \"\"
c \"\" 1 \"\" { \"prize\" 1/3 \"no prize\" 2/3 } 0
p \"\" 2 1 \"prize\" { \"C\" \"O\" } 0
t \"\" 1 \"\" { 1 -1 }
p \"\" 1 1 \"\" { \"K\" \"S\" } 0
t \"\" 1
t \"\" 2 \"\" { 0 0 }
p \"\" 2 2 \"no prize\" { \"c\" \"o\" } 0
t \"\" 2
p \"\" 1 1 0
t \"\" 2
t \"\" 1
";

    /// Each equilibrium's flat behaviour list, joined.
    fn flat_list(r: &NashReport) -> Vec<String> {
        r.equilibria.iter().map(|e| e.concat().join(",")).collect()
    }

    #[test]
    fn von_stengel_figure_10_1_bluffing() {
        // The unique equilibrium: strong, I bets half the time; weak, always; II calls
        // with probability 3/4 (solving the two indifferences by hand: II indifferent when
        // a weak bet is as likely as a strong one, I indifferent when 16q − 4 = 0). The
        // sequence form's path finds the same.
        let g = parse(VON_STENGEL_10_1).unwrap();
        let want = vec!["1/2,1/2,0,1,1/4,3/4".to_string()];
        let all = extensive_equilibria(&g, None, Options::default(), &NoProgress).unwrap();
        assert_eq!(flat_list(&all), want);
        let lcp =
            extensive_equilibria(&g, Some(Method::Lcp), Options::default(), &NoProgress).unwrap();
        assert_eq!(flat_list(&lcp), want);
    }

    #[test]
    fn von_stengel_figure_10_5_three_equilibria() {
        // (T; l, a); I mixing 1/2 with II playing l 2/5, r 3/5, then b and c; I playing T
        // with 1/4 against r, then c 1/3. The game of Figure 10.7 has the same strategic
        // form but II forgets l or r: its equilibria are the same mixed strategies, the
        // second not realizable in behaviour strategies there ((0, 2/5, 3/5, 0) over la,
        // lb, ra, rb, as the book notes).
        let g = parse(VON_STENGEL_10_5).unwrap();
        let all = extensive_equilibria(&g, None, Options::default(), &NoProgress).unwrap();
        assert_eq!(
            flat_list(&all),
            vec![
                "1,0,1,0,1,0,0,0",
                "1/2,1/2,2/5,3/5,0,1,1,0",
                "1/4,3/4,0,1,0,0,1/3,2/3"
            ]
        );
        let forgetful = VON_STENGEL_10_5
            .replace("2 3 \"after r\" { \"c\" \"d\" }", "2 2")
            .replace("p \"\" 2 3 0", "p \"\" 2 2 0");
        let g = parse(&forgetful).unwrap();
        let mixed = extensive_equilibria(&g, None, Options::default(), &NoProgress).unwrap();
        assert!(mixed.without_perfect_recall.is_some());
        assert_eq!(
            flat_list(&mixed),
            vec!["1,0,1,0,0,0", "1/2,1/2,0,2/5,3/5,0", "1/4,3/4,0,0,1/3,2/3"]
        );
    }

    #[test]
    fn von_stengel_figure_10_12_a_convex_set_of_optimal_strategies() {
        // The contestant keeps the door (value 1/3 to I); the host's optimal strategies
        // are those opening after no prize (y) at most half as often as after the prize
        // (x): y ≤ x/2, a triangle with corners (x, y) = (0, 0), (1, 1/2), (1, 0). The
        // reduced normal form has a fourth extreme equilibrium, the host mixing Co 1/3
        // with Oc 2/3, whose plan (2/3, 1/3) lies inside the triangle: it is no extreme
        // equilibrium of the sequence form, and is not listed.
        let g = parse(VON_STENGEL_10_12).unwrap();
        let options = Options {
            components: true,
            ..Options::default()
        };
        let all = extensive_equilibria(&g, None, options, &NoProgress).unwrap();
        assert_eq!(
            flat_list(&all),
            vec!["1,0,1,0,1,0", "1,0,0,1,1,0", "1,0,0,1,1/2,1/2"]
        );
        assert_eq!(all.components, Some(vec![vec![0, 1, 2]]));
        let reduced = reduced_normal_form(&g).unwrap();
        let normal = solve(&reduced.game, Some(Method::Enum), options, &NoProgress).unwrap();
        assert_eq!(normal.equilibria.len(), 4);
    }

    proptest::proptest! {
        /// On random two-player trees: each listed extreme equilibrium is an equilibrium
        /// of the sequence form whose plans are those of extreme mixed equilibria of the
        /// reduced normal form, and the plans of every extreme mixed equilibrium lie in the
        /// hulls of the listed plans.
        #[test]
        fn extreme_plan_equilibria_cover_the_normal_form(
            draws in proptest::collection::vec(0u32..1000, 1..60),
        ) {
            use crate::extensive::extreme::{extreme_plan_equilibria, plan_of_mixed};
            let g = parse(&crate::extensive::tests::random_efg(2, &draws)).unwrap();
            let reduced = reduced_normal_form(&g).unwrap();
            if reduced.game.shape().iter().sum::<usize>() > 16 {
                return Ok(());
            }
            let sf = SequenceForm::new(&g).unwrap();
            let normal = solve(&reduced.game, Some(Method::Enum), Options::default(), &NoProgress)
                .unwrap()
                .exact();
            let listed = extreme_plan_equilibria(&sf, &reduced, &normal).unwrap();
            let images: Vec<Vec<Vec<BigRational>>> = normal
                .iter()
                .map(|m| (0..2).map(|p| plan_of_mixed(&sf, &reduced, p, &m[p])).collect())
                .collect();
            for plans in &listed {
                proptest::prop_assert!(sf.is_equilibrium(plans));
                for p in 0..2 {
                    proptest::prop_assert!(images.iter().any(|i| i[p] == plans[p]));
                }
            }
            for image in &images {
                for p in 0..2 {
                    let mut side: Vec<&Vec<BigRational>> = Vec::new();
                    for l in &listed {
                        if !side.contains(&&l[p]) {
                            side.push(&l[p]);
                        }
                    }
                    let inside = side.contains(&&image[p])
                        || crate::extensive::extreme::in_hull(&image[p], &side);
                    proptest::prop_assert!(inside);
                }
            }
        }
    }

    #[test]
    fn unreached_sets_are_null_per_set_and_zeros_in_the_flat_list() {
        let g = parse(OUT_OR_IN).unwrap();
        let r = extensive_equilibria(&g, None, Options::default(), &NoProgress).unwrap();
        let behaviour = r.behaviour.as_ref().unwrap();
        assert!(!behaviour.is_empty());
        for (e, b) in r.equilibria.iter().zip(behaviour) {
            // Out is played: the second set of player 1 is never reached by their choice.
            assert_eq!(e[0], vec!["1", "0", "0", "0"]);
            assert_eq!(b[0][1], None);
        }
    }

    #[test]
    fn without_perfect_recall_mixed_strategies_are_reported() {
        let g = parse(
            "EFG 2 R \"\" { \"A\" } \"\"\n\
             p \"\" 1 1 \"first\" { \"l\" \"r\" } 0\n\
             p \"\" 1 2 \"second\" { \"x\" \"y\" } 0\n t \"\" 1 \"\" { 1 }\n t \"\" 0\n\
             p \"\" 1 2 \"second\" { \"x\" \"y\" } 0\n t \"\" 0\n t \"\" 2 \"\" { 2 }\n",
        )
        .unwrap();
        let r =
            extensive_equilibria(&g, Some(Method::Pure), Options::default(), &NoProgress).unwrap();
        assert!(r.without_perfect_recall.is_some());
        assert_eq!(r.reduced_strategies.as_ref().unwrap()[0].len(), 4);
        // The best plan is r then y (payoff 2).
        assert_eq!(r.equilibria, vec![vec![vec!["0", "0", "0", "1"]]]);
    }
}
