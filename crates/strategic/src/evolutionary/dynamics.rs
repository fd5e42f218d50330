//! Replicator dynamics of a symmetric game: trajectories (continuous and discrete time) and
//! rest points with their stability.
//!
//! Continuous: ẋ_i = x_i((Ax)_i − xᵀAx), integrated by the classical Runge–Kutta method in
//! floating point (trajectories are pictures, not verdicts). Discrete: x_i' = x_i (Ax)_i /
//! xᵀAx, which needs positive payoffs.
//!
//! Rest points are exact: on each support S, the point where every strategy of S earns the
//! same. Their stability comes from the linearisation, exactly: off the support the
//! eigenvalues are (Ax)_j − xᵀAx; on the support's face the Jacobian's characteristic
//! polynomial (Faddeev–LeVerrier, in rationals) goes through the Routh–Hurwitz test. A proof
//! of an eigenvalue with positive real part means unstable; zero real parts (a centre, as in
//! zero-sum rock-paper-scissors) leave the linearisation inconclusive.

use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

use crate::evolutionary::copositive::determinant;
use crate::evolutionary::ess::{equal_payoff_states, is_symmetric_equilibrium, payoffs_against};
use crate::game::Matrix;
use crate::StrategicError;

/// The stability of a rest point under the continuous replicator dynamic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stability {
    /// Every eigenvalue of the linearisation has a negative real part.
    AsymptoticallyStable,
    /// Some eigenvalue has a positive real part.
    Unstable,
    /// Some eigenvalue has a zero real part and none a positive one: linearisation cannot
    /// tell (a centre, for instance).
    Inconclusive,
}

impl Stability {
    /// The stability in words, as reports give it.
    pub fn explanation(self) -> &'static str {
        match self {
            Stability::AsymptoticallyStable => "asymptotically stable",
            Stability::Unstable => "unstable",
            Stability::Inconclusive => "neither (linearisation inconclusive: zero real parts)",
        }
    }
}

impl serde::Serialize for Stability {
    /// The stability in words.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.explanation())
    }
}

/// A rest point of the replicator dynamic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RestPoint {
    /// The population state.
    pub state: Vec<BigRational>,
    /// Whether it is a (symmetric) Nash equilibrium: no strategy earns more.
    pub nash: bool,
    /// Its stability.
    pub stability: Stability,
}

/// The payoffs in floating point, for trajectories.
fn float_matrix(a: &Matrix) -> Vec<Vec<f64>> {
    a.iter()
        .map(|r| r.iter().map(|x| x.to_f64().unwrap_or(0.0)).collect())
        .collect()
}

/// (Ax, xᵀAx) in floating point.
fn float_payoffs(af: &[Vec<f64>], x: &[f64]) -> (Vec<f64>, f64) {
    let ax: Vec<f64> = af
        .iter()
        .map(|r| r.iter().zip(x).map(|(p, q)| p * q).sum())
        .collect();
    let mean = ax.iter().zip(x).map(|(p, q)| p * q).sum();
    (ax, mean)
}

/// The coefficients c_1..c_d of det(λI − J) = λ^d + c_1 λ^{d−1} + … + c_d.
fn characteristic_polynomial(j: &Matrix) -> Vec<BigRational> {
    let d = j.len();
    let identity = |k: usize| -> Matrix {
        (0..k)
            .map(|r| {
                (0..k)
                    .map(|c| {
                        if r == c {
                            BigRational::one()
                        } else {
                            BigRational::zero()
                        }
                    })
                    .collect()
            })
            .collect()
    };
    let multiply = |x: &Matrix, y: &Matrix| -> Matrix {
        (0..d)
            .map(|r| {
                (0..d)
                    .map(|c| (0..d).map(|k| &x[r][k] * &y[k][c]).sum())
                    .collect()
            })
            .collect()
    };
    // Faddeev–LeVerrier: M_1 = I, c_k = −tr(J M_k)/k, M_{k+1} = J M_k + c_k I.
    let mut m = identity(d);
    let mut coefficients = Vec::with_capacity(d);
    for k in 1..=d {
        let jm = multiply(j, &m);
        let trace: BigRational = (0..d).map(|i| jm[i][i].clone()).sum();
        let c = -trace / BigRational::from_integer(k.into());
        m = jm;
        for (i, row) in m.iter_mut().enumerate() {
            row[i] += &c;
        }
        coefficients.push(c);
    }
    coefficients
}

