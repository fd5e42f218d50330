//! Every extreme equilibrium of a two-player game by reverse search over one best-response
//! polytope, in memory independent of its number of vertices (the method of lrsnash).
//!
//! With payoffs made positive integers, X = {u ≥ 0 : Mu ≤ 1} is the polytope enumerated and
//! Y = {v ≥ 0 : Nv ≤ 1} the other one (P and Q of [`super::vertex`], in either order). For
//! each vertex u of X (reported once by [`super::reverse_search`]), the equilibria through
//! it are the vertices of the complementary face of Y: row i of Nv ≤ 1 tight wherever
//! u_i > 0, and v_j = 0 wherever row j of Mu ≤ 1 is slack. When u is non-degenerate that
//! face has as many equations as unknowns, solved by Gaussian pivots in the same
//! fraction-free dictionary; otherwise (a degenerate vertex, or a singular system) a
//! phase-one simplex finds a vertex of the face and a second reverse search lists them all.

use num_bigint::BigInt;
use num_traits::Zero;

use crate::two_player::distributed_search::{reverse_search_on_ranks, Budgets};
use crate::two_player::pivot::{Exact, Overflow, Wide};
use crate::two_player::reverse_search::{reverse_search, Dictionary, Halt, Visit};
use crate::StrategicError;
use conway_core::{NoProgress, Progress, Ranks};

/// An extreme equilibrium as integers proportional to u and to v (by positive factors).
pub(crate) type Pair = (Vec<BigInt>, Vec<BigInt>);

/// The extreme equilibria (u, v) of X = {u ≥ 0 : Mu ≤ 1} and Y = {v ≥ 0 : Nv ≤ 1} for
/// positive integer matrices `m` (q × p) and `n` (p × q), in the order of the reverse
/// search over X. At most `limit` bases of X.
pub(crate) fn equilibria(
    m: &[Vec<BigInt>],
    n: &[Vec<BigInt>],
    parallel: bool,
    limit: u64,
    progress: &dyn Progress,
) -> Result<Vec<Pair>, StrategicError> {
    let (root, visitor) = search_of(m, n);
    reverse_search(root, &visitor, parallel, limit, progress)
}

/// [`equilibria`] on every rank of a distributed run (a collective call); rank 0 gets the
/// equilibria, the other ranks `None`. At most `limits.0` bases of X, jobs explored for
/// `limits.1`.
pub(crate) fn equilibria_on_ranks(
    m: &[Vec<BigInt>],
    n: &[Vec<BigInt>],
    ranks: &dyn Ranks,
    limits: (u64, Budgets),
    progress: &dyn Progress,
) -> Result<Option<Vec<Pair>>, StrategicError> {
    let (root, visitor) = search_of(m, n);
    reverse_search_on_ranks(root, &visitor, ranks, limits, progress)
}

/// The root of the search over X and the visitor that solves Y at each vertex.
fn search_of(m: &[Vec<BigInt>], n: &[Vec<BigInt>]) -> (Dictionary<BigInt>, Complementary) {
    let root = Dictionary::root(m, &vec![BigInt::from(1); m.len()]);
    let visitor = Complementary {
        wide: n
            .iter()
            .map(|row| row.iter().map(Wide::from_big).collect::<Option<Vec<_>>>())
            .collect(),
        big: n.to_vec(),
    };
    (root, visitor)
}

/// Finds the equilibria through each vertex of X.
struct Complementary {
    /// N in 128-bit integers, if it fits.
    wide: Option<Vec<Vec<Wide>>>,
    big: Vec<Vec<BigInt>>,
}

/// The values of variables `first..first + len` at a dictionary's basis, times `det`.
fn values<T: Exact>(d: &Dictionary<T>, first: usize, len: usize) -> Vec<BigInt> {
    let mut out = vec![BigInt::zero(); len];
    for r in 0..d.rows() {
        let v = d.basic(r);
        if (first..first + len).contains(&v) {
            out[v - first] = d.rhs(r).to_big();
        }
    }
    out
}

impl Visit for Complementary {
    type Item = Pair;

    fn visit<T: Exact>(&self, x: &Dictionary<T>, out: &mut Vec<Pair>) -> Result<(), Halt> {
        if !x.is_least_basis() {
            return Ok(());
        }
        // Variables 0..q are the slacks of Mu ≤ 1, q..q + p are u.
        let (q, p) = (x.rows(), self.big.len());
        let mut support = vec![false; p];
        let mut best_response = vec![true; q];
        let mut degenerate = false;
        for r in 0..q {
            let var = x.basic(r);
            let zero = x.rhs(r).is_zero_value();
            degenerate |= zero;
            if var >= q {
                support[var - q] = !zero;
            } else if !zero {
                best_response[var] = false;
            }
        }
        if !support.contains(&true) {
            return Ok(()); // the origin
        }
        let u = || values(x, q, p);
        let columns: Vec<usize> = (0..q).filter(|&j| best_response[j]).collect();
        if !degenerate {
            let solved = match &self.wide {
                Some(wide) => match unique_point(wide, &support, &columns) {
                    Err(Overflow) => unique_point(&self.big, &support, &columns)?,
                    done => done?,
                },
                None => unique_point(&self.big, &support, &columns)?,
            };
            match solved {
                Point::Feasible(v) => {
                    out.push((u(), spread(&v, &columns, q)));
                    return Ok(());
                }
                Point::Infeasible => return Ok(()),
                Point::Singular => {}
            }
        }
        let face = face_vertices(&self.big, &support, &columns)?;
        if !face.is_empty() {
            let u = u();
            out.extend(face.iter().map(|v| (u.clone(), spread(v, &columns, q))));
        }
        Ok(())
    }
}

