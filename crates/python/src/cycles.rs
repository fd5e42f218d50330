//! Games with cycles from Python: `retrograde(start_states, successors, terminal_value)`
//! explores a user's game from its start states through the callbacks, then solves every
//! reachable state exactly with the retrograde engine (win or loss in so many plies, or
//! draw); `loopy_grundy(edges)` gives the generalized Sprague-Grundy values of a loopy
//! impartial game's graph. Exploring needs the interpreter; solving runs without it and
//! stops on Ctrl-C.

use conway_retrograde::graph::{ExplicitGraph, Terminal, Value};
use conway_retrograde::loopy::{generalized_sg, Gsg};
use conway_retrograde::solve::{optimal_successor, solve, Solved};
use conway_retrograde::{Digraph, RetrogradeError};
use pyo3::exceptions::{PyKeyError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::to_python;
use crate::positions::Positions;
use crate::signals::{interruptible, Shown};

/// The most states `retrograde` explores: each costs Python a dict entry and an object,
/// tens of bytes to hundreds, and a callback.
pub const MAX_STATES: usize = 1 << 24;

/// Every state reachable from the start states, solved: ask it for a state's value,
/// outcome, length and best move.
#[pyclass(module = "conway", name = "Retrograde")]
pub struct PyRetrograde {
    positions: Positions,
    graph: ExplicitGraph,
    solved: Solved,
}

impl PyRetrograde {
    fn number(&mut self, state: &Bound<'_, PyAny>) -> PyResult<u32> {
        let before = self.positions.len();
        let n = self.positions.number(state)?;
        if self.positions.len() > before {
            return Err(PyKeyError::new_err(format!(
                "{} is not a state reachable from the start states",
                state.repr()?
            )));
        }
        Ok(n)
    }

    fn value(&mut self, state: &Bound<'_, PyAny>) -> PyResult<Value> {
        let n = self.number(state)?;
        Ok(self.solved.value(n))
    }
}

#[pymethods]
impl PyRetrograde {
    /// The outcome for the player to move: "win", "loss" or "draw".
    fn outcome(&mut self, state: &Bound<'_, PyAny>) -> PyResult<&'static str> {
        Ok(match self.value(state)? {
            Value::Win(_) => "win",
            Value::Loss(_) => "loss",
            Value::Draw => "draw",
        })
    }

    /// How many plies the game lasts with optimal play (the winner hurrying, the loser
    /// holding out), or None for a draw.
    fn plies(&mut self, state: &Bound<'_, PyAny>) -> PyResult<Option<u32>> {
        Ok(match self.value(state)? {
            Value::Win(d) | Value::Loss(d) => Some(d),
            Value::Draw => None,
        })
    }

    /// A move that keeps the state's value with optimal play (the fastest win, the slowest
    /// loss, a move that keeps the draw), or None when the game is over there.
    fn best_move(
        &mut self,
        py: Python<'_>,
        state: &Bound<'_, PyAny>,
    ) -> PyResult<Option<Py<PyAny>>> {
        let n = self.number(state)?;
        Ok(optimal_successor(&self.graph, &self.solved, n)
            .map(|m| self.positions.get(py, m).unbind()))
    }

    /// How many states were explored.
    fn __len__(&self) -> usize {
        self.positions.len()
    }

    /// How many states are wins, losses and draws for the player to move, and the longest
    /// win or loss in plies.
    fn census<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let census = self.solved.census();
        let out = PyDict::new(py);
        out.set_item("wins", census.wins)?;
        out.set_item("losses", census.losses)?;
        out.set_item("draws", census.draws)?;
        out.set_item("longest", census.longest)?;
        Ok(out)
    }
}

/// A terminal result from what `terminal_value` returned: None (play goes on), or "win",
/// "loss" or "draw" for the player to move.
fn terminal(value: &Bound<'_, PyAny>) -> PyResult<Option<Terminal>> {
    if value.is_none() {
        return Ok(None);
    }
    let text: String = value.extract().map_err(|_| {
        PyValueError::new_err(format!(
            "terminal_value must return None, \"win\", \"loss\" or \"draw\", not {}",
            value
                .repr()
                .map_or_else(|_| "?".to_string(), |r| r.to_string())
        ))
    })?;
    match text.to_lowercase().as_str() {
        "win" => Ok(Some(Terminal::Win)),
        "loss" | "lose" => Ok(Some(Terminal::Loss)),
        "draw" => Ok(Some(Terminal::Draw)),
        _ => Err(PyValueError::new_err(format!(
            "terminal_value must return None, \"win\", \"loss\" or \"draw\", not '{text}'"
        ))),
    }
}

/// Explores a game from `start_states` with `successors(state)` (the states one move away;
/// a state with none is lost by the player to move) and `terminal_value(state)` (None, or
/// "win", "loss" or "draw" for the player to move where the game is over), then solves every
/// state reached. States are any hashable objects and include whose turn it is when the
/// players' moves differ.
#[pyfunction]
#[pyo3(signature = (start_states, successors, terminal_value=None, progress=None))]
fn retrograde(
    py: Python<'_>,
    start_states: &Bound<'_, PyAny>,
    successors: &Bound<'_, PyAny>,
    terminal_value: Option<&Bound<'_, PyAny>>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyRetrograde> {
    // A text is iterable, but its characters are never the states meant.
    if start_states.is_instance_of::<pyo3::types::PyString>()
        || start_states.is_instance_of::<pyo3::types::PyBytes>()
    {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "start_states must be an iterable of states, not {} (for one state s, write [s])",
            start_states.get_type().name()?
        )));
    }
    let mut shown = Shown::new(progress);
    let mut positions = Positions::new(py);
    positions.numbers_of(start_states)?;
    let mut graph = ExplicitGraph::default();
    let mut next = 0;
    while next < positions.len() {
        if positions.len() > MAX_STATES {
            return Err(to_python(&RetrogradeError::too_large(
                "the number of states",
                positions.len(),
                MAX_STATES,
            )));
        }
        let state = positions.get(py, next as u32);
        let end = match terminal_value {
            Some(f) => terminal(&f.call1((&state,))?)?,
            None => None,
        };
        let moves = match end {
            Some(_) => Vec::new(),
            None => positions.numbers_of(&successors.call1((&state,))?)?,
        };
        graph.successors.push(moves);
        graph.terminals.push(end);
        next += 1;
        shown.tick(next, None, "states explored")?;
    }
    let solved = interruptible(py, progress, |progress| solve(&graph, progress))?
        .map_err(|e| to_python(&e))?;
    Ok(PyRetrograde {
        positions,
        graph,
        solved,
    })
}

