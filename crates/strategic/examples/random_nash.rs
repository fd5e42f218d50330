//! Times the equilibrium methods on the benchmark's random n×n games (payoffs 0..99) and
//! writes each game in lrsnash's input format, so both solvers see the same games:
//! `cargo run --release -p conway-strategic --example random_nash -- 10 12 [--seeds 5]
//! [--seed S] [--lrs DIR [--write-only]] [--lh]` (`--seed`: that game only; `--write-only`:
//! write the games without solving them; `--lh`: time Lemke–Howson from label 1 instead).

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use conway_core::Work;

use conway_strategic::random::{lrs_input, random_game};
use conway_strategic::two_player::lh::lemke_howson;
use conway_strategic::two_player::vertex::extreme_equilibria;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let option = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let lrs_dir = option("--lrs");
    let count: u64 = option("--seeds").and_then(|s| s.parse().ok()).unwrap_or(1);
    let seeds: Vec<u64> = match option("--seed").and_then(|s| s.parse().ok()) {
        Some(seed) => vec![seed],
        None => (0..count).collect(),
    };
    let write_only = args.iter().any(|a| a == "--write-only");
    let sizes = args
        .iter()
        .take_while(|a| !a.starts_with("--"))
        .filter_map(|a| a.parse::<usize>().ok());
    for n in sizes {
        let mut times = Vec::new();
        for &seed in &seeds {
            let game = random_game(n, seed);
            if let Some(dir) = &lrs_dir {
                std::fs::write(format!("{dir}/game{n}_{seed}.txt"), lrs_input(n, seed))
                    .expect("write lrs input");
            }
            if write_only {
                continue;
            }
            if args.iter().any(|a| a == "--lh") {
                let runs = 100;
                let start = Instant::now();
                let mut last = None;
                for _ in 0..runs {
                    last = Some(lemke_howson(&game, 0).expect("an equilibrium"));
                }
                times.push(start.elapsed().as_secs_f64() / runs as f64);
                assert!(last.is_some_and(|e| game.is_equilibrium(&e)));
                continue;
            }
            let start = Instant::now();
            // The search reports the bases it has visited so far, in thousands or so.
            let bases = AtomicU64::new(0);
            let count = |work: Work| {
                bases.fetch_max(work.done, Ordering::Relaxed);
                ControlFlow::Continue(())
            };
            let eq = extreme_equilibria(&game, &count).expect("equilibria");
            times.push(start.elapsed().as_secs_f64());
            println!(
                "n = {n}, game {seed}: {} extreme equilibria in {:.4} s (about {} bases)",
                eq.len(),
                times[times.len() - 1],
                bases.load(Ordering::Relaxed)
            );
        }
        if times.is_empty() {
            continue;
        }
        times.sort_by(f64::total_cmp);
        let what = if args.iter().any(|a| a == "--lh") {
            "Lemke–Howson from label 1"
        } else {
            "all extreme equilibria"
        };
        println!(
            "n = {n}: {what}, median {:.4} ms over {} games",
            times[times.len() / 2] * 1000.0,
            times.len()
        );
    }
}
