//! Benchmarks of the partizan crate: empty Domineering rectangles (the performance
//! target: 5x6 in at most 5 s), CGSuite's `*12 Heat 1` and 4x4 Clobber benchmark instances, and expression
//! evaluation, and loopy games (the loopy issue's target: comparing sums of 10 random stoppers
//! of 10 positions each in under a second). Run with
//! `cargo bench -p conway-partizan --bench partizan`.

#![allow(missing_docs)] // criterion_group! generates undocumented functions

use std::time::Duration;

use conway_partizan::eval::evaluate_text;
use conway_partizan::loopy::{Graph, Loopy};
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

/// `count` random stoppers of `size` positions (a fixed xorshift sequence from `seed`): each
/// position gets up to two moves of each player to random positions; graphs with an
/// infinite alternating play are drawn again, and so are those whose simplest form is short,
/// has fewer than four positions or reaches `on` or `off` (which absorb any sum).
fn random_stoppers(seed: u64, count: usize, size: usize) -> Vec<Graph> {
    let mut state = seed.max(1);
    let mut next = move |bound: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % bound as u64) as usize
    };
    let mut stoppers = Vec::new();
    while stoppers.len() < count {
        let moves = |next: &mut dyn FnMut(usize) -> usize| -> Vec<Vec<u32>> {
            (0..size)
                .map(|_| (0..next(3)).map(|_| next(size) as u32).collect())
                .collect()
        };
        let left = moves(&mut next);
        let right = moves(&mut next);
        let g = Graph::rooted(&left, &right, 0);
        if g.len() != size || !g.is_stopper() {
            continue;
        }
        let mut store = Store::new();
        if let Ok(Loopy::Stopper(simplest)) = Loopy::from_graph(&g, &mut store) {
            let absorbing = (0..simplest.len()).any(|v| {
                let me = [v as u32];
                (simplest.left(v) == me && simplest.right(v).is_empty())
                    || (simplest.right(v) == me && simplest.left(v).is_empty())
            });
            if simplest.len() >= 4 && !absorbing {
                stoppers.push(g);
            }
        }
    }
    stoppers
}

/// The sum of the games, term by term.
fn sum_of(store: &mut Store, games: &[Graph]) -> Loopy {
    let mut total = Loopy::Short(store.zero());
    for g in games {
        let term = Loopy::from_graph(g, store).expect("a stopper");
        total = total.add(&term, store).expect("within the limits");
    }
    total
}

fn loopy(c: &mut Criterion) {
    let mut group = c.benchmark_group("loopy");
    group.sample_size(10);
    let (a, b) = (random_stoppers(1, 10, 10), random_stoppers(2, 10, 10));
    group.bench_function("compare sums of 10 random 10-position stoppers", |bench| {
        bench.iter(|| {
            let mut store = Store::new();
            let (g, h) = (sum_of(&mut store, &a), sum_of(&mut store, &b));
            (
                g.leq(&h, &mut store).expect("compares"),
                h.leq(&g, &mut store).expect("compares"),
            )
        })
    });
    group.finish();
}

criterion_group!(benches, domineering, heating, loopy);
criterion_main!(benches);
