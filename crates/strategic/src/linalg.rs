//! Exact linear algebra over the rationals: what support enumeration, the ESS tests and the
//! exact linear programs (zero-sum games, convex hulls) need.

use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

/// The simplex method in exact rationals with Bland's rule, which cannot cycle: the entering
/// column is the lowest with a negative reduced cost, ties in the ratio test go to the
/// lowest basic variable. `rows` are the constraints with the right-hand side last,
/// `objective` the reduced costs with the objective's value last (carried along by the
/// same row operations), `basis` each row's basic variable. Runs to the optimum, or returns
/// the column that could enter without bound.
pub fn bland_simplex(
    rows: &mut [Vec<BigRational>],
    objective: &mut [BigRational],
    basis: &mut [usize],
) -> Result<(), usize> {
    let rhs = objective.len() - 1;
    while let Some(col) = (0..rhs).find(|&c| objective[c].is_negative()) {
        let row = (0..rows.len())
            .filter(|&r| rows[r][col].is_positive())
            .min_by(|&r, &s| {
                let (rr, rs) = (&rows[r][rhs] / &rows[r][col], &rows[s][rhs] / &rows[s][col]);
                rr.cmp(&rs).then(basis[r].cmp(&basis[s]))
            })
            .ok_or(col)?;
        let p = rows[row][col].clone();
        rows[row].iter_mut().for_each(|x| *x /= &p);
        let pivot_row = rows[row].clone();
        for (r, other) in rows.iter_mut().enumerate() {
            if r != row && !other[col].is_zero() {
                let f = other[col].clone();
                other
                    .iter_mut()
                    .zip(&pivot_row)
                    .for_each(|(x, y)| *x -= &f * y);
            }
        }
        let f = objective[col].clone();
        objective
            .iter_mut()
            .zip(&pivot_row)
            .for_each(|(x, y)| *x -= &f * y);
        basis[row] = col;
    }
    Ok(())
}

/// A solution λ ≥ 0 of `a λ = b`, or `None` when there is none: phase one of the simplex
/// method, one artificial variable per row and their sum minimised ([`bland_simplex`]);
/// feasible exactly when the minimum is zero, and then the basic solution is one.
pub fn feasible_point(a: Vec<Vec<BigRational>>, b: Vec<BigRational>) -> Option<Vec<BigRational>> {
    let (m, n) = (a.len(), a.first().map_or(0, Vec::len));
    // Tableau rows [a | I | b] with b ≥ 0; columns 0..n the λ, n..n + m the artificials.
    let mut t: Vec<Vec<BigRational>> = a
        .into_iter()
        .zip(b)
        .enumerate()
        .map(|(r, (row, rhs))| {
            let flip = rhs.is_negative();
            let mut out: Vec<BigRational> =
                row.into_iter().map(|x| if flip { -x } else { x }).collect();
            out.extend((0..m).map(|i| {
                if i == r {
                    BigRational::one()
                } else {
                    BigRational::zero()
                }
            }));
            out.push(if flip { -rhs } else { rhs });
            out
        })
        .collect();
    let mut basis: Vec<usize> = (n..n + m).collect();
    // Reduced costs of minimising the artificials' sum, and minus that sum, last.
    let mut cost: Vec<BigRational> = (0..n + m + 1)
        .map(|j| {
            if (n..n + m).contains(&j) {
                BigRational::zero()
            } else {
                -t.iter().map(|row| &row[j]).sum::<BigRational>()
            }
        })
        .collect();
    // The artificials' sum is bounded below by 0, so no column enters without bound.
    bland_simplex(&mut t, &mut cost, &mut basis).ok()?;
    if !cost[n + m].is_zero() {
        return None;
    }
    let mut point = vec![BigRational::zero(); n];
    for (row, &var) in t.iter().zip(&basis) {
        if var < n {
            point[var] = row[n + m].clone();
        }
    }
    Some(point)
}

/// The solution of the square system `a · x = b`, or `None` when `a` is singular.
pub fn solve(mut a: Vec<Vec<BigRational>>, mut b: Vec<BigRational>) -> Option<Vec<BigRational>> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).find(|&r| !a[r][col].is_zero())?;
        a.swap(col, pivot);
        b.swap(col, pivot);
        let pivot_row = a[col].clone();
        let pivot_rhs = b[col].clone();
        for r in 0..n {
            if r != col && !a[r][col].is_zero() {
                let factor = &a[r][col] / &pivot_row[col];
                for (x, p) in a[r][col..].iter_mut().zip(&pivot_row[col..]) {
                    *x -= &factor * p;
                }
                b[r] -= &factor * &pivot_rhs;
            }
        }
    }
    Some((0..n).map(|i| &b[i] / &a[i][i]).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::integer;

    #[test]
    fn solves_and_detects_singular() {
        let a = vec![vec![integer(2), integer(1)], vec![integer(1), integer(3)]];
        let x = solve(a, vec![integer(3), integer(5)]).unwrap();
        assert_eq!(
            x,
            vec![
                BigRational::new(4.into(), 5.into()),
                BigRational::new(7.into(), 5.into())
            ]
        );
        let singular = vec![vec![integer(1), integer(2)], vec![integer(2), integer(4)]];
        assert_eq!(solve(singular, vec![integer(1), integer(1)]), None);
    }
}
