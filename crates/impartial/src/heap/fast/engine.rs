//! The driver: a Grundy sequence computed heap by heap, each by the method that suits it,
//! stored as compactly as its values allow, interruptible and resumable.
//!
//! Heap by heap, [`run`] asks the quadratic method for codes with three-heap splits, and
//! otherwise the rare/common method, unless the naive one looks cheaper for that heap. The
//! values are stored one byte per heap while they stay below 256, two bytes after that
//! (the loop is compiled once per width and restarted wider when a value does not fit); a
//! value above [`MAX_VALUE`] is reported as [`ImpartialError::ValueLimit`], never
//! truncated. Every [`PROGRESS_INTERVAL`] heaps the run reports to its progress hook, which
//! may stop it, and in between about every millisecond (a [`Pace`]: late in a long run of
//! a code the method does not suit, a heap takes a millisecond and more); the engine keeps
//! every value computed and can then continue, or be rebuilt later from the values alone
//! ([`SequenceEngine::resume`]).

use std::time::{Duration, Instant};

use super::moves::Moves;
use super::naive::{naive_value, naive_word};
use super::pacing::{Mode, Pacer, Stretch};
use super::pipeline;
use super::quadratic::{quadratic_value, PairSets};
use super::rare_common::{rare_common_step, EngineStats, HeapCost, RareCommon, REMASK_INTERVAL};
use super::word::OptionSets;
use crate::heap::octal::OctalGame;
use crate::heap::values::{StoredValue, Values};
use crate::ImpartialError;
use conway_core::{NoProgress, Pace, Progress, Work};

/// The progress hook hears from the engine each time this many more heaps are computed.
pub const PROGRESS_INTERVAL: usize = 1 << 16;

/// The largest Grundy value the engine stores.
pub const MAX_VALUE: u32 = u16::MAX as u32;

/// The Grundy values of heaps `0..len` of an octal or hexadecimal game, by the rare/common
/// method (the same values as [`grundy_sequence`](crate::heap::grundy_sequence), much
/// faster).
pub fn octal_sequence(game: &OctalGame, len: usize) -> Result<Values, ImpartialError> {
    let mut engine = SequenceEngine::new(game);
    engine.extend_to(len, &NoProgress)?;
    Ok(engine.into_values())
}

/// A Grundy sequence being computed: it can be extended step by step, interrupted through
/// its progress hook, and resumed from values saved earlier.
pub struct SequenceEngine {
    moves: Moves,
    /// One or two bytes per value, never four (values stay at most [`MAX_VALUE`]).
    values: Values,
    pub(super) rc: RareCommon,
    /// The two-heap split sets, kept only for codes with three-heap splits.
    pairs: Option<PairSets>,
    /// How many threads a run may use ([`SequenceEngine::with_threads`]).
    threads: usize,
    /// Whether the next stretch of a run goes on every thread or on one.
    pacer: Pacer,
}

impl SequenceEngine {
    /// An engine for `game` with no values yet.
    pub fn new(game: &OctalGame) -> Self {
        SequenceEngine::for_moves(Moves::new(game))
    }

    /// An engine for Grundy's game (split a heap into two unequal heaps) with no values yet:
    /// the rare/common method with the splits into equal heaps left out. Its values stay
    /// small (one byte per heap while they are below 256, two after).
    pub fn grundys_game() -> Self {
        SequenceEngine::for_moves(Moves::grundys_game())
    }

    fn for_moves(moves: Moves) -> Self {
        let pairs = (!moves.split_three.is_empty()).then(PairSets::new);
        let rc = RareCommon::new(&moves);
        SequenceEngine {
            moves,
            values: Values::default(),
            rc,
            pairs,
            threads: default_threads(),
            pacer: Pacer::default(),
        }
    }

    /// The same engine running on `threads` threads (at least one); by default, as many as
    /// rayon's pool has (`RAYON_NUM_THREADS`, else one per core), at most one per core:
    /// threads wait for each other's values heap by heap, and one that waits for a thread
    /// without a core of its own waits long — so a run measures, stretch by stretch, whether
    /// its threads beat one thread on the machine as it is, and goes on with the faster
    /// ([`super::pacing`]). The values, the counters and where a run stops are the same for
    /// any number.
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// An engine that continues from `values`, the values of heaps `0..values.len()` of
    /// `game` computed earlier (from a checkpoint, say). They are trusted, not recomputed;
    /// the engine's own state is rebuilt from them in time linear in their number (quadratic
    /// for codes with three-heap splits). A value above [`MAX_VALUE`] is an error.
    pub fn resume(game: &OctalGame, values: Values) -> Result<Self, ImpartialError> {
        SequenceEngine::new(game).resumed(values)
    }

