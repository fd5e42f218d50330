//! Bridges and 2-edge-connected parts of the component of one vertex, without recursion.
//!
//! A bridge is an edge whose deletion disconnects its ends; the 2-edge-connected parts are
//! what stays connected once every bridge is deleted, and contracting each part to a vertex
//! leaves a tree whose edges are the bridges. Bridges are found by one depth-first search
//! with low points (Tarjan 1974), the edge a vertex was entered by told apart by its number
//! so that two parallel edges form a cycle; the search keeps its own stack, so a path of
//! millions of vertices is no deeper than a triangle.

use crate::Multigraph;

/// The part number of a vertex outside the root's component.
pub const UNREACHED: u32 = u32::MAX;

/// The bridges and 2-edge-connected parts of the root's component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BridgeDecomposition {
    /// For each vertex, whether it is connected to the root.
    pub reached: Vec<bool>,
    /// For each edge, whether it is a bridge of the root's component (loops, the deleted
    /// edge and edges elsewhere are not).
    pub is_bridge: Vec<bool>,
    /// The number of bridges.
    pub bridges: usize,
    /// For each vertex, the number of its 2-edge-connected part, counted from 0 in vertex
    /// order; [`UNREACHED`] outside the root's component.
    pub part: Vec<u32>,
    /// The number of parts.
    pub parts: usize,
}

