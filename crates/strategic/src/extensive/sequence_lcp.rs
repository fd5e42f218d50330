//! One equilibrium of a two-player extensive game with perfect recall by Lemke's algorithm
//! on its sequence form (Koller, Megiddo & von Stengel 1996), started as the linear tracing
//! procedure of von Stengel, van den Elzen & Talman (2002) from a prior (the centroid):
//! time and memory polynomial in the size of the tree.
//!
//! With realization plans x, y (`E x = e`, `F y = f`, [`super::sequence`]), payoff matrices
//! A, B over sequences and prior plans x̄, ȳ, the path follows the points of
//!
//! ```text
//!   E x + e·z0 = e,      u = Eᵀp − A y − (A ȳ)·z0 ≥ 0,     x, u ≥ 0,  xᵀu = 0,
//!   F y + f·z0 = f,      v = Fᵀq − Bᵀx − (Bᵀx̄)·z0 ≥ 0,    y, v ≥ 0,  yᵀv = 0,
//! ```
//!
//! p and q free, from z0 = 1 down to z0 = 0. At every point y + z0·ȳ is a realization plan
//! (a mixture of the prior and what player 2 does) and, by LP duality, x is a best response
//! to it scaled by 1 − z0, p holding the values of player 1's sets; the same holds for
//! player 2. At z0 = 0 the plans are an equilibrium. At z0 = 1 each player best responds to
//! the other's prior; every point of the path is bounded, so the path cannot escape along a
//! ray, and the lexicographic ratio test (against the columns of the starting basis) makes
//! each step determined even where the game is degenerate, so it cannot cycle.
//!
//! Complementary pivoting keeps x_s or u_s (y_t or v_t) basic for every sequence, except
//! for the empty sequence of player 1, whose pair is both nonbasic at the start; x∅ enters
//! first, and each step enters the complement of the variable that left, until z0 leaves.
//! The free p, q are basic throughout, so their rows and columns are dropped after the
//! start is set up.
//!
//! Arithmetic: exact rationals for small games; otherwise floating point, the final basis
//! then solved exactly by iterative refinement and the plans checked exactly
//! ([`super::refinement`]), with the exact path as the fallback when that fails.

use std::cmp::Ordering;

use conway_core::{Progress, Work};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

use super::refinement::exact_plans;
use super::sequence::SequenceForm;
use crate::StrategicError;

/// The most pivots one path may take (a guard; paths are finite).
pub const MAX_PIVOTS: usize = crate::lh::MAX_PIVOTS;

/// The most tableau cells for which the path is followed in exact arithmetic from the
/// start; past it the path runs in floating point and its end is solved exactly
/// ([`super::refinement`]), with the exact path as the fallback.
pub const MAX_EXACT_CELLS: usize = 1 << 12;

/// How an equilibrium was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SequenceEquilibrium {
    /// Each player's realization plan, exact.
    pub plans: Vec<Vec<BigRational>>,
    /// The pivots of the path.
    pub pivots: usize,
}

/// One equilibrium of the two-player sequence form `sf`, from the centroid prior.
pub fn lemke_equilibrium(
    sf: &SequenceForm,
    progress: &dyn Progress,
) -> Result<SequenceEquilibrium, StrategicError> {
    if sf.players() != 2 {
        return Err(StrategicError::InvalidInput(format!(
            "the sequence-form Lemke method is for two players, not {}",
            sf.players()
        )));
    }
    let prior = [sf.centroid(0), sf.centroid(1)];
    if cells(sf) > MAX_EXACT_CELLS {
        let path = run::<f64>(sf, &prior, progress)?;
        if let Some(plans) = exact_plans(sf, &path, progress)? {
            return Ok(SequenceEquilibrium {
                plans,
                pivots: path.pivots,
            });
        }
        // The floating-point path ended at a basis that is not an equilibrium (a rounding
        // error chose a wrong pivot): the exact path decides.
    }
    let path = run::<BigRational>(sf, &prior, progress)?;
    let (x, y) = path.plans(Layout::of(sf));
    let plans = vec![x, y];
    if !sf.is_equilibrium(&plans) {
        return Err(StrategicError::Internal(
            "the end of the exact sequence-form path is not an equilibrium".into(),
        ));
    }
    Ok(SequenceEquilibrium {
        plans,
        pivots: path.pivots,
    })
}

