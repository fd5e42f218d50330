//! Every text printed reads back, through `conway eval`'s parser, to the game printed.

use conway_expr::eval::{evaluate_text, Value};
use conway_numbers::Dyadic;
use conway_partizan::print::canonical_text;
use conway_partizan::store::Uptimal;
use conway_partizan::{GameId, Store};
use proptest::prelude::*;

/// A game to build in a store: the leaves are uptimals (powers and sums of powers of up
/// among them), and the nodes brace forms, sums, x + Tiny(G) / x + Miny(G) and switches.
#[derive(Clone, Debug)]
enum Spec {
    Uptimal(Uptimal),
    Braces(Vec<Spec>, Vec<Spec>),
    Sum(Box<Spec>, Box<Spec>),
    Tiny(i64, Box<Spec>),
    Miny(i64, Box<Spec>),
    Switch(Vec<Spec>),
}

fn build(store: &mut Store, spec: &Spec) -> GameId {
    match spec {
        Spec::Uptimal(u) => store.uptimal(u),
        Spec::Braces(left, right) => {
            let left: Vec<GameId> = left.iter().map(|s| build(store, s)).collect();
            let right: Vec<GameId> = right.iter().map(|s| build(store, s)).collect();
            store.construct(&left, &right)
        }
        Spec::Sum(a, b) => {
            let (a, b) = (build(store, a), build(store, b));
            store.add(a, b)
        }
        // {x || x | x − G} and {x + G | x || x}
        Spec::Tiny(x, g) => {
            let (x, g) = (store.integer(*x), build(store, g));
            let low = store.sub(x, g);
            let right = store.construct(&[x], &[low]);
            store.construct(&[x], &[right])
        }
        // {A, B, … | −A, −B, …}
        Spec::Switch(options) => {
            let left: Vec<GameId> = options.iter().map(|s| build(store, s)).collect();
            let right: Vec<GameId> = left.iter().map(|&g| store.neg(g)).collect();
            store.construct(&left, &right)
        }
        Spec::Miny(x, g) => {
            let (x, g) = (store.integer(*x), build(store, g));
            let high = store.add(x, g);
            let left = store.construct(&[high], &[x]);
            store.construct(&[left], &[x])
        }
    }
}

fn specs() -> impl Strategy<Value = Spec> {
    let uptimal = (
        -4i64..4,
        0u32..2,
        prop::collection::vec(-2i64..=2, 0..4),
        0u64..3,
    )
        .prop_map(|(numerator, exponent, coefficients, nimber)| {
            Spec::Uptimal(Uptimal::new(
                Dyadic::new(numerator, exponent),
                coefficients,
                nimber,
            ))
        });
    let power = (-2i64..=2, 2usize..5, any::<bool>(), any::<bool>(), 0u64..2).prop_map(
        |(x, n, down, sum, nimber)| {
            let x = Dyadic::from_integer(x);
            Spec::Uptimal(if sum {
                Uptimal::power_sum(x, n, down, nimber)
            } else {
                Uptimal::power(x, n, down, nimber)
            })
        },
    );
    let leaf = prop_oneof![uptimal, power];
    leaf.prop_recursive(3, 12, 3, |inner| {
        prop_oneof![
            (
                prop::collection::vec(inner.clone(), 1..3),
                prop::collection::vec(inner.clone(), 1..3)
            )
                .prop_map(|(l, r)| Spec::Braces(l, r)),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Spec::Sum(Box::new(a), Box::new(b))),
            (-2i64..=2, inner.clone()).prop_map(|(x, g)| Spec::Tiny(x, Box::new(g))),
            (-2i64..=2, inner.clone()).prop_map(|(x, g)| Spec::Miny(x, Box::new(g))),
            prop::collection::vec(inner, 1..3).prop_map(Spec::Switch),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Everything printed reads back, through `conway eval`'s parser, to the game printed,
    /// in the same store and in a fresh one (where it prints the same text again).
    #[test]
    fn printed_games_read_back_to_themselves(spec in specs()) {
        let mut store = Store::new();
        let g = build(&mut store, &spec);
        let text = canonical_text(&mut store, g);
        let read = evaluate_text(&mut store, &text);
        prop_assert!(matches!(read, Ok(Value::Game(h)) if h == g), "{}: {:?}", text, read);
        let mut fresh = Store::new();
        let Ok(Value::Game(again)) = evaluate_text(&mut fresh, &text) else {
            panic!("{text} does not read in a fresh store");
        };
        prop_assert_eq!(canonical_text(&mut fresh, again), text);
    }
}
