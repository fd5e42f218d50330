//! The acceptance examples (CGSuite's published outputs) and error cases.

use super::*;

fn eval(text: &str) -> String {
    let mut store = Store::new();
    match evaluate_text(&mut store, text) {
        Ok(v) => v.to_text(&mut store),
        Err(e) => panic!("{text}: {e}"),
    }
}

fn eval_error(text: &str) -> String {
    let mut store = Store::new();
    match evaluate_text(&mut store, text) {
        Ok(v) => panic!("{text} gave {} instead of an error", v.to_text(&mut store)),
        Err(e) => e.to_string(),
    }
}

#[test]
fn cgsuite_outputs() {
    // Source: the acceptance list, quoting CGSuite's outputs.
    let cases = [
        ("{0|1,2}", "1/2"),
        ("{0|^*5}", "^^*4"),
        ("*3+*5", "*6"),
        ("^^^^^^+vvv*+^19*3+v14", "^8*2"),
        ("3+-1", "{4|2}"),
        ("+-1+-2+-3+-4", "+-{10|8||6|4|||4|2||0|-2}"),
        ("{3||2+*|1+*}", "{3||2*|1*}"),
        ("cool({3||2+*|1+*},1/4)", "{11/4||2|3/2}"),
        ("heat({3||2+*|1+*},1)", "{4|||3|1||0|-2}"),
        ("{0||0|-3/2}", "Tiny(3/2)"),
        ("{1|0||0}", "Miny(1)"),
        ("{^^^|vv}", "{^3|vv}"),
        ("atomic_weight({^^^|vv})", "{1|0}"),
        ("atomic_weight(^)", "1"),
        ("birthday(^)", "2"),
        ("outcome(^)", "L"),
        ("temperature(0)", "-1"),
        ("outcome(0)", "P"),
        ("temperature(*8)", "0"),
        ("temperature(25/16)", "-1/16"),
        ("birthday(25/16)", "6"),
        ("domineering(\"..|..\")", "+-1"),
        (
            "domineering(\"....|....|....|....\")",
            "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}",
        ),
        ("hackenbush(\"lrlrrllr\")", "77/128"),
        ("clobber(\"xox|ox.\")", "{^^*|*,v}"),
        ("toads_and_frogs(\"tt.ff\")", "*"),
        ("hackenbush(\"e\")", "*"),
        (
            "thermograph({3||2+*|1+*})",
            "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])",
        ),
    ];
    for (input, expected) in cases {
        assert_eq!(eval(input), expected, "{input}");
    }
}

#[test]
fn surreal_numbers_of_seed_000() {
    // Source: seed 000 (SEEDS.md): {0|} = 1, {|0} = -1, {0|1} = 1/2, {2,3|4,5} = 7/2, {0|0} = *.
    for (input, expected) in [
        ("{0|}", "1"),
        ("{|0}", "-1"),
        ("{0|1}", "1/2"),
        ("{2,3|4,5}", "7/2"),
        ("{3|4}", "7/2"),
        ("{0|0}", "*"),
        ("{|}", "0"),
        ("{1/2|3/4}", "5/8"),
        ("1.25", "5/4"),
    ] {
        assert_eq!(eval(input), expected, "{input}");
    }
}

#[test]
fn the_full_report() {
    // Source: the acceptance list for {3||2+*|1+*}.
    let mut store = Store::new();
    let Value::Game(g) = evaluate_text(&mut store, "{3||2+*|1+*}").expect("game") else {
        panic!("not a game")
    };
    let r = report(&mut store, g);
    assert_eq!(r.canonical, "{3||2*|1*}");
    assert_eq!(r.outcome, Outcome::Left);
    assert_eq!(
        (r.left_stop.to_string(), r.right_stop.to_string()),
        ("3".into(), "2".into())
    );
    assert_eq!(
        (r.mean.to_string(), r.temperature.to_string()),
        ("9/4".into(), "3/4".into())
    );
    assert_eq!(r.birthday, BigUint::from(5u32));
    assert_eq!(r.reduced, "{3||2|1}");
    assert_eq!(r.atomic_weight, None);
}

