//! Exact numbers between Rust and Python: dyadic rationals as `fractions.Fraction`, and
//! Python numbers (int, Fraction, or a string such as "3/8") as dyadic rationals.

use conway_numbers::Dyadic;
use num_bigint::BigInt;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

static FRACTION: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// `fractions.Fraction`, imported once.
fn fraction_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    FRACTION.import(py, "fractions", "Fraction")
}

/// A dyadic rational as an exact `Fraction`.
pub fn to_fraction<'py>(py: Python<'py>, x: &Dyadic) -> PyResult<Bound<'py, PyAny>> {
    let denominator = BigInt::from(1) << x.denominator_exponent();
    fraction_type(py)?.call1((x.numerator(), denominator))
}

/// A Python number as a dyadic rational: an `int`, a `Fraction` whose denominator is a
/// power of two, or a string in the CLI's notation ("3/8", "-2", "0.125"). Floats are
/// refused: they are rarely the number meant.
pub fn from_python(value: &Bound<'_, PyAny>) -> PyResult<Dyadic> {
    if let Ok(n) = value.extract::<BigInt>() {
        return Ok(Dyadic::from_bigint(n));
    }
    if let Ok(text) = value.extract::<String>() {
        return text
            .trim()
            .parse::<Dyadic>()
            .map_err(|e| PyValueError::new_err(format!("'{text}' is not a dyadic rational: {e}")));
    }
    if value.is_instance(fraction_type(value.py())?)? {
        let numerator: BigInt = value.getattr("numerator")?.extract()?;
        let denominator: BigInt = value.getattr("denominator")?.extract()?;
        let exponent = denominator.trailing_zeros().unwrap_or(0);
        if denominator != BigInt::from(1) << exponent {
            return Err(PyValueError::new_err(format!(
                "{numerator}/{denominator} is not a dyadic rational (its denominator is not a power of 2)"
            )));
        }
        let exponent = u32::try_from(exponent)
            .map_err(|_| PyValueError::new_err("the denominator is too large"))?;
        return Ok(Dyadic::from_parts(numerator, exponent));
    }
    Err(PyTypeError::new_err(format!(
        "expected an int, a Fraction or a string such as '3/8', got {}",
        value.get_type().name()?
    )))
}
