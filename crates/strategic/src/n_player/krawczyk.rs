//! Every root of a square polynomial system in a box, each certified: Krawczyk's interval
//! Newton test inside branch and bound (Krawczyk 1969; Moore 1977; Neumaier, *Interval
//! Methods for Systems of Equations*, 1990, §5), then exact refinement and recognition.
//!
//! For a box X with midpoint m, any matrix Y (here the inverse of the Jacobian at m) and an
//! enclosure J(X) of the Jacobian over X, the Krawczyk box
//!
//!   K(X) = m − Y·F(m) + (I − Y·J(X))·(X − m)
//!
//! contains every root that X contains. So K(X) ∩ X = ∅ proves X root-free, and
//! K(X) ⊂ interior(X) proves that X holds exactly one root. The search ([`isolate`]) drops,
//! contracts or bisects boxes until each remaining one is certified to hold one root. The
//! test needs an invertible Jacobian, so a root where it is singular — a solution set that is
//! not isolated — is never certified: the search stops at the first box that shrinks below
//! [`MIN_WIDTH`] undecided and says so.
//!
//! A certified root is then refined in exact arithmetic ([`newton`]) and recognised as a
//! rational ([`recognise`]) or enclosed to any number of digits ([`certify`]) by the same
//! test over rational intervals, where nothing is rounded.

use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

use crate::linalg::solve;
use crate::n_player::interval::{
    dyadic, exact, simplest_between, Coefficients, Enclosure, Interval, RationalInterval, Ring,
};

/// A square system of polynomial equations, evaluable in every ring of [`super::interval`].
pub trait System {
    /// The equations' values at `x`.
    fn values<S: Coefficients>(&self, x: &[S]) -> Vec<S>;
    /// The Jacobian at `x` (rows: equations).
    fn jacobian<S: Coefficients>(&self, x: &[S]) -> Vec<Vec<S>>;
    /// Narrows `x` to the part that can hold a root that matters (constraints the roots
    /// satisfy, side conditions); `false` when none can, in particular when some equation
    /// cannot vanish on `x` (each system bounds its equations the tightest way it knows).
    fn narrow(&self, x: &mut [Interval]) -> bool;
    /// Whether roots in a box that stays undecided below [`MIN_WIDTH`] can be passed over
    /// (they lie on the edge of the region that matters, and are someone else's concern).
    fn negligible(&self, x: &[Interval]) -> bool;
}

/// Boxes narrower than this in every coordinate, still undecided, stop the search: the
/// system's Jacobian is singular (or nearly) there.
pub const MIN_WIDTH: f64 = 1e-10;

/// Boxes wider than this in some coordinate are bisected without Krawczyk's test.
const WIDE: f64 = 0.1;

/// What the search found in a box.
#[derive(Clone, Debug, Default)]
pub struct Isolation {
    /// Disjoint boxes each holding exactly one root; unless the search stopped, every root
    /// in the starting box lies in one of them.
    pub roots: Vec<Vec<Interval>>,
    /// Why the search stopped before deciding every box, if it did.
    pub stopped: Option<Stop>,
}

/// Why a search stopped early.
#[derive(Clone, Debug, PartialEq)]
pub enum Stop {
    /// A box below [`MIN_WIDTH`] could be neither excluded nor certified: the solutions are
    /// not isolated there (or the Jacobian is too nearly singular to tell).
    NotIsolated,
    /// The budget of boxes ran out.
    Budget,
}

/// Where a bisected box is cut, as a fraction of its width: off-centre, so that simple
/// rational roots (1/2, 1/4, …) do not fall on a cut, where no box could certify them.
const CUT: f64 = 0.470_588_235_294;

