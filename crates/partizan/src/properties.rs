//! Properties of a canonical form that a worksheet asks about, with CGSuite's definitions:
//! followers, incentives, the stop count, parity and temper, the companion, the parts of
//! x + Tiny(H) and x + Miny(H), and the predicates (`IsNumber`, `IsSwitch`, …). Everything here reads the canonical form, as
//! CGSuite does; each definition is stated at its function.

use std::collections::{BTreeMap, BTreeSet, HashSet, VecDeque};

use conway_numbers::Dyadic;
use num_bigint::BigUint;
use num_traits::Zero;
use rustc_hash::FxHashMap as HashMap;

use crate::store::{GameId, Nus, Store};
use crate::thermal::mean_and_temperature;
use crate::PartizanError;

/// The most followers [`followers`] lists (a set that size prints as megabytes);
/// [`follower_count`] counts any number.
pub const MAX_LISTED_FOLLOWERS: u64 = 100_000;

/// The most followers other than numbers that [`follower_count`] and [`followers`] walk to:
/// numbers among the followers are counted in closed form, whatever their birthday.
pub const MAX_WALKED_FOLLOWERS: usize = 1 << 22;

/// Every follower of G (G itself, its options, their options, …), each once; refused when
/// there are more than [`MAX_LISTED_FOLLOWERS`] (10^30 has 10^30 + 1), which
/// [`follower_count`] tells before any is listed.
pub fn followers(store: &mut Store, g: GameId) -> Result<Vec<GameId>, PartizanError> {
    let count = follower_count(store, g)?;
    if count > BigUint::from(MAX_LISTED_FOLLOWERS) {
        return Err(PartizanError::too_large(
            "the set of followers",
            count,
            MAX_LISTED_FOLLOWERS,
        ));
    }
    let walk = Walk::from(store, g, true)?;
    let mut all = walk.walked;
    for (x, &widest) in &walk.stars {
        all.extend((1..=widest).map(|m| {
            store.nus(&Nus {
                number: x.clone(),
                ups: 0,
                nimber: m,
            })
        }));
    }
    Ok(all)
}

/// How many followers G has, G included.
///
/// The followers that are not numbers are walked (at most [`MAX_WALKED_FOLLOWERS`]), but for
/// x + *m; the numbers among the followers, and the games x + *k, are counted in closed
/// form. A number's followers are its ancestors in the tree of numbers (its options are its
/// nearest ancestors on either side, one of them its parent), so the numbers met — options
/// of the games walked, or G — stand for the union of their paths from 0: sorted,
/// x₁ < … < x_k, that union has Σ (b(xᵢ) + 1) − Σ (b(xᵢ ∧ xᵢ₊₁) + 1) members, b the
/// birthday and x ∧ y the last common ancestor, the simplest number in [x, y] (in order,
/// each path shares the most with the one before it).
pub fn follower_count(store: &mut Store, g: GameId) -> Result<BigUint, PartizanError> {
    let walk = Walk::from(store, g, false)?;
    let sorted: Vec<&Dyadic> = walk.numbers.iter().collect();
    let mut count = BigUint::from(walk.walked.len());
    for &widest in walk.stars.values() {
        count += widest;
    }
    for x in &sorted {
        count += x.birthday() + 1u32;
    }
    for pair in sorted.windows(2) {
        // Subtracted after all the additions: the total never goes below zero.
        count -= common_ancestor(pair[0], pair[1]).birthday() + 1u32;
    }
    Ok(count)
}

/// The followers of a game, found through the options of those that need it. A follower
/// x + *m (m ≥ 1) is not walked: its followers are x + *k for 0 ≤ k < m and x's, so the
/// widest m met for each x says which they are (walking *m costs m² options).
struct Walk {
    /// The followers walked through their options, the game first.
    walked: Vec<GameId>,
    /// The numbers met but not walked (those that followers other than numbers have as
    /// options, and x of each x + *m), when the walk leaves numbers to a closed form.
    numbers: BTreeSet<Dyadic>,
    /// For each number x, the widest m ≥ 1 of the followers x + *m.
    stars: BTreeMap<Dyadic, u64>,
}

