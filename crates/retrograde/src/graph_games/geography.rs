//! Undirected vertex geography, decided by maximum matchings instead of search.
//!
//! A token starts on a vertex; a move slides it to an unvisited neighbour and the vertex it
//! left is visited for good; a player with no move loses. Search is exponential (the game
//! is PSPACE-complete on directed graphs), but on undirected graphs Fraenkel, Scheinerman
//! and Ullman (1993) proved that the player to move from `v` wins exactly when `v` is
//! covered by **every** maximum matching — that is, when deleting `v` lowers the matching
//! number. The winning strategy follows a maximum matching edge each move.
//!
//! So a move to `u` wins exactly when `u` is missed by some maximum matching of `G − v`.
//! Bipartite graphs get Hopcroft–Karp and then a single alternating search (König): the
//! vertices missed by some maximum matching are those an even alternating path reaches
//! from an unmatched vertex. Other graphs get Edmonds' blossom algorithm, with one
//! augmenting-path search per question, since deleting one vertex changes the matching
//! number by at most one.

use std::collections::VecDeque;

use crate::digraph::Digraph;
use crate::RetrogradeError;

/// The most vertices in the start's component when it is not bipartite: the blossom
/// algorithm used there is cubic in the worst case.
pub const MAX_BLOSSOM_VERTICES: usize = 5_000;

/// How the maximum matchings were found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchingMethod {
    /// The start's component is bipartite: Hopcroft–Karp, `O(E √V)`.
    HopcroftKarp,
    /// The start's component has an odd cycle: Edmonds' blossom algorithm.
    Blossom,
}

/// Who wins undirected vertex geography from a start vertex, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeographyResult {
    /// The start vertex's name.
    pub start: String,
    /// Whether the player to move (who moves the token off the start) wins.
    pub player_to_move_wins: bool,
    /// The names of the neighbours a winning move goes to, in the graph's vertex order;
    /// empty when the player to move loses.
    pub winning_moves: Vec<String>,
    /// The matching number of the start's component.
    pub matching_size: usize,
    /// The matching number of that component with the start deleted; smaller exactly
    /// when the player to move wins.
    pub matching_size_without_start: usize,
    /// Vertices in the start's component (the rest of the graph is out of reach).
    pub component_vertices: usize,
    /// How the matchings were found.
    pub method: MatchingMethod,
    /// The rule applied and what of the input was ignored, for a human reader.
    pub notes: Vec<String>,
}

/// Decides undirected vertex geography on `graph` (edge directions ignored) with the token
/// on the vertex named `start`. Loops are ignored (the token's vertex is visited once it
/// leaves, so a loop can never be followed) and repeated edges count once.
pub fn vertex_geography(graph: &Digraph, start: &str) -> Result<GeographyResult, RetrogradeError> {
    let s = graph.require(start)?;
    let (component, global) = Simple::component(graph, s);
    let side = component.two_colouring();
    let method = if side.is_some() {
        MatchingMethod::HopcroftKarp
    } else {
        MatchingMethod::Blossom
    };
    if side.is_none() && component.len() > MAX_BLOSSOM_VERTICES {
        return Err(RetrogradeError::TooLarge(format!(
            "the component of '{start}' has {} vertices and an odd cycle; geography on \
             non-bipartite graphs is limited to {MAX_BLOSSOM_VERTICES} vertices",
            component.len()
        )));
    }
    let analysis = match &side {
        Some(side) => bipartite(&component, side),
        None => general(&component),
    };

    let mut notes = vec![format!(
        "Fraenkel–Scheinerman–Ullman: the player to move wins iff every maximum matching \
         covers '{start}' (matching number {} with it, {} without); a move wins iff it goes \
         to a vertex some maximum matching of the rest misses",
        analysis.matching, analysis.matching_without_start
    )];
    let (loops, repeats) = ignored_edges(graph);
    if loops > 0 {
        notes.push(format!(
            "{loops} loop{} ignored: a vertex is visited once the token leaves it",
            if loops == 1 { "" } else { "s" }
        ));
    }
    if repeats > 0 {
        notes.push(format!(
            "{repeats} repeated edge{} (directions ignored) counted once",
            if repeats == 1 { "" } else { "s" }
        ));
    }

    Ok(GeographyResult {
        start: start.to_string(),
        player_to_move_wins: analysis.wins,
        winning_moves: analysis
            .moves
            .iter()
            .map(|&u| graph.name(global[u as usize]).to_string())
            .collect(),
        matching_size: analysis.matching,
        matching_size_without_start: analysis.matching_without_start,
        component_vertices: component.len(),
        method,
        notes,
    })
}