/// The cells of the tableau after its free rows are dropped.
fn cells(sf: &SequenceForm) -> usize {
    let n = sf.sequences[0] + sf.sequences[1];
    n.saturating_mul(2 * n + 2)
}

/// Numbers a tableau can hold: exact rationals, or floats with tolerances.
pub(crate) trait Field: Clone + std::fmt::Debug {
    fn of(q: &BigRational) -> Self;
    fn zero_value() -> Self;
    fn one_value() -> Self;
    fn is_zero_value(&self) -> bool;
    fn is_positive_value(&self) -> bool;
    fn is_negative_value(&self) -> bool;
    /// `self −= f·y`.
    fn sub_product(&mut self, f: &Self, y: &Self);
    fn divide(&mut self, p: &Self);
    /// How a/b compares with c/d, for b, d > 0.
    fn compare_ratios(a: &Self, b: &Self, c: &Self, d: &Self) -> Ordering;
}

impl Field for BigRational {
    fn of(q: &BigRational) -> Self {
        q.clone()
    }
    fn zero_value() -> Self {
        Zero::zero()
    }
    fn one_value() -> Self {
        One::one()
    }
    fn is_zero_value(&self) -> bool {
        Zero::is_zero(self)
    }
    fn is_positive_value(&self) -> bool {
        Signed::is_positive(self)
    }
    fn is_negative_value(&self) -> bool {
        Signed::is_negative(self)
    }
    fn sub_product(&mut self, f: &Self, y: &Self) {
        *self -= f * y;
    }
    fn divide(&mut self, p: &Self) {
        *self /= p;
    }
    fn compare_ratios(a: &Self, b: &Self, c: &Self, d: &Self) -> Ordering {
        (a * d).cmp(&(c * b))
    }
}

/// Entries below this are zero (the data are scaled to magnitude about 1).
const TINY: f64 = 1e-11;
/// Pivot entries must exceed this, and ratios closer than it (relatively) tie.
const EPS: f64 = 1e-9;

impl Field for f64 {
    fn of(q: &BigRational) -> Self {
        q.to_f64().unwrap_or(f64::NAN)
    }
    fn zero_value() -> Self {
        0.0
    }
    fn one_value() -> Self {
        1.0
    }
    fn is_zero_value(&self) -> bool {
        self.abs() <= TINY
    }
    fn is_positive_value(&self) -> bool {
        *self > EPS
    }
    fn is_negative_value(&self) -> bool {
        *self < -EPS
    }
    fn sub_product(&mut self, f: &Self, y: &Self) {
        *self -= f * y;
        if self.abs() <= TINY {
            *self = 0.0;
        }
    }
    fn divide(&mut self, p: &Self) {
        *self /= p;
    }
    fn compare_ratios(a: &Self, b: &Self, c: &Self, d: &Self) -> Ordering {
        let (l, r) = (a / b, c / d);
        if (l - r).abs() <= EPS * (1.0 + l.abs().max(r.abs())) {
            Ordering::Equal
        } else {
            l.total_cmp(&r)
        }
    }
}

/// A dense tableau: each row an equation over the variables with the right-hand side last,
/// solved for its basic variable.
pub(crate) struct Tableau<T> {
    width: usize,
    cells: Vec<T>,
    pub(crate) basis: Vec<usize>,
}

impl<T: Field> Tableau<T> {
    fn new(rows: usize, variables: usize) -> Self {
        Tableau {
            width: variables + 1,
            cells: vec![T::zero_value(); rows * (variables + 1)],
            basis: vec![usize::MAX; rows],
        }
    }

    pub(crate) fn rows(&self) -> usize {
        self.basis.len()
    }

    pub(crate) fn at(&self, r: usize, c: usize) -> &T {
        &self.cells[r * self.width + c]
    }

    fn set(&mut self, r: usize, c: usize, x: T) {
        self.cells[r * self.width + c] = x;
    }

    fn rhs(&self, r: usize) -> &T {
        self.at(r, self.width - 1)
    }

