//! Misère canonical forms of impartial games (Conway, *On Numbers and Games*, ch. 12;
//! Siegel, *Combinatorial Game Theory*, ch. V).
//!
//! Two impartial games are equal in misère play when adding either to any game gives the
//! same misère outcome. Every game equals exactly one game whose options are canonical and
//! none of which is reversible: its misère canonical form. The store keeps each canonical
//! form once (hash-consed), so equal games have equal [`MisereId`]s.
//!
//! Simplification (Conway's theorem): a game G with canonical options equals H when H's
//! options are some of G's and each remaining option of G has H as an option — except that
//! G reduces to 0 only when, besides every option having 0 as an option, some option is a
//! misère P-position. A reduction target's options all have lower birthdays than the
//! options it removes, by at least two, so it is found among the prefixes of the options in
//! birthday order that end at such a gap, as CGSuite finds it.
//!
//! Games come in pairs G and G + * (`* + * = 0`): the one of lower birthday is *even*, the
//! other *odd*. Ids mirror that: an even game has an even id and its partner the next one,
//! so `g ^ 1` is `g + *` and `g & !1` the even part. A new canonical form is always even —
//! an odd game is the partner of an even one already stored — and its partner is stored
//! with it, whose options `{G' + *} ∪ {G}` need no simplification.
//!
//! Records are ordered as CGSuite orders them ([`order`]), since its notation prints options
//! in that order. Sums, mates and the other operations are cached.

mod error;
mod genus;
mod links;
mod notation;
mod order;
mod parts;
mod phylum;

#[cfg(test)]
mod oracle;
#[cfg(test)]
mod tests;

use std::cmp::Ordering;

use rustc_hash::FxHashMap as HashMap;

pub use error::MisereError;
pub use genus::CanonicalGenus;
pub use notation::{ReadError, MAX_PRINTED_CHARS, MAX_PRINTED_DEPTH};
pub use phylum::Phylum;

/// The id of a misère canonical form in a [`MisereStore`]. Equal ids mean equal games.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct MisereId(u32);

impl MisereId {
    /// The empty game `*[0]`.
    pub const ZERO: MisereId = MisereId(0);
    /// The nim heap of size one, `*[1]`.
    pub const STAR: MisereId = MisereId(1);

    /// Whether the game is odd: `G + *` has a lower birthday than G.
    pub fn is_odd(self) -> bool {
        self.0 & 1 == 1
    }

    /// `G + *`.
    pub fn plus_star(self) -> MisereId {
        MisereId(self.0 ^ 1)
    }

    /// The even one of G and `G + *`.
    pub fn even_part(self) -> MisereId {
        MisereId(self.0 & !1)
    }

    /// The odd one of G and `G + *`.
    fn odd_part(self) -> MisereId {
        MisereId(self.0 | 1)
    }

    /// G, or `G + *` when `odd`.
    fn with_parity(self, odd: bool) -> MisereId {
        if odd {
            self.odd_part()
        } else {
            self
        }
    }

    /// The position of the record, for tables indexed by id.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The default memory a store may use for its forms, in bytes (estimated as it grows:
/// each form's record and index entry, with its options held twice).
pub const DEFAULT_MAX_BYTES: usize = 1 << 30;

/// The estimated bytes one stored form of `options` options takes.
fn form_bytes(options: usize) -> usize {
    112 + 8 * options
}

/// The largest nim heap [`MisereStore::nim_heap`] builds: heap n has n options, all stored.
pub const MAX_NIM_HEAP: u32 = 4096;

/// One canonical form.
struct Record {
    /// The canonical options, in CGSuite's order.
    options: Box<[MisereId]>,
    birthday: u32,
    /// The normal-play Grundy value G⁺.
    normal: u32,
    /// The misère Grundy value G⁻: 0 exactly for misère P-positions (1 for the empty game).
    misere: u32,
    /// CGSuite's fixed id for the games it builds first, which its order puts first.
    early: Option<u8>,
    /// The phylum of the even part (G and G + * share it).
    phylum: Phylum,
}

/// The store of misère canonical forms, with the caches of its operations.
pub struct MisereStore {
    records: Vec<Record>,
    index: HashMap<Box<[MisereId]>, MisereId>,
    nim_heaps: Vec<MisereId>,
    sums: HashMap<(MisereId, MisereId), MisereId>,
    mates: HashMap<MisereId, MisereId>,
    partitions: HashMap<MisereId, std::sync::Arc<[MisereId]>>,
    genera: HashMap<MisereId, CanonicalGenus>,
    discriminators: HashMap<(MisereId, MisereId), MisereId>,
    max_bytes: usize,
    used_bytes: usize,
}

impl Default for MisereStore {
    fn default() -> Self {
        Self::new()
    }
}

impl MisereStore {
    /// A store holding 0, * and the games CGSuite builds first.
    pub fn new() -> Self {
        Self::with_limit(DEFAULT_MAX_BYTES)
    }

