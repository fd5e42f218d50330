//! The rule of Lasker's Nim: take any number of stones from a heap, or split a heap into two
//! non-empty heaps, with its closed form: g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4,
//! g(4k+4) = 4k+3 (Ferguson, Game Theory I §4). The game's winning moves are
//! `games::lasker`.

use std::ops::ControlFlow;

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use super::HeapRule;

/// The Lasker's Nim ruleset, as a heap rule for the brute-force oracle.
pub struct LaskerRule;

impl HeapRule for LaskerRule {
    fn visit_options(
        &self,
        n: u64,
        visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if n > 0 {
            visit(&[])?;
        }
        for k in 1..n {
            visit(&[k])?;
        }
        for a in 1..=n / 2 {
            visit(&[a, n - a])?;
        }
        ControlFlow::Continue(())
    }
}

/// The Grundy value of a heap that fits a machine word (heap 2^64 - 1 excepted: its value
/// is 2^64).
pub fn grundy_of(n: u64) -> u64 {
    match n % 4 {
        3 => n + 1,
        0 if n > 0 => n - 1,
        _ => n,
    }
}

/// The Grundy value of a heap.
pub fn grundy(n: &BigUint) -> BigUint {
    match (n % 4u32).to_u32() {
        Some(3) => n + 1u32,
        Some(0) if !n.is_zero() => n - 1u32,
        _ => n.clone(),
    }
}
