//! Every equilibrium of an n-player game by support enumeration, solving the polynomial
//! system of each support profile (the method of Gambit's `enumpoly`; the support order of
//! Porter, Nudelman and Shoham, "Simple search methods for finding a Nash equilibrium",
//! *Games and Economic Behavior* 63, 2008).
//!
//! For each support profile, smallest and most balanced first:
//!
//! 1. It is skipped when a strategy in it is weakly dominated by another of the same
//!    player against the others' supports: no worse against any profile of them, better
//!    against one. Every such profile has positive probability in an equilibrium on these
//!    supports, so the dominated strategy would pay strictly less than the other.
//! 2. Its system ([`SupportSystem`]) is searched over the probability box with certified
//!    interval Newton tests ([`krawczyk::isolate`]); boxes where an outside strategy surely
//!    pays more are dropped.
//! 3. Each certified root is refined exactly and recognised as a rational where it is one:
//!    then it is checked to be an equilibrium in exact arithmetic. Otherwise (an irrational
//!    equilibrium, as most of n-player games' are) it is enclosed in a box of half-width
//!    ½·10^-digits certified by the same test, over float intervals where they are precise
//!    enough (the default 12 digits) and otherwise over rational intervals, and positivity and the
//!    side conditions are decided on that box.
//!
//! So every exact answer is an equilibrium, and every approximate one lies within
//! 10^-digits of an equilibrium in each probability. A support whose solutions are not
//! isolated (a continuum, or a singular point) is listed as such, as is one whose search
//! ran past its budget, or a root that touches a condition's boundary too closely to
//! decide: the answer is then complete except on those supports.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use rayon::prelude::*;

use conway_core::{Progress, Work};

use crate::game::MixedProfile;
use crate::n_player::interval::Coefficients;
use crate::n_player::interval::{exact, Interval, RationalInterval};
use crate::n_player::krawczyk::{
    self, certify, exact_box, isolate, nested, newton, recognise, same_root, Stop,
};
use crate::n_player::support_system::SupportSystem;
use crate::{NormalFormGame, StrategicError};

/// Digits of each approximate probability, unless asked otherwise.
pub const DEFAULT_DIGITS: usize = 12;

/// The most digits that may be asked for.
pub const MAX_DIGITS: usize = 300;

/// The most support profiles the method enumerates.
pub const MAX_SUPPORT_PROFILES: u64 = 1 << 20;

/// The most boxes searched for one support profile before it is given up as undecided.
pub const BOX_BUDGET: usize = 200_000;

/// How many support profiles are solved between two progress reports.
const CHUNK: usize = 64;

/// An equilibrium found on a support.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// Exactly, checked in exact arithmetic.
    Exact(MixedProfile),
    /// Within `radius` of an equilibrium in every probability: `center` is the midpoint of
    /// a certified box.
    Certified {
        /// The box's centre.
        center: MixedProfile,
        /// Its half-width.
        radius: BigRational,
    },
}

impl Found {
    /// The profile: exact, or the certified centre.
    pub fn profile(&self) -> &MixedProfile {
        match self {
            Found::Exact(p) | Found::Certified { center: p, .. } => p,
        }
    }
}

/// A support profile the method could not settle completely.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsettled {
    /// Each player's support (strategy indices).
    pub supports: Vec<Vec<usize>>,
    /// Why.
    pub reason: Reason,
}

/// Why a support was not settled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Its solutions are not isolated (or the Jacobian is singular at one).
    NotIsolated,
    /// The search used up [`BOX_BUDGET`] boxes.
    Budget,
    /// A root lies too close to the boundary of a condition (a probability near 0, or an
    /// outside strategy paying nearly the same) to decide at the precision reached.
    Undecided,
}

impl Reason {
    /// In words.
    pub fn text(&self) -> &'static str {
        match self {
            Reason::NotIsolated => "solutions not isolated (a continuum, or a singular point)",
            Reason::Budget => "search budget used up",
            Reason::Undecided => "a root too close to a condition's boundary to decide",
        }
    }
}

/// What the method found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PolyEquilibria {
    /// The equilibria, support by support in the enumeration order.
    pub equilibria: Vec<Found>,
    /// The supports not settled completely.
    pub unsettled: Vec<Unsettled>,
}