impl Walk {
    /// Walks G's followers; numbers too when `through_numbers` (for a list of them all).
    /// Refused past [`MAX_WALKED_FOLLOWERS`] followers walked that are not numbers, and
    /// each option seen is a step of the evaluation's budget.
    fn from(store: &mut Store, g: GameId, through_numbers: bool) -> Result<Walk, PartizanError> {
        let mut walk = Walk {
            walked: Vec::new(),
            numbers: BTreeSet::new(),
            stars: BTreeMap::new(),
        };
        let mut seen = HashSet::from([g]);
        let mut queue = VecDeque::from([g]);
        let mut not_numbers = 0usize;
        while let Some(f) = queue.pop_front() {
            if let Some(&Nus {
                ref number,
                ups: 0,
                nimber,
            }) = store.as_nus(f)
            {
                if nimber > 0 {
                    let widest = walk.stars.entry(number.clone()).or_insert(0);
                    *widest = (*widest).max(nimber);
                    let x = number.clone();
                    let x = store.number(x);
                    if seen.insert(x) {
                        queue.push_back(x);
                    }
                    continue;
                }
                if !through_numbers {
                    walk.numbers.insert(number.clone());
                    continue;
                }
            } else {
                not_numbers += 1;
                if not_numbers > MAX_WALKED_FOLLOWERS {
                    return Err(PartizanError::too_large(
                        "the followers that are not numbers",
                        format!("more than {MAX_WALKED_FOLLOWERS}"),
                        MAX_WALKED_FOLLOWERS,
                    ));
                }
            }
            walk.walked.push(f);
            let Some((left, right)) = store.options_to_walk(f) else {
                // A marker: the evaluation answers the reason it keeps.
                return Err(PartizanError::Interrupted);
            };
            for option in left.into_iter().chain(right) {
                if seen.insert(option) {
                    queue.push_back(option);
                }
            }
        }
        Ok(walk)
    }
}

/// Every follower by walking the options, each once: the oracle of [`followers`] and
/// [`follower_count`].
#[cfg(test)]
fn followers_by_options(store: &mut Store, g: GameId) -> Vec<GameId> {
    let mut seen = HashSet::from([g]);
    let mut order = vec![g];
    let mut next = 0;
    while next < order.len() {
        let (left, right) = store.options(order[next]);
        next += 1;
        for option in left.into_iter().chain(right) {
            if seen.insert(option) {
                order.push(option);
            }
        }
    }
    order
}

/// The last common ancestor of x < y in the tree of numbers: the simplest number in [x, y],
/// which is x, y, or the simplest strictly between them.
fn common_ancestor(x: &Dyadic, y: &Dyadic) -> Dyadic {
    let between = Dyadic::simplest_between(Some(x), Some(y));
    [Some(x.clone()), Some(y.clone()), between]
        .into_iter()
        .flatten()
        .min_by_key(Dyadic::birthday)
        .unwrap_or_else(Dyadic::zero)
}

/// G's incentives: Gᴸ − G for Left's options (with `left`) and G − Gᴿ for Right's (with
/// `right`), each distinct value once, and only the undominated ones (an incentive ≤ another
/// is left out), as CGSuite lists them: ↑ has the incentives ↓ and ↑*, and lists ↑*.
pub fn incentives(store: &mut Store, g: GameId, left: bool, right: bool) -> Vec<GameId> {
    let (left_options, right_options) = store.options(g);
    let mut found = Vec::new();
    if left {
        for option in left_options {
            found.push(store.sub(option, g));
        }
    }
    if right {
        for option in right_options {
            found.push(store.sub(g, option));
        }
    }
    found.sort_unstable();
    found.dedup();
    let mut dominated = Vec::with_capacity(found.len());
    for &x in &found {
        if store.stop_requested() {
            // Placeholders from here on; the rest of the n² comparisons would still cost.
            return Vec::new();
        }
        dominated.push(found.iter().any(|&y| y != x && store.leq(x, y)));
    }
    found
        .into_iter()
        .zip(dominated)
        .filter_map(|(x, d)| (!d).then_some(x))
        .collect()
}

/// The widest nimber part m of x + *m whose stop count [`stop_count`] gives, 2·3^(m−1) (a
/// number of about 100,000 bits at the limit); wider ones are refused as too large.
pub const MAX_STOP_COUNTED_NIMBER: u64 = 1 << 16;

/// The number of leaves of G's stop tree: 1 for a number, else the sum over all options
/// (so 3 for ↑ and 2·3ⁿ⁻¹ for *n, as CGSuite counts). Each option walked is a step of the
/// evaluation's budget; x + *m is counted in closed form.
pub fn stop_count(store: &mut Store, g: GameId) -> BigUint {
    fn count(store: &mut Store, g: GameId, memo: &mut HashMap<GameId, BigUint>) -> BigUint {
        if store.is_number(g) {
            return BigUint::from(1u32);
        }
        if let Some(&Nus { ups: 0, nimber, .. }) = store.as_nus(g) {
            return nimber_stop_count(store, nimber);
        }
        if let Some(known) = memo.get(&g) {
            return known.clone();
        }
        let Some((left, right)) = store.options_to_walk(g) else {
            return BigUint::zero();
        };
        let mut total = BigUint::zero();
        for option in left.into_iter().chain(right) {
            total += count(store, option, memo);
        }
        memo.insert(g, total.clone());
        total
    }
    count(store, g, &mut HashMap::default())
}

