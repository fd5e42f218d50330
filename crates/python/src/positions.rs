//! Positions of a user's game, numbered as first met: Python's own hashing and equality
//! (through a dict) decide which objects are the same position, and the library's solvers
//! work on the numbers.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

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