    /// Makes `c` basic in row `r`: the row is divided by its entry in column `c`, and
    /// multiples of it are taken from the other rows to clear the column. Only the nonzero
    /// entries of the pivot row take part.
    fn pivot(&mut self, r: usize, c: usize) -> Result<(), StrategicError> {
        self.pivot_recorded(r, c, None)
    }

    /// [`Tableau::pivot`], appending the row operation to `record` when given.
    fn pivot_recorded(
        &mut self,
        r: usize,
        c: usize,
        record: Option<&mut Vec<RowOp<T>>>,
    ) -> Result<(), StrategicError> {
        let w = self.width;
        let p = self.at(r, c).clone();
        if p.is_zero_value() {
            return Err(StrategicError::Internal(format!(
                "a zero pivot in row {r}, column {c} of the sequence-form tableau"
            )));
        }
        let mut pivot_row: Vec<(usize, T)> = Vec::new();
        for j in 0..w {
            let x = &mut self.cells[r * w + j];
            if !x.is_zero_value() {
                x.divide(&p);
                pivot_row.push((j, x.clone()));
            } else {
                *x = T::zero_value();
            }
        }
        self.set(r, c, T::one_value());
        let mut factors = record.as_ref().map(|_| Vec::new());
        for i in 0..self.rows() {
            if i == r {
                continue;
            }
            let f = self.at(i, c).clone();
            if f.is_zero_value() {
                continue;
            }
            if let Some(factors) = factors.as_mut() {
                factors.push((i, f.clone()));
            }
            let row = &mut self.cells[i * w..(i + 1) * w];
            for (j, y) in &pivot_row {
                row[*j].sub_product(&f, y);
            }
            row[c] = T::zero_value();
        }
        self.basis[r] = c;
        if let (Some(record), Some(factors)) = (record, factors) {
            record.push(RowOp {
                row: r,
                pivot: p,
                factors,
            });
        }
        Ok(())
    }

    /// The leaving row when column `c` enters: the least ratio of right-hand side to
    /// entry, ties broken by the same ratios in the columns `lex` in turn.
    fn leaving_row(&self, c: usize, lex: &[usize]) -> Option<usize> {
        let rhs = self.width - 1;
        let mut tied: Vec<usize> = Vec::new();
        for r in 0..self.rows() {
            if !self.at(r, c).is_positive_value() {
                continue;
            }
            match tied.first() {
                None => tied.push(r),
                Some(&b) => match T::compare_ratios(
                    self.at(r, rhs),
                    self.at(r, c),
                    self.at(b, rhs),
                    self.at(b, c),
                ) {
                    Ordering::Less => {
                        tied.clear();
                        tied.push(r);
                    }
                    Ordering::Equal => tied.push(r),
                    Ordering::Greater => {}
                },
            }
        }
        for &j in lex {
            if tied.len() <= 1 {
                break;
            }
            let mut next: Vec<usize> = vec![tied[0]];
            for &r in &tied[1..] {
                let b = next[0];
                match T::compare_ratios(self.at(r, j), self.at(r, c), self.at(b, j), self.at(b, c))
                {
                    Ordering::Less => {
                        next.clear();
                        next.push(r);
                    }
                    Ordering::Equal => next.push(r),
                    Ordering::Greater => {}
                }
            }
            tied = next;
        }
        tied.first().copied()
    }
}

/// One row operation of a pivot: row `row` divided by `pivot`, then `f` times it taken
/// from each other row `i` of `factors`.
pub(crate) struct RowOp<T> {
    pub(crate) row: usize,
    pub(crate) pivot: T,
    pub(crate) factors: Vec<(usize, T)>,
}

/// The row of a free variable once the start is set up: `var + Σ entries·w = rhs` there,
/// over the other variables (the free ones are basic in these rows only).
pub(crate) struct FreeRow<T> {
    pub(crate) row: usize,
    pub(crate) var: usize,
    pub(crate) entries: Vec<(usize, T)>,
}

