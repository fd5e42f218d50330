//! The Lemke–Howson algorithm, exact, with the lexicographic ratio test, and the set of
//! equilibria reachable from the artificial equilibrium by restarting it from every
//! equilibrium found with every label (Shapley 1974; Gambit's "all Lemke").
//!
//! Von Stengel's formulation: with payoffs shifted positive, tableau P is Bᵀx + r = 1 and
//! tableau Q is Ay + s = 1. Label i (player 1's strategy) belongs to x_i and s_i, label
//! m + j to r_j and y_j; a label is present where its variable is nonbasic. Dropping label k
//! enters its variable; the variable that leaves duplicates a label, whose twin in the other
//! tableau enters next, until the leaving variable carries label k. The lexicographic rule
//! (compare (rhs, B⁻¹ row) / pivot entry) makes every step well defined on degenerate games.
//! Tableaux hold integers over a common denominator, in 128 bits with a big-integer restart.

use conway_core::{Progress, Work};
use std::cmp::Ordering;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::game::{Matrix, MixedProfile, NormalFormGame};
use crate::two_player::pivot::{
    positive_integer_matrix, slack_rows, Exact, IntegerMatrix, Overflow, Wide,
};
use crate::StrategicError;

/// The most pivots one path may take before it is abandoned as a bug guard (paths are
/// finite; exponentially long ones exist but not this long for games that fit here).
pub const MAX_PIVOTS: usize = 10_000_000;

/// The most pivots of all the paths followed together when every reachable equilibrium is
/// sought (no `--label`): the number of equilibria, and so of paths, can grow
/// exponentially with the game, and this keeps the search to about a minute.
pub const MAX_ALL_PATHS_PIVOTS: usize = 500_000;

#[derive(Clone, Debug)]
struct Tableau<T> {
    /// rows × (vars + 1): variables 0..vars, then the right-hand side; entries over `det`.
    t: Vec<Vec<T>>,
    det: T,
    /// The basic variable of each row.
    basis: Vec<usize>,
    /// Column of the first slack (the initial basis), for the lexicographic rule.
    first_slack: usize,
}

impl<T: Exact> Tableau<T> {
    /// Rows `m[r]` of z-coefficients, plus identity slacks, right-hand side 1.
    fn new(m: &[Vec<BigInt>]) -> Result<Self, Overflow> {
        let (k, d) = (m.len(), m[0].len());
        let t = slack_rows(m)?;
        let one = T::from_big(&BigInt::one()).ok_or(Overflow)?;
        Ok(Tableau {
            t,
            det: one,
            basis: (d..d + k).collect(),
            first_slack: d,
        })
    }

    fn rhs(&self) -> usize {
        self.t[0].len() - 1
    }

    /// The leaving row for entering column `col` by the lexicographic minimum ratio test.
    fn leaving_row(&self, col: usize) -> Option<usize> {
        let rhs = self.rhs();
        let k = self.t.len();
        let mut best: Option<usize> = None;
        for r in (0..k).filter(|&r| self.t[r][col].is_positive_value()) {
            let Some(b) = best else {
                best = Some(r);
                continue;
            };
            // Compare row r with row b: (rhs, slack columns…) / entry, lexicographically.
            let columns = std::iter::once(rhs).chain(self.first_slack..self.first_slack + k);
            for c in columns {
                match T::compare_products(
                    &self.t[r][c],
                    &self.t[b][col],
                    &self.t[b][c],
                    &self.t[r][col],
                ) {
                    Ordering::Less => {
                        best = Some(r);
                        break;
                    }
                    Ordering::Greater => break,
                    Ordering::Equal => {}
                }
            }
        }
        best
    }

    fn pivot(&mut self, row: usize, col: usize) -> Result<(), Overflow> {
        let pivot = self.t[row][col].clone();
        let pivot_row = self.t[row].clone();
        let divisor = T::divisor(&self.det);
        for (i, r) in self.t.iter_mut().enumerate() {
            if i == row {
                continue;
            }
            let factor = r[col].clone();
            for (x, y) in r.iter_mut().zip(&pivot_row) {
                *x = T::pivot_update(x, &pivot, &factor, y, &divisor).ok_or(Overflow)?;
            }
        }
        self.det = pivot;
        self.basis[row] = col;
        Ok(())
    }

    /// The values of variables 0..d (as integers over the common denominator).
    fn point(&self, d: usize) -> Vec<BigInt> {
        let mut z = vec![BigInt::zero(); d];
        for (r, &v) in self.basis.iter().enumerate() {
            if v < d {
                z[v] = self.t[r][self.rhs()].to_big();
            }
        }
        z
    }
}

/// The pair of tableaux at one (possibly artificial) equilibrium.
#[derive(Clone, Debug)]
struct State<T> {
    p: Tableau<T>,
    q: Tableau<T>,
}

