//! Maximum matchings, and which vertices every maximum matching covers.
//!
//! A vertex is *essential* when every maximum matching covers it, which is when deleting it
//! lowers the matching number (Gallai–Edmonds: the others form D(G)). [`root_deletion`]
//! answers, for the root of a connected graph, whether it is essential, and if so which of
//! its neighbours some maximum matching of the graph without the root misses.
//!
//! Bipartite graphs get Hopcroft–Karp and then a single alternating search (König): the
//! vertices missed by some maximum matching are those an even alternating path reaches from
//! an unmatched vertex. Other graphs get Edmonds' blossom algorithm, with one
//! augmenting-path search per question, since deleting one vertex changes the matching
//! number by at most one.

mod blossom;
mod hopcroft_karp;

use std::collections::VecDeque;

use crate::{GraphError, Multigraph};
use blossom::Blossom;
use hopcroft_karp::{hopcroft_karp, missed_by_some};

/// The most vertices in a graph with an odd cycle that [`root_deletion`] accepts: the
/// blossom algorithm used there is cubic in the worst case.
pub const MAX_BLOSSOM_VERTICES: usize = 5_000;

/// A vertex that is not there: no mate, not yet coloured.
const NONE: u32 = u32::MAX;

/// How the maximum matchings were found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchingMethod {
    /// The graph is bipartite: Hopcroft–Karp, `O(E √V)`.
    HopcroftKarp,
    /// The graph has an odd cycle: Edmonds' blossom algorithm.
    Blossom,
}

/// A simple undirected graph (no loops, no repeated edges) on `0..len`, vertex 0 being the
/// root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimpleGraph {
    start: Vec<usize>,
    adj: Vec<u32>,
}

impl SimpleGraph {
    /// The simple graph of the component of `root` in `g` (loops dropped, repeated edges
    /// kept once), its vertices numbered from 0 = `root` in breadth-first order, with the
    /// number in `g` of each.
    ///
    /// # Panics
    ///
    /// If `root` is not a vertex of `g`.
    pub fn component(g: &Multigraph, root: u32) -> (SimpleGraph, Vec<u32>) {
        let n = g.vertex_count();
        let mut degree = vec![0usize; n + 1];
        for &(u, v) in g.edges() {
            if u != v {
                degree[u as usize + 1] += 1;
                degree[v as usize + 1] += 1;
            }
        }
        for i in 0..n {
            degree[i + 1] += degree[i];
        }
        let mut fill = degree.clone();
        let mut all = vec![0u32; degree[n]];
        for &(u, v) in g.edges() {
            if u != v {
                all[fill[u as usize]] = v;
                fill[u as usize] += 1;
                all[fill[v as usize]] = u;
                fill[v as usize] += 1;
            }
        }
        let neighbours = |v: u32| &all[degree[v as usize]..degree[v as usize + 1]];

        let mut local = vec![NONE; n];
        let mut global = vec![root];
        local[root as usize] = 0;
        let mut i = 0;
        while i < global.len() {
            let v = global[i];
            i += 1;
            for &w in neighbours(v) {
                if local[w as usize] == NONE {
                    local[w as usize] = global.len() as u32;
                    global.push(w);
                }
            }
        }
        let mut start = Vec::with_capacity(global.len() + 1);
        let mut adj = Vec::new();
        start.push(0);
        let mut row: Vec<u32> = Vec::new();
        for &v in &global {
            row.clear();
            row.extend(neighbours(v).iter().copied());
            row.sort_unstable();
            row.dedup();
            adj.extend(row.iter().map(|&w| local[w as usize]));
            start.push(adj.len());
        }
        (SimpleGraph { start, adj }, global)
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.start.len() - 1
    }

    /// True when the graph has no vertex (never, for a component).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The neighbours of `v`, in increasing order of the original vertex numbers.
    ///
    /// # Panics
    ///
    /// If `v` is not a vertex of the graph.
    pub fn neighbours(&self, v: u32) -> &[u32] {
        &self.adj[self.start[v as usize]..self.start[v as usize + 1]]
    }

    /// The two sides of a bipartite graph (`true`: the side of the neighbours of the first
    /// vertex of each component), or `None` when there is an odd cycle.
    pub fn two_colouring(&self) -> Option<Vec<bool>> {
        let n = self.len();
        let mut colour = vec![NONE; n];
        let mut queue = VecDeque::new();
        for s in 0..n as u32 {
            if colour[s as usize] != NONE {
                continue;
            }
            colour[s as usize] = 0;
            queue.push_back(s);
            while let Some(v) = queue.pop_front() {
                for &w in self.neighbours(v) {
                    if colour[w as usize] == NONE {
                        colour[w as usize] = 1 - colour[v as usize];
                        queue.push_back(w);
                    } else if colour[w as usize] == colour[v as usize] {
                        return None;
                    }
                }
            }
        }
        Some(colour.into_iter().map(|c| c == 1).collect())
    }
}

