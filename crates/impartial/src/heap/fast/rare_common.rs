//! The rare/common method: the values of a heap from a few of its splits.
//!
//! The nimbers are cut into two classes by a parity mask `m`: a value `v` is *rare* when
//! `popcount(v & m)` is even, *common* otherwise. The rare values form a subgroup of index
//! 2, so rare ⊕ rare and common ⊕ common are rare and rare ⊕ common is common. In most
//! octal games almost every heap has a common value, so almost every two-heap split (common
//! ⊕ common) lands on a rare value, and the common values among the options come only from
//! the few splits with a *rare position* as one part.
//!
//! For heap `n`:
//! 1. the take moves (remove the heap, leave one heap) are excluded directly;
//! 2. the splits with a rare part are excluded, one per rare position ([`rare_pass`]);
//! 3. now every common option is known, so the candidate `c` is the least common value not
//!    excluded — G(n) is `c` unless some rare value below `c` is not an option;
//! 4. the splits are scanned only to find those rare values below `c`, stopping as soon as
//!    all are found (for 0.16 and 0.167, after 150 to 200 splits on average);
//! 5. if some survive the whole scan, the least is G(n).
//!
//! Correctness never depends on the mask, only speed does: any nonzero mask gives a subgroup
//! of index 2. The mask is chosen from the value histogram by a Walsh–Hadamard transform (the
//! transform of the histogram at `m` is #rare − #common, so its minimum over `m ≠ 0` gives
//! the fewest rare positions), and re-chosen every [`REMASK_INTERVAL`] heaps.
//!
//! When every splitting move removes a number of tokens of the same parity, the parity of
//! the heap may join the mask as one more bit (the *heap bit*): the parts of a split then
//! have heap parities that add up to the parity of what is split, so "rare position" keeps
//! its meaning, and for heaps of the other parity the roles of rare and common values swap.
//! Games whose values follow the parity of the heap — 4.07, 4.3, 0.52, and even Dawson's
//! Kayles — have far fewer rare positions that way.
//!
//! While every value is below 64 (128), option sets are one (two) machine words kept in
//! registers ([`rare_common_word`]), and the scan xors 64 splits at a time and looks for each
//! value still needed with whole-vector compares. Past 128, the scan does the same while at
//! most [`FEW_NEEDED`] values are needed, and otherwise clears a byte flag per value as the
//! splits give it (stores, where or-ing bits into one word would make each split wait for
//! the last); games with large values (0.014, 0.172) need about a hundred. Some games do
//! not suit the method — many zero values (0 is always rare), or values growing with `n` — and have rare positions in
//! proportion to `n`; the driver then computes a heap by the naive method whenever
//! [`RareCommon::naive_is_cheaper`] says so.

use super::moves::{rare_partners, scan, Moves, RarePosition, CHUNK};
use super::word::{OptionSets, Word};
use super::MIN_BITS;
use crate::heap::values::StoredValue;
use crate::mex::{mex_of_words, ValueSet};

/// How often (in heaps) the rare/common mask is reconsidered (and at every power of two
/// before).
pub const REMASK_INTERVAL: usize = 1 << 12;

/// How many recent heaps [`rare_pass_word`] keeps rare splits for (more than the most
/// tokens a move removes, 64, and a power of two).
const PASS_CACHE: usize = 128;

/// How many heaps of [`RareCommon::history`] are kept: more than [`MAX_DELAY`] plus the
/// most a thread can have taken past the heap it computes.
const HISTORY: usize = 16;

/// The longest [`RareCommon::delay`].
const MAX_DELAY: usize = 8;

/// The scan cost is averaged over about this many heaps.
const SCAN_COST_WINDOW: u64 = 64;

/// Counters of the work done, to judge how well the rare/common method suits a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EngineStats {
    /// Heaps whose splits had to be scanned for rare values below the candidate.
    pub scans: u64,
    /// Splits looked at by those scans.
    pub pairs_scanned: u64,
    /// Heaps whose value is rare: each cost a scan of all its splits.
    pub rare_values: u64,
    /// Heaps computed by the naive method because the rare/common one looked dearer.
    pub naive_steps: u64,
    /// The run's cost in splits looked at: every split of a heap computed naively, the
    /// rare positions passed over and the splits scanned by the rare/common method, one
    /// per heap besides: what a run's budget ([`super::SequenceEngine::extend_within`]) and
    /// the estimate of its cost (`heap::sequence::estimated_work`) count.
    pub work: u64,
}

