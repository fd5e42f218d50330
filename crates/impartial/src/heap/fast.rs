//! The fast Grundy-sequence engine for octal and hexadecimal codes: the rare/common method.
//!
//! The naive method looks at every split of every heap, O(n²) for n heaps
//! ([`naive_octal_sequence`] does it on bitsets; the generic
//! [`grundy_sequence`](super::grundy_sequence) is the oracle). Here the nimbers are cut into
//! two classes by a parity mask `m`: a value `v` is *rare* when `popcount(v & m)` is even,
//! *common* otherwise. The rare values form a subgroup of index 2, so rare ⊕ rare and
//! common ⊕ common are rare and rare ⊕ common is common. In most octal games almost every
//! heap has a common value, so almost every two-heap split (common ⊕ common) lands on a rare
//! value, and the common values among the options come only from the few splits with a *rare
//! position* as one part.
//!
//! For heap `n`:
//! 1. the take moves (remove the heap, leave one heap) are excluded directly;
//! 2. the splits with a rare part are excluded, one per rare position;
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
//! registers, and the scan xors 64 splits at a time and looks for each value still needed
//! with whole-vector compares. Some games do not suit the method — many zero values (0 is
//! always rare), or values growing with `n` — and have rare positions in proportion to `n`;
//! a heap is then computed by the naive method whenever that looks cheaper.
//!
//! Codes with three-heap splits (hexadecimal digits 8–F) use a simpler quadratic method: the
//! set of values of the two-heap splits of every length is kept as a bitset, and a three-heap
//! split is a heap next to a two-heap split.
//!
//! Values are stored one byte per heap while they stay below 256, two bytes after that; a
//! value of 65536 or more is reported as [`ImpartialError::ValueLimit`], never truncated.

use std::ops::BitXor;

use super::octal::OctalGame;
use crate::periodicity::Periodicity;
use crate::ImpartialError;

/// The progress callback is called each time this many more heaps have been computed.
pub const PROGRESS_INTERVAL: usize = 1 << 16;

/// How often (in heaps) the rare/common mask is reconsidered (and at every power of two
/// before).
pub const REMASK_INTERVAL: usize = 1 << 12;

/// The largest Grundy value the engine stores.
pub const MAX_VALUE: u32 = u16::MAX as u32;

/// How many splits the scan for rare values checks between tests for early exit. Long
/// enough for vector compares to pay, short enough not to overshoot much (scans of the
/// usual games stop after 100 to 200 splits).
const CHUNK: usize = 64;

/// How many recent heaps [`rare_pass_word`] keeps rare splits for (more than the most
/// tokens a move removes, 64, and a power of two).
const PASS_CACHE: usize = 128;

/// The scan cost is averaged over about this many heaps.
const SCAN_COST_WINDOW: u64 = 64;

/// The fewest value bits the bitsets are sized for (64 values: one machine word).
const MIN_BITS: u32 = 6;

/// Grundy values of heaps 0, 1, 2, …, stored in the narrowest width that holds them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Values {
    /// Every value is below 256: one byte per heap.
    U8(Vec<u8>),
    /// Some value is 256 or more: two bytes per heap.
    U16(Vec<u16>),
}

impl Values {
    /// Narrow storage when every value fits a byte, wide storage otherwise.
    pub fn from_u16(values: Vec<u16>) -> Self {
        if values.iter().all(|&v| v <= u16::from(u8::MAX)) {
            Values::U8(values.into_iter().map(|v| v as u8).collect())
        } else {
            Values::U16(values)
        }
    }

    /// Storage for values given as `u64` (the naive engine's output); an error if one is
    /// larger than [`MAX_VALUE`].
    pub fn from_u64(values: &[u64]) -> Result<Self, ImpartialError> {
        let values = values
            .iter()
            .enumerate()
            .map(|(heap, &v)| {
                u16::try_from(v).map_err(|_| ImpartialError::ValueLimit {
                    heap,
                    limit: u64::from(MAX_VALUE),
                })
            })
            .collect::<Result<Vec<u16>, _>>()?;
        Ok(Values::from_u16(values))
    }

    /// How many heaps have values (heaps `0..len`).
    pub fn len(&self) -> usize {
        match self {
            Values::U8(v) => v.len(),
            Values::U16(v) => v.len(),
        }
    }

    /// True when no value is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Keeps the values of heaps `0..len` only.
    pub fn truncate(&mut self, len: usize) {
        match self {
            Values::U8(v) => v.truncate(len),
            Values::U16(v) => v.truncate(len),
        }
    }

    /// The value of heap `n`, if computed.
    pub fn get(&self, n: usize) -> Option<u16> {
        match self {
            Values::U8(v) => v.get(n).map(|&x| u16::from(x)),
            Values::U16(v) => v.get(n).copied(),
        }
    }

    /// The values in order.
    pub fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        let (narrow, wide): (&[u8], &[u16]) = match self {
            Values::U8(v) => (v, &[]),
            Values::U16(v) => (&[], v),
        };
        narrow
            .iter()
            .map(|&x| u16::from(x))
            .chain(wide.iter().copied())
    }

    /// The values widened to `u64`, as the naive engine returns them.
    pub fn to_u64_vec(&self) -> Vec<u64> {
        self.iter().map(u64::from).collect()
    }

    /// The largest value (0 when empty).
    pub fn max(&self) -> u16 {
        self.iter().max().unwrap_or(0)
    }

    /// Bytes per stored value.
    pub fn width(&self) -> usize {
        match self {
            Values::U8(_) => 1,
            Values::U16(_) => 2,
        }
    }

    /// The period the periodicity theorem certifies for `game` from these values, if any
    /// (see [`OctalGame::certified_period`]).
    pub fn certified_period(&self, game: &OctalGame) -> Option<Periodicity> {
        match self {
            Values::U8(v) => game.certified_period(v),
            Values::U16(v) => game.certified_period(v),
        }
    }
}

