//! Extensive-form games: a tree of chance and decision nodes, information sets, outcomes
//! (payoffs at any node, summed along the play), as Gambit's `.efg` files describe them.
//!
//! - [`reduced`]: the reduced normal form — each player's reduced pure strategies (choices at
//!   the information sets the player's own choices leave reachable) and the table of
//!   expected payoffs, a [`crate::NormalFormGame`] every normal-form method can solve.
//! - [`behaviour`]: behaviour strategy profiles — from a mixed profile of the reduced normal
//!   form (Kuhn's theorem, perfect recall), expected payoffs, the exact equilibrium test by
//!   best responses computed on the tree.
//! - [`sequence`]: the sequence form — realization plans and sparse payoffs over sequences,
//!   as large as the tree.
//! - [`sequence_lcp`]: one equilibrium of a two-player game by Lemke's algorithm on the
//!   sequence form, exact; `sequence_tableau` holds the tableaux it pivots on and
//!   `refinement` solves its floating-point end exactly.
//! - [`extreme`]: the extreme equilibria of the reduced normal form as realization plans,
//!   and the maximal Nash subsets among them.
//!
//! Files are read and written by [`crate::formats::efg`]; Nash equilibria of a tree, and
//! subgame-perfect ones, are asked of [`crate::nash::extensive`] and
//! [`crate::nash::subgames`].
//!
//! Invariants of [`ExtensiveGame`] (checked by [`ExtensiveGame::new`], so every method may
//! rely on them): nodes are stored in prefix order, the root first, each node after its
//! parent and a subtree contiguous; information sets are numbered by their first member in
//! that order; every node of an information set has one child per action; chance
//! probabilities are nonnegative and sum to 1; every outcome has one payoff per player.

pub mod behaviour;
pub mod extreme;
pub mod reduced;
mod refinement;
pub mod sequence;
pub mod sequence_lcp;
mod sequence_tableau;

use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

use crate::StrategicError;

/// The most nodes a game may have: every method walks the tree at least once per question.
pub const MAX_NODES: usize = 1 << 20;

/// Who moves at an information set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mover {
    /// Nature, with fixed probabilities.
    Chance,
    /// A player, counting from 0.
    Player(usize),
}

/// An information set: the nodes one mover cannot tell apart, with the actions there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Infoset {
    /// Who moves.
    pub mover: Mover,
    /// Its label (may be empty).
    pub label: String,
    /// The labels of its actions, in order; child `k` of each member follows action `k`.
    pub actions: Vec<String>,
    /// For chance, the probability of each action; empty for a player.
    pub probabilities: Vec<BigRational>,
    /// Its nodes, in prefix order.
    pub members: Vec<usize>,
}

/// A labelled payoff vector, attached to nodes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Its label (may be empty).
    pub label: String,
    /// One payoff per player.
    pub payoffs: Vec<BigRational>,
}

/// A node of the tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// Its label (may be empty).
    pub label: String,
    /// Its parent and the action leading here (`None` for the root).
    pub parent: Option<(usize, usize)>,
    /// Its information set (`None` for a terminal node).
    pub infoset: Option<usize>,
    /// Its children, one per action of its information set.
    pub children: Vec<usize>,
    /// The outcome reached on passing through it (`None` for the null outcome).
    pub outcome: Option<usize>,
}

/// An extensive-form game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtensiveGame {
    /// The title.
    pub title: String,
    /// The comment of the file (may be empty).
    pub comment: String,
    /// The players' names.
    pub players: Vec<String>,
    nodes: Vec<Node>,
    infosets: Vec<Infoset>,
    outcomes: Vec<Outcome>,
    player_infosets: Vec<Vec<usize>>,
}

