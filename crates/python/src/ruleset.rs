//! Your own partizan games from Python: positions are hashable objects whose moves come
//! from functions `left_moves(position)` and `right_moves(position)` (or methods of the
//! positions of those names), optionally split into independent parts by
//! `components(position)`. The library's stack-free search gives canonical forms in the
//! shared store, so a user's game adds, compares and prints like any other `Game`.
//!
//! The callbacks need the interpreter, so the search holds it and the store together
//! ([`with_store_and_interpreter`]); an exception raised in a callback propagates
//! unchanged, and nothing half-explored is remembered.

use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::sync::Arc;

use conway_core::or_no_progress;
use conway_expr::eval::{position_call, UserBoard, UserRuleset, UserRulesets};
use conway_loopy::ruleset::{EvaluationError, LoopyEvaluator, LoopyRules};
use conway_partizan::rules::Rules;
use conway_partizan::{GameId, PartizanError, Player};
use conway_rulesets::moves::{PositionMoves, RulesetMove, MAX_LISTED_MOVES};
use conway_rulesets::outcome::outside::{misere_outcome, winner, Notation, OutsideError};
use conway_rulesets::outcome::ruleset::Ask;
use conway_rulesets::outcome::WinnerReport;
use conway_rulesets::registry::{Piece, Square};
use conway_rulesets::search::{canonical_form, SearchError};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::partizan::{with_store_and_interpreter, Game};
use crate::positions::{callable_or_none, moves_from, Positions, MAX_POSITIONS};
use crate::signals::{ProgressTarget, Shown};
use conway_partizan::Store;

/// A partizan game given by Python callbacks, memoised: its positions' canonical forms are
/// `Game`s. Without `left_moves` and `right_moves`, each position's methods of those names
/// list the moves (and its `components()` method, if it has one, its parts).
#[pyclass(module = "conway", name = "PartizanGame")]
pub struct PyPartizanGame {
    left_moves: Option<Py<PyAny>>,
    right_moves: Option<Py<PyAny>>,
    components: Option<Py<PyAny>>,
    /// Writes a position in the game's notation (for reports); `repr` without it.
    notation: Option<Py<PyAny>>,
    /// The game's name in reports.
    name: String,
    positions: Positions,
    memo: Memo,
    progress: Option<Py<PyAny>>,
}

/// What earlier questions found, in one store.
struct Memo {
    /// The store whose ids these are ([`Store::identity`]); `None` before the first question.
    store: Option<u64>,
    /// Canonical forms, for `canonical_form`.
    values: FxHashMap<u32, GameId>,
    /// Values, loopy or not, for `game_value`.
    loopy: LoopyEvaluator<u32>,
}

impl Default for Memo {
    fn default() -> Self {
        Memo {
            store: None,
            values: FxHashMap::default(),
            loopy: LoopyEvaluator::with_limit(MAX_POSITIONS),
        }
    }
}

impl Memo {
    /// This memo, made to hold `store`'s ids: what it found in another store is forgotten.
    fn of(&mut self, store: &Store) -> &mut Memo {
        if self.store != Some(store.identity()) {
            *self = Memo {
                store: Some(store.identity()),
                ..Memo::default()
            };
        }
        self
    }
}

/// The ruleset as the search sees it during one question.
struct Callbacks<'a, 'py> {
    py: Python<'py>,
    game: &'a PyPartizanGame,
    positions: RefCell<&'a mut Positions>,
    shown: RefCell<Shown<'a, 'py>>,
}

impl<'py> Callbacks<'_, 'py> {
    /// Calls `function(position)` or, without it, the position's method `method`.
    fn moves(&self, n: u32, function: Option<&Py<PyAny>>, method: &str) -> PyResult<Vec<u32>> {
        let position = self.positions.borrow().get(self.py, n);
        let listed = moves_from(&position, function.map(|f| f.bind(self.py)), method)?;
        let numbers = self.positions.borrow_mut().numbers_of(&listed)?;
        let met = self.positions.borrow().len();
        self.shown.borrow_mut().tick(met, None, "positions")?;
        Ok(numbers)
    }
}

