//! Order on the part of a digraph reachable from some start vertices: every vertex after
//! all its successors (a reverse topological order), or a vertex on a cycle.
//!
//! Kahn's algorithm run on out-degrees: a vertex is ready once all its successors are out,
//! so no recursion follows long paths. A vertex never ready lies on or above a cycle, and
//! following unready successors from it must come round to one.

use crate::Digraph;

/// The reachable part has a cycle; `vertex` lies on one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cycle {
    /// A vertex on a cycle.
    pub vertex: u32,
}

/// The vertices reachable from `starts` (the starts included, each once), every one after
/// all its successors; or a vertex on a cycle of the reachable part.
///
/// # Panics
///
/// If a start is not a vertex of `graph`.
pub fn successors_first(graph: &Digraph, starts: &[u32]) -> Result<Vec<u32>, Cycle> {
    let n = graph.len();
    let mut reachable = vec![false; n];
    let mut found: Vec<u32> = Vec::new();
    for &s in starts {
        if !reachable[s as usize] {
            reachable[s as usize] = true;
            found.push(s);
        }
    }
    let mut i = 0;
    while i < found.len() {
        let v = found[i];
        i += 1;
        for &u in graph.successors(v) {
            if !reachable[u as usize] {
                reachable[u as usize] = true;
                found.push(u);
            }
        }
    }

    // Predecessors within the reachable part, and successors not yet out.
    let mut pred_start = vec![0usize; n + 1];
    let mut waiting = vec![0usize; n];
    for &v in &found {
        waiting[v as usize] = graph.successors(v).len();
        for &u in graph.successors(v) {
            pred_start[u as usize + 1] += 1;
        }
    }
    for i in 0..n {
        pred_start[i + 1] += pred_start[i];
    }
    let mut fill = pred_start.clone();
    let mut pred = vec![0u32; pred_start[n]];
    for &v in &found {
        for &u in graph.successors(v) {
            pred[fill[u as usize]] = v;
            fill[u as usize] += 1;
        }
    }

    let mut order = Vec::with_capacity(found.len());
    let mut ready: Vec<u32> = found
        .iter()
        .copied()
        .filter(|&v| waiting[v as usize] == 0)
        .collect();
    while let Some(v) = ready.pop() {
        order.push(v);
        let vi = v as usize;
        for &p in &pred[pred_start[vi]..pred_start[vi + 1]] {
            waiting[p as usize] -= 1;
            if waiting[p as usize] == 0 {
                ready.push(p);
            }
        }
    }
    if order.len() == found.len() {
        return Ok(order);
    }

    // Every vertex left has a successor left; following them must repeat.
    let mut out = vec![false; n];
    for &v in &order {
        out[v as usize] = true;
    }
    let mut v = found
        .iter()
        .copied()
        .find(|&v| !out[v as usize])
        .unwrap_or(0);
    let mut step = vec![false; n];
    while !step[v as usize] {
        step[v as usize] = true;
        v = graph
            .successors(v)
            .iter()
            .copied()
            .find(|&u| !out[u as usize])
            .unwrap_or(v);
    }
    Err(Cycle { vertex: v })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn graph(n: usize, edges: &[(u32, u32)]) -> Digraph {
        Digraph::from_edges((0..n).map(|i| format!("v{i}")), edges).unwrap()
    }

    /// The vertices `from` reaches in one or more steps.
    fn reach(g: &Digraph, from: u32) -> Vec<bool> {
        let mut seen = vec![false; g.len()];
        let mut todo: Vec<u32> = g.successors(from).to_vec();
        while let Some(v) = todo.pop() {
            if !seen[v as usize] {
                seen[v as usize] = true;
                todo.extend_from_slice(g.successors(v));
            }
        }
        seen
    }

    fn random_digraph() -> impl Strategy<Value = (usize, Vec<(u32, u32)>, Vec<u32>)> {
        (1usize..=8).prop_flat_map(|n| {
            let edges = proptest::collection::vec((0..n as u32, 0..n as u32), 0..=12);
            let starts = proptest::collection::vec(0..n as u32, 1..=3);
            (Just(n), edges, starts)
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// An order holds each reachable vertex once, after its successors; a cycle is
        /// reported exactly when a reachable vertex reaches itself, and at such a vertex.
        #[test]
        fn order_or_cycle_by_brute_force((n, edges, starts) in random_digraph()) {
            let g = graph(n, &edges);
            let mut reachable = vec![false; n];
            for &s in &starts {
                reachable[s as usize] = true;
                for (v, r) in reach(&g, s).into_iter().enumerate() {
                    reachable[v] |= r;
                }
            }
            let on_cycle = |v: u32| reach(&g, v)[v as usize];
            let cyclic = (0..n as u32).any(|v| reachable[v as usize] && on_cycle(v));
            match successors_first(&g, &starts) {
                Ok(order) => {
                    prop_assert!(!cyclic);
                    let mut position = vec![usize::MAX; n];
                    for (i, &v) in order.iter().enumerate() {
                        prop_assert_eq!(position[v as usize], usize::MAX);
                        position[v as usize] = i;
                    }
                    for v in 0..n {
                        prop_assert_eq!(position[v] != usize::MAX, reachable[v]);
                    }
                    for &(u, v) in &edges {
                        if reachable[u as usize] {
                            prop_assert!(position[v as usize] < position[u as usize]);
                        }
                    }
                }
                Err(Cycle { vertex }) => {
                    prop_assert!(cyclic);
                    prop_assert!(reachable[vertex as usize] && on_cycle(vertex));
                }
            }
        }
    }

    #[test]
    fn long_chains_need_no_recursion() {
        let n = 500_000u32;
        let g = graph(n as usize, &(1..n).map(|i| (i - 1, i)).collect::<Vec<_>>());
        let order = successors_first(&g, &[0]).unwrap();
        assert_eq!(order.len(), n as usize);
        assert_eq!((order[0], order[n as usize - 1]), (n - 1, 0));
        let looped = Digraph::parse("x y\ny y\n").unwrap();
        assert_eq!(successors_first(&looped, &[0]), Err(Cycle { vertex: 1 }));
    }
}
