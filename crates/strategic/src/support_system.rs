//! The polynomial system of one support profile of an n-player game: the equations whose
//! solutions are the equilibria that use exactly those strategies.
//!
//! Player p mixes over its support T_p with probabilities x_{p,0}, …, x_{p,|T_p|−1}. The
//! unknowns are all of these, Σ|T_p| of them, and there are as many equations:
//!
//! - x_{p,0} + … + x_{p,|T_p|−1} = 1 for each player, and
//! - u_p(T_p[k], x_{−p}) − u_p(T_p[0], x_{−p}) = 0 for k ≥ 1: every strategy of the support
//!   pays what the first does. Each is multilinear in the other players' probabilities.
//!
//! A solution is an equilibrium when it is positive on the supports and no strategy outside
//! them pays more: u_p(s, x_{−p}) − u_p(T_p[0], x_{−p}) ≤ 0 (the side conditions).
//!
//! Each payoff difference is a tensor over the other players' supports; it is evaluated in
//! any [`Ring`] (float intervals to search, rationals to certify) by contracting one mode at
//! a time, and differentiated by leaving one mode uncontracted.

use num_rational::BigRational;

use crate::interval::{Interval, Ring};
use crate::NormalFormGame;

/// The equations and side conditions of one support profile.
#[derive(Clone, Debug)]
pub struct SupportSystem {
    /// Each player's support: strategy indices, increasing.
    pub supports: Vec<Vec<usize>>,
    /// Where each player's unknowns start.
    offsets: Vec<usize>,
    /// Per player: the other players, in order (the tensors' modes, first fastest).
    others: Vec<Vec<usize>>,
    /// Per player: the payoff differences of its support strategies k ≥ 1 against T_p[0].
    equations: Vec<Vec<Tensor>>,
    /// Per player: the payoff differences of its strategies outside the support.
    side: Vec<Vec<Tensor>>,
}

/// A payoff difference over the other players' supports, exactly and as float intervals.
#[derive(Clone, Debug)]
struct Tensor {
    exact: Vec<BigRational>,
    float: Vec<Interval>,
}

impl Tensor {
    fn new(exact: Vec<BigRational>) -> Tensor {
        let float = exact.iter().map(Interval::from_rational).collect();
        Tensor { exact, float }
    }
}

/// The entries of a tensor in a ring: exact rationals, or float intervals for the
/// interval types made from floats.
pub trait Coefficients: Ring {
    /// The tensor's entries in this ring.
    fn entries(tensor: &[BigRational], float: &[Interval]) -> Vec<Self>;
}

impl Coefficients for Interval {
    fn entries(_: &[BigRational], float: &[Interval]) -> Vec<Self> {
        float.to_vec()
    }
}

impl Coefficients for BigRational {
    fn entries(tensor: &[BigRational], _: &[Interval]) -> Vec<Self> {
        tensor.to_vec()
    }
}

impl Coefficients for crate::interval::RationalInterval {
    fn entries(tensor: &[BigRational], _: &[Interval]) -> Vec<Self> {
        tensor.iter().map(Self::from_rational).collect()
    }
}

impl SupportSystem {
    /// The system of `supports` (one nonempty increasing list per player) in `game`.
    pub fn new(game: &NormalFormGame, supports: Vec<Vec<usize>>) -> SupportSystem {
        let n = game.num_players();
        let mut offsets = Vec::with_capacity(n);
        let mut total = 0;
        for s in &supports {
            offsets.push(total);
            total += s.len();
        }
        let others: Vec<Vec<usize>> = (0..n)
            .map(|p| (0..n).filter(|&q| q != p).collect())
            .collect();
        let mut equations = Vec::with_capacity(n);
        let mut side = Vec::with_capacity(n);
        for p in 0..n {
            let against = |s: usize| difference(game, &supports, &others[p], p, s);
            equations.push(supports[p][1..].iter().map(|&s| against(s)).collect());
            side.push(
                (0..game.shape()[p])
                    .filter(|s| !supports[p].contains(s))
                    .map(against)
                    .collect(),
            );
        }
        SupportSystem {
            supports,
            offsets,
            others,
            equations,
            side,
        }
    }

    /// The number of unknowns (and of equations).
    pub fn dim(&self) -> usize {
        self.supports.iter().map(Vec::len).sum()
    }

