//! What a solved position reports: the shared report types of `conway-core`, re-exported
//! here because every game module of this crate returns them.

pub use conway_core::report::{heaps_text, nimber_notation, Fact, Solution, WinningMove};

/// The heaps after replacing heap `i` with `to`, as text.
pub(crate) fn heaps_after(
    heaps: &[num_bigint::BigUint],
    i: usize,
    to: &num_bigint::BigUint,
) -> String {
    let mut next = heaps.to_vec();
    next[i] = to.clone();
    heaps_text(&next)
}
