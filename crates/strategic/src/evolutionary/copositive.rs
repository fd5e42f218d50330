//! Exact tests of definiteness and strict copositivity of symmetric rational matrices, the
//! second-order conditions of an ESS.
//!
//! Strict copositivity (bᵀHb > 0 for every b ≥ 0, b ≠ 0) is decided recursively over
//! principal submatrices (Cottle–Habetler–Lemke 1970; Hadeler 1983): if every principal
//! submatrix of order n − 1 is strictly copositive, H is strictly copositive iff det H > 0 or
//! the adjugate of H has a negative entry. A 1×1 matrix is strictly copositive iff positive.

use std::collections::HashMap;

use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

use crate::game::Matrix;

/// The largest matrix the copositivity test accepts (it looks at every principal submatrix).
pub const MAX_COPOSITIVE: usize = 16;

/// The determinant, by exact elimination.
pub fn determinant(m: &Matrix) -> BigRational {
    let n = m.len();
    let mut a = m.clone();
    let mut det = BigRational::one();
    for col in 0..n {
        let Some(p) = (col..n).find(|&r| !a[r][col].is_zero()) else {
            return BigRational::zero();
        };
        if p != col {
            a.swap(p, col);
            det = -det;
        }
        det *= &a[col][col];
        let pivot_row = a[col].clone();
        for row in a.iter_mut().skip(col + 1) {
            if row[col].is_zero() {
                continue;
            }
            let factor = &row[col] / &pivot_row[col];
            for (x, p) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= &factor * p;
            }
        }
    }
    det
}

fn submatrix(m: &Matrix, keep: &[usize]) -> Matrix {
    keep.iter()
        .map(|&i| keep.iter().map(|&j| m[i][j].clone()).collect())
        .collect()
}

/// Whether the symmetric matrix is negative definite (Sylvester: the leading principal
/// minors of −M are all positive). The empty matrix is.
pub fn is_negative_definite(m: &Matrix) -> bool {
    let neg: Matrix = m.iter().map(|r| r.iter().map(|x| -x).collect()).collect();
    (1..=m.len()).all(|k| {
        let idx: Vec<usize> = (0..k).collect();
        determinant(&submatrix(&neg, &idx)).is_positive()
    })
}

/// Whether some entry of the adjugate (the transposed cofactor matrix) is negative.
fn adjugate_has_negative(m: &Matrix) -> bool {
    let n = m.len();
    (0..n).any(|i| {
        (0..n).any(|j| {
            let rows: Vec<usize> = (0..n).filter(|&r| r != j).collect();
            let cols: Vec<usize> = (0..n).filter(|&c| c != i).collect();
            let minor: Matrix = rows
                .iter()
                .map(|&r| cols.iter().map(|&c| m[r][c].clone()).collect())
                .collect();
            let cofactor = if (i + j) % 2 == 0 {
                determinant(&minor)
            } else {
                -determinant(&minor)
            };
            cofactor.is_negative()
        })
    })
}

/// Whether the symmetric matrix is strictly copositive. The empty matrix is.
pub fn is_strictly_copositive(h: &Matrix) -> bool {
    let n = h.len();
    let mut memo: HashMap<u32, bool> = HashMap::new();
    // Subsets in order of size, so every smaller one is decided first.
    let mut masks: Vec<u32> = (1..1u32 << n).collect();
    masks.sort_by_key(|m| m.count_ones());
    for mask in masks {
        let idx: Vec<usize> = (0..n).filter(|i| mask >> i & 1 == 1).collect();
        let ok = if idx.len() == 1 {
            h[idx[0]][idx[0]].is_positive()
        } else {
            let smaller = idx.iter().all(|i| memo[&(mask & !(1 << i))]);
            smaller && {
                let sub = submatrix(h, &idx);
                determinant(&sub).is_positive() || adjugate_has_negative(&sub)
            }
        };
        if !ok {
            return false;
        }
        memo.insert(mask, ok);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::integer;
    use crate::testing::int_matrix as m;
    use proptest::prelude::*;

    #[test]
    fn small_cases() {
        assert_eq!(determinant(&m(&[&[2, 1], &[1, 3]])), integer(5));
        assert!(is_negative_definite(&m(&[&[-2, 1], &[1, -3]])));
        assert!(!is_negative_definite(&m(&[&[-1, 2], &[2, -1]])));
        // Copositive but not positive definite: [[1, 2], [2, 1]] has a negative eigenvalue.
        assert!(is_strictly_copositive(&m(&[&[1, 2], &[2, 1]])));
        assert!(!is_strictly_copositive(&m(&[&[1, -2], &[-2, 1]])));
        assert!(
            !is_strictly_copositive(&m(&[&[1, -1], &[-1, 1]])),
            "only copositive"
        );
        // Horn's matrix is copositive but not strictly (it vanishes on some b ≥ 0).
        let horn = m(&[
            &[1, -1, 1, 1, -1],
            &[-1, 1, -1, 1, 1],
            &[1, -1, 1, -1, 1],
            &[1, 1, -1, 1, -1],
            &[-1, 1, 1, -1, 1],
        ]);
        assert!(!is_strictly_copositive(&horn));
    }

    /// The minimum of bᵀHb over the grid points b of the simplex scaled by `steps`
    /// (integers, so a value ≤ 0 is an exact witness against strict copositivity).
    fn grid_minimum(h: &[Vec<i64>], steps: i64) -> i64 {
        fn rec(i: usize, left: i64, b: &mut Vec<i64>, h: &[Vec<i64>], best: &mut i64) {
            if i + 1 == b.len() {
                b[i] = left;
                let v: i64 = (0..b.len())
                    .flat_map(|r| (0..b.len()).map(move |c| (r, c)))
                    .map(|(r, c)| h[r][c] * b[r] * b[c])
                    .sum();
                *best = (*best).min(v);
                return;
            }
            for x in 0..=left {
                b[i] = x;
                rec(i + 1, left - x, b, h, best);
            }
        }
        let mut best = i64::MAX;
        rec(0, steps, &mut vec![0; h.len()], h, &mut best);
        best
    }

    proptest! {
        /// Against a grid over the simplex: a grid point with bᵀHb ≤ 0 refutes strict
        /// copositivity exactly; a grid minimum well above the grid's error bound confirms it.
        #[test]
        fn matches_grid_search(entries in proptest::collection::vec(-6i64..7, 6)) {
            let h = vec![
                vec![entries[0], entries[1], entries[2]],
                vec![entries[1], entries[3], entries[4]],
                vec![entries[2], entries[4], entries[5]],
            ];
            let steps = 60;
            let min = grid_minimum(&h, steps);
            let exact = is_strictly_copositive(&h.iter().map(|r| r.iter().map(|&x| integer(x)).collect()).collect());
            if min <= 0 {
                prop_assert!(!exact);
            } else if min as f64 / (steps * steps) as f64 > 1.5 {
                prop_assert!(exact);
            }
        }
    }
}
