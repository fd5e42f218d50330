//! Evolutionarily stable strategies of a symmetric two-player game, exactly.
//!
//! x is an ESS when for every y ≠ x: yᵀAx ≤ xᵀAx, and yᵀAx = xᵀAx implies xᵀAy > yᵀAy
//! (Maynard Smith). The test: (x, x) must be a symmetric equilibrium; with S its support and
//! E ⊇ S its pure best replies, x is an ESS iff zᵀAz < 0 for every non-zero z in the cone
//! {Σz = 0, z = 0 off E, z ≥ 0 on E∖S}. When E = S that is negative definiteness on the
//! tangent space of the support (Haigh 1975); when E ⊋ S it is negative definiteness there
//! plus strict copositivity of a Schur complement on the extra best replies — a plain
//! definiteness test on all of E is wrong in that case.
//!
//! Candidates: an ESS is the only symmetric equilibrium with support inside its best replies,
//! so it is the unique solution of the indifference equations on its support; every support
//! whose equations have a unique solution is tried.

use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

use crate::evolutionary::copositive::{is_negative_definite, is_strictly_copositive};
use crate::game::{rational_text, rationals_text, Matrix, NormalFormGame};
use crate::linalg::solve;
use crate::StrategicError;

/// The most strategies `ess` accepts (every support is tried).
pub const MAX_ESS_STRATEGIES: usize = 16;

/// Why a symmetric equilibrium is or is not an ESS.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// An ESS: strict equilibrium, or the second-order condition holds.
    Ess,
    /// Not an ESS: a mutant on the support does as well and invades (the form is not
    /// negative definite on the support's tangent space).
    NotNegativeDefinite,
    /// Not an ESS: a mutant using the extra best replies invades (copositivity fails).
    NotCopositive,
}

impl Verdict {
    /// The verdict in words, as reports give it.
    pub fn explanation(&self) -> &'static str {
        match self {
            Verdict::Ess => "ESS",
            Verdict::NotNegativeDefinite => {
                "not an ESS: a mutant on the support does as well and is not beaten back"
            }
            Verdict::NotCopositive => {
                "not an ESS: a mutant using an alternative best reply invades (copositivity fails)"
            }
        }
    }
}

/// A symmetric equilibrium (x, x) and its verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The mixed strategy x.
    pub strategy: Vec<BigRational>,
    /// The verdict.
    pub verdict: Verdict,
}

/// Player 1's payoff matrix of a symmetric game (B = Aᵀ), or an error saying why the game is
/// not symmetric.
pub fn symmetric_matrix(game: &NormalFormGame) -> Result<Matrix, StrategicError> {
    let (a, b) = game.matrices()?;
    let n = a.len();
    if a[0].len() != n {
        return Err(StrategicError::InvalidInput(format!(
            "this needs a symmetric game; the players have {n} and {} strategies",
            a[0].len()
        )));
    }
    for i in 0..n {
        for j in 0..n {
            if b[i][j] != a[j][i] {
                return Err(StrategicError::InvalidInput(format!(
                    "this needs a symmetric game (B = Aᵀ); B[{}][{}] = {} but A[{}][{}] = {}",
                    i + 1,
                    j + 1,
                    rational_text(&b[i][j]),
                    j + 1,
                    i + 1,
                    rational_text(&a[j][i])
                )));
            }
        }
    }
    Ok(a)
}

/// (Ax)_i for every i.
pub(crate) fn payoffs_against(a: &Matrix, x: &[BigRational]) -> Vec<BigRational> {
    a.iter()
        .map(|row| row.iter().zip(x).map(|(p, q)| p * q).sum())
        .collect()
}

