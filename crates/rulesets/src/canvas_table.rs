//! Values of canvas regions by their squares, one memory access a lookup.
//!
//! A region in normal form sits at the top left of its canvas, so its squares alone say its
//! sides: the key is one word. Evaluators that value millions of regions look each option's
//! regions up in a table far larger than any cache; a general hash table keeps its control
//! bytes apart from its entries, which makes two cache misses a lookup. Here the entries are
//! the table — open addressing with linear probing over 16-byte slots, four to a cache line —
//! so a lookup usually costs one.

/// The empty slot's key: a region has at least one square.
const EMPTY: u64 = 0;

/// The fewest slots a table starts with.
const FIRST_CAPACITY: usize = 1 << 10;

/// A map from non-empty canvas squares to values.
pub(crate) struct CanvasTable<V> {
    /// Each slot's key and value (`None` in an empty slot, whose key is [`EMPTY`]).
    slots: Vec<(u64, Option<V>)>,
    len: usize,
}

impl<V: Copy> Default for CanvasTable<V> {
    fn default() -> Self {
        CanvasTable {
            slots: vec![(EMPTY, None); FIRST_CAPACITY],
            len: 0,
        }
    }
}

/// The splitmix64 finaliser: the squares of nearby regions differ in few bits, which a
/// plain multiplicative hash would crowd into few buckets.
pub(crate) fn spread(squares: u64) -> u64 {
    let mut x = squares;
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

impl<V: Copy> CanvasTable<V> {
    /// How many regions the table holds.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    fn home(&self, squares: u64) -> usize {
        // The capacity is a power of two; the high bits of the hash are the best mixed.
        (spread(squares) >> (64 - self.slots.len().trailing_zeros())) as usize
    }

    /// The value of the region with these squares, if the table has it.
    pub(crate) fn get(&self, squares: u64) -> Option<V> {
        let mask = self.slots.len() - 1;
        let mut i = self.home(squares);
        loop {
            let (key, value) = self.slots[i];
            if key == squares || key == EMPTY {
                return value;
            }
            i = (i + 1) & mask;
        }
    }

    /// Sets the value of the region with these squares (not none).
    pub(crate) fn insert(&mut self, squares: u64, value: V) {
        debug_assert_ne!(squares, EMPTY, "a region has squares");
        // At most three quarters full, so that probes stay short and always end.
        if 4 * (self.len + 1) > 3 * self.slots.len() {
            self.grow();
        }
        if self.place(squares, value) {
            self.len += 1;
        }
    }

    /// Puts the entry in its slot; says whether it is new.
    fn place(&mut self, squares: u64, value: V) -> bool {
        let mask = self.slots.len() - 1;
        let mut i = self.home(squares);
        loop {
            let key = self.slots[i].0;
            if key == squares || key == EMPTY {
                self.slots[i] = (squares, Some(value));
                return key == EMPTY;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let bigger = vec![(EMPTY, None); 2 * self.slots.len()];
        let old = std::mem::replace(&mut self.slots, bigger);
        for (key, value) in old {
            if let Some(value) = value {
                self.place(key, value);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashMap;

    proptest! {
        /// The table answers as a standard map given the same insertions, through growth,
        /// and for keys that crowd into few slots.
        #[test]
        fn answers_as_a_map(
            entries in proptest::collection::vec((1u64..5000, any::<u32>()), 0..3000),
            probes in proptest::collection::vec(1u64..6000, 0..200),
        ) {
            let mut table = CanvasTable::default();
            let mut map = HashMap::new();
            for &(k, v) in &entries {
                table.insert(k, v);
                map.insert(k, v);
            }
            prop_assert_eq!(table.len(), map.len());
            for k in entries.iter().map(|e| e.0).chain(probes) {
                prop_assert_eq!(table.get(k), map.get(&k).copied());
            }
        }
    }
}
