//! Ordinal sums G:H (Conway, ONAG ch. 15): H is played on top of G, and a move in G
//! removes H. `G:H = {G^L, G:H^L | G^R, G:H^R}` on the canonical form of G. And the inverse,
//! the subordinate: the H with G = B:H for a base B.

use std::collections::HashMap;

use conway_numbers::{Dyadic, SignExpansion};

use crate::store::MAX_POWER_BITS;
use crate::{GameId, Nus, PartizanError, Store};

/// The latest birthday of a subordinate H accepted: G:H walks every subposition of H.
pub const MAX_SUBORDINATE_BIRTHDAY: u32 = 4096;

/// G:H.
pub fn ordinal_sum(store: &mut Store, g: GameId, h: GameId) -> Result<GameId, PartizanError> {
    if let Some(sum) = nimber_heap_sum(store, g, h) {
        return Ok(sum);
    }
    if let (Some(x), Some(y)) = (store.as_number(g), store.as_number(h)) {
        let joined = SignExpansion::of(x).then(&SignExpansion::of(y));
        let value = number_of(&joined, "the ordinal sum of two numbers")?;
        return Ok(store.number(value));
    }
    walkable(store, h, "in G:H, the birthday of H")?;
    Ok(ordinal_cached(store, g, h, &mut HashMap::new()))
}

/// Refuses a game born after [`MAX_SUBORDINATE_BIRTHDAY`] whose subpositions a recursion
/// would walk (`what` names it).
fn walkable(store: &mut Store, g: GameId, what: &str) -> Result<(), PartizanError> {
    let birthday = store.birthday(g);
    if birthday > MAX_SUBORDINATE_BIRTHDAY.into() {
        return Err(PartizanError::too_large(
            format!("{what} (too many subpositions to walk)"),
            birthday,
            MAX_SUBORDINATE_BIRTHDAY,
        ));
    }
    Ok(())
}

/// G:H by the recursion alone (the oracle of the closed forms).
#[cfg(test)]
fn ordinal_by_options(store: &mut Store, g: GameId, h: GameId) -> GameId {
    ordinal_cached(store, g, h, &mut HashMap::new())
}

/// The number with sign expansion `expansion`, refused past [`MAX_POWER_BITS`] binary places.
///
/// For numbers, x : y is the number whose sign expansion is x's followed by y's (ONAG ch. 15),
/// which the recursion G:H = {G^L, G:H^L | G^R, G:H^R} on canonical forms builds one sign at
/// a time; the expansion gives it for numbers of any birthday.
fn number_of(expansion: &SignExpansion, what: &str) -> Result<Dyadic, PartizanError> {
    let places = u32::try_from(MAX_POWER_BITS).unwrap_or(u32::MAX);
    expansion.value(places).map_err(|_| {
        PartizanError::too_large(
            format!("{what} (its binary places)"),
            format!("more than {MAX_POWER_BITS}"),
            MAX_POWER_BITS,
        )
    })
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
    if !store.descend() {
        return store.zero();
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

/// The subordinate of G to the base B: the unique H with G = B:H (CGSuite's `Subordinate`;
/// unique since B:H ≥ B:K exactly when H ≥ K), or an error when there is none.
///
/// Every option of B must survive in G, up to domination: each B^L is dominated by some G^L
/// or reversed through one of its Right options, and likewise for B^R. G's other options are
/// then B:H's options B:H^L and B:H^R, whose subordinates are H's options. The answer is
/// checked by forming B:H again, so a G outside the rule is refused rather than misread.
pub fn subordinate(store: &mut Store, g: GameId, base: GameId) -> Result<GameId, PartizanError> {
    if let (Some(x), Some(b)) = (store.as_number(g), store.as_number(base)) {
        // B:H is a number only for a number H, and then its expansion is B's followed by H's.
        let rest = SignExpansion::of(x)
            .after(&SignExpansion::of(b))
            .ok_or_else(not_subordinate)?;
        let h = number_of(&rest, "the subordinate of a number")?;
        return Ok(store.number(h));
    }
    // The recursion walks G's subpositions not in B.
    walkable(store, g, "in subordinate(G, B), the birthday of G")?;
    subordinate_by_options(store, g, base)
}

/// [`subordinate`] by the rule on options (the oracle of the numbers' closed form).
fn subordinate_by_options(
    store: &mut Store,
    g: GameId,
    base: GameId,
) -> Result<GameId, PartizanError> {
    let (bl, br) = store.options(base);
    let h = subordinate_cached(store, g, &bl, &br, &mut HashMap::new())?;
    if ordinal_sum(store, base, h)? != g {
        return Err(not_subordinate());
    }
    Ok(h)
}

/// CGSuite's words for a game that is no ordinal sum on the base.
fn not_subordinate() -> PartizanError {
    PartizanError::NotApplicable("That game cannot be subordinated to the specified base.".into())
}

fn subordinate_cached(
    store: &mut Store,
    g: GameId,
    base_left: &[GameId],
    base_right: &[GameId],
    cache: &mut HashMap<GameId, GameId>,
) -> Result<GameId, PartizanError> {
    if let Some(&h) = cache.get(&g) {
        return Ok(h);
    }
    if !store.descend() {
        return Ok(store.zero());
    }
    let (gl, gr) = store.options(g);
    for &b in base_left {
        let kept = gl.iter().any(|&o| store.leq(b, o))
            || store.options(b).1.into_iter().any(|r| store.leq(r, g));
        if !kept {
            return Err(not_subordinate());
        }
    }
    for &b in base_right {
        let kept = gr.iter().any(|&o| store.leq(o, b))
            || store.options(b).0.into_iter().any(|l| store.leq(g, l));
        if !kept {
            return Err(not_subordinate());
        }
    }
    let mut left = Vec::new();
    for o in gl.into_iter().filter(|o| !base_left.contains(o)) {
        left.push(subordinate_cached(store, o, base_left, base_right, cache)?);
    }
    let mut right = Vec::new();
    for o in gr.into_iter().filter(|o| !base_right.contains(o)) {
        right.push(subordinate_cached(store, o, base_left, base_right, cache)?);
    }
    let h = store.construct(&left, &right);
    cache.insert(g, h);
    Ok(h)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::naive::strategies::arb_game;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// B:H subordinated to B gives back H.
        #[test]
        fn subordinate_inverts_the_ordinal_sum(b in arb_game(2, 2), h in arb_game(2, 2)) {
            let mut store = Store::new();
            let (b, h) = (b.to_store(&mut store), h.to_store(&mut store));
            let g = ordinal_sum(&mut store, b, h).expect("small");
            prop_assert_eq!(subordinate(&mut store, g, b).ok(), Some(h));
        }

        /// For numbers, the sign expansions give what the recursion on options gives: the
        /// ordinal sum, and the subordinate or its absence.
        #[test]
        fn numbers_follow_their_sign_expansions(
            (x, k) in (-12i64..=12, 0u32..=3),
            (y, j) in (-12i64..=12, 0u32..=3),
        ) {
            let mut store = Store::new();
            let g = store.number(Dyadic::new(x, k));
            let h = store.number(Dyadic::new(y, j));
            let by_options = ordinal_by_options(&mut store, g, h);
            prop_assert_eq!(ordinal_sum(&mut store, g, h).expect("small"), by_options);
            prop_assert_eq!(
                subordinate(&mut store, g, h).ok(),
                subordinate_by_options(&mut store, g, h).ok()
            );
        }
    }
}
