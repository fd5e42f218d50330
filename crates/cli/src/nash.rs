//! `conway nash`: Nash equilibria of a game from a Gambit `.nfg` file or two payoff matrices,
//! printed as Gambit prints them (`NE,1/3,2/3,1/3,2/3`) or as the contract's JSON.
//!
//! The library ([`conway_strategic::nash::equilibria`]) picks and runs the method and checks
//! every answer; this file reads the arguments and writes the report.

use conway_core::Ranks;
use conway_strategic::decimal::MAX_DECIMAL_PLACES;
use conway_strategic::formats::input::{read_any_game, AnyGame};
use conway_strategic::n_player::enumpoly::MAX_DIGITS;
use conway_strategic::nash::extensive::extensive_equilibria;
use conway_strategic::nash::{equilibria, equilibria_on_ranks, Options};
use conway_strategic::pasted::pasted_nfg;
use conway_strategic::{NashReport, PastedGameReport, PathPointReport, TraceReport};

use crate::answer::{shown, Answer};
use crate::args::NashArgs;
use crate::progress::Watcher;
use crate::CliError;

/// `conway nash`.
pub fn answer(args: NashArgs, watch: &dyn Watcher) -> Result<Box<dyn Answer>, CliError> {
    if args.mpi {
        return Err(crate::distributed::only_under_mpirun());
    }
    crate::args::stdin_at_most_once(&[args.a.as_deref(), args.b.as_deref()])?;
    let game = read_any_game(args.file.as_deref(), args.a.as_deref(), args.b.as_deref())?;
    let (options, places) = options_of(&args)?;
    solve(&game, args.method.map(|m| m.0), options, places, watch)
}

/// The library's options and the decimal places asked for, from the arguments.
fn options_of(args: &NashArgs) -> Result<(Options, Option<usize>), CliError> {
    let places = |n: Option<u64>, flag: &str, limit: usize| -> Result<Option<usize>, CliError> {
        n.map(|n| {
            usize::try_from(n).map_err(|_| {
                CliError::from(conway_strategic::StrategicError::InvalidInput(format!(
                    "{flag} takes at most {limit} digits, not {n}"
                )))
            })
        })
        .transpose()
    };
    let options = Options {
        label: args.label,
        components: args.components,
        precision: places(args.precision, "--precision", MAX_DIGITS)?,
        path: args.path,
        subgame_perfect: args.subgame_perfect,
    };
    Ok((
        options,
        places(args.decimals, "--decimals", MAX_DECIMAL_PLACES)?,
    ))
}

/// `conway nash … --mpi` on one rank of a distributed run (a collective call: every rank
/// reads the same game): rank 0 gets the answer, the other ranks `None`.
pub fn answer_on_ranks(
    args: NashArgs,
    ranks: &dyn Ranks,
    watch: &dyn Watcher,
) -> Result<Option<Box<dyn Answer>>, CliError> {
    let setup = || {
        let stdin = Some(conway_core::error::STDIN_PATH);
        if args.file.as_deref() == stdin.map(std::path::Path::new)
            || [args.a.as_deref(), args.b.as_deref()].contains(&stdin)
        {
            return Err(CliError::usage(
                "with --mpi every rank reads the game: name a file, not standard input",
            ));
        }
        if args
            .method
            .is_some_and(|m| m.0 != conway_strategic::nash::Method::Enum)
        {
            return Err(CliError::usage("--mpi goes with --method enum"));
        }
        let game = read_any_game(args.file.as_deref(), args.a.as_deref(), args.b.as_deref())?;
        let AnyGame::Normal(game) = game else {
            return Err(CliError::usage(
                "--mpi solves games in normal form (.nfg or payoff matrices), not .efg trees",
            ));
        };
        Ok((game, options_of(&args)?))
    };
    // Each rank reads the file itself: one may fail where the others do not.
    let (game, (options, places)) = crate::distributed::agreed(ranks, setup())?;
    let progress = watch.stage("solving");
    let Some(mut report) = equilibria_on_ranks(&game, options, ranks, &*progress)? else {
        return Ok(None);
    };
    progress.finish();
    if let Some(places) = places {
        report = report.with_decimals(places)?;
    }
    Ok(Some(shown(report, text)))
}

