//! The classic impartial games of the seeds, each with its closed form, a brute-force oracle
//! in its tests, and winning moves described for a player.

pub mod auction;
pub mod calendar;
pub mod coins;
pub mod digital_deletions;
pub mod divisors;
pub mod euclid;
pub mod fibonacci_nim;
pub mod fibonacci_subtraction;
pub mod gen_mem;
pub mod gen_wythoff;
pub mod kiki;
pub mod lasker;
pub mod misere_nim;
pub mod moore;
pub mod multiplication;
pub mod nim;
pub mod nim_with_adding;
pub mod powers_of_two;
pub mod staircase;
pub mod subtraction;
pub mod tartan;
pub mod turning;
pub mod wythoff;

use num_bigint::BigUint;

/// `a − b` in words for a move that takes stones: "take 12 from heap 3 (39 → 27)".
pub(crate) fn take_text(heap_index: usize, from: &BigUint, to: &BigUint) -> String {
    format!(
        "take {} from heap {} ({from} → {to})",
        from - to,
        heap_index + 1
    )
}
