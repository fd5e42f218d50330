//! Benchmarks of nim-multiplication (issue target: at least 20 million 64-bit products per
//! second) and of the inverse.

// criterion's macros generate undocumented public functions.
#![allow(missing_docs)]

use std::hint::black_box;

use conway_numbers::Nimber;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

const BATCH: usize = 4096;

/// Deterministic pseudo-random operands (xorshift64), restricted to `mask`.
fn operands(mask: u64) -> Vec<(Nimber, Nimber)> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state & mask
    };
    (0..BATCH)
        .map(|_| (Nimber(next()), Nimber(next())))
        .collect()
}

fn nim_multiplication(c: &mut Criterion) {
    let mut group = c.benchmark_group("nim_multiplication");
    group.throughput(Throughput::Elements(BATCH as u64));
    for (name, mask) in [
        ("64_bit", u64::MAX),
        ("32_bit", u32::MAX.into()),
        ("16_bit", u16::MAX.into()),
    ] {
        let pairs = operands(mask);
        // Warm the lazily built tables outside the measurement.
        black_box(pairs[0].0 * pairs[0].1);
        group.bench_function(name, |b| {
            b.iter(|| {
                pairs.iter().fold(Nimber::ZERO, |acc, &(x, y)| {
                    acc + black_box(x) * black_box(y)
                })
            })
        });
    }
    let pairs = operands(u64::MAX);
    group.bench_function("64_bit_inverse", |b| {
        b.iter(|| {
            pairs.iter().fold(Nimber::ZERO, |acc, &(x, _)| {
                acc + black_box(x).inverse().unwrap_or_default()
            })
        })
    });
    group.finish();
}

criterion_group!(benches, nim_multiplication);
criterion_main!(benches);
