//! Benchmark of game values: CGSuite's `*12 Heat 1` benchmark instance. Run with
//! `cargo bench -p conway-partizan --bench partizan`.

#![allow(missing_docs)] // criterion_group! generates undocumented functions

use conway_partizan::thermal::heat;
use conway_partizan::Store;
use criterion::{criterion_group, criterion_main, Criterion};

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
    group.finish();
}

criterion_group!(benches, heating);
criterion_main!(benches);
