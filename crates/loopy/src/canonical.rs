//! The simplest form of a stopper.
//!
//! As for short games, a stopper keeps its value when a dominated option is deleted or a
//! reversible one bypassed, and a stopper with neither, whose distinct positions all have
//! distinct values, is the unique simplest form of its value up to renumbering (Siegel,
//! *Combinatorial Game Theory*, ch. VI, the simplest-form theorem for stoppers). Every
//! position keeps its value through each step, so one comparison of all pairs of positions
//! ([`super::survival`]), made on the graph as given, serves every step:
//!
//! 1. A Left option A of G is reversible when some Right option of A is ≤ G; it is replaced
//!    by that option's Left options (Right's case mirrored). Bypassing follows alternating
//!    play, which is finite in a stopper, so it ends.
//! 2. A Left option at most another is deleted; of equal ones the first listed is kept
//!    (Right's case mirrored).
//! 3. Positions of equal value are fused into one, and the graph repacked from the start.

use conway_partizan::{PartizanError, Store};

use super::graph::{representatives, Graph};
use super::survival::{compare, Comparison};
use conway_partizan::Player;

/// The simplest form of the stopper `g` (which the caller has checked is one).
pub fn simplest_form(g: &Graph, store: &Store) -> Result<Graph, PartizanError> {
    Ok(simplest_forms(g, &[0], store)?.remove(0))
}

/// The simplest forms of the games at `roots` of `g`, a graph (not necessarily packed) whose
/// positions are all stoppers: one comparison serves them all.
pub fn simplest_forms(
    g: &Graph,
    roots: &[usize],
    store: &Store,
) -> Result<Vec<Graph>, PartizanError> {
    let (graph, order) = simplify_positions(g, store)?;
    let representative = representatives(
        graph.len(),
        |_| true,
        |u, v| order.leq(u, v) && order.leq(v, u),
    );
    Ok(roots
        .iter()
        .map(|&root| graph.fused(&representative, root))
        .collect())
}

/// The graph `g` (a game of which every position is a stopper, not necessarily packed) with
/// no reversible or dominated option left at any position, and the order of its positions,
/// which is that of `g`'s: every position keeps its value.
fn simplify_positions(g: &Graph, store: &Store) -> Result<(Graph, Comparison), PartizanError> {
    let order = compare(g, g, store)?;
    let n = g.len();
    let mut graph = g.clone();
    let mut changed = true;
    while changed {
        changed = false;
        for v in 0..n {
            for player in [Player::Left, Player::Right] {
                changed |= bypass_reversible(&mut graph, &order, player, v, store)?;
                let mut moves = graph.moves(player, v).to_vec();
                let kept = undominated(&moves, |a, b| order.no_better(player, a, b), |_| true);
                if kept.len() != moves.len() {
                    moves = kept;
                    graph.set_moves(player, v, moves);
                    changed = true;
                }
            }
        }
    }
    Ok((graph, order))
}

/// The game `g` with its positions that are stoppers in simplest form: their options
/// simplified and equal ones fused; the positions with infinite alternating play keep their
/// moves, now to the fused positions. Every stopper position keeps its value, so the game
/// keeps its sides; the sides' search then works on far fewer positions (a sum of stoppers
/// is mostly stopper positions).
/// Returns the graph packed from `roots` and where each root went.
pub fn simplify_stopper_positions(
    g: &Graph,
    roots: &[u32],
    store: &Store,
) -> Result<(Graph, Vec<u32>), PartizanError> {
    let stoppers = g.stopper_positions();
    // The stopper positions, closed under moves, renumbered 0..k.
    let mut index = vec![u32::MAX; g.len()];
    let mut members = Vec::new();
    for v in (0..g.len()).filter(|&v| stoppers[v]) {
        index[v] = members.len() as u32;
        members.push(v);
    }
    if members.len() < 2 {
        return Ok(g.packed(roots));
    }
    let within = |edges: &[u32]| {
        edges
            .iter()
            .map(|&w| index[w as usize])
            .collect::<Vec<u32>>()
    };
    let part = Graph::unrooted(
        members.iter().map(|&v| within(g.left(v))).collect(),
        members.iter().map(|&v| within(g.right(v))).collect(),
    );
    let (part, order) = simplify_positions(&part, store)?;
    let fused = representatives(
        part.len(),
        |_| true,
        |u, v| order.leq(u, v) && order.leq(v, u),
    );
    // Back to the numbering of `g`: a stopper position's moves from the simplified part,
    // every move to a stopper position redirected to its representative.
    let outside = |k: u32| members[fused[k as usize] as usize] as u32;
    let redirect = |w: u32| {
        if stoppers[w as usize] {
            outside(index[w as usize])
        } else {
            w
        }
    };
    let mut left = Vec::with_capacity(g.len());
    let mut right = Vec::with_capacity(g.len());
    for v in 0..g.len() {
        if stoppers[v] {
            let k = index[v] as usize;
            left.push(part.left(k).iter().map(|&w| outside(w)).collect());
            right.push(part.right(k).iter().map(|&w| outside(w)).collect());
        } else {
            left.push(g.left(v).iter().map(|&w| redirect(w)).collect());
            right.push(g.right(v).iter().map(|&w| redirect(w)).collect());
        }
    }
    let roots: Vec<u32> = roots.iter().map(|&r| redirect(r)).collect();
    Ok(Graph::rooted_at(&left, &right, &roots))
}

/// Bypasses `player`'s reversible options at `v` until none is left; whether any was.
fn bypass_reversible(
    graph: &mut Graph,
    order: &Comparison,
    player: Player,
    v: usize,
    store: &Store,
) -> Result<bool, PartizanError> {
    let mut any = false;
    'again: loop {
        let moves = graph.moves(player, v).to_vec();
        for (i, &a) in moves.iter().enumerate() {
            // G^LR ≤ G reverses G^L; G^RL ≥ G reverses G^R.
            let reversing = graph
                .moves(player.opponent(), a as usize)
                .iter()
                .copied()
                .find(|&r| order.no_better(player, r, v as u32));
            if let Some(r) = reversing {
                if store.arithmetic_steps(1) {
                    return Err(PartizanError::Interrupted);
                }
                let replaced = bypassed(&moves, i, graph.moves(player, r as usize));
                graph.set_moves(player, v, replaced);
                any = true;
                continue 'again;
            }
        }
        return Ok(any);
    }
}

/// The options not beaten by another, in their order: `worse(a, b)` says b is at least as
/// good as a for the player, and only options `may_dominate` accepts beat others; of
/// equally good options the first is kept.
pub(crate) fn undominated(
    moves: &[u32],
    worse: impl Fn(u32, u32) -> bool,
    may_dominate: impl Fn(u32) -> bool,
) -> Vec<u32> {
    moves
        .iter()
        .enumerate()
        .filter(|&(i, &a)| {
            !moves
                .iter()
                .enumerate()
                .any(|(j, &b)| j != i && may_dominate(b) && worse(a, b) && (!worse(b, a) || j < i))
        })
        .map(|(_, &a)| a)
        .collect()
}

/// The moves with the `i`-th bypassed: replaced by `through`, the moves of the position that
/// reverses it (each listed once, the bypassed option itself not again).
pub(crate) fn bypassed(moves: &[u32], i: usize, through: &[u32]) -> Vec<u32> {
    let mut replaced: Vec<u32> = moves[..i].to_vec();
    replaced.extend_from_slice(&moves[i + 1..]);
    for &w in through {
        if w != moves[i] && !replaced.contains(&w) {
            replaced.push(w);
        }
    }
    replaced
}
