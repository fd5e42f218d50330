//! Impartial games on digraphs with cycles: the generalized Sprague-Grundy function γ
//! (C. A. B. Smith 1966; Fraenkel's algorithm GSG).
//!
//! γ(u) is a nimber, or ∞(K) where K is the set of finite values among u's followers. A
//! token at u is a P-position iff γ(u) = 0, a draw iff γ(u) = ∞(K) with 0 ∉ K, and an
//! N-position otherwise. Sums follow from the values: finite values add by xor,
//! ∞(K) + y = ∞(K ⊕ y), and two infinite terms make ∞(∅), a draw.
//!
//! GSG labels vertices level by level: at level i it labels i every unlabelled u that has no
//! follower labelled i and whose unlabelled or ∞ followers all have a follower labelled i,
//! as long as such a u exists; then every still-unlabelled vertex without a follower
//! labelled i is labelled ∞ for good. Counters of "blocking" followers make a level cost
//! O(V + E) instead of a fixpoint of full scans.

use conway_core::{Progress, Work};

use crate::RetrogradeError;

/// How many vertices a pass visits between two progress reports.
const REPORT_EVERY: usize = 1 << 16;
use crate::graph::{GameGraph, Terminal};
use crate::solve::Reverse;
use conway_graph::Digraph;

/// The generalized Sprague-Grundy value of a vertex.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Gsg {
    /// A nimber: the token is worth a nim heap of this size.
    Finite(u64),
    /// ∞(K): K is the set of finite values of the followers, ascending.
    Infinite(Vec<u64>),
}

/// The outcome of a loopy impartial position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopyOutcome {
    /// The player to move loses.
    P,
    /// The player to move wins.
    N,
    /// Neither player can force a win.
    D,
}

/// Serialized as its letter, `P`, `N` or `D`.
impl serde::Serialize for LoopyOutcome {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl std::fmt::Display for LoopyOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            LoopyOutcome::P => "P",
            LoopyOutcome::N => "N",
            LoopyOutcome::D => "D",
        })
    }
}

impl Gsg {
    /// P, N or D.
    pub fn outcome(&self) -> LoopyOutcome {
        match self {
            Gsg::Finite(0) => LoopyOutcome::P,
            Gsg::Finite(_) => LoopyOutcome::N,
            Gsg::Infinite(k) if k.contains(&0) => LoopyOutcome::N,
            Gsg::Infinite(_) => LoopyOutcome::D,
        }
    }

    /// The value of the sum of two games.
    pub fn add(&self, other: &Gsg) -> Gsg {
        match (self, other) {
            (Gsg::Finite(a), Gsg::Finite(b)) => Gsg::Finite(a ^ b),
            (Gsg::Infinite(k), Gsg::Finite(y)) | (Gsg::Finite(y), Gsg::Infinite(k)) => {
                let mut shifted: Vec<u64> = k.iter().map(|v| v ^ y).collect();
                shifted.sort_unstable();
                Gsg::Infinite(shifted)
            }
            (Gsg::Infinite(_), Gsg::Infinite(_)) => Gsg::Infinite(Vec::new()),
        }
    }

    /// The value of the sum of several games (0 for none).
    pub fn sum<'a>(terms: impl IntoIterator<Item = &'a Gsg>) -> Gsg {
        terms.into_iter().fold(Gsg::Finite(0), |acc, t| acc.add(t))
    }
}

impl std::fmt::Display for Gsg {
    /// `0`, `*3`, `∞(0,2)`, `∞(∅)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Gsg::Finite(0) => f.write_str("0"),
            Gsg::Finite(1) => f.write_str("*"),
            Gsg::Finite(n) => write!(f, "*{n}"),
            Gsg::Infinite(k) if k.is_empty() => f.write_str("∞(∅)"),
            Gsg::Infinite(k) => {
                let list: Vec<String> = k.iter().map(u64::to_string).collect();
                write!(f, "∞({})", list.join(","))
            }
        }
    }
}

