//! Times the search for who wins empty Domineering rectangles (Left, vertical, first and
//! Right first) and reports the outcome class, positions searched and the process's peak
//! memory: `cargo run --release -p conway-partizan --example domineering_winner -- 8x8`.

use std::time::Instant;

use conway_core::NoProgress;
use conway_partizan::outcome::domineering::{winner, Position};

fn peak_memory_mib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

fn main() {
    for arg in std::env::args().skip(1) {
        let position = match Position::parse(&arg) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{arg}: {e}");
                std::process::exit(2);
            }
        };
        let start = Instant::now();
        match winner(&position, false, None, &NoProgress) {
            Ok(report) => println!(
                "{arg}: {} (Left first: {} wins, Right first: {} wins), {} positions, {:.2} s, peak {} MiB",
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
