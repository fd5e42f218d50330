//! Benchmarks of rulesets' canonical forms: empty Domineering rectangles (the target: 5x6 in
//! at most 5 s) and CGSuite's 4x4 Clobber benchmark instance. Run with
//! `cargo bench -p conway-rulesets --bench rulesets`.

#![allow(missing_docs)] // criterion_group! generates undocumented functions

use std::time::Duration;

use conway_partizan::Store;
use conway_rulesets::clobber::RULESET as CLOBBER;
use conway_rulesets::domineering::{Board, Domineering};
use criterion::{criterion_group, criterion_main, Criterion};

fn domineering(c: &mut Criterion) {
    let mut group = c.benchmark_group("domineering");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    for (rows, columns) in [(4, 4), (4, 5), (4, 6), (5, 5), (5, 6)] {
        let board = Board::rectangle(rows, columns).expect("board");
        group.bench_function(format!("{rows}x{columns}"), |b| {
            b.iter(|| {
                let mut store = Store::new();
                Domineering::new().canonical_form(&mut store, &board)
            })
        });
    }
    group.finish();
}

fn clobber(c: &mut Criterion) {
    let mut group = c.benchmark_group("cgsuite");
    group.sample_size(10);
    // CGSuite's benchmark suite: Clobber("xoxo|oxox|xoxo|oxox").CanonicalForm (value *).
    group.bench_function("clobber xoxo|oxox|xoxo|oxox", |b| {
        b.iter(|| {
            let mut store = Store::new();
            CLOBBER
                .value_of_text(&mut store, "xoxo|oxox|xoxo|oxox")
                .expect("board")
        })
    });
    group.finish();
}

criterion_group!(benches, domineering, clobber);
criterion_main!(benches);
