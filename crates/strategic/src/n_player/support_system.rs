//! The polynomial system of one support profile of an n-player game: the equations whose
//! solutions are the equilibria that use exactly those strategies.
//!
//! Player p mixes over its support T_p with probabilities x_{p,0}, …, x_{p,|T_p|−1}. The
//! unknowns are z_{p,k} = x_{p,k} for k ≥ 1, Σ(|T_p| − 1) of them; x_{p,0} is what they leave,
//! 1 − Σ_k z_{p,k}. Working on the simplices' own coordinates keeps the search boxes free of a
//! direction in which nothing can change. There are as many equations as unknowns:
//!
//! - `u_p(T_p[k], x_{−p}) − u_p(T_p[0], x_{−p}) = 0` for k ≥ 1: every strategy of the support
//!   pays what the first does. Each is multilinear in the other players' probabilities, and
//!   affine in each unknown.
//!
//! A solution is an equilibrium when it is positive on the supports and no strategy outside
//! them pays more: `u_p(s, x_{−p}) − u_p(T_p[0], x_{−p}) ≤ 0` (the side conditions).
//!
//! Each payoff difference is a tensor over the other players' supports; it is evaluated in
//! any [`Ring`] (float intervals to search, rationals to certify) by contracting one mode at
//! a time. Its derivative by z_{q,k} is the tensor differenced along q's mode (entry k minus
//! entry 0) with that mode left uncontracted, precomputed so that no interval is subtracted
//! from one it depends on.

use std::borrow::Cow;

use num_rational::BigRational;

