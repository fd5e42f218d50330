//! Stochastically stable states of the KMR / Young best-response dynamic with mutations.
//!
//! N agents play a symmetric game. Each period one agent, drawn uniformly, revises: with
//! probability 1 − ε it picks a best reply to the other N − 1 agents (uniformly among ties),
//! with probability ε any strategy uniformly. A state is the number of agents on each
//! strategy. A move to a best reply costs nothing, any other move one mutation: that is the
//! *resistance* of the transition (Young 1993).
//!
//! The recurrent classes of the unperturbed dynamic are the closed strongly connected
//! components of the zero-resistance graph. Between classes, the least resistance is a
//! shortest path (0-1 breadth-first search). The *stochastic potential* of a class is the
//! least total resistance of a spanning tree of classes directed into it — a minimum
//! arborescence (Chu–Liu/Edmonds). The classes of least potential are the stochastically
//! stable ones: the support of the stationary distribution as ε → 0.

use conway_core::{Pace, Progress, Work};
use std::collections::VecDeque;

use num_rational::BigRational;
use num_traits::Zero;

use serde::Serialize;

use crate::evolutionary::ess::symmetric_matrix;
use crate::game::{Matrix, NormalFormGame};
use crate::StrategicError;

/// The most states (distributions of agents over strategies) the analysis builds.
pub const MAX_STATES: usize = 2_000_000;

/// The population game: payoffs and the number of agents.
///
/// States are numbered in the order of [`Population::states`] and held flat, `n` counts a
/// state, so that millions of them cost two allocations, not millions; a state's number is
/// computed from its counts ([`Population::number_of`]), not looked up.
#[derive(Clone, Debug)]
pub struct Population {
    a: Matrix,
    agents: usize,
    /// Every state's counts, one after another.
    counts: Vec<usize>,
    /// `following[k][m]`: the number of ways to put m agents on k + 1 strategies,
    /// C(m + k, k), for k < n and m ≤ agents.
    following: Vec<Vec<usize>>,
}

/// One possible revision: from state `from` to state `to` with this resistance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transition {
    /// The state after the revision.
    pub to: usize,
    /// The strategy the agent leaves.
    pub from_strategy: usize,
    /// The strategy it takes.
    pub to_strategy: usize,
    /// 0 for a best reply, 1 for a mutation.
    pub resistance: u32,
}

/// The number of states, C(agents + n − 1, n − 1), in big integers: a population too large
/// to analyse may have more states than a machine word counts.
fn state_count(agents: usize, n: usize) -> num_bigint::BigUint {
    let agents = num_bigint::BigUint::from(agents);
    // acc = C(agents + i, i) after step i: each division is exact.
    (1..n).fold(num_bigint::BigUint::from(1u8), |acc, i| {
        acc * (&agents + i) / i
    })
}

/// The state after `x` in the order of [`Population::states`] (the first strategy's count
/// falling from all agents to none, then the second's, …), or false after the last one:
/// the last count that can fall, other than the last strategy's, falls by one, and every
/// agent after it moves to the strategy just after it.
fn next_state(x: &mut [usize]) -> bool {
    let n = x.len();
    let Some(i) = (0..n.saturating_sub(1)).rev().find(|&i| x[i] > 0) else {
        return false;
    };
    let after: usize = x[i + 1..].iter().sum();
    x[i] -= 1;
    x[i + 1..].fill(0);
    x[i + 1] = after + 1;
    true
}

impl Population {
    /// `agents` agents playing the symmetric game with row payoffs `a`.
    pub fn new(a: Matrix, agents: usize) -> Result<Self, StrategicError> {
        Population::watched(a, agents, &conway_core::NoProgress)
    }

