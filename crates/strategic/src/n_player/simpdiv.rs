//! One equilibrium of an n-player game by simplicial subdivision (`--method simpdiv`):
//! Merrill's restart algorithm on Freudenthal's triangulation, with the grid refined at
//! each restart (Merrill, "Applications and extensions of an algorithm that computes fixed
//! points of certain upper semi-continuous point to set mappings", PhD thesis, Michigan,
//! 1972; Todd, *The Computation of Fixed Points and Applications*, 1976, ch. 5).
//!
//! The mixed profiles are the points x of R^D, D = Σ_j (k_j − 1): each player's
//! probabilities but its first, the first being what they leave (a point outside the
//! product of simplices is projected onto it, player by player). The map F moves each
//! player's mixture by its strategies' payoffs and projects it back onto the simplex; its
//! fixed points are the equilibria (the variational-inequality form of Nash's conditions),
//! so they are the zeros of g(x) = F(x) − x, and a point where |g| ≤ ε has regret O(ε) —
//! unlike Nash's own map, whose near-fixed points can keep a regret of order √ε. Each point
//! gets an integer label: 0 when g(x) ≥ 0, else 1 + the first coordinate where g is least.
//! A simplex whose vertices carry all D + 1 labels lies, as the grid shrinks, on a zero of g.
//!
//! Such a simplex is found by door-in, door-out pivoting in the slab R^D × [0, 1],
//! triangulated by Freudenthal's rule (vertices on a grid of mesh δ in x, two layers in t).
//! On layer 0 the labels come from g₀(x) = c − x, whose only completely labelled simplex is
//! the one at the start c; from it a path of simplices, each entered by a facet of all
//! labels and left by the other, ends at a completely labelled simplex on layer 1, where
//! the labels are g's. The path cannot run off: far from the product of simplices g and g₀
//! point the same way. Then the grid is refined (δ halved) and the search restarts from the
//! centre of the simplex found, until the largest regret is below [`TARGET_REGRET`] of the
//! payoff range. As with the logit method, the floating-point end is made an exact or
//! certified equilibrium by [`super::nearby`].

use conway_core::{Progress, Work};

use crate::n_player::float_game::{FloatGame, FloatProfile};
use crate::n_player::nearby::{equilibrium_near, Nearby};
use crate::{NormalFormGame, StrategicError};

/// The regret (a fraction of the payoff range) at which the restarts stop.
pub const TARGET_REGRET: f64 = 1e-8;

/// The most pivots over all restarts.
pub const MAX_PIVOTS: u64 = 10_000_000;

/// The first grid's mesh.
const FIRST_MESH: f64 = 0.25;

/// Each restart's mesh, relative to the last (Gambit's default refinement, 2).
const REFINE: f64 = 0.5;

/// Grids finer than this cannot be told apart in floating point.
const MIN_MESH: f64 = 1e-14;

/// How many pivots pass between two progress reports.
const REPORT_EVERY: u64 = 1024;

/// Where the restarts ended, and the equilibrium found there.
#[derive(Clone, Debug)]
pub struct SubdivisionEnd {
    /// The equilibrium at the end, exact or certified, and how far it lies from the end;
    /// `None` when the end's supports gave none.
    pub equilibrium: Option<Nearby>,
    /// The last approximation.
    pub end: FloatProfile,
    /// Its largest regret, as a fraction of the game's payoff range.
    pub regret: f64,
    /// The mesh of the last grid.
    pub mesh: f64,
    /// The searches made, one per grid.
    pub restarts: usize,
    /// The pivots made over all of them.
    pub pivots: u64,
    /// Why the restarts ended before reaching the regret sought, if they did.
    pub stopped: Option<SubdivisionStop>,
}

/// Why the restarts ended early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SubdivisionStop {
    /// [`MAX_PIVOTS`] pivots were made.
    Pivots,
    /// The grid reached the finest floating point can hold.
    Mesh,
}

impl SubdivisionStop {
    /// In words.
    pub fn text(self) -> &'static str {
        match self {
            SubdivisionStop::Pivots => "the pivot limit was reached",
            SubdivisionStop::Mesh => "the grid cannot be refined further in floating point",
        }
    }
}