impl ExtensiveGame {
    /// A game from its parts, checked. `nodes` are in prefix order with children and parents
    /// filled in; each information set's `members` are found here from the nodes that name
    /// it (what a caller passes there is replaced), and the sets are put in the order of
    /// their first members.
    pub fn new(
        title: String,
        comment: String,
        players: Vec<String>,
        nodes: Vec<Node>,
        infosets: Vec<Infoset>,
        outcomes: Vec<Outcome>,
    ) -> Result<ExtensiveGame, StrategicError> {
        let invalid = |m: String| Err(StrategicError::InvalidInput(m));
        if players.is_empty() {
            return invalid("the game has no players".into());
        }
        if nodes.is_empty() {
            return invalid("the game has no nodes".into());
        }
        if nodes[0].parent.is_some() {
            return invalid("the root has a parent".into());
        }
        if nodes.len() > MAX_NODES {
            return Err(StrategicError::too_large(
                "nodes of the game tree",
                nodes.len(),
                MAX_NODES,
            ));
        }
        for o in &outcomes {
            if o.payoffs.len() != players.len() {
                return invalid(format!(
                    "outcome '{}' has {} payoffs for {} players",
                    o.label,
                    o.payoffs.len(),
                    players.len()
                ));
            }
        }
        for (n, node) in nodes.iter().enumerate() {
            if node.outcome.is_some_and(|o| o >= outcomes.len()) {
                return invalid(format!("node {} names a missing outcome", n + 1));
            }
            match node.infoset {
                None if !node.children.is_empty() => {
                    return invalid(format!("terminal node {} has children", n + 1))
                }
                Some(h) if h >= infosets.len() => {
                    return invalid(format!("node {} names a missing information set", n + 1))
                }
                Some(h) if infosets[h].actions.len() != node.children.len() => {
                    return invalid(format!(
                        "node {} has {} children for {} actions",
                        n + 1,
                        node.children.len(),
                        infosets[h].actions.len()
                    ))
                }
                _ => {}
            }
            // Each node is the parent of its children: no node has two parents, so the
            // walk below is finite.
            for (k, &c) in node.children.iter().enumerate() {
                if nodes.get(c).map(|c| c.parent) != Some(Some((n, k))) {
                    return invalid(format!("node {} has a child out of place", n + 1));
                }
            }
        }
        let order = prefix_order(&nodes);
        if order.len() != nodes.len() || order.iter().enumerate().any(|(i, &n)| i != n) {
            return invalid("the nodes are not a tree in prefix order".into());
        }
        let mut infosets = infosets;
        for set in &mut infosets {
            set.members.clear();
        }
        for (n, node) in nodes.iter().enumerate() {
            if let Some(h) = node.infoset {
                infosets[h].members.push(n);
            }
        }
        for set in &infosets {
            if set.members.is_empty() {
                return invalid(format!("information set '{}' has no nodes", set.label));
            }
            if set.actions.is_empty() {
                return invalid(format!("information set '{}' has no actions", set.label));
            }
            match set.mover {
                Mover::Chance => {
                    if set.probabilities.len() != set.actions.len()
                        || set.probabilities.iter().any(Signed::is_negative)
                        || set.probabilities.iter().sum::<BigRational>() != BigRational::one()
                    {
                        return invalid(format!(
                            "the chance probabilities of '{}' are not a distribution",
                            set.label
                        ));
                    }
                }
                Mover::Player(p) => {
                    if p >= players.len() || !set.probabilities.is_empty() {
                        return invalid(format!(
                            "information set '{}' has a missing player",
                            set.label
                        ));
                    }
                }
            }
        }
        let mut nodes = nodes;
        // Information sets in the order of their first members.
        let mut by_first: Vec<usize> = (0..infosets.len()).collect();
        by_first.sort_by_key(|&h| infosets[h].members[0]);
        let mut renumber = vec![0; infosets.len()];
        for (new, &old) in by_first.iter().enumerate() {
            renumber[old] = new;
        }
        for node in &mut nodes {
            if let Some(h) = node.infoset.as_mut() {
                *h = renumber[*h];
            }
        }
        let mut sorted: Vec<Option<Infoset>> = infosets.drain(..).map(Some).collect();
        let infosets: Vec<Infoset> = by_first
            .iter()
            .map(|&h| sorted[h].take().expect("each once"))
            .collect();
        let mut player_infosets = vec![Vec::new(); players.len()];
        for (h, set) in infosets.iter().enumerate() {
            if let Mover::Player(p) = set.mover {
                player_infosets[p].push(h);
            }
        }
        Ok(ExtensiveGame {
            title,
            comment,
            players,
            nodes,
            infosets,
            outcomes,
            player_infosets,
        })
    }

