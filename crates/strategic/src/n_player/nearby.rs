//! An exact or certified equilibrium at the floating-point end of a path: how the
//! path-following methods ([`super::logit`], [`super::simpdiv`]) turn where they stopped
//! into an answer that is checked.
//!
//! First the end point's probabilities are rounded to the simplest fractions within
//! [`ROUNDING`] of them: a limit with small denominators — a pure equilibrium, the
//! centroid of a degenerate game — is then found exactly where the path led, whatever else
//! lies near it. Otherwise the end point tells which strategies are played: those with
//! probability above a threshold (several thresholds are tried, largest first). With those
//! supports fixed:
//!
//! - **Two players.** Supports of equal size give a square linear system, each player's
//!   mixture making the other's support indifferent ([`crate::two_player::support`]), solved
//!   exactly: in a nondegenerate game that is the one equilibrium on them. Otherwise (a
//!   degenerate game, or that point is no equilibrium) an equilibrium whose supports lie
//!   within them, with every strategy of them a best reply, is a point of two polytopes, one
//!   per player, each cut out by linear constraints on that player's mixture alone: found in
//!   exact rationals by phase one of the simplex method ([`crate::linalg::feasible_point`]),
//!   a vertex of the set the end point lies on.
//! - **More players.** The support's polynomial system ([`super::support_system`]) is
//!   searched in a box around the end point, growing until a root is found
//!   ([`super::enumpoly::solve_in_box`]): exact when rational, otherwise certified to the
//!   requested digits; the root nearest the end point is taken.
//!
//! Either way the answer is checked by the definition (exactly, or on a certified box), so
//! a path that ended in the wrong place yields no answer rather than a wrong one.

use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};

use crate::game::{Matrix, MixedProfile};
use crate::linalg::feasible_point;
use crate::n_player::enumpoly::{solve_in_box, Found};
use crate::n_player::float_game::FloatProfile;
use crate::n_player::interval::{simplest_between, Interval};
use crate::n_player::support_system::SupportSystem;
use crate::two_player::support::indifferent;
use crate::{NormalFormGame, StrategicError};

/// How far a probability may move when the end point is rounded to simple fractions.
const ROUNDING: f64 = 1e-6;

/// Probabilities above which a strategy counts as played, tried in turn.
const THRESHOLDS: [f64; 3] = [1e-3, 1e-6, 1e-9];

/// The half-widths of the boxes searched around the end point, tried in turn.
const BOX_RADII: [f64; 3] = [1e-6, 1e-3, 1.0];

/// An equilibrium found at a path's end.
#[derive(Clone, Debug)]
pub struct Nearby {
    /// The equilibrium: exact, or certified within the requested digits.
    pub found: Found,
    /// The largest difference of a probability between it and the end point.
    pub distance: f64,
}

/// An equilibrium of `game` at the end point `end`, exact or certified to `digits` digits,
/// or `None` when none is found on the supports the end point suggests.
pub fn equilibrium_near(
    game: &NormalFormGame,
    end: &FloatProfile,
    digits: usize,
) -> Result<Option<Nearby>, StrategicError> {
    if let Some(profile) = rounded(end).filter(|p| game.is_equilibrium(p)) {
        let distance = distance(&profile, end);
        return Ok(Some(Nearby {
            found: Found::Exact(profile),
            distance,
        }));
    }
    let opposing = (game.num_players() == 2)
        .then(|| opposing_payoffs(game))
        .transpose()?;
    let mut tried: Vec<Vec<Vec<usize>>> = Vec::new();
    for threshold in THRESHOLDS {
        let supports = played(end, threshold);
        if tried.contains(&supports) {
            continue;
        }
        let found = match &opposing {
            Some(opposing) => square_on(game, opposing, &supports)
                .or_else(|| bimatrix_on(game, opposing, &supports))
                .map(Found::Exact),
            None => polynomial_on(game, &supports, end, digits)?,
        };
        if let Some(found) = found {
            let distance = distance(found.profile(), end);
            return Ok(Some(Nearby { found, distance }));
        }
        tried.push(supports);
    }
    Ok(None)
}

/// The end point with each probability replaced by the simplest fraction within
/// [`ROUNDING`] of it, but each player's likeliest strategy taking what the others leave;
/// `None` when that is negative or a probability is not finite.
fn rounded(end: &FloatProfile) -> Option<MixedProfile> {
    let width = BigRational::from_float(ROUNDING)?;
    end.iter()
        .map(|p| {
            let top = likeliest(p);
            let mut q = vec![BigRational::zero(); p.len()];
            let mut rest = BigRational::one();
            for (j, &x) in p.iter().enumerate().filter(|&(j, _)| j != top) {
                let x = BigRational::from_float(x)?;
                let lo = (&x - &width).max(BigRational::zero());
                q[j] = simplest_between(&lo, &(&x + &width));
                rest -= &q[j];
            }
            (rest >= BigRational::zero()).then(|| {
                q[top] = rest;
                q
            })
        })
        .collect()
}