/// How one heap's value was found, and what it cost: the run's counters and its work are
/// kept from these, in heap order, so that they are the same whichever thread computed
/// the heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum HeapCost {
    /// By the quadratic method (three-heap splits).
    Quadratic,
    /// By the naive method: every split.
    Naive,
    /// By the rare/common method, which scanned `pairs` splits (`scanned`: whether it
    /// scanned at all) and found a rare value (`rare_value`).
    RareCommon {
        pairs: u64,
        scanned: bool,
        rare_value: bool,
    },
}

impl HeapCost {
    /// The cost in one word (for passing between threads): the kind in the low bits, the
    /// splits scanned above them.
    pub(super) fn pack(self) -> u64 {
        match self {
            HeapCost::Quadratic => 0,
            HeapCost::Naive => 1,
            HeapCost::RareCommon {
                pairs,
                scanned,
                rare_value,
            } => 2 | u64::from(scanned) << 2 | u64::from(rare_value) << 3 | pairs << 4,
        }
    }

    /// The cost [`HeapCost::pack`] packed.
    pub(super) fn unpack(word: u64) -> Self {
        match word & 3 {
            0 => HeapCost::Quadratic,
            1 => HeapCost::Naive,
            _ => HeapCost::RareCommon {
                pairs: word >> 4,
                scanned: word >> 2 & 1 != 0,
                rare_value: word >> 3 & 1 != 0,
            },
        }
    }
}

/// The rare/common partition and the state that goes with it.
#[derive(Clone)]
pub(super) struct RareCommon {
    /// Every value so far is below `2^bits`.
    pub(super) bits: u32,
    /// The parity mask: `v` is rare iff `popcount(v & mask)` is even. Never 0 (then every
    /// value would be rare), and below `2^bits`.
    pub(super) mask: u32,
    /// The heaps whose values made `bits` grow, with the new `bits`, ascending.
    widths: Vec<(usize, u32)>,
    /// Heap `n`'s options are made of heaps `n − lag` and smaller ([`Moves::lag`]).
    lag: usize,
    /// Whether the heap's parity joins the mask (see [`RareCommon::is_rare_position`]).
    pub(super) heap_bit: bool,
    /// Whether it may: all splitting moves remove numbers of the same parity.
    heap_bit_allowed: bool,
    /// The parity of the tokens removed by the splitting moves.
    split_parity: usize,
    /// The rare values, below `2^(bits + 1)`.
    rare_set: ValueSet,
    /// The heaps `n ≥ 1` whose positions are rare, ascending, with their values.
    pub(super) rare: Vec<RarePosition>,
    /// How many heaps `n ≥ 1` have value `v`, for `v < 2^bits`, by heap parity class
    /// ([`RareCommon::heap_class`]).
    histogram: [Vec<u64>; 2],
    /// Scratch: the options of the heap being computed, values `< 2^(bits + 1)` (also for
    /// the naive and quadratic methods).
    pub(super) options: ValueSet,
    /// Scratch: the options from splits with a rare part, spread over a few sets
    /// ([`rare_pass`]), for option sets in memory.
    spread: [ValueSet; SPREAD],
    /// The heap whose rare pass is in `spread` already ([`rare_pass_ahead`]).
    ahead: Option<usize>,
    /// Scratch: the rare values below the candidate not yet found among the options.
    needed: ValueSet,
    /// Scratch: the same values as a list, ascending.
    needed_list: Vec<u32>,
    /// Scratch: a byte per value below `2^(bits + 1)`, 1 for a value still needed while a
    /// scan runs, 0 otherwise.
    needed_flags: Vec<u8>,
    pub(super) stats: EngineStats,
    /// Whether option sets may be kept in registers while values are small (always, except
    /// in tests of the general path).
    word_sets: bool,
    /// Whether the mask stays as it is (tests: values must not depend on it).
    fixed_mask: bool,
    /// Whether a heap may be computed by the naive method when that looks cheaper (always,
    /// except in tests of the rare/common method).
    naive_steps: bool,
    /// About [`SCAN_COST_WINDOW`] times the splits scanned per heap, recently.
    scan_cost: u64,
    /// How many rare positions there were and the scan cost, after `t` heaps were taken,
    /// at `t % HISTORY` (the last few only): heap `n` is judged by them as they were
    /// [`RareCommon::delay`] heaps back ([`RareCommon::judged`]).
    history: [(usize, u64); HISTORY],
    /// The register sets of the rare splits of the first splitting move of recent heaps,
    /// tagged by heap (see [`rare_pass_word`]).
    pass_cache: Vec<(usize, u128)>,
}