use crate::n_player::interval::{Coefficients, Interval, Ring};
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
            let vectors = self.of_others(p, &x);
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
            let vectors = self.of_others(p, &x);
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
    /// that surely pays more, rules the box out. So does a combination of one player's
    /// indifferences that cannot be 0 ([`SupportSystem::combination_vanishes`]).
    pub fn narrow(&self, z: &mut [Interval]) -> bool {
        let Some(x) = self.probabilities(z) else {
            return false;
        };
        // The cheap tests first: most boxes fail them.
        if !self.each_can_hold(&x) {
            return false;
        }
        let Some(x) = self.contracted_by_kernels(z, x) else {
            return false;
        };
        let middles = middles(&x);
        (0..self.supports.len()).all(|p| {
            let boxes = self.of_others(p, &x);
            let middles = self.of_others(p, &middles);
            (0..boxes.len()).all(|mode| self.combination_vanishes(p, mode, &boxes, &middles))
        })
    }

    /// Player p's view of one vector per player: the other players' ones, in the order of
    /// p's tensors' modes.
    fn of_others<'a, T>(&self, p: usize, per_player: &'a [Vec<T>]) -> Vec<&'a [T]> {
        self.others[p].iter().map(|&q| &per_player[q][..]).collect()
    }

    /// The probabilities `x` over the box `z` narrowed by [`SupportSystem::kernel_enclosure`]
    /// wherever it applies, `z` narrowed with them to the simplices again, and the tests of
    /// [`SupportSystem::each_can_hold`] repeated on what is left; `None` when nothing is.
    fn contracted_by_kernels(
        &self,
        z: &mut [Interval],
        mut x: Vec<Vec<Interval>>,
    ) -> Option<Vec<Vec<Interval>>> {
        let centres = middles(&x);
        let mut tighter: Vec<(usize, usize, Interval)> = Vec::new();
        for p in 0..self.supports.len() {
            let boxes = self.of_others(p, &x);
            let mids = self.of_others(p, &centres);
            for (mode, &q) in self.others[p].iter().enumerate() {
                if let Some(ranges) = self.kernel_enclosure(p, mode, &boxes, &mids) {
                    let first = x[q].len() - ranges.len();
                    let at = ranges.into_iter().enumerate();
                    tighter.extend(at.map(|(i, r)| (q, first + i, r)));
                }
            }
        }
        if tighter.is_empty() {
            return Some(x);
        }
        for (q, i, range) in tighter {
            x[q][i] = x[q][i].intersect(&range)?;
        }
        for (p, xp) in x.iter().enumerate() {
            let start = self.offsets[p];
            z[start..start + xp.len() - 1].copy_from_slice(&xp[1..]);
        }
        let mut narrowed = self.probabilities(z)?;
        // The first probabilities are not unknowns: keep what the kernels said of them.
        for (np, xp) in narrowed.iter_mut().zip(&x) {
            np[0] = np[0].intersect(&xp[0])?;
        }
        self.each_can_hold(&narrowed).then_some(narrowed)
    }

    /// Whether every indifference can vanish, and no strategy outside the supports surely
    /// pays more, for the probabilities `x`, each bounded alone.
    fn each_can_hold(&self, x: &[Vec<Interval>]) -> bool {
        (0..self.supports.len()).all(|p| {
            let boxes = self.of_others(p, x);
            let dims = &self.dims[p];
            self.equations[p]
                .iter()
                .all(|e| simplex_range(&e.value.float, dims, &boxes).contains_zero())
                && self.side[p]
                    .iter()
                    .all(|t| simplex_range(&t.float, dims, &boxes).lo <= 0.0)
        })
    }

    /// Every player's probabilities over the box `z`, after narrowing `z` to the
    /// simplices; `None` when the box misses them, or holds only points where some
    /// probability is below the search's resolution.
    fn probabilities(&self, z: &mut [Interval]) -> Option<Vec<Vec<Interval>>> {
        let mut x: Vec<Vec<Interval>> = Vec::with_capacity(self.supports.len());
        for p in 0..self.supports.len() {
            let range = self.offsets[p]..self.offsets[p] + self.supports[p].len() - 1;
            let left = narrow_to_simplex(&mut z[range.clone()])?;
            x.push(
                std::iter::once(left)
                    .chain(z[range].iter().copied())
                    .collect(),
            );
        }
        // A box where some probability is below the search's resolution holds only roots on
        // (or within that resolution of) a face of the simplices: the smaller support's
        // concern. Without this, a continuum of solutions lying in a face would be covered
        // by ever thinner boxes.
        (!x.iter()
            .flatten()
            .any(|i| i.hi < crate::n_player::krawczyk::MIN_WIDTH))
        .then_some(x)
    }

    /// Player p's indifferences at the middle of the box, as linear forms in the mixture
    /// of the player at `mode` (rows: equations, columns: that player's strategies).
    fn linear_part(&self, p: usize, mode: usize, middles: &[&[Interval]]) -> Vec<Vec<f64>> {
        self.equations[p]
            .iter()
            .map(|e| {
                contract(&e.value.float, &self.dims[p], middles, Some(mode))
                    .iter()
                    .map(Interval::mid)
                    .collect()
            })
            .collect()
    }

    /// Σ_k weights[k]·(player p's k-th indifference) plus `plus`, as one tensor.
    fn combined(&self, p: usize, weights: &[f64], plus: impl Fn(usize) -> f64) -> Vec<Interval> {
        let equations = &self.equations[p];
        let mut out: Vec<Interval> = (0..equations[0].value.float.len())
            .map(|t| Interval::point(plus(t)))
            .collect();
        for (e, &w) in equations.iter().zip(weights) {
            let w = Interval::point(w);
            for (acc, t) in out.iter_mut().zip(&e.value.float) {
                *acc = acc.add(&w.mul(t));
            }
        }
        out
    }

    /// The range of a tensor of player p's over the box, the modes but `mode` bounded
    /// first: a combination made nearly constant along `mode` at the box's middle keeps
    /// that near-constancy in its bound.
    fn range_last(
        &self,
        p: usize,
        tensor: &[Interval],
        mode: usize,
        boxes: &[&[Interval]],
    ) -> Interval {
        let dims = &self.dims[p];
        let (moved, order) = mode_last(tensor, dims, mode);
        let moved_dims: Vec<usize> = order.iter().map(|&m| dims[m]).collect();
        let moved_boxes: Vec<&[Interval]> = order.iter().map(|&m| boxes[m]).collect();
        simplex_range(&moved, &moved_dims, &moved_boxes)
    }

    /// Whether a combination of player p's indifferences, chosen to be nearly the same
    /// positive number for every pure strategy of the player at `mode`, can vanish on the
    /// box. At fixed strategies of the rest, p's equations are linear in that player's
    /// mixture σ: C·σ = 0. Where C has full column rank, λ = C(CᵀC)⁻¹1 gives λᵀC = 1 at
    /// the box's middle, and λᵀC·σ > 0 for every σ in the simplex near it: no root. Each
    /// equation alone cannot see this, since each vanishes on a whole face of the box.
    fn combination_vanishes(
        &self,
        p: usize,
        mode: usize,
        boxes: &[&[Interval]],
        middles: &[&[Interval]],
    ) -> bool {
        // With one equation fewer than strategies, the kernel contraction has done this.
        let d = self.dims[p][mode];
        if d < 2 || self.equations[p].is_empty() || self.equations[p].len() + 1 == d {
            return true;
        }
        let Some(lambda) = sign_definite_combination(&self.linear_part(p, mode, middles)) else {
            return true;
        };
        let combined = self.combined(p, &lambda, |_| 0.0);
        self.range_last(p, &combined, mode, boxes).contains_zero()
    }

    /// Where each probability of the player at `mode` can lie at a root in the box, when
    /// player p has one indifference fewer than that player has strategies. Then C·σ = 0
    /// and Σσ = 1 are as many equations as σ has entries, and with P an inverse of
    /// (C; 1ᵀ) at the box's middle, σ_i = σ_i − Σ_k P_ik·(C·σ)_k at every root: a
    /// combination of the indifferences plus σ_i, nearly constant on the box (Krawczyk's
    /// idea, for one player's mixture at a time). The enclosures are of σ's last entries
    /// (all of them, or σ₁ alone when σ has two). `None` when there is nothing to narrow.
    fn kernel_enclosure(
        &self,
        p: usize,
        mode: usize,
        boxes: &[&[Interval]],
        middles: &[&[Interval]],
    ) -> Option<Vec<Interval>> {
        let dims = &self.dims[p];
        let d = dims[mode];
        if d < 2 || self.equations[p].len() + 1 != d {
            return None;
        }
        let mut square = self.linear_part(p, mode, middles);
        square.push(vec![1.0; d]);
        let inverse = crate::n_player::krawczyk::inverse(square)?;
        let inner: usize = dims[..mode].iter().product();
        // With two strategies, the second probability's range gives the first's.
        Some(
            (usize::from(d == 2)..d)
                .map(|i| {
                    // −Σ_k P_ik·E_k, plus the tensor that contracts to σ_i.
                    let weights: Vec<f64> = inverse[i][..d - 1].iter().map(|v| -v).collect();
                    let at_i = |t: usize| if (t / inner) % d == i { 1.0 } else { 0.0 };
                    let g = self.combined(p, &weights, at_i);
                    self.range_last(p, &g, mode, boxes)
                })
                .collect(),
        )
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

/// An enclosure of `Σ_t tensor[t] · Π_j σ_j(t_j)` over every σ_j in the simplex within the
/// box `boxes[j]`, modes first-fastest with sizes `dims`. Each mode is bounded by the
/// linear program over the simplex, which interval arithmetic overestimates far less
/// than a plain interval dot product.
pub fn simplex_range(tensor: &[Interval], dims: &[usize], boxes: &[&[Interval]]) -> Interval {
    let range = |c: &[Interval], b: &[Interval]| {
        Interval::new(-simplex_max(|i| -c[i].lo, b), simplex_max(|i| c[i].hi, b))
    };
    let mut current: Vec<Interval> = Vec::new();
    for (mode, (&d, b)) in dims.iter().zip(boxes).enumerate() {
        // The first mode reads the tensor itself; later ones what the last one left.
        current = if mode == 0 {
            tensor.chunks(d).map(|c| range(c, b)).collect()
        } else {
            current.chunks(d).map(|c| range(c, b)).collect()
        };
    }
    current.first().copied().unwrap_or(tensor[0])
}

/// An upper bound on max Σ_b w(b)·σ_b over σ with Σσ = 1 within the box `b`, by linear
/// programming duality: for every λ, Σ w·σ = λ + Σ (w(b) − λ)·σ_b, and each term is at most
/// its largest value over [lo_b, hi_b]. The λ of the greedy optimum makes the bound exact
/// up to rounding, which is directed upward.
fn simplex_max(w: impl Fn(usize) -> f64, b: &[Interval]) -> f64 {
    if b.len() == 1 {
        // The one probability is 1 (or the box holds no point of the simplex).
        return w(0);
    }
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
    if order.len() == 2 {
        if w(1) > w(0) {
            order.swap(0, 1);
        }
    } else {
        order.sort_unstable_by(|&i, &j| w(j).total_cmp(&w(i)));
    }
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
    // Each operation rounded to nearest and then stepped up one float bounds the exact
    // result from above. An upper bound c on w(b) − λ bounds each product c·σ_b from above
    // because probabilities are not negative.
    let mut bound = lambda;
    for (i, bi) in b.iter().enumerate() {
        debug_assert!(bi.lo >= 0.0, "{bi:?}");
        let c = (w(i) - lambda).next_up();
        let term = (c * bi.hi).max(c * bi.lo).next_up();
        bound = (bound + term).next_up();
    }
    bound
}

/// Weights λ on the rows of `c` (r × d) with λᵀc > 0 in every column, found as λᵀc = t for
/// a positive t in c's row space, or `None` when that fails. With full column rank any t
/// will do (t = 1, λ = c(cᵀc)⁻¹t). Otherwise t must be orthogonal to c's kernel: with κ the
/// part of 1 in the kernel, t weighs κ's positive and negative entries so as to cancel —
/// exactly orthogonal when the kernel is a line; when κ has one sign, c·σ = 0 probably has
/// a solution in the simplex, and there is nothing to find.
fn sign_definite_combination(c: &[Vec<f64>]) -> Option<Vec<f64>> {
    let (r, d) = (c.len(), c[0].len());
    let dot = |a: &[f64], b: &[f64]| -> f64 { a.iter().zip(b).map(|(x, y)| x * y).sum() };
    let times =
        |m: &[Vec<f64>], v: &[f64]| -> Vec<f64> { m.iter().map(|row| dot(row, v)).collect() };
    let ones = vec![1.0; d];
    if r >= d {
        let gram: Vec<Vec<f64>> = (0..d)
            .map(|a| {
                (0..d)
                    .map(|b| c.iter().map(|row| row[a] * row[b]).sum())
                    .collect()
            })
            .collect();
        let w = times(&crate::n_player::krawczyk::inverse(gram)?, &ones);
        return Some(times(c, &w));
    }
    let gram: Vec<Vec<f64>> = c.iter().map(|a| times(c, a)).collect();
    let inv = crate::n_player::krawczyk::inverse(gram)?;
    // λ = (ccᵀ)⁻¹c·t solves λᵀc = t for t in the row space.
    let weights = |t: &[f64]| times(&inv, &times(c, t));
    let lambda = weights(&ones);
    let kernel: Vec<f64> = (0..d)
        .map(|j| 1.0 - lambda.iter().zip(c).map(|(l, row)| l * row[j]).sum::<f64>())
        .collect();
    let plus: f64 = kernel.iter().map(|k| k.max(0.0)).sum();
    let minus: f64 = kernel.iter().map(|k| (-k).max(0.0)).sum();
    let scale = plus + minus;
    if scale <= 1e-12 * d as f64 {
        return Some(lambda);
    }
    if plus <= 1e-9 * scale || minus <= 1e-9 * scale {
        return None;
    }
    let t: Vec<f64> = kernel
        .iter()
        .map(|&k| {
            if k > 0.0 {
                1.0 / plus
            } else if k < 0.0 {
                1.0 / minus
            } else {
                0.5 / plus + 0.5 / minus
            }
        })
        .collect();
    Some(weights(&t))
}

/// The middle of every probability's range, as a point.
fn middles(x: &[Vec<Interval>]) -> Vec<Vec<Interval>> {
    x.iter()
        .map(|b| b.iter().map(|i| Interval::point(i.mid())).collect())
        .collect()
}

/// The tensor with its modes reordered so that `mode` comes last, and the new order.
fn mode_last<S: Clone>(tensor: &[S], dims: &[usize], mode: usize) -> (Vec<S>, Vec<usize>) {
    let order: Vec<usize> = (0..dims.len())
        .filter(|&m| m != mode)
        .chain(std::iter::once(mode))
        .collect();
    let inner: usize = dims[..mode].iter().product();
    let d = dims[mode];
    let outer = tensor.len() / (inner * d);
    // Old index i + inner·(k + d·o) goes to (i + inner·o) + inner·outer·k.
    let mut moved = Vec::with_capacity(tensor.len());
    for k in 0..d {
        for o in 0..outer {
            for i in 0..inner {
                moved.push(tensor[i + inner * (k + d * o)].clone());
            }
        }
    }
    (moved, order)
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

/// `Σ_t tensor[t] · Π_j vectors[j][t_j]` over every mode but `keep`, the modes first-fastest
/// with sizes `dims`: one value, or with `keep` a vector over that mode (the partial
/// derivative by each of that mode's unknowns).
pub fn contract<S: Ring>(
    tensor: &[S],
    dims: &[usize],
    vectors: &[&[S]],
    keep: Option<usize>,
) -> Vec<S> {
    let mut current: Cow<[S]> = Cow::Borrowed(tensor);
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
        current = Cow::Owned(next);
    }
    current.into_owned()
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

    /// Player 1's indifferences in a 3×3 bimatrix game are y₀ − y₁ + y₂ = 0 and
    /// y₀ + 2y₁ − y₂ = 0: each alone holds on part of player 2's simplex, together only
    /// on the line through (1, −2, −3), which misses it. So no box holds a root.
    #[test]
    fn a_combination_of_indifferences_rules_out_what_each_one_allows() {
        let a = crate::testing::int_matrix(&[&[0, 0, 0], &[1, -1, 1], &[1, 2, -1]]);
        let b = crate::testing::int_matrix(&[&[1, 2, 3], &[3, 1, 2], &[2, 3, 1]]);
        let g = NormalFormGame::bimatrix(&a, &b).unwrap();
        let system = SupportSystem::new(&g, vec![vec![0, 1, 2]; 2]);
        let mut whole = vec![Interval::new(0.0, 1.0); 4];
        assert!(!system.narrow(&mut whole));
        // Each equation alone vanishes somewhere on the simplex.
        let simplex = [Interval::new(0.0, 1.0); 3];
        let boxes: Vec<&[Interval]> = vec![&simplex];
        for e in &system.equations[0] {
            assert!(simplex_range(&e.value.float, &[3], &boxes).contains_zero());
        }
    }

    /// In the three-player coordination game (each gets 1 when all three choose the
    /// same of three strategies, Gambit's contrib/games/coord333.nfg), player 1 is
    /// indifferent when y_i·z_i is the same for every i: given z, that fixes y. So in a
    /// box around the uniform root, narrow in z and wide in y, y is contracted to about
    /// z's width.
    #[test]
    fn the_kernel_of_the_indifferences_contracts_a_box_around_a_root() {
        let payoffs: Vec<Vec<BigRational>> = (0..27)
            .map(|i| {
                let same = i % 3 == (i / 3) % 3 && i % 3 == i / 9;
                vec![integer(same as i64); 3]
            })
            .collect();
        let g = crate::testing::numbered_game(&[3, 3, 3], payoffs);
        let system = SupportSystem::new(&g, vec![vec![0, 1, 2]; 3]);
        let third = 1.0 / 3.0;
        let near = Interval::new(third - 0.01, third + 0.01);
        let far = Interval::new(third - 0.1, third + 0.1);
        let mut around = vec![near, near, far, far, near, near];
        assert!(system.narrow(&mut around));
        for i in &around {
            assert!(i.lo < third && third < i.hi);
            assert!(i.width() <= 0.1, "{i:?}");
        }
    }

    /// `game` changed so that `sigma` (positive, one mixture per player) makes every
    /// player indifferent among all its strategies: each player's payoffs for strategy k
    /// are shifted by what k lacks against `sigma`.
    fn planting(game: &NormalFormGame, sigma: &[Vec<BigRational>]) -> NormalFormGame {
        let shape = game.shape();
        let n = shape.len();
        let shifts: Vec<Vec<BigRational>> = (0..n)
            .map(|p| {
                let u = game.strategy_payoffs(&sigma.to_vec(), p);
                u.iter().map(|v| &u[0] - v).collect()
            })
            .collect();
        let count: usize = shape.iter().product();
        let payoffs = (0..count)
            .map(|index| {
                let mut rest = index;
                let strategy: Vec<usize> = shape
                    .iter()
                    .map(|&d| {
                        let s = rest % d;
                        rest /= d;
                        s
                    })
                    .collect();
                let at = game.profile_index(&strategy);
                (0..n)
                    .map(|p| &game.payoffs_at(at)[p] + &shifts[p][strategy[p]])
                    .collect()
            })
            .collect();
        crate::testing::numbered_game(&shape, payoffs)
    }

    proptest! {
        /// Narrowing never loses a root: in a game made to have a totally mixed
        /// equilibrium, every box around it survives, however lopsided.
        #[test]
        fn narrowing_keeps_every_box_around_a_root(
            game in crate::testing::arb_game(3, 4, 6),
            weights in proptest::collection::vec(1i64..6, 12),
            reach in proptest::collection::vec((1u32..300, 1u32..300), 12),
        ) {
            let shape = game.shape();
            let mut w = weights.iter();
            let sigma: Vec<Vec<BigRational>> = shape
                .iter()
                .map(|&d| {
                    let raw: Vec<i64> = (0..d).map(|_| *w.next().unwrap()).collect();
                    let total: i64 = raw.iter().sum();
                    raw.iter().map(|&r| q(r, total)).collect()
                })
                .collect();
            let planted = planting(&game, &sigma);
            let supports: Vec<Vec<usize>> = shape.iter().map(|&d| (0..d).collect()).collect();
            let system = SupportSystem::new(&planted, supports);
            let z: Vec<BigRational> =
                sigma.iter().flat_map(|s| s[1..].iter().cloned()).collect();
            prop_assert!(system.values(&z).iter().all(|v| v == &integer(0)));
            let mut around: Vec<Interval> = z
                .iter()
                .zip(&reach)
                .map(|(v, &(below, above))| {
                    let v = Interval::from_rational(v);
                    Interval::new(v.lo - below as f64 / 1000.0, v.hi + above as f64 / 1000.0)
                })
                .collect();
            prop_assert!(system.narrow(&mut around));
        }

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
