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

/// CGSuite's own test suite (github.com/aaron-siegel/cgsuite, `lib/core/src/test/scala/org/
/// cgsuite/lang/`): the canonical forms of `CanonicalShortGameTestCase.scala`, the game
/// specifiers and uptimal powers of `EvalTest.scala`, and the ruleset values of
/// `GameGraphTest.scala`, `GameGridTest.scala` and `GameStripTest.scala`, input and output
/// as CGSuite prints them.
#[test]
fn cgsuite_test_suite_outputs_character_for_character() {
    let cases = [
        // CanonicalShortGameTestCase
        ("-1823437481924", "-1823437481924"),
        ("25/16", "25/16"),
        ("*8", "*8"),
        ("9/8+*", "9/8*"),
        ("^", "^"),
        ("v*", "v*"),
        ("6+^*", "6^*"),
        ("^*6", "^*6"),
        ("73/16+v9*8", "73/16v9*8"),
        ("{0|*||*|||*||||*}", "^[4]"),
        ("{0||0|v*}", "{0|^<2>}"),
        (
            "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
            "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
        ),
        (
            "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}",
            "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}",
        ),
        ("{0||0|vvv}", "{0||0|v3}"),
        ("{^^^|vv}", "{^3|vv}"),
        ("{0||0|-3/2}", "Tiny(3/2)"),
        ("{0|||0||-1|-3}", "Tiny({3|1})"),
        ("{5||3|1|||0||||0}", "Miny({5||3|1})"),
        ("{1|^^||^}", "{1|^^||^}"),
        ("{1|^^^||^}", "{1|^3||^}"),
        ("{3||2+*|1+*}", "{3||2*|1*}"),
        (
            "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}",
            "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}",
        ),
        // EvalTest: game specifiers and uptimal powers
        ("{0|^*5}", "^^*4"),
        ("{3|||2||1|0,*||||-1/2}", "{3|||2||1|0,*||||-1/2}"),
        ("+-1", "+-1"),
        ("+-(1/2)", "+-1/2"),
        ("+-{1,1+*}", "+-{1,1*}"),
        ("3+-1", "{4|2}"),
        ("+-1+-2+-3+-4", "+-{10|8||6|4|||4|2||0|-2}"),
        ("{0||0|-1}", "Tiny(1)"),
        ("{0||0|-1/4}", "Tiny(1/4)"),
        ("{0|||0||-1|-2}", "Tiny({2|1})"),
        ("{1|0||0}", "Miny(1)"),
        ("{0|v*}", "^<2>"),
        ("{0,*|v}", "^<2>*"),
        ("{^|*}", "^[2]"),
        ("{0,^*|0}", "^[2]*"),
        ("3 - 2 +- 6 - 7 +- 8 + 4", "{12|0||-4|-16}"),
        // Rulesets
        ("hackenbush(\"lrlrrllr\")", "77/128"),
        ("hackenbush(\"eeeeeee\")", "*7"),
        ("hackenbush(\"lrlerrr\")", "3/4v[3]*"),
        ("clobber(\"xox|ox.\")", "{^^*|*,v}"),
        (
            "domineering(\"....|....|....|....\")",
            "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}",
        ),
        (
            "toads_and_frogs(\"ttttt..fffff\")",
            "+-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||0}}",
        ),
    ];
    for (input, expected) in cases {
        assert_eq!(eval(input), expected, "{input}");
        // What CGSuite prints reads back as the same game.
        assert_eq!(eval(expected), expected, "{expected}");
    }
}

/// The notation for powers of up reads what it prints: ^<n> is ↑ⁿ = {0 | ↓^[n−1]*} and ^[n]
/// is ↑ + ↑² + … + ↑ⁿ (Siegel, Combinatorial Game Theory, §II.6).
#[test]
fn powers_of_up_read_and_print() {
    for (input, expected) in [
        ("^<2>", "^<2>"),
        ("{0|v[2]*}", "^<3>"),
        ("^<3>+v<3>", "0"),
        ("^+^<2>+^<3>", "^[3]"),
        ("-^[3]", "v[3]"),
        ("3/4+v[3]+*", "3/4v[3]*"),
        ("^<2>+^<2>", "{0||0,v*|vv}"),
        ("v<5>*3", "v<5>*3"),
        // After +-, a value of several parts goes in parentheses.
        ("+-(1+*)", "+-(1*)"),
        ("+-(1+^<2>)", "+-(1^<2>)"),
        ("+-(2+^[3]*)", "+-(2^[3]*)"),
        ("+-(2+{0||0|-1})", "+-(2Tiny(1))"),
        ("{1|-1}+{0||0|-1}", "{1Tiny(1)|-1Tiny(1)}"),
        ("^<1>", "^"),
        ("v[1]", "v"),
    ] {
        assert_eq!(eval(input), expected, "{input}");
    }
    assert!(
        eval_error("^<1001>").contains("1000"),
        "{}",
        eval_error("^<1001>")
    );
}

