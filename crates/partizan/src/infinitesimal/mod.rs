//! Infinitesimals: all-small games, far star, Norton multiplication, the reduced canonical form
//! (canonical form modulo infinitesimals) and atomic weights.

pub mod atomic;
pub mod norton;
pub mod reduced;

use std::collections::HashMap;

use crate::{GameId, Store};

pub use atomic::atomic_weight;
pub use norton::norton_multiply;
pub use reduced::reduced_canonical_form;

/// Whether G is infinitesimal: both stops are 0.
pub fn is_infinitesimal(store: &Store, g: GameId) -> bool {
    let (left, right) = store.stops(g);
    left.is_zero() && right.is_zero()
}

/// Whether G is all-small (dicotic): every subposition with a move for one player has a move
/// for the other; in canonical form, no number other than 0 appears.
pub fn is_all_small(store: &mut Store, g: GameId) -> bool {
    all_small_cached(store, g, &mut HashMap::new())
}

fn all_small_cached(store: &mut Store, g: GameId, cache: &mut HashMap<GameId, bool>) -> bool {
    if let Some(n) = store.as_nus(g) {
        return n.number.is_zero();
    }
    if let Some(&b) = cache.get(&g) {
        return b;
    }
    let (gl, gr) = store.options(g);
    let result = gl
        .into_iter()
        .chain(gr)
        .all(|o| all_small_cached(store, o, cache));
    cache.insert(g, result);
    result
}

/// One more than the largest nimber *m among the subpositions of G (at least 1): a nimber too
/// remote for G to tell apart from larger ones.
pub fn far_star(store: &mut Store, g: GameId) -> u64 {
    far_star_cached(store, g, &mut HashMap::new())
}

fn far_star_cached(store: &mut Store, g: GameId, cache: &mut HashMap<GameId, u64>) -> u64 {
    if let Some(n) = store.as_nus(g) {
        if n.number.is_zero() && n.ups == 0 {
            return n.nimber.saturating_add(1);
        }
    }
    if let Some(&m) = cache.get(&g) {
        return m;
    }
    let (gl, gr) = store.options(g);
    let result = gl
        .into_iter()
        .chain(gr)
        .map(|o| far_star_cached(store, o, cache))
        .fold(1, u64::max);
    cache.insert(g, result);
    result
}
