//! A normal-form game in floating point, every payoff scaled into [0, 1]: what the
//! path-following methods ([`super::logit`], [`super::simpdiv`]) compute with before their
//! answers are made exact ([`super::nearby`]).
//!
//! The scaling u ↦ (u − min) / (max − min), over all players' payoffs together, changes no
//! equilibrium and makes tolerances mean the same in every game: a regret of 1e-8 is 1e-8
//! of the game's payoff range, as in Gambit's `maxregret`.

use num_traits::ToPrimitive;

use crate::NormalFormGame;

/// The game's payoffs as floats in [0, 1], and how to evaluate mixed profiles.
#[derive(Clone, Debug)]
pub struct FloatGame {
    /// Strategies per player.
    pub shape: Vec<usize>,
    /// Each pure profile's strategies, player by player, profiles in the game's order.
    strategies: Vec<usize>,
    /// Each pure profile's scaled payoffs, player by player.
    payoffs: Vec<f64>,
    /// max − min of the game's payoffs (1 when they are all equal).
    pub range: f64,
}

/// A mixed profile in floats: per player, a probability per strategy.
pub type FloatProfile = Vec<Vec<f64>>;

impl FloatGame {
    /// The game, scaled.
    pub fn new(game: &NormalFormGame) -> FloatGame {
        let n = game.num_players();
        let shape = game.shape();
        let count: usize = shape.iter().product();
        let raw: Vec<f64> = (0..count)
            .flat_map(|s| game.payoffs_at(s).iter().map(|x| x.to_f64().unwrap_or(0.0)))
            .collect();
        let min = raw.iter().copied().fold(f64::INFINITY, f64::min);
        let max = raw.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let range = if max > min { max - min } else { 1.0 };
        let low = if min.is_finite() { min } else { 0.0 };
        let strategies = (0..count)
            .flat_map(|s| game.profile_strategies(s))
            .collect();
        debug_assert_eq!(raw.len(), count * n);
        FloatGame {
            shape,
            strategies,
            payoffs: raw.iter().map(|u| (u - low) / range).collect(),
            range,
        }
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.shape.len()
    }

    /// The centroid: every player mixing uniformly.
    pub fn centroid(&self) -> FloatProfile {
        self.shape
            .iter()
            .map(|&k| vec![1.0 / k as f64; k])
            .collect()
    }

    /// Each player's payoff from each of its strategies against the others' mixtures in `p`.
    pub fn strategy_payoffs(&self, p: &[Vec<f64>]) -> Vec<Vec<f64>> {
        let n = self.players();
        let mut u: Vec<Vec<f64>> = self.shape.iter().map(|&k| vec![0.0; k]).collect();
        for (st, pay) in self.strategies.chunks(n).zip(self.payoffs.chunks(n)) {
            for i in 0..n {
                let w: f64 = (0..n).filter(|&m| m != i).map(|m| p[m][st[m]]).product();
                u[i][st[i]] += pay[i] * w;
            }
        }
        u
    }

    /// The payoffs of [`FloatGame::strategy_payoffs`] and their derivatives:
    /// `d[i][k][j][l]` = ∂u_ij/∂p_kl, player i's payoff from strategy j when player k ≠ i
    /// plays l and the rest mix as in `p` (empty for k = i).
    pub fn payoff_derivatives(&self, p: &[Vec<f64>]) -> (Vec<Vec<f64>>, Derivatives) {
        let n = self.players();
        let u = self.strategy_payoffs(p);
        let mut d: Derivatives = (0..n)
            .map(|i| {
                (0..n)
                    .map(|k| {
                        if k == i {
                            Vec::new()
                        } else {
                            vec![vec![0.0; self.shape[k]]; self.shape[i]]
                        }
                    })
                    .collect()
            })
            .collect();
        for (st, pay) in self.strategies.chunks(n).zip(self.payoffs.chunks(n)) {
            for i in 0..n {
                for k in (0..n).filter(|&k| k != i) {
                    let w: f64 = (0..n)
                        .filter(|&m| m != i && m != k)
                        .map(|m| p[m][st[m]])
                        .product();
                    d[i][k][st[i]][st[k]] += pay[i] * w;
                }
            }
        }
        (u, d)
    }

    /// The largest regret of any player at `p` (in the scaled payoffs, so a fraction of the
    /// game's payoff range): what its best strategy pays beyond what its mixture does.
    pub fn regret(&self, p: &[Vec<f64>]) -> f64 {
        regret_of(&self.strategy_payoffs(p), p)
    }
}

/// Per player i, per other player k, per strategy j of i, per strategy l of k: ∂u_ij/∂p_kl.
pub type Derivatives = Vec<Vec<Vec<Vec<f64>>>>;

/// The largest regret of any player, given each strategy's payoff `u` at the profile `p`.
pub fn regret_of(u: &[Vec<f64>], p: &[Vec<f64>]) -> f64 {
    u.iter()
        .zip(p)
        .map(|(ui, pi)| {
            let best = ui.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let mean: f64 = ui.iter().zip(pi).map(|(a, b)| a * b).sum();
            (best - mean).max(0.0)
        })
        .fold(0.0, f64::max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::integer;
    use crate::testing::arb_game;
    use proptest::prelude::*;

    #[test]
    fn payoffs_are_scaled_into_the_unit_interval() {
        // Matching pennies with payoffs ±3: range 6, and the centroid leaves no regret.
        let a = vec![vec![integer(3), integer(-3)], vec![integer(-3), integer(3)]];
        let b: Vec<Vec<_>> = a.iter().map(|r| r.iter().map(|x| -x).collect()).collect();
        let g = FloatGame::new(&NormalFormGame::bimatrix(&a, &b).unwrap());
        assert_eq!(g.range, 6.0);
        assert_eq!(g.regret(&g.centroid()), 0.0);
        // Player 1 playing heads: player 2's tails pays 1 (scaled), its mixture 1/2.
        let p = vec![vec![1.0, 0.0], vec![0.5, 0.5]];
        assert_eq!(g.strategy_payoffs(&p)[1], vec![0.0, 1.0]);
        assert_eq!(g.regret(&p), 0.5);
    }

    proptest! {
        /// The derivatives agree with finite differences of the payoffs (which are
        /// multilinear, so the difference quotient is exact up to rounding).
        #[test]
        fn derivatives_are_difference_quotients(
            g in arb_game(3, 3, 6),
            weights in proptest::collection::vec(1u32..10, 9),
        ) {
            let fg = FloatGame::new(&g);
            let p: Vec<Vec<f64>> = fg
                .shape
                .iter()
                .enumerate()
                .map(|(i, &k)| {
                    let w = &weights[3 * i..3 * i + k];
                    let t: u32 = w.iter().sum();
                    w.iter().map(|&x| x as f64 / t as f64).collect()
                })
                .collect();
            let (u, d) = fg.payoff_derivatives(&p);
            for i in 0..3 {
                for k in (0..3).filter(|&k| k != i) {
                    for l in 0..fg.shape[k] {
                        let mut q = p.clone();
                        q[k][l] += 1.0;
                        let v = fg.strategy_payoffs(&q);
                        for j in 0..fg.shape[i] {
                            prop_assert!((v[i][j] - u[i][j] - d[i][k][j][l]).abs() < 1e-12);
                        }
                    }
                }
            }
        }
    }
}