#[test]
fn surreal_numbers_by_the_simplicity_rule() {
    // Conway, On Numbers and Games, ch. 0-1: {0|} = 1, {|0} = -1, {0|1} = 1/2, {2,3|4,5} = 7/2
    // (the simplest number between 3 and 4), {0|0} = *.
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
    let r = report(&mut store, g).unwrap();
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
    assert!(eval_error("1 + *1025")
        .starts_with("column 5: the nimber literal *m has size 1025, more than the limit of 1024"));
    // Numbers join by their sign expansions; another base walks H's options.
    assert!(eval_error("*:99999").contains("too many"));
    assert!(eval_error(&format!("domineering(\"{}\")", ".".repeat(40))).contains("empty squares"));
    // The column of the 'q' in the whole expression, not of the string.
    assert!(eval_error("clobber(\"xo|oq\")").starts_with("column 14: "));
    assert!(eval_error("hackenbush(\"lrz\")").contains("'z'"));
    assert!(eval_error("toads_and_frogs(\"t.g\")").contains("'g'"));
    assert!(eval_error("cutcake(1/2, 3)").contains("whole number"));
    assert!(eval_error("cutcake(1000, 3)").contains("200"));
    assert!(eval_error("foo(1)").contains("unknown function 'foo'"));
    assert!(eval_error("atomic_weight(1/2)").contains("not atomic"));
    // CGSuite's words (its test suite, CanonicalShortGameTestCase.scala).
    for (input, message) in [
        ("atomic_weight(5)", "That game is not atomic: 5"),
        (
            "atomic_weight(-1823437481924)",
            "That game is not atomic: -1823437481924",
        ),
        (
            "atomic_weight(73/16+v9*8)",
            "That game is not atomic: 73/16v9*8",
        ),
        ("atomic_weight({1|^^^||^})", "That game is not atomic."),
        ("atomic_weight({3||2+*|1+*})", "That game is not atomic."),
    ] {
        assert!(
            eval_error(input).ends_with(message),
            "{input}: {}",
            eval_error(input)
        );
    }
    assert!(eval_error("cool(*, -1)").contains("greater than -1"));
    assert!(eval_error("temperature(1, 2)").contains("takes 1 argument"));
    assert!(eval_error("a + 1").starts_with("column 1: unknown name 'a'"));
    assert!(eval_error("(1 < 2) + 1").contains("not a game"));
}

/// The evaluation error of `text` as a value, for matching on its variant.
fn eval_err(text: &str) -> PartizanError {
    let mut store = Store::new();
    match evaluate_text(&mut store, text) {
        Ok(v) => panic!("{text} gave {} instead of an error", v.to_text(&mut store)),
        Err(e) => e,
    }
}

/// The 1-based column, in characters, of the first `marker` in `text`.
fn column_of(text: &str, marker: char) -> usize {
    text.chars()
        .position(|c| c == marker)
        .map_or_else(|| panic!("no {marker:?} in {text}"), |i| i + 1)
}

#[test]
fn every_function_in_the_table_evaluates_its_example() {
    for function in FUNCTIONS.iter() {
        let example = function.example;
        // The example calls this very entry, with as many arguments as it has parameters.
        let Ok(expr) = parse_expression(example) else {
            panic!("{example} does not parse")
        };
        let ExprKind::Call { name, args } = &expr.kind else {
            panic!("{example} is not a call")
        };
        assert!(
            lookup(name).is_some_and(|f| std::ptr::eq(f, function)),
            "{example} does not call {}",
            function.name
        );
        assert_eq!(args.len(), function.arity(), "{example}");
        let mut store = Store::new();
        if let Err(e) = evaluate_text(&mut store, example) {
            panic!("{example}: {e}");
        }
        // Called with the wrong number of arguments, it says its name and how many it takes.
        let extra = format!(
            "{}({})",
            function.name,
            vec!["0"; function.arity() + 1].join(",")
        );
        let message = eval_error(&extra);
        let takes = format!(
            "column 1: {} takes {} argument",
            function.name,
            function.arity()
        );
        assert!(message.starts_with(&takes), "{extra}: {message}");
        assert!(
            message.contains(&function.signature()),
            "{extra}: {message}"
        );
    }
}

#[test]
fn every_spelling_names_one_function() {
    let mut seen = std::collections::HashMap::new();
    for function in FUNCTIONS.iter() {
        for spelling in function.spellings() {
            let key: String = spelling
                .chars()
                .filter(|&c| c != '_')
                .flat_map(char::to_lowercase)
                .collect();
            if let Some(other) = seen.insert(key, function.name) {
                assert_eq!(other, function.name, "{spelling} names two functions");
            }
            assert!(lookup(spelling).is_some_and(|f| std::ptr::eq(f, function)));
        }
    }
    // CGSuite's spellings, and the documented ones in other cases.
    for (spelling, name) in [
        ("LeftStop", "left_stop"),
        ("RIGHT_STOP", "right_stop"),
        ("AtomicWeight", "atomic_weight"),
        ("aw", "atomic_weight"),
        ("ReducedCanonicalForm", "reduced"),
        ("OutcomeClass", "outcome"),
        ("ToadsAndFrogs", "toads_and_frogs"),
        ("tiny", "Tiny"),
        ("Cutcake", "cutcake"),
    ] {
        assert_eq!(lookup(spelling).map(|f| f.name), Some(name), "{spelling}");
    }
    assert_eq!(eval("LeftStop({3|2})"), "3");
}

