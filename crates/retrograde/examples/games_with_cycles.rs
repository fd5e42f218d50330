//! Games with cycles from a program: the Easy Chase solved by retrograde analysis (winner,
//! game length, an optimal line), its solved table kept in a file and read back, and tokens
//! on a directed graph with cycles valued by the generalized Sprague-Grundy function.
//!
//! Run with `cargo run --release -p conway-retrograde --example games_with_cycles`. It is
//! also run by `cargo test`, which holds it to the values it prints.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};

use conway_core::{NoProgress, StopAfter, Work};
use conway_graph::Digraph;
use conway_retrograde::chase::Colour;
use conway_retrograde::loopy::{Gsg, LoopyOutcome};
use conway_retrograde::report::{
    chase, digraph_tokens, digraph_vertices, ChaseQuestion, TableFile,
};
use conway_retrograde::RetrogradeError;

fn main() -> Result<(), RetrogradeError> {
    // TopCoder's TheEasyChase, example 2: on a 3×3 board with White in one corner and Black
    // in the opposite one, Black wins in 6 plies against White's best resistance.
    let report = chase(3, (1, 1), (3, 3), white(true), None, &NoProgress)?;
    println!(
        "chase {}: {:?} in {:?} plies",
        report.position, report.winner, report.plies
    );
    for step in report.line.iter().flatten() {
        println!("  {step}");
    }
    assert_eq!(
        (report.winner, report.plies),
        (Some(Colour::Black), Some(6))
    );
    assert_eq!(report.line.as_ref().map(Vec::len), Some(6));
    println!(
        "{}",
        serde_json::to_string(&report).expect("reports serialize")
    );

    // A 20×20 board (320,000 states), its solve reported to a progress hook and its table
    // saved; asked again, the answer comes from the table, with no solve to report on (a
    // hook that stops at its first report would interrupt one).
    let file = std::env::temp_dir().join(format!("conway-example-{}.table", std::process::id()));
    // Hooks are shared with the solver's worker threads, hence the atomic counter.
    let reports = AtomicUsize::new(0);
    let count = |_: Work| {
        reports.fetch_add(1, Ordering::Relaxed);
        ControlFlow::Continue(())
    };
    let table = TableFile::new(&file);
    let solved = chase(20, (1, 1), (20, 20), white(false), Some(table), &count)?;
    println!(
        "chase 20: {:?} in {:?} plies ({} progress reports)",
        solved.winner,
        solved.plies,
        reports.load(Ordering::Relaxed)
    );
    assert!(reports.load(Ordering::Relaxed) > 0);
    let read_back = chase(
        20,
        (1, 1),
        (20, 20),
        white(false),
        Some(table),
        &StopAfter::units(0),
    )?;
    assert_eq!(read_back, solved);
    // Without the table, the same stopping hook interrupts the solve.
    let stopped = chase(
        20,
        (1, 1),
        (20, 20),
        white(false),
        None,
        &StopAfter::units(0),
    );
    assert!(matches!(stopped, Err(RetrogradeError::Interrupted)));
    let _ = std::fs::remove_file(&file);

    // A graph with cycles: a → b, a → t, b → a, and a 2-cycle c ⇄ d. A token on t cannot
    // move (γ = 0); from a the move to t wins (γ = 1); b's only move is to a (γ = 0); c and
    // d move for ever (γ = ∞(∅), a draw).
    let g = Digraph::parse("a: b t\nb: a\nt\nc: d\nd: c\n")?;
    let values = digraph_vertices(&g, &NoProgress)?;
    for v in &values.vertices {
        println!("  γ({}) = {} ({:?})", v.name, v.value, v.outcome);
    }
    let gamma: Vec<&Gsg> = values.vertices.iter().map(|v| &v.value).collect();
    let infinite = Gsg::Infinite(vec![]);
    let expected = [
        &Gsg::Finite(1),
        &Gsg::Finite(0),
        &Gsg::Finite(0),
        &infinite,
        &infinite,
    ];
    assert_eq!(gamma, expected);

    // Tokens on a and b: γ = 1 ⊕ 0 = 1, a first-player win, by any move that leaves a
    // nim-sum of 0 (a to b or to t, or b to a).
    let sum = digraph_tokens(&g, &["a", "b"], &NoProgress)?;
    println!("tokens a b: {} ({:?})", sum.value, sum.outcome);
    for m in &sum.winning_moves {
        println!("  {}  ⇒ {}", m.description, m.to);
    }
    assert_eq!(
        (sum.value.clone(), sum.outcome),
        (Gsg::Finite(1), LoopyOutcome::N)
    );
    assert_eq!(sum.winning_moves.len(), 3);
    // A token that can move for ever turns the sum into a draw.
    let drawn = digraph_tokens(&g, &["a", "c"], &NoProgress)?;
    assert_eq!(drawn.outcome, LoopyOutcome::D);
    Ok(())
}

#[test]
fn runs_and_checks_its_values() {
    main().expect("the example's games are valid");
}

/// A position with White to move, with or without one optimal line.
fn white(line: bool) -> ChaseQuestion {
    ChaseQuestion {
        to_move: Colour::White,
        line,
        moves: false,
    }
}
