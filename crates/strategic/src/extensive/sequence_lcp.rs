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
//!
//! The system falls into two parts that share only z0: part 0 is `E x + e·z0 = e` with
//! player 2's payoff rows (over x, v, q and z0), part 1 is `F y + f·z0 = f` with player 1's
//! (over y, u, p and z0). Each part is kept as a dictionary of its own, z0 basic in one of
//! them (the *holder*) and a column of the other; the tableau of the whole system is the
//! other part's rows with z0's row of the holder substituted, which the ratio test computes
//! where it needs it ([`Parts::joint`]). A pivot then changes one part only — or, when a
//! variable of the holder carries a row of the other part to zero, both: the variable
//! takes z0's row in the holder and z0 that row in the other part, which becomes the
//! holder. The work of a pivot is that of one part, and at the end (z0 nonbasic in both)
//! the basis is one basis per part, which [`super::refinement`] solves separately.

use std::cmp::Ordering;

use conway_core::{Progress, Work};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

use super::refinement::exact_plans;
use super::sequence::{Numerator, SequenceForm};
pub(crate) use super::sequence_tableau::Field;
use super::sequence_tableau::{Dictionary, Place, RowOp, Tableau};
use crate::StrategicError;

/// The most pivots one path may take (a guard; paths are finite).
pub const MAX_PIVOTS: usize = crate::two_player::lh::MAX_PIVOTS;

/// The most tableau cells for which the path is followed in exact arithmetic from the
/// start; past it the path runs in floating point and its end is solved exactly
/// ([`super::refinement`]), with the exact path as the fallback.
pub const MAX_EXACT_CELLS: usize = 1 << 12;

/// The most sequences of both players together: the path's dictionaries hold about
/// (sequences / 2)² numbers each, and its pivots grow with the sequences.
pub const MAX_SEQUENCES: usize = 4096;

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
    let sequences = sf.sequences[0] + sf.sequences[1];
    if sequences > MAX_SEQUENCES {
        return Err(StrategicError::too_large(
            "sequences of both players for the sequence-form path",
            sequences,
            MAX_SEQUENCES,
        ));
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
    let plans = path.plans();
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

/// The cells of a tableau of the whole system after its free rows are dropped (the size
/// the exact path is limited by).
fn cells(sf: &SequenceForm) -> usize {
    let n = sf.sequences[0] + sf.sequences[1];
    n.saturating_mul(2 * n + 2)
}

/// The row of a free variable once the start is set up: `var + Σ entries·w = rhs` there,
/// over the part's other variables (the free ones are basic in these rows only).
pub(crate) struct FreeRow<T> {
    pub(crate) row: usize,
    pub(crate) var: usize,
    pub(crate) entries: Vec<(usize, T)>,
}

/// One part at the path's end and what it takes to solve its basis again: the row
/// operations that set up the start (`setup`, on the part's full system), the rows kept
/// after the free ones were dropped (`kept`), the free rows, and the starting basis (`lex`,
/// whose columns in the final dictionary are the inverse of the final basis).
pub(crate) struct PartPath<T> {
    pub(crate) part: Part,
    pub(crate) dictionary: Dictionary<T>,
    pub(crate) setup: Vec<RowOp<T>>,
    pub(crate) kept: Vec<usize>,
    pub(crate) free_rows: Vec<FreeRow<T>>,
    pub(crate) lex: Vec<usize>,
}

/// The path's end: both parts, the number each player's payoff numerators were divided
/// by, and the number of pivots.
pub(crate) struct Path<T> {
    pub(crate) parts: [PartPath<T>; 2],
    pub(crate) scale: [BigInt; 2],
    pub(crate) pivots: usize,
}

impl<T: Field> Path<T> {
    /// The realization plans at the end: part s holds player s's.
    fn plans(&self) -> Vec<Vec<T>> {
        self.parts
            .iter()
            .map(|p| {
                let d = &p.dictionary;
                let mut plan = vec![T::zero_value(); p.part.n_plan];
                for (i, &v) in d.basic.iter().enumerate() {
                    if v < p.part.n_plan {
                        plan[v] = d.rhs(i).clone();
                    }
                }
                plan
            })
            .collect()
    }
}

/// The layout of the variables and rows of the whole system, shared with
/// [`super::refinement`].
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
}

