//! Benchmark of the expression language: a report with a thermograph, as `conway eval`
//! builds it. Run with `cargo bench -p conway-expr --bench expr`.

#![allow(missing_docs)] // criterion_group! generates undocumented functions

use conway_expr::eval::evaluate_text;
use conway_partizan::Store;
use criterion::{criterion_group, criterion_main, Criterion};

fn report(c: &mut Criterion) {
    let mut group = c.benchmark_group("cgsuite");
    group.sample_size(10);
    group.bench_function("eval +-1+-2+-3+-4 report", |b| {
        b.iter(|| {
            let mut store = Store::new();
            evaluate_text(&mut store, "thermograph(+-1+-2+-3+-4)").expect("evaluates")
        })
    });
    group.finish();
}

criterion_group!(benches, report);
criterion_main!(benches);
