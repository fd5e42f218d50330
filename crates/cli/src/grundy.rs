//! `conway grundy`: the value sequence of a heap game and its period.

use std::io::IsTerminal;

use conway_impartial::heap::catalog::{analyse_with_progress, HeapGame, NAMED};
use serde_json::json;

use crate::args::GrundyArgs;
use crate::out::emit;
use crate::CliError;

/// Runs `conway grundy`.
pub fn run(args: GrundyArgs, json: bool) -> Result<(), CliError> {
    if args.list {
        let mut text = String::new();
        for (name, code) in NAMED {
            text.push_str(&format!("{name:<16} {code}\n"));
        }
        text.push_str(&format!(
            "{:<16} 0.d1d2… octal or hexadecimal (digits up to F); a 4. head splits heaps\n",
            "any code"
        ));
        emit(&text);
        return Ok(());
    }
    let name = args.game.ok_or_else(|| {
        CliError::BadInput("name a game or a code, e.g. 'conway grundy 0.77'".into())
    })?;
    let game = HeapGame::parse(&name)?;
    let len = usize::try_from(args.to)
        .map_err(|_| CliError::BadInput(format!("--to {} is too large", args.to)))?;
    // A progress bar with rate and ETA on a terminal; nothing when stderr is piped.
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(len as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {human_pos}/{human_len} heaps ({percent}%)  ETA {eta}  (Ctrl-C stops)",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar
    });
    let report = analyse_with_progress(&game, len, |done| {
        if let Some(bar) = &bar {
            bar.set_position(done as u64);
        }
    })?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let values: Vec<String> = report.values.iter().map(u64::to_string).collect();
    if json {
        let mut obj = json!({
            "game": report.game,
            "computed_to": report.computed_to,
            "preperiod": report.period.map(|p| p.preperiod),
            "period": report.period.map(|p| p.period),
            "saltus": report.period.map(|_| 0),
            "certified": report.certified,
        });
        if args.values {
            obj["values"] = json!(values);
        }
        emit(&format!("{obj}\n"));
        return Ok(());
    }
    let mut text = format!(
        "{}: Grundy values of heaps 0..{} computed\n",
        report.game,
        report.computed_to.saturating_sub(1)
    );
    text.push_str(&match (report.period, report.certified) {
        (Some(p), true) => format!(
            "periodic from heap {} with period {} (certified by the periodicity theorem)\n",
            p.preperiod, p.period
        ),
        (Some(p), false) => format!(
            "looks periodic from heap {} with period {} (observed up to heap {}, not proved)\n",
            p.preperiod,
            p.period,
            report.computed_to.saturating_sub(1)
        ),
        (None, _) => format!(
            "no period found up to heap {} (try a larger --to)\n",
            report.computed_to.saturating_sub(1)
        ),
    });
    if args.values {
        text.push_str(&values.join(" "));
        text.push('\n');
    }
    emit(&text);
    Ok(())
}
