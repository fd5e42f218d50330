//! The Green Hackenbush value of a rooted multigraph, without search.
//!
//! Read as a Green Hackenbush picture grounded at the root, a multigraph has a nim value
//! (its Sprague-Grundy value). Search over sets of remaining edges is exponential; two
//! principles of Winning Ways (Berlekamp, Conway and Guy, ch. 7) make it linear-time
//! instead. The *fusion principle*: the vertices of a cycle may be fused into one, the
//! cycle's edges becoming loops, and a loop is worth `*1`. Fusing every cycle contracts each
//! 2-edge-connected part to a single vertex ([`crate::bridges`]), leaving a tree whose edges
//! are the bridges. The *colon principle* then values that tree from the leaves: a vertex is
//! worth the nim-sum of `value + 1` over its child subtrees and of one `*1` per loop
//! (Ferguson, Game Theory I §6).
//!
//! This is a graph invariant that both the impartial games (Green Hackenbush on graph files)
//! and the partizan ones (the all-green parts of a Blue-Red-Green picture) need; it lives
//! here so that neither of those crates depends on the other. The rules of play, moves and
//! reports stay with them.

use crate::bridges::{decompose, UNREACHED};
use crate::Multigraph;

/// The value of a rooted multigraph, and what the valuation saw on the way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GreenValue {
    /// The nim value: the picture is `*value`.
    pub value: u64,
    /// For each vertex, whether it is connected to the ground; edges at the others have
    /// fallen and count for nothing.
    pub grounded: Vec<bool>,
    /// The bridges among the grounded edges: the edges of the fused tree.
    pub bridges: usize,
}