    /// [`Population::new`], telling `progress` of the states listed and stopping when it
    /// asks.
    pub fn watched(
        a: Matrix,
        agents: usize,
        progress: &dyn Progress,
    ) -> Result<Self, StrategicError> {
        let n = a.len();
        if n == 0 {
            return Err(StrategicError::InvalidInput(
                "the game has no strategies".into(),
            ));
        }
        if agents < 2 {
            return Err(StrategicError::InvalidInput(format!(
                "{agents} agents: the dynamic needs at least 2"
            )));
        }
        let count = state_count(agents, n);
        if count > num_bigint::BigUint::from(MAX_STATES) {
            return Err(StrategicError::too_large(
                format!("population states of {agents} agents on {n} strategies"),
                count,
                MAX_STATES,
            ));
        }
        // Each entry is at most the number of states, within MAX_STATES.
        let following: Vec<Vec<usize>> = (0..n)
            .scan(vec![1usize; agents + 1], |row, k| {
                if k > 0 {
                    for m in 1..=agents {
                        row[m] += row[m - 1];
                    }
                }
                Some(row.clone())
            })
            .collect();
        let total = following[n - 1][agents];
        let mut counts = Vec::with_capacity(total * n);
        let mut x = vec![0; n];
        x[0] = agents;
        let mut pace = Pace::new(progress);
        loop {
            pace.tick(|| Work::of((counts.len() / n) as u64, total as u64, "states"))?;
            counts.extend_from_slice(&x);
            if !next_state(&mut x) {
                break;
            }
        }
        Ok(Population {
            a,
            agents,
            counts,
            following,
        })
    }

