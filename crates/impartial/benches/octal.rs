//! Benchmarks of the octal-game sequence engines. Targets on one core, 2× faster
//! than `ogsolve` 0.0.7 (method rc2): 0.16 to n = 600,000 under 0.13 s, 0.167 to
//! n = 4,000,000 under 1.15 s. The naive bitset engine on 0.16 to 100,000 is the O(n²)
//! baseline, and the generic oracle (`grundy_sequence`, every option built as a list) is
//! timed to 10,000.

// criterion's macros generate undocumented public functions.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use conway_impartial::heap::fast::{naive_octal_sequence, octal_sequence};
use conway_impartial::heap::grundy_sequence;
use conway_impartial::heap::octal::OctalGame;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn game(code: &str) -> OctalGame {
    OctalGame::parse(code).expect("a valid code")
}

fn rare_common(c: &mut Criterion) {
    let mut group = c.benchmark_group("octal_rare_common");
    group.sample_size(20);
    let g016 = game("0.16");
    group.throughput(Throughput::Elements(600_000));
    group.bench_function("0.16_to_600000", |b| {
        b.iter(|| black_box(octal_sequence(&g016, black_box(600_000)).expect("values")))
    });
    let g0167 = game("0.167");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    group.throughput(Throughput::Elements(4_000_000));
    group.bench_function("0.167_to_4000000", |b| {
        b.iter(|| black_box(octal_sequence(&g0167, black_box(4_000_000)).expect("values")))
    });
    group.finish();
}

fn naive(c: &mut Criterion) {
    let mut group = c.benchmark_group("octal_naive");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(30));
    let g016 = game("0.16");
    group.throughput(Throughput::Elements(100_000));
    group.bench_function("0.16_to_100000", |b| {
        b.iter(|| black_box(naive_octal_sequence(&g016, black_box(100_000)).expect("values")))
    });
    group.measurement_time(Duration::from_secs(15));
    group.throughput(Throughput::Elements(10_000));
    group.bench_function("grundy_sequence_0.16_to_10000", |b| {
        b.iter(|| black_box(grundy_sequence(&g016, black_box(10_000))))
    });
    group.finish();
}

criterion_group!(benches, rare_common, naive);
criterion_main!(benches);