impl RareCommon {
    pub(super) fn new(moves: &Moves) -> Self {
        let parities = moves.split_two.iter().map(|i| i % 2);
        let same_parity = parities.clone().min() == parities.clone().max();
        let mut rc = RareCommon {
            bits: MIN_BITS,
            widths: Vec::new(),
            lag: moves.lag(),
            mask: 1,
            heap_bit: false,
            heap_bit_allowed: same_parity,
            split_parity: moves.split_two.first().map_or(0, |i| i % 2),
            rare_set: ValueSet::default(),
            rare: Vec::new(),
            histogram: [vec![0; 1 << MIN_BITS], vec![0; 1 << MIN_BITS]],
            options: ValueSet::default(),
            needed: ValueSet::default(),
            spread: Default::default(),
            ahead: None,
            needed_list: Vec::new(),
            needed_flags: Vec::new(),
            stats: EngineStats::default(),
            word_sets: true,
            fixed_mask: false,
            naive_steps: true,
            scan_cost: 0,
            history: [(0, 0); HISTORY],
            pass_cache: vec![(usize::MAX, 0); PASS_CACHE],
        };
        rc.resize();
        rc
    }

    /// Test hook: naive steps off (every heap by the rare/common method), register sets off
    /// when asked, and the mask (and heap bit, where allowed) fixed when given.
    #[cfg(test)]
    pub(super) fn tune(&mut self, word_sets: bool, fixed: Option<(u32, bool)>) {
        self.naive_steps = false;
        self.word_sets = word_sets;
        if let Some((mask, heap_bit)) = fixed {
            self.fixed_mask = true;
            self.mask = mask;
            self.heap_bit = heap_bit && self.heap_bit_allowed;
            self.resize();
        }
    }

    /// Where the option sets of the next heap are kept: in registers while every value
    /// (hence every option and the mask) fits one or two words.
    pub(super) fn option_sets(&self) -> OptionSets {
        OptionSets::for_bits(self.bits, self.word_sets)
    }

    /// How many heaps back from heap `n` its choice of method and its work are judged:
    /// heap `n` by the state after heaps `0..=n − delay` were taken. Any thread computing
    /// heap `n` has taken those (it waits for them), so the choices and the work counted do
    /// not depend on the number of threads. At most the lag (the heaps `n` reads are known
    /// by then) but at least 2, so that a heap's method is known before the heap just
    /// before it ([`rare_pass_ahead`]), and at most [`MAX_DELAY`].
    pub(super) fn delay(&self) -> usize {
        self.lag.clamp(2, MAX_DELAY)
    }

    /// The number of rare positions and the scan cost heap `n` is judged by.
    fn judged(&self, n: usize) -> (usize, u64) {
        let taken = (n + 1).saturating_sub(self.delay());
        self.history[taken % HISTORY]
    }

    /// Whether the naive method (every split) looks cheaper for heap `n` than the
    /// rare/common one, whose work is a split per rare position and the recent scan length
    /// ([`RareCommon::judged`]). Games whose values are not mostly common (many zeros,
    /// values growing with `n`) have rare positions in proportion to `n`, and the method
    /// would cost more than it saves.
    pub(super) fn naive_is_cheaper(&self, n: usize, splits: usize) -> bool {
        let (rare, scan_cost) = self.judged(n);
        // A scanned split costs less than one of the naive method (64 at a time, with
        // vector compares), so it counts half.
        let scanned = scan_cost / SCAN_COST_WINDOW / 2;
        let rare_common = (rare * splits) as u64 + scanned;
        self.naive_steps && rare_common > (splits * n / 2) as u64
    }

    /// Heap `n`'s work in splits looked at: every split when naive; the rare positions (as
    /// [`RareCommon::judged`]) and the splits scanned by the rare/common method; one
    /// besides.
    pub(super) fn work_of(&self, n: usize, cost: HeapCost, splits: usize) -> u64 {
        match cost {
            HeapCost::Quadratic => 1,
            HeapCost::Naive => (n / 2 * splits) as u64 + 1,
            HeapCost::RareCommon { pairs, .. } => pairs + self.judged(n).0 as u64 + 1,
        }
    }

    /// Counts heap `n`'s cost, in heap order.
    pub(super) fn account(&mut self, n: usize, cost: HeapCost, splits: usize) {
        self.stats.work += self.work_of(n, cost, splits);
        let stats = &mut self.stats;
        match cost {
            HeapCost::Quadratic => {}
            HeapCost::Naive => stats.naive_steps += 1,
            HeapCost::RareCommon {
                pairs,
                scanned,
                rare_value,
            } => {
                stats.scans += u64::from(scanned);
                stats.pairs_scanned += pairs;
                stats.rare_values += u64::from(rare_value);
                self.scan_cost = self.scan_cost - self.scan_cost / SCAN_COST_WINDOW + pairs;
            }
        }
    }