    /// [`SequenceEngine::resume`] for Grundy's game.
    pub fn resume_grundys_game(values: Values) -> Result<Self, ImpartialError> {
        SequenceEngine::grundys_game().resumed(values)
    }

    /// This engine (with no values yet) continued from `values`.
    fn resumed(self, values: Values) -> Result<Self, ImpartialError> {
        let values = values.narrowest();
        if let Values::U32(g) = &values {
            let heap = g.iter().position(|&v| v > MAX_VALUE).unwrap_or(0);
            return Err(value_limit(heap));
        }
        let mut engine = self;
        for n in 0..values.len() {
            let v = values.get(n).unwrap_or(0);
            if let Some(pairs) = engine.pairs.as_mut() {
                match &values {
                    Values::U8(g) => pairs.push(&g[..n], engine.rc.bits),
                    Values::U16(g) => pairs.push(&g[..n], engine.rc.bits),
                    Values::U32(g) => pairs.push(&g[..n], engine.rc.bits),
                }
            }
            engine.rc.record(n, v);
            if let Some(pairs) = engine.pairs.as_mut() {
                pairs.fit(engine.rc.bits);
            }
        }
        engine.values = values;
        engine.remask();
        Ok(engine)
    }

    /// The values computed so far.
    pub fn values(&self) -> &Values {
        &self.values
    }

    /// The values computed so far, taking them out of the engine.
    pub fn into_values(self) -> Values {
        self.values
    }

    /// How many heaps have values.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// True before the first value is computed.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The heaps `n ≥ 1` whose values are rare under the current mask, ascending. Their
    /// number measures how well the method suits the game: the work per heap grows with it.
    pub fn rare_positions(&self) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.rc.rare.iter().map(|&(n, _)| n)
    }

    /// Counters of the work done so far.
    pub fn stats(&self) -> EngineStats {
        self.rc.stats
    }

    /// The current rare/common parity mask: a value `v` is rare when `popcount(v & mask)`
    /// is even.
    pub fn mask(&self) -> u32 {
        self.rc.mask
    }

    /// Whether the heap's parity currently joins the mask (see the rare/common method).
    pub fn heap_bit(&self) -> bool {
        self.rc.heap_bit
    }

    /// Computes values until heaps `0..len` are known. Every [`PROGRESS_INTERVAL`] heaps,
    /// and about every millisecond in between, `progress` hears how many are known (of
    /// `len`); when it answers stop, the engine
    /// stops there and this returns [`ImpartialError::Interrupted`], keeping every value
    /// computed: call again to continue. Nothing else stops it: a code the rare/common
    /// method does not suit costs about n²/4 splits (0.06: 500 s for a million heaps), which
    /// [`crate::heap::sequence::estimated_work`] foresees.
    pub fn extend_to(&mut self, len: usize, progress: &dyn Progress) -> Result<(), ImpartialError> {
        self.extend_within(len, progress, u64::MAX)
    }

    /// [`SequenceEngine::extend_to`], stopping with [`ImpartialError::MoveLimit`] (every
    /// value kept) once [`EngineStats::work`] would pass `until`: a budget for callers that
    /// want one (the same heap on any number of threads).
    pub fn extend_within(
        &mut self,
        len: usize,
        progress: &dyn Progress,
        until: u64,
    ) -> Result<(), ImpartialError> {
        loop {
            let (moves, rc, pairs) = (&self.moves, &mut self.rc, self.pairs.as_mut());
            let run_on = Threads {
                count: self.threads,
                pacer: &mut self.pacer,
            };
            let job = Job {
                len,
                moves,
                progress,
                budget: until,
            };
            let flow = match &mut self.values {
                Values::U8(g) => run(g, rc, pairs, &job, run_on),
                Values::U16(g) => run(g, rc, pairs, &job, run_on),
                // Never: resume and widening keep values at most MAX_VALUE.
                Values::U32(_) => return Err(value_limit(self.values.len())),
            };
            match flow {
                Flow::Done => return Ok(()),
                // Never: `run` goes on after a stretch of its own.
                Flow::Paused => {}
                Flow::Stopped => return Err(ImpartialError::Interrupted),
                Flow::WorkLimit => {
                    return Err(ImpartialError::MoveLimit {
                        limit: until,
                        unit: "splits looked at",
                        hint: format!(
                            "the Grundy values stop at heap {}, where the run's splits looked \
                             at passed the budget",
                            self.values.len()
                        ),
                    })
                }
                // Widen, and compute that value again in the wider loop (once per run).
                Flow::Widen(v) if v <= MAX_VALUE && self.values.width() == 1 => self.values.widen(),
                Flow::Widen(_) => return Err(value_limit(self.values.len())),
            }
        }
    }

    fn remask(&mut self) {
        match &self.values {
            Values::U8(g) => self.rc.remask(g),
            Values::U16(g) => self.rc.remask(g),
            Values::U32(g) => self.rc.remask(g),
        }
    }

    /// Test hook: how many stretches of each way the run went in (parallel, single).
    #[cfg(test)]
    pub(super) fn stretches(&self) -> [u64; 2] {
        self.pacer.stretches()
    }

    /// Test hook: the same engine with another pacer.
    #[cfg(test)]
    pub(super) fn paced_by(mut self, pacer: Pacer) -> Self {
        self.pacer = pacer;
        self
    }

    /// Test hook: the same engine with naive steps off (every heap by the rare/common
    /// method), register sets off when asked, and the mask (and heap bit, where allowed)
    /// fixed when given, to check that none of these changes a value.
    #[cfg(test)]
    pub(super) fn tuned(mut self, word_sets: bool, fixed: Option<(u32, bool)>) -> Self {
        self.rc.tune(word_sets, fixed);
        self
    }
}

