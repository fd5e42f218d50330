//! Nash equilibria of a normal-form game by a chosen method, each checked by the
//! definition: [`equilibria`] behind `conway nash`.
//!
//! The methods are those of [`crate::two_player`] and [`crate::n_player`], and the
//! sequence form's Lemke path of [`crate::extensive::sequence_lcp`]; whichever runs, every
//! profile it returns is tested with [`NormalFormGame::is_equilibrium`] in exact arithmetic
//! before it is reported, so a wrong answer is an internal error, never an output.

use conway_core::{Progress, Ranks};
use num_rational::BigRational;

use super::method::{refuse_other_options, Method, Options};
use super::report::{NashReport, NashSubsetReport, PathPointReport, TraceReport, UnsettledReport};
use crate::decimal::rounded;
use crate::extensive::sequence::SequenceForm;
use crate::extensive::sequence_lcp::lemke_equilibrium;
use crate::game::{profile_text, rational_text, MixedProfile, NormalFormGame};
use crate::n_player::enumpoly::{enumpoly, Found, Unsettled, DEFAULT_DIGITS};
use crate::n_player::logit::{logit_limit, LogitLimit};
use crate::n_player::pure::{as_mixed, pure_equilibria};
use crate::n_player::simpdiv::{simplicial_subdivision, SubdivisionEnd};
use crate::two_player::lh::{lemke_howson, lemke_howson_all};
use crate::two_player::nash_subsets::{maximal_nash_subsets, NashSubsets};
use crate::two_player::support::support_enumeration;
use crate::two_player::vertex::{components, extreme_equilibria, extreme_equilibria_on_ranks};
use crate::two_player::zero_sum::solve_zero_sum;
use crate::StrategicError;

/// The equilibria one method found, before they are written as a report.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The method that ran.
    pub method: Method,
    /// The equilibria: exact ones checked by the definition, certified ones (poly only) as
    /// the centres of certified boxes.
    pub equilibria: Vec<Found>,
    /// For the poly method: the supports not settled completely.
    pub unsettled: Vec<Unsettled>,
    /// For the LP method: the value of the zero-sum game to player 1.
    pub value: Option<BigRational>,
    /// For the poly and logit methods: the digits of the certified equilibria.
    pub digits: usize,
    /// For the logit and simpdiv methods: where the path led.
    pub trace: Option<Trace>,
}

impl Solution {
    /// What a method that finds exact equilibria found, each checked by the definition
    /// ([`checked`]), with the game's `value` for the LP method.
    fn checked(
        game: &NormalFormGame,
        method: Method,
        found: Vec<MixedProfile>,
        value: Option<BigRational>,
        digits: usize,
    ) -> Result<Self, StrategicError> {
        Ok(Solution {
            method,
            equilibria: checked(game, found)?
                .into_iter()
                .map(Found::Exact)
                .collect(),
            unsettled: Vec::new(),
            value,
            digits,
            trace: None,
        })
    }
}

/// Where a path-following method's path led.
#[derive(Clone, Debug)]
pub enum Trace {
    /// The logit branch.
    Logit(LogitLimit),
    /// The simplicial restarts.
    Subdivision(SubdivisionEnd),
}

impl Trace {
    /// The logit branch's end, if that is what this is.
    pub fn logit(&self) -> Option<&LogitLimit> {
        match self {
            Trace::Logit(limit) => Some(limit),
            Trace::Subdivision(_) => None,
        }
    }
}

impl Solution {
    /// The exact equilibria, in order (the certified ones left out).
    pub fn exact(&self) -> Vec<MixedProfile> {
        self.equilibria
            .iter()
            .filter_map(|f| match f {
                Found::Exact(p) => Some(p.clone()),
                Found::Certified { .. } => None,
            })
            .collect()
    }
}

/// The Nash equilibria of `game` by `method` (by [`Method::default_for`] the game when
/// `None`), each checked by the definition. `progress` hears the long methods (vertex
/// enumeration, Lemke–Howson restarts); a stop request ends the work with
/// [`StrategicError::Interrupted`].
pub fn equilibria(
    game: &NormalFormGame,
    method: Option<Method>,
    options: Options,
    progress: &dyn Progress,
) -> Result<NashReport, StrategicError> {
    let solution = solve(game, method, options, progress)?;
    report(game, &solution, options)
}

