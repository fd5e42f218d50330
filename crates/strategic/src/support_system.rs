//! The polynomial system of one support profile of an n-player game: the equations whose
//! solutions are the equilibria that use exactly those strategies.
//!
//! Player p mixes over its support T_p with probabilities x_{p,0}, …, x_{p,|T_p|−1}. The
//! unknowns are z_{p,k} = x_{p,k} for k ≥ 1, Σ(|T_p| − 1) of them; x_{p,0} is what they leave,
//! 1 − Σ_k z_{p,k}. Working on the simplices' own coordinates keeps the search boxes free of a
//! direction in which nothing can change. There are as many equations as unknowns:
//!
//! - u_p(T_p[k], x_{−p}) − u_p(T_p[0], x_{−p}) = 0 for k ≥ 1: every strategy of the support
//!   pays what the first does. Each is multilinear in the other players' probabilities, and
//!   affine in each unknown.
//!
//! A solution is an equilibrium when it is positive on the supports and no strategy outside
//! them pays more: u_p(s, x_{−p}) − u_p(T_p[0], x_{−p}) ≤ 0 (the side conditions).
//!
//! Each payoff difference is a tensor over the other players' supports; it is evaluated in
//! any [`Ring`] (float intervals to search, rationals to certify) by contracting one mode at
//! a time. Its derivative by z_{q,k} is the tensor differenced along q's mode (entry k minus
//! entry 0) with that mode left uncontracted, precomputed so that no interval is subtracted
//! from one it depends on.

use std::borrow::Cow;

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
    /// Per player: the sizes of the other players' supports (the tensors' shape).
    dims: Vec<Vec<usize>>,
    /// Per player: its indifference equations, support strategies k ≥ 1 against T_p[0].
    equations: Vec<Vec<Equation>>,
    /// Per player: the payoff differences of its strategies outside the support.
    side: Vec<Vec<Tensor>>,
}

/// One indifference equation: its payoff difference, and for each mode of it the tensor
/// differenced along that mode (empty for a player with one strategy in its support).
#[derive(Clone, Debug)]
struct Equation {
    value: Tensor,
    partials: Vec<Tensor>,
}

/// A tensor of exact rationals, and the same as float intervals.
#[derive(Clone, Debug)]
struct Tensor {
    exact: Vec<BigRational>,
    float: Vec<Interval>,
}

impl Tensor {
    fn new(exact: Vec<BigRational>, float: Vec<Interval>) -> Tensor {
        Tensor { exact, float }
    }

    /// Entry k minus entry 0 along mode `mode` (of the sizes `dims`), for k ≥ 1.
    fn differenced(&self, dims: &[usize], mode: usize) -> Tensor {
        let inner: usize = dims[..mode].iter().product();
        let d = dims[mode];
        let outer = self.exact.len() / (inner * d);
        let mut exact = Vec::with_capacity(inner * (d - 1) * outer);
        let mut float = Vec::with_capacity(inner * (d - 1) * outer);
        for o in 0..outer {
            for k in 1..d {
                for i in 0..inner {
                    let at = |k: usize| i + inner * (k + d * o);
                    exact.push(&self.exact[at(k)] - &self.exact[at(0)]);
                    float.push(self.float[at(k)].sub(&self.float[at(0)]));
                }
            }
        }
        Tensor::new(exact, float)
    }
}

/// The entries of a tensor in a ring: borrowed where the ring is how the tensor is kept.
pub trait Coefficients: Ring {
    /// The tensor's entries in this ring.
    fn entries<'a>(exact: &'a [BigRational], float: &'a [Interval]) -> Cow<'a, [Self]>;
}

impl Coefficients for Interval {
    fn entries<'a>(_: &'a [BigRational], float: &'a [Interval]) -> Cow<'a, [Self]> {
        Cow::Borrowed(float)
    }
}

impl Coefficients for BigRational {
    fn entries<'a>(exact: &'a [BigRational], _: &'a [Interval]) -> Cow<'a, [Self]> {
        Cow::Borrowed(exact)
    }
}

impl Coefficients for crate::interval::RationalInterval {
    fn entries<'a>(exact: &'a [BigRational], _: &'a [Interval]) -> Cow<'a, [Self]> {
        Cow::Owned(exact.iter().map(Self::from_rational).collect())
    }
}

impl SupportSystem {
    /// The system of `supports` (one nonempty increasing list per player) in `game`.
    pub fn new(game: &NormalFormGame, supports: Vec<Vec<usize>>) -> SupportSystem {
        SupportSystem::with_enclosures(game, &payoff_enclosures(game), supports)
    }