/// Threads for a run: rayon's pool size, at most the cores available.
fn default_threads() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    rayon::current_num_threads().min(cores)
}

/// The error for a value of heap `heap` above [`MAX_VALUE`].
fn value_limit(heap: usize) -> ImpartialError {
    ImpartialError::ValueLimit {
        heap,
        limit: u64::from(MAX_VALUE),
    }
}

/// What stopped a run of the inner loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Flow {
    /// All values asked for are known.
    Done,
    /// The progress hook asked to stop.
    Stopped,
    /// The run's work passed its budget.
    WorkLimit,
    /// The next value (given) does not fit the storage width; it is not stored.
    Widen(u32),
    /// A stretch of the run reached its end in time ([`super::pacing`]); the run goes on.
    Paused,
}

/// The end of the segment of heaps that starts at `start`, for a run to `len`: the next
/// heap count at which the mask is reconsidered (a multiple of [`REMASK_INTERVAL`], or a
/// power of two), or `len`. Within a segment the mask stays as it was when it began.
pub(super) fn segment_end(start: usize, len: usize) -> usize {
    let interval = (start / REMASK_INTERVAL + 1) * REMASK_INTERVAL;
    let power = (start + 1).next_power_of_two();
    interval.min(power).min(len)
}

/// The report of `known` heaps of a run to `len`.
pub(super) fn heaps_known(known: usize, len: usize) -> Work {
    Work::of(known as u64, len as u64, "heaps")
}

/// What ends every segment, on the values `g` of heaps `0..end`: a new mask where due, and
/// at every [`PROGRESS_INTERVAL`] heaps short of `len`, a report that may stop the run.
pub(super) fn end_segment<T: StoredValue>(
    g: &[T],
    rc: &mut RareCommon,
    len: usize,
    progress: &dyn Progress,
) -> Option<Flow> {
    let end = g.len();
    remask_if_due(g, rc);
    // A request to stop at the very end changes nothing: the run is done.
    let report = end.is_multiple_of(PROGRESS_INTERVAL) && end < len;
    (report && progress.report(heaps_known(end, len)).is_break()).then_some(Flow::Stopped)
}

/// Re-chooses the mask when the values `g` end a segment where that is due: every
/// [`REMASK_INTERVAL`] heaps, and early on at every power of two too (the first values
/// already show the partition, and waiting for the first interval would cost more than all
/// remasks together).
pub(super) fn remask_if_due<T: StoredValue>(g: &[T], rc: &mut RareCommon) {
    if g.len().is_multiple_of(REMASK_INTERVAL) || g.len().is_power_of_two() {
        rc.remask(g);
    }
}