/// Each player's strategies of probability above `threshold` at `end` (at least its most
/// likely one).
fn played(end: &FloatProfile, threshold: f64) -> Vec<Vec<usize>> {
    end.iter()
        .map(|p| {
            let top = likeliest(p);
            (0..p.len())
                .filter(|&j| j == top || p[j] > threshold)
                .collect()
        })
        .collect()
}

/// The index of a player's likeliest strategy (the last of equals).
fn likeliest(p: &[f64]) -> usize {
    (0..p.len())
        .max_by(|&a, &b| p[a].total_cmp(&p[b]))
        .unwrap_or(0)
}

/// For each player m of a two-player game, the other's payoffs with a row per strategy of
/// the other and a column per strategy of m: what m's mixture must make indifferent
/// (player 2's payoffs transposed for player 1's mixture, player 1's for player 2's).
fn opposing_payoffs(game: &NormalFormGame) -> Result<[Matrix; 2], StrategicError> {
    let (a, b) = game.matrices()?;
    let transposed = (0..b.first().map_or(0, Vec::len))
        .map(|j| b.iter().map(|row| row[j].clone()).collect())
        .collect();
    Ok([transposed, a])
}

/// The largest difference of a probability between `exact` and `end`.
fn distance(exact: &MixedProfile, end: &FloatProfile) -> f64 {
    exact
        .iter()
        .flatten()
        .zip(end.iter().flatten())
        .map(|(q, f)| (q.to_f64().unwrap_or(f64::NAN) - f).abs())
        .fold(0.0, f64::max)
}

/// The equilibrium of a two-player game on supports of equal size where each player's
/// mixture makes the other's support indifferent, if that is one (and unique).
fn square_on(
    game: &NormalFormGame,
    opposing: &[Matrix; 2],
    supports: &[Vec<usize>],
) -> Option<MixedProfile> {
    if supports[0].len() != supports[1].len() {
        return None;
    }
    let mixture = |mixer: usize| {
        let rows: Vec<Vec<BigRational>> = supports[1 - mixer]
            .iter()
            .map(|&r| opposing[mixer][r].clone())
            .collect();
        let strategies = opposing[mixer].first().map_or(0, Vec::len);
        indifferent(&rows, &supports[mixer], strategies).map(|(x, _)| x)
    };
    let profile = vec![mixture(0)?, mixture(1)?];
    game.is_equilibrium(&profile).then_some(profile)
}

/// An equilibrium of a two-player game in which each player mixes within its `supports`
/// and every strategy there is a best reply, if there is one.
fn bimatrix_on(
    game: &NormalFormGame,
    opposing: &[Matrix; 2],
    supports: &[Vec<usize>],
) -> Option<MixedProfile> {
    // Player `mixer`'s mixture makes each of the other's supported strategies a best reply.
    let mixture = |mixer: usize| -> Option<Vec<BigRational>> {
        let payoffs = &opposing[mixer];
        let own = &supports[mixer];
        let others = payoffs.len();
        // Payoffs shifted to be at least 1, so that the best reply's worth v is positive
        // and can be a variable ≥ 0 like the rest.
        let low = payoffs
            .iter()
            .flat_map(|row| own.iter().map(move |&k| &row[k]))
            .min()?;
        let shift = BigRational::one() - low;
        // Variables: the mixture on `own`, the worth v, one slack per strategy of the
        // other's that is not in its support.
        let outside: Vec<usize> = (0..others)
            .filter(|j| !supports[1 - mixer].contains(j))
            .collect();
        let width = own.len() + 1 + outside.len();
        let mut rows = Vec::with_capacity(others + 1);
        for (j, payoff) in payoffs.iter().enumerate() {
            let mut row: Vec<BigRational> = own.iter().map(|&k| &payoff[k] + &shift).collect();
            row.push(-BigRational::one());
            row.extend(outside.iter().map(|&o| {
                if o == j {
                    BigRational::one()
                } else {
                    BigRational::zero()
                }
            }));
            rows.push(row);
        }
        let mut total = vec![BigRational::one(); own.len()];
        total.resize(width, BigRational::zero());
        rows.push(total);
        let mut rhs = vec![BigRational::zero(); others];
        rhs.push(BigRational::one());
        let point = feasible_point(rows, rhs)?;
        let mut x = vec![BigRational::zero(); payoffs.first().map_or(0, Vec::len)];
        for (&k, v) in own.iter().zip(point) {
            x[k] = v;
        }
        Some(x)
    };
    let profile = vec![mixture(0)?, mixture(1)?];
    game.is_equilibrium(&profile).then_some(profile)
}

