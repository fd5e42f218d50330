//! Maximum matchings of bipartite graphs (Hopcroft and Karp 1973), and the vertices some
//! maximum matching misses.

use super::{SimpleGraph, NONE};

/// A maximum matching of a bipartite graph (`side[v]`: which side `v` is on) as each
/// vertex's mate ([`NONE`] for unmatched): shortest augmenting paths in phases, each phase a
/// breadth-first layering and then vertex-disjoint augmentations found by an explicit-stack
/// depth-first search (paths can be as long as the graph).
pub(super) fn hopcroft_karp(g: &SimpleGraph, side: &[bool]) -> Vec<u32> {
    let n = g.len();
    let mut mate = vec![NONE; n];
    let left: Vec<u32> = (0..n as u32).filter(|&v| !side[v as usize]).collect();
    let mut dist = vec![u32::MAX; n];
    let mut next = vec![0usize; n];
    let mut queue = std::collections::VecDeque::new();
    let mut stack: Vec<u32> = Vec::new();
    loop {
        for &u in &left {
            dist[u as usize] = if mate[u as usize] == NONE {
                queue.push_back(u);
                0
            } else {
                u32::MAX
            };
        }
        let mut found = false;
        while let Some(u) = queue.pop_front() {
            for &w in g.neighbours(u) {
                let m = mate[w as usize];
                if m == NONE {
                    found = true;
                } else if dist[m as usize] == u32::MAX {
                    dist[m as usize] = dist[u as usize] + 1;
                    queue.push_back(m);
                }
            }
        }
        if !found {
            return mate;
        }
        for &u in &left {
            next[u as usize] = g.start[u as usize];
        }
        for &root in &left {
            if mate[root as usize] != NONE {
                continue;
            }
            stack.clear();
            stack.push(root);
            while let Some(&u) = stack.last() {
                let i = next[u as usize];
                if i == g.start[u as usize + 1] {
                    dist[u as usize] = u32::MAX;
                    stack.pop();
                    continue;
                }
                next[u as usize] += 1;
                let w = g.adj[i];
                let m = mate[w as usize];
                if m == NONE {
                    // Each left vertex on the stack takes the right vertex it went to.
                    for &x in &stack {
                        let y = g.adj[next[x as usize] - 1];
                        mate[x as usize] = y;
                        mate[y as usize] = x;
                    }
                    break;
                } else if dist[m as usize] == dist[u as usize] + 1 {
                    stack.push(m);
                }
            }
        }
    }
}

/// The vertices some maximum matching misses, given a maximum matching `mate` of a
/// bipartite graph (less `removed`): those reached from an unmatched vertex by an
/// alternating path of even length.
pub(super) fn missed_by_some(g: &SimpleGraph, mate: &[u32], removed: Option<u32>) -> Vec<bool> {
    let n = g.len();
    let mut missed = vec![false; n];
    let mut queue: Vec<u32> = (0..n as u32)
        .filter(|&v| Some(v) != removed && mate[v as usize] == NONE)
        .collect();
    for &v in &queue {
        missed[v as usize] = true;
    }
    while let Some(x) = queue.pop() {
        for &y in g.neighbours(x) {
            if Some(y) == removed {
                continue;
            }
            let z = mate[y as usize];
            if z != NONE && !missed[z as usize] {
                missed[z as usize] = true;
                queue.push(z);
            }
        }
    }
    missed
}