/// The Green Hackenbush value of `g` grounded at `ground`, with edge `deleted` (if any; a
/// number past the last edge deletes nothing) already chopped. Loops and parallel edges are
/// edges like any other.
///
/// # Panics
///
/// If `ground` is not a vertex of `g`.
pub fn green_value(g: &Multigraph, ground: u32, deleted: Option<usize>) -> GreenValue {
    let d = decompose(g, ground, deleted);
    let edges = g.edges();
    let parts = d.parts;

    // Every grounded edge that is not a bridge is now a loop at its part; only the parity
    // of the loops counts (*1 + *1 = 0). The bridges make the tree of parts.
    let mut value = vec![0u64; parts];
    let mut tree_start = vec![0usize; parts + 1];
    for (e, &(u, v)) in edges.iter().enumerate() {
        if Some(e) == deleted || !d.reached[u as usize] {
            continue;
        }
        if d.is_bridge[e] {
            tree_start[d.part[u as usize] as usize + 1] += 1;
            tree_start[d.part[v as usize] as usize + 1] += 1;
        } else {
            value[d.part[u as usize] as usize] ^= 1;
        }
    }
    for i in 0..parts {
        tree_start[i + 1] += tree_start[i];
    }
    let mut fill = tree_start.clone();
    let mut tree = vec![0u32; tree_start[parts]];
    for (e, &(u, v)) in edges.iter().enumerate() {
        if d.is_bridge[e] {
            let (a, b) = (d.part[u as usize], d.part[v as usize]);
            tree[fill[a as usize]] = b;
            fill[a as usize] += 1;
            tree[fill[b as usize]] = a;
            fill[b as usize] += 1;
        }
    }

    // Colon principle, leaves first: a child subtree worth *x hangs from its parent by one
    // bridge, which makes it a stalk worth *(x + 1).
    let root = d.part[ground as usize];
    let mut parent = vec![UNREACHED; parts];
    let mut order = Vec::with_capacity(parts);
    parent[root as usize] = root;
    order.push(root);
    let mut i = 0;
    while i < order.len() {
        let c = order[i];
        i += 1;
        for &p in &tree[tree_start[c as usize]..tree_start[c as usize + 1]] {
            if parent[p as usize] == UNREACHED {
                parent[p as usize] = c;
                order.push(p);
            }
        }
    }
    for &c in order.iter().skip(1).rev() {
        let p = parent[c as usize] as usize;
        value[p] ^= value[c as usize] + 1;
    }

    GreenValue {
        value: value[root as usize],
        grounded: d.reached,
        bridges: d.bridges,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::random_multigraph;
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// Search over sets of remaining edges (bit `e` = edge `e` still stands), chopping one
    /// edge and then dropping everything cut off from the ground (vertex 0).
    struct Oracle {
        edges: Vec<(u32, u32)>,
        memo: HashMap<u32, u64>,
    }

    impl Oracle {
        fn new(edges: &[(u32, u32)]) -> Self {
            assert!(edges.len() <= 14);
            Oracle {
                edges: edges.to_vec(),
                memo: HashMap::new(),
            }
        }

        /// The edges of `mask` still connected to the ground.
        fn prune(&self, mask: u32) -> u32 {
            let mut reached: u32 = 1;
            loop {
                let before = reached;
                for (e, &(u, v)) in self.edges.iter().enumerate() {
                    if mask >> e & 1 == 1 && (reached >> u & 1 == 1 || reached >> v & 1 == 1) {
                        reached |= 1 << u | 1 << v;
                    }
                }
                if reached == before {
                    break;
                }
            }
            let mut kept = 0;
            for (e, &(u, _)) in self.edges.iter().enumerate() {
                if mask >> e & 1 == 1 && reached >> u & 1 == 1 {
                    kept |= 1 << e;
                }
            }
            kept
        }

        fn grundy(&mut self, mask: u32) -> u64 {
            if let Some(&g) = self.memo.get(&mask) {
                return g;
            }
            let options: Vec<u32> = (0..self.edges.len())
                .filter(|e| mask >> e & 1 == 1)
                .map(|e| self.prune(mask & !(1 << e)))
                .collect();
            let values: Vec<u64> = options.into_iter().map(|m| self.grundy(m)).collect();
            let g = (0..).find(|x| !values.contains(x)).unwrap();
            self.memo.insert(mask, g);
            g
        }

        fn start(&self) -> u32 {
            self.prune((1u32 << self.edges.len()) - 1)
        }
    }

    fn value(vertices: usize, edges: &[(u32, u32)]) -> u64 {
        let g = Multigraph::new(vertices, edges.to_vec()).unwrap();
        green_value(&g, 0, None).value
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(160))]

        /// Fusion and colon principles agree with search, loops, parallel edges, cycles and
        /// fallen parts included; so does every position one chop away.
        #[test]
        fn value_matches_search((n, edges) in random_multigraph()) {
            let mut oracle = Oracle::new(&edges);
            let start = oracle.start();
            let g = Multigraph::new(n, edges.clone()).unwrap();
            let v = green_value(&g, 0, None);
            prop_assert_eq!(v.value, oracle.grundy(start));
            let grounded = (0..edges.len())
                .filter(|&e| v.grounded[edges[e].0 as usize])
                .fold(0u32, |m, e| m | 1 << e);
            prop_assert_eq!(grounded, start);
            for e in 0..edges.len() {
                let after = oracle.prune(start & !(1 << e));
                prop_assert_eq!(green_value(&g, 0, Some(e)).value, oracle.grundy(after));
            }
        }
    }

    #[test]
    fn oracle_handles_fourteen_edges() {
        // A 14-cycle through the ground is worth 0 (even cycle: 14 loops).
        let edges: Vec<(u32, u32)> = (0..14).map(|i| (i, (i + 1) % 14)).collect();
        let mut oracle = Oracle::new(&edges);
        let start = oracle.start();
        assert_eq!(oracle.grundy(start), 0);
        assert_eq!(value(14, &edges), 0);
    }

    /// Winning Ways ch. 7: a bamboo stalk of n segments is the nim-heap *n.
    #[test]
    fn bamboo_stalk_is_a_nim_heap() {
        for n in 0..12u32 {
            let edges: Vec<(u32, u32)> = (0..n).map(|i| (i, i + 1)).collect();
            assert_eq!(value(n as usize + 1, &edges), u64::from(n));
        }
    }

    /// Winning Ways ch. 7, fusion principle: a cycle fuses to one vertex with as many loops
    /// as edges, so an odd cycle on the ground (the triangle) is *1 and an even one (the
    /// square) is 0; a single loop is *1 and a digon is 0.
    #[test]
    fn cycles_on_the_ground() {
        assert_eq!(value(3, &[(0, 1), (1, 2), (2, 0)]), 1);
        assert_eq!(value(4, &[(0, 1), (1, 2), (2, 3), (3, 0)]), 0);
        assert_eq!(value(1, &[(0, 0)]), 1);
        assert_eq!(value(2, &[(0, 1), (1, 0)]), 0);
    }

    /// Ferguson, Game Theory I §6 (colon principle): a stalk of one under two leaves is
    /// *1 (the two leaves cancel), a triangle raised on a stalk is *2.
    #[test]
    fn colon_principle_examples() {
        assert_eq!(value(4, &[(0, 1), (1, 2), (1, 3)]), 1);
        assert_eq!(value(4, &[(0, 1), (1, 2), (2, 3), (3, 1)]), 2);
        // A stalk of two carrying a stalk of one and a stalk of three: the top of the
        // stalk is (0 + 1) xor (2 + 1) = *2, and two segments below make it *4.
        let edges = [(0, 1), (1, 2), (2, 3), (2, 4), (4, 5), (5, 6)];
        assert_eq!(value(7, &edges), 4);
    }

    #[test]
    fn fallen_parts_count_for_nothing() {
        let g = Multigraph::new(4, vec![(0, 1), (2, 3), (3, 3)]).unwrap();
        let v = green_value(&g, 0, None);
        assert_eq!(v.value, 1);
        assert_eq!(v.grounded, vec![true, true, false, false]);
        assert_eq!(v.bridges, 1);
    }

    #[test]
    fn deep_stalks_need_no_recursion() {
        // A stalk of 10^6 segments is *10^6; closed into a cycle through the ground it is
        // 10^6 + 1 loops, *1.
        let n = 1_000_000u32;
        let mut edges: Vec<(u32, u32)> = (0..n).map(|i| (i, i + 1)).collect();
        assert_eq!(value(n as usize + 1, &edges), u64::from(n));
        edges.push((n, 0));
        assert_eq!(value(n as usize + 1, &edges), 1);
    }
}