/// The path's end and what it takes to solve its basis again: the row operations that set
/// up the start (`setup`, on the full system), the rows kept after the free ones were
/// dropped (`kept`, by their full row), the free rows, the starting basis (`lex`, whose
/// columns in the final tableau are the inverse of the final basis), and the factor each
/// player's payoffs were multiplied by.
pub(crate) struct Path<T> {
    pub(crate) tableau: Tableau<T>,
    pub(crate) setup: Vec<RowOp<T>>,
    pub(crate) kept: Vec<usize>,
    pub(crate) free_rows: Vec<FreeRow<T>>,
    pub(crate) lex: Vec<usize>,
    pub(crate) scale: [BigRational; 2],
    pub(crate) pivots: usize,
}

/// The layout of the variables and rows, shared with [`super::refinement`].
#[derive(Clone, Copy)]
pub(crate) struct Layout {
    pub(crate) n1: usize,
    pub(crate) n2: usize,
    pub(crate) k1: usize,
    pub(crate) k2: usize,
}

impl Layout {
    pub(crate) fn of(sf: &SequenceForm) -> Layout {
        Layout {
            n1: sf.sequences[0],
            n2: sf.sequences[1],
            k1: sf.first[0].len() + 1,
            k2: sf.first[1].len() + 1,
        }
    }
    /// Sequences of both players.
    pub(crate) fn n(self) -> usize {
        self.n1 + self.n2
    }
    /// The column of z0; p follows it, then q.
    pub(crate) fn z0(self) -> usize {
        2 * self.n()
    }
    pub(crate) fn p0(self) -> usize {
        self.z0() + 1
    }
    pub(crate) fn q0(self) -> usize {
        self.z0() + 1 + self.k1
    }
    pub(crate) fn variables(self) -> usize {
        self.z0() + 1 + self.k1 + self.k2
    }
    /// The first rows of F, U and V (E starts at 0).
    pub(crate) fn row_f(self) -> usize {
        self.k1
    }
    pub(crate) fn row_u(self) -> usize {
        self.k1 + self.k2
    }
    pub(crate) fn row_v(self) -> usize {
        self.k1 + self.k2 + self.n1
    }
    pub(crate) fn rows(self) -> usize {
        self.k1 + self.k2 + self.n()
    }
}

/// One coefficient of the sequence-form system: ±1, or a player's payoff entry.
pub(crate) enum Coefficient<'a> {
    One,
    MinusOne,
    Payoff(usize, &'a BigRational),
}

impl Layout {
    /// Every nonzero coefficient of the system without z0, by row and variable:
    /// `E x = e`, `F y = f`, `u − Eᵀp + A y = 0`, `v − Fᵀq + Bᵀx = 0`.
    pub(crate) fn coefficients<'a>(
        self,
        sf: &'a SequenceForm,
        mut put: impl FnMut(usize, usize, Coefficient<'a>),
    ) {
        let (n, n1) = (self.n(), self.n1);
        for (player, offset, row0, payoff_row0, slack0, free0) in [
            (0, 0, 0, self.row_u(), n, self.p0()),
            (1, n1, self.row_f(), self.row_v(), n + n1, self.q0()),
        ] {
            put(row0, offset, Coefficient::One);
            put(payoff_row0, free0, Coefficient::MinusOne);
            for s in 0..sf.sequences[player] {
                put(payoff_row0 + s, slack0 + s, Coefficient::One);
            }
            // E's rows, and −Eᵀp: p∅ in row ∅; p of set k with +1 in its actions' rows,
            // −1 in its parent's.
            for k in 0..sf.first[player].len() {
                let start = sf.first[player][k];
                for a in 0..sf.actions[player][k] {
                    put(row0 + 1 + k, offset + start + a, Coefficient::One);
                    put(
                        payoff_row0 + start + a,
                        free0 + 1 + k,
                        Coefficient::MinusOne,
                    );
                }
                let parent = sf.parent[player][k];
                put(row0 + 1 + k, offset + parent, Coefficient::MinusOne);
                put(payoff_row0 + parent, free0 + 1 + k, Coefficient::One);
            }
        }
        for e in &sf.payoffs {
            let (s, t) = (e.sequences[0], e.sequences[1]);
            if !e.payoffs[0].is_zero() {
                put(
                    self.row_u() + s,
                    n1 + t,
                    Coefficient::Payoff(0, &e.payoffs[0]),
                );
            }
            if !e.payoffs[1].is_zero() {
                put(self.row_v() + t, s, Coefficient::Payoff(1, &e.payoffs[1]));
            }
        }
    }
}

