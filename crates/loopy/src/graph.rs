//! Game graphs: the positions of a loopy game and each player's moves between them, rooted
//! at the position the game starts from.
//!
//! A [`Graph`] is always *packed*: vertex 0 is the start, every vertex is reachable from it,
//! vertices are numbered in the order a breadth-first search from the start meets them, and
//! no vertex lists the same move twice. Sums, negatives and subpositions are built packed, so
//! two graphs of one game written differently differ only by a renumbering.
//!
//! The shapes of cycles decide which theory applies (Siegel, *Combinatorial Game Theory*,
//! ch. VI): a graph with no cycle is a short game; a *stopper* has no infinite alternating
//! play (Left, Right, Left, … from any position), and a *plumtree* has no cycle longer than
//! one move (a tree with passes).

use std::collections::VecDeque;

use rustc_hash::FxHashMap as HashMap;

use conway_partizan::{GameId, PartizanError, Player, Store};

/// The most positions a loopy game's graph may have: sums multiply the positions of their
/// parts, and comparing two games looks at every pair of their positions.
pub const MAX_VERTICES: usize = 1 << 16;

/// Numbers for the positions met in a breadth-first search, in the order they are met, up
/// to a limit.
struct Numbering<K> {
    number: HashMap<K, u32>,
    order: Vec<K>,
}

impl<K: Copy + Eq + std::hash::Hash> Numbering<K> {
    fn new(start: K) -> Self {
        let mut number = HashMap::default();
        number.insert(start, 0);
        Numbering {
            number,
            order: vec![start],
        }
    }

    /// The number of `key`, new ones numbered next; `None` past [`MAX_VERTICES`] when
    /// `bounded`.
    fn id(&mut self, key: K, bounded: bool) -> Option<u32> {
        if let Some(&id) = self.number.get(&key) {
            return Some(id);
        }
        if bounded && self.order.len() >= MAX_VERTICES {
            return None;
        }
        let id = self.order.len() as u32;
        self.number.insert(key, id);
        self.order.push(key);
        Some(id)
    }
}

/// Appends `w` unless it is already listed (a position lists each move once).
fn push_new(moves: &mut Vec<u32>, w: u32) {
    if !moves.contains(&w) {
        moves.push(w);
    }
}

/// A rooted, packed game graph (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Graph {
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
}

impl Graph {
    /// The graph of the game at `root` of the (not necessarily packed) graph with these
    /// edges: the vertices reachable from `root`, renumbered breadth first, repeated moves
    /// dropped. Edges must point at existing vertices.
    pub fn rooted(left: &[Vec<u32>], right: &[Vec<u32>], root: usize) -> Graph {
        Graph::rooted_at(left, right, &[root as u32]).0
    }

    /// As [`Graph::rooted`] for several roots at once: the vertices reachable from any,
    /// the roots numbered first in their order, and where each root went.
    pub(crate) fn rooted_at(
        left: &[Vec<u32>],
        right: &[Vec<u32>],
        roots: &[u32],
    ) -> (Graph, Vec<u32>) {
        let mut numbering = Numbering::new(roots[0]);
        // Unbounded: the input's own positions, already within the limit.
        let placed: Vec<u32> = roots
            .iter()
            .map(|&r| numbering.id(r, false).expect("unbounded"))
            .collect();
        let mut next = 0;
        while next < numbering.order.len() {
            let v = numbering.order[next] as usize;
            next += 1;
            for &w in left[v].iter().chain(&right[v]) {
                let _ = numbering.id(w, false);
            }
        }
        let renumber = |edges: &Vec<u32>| {
            let mut out: Vec<u32> = Vec::with_capacity(edges.len());
            for w in edges {
                push_new(&mut out, numbering.number[w]);
            }
            out
        };
        let order = &numbering.order;
        let graph = Graph {
            left: order.iter().map(|&v| renumber(&left[v as usize])).collect(),
            right: order
                .iter()
                .map(|&v| renumber(&right[v as usize]))
                .collect(),
        };
        (graph, placed)
    }

    /// The positions reachable from `roots`, repacked as [`Graph::rooted_at`] does.
    pub(crate) fn packed(&self, roots: &[u32]) -> (Graph, Vec<u32>) {
        Graph::rooted_at(&self.left, &self.right, roots)
    }

