//! The library's errors as Python exceptions, one mapping for every domain: what Python
//! programmers expect (`ValueError` for bad input, `OSError` for files, `KeyboardInterrupt`
//! for Ctrl-C), with the CLI's located one-line message, and the location as attributes.

use conway_core::{Diagnostic, ErrorKind};
use pyo3::exceptions::{PyKeyboardInterrupt, PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;

pyo3::create_exception!(
    conway,
    TooLargeError,
    PyValueError,
    "An input past one of Conway's documented limits, or a computation that would exceed \
     its work budget; a ValueError, so `except ValueError` catches it too."
);

/// Adds the package's own exception types to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("TooLargeError", m.py().get_type::<TooLargeError>())
}

/// The Python exception for a library error: its type follows the error's kind, its message
/// is the CLI's, and `column` and `line` give the place in the input when there is one.
pub fn to_python(error: &(impl Diagnostic + ?Sized)) -> PyErr {
    let message = error.to_string();
    let exception = match error.kind() {
        ErrorKind::Parse | ErrorKind::InvalidInput => PyValueError::new_err(message),
        ErrorKind::TooLarge => TooLargeError::new_err(message),
        ErrorKind::Io => PyOSError::new_err(message),
        ErrorKind::Interrupted => PyKeyboardInterrupt::new_err(message),
        ErrorKind::Internal => PyRuntimeError::new_err(message),
    };
    if let Some(location) = error.location() {
        Python::attach(|py| {
            let value = exception.value(py);
            // Attributes on an exception instance cannot fail to set; ignoring is safe.
            let _ = value.setattr("column", location.column);
            let _ = value.setattr("line", location.line);
        });
    }
    exception
}
