//! Reproducible random games for benchmarks and comparisons with other solvers: n×n
//! bimatrix games with integer payoffs 0..99 from a fixed linear congruential generator.

use crate::game::{integer, Matrix};
use crate::NormalFormGame;

/// The payoff matrices (A, B) of the random n×n game number `seed`.
pub fn random_payoffs(n: usize, seed: u64) -> (Vec<Vec<i64>>, Vec<Vec<i64>>) {
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut next = || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) % 100) as i64
    };
    let a = (0..n).map(|_| (0..n).map(|_| next()).collect()).collect();
    let b = (0..n).map(|_| (0..n).map(|_| next()).collect()).collect();
    (a, b)
}

/// The random n×n game number `seed` as a game.
pub fn random_game(n: usize, seed: u64) -> NormalFormGame {
    let (a, b) = random_payoffs(n, seed);
    let conv = |m: &Vec<Vec<i64>>| -> Matrix {
        m.iter()
            .map(|r| r.iter().map(|&x| integer(x)).collect())
            .collect()
    };
    NormalFormGame::bimatrix(&conv(&a), &conv(&b)).expect("square matrices of one shape")
}

/// The game in lrsnash's input format (`m n`, then A, then B).
pub fn lrs_input(n: usize, seed: u64) -> String {
    let (a, b) = random_payoffs(n, seed);
    let rows = |m: &Vec<Vec<i64>>| {
        m.iter()
            .map(|r| r.iter().map(i64::to_string).collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>()
            .join("\n")
    };
    format!("{n} {n}\n\n{}\n\n{}\n", rows(&a), rows(&b))
}