    /// A graph from edge lists as they are (not packed: no root, positions kept as given);
    /// for computations over every position, such as comparing all pairs.
    pub(crate) fn unrooted(left: Vec<Vec<u32>>, right: Vec<Vec<u32>>) -> Graph {
        Graph { left, right }
    }

    /// `on`: Left may always pass, Right has no move.
    pub fn on() -> Graph {
        Graph::rooted(&[vec![0]], &[vec![]], 0)
    }

    /// `off`, the negative of `on`.
    pub fn off() -> Graph {
        Graph::on().neg()
    }

    /// `over` = {0 | pass}.
    pub fn over() -> Graph {
        Graph::rooted(&[vec![1], vec![]], &[vec![0], vec![]], 0)
    }

    /// `under` = {pass | 0}, the negative of `over`.
    pub fn under() -> Graph {
        Graph::over().neg()
    }

    /// 0 = {|}.
    pub fn zero() -> Graph {
        Graph::rooted(&[vec![]], &[vec![]], 0)
    }

    /// `^[on]` (upon) = {pass | *}: positions upon, *, 0.
    pub fn upon() -> Graph {
        Graph::rooted(&[vec![0], vec![2], vec![]], &[vec![1], vec![2], vec![]], 0)
    }

    /// `^<on>` (uponth) = `{0 | v[on]*}`, `v[on]* = {0 | 0, pass}`: positions uponth, `v[on]*`,
    /// 0.
    pub fn uponth() -> Graph {
        Graph::rooted(
            &[vec![2], vec![2], vec![]],
            &[vec![1], vec![2, 1], vec![]],
            0,
        )
    }

    /// `dud` (deathless universal draw): both players may always pass.
    pub fn dud() -> Graph {
        Graph::rooted(&[vec![0]], &[vec![0]], 0)
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.left.len()
    }

    /// Never true: a graph has at least its start.
    pub fn is_empty(&self) -> bool {
        self.left.is_empty()
    }

    /// The moves of `player` from `v`.
    pub fn moves(&self, player: Player, v: usize) -> &[u32] {
        match player {
            Player::Left => &self.left[v],
            Player::Right => &self.right[v],
        }
    }

    /// Left's moves from `v`.
    pub fn left(&self, v: usize) -> &[u32] {
        &self.left[v]
    }

    /// Right's moves from `v`.
    pub fn right(&self, v: usize) -> &[u32] {
        &self.right[v]
    }

    /// All Left edges, vertex by vertex.
    pub(crate) fn left_edges(&self) -> &[Vec<u32>] {
        &self.left
    }

    /// All Right edges, vertex by vertex.
    pub(crate) fn right_edges(&self) -> &[Vec<u32>] {
        &self.right
    }

    /// The number of moves of both players from every position.
    pub fn edge_count(&self) -> usize {
        self.left.iter().chain(&self.right).map(Vec::len).sum()
    }

    /// The game at position `v`, as its own graph.
    pub fn at(&self, v: usize) -> Graph {
        if v == 0 {
            return self.clone();
        }
        Graph::rooted(&self.left, &self.right, v)
    }

    /// The negative −G: Left's and Right's moves exchanged.
    pub fn neg(&self) -> Graph {
        Graph {
            left: self.right.clone(),
            right: self.left.clone(),
        }
    }

    /// The disjunctive sum G + H: positions are pairs, and a move is a move in one part.
    pub fn sum(&self, other: &Graph, store: &Store) -> Result<Graph, PartizanError> {
        let too_many = || too_many_positions("a sum of loopy games", self.len() * other.len());
        let mut numbering = Numbering::new((0u32, 0u32));
        let (mut left, mut right) = (Vec::new(), Vec::new());
        while left.len() < numbering.order.len() {
            let (x, y) = numbering.order[left.len()];
            if (left.len() + 1).is_multiple_of(1024) && store.arithmetic_steps(1024) {
                return Err(PartizanError::Interrupted);
            }
            for (player, edges) in [(Player::Left, &mut left), (Player::Right, &mut right)] {
                let in_g = self.moves(player, x as usize).iter().map(|&x2| (x2, y));
                let in_h = other.moves(player, y as usize).iter().map(|&y2| (x, y2));
                let mut out = Vec::new();
                for pair in in_g.chain(in_h) {
                    push_new(&mut out, numbering.id(pair, true).ok_or_else(too_many)?);
                }
                edges.push(out);
            }
        }
        Ok(Graph { left, right })
    }