/// The ESS test for a symmetric equilibrium x (assumed one).
pub fn verdict(a: &Matrix, x: &[BigRational]) -> Verdict {
    let n = a.len();
    let ax = payoffs_against(a, x);
    let value: BigRational = ax.iter().zip(x).map(|(p, q)| p * q).sum();
    let support: Vec<usize> = (0..n).filter(|&i| !x[i].is_zero()).collect();
    let extra: Vec<usize> = (0..n)
        .filter(|&i| x[i].is_zero() && ax[i] == value)
        .collect();
    // The symmetric part M = (A + Aᵀ)/2 gives the same quadratic form.
    let two = BigRational::from_integer(2.into());
    let m = |i: usize, j: usize| (&a[i][j] + &a[j][i]) / &two;
    let k = support[0];
    let free = &support[1..];
    // z = Σ w_i (e_i − e_k) + Σ b_t (e_t − e_k).
    let form = |i: usize, j: usize| m(i, j) - m(i, k) - m(k, j) + m(k, k);
    let c: Matrix = free
        .iter()
        .map(|&i| free.iter().map(|&j| form(i, j)).collect())
        .collect();
    if !is_negative_definite(&c) {
        return Verdict::NotNegativeDefinite;
    }
    if extra.is_empty() {
        return Verdict::Ess;
    }
    let d: Matrix = free
        .iter()
        .map(|&i| extra.iter().map(|&t| form(i, t)).collect())
        .collect();
    let g: Matrix = extra
        .iter()
        .map(|&s| extra.iter().map(|&t| form(s, t)).collect())
        .collect();
    // H = −(G − Dᵀ C⁻¹ D): maximise over w for each b ≥ 0.
    let mut h = g.clone();
    if !free.is_empty() {
        let columns: Vec<Vec<BigRational>> = (0..extra.len())
            .map(|t| {
                let rhs: Vec<BigRational> = d.iter().map(|row| row[t].clone()).collect();
                solve(c.clone(), rhs).unwrap_or_default()
            })
            .collect();
        for s in 0..extra.len() {
            for t in 0..extra.len() {
                let dt_cinv_d: BigRational =
                    (0..free.len()).map(|i| &d[i][s] * &columns[t][i]).sum();
                h[s][t] -= dt_cinv_d;
            }
        }
    }
    let neg_h: Matrix = h.iter().map(|r| r.iter().map(|x| -x).collect()).collect();
    if is_strictly_copositive(&neg_h) {
        Verdict::Ess
    } else {
        Verdict::NotCopositive
    }
}

/// Every population state isolated on its support where the support's strategies all earn
/// the same, with that payoff: for each support S the unique solution of A_SS x_S = v·1,
/// Σ x_S = 1, when it is unique and positive on S. These are the replicator dynamic's rest
/// points; the Nash ones are the candidates for an ESS.
pub fn equal_payoff_states(
    a: &Matrix,
) -> Result<Vec<(Vec<BigRational>, BigRational)>, StrategicError> {
    let n = a.len();
    if n > MAX_ESS_STRATEGIES {
        return Err(StrategicError::too_large(
            "strategies for the search over supports",
            n,
            MAX_ESS_STRATEGIES,
        ));
    }
    let mut out = Vec::new();
    for mask in 1u32..1 << n {
        let support: Vec<usize> = (0..n).filter(|i| mask >> i & 1 == 1).collect();
        let k = support.len();
        let mut rows: Matrix = support
            .iter()
            .map(|&i| {
                let mut r: Vec<BigRational> = support.iter().map(|&j| a[i][j].clone()).collect();
                r.push(-BigRational::one());
                r
            })
            .collect();
        let mut total = vec![BigRational::one(); k];
        total.push(BigRational::zero());
        rows.push(total);
        let mut rhs = vec![BigRational::zero(); k];
        rhs.push(BigRational::one());
        let Some(z) = solve(rows, rhs) else { continue };
        if z[..k].iter().any(|p| !p.is_positive()) {
            continue;
        }
        let mut x = vec![BigRational::zero(); n];
        for (idx, &i) in support.iter().enumerate() {
            x[i] = z[idx].clone();
        }
        out.push((x, z[k].clone()));
    }
    Ok(out)
}

