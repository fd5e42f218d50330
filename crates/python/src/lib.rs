//! The Python package `conway`, compiled as its native module `conway._native`.
//!
//! A thin front end, as the CLI is: every answer comes from the domain crates, and this
//! crate only converts between Python objects and the library's types (exact numbers become
//! `fractions.Fraction`s, games become handles into one shared store) and turns the
//! library's errors into Python exceptions. The Python half of the package
//! (`python/conway/`) adds what is easier in Python: notebook display and docstrings
//! for the re-exported names.
//!
//! Work is done with the interpreter released (other Python threads run meanwhile) and is
//! stopped by Ctrl-C: the library's progress hook asks Python whether a signal is pending
//! ([`signals`]).

use pyo3::prelude::*;

mod boundary;
mod catalogue;
mod cycles;
mod errors;
mod heaps;
mod impartial;
mod loopy;
mod numbers;
mod partizan;
mod positions;
mod quotient;
mod ruleset;
mod signals;
mod strategic;
mod worksheet;

/// The native module; `conway/__init__.py` re-exports its names.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    errors::register(m)?;
    boundary::register(m)?;
    partizan::register(m)?;
    impartial::register(m)?;
    ruleset::register(m)?;
    heaps::register(m)?;
    catalogue::register(m)?;
    quotient::register(m)?;
    strategic::register(m)?;
    cycles::register(m)?;
    worksheet::register(m)?;
    Ok(())
}
