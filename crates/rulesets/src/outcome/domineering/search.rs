//! The depth-first search: move ordering, the bounds and the table at each node, and the
//! threads that share the root's moves.

use std::sync::atomic::{AtomicU64, AtomicU8, AtomicUsize, Ordering};

use conway_core::progress::join_reporting;
use conway_core::{Interrupted, Pace, Progress, Work};

use super::board::*;
use super::bounds::*;
use super::table::*;
use super::*;
use crate::domineering::domino_placed;
use crate::outcome::{Ledger, MoveResult, Resume, Start};
use conway_partizan::Player;

/// Why a search ended without an answer.
pub(super) enum Halt {
    Stopped,
    Budget,
    /// A root move before this thread's was found to win: its search is not needed.
    Abandoned,
}

/// What the threads of one search share: the table, the count of positions against the
/// budget, the progress hook, and the first winning move found at the root.
pub(super) struct Shared<'a> {
    pub(super) shape: Shape,
    pub(super) symmetries: Symmetries,
    /// Per player (Right, Left): its view of the board, made once per search.
    pub(super) sides: [PlayerView; 2],
    /// Per player and starting square: the placement's rank by where it lies (smaller
    /// first), [`placement_ranks`].
    pub(super) ranks: [[u8; 128]; 2],
    pub(super) table: Table,
    pub(super) nodes: AtomicU64,
    pub(super) budget: u64,
    pub(super) progress: &'a dyn Progress,
    /// Why the search is ending, once one thread knows (0: it is not).
    pub(super) halt: AtomicU8,
    /// The index, in the root's order, of the first root move known to win (`usize::MAX`:
    /// none yet): moves after it need not be searched.
    pub(super) first_win: AtomicUsize,
    /// The positions settled at some cost, and who hears of each addition ([`Resume`]).
    pub(super) ledger: Ledger<'a>,
}

/// A placement's key in the order moves are tried (least first), packed in one word: the
/// evaluation of the position it leaves (higher first), its rank by where it lies, its
/// history (higher first), and its starting square in the low 7 bits.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct MoveKey(u64);

impl MoveKey {
    pub(super) const SCORE_BITS: u32 = 20;
    pub(super) const HISTORY_BITS: u32 = 29;

    pub(super) fn new(score: i32, rank: u8, history: u32, square: usize) -> MoveKey {
        let half = 1i64 << (Self::SCORE_BITS - 1);
        let score = (i64::from(score).clamp(1 - half, half - 1) + half) as u64;
        let history = u64::from(history).min((1 << Self::HISTORY_BITS) - 1);
        MoveKey(
            ((1 << Self::SCORE_BITS) - 1 - score) << 44
                | u64::from(rank) << 36
                | ((1 << Self::HISTORY_BITS) - 1 - history) << 7
                | square as u64,
        )
    }

    pub(super) fn square(self) -> usize {
        (self.0 & 0x7f) as usize
    }
}

/// One thread's search: its own history and count, the shared table.
pub(super) struct Search<'s, 'a> {
    pub(super) shared: &'s Shared<'a>,
    /// Per player and square: how much search the winning moves starting there settled
    /// (the history heuristic), to order moves the evaluation ties.
    pub(super) history: [[u32; 128]; 2],
    /// Positions this thread searched.
    pub(super) searched: u64,
    /// Positions counted here and not yet added to the shared count.
    pub(super) unreported: u64,
    /// The root move this thread is searching, in the root's order, when a search past the
    /// first winning root move is not needed.
    pub(super) root_index: Option<usize>,
    /// This thread's calls to the progress hook, by the clock: every thread hears a stop
    /// request itself, and a hook that listens only to the calling thread (Python's
    /// signals) hears from it as often as from any other.
    pub(super) pace: Pace<'a>,
}

