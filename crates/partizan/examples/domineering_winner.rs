//! Times the search for who wins empty Domineering rectangles (Left, vertical, first and
//! Right first) and reports the outcome class, positions searched and the process's peak
//! memory: `cargo run --release -p conway-partizan --example domineering_winner -- 8x8`
//! (`--threads N` first to search on N threads; every core by default).

use std::time::Instant;

use conway_core::NoProgress;
use conway_partizan::outcome::domineering::{winner_on, Position};

#[path = "support/memory.rs"]
mod memory;

use memory::peak_memory_mib;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut threads = std::thread::available_parallelism().map_or(1, usize::from);
    if args.first().is_some_and(|a| a == "--threads") {
        threads = match args.get(1).and_then(|n| n.parse().ok()) {
            Some(n) => n,
            None => {
                eprintln!("--threads takes a number");
                std::process::exit(2);
            }
        };
        args.drain(..2);
    }
    for arg in args {
        let position = match Position::parse(&arg) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{arg}: {e}");
                std::process::exit(2);
            }
        };
        let start = Instant::now();
        match winner_on(&position, false, None, &NoProgress, threads) {
            Ok(report) => println!(
                "{arg}: {} (Left first: {} wins, Right first: {} wins), {} positions, {:.2} s on {threads} threads, peak {} MiB",
                report.outcome,
                report.left_first.winner,
                report.right_first.winner,
                report.nodes,
                start.elapsed().as_secs_f64(),
                peak_memory_mib().unwrap_or(0)
            ),
            Err(e) => {
                eprintln!("{arg}: {e}");
                std::process::exit(1);
            }
        }
    }
}
