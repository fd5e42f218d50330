//! The logit quantal response equilibria of a normal-form game, followed from the centroid
//! to a Nash equilibrium (`--method logit`).
//!
//! A logit QRE at precision λ ≥ 0 is a profile where each player mixes in proportion to
//! exp(λ · payoff): p_ij ∝ exp(λ u_ij(p)) (McKelvey and Palfrey, "Quantal response equilibria
//! for normal form games", *Games and Economic Behavior* 10, 1995). At λ = 0 the only one is
//! the centroid. For almost every game the QREs containing it form a smooth curve, the
//! principal branch, whose limit as λ → ∞ is one Nash equilibrium (their Theorem 3): a
//! selection that depends on the game alone, and the one Gambit's `logit` computes.
//!
//! The branch is followed in the unknowns x = (y, λ), y_ij = ln p_ij, where the equations
//!
//! - Σ_j exp(y_ij) − 1 = 0 for each player i, and
//! - y_ij − y_i0 − λ (u_ij(p) − u_i0(p)) = 0 for each player i and strategy j ≥ 1
//!
//! leave one degree of freedom (Turocy, "A dynamic homotopy interpretation of the logit
//! quantal response equilibrium correspondence", *Games and Economic Behavior* 51, 2005).
//! Logarithms keep probabilities that tend to 0 as exp(−λ·gap) from underflowing the
//! arithmetic. The curve is traced by arclength: an Euler predictor along the tangent (the
//! kernel of the Jacobian, from a Householder QR factorisation of its transpose), a chord
//! Newton corrector through that Jacobian's pseudo-inverse, and a step length adapted to how the
//! corrector converged (Allgower and Georg, *Numerical Continuation Methods*, 1990, ch. 6).
//!
//! The trace stops when no player's regret exceeds [`TARGET_REGRET`] of the game's payoff
//! range (Gambit's acceptance criterion). Its floating-point end point is not the answer:
//! [`super::nearby`] solves the end point's supports exactly, or certifies an equilibrium on
//! them, and checks it; if that fails the trace goes on to a smaller regret and tries again.

use conway_core::{Progress, Work};

use crate::n_player::float_game::{FloatGame, FloatProfile};
use crate::n_player::nearby::{equilibrium_near, Nearby};
use crate::{NormalFormGame, StrategicError};

/// The regret (a fraction of the payoff range) at which the trace first stops.
pub const TARGET_REGRET: f64 = 1e-8;

/// The smallest regret the trace goes on to when its end's supports give no equilibrium.
pub const LAST_TARGET_REGRET: f64 = 1e-14;

/// The most accepted steps of one trace.
pub const MAX_STEPS: usize = 100_000;

/// The arclength of the first step (Gambit's default).
const FIRST_STEP: f64 = 0.03;

/// The most a step may lengthen from one to the next (Gambit's default).
const MAX_ACCEL: f64 = 1.1;

/// The largest first corrector step accepted, in the scaled norm of [`scaled_norm`].
const MAX_DISTANCE: f64 = 0.4;

/// The largest ratio of two successive corrector steps accepted.
const MAX_CONTRACTION: f64 = 0.6;

/// The corrector stops when its step is below this, relative to each unknown's size.
const TOLERANCE: f64 = 1e-10;

/// The most corrector iterations per step.
const MAX_CORRECTIONS: usize = 12;

/// The cosine of the largest angle the tangent may turn through in one step (60°).
const MAX_TURN_COSINE: f64 = 0.5;

/// Steps shorter than this mean the branch cannot be followed further.
const MIN_STEP: f64 = 1e-12;

/// Where the principal branch led: its end, and the equilibrium found there.
#[derive(Clone, Debug)]
pub struct LogitLimit {
    /// The equilibrium at the end, exact or certified, and how far it lies from the end;
    /// `None` when the end's supports gave none.
    pub equilibrium: Option<Nearby>,
    /// The last QRE reached.
    pub end: FloatProfile,
    /// Its precision λ, in the game's payoff units.
    pub lambda: f64,
    /// Its largest regret, as a fraction of the game's payoff range.
    pub regret: f64,
    /// The steps taken.
    pub steps: usize,
    /// Why the trace ended early, if it did.
    pub stopped: Option<PathStop>,
    /// Every point passed, when asked for.
    pub path: Option<Vec<PathPoint>>,
}

