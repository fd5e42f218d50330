//! Vertex enumeration of {z ≥ 0 : Mz ≤ 1} for an integer matrix M > 0, by integer
//! (fraction-free) pivoting: the tableau holds integers and one common denominator, the
//! determinant of the current basis, so no fraction is ever reduced. Entries are first kept
//! in `i128` with every operation checked; on overflow the walk starts again in big integers.
//!
//! The walk visits every feasible basis reachable from the origin — every entering column,
//! and every row tied in the ratio test — so degenerate vertices are reached through each of
//! their bases and keep every label.

use conway_core::{NoProgress, Progress, Work};
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};

use ethnum::I256;
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

use crate::StrategicError;

/// The most simplex bases visited per polytope before giving up.
pub const MAX_BASES: usize = 1_000_000;

/// Exact integers for the tableau: 128-bit entries with 256-bit intermediates, or big
/// integers.
pub trait Exact: Clone + Eq + Hash + std::fmt::Debug {
    /// From a big integer, if it fits.
    fn from_big(x: &BigInt) -> Option<Self>;
    /// As a big integer.
    fn to_big(&self) -> BigInt;
    /// A determinant prepared for the exact divisions of one pivot.
    type Divisor;
    /// Prepares `det` (non-zero) as the divisor of a pivot's updates.
    fn divisor(det: &Self) -> Self::Divisor;
    /// The pivot update `(x·p − f·y) / det` (an exact division), or `None` on overflow.
    fn pivot_update(x: &Self, p: &Self, f: &Self, y: &Self, det: &Self::Divisor) -> Option<Self>;
    /// How `a·b` compares with `c·d`.
    fn compare_products(a: &Self, b: &Self, c: &Self, d: &Self) -> std::cmp::Ordering;
    /// Zero.
    fn zero_value() -> Self;
    /// Whether zero.
    fn is_zero_value(&self) -> bool;
    /// Whether positive.
    fn is_positive_value(&self) -> bool;
    /// The negative.
    fn negated(&self) -> Self;
}

/// A tableau entry that fits 128 bits; products are formed in 256 bits, so only an entry
/// beyond 128 bits is an overflow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wide(i128);

/// A non-zero 128-bit determinant as 2^shift · odd, with the inverse of odd modulo 2^128:
/// an exact quotient n / det is then (n >> shift) · inverse modulo 2^128, a multiplication
/// instead of a division (Jebelean's exact division).
#[derive(Clone, Copy, Debug)]
pub struct WideDivisor {
    det: i128,
    shift: u32,
    inverse: u128,
}

impl WideDivisor {
    fn new(det: i128) -> Self {
        let shift = det.trailing_zeros();
        let odd = (det >> shift) as u128;
        // Newton's iteration doubles the correct low bits: 3 (odd² ≡ 1 mod 8), 6, …, 192.
        let mut inverse = odd;
        for _ in 0..6 {
            inverse = inverse.wrapping_mul(2u128.wrapping_sub(odd.wrapping_mul(inverse)));
        }
        WideDivisor {
            det,
            shift,
            inverse,
        }
    }

    /// n / det for an n that det divides, if the quotient fits 128 bits.
    #[inline]
    fn quotient(&self, n: I256) -> Option<i128> {
        let q = ((n >> self.shift).as_u128().wrapping_mul(self.inverse)) as i128;
        // The low bits are right whatever the size; the quotient is right when it fits.
        (I256::from(q) * I256::from(self.det) == n).then_some(q)
    }

    /// n / det for a 128-bit n that det divides (the quotient fits too).
    #[inline]
    fn small_quotient(&self, n: i128) -> i128 {
        ((n >> self.shift) as u128).wrapping_mul(self.inverse) as i128
    }
}

impl Wide {
    /// Whether the entry fits 64 bits, so that its products are single machine
    /// multiplications.
    #[inline]
    fn fits_64(&self) -> bool {
        self.0 == self.0 as i64 as i128
    }
}

