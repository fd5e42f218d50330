//! Random inputs for the property tests of this crate and of the graph games built on it
//! (enabled for other crates by the `testing` feature).

use proptest::prelude::*;

/// Small multigraphs, loops and parallel edges included: up to 7 vertices and 11 edges, so
/// that a search over every subset of edges stays fast as an oracle.
pub fn random_multigraph() -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
    (1usize..=7).prop_flat_map(|n| {
        let edge = (0..n as u32, 0..n as u32);
        (Just(n), proptest::collection::vec(edge, 0..=11))
    })
}
