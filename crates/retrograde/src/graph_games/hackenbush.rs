//! Green Hackenbush on any rooted graph, valued without search.
//!
//! Search over sets of remaining edges is exponential; two principles of Winning Ways
//! (Berlekamp, Conway and Guy, ch. 7) make the value linear-time instead. The *fusion
//! principle*: the vertices of a cycle may be fused into one, the cycle's edges becoming
//! loops, and a loop is worth `*1`. Fusing every cycle contracts each 2-edge-connected
//! component to a single vertex, leaving a tree whose edges are the graph's bridges. The
//! *colon principle* then values that tree from the leaves: a vertex is worth the nim-sum of
//! `value + 1` over its child subtrees and of one `*1` per loop (Ferguson, Game Theory I §6).
//!
//! A move changes the graph, so winning moves are found by valuing the graph again after
//! each deletion; that is quadratic and so limited to [`MAX_EDGES_FOR_MOVES`] edges in play.

use crate::digraph::Digraph;
use crate::RetrogradeError;

/// The most edges in play for which every winning move is listed; above it only the value
/// is computed (each candidate move costs one valuation of the whole graph).
pub const MAX_EDGES_FOR_MOVES: usize = 2_000;

/// One winning move: chop this edge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HackenbushMove {
    /// The edge's 0-based index in [`Digraph::edges`] (file order), which tells parallel
    /// edges apart.
    pub edge: usize,
    /// One end of the edge, as named in the file.
    pub from: String,
    /// The other end.
    pub to: String,
}

/// The value of a Green Hackenbush position and how to win it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HackenbushResult {
    /// The name of the ground vertex.
    pub ground: String,
    /// The Sprague-Grundy value: the position is `*value`, a win for the player to move
    /// unless it is 0.
    pub value: u64,
    /// Edges still connected to the ground: the edges of the game.
    pub edges_in_play: usize,
    /// Edges not connected to the ground, which have already fallen and were ignored.
    pub fallen_edges: usize,
    /// Every winning move (empty when `value` is 0), or `None` when there are more than
    /// [`MAX_EDGES_FOR_MOVES`] edges in play and moves were not listed.
    pub winning_moves: Option<Vec<HackenbushMove>>,
    /// How the value was found and which limits were hit, for a human reader.
    pub notes: Vec<String>,
}

/// Values the Green Hackenbush position drawn by `graph`, grounded at the vertex named `0`
/// or `ground` (exactly one of them must exist). Edge directions are ignored; loops and
/// parallel edges are edges like any other.
pub fn green_hackenbush(graph: &Digraph) -> Result<HackenbushResult, RetrogradeError> {
    let ground = match (graph.find("0"), graph.find("ground")) {
        (Some(_), Some(_)) => {
            return Err(RetrogradeError::InvalidInput(
                "the graph has both a vertex '0' and a vertex 'ground'; name only one ground"
                    .to_string(),
            ))
        }
        (Some(v), None) | (None, Some(v)) => v,
        (None, None) => {
            return Err(RetrogradeError::InvalidInput(
                "Hackenbush needs a ground: name a vertex '0' or 'ground'".to_string(),
            ))
        }
    };
    green_hackenbush_grounded(graph, graph.name(ground))
}