/// Every root of `system` in `start`, within a budget of `budget` boxes.
pub fn isolate<T: System>(system: &T, start: Vec<Interval>, budget: usize) -> Isolation {
    let mut found = Isolation::default();
    if start.is_empty() {
        // No unknowns: the one point is a root of the empty system.
        let mut point = start;
        if system.narrow(&mut point) {
            found.roots.push(point);
        }
        return found;
    }
    let mut stack = vec![start];
    let mut boxes = 0;
    while let Some(mut x) = stack.pop() {
        if boxes == budget {
            found.stopped = Some(Stop::Budget);
            break;
        }
        boxes += 1;
        if !system.narrow(&mut x) {
            continue;
        }
        let widest = max_width(&x);
        // On wide boxes the test almost never decides anything: bisect them unexamined.
        let tested = if widest > WIDE {
            None
        } else {
            krawczyk(system, &x)
        };
        // What is left of X to search: all of it, or its part in K.
        let rest = match tested {
            None => x,
            Some(k) => {
                if inside(&k, &x) {
                    found.roots.push(refine(system, k));
                    continue;
                }
                let Some(cut) = intersect(&k, &x) else {
                    continue;
                };
                // A root on a face of X keeps K from fitting inside X however small X gets;
                // a box grown a little around K may still be certified (Rump's
                // ε-inflation). Every root of X lies in K, so X then holds at most that one.
                if max_width(&k) < 0.5 * widest || widest < MIN_WIDTH {
                    let grown: Vec<Interval> = k.iter().map(Enclosure::grown).collect();
                    if let Some(kk) = krawczyk(system, &grown).filter(|kk| inside(kk, &grown)) {
                        found.roots.push(refine(system, kk));
                        continue;
                    }
                }
                cut
            }
        };
        if widest < MIN_WIDTH {
            if system.negligible(&rest) {
                continue;
            }
            found.stopped = Some(Stop::NotIsolated);
            break;
        }
        if max_width(&rest) < 0.5 * widest {
            stack.push(rest);
        } else {
            stack.extend(bisect(system, &rest));
        }
    }
    found.roots = distinct(system, found.roots);
    found
}

/// The Krawczyk box of `x`, in float or rational intervals, or `None` when the Jacobian at
/// the midpoint is singular.
pub fn krawczyk<T: System, S: Enclosure + Coefficients>(system: &T, x: &[S]) -> Option<Vec<S>> {
    let points: Vec<S> = x.iter().map(Enclosure::midpoint).collect();
    let at_mid: Option<Vec<Vec<f64>>> = system
        .jacobian(&points)
        .iter()
        .map(|row| row.iter().map(Enclosure::approximate).collect())
        .collect();
    let y: Vec<Vec<S>> = inverse(at_mid?)?
        .iter()
        .map(|row| row.iter().map(|&v| S::from_float(v)).collect())
        .collect::<Option<_>>()?;
    let fm = system.values(&points);
    let jx = system.jacobian(x);
    let offset: Vec<S> = x.iter().zip(&points).map(|(xi, mi)| xi.sub(mi)).collect();
    Some(krawczyk_box(&points, &y, &fm, &jx, &offset))
}

/// m − Y·F(m) + (I − Y·J)·(X − m), in any ring of intervals.
fn krawczyk_box<S: Ring>(m: &[S], y: &[Vec<S>], fm: &[S], jx: &[Vec<S>], offset: &[S]) -> Vec<S> {
    let n = m.len();
    (0..n)
        .map(|i| {
            // Row i of I − Y·J, accumulated row by row of J.
            let mut c: Vec<S> = (0..n)
                .map(|k| if i == k { S::unit() } else { S::nil() })
                .collect();
            for (yij, row) in y[i].iter().zip(jx) {
                if yij.is_exact_zero() {
                    continue;
                }
                for (ck, jjk) in c.iter_mut().zip(row) {
                    if !jjk.is_exact_zero() {
                        *ck = ck.sub(&yij.mul(jjk));
                    }
                }
            }
            let start = m[i].sub(&dot(&y[i], fm));
            c.iter()
                .zip(offset)
                .fold(start, |acc, (ck, off)| acc.add(&ck.mul(off)))
        })
        .collect()
}