/// Every equilibrium of `game`, approximate ones to `digits` digits.
pub fn enumpoly(
    game: &NormalFormGame,
    digits: usize,
    progress: &dyn Progress,
) -> Result<PolyEquilibria, StrategicError> {
    if digits > MAX_DIGITS {
        return Err(StrategicError::InvalidInput(format!(
            "--precision takes at most {MAX_DIGITS} digits, not {digits}"
        )));
    }
    let supports = support_profiles(&game.shape())?;
    let enclosures = crate::n_player::support_system::payoff_enclosures(game);
    let total = supports.len() as u64;
    let mut out = PolyEquilibria::default();
    for (c, chunk) in supports.chunks(CHUNK).enumerate() {
        progress.advance(Work::of((c * CHUNK) as u64, total, "supports"))?;
        let solved: Vec<(Vec<Found>, Option<Unsettled>)> = chunk
            .par_iter()
            .map(|s| solve_support(game, &enclosures, s, digits))
            .collect::<Result<_, _>>()?;
        for (found, unsettled) in solved {
            out.equilibria.extend(found);
            out.unsettled.extend(unsettled);
        }
    }
    Ok(out)
}

/// Every support profile, as strategy lists, smallest total size first, then most balanced,
/// then in a fixed order.
pub fn support_profiles(shape: &[usize]) -> Result<Vec<Vec<Vec<usize>>>, StrategicError> {
    let count = shape.iter().try_fold(1u64, |acc, &k| {
        let subsets = u32::try_from(k)
            .ok()
            .and_then(|k| 1u64.checked_shl(k))
            .map(|s| s - 1);
        subsets.and_then(|s| acc.checked_mul(s))
    });
    match count {
        Some(c) if c <= MAX_SUPPORT_PROFILES => {}
        _ => {
            let exact_count = shape.iter().fold(BigInt::one(), |acc, &k| {
                acc * ((BigInt::one() << k) - BigInt::one())
            });
            return Err(StrategicError::too_large(
                "support profiles for --method poly",
                exact_count,
                MAX_SUPPORT_PROFILES,
            ));
        }
    }
    let mut masks: Vec<Vec<u64>> = vec![Vec::new()];
    for &k in shape {
        masks = masks
            .into_iter()
            .flat_map(|prefix| {
                (1u64..1 << k).map(move |m| {
                    let mut next = prefix.clone();
                    next.push(m);
                    next
                })
            })
            .collect();
    }
    let key = |ms: &Vec<u64>| {
        let sizes: Vec<u32> = ms.iter().map(|m| m.count_ones()).collect();
        let total: u32 = sizes.iter().sum();
        let spread = sizes.iter().max().unwrap_or(&0) - sizes.iter().min().unwrap_or(&0);
        (total, spread)
    };
    masks.sort_by_key(|ms| (key(ms), ms.clone()));
    Ok(masks
        .into_iter()
        .map(|ms| {
            ms.iter()
                .map(|m| (0..64).filter(|i| m >> i & 1 == 1).collect())
                .collect()
        })
        .collect())
}

/// Whether a strategy in a player's support is weakly dominated by another strategy of that
/// player against the others' supports (no worse against any profile of them, better
/// against one): then no equilibrium has exactly these supports.
fn conditionally_dominated(game: &NormalFormGame, supports: &[Vec<usize>]) -> bool {
    let n = supports.len();
    let shape = game.shape();
    (0..n).any(|p| {
        let others: Vec<usize> = (0..n).filter(|&q| q != p).collect();
        let size: usize = others.iter().map(|&q| supports[q].len()).product();
        let payoff = |s: usize, mut index: usize| {
            let mut strategy = vec![0; n];
            for &q in &others {
                strategy[q] = supports[q][index % supports[q].len()];
                index /= supports[q].len();
            }
            strategy[p] = s;
            game.payoffs_at(game.profile_index(&strategy))[p].clone()
        };
        supports[p].iter().any(|&s| {
            (0..shape[p]).filter(|&d| d != s).any(|d| {
                let mut strict = false;
                (0..size).all(|t| {
                    let (a, b) = (payoff(d, t), payoff(s, t));
                    strict |= a > b;
                    a >= b
                }) && strict
            })
        })
    })
}

