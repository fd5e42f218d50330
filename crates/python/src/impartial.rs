//! Your own impartial games from Python: positions are any hashable Python objects, moves
//! come from a function `options(position)` or a method `position.options()`, and the
//! library's stack-free solver does the rest (no recursion limit, every position evaluated
//! once and remembered by the `ImpartialGame` object between questions).
//!
//! A position that is a sum of independent parts can say so (`components(position)`, or a
//! `components()` method, returning the parts or `None`): its Grundy value is then the
//! nim-sum of the parts' values, found without searching the sum's moves.
//!
//! Positions are numbered as first met, through a Python dict (so Python's own hashing and
//! equality decide which positions are the same); the solver works on the numbers. A
//! callback that raises ends the search at once and its exception propagates unchanged
//! (Ctrl-C included: it is raised inside a callback); nothing half-explored is remembered.

use rustc_hash::FxHashMap;
use std::cell::RefCell;

use conway_core::Outcome;
use conway_impartial::solver::{
    evaluate, evaluate_sums, grundy_rule, misere_rule, nim_sum_rule, winning_options, MoveBudget,
};
use conway_impartial::{ImpartialError, ImpartialGame};
use pyo3::prelude::*;

use crate::errors::to_python;
use crate::positions::{callable_or_none, moves_from, Positions, MAX_POSITIONS};
use crate::signals::{ProgressTarget, Shown};

/// A game given by Python callbacks, memoised: ask it for Grundy values, outcomes and
/// winning moves of positions; `options(position)` lists the positions one move away (or,
/// without it, `position.options()` does).
#[pyclass(module = "conway", name = "ImpartialGame")]
pub struct PyImpartialGame {
    options: Option<Py<PyAny>>,
    components: Option<Py<PyAny>>,
    positions: Positions,
    grundy: FxHashMap<u32, u64>,
    misere: FxHashMap<u32, bool>,
    moves: MoveBudget,
    progress: Option<Py<PyAny>>,
}

/// The game as the solver sees it for the length of one question: position numbers, moves
/// from the Python callback.
struct Callbacks<'a, 'py> {
    py: Python<'py>,
    options: Option<&'a Bound<'py, PyAny>>,
    components: Option<&'a Bound<'py, PyAny>>,
    positions: RefCell<&'a mut Positions>,
    raised: RefCell<Option<PyErr>>,
    shown: RefCell<Shown<'a, 'py>>,
}

impl<'py> Callbacks<'_, 'py> {
    fn position(&self, n: u32) -> Bound<'py, PyAny> {
        self.positions.borrow().get(self.py, n)
    }

    fn call_options(&self, n: u32) -> PyResult<Vec<u32>> {
        let position = self.position(n);
        let listed = moves_from(&position, self.options, "options")?;
        let numbers = self.positions.borrow_mut().numbers_of(&listed)?;
        let met = self.positions.borrow().len();
        self.shown.borrow_mut().tick(met, None, "positions")?;
        Ok(numbers)
    }

    /// The parts of a position, from the `components` callback or, when moves come from
    /// methods, a `components()` method if the position has one.
    fn call_components(&self, n: u32) -> PyResult<Option<Vec<u32>>> {
        let position = self.position(n);
        let parts = match (self.components, self.options) {
            (Some(components), _) => components.call1((&position,))?,
            (None, None) if position.hasattr("components")? => {
                position.call_method0("components")?
            }
            _ => return Ok(None),
        };
        if parts.is_none() {
            return Ok(None);
        }
        self.positions.borrow_mut().numbers_of(&parts).map(Some)
    }

    /// Keeps a callback's exception for the caller, handing the solver a stand-in error.
    fn keep<T>(&self, result: PyResult<T>) -> Result<T, ImpartialError> {
        result.map_err(|error| {
            *self.raised.borrow_mut() = Some(error);
            // Stands for the Python exception, which the caller raises instead.
            ImpartialError::Interrupted
        })
    }
}

impl ImpartialGame for Callbacks<'_, '_> {
    type Position = u32;

    fn options(&self, position: &u32) -> Vec<u32> {
        // The solver only calls `try_options`; a failure here would be reported there.
        self.try_options(position).unwrap_or_default()
    }

    fn try_options(&self, position: &u32) -> Result<Vec<u32>, ImpartialError> {
        self.keep(self.call_options(*position))
    }

    fn try_components(&self, position: &u32) -> Result<Option<Vec<u32>>, ImpartialError> {
        self.keep(self.call_components(*position))
    }
}