/// The limit of `game`'s principal branch as an exact or certified equilibrium (irrational
/// ones to `digits` digits), the branch's points kept when `record`.
pub fn logit_limit(
    game: &NormalFormGame,
    digits: usize,
    record: bool,
    progress: &dyn Progress,
) -> Result<LogitLimit, StrategicError> {
    let mut branch = Branch::start(FloatGame::new(game), record);
    let mut target = TARGET_REGRET;
    loop {
        let stopped = branch.follow(target, progress)?;
        let end = branch.profile();
        let equilibrium = equilibrium_near(game, &end, digits)?;
        // A probability still on its way to 0 can make the end's supports too large: go on
        // to a smaller regret, where it has gone.
        if equilibrium.is_none() && stopped.is_none() && target > LAST_TARGET_REGRET {
            target *= 1e-3;
            continue;
        }
        return Ok(LogitLimit {
            equilibrium,
            lambda: branch.lambda(),
            regret: branch.regret(),
            steps: branch.steps,
            stopped,
            path: branch.points.take(),
            end,
        });
    }
}

/// One point of the branch as reported.
#[derive(Clone, Debug, PartialEq)]
pub struct PathPoint {
    /// The precision λ, in the game's own payoff units (as Gambit prints it).
    pub lambda: f64,
    /// The QRE at that λ.
    pub profile: FloatProfile,
}

/// Why a trace ended before reaching its regret target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathStop {
    /// [`MAX_STEPS`] steps were taken.
    Steps,
    /// The step length fell below the least allowed: the branch bends or branches too
    /// sharply to follow (a game where it is not smooth).
    Stalled,
}

impl PathStop {
    /// In words.
    pub fn text(self) -> &'static str {
        match self {
            PathStop::Steps => "the step limit was reached",
            PathStop::Stalled => {
                "the branch could not be followed further (it is not smooth there)"
            }
        }
    }
}

/// The principal branch being followed.
pub struct Branch {
    equations: Equations,
    /// The current point (y, λ) and the unit tangent there, pointing onwards.
    x: Vec<f64>,
    tangent: Vec<f64>,
    /// The Jacobian's factorisation at the current point.
    factored: Factored,
    /// The sign of det[Jᵀ t] of the onward tangent t, which stays the same all along a
    /// smooth branch, through the turns where λ goes back (Allgower and Georg, §2.1).
    orientation: f64,
    /// The next step's arclength.
    step: f64,
    /// Accepted steps so far.
    pub steps: usize,
    /// The points passed, when asked to record them.
    pub points: Option<Vec<PathPoint>>,
}

impl Branch {
    /// The branch of `game` at its start, the centroid at λ = 0; `record` keeps every
    /// point passed.
    pub fn start(game: FloatGame, record: bool) -> Branch {
        let mut offsets = Vec::with_capacity(game.players());
        let mut n = 0;
        for &k in &game.shape {
            offsets.push(n);
            n += k;
        }
        let mut x: Vec<f64> = game
            .shape
            .iter()
            .flat_map(|&k| std::iter::repeat_n(-(k as f64).ln(), k))
            .collect();
        x.push(0.0);
        let equations = Equations { game, offsets };
        let factored = Factored::new(equations.jacobian(&x));
        // Onwards from the centroid is towards larger λ.
        let mut tangent = factored.tangent();
        let mut orientation = factored.orientation();
        if tangent[n] < 0.0 {
            tangent.iter_mut().for_each(|v| *v = -*v);
            orientation = -orientation;
        }
        let mut branch = Branch {
            equations,
            x,
            tangent,
            factored,
            orientation,
            step: FIRST_STEP,
            steps: 0,
            points: record.then(Vec::new),
        };
        branch.record();
        branch
    }

    /// The precision λ reached, in the game's payoff units.
    pub fn lambda(&self) -> f64 {
        self.x[self.x.len() - 1] / self.equations.game.range
    }

    /// The QRE reached.
    pub fn profile(&self) -> FloatProfile {
        self.equations.profile(&self.x)
    }

    /// The largest regret at the QRE reached, as a fraction of the payoff range.
    pub fn regret(&self) -> f64 {
        self.equations.game.regret(&self.profile())
    }

