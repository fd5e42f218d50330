//! Strategies for property tests shared by the equilibrium methods.

use proptest::prelude::*;

use crate::game::{integer, Matrix};
use crate::NormalFormGame;

/// Two-player games of up to `max`×`max` strategies with integer payoffs in
/// `-range..range`: a wide range gives nondegenerate games, a tiny one degenerate games.
pub fn arb_bimatrix(max: usize, range: i64) -> impl Strategy<Value = NormalFormGame> {
    (1..=max, 1..=max).prop_flat_map(move |(m, n)| {
        let matrix = proptest::collection::vec(proptest::collection::vec(-range..range, n), m);
        (matrix.clone(), matrix).prop_map(|(a, b)| {
            let conv = |x: Vec<Vec<i64>>| -> Matrix {
                x.into_iter()
                    .map(|r| r.into_iter().map(integer).collect())
                    .collect()
            };
            NormalFormGame::bimatrix(&conv(a), &conv(b)).expect("same shapes")
        })
    })
}

/// A matrix of integers as rationals.
pub fn int_matrix(rows: &[&[i64]]) -> Matrix {
    rows.iter()
        .map(|r| r.iter().map(|&x| integer(x)).collect())
        .collect()
}