/// The value of heap `n = g.len()` by the method that suits it, and what it cost.
#[inline]
pub(super) fn heap_value<T: StoredValue>(
    g: &[T],
    moves: &Moves,
    rc: &mut RareCommon,
    pairs: Option<&mut PairSets>,
) -> (u32, HeapCost) {
    let n = g.len();
    match pairs {
        Some(pairs) => (
            quadratic_value(g, moves, &mut rc.options, pairs),
            HeapCost::Quadratic,
        ),
        None if rc.naive_is_cheaper(n, moves.split_two.len()) => {
            let v = match rc.option_sets() {
                OptionSets::OneWord => naive_word::<T, u64>(g, moves),
                OptionSets::TwoWords => naive_word::<T, u128>(g, moves),
                OptionSets::Memory => naive_value(g, moves, &mut rc.options),
            };
            (v, HeapCost::Naive)
        }
        None => rare_common_step(g, moves, rc),
    }
}

/// Takes value `v` of heap `n` (the next in order) into `g` and the partition, counting its
/// cost; a run's heaps are taken in this way in heap order, whichever thread computed
/// them. Refused, and neither taken nor counted, when the run's work would pass `budget`
/// with it or when it does not fit the storage width.
pub(super) fn take_value<T: StoredValue>(
    g: &mut Vec<T>,
    rc: &mut RareCommon,
    n: usize,
    (v, cost): (u32, HeapCost),
    splits: usize,
    budget: u64,
) -> Result<(), Flow> {
    if rc.stats.work.saturating_add(rc.work_of(n, cost, splits)) > budget {
        return Err(Flow::WorkLimit);
    }
    let Ok(cell) = T::try_from(v) else {
        return Err(Flow::Widen(v));
    };
    rc.account(n, cost, splits);
    // A thread of a pipelined run may hold placeholders past `n`.
    match g.get_mut(n) {
        Some(slot) => *slot = cell,
        None => g.push(cell),
    }
    rc.record(n, v);
    Ok(())
}

/// What every stretch of a run shares: how many heaps it goes to, the code's moves, the
/// progress hook and the budget of work.
pub(super) struct Job<'a> {
    pub(super) len: usize,
    pub(super) moves: &'a Moves,
    pub(super) progress: &'a dyn Progress,
    pub(super) budget: u64,
}

/// The threads a run may use, and its pacer.
struct Threads<'a> {
    count: usize,
    pacer: &'a mut Pacer,
}

/// How often, in heaps, a stretch on one thread looks at the clock.
const CLOCK_EVERY: usize = 256;

/// The inner loop, monomorphised per storage width: heap after heap, in stretches on this
/// thread or pipelined over the others too where the code allows ([`pipeline`]), as the
/// pacer chooses from the rates it measures ([`super::pacing`]).
fn run<T: StoredValue>(
    g: &mut Vec<T>,
    rc: &mut RareCommon,
    mut pairs: Option<&mut PairSets>,
    job: &Job<'_>,
    threads: Threads<'_>,
) -> Flow {
    let Job { len, moves, .. } = *job;
    // One allocation for a long run (doubling could overshoot a 2^30 run by a whole GiB),
    // but at least half again as much, so that many short runs still grow geometrically.
    let want = len.saturating_sub(g.len());
    if g.capacity() - g.len() < want {
        g.reserve_exact(want.max(g.len() / 2));
    }
    let Threads { count, pacer } = threads;
    // The stretch under way on one thread: its end, and its start's work and time.
    let mut alone: Option<(Instant, u64, Instant)> = None;
    while g.len() < len {
        let pipelined = pairs.is_none() && pipeline::suits(moves, rc, g.len(), count);
        if !pipelined {
            if let Some(flow) = one_thread(g, rc, pairs.as_deref_mut(), job, None) {
                return flow;
            }
            continue;
        }
        let now = Instant::now();
        let (until, work, started) = match alone {
            Some(stretch) => stretch,
            None => match pacer.next(now) {
                Stretch {
                    mode: Mode::Parallel,
                    until,
                } => {
                    let work = rc.stats.work;
                    let (flow, start_cost) = pipeline::run(g, rc, job, count, until);
                    pacer.record(
                        Mode::Parallel,
                        rc.stats.work - work,
                        now.elapsed(),
                        start_cost,
                    );
                    match flow {
                        Flow::Paused => continue,
                        flow => return flow,
                    }
                }
                Stretch { until, .. } => (until, rc.stats.work, now),
            },
        };
        alone = Some((until, work, started));
        let flow = one_thread(g, rc, None, job, Some(until));
        if flow.is_some() || Instant::now() >= until {
            pacer.record(
                Mode::Single,
                rc.stats.work - work,
                started.elapsed(),
                Duration::ZERO,
            );
            alone = None;
        }
        if let Some(flow) = flow {
            return flow;
        }
    }
    Flow::Done
}