    /// A store that refuses to grow past about `max_bytes` bytes of forms (the sums and
    /// other caches come on top, at most as much again).
    pub fn with_limit(max_bytes: usize) -> Self {
        let mut store = MisereStore {
            records: Vec::new(),
            index: HashMap::default(),
            nim_heaps: Vec::new(),
            sums: HashMap::default(),
            mates: HashMap::default(),
            partitions: HashMap::default(),
            genera: HashMap::default(),
            discriminators: HashMap::default(),
            max_bytes: max_bytes.max(1 << 16),
            used_bytes: 0,
        };
        let zero = Record {
            options: Box::new([]),
            birthday: 0,
            normal: 0,
            misere: 1,
            early: Some(0),
            phylum: Phylum::NimHeap,
        };
        let star = Record {
            options: Box::new([MisereId::ZERO]),
            birthday: 1,
            normal: 1,
            misere: 0,
            early: Some(1),
            phylum: Phylum::NimHeap,
        };
        store.records.extend([zero, star]);
        store.index.insert(Box::new([]), MisereId::ZERO);
        store
            .index
            .insert(Box::new([MisereId::ZERO]), MisereId::STAR);
        order::build_early_games(&mut store);
        store.nim_heaps = vec![MisereId::ZERO, MisereId::STAR];
        store
    }

    /// How many canonical forms the store holds.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether the store holds only its starting games (never: 0 and * are always there).
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    fn record(&self, g: MisereId) -> &Record {
        &self.records[g.index()]
    }

    /// The canonical options of G, in CGSuite's order.
    pub fn options(&self, g: MisereId) -> &[MisereId] {
        &self.record(g).options
    }

    /// The birthday: 0 for the empty game, else one more than the largest of the options'.
    pub fn birthday(&self, g: MisereId) -> u32 {
        self.record(g).birthday
    }

    /// The normal-play Grundy value G⁺.
    pub fn normal_value(&self, g: MisereId) -> u32 {
        self.record(g).normal
    }

    /// The misère Grundy value G⁻ (CGSuite's `MisereNimValue`).
    pub fn misere_value(&self, g: MisereId) -> u32 {
        self.record(g).misere
    }

    /// Whether the player to move loses in misère play.
    pub fn is_p_position(&self, g: MisereId) -> bool {
        self.record(g).misere == 0
    }

    /// The phylum of G (tame, restive, …).
    pub fn phylum(&self, g: MisereId) -> Phylum {
        self.record(g).phylum
    }

    /// Whether `x` is an option of G.
    pub fn has_option(&self, g: MisereId, x: MisereId) -> bool {
        self.record(g).options.contains(&x)
    }

    /// CGSuite's order of canonical forms (see [`order`]).
    pub fn order(&self, a: MisereId, b: MisereId) -> Ordering {
        order::compare(self, a, b)
    }

    /// The nim heap of size n in misère play.
    pub fn nim_heap(&mut self, n: u32) -> Result<MisereId, MisereError> {
        if n > MAX_NIM_HEAP {
            return Err(MisereError::too_large(
                "a misère nim heap",
                n.to_string(),
                MAX_NIM_HEAP.to_string(),
            ));
        }
        while self.nim_heaps.len() <= n as usize {
            let size = self.nim_heaps.len();
            let next = if size % 2 == 1 {
                self.nim_heaps[size - 1].plus_star()
            } else {
                self.from_options(self.nim_heaps.clone())?
            };
            self.nim_heaps.push(next);
        }
        Ok(self.nim_heaps[n as usize])
    }

    /// Whether G is a nim heap.
    pub fn is_nim_heap(&mut self, g: MisereId) -> Result<bool, MisereError> {
        let b = self.birthday(g);
        Ok(b <= MAX_NIM_HEAP && self.nim_heap(b)? == g)
    }

    /// The canonical form of the game whose options are these canonical forms.
    pub fn from_options(&mut self, mut options: Vec<MisereId>) -> Result<MisereId, MisereError> {
        options.sort_by(|&a, &b| self.order(a, b));
        options.dedup();
        if let Some(&g) = self.index.get(options.as_slice()) {
            return Ok(g);
        }
        if self.reduces_to_zero(&options) {
            return Ok(MisereId::ZERO);
        }
        for j in 1..options.len() {
            if self.birthday(options[j]) > self.birthday(options[j - 1]) + 1 {
                if let Some(&h) = self.index.get(&options[..j]) {
                    if options[j..].iter().all(|&o| self.has_option(o, h)) {
                        return Ok(h);
                    }
                }
            }
        }
        self.store_pair(options)
    }

