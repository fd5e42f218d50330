//! Partizan games from Python: `Game`, a handle into one canonical-form store shared by the
//! whole process, with CGSuite's operators, and every function of `conway eval` callable by
//! name through its table ([`conway_expr::eval::FUNCTIONS`]), which the Python half of
//! the package turns into module functions and `Game` properties.
//!
//! The store is behind a mutex that is only ever waited for with the interpreter released,
//! so a thread holding the store may take the interpreter (to check for Ctrl-C) without
//! deadlock. Every operation runs as one bounded evaluation: under the store's work budget
//! (past it, `TooLargeError`) and stopped by Ctrl-C (`KeyboardInterrupt`).

use std::sync::{Arc, LazyLock, Mutex};

use conway_expr::eval::{
    evaluate_text, lookup, moves_of, unknown_function, ArgKind, Argument, Listing, Move, Text,
    Value, FUNCTIONS,
};
use conway_expr::syntax::parse_expression_noted;
use conway_numbers::Dyadic;
use conway_partizan::print::{canonical_text_within, sort_as_cgsuite, MAX_PRINTED_CHARS};
use conway_partizan::thermal::{thermograph_svg, Thermograph as Thermo};
use conway_partizan::{GameId, Outcome, PartizanError, Store};
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::boundary::{contained, on_evaluation_stack};
use crate::errors::to_python;
use crate::numbers::{from_python, to_fraction};
use crate::signals::PythonSignals;

/// The process's one store: a game's handle is only meaningful in the store that made it.
static STORE: LazyLock<Mutex<Store>> = LazyLock::new(|| Mutex::new(Store::new()));