impl Exact for Wide {
    type Divisor = WideDivisor;
    fn from_big(x: &BigInt) -> Option<Self> {
        i128::try_from(x).ok().map(Wide)
    }
    fn to_big(&self) -> BigInt {
        BigInt::from(self.0)
    }
    fn divisor(det: &Self) -> WideDivisor {
        WideDivisor::new(det.0)
    }
    #[inline]
    fn pivot_update(x: &Self, p: &Self, f: &Self, y: &Self, det: &WideDivisor) -> Option<Self> {
        // Entries are minors of the matrix: while they fit 64 bits, products are single
        // machine multiplications and their difference cannot overflow.
        if [x, p, f, y].iter().all(|v| v.fits_64()) {
            let n = (x.0 as i64 as i128) * (p.0 as i64 as i128)
                - (f.0 as i64 as i128) * (y.0 as i64 as i128);
            return Some(Wide(det.small_quotient(n)));
        }
        if let (Some(l), Some(r)) = (x.0.checked_mul(p.0), f.0.checked_mul(y.0)) {
            if let Some(n) = l.checked_sub(r) {
                return Some(Wide(det.small_quotient(n)));
            }
        }
        det.quotient(I256::from(x.0) * I256::from(p.0) - I256::from(f.0) * I256::from(y.0))
            .map(Wide)
    }
    #[inline]
    fn compare_products(a: &Self, b: &Self, c: &Self, d: &Self) -> std::cmp::Ordering {
        if [a, b, c, d].iter().all(|v| v.fits_64()) {
            let wide = |x: i128, y: i128| (x as i64 as i128) * (y as i64 as i128);
            return wide(a.0, b.0).cmp(&wide(c.0, d.0));
        }
        match (a.0.checked_mul(b.0), c.0.checked_mul(d.0)) {
            (Some(l), Some(r)) => l.cmp(&r),
            _ => (I256::from(a.0) * I256::from(b.0)).cmp(&(I256::from(c.0) * I256::from(d.0))),
        }
    }
    fn zero_value() -> Self {
        Wide(0)
    }
    fn is_zero_value(&self) -> bool {
        self.0 == 0
    }
    fn is_positive_value(&self) -> bool {
        self.0 > 0
    }
    fn negated(&self) -> Self {
        Wide(-self.0)
    }
}

impl Exact for BigInt {
    fn from_big(x: &BigInt) -> Option<Self> {
        Some(x.clone())
    }
    fn to_big(&self) -> BigInt {
        self.clone()
    }
    type Divisor = BigInt;
    fn divisor(det: &Self) -> BigInt {
        det.clone()
    }
    fn pivot_update(x: &Self, p: &Self, f: &Self, y: &Self, det: &BigInt) -> Option<Self> {
        Some((x * p - f * y) / det)
    }
    fn compare_products(a: &Self, b: &Self, c: &Self, d: &Self) -> std::cmp::Ordering {
        (a * b).cmp(&(c * d))
    }
    fn zero_value() -> Self {
        Zero::zero()
    }
    fn is_zero_value(&self) -> bool {
        self.is_zero()
    }
    fn is_positive_value(&self) -> bool {
        self.is_positive()
    }
    fn negated(&self) -> Self {
        -self
    }
}

/// Coprime integers proportional to `v` (unchanged when all zero).
pub(crate) fn coprime(mut v: Vec<BigInt>) -> Vec<BigInt> {
    let g = v.iter().fold(BigInt::zero(), |g, x| g.gcd(x));
    if !g.is_zero() {
        v.iter_mut().for_each(|x| *x /= &g);
    }
    v
}

/// A matrix of integers.
pub type IntegerMatrix = Vec<Vec<BigInt>>;

/// The matrix shifted so that every entry is at least 1 and scaled by the common
/// denominator to integers. Neither changes a game's equilibria: the best-response
/// polytopes only scale, their labels stay.
pub fn positive_integer_matrix(m: &[Vec<BigRational>]) -> IntegerMatrix {
    if m.iter().flatten().all(|x| x.is_integer()) {
        // The usual case, without fractions: shift in integers.
        let min = m
            .iter()
            .flatten()
            .map(|x| x.numer())
            .min()
            .cloned()
            .unwrap_or_default();
        let shift = BigInt::one() - min;
        return m
            .iter()
            .map(|row| row.iter().map(|x| x.numer() + &shift).collect())
            .collect();
    }
    let min = m
        .iter()
        .flatten()
        .min()
        .cloned()
        .unwrap_or_else(BigRational::zero);
    let shift = BigRational::one() - min;
    let lcm = m
        .iter()
        .flatten()
        .fold(BigInt::one(), |acc, x| acc.lcm(x.denom()));
    let scale = BigRational::from_integer(lcm);
    m.iter()
        .map(|row| {
            row.iter()
                .map(|x| ((x + &shift) * &scale).to_integer())
                .collect()
        })
        .collect()
}

