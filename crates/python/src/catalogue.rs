//! The catalogue's games from Python: `conway.games()` lists them and `conway.solve(game,
//! *position, **options)` answers a position, each read and answered by the same entry as
//! `conway solve` (so the JSON is the CLI's). Python turns its arguments into words; this
//! module hands them to the entry, which reads them with the CLI's limits.

use conway_games::{Listed, Param, Request};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use serde::Serialize;

use crate::errors::to_python;
use crate::signals::interruptible;

/// A game as `conway.games()` describes it: the listing and its parameters.
#[derive(Serialize)]
struct Described {
    #[serde(flatten)]
    listed: Listed,
    aliases: &'static [&'static str],
    parameters: &'static [Param],
}

/// Every game of the catalogue, as JSON: name, summary, usage, playable, aliases and
/// parameters (name, kind, option, arity, required, default, help).
#[pyfunction]
#[pyo3(name = "_games")]
fn games() -> PyResult<String> {
    let described: Vec<Described> = conway_games::GAMES
        .iter()
        .map(|g| Described {
            listed: g.listed(),
            aliases: g.aliases,
            parameters: g.params,
        })
        .collect();
    serde_json::to_string(&described).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Every ruleset of the registry, as JSON: name, aliases, title, summary, parameters,
/// example, whether loopy, its board (symbols and pieces) and whether searched.
#[pyfunction]
#[pyo3(name = "_rulesets")]
fn rulesets() -> PyResult<String> {
    serde_json::to_string(&conway_rulesets::registry::descriptions())
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The picture of a position of the ruleset `name` drawn as edges, as JSON
/// (`{"stalks": …}` or `{"graph": …}`); a position the ruleset refuses raises its error.
#[pyfunction]
#[pyo3(name = "_picture")]
fn picture(name: &str, position: &str) -> PyResult<String> {
    let pictured = conway_rulesets::registry::ruleset(name)
        .and_then(|r| r.picture)
        .ok_or_else(|| PyValueError::new_err(format!("no ruleset '{name}' drawn as a picture")))?;
    let picture = (pictured.read)(position).map_err(|e| to_python(&e))?;
    serde_json::to_string(&picture).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The answer to a position of `game` written by `positional` words and `options` (name,
/// words), with every move when `moves`, as the JSON `conway solve … --json` prints.
#[pyfunction]
#[pyo3(name = "_solve", signature = (game, positional, options, moves, progress=None))]
fn solve(
    py: Python<'_>,
    game: &str,
    positional: Vec<String>,
    options: Vec<(String, Vec<String>)>,
    moves: bool,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let Some(entry) = conway_games::find(game) else {
        let names: Vec<&str> = conway_games::GAMES.iter().map(|g| g.name).collect();
        return Err(PyValueError::new_err(format!(
            "'{game}' is not a game of conway.games(): {}",
            names.join(", ")
        )));
    };
    let solved = interruptible(py, progress, |watched| {
        let request = Request {
            moves,
            watch: watched,
        };
        entry.solve_words(&positional, &options, &request)
    })?
    .map_err(|e| to_python(&e))?;
    serde_json::to_string(&solved).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The files the graph games' examples read: (name, text) pairs.
#[pyfunction]
#[pyo3(name = "_example_files")]
fn example_files() -> Vec<(&'static str, &'static str)> {
    conway_games::EXAMPLE_FILES.to_vec()
}

/// Adds the catalogue's functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(rulesets, m)?)?;
    m.add_function(wrap_pyfunction!(picture, m)?)?;
    m.add_function(wrap_pyfunction!(example_files, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)
}
