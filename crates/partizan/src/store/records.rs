//! The stored canonical forms, laid out for the recursions that walk them.
//!
//! Comparisons and sums read a form's stops, kind and options again and again, in no order a
//! cache can predict. Each form is therefore a small fixed-size record (40 bytes, its stops
//! in fixed point among them) pointing into one shared array of option ids, where its Left
//! options are followed by its Right ones; the number-up-star values, few next to the
//! general forms, sit in a list of their own. The index that finds a general form by its
//! options holds only ids and hashes: the options themselves are stored once, in the shared
//! array.

use std::cmp::Ordering;
use std::hash::BuildHasher;

use conway_numbers::Dyadic;
use hashbrown::HashTable;
use rustc_hash::{FxBuildHasher, FxHashMap};

use super::stops::FixedStop;
use super::{GameId, Nus};

/// `Record::nus` of a form that is not a number-up-star value.
const NOT_NUS: u32 = u32::MAX;

/// `Record::left` of a number-up-star value whose options are derived on demand.
const UNLISTED: u32 = u32::MAX;

/// `Record::negative` of a form whose negative is not known yet.
const NEGATIVE_UNKNOWN: u32 = u32::MAX;

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
    /// The id of the form's negative once known, or [`NEGATIVE_UNKNOWN`]: it fills what
    /// would be padding, and saves a hash lookup of every negation.
    negative: u32,
    /// The left and right stops.
    stops: [FixedStop; 2],
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
    /// Both stops, exactly, of the forms with a stop that has no fixed-point image.
    wide_stops: FxHashMap<GameId, (Dyadic, Dyadic)>,
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
        let stops = self.fixed_stops(id, &value.number, &value.number);
        self.values.push(value);
        let options = options.as_ref().map(|(l, r)| (&l[..], &r[..]));
        self.push_record(options, nus, stops)
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
        let stops = self.stops_of_options(self.next_id(), left, right);
        let id = self.push_record(Some((left, right)), NOT_NUS, stops);
        let hash = options_hash(left, right);
        self.index.insert_unique(hash, (id, hash), |&(_, h)| h);
        id
    }

    /// Adds the record of the next form, with its options (`None`: derived on demand).
    fn push_record(
        &mut self,
        options: Option<(&[GameId], &[GameId])>,
        nus: u32,
        stops: [FixedStop; 2],
    ) -> GameId {
        let id = self.next_id();
        let start = self.options.len();
        let (left, right) = match options {
            Some((l, r)) => {
                self.options.extend_from_slice(l);
                self.options.extend_from_slice(r);
                (Self::count(l.len()), Self::count(r.len()))
            }
            None => (UNLISTED, 0),
        };
        self.records.push(Record {
            start,
            left,
            right,
            nus,
            negative: NEGATIVE_UNKNOWN,
            stops,
        });
        id
    }

    /// The form's negative, if it has been found.
    pub(super) fn negative(&self, g: GameId) -> Option<GameId> {
        let n = self.records[g.index()].negative;
        (n != NEGATIVE_UNKNOWN).then_some(GameId(n))
    }

    /// Records that `g` and `h` are each other's negatives.
    pub(super) fn set_negatives(&mut self, g: GameId, h: GameId) {
        self.records[g.index()].negative = h.0;
        self.records[h.index()].negative = g.0;
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

    /// The fixed-point stops of form `id`, keeping them exactly when either has no image.
    fn fixed_stops(&mut self, id: GameId, left: &Dyadic, right: &Dyadic) -> [FixedStop; 2] {
        let fixed = [FixedStop::of(left), FixedStop::of(right)];
        if fixed.iter().any(|s| s.is_wide()) {
            self.wide_stops.insert(id, (left.clone(), right.clone()));
        }
        fixed
    }

    /// The stops of form `id`, whose Left options are `left` and Right options `right`
    /// (both stored, both non-empty): the best right stop of a Left option, and the best
    /// left stop of a Right option.
    fn stops_of_options(
        &mut self,
        id: GameId,
        left: &[GameId],
        right: &[GameId],
    ) -> [FixedStop; 2] {
        let records = &self.records;
        let right_stops = || left.iter().map(|g| records[g.index()].stops[1]);
        let left_stops = || right.iter().map(|g| records[g.index()].stops[0]);
        if right_stops().chain(left_stops()).all(|s| !s.is_wide()) {
            if let (Some(l), Some(r)) = (right_stops().max(), left_stops().min()) {
                return [l, r];
            }
        }
        let left_stop = left.iter().map(|&g| self.stops(g).1).max();
        let right_stop = right.iter().map(|&g| self.stops(g).0).min();
        match (left_stop, right_stop) {
            (Some(l), Some(r)) => self.fixed_stops(id, &l, &r),
            _ => unreachable!("a canonical non-number has options on both sides"),
        }
    }

    /// The left and right stops of `g`.
    pub(super) fn stops(&self, g: GameId) -> (Dyadic, Dyadic) {
        match self.records[g.index()].stops.map(FixedStop::value) {
            [Some(l), Some(r)] => (l, r),
            _ => self.wide_stops[&g].clone(),
        }
    }

    /// The fixed-point stops of `g` and of `h`, unless one of the four has no image.
    fn both_fixed(&self, g: GameId, h: GameId) -> Option<([FixedStop; 2], [FixedStop; 2])> {
        let (a, b) = (self.records[g.index()].stops, self.records[h.index()].stops);
        a.iter().chain(&b).all(|s| !s.is_wide()).then_some((a, b))
    }

    /// How `g`'s (left, right) stops compare with `h`'s, left stops first.
    pub(super) fn stop_order(&self, g: GameId, h: GameId) -> Ordering {
        match self.both_fixed(g, h) {
            Some((a, b)) => a.cmp(&b),
            None => self.stops(g).cmp(&self.stops(h)),
        }
    }

    /// Whether a stop of `g` is above the same stop of `h`, which rules out G ≤ H.
    pub(super) fn any_stop_above(&self, g: GameId, h: GameId) -> bool {
        match self.both_fixed(g, h) {
            Some((a, b)) => a[0] > b[0] || a[1] > b[1],
            None => {
                let (a, b) = (self.stops(g), self.stops(h));
                a.0 > b.0 || a.1 > b.1
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn dyadic() -> impl Strategy<Value = Dyadic> {
        // Small and huge numerators, few and many binary places: both kinds of stop.
        (any::<i64>(), 0u32..70, 0u32..3).prop_map(|(n, exp, scale)| {
            let n = num_bigint::BigInt::from(n) << (40 * scale);
            Dyadic::from_parts(n, exp)
        })
    }

    proptest! {
        /// Fixed-point and exact stops answer alike: the stops of numbers and of a form
        /// with options read back, and their order and the test that rules out G ≤ H are
        /// those of the numbers themselves.
        #[test]
        fn fixed_and_wide_stops_agree(numbers in proptest::collection::vec(dyadic(), 2..6)) {
            let mut records = Records::default();
            let ids: Vec<GameId> = numbers
                .iter()
                .map(|x| records.push_nus(Nus::number(x.clone()), None))
                .collect();
            // {a, b | c, d}: left stop max(a, b), right stop min(c, d).
            let (l, r) = ids.split_at(ids.len() / 2);
            let form = records.push_options(l, r);
            let (nl, nr) = numbers.split_at(numbers.len() / 2);
            let mut expected: Vec<(Dyadic, Dyadic)> = numbers.iter().map(|x| (x.clone(), x.clone())).collect();
            expected.push((nl.iter().max().cloned().unwrap(), nr.iter().min().cloned().unwrap()));
            let all: Vec<GameId> = ids.iter().copied().chain([form]).collect();
            for (&g, a) in all.iter().zip(&expected) {
                prop_assert_eq!(&records.stops(g), a);
                for (&h, b) in all.iter().zip(&expected) {
                    prop_assert_eq!(records.stop_order(g, h), a.cmp(b));
                    prop_assert_eq!(records.any_stop_above(g, h), a.0 > b.0 || a.1 > b.1);
                }
            }
        }
    }
}