    /// A power of two above every value heap `n`'s options are made of (those of heaps
    /// `n − lag` and smaller), hence above every option: the least value that cannot be an
    /// option, so G(n) is at most it. It depends on `n` alone, not on how many heaps are
    /// known, so that a heap costs the same whichever thread computes it (see
    /// [`super::pipeline`]); it also spares a scan for rare values no split can give.
    fn read_bound(&self, n: usize) -> u32 {
        let read = n.checked_sub(self.lag);
        let bits = self
            .widths
            .iter()
            .rev()
            .find(|&&(heap, _)| Some(heap) <= read)
            .map_or(MIN_BITS, |&(_, bits)| bits);
        1 << bits
    }

    /// Drops a rare pass done ahead ([`rare_pass_ahead`]) whose heap was not finished.
    pub(super) fn forget_ahead(&mut self) {
        self.ahead = None;
    }

    /// Whether value `v` is rare by the mask alone.
    fn is_rare(&self, v: u32) -> bool {
        (v & self.mask).count_ones().is_multiple_of(2)
    }

    /// 1 for heaps `n` with `n + i` odd (`i` removed by the splitting moves), else 0.
    fn heap_class(&self, n: usize) -> usize {
        (n + self.split_parity) % 2
    }

    /// Whether heap `n` with value `v` is a rare position: `popcount(v & mask)`, plus the
    /// heap's class when the heap bit is on, is even.
    ///
    /// The heap bit generalises the method to games whose values follow the parity of the
    /// heap (many with a head 4, such as 4.07): a split of a heap into `a + b` has
    /// `class(a) + class(b) ≡ class(n)` when every splitting move removes a number of the
    /// same parity, so the classes of the parts still add up like a subgroup of index 2,
    /// with the roles of rare and common values swapped for heaps of class 1
    /// ([`RareCommon::flipped`]).
    fn is_rare_position(&self, n: usize, v: u32) -> bool {
        let bit = if self.heap_bit { self.heap_class(n) } else { 0 };
        ((v & self.mask).count_ones() as usize + bit).is_multiple_of(2)
    }

    /// Whether the value classes swap for heap `n`: then splits with a rare part give the
    /// values rare by the mask alone, and the other splits the common ones.
    fn flipped(&self, n: usize) -> bool {
        self.heap_bit && self.heap_class(n) == 1
    }

    /// Sizes the bitsets for values below `2^(bits + 1)`: options are below `2^bits` (xors
    /// of values below it) but the least common value that is not an option may be above.
    fn resize(&mut self) {
        let bound = 1usize << (self.bits + 1);
        self.options = ValueSet::with_bound(bound);
        self.spread = std::array::from_fn(|_| ValueSet::with_bound(bound));
        // A pass done ahead is lost with the sets: the heap does it again.
        self.ahead = None;
        self.rare_set = ValueSet::with_bound(bound);
        self.needed_flags = vec![0; bound];
        for v in 0..bound as u32 {
            if self.is_rare(v) {
                self.rare_set.insert(v);
            }
        }
    }

    /// Bookkeeping after heap `n` got value `v`.
    pub(super) fn record(&mut self, n: usize, v: u32) {
        if v >> self.bits != 0 {
            self.bits = 32 - v.leading_zeros();
            self.widths.push((n, self.bits));
            for h in &mut self.histogram {
                h.resize(1 << self.bits, 0);
            }
            self.resize();
        }
        if n > 0 {
            // Heap 0 is never a part of a split.
            self.histogram[self.heap_class(n)][v as usize] += 1;
            if self.is_rare_position(n, v) {
                self.rare.push((n, v));
            }
        }
        self.history[(n + 1) % HISTORY] = (self.rare.len(), self.scan_cost);
    }

