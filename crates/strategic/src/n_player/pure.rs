//! Pure-strategy Nash equilibria of games with any number of players: every profile where
//! each player's strategy is a best response to the others'.

use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::game::{MixedProfile, NormalFormGame};

/// The pure equilibria, as strategy numbers per player, in profile order.
pub fn pure_equilibria(game: &NormalFormGame) -> Vec<Vec<usize>> {
    let shape = game.shape();
    let count: usize = shape.iter().product();
    (0..count)
        .filter(|&index| {
            let strategy = game.profile_strategies(index);
            (0..game.num_players()).all(|p| {
                let mine = &game.payoffs_at(index)[p];
                (0..shape[p]).all(|alt| {
                    let mut deviation = strategy.clone();
                    deviation[p] = alt;
                    &game.payoffs_at(game.profile_index(&deviation))[p] <= mine
                })
            })
        })
        .map(|index| game.profile_strategies(index))
        .collect()
}

/// A pure profile as a mixed one (probability 1 on each chosen strategy).
pub fn as_mixed(game: &NormalFormGame, strategy: &[usize]) -> MixedProfile {
    game.shape()
        .iter()
        .zip(strategy)
        .map(|(&k, &s)| {
            (0..k)
                .map(|i| {
                    if i == s {
                        BigRational::one()
                    } else {
                        BigRational::zero()
                    }
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::nfg::parse;
    use crate::game::integer;

    #[test]
    fn prisoners_dilemma_and_three_players() {
        let a = vec![vec![integer(3), integer(0)], vec![integer(5), integer(1)]];
        let b = vec![vec![integer(3), integer(5)], vec![integer(0), integer(1)]];
        let g = NormalFormGame::bimatrix(&a, &b).unwrap();
        assert_eq!(pure_equilibria(&g), vec![vec![1, 1]]);
        // A 2×2×2 coordination game: everyone matching is an equilibrium.
        let text = "NFG 1 R \"\" { \"a\" \"b\" \"c\" } { 2 2 2 }\n\
                    1 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2 2 2\n";
        let g = parse(text).unwrap();
        let eq = pure_equilibria(&g);
        assert_eq!(eq, vec![vec![0, 0, 0], vec![1, 1, 1]]);
        for e in &eq {
            assert!(g.is_equilibrium(&as_mixed(&g, e)));
        }
    }
}