/// Serialized as written for people, `0`, `*3`, `∞(0,2)`: one string, exact.
impl serde::Serialize for Gsg {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Label {
    Unlabelled,
    Finite(u64),
    Infinite,
}

/// γ of every vertex of `g` (edges are moves of the token). `progress` hears the vertices
/// labelled so far; a stop request ends the work with [`RetrogradeError::Interrupted`].
pub fn generalized_sg(g: &Digraph, progress: &dyn Progress) -> Result<Vec<Gsg>, RetrogradeError> {
    let n = g.len();
    // Flat, not a vector per vertex: on millions of vertices building and freeing it takes
    // milliseconds, not the better part of a second between two progress reports.
    let preds = Reverse::of(&TokenGame(g));
    let mut label = vec![Label::Unlabelled; n];
    let mut unlabelled = n;
    let mut level = 0u64;
    let mut has_i = vec![false; n];
    let mut blocking = vec![0usize; n];
    let mut queue: Vec<u32> = Vec::new();
    let open = |l: Label| matches!(l, Label::Unlabelled | Label::Infinite);
    while unlabelled > 0 {
        has_i.fill(false);
        for u in 0..n {
            if u.is_multiple_of(REPORT_EVERY) {
                progress.advance(Work::of((n - unlabelled) as u64, n as u64, "vertices"))?;
            }
            blocking[u] = g
                .successors(u as u32)
                .iter()
                .filter(|&&f| open(label[f as usize]))
                .count();
            if label[u] == Label::Unlabelled && blocking[u] == 0 {
                queue.push(u as u32);
            }
        }
        while let Some(u) = queue.pop() {
            let ui = u as usize;
            if label[ui] != Label::Unlabelled || has_i[ui] || blocking[ui] != 0 {
                continue;
            }
            label[ui] = Label::Finite(level);
            unlabelled -= 1;
            for &p in preds.moves_into(u as usize) {
                let pi = p as usize;
                // u was an open follower without an i-follower: it blocked p.
                blocking[pi] -= 1;
                if has_i[pi] {
                    continue;
                }
                has_i[pi] = true;
                if open(label[pi]) {
                    for &q in preds.moves_into(p as usize) {
                        let qi = q as usize;
                        blocking[qi] -= 1;
                        if blocking[qi] == 0 && label[qi] == Label::Unlabelled && !has_i[qi] {
                            queue.push(q);
                        }
                    }
                }
            }
        }
        for u in 0..n {
            if label[u] == Label::Unlabelled && !has_i[u] {
                label[u] = Label::Infinite;
                unlabelled -= 1;
            }
        }
        level += 1;
    }
    Ok((0..n)
        .map(|u| match label[u] {
            Label::Finite(v) => Gsg::Finite(v),
            _ => {
                let mut k: Vec<u64> = g
                    .successors(u as u32)
                    .iter()
                    .filter_map(|&f| match label[f as usize] {
                        Label::Finite(v) => Some(v),
                        _ => None,
                    })
                    .collect();
                k.sort_unstable();
                k.dedup();
                Gsg::Infinite(k)
            }
        })
        .collect())
}

/// A move of one token: which token (0-based), from and to which vertex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TokenMove {
    /// The token's position in the list.
    pub token: usize,
    /// Its vertex now.
    pub from: u32,
    /// Its vertex after the move.
    pub to: u32,
}

/// The analysis of tokens on a digraph (a sum of loopy games).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokensAnswer {
    /// γ of each token's vertex.
    pub values: Vec<Gsg>,
    /// γ of the sum.
    pub value: Gsg,
    /// P, N or D.
    pub outcome: LoopyOutcome,
    /// Moves to a P-position (when the outcome is N).
    pub winning_moves: Vec<TokenMove>,
    /// Moves that keep a draw (when the outcome is D).
    pub drawing_moves: Vec<TokenMove>,
}