/// One coefficient of the sequence-form system: ±1, or a player's payoff at an entry
/// (the player, and the payoff's numerator over the player's common denominator).
pub(crate) enum Coefficient<'a> {
    One,
    MinusOne,
    Payoff(usize, Numerator<'a>),
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
        let (u, v) = (sf.payoffs(0), sf.payoffs(1));
        for i in 0..sf.entry_count() {
            let &[s, t] = sf.entry(i) else {
                unreachable!("two players")
            };
            let a = u.numerator(i);
            if !a.is_zero() {
                put(self.row_u() + s, n1 + t, Coefficient::Payoff(0, a));
            }
            let b = v.numerator(i);
            if !b.is_zero() {
                put(self.row_v() + t, s, Coefficient::Payoff(1, b));
            }
        }
    }
}

/// One part of the system ([`Layout::part`]): player s's plan constraints (rows
/// `0..k_plan`) and the other player's payoff rows (`k_plan..`), over player s's plan
/// (variables `0..n_plan`), the other's slacks (`n_plan..n_plan + n_pay`), z0, and the
/// other's free variables.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Part {
    pub(crate) player: usize,
    pub(crate) k_plan: usize,
    pub(crate) n_plan: usize,
    pub(crate) n_pay: usize,
    pub(crate) k_free: usize,
}

impl Part {
    pub(crate) fn rows(self) -> usize {
        self.k_plan + self.n_pay
    }
    pub(crate) fn payoff_row(self, j: usize) -> usize {
        self.k_plan + j
    }
    pub(crate) fn slack(self, j: usize) -> usize {
        self.n_plan + j
    }
    /// z0's variable: the same in both parts.
    pub(crate) fn z0(self) -> usize {
        self.n_plan + self.n_pay
    }
    pub(crate) fn free0(self) -> usize {
        self.z0() + 1
    }
    pub(crate) fn variables(self) -> usize {
        self.free0() + self.k_free
    }
    /// Whether variable `v` belongs to the payoff rows (a slack or free variable), whose
    /// scale is the other player's.
    pub(crate) fn is_payoff_variable(self, v: usize) -> bool {
        v >= self.n_plan && v != self.z0()
    }
}

impl Layout {
    /// Part s of the system.
    pub(crate) fn part(self, s: usize) -> Part {
        let (n, k) = ([self.n1, self.n2], [self.k1, self.k2]);
        Part {
            player: s,
            k_plan: k[s],
            n_plan: n[s],
            n_pay: n[1 - s],
            k_free: k[1 - s],
        }
    }

    /// The part of row `r` of the whole system, and its row there.
    pub(crate) fn local_row(self, r: usize) -> (usize, usize) {
        if r < self.row_f() {
            (0, r)
        } else if r < self.row_u() {
            (1, r - self.row_f())
        } else if r < self.row_v() {
            (1, self.k2 + r - self.row_u())
        } else {
            (0, self.k1 + r - self.row_v())
        }
    }

    /// Variable `v` of the whole system as a variable of part `s`, `None` when it is the
    /// other part's (z0 is both parts').
    pub(crate) fn local_var(self, s: usize, v: usize) -> Option<usize> {
        let n = self.n();
        let part = self.part(s);
        let (plan0, slack0, free0) = if s == 0 {
            (0, n + self.n1, self.q0())
        } else {
            (self.n1, n, self.p0())
        };
        if v == self.z0() {
            Some(part.z0())
        } else if (plan0..plan0 + part.n_plan).contains(&v) {
            Some(v - plan0)
        } else if (slack0..slack0 + part.n_pay).contains(&v) {
            Some(part.slack(v - slack0))
        } else if (free0..free0 + part.k_free).contains(&v) {
            Some(part.free0() + v - free0)
        } else {
            None
        }
    }
}

/// Both parts' dictionaries on the path, z0 basic in the holder's.
struct Parts<T> {
    dictionaries: [Dictionary<T>; 2],
    holder: usize,
    z0: usize,
}

impl<T: Field> Parts<T> {
    /// z0's row in the holder, and its column in the other part.
    fn z0_places(&self) -> (usize, usize) {
        let h = self.holder;
        match (
            self.dictionaries[h].place[self.z0],
            self.dictionaries[1 - h].place[self.z0],
        ) {
            (Place::Basic(r0), Place::Nonbasic(c)) => (r0, c),
            _ => unreachable!("z0 is basic in the holder and nonbasic in the other part"),
        }
    }