#[test]
fn unknown_functions_are_refused_naming_the_nearest_or_all() {
    let message = eval_error("1 + tempreature(*)");
    assert_eq!(
        message,
        "column 5: unknown function 'tempreature'; did you mean temperature(G)?"
    );
    assert!(eval_error("LeftStp(1)").contains("did you mean left_stop(G)?"));
    assert!(eval_error("hackenbus(\"l\")").contains("did you mean hackenbush(\"lr|e\")?"));
    let message = eval_error("frobnicate(1)");
    assert!(
        message.starts_with("column 1: unknown function 'frobnicate'; the functions are "),
        "{message}"
    );
    for function in FUNCTIONS.iter() {
        assert!(message.contains(function.name), "{message}");
    }
    assert!(matches!(
        eval_err("frobnicate(1)"),
        PartizanError::Parse { column: 1, .. }
    ));
}

/// How many columns a message names ("column 12"): an error gives one place.
fn columns_named(message: &str) -> usize {
    message
        .match_indices("column ")
        .filter(|(i, m)| {
            message[i + m.len()..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit())
        })
        .count()
}

#[test]
fn a_rulesets_error_has_one_column_in_the_whole_expression() {
    // The example: the column of the bad colour 'x' in the whole expression.
    assert_eq!(
        eval_error("1 + hackenbush(\"0-1:l 1-2:x\")"),
        "column 27: hackenbush: bad colour \"x\"; expected l (blue), r (red) or e (green)"
    );
    // Each ruleset's parser errors, with the character they are about.
    let at_marker = [
        ("hackenbush(\"lr?l\")", '?'),
        ("{0|hackenbush(\"0-1:l 1-2:e 7-8:r\")}", '7'),
        ("heat(hackenbush(\"0-1:l 1-?:r\"), 1)", '?'),
        // The no-break space is one character of two bytes.
        (
            "cool(hackenbush(\"0-1:l 1-2:r 2-0:l\"), 1) + hackenbush(\"0-1:l\u{a0}1-2:?\")",
            '?',
        ),
        ("-domineering(\"..|.?\")", '?'),
        ("1 + domineering(\"#.|..|?.\")", '?'),
        ("{domineering(\".é|..\")|}", 'é'),
        ("1 + toads_and_frogs(\"tt.?f\")", '?'),
        ("ToadsAndFrogs(\"t.f\") + clobber(\"xo.|o?x\")", '?'),
    ];
    let cases = at_marker
        .iter()
        .map(|&(text, marker)| (text, column_of(text, marker)))
        .chain([
            // A row of the wrong length is reported where the row starts.
            ("clobber(\"xox|ox|xox\") : 1", 14),
            ("domineering(\"..|...\")", 17),
        ]);
    for (text, column) in cases {
        let error = eval_err(text);
        let message = error.to_string();
        assert_eq!(error.column(), Some(column), "{text}: {message}");
        assert!(
            matches!(error, PartizanError::Parse { .. }),
            "{text}: {error:?}"
        );
        assert_eq!(columns_named(&message), 1, "{text}: {message}");
    }
}