/// The stop count of x + *m, m ≥ 1: each side has the m options x + *k, k < m, so the
/// count c(m) = 2·(1 + c(1) + … + c(m−1)) = 2·3^(m−1).
fn nimber_stop_count(store: &Store, m: u64) -> BigUint {
    if m > MAX_STOP_COUNTED_NIMBER {
        store.refuse(PartizanError::too_large(
            "the stop count of a nimber",
            format!("*{m}"),
            format!("*{MAX_STOP_COUNTED_NIMBER}"),
        ));
        return BigUint::zero();
    }
    let exponent = u32::try_from(m - 1).expect("m is at most MAX_STOP_COUNTED_NIMBER");
    BigUint::from(2u32) * BigUint::from(3u32).pow(exponent)
}

/// Conway's parity: G is even when every option is odd, and odd when G ≠ 0 and every
/// option is even (On Numbers and Games, ch. 15). `None`: neither.
pub fn parity(store: &mut Store, g: GameId) -> Option<Parity> {
    by_options(
        store,
        g,
        |store, g| store.as_nus(g).map(nus_parity),
        &mut HashMap::default(),
    )
}

/// Siegel's temper: a number is even-tempered; any other game is even-tempered when every
/// option is odd-tempered and odd-tempered when every option is even-tempered
/// (Combinatorial Game Theory, §II.4). `None`: neither.
pub fn temper(store: &mut Store, g: GameId) -> Option<Parity> {
    by_options(
        store,
        g,
        |store, g| store.as_nus(g).and_then(star_temper),
        &mut HashMap::default(),
    )
}

/// The temper of x + *m in closed form: x is even-tempered, so x + * (whose options are x)
/// is odd-tempered, and x + *m for m ≥ 2 has options of both tempers (x and x + *), so
/// neither. `None` (walk the options) when there are ups.
fn star_temper(n: &Nus) -> Option<Option<Parity>> {
    (n.ups == 0).then_some(match n.nimber {
        0 => Some(Parity::Even),
        1 => Some(Parity::Odd),
        _ => None,
    })
}

/// Even when every option is odd, odd when every option is even, below the games whose
/// answer `known` gives directly (0 among them: it has no options and is even).
fn by_options(
    store: &mut Store,
    g: GameId,
    known: fn(&mut Store, GameId) -> Option<Option<Parity>>,
    memo: &mut HashMap<GameId, Option<Parity>>,
) -> Option<Parity> {
    if let Some(answer) = known(store, g) {
        return answer;
    }
    if let Some(answer) = memo.get(&g) {
        return *answer;
    }
    let (left, right) = store.options_to_walk(g)?;
    let (mut all_odd, mut all_even) = (true, true);
    for option in left.into_iter().chain(right) {
        match by_options(store, option, known, memo) {
            Some(Parity::Even) => all_odd = false,
            Some(Parity::Odd) => all_even = false,
            None => (all_odd, all_even) = (false, false),
        }
    }
    let answer = match (all_odd, all_even) {
        (true, _) => Some(Parity::Even),
        (_, true) => Some(Parity::Odd),
        _ => None,
    };
    memo.insert(g, answer);
    answer
}

/// The parity of x + ↑n + *m, in closed form: only integers n and n* have one (n* has the
/// other parity than n), by induction on the definition.
fn nus_parity(n: &Nus) -> Option<Parity> {
    let whole = n
        .number
        .to_bigint()
        .filter(|_| n.ups == 0 && n.nimber <= 1)?;
    let even = whole.bit(0) == (n.nimber == 1);
    Some(if even { Parity::Even } else { Parity::Odd })
}

/// Even or odd (see [`parity`] and [`temper`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parity {
    /// Even, or even-tempered.
    Even,
    /// Odd, or odd-tempered.
    Odd,
}

