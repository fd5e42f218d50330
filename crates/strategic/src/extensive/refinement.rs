//! The exact equilibrium at the end of the floating-point sequence-form path
//! ([`super::sequence_lcp`]): the path's final basis solved exactly by iterative refinement
//! with exact residuals — Dixon's (1982) lifting in base 2^α with a floating-point inverse
//! in place of one modulo a prime, as in numeric-symbolic solvers (Wan 2006).
//!
//! The equilibria found can have large denominators (powers of 3 past 10^30 in one-card
//! poker with a few hundred ranks), so rounding the floating-point answer is not enough.
//! At the end the system's basis is one basis per part ([`super::sequence_lcp`]), each
//! solved on its own. With the basis B of a part (integer after scaling the player's
//! payoffs by their common denominator) and an approximate inverse H of B (the final
//! dictionary's columns of the starting basis, with the start's row operations replayed), each
//! step takes d = round(2^α · H r), then r ← 2^α r − B d exactly, so that after k steps
//! the solution is X / 2^(kα) to within about 2^(−kα), X = Σ d 2^(…). Each realization
//! probability is then the simplest fraction in its interval; once those stop changing the
//! plans are checked exactly ([`SequenceForm::is_equilibrium`]). A basis the floating
//! point chose wrongly fails that check and the caller falls back to the exact path.

use conway_core::{Progress, Work};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

use super::sequence::{Numerator, SequenceForm};
use super::sequence_lcp::{Coefficient, Layout, PartPath, Path};
use super::sequence_tableau::Place;
use crate::n_player::interval::simplest_positive;
use crate::StrategicError;

/// Bits gained per refinement step.
const STEP_BITS: u32 = 20;

/// The most steps: 20,000 bits, past the denominators any game here has.
const MAX_STEPS: usize = 1000;

/// The exact realization plans of the basis where `path` ended, if they are an
/// equilibrium; `None` when they are not (or the payoffs are too large to refine in 128-bit
/// integers).
pub(crate) fn exact_plans(
    sf: &SequenceForm,
    path: &Path<f64>,
    progress: &dyn Progress,
) -> Result<Option<Vec<Vec<BigRational>>>, StrategicError> {
    let mut liftings = Vec::with_capacity(2);
    for part in &path.parts {
        match System::new(sf, path, part) {
            Some(system) => liftings.push(Lifting::new(system)),
            None => return Ok(None),
        }
    }
    for k in 0..MAX_STEPS {
        progress.advance(Work::open(k as u64, "refinement steps"))?;
        let mut stable = true;
        for lifting in &mut liftings {
            match lifting.step() {
                Some(s) => stable &= s,
                None => return Ok(None),
            }
        }
        if !stable {
            continue;
        }
        let plans: Vec<Vec<BigRational>> = liftings.iter().map(Lifting::plan).collect();
        if sf.is_realization_plan(0, &plans[0])
            && sf.is_realization_plan(1, &plans[1])
            && sf.is_equilibrium(&plans)
        {
            return Ok(Some(plans));
        }
        // A guess that is not yet the solution: refine further until every guess moves
        // again or the steps run out.
        let mut exhausted = true;
        for lifting in &mut liftings {
            lifting.forget();
            exhausted &= lifting.exhausted();
        }
        if exhausted {
            return Ok(None);
        }
    }
    Ok(None)
}

/// Dixon's lifting on one part: the residual, the digits so far and the guesses of the
/// plan's probabilities.
struct Lifting<'a> {
    system: System<'a>,
    residual: Vec<i128>,
    /// The plan's probabilities so far, times 2^bits: (column, sequence, numerator).
    numerators: Vec<(usize, usize, BigInt)>,
    guesses: Vec<Option<BigRational>>,
    bits: u64,
    next: Vec<f64>,
}

