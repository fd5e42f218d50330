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

/// The 2×2×2 game of McKelvey and McLennan, "The maximal number of regular totally mixed
/// Nash equilibria", J. Economic Theory 72 (1997), as Gambit ships it
/// (contrib/games/2x2x2.nfg): nine equilibria, two totally mixed.
pub fn mckelvey_mclennan() -> NormalFormGame {
    crate::nfg::parse(
        "NFG 1 R \"\" { \"1\" \"2\" \"3\" } { 2 2 2 }\n\
         9 8 12 0 0 0 0 0 0 9 8 2 0 0 0 3 4 6 3 4 6 0 0 0\n",
    )
    .expect("a well-formed game")
}