/// The companion G̃, as CGSuite defines it: for an uptimal with number part 0, G with its
/// star toggled when its nimber part is 0 or *, else G itself; for any other uptimal, G
/// itself; otherwise {0 if G ≥ 0, G̃ᴸ | 0 if G ≤ 0, G̃ᴿ}, where the options' companions
/// toggle only number-up-star values' stars (0̃ = *, ↑̃ = ↑*).
pub fn companion(store: &mut Store, g: GameId) -> GameId {
    if let Some(u) = store.as_uptimal(g) {
        if u.number.is_zero() && u.nimber <= 1 {
            let star = store.nimber(1);
            return store.add(g, star);
        }
        return g;
    }
    recursive_companion(store, g, &mut HashMap::default())
}

fn recursive_companion(store: &mut Store, g: GameId, memo: &mut HashMap<GameId, GameId>) -> GameId {
    if let Some(n) = store.as_nus(g) {
        if n.is_number() && !n.number.is_zero() {
            // x̃ = {0, x̃ᴸ | x̃ᴿ} for x > 0 is x by induction: x̃ᴸ = xᴸ unless xᴸ = 0, when
            // its companion * reverses through 0 and leaves {0 | xᴿ} = x; otherwise 0 < xᴸ
            // is dominated. Likewise for x < 0. (Without this, 10^30's companion would walk
            // its 10^30 options.)
            return g;
        }
        if n.number.is_zero() {
            if n.nimber >= 2 {
                return g;
            }
            let toggled = Nus {
                nimber: n.nimber ^ 1,
                ..n.clone()
            };
            return store.nus(&toggled);
        }
    }
    if let Some(&known) = memo.get(&g) {
        return known;
    }
    if !store.descend() {
        return store.zero();
    }
    let zero = store.zero();
    let (at_least_zero, at_most_zero) = (store.leq(zero, g), store.leq(g, zero));
    let (left, right) = store.options(g);
    let mut new_left: Vec<GameId> = left
        .into_iter()
        .map(|o| recursive_companion(store, o, memo))
        .collect();
    let mut new_right: Vec<GameId> = right
        .into_iter()
        .map(|o| recursive_companion(store, o, memo))
        .collect();
    if at_least_zero {
        new_left.push(zero);
    }
    if at_most_zero {
        new_right.push(zero);
    }
    let result = store.construct(&new_left, &new_right);
    memo.insert(g, result);
    result
}

/// x + Tiny(G) or x + Miny(G) for a number x and a game G of positive mean (CGSuite's
/// `IsNumberTiny`; numbers count too, as in CGSuite).
pub fn is_number_tiny(store: &mut Store, g: GameId) -> bool {
    store.is_number(g) || tiny_parts(store, g).is_some()
}

/// G as x + Tiny(H) or x + Miny(H) (`print` writes `xTiny(H)`, `xMiny(H)`).
pub struct TinyParts {
    /// Miny rather than Tiny.
    pub miny: bool,
    /// The number x.
    pub translate: Dyadic,
    /// The subscript H, of positive mean.
    pub subscript: GameId,
}

