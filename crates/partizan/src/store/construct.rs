//! Building the canonical form of `{L | R}` from arbitrary canonical options.
//!
//! Two simplifications reach the unique canonical form (ONAG ch. 10): remove dominated
//! options (a Left option ≤ another Left option, a Right option ≥ another Right option), and
//! bypass reversible ones (a Left option G^L with some G^LR ≤ G is replaced by the Left
//! options of that G^LR; dually for Right). Neither changes the value of G, so the tests run
//! against G as it stands, given by its current option lists.

use super::compare::Operand;
use super::{GameId, Store};

impl Store {
    /// The canonical form of `{left | right}`.
    pub fn construct(&mut self, left: &[GameId], right: &[GameId]) -> GameId {
        let mut l = sorted_unique(left.to_vec());
        let mut r = sorted_unique(right.to_vec());
        self.remove_dominated(&mut l, &mut r);
        let bypassed_left = self.bypass_reversible(&mut l, &mut r, true);
        let bypassed_right = self.bypass_reversible(&mut l, &mut r, false);
        if bypassed_left || bypassed_right {
            self.remove_dominated(&mut l, &mut r);
        }
        self.intern_canonical(l, r)
    }

    fn remove_dominated(&self, l: &mut Vec<GameId>, r: &mut Vec<GameId>) {
        let dominated_left: Vec<bool> = l
            .iter()
            .map(|&a| l.iter().any(|&b| a != b && self.leq(a, b)))
            .collect();
        let dominated_right: Vec<bool> = r
            .iter()
            .map(|&a| r.iter().any(|&b| a != b && self.leq(b, a)))
            .collect();
        retain_unmarked(l, &dominated_left);
        retain_unmarked(r, &dominated_right);
    }

    /// Bypasses reversible options on one side until none is left; says whether any was.
    fn bypass_reversible(
        &mut self,
        l: &mut Vec<GameId>,
        r: &mut Vec<GameId>,
        left_side: bool,
    ) -> bool {
        let mut changed = false;
        let mut i = 0;
        while i < if left_side { l.len() } else { r.len() } {
            let option = if left_side { l[i] } else { r[i] };
            let (option_left, option_right) = self.options(option);
            // A Left option reverses through a G^LR ≤ G, a Right option through a G^RL ≥ G.
            let counter = if left_side { option_right } else { option_left };
            let reversing = counter.into_iter().find(|&c| {
                let g = Operand::Raw { left: l, right: r };
                if left_side {
                    self.le(&Operand::Id(c), &g)
                } else {
                    self.le(&g, &Operand::Id(c))
                }
            });
            match reversing {
                None => i += 1,
                Some(c) => {
                    let (c_left, c_right) = self.options(c);
                    let side = if left_side { &mut *l } else { &mut *r };
                    side.remove(i);
                    side.extend(if left_side { c_left } else { c_right });
                    *side = sorted_unique(std::mem::take(side));
                    changed = true;
                    i = 0;
                }
            }
        }
        changed
    }
}

fn sorted_unique(mut v: Vec<GameId>) -> Vec<GameId> {
    v.sort_unstable();
    v.dedup();
    v
}

fn retain_unmarked(v: &mut Vec<GameId>, marked: &[bool]) {
    let mut flags = marked.iter();
    v.retain(|_| !flags.next().copied().unwrap_or(false));
}