/// Value, outcome and the winning (or drawing) moves of tokens at `tokens`, given γ.
pub fn analyse_tokens(g: &Digraph, gsg: &[Gsg], tokens: &[u32]) -> TokensAnswer {
    let values: Vec<Gsg> = tokens.iter().map(|&t| gsg[t as usize].clone()).collect();
    let value = Gsg::sum(&values);
    let outcome = value.outcome();
    let (mut winning_moves, mut drawing_moves) = (Vec::new(), Vec::new());
    if outcome != LoopyOutcome::P {
        for (i, &t) in tokens.iter().enumerate() {
            let others = Gsg::sum(
                values
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, v)| v),
            );
            let mut seen = Vec::new();
            for &f in g.successors(t) {
                if seen.contains(&f) {
                    continue;
                }
                seen.push(f);
                let after = others.add(&gsg[f as usize]).outcome();
                let m = TokenMove {
                    token: i,
                    from: t,
                    to: f,
                };
                match (outcome, after) {
                    (LoopyOutcome::N, LoopyOutcome::P) => winning_moves.push(m),
                    (LoopyOutcome::D, LoopyOutcome::D) => drawing_moves.push(m),
                    _ => {}
                }
            }
        }
    }
    TokensAnswer {
        values,
        value,
        outcome,
        winning_moves,
        drawing_moves,
    }
}

/// A digraph as a game for the retrograde engine: the token moves along an edge, and a
/// player who cannot move loses. Its win / loss / draw is the independent check of γ.
pub struct TokenGame<'g>(pub &'g Digraph);

impl GameGraph for TokenGame<'_> {
    fn num_states(&self) -> usize {
        self.0.len()
    }

    fn successors(&self, s: u32, out: &mut Vec<u32>) {
        out.extend_from_slice(self.0.successors(s));
    }

    fn terminal(&self, _s: u32) -> Option<Terminal> {
        None
    }
}

/// An outcome letter in the JSON.
impl schemars::JsonSchema for LoopyOutcome {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "LoopyOutcome".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "type": "string", "enum": ["P", "N", "D"] })
    }
}

/// A generalized Sprague-Grundy value as text.
impl schemars::JsonSchema for Gsg {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Gsg".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "type": "string", "description": "a loopy value: 0, *3 or ∞(0,2)" })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::Value;
    use crate::solve::solve;
    use conway_core::NoProgress;
    use proptest::prelude::*;

    fn graph(n: usize, edges: &[(u32, u32)]) -> Digraph {
        Digraph::from_edges((0..n).map(|v| v.to_string()), edges).unwrap()
    }

    /// Worked by hand from the definition of the generalized Sprague-Grundy function
    /// (Smith, 1966; Fraenkel & Yesha, 1986): a 2-cycle is ∞(∅) on both vertices; a→{b, t}, b→{a}, t terminal gives γ(a)=1, γ(b)=0, γ(t)=0.
    #[test]
    fn hand_examples() {
        let g = graph(2, &[(0, 1), (1, 0)]);
        assert_eq!(
            generalized_sg(&g, &NoProgress).unwrap(),
            vec![Gsg::Infinite(vec![]), Gsg::Infinite(vec![])]
        );
        let g = graph(3, &[(0, 1), (0, 2), (1, 0)]);
        assert_eq!(
            generalized_sg(&g, &NoProgress).unwrap(),
            vec![Gsg::Finite(1), Gsg::Finite(0), Gsg::Finite(0)]
        );
        // A vertex with a move into a draw and a move to a terminal is N: ∞(0).
        let g = graph(4, &[(0, 1), (1, 2), (2, 1), (0, 3), (1, 0)]);
        let v = generalized_sg(&g, &NoProgress).unwrap();
        assert_eq!(v[3], Gsg::Finite(0));
        assert_eq!(v[0].outcome(), LoopyOutcome::N);
        assert_eq!(Gsg::Infinite(vec![0, 2]).to_string(), "∞(0,2)");
    }

