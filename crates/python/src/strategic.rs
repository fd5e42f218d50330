//! Nash equilibria from Python: a bimatrix game (payoffs as exact number texts, which the
//! Python half makes from ints, Fractions, floats or strings) or a Gambit `.nfg` text, solved
//! by the library's checked methods with the interpreter released and stopped by Ctrl-C.
//! The report comes back as the CLI's (exact texts), and the Python half turns its numbers
//! into Fractions.

use conway_strategic::nash::{equilibria, Method, Options};
use conway_strategic::{nfg, NormalFormGame};
use num_rational::BigRational;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::to_python;
use crate::signals::interruptible;

/// A payoff matrix from its entries' texts; `which` names it in errors ("A", "B").
fn matrix(which: &str, rows: Vec<Vec<String>>) -> PyResult<Vec<Vec<BigRational>>> {
    rows.iter()
        .enumerate()
        .map(|(i, row)| {
            row.iter()
                .enumerate()
                .map(|(j, text)| {
                    nfg::parse_number(text).ok_or_else(|| {
                        PyValueError::new_err(format!(
                            "{which}[{i}][{j}] = '{text}' is not an exact number (an integer, a decimal or a fraction such as 1/3)"
                        ))
                    })
                })
                .collect()
        })
        .collect()
}

/// The game from the Python arguments: `.nfg` text, or `a` (and `b`; without it the game is
/// zero-sum).
fn game(
    a: Option<Vec<Vec<String>>>,
    b: Option<Vec<Vec<String>>>,
    nfg_text: Option<String>,
) -> PyResult<NormalFormGame> {
    match (a, b, nfg_text) {
        (None, None, Some(text)) => nfg::parse(&text).map_err(|e| to_python(&e)),
        (Some(a), b, None) => {
            let a = matrix("A", a)?;
            let b = match b {
                Some(b) => matrix("B", b)?,
                None => a.iter().map(|r| r.iter().map(|x| -x).collect()).collect(),
            };
            NormalFormGame::bimatrix(&a, &b).map_err(|e| to_python(&e))
        }
        _ => Err(PyValueError::new_err(
            "give payoff matrices A (and B) or a .nfg file",
        )),
    }
}

/// The Nash equilibria of a game as a dict of the CLI's report: `players`, `method`,
/// `equilibria` (per equilibrium, per player, exact probability texts), `components`
/// (index groups, or None) and `value` (text, or None).
#[pyfunction]
#[pyo3(name = "_nash", signature = (a=None, b=None, nfg_text=None, method=None, components=false, label=None))]
fn nash<'py>(
    py: Python<'py>,
    a: Option<Vec<Vec<String>>>,
    b: Option<Vec<Vec<String>>>,
    nfg_text: Option<String>,
    method: Option<&str>,
    components: bool,
    label: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    let game = game(a, b, nfg_text)?;
    let method = match method {
        None => None,
        Some(name) => Some(
            Method::ALL
                .into_iter()
                .find(|m| m.name() == name)
                .ok_or_else(|| {
                    let names: Vec<&str> = Method::ALL.iter().map(|m| m.name()).collect();
                    PyValueError::new_err(format!(
                        "unknown method '{name}' (one of {})",
                        names.join(", ")
                    ))
                })?,
        ),
    };
    let options = Options { label, components };
    let report = interruptible(py, |progress| equilibria(&game, method, options, progress))?
        .map_err(|e| to_python(&e))?;
    let out = PyDict::new(py);
    out.set_item("players", report.players)?;
    out.set_item("method", report.method.name())?;
    out.set_item("equilibria", report.equilibria)?;
    out.set_item("components", report.components)?;
    out.set_item("value", report.value)?;
    Ok(out)
}

/// The methods `nash` takes, as (name, what it finds) pairs.
#[pyfunction]
fn nash_methods() -> Vec<(&'static str, &'static str)> {
    Method::ALL
        .iter()
        .map(|m| (m.name(), m.summary()))
        .collect()
}

/// Adds the strategic names to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(nash, m)?)?;
    m.add_function(wrap_pyfunction!(nash_methods, m)?)
}
