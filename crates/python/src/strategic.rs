//! Nash equilibria from Python: a bimatrix game (payoffs as exact number texts, which the
//! Python half makes from ints, Fractions, floats or strings) or a Gambit `.nfg` text, solved
//! by the library's checked methods with the interpreter released and stopped by Ctrl-C.
//! The report comes back as the CLI's (exact texts), and the Python half turns its numbers
//! into Fractions.

use conway_strategic::formats::input::{parse_any, AnyGame};
use conway_strategic::formats::nfg;
use conway_strategic::nash::extensive::extensive_equilibria;
use conway_strategic::nash::{equilibria, Method, Options};
use conway_strategic::NormalFormGame;
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
                    conway_strategic::game::parse_number(text).ok_or_else(|| {
                        PyValueError::new_err(format!(
                            "{which}[{i}][{j}] = '{text}' is not an exact number (an integer, a decimal or a fraction such as 1/3)"
                        ))
                    })
                })
                .collect()
        })
        .collect()
}

/// The game of `nash`: a `.nfg` or `.efg` text, or payoff matrices.
fn any_game(
    a: Option<Vec<Vec<String>>>,
    b: Option<Vec<Vec<String>>>,
    text: Option<String>,
) -> PyResult<AnyGame> {
    match (a, b, text) {
        (None, None, Some(text)) => parse_any(&text).map_err(|e| to_python(&e)),
        (a, b, None) => bimatrix(a, b).map(AnyGame::Normal),
        _ => Err(PyValueError::new_err(
            "give payoff matrices A (and B) or a .nfg or .efg file",
        )),
    }
}

/// The bimatrix game of `a` and `b` (zero-sum without `b`).
fn bimatrix(a: Option<Vec<Vec<String>>>, b: Option<Vec<Vec<String>>>) -> PyResult<NormalFormGame> {
    match (a, b) {
        (Some(a), b) => {
            let a = matrix("A", a)?;
            match b {
                Some(b) => NormalFormGame::bimatrix(&a, &matrix("B", b)?),
                None => NormalFormGame::zero_sum(&a),
            }
            .map_err(|e| to_python(&e))
        }
        _ => Err(PyValueError::new_err("give payoff matrices A (and B)")),
    }
}

/// The Nash equilibria of a game as a dict of the CLI's report: `players`, `method`,
/// `equilibria` (per equilibrium, per player, exact probability texts), `components`
/// (index groups, or None), `maximal_nash_subsets` (with the components, for two players:
/// pairs of strategy lists, or None), `value` (text, or None), and for the poly method
/// `approximate` (indices of equilibria given as decimals, or None), `within` (their error
/// bound as text, or None) and `unsettled` (pairs of supports and reasons, or None); for
/// an `.efg` text also `information_sets` (per player, pairs of label and actions),
/// `behaviour` (per equilibrium, player and set, probability texts or None),
/// `reduced_strategies` and `without_perfect_recall` (games without perfect recall) and
/// `subgame_perfect`; for the logit method `trace` (the CLI's JSON of where the branch led,
/// with every point when `path`).
#[pyfunction]
#[pyo3(name = "_nash", signature = (a=None, b=None, nfg_text=None, method=None, components=false, label=None, precision=None, progress=None, subgame_perfect=false, path=false))]
#[allow(clippy::too_many_arguments)]
fn nash<'py>(
    py: Python<'py>,
    a: Option<Vec<Vec<String>>>,
    b: Option<Vec<Vec<String>>>,
    nfg_text: Option<String>,
    method: Option<&str>,
    components: bool,
    label: Option<u64>,
    precision: Option<usize>,
    progress: Option<&Bound<'py, PyAny>>,
    subgame_perfect: bool,
    path: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let game = any_game(a, b, nfg_text)?;
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
    let options = Options {
        label,
        components,
        precision,
        path,
        subgame_perfect,
    };
    let report = interruptible(py, progress, |progress| match &game {
        AnyGame::Normal(game) => equilibria(game, method, options, progress),
        AnyGame::Extensive(tree) => extensive_equilibria(tree, method, options, progress),
    })?
    .map_err(|e| to_python(&e))?;
    let out = PyDict::new(py);
    out.set_item("players", report.players)?;
    out.set_item("method", report.method.name())?;
    out.set_item("equilibria", report.equilibria)?;
    out.set_item("components", report.components)?;
    let subsets = report.maximal_nash_subsets.map(|all| {
        all.into_iter()
            .map(|s| (s.player1, s.player2))
            .collect::<Vec<_>>()
    });
    out.set_item("maximal_nash_subsets", subsets)?;
    out.set_item("value", report.value)?;
    out.set_item("approximate", report.approximate)?;
    out.set_item("within", report.within)?;
    let unsettled = report.unsettled.map(|all| {
        all.into_iter()
            .map(|u| (u.supports, u.reason))
            .collect::<Vec<_>>()
    });
    out.set_item("unsettled", unsettled)?;
    let sets = report.information_sets.map(|all| {
        all.into_iter()
            .map(|sets| {
                sets.into_iter()
                    .map(|s| (s.label, s.actions))
                    .collect::<Vec<_>>()
            })
            .collect::<Vec<_>>()
    });
    out.set_item("information_sets", sets)?;
    out.set_item("behaviour", report.behaviour)?;
    out.set_item("reduced_strategies", report.reduced_strategies)?;
    out.set_item("without_perfect_recall", report.without_perfect_recall)?;
    out.set_item("subgame_perfect", report.subgame_perfect)?;
    out.set_item("trace", report.trace.as_ref().map(as_json).transpose()?)?;
    Ok(out)
}

