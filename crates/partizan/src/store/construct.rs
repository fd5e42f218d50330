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
        if self.arithmetic_step_mut() {
            return self.zero();
        }
        let mut l = sorted_unique(left.to_vec());
        let mut r = sorted_unique(right.to_vec());
        self.remove_dominated(&mut l, &mut r);
        let bypassed_left = self.bypass_reversible(&mut l, &mut r, true);
        let bypassed_right = self.bypass_reversible(&mut l, &mut r, false);
        if bypassed_left || bypassed_right {
            self.remove_dominated(&mut l, &mut r);
        }
        if self.stop_requested() {
            // Comparisons made after the budget was spent answered at random: what is left
            // need not be canonical, and must not be recorded as such.
            return self.zero();
        }
        self.intern_canonical(l, r)
    }

    fn remove_dominated(&self, l: &mut Vec<GameId>, r: &mut Vec<GameId>) {
        *l = self.undominated(l, true);
        *r = self.undominated(r, false);
    }

    /// The options not dominated by another (for Left: not ≤ another; for Right: not ≥
    /// another), sorted by id. Options are visited strongest-looking first (by stops), so the
    /// set of survivors stays small and most options fall to one comparison, instead of the
    /// n² comparisons of the textbook rule.
    fn undominated(&self, options: &[GameId], left: bool) -> Vec<GameId> {
        if options.len() <= 1 {
            return options.to_vec();
        }
        let mut order = options.to_vec();
        if left {
            order.sort_by(|a, b| self.records.stop_order(*b, *a));
        } else {
            order.sort_by(|a, b| self.records.stop_order(*a, *b));
        }
        // `worse(a, b)`: a is dominated by b from this side's point of view.
        let worse = |a: GameId, b: GameId| if left { self.leq(a, b) } else { self.leq(b, a) };
        let mut kept: Vec<GameId> = Vec::new();
        for a in order {
            if self.stop_requested() {
                // The answers are placeholders from here on (the caller records nothing), and
                // keeping every option would make the rest of the loop n².
                break;
            }
            if kept.iter().any(|&m| worse(a, m)) {
                continue;
            }
            kept.retain(|&m| !worse(m, a));
            kept.push(a);
        }
        kept.sort_unstable();
        kept
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
        while i < if left_side { l.len() } else { r.len() } && !self.stop_requested() {
            let option = if left_side { l[i] } else { r[i] };
            // The option's options are read where they are stored, unless they are derived
            // on demand (a number-up-star value's), which takes the store mutably.
            let reversing = match self.records.options(option) {
                Some((option_left, option_right)) => {
                    let counter = if left_side { option_right } else { option_left };
                    self.first_reversing(counter, l, r, left_side)
                }
                None => {
                    let (option_left, option_right) = self.options(option);
                    let counter = if left_side { option_right } else { option_left };
                    self.first_reversing(&counter, l, r, left_side)
                }
            };
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

    /// The first of `counter`, the options of an option of G = {`l` | `r`} on the given
    /// side, through which that option reverses: a Left option through a G^LR ≤ G, a Right
    /// option through a G^RL ≥ G.
    fn first_reversing(
        &self,
        counter: &[GameId],
        l: &[GameId],
        r: &[GameId],
        left_side: bool,
    ) -> Option<GameId> {
        let g = Operand::Raw { left: l, right: r };
        counter.iter().copied().find(|&c| {
            if left_side {
                self.le(&Operand::Id(c), &g)
            } else {
                self.le(&g, &Operand::Id(c))
            }
        })
    }
}

fn sorted_unique(mut v: Vec<GameId>) -> Vec<GameId> {
    v.sort_unstable();
    v.dedup();
    v
}