/// Routh–Hurwitz: whether every root of λ^d + c_1 λ^{d−1} + … + c_d has a negative real
/// part (all leading minors of the Hurwitz matrix positive).
fn hurwitz_stable(c: &[BigRational]) -> bool {
    let d = c.len();
    let coefficient = |k: isize| -> BigRational {
        match k {
            0 => BigRational::one(),
            k if k > 0 && (k as usize) <= d => c[k as usize - 1].clone(),
            _ => BigRational::zero(),
        }
    };
    let h: Matrix = (0..d)
        .map(|i| {
            (0..d)
                .map(|j| coefficient(2 * (j as isize) - (i as isize) + 1))
                .collect()
        })
        .collect();
    (1..=d).all(|k| {
        let minor: Matrix = h[..k].iter().map(|r| r[..k].to_vec()).collect();
        determinant(&minor).is_positive()
    })
}

/// The stability of a rest point `x` (exact).
pub fn stability(a: &Matrix, x: &[BigRational]) -> Stability {
    let n = a.len();
    let ax = payoffs_against(a, x);
    let mean: BigRational = ax.iter().zip(x).map(|(p, q)| p * q).sum();
    let support: Vec<usize> = (0..n).filter(|&i| !x[i].is_zero()).collect();
    let transversal: Vec<BigRational> = (0..n)
        .filter(|i| x[*i].is_zero())
        .map(|j| &ax[j] - &mean)
        .collect();
    // ẋ_i = x_i((Ax)_i − xᵀAx): at the rest point, ∂ẋ_i/∂x_j = x_i(A_ij − (Ax)_j − (Aᵀx)_j)
    // for i on the support; on the face x_k = 1 − Σ others.
    let atx: Vec<BigRational> = (0..n)
        .map(|j| (0..n).map(|i| &a[i][j] * &x[i]).sum())
        .collect();
    let partial = |i: usize, j: usize| -> BigRational { &x[i] * (&a[i][j] - &ax[j] - &atx[j]) };
    let k = support[0];
    let free = &support[1..];
    let face: Matrix = free
        .iter()
        .map(|&i| {
            free.iter()
                .map(|&j| partial(i, j) - partial(i, k))
                .collect()
        })
        .collect();
    let c = characteristic_polynomial(&face);
    let trace_positive = c.first().is_some_and(|c1| c1.is_negative());
    let d = c.len();
    // p(0) = c_d; p(λ) → +∞: a negative value at 0 means a positive real root.
    let positive_real_root = d > 0 && c[d - 1].is_negative();
    if transversal.iter().any(Signed::is_positive) || trace_positive || positive_real_root {
        return Stability::Unstable;
    }
    if transversal.iter().all(Signed::is_negative) && (d == 0 || hurwitz_stable(&c)) {
        Stability::AsymptoticallyStable
    } else {
        Stability::Inconclusive
    }
}

/// Every rest point isolated on its support (the unique state where the support's
/// strategies earn the same), with its stability.
pub fn rest_points(a: &Matrix) -> Result<Vec<RestPoint>, StrategicError> {
    Ok(equal_payoff_states(a)?
        .into_iter()
        .map(|(x, v)| RestPoint {
            nash: is_symmetric_equilibrium(a, &x, &v),
            stability: stability(a, &x),
            state: x,
        })
        .collect())
}