/// Which tableau and column hold the variable with label `l` (m strategies for player 1).
fn variable(l: usize, m: usize, n: usize, in_p: bool) -> usize {
    // P's variables: x_0..x_{m-1} (labels 0..m-1), r_0..r_{n-1} (labels m..m+n-1).
    // Q's variables: y_0..y_{n-1} (labels m..m+n-1), s_0..s_{m-1} (labels 0..m-1).
    if in_p {
        l
    } else if l < m {
        n + l
    } else {
        l - m
    }
}

fn label_of(var: usize, m: usize, n: usize, in_p: bool) -> usize {
    if in_p {
        var
    } else if var < n {
        m + var
    } else {
        var - n
    }
}

/// Follows the path that drops `label` from `start`; returns the end state.
fn follow<T: Exact>(
    start: &State<T>,
    label: usize,
    m: usize,
    n: usize,
    allowance: &mut usize,
) -> Result<Result<State<T>, StrategicError>, Overflow> {
    let mut s = start.clone();
    // The variable with the dropped label enters in the tableau where it is nonbasic.
    let mut in_p = {
        let vp = variable(label, m, n, true);
        !s.p.basis.contains(&vp)
    };
    let mut entering = variable(label, m, n, in_p);
    for _ in 0..MAX_PIVOTS {
        let Some(left) = allowance.checked_sub(1) else {
            return Ok(Err(StrategicError::too_large(
                "pivots of all Lemke–Howson paths from every equilibrium (a label follows one)",
                "more",
                MAX_ALL_PATHS_PIVOTS,
            )));
        };
        *allowance = left;
        let tab = if in_p { &mut s.p } else { &mut s.q };
        let Some(row) = tab.leaving_row(entering) else {
            return Ok(Err(StrategicError::InvalidInput(
                "Lemke–Howson: unbounded ray (payoffs must be shifted positive)".into(),
            )));
        };
        let leaving = tab.basis[row];
        tab.pivot(row, entering)?;
        let l = label_of(leaving, m, n, in_p);
        if l == label {
            return Ok(Ok(s));
        }
        in_p = !in_p;
        entering = variable(l, m, n, in_p);
    }
    Ok(Err(StrategicError::too_large(
        "pivots on a Lemke–Howson path",
        format!("at least {}", MAX_PIVOTS + 1),
        MAX_PIVOTS,
    )))
}

/// P's rows (Σ_i b[i][j] x_i for each j) and Q's rows (Σ_j a[i][j] y_j for each i), as
/// positive integers, with the numbers of strategies.
struct Rows {
    p: IntegerMatrix,
    q: IntegerMatrix,
    m: usize,
    n: usize,
}

fn integer_rows(game: &NormalFormGame) -> Result<Rows, StrategicError> {
    let (a, b) = game.matrices()?;
    let (m, n) = (a.len(), a[0].len());
    let bt: Matrix = (0..n)
        .map(|j| (0..m).map(|i| b[i][j].clone()).collect())
        .collect();
    Ok(Rows {
        p: positive_integer_matrix(&bt),
        q: positive_integer_matrix(&a),
        m,
        n,
    })
}

fn profile<T: Exact>(s: &State<T>, m: usize, n: usize) -> MixedProfile {
    let norm = |z: Vec<BigInt>| -> Vec<BigRational> {
        let total: BigInt = z.iter().sum();
        z.into_iter()
            .map(|v| BigRational::new(v, total.clone()))
            .collect()
    };
    vec![norm(s.p.point(m)), norm(s.q.point(n))]
}

fn run<T: Exact>(
    game: &NormalFormGame,
    labels: Option<usize>,
    allowance: &mut usize,
    progress: &dyn Progress,
) -> Result<Result<Vec<MixedProfile>, StrategicError>, Overflow> {
    let rows = match integer_rows(game) {
        Ok(x) => x,
        Err(e) => return Ok(Err(e)),
    };
    let (m, n) = (rows.m, rows.n);
    let start = State {
        p: Tableau::<T>::new(&rows.p)?,
        q: Tableau::<T>::new(&rows.q)?,
    };
    if let Some(label) = labels {
        let mut unlimited = usize::MAX;
        return Ok(
            follow(&start, label, m, n, &mut unlimited)?.map(|end| vec![profile(&end, m, n)])
        );
    }
    // Every equilibrium reachable from the artificial one, breadth first.
    let mut found: Vec<(MixedProfile, State<T>)> = Vec::new();
    let mut queue: Vec<State<T>> = vec![start];
    let mut at = 0;
    while at < queue.len() {
        let state = queue[at].clone();
        at += 1;
        for label in 0..m + n {
            if progress.report(Work::open(at as u64, "paths")).is_break() {
                return Ok(Err(StrategicError::Interrupted));
            }
            let end = match follow(&state, label, m, n, allowance)? {
                Ok(end) => end,
                Err(e) => return Ok(Err(e)),
            };
            if end.p.point(m).iter().all(Zero::is_zero) {
                continue; // back at the artificial equilibrium
            }
            let p = profile(&end, m, n);
            if !found.iter().any(|(q, _)| q == &p) {
                found.push((p, end.clone()));
                queue.push(end);
            }
        }
    }
    Ok(Ok(found.into_iter().map(|(p, _)| p).collect()))
}

