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
    if !store.descend() {
        return false;
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
        return nus_far_star(n);
    }
    if let Some(&m) = cache.get(&g) {
        return m;
    }
    if !store.descend() {
        return 1;
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

/// The far star of x + ↑n + *m in closed form. For x ≠ 0 the only nimber among the
/// subpositions is 0 (reached through x's options). For x = 0 the subpositions are 0, the
/// chain ↑(n−1)*(m⊕1), ↑(n−2)*m, … down to the nimber *(m ⊕ (n mod 2)) and its options,
/// and * itself when the chain passes through ↑* (whose Left options are 0 and *).
fn nus_far_star(n: &crate::Nus) -> u64 {
    if !n.number.is_zero() {
        return 1;
    }
    let ups = n.ups.unsigned_abs();
    let bottom = n.nimber ^ (ups & 1);
    let passes_up_star = ups >= 1 && (n.nimber ^ ((ups - 1) & 1)) == 1;
    let star = if passes_up_star { 2 } else { 1 };
    bottom.saturating_add(1).max(star)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The closed form agrees with the walk over the options.
    #[test]
    fn far_star_closed_form_matches_the_options() {
        let mut store = Store::new();
        for n in crate::naive::strategies::small_nus(&["0", "2", "-1/2"]) {
            let g = store.nus(&n);
            let (left, right) = store.options(g);
            let mut cache = HashMap::new();
            let by_options = left
                .into_iter()
                .chain(right)
                .map(|o| far_star_cached(&mut store, o, &mut cache))
                .fold(1, u64::max);
            // A nimber's own index counts too.
            let by_options = if n.number.is_zero() && n.ups == 0 {
                n.nimber + 1
            } else {
                by_options
            };
            assert_eq!(nus_far_star(&n), by_options, "{n}");
        }
    }
}
