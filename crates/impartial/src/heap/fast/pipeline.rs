//! The rare/common engine on several threads: heaps closer together than the code's reach
//! are computed at the same time.
//!
//! Heap `n`'s options are made of heaps `n − lag` and smaller ([`Moves::lag`]): 2 for the
//! wild games 0.161, 0.034 and 0.172, 4 for 0.014. So with `t` threads, thread `k` computes
//! the heaps `n ≡ k (mod t)`, each as soon as the heaps up to `n − lag` are known, and
//! publishes its value in a slot; every thread keeps its own copy of the values and of the
//! rare/common partition, and takes every heap's value into them in heap order
//! ([`take_value`]), whichever thread computed it. What the values are never depends on the
//! thread; what they cost is counted in heap order by the same rule as on one thread, and
//! each heap's choice of method is judged by the state a few heaps back
//! ([`RareCommon::delay`]), which every thread computing it has, so the counters, the work
//! limit and where a run stops are the same for any number of threads.
//!
//! Where a heap reads the one just before it (lag 1: Grundy's game, whose split (1, n − 1)
//! gives G(n − 1)), the thread computing heap `n` does the rare pass of every other split
//! ahead ([`rare_pass_ahead`]) while heap `n − 1` is computed, then waits for it: the long
//! rare pass of one heap overlaps the scan of the one before.
//!
//! The run goes segment by segment (the heaps between two remasks, [`segment_end`]): at the
//! end of each, every thread has taken every value, the threads meet at a barrier, each
//! re-chooses the same mask from the same values, and the calling thread reports progress
//! and decides whether the run goes on. A value too wide for the storage, or work past the
//! budget, stops every thread at that heap; the heaps before it are all computed (a thread
//! only waits for heaps before the one it computes). So does the end of the stretch of time
//! the run was given ([`super::pacing`]), at the first heap the calling thread has not taken
//! when it finds the time past: the run then goes on from there, on one thread or many.
//!
//! A thread that waits for a value spins for at most [`SPIN`] (on a quiet machine the value
//! almost always comes sooner) and then sleeps until it is published ([`Waiting`]): it
//! never keeps a core that the thread it waits for needs for longer than that.

use std::sync::atomic::{fence, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Barrier, Condvar, Mutex};
use std::time::{Duration, Instant};

use super::engine::{
    end_segment, heap_value, heaps_known, remask_if_due, segment_end, take_value, Flow, Job,
};
use super::moves::Moves;
use super::rare_common::{rare_pass_ahead, HeapCost, RareCommon, REMASK_INTERVAL};
use crate::heap::values::StoredValue;
use conway_core::{Pace, Progress};

/// Runs this short are not worth the threads: from this many heaps on, the pipeline may
/// take over (segments are then [`REMASK_INTERVAL`] heaps long).
pub(super) const PIPELINE_FROM: usize = 1 << 14;

/// Whether a run of `moves` at `n` heaps goes faster on `threads` threads: the segments must
/// be long, and heaps two apart independent, or else (a heap reads the one before it) the
/// rare pass long enough to be worth doing ahead ([`rare_pass_ahead`]).
pub(super) fn suits(moves: &Moves, rc: &RareCommon, n: usize, threads: usize) -> bool {
    let overlap = moves.lag() >= 2 || rc.rare.len() >= LONG_RARE_PASS;
    threads > 1 && n >= PIPELINE_FROM && overlap
}

/// With this many rare positions, a rare pass done ahead pays for the threads' waiting.
const LONG_RARE_PASS: usize = 256;

/// How often, in its own heaps, the calling thread looks at the clock.
const CLOCK_EVERY: usize = 64;

/// How long a thread spins for a value before it sleeps: on a quiet machine a value comes
/// within 2 µs 99% of the time and after more than 200 µs once in 10^5 waits (0.161 and
/// Grundy's game, measured), while a sleep and its wake-up cost tens of microseconds, and
/// more for the thread that waits in turn; on a busy one the pipeline runs only in short
/// probes ([`super::pacing`]).
const SPIN: Duration = Duration::from_micros(200);