    /// Conway's rule for the empty game: every option has 0 as an option and some option is
    /// a misère P-position (0 itself is an N-position).
    fn reduces_to_zero(&self, options: &[MisereId]) -> bool {
        options[0] != MisereId::ZERO
            && options.iter().all(|&o| self.has_option(o, MisereId::ZERO))
            && options.iter().any(|&o| self.is_p_position(o))
    }

    /// Stores a new canonical form (even) and its partner `G + *` (odd).
    fn store_pair(&mut self, options: Vec<MisereId>) -> Result<MisereId, MisereError> {
        let bytes = 2 * form_bytes(options.len()) + 8;
        if self.used_bytes + bytes > self.max_bytes || self.records.len() + 2 > u32::MAX as usize {
            return Err(MisereError::too_large(
                "the store of misère canonical forms",
                format!(
                    "more than {} MB ({} forms)",
                    self.max_bytes >> 20,
                    self.records.len()
                ),
                format!("{} MB", self.max_bytes >> 20),
            ));
        }
        self.used_bytes += bytes;
        let even = MisereId(u32::try_from(self.records.len()).expect("the limit keeps ids in u32"));
        let birthday = 1 + options.iter().map(|&o| self.birthday(o)).max().unwrap_or(0);
        let normal = mex_u32(options.iter().map(|&o| self.normal_value(o)));
        let misere = mex_u32(options.iter().map(|&o| self.misere_value(o)));
        let phylum = phylum::phylum_of(self, &options, normal, misere);
        self.records.push(Record {
            options: options.clone().into_boxed_slice(),
            birthday,
            normal,
            misere,
            early: None,
            phylum,
        });
        self.index.insert(options.clone().into_boxed_slice(), even);
        let mut partner: Vec<MisereId> = options.iter().map(|o| o.plus_star()).collect();
        partner.sort_by(|&a, &b| self.order(a, b));
        partner.push(even);
        debug_assert_eq!(
            mex_u32(partner.iter().map(|&o| self.misere_value(o))),
            misere ^ 1
        );
        self.records.push(Record {
            options: partner.clone().into_boxed_slice(),
            birthday: birthday + 1,
            normal: normal ^ 1,
            misere: misere ^ 1,
            early: None,
            phylum,
        });
        self.index
            .insert(partner.into_boxed_slice(), even.plus_star());
        Ok(even)
    }

    /// The misère sum G + H.
    pub fn add(&mut self, g: MisereId, h: MisereId) -> Result<MisereId, MisereError> {
        let odd = g.is_odd() != h.is_odd();
        let (g, h) = (g.even_part(), h.even_part());
        let sum = if g == MisereId::ZERO {
            h
        } else if h == MisereId::ZERO {
            g
        } else {
            let key = (g.min(h), g.max(h));
            match self.sums.get(&key) {
                Some(&sum) => sum,
                None => {
                    let sum = stacker::maybe_grow(64 * 1024, 8 * 1024 * 1024, || {
                        let mut options = Vec::new();
                        for &o in self.record(g).options.clone().iter() {
                            options.push(self.add(o, h)?);
                        }
                        for &o in self.record(h).options.clone().iter() {
                            options.push(self.add(g, o)?);
                        }
                        self.from_options(options)
                    })?;
                    self.sums.insert(key, sum);
                    sum
                }
            }
        };
        Ok(if odd { sum.plus_star() } else { sum })
    }

    /// The mate G⁻ of G: * for 0, else the game of its options' mates (CGSuite's `Mate`).
    pub fn mate(&mut self, g: MisereId) -> Result<MisereId, MisereError> {
        if g.0 < 2 {
            return Ok(g.plus_star());
        }
        if let Some(&m) = self.mates.get(&g) {
            return Ok(m);
        }
        let mate = stacker::maybe_grow(64 * 1024, 8 * 1024 * 1024, || {
            let mut options = Vec::new();
            for &o in self.record(g).options.clone().iter() {
                options.push(self.mate(o)?);
            }
            self.from_options(options)
        })?;
        self.mates.insert(g, mate);
        Ok(mate)
    }
}

/// The least natural number not among the values.
fn mex_u32(values: impl Iterator<Item = u32>) -> u32 {
    mex(values.map(u64::from)) as u32
}

/// The least natural number not among the values.
fn mex(values: impl Iterator<Item = u64>) -> u64 {
    let mut seen: Vec<u64> = values.collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .find(|&(i, &v)| v != i as u64)
        .map_or(seen.len() as u64, |(i, _)| i as u64)
}