/// Heaps on this thread alone up to the end of the segment under way, `len`, or `until`
/// (looked at every [`CLOCK_EVERY`] heaps), whichever comes first; `None` when the run goes
/// on, or the flow that ends it.
fn one_thread<T: StoredValue>(
    g: &mut Vec<T>,
    rc: &mut RareCommon,
    mut pairs: Option<&mut PairSets>,
    job: &Job<'_>,
    until: Option<Instant>,
) -> Option<Flow> {
    let moves = job.moves;
    let splits = moves.split_two.len();
    let end = segment_end(g.len(), job.len);
    // A segment of a code the rare/common method does not suit, late in a long run, takes
    // seconds: a stop request is heard within it too (the values so far are kept, and a
    // run goes on from the middle of a segment as from its start).
    let mut pace = Pace::new(job.progress);
    while g.len() < end {
        let n = g.len();
        if let Some(pairs) = pairs.as_deref_mut() {
            pairs.push(g, rc.bits);
        }
        let found = heap_value(g, moves, rc, pairs.as_deref_mut());
        if let Err(flow) = take_value(g, rc, n, found, splits, job.budget) {
            return Some(flow);
        }
        if let Some(pairs) = pairs.as_deref_mut() {
            pairs.fit(rc.bits);
        }
        if n.is_multiple_of(CLOCK_EVERY) {
            if until.is_some_and(|t| Instant::now() >= t) {
                // Mid-segment: the mask stays until the segment's end, whoever computes it.
                return None;
            }
            if g.len() < end && pace.tick(|| heaps_known(g.len(), job.len)).is_err() {
                return Some(Flow::Stopped);
            }
        }
    }
    if let Some(flow) = end_segment(g, rc, job.len, job.progress) {
        return Some(flow);
    }
    (g.len() >= job.len).then_some(Flow::Done)
}

#[cfg(test)]
mod tests {
    use super::super::naive_octal_sequence;
    use super::super::test_support::{fast, game, naive};
    use super::*;
    use proptest::prelude::*;

    /// A code the rare/common method does not suit (0.06: every heap naive, n/2 splits each)
    /// stops once its work passes the budget, keeping the values computed, which equal the
    /// oracle's; a suited code (0.16) does far fewer splits per heap.
    #[test]
    fn work_is_counted_and_bounded() {
        let mut engine = SequenceEngine::new(&game("0.06"));
        let err = engine
            .extend_within(5_000, &NoProgress, 100_000)
            .unwrap_err();
        assert!(matches!(err, ImpartialError::MoveLimit { .. }), "{err}");
        let n = engine.len();
        assert!(n > 500 && n < 1_000, "{n}");
        // The last heap computed costs at most n/2 + 1 beyond the budget.
        assert!(engine.stats().work <= 100_000 + n as u64 / 2 + 1);
        assert_eq!(engine.values().to_u64_vec(), naive("0.06", n));
        // Continued with a fresh budget, the run goes on to the same values.
        engine.extend_to(1_500, &NoProgress).unwrap();
        assert_eq!(engine.values().to_u64_vec(), naive("0.06", 1_500));
        let mut suited = SequenceEngine::new(&game("0.16"));
        suited.extend_to(20_000, &NoProgress).unwrap();
        // A tenth of the n²/4 the naive method would cost.
        assert!(
            suited.stats().work < 20_000 * 20_000 / 40,
            "{}",
            suited.stats().work
        );
    }

    /// OEIS A002186, Sprague-Grundy values of Kayles (octal game .77), n = 0..104, the terms
    /// published at https://oeis.org/A002186.
    const A002186: [u64; 105] = [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
        7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7,
        4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4,
        7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1,
    ];

    /// OEIS A002187, Sprague-Grundy values of Dawson's chess (octal game .137), n = 0..131,
    /// the terms published at https://oeis.org/A002187. Dawson's Kayles (.07) has a(n − 1).
    const A002187: [u64; 132] = [
        0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
        5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2,
        1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1,
        1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9,
        3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    ];

    #[test]
    fn kayles_matches_oeis_a002186() {
        assert_eq!(fast("0.77", A002186.len()), A002186);
        assert_eq!(naive("0.77", A002186.len()), A002186);
    }