    /// Re-chooses the mask that makes the fewest positions rare, if it is clearly better
    /// than the current one (rebuilding the list of rare positions costs a pass over all
    /// values, so small gains are not worth it).
    pub(super) fn remask<T: StoredValue>(&mut self, g: &[T]) {
        if self.fixed_mask {
            return;
        }
        // The histogram of (value, heap class) pairs, the class as the top bit, so that the
        // transform at m + 2^bits is the count with the heap bit on.
        let [class0, class1] = &self.histogram;
        let mut h: Vec<i64> = class0.iter().chain(class1).map(|&c| c as i64).collect();
        walsh_hadamard(&mut h);
        let total = h[0];
        // h[m] = #rare − #common, so #rare = (total + h[m]) / 2.
        let rare_count = |m: usize| (total + h[m]) / 2;
        let values = 1usize << self.bits;
        let masks = if self.heap_bit_allowed {
            2 * values
        } else {
            values
        };
        // A zero mask is no partition (with the heap bit alone, the splits of a heap of class
        // 0 would give no value cheaply).
        let candidates = (1..masks).filter(|m| m % values != 0);
        let Some(best) = candidates.min_by_key(|&m| rare_count(m)) else {
            return;
        };
        if rare_count(best) * 4 >= self.rare.len() as i64 * 3 {
            return;
        }
        self.mask = (best % values) as u32;
        self.heap_bit = best >= values;
        self.resize();
        // The rare positions change, so the saved rare splits are no longer complete.
        self.pass_cache.fill((usize::MAX, 0));
        let mut rare = std::mem::take(&mut self.rare);
        rare.clear();
        for (n, &v) in g.iter().enumerate().skip(1) {
            let v: u32 = v.into();
            if self.is_rare_position(n, v) {
                rare.push((n, v));
            }
        }
        self.rare = rare;
    }
}

/// In-place Walsh–Hadamard transform: `h[m] ← Σ_v h[v]·(−1)^popcount(v & m)`.
fn walsh_hadamard(h: &mut [i64]) {
    let mut half = 1;
    while half < h.len() {
        for block in h.chunks_mut(2 * half) {
            let (lo, hi) = block.split_at_mut(half);
            for (a, b) in lo.iter_mut().zip(hi.iter_mut()) {
                let (x, y) = (*a, *b);
                *a = x + y;
                *b = x - y;
            }
        }
        half *= 2;
    }
}

/// G(n) for `n = g.len()` by the rare/common method, with the option sets where
/// [`RareCommon::option_sets`] says, and what finding it cost.
#[inline]
pub(super) fn rare_common_step<T: StoredValue>(
    g: &[T],
    moves: &Moves,
    rc: &mut RareCommon,
) -> (u32, HeapCost) {
    match rc.option_sets() {
        OptionSets::OneWord => rare_common_word::<T, u64>(g, moves, rc),
        OptionSets::TwoWords => rare_common_word::<T, u128>(g, moves, rc),
        OptionSets::Memory => rare_common_value(g, moves, rc),
    }
}

/// The cost of a heap found by the rare/common method.
fn scan_cost(pairs: u64, scanned: bool, rare_value: bool) -> HeapCost {
    HeapCost::RareCommon {
        pairs,
        scanned,
        rare_value,
    }
}

/// Puts the value of every two-heap split of heap `n = g.len()` that has a rare position as
/// a part into one of `sets` (emptied first; twice when both parts are rare, which is
/// harmless). The values go to the sets in turn, so that setting a bit does not wait for
/// the last one set in the same word.
#[inline]
fn rare_pass<T: StoredValue>(
    g: &[T],
    moves: &Moves,
    rare: &[RarePosition],
    sets: &mut [ValueSet; SPREAD],
    below: usize,
) {
    sets.iter_mut().for_each(ValueSet::clear);
    for &i in &moves.split_two {
        let Some(l) = g.len().checked_sub(i) else {
            continue;
        };
        let value = |&(r, v): &RarePosition| v ^ Into::<u32>::into(g[l - r]);
        let (low, high) = rare_partners(rare, l, moves.unequal);
        // Both parts below `below`: the partner l − r too, so r > l − below.
        let least = (l + 1).saturating_sub(below);
        let low = &low[low.partition_point(|&(r, _)| r < least)..];
        for run in [low, high] {
            let mut spread = run.chunks_exact(SPREAD);
            for group in &mut spread {
                for (set, p) in sets.iter_mut().zip(group) {
                    set.insert(value(p));
                }
            }
            for p in spread.remainder() {
                sets[0].insert(value(p));
            }
        }
    }
}

/// The rare pass of heap `n = g.len()` done ahead, while heap `n − 1` is not known yet (the
/// pipeline computes it meanwhile on another thread): every split with a rare part except
/// (1, n − 1), the only split that can read heap `n − 1`. [`rare_common_value`] adds that
/// one when it finishes the heap, and then has the same options as without the pass
/// ahead. Only with option sets in memory, where the pass is long (Grundy's game: 1,273
/// rare positions); false when it was not done.
pub(super) fn rare_pass_ahead<T: StoredValue>(g: &[T], moves: &Moves, rc: &mut RareCommon) -> bool {
    let n = g.len();
    let ahead =
        rc.option_sets() == OptionSets::Memory && !rc.naive_is_cheaper(n, moves.split_two.len());
    if ahead {
        rare_pass(g, moves, &rc.rare, &mut rc.spread, n.saturating_sub(1));
        rc.ahead = Some(n);
    }
    ahead
}