/// G's parts when G = {x ‖ x | x − H} (x + Tiny(H)) or {x + H | x ‖ x} (x + Miny(H)) for a
/// number x and H of positive mean, tried in that order as CGSuite does.
pub fn tiny_parts(store: &mut Store, g: GameId) -> Option<TinyParts> {
    if store.as_nus(g).is_some() {
        return None;
    }
    let (left, right) = store.options(g);
    let (&[l], &[r]) = (left.as_slice(), right.as_slice()) else {
        return None;
    };
    let mean = |store: &mut Store, h: GameId| mean_and_temperature(store, h).ok().map(|(m, _)| m);
    if let Some(x) = store.as_number(l).cloned() {
        // Tiny: Right's option is {x | x − H}.
        let (rl, rr) = store.options(r);
        if rl == [l] && rr.len() == 1 && mean(store, rr[0]).is_some_and(|m| m < x) {
            let subscript = store.sub(l, rr[0]);
            return Some(TinyParts {
                miny: false,
                translate: x,
                subscript,
            });
        }
    } else if let Some(x) = store.as_number(r).cloned() {
        // Miny: Left's option is {x + H | x}.
        let (ll, lr) = store.options(l);
        if lr == [r] && ll.len() == 1 && mean(store, ll[0]).is_some_and(|m| m > x) {
            let subscript = store.sub(ll[0], r);
            return Some(TinyParts {
                miny: true,
                translate: x,
                subscript,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::naive::strategies::arb_game;
    use crate::naive::Tree;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Followers are exactly the subpositions of the canonical form, found here by
        /// expanding it into a tree; incentives are the differences by definition.
        #[test]
        fn followers_and_incentives_by_definition(tree in arb_game(3, 2)) {
            let mut s = Store::new();
            let g = tree.to_store(&mut s);
            let found: HashSet<GameId> = followers(&mut s, g).expect("few").into_iter().collect();
            let expanded = Tree::from_store(&mut s, g);
            let mut expected = HashSet::new();
            let mut stack = vec![expanded];
            while let Some(t) = stack.pop() {
                expected.insert(t.to_store(&mut s));
                stack.extend(t.left.iter().cloned());
                stack.extend(t.right.iter().cloned());
            }
            prop_assert_eq!(found, expected);
            // Every difference is an incentive or below one that is listed, and no listed
            // incentive is below another.
            let (left, right) = s.options(g);
            let all = incentives(&mut s, g, true, true);
            let mut differences: Vec<GameId> = left.iter().map(|&l| s.sub(l, g)).collect();
            differences.extend(right.iter().map(|&r| s.sub(g, r)));
            for d in differences {
                prop_assert!(all.iter().any(|&i| s.leq(d, i)));
            }
            for &a in &all {
                for &b in &all {
                    prop_assert!(a == b || !s.leq(a, b));
                }
            }
        }

        /// Temper in closed form for x + *m against the definition, which walks every
        /// option down to numbers (even-tempered).
        #[test]
        fn tempers_by_definition(tree in arb_game(3, 2), n in -8i64..=8, m in 0u64..=6) {
            let mut s = Store::new();
            let g = tree.to_store(&mut s);
            let star = s.nus(&Nus { number: Dyadic::new(n, 1), ups: 0, nimber: m });
            let sum = s.add(g, star);
            for h in [g, star, sum] {
                let walked = by_options(
                    &mut s,
                    h,
                    |s, h| s.is_number(h).then_some(Some(Parity::Even)),
                    &mut HashMap::default(),
                );
                prop_assert_eq!(temper(&mut s, h), walked);
            }
        }

        /// The count and the list, which take numbers and x + *m in closed form, against the
        /// followers walked one by one, for games with numbers of many birthdays and such
        /// stars among their followers (and those alone).
        #[test]
        fn followers_by_walking(
            tree in arb_game(2, 2),
            parts in proptest::collection::vec((-20i64..=20, 0u32..=3, 0u64..=5), 0..4),
        ) {
            let mut s = Store::new();
            let g = tree.to_store(&mut s);
            let xs: Vec<GameId> = parts
                .iter()
                .map(|&(n, k, m)| s.nus(&Nus { number: Dyadic::new(n, k), ups: 0, nimber: m }))
                .collect();
            let minus: Vec<GameId> = xs.iter().map(|&x| s.neg(x)).collect();
            let mut left = xs.clone();
            left.push(g);
            let with_numbers = s.construct(&left, &minus);
            for h in xs.iter().copied().chain([g, with_numbers]) {
                let walked = followers_by_options(&mut s, h);
                prop_assert_eq!(follower_count(&mut s, h).expect("few"), BigUint::from(walked.len()));
                let listed = followers(&mut s, h).expect("few");
                prop_assert_eq!(listed.len(), walked.len());
                prop_assert_eq!(
                    listed.into_iter().collect::<HashSet<_>>(),
                    walked.into_iter().collect::<HashSet<_>>()
                );
            }
        }
    }

    /// A number other than 0 is its own companion below the top: one level of the definition,
    /// {0 if x ≥ 0, x̃ᴸ | 0 if x ≤ 0, x̃ᴿ}, over the options' companions gives x back (the
    /// induction step of the closed form in `recursive_companion`).
    #[test]
    fn numbers_are_their_own_companions() {
        let mut s = Store::new();
        for n in -40i64..=40 {
            for k in 0..=3 {
                let x = Dyadic::new(n, k);
                if x.is_zero() {
                    continue;
                }
                let g = s.number(x.clone());
                let (left, right) = s.options(g);
                let zero = s.zero();
                let mut memo = HashMap::default();
                let mut l: Vec<GameId> = left
                    .into_iter()
                    .map(|o| recursive_companion(&mut s, o, &mut memo))
                    .collect();
                let mut r: Vec<GameId> = right
                    .into_iter()
                    .map(|o| recursive_companion(&mut s, o, &mut memo))
                    .collect();
                if x.signum() > 0 {
                    l.push(zero);
                } else {
                    r.push(zero);
                }
                assert_eq!(s.construct(&l, &r), g, "{x}");
            }
        }
        let big = s.number(Dyadic::from_bigint(num_bigint::BigInt::from(10u32).pow(30)));
        let minus_big = s.neg(big);
        let g = s.construct(&[big], &[minus_big]);
        let c = companion(&mut s, g);
        assert_eq!(c, g, "a switch of numbers keeps its options");
    }
}