impl PyImpartialGame {
    /// Runs one question on the game, with the Python exception a callback raised taking
    /// precedence over the solver's error.
    fn ask<T>(
        &mut self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        question: impl FnOnce(&Callbacks<'_, '_>, u32, &mut Self) -> Result<T, ImpartialError>,
    ) -> PyResult<T> {
        let options = self.options.as_ref().map(|o| o.bind(py).clone());
        let components = self.components.as_ref().map(|c| c.bind(py).clone());
        let progress = self.progress.as_ref().map(|p| p.bind(py).clone());
        let target = ProgressTarget::open(py, progress.as_ref(), "ImpartialGame")?;
        let mut positions = std::mem::replace(&mut self.positions, Positions::new(py));
        let (result, raised) = {
            let game = Callbacks {
                py,
                options: options.as_ref(),
                components: components.as_ref(),
                positions: RefCell::new(&mut positions),
                raised: RefCell::new(None),
                shown: RefCell::new(Shown::new(target.callable())),
            };
            let root = game.positions.borrow_mut().number(position);
            let result = match root {
                Ok(root) => match crate::boundary::contained(|| question(&game, root, self)) {
                    Ok(answer) => answer,
                    Err(internal) => {
                        *game.raised.borrow_mut() = Some(internal);
                        Err(ImpartialError::Interrupted)
                    }
                },
                Err(error) => {
                    *game.raised.borrow_mut() = Some(error);
                    Err(ImpartialError::Interrupted)
                }
            };
            (result, game.raised.into_inner())
        };
        self.positions = positions;
        target.close()?;
        if let Some(error) = raised {
            return Err(error);
        }
        result.map_err(|e| to_python(&e))
    }

    fn grundy_of(&mut self, game: &Callbacks<'_, '_>, n: u32) -> Result<u64, ImpartialError> {
        evaluate_sums(
            game,
            &n,
            &mut self.grundy,
            MAX_POSITIONS,
            &mut self.moves,
            grundy_rule,
            Some(nim_sum_rule),
        )
    }
}

/// "P" when the player to move loses, "N" when they win.
fn outcome_class(next_player_wins: bool) -> String {
    Outcome::from_next_player_wins(next_player_wins).to_string()
}

#[pymethods]
impl PyImpartialGame {
    /// `ImpartialGame(options=None, components=None, progress=False)`: `options(position)`
    /// returns an iterable of the positions one move away; without it, each position's own
    /// `options()` method is used. `components(position)`, optional, returns the independent
    /// parts of a position that is their sum (or None), so that its value is their values'
    /// nim-sum. `progress` (True for a bar, or a callable) shows the positions met during
    /// each question; see `conway.progress`.
    #[new]
    #[pyo3(signature = (options=None, components=None, progress=None))]
    fn new(
        py: Python<'_>,
        options: Option<Py<PyAny>>,
        components: Option<Py<PyAny>>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Self> {
        callable_or_none("options", &options, py)?;
        callable_or_none("components", &components, py)?;
        Ok(PyImpartialGame {
            options,
            components,
            positions: Positions::new(py),
            grundy: FxHashMap::default(),
            misere: FxHashMap::default(),
            moves: MoveBudget::unlimited(),
            progress,
        })
    }

    /// The Grundy value (nim-value) of a position under normal play.
    fn grundy(&mut self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<u64> {
        self.ask(py, position, |game, n, me| me.grundy_of(game, n))
    }

    /// The Grundy values of several positions, in order (one search shared by all).
    fn table(&mut self, py: Python<'_>, positions: &Bound<'_, PyAny>) -> PyResult<Vec<u64>> {
        let mut values = Vec::new();
        for position in positions.try_iter()? {
            values.push(self.grundy(py, &position?)?);
        }
        Ok(values)
    }

    /// The outcome class: "P" (the player to move loses) or "N"; under misère play (the
    /// player who makes the last move loses) with `misere=True`.
    #[pyo3(signature = (position, misere=false))]
    fn outcome(
        &mut self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        misere: bool,
    ) -> PyResult<String> {
        if misere {
            self.ask(py, position, |game, n, me| {
                evaluate(
                    game,
                    &n,
                    &mut me.misere,
                    MAX_POSITIONS,
                    &mut me.moves,
                    misere_rule,
                )
                .map(outcome_class)
            })
        } else {
            self.ask(py, position, |game, n, me| {
                me.grundy_of(game, n).map(|g| outcome_class(g != 0))
            })
        }
    }

    /// The positions the player to move should move to: those that are P-positions (under
    /// misère play with `misere=True`), each once, in the order `options` lists them.
    #[pyo3(signature = (position, misere=false))]
    fn winning_moves(
        &mut self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        misere: bool,
    ) -> PyResult<Vec<Py<PyAny>>> {
        let numbers = self.ask(py, position, |game, n, me| {
            if misere {
                winning_options(
                    game,
                    &n,
                    &mut me.misere,
                    MAX_POSITIONS,
                    &mut me.moves,
                    misere_rule,
                    None::<fn(&[bool]) -> bool>,
                    |&wins| !wins,
                )
            } else {
                winning_options(
                    game,
                    &n,
                    &mut me.grundy,
                    MAX_POSITIONS,
                    &mut me.moves,
                    grundy_rule,
                    Some(nim_sum_rule),
                    |&g| g == 0,
                )
            }
        })?;
        Ok(numbers
            .into_iter()
            .map(|n| self.positions.get(py, n).unbind())
            .collect())
    }

    /// How many positions have a known Grundy value.
    #[getter]
    fn positions_evaluated(&self) -> usize {
        self.grundy.len()
    }
}

/// Adds the impartial names to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyImpartialGame>()
}
