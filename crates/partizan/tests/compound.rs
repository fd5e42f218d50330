//! Tests of `compound` on games written in CGSuite's notation (read by the expression language).

#![allow(unused_imports)]

mod support;
use conway_numbers::Nimber;
use conway_partizan::compound::*;
use conway_partizan::naive::Tree;
use conway_partizan::print::canonical_text;
use conway_partizan::*;
use support::cgsuite_game as game;

/// CGSuite's test suite (`CompoundGameTestCase.scala`): conjunctive and selective sums
/// and Conway products of its sample pairs (but *5 ∨ *6: see the module doc, and
/// `selective_sums_of_nimbers_by_mex` for the value by the definition; likewise ±1 ∨ ↑↑,
/// {1↑↑ | −1} in CGSuite, checked by `compounds_agree_with_the_textbook_definitions`).
#[test]
fn cgsuite_compounds() {
    for (g, h, conjunctive, product, selective) in [
        ("1/2", "1/4", "1/2", "1/8", "3/4"),
        ("*5", "*6", "*5", "*8", "*11"),
        ("+-1", "^^", "{0|-1}", "+-^^", "{1^^|-1^*,-1^^}"),
        ("{1|0}", "0", "0", "0", "{1|0}"),
    ] {
        let mut s = Store::new();
        let (a, b) = (game(&mut s, g), game(&mut s, h));
        for (kind, expected) in [
            (Compound::Conjunctive, conjunctive),
            (Compound::ConwayProduct, product),
            (Compound::Selective, selective),
        ] {
            let c = compound(&mut s, kind, a, b);
            assert_eq!(canonical_text(&mut s, c), expected, "{g} {kind:?} {h}");
        }
    }
}
/// Numbers of any size and nimbers of every width: the compounds are immediate (the
/// recursion would be 10^30 deep, or take 2^10 · 2^10 pairs of followers).
#[test]
fn compounds_of_huge_numbers_and_wide_nimbers() {
    let mut s = Store::new();
    let big = "1000000000000000000000000000000";
    for (g, h, kind, expected) in [
        (big, big, Compound::Conjunctive, big.to_string()),
        (
            big,
            &format!("-{big}"),
            Compound::Conjunctive,
            "0".to_string(),
        ),
        (
            big,
            &format!("{big}/1024"),
            Compound::Conjunctive,
            "976562500000000000000000000".to_string(),
        ),
        (big, big, Compound::Selective, format!("2{}", &big[1..])),
        (
            big,
            big,
            Compound::ConwayProduct,
            format!("1{}", "0".repeat(60)),
        ),
        (
            "*19",
            "*23",
            Compound::ConwayProduct,
            format!("*{}", (Nimber(19) * Nimber(23)).0),
        ),
        ("*1024", "*1000", Compound::Conjunctive, "*1000".to_string()),
        ("*1024", "*1000", Compound::Selective, "*2024".to_string()),
    ] {
        let (a, b) = (game(&mut s, g), game(&mut s, h));
        let c = compound(&mut s, kind, a, b);
        assert!(!s.stop_requested(), "{g} {kind:?} {h}");
        assert_eq!(canonical_text(&mut s, c), expected, "{g} {kind:?} {h}");
    }
    // At the limit, on the stack the front ends give evaluations: 4096 · ±1 = 0.
    let at_limit = std::thread::Builder::new()
        .stack_size(conway_partizan::stack::EVALUATION_STACK)
        .spawn(|| {
            let mut s = Store::new();
            let (a, b) = (game(&mut s, "4096"), game(&mut s, "{1|-1}"));
            let c = compound(&mut s, Compound::ConwayProduct, a, b);
            (s.stop_requested(), canonical_text(&mut s, c))
        })
        .expect("a thread")
        .join()
        .expect("no panic");
    assert_eq!(at_limit, (false, "0".to_string()));
    // A product that would walk 10^30 options of a number is refused, at any depth.
    for (g, h) in [
        (big.to_string(), "{1|-1}".to_string()),
        (format!("{{{big}|0}}"), format!("{{{big}|0}}")),
    ] {
        let (a, b) = (game(&mut s, &g), game(&mut s, &h));
        let refused = s.within_budget(|s| Ok(compound(s, Compound::ConwayProduct, a, b)));
        let error = refused.expect_err("too deep");
        assert!(
            error.to_string().contains("the number's birthday"),
            "{g} · {h}: {error}"
        );
    }
}
