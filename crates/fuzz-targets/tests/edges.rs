//! `expr_eval`'s second mode over every function of `conway eval`'s table: each with every
//! edge argument in every place (and every pair, for functions of two arguments), which the
//! fuzzer only samples. Integers of 30 digits once overflowed the stack of several of these
//! functions and made others allocate without end; each call must now answer or refuse,
//! within the target's small budget, without a panic.

use conway_expr::eval::FUNCTIONS;
use conway_fuzz_targets::{expr_eval, table_call, EDGE_ARGUMENTS};

/// The bytes of `expr_eval` that call function `which` with the arguments `picks`.
fn call(which: usize, picks: &[usize]) -> Vec<u8> {
    let mut bytes = vec![0xF0, u8::try_from(which).expect("fewer than 256 functions")];
    bytes.extend(
        picks
            .iter()
            .map(|&p| u8::try_from(p).expect("few edge arguments")),
    );
    bytes
}

#[test]
fn every_function_meets_every_edge_argument() {
    let edges = EDGE_ARGUMENTS.len();
    for (which, function) in FUNCTIONS.iter().enumerate() {
        let arity = function.arity();
        let mut combinations: Vec<Vec<usize>> = (0..edges).map(|a| vec![a; arity]).collect();
        if arity == 2 {
            combinations = (0..edges * edges)
                .map(|k| vec![k / edges, k % edges])
                .collect();
        } else if arity == 3 {
            combinations.extend(
                (0..edges).flat_map(|a| [vec![a, 12, 12], vec![12, a, 12], vec![12, 12, a]]),
            );
        }
        for picks in combinations {
            let bytes = call(which, &picks);
            let text = table_call(&bytes[1..]).expect("a call");
            assert!(text.starts_with(function.name), "{text}");
            expr_eval(&bytes);
        }
    }
}