fn dot<S: Ring>(a: &[S], b: &[S]) -> S {
    a.iter()
        .zip(b)
        .fold(S::nil(), |acc, (x, y)| acc.add(&x.mul(y)))
}

/// The inverse of a float matrix by Gauss–Jordan elimination with partial pivoting, or
/// `None` when a pivot is negligible (any approximate inverse serves Krawczyk's test; a
/// poor one only makes the test fail).
pub(crate) fn inverse(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let scale = a.iter().flatten().fold(0.0f64, |acc, v| acc.max(v.abs()));
    if !scale.is_finite() || scale == 0.0 {
        return None;
    }
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| if i == j { 1.0 } else { 0.0 }).collect())
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&r, &s| a[r][col].abs().total_cmp(&a[s][col].abs()))?;
        if a[pivot][col].abs() <= scale * 1e-13 {
            return None;
        }
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let p = a[col][col];
        for j in 0..n {
            a[col][j] /= p;
            inv[col][j] /= p;
        }
        for r in 0..n {
            if r != col && a[r][col] != 0.0 {
                let f = a[r][col];
                for j in 0..n {
                    a[r][j] -= f * a[col][j];
                    inv[r][j] -= f * inv[col][j];
                }
            }
        }
    }
    Some(inv)
}

fn max_width(x: &[Interval]) -> f64 {
    x.iter().map(Interval::width).fold(0.0, f64::max)
}

fn inside<S: Enclosure>(k: &[S], x: &[S]) -> bool {
    k.iter().zip(x).all(|(ki, xi)| xi.surrounds(ki))
}

/// Whether one of two boxes lies within the other (ends included): two boxes each certified
/// to hold one root then hold the same one.
pub fn nested<S: Enclosure>(a: &[S], b: &[S]) -> bool {
    let within = |a: &[S], b: &[S]| a.iter().zip(b).all(|(ai, bi)| bi.holds(ai));
    within(a, b) || within(b, a)
}

fn intersect(a: &[Interval], b: &[Interval]) -> Option<Vec<Interval>> {
    a.iter().zip(b).map(|(p, q)| p.intersect(q)).collect()
}

/// The two halves of `x` cut across the coordinate along which the equations can change
/// most (its width times the largest partial derivative by it over the box: the "maximal
/// smear" rule, Kearfott's, which wastes fewer cuts than the widest coordinate).
fn bisect<T: System>(system: &T, x: &[Interval]) -> [Vec<Interval>; 2] {
    let jacobian = system.jacobian(x);
    let smear = |j: usize| {
        let slope = jacobian
            .iter()
            .map(|row| row[j].lo.abs().max(row[j].hi.abs()))
            .fold(0.0f64, f64::max);
        slope * x[j].width()
    };
    let widest = (0..x.len())
        .max_by(|&a, &b| x[a].width().total_cmp(&x[b].width()))
        .expect("a box has coordinates");
    let i = (0..x.len())
        .max_by(|&a, &b| smear(a).total_cmp(&smear(b)))
        .filter(|&i| smear(i) > 0.0)
        .unwrap_or(widest);
    let cut = x[i].lo + CUT * (x[i].hi - x[i].lo);
    let cut = cut.clamp(x[i].lo, x[i].hi);
    let mut low = x.to_vec();
    let mut high = x.to_vec();
    low[i].hi = cut;
    high[i].lo = cut;
    [high, low]
}

/// A certified box narrowed by repeating the test while it keeps shrinking.
fn refine<T: System>(system: &T, mut x: Vec<Interval>) -> Vec<Interval> {
    for _ in 0..64 {
        let Some(k) = krawczyk(system, &x) else { break };
        let Some(k) = intersect(&k, &x) else { break };
        if max_width(&k) >= 0.9 * max_width(&x) {
            x = k;
            break;
        }
        x = k;
    }
    x
}

