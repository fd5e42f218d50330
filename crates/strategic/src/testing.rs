//! Strategies for property tests shared by the equilibrium methods.

use proptest::prelude::*;

use num_rational::BigRational;

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
    crate::formats::nfg::parse(
        "NFG 1 R \"\" { \"1\" \"2\" \"3\" } { 2 2 2 }\n\
         9 8 12 0 0 0 0 0 0 9 8 2 0 0 0 3 4 6 3 4 6 0 0 0\n",
    )
    .expect("a well-formed game")
}

/// Games of `players` players with 1 to `max` strategies each and integer payoffs in
/// `-range..range`.
pub fn arb_game(players: usize, max: usize, range: i64) -> impl Strategy<Value = NormalFormGame> {
    proptest::collection::vec(1..=max, players).prop_flat_map(move |shape| {
        let count: usize = shape.iter().product();
        proptest::collection::vec(-range..range, count * players).prop_map(move |flat| {
            numbered_game(
                &shape,
                flat.chunks(players)
                    .map(|c| c.iter().map(|&x| integer(x)).collect())
                    .collect(),
            )
        })
    })
}

/// The game of `shape` with `payoffs` (profile by profile, as [`NormalFormGame::new`] takes
/// them), its players and strategies named by number from 1.
pub fn numbered_game(shape: &[usize], payoffs: Vec<Vec<BigRational>>) -> NormalFormGame {
    let names = |k: usize| (1..=k).map(|i| i.to_string()).collect::<Vec<_>>();
    NormalFormGame::new(
        String::new(),
        names(shape.len()),
        shape.iter().map(|&k| names(k)).collect(),
        payoffs,
    )
    .expect("payoffs for every profile")
}

/// A three-player game with an irrational equilibrium. Player 1 gains 2 by playing H
/// when both others play H, else gets 1 from T; players 2 and 3 get 3 from H when
/// player 1 plays H, and from T get 1 plus 1 when player 3 (for player 2) or player 2
/// (for player 3) plays H. With p, q, r the chances of H, indifference is 2qr = 1,
/// r = 3p − 1 and q = 3p − 1: so q = r = 1/√2 and p = (1 + 1/√2)/3.
pub fn irrational_three_player() -> NormalFormGame {
    crate::formats::nfg::parse(
        "NFG 1 R \"\" { \"1\" \"2\" \"3\" } { 2 2 2 }\n\
         2 3 3  1 0 0  0 2 3  1 2 0  0 3 2  1 0 2  0 1 1  1 1 1\n",
    )
    .expect("a well-formed game")
}

/// Gambit's contrib/games/g3.nfg: van der Laan, Talman and van der Heyden's four-player
/// game with two strategies each, no pure equilibrium and five mixed ones.
pub fn gambit_g3() -> NormalFormGame {
    crate::formats::nfg::parse(
        "NFG 1 R \"\" { \"1\" \"2\" \"3\" \"4\" } { 2 2 2 2 }\n\
         -3 -4 -1 -6 -4 -5 -3 -3 -3 -5 -3 -5 -1 -8 -3 -3 -4 -2 -2 -3 -4 -3 -4 -2 \
         -4 -7 -6 -1 -6 -3 -1 -2 -3 -6 -6 -2 -1 -3 -3 -4 -3 -2 -3 -5 -1 -6 -2 -1 \
         -2 -4 -2 -6 -3 -6 -6 -7 -1 -4 -5 -3 -8 -5 -5 -5\n",
    )
    .expect("a well-formed game")
}