/// The Grundy values of heaps `0..len` of an octal or hexadecimal game, by the rare/common
/// method (the same values as [`grundy_sequence`](super::grundy_sequence), much faster).
pub fn octal_sequence(game: &OctalGame, len: usize) -> Result<Values, ImpartialError> {
    let mut engine = SequenceEngine::new(game);
    engine.extend_to(len, |_| true)?;
    Ok(engine.into_values())
}

/// The Grundy values of heaps `0..len` by the naive method on bitsets: every split of every
/// heap, O(n²) for octal codes and O(n³) with three-heap splits. It is the baseline the
/// rare/common method is measured against, and an oracle fast enough for long sequences
/// (the generic [`grundy_sequence`](super::grundy_sequence) builds every option as a list).
pub fn naive_octal_sequence(game: &OctalGame, len: usize) -> Result<Values, ImpartialError> {
    let moves = Moves::new(game);
    let mut g: Vec<u16> = Vec::with_capacity(len);
    let mut bits = MIN_BITS;
    // Options are xors of values below 2^bits, so twice that many bits leave one clear.
    let mut options = vec![0u64; (1 << (bits + 1)) / 64];
    for n in 0..len {
        options.fill(0);
        moves.takes(&g, |v| set(&mut options, v));
        for &i in &moves.split_two {
            let l = n.saturating_sub(i);
            for a in 1..=l / 2 {
                set(&mut options, u32::from(g[a] ^ g[l - a]));
            }
        }
        for &i in &moves.split_three {
            let l = n.saturating_sub(i);
            for a in 1..=l / 3 {
                for b in a..=(l - a) / 2 {
                    set(&mut options, u32::from(g[a] ^ g[b] ^ g[l - a - b]));
                }
            }
        }
        let v = least_clear(&options);
        let stored = u16::try_from(v).map_err(|_| ImpartialError::ValueLimit {
            heap: n,
            limit: u64::from(MAX_VALUE),
        })?;
        g.push(stored);
        if v >> bits != 0 {
            bits = 32 - v.leading_zeros();
            options = vec![0; (1 << (bits + 1)) / 64];
        }
    }
    Ok(Values::from_u16(g))
}

/// A Grundy sequence being computed: it can be extended step by step, interrupted through
/// the progress callback, and resumed from values saved earlier.
pub struct SequenceEngine {
    moves: Moves,
    values: Values,
    rc: RareCommon,
    /// The two-heap split sets, kept only for codes with three-heap splits.
    pairs: Option<PairSets>,
}

impl SequenceEngine {
    /// An engine for `game` with no values yet.
    pub fn new(game: &OctalGame) -> Self {
        let moves = Moves::new(game);
        let pairs = (!moves.split_three.is_empty()).then(PairSets::new);
        let rc = RareCommon::new(&moves);
        SequenceEngine {
            moves,
            values: Values::U8(Vec::new()),
            rc,
            pairs,
        }
    }

    /// An engine that continues from `values`, the values of heaps `0..values.len()` of
    /// `game` computed earlier (from a checkpoint, say). They are trusted, not recomputed;
    /// the engine's own state is rebuilt from them in time linear in their number (quadratic
    /// for codes with three-heap splits).
    pub fn resume(game: &OctalGame, values: Values) -> Self {
        let mut engine = SequenceEngine::new(game);
        for n in 0..values.len() {
            let v = u32::from(values.get(n).unwrap_or(0));
            if let Some(pairs) = engine.pairs.as_mut() {
                match &values {
                    Values::U8(g) => pairs.push(&g[..n], engine.rc.bits),
                    Values::U16(g) => pairs.push(&g[..n], engine.rc.bits),
                }
            }
            engine.rc.record(n, v);
            if let Some(pairs) = engine.pairs.as_mut() {
                pairs.fit(engine.rc.bits);
            }
        }
        engine.values = values;
        engine.remask();
        engine
    }

    /// The values computed so far.
    pub fn values(&self) -> &Values {
        &self.values
    }

    /// The values computed so far, taking them out of the engine.
    pub fn into_values(self) -> Values {
        self.values
    }

    /// How many heaps have values.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// True before the first value is computed.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The heaps `n ≥ 1` whose values are rare under the current mask, ascending. Their
    /// number measures how well the method suits the game: the work per heap grows with it.
    pub fn rare_positions(&self) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.rc.rare.iter().map(|&(n, _)| n)
    }

    /// Counters of the work done so far.
    pub fn stats(&self) -> EngineStats {
        self.rc.stats
    }

    /// The current rare/common parity mask: a value `v` is rare when `popcount(v & mask)`
    /// is even.
    pub fn mask(&self) -> u32 {
        self.rc.mask
    }

    /// Whether the heap's parity currently joins the mask (see the module documentation).
    pub fn heap_bit(&self) -> bool {
        self.rc.heap_bit
    }

    /// Computes values until heaps `0..len` are known. Every [`PROGRESS_INTERVAL`] heaps
    /// `progress` is called with the number of values so far; when it returns false the
    /// engine stops there and this returns `Ok(false)` (call again to continue). `Ok(true)`
    /// means all `len` values are known.
    pub fn extend_to(
        &mut self,
        len: usize,
        mut progress: impl FnMut(usize) -> bool,
    ) -> Result<bool, ImpartialError> {
        loop {
            let flow = match &mut self.values {
                Values::U8(g) => run(
                    g,
                    len,
                    &self.moves,
                    &mut self.rc,
                    self.pairs.as_mut(),
                    &mut progress,
                ),
                Values::U16(g) => run(
                    g,
                    len,
                    &self.moves,
                    &mut self.rc,
                    self.pairs.as_mut(),
                    &mut progress,
                ),
            };
            match flow {
                Flow::Done => return Ok(true),
                Flow::Stopped => return Ok(false),
                // Widen, and compute that value again in the wider loop (once per run).
                Flow::Widen(v) => match &self.values {
                    Values::U8(g) if v <= MAX_VALUE => {
                        self.values = Values::U16(g.iter().map(|&x| u16::from(x)).collect());
                    }
                    _ => {
                        return Err(ImpartialError::ValueLimit {
                            heap: self.values.len(),
                            limit: u64::from(MAX_VALUE),
                        })
                    }
                },
            }
        }
    }

    fn remask(&mut self) {
        match &self.values {
            Values::U8(g) => self.rc.remask(g),
            Values::U16(g) => self.rc.remask(g),
        }
    }

    /// Test hook: the same engine with naive steps off (every heap by the rare/common
    /// method), register sets off when asked, and the mask (and heap bit, where allowed)
    /// fixed when given, to check that none of these changes a value.
    #[cfg(test)]
    fn tuned(mut self, word_sets: bool, fixed: Option<(u32, bool)>) -> Self {
        self.rc.naive_steps = false;
        self.rc.word_sets = word_sets;
        if let Some((mask, heap_bit)) = fixed {
            self.rc.fixed_mask = true;
            self.rc.mask = mask;
            self.rc.heap_bit = heap_bit && self.rc.heap_bit_allowed;
            self.rc.resize();
        }
        self
    }
}