/// An equilibrium of `game` on exactly `supports` near `end`, exact or certified, if the
/// support's system has one in the boxes searched.
fn polynomial_on(
    game: &NormalFormGame,
    supports: &[Vec<usize>],
    end: &FloatProfile,
    digits: usize,
) -> Result<Option<Found>, StrategicError> {
    let system = SupportSystem::new(game, supports.to_vec());
    let centre: Vec<f64> = supports
        .iter()
        .zip(end)
        .flat_map(|(s, p)| s[1..].iter().map(move |&j| p[j]))
        .collect();
    for radius in BOX_RADII {
        let start: Vec<Interval> = centre
            .iter()
            .map(|&c| Interval::new((c - radius).max(0.0), (c + radius).min(1.0)))
            .collect();
        let (found, _unsettled) = solve_in_box(game, &system, start, digits)?;
        let nearest = found
            .into_iter()
            .min_by(|a, b| distance(a.profile(), end).total_cmp(&distance(b.profile(), end)));
        if nearest.is_some() {
            // An exact root was checked by the definition in `solve_in_box`.
            return Ok(nearest);
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nash::{solve, Method, Options};
    use crate::testing::{arb_bimatrix, int_matrix, irrational_three_player};
    use conway_core::NoProgress;
    use proptest::prelude::*;

    fn floats(p: &MixedProfile) -> FloatProfile {
        p.iter()
            .map(|s| s.iter().map(|x| x.to_f64().unwrap()).collect())
            .collect()
    }

    #[test]
    fn an_irrational_three_player_equilibrium_is_certified_near_its_decimals() {
        let g = irrational_three_player();
        let all = solve(&g, Some(Method::Poly), Options::default(), &NoProgress).unwrap();
        let mixed: Vec<&Found> = all
            .equilibria
            .iter()
            .filter(|f| matches!(f, Found::Certified { .. }))
            .collect();
        assert_eq!(mixed.len(), 1);
        for f in mixed {
            // The decimals perturbed by 1e-5: the same equilibrium comes back.
            let end: FloatProfile = floats(f.profile())
                .into_iter()
                .map(|p| vec![p[0] + 1e-5, p[1] - 1e-5])
                .collect();
            let near = equilibrium_near(&g, &end, 12).unwrap().unwrap();
            assert!(near.distance < 2e-5, "{}", near.distance);
            assert!(matches!(near.found, Found::Certified { .. }));
            assert!(distance(near.found.profile(), &floats(f.profile())) < 1e-11);
        }
    }

    #[test]
    fn a_point_far_from_every_equilibrium_gives_none() {
        // Matching pennies: only the centroid is an equilibrium; near (0.9, 0.1) × (0.9,
        // 0.1) the supports are full, and the one equilibrium on them is found, exactly.
        let a = int_matrix(&[&[1, -1], &[-1, 1]]);
        let b = int_matrix(&[&[-1, 1], &[1, -1]]);
        let g = NormalFormGame::bimatrix(&a, &b).unwrap();
        let near = equilibrium_near(&g, &vec![vec![0.9, 0.1]; 2], 12)
            .unwrap()
            .unwrap();
        assert_eq!(
            near.found.profile()[0][0],
            BigRational::new(1.into(), 2.into())
        );
        assert!((near.distance - 0.4).abs() < 1e-12);
        // A pure end point of matching pennies is no equilibrium, on any support inside it.
        let pure = vec![vec![1.0, 0.0], vec![1.0, 0.0]];
        assert!(equilibrium_near(&g, &pure, 12).unwrap().is_none());
    }

    #[test]
    fn a_simple_end_point_is_taken_as_it_is() {
        // Every profile of a game with equal payoffs is an equilibrium: the end point,
        // rounded, is the answer, not a vertex of the set.
        let zero = int_matrix(&[&[0, 0, 0], &[0, 0, 0]]);
        let g = NormalFormGame::bimatrix(&zero, &zero).unwrap();
        let end = vec![vec![0.25 + 1e-9, 0.75 - 1e-9], vec![0.2, 0.3, 0.5]];
        let near = equilibrium_near(&g, &end, 12).unwrap().unwrap();
        let q = |n: i64, d: i64| BigRational::new(n.into(), d.into());
        assert_eq!(
            near.found.profile(),
            &vec![vec![q(1, 4), q(3, 4)], vec![q(1, 5), q(3, 10), q(1, 2)]]
        );
        assert!(near.distance < 1e-8);
    }

    proptest! {
        /// From the decimals of any equilibrium that vertex enumeration lists, an
        /// equilibrium comes back, on supports within the end point's.
        #[test]
        fn two_player_equilibria_are_recovered_from_their_decimals(g in arb_bimatrix(4, 6)) {
            let all = solve(&g, Some(Method::Enum), Options::default(), &NoProgress).unwrap();
            for e in all.exact() {
                let end = floats(&e);
                let near = equilibrium_near(&g, &end, 12).unwrap().expect("an equilibrium");
                let found = near.found.profile();
                prop_assert!(g.is_equilibrium(found));
                let supports = played(&end, THRESHOLDS[THRESHOLDS.len() - 1]);
                for (p, s) in found.iter().zip(&supports) {
                    for (j, x) in p.iter().enumerate() {
                        prop_assert!(x.is_zero() || s.contains(&j));
                    }
                }
            }
        }
    }
}