/// [`equilibria`] by vertex enumeration with its reverse search spread over the ranks of a
/// distributed run (a collective call: every rank with the same game and options). Rank 0
/// gets the report, the same as [`equilibria`]'s with [`Method::Enum`]; the other ranks
/// `None`.
pub fn equilibria_on_ranks(
    game: &NormalFormGame,
    options: Options,
    ranks: &dyn Ranks,
    progress: &dyn Progress,
) -> Result<Option<NashReport>, StrategicError> {
    if game.num_players() != 2 || options.subgame_perfect {
        return Err(StrategicError::InvalidInput(
            "a distributed run enumerates the extreme equilibria of two-player games in normal form (--method enum)".into(),
        ));
    }
    refuse_other_options(Method::Enum, options)?;
    let Some(found) = extreme_equilibria_on_ranks(game, ranks, progress)? else {
        return Ok(None);
    };
    let digits = options.precision.unwrap_or(DEFAULT_DIGITS);
    let solution = Solution::checked(game, Method::Enum, found, None, digits)?;
    report(game, &solution, options).map(Some)
}

/// The report of what a method found.
fn report(
    game: &NormalFormGame,
    solution: &Solution,
    options: Options,
) -> Result<NashReport, StrategicError> {
    let exact = solution.exact();
    let maximal_nash_subsets = if options.components && game.num_players() == 2 {
        Some(subsets_text(&maximal_nash_subsets(&exact)?))
    } else {
        None
    };
    let (equilibria, approximate) = profiles_text(solution, |p| p.clone());
    Ok(NashReport {
        components: options.components.then(|| components(&exact)),
        equilibria,
        maximal_nash_subsets,
        within: (!approximate.is_empty()).then(|| format!("1e-{}", solution.digits)),
        approximate: (!approximate.is_empty()).then_some(approximate),
        unsettled: unsettled_text(game, &solution.unsettled),
        value: solution.value.as_ref().map(rational_text),
        trace: solution.trace.as_ref().map(trace_report),
        ..NashReport::new(game.players.clone(), solution.method)
    })
}

/// Where a path-following method's path led, as the report gives it.
pub(crate) fn trace_report(trace: &Trace) -> TraceReport {
    match trace {
        Trace::Logit(limit) => TraceReport {
            lambda: Some(limit.lambda),
            mesh: None,
            restarts: None,
            steps: limit.steps as u64,
            regret: limit.regret,
            end: limit.end.clone(),
            distance: limit.equilibrium.as_ref().map(|e| e.distance),
            stopped: limit.stopped.map(|s| s.text().to_string()),
            path: limit.path.as_ref().map(|points| {
                points
                    .iter()
                    .map(|p| PathPointReport {
                        lambda: p.lambda,
                        profile: p.profile.clone(),
                    })
                    .collect()
            }),
        },
        Trace::Subdivision(end) => TraceReport {
            lambda: None,
            mesh: Some(end.mesh),
            restarts: Some(end.restarts),
            steps: end.pivots,
            regret: end.regret,
            end: end.end.clone(),
            distance: end.equilibrium.as_ref().map(|e| e.distance),
            stopped: end.stopped.map(|s| s.text().to_string()),
            path: None,
        },
    }
}

/// The equilibria of a solution as texts, each profile first mapped by `view` (exact
/// fractions, certified ones as decimals of the solution's digits), and the indices of the
/// certified ones.
pub(crate) fn profiles_text(
    solution: &Solution,
    view: impl Fn(&MixedProfile) -> MixedProfile,
) -> (Vec<Vec<Vec<String>>>, Vec<usize>) {
    let mut approximate = Vec::new();
    let texts = solution
        .equilibria
        .iter()
        .enumerate()
        .map(|(i, f)| match f {
            Found::Exact(profile) => profile_text(&view(profile)),
            Found::Certified { center, .. } => {
                approximate.push(i);
                view(center)
                    .iter()
                    .map(|s| s.iter().map(|x| rounded(x, solution.digits)).collect())
                    .collect()
            }
        })
        .collect();
    (texts, approximate)
}

