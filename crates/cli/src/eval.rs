//! `conway eval`: evaluates a CGSuite expression and prints the game's report.
//!
//! Evaluation recurses along the game's structure (birthdays, nesting of the expression), so it
//! runs on a thread with a large stack rather than the main thread's few megabytes.

use std::sync::LazyLock;

use conway_expr::eval::{
    evaluate_report_with, Bindings, EvalReport, Listing, Moves, Value, FUNCTIONS,
};
use conway_loopy::picture::{loopy_svg, MAX_DRAWN_POSITIONS};
use conway_partizan::thermal::{thermograph, thermograph_svg, MAX_NUMBER_EXPONENT};
use conway_partizan::{Player, Store};

use crate::answer::{playable, Answer, Play};
use crate::args::EvalArgs;
use crate::progress::Watcher;
use crate::CliError;

/// Stack for the evaluation thread: deep games recurse deeply; the memory is only reserved.
/// The store refuses a recursion deeper than its stack holds, so the stack is the promise
/// every front end makes alike.
pub const EVAL_STACK: usize = conway_partizan::stack::EVALUATION_STACK;

/// The list of functions for `conway eval --help`, from the table `eval` dispatches through.
pub static FUNCTIONS_HELP: LazyLock<String> = LazyLock::new(|| {
    let mut text = String::from("Functions:\n");
    for function in FUNCTIONS.iter() {
        let mut meaning = function.help.to_string();
        if !function.aliases.is_empty() {
            meaning.push_str(&format!("; also {}", function.aliases.join(", ")));
        }
        text.push_str(&format!("  {:<26} {meaning}\n", function.signature()));
    }
    text.push_str(
        "\nComparisons == <= >= < > <| |> <> print true or false. Names ignore case and \
         underscores, so CGSuite's spellings work too.\n\
         Misère games are written *[…] as in CGSuite: *[3] is a nim heap, *[4,2] the game \
         with options *[4] and *[2], *[[2],0] nests options, *[*[2]+*[2]] takes any misère \
         game; forms print (and read back) as CGSuite prints them, e.g. *[2#0], *[2[2]].",
    );
    text
});

/// `conway eval`.
pub fn answer(args: EvalArgs, watch: &dyn Watcher) -> Result<Box<dyn Answer>, CliError> {
    answer_naming(args, &Bindings::new(), watch)
}

/// `eval` run in a session, whose expression may name what `names` holds (the caller's
/// rulesets).
pub fn answer_naming(
    args: EvalArgs,
    names: &Bindings,
    watch: &dyn Watcher,
) -> Result<Box<dyn Answer>, CliError> {
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("eval".into())
            .stack_size(EVAL_STACK)
            .spawn_scoped(scope, || evaluate(&args, names, watch))
            .map_err(|e| CliError::internal(format!("cannot start the evaluation thread: {e}")))?;
        worker
            .join()
            .map_err(|_| CliError::internal("the evaluation failed unexpectedly"))?
    })
}

fn evaluate(
    args: &EvalArgs,
    names: &Bindings,
    watch: &dyn Watcher,
) -> Result<Box<dyn Answer>, CliError> {
    let mut store = Store::new();
    let progress = watch.stage("evaluating");
    store.set_progress(progress.clone());
    let listing = if args.every_move {
        Listing::Every
    } else {
        Listing::Good
    };
    let report = evaluate_report_with(&mut store, names, &args.expr, listing)?;
    progress.finish();
    if let Some(path) = &args.svg {
        let picture = match &report.result {
            // A loopy value: its game graph.
            Value::Loopy(value) => loopy_svg(value, &args.expr, &mut store)?.ok_or_else(|| {
                CliError::bad_input(format!(
                    "--svg: the graph has more than {MAX_DRAWN_POSITIONS} positions to draw"
                ))
            })?,
            // The report's own thermograph when it has one (a number too large for one is
            // refused here as `thermograph(G)` would be).
            Value::Game(g) => thermograph_svg(
                &match report.game.as_ref().and_then(|r| r.thermograph.clone()) {
                    Some(t) => t,
                    None => thermograph(&mut store, *g)?,
                },
                &args.expr,
            ),
            Value::Thermograph(t) => thermograph_svg(t, &args.expr),
            _ => {
                return Err(CliError::bad_input(
                    "--svg needs an expression whose value is a game or a thermograph",
                ))
            }
        };
        std::fs::write(path, picture)
            .map_err(|e| CliError::io(format!("cannot write {}: {e}", path.display())))?;
    }
    Ok(playable(report, |r| text(r) + "\n", play))
}

/// A ruleset position (or a sum with one) whose every move is listed, as the worksheet
/// plays it: Conway's move as Left and as Right.
pub fn play(report: &EvalReport) -> Option<Play> {
    let moves = report.moves.as_ref().filter(|m| m.moves_note.is_none())?;
    Some(Play {
        left_reply: moves.reply(Player::Left),
        right_reply: moves.reply(Player::Right),
        left_ended: moves.ended(Player::Left),
        right_ended: moves.ended(Player::Right),
        left_drawn: moves.drawn(Player::Left),
        right_drawn: moves.drawn(Player::Right),
        draw_after: moves
            .goes_on()
            .then_some(conway_core::play::PLAYED_OUT_PLIES),
        ..Play::of_game("ruleset", None, None)
    })
}