/// A vertex found by the walk: its coordinates up to a positive factor (reduced to
/// coprime integers; all zero for the origin) and its labels (bit t for z_t = 0, bit d + r
/// for a tight row r).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IntegerVertex {
    /// Coprime non-negative integers proportional to the coordinates.
    pub direction: Vec<BigInt>,
    /// The labels as a bit set.
    pub labels: u64,
}

#[derive(Clone)]
struct Tableau<T> {
    /// k rows × (d + k + 1) columns: z, slacks, right-hand side; true entries are these
    /// divided by `det`.
    t: Vec<Vec<T>>,
    det: T,
    basis: Vec<usize>,
    key: u64,
}

/// An entry outgrew the integers in use.
pub(crate) struct Overflow;

/// The error for an overflow reported by the big-integer walk, which cannot overflow: a bug.
pub(crate) fn big_integer_overflow() -> StrategicError {
    StrategicError::Internal("the big-integer pivoting reported an overflow".into())
}

/// The rows `[m[r] | e_r | 1]`: the constraints Mz ≤ 1 with their slack basis.
pub(crate) fn slack_rows<T: Exact>(m: &[Vec<BigInt>]) -> Result<Vec<Vec<T>>, Overflow> {
    let k = m.len();
    let one = T::from_big(&BigInt::from(1)).ok_or(Overflow)?;
    let mut rows = Vec::with_capacity(k);
    for (r, row) in m.iter().enumerate() {
        let mut out = Vec::with_capacity(row.len() + k + 1);
        for x in row {
            out.push(T::from_big(x).ok_or(Overflow)?);
        }
        out.extend((0..k).map(|s| if s == r { one.clone() } else { T::zero_value() }));
        out.push(one.clone());
        rows.push(out);
    }
    Ok(rows)
}

/// How deep the walk keeps tableaux on its path; bases found deeper are kept as their basis
/// only and rebuilt from the matrix when their turn comes, so memory stays bounded.
/// How many new bases the walk finds between two progress reports.
const REPORT_EVERY: usize = 1 << 10;

const MAX_DEPTH: usize = 2048;

impl<T: Exact> Tableau<T> {
    /// The tableau of the slack basis (the origin).
    fn initial(m: &[Vec<BigInt>]) -> Result<Self, Overflow> {
        let (k, d) = (m.len(), m.first().map_or(0, Vec::len));
        let rows = slack_rows(m)?;
        let one = T::from_big(&BigInt::from(1)).ok_or(Overflow)?;
        let basis: Vec<usize> = (d..d + k).collect();
        let key = basis.iter().fold(0u64, |acc, &v| acc | 1 << v);
        Ok(Tableau {
            t: rows,
            det: one,
            basis,
            key,
        })
    }

    /// The tableau after pivoting column `col` into row `r` (fraction-free).
    fn pivoted(&self, r: usize, col: usize) -> Result<Self, Overflow> {
        let width = self.t[0].len();
        let key = (self.key & !(1 << self.basis[r])) | 1 << col;
        let pivot = self.t[r][col].clone();
        let divisor = T::divisor(&self.det);
        let mut basis = self.basis.clone();
        basis[r] = col;
        let mut next = Vec::with_capacity(self.t.len());
        for (i, row) in self.t.iter().enumerate() {
            if i == r {
                next.push(row.clone());
                continue;
            }
            let factor = &row[col];
            let mut new_row = Vec::with_capacity(width);
            for (c, (x, y)) in row.iter().zip(&self.t[r]).enumerate() {
                // Basic columns stay unit columns scaled by the new determinant.
                new_row.push(if c < width - 1 && key >> c & 1 == 1 {
                    if basis[i] == c {
                        pivot.clone()
                    } else {
                        T::zero_value()
                    }
                } else {
                    T::pivot_update(x, &pivot, factor, y, &divisor).ok_or(Overflow)?
                });
            }
            next.push(new_row);
        }
        Ok(Tableau {
            t: next,
            det: pivot,
            basis,
            key,
        })
    }