/// What stopped a run of the inner loop.
enum Flow {
    /// All values asked for are known.
    Done,
    /// The progress callback asked to stop.
    Stopped,
    /// The next value (given) does not fit the storage width; it is not stored.
    Widen(u32),
}

/// The stored width of a value: `u8` or `u16`.
trait Cell: Copy + Eq + BitXor<Output = Self> + Into<u32> + TryFrom<u32> {}
impl Cell for u8 {}
impl Cell for u16 {}

/// The inner loop, monomorphised per storage width.
fn run<T: Cell>(
    g: &mut Vec<T>,
    len: usize,
    moves: &Moves,
    rc: &mut RareCommon,
    mut pairs: Option<&mut PairSets>,
    progress: &mut dyn FnMut(usize) -> bool,
) -> Flow {
    // One allocation for a long run (doubling could overshoot a 2^30 run by a whole GiB),
    // but at least half again as much, so that many short runs still grow geometrically.
    let want = len.saturating_sub(g.len());
    if g.capacity() - g.len() < want {
        g.reserve_exact(want.max(g.len() / 2));
    }
    while g.len() < len {
        let n = g.len();
        let v = match pairs.as_deref_mut() {
            Some(pairs) => {
                pairs.push(g, rc.bits);
                quadratic_value(g, moves, rc, pairs)
            }
            None if rc.naive_is_cheaper(n, moves.split_two.len()) => {
                rc.stats.naive_steps += 1;
                match rc.bits {
                    bits if rc.word_sets && 1 << bits <= u64::BITS => {
                        naive_word::<T, u64>(g, moves)
                    }
                    bits if rc.word_sets && 1 << bits <= u128::BITS => {
                        naive_word::<T, u128>(g, moves)
                    }
                    _ => naive_value(g, moves, rc),
                }
            }
            None => {
                let before = rc.stats.pairs_scanned;
                // Register sets while all values (hence options and the mask) fit one.
                let v = match rc.bits {
                    bits if rc.word_sets && 1 << bits <= u64::BITS => {
                        rare_common_word::<T, u64>(g, moves, rc)
                    }
                    bits if rc.word_sets && 1 << bits <= u128::BITS => {
                        rare_common_word::<T, u128>(g, moves, rc)
                    }
                    _ => rare_common_value(g, moves, rc),
                };
                let scanned = rc.stats.pairs_scanned - before;
                rc.scan_cost = rc.scan_cost - rc.scan_cost / SCAN_COST_WINDOW + scanned;
                v
            }
        };
        let Ok(cell) = T::try_from(v) else {
            return Flow::Widen(v);
        };
        g.push(cell);
        rc.record(n, v);
        if let Some(pairs) = pairs.as_deref_mut() {
            pairs.fit(rc.bits);
        }
        // Early on at every power of two too: the first values already show the partition,
        // and waiting for the first interval would cost more than all remasks together.
        if (n + 1).is_multiple_of(REMASK_INTERVAL) || (n + 1).is_power_of_two() {
            rc.remask(g);
        }
        // A request to stop at the very end changes nothing: the run is done.
        if (n + 1).is_multiple_of(PROGRESS_INTERVAL) && !progress(n + 1) && n + 1 < len {
            return Flow::Stopped;
        }
    }
    Flow::Done
}

/// A set of values below [`Word::BITS`] in one or two machine words, for option sets kept
/// in registers. Setting bits of a bitset in memory makes a chain of dependent loads and
/// stores through the same word; in a register each is one or two instructions.
trait Word:
    Copy
    + Eq
    + std::ops::BitOr<Output = Self>
    + std::ops::BitAnd<Output = Self>
    + std::ops::Not<Output = Self>
    + std::ops::BitOrAssign
    + std::ops::BitAndAssign
{
    /// How many values the set holds (`0..BITS`).
    const BITS: u32;
    /// The empty set.
    const EMPTY: Self;
    /// `{v}`, for `v < BITS`.
    fn bit(v: u32) -> Self;
    /// The values below `c` (`c ≤ BITS`).
    fn below(c: u32) -> Self;
    /// The first words of a bitset.
    fn from_words(words: &[u64]) -> Self;
    /// The least value (`BITS` when empty).
    fn least(self) -> u32;
    /// The set as two words.
    fn to_u128(self) -> u128;
    /// A set stored by [`Word::to_u128`], of values below `BITS`.
    fn from_u128(w: u128) -> Self;
}