/// Whether no strategy earns more than `value` against `x`: (x, x) is a Nash equilibrium.
pub fn is_symmetric_equilibrium(a: &Matrix, x: &[BigRational], value: &BigRational) -> bool {
    payoffs_against(a, x).iter().all(|p| p <= value)
}

/// Every symmetric equilibrium (x, x) that is isolated on its support, with its verdict.
pub fn symmetric_equilibria(a: &Matrix) -> Result<Vec<Candidate>, StrategicError> {
    Ok(equal_payoff_states(a)?
        .into_iter()
        .filter(|(x, v)| is_symmetric_equilibrium(a, x, v))
        .map(|(x, _)| Candidate {
            verdict: verdict(a, &x),
            strategy: x,
        })
        .collect())
}

/// Every ESS of the symmetric game with row payoffs `a`.
pub fn evolutionarily_stable(a: &Matrix) -> Result<Vec<Vec<BigRational>>, StrategicError> {
    Ok(symmetric_equilibria(a)?
        .into_iter()
        .filter(|c| c.verdict == Verdict::Ess)
        .map(|c| c.strategy)
        .collect())
}

/// The answer of `conway ess` for a game: every symmetric equilibrium isolated on its
/// support with its verdict, and the ESSs among them. The game must be symmetric.
pub fn analyse(game: &NormalFormGame) -> Result<EssReport, StrategicError> {
    let candidates = symmetric_equilibria(&symmetric_matrix(game)?)?;
    Ok(EssReport {
        ess: candidates
            .iter()
            .filter(|c| c.verdict == Verdict::Ess)
            .map(|c| rationals_text(&c.strategy))
            .collect(),
        symmetric_equilibria: candidates
            .into_iter()
            .map(|c| SymmetricEquilibrium {
                strategy: rationals_text(&c.strategy),
                verdict: c.verdict,
            })
            .collect(),
    })
}

/// Whether `x` satisfies the definition against every mutant y on a grid of the simplex
/// with `steps` parts per unit — a slow check of the conditions themselves, for tests.
pub fn resists_grid_mutants(a: &Matrix, x: &[BigRational], steps: u32) -> bool {
    let n = a.len();
    let mut y = vec![0u32; n];
    fn rec(i: usize, left: u32, y: &mut Vec<u32>, f: &mut dyn FnMut(&[u32]) -> bool) -> bool {
        if i + 1 == y.len() {
            y[i] = left;
            return f(y);
        }
        (0..=left).all(|v| {
            y[i] = v;
            rec(i + 1, left - v, y, f)
        })
    }
    let xax: BigRational = payoffs_against(a, x)
        .iter()
        .zip(x)
        .map(|(p, q)| p * q)
        .sum();
    let mut check = |grid: &[u32]| {
        let yv: Vec<BigRational> = grid
            .iter()
            .map(|&g| BigRational::new(g.into(), steps.into()))
            .collect();
        if yv == x {
            return true;
        }
        let ay = payoffs_against(a, &yv);
        let yax: BigRational = payoffs_against(a, x)
            .iter()
            .zip(&yv)
            .map(|(p, q)| p * q)
            .sum();
        let xay: BigRational = ay.iter().zip(x).map(|(p, q)| p * q).sum();
        let yay: BigRational = ay.iter().zip(&yv).map(|(p, q)| p * q).sum();
        yax < xax || (yax == xax && xay > yay)
    };
    rec(0, steps, &mut y, &mut check)
}

/// The evolutionarily stable strategies of a symmetric game, with every symmetric
/// equilibrium isolated on its support and why it is or is not one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct EssReport {
    /// The ESSs: one list of probabilities each.
    pub ess: Vec<Vec<String>>,
    /// Every candidate with its verdict.
    pub symmetric_equilibria: Vec<SymmetricEquilibrium>,
}

