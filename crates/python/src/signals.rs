//! Ctrl-C while the library works with the interpreter released: Python's own SIGINT
//! handler only records the signal, and only the main thread may ask for it. Two ways:
//!
//! - [`PythonSignals`], a progress hook that asks the interpreter now and then, for work
//!   that runs on the calling thread (the partizan store's evaluations);
//! - [`interruptible`], which runs the work on a helper thread while the calling thread
//!   waits and asks the interpreter, raising a stop flag the work watches: for work that
//!   reports from worker threads (Nash's parallel polytopes, heap sequences).
//!
//! Either way the `KeyboardInterrupt` Python raised is re-raised unchanged once the work
//! is back. [`interruptible`] also shows the work's progress: the waiting thread hands the
//! latest report to a Python callable (the package's bar, or the user's own) a few times a
//! second.

use std::ops::ControlFlow;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use conway_core::{Progress, Stage, StopFlag, Watcher, Work};
use pyo3::prelude::*;

/// How often the hook asks the interpreter: often enough that Ctrl-C stops work well within
/// a second, rarely enough that taking the interpreter's lock costs nothing measurable.
const CHECK_EVERY: Duration = Duration::from_millis(20);

/// A progress hook that stops the work when Python has a signal pending.
///
/// Only the thread that made it (the interpreter's main thread, holding the call) may ask
/// the interpreter; a signal it finds raises a flag that every thread's report reads, so
/// the helper threads of a parallel computation stop too. The computation's calling thread
/// must go on reporting while helpers work ([`conway_core::progress::join_reporting`]).
pub struct PythonSignals {
    asker: std::thread::ThreadId,
    flag: StopFlag,
    last_check: Mutex<Instant>,
    raised: Mutex<Option<PyErr>>,
}

impl PythonSignals {
    /// A hook that has seen no signal yet, asking the interpreter from this thread.
    pub fn new() -> Self {
        PythonSignals {
            asker: std::thread::current().id(),
            flag: StopFlag::new(),
            last_check: Mutex::new(Instant::now()),
            raised: Mutex::new(None),
        }
    }

    /// The exception a signal handler raised during the work, if any: it takes precedence
    /// over whatever the interrupted work returned.
    pub fn take_raised(&self) -> PyResult<()> {
        match self.raised.lock().unwrap_or_else(|e| e.into_inner()).take() {
            Some(error) => Err(error),
            None => Ok(()),
        }
    }
}

impl Progress for PythonSignals {
    fn report(&self, work: Work) -> ControlFlow<()> {
        if self.flag.is_raised() || std::thread::current().id() != self.asker {
            return self.flag.report(work);
        }
        {
            let mut last = self.last_check.lock().unwrap_or_else(|e| e.into_inner());
            if last.elapsed() < CHECK_EVERY {
                return ControlFlow::Continue(());
            }
            *last = Instant::now();
        }
        match Python::attach(|py| py.check_signals()) {
            Ok(()) => ControlFlow::Continue(()),
            Err(error) => {
                *self.raised.lock().unwrap_or_else(|e| e.into_inner()) = Some(error);
                self.flag.raise();
                ControlFlow::Break(())
            }
        }
    }
}

/// How long the waiting thread sleeps between two looks at the interpreter's signals.
const WAIT_STEP: Duration = Duration::from_millis(20);

/// How often a progress callable is called: a bar redrawn more often only costs time.
const SHOW_EVERY: Duration = Duration::from_millis(100);

/// Where a question's progress goes, from its `progress` argument: nowhere (None or False),
/// a new bar of the package's (True; closed when the question ends) or the user's callable.
pub struct ProgressTarget<'py> {
    callable: Option<Bound<'py, PyAny>>,
    owned: bool,
}

impl<'py> ProgressTarget<'py> {
    /// The target for `progress`, a bar labelled `description` when it is True.
    pub fn open(
        py: Python<'py>,
        progress: Option<&Bound<'py, PyAny>>,
        description: &str,
    ) -> PyResult<Self> {
        let Some(progress) = progress else {
            return Ok(ProgressTarget {
                callable: None,
                owned: false,
            });
        };
        if progress.is_callable() {
            return Ok(ProgressTarget {
                callable: Some(progress.clone()),
                owned: false,
            });
        }
        if !progress.is_truthy()? {
            return Ok(ProgressTarget {
                callable: None,
                owned: false,
            });
        }
        let bar = py
            .import("conway.progress")?
            .getattr("bar")?
            .call1((description,))?;
        Ok(ProgressTarget {
            callable: Some(bar),
            owned: true,
        })
    }