    /// The number of players (chance not counted).
    pub fn num_players(&self) -> usize {
        self.players.len()
    }

    /// The nodes in prefix order; the root is node 0.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// Every information set, chance's and the players', by first member.
    pub fn infosets(&self) -> &[Infoset] {
        &self.infosets
    }

    /// The outcomes.
    pub fn outcomes(&self) -> &[Outcome] {
        &self.outcomes
    }

    /// The information sets of `player`, in order.
    pub fn player_infosets(&self, player: usize) -> &[usize] {
        &self.player_infosets[player]
    }

    /// The position of information set `h` in its player's list.
    pub fn infoset_index(&self, h: usize) -> usize {
        match self.infosets[h].mover {
            Mover::Player(p) => self.player_infosets[p]
                .binary_search(&h)
                .expect("a player's information set"),
            Mover::Chance => 0,
        }
    }

    /// The payoffs of the play ending at each node: the sum of the outcomes on its path
    /// (meaningful at terminal nodes).
    pub fn path_payoffs(&self) -> Vec<Vec<BigRational>> {
        let n = self.num_players();
        let mut out: Vec<Vec<BigRational>> = Vec::with_capacity(self.nodes.len());
        for node in &self.nodes {
            let mut v = match node.parent {
                Some((p, _)) => out[p].clone(),
                None => vec![BigRational::zero(); n],
            };
            if let Some(o) = node.outcome {
                for (x, y) in v.iter_mut().zip(&self.outcomes[o].payoffs) {
                    *x += y;
                }
            }
            out.push(v);
        }
        out
    }

    /// The probability of reaching each node when action `a` at set `h` is taken with
    /// probability `chance(h, a)`, or for certain where that is `None`.
    pub fn reach(&self, chance: impl Fn(usize, usize) -> Option<BigRational>) -> Vec<BigRational> {
        let mut out: Vec<BigRational> = Vec::with_capacity(self.nodes.len());
        for node in &self.nodes {
            out.push(match node.parent {
                None => BigRational::one(),
                Some((p, _)) if out[p].is_zero() => BigRational::zero(),
                Some((p, a)) => {
                    let h = self.nodes[p].infoset.expect("a parent moves");
                    match chance(h, a) {
                        Some(q) => &out[p] * q,
                        None => out[p].clone(),
                    }
                }
            });
        }
        out
    }

    /// The probability that chance leads to each node, when every player plays to reach it.
    pub fn chance_reach(&self) -> Vec<BigRational> {
        self.reach(|h, a| {
            let set = &self.infosets[h];
            (set.mover == Mover::Chance).then(|| set.probabilities[a].clone())
        })
    }

    /// The last choice of `player` on the path to each node, as (information set, action),
    /// `None` before the player's first move: the sequence that leads there.
    pub fn last_choices(&self, player: usize) -> Vec<Option<(usize, usize)>> {
        let mut out: Vec<Option<(usize, usize)>> = Vec::with_capacity(self.nodes.len());
        for node in &self.nodes {
            out.push(match node.parent {
                None => None,
                Some((p, k)) => {
                    let h = self.nodes[p].infoset.expect("a parent moves");
                    if self.infosets[h].mover == Mover::Player(player) {
                        Some((h, k))
                    } else {
                        out[p]
                    }
                }
            });
        }
        out
    }