impl<T: Field> Path<T> {
    /// The values of x and y at the end.
    fn plans(&self, layout: Layout) -> (Vec<T>, Vec<T>) {
        let mut x = vec![T::zero_value(); layout.n1];
        let mut y = vec![T::zero_value(); layout.n2];
        let t = &self.tableau;
        for r in 0..t.rows() {
            let v = t.basis[r];
            if v < layout.n1 {
                x[v] = t.rhs(r).clone();
            } else if v < layout.n() {
                y[v - layout.n1] = t.rhs(r).clone();
            }
        }
        (x, y)
    }
}

/// Follows the path. Variables: x (n1), y (n2), u (n1), v (n2), z0, then the free p (k1)
/// and q (k2); rows: E (k1), F (k2), U (n1), V (n2) ([`Layout`]).
fn run<T: Field>(
    sf: &SequenceForm,
    prior: &[Vec<BigRational>; 2],
    progress: &dyn Progress,
) -> Result<Path<T>, StrategicError> {
    let layout = Layout::of(sf);
    let Layout { n1, n2, .. } = layout;
    let (n, z0, p0, q0) = (layout.n(), layout.z0(), layout.p0(), layout.q0());
    let (row_f, row_u, row_v) = (layout.row_f(), layout.row_u(), layout.row_v());
    let mut t: Tableau<T> = Tableau::new(layout.rows(), layout.variables());
    let rhs = t.width - 1;

    // The payoffs, each player's scaled to at most 1 in magnitude (which changes no best
    // response) so that floating-point tolerances mean the same for every game.
    let scale: [BigRational; 2] = std::array::from_fn(|p| {
        let top = sf
            .payoffs
            .iter()
            .map(|e| e.payoffs[p].abs())
            .max()
            .unwrap_or_else(BigRational::zero);
        if top.is_zero() {
            BigRational::one()
        } else {
            top.recip()
        }
    });

    // E x + e z0 = e, F y + f z0 = f, u − Eᵀp + A y + c z0 = 0 and v − Fᵀq + Bᵀx + d z0 = 0,
    // where c = A ȳ and d = Bᵀx̄ are perturbed so that each player's best response at the
    // start is unique.
    layout.coefficients(sf, |row, var, c| {
        let x = match c {
            Coefficient::One => T::one_value(),
            Coefficient::MinusOne => T::of(&-BigRational::one()),
            Coefficient::Payoff(p, u) => T::of(&(u * &scale[p])),
        };
        t.set(row, var, x);
    });
    for row0 in [0, row_f] {
        t.set(row0, z0, T::one_value());
        t.set(row0, rhs, T::one_value());
    }
    let mut prior_terms = [vec![BigRational::zero(); n1], vec![BigRational::zero(); n2]];
    for e in &sf.payoffs {
        let (s, tt) = (e.sequences[0], e.sequences[1]);
        if !e.payoffs[0].is_zero() && !prior[1][tt].is_zero() {
            prior_terms[0][s] += &e.payoffs[0] * &scale[0] * &prior[1][tt];
        }
        if !e.payoffs[1].is_zero() && !prior[0][s].is_zero() {
            prior_terms[1][tt] += &e.payoffs[1] * &scale[1] * &prior[0][s];
        }
    }
    let (terms, best) = strict_start(sf, prior_terms)?;
    for (player, row0) in [(0, row_u), (1, row_v)] {
        for (s, term) in terms[player].iter().enumerate() {
            if !term.is_zero() {
                t.set(row0 + s, z0, T::of(term));
            }
        }
    }

    // The start: the best responses to c and d, x∅ and u∅ nonbasic.
    let mut setup = Vec::new();
    t.pivot_recorded(0, z0, Some(&mut setup))?;
    t.pivot_recorded(row_f, n1, Some(&mut setup))?;
    for (player, offset, row0) in [(0, 0, 0), (1, n1, row_f)] {
        for (k, a) in best[player].iter().enumerate() {
            let column = offset + sf.first[player][k] + a;
            t.pivot_recorded(row0 + 1 + k, column, Some(&mut setup))?;
        }
    }
    let mut free_row = vec![false; t.rows()];
    for (player, row0, free0) in [(0, row_u, p0), (1, row_v, q0)] {
        for k in (0..sf.first[player].len()).rev() {
            let row = row0 + sf.first[player][k] + best[player][k];
            t.pivot_recorded(row, free0 + 1 + k, Some(&mut setup))?;
            free_row[row] = true;
        }
        t.pivot_recorded(row0, free0, Some(&mut setup))?;
        free_row[row0] = true;
    }
    for (row0, slack0, count) in [(row_u, n, n1), (row_v, n + n1, n2)] {
        for s in 0..count {
            if !free_row[row0 + s] {
                t.pivot_recorded(row0 + s, slack0 + s, Some(&mut setup))?;
            }
        }
    }
    let (mut t, kept, free_rows) = without_free(t, &free_row, z0 + 1);
    let rhs = t.width - 1;
    for r in 0..t.rows() {
        if t.rhs(r).is_negative_value() {
            return Err(StrategicError::Internal(
                "the start of the sequence-form path is not feasible".into(),
            ));
        }
        if !t.rhs(r).is_positive_value() && !t.rhs(r).is_zero_value() {
            t.set(r, rhs, T::zero_value());
        }
    }

    let lex: Vec<usize> = t.basis.clone();
    let complement = |v: usize| if v < n { v + n } else { v - n };
    let mut entering = 0; // x∅
    let mut pivots = 0;
    loop {
        if pivots >= MAX_PIVOTS {
            return Err(StrategicError::too_large(
                "pivots of the sequence-form path",
                pivots,
                MAX_PIVOTS,
            ));
        }
        progress.advance(Work::open(pivots as u64, "pivots"))?;
        let Some(row) = t.leaving_row(entering, &lex) else {
            return Err(StrategicError::Internal(
                "the sequence-form path ran off along a ray".into(),
            ));
        };
        let leaving = t.basis[row];
        t.pivot(row, entering)?;
        pivots += 1;
        if leaving == z0 {
            break;
        }
        entering = complement(leaving);
    }
    Ok(Path {
        tableau: t,
        setup,
        kept,
        free_rows,
        lex,
        scale,
        pivots,
    })
}

