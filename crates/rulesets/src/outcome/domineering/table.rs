//! The transposition table shared by the search's threads: two-slot buckets of sequence-locked
//! slots, a small table first and the full size once the search fills it.

use std::sync::atomic::{fence, AtomicU64, Ordering};
use std::sync::OnceLock;

use conway_core::{Interrupted, Pace, Progress, Work};

/// One slot of the transposition table, shared by the threads without locks or waiting: a
/// sequence lock. A writer claims the slot by making its sequence odd (and skips the write
/// when another writer holds it), writes, and makes it even again; a reader takes the words
/// only when the sequence was even and unchanged around its reads, so a slot being written
/// reads as a miss, never as a mixture of two entries. Its data word holds [`FILLED`],
/// [`LEFT_TO_MOVE`], [`MOVER_WINS`] and, from bit [`WORK_SHIFT`], the positions its search
/// took (for replacement).
/// A slot's data: an entry is there (a slot whose work reads 0 is empty too).
const FILLED: u64 = 1;
/// A slot's data: the entry is for Left to move (else Right).
const LEFT_TO_MOVE: u64 = 2;
/// A slot's data: the player to move wins.
const MOVER_WINS: u64 = 4;
/// A slot's data: the bits below this are flags, those from it the entry's work.
const WORK_SHIFT: u32 = 32;

#[derive(Default)]
pub(super) struct Slot {
    pub(super) sequence: AtomicU64,
    pub(super) low: AtomicU64,
    pub(super) high: AtomicU64,
    pub(super) data: AtomicU64,
}

impl Slot {
    /// The key and data, unless a writer is at work on the slot.
    #[inline]
    pub(super) fn read(&self) -> Option<(u128, u64)> {
        let before = self.sequence.load(Ordering::Acquire);
        if before & 1 != 0 {
            return None;
        }
        let data = self.data.load(Ordering::Relaxed);
        let low = self.low.load(Ordering::Relaxed);
        let high = self.high.load(Ordering::Relaxed);
        fence(Ordering::Acquire);
        let after = self.sequence.load(Ordering::Relaxed);
        (before == after).then_some(((u128::from(high) << 64) | u128::from(low), data))
    }

    /// Writes the entry, unless another writer holds the slot (then the entry is dropped:
    /// the table is a cache).
    #[inline]
    pub(super) fn write(&self, key: u128, data: u64) {
        let sequence = self.sequence.load(Ordering::Relaxed);
        if sequence & 1 != 0
            || self
                .sequence
                .compare_exchange(sequence, sequence + 1, Ordering::Acquire, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        // The odd sequence before any word: a reader that sees a new word sees it odd.
        fence(Ordering::Release);
        self.data.store(data, Ordering::Relaxed);
        self.low.store(key as u64, Ordering::Relaxed);
        self.high.store((key >> 64) as u64, Ordering::Relaxed);
        self.sequence.store(sequence + 2, Ordering::Release);
    }

    /// The positions the entry's search took (0 when empty or being written).
    #[inline]
    pub(super) fn work(&self) -> u64 {
        self.data.load(Ordering::Relaxed) >> WORK_SHIFT
    }
}

/// Two slots, one cache line: a probe costs one miss.
#[derive(Default)]
#[repr(C, align(64))]
pub(super) struct Bucket([Slot; 2]);

/// Buckets of two slots, the entry with the smaller subtree replaced.
pub(super) struct Buckets {
    pub(super) buckets: Vec<Bucket>,
    pub(super) mask: usize,
}

impl Buckets {
    /// 2^`bits` slots, made a block at a time with a look at the progress hook between
    /// blocks (telling it of `searched` positions): a gibibyte takes a while to touch, on a
    /// busy machine a second or more.
    #[inline]
    pub(super) fn new(
        bits: u32,
        progress: &dyn Progress,
        searched: u64,
    ) -> Result<Buckets, Interrupted> {
        const BLOCK: usize = 1 << 14;
        let count = 1usize << (bits - 1);
        let mut buckets = Vec::with_capacity(count);
        let mut pace = Pace::new(progress);
        while buckets.len() < count {
            pace.tick(|| Work::open(searched, "positions"))?;
            let block = BLOCK.min(count - buckets.len());
            buckets.extend((0..block).map(|_| Bucket::default()));
        }
        Ok(Buckets {
            buckets,
            mask: count - 1,
        })
    }

