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
//! is back.

use std::ops::ControlFlow;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use conway_core::{Progress, StopFlag, Work};
use pyo3::prelude::*;

/// How often the hook asks the interpreter: often enough that Ctrl-C stops work well within
/// a second, rarely enough that taking the interpreter's lock costs nothing measurable.
const CHECK_EVERY: Duration = Duration::from_millis(50);

/// A progress hook that stops the work when Python has a signal pending.
pub struct PythonSignals {
    last_check: Mutex<Instant>,
    raised: Mutex<Option<PyErr>>,
}

impl PythonSignals {
    /// A hook that has seen no signal yet.
    pub fn new() -> Self {
        PythonSignals {
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
    fn report(&self, _: Work) -> ControlFlow<()> {
        {
            let mut last = self.last_check.lock().unwrap_or_else(|e| e.into_inner());
            if last.elapsed() < CHECK_EVERY {
                return ControlFlow::Continue(());
            }
            *last = Instant::now();
        }
        let mut raised = self.raised.lock().unwrap_or_else(|e| e.into_inner());
        if raised.is_some() {
            return ControlFlow::Break(());
        }
        match Python::attach(|py| py.check_signals()) {
            Ok(()) => ControlFlow::Continue(()),
            Err(error) => {
                *raised = Some(error);
                ControlFlow::Break(())
            }
        }
    }
}

/// How long the waiting thread sleeps between two looks at the interpreter's signals.
const WAIT_STEP: Duration = Duration::from_millis(20);

/// Runs `work` on a helper thread with the interpreter released, watching for Ctrl-C from
/// the calling thread; a pending signal raises the flag `work` is given as its progress
/// hook, and the signal's exception is raised once `work` has returned.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&dyn Progress) -> T + Send,
) -> PyResult<T> {
    let flag = StopFlag::new();
    let mut raised = None;
    let result = std::thread::scope(|scope| {
        let (done, mut finished) = std::sync::mpsc::channel();
        let worker_flag = flag.clone();
        let worker = scope.spawn(move || {
            let result = work(&worker_flag);
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
            if outcome.is_ok() {
                break;
            }
            if raised.is_none() {
                if let Err(error) = py.check_signals() {
                    raised = Some(error);
                    flag.raise();
                }
            }
        }
        worker.join()
    });
    if let Some(error) = raised {
        return Err(error);
    }
    match result {
        Ok(value) => Ok(value),
        Err(panic) => std::panic::resume_unwind(panic),
    }
}