    /// Checks that every basic variable is nonnegative at the start and makes those within
    /// rounding of zero exactly zero.
    fn settle_start(&mut self) -> Result<(), StrategicError> {
        let (r0, cz) = self.z0_places();
        let h = self.holder;
        let z0_value = self.dictionaries[h].rhs(r0).clone();
        for s in 0..2 {
            for i in 0..self.dictionaries[s].rows() {
                let x = self.value((s, i));
                if x.is_negative_value() {
                    return Err(StrategicError::Internal(
                        "the start of the sequence-form path is not feasible".into(),
                    ));
                }
                if x.is_positive_value() {
                    continue;
                }
                let mut zero = T::zero_value();
                if s != h {
                    zero.add_product(self.dictionaries[s].at(i, cz), &z0_value);
                }
                *self.dictionaries[s].rhs_mut(i) = zero;
            }
        }
        Ok(())
    }

    /// The entry of the whole system's tableau in row `(s, i)` (row i of part s) and the
    /// column of variable `(part, v)`, given z0's places: the other part's rows carry the
    /// holder's z0 row times their z0 entry.
    fn joint(
        &self,
        (r0, cz): (usize, usize),
        (s, i): (usize, usize),
        (part, v): (usize, usize),
    ) -> T {
        let h = self.holder;
        if v == self.z0 {
            return if s == h && i == r0 {
                T::one_value()
            } else {
                T::zero_value()
            };
        }
        if s == part {
            return self.dictionaries[s].coefficient(i, v);
        }
        if s == h {
            return T::zero_value();
        }
        let g = self.dictionaries[s].at(i, cz);
        let mut x = T::zero_value();
        if !g.is_zero_value() {
            x.sub_product(g, &self.dictionaries[h].coefficient(r0, v));
        }
        x
    }

    /// The value of the basic variable of row `(s, i)`.
    fn value(&self, (s, i): (usize, usize)) -> T {
        let d = &self.dictionaries;
        let mut x = d[s].rhs(i).clone();
        if s != self.holder {
            let (r0, cz) = self.z0_places();
            let g = d[s].at(i, cz);
            if !g.is_zero_value() {
                x.sub_product(g, d[self.holder].rhs(r0));
            }
        }
        x
    }

    /// The leaving row when variable `(part, v)` enters: the least ratio of value to
    /// entry, ties broken by the same ratios in the columns `lex` in turn.
    fn leaving_row(
        &self,
        (part, v): (usize, usize),
        lex: &[(usize, usize)],
    ) -> Option<(usize, usize)> {
        let d = &self.dictionaries;
        let Place::Nonbasic(c) = d[part].place[v] else {
            unreachable!("the entering variable is nonbasic")
        };
        // Rows with a positive entry in the entering column, with the entry and value.
        let mut rows: Vec<((usize, usize), T)> = (0..d[part].rows())
            .filter(|&i| d[part].at(i, c).is_positive_value())
            .map(|i| ((part, i), d[part].at(i, c).clone()))
            .collect();
        if part == self.holder {
            // The variable moves z0, and z0 the other part.
            let (r0, cz) = self.z0_places();
            let a0 = d[part].at(r0, c);
            let o = 1 - part;
            if !a0.is_zero_value() {
                for i in 0..d[o].rows() {
                    let g = d[o].at(i, cz);
                    if g.is_zero_value() {
                        continue;
                    }
                    let mut entry = T::zero_value();
                    entry.sub_product(g, a0);
                    if entry.is_positive_value() {
                        rows.push(((o, i), entry));
                    }
                }
            }
        }
        let values: Vec<T> = rows.iter().map(|&(r, _)| self.value(r)).collect();
        let mut tied: Vec<usize> = Vec::new();
        for k in 0..rows.len() {
            match tied.first() {
                None => tied.push(k),
                Some(&b) => match T::compare_ratios(&values[k], &rows[k].1, &values[b], &rows[b].1)
                {
                    Ordering::Less => {
                        tied.clear();
                        tied.push(k);
                    }
                    Ordering::Equal => tied.push(k),
                    Ordering::Greater => {}
                },
            }
        }
        let z0_places = self.z0_places();
        for &(part, v) in lex {
            if tied.len() <= 1 {
                break;
            }
            // A basic variable's column is a unit vector: only its own row can lose.
            let basic_row = if v == self.z0 {
                Some((self.holder, z0_places.0))
            } else {
                match d[part].place[v] {
                    Place::Basic(r) => Some((part, r)),
                    Place::Nonbasic(_) => None,
                }
            };
            if let Some(row) = basic_row {
                tied.retain(|&k| rows[k].0 != row);
                continue;
            }
            let entries: Vec<T> = tied
                .iter()
                .map(|&k| self.joint(z0_places, rows[k].0, (part, v)))
                .collect();
            let mut next: Vec<usize> = vec![0];
            for m in 1..tied.len() {
                let b = next[0];
                match T::compare_ratios(
                    &entries[m],
                    &rows[tied[m]].1,
                    &entries[b],
                    &rows[tied[b]].1,
                ) {
                    Ordering::Less => {
                        next.clear();
                        next.push(m);
                    }
                    Ordering::Equal => next.push(m),
                    Ordering::Greater => {}
                }
            }
            tied = next.into_iter().map(|m| tied[m]).collect();
        }
        tied.first().map(|&k| rows[k].0)
    }
}

