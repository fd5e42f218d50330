//! Birthdays: the day on which Conway's construction first creates a game.

use num_bigint::BigUint;

use super::{GameId, Nus, Store};

impl Store {
    /// The birthday of G: 0 for 0, otherwise one more than the latest-born canonical option.
    /// Numbers are computed in closed form (see [`conway_numbers::Dyadic::birthday`]).
    pub fn birthday(&mut self, g: GameId) -> BigUint {
        if let Some(n) = self.as_nus(g) {
            return nus_birthday(n);
        }
        if let Some(b) = self.birthdays.get(&g) {
            return b.clone();
        }
        if !self.descend() {
            return BigUint::default();
        }
        let (left, right) = self.options(g);
        let day = left
            .into_iter()
            .chain(right)
            .map(|x| self.birthday(x) + 1u32)
            .max()
            .unwrap_or_default();
        if !self.stop_requested() {
            self.birthdays.insert(g, day.clone());
        }
        day
    }
}

/// The birthday of x + ↑n + *m in closed form, from the canonical options in [`Nus`]:
/// x + *m is born m days after x; x + ↑n*m (n ≥ 1) one day after the later of x and
/// x + ↑(n−1)*(m⊕1), except ↑* itself, born two days after x. Downs mirror ups.
///
/// Following that chain down from (n, m) to (1, m ⊕ (n−1 mod 2)) adds one day a step: n
/// days after x + ↑0*(m ⊕ (n mod 2)), unless its last step is ↑*, which starts the chain at
/// x + 2 instead ([`tests::by_the_chain`] walks it, step by step, as the oracle).
fn nus_birthday(n: &Nus) -> BigUint {
    let base = n.number.birthday();
    let ups = n.ups.unsigned_abs();
    if ups == 0 {
        return base + n.nimber;
    }
    if n.nimber ^ ((ups - 1) & 1) == 1 {
        // ..., ↑*: x + ↑* on day x + 2, then ups − 1 more days.
        base + ups + 1u32
    } else {
        base + (n.nimber ^ (ups & 1)) + ups
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use conway_numbers::Dyadic;
    use proptest::prelude::*;

    /// The birthday of x + ↑n*m by following its chain of latest-born options one day at
    /// a time.
    fn by_the_chain(n: &Nus) -> BigUint {
        let base = n.number.birthday();
        let ups = n.ups.unsigned_abs();
        // The chain (ups, m) → (ups − 1, m ⊕ 1) → … ends at (0, m ⊕ (ups mod 2)).
        let mut day = &base + (n.nimber ^ (ups & 1));
        for k in 1..=ups {
            let nimber = n.nimber ^ ((ups - k) & 1);
            day = if k == 1 && nimber == 1 {
                &base + 2u32
            } else {
                day.max(base.clone()) + 1u32
            };
        }
        day
    }

    proptest! {
        #[test]
        fn closed_form_matches_the_chain(
            ups in -300i64..300,
            nimber in prop_oneof![0u64..6, any::<u64>()],
            numerator in -40i64..40,
            exponent in 0u32..6,
        ) {
            let n = Nus {
                number: Dyadic::new(numerator, exponent),
                ups,
                nimber,
            };
            prop_assert_eq!(nus_birthday(&n), by_the_chain(&n));
        }
    }

    #[test]
    fn closed_form_matches_the_options() {
        let mut store = Store::new();
        for n in crate::naive::strategies::small_nus(&["0", "3", "-1/2", "5/8"]) {
            let g = store.nus(&n);
            let (left, right) = store.options(g);
            let by_options = left
                .into_iter()
                .chain(right)
                .map(|o| store.birthday(o) + 1u32)
                .max()
                .unwrap_or_default();
            assert_eq!(nus_birthday(&n), by_options, "{n}");
        }
        // Sources: the issue (birthday of ^ is 2, of 25/16 is 6); *m is born on day m.
        let up = store.up(1);
        assert_eq!(store.birthday(up), BigUint::from(2u32));
        let huge = store.nimber(u64::MAX);
        assert_eq!(store.birthday(huge), BigUint::from(u64::MAX));
    }
}