thread_local! {
    /// Whether this thread holds the store: a callback of a user's game runs while it
    /// does, and asking for the store again from there would wait for ever.
    static HOLDING_STORE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// This thread's hold on the store, for as long as the value lives.
struct Holding;

impl Holding {
    fn enter() -> PyResult<Holding> {
        if HOLDING_STORE.with(|h| h.replace(true)) {
            return Err(pyo3::exceptions::PyRuntimeError::new_err(
                "conway's games cannot be used inside a callback of a game being solved \
                 (its moves must be listed without conway)",
            ));
        }
        Ok(Holding)
    }
}

impl Drop for Holding {
    fn drop(&mut self) {
        HOLDING_STORE.with(|h| h.set(false));
    }
}

/// The shared store, waited for with the interpreter released (its holder may need the
/// interpreter to finish) and Ctrl-C heard while waiting.
fn lock_store(py: Python<'_>) -> PyResult<std::sync::MutexGuard<'static, Store>> {
    loop {
        match STORE.try_lock() {
            Ok(store) => return Ok(store),
            Err(std::sync::TryLockError::Poisoned(poisoned)) => return Ok(poisoned.into_inner()),
            Err(std::sync::TryLockError::WouldBlock) => {
                py.detach(|| std::thread::sleep(std::time::Duration::from_micros(200)));
                py.check_signals()?;
            }
        }
    }
}

/// Runs `work` on the shared store as one evaluation while holding the interpreter (for
/// work that calls back into Python).
pub fn with_store_and_interpreter<T>(
    py: Python<'_>,
    work: impl FnOnce(&mut Store) -> Result<T, PartizanError>,
) -> PyResult<T> {
    let _holding = Holding::enter()?;
    let mut store = lock_store(py)?;
    let signals = Arc::new(PythonSignals::new());
    store.set_progress(Arc::clone(&signals) as _);
    // The calling thread's own stack: the work calls Python, which must run on the stack
    // Python knows (a deep recursion is refused there rather than overflowing it).
    let result = contained(|| store.within_budget(work));
    drop(store);
    signals.take_raised()?;
    result?.map_err(|e| to_python(&e))
}

/// Runs `work` on the shared store as one evaluation, with the interpreter released.
///
/// On the calling thread's stack first; a game too deep for it is evaluated again on the
/// stack of [`on_evaluation_stack`], so that Python answers what `conway eval` does while
/// most calls pay nothing for it (a refused evaluation leaves only correct values behind).
/// The work runs on the calling thread, whose reports ask the interpreter for Ctrl-C
/// ([`PythonSignals`]).
pub(crate) fn with_store<T: Send>(
    py: Python<'_>,
    work: impl Fn(&mut Store) -> Result<T, PartizanError> + Send + Sync,
) -> PyResult<T> {
    let _holding = Holding::enter()?;
    let mut guard = lock_store(py)?;
    let store: &mut Store = &mut guard;
    let signals = Arc::new(PythonSignals::new());
    let hook = Arc::clone(&signals);
    let result = py.detach(move || {
        store.set_progress(hook);
        contained(|| match store.within_budget(&work) {
            Err(e) if e.is_too_deep() => on_evaluation_stack(|| store.within_budget(&work)),
            other => other,
        })
    });
    drop(guard);
    signals.take_raised()?;
    result?.map_err(|e| to_python(&e))
}

/// A short partizan game in canonical form. Games are compared, added and negated with
/// CGSuite's meaning (`<=` is Left's preference order, `==` equality of values) and print in
/// CGSuite's notation.
#[pyclass(frozen, module = "conway", name = "Game")]
#[derive(Clone, Copy)]
pub struct Game {
    pub(crate) id: GameId,
}

#[pymethods]
impl Game {
    /// `Game("{3||2|1}")`: the value of an expression in CGSuite's notation (as
    /// `conway eval` reads it), or of a number (an int or a dyadic `Fraction`).
    #[new]
    fn new(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Self> {
        to_game(py, value)
    }

    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        let id = self.id;
        with_store(py, move |store| {
            canonical_text_within(store, id, MAX_PRINTED_CHARS).map_err(|_| {
                PartizanError::TooLarge {
                    what: "the canonical form's text".to_string(),
                    size: format!("more than {MAX_PRINTED_CHARS} characters"),
                    limit: MAX_PRINTED_CHARS.to_string(),
                }
            })
        })
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        self.__str__(py)
    }

    /// Equal games are one canonical form, so the handle is the hash.
    fn __hash__(&self) -> u64 {
        self.id.index() as u64
    }

    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        let Some(other) = coerce(py, other)? else {
            return Ok(py.NotImplemented());
        };
        let (g, h) = (self.id, other.id);
        let (le, ge) = with_store(py, move |store| Ok((store.leq(g, h), store.leq(h, g))))?;
        compared(py, op, le, ge)
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, other, |store, g, h| store.add(g, h))
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, other, |store, g, h| store.add(h, g))
    }

    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, other, |store, g, h| store.sub(g, h))
    }

    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.binary(py, other, |store, g, h| store.sub(h, g))
    }

    fn __neg__(&self, py: Python<'_>) -> PyResult<Game> {
        let g = self.id;
        with_store(py, move |store| Ok(Game { id: store.neg(g) }))
    }

    fn __pos__(&self) -> Game {
        *self
    }

    /// Left's options of the canonical form.
    #[getter]
    fn left_options(&self, py: Python<'_>) -> PyResult<Vec<Game>> {
        let g = self.id;
        with_store(py, move |store| Ok(games(store.left_options(g))))
    }

    /// Right's options of the canonical form.
    #[getter]
    fn right_options(&self, py: Python<'_>) -> PyResult<Vec<Game>> {
        let g = self.id;
        with_store(py, move |store| Ok(games(store.right_options(g))))
    }

    /// Whether the game is a number (a dyadic rational).
    #[getter]
    fn is_number(&self, py: Python<'_>) -> PyResult<bool> {
        let g = self.id;
        with_store(py, move |store| Ok(store.is_number(g)))
    }

    /// Whether the game is a nimber *m (0 and * included).
    #[getter]
    fn is_nimber(&self, py: Python<'_>) -> PyResult<bool> {
        let g = self.id;
        with_store(py, move |store| Ok(store.is_nimber(g)))
    }

    /// Whether the game is infinitesimal: smaller than every positive number and greater
    /// than every negative one (both stops are 0; 0 itself is infinitesimal).
    #[getter]
    fn is_infinitesimal(&self, py: Python<'_>) -> PyResult<bool> {
        let g = self.id;
        with_store(py, move |store| {
            let (left, right) = store.stops(g);
            Ok(left.is_zero() && right.is_zero())
        })
    }

    /// The canonical form in CGSuite's notation (what `str` prints).
    #[getter]
    fn canonical(&self, py: Python<'_>) -> PyResult<String> {
        self.__str__(py)
    }

    /// The outcome class: "L" (Left wins), "R", "P" (the player to move loses) or "N".
    #[getter]
    fn outcome(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.table(py, "outcome", None)
    }

    /// Left's stop, a Fraction.
    #[getter]
    fn left_stop(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.table(py, "left_stop", None)
    }

    /// Right's stop, a Fraction.
    #[getter]
    fn right_stop(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.table(py, "right_stop", None)
    }

    /// The mean value, a Fraction.
    #[getter]
    fn mean(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.table(py, "mean", None)
    }

    /// The temperature, a Fraction (-1 for an integer, less for other numbers).
    #[getter]
    fn temperature(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.table(py, "temperature", None)
    }

    /// The thermograph.
    #[getter]
    fn thermograph(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.table(py, "thermograph", None)
    }

    /// The atomic weight (a ValueError if the game is not atomic).
    #[getter]
    fn atomic_weight(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.table(py, "atomic_weight", None)
    }

    /// The reduced canonical form.
    #[getter]
    fn reduced(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.table(py, "reduced", None)
    }

    /// The birthday, an int.
    #[getter]
    fn birthday(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.table(py, "birthday", None)
    }

    /// The game cooled by the number t (an int, a dyadic Fraction or a string such as "1/4").
    fn cool(&self, py: Python<'_>, t: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.table(py, "cool", Some(t))
    }

    /// The game heated by the game t.
    fn heat(&self, py: Python<'_>, t: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.table(py, "heat", Some(t))
    }

    /// Pickling and copying: a game is rebuilt from its canonical form's text.
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String,))> {
        let class = py.get_type::<Game>().into_any().unbind();
        Ok((class, (self.__str__(py)?,)))
    }
}