    /// Follows the branch until the regret is at most `target` (`None`), or says why it
    /// stopped before. `progress` hears each step.
    pub fn follow(
        &mut self,
        target: f64,
        progress: &dyn Progress,
    ) -> Result<Option<PathStop>, StrategicError> {
        while self.regret() > target {
            if self.steps >= MAX_STEPS {
                return Ok(Some(PathStop::Steps));
            }
            progress.advance(Work::open(self.steps as u64, "steps"))?;
            let predicted: Vec<f64> = self
                .x
                .iter()
                .zip(&self.tangent)
                .map(|(x, t)| x + self.step * t)
                .collect();
            // A step that turned the tangent by more than MAX_TURN went round a bend too
            // fast, perhaps onto another part of the curve: it is taken again, shorter.
            let corrected = self.correct(predicted).and_then(|(x, first, contraction)| {
                let (tangent, factored) = self.onward_tangent(&x);
                (dot(&tangent, &self.tangent) >= MAX_TURN_COSINE).then_some((
                    x,
                    tangent,
                    factored,
                    first,
                    contraction,
                ))
            });
            match corrected {
                Some((x, tangent, factored, first, contraction)) => {
                    self.x = x;
                    self.tangent = tangent;
                    self.factored = factored;
                    self.steps += 1;
                    self.record();
                    // Lengthen the step when the corrector had it easy, shorten it when not.
                    let ease = (first / MAX_DISTANCE)
                        .sqrt()
                        .max((contraction / MAX_CONTRACTION).sqrt())
                        .clamp(1.0 / MAX_ACCEL, 2.0);
                    self.step /= ease;
                }
                None => {
                    self.step /= 2.0;
                    if self.step < MIN_STEP {
                        return Ok(Some(PathStop::Stalled));
                    }
                }
            }
        }
        Ok(None)
    }

    /// The unit tangent at `x` (a point of the branch), pointing onwards, and the
    /// factorisation it came from.
    fn onward_tangent(&self, x: &[f64]) -> (Vec<f64>, Factored) {
        let factored = Factored::new(self.equations.jacobian(x));
        let mut tangent = factored.tangent();
        if factored.orientation() != self.orientation {
            tangent.iter_mut().for_each(|v| *v = -*v);
        }
        (tangent, factored)
    }

    /// Keeps the current point when recording.
    fn record(&mut self) {
        if self.points.is_none() {
            return;
        }
        let point = PathPoint {
            lambda: self.lambda(),
            profile: self.profile(),
        };
        if let Some(points) = &mut self.points {
            points.push(point);
        }
    }

    /// Newton's method from `x` onto the branch, through the pseudo-inverse of the Jacobian
    /// at the current point (the chord method: one factorisation a step, which the tangent
    /// needs anyway): the point, the first step's size and the largest ratio of successive
    /// steps; `None` when it does not converge fast enough to trust.
    fn correct(&self, mut x: Vec<f64>) -> Option<(Vec<f64>, f64, f64)> {
        let mut first = 0.0;
        let mut previous = 0.0;
        let mut contraction: f64 = 0.0;
        for k in 0..MAX_CORRECTIONS {
            let delta = self.factored.least_change(&self.equations.values(&x))?;
            let size = scaled_norm(&delta, &x);
            if !size.is_finite() {
                return None;
            }
            if k == 0 {
                first = size;
                if first > MAX_DISTANCE {
                    return None;
                }
            } else if previous > 0.0 {
                contraction = contraction.max(size / previous);
                if size / previous > MAX_CONTRACTION && size > TOLERANCE {
                    return None;
                }
            }
            x.iter_mut().zip(&delta).for_each(|(x, d)| *x -= d);
            if size <= TOLERANCE {
                return Some((x, first, contraction));
            }
            previous = size;
        }
        None
    }
}

/// The branch's equations: what the corrector solves and the tangent is the kernel of.
struct Equations {
    game: FloatGame,
    /// Where each player's unknowns start in x.
    offsets: Vec<usize>,
}