/// The supports the poly method did not settle, with strategy labels (`None` when every
/// support was settled).
pub(crate) fn unsettled_text(
    game: &NormalFormGame,
    unsettled: &[Unsettled],
) -> Option<Vec<UnsettledReport>> {
    let list: Vec<UnsettledReport> = unsettled
        .iter()
        .map(|u| UnsettledReport {
            supports: u
                .supports
                .iter()
                .enumerate()
                .map(|(p, s)| s.iter().map(|&i| game.strategies[p][i].clone()).collect())
                .collect(),
            reason: u.reason.text().to_string(),
        })
        .collect();
    (!list.is_empty()).then_some(list)
}

/// The equilibria of `game` by `method` as exact profiles (or certified centres), each
/// exact one checked by the definition; options that do not go with the method are refused.
pub fn solve(
    game: &NormalFormGame,
    method: Option<Method>,
    options: Options,
    progress: &dyn Progress,
) -> Result<Solution, StrategicError> {
    let method = method.unwrap_or_else(|| Method::default_for(game));
    if options.subgame_perfect {
        return Err(StrategicError::InvalidInput(
            "--subgame-perfect goes with extensive games (.efg files)".into(),
        ));
    }
    refuse_other_options(method, options)?;
    let digits = options.precision.unwrap_or(DEFAULT_DIGITS);
    if method == Method::Poly {
        let found = enumpoly(game, digits, progress)?;
        for f in &found.equilibria {
            if let Found::Exact(profile) = f {
                checked(game, vec![profile.clone()])?;
            }
        }
        return Ok(Solution {
            method,
            equilibria: found.equilibria,
            unsettled: found.unsettled,
            value: None,
            digits,
            trace: None,
        });
    }
    if matches!(method, Method::Logit | Method::Simpdiv) {
        let (equilibrium, trace) = if method == Method::Logit {
            let limit = logit_limit(game, digits, options.path, progress)?;
            (limit.equilibrium.clone(), Trace::Logit(limit))
        } else {
            let end = simplicial_subdivision(game, digits, progress)?;
            (end.equilibrium.clone(), Trace::Subdivision(end))
        };
        let equilibria: Vec<Found> = equilibrium.into_iter().map(|e| e.found).collect();
        if let Some(Found::Exact(profile)) = equilibria.first() {
            checked(game, vec![profile.clone()])?;
        }
        return Ok(Solution {
            method,
            equilibria,
            unsettled: Vec::new(),
            value: None,
            digits,
            trace: Some(trace),
        });
    }
    let mut value = None;
    let found: Vec<MixedProfile> = match method {
        Method::Enum => extreme_equilibria(game, progress)?,
        Method::Pure => pure_equilibria(game)
            .iter()
            .map(|s| as_mixed(game, s))
            .collect(),
        Method::Support => support_enumeration(game)?,
        Method::Lh => match options.label {
            Some(0) => return Err(StrategicError::InvalidInput("--label counts from 1".into())),
            // A label past usize is past every game's labels: lemke_howson says so.
            Some(l) => vec![lemke_howson(
                game,
                usize::try_from(l - 1).unwrap_or(usize::MAX),
            )?],
            None => lemke_howson_all(game, progress)?,
        },
        Method::Lp => {
            let s = solve_zero_sum(game)?;
            value = Some(s.value);
            vec![s.strategies]
        }
        Method::Lcp => {
            let sf = SequenceForm::from_normal_form(game);
            let plans = lemke_equilibrium(&sf, progress)?.plans;
            vec![plans.into_iter().map(|x| x[1..].to_vec()).collect()]
        }
        Method::Poly | Method::Logit | Method::Simpdiv => unreachable!("answered above"),
    };
    Solution::checked(game, method, found, value, digits)
}

/// The maximal Nash subsets as the report writes them: each player's strategies as texts.
fn subsets_text(found: &NashSubsets) -> Vec<NashSubsetReport> {
    let texts = |strategies: &[Vec<num_rational::BigRational>], chosen: &[usize]| {
        chosen
            .iter()
            .map(|&i| strategies[i].iter().map(rational_text).collect())
            .collect()
    };
    found
        .subsets
        .iter()
        .map(|(xs, ys)| NashSubsetReport {
            player1: texts(&found.player1, xs),
            player2: texts(&found.player2, ys),
        })
        .collect()
}