    /// The callable reports go to.
    pub fn callable(&self) -> Option<&Bound<'py, PyAny>> {
        self.callable.as_ref()
    }

    /// Closes the bar this target opened, if it did.
    pub fn close(self) -> PyResult<()> {
        match (self.callable, self.owned) {
            (Some(bar), true) => bar.call_method0("close").map(drop),
            _ => Ok(()),
        }
    }
}

/// Progress of work that runs on the calling thread, calling Python as it goes (a user's
/// callbacks): passes `(done, total, unit)` to the progress callable at the first report,
/// so that the callable hears of every question however quick, then every [`SHOW_EVERY`].
pub struct Shown<'a, 'py> {
    show: Option<&'a Bound<'py, PyAny>>,
    /// When the callable was last called; `None` before the first report.
    last: Option<Instant>,
}

impl<'a, 'py> Shown<'a, 'py> {
    /// Progress shown to `show`, if given.
    pub fn new(show: Option<&'a Bound<'py, PyAny>>) -> Self {
        Shown { show, last: None }
    }

    /// Shows `done` units (of `total`, when known) if this is the first report or the last
    /// showing is old enough.
    pub fn tick(&mut self, done: usize, total: Option<usize>, unit: &str) -> PyResult<()> {
        match self.show {
            Some(show) if self.last.is_none_or(|last| last.elapsed() >= SHOW_EVERY) => {
                self.last = Some(Instant::now());
                show.call1((done, total, unit)).map(drop)
            }
            _ => Ok(()),
        }
    }
}

/// The worker's progress hook: stops when the flag is raised, and keeps the latest report
/// for the waiting thread to show. Every stage of a staged computation reports to it too
/// (as one [`Watcher`]'s stages).
#[derive(Clone)]
pub struct Watched {
    flag: StopFlag,
    latest: Arc<Mutex<Option<Work>>>,
}

impl Stage for Watched {
    fn stop_requested(&self) -> bool {
        self.flag.is_raised()
    }
}

impl Watcher for Watched {
    fn stage(&self, _what: &'static str) -> Arc<dyn Stage> {
        Arc::new(self.clone())
    }
}

impl Progress for Watched {
    fn report(&self, work: Work) -> ControlFlow<()> {
        *self.latest.lock().unwrap_or_else(|e| e.into_inner()) = Some(work);
        self.flag.report(work)
    }
}

/// Calls `show(done, total, unit)` with the latest report, if there is a new one.
fn show_latest(watched: &Watched, show: &Bound<'_, PyAny>) -> PyResult<()> {
    let latest = watched
        .latest
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .take();
    match latest {
        Some(work) => show.call1((work.done, work.total, work.unit)).map(drop),
        None => Ok(()),
    }
}

/// Runs `work` on a helper thread with the interpreter released, watching for Ctrl-C from
/// the calling thread; a pending signal raises the flag `work` is given as its progress
/// hook, and the signal's exception is raised once `work` has returned. With `show`, the
/// work's reports are passed to it as `show(done, total, unit)` (total None when not known)
/// every [`SHOW_EVERY`]; an exception it raises stops the work and propagates. A panic of
/// the work is `conway.InternalError` ([`crate::boundary`]).
pub fn interruptible<T: Send>(
    py: Python<'_>,
    show: Option<&Bound<'_, PyAny>>,
    work: impl FnOnce(&Watched) -> T + Send,
) -> PyResult<T> {
    let watched = Watched {
        flag: StopFlag::new(),
        latest: Arc::new(Mutex::new(None)),
    };
    let flag = &watched.flag;
    let mut raised = None;
    let mut last_shown = Instant::now();
    let result = std::thread::scope(|scope| {
        let (done, mut finished) = std::sync::mpsc::channel();
        let watched = &watched;
        let worker = scope.spawn(move || {
            let result = work(watched);
            // The receiver outlives the scope's threads; a failed send cannot happen.
            let _ = done.send(());
            result
        });
        loop {
            // The receiver goes to the released side and back (it may not be shared).
            let (receiver, outcome) = py.detach(move || {
                let outcome = finished.recv_timeout(WAIT_STEP);
                (finished, outcome)
            });
            finished = receiver;
            // Disconnected: the worker panicked before saying it was done.
            if !matches!(outcome, Err(std::sync::mpsc::RecvTimeoutError::Timeout)) {
                break;
            }
            if raised.is_some() {
                continue;
            }
            let mut checked = py.check_signals();
            if let (Ok(()), Some(show)) = (&checked, show) {
                if last_shown.elapsed() >= SHOW_EVERY {
                    last_shown = Instant::now();
                    checked = show_latest(watched, show);
                }
            }
            if let Err(error) = checked {
                raised = Some(error);
                flag.raise();
            }
        }
        worker.join()
    });
    if let Some(error) = raised {
        return Err(error);
    }
    result.map_err(crate::boundary::internal_error)
}
