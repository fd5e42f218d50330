//! Ordinal sums G:H (Conway, ONAG ch. 15): H is played on top of G, and a move in G
//! removes H. `G:H = {G^L, G:H^L | G^R, G:H^R}` on the canonical form of G.

use std::collections::HashMap;

use crate::{GameId, Nus, PartizanError, Store};

/// The latest birthday of a subordinate H accepted: G:H walks every subposition of H.
pub const MAX_SUBORDINATE_BIRTHDAY: u32 = 4096;

/// G:H.
pub fn ordinal_sum(store: &mut Store, g: GameId, h: GameId) -> Result<GameId, PartizanError> {
    if let Some(sum) = nimber_heap_sum(store, g, h) {
        return Ok(sum);
    }
    let birthday = store.birthday(h);
    if birthday > MAX_SUBORDINATE_BIRTHDAY.into() {
        return Err(PartizanError::too_large(
            "in G:H, the birthday of H (too many subpositions to walk)",
            birthday,
            MAX_SUBORDINATE_BIRTHDAY,
        ));
    }
    Ok(ordinal_cached(store, g, h, &mut HashMap::new()))
}

/// (x + *m) : *n = x + *(m + n): the nimber heap simply grows.
fn nimber_heap_sum(store: &mut Store, g: GameId, h: GameId) -> Option<GameId> {
    let (a, b) = (store.as_nus(g)?, store.as_nus(h)?);
    if a.ups == 0 && b.ups == 0 && b.number.is_zero() {
        let value = Nus {
            number: a.number.clone(),
            ups: 0,
            nimber: a.nimber.checked_add(b.nimber)?,
        };
        return Some(store.nus(&value));
    }
    None
}

fn ordinal_cached(
    store: &mut Store,
    g: GameId,
    h: GameId,
    cache: &mut HashMap<GameId, GameId>,
) -> GameId {
    if let Some(sum) = nimber_heap_sum(store, g, h) {
        return sum;
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