/// The search behind an outcome found without the value (`outcome(domineering("8x8"))`):
/// who wins each way, with a winning first move; empty for any other value.
fn searched(report: &EvalReport) -> String {
    report.search.as_ref().map_or_else(String::new, |search| {
        let starts = crate::render::starts_text(search, "  ");
        format!("\n{}", starts.trim_end())
    })
}

/// The value alone, as a worksheet prints it (CGSuite's one line), and any note.
pub fn line(report: &EvalReport) -> String {
    let value = match &report.game {
        Some(r) if report.loopy.is_none() && report.misere.is_none() => r.canonical.clone(),
        _ => report.value.clone().unwrap_or_default() + &searched(report),
    };
    let notes: String = report
        .notes
        .iter()
        .map(|note| format!("\n  note: {note}"))
        .collect();
    value + &notes
}

/// The report for a person: the canonical form, then one row per property.
pub fn text(report: &EvalReport) -> String {
    let notes: String = report
        .notes
        .iter()
        .map(|note| format!("\n  note:          {note}"))
        .collect();
    let moves = report.moves.as_ref().map(moves_text).unwrap_or_default();
    if let Some(r) = &report.loopy {
        let mut rows = vec![
            (
                "outcome",
                format!("{} ({})", r.outcome, r.outcome.explanation()),
            ),
            ("stopper", if r.stopper { "yes" } else { "no" }.to_string()),
        ];
        if !r.stopper {
            rows.push(("onside", r.onside.clone()));
            rows.push(("offside", r.offside.clone()));
        }
        if let (Some(left), Some(right)) = (&r.left_stop, &r.right_stop) {
            rows.push(("left stop", left.clone()));
            rows.push(("right stop", right.clone()));
        }
        let value = report.value.clone().unwrap_or_default();
        return value + &property_rows(&rows) + &moves + &notes;
    }
    if let Some(r) = &report.misere {
        let outcome = match r.misere_outcome {
            conway_partizan::Outcome::Previous => "P (misère play: the player to move loses)",
            _ => "N (misère play: the player to move wins)",
        };
        let rows = [
            ("outcome", outcome.to_string()),
            ("misère value", r.misere_nim_value.to_string()),
            ("nim value", r.nim_value.to_string()),
            ("genus", r.genus.clone()),
            ("phylum", r.phylum.to_string()),
            ("birthday", r.birthday.to_string()),
            ("options", r.options.join(", ")),
        ];
        let value = report.value.clone().unwrap_or_default();
        return value + &property_rows(&rows) + &notes;
    }
    let Some(r) = &report.game else {
        return report.value.clone().unwrap_or_default() + &searched(report) + &notes;
    };
    let rows = [
        (
            "outcome",
            format!("{} ({})", r.outcome, r.outcome.explanation()),
        ),
        ("left stop", r.left_stop.to_string()),
        ("right stop", r.right_stop.to_string()),
        ("mean", r.mean.to_string()),
        ("temperature", r.temperature.to_string()),
        ("birthday", r.birthday.to_string()),
        (
            "thermograph",
            r.thermograph.as_ref().map_or_else(
                || format!("too large to print (a denominator above 2^{MAX_NUMBER_EXPONENT})"),
                ToString::to_string,
            ),
        ),
        (
            "atomic weight",
            r.atomic_weight
                .clone()
                .unwrap_or_else(|| "none (not atomic)".into()),
        ),
        ("reduced", r.reduced.clone()),
    ];
    r.canonical.clone() + &property_rows(&rows) + &moves + &notes
}

/// One indented line per property, the values aligned.
fn property_rows(rows: &[(&str, String)]) -> String {
    rows.iter()
        .map(|(name, value)| format!("\n  {:<14} {value}", format!("{name}:")))
        .collect()
}

/// Each player's moves: what was listed and why, then one line a move.
fn moves_text(moves: &Moves) -> String {
    let mut out = String::new();
    if let Some(note) = &moves.moves_note {
        return format!("\n  moves:         not listed: {note}");
    }
    for (player, list) in [("Left", &moves.left_moves), ("Right", &moves.right_moves)] {
        let winning = list.iter().filter(|m| m.wins).count();
        let drawing = list.iter().filter(|m| m.draws).count();
        let title = if moves.every_move {
            let draws = if drawing > 0 {
                format!(", {drawing} drawing")
            } else {
                String::new()
            };
            format!(
                "{player}'s moves ({}, {winning} winning{draws})",
                list.len()
            )
        } else if list.is_empty() {
            format!("{player}'s moves: none")
        } else if winning > 0 {
            format!("{player}'s winning moves ({winning})")
        } else if drawing > 0 {
            format!("{player}'s drawing moves (none wins) ({drawing})")
        } else if list.iter().any(|m| m.plies.is_some()) {
            // A loopy game lists every move when all lose, each with how long it resists.
            format!("{player}'s moves (each loses) ({})", list.len())
        } else {
            format!("{player}'s best moves (none wins) ({})", list.len())
        };
        out.push_str(&format!(
            "\n  {title}{}",
            if list.is_empty() { "" } else { ":" }
        ));
        for m in list {
            let mark = match (m.wins, m.draws, m.plies) {
                (true, _, Some(plies)) => format!("  (wins in {plies})"),
                (false, false, Some(plies)) => format!("  (loses in {plies})"),
                (true, _, None) if moves.every_move => "  (wins)".to_string(),
                (_, true, _) if moves.every_move => "  (draws)".to_string(),
                _ => String::new(),
            };
            out.push_str(&format!(
                "\n    {}  ⇒ {} = {}{mark}",
                m.description, m.to, m.value
            ));
        }
    }
    out
}
