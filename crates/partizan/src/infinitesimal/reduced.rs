//! The reduced canonical form (Calistrate; Grossman and Siegel): the simplest game equal to G
//! modulo infinitesimals. It is the star projection of G heated by `*`: heating by `*` turns
//! every infinitesimal difference into a multiple of `*`, and the projection x* ↦ x removes it.

use std::collections::HashMap;

use crate::thermal::heat;
use crate::{GameId, Nus, Store};

/// The reduced canonical form of G.
pub fn reduced_canonical_form(store: &mut Store, g: GameId) -> GameId {
    if let Some(n) = store.as_nus(g) {
        let x = n.number.clone();
        return store.number(x);
    }
    let star = store.nimber(1);
    let heated = heat(store, g, star);
    star_projection(store, heated, &mut HashMap::new())
}

fn star_projection(store: &mut Store, g: GameId, cache: &mut HashMap<GameId, GameId>) -> GameId {
    if let Some(n) = store.as_nus(g) {
        if n.is_number() {
            return g;
        }
        if n.ups == 0 && n.nimber == 1 {
            let x = n.number.clone();
            return store.nus(&Nus::number(x));
        }
    }
    if let Some(&p) = cache.get(&g) {
        return p;
    }
    if !store.descend() {
        return store.zero();
    }
    let (gl, gr) = store.options(g);
    let left: Vec<GameId> = gl
        .into_iter()
        .map(|o| star_projection(store, o, cache))
        .collect();
    let right: Vec<GameId> = gr
        .into_iter()
        .map(|o| star_projection(store, o, cache))
        .collect();
    let result = store.construct(&left, &right);
    cache.insert(g, result);
    result
}
