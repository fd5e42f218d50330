//! What every method shares: the moves of a code sorted by kind, and the walk over the
//! two-heap splits of a heap.

use crate::heap::octal::OctalGame;
use crate::heap::values::StoredValue;

/// How many splits [`scan`]'s callers take at a time: long enough for vector compares to
/// pay, short enough not to overshoot much when a scan stops early (scans of the usual
/// games stop after 100 to 200 splits).
pub(super) const CHUNK: usize = 64;

/// The moves of a code (or of Grundy's game), sorted by kind: each list holds the numbers of
/// tokens removed.
pub(super) struct Moves {
    /// Remove a whole heap of exactly `i`.
    remove_all: Vec<usize>,
    /// Remove `i`, leaving one non-empty heap.
    leave_one: Vec<usize>,
    /// Remove `i`, leaving two non-empty heaps.
    pub(super) split_two: Vec<usize>,
    /// Remove `i`, leaving three non-empty heaps.
    pub(super) split_three: Vec<usize>,
    /// Whether the two heaps a split leaves must differ (Grundy's game).
    pub(super) unequal: bool,
}

impl Moves {
    pub(super) fn new(game: &OctalGame) -> Self {
        let with = |bit: u8, from: usize| -> Vec<usize> {
            let digits = game.digits();
            (from..digits.len())
                .filter(|&i| digits[i] & bit != 0)
                .collect()
        };
        // The head digit never removes a heap or leaves one heap (that would be a pass).
        Moves {
            remove_all: with(1, 1),
            leave_one: with(2, 1),
            split_two: with(4, 0),
            split_three: with(8, 0),
            unequal: false,
        }
    }

    /// Grundy's game: split a heap into two unequal non-empty heaps, nothing else.
    pub(super) fn grundys_game() -> Self {
        Moves {
            remove_all: Vec::new(),
            leave_one: Vec::new(),
            split_two: vec![0],
            split_three: Vec::new(),
            unequal: true,
        }
    }

    /// The largest smaller part of a two-heap split of `l` tokens (0 when there is none).
    #[inline]
    pub(super) fn largest_smaller_part(&self, l: usize) -> usize {
        if self.unequal {
            l.saturating_sub(1) / 2
        } else {
            l / 2
        }
    }

    /// How far back the options of a heap reach: those of heap `n` are made of heaps
    /// `n − lag` and smaller only (leaving one heap after removing `i` leaves `n − i`, two
    /// heaps leave parts below `n − i`, three below `n − i − 1`). Heaps closer together
    /// than this can be computed at the same time; `usize::MAX` when no move leaves a heap.
    pub(super) fn lag(&self) -> usize {
        let leave_one = self.leave_one.iter().copied();
        let split_two = self.split_two.iter().map(|&i| i + 1);
        let split_three = self.split_three.iter().map(|&i| i + 2);
        leave_one
            .chain(split_two)
            .chain(split_three)
            .min()
            .unwrap_or(usize::MAX)
    }

    /// Calls `insert` with the value of each take move (no split) of heap `n = g.len()`.
    #[inline]
    pub(super) fn takes<T: StoredValue>(&self, g: &[T], mut insert: impl FnMut(u32)) {
        let n = g.len();
        if self.remove_all.contains(&n) {
            insert(0);
        }
        for &i in &self.leave_one {
            if n > i {
                insert(g[n - i].into());
            }
        }
    }
}

/// Offers the two-heap splits of heap `n = g.len()` to `visit`, `chunk` at a time, until it
/// returns true (then so does this). `visit(smaller, larger)` gets the smaller parts
/// `a..a + k` in order and their partners `n − i − a` in reverse order.
///
/// The chunks of different split lengths alternate: a value missing from the splits of one
/// length is then found among another's without first running through all of the first.
#[inline]
pub(super) fn scan<T: StoredValue>(
    g: &[T],
    moves: &Moves,
    chunk: usize,
    mut visit: impl FnMut(&[T], &[T]) -> bool,
) -> bool {
    let n = g.len();
    let mut a = 1;
    loop {
        let mut more = false;
        for &i in &moves.split_two {
            let l = n.saturating_sub(i);
            let top = moves.largest_smaller_part(l);
            if a > top {
                continue;
            }
            more = true;
            let end = (a + chunk).min(top + 1);
            if visit(&g[a..end], &g[l + 1 - end..=l - a]) {
                return true;
            }
        }
        if !more {
            return false;
        }
        a += chunk;
    }
}

/// A rare position and its value.
pub(super) type RarePosition = (usize, u32);

/// The rare positions `(r, v)` that pair with `l − r` in a two-heap split of `l` tokens: those
/// below `l`, in two runs (without the position `l / 2` where the parts must differ).
/// `rare` is ascending by position.
#[inline]
pub(super) fn rare_partners(
    rare: &[RarePosition],
    l: usize,
    unequal: bool,
) -> (&[RarePosition], &[RarePosition]) {
    let below = &rare[..rare.partition_point(|&(r, _)| r < l)];
    if !unequal || l % 2 == 1 {
        return (below, &[]);
    }
    let at = below.partition_point(|&(r, _)| r < l / 2);
    match below.get(at) {
        Some(&(r, _)) if r == l / 2 => (&below[..at], &below[at + 1..]),
        _ => (below, &[]),
    }
}