/// A symmetric equilibrium (x, x) and whether x is an ESS.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymmetricEquilibrium {
    /// The mixed strategy x.
    pub strategy: Vec<String>,
    /// Whether it is an ESS, and if not, why.
    pub verdict: Verdict,
}

impl Serialize for SymmetricEquilibrium {
    /// `{strategy, ess, reason}`: the verdict as a flag and in words.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_struct("SymmetricEquilibrium", 3)?;
        m.serialize_field("strategy", &self.strategy)?;
        m.serialize_field("ess", &(self.verdict == Verdict::Ess))?;
        m.serialize_field("reason", self.verdict.explanation())?;
        m.end()
    }
}

/// `{strategy, ess, reason}`.
impl schemars::JsonSchema for SymmetricEquilibrium {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "SymmetricEquilibrium".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "object",
            "properties": {
                "strategy": { "type": "array", "items": { "type": "string" } },
                "ess": { "type": "boolean" },
                "reason": { "type": "string" }
            },
            "required": ["strategy", "ess", "reason"],
            "additionalProperties": false
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::integer;
    use crate::testing::int_matrix as m;
    use proptest::prelude::*;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    /// Textbook cases: Hawk–Dove's mixed ESS V/C (Maynard Smith, Evolution and the Theory of
    /// Games, 1982); strict equilibria are ESS (the stag hunt, the prisoner's dilemma);
    /// rock-paper-scissors has the uniform ESS exactly when a win pays more than a loss costs
    /// (Hofbauer & Sigmund, Evolutionary Games and Population Dynamics, 1998); Zeeman's game
    /// (Zeeman 1980) has e1 only. Each verdict also follows from the definition by hand.
    #[test]
    fn published_cases() {
        let cases: Vec<(Matrix, Vec<Vec<BigRational>>)> = vec![
            // Hawk–Dove V=2, C=4.
            (m(&[&[-1, 2], &[0, 1]]), vec![vec![q(1, 2), q(1, 2)]]),
            (m(&[&[3, 2], &[4, 1]]), vec![vec![q(1, 2), q(1, 2)]]),
            (m(&[&[-1, 4], &[0, 2]]), vec![vec![q(2, 3), q(1, 3)]]),
            // Stag hunt: both pure conventions, not the mixed equilibrium.
            (
                m(&[&[4, 0], &[3, 3]]),
                vec![vec![q(1, 1), q(0, 1)], vec![q(0, 1), q(1, 1)]],
            ),
            // Prisoner's dilemma.
            (m(&[&[3, 0], &[5, 1]]), vec![vec![q(0, 1), q(1, 1)]]),
            // Rock-paper-scissors, zero-sum: no ESS.
            (m(&[&[0, -1, 1], &[1, 0, -1], &[-1, 1, 0]]), vec![]),
            // RPS, win 2 / lose 1: the uniform strategy is an ESS.
            (
                m(&[&[0, -1, 2], &[2, 0, -1], &[-1, 2, 0]]),
                vec![vec![q(1, 3), q(1, 3), q(1, 3)]],
            ),
            // RPS, win 1 / lose 2: not.
            (m(&[&[0, -2, 1], &[1, 0, -2], &[-2, 1, 0]]), vec![]),
            // Zeeman-type: e1 only.
            (
                m(&[&[0, 6, -4], &[-3, 0, 5], &[-1, 3, 0]]),
                vec![vec![q(1, 1), q(0, 1), q(0, 1)]],
            ),
            (m(&[&[1, 1], &[1, 0]]), vec![vec![q(1, 1), q(0, 1)]]),
            (m(&[&[1, 1], &[1, 1]]), vec![]),
        ];
        for (a, expected) in cases {
            let mut found = evolutionarily_stable(&a).unwrap();
            found.sort();
            let mut expected = expected;
            expected.sort();
            assert_eq!(found, expected, "{a:?}");
        }
    }