impl<'a> Lifting<'a> {
    fn new(system: System<'a>) -> Lifting<'a> {
        let part = system.part.part;
        let numerators: Vec<(usize, usize, BigInt)> = system
            .columns
            .iter()
            .enumerate()
            .filter(|&(_, &v)| v < part.n_plan)
            .map(|(i, &v)| (i, v, BigInt::zero()))
            .collect();
        // The right-hand side: 1 in the plan's root row.
        let mut residual = vec![0; part.rows()];
        residual[0] = 1;
        let next = system.approximate_solution(&residual);
        Lifting {
            guesses: vec![None; numerators.len()],
            system,
            residual,
            numerators,
            bits: 0,
            next,
        }
    }

    /// One step; `Some(true)` when no guess changed, `None` on overflow.
    fn step(&mut self) -> Option<bool> {
        let mut d: Vec<i128> = Vec::with_capacity(self.next.len());
        for w in &self.next {
            let scaled = (w * f64::from(1u32 << STEP_BITS)).round();
            if !scaled.is_finite() || scaled.abs() >= 2f64.powi(100) {
                return None;
            }
            d.push(scaled as i128);
        }
        self.residual = self.system.next_residual(&self.residual, &d)?;
        for (i, _, x) in &mut self.numerators {
            *x = (&*x << STEP_BITS) + BigInt::from(d[*i]);
        }
        self.bits += u64::from(STEP_BITS);
        self.next = self.system.approximate_solution(&self.residual);
        if self.bits < 2 * u64::from(STEP_BITS) {
            return Some(false);
        }
        // The solution is X / 2^bits + (what the residual still holds) / 2^bits: each
        // probability lies within half_width / 2^bits of its numerator's.
        let slack = self.next.iter().fold(1.0f64, |m, w| m.max(w.abs())) * 4.0;
        let half_width = BigInt::from(slack.ceil() as i64 + 1);
        let denominator = BigInt::one() << self.bits;
        let mut stable = true;
        for (guess, (_, _, x)) in self.guesses.iter_mut().zip(&self.numerators) {
            let (lo, hi) = (x - &half_width, x + &half_width);
            let inside = guess.as_ref().is_some_and(|g| {
                let scaled = g.numer() << self.bits;
                lo.clone() * g.denom() <= scaled && scaled <= hi.clone() * g.denom()
            });
            if inside {
                continue;
            }
            stable = false;
            // Probabilities are not negative: an interval reaching 0 gives 0.
            *guess = Some(if lo.is_positive() {
                simplest_positive(&lo, &denominator, &hi, &denominator)
            } else {
                BigRational::zero()
            });
        }
        Some(stable)
    }

    /// The plan the guesses give.
    fn plan(&self) -> Vec<BigRational> {
        let mut plan = vec![BigRational::zero(); self.system.part.part.n_plan];
        for (guess, (_, s, _)) in self.guesses.iter().zip(&self.numerators) {
            plan[*s] = guess.clone().unwrap_or_default();
        }
        plan
    }

    fn forget(&mut self) {
        self.guesses.iter_mut().for_each(|g| *g = None);
    }

    /// Whether the residual is exactly zero after many steps: the basis is solved, and
    /// further steps change nothing.
    fn exhausted(&self) -> bool {
        self.bits > 64 * u64::from(STEP_BITS) && self.residual.iter().all(|&r| r == 0)
    }
}

/// One part's basis system in integers with what is needed to solve it approximately.
struct System<'a> {
    part: &'a PartPath<f64>,
    /// The basic variables: the final dictionary's, in its row order, then the free ones.
    columns: Vec<usize>,
    /// Each basic variable's position in `columns`.
    position: Vec<Option<usize>>,
    /// The rows of the integer system restricted to `columns`: (position, coefficient).
    rows: Vec<Vec<(usize, i128)>>,
    /// The factor from the integer system to the floating-point one for the payoff rows
    /// and their slack and free variables.
    factor: f64,
    /// The final dictionary's column of each variable of the starting basis (`None`
    /// where it is basic at the end: a unit column).
    inverse: Vec<Option<Vec<f64>>>,
}