impl Equations {
    /// The profile at the unknowns `x`: each player's exp(y), normalised (the sum
    /// equation holds only to the corrector's tolerance).
    fn profile(&self, x: &[f64]) -> FloatProfile {
        self.unnormalised(x)
            .into_iter()
            .map(|p| {
                let total: f64 = p.iter().sum();
                p.iter().map(|v| v / total).collect()
            })
            .collect()
    }

    /// The equations' values at `x`.
    fn values(&self, x: &[f64]) -> Vec<f64> {
        let p = self.unnormalised(x);
        let u = self.game.strategy_payoffs(&p);
        let lambda = x[x.len() - 1];
        let mut values = vec![0.0; x.len() - 1];
        for (i, &k) in self.game.shape.iter().enumerate() {
            let o = self.offsets[i];
            values[o] = p[i].iter().sum::<f64>() - 1.0;
            for j in 1..k {
                values[o + j] = x[o + j] - x[o] - lambda * (u[i][j] - u[i][0]);
            }
        }
        values
    }

    /// exp(y) at `x`, player by player (the probabilities, to the sum equation's residual).
    fn unnormalised(&self, x: &[f64]) -> FloatProfile {
        self.game
            .shape
            .iter()
            .zip(&self.offsets)
            .map(|(&k, &o)| x[o..o + k].iter().map(|y| y.exp()).collect())
            .collect()
    }

    /// The equations' Jacobian at `x` (a row per equation, a column per unknown, λ last).
    fn jacobian(&self, x: &[f64]) -> Vec<Vec<f64>> {
        let shape = &self.game.shape;
        let n: usize = shape.iter().sum();
        let lambda = x[n];
        let p = self.unnormalised(x);
        let (u, d) = self.game.payoff_derivatives(&p);
        let mut jacobian = vec![vec![0.0; n + 1]; n];
        for (i, &k) in shape.iter().enumerate() {
            let o = self.offsets[i];
            for j in 0..k {
                jacobian[o][o + j] = p[i][j];
            }
            for j in 1..k {
                let row = &mut jacobian[o + j];
                row[o + j] = 1.0;
                row[o] = -1.0;
                row[n] = -(u[i][j] - u[i][0]);
                for (q, &oq) in self.offsets.iter().enumerate().filter(|&(q, _)| q != i) {
                    for l in 0..shape[q] {
                        row[oq + l] = -lambda * (d[i][q][j][l] - d[i][q][0][l]) * p[q][l];
                    }
                }
            }
        }
        jacobian
    }
}

