//! Positions of a user's game, numbered as first met: Python's own hashing and equality
//! (through a dict) decide which objects are the same position, and the library's solvers
//! work on the numbers.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The most positions of a user's game (impartial or partizan) a search meets: about 10 s
/// and 1 GiB of Python objects. A game that goes on for ever through new positions (a move
/// from each to one never met) is refused there.
pub const MAX_POSITIONS: usize = 4_000_000;

/// Checks that a user's callback, when given, can be called: a `TypeError` naming the
/// argument otherwise (before any position is asked about).
pub fn callable_or_none(name: &str, callback: &Option<Py<PyAny>>, py: Python<'_>) -> PyResult<()> {
    match callback {
        Some(f) if !f.bind(py).is_callable() => Err(PyTypeError::new_err(format!(
            "{name} must be a function of a position, or None; got {}",
            f.bind(py).get_type().name()?
        ))),
        _ => Ok(()),
    }
}

/// `function(position)` when the game gives the function, else the position's own method
/// of that name; a position without the method is a `TypeError` that says what to give
/// (an `AttributeError` raised inside the method is the user's, and passes unchanged).
pub fn moves_from<'py>(
    position: &Bound<'py, PyAny>,
    function: Option<&Bound<'py, PyAny>>,
    method: &str,
) -> PyResult<Bound<'py, PyAny>> {
    match function {
        Some(f) => f.call1((position,)),
        None if position.hasattr(method)? => position.call_method0(method),
        None => Err(PyTypeError::new_err(format!(
            "the position {} has no {method}() method: give the game {method}=a function of a \
             position, or positions with that method",
            abbreviated(position)
        ))),
    }
}

/// A position as Python writes it, cut to 100 characters.
fn abbreviated(position: &Bound<'_, PyAny>) -> String {
    let text = position
        .repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| "(unprintable)".to_string());
    if text.chars().count() <= 100 {
        text
    } else {
        format!("{}…", text.chars().take(100).collect::<String>())
    }
}

/// The positions met so far and their numbers.
pub struct Positions {
    numbers: Py<PyDict>,
    objects: Vec<Py<PyAny>>,
}

impl Positions {
    /// No positions yet.
    pub fn new(py: Python<'_>) -> Self {
        Positions {
            numbers: PyDict::new(py).unbind(),
            objects: Vec::new(),
        }
    }

    /// The number of a position, giving it the next one when it is new (a `TypeError` if
    /// it is not hashable).
    pub fn number(&mut self, position: &Bound<'_, PyAny>) -> PyResult<u32> {
        let numbers = self.numbers.bind(position.py());
        if let Some(n) = numbers.get_item(position)? {
            return n.extract();
        }
        // A position unequal to itself (a float NaN) is never met again: its game would be
        // explored afresh at every turn, up to the limit, so it is refused at once.
        if !position.eq(position)? {
            return Err(PyValueError::new_err(format!(
                "the position {} is not equal to itself, so it cannot be recognised when met \
                 again: use positions that compare equal to themselves",
                abbreviated(position)
            )));
        }
        let n = u32::try_from(self.objects.len())
            .map_err(|_| PyValueError::new_err("more than 2^32 positions"))?;
        numbers.set_item(position, n)?;
        self.objects.push(position.clone().unbind());
        Ok(n)
    }

    /// The numbers of the positions an iterable yields, in order.
    pub fn numbers_of(&mut self, positions: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
        let mut numbers = Vec::new();
        for position in positions.try_iter()? {
            numbers.push(self.number(&position?)?);
        }
        Ok(numbers)
    }

    /// The position numbered `n`.
    pub fn get<'py>(&self, py: Python<'py>, n: u32) -> Bound<'py, PyAny> {
        self.objects[n as usize].bind(py).clone()
    }

    /// How many positions have numbers.
    pub fn len(&self) -> usize {
        self.objects.len()
    }
}