    /// The tableau of the basis `key`, reached from this one by pivoting in each variable
    /// of `key` that is not basic here (any non-zero pivot will do on the way; the result
    /// is unique). From a nearby basis that is a few pivots.
    fn moved_to(&self, key: u64) -> Result<Self, Overflow> {
        let mut tab = self.clone();
        let width = tab.t[0].len();
        for v in 0..width - 1 {
            if key >> v & 1 == 0 || tab.key >> v & 1 == 1 {
                continue;
            }
            let r = (0..tab.t.len())
                .find(|&r| key >> tab.basis[r] & 1 == 0 && !tab.t[r][v].is_zero_value())
                .ok_or(Overflow)?;
            tab = tab.pivoted(r, v)?;
        }
        if !tab.det.is_positive_value() {
            // Keep the common denominator positive: the ratio test relies on its sign.
            tab.det = tab.det.negated();
            tab.t.iter_mut().flatten().for_each(|x| *x = x.negated());
        }
        Ok(tab)
    }

    /// The rows tied in the minimum ratio test for entering column `col`.
    fn ratio_rows(&self, col: usize) -> Vec<usize> {
        let rhs = self.t[0].len() - 1;
        let mut rows: Vec<usize> = Vec::new();
        for r in 0..self.t.len() {
            let a = &self.t[r][col];
            if !a.is_positive_value() {
                continue;
            }
            match rows.first() {
                None => rows.push(r),
                Some(&b) => {
                    // rhs_r / a_r versus rhs_b / a_b, both entries positive.
                    match T::compare_products(&self.t[r][rhs], &self.t[b][col], &self.t[b][rhs], a)
                    {
                        std::cmp::Ordering::Less => rows = vec![r],
                        std::cmp::Ordering::Equal => rows.push(r),
                        std::cmp::Ordering::Greater => {}
                    }
                }
            }
        }
        rows
    }
}

/// The vertices found so far, each once. Directions are stored once: the index maps a hash
/// of a direction to the vertices with that hash.
struct Found {
    d: usize,
    all: u64,
    seen: HashMap<u64, Vec<usize>>,
    out: Vec<IntegerVertex>,
}

impl Found {
    fn record<T: Exact>(&mut self, tab: &Tableau<T>) {
        let rhs = tab.t[0].len() - 1;
        // Labels: nonbasic variables, and basic ones at zero.
        let mut labels = !tab.key & self.all;
        let mut direction: Vec<BigInt> = vec![BigInt::zero(); self.d];
        for (r, &v) in tab.basis.iter().enumerate() {
            let value = &tab.t[r][rhs];
            if value.is_zero_value() {
                labels |= 1 << v;
            } else if v < self.d {
                direction[v] = value.to_big();
            }
        }
        let direction = coprime(direction);
        let mut hasher = std::hash::DefaultHasher::new();
        direction.hash(&mut hasher);
        let bucket = self.seen.entry(hasher.finish()).or_default();
        match bucket.iter().find(|&&i| self.out[i].direction == direction) {
            Some(&i) => self.out[i].labels |= labels,
            None => {
                bucket.push(self.out.len());
                self.out.push(IntegerVertex { direction, labels });
            }
        }
    }
}

/// One tableau on the walk's path, with where its enumeration of neighbours stands.
struct Frame<T> {
    tab: Tableau<T>,
    next_col: usize,
    col: usize,
    rows: Vec<usize>,
}