/// Follows the path ([`Layout::part`] for the variables and rows of each part).
fn run<T>(
    sf: &SequenceForm,
    prior: &[Vec<BigRational>; 2],
    progress: &dyn Progress,
) -> Result<Path<T>, StrategicError>
where
    T: Field + for<'a> std::ops::AddAssign<&'a T>,
    for<'a> &'a T: std::ops::Sub<&'a T, Output = T>,
{
    let layout = Layout::of(sf);
    let parts = [layout.part(0), layout.part(1)];
    let z0 = parts[0].z0();
    let mut tableaux: [Tableau<T>; 2] = parts.map(|p| Tableau::new(p.rows(), p.variables()));

    // The payoffs, each player's divided by their largest numerator so that they are at
    // most 1 in magnitude (which changes no best response) and floating-point tolerances
    // mean the same for every game.
    let scale: [BigInt; 2] = std::array::from_fn(|p| {
        let top = sf.payoffs(p).largest_numerator();
        if top.is_zero() {
            BigInt::one()
        } else {
            top
        }
    });
    let divisor: [T; 2] = scale
        .each_ref()
        .map(|d| T::of(&BigRational::from_integer(d.clone())));

    // E x + e z0 = e, F y + f z0 = f, u − Eᵀp + A y + c z0 = 0 and v − Fᵀq + Bᵀx + d z0 = 0,
    // where c = A ȳ and d = Bᵀx̄ are perturbed so that each player's best response at the
    // start is unique.
    layout.coefficients(sf, |row, var, c| {
        let (s, i) = layout.local_row(row);
        let j = layout
            .local_var(s, var)
            .expect("a row's variables are in its part");
        let x = match c {
            Coefficient::One => T::one_value(),
            Coefficient::MinusOne => T::of(&-BigRational::one()),
            Coefficient::Payoff(p, n) => T::quotient(n, &divisor[p]),
        };
        tableaux[s].set(i, j, x);
    });
    for t in &mut tableaux {
        t.set(0, z0, T::one_value());
        let rhs = t.rhs_column();
        t.set(0, rhs, T::one_value());
    }
    let prior: [Vec<T>; 2] = prior
        .each_ref()
        .map(|plan| plan.iter().map(T::of).collect());
    let mut prior_terms = [
        vec![T::zero_value(); layout.n1],
        vec![T::zero_value(); layout.n2],
    ];
    let (u, v) = (sf.payoffs(0), sf.payoffs(1));
    for i in 0..sf.entry_count() {
        let &[s, t] = sf.entry(i) else {
            unreachable!("two players")
        };
        let (a, b) = (u.numerator(i), v.numerator(i));
        if !a.is_zero() && !prior[1][t].is_zero_value() {
            prior_terms[0][s].add_product(&T::quotient(a, &divisor[0]), &prior[1][t]);
        }
        if !b.is_zero() && !prior[0][s].is_zero_value() {
            prior_terms[1][t].add_product(&T::quotient(b, &divisor[1]), &prior[0][s]);
        }
    }
    let (terms, best) = strict_start(sf, prior_terms)?;
    // Player p's worths go to p's payoff rows, in the other part.
    for (player, worths) in terms.into_iter().enumerate() {
        let part = parts[1 - player];
        for (s, term) in worths.into_iter().enumerate() {
            if !term.is_zero_value() {
                tableaux[1 - player].set(part.payoff_row(s), z0, term);
            }
        }
    }

    // The start: the best responses to c and d, x∅ and u∅ nonbasic, z0 basic in part 0.
    let mut built = Vec::with_capacity(2);
    for (s, mut t) in tableaux.into_iter().enumerate() {
        let part = parts[s];
        let o = 1 - s;
        let mut setup = Vec::new();
        t.pivot_recorded(0, if s == 0 { z0 } else { 0 }, &mut setup)?;
        for (k, a) in best[s].iter().enumerate() {
            t.pivot_recorded(1 + k, sf.first[s][k] + a, &mut setup)?;
        }
        let mut free_row = vec![false; part.rows()];
        for k in (0..sf.first[o].len()).rev() {
            let row = part.payoff_row(sf.first[o][k] + best[o][k]);
            t.pivot_recorded(row, part.free0() + 1 + k, &mut setup)?;
            free_row[row] = true;
        }
        t.pivot_recorded(part.payoff_row(0), part.free0(), &mut setup)?;
        free_row[part.payoff_row(0)] = true;
        // Each slack is still a unit column in its own row, which no pivot above has
        // used: making it basic there changes nothing.
        for j in 0..part.n_pay {
            if !free_row[part.payoff_row(j)] {
                t.assign_basic(part.payoff_row(j), part.slack(j));
            }
        }
        let kept: Vec<usize> = (0..part.rows()).filter(|&r| !free_row[r]).collect();
        let free_rows = (0..part.rows())
            .filter(|&r| free_row[r])
            .map(|r| FreeRow {
                row: r,
                var: t.basis[r],
                entries: (0..=z0)
                    .filter(|&j| !t.at(r, j).is_zero_value())
                    .map(|j| (j, t.at(r, j).clone()))
                    .collect(),
            })
            .collect();
        let dictionary = Dictionary::of(&t, &kept, z0 + 1);
        drop(t);
        let lex = dictionary.basic.clone();
        built.push(PartPath {
            part,
            dictionary,
            setup,
            kept,
            free_rows,
            lex,
        });
    }
    let [first, second]: [PartPath<T>; 2] = built.try_into().ok().expect("two parts");
    let lex: Vec<(usize, usize)> = [&first, &second]
        .iter()
        .enumerate()
        .flat_map(|(s, p)| p.lex.iter().map(move |&v| (s, v)))
        .collect();
    let mut state = Parts {
        dictionaries: [first.dictionary, second.dictionary],
        holder: 0,
        z0,
    };
    state.settle_start()?;

    // Each variable's complement: player s's plan variable j and the other player's
    // slack j in the other part.
    let complement = |(s, v): (usize, usize)| {
        let part = parts[s];
        if v < part.n_plan {
            (1 - s, parts[1 - s].slack(v))
        } else {
            (1 - s, v - part.n_plan)
        }
    };
    let mut entering = (0, 0); // x∅
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
        let Some((s, row)) = state.leaving_row(entering, &lex) else {
            return Err(StrategicError::Internal(
                "the sequence-form path ran off along a ray".into(),
            ));
        };
        let (part, v) = entering;
        let leaving = state.dictionaries[s].basic[row];
        let Place::Nonbasic(c) = state.dictionaries[part].place[v] else {
            unreachable!("the entering variable is nonbasic")
        };
        pivots += 1;
        if part == s {
            state.dictionaries[s].pivot(row, c)?;
            if leaving == z0 {
                break;
            }
        } else {
            // A variable of the holder brought a row of the other part to zero through
            // z0: it takes z0's row in the holder, and z0 that row in the other part.
            let (r0, cz) = state.z0_places();
            state.dictionaries[part].pivot(r0, c)?;
            state.dictionaries[s].pivot(row, cz)?;
            state.holder = s;
        }
        entering = complement((s, leaving));
    }
    let [d0, d1] = state.dictionaries;
    Ok(Path {
        parts: [
            PartPath {
                dictionary: d0,
                ..first
            },
            PartPath {
                dictionary: d1,
                ..second
            },
        ],
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
type StrictStart<T> = ([Vec<T>; 2], [Vec<usize>; 2]);

/// Each player's worth of each sequence at the start (`terms`, the payoff against the
/// opponent's prior) perturbed by a small pseudo-random amount per sequence, less than
/// 2^−6 of the largest payoff, until every set has a unique best action by at least
/// [`least_margin`]; with those best actions. The perturbation leaves the end of the path
/// an equilibrium of the game itself: it is multiplied by z0, which is 0 there.
fn strict_start<T>(sf: &SequenceForm, terms: [Vec<T>; 2]) -> Result<StrictStart<T>, StrategicError>
where
    T: Field + for<'a> std::ops::AddAssign<&'a T>,
    for<'a> &'a T: std::ops::Sub<&'a T, Output = T>,
{
    let least = T::of(&least_margin());
    for attempt in 0u64..16 {
        let mut state = 0x9e37_79b9_7f4a_7c15u64.wrapping_mul(attempt + 1);
        let perturbed: [Vec<T>; 2] = std::array::from_fn(|p| {
            terms[p]
                .iter()
                .map(|c| {
                    state = splitmix(state);
                    let shift =
                        BigRational::new(BigInt::from(1 + state % 1024), BigInt::one() << 16);
                    let mut x = c.clone();
                    x.add_product(&T::of(&shift), &T::one_value());
                    x
                })
                .collect()
        });
        let mut best = [Vec::new(), Vec::new()];
        let mut strict = true;
        for p in 0..2 {
            let mut value = perturbed[p].clone();
            let (actions, margin) = sf.best_actions(p, &mut value);
            strict &= margin.is_none_or(|m| m >= least);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extensive::behaviour::is_equilibrium;
    use crate::formats::efg::parse;
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
        assert_eq!(found.plans, exact.plans());
        assert_eq!(found.pivots, exact.pivots);
        assert_eq!(is_equilibrium(&g, &sf.behaviour(&found.plans)), Some(true));
    }

    #[test]
    fn payoffs_past_machine_words() {
        // Eight-rank poker with every payoff times 10^20: stored as big integers (the
        // refinement, which needs machine words, gives way to the exact path), with the
        // same equilibrium and the value scaled.
        let big = "00000000000000000000";
        let mut text = poker(8);
        for v in ["-2", "-1", "1", "2"] {
            let w = if let Some(v) = v.strip_prefix('-') {
                v.to_string()
            } else {
                format!("-{v}")
            };
            text = text.replace(
                &format!("{{ {v} {w} }}"),
                &format!("{{ {v}{big} {w}{big} }}"),
            );
        }
        let sf = SequenceForm::new(&parse(&text).unwrap()).unwrap();
        assert!(matches!(sf.payoffs(0).numerator(0), Numerator::Big(_)));
        let small = SequenceForm::new(&parse(&poker(8)).unwrap()).unwrap();
        assert!(matches!(
            small.payoffs(0).numerator(0),
            Numerator::Machine(_)
        ));
        let found = lemke_equilibrium(&sf, &NoProgress).unwrap();
        let expected = lemke_equilibrium(&small, &NoProgress).unwrap();
        assert_eq!(found.plans, expected.plans);
        let factor = BigRational::from_integer(format!("1{big}").parse().unwrap());
        assert_eq!(
            sf.expected_payoffs(&found.plans)[0],
            small.expected_payoffs(&expected.plans)[0].clone() * factor
        );
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

    #[test]
    fn more_sequences_than_the_limit_are_refused() {
        // A 2 × 4,100 game: 3 + 4,101 sequences.
        let wide: Vec<Vec<i64>> = vec![(0..4100).collect(), (0..4100).rev().collect()];
        let rows: Vec<&[i64]> = wide.iter().map(Vec::as_slice).collect();
        let m = crate::testing::int_matrix(&rows);
        let game = crate::NormalFormGame::bimatrix(&m, &m).unwrap();
        let sf = SequenceForm::from_normal_form(&game);
        assert!(matches!(
            lemke_equilibrium(&sf, &NoProgress),
            Err(StrategicError::TooLarge { .. })
        ));
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
                let isolated = crate::two_player::vertex::components(&exact).iter().all(|c| c.len() == 1);
                let listed = !isolated || exact.iter().any(|m| {
                    crate::extensive::behaviour::from_mixed(&g, &r, m) == behaviour
                });
                proptest::prop_assert!(listed, "{:?} not among {:?}", behaviour, exact);
            }
        }
    }
}
