//! All extreme equilibria of a two-player game with perfect recall, in realization plans
//! (the sequence form's own coordinates), from the extreme equilibria of its reduced normal
//! form.
//!
//! The equilibria of the reduced normal form are a union of maximal Nash subsets X × Y
//! ([`crate::two_player::nash_subsets`]), each the product of the convex hulls of some
//! extreme mixed strategies. A mixed strategy's realization plan is linear in it, so the
//! equilibria in plans are the images, the products of the hulls of the extreme strategies'
//! plans. Their extreme points are the extreme plans of each side of each subset: a plan of
//! an extreme mixed strategy need not be one (mixtures that differ only in how they
//! correlate choices at different sets can land inside the hull of others), so each is
//! tested, exactly, for lying in the hull of the rest.
//!
//! The plan-space test is what makes the list the sequence form's extreme equilibria
//! rather than images of the normal form's: the two differ whenever a player moves at more
//! than one set, as in von Stengel's (2022) Figure 10.12.

use num_rational::BigRational;
use num_traits::{One, Zero};

use super::reduced::ReducedNormalForm;
use super::sequence::SequenceForm;
use crate::game::MixedProfile;
use crate::linalg::feasible_point;
use crate::two_player::nash_subsets::maximal_nash_subsets;
use crate::StrategicError;

/// Realization plans, one per player.
pub type PlanProfile = Vec<Vec<BigRational>>;

/// The extreme equilibria in realization plans of a two-player game whose reduced normal
/// form `reduced` has the extreme equilibria `extreme` (all of them, as vertex enumeration
/// lists them): each once, in the order of the maximal Nash subsets.
pub fn extreme_plan_equilibria(
    sf: &SequenceForm,
    reduced: &ReducedNormalForm,
    extreme: &[MixedProfile],
) -> Result<Vec<PlanProfile>, StrategicError> {
    let subsets = maximal_nash_subsets(extreme)?;
    let plans1: Vec<Vec<BigRational>> = subsets
        .player1
        .iter()
        .map(|m| plan_of_mixed(sf, reduced, 0, m))
        .collect();
    let plans2: Vec<Vec<BigRational>> = subsets
        .player2
        .iter()
        .map(|m| plan_of_mixed(sf, reduced, 1, m))
        .collect();
    let mut out: Vec<PlanProfile> = Vec::new();
    for (xs, ys) in &subsets.subsets {
        let side = |plans: &[Vec<BigRational>], members: &[usize]| {
            let mut distinct: Vec<Vec<BigRational>> = Vec::new();
            for &i in members {
                if !distinct.contains(&plans[i]) {
                    distinct.push(plans[i].clone());
                }
            }
            extreme_points(distinct)
        };
        let (xs, ys) = (side(&plans1, xs), side(&plans2, ys));
        for x in &xs {
            for y in &ys {
                let profile = vec![x.clone(), y.clone()];
                if !out.contains(&profile) {
                    out.push(profile);
                }
            }
        }
    }
    Ok(out)
}

/// The realization plan of player `p`'s mixed strategy `mixed` over the reduced strategies:
/// each reduced strategy's weight on the sequences it plays.
pub fn plan_of_mixed(
    sf: &SequenceForm,
    reduced: &ReducedNormalForm,
    p: usize,
    mixed: &[BigRational],
) -> Vec<BigRational> {
    let mut plan = vec![BigRational::zero(); sf.sequences[p]];
    for (strategy, weight) in reduced.strategies[p].iter().zip(mixed) {
        if weight.is_zero() {
            continue;
        }
        plan[0] += weight;
        for (k, action) in strategy.iter().enumerate() {
            if let Some(a) = action {
                plan[sf.first[p][k] + a] += weight;
            }
        }
    }
    plan
}

/// The points of `points` (distinct) that are not in the convex hull of the others.
fn extreme_points(points: Vec<Vec<BigRational>>) -> Vec<Vec<BigRational>> {
    if points.len() <= 2 {
        return points;
    }
    let mut keep = Vec::with_capacity(points.len());
    for (i, p) in points.iter().enumerate() {
        let others: Vec<&Vec<BigRational>> = points
            .iter()
            .enumerate()
            .filter_map(|(j, q)| (j != i).then_some(q))
            .collect();
        keep.push(!in_hull(p, &others));
    }
    points
        .into_iter()
        .zip(keep)
        .filter_map(|(p, k)| k.then_some(p))
        .collect()
}

/// Whether `p` is a convex combination of `others`: whether λ ≥ 0 with Σ λ_i = 1 and
/// Σ λ_i (q_i − p) = 0 exists, over the coordinates where the points differ at all.
pub(crate) fn in_hull(p: &[BigRational], others: &[&Vec<BigRational>]) -> bool {
    let varying: Vec<usize> = (0..p.len())
        .filter(|&k| others.iter().any(|q| q[k] != p[k]))
        .collect();
    let mut rows: Vec<Vec<BigRational>> = varying
        .iter()
        .map(|&k| others.iter().map(|q| &q[k] - &p[k]).collect())
        .collect();
    let mut rhs = vec![BigRational::zero(); rows.len()];
    rows.push(vec![BigRational::one(); others.len()]);
    rhs.push(BigRational::one());
    feasible_point(rows, rhs).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    fn point(xs: &[(i64, i64)]) -> Vec<BigRational> {
        xs.iter().map(|&(n, d)| q(n, d)).collect()
    }

    #[test]
    fn points_inside_the_hull_are_dropped() {
        // A triangle with a point on an edge and one inside: only the corners remain.
        let corners = [
            point(&[(0, 1), (0, 1)]),
            point(&[(1, 1), (0, 1)]),
            point(&[(0, 1), (1, 1)]),
        ];
        let mut all = corners.to_vec();
        all.insert(1, point(&[(1, 2), (1, 2)]));
        all.push(point(&[(1, 4), (1, 3)]));
        assert_eq!(extreme_points(all), corners.to_vec());
    }

    proptest::proptest! {
        /// On random points of the plane: a point is kept exactly when some direction
        /// makes it the strict maximum (checked over many directions, which suffices for
        /// small integer coordinates), and every dropped point is in the hull of the kept.
        #[test]
        fn extreme_points_of_random_planar_sets(
            raw in proptest::collection::vec((0i64..5, 0i64..5), 1..8),
        ) {
            let mut points: Vec<Vec<BigRational>> = Vec::new();
            for (x, y) in raw {
                let p = point(&[(x, 1), (y, 1)]);
                if !points.contains(&p) {
                    points.push(p);
                }
            }
            let kept = extreme_points(points.clone());
            for p in &points {
                // A strict maximiser of some linear function is extreme, and an extreme
                // point of a set with coordinates 0..5 is the strict maximum of the sum of
                // its edges' outward normals, a direction (a, b) with |a|, |b| ≤ 8.
                let strict = (-8i64..=8).any(|a| (-8i64..=8).any(|b| {
                    let f = |r: &Vec<BigRational>| &r[0] * q(a, 1) + &r[1] * q(b, 1);
                    points.iter().all(|r| r == p || f(r) < f(p))
                }));
                proptest::prop_assert_eq!(kept.contains(p), strict, "{:?}", p);
                if !strict {
                    let hull: Vec<&Vec<BigRational>> = kept.iter().collect();
                    proptest::prop_assert!(in_hull(p, &hull));
                }
            }
        }
    }
}