    /// Why the game lacks perfect recall — a player's information set whose nodes follow
    /// different earlier choices of that player (or that a play passes twice) — or `None`
    /// when every player remembers everything they did and knew.
    pub fn perfect_recall_failure(&self) -> Option<String> {
        for p in 0..self.num_players() {
            let last = self.last_choices(p);
            for &h in &self.player_infosets[p] {
                let set = &self.infosets[h];
                let first = last[set.members[0]];
                if let Some(&m) = set.members.iter().find(|&&m| last[m] != first) {
                    return Some(format!(
                        "{}'s information set {} contains nodes {} and {}, reached by different earlier choices of {0}",
                        self.players[p],
                        self.infoset_name(h),
                        set.members[0] + 1,
                        m + 1
                    ));
                }
                // A play through h twice: some member below another member.
                for &m in &set.members {
                    let mut up = self.nodes[m].parent;
                    while let Some((a, _)) = up {
                        if self.nodes[a].infoset == Some(h) {
                            return Some(format!(
                                "a play passes {}'s information set {} twice (nodes {} and {})",
                                self.players[p],
                                self.infoset_name(h),
                                a + 1,
                                m + 1
                            ));
                        }
                        up = self.nodes[a].parent;
                    }
                }
            }
        }
        None
    }

    /// Whether every information set of every player is one node.
    pub fn has_perfect_information(&self) -> bool {
        self.infosets
            .iter()
            .all(|s| s.mover == Mover::Chance || s.members.len() == 1)
    }

    /// Information set `h` as users name it: its label in quotes, or its number within
    /// its player's list when it has none.
    pub fn infoset_name(&self, h: usize) -> String {
        let set = &self.infosets[h];
        if set.label.is_empty() {
            format!("#{}", self.infoset_index(h) + 1)
        } else {
            format!("'{}'", set.label)
        }
    }

    /// The end (exclusive) of the subtree of each node in prefix order: the subtree of `n`
    /// is `n..end[n]`.
    pub fn subtree_ends(&self) -> Vec<usize> {
        let mut end: Vec<usize> = (1..=self.nodes.len()).collect();
        for n in (0..self.nodes.len()).rev() {
            if let Some(&last) = self.nodes[n].children.last() {
                end[n] = end[last];
            }
        }
        end
    }
}

/// Moves `at` to the next combination, counting like an odometer with the first place
/// fastest and place `i` running through `0..sizes[i]`; false after the last (when `at` is
/// back to all zeros).
pub(crate) fn next_combination(at: &mut [usize], sizes: &[usize]) -> bool {
    for (digit, &size) in at.iter_mut().zip(sizes) {
        *digit += 1;
        if *digit < size {
            return true;
        }
        *digit = 0;
    }
    false
}

