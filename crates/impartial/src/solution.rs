//! What a solved position reports: the shared report types of `conway-core`, re-exported
//! here because every game module of this crate returns them.

pub use conway_core::report::{heaps_text, nimber_notation, Fact, Solution, WinningMove};
