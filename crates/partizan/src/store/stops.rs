//! The left and right stops of every stored form, kept where comparisons read them often.
//!
//! Comparison tries the stops first (G ≤ H forces Ls(G) ≤ Ls(H) and Rs(G) ≤ Rs(H)), and
//! canonical construction orders options by them, so they are read far more often than any
//! other part of a record. Almost every stop is a number of few binary places, which a
//! fixed-point `i64` holds exactly: eight bytes a stop instead of a [`Dyadic`]'s forty, and an
//! integer comparison instead of aligning two numerators. The rest are kept exactly beside.

use std::cmp::Ordering;

use conway_numbers::Dyadic;
use rustc_hash::FxHashMap as HashMap;

use super::GameId;

/// Binary places of the fixed-point image: stops of games born up to about 32 days, and of
/// integers up to 2^31 in size, fit.
const FRACTION_BITS: u32 = 32;

/// A stop as `value · 2^FRACTION_BITS`, or [`FixedStop::WIDE`] when that is not an `i64`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct FixedStop(i64);

impl FixedStop {
    /// The marker of a stop kept exactly in [`Stops::wide`] (the value `i64::MIN` itself
    /// is kept there too).
    const WIDE: FixedStop = FixedStop(i64::MIN);

    fn of(x: &Dyadic) -> FixedStop {
        x.to_scaled_i64(FRACTION_BITS)
            .filter(|&v| v != i64::MIN)
            .map_or(FixedStop::WIDE, FixedStop)
    }

    fn is_wide(self) -> bool {
        self == FixedStop::WIDE
    }
}

/// The stops of each stored form, by id.
#[derive(Default)]
pub(super) struct Stops {
    fixed: Vec<[FixedStop; 2]>,
    /// Both stops, exactly, of the forms with a stop that has no fixed-point image.
    wide: HashMap<GameId, (Dyadic, Dyadic)>,
}

impl Stops {
    /// Records the stops of the form with the next id.
    pub(super) fn push(&mut self, left: Dyadic, right: Dyadic) {
        let id = GameId(u32::try_from(self.fixed.len()).expect("fewer than 2^32 forms"));
        let fixed = [FixedStop::of(&left), FixedStop::of(&right)];
        if fixed.iter().any(|s| s.is_wide()) {
            self.wide.insert(id, (left, right));
        }
        self.fixed.push(fixed);
    }

    /// The stops of a form whose Left options are `left` and Right options `right` (both
    /// stored, both non-empty): the best right stop of a Left option, and the best left stop
    /// of a Right option.
    pub(super) fn push_of_options(&mut self, left: &[GameId], right: &[GameId]) {
        let table = &self.fixed;
        let right_stops = || left.iter().map(|g| table[g.index()][1]);
        let left_stops = || right.iter().map(|g| table[g.index()][0]);
        if right_stops().chain(left_stops()).all(|s| !s.is_wide()) {
            let left_stop = right_stops().max();
            let right_stop = left_stops().min();
            if let (Some(l), Some(r)) = (left_stop, right_stop) {
                self.fixed.push([l, r]);
                return;
            }
        }
        let left_stop = left.iter().map(|&g| self.get(g).1).max();
        let right_stop = right.iter().map(|&g| self.get(g).0).min();
        match (left_stop, right_stop) {
            (Some(l), Some(r)) => self.push(l, r),
            _ => unreachable!("a canonical non-number has options on both sides"),
        }
    }

    /// The left and right stops of `g`.
    pub(super) fn get(&self, g: GameId) -> (Dyadic, Dyadic) {
        let [l, r] = self.fixed[g.index()];
        if l.is_wide() || r.is_wide() {
            return self.wide[&g].clone();
        }
        (
            Dyadic::new(l.0, FRACTION_BITS),
            Dyadic::new(r.0, FRACTION_BITS),
        )
    }

    /// How `g`'s (left, right) stops compare with `h`'s, left stops first.
    pub(super) fn order(&self, g: GameId, h: GameId) -> Ordering {
        let (a, b) = (self.fixed[g.index()], self.fixed[h.index()]);
        if a.iter().chain(&b).any(|s| s.is_wide()) {
            return self.get(g).cmp(&self.get(h));
        }
        a.cmp(&b)
    }

    /// Whether a stop of `g` is above the same stop of `h`, which rules out G ≤ H.
    pub(super) fn any_above(&self, g: GameId, h: GameId) -> bool {
        let (a, b) = (self.fixed[g.index()], self.fixed[h.index()]);
        if a.iter().chain(&b).any(|s| s.is_wide()) {
            let (a, b) = (self.get(g), self.get(h));
            return a.0 > b.0 || a.1 > b.1;
        }
        a[0] > b[0] || a[1] > b[1]
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
        /// Fixed-point and exact stops answer alike: the stops read back, their order and
        /// the test that rules out G ≤ H are those of the numbers themselves.
        #[test]
        fn fixed_and_wide_stops_agree(pairs in proptest::collection::vec((dyadic(), dyadic()), 2..6)) {
            let mut stops = Stops::default();
            for (l, r) in &pairs {
                stops.push(l.clone(), r.clone());
            }
            for (i, a) in pairs.iter().enumerate() {
                let g = GameId(i as u32);
                prop_assert_eq!(&stops.get(g), a);
                for (j, b) in pairs.iter().enumerate() {
                    let h = GameId(j as u32);
                    prop_assert_eq!(stops.order(g, h), a.cmp(b));
                    prop_assert_eq!(stops.any_above(g, h), a.0 > b.0 || a.1 > b.1);
                }
            }
        }
    }
}