/// The root boxes with any two that hold the same root merged.
fn distinct<T: System>(system: &T, roots: Vec<Vec<Interval>>) -> Vec<Vec<Interval>> {
    let mut kept: Vec<Vec<Interval>> = Vec::with_capacity(roots.len());
    'next: for r in roots {
        for k in &mut kept {
            if intersect(k, &r).is_some() && same_root(system, k, &r) {
                if max_width(&r) < max_width(k) {
                    *k = r;
                }
                continue 'next;
            }
        }
        kept.push(r);
    }
    kept
}

/// Whether two boxes that each hold one root hold the same one: a box grown around both is
/// itself certified to hold only one.
pub fn same_root<T: System, S: Enclosure + Coefficients>(system: &T, a: &[S], b: &[S]) -> bool {
    let grown: Vec<S> = a.iter().zip(b).map(|(p, q)| p.hull(q).grown()).collect();
    certify_box(system, &grown)
}

/// Newton's method from `x` with exact values, each iterate rounded to a multiple of
/// `2^-bits`, until a step is below `2^-bits`; `None` if the Jacobian is singular on the way
/// or the iteration does not settle. Each step solves with the float inverse of the
/// Jacobian (a quasi-Newton step gaining some forty bits, where an exact solve would double
/// them at many times the cost of the values); only where that inverse is too poor to
/// converge is the exact Jacobian solved.
pub fn newton<T: System>(
    system: &T,
    mut x: Vec<BigRational>,
    bits: u32,
) -> Option<Vec<BigRational>> {
    let tolerance = BigRational::new(One::one(), num_bigint::BigInt::one() << bits);
    let mut last: Option<BigRational> = None;
    for _ in 0..64 {
        let f = system.values(&x);
        if f.iter().all(Zero::is_zero) {
            return Some(x);
        }
        let quasi = float_inverse(system, &x).map(|y| {
            y.iter()
                .map(|row| {
                    row.iter()
                        .zip(&f)
                        .filter(|(yij, _)| **yij != 0.0)
                        .map(|(yij, fj)| exact(*yij).unwrap_or_default() * fj)
                        .sum::<BigRational>()
                })
                .collect::<Vec<_>>()
        });
        let size = |step: &[BigRational]| step.iter().map(|s| s.abs()).max().unwrap_or_default();
        // The quasi-Newton step, while steps keep shrinking fast.
        let step = match quasi.filter(|q| {
            last.as_ref()
                .is_none_or(|l| size(q) * BigRational::from_integer(4.into()) < *l)
        }) {
            Some(q) => q,
            None => solve(system.jacobian(&x), f)?,
        };
        last = Some(size(&step));
        let small = step.iter().all(|s| s.abs() <= tolerance);
        x = x
            .iter()
            .zip(&step)
            .map(|(xi, si)| dyadic(&(xi - si), bits + 8))
            .collect();
        if small {
            return Some(x);
        }
    }
    None
}

/// The float inverse of the Jacobian at `x`, if it is invertible in floats.
fn float_inverse<T: System>(system: &T, x: &[BigRational]) -> Option<Vec<Vec<f64>>> {
    use num_traits::ToPrimitive;
    let point: Vec<Interval> = x
        .iter()
        .map(|v| v.to_f64().map(Interval::point))
        .collect::<Option<_>>()?;
    inverse(
        system
            .jacobian(&point)
            .iter()
            .map(|row| row.iter().map(Interval::mid).collect())
            .collect(),
    )
}

/// The simplest rational point within `radius` of `x` in every coordinate, if it is an
/// exact root: then, lying in a box certified to hold one root, it is that root.
pub fn recognise<T: System>(
    system: &T,
    x: &[BigRational],
    radius: &BigRational,
) -> Option<Vec<BigRational>> {
    let q: Vec<BigRational> = x
        .iter()
        .map(|xi| simplest_between(&(xi - radius), &(xi + radius)))
        .collect();
    system.values(&q).iter().all(Zero::is_zero).then_some(q)
}