impl Word for u64 {
    const BITS: u32 = 64;
    const EMPTY: Self = 0;
    #[inline]
    fn bit(v: u32) -> Self {
        1 << v
    }
    #[inline]
    fn below(c: u32) -> Self {
        Self::MAX.checked_shr(Self::BITS - c).unwrap_or(0)
    }
    fn from_words(words: &[u64]) -> Self {
        words.first().copied().unwrap_or(0)
    }
    #[inline]
    fn least(self) -> u32 {
        self.trailing_zeros()
    }
    #[inline]
    fn to_u128(self) -> u128 {
        u128::from(self)
    }
    #[inline]
    fn from_u128(w: u128) -> Self {
        w as u64 // the values are below 64
    }
}

impl Word for u128 {
    const BITS: u32 = 128;
    const EMPTY: Self = 0;
    #[inline]
    fn bit(v: u32) -> Self {
        1 << v
    }
    #[inline]
    fn below(c: u32) -> Self {
        Self::MAX.checked_shr(Self::BITS - c).unwrap_or(0)
    }
    fn from_words(words: &[u64]) -> Self {
        let word = |j: usize| u128::from(words.get(j).copied().unwrap_or(0));
        word(0) | word(1) << 64
    }
    #[inline]
    fn least(self) -> u32 {
        self.trailing_zeros()
    }
    #[inline]
    fn to_u128(self) -> u128 {
        self
    }
    #[inline]
    fn from_u128(w: u128) -> Self {
        w
    }
}

/// The moves of a code, sorted by kind: each list holds the numbers of tokens removed.
struct Moves {
    /// Remove a whole heap of exactly `i`.
    remove_all: Vec<usize>,
    /// Remove `i`, leaving one non-empty heap.
    leave_one: Vec<usize>,
    /// Remove `i`, leaving two non-empty heaps.
    split_two: Vec<usize>,
    /// Remove `i`, leaving three non-empty heaps.
    split_three: Vec<usize>,
}

impl Moves {
    fn new(game: &OctalGame) -> Self {
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
        }
    }

    /// Calls `insert` with the value of each take move (no split) of heap `n = g.len()`.
    #[inline]
    fn takes<T: Cell>(&self, g: &[T], mut insert: impl FnMut(u32)) {
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

#[inline]
fn set(bits: &mut [u64], v: u32) {
    let v = v as usize;
    bits[v / 64] |= 1 << (v % 64);
}

/// The least value whose bit is clear (`bits` must have one clear bit).
fn least_clear(bits: &[u64]) -> u32 {
    for (j, &w) in bits.iter().enumerate() {
        if w != u64::MAX {
            return (j * 64) as u32 + w.trailing_ones();
        }
    }
    (bits.len() * 64) as u32
}

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
}

/// The rare/common partition and the state that goes with it.
struct RareCommon {
    /// Every value so far is below `2^bits`.
    bits: u32,
    /// The parity mask: `v` is rare iff `popcount(v & mask)` is even. Never 0 (then every
    /// value would be rare), and below `2^bits`.
    mask: u32,
    /// Whether the heap's parity joins the mask (see [`RareCommon::is_rare_position`]).
    heap_bit: bool,
    /// Whether it may: all splitting moves remove numbers of the same parity.
    heap_bit_allowed: bool,
    /// The parity of the tokens removed by the splitting moves.
    split_parity: usize,
    /// Bit `v` is set iff value `v` is rare, for `v < 2^(bits + 1)`.
    rare_set: Vec<u64>,
    /// The heaps `n ≥ 1` whose positions are rare, ascending, with their values.
    rare: Vec<(usize, u32)>,
    /// How many heaps `n ≥ 1` have value `v`, for `v < 2^bits`, by heap parity class
    /// ([`RareCommon::heap_class`]).
    histogram: [Vec<u64>; 2],
    /// Scratch: the options of the heap being computed, values `< 2^(bits + 1)`.
    options: Vec<u64>,
    /// Scratch: the rare values below the candidate not yet found among the options.
    needed: Vec<u64>,
    stats: EngineStats,
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
    /// The register sets of the rare splits of the first splitting move of recent heaps,
    /// tagged by heap (see [`rare_pass_word`]).
    pass_cache: Vec<(usize, u128)>,
}

impl RareCommon {
    fn new(moves: &Moves) -> Self {
        let parities = moves.split_two.iter().map(|i| i % 2);
        let same_parity = parities.clone().min() == parities.clone().max();
        let mut rc = RareCommon {
            bits: MIN_BITS,
            mask: 1,
            heap_bit: false,
            heap_bit_allowed: same_parity,
            split_parity: moves.split_two.first().map_or(0, |i| i % 2),
            rare_set: Vec::new(),
            rare: Vec::new(),
            histogram: [vec![0; 1 << MIN_BITS], vec![0; 1 << MIN_BITS]],
            options: Vec::new(),
            needed: Vec::new(),
            stats: EngineStats::default(),
            word_sets: true,
            fixed_mask: false,
            naive_steps: true,
            scan_cost: 0,
            pass_cache: vec![(usize::MAX, 0); PASS_CACHE],
        };
        rc.resize();
        rc
    }

    /// Whether the naive method (every split) looks cheaper for heap `n` than the rare/common
    /// one, whose work is a split per rare position and the recent scan length. Games whose
    /// values are not mostly common (many zeros, values growing with `n`) have rare
    /// positions in proportion to `n`, and the method would cost more than it saves.
    fn naive_is_cheaper(&self, n: usize, splits: usize) -> bool {
        // A scanned split costs less than one of the naive method (64 at a time, with
        // vector compares), so it counts half.
        let scanned = self.scan_cost / SCAN_COST_WINDOW / 2;
        let rare_common = (self.rare.len() * splits) as u64 + scanned;
        self.naive_steps && rare_common > (splits * n / 2) as u64
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
        let words = (1usize << (self.bits + 1)) / 64;
        self.options = vec![0; words];
        self.rare_set = vec![0; words];
        for v in 0..(words * 64) as u32 {
            if self.is_rare(v) {
                set(&mut self.rare_set, v);
            }
        }
    }