    #[test]
    fn dawsons_chess_matches_oeis_a002187() {
        assert_eq!(fast("0.137", A002187.len()), A002187);
        assert_eq!(naive("0.137", A002187.len()), A002187);
        let dawsons_kayles = fast("0.07", A002187.len() + 1);
        assert_eq!(dawsons_kayles[1..], A002187);
    }

    /// Octal classics, splitting without taking (4.), and hexadecimal codes whose values
    /// grow past one byte (three-heap splits: 0.FF has G(n) = n).
    #[test]
    fn agrees_with_naive_on_classics() {
        for code in [
            "0.77", "0.07", "0.137", "0.16", "0.167", "0.15", "0.45", "4.07", "4.3", "0.6", "0.F",
            "0.8", "4.8F", "0.FF", "C.1",
        ] {
            assert_eq!(fast(code, 300), naive(code, 300), "{code}");
        }
    }

    /// Long sequences, where the mask is re-chosen many times, against the bitset oracle
    /// (itself checked against the generic one).
    #[test]
    fn agrees_with_naive_on_long_sequences() {
        // Three and four splitting moves (rare splits reused from earlier heaps), then four
        // games the rare/common method does not suit. `suits`: whether the engine should
        // mostly take rare/common steps (None: no opinion).
        for (code, len, suits) in [
            ("0.16", 20_000, Some(true)),
            ("0.167", 20_000, Some(true)),
            ("0.137", 5_000, None),
            ("4.07", 5_000, None),
            ("0.1677", 10_000, None),
            ("4.4444", 5_000, None),
            ("0.06", 5_000, Some(false)),
            ("0.004", 5_000, Some(false)),
            ("4.3", 5_000, None),
            ("0.52", 5_000, None),
        ] {
            let oracle = naive_octal_sequence(&game(code), len).unwrap();
            let mut engine = SequenceEngine::new(&game(code));
            engine.extend_to(len, &NoProgress).unwrap();
            assert_eq!(engine.values(), &oracle, "{code}");
            assert_eq!(oracle.to_u64_vec()[..300], naive(code, 300), "{code}");
            let naive_steps = engine.stats().naive_steps as usize;
            if let Some(suits) = suits {
                let mostly_rc = naive_steps < len / 2;
                assert_eq!(mostly_rc, suits, "{code}: {naive_steps} naive steps");
            }
            // The same values with every heap by the rare/common method.
            let mut engine = SequenceEngine::new(&game(code)).tuned(true, None);
            engine.extend_to(len, &NoProgress).unwrap();
            assert_eq!(engine.values(), &oracle, "{code} (rare/common)");
        }
        let hex = naive_octal_sequence(&game("4.8F"), 300).unwrap();
        assert_eq!(hex.to_u64_vec(), naive("4.8F", 300));
    }

