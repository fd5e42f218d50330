//! `conway grundy`: the value sequence of a heap game and its period, checkpointed during
//! long runs, and the misère genus of single heaps.

use std::io::IsTerminal;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use conway_impartial::heap::catalog::{HeapGame, NAMED, SYNTAX};
use conway_impartial::heap::checkpoint;
use conway_impartial::heap::genus::{heap_genera, Genus, DEFAULT_GENUS_LIMIT};
use conway_impartial::heap::sequence::{report, HeapSequence, SequenceReport};
use serde_json::json;

use crate::args::GrundyArgs;
use crate::out::emit;
use crate::CliError;

/// The list printed by `conway grundy --list`.
fn game_list() -> String {
    let mut text = String::new();
    for (name, code) in NAMED {
        text.push_str(&format!("{name:<16} {code}\n"));
    }
    for (form, meaning) in SYNTAX {
        text.push_str(&format!("{form:<16} {meaning}\n"));
    }
    text
}

/// A progress bar with rate and ETA on a terminal; nothing when stderr is piped.
fn progress_bar(len: usize, unit: &str) -> Option<indicatif::ProgressBar> {
    std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(len as u64);
        let template = format!(
            "{{bar:40}} {{human_pos}}/{{human_len}} {unit} ({{percent}}%)  {{per_sec}}  ETA {{eta}}  (Ctrl-C stops)"
        );
        bar.set_style(
            indicatif::ProgressStyle::with_template(&template)
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar
    })
}

/// Runs `conway grundy`.
pub fn run(args: GrundyArgs, json: bool) -> Result<(), CliError> {
    if args.list {
        emit(&game_list());
        return Ok(());
    }
    let name = args.game.as_deref().ok_or_else(|| {
        CliError::BadInput("name a game or a code, e.g. 'conway grundy 0.77'".into())
    })?;
    let game = HeapGame::parse(name)?;
    let len = usize::try_from(args.to)
        .map_err(|_| CliError::BadInput(format!("--to {} is too large", args.to)))?;
    if args.misere {
        return run_misere(&game, len, &args, json);
    }
    game.check_len(len)?;
    let report = compute(&game, len, &args)?;
    let values = args.values.then(|| {
        report
            .values
            .iter()
            .take(len)
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
    });
    if json {
        let mut obj = json!({
            "game": report.game,
            "computed_to": len,
            "preperiod": report.period.map(|p| p.preperiod),
            "period": report.period.map(|p| p.period),
            "saltus": report.period.map(|_| report.saltus),
            "certified": report.certified,
        });
        if let Some(values) = values {
            obj["values"] = json!(values);
        }
        emit(&format!("{obj}\n"));
        return Ok(());
    }
    let last = report.computed_to.saturating_sub(1);
    let mut text = format!(
        "{}: Grundy values of heaps 0..{last} computed\n",
        report.game
    );
    let growth = if report.saltus > 0 {
        format!(
            ", each period adding {} (arithmetic periodicity)",
            report.saltus
        )
    } else {
        String::new()
    };
    text.push_str(&match (report.period, report.certified) {
        (Some(p), true) => format!(
            "periodic from heap {} with period {}{growth} (certified by the periodicity theorem)\n",
            p.preperiod, p.period
        ),
        (Some(p), false) => format!(
            "looks periodic from heap {} with period {}{growth} (observed up to heap {last}, not proved)\n",
            p.preperiod, p.period
        ),
        (None, _) => format!("no period found up to heap {last} (try a larger --to)\n"),
    });
    if let Some(values) = values {
        text.push_str(&values.join(" "));
        text.push('\n');
    }
    emit(&text);
    Ok(())
}

/// The values of heaps `0..len` (or more, when a checkpoint holds more) with their period:
/// resumed from and saved to the checkpoint file if one is given, stopped cleanly by Ctrl-C.
fn compute(game: &HeapGame, len: usize, args: &GrundyArgs) -> Result<SequenceReport, CliError> {
    let path = args.checkpoint.as_deref();
    let mut sequence = match path.map(|p| checkpoint::load(p, game)).transpose()? {
        Some(Some(values)) => HeapSequence::resume(game, values)?,
        _ => HeapSequence::new(game),
    };
    // Ctrl-C asks the engine to stop at its next progress report; the values so far are
    // then saved, so that nothing is lost.
    let interrupted = Arc::new(AtomicBool::new(false));
    if path.is_some() {
        let flag = Arc::clone(&interrupted);
        let _ = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst));
    }
    let every = Duration::from_secs_f64(args.checkpoint_every.max(0.0));
    let bar = progress_bar(len, "heaps");
    if let Some(bar) = &bar {
        bar.set_position(sequence.len().min(len) as u64);
        bar.reset_eta();
    }
    let mut last_save = Instant::now();
    loop {
        let done = sequence.extend_to(len, |done| {
            if let Some(bar) = &bar {
                bar.set_position(done as u64);
            }
            let stop = interrupted.load(Ordering::SeqCst);
            !(stop || (path.is_some() && last_save.elapsed() >= every))
        })?;
        if let Some(p) = path {
            save(p, &sequence)?;
            last_save = Instant::now();
        }
        if done {
            break;
        }
        if interrupted.load(Ordering::SeqCst) {
            if let Some(bar) = &bar {
                bar.abandon();
            }
            return Err(CliError::Interrupted(format!(
                "interrupted at heap {}; values saved to {}: run the same command again to resume",
                sequence.len(),
                path.map_or_else(String::new, |p| p.display().to_string())
            )));
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let mut values = sequence.into_values();
    // The checkpoint may have gone further than asked: report only the heaps asked for.
    values.truncate(len);
    Ok(report(game, values))
}

fn save(path: &Path, sequence: &HeapSequence) -> Result<(), CliError> {
    checkpoint::save(path, sequence).map_err(|e| CliError::Internal(e.to_string()))
}

/// `conway grundy GAME --misere`: the genus of heaps 0..len, as far as the search limit.
fn run_misere(game: &HeapGame, len: usize, args: &GrundyArgs, json: bool) -> Result<(), CliError> {
    if args.checkpoint.is_some() {
        return Err(CliError::BadInput(
            "--checkpoint applies to normal-play sequences, not to --misere".into(),
        ));
    }
    let bar = progress_bar(len, "heaps");
    let (genera, stopped) = heap_genera(game, len, DEFAULT_GENUS_LIMIT, |done| {
        if let Some(bar) = &bar {
            bar.set_position(done as u64);
        }
        true
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let stop_note = stopped.map(|e| format!("stopped before heap {}: {e}", genera.len()));
    let texts: Vec<String> = genera.iter().map(Genus::to_string).collect();
    let misere: Vec<u64> = genera.iter().map(Genus::misere_value).collect();
    if json {
        let obj = json!({
            "game": game.name(),
            "computed_to": genera.len(),
            "misere_values": misere,
            "genus": texts,
            "complete": stop_note.is_none(),
            "note": stop_note,
        });
        emit(&format!("{obj}\n"));
        return Ok(());
    }
    let mut text = format!(
        "{}: misère genus g^γ0γ1… of heaps 0..{} (g normal value, γ0 misère value; γi with i heaps of 2 added)\n",
        game.name(),
        genera.len().saturating_sub(1)
    );
    for (n, t) in texts.iter().enumerate() {
        text.push_str(&format!("{n:>4}  {t}\n"));
    }
    text.push_str(&format!(
        "misère values: {}\n",
        misere
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    ));
    if let Some(note) = stop_note {
        text.push_str(&format!("{note}\n"));
    }
    emit(&text);
    Ok(())
}
