//! Birthdays: the day on which Conway's construction first creates a game.

use num_bigint::BigUint;

use super::{GameId, Store};

impl Store {
    /// The birthday of G: 0 for 0, otherwise one more than the latest-born canonical option.
    /// Numbers are computed in closed form (see [`conway_numbers::Dyadic::birthday`]).
    pub fn birthday(&mut self, g: GameId) -> BigUint {
        if let Some(x) = self.as_number(g) {
            return x.birthday();
        }
        if let Some(b) = self.birthdays.get(&g) {
            return b.clone();
        }
        let (left, right) = self.options(g);
        let day = left
            .into_iter()
            .chain(right)
            .map(|x| self.birthday(x) + 1u32)
            .max()
            .unwrap_or_default();
        self.birthdays.insert(g, day.clone());
        day
    }
}