    /// The graph of a short game: one vertex per position of its canonical form.
    pub fn short(store: &mut Store, g: GameId) -> Result<Graph, PartizanError> {
        let mut numbering = Numbering::new(g);
        let (mut left, mut right) = (Vec::new(), Vec::new());
        while left.len() < numbering.order.len() {
            let h = numbering.order[left.len()];
            let (l, r) = store.options_to_walk(h).ok_or(PartizanError::Interrupted)?;
            for (options, edges) in [(l, &mut left), (r, &mut right)] {
                let ids = options
                    .into_iter()
                    .map(|o| numbering.id(o, true))
                    .collect::<Option<Vec<u32>>>()
                    .ok_or_else(|| {
                        too_many_positions("the short game in a loopy game", MAX_VERTICES + 1)
                    })?;
                edges.push(ids);
            }
        }
        Ok(Graph { left, right })
    }

    /// Whether no play is infinite: the game is short.
    pub fn is_loopfree(&self) -> bool {
        self.finite_below().iter().all(|&f| f)
    }

    /// For every vertex, whether every play from it is finite (no cycle is reachable).
    pub fn finite_below(&self) -> Vec<bool> {
        acyclic_below(self.len(), |v| {
            self.left[v]
                .iter()
                .chain(&self.right[v])
                .map(|&w| w as usize)
        })
    }

    /// Whether no infinite play alternates (Left, Right, Left, …) from any position: a
    /// stopper.
    pub fn is_stopper(&self) -> bool {
        self.stopper_positions().iter().all(|&f| f)
    }

    /// For every position, whether the game there is a stopper: no position reachable from
    /// it starts an infinite alternating play, whoever moves first.
    pub fn stopper_positions(&self) -> Vec<bool> {
        let finite = acyclic_below(2 * self.len(), |s| self.alternating_moves(s));
        let mut stopper: Vec<bool> = (0..self.len())
            .map(|v| finite[2 * v] && finite[2 * v + 1])
            .collect();
        // A position that can reach one starting an infinite alternating play is no stopper.
        let predecessors = reverse(
            &(0..self.len())
                .map(|v| self.left[v].iter().chain(&self.right[v]).copied().collect())
                .collect::<Vec<Vec<u32>>>(),
        );
        let mut stack: Vec<usize> = (0..self.len()).filter(|&v| !stopper[v]).collect();
        while let Some(w) = stack.pop() {
            for &v in &predecessors[w] {
                if stopper[v as usize] {
                    stopper[v as usize] = false;
                    stack.push(v as usize);
                }
            }
        }
        stopper
    }