impl Search<'_, '_> {
    /// Whether the player to move (`left`: Left) wins, with optimal play.
    pub(super) fn wins(
        &mut self,
        board: Images,
        left: bool,
        known: Option<Tally>,
    ) -> Result<bool, Halt> {
        let empty = board.empty();
        let [me, them] = self.shared.mover_and_opponent(left);
        let counts = match Counts::of(me, them, empty, known) {
            Ok(counts) => counts,
            Err(verdict) => return Ok(verdict),
        };
        // The table after the bounds: a probe is a cache miss, dearer than they are, and
        // the bounds settle most positions that get this far (on the empty 8 × 8 board,
        // three probes in five would be wasted on them, and they settle almost none the
        // table knows).
        if let Some(verdict) = counts.contested() {
            return Ok(verdict);
        }
        let (key, mover) = board.key(&self.shared.symmetries, left);
        if let Some(wins) = self.shared.table.get(key, mover) {
            return Ok(wins);
        }
        let mine = counts.mover.placements;
        let safe = counts.mover.safe_squares;
        self.count_node()?;
        let before = self.searched;
        let mosts = (counts.mover.most, counts.opponent.most);
        let mut moves = match self.replies(me, them, empty, (mine, safe), mosts) {
            Ok(moves) => moves,
            Err(square) => {
                self.credit(left, square, 1);
                self.shared.put(key, mover, true, 0)?;
                return Ok(true);
            }
        };
        // The best move alone first: it settles most positions, and then the rest need no
        // sorting.
        if let Some(best) = (0..moves.len()).min_by_key(|&i| moves[i].0) {
            moves.swap(0, best);
        }
        for i in 0..moves.len() {
            if i == 1 {
                moves[1..].sort_unstable_by_key(|&(key, _)| key);
            }
            let (move_key, left_behind) = moves[i];
            let square = move_key.square();
            let after = board.place(&self.shared.symmetries, square, square + me.step);
            if !self.wins(after, !left, Some(left_behind))? {
                let work = self.searched - before;
                self.credit(left, square, 1 + work.min(1 << 20) as u32);
                self.shared.remember(key, mover, true, work)?;
                return Ok(true);
            }
        }
        self.shared
            .remember(key, mover, false, self.searched - before)?;
        Ok(false)
    }

    /// Credits a winning move of `left` starting at `square` with the search it settled.
    pub(super) fn credit(&mut self, left: bool, square: usize, amount: u32) {
        let credit = &mut self.history[usize::from(left)][square];
        *credit = credit.saturating_add(amount);
    }

    /// The mover's placements, best first: by a static evaluation of the position each
    /// leaves (the mover's safe moves against the opponent's, then all moves against all).
    /// A move that leaves the opponent lost by its counts alone is the only one listed.
    /// (Asking the table about each child too saves a third of the positions but costs more
    /// in cache misses than it saves.)
    pub(super) fn ordered_moves(
        &self,
        me: PlayerView,
        them: PlayerView,
        empty: u128,
        mine: u128,
    ) -> Vec<usize> {
        let mosts = (me.most_dominoes(empty), them.most_dominoes(empty));
        let safe = empty & !them.covered(them.placements(empty));
        match self.replies(me, them, empty, (mine, safe), mosts) {
            Ok(mut replies) => {
                replies.sort_unstable_by_key(|&(key, _)| key);
                replies.into_iter().map(|(key, _)| key.square()).collect()
            }
            Err(square) => vec![square],
        }
    }

    /// The mover's placements worth trying (of `mine`, with the mover's `safe` squares:
    /// [`PlayerView::worth_trying`]), each with its key in [`Search::ordered_moves`]'s order
    /// and the tally of the position it leaves; or a placement that leaves the opponent lost
    /// by its counts alone, found before the rest are counted.
    pub(super) fn replies(
        &self,
        me: PlayerView,
        them: PlayerView,
        empty: u128,
        (mine, safe): (u128, u128),
        (my_most, their_most): (u32, u32),
    ) -> Result<Vec<(MoveKey, Tally)>, usize> {
        let history = &self.history[usize::from(me.left)];
        let ranks = &self.shared.ranks[usize::from(me.left)];
        // Most moves change only on the lines through the domino: found for every move at
        // once; safe moves are counted afresh.
        let (my_losses, their_losses) = (me.most_losses(empty), them.most_losses(empty));
        let mut replies = Vec::with_capacity(mine.count_ones() as usize);
        for square in squares_of(me.worth_trying(empty, mine, safe)) {
            let domino = (1u128 << square) | (1u128 << (square + me.step));
            let after = empty & !domino;
            let (mine_after, theirs_after) = (me.placements(after), them.placements(after));
            let my_safe = me.most_dominoes(after & !them.covered(theirs_after));
            let their_most = their_losses.after_crossing(their_most, domino);
            if their_most <= my_safe {
                return Err(square);
            }
            let their_safe = them.most_dominoes(after & !me.covered(mine_after));
            let my_most = my_losses.after_placing(my_most, square);
            let score =
                4 * (my_safe as i32 - their_safe as i32) + (my_most as i32 - their_most as i32);
            let left_behind = Tally {
                my_safe: their_safe,
                my_most: their_most,
                their_safe: my_safe,
                their_most: my_most,
            };
            replies.push((
                MoveKey::new(score, ranks[square], history[square], square),
                left_behind,
            ));
        }
        Ok(replies)
    }

