//! The canonical-form store: every canonical short game gets one integer id.
//!
//! Games are hash-consed: a canonical form is stored once, so two games are equal exactly
//! when their ids are equal. A record is either a number-up-star value ([`Nus`], kept in
//! closed form, with its options derived on demand) or the sorted id lists of its canonical
//! Left and Right options. Sums and negatives are cached; comparison is not (its recursion is
//! cheap next to building the games it compares, as in CGSuite).
//!
//! Recursion depth follows the birthdays of the games involved; callers that build very deep
//! games should run on a thread with a large stack (the CLI does).

mod arith;
mod birthday;
pub mod compare;
mod construct;
pub mod nus;

use std::collections::HashMap;

use conway_numbers::Dyadic;

pub use nus::Nus;

/// The id of a canonical short game in a [`Store`]. Equal ids mean equal games.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct GameId(u32);

impl GameId {
    /// The position of the record, for tables indexed by id.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// One canonical form.
enum Record {
    /// A number-up-star value; its canonical options follow from [`Nus::canonical_options`].
    Nus(Nus),
    /// Any other canonical form: sorted, duplicate-free ids of its options.
    Options {
        left: Box<[GameId]>,
        right: Box<[GameId]>,
    },
}

/// The key of a general canonical form: its sorted Left and Right option ids.
type OptionsKey = (Box<[GameId]>, Box<[GameId]>);

/// The store of canonical forms, with the operation caches.
pub struct Store {
    records: Vec<Record>,
    nus_index: HashMap<Nus, GameId>,
    options_index: HashMap<OptionsKey, GameId>,
    sums: HashMap<(GameId, GameId), GameId>,
    negatives: HashMap<GameId, GameId>,
    birthdays: HashMap<GameId, num_bigint::BigUint>,
}

impl Default for Store {
    fn default() -> Self {
        Store::new()
    }
}

impl Store {
    /// An empty store (holding only 0).
    pub fn new() -> Store {
        let mut store = Store {
            records: Vec::new(),
            nus_index: HashMap::new(),
            options_index: HashMap::new(),
            sums: HashMap::new(),
            negatives: HashMap::new(),
            birthdays: HashMap::new(),
        };
        store.nus(&Nus::zero());
        store
    }

    /// How many canonical forms are stored.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether the store holds nothing but 0 (it always holds 0).
    pub fn is_empty(&self) -> bool {
        self.records.len() <= 1
    }

    /// The game 0.
    pub fn zero(&self) -> GameId {
        GameId(0)
    }

    /// The id of a number-up-star value.
    pub fn nus(&mut self, value: &Nus) -> GameId {
        if let Some(&id) = self.nus_index.get(value) {
            return id;
        }
        let id = self.push(Record::Nus(value.clone()));
        self.nus_index.insert(value.clone(), id);
        id
    }

    /// The number `x`.
    pub fn number(&mut self, x: Dyadic) -> GameId {
        self.nus(&Nus::number(x))
    }

    /// The integer `n`.
    pub fn integer(&mut self, n: i64) -> GameId {
        self.number(Dyadic::from_integer(n))
    }

    /// The nimber `*m`.
    pub fn nimber(&mut self, m: u64) -> GameId {
        self.nus(&Nus {
            number: Dyadic::zero(),
            ups: 0,
            nimber: m,
        })
    }

    /// `n·↑` (↓ for negative n).
    pub fn up(&mut self, n: i64) -> GameId {
        self.nus(&Nus {
            number: Dyadic::zero(),
            ups: n,
            nimber: 0,
        })
    }

    /// The value as number + ups + star, if it is one.
    pub fn as_nus(&self, g: GameId) -> Option<&Nus> {
        match &self.records[g.index()] {
            Record::Nus(n) => Some(n),
            Record::Options { .. } => None,
        }
    }

    /// The value as a number, if it is one.
    pub fn as_number(&self, g: GameId) -> Option<&Dyadic> {
        self.as_nus(g).filter(|n| n.is_number()).map(|n| &n.number)
    }

    /// Whether the game is a number.
    pub fn is_number(&self, g: GameId) -> bool {
        self.as_number(g).is_some()
    }

    /// The canonical Left options.
    pub fn left_options(&mut self, g: GameId) -> Vec<GameId> {
        self.options(g).0
    }

    /// The canonical Right options.
    pub fn right_options(&mut self, g: GameId) -> Vec<GameId> {
        self.options(g).1
    }

    /// The canonical Left and Right options.
    pub fn options(&mut self, g: GameId) -> (Vec<GameId>, Vec<GameId>) {
        match &self.records[g.index()] {
            Record::Options { left, right } => (left.to_vec(), right.to_vec()),
            Record::Nus(n) => {
                let (l, r) = n.canonical_options();
                let mut ids = |v: Vec<Nus>| -> Vec<GameId> {
                    let mut ids: Vec<GameId> = v.iter().map(|x| self.nus(x)).collect();
                    ids.sort_unstable();
                    ids
                };
                (ids(l), ids(r))
            }
        }
    }

    fn push(&mut self, record: Record) -> GameId {
        let id =
            GameId(u32::try_from(self.records.len()).expect("fewer than 2^32 canonical forms"));
        self.records.push(record);
        id
    }

    /// Stores a canonical form given by canonical options (sorted, without dominated or
    /// reversible options), recognising number-up-star values.
    fn intern_canonical(&mut self, left: Vec<GameId>, right: Vec<GameId>) -> GameId {
        let left_nus: Option<Vec<&Nus>> = left.iter().map(|&g| self.as_nus(g)).collect();
        let right_nus: Option<Vec<&Nus>> = right.iter().map(|&g| self.as_nus(g)).collect();
        if let (Some(l), Some(r)) = (left_nus, right_nus) {
            if let Some(value) = Nus::recognise(&l, &r) {
                return self.nus(&value);
            }
        }
        let key = (left.into_boxed_slice(), right.into_boxed_slice());
        if let Some(&id) = self.options_index.get(&key) {
            return id;
        }
        let id = self.push(Record::Options {
            left: key.0.clone(),
            right: key.1.clone(),
        });
        self.options_index.insert(key, id);
        id
    }
}