fn walk<T: Exact>(
    m: &[Vec<BigInt>],
    max_depth: usize,
    progress: &dyn Progress,
) -> Result<Result<Vec<IntegerVertex>, StrategicError>, Overflow> {
    let (k, d) = (m.len(), m.first().map_or(0, Vec::len));
    let start = Tableau::<T>::initial(m)?;
    let mut seen_bases: HashSet<u64> = HashSet::from([start.key]);
    let mut found = Found {
        d,
        all: if d + k == 64 {
            u64::MAX
        } else {
            (1u64 << (d + k)) - 1
        },
        seen: HashMap::new(),
        out: Vec::new(),
    };
    found.record(&start);
    let frame = |tab| Frame {
        tab,
        next_col: 0,
        col: 0,
        rows: Vec::new(),
    };
    let mut stack = vec![frame(start)];
    // Bases beyond the depth limit, rebuilt later.
    let mut deferred: Vec<u64> = Vec::new();
    // The last tableau left behind: deferred bases are rebuilt from it, usually a few
    // pivots away.
    let mut last: Option<Tableau<T>> = None;
    loop {
        let Some(top) = stack.last_mut() else {
            match (deferred.pop(), &last) {
                (Some(key), Some(near)) => {
                    stack.push(frame(near.moved_to(key)?));
                    continue;
                }
                _ => break,
            }
        };
        let Some(r) = top.rows.pop() else {
            if top.next_col == d + k {
                last = stack.pop().map(|f| f.tab);
                continue;
            }
            top.col = top.next_col;
            top.next_col += 1;
            if top.tab.key >> top.col & 1 == 0 {
                top.rows = top.tab.ratio_rows(top.col);
            }
            continue;
        };
        let key = (top.tab.key & !(1 << top.tab.basis[r])) | 1 << top.col;
        if !seen_bases.insert(key) {
            continue;
        }
        if seen_bases.len().is_multiple_of(REPORT_EVERY)
            && progress
                .report(Work::open(seen_bases.len() as u64, "bases"))
                .is_break()
        {
            return Ok(Err(StrategicError::Interrupted));
        }
        if seen_bases.len() > MAX_BASES {
            return Ok(Err(StrategicError::too_large(
                "simplex bases in one best-response polytope",
                format!("at least {}", seen_bases.len()),
                MAX_BASES,
            )));
        }
        let child = top.tab.pivoted(r, top.col)?;
        found.record(&child);
        if stack.len() < max_depth {
            stack.push(frame(child));
        } else {
            deferred.push(key);
        }
    }
    Ok(Ok(found.out))
}

/// Every vertex of {z ≥ 0 : Mz ≤ 1} for a positive integer matrix `m` (k rows, d columns,
/// d + k ≤ 64), each once, the origin first.
pub fn integer_polytope_vertices(
    m: &[Vec<BigInt>],
    progress: &dyn Progress,
) -> Result<Vec<IntegerVertex>, StrategicError> {
    match walk::<Wide>(m, MAX_DEPTH, progress) {
        Ok(result) => result,
        Err(Overflow) => match walk::<BigInt>(m, MAX_DEPTH, progress) {
            Ok(result) => result,
            Err(Overflow) => Err(big_integer_overflow()),
        },
    }
}

/// The walk in big integers only (to test the machine-integer path against).
pub fn integer_polytope_vertices_big(
    m: &[Vec<BigInt>],
) -> Result<Vec<IntegerVertex>, StrategicError> {
    walk::<BigInt>(m, MAX_DEPTH, &NoProgress).unwrap_or_else(|_| Err(big_integer_overflow()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The 128-bit walk and the big-integer walk find the same vertices with the same
        /// labels (degenerate matrices included: entries from a small range).
        #[test]
        fn machine_and_big_integers_agree(
            rows in 1usize..5,
            cols in 1usize..5,
            entries in proptest::collection::vec(1i64..4, 16),
        ) {
            let m: Vec<Vec<BigInt>> = (0..rows)
                .map(|r| (0..cols).map(|c| BigInt::from(entries[r * 4 + c])).collect())
                .collect();
            let fast = integer_polytope_vertices(&m, &NoProgress).unwrap();
            let big = integer_polytope_vertices_big(&m).unwrap();
            prop_assert_eq!(&fast, &big);
            // A walk that keeps almost nothing on its path and rebuilds every deeper basis
            // from the matrix finds the same vertices (as a set).
            let shallow = match walk::<Wide>(&m, 2, &NoProgress) {
                Ok(r) => r.unwrap(),
                Err(_) => walk::<BigInt>(&m, 2, &NoProgress).ok().unwrap().unwrap(),
            };
            let sorted = |mut v: Vec<IntegerVertex>| {
                v.sort_by(|a, b| a.direction.cmp(&b.direction));
                v
            };
            prop_assert_eq!(sorted(shallow), sorted(fast));
        }
    }

    #[test]
    fn huge_entries_fall_back_to_big_integers() {
        let big = BigInt::from(10).pow(30);
        let m = vec![
            vec![big.clone(), BigInt::from(1)],
            vec![BigInt::from(1), big],
        ];
        assert_eq!(
            integer_polytope_vertices(&m, &NoProgress).unwrap(),
            integer_polytope_vertices_big(&m).unwrap()
        );
        assert_eq!(integer_polytope_vertices(&m, &NoProgress).unwrap().len(), 4);
    }
}