/// The rules know no loopy values: every position is explored.
impl LoopyRules for Callbacks<'_, '_> {}

impl Notation for Callbacks<'_, '_> {
    fn name(&self) -> String {
        self.game.name.clone()
    }

    fn written(&self, n: &u32) -> PyResult<String> {
        let position = self.positions.borrow().get(self.py, *n);
        let text = match &self.game.notation {
            Some(notation) => notation.bind(self.py).call1((&position,))?,
            None => position.repr()?.into_any(),
        };
        text.extract::<String>()
    }
}

impl Rules for Callbacks<'_, '_> {
    type Position = u32;
    type Error = PyErr;

    fn left_moves(&self, n: &u32) -> PyResult<Vec<u32>> {
        self.moves(*n, self.game.left_moves.as_ref(), "left_moves")
    }

    fn right_moves(&self, n: &u32) -> PyResult<Vec<u32>> {
        self.moves(*n, self.game.right_moves.as_ref(), "right_moves")
    }

    fn components(&self, n: &u32) -> PyResult<Option<Vec<u32>>> {
        let position = self.positions.borrow().get(self.py, *n);
        let parts = match (&self.game.components, &self.game.left_moves) {
            (Some(f), _) => f.bind(self.py).call1((&position,))?,
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
}

#[pymethods]
impl PyPartizanGame {
    /// `PartizanGame(left_moves=None, right_moves=None, components=None, progress=False)`:
    /// functions of a position listing Left's and Right's options, and optionally its
    /// independent parts (or None). Without them, the positions' own methods of those names
    /// are used. `progress` (True for a bar, or a callable) shows the positions met during
    /// each question; see `conway.progress`.
    ///
    /// `notation(position)`, optional, writes a position as text for reports (`repr`
    /// without it), and `name` names the game in them.
    #[new]
    #[pyo3(signature = (left_moves=None, right_moves=None, components=None, progress=None, notation=None, name=None))]
    fn new(
        py: Python<'_>,
        left_moves: Option<Py<PyAny>>,
        right_moves: Option<Py<PyAny>>,
        components: Option<Py<PyAny>>,
        progress: Option<Py<PyAny>>,
        notation: Option<Py<PyAny>>,
        name: Option<String>,
    ) -> PyResult<Self> {
        callable_or_none("left_moves", &left_moves, py)?;
        callable_or_none("right_moves", &right_moves, py)?;
        callable_or_none("components", &components, py)?;
        callable_or_none("notation", &notation, py)?;
        if left_moves.is_some() != right_moves.is_some() {
            return Err(PyValueError::new_err(
                "give both left_moves and right_moves, or neither (to use the positions' methods)",
            ));
        }
        Ok(PyPartizanGame {
            left_moves,
            right_moves,
            components,
            notation,
            name: name.unwrap_or_else(|| "game".to_string()),
            positions: Positions::new(py),
            memo: Memo::default(),
            progress,
        })
    }

    /// The value of a position whose play may repeat positions (CGSuite's `GameValue`): a
    /// `Game` when every play ends, else a `LoopyGame` — a stopper in simplest form, or its
    /// onside and offside.
    fn game_value(&mut self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let value = self.ask(py, position, |rules, store, memo, root| {
            memo.loopy
                .value_by(rules, store, &root)
                .map_err(|error| match error {
                    EvaluationError::Rules(error) => Failure::Python(error),
                    EvaluationError::Game(error) => Failure::Game(error),
                })
        })?;
        crate::loopy::into_python(py, value)
    }

    /// The canonical form of a position, a `Game`.
    fn canonical_form(&mut self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<Game> {
        self.ask(py, position, |rules, store, memo, root| {
            canonical_of(rules, store, memo, root).map(|id| Game { id })
        })
    }

    /// Who wins a position, by search rather than by its value (for positions too large for
    /// a canonical form): `L`, `R`, `N` or `P`; with `misere=True`, in misère play (the
    /// player who cannot move wins), by a search of the position's own moves. The normal
    /// play search is the built-in rulesets': a transposition table, the position split by
    /// `components`, small components valued. `budget` bounds the positions searched (2^26
    /// by default); play that never ends is refused.
    #[pyo3(signature = (position, misere=false, budget=None))]
    fn outcome(
        &mut self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        misere: bool,
        budget: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        let budget = budget_of(budget)?;
        let outcome = if misere {
            self.ask(py, position, |rules, store, _, root| {
                let hook = store.progress_hook();
                let progress = or_no_progress(hook.as_deref());
                misere_outcome(rules, &root, MAX_POSITIONS, progress)
                    .map(|o| o.to_string())
                    .map_err(searched)
            })?
        } else {
            self.ask(py, position, |rules, store, _, root| {
                Ok(search_winner(rules, store, root, (false, None), budget)?.summary())
            })?
        };
        Ok(outcome)
    }

    /// The search's report on a position as JSON, as `conway solve`'s for a searched
    /// ruleset: its outcome and, for each starting player, the winner and the winning
    /// first moves with the positions they leave (every first move judged with
    /// `every_move`).
    #[pyo3(signature = (position, every_move=false, budget=None, first=None))]
    fn _winner(
        &mut self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        every_move: bool,
        budget: Option<&Bound<'_, PyAny>>,
        first: Option<&str>,
    ) -> PyResult<String> {
        let budget = budget_of(budget)?;
        let first = first
            .map(|word| {
                Player::from_word(word).ok_or_else(|| {
                    PyValueError::new_err(format!(
                        "first must be \"left\", \"right\" or None, not {word:?}"
                    ))
                })
            })
            .transpose()?;
        let report = self.ask(py, position, |rules, store, _, root| {
            search_winner(rules, store, root, (every_move, first), budget)
        })?;
        serde_json::to_string(&report).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// How many positions have a known canonical form.
    #[getter]
    fn positions_evaluated(&self) -> usize {
        self.memo.values.len()
    }
}

/// A search's budget of positions: None, or a whole number from 1 to 2^64 - 1 (a bool or
/// any other value is a `TypeError`, a number out of range a `ValueError`).
fn budget_of(budget: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    let Some(budget) = budget.filter(|b| !b.is_none()) else {
        return Ok(None);
    };
    if budget.is_instance_of::<pyo3::types::PyBool>()
        || !budget.is_instance_of::<pyo3::types::PyInt>()
    {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "budget must be a whole number of positions, or None",
        ));
    }
    match budget.extract::<u64>() {
        Ok(n) if n >= 1 => Ok(Some(n)),
        _ => Err(PyValueError::new_err(
            "budget must be a whole number of positions from 1 to 2^64 - 1",
        )),
    }
}

/// The outcome search of the built-in rulesets on a position of the callbacks' game.
fn search_winner(
    rules: &Callbacks<'_, '_>,
    store: &mut Store,
    root: u32,
    (every_move, first): (bool, Option<Player>),
    budget: Option<u64>,
) -> Result<WinnerReport, Failure> {
    let hook = store.progress_hook();
    let ask = Ask {
        every_move,
        budget,
        progress: or_no_progress(hook.as_deref()),
        first,
    };
    winner(store, rules, &root, ask).map_err(|error| match error {
        OutsideError::Ruleset(error) => Failure::Python(error),
        OutsideError::Game(error) => Failure::Game(error),
    })
}

/// A failed search's failure.
fn searched(error: SearchError<PyErr>) -> Failure {
    match error {
        SearchError::Ruleset(error) => Failure::Python(error),
        SearchError::Cycle => Failure::Game(PartizanError::InvalidInput(
            "the game has a cycle through a position: its play need not end".to_string(),
        )),
        // The evaluation around the search reports why it stopped.
        SearchError::Stopped => Failure::Game(PartizanError::Interrupted),
        SearchError::TooManyPositions(limit) => Failure::Game(PartizanError::too_large(
            "the positions of the game met by the search",
            format!("more than {limit}"),
            limit,
        )),
    }
}

/// Why one question failed.
enum Failure {
    /// A callback raised this exception, raised unchanged.
    Python(PyErr),
    /// The game did.
    Game(PartizanError),
}

impl PyPartizanGame {
    /// Asks one question of the game: `work` gets the callbacks, the store, what earlier
    /// questions found, and the position's number. The progress target is shown meanwhile,
    /// and nothing half-explored is remembered.
    fn ask<T>(
        &mut self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        work: impl FnOnce(&Callbacks<'_, '_>, &mut Store, &mut Memo, u32) -> Result<T, Failure>,
    ) -> PyResult<T> {
        // Numbered before the store is taken: hashing a position may use conway.
        let root = self.positions.number(position)?;
        let progress = self.progress.as_ref().map(|p| p.bind(py).clone());
        let target = ProgressTarget::open(py, progress.as_ref(), "PartizanGame")?;
        let mut raised = None;
        let result = with_store_and_interpreter(py, |store| {
            self.ask_in(py, store, target.callable(), root, work)
                .map_err(|failure| match failure {
                    Failure::Python(error) => {
                        raised = Some(error);
                        // Stands for the Python exception, raised instead below.
                        PartizanError::Interrupted
                    }
                    Failure::Game(error) => error,
                })
        });
        target.close()?;
        match raised {
            Some(error) => Err(error),
            None => result,
        }
    }

    /// [`ask`](Self::ask) in a given store, with what earlier questions found in it (the
    /// memo is the last store's: a question in another store starts it afresh).
    fn ask_in<'py, T>(
        &mut self,
        py: Python<'py>,
        store: &mut Store,
        shown: Option<&Bound<'py, PyAny>>,
        root: u32,
        work: impl FnOnce(&Callbacks<'_, 'py>, &mut Store, &mut Memo, u32) -> Result<T, Failure>,
    ) -> Result<T, Failure> {
        let mut positions = std::mem::replace(&mut self.positions, Positions::new(py));
        let mut memo = std::mem::take(&mut self.memo);
        let rules = Callbacks {
            py,
            game: self,
            positions: RefCell::new(&mut positions),
            shown: RefCell::new(Shown::new(shown)),
        };
        let result = work(&rules, store, memo.of(store), root);
        self.positions = positions;
        self.memo = memo;
        result
    }
}

/// A Python `Ruleset` as `eval` names it (`my_clobber("xo|ox")`): its positions are read
/// and written by the ruleset's `parse` and `format` and valued by the search behind
/// `canonical_form`, in whichever store the evaluation runs (the shared one, or a
/// worksheet session's, which has a game of its own, so that sessions never wait on
/// each other's).
pub struct NamedRuleset {
    name: String,
    /// The `Ruleset` instance: its `parse` and `format`.
    instance: Py<PyAny>,
    game: Py<PyPartizanGame>,
    /// The first exception the ruleset's code raised, for `conway.evaluate` to raise
    /// unchanged once the evaluation has stopped (the evaluator sees only its message).
    raised: std::sync::Mutex<Option<PyErr>>,
    board: Option<UserBoard>,
    example: String,
    summary: String,
}

/// An entry of the Python half's list of rulesets: name, instance, game, board (each symbol
/// and its piece), example and summary.
type Described = (
    String,
    Py<PyAny>,
    Py<PyPartizanGame>,
    Option<Vec<(String, String)>>,
    String,
    String,
);

impl NamedRuleset {
    /// The ruleset of one entry of the Python half's list (its name, instance, game, board,
    /// example and summary).
    pub fn new(described: &Bound<'_, PyAny>) -> PyResult<Self> {
        let (name, instance, game, board, example, summary): Described = described.extract()?;
        // A board that cannot be drawn leaves the ruleset undrawn, not unnamed
        // (`conway.board` says what is wrong with it).
        let board = board.and_then(|squares| user_board(&name, squares).ok());
        Ok(NamedRuleset {
            name,
            instance,
            game,
            raised: std::sync::Mutex::new(None),
            board,
            example,
            summary,
        })
    }