    /// Bookkeeping after heap `n` got value `v`.
    fn record(&mut self, n: usize, v: u32) {
        if v >> self.bits != 0 {
            self.bits = 32 - v.leading_zeros();
            for h in &mut self.histogram {
                h.resize(1 << self.bits, 0);
            }
            self.resize();
        }
        if n == 0 {
            return; // heap 0 is never a part of a split
        }
        self.histogram[self.heap_class(n)][v as usize] += 1;
        if self.is_rare_position(n, v) {
            self.rare.push((n, v));
        }
    }

    /// Re-chooses the mask that makes the fewest positions rare, if it is clearly better
    /// than the current one (rebuilding the list of rare positions costs a pass over all
    /// values, so small gains are not worth it).
    fn remask<T: Cell>(&mut self, g: &[T]) {
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

/// Calls `insert` with the value of every two-heap split of heap `n = g.len()` that has a
/// rare position as a part (twice when both parts are rare, which is harmless). `splits`
/// (ascending) are the numbers of tokens removed by the splitting moves.
#[inline]
fn rare_pass<T: Cell>(
    g: &[T],
    splits: &[usize],
    rare: &[(usize, u32)],
    mut insert: impl FnMut(u32),
) {
    let n = g.len();
    // Rare positions below the shortest split length pair with every split length; only
    // the few above (at most `widest`: positions are ascending) need a test.
    let widest = splits.last().copied().unwrap_or(n);
    let short = n.saturating_sub(widest);
    let mut k = rare.len();
    while k > 0 && rare[k - 1].0 >= short {
        k -= 1;
    }
    let part = |i: usize, r: usize| -> u32 { g[n - i - r].into() };
    for &(r, v) in &rare[..k] {
        splits.iter().for_each(|&i| insert(v ^ part(i, r)));
    }
    for &(r, v) in &rare[k..] {
        for &i in splits {
            if r + i < n {
                insert(v ^ part(i, r));
            }
        }
    }
}

/// [`rare_pass`] into a register set, for values below `W::BITS`.
///
/// Removing `j` tokens from heap `n` leaves what removing `i < j` left of heap
/// `n − (j − i)`, so only the first splitting move is computed afresh and the others come
/// from `cache`, the first move's sets of the last heaps (tagged by heap). They stay valid
/// while rare positions are only appended: a position that pairs with `n − j` is below
/// `n − j`, so it was already rare when heap `n − (j − i)` was computed. A new mask clears
/// the cache.
#[inline]
fn rare_pass_word<T: Cell, W: Word>(
    g: &[T],
    splits: &[usize],
    rare: &[(usize, u32)],
    cache: &mut [(usize, u128)],
) -> W {
    let n = g.len();
    let Some((&first, others)) = splits.split_first() else {
        return W::EMPTY;
    };
    let fresh = rare_pass_one::<T, W>(g, first, rare);
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
            rare_pass_one::<T, W>(g, j, rare)
        };
    }
    options
}

/// The values of the splits of heap `n = g.len()` after removing `i` tokens that have a
/// rare part, as a register set. Two accumulators, so that the inserts do not wait for each
/// other.
#[inline]
fn rare_pass_one<T: Cell, W: Word>(g: &[T], i: usize, rare: &[(usize, u32)]) -> W {
    let Some(l) = g.len().checked_sub(i) else {
        return W::EMPTY;
    };
    // Rare positions are ascending, and at most `i` of them are at least `l`.
    let mut k = rare.len();
    while k > 0 && rare[k - 1].0 >= l {
        k -= 1;
    }
    let bit = |(r, v): (usize, u32)| -> W { W::bit(v ^ Into::<u32>::into(g[l - r])) };
    let mut acc = [W::EMPTY; 2];
    let mut twos = rare[..k].chunks_exact(2);
    for p in &mut twos {
        acc[0] |= bit(p[0]);
        acc[1] |= bit(p[1]);
    }
    for &p in twos.remainder() {
        acc[0] |= bit(p);
    }
    acc[0] | acc[1]
}

