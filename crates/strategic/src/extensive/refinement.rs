//! The exact equilibrium at the end of the floating-point sequence-form path
//! ([`super::sequence_lcp`]): the path's final basis solved exactly by iterative refinement
//! with exact residuals — Dixon's (1982) lifting in base 2^α with a floating-point inverse
//! in place of one modulo a prime, as in numeric-symbolic solvers (Wan 2006).
//!
//! The equilibria found can have large denominators (powers of 3 past 10^30 in one-card
//! poker with a few hundred ranks), so rounding the floating-point answer is not enough.
//! With the basis B of the sequence-form system R (integer after scaling each player's
//! payoffs by the common denominator) and an approximate inverse H of B (the final
//! tableau's columns of the starting basis, with the start's row operations replayed), each
//! step takes d = round(2^α · H r), then r ← 2^α r − B d exactly, so that after k steps
//! the solution is X / 2^(kα) to within about 2^(−kα), X = Σ d 2^(…). Each realization
//! probability is then the simplest fraction in its interval; once those stop changing the
//! plans are checked exactly ([`SequenceForm::is_equilibrium`]). A basis the floating
//! point chose wrongly fails that check and the caller falls back to the exact path.

use conway_core::{Progress, Work};
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

use super::sequence::SequenceForm;
use super::sequence_lcp::{Coefficient, Layout, Path};
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
    let Some(system) = System::new(sf, path) else {
        return Ok(None);
    };
    let layout = system.layout;
    let columns = system.columns.len();
    // The columns that are realization probabilities: (column, player, sequence).
    let plan_columns: Vec<(usize, usize, usize)> = system
        .columns
        .iter()
        .enumerate()
        .filter_map(|(i, &v)| {
            if v < layout.n1 {
                Some((i, 0, v))
            } else if v < layout.n() {
                Some((i, 1, v - layout.n1))
            } else {
                None
            }
        })
        .collect();
    let mut residual: Vec<i128> = vec![0; layout.rows()];
    residual[0] = 1;
    residual[layout.row_f()] = 1;
    let mut numerators: Vec<BigInt> = vec![BigInt::zero(); plan_columns.len()];
    let mut guesses: Vec<Option<BigRational>> = vec![None; plan_columns.len()];
    let mut bits: u64 = 0;
    let mut step = system.approximate_solution(&residual);
    for k in 0..MAX_STEPS {
        progress.advance(Work::open(k as u64, "refinement steps"))?;
        let mut d: Vec<i128> = Vec::with_capacity(columns);
        for w in &step {
            let scaled = (w * f64::from(1u32 << STEP_BITS)).round();
            if !scaled.is_finite() || scaled.abs() >= 2f64.powi(100) {
                return Ok(None);
            }
            d.push(scaled as i128);
        }
        let Some(next) = system.next_residual(&residual, &d) else {
            return Ok(None);
        };
        residual = next;
        for (x, &(i, _, _)) in numerators.iter_mut().zip(&plan_columns) {
            *x = (&*x << STEP_BITS) + BigInt::from(d[i]);
        }
        bits += u64::from(STEP_BITS);
        step = system.approximate_solution(&residual);
        if bits < 2 * u64::from(STEP_BITS) {
            continue;
        }
        // The solution is X / 2^bits + (what the residual still holds) / 2^bits.
        let slack = step.iter().fold(1.0f64, |m, w| m.max(w.abs())) * 4.0;
        let half_width = BigInt::from(slack.ceil() as i64 + 1);
        let denominator = BigInt::one() << bits;
        let mut stable = true;
        for (guess, x) in guesses.iter_mut().zip(&numerators) {
            let lo = BigRational::new(x - &half_width, denominator.clone());
            let hi = BigRational::new(x + &half_width, denominator.clone());
            if guess.as_ref().is_some_and(|g| lo <= *g && *g <= hi) {
                continue;
            }
            stable = false;
            *guess = Some(simplest_between(&lo, &hi));
        }
        if !stable {
            continue;
        }
        let mut plans = vec![
            vec![BigRational::zero(); layout.n1],
            vec![BigRational::zero(); layout.n2],
        ];
        for (guess, &(_, p, s)) in guesses.iter().zip(&plan_columns) {
            plans[p][s] = guess.clone().expect("guessed");
        }
        if sf.is_realization_plan(0, &plans[0])
            && sf.is_realization_plan(1, &plans[1])
            && sf.is_equilibrium(&plans)
        {
            return Ok(Some(plans));
        }
        // A guess that is not yet the solution: refine further until every guess moves
        // again or the steps run out.
        guesses.iter_mut().for_each(|g| *g = None);
        if bits > 64 * u64::from(STEP_BITS) && residual.iter().all(|&r| r == 0) {
            return Ok(None);
        }
    }
    Ok(None)
}

/// The basis system in integers with what is needed to solve it approximately.
struct System<'a> {
    layout: Layout,
    path: &'a Path<f64>,
    /// The basic variables: the final tableau's, in its row order, then every p and q.
    columns: Vec<usize>,
    /// Each basic variable's position in `columns`.
    position: Vec<Option<usize>>,
    /// The rows of the integer system restricted to `columns`: (position, coefficient).
    rows: Vec<Vec<(usize, i128)>>,
    /// The factor from the integer system to the floating-point one for each player's
    /// payoff rows (and their slack and free variables).
    factor: [f64; 2],
}