/// `v` over `columns`, as a vector of length q with zeros elsewhere.
fn spread(v: &[BigInt], columns: &[usize], q: usize) -> Vec<BigInt> {
    let mut out = vec![BigInt::zero(); q];
    for (x, &j) in v.iter().zip(columns) {
        out[j] = x.clone();
    }
    out
}

/// The face as a dictionary: each row i of N over `columns`, `1` on the right, its basic
/// variable i a slack (rows outside the support) or an artificial (rows in it, which must
/// be tight); the face's unknowns are variables p.. .
fn face_dictionary<T: Exact>(n: &[Vec<T>], columns: &[usize]) -> Dictionary<T> {
    let rows: Vec<Vec<T>> = n
        .iter()
        .map(|row| columns.iter().map(|&j| row[j].clone()).collect())
        .collect();
    let one = T::from_big(&BigInt::from(1)).expect("one fits");
    Dictionary::root(&rows, &vec![one; n.len()])
}

enum Point {
    /// The face is one point of Y, given over `columns` (times the determinant).
    Feasible(Vec<BigInt>),
    /// The equations have one solution, outside Y.
    Infeasible,
    /// The equations do not determine one point.
    Singular,
}

/// Solves the square system of a non-degenerate vertex by pivoting each unknown into a row
/// of the support; the other rows' slacks then say whether the point lies in Y.
fn unique_point<T: Exact>(
    n: &[Vec<T>],
    support: &[bool],
    columns: &[usize],
) -> Result<Point, Overflow> {
    let mut face = face_dictionary(n, columns);
    let p = n.len();
    for r in (0..p).filter(|&r| support[r]) {
        let Some(c) = (0..face.columns())
            .find(|&c| face.cobasic(c) >= p && !face.entry(r, c).is_zero_value())
        else {
            return Ok(Point::Singular);
        };
        face.pivot(r, c)?;
    }
    if (0..p).any(|r| {
        let rhs = face.rhs(r);
        !rhs.is_zero_value() && !rhs.is_positive_value()
    }) {
        return Ok(Point::Infeasible);
    }
    Ok(Point::Feasible(values(&face, p, columns.len())))
}

/// Every vertex of the face (over `columns`, up to a positive factor each), each once;
/// none if it is empty.
fn face_vertices(
    n: &[Vec<BigInt>],
    support: &[bool],
    columns: &[usize],
) -> Result<Vec<Vec<BigInt>>, Halt> {
    let p = n.len();
    let mut face = face_dictionary(n, columns);
    // Phase one: maximise minus the sum of the artificials (the support's rows).
    let costs: Vec<BigInt> = (0..columns.len())
        .map(|c| {
            -(0..p)
                .filter(|&r| support[r])
                .map(|r| face.entry(r, c))
                .sum::<BigInt>()
        })
        .collect();
    let artificials = support.iter().filter(|&&s| s).count();
    face.set_objective(&costs, &-BigInt::from(artificials));
    let artificial = |var: usize| var < p && support[var];
    loop {
        let entering = (0..face.columns())
            .filter(|&c| face.entry(p, c) < &BigInt::zero())
            .min_by_key(|&c| face.cobasic(c));
        let Some(c) = entering else { break };
        let r = face
            .leaving_row(c)
            .ok_or_else(|| StrategicError::Internal("an unbounded phase one".into()))?;
        face.pivot(r, c)?;
    }
    if face.rhs(p) < &BigInt::zero() {
        return Ok(Vec::new());
    }
    // Artificials left basic are zero: exchange them for any other variable, or drop
    // their (redundant) rows.
    let mut keep_rows = Vec::new();
    for r in 0..p {
        if artificial(face.basic(r)) {
            let other = (0..face.columns())
                .find(|&c| !artificial(face.cobasic(c)) && !face.entry(r, c).is_zero());
            match other {
                Some(c) => face.pivot(r, c)?,
                None => continue,
            }
        }
        keep_rows.push(r);
    }
    let keep_columns: Vec<usize> = (0..face.columns())
        .filter(|&c| !artificial(face.cobasic(c)))
        .collect();
    let (face, meaning) = face.restricted(&keep_rows, &keep_columns);
    let unknowns = FaceVertices {
        unknown: meaning.iter().map(|&v| (v >= p).then(|| v - p)).collect(),
        len: columns.len(),
    };
    Ok(reverse_search(
        face,
        &unknowns,
        false,
        u64::MAX,
        &NoProgress,
    )?)
}

/// Reports each vertex of a face by the values of its unknowns.
struct FaceVertices {
    /// For each variable of the face's dictionary, the unknown it is, if it is one.
    unknown: Vec<Option<usize>>,
    len: usize,
}

impl Visit for FaceVertices {
    type Item = Vec<BigInt>;

    fn visit<T: Exact>(&self, d: &Dictionary<T>, out: &mut Vec<Vec<BigInt>>) -> Result<(), Halt> {
        if d.is_least_basis() {
            let mut v = vec![BigInt::zero(); self.len];
            for r in 0..d.rows() {
                if let Some(j) = self.unknown[d.basic(r)] {
                    v[j] = d.rhs(r).to_big();
                }
            }
            out.push(v);
        }
        Ok(())
    }
}