    #[test]
    fn tokens_find_winning_and_drawing_moves() {
        // A path 0 → 1 → 2 (γ = 0, 1, 0) and a 2-cycle 3 ⇄ 4 (a draw).
        let g = graph(5, &[(0, 1), (1, 2), (3, 4), (4, 3)]);
        let gsg = generalized_sg(&g, &NoProgress).unwrap();
        let a = analyse_tokens(&g, &gsg, &[1]);
        assert_eq!(a.outcome, LoopyOutcome::N);
        assert_eq!(
            a.winning_moves,
            vec![TokenMove {
                token: 0,
                from: 1,
                to: 2
            }]
        );
        let a = analyse_tokens(&g, &gsg, &[1, 3]);
        assert_eq!(a.outcome, LoopyOutcome::D);
        assert!(!a.drawing_moves.is_empty());
    }

    fn arb_digraph(max: usize) -> impl Strategy<Value = Digraph> {
        (1..=max).prop_flat_map(|n| {
            proptest::collection::vec((0..n as u32, 0..n as u32), 0..(2 * n))
                .prop_map(move |edges| graph(n, &edges))
        })
    }

    /// The Cartesian sum of two digraphs: a move moves one of the two tokens.
    fn product(a: &Digraph, b: &Digraph) -> Digraph {
        let (na, nb) = (a.len() as u32, b.len() as u32);
        let mut edges = Vec::new();
        for u in 0..na {
            for v in 0..nb {
                for &u2 in a.successors(u) {
                    edges.push((u * nb + v, u2 * nb + v));
                }
                for &v2 in b.successors(v) {
                    edges.push((u * nb + v, u * nb + v2));
                }
            }
        }
        graph((na * nb) as usize, &edges)
    }

    proptest! {
        /// γ's outcome classes equal an independent win/loss/draw search.
        #[test]
        fn outcomes_match_retrograde(g in arb_digraph(12)) {
            let gsg = generalized_sg(&g, &NoProgress).unwrap();
            let solved = solve(&TokenGame(&g), &NoProgress).unwrap();
            for v in 0..g.len() as u32 {
                let expected = match solved.value(v) {
                    Value::Win(_) => LoopyOutcome::N,
                    Value::Loss(_) => LoopyOutcome::P,
                    Value::Draw => LoopyOutcome::D,
                };
                prop_assert_eq!(gsg[v as usize].outcome(), expected, "vertex {}", v);
            }
        }

        /// The sum rules hold exactly, K sets included, on Cartesian products.
        #[test]
        fn sum_rules_hold(a in arb_digraph(6), b in arb_digraph(6)) {
            let (ga, gb) = (generalized_sg(&a, &NoProgress).unwrap(), generalized_sg(&b, &NoProgress).unwrap());
            let gp = generalized_sg(&product(&a, &b), &NoProgress).unwrap();
            let nb = b.len();
            for u in 0..a.len() {
                for v in 0..nb {
                    prop_assert_eq!(&gp[u * nb + v], &ga[u].add(&gb[v]), "({}, {})", u, v);
                }
            }
        }

        /// On acyclic graphs γ is the ordinary Sprague-Grundy function.
        #[test]
        fn acyclic_graphs_get_grundy_values(edges in proptest::collection::vec((0u32..10, 0u32..10), 0..20)) {
            let edges: Vec<(u32, u32)> = edges.into_iter().filter(|(u, v)| u > v).collect();
            let g = graph(10, &edges);
            let gsg = generalized_sg(&g, &NoProgress).unwrap();
            let mut sg = [0u64; 10];
            for u in 0..10u32 {
                let followers: Vec<u64> = g.successors(u).iter().map(|&f| sg[f as usize]).collect();
                sg[u as usize] = (0..).find(|x| !followers.contains(x)).unwrap();
                prop_assert_eq!(&gsg[u as usize], &Gsg::Finite(sg[u as usize]));
            }
        }
    }
}