/// The longest a sleeping thread sleeps before it looks again, should a wake-up be missed.
const NAP: Duration = Duration::from_millis(5);

/// Where threads sleep until a value is published or the run stops, without spinning.
#[derive(Default)]
struct Waiting {
    sleepers: AtomicUsize,
    lock: Mutex<()>,
    wake: Condvar,
}

impl Waiting {
    /// Wakes every sleeper: after a value is published, or the stop heap lowered. Cheap
    /// when nobody sleeps (one fence and one load).
    fn notify(&self) {
        // Orders the publication before the look at the sleepers; a sleeper's count is
        // ordered before its look at the slot likewise, so one of them sees the other.
        fence(Ordering::SeqCst);
        if self.sleepers.load(Ordering::Relaxed) > 0 {
            let _held = self.lock.lock().unwrap_or_else(|e| e.into_inner());
            self.wake.notify_all();
        }
    }

    /// Waits until `ready()`, spinning for [`SPIN`] and then sleeping; false when `until`
    /// passes first.
    fn until(&self, ready: impl Fn() -> bool, until: Option<Instant>) -> bool {
        let spun = Instant::now();
        let mut spins = 0u32;
        loop {
            if ready() {
                return true;
            }
            spins += 1;
            if spins.is_multiple_of(64) && spun.elapsed() >= SPIN {
                break;
            }
            std::hint::spin_loop();
        }
        self.sleepers.fetch_add(1, Ordering::Relaxed);
        fence(Ordering::SeqCst);
        let mut held = self.lock.lock().unwrap_or_else(|e| e.into_inner());
        let answer = loop {
            if ready() {
                break true;
            }
            let nap = match until {
                Some(t) => match t.checked_duration_since(Instant::now()) {
                    Some(left) => left.min(NAP),
                    None => break false,
                },
                None => NAP,
            };
            held = match self.wake.wait_timeout(held, nap) {
                Ok((held, _)) => held,
                Err(poisoned) => poisoned.into_inner().0,
            };
        };
        drop(held);
        self.sleepers.fetch_sub(1, Ordering::Relaxed);
        answer
    }
}

/// What the threads share: one slot per heap of the current segment, and when to stop.
struct Shared {
    /// Heap `start + j`'s value in slot `j`, tagged with the segment's number in the high
    /// half (a slot is ready when its tag is the current segment's).
    values: Vec<AtomicU64>,
    /// Heap `start + j`'s cost ([`HeapCost::pack`]), written before its value.
    costs: Vec<AtomicU64>,
    /// No heap from this one on is computed or taken: the segment's end, lowered to a heap
    /// whose value cannot be taken.
    stop: AtomicUsize,
    /// The current segment's end, or 0 when the run is over; set by the calling thread
    /// before the threads start a segment.
    end: AtomicUsize,
    /// Why the run stopped before the end of its segment ([`Flow`] packed: 0 none — the
    /// stretch's time was up —, 1 the work limit, 2 + v a value v too wide).
    refused: AtomicU64,
    /// Where the threads meet before and after each segment.
    barrier: Barrier,
    /// Where they wait for each other's values.
    waiting: Waiting,
}

/// One thread's part: its copy of the values and of the partition, the heaps it computes.
struct Worker<'a, T> {
    g: Vec<T>,
    rc: RareCommon,
    moves: &'a Moves,
    shared: &'a Shared,
    /// This thread computes the heaps `n ≡ index (mod threads)`.
    index: usize,
    threads: usize,
    /// Heap `n` is computed once heaps `0..=n − delay` are taken ([`RareCommon::delay`]).
    delay: usize,
    /// Heap `n` reads heaps `n − lag` and smaller ([`Moves::lag`]).
    lag: usize,
    budget: u64,
    /// The current segment: its first heap and its number.
    start: usize,
    segment: u64,
    /// How many heaps this thread has taken (heaps `0..taken` are in `g` and `rc`).
    taken: usize,
    /// When the stretch ends: looked at by the calling thread only, which then stops the
    /// others.
    until: Option<Instant>,
    /// The calling thread's calls to the progress hook within a segment, by the clock:
    /// a stop request heard there stops every thread as the stretch's end does.
    pace: Option<Pace<'a>>,
    /// Whether the hook asked to stop within the segment.
    stop_heard: bool,
    /// The heaps the run goes to, for the reports.
    len: usize,
}