impl krawczyk::System for SupportSystem {
    fn values<S: Coefficients>(&self, x: &[S]) -> Vec<S> {
        SupportSystem::values(self, x)
    }
    fn jacobian<S: Coefficients>(&self, x: &[S]) -> Vec<Vec<S>> {
        SupportSystem::jacobian(self, x)
    }
    fn narrow(&self, x: &mut [Interval]) -> bool {
        SupportSystem::narrow(self, x)
    }
    /// A singular box touching a face of the simplices (a probability that may be 0) is
    /// left to the smaller support of that face: every root in it lies within
    /// [`krawczyk::MIN_WIDTH`] of that face.
    fn negligible(&self, z: &[Interval]) -> bool {
        self.mixed(z).iter().flatten().any(|i| i.lo <= 0.0)
    }
}

/// The equilibria on one support profile, and whether it was settled.
fn solve_support(
    game: &NormalFormGame,
    enclosures: &[Interval],
    supports: &[Vec<usize>],
    digits: usize,
) -> Result<(Vec<Found>, Option<Unsettled>), StrategicError> {
    if conditionally_dominated(game, supports) {
        return Ok((Vec::new(), None));
    }
    let system = SupportSystem::with_enclosures(game, enclosures, supports.to_vec());
    let start = vec![Interval::new(0.0, 1.0); system.dim()];
    solve_in_box(game, &system, start, digits)
}

/// The equilibria on the support profile of `system` whose unknowns lie in `start` (the
/// probabilities of each support but its first strategy, as [`SupportSystem`] orders them),
/// and whether that box was settled.
pub(crate) fn solve_in_box(
    game: &NormalFormGame,
    system: &SupportSystem,
    start: Vec<Interval>,
    digits: usize,
) -> Result<(Vec<Found>, Option<Unsettled>), StrategicError> {
    let supports = &system.supports;
    let isolation = isolate(system, start, BOX_BUDGET);
    let mut reason = match isolation.stopped {
        Some(Stop::NotIsolated) => Some(Reason::NotIsolated),
        Some(Stop::Budget) => Some(Reason::Budget),
        None => None,
    };
    let mut found = Vec::new();
    for root in &isolation.roots {
        match settle(game, system, root, digits)? {
            Settled::Equilibrium(f) => found.push(f),
            Settled::Not => {}
            Settled::Undecided => {
                reason.get_or_insert(Reason::Undecided);
            }
        }
    }
    // An order that does not depend on how the search went: by the probabilities.
    found.sort_by(|a, b| a.profile().cmp(b.profile()));
    let unsettled = reason.map(|reason| Unsettled {
        supports: supports.to_vec(),
        reason,
    });
    Ok((found, unsettled))
}

/// What one certified root of a support's system is.
enum Settled {
    Equilibrium(Found),
    Not,
    Undecided,
}

