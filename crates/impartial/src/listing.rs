//! Every move of a position, for a person to pick from when playing it out (`conway solve …
//! --moves`, the worksheet's "play against Conway"): each move in the game's own words and
//! the position it leads to, in the notation the game is written in.
//!
//! A heap of 10^100 stones has 10^100 moves, so a listing stops after
//! [`MAX_LISTED_OPTIONS`] moves, or once the moves' text reaches [`MAX_LISTED_BYTES`] (each
//! move writes the whole position it leaves, and a position may be 100,000 heaps long), and
//! says so (`all_options: false` and a note). The games offer their moves lazily, so the cost
//! is that of the moves listed, never of the number of moves the position has. Games list moves in an order a player reads easily: heap by heap, smallest change
//! first.

use std::ops::ControlFlow;

use num_bigint::BigUint;
use num_traits::Zero;

use crate::solution::{Solution, WinningMove};

/// The most moves a listing holds.
pub const MAX_LISTED_OPTIONS: usize = 1000;

/// The most text (descriptions and positions, in bytes) a listing holds: a front end adds
/// about as much again (a command per move), so a listing stays a few megabytes.
pub const MAX_LISTED_BYTES: usize = 2_000_000;

/// The moves listed so far, and whether the game offered more than fit.
#[derive(Debug, Default)]
pub struct OptionList {
    moves: Vec<WinningMove>,
    bytes: usize,
    full: bool,
}

impl OptionList {
    /// Adds the move `m` builds, or, once the list is full, notes that there are more and
    /// breaks (so the game stops offering).
    pub fn offer(&mut self, m: impl FnOnce() -> WinningMove) -> ControlFlow<()> {
        if self.moves.len() == MAX_LISTED_OPTIONS || self.bytes >= MAX_LISTED_BYTES {
            self.full = true;
            return ControlFlow::Break(());
        }
        let m = m();
        self.bytes += m.description.len() + m.to.len();
        self.moves.push(m);
        ControlFlow::Continue(())
    }

    /// The moves listed, whether they are all, and a note saying so when some of the
    /// `what` (`moves`, `winning moves`) were left out.
    fn finish(self, what: &str) -> (Vec<WinningMove>, bool, Option<String>) {
        let note = self.full.then(|| {
            format!(
                "only the first {} {what} are listed (a listing holds at most \
                 {MAX_LISTED_OPTIONS} moves and {} MB of text)",
                self.moves.len(),
                MAX_LISTED_BYTES / 1_000_000
            )
        });
        (self.moves, !self.full, note)
    }
}

/// `solution` with the winning moves `found` holds, and a note when more were found than a
/// listing holds: a Nim position of 20,000 heaps has 20,000 winning moves, each writing the
/// whole position, so winning moves are bounded as every move is.
pub fn with_winning_moves(solution: Solution, found: OptionList) -> Solution {
    let (moves, complete, note) = found.finish("winning moves");
    solution.moves(moves, complete).notes(note)
}

/// The winning moves `moves` describes one by one, as [`with_winning_moves`] bounds them.
pub fn first_moves<F: FnOnce() -> WinningMove>(moves: impl IntoIterator<Item = F>) -> OptionList {
    let mut found = OptionList::default();
    for m in moves {
        if found.offer(m).is_break() {
            break;
        }
    }
    found
}

/// `solution` with the moves `offer` lists (the first [`MAX_LISTED_OPTIONS`]); a note says
/// when there were more.
pub fn with_options(
    solution: Solution,
    offer: impl FnOnce(&mut OptionList) -> ControlFlow<()>,
) -> Solution {
    let mut list = OptionList::default();
    // A break only means the list is full; the list says so itself.
    let _ = offer(&mut list);
    let (moves, complete, note) = list.finish("moves");
    solution.with_options(moves, complete).notes(note)
}

/// The sizes below `h`, largest first (`h − 1, h − 2, …, 0`): the moves of a Nim heap, one
/// stone taken first.
pub fn smaller(h: &BigUint) -> impl Iterator<Item = BigUint> {
    let first = (!h.is_zero()).then(|| h - 1u32);
    std::iter::successors(first, |x| (!x.is_zero()).then(|| x - 1u32))
}