/// An equilibrium of `game` by simplicial subdivision from the centroid, exact or certified
/// (irrational ones to `digits` digits).
pub fn simplicial_subdivision(
    game: &NormalFormGame,
    digits: usize,
    progress: &dyn Progress,
) -> Result<SubdivisionEnd, StrategicError> {
    let map = ProjectedStep::new(FloatGame::new(game));
    let mut centre = map.coordinates(&map.game.centroid());
    let mut mesh = FIRST_MESH;
    let mut restarts = 0;
    let mut pivots = 0;
    let mut stopped = None;
    loop {
        let end = map.profile(&centre);
        let regret = map.game.regret(&end);
        if regret <= TARGET_REGRET || stopped.is_some() {
            let equilibrium = equilibrium_near(game, &end, digits)?;
            return Ok(SubdivisionEnd {
                equilibrium,
                end,
                regret,
                mesh,
                restarts,
                pivots,
                stopped,
            });
        }
        if mesh * REFINE < MIN_MESH {
            stopped = Some(SubdivisionStop::Mesh);
            continue;
        }
        mesh *= REFINE;
        restarts += 1;
        match map.search(&centre, mesh, &mut pivots, progress)? {
            Some(found) => centre = map.coordinates(&map.profile(&found)),
            None => stopped = Some(SubdivisionStop::Pivots),
        }
    }
}

/// The map F on the coordinates x — each player's mixture moved by its payoffs and
/// projected back onto its simplex — and the searches for its fixed points.
struct ProjectedStep {
    game: FloatGame,
    /// Where each player's coordinates start in x.
    offsets: Vec<usize>,
    /// D, the number of coordinates.
    dim: usize,
}

impl ProjectedStep {
    fn new(game: FloatGame) -> ProjectedStep {
        let mut offsets = Vec::with_capacity(game.players());
        let mut dim = 0;
        for &k in &game.shape {
            offsets.push(dim);
            dim += k - 1;
        }
        ProjectedStep { game, offsets, dim }
    }

    /// A profile's coordinates: every probability but each player's first.
    fn coordinates(&self, p: &FloatProfile) -> Vec<f64> {
        p.iter().flat_map(|s| s[1..].iter().copied()).collect()
    }

    /// The profile at x: each player's probabilities, the first what the others leave,
    /// projected onto the simplex (nearest point) when x lies outside it.
    fn profile(&self, x: &[f64]) -> FloatProfile {
        self.game
            .shape
            .iter()
            .zip(&self.offsets)
            .map(|(&k, &o)| {
                let rest = &x[o..o + k - 1];
                let mut p = Vec::with_capacity(k);
                p.push(1.0 - rest.iter().sum::<f64>());
                p.extend_from_slice(rest);
                onto_simplex(p)
            })
            .collect()
    }

    /// g(x) = F(x) − x, in coordinates, F each player's mixture moved by its payoffs and
    /// projected back onto the simplex.
    fn displacement(&self, x: &[f64]) -> Vec<f64> {
        let p = self.profile(x);
        let u = self.game.strategy_payoffs(&p);
        let image: FloatProfile = p
            .iter()
            .zip(&u)
            .map(|(pi, ui)| onto_simplex(pi.iter().zip(ui).map(|(a, b)| a + b).collect()))
            .collect();
        self.coordinates(&image)
            .iter()
            .zip(x)
            .map(|(f, x)| f - x)
            .collect()
    }

    /// One search on the grid of mesh `mesh` started at `centre`: the centre of the
    /// completely labelled simplex reached on layer 1, or `None` when the pivots ran out.
    fn search(
        &self,
        centre: &[f64],
        mesh: f64,
        pivots: &mut u64,
        progress: &dyn Progress,
    ) -> Result<Option<Vec<f64>>, StrategicError> {
        let d = self.dim;
        let layer = d; // the coordinate t
        let mut simplex = Freudenthal::start(d);
        let point = |z: &[i64]| -> Vec<f64> {
            centre
                .iter()
                .zip(z)
                .map(|(c, &k)| c + mesh * k as f64)
                .collect()
        };
        let label_of = |v: &[i64]| -> usize {
            if v[layer] == 0 {
                // g₀(x) = c − x = −mesh·z.
                let g: Vec<f64> = v[..d].iter().map(|&k| -(k as f64)).collect();
                label(&g)
            } else {
                label(&self.displacement(&point(&v[..d])))
            }
        };
        let mut labels: Vec<usize> = (0..=d + 1).map(|i| label_of(&simplex.vertex(i))).collect();
        // Entered through the facet of layer 0, opposite the last vertex.
        let mut entered = d + 1;
        loop {
            let duplicate = labels[entered];
            let leave = (0..=d + 1)
                .find(|&i| i != entered && labels[i] == duplicate)
                .ok_or_else(|| {
                    StrategicError::Internal("a simplex lost the label it was entered by".into())
                })?;
            // The facet kept carries every label; on layer 1 it is the answer. On layer 0
            // it would be the start, which no path returns to.
            if simplex.facet_on_layer(leave, layer, 0) {
                return Err(StrategicError::Internal(
                    "a simplicial path returned to its start".into(),
                ));
            }
            if simplex.facet_on_layer(leave, layer, 1) {
                let facet: Vec<Vec<i64>> = (0..=d + 1)
                    .filter(|&i| i != leave)
                    .map(|i| simplex.vertex(i))
                    .collect();
                let mut mean = vec![0.0; d];
                for v in &facet {
                    for (m, x) in mean.iter_mut().zip(point(&v[..d])) {
                        *m += x / facet.len() as f64;
                    }
                }
                return Ok(Some(mean));
            }
            if *pivots >= MAX_PIVOTS {
                return Ok(None);
            }
            *pivots += 1;
            if pivots.is_multiple_of(REPORT_EVERY) {
                progress.advance(Work::open(*pivots, "pivots"))?;
            }
            entered = simplex.pivot(leave, &mut labels);
            labels[entered] = label_of(&simplex.vertex(entered));
        }
    }
}