    /// Player p's unknowns within `x`.
    fn block<'a, S>(&self, x: &'a [S], p: usize) -> &'a [S] {
        &x[self.offsets[p]..self.offsets[p] + self.supports[p].len()]
    }

    fn dims(&self, p: usize) -> Vec<usize> {
        self.others[p]
            .iter()
            .map(|&q| self.supports[q].len())
            .collect()
    }

    /// The equations' values at `x`, in the order of the unknowns: player p's sum first,
    /// then its indifferences.
    pub fn values<S: Coefficients>(&self, x: &[S]) -> Vec<S> {
        let mut out = Vec::with_capacity(x.len());
        for p in 0..self.supports.len() {
            let sum = self
                .block(x, p)
                .iter()
                .fold(S::nil(), |acc, v| acc.add(v))
                .sub(&S::unit());
            out.push(sum);
            let vectors: Vec<&[S]> = self.others[p].iter().map(|&q| self.block(x, q)).collect();
            let dims = self.dims(p);
            for t in &self.equations[p] {
                let entries = S::entries(&t.exact, &t.float);
                out.push(contract(&entries, &dims, &vectors, None).swap_remove(0));
            }
        }
        out
    }

    /// The Jacobian matrix at `x` (rows: equations, columns: unknowns).
    pub fn jacobian<S: Coefficients>(&self, x: &[S]) -> Vec<Vec<S>> {
        let dim = x.len();
        let mut rows = Vec::with_capacity(dim);
        for p in 0..self.supports.len() {
            let mut sum_row = vec![S::nil(); dim];
            for v in &mut sum_row[self.offsets[p]..self.offsets[p] + self.supports[p].len()] {
                *v = S::unit();
            }
            rows.push(sum_row);
            let vectors: Vec<&[S]> = self.others[p].iter().map(|&q| self.block(x, q)).collect();
            let dims = self.dims(p);
            for t in &self.equations[p] {
                let entries = S::entries(&t.exact, &t.float);
                let mut row = vec![S::nil(); dim];
                for (mode, &q) in self.others[p].iter().enumerate() {
                    let partial = contract(&entries, &dims, &vectors, Some(mode));
                    let start = self.offsets[q];
                    row[start..start + partial.len()].clone_from_slice(&partial);
                }
                rows.push(row);
            }
        }
        rows
    }

    /// The side conditions at `x`: for each player, how much more than the support's first
    /// strategy each strategy outside the support pays (an equilibrium has all ≤ 0).
    pub fn side_values<S: Coefficients>(&self, x: &[S]) -> Vec<S> {
        let mut out = Vec::new();
        for p in 0..self.supports.len() {
            let vectors: Vec<&[S]> = self.others[p].iter().map(|&q| self.block(x, q)).collect();
            let dims = self.dims(p);
            for t in &self.side[p] {
                let entries = S::entries(&t.exact, &t.float);
                out.push(contract(&entries, &dims, &vectors, None).swap_remove(0));
            }
        }
        out
    }

    /// Narrows a box of probabilities to the part where a root that is an equilibrium can
    /// lie; `false` when there is none. Roots sum to 1 for each player, so each probability
    /// is bounded by what the others leave; and on the product of the players' simplices
    /// each payoff difference ranges over no more than [`simplex_range`] gives: an
    /// indifference that cannot be 0, or an outside strategy that surely pays more, rules
    /// the box out.
    pub fn narrow(&self, x: &mut [Interval]) -> bool {
        for p in 0..self.supports.len() {
            let range = self.offsets[p]..self.offsets[p] + self.supports[p].len();
            if !narrow_to_simplex(&mut x[range]) {
                return false;
            }
        }
        let x: &[Interval] = x;
        (0..self.supports.len()).all(|p| {
            let boxes: Vec<&[Interval]> =
                self.others[p].iter().map(|&q| self.block(x, q)).collect();
            let dims = self.dims(p);
            self.equations[p]
                .iter()
                .all(|t| simplex_range(&t.float, &dims, &boxes).contains_zero())
                && self.side[p]
                    .iter()
                    .all(|t| simplex_range(&t.float, &dims, &boxes).lo <= 0.0)
        })
    }

    /// `x` with each player's last probability replaced by one minus the others, so that
    /// each player's probabilities sum to exactly 1.
    pub fn normalised(&self, x: &[BigRational]) -> Vec<BigRational> {
        let mut out = x.to_vec();
        for (p, support) in self.supports.iter().enumerate() {
            let block = &mut out[self.offsets[p]..self.offsets[p] + support.len()];
            let (last, rest) = block.split_last_mut().expect("supports are nonempty");
            *last = rest
                .iter()
                .fold(BigRational::from_integer(1.into()), |acc, v| acc - v);
        }
        out
    }

    /// The full mixed profile of a solution: zeros off the supports.
    pub fn profile<S: Clone>(&self, x: &[S], zero: &S, shape: &[usize]) -> Vec<Vec<S>> {
        (0..self.supports.len())
            .map(|p| {
                let mut sigma = vec![zero.clone(); shape[p]];
                for (k, &s) in self.supports[p].iter().enumerate() {
                    sigma[s] = x[self.offsets[p] + k].clone();
                }
                sigma
            })
            .collect()
    }
}

