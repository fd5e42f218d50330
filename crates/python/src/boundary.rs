//! What may cross from the library into Python, and what may not.
//!
//! - **No panic.** Bad input is the library's error, raised as the Python exception of its
//!   kind ([`crate::errors`]); a panic would be a bug. Should one happen all the same, it is
//!   caught where the work is handed to the library ([`contained`]) and raised as
//!   `conway.InternalError`, a `RuntimeError` that `except Exception` catches, with the
//!   panic's message — never as PyO3's `PanicException`, which derives from
//!   `BaseException` and would end a notebook cell as if it were Ctrl-C. The test suite
//!   calls every function with generated arguments and checks that this is never raised.
//! - **No overflowed stack.** Game arithmetic recurses as deep as the games it is given;
//!   it refuses a recursion its stack cannot hold instead of overflowing it
//!   ([`conway_partizan::Store::descend`]), and [`on_evaluation_stack`] gives it the stack
//!   the CLI gives its evaluations, on whatever thread Python calls from (the main thread
//!   has 8 MiB), so that Python answers what `conway eval` answers.

use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};

use conway_partizan::stack::EVALUATION_STACK;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

pyo3::create_exception!(
    conway,
    InternalError,
    PyRuntimeError,
    "A bug in Conway: the library failed where it should have answered or refused. Never \
     raised for any input; please report it with the call that raised it."
);

/// Adds `InternalError` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("InternalError", m.py().get_type::<InternalError>())?;
    m.add_function(wrap_pyfunction!(panic_for_test, m)?)
}

/// Runs `work`, turning a panic into `InternalError` with the panic's message.
pub fn contained<T>(work: impl FnOnce() -> T) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(work)).map_err(internal_error)
}

/// The `InternalError` of a caught panic.
pub fn internal_error(panic: Box<dyn Any + Send>) -> PyErr {
    let message = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_string());
    InternalError::new_err(format!("internal error: {message}"))
}

/// Runs `work` on a stack of [`EVALUATION_STACK`] bytes (reserved, not committed: only the
/// pages a deep recursion touches are ever used), allocated for the call.
pub fn on_evaluation_stack<T>(work: impl FnOnce() -> T) -> T {
    stacker::grow(EVALUATION_STACK, work)
}

/// The test suite's check that [`contained`] works: a panic inside it, which must arrive
/// as `InternalError`.
#[pyfunction]
#[pyo3(name = "_panic_for_test")]
fn panic_for_test() -> PyResult<()> {
    contained(|| -> () { panic!("the boundary's own test") })
}
