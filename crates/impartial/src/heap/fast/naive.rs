//! The naive method: every split of every heap, O(n²) for octal codes and O(n³) with
//! three-heap splits.
//!
//! [`naive_octal_sequence`] runs it for a whole sequence: the baseline the rare/common method
//! is measured against, and an oracle for long sequences. The driver also computes single
//! heaps this way where the rare/common method would cost more: [`naive_word`] with a
//! register option set, [`naive_value`] with one in memory.

use super::engine::MAX_VALUE;
use super::moves::{scan, Moves, CHUNK};
use super::word::Word;
use super::MIN_BITS;
use crate::heap::octal::OctalGame;
use crate::heap::values::{StoredValue, Values};
use crate::mex::ValueSet;
use crate::ImpartialError;

/// The Grundy values of heaps `0..len` by the naive method on bitsets: every split of every
/// heap, O(n²) for octal codes and O(n³) with three-heap splits. It is the baseline the
/// rare/common method is measured against, and an oracle fast enough for long sequences
/// (the generic [`grundy_sequence`](crate::heap::grundy_sequence) builds every option as a
/// list).
pub fn naive_octal_sequence(game: &OctalGame, len: usize) -> Result<Values, ImpartialError> {
    naive_sequence(&Moves::new(game), len)
}

/// The Grundy values of heaps `0..len` of Grundy's game by the naive method (every split
/// into two unequal heaps, O(n²)): the quadratic engine the rare/common one for Grundy's
/// game is checked against.
pub fn naive_grundys_game(len: usize) -> Result<Values, ImpartialError> {
    naive_sequence(&Moves::grundys_game(), len)
}

/// The naive method for any moves.
fn naive_sequence(moves: &Moves, len: usize) -> Result<Values, ImpartialError> {
    let mut g: Vec<u16> = Vec::with_capacity(len);
    let mut bits = MIN_BITS;
    // Options are xors of values below 2^bits, so twice that many bits leave one clear.
    let mut options = ValueSet::with_bound(1 << (bits + 1));
    for n in 0..len {
        options.clear();
        moves.takes(&g, |v| options.insert(v));
        for &i in &moves.split_two {
            let l = n.saturating_sub(i);
            for a in 1..=moves.largest_smaller_part(l) {
                options.insert(u32::from(g[a] ^ g[l - a]));
            }
        }
        for &i in &moves.split_three {
            let l = n.saturating_sub(i);
            for a in 1..=l / 3 {
                for b in a..=(l - a) / 2 {
                    options.insert(u32::from(g[a] ^ g[b] ^ g[l - a - b]));
                }
            }
        }
        let v = options.mex();
        let stored = u16::try_from(v).map_err(|_| ImpartialError::ValueLimit {
            heap: n,
            limit: u64::from(MAX_VALUE),
        })?;
        g.push(stored);
        if v >> bits != 0 {
            bits = 32 - v.leading_zeros();
            options = ValueSet::with_bound(1 << (bits + 1));
        }
    }
    Ok(Values::U16(g).narrowest())
}

/// G(n) for `n = g.len()` by the naive method, with a register option set (values below
/// `W::BITS`).
#[inline(never)]
pub(super) fn naive_word<T: StoredValue, W: Word>(g: &[T], moves: &Moves) -> u32 {
    // Four accumulators, so that the inserts do not wait for each other.
    let mut acc = [W::EMPTY; 4];
    moves.takes(g, |v| acc[0] |= W::bit(v));
    let bit = |a: T, b: T| W::bit((a ^ b).into());
    scan(g, moves, CHUNK, |smaller, larger| {
        let quads = smaller.chunks_exact(4).zip(larger.rchunks_exact(4));
        for (s, l) in quads {
            acc[0] |= bit(s[0], l[3]);
            acc[1] |= bit(s[1], l[2]);
            acc[2] |= bit(s[2], l[1]);
            acc[3] |= bit(s[3], l[0]);
        }
        let rest = smaller.chunks_exact(4).remainder();
        let rest_larger = larger.rchunks_exact(4).remainder();
        for (&a, &b) in rest.iter().zip(rest_larger.iter().rev()) {
            acc[0] |= bit(a, b);
        }
        false
    });
    let options = acc[0] | acc[1] | acc[2] | acc[3];
    // Every option is below W::BITS; if all are there, the mex is W::BITS itself.
    options.mex()
}

/// G(n) for `n = g.len()` by the naive method, with `options` as the (scratch) option set.
pub(super) fn naive_value<T: StoredValue>(g: &[T], moves: &Moves, options: &mut ValueSet) -> u32 {
    options.clear();
    moves.takes(g, |v| options.insert(v));
    scan(g, moves, CHUNK, |smaller, larger| {
        for (&a, &b) in smaller.iter().zip(larger.iter().rev()) {
            options.insert((a ^ b).into());
        }
        false
    });
    options.mex()
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{game, naive};
    use super::*;

    /// The bitset baseline against the generic oracle, on octal and hexadecimal codes
    /// (three-heap splits, values past one byte: 0.FF has G(n) = n).
    #[test]
    fn agrees_with_the_generic_oracle() {
        for code in ["0.77", "0.137", "4.07", "0.F", "4.8F", "0.FF", "C.1"] {
            let values = naive_octal_sequence(&game(code), 300).unwrap();
            assert_eq!(values.to_u64_vec(), naive(code, 300), "{code}");
        }
        assert_eq!(naive_octal_sequence(&game("0.FF"), 300).unwrap().width(), 2);
    }
}