/// What deleting the root (vertex 0) does to the maximum matchings of a graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootDeletion {
    /// Whether every maximum matching covers the root (deleting it lowers the matching
    /// number).
    pub root_is_essential: bool,
    /// The matching number of the graph.
    pub matching_number: usize,
    /// The matching number without the root: one less exactly when the root is essential.
    pub matching_number_without_root: usize,
    /// When the root is essential, the neighbours of the root that some maximum matching of
    /// the graph without the root misses, in [`SimpleGraph::neighbours`] order; otherwise
    /// empty.
    pub inessential_neighbours: Vec<u32>,
    /// How the matchings were found.
    pub method: MatchingMethod,
}

/// Whether the root of `g` is essential, and which of its neighbours are not once it is
/// deleted: Hopcroft–Karp when `g` is bipartite, the blossom algorithm otherwise (refused
/// above [`MAX_BLOSSOM_VERTICES`] vertices).
pub fn root_deletion(g: &SimpleGraph) -> Result<RootDeletion, GraphError> {
    match g.two_colouring() {
        Some(side) => Ok(bipartite(g, &side)),
        None if g.len() > MAX_BLOSSOM_VERTICES => Err(GraphError::TooLarge {
            what: "vertices in a component with an odd cycle (Edmonds' blossom algorithm is \
                   cubic)"
                .to_string(),
            size: g.len() as u64,
            limit: MAX_BLOSSOM_VERTICES as u64,
        }),
        None => Ok(general(g)),
    }
}

fn matched_pairs(mate: &[u32]) -> usize {
    mate.iter().filter(|&&m| m != NONE).count() / 2
}

/// The answer when the root is not essential.
fn inessential_root(matching: usize, method: MatchingMethod) -> RootDeletion {
    RootDeletion {
        root_is_essential: false,
        matching_number: matching,
        matching_number_without_root: matching,
        inessential_neighbours: Vec::new(),
        method,
    }
}

/// [`root_deletion`] on a bipartite graph (`side[v]`: which side `v` is on).
fn bipartite(g: &SimpleGraph, side: &[bool]) -> RootDeletion {
    let mut mate = hopcroft_karp(g, side);
    let matching = matched_pairs(&mate);
    if missed_by_some(g, &mate, None)[0] {
        return inessential_root(matching, MatchingMethod::HopcroftKarp);
    }
    // The root is in every maximum matching, so the matching without its edge is maximum
    // in G − root.
    let w = mate[0];
    mate[0] = NONE;
    mate[w as usize] = NONE;
    let missed = missed_by_some(g, &mate, Some(0));
    RootDeletion {
        root_is_essential: true,
        matching_number: matching,
        matching_number_without_root: matching - 1,
        inessential_neighbours: g
            .neighbours(0)
            .iter()
            .copied()
            .filter(|&u| missed[u as usize])
            .collect(),
        method: MatchingMethod::HopcroftKarp,
    }
}

