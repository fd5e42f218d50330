//! `conway grundy`: the value sequence of a heap game and its period, checkpointed during
//! long runs, and the misère genus of single heaps. The library computes each report
//! ([`sequence::compute`], [`heap_genera`]); this module reads the arguments, holds the
//! Ctrl-C watchdog off while a checkpoint is saved, and renders the reports.

use conway_impartial::heap::catalog::{HeapGame, NAMED, SYNTAX};
use conway_impartial::heap::checkpoint::Checkpointing;
use conway_impartial::heap::genus::{heap_genera, GenusReport, DEFAULT_GENUS_LIMIT};
use conway_impartial::heap::picture::{sequence_svg, PLOTTED_HEAPS};
use conway_impartial::heap::sequence::{self, SequenceReport};
use conway_impartial::ImpartialError;

use crate::answer::{drawn, shown, Answer};
use crate::args::GrundyArgs;
use crate::progress::Watcher;
use crate::render;
use crate::CliError;

/// `conway grundy --list`: the named games, then the forms a game may be written in.
#[derive(serde::Serialize, schemars::JsonSchema)]
pub struct Catalogue {
    games: Vec<render::Listed>,
    forms: Vec<render::Listed>,
}

/// What `conway grundy --list` lists: the named games with their codes, then the forms a
/// game may be written in, from the catalogue that parses them.
fn listed(entries: &[(&str, &str)]) -> Vec<render::Listed> {
    entries
        .iter()
        .map(|(name, summary)| render::Listed {
            name: name.to_string(),
            summary: summary.to_string(),
        })
        .collect()
}

/// The most heaps a worksheet computes values for only to draw them.
const MAX_DRAWN_SEQUENCE: u64 = 1 << 20;

/// `conway grundy` in a worksheet: as on the command line, with a plot of the values (and
/// the values listed only when `--values` asks for them).
pub fn drawn_answer(
    mut args: GrundyArgs,
    watch: &dyn Watcher,
) -> Result<Box<dyn Answer>, CliError> {
    if args.list || args.misere || args.misere_quotient || args.to > MAX_DRAWN_SEQUENCE {
        return answer(args, watch);
    }
    let listed = args.values;
    args.values = true;
    let report = sequence_report(&args, watch)?;
    Ok(drawn(
        report,
        move |r| {
            let mut shown = r.clone();
            if !listed {
                shown.values = None;
            }
            sequence_text(&shown)
        },
        |r| sequence_svg(r, PLOTTED_HEAPS),
    ))
}

/// `conway grundy`.
pub fn answer(args: GrundyArgs, watch: &dyn Watcher) -> Result<Box<dyn Answer>, CliError> {
    if args.list {
        let catalogue = Catalogue {
            games: listed(NAMED),
            forms: listed(SYNTAX),
        };
        return Ok(shown(catalogue, |c| {
            render::listing(render::names(&c.games)) + &render::listing(render::names(&c.forms))
        }));
    }
    let (game, to) = game_and_to(&args)?;
    if args.misere {
        return misere(&game, to, &args, watch);
    }
    if args.misere_quotient {
        let report = conway_impartial::heap::quotient::misere_quotient(
            &game,
            to,
            &*watch.stage("quotient"),
        )?;
        return Ok(drawn(
            report,
            quotient_text,
            conway_impartial::heap::quotient::picture::quotient_svg,
        ));
    }
    let every = args.every.checkpoint_every;
    let checkpointing = args
        .checkpoint
        .as_deref()
        .map(|path| Checkpointing::new(path, every).guarded(&HOLD_WATCHDOG));
    let progress = watch.stage("computing");
    let report = sequence::compute(&game, to, args.values, checkpointing.as_ref(), &*progress)
        .map_err(interrupted_worded)?;
    Ok(shown(report, sequence_text))
}

/// The game the arguments name and the last heap they ask for.
fn game_and_to(args: &GrundyArgs) -> Result<(HeapGame, usize), CliError> {
    let name = args
        .game
        .as_deref()
        .ok_or_else(|| CliError::bad_input("name a game or a code, e.g. 'conway grundy 0.77'"))?;
    let game = HeapGame::parse(name)?;
    // `--to N` asks for heaps 0..=N: N + 1 values.
    let to = usize::try_from(args.to)
        .ok()
        .filter(|&to| to < usize::MAX)
        .ok_or_else(|| CliError::bad_input(format!("--to {} is too large", args.to)))?;
    Ok((game, to))
}

/// The normal-play report of `args`, values included (without a checkpoint: a worksheet
/// writes no files).
fn sequence_report(args: &GrundyArgs, watch: &dyn Watcher) -> Result<SequenceReport, CliError> {
    let (game, to) = game_and_to(args)?;
    let report = sequence::compute(&game, to, true, None, &*watch.stage("computing"))
        .map_err(interrupted_worded)?;
    Ok(report)
}

