//! Tests of thermography, cooling, heating, reduced forms, atomic weights and ordinal sums:
//! CGSuite's published outputs and the theorems that tie them together.

use conway_numbers::Dyadic;
use proptest::prelude::*;

use super::*;
use crate::infinitesimal::{atomic_weight, is_infinitesimal, reduced_canonical_form};
use crate::naive::strategies::arb_game;
use crate::ordinal::ordinal_sum;
use crate::print::canonical_text;
use crate::{GameId, Nus, PartizanError, Store};

fn d(s: &str) -> Dyadic {
    s.parse().expect("dyadic")
}

fn nus(store: &mut Store, x: &str, ups: i64, nimber: u64) -> GameId {
    store.nus(&Nus {
        number: d(x),
        ups,
        nimber,
    })
}

/// {3||2*|1*}, CGSuite's worked example.
fn example(store: &mut Store) -> GameId {
    let three = store.integer(3);
    let two_star = nus(store, "2", 0, 1);
    let one_star = nus(store, "1", 0, 1);
    let inner = store.construct(&[two_star], &[one_star]);
    store.construct(&[three], &[inner])
}

#[test]
fn cgsuite_worked_example() {
    // Source: the acceptance list (CGSuite's outputs for {3||2+*|1+*}).
    let mut store = Store::new();
    let g = example(&mut store);
    assert_eq!(canonical_text(&mut store, g), "{3||2*|1*}");
    assert_eq!(left_stop(&store, g), d("3"));
    assert_eq!(right_stop(&store, g), d("2"));
    let t = thermograph(&mut store, g).unwrap();
    assert_eq!(t.mean(), &d("9/4"));
    assert_eq!(t.temperature(), &d("3/4"));
    assert_eq!(
        t.to_string(),
        "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])"
    );
    let cooled = cool(&mut store, g, &d("1/4")).expect("cool");
    assert_eq!(canonical_text(&mut store, cooled), "{11/4||2|3/2}");
    let one = store.integer(1);
    let heated = heat(&mut store, g, one);
    assert_eq!(canonical_text(&mut store, heated), "{4|||3|1||0|-2}");
    let reduced = reduced_canonical_form(&mut store, g);
    assert_eq!(canonical_text(&mut store, reduced), "{3||2|1}");
    assert!(atomic_weight(&mut store, g).is_err(), "not atomic");
    assert_eq!(store.birthday(g), 5u32.into());
}

#[test]
fn temperatures_of_simple_values() {
    // Sources: the acceptance list; CGSuite: integers −1, x = m/2^k has −1/2^k.
    let mut store = Store::new();
    let cases = [
        (nus(&mut store, "0", 0, 0), "-1"),
        (nus(&mut store, "5", 0, 0), "-1"),
        (nus(&mut store, "0", 0, 8), "0"),
        (nus(&mut store, "25/16", 0, 0), "-1/16"),
        (nus(&mut store, "3/4", 0, 0), "-1/4"),
        (nus(&mut store, "0", 1, 0), "0"),
        (nus(&mut store, "-7/2", -2, 3), "0"),
    ];
    for (g, expected) in cases {
        let text = canonical_text(&mut store, g);
        assert_eq!(
            thermograph(&mut store, g).unwrap().temperature(),
            &d(expected),
            "{text}"
        );
    }
    let g = nus(&mut store, "25/16", 0, 0);
    assert_eq!(store.birthday(g), 6u32.into());
}

#[test]
fn thermographs_of_switches_and_numbers() {
    // ±1 = {1|-1}: mast 0 from temperature 1, walls of slope ∓1 below.
    let mut store = Store::new();
    let (one, minus_one) = (store.integer(1), store.integer(-1));
    let switch = store.construct(&[one], &[minus_one]);
    assert_eq!(
        thermograph(&mut store, switch).unwrap().to_string(),
        "Thermograph(0,[1],[0,-1],0,[1],[0,1])"
    );
    // 3/4 = {1/2|1}: the left wall turns vertical below −1/2 (the right wall of 1/2 does).
    let g = nus(&mut store, "3/4", 0, 0);
    assert_eq!(
        thermograph(&mut store, g).unwrap().to_string(),
        "Thermograph(3/4,[-1/4,-1/2],[0,-1,0],3/4,[-1/4],[0,1])"
    );
    let seven = store.integer(7);
    assert_eq!(
        thermograph(&mut store, seven).unwrap().to_string(),
        "Thermograph(7,[],[0],7,[],[0])"
    );
}

