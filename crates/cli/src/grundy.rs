//! `conway grundy`: the value sequence of a heap game and its period, checkpointed during
//! long runs, and the misère genus of single heaps.

use std::path::Path;
use std::time::{Duration, Instant};

use conway_impartial::heap::catalog::{HeapGame, NAMED, SYNTAX};
use conway_impartial::heap::checkpoint;
use conway_impartial::heap::genus::{heap_genera, Genus, DEFAULT_GENUS_LIMIT};
use conway_impartial::heap::sequence::{report, HeapSequence, SequenceReport};
use serde_json::json;

use crate::args::GrundyArgs;
use crate::out::emit;
use crate::progress::Reporter;
use crate::CliError;
use conway_core::{Progress, Work};

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

/// Runs `conway grundy`.
pub fn run(args: GrundyArgs, json: bool) -> Result<(), CliError> {
    if args.list {
        emit(&game_list());
        return Ok(());
    }
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
    let len = to + 1;
    if args.misere {
        return run_misere(&game, len, &args, json);
    }
    game.check_len(to)?;
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
            "computed_to": to,
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
    let progress = Reporter::new("computing");
    let every = Duration::from_secs_f64(args.checkpoint_every.max(0.0));
    let mut last_save = Instant::now();
    loop {
        let done = sequence.extend_to(len, |done| {
            let stop = progress
                .report(Work::of(done as u64, len as u64, "heaps"))
                .is_break();
            !(stop || (path.is_some() && last_save.elapsed() >= every))
        })?;
        if let Some(p) = path {
            crate::progress::saving(|| save(p, &sequence))?;
            last_save = Instant::now();
        }
        if done {
            break;
        }
        if progress.stop_requested() {
            return Err(CliError::interrupted(match path {
                Some(p) => format!(
                    "interrupted at heap {}; values saved to {}: run the same command again to resume",
                    sequence.len(),
                    p.display()
                ),
                None => format!("interrupted at heap {}", sequence.len()),
            }));
        }
    }
    progress.finish();
    let mut values = sequence.into_values();
    // The checkpoint may have gone further than asked: report only the heaps asked for.
    values.truncate(len);
    Ok(report(game, values))
}

fn save(path: &Path, sequence: &HeapSequence) -> Result<(), CliError> {
    checkpoint::save(path, sequence).map_err(|e| CliError::internal(e.to_string()))
}

/// `conway grundy GAME --misere`: the genus of heaps 0..len, as far as the search limit.
fn run_misere(game: &HeapGame, len: usize, args: &GrundyArgs, json: bool) -> Result<(), CliError> {
    if args.checkpoint.is_some() {
        return Err(CliError::bad_input(
            "--checkpoint applies to normal-play sequences, not to --misere",
        ));
    }
    let progress = Reporter::new("searching");
    let (genera, stopped) = heap_genera(game, len, DEFAULT_GENUS_LIMIT, |done| {
        progress
            .report(Work::of(done as u64, len as u64, "heaps"))
            .is_continue()
    });
    if progress.stop_requested() {
        return Err(CliError::interrupted(format!(
            "interrupted at heap {}",
            genera.len()
        )));
    }
    progress.finish();
    let stop_note = stopped.map(|e| format!("stopped before heap {}: {e}", genera.len()));
    let texts: Vec<String> = genera.iter().map(Genus::to_string).collect();
    let misere: Vec<u64> = genera.iter().map(Genus::misere_value).collect();
    if json {
        let obj = json!({
            "game": game.name(),
            "computed_to": genera.len().saturating_sub(1),
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