#[test]
fn plain_expression_errors_have_their_column() {
    for (text, column, message) in [
        ("1 + $", 5, "column 5: unexpected character '$'"),
        ("1 + a", 5, "column 5: unknown name 'a'"),
        (
            "1 + *1025",
            5,
            "column 5: the nimber literal *m has size 1025",
        ),
        ("{0|3/5}", 4, "column 4: not a dyadic rational"),
        (
            "1 + atomic_weight(1/2)",
            5,
            "column 5: That game is not atomic: 1/2",
        ),
        ("cutcake(2, 1/2)", 12, "column 12: expected a whole number"),
        (
            "cutcake(2, 201)",
            1,
            "column 1: cutcake's number of columns has size 201",
        ),
        (
            "domineering(1)",
            13,
            "column 13: domineering takes a quoted string, as in domineering(\"..|..\")",
        ),
        (
            "temperature(\"..\")",
            13,
            "column 13: a string is only allowed as a ruleset's argument",
        ),
        // A comparison is placed at its operator.
        ("mean(1 < 2)", 8, "column 8: a comparison is not a game"),
        ("1 + cool(*, -2)", 5, "column 5: "),
    ] {
        let error = eval_err(text);
        assert_eq!(error.column(), Some(column), "{text}: {error}");
        let shown = error.to_string();
        assert!(shown.starts_with(message), "{text}: {shown}");
        assert_eq!(columns_named(&shown), 1, "{text}: {shown}");
    }
    // A limit inside a ruleset's string is put at the string, keeping its variant.
    let big = format!("1 + domineering(\"{}\")", ".".repeat(65));
    match eval_err(&big) {
        PartizanError::Located { column: 17, error } => assert_eq!(
            *error,
            PartizanError::too_large("domineering board 65x1", 65, 64)
        ),
        other => panic!("{other:?}"),
    }
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

        /// Whatever stands before a ruleset's string, its error names the column of the bad
        /// character in the whole expression.
        #[test]
        fn a_rulesets_error_column_moves_with_the_text_before_it(
            spaces in 0usize..10,
            terms in 0usize..5,
            which in 0usize..4,
        ) {
            let call = [
                "hackenbush(\"0-1:l 1-2:?\")",
                "domineering(\"..|?.\")",
                "toads_and_frogs(\"t?f\")",
                "clobber(\"xo|?x\")",
            ][which];
            let text = format!("{}{}{call}", " ".repeat(spaces), "{1|*} + ".repeat(terms));
            prop_assert_eq!(eval_err(&text).column(), Some(column_of(&text, '?')));
        }

        /// Any well-formed expression evaluates or gives a one-line error, and every game
        /// gets a full report whose canonical text reads back to the same game.
        #[test]
        fn evaluation_never_panics_and_round_trips(text in arb_expr()) {
            let mut store = Store::new();
            match evaluate_text(&mut store, &text) {
                Ok(Value::Game(g)) => {
                    let r = report(&mut store, g).unwrap();
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

#[test]
fn a_stop_request_interrupts_a_ruleset_and_leaves_the_store_usable() {
    let mut store = Store::new();
    let stop = std::sync::Arc::new(conway_core::StopAfter::units(2048));
    store.set_progress(stop.clone());
    let board = "domineering(\".....|.....|.....|.....|.....\")";
    assert!(matches!(
        evaluate_text(&mut store, board),
        Err(PartizanError::Interrupted)
    ));
    assert!(stop.reports() >= 2);
    // The request is answered: later evaluations in the same store run and are right.
    let mut fresh = Store::new();
    let small = "domineering(\"...|...|...\")";
    let expected = evaluate_text(&mut fresh, small).map(|v| v.to_text(&mut fresh));
    let value = evaluate_text(&mut store, small);
    assert_eq!(value.map(|v| v.to_text(&mut store)), expected);
}

/// The sum of the switches ±1, …, ±n, written out.
fn switches(n: i64) -> String {
    (1..=n)
        .map(|i| format!("{{{i}|-{i}}}"))
        .collect::<Vec<_>>()
        .join("+")
}

/// A sum of hot games past the arithmetic budget is refused as too large, promptly, and
/// the store is left sound: what it answers next is what a fresh store answers.
#[test]
fn arithmetic_past_the_budget_is_refused_and_leaves_the_store_sound() {
    let mut store = Store::new();
    store.set_budget(20_000, 1 << 20);
    let refused = evaluate_text(&mut store, &switches(14));
    assert!(
        matches!(refused, Err(PartizanError::TooLarge { .. })),
        "{refused:?}"
    );
    for expr in [switches(6), "{3||2+*|1+*} + ^ + {1|-1}".to_string()] {
        let after = evaluate_text(&mut store, &expr).unwrap();
        let after = after.to_text(&mut store);
        let mut fresh = Store::new();
        let expected = evaluate_text(&mut fresh, &expr)
            .unwrap()
            .to_text(&mut fresh);
        assert_eq!(after, expected, "{expr}");
    }
    // The same budget counts new forms: a tight one refuses, a default store answers.
    let mut store = Store::new();
    store.set_budget(u64::MAX, 50);
    assert!(matches!(
        evaluate_text(&mut store, &switches(9)),
        Err(PartizanError::TooLarge { .. })
    ));
    assert!(evaluate_text(&mut Store::new(), &switches(9)).is_ok());
}

/// A report whose canonical form would print past the limit is refused before the text is
/// built; numbers about the same game are still answered.
#[test]
fn reports_too_long_to_print_are_refused_but_numbers_are_answered() {
    let mut store = Store::new();
    let sum = switches(20);
    let refused = evaluate_report(&mut store, &sum);
    assert!(
        matches!(&refused, Err(PartizanError::TooLarge { what, .. }) if what.contains("text")),
        "{refused:?}"
    );
    // ±1 + … + ±20 has Left's stop 1 + 2 + … + 20 − (alternate signs of the rest): Left
    // takes the biggest switch, Right the next, and so on.
    let stop = evaluate_report(&mut store, &format!("left_stop({sum})")).unwrap();
    assert_eq!(stop.value.as_deref(), Some("10"));
}

/// Each kind of expression whose work explodes — many hot games in one sum, large nimbers
/// beside hot games, long chains of ordinal sums — is stopped by the same budget, on a
/// store whose budget is set low enough for a unit test.
#[test]
fn every_blowup_class_is_stopped_by_the_budget() {
    let ordinal_chain = vec!["{1|-1}"; 40].join(":");
    for expr in [
        switches(16),
        "*1024+*1023+{1|-1}+{2|-2}".to_string(),
        ordinal_chain,
    ] {
        refused_within(&mut Store::new(), 100_000, &expr);
    }
}

/// Evaluates `expr` under a budget of `steps` and checks that it is refused as too large.
fn refused_within(store: &mut Store, steps: u64, expr: &str) {
    store.set_budget(steps, 1 << 20);
    let answer = evaluate_text(store, expr);
    assert!(
        matches!(answer, Err(PartizanError::TooLarge { .. })),
        "{expr}: {answer:?}"
    );
}

/// An evaluation refused under a tight budget leaves nothing wrong behind: with the
/// budget raised, the same store answers the same expression as a fresh store does, for
/// game arithmetic and for a ruleset.
#[test]
fn a_refused_evaluation_poisons_no_cache() {
    for expr in [
        switches(9),
        "domineering(\"....|....|....\") + {1|-1}".to_string(),
    ] {
        let mut store = Store::new();
        refused_within(&mut store, 300, &expr);
        store.set_budget(u64::MAX, usize::MAX);
        let again = evaluate_text(&mut store, &expr)
            .unwrap()
            .to_text(&mut store);
        let mut fresh = Store::new();
        let expected = evaluate_text(&mut fresh, &expr)
            .unwrap()
            .to_text(&mut fresh);
        assert_eq!(again, expected, "{expr}");
    }
}

/// A canonical form may print a nimber past the literal limit (the ordinal sum *520:*525 is
/// *1045): reading that text back is refused as too large, not as malformed, so a caller
/// can tell a limit from a mistake. Found by the expr_eval fuzz target.
#[test]
fn printed_nimbers_past_the_literal_limit_read_back_as_too_large() {
    let mut store = Store::new();
    let Ok(Value::Game(g)) = evaluate_text(&mut store, "*520:*525+0:5") else {
        panic!("a game");
    };
    let printed = canonical_text(&mut store, g);
    assert_eq!(printed, "5*1045");
    match evaluate_text(&mut store, &printed) {
        Err(e) => {
            assert_eq!(
                conway_core::Diagnostic::kind(&e),
                conway_core::ErrorKind::TooLarge
            );
            assert_eq!(e.column(), Some(1));
        }
        other => panic!("{other:?}"),
    }
}

/// CGSuite's arithmetic, from its test suite (github.com/aaron-siegel/cgsuite,
/// `lib/core/src/test/scala/org/cgsuite/lang/EvalTest.scala`, "process arithmetic
/// expressions", "process game operations" and "simplify properly"), with the operators set
/// apart from the numbers where Conway would otherwise read CGSuite's printed notation
/// (`3*5` is 3+*5 here; see `expr`).
#[test]
fn cgsuite_arithmetic() {
    let cases = [
        ("3 * 5", "15"),
        ("3 ^ 5", "243"),
        ("(1/2)^4", "1/16"),
        ("2^(-4)", "1/16"),
        ("3 ^ 2 ^ 2 ^ 2", "43046721"),
        ("0 - 1", "-1"),
        ("(1/2) * (3/4)", "3/8"),
        ("(*+*) * 3", "0"),
        ("2^(*+*)", "1"),
        ("10*(1+pow(^,2)+*4)", "{10||10,10v*|{10vv,10v*||||10v3*,10vv|||10v4,10v3*||10v5*,10v4|{10v6,10v5*||||10v7*,10v6|||10v8,10v7*||10v9*,10v8|10v10}}}"),
        ("9*(1+pow(^,2)+*4)", "{9,9*,9*2,9*3,9*4|{9*4,9v*5||||9vv*4,9v*5|||9v3*5,9vv*4||9v4*4,9v3*5|{9v5*5,9v4*4||||9v6*4,9v5*5|||9v7*5,9v6*4||9v8*4,9v7*5|9v9*5}}}"),
        ("5*{3||2|1}", "{12|||11||10,{11|10}|9Tiny({2|1})}"),
        // The sign binds looser than `^`, as in CGSuite and in mathematics.
        ("-2 ^ 2", "-4"),
        ("(-2) ^ 3", "-8"),
        ("(-1/2) ^ -3", "-8"),
        ("0 ^ 0", "1"),
        ("-3 * ^", "v3"),
        ("^ * -2", "vv"),
        // Lists, as CGSuite prints them.
        ("[]", "[]"),
        ("[1+1, *, [^ * 2]]", "[2,*,[^^]]"),
    ];
    for (input, expected) in cases {
        assert_eq!(eval(input), expected, "{input}");
    }
    // CGSuite answers "!!Overflow." and "!!/ by zero" here.
    assert!(eval_error("2^(2 ^ 100)").contains("the power a ^ b"));
    assert!(eval_error("0 ^ -1").contains("division by zero"));
    assert!(eval_error("3 ^ -1").contains("not a dyadic rational"));
    assert!(eval_error("(1/2) ^ (1/2)").contains("integer power"));
    assert!(eval_error("^ * ^").contains("conway_product"));
    assert!(eval_error("(1/2) * ^").contains("conway_product"));
    assert!(eval_error("^ ^ 2").contains("integer power"));
    assert!(eval_error("200000 * ^").contains("copies"));
    assert!(eval_error("[1] + 1").contains("a list is not a game"));
}

/// CGSuite's test suite (github.com/aaron-siegel/cgsuite,
/// `lib/core/src/test/scala/org/cgsuite/lang/GameTest.scala`, "Overheat" and "Subordinate").
#[test]
fn cgsuite_overheating_and_subordinates() {
    let cases = [
        ("overheat({3||2+*|1+*}, *, 1+*)", "{1||+-(1*)|-1,{-1|-3}}"),
        ("overheat(7/16, 0, 0)", "^[3]"),
        ("Overheat(-2, ^, 0)", "vv"),
        ("subordinate(1/8, 1)", "-3"),
        ("Subordinate(pow_to(^,5)+*, *)", "5"),
        ("subordinate(-13/16, -1)", "3/8"),
    ];
    for (input, expected) in cases {
        assert_eq!(eval(input), expected, "{input}");
    }
    assert!(eval_error("subordinate(*, 1)")
        .contains("That game cannot be subordinated to the specified base."));
    assert!(eval_error("overheat(200000, ^, 0)").contains("copies"));
}

/// The glued forms keep their printed meaning, and the report says how CGSuite's interpreter
/// would read them.
#[test]
fn printed_arithmetic_keeps_its_printed_meaning_with_a_note() {
    let mut store = Store::new();
    let r = evaluate_report(&mut store, "3*5").expect("valid");
    assert_eq!(r.game.as_ref().expect("a game").canonical, "3*5");
    assert_eq!(r.notes.len(), 1);
    assert!(r.notes[0].contains("'3 * 5'"), "{:?}", r.notes);
    let json = serde_json::to_value(&r).expect("serializes");
    assert!(json["notes"][0].as_str().expect("text").contains("product"));
    let r = evaluate_report(&mut store, "3 * 5").expect("valid");
    assert_eq!(r.game.as_ref().expect("a game").canonical, "15");
    assert!(r.notes.is_empty());
    let json = serde_json::to_value(&r).expect("serializes");
    assert!(json.get("notes").is_none());
}

/// A recursion deeper than its thread's stack is refused (TooDeep), not overflowed, on a
/// small stack; the same store then answers the same expression on the stack the front
/// ends give evaluations, as a fresh store does (the refusal left nothing wrong behind).
#[test]
fn deep_games_are_refused_on_a_small_stack_and_answered_on_the_evaluation_stack() {
    let expressions = [
        "conjunctive_sum(100000*{0|*}, 100000*{0|*})",
        "stop_count(100000*{0|*})",
        "reduced(100000*{0|*}+{1|-1})",
    ];
    let store = std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(move || {
            let mut store = Store::new();
            for expr in expressions {
                let answer = evaluate_text(&mut store, expr);
                assert!(
                    matches!(&answer, Err(e) if e.is_too_deep()),
                    "{expr}: {answer:?}"
                );
            }
            store
        })
        .expect("a thread")
        .join()
        .expect("no overflow");
    let answers = std::thread::Builder::new()
        .stack_size(conway_partizan::stack::EVALUATION_STACK)
        .spawn(move || {
            let mut store = store;
            let mut fresh = Store::new();
            expressions.map(|expr| {
                let again = evaluate_text(&mut store, expr).expect("deep enough");
                let expected = evaluate_text(&mut fresh, expr).expect("deep enough");
                (again.to_text(&mut store), expected.to_text(&mut fresh))
            })
        })
        .expect("a thread")
        .join()
        .expect("no overflow");
    for (again, expected) in &answers {
        assert_eq!(again, expected);
    }
    assert_eq!(answers[0].0, "^100000");
    assert_eq!(answers[1].0, "100003");
}

/// CGSuite's misère test expectations, as `eval` expressions (lib/core/src/test/scala/org/
/// cgsuite/lang/MisereCanonicalGameTestCase.scala, GameTest.scala and EvalTest.scala; the
/// method `(x).Genus` is written `genus(x)`).
#[test]
fn misere_forms_as_cgsuite_prints_them() {
    let cases = [
        ("*[3]", "*[3]"),
        ("*[[2],0]", "*[2#0]"),
        ("*[4,2]", "*[42]"),
        ("*[[4,2],4,3,1]", "*[(42)431]"),
        ("*[[2],2,1,0]", "*[2#210]"),
        ("*[[*[4] + *[2]]]", "*[4[2#]]"),
        ("*[2]+*[2]", "*[2[2]]"),
        ("*[[*[2]+*[[2]]]]", "*[2[#2#]]"),
        (
            "partitions(*[[*[4] + *[2]]])",
            "[[*[2],*[4[2#-2]]],[*[4],*[4[2#-4]]]]",
        ),
        (
            "parts(*[[*[2]+*[[2]]]])",
            "[*[2],*[2[#2#-2]],*[2#],*[2[2]],*[2[#2#-2-2]],*[2[#-2]],*[2[#2]]]",
        ),
        (
            "*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]",
            "*[((2#0)2[#1]2#)(2#1)[1]]",
        ),
        (
            "options(*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]])",
            "[*[(2#1)[1]],*[(2#0)2[#1]2#]]",
        ),
        ("genus(*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]])", "0^120"),
        ("mate(*[[[2]],[[[2],0],0,1]])", "*[((2#1)10)2##]"),
        ("genus(*[[2],1])", "2^1420"),
        ("misere_nim_value(*[[2],0])", "2"),
        ("nim_value(*[[2],1])", "2"),
        ("misere_outcome(*[[2]])", "P"),
        ("birthday(*[[*[2]+*[[2]]]])", "6"),
        ("is_even(*[1])", "false"),
        ("is_restless(*[[2],1])", "true"),
        ("is_half_tame(*[[[2],2,0],[[2],3],1])", "true"),
        ("is_tameable(*[[[2]],[[2],1]])", "true"),
        ("is_prime(*[[2]])", "false"),
        ("is_extraverted(*[[2],0])", "false"),
        ("is_introverted(*[0])", "true"),
        ("is_nim_heap(*[2])", "true"),
    ];
    for (input, expected) in cases {
        assert_eq!(eval(input), expected, "{input}");
    }
    // GameTest.scala's binary methods, written as functions.
    assert_eq!(eval("distinguisher(*[[2]], *[2]+*[2])"), "*[(2#1)21]");
    assert_eq!(eval("is_linked_to(*[[[2]]], *[2]+*[2])"), "true");
    assert_eq!(eval("is_linked_to(*[[[2]]], *[[2]])"), "false");
    assert_eq!(eval("link(*[[[2]]], *[2]+*[2])"), "*[((2#1)21)32]");
    assert!(eval_error("link(*[[[2]]], *[[2]])")
        .ends_with("Those misere games are not linked: *[2##], *[2#]"));
    assert_eq!(eval("misere_minus(*[[[2]]], *[[2]])"), "*[2[##-2]0]");
    assert!(eval_error("misere_minus(*[[[2]]], *[[4]])")
        .ends_with("Those misere games are not subtractable: *[2##], *[4#]"));
}

/// Forms as CGSuite prints them read back to themselves; the list syntax reads `*[42]` as
/// the heap of size 42, as CGSuite does, so that printed form is the one that does not.
#[test]
fn printed_misere_forms_read_back() {
    for printed in [
        "*[2#]",
        "*[2##]",
        "*[2[2]]",
        "*[2[#-2]]",
        "*[2[##-2]0]",
        "*[(2[##-2]0)[2]]",
        "*[2[#2#-2-2]]",
        "*[(2#1)21]",
        "*[((2#0)2[#1]2#)(2#1)[1]]",
        "*[(((2[2]21)[2](2[2]21)20)(2[2]21)3)((2[2]21)[2](2[2]21)20)(2[2]21)[1]2[2]1]",
        "*[&10;]",
    ] {
        assert_eq!(eval(printed), printed);
    }
    assert_eq!(eval("*[42]"), "*[&42;]");
    assert_eq!(eval("*[(42)]"), "*[42]");
}

#[test]
fn misere_errors_are_located() {
    assert_eq!(
        eval_error("*[\"foo\"]"),
        "column 3: a string can only be a whole argument of a function, e.g. hackenbush(\"lrl\")"
    );
    assert_eq!(
        eval_error("1 + *[2]"),
        "column 3: a misère game *[…] adds only to misère games"
    );
    assert_eq!(
        eval_error("*[{1|0}]"),
        "column 3: a misère game's elements are heap sizes, lists of options or misère games *[…]"
    );
    assert_eq!(
        eval_error("*[2[#-4]]"),
        "column 7: *[4] is not a part of the game before it"
    );
    assert!(eval_error("*[5000]").contains("more than the limit of 1024"));
    assert!(eval_error("genus(*2)").starts_with("column 7: genus takes misère games"));
    assert_eq!(
        eval_error("temperature(*[2])"),
        "column 13: a misère game *[…]: this needs a partizan game in normal play"
    );
}

/// CGSuite's misère outcome classes of short games (CanonicalShortGameTestCase.scala), and
/// of a sum played out by hand: in 5 Right, who cannot move, wins moving first and Left,
/// moving to 4, leaves Right without a move.
#[test]
fn misere_outcomes_of_short_games() {
    for (game, outcome) in [
        ("0", "N"),
        ("5", "R"),
        ("-1823437481924", "L"),
        ("-1/2", "L"),
        ("25/16", "R"),
        ("*8", "N"),
        ("9/8+*", "R"),
        ("^", "R"),
        ("v*", "R"),
        ("6+^*", "R"),
        ("^*6", "P"),
        ("73/16+v9*8", "R"),
        ("{0|*||*|||*||||*}", "R"),
        ("{0||0|v*}", "R"),
        ("{0||0|vvv}", "R"),
        ("{^^^|vv}", "R"),
        ("{0||0|-3/2}", "R"),
        ("{0|||0||-1|-3}", "R"),
        ("{5||3|1|||0||||0}", "L"),
        ("{1|^^||^}", "R"),
        ("{1|^^^||^}", "R"),
        ("{3||2+*|1+*}", "R"),
        ("{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", "R"),
    ] {
        assert_eq!(eval(&format!("misere_outcome({game})")), outcome, "{game}");
    }
}

/// A ruleset position is played on its own moves: the 2×3 Domineering board, whose canonical
/// form {2|-1/2} is a misère P-position, is won by Left either way in misère play (checked
/// against a search of the boards themselves in `misere_play`).
#[test]
fn misere_outcomes_of_ruleset_positions() {
    assert_eq!(eval("domineering(\"...|...\")"), "{2|-1/2}");
    assert_eq!(eval("misere_outcome({2|-1/2})"), "P");
    assert_eq!(eval("misere_outcome(domineering(\"...|...\"))"), "L");
    assert_eq!(eval("misere_outcome(domineering(\"....|....\"))"), "N");
    assert_eq!(
        eval("misere_outcome(domineering(\"..\") + domineering(\".|.\"))"),
        "N"
    );
}

/// A searched outcome reports each starter's winning first move with the position it
/// leaves, two squares changed, where the same player wins with the other to move. Both
/// searches: the Domineering bitboards (7 × 7, a first-player win) and the general one
/// (a Clobber row of 18 stones, past the value's limit).
#[test]
fn a_searched_outcome_names_winning_first_moves_by_the_positions_they_leave() {
    let seven = format!(
        "domineering(\"{}\")",
        vec![".......".to_string(); 7].join("|")
    );
    let row = "clobber(\"xoxoxoxoxoxoxoxoxo\")".to_string();
    for position in [seven, row] {
        let mut store = Store::new();
        let report =
            evaluate_report(&mut store, &format!("outcome({position})")).expect("searched");
        assert_eq!(report.value.as_deref(), Some("N"));
        let search = report.search.expect("a search report");
        assert_eq!(search.starts().count(), 2);
        for (starter, start) in search.starts() {
            let left = starter == conway_partizan::Player::Left;
            assert_eq!(start.winning_moves.len(), 1);
            assert_eq!(start.winning_positions.len(), 1);
            let to = &start.winning_positions[0];
            let changed = position
                .chars()
                .zip(to.chars())
                .filter(|(a, b)| a != b)
                .count();
            assert_eq!(changed, 2, "{position} to {to}");
            // The mover's win with the other to move: its own class, or the second player's.
            let class = eval(&format!("outcome({to})"));
            let won = if left { ["L", "P"] } else { ["R", "P"] };
            assert!(won.contains(&class.as_str()), "{position} to {to}: {class}");
        }
    }
}

/// `outcome` of a lone ruleset position is searched, not valued: it agrees with the
/// outcome of the value (`+ 0` makes the argument a sum, which is valued), and answers boards
/// past the canonical form's limits.
#[test]
fn the_outcome_of_a_ruleset_position_is_searched() {
    for position in [
        "domineering(\"...|...|...\")",
        "domineering(\"#..|...|..#\")",
        "domineering(\"....................\")",
        "clobber(\"xoxo|oxox|xoxo\")",
        "konane(\"xoxo|o.ox|xoxo\")",
        "cram(\"....|....|.##.\")",
        "col(\"x...|....|...o\")",
        "snort(\"....|....\")",
        "nogo(\"...|.x.|...\")",
        "amazons(\"x..|..o\")",
        "toads_and_frogs(\"tt.t..f.ff\")",
        "ToadsAndFrogs(\"t..f\")",
    ] {
        assert_eq!(
            eval(&format!("outcome({position})")),
            eval(&format!("outcome({position} + 0)")),
            "{position}"
        );
    }
    // Past the canonical form's limits, where a mirror strategy decides: Clobber groups of
    // 17 stones, a row and its negative (the second player copies the first, colours
    // swapped), and Cram on two 3 × 7 rectangles side by side (42 empty squares; the second
    // player copies the first in the other rectangle).
    let mirrored = "xoxoxoxoxoxoxoxox.oxoxoxoxoxoxoxoxo";
    assert!(eval_error(&format!("clobber(\"{mirrored}\")")).contains("limit"));
    assert_eq!(eval(&format!("outcome(clobber(\"{mirrored}\"))")), "P");
    let long = [".......#......."; 3].join("|");
    assert!(eval_error(&format!("cram(\"{long}\")")).contains("36"));
    assert_eq!(eval(&format!("outcome(cram(\"{long}\"))")), "P");
    // A mistake in the board is placed in the whole input.
    assert!(eval_error("outcome(clobber(\"xo|q\"))").starts_with("column 21"));
}

/// A variant depends on the form: of a ruleset's position it is played on the position's
/// moves, of any other game on its canonical form, and the two differ. Cram is Domineering's
/// impartial variant (Winning Ways, ch. 13: the region `.........|##.######` is *4 in
/// Cram).
#[test]
fn variants_of_positions_and_of_forms() {
    assert_eq!(eval("domineering(\"...|..#\")"), "+-1");
    assert_eq!(eval("dicotic_variant(domineering(\"...|..#\"))"), "*2");
    assert_eq!(eval("dicotic_variant(+-1)"), "*");
    assert_eq!(
        eval("impartial_variant(domineering(\".........|##.######\"))"),
        eval("cram(\".........|##.######\")")
    );
    assert_eq!(
        eval("ImpartialVariant(cram(\"...|...\"))"),
        eval("cram(\"...|...\")")
    );
    assert_eq!(eval("twisted_variant(5)"), "1");
    // Impartial rulesets are their own variants.
    assert_eq!(eval("twisted_variant(take_and_break(\"0.77\", 9))"), "*4");
}

#[test]
fn variants_of_sums_with_positions_and_of_loopy_rulesets_are_refused() {
    let column = |text: &str| match eval_err(text) {
        PartizanError::Located { column, .. } | PartizanError::Parse { column, .. } => column,
        other => panic!("{text}: {other} has no column"),
    };
    let sum = "dicotic_variant(domineering(\"..\") + *)";
    let message = eval_error(sum);
    assert!(
        message.contains("of a sum with a ruleset's position"),
        "{message}"
    );
    assert_eq!(column(sum), column_of(sum, '+'));
    let loopy = eval_error("twisted_variant(fox_and_geese(\"x.x.x.x.|...o....\"))");
    assert!(loopy.contains("variants are of short games"), "{loopy}");
    // A bad position is located in the whole input, once.
    let bad = "impartial_variant(domineering(\"..|.\"))";
    assert_eq!(columns_named(&eval_error(bad)), 1);
    assert!(column(bad) > "impartial_variant(".len());
}

/// The impartial variant of a searched ruleset's position is valued by the mex rule on its
/// positions, past the canonical forms' limits (16 stones in a Clobber group, 12 empty NoGo
/// points): MCGS's corpus records these nim values (github.com/ualberta-mueller-group/MCGS,
/// `input/impartial/impartial-easy/impartial_clobber_1xn_xo.test` and
/// `impartial_nogo_1xn_empty_easy.test`).
#[test]
fn impartial_variants_past_the_canonical_forms_are_nim_values() {
    for (pairs, value) in [(20, "0"), (21, "8"), (22, "4"), (24, "1"), (25, "3")] {
        let strip = "xo".repeat(pairs);
        assert!(eval_error(&format!("clobber(\"{strip}\")")).contains("limit"));
        let asked = format!("nim_value(impartial_variant(clobber(\"{strip}\")))");
        assert_eq!(eval(&asked), value, "{pairs} pairs");
    }
    let points = ".".repeat(15);
    assert_eq!(eval(&format!("impartial_variant(nogo(\"{points}\"))")), "*");
    assert_eq!(
        eval(&format!(
            "impartial_variant(domineering(\"{}\"))",
            ".".repeat(100)
        )),
        eval(&format!("cram(\"{}\")", ".".repeat(100)))
    );
}
