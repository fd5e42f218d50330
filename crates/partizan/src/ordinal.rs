//! Ordinal sums G:H (Conway, ONAG ch. 15): H is played on top of G, and a move in G
//! removes H. `G:H = {G^L, G:H^L | G^R, G:H^R}` on the canonical form of G.

use std::collections::HashMap;

use crate::{GameId, Nus, Store};

/// G:H.
pub fn ordinal_sum(store: &mut Store, g: GameId, h: GameId) -> GameId {
    ordinal_cached(store, g, h, &mut HashMap::new())
}

fn ordinal_cached(
    store: &mut Store,
    g: GameId,
    h: GameId,
    cache: &mut HashMap<GameId, GameId>,
) -> GameId {
    // (x + *m) : *n = x + *(m + n): the nimber heap simply grows.
    if let (Some(a), Some(b)) = (store.as_nus(g), store.as_nus(h)) {
        if a.ups == 0 && b.ups == 0 && b.number.is_zero() {
            if let Some(nimber) = a.nimber.checked_add(b.nimber) {
                let value = Nus {
                    number: a.number.clone(),
                    ups: 0,
                    nimber,
                };
                return store.nus(&value);
            }
        }
    }
    if let Some(&s) = cache.get(&h) {
        return s;
    }
    let (mut left, mut right) = store.options(g);
    let (hl, hr) = store.options(h);
    for o in hl {
        let s = ordinal_cached(store, g, o, cache);
        left.push(s);
    }
    for o in hr {
        let s = ordinal_cached(store, g, o, cache);
        right.push(s);
    }
    let result = store.construct(&left, &right);
    cache.insert(h, result);
    result
}
