//! The tableaux the sequence-form path ([`super::sequence_lcp`]) pivots on, in exact
//! rationals or in floating point: a full tableau for setting up the start (every
//! variable a column, row operations recorded so they can be replayed), and the
//! dictionary the path runs on (only the nonbasic variables are columns, which halves
//! its width and memory).
//!
//! Floating-point pivots update only the entries the pivot row reaches, row by row, and
//! spread the rows over the cores when the update is large; each row's arithmetic is the
//! same with any number of threads, so the path is too.

use std::cmp::Ordering;

use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use rayon::prelude::*;

use super::sequence::Numerator;
use crate::StrategicError;

/// Numbers a tableau can hold: exact rationals, or floats with tolerances.
pub(crate) trait Field: Clone + std::fmt::Debug + PartialOrd + Send + Sync {
    fn of(q: &BigRational) -> Self;
    /// `n / d`, in this field.
    fn quotient(n: Numerator<'_>, d: &Self) -> Self;
    fn zero_value() -> Self;
    fn one_value() -> Self;
    fn is_zero_value(&self) -> bool;
    fn is_positive_value(&self) -> bool;
    fn is_negative_value(&self) -> bool;
    /// `self −= f·y`.
    fn sub_product(&mut self, f: &Self, y: &Self);
    /// `self += f·y`.
    fn add_product(&mut self, f: &Self, y: &Self);
    fn divide(&mut self, p: &Self);
    /// How a/b compares with c/d, for b, d > 0.
    fn compare_ratios(a: &Self, b: &Self, c: &Self, d: &Self) -> Ordering;
    /// `row −= f·pivot` over the entries where the pivot row is nonzero.
    fn update_row(row: &mut [Self], f: &Self, pivot: &PivotRow<Self>) {
        for (j, y) in &pivot.nonzero {
            row[*j].sub_product(f, y);
        }
    }
}

impl Field for BigRational {
    fn of(q: &BigRational) -> Self {
        q.clone()
    }
    fn quotient(n: Numerator<'_>, d: &Self) -> Self {
        BigRational::from_integer(n.to_big()) / d
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
    fn add_product(&mut self, f: &Self, y: &Self) {
        *self += f * y;
    }
    fn divide(&mut self, p: &Self) {
        *self /= p;
    }
    fn compare_ratios(a: &Self, b: &Self, c: &Self, d: &Self) -> Ordering {
        (a * d).cmp(&(c * b))
    }
}

/// Entries below this are zero (the data are scaled to magnitude about 1).
pub(crate) const TINY: f64 = 1e-11;
/// Pivot entries must exceed this, and ratios closer than it (relatively) tie.
pub(crate) const EPS: f64 = 1e-9;

impl Field for f64 {
    fn of(q: &BigRational) -> Self {
        q.to_f64().unwrap_or(f64::NAN)
    }
    fn quotient(n: Numerator<'_>, d: &Self) -> Self {
        n.to_f64() / d
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
    fn add_product(&mut self, f: &Self, y: &Self) {
        *self += f * y;
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
    fn update_row(row: &mut [f64], f: &f64, pivot: &PivotRow<f64>) {
        // A dense pivot row is cheaper streamed whole than gathered entry by entry.
        if pivot.nonzero.len() * 4 >= row.len() {
            for (x, y) in row.iter_mut().zip(&pivot.dense) {
                let z = *x - f * y;
                *x = if z.abs() <= TINY { 0.0 } else { z };
            }
        } else {
            for &(j, y) in &pivot.nonzero {
                row[j].sub_product(f, &y);
            }
        }
    }
}

/// The pivot row after division by the pivot: its nonzero entries, and all of it.
pub(crate) struct PivotRow<T> {
    nonzero: Vec<(usize, T)>,
    dense: Vec<T>,
}

impl<T: Field> PivotRow<T> {
    /// Row `r` of `cells` (rows of `width`) divided by `p`, zeros cleaned.
    fn divided(cells: &mut [T], width: usize, r: usize, p: &T) -> PivotRow<T> {
        let row = &mut cells[r * width..(r + 1) * width];
        let mut nonzero = Vec::new();
        for (j, x) in row.iter_mut().enumerate() {
            if x.is_zero_value() {
                *x = T::zero_value();
            } else {
                x.divide(p);
                nonzero.push((j, x.clone()));
            }
        }
        PivotRow {
            nonzero,
            dense: row.to_vec(),
        }
    }
}

/// Below this many cell updates a pivot stays on one thread.
const PARALLEL_UPDATES: usize = 1 << 16;

/// `row_i −= f_i · pivot` for every row `i` but `r`, where `f_i = row_i[c]`, then column
/// `c` set to `column(f_i)`; returns the rows changed with their factors when asked.
fn eliminate<T: Field>(
    cells: &mut [T],
    width: usize,
    r: usize,
    c: usize,
    pivot: &PivotRow<T>,
    column: impl Fn(&T) -> T + Sync,
    record: bool,
) -> Vec<(usize, T)> {
    let update = |(i, row): (usize, &mut [T])| -> Option<(usize, T)> {
        if i == r || row[c].is_zero_value() {
            return None;
        }
        let f = row[c].clone();
        T::update_row(row, &f, pivot);
        row[c] = column(&f);
        record.then_some((i, f))
    };
    let rows = cells.len() / width.max(1);
    if rows.saturating_mul(pivot.nonzero.len()) >= PARALLEL_UPDATES {
        cells
            .par_chunks_mut(width)
            .enumerate()
            .filter_map(update)
            .collect()
    } else {
        cells
            .chunks_mut(width)
            .enumerate()
            .filter_map(update)
            .collect()
    }
}

/// A dense tableau: each row an equation over the variables with the right-hand side last,
/// solved for its basic variable.
pub(crate) struct Tableau<T> {
    width: usize,
    cells: Vec<T>,
    pub(crate) basis: Vec<usize>,
}

/// One row operation of a pivot: row `row` divided by `pivot`, then `f` times it taken
/// from each other row `i` of `factors`.
pub(crate) struct RowOp<T> {
    pub(crate) row: usize,
    pub(crate) pivot: T,
    pub(crate) factors: Vec<(usize, T)>,
}

impl<T: Field> Tableau<T> {
    pub(crate) fn new(rows: usize, variables: usize) -> Self {
        Tableau {
            width: variables + 1,
            cells: vec![T::zero_value(); rows * (variables + 1)],
            basis: vec![usize::MAX; rows],
        }
    }

    /// The column of the right-hand side.
    pub(crate) fn rhs_column(&self) -> usize {
        self.width - 1
    }

    pub(crate) fn at(&self, r: usize, c: usize) -> &T {
        &self.cells[r * self.width + c]
    }

    pub(crate) fn set(&mut self, r: usize, c: usize, x: T) {
        self.cells[r * self.width + c] = x;
    }

    /// Makes `c` basic in row `r` (the row divided by its entry in column `c`, multiples of
    /// it taken from the other rows to clear the column), appending the row operation to
    /// `record`.
    pub(crate) fn pivot_recorded(
        &mut self,
        r: usize,
        c: usize,
        record: &mut Vec<RowOp<T>>,
    ) -> Result<(), StrategicError> {
        let p = self.at(r, c).clone();
        if p.is_zero_value() {
            return Err(zero_pivot(r, c));
        }
        let pivot = PivotRow::divided(&mut self.cells, self.width, r, &p);
        let factors = eliminate(
            &mut self.cells,
            self.width,
            r,
            c,
            &pivot,
            |_| T::zero_value(),
            true,
        );
        self.set(r, c, T::one_value());
        self.basis[r] = c;
        record.push(RowOp {
            row: r,
            pivot: p,
            factors,
        });
        Ok(())
    }
}

impl<T: Field> Tableau<T> {
    /// Makes `c` basic in row `r` where its column is already the unit column of `r`.
    pub(crate) fn assign_basic(&mut self, r: usize, c: usize) {
        debug_assert!((0..self.basis.len()).all(|i| {
            let x = self.at(i, c);
            if i == r {
                *x == T::one_value()
            } else {
                x.is_zero_value()
            }
        }));
        self.basis[r] = c;
    }
}

fn zero_pivot(r: usize, c: usize) -> StrategicError {
    StrategicError::Internal(format!(
        "a zero pivot in row {r}, column {c} of the sequence-form tableau"
    ))
}

/// Where a variable is in a [`Dictionary`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    Basic(usize),
    Nonbasic(usize),
}

/// A dictionary: each row `basic + Σ entry · nonbasic = rhs`, the nonbasic variables the
/// columns and the right-hand side last.
pub(crate) struct Dictionary<T> {
    width: usize,
    cells: Vec<T>,
    /// The variable basic in each row.
    pub(crate) basic: Vec<usize>,
    /// The variable of each column.
    pub(crate) nonbasic: Vec<usize>,
    /// Each variable's row or column.
    pub(crate) place: Vec<Place>,
}

impl<T: Field> Dictionary<T> {
    /// The dictionary of the rows `rows` of `t` over its variables `0..variables`, which
    /// must be basic in those rows or nowhere.
    pub(crate) fn of(t: &Tableau<T>, rows: &[usize], variables: usize) -> Dictionary<T> {
        let mut place = vec![Place::Nonbasic(usize::MAX); variables];
        let basic: Vec<usize> = rows.iter().map(|&r| t.basis[r]).collect();
        for (i, &v) in basic.iter().enumerate() {
            place[v] = Place::Basic(i);
        }
        let nonbasic: Vec<usize> = (0..variables)
            .filter(|&v| !matches!(place[v], Place::Basic(_)))
            .collect();
        for (j, &v) in nonbasic.iter().enumerate() {
            place[v] = Place::Nonbasic(j);
        }
        let width = nonbasic.len() + 1;
        let mut cells = Vec::with_capacity(rows.len() * width);
        for &r in rows {
            cells.extend(nonbasic.iter().map(|&v| t.at(r, v).clone()));
            cells.push(t.at(r, t.rhs_column()).clone());
        }
        Dictionary {
            width,
            cells,
            basic,
            nonbasic,
            place,
        }
    }

