//! Ctrl-C while the library works with the interpreter released: Python's own SIGINT
//! handler only records the signal, so the library's progress hook asks the interpreter,
//! now and then, whether one is pending, and stops the computation when it is. The
//! `KeyboardInterrupt` Python raised is kept and re-raised unchanged once the work is back.

use std::ops::ControlFlow;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use conway_core::{Progress, Work};
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
