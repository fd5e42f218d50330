//! Support enumeration for two-player games: for every pair of equal-size supports, the
//! mixed strategies that make the opponent indifferent on them, kept when they are
//! distributions and best responses. Complete for nondegenerate games only (degenerate ones
//! may need unequal supports, and have continua), so it serves as the oracle of
//! [`super::vertex`] on nondegenerate games.

use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::game::{MixedProfile, NormalFormGame};
use crate::linalg::solve;
use crate::StrategicError;

/// The largest number of strategies per player support enumeration accepts.
pub const MAX_STRATEGIES: usize = 9;

fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
    (0u32..1 << n)
        .filter(|m| m.count_ones() as usize == k)
        .map(|m| (0..n).filter(|i| m >> i & 1 == 1).collect())
        .collect()
}

/// The mixed strategy on `support` (of `len` strategies) making every row of `rows` pay the
/// same, and that payoff; `rows[r][s]` is the payoff of opponent strategy r against s.
pub(crate) fn indifferent(
    rows: &[Vec<BigRational>],
    support: &[usize],
    len: usize,
) -> Option<(Vec<BigRational>, BigRational)> {
    let k = support.len();
    // Unknowns: the k probabilities, then the common payoff.
    let mut a = Vec::with_capacity(k + 1);
    for row in rows {
        let mut eq: Vec<BigRational> = support.iter().map(|&s| row[s].clone()).collect();
        eq.push(-BigRational::one());
        a.push(eq);
    }
    let mut total = vec![BigRational::one(); k];
    total.push(BigRational::zero());
    a.push(total);
    let mut b = vec![BigRational::zero(); rows.len()];
    b.push(BigRational::one());
    let z = solve(a, b)?;
    if z[..k].iter().any(|p| p < &BigRational::zero()) {
        return None;
    }
    let mut full = vec![BigRational::zero(); len];
    for (i, &s) in support.iter().enumerate() {
        full[s] = z[i].clone();
    }
    Some((full, z[k].clone()))
}

/// Every equilibrium with equal-size supports, in a fixed order.
pub fn support_enumeration(game: &NormalFormGame) -> Result<Vec<MixedProfile>, StrategicError> {
    let (a, b) = game.matrices()?;
    let (m, n) = (a.len(), a[0].len());
    if m > MAX_STRATEGIES || n > MAX_STRATEGIES {
        return Err(StrategicError::too_large(
            "strategies of one player for support enumeration",
            m.max(n),
            MAX_STRATEGIES,
        ));
    }
    let mut found: Vec<MixedProfile> = Vec::new();
    for k in 1..=m.min(n) {
        for rows in subsets(m, k) {
            for cols in subsets(n, k) {
                // y on cols makes player 1 indifferent among rows.
                let a_rows: Vec<Vec<BigRational>> = rows.iter().map(|&i| a[i].clone()).collect();
                let Some((y, v)) = indifferent(&a_rows, &cols, n) else {
                    continue;
                };
                let b_cols: Vec<Vec<BigRational>> = cols
                    .iter()
                    .map(|&j| (0..m).map(|i| b[i][j].clone()).collect())
                    .collect();
                let Some((x, u)) = indifferent(&b_cols, &rows, m) else {
                    continue;
                };
                let best_1 =
                    (0..m).all(|i| (0..n).map(|j| &a[i][j] * &y[j]).sum::<BigRational>() <= v);
                let best_2 =
                    (0..n).all(|j| (0..m).map(|i| &b[i][j] * &x[i]).sum::<BigRational>() <= u);
                let profile = vec![x, y];
                if best_1 && best_2 && !found.contains(&profile) {
                    found.push(profile);
                }
            }
        }
    }
    Ok(found)
}
