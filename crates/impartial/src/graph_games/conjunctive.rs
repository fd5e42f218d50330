//! Conjunctive compounds of games on a DAG, solved by remoteness (Smith; Steinhaus).
//!
//! Several tokens sit on vertices of one directed acyclic graph; a turn moves **every**
//! token along an edge, and the player who cannot (because some token is stuck) loses.
//! Grundy values say nothing here: the compound ends with its shortest component, so what
//! matters is how long each component lasts when its winner hurries and its loser delays.
//! That is the remoteness: `R(v) = 0` at a sink; otherwise `1 + min` over successors of
//! even remoteness (the positions lost for the player to move) if there is one, else
//! `1 + max` over all successors. The compound lasts `min R(tokens)` moves and the player
//! to move wins iff that is odd; the optimal move takes every token to a successor of
//! remoteness one less.

use std::collections::HashSet;

use conway_graph::dag::{successors_first, Cycle};
use conway_graph::Digraph;

use crate::solution::{Fact, WinningMove};
use crate::{ImpartialError, Outcome, Solution};

/// One token and the remoteness of its vertex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// The vertex's name.
    pub vertex: String,
    /// The remoteness of the vertex played alone.
    pub remoteness: u64,
}

/// One token's step in the optimal move of a conjunctive compound (every token steps each
/// turn).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenStep {
    /// The vertex the token is on.
    pub from: String,
    /// The vertex it goes to: the first successor (in file order) of remoteness one less.
    pub to: String,
    /// Every successor of remoteness one less, `to` first; any of them does as well.
    pub choices: Vec<String>,
}

/// The outcome and length of a conjunctive compound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConjunctiveResult {
    /// The tokens in the order given.
    pub tokens: Vec<Token>,
    /// The compound's remoteness: how many moves the game lasts when the winner hurries
    /// and the loser delays.
    pub remoteness: u64,
    /// Whether the player to move wins (the remoteness is odd).
    pub player_to_move_wins: bool,
    /// The optimal move, one step per token: winning when the player to move wins,
    /// otherwise the move that holds out longest. Empty when the game is over.
    pub optimal_move: Vec<TokenStep>,
    /// The rule applied, for a human reader.
    pub notes: Vec<String>,
}

/// Solves the conjunctive compound of tokens on the vertices named in `tokens` (see
/// [`conjunctive_compound`]) and reports it as `conway solve conjunctive` does; `position`
/// names the graph (the file it was read from).
pub fn solve(graph: &Digraph, position: &str, tokens: &[&str]) -> Result<Solution, ImpartialError> {
    let r = conjunctive_compound(graph, tokens)?;
    // Only a winning move is a winning move; the delaying move of a loser stays in the
    // lower-level result.
    let moves = if r.player_to_move_wins && !r.optimal_move.is_empty() {
        let parts: Vec<String> = r
            .optimal_move
            .iter()
            .map(|m| format!("{}→{}", m.from, m.to))
            .collect();
        let to: Vec<String> = r.optimal_move.iter().map(|m| m.to.clone()).collect();
        vec![WinningMove::new(
            format!("move every token: {}", parts.join(", ")),
            to.join(" "),
        )]
    } else {
        Vec::new()
    };
    let mut s = Solution::new(
        "conjunctive",
        format!("{position}: {}", tokens.join(" ")),
        Outcome::from_next_player_wins(r.player_to_move_wins),
    )
    .fact("remoteness", Fact::Count(r.remoteness))
    .fact(
        "token_remoteness",
        Fact::List(
            r.tokens
                .iter()
                .map(|t| format!("{}:{}", t.vertex, t.remoteness))
                .collect(),
        ),
    )
    .moves(moves, false);
    for n in r.notes {
        s = s.note(n);
    }
    Ok(s)
}