    /// Every state, as agent counts per strategy, in the order of their numbers.
    pub fn states(&self) -> std::slice::ChunksExact<'_, usize> {
        self.counts.chunks_exact(self.a.len())
    }

    /// The counts of state `s`.
    pub fn state(&self, s: usize) -> &[usize] {
        let n = self.a.len();
        &self.counts[s * n..(s + 1) * n]
    }

    /// The number of states.
    pub fn len(&self) -> usize {
        self.counts.len() / self.a.len()
    }

    /// Whether there are no states (never: every population has one at least).
    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    /// The number of the state with counts `x`: the states before it are those whose
    /// first difference from it is a larger count, and for each strategy i those number
    /// C(r − x_i − 1 + k, k) (the agents r left for strategies i.. after the earlier ones,
    /// the k strategies after i), a sum over the larger counts by the hockey-stick identity.
    pub fn number_of(&self, x: &[usize]) -> usize {
        let n = x.len();
        let mut left = self.agents;
        let mut number = 0;
        for (i, &xi) in x.iter().enumerate().take(n.saturating_sub(1)) {
            let k = n - 1 - i;
            if xi < left {
                number += self.following[k][left - xi - 1];
            }
            left -= xi;
        }
        number
    }

    /// The number of agents.
    pub fn agents(&self) -> usize {
        self.agents
    }

    /// The best replies of an agent now playing `s` in state `x`, against the others.
    pub fn best_replies(&self, x: &[usize], s: usize) -> Vec<usize> {
        let n = self.a.len();
        let payoff = |t: usize| -> BigRational {
            (0..n)
                .map(|u| {
                    let others = x[u] - usize::from(u == s);
                    &self.a[t][u] * BigRational::from_integer(others.into())
                })
                .sum()
        };
        let values: Vec<BigRational> = (0..n).map(payoff).collect();
        let best = values
            .iter()
            .max()
            .cloned()
            .unwrap_or_else(BigRational::zero);
        (0..n).filter(|&t| values[t] == best).collect()
    }

    /// Every revision that changes the state, with its resistance.
    pub fn transitions(&self, from: usize) -> Vec<Transition> {
        let mut out = Vec::new();
        self.transitions_into(from, &mut out);
        out
    }

    /// [`Population::transitions`], added to `out`.
    fn transitions_into(&self, from: usize, out: &mut Vec<Transition>) {
        let x = self.state(from);
        let n = x.len();
        let mut y = x.to_vec();
        for s in (0..n).filter(|&s| x[s] > 0) {
            let best = self.best_replies(x, s);
            for t in (0..n).filter(|&t| t != s) {
                y[s] -= 1;
                y[t] += 1;
                out.push(Transition {
                    to: self.number_of(&y),
                    from_strategy: s,
                    to_strategy: t,
                    resistance: u32::from(!best.contains(&t)),
                });
                y[s] += 1;
                y[t] -= 1;
            }
        }
    }

    /// Recurrent classes, resistances, potentials and the stochastically stable classes.
    /// `progress` hears the population states whose transitions are known, then the
    /// classes whose resistances are known; a stop request ends the work with
    /// [`StrategicError::Interrupted`].
    pub fn analyse(&self, progress: &dyn Progress) -> Result<StableReport, StrategicError> {
        let count = self.len();
        let mut pace = Pace::new(progress);
        let mut edges = Edges::default();
        let mut buffer = Vec::new();
        for s in 0..count {
            pace.tick(|| Work::of(s as u64, count as u64, "states"))?;
            buffer.clear();
            self.transitions_into(s, &mut buffer);
            edges.push(&buffer);
        }
        let mut free = Edges::default();
        let mut outs = Vec::new();
        for s in 0..count {
            pace.tick(|| Work::of(s as u64, count as u64, "states"))?;
            outs.clear();
            outs.extend(
                edges
                    .of(s)
                    .iter()
                    .filter(|t| t.resistance == 0)
                    .map(|t| t.to),
            );
            free.push(&outs);
        }
        let component = strongly_connected(&free, &mut pace)?;
        let components = component.iter().copied().max().map_or(0, |c| c + 1);
        let mut closed = vec![true; components];
        for s in 0..count {
            if free.of(s).iter().any(|&t| component[t] != component[s]) {
                closed[component[s]] = false;
            }
        }
        let mut classes: Vec<Vec<usize>> = Vec::new();
        let mut class_of_component = vec![usize::MAX; components];
        for (s, &c) in component.iter().enumerate() {
            if closed[c] {
                if class_of_component[c] == usize::MAX {
                    class_of_component[c] = classes.len();
                    classes.push(Vec::new());
                }
                classes[class_of_component[c]].push(s);
            }
        }
        let k = classes.len();
        let mut resistance = vec![vec![0u64; k]; k];
        for (i, class) in classes.iter().enumerate() {
            let dist = zero_one_distances(&edges, class, &mut pace, i, k)?;
            for (j, target) in classes.iter().enumerate() {
                resistance[i][j] = target.iter().map(|&s| dist[s]).min().unwrap_or(u64::MAX);
            }
        }
        let mut potentials = Vec::with_capacity(k);
        for root in 0..k {
            pace.tick(|| Work::of(root as u64, k as u64, "classes"))?;
            potentials.push(min_in_arborescence(&resistance, root));
        }
        let least = potentials.iter().copied().min().unwrap_or(0);
        let stable = (0..k).filter(|&c| potentials[c] == least).collect();
        Ok(StableReport {
            agents: self.agents,
            recurrent_classes: classes
                .iter()
                .map(|c| c.iter().map(|&s| self.state(s).to_vec()).collect())
                .collect(),
            resistances: resistance,
            potentials,
            stable,
        })
    }
}

/// Every state's outgoing edges, one list after another (a state's are
/// `all[starts[s]..starts[s + 1]]`): two allocations for millions of states.
#[derive(Debug)]
struct Edges<T> {
    starts: Vec<usize>,
    all: Vec<T>,
}

impl<T> Default for Edges<T> {
    fn default() -> Self {
        Edges {
            starts: vec![0],
            all: Vec::new(),
        }
    }
}

impl<T: Copy> Edges<T> {
    /// Adds the next state's edges.
    fn push(&mut self, edges: &[T]) {
        self.all.extend_from_slice(edges);
        self.starts.push(self.all.len());
    }

    /// State `s`'s edges.
    fn of(&self, s: usize) -> &[T] {
        &self.all[self.starts[s]..self.starts[s + 1]]
    }