fn dispatch(
    game: &NormalFormGame,
    label: Option<usize>,
    max_pivots: usize,
    progress: &dyn Progress,
) -> Result<Vec<MixedProfile>, StrategicError> {
    // One allowance for both attempts: pivots made in machine integers before an overflow
    // count too.
    let mut allowance = max_pivots;
    match run::<Wide>(game, label, &mut allowance, progress) {
        Ok(r) => r,
        Err(Overflow) => run::<BigInt>(game, label, &mut allowance, progress)
            .unwrap_or_else(|_| Err(crate::two_player::pivot::big_integer_overflow())),
    }
}

/// The equilibrium Lemke–Howson reaches from the artificial equilibrium by dropping
/// `label` (0-based: 0..m are player 1's strategies, m..m+n player 2's).
pub fn lemke_howson(game: &NormalFormGame, label: usize) -> Result<MixedProfile, StrategicError> {
    let shape = game.shape();
    if shape.len() != 2 {
        return Err(StrategicError::InvalidInput(
            "Lemke–Howson needs a two-player game".into(),
        ));
    }
    if label >= shape[0] + shape[1] {
        return Err(StrategicError::InvalidInput(format!(
            "label {} does not exist: labels are 1..{}",
            label + 1,
            shape[0] + shape[1]
        )));
    }
    Ok(dispatch(game, Some(label), usize::MAX, &conway_core::NoProgress)?.remove(0))
}

/// Every equilibrium reachable by Lemke–Howson paths from the artificial equilibrium and,
/// recursively, from every equilibrium found, in the order found. `progress` hears the
/// equilibria whose paths have been followed; a stop request ends the work with
/// [`StrategicError::Interrupted`].
pub fn lemke_howson_all(
    game: &NormalFormGame,
    progress: &dyn Progress,
) -> Result<Vec<MixedProfile>, StrategicError> {
    dispatch(game, None, MAX_ALL_PATHS_PIVOTS, progress)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::integer;
    use crate::testing::arb_bimatrix;
    use crate::two_player::vertex::extreme_equilibria;
    use proptest::prelude::*;

    fn game(a: &[&[i64]], b: &[&[i64]]) -> NormalFormGame {
        let conv = |x: &[&[i64]]| -> Matrix {
            x.iter()
                .map(|r| r.iter().map(|&v| integer(v)).collect())
                .collect()
        };
        NormalFormGame::bimatrix(&conv(a), &conv(b)).unwrap()
    }

    /// The all-paths search stops at its pivot allowance with a refusal, not a partial
    /// list: the n × n coordination game has 2^n − 1 equilibria, and its paths from the
    /// artificial equilibrium alone take more than a few pivots.
    #[test]
    fn all_paths_stop_at_the_pivot_allowance() {
        let n = 6;
        let identity: Vec<Vec<i64>> = (0..n)
            .map(|i| (0..n).map(|j| i64::from(i == j)).collect())
            .collect();
        let rows: Vec<&[i64]> = identity.iter().map(Vec::as_slice).collect();
        let g = game(&rows, &rows);
        let refused = dispatch(&g, None, 10, &conway_core::NoProgress);
        assert!(
            matches!(refused, Err(StrategicError::TooLarge { .. })),
            "{refused:?}"
        );
        let found = lemke_howson_all(&g, &conway_core::NoProgress).unwrap();
        assert!(found.len() >= n, "{}", found.len());
        assert!(found.iter().all(|e| g.is_equilibrium(e)));
    }

    #[test]
    fn every_label_reaches_an_equilibrium() {
        // Gambit's coord3: each label leads to an equilibrium among the 7.
        let g = game(
            &[&[3, 0, 0], &[0, 2, 0], &[0, 0, 1]],
            &[&[2, 0, 0], &[0, 2, 0], &[0, 0, 4]],
        );
        let all = extreme_equilibria(&g, &conway_core::NoProgress).unwrap();
        for label in 0..6 {
            let e = lemke_howson(&g, label).unwrap();
            assert!(g.is_equilibrium(&e));
            assert!(all.contains(&e));
        }
        assert!(lemke_howson(&g, 6).is_err());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Nondegenerate games: every path ends at an extreme equilibrium, and the
        /// accessible set is a non-empty subset of them.
        #[test]
        fn paths_end_at_extreme_equilibria(g in arb_bimatrix(4, 1_000_000)) {
            let all = extreme_equilibria(&g, &conway_core::NoProgress).unwrap();
            let reachable = lemke_howson_all(&g, &conway_core::NoProgress).unwrap();
            prop_assert!(!reachable.is_empty());
            for e in &reachable {
                prop_assert!(g.is_equilibrium(e));
                prop_assert!(all.contains(e));
            }
        }

        /// Degenerate games: the lexicographic rule still ends every path at an equilibrium.
        #[test]
        fn degenerate_paths_terminate(g in arb_bimatrix(4, 2)) {
            let shape = g.shape();
            for label in 0..shape[0] + shape[1] {
                let e = lemke_howson(&g, label).unwrap();
                prop_assert!(g.is_equilibrium(&e));
            }
        }
    }
}