/// ∞(K), the generalized Sprague-Grundy value of a position from which the player to move
/// can draw (or win, when 0 is not in K): K lists the finite values of its options.
#[pyclass(frozen, module = "conway", name = "Infinite")]
pub struct Infinite {
    options: Vec<u64>,
}

#[pymethods]
impl Infinite {
    /// K: the finite values among the options, ascending.
    #[getter]
    fn finite_options(&self) -> Vec<u64> {
        self.options.clone()
    }

    fn __repr__(&self) -> String {
        Gsg::Infinite(self.options.clone()).to_string()
    }

    fn __str__(&self) -> String {
        self.__repr__()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Infinite>()
            .is_ok_and(|o| o.get().options == self.options)
    }

    fn __hash__(&self) -> u64 {
        self.options
            .iter()
            .fold(0x9e37_79b9_u64, |h, &k| h.rotate_left(5) ^ k)
    }
}

/// The generalized Sprague-Grundy value of every vertex of a loopy impartial game given by
/// its moves `edges` (pairs `(u, v)`: a token on u may move to v; `vertices` adds vertices
/// with no move): a dict from vertex to an int (a nimber's size) or an `Infinite`.
#[pyfunction]
#[pyo3(signature = (edges, vertices=None, progress=None))]
fn loopy_grundy<'py>(
    py: Python<'py>,
    edges: &Bound<'py, PyAny>,
    vertices: Option<&Bound<'py, PyAny>>,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let mut positions = Positions::new(py);
    let mut pairs = Vec::new();
    for edge in edges.try_iter()? {
        let (u, v): (Bound<'py, PyAny>, Bound<'py, PyAny>) = edge?.extract()?;
        pairs.push((positions.number(&u)?, positions.number(&v)?));
    }
    if let Some(vertices) = vertices {
        positions.numbers_of(vertices)?;
    }
    let names = (0..positions.len()).map(|v| v.to_string());
    let graph = Digraph::from_edges(names, &pairs).map_err(|e| to_python(&e))?;
    let values = interruptible(py, progress, |progress| generalized_sg(&graph, progress))?
        .map_err(|e| to_python(&e))?;
    let out = PyDict::new(py);
    for (v, value) in values.into_iter().enumerate() {
        let vertex = positions.get(py, v as u32);
        match value {
            Gsg::Finite(n) => out.set_item(vertex, n)?,
            Gsg::Infinite(options) => out.set_item(vertex, Infinite { options })?,
        }
    }
    Ok(out)
}

/// Adds the names for games with cycles to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRetrograde>()?;
    m.add_class::<Infinite>()?;
    m.add_function(wrap_pyfunction!(retrograde, m)?)?;
    m.add_function(wrap_pyfunction!(loopy_grundy, m)?)
}