#[test]
fn comparisons() {
    for (input, expected) in [
        ("^ > 0", "true"),
        ("* == 0", "false"),
        ("* <> 0", "true"),
        ("* <| 0", "true"),
        ("* |> 0", "true"),
        ("^ <= *", "false"),
        ("{1|-1} <> 0", "true"),
        ("1/2 + 1/2 == 1", "true"),
        ("^ + v == 0", "true"),
        ("1:1 == 2", "true"),
        ("-1 < v", "true"),
    ] {
        assert_eq!(eval(input), expected, "{input}");
    }
}

#[test]
fn errors_name_the_place() {
    // Source: the bad-input list.
    assert!(eval_error("{1|").contains("column"));
    assert!(eval_error("{3|2|1}").contains("ambiguous"));
    assert!(eval_error("*x").starts_with("column 2"));
    assert!(eval_error("domineering(\"..|.q\")").contains("unknown square 'q'"));
    assert!(eval_error(&format!("domineering(\"{}\")", ".".repeat(65))).contains("64"));
    assert!(eval_error("3/5").contains("dyadic"));
    assert!(eval_error("1 + *1025").starts_with("column 5: nimber too large"));
    assert!(eval_error("1:99999").contains("too many"));
    assert!(eval_error(&format!("domineering(\"{}\")", ".".repeat(40))).contains("empty squares"));
    assert!(eval_error("clobber(\"xo|oq\")").starts_with("column 9"));
    assert!(eval_error("hackenbush(\"lrz\")").contains("'z'"));
    assert!(eval_error("toads_and_frogs(\"t.g\")").contains("'g'"));
    assert!(eval_error("cutcake(1/2, 3)").contains("whole number"));
    assert!(eval_error("cutcake(1000, 3)").contains("200"));
    assert!(eval_error("foo(1)").contains("unknown function 'foo'"));
    assert!(eval_error("atomic_weight(1/2)").contains("not atomic"));
    assert!(eval_error("cool(*, -1)").contains("greater than -1"));
    assert!(eval_error("temperature(1, 2)").contains("takes 1 argument"));
    assert!(eval_error("a + 1").starts_with("column 1: unknown name 'a'"));
    assert!(eval_error("(1 < 2) + 1").contains("not a game"));
}

mod random_expressions {
    use super::*;
    use proptest::prelude::*;

    fn arb_expr() -> impl Strategy<Value = String> {
        let leaf = prop_oneof![
            (-3i64..=3).prop_map(|n| n.to_string()),
            Just("1/2".to_string()),
            Just("-3/4".to_string()),
            (0u64..=3).prop_map(|m| format!("*{m}")),
            Just("^".to_string()),
            Just("v*".to_string()),
            Just("+-1".to_string()),
        ];
        leaf.prop_recursive(3, 12, 3, |inner| {
            prop_oneof![
                (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("{{{a}|{b}}}")),
                (inner.clone(), inner.clone(), inner.clone())
                    .prop_map(|(a, b, c)| format!("{{{a},{b}|{c}}}")),
                (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a})+({b})")),
                (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a})-({b})")),
                (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a}):({b})")),
                inner.clone().prop_map(|a| format!("-({a})")),
                inner.clone().prop_map(|a| format!("cool({a},1/2)")),
                inner.clone().prop_map(|a| format!("heat({a},1)")),
                inner.clone().prop_map(|a| format!("reduced({a})")),
                inner.clone().prop_map(|a| format!("atomic_weight({a})")),
                inner.prop_map(|a| format!("Tiny({a})")),
            ]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        /// Any well-formed expression evaluates or gives a one-line error, and every game
        /// gets a full report whose canonical text reads back to the same game.
        #[test]
        fn evaluation_never_panics_and_round_trips(text in arb_expr()) {
            let mut store = Store::new();
            match evaluate_text(&mut store, &text) {
                Ok(Value::Game(g)) => {
                    let r = report(&mut store, g);
                    let again = evaluate_text(&mut store, &r.canonical);
                    prop_assert!(matches!(again, Ok(Value::Game(h)) if h == g), "{}", r.canonical);
                    let reduced = evaluate_text(&mut store, &r.reduced);
                    prop_assert!(reduced.is_ok());
                }
                Ok(_) => {}
                Err(e) => prop_assert!(!e.to_string().contains('\n')),
            }
        }
    }
}