impl Game {
    /// The table function `name` of this game and, for two-parameter functions, `second`.
    fn table(
        &self,
        py: Python<'_>,
        name: &str,
        second: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let me = Py::new(py, *self)?.into_any();
        let args = match second {
            None => PyTuple::new(py, [me])?,
            Some(t) => PyTuple::new(py, [me, t.clone().unbind()])?,
        };
        call(py, name, &args)
    }

    /// `self op other` for an operator of games, where `other` may be anything a game can
    /// be made from; anything else is left to Python (`NotImplemented`).
    fn binary(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: impl Fn(&mut Store, GameId, GameId) -> GameId + Send + Sync,
    ) -> PyResult<Py<PyAny>> {
        let Some(other) = coerce(py, other)? else {
            return Ok(py.NotImplemented());
        };
        let (g, h) = (self.id, other.id);
        let sum = with_store(py, move |store| {
            Ok(Game {
                id: op(store, g, h),
            })
        })?;
        Ok(Py::new(py, sum)?.into_any())
    }
}

/// The answer to `g op h` for games, from whether g <= h and g >= h (games are partially
/// ordered: both false is confused, and then every order but != is false).
pub(crate) fn compared(py: Python<'_>, op: CompareOp, le: bool, ge: bool) -> PyResult<Py<PyAny>> {
    let answer = match op {
        CompareOp::Eq => le && ge,
        CompareOp::Ne => !(le && ge),
        CompareOp::Le => le,
        CompareOp::Ge => ge,
        CompareOp::Lt => le && !ge,
        CompareOp::Gt => ge && !le,
    };
    Ok(answer.into_pyobject(py)?.to_owned().into_any().unbind())
}

fn games(ids: Vec<GameId>) -> Vec<Game> {
    ids.into_iter().map(|id| Game { id }).collect()
}

