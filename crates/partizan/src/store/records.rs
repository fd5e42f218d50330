//! The stored canonical forms, laid out for the recursions that walk them.
//!
//! Comparisons and sums read a form's kind and options again and again, in no order a cache
//! can predict. Each form is therefore a small fixed-size record (24 bytes) pointing into one
//! shared array of option ids, where its Left options are followed by its Right ones; the
//! number-up-star values, few next to the general forms, sit in a list of their own. The
//! index that finds a general form by its options holds only ids and hashes: the options
//! themselves are stored once, in the shared array.

use std::hash::BuildHasher;

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

use super::{GameId, Nus};

/// `Record::nus` of a form that is not a number-up-star value.
const NOT_NUS: u32 = u32::MAX;

/// `Record::left` of a number-up-star value whose options are derived on demand.
const UNLISTED: u32 = u32::MAX;

/// One canonical form.
#[derive(Clone, Copy)]
struct Record {
    /// Where the form's options start in [`Records::options`].
    start: usize,
    /// How many Left options, or [`UNLISTED`].
    left: u32,
    /// How many Right options.
    right: u32,
    /// The form's place in [`Records::values`], or [`NOT_NUS`].
    nus: u32,
}

/// Every stored form, by id.
#[derive(Default)]
pub(super) struct Records {
    records: Vec<Record>,
    /// The options of every form with listed options: Left's, then Right's.
    options: Vec<GameId>,
    /// The number-up-star values.
    values: Vec<Nus>,
    /// The general forms (not number-up-star values), found by the hash of their options;
    /// each entry keeps that hash, so that growing the table reads no options.
    index: HashTable<(GameId, u64)>,
}

fn options_hash(left: &[GameId], right: &[GameId]) -> u64 {
    FxBuildHasher.hash_one((left, right))
}

impl Records {
    /// How many forms are stored.
    pub(super) fn len(&self) -> usize {
        self.records.len()
    }

    fn next_id(&self) -> GameId {
        GameId(u32::try_from(self.records.len()).expect("fewer than 2^32 canonical forms"))
    }

    fn count(n: usize) -> u32 {
        // A form with 2^32 options would take 16 GiB for them alone: the budgets of an
        // evaluation stop long before.
        u32::try_from(n)
            .ok()
            .filter(|&n| n != UNLISTED)
            .expect("fewer than 2^32 - 1 options")
    }

    /// Stores a number-up-star value, with its canonical options when `options` lists them.
    pub(super) fn push_nus(
        &mut self,
        value: Nus,
        options: Option<(Vec<GameId>, Vec<GameId>)>,
    ) -> GameId {
        let id = self.next_id();
        let nus = u32::try_from(self.values.len()).expect("fewer than 2^32 values");
        let start = self.options.len();
        let (left, right) = match options {
            Some((l, r)) => {
                let counts = (Self::count(l.len()), Self::count(r.len()));
                self.options.extend(l);
                self.options.extend(r);
                counts
            }
            None => (UNLISTED, 0),
        };
        self.values.push(value);
        self.records.push(Record {
            start,
            left,
            right,
            nus,
        });
        id
    }

    /// The general form with these options (sorted and canonical), if it is stored.
    pub(super) fn find(&self, left: &[GameId], right: &[GameId]) -> Option<GameId> {
        let hash = options_hash(left, right);
        self.index
            .find(hash, |&(g, h)| {
                h == hash && self.options(g) == Some((left, right))
            })
            .map(|&(g, _)| g)
    }

    /// Stores a general form not stored yet.
    pub(super) fn push_options(&mut self, left: &[GameId], right: &[GameId]) -> GameId {
        let id = self.next_id();
        let hash = options_hash(left, right);
        let start = self.options.len();
        self.options.extend_from_slice(left);
        self.options.extend_from_slice(right);
        self.records.push(Record {
            start,
            left: Self::count(left.len()),
            right: Self::count(right.len()),
            nus: NOT_NUS,
        });
        self.index.insert_unique(hash, (id, hash), |&(_, h)| h);
        id
    }

    /// The form as a number-up-star value, if it is one.
    pub(super) fn nus(&self, g: GameId) -> Option<&Nus> {
        let nus = self.records[g.index()].nus;
        (nus != NOT_NUS).then(|| &self.values[nus as usize])
    }

    /// The form's Left and Right options, unless it is a number-up-star value whose options
    /// are derived on demand.
    pub(super) fn options(&self, g: GameId) -> Option<(&[GameId], &[GameId])> {
        let r = self.records[g.index()];
        if r.left == UNLISTED {
            return None;
        }
        let middle = r.start + r.left as usize;
        Some((
            &self.options[r.start..middle],
            &self.options[middle..middle + r.right as usize],
        ))
    }
}
