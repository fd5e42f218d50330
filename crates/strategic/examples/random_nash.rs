//! Times vertex enumeration on random n×n games with integer payoffs 0..99 (the issue's
//! benchmark family), and writes each game in lrsnash's input format for comparison:
//! `cargo run --release -p conway-strategic --example random_nash -- 10 12 [--lrs DIR] [--lh]`
//! (`--lh`: time Lemke–Howson from label 1 instead).

use std::time::Instant;

use conway_strategic::game::integer;
use conway_strategic::lh::lemke_howson;
use conway_strategic::vertex::extreme_equilibria;
use conway_strategic::NormalFormGame;

/// The benchmark's games: a fixed linear congruential generator, so runs are repeatable.
fn random_game(n: usize, seed: u64) -> (Vec<Vec<i64>>, Vec<Vec<i64>>) {
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut next = || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) % 100) as i64
    };
    let a = (0..n).map(|_| (0..n).map(|_| next()).collect()).collect();
    let b = (0..n).map(|_| (0..n).map(|_| next()).collect()).collect();
    (a, b)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let lrs_dir = args
        .iter()
        .position(|a| a == "--lrs")
        .and_then(|i| args.get(i + 1))
        .cloned();
    for n in args
        .iter()
        .take_while(|a| !a.starts_with("--"))
        .filter_map(|a| a.parse::<usize>().ok())
    {
        let (a, b) = random_game(n, n as u64);
        if let Some(dir) = &lrs_dir {
            let rows = |m: &Vec<Vec<i64>>| {
                m.iter()
                    .map(|r| r.iter().map(i64::to_string).collect::<Vec<_>>().join(" "))
                    .collect::<Vec<_>>()
                    .join("\n")
            };
            let text = format!("{n} {n}\n\n{}\n\n{}\n", rows(&a), rows(&b));
            std::fs::write(format!("{dir}/game{n}.txt"), text).expect("write lrs input");
        }
        let conv = |m: &Vec<Vec<i64>>| -> Vec<Vec<_>> {
            m.iter()
                .map(|r| r.iter().map(|&x| integer(x)).collect())
                .collect()
        };
        let game = NormalFormGame::bimatrix(&conv(&a), &conv(&b)).expect("game");
        if args.iter().any(|a| a == "--lh") {
            let start = Instant::now();
            let runs = 100;
            let mut last = None;
            for _ in 0..runs {
                last = Some(lemke_howson(&game, 0).expect("an equilibrium"));
            }
            let per_run = start.elapsed().as_secs_f64() * 1000.0 / runs as f64;
            assert!(last.is_some_and(|e| game.is_equilibrium(&e)));
            println!("n = {n}: Lemke–Howson from label 1 in {per_run:.3} ms (mean of {runs})");
            continue;
        }
        let start = Instant::now();
        let eq = extreme_equilibria(&game).expect("equilibria");
        println!(
            "n = {n}: {} extreme equilibria in {:.3} s",
            eq.len(),
            start.elapsed().as_secs_f64()
        );
    }
}