/// The box of half-width `radius` around `center`, if Krawczyk's test over exact rational
/// intervals certifies that it holds exactly one root.
pub fn certify<T: System>(
    system: &T,
    center: &[BigRational],
    radius: &BigRational,
) -> Option<Vec<RationalInterval>> {
    let x: Vec<RationalInterval> = center
        .iter()
        .map(|c| RationalInterval::new(c - radius, c + radius))
        .collect();
    certify_box(system, &x).then_some(x)
}

/// Whether Krawczyk's test certifies that `x` holds exactly one root.
pub fn certify_box<T: System, S: Enclosure + Coefficients>(system: &T, x: &[S]) -> bool {
    krawczyk(system, x).is_some_and(|k| inside(&k, x))
}

/// The exact rational endpoints of a float box.
pub fn exact_box(x: &[Interval]) -> Option<Vec<RationalInterval>> {
    x.iter()
        .map(|i| {
            Some(RationalInterval::new(
                BigRational::from_float(i.lo)?,
                BigRational::from_float(i.hi)?,
            ))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::integer;
    use crate::n_player::interval::exact;

    /// x² = 2 and y = x·(1/2): roots (±√2, ±√2/2), written as a multilinear-free toy.
    struct Circle;

    impl System for Circle {
        fn values<S: Coefficients>(&self, x: &[S]) -> Vec<S> {
            let two = S::from_rational(&integer(2));
            let half = S::from_rational(&BigRational::new(1.into(), 2.into()));
            vec![x[0].mul(&x[0]).sub(&two), x[1].sub(&x[0].mul(&half))]
        }
        fn jacobian<S: Coefficients>(&self, x: &[S]) -> Vec<Vec<S>> {
            let two = S::from_rational(&integer(2));
            let half = S::from_rational(&BigRational::new(1.into(), 2.into()));
            vec![
                vec![two.mul(&x[0]), S::nil()],
                vec![S::nil().sub(&half), S::unit()],
            ]
        }
        fn narrow(&self, x: &mut [Interval]) -> bool {
            self.values(x).iter().all(Interval::contains_zero)
        }
        fn negligible(&self, _: &[Interval]) -> bool {
            false
        }
    }

    #[test]
    fn both_roots_are_isolated_certified_and_irrational() {
        let start = vec![Interval::new(-3.0, 3.0), Interval::new(-3.0, 3.0)];
        let found = isolate(&Circle, start, 10_000);
        assert_eq!(found.stopped, None);
        assert_eq!(found.roots.len(), 2);
        for r in &found.roots {
            let s = 2f64.sqrt().copysign(r[0].mid());
            assert!(
                r[0].lo <= s && s <= r[0].hi && r[0].width() < 1e-14,
                "{r:?}"
            );
            let mid: Vec<BigRational> = r.iter().map(|i| exact(i.mid()).unwrap()).collect();
            let x = newton(&Circle, mid, 200).unwrap();
            assert_eq!(
                recognise(&Circle, &x, &BigRational::new(1.into(), 1u64.into())),
                None
            );
            let radius = BigRational::new(1.into(), num_bigint::BigInt::from(10).pow(50));
            let b = certify(&Circle, &x, &radius).unwrap();
            // (lo² − 2)·(hi² − 2) < 0: √2 really lies within 10^-50 of the answer.
            let sq = |v: &BigRational| v * v - integer(2);
            assert!((sq(&b[0].lo) * sq(&b[0].hi)).is_negative());
            // A box that misses the root is not certified.
            let off: Vec<BigRational> = x.iter().map(|v| v + &radius * integer(4)).collect();
            assert!(certify(&Circle, &off, &radius).is_none());
        }
    }
}
