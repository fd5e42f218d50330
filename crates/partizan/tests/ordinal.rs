//! Tests of `ordinal` on games written in CGSuite's notation (read by the expression language).

#![allow(unused_imports)]

mod support;
use conway_partizan::ordinal::*;
use conway_partizan::*;
use proptest::prelude::*;
use support::cgsuite_game;

/// CGSuite's test suite (github.com/aaron-siegel/cgsuite,
/// `lib/core/src/test/scala/org/cgsuite/lang/GameTest.scala`, "Subordinate").
#[test]
fn cgsuite_subordinates() {
    let mut store = Store::new();
    for (g, base, expected) in [
        ("1/8", "1", "-3"),
        ("pow_to(^,5)+*", "*", "5"),
        ("+-1", "0", "+-1"),
        ("+-1", "+-1", "0"),
        ("-13/16", "-1", "3/8"),
    ] {
        let (g, b) = (cgsuite_game(&mut store, g), cgsuite_game(&mut store, base));
        let expected = cgsuite_game(&mut store, expected);
        assert_eq!(subordinate(&mut store, g, b).ok(), Some(expected));
    }
    let (star, one) = (cgsuite_game(&mut store, "*"), store.number(1.into()));
    let error = subordinate(&mut store, star, one).expect_err("* is no 1:H");
    assert_eq!(
        error.to_string(),
        "That game cannot be subordinated to the specified base."
    );
}
/// Numbers of any birthday: 10^30 : 10^30 = 2 · 10^30 at once, the subordinate of 10^30
/// to 1 is 10^30 − 1, and a sum needing 10^30 binary places is refused, not attempted.
#[test]
fn ordinal_sums_of_huge_numbers() {
    let mut store = Store::new();
    let big = cgsuite_game(&mut store, "1000000000000000000000000000000");
    let doubled = ordinal_sum(&mut store, big, big).expect("an integer");
    assert_eq!(
        conway_partizan::print::canonical_text(&mut store, doubled),
        format!("2{}", "0".repeat(30))
    );
    let one = store.integer(1);
    let h = subordinate(&mut store, big, one).expect("10^30 = 1 : (10^30 - 1)");
    assert_eq!(
        conway_partizan::print::canonical_text(&mut store, h),
        "9".repeat(30)
    );
    let minus = store.neg(big);
    let error = ordinal_sum(&mut store, one, minus).expect_err("10^30 places");
    assert!(error.to_string().contains("binary places"), "{error}");
    let error = subordinate(&mut store, minus, one).expect_err("no 1 : H is negative");
    assert!(
        error.to_string().contains("cannot be subordinated"),
        "{error}"
    );
    let switch = cgsuite_game(&mut store, "{1000000000000000000000000000000|0}");
    let error = subordinate(&mut store, switch, one).expect_err("too deep to walk");
    assert!(error.to_string().contains("birthday of G"), "{error}");
}