/// A game from a Python value used where a game is expected beside another game (an
/// operand): a `Game`, an `int` or a `Fraction`; `None` for anything else, so that Python
/// may try the other operand's methods. Strings are not games here: `g + "1"` is a mistake.
fn coerce(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Option<Game>> {
    if let Ok(game) = value.cast::<Game>() {
        return Ok(Some(*game.get()));
    }
    if value.is_instance_of::<pyo3::types::PyString>() {
        return Ok(None);
    }
    match from_python(value) {
        Ok(x) => Ok(Some(number_game(py, x)?)),
        Err(_) => Ok(None),
    }
}

fn number_game(py: Python<'_>, x: Dyadic) -> PyResult<Game> {
    with_store(py, move |store| {
        Ok(Game {
            id: store.number(x.clone()),
        })
    })
}

/// A game from a Python value where a game is the only thing expected: a `Game`, a number,
/// or a string in CGSuite's notation.
fn to_game(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Game> {
    if let Ok(text) = value.extract::<String>() {
        return match evaluate(py, &text)? {
            Evaluated::Game(game) => Ok(game),
            other => Err(PyValueError::new_err(format!(
                "'{text}' is {}, not a game",
                other.description()
            ))),
        };
    }
    coerce(py, value)?.ok_or_else(|| {
        let kind = value
            .get_type()
            .name()
            .map_or_else(|_| "?".to_string(), |n| n.to_string());
        PyTypeError::new_err(format!(
            "expected a Game, an int, a Fraction or a string such as '{{1|*}}', got {kind}"
        ))
    })
}

/// What an expression evaluates to, ready for Python.
enum Evaluated {
    Game(Game),
    Bool(bool),
    Number(Dyadic),
    Natural(num_bigint::BigUint),
    Thermograph(Thermo),
    Outcome(Outcome),
    /// A set of games (options, followers, incentives), in CGSuite's order.
    Set(Vec<Game>),
    List(Vec<Evaluated>),
    Loopy(conway_loopy::Loopy),
    LoopyOutcome(String),
    /// A misère canonical form or a genus, in CGSuite's notation.
    Text(String),
}

impl Evaluated {
    fn description(&self) -> &'static str {
        match self {
            Evaluated::Game(_) => "a game",
            Evaluated::Bool(_) => "a truth value",
            Evaluated::Number(_) | Evaluated::Natural(_) => "a number",
            Evaluated::Thermograph(_) => "a thermograph",
            Evaluated::Outcome(_) => "an outcome class",
            Evaluated::Set(_) => "a set of games",
            Evaluated::List(_) => "a list",
            Evaluated::Loopy(_) => "a loopy game",
            Evaluated::LoopyOutcome(_) => "an outcome class",
            Evaluated::Text(_) => "a misère game or genus",
        }
    }

    fn of(store: &mut Store, value: Value) -> Self {
        match value {
            Value::Game(id) => Evaluated::Game(Game { id }),
            Value::Bool(b) => Evaluated::Bool(b),
            Value::Number(x) => Evaluated::Number(x),
            Value::Natural(n) => Evaluated::Natural(n),
            Value::Thermograph(t) => Evaluated::Thermograph(t),
            Value::Outcome(o) => Evaluated::Outcome(o),
            // `eval` asks both starts, so the class is there; the words say what was found
            // if not.
            Value::Searched(report) => match report.outcome {
                Some(outcome) => Evaluated::Outcome(outcome),
                None => Evaluated::Text(report.summary()),
            },
            Value::Set(mut games) => {
                sort_as_cgsuite(store, &mut games);
                Evaluated::Set(games.into_iter().map(|id| Game { id }).collect())
            }
            Value::LoopySet(mut values) => {
                conway_loopy::print::sort_values_as_cgsuite(&mut values, store);
                // A list, as sets are: each a Game or a LoopyGame.
                Evaluated::List(values.into_iter().map(Evaluated::Loopy).collect())
            }
            Value::List(values) => Evaluated::List(
                values
                    .into_iter()
                    .map(|v| Evaluated::of(store, v))
                    .collect(),
            ),
            Value::Loopy(value) => Evaluated::Loopy(value),
            Value::LoopyOutcome(o) => Evaluated::LoopyOutcome(o.to_string()),
            value @ (Value::Misere(_) | Value::Genus(_)) => Evaluated::Text(value.to_text(store)),
        }
    }

    fn into_python(self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        Ok(match self {
            Evaluated::Game(game) => Py::new(py, game)?.into_any(),
            Evaluated::Bool(b) => b.into_pyobject(py)?.to_owned().into_any().unbind(),
            Evaluated::Number(x) => to_fraction(py, &x)?.unbind(),
            Evaluated::Natural(n) => n.into_pyobject(py)?.into_any().unbind(),
            Evaluated::Thermograph(t) => Py::new(py, Thermograph { inner: t })?.into_any(),
            Evaluated::Outcome(o) => o.to_string().into_pyobject(py)?.into_any().unbind(),
            Evaluated::Set(games) => {
                let items = games
                    .into_iter()
                    .map(|g| Py::new(py, g).map(|g| g.into_any()))
                    .collect::<PyResult<Vec<_>>>()?;
                PyList::new(py, items)?.into_any().unbind()
            }
            Evaluated::List(values) => {
                let items = values
                    .into_iter()
                    .map(|v| v.into_python(py))
                    .collect::<PyResult<Vec<_>>>()?;
                PyList::new(py, items)?.into_any().unbind()
            }
            Evaluated::Loopy(value) => crate::loopy::into_python(py, value)?,
            Evaluated::LoopyOutcome(o) => o.into_pyobject(py)?.into_any().unbind(),
            Evaluated::Text(t) => t.into_pyobject(py)?.into_any().unbind(),
        })
    }
}

fn evaluate(py: Python<'_>, text: &str) -> PyResult<Evaluated> {
    let text = text.to_string();
    with_store(py, move |store| {
        evaluate_text(store, &text).map(|v| Evaluated::of(store, v))
    })
}

/// The value of an expression of `conway eval`: a Game, a bool (comparisons), a Fraction
/// (stops, mean, temperature), an int (birthday), a Thermograph or an outcome class
/// ("L", "R", "P" or "N").
///
/// Where CGSuite's interpreter would read the input otherwise (`3*5` is the game 3+*5 here, as
/// CGSuite prints it, and 15 there), a `UserWarning` says so.
///
/// `rulesets`, given by the Python half, are the `Ruleset`s of the session, which the
/// expression may name.
#[pyfunction(name = "evaluate")]
#[pyo3(signature = (expression, rulesets = None))]
fn py_evaluate(
    py: Python<'_>,
    expression: &str,
    rulesets: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let (expr, notes) =
        parse_expression_noted(expression).map_err(|e| to_python(&PartizanError::from(e)))?;
    let named = crate::ruleset::user_rulesets(rulesets)?;
    let names = named.bindings();
    let value = with_store(py, move |store| {
        conway_expr::eval::evaluate_in(store, &names, &expr).map(|v| Evaluated::of(store, v))
    })
    .map_err(|e| named.failure(e))?
    .into_python(py)?;
    let category = py.get_type::<pyo3::exceptions::PyUserWarning>();
    for note in notes {
        let message = std::ffi::CString::new(note.to_string()).unwrap_or_default();
        // Level 2: the caller of `conway.evaluate`, the Python function around this one.
        PyErr::warn(py, &category, &message, 2)?;
    }
    Ok(value)
}

/// The moves of a ruleset position or a sum with one (`domineering("..|..") + *`), or of a
/// loopy ruleset's position: a dict of `left` and `right` (each a list of dicts `move`,
/// `to`, `value`, `wins`, `draws`, `plies`), `every_move` and `note`. Good moves only unless `every`: the winning ones, or where none wins, those
/// to the best positions left. The Python half wraps it in `conway.Moves`.
#[pyfunction]
#[pyo3(signature = (position, every = false, rulesets = None))]
fn moves<'py>(
    py: Python<'py>,
    position: &str,
    every: bool,
    rulesets: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let text = position.to_string();
    let listing = if every { Listing::Every } else { Listing::Good };
    let named = crate::ruleset::user_rulesets(rulesets)?;
    let names = named.bindings();
    let listed = with_store(py, move |store| moves_of(store, &names, &text, listing))
        .map_err(|e| named.failure(e))?;
    let Some(listed) = listed else {
        return Err(PyValueError::new_err(format!(
            "{position} has no moves to list: moves are listed for a ruleset position \
             (domineering(\"..|..\"), clobber(\"xo\"), …) or a sum with one"
        )));
    };
    let as_dicts = |moves: &[Move]| -> PyResult<Vec<Bound<'py, PyDict>>> {
        moves
            .iter()
            .map(|m| {
                let d = PyDict::new(py);
                d.set_item("move", &m.description)?;
                d.set_item("to", &m.to)?;
                d.set_item("value", &m.value)?;
                d.set_item("wins", m.wins)?;
                d.set_item("draws", m.draws)?;
                d.set_item("plies", m.plies)?;
                Ok(d)
            })
            .collect()
    };
    let out = PyDict::new(py);
    out.set_item("left", as_dicts(&listed.left_moves)?)?;
    out.set_item("right", as_dicts(&listed.right_moves)?)?;
    out.set_item("every_move", listed.every_move)?;
    out.set_item("note", listed.moves_note)?;
    Ok(out)
}

