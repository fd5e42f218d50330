//! One way to report progress and to stop: the [`Progress`] hook.
//!
//! Every long computation takes a `&dyn Progress`, tells it from time to time how much work
//! is done, and stops as soon as it answers [`ControlFlow::Break`], returning [`Interrupted`]
//! (through its crate's error type) with whatever can be resumed kept in place. The front end
//! decides what the hook does: the CLI draws a bar on a terminal and breaks on Ctrl-C, the
//! Python package checks for KeyboardInterrupt, a test breaks after so much work.
//!
//! Computations call the hook often enough that a stop request is honoured within a fraction
//! of a second, but not in their innermost loops: a call costs an indirect call and, in the
//! CLI, an atomic load.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

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

impl<F: Fn(Work) -> ControlFlow<()> + Sync> Progress for F {
    fn report(&self, work: Work) -> ControlFlow<()> {
        self(work)
    }
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
}

/// The stop flag alone as a stage: nothing drawn, stopped when the flag is raised.
impl Stage for StopFlag {}

/// Never stops, shows nothing.
impl Stage for NoProgress {}

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