/// How many sets [`rare_pass`] spreads its values over.
const SPREAD: usize = 4;

/// [`rare_pass`] into a register set, for values below `W::BITS`.
///
/// Removing `j` tokens from heap `n` leaves what removing `i < j` left of heap
/// `n − (j − i)`, so only the first splitting move is computed afresh and the others come
/// from `cache`, the first move's sets of the last heaps (tagged by heap). They stay valid
/// while rare positions are only appended: a position that pairs with `n − j` is below
/// `n − j`, so it was already rare when heap `n − (j − i)` was computed. A new mask clears
/// the cache.
#[inline]
fn rare_pass_word<T: StoredValue, W: Word>(
    g: &[T],
    moves: &Moves,
    rare: &[RarePosition],
    cache: &mut [(usize, u128)],
) -> W {
    let n = g.len();
    let Some((&first, others)) = moves.split_two.split_first() else {
        return W::EMPTY;
    };
    let fresh = rare_pass_one::<T, W>(g, first, rare, moves.unequal);
    cache[n % PASS_CACHE] = (n, fresh.to_u128());
    let mut options = fresh;
    for &j in others {
        let Some(earlier) = n.checked_sub(j - first) else {
            continue; // no split of heap n removes j tokens
        };
        let (tag, word) = cache[earlier % PASS_CACHE];
        options |= if tag == earlier {
            W::from_u128(word)
        } else {
            rare_pass_one::<T, W>(g, j, rare, moves.unequal)
        };
    }
    options
}

/// The values of the splits of heap `n = g.len()` after removing `i` tokens that have a
/// rare part, as a register set. Two accumulators, so that the inserts do not wait for each
/// other.
#[inline]
fn rare_pass_one<T: StoredValue, W: Word>(
    g: &[T],
    i: usize,
    rare: &[RarePosition],
    unequal: bool,
) -> W {
    let Some(l) = g.len().checked_sub(i) else {
        return W::EMPTY;
    };
    let bit = |(r, v): RarePosition| -> W { W::bit(v ^ Into::<u32>::into(g[l - r])) };
    let mut acc = [W::EMPTY; 2];
    let (low, high) = rare_partners(rare, l, unequal);
    for run in [low, high] {
        let mut twos = run.chunks_exact(2);
        for p in &mut twos {
            acc[0] |= bit(p[0]);
            acc[1] |= bit(p[1]);
        }
        for &p in twos.remainder() {
            acc[0] |= bit(p);
        }
    }
    acc[0] | acc[1]
}

