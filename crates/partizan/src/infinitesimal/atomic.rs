//! Atomic weights (Winning Ways ch. 7–8; Siegel, CGT II.7): the number of ↑s an infinitesimal is
//! worth, as a game.
//!
//! The weight is `{aw(G^L) − 2 | aw(G^R) + 2}`, except where that is an integer: then, if G is
//! less than the far star, the least integer n with n ⧐ every `aw(G^L) − 2`; if greater, the
//! greatest n with n ⧏ every `aw(G^R) + 2`; otherwise the integer itself. All-small games always
//! have this weight; any other infinitesimal has it only when G − aw(G).↑ lies between ±ε for
//! ε = ↑* + (*2^k : −1), 2^k ≥ the far star (Wolfe's test, as in CGSuite); a game that is not
//! infinitesimal has none.

use std::collections::HashMap;

use conway_numbers::Dyadic;

use super::{far_star, is_all_small, is_infinitesimal, norton_multiply};
use crate::ordinal::ordinal_sum;
use crate::{GameId, PartizanError, Store};

/// The atomic weight of G, or an error if G is not atomic, worded as CGSuite words it:
/// "That game is not atomic: 5" for an uptimal with a number part (CGSuite names the game),
/// "That game is not atomic." for any other game.
pub fn atomic_weight(store: &mut Store, g: GameId) -> Result<GameId, PartizanError> {
    let not_atomic = || PartizanError::NotApplicable("That game is not atomic.".to_string());
    if !is_infinitesimal(store, g) {
        if store.as_uptimal(g).is_some() {
            let text = crate::print::canonical_text_within(store, g, 1000)
                .unwrap_or_else(|_| "(a long uptimal)".to_string());
            return Err(PartizanError::NotApplicable(format!(
                "That game is not atomic: {text}"
            )));
        }
        return Err(not_atomic());
    }
    let weight = naive_atomic_weight(store, g, &mut HashMap::new());
    if is_all_small(store, g) {
        return Ok(weight);
    }
    let up = store.up(1);
    let weighted_ups = norton_multiply(store, weight, up)?;
    let difference = store.sub(g, weighted_ups);
    let far = far_star(store, g);
    let mut power = 2u64;
    while power < far {
        power = power.checked_mul(2).ok_or_else(not_atomic)?;
    }
    let star_power = store.nimber(power);
    let minus_one = store.integer(-1);
    let red_kite = ordinal_sum(store, star_power, minus_one)?;
    let up_star = store.nus(&crate::Nus {
        number: Dyadic::zero(),
        ups: 1,
        nimber: 1,
    });
    let epsilon = store.add(up_star, red_kite);
    let minus_epsilon = store.neg(epsilon);
    if store.leq(difference, epsilon) && store.leq(minus_epsilon, difference) {
        Ok(weight)
    } else {
        Err(not_atomic())
    }
}

fn naive_atomic_weight(
    store: &mut Store,
    g: GameId,
    cache: &mut HashMap<GameId, GameId>,
) -> GameId {
    if let Some(n) = store.as_nus(g) {
        let ups = n.ups;
        return store.integer(ups);
    }
    if let Some(&w) = cache.get(&g) {
        return w;
    }
    if !store.descend() {
        return store.zero();
    }
    let (gl, gr) = store.options(g);
    let (minus_two, two) = (store.integer(-2), store.integer(2));
    let left: Vec<GameId> = gl
        .into_iter()
        .map(|o| {
            let w = naive_atomic_weight(store, o, cache);
            store.add(w, minus_two)
        })
        .collect();
    let right: Vec<GameId> = gr
        .into_iter()
        .map(|o| {
            let w = naive_atomic_weight(store, o, cache);
            store.add(w, two)
        })
        .collect();
    let g0 = store.construct(&left, &right);
    let result = if store.as_number(g0).is_some_and(Dyadic::is_integer) {
        let far_index = far_star(store, g);
        let far = store.nimber(far_index);
        let (below, above) = (store.leq(g, far), store.leq(far, g));
        if below && !above {
            // The least integer n with n ⧐ every Left option (n ≤ o fails).
            let mut best: Option<Dyadic> = None;
            for &o in &left {
                let mut n = Dyadic::from_bigint(store.stops(o).1.ceil());
                let n_id = store.number(n.clone());
                if store.leq(n_id, o) {
                    n = &n + &Dyadic::one();
                }
                best = Some(best.map_or(n.clone(), |b| b.max(n)));
            }
            store.number(best.unwrap_or_else(Dyadic::zero))
        } else if above && !below {
            let mut best: Option<Dyadic> = None;
            for &o in &right {
                let mut n = Dyadic::from_bigint(store.stops(o).0.floor());
                let n_id = store.number(n.clone());
                if store.leq(o, n_id) {
                    n = &n - &Dyadic::one();
                }
                best = Some(best.map_or(n.clone(), |b| b.min(n)));
            }
            store.number(best.unwrap_or_else(Dyadic::zero))
        } else {
            g0
        }
    } else {
        g0
    };
    cache.insert(g, result);
    result
}