/// Offers the two-heap splits of heap `n = g.len()` to `visit`, `chunk` at a time, until it
/// returns true (then so does this). `visit(smaller, larger)` gets the smaller parts
/// `a..a + k` in order and their partners `n − i − a` in reverse order.
///
/// The chunks of different split lengths alternate: a value missing from the splits of one
/// length is then found among another's without first running through all of the first.
#[inline]
fn scan<T: Cell>(
    g: &[T],
    splits: &[usize],
    chunk: usize,
    mut visit: impl FnMut(&[T], &[T]) -> bool,
) -> bool {
    let n = g.len();
    let mut a = 1;
    loop {
        let mut more = false;
        for &i in splits {
            if n < i + 2 || a > (n - i) / 2 {
                continue;
            }
            more = true;
            let l = n - i;
            let end = (a + chunk).min(l / 2 + 1);
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

/// G(n) for `n = g.len()` by the rare/common method (codes without three-heap splits).
fn rare_common_value<T: Cell>(g: &[T], moves: &Moves, rc: &mut RareCommon) -> u32 {
    // The values the splits without a rare part give: rare ones, unless swapped.
    let flip = if rc.flipped(g.len()) { u64::MAX } else { 0 };
    let options = &mut rc.options;
    options.fill(0);
    moves.takes(g, |v| set(options, v));
    // The splits with a rare part give all the common options of the splits.
    rare_pass(g, &moves.split_two, &rc.rare, |v| set(options, v));
    // The candidate: every common option is known, so the least common value that is not
    // an option is G(n) unless a rare value below it is not an option either. There is
    // one: values from 2^bits on are not options, and half of them are common (by the
    // mask, or swapped).
    let rare_set = rc.rare_set.iter().map(|&r| r ^ flip);
    let with_rare = options.iter().zip(rare_set.clone()).map(|(&o, r)| o | r);
    let c = with_rare
        .enumerate()
        .find(|&(_, w)| w != u64::MAX)
        .map_or(options.len() as u32 * 64, |(j, w)| {
            (j * 64) as u32 + w.trailing_ones()
        });
    // The rare values below the candidate that are not options yet.
    let needed = &mut rc.needed;
    needed.clear();
    let last = (c / 64) as usize;
    for (j, (&o, r)) in options.iter().zip(rare_set).enumerate().take(last + 1) {
        let below = if j == last {
            (1 << (c % 64)) - 1
        } else {
            u64::MAX
        };
        needed.push(!o & r & below);
    }
    if needed.iter().all(|&w| w == 0) {
        return c;
    }
    rc.stats.scans += 1;
    let mut pairs = 0;
    let found = scan(g, &moves.split_two, CHUNK, |smaller, larger| {
        pairs += smaller.len();
        for (&a, &b) in smaller.iter().zip(larger.iter().rev()) {
            let x: u32 = (a ^ b).into();
            if let Some(w) = needed.get_mut((x / 64) as usize) {
                *w &= !(1 << (x % 64));
            }
        }
        needed.iter().all(|&w| w == 0)
    });
    rc.stats.pairs_scanned += pairs as u64;
    if found {
        return c;
    }
    rc.stats.rare_values += 1;
    least_clear_inverted(needed).unwrap_or(c)
}

/// The least value whose bit is set.
fn least_clear_inverted(bits: &[u64]) -> Option<u32> {
    let (j, w) = bits.iter().enumerate().find(|&(_, &w)| w != 0)?;
    Some((j * 64) as u32 + w.trailing_zeros())
}

/// [`rare_common_value`] while every value is below `W::BITS`, with the option sets held in
/// registers ([`Word`]).
#[inline(never)]
fn rare_common_word<T: Cell, W: Word>(g: &[T], moves: &Moves, rc: &mut RareCommon) -> u32 {
    debug_assert!(1 << rc.bits <= W::BITS);
    let mut options = W::EMPTY;
    moves.takes(g, |v| options |= W::bit(v));
    options |= rare_pass_word::<T, W>(g, &moves.split_two, &rc.rare, &mut rc.pass_cache);
    let by_mask = W::from_words(&rc.rare_set);
    // The values the splits without a rare part give: rare ones, unless swapped.
    let rare = if rc.flipped(g.len()) {
        !by_mask
    } else {
        by_mask
    };
    // Options are below 2^bits ≤ W::BITS, so W::BITS is not an option: when every common
    // value in the word is an option, G(n) ≤ W::BITS, and W::BITS may stand as the
    // candidate.
    let c = (!rare & !options).least();
    let mut needed = rare & !options & W::below(c);
    if needed == W::EMPTY {
        return c;
    }
    rc.stats.scans += 1;
    let mut pairs = 0;
    let found = scan(g, &moves.split_two, CHUNK, |smaller, larger| {
        pairs += smaller.len();
        if let (Ok(smaller), Ok(larger)) = (
            <&[T; CHUNK]>::try_from(smaller),
            <&[T; CHUNK]>::try_from(larger),
        ) {
            // A full chunk: look for each needed value in turn with whole-vector compares
            // (few values are needed; a bit per split would be set one at a time).
            let mut xs = *smaller;
            for (x, &b) in xs.iter_mut().zip(larger.iter().rev()) {
                *x = *x ^ b;
            }
            let mut rest = needed;
            while rest != W::EMPTY {
                let v = rest.least();
                rest &= !W::bit(v);
                let Ok(vt) = T::try_from(v) else { continue };
                if xs.iter().fold(false, |acc, &x| acc | (x == vt)) {
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
    rc.stats.pairs_scanned += pairs as u64;
    if found {
        return c;
    }
    rc.stats.rare_values += 1;
    needed.least()
}

/// G(n) for `n = g.len()` by the naive method, with a register option set (values below
/// `W::BITS`).
#[inline(never)]
fn naive_word<T: Cell, W: Word>(g: &[T], moves: &Moves) -> u32 {
    // Four accumulators, so that the inserts do not wait for each other.
    let mut acc = [W::EMPTY; 4];
    moves.takes(g, |v| acc[0] |= W::bit(v));
    let bit = |a: T, b: T| W::bit((a ^ b).into());
    scan(g, &moves.split_two, CHUNK, |smaller, larger| {
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
    (!options).least()
}

/// G(n) for `n = g.len()` by the naive method, with a bitset option set.
fn naive_value<T: Cell>(g: &[T], moves: &Moves, rc: &mut RareCommon) -> u32 {
    let options = &mut rc.options;
    options.fill(0);
    moves.takes(g, |v| set(options, v));
    scan(g, &moves.split_two, CHUNK, |smaller, larger| {
        for (&a, &b) in smaller.iter().zip(larger.iter().rev()) {
            set(options, (a ^ b).into());
        }
        false
    });
    least_clear(options)
}

/// The values of the two-heap splits of every length, for codes with three-heap splits.
struct PairSets {
    /// Words per set: the sets hold values below `2^bits`.
    stride: usize,
    /// Set `m` (the splits of a heap of `m` into two non-empty heaps) at `m * stride`.
    sets: Vec<u64>,
}

impl PairSets {
    fn new() -> Self {
        PairSets {
            stride: (1 << MIN_BITS) / 64,
            sets: Vec::new(),
        }
    }

    /// Appends the set for `m = g.len()` (unless it is there: a value computed again after
    /// widening the storage).
    fn push<T: Cell>(&mut self, g: &[T], bits: u32) {
        self.fit(bits);
        let m = g.len();
        if self.sets.len() > m * self.stride {
            return;
        }
        let start = self.sets.len();
        self.sets.resize(start + self.stride, 0);
        let set_m = &mut self.sets[start..];
        for a in 1..=m / 2 {
            set(set_m, (g[a] ^ g[m - a]).into());
        }
    }

    /// Re-lays the sets out when values have grown past their width.
    fn fit(&mut self, bits: u32) {
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

/// G(n) for `n = g.len()` by the quadratic method (codes with three-heap splits); the set
/// of splits of `n` itself must already be in `pairs`.
fn quadratic_value<T: Cell>(g: &[T], moves: &Moves, rc: &mut RareCommon, pairs: &PairSets) -> u32 {
    let n = g.len();
    let options = &mut rc.options;
    options.fill(0);
    moves.takes(g, |v| set(options, v));
    for &i in &moves.split_two {
        if n >= i + 2 {
            for (o, &p) in options.iter_mut().zip(pairs.get(n - i)) {
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
                    options[j ^ hi] |= xor_permute(w, lo);
                }
            }
        }
    }
    least_clear(options)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::grundy_sequence;
    use proptest::prelude::*;

    fn game(code: &str) -> OctalGame {
        OctalGame::parse(code).unwrap()
    }

    fn naive(code: &str, len: usize) -> Vec<u64> {
        grundy_sequence(&game(code), len)
    }

    fn fast(code: &str, len: usize) -> Vec<u64> {
        octal_sequence(&game(code), len).unwrap().to_u64_vec()
    }

    /// OEIS A002186, Sprague-Grundy values of Kayles (octal game .77), n = 0..104, the terms
    /// published at https://oeis.org/A002186.
    const A002186: [u64; 105] = [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
        7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7,
        4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4,
        7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1,
    ];

    /// OEIS A002187, Sprague-Grundy values of Dawson's chess (octal game .137), n = 0..131,
    /// the terms published at https://oeis.org/A002187. Dawson's Kayles (.07) has a(n − 1).
    const A002187: [u64; 132] = [
        0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
        5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2,
        1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1,
        1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9,
        3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    ];

    #[test]
    fn kayles_matches_oeis_a002186() {
        assert_eq!(fast("0.77", A002186.len()), A002186);
        assert_eq!(naive("0.77", A002186.len()), A002186);
    }

    #[test]
    fn dawsons_chess_matches_oeis_a002187() {
        assert_eq!(fast("0.137", A002187.len()), A002187);
        assert_eq!(naive("0.137", A002187.len()), A002187);
        let dawsons_kayles = fast("0.07", A002187.len() + 1);
        assert_eq!(dawsons_kayles[1..], A002187);
    }

    /// Octal classics, splitting without taking (4.), and hexadecimal codes whose values
    /// grow past one byte (three-heap splits: 0.FF has G(n) = n).
    #[test]
    fn agrees_with_naive_on_classics() {
        for code in [
            "0.77", "0.07", "0.137", "0.16", "0.167", "0.15", "0.45", "4.07", "4.3", "0.6", "0.F",
            "0.8", "4.8F", "0.FF", "C.1",
        ] {
            assert_eq!(fast(code, 300), naive(code, 300), "{code}");
        }
    }

    /// Long sequences, where the mask is re-chosen many times, against the bitset oracle
    /// (itself checked against the generic one).
    #[test]
    fn agrees_with_naive_on_long_sequences() {
        // Three and four splitting moves (rare splits reused from earlier heaps), then four
        // games the rare/common method does not suit. `suits`: whether the engine should
        // mostly take rare/common steps (None: no opinion).
        for (code, len, suits) in [
            ("0.16", 20_000, Some(true)),
            ("0.167", 20_000, Some(true)),
            ("0.137", 5_000, None),
            ("4.07", 5_000, None),
            ("0.1677", 10_000, None),
            ("4.4444", 5_000, None),
            ("0.06", 5_000, Some(false)),
            ("0.004", 5_000, Some(false)),
            ("4.3", 5_000, None),
            ("0.52", 5_000, None),
        ] {
            let oracle = naive_octal_sequence(&game(code), len).unwrap();
            let mut engine = SequenceEngine::new(&game(code));
            engine.extend_to(len, |_| true).unwrap();
            assert_eq!(engine.values(), &oracle, "{code}");
            assert_eq!(oracle.to_u64_vec()[..300], naive(code, 300), "{code}");
            let naive_steps = engine.stats().naive_steps as usize;
            if let Some(suits) = suits {
                let mostly_rc = naive_steps < len / 2;
                assert_eq!(mostly_rc, suits, "{code}: {naive_steps} naive steps");
            }
            // The same values with every heap by the rare/common method.
            let mut engine = SequenceEngine::new(&game(code)).tuned(true, None);
            engine.extend_to(len, |_| true).unwrap();
            assert_eq!(engine.values(), &oracle, "{code} (rare/common)");
        }
        let hex = naive_octal_sequence(&game("4.8F"), 300).unwrap();
        assert_eq!(hex.to_u64_vec(), naive("4.8F", 300));
    }

    /// Games whose values follow the parity of the heap: with the heap bit, hardly any
    /// position is rare. 0.167 splits after removing 2 or 3, so the bit is not allowed.
    #[test]
    fn heap_bit_suits_parity_games() {
        for code in ["4.07", "4.3", "0.52", "4.37"] {
            let mut engine = SequenceEngine::new(&game(code));
            engine.extend_to(20_000, |_| true).unwrap();
            assert!(engine.heap_bit(), "{code}");
            assert!(engine.rare_positions().len() < 10, "{code}");
            let oracle = naive_octal_sequence(&game(code), 20_000).unwrap();
            assert_eq!(engine.values(), &oracle, "{code}");
        }
        let mut engine = SequenceEngine::new(&game("0.167"));
        engine.extend_to(20_000, |_| true).unwrap();
        assert!(!engine.heap_bit());
    }

    /// Values past one byte in the rare/common engine (not only with three-heap splits).
    #[test]
    fn widens_storage_past_255() {
        let code = format!("4.{}", "7".repeat(64));
        let values = octal_sequence(&game(&code), 300).unwrap();
        assert_eq!(values.width(), 2);
        assert!(values.max() > 255);
        assert_eq!(values.to_u64_vec(), naive(&code, 300));
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
                engine.extend_to(400, |_| true).unwrap();
                let got = engine.values().to_u64_vec();
                assert_eq!(
                    got, expected,
                    "{code}, mask {mask:?}, word sets {word_sets}"
                );
            }
        }
    }

    /// Published periods (Winning Ways ch. 4; Flammenkamp's octal tables), certified by the
    /// periodicity theorem from the values of this engine.
    #[test]
    fn published_periods_are_certified() {
        for &(code, preperiod, period) in crate::heap::octal::PUBLISHED_PERIODS {
            let game = game(code);
            let needed = 2 * (preperiod + period) + game.max_take();
            let values = octal_sequence(&game, needed).unwrap();
            let p = values.certified_period(&game).expect(code);
            assert_eq!((p.preperiod, p.period), (preperiod, period), "{code}");
        }
    }

    /// 0.16: preperiod 105351, period 149459 (Gangolli and Plambeck), certified from
    /// 2·(105351 + 149459) + 2 values, and not from one fewer.
    #[test]
    fn period_of_0_16() {
        let game = game("0.16");
        let needed = 2 * (105_351 + 149_459) + game.max_take();
        let mut engine = SequenceEngine::new(&game);
        engine.extend_to(needed, |_| true).unwrap();
        let p = engine.values().certified_period(&game).unwrap();
        assert_eq!((p.preperiod, p.period), (105_351, 149_459));
        let Values::U8(values) = engine.values() else {
            panic!("0.16 has values below 256");
        };
        assert_eq!(game.certified_period(&values[..needed - 1]), None);
    }

    #[test]
    fn resumes_from_saved_values() {
        for (code, len) in [("0.167", 20_000), ("4.8F", 500)] {
            let game = game(code);
            let whole = octal_sequence(&game, len).unwrap();
            let saved = octal_sequence(&game, len / 3).unwrap();
            let mut engine = SequenceEngine::resume(&game, saved);
            assert_eq!(engine.len(), len / 3);
            engine.extend_to(len, |_| true).unwrap();
            assert_eq!(engine.values(), &whole, "{code}");
        }
    }

    #[test]
    fn progress_can_stop_and_continue() {
        let game = game("0.16");
        let len = 3 * PROGRESS_INTERVAL + 5;
        let mut engine = SequenceEngine::new(&game);
        let mut calls = Vec::new();
        let done = engine
            .extend_to(len, |n| {
                calls.push(n);
                n < 2 * PROGRESS_INTERVAL
            })
            .unwrap();
        assert!(!done);
        assert_eq!(calls, [PROGRESS_INTERVAL, 2 * PROGRESS_INTERVAL]);
        assert_eq!(engine.len(), 2 * PROGRESS_INTERVAL);
        assert!(engine.extend_to(len, |_| true).unwrap());
        assert_eq!(engine.values(), &octal_sequence(&game, len).unwrap());
        // Asked to stop just as the run is done: it is done.
        let mut engine = SequenceEngine::new(&game);
        assert!(engine.extend_to(PROGRESS_INTERVAL, |_| false).unwrap());
    }

    #[test]
    fn values_storage() {
        let narrow = Values::from_u64(&[0, 1, 255]).unwrap();
        assert_eq!(narrow, Values::U8(vec![0, 1, 255]));
        let wide = Values::from_u64(&[0, 256]).unwrap();
        assert_eq!(wide, Values::U16(vec![0, 256]));
        assert_eq!(wide.get(1), Some(256));
        assert_eq!(wide.get(2), None);
        assert!(matches!(
            Values::from_u64(&[0, 70_000]),
            Err(ImpartialError::ValueLimit { heap: 1, .. })
        ));
    }

    #[test]
    fn walsh_hadamard_counts_rare_values() {
        let mut h = vec![5i64, 1, 0, 2];
        walsh_hadamard(&mut h);
        // Mask 1: rare values 0 and 2 (5 heaps) less common values 1 and 3 (3 heaps).
        assert_eq!(h, [8, 2, 4, 6]);
    }

    #[test]
    fn xor_permute_moves_bits() {
        for t in 0..64 {
            for p in 0..64 {
                assert_eq!(xor_permute(1 << p, t), 1 << (p ^ t));
            }
        }
    }

    /// A random code: one to four digits 0–F after a head 0 or 4.
    fn code() -> impl Strategy<Value = String> {
        let head = prop_oneof![Just('0'), Just('4')];
        let digits = proptest::collection::vec(0u32..16, 1..=4);
        (head, digits).prop_map(|(head, digits)| {
            let tail: String = digits
                .iter()
                .filter_map(|&d| char::from_digit(d, 16))
                .collect();
            format!("{head}.{tail}")
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]
        #[test]
        fn agrees_with_naive_on_random_codes(code in code(), len in 1usize..=300) {
            let expected = naive(&code, len);
            prop_assert_eq!(fast(&code, len), expected.clone(), "{}", code);
            // Every heap by the rare/common method, even where naive steps look cheaper.
            let mut engine = SequenceEngine::new(&game(&code)).tuned(true, None);
            engine.extend_to(len, |_| true).unwrap();
            prop_assert_eq!(engine.values().to_u64_vec(), expected, "{} (rare/common)", code);
        }
    }
}