/// [`root_deletion`] on any graph, by the blossom algorithm.
fn general(g: &SimpleGraph) -> RootDeletion {
    let mut b = Blossom::new(g);
    b.maximise();
    let matching = matched_pairs(&b.mate);
    let w = b.mate[0];
    if w == NONE {
        return inessential_root(matching, MatchingMethod::Blossom);
    }
    b.unmatch(0);
    b.removed[0] = true;
    if b.augment_from(w) {
        return inessential_root(matching, MatchingMethod::Blossom);
    }
    // The matching is now maximum in G − root; ask of each neighbour whether deleting it
    // too keeps the matching number.
    let maximum = b.mate.clone();
    let mut inessential = Vec::new();
    for &u in g.neighbours(0) {
        let x = maximum[u as usize];
        let missed = if x == NONE {
            true
        } else {
            b.mate.copy_from_slice(&maximum);
            b.unmatch(u);
            b.removed[u as usize] = true;
            let again = b.augment_from(x);
            b.removed[u as usize] = false;
            again
        };
        if missed {
            inessential.push(u);
        }
    }
    RootDeletion {
        root_is_essential: true,
        matching_number: matching,
        matching_number_without_root: matching - 1,
        inessential_neighbours: inessential,
        method: MatchingMethod::Blossom,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashMap;

    fn component(n: usize, edges: &[(u32, u32)], root: u32) -> SimpleGraph {
        SimpleGraph::component(&Multigraph::new(n, edges.to_vec()).unwrap(), root).0
    }

    /// The matching number of the vertices in `free` (a bit set), by trying both fates of
    /// the lowest free vertex: unmatched, or matched to each free neighbour.
    struct MatchingNumber<'g> {
        g: &'g SimpleGraph,
        memo: HashMap<u32, usize>,
    }

    impl MatchingNumber<'_> {
        fn of(&mut self, free: u32) -> usize {
            if free == 0 {
                return 0;
            }
            if let Some(&m) = self.memo.get(&free) {
                return m;
            }
            let v = free.trailing_zeros();
            let rest = free & !(1 << v);
            let mut best = self.of(rest);
            for &w in self.g.neighbours(v) {
                if rest >> w & 1 == 1 {
                    best = best.max(1 + self.of(rest & !(1 << w)));
                }
            }
            self.memo.insert(free, best);
            best
        }
    }

    fn random_graph() -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
        (1usize..=10).prop_flat_map(|n| {
            let edge = (0..n as u32, 0..n as u32);
            (Just(n), proptest::collection::vec(edge, 0..=22))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The matching numbers, the root's essentiality and its inessential neighbours
        /// after deletion agree with matching numbers computed by brute force.
        #[test]
        fn root_deletion_matches_brute_force((n, edges) in random_graph()) {
            for root in 0..n as u32 {
                let g = component(n, &edges, root);
                let all = (1u32 << g.len()) - 1;
                let mut nu = MatchingNumber { g: &g, memo: HashMap::new() };
                let r = root_deletion(&g).unwrap();
                prop_assert_eq!(r.matching_number, nu.of(all));
                prop_assert_eq!(r.matching_number_without_root, nu.of(all & !1));
                prop_assert_eq!(
                    r.root_is_essential,
                    r.matching_number > r.matching_number_without_root
                );
                let expected: Vec<u32> = if r.root_is_essential {
                    g.neighbours(0)
                        .iter()
                        .copied()
                        .filter(|&u| nu.of(all & !1 & !(1 << u)) == nu.of(all & !1))
                        .collect()
                } else {
                    Vec::new()
                };
                prop_assert_eq!(&r.inessential_neighbours, &expected);
                let bipartite = g.two_colouring().is_some();
                prop_assert_eq!(r.method == MatchingMethod::HopcroftKarp, bipartite);
            }
        }

        /// On bipartite graphs too large for brute force, the blossom route gives the same
        /// answers as the bipartite one.
        #[test]
        fn blossom_agrees_with_hopcroft_karp(
            edges in proptest::collection::vec((0u32..20, 0u32..20), 0..=60),
        ) {
            let edges: Vec<(u32, u32)> = edges.into_iter().map(|(x, y)| (x, 20 + y)).collect();
            for v in 0..40 {
                let g = component(40, &edges, v);
                let side = g.two_colouring().unwrap();
                let mut a = bipartite(&g, &side);
                let b = general(&g);
                prop_assert_eq!(a.method, MatchingMethod::HopcroftKarp);
                a.method = MatchingMethod::Blossom;
                prop_assert_eq!(a, b);
            }
        }
    }

    #[test]
    fn components_are_simple_and_rooted_at_zero() {
        let (g, global) = component_with_global(5, &[(3, 3), (3, 1), (1, 3), (1, 0), (2, 4)]);
        assert_eq!(global, vec![3, 1, 0]);
        assert_eq!(g.len(), 3);
        assert_eq!(g.neighbours(0), &[1]);
        assert_eq!(g.neighbours(1), &[2, 0]);
        assert_eq!(g.two_colouring(), Some(vec![false, true, false]));
    }

    fn component_with_global(n: usize, edges: &[(u32, u32)]) -> (SimpleGraph, Vec<u32>) {
        SimpleGraph::component(&Multigraph::new(n, edges.to_vec()).unwrap(), 3)
    }

    /// The Petersen graph has a perfect matching and odd cycles.
    #[test]
    fn petersen_graph() {
        let edges = [
            (0, 1),
            (1, 2),
            (2, 3),
            (3, 4),
            (4, 0),
            (0, 5),
            (1, 6),
            (2, 7),
            (3, 8),
            (4, 9),
            (5, 7),
            (7, 9),
            (9, 6),
            (6, 8),
            (8, 5),
        ];
        let r = root_deletion(&component(10, &edges, 0)).unwrap();
        assert!(r.root_is_essential);
        assert_eq!((r.matching_number, r.matching_number_without_root), (5, 4));
        assert_eq!(r.method, MatchingMethod::Blossom);
    }

    #[test]
    fn large_odd_components_are_refused() {
        let n = MAX_BLOSSOM_VERTICES as u32 + 1;
        let edges: Vec<(u32, u32)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
        assert!(matches!(
            root_deletion(&component(n as usize, &edges, 0)),
            Err(GraphError::TooLarge { size, .. }) if size == u64::from(n)
        ));
        // A long odd cycle within the limit goes through the blossom algorithm.
        let n = 4_001u32;
        let edges: Vec<(u32, u32)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
        let r = root_deletion(&component(n as usize, &edges, 7)).unwrap();
        assert!(!r.root_is_essential);
        assert_eq!(r.matching_number, 2_000);
    }
}