/// Values the Green Hackenbush position drawn by `graph` with the ground at the vertex
/// named `ground`.
pub fn green_hackenbush_grounded(
    graph: &Digraph,
    ground: &str,
) -> Result<HackenbushResult, RetrogradeError> {
    let root = graph.require(ground)?;
    let edges = graph.edges();
    let full = evaluate(graph.len(), root, edges, None);
    let in_play: Vec<usize> = (0..edges.len())
        .filter(|&e| full.reached[edges[e].0 as usize])
        .collect();
    let fallen = edges.len() - in_play.len();

    let mut notes = vec![format!(
        "fusion principle: each 2-edge-connected part fused to one vertex, its edges \
         becoming loops worth *1; colon principle on the tree of the {} bridges",
        full.bridges
    )];
    if fallen > 0 {
        notes.push(format!(
            "{fallen} edge{} not connected to the ground {} already fallen and {} ignored",
            plural(fallen),
            if fallen == 1 { "has" } else { "have" },
            if fallen == 1 { "is" } else { "are" },
        ));
    }

    let winning_moves = if in_play.len() > MAX_EDGES_FOR_MOVES {
        notes.push(format!(
            "winning moves not listed: {} edges in play, more than the limit of \
             {MAX_EDGES_FOR_MOVES} (each candidate needs a valuation of the whole graph)",
            in_play.len()
        ));
        None
    } else if full.value == 0 {
        Some(Vec::new())
    } else {
        let moves = in_play
            .iter()
            .filter(|&&e| evaluate(graph.len(), root, edges, Some(e)).value == 0)
            .map(|&e| HackenbushMove {
                edge: e,
                from: graph.name(edges[e].0).to_string(),
                to: graph.name(edges[e].1).to_string(),
            })
            .collect();
        Some(moves)
    };

    Ok(HackenbushResult {
        ground: graph.name(root).to_string(),
        value: full.value,
        edges_in_play: in_play.len(),
        fallen_edges: fallen,
        winning_moves,
        notes,
    })
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

const NONE: u32 = u32::MAX;

/// What one valuation finds.
struct Evaluation {
    value: u64,
    /// Vertices still connected to the ground.
    reached: Vec<bool>,
    /// Bridges among the edges in play: the edges of the fused tree.
    bridges: usize,
}

/// Adjacency of the undirected multigraph without loops: for each vertex, the far end and
/// the id of each edge at it (an edge appears at both ends).
struct Adjacency {
    start: Vec<usize>,
    arcs: Vec<(u32, u32)>,
}

impl Adjacency {
    fn new(n: usize, edges: &[(u32, u32)], skip: Option<usize>) -> Self {
        let mut start = vec![0usize; n + 1];
        let live = |e: usize| Some(e) != skip && edges[e].0 != edges[e].1;
        for (e, &(u, v)) in edges.iter().enumerate() {
            if live(e) {
                start[u as usize + 1] += 1;
                start[v as usize + 1] += 1;
            }
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut arcs = vec![(0u32, 0u32); start[n]];
        for (e, &(u, v)) in edges.iter().enumerate() {
            if live(e) {
                arcs[fill[u as usize]] = (v, e as u32);
                fill[u as usize] += 1;
                arcs[fill[v as usize]] = (u, e as u32);
                fill[v as usize] += 1;
            }
        }
        Adjacency { start, arcs }
    }

    fn at(&self, v: u32) -> &[(u32, u32)] {
        &self.arcs[self.start[v as usize]..self.start[v as usize + 1]]
    }
}

/// Values the graph with edge `skip` (if any) chopped: bridges by an iterative depth-first
/// search from the ground (low points, the parent edge told apart by id so that parallel
/// edges form cycles), fusion into 2-edge-connected parts, then the colon principle up the
/// tree of parts.
fn evaluate(n: usize, ground: u32, edges: &[(u32, u32)], skip: Option<usize>) -> Evaluation {
    let adj = Adjacency::new(n, edges, skip);

    // Depth-first search from the ground; what it does not reach has fallen.
    let mut disc = vec![NONE; n];
    let mut low = vec![NONE; n];
    let mut is_bridge = vec![false; edges.len()];
    let mut bridges = 0usize;
    let mut clock = 0u32;
    // (vertex, id of the edge it was entered by, next arc to look at)
    let mut stack: Vec<(u32, u32, usize)> = vec![(ground, NONE, 0)];
    disc[ground as usize] = clock;
    low[ground as usize] = clock;
    while let Some(top) = stack.last_mut() {
        let (v, via, next) = *top;
        let arcs = adj.at(v);
        if next < arcs.len() {
            top.2 += 1;
            let (w, e) = arcs[next];
            if e == via {
                continue;
            }
            if disc[w as usize] == NONE {
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
    let reached: Vec<bool> = disc.iter().map(|&d| d != NONE).collect();

    // Fusion: label the 2-edge-connected parts (connected without bridges).
    let mut part = vec![NONE; n];
    let mut parts = 0u32;
    let mut todo: Vec<u32> = Vec::new();
    for s in 0..n as u32 {
        if !reached[s as usize] || part[s as usize] != NONE {
            continue;
        }
        part[s as usize] = parts;
        todo.push(s);
        while let Some(v) = todo.pop() {
            for &(w, e) in adj.at(v) {
                if !is_bridge[e as usize] && part[w as usize] == NONE {
                    part[w as usize] = parts;
                    todo.push(w);
                }
            }
        }
        parts += 1;
    }
    let parts = parts as usize;

    // Every edge in play that is not a bridge is now a loop at its part; only the parity
    // of the loops counts (*1 + *1 = 0).
    let mut value = vec![0u64; parts];
    let mut tree_start = vec![0usize; parts + 1];
    for (e, &(u, v)) in edges.iter().enumerate() {
        if Some(e) == skip || !reached[u as usize] {
            continue;
        }
        if is_bridge[e] {
            tree_start[part[u as usize] as usize + 1] += 1;
            tree_start[part[v as usize] as usize + 1] += 1;
        } else {
            value[part[u as usize] as usize] ^= 1;
        }
    }
    for i in 0..parts {
        tree_start[i + 1] += tree_start[i];
    }
    let mut fill = tree_start.clone();
    let mut tree = vec![0u32; tree_start[parts]];
    for (e, &(u, v)) in edges.iter().enumerate() {
        if is_bridge[e] {
            let (a, b) = (part[u as usize], part[v as usize]);
            tree[fill[a as usize]] = b;
            fill[a as usize] += 1;
            tree[fill[b as usize]] = a;
            fill[b as usize] += 1;
        }
    }

    // Colon principle, leaves first: a child subtree worth *x hangs from its parent by one
    // bridge, which makes it a stalk worth *(x + 1).
    let root = part[ground as usize];
    let mut parent = vec![NONE; parts];
    let mut order = Vec::with_capacity(parts);
    parent[root as usize] = root;
    order.push(root);
    let mut i = 0;
    while i < order.len() {
        let c = order[i];
        i += 1;
        for &d in &tree[tree_start[c as usize]..tree_start[c as usize + 1]] {
            if parent[d as usize] == NONE {
                parent[d as usize] = c;
                order.push(d);
            }
        }
    }
    for &c in order.iter().skip(1).rev() {
        let p = parent[c as usize] as usize;
        value[p] ^= value[c as usize] + 1;
    }

    Evaluation {
        value: value[root as usize],
        reached,
        bridges,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// A graph on vertices `0`, `a`, `b`, … (vertex `0` is the ground) with these edges.
    fn graph(vertices: usize, edges: &[(u32, u32)]) -> Digraph {
        let mut g = Digraph::new();
        for i in 0..vertices {
            let name = if i == 0 {
                "0".to_string()
            } else {
                ((b'a' + (i as u8 - 1)) as char).to_string()
            };
            g.vertex(&name).unwrap();
        }
        for &(u, v) in edges {
            g.add_edge(u, v).unwrap();
        }
        g
    }

    /// Search over sets of remaining edges (bit `e` = edge `e` still stands), chopping one
    /// edge and then dropping everything cut off from the ground.
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

        /// The edges of `mask` still connected to the ground (vertex 0).
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

        fn options(&self, mask: u32) -> Vec<(usize, u32)> {
            (0..self.edges.len())
                .filter(|e| mask >> e & 1 == 1)
                .map(|e| (e, self.prune(mask & !(1 << e))))
                .collect()
        }

        fn grundy(&mut self, mask: u32) -> u64 {
            if let Some(&g) = self.memo.get(&mask) {
                return g;
            }
            let values: Vec<u64> = self
                .options(mask)
                .into_iter()
                .map(|(_, m)| self.grundy(m))
                .collect();
            let g = (0..).find(|x| !values.contains(x)).unwrap();
            self.memo.insert(mask, g);
            g
        }

        fn start(&self) -> u32 {
            self.prune((1u32 << self.edges.len()) - 1)
        }

        fn winning_moves(&mut self) -> Vec<usize> {
            let start = self.start();
            self.options(start)
                .into_iter()
                .filter(|&(_, m)| self.grundy(m) == 0)
                .map(|(e, _)| e)
                .collect()
        }
    }

    fn value(vertices: usize, edges: &[(u32, u32)]) -> u64 {
        green_hackenbush(&graph(vertices, edges)).unwrap().value
    }

    fn random_multigraph() -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
        (1usize..=7).prop_flat_map(|n| {
            let edge = (0..n as u32, 0..n as u32);
            (Just(n), proptest::collection::vec(edge, 0..=11))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(160))]

        /// Fusion and colon principles agree with search, loops, parallel edges, cycles and
        /// fallen parts included.
        #[test]
        fn value_matches_search((n, edges) in random_multigraph()) {
            let mut oracle = Oracle::new(&edges);
            let start = oracle.start();
            let expected = oracle.grundy(start);
            let result = green_hackenbush(&graph(n, &edges)).unwrap();
            prop_assert_eq!(result.value, expected);
            prop_assert_eq!(result.edges_in_play, start.count_ones() as usize);
            prop_assert_eq!(result.fallen_edges, edges.len() - start.count_ones() as usize);
        }

        /// The listed moves are exactly the chops that leave a position worth 0.
        #[test]
        fn winning_moves_match_search((n, edges) in random_multigraph()) {
            let mut oracle = Oracle::new(&edges);
            let expected = oracle.winning_moves();
            let result = green_hackenbush(&graph(n, &edges)).unwrap();
            let found: Vec<usize> =
                result.winning_moves.unwrap().iter().map(|m| m.edge).collect();
            prop_assert_eq!(found, expected);
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
            let result = green_hackenbush(&graph(n as usize + 1, &edges)).unwrap();
            assert_eq!(result.value, u64::from(n));
            // From a stalk the only winning move chops its lowest segment.
            let moves = result.winning_moves.unwrap();
            if n == 0 {
                assert!(moves.is_empty());
            } else {
                assert_eq!(moves.len(), 1);
                assert_eq!(moves[0].edge, 0);
            }
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
        // Chopping a grounded edge of the triangle leaves a stalk of two (*2); chopping
        // the edge opposite the ground leaves two stalks of one (*1 + *1 = 0), the only win.
        let result = green_hackenbush(&graph(3, &[(0, 1), (1, 2), (2, 0)])).unwrap();
        let moves: Vec<usize> = result
            .winning_moves
            .unwrap()
            .iter()
            .map(|m| m.edge)
            .collect();
        assert_eq!(moves, vec![1]);
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
    fn fallen_edges_are_reported() {
        let result = green_hackenbush(&graph(4, &[(0, 1), (2, 3), (3, 3)])).unwrap();
        assert_eq!(result.value, 1);
        assert_eq!(result.fallen_edges, 2);
        assert!(result.notes.iter().any(|n| n.contains("already fallen")));
    }

    #[test]
    fn ground_is_required_and_unique() {
        let g = Digraph::parse("a b\n").unwrap();
        assert!(matches!(
            green_hackenbush(&g),
            Err(RetrogradeError::InvalidInput(_))
        ));
        let g = Digraph::parse("0 a\nground a\n").unwrap();
        assert!(green_hackenbush(&g).is_err());
        let g = Digraph::parse("ground -> a\na b\nb ground\n").unwrap();
        assert_eq!(green_hackenbush(&g).unwrap().value, 1);
        assert!(green_hackenbush_grounded(&g, "zz").is_err());
        assert_eq!(green_hackenbush_grounded(&g, "a").unwrap().ground, "a");
    }

    #[test]
    fn many_edges_give_the_value_without_moves() {
        // A stalk of 10^6 segments (deep: no recursion may follow it) is *10^6; a cycle
        // of 10^6 edges through the ground is 0.
        let n = 1_000_000u32;
        let mut g = Digraph::new();
        let ground = g.vertex("ground").unwrap();
        let mut prev = ground;
        for i in 1..=n {
            let v = g.vertex(&format!("v{i}")).unwrap();
            g.add_edge(prev, v).unwrap();
            prev = v;
        }
        let result = green_hackenbush(&g).unwrap();
        assert_eq!(result.value, u64::from(n));
        assert!(result.winning_moves.is_none());
        assert!(result.notes.iter().any(|n| n.contains("not listed")));
        g.add_edge(prev, ground).unwrap();
        assert_eq!(green_hackenbush(&g).unwrap().value, (u64::from(n) + 1) % 2);
    }
}