/// Loops, and edges that repeat an earlier edge when directions are ignored.
fn ignored_edges(graph: &Digraph) -> (usize, usize) {
    let mut pairs: Vec<(u32, u32)> = Vec::with_capacity(graph.edges().len());
    let mut loops = 0;
    for &(u, v) in graph.edges() {
        if u == v {
            loops += 1;
        } else {
            pairs.push((u.min(v), u.max(v)));
        }
    }
    let total = pairs.len();
    pairs.sort_unstable();
    pairs.dedup();
    (loops, total - pairs.len())
}

const NONE: u32 = u32::MAX;

/// A simple undirected graph on `0..len`, vertex 0 being the start.
struct Simple {
    start: Vec<usize>,
    adj: Vec<u32>,
}

impl Simple {
    /// The simple graph of the start's component, and the global number of each vertex.
    fn component(graph: &Digraph, s: u32) -> (Simple, Vec<u32>) {
        let n = graph.len();
        let mut degree = vec![0usize; n + 1];
        for &(u, v) in graph.edges() {
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
        for &(u, v) in graph.edges() {
            if u != v {
                all[fill[u as usize]] = v;
                fill[u as usize] += 1;
                all[fill[v as usize]] = u;
                fill[v as usize] += 1;
            }
        }
        let neighbours = |v: u32| &all[degree[v as usize]..degree[v as usize + 1]];

        let mut local = vec![NONE; n];
        let mut global = vec![s];
        local[s as usize] = 0;
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
        (Simple { start, adj }, global)
    }

    fn len(&self) -> usize {
        self.start.len() - 1
    }

    fn at(&self, v: u32) -> &[u32] {
        &self.adj[self.start[v as usize]..self.start[v as usize + 1]]
    }

    /// The two sides of a connected bipartite graph, or `None` when there is an odd cycle.
    fn two_colouring(&self) -> Option<Vec<bool>> {
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
                for &w in self.at(v) {
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

/// The answer in local vertex numbers.
struct Analysis {
    wins: bool,
    moves: Vec<u32>,
    matching: usize,
    matching_without_start: usize,
}

fn matched_pairs(mate: &[u32]) -> usize {
    mate.iter().filter(|&&m| m != NONE).count() / 2
}

/// Geography on a bipartite component (`side[v]`: which side `v` is on).
fn bipartite(g: &Simple, side: &[bool]) -> Analysis {
    let mut mate = hopcroft_karp(g, side);
    let matching = matched_pairs(&mate);
    if missed_by_some(g, &mate, None)[0] {
        return Analysis {
            wins: false,
            moves: Vec::new(),
            matching,
            matching_without_start: matching,
        };
    }
    // The start is in every maximum matching, so the matching without its edge is
    // maximum in G − start.
    let w = mate[0];
    mate[0] = NONE;
    mate[w as usize] = NONE;
    let missed = missed_by_some(g, &mate, Some(0));
    Analysis {
        wins: true,
        moves: g
            .at(0)
            .iter()
            .copied()
            .filter(|&u| missed[u as usize])
            .collect(),
        matching,
        matching_without_start: matching - 1,
    }
}

/// A maximum matching of a bipartite graph by Hopcroft–Karp: shortest augmenting paths in
/// phases, each phase a breadth-first layering and then vertex-disjoint augmentations found
/// by an explicit-stack depth-first search (paths can be as long as the graph).
fn hopcroft_karp(g: &Simple, side: &[bool]) -> Vec<u32> {
    let n = g.len();
    let mut mate = vec![NONE; n];
    let left: Vec<u32> = (0..n as u32).filter(|&v| !side[v as usize]).collect();
    let mut dist = vec![u32::MAX; n];
    let mut next = vec![0usize; n];
    let mut queue = VecDeque::new();
    let mut stack: Vec<u32> = Vec::new();
    loop {
        for &u in &left {
            dist[u as usize] = if mate[u as usize] == NONE {
                queue.push_back(u);
                0
            } else {
                u32::MAX
            };
        }
        let mut found = false;
        while let Some(u) = queue.pop_front() {
            for &w in g.at(u) {
                let m = mate[w as usize];
                if m == NONE {
                    found = true;
                } else if dist[m as usize] == u32::MAX {
                    dist[m as usize] = dist[u as usize] + 1;
                    queue.push_back(m);
                }
            }
        }
        if !found {
            return mate;
        }
        for &u in &left {
            next[u as usize] = g.start[u as usize];
        }
        for &root in &left {
            if mate[root as usize] != NONE {
                continue;
            }
            stack.clear();
            stack.push(root);
            while let Some(&u) = stack.last() {
                let i = next[u as usize];
                if i == g.start[u as usize + 1] {
                    dist[u as usize] = u32::MAX;
                    stack.pop();
                    continue;
                }
                next[u as usize] += 1;
                let w = g.adj[i];
                let m = mate[w as usize];
                if m == NONE {
                    // Each left vertex on the stack takes the right vertex it went to.
                    for &x in &stack {
                        let y = g.adj[next[x as usize] - 1];
                        mate[x as usize] = y;
                        mate[y as usize] = x;
                    }
                    break;
                } else if dist[m as usize] == dist[u as usize] + 1 {
                    stack.push(m);
                }
            }
        }
    }
}

/// The vertices some maximum matching misses, given a maximum matching `mate` of a
/// bipartite graph (less `removed`): those reached from an unmatched vertex by an
/// alternating path of even length.
fn missed_by_some(g: &Simple, mate: &[u32], removed: Option<u32>) -> Vec<bool> {
    let n = g.len();
    let mut missed = vec![false; n];
    let mut queue: Vec<u32> = (0..n as u32)
        .filter(|&v| Some(v) != removed && mate[v as usize] == NONE)
        .collect();
    for &v in &queue {
        missed[v as usize] = true;
    }
    while let Some(x) = queue.pop() {
        for &y in g.at(x) {
            if Some(y) == removed {
                continue;
            }
            let z = mate[y as usize];
            if z != NONE && !missed[z as usize] {
                missed[z as usize] = true;
                queue.push(z);
            }
        }
    }
    missed
}

/// Geography on any component, by the blossom algorithm.
fn general(g: &Simple) -> Analysis {
    let mut b = Blossom::new(g);
    b.maximise();
    let matching = matched_pairs(&b.mate);
    let lost = Analysis {
        wins: false,
        moves: Vec::new(),
        matching,
        matching_without_start: matching,
    };
    let w = b.mate[0];
    if w == NONE {
        return lost;
    }
    b.unmatch(0);
    b.removed[0] = true;
    if b.augment_from(w) {
        return lost;
    }
    // The matching is now maximum in G − start; ask of each neighbour whether deleting
    // it too keeps the matching number.
    let maximum = b.mate.clone();
    let mut moves = Vec::new();
    for &u in g.at(0) {
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
            moves.push(u);
        }
    }
    Analysis {
        wins: true,
        moves,
        matching,
        matching_without_start: matching - 1,
    }
}

/// Edmonds' blossom algorithm: alternating trees grown breadth-first from one free root,
/// odd cycles (blossoms) shrunk by relabelling their vertices with a common base.
struct Blossom<'a> {
    g: &'a Simple,
    /// Deleted vertices, invisible to the search.
    removed: Vec<bool>,
    mate: Vec<u32>,
    /// The vertex an odd vertex was reached from; inside a blossom, also the way back
    /// round the blossom for its even vertices.
    parent: Vec<u32>,
    base: Vec<u32>,
    /// Even (outer) vertices: those already queued.
    even: Vec<bool>,
    queue: Vec<u32>,
    seen: Vec<bool>,
    in_blossom: Vec<bool>,
}

impl<'a> Blossom<'a> {
    fn new(g: &'a Simple) -> Self {
        let n = g.len();
        Blossom {
            g,
            removed: vec![false; n],
            mate: vec![NONE; n],
            parent: vec![NONE; n],
            base: (0..n as u32).collect(),
            even: vec![false; n],
            queue: Vec::new(),
            seen: vec![false; n],
            in_blossom: vec![false; n],
        }
    }

    fn unmatch(&mut self, v: u32) {
        let m = self.mate[v as usize];
        if m != NONE {
            self.mate[m as usize] = NONE;
            self.mate[v as usize] = NONE;
        }
    }

    /// A maximum matching: greedy, then one search from each free vertex (a vertex with no
    /// augmenting path never gets one later, Edmonds 1965).
    fn maximise(&mut self) {
        let n = self.g.len() as u32;
        for x in 0..n {
            if self.removed[x as usize] || self.mate[x as usize] != NONE {
                continue;
            }
            let free = self
                .g
                .at(x)
                .iter()
                .copied()
                .find(|&y| !self.removed[y as usize] && self.mate[y as usize] == NONE);
            if let Some(y) = free {
                self.mate[x as usize] = y;
                self.mate[y as usize] = x;
            }
        }
        for x in 0..n {
            if !self.removed[x as usize] && self.mate[x as usize] == NONE {
                self.augment_from(x);
            }
        }
    }

    /// Enlarges the matching by an augmenting path from the free vertex `root`, if any.
    fn augment_from(&mut self, root: u32) -> bool {
        let Some(end) = self.find_path(root) else {
            return false;
        };
        let mut v = end;
        while v != NONE {
            let p = self.parent[v as usize];
            let next = self.mate[p as usize];
            self.mate[v as usize] = p;
            self.mate[p as usize] = v;
            v = next;
        }
        true
    }

    /// The free vertex at the end of an augmenting path from `root`, with `parent` leading
    /// back along it.
    fn find_path(&mut self, root: u32) -> Option<u32> {
        let g = self.g;
        self.parent.fill(NONE);
        self.even.fill(false);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i as u32;
        }
        self.queue.clear();
        self.even[root as usize] = true;
        self.queue.push(root);
        let mut head = 0;
        while head < self.queue.len() {
            let x = self.queue[head];
            head += 1;
            for &y in g.at(x) {
                let (xi, yi) = (x as usize, y as usize);
                if self.removed[yi] || self.base[xi] == self.base[yi] || self.mate[xi] == y {
                    continue;
                }
                let y_even = y == root
                    || (self.mate[yi] != NONE && self.parent[self.mate[yi] as usize] != NONE);
                if y_even {
                    // An edge between two even vertices of the tree closes a blossom.
                    let b = self.common_base(x, y);
                    self.in_blossom.fill(false);
                    self.mark_path(x, b, y);
                    self.mark_path(y, b, x);
                    for i in 0..g.len() {
                        if self.in_blossom[self.base[i] as usize] {
                            self.base[i] = b;
                            if !self.even[i] {
                                self.even[i] = true;
                                self.queue.push(i as u32);
                            }
                        }
                    }
                } else if self.parent[yi] == NONE {
                    self.parent[yi] = x;
                    let z = self.mate[yi];
                    if z == NONE {
                        return Some(y);
                    }
                    self.even[z as usize] = true;
                    self.queue.push(z);
                }
            }
        }
        None
    }

    /// The base of the blossom closed by the edge `a`–`b`: where their paths to the root
    /// meet.
    fn common_base(&mut self, a: u32, b: u32) -> u32 {
        self.seen.fill(false);
        let mut a = a;
        loop {
            a = self.base[a as usize];
            self.seen[a as usize] = true;
            let m = self.mate[a as usize];
            if m == NONE {
                break;
            }
            a = self.parent[m as usize];
        }
        let mut b = b;
        loop {
            b = self.base[b as usize];
            let m = self.mate[b as usize];
            if self.seen[b as usize] || m == NONE {
                return b;
            }
            b = self.parent[m as usize];
        }
    }

    /// Marks the blossom's vertices on the path from `v` down to base `b`, pointing the
    /// parents of its even vertices the other way round the cycle (entered from `child`).
    fn mark_path(&mut self, v: u32, b: u32, child: u32) {
        let (mut v, mut child) = (v, child);
        while self.base[v as usize] != b {
            let m = self.mate[v as usize];
            self.in_blossom[self.base[v as usize] as usize] = true;
            self.in_blossom[self.base[m as usize] as usize] = true;
            self.parent[v as usize] = child;
            child = m;
            v = self.parent[m as usize];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashMap;

    fn graph(n: usize, edges: &[(u32, u32)]) -> Digraph {
        let mut g = Digraph::new();
        for i in 0..n {
            g.vertex(&format!("v{i}")).unwrap();
        }
        for &(u, v) in edges {
            g.add_edge(u, v).unwrap();
        }
        g
    }

    /// Search over (token, visited set).
    struct Oracle {
        adj: Vec<u32>,
        memo: HashMap<(u32, u32), bool>,
    }

    impl Oracle {
        fn new(n: usize, edges: &[(u32, u32)]) -> Self {
            assert!(n <= 12);
            let mut adj = vec![0u32; n];
            for &(u, v) in edges {
                if u != v {
                    adj[u as usize] |= 1 << v;
                    adj[v as usize] |= 1 << u;
                }
            }
            Oracle {
                adj,
                memo: HashMap::new(),
            }
        }

        fn moves(&self, at: u32, visited: u32) -> Vec<u32> {
            let free = self.adj[at as usize] & !visited;
            (0..32).filter(|u| free >> u & 1 == 1).collect()
        }

        fn wins(&mut self, at: u32, visited: u32) -> bool {
            if let Some(&w) = self.memo.get(&(at, visited)) {
                return w;
            }
            let w = self
                .moves(at, visited)
                .into_iter()
                .any(|u| !self.wins(u, visited | 1 << at));
            self.memo.insert((at, visited), w);
            w
        }

        fn winning_moves(&mut self, at: u32) -> Vec<String> {
            self.moves(at, 0)
                .into_iter()
                .filter(|&u| !self.wins(u, 1 << at))
                .map(|u| format!("v{u}"))
                .collect()
        }
    }

    fn check_against_search(n: usize, edges: &[(u32, u32)]) -> Result<(), TestCaseError> {
        let g = graph(n, edges);
        let mut oracle = Oracle::new(n, edges);
        for v in 0..n as u32 {
            let result = vertex_geography(&g, &format!("v{v}")).unwrap();
            prop_assert_eq!(
                result.player_to_move_wins,
                oracle.wins(v, 0),
                "start v{}",
                v
            );
            prop_assert_eq!(
                &result.winning_moves,
                &oracle.winning_moves(v),
                "start v{}",
                v
            );
            prop_assert_eq!(
                result.player_to_move_wins,
                result.matching_size > result.matching_size_without_start
            );
        }
        Ok(())
    }

    fn random_graph() -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
        (1usize..=10).prop_flat_map(|n| {
            let edge = (0..n as u32, 0..n as u32);
            (Just(n), proptest::collection::vec(edge, 0..=22))
        })
    }

    /// A bipartite graph: the first `a` vertices on one side, the rest on the other, edges
    /// written in either direction.
    fn random_bipartite() -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
        (1usize..=6, 0usize..=6).prop_flat_map(|(a, b)| {
            let n = a + b;
            let edge = (0..a as u32, 0..b.max(1) as u32, any::<bool>());
            let edges = proptest::collection::vec(edge, 0..=16).prop_map(move |es| {
                es.into_iter()
                    .filter(|_| b > 0)
                    .map(|(x, y, flip)| {
                        let y = a as u32 + y;
                        if flip {
                            (y, x)
                        } else {
                            (x, y)
                        }
                    })
                    .collect::<Vec<_>>()
            });
            (Just(n), edges)
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Hopcroft–Karp and the matching theorem agree with search on bipartite graphs.
        #[test]
        fn bipartite_matches_search((n, edges) in random_bipartite()) {
            let g = graph(n, &edges);
            for v in 0..n {
                let r = vertex_geography(&g, &format!("v{v}")).unwrap();
                prop_assert_eq!(r.method, MatchingMethod::HopcroftKarp);
            }
            check_against_search(n, &edges)?;
        }

        /// The blossom algorithm and the matching theorem agree with search on any graph.
        #[test]
        fn any_graph_matches_search((n, edges) in random_graph()) {
            check_against_search(n, &edges)?;
        }

        /// On bipartite graphs too large to search, the blossom route gives the same
        /// answers as the bipartite one.
        #[test]
        fn blossom_agrees_with_hopcroft_karp(
            edges in proptest::collection::vec((0u32..20, 0u32..20), 0..=60),
        ) {
            let edges: Vec<(u32, u32)> = edges.into_iter().map(|(x, y)| (x, 20 + y)).collect();
            let g = graph(40, &edges);
            for v in 0..40 {
                let (component, _) = Simple::component(&g, v);
                let side = component.two_colouring().unwrap();
                let a = bipartite(&component, &side);
                let b = general(&component);
                prop_assert_eq!(a.wins, b.wins);
                prop_assert_eq!(a.moves, b.moves);
                prop_assert_eq!(a.matching, b.matching);
                prop_assert_eq!(a.matching_without_start, b.matching_without_start);
            }
        }
    }

    /// Small cases by hand: the end of a path of three loses and its middle wins; odd
    /// cycles lose from every vertex, even cycles win from every vertex.
    #[test]
    fn paths_and_cycles() {
        let path = Digraph::parse("a b\nb c\n").unwrap();
        let r = vertex_geography(&path, "a").unwrap();
        assert!(!r.player_to_move_wins);
        assert!(r.winning_moves.is_empty());
        let r = vertex_geography(&path, "b").unwrap();
        assert!(r.player_to_move_wins);
        assert_eq!(r.winning_moves, vec!["a", "c"]);

        let c5 = Digraph::parse("a b\nb c\nc d\nd e\ne a\n").unwrap();
        let r = vertex_geography(&c5, "c").unwrap();
        assert!(!r.player_to_move_wins);
        assert_eq!(r.method, MatchingMethod::Blossom);
        assert_eq!((r.matching_size, r.matching_size_without_start), (2, 2));

        let c4 = Digraph::parse("a b\nb c\nc d\nd a\n").unwrap();
        let r = vertex_geography(&c4, "a").unwrap();
        assert!(r.player_to_move_wins);
        assert_eq!(r.winning_moves, vec!["b", "d"]);
    }

    /// The Petersen graph has a perfect matching, so every maximum matching covers every
    /// vertex and the player to move wins from anywhere.
    #[test]
    fn petersen_graph_is_a_first_player_win() {
        let text = "0 1\n1 2\n2 3\n3 4\n4 0\n0 5\n1 6\n2 7\n3 8\n4 9\n5 7\n7 9\n9 6\n6 8\n8 5\n";
        let g = Digraph::parse(text).unwrap();
        for v in 0..10 {
            let r = vertex_geography(&g, &v.to_string()).unwrap();
            assert!(r.player_to_move_wins);
            assert_eq!(r.matching_size, 5);
            assert_eq!(r.method, MatchingMethod::Blossom);
            assert!(!r.winning_moves.is_empty());
        }
    }

    #[test]
    fn ignored_input_is_reported() {
        let g = Digraph::parse("a a\na b\nb a\nc d\n").unwrap();
        let r = vertex_geography(&g, "a").unwrap();
        assert!(r.player_to_move_wins);
        assert_eq!(r.component_vertices, 2);
        assert!(r.notes.iter().any(|n| n.contains("1 loop ignored")));
        assert!(r.notes.iter().any(|n| n.contains("1 repeated edge")));
        assert!(vertex_geography(&g, "zz").is_err());
        let lonely = vertex_geography(&g, "c").unwrap();
        assert_eq!(lonely.winning_moves, vec!["d"]);
    }

    #[test]
    fn long_paths_need_no_recursion() {
        // On a path of n vertices, its end is in every maximum matching iff n is even.
        for n in [200_000u32, 200_001] {
            let edges: Vec<(u32, u32)> = (1..n).map(|i| (i - 1, i)).collect();
            let g = graph(n as usize, &edges);
            let r = vertex_geography(&g, "v0").unwrap();
            assert_eq!(r.player_to_move_wins, n % 2 == 0);
            assert_eq!(r.matching_size, n as usize / 2);
        }
        // A long odd cycle goes through the blossom algorithm.
        let n = 4_001u32;
        let edges: Vec<(u32, u32)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
        let r = vertex_geography(&graph(n as usize, &edges), "v7").unwrap();
        assert!(!r.player_to_move_wins);
        assert_eq!(r.matching_size, 2_000);
    }

    #[test]
    fn large_odd_components_are_refused() {
        let n = MAX_BLOSSOM_VERTICES as u32 + 1;
        let edges: Vec<(u32, u32)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
        assert!(matches!(
            vertex_geography(&graph(n as usize, &edges), "v0"),
            Err(RetrogradeError::TooLarge(_))
        ));
    }
}