/// Saves run with the Ctrl-C watchdog held off, so that it never ends the process in the
/// middle of writing a checkpoint.
const HOLD_WATCHDOG: fn(&mut dyn FnMut()) = |save| crate::progress::saving(save);

/// The error of a stopped run, telling how to resume when its values were saved.
fn interrupted_worded(e: ImpartialError) -> CliError {
    match &e {
        ImpartialError::InterruptedAtHeap {
            saved_to: Some(_), ..
        } => CliError::interrupted(format!("{e}: run the same command again to resume")),
        _ => e.into(),
    }
}

/// The text of a normal-play report.
fn sequence_text(report: &SequenceReport) -> String {
    let last = report.computed_to;
    let mut text = format!(
        "{}: Grundy values of heaps 0..{last} computed\n",
        report.game
    );
    let growth = match report.saltus {
        Some(saltus) if saltus > 0 => {
            format!(", each period adding {saltus} (arithmetic periodicity)")
        }
        _ => String::new(),
    };
    text.push_str(&match (report.periodicity(), report.certified) {
        (Some(p), true) => format!(
            "periodic from heap {} with period {}{growth} (certified by {})\n",
            p.preperiod,
            p.period,
            report.proved_by.unwrap_or("a theorem")
        ),
        (Some(p), false) => format!(
            "looks periodic from heap {} with period {}{growth} (observed up to heap {last}, not proved)\n",
            p.preperiod, p.period
        ),
        (None, _) => format!("no period found up to heap {last} (try a larger --to)\n"),
    });
    if let Some(values) = &report.values {
        let listed: Vec<String> = values.iter().map(|v| v.to_string()).collect();
        text.push_str(&listed.join(" "));
        text.push('\n');
    }
    text
}

/// `conway grundy GAME --misere`: the genus of heaps 0..=to, as far as the search limit.
fn misere(
    game: &HeapGame,
    to: usize,
    args: &GrundyArgs,
    watch: &dyn Watcher,
) -> Result<Box<dyn Answer>, CliError> {
    if args.checkpoint.is_some() {
        return Err(CliError::bad_input(
            "--checkpoint applies to normal-play sequences, not to --misere",
        ));
    }
    let mut report = heap_genera(game, to, DEFAULT_GENUS_LIMIT, &*watch.stage("searching"))?;
    if args.forms {
        let (forms, note) =
            conway_impartial::heap::forms::heap_form_texts(game, to, &*watch.stage("forms"))?;
        if let Some(note) = note {
            report.note = Some(match report.note.take() {
                Some(first) => format!("{first}; {note}"),
                None => note,
            });
        }
        report.forms = Some(forms);
    }
    Ok(shown(report, genus_text))
}

/// The text of a misère quotient, as MisereSolver lays it out.
fn quotient_text(report: &conway_impartial::heap::quotient::QuotientReport) -> String {
    let mut text = format!(
        "{}: misère quotient of heaps 0..{}\n{}\n|Q| = {}; |P| = {}\nPhi = {}\n",
        report.game,
        report.computed_to,
        report.presentation,
        report.order,
        report.p_order,
        report.heap_words.join(" ")
    );
    let changes: Vec<String> = report.changed_at.iter().map(usize::to_string).collect();
    text.push_str(&format!("changed at heaps {}\n", changes.join(", ")));
    match (report.period, report.preperiod) {
        (Some(period), Some(preperiod)) => text.push_str(&format!(
            "period {period} from heap {preperiod}, certified by the periodicity theorem: the \
             quotient of the whole game\n"
        )),
        _ => text.push_str("no period certified yet: the quotient of these heaps only\n"),
    }
    if let Some(note) = &report.note {
        text.push_str(&format!("{note}\n"));
    }
    text
}

/// The text of a misère report.
fn genus_text(report: &GenusReport) -> String {
    let mut text = format!(
        "{}: misère genus g^γ0γ1… of heaps 0..{} (g normal value, γ0 misère value; γi with i heaps of 2 added)\n",
        report.game, report.computed_to
    );
    let forms = report.forms.as_deref().unwrap_or_default();
    for (n, genus) in report.genus.iter().enumerate() {
        match forms.get(n) {
            Some(form) => text.push_str(&format!("{n:>4}  {:<10} {form}\n", genus.to_string())),
            None => text.push_str(&format!("{n:>4}  {genus}\n")),
        }
    }
    text.push_str(&format!(
        "misère values: {}\n",
        report
            .misere_values
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    ));
    if let Some(note) = &report.note {
        text.push_str(&format!("{note}\n"));
    }
    text
}