/// `conway.game("{3||2|1}")`: the game an expression or number stands for: a `Game`, or a
/// `LoopyGame` for a loopy value such as `a{0|a}`.
#[pyfunction]
fn game(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
    if let Ok(text) = value.extract::<String>() {
        let value = evaluate_any(py, &text)?;
        return crate::loopy::into_python(py, value);
    }
    if let Ok(g) = value.cast::<crate::loopy::LoopyGame>() {
        return Ok(g.clone().into_any().unbind());
    }
    Ok(Py::new(py, to_game(py, value)?)?.into_any())
}

/// The value of an expression that must be a game, short or loopy.
pub(crate) fn evaluate_any(py: Python<'_>, text: &str) -> PyResult<conway_loopy::Loopy> {
    use conway_loopy::Loopy;
    match evaluate(py, text)? {
        Evaluated::Game(game) => Ok(Loopy::Short(game.id)),
        Evaluated::Loopy(value) => Ok(value),
        other => Err(PyValueError::new_err(format!(
            "'{text}' is {}, not a game",
            other.description()
        ))),
    }
}

/// Whether g and h are confused (incomparable): neither g <= h nor h <= g, written g || h.
#[pyfunction]
fn fuzzy(py: Python<'_>, g: &Bound<'_, PyAny>, h: &Bound<'_, PyAny>) -> PyResult<bool> {
    let (g, h) = (to_game(py, g)?.id, to_game(py, h)?.id);
    with_store(py, move |store| Ok(!store.leq(g, h) && !store.leq(h, g)))
}