    /// The same, given `enclosures` = [`payoff_enclosures`]`(game)` (enclosing a rational
    /// in floats is slow; a search over many supports encloses each payoff once).
    pub fn with_enclosures(
        game: &NormalFormGame,
        enclosures: &[Interval],
        supports: Vec<Vec<usize>>,
    ) -> SupportSystem {
        let n = game.num_players();
        let mut offsets = Vec::with_capacity(n);
        let mut total = 0;
        for s in &supports {
            offsets.push(total);
            total += s.len() - 1;
        }
        let others: Vec<Vec<usize>> = (0..n)
            .map(|p| (0..n).filter(|&q| q != p).collect())
            .collect();
        let dims: Vec<Vec<usize>> = others
            .iter()
            .map(|o| o.iter().map(|&q| supports[q].len()).collect())
            .collect();
        let mut equations = Vec::with_capacity(n);
        let mut side = Vec::with_capacity(n);
        for p in 0..n {
            let dims = &dims[p];
            let against = |s: usize| difference(game, enclosures, &supports, &others[p], p, s);
            equations.push(
                supports[p][1..]
                    .iter()
                    .map(|&s| {
                        let value = against(s);
                        let partials = (0..dims.len())
                            .map(|mode| {
                                if dims[mode] > 1 {
                                    value.differenced(dims, mode)
                                } else {
                                    Tensor::new(Vec::new(), Vec::new())
                                }
                            })
                            .collect();
                        Equation { value, partials }
                    })
                    .collect(),
            );
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
            dims,
            equations,
            side,
        }
    }

    /// The number of unknowns (and of equations).
    pub fn dim(&self) -> usize {
        self.supports.iter().map(|s| s.len() - 1).sum()
    }

    /// Player p's unknowns within `z`.
    fn block<'a, S>(&self, z: &'a [S], p: usize) -> &'a [S] {
        &z[self.offsets[p]..self.offsets[p] + self.supports[p].len() - 1]
    }

    /// Every player's probabilities on its support: what the unknowns leave, then the
    /// unknowns.
    pub fn mixed<S: Ring>(&self, z: &[S]) -> Vec<Vec<S>> {
        (0..self.supports.len())
            .map(|p| {
                let block = self.block(z, p);
                let left = block.iter().fold(S::unit(), |acc, v| acc.sub(v));
                std::iter::once(left).chain(block.iter().cloned()).collect()
            })
            .collect()
    }

    /// The equations' values at `z`, player by player.
    pub fn values<S: Coefficients>(&self, z: &[S]) -> Vec<S> {
        self.contracted(z, |p| self.equations[p].iter().map(|e| &e.value).collect())
    }

    /// Each of `tensors(p)`, player by player, contracted with the other players'
    /// probabilities at `z`.
    fn contracted<'a, S: Coefficients>(
        &'a self,
        z: &[S],
        tensors: impl Fn(usize) -> Vec<&'a Tensor>,
    ) -> Vec<S> {
        let x = self.mixed(z);
        let mut out = Vec::new();
        for p in 0..self.supports.len() {
            let vectors: Vec<&[S]> = self.others[p].iter().map(|&q| &x[q][..]).collect();
            for t in tensors(p) {
                let entries = S::entries(&t.exact, &t.float);
                out.push(contract(&entries, &self.dims[p], &vectors, None).swap_remove(0));
            }
        }
        out
    }

    /// The Jacobian matrix at `z` (rows: equations, columns: unknowns).
    pub fn jacobian<S: Coefficients>(&self, z: &[S]) -> Vec<Vec<S>> {
        let x = self.mixed(z);
        let dim = z.len();
        let mut rows = Vec::with_capacity(dim);
        for p in 0..self.supports.len() {
            let vectors: Vec<&[S]> = self.others[p].iter().map(|&q| &x[q][..]).collect();
            let dims = &self.dims[p];
            for e in &self.equations[p] {
                let mut row = vec![S::nil(); dim];
                for (mode, &q) in self.others[p].iter().enumerate() {
                    if dims[mode] == 1 {
                        continue;
                    }
                    let t = &e.partials[mode];
                    let entries = S::entries(&t.exact, &t.float);
                    let mut reduced = dims.clone();
                    reduced[mode] -= 1;
                    let partial = contract(&entries, &reduced, &vectors, Some(mode));
                    let start = self.offsets[q];
                    row[start..start + partial.len()].clone_from_slice(&partial);
                }
                rows.push(row);
            }
        }
        rows
    }

    /// The side conditions at `z`: for each player, how much more than the support's first
    /// strategy each strategy outside the support pays (an equilibrium has all ≤ 0).
    pub fn side_values<S: Coefficients>(&self, z: &[S]) -> Vec<S> {
        self.contracted(z, |p| self.side[p].iter().collect())
    }

    /// Narrows a box of unknowns to the part where a root that is an equilibrium can lie;
    /// `false` when there is none. Each player's probabilities are at least 0 and sum to 1,
    /// which bounds every unknown by what the others leave; and on the product of the
    /// players' simplices each payoff difference ranges over no more than
    /// [`simplex_range`] gives: an indifference that cannot be 0, or an outside strategy
    /// that surely pays more, rules the box out.
    pub fn narrow(&self, z: &mut [Interval]) -> bool {
        let mut x = Vec::with_capacity(self.supports.len());
        for p in 0..self.supports.len() {
            let range = self.offsets[p]..self.offsets[p] + self.supports[p].len() - 1;
            match narrow_to_simplex(&mut z[range]) {
                Some(left) => x.push(left),
                None => return false,
            }
        }
        let z: &[Interval] = z;
        let x: Vec<Vec<Interval>> = x
            .into_iter()
            .enumerate()
            .map(|(p, left)| {
                std::iter::once(left)
                    .chain(self.block(z, p).iter().copied())
                    .collect()
            })
            .collect();
        // A box where some probability is below the search's resolution holds only roots on
        // (or within that resolution of) a face of the simplices: the smaller support's
        // concern. Without this, a continuum of solutions lying in a face would be covered
        // by ever thinner boxes.
        if x.iter()
            .flatten()
            .any(|i| i.hi < crate::krawczyk::MIN_WIDTH)
        {
            return false;
        }
        (0..self.supports.len()).all(|p| {
            let boxes: Vec<&[Interval]> = self.others[p].iter().map(|&q| &x[q][..]).collect();
            let dims = &self.dims[p];
            self.equations[p]
                .iter()
                .all(|e| simplex_range(&e.value.float, dims, &boxes).contains_zero())
                && self.side[p]
                    .iter()
                    .all(|t| simplex_range(&t.float, dims, &boxes).lo <= 0.0)
        })
    }

    /// The full mixed profile of a solution: zeros off the supports.
    pub fn profile<S: Ring>(&self, z: &[S], shape: &[usize]) -> Vec<Vec<S>> {
        self.mixed(z)
            .into_iter()
            .enumerate()
            .map(|(p, x)| {
                let mut sigma = vec![S::nil(); shape[p]];
                for (&s, v) in self.supports[p].iter().zip(x) {
                    sigma[s] = v;
                }
                sigma
            })
            .collect()
    }
}

