//! Benchmarks of misère quotients, against MisereSolver (Siegel, 2006; built from CGSuite's
//! repository, run on one core). Targets: Kayles' whole-game quotient (40 elements,
//! certified at heap 169) under a second; 0.137 and 0.07 to heap 30 at least 10× faster
//! than MisereSolver's 6.60 s and 5.02 s on this project's machines.

// criterion's macros generate undocumented public functions.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use conway_core::NoProgress;
use conway_impartial::heap::catalog::HeapGame;
use conway_impartial::heap::quotient::{misere_quotient, quotient_to};
use criterion::{criterion_group, criterion_main, Criterion};

fn game(code: &str) -> HeapGame {
    HeapGame::parse(code).expect("a valid code")
}

fn quotients(c: &mut Criterion) {
    let mut group = c.benchmark_group("misere_quotient");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    let kayles = game("0.77");
    group.bench_function("kayles_whole_game", |b| {
        b.iter(|| {
            let report = misere_quotient(&kayles, black_box(1000), &NoProgress).expect("quotient");
            assert!(report.complete);
            black_box(report)
        })
    });
    for code in ["0.137", "0.07"] {
        let g = game(code);
        group.bench_function(format!("{code}_to_30"), |b| {
            b.iter(|| black_box(quotient_to(&g, black_box(30), &mut || Ok(())).expect("quotient")))
        });
    }
    group.finish();
}

criterion_group!(benches, quotients);
criterion_main!(benches);
