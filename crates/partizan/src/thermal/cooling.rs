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
            store.try_descend()?;
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
    let fixed = |store: &mut Store, g: GameId| Ok(store.is_number(g).then_some(g));
    // Numbers are fixed, so heating cannot fail.
    heat_above(store, g, t, &fixed, &mut HashMap::new()).unwrap_or(g)
}

/// G overheated from s to t (Berlekamp, "Blockbusting and Domineering", 1988; CGSuite's
/// `Overheat`): an integer n becomes n copies of s, and any other game
/// `{overheat(G^L) + t | overheat(G^R) − t}`. Unlike heating, numbers other than integers are
/// heated through their options: `overheat(7/16, 0, 0)` is `^[3]`.
///
/// An error if an integer asks for more copies of s than [`Store::copies`] makes.
pub fn overheat(
    store: &mut Store,
    g: GameId,
    s: GameId,
    t: GameId,
) -> Result<GameId, PartizanError> {
    let copies =
        move |store: &mut Store, g: GameId| match store.as_number(g).and_then(Dyadic::to_bigint) {
            Some(n) => store.copies(s, &n).map(Some),
            None => Ok(None),
        };
    heat_above(store, g, t, &copies, &mut HashMap::new())
}

/// Where heating stops: the game's image if it is one of the games answered directly.
type BaseCase = dyn Fn(&mut Store, GameId) -> Result<Option<GameId>, PartizanError>;

/// `{H(G^L) + t | H(G^R) − t}` above the games `base` answers directly: heating and
/// overheating differ only there.
fn heat_above(
    store: &mut Store,
    g: GameId,
    t: GameId,
    base: &BaseCase,
    cache: &mut HashMap<GameId, GameId>,
) -> Result<GameId, PartizanError> {
    if let Some(h) = base(store, g)? {
        return Ok(h);
    }
    if let Some(&h) = cache.get(&g) {
        return Ok(h);
    }
    store.try_descend()?;
    let (gl, gr) = store.options(g);
    let minus_t = store.neg(t);
    let mut left = Vec::with_capacity(gl.len());
    for o in gl {
        let h = heat_above(store, o, t, base, cache)?;
        left.push(store.add(h, t));
    }
    let mut right = Vec::with_capacity(gr.len());
    for o in gr {
        let h = heat_above(store, o, t, base, cache)?;
        right.push(store.add(h, minus_t));
    }
    let result = store.construct(&left, &right);
    cache.insert(g, result);
    Ok(result)
}