/// [`super::engine`]'s inner loop on `threads` threads, from `g.len()` heaps to `len` or
/// until the time `until` (see the module's description), with what starting the threads
/// cost. `g` and `rc` end as one thread would leave them.
pub(super) fn run<T: StoredValue>(
    g: &mut Vec<T>,
    rc: &mut RareCommon,
    job: &Job<'_>,
    threads: usize,
    until: Instant,
) -> (Flow, Duration) {
    let Job {
        len,
        moves,
        progress,
        budget,
    } = *job;
    let starting = Instant::now();
    let shared = Shared {
        values: (0..REMASK_INTERVAL).map(|_| AtomicU64::new(0)).collect(),
        costs: (0..REMASK_INTERVAL).map(|_| AtomicU64::new(0)).collect(),
        stop: AtomicUsize::new(0),
        end: AtomicUsize::new(0),
        refused: AtomicU64::new(0),
        barrier: Barrier::new(threads),
        waiting: Waiting::default(),
    };
    let delay = rc.delay();
    let worker = |index: usize, g: Vec<T>, rc: RareCommon| Worker {
        taken: g.len(),
        g,
        rc,
        moves,
        shared: &shared,
        index,
        threads,
        delay,
        lag: moves.lag(),
        budget,
        start: 0,
        segment: 0,
        until: None,
        pace: None,
        stop_heard: false,
        len,
    };
    let mut main = worker(0, std::mem::take(g), rc.clone());
    main.until = Some(until);
    main.pace = Some(Pace::new(progress));
    let mut start_cost = Duration::ZERO;
    let flow = std::thread::scope(|scope| {
        for index in 1..threads {
            let mut helper = worker(index, main.g.clone(), rc.clone());
            scope.spawn(move || while helper.segment() {});
        }
        start_cost = starting.elapsed();
        main.lead(len, progress)
    });
    let Worker {
        g: mut values,
        rc: state,
        taken,
        ..
    } = main;
    values.truncate(taken);
    *g = values;
    *rc = state;
    rc.forget_ahead();
    (flow, start_cost)
}

