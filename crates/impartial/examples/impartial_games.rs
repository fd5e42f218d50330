//! Impartial games from a program: solve a position (outcome, value, every winning move),
//! serialize the answer as `conway solve --json` does, and tabulate a heap game's Grundy
//! values with its certified period, resumably and under a progress hook that can stop it.
//!
//! Run with `cargo run --release -p conway-impartial --example impartial_games`. It is also
//! run by `cargo test`, which holds it to the values it prints.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Duration;

use conway_core::{NoProgress, Outcome, Work};
use conway_impartial::games::nim;
use conway_impartial::heap::catalog::HeapGame;
use conway_impartial::heap::checkpoint::Checkpointing;
use conway_impartial::heap::sequence::compute;
use conway_impartial::ImpartialError;
use num_bigint::BigUint;

fn main() -> Result<(), ImpartialError> {
    // Nim 3 5 7: the nim-sum is 1, so the player to move wins, by taking one stone from any
    // heap whose size has that bit set.
    let heaps: Vec<BigUint> = [3u32, 5, 7].into_iter().map(BigUint::from).collect();
    let solution = nim::solve(&heaps);
    println!(
        "nim 3 5 7: {} ({})",
        solution.outcome,
        solution.outcome.explanation()
    );
    for m in &solution.winning_moves {
        println!("  {}  ⇒ {}", m.description, m.to);
    }
    assert_eq!(solution.outcome, Outcome::N);
    assert_eq!(solution.winning_moves.len(), 3);
    println!(
        "{}",
        serde_json::to_string(&solution).expect("reports serialize")
    );

    // Kayles (octal 0.77) to heap 200: periodic from heap 71 with period 12, certified by the
    // periodicity theorem (Guy & Smith, 1956).
    let kayles = HeapGame::parse("kayles")?;
    let report = compute(&kayles, 200, false, None, &NoProgress)?;
    println!(
        "{}: preperiod {:?}, period {:?}, certified {}",
        report.game, report.preperiod, report.period, report.certified
    );
    assert_eq!((report.preperiod, report.period), (Some(71), Some(12)));
    assert!(report.certified);

    // Dawson's chess (octal 0.137) to heap 150,000, stopped by its progress hook once
    // 50,000 heaps are done (the engine reports in blocks, so it stops
    // at the end of the block under way): the values so far are in the checkpoint file, and
    // running again resumes from there to the same answer as a fresh run.
    let file = std::env::temp_dir().join(format!("conway-example-{}.ckpt", std::process::id()));
    let checkpoint = Checkpointing::new(&file, Duration::from_secs(60));
    let game = HeapGame::parse("0.137")?;
    let stop_early = |work: Work| {
        if work.done >= 50_000 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    match compute(&game, 150_000, false, Some(&checkpoint), &stop_early) {
        Err(ImpartialError::InterruptedAtHeap { heap, saved_to }) => {
            println!("stopped at heap {heap}; values saved to {saved_to:?}");
            assert!((50_000..150_000).contains(&heap));
            assert_eq!(saved_to.as_ref(), Some(&file));
        }
        other => panic!("expected the hook to stop the run, got {other:?}"),
    }
    let resumed = compute(&game, 150_000, false, Some(&checkpoint), &NoProgress)?;
    let fresh = compute(&game, 150_000, false, None, &NoProgress)?;
    println!(
        "0.137 (Dawson's chess): resumed to heap {}, period {:?} from heap {:?}",
        resumed.computed_to, resumed.period, resumed.preperiod
    );
    assert_eq!(resumed, fresh);
    assert_eq!(resumed.computed_to, 150_000);
    // Dawson's chess is Dawson's Kayles (0.07) shifted by one heap: period 34 from heap 52
    // (Guy & Smith, 1956; Winning Ways, chapter 4).
    assert_eq!((resumed.preperiod, resumed.period), (Some(52), Some(34)));
    remove(file);
    Ok(())
}

fn remove(file: PathBuf) {
    // A leftover scratch file is harmless; there is nothing to report.
    let _ = std::fs::remove_file(file);
}

#[test]
fn runs_and_checks_its_values() {
    main().expect("the example's games are valid");
}