    /// The first exception the ruleset's code raised since the last call.
    pub fn take_raised(&self) -> Option<PyErr> {
        self.raised.lock().unwrap_or_else(|e| e.into_inner()).take()
    }

    /// Runs `work` on the position `text` writes, in `store`.
    fn on_position<T>(
        &self,
        store: &mut Store,
        text: &str,
        work: impl FnOnce(&Callbacks<'_, '_>, &mut Store, &mut Memo, u32) -> Result<T, Failure>,
    ) -> Result<T, PartizanError> {
        Python::attach(|py| {
            let failed = |failure: Failure| match failure {
                Failure::Game(error) => error,
                Failure::Python(error)
                    if error.is_instance_of::<pyo3::exceptions::PyKeyboardInterrupt>(py) =>
                {
                    PartizanError::Interrupted
                }
                Failure::Python(error) => {
                    let message = format!("{}: {error}", self.name);
                    self.raised
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .get_or_insert(error);
                    PartizanError::InvalidInput(message)
                }
            };
            let position = self
                .instance
                .bind(py)
                .call_method1("parse", (text,))
                .map_err(|e| failed(Failure::Python(e)))?;
            let mut game = self.game.bind(py).try_borrow_mut().map_err(|_| {
                PartizanError::InvalidInput(format!(
                    "{} is answering another question (ask one at a time)",
                    self.name
                ))
            })?;
            let root = game
                .positions
                .number(&position)
                .map_err(|e| failed(Failure::Python(e)))?;
            game.ask_in(py, store, None, root, work).map_err(failed)
        })
    }
}

/// The rulesets of `described` (the Python half's list of each registered `Ruleset`'s name,
/// instance, game, board, example and summary), for `eval` to name.
pub fn user_rulesets(described: Option<&Bound<'_, PyAny>>) -> PyResult<NamedRulesets> {
    let mut named = Vec::new();
    if let Some(described) = described.filter(|d| !d.is_none()) {
        for entry in described.try_iter()? {
            named.push(Arc::new(NamedRuleset::new(&entry?)?));
        }
    }
    let rulesets = named
        .iter()
        .map(|r| Arc::clone(r) as Arc<dyn UserRuleset>)
        .collect();
    Ok(NamedRulesets {
        rulesets: UserRulesets::new(rulesets),
        named,
    })
}

/// The Python rulesets an evaluation names: as the evaluator sees them, and as themselves,
/// for the exceptions they raised.
pub struct NamedRulesets {
    /// What the evaluator names.
    pub rulesets: UserRulesets,
    named: Vec<Arc<NamedRuleset>>,
}

impl NamedRulesets {
    /// Names an evaluation knows: no variables, these rulesets.
    pub fn bindings(&self) -> conway_expr::eval::Bindings {
        conway_expr::eval::Bindings::with_rulesets(self.rulesets.clone())
    }

