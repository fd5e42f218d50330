//! Loopy partizan games for Python: `LoopyGame`, the value of an expression such as
//! `a{0|{1|a}}`, `over` or `on & off`, compared, added and negated with CGSuite's meaning,
//! and printed in its notation.

use conway_loopy::print::loopy_text;
use conway_loopy::properties::{outcome, side};
use conway_loopy::{Loopy, Side};
use conway_partizan::{PartizanError, Store};
use pyo3::basic::CompareOp;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use crate::numbers::from_python;
use crate::partizan::{compared, evaluate_any, with_store, Game};

/// A loopy partizan game: a stopper in simplest form, or a value with an onside and an
/// offside (`S & T`). Short games are `Game`s; `conway.game` gives whichever the value is.
#[pyclass(frozen, module = "conway", name = "LoopyGame")]
#[derive(Clone)]
pub struct LoopyGame {
    pub(crate) value: Loopy,
}

/// Any game from a Python value: a `LoopyGame`, a `Game`, a number, or (when `strings`) an
/// expression; `None` for anything else.
pub(crate) fn to_loopy(
    py: Python<'_>,
    value: &Bound<'_, PyAny>,
    strings: bool,
) -> PyResult<Option<Loopy>> {
    if let Ok(g) = value.cast::<LoopyGame>() {
        return Ok(Some(g.get().value.clone()));
    }
    if let Ok(g) = value.cast::<Game>() {
        return Ok(Some(Loopy::Short(g.get().id)));
    }
    if let Ok(text) = value.extract::<String>() {
        return if strings {
            evaluate_any(py, &text).map(Some)
        } else {
            Ok(None)
        };
    }
    match from_python(value) {
        Ok(x) => with_store(py, move |store| {
            Ok(Some(Loopy::Short(store.number(x.clone()))))
        }),
        Err(_) => Ok(None),
    }
}

/// A loopy value as the Python object for it: a `Game` when it is short.
pub(crate) fn into_python(py: Python<'_>, value: Loopy) -> PyResult<Py<PyAny>> {
    Ok(match value {
        Loopy::Short(id) => Py::new(py, Game { id })?.into_any(),
        other => Py::new(py, LoopyGame { value: other })?.into_any(),
    })
}

impl LoopyGame {
    /// `op(self, other)` for an operator of games, where `other` may be anything a game can
    /// be made from; anything else is left to Python (`NotImplemented`).
    fn binary(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: impl Fn(&mut Store, &Loopy, &Loopy) -> Result<Loopy, PartizanError> + Send + Sync,
    ) -> PyResult<Py<PyAny>> {
        let Some(other) = to_loopy(py, other, false)? else {
            return Ok(py.NotImplemented());
        };
        let me = self.value.clone();
        let value = with_store(py, move |store| op(store, &me, &other))?;
        into_python(py, value)
    }
}

/// g − h.
fn difference(store: &mut Store, g: &Loopy, h: &Loopy) -> Result<Loopy, PartizanError> {
    let negative = h.neg(store);
    g.add(&negative, store)
}

#[pymethods]
impl LoopyGame {
    /// `LoopyGame("a{0|{1|a}}")`: the value of an expression in CGSuite's notation.
    #[new]
    fn new(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Self> {
        match to_loopy(py, value, true)? {
            Some(value) => Ok(LoopyGame { value }),
            None => Err(PyTypeError::new_err(
                "expected a LoopyGame, a Game, a number or a string such as 'a{0|a}'",
            )),
        }
    }

    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        let value = self.value.clone();
        with_store(py, move |store| loopy_text(&value, store))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        self.__str__(py)
    }

    /// The game graph as an SVG picture (Jupyter shows it): each loopy position a named
    /// circle, each short one a box with its value, Left's moves blue, Right's red; `None`
    /// past `conway eval --svg`'s limit of positions drawn.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<Option<String>> {
        let value = self.value.clone();
        with_store(py, move |store| {
            let title = loopy_text(&value, store)?;
            conway_loopy::picture::loopy_svg(&value, &title, store)
        })
    }

    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        let Some(other) = to_loopy(py, other, false)? else {
            return Ok(py.NotImplemented());
        };
        let me = self.value.clone();
        let (le, ge) = with_store(py, move |store| {
            Ok((me.leq(&other, store)?, other.leq(&me, store)?))
        })?;
        compared(py, op, le, ge)
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, other, |store, g, h| g.add(h, store))
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__add__(py, other)
    }

    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, other, difference)
    }

    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, other, |store, g, h| difference(store, h, g))
    }

    fn __neg__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let me = self.value.clone();
        let negative = with_store(py, move |store| Ok(me.neg(store)))?;
        into_python(py, negative)
    }

    /// Whether no infinite play alternates.
    #[getter]
    fn is_stopper(&self) -> bool {
        self.value.is_stopper()
    }

    /// Whether both sides are stoppers.
    #[getter]
    fn is_stopper_sided(&self) -> bool {
        self.value.is_stopper_sided()
    }

    /// The onside (infinite play counts for Left).
    #[getter]
    fn onside(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let me = self.value.clone();
        let value = with_store(py, move |store| side(&me, Side::On, store))?;
        into_python(py, value)
    }

    /// The offside (infinite play counts for Right).
    #[getter]
    fn offside(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let me = self.value.clone();
        let value = with_store(py, move |store| side(&me, Side::Off, store))?;
        into_python(py, value)
    }

    /// The outcome class: "L", "R", "N", "P", or for two sides "D", "NHat", "PHat",
    /// "NCheck", "PCheck".
    #[getter]
    fn outcome(&self, py: Python<'_>) -> PyResult<String> {
        let me = self.value.clone();
        with_store(py, move |store| outcome(&me, store).map(|o| o.to_string()))
    }
}