    /// The number of states.
    fn len(&self) -> usize {
        self.starts.len() - 1
    }
}

/// The answer of `conway stable`: the stochastically stable states of `agents` agents
/// playing the symmetric `game` (see [`Population::analyse`]).
pub fn analyse(
    game: &NormalFormGame,
    agents: usize,
    progress: &dyn Progress,
) -> Result<StableReport, StrategicError> {
    Population::watched(symmetric_matrix(game)?, agents, progress)?.analyse(progress)
}

/// Tarjan's strongly connected components without recursion: a component number per node.
fn strongly_connected(
    graph: &Edges<usize>,
    pace: &mut Pace<'_>,
) -> Result<Vec<usize>, StrategicError> {
    let n = graph.len();
    let (mut index, mut low) = (vec![usize::MAX; n], vec![0usize; n]);
    let mut on_stack = vec![false; n];
    let (mut stack, mut component) = (Vec::new(), vec![usize::MAX; n]);
    let (mut next_index, mut next_component) = (0, 0);
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        let mut calls: Vec<(usize, usize)> = vec![(root, 0)];
        index[root] = next_index;
        low[root] = next_index;
        next_index += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut i)) = calls.last_mut() {
            pace.tick(|| Work::of(next_index as u64, n as u64, "states"))?;
            let outs = graph.of(v);
            if *i < outs.len() {
                let w = outs[*i];
                *i += 1;
                if index[w] == usize::MAX {
                    index[w] = next_index;
                    low[w] = next_index;
                    next_index += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    calls.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            calls.pop();
            if let Some(&(parent, _)) = calls.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    component[w] = next_component;
                    if w == v {
                        break;
                    }
                }
                next_component += 1;
            }
        }
    }
    Ok(component)
}

/// Least resistance from any of `sources` to every state (0-1 breadth-first search), the
/// `class`-th of `classes` searched.
fn zero_one_distances(
    edges: &Edges<Transition>,
    sources: &[usize],
    pace: &mut Pace<'_>,
    class: usize,
    classes: usize,
) -> Result<Vec<u64>, StrategicError> {
    let mut dist = vec![u64::MAX; edges.len()];
    let mut queue = VecDeque::new();
    for &s in sources {
        dist[s] = 0;
        queue.push_back(s);
    }
    while let Some(s) = queue.pop_front() {
        pace.tick(|| Work::of(class as u64, classes as u64, "classes"))?;
        for t in edges.of(s) {
            let d = dist[s] + u64::from(t.resistance);
            if d < dist[t.to] {
                dist[t.to] = d;
                if t.resistance == 0 {
                    queue.push_front(t.to);
                } else {
                    queue.push_back(t.to);
                }
            }
        }
    }
    Ok(dist)
}

/// The least total weight of a tree in which every node other than `root` has one outgoing
/// edge `i → j` of weight `w[i][j]` and a path to the root (Chu–Liu/Edmonds on the reversed
/// edges).
pub fn min_in_arborescence(w: &[Vec<u64>], root: usize) -> u64 {
    // Edges of the out-arborescence problem: reversed, u = j → v = i with weight w[i][j].
    let n = w.len();
    let mut edges: Vec<(usize, usize, u64)> = Vec::new();
    for (i, row) in w.iter().enumerate() {
        for (j, &weight) in row.iter().enumerate() {
            if i != j && weight != u64::MAX {
                edges.push((j, i, weight));
            }
        }
    }
    let (mut nodes, mut root, mut total) = (n, root, 0u64);
    loop {
        // The cheapest incoming edge of every node.
        let mut best_in = vec![u64::MAX; nodes];
        let mut from = vec![usize::MAX; nodes];
        for &(u, v, c) in &edges {
            if u != v && c < best_in[v] {
                best_in[v] = c;
                from[v] = u;
            }
        }
        best_in[root] = 0;
        if (0..nodes).any(|v| v != root && best_in[v] == u64::MAX) {
            return u64::MAX;
        }
        // Find cycles among the chosen edges.
        let mut group = vec![usize::MAX; nodes];
        let mut visited = vec![usize::MAX; nodes];
        let mut groups = 0;
        total += best_in.iter().sum::<u64>();
        for v in 0..nodes {
            let mut x = v;
            while visited[x] != v && group[x] == usize::MAX && x != root {
                visited[x] = v;
                x = from[x];
            }
            if x != root && group[x] == usize::MAX {
                // x is on a new cycle.
                let mut y = from[x];
                while y != x {
                    group[y] = groups;
                    y = from[y];
                }
                group[x] = groups;
                groups += 1;
            }
        }
        if groups == 0 {
            return total;
        }
        for g in group.iter_mut() {
            if *g == usize::MAX {
                *g = groups;
                groups += 1;
            }
        }
        edges = edges
            .into_iter()
            .filter_map(|(u, v, c)| {
                let (gu, gv) = (group[u], group[v]);
                (gu != gv).then(|| (gu, gv, c - best_in[v]))
            })
            .collect();
        nodes = groups;
        root = group[root];
    }
}

