//! Left and right stops: the number reached when Left (Right) moves first and both players
//! stop as soon as a number is reached (Siegel, CGT II.3). The store keeps them for every
//! canonical form, computed from the options' stops when the form is interned.

use conway_numbers::Dyadic;

use crate::{GameId, Store};

/// The left stop of G.
pub fn left_stop(store: &Store, g: GameId) -> Dyadic {
    store.stops(g).0
}

/// The right stop of G.
pub fn right_stop(store: &Store, g: GameId) -> Dyadic {
    store.stops(g).1
}