    /// An evaluation's failure as Python sees it: the first exception a ruleset's code
    /// raised, unchanged, else the failure itself.
    pub fn failure(&self, failure: PyErr) -> PyErr {
        self.named
            .iter()
            .find_map(|r| r.take_raised())
            .unwrap_or(failure)
    }
}

/// A `Ruleset`'s `board` (each symbol and what it shows) as the worksheet draws it: the
/// empty square first, rows split by `|`.
fn user_board(name: &str, squares: Vec<(String, String)>) -> PyResult<UserBoard> {
    let mut read = Vec::with_capacity(squares.len());
    for (symbol, piece) in squares {
        let mut chars = symbol.chars();
        let (Some(symbol), None) = (chars.next(), chars.next()) else {
            return Err(PyValueError::new_err(format!(
                "{name}.board: {symbol:?} is not one character"
            )));
        };
        let piece: Piece = serde_json::from_value(serde_json::Value::String(piece.clone()))
            .map_err(|_| {
                PyValueError::new_err(format!(
                    "{name}.board: {piece:?} is not a piece (empty, left, right, filled or either)"
                ))
            })?;
        read.push(Square { symbol, piece });
    }
    read.sort_by_key(|s| s.piece != Piece::Empty);
    Ok(UserBoard {
        squares: read,
        row_separator: '|',
    })
}

/// The canonical form of the position `n`, which the callbacks' game lists.
fn canonical_of(
    rules: &Callbacks<'_, '_>,
    store: &mut Store,
    memo: &mut Memo,
    n: u32,
) -> Result<GameId, Failure> {
    canonical_form(rules, store, &mut memo.values, &n, MAX_POSITIONS).map_err(|error| match error {
        SearchError::Cycle => Failure::Game(PartizanError::InvalidInput(
            "the game has a cycle through a position; it is not a short game \
             (game_value gives the value of a loopy game)"
                .to_string(),
        )),
        error => searched(error),
    })
}

impl UserRuleset for NamedRuleset {
    fn name(&self) -> &str {
        &self.name
    }