/// The nodes reached from the root, children in order: the prefix order of the tree.
fn prefix_order(nodes: &[Node]) -> Vec<usize> {
    let mut out = Vec::with_capacity(nodes.len());
    let mut stack = vec![0usize];
    while let Some(n) = stack.pop() {
        out.push(n);
        stack.extend(nodes[n].children.iter().rev());
    }
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use std::collections::HashMap;

    use proptest::prelude::*;

    use super::*;
    use crate::formats::efg;

    /// Writes a random game with perfect recall as `.efg` text, reading its choices from
    /// `draws` (cycled): a tree of depth at most 4 with chance nodes, two or three actions
    /// per set, outcomes at some inner nodes. A player's set is fixed by the player's own
    /// earlier choices, the number of actions and one random bit of what the player sees,
    /// so nodes share sets only when the player remembers the same past.
    pub(crate) fn random_efg(players: usize, draws: &[u32]) -> String {
        /// A set's identity: player, own earlier choices, number of actions, what is seen.
        type SetKey = (usize, Vec<(usize, usize)>, usize, u32);
        struct Writer<'a> {
            draws: &'a [u32],
            at: usize,
            players: usize,
            sets: HashMap<SetKey, usize>,
            per_player: Vec<usize>,
            chance: usize,
            outcomes: usize,
            history: Vec<Vec<(usize, usize)>>,
            out: String,
        }
        impl Writer<'_> {
            fn draw(&mut self) -> u32 {
                let d = self.draws[self.at % self.draws.len()];
                self.at += 1;
                d
            }
            fn outcome(&mut self, always: bool) -> String {
                if !always && self.draw() % 3 != 0 {
                    return " 0".into();
                }
                self.outcomes += 1;
                let payoffs: Vec<String> = (0..self.players)
                    .map(|_| (i64::from(self.draw() % 9) - 4).to_string())
                    .collect();
                format!(" {} \"\" {{ {} }}", self.outcomes, payoffs.join(" "))
            }
            fn node(&mut self, depth: usize) {
                let r = self.draw() % 6;
                if depth == 4 || r == 0 {
                    let o = self.outcome(true);
                    self.out.push_str(&format!("t \"\"{o}\n"));
                } else if r == 1 {
                    self.chance += 1;
                    let o = self.outcome(false);
                    self.out.push_str(&format!(
                        "c \"\" {} \"\" {{ \"x\" 1/3 \"y\" 2/3 }}{o}\n",
                        self.chance
                    ));
                    self.node(depth + 1);
                    self.node(depth + 1);
                } else {
                    let p = self.draw() as usize % self.players;
                    let k = 2 + self.draw() as usize % 2;
                    let seen = self.draw() % 2;
                    let key = (p, self.history[p].clone(), k, seen);
                    let next = self.per_player[p] + 1;
                    let number = *self.sets.entry(key).or_insert(next);
                    self.per_player[p] = self.per_player[p].max(number);
                    let actions: Vec<String> = (1..=k).map(|a| format!("\"a{a}\"")).collect();
                    let o = self.outcome(false);
                    self.out.push_str(&format!(
                        "p \"\" {} {number} \"s{number}\" {{ {} }}{o}\n",
                        p + 1,
                        actions.join(" ")
                    ));
                    for a in 0..k {
                        self.history[p].push((number, a));
                        self.node(depth + 1);
                        self.history[p].pop();
                    }
                }
            }
        }
        let names: Vec<String> = (1..=players).map(|p| format!("\"P{p}\"")).collect();
        let mut w = Writer {
            draws,
            at: 0,
            players,
            sets: HashMap::new(),
            per_player: vec![0; players],
            chance: 0,
            outcomes: 0,
            history: vec![Vec::new(); players],
            out: format!("EFG 2 R \"random\" {{ {} }} \"\"\n", names.join(" ")),
        };
        w.node(0);
        w.out
    }

    /// Random games with perfect recall, two or three players.
    pub(crate) fn arb_game() -> impl Strategy<Value = ExtensiveGame> {
        (2usize..=3, proptest::collection::vec(0u32..1000, 1..80))
            .prop_map(|(n, draws)| efg::parse(&random_efg(n, &draws)).expect("a random game reads"))
    }

    proptest! {
        #[test]
        fn random_games_have_perfect_recall_and_write_back(game in arb_game()) {
            prop_assert!(game.perfect_recall_failure().is_none());
            let again = efg::parse(&efg::write(&game)).expect("written text reads");
            prop_assert_eq!(again, game);
        }
    }

    #[test]
    fn forgetting_is_found() {
        // Player 1 moves, then moves again not knowing what they did.
        let g = efg::parse(
            "EFG 2 R \"\" { \"A\" } \"\"\n\
             p \"\" 1 1 \"first\" { \"l\" \"r\" } 0\n\
             p \"\" 1 2 \"second\" { \"x\" \"y\" } 0\n t \"\" 0\n t \"\" 0\n\
             p \"\" 1 2 \"second\" { \"x\" \"y\" } 0\n t \"\" 0\n t \"\" 0\n",
        )
        .unwrap();
        let why = g.perfect_recall_failure().expect("no perfect recall");
        assert!(why.contains("'second'"), "{why}");
    }
}