/// Narrows one player's unknowns (probabilities k ≥ 1) so that, with the first probability
/// 1 minus their sum, all lie in [0, 1]; returns that first probability's range, or `None`
/// when no such point is left.
fn narrow_to_simplex(z: &mut [Interval]) -> Option<Interval> {
    if z.iter().any(|i| i.hi < 0.0 || i.lo > 1.0) {
        return None;
    }
    for i in z.iter_mut() {
        *i = Interval::new(i.lo.max(0.0), i.hi.min(1.0));
    }
    let lows = z
        .iter()
        .fold(Interval::nil(), |acc, i| acc.add(&Interval::point(i.lo)));
    if lows.lo > 1.0 {
        return None;
    }
    for i in z.iter_mut() {
        // The most this one can take: what the others' least leave.
        let others_low = lows.sub(&Interval::point(i.lo));
        let hi = i.hi.min(Interval::unit().sub(&others_low).hi);
        if i.lo > hi {
            return None;
        }
        *i = Interval::new(i.lo, hi);
    }
    let sum = z.iter().fold(Interval::nil(), |acc, i| acc.add(i));
    let left = Interval::unit().sub(&sum);
    Interval::new(0.0, 1.0).intersect(&left)
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
            .map(|c| Interval::new(-simplex_max(|i| -c[i].lo, b), simplex_max(|i| c[i].hi, b)))
            .collect();
    }
    current[0]
}

