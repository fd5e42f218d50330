//! Heap games from Python: `heap_sequence("0.137", to=N)` gives the Grundy values of heaps
//! 0..=N of any game `conway grundy` knows (octal and hexadecimal codes, subtraction sets,
//! Grundy's game, Lasker's Nim, "all but" games, by name or code), with the period found
//! and whether a theorem certifies it. The work runs with the interpreter released and
//! stops on Ctrl-C.
//!
//! A user's own heap game is a rule, `rule(n)`: the moves from a heap of n, each the heaps
//! it leaves. The library values it heap by heap ([`try_grundy_sequence`]), and its period
//! is the observed one: no theorem covers an arbitrary rule.

use conway_impartial::heap::catalog::HeapGame;
use conway_impartial::heap::picture::{sequence_svg, PLOTTED_HEAPS};
use conway_impartial::heap::sequence::{compute, observed_report, SequenceReport};
use conway_impartial::heap::try_grundy_sequence;
use conway_impartial::heap::values::Values;
use conway_impartial::ImpartialError;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use pyo3::types::PyInt;

use crate::errors::to_python;
use crate::signals::{interruptible, Shown};

/// The values of a heap game and their periodicity, as `conway grundy` reports them. The
/// Python wrapper turns `raw` into a NumPy array (or a list).
#[pyclass(frozen, module = "conway", name = "_HeapSequence")]
pub struct RawSequence {
    report: SequenceReport,
    raw: Py<PyBytes>,
    item_size: usize,
}

#[pymethods]
impl RawSequence {
    /// The game's name as `conway grundy` prints it (its code, set or name).
    #[getter]
    fn game(&self) -> &str {
        &self.report.game
    }

    /// The last heap computed.
    #[getter]
    fn computed_to(&self) -> usize {
        self.report.computed_to
    }

    /// The first heap of the periodic part, or None when no period was found.
    #[getter]
    fn preperiod(&self) -> Option<usize> {
        self.report.preperiod
    }

    /// The least period, or None.
    #[getter]
    fn period(&self) -> Option<usize> {
        self.report.period
    }

    /// The growth of the values per period (0 for plain periodicity), or None.
    #[getter]
    fn saltus(&self) -> Option<u64> {
        self.report.saltus
    }

    /// Whether a theorem proves the period from the values computed (else it is observed).
    #[getter]
    fn certified(&self) -> bool {
        self.report.certified
    }

    /// The values, little-endian unsigned integers of `item_size` bytes each.
    #[getter]
    fn raw(&self, py: Python<'_>) -> Py<PyBytes> {
        self.raw.clone_ref(py)
    }

    /// 1, 2 or 4: the bytes per value in `raw`.
    #[getter]
    fn item_size(&self) -> usize {
        self.item_size
    }

    /// A plot of the values of heaps 0..=`heaps` with the periodic part shaded, as SVG
    /// (the worksheet's picture).
    #[pyo3(signature = (heaps=PLOTTED_HEAPS))]
    fn svg(&self, heaps: usize) -> String {
        sequence_svg(&self.report, heaps)
    }
}