    pub(super) fn count_node(&mut self) -> Result<(), Halt> {
        self.searched += 1;
        self.unreported += 1;
        if self.unreported < 1024 {
            return Ok(());
        }
        self.flush()
    }

    /// Adds this thread's positions to the shared count, and hears whether to go on.
    pub(super) fn flush(&mut self) -> Result<(), Halt> {
        let shared = self.shared;
        let before = shared.nodes.fetch_add(self.unreported, Ordering::Relaxed);
        let after = before + self.unreported;
        self.unreported = 0;
        match shared.halt.load(Ordering::Relaxed) {
            HALT_STOPPED => return Err(Halt::Stopped),
            HALT_BUDGET => return Err(Halt::Budget),
            _ => {}
        }
        if self
            .root_index
            .is_some_and(|i| shared.first_win.load(Ordering::Relaxed) < i)
        {
            return Err(Halt::Abandoned);
        }
        if after > shared.budget {
            shared.halt.store(HALT_BUDGET, Ordering::Relaxed);
            return Err(Halt::Budget);
        }
        if self.pace.tick(|| Work::open(after, "positions")).is_err() {
            shared.halt.store(HALT_STOPPED, Ordering::Relaxed);
            return Err(Halt::Stopped);
        }
        Ok(())
    }
}

/// Halt codes in [`Shared::halt`].
pub(super) const HALT_STOPPED: u8 = 1;
pub(super) const HALT_BUDGET: u8 = 2;

