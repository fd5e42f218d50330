//! Green Hackenbush on any rooted graph, valued without search.
//!
//! The picture is an edge-list file read without edge directions, grounded at the vertex
//! named `0` or `ground`; a move chops one edge, and whatever is no longer connected to the
//! ground falls. Its value comes from the fusion and colon principles in linear time
//! ([`conway_graph::green_hackenbush`]).
//!
//! A move changes the graph, so winning moves are found by valuing the graph again after
//! each chop; that is quadratic and so limited to [`MAX_EDGES_FOR_MOVES`] edges in play.

use conway_graph::green_hackenbush::green_value;
use conway_graph::{Digraph, Multigraph};

use super::plural;
use crate::solution::{Fact, WinningMove};
use crate::{ImpartialError, Outcome, Solution};

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

/// Solves the Green Hackenbush position drawn by `graph` (see [`green_hackenbush`]) and
/// reports it as `conway solve green-hackenbush` does; `position` names the picture (the
/// file it was read from).
pub fn solve(graph: &Digraph, position: &str) -> Result<Solution, ImpartialError> {
    let r = green_hackenbush(graph)?;
    let moves = r
        .winning_moves
        .as_ref()
        .map(|ms| {
            ms.iter()
                .map(|m| {
                    WinningMove::new(
                        format!(
                            "chop the edge {}–{} (edge {} of the file)",
                            m.from,
                            m.to,
                            m.edge + 1
                        ),
                        format!("without edge {}", m.edge + 1),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let mut s = Solution::new(
        "green-hackenbush",
        position,
        Outcome::of_grundy_is_zero(r.value == 0),
    )
    .with_value(r.value)
    .fact("ground", Fact::Text(r.ground.clone()))
    .fact("edges_in_play", Fact::Count(r.edges_in_play as u64))
    .fact("fallen_edges", Fact::Count(r.fallen_edges as u64))
    .moves(moves, r.winning_moves.is_some());
    for n in r.notes {
        s = s.note(n);
    }
    Ok(s)
}

/// Values the Green Hackenbush position drawn by `graph`, grounded at the vertex named `0`
/// or `ground` (exactly one of them must exist). Edge directions are ignored; loops and
/// parallel edges are edges like any other.
pub fn green_hackenbush(graph: &Digraph) -> Result<HackenbushResult, ImpartialError> {
    let ground = match (graph.find("0"), graph.find("ground")) {
        (Some(_), Some(_)) => {
            return Err(ImpartialError::InvalidInput(
                "the graph has both a vertex '0' and a vertex 'ground'; name only one ground"
                    .to_string(),
            ))
        }
        (Some(v), None) | (None, Some(v)) => v,
        (None, None) => {
            return Err(ImpartialError::InvalidInput(
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
) -> Result<HackenbushResult, ImpartialError> {
    let root = graph.require(ground)?;
    let picture = Multigraph::undirected(graph);
    let edges = graph.edges();
    let full = green_value(&picture, root, None);
    let in_play: Vec<usize> = (0..edges.len())
        .filter(|&e| full.grounded[edges[e].0 as usize])
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
        // A chop wins when it leaves a position worth 0.
        let moves = in_play
            .iter()
            .filter(|&&e| green_value(&picture, root, Some(e)).value == 0)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::GrundySolver;
    use crate::ImpartialGame;
    use conway_graph::testing::random_multigraph;
    use proptest::prelude::*;

    /// A graph on vertices `0`, `a`, `b`, … (vertex `0` is the ground) with these edges.
    fn graph(vertices: usize, edges: &[(u32, u32)]) -> Digraph {
        let names = (0..vertices).map(|i| match i {
            0 => "0".to_string(),
            _ => ((b'a' + (i as u8 - 1)) as char).to_string(),
        });
        Digraph::from_edges(names, edges).unwrap()
    }

    /// The game by its rules, for the crate's own Grundy solver: a position is the set of
    /// edges still standing (bit `e` = edge `e`), and a chop drops whatever it cuts off
    /// from the ground (vertex 0).
    struct Chops {
        vertices: usize,
        edges: Vec<(u32, u32)>,
    }

    impl Chops {
        fn standing(&self, mask: u32) -> u32 {
            let mut grounded = vec![false; self.vertices];
            grounded[0] = true;
            let mut grew = true;
            while grew {
                grew = false;
                for (e, &(u, v)) in self.edges.iter().enumerate() {
                    let (u, v) = (u as usize, v as usize);
                    if mask >> e & 1 == 1 && grounded[u] != grounded[v] {
                        grounded[u] = true;
                        grounded[v] = true;
                        grew = true;
                    }
                }
            }
            (0..self.edges.len())
                .filter(|&e| mask >> e & 1 == 1 && grounded[self.edges[e].0 as usize])
                .fold(0, |m, e| m | 1 << e)
        }

        fn chop(&self, mask: u32, e: usize) -> u32 {
            self.standing(mask & !(1 << e))
        }
    }

    impl ImpartialGame for Chops {
        type Position = u32;

        fn options(&self, &mask: &u32) -> Vec<u32> {
            (0..self.edges.len())
                .filter(|e| mask >> e & 1 == 1)
                .map(|e| self.chop(mask, e))
                .collect()
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(160))]

        /// The value, the edges in play and the listed moves agree with the Grundy solver
        /// run on the rules: the moves are exactly the chops that leave a position worth 0.
        #[test]
        fn result_matches_search((n, edges) in random_multigraph()) {
            let game = Chops { vertices: n, edges: edges.clone() };
            let mut solver = GrundySolver::new(&game);
            let start = game.standing((1u32 << edges.len()) - 1);
            let result = green_hackenbush(&graph(n, &edges)).unwrap();
            prop_assert_eq!(result.value, solver.grundy(&start).unwrap());
            prop_assert_eq!(result.edges_in_play, start.count_ones() as usize);
            prop_assert_eq!(result.fallen_edges, edges.len() - start.count_ones() as usize);
            let mut expected = Vec::new();
            for e in (0..edges.len()).filter(|e| start >> e & 1 == 1) {
                if solver.grundy(&game.chop(start, e)).unwrap() == 0 {
                    expected.push(e);
                }
            }
            let found: Vec<usize> =
                result.winning_moves.unwrap().iter().map(|m| m.edge).collect();
            prop_assert_eq!(found, expected);
        }
    }

    /// From a bamboo stalk the only winning move chops its lowest segment.
    #[test]
    fn bamboo_stalk_is_won_at_the_bottom() {
        for n in 0..12u32 {
            let edges: Vec<(u32, u32)> = (0..n).map(|i| (i, i + 1)).collect();
            let result = green_hackenbush(&graph(n as usize + 1, &edges)).unwrap();
            assert_eq!(result.value, u64::from(n));
            let moves = result.winning_moves.unwrap();
            if n == 0 {
                assert!(moves.is_empty());
            } else {
                assert_eq!(moves.len(), 1);
                assert_eq!(moves[0].edge, 0);
            }
        }
    }

    /// Chopping a grounded edge of the triangle leaves a stalk of two (*2); chopping the
    /// edge opposite the ground leaves two stalks of one (*1 + *1 = 0), the only win.
    #[test]
    fn triangle_is_won_opposite_the_ground() {
        let result = green_hackenbush(&graph(3, &[(0, 1), (1, 2), (2, 0)])).unwrap();
        assert_eq!(result.value, 1);
        let moves: Vec<usize> = result
            .winning_moves
            .unwrap()
            .iter()
            .map(|m| m.edge)
            .collect();
        assert_eq!(moves, vec![1]);
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
            Err(ImpartialError::InvalidInput(_))
        ));
        let g = Digraph::parse("0 a\nground a\n").unwrap();
        assert!(green_hackenbush(&g).is_err());
        let g = Digraph::parse("ground -> a\na b\nb ground\n").unwrap();
        assert_eq!(green_hackenbush(&g).unwrap().value, 1);
        assert!(matches!(
            green_hackenbush_grounded(&g, "zz"),
            Err(ImpartialError::Graph(_))
        ));
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

    /// The report: a triangle on a stalk (*2) beside a single edge (*1) is *3, won by
    /// chopping the triangle's top edge (leaving *1 + *1).
    #[test]
    fn solution_in_a_players_words() {
        let g = Digraph::parse("0 a\na b\nb c\nc a\n0 d\n").unwrap();
        let s = solve(&g, "hk.txt").unwrap();
        assert_eq!(
            (s.game.as_str(), s.position.as_str()),
            ("green-hackenbush", "hk.txt")
        );
        assert_eq!(s.outcome, Outcome::N);
        assert_eq!(s.value.as_deref(), Some("*3"));
        assert_eq!(
            s.winning_moves,
            vec![WinningMove::new(
                "chop the edge b–c (edge 3 of the file)",
                "without edge 3"
            )]
        );
        assert!(s.all_winning_moves);
        let names: Vec<&str> = s.facts.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, vec!["ground", "edges_in_play", "fallen_edges"]);
        assert_eq!(s.facts[1].1, Fact::Count(5));
    }
}