    /// The moves of alternating play between states `2v` (Left to move at v) and `2v + 1`
    /// (Right to move at v).
    fn alternating_moves(&self, s: usize) -> impl Iterator<Item = usize> + '_ {
        let (v, player, next) = if s.is_multiple_of(2) {
            (s / 2, Player::Left, 1)
        } else {
            (s / 2, Player::Right, 0)
        };
        self.moves(player, v)
            .iter()
            .map(move |&w| 2 * w as usize + next)
    }

    /// Which moves lie on infinite alternating plays.
    pub(crate) fn alternating_cycles(&self) -> AlternatingCycles {
        AlternatingCycles {
            components: strong_components(2 * self.len(), |s| self.alternating_moves(s).collect()),
        }
    }

    /// The number of moves on infinite alternating plays.
    pub(crate) fn cyclic_move_count(&self) -> usize {
        let cycles = self.alternating_cycles();
        (0..self.len())
            .flat_map(|v| {
                [Player::Left, Player::Right].map(|player| {
                    let moves = self.moves(player, v).iter();
                    moves
                        .filter(|&&w| cycles.contains(player, v, w as usize))
                        .count()
                })
            })
            .sum()
    }

    /// Whether no cycle is longer than one move (passes aside, a tree).
    pub fn is_plumtree(&self) -> bool {
        acyclic_below(self.len(), |v| {
            self.left[v]
                .iter()
                .chain(&self.right[v])
                .map(|&w| w as usize)
                .filter(move |&w| w != v)
        })
        .iter()
        .all(|&f| f)
    }

    /// The game at `root` with every position replaced by its representative, repacked.
    pub(crate) fn fused(&self, representative: &[u32], root: usize) -> Graph {
        self.fused_at(representative, &[root as u32]).0
    }

    /// As [`Graph::fused`] for several roots at once, with where each root went.
    pub(crate) fn fused_at(&self, representative: &[u32], roots: &[u32]) -> (Graph, Vec<u32>) {
        let map = |edges: &[Vec<u32>]| -> Vec<Vec<u32>> {
            edges
                .iter()
                .map(|targets| {
                    targets
                        .iter()
                        .map(|&w| representative[w as usize])
                        .collect()
                })
                .collect()
        };
        let roots: Vec<u32> = roots.iter().map(|&r| representative[r as usize]).collect();
        Graph::rooted_at(&map(&self.left), &map(&self.right), &roots)
    }

    /// Replaces the moves of `player` from `v` (used by simplification, which repacks).
    pub(crate) fn set_moves(&mut self, player: Player, v: usize, moves: Vec<u32>) {
        match player {
            Player::Left => self.left[v] = moves,
            Player::Right => self.right[v] = moves,
        }
    }
}

/// The strongly connected components of alternating play, whose states are `2v` (Left to
/// move at v) and `2v + 1` (Right to move at v).
pub(crate) struct AlternatingCycles {
    components: Vec<u32>,
}

impl AlternatingCycles {
    /// Whether `player`'s move from v to w is on an infinite alternating play: (v, player to
    /// move) and (w, opponent to move) share a component.
    pub(crate) fn contains(&self, player: Player, v: usize, w: usize) -> bool {
        let (here, there) = match player {
            Player::Left => (2 * v, 2 * w + 1),
            Player::Right => (2 * v + 1, 2 * w),
        };
        self.components[here] == self.components[there]
    }
}

/// Predecessor lists: `reverse[w]` holds every v with an edge v → w.
pub(crate) fn reverse(edges: &[Vec<u32>]) -> Vec<Vec<u32>> {
    let mut reverse = vec![Vec::new(); edges.len()];
    for (v, targets) in edges.iter().enumerate() {
        for &w in targets {
            reverse[w as usize].push(v as u32);
        }
    }
    reverse
}

/// Each position mapped to the first `eligible` position `same` as it (itself if none): the
/// positions to fuse.
pub(crate) fn representatives(
    n: usize,
    eligible: impl Fn(usize) -> bool,
    same: impl Fn(usize, usize) -> bool,
) -> Vec<u32> {
    let mut representative: Vec<u32> = (0..n as u32).collect();
    for v in (0..n).filter(|&v| eligible(v)) {
        if let Some(u) =
            (0..v).find(|&u| eligible(u) && representative[u] == u as u32 && same(u, v))
        {
            representative[v] = u as u32;
        }
    }
    representative
}

/// The refusal of a graph past [`MAX_VERTICES`].
pub fn too_many_positions(what: &str, size: usize) -> PartizanError {
    PartizanError::too_large(
        format!("{what} (positions)"),
        format!("at least {}", size.min(MAX_VERTICES + 1)),
        MAX_VERTICES,
    )
}

/// For each vertex of a graph given by its successors, whether no cycle is reachable from
/// it: peeling vertices whose successors are all peeled, from the sinks up.
fn acyclic_below<I: Iterator<Item = usize>>(
    n: usize,
    successors: impl Fn(usize) -> I,
) -> Vec<bool> {
    let mut predecessors: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut remaining = vec![0u32; n];
    for (v, count) in remaining.iter_mut().enumerate() {
        for w in successors(v) {
            predecessors[w].push(v as u32);
            *count += 1;
        }
    }
    let mut finite = vec![false; n];
    let mut queue: VecDeque<usize> = (0..n).filter(|&v| remaining[v] == 0).collect();
    while let Some(w) = queue.pop_front() {
        finite[w] = true;
        for &v in &predecessors[w] {
            let v = v as usize;
            remaining[v] -= 1;
            if remaining[v] == 0 {
                queue.push_back(v);
            }
        }
    }
    finite
}

