//! `conway.serve()`: the browser worksheet (`conway serve`'s own server, [`conway_cli::serve`])
//! run inside this Python process, so that its cells name the session's `Ruleset`s
//! (`my_clobber("xo|ox") + *`), value, list and play their moves and draw their boards.
//!
//! The server runs on a thread of its own; Python gets a handle whose `wait()` blocks until
//! Ctrl-C (checked every tenth of a second, with the interpreter released meanwhile) and
//! whose `stop()` ends it. Each worksheet session asks the Python half for its rulesets
//! once, with games of their own, since a session has its own store.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use conway_cli::serve::{serve, Options};
use conway_cli::CliError;
use conway_expr::eval::UserRulesets;
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;

/// A worksheet server running in this process: `url` is its page; `wait()` serves until
/// Ctrl-C, `stop()` ends it.
#[pyclass(module = "conway", name = "WorksheetServer")]
pub struct WorksheetServer {
    url: String,
    stop: Mutex<Option<tokio::sync::oneshot::Sender<()>>>,
    thread: Mutex<Option<JoinHandle<Result<(), CliError>>>>,
}

#[pymethods]
impl WorksheetServer {
    /// The worksheet's address, `http://127.0.0.1:PORT/`.
    #[getter]
    fn url(&self) -> String {
        self.url.clone()
    }

    /// Whether it still serves.
    #[getter]
    fn running(&self) -> bool {
        lock(&self.thread)
            .as_ref()
            .is_some_and(|thread| !thread.is_finished())
    }

    /// Serves until Ctrl-C (which stops the server and is raised as `KeyboardInterrupt`)
    /// or until `stop()` is called from another thread.
    fn wait(&self, py: Python<'_>) -> PyResult<()> {
        while self.running() {
            py.detach(|| std::thread::sleep(Duration::from_millis(100)));
            if let Err(interrupt) = py.check_signals() {
                self.stop(py)?;
                return Err(interrupt);
            }
        }
        self.stop(py)
    }

    /// Stops the server (open pages lose it) and waits for it to end; stopping a stopped
    /// server does nothing.
    fn stop(&self, py: Python<'_>) -> PyResult<()> {
        if let Some(stop) = lock(&self.stop).take() {
            let _ = stop.send(());
        }
        let Some(thread) = lock(&self.thread).take() else {
            return Ok(());
        };
        match py.detach(|| thread.join()) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(error)) => Err(PyOSError::new_err(error.message())),
            Err(_) => Err(crate::boundary::InternalError::new_err(
                "the worksheet server's thread failed",
            )),
        }
    }

    fn __repr__(&self) -> String {
        let state = if self.running() { "serving" } else { "stopped" };
        format!("<conway worksheet at {} ({state})>", self.url)
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// Starts a worksheet server whose sessions name the rulesets `rulesets()` describes (the
/// Python half's list; see [`crate::ruleset::user_rulesets`]). The arguments are
/// `conway serve`'s, checked by the Python half.
#[pyfunction]
#[pyo3(signature = (rulesets, port, bind, worksheet, open_browser, cell_seconds, max_worksheets))]
#[allow(clippy::too_many_arguments)]
fn _serve(
    py: Python<'_>,
    rulesets: Py<PyAny>,
    port: u16,
    bind: &str,
    worksheet: Option<PathBuf>,
    open_browser: bool,
    cell_seconds: u64,
    max_worksheets: usize,
) -> PyResult<WorksheetServer> {
    let bind: IpAddr = bind
        .parse()
        .map_err(|_| PyValueError::new_err(format!("bind: {bind:?} is not an IP address")))?;
    let session_rulesets = Arc::new(move || {
        Python::attach(|py| {
            let described = rulesets.bind(py).call0()?;
            crate::ruleset::user_rulesets(Some(&described)).map(|named| named.rulesets)
        })
        .unwrap_or_else(|error| {
            Python::attach(|py| error.print(py));
            UserRulesets::default()
        })
    });
    let options = Options {
        worksheet,
        address: SocketAddr::new(bind, port),
        open: open_browser,
        cell_limit: Duration::from_secs(cell_seconds),
        max_worksheets,
        rulesets: session_rulesets,
    };
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let (told, listening) = mpsc::channel::<String>();
    let thread = std::thread::Builder::new()
        .name("worksheet server".into())
        .spawn(move || {
            serve(
                options,
                |url| {
                    let _ = told.send(url.to_string());
                },
                async {
                    // Only `stop()` stops it: a handle dropped unsent (a notebook line whose
                    // value is not kept) leaves the server running with the process.
                    if stopped.await.is_err() {
                        std::future::pending::<()>().await;
                    }
                },
            )
        })
        .map_err(|e| PyOSError::new_err(format!("cannot start the server: {e}")))?;
    match py.detach(move || listening.recv()) {
        Ok(url) => Ok(WorksheetServer {
            url,
            stop: Mutex::new(Some(stop)),
            thread: Mutex::new(Some(thread)),
        }),
        // The server ended before it listened: its error says why.
        Err(_) => match py.detach(|| thread.join()) {
            Ok(Err(error)) => Err(PyOSError::new_err(error.message())),
            _ => Err(crate::boundary::InternalError::new_err(
                "the worksheet server ended before it listened",
            )),
        },
    }
}

/// Adds the worksheet server to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<WorksheetServer>()?;
    m.add_function(wrap_pyfunction!(_serve, m)?)
}
