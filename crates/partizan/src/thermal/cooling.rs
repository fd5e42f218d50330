//! Cooling and heating (Siegel, CGT II.5 and II.6).
//!
//! G cooled by t is `{G^L_t − t | G^R_t + t}` up to the temperature of G and the mean of G
//! above it (where the cooled game has become infinitesimally close to a number, it freezes to
//! that number). Heating by a game t inverts cooling on numbers' translates:
//! `∫^t G = G` for a number G, otherwise `{∫^t G^L + t | ∫^t G^R − t}`.

use std::collections::HashMap;

use conway_numbers::Dyadic;

use super::thermograph::Thermographer;
use crate::{GameId, PartizanError, Store};

/// G cooled by t (t > −1, as in CGSuite).
pub fn cool(store: &mut Store, g: GameId, t: &Dyadic) -> Result<GameId, PartizanError> {
    if *t <= Dyadic::from_integer(-1) {
        return Err(PartizanError::NotApplicable(format!(
            "cannot cool by {t}: the temperature must be greater than -1"
        )));
    }
    if t.is_zero() {
        // Cooling by 0 changes nothing (numbers' temperatures are negative).
        return Ok(g);
    }
    let mut cooler = Cooler {
        t: t.clone(),
        thermographs: Thermographer::new(),
        cache: HashMap::new(),
    };
    cooler.cool(store, g)
}

struct Cooler {
    t: Dyadic,
    thermographs: Thermographer,
    cache: HashMap<GameId, GameId>,
}

impl Cooler {
    fn cool(&mut self, store: &mut Store, g: GameId) -> Result<GameId, PartizanError> {
        if let Some(&c) = self.cache.get(&g) {
            return Ok(c);
        }
        let (mean, temperature) = self.thermographs.mean_and_temperature(store, g)?;
        let result = if self.t > temperature {
            store.number(mean)
        } else {
            let (gl, gr) = store.options(g);
            let minus_t = store.number(-&self.t);
            let plus_t = store.number(self.t.clone());
            let mut left = Vec::with_capacity(gl.len());
            for o in gl {
                let c = self.cool(store, o)?;
                left.push(store.add(c, minus_t));
            }
            let mut right = Vec::with_capacity(gr.len());
            for o in gr {
                let c = self.cool(store, o)?;
                right.push(store.add(c, plus_t));
            }
            store.construct(&left, &right)
        };
        self.cache.insert(g, result);
        Ok(result)
    }
}

/// G heated by the game t.
pub fn heat(store: &mut Store, g: GameId, t: GameId) -> GameId {
    let mut cache = HashMap::new();
    heat_cached(store, g, t, &mut cache)
}

fn heat_cached(
    store: &mut Store,
    g: GameId,
    t: GameId,
    cache: &mut HashMap<GameId, GameId>,
) -> GameId {
    if store.is_number(g) {
        return g;
    }
    if let Some(&h) = cache.get(&g) {
        return h;
    }
    let (gl, gr) = store.options(g);
    let minus_t = store.neg(t);
    let left: Vec<GameId> = gl
        .into_iter()
        .map(|o| {
            let h = heat_cached(store, o, t, cache);
            store.add(h, t)
        })
        .collect();
    let right: Vec<GameId> = gr
        .into_iter()
        .map(|o| {
            let h = heat_cached(store, o, t, cache);
            store.add(h, minus_t)
        })
        .collect();
    let result = store.construct(&left, &right);
    cache.insert(g, result);
    result
}