/// The bridges and 2-edge-connected parts of the component of `root` in `g`, with edge
/// `deleted` (if any; a number past the last edge deletes nothing) left out.
///
/// # Panics
///
/// If `root` is not a vertex of `g`.
pub fn decompose(g: &Multigraph, root: u32, deleted: Option<usize>) -> BridgeDecomposition {
    let n = g.vertex_count();
    let adj = g.adjacency(deleted);

    // Depth-first search from the root, low points carried up as each vertex is finished.
    let mut disc = vec![UNREACHED; n];
    let mut low = vec![UNREACHED; n];
    let mut is_bridge = vec![false; g.edges().len()];
    let mut bridges = 0usize;
    let mut clock = 0u32;
    // (vertex, number of the edge it was entered by, next arc to look at)
    let mut stack: Vec<(u32, u32, usize)> = vec![(root, UNREACHED, 0)];
    disc[root as usize] = clock;
    low[root as usize] = clock;
    while let Some(top) = stack.last_mut() {
        let (v, via, next) = *top;
        let arcs = adj.at(v);
        if next < arcs.len() {
            top.2 += 1;
            let (w, e) = arcs[next];
            if e == via {
                continue;
            }
            if disc[w as usize] == UNREACHED {
                clock += 1;
                disc[w as usize] = clock;
                low[w as usize] = clock;
                stack.push((w, e, 0));
            } else {
                low[v as usize] = low[v as usize].min(disc[w as usize]);
            }
        } else {
            stack.pop();
            if let Some(&(parent, _, _)) = stack.last() {
                let p = parent as usize;
                low[p] = low[p].min(low[v as usize]);
                if low[v as usize] > disc[p] {
                    is_bridge[via as usize] = true;
                    bridges += 1;
                }
            }
        }
    }
    let reached: Vec<bool> = disc.iter().map(|&d| d != UNREACHED).collect();

    // The parts: connected without bridges.
    let mut part = vec![UNREACHED; n];
    let mut parts = 0u32;
    let mut todo: Vec<u32> = Vec::new();
    for s in 0..n as u32 {
        if !reached[s as usize] || part[s as usize] != UNREACHED {
            continue;
        }
        part[s as usize] = parts;
        todo.push(s);
        while let Some(v) = todo.pop() {
            for &(w, e) in adj.at(v) {
                if !is_bridge[e as usize] && part[w as usize] == UNREACHED {
                    part[w as usize] = parts;
                    todo.push(w);
                }
            }
        }
        parts += 1;
    }

    BridgeDecomposition {
        reached,
        is_bridge,
        bridges,
        part,
        parts: parts as usize,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Whether `a` and `b` are connected without the edges in `without` (loops included,
    /// which change nothing).
    fn connected(n: usize, edges: &[(u32, u32)], without: &[usize], a: u32, b: u32) -> bool {
        let mut seen = vec![false; n];
        seen[a as usize] = true;
        let mut todo = vec![a];
        while let Some(v) = todo.pop() {
            for (e, &(x, y)) in edges.iter().enumerate() {
                if without.contains(&e) {
                    continue;
                }
                for (p, q) in [(x, y), (y, x)] {
                    if p == v && !seen[q as usize] {
                        seen[q as usize] = true;
                        todo.push(q);
                    }
                }
            }
        }
        seen[b as usize]
    }

    fn random_multigraph() -> impl Strategy<Value = (usize, Vec<(u32, u32)>, Option<usize>)> {
        (1usize..=8).prop_flat_map(|n| {
            let edge = (0..n as u32, 0..n as u32);
            let edges = proptest::collection::vec(edge, 0..=14);
            (Just(n), edges, proptest::option::of(0usize..16))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// By the definitions: an edge is a bridge iff deleting it disconnects its ends; two
        /// vertices share a part iff no single edge separates them (Menger: two edge-disjoint
        /// paths); reached iff connected to the root.
        #[test]
        fn decomposition_matches_the_definitions((n, edges, deleted) in random_multigraph()) {
            let g = Multigraph::new(n, edges.clone()).unwrap();
            let d = decompose(&g, 0, deleted);
            let gone: Vec<usize> = deleted.into_iter().collect();
            for v in 0..n as u32 {
                prop_assert_eq!(d.reached[v as usize], connected(n, &edges, &gone, 0, v));
                prop_assert_eq!(d.part[v as usize] == UNREACHED, !d.reached[v as usize]);
            }
            for (e, &(u, v)) in edges.iter().enumerate() {
                let mut cut = gone.clone();
                cut.push(e);
                let expected = !gone.contains(&e)
                    && d.reached[u as usize]
                    && !connected(n, &edges, &cut, u, v);
                prop_assert_eq!(d.is_bridge[e], expected, "edge {}", e);
            }
            prop_assert_eq!(d.bridges, d.is_bridge.iter().filter(|&&b| b).count());
            for a in (0..n as u32).filter(|&a| d.reached[a as usize]) {
                for b in (0..n as u32).filter(|&b| d.reached[b as usize]) {
                    let together = (0..edges.len()).all(|e| {
                        let mut cut = gone.clone();
                        cut.push(e);
                        connected(n, &edges, &cut, a, b)
                    });
                    prop_assert_eq!(d.part[a as usize] == d.part[b as usize], together);
                }
            }
            // Contracting the parts leaves a tree: one bridge fewer than parts.
            prop_assert_eq!(d.parts, d.bridges + 1);
        }
    }

    #[test]
    fn parallel_edges_and_loops_are_not_bridges() {
        let g = Multigraph::new(4, vec![(0, 1), (1, 0), (1, 2), (2, 2), (2, 3)]).unwrap();
        let d = decompose(&g, 0, None);
        assert_eq!(d.is_bridge, vec![false, false, true, false, true]);
        assert_eq!(d.parts, 3);
        assert_eq!(d.part[0], d.part[1]);
        // Deleting one of the parallel edges makes the other a bridge.
        assert!(decompose(&g, 0, Some(0)).is_bridge[1]);
    }

    #[test]
    fn long_paths_need_no_recursion() {
        let n = 1_000_000u32;
        let g = Multigraph::new(n as usize, (1..n).map(|i| (i - 1, i)).collect()).unwrap();
        let d = decompose(&g, 0, None);
        assert_eq!(d.bridges, n as usize - 1);
        assert_eq!(d.parts, n as usize);
    }
}