/// A trajectory of the continuous replicator dynamic from `start` (probabilities), by
/// Runge–Kutta steps of `dt` until `time`, recording every `every`-th step: (t, state).
pub fn continuous_trajectory(
    a: &Matrix,
    start: &[f64],
    dt: f64,
    time: f64,
    every: usize,
) -> Vec<(f64, Vec<f64>)> {
    let af = float_matrix(a);
    let field = |x: &[f64]| -> Vec<f64> {
        let (ax, mean) = float_payoffs(&af, x);
        x.iter().zip(&ax).map(|(xi, ai)| xi * (ai - mean)).collect()
    };
    let add = |x: &[f64], k: &[f64], h: f64| -> Vec<f64> {
        x.iter().zip(k).map(|(a, b)| a + h * b).collect()
    };
    let steps = (time / dt).round() as usize;
    let mut x = start.to_vec();
    let mut out = vec![(0.0, x.clone())];
    for step in 1..=steps {
        let k1 = field(&x);
        let k2 = field(&add(&x, &k1, dt / 2.0));
        let k3 = field(&add(&x, &k2, dt / 2.0));
        let k4 = field(&add(&x, &k3, dt));
        for i in 0..x.len() {
            x[i] += dt / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
        }
        if step % every.max(1) == 0 || step == steps {
            out.push((step as f64 * dt, x.clone()));
        }
    }
    out
}

/// A trajectory of the discrete replicator dynamic (payoffs must be positive) from `start`
/// for `steps` generations, recording every `every`-th generation and the last:
/// (generation, state).
pub fn discrete_trajectory(
    a: &Matrix,
    start: &[f64],
    steps: usize,
    every: usize,
) -> Result<Vec<(usize, Vec<f64>)>, StrategicError> {
    if a.iter().flatten().any(|x| !x.is_positive()) {
        return Err(StrategicError::InvalidInput(
            "the discrete replicator dynamic needs positive payoffs".into(),
        ));
    }
    let af = float_matrix(a);
    let mut x = start.to_vec();
    let mut out = vec![(0, x.clone())];
    for step in 1..=steps {
        let (ax, mean) = float_payoffs(&af, &x);
        x = x.iter().zip(&ax).map(|(xi, ai)| xi * ai / mean).collect();
        if step % every.max(1) == 0 || step == steps {
            out.push((step, x.clone()));
        }
    }
    Ok(out)
}