impl<'a> System<'a> {
    /// The system of `part`, whose payoff rows are the other player's.
    fn new(sf: &SequenceForm, path: &Path<f64>, part: &'a PartPath<f64>) -> Option<System<'a>> {
        let layout = Layout::of(sf);
        let s = part.part.player;
        let other = 1 - s;
        let d = &part.dictionary;
        let mut columns: Vec<usize> = d.basic.clone();
        columns.extend(part.part.free0()..part.part.variables());
        let mut position = vec![None; part.part.variables()];
        for (i, &v) in columns.iter().enumerate() {
            position[v] = Some(i);
        }
        let mut rows: Vec<Vec<(usize, i128)>> = vec![Vec::new(); part.part.rows()];
        let mut fits = true;
        layout.coefficients(sf, |row, var, c| {
            let (p, r) = layout.local_row(row);
            if p != s {
                return;
            }
            let Some(i) = layout.local_var(s, var).and_then(|v| position[v]) else {
                return;
            };
            let x = match c {
                Coefficient::One => Some(1),
                Coefficient::MinusOne => Some(-1),
                Coefficient::Payoff(_, Numerator::Machine(n)) => Some(i128::from(n)),
                Coefficient::Payoff(_, Numerator::Big(_)) => None,
            };
            match x {
                Some(x) => rows[r].push((i, x)),
                None => fits = false,
            }
        });
        if !fits {
            return None;
        }
        // The integer system has the numerators; the floating-point one had them divided by
        // the scale.
        let factor = path.scale[other]
            .to_f64()
            .filter(|f| f.is_finite() && *f > 0.0)?;
        let inverse = part
            .lex
            .iter()
            .map(|&v| match d.place[v] {
                Place::Basic(_) => None,
                Place::Nonbasic(j) => Some((0..d.rows()).map(|i| *d.at(i, j)).collect()),
            })
            .collect();
        Some(System {
            part,
            columns,
            position,
            rows,
            factor,
            inverse,
        })
    }

    /// 2^α r − B d, exactly, or `None` on overflow.
    fn next_residual(&self, residual: &[i128], d: &[i128]) -> Option<Vec<i128>> {
        let mut out = Vec::with_capacity(residual.len());
        for (row, &r) in self.rows.iter().zip(residual) {
            let mut x = r.checked_mul(1 << STEP_BITS)?;
            for &(i, a) in row {
                x = x.checked_sub(a.checked_mul(d[i])?)?;
            }
            out.push(x);
        }
        Some(out)
    }

    /// An approximate solution of B w = r: the start's row operations replayed on r (in
    /// the floating-point scaling), the final dictionary's inverse applied to the kept
    /// rows, the free variables from their rows.
    fn approximate_solution(&self, residual: &[i128]) -> Vec<f64> {
        let part = self.part;
        let shape = part.part;
        let mut v: Vec<f64> = residual.iter().map(|&r| r as f64).collect();
        for x in &mut v[shape.k_plan..] {
            *x /= self.factor;
        }
        for op in &part.setup {
            v[op.row] /= op.pivot;
            let pivot_value = v[op.row];
            if pivot_value != 0.0 {
                for &(i, f) in &op.factors {
                    v[i] -= f * pivot_value;
                }
            }
        }
        let d = &part.dictionary;
        let mut w = vec![0.0; self.columns.len()];
        for ((&r, column), &var) in part.kept.iter().zip(&self.inverse).zip(&part.lex) {
            let b = v[r];
            if b == 0.0 {
                continue;
            }
            match column {
                Some(column) => {
                    for (x, m) in w.iter_mut().zip(column) {
                        *x += m * b;
                    }
                }
                None => {
                    let Place::Basic(i) = d.place[var] else {
                        unreachable!("a unit column is a basic variable's")
                    };
                    w[i] += b;
                }
            }
        }
        for free in &part.free_rows {
            let mut x = v[free.row];
            for &(c, m) in &free.entries {
                if let Some(i) = self.position[c] {
                    x -= m * w[i];
                }
            }
            w[self.position[free.var].expect("free variables are basic")] = x;
        }
        for (x, &var) in w.iter_mut().zip(&self.columns) {
            if shape.is_payoff_variable(var) {
                *x *= self.factor;
            }
        }
        w
    }
}
