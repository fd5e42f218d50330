//! The obviously correct solver the engine is tested against: value iteration.
//!
//! Round `k` re-evaluates every state from its successors' values of round `k − 1`, so after
//! round `k` exactly the states whose game ends within `k` plies are known, each with its
//! exact length. It needs only forward moves and costs O(rounds × edges): for tests.

use crate::graph::{GameGraph, Terminal, Value};

/// The value of every state, by synchronous rounds until nothing changes.
pub fn value_iteration<G: GameGraph>(g: &G) -> Vec<Value> {
    let n = g.num_states();
    // None: not known yet (after the last round: a draw).
    let mut known: Vec<Option<Value>> = vec![None; n];
    let mut succ = Vec::new();
    loop {
        let mut next = known.clone();
        for s in 0..n as u32 {
            if known[s as usize].is_some() {
                continue;
            }
            if let Some(t) = g.terminal(s) {
                next[s as usize] = Some(match t {
                    Terminal::Loss => Value::Loss(0),
                    Terminal::Win => Value::Win(0),
                    Terminal::Draw => Value::Draw,
                });
                continue;
            }
            succ.clear();
            g.successors(s, &mut succ);
            let values: Vec<Option<Value>> = succ.iter().map(|&t| known[t as usize]).collect();
            let quickest_win = values
                .iter()
                .filter_map(|v| match v {
                    Some(Value::Loss(d)) => Some(d + 1),
                    _ => None,
                })
                .min();
            if let Some(d) = quickest_win {
                next[s as usize] = Some(Value::Win(d));
            } else if values.iter().all(|v| matches!(v, Some(Value::Win(_)))) {
                let slowest = values
                    .iter()
                    .filter_map(|v| v.and_then(Value::plies))
                    .max()
                    .map_or(0, |d| d + 1);
                next[s as usize] = Some(Value::Loss(slowest));
            }
        }
        if next == known {
            return known
                .into_iter()
                .map(|v| v.unwrap_or(Value::Draw))
                .collect();
        }
        known = next;
    }
}