/// The smallest margin a best action at the start must have over the others: ties there
/// would make the start degenerate, and the path could come back to it (z0 = 1) and leave
/// along a ray instead of reaching an equilibrium.
fn least_margin() -> BigRational {
    BigRational::new(BigInt::one(), BigInt::one() << 22)
}

/// The perturbed worths of each player's sequences at the start, and the best action at
/// each of the player's sets.
type StrictStart = ([Vec<BigRational>; 2], [Vec<usize>; 2]);

/// Each player's worth of each sequence at the start (`terms`, the payoff against the
/// opponent's prior) perturbed by a small pseudo-random amount per sequence, less than
/// 2^−6 of the largest payoff, until every set has a unique best action by at least
/// [`least_margin`]; with those best actions. The perturbation leaves the end of the path
/// an equilibrium of the game itself: it is multiplied by z0, which is 0 there.
fn strict_start(
    sf: &SequenceForm,
    terms: [Vec<BigRational>; 2],
) -> Result<StrictStart, StrategicError> {
    let step = BigRational::new(BigInt::one(), BigInt::one() << 16);
    for attempt in 0u64..16 {
        let mut state = 0x9e37_79b9_7f4a_7c15u64.wrapping_mul(attempt + 1);
        let perturbed: [Vec<BigRational>; 2] = std::array::from_fn(|p| {
            terms[p]
                .iter()
                .map(|c| {
                    state = splitmix(state);
                    c + &step * BigRational::from_integer(BigInt::from(1 + state % 1024))
                })
                .collect()
        });
        let mut best = [Vec::new(), Vec::new()];
        let mut strict = true;
        for p in 0..2 {
            let mut value = perturbed[p].clone();
            let (actions, margin) = sf.best_actions(p, &mut value);
            strict &= margin.is_none_or(|m| m >= least_margin());
            best[p] = actions;
        }
        if strict {
            return Ok((perturbed, best));
        }
    }
    Err(StrategicError::Internal(
        "no perturbation of the prior gives unique best responses at the start".into(),
    ))
}