/// Decides whether the one root in the certified box `root` is an equilibrium on this
/// support (positive, no outside strategy better), exactly when it is rational.
fn settle(
    game: &NormalFormGame,
    system: &SupportSystem,
    root: &[Interval],
    digits: usize,
) -> Result<Settled, StrategicError> {
    // Quick verdicts on the float box.
    if system.mixed(root).iter().flatten().any(|i| i.hi < 0.0)
        || system.side_values(root).iter().any(|v| v.lo > 0.0)
    {
        return Ok(Settled::Not);
    }
    let internal = || StrategicError::Internal("a certified box has a non-finite end".into());
    let float_box = exact_box(root).ok_or_else(internal)?;
    let mid: Vec<BigRational> = root
        .iter()
        .map(|i| exact(i.mid()).ok_or_else(internal))
        .collect::<Result<_, _>>()?;
    let half = |b: &RationalInterval| (&b.hi - &b.lo) / BigRational::from_integer(2.into());
    let float_radius = float_box
        .iter()
        .map(half)
        .max()
        .unwrap_or_else(BigRational::zero);
    if let Some(q) = recognise(system, &mid, &float_radius) {
        return Ok(exact_verdict(game, system, &q));
    }
    // Exact Newton steps at growing precision: a rational root of larger denominator shows
    // itself; otherwise the last iterate centres the certified answer.
    let target_bits = (digits as f64 * std::f64::consts::LOG2_10).ceil() as u32 + 16;
    let mut x = mid;
    let mut bits = 96;
    loop {
        let Some(next) = newton(system, x.clone(), bits) else {
            return Ok(Settled::Undecided);
        };
        x = next;
        let radius = BigRational::new(One::one(), BigInt::one() << (bits / 2));
        if let Some(q) = recognise(system, &x, &radius) {
            if q.iter()
                .zip(&float_box)
                .all(|(v, b)| b.lo <= *v && *v <= b.hi)
            {
                return Ok(exact_verdict(game, system, &q));
            }
        }
        if bits >= target_bits.max(256) {
            break;
        }
        bits *= 2;
    }
    let radius = BigRational::new(
        One::one(),
        num_traits::pow(BigInt::from(10), digits) * BigInt::from(2),
    );
    // A player's first probability is 1 minus the others: its error is at most their sum.
    let widest = system
        .supports
        .iter()
        .map(Vec::len)
        .max()
        .unwrap_or(1)
        .max(2)
        - 1;
    let unknown_radius = &radius / BigRational::from_integer(widest.into());
    if let Some(settled) = settle_in_floats(game, system, root, &x, &unknown_radius, &radius) {
        return Ok(settled);
    }
    let Some(certified) = certify(system, &x, &unknown_radius) else {
        return Ok(Settled::Undecided);
    };
    // The same root as the float box's: one box inside the other, or their hull certified.
    if !nested(&certified, &float_box) && !same_root(system, &certified, &float_box) {
        return Ok(Settled::Undecided);
    }
    let probabilities: Vec<RationalInterval> =
        system.mixed(&certified).into_iter().flatten().collect();
    if probabilities.iter().any(RationalInterval::is_negative)
        || system
            .side_values(&certified)
            .iter()
            .any(RationalInterval::is_positive)
    {
        return Ok(Settled::Not);
    }
    if !probabilities.iter().all(RationalInterval::is_positive)
        || !system
            .side_values(&certified)
            .iter()
            .all(RationalInterval::is_negative)
    {
        return Ok(Settled::Undecided);
    }
    let center = system.profile(&x, &game.shape());
    Ok(Settled::Equilibrium(Found::Certified { center, radius }))
}

/// The verdict of [`settle`]'s last step done in float intervals, which is quick, when
/// they are precise enough: the box of half-width `unknown_radius` around `x`, rounded to
/// floats inside it, certified to hold one root (the same as the search's box `root`), and
/// positivity and the side conditions decided on it. `None` when floats cannot tell.
fn settle_in_floats(
    game: &NormalFormGame,
    system: &SupportSystem,
    root: &[Interval],
    x: &[BigRational],
    unknown_radius: &BigRational,
    radius: &BigRational,
) -> Option<Settled> {
    use num_traits::ToPrimitive;
    // Shrunk by a few units in the last place of a probability, for the rounding of x to c
    // and of c ± r.
    let r = unknown_radius.to_f64()? - 1e-15;
    if r <= 1e-15 {
        return None;
    }
    let mut float_box = Vec::with_capacity(x.len());
    for xi in x {
        let c = xi.to_f64()?;
        let (lo, hi) = (c - r, c + r);
        // Inside x ± unknown_radius, exactly.
        let (lo_q, hi_q) = (exact(lo)?, exact(hi)?);
        if lo >= hi || lo_q < xi - unknown_radius || hi_q > xi + unknown_radius {
            return None;
        }
        float_box.push(Interval::new(lo, hi));
    }
    if !krawczyk::certify_box(system, &float_box) {
        return None;
    }
    if !nested(&float_box, root) {
        return None;
    }
    let probabilities: Vec<Interval> = system.mixed(&float_box).into_iter().flatten().collect();
    let side = system.side_values(&float_box);
    if probabilities.iter().any(|i| i.hi < 0.0) || side.iter().any(|v| v.lo > 0.0) {
        return Some(Settled::Not);
    }
    if !probabilities.iter().all(|i| i.lo > 0.0) || !side.iter().all(|v| v.hi < 0.0) {
        return None;
    }
    // The root lies within `unknown_radius` of x in each unknown, so each probability of x
    // within `radius` of the root's.
    let profile = system.profile(x, &game.shape());
    Some(Settled::Equilibrium(Found::Certified {
        center: profile,
        radius: radius.clone(),
    }))
}

