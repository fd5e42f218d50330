//! The quadratic method, for codes with three-heap splits (hexadecimal digits 8–F).
//!
//! Three-heap splits are too many to scan (O(n²) per heap) and the rare/common argument
//! does not carry over, but a three-heap split is a heap beside a two-heap split of the
//! rest. So the set of values of the two-heap splits of every length is kept as a bitset
//! ([`PairSets`]), and a heap `a` beside the splits of `l − a` gives that set with every
//! value xored with G(a): a permutation of the bitset's words and of the bits within each
//! word ([`xor_permute`]), 64 values at a time. Each heap then costs O(n) word operations.

use super::moves::Moves;
use super::MIN_BITS;
use crate::heap::values::StoredValue;
use crate::mex::ValueSet;

/// The values of the two-heap splits of every length, for codes with three-heap splits.
pub(super) struct PairSets {
    /// Words per set: the sets hold values below `2^bits`.
    stride: usize,
    /// Set `m` (the splits of a heap of `m` into two non-empty heaps) at `m * stride`.
    sets: Vec<u64>,
    /// Scratch: the set being built.
    building: ValueSet,
}

impl PairSets {
    pub(super) fn new() -> Self {
        let stride = (1 << MIN_BITS) / 64;
        PairSets {
            stride,
            sets: Vec::new(),
            building: ValueSet::with_bound(stride * 64),
        }
    }

    /// Appends the set for `m = g.len()` (unless it is there: a value computed again after
    /// widening the storage).
    pub(super) fn push<T: StoredValue>(&mut self, g: &[T], bits: u32) {
        self.fit(bits);
        let m = g.len();
        if self.sets.len() > m * self.stride {
            return;
        }
        let set = &mut self.building;
        set.clear();
        for a in 1..=m / 2 {
            set.insert((g[a] ^ g[m - a]).into());
        }
        // Values below 2^bits xor to values below it: the set kept its stride.
        debug_assert_eq!(set.words().len(), self.stride);
        self.sets.extend_from_slice(set.words());
    }

    /// Re-lays the sets out when values have grown past their width.
    pub(super) fn fit(&mut self, bits: u32) {
        let stride = ((1usize << bits) / 64).max(1);
        if stride == self.stride {
            return;
        }
        let count = self.sets.len() / self.stride;
        let mut sets = vec![0; count * stride];
        for (old, new) in self.sets.chunks(self.stride).zip(sets.chunks_mut(stride)) {
            new[..old.len()].copy_from_slice(old);
        }
        self.stride = stride;
        self.sets = sets;
        self.building = ValueSet::with_bound(stride * 64);
    }

    fn get(&self, m: usize) -> &[u64] {
        &self.sets[m * self.stride..(m + 1) * self.stride]
    }
}

/// Moves the bit at position `p` of each word to position `p ^ t` (`t < 64`): the values of
/// a bitset xored with `t`, within one machine word.
fn xor_permute(mut w: u64, t: u32) -> u64 {
    const MASKS: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0F0F_0F0F_0F0F_0F0F,
        0x00FF_00FF_00FF_00FF,
        0x0000_FFFF_0000_FFFF,
        0x0000_0000_FFFF_FFFF,
    ];
    for (b, &mask) in MASKS.iter().enumerate() {
        if t >> b & 1 != 0 {
            let s = 1 << b;
            w = ((w & mask) << s) | ((w >> s) & mask);
        }
    }
    w
}

/// G(n) for `n = g.len()` by the quadratic method, with `options` as the (scratch) option
/// set, sized for values below `2^(bits + 1)`; the set of splits of `n` itself must
/// already be in `pairs`.
pub(super) fn quadratic_value<T: StoredValue>(
    g: &[T],
    moves: &Moves,
    options: &mut ValueSet,
    pairs: &PairSets,
) -> u32 {
    let n = g.len();
    options.clear();
    moves.takes(g, |v| options.insert(v));
    let words = options.words_mut();
    for &i in &moves.split_two {
        if n >= i + 2 {
            for (o, &p) in words.iter_mut().zip(pairs.get(n - i)) {
                *o |= p;
            }
        }
    }
    // A split into three is a heap `a` beside a split of the rest into two; every ordering
    // of the parts gives the same value, so all `a` may be taken.
    for &i in &moves.split_three {
        if n < i + 3 {
            continue;
        }
        let l = n - i;
        for (a, &part) in g.iter().enumerate().take(l - 1).skip(1) {
            let t: u32 = part.into();
            let (hi, lo) = ((t / 64) as usize, t % 64);
            for (j, &w) in pairs.get(l - a).iter().enumerate() {
                if w != 0 {
                    words[j ^ hi] |= xor_permute(w, lo);
                }
            }
        }
    }
    options.mex()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xor_permute_moves_bits() {
        for t in 0..64 {
            for p in 0..64 {
                assert_eq!(xor_permute(1 << p, t), 1 << (p ^ t));
            }
        }
    }
}