/// The next state of the SplitMix64 generator: a fixed, portable pseudo-random sequence.
fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The tableau without the rows where the free variables are basic and without their
/// columns (from `first_free` on): they never leave and no other row refers to them. Also
/// the full row of each kept row, and the free rows.
type Compacted<T> = (Tableau<T>, Vec<usize>, Vec<FreeRow<T>>);

fn without_free<T: Field>(t: Tableau<T>, free_row: &[bool], first_free: usize) -> Compacted<T> {
    let kept: Vec<usize> = (0..t.rows()).filter(|&r| !free_row[r]).collect();
    let mut out = Tableau::new(kept.len(), first_free);
    for (i, &r) in kept.iter().enumerate() {
        for j in 0..first_free {
            out.set(i, j, t.at(r, j).clone());
        }
        out.set(i, first_free, t.rhs(r).clone());
        out.basis[i] = t.basis[r];
    }
    let free_rows = (0..t.rows())
        .filter(|&r| free_row[r])
        .map(|r| FreeRow {
            row: r,
            var: t.basis[r],
            entries: (0..first_free)
                .filter(|&j| !t.at(r, j).is_zero_value())
                .map(|j| (j, t.at(r, j).clone()))
                .collect(),
        })
        .collect();
    (out, kept, free_rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extensive::behaviour::is_equilibrium;
    use crate::extensive::efg::parse;
    use conway_core::NoProgress;

    /// One-card poker with `ranks` ranks: each player antes 1 and is dealt a different
    /// card; player 1 checks or bets 1; after a check player 2 checks (showdown) or bets,
    /// and player 1 folds or calls; after a bet player 2 folds or calls. 4·ranks + 1
    /// sequences per player.
    pub(crate) fn poker(ranks: usize) -> String {
        let mut out = format!(
            "EFG 2 R \"One-card poker, {ranks} ranks\" {{ \"1\" \"2\" }} \"\"\nc \"\" 1 \"\" {{ "
        );
        for i in 0..ranks {
            out.push_str(&format!("\"{}\" 1/{ranks} ", i + 1));
        }
        out.push_str("} 0\n");
        let mut chance = 1;
        for i in 0..ranks {
            chance += 1;
            out.push_str(&format!("c \"\" {chance} \"\" {{ "));
            for j in (0..ranks).filter(|&j| j != i) {
                out.push_str(&format!("\"{}\" 1/{} ", j + 1, ranks - 1));
            }
            out.push_str("} 0\n");
            for j in (0..ranks).filter(|&j| j != i) {
                let s: i64 = if i > j { 1 } else { -1 };
                out.push_str(&format!(
                    "p \"\" 1 {} \"\" {{ \"check\" \"bet\" }} 0\n",
                    i + 1
                ));
                out.push_str(&format!(
                    "p \"\" 2 {} \"\" {{ \"check\" \"bet\" }} 0\n",
                    j + 1
                ));
                out.push_str(&outcome(s));
                out.push_str(&format!(
                    "p \"\" 1 {} \"\" {{ \"fold\" \"call\" }} 0\n",
                    ranks + i + 1
                ));
                out.push_str(&outcome(-1));
                out.push_str(&outcome(2 * s));
                out.push_str(&format!(
                    "p \"\" 2 {} \"\" {{ \"fold\" \"call\" }} 0\n",
                    ranks + j + 1
                ));
                out.push_str(&outcome(1));
                out.push_str(&outcome(2 * s));
            }
        }
        out
    }

    /// A terminal node paying `v` to player 1 and −v to player 2, outcome numbered by v.
    fn outcome(v: i64) -> String {
        let number = match v {
            -2 => 1,
            -1 => 2,
            1 => 3,
            _ => 4,
        };
        format!("t \"\" {number} \"\" {{ {v} {} }}\n", -v)
    }

    #[test]
    fn kuhn_poker_value_is_minus_one_eighteenth() {
        // Kuhn's three-card poker: the first player's value is −1/18 (Kuhn 1950).
        let g = parse(&poker(3)).unwrap();
        let sf = SequenceForm::new(&g).unwrap();
        let found = lemke_equilibrium(&sf, &NoProgress).unwrap();
        let u = sf.expected_payoffs(&found.plans);
        assert_eq!(u[0], BigRational::new((-1).into(), 18.into()));
        assert!(is_equilibrium(&g, &sf.behaviour(&found.plans)) == Some(true));
    }

    #[test]
    fn refinement_matches_the_exact_path_on_larger_poker() {
        // Eight ranks: 33 sequences per player, past the exact path's limit, so the
        // floating-point path and refinement answer; the exact path is the oracle.
        let g = parse(&poker(8)).unwrap();
        let sf = SequenceForm::new(&g).unwrap();
        assert!(cells(&sf) > MAX_EXACT_CELLS);
        let found = lemke_equilibrium(&sf, &NoProgress).unwrap();
        let prior = [sf.centroid(0), sf.centroid(1)];
        let exact = run::<BigRational>(&sf, &prior, &NoProgress).unwrap();
        let (x, y) = exact.plans(Layout::of(&sf));
        assert_eq!(found.plans, vec![x, y]);
        assert_eq!(found.pivots, exact.pivots);
        assert_eq!(is_equilibrium(&g, &sf.behaviour(&found.plans)), Some(true));
    }

    #[test]
    fn a_normal_form_game_by_its_sequence_form() {
        // Matching pennies: the only equilibrium mixes half and half.
        let game = crate::NormalFormGame::bimatrix(
            &crate::testing::int_matrix(&[&[1, -1], &[-1, 1]]),
            &crate::testing::int_matrix(&[&[-1, 1], &[1, -1]]),
        )
        .unwrap();
        let found = crate::nash::solve(
            &game,
            Some(crate::nash::Method::Lcp),
            crate::nash::Options::default(),
            &NoProgress,
        )
        .unwrap();
        let half = BigRational::new(1.into(), 2.into());
        assert_eq!(
            found.exact(),
            vec![vec![
                vec![half.clone(), half.clone()],
                vec![half.clone(), half]
            ]]
        );
    }

    proptest::proptest! {
        /// On random two-player trees, the exact path ends at an equilibrium (checked on the
        /// tree), the floating-point path at the same one, and when the equilibria are
        /// isolated it is one of those vertex enumeration finds on the reduced normal form.
        #[test]
        fn the_path_ends_at_an_equilibrium(draws in proptest::collection::vec(0u32..1000, 1..80)) {
            let g = parse(&crate::extensive::tests::random_efg(2, &draws)).unwrap();
            let sf = SequenceForm::new(&g).unwrap();
            let found = lemke_equilibrium(&sf, &NoProgress).unwrap();
            let behaviour = sf.behaviour(&found.plans);
            proptest::prop_assert_eq!(is_equilibrium(&g, &behaviour), Some(true));
            let prior = [sf.centroid(0), sf.centroid(1)];
            let float = run::<f64>(&sf, &prior, &NoProgress).unwrap();
            let refined = exact_plans(&sf, &float, &NoProgress).unwrap();
            proptest::prop_assert_eq!(refined, Some(found.plans.clone()));
            let r = crate::extensive::reduced::reduced_normal_form(&g).unwrap();
            if r.game.shape().iter().sum::<usize>() <= 24 {
                let all = crate::nash::solve(&r.game, Some(crate::nash::Method::Enum),
                    crate::nash::Options::default(), &NoProgress).unwrap();
                let exact = all.exact();
                // Where equilibria are isolated, the path ends at one of them.
                let isolated = crate::vertex::components(&exact).iter().all(|c| c.len() == 1);
                let listed = !isolated || exact.iter().any(|m| {
                    crate::extensive::behaviour::from_mixed(&g, &r, m) == behaviour
                });
                proptest::prop_assert!(listed, "{:?} not among {:?}", behaviour, exact);
            }
        }
    }
}
