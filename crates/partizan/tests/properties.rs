//! Tests of `properties` on games written in CGSuite's notation (read by the expression language).

#![allow(unused_imports)]

mod support;
use conway_expr::eval::Value;
use conway_numbers::Dyadic;
use conway_partizan::naive::Tree;
use conway_partizan::properties::*;
use conway_partizan::*;
use num_bigint::BigUint;
use proptest::prelude::*;
use support::cgsuite_game as game;

/// CGSuite's test suite (`CanonicalShortGameTestCase.scala`): stop counts, parities and
/// tempers of its sample games.
#[test]
fn cgsuite_values() {
    let mut s = Store::new();
    for (text, stops, expected_parity, expected_temper) in [
        ("0", 1u32, Some(Parity::Even), Some(Parity::Even)),
        ("5", 1, Some(Parity::Odd), Some(Parity::Even)),
        ("-1/2", 1, None, Some(Parity::Even)),
        ("*8", 4374, None, None),
        ("9/8*", 2, None, Some(Parity::Odd)),
        ("^", 3, None, None),
        ("v*", 4, None, None),
    ] {
        let g = game(&mut s, text);
        assert_eq!(stop_count(&mut s, g), BigUint::from(stops), "{text}");
        assert_eq!(parity(&mut s, g), expected_parity, "{text}");
        assert_eq!(temper(&mut s, g), expected_temper, "{text}");
    }
    let g = game(&mut s, "-1823437481924");
    assert_eq!(parity(&mut s, g), Some(Parity::Even));
}
/// The closed form of x + *m satisfies the recursion that defines the stop count: the
/// sum of the counts of the options, down to the count 1 of the number x.
#[test]
fn nimber_stop_counts_follow_the_recursion() {
    let mut s = Store::new();
    for x in ["0", "-3/4", "7"] {
        for m in 1..=12u64 {
            let g = game(&mut s, &format!("{x}*{m}"));
            let (left, right) = s.options(g);
            let by_options: BigUint = left
                .into_iter()
                .chain(right)
                .map(|o| stop_count(&mut s, o))
                .sum();
            assert_eq!(stop_count(&mut s, g), by_options, "{x}*{m}");
        }
    }
}
/// The widest nimber an expression writes (literals stop at *1024, and products stay
/// below *65536, a field) is counted at once, not walked (*m has m² options below it);
/// a wider one, which the library can build, is refused rather than raised to a power
/// of millions of bits.
#[test]
fn stop_counts_of_wide_nimbers_are_closed_or_refused() {
    let mut s = Store::new();
    let wide = "stop_count(conway_product(*256, *128))";
    let Ok(Value::Natural(count)) = conway_expr::eval::evaluate_text(&mut s, wide) else {
        panic!("{wide} is counted");
    };
    assert_eq!(count.bits(), 51_936, "2·3^32767 has 51,936 bits");
    let g = s.nimber(MAX_STOP_COUNTED_NIMBER + 1);
    let answer = s.within_budget(|s| Ok(stop_count(s, g)));
    assert!(
        matches!(&answer, Err(e) if e.to_string().contains("stop count")),
        "{answer:?}"
    );
}
/// CGSuite's incentives of its sample games.
#[test]
fn cgsuite_incentives() {
    let mut s = Store::new();
    for (text, both, left, right) in [
        ("5", "{-1}", "{-1}", "{}"),
        ("^", "{^*}", "{v}", "{^*}"),
        ("v*", "{^*}", "{^*}", "{v,v*}"),
        (
            "*8",
            "{*8,*9,*10,*11,*12,*13,*14,*15}",
            "{*8,*9,*10,*11,*12,*13,*14,*15}",
            "{*8,*9,*10,*11,*12,*13,*14,*15}",
        ),
        (
            "{0|||0||-1|-3}",
            "{{3Tiny({3|1})|1Tiny({3|1}),{2,{3|1}|0}||0}}",
            "{Miny({3|1})}",
            "{{3Tiny({3|1})|1Tiny({3|1}),{2,{3|1}|0}||0}}",
        ),
    ] {
        let g = game(&mut s, text);
        for (l, r, expected) in [
            (true, true, both),
            (true, false, left),
            (false, true, right),
        ] {
            let set = Value::Set(incentives(&mut s, g, l, r));
            assert_eq!(set.to_text(&mut s), expected, "{text} {l} {r}");
        }
    }
}
/// CGSuite's companions of its sample games.
#[test]
fn cgsuite_companions() {
    let mut s = Store::new();
    for (text, expected) in [
        ("0", "*"),
        ("5", "5"),
        ("-1/2", "-1/2"),
        ("*8", "*8"),
        ("9/8*", "9/8*"),
        ("^", "^*"),
        ("v*", "v"),
        ("^[4]", "^[4]*"),
        ("{0|^<2>}", "{0|^<2>*}"),
    ] {
        let g = game(&mut s, text);
        let c = companion(&mut s, g);
        assert_eq!(
            conway_partizan::print::canonical_text(&mut s, c),
            expected,
            "{text}"
        );
    }
}
/// x + *m has m + b(x) + 1 followers, found without walking its m² options: the widest
/// nimber an expression writes, *65535, in one step of the budget per follower.
#[test]
fn followers_of_wide_nimbers() {
    let mut s = Store::new();
    let g = game(&mut s, "conway_product(*256, *255) + 3/2");
    let count = s.within_budget(|s| follower_count(s, g));
    assert_eq!(count, Ok(BigUint::from(65_280u32 + 3 + 1)));
    assert!(s.watch_steps() < 10, "x + *m is not walked");
    let listed = followers(&mut s, g).expect("fewer than the listing limit");
    assert_eq!(listed.len(), 65_284);
}
/// Numbers of any birthday: 10^30 has 10^30 + 1 followers (0 to 10^30), counted at once
/// and refused as a set; {10^30 | −10^30} has 2 · 10^30 + 2.
#[test]
fn followers_of_huge_numbers() {
    let mut s = Store::new();
    let big = BigUint::from(10u32).pow(30);
    let g = game(&mut s, "1000000000000000000000000000000");
    assert_eq!(follower_count(&mut s, g), Ok(&big + 1u32));
    let error = followers(&mut s, g).expect_err("too many to list");
    assert!(
        error.to_string().contains("the set of followers"),
        "{error}"
    );
    let switch = game(
        &mut s,
        "{1000000000000000000000000000000|-1000000000000000000000000000000}",
    );
    assert_eq!(follower_count(&mut s, switch), Ok(&big * 2u32 + 2u32));
    let half = game(&mut s, "1/1267650600228229401496703205376");
    assert_eq!(follower_count(&mut s, half), Ok(BigUint::from(102u32)));
}