    /// OEIS A002188, Sprague-Grundy values of Grundy's game, n = 0..104, the terms published
    /// at https://oeis.org/A002188.
    const A002188: [u64; 105] = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2,
        3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3,
        2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3,
        7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3,
    ];

    /// The sparse values of Grundy's game up to heap 231 (values with an even number of ones
    /// above the lowest bit), as listed in Flammenkamp's table "Sprague-Grundy Values of
    /// Grundy's Game" (http://wwwhomes.uni-bielefeld.de/achim/grundy.html).
    const FLAMMENKAMP_SPARSE: [(usize, u32); 48] = [
        (0, 0),
        (1, 0),
        (2, 0),
        (3, 1),
        (4, 0),
        (6, 1),
        (7, 0),
        (9, 1),
        (10, 0),
        (12, 1),
        (15, 1),
        (20, 0),
        (23, 0),
        (26, 0),
        (28, 1),
        (31, 1),
        (34, 1),
        (37, 1),
        (40, 1),
        (43, 1),
        (46, 1),
        (49, 1),
        (50, 0),
        (52, 1),
        (53, 0),
        (55, 1),
        (58, 1),
        (61, 1),
        (87, 7),
        (90, 7),
        (93, 7),
        (146, 6),
        (149, 6),
        (152, 6),
        (158, 11),
        (161, 11),
        (164, 11),
        (167, 11),
        (176, 7),
        (179, 7),
        (181, 12),
        (182, 7),
        (185, 7),
        (188, 7),
        (190, 12),
        (193, 12),
        (196, 10),
        (231, 10),
    ];

    fn grundys_game(len: usize) -> Values {
        let mut engine = SequenceEngine::grundys_game();
        engine.extend_to(len, &NoProgress).unwrap();
        engine.into_values()
    }

    #[test]
    fn grundys_game_matches_published_values() {
        assert_eq!(grundys_game(A002188.len()).to_u64_vec(), A002188);
        let values = grundys_game(232).to_u64_vec();
        let sparse: Vec<(usize, u32)> = (0..232)
            .filter(|&n| (values[n] >> 1).count_ones().is_multiple_of(2))
            .map(|n| (n, values[n] as u32))
            .collect();
        assert_eq!(sparse, FLAMMENKAMP_SPARSE);
        // The generic oracle builds every option of every heap.
        let generic = crate::heap::grundy_sequence(&crate::heap::catalog::GrundysGame, 2_000);
        assert_eq!(grundys_game(2_000).to_u64_vec(), generic);
    }

    /// The rare/common engine for Grundy's game against the quadratic one (every split into
    /// unequal heaps) to 2^17 heaps, the quadratic engine's old limit; resumed halfway, on
    /// two threads, and with every heap by the rare/common method, the same.
    #[test]
    fn grundys_game_equals_the_quadratic_engine_to_2_17() {
        let len = 1 << 17;
        let quadratic = super::super::naive_grundys_game(len).unwrap();
        let fast = grundys_game(len);
        assert_eq!(fast, quadratic);
        let mut resumed = SequenceEngine::resume_grundys_game(grundys_game(len / 2)).unwrap();
        resumed.extend_to(len, &NoProgress).unwrap();
        assert_eq!(resumed.values(), &quadratic);
        let mut two = SequenceEngine::grundys_game().with_threads(2);
        two.extend_to(len, &NoProgress).unwrap();
        assert_eq!(two.values(), &quadratic);
        let mut rare_common = SequenceEngine::grundys_game().tuned(true, None);
        rare_common.extend_to(20_000, &NoProgress).unwrap();
        assert_eq!(
            rare_common.values().to_u64_vec()[..],
            quadratic.to_u64_vec()[..20_000]
        );
        // The engine settles on Flammenkamp's mask (every bit but the lowest), under which
        // 1287 sparse values are known to 2^35: the method suits the game.
        let mut engine = SequenceEngine::grundys_game();
        engine.extend_to(len, &NoProgress).unwrap();
        assert_eq!((engine.mask(), engine.heap_bit()), (0xfe, false));
        assert!(engine.rare_positions().len() <= 1287);
        let first: Vec<usize> = engine.rare_positions().take_while(|&n| n < 232).collect();
        let listed: Vec<usize> = FLAMMENKAMP_SPARSE[1..].iter().map(|&(n, _)| n).collect();
        assert_eq!(first, listed);
    }

    /// Values past one byte in the rare/common engine (not only with three-heap splits).
    #[test]
    fn widens_storage_past_255() {
        let code = format!("4.{}", "7".repeat(64));
        let values = octal_sequence(&game(&code), 300).unwrap();
        assert_eq!(values.width(), 2);
        assert!(values.max() > 255);
        assert_eq!(values.to_u64_vec(), naive(&code, 300));
    }

    /// Published periods (Winning Ways ch. 4; Flammenkamp's octal tables), certified by the
    /// periodicity theorem from the values of this engine.
    #[test]
    fn published_periods_are_certified() {
        for &(code, preperiod, period) in crate::heap::octal::PUBLISHED_PERIODS {
            let game = game(code);
            let needed = 2 * (preperiod + period) + game.max_take();
            let values = octal_sequence(&game, needed).unwrap();
            let p = values.certified_period(&game).expect(code);
            assert_eq!((p.preperiod, p.period), (preperiod, period), "{code}");
        }
    }

    /// 0.16: preperiod 105351, period 149459 (Gangolli and Plambeck), certified from
    /// 2·(105351 + 149459) + 2 values, and not from one fewer.
    #[test]
    fn period_of_0_16() {
        let game = game("0.16");
        let needed = 2 * (105_351 + 149_459) + game.max_take();
        let mut engine = SequenceEngine::new(&game);
        engine.extend_to(needed, &NoProgress).unwrap();
        let p = engine.values().certified_period(&game).unwrap();
        assert_eq!((p.preperiod, p.period), (105_351, 149_459));
        let Values::U8(values) = engine.values() else {
            panic!("0.16 has values below 256");
        };
        assert_eq!(game.certified_period(&values[..needed - 1]), None);
    }

    #[test]
    fn resumes_from_saved_values() {
        for (code, len) in [("0.167", 20_000), ("4.8F", 500)] {
            let game = game(code);
            let whole = octal_sequence(&game, len).unwrap();
            let saved = octal_sequence(&game, len / 3).unwrap();
            let mut engine = SequenceEngine::resume(&game, saved).unwrap();
            assert_eq!(engine.len(), len / 3);
            engine.extend_to(len, &NoProgress).unwrap();
            assert_eq!(engine.values(), &whole, "{code}");
        }
    }

    /// Saved values in any width are taken, narrowed; a value the engine cannot store is an
    /// error naming its heap.
    #[test]
    fn resumes_from_any_width_up_to_the_limit() {
        let game = game("0.77");
        let mut wide = octal_sequence(&game, 50).unwrap();
        wide.widen();
        wide.widen();
        let mut engine = SequenceEngine::resume(&game, wide).unwrap();
        assert_eq!(engine.values().width(), 1);
        engine.extend_to(A002186.len(), &NoProgress).unwrap();
        assert_eq!(engine.values().to_u64_vec(), A002186);
        let too_large = Values::from_u64(&[0, 1, u64::from(MAX_VALUE) + 1]).unwrap();
        assert!(matches!(
            SequenceEngine::resume(&game, too_large),
            Err(ImpartialError::ValueLimit { heap: 2, limit }) if limit == u64::from(MAX_VALUE)
        ));
    }

    #[test]
    fn progress_can_stop_and_continue() {
        let game = game("0.16");
        let len = 3 * PROGRESS_INTERVAL + 5;
        let mut engine = SequenceEngine::new(&game);
        let stop = conway_core::StopAfter::units(2 * PROGRESS_INTERVAL as u64);
        assert!(matches!(
            engine.extend_to(len, &stop),
            Err(ImpartialError::Interrupted)
        ));
        // Heard at each interval (and, by the clock, in between), stopped at the second.
        assert!(stop.reports() >= 2, "{} reports", stop.reports());
        assert_eq!(engine.len(), 2 * PROGRESS_INTERVAL);
        engine.extend_to(len, &NoProgress).unwrap();
        assert_eq!(engine.values(), &octal_sequence(&game, len).unwrap());
        // Asked to stop just as the run is done: it is done.
        let mut engine = SequenceEngine::new(&game);
        let at_the_end = conway_core::StopAfter::units(PROGRESS_INTERVAL as u64);
        engine.extend_to(PROGRESS_INTERVAL, &at_the_end).unwrap();
        assert_eq!(engine.len(), PROGRESS_INTERVAL);
        // A stop heard within a segment ends the run there, and it goes on from there to
        // the values of a run never stopped.
        let mut engine = SequenceEngine::new(&game);
        let within = conway_core::StopAfter::units(1000);
        assert!(matches!(
            engine.extend_to(len, &within),
            Err(ImpartialError::Interrupted)
        ));
        assert!(
            (1000..PROGRESS_INTERVAL).contains(&engine.len()),
            "{}",
            engine.len()
        );
        engine.extend_to(len, &NoProgress).unwrap();
        assert_eq!(engine.values(), &octal_sequence(&game, len).unwrap());
    }

    /// A random code: one to four digits 0–F after a head 0 or 4.
    fn code() -> impl Strategy<Value = String> {
        let head = prop_oneof![Just('0'), Just('4')];
        let digits = proptest::collection::vec(0u32..16, 1..=4);
        (head, digits).prop_map(|(head, digits)| {
            let tail: String = digits
                .iter()
                .filter_map(|&d| char::from_digit(d, 16))
                .collect();
            format!("{head}.{tail}")
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]
        #[test]
        fn agrees_with_naive_on_random_codes(code in code(), len in 1usize..=300) {
            let expected = naive(&code, len);
            prop_assert_eq!(fast(&code, len), expected.clone(), "{}", code);
            // Every heap by the rare/common method, even where naive steps look cheaper.
            let mut engine = SequenceEngine::new(&game(&code)).tuned(true, None);
            engine.extend_to(len, &NoProgress).unwrap();
            prop_assert_eq!(engine.values().to_u64_vec(), expected, "{} (rare/common)", code);
        }
    }
}