/// The label of a point where the displacement is `g`: 0 when g ≥ 0, else 1 + the first
/// coordinate where g is least.
fn label(g: &[f64]) -> usize {
    let mut least = 0.0;
    let mut label = 0;
    for (i, &v) in g.iter().enumerate() {
        if v < least {
            least = v;
            label = i + 1;
        }
    }
    label
}

/// A simplex of Freudenthal's triangulation of Z^M: a base vertex and an order of the unit
/// steps, vertex i being the base plus the first i steps.
struct Freudenthal {
    base: Vec<i64>,
    order: Vec<usize>,
}

impl Freudenthal {
    /// The simplex of the slab's start: on layer 0 the steps down the coordinates from
    /// the last (the one simplex there whose labels by g₀ are all different), then up to
    /// layer 1.
    fn start(d: usize) -> Freudenthal {
        let mut order: Vec<usize> = (0..d).rev().collect();
        order.push(d);
        Freudenthal {
            base: vec![0; d + 1],
            order,
        }
    }

    /// Vertex i (0..=M).
    fn vertex(&self, i: usize) -> Vec<i64> {
        let mut v = self.base.clone();
        for &k in &self.order[..i] {
            v[k] += 1;
        }
        v
    }

    /// Whether every vertex but `left_out` lies on layer `value` of coordinate `layer`:
    /// vertices up to the step along `layer` lie on the base's layer, the rest one above.
    fn facet_on_layer(&self, left_out: usize, layer: usize, value: i64) -> bool {
        let m = self.order.len();
        let step = self.order.iter().position(|&k| k == layer).unwrap_or(m);
        let low = self.base[layer];
        // Vertices 0..=step are on layer `low`, step + 1..=m on `low + 1`: a facet lies on
        // one layer only when the one vertex on the other is left out.
        (value == low && step + 1 == m && left_out == m)
            || (value == low + 1 && step == 0 && left_out == 0)
    }

    /// Replaces vertex `out` by the one on the other side of the opposite facet (Todd,
    /// 1976, §4), moving `labels` along with the vertices; returns the new vertex's index.
    fn pivot(&mut self, out: usize, labels: &mut Vec<usize>) -> usize {
        let m = self.order.len();
        if out == 0 {
            let first = self.order.remove(0);
            self.base[first] += 1;
            self.order.push(first);
            labels.remove(0);
            labels.push(usize::MAX);
            m
        } else if out == m {
            let last = self.order.pop().expect("a step");
            self.base[last] -= 1;
            self.order.insert(0, last);
            labels.pop();
            labels.insert(0, usize::MAX);
            0
        } else {
            self.order.swap(out - 1, out);
            out
        }
    }
}

