//! Who wins a Domineering board, by search rather than by its canonical form: Left places
//! vertical dominoes, Right horizontal ones, and whoever cannot place loses.
//!
//! The board is a 128-bit bitboard, each row followed by a guard bit that is never empty, so
//! a horizontal domino never wraps to the next row. The search asks "does the player to move
//! win?" depth first, with:
//!
//! - **Bounds from safe moves** (as in Bullock's Obsequi): a square no opponent domino can
//!   ever cover stays the mover's, so the mover's dominoes on such squares (Σ⌊run/2⌋ along
//!   the mover's direction) are moves nobody can take away. Against them, the opponent can
//!   never make more moves than the disjoint dominoes that fit now (Σ⌊run/2⌋ along the
//!   opponent's direction). So the mover wins at once with more safe moves than the
//!   opponent's most, and loses at once with no more moves than the opponent's safe ones.
//!   Contested resources add the share each side is sure of ([`Resources`](bounds::Resources)): *corners*
//!   (an empty 2 × 2 block against a wall: playing its half away from the wall leaves the
//!   other half to the player alone, two moves, and cuts two of the opponent's lines two
//!   squares short), *vulnerable placements* (off the squares the safe moves use; one may
//!   take the odd safe square a run leaves over, and then holds only one square the
//!   opponent could use) and *options* (an empty square beside a safe move along the
//!   player's line, held at no cost by shifting the safe move onto it). They are claimed so
//!   that no opponent domino touches two of them, or, in a second count with the placements
//!   that conflict added, no more than two, or in two piles (the claims no such domino
//!   reaches, one a move, and the rest, two a move: Obsequi's two kinds of vulnerable
//!   moves); the sides pick alternately, the opponent taking away one claim (or two) a
//!   move. What a side takes also holds squares the other could have used: the other's
//!   moves fit in the squares it reaches, less those, so against that room every claim has
//!   one value (a corner 8, a placement 4, down to an option holding one square, 1), and
//!   against the other's most moves the corners come first.
//!   (Obsequi's counts of protective areas, vulnerable moves, vulnerable moves with a
//!   protected square and safe moves with options are the model; these rules are stated
//!   and proved in [`Counts`](bounds::Counts) and [`Resources`](bounds::Resources).)
//! - **Safe moves left out** ([`PlayerView::worth_trying`](bounds::PlayerView::worth_trying)):
//!   a *safe move* lies on two of the mover's safe squares. Call a placement *d* of the
//!   mover an *end placement* when it is at one end of its run along the mover's line and
//!   the square past its other end is not empty or is safe. **Whatever a safe move m
//!   wins, d wins.** Proof: let R be the position after d, I the one after m, and σ the
//!   mover's winning strategy in I (the opponent to move). While (1) every opponent
//!   placement of R is one of I and (2) every mover placement of I is one of R, the mover
//!   plays in R what σ plays in I: each opponent move in R is legal in I, σ's answer is
//!   legal in R, and the same domino taken from both keeps (1) and (2), so the mover never
//!   runs out first. At the start (1) holds: R and I differ only on d and m, d is filled in
//!   R and no opponent placement touches m's safe squares. (2) fails only for the mover's
//!   placements meeting d: d itself and *q*, the one overlapping d's open end (if any).
//!   When σ plays d, the mover plays m (its squares are still empty: the opponent never
//!   covers them and σ never plays there) and R is I. When σ plays q, the mover plays m:
//!   then R and I differ only in that R holds q's far square *x* and I holds d's square
//!   *y* outside q. x is safe (d is an end placement), so (1) holds; y lies between q and
//!   d's closed end, so no mover placement of I uses it and (2) holds. If m meets d, m is d
//!   or q, and the same two cases hold from the start. ∎ So when an end placement is not a
//!   safe move, no safe move is tried; otherwise one end placement stands for them all.
//!   (Obsequi tries no safe move at all; that stronger rule holds on every position of up
//!   to 4 × 6 squares, checked exhaustively here by canonical forms, but is not proved
//!   here; the proved rule leaves out about as many: 8 × 8 searches 3% fewer positions
//!   either way.)
//! - **A transposition table** of won and lost positions (two-way buckets, the entry with
//!   the smaller subtree replaced; 2 MiB until the search fills it, then up to 1 GiB by the
//!   board's empty squares), probed after the bounds (a probe is a cache miss, and the
//!   bounds settle most positions that get that far).
//! - **Move ordering**: by a static evaluation of the position each move leaves (the
//!   mover's safe moves against the opponent's, then all moves against all), a move that
//!   leaves the opponent lost by the bounds first; ties broken by where the domino lies
//!   (second lines from an edge first, as in Obsequi's positional values: they make safe
//!   squares of the edge) and then by the history of moves that won elsewhere. Only the
//!   best move is picked before it is tried; the rest are sorted if it fails. The counts
//!   found for ordering are handed to the child ([`Tally`](bounds::Tally)), and the most moves of every
//!   child come from one pass over the parent ([`PlayerView::most_losses`](bounds::PlayerView::most_losses)).
//! - **Every core**: the root's moves are shared among threads with one table whose slots
//!   are sequence locks (a slot being written reads as a miss; writers never wait); the
//!   answer is the first winning root move in the root's order, the same on any number of
//!   threads.
//!
//! Oracle: the outcome class of the canonical form ([`crate::domineering`]) on
//! every board small enough for both, in property tests of the whole search and of every
//! verdict the counts give on their own.
//!
//! The search is in modules by layer: [`board`] (the bitboard, its shape and symmetries),
//! [`bounds`] (what each side is sure of and can at most do), [`table`] (the shared
//! transposition table) and [`search`]. Their functions are `#[inline]`: each module is a
//! codegen unit of its own, and the search calls them at every node (without it, 8 × 8 and
//! 7 × 9 take about 2% longer).

