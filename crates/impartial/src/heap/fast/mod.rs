//! The fast Grundy-sequence engines for octal and hexadecimal codes.
//!
//! The naive method looks at every split of every heap, O(n²) for n heaps. The rare/common
//! method cuts the nimbers into two classes so that almost every split gives a value of the
//! same class, and needs only the few splits with a *rare* part plus a short scan; codes
//! with three-heap splits use a quadratic method instead. The generic
//! [`grundy_sequence`](super::grundy_sequence) is the oracle of both.
//!
//! The map, one idea per module:
//! - `engine` — the driver: [`SequenceEngine`] chooses a method heap by heap, stores the
//!   values ([`Values`], one byte per heap until a value needs
//!   two), reports progress, stops when asked and resumes from saved values;
//! - `pipeline` — the driver on several threads: heaps closer together than the code's
//!   reach are computed at the same time, each thread keeping its own copy of the state,
//!   with the same values, counters and stops as on one thread;
//! - `naive` — the baseline: every split, on bitsets ([`naive_octal_sequence`]) and in the
//!   driver for the heaps where the rare/common method would cost more;
//! - `rare_common` — the rare/common method: the parity mask and the heap bit, the rare
//!   positions, the candidate and the scan for rare values below it;
//! - `quadratic` — codes with three-heap splits: a three-heap split is a heap beside a
//!   two-heap split, whose values are kept per length (`PairSets`) and xored
//!   64 at a time;
//! - `word` — option sets of values below 64 or 128 kept in registers (`Word`);
//! - `moves` — what every method shares: a code's moves sorted by kind, and the walk over
//!   the two-heap splits of a heap.
//!
//! Option sets held in memory are [`ValueSet`](crate::mex::ValueSet)s, the crate's one
//! bitset mex.

mod engine;
mod moves;
mod naive;
mod pacing;
mod pipeline;
mod quadratic;
mod rare_common;
mod word;

pub use super::values::Values;
pub use engine::{octal_sequence, SequenceEngine, MAX_VALUE, PROGRESS_INTERVAL};
pub use naive::{naive_grundys_game, naive_octal_sequence};
pub use rare_common::{EngineStats, REMASK_INTERVAL};

/// The fewest value bits the bitsets are sized for (64 values: one machine word).
const MIN_BITS: u32 = 6;

#[cfg(test)]
mod test_support {
    //! What the tests of every method share: games by code and the generic oracle.

    use crate::heap::grundy_sequence;
    use crate::heap::octal::OctalGame;

    pub fn game(code: &str) -> OctalGame {
        OctalGame::parse(code).unwrap()
    }

    /// The values by the generic oracle (every option built as a list).
    pub fn naive(code: &str, len: usize) -> Vec<u64> {
        grundy_sequence(&game(code), len)
    }

    /// The values by the driver with its default choices.
    pub fn fast(code: &str, len: usize) -> Vec<u64> {
        super::octal_sequence(&game(code), len)
            .unwrap()
            .to_u64_vec()
    }
}
