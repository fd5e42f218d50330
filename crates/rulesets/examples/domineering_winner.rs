//! Times the search for who wins empty Domineering rectangles (Left, vertical, first and
//! Right first) and reports the outcome class, positions searched and the process's peak
//! memory: `cargo run --release -p conway-rulesets --example domineering_winner -- 8x8`
//! (`--threads N` first to search on N threads; every core by default).

use std::time::Instant;

use conway_core::NoProgress;
use conway_rulesets::outcome::domineering::{every_core, winner_on, Position};

#[path = "support/memory.rs"]
mod memory;

#[path = "support/winner_line.rs"]
mod winner_line;

use memory::peak_memory_mib;
use winner_line::print_or_exit;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut threads = every_core();
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
        let answer = winner_on(&position, false, None, &NoProgress, threads);
        print_or_exit(
            &arg,
            answer,
            start,
            &format!(" on {threads} threads"),
            peak_memory_mib(),
        );
    }
}