/// The Grundy values of heaps 0..=`to` of `game` and their period.
#[pyfunction]
#[pyo3(name = "_heap_sequence", signature = (game, to, progress=None))]
fn heap_sequence(
    py: Python<'_>,
    game: &str,
    to: usize,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<RawSequence> {
    let game = HeapGame::parse(game).map_err(|e| to_python(&e))?;
    let report = interruptible(py, progress, |progress| {
        compute(&game, to, true, None, progress)
    })?
    .map_err(|e| to_python(&e))?;
    Ok(raw_sequence(py, report))
}

/// The values as the Python half reads them: little-endian bytes of the narrowest width.
fn raw_sequence(py: Python<'_>, report: SequenceReport) -> RawSequence {
    let values = report.values.clone().unwrap_or(Values::U8(Vec::new()));
    let (bytes, item_size): (Vec<u8>, usize) = match &values {
        Values::U8(v) => (v.clone(), 1),
        Values::U16(v) => (v.iter().flat_map(|x| x.to_le_bytes()).collect(), 2),
        Values::U32(v) => (v.iter().flat_map(|x| x.to_le_bytes()).collect(), 4),
    };
    RawSequence {
        report,
        raw: PyBytes::new(py, &bytes).unbind(),
        item_size,
    }
}

/// The most heaps a Python rule is evaluated for: the values take eight bytes a heap while
/// they are found (128 MiB here), and each heap is one call of the rule.
const MAX_RULE_HEAPS: usize = 1 << 24;

/// The Grundy values of heaps 0..=`to` of the game whose moves from a heap of n are
/// `rule(n)`: each move an int (the one heap it leaves) or an iterable of ints (the heaps it
/// leaves; empty when it takes the heap away), every heap smaller than n. `name` names the
/// game in the report.
#[pyfunction]
#[pyo3(name = "_heap_sequence_rule", signature = (rule, to, name, progress=None))]
fn heap_rule_sequence(
    py: Python<'_>,
    rule: &Bound<'_, PyAny>,
    to: usize,
    name: String,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<RawSequence> {
    if to >= MAX_RULE_HEAPS {
        return Err(to_python(&ImpartialError::too_large(
            "the last heap of a Python rule's sequence",
            to,
            MAX_RULE_HEAPS - 1,
        )));
    }
    let mut shown = Shown::new(progress);
    // rule_moves checks that every heap a move leaves is smaller than n.
    let values = try_grundy_sequence(to + 1, |n| {
        let moves = rule_moves(rule, n as usize)?;
        shown.tick(n as usize + 1, Some(to + 1), "heaps")?;
        Ok::<_, PyErr>(moves)
    })?;
    let values = Values::from_u64(&values).map_err(|e| to_python(&e))?;
    Ok(raw_sequence(py, observed_report(name, values, true)))
}

/// The most moves and heaps left that one call of a rule may give together.
const MAX_RULE_HEAPS_LEFT: usize = 1 << 24;

/// The moves `rule(n)` gives from a heap of n, each the heaps it leaves: a move is an int
/// (the one heap it leaves) or an iterable of ints (empty when it takes the heap away),
/// every heap smaller than n.
pub fn rule_moves(rule: &Bound<'_, PyAny>, n: usize) -> PyResult<Vec<Vec<u64>>> {
    let heap_of = |heap: &Bound<'_, PyAny>| -> PyResult<u64> {
        if !heap.is_instance_of::<PyInt>() {
            return Err(PyTypeError::new_err(format!(
                "rule({n}) leaves a heap of {}: heaps are ints",
                heap.get_type().name()?
            )));
        }
        match heap.extract::<usize>() {
            Ok(h) if h < n => Ok(h as u64),
            _ if n == 0 => Err(PyValueError::new_err(format!(
                "rule(0) leaves a heap of {heap}: a heap of 0 has no moves (give none)"
            ))),
            _ => Err(PyValueError::new_err(format!(
                "rule({n}) leaves a heap of {heap}: a move from a heap of {n} leaves heaps of 0 to {}",
                n - 1
            ))),
        }
    };
    let mut moves = Vec::new();
    let mut heaps_left = 0usize;
    let count = |heaps_left: &mut usize| {
        *heaps_left += 1;
        if *heaps_left > MAX_RULE_HEAPS_LEFT {
            return Err(to_python(&ImpartialError::too_large(
                format!("the heaps rule({n})'s moves leave"),
                *heaps_left,
                MAX_RULE_HEAPS_LEFT,
            )));
        }
        Ok(())
    };
    for one_move in rule.call1((n,))?.try_iter()? {
        let one_move = one_move?;
        count(&mut heaps_left)?;
        moves.push(if one_move.is_instance_of::<PyInt>() {
            vec![heap_of(&one_move)?]
        } else {
            let mut parts = Vec::new();
            for heap in one_move.try_iter()? {
                count(&mut heaps_left)?;
                parts.push(heap_of(&heap?)?);
            }
            parts
        });
    }
    Ok(moves)
}

/// Adds the heap-game names to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<RawSequence>()?;
    m.add_function(wrap_pyfunction!(heap_sequence, m)?)?;
    m.add_function(wrap_pyfunction!(heap_rule_sequence, m)?)
}
