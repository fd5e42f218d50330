//! Partizan games from a program: evaluate CGSuite expressions and ruleset positions into one
//! store, read the report's fields, serialize it as the CLI's `--json` does, and stop a long
//! evaluation from a progress hook.
//!
//! Run with `cargo run --release -p conway-expr --example game_values`. It is also run by
//! `cargo test`, which holds it to the values it prints.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use conway_core::Work;
use conway_expr::eval::evaluate_report;
use conway_partizan::{PartizanError, Store};

fn main() -> Result<(), PartizanError> {
    // One store holds every game: values are handles into it, shared by later expressions.
    let mut store = Store::new();

    // A hot game: Left's stop 3, Right's 2; it cools to its mean 9/4 at temperature 3/4.
    let report = evaluate_report(&mut store, "{3||2|1}")?;
    let game = report
        .game
        .as_ref()
        .expect("a game expression reports on a game");
    println!(
        "{}: mean {}, temperature {}",
        game.canonical, game.mean, game.temperature
    );
    assert_eq!(
        (game.mean.to_string(), game.temperature.to_string()),
        ("9/4".into(), "3/4".into())
    );

    // The report serializes to the object `conway eval --json` prints.
    println!(
        "{}",
        serde_json::to_string_pretty(&report).expect("reports serialize")
    );

    // A ruleset position: 2×2 Domineering is ±1, a first-player win.
    let report = evaluate_report(&mut store, r#"domineering("..|..")"#)?;
    let canonical = &report.game.as_ref().expect("a game").canonical;
    println!("2×2 Domineering = {canonical}");
    assert_eq!(canonical, "+-1");

    // Progress: ruleset evaluations report the positions they have counted to a hook, which
    // may ask them to stop. Here the hook stops after 10,000 positions, so a 6×6 board
    // (hundreds of thousands of positions) ends with `Interrupted` and the store stays usable.
    let seen = Arc::new(AtomicU64::new(0));
    let counter = seen.clone();
    store.set_progress(Arc::new(move |work: Work| {
        counter.store(work.done, Ordering::Relaxed);
        if work.done >= 10_000 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }));
    let board = ["......"; 6].join("|");
    match evaluate_report(&mut store, &format!(r#"domineering("{board}")"#)) {
        Err(PartizanError::Interrupted) => println!(
            "6×6 Domineering: stopped by the hook after {} positions",
            seen.load(Ordering::Relaxed)
        ),
        other => panic!("expected the hook to stop the evaluation, got {other:?}"),
    }
    Ok(())
}

#[test]
fn runs_and_checks_its_values() {
    main().expect("the example's expressions are valid");
}