    fn value(&self, store: &mut Store, text: &str) -> Result<GameId, PartizanError> {
        self.on_position(store, text, |rules, store, memo, root| {
            canonical_of(rules, store, memo, root)
        })
    }

    fn moves(&self, store: &mut Store, text: &str) -> Result<PositionMoves, PartizanError> {
        let name = &self.name;
        let call = |text: &str| {
            position_call(name, text).ok_or_else(|| {
                PartizanError::InvalidInput(format!(
                    "{name}'s position {text} has a double quote, which an eval string \
                     cannot hold"
                ))
            })
        };
        let position = call(text)?;
        self.on_position(store, text, |rules, store, memo, root| {
            let value = canonical_of(rules, store, memo, root)?;
            let left = rules.left_moves(&root).map_err(Failure::Python)?;
            let right = rules.right_moves(&root).map_err(Failure::Python)?;
            if left.len() > MAX_LISTED_MOVES || right.len() > MAX_LISTED_MOVES {
                return Ok(PositionMoves {
                    position: position.clone(),
                    value,
                    left: Vec::new(),
                    right: Vec::new(),
                    unlisted: Some((left.len(), right.len())),
                });
            }
            let mut side = |options: Vec<u32>, player: &str| {
                let mut moves = Vec::with_capacity(options.len());
                for option in options {
                    let written = rules.written(&option).map_err(Failure::Python)?;
                    // The move's position is read back from its text (in sums, misère play,
                    // the worksheet): it must be the same position.
                    let read = (self.instance.bind(rules.py))
                        .call_method1("parse", (&written,))
                        .and_then(|p| rules.positions.borrow_mut().number(&p))
                        .map_err(Failure::Python)?;
                    if read != option {
                        return Err(Failure::Game(PartizanError::InvalidInput(format!(
                            "{name}: a move leaves a position written {written}, which parse \
                             reads as another position (parse and format must undo each other)"
                        ))));
                    }
                    moves.push(RulesetMove {
                        description: format!("{player} moves to {written}"),
                        to: call(&written).map_err(Failure::Game)?,
                        value: canonical_of(rules, store, memo, option)?,
                    });
                }
                Ok::<_, Failure>(moves)
            };
            let left = side(left, "Left")?;
            let right = side(right, "Right")?;
            Ok(PositionMoves {
                position: position.clone(),
                value,
                left,
                right,
                unlisted: None,
            })
        })
    }

    fn board(&self) -> Option<&UserBoard> {
        self.board.as_ref()
    }

    fn example(&self) -> &str {
        &self.example
    }

    fn summary(&self) -> &str {
        &self.summary
    }
}

/// Adds the partizan-ruleset names to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyPartizanGame>()
}