impl<'a> System<'a> {
    fn new(sf: &SequenceForm, path: &'a Path<f64>) -> Option<System<'a>> {
        let layout = Layout::of(sf);
        let t = &path.tableau;
        let mut columns: Vec<usize> = t.basis.clone();
        columns.extend(layout.p0()..layout.variables());
        let mut position = vec![None; layout.variables()];
        for (i, &v) in columns.iter().enumerate() {
            position[v] = Some(i);
        }
        // Each player's payoffs times the common denominator of their entries.
        let mut common = [BigInt::one(), BigInt::one()];
        for e in &sf.payoffs {
            for (c, u) in common.iter_mut().zip(&e.payoffs) {
                *c = c.lcm(u.denom());
            }
        }
        let mut rows: Vec<Vec<(usize, i128)>> = vec![Vec::new(); layout.rows()];
        let mut fits = true;
        layout.coefficients(sf, |row, var, c| {
            let Some(i) = position[var] else { return };
            let x = match c {
                Coefficient::One => Some(1),
                Coefficient::MinusOne => Some(-1),
                Coefficient::Payoff(p, u) => (u * BigRational::from_integer(common[p].clone()))
                    .to_integer()
                    .to_i128()
                    .filter(|x| x.unsigned_abs() < 1u128 << 64),
            };
            match x {
                Some(x) => rows[row].push((i, x)),
                None => fits = false,
            }
        });
        if !fits {
            return None;
        }
        let factor: [f64; 2] = std::array::from_fn(|p| {
            (BigRational::from_integer(common[p].clone()) / &path.scale[p])
                .to_f64()
                .unwrap_or(f64::NAN)
        });
        if !factor.iter().all(|f| f.is_finite() && *f > 0.0) {
            return None;
        }
        Some(System {
            layout,
            path,
            columns,
            position,
            rows,
            factor,
        })
    }

    /// Whether variable `v` is a slack or free variable of player 2's payoff rows (else of
    /// player 1's, or a realization probability).
    fn player_of(&self, v: usize) -> Option<usize> {
        let l = self.layout;
        let n = l.n();
        if (n..n + l.n1).contains(&v) || (l.p0()..l.q0()).contains(&v) {
            Some(0)
        } else if (n + l.n1..2 * n).contains(&v) || v >= l.q0() {
            Some(1)
        } else {
            None
        }
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
    /// the floating-point scaling), the final tableau's inverse applied to the kept rows,
    /// the free variables from their rows.
    fn approximate_solution(&self, residual: &[i128]) -> Vec<f64> {
        let l = self.layout;
        let path = self.path;
        let mut v: Vec<f64> = residual.iter().map(|&r| r as f64).collect();
        for (i, x) in v.iter_mut().enumerate() {
            if i >= l.row_v() {
                *x /= self.factor[1];
            } else if i >= l.row_u() {
                *x /= self.factor[0];
            }
        }
        for op in &path.setup {
            v[op.row] /= op.pivot;
            let pivot_value = v[op.row];
            if pivot_value != 0.0 {
                for &(i, f) in &op.factors {
                    v[i] -= f * pivot_value;
                }
            }
        }
        let kept: Vec<f64> = path.kept.iter().map(|&r| v[r]).collect();
        let t = &path.tableau;
        let mut w = vec![0.0; self.columns.len()];
        for (r, w) in w.iter_mut().enumerate().take(t.rows()) {
            *w = path
                .lex
                .iter()
                .zip(&kept)
                .map(|(&c, &b)| t.at(r, c) * b)
                .sum();
        }
        for free in &path.free_rows {
            let mut x = v[free.row];
            for &(c, m) in &free.entries {
                if let Some(i) = self.position[c] {
                    x -= m * w[i];
                }
            }
            w[self.position[free.var].expect("free variables are basic")] = x;
        }
        for (i, &var) in self.columns.iter().enumerate() {
            if let Some(p) = self.player_of(var) {
                w[i] *= self.factor[p];
            }
        }
        w
    }
}

/// The fraction with the smallest denominator in [lo, hi] (0 when the interval holds 0,
/// and only values in [0, ∞) are asked for).
fn simplest_between(lo: &BigRational, hi: &BigRational) -> BigRational {
    if !lo.is_positive() {
        return BigRational::zero();
    }
    let whole = lo.floor();
    if whole == *lo || whole.clone() + BigRational::one() <= *hi {
        return lo.ceil();
    }
    // lo and hi lie strictly between the same two integers.
    let inner = simplest_between(&(hi - &whole).recip(), &(lo - &whole).recip());
    whole + inner.recip()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    #[test]
    fn the_simplest_fraction_in_an_interval() {
        assert_eq!(simplest_between(&q(1, 3), &q(1, 2)), q(1, 2));
        assert_eq!(simplest_between(&q(3, 10), &q(2, 5)), q(1, 3));
        assert_eq!(simplest_between(&q(-1, 10), &q(1, 10)), q(0, 1));
        assert_eq!(simplest_between(&q(13, 10), &q(17, 10)), q(3, 2));
        assert_eq!(simplest_between(&q(5, 2), &q(7, 2)), q(3, 1));
        // Closer than 1/(2q²) to p/q, p/q is the simplest; a wider interval holds simpler
        // fractions.
        let x = q(64570082, 129140163);
        let near = q(1, 1_000_000_000_000_000_000);
        assert_eq!(simplest_between(&(&x - &near), &(&x + &near)), x);
        let wide = q(1, 1_000_000_000_000);
        assert!(simplest_between(&(&x - &wide), &(&x + &wide)).denom() < x.denom());
    }
}