/// Offers the moves that change one heap of `heaps` into a smaller one, heap by heap: heap
/// `i` of size `h` may become each size `sizes(h)` yields; `describe(i, h, to)` says the
/// move in words.
pub fn offer_heap_moves<I: Iterator<Item = BigUint>>(
    list: &mut OptionList,
    heaps: &[BigUint],
    sizes: impl Fn(&BigUint) -> I,
    describe: impl Fn(usize, &BigUint, &BigUint) -> String,
) -> ControlFlow<()> {
    for (i, h) in heaps.iter().enumerate() {
        for to in sizes(h) {
            list.offer(|| {
                WinningMove::new(
                    describe(i, h, &to),
                    crate::solution::heaps_after(heaps, i, &to),
                )
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// Checks a listing of moves against the game's own move generator on a small position: the
/// listing is complete, holds each of `expected` (the positions the rules reach, as text)
/// exactly once, and every winning move is one of them.
#[cfg(test)]
pub(crate) fn assert_lists_exactly(solution: &Solution, expected: Vec<String>) {
    assert_lists_exactly_as(solution, expected, str::to_string);
}

/// [`assert_lists_exactly`] for an oracle that writes positions its own way (sorted heaps,
/// say): `normalise` turns a listed `to` into the oracle's writing.
#[cfg(test)]
pub(crate) fn assert_lists_exactly_as(
    solution: &Solution,
    expected: Vec<String>,
    normalise: impl Fn(&str) -> String,
) {
    let options = solution.options.as_ref().expect("the moves were asked for");
    assert!(
        solution.all_options,
        "{}: listing incomplete",
        solution.position
    );
    let mut listed: Vec<String> = options.iter().map(|m| normalise(&m.to)).collect();
    listed.sort();
    let mut expected = expected;
    expected.sort();
    assert_eq!(listed, expected, "moves of {}", solution.position);
    for m in &solution.winning_moves {
        assert!(
            options
                .iter()
                .any(|o| o.to == m.to && o.description == m.description),
            "{}: winning move {:?} is not listed as a move",
            solution.position,
            m
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Outcome;

    #[test]
    fn a_listing_stops_at_the_bound_and_says_so() {
        let heaps = vec![BigUint::from(10u32).pow(100)];
        let s = with_options(Solution::new("nim", "1e100", Outcome::N), |list| {
            offer_heap_moves(list, &heaps, smaller, |_, _, to| format!("to {to}"))
        });
        let options = s.options.as_ref().unwrap();
        assert_eq!(options.len(), MAX_LISTED_OPTIONS);
        assert!(!s.all_options);
        assert!(s.notes.iter().any(|n| n.contains("first 1000")));
        assert_eq!(options[0].to, (&heaps[0] - 1u32).to_string());
    }

    /// Winning moves are bounded as every move is: 20,001 heaps of 1 in Nim have 20,001
    /// winning moves of 40 kB each.
    #[test]
    fn winning_moves_are_bounded_too() {
        let heaps = vec![BigUint::from(1u32); 20_001];
        let s = crate::games::nim::solve(&heaps);
        assert!(!s.all_winning_moves);
        let bytes: usize = s
            .winning_moves
            .iter()
            .map(|m| m.to.len() + m.description.len())
            .sum();
        assert!(bytes < MAX_LISTED_BYTES + 100_000, "{bytes}");
        assert!(s
            .notes
            .iter()
            .any(|n| n.contains("winning moves are listed")));
    }

    /// A long position is listed only as far as the text bound: each move writes it whole.
    #[test]
    fn a_listing_stops_at_its_size_too() {
        let heaps = vec![BigUint::from(1u32); 100_000];
        let s = with_options(Solution::new("nim", "…", Outcome::N), |list| {
            offer_heap_moves(list, &heaps, smaller, |_, _, to| format!("to {to}"))
        });
        let options = s.options.as_ref().unwrap();
        let bytes: usize = options
            .iter()
            .map(|m| m.to.len() + m.description.len())
            .sum();
        assert!(!s.all_options && options.len() < 20, "{}", options.len());
        assert!(bytes < MAX_LISTED_BYTES + 200_000, "{bytes}");
        assert!(s.notes[0].starts_with(&format!("only the first {} moves", options.len())));
    }

    #[test]
    fn a_listing_that_fits_is_complete() {
        let heaps = vec![BigUint::from(2u32), BigUint::from(1u32)];
        let s = with_options(Solution::new("nim", "2 1", Outcome::N), |list| {
            offer_heap_moves(list, &heaps, smaller, |_, _, to| format!("to {to}"))
        });
        let tos: Vec<&str> = s
            .options
            .as_ref()
            .unwrap()
            .iter()
            .map(|m| m.to.as_str())
            .collect();
        assert_eq!(tos, ["1 1", "0 1", "2 0"]);
        assert!(s.all_options && s.notes.is_empty());
    }
}