/// The point of the probability simplex nearest `p` (Euclidean projection: subtract the
/// one threshold that leaves the positive parts summing to 1).
fn onto_simplex(p: Vec<f64>) -> Vec<f64> {
    if p.iter().all(|&v| v >= 0.0) && (p.iter().sum::<f64>() - 1.0).abs() < 1e-15 {
        return p;
    }
    let mut sorted = p.clone();
    sorted.sort_by(|a, b| b.total_cmp(a));
    let mut sum = 0.0;
    let mut threshold = 0.0;
    for (i, &v) in sorted.iter().enumerate() {
        sum += v;
        let t = (sum - 1.0) / (i + 1) as f64;
        if v - t > 0.0 {
            threshold = t;
        }
    }
    p.iter().map(|v| (v - threshold).max(0.0)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::n_player::enumpoly::Found;
    use crate::nash::{solve, Method, Options};
    use crate::testing::{arb_game, gambit_g3};
    use conway_core::NoProgress;
    use num_traits::ToPrimitive;
    use proptest::prelude::*;

    /// Gambit 16.7's `simpdiv_solve` from the centroid on contrib/games/g3.nfg (van der
    /// Laan, Talman and van der Heyden's four-player game) ends at (0.2, 0.8), (1, 0),
    /// (1, 0), (0.666666, 0.333334); Conway reaches the same equilibrium, exactly.
    #[test]
    fn gambits_example_reaches_gambits_equilibrium() {
        let found = solve(
            &gambit_g3(),
            Some(Method::Simpdiv),
            Options::default(),
            &NoProgress,
        )
        .unwrap();
        let q = |n: i64, d: i64| num_rational::BigRational::new(n.into(), d.into());
        assert_eq!(
            found.equilibria,
            vec![Found::Exact(vec![
                vec![q(1, 5), q(4, 5)],
                vec![q(1, 1), q(0, 1)],
                vec![q(1, 1), q(0, 1)],
                vec![q(2, 3), q(1, 3)],
            ])]
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// A pivot replaces exactly the vertex dropped, and pivoting the new vertex out
        /// again restores the simplex (every facet is shared by exactly two simplices).
        #[test]
        fn pivots_are_door_in_door_out(d in 1usize..5, outs in proptest::collection::vec(0usize..6, 1..20)) {
            let mut s = Freudenthal::start(d);
            let mut labels = vec![0; d + 2];
            for out in outs {
                let out = out % (d + 2);
                let before: Vec<Vec<i64>> = (0..=d + 1).map(|i| s.vertex(i)).collect();
                let (base, order) = (s.base.clone(), s.order.clone());
                for left_out in 0..=d + 1 {
                    for value in -1..3 {
                        let brute = (0..=d + 1)
                            .filter(|&i| i != left_out)
                            .all(|i| s.vertex(i)[d] == value);
                        prop_assert_eq!(s.facet_on_layer(left_out, d, value), brute);
                    }
                }
                let new = s.pivot(out, &mut labels);
                let after: Vec<Vec<i64>> = (0..=d + 1).map(|i| s.vertex(i)).collect();
                for (i, v) in before.iter().enumerate() {
                    prop_assert_eq!(i == out, !after.contains(v));
                }
                prop_assert!(!before.contains(&after[new]));
                let back = s.pivot(new, &mut labels);
                prop_assert_eq!(&s.base, &base);
                prop_assert_eq!(&s.order, &order);
                prop_assert_eq!(back, out);
                s.pivot(out, &mut labels);
            }
        }

        /// The projection onto the simplex lands in it, and is the nearest point: no point
        /// of the simplex lies on the far side of the hyperplane through it normal to the
        /// move (checked at the vertices, which is enough).
        #[test]
        fn projection_is_onto_the_nearest_point(p in proptest::collection::vec(-3.0f64..3.0, 1..6)) {
            let q = onto_simplex(p.clone());
            prop_assert!(q.iter().all(|&v| v >= 0.0));
            prop_assert!((q.iter().sum::<f64>() - 1.0).abs() < 1e-12);
            for k in 0..p.len() {
                let side: f64 = (0..p.len())
                    .map(|i| (p[i] - q[i]) * (if i == k { 1.0 } else { 0.0 } - q[i]))
                    .sum();
                prop_assert!(side <= 1e-9, "{side}");
            }
        }

        /// On random three-player games the answer is an equilibrium that polynomial
        /// support enumeration lists too.
        #[test]
        fn answers_are_among_all_equilibria(g in arb_game(3, 2, 10)) {
            let found = solve(&g, Some(Method::Simpdiv), Options::default(), &NoProgress).unwrap();
            let all = solve(&g, Some(Method::Poly), Options::default(), &NoProgress).unwrap();
            prop_assume!(all.unsettled.is_empty());
            prop_assert_eq!(found.equilibria.len(), 1);
            let e = found.equilibria[0].profile();
            let close = |a: &crate::game::MixedProfile| {
                a.iter().flatten().zip(e.iter().flatten()).all(|(x, y)| {
                    (x.to_f64().unwrap() - y.to_f64().unwrap()).abs() < 1e-9
                })
            };
            prop_assert!(all.equilibria.iter().any(|f| close(f.profile())), "{e:?}");
        }
    }
}