/// The profiles a method found, once each is shown to be an equilibrium by the definition;
/// one that is not is a bug in the method, reported as an internal error.
fn checked(
    game: &NormalFormGame,
    found: Vec<MixedProfile>,
) -> Result<Vec<MixedProfile>, StrategicError> {
    match found.iter().find(|e| !game.is_equilibrium(e)) {
        Some(bad) => Err(StrategicError::Internal(format!(
            "a computed profile is not an equilibrium: {:?}",
            profile_text(bad)
        ))),
        None => Ok(found),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::nfg::parse;
    use crate::game::integer;
    use crate::testing::{arb_bimatrix, int_matrix};
    use conway_core::{Diagnostic, ErrorKind, NoProgress};
    use proptest::prelude::*;

    /// Gambit's contrib/games/coord3.nfg: a 3×3 coordination game with 7 equilibria.
    fn coord3() -> NormalFormGame {
        NormalFormGame::bimatrix(
            &int_matrix(&[&[3, 0, 0], &[0, 2, 0], &[0, 0, 1]]),
            &int_matrix(&[&[2, 0, 0], &[0, 2, 0], &[0, 0, 4]]),
        )
        .unwrap()
    }

    fn run(game: &NormalFormGame, method: Option<Method>, options: Options) -> NashReport {
        equilibria(game, method, options, &NoProgress).unwrap()
    }

    #[test]
    fn the_report_serializes_to_the_contract() {
        // Gambit's 2×2 constant-sum example (contrib/games/2x2const.nfg): the unique
        // equilibrium ((1/3,2/3),(1/3,2/3)).
        let g = NormalFormGame::bimatrix(
            &int_matrix(&[&[2, 0], &[0, 1]]),
            &int_matrix(&[&[0, 2], &[2, 1]]),
        )
        .unwrap();
        let json = serde_json::to_string(&run(&g, None, Options::default())).unwrap();
        assert_eq!(
            json,
            r#"{"players":["Player 1","Player 2"],"method":"enum","equilibria":[[["1/3","2/3"],["1/3","2/3"]]]}"#
        );
        // Rock-paper-scissors by LP: the value is there, components are not.
        let rps = int_matrix(&[&[0, -1, 1], &[1, 0, -1], &[-1, 1, 0]]);
        let minus: Vec<Vec<_>> = rps.iter().map(|r| r.iter().map(|x| -x).collect()).collect();
        let g = NormalFormGame::bimatrix(&rps, &minus).unwrap();
        let json = serde_json::to_string(&run(&g, Some(Method::Lp), Options::default())).unwrap();
        assert_eq!(
            json,
            r#"{"players":["Player 1","Player 2"],"method":"lp","equilibria":[[["1/3","1/3","1/3"],["1/3","1/3","1/3"]]],"value":"0"}"#
        );
        // A continuum: one component of two extreme equilibria, one maximal Nash subset.
        let g = NormalFormGame::bimatrix(
            &int_matrix(&[&[1, 1], &[0, 0]]),
            &int_matrix(&[&[1, 1], &[0, 0]]),
        )
        .unwrap();
        let options = Options {
            components: true,
            ..Options::default()
        };
        let json = serde_json::to_string(&run(&g, None, options)).unwrap();
        assert_eq!(
            json,
            r#"{"players":["Player 1","Player 2"],"method":"enum","equilibria":[[["1","0"],["1","0"]],[["1","0"],["0","1"]]],"components":[[0,1]],"maximal_nash_subsets":[{"player1":[["1","0"]],"player2":[["1","0"],["0","1"]]}]}"#
        );
    }

    #[test]
    fn every_method_returns_checked_equilibria_of_coord3() {
        let g = coord3();
        let all = run(&g, None, Options::default());
        assert_eq!(all.method, Method::Enum);
        assert_eq!(all.equilibria.len(), 7);
        assert!(all.equilibria.contains(&profile_text(&vec![
            vec![
                integer(2) / integer(5),
                integer(2) / integer(5),
                integer(1) / integer(5)
            ],
            vec![
                integer(2) / integer(11),
                integer(3) / integer(11),
                integer(6) / integer(11)
            ],
        ])));
        for method in [Method::Pure, Method::Support, Method::Lh] {
            let r = run(&g, Some(method), Options::default());
            assert_eq!(r.method, method);
            assert!(!r.equilibria.is_empty(), "{method:?}");
            for e in &r.equilibria {
                assert!(all.equilibria.contains(e), "{method:?}: {e:?}");
            }
        }
        assert_eq!(
            run(&g, Some(Method::Pure), Options::default())
                .equilibria
                .len(),
            3
        );
        assert_eq!(
            run(&g, Some(Method::Support), Options::default())
                .equilibria
                .len(),
            7
        );
        let one = Options {
            label: Some(3),
            ..Options::default()
        };
        assert_eq!(run(&g, Some(Method::Lh), one).equilibria.len(), 1);
    }

    #[test]
    fn three_players_default_to_every_equilibrium_by_polynomial_systems() {
        let g = parse(
            "NFG 1 R \"\" { \"a\" \"b\" \"c\" } { 2 2 2 }\n\
             1 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2 2 2\n",
        )
        .unwrap();
        let r = run(&g, None, Options::default());
        assert_eq!(r.method, Method::Poly);
        assert_eq!(r.players, vec!["a", "b", "c"]);
        let pure = run(&g, Some(Method::Pure), Options::default());
        assert_eq!(pure.equilibria.len(), 2);
        for e in &pure.equilibria {
            assert!(r.equilibria.contains(e), "{e:?}");
        }
        // The game is degenerate (all-zero payoffs off two profiles): supports with
        // continua of solutions are reported, not guessed.
        assert!(r.unsettled.is_some() || r.equilibria.len() > 2);
    }

    #[test]
    fn the_poly_report_serializes_exact_and_certified_equilibria() {
        let g = crate::testing::mckelvey_mclennan();
        let r = run(&g, Some(Method::Poly), Options::default());
        let json = serde_json::to_value(&r).unwrap();
        assert_eq!(json["method"], "poly");
        assert_eq!(json["equilibria"].as_array().unwrap().len(), 9);
        assert!(json.get("approximate").is_none() && json.get("unsettled").is_none());
        // The irrational equilibrium of enumpoly's tests, to 5 digits.
        let g = parse(
            "NFG 1 R \"\" { \"1\" \"2\" \"3\" } { 2 2 2 }\n\
             2 3 3  1 0 0  0 2 3  1 2 0  0 3 2  1 0 2  0 1 1  1 1 1\n",
        )
        .unwrap();
        let options = Options {
            precision: Some(5),
            ..Options::default()
        };
        let r = run(&g, Some(Method::Poly), options);
        let json = serde_json::to_value(&r).unwrap();
        let approximate = json["approximate"].as_array().unwrap();
        assert_eq!(approximate.len(), 1);
        assert_eq!(json["within"], "1e-5");
        let i = approximate[0].as_u64().unwrap() as usize;
        assert_eq!(
            json["equilibria"][i],
            serde_json::json!([
                ["0.56904", "0.43096"],
                ["0.70711", "0.29289"],
                ["0.70711", "0.29289"]
            ])
        );
    }

    #[test]
    fn options_that_do_not_go_with_the_method_are_refused() {
        let g = coord3();
        let label = |l| Options {
            label: Some(l),
            ..Options::default()
        };
        let refused = [
            (None, label(2), "--label goes with --method lh"),
            (
                Some(Method::Pure),
                Options {
                    components: true,
                    ..Options::default()
                },
                "--components goes with --method enum",
            ),
            (Some(Method::Lh), label(0), "--label counts from 1"),
            (
                None,
                Options {
                    precision: Some(3),
                    ..Options::default()
                },
                "--precision goes with --method poly, logit or simpdiv",
            ),
            (
                Some(Method::Lh),
                Options {
                    path: true,
                    ..Options::default()
                },
                "--path goes with --method logit",
            ),
            (
                Some(Method::Lh),
                label(7),
                "label 7 does not exist: labels are 1..6",
            ),
            (
                Some(Method::Lh),
                label(u64::MAX),
                "label 18446744073709551615 does not exist: labels are 1..6",
            ),
            (
                Some(Method::Lp),
                Options::default(),
                "the LP method needs a two-player zero-sum (or constant-sum) game",
            ),
        ];
        for (method, options, message) in refused {
            let e = equilibria(&g, method, options, &NoProgress).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::InvalidInput, "{message}");
            assert_eq!(e.to_string(), message);
        }
    }

    #[test]
    fn a_profile_that_is_no_equilibrium_is_an_internal_error() {
        let g = coord3();
        let pure = |i: usize, j: usize| as_mixed(&g, &[i, j]);
        assert_eq!(checked(&g, vec![pure(0, 0)]).unwrap(), vec![pure(0, 0)]);
        let e = checked(&g, vec![pure(0, 0), pure(0, 1)]).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Internal);
        assert_eq!(
            e.to_string(),
            r#"a computed profile is not an equilibrium: [["1", "0", "0"], ["0", "1", "0"]]"#
        );
    }

    /// Limits are refused before any work, as structured too-large errors.
    #[test]
    fn limits_say_what_size_and_limit() {
        let too_large = |e: StrategicError| match e {
            StrategicError::TooLarge { what, size, limit } => (what, size, limit),
            other => panic!("{other:?}"),
        };
        let ten = crate::random::random_game(10, 1);
        let (what, size, limit) = too_large(
            equilibria(&ten, Some(Method::Support), Options::default(), &NoProgress).unwrap_err(),
        );
        assert_eq!(
            (what.as_str(), size.as_str(), limit.as_str()),
            (
                "strategies of one player for support enumeration",
                "10",
                "9"
            )
        );
        // Reverse search has no limit on strategies: 1 × 65 zeros, every pure pair extreme.
        let wide =
            NormalFormGame::bimatrix(&int_matrix(&[&[0; 65]]), &int_matrix(&[&[0; 65]])).unwrap();
        let found = equilibria(&wide, None, Options::default(), &NoProgress).unwrap();
        assert_eq!(found.equilibria.len(), 65);
        // 2^12 strategies for each of 3 players: 2^36 profiles, counted past the limit.
        let (what, size, _) =
            too_large(crate::game::profile_count(&[1 << 12, 1 << 12, 1 << 12], 3).unwrap_err());
        assert_eq!(what, "payoffs (profiles × players)");
        assert_eq!(size, (3u64 << 36).to_string());
    }

    #[test]
    fn methods_are_listed_once_by_name() {
        let names: Vec<&str> = Method::ALL.iter().map(|m| m.name()).collect();
        assert_eq!(
            names,
            ["enum", "pure", "support", "lh", "lcp", "lp", "poly", "logit", "simpdiv"]
        );
        assert_eq!(serde_json::to_string(&Method::Lh).unwrap(), r#""lh""#);
    }

    #[test]
    fn a_stop_request_interrupts_vertex_enumeration() {
        let stop = |_: conway_core::Work| std::ops::ControlFlow::Break(());
        // A random 12×12 game: its polytopes have more simplex bases than are walked
        // between two reports.
        let g = crate::random::random_game(12, 0);
        let e = equilibria(&g, None, Options::default(), &stop).unwrap_err();
        assert!(matches!(e, StrategicError::Interrupted), "{e:?}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]

        /// Every method's answers on small games are equilibria among the extreme ones
        /// (nondegenerate games: support enumeration and Lemke–Howson find extreme ones).
        #[test]
        fn dispatched_answers_are_extreme_equilibria(g in arb_bimatrix(3, 1_000_000)) {
            let all = run(&g, Some(Method::Enum), Options::default()).equilibria;
            prop_assert!(!all.is_empty());
            for method in [Method::Pure, Method::Support, Method::Lh] {
                for e in run(&g, Some(method), Options::default()).equilibria {
                    prop_assert!(all.contains(&e), "{:?}: {:?}", method, e);
                }
            }
        }
    }
}