/// G(n) for `n = g.len()` by the rare/common method, with the option sets in memory (any
/// values).
fn rare_common_value<T: StoredValue>(
    g: &[T],
    moves: &Moves,
    rc: &mut RareCommon,
) -> (u32, HeapCost) {
    // The values the splits without a rare part give: rare ones, unless swapped.
    let flip = if rc.flipped(g.len()) { u64::MAX } else { 0 };
    let bound = rc.read_bound(g.len());
    // The splits with a rare part give all the common options of the splits: done here, or
    // ahead but for the split (1, n − 1).
    let n = g.len();
    if rc.ahead == Some(n) {
        let last_pair_is_rare = rc.rare.first().is_some_and(|&(r, _)| r == 1)
            || rc.rare.last().is_some_and(|&(r, _)| r == n - 1);
        let equal_parts = n == 2 && moves.unequal;
        if last_pair_is_rare && moves.split_two.first() == Some(&0) && !equal_parts {
            rc.spread[0].insert((g[1] ^ g[n - 1]).into());
        }
    } else {
        rare_pass(g, moves, &rc.rare, &mut rc.spread, n);
    }
    rc.ahead = None;
    let options = &mut rc.options;
    options.clear();
    moves.takes(g, |v| options.insert(v));
    rc.spread.iter().for_each(|set| options.union_with(set));
    // The candidate: every common option is known, so the least common value that is not
    // an option is G(n) unless a rare value below it is not an option either. There is
    // one: values from 2^bits on are not options, and half of them are common (by the
    // mask, or swapped). No option reaches the read bound, so it may stand instead.
    let options = options.words();
    let rare_set = rc.rare_set.words().iter().map(|&r| r ^ flip);
    let c = mex_of_words(options.iter().zip(rare_set.clone()).map(|(&o, r)| o | r)).min(bound);
    // The rare values below the candidate that are not options yet.
    let last = (c / 64) as usize;
    let needed = &mut rc.needed;
    needed.set_words(options.iter().zip(rare_set).enumerate().take(last + 1).map(
        |(j, (&o, r))| {
            let below = if j == last {
                (1 << (c % 64)) - 1
            } else {
                u64::MAX
            };
            !o & r & below
        },
    ));
    if needed.is_empty() {
        return (c, scan_cost(0, false, false));
    }
    let list = &mut rc.needed_list;
    list.clear();
    list.extend(needed.iter());
    let mut pairs = 0;
    // Many values: a byte flag per value, cleared as the splits give it (a store, not an
    // or into a word, so the splits do not wait for each other). Few: each is looked for
    // with whole-chunk compares, as in the register path. A scan that must run through
    // every split (G(n) rare) soon has one value left, and runs vectorised from there.
    let flags = rc.needed_flags.as_mut_slice();
    let mut by_flags = list.len() > FEW_NEEDED;
    if by_flags {
        list.iter().for_each(|&v| flags[v as usize] = 1);
    }
    let mut missing = list.len();
    let found = scan(g, moves, CHUNK, |smaller, larger| {
        pairs += smaller.len();
        if by_flags {
            for (&a, &b) in smaller.iter().zip(larger.iter().rev()) {
                let x: u32 = (a ^ b).into();
                let flag = &mut flags[x as usize];
                missing -= usize::from(*flag);
                *flag = 0;
            }
            if missing <= FEW_NEEDED {
                list.retain(|&v| flags[v as usize] != 0);
                list.iter().for_each(|&v| flags[v as usize] = 0);
                by_flags = false;
            }
            return missing == 0;
        }
        match full_chunk_xors(smaller, larger) {
            Some(xs) => list.retain(|&v| !holds(&xs, v)),
            None => {
                for (&a, &b) in smaller.iter().zip(larger.iter().rev()) {
                    let x: u32 = (a ^ b).into();
                    list.retain(|&v| v != x);
                }
            }
        }
        list.is_empty()
    });
    let least = if by_flags {
        // The list is ascending: the first value still flagged is the least.
        let least = list.iter().copied().find(|&v| flags[v as usize] != 0);
        list.iter().for_each(|&v| flags[v as usize] = 0);
        least
    } else {
        list.first().copied()
    };
    let least = (!found).then_some(least).flatten();
    (
        least.unwrap_or(c),
        scan_cost(pairs as u64, true, least.is_some()),
    )
}

/// At most this many values still needed are looked for by whole-chunk compares.
const FEW_NEEDED: usize = 8;

/// The values of a whole chunk of splits (smaller parts in order, their partners in
/// reverse), or `None` for a shorter last chunk.
#[inline]
fn full_chunk_xors<T: StoredValue>(smaller: &[T], larger: &[T]) -> Option<[T; CHUNK]> {
    let (Ok(smaller), Ok(larger)) = (
        <&[T; CHUNK]>::try_from(smaller),
        <&[T; CHUNK]>::try_from(larger),
    ) else {
        return None;
    };
    let mut xs = *smaller;
    for (x, &b) in xs.iter_mut().zip(larger.iter().rev()) {
        *x = *x ^ b;
    }
    Some(xs)
}

/// Whether value `v` is among `xs`: a whole-vector compare (no early exit, which would
/// keep the compiler from vectorising it).
#[inline]
fn holds<T: StoredValue>(xs: &[T; CHUNK], v: u32) -> bool {
    let Ok(v) = T::try_from(v) else {
        return false;
    };
    xs.iter().fold(false, |acc, &x| acc | (x == v))
}

