//! Maximum matchings of any graph: Edmonds' blossom algorithm (1965).

use super::{SimpleGraph, NONE};

/// Alternating trees grown breadth-first from one free root, odd cycles (blossoms) shrunk
/// by relabelling their vertices with a common base.
pub(super) struct Blossom<'a> {
    g: &'a SimpleGraph,
    /// Deleted vertices, invisible to the search.
    pub(super) removed: Vec<bool>,
    /// Each vertex's mate, [`NONE`] when unmatched.
    pub(super) mate: Vec<u32>,
    /// The vertex an odd vertex was reached from; inside a blossom, also the way back
    /// round the blossom for its even vertices.
    parent: Vec<u32>,
    base: Vec<u32>,
    /// Even (outer) vertices: those already queued.
    even: Vec<bool>,
    queue: Vec<u32>,
    seen: Vec<bool>,
    in_blossom: Vec<bool>,
}

impl<'a> Blossom<'a> {
    pub(super) fn new(g: &'a SimpleGraph) -> Self {
        let n = g.len();
        Blossom {
            g,
            removed: vec![false; n],
            mate: vec![NONE; n],
            parent: vec![NONE; n],
            base: (0..n as u32).collect(),
            even: vec![false; n],
            queue: Vec::new(),
            seen: vec![false; n],
            in_blossom: vec![false; n],
        }
    }

    pub(super) fn unmatch(&mut self, v: u32) {
        let m = self.mate[v as usize];
        if m != NONE {
            self.mate[m as usize] = NONE;
            self.mate[v as usize] = NONE;
        }
    }

    /// A maximum matching: greedy, then one search from each free vertex (a vertex with no
    /// augmenting path never gets one later, Edmonds 1965).
    pub(super) fn maximise(&mut self) {
        let n = self.g.len() as u32;
        for x in 0..n {
            if self.removed[x as usize] || self.mate[x as usize] != NONE {
                continue;
            }
            let free = self
                .g
                .neighbours(x)
                .iter()
                .copied()
                .find(|&y| !self.removed[y as usize] && self.mate[y as usize] == NONE);
            if let Some(y) = free {
                self.mate[x as usize] = y;
                self.mate[y as usize] = x;
            }
        }
        for x in 0..n {
            if !self.removed[x as usize] && self.mate[x as usize] == NONE {
                self.augment_from(x);
            }
        }
    }

    /// Enlarges the matching by an augmenting path from the free vertex `root`, if any.
    pub(super) fn augment_from(&mut self, root: u32) -> bool {
        let Some(end) = self.find_path(root) else {
            return false;
        };
        let mut v = end;
        while v != NONE {
            let p = self.parent[v as usize];
            let next = self.mate[p as usize];
            self.mate[v as usize] = p;
            self.mate[p as usize] = v;
            v = next;
        }
        true
    }

    /// The free vertex at the end of an augmenting path from `root`, with `parent` leading
    /// back along it.
    fn find_path(&mut self, root: u32) -> Option<u32> {
        let g = self.g;
        self.parent.fill(NONE);
        self.even.fill(false);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i as u32;
        }
        self.queue.clear();
        self.even[root as usize] = true;
        self.queue.push(root);
        let mut head = 0;
        while head < self.queue.len() {
            let x = self.queue[head];
            head += 1;
            for &y in g.neighbours(x) {
                let (xi, yi) = (x as usize, y as usize);
                if self.removed[yi] || self.base[xi] == self.base[yi] || self.mate[xi] == y {
                    continue;
                }
                let y_even = y == root
                    || (self.mate[yi] != NONE && self.parent[self.mate[yi] as usize] != NONE);
                if y_even {
                    // An edge between two even vertices of the tree closes a blossom.
                    let b = self.common_base(x, y);
                    self.in_blossom.fill(false);
                    self.mark_path(x, b, y);
                    self.mark_path(y, b, x);
                    for i in 0..g.len() {
                        if self.in_blossom[self.base[i] as usize] {
                            self.base[i] = b;
                            if !self.even[i] {
                                self.even[i] = true;
                                self.queue.push(i as u32);
                            }
                        }
                    }
                } else if self.parent[yi] == NONE {
                    self.parent[yi] = x;
                    let z = self.mate[yi];
                    if z == NONE {
                        return Some(y);
                    }
                    self.even[z as usize] = true;
                    self.queue.push(z);
                }
            }
        }
        None
    }

    /// The base of the blossom closed by the edge `a`–`b`: where their paths to the root
    /// meet.
    fn common_base(&mut self, a: u32, b: u32) -> u32 {
        self.seen.fill(false);
        let mut a = a;
        loop {
            a = self.base[a as usize];
            self.seen[a as usize] = true;
            let m = self.mate[a as usize];
            if m == NONE {
                break;
            }
            a = self.parent[m as usize];
        }
        let mut b = b;
        loop {
            b = self.base[b as usize];
            let m = self.mate[b as usize];
            if self.seen[b as usize] || m == NONE {
                return b;
            }
            b = self.parent[m as usize];
        }
    }

    /// Marks the blossom's vertices on the path from `v` down to base `b`, pointing the
    /// parents of its even vertices the other way round the cycle (entered from `child`).
    fn mark_path(&mut self, v: u32, b: u32, child: u32) {
        let (mut v, mut child) = (v, child);
        while self.base[v as usize] != b {
            let m = self.mate[v as usize];
            self.in_blossom[self.base[v as usize] as usize] = true;
            self.in_blossom[self.base[m as usize] as usize] = true;
            self.parent[v as usize] = child;
            child = m;
            v = self.parent[m as usize];
        }
    }
}
