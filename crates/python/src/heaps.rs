//! Heap games from Python: `heap_sequence("0.137", to=N)` gives the Grundy values of heaps
//! 0..=N of any game `conway grundy` knows (octal and hexadecimal codes, subtraction sets,
//! Grundy's game, Lasker's Nim, "all but" games, by name or code), with the period found
//! and whether a theorem certifies it. The work runs with the interpreter released and
//! stops on Ctrl-C.

use conway_impartial::heap::catalog::HeapGame;
use conway_impartial::heap::sequence::{compute, SequenceReport};
use conway_impartial::heap::values::Values;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::errors::to_python;
use crate::signals::interruptible;

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
}

/// The Grundy values of heaps 0..=`to` of `game` and their period.
#[pyfunction]
#[pyo3(name = "_heap_sequence")]
fn heap_sequence(py: Python<'_>, game: &str, to: usize) -> PyResult<RawSequence> {
    let game = HeapGame::parse(game).map_err(|e| to_python(&e))?;
    let mut report = interruptible(py, |progress| compute(&game, to, true, None, progress))?
        .map_err(|e| to_python(&e))?;
    let values = report.values.take().unwrap_or(Values::U8(Vec::new()));
    let (bytes, item_size): (Vec<u8>, usize) = match &values {
        Values::U8(v) => (v.clone(), 1),
        Values::U16(v) => (v.iter().flat_map(|x| x.to_le_bytes()).collect(), 2),
        Values::U32(v) => (v.iter().flat_map(|x| x.to_le_bytes()).collect(), 4),
    };
    Ok(RawSequence {
        report,
        raw: PyBytes::new(py, &bytes).unbind(),
        item_size,
    })
}

/// Adds the heap-game names to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<RawSequence>()?;
    m.add_function(wrap_pyfunction!(heap_sequence, m)?)
}