impl<T: StoredValue> Worker<'_, T> {
    /// The calling thread's loop: starts each segment, runs its own part of it, and at its
    /// end re-chooses the mask, reports progress and decides what comes next. Every other
    /// thread runs [`Worker::segment`] in step with it.
    fn lead(&mut self, len: usize, progress: &dyn Progress) -> Flow {
        loop {
            // 0: the run is done, and the other threads end with it.
            let end = if self.taken < len {
                segment_end(self.taken, len)
            } else {
                0
            };
            self.shared.stop.store(end, Ordering::Relaxed);
            self.shared.end.store(end, Ordering::Relaxed);
            if !self.segment() {
                return Flow::Done;
            }
            let shared = self.shared;
            if shared.stop.load(Ordering::Relaxed) < end {
                // Every thread has stopped at the refused heap, or where the stretch's time
                // ran out; tell them the run is over.
                shared.end.store(0, Ordering::Relaxed);
                shared.barrier.wait();
                return match shared.refused.load(Ordering::Relaxed) {
                    0 if self.stop_heard => Flow::Stopped,
                    0 => Flow::Paused,
                    1 => Flow::WorkLimit,
                    code => Flow::Widen((code - 2) as u32),
                };
            }
            if let Some(flow) = end_segment(&self.g[..self.taken], &mut self.rc, len, progress) {
                shared.end.store(0, Ordering::Relaxed);
                shared.barrier.wait();
                return flow;
            }
            // Between segments, once the segment's end is done as on one thread.
            if self.until.is_some_and(|t| Instant::now() >= t) && self.taken < len {
                shared.end.store(0, Ordering::Relaxed);
                shared.barrier.wait();
                return Flow::Paused;
            }
        }
    }

    /// One segment: waits for its start, computes this thread's heaps of it, takes every
    /// value, and meets the others at its end (then re-chooses the mask, as every thread
    /// does). False when the run is over instead.
    fn segment(&mut self) -> bool {
        let shared = self.shared;
        shared.barrier.wait();
        let end = shared.end.load(Ordering::Relaxed);
        if end == 0 {
            return false;
        }
        self.start = self.taken;
        self.segment += 1;
        let first =
            self.start + (self.index + self.threads - self.start % self.threads) % self.threads;
        self.rc.forget_ahead();
        for (i, n) in (first..end).step_by(self.threads).enumerate() {
            if i.is_multiple_of(CLOCK_EVERY) && self.out_of_time() {
                break;
            }
            if n >= shared.stop.load(Ordering::Relaxed)
                || !self.take_until((n + 1).saturating_sub(self.delay))
            {
                break;
            }
            if self.g.len() < n {
                self.g.resize(n, T::default());
            }
            if self.lag == 1 {
                // Heap n reads heap n − 1, computed meanwhile by another thread: do what
                // does not need it, then wait for it.
                rare_pass_ahead(&self.g[..n], self.moves, &mut self.rc);
                if !self.take_until(n) {
                    break;
                }
            }
            let (v, cost) = heap_value(&self.g[..n], self.moves, &mut self.rc, None);
            let j = n - self.start;
            shared.costs[j].store(cost.pack(), Ordering::Relaxed);
            shared.values[j].store(self.segment << 32 | u64::from(v), Ordering::Release);
            shared.waiting.notify();
        }
        self.take_until(end);
        shared.barrier.wait();
        if self.index != 0 {
            // The calling thread re-chooses its mask in `lead`, with its progress report.
            remask_if_due(&self.g[..self.taken], &mut self.rc);
        }
        true
    }

    /// Whether the stretch's time is up or a stop is asked for (for the calling thread;
    /// the others never are), in which case the run now stops at the first heap this
    /// thread has not taken.
    fn out_of_time(&mut self) -> bool {
        let late = self.until.is_some_and(|t| Instant::now() >= t);
        let (taken, len) = (self.taken, self.len);
        let stop = !late
            && self
                .pace
                .as_mut()
                .is_some_and(|pace| pace.tick(|| heaps_known(taken, len)).is_err());
        self.stop_heard |= stop;
        if late || stop {
            self.stop_at(self.taken);
        }
        late || stop
    }

    /// Lowers the heap every thread stops at to `n`, and wakes those that wait.
    fn stop_at(&self, n: usize) {
        self.shared.stop.fetch_min(n, Ordering::Relaxed);
        self.shared.waiting.notify();
    }

    /// Takes the values of the heaps up to `until` (exclusive) in order, waiting for each
    /// to be published. False when the run stops first (at a heap whose value cannot be
    /// taken, found here or by another thread, or the calling thread's time is up).
    fn take_until(&mut self, until: usize) -> bool {
        let shared = self.shared;
        while self.taken < until {
            let n = self.taken;
            if n >= shared.stop.load(Ordering::Relaxed) {
                return false;
            }
            let j = n - self.start;
            let segment = self.segment;
            let published = || shared.values[j].load(Ordering::Acquire) >> 32 == segment;
            let stopped = || n >= shared.stop.load(Ordering::Relaxed);
            if !shared
                .waiting
                .until(|| published() || stopped(), self.until)
            {
                self.stop_at(n);
                return false;
            }
            if !published() {
                return false;
            }
            let word = shared.values[j].load(Ordering::Acquire);
            let cost = HeapCost::unpack(shared.costs[j].load(Ordering::Relaxed));
            let value = (word & u64::from(u32::MAX)) as u32;
            let splits = self.moves.split_two.len();
            if let Err(flow) = take_value(
                &mut self.g,
                &mut self.rc,
                n,
                (value, cost),
                splits,
                self.budget,
            ) {
                let code = match flow {
                    Flow::Widen(v) => 2 + u64::from(v),
                    _ => 1,
                };
                // Every thread finds the same first refused heap; one store suffices.
                shared.refused.store(code, Ordering::Relaxed);
                self.stop_at(n);
                return false;
            }
            self.taken += 1;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::game;
    use super::super::{SequenceEngine, PROGRESS_INTERVAL};
    use super::*;
    use crate::ImpartialError;
    use conway_core::{NoProgress, StopAfter};
    use proptest::prelude::*;

    /// An engine for `code` on `threads` threads, run to `len` heaps within `budget`.
    fn run(code: &str, threads: usize, len: usize, budget: u64) -> (SequenceEngine, String) {
        let mut engine = SequenceEngine::new(&game(code)).with_threads(threads);
        let outcome = match engine.extend_within(len, &NoProgress, budget) {
            Ok(()) => "done".to_string(),
            Err(e) => e.to_string(),
        };
        (engine, outcome)
    }

    #[test]
    fn lag_is_how_far_back_options_reach() {
        for (code, lag) in [
            ("0.161", 2), // leave one after removing 2, split after removing 2
            ("0.034", 2),
            ("0.014", 4), // split after removing 3 only
            ("0.172", 2),
            ("0.77", 1),  // Kayles: removing 1 leaves heap n − 1
            ("4.07", 1),  // splitting without removing: a part of n − 1
            ("0.008", 5), // three heaps after removing 3: parts below n − 4
            ("0.1", usize::MAX),
        ] {
            assert_eq!(Moves::new(&game(code)).lag(), lag, "{code}");
        }
    }

    /// The wild games (0.034 widens its storage past 255 on the way), a game whose values
    /// follow the heap's parity (the heap bit) and two games the pipeline does not take
    /// (lag 1; three-heap splits): the values, the counters and the rare positions are the
    /// same on one, two and three threads.
    #[test]
    fn any_number_of_threads_gives_the_same_run() {
        for (code, len) in [
            ("0.161", 40_000),
            ("0.034", 30_000),
            ("0.014", 30_000),
            ("0.172", 30_000),
            ("4.37", 40_000),
            ("0.16", 70_000),
            ("0.77", 20_000),
            ("0.F7", 600),
        ] {
            let (one, outcome) = run(code, 1, len, u64::MAX);
            assert_eq!(outcome, "done");
            for threads in [2, 3] {
                let (many, outcome) = run(code, threads, len, u64::MAX);
                assert_eq!(outcome, "done", "{code}");
                assert_eq!(many.values(), one.values(), "{code}, {threads} threads");
                assert_eq!(many.stats(), one.stats(), "{code}, {threads} threads");
                assert!(
                    many.rare_positions().eq(one.rare_positions()),
                    "{code}, {threads} threads"
                );
                assert_eq!((many.mask(), many.heap_bit()), (one.mask(), one.heap_bit()));
            }
        }
        let (wide, _) = run("0.034", 2, 30_000, u64::MAX);
        assert_eq!(
            wide.values().width(),
            2,
            "0.034 has a value 256 before 30,000"
        );
    }

    /// Stretches of a fraction of a millisecond, so that a run switches between the
    /// pipeline and one thread hundreds of times, mostly in the middle of segments: the
    /// same values, counters and rare positions as one thread, for lagged codes and
    /// Grundy's game.
    #[test]
    fn switching_ways_in_mid_run_changes_nothing() {
        use super::super::pacing::Pacer;
        use std::time::Duration;
        for (code, len) in [("0.161", 60_000), ("0.014", 40_000), ("grundy", 60_000)] {
            let engine = || match code {
                "grundy" => SequenceEngine::grundys_game(),
                _ => SequenceEngine::new(&game(code)),
            };
            let mut one = engine().with_threads(1);
            one.extend_to(len, &NoProgress).expect("no limit");
            for every in [50, 300] {
                let pacer = Pacer::switching_every(Duration::from_micros(every));
                let mut switching = engine().with_threads(2).paced_by(pacer);
                switching.extend_to(len, &NoProgress).expect("no limit");
                assert_eq!(switching.values(), one.values(), "{code}");
                assert_eq!(switching.stats(), one.stats(), "{code}");
                assert!(
                    switching.rare_positions().eq(one.rare_positions()),
                    "{code}"
                );
                let [parallel, single] = switching.stretches();
                assert!(parallel >= 5 && single >= 5, "{code}: {parallel} {single}");
            }
        }
    }

    /// Grundy's game reads the heap just before: its rare pass is done ahead while that heap
    /// is computed, with the same values and counters as on one thread.
    #[test]
    fn grundys_game_overlaps_its_rare_pass() {
        let len = 60_000;
        let mut one = SequenceEngine::grundys_game().with_threads(1);
        one.extend_to(len, &NoProgress).unwrap();
        assert!(suits(&Moves::grundys_game(), &one.rc, PIPELINE_FROM, 2));
        for threads in [2, 3] {
            let mut many = SequenceEngine::grundys_game().with_threads(threads);
            many.extend_to(len, &NoProgress).unwrap();
            assert_eq!(many.values(), one.values(), "{threads} threads");
            assert_eq!(many.stats(), one.stats(), "{threads} threads");
        }
    }

    /// A run that passes its work budget stops at the same heap on any number of threads,
    /// and goes on from there to the same values.
    #[test]
    fn the_work_limit_stops_every_thread_count_at_the_same_heap() {
        let budget = 40_000_000;
        for threads in [2, 3] {
            let (mut one, outcome) = run("0.161", 1, 60_000, budget);
            assert!(outcome.contains("splits looked at"), "{outcome}");
            let stop = one.len();
            assert!(stop > PIPELINE_FROM && stop < 60_000, "{stop}");
            let (mut many, again) = run("0.161", threads, 60_000, budget);
            assert_eq!(again, outcome);
            assert_eq!(many.values(), one.values());
            assert_eq!(many.stats(), one.stats());
            many.extend_to(60_000, &NoProgress).unwrap();
            one.extend_to(60_000, &NoProgress).unwrap();
            assert_eq!(many.values(), one.values());
        }
    }

    /// Asked to stop, a pipelined run stops where one thread would, every value kept.
    #[test]
    fn a_stop_request_keeps_every_value() {
        let len = 3 * PROGRESS_INTERVAL;
        let mut engine = SequenceEngine::new(&game("0.16")).with_threads(2);
        let stop = StopAfter::units(2 * PROGRESS_INTERVAL as u64);
        assert!(matches!(
            engine.extend_to(len, &stop),
            Err(ImpartialError::Interrupted)
        ));
        assert_eq!(engine.len(), 2 * PROGRESS_INTERVAL);
        engine.extend_to(len, &NoProgress).unwrap();
        let (one, _) = run("0.16", 1, len, u64::MAX);
        assert_eq!(engine.values(), one.values());
        assert_eq!(engine.stats(), one.stats());
    }

    /// Codes whose heaps two apart are independent: one digit removing 2 or more and
    /// leaving heaps, after others that only remove heaps whole.
    fn lagged_code() -> impl Strategy<Value = String> {
        let head = proptest::collection::vec(prop_oneof![Just(0u32), Just(1)], 1..=2);
        let tail = proptest::collection::vec(0u32..8, 1..=3);
        (head, tail).prop_map(|(head, tail)| {
            let digits: String = head
                .iter()
                .chain(&tail)
                .filter_map(|&d| char::from_digit(d, 16))
                .collect();
            format!("0.{digits}")
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        /// Random codes past the heap the pipeline takes over at: two threads give what one
        /// does.
        #[test]
        fn two_threads_agree_with_one(code in lagged_code()) {
            let len = PIPELINE_FROM + 3_000;
            let (one, outcome) = run(&code, 1, len, 1 << 28);
            let (two, again) = run(&code, 2, len, 1 << 28);
            prop_assert_eq!(&again, &outcome, "{}", code);
            prop_assert_eq!(two.values(), one.values(), "{}", code);
            prop_assert_eq!(two.stats(), one.stats(), "{}", code);
        }
    }
}
