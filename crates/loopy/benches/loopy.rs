//! Benchmark of loopy games (the target: comparing sums of 10 random stoppers of 10
//! positions each in under a second). Run with `cargo bench -p conway-loopy --bench loopy`.

#![allow(missing_docs)] // criterion_group! generates undocumented functions

use conway_loopy::{Graph, Loopy};
use conway_partizan::Store;
use criterion::{criterion_group, criterion_main, Criterion};

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

criterion_group!(benches, loopy);
criterion_main!(benches);
