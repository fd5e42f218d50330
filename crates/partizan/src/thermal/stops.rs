//! Left and right stops: the number reached when Left (Right) moves first and both players
//! stop as soon as a number is reached (Siegel, CGT II.3).

use std::collections::HashMap;

use conway_numbers::Dyadic;

use crate::{GameId, Store};

/// Computes stops, remembering those of subpositions.
#[derive(Default)]
pub struct Stops {
    cache: HashMap<(GameId, bool), Dyadic>,
}

impl Stops {
    /// A calculator with an empty cache.
    pub fn new() -> Stops {
        Stops::default()
    }

    /// The left stop (`left = true`) or right stop of G.
    pub fn stop(&mut self, store: &mut Store, g: GameId, left: bool) -> Dyadic {
        if let Some(n) = store.as_nus(g) {
            // x plus an infinitesimal stops at x.
            return n.number.clone();
        }
        if let Some(x) = self.cache.get(&(g, left)) {
            return x.clone();
        }
        let (gl, gr) = store.options(g);
        let options = if left { gl } else { gr };
        let stops = options.into_iter().map(|o| self.stop(store, o, !left));
        let result = if left { stops.max() } else { stops.min() }
            .unwrap_or_else(|| unreachable!("a non-number has options on both sides"));
        self.cache.insert((g, left), result.clone());
        result
    }
}

/// The left stop of G.
pub fn left_stop(store: &mut Store, g: GameId) -> Dyadic {
    Stops::new().stop(store, g, true)
}

/// The right stop of G.
pub fn right_stop(store: &mut Store, g: GameId) -> Dyadic {
    Stops::new().stop(store, g, false)
}