/// A symmetric game from player 1's matrix `a` (player 2's payoffs are its transpose).
fn symmetric(a: Vec<Vec<String>>) -> PyResult<NormalFormGame> {
    NormalFormGame::symmetric(&matrix("A", a)?).map_err(|e| to_python(&e))
}

/// A report as the CLI's JSON, which the Python half reads (exact numbers as texts).
fn as_json(report: &impl serde::Serialize) -> PyResult<String> {
    serde_json::to_string(report).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// `conway ess`: the evolutionarily stable strategies of the symmetric game `a`, as JSON.
#[pyfunction]
#[pyo3(name = "_ess")]
fn ess(py: Python<'_>, a: Vec<Vec<String>>) -> PyResult<String> {
    let game = symmetric(a)?;
    let report = interruptible(py, None, |_| {
        conway_strategic::evolutionary::ess::analyse(&game)
    })?
    .map_err(|e| to_python(&e))?;
    as_json(&report)
}

/// `conway stable`: the stochastically stable states of the symmetric game `a` with
/// `agents` agents, as JSON.
#[pyfunction]
#[pyo3(name = "_stable", signature = (a, agents, progress=None))]
fn stable(
    py: Python<'_>,
    a: Vec<Vec<String>>,
    agents: usize,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let game = symmetric(a)?;
    let report = interruptible(py, progress, |progress| {
        conway_strategic::evolutionary::stable::analyse(&game, agents, progress)
    })?
    .map_err(|e| to_python(&e))?;
    as_json(&report)
}

/// `conway replicator`: the rest points of the replicator dynamic, or with `start` a
/// trajectory, as JSON.
#[pyfunction]
#[pyo3(name = "_replicator", signature = (a, start=None, discrete=false, time=10.0, dt=0.01, steps=100, every=10))]
#[allow(clippy::too_many_arguments)]
fn replicator(
    py: Python<'_>,
    a: Vec<Vec<String>>,
    start: Option<String>,
    discrete: bool,
    time: f64,
    dt: f64,
    steps: usize,
    every: usize,
) -> PyResult<String> {
    use conway_strategic::evolutionary::replicator::{rest_points, trajectory, TrajectoryOptions};
    let game = symmetric(a)?;
    let Some(start) = start else {
        let report = interruptible(py, None, |_| rest_points(&game))?.map_err(|e| to_python(&e))?;
        return as_json(&report);
    };
    if !(time.is_finite() && time >= 0.0) {
        return Err(PyValueError::new_err("t must be a finite number ≥ 0"));
    }
    if !(dt.is_finite() && dt > 0.0) {
        return Err(PyValueError::new_err("dt must be a finite number > 0"));
    }
    if every == 0 {
        return Err(PyValueError::new_err("every must be at least 1"));
    }
    let options = TrajectoryOptions {
        discrete,
        time,
        dt,
        steps,
        every,
    };
    let report = interruptible(py, None, |_| trajectory(&game, &start, &options))?
        .map_err(|e| to_python(&e))?;
    as_json(&report)
}

/// A Gambit `.nfg` text read as a dict: `title`, `players`, `strategies` (labels per
/// player) and `payoffs` (per profile, player 1's strategy varying fastest, per player an
/// exact number text). Malformed text is a `ValueError` with its line and column.
#[pyfunction]
#[pyo3(name = "_read_nfg")]
fn read_nfg<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyDict>> {
    let game = nfg::parse(text).map_err(|e| to_python(&e))?;
    parts(py, &game)
}

/// The two-player game of `a` and `b` (zero-sum without `b`) in the parts [`read_nfg`]
/// returns, built and checked by the library.
#[pyfunction]
#[pyo3(name = "_bimatrix", signature = (a, b=None))]
fn bimatrix_parts<'py>(
    py: Python<'py>,
    a: Vec<Vec<String>>,
    b: Option<Vec<Vec<String>>>,
) -> PyResult<Bound<'py, PyDict>> {
    parts(py, &bimatrix(Some(a), b)?)
}