impl<'a> Shared<'a> {
    /// The search of a board of `shape` with `table`, at most `budget` positions (the
    /// default without one), telling `progress` and settling as `resume` asks.
    pub(super) fn new(
        shape: Shape,
        table: Table,
        budget: Option<u64>,
        progress: &'a dyn Progress,
        resume: Resume<'a>,
    ) -> Shared<'a> {
        Shared {
            shape,
            symmetries: Symmetries::of(shape),
            sides: [false, true].map(|left| PlayerView::of(left, shape)),
            ranks: placement_ranks(shape),
            table,
            nodes: AtomicU64::new(0),
            budget: budget.unwrap_or(DEFAULT_NODE_BUDGET),
            progress,
            halt: AtomicU8::new(0),
            first_win: AtomicUsize::new(usize::MAX),
            ledger: Ledger::new(resume),
        }
    }

    /// Puts a position's verdict in the table and, when its search cost enough, among
    /// those settled.
    pub(super) fn remember(
        &self,
        key: u128,
        left: bool,
        wins: bool,
        work: u64,
    ) -> Result<(), Halt> {
        self.put(key, left, wins, work)?;
        self.ledger.settle(key, left, wins, work);
        Ok(())
    }

    /// Puts a position's verdict in the table; a stop heard while the table grows halts
    /// every thread.
    pub(super) fn put(&self, key: u128, left: bool, wins: bool, work: u64) -> Result<(), Halt> {
        self.table
            .put(
                key,
                left,
                wins,
                work,
                (self.progress, self.nodes.load(Ordering::Relaxed)),
            )
            .map_err(|Interrupted| {
                self.halt.store(HALT_STOPPED, Ordering::Relaxed);
                Halt::Stopped
            })
    }

    /// The views of the mover (`left`: Left) and of the opponent.
    pub(super) fn mover_and_opponent(&self, left: bool) -> [PlayerView; 2] {
        [
            self.sides[usize::from(left)],
            self.sides[usize::from(!left)],
        ]
    }

    pub(super) fn search(&self) -> Search<'_, 'a> {
        Search {
            shared: self,
            history: [[0; 128]; 2],
            searched: 0,
            unreported: 0,
            root_index: None,
            pace: Pace::new(self.progress),
        }
    }

    /// Who wins when `left` (Left or Right) starts, with the first winning first move in the
    /// order the root's moves are tried, or every first move's result. The root's moves are
    /// shared among `threads` threads; the answer is the same for any number of them.
    pub(super) fn start(
        &self,
        position: &Position,
        left: bool,
        every_move: bool,
        threads: usize,
    ) -> Result<Start, Halt> {
        let [me, them] = self.mover_and_opponent(left);
        let mine = me.placements(position.empty);
        let start = self.symmetries.images(position.empty);
        // Every move is listed in the board's order; one winning move is sought best first.
        let moves: Vec<(usize, Images)> = if every_move {
            squares_of(mine)
                .map(|square| {
                    (
                        square,
                        start.place(&self.symmetries, square, square + me.step),
                    )
                })
                .collect()
        } else {
            self.search()
                .ordered_moves(me, them, position.empty, mine)
                .into_iter()
                .map(|square| {
                    (
                        square,
                        start.place(&self.symmetries, square, square + me.step),
                    )
                })
                .collect()
        };
        self.first_win.store(usize::MAX, Ordering::Relaxed);
        let next = AtomicUsize::new(0);
        let results: Vec<AtomicU8> = moves.iter().map(|_| AtomicU8::new(0)).collect();
        let worker = || -> Result<(), Halt> {
            let mut search = self.search();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= moves.len() || (!every_move && self.first_win.load(Ordering::Relaxed) < i) {
                    search.root_index = None;
                    return search.flush();
                }
                search.root_index = (!every_move).then_some(i);
                let answer = search.wins(moves[i].1, !left, None);
                match answer {
                    Ok(theirs) => {
                        results[i].store(if theirs { 1 } else { 2 }, Ordering::Relaxed);
                        if !theirs {
                            self.first_win.fetch_min(i, Ordering::Relaxed);
                        }
                    }
                    Err(Halt::Abandoned) => {}
                    Err(halt) => {
                        let code = if matches!(halt, Halt::Budget) {
                            HALT_BUDGET
                        } else {
                            HALT_STOPPED
                        };
                        let _ = self.halt.compare_exchange(
                            0,
                            code,
                            Ordering::Relaxed,
                            Ordering::Relaxed,
                        );
                        return Err(halt);
                    }
                }
            }
        };
        let outcomes: Vec<Result<(), Halt>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (1..threads.min(moves.len()).max(1))
                .map(|_| scope.spawn(worker))
                .collect();
            let mut all = vec![worker()];
            let searched = || Work::open(self.nodes.load(Ordering::Relaxed), "positions");
            all.extend(
                join_reporting(handles, self.progress, searched)
                    .into_iter()
                    .map(|joined| joined.unwrap_or(Err(Halt::Stopped))),
            );
            all
        });
        for outcome in outcomes {
            outcome?;
        }
        let result = |i: usize| {
            let square = moves[i].0;
            let after = Position {
                shape: self.shape,
                empty: position.empty & !((1u128 << square) | (1u128 << (square + me.step))),
            };
            MoveResult {
                description: domino_placed(
                    Player::left_if(left),
                    &self.shape.square_name(square),
                    &self.shape.square_name(square + me.step),
                ),
                to: format!("domineering(\"{}\")", after.notation()),
                wins: results[i].load(Ordering::Relaxed) == 2,
            }
        };
        let mut every: Vec<MoveResult> = Vec::new();
        let mut winning: Vec<MoveResult> = Vec::new();
        for i in 0..moves.len() {
            let found = result(i);
            if found.wins {
                winning.push(found.clone());
            }
            if every_move {
                every.push(found);
            } else if !winning.is_empty() {
                break;
            }
        }
        let every = every_move.then_some(every);
        Ok(Start::found(Player::left_if(left), winning, every))
    }
}