/// An argument of a table function, converted from Python before the store is taken.
enum Arg {
    Game(GameId),
    Any(conway_loopy::Loopy),
    Number(Dyadic),
    Natural(u64),
    Integer(i64),
    Naturals(Vec<u64>),
    /// A misère game in CGSuite's notation, `*[2#]`, read inside the store.
    Misere(String),
    Text(String),
}

/// Calls the `eval` function `name` (any spelling `conway eval` accepts) with Python
/// arguments: games (or numbers, or expressions as strings), numbers, whole numbers and
/// ruleset positions as its parameters ask.
#[pyfunction]
#[pyo3(signature = (name, *args))]
fn call(py: Python<'_>, name: &str, args: &Bound<'_, PyTuple>) -> PyResult<Py<PyAny>> {
    let function = lookup(name).ok_or_else(|| PyValueError::new_err(unknown_function(name)))?;
    if args.len() != function.arity() {
        return Err(PyTypeError::new_err(format!(
            "{} takes {} argument{}, got {}",
            function.signature(),
            function.arity(),
            if function.arity() == 1 { "" } else { "s" },
            args.len()
        )));
    }
    let mut converted = Vec::with_capacity(args.len());
    for (param, arg) in function.params.iter().zip(args.iter()) {
        converted.push(match param.kind {
            ArgKind::Game => Arg::Game(to_game(py, &arg)?.id),
            ArgKind::Any => Arg::Any(crate::loopy::to_loopy(py, &arg, true)?.ok_or_else(|| {
                PyTypeError::new_err(format!(
                    "{}: {} must be a game (a Game, a LoopyGame, a number or a string)",
                    function.signature(),
                    param.name
                ))
            })?),
            ArgKind::Number => Arg::Number(from_python(&arg)?),
            ArgKind::Natural => Arg::Natural(arg.extract().map_err(|_| {
                PyValueError::new_err(format!(
                    "{}: {} must be a whole number from 0 to 2^64 - 1",
                    function.signature(),
                    param.name
                ))
            })?),
            ArgKind::Integer => Arg::Integer(arg.extract().map_err(|_| {
                PyValueError::new_err(format!(
                    "{}: {} must be a whole number from -2^63 to 2^63 - 1",
                    function.signature(),
                    param.name
                ))
            })?),
            ArgKind::Naturals => Arg::Naturals(arg.extract().map_err(|_| {
                PyValueError::new_err(format!(
                    "{}: {} must be a list of whole numbers from 0 to 2^64 - 1",
                    function.signature(),
                    param.name
                ))
            })?),
            ArgKind::Text => Arg::Text(arg.extract().map_err(|_| {
                PyTypeError::new_err(format!(
                    "{}: the position must be a string",
                    function.signature()
                ))
            })?),
            ArgKind::Misere => Arg::Misere(arg.extract().map_err(|_| {
                PyTypeError::new_err(format!(
                    "{}: {} must be a misère game in CGSuite's notation, e.g. \"*[2#]\"",
                    function.signature(),
                    param.name
                ))
            })?),
        });
    }
    let value = with_store(py, move |store| {
        let mut arguments: Vec<Argument<'_>> = Vec::with_capacity(converted.len());
        for arg in &converted {
            arguments.push(match arg {
                Arg::Game(g) => Argument::Game(*g),
                Arg::Any(g) => Argument::Any(g.clone()),
                Arg::Number(x) => Argument::Number(x.clone()),
                Arg::Natural(n) => Argument::Natural(*n),
                Arg::Integer(n) => Argument::Integer(*n),
                Arg::Naturals(ns) => Argument::Naturals(ns.clone()),
                // Column 0: the string's own columns (from 1) are kept as they are.
                Arg::Text(text) => Argument::Text(Text { text, column: 0 }),
                Arg::Misere(text) => match conway_expr::eval::evaluate_text(store, text)? {
                    Value::Misere(g) => Argument::Misere(g),
                    _ => {
                        return Err(PartizanError::InvalidInput(format!(
                            "{text} is not a misère game (write it *[…], e.g. *[2#])"
                        )))
                    }
                },
            });
        }
        function
            .call(store, &arguments)
            .map(|v| Evaluated::of(store, v))
            .map_err(relative_to_the_string)
    })?;
    value.into_python(py)
}