/// The answer to a game given as Gambit `.nfg` text (a worksheet cell holding a pasted
/// file): [`conway_strategic::pasted::pasted_nfg`] decides what it gets.
pub fn answer_for_nfg_text(file: &str, watch: &dyn Watcher) -> Result<Box<dyn Answer>, CliError> {
    let report = pasted_nfg(file, &*watch.stage("solving"))?;
    Ok(shown(report, |g: &PastedGameReport| {
        let mut out = text(&g.equilibria);
        if let Some(ess) = &g.evolutionarily_stable {
            out.push_str("\nthe game is symmetric; its symmetric equilibria and ESS verdicts:\n");
            out.push_str(&crate::ess::text(ess));
        }
        out
    }))
}

fn solve(
    game: &AnyGame,
    method: Option<conway_strategic::nash::Method>,
    options: Options,
    places: Option<usize>,
    watch: &dyn Watcher,
) -> Result<Box<dyn Answer>, CliError> {
    let progress = watch.stage("solving");
    let mut report = match game {
        AnyGame::Normal(game) => equilibria(game, method, options, &*progress)?,
        AnyGame::Extensive(tree) => extensive_equilibria(tree, method, options, &*progress)?,
    };
    if let Some(places) = places {
        report = report.with_decimals(places)?;
    }
    Ok(shown(report, text))
}

/// For an extensive game, what the numbers of each `NE,…` line stand for: each player's
/// information sets and actions (behaviour probabilities), or the reduced strategies when
/// the game lacks perfect recall.
fn legend(report: &NashReport) -> String {
    let mut text = String::new();
    if let Some(sets) = &report.information_sets {
        text.push_str("behaviour strategies: the probability of each action at each information set, in this order:\n");
        for (player, sets) in report.players.iter().zip(sets) {
            let each: Vec<String> = sets
                .iter()
                .map(|s| {
                    let actions: Vec<String> = s.actions.iter().map(|a| quoted_label(a)).collect();
                    format!("{} {{{}}}", quoted_label(&s.label), actions.join(" "))
                })
                .collect();
            text.push_str(&format!("  {player}: {}\n", each.join(", ")));
        }
    }
    if let (Some(why), Some(strategies)) =
        (&report.without_perfect_recall, &report.reduced_strategies)
    {
        text.push_str(&format!(
            "no perfect recall ({why}): equilibria are mixed strategies of the reduced normal form, over\n"
        ));
        for (player, list) in report.players.iter().zip(strategies) {
            text.push_str(&format!("  {player}: {}\n", list.join(" ")));
        }
    }
    text
}

/// A label as the legend shows it: in quotes when empty or holding spaces.
fn quoted_label(label: &str) -> String {
    if label.is_empty() || label.contains(char::is_whitespace) {
        format!("\"{label}\"")
    } else {
        label.to_string()
    }
}