    pub(crate) fn rows(&self) -> usize {
        self.basic.len()
    }

    /// The entry of row `i` in column `j`.
    pub(crate) fn at(&self, i: usize, j: usize) -> &T {
        &self.cells[i * self.width + j]
    }

    pub(crate) fn rhs(&self, i: usize) -> &T {
        self.at(i, self.width - 1)
    }

    pub(crate) fn rhs_mut(&mut self, i: usize) -> &mut T {
        let w = self.width;
        &mut self.cells[i * w + w - 1]
    }

    /// The coefficient of variable `v` in row `i` of the full tableau: 1 or 0 where `v` is
    /// basic, its column's entry where not.
    pub(crate) fn coefficient(&self, i: usize, v: usize) -> T {
        match self.place[v] {
            Place::Basic(r) if r == i => T::one_value(),
            Place::Basic(_) => T::zero_value(),
            Place::Nonbasic(j) => self.at(i, j).clone(),
        }
    }

    /// Exchanges the basic variable of row `r` with the nonbasic variable of column `c`.
    pub(crate) fn pivot(&mut self, r: usize, c: usize) -> Result<(), StrategicError> {
        let p = self.at(r, c).clone();
        if p.is_zero_value() {
            return Err(zero_pivot(r, c));
        }
        // Row r solved for the entering variable: the leaving one gets 1/p in column c.
        let w = self.width;
        self.cells[r * w + c] = T::one_value();
        let pivot = PivotRow::divided(&mut self.cells, w, r, &p);
        let inverse = pivot.dense[c].clone();
        // The other rows: the entering variable substituted, column c becoming the
        // leaving variable's (−f/p).
        eliminate(
            &mut self.cells,
            w,
            r,
            c,
            &pivot,
            |f| {
                let mut x = T::zero_value();
                x.sub_product(f, &inverse);
                x
            },
            false,
        );
        let (entering, leaving) = (self.nonbasic[c], self.basic[r]);
        self.basic[r] = entering;
        self.nonbasic[c] = leaving;
        self.place[entering] = Place::Basic(r);
        self.place[leaving] = Place::Nonbasic(c);
        Ok(())
    }
}
