//! Times the fast Grundy-sequence engine on one code and reports the period the periodicity
//! theorem certifies, with the engine's work counters:
//!
//! `cargo run --release -p conway-impartial --example octal_run -- 0.16 600000 [--rare]`
//! (`grundy` for Grundy's game)
//!
//! `--threads N` runs on N threads (default: one per core; the values are the same).
//! `--rare` also lists the rare positions (the heaps whose values are rare under the final
//! mask), the quantity that decides how fast the rare/common method is for a game.

use std::time::Instant;

use conway_impartial::heap::fast::SequenceEngine;
use conway_impartial::heap::octal::OctalGame;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let show_rare = args.iter().any(|a| a == "--rare");
    let threads = args
        .iter()
        .position(|a| a == "--threads")
        .and_then(|i| args.get(i + 1))
        .map(|s| s.parse::<usize>())
        .transpose()?;
    let mut plain = args
        .iter()
        .enumerate()
        .filter(|&(i, a)| !a.starts_with("--") && (i == 0 || args[i - 1] != "--threads"))
        .map(|(_, a)| a);
    let code = plain.next().map_or("0.16", |s| s.as_str());
    let len: usize = plain
        .next()
        .map(|s| s.parse())
        .transpose()?
        .unwrap_or(600_000);
    let game = (code != "grundy")
        .then(|| OctalGame::parse(code))
        .transpose()?;

    let start = Instant::now();
    let mut engine = match &game {
        Some(game) => SequenceEngine::new(game),
        None => SequenceEngine::grundys_game(),
    };
    if let Some(threads) = threads {
        engine = engine.with_threads(threads);
    }
    engine.extend_to(len, &conway_core::NoProgress)?;
    let elapsed = start.elapsed();
    let values = engine.values();
    let digest = values.iter().fold(0u64, |h, v| {
        (h ^ u64::from(v)).wrapping_mul(0x100_0000_01b3)
    });
    println!(
        "{code} to {len}: {:.3} s, largest value {}, {} byte(s) per value, digest {digest:016x}",
        elapsed.as_secs_f64(),
        values.max(),
        values.width()
    );
    println!(
        "mask {:#x}{}, {} rare positions, {:?}",
        engine.mask(),
        if engine.heap_bit() { " + heap bit" } else { "" },
        engine.rare_positions().len(),
        engine.stats()
    );
    if show_rare {
        println!(
            "rare positions: {:?}",
            engine.rare_positions().collect::<Vec<_>>()
        );
    }

    let Some(game) = game else {
        return Ok(()); // no periodicity theorem is known for Grundy's game
    };
    let start = Instant::now();
    let period = values.certified_period(&game);
    let elapsed = start.elapsed().as_secs_f64();
    match period {
        Some(p) => println!(
            "certified: preperiod {}, period {} ({elapsed:.3} s)",
            p.preperiod, p.period
        ),
        None => println!("no certified period ({elapsed:.3} s)"),
    }
    Ok(())
}
