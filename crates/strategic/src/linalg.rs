//! Exact linear algebra over the rationals: what support enumeration and the ESS tests need.

use num_rational::BigRational;
use num_traits::Zero;

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