/// Narrows probabilities in a box to those that can sum to 1; `false` when none can.
fn narrow_to_simplex(x: &mut [Interval]) -> bool {
    if x.iter().any(|i| i.hi < 0.0 || i.lo > 1.0) {
        return false;
    }
    for i in x.iter_mut() {
        *i = Interval::new(i.lo.max(0.0), i.hi.min(1.0));
    }
    let lows = x
        .iter()
        .fold(Interval::nil(), |acc, i| acc.add(&Interval::point(i.lo)));
    let highs = x
        .iter()
        .fold(Interval::nil(), |acc, i| acc.add(&Interval::point(i.hi)));
    if lows.lo > 1.0 || highs.hi < 1.0 {
        return false;
    }
    for i in x.iter_mut() {
        // What the others can take at most and at least, rounded outward.
        let others_high = highs.sub(&Interval::point(i.hi));
        let others_low = lows.sub(&Interval::point(i.lo));
        let lo = Interval::unit().sub(&others_high).lo;
        let hi = Interval::unit().sub(&others_low).hi;
        let (lo, hi) = (i.lo.max(lo), i.hi.min(hi));
        if lo > hi {
            return false;
        }
        *i = Interval::new(lo, hi);
    }
    true
}

/// An enclosure of Σ_t tensor[t] · Π_j σ_j(t_j) over every σ_j in the simplex within the
/// box `boxes[j]`, modes first-fastest with sizes `dims`. Each mode is bounded by the
/// linear program over the simplex, which interval arithmetic overestimates far less
/// than a plain interval dot product.
pub fn simplex_range(tensor: &[Interval], dims: &[usize], boxes: &[&[Interval]]) -> Interval {
    let mut current: Vec<Interval> = tensor.to_vec();
    for (&d, b) in dims.iter().zip(boxes) {
        current = current
            .chunks(d)
            .map(|c| {
                let highs: Vec<f64> = c.iter().map(|i| i.hi).collect();
                let lows: Vec<f64> = c.iter().map(|i| -i.lo).collect();
                Interval::new(-simplex_max(&lows, b), simplex_max(&highs, b))
            })
            .collect();
    }
    current[0]
}

/// An upper bound on max Σ_b w_b·σ_b over σ with Σσ = 1 within the box `b`, by linear
/// programming duality: for every λ, Σ w·σ = λ + Σ (w_b − λ)·σ_b, and each term is at most
/// its largest value over [lo_b, hi_b]. The λ of the greedy optimum makes the bound exact
/// up to rounding, which is directed upward.
fn simplex_max(w: &[f64], b: &[Interval]) -> f64 {
    let mut order: Vec<usize> = (0..w.len()).collect();
    order.sort_by(|&i, &j| w[j].total_cmp(&w[i]));
    let mut left = 1.0 - b.iter().map(|i| i.lo).sum::<f64>();
    let mut lambda = w[order[order.len() - 1]];
    for &i in &order {
        let room = b[i].hi - b[i].lo;
        if left <= room {
            lambda = w[i];
            break;
        }
        left -= room;
    }
    let lambda_i = Interval::point(lambda);
    let mut bound = lambda_i;
    for (wi, bi) in w.iter().zip(b) {
        let c = Interval::point(*wi).sub(&lambda_i).hi;
        let at_hi = Interval::point(c).mul(&Interval::point(bi.hi)).hi;
        let at_lo = Interval::point(c).mul(&Interval::point(bi.lo)).hi;
        bound = bound.add(&Interval::point(at_hi.max(at_lo)));
    }
    bound.hi
}

/// u_p(s, t) − u_p(T_p[0], t) for every t in the other players' supports, the first other
/// player's strategy varying fastest.
fn difference(
    game: &NormalFormGame,
    supports: &[Vec<usize>],
    others: &[usize],
    p: usize,
    s: usize,
) -> Tensor {
    let dims: Vec<usize> = others.iter().map(|&q| supports[q].len()).collect();
    let size: usize = dims.iter().product();
    let mut strategy = vec![0; supports.len()];
    let mut entries = Vec::with_capacity(size);
    for mut index in 0..size {
        for (&q, &d) in others.iter().zip(&dims) {
            strategy[q] = supports[q][index % d];
            index /= d;
        }
        strategy[p] = s;
        let with = game.payoffs_at(game.profile_index(&strategy))[p].clone();
        strategy[p] = supports[p][0];
        let base = &game.payoffs_at(game.profile_index(&strategy))[p];
        entries.push(with - base);
    }
    Tensor::new(entries)
}