/// [`rare_common_value`] while every value is below `W::BITS`, with the option sets held in
/// registers ([`Word`]).
#[inline(never)]
fn rare_common_word<T: StoredValue, W: Word>(
    g: &[T],
    moves: &Moves,
    rc: &mut RareCommon,
) -> (u32, HeapCost) {
    debug_assert!(1 << rc.bits <= W::BITS);
    let mut options = W::EMPTY;
    moves.takes(g, |v| options |= W::bit(v));
    options |= rare_pass_word::<T, W>(g, moves, &rc.rare, &mut rc.pass_cache);
    let by_mask = W::from_words(rc.rare_set.words());
    // The values the splits without a rare part give: rare ones, unless swapped.
    let rare = if rc.flipped(g.len()) {
        !by_mask
    } else {
        by_mask
    };
    // Options are below the read bound ≤ 2^bits ≤ W::BITS, so the bound is not an option:
    // when every common value below it is an option, G(n) ≤ bound, and the bound may
    // stand as the candidate.
    let c = (rare | options).mex().min(rc.read_bound(g.len()));
    let mut needed = rare & !options & W::below(c);
    if needed == W::EMPTY {
        return (c, scan_cost(0, false, false));
    }
    let mut pairs = 0;
    let found = scan(g, moves, CHUNK, |smaller, larger| {
        pairs += smaller.len();
        if let Some(xs) = full_chunk_xors(smaller, larger) {
            // A full chunk: look for each needed value in turn with whole-vector compares
            // (few values are needed; a bit per split would be set one at a time).
            let mut rest = needed;
            while rest != W::EMPTY {
                let v = rest.least();
                rest &= !W::bit(v);
                if holds(&xs, v) {
                    needed &= !W::bit(v);
                }
            }
        } else {
            for (&a, &b) in smaller.iter().zip(larger.iter().rev()) {
                needed &= !W::bit((a ^ b).into());
            }
        }
        needed == W::EMPTY
    });
    let pairs = pairs as u64;
    if found {
        return (c, scan_cost(pairs, true, false));
    }
    (needed.least(), scan_cost(pairs, true, true))
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{game, naive};
    use super::super::{naive_octal_sequence, SequenceEngine};
    use super::*;

    #[test]
    fn walsh_hadamard_counts_rare_values() {
        let mut h = vec![5i64, 1, 0, 2];
        walsh_hadamard(&mut h);
        // Mask 1: rare values 0 and 2 (5 heaps) less common values 1 and 3 (3 heaps).
        assert_eq!(h, [8, 2, 4, 6]);
    }

    /// Games whose values follow the parity of the heap: with the heap bit, hardly any
    /// position is rare. 0.167 splits after removing 2 or 3, so the bit is not allowed.
    #[test]
    fn heap_bit_suits_parity_games() {
        for code in ["4.07", "4.3", "0.52", "4.37"] {
            let mut engine = SequenceEngine::new(&game(code));
            engine.extend_to(20_000, &conway_core::NoProgress).unwrap();
            assert!(engine.heap_bit(), "{code}");
            assert!(engine.rare_positions().len() < 10, "{code}");
            let oracle = naive_octal_sequence(&game(code), 20_000).unwrap();
            assert_eq!(engine.values(), &oracle, "{code}");
        }
        let mut engine = SequenceEngine::new(&game("0.167"));
        engine.extend_to(20_000, &conway_core::NoProgress).unwrap();
        assert!(!engine.heap_bit());
    }

    /// The wild games, whose values pass 128 and whose scans look for many rare values at
    /// once (byte flags) or a few (chunk compares), with option sets in memory throughout.
    #[test]
    fn wild_games_agree_with_naive_in_memory_sets() {
        for code in ["0.161", "0.034", "0.014", "0.172"] {
            let len = 6_000;
            let oracle = naive_octal_sequence(&game(code), len).unwrap();
            let mut engine = SequenceEngine::new(&game(code)).tuned(false, None);
            engine.extend_to(len, &conway_core::NoProgress).unwrap();
            assert_eq!(engine.values(), &oracle, "{code}");
            assert!(engine.stats().scans > len as u64 / 2, "{code}");
        }
    }

    /// Correctness never depends on the mask or on keeping option sets in registers: every
    /// fixed mask, and the general bitset path, give the naive values.
    #[test]
    fn values_do_not_depend_on_the_mask_or_path() {
        for code in [
            "0.16", "0.167", "0.137", "4.07", "0.54", "0.35", "4.3", "0.52",
        ] {
            let expected = naive(code, 400);
            let mut tunings = vec![(false, None)];
            for heap_bit in [false, true] {
                tunings.extend((1..64).map(|m| (true, Some((m, heap_bit)))));
                tunings.extend((1..64).step_by(7).map(|m| (false, Some((m, heap_bit)))));
            }
            for (word_sets, mask) in tunings {
                let mut engine = SequenceEngine::new(&game(code)).tuned(word_sets, mask);
                engine.extend_to(400, &conway_core::NoProgress).unwrap();
                let got = engine.values().to_u64_vec();
                assert_eq!(
                    got, expected,
                    "{code}, mask {mask:?}, word sets {word_sets}"
                );
            }
        }
    }
}
