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

use crate::digraph::Digraph;
use crate::RetrogradeError;

/// One token and the remoteness of its vertex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// The vertex's name.
    pub vertex: String,
    /// The remoteness of the vertex played alone.
    pub remoteness: u64,
}

/// Where one token goes in the optimal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenMove {
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
    /// The optimal move, one entry per token: winning when the player to move wins,
    /// otherwise the move that holds out longest. Empty when the game is over.
    pub optimal_move: Vec<TokenMove>,
    /// The rule applied, for a human reader.
    pub notes: Vec<String>,
}

/// The remoteness of every vertex of `graph`, which must be acyclic.
pub fn remoteness(graph: &Digraph) -> Result<Vec<u64>, RetrogradeError> {
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
) -> Result<ConjunctiveResult, RetrogradeError> {
    if tokens.is_empty() {
        return Err(RetrogradeError::InvalidInput(
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
                let mut seen = std::collections::HashSet::new();
                choices.retain(|&u| seen.insert(u));
                let names: Vec<String> =
                    choices.iter().map(|&u| graph.name(u).to_string()).collect();
                TokenMove {
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

/// Remoteness of every vertex reachable from `starts` (`None` elsewhere), sinks first: a
/// vertex is valued once all its successors are (Kahn's order on out-degrees), so no
/// recursion follows long paths. A vertex never valued lies on or above a cycle.
fn remoteness_from(graph: &Digraph, starts: &[u32]) -> Result<Vec<Option<u64>>, RetrogradeError> {
    let n = graph.len();
    let mut reachable = vec![false; n];
    let mut order: Vec<u32> = Vec::new();
    for &s in starts {
        if !reachable[s as usize] {
            reachable[s as usize] = true;
            order.push(s);
        }
    }
    let mut i = 0;
    while i < order.len() {
        let v = order[i];
        i += 1;
        for &u in graph.successors(v) {
            if !reachable[u as usize] {
                reachable[u as usize] = true;
                order.push(u);
            }
        }
    }

    // Predecessors within the reachable part, and successors still unvalued.
    let mut pred_start = vec![0usize; n + 1];
    let mut waiting = vec![0usize; n];
    for &v in &order {
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
    for &v in &order {
        for &u in graph.successors(v) {
            pred[fill[u as usize]] = v;
            fill[u as usize] += 1;
        }
    }

    let mut r: Vec<Option<u64>> = vec![None; n];
    let mut min_even = vec![u64::MAX; n];
    let mut max_any = vec![0u64; n];
    let mut ready: Vec<u32> = order
        .iter()
        .copied()
        .filter(|&v| waiting[v as usize] == 0)
        .collect();
    let mut valued = 0usize;
    while let Some(v) = ready.pop() {
        let vi = v as usize;
        let value = if graph.successors(v).is_empty() {
            0
        } else if min_even[vi] != u64::MAX {
            1 + min_even[vi]
        } else {
            1 + max_any[vi]
        };
        r[vi] = Some(value);
        valued += 1;
        for &p in &pred[pred_start[vi]..pred_start[vi + 1]] {
            let pi = p as usize;
            if value % 2 == 0 {
                min_even[pi] = min_even[pi].min(value);
            }
            max_any[pi] = max_any[pi].max(value);
            waiting[pi] -= 1;
            if waiting[pi] == 0 {
                ready.push(p);
            }
        }
    }

    if valued < order.len() {
        // Every unvalued vertex has an unvalued successor; following them must repeat.
        let mut step = vec![false; n];
        let mut v = order
            .iter()
            .copied()
            .find(|&v| r[v as usize].is_none())
            .unwrap_or(0);
        while !step[v as usize] {
            step[v as usize] = true;
            v = graph
                .successors(v)
                .iter()
                .copied()
                .find(|&u| r[u as usize].is_none())
                .unwrap_or(v);
        }
        return Err(RetrogradeError::InvalidInput(format!(
            "the graph has a cycle through vertex {}; conjunctive compounds need a DAG",
            graph.name(v)
        )));
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
        let mut g = Digraph::new();
        assert_eq!(perm.len(), n);
        for p in perm {
            g.vertex(&format!("v{p}")).unwrap();
        }
        for &(a, b) in edges {
            let (lo, hi) = (a.min(b), a.max(b));
            if lo != hi {
                g.add_edge(lo, hi).unwrap();
            }
        }
        g
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
}
