//! One way to report progress and to stop: the [`Progress`] hook.
//!
//! Every long computation takes a `&dyn Progress`, tells it from time to time how much work
//! is done, and stops as soon as it answers [`ControlFlow::Break`], returning [`Interrupted`]
//! (through its crate's error type) with whatever can be resumed kept in place. The front end
//! decides what the hook does: the CLI draws a bar on a terminal and breaks on Ctrl-C, the
//! Python package checks for KeyboardInterrupt, a test breaks after so much work.
//!
//! Computations call the hook often enough that a stop request is honoured within a fraction
//! of a second *of wall-clock time*, however costly their units of work and however little
//! of a core their thread gets on a busy machine: a count of units between two calls is no
//! measure of time (a unit may take a nanosecond or a second, and a thread sharing its core
//! runs at a fraction of its speed). A loop paces its calls with [`Pace`], which reads the
//! clock rather than counting: `tick` once per unit, and the hook hears from the loop about
//! every millisecond.
//!
//! A stop request is a flag raised before the work looks at it and never lowered while the
//! work runs ([`StopFlag`]): every stage of a computation, and every thread of a parallel
//! one, reads the same flag, so a request that arrives before the work starts, between two
//! stages or while a file is saved is seen at the next look, never lost.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How much of a computation is done, in the computation's own unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Work {
    /// Units done so far.
    pub done: u64,
    /// Units in all, when known in advance.
    pub total: Option<u64>,
    /// What a unit is, plural: `heaps`, `states`, `positions`, `bases`.
    pub unit: &'static str,
}

impl Work {
    /// `done` of `total` units.
    pub fn of(done: u64, total: u64, unit: &'static str) -> Self {
        Work {
            done,
            total: Some(total),
            unit,
        }
    }

    /// `done` units of a total not known in advance.
    pub fn open(done: u64, unit: &'static str) -> Self {
        Work {
            done,
            total: None,
            unit,
        }
    }
}

/// The computation was asked to stop and did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("interrupted")]
pub struct Interrupted;

/// The hook every long computation reports to.
///
/// `Sync` because parallel computations report from several threads.
pub trait Progress: Sync {
    /// Hears that `work` is done; [`ControlFlow::Break`] asks the computation to stop now.
    fn report(&self, work: Work) -> ControlFlow<()>;

    /// [`report`](Progress::report) as a `Result`, for `?` in computations.
    fn advance(&self, work: Work) -> Result<(), Interrupted> {
        match self.report(work) {
            ControlFlow::Continue(()) => Ok(()),
            ControlFlow::Break(()) => Err(Interrupted),
        }
    }
}

/// Hears nothing and never stops: for callers that need neither.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoProgress;

impl Progress for NoProgress {
    fn report(&self, _: Work) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// The hook a caller may have set (a store's, a session's), or [`NoProgress`] without one.
pub fn or_no_progress<'a>(hook: Option<&'a (dyn Progress + Send + 'a)>) -> &'a dyn Progress {
    match hook {
        Some(hook) => hook,
        None => &NoProgress,
    }
}

impl<F: Fn(Work) -> ControlFlow<()> + Sync> Progress for F {
    fn report(&self, work: Work) -> ControlFlow<()> {
        self(work)
    }
}

/// How much of its thread's time a [`Pace`] lets pass between two readings of the clock.
const PACE: Duration = Duration::from_millis(1);

/// The most units a [`Pace`] lets pass between two readings of the clock.
const MOST_UNITS_BETWEEN_READINGS: u32 = 1 << 24;

/// A loop's calls to its progress hook, paced by the clock: [`tick`](Pace::tick) once per
/// unit of work, and the hook hears from the loop about every [`PACE`], whatever a unit
/// costs.
///
/// The clock is read every so many units, a number that doubles while readings come sooner
/// than half a pace apart and halves while they come later than two paces apart: a loop of
/// nanosecond units reads the clock once in thousands of them, a loop of long units at every
/// one. A tick between two readings costs a decrement and a branch. A `Pace` belongs to one
/// thread; each thread of a parallel loop has its own, reporting to the shared hook.
pub struct Pace<'a> {
    hook: &'a dyn Progress,
    /// Units left before the next reading of the clock.
    left: u32,
    /// Units between two readings.
    stride: u32,
    /// The last reading.
    last: Instant,
}

impl<'a> Pace<'a> {
    /// A pace for a loop that reports to `hook`; the first tick reports.
    pub fn new(hook: &'a dyn Progress) -> Self {
        Pace {
            hook,
            left: 1,
            stride: 1,
            last: Instant::now(),
        }
    }