/// The report as Gambit prints equilibria, one `NE,…` line each, grouped by component when
/// asked, then the value of a zero-sum game.
fn text(report: &NashReport) -> String {
    // With decimals, each equilibrium's line is followed by the same probabilities rounded.
    let line = |i: usize| {
        let exact = format!("NE,{}\n", report.equilibria[i].concat().join(","));
        match report.decimals.as_ref().and_then(|d| d.get(i)) {
            Some(rounded) => format!("{exact}  ~ {}\n", rounded.concat().join(",")),
            None => exact,
        }
    };
    let mut text = legend(report);
    if let Some(points) = report.trace.as_ref().and_then(|t| t.path.as_ref()) {
        text.push_str(&path_text(points));
    }
    match &report.components {
        Some(groups) => {
            for (c, members) in groups.iter().enumerate() {
                text.push_str(&format!(
                    "component {} ({} extreme equilibria):\n",
                    c + 1,
                    members.len()
                ));
                for &i in members {
                    text.push_str(&line(i));
                }
            }
        }
        None => (0..report.equilibria.len()).for_each(|i| text.push_str(&line(i))),
    }
    if let Some(subsets) = &report.maximal_nash_subsets {
        text.push_str(
            "maximal Nash subsets (every mix of the strategies listed is an equilibrium):\n",
        );
        let strategies = |list: &[Vec<String>]| -> String {
            let each: Vec<String> = list.iter().map(|s| format!("({})", s.join(","))).collect();
            each.join(" ")
        };
        for (k, s) in subsets.iter().enumerate() {
            text.push_str(&format!(
                "subset {}: player 1 {} × player 2 {}\n",
                k + 1,
                strategies(&s.player1),
                strategies(&s.player2)
            ));
        }
    }
    if let (Some(approximate), Some(within)) = (&report.approximate, &report.within) {
        let numbers: Vec<String> = approximate.iter().map(|i| (i + 1).to_string()).collect();
        let (noun, verb) = if numbers.len() == 1 {
            ("equilibrium", "is")
        } else {
            ("equilibria", "are")
        };
        text.push_str(&format!(
            "{noun} {} (of {}) {verb} irrational, shown as decimals: each probability is within {within} of the equilibrium's (certified)\n",
            numbers.join(", "),
            report.equilibria.len()
        ));
    }
    for u in report.unsettled.iter().flatten() {
        let supports: Vec<String> = u
            .supports
            .iter()
            .map(|s| format!("{{{}}}", s.join(",")))
            .collect();
        text.push_str(&format!(
            "not settled: supports {}: {}; equilibria there may be missing\n",
            supports.join(" × "),
            u.reason
        ));
    }
    if let Some(t) = &report.trace {
        text.push_str(&trace_text(t));
    }
    if let Some(v) = &report.value {
        match &report.value_decimal {
            Some(d) => text.push_str(&format!("value to player 1: {v} (~ {d})\n")),
            None => text.push_str(&format!("value to player 1: {v}\n")),
        }
    }
    text
}

/// The points of the logit branch, one line each: λ, then every probability.
fn path_text(points: &[PathPointReport]) -> String {
    let mut text = String::from("branch (λ, then each probability):\n");
    for p in points {
        let numbers: Vec<String> = p
            .profile
            .iter()
            .flatten()
            .map(|x| format!("{x:.6}"))
            .collect();
        text.push_str(&format!("{:.6},{}\n", p.lambda, numbers.join(",")));
    }
    text
}

/// Where a path-following method ended and what was found there.
fn trace_text(t: &TraceReport) -> String {
    let mut text = match (t.lambda, t.mesh) {
        (Some(lambda), _) => format!(
            "logit: the branch followed to λ = {lambda:.6e} in {} steps",
            t.steps
        ),
        (None, Some(mesh)) => {
            let grids = t.restarts.unwrap_or(0);
            let noun = if grids == 1 { "grid" } else { "grids" };
            format!(
                "simpdiv: {grids} {noun} down to mesh {mesh:.1e}, {} pivots",
                t.steps
            )
        }
        (None, None) => String::from("path"),
    };
    text.push_str(&format!(", regret {:.1e} of the payoff range", t.regret));
    if let Some(why) = &t.stopped {
        text.push_str(&format!(" ({why})"));
    }
    match t.distance {
        Some(d) => text.push_str(&format!(
            "; the equilibrium lies within {d:.1e} of its end\n"
        )),
        None => {
            let end: Vec<String> = t.end.iter().flatten().map(|x| format!("{x:.6}")).collect();
            text.push_str(&format!(
                "\nno equilibrium was found on the supports of its end ({}); the game may be degenerate there\n",
                end.join(",")
            ));
        }
    }
    text
}
