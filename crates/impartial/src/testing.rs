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