/// The strongly connected components of a graph given by its successors (Kosaraju's two
/// passes, iterative), numbered from 0.
fn strong_components(n: usize, successors: impl Fn(usize) -> Vec<usize>) -> Vec<u32> {
    let adjacency: Vec<Vec<usize>> = (0..n).map(&successors).collect();
    let mut reverse: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (v, targets) in adjacency.iter().enumerate() {
        for &w in targets {
            reverse[w].push(v);
        }
    }
    // First pass: vertices in order of finishing.
    let mut seen = vec![false; n];
    let mut finished = Vec::with_capacity(n);
    for start in 0..n {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut stack = vec![(start, 0usize)];
        while let Some(&mut (v, ref mut next)) = stack.last_mut() {
            if let Some(&w) = adjacency[v].get(*next) {
                *next += 1;
                if !seen[w] {
                    seen[w] = true;
                    stack.push((w, 0));
                }
            } else {
                finished.push(v);
                stack.pop();
            }
        }
    }
    // Second pass on the reverse graph, latest finished first.
    let mut component = vec![u32::MAX; n];
    let mut count = 0;
    for &start in finished.iter().rev() {
        if component[start] != u32::MAX {
            continue;
        }
        component[start] = count;
        let mut stack = vec![start];
        while let Some(v) = stack.pop() {
            for &w in &reverse[v] {
                if component[w] == u32::MAX {
                    component[w] = count;
                    stack.push(w);
                }
            }
        }
        count += 1;
    }
    component
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(left: &[&[u32]], right: &[&[u32]]) -> Graph {
        let left: Vec<Vec<u32>> = left.iter().map(|e| e.to_vec()).collect();
        let right: Vec<Vec<u32>> = right.iter().map(|e| e.to_vec()).collect();
        Graph::rooted(&left, &right, 0)
    }

    #[test]
    fn shapes_of_cycles() {
        // on = {pass|}: a stopper and a plumtree, not loopfree.
        let on = Graph::on();
        assert!(on.is_stopper() && on.is_plumtree() && !on.is_loopfree());
        // dud = {pass|pass}: Left, Right, Left, … forever.
        assert!(!Graph::dud().is_stopper());
        // a{0||||0|||a|*||*}: a four-move cycle that alternates only in part.
        // Vertices: 0 = a, 1 = 0, 2 = {0|||a|*||*}, 3 = {a|*||*}, 4 = {a|*}, 5 = *.
        let g = graph(
            &[&[1], &[], &[1], &[4], &[0], &[1]],
            &[&[2], &[], &[3], &[5], &[5], &[1]],
        );
        assert!(g.is_stopper() && !g.is_plumtree());
        // {pass|pass} reached from a short position is still not a stopper.
        let h = graph(&[&[1], &[1]], &[&[], &[1]]);
        assert!(!h.is_stopper());
    }

    #[test]
    fn rooted_renumbers_breadth_first_and_drops_unreachable_vertices() {
        let g = graph(&[&[2], &[0], &[2, 2]], &[&[], &[], &[0]]);
        assert_eq!(g.len(), 2);
        assert_eq!(g.left(0), &[1]);
        assert_eq!(g.left(1), &[1], "the repeated pass is listed once");
        assert_eq!(g.right(1), &[0]);
    }

    #[test]
    fn sums_pair_positions() {
        let store = Store::new();
        let s = Graph::on().sum(&Graph::off(), &store).unwrap();
        // on + off = {pass | pass}, as a one-vertex graph.
        assert_eq!(s, Graph::dud());
        let s = Graph::on().sum(&Graph::on(), &store).unwrap();
        assert_eq!(s, Graph::on());
    }

    #[test]
    fn short_games_become_trees() {
        let mut store = Store::new();
        let star = store.nimber(1);
        let g = Graph::short(&mut store, star).unwrap();
        assert_eq!(g.len(), 2);
        assert!(g.is_loopfree() && g.is_stopper());
    }
}