/// The size of a step `delta` at `x`, each coordinate relative to the unknown's size: the
/// logarithms of vanishing probabilities and λ grow without bound along the branch, and
/// only their relative accuracy means anything.
fn scaled_norm(delta: &[f64], x: &[f64]) -> f64 {
    delta
        .iter()
        .zip(x)
        .map(|(d, x)| (d / (1.0 + x.abs())).abs())
        .fold(0.0, f64::max)
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// The Householder QR factorisation of the transpose of an n × (n + 1) Jacobian: what
/// gives the branch's tangent and the corrector's least change.
struct Factored {
    /// The transpose's columns, overwritten: R's entries on and above the diagonal.
    columns: Vec<Vec<f64>>,
    /// The unit Householder vectors, one per column, acting on rows c.. of column c's.
    reflectors: Vec<Vec<f64>>,
}

impl Factored {
    /// Factors the transpose of `jacobian` (n rows of n + 1 entries).
    fn new(jacobian: Vec<Vec<f64>>) -> Factored {
        // The rows of the Jacobian are the columns of its transpose.
        let mut columns = jacobian;
        let n = columns.len();
        let mut reflectors = Vec::with_capacity(n);
        for c in 0..n {
            let x = &columns[c][c..];
            let norm = x.iter().map(|v| v * v).sum::<f64>().sqrt();
            let alpha = if x[0] > 0.0 { -norm } else { norm };
            let mut v = x.to_vec();
            v[0] -= alpha;
            let vn = v.iter().map(|a| a * a).sum::<f64>().sqrt();
            if vn > 0.0 {
                v.iter_mut().for_each(|a| *a /= vn);
            }
            for col in columns.iter_mut().skip(c) {
                reflect(&v, &mut col[c..]);
            }
            reflectors.push(v);
        }
        Factored {
            columns,
            reflectors,
        }
    }

    /// Q·z, for z of length n + 1.
    fn q_times(&self, mut z: Vec<f64>) -> Vec<f64> {
        for (c, v) in self.reflectors.iter().enumerate().rev() {
            reflect(v, &mut z[c..]);
        }
        z
    }

    /// The sign of det[Jᵀ t] for t = [`Factored::tangent`]: det Q · det R, each nontrivial
    /// reflection contributing −1 to det Q.
    fn orientation(&self) -> f64 {
        let mut sign = 1.0;
        for (c, v) in self.reflectors.iter().enumerate() {
            if v.iter().any(|&a| a != 0.0) {
                sign = -sign;
            }
            if self.columns[c][c] < 0.0 {
                sign = -sign;
            }
        }
        sign
    }

    /// A unit vector spanning the Jacobian's kernel: Q's last column.
    fn tangent(&self) -> Vec<f64> {
        let n = self.columns.len();
        let mut e = vec![0.0; n + 1];
        e[n] = 1.0;
        self.q_times(e)
    }

    /// The least-norm d with J·d = `values`: Q·[R⁻ᵀ·values; 0]; `None` when R is singular.
    fn least_change(&self, values: &[f64]) -> Option<Vec<f64>> {
        let n = self.columns.len();
        let mut w = vec![0.0; n + 1];
        for i in 0..n {
            // R[k][i] is entry k of the transposed column i.
            let sum: f64 = (0..i).map(|k| self.columns[i][k] * w[k]).sum();
            let diagonal = self.columns[i][i];
            if diagonal.abs() < 1e-300 {
                return None;
            }
            w[i] = (values[i] - sum) / diagonal;
        }
        Some(self.q_times(w))
    }
}

/// Applies the reflection I − 2vvᵀ to `z`.
fn reflect(v: &[f64], z: &mut [f64]) {
    let s = 2.0 * dot(v, z);
    z.iter_mut().zip(v).for_each(|(z, v)| *z -= s * v);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::nfg::parse;
    use crate::game::{profile_text, MixedProfile};
    use crate::n_player::enumpoly::Found;
    use crate::nash::{solve, Method, Options, Trace};
    use crate::testing::{
        arb_bimatrix, arb_game, gambit_g3, int_matrix, irrational_three_player, mckelvey_mclennan,
    };
    use crate::NormalFormGame;
    use conway_core::NoProgress;
    use num_traits::ToPrimitive;
    use proptest::prelude::*;

    /// The equilibrium the logit method reports, as texts, and the trace.
    fn limit(game: &NormalFormGame) -> (Vec<Vec<String>>, LogitLimit) {
        let found = solve(game, Some(Method::Logit), Options::default(), &NoProgress).unwrap();
        let trace = found.trace.as_ref().and_then(Trace::logit).unwrap().clone();
        let texts = match &found.equilibria[..] {
            [Found::Exact(p)] => profile_text(p),
            [Found::Certified { center, .. }] => center
                .iter()
                .map(|s| {
                    s.iter()
                        .map(|x| format!("{:.6}", x.to_f64().unwrap()))
                        .collect()
                })
                .collect(),
            other => panic!("one equilibrium expected, not {other:?}"),
        };
        (texts, trace)
    }

    fn texts(rows: &[&[&str]]) -> Vec<Vec<String>> {
        rows.iter()
            .map(|r| r.iter().map(|s| s.to_string()).collect())
            .collect()
    }

    /// The limits Gambit 16.7's `logit_solve(game, use_strategic=True)` reports, within its
    /// 1e-6: Conway reaches the same equilibria, exactly.
    #[test]
    fn the_limits_are_gambits() {
        // Gambit's contrib/games/coord3.nfg.
        let coord3 = NormalFormGame::bimatrix(
            &int_matrix(&[&[3, 0, 0], &[0, 2, 0], &[0, 0, 1]]),
            &int_matrix(&[&[2, 0, 0], &[0, 2, 0], &[0, 0, 4]]),
        )
        .unwrap();
        assert_eq!(
            limit(&coord3).0,
            texts(&[&["1", "0", "0"], &["1", "0", "0"]])
        );
        // Gambit's contrib/games/g3.nfg; Gambit ends at (0.2, 0.8), (1, 0), (1, 0),
        // (0.666667, 0.333333).
        let g3 = gambit_g3();
        assert_eq!(
            limit(&g3).0,
            texts(&[&["1/5", "4/5"], &["1", "0"], &["1", "0"], &["2/3", "1/3"]])
        );
        // A game whose irrational mixed equilibrium is not the limit: Gambit ends at the
        // pure (T, T, T).
        assert_eq!(
            limit(&irrational_three_player()).0,
            texts(&[&["0", "1"], &["0", "1"], &["0", "1"]])
        );
    }

    /// A branch that folds back in λ twice (at λ ≈ 3.33 and ≈ 1.79) before it goes on to its
    /// limit, Gambit's too: (1, 0), (0, 1), (1, 0).
    #[test]
    fn a_branch_is_followed_through_its_folds() {
        let g = parse(
            "NFG 1 R \"\" { \"1\" \"2\" \"3\" } { 2 2 2 }\n\
             6 -7 -2 5 -1 -9 -2 -6 -4 -10 3 6 -7 -1 7 -1 0 -5 -8 -3 -8 8 -6 -3\n",
        )
        .unwrap();
        let found = solve(
            &g,
            Some(Method::Logit),
            Options {
                path: true,
                ..Options::default()
            },
            &NoProgress,
        )
        .unwrap();
        assert_eq!(
            found.equilibria,
            vec![Found::Exact(
                [[1, 0], [0, 1], [1, 0]]
                    .iter()
                    .map(|s| s.iter().map(|&x| crate::game::integer(x)).collect())
                    .collect()
            )]
        );
        let trace = found.trace.as_ref().and_then(Trace::logit).unwrap();
        let path = trace.path.clone().unwrap();
        let turns = path
            .windows(3)
            .filter(|w| (w[1].lambda - w[0].lambda) * (w[2].lambda - w[1].lambda) < 0.0)
            .count();
        assert_eq!(turns, 2);
    }

    /// McKelvey and McLennan's 2×2×2 game is symmetric in players 1 and 2, and its branch
    /// meets a bifurcation at λ ≈ 0.5968 (where Gambit stops too, and reports that
    /// point, which is no equilibrium). Conway says the branch stalled, and gives the
    /// equilibrium on the supports of where it stopped, checked.
    #[test]
    fn a_bifurcation_is_reported_as_a_stall() {
        let (found, trace) = limit(&mckelvey_mclennan());
        assert_eq!(trace.stopped, Some(PathStop::Stalled));
        assert!((trace.lambda - 0.5968).abs() < 1e-3, "{}", trace.lambda);
        assert!(mckelvey_mclennan().is_equilibrium(
            &found
                .iter()
                .map(|s| s
                    .iter()
                    .map(|x| crate::game::parse_number(x).unwrap())
                    .collect())
                .collect()
        ));
    }

    fn branch(game: &NormalFormGame, record: bool) -> Branch {
        Branch::start(FloatGame::new(game), record)
    }

    #[test]
    fn the_factorisation_gives_kernel_and_least_change() {
        let j = vec![vec![1.0, 2.0, 3.0], vec![0.0, 1.0, -1.0]];
        let f = Factored::new(j.clone());
        let t = f.tangent();
        for row in &j {
            assert!(dot(row, &t).abs() < 1e-14);
        }
        assert!((dot(&t, &t) - 1.0).abs() < 1e-14);
        let d = f.least_change(&[4.0, 5.0]).unwrap();
        assert!((dot(&j[0], &d) - 4.0).abs() < 1e-13);
        assert!((dot(&j[1], &d) - 5.0).abs() < 1e-13);
        // Least norm: no part along the kernel.
        assert!(dot(&d, &t).abs() < 1e-13);
    }

    #[test]
    fn a_dominant_strategy_is_the_limit() {
        // The prisoner's dilemma: defecting dominates, and the branch ends there.
        let a = int_matrix(&[&[3, 0], &[5, 1]]);
        let b = int_matrix(&[&[3, 5], &[0, 1]]);
        let mut br = branch(&NormalFormGame::bimatrix(&a, &b).unwrap(), false);
        assert_eq!(br.follow(TARGET_REGRET, &NoProgress).unwrap(), None);
        let p = br.profile();
        assert!(p[0][1] > 1.0 - 1e-7 && p[1][1] > 1.0 - 1e-7, "{p:?}");
        assert!(br.regret() <= TARGET_REGRET);
    }

    #[test]
    fn matching_pennies_stays_at_the_centroid() {
        // Every QRE of matching pennies is the centroid; the regret is 0 from the start.
        let a = int_matrix(&[&[1, -1], &[-1, 1]]);
        let b = int_matrix(&[&[-1, 1], &[1, -1]]);
        let mut br = branch(&NormalFormGame::bimatrix(&a, &b).unwrap(), true);
        assert_eq!(br.follow(TARGET_REGRET, &NoProgress).unwrap(), None);
        assert_eq!(br.steps, 0);
        assert_eq!(br.points.as_ref().unwrap().len(), 1);
    }

    #[test]
    fn a_qre_satisfies_the_logit_equations_along_the_path() {
        // McKelvey and McLennan's 2×2×2 game: every recorded point is a logit QRE at its λ.
        let g = mckelvey_mclennan();
        let mut br = branch(&g, true);
        br.follow(1e-6, &NoProgress).unwrap();
        let fg = FloatGame::new(&g);
        let points = br.points.clone().unwrap();
        assert!(points.len() > 10);
        for point in &points {
            let lambda = point.lambda * fg.range;
            let u = fg.strategy_payoffs(&point.profile);
            for (ui, pi) in u.iter().zip(&point.profile) {
                let z: f64 = ui.iter().map(|v| (lambda * v).exp()).sum();
                for (v, p) in ui.iter().zip(pi) {
                    assert!(((lambda * v).exp() / z - p).abs() < 1e-8);
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// In two-player games the limit is one of the equilibria vertex enumeration lists,
        /// unless the branch stalled (then it is still an equilibrium, checked).
        #[test]
        fn two_player_limits_are_among_all_equilibria(g in arb_bimatrix(4, 30)) {
            let found = solve(&g, Some(Method::Logit), Options::default(), &NoProgress).unwrap();
            let all = solve(&g, Some(Method::Enum), Options::default(), &NoProgress).unwrap();
            let trace = found.trace.as_ref().and_then(Trace::logit).unwrap();
            prop_assert_eq!(found.equilibria.len(), 1);
            let e = found.equilibria[0].profile();
            prop_assert!(g.is_equilibrium(e));
            if trace.stopped.is_none() {
                prop_assert!(trace.regret <= TARGET_REGRET);
                prop_assert!(all.exact().contains(e) || all.exact().len() > 1, "{e:?}");
                prop_assert!(trace.equilibrium.as_ref().unwrap().distance < 1e-4);
            }
        }

        /// In three-player games the limit is an equilibrium polynomial support enumeration
        /// finds too: the same exact one, or a certified one within the digits.
        #[test]
        fn three_player_limits_are_among_all_equilibria(g in arb_game(3, 2, 10)) {
            let found = solve(&g, Some(Method::Logit), Options::default(), &NoProgress).unwrap();
            let all = solve(&g, Some(Method::Poly), Options::default(), &NoProgress).unwrap();
            prop_assume!(all.unsettled.is_empty());
            let trace = found.trace.as_ref().and_then(Trace::logit).unwrap();
            prop_assume!(trace.stopped.is_none());
            prop_assert_eq!(found.equilibria.len(), 1);
            let close = |a: &MixedProfile, b: &MixedProfile| {
                a.iter().flatten().zip(b.iter().flatten()).all(|(x, y)| {
                    (x.to_f64().unwrap() - y.to_f64().unwrap()).abs() < 1e-9
                })
            };
            let e = found.equilibria[0].profile();
            prop_assert!(all.equilibria.iter().any(|f| close(f.profile(), e)), "{e:?}");
        }

        /// On random three-player games the branch is followed to a small regret (random
        /// integer games are generic, where the branch is smooth).
        #[test]
        fn the_branch_reaches_a_small_regret(g in arb_game(3, 3, 10)) {
            let mut br = branch(&g, false);
            let stop = br.follow(1e-6, &NoProgress).unwrap();
            prop_assert_eq!(stop, None);
            prop_assert!(br.regret() <= 1e-6);
        }
    }
}