/// Σ_t tensor[t] · Π_j vectors[j][t_j] over every mode but `keep`, the modes first-fastest
/// with sizes `dims`: one value, or with `keep` a vector over that mode (the partial
/// derivative by each of that mode's unknowns).
pub fn contract<S: Ring>(
    tensor: &[S],
    dims: &[usize],
    vectors: &[&[S]],
    keep: Option<usize>,
) -> Vec<S> {
    let mut current: Vec<S> = tensor.to_vec();
    // The kept mode, once reached, stays the fastest: entries are (kept index) + kept ·
    // (rest).
    let mut kept = 1;
    for (mode, (&d, v)) in dims.iter().zip(vectors).enumerate() {
        if Some(mode) == keep {
            kept = d;
            continue;
        }
        let rest = current.len() / (kept * d);
        let mut next = Vec::with_capacity(kept * rest);
        for i in 0..rest {
            for a in 0..kept {
                let mut acc = S::nil();
                for (b, weight) in v.iter().enumerate() {
                    let entry = &current[a + kept * (b + d * i)];
                    if !entry.is_exact_zero() {
                        acc = acc.add(&entry.mul(weight));
                    }
                }
                next.push(acc);
            }
        }
        current = next;
    }
    current
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::integer;
    use crate::testing::mckelvey_mclennan;
    use proptest::prelude::*;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    #[test]
    fn a_totally_mixed_equilibrium_solves_its_system() {
        let g = mckelvey_mclennan();
        let system = SupportSystem::new(&g, vec![vec![0, 1]; 3]);
        assert_eq!(system.dim(), 6);
        // McKelvey and McLennan's totally mixed equilibrium ((1/2,1/2),(2/5,3/5),(1/4,3/4)).
        let x = [q(1, 2), q(1, 2), q(2, 5), q(3, 5), q(1, 4), q(3, 4)];
        assert!(system.values(&x).iter().all(|v| v == &integer(0)));
        assert!(system.side_values(&x).is_empty());
        let y = [q(1, 3), q(2, 3), q(2, 5), q(3, 5), q(1, 4), q(3, 4)];
        assert!(system.values(&y).iter().any(|v| v != &integer(0)));
    }

    proptest! {
        /// The system's value at a profile is the payoff differences computed directly, and
        /// the Jacobian is the exact difference quotient (the equations are multilinear).
        #[test]
        fn values_and_jacobian_agree_with_the_game(
            payoffs in proptest::collection::vec(-5i64..5, 3 * 12),
            weights in proptest::collection::vec(1i64..9, 9),
            j in 0usize..9, h in 1i64..5,
        ) {
            let payoffs: Vec<Vec<BigRational>> =
                payoffs.chunks(3).map(|c| c.iter().map(|&v| integer(v)).collect()).collect();
            let g = NormalFormGame::new(
                String::new(),
                vec!["a".into(), "b".into(), "c".into()],
                vec![vec!["1".into(), "2".into()], vec!["1".into(), "2".into(), "3".into()],
                     vec!["1".into(), "2".into()]],
                payoffs,
            ).unwrap();
            let supports = vec![vec![0, 1], vec![0, 2], vec![1]];
            let system = SupportSystem::new(&g, supports.clone());
            let x: Vec<BigRational> = weights[..system.dim()].iter().map(|&w| q(w, 7)).collect();
            let profile = system.profile(&x, &integer(0), &g.shape());
            let values = system.values(&x);
            let side = system.side_values(&x);
            let mut k = 0;
            for p in 0..3 {
                let u = g.strategy_payoffs(&profile, p);
                let sum: BigRational = supports[p].iter().map(|&s| profile[p][s].clone()).sum();
                prop_assert_eq!(&values[system.offsets[p]], &(sum - integer(1)));
                for (i, &s) in supports[p].iter().enumerate().skip(1) {
                    prop_assert_eq!(&values[system.offsets[p] + i], &(&u[s] - &u[supports[p][0]]));
                }
                for s in (0..g.shape()[p]).filter(|s| !supports[p].contains(s)) {
                    prop_assert_eq!(&side[k], &(&u[s] - &u[supports[p][0]]));
                    k += 1;
                }
            }
            let j = j % system.dim();
            let mut moved = x.clone();
            moved[j] += integer(h);
            let jac = system.jacobian(&x);
            for (row, (after, before)) in system.values(&moved).iter().zip(&values).enumerate() {
                prop_assert_eq!(&((after - before) / integer(h)), &jac[row][j]);
            }
        }
    }
}