    /// The non-regular case: e1 is an ESS of [[0,1,1],[0,0,0],[0,-1,0]] (best replies E =
    /// all three strategies, the cone test passes), though the form is not negative
    /// definite on the span of E — the naive test would reject it.
    #[test]
    fn naive_definiteness_is_wrong_off_the_support() {
        let a = m(&[&[0, 1, 1], &[0, 0, 0], &[0, -1, 0]]);
        let e1 = vec![q(1, 1), q(0, 1), q(0, 1)];
        assert_eq!(verdict(&a, &e1), Verdict::Ess);
        // Naive: negative definiteness of the form on {Σz = 0} over all of E.
        let two = integer(2);
        let mm = |i: usize, j: usize| (&a[i][j] + &a[j][i]) / &two;
        let form = |i: usize, j: usize| mm(i, j) - mm(i, 0) - mm(0, j) + mm(0, 0);
        let naive: Matrix = (1..3)
            .map(|i| (1..3).map(|j| form(i, j)).collect())
            .collect();
        assert!(!is_negative_definite(&naive));
        assert!(resists_grid_mutants(&a, &e1, 30));
    }

    /// Hawk–Dove with V = 2, C = 4 (Maynard Smith 1982): the ESS (1/2, 1/2), as the report's
    /// JSON.
    #[test]
    fn hawk_dove_report() {
        let g = crate::formats::input::read_symmetric_game(None, Some("-1 2; 0 1"), None).unwrap();
        let json = serde_json::to_string(&analyse(&g).unwrap()).unwrap();
        assert_eq!(
            json,
            r#"{"ess":[["1/2","1/2"]],"symmetric_equilibria":[{"strategy":["1/2","1/2"],"ess":true,"reason":"ESS"}]}"#
        );
        // Rock-paper-scissors, win 1 / lose 2: the uniform equilibrium is no ESS.
        let g =
            crate::formats::input::read_symmetric_game(None, Some("0 -2 1; 1 0 -2; -2 1 0"), None)
                .unwrap();
        let r = analyse(&g).unwrap();
        assert!(r.ess.is_empty());
        assert_eq!(r.symmetric_equilibria.len(), 1);
        let json = serde_json::to_string(&r.symmetric_equilibria[0]).unwrap();
        assert_eq!(
            json,
            r#"{"strategy":["1/3","1/3","1/3"],"ess":false,"reason":"not an ESS: a mutant on the support does as well and is not beaten back"}"#
        );
    }

    #[test]
    fn analyse_needs_a_symmetric_game() {
        let g = crate::formats::input::read_game(None, Some("1 2; 3 4"), Some("1 2; 3 4")).unwrap();
        let e = analyse(&g).unwrap_err();
        assert_eq!(
            e.to_string(),
            "this needs a symmetric game (B = Aᵀ); B[1][2] = 2 but A[2][1] = 3"
        );
        let big: Matrix = (0..MAX_ESS_STRATEGIES + 1)
            .map(|i| {
                (0..MAX_ESS_STRATEGIES + 1)
                    .map(|j| integer((i * j) as i64))
                    .collect()
            })
            .collect();
        let e = symmetric_equilibria(&big).unwrap_err();
        assert!(
            matches!(&e, StrategicError::TooLarge { size, .. } if size == "17"),
            "{e:?}"
        );
        assert_eq!(
            e.to_string(),
            "strategies for the search over supports: 17, more than the limit of 16"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Every ESS found resists every mutant of a grid; every rejected candidate has a
        /// mutant on a fine grid or on a line that invades (checked on the grid when it shows).
        #[test]
        fn verdicts_match_the_definition_on_a_grid(entries in proptest::collection::vec(-4i64..5, 9)) {
            let a: Matrix = entries.chunks(3).map(|r| r.iter().map(|&x| integer(x)).collect()).collect();
            for c in symmetric_equilibria(&a).unwrap() {
                if c.verdict == Verdict::Ess {
                    prop_assert!(resists_grid_mutants(&a, &c.strategy, 24), "{:?}", c.strategy);
                }
            }
        }
    }
}
