//! Benchmarks of the partizan crate: empty Domineering rectangles (the performance
//! target: 5x6 in at most 5 s), CGSuite's `*12 Heat 1` and 4x4 Clobber benchmark instances, and expression
//! evaluation. Run with `cargo bench -p conway-partizan --bench partizan`.

#![allow(missing_docs)] // criterion_group! generates undocumented functions

use std::time::Duration;

use conway_partizan::eval::evaluate_text;
use conway_partizan::rulesets::clobber::clobber_value;
use conway_partizan::rulesets::domineering::{Board, Domineering};
use conway_partizan::thermal::heat;
use conway_partizan::Store;
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

fn heating(c: &mut Criterion) {
    let mut group = c.benchmark_group("cgsuite");
    group.sample_size(10);
    group.bench_function("*12 heat 1", |b| {
        b.iter(|| {
            let mut store = Store::new();
            let (g, one) = (store.nimber(12), store.integer(1));
            heat(&mut store, g, one)
        })
    });
    // CGSuite's benchmark suite: Clobber("xoxo|oxox|xoxo|oxox").CanonicalForm (value *).
    group.bench_function("clobber xoxo|oxox|xoxo|oxox", |b| {
        b.iter(|| {
            let mut store = Store::new();
            clobber_value(&mut store, "xoxo|oxox|xoxo|oxox").expect("board")
        })
    });
    group.bench_function("eval +-1+-2+-3+-4 report", |b| {
        b.iter(|| {
            let mut store = Store::new();
            evaluate_text(&mut store, "thermograph(+-1+-2+-3+-4)").expect("evaluates")
        })
    });
    group.finish();
}

criterion_group!(benches, domineering, heating);
criterion_main!(benches);
