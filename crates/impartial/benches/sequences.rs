//! Benchmarks of the Grundy-sequence engines (issue target: a 10-element subtraction set to
//! n = 10^7 in under 0.5 s).

// criterion's macros generate undocumented public functions.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use conway_impartial::heap::subtraction::SubtractionGame;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn subtraction_sequence(c: &mut Criterion) {
    let set = vec![1, 3, 4, 7, 11, 12, 17, 20, 23, 29];
    let game = SubtractionGame::new(set).expect("a valid set");
    let mut group = c.benchmark_group("subtraction_sequence");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(8));
    group.throughput(Throughput::Elements(10_000_000));
    group.bench_function("10_elements_to_1e7", |b| {
        b.iter(|| black_box(game.sequence(black_box(10_000_000))))
    });
    group.finish();

    let mut group = c.benchmark_group("subtraction_period");
    group.sample_size(20);
    group.bench_function("10_elements_certified_period", |b| {
        b.iter(|| black_box(game.periodicity(1 << 24).expect("periodic")))
    });
    group.finish();
}

criterion_group!(benches, subtraction_sequence);
criterion_main!(benches);