    #[inline]
    pub(super) fn bucket(&self, empty: u128, left: bool) -> &[Slot; 2] {
        let mut x = (empty as u64) ^ ((empty >> 64) as u64).rotate_left(29) ^ u64::from(left);
        x ^= x >> 31;
        x = x.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        x ^= x >> 29;
        &self.buckets[((x >> 1) as usize) & self.mask].0
    }

    #[inline]
    pub(super) fn flags(left: bool) -> u64 {
        FILLED | if left { LEFT_TO_MOVE } else { 0 }
    }

    /// Whether the mover wins, if known.
    #[inline]
    pub(super) fn get(&self, empty: u128, left: bool) -> Option<bool> {
        let wanted = Buckets::flags(left);
        self.bucket(empty, left)
            .iter()
            .filter_map(Slot::read)
            .find(|&(key, data)| key == empty && data & (FILLED | LEFT_TO_MOVE) == wanted)
            .map(|(_, data)| data & MOVER_WINS != 0)
    }

    #[inline]
    pub(super) fn put(&self, empty: u128, left: bool, wins: bool, work: u64) {
        let [first, second] = self.bucket(empty, left);
        // At least 1: a slot whose work reads 0 is taken for empty.
        let work = work.clamp(1, u64::from(u32::MAX));
        let slot = if first.work() <= second.work() {
            first
        } else {
            second
        };
        slot.write(
            empty,
            Buckets::flags(left) | if wins { MOVER_WINS } else { 0 } | (work << WORK_SHIFT),
        );
    }
}

/// The transposition table: a small one first, then the full size once the search has put
/// in more than the small one holds well. On a large board that the bounds settle at once,
/// the search then costs neither the memory nor the time of a table it would not use.
pub(super) struct Table {
    pub(super) small: Buckets,
    pub(super) large: OnceLock<Buckets>,
    /// The full size, in bits of slots.
    pub(super) large_bits: u32,
    pub(super) puts: AtomicU64,
}

/// The small table's size, in bits of slots: 2 MiB.
pub(super) const SMALL_TABLE_BITS: u32 = 16;

impl Table {
    /// A table that grows to 2^`bits` slots; at once, when it is to be filled with what was
    /// settled before. `progress` may stop the making of its slots.
    #[inline]
    pub(super) fn new(
        bits: u32,
        full_at_once: bool,
        progress: &dyn Progress,
    ) -> Result<Table, Interrupted> {
        let table = Table {
            small: Buckets::new(bits.min(SMALL_TABLE_BITS), progress, 0)?,
            large: OnceLock::new(),
            large_bits: bits,
            puts: AtomicU64::new(0),
        };
        if full_at_once && bits > SMALL_TABLE_BITS {
            table.grow(progress, 0)?;
        }
        Ok(table)
    }

    /// Whether the mover wins, if known.
    #[inline]
    pub(super) fn get(&self, empty: u128, left: bool) -> Option<bool> {
        self.large.get().unwrap_or(&self.small).get(empty, left)
    }

    /// Puts an entry in; the put that makes the table grow tells `progress` of `searched`
    /// positions while the full size is made, and gives up growing when asked to stop.
    #[inline]
    pub(super) fn put(
        &self,
        empty: u128,
        left: bool,
        wins: bool,
        work: u64,
        (progress, searched): (&dyn Progress, u64),
    ) -> Result<(), Interrupted> {
        if let Some(large) = self.large.get() {
            large.put(empty, left, wins, work);
            return Ok(());
        }
        self.small.put(empty, left, wins, work);
        if self.large_bits > SMALL_TABLE_BITS
            && self.puts.fetch_add(1, Ordering::Relaxed) == 1 << (SMALL_TABLE_BITS - 1)
        {
            self.grow(progress, searched)?;
        }
        Ok(())
    }

    /// Moves to the full size, taking along what the small table holds (entries written
    /// meanwhile by other threads may be lost: the table is a cache). Only one put reaches
    /// here, so the full size is made once; stopped while it is made, the table stays small.
    #[inline]
    pub(super) fn grow(&self, progress: &dyn Progress, searched: u64) -> Result<(), Interrupted> {
        let large = Buckets::new(self.large_bits, progress, searched)?;
        self.large.get_or_init(|| {
            for bucket in &self.small.buckets {
                for slot in &bucket.0 {
                    if let Some((key, data)) = slot.read().filter(|&(_, data)| data & FILLED != 0) {
                        large.put(
                            key,
                            data & LEFT_TO_MOVE != 0,
                            data & MOVER_WINS != 0,
                            data >> WORK_SHIFT,
                        );
                    }
                }
            }
            large
        });
        Ok(())
    }
}
