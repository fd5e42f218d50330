//! The rule of a subtraction game (S-Nim): remove `s` stones from one heap for some `s` in a
//! finite set `S`.
//!
//! The Grundy sequence of a finite subtraction set is eventually periodic: each value depends
//! only on the `t = max S` values before it, so once a window of `t` values repeats, the
//! sequence repeats forever. [`SubtractionGame::periodicity`] finds the least period with
//! that certificate, which gives the value of heaps of any size. The game's outcomes and
//! winning moves are `games::subtraction`.

use std::ops::ControlFlow;

use crate::heap::HeapRule;
use crate::mex::{mex_of_mask, ValueSet};
use crate::periodicity::{find_period, Periodicity};
use crate::{ImpartialError, ImpartialGame};

/// The most elements a subtraction set may have (values then fit in `u16`).
pub const MAX_SET_SIZE: usize = 4096;
/// The largest element of a subtraction set.
pub const MAX_SUBTRACTION: u64 = 1 << 20;
/// How many values the period search computes at most before giving up.
pub const PERIOD_SEARCH_LIMIT: usize = 1 << 24;
/// How many moves (heaps computed × set size) the period search examines at most, which
/// bounds its time for large sets (about 5 s on one core).
pub const PERIOD_SEARCH_WORK: u64 = 1 << 32;

/// A subtraction game with a finite set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubtractionGame {
    set: Vec<u64>,
}

impl SubtractionGame {
    /// The game with subtraction set `set` (any order, duplicates ignored; no zero).
    pub fn new(mut set: Vec<u64>) -> Result<Self, ImpartialError> {
        set.sort_unstable();
        set.dedup();
        let bad = |why: String| Err(ImpartialError::InvalidInput(why));
        if set.is_empty() {
            return bad("the subtraction set is empty".into());
        }
        if set[0] == 0 {
            return bad("the subtraction set contains 0 (a move must remove stones)".into());
        }
        if set.len() > MAX_SET_SIZE {
            return Err(ImpartialError::too_large(
                "the subtraction set",
                format!("{} elements", set.len()),
                MAX_SET_SIZE,
            ));
        }
        let t = *set.last().unwrap_or(&0);
        if t > MAX_SUBTRACTION {
            return Err(ImpartialError::too_large(
                "a subtraction",
                t,
                MAX_SUBTRACTION,
            ));
        }
        Ok(SubtractionGame { set })
    }

    /// The subtraction set, sorted.
    pub fn set(&self) -> &[u64] {
        &self.set
    }

    /// The largest subtraction.
    pub fn max_subtraction(&self) -> u64 {
        *self.set.last().unwrap_or(&0)
    }

    /// Grundy values of heaps `0..len`. Values never exceed `|S|`, so `u16` holds them.
    pub fn sequence(&self, len: usize) -> Vec<u16> {
        let mut g = Vec::new();
        self.extend(&mut g, len);
        g
    }

    /// Appends to `g`, the values of heaps `0..g.len()`, those of the heaps up to `len`.
    fn extend(&self, g: &mut Vec<u16>, len: usize) {
        g.reserve(len.saturating_sub(g.len()));
        if self.set.len() < 64 {
            let set: Vec<usize> = self.set.iter().map(|&s| s as usize).collect();
            for n in g.len()..len {
                let mut mask = 0u64;
                for &s in set.iter().take_while(|&&s| s <= n) {
                    mask |= 1 << g[n - s];
                }
                g.push(mex_of_mask(mask) as u16);
            }
        } else {
            // Values are at most |S|, so clearing the set costs a word per 64 elements of S,
            // less than the moves themselves.
            let mut options = ValueSet::with_bound(self.set.len() + 1);
            for n in g.len()..len {
                options.clear();
                for &s in self.set.iter().take_while(|&&s| s as usize <= n) {
                    options.insert(u32::from(g[n - s as usize]));
                }
                g.push(options.mex() as u16);
            }
        }
    }

    /// The most heaps the period search computes: `limit`, and no more than
    /// [`PERIOD_SEARCH_WORK`] moves (heaps × set size) in all.
    pub fn search_reach(&self, limit: usize) -> usize {
        let by_work = PERIOD_SEARCH_WORK / self.set.len().max(1) as u64;
        limit.min(usize::try_from(by_work).unwrap_or(usize::MAX))
    }

    /// The certified period of the Grundy sequence, with the values up to the end of its
    /// first period. Computes at most [`SubtractionGame::search_reach`]`(limit)` values,
    /// each stretch once: the values are extended fourfold until a period is certified, and
    /// each search for it is linear in the values ([`find_period`]).
    pub fn periodicity(&self, limit: usize) -> Result<(Periodicity, Vec<u16>), ImpartialError> {
        let t = self.max_subtraction() as usize;
        let reach = self.search_reach(limit);
        let mut len = 1024usize.max(4 * t).min(reach);
        let mut values = Vec::new();
        loop {
            self.extend(&mut values, len);
            let found = find_period(&values, values.len(), |len, pre, per| len >= pre + per + t);
            if let Some(p) = found {
                values.truncate(p.preperiod + p.period);
                return Ok((p, values));
            }
            if len >= reach {
                return Err(ImpartialError::PositionLimit {
                    limit: reach,
                    hint: format!(
                        "no period was certified within the first {reach} heaps (the search \
                         computes at most {PERIOD_SEARCH_LIMIT} heaps and {PERIOD_SEARCH_WORK} \
                         moves, heaps times the size of the set)"
                    ),
                });
            }
            len = len.saturating_mul(4).min(reach);
        }
    }
}

impl HeapRule for SubtractionGame {
    fn visit_options(
        &self,
        n: u64,
        visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for &s in self.set.iter().take_while(|&&s| s <= n) {
            let left = [n - s];
            visit(if s == n { &[] } else { &left })?;
        }
        ControlFlow::Continue(())
    }
}

impl ImpartialGame for SubtractionGame {
    type Position = u64;
    fn options(&self, n: &u64) -> Vec<u64> {
        self.set
            .iter()
            .take_while(|&&s| s <= *n)
            .map(|&s| n - s)
            .collect()
    }
}