/// The remoteness of every vertex of `graph`, which must be acyclic.
pub fn remoteness(graph: &Digraph) -> Result<Vec<u64>, ImpartialError> {
    let all: Vec<u32> = (0..graph.len() as u32).collect();
    let r = remoteness_from(graph, &all)?;
    Ok(r.into_iter().map(|x| x.unwrap_or(0)).collect())
}

/// Solves the conjunctive compound of tokens on the vertices named in `tokens` (a vertex
/// may carry several tokens). Only the part of the graph reachable from the tokens has to
/// be acyclic.
pub fn conjunctive_compound(
    graph: &Digraph,
    tokens: &[&str],
) -> Result<ConjunctiveResult, ImpartialError> {
    if tokens.is_empty() {
        return Err(ImpartialError::InvalidInput(
            "a conjunctive compound needs at least one token".to_string(),
        ));
    }
    let starts = tokens
        .iter()
        .map(|name| graph.require(name))
        .collect::<Result<Vec<u32>, _>>()?;
    let r = remoteness_from(graph, &starts)?;
    let of = |v: u32| r[v as usize].unwrap_or(0);
    let compound = starts.iter().map(|&v| of(v)).min().unwrap_or(0);
    let wins = compound % 2 == 1;

    let optimal_move = if compound == 0 {
        Vec::new()
    } else {
        starts
            .iter()
            .map(|&v| {
                let mut choices: Vec<u32> = graph
                    .successors(v)
                    .iter()
                    .copied()
                    .filter(|&u| of(u) + 1 == of(v))
                    .collect();
                let mut seen = HashSet::new();
                choices.retain(|&u| seen.insert(u));
                let names: Vec<String> =
                    choices.iter().map(|&u| graph.name(u).to_string()).collect();
                TokenStep {
                    from: graph.name(v).to_string(),
                    to: names.first().cloned().unwrap_or_default(),
                    choices: names,
                }
            })
            .collect()
    };

    let mut notes = vec![format!(
        "conjunctive compound (Smith): it lasts as long as its shortest component, min \
         remoteness = {compound}; {}",
        if wins {
            "odd, so the player to move wins by taking every token one step nearer its end"
        } else {
            "even, so the player to move loses, and delays by taking every token one step \
             nearer its end"
        }
    )];
    if compound == 0 {
        let stuck = starts
            .iter()
            .find(|&&v| of(v) == 0)
            .map(|&v| graph.name(v))
            .unwrap_or_default();
        notes.push(format!(
            "the game is over: the token on '{stuck}' cannot move, so the player to move \
             has lost"
        ));
    }

    Ok(ConjunctiveResult {
        tokens: starts
            .iter()
            .map(|&v| Token {
                vertex: graph.name(v).to_string(),
                remoteness: of(v),
            })
            .collect(),
        remoteness: compound,
        player_to_move_wins: wins,
        optimal_move,
        notes,
    })
}