/// An error the table placed "at the string" (column 0, as Python has no expression
/// around the string) is about no place in particular.
fn relative_to_the_string(error: PartizanError) -> PartizanError {
    match error {
        PartizanError::Located { column: 0, error } => *error,
        other => other,
    }
}

/// Every function of `conway eval` as a dict: its name, its other spellings, its parameters
/// (name and kind), its help line and an example call. The Python package makes one module
/// function per entry.
#[pyfunction]
fn functions(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    FUNCTIONS
        .iter()
        .map(|f| {
            let entry = PyDict::new(py);
            entry.set_item("name", f.name)?;
            entry.set_item("aliases", f.aliases.to_vec())?;
            let params: Vec<(&str, &str)> = f
                .params
                .iter()
                .map(|p| {
                    let kind = match p.kind {
                        ArgKind::Game => "game",
                        ArgKind::Any => "any game",
                        ArgKind::Number => "number",
                        ArgKind::Natural => "natural",
                        ArgKind::Integer => "integer",
                        ArgKind::Naturals => "naturals",
                        ArgKind::Text => "text",
                        ArgKind::Misere => "misere game",
                    };
                    (p.name, kind)
                })
                .collect();
            entry.set_item("params", params)?;
            entry.set_item("help", f.help)?;
            entry.set_item("signature", f.signature())?;
            entry.set_item("example", f.example)?;
            Ok(entry)
        })
        .collect()
}

/// A thermograph: its walls as CGSuite prints them, mean and temperature, and an SVG
/// drawing (shown inline by Jupyter).
#[pyclass(frozen, module = "conway", name = "Thermograph")]
pub struct Thermograph {
    inner: Thermo,
}

#[pymethods]
impl Thermograph {
    /// The mean value: where the mast stands.
    #[getter]
    fn mean<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_fraction(py, self.inner.mean())
    }

    /// The temperature: where the mast begins.
    #[getter]
    fn temperature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_fraction(py, self.inner.temperature())
    }

    /// The drawing as an SVG document.
    fn svg(&self) -> String {
        thermograph_svg(&self.inner, "")
    }

    fn _repr_svg_(&self) -> String {
        self.svg()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        self.inner.to_string()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Thermograph>()
            .is_ok_and(|t| t.get().inner == self.inner)
    }
}

/// Adds the partizan names to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<crate::loopy::LoopyGame>()?;
    m.add_class::<Thermograph>()?;
    m.add_function(wrap_pyfunction!(game, m)?)?;
    m.add_function(wrap_pyfunction!(moves, m)?)?;
    m.add_function(wrap_pyfunction!(py_evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(fuzzy, m)?)?;
    m.add_function(wrap_pyfunction!(call, m)?)?;
    m.add_function(wrap_pyfunction!(functions, m)?)?;
    Ok(())
}
