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

use crate::{PartizanError, Store};

use super::graph::{representatives, Graph, Player};
use super::survival::{compare, Comparison};

/// The simplest form of the stopper `g` (which the caller has checked is one).
pub fn simplest_form(g: &Graph, store: &Store) -> Result<Graph, PartizanError> {
    let order = compare(g, g, store)?;
    let leq = |a: u32, b: u32| order.leq(a as usize, b as usize);
    let n = g.len();
    let mut graph = g.clone();
    let mut changed = true;
    while changed {
        changed = false;
        for v in 0..n {
            for player in [Player::Left, Player::Right] {
                changed |= bypass_reversible(&mut graph, &order, player, v, store)?;
                let mut moves = graph.moves(player, v).to_vec();
                let kept = undominated(&moves, |a, b| match player {
                    Player::Left => leq(a, b),
                    Player::Right => leq(b, a),
                });
                if kept.len() != moves.len() {
                    moves = kept;
                    graph.set_moves(player, v, moves);
                    changed = true;
                }
            }
        }
    }
    Ok(fuse(&graph, &order))
}

/// Bypasses `player`'s reversible options at `v` until none is left; whether any was.
fn bypass_reversible(
    graph: &mut Graph,
    order: &Comparison,
    player: Player,
    v: usize,
    store: &Store,
) -> Result<bool, PartizanError> {
    let mut bypassed = false;
    'again: loop {
        let moves = graph.moves(player, v).to_vec();
        for (i, &a) in moves.iter().enumerate() {
            let reversing = graph
                .moves(player.opponent(), a as usize)
                .iter()
                .copied()
                .find(|&r| match player {
                    // G^LR ≤ G reverses G^L; G^RL ≥ G reverses G^R.
                    Player::Left => order.leq(r as usize, v),
                    Player::Right => order.leq(v, r as usize),
                });
            if let Some(r) = reversing {
                if store.arithmetic_steps(1) {
                    return Err(PartizanError::Interrupted);
                }
                let mut replaced: Vec<u32> = moves[..i].to_vec();
                replaced.extend_from_slice(&moves[i + 1..]);
                for &w in graph.moves(player, r as usize) {
                    if !replaced.contains(&w) {
                        replaced.push(w);
                    }
                }
                graph.set_moves(player, v, replaced);
                bypassed = true;
                continue 'again;
            }
        }
        return Ok(bypassed);
    }
}

/// The options not beaten by another, in their order: `worse(a, b)` says b is at least as
/// good as a for the player; of equally good options the first is kept.
fn undominated(moves: &[u32], worse: impl Fn(u32, u32) -> bool) -> Vec<u32> {
    moves
        .iter()
        .enumerate()
        .filter(|&(i, &a)| {
            !moves
                .iter()
                .enumerate()
                .any(|(j, &b)| j != i && worse(a, b) && (!worse(b, a) || j < i))
        })
        .map(|(_, &a)| a)
        .collect()
}

/// The graph with every position replaced by the first position of equal value, repacked.
fn fuse(graph: &Graph, order: &Comparison) -> Graph {
    let representative = representatives(
        graph.len(),
        |_| true,
        |u, v| order.leq(u, v) && order.leq(v, u),
    );
    graph.fused(&representative)
}