/// Remoteness of every vertex reachable from `starts` (`None` elsewhere), valued sinks
/// first so that every successor is valued before its predecessors.
fn remoteness_from(graph: &Digraph, starts: &[u32]) -> Result<Vec<Option<u64>>, ImpartialError> {
    let order = successors_first(graph, starts).map_err(|Cycle { vertex }| {
        ImpartialError::InvalidInput(format!(
            "the graph has a cycle through vertex {}; conjunctive compounds need a DAG",
            graph.name(vertex)
        ))
    })?;
    let mut r: Vec<Option<u64>> = vec![None; graph.len()];
    for v in order {
        let (mut min_even, mut max_any) = (None::<u64>, 0u64);
        for &u in graph.successors(v) {
            let x = r[u as usize].unwrap_or(0);
            if x.is_multiple_of(2) {
                min_even = Some(min_even.map_or(x, |m| m.min(x)));
            }
            max_any = max_any.max(x);
        }
        r[v as usize] = Some(if graph.successors(v).is_empty() {
            0
        } else {
            1 + min_even.unwrap_or(max_any)
        });
    }
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// Search of the compound position itself: (player to move wins, moves left with the
    /// winner hurrying and the loser delaying).
    struct Oracle<'a> {
        graph: &'a Digraph,
        memo: HashMap<Vec<u32>, (bool, u64)>,
    }

    impl Oracle<'_> {
        fn options(&self, position: &[u32]) -> Vec<Vec<u32>> {
            let mut options = vec![Vec::new()];
            for &v in position {
                let mut longer = Vec::new();
                for prefix in &options {
                    for &u in self.graph.successors(v) {
                        let mut next = prefix.clone();
                        next.push(u);
                        longer.push(next);
                    }
                }
                options = longer;
            }
            options
        }

        fn solve(&mut self, position: &[u32]) -> (bool, u64) {
            if let Some(&x) = self.memo.get(position) {
                return x;
            }
            let options = self.options(position);
            let values: Vec<(bool, u64)> = options.iter().map(|o| self.solve(o)).collect();
            let result = if values.is_empty() {
                (false, 0)
            } else if let Some(len) = values.iter().filter(|v| !v.0).map(|v| v.1).min() {
                (true, 1 + len)
            } else {
                (false, 1 + values.iter().map(|v| v.1).max().unwrap_or(0))
            };
            self.memo.insert(position.to_vec(), result);
            result
        }
    }

    /// A DAG on `n` vertices whose numbering is shuffled by `perm` so that file order is
    /// not a topological order.
    fn dag(n: usize, edges: &[(u32, u32)], perm: &[u32]) -> Digraph {
        assert_eq!(perm.len(), n);
        let upward: Vec<(u32, u32)> = edges
            .iter()
            .filter(|(a, b)| a != b)
            .map(|&(a, b)| (a.min(b), a.max(b)))
            .collect();
        Digraph::from_edges(perm.iter().map(|p| format!("v{p}")), &upward).unwrap()
    }

    /// Vertex count, edges, vertex shuffle, tokens.
    type Case = (usize, Vec<(u32, u32)>, Vec<u32>, Vec<u32>);

    fn random_dag() -> impl Strategy<Value = Case> {
        (1usize..=8).prop_flat_map(|n| {
            let edges = proptest::collection::vec((0..n as u32, 0..n as u32), 0..=18);
            let perm = Just((0..n as u32).collect::<Vec<u32>>()).prop_shuffle();
            let tokens = proptest::collection::vec(0..n as u32, 1..=3);
            (Just(n), edges, perm, tokens)
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Min remoteness gives the outcome and the exact length found by searching the
        /// compound, and the optimal move leads where search says it should.
        #[test]
        fn remoteness_matches_search((n, edges, perm, tokens) in random_dag()) {
            let g = dag(n, &edges, &perm);
            let names: Vec<String> = tokens.iter().map(|&t| g.name(t).to_string()).collect();
            let refs: Vec<&str> = names.iter().map(String::as_str).collect();
            let result = conjunctive_compound(&g, &refs).unwrap();
            let mut oracle = Oracle { graph: &g, memo: HashMap::new() };
            let (wins, length) = oracle.solve(&tokens);
            prop_assert_eq!(result.player_to_move_wins, wins);
            prop_assert_eq!(result.remoteness, length);
            if length == 0 {
                prop_assert!(result.optimal_move.is_empty());
            } else {
                prop_assert_eq!(result.optimal_move.len(), tokens.len());
                let mut after: Vec<u32> = result
                    .optimal_move
                    .iter()
                    .map(|m| g.find(&m.to).unwrap())
                    .collect();
                prop_assert_eq!(oracle.solve(&after), (!wins, length - 1));
                // Any of the listed choices does as well.
                for (i, m) in result.optimal_move.iter().enumerate() {
                    let first = after[i];
                    for c in &m.choices {
                        after[i] = g.find(c).unwrap();
                        prop_assert_eq!(oracle.solve(&after), (!wins, length - 1));
                    }
                    after[i] = first;
                }
            }
        }
    }

    #[test]
    fn remoteness_by_hand() {
        // a → b → c: c is a sink (0), b moves to it (1), a can only go to b, an odd
        // position, so it delays: 1 + 1 = 2. d → {a, c}: c is even, so 1 + 0 = 1.
        let g = Digraph::parse("a b\nb c\nd: a c\n").unwrap();
        assert_eq!(remoteness(&g).unwrap(), vec![2, 1, 0, 1]);
        let r = conjunctive_compound(&g, &["a", "d"]).unwrap();
        assert_eq!(r.remoteness, 1);
        assert!(r.player_to_move_wins);
        let to: Vec<&str> = r.optimal_move.iter().map(|m| m.to.as_str()).collect();
        assert_eq!(to, vec!["b", "c"]);
        let r = conjunctive_compound(&g, &["a", "a"]).unwrap();
        assert_eq!((r.remoteness, r.player_to_move_wins), (2, false));
        let r = conjunctive_compound(&g, &["c", "a"]).unwrap();
        assert_eq!(r.remoteness, 0);
        assert!(r.optimal_move.is_empty());
        assert!(r.notes.iter().any(|n| n.contains("'c' cannot move")));
    }

    #[test]
    fn cycles_and_bad_tokens_are_errors() {
        let g = Digraph::parse("a b\nb c\nc a\nd a\ne f\n").unwrap();
        let err = conjunctive_compound(&g, &["d"]).unwrap_err().to_string();
        assert!(err.contains("has a cycle through vertex"), "{err}");
        assert!(err.contains("need a DAG"));
        // The cycle is out of reach of a token on e.
        assert_eq!(conjunctive_compound(&g, &["e"]).unwrap().remoteness, 1);
        assert!(remoteness(&g).is_err());
        let looped = Digraph::parse("x y\ny y\n").unwrap();
        let err = conjunctive_compound(&looped, &["x"])
            .unwrap_err()
            .to_string();
        assert!(err.contains("vertex y"), "{err}");
        assert!(conjunctive_compound(&g, &[]).is_err());
        assert!(conjunctive_compound(&g, &["nowhere"]).is_err());
    }

    #[test]
    fn long_chains_need_no_recursion() {
        let n = 500_000u32;
        let mut g = Digraph::new();
        let mut prev = g.vertex("v0").unwrap();
        for i in 1..=n {
            let v = g.vertex(&format!("v{i}")).unwrap();
            g.add_edge(prev, v).unwrap();
            prev = v;
        }
        let r = conjunctive_compound(&g, &["v0", "v10"]).unwrap();
        assert_eq!(r.remoteness, u64::from(n) - 10);
        assert_eq!(r.player_to_move_wins, (n - 10) % 2 == 1);
    }

    /// The report: tokens on a (remoteness 3) and c (1) last one move, a win taking every
    /// token one step; a lost compound lists no winning move.
    #[test]
    fn solution_in_a_players_words() {
        let g = Digraph::parse("a: b c\nb: d\nc: d e\nd: f\n").unwrap();
        let s = solve(&g, "dag.txt", &["a", "c"]).unwrap();
        assert_eq!(s.position, "dag.txt: a c");
        assert_eq!(s.outcome, Outcome::N);
        assert_eq!(
            s.winning_moves,
            vec![WinningMove::new("move every token: a→b, c→e", "b e")]
        );
        assert!(!s.all_winning_moves);
        assert_eq!(
            s.facts[1],
            (
                "token_remoteness".to_string(),
                Fact::List(vec!["a:3".to_string(), "c:1".to_string()])
            )
        );
        let lost = solve(&g, "dag.txt", &["b"]).unwrap();
        assert_eq!(lost.outcome, Outcome::P);
        assert!(lost.winning_moves.is_empty());
    }
}