/// A game as plain parts: title, players, strategies, and payoff texts per profile in
/// Gambit's order.
fn parts<'py>(py: Python<'py>, game: &NormalFormGame) -> PyResult<Bound<'py, PyDict>> {
    let profiles: usize = game.shape().iter().product();
    let payoffs: Vec<Vec<String>> = (0..profiles)
        .map(|i| conway_strategic::game::rationals_text(game.payoffs_at(i)))
        .collect();
    let out = PyDict::new(py);
    out.set_item("title", &game.title)?;
    out.set_item("players", &game.players)?;
    out.set_item("strategies", &game.strategies)?;
    out.set_item("payoffs", payoffs)?;
    Ok(out)
}

/// The `.nfg` text of a game given by its parts (as [`read_nfg`] returns them), in
/// Gambit's payoff version or, with `outcomes`, its outcome version (which keeps the
/// strategy labels).
#[pyfunction]
#[pyo3(name = "_write_nfg")]
fn write_nfg(
    title: String,
    players: Vec<String>,
    strategies: Vec<Vec<String>>,
    payoffs: Vec<Vec<String>>,
    outcomes: bool,
) -> PyResult<String> {
    let payoffs = payoffs
        .iter()
        .enumerate()
        .map(|(profile, row)| {
            row.iter()
                .enumerate()
                .map(|(player, text)| {
                    conway_strategic::game::parse_number(text).ok_or_else(|| {
                        PyValueError::new_err(format!(
                            "the payoff of player {} at profile {profile} is '{text}', not an exact number",
                            player + 1
                        ))
                    })
                })
                .collect()
        })
        .collect::<PyResult<Vec<Vec<BigRational>>>>()?;
    let game =
        NormalFormGame::new(title, players, strategies, payoffs).map_err(|e| to_python(&e))?;
    Ok(if outcomes {
        nfg::write_outcome_version(&game)
    } else {
        nfg::write_payoff_version(&game)
    })
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
    m.add_function(wrap_pyfunction!(ess, m)?)?;
    m.add_function(wrap_pyfunction!(stable, m)?)?;
    m.add_function(wrap_pyfunction!(replicator, m)?)?;
    m.add_function(wrap_pyfunction!(read_nfg, m)?)?;
    m.add_function(wrap_pyfunction!(bimatrix_parts, m)?)?;
    m.add_function(wrap_pyfunction!(write_nfg, m)?)?;
    m.add_function(wrap_pyfunction!(nash_methods, m)?)
}