mod board;
mod bounds;
mod search;
mod table;
#[cfg(test)]
mod tests;

use std::sync::atomic::Ordering;

use conway_core::{Interrupted, Pace, Progress, Work};

use super::{each_start, Resume, Resumed, WinnerReport};
use conway_partizan::PartizanError;
use conway_partizan::Player;

pub use board::{Position, Shape};
use search::*;
use table::*;

/// The most bits a board may take: rows × (columns + 1), the guard bit of each row
/// included. An 11 × 10 board (11 rows) fits; the empty 11 × 11 board, which took its
/// solvers half a year, does not.
pub const MAX_BITS: usize = 128;

/// The most columns: every shift the counts take (a few strides) stays inside the 128-bit
/// word.
pub const MAX_COLUMNS: usize = 15;

/// The positions searched when no budget is given: past it the search stops and says so.
pub const DEFAULT_NODE_BUDGET: u64 = 1 << 34;

/// Who wins `position` when each player starts, searching at most `budget` positions
/// ([`DEFAULT_NODE_BUDGET`] when `None`) on every core; with `every_move`, the result of each
/// first move.
pub fn winner(
    position: &Position,
    every_move: bool,
    budget: Option<u64>,
    progress: &dyn Progress,
) -> Result<WinnerReport, PartizanError> {
    winner_on(position, every_move, budget, progress, every_core())
}

/// How many threads a search takes when not told: one per core.
pub fn every_core() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// [`winner`] on `threads` threads.
pub fn winner_on(
    position: &Position,
    every_move: bool,
    budget: Option<u64>,
    progress: &dyn Progress,
    threads: usize,
) -> Result<WinnerReport, PartizanError> {
    winner_resuming(
        position,
        (every_move, None),
        budget,
        progress,
        threads,
        Resume::afresh(),
    )
    .0
}

/// The largest transposition table: 2^25 slots of 32 bytes, 1 GiB.
const MAX_TABLE_BITS: u32 = 25;

/// [`winner_on`], starting from what `resume` says an earlier search of the same board
/// settled and telling it of each addition; returns the answer and all that is settled,
/// also when the search was stopped or ran out of budget (to be saved for the next run).
/// `first` asks for one player's start only (`None`: each player's).
pub fn winner_resuming(
    position: &Position,
    (every_move, first): (bool, Option<Player>),
    budget: Option<u64>,
    progress: &dyn Progress,
    threads: usize,
    resume: Resume<'_>,
) -> Resumed {
    // 32-byte slots: 2 MiB, 32 MiB, 256 MiB (8 x 8), 512 MiB, 1 GiB (9 x 9: a searched
    // position lost from the table is searched again, and on 8 x 9 twice the table saves a
    // quarter of the time), reached once the search fills 2 MiB; and room for what was
    // settled before, twice over, so that it stays in the table.
    let bits = match position.empty_squares() {
        0..=36 => 16,
        37..=48 => 20,
        49..=64 => 23,
        65..=80 => 24,
        _ => MAX_TABLE_BITS,
    };
    let settled_bits = (2 * resume.settled.positions.len())
        .next_power_of_two()
        .trailing_zeros();
    let bits = bits.max(settled_bits.min(MAX_TABLE_BITS));
    // What was settled before goes in the table first, and stays among the settled.
    let table = match Table::new(bits, !resume.settled.positions.is_empty(), progress) {
        Ok(table) => table,
        Err(Interrupted) => return (Err(PartizanError::Interrupted), resume.settled),
    };
    let mut pace = Pace::new(progress);
    for (&(key, left), proof) in &resume.settled.positions {
        let put = pace
            .tick(|| Work::open(0, "positions"))
            .and_then(|()| table.put(key, left, proof.wins, proof.work, (progress, 0)));
        if put.is_err() {
            return (Err(PartizanError::Interrupted), resume.settled);
        }
    }
    let shared = Shared::new(position.shape, table, budget, progress, resume);
    let answer = each_start(first, |starter| {
        shared.start(position, starter.is_left(), every_move, threads.max(1))
    });
    let nodes = shared.nodes.load(Ordering::Relaxed);
    let settled = shared.ledger.into_settled();
    let answer = answer
        .map_err(|halt| match halt {
            Halt::Budget => PartizanError::too_large(
                "positions searched for the winner of a domineering board",
                nodes,
                shared.budget,
            ),
            Halt::Stopped | Halt::Abandoned => PartizanError::Interrupted,
        })
        .map(|starts| WinnerReport::of("domineering", position.notation(), starts, nodes));
    (answer, settled)
}