/// The verdict on an exact rational root: an equilibrium on this support if positive and
/// an equilibrium by the definition (a zero probability belongs to a smaller support).
fn exact_verdict(game: &NormalFormGame, system: &SupportSystem, q: &[BigRational]) -> Settled {
    if !system.mixed(q).iter().flatten().all(Signed::is_positive) {
        return Settled::Not;
    }
    let profile = system.profile(q, &game.shape());
    if game.is_equilibrium(&profile) {
        Settled::Equilibrium(Found::Exact(profile))
    } else {
        Settled::Not
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{integer, profile_text};
    use crate::testing::arb_bimatrix;
    use conway_core::NoProgress;
    use num_traits::ToPrimitive;
    use proptest::prelude::*;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    fn exact_profiles(found: &PolyEquilibria) -> Vec<Vec<Vec<String>>> {
        found
            .equilibria
            .iter()
            .filter_map(|f| match f {
                Found::Exact(p) => Some(profile_text(p)),
                Found::Certified { .. } => None,
            })
            .collect()
    }

    /// McKelvey and McLennan, "The maximal number of regular totally mixed Nash equilibria",
    /// J. Economic Theory 72 (1997): this 2×2×2 game (Gambit's contrib/games/2x2x2.nfg) has
    /// nine equilibria, two of them totally mixed — the most a 2×2×2 game can have.
    #[test]
    fn mckelvey_mclennan_has_nine_equilibria_two_totally_mixed() {
        let g = crate::testing::mckelvey_mclennan();
        let found = enumpoly(&g, DEFAULT_DIGITS, &NoProgress).unwrap();
        assert_eq!(found.unsettled, vec![]);
        let all = exact_profiles(&found);
        assert_eq!(all.len(), 9, "{all:?}");
        let mixed = |p: &Vec<Vec<String>>| p.iter().all(|s| !s.contains(&"0".to_string()));
        let totally_mixed: Vec<_> = all.iter().filter(|p| mixed(p)).collect();
        let t = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            totally_mixed,
            vec![
                &vec![t(&["2/5", "3/5"]), t(&["1/2", "1/2"]), t(&["1/3", "2/3"])],
                &vec![t(&["1/2", "1/2"]), t(&["2/5", "3/5"]), t(&["1/4", "3/4"])],
            ]
        );
    }

    /// The irrational equilibrium of [`crate::testing::irrational_three_player`].
    #[test]
    fn an_irrational_equilibrium_is_certified_to_the_digits_asked() {
        let g = crate::testing::irrational_three_player();
        let found = enumpoly(&g, 30, &NoProgress).unwrap();
        assert_eq!(found.unsettled, vec![]);
        let certified: Vec<_> = found
            .equilibria
            .iter()
            .filter_map(|f| match f {
                Found::Exact(p) => {
                    assert!(g.is_equilibrium(p));
                    None
                }
                Found::Certified { center, radius } => Some((center, radius)),
            })
            .collect();
        assert_eq!(certified.len(), 1);
        let (center, radius) = certified[0];
        assert_eq!(
            radius,
            &BigRational::new(1.into(), num_traits::pow(BigInt::from(10), 30) * 2)
        );
        // (q − ρ)² < 1/2 < (q + ρ)²: 1/√2 lies within ρ of the answer; likewise p.
        let half = q(1, 2);
        for x in [&center[1][0], &center[2][0]] {
            assert!((x - radius) * (x - radius) < half && half < (x + radius) * (x + radius));
        }
        let p = &center[0][0] * integer(3) - integer(1);
        let rho = radius * integer(3);
        assert!((&p - &rho) * (&p - &rho) < half && half < (&p + &rho) * (&p + &rho));
        for sigma in center {
            assert_eq!(sigma.iter().sum::<BigRational>(), integer(1));
        }
    }

    /// A three-player game with two strategies each from 24 payoffs, profiles in Gambit's
    /// order.
    fn three_player(payoffs: &[i64]) -> NormalFormGame {
        let two = || vec!["1".to_string(), "2".to_string()];
        NormalFormGame::new(
            String::new(),
            vec!["1".into(), "2".into(), "3".into()],
            vec![two(), two(), two()],
            payoffs
                .chunks(3)
                .map(|c| c.iter().map(|&v| integer(v)).collect())
                .collect(),
        )
        .unwrap()
    }

    /// The totally mixed equilibria of a 2×2×2 game, independently: with p, q, r the
    /// chances of each player's first strategy, player 1's indifference gives q as a ratio
    /// of linear functions of r, player 2's gives p, and player 3's becomes a quadratic in r
    /// (floating point; `None` when a root is too near a boundary to trust).
    fn totally_mixed_2x2x2(g: &NormalFormGame) -> Option<Vec<[f64; 3]>> {
        let u = |a: usize, b: usize, c: usize, p: usize| {
            g.payoffs_at(g.profile_index(&[a, b, c]))[p]
                .to_f64()
                .unwrap()
        };
        // Player 1: first minus second strategy, bilinear in (q, r).
        let d1 = |b: usize, c: usize| u(0, b, c, 0) - u(1, b, c, 0);
        let d2 = |a: usize, c: usize| u(a, 0, c, 1) - u(a, 1, c, 1);
        let d3 = |a: usize, b: usize| u(a, b, 0, 2) - u(a, b, 1, 2);
        // f(x, y) = Σ d(i, j)·w_i(x)·w_j(y) with w_0(x) = x, w_1(x) = 1 − x:
        // coefficients of 1, x, y, xy.
        let bilinear = |d: &dyn Fn(usize, usize) -> f64| {
            let (a, b, c, e) = (d(0, 0), d(0, 1), d(1, 0), d(1, 1));
            [e, b - e, c - e, a - b - c + e]
        };
        let [a0, a1, a2, a3] = bilinear(&d1); // in (q, r)
        let [b0, b1, b2, b3] = bilinear(&d2); // in (p, r)
        let [c0, c1, c2, c3] = bilinear(&d3); // in (p, q)
                                              // q = −(a0 + a2 r)/(a1 + a3 r), p = −(b0 + b2 r)/(b1 + b3 r); player 3's
                                              // equation times both denominators is a quadratic in r.
        let poly = |k0: f64, k1: f64| [k0, k1];
        let mul = |x: [f64; 2], y: [f64; 2]| [x[0] * y[0], x[0] * y[1] + x[1] * y[0], x[1] * y[1]];
        let (qn, qd) = (poly(-a0, -a2), poly(a1, a3));
        let (pn, pd) = (poly(-b0, -b2), poly(b1, b3));
        let terms = [
            (c0, mul(qd, pd)),
            (c1, mul(pn, qd)),
            (c2, mul(qn, pd)),
            (c3, mul(pn, qn)),
        ];
        let mut k = [0.0; 3];
        for (c, t) in terms {
            for i in 0..3 {
                k[i] += c * t[i];
            }
        }
        let scale = k.iter().fold(0.0f64, |m, v| m.max(v.abs()));
        if scale == 0.0 || k[2].abs() < 1e-9 * scale {
            return None;
        }
        let disc = k[1] * k[1] - 4.0 * k[2] * k[0];
        if disc.abs() < 1e-9 * scale * scale {
            return None;
        }
        if disc < 0.0 {
            return Some(Vec::new());
        }
        let mut out = Vec::new();
        for sign in [-1.0, 1.0] {
            let r = (-k[1] + sign * disc.sqrt()) / (2.0 * k[2]);
            let (qden, pden) = (qd[0] + qd[1] * r, pd[0] + pd[1] * r);
            if qden.abs() < 1e-9 || pden.abs() < 1e-9 {
                return None;
            }
            let (q, p) = ((qn[0] + qn[1] * r) / qden, (pn[0] + pn[1] * r) / pden);
            let margin = [p, q, r]
                .iter()
                .fold(1.0f64, |m, &v| m.min(v.abs()).min((1.0 - v).abs()));
            if margin < 1e-6 {
                return None;
            }
            if [p, q, r].iter().all(|&v| 0.0 < v && v < 1.0) {
                out.push([p, q, r]);
            }
        }
        Some(out)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        /// The dominance pruning never skips the supports of an equilibrium: on two-player
        /// games with many ties (degenerate, so weak dominance is common), every extreme
        /// equilibrium's supports survive it.
        #[test]
        fn pruning_keeps_every_equilibrium_support(g in arb_bimatrix(4, 2)) {
            for e in crate::two_player::vertex::extreme_equilibria(&g, &NoProgress).unwrap() {
                let supports: Vec<Vec<usize>> = e
                    .iter()
                    .map(|x| (0..x.len()).filter(|&i| x[i].is_positive()).collect())
                    .collect();
                prop_assert!(!conditionally_dominated(&g, &supports), "{:?}", supports);
            }
        }

        /// The same for the pure equilibria of three-player games with ties.
        #[test]
        fn pruning_keeps_every_pure_equilibrium(g in crate::testing::arb_game(3, 3, 2)) {
            for pure in crate::n_player::pure::pure_equilibria(&g) {
                let supports: Vec<Vec<usize>> = pure.iter().map(|&s| vec![s]).collect();
                prop_assert!(!conditionally_dominated(&g, &supports), "{:?}", supports);
            }
        }

        /// On nondegenerate two-player games the method finds exactly the equilibria vertex
        /// enumeration finds, all exact (a two-player support's system is linear).
        #[test]
        fn two_players_agree_with_vertex_enumeration(g in arb_bimatrix(3, 30)) {
            let all = crate::two_player::vertex::extreme_equilibria(&g, &NoProgress).unwrap();
            let found = enumpoly(&g, DEFAULT_DIGITS, &NoProgress).unwrap();
            // Degenerate draws (ties) can have continua, which the method reports.
            prop_assume!(found.unsettled.is_empty());
            let mut ours = exact_profiles(&found);
            prop_assert_eq!(ours.len(), found.equilibria.len());
            let mut theirs: Vec<_> = all.iter().map(profile_text).collect();
            ours.sort();
            theirs.sort();
            prop_assert_eq!(ours, theirs);
        }

        /// On 2×2×2 games: every pure equilibrium is found, every answer is an equilibrium
        /// (exactly, or its certified centre nearly), and the totally mixed ones are those
        /// of the quadratic.
        #[test]
        fn three_players_agree_with_the_closed_form(payoffs in proptest::collection::vec(-1000i64..1000, 24)) {
            // Generic games: no player is indifferent between its strategies against any pure
            // profile (ties make continua, which are reported rather than solved).
            prop_assume!((0..8).all(|i| {
                let (a, b, c) = (i & 1, i >> 1 & 1, i >> 2 & 1);
                let at = |a: usize, b: usize, c: usize, p: usize| payoffs[3 * (a + 2 * b + 4 * c) + p];
                at(a, b, c, 0) != at(1 - a, b, c, 0)
                    && at(a, b, c, 1) != at(a, 1 - b, c, 1)
                    && at(a, b, c, 2) != at(a, b, 1 - c, 2)
            }));
            let g = three_player(&payoffs);
            let found = enumpoly(&g, DEFAULT_DIGITS, &NoProgress).unwrap();
            prop_assert!(found.unsettled.is_empty(), "{:?}", found.unsettled);
            let profiles: Vec<MixedProfile> = found.equilibria.iter().map(|f| match f {
                Found::Exact(p) => p.clone(),
                Found::Certified { center, .. } => center.clone(),
            }).collect();
            for pure in crate::n_player::pure::pure_equilibria(&g) {
                let p = crate::n_player::pure::as_mixed(&g, &pure);
                prop_assert!(profiles.contains(&p), "missing {:?}", pure);
            }
            for (f, p) in found.equilibria.iter().zip(&profiles) {
                match f {
                    Found::Exact(_) => prop_assert!(g.is_equilibrium(p)),
                    Found::Certified { .. } => {
                        // Within 1e-12 of an equilibrium: no strategy gains more than a
                        // few payoff units times that.
                        for player in 0..3 {
                            let u = g.strategy_payoffs(p, player);
                            let value: BigRational = u.iter().zip(&p[player]).map(|(a, b)| a * b).sum();
                            for x in &u {
                                prop_assert!(x - &value < q(1, 1_000_000), "{:?}", p);
                            }
                        }
                    }
                }
            }
            let Some(expected) = totally_mixed_2x2x2(&g) else { return Ok(()); };
            let mixed: Vec<[f64; 3]> = profiles
                .iter()
                .filter(|p| p.iter().all(|s| s.iter().all(|x| x.is_positive())))
                .map(|p| [0, 1, 2].map(|i| p[i][0].to_f64().unwrap()))
                .collect();
            prop_assert_eq!(mixed.len(), expected.len(), "{:?} vs {:?}", mixed, expected);
            for e in &expected {
                prop_assert!(mixed.iter().any(|m| (0..3).all(|i| (m[i] - e[i]).abs() < 1e-6)), "{:?} not in {:?}", e, mixed);
            }
        }
    }
}