/// An upper bound on max Σ_b w(b)·σ_b over σ with Σσ = 1 within the box `b`, by linear
/// programming duality: for every λ, Σ w·σ = λ + Σ (w(b) − λ)·σ_b, and each term is at most
/// its largest value over [lo_b, hi_b]. The λ of the greedy optimum makes the bound exact
/// up to rounding, which is directed upward.
fn simplex_max(w: impl Fn(usize) -> f64, b: &[Interval]) -> f64 {
    // Supports are small: order the weights on the stack when they fit.
    let mut stack = [0usize; 16];
    let mut heap = Vec::new();
    let order: &mut [usize] = if b.len() <= stack.len() {
        &mut stack[..b.len()]
    } else {
        heap.resize(b.len(), 0);
        &mut heap
    };
    for (i, o) in order.iter_mut().enumerate() {
        *o = i;
    }
    order.sort_unstable_by(|&i, &j| w(j).total_cmp(&w(i)));
    let mut left = 1.0 - b.iter().map(|i| i.lo).sum::<f64>();
    let mut lambda = w(order[order.len() - 1]);
    for &i in order.iter() {
        let room = b[i].hi - b[i].lo;
        if left <= room {
            lambda = w(i);
            break;
        }
        left -= room;
    }
    let lambda_i = Interval::point(lambda);
    let mut bound = lambda_i;
    for (i, bi) in b.iter().enumerate() {
        let c = Interval::point(w(i)).sub(&lambda_i).hi;
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
    enclosures: &[Interval],
    supports: &[Vec<usize>],
    others: &[usize],
    p: usize,
    s: usize,
) -> Tensor {
    let dims: Vec<usize> = others.iter().map(|&q| supports[q].len()).collect();
    let size: usize = dims.iter().product();
    let mut strategy = vec![0; supports.len()];
    let n = supports.len();
    let mut exact = Vec::with_capacity(size);
    let mut float = Vec::with_capacity(size);
    for mut index in 0..size {
        for (&q, &d) in others.iter().zip(&dims) {
            strategy[q] = supports[q][index % d];
            index /= d;
        }
        strategy[p] = s;
        let with = game.profile_index(&strategy);
        strategy[p] = supports[p][0];
        let base = game.profile_index(&strategy);
        exact.push(&game.payoffs_at(with)[p] - &game.payoffs_at(base)[p]);
        float.push(enclosures[with * n + p].sub(&enclosures[base * n + p]));
    }
    Tensor::new(exact, float)
}

/// Every payoff of `game` enclosed in floats, profile by profile, player by player.
pub fn payoff_enclosures(game: &NormalFormGame) -> Vec<Interval> {
    let count: usize = game.shape().iter().product();
    (0..count)
        .flat_map(|i| game.payoffs_at(i).iter().map(Interval::from_rational))
        .collect()
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
        assert_eq!(system.dim(), 3);
        // McKelvey and McLennan's totally mixed equilibrium ((1/2,1/2),(2/5,3/5),(1/4,3/4)):
        // the unknowns are each player's second probability.
        let z = [q(1, 2), q(3, 5), q(3, 4)];
        assert!(system.values(&z).iter().all(|v| v == &integer(0)));
        assert!(system.side_values(&z).is_empty());
        assert_eq!(system.mixed(&z)[2], vec![q(1, 4), q(3, 4)]);
        let y = [q(2, 3), q(3, 5), q(3, 4)];
        assert!(system.values(&y).iter().any(|v| v != &integer(0)));
    }

    proptest! {
        /// The system's value at a profile is the payoff differences computed directly, and
        /// the Jacobian is the exact difference quotient (the equations are affine in each
        /// unknown).
        #[test]
        fn values_and_jacobian_agree_with_the_game(
            payoffs in proptest::collection::vec(-5i64..5, 3 * 12),
            weights in proptest::collection::vec(-9i64..9, 9),
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
            let supports = vec![vec![0, 1], vec![0, 1, 2], vec![1]];
            let system = SupportSystem::new(&g, supports.clone());
            prop_assert_eq!(system.dim(), 3);
            let z: Vec<BigRational> = weights[..system.dim()].iter().map(|&w| q(w, 7)).collect();
            let profile = system.profile(&z, &g.shape());
            let values = system.values(&z);
            let side = system.side_values(&z);
            let (mut row, mut k) = (0, 0);
            for p in 0..3 {
                prop_assert_eq!(profile[p].iter().sum::<BigRational>(), integer(1));
                let u = g.strategy_payoffs(&profile, p);
                for &s in supports[p].iter().skip(1) {
                    prop_assert_eq!(&values[row], &(&u[s] - &u[supports[p][0]]));
                    row += 1;
                }
                for s in (0..g.shape()[p]).filter(|s| !supports[p].contains(s)) {
                    prop_assert_eq!(&side[k], &(&u[s] - &u[supports[p][0]]));
                    k += 1;
                }
            }
            let j = j % system.dim();
            let mut moved = z.clone();
            moved[j] += integer(h);
            let jac = system.jacobian(&z);
            for (row, (after, before)) in system.values(&moved).iter().zip(&values).enumerate() {
                prop_assert_eq!(&((after - before) / integer(h)), &jac[row][j]);
            }
        }
    }
}
