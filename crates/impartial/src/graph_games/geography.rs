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
//! Both questions are answered by [`conway_graph::matching::root_deletion`].

use conway_graph::matching::{root_deletion, SimpleGraph};
use conway_graph::{Digraph, Multigraph};

pub use conway_graph::matching::{MatchingMethod, MAX_BLOSSOM_VERTICES};

use super::plural;
use crate::solution::{Fact, WinningMove};
use crate::{ImpartialError, Outcome, Solution};

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

/// Solves geography on `graph` from the vertex named `start` (see [`vertex_geography`])
/// and reports it as `conway solve geography` does; `position` names the graph (the file it
/// was read from).
pub fn solve(graph: &Digraph, position: &str, start: &str) -> Result<Solution, ImpartialError> {
    let r = vertex_geography(graph, start)?;
    let moves = r
        .winning_moves
        .iter()
        .map(|v| WinningMove::new(format!("move the token from {start} to {v}"), v.clone()))
        .collect();
    let mut s = Solution::new(
        "geography",
        format!("{position} from {start}"),
        Outcome::from_next_player_wins(r.player_to_move_wins),
    )
    .fact("matching_size", Fact::Count(r.matching_size as u64))
    .fact(
        "matching_size_without_start",
        Fact::Count(r.matching_size_without_start as u64),
    )
    .fact(
        "component_vertices",
        Fact::Count(r.component_vertices as u64),
    )
    .moves(moves, true);
    for n in r.notes {
        s = s.note(n);
    }
    Ok(s)
}

/// Decides undirected vertex geography on `graph` (edge directions ignored) with the token
/// on the vertex named `start`. Loops are ignored (the token's vertex is visited once it
/// leaves, so a loop can never be followed) and repeated edges count once. A start whose
/// component has an odd cycle and more than [`MAX_BLOSSOM_VERTICES`] vertices is refused.
pub fn vertex_geography(graph: &Digraph, start: &str) -> Result<GeographyResult, ImpartialError> {
    let s = graph.require(start)?;
    let (component, global) = SimpleGraph::component(&Multigraph::undirected(graph), s);
    let analysis = root_deletion(&component)?;

    let mut notes = vec![format!(
        "Fraenkel–Scheinerman–Ullman: the player to move wins iff every maximum matching \
         covers '{start}' (matching number {} with it, {} without); a move wins iff it goes \
         to a vertex some maximum matching of the rest misses",
        analysis.matching_number, analysis.matching_number_without_root
    )];
    let (loops, repeats) = ignored_edges(graph);
    if loops > 0 {
        notes.push(format!(
            "{loops} loop{} ignored: a vertex is visited once the token leaves it",
            plural(loops)
        ));
    }
    if repeats > 0 {
        notes.push(format!(
            "{repeats} repeated edge{} (directions ignored) counted once",
            plural(repeats)
        ));
    }

    Ok(GeographyResult {
        start: start.to_string(),
        player_to_move_wins: analysis.root_is_essential,
        winning_moves: analysis
            .inessential_neighbours
            .iter()
            .map(|&u| graph.name(global[u as usize]).to_string())
            .collect(),
        matching_size: analysis.matching_number,
        matching_size_without_start: analysis.matching_number_without_root,
        component_vertices: component.len(),
        method: analysis.method,
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

#[cfg(test)]
mod tests {
    use super::*;
    use conway_graph::GraphError;
    use proptest::prelude::*;
    use std::collections::HashMap;

    fn graph(n: usize, edges: &[(u32, u32)]) -> Digraph {
        Digraph::from_edges((0..n).map(|i| format!("v{i}")), edges).unwrap()
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
            Err(ImpartialError::Graph(GraphError::TooLarge { .. }))
        ));
    }

    /// The report: on a path of five the second vertex wins by moving either way.
    #[test]
    fn solution_in_a_players_words() {
        let g = Digraph::parse("a b\nb c\nc d\nd e\n").unwrap();
        let s = solve(&g, "path.txt", "b").unwrap();
        assert_eq!(s.position, "path.txt from b");
        assert_eq!(s.outcome, Outcome::N);
        assert_eq!(s.value, None);
        assert_eq!(
            s.winning_moves,
            vec![
                WinningMove::new("move the token from b to a", "a"),
                WinningMove::new("move the token from b to c", "c"),
            ]
        );
        assert_eq!(
            s.facts,
            vec![
                ("matching_size".to_string(), Fact::Count(2)),
                ("matching_size_without_start".to_string(), Fact::Count(1)),
                ("component_vertices".to_string(), Fact::Count(5)),
            ]
        );
    }
}