    /// Counts one unit of work; when the clock is due, reports `work()` to the hook and
    /// returns [`Interrupted`] if the hook asks to stop.
    #[inline]
    pub fn tick(&mut self, work: impl FnOnce() -> Work) -> Result<(), Interrupted> {
        self.left -= 1;
        if self.left > 0 {
            return Ok(());
        }
        self.reading(work())
    }

    /// Reads the clock, adapts the stride, and reports.
    #[cold]
    fn reading(&mut self, work: Work) -> Result<(), Interrupted> {
        let now = Instant::now();
        let since = now.duration_since(self.last);
        self.last = now;
        if since < PACE / 2 {
            self.stride = (self.stride * 2).min(MOST_UNITS_BETWEEN_READINGS);
        } else if since > PACE * 2 {
            self.stride = (self.stride / 2).max(1);
        }
        self.left = self.stride;
        self.hook.advance(work)
    }
}

/// How often a thread waiting for others reports, in [`join_reporting`].
const WAITING_REPORTS: Duration = Duration::from_millis(5);

/// Waits for scoped helper threads, reporting `work()` to `hook` every few milliseconds
/// meanwhile: a hook that can hear a stop request only on the calling thread (Python's
/// signals) goes on hearing from it while the helpers finish, and raises the flag they
/// watch. The helpers notice a stop themselves, through their own reports.
pub fn join_reporting<T>(
    handles: Vec<std::thread::ScopedJoinHandle<'_, T>>,
    hook: &dyn Progress,
    work: impl Fn() -> Work,
) -> Vec<std::thread::Result<T>> {
    while handles.iter().any(|h| !h.is_finished()) {
        // What the hook answers is for the helpers to hear in their own reports.
        let _ = hook.report(work());
        std::thread::sleep(WAITING_REPORTS);
    }
    handles.into_iter().map(|h| h.join()).collect()
}

/// Stops when its flag is raised, from any thread (a signal handler, another request).
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A flag not yet raised.
    pub fn new() -> Self {
        StopFlag::default()
    }

    /// Asks every computation watching this flag to stop.
    pub fn raise(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// Whether a stop was asked for.
    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl Progress for StopFlag {
    fn report(&self, _: Work) -> ControlFlow<()> {
        if self.is_raised() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

/// One stage of a command's work ("reading", "solving"), as its watcher shows it.
pub trait Stage: Progress + Send + Sync {
    /// Ends the stage's display: a bar goes before a file is saved or the answer printed.
    fn finish(&self) {}

    /// Whether a stop was asked for, without reporting work: a computation about to start
    /// something long that a stop makes useless (a periodic save) asks first.
    fn stop_requested(&self) -> bool;
}

/// The stop flag alone as a stage: nothing drawn, stopped when the flag is raised.
impl Stage for StopFlag {
    fn stop_requested(&self) -> bool {
        self.is_raised()
    }
}

/// Never stops, shows nothing.
impl Stage for NoProgress {
    fn stop_requested(&self) -> bool {
        false
    }
}

/// What watches a command's work, stage by stage: the CLI's terminal, a worksheet cell's
/// progress and Cancel button, Python's Ctrl-C check. A computation that runs in stages
/// (read a file, then solve) asks for one [`Stage`] per stage.
pub trait Watcher: Sync {
    /// The progress hook of the next stage, named for a person (`solving`).
    fn stage(&self, what: &'static str) -> Arc<dyn Stage>;

    /// Runs `save`, the writing of a file that must not be cut short (a solved table), with
    /// whatever stops the process held off until it is done.
    fn saving(&self, save: &mut dyn FnMut()) {
        save();
    }
}

/// Watches nothing and never stops.
impl Watcher for NoProgress {
    fn stage(&self, _what: &'static str) -> Arc<dyn Stage> {
        Arc::new(NoProgress)
    }
}

/// One hook shared by parallel parts of a computation (the two polytopes of a game): each
/// part reports its own count, the hook hears their sum.
pub struct Parts<'a> {
    hook: &'a dyn Progress,
    done: Vec<std::sync::atomic::AtomicU64>,
}

impl<'a> Parts<'a> {
    /// `parts` parts reporting to `hook`.
    pub fn new(hook: &'a dyn Progress, parts: usize) -> Self {
        Parts {
            hook,
            done: (0..parts)
                .map(|_| std::sync::atomic::AtomicU64::new(0))
                .collect(),
        }
    }

    /// The hook for part `i`.
    pub fn part(&self, i: usize) -> Part<'_> {
        Part { parts: self, i }
    }
}

/// The hook of one part of [`Parts`].
pub struct Part<'a> {
    parts: &'a Parts<'a>,
    i: usize,
}

impl Progress for Part<'_> {
    fn report(&self, work: Work) -> ControlFlow<()> {
        self.parts.done[self.i].store(work.done, Ordering::Relaxed);
        let done = self
            .parts
            .done
            .iter()
            .map(|d| d.load(Ordering::Relaxed))
            .sum();
        self.parts.hook.report(Work {
            done,
            total: None,
            unit: work.unit,
        })
    }
}

/// Stops once `limit` units are reported done: lets tests interrupt a computation at a
/// chosen point without timing.
#[derive(Debug)]
pub struct StopAfter {
    limit: u64,
    reports: std::sync::atomic::AtomicU64,
}

impl StopAfter {
    /// Stops at the first report of at least `limit` units done.
    pub fn units(limit: u64) -> Self {
        StopAfter {
            limit,
            reports: std::sync::atomic::AtomicU64::new(0),
        }
    }