/// The stability in words.
impl schemars::JsonSchema for Stability {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Stability".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let words: Vec<&str> = [
            Stability::AsymptoticallyStable,
            Stability::Unstable,
            Stability::Inconclusive,
        ]
        .iter()
        .map(|s| s.explanation())
        .collect();
        schemars::json_schema!({ "type": "string", "enum": words })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::integer;
    use crate::testing::int_matrix as m;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    fn stability_at(a: &Matrix, x: Vec<BigRational>) -> Stability {
        rest_points(a)
            .unwrap()
            .into_iter()
            .find(|r| r.state == x)
            .map(|r| r.stability)
            .expect("a rest point")
    }

    /// Stability verdicts of textbook games, including Zeeman's (1980), whose
    /// uniform state is asymptotically stable though not an ESS (tangent eigenvalues
    /// −1/3 ± 0.4714i).
    #[test]
    fn published_stability() {
        let third = vec![q(1, 3), q(1, 3), q(1, 3)];
        assert_eq!(
            stability_at(&m(&[&[3, 2], &[4, 1]]), vec![q(1, 2), q(1, 2)]),
            Stability::AsymptoticallyStable
        );
        let stag = m(&[&[4, 0], &[3, 3]]);
        assert_eq!(
            stability_at(&stag, vec![q(3, 4), q(1, 4)]),
            Stability::Unstable
        );
        assert_eq!(
            stability_at(&stag, vec![q(1, 1), q(0, 1)]),
            Stability::AsymptoticallyStable
        );
        let rps = m(&[&[0, -1, 1], &[1, 0, -1], &[-1, 1, 0]]);
        assert_eq!(stability_at(&rps, third.clone()), Stability::Inconclusive);
        let bad_rps = m(&[&[0, -2, 1], &[1, 0, -2], &[-2, 1, 0]]);
        assert_eq!(stability_at(&bad_rps, third.clone()), Stability::Unstable);
        let good_rps = m(&[&[0, -1, 2], &[2, 0, -1], &[-1, 2, 0]]);
        assert_eq!(
            stability_at(&good_rps, third.clone()),
            Stability::AsymptoticallyStable
        );
        let zeeman = m(&[&[0, 6, -4], &[-3, 0, 5], &[-1, 3, 0]]);
        assert_eq!(
            stability_at(&zeeman, third),
            Stability::AsymptoticallyStable
        );
        assert_eq!(
            stability_at(&zeeman, vec![q(1, 1), q(0, 1), q(0, 1)]),
            Stability::AsymptoticallyStable
        );
    }

    /// Nashpy's documented replicator example: [[3,2],[4,1]] from (0.9, 0.1) reaches
    /// 0.50449 at t = 10.
    #[test]
    fn trajectory_matches_published_value() {
        let t = continuous_trajectory(&m(&[&[3, 2], &[4, 1]]), &[0.9, 0.1], 0.001, 10.0, 1000);
        let (time, x) = t.last().unwrap();
        assert!((time - 10.0).abs() < 1e-9);
        assert!((x[0] - 0.50449).abs() < 1e-4, "{x:?}");
        assert!(discrete_trajectory(&m(&[&[0, 1], &[1, 0]]), &[0.5, 0.5], 3, 1).is_err());
        let d = discrete_trajectory(&m(&[&[2, 1], &[1, 2]]), &[0.6, 0.4], 50, 1).unwrap();
        assert!(d.last().unwrap().1[0] > 0.99);
        // Recording every 20th generation keeps 0, 20, 40 and the last, 50.
        let sparse = discrete_trajectory(&m(&[&[2, 1], &[1, 2]]), &[0.6, 0.4], 50, 20).unwrap();
        let generations: Vec<usize> = sparse.iter().map(|(g, _)| *g).collect();
        assert_eq!(generations, [0, 20, 40, 50]);
        assert_eq!(sparse[3], d[50]);
    }

    proptest::proptest! {
        /// Theory as oracle: a rest point that is not Nash is unstable (a better strategy
        /// grows); an ESS is never unstable (Taylor–Jonker: ESS are asymptotically stable).
        #[test]
        fn theory_agrees(entries in proptest::collection::vec(-4i64..5, 9)) {
            let a: Matrix = entries.chunks(3).map(|r| r.iter().map(|&x| integer(x)).collect()).collect();
            let ess = crate::evolutionary::ess::evolutionarily_stable(&a).unwrap();
            for r in rest_points(&a).unwrap() {
                if !r.nash {
                    proptest::prop_assert_eq!(r.stability, Stability::Unstable);
                }
                if ess.contains(&r.state) {
                    proptest::prop_assert_ne!(r.stability, Stability::Unstable);
                }
            }
        }
    }

    /// Routh–Hurwitz on known polynomials: (λ+1)(λ+2)(λ+3) is stable, λ²+1 (a centre) and
    /// (λ−1)(λ+2) are not.
    #[test]
    fn hurwitz() {
        assert!(hurwitz_stable(&[integer(6), integer(11), integer(6)]));
        assert!(!hurwitz_stable(&[integer(0), integer(1)]));
        assert!(!hurwitz_stable(&[integer(1), integer(-2)]));
        // Faddeev–LeVerrier: [[0,1],[-2,-3]] has λ² + 3λ + 2.
        assert_eq!(
            characteristic_polynomial(&m(&[&[0, 1], &[-2, -3]])),
            vec![integer(3), integer(2)]
        );
    }
}
