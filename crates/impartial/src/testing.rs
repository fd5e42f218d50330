//! Helpers shared by the oracle tests of the game modules.

use num_bigint::BigUint;

/// Heap sizes as big integers.
pub fn big(v: &[u64]) -> Vec<BigUint> {
    v.iter().map(|&x| BigUint::from(x)).collect()
}

/// Heaps written as text (`"3 0 5"`), as in a winning move's `to`.
pub fn parse_heaps<T: std::str::FromStr>(text: &str) -> Vec<T> {
    text.split(' ')
        .map(|x| x.parse().ok().expect("a heap size"))
        .collect()
}

/// Sorted without duplicates, so that two ways of listing moves compare equal.
pub fn sorted_unique<T: Ord>(mut v: Vec<T>) -> Vec<T> {
    v.sort();
    v.dedup();
    v
}

/// The sorted positions reached by heap moves `(heap index, new size)`, without duplicates,
/// to compare with a solver's winning options on sorted positions.
pub fn positions_after(heaps: &[u64], moves: Vec<(usize, BigUint)>) -> Vec<Vec<u64>> {
    let positions = moves
        .into_iter()
        .map(|(i, to)| {
            let mut h = heaps.to_vec();
            h[i] = u64::try_from(to).expect("a small heap");
            h.sort();
            h
        })
        .collect();
    sorted_unique(positions)
}

/// The positions one move on one heap reaches, as text (`"3 0 5"`): heap `i` becomes each
/// size `heap_options(heaps[i])` gives. What a listing of a take-from-one-heap game's moves
/// must hold.
pub fn heap_moves_text(heaps: &[u64], heap_options: impl Fn(u64) -> Vec<u64>) -> Vec<String> {
    let mut out = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        for to in heap_options(h) {
            let mut next = heaps.to_vec();
            next[i] = to;
            out.push(crate::solution::heaps_text(&next));
        }
    }
    out
}
