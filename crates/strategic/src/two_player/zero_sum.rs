//! Zero-sum games by linear programming: the value and a pair of optimal strategies.
//!
//! With player 1's payoffs A shifted to entries ≥ 1 (value v > 0), player 2's problem is
//! max 1ᵀy subject to Ay ≤ 1, y ≥ 0: at the optimum 1ᵀy = 1/v, y·v is optimal for player 2,
//! and the dual prices of the rows, scaled the same way, are optimal for player 1. The
//! simplex method runs exactly on rationals with Bland's rule, which cannot cycle.

use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::game::{Matrix, MixedProfile, NormalFormGame};
use crate::linalg::bland_simplex;
use crate::StrategicError;

/// The most payoff entries (rows × columns) the exact simplex method takes on: a 60 × 60
/// game takes about 45 s, and the work grows with about the fifth power of the side.
pub const MAX_LP_PAYOFFS: usize = 3600;

/// The solution of a zero-sum game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZeroSumSolution {
    /// The value to player 1.
    pub value: BigRational,
    /// An optimal strategy for each player.
    pub strategies: MixedProfile,
}

/// Whether the game is zero-sum (or constant-sum: the payoffs add to the same number).
pub fn is_constant_sum(game: &NormalFormGame) -> bool {
    let profiles: usize = game.shape().iter().product();
    let total = |i: usize| game.payoffs_at(i).iter().sum::<BigRational>();
    game.num_players() == 2 && (1..profiles).all(|i| total(i) == total(0))
}

/// Solves a two-player constant-sum game: player 1's value and optimal strategies.
pub fn solve_zero_sum(game: &NormalFormGame) -> Result<ZeroSumSolution, StrategicError> {
    if !is_constant_sum(game) {
        return Err(StrategicError::InvalidInput(
            "the LP method needs a two-player zero-sum (or constant-sum) game".into(),
        ));
    }
    let (a, _) = game.matrices()?;
    let (m, n) = (a.len(), a[0].len());
    if m * n > MAX_LP_PAYOFFS {
        return Err(StrategicError::too_large(
            "payoffs (rows × columns) of a zero-sum game for the exact simplex method",
            m * n,
            MAX_LP_PAYOFFS,
        ));
    }
    let min = a
        .iter()
        .flatten()
        .min()
        .cloned()
        .unwrap_or_else(BigRational::zero);
    let shift = BigRational::one() - &min;
    // Tableau rows: Σ_j a'[i][j] y_j + s_i = 1; columns y (n), s (m), rhs. Objective row:
    // reduced costs of max 1ᵀy, i.e. −1 for each y to start.
    let mut t: Matrix = a
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let mut r: Vec<BigRational> = row.iter().map(|x| x + &shift).collect();
            r.extend((0..m).map(|s| {
                if s == i {
                    BigRational::one()
                } else {
                    BigRational::zero()
                }
            }));
            r.push(BigRational::one());
            r
        })
        .collect();
    let mut objective: Vec<BigRational> = (0..n + m + 1)
        .map(|c| {
            if c < n {
                -BigRational::one()
            } else {
                BigRational::zero()
            }
        })
        .collect();
    let mut basis: Vec<usize> = (n..n + m).collect();
    let rhs = n + m;
    bland_simplex(&mut t, &mut objective, &mut basis).map_err(|_| {
        StrategicError::InvalidInput("unbounded LP (cannot happen for shifted payoffs)".into())
    })?;
    let total = objective[rhs].clone(); // 1ᵀy at the optimum = 1/v'
    let value_shifted = BigRational::one() / &total;
    let mut y = vec![BigRational::zero(); n];
    for (r, &v) in basis.iter().enumerate() {
        if v < n {
            y[v] = &t[r][rhs] * &value_shifted;
        }
    }
    // Dual prices: the reduced costs of the slack columns.
    let x: Vec<BigRational> = (0..m).map(|i| &objective[n + i] * &value_shifted).collect();
    Ok(ZeroSumSolution {
        value: value_shifted - shift,
        strategies: vec![x, y],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A zero-sum game past the simplex bound is refused before any pivot.
    #[test]
    fn games_past_the_payoff_bound_are_refused() {
        let a: Matrix = (0..61)
            .map(|i| (0..60).map(|j| crate::game::integer((i * j) % 7)).collect())
            .collect();
        let b: Matrix = a.iter().map(|r| r.iter().map(|x| -x).collect()).collect();
        let g = NormalFormGame::bimatrix(&a, &b).unwrap();
        assert!(matches!(
            solve_zero_sum(&g),
            Err(StrategicError::TooLarge { .. })
        ));
    }
    use crate::game::integer;
    use crate::testing::arb_bimatrix;
    use proptest::prelude::*;

    fn zero_sum(a: &[&[i64]]) -> NormalFormGame {
        let a: Matrix = a
            .iter()
            .map(|r| r.iter().map(|&x| integer(x)).collect())
            .collect();
        let b: Matrix = a.iter().map(|r| r.iter().map(|x| -x).collect()).collect();
        NormalFormGame::bimatrix(&a, &b).unwrap()
    }

    #[test]
    fn matching_pennies_and_rock_paper_scissors() {
        let s = solve_zero_sum(&zero_sum(&[&[1, -1], &[-1, 1]])).unwrap();
        assert_eq!(s.value, integer(0));
        let half = BigRational::new(1.into(), 2.into());
        assert_eq!(
            s.strategies,
            vec![vec![half.clone(), half.clone()], vec![half.clone(), half]]
        );
        let g = zero_sum(&[&[0, -1, 1], &[1, 0, -1], &[-1, 1, 0]]);
        let s = solve_zero_sum(&g).unwrap();
        assert!(g.is_equilibrium(&s.strategies));
        assert!(
            solve_zero_sum(
                &NormalFormGame::bimatrix(&[vec![integer(1)]], &[vec![integer(1)]]).unwrap()
            )
            .is_ok(),
            "constant-sum 1×1"
        );
    }

    proptest! {
        /// The LP's strategies are an equilibrium, and the value is player 1's payoff there.
        #[test]
        fn lp_solutions_are_equilibria(g in arb_bimatrix(5, 20)) {
            let (a, _) = g.matrices().unwrap();
            let b: Matrix = a.iter().map(|r| r.iter().map(|x| -x).collect()).collect();
            let g = NormalFormGame::bimatrix(&a, &b).unwrap();
            let s = solve_zero_sum(&g).unwrap();
            prop_assert!(g.is_equilibrium(&s.strategies));
            prop_assert_eq!(g.expected_payoff(&s.strategies, 0), s.value);
        }
    }
}
