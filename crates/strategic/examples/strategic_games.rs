//! Strategic games from a program: every Nash equilibrium of a bimatrix game in exact
//! rationals, a report serialized as `conway nash --json` prints it, the evolutionarily
//! stable strategies of Hawk–Dove, the stochastically stable convention of a stag hunt, and a
//! progress hook that stops a long enumeration.
//!
//! Run with `cargo run --release -p conway-strategic --example strategic_games`. It is also
//! run by `cargo test`, which holds it to the values it prints.

use std::ops::ControlFlow;

use conway_core::{NoProgress, Work};
use conway_strategic::evolutionary::{ess, stable};
use conway_strategic::formats::input::{read_game, read_symmetric_game};
use conway_strategic::nash::{equilibria, Method, Options};
use conway_strategic::StrategicError;

fn main() -> Result<(), StrategicError> {
    // The battle of the sexes: two pure equilibria, where both go to the same place, and a
    // mixed one where each goes to their own favourite with probability 3/5.
    let game = read_game(None, Some("3 0; 0 2"), Some("2 0; 0 3"))?;
    let report = equilibria(&game, None, Options::default(), &NoProgress)?;
    println!("battle of the sexes, by {}:", report.method.name());
    for profile in &report.equilibria {
        let players: Vec<String> = profile.iter().map(|s| s.join(", ")).collect();
        println!("  ({})", players.join(") ("));
    }
    let mut found = report.equilibria.clone();
    found.sort();
    let profile = |x: [&str; 2], y: [&str; 2]| vec![strings(x), strings(y)];
    let mut expected = vec![
        profile(["1", "0"], ["1", "0"]),
        profile(["0", "1"], ["0", "1"]),
        profile(["3/5", "2/5"], ["2/5", "3/5"]),
    ];
    expected.sort();
    assert_eq!(found, expected);
    println!(
        "{}",
        serde_json::to_string(&report).expect("reports serialize")
    );

    // Matching pennies is zero-sum (player 2's payoffs are the negatives of player 1's, so
    // one matrix is enough): value 0, both players mixing half and half.
    let pennies = read_game(None, Some("1 -1; -1 1"), None)?;
    let report = equilibria(&pennies, Some(Method::Lp), Options::default(), &NoProgress)?;
    println!("matching pennies: value {:?}", report.value);
    assert_eq!(report.value.as_deref(), Some("0"));
    assert_eq!(report.equilibria, vec![vec![strings(["1/2", "1/2"]); 2]]);

    // Hawk–Dove with prize 2 and fight cost 4 (Maynard Smith, 1982): neither pure strategy
    // is stable; the mixture playing Hawk with probability V/C = 1/2 is the ESS.
    let hawk_dove = read_symmetric_game(None, Some("-1 2; 0 1"), None)?;
    let report = ess::analyse(&hawk_dove)?;
    println!("hawk-dove ESS: {:?}", report.ess);
    assert_eq!(report.ess, vec![strings(["1/2", "1/2"])]);

    // A stag hunt among 10 agents revising by best reply with rare mistakes
    // (Kandori, Mailath & Rob, 1993): the risk-dominant convention, everyone hunting hare,
    // is the one stochastically stable state.
    let stag_hunt = read_symmetric_game(None, Some("4 0; 3 3"), None)?;
    let report = stable::analyse(&stag_hunt, 10, &NoProgress)?;
    let stable: Vec<&Vec<Vec<usize>>> = report
        .stable
        .iter()
        .map(|&c| &report.recurrent_classes[c])
        .collect();
    println!("stag hunt, 10 agents: stochastically stable {stable:?}");
    assert_eq!(stable, vec![&vec![vec![0, 10]]]);

    // A progress hook decides when to give up: here it stops vertex enumeration of a
    // random 12×12 game at its first report, and the library says it was interrupted.
    let big = read_game(None, Some(&square(12, 7)), Some(&square(12, 11)))?;
    let give_up = |_: Work| ControlFlow::Break(());
    match equilibria(&big, Some(Method::Enum), Options::default(), &give_up) {
        Err(StrategicError::Interrupted) => println!("12×12 enumeration: stopped by its hook"),
        other => panic!("expected the hook to stop the enumeration, got {other:?}"),
    }
    Ok(())
}

fn strings<const N: usize>(xs: [&str; N]) -> Vec<String> {
    xs.iter().map(|x| x.to_string()).collect()
}

/// An `n`×`n` payoff matrix of small pseudo-random integers (a fixed linear congruence).
fn square(n: usize, seed: u64) -> String {
    let mut state = seed;
    let rows: Vec<String> = (0..n)
        .map(|_| {
            let row: Vec<String> = (0..n)
                .map(|_| {
                    state = state
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1);
                    ((state >> 33) % 10).to_string()
                })
                .collect();
            row.join(" ")
        })
        .collect();
    rows.join("; ")
}

#[test]
fn runs_and_checks_its_values() {
    main().expect("the example's games are valid");
}
