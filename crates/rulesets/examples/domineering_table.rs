//! Times empty Domineering rectangles (solving, then printing the value) and reports their
//! values, table sizes and the process's peak memory: `cargo run --release -p conway-rulesets --example domineering_table -- 5x6`.

use std::time::Instant;

use conway_partizan::print::canonical_text;
use conway_partizan::Store;
use conway_rulesets::domineering::{Board, Domineering};

#[path = "support/memory.rs"]
mod memory;

use memory::peak_memory_mib;

fn main() {
    for arg in std::env::args().skip(1) {
        let Some((rows, columns)) = arg.split_once('x') else {
            eprintln!("expected ROWSxCOLUMNS, got {arg}");
            std::process::exit(2);
        };
        let (Ok(rows), Ok(columns)) = (rows.parse::<usize>(), columns.parse::<usize>()) else {
            eprintln!("expected ROWSxCOLUMNS, got {arg}");
            std::process::exit(2);
        };
        let board = match Board::rectangle(rows, columns) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
        };
        let start = Instant::now();
        let mut store = Store::new();
        let mut solver = Domineering::new();
        let g = solver.canonical_form(&mut store, &board);
        let elapsed = start.elapsed();
        let printing = Instant::now();
        let text = canonical_text(&mut store, g);
        println!(
            "{rows}x{columns}: {:.3} s, printed in {:.3} s, {} regions, {} canonical forms, peak {} MiB: {}",
            elapsed.as_secs_f64(),
            printing.elapsed().as_secs_f64(),
            solver.regions_seen(),
            store.len(),
            peak_memory_mib().unwrap_or(0),
            text
        );
    }
}
