//! Misère quotients from Python: `misere_quotient("0.75", to)` (any game `conway grundy`
//! reads, its period certified where the theorem applies) or `misere_quotient(rule, to)`
//! for a user's own rule, as `heap_sequence` takes it. The quotient answers sums of heaps:
//! each one's element, outcome and winning moves in misère play.

use conway_impartial::heap::catalog::HeapGame;
use conway_impartial::heap::position::{self, MAX_SOLVE_HEAP};
use conway_impartial::heap::quotient::picture::quotient_svg;
use conway_impartial::heap::quotient::solver::DEFAULT_QUOTIENT_LIMITS;
use conway_impartial::heap::quotient::{MisereQuotient, QuotientReport, MAX_KEPT_OPTIONS};
use conway_impartial::heap::HeapRule;
use conway_impartial::ImpartialError;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors::to_python;
use crate::heaps::rule_moves;
use crate::signals::{interruptible, Shown};

/// The most heaps a Python rule's quotient is computed for (each heap is one call of the
/// rule, and its moves are kept).
const MAX_RULE_HEAPS: usize = 1 << 16;

/// A misère quotient and what it answers.
#[pyclass(frozen, module = "conway", name = "_MisereQuotient")]
pub struct PyMisereQuotient {
    quotient: MisereQuotient,
    report: QuotientReport,
    /// The catalogue's game, for the moves of heaps past those computed.
    game: Option<HeapGame>,
}

#[pymethods]
impl PyMisereQuotient {
    /// The report as `conway grundy CODE --misere-quotient --json` gives it.
    fn json(&self) -> PyResult<String> {
        serde_json::to_string(&self.report).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// The multiplication table with the P-portion shaded, and the heaps' words (SVG).
    fn svg(&self) -> String {
        quotient_svg(&self.report)
    }

    /// The element of Q a sum of heaps maps to, as a word in the generators.
    fn element(&self, heaps: Vec<u64>) -> PyResult<String> {
        let x = self.image(&heaps)?;
        Ok(self.report.elements[x as usize].clone())
    }

    /// Whether the player to move loses the sum in misère play.
    fn is_p_position(&self, heaps: Vec<u64>) -> PyResult<bool> {
        let x = self.image(&heaps)?;
        Ok(self.quotient.pretension().p[x as usize])
    }

    /// The positions the winning moves of the sum leave (a cleared heap stays as 0).
    fn winning_moves(&self, heaps: Vec<u64>) -> PyResult<Vec<Vec<u64>>> {
        self.image(&heaps)?;
        let others = self.quotient.others(&heaps).unwrap_or_default();
        let mut winning = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            let moves = self.heap_moves(h)?;
            for parts in moves {
                if self.quotient.loses_after(others[i], &parts) == Some(true) {
                    winning.push(position::after(&heaps, i, &parts));
                }
            }
        }
        Ok(winning)
    }
}

impl PyMisereQuotient {
    fn image(&self, heaps: &[u64]) -> PyResult<u32> {
        self.quotient.position_image(heaps).ok_or_else(|| {
            let largest = heaps.iter().max().copied().unwrap_or(0);
            PyValueError::new_err(format!(
                "a heap of {largest} is past the quotient, which is that of heaps 0..{} only \
                 (no period certified)",
                self.quotient.computed_to()
            ))
        })
    }

    /// Heap h's moves: as computed, or from the catalogue's game past that.
    fn heap_moves(&self, h: u64) -> PyResult<Vec<Vec<u64>>> {
        if let Some(options) = self.quotient.heap_options(h) {
            return Ok(options.to_vec());
        }
        match &self.game {
            Some(game) if h <= MAX_SOLVE_HEAP => Ok(game.heap_options(h)),
            _ => Err(to_python(&ImpartialError::too_large(
                "a heap whose moves are listed",
                h,
                MAX_SOLVE_HEAP,
            ))),
        }
    }

    fn new(quotient: MisereQuotient, game: Option<HeapGame>) -> Self {
        PyMisereQuotient {
            report: quotient.report(),
            quotient,
            game,
        }
    }
}

/// The quotient of a game `conway grundy` reads, to heap `to` or until its period is
/// certified.
#[pyfunction]
#[pyo3(name = "_misere_quotient", signature = (game, to, progress=None))]
fn misere_quotient(
    py: Python<'_>,
    game: &str,
    to: usize,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyMisereQuotient> {
    let game = HeapGame::parse(game).map_err(|e| to_python(&e))?;
    let quotient = interruptible(py, progress, |progress| {
        MisereQuotient::compute(&game, to, DEFAULT_QUOTIENT_LIMITS, progress)
    })?
    .map_err(|e| to_python(&e))?;
    Ok(PyMisereQuotient::new(quotient, Some(game)))
}

/// The quotient of heaps 0..=`to` of the game whose moves from a heap of n are `rule(n)`.
#[pyfunction]
#[pyo3(name = "_misere_quotient_rule", signature = (rule, to, name, progress=None))]
fn misere_quotient_rule(
    py: Python<'_>,
    rule: &Bound<'_, PyAny>,
    to: usize,
    name: String,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyMisereQuotient> {
    if to >= MAX_RULE_HEAPS {
        return Err(to_python(&ImpartialError::too_large(
            "the last heap of a Python rule's quotient",
            to,
            MAX_RULE_HEAPS - 1,
        )));
    }
    let mut options = Vec::with_capacity(to + 1);
    let mut kept = 0usize;
    let mut shown = Shown::new(progress);
    for n in 0..=to {
        let moves = rule_moves(rule, n)?;
        kept += moves.len();
        if kept > MAX_KEPT_OPTIONS {
            return Err(to_python(&ImpartialError::too_large(
                format!("the moves of heaps 0..{n} of the rule"),
                kept,
                MAX_KEPT_OPTIONS,
            )));
        }
        options.push(moves);
        shown.tick(n + 1, Some(to + 1), "heaps")?;
    }
    let quotient = interruptible(py, progress, |progress| {
        MisereQuotient::of_options(name, options, DEFAULT_QUOTIENT_LIMITS, progress)
    })?
    .map_err(|e| to_python(&e))?;
    Ok(PyMisereQuotient::new(quotient, None))
}

/// Adds the quotient's names to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyMisereQuotient>()?;
    m.add_function(wrap_pyfunction!(misere_quotient, m)?)?;
    m.add_function(wrap_pyfunction!(misere_quotient_rule, m)?)
}