#[test]
fn atomic_weights() {
    // Sources: the acceptance list (CGSuite): aw(^) = 1, aw({^^^|vv}) = {1|0}.
    let mut store = Store::new();
    let up = store.up(1);
    let w = atomic_weight(&mut store, up).expect("atomic");
    assert_eq!(canonical_text(&mut store, w), "1");
    let (up3, down2) = (store.up(3), store.up(-2));
    let g = store.construct(&[up3], &[down2]);
    assert_eq!(canonical_text(&mut store, g), "{^3|vv}");
    let w = atomic_weight(&mut store, g).expect("atomic");
    assert_eq!(canonical_text(&mut store, w), "{1|0}");
    // *m has atomic weight 0; a number other than 0 is not atomic.
    let star = store.nimber(5);
    let w = atomic_weight(&mut store, star).expect("atomic");
    assert_eq!(w, store.zero());
    let half = nus(&mut store, "1/2", 0, 0);
    assert!(atomic_weight(&mut store, half).is_err());
}

#[test]
fn ordinal_sums() {
    // 1:1 = 2, 1:-1 = 1/2, *:* = *2 (nimber heaps stack), 0:G = G.
    let mut store = Store::new();
    let (one, minus_one) = (store.integer(1), store.integer(-1));
    let two = ordinal_sum(&mut store, one, one).expect("small");
    assert_eq!(canonical_text(&mut store, two), "2");
    let half = ordinal_sum(&mut store, one, minus_one).expect("small");
    assert_eq!(canonical_text(&mut store, half), "1/2");
    let star = store.nimber(1);
    let star2 = ordinal_sum(&mut store, star, star).expect("small");
    assert_eq!(canonical_text(&mut store, star2), "*2");
    let g = example(&mut store);
    let zero = store.zero();
    assert_eq!(ordinal_sum(&mut store, zero, g), Ok(g));
    let big = store.integer(5000);
    // Numbers by their sign expansions, whatever their birthday; H's birthday bounds the
    // walk through its options otherwise.
    let sum = ordinal_sum(&mut store, one, big).expect("a number");
    assert_eq!(canonical_text(&mut store, sum), "5001");
    assert!(
        ordinal_sum(&mut store, star, big).is_err(),
        "refused up front"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// The walls at temperature 0 are the stops (for games that are not numbers).
    #[test]
    fn walls_at_zero_are_the_stops(tree in arb_game(3, 2)) {
        let mut store = Store::new();
        let g = tree.to_store(&mut store);
        prop_assume!(!store.is_number(g));
        let t = thermograph(&mut store, g).unwrap();
        let zero = Dyadic::zero();
        prop_assert_eq!(t.left.value_at(&zero), left_stop(&store, g));
        prop_assert_eq!(t.right.value_at(&zero), right_stop(&store, g));
        prop_assert!(t.right.value_at(&zero) <= t.left.value_at(&zero));
    }

    /// Means add, and cooling is a homomorphism: (G + H)_t = G_t + H_t.
    #[test]
    fn means_add_and_cooling_distributes(a in arb_game(2, 2), b in arb_game(2, 2), k in 0i64..=4) {
        let mut store = Store::new();
        let (g, h) = (a.to_store(&mut store), b.to_store(&mut store));
        let sum = store.add(g, h);
        let (mg, mh, ms) = (
            thermograph(&mut store, g).unwrap().mean().clone(),
            thermograph(&mut store, h).unwrap().mean().clone(),
            thermograph(&mut store, sum).unwrap().mean().clone(),
        );
        prop_assert_eq!(&mg + &mh, ms);
        let t = Dyadic::new(k, 2);
        let (cg, ch, cs) = (
            cool(&mut store, g, &t).expect("cool"),
            cool(&mut store, h, &t).expect("cool"),
            cool(&mut store, sum, &t).expect("cool"),
        );
        prop_assert_eq!(store.add(cg, ch), cs);
    }

    /// The reduced form differs from G by an infinitesimal, is idempotent, and ignores ↑.
    #[test]
    fn reduced_form_is_equal_modulo_infinitesimals(tree in arb_game(3, 2)) {
        let mut store = Store::new();
        let g = tree.to_store(&mut store);
        let r = reduced_canonical_form(&mut store, g);
        let difference = store.sub(g, r);
        prop_assert!(is_infinitesimal(&store, difference));
        prop_assert_eq!(reduced_canonical_form(&mut store, r), r);
        let up = store.up(1);
        let shifted = store.add(g, up);
        prop_assert_eq!(reduced_canonical_form(&mut store, shifted), r);
    }

    /// Ordinal sums follow the definition on game trees.
    #[test]
    fn ordinal_sum_matches_definition(a in arb_game(2, 2), b in arb_game(2, 2)) {
        let mut store = Store::new();
        let (g, h) = (a.to_store(&mut store), b.to_store(&mut store));
        let expected = crate::naive::Tree::from_store(&mut store, g).ordinal_sum(&b);
        let expected = expected.to_store(&mut store);
        prop_assert_eq!(ordinal_sum(&mut store, g, h), Ok(expected));
    }
}

#[test]
fn number_up_star_thermographs_follow_the_recursion() {
    // The shortcut to x + *, x + ↑ or x + ↓ must agree with the thermograph built from the
    // value's own options.
    let mut store = Store::new();
    let mut thermographer = Thermographer::new();
    for x in ["0", "1", "-2", "1/2", "-3/4", "5/8"] {
        for ups in -3i64..=3 {
            for m in 0..9u64 {
                let g = nus(&mut store, x, ups, m);
                if store.is_number(g) {
                    continue;
                }
                let fast = thermograph(&mut store, g).unwrap();
                let slow = thermographer.by_options(&mut store, g).unwrap();
                assert_eq!(fast, slow, "x={x} ups={ups} m={m}");
            }
        }
    }
    // *m for a huge m no longer enumerates its options.
    let g = nus(&mut store, "0", 0, u64::MAX);
    assert_eq!(thermograph(&mut store, g).unwrap().temperature(), &d("0"));
}

proptest! {
    /// The closed form of a number's thermograph agrees with the thermograph built from the
    /// thermographs of its canonical options (x − 2^−k and x + 2^−k), for every number with a
    /// denominator up to 2^12: by induction on the denominator, with the integers' masts as
    /// the base, that is the whole recursion.
    #[test]
    fn number_thermographs_follow_the_recursion(numerator in -5000i64..5000, k in 0u32..=12) {
        let x = Dyadic::new(numerator, k);
        let mut store = Store::new();
        let g = store.number(x.clone());
        let closed = Thermograph::of_number(&x).unwrap();
        prop_assert_eq!(&closed, &Thermographer::new().by_options(&mut store, g).unwrap());
        let (mean, temperature) = mean_and_temperature(&mut store, g).unwrap();
        prop_assert_eq!((&mean, &temperature), (closed.mean(), closed.temperature()));
    }
}

#[test]
fn number_thermographs_are_refused_above_the_exponent_limit() {
    let big = Dyadic::new(1, MAX_NUMBER_EXPONENT + 1);
    assert!(matches!(
        Thermograph::of_number(&big),
        Err(PartizanError::TooLarge { .. })
    ));
    // At the limit it is built, with one corner per halving of the denominator.
    let at_limit = Thermograph::of_number(&Dyadic::new(1, MAX_NUMBER_EXPONENT)).unwrap();
    assert_eq!(
        at_limit.temperature(),
        &-Dyadic::new(1, MAX_NUMBER_EXPONENT)
    );
    // The mean and temperature of a number are given whatever its size; a hot game holding
    // such a number is refused rather than left to run for minutes.
    let mut store = Store::new();
    let x = store.number(big.clone());
    assert_eq!(
        mean_and_temperature(&mut store, x).unwrap(),
        (big.clone(), -big.clone())
    );
    let minus_one = store.integer(-1);
    let hot = store.construct(&[x], &[minus_one]);
    assert!(matches!(
        thermograph(&mut store, hot),
        Err(PartizanError::TooLarge { .. })
    ));
}

/// Every number x with |x| ≤ 4 and denominator up to 2^8, in order of denominator: the
/// closed form agrees with one step of the recursion over its options, whose own closed
/// forms were checked before (the integers' masts being the base), so by induction the
/// closed form is the recursion's thermograph for all of them.
#[test]
fn number_thermographs_follow_the_recursion_exhaustively() {
    let mut store = Store::new();
    for k in 0u32..=8 {
        let scale = 1i64 << k;
        for numerator in -4 * scale..=4 * scale {
            let x = Dyadic::new(numerator, k);
            if x.denominator_exponent() != k {
                continue; // met already with a smaller denominator
            }
            let g = store.number(x.clone());
            let closed = Thermograph::of_number(&x).unwrap();
            let recursion = Thermographer::new().by_options(&mut store, g).unwrap();
            assert_eq!(closed, recursion, "x = {x}");
        }
    }
}

/// x + ↑n + *m: the direct mean and temperature agree with the thermograph's for small x,
/// and are still given for an x whose thermograph is refused.
#[test]
fn number_up_star_means_and_temperatures_are_direct() {
    let mut store = Store::new();
    for x in ["0", "1", "-2", "1/2", "-3/4", "5/8", "11/16"] {
        for ups in -2i64..=2 {
            for m in 0..4u64 {
                let g = nus(&mut store, x, ups, m);
                let t = thermograph(&mut store, g).unwrap();
                assert_eq!(
                    mean_and_temperature(&mut store, g).unwrap(),
                    (t.mean().clone(), t.temperature().clone()),
                    "x={x} ups={ups} m={m}"
                );
            }
        }
    }
    let big = Dyadic::new(3, MAX_NUMBER_EXPONENT + 5);
    let g = store.nus(&Nus {
        number: big.clone(),
        ups: 1,
        nimber: 1,
    });
    assert!(thermograph(&mut store, g).is_err());
    assert_eq!(
        mean_and_temperature(&mut store, g).unwrap(),
        (big, Dyadic::zero())
    );
}