/// The stochastically stable states of the KMR / Young dynamic: recurrent classes, the
/// least resistances between them and their stochastic potentials.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct StableReport {
    /// The number of agents.
    pub agents: usize,
    /// Each recurrent class of the unperturbed dynamic as its states (agent counts per
    /// strategy).
    pub recurrent_classes: Vec<Vec<Vec<usize>>>,
    /// `resistances[i][j]`: the least resistance (mutations) of a path from class i to j.
    pub resistances: Vec<Vec<u64>>,
    /// The stochastic potential of each class.
    pub potentials: Vec<u64>,
    /// The stochastically stable classes (least potential), as indices into the classes.
    pub stable: Vec<usize>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::int_matrix as m;
    use num_traits::One;
    use proptest::prelude::*;

    fn potential_of(report: &StableReport, monomorphic: &[usize]) -> u64 {
        let c = report
            .recurrent_classes
            .iter()
            .position(|c| c == &vec![monomorphic.to_vec()])
            .expect("the class exists");
        report.potentials[c]
    }

    /// Kandori, Mailath & Rob (1993) and Young (1993): in a 2×2 coordination game the
    /// risk-dominant convention is the stochastically stable one.
    #[test]
    fn coordination_games_select_risk_dominance() {
        let r = Population::new(m(&[&[4, 0], &[3, 2]]), 10)
            .unwrap()
            .analyse(&conway_core::NoProgress)
            .unwrap();
        assert_eq!(r.recurrent_classes.len(), 2);
        assert_eq!(potential_of(&r, &[0, 10]), 3);
        assert_eq!(potential_of(&r, &[10, 0]), 6);
        assert_eq!(r.recurrent_classes[r.stable[0]], vec![vec![0, 10]]);
        // Stag hunt: Hare (risk-dominant) beats Stag (payoff-dominant).
        let r = Population::new(m(&[&[4, 0], &[3, 3]]), 10)
            .unwrap()
            .analyse(&conway_core::NoProgress)
            .unwrap();
        assert_eq!(
            (potential_of(&r, &[0, 10]), potential_of(&r, &[10, 0])),
            (3, 7)
        );
        assert_eq!(r.stable.len(), 1);
        assert_eq!(r.recurrent_classes[r.stable[0]], vec![vec![0, 10]]);
    }

    /// The stag hunt with 10 agents, as the report's JSON: Hare
    /// (class 2, risk-dominant) is stochastically stable.
    #[test]
    fn stag_hunt_report() {
        let g = crate::formats::input::read_symmetric_game(None, Some("4 0; 3 3"), None).unwrap();
        let r = analyse(&g, 10, &conway_core::NoProgress).unwrap();
        assert_eq!(
            serde_json::to_string(&r).unwrap(),
            r#"{"agents":10,"recurrent_classes":[[[10,0]],[[0,10]]],"resistances":[[0,3],[7,0]],"potentials":[7,3],"stable":[1]}"#
        );
    }

    #[test]
    fn refused_populations() {
        use conway_core::{Diagnostic, ErrorKind};
        let stag = m(&[&[4, 0], &[3, 3]]);
        let e = Population::new(stag.clone(), 1).unwrap_err();
        assert_eq!(e.to_string(), "1 agents: the dynamic needs at least 2");
        // C(10^6 + 2, 2) states, counted exactly in the message; C(2^64 + 14, 15), for
        // as many agents as a machine word holds, is counted in big integers.
        let three = m(&[&[1, 0, 0], &[0, 1, 0], &[0, 0, 1]]);
        let e = Population::new(three, 1_000_000).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TooLarge);
        assert_eq!(
            e.to_string(),
            "population states of 1000000 agents on 3 strategies: 500001500001, more than the limit of 2000000"
        );
        let sixteen: Matrix = (0..16).map(|_| vec![BigRational::zero(); 16]).collect();
        match Population::new(sixteen, usize::MAX).unwrap_err() {
            StrategicError::TooLarge { size, .. } => assert!(size.len() > 200, "{size}"),
            other => panic!("{other:?}"),
        }
        let asymmetric =
            crate::formats::input::read_game(None, Some("1 2; 3 4"), Some("1 2; 3 4")).unwrap();
        let e = analyse(&asymmetric, 5, &conway_core::NoProgress).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidInput);
        // A stop request is heard before any work.
        let stop = |_: Work| std::ops::ControlFlow::Break(());
        let e = Population::new(stag, 10)
            .unwrap()
            .analyse(&stop)
            .unwrap_err();
        assert!(matches!(e, StrategicError::Interrupted), "{e:?}");
    }

    /// The 3×3 game of Young, The Evolution of Conventions (Econometrica 1993): B is
    /// stochastically stable for large N although C pairwise risk-dominates; exact potentials
    /// (γ(all-C), γ(all-B), γ(all-A)) for several N, regression values of the tree method.
    #[test]
    fn youngs_three_by_three() {
        let a = m(&[&[6, 0, 0], &[5, 7, 5], &[0, 5, 8]]);
        for (n, c, b, aa) in [
            (6, 3, 3, 7),
            (10, 6, 6, 12),
            (20, 11, 11, 24),
            (30, 16, 15, 37),
        ] {
            let r = Population::new(a.clone(), n)
                .unwrap()
                .analyse(&conway_core::NoProgress)
                .unwrap();
            let got = (
                potential_of(&r, &[0, 0, n]),
                potential_of(&r, &[0, n, 0]),
                potential_of(&r, &[n, 0, 0]),
            );
            assert_eq!(got, (c, b, aa), "N = {n}");
        }
    }

    /// Brute force over parent functions: the oracle for the arborescence.
    fn brute_arborescence(w: &[Vec<u64>], root: usize) -> u64 {
        let n = w.len();
        let mut best = u64::MAX;
        let mut parent = vec![0usize; n];
        let total = n.pow(n as u32);
        for code in 0..total {
            let mut c = code;
            for p in parent.iter_mut() {
                *p = c % n;
                c /= n;
            }
            if (0..n).any(|i| i != root && parent[i] == i) {
                continue;
            }
            let reaches = (0..n).all(|i| {
                let mut x = i;
                for _ in 0..n {
                    if x == root {
                        return true;
                    }
                    x = parent[x];
                }
                x == root
            });
            if reaches {
                let cost = (0..n).filter(|&i| i != root).map(|i| w[i][parent[i]]).sum();
                best = best.min(cost);
            }
        }
        best
    }

    /// The exact stationary distribution of the perturbed chain for a small ε concentrates
    /// on the stochastically stable class.
    #[test]
    fn stationary_distribution_agrees() {
        let pop = Population::new(m(&[&[4, 0], &[3, 2]]), 6).unwrap();
        let report = pop.analyse(&conway_core::NoProgress).unwrap();
        let eps = BigRational::new(1.into(), 1000.into());
        let count = pop.states().len();
        let n = 2;
        // P[x][y] for the single-revision model.
        let mut p = vec![vec![BigRational::zero(); count]; count];
        for (x, state) in pop.states().enumerate() {
            for s in (0..n).filter(|&s| state[s] > 0) {
                let drawn = BigRational::new(state[s].into(), pop.agents().into());
                let best = pop.best_replies(state, s);
                for t in 0..n {
                    let mut prob = &eps / BigRational::from_integer(n.into());
                    if best.contains(&t) {
                        prob += (BigRational::one() - &eps)
                            / BigRational::from_integer(best.len().into());
                    }
                    let mut y = state.to_vec();
                    y[s] -= 1;
                    y[t] += 1;
                    let yi = pop.states().position(|z| z == y.as_slice()).unwrap();
                    p[x][yi] += &drawn * prob;
                }
            }
        }
        // μ P = μ, Σ μ = 1.
        let mut rows: Matrix = (0..count)
            .map(|y| {
                (0..count)
                    .map(|x| {
                        if x == y {
                            &p[x][y] - BigRational::one()
                        } else {
                            p[x][y].clone()
                        }
                    })
                    .collect()
            })
            .collect();
        rows[count - 1] = vec![BigRational::one(); count];
        let mut rhs = vec![BigRational::zero(); count];
        rhs[count - 1] = BigRational::one();
        let mu = crate::linalg::solve(rows, rhs).unwrap();
        let stable_state = &report.recurrent_classes[report.stable[0]][0];
        let si = pop
            .states()
            .position(|z| z == stable_state.as_slice())
            .unwrap();
        assert!(
            mu[si] > BigRational::new(99.into(), 100.into()),
            "μ = {:?}",
            mu[si]
        );
    }

    /// Every way to put `total` agents on `parts` strategies, the first count falling from
    /// all to none, then the second's, …: the states' order, written out recursively.
    fn compositions(total: usize, parts: usize) -> Vec<Vec<usize>> {
        if parts == 1 {
            return vec![vec![total]];
        }
        let mut out = Vec::new();
        for first in (0..=total).rev() {
            for mut rest in compositions(total - first, parts - 1) {
                rest.insert(0, first);
                out.push(rest);
            }
        }
        out
    }

    /// A stop request is heard while the states are listed, before any analysis.
    #[test]
    fn listing_the_states_stops_when_asked() {
        let three = m(&[&[1, 0, 0], &[0, 1, 0], &[0, 0, 1]]);
        let stop = conway_core::StopAfter::units(1000);
        let e = Population::watched(three, 1900, &stop).unwrap_err();
        assert!(matches!(e, StrategicError::Interrupted), "{e:?}");
    }

    proptest! {
        /// The states are listed in the recursive order, and each one's number is its place.
        #[test]
        fn states_are_numbered_by_their_place(agents in 2usize..12, n in 1usize..6) {
            let zero: Matrix = (0..n).map(|_| vec![BigRational::zero(); n]).collect();
            let pop = Population::new(zero, agents).unwrap();
            let listed: Vec<Vec<usize>> = pop.states().map(<[usize]>::to_vec).collect();
            prop_assert_eq!(&listed, &compositions(agents, n));
            for (i, state) in listed.iter().enumerate() {
                prop_assert_eq!(pop.number_of(state), i);
            }
        }

        #[test]
        fn edmonds_matches_brute_force(
            n in 2usize..6,
            weights in proptest::collection::vec(0u64..9, 36),
            root in 0usize..6,
        ) {
            let root = root % n;
            let w: Vec<Vec<u64>> = (0..n).map(|i| (0..n).map(|j| weights[i * 6 + j]).collect()).collect();
            prop_assert_eq!(min_in_arborescence(&w, root), brute_arborescence(&w, root));
        }
    }
}