    /// How many reports it heard.
    pub fn reports(&self) -> u64 {
        self.reports.load(Ordering::Relaxed)
    }
}

impl Progress for StopAfter {
    fn report(&self, work: Work) -> ControlFlow<()> {
        self.reports.fetch_add(1, Ordering::Relaxed);
        if work.done >= self.limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_raised_flag_breaks_and_advance_says_interrupted() {
        let flag = StopFlag::new();
        let hook: &dyn Progress = &flag;
        assert_eq!(hook.advance(Work::open(1, "heaps")), Ok(()));
        flag.clone().raise();
        assert_eq!(hook.advance(Work::open(2, "heaps")), Err(Interrupted));
        assert_eq!(NoProgress.advance(Work::of(5, 5, "heaps")), Ok(()));
    }

    /// Cheap units are counted between readings of the clock, and the count grows: a loop
    /// of ten million of them reports a small fraction as often as it ticks.
    #[test]
    fn a_pace_reads_the_clock_seldom_in_a_loop_of_cheap_units() {
        let reports = StopAfter::units(u64::MAX);
        let mut pace = Pace::new(&reports);
        let units = 10_000_000u64;
        for i in 0..units {
            pace.tick(|| Work::of(i, units, "units"))
                .expect("never stopped");
        }
        assert!(reports.reports() >= 1, "the first tick reports");
        assert!(
            reports.reports() < units / 1000,
            "{} reports",
            reports.reports()
        );
    }

    /// Units longer than two paces are reported one by one, and a stop request is heard at
    /// the first unit after it.
    #[test]
    fn a_pace_reports_every_long_unit_and_hears_a_stop_at_once() {
        let flag = StopFlag::new();
        let heard = std::sync::atomic::AtomicU64::new(0);
        let hook = |w: Work| {
            heard.fetch_add(1, Ordering::Relaxed);
            flag.report(w)
        };
        let mut pace = Pace::new(&hook);
        for i in 0..5 {
            std::thread::sleep(PACE * 3);
            assert_eq!(pace.tick(|| Work::open(i, "units")), Ok(()));
        }
        assert_eq!(heard.load(Ordering::Relaxed), 5);
        flag.raise();
        std::thread::sleep(PACE * 3);
        assert_eq!(pace.tick(|| Work::open(5, "units")), Err(Interrupted));
    }

    /// A thread waiting for helpers keeps reporting until they end, and hands back what
    /// each returned.
    #[test]
    fn join_reporting_reports_while_helpers_work() {
        let release = StopFlag::new();
        let heard = std::sync::atomic::AtomicU64::new(0);
        let hook = |_: Work| {
            if heard.fetch_add(1, Ordering::Relaxed) == 3 {
                release.raise();
            }
            ControlFlow::Continue(())
        };
        let results = std::thread::scope(|scope| {
            let helpers = (0..2)
                .map(|k| {
                    let release = release.clone();
                    scope.spawn(move || {
                        while !release.is_raised() {
                            std::thread::sleep(Duration::from_millis(1));
                        }
                        k
                    })
                })
                .collect();
            join_reporting(helpers, &hook, || Work::open(0, "units"))
        });
        assert!(heard.load(Ordering::Relaxed) >= 4);
        let returned: Vec<i32> = results.into_iter().map(|r| r.expect("no panic")).collect();
        assert_eq!(returned, vec![0, 1]);
    }

    #[test]
    fn closures_and_stop_after_are_hooks() {
        let seen = std::sync::Mutex::new(Vec::new());
        let hook = |w: Work| {
            seen.lock().expect("not poisoned").push(w.done);
            ControlFlow::Continue(())
        };
        for d in 0..3 {
            assert_eq!(hook.advance(Work::open(d, "x")), Ok(()));
        }
        assert_eq!(*seen.lock().expect("not poisoned"), vec![0, 1, 2]);
        let stop = StopAfter::units(10);
        assert_eq!(stop.advance(Work::open(9, "x")), Ok(()));
        assert_eq!(stop.advance(Work::open(10, "x")), Err(Interrupted));
        assert_eq!(stop.reports(), 2);
    }
}
