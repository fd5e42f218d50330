//! Benchmarks of the retrograde engine on the Easy Chase. Targets: every start
//! position of the 20×20 board (320,000 states) under 50 ms; the 64×64 board (33.5 million
//! states) under 10 s on 2 cores with under 1 GiB. The baseline is the textbook queue method (SPFA-style) —
//! re-evaluate the predecessors of a changed state from a queue until nothing changes — which
//! lives here only, checked against the engine before it is timed.

// criterion's macros generate undocumented public functions.
#![allow(missing_docs)]

use std::collections::VecDeque;
use std::hint::black_box;
use std::time::Duration;

use conway_core::NoProgress;
use conway_retrograde::chase::Chase;
use conway_retrograde::graph::{GameGraph, Value};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

const INF: i32 = 100_000_000;

/// Seed 000's method: f = INF − x when White (Left) wins in x plies, −INF + x when Black
/// does; f(White to move) = max over moves of f' − sign(f'), f(Black to move) = min; an
/// SPFA-like queue re-evaluates the predecessors of every changed state.
fn queue_relaxation(chase: &Chase) -> Vec<i32> {
    let n = chase.num_states();
    let mut f = vec![0i32; n];
    let mut queued = vec![false; n];
    let mut queue = VecDeque::new();
    let white_to_move = |s: usize| s < n / 2;
    for s in 0..n as u32 {
        if chase.terminal(s).is_some() {
            // The player to move has been captured.
            f[s as usize] = if white_to_move(s as usize) { -INF } else { INF };
            queue.push_back(s);
            queued[s as usize] = true;
        }
    }
    let (mut preds, mut succ) = (Vec::new(), Vec::new());
    while let Some(y) = queue.pop_front() {
        queued[y as usize] = false;
        preds.clear();
        chase.predecessors(y, &mut preds);
        for &x in &preds {
            succ.clear();
            chase.successors(x, &mut succ);
            let options = succ.iter().map(|&t| f[t as usize] - f[t as usize].signum());
            let v = if white_to_move(x as usize) {
                options.max()
            } else {
                options.min()
            }
            .unwrap_or(0);
            if v != f[x as usize] {
                f[x as usize] = v;
                if !queued[x as usize] {
                    queued[x as usize] = true;
                    queue.push_back(x);
                }
            }
        }
    }
    f
}

/// The baseline's answers must be the engine's before either is timed.
fn check_baseline(chase: &Chase) {
    let solved = chase.solve(&NoProgress).expect("solves");
    let f = queue_relaxation(chase);
    let half = chase.num_states() / 2;
    for (s, &fs) in f.iter().enumerate() {
        let white_to_move = s < half;
        let expected = match solved.value(s as u32) {
            Value::Draw => 0,
            Value::Win(d) if white_to_move => INF - d as i32,
            Value::Loss(d) if white_to_move => -INF + d as i32,
            Value::Win(d) => -INF + d as i32,
            Value::Loss(d) => INF - d as i32,
        };
        assert_eq!(fs, expected, "state {s}");
    }
}

fn chase_20(c: &mut Criterion) {
    let chase = Chase::new(20).expect("board");
    check_baseline(&chase);
    let mut group = c.benchmark_group("chase_20x20");
    group.throughput(Throughput::Elements(chase.num_states() as u64));
    group.bench_function("retrograde_engine", |b| {
        b.iter(|| black_box(chase.solve(&NoProgress).expect("solves")))
    });
    group.sample_size(10);
    group.bench_function("queue_relaxation_baseline", |b| {
        b.iter(|| black_box(queue_relaxation(&chase)))
    });
    group.finish();
}

fn chase_64(c: &mut Criterion) {
    let chase = Chase::new(64).expect("board");
    let mut group = c.benchmark_group("chase_64x64");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(40));
    group.throughput(Throughput::Elements(chase.num_states() as u64));
    group.bench_function("retrograde_engine", |b| {
        b.iter(|| black_box(chase.solve(&NoProgress).expect("solves")))
    });
    group.finish();
}

criterion_group!(benches, chase_20, chase_64);
criterion_main!(benches);
