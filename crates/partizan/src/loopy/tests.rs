//! Loopy values against CGSuite's published outputs and against retrograde analysis.

use super::*;
use crate::loopy::print::loopy_text;

fn text(value: &Loopy, store: &mut Store) -> String {
    loopy_text(value, store).unwrap()
}

#[test]
fn constants_print_as_cgsuite_prints_them() {
    let mut store = Store::new();
    for (graph, expected) in [
        (Graph::on(), "on"),
        (Graph::off(), "off"),
        (Graph::over(), "over"),
        (Graph::under(), "under"),
        (Graph::dud(), "dud"),
    ] {
        let value = Loopy::from_graph(&graph, &mut store).unwrap();
        assert_eq!(text(&value, &mut store), expected);
    }
}

/// Each input whose value does not print as expected, with what it printed.
fn mismatches(checks: impl IntoIterator<Item = (String, String)>) -> Vec<String> {
    checks
        .into_iter()
        .filter_map(|(input, expected)| {
            let got = eval(&input);
            (got != expected).then(|| format!("{input}\n   expected {expected}\n   got      {got}"))
        })
        .collect()
}

fn assert_none(failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{}:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn eval(text: &str) -> String {
    let mut store = Store::new();
    match crate::eval::evaluate_text(&mut store, text) {
        Ok(v) => v.to_text(&mut store),
        Err(e) => format!("error: {e}"),
    }
}

/// CGSuite's test suite (github.com/aaron-siegel/cgsuite, `lib/core/src/test/scala/org/
/// cgsuite/lang/`): the loopy game specifiers and operations of `EvalTest.scala`, and the
/// forms of `CanonicalStopperTestCase.scala` and `SidedValueTestCase.scala`, input and
/// output as CGSuite prints them.
#[test]
fn cgsuite_loopy_outputs_character_for_character() {
    let cases = [
        // EvalTest: loopy game specifiers
        ("on", "on"),
        ("off", "off"),
        ("{pass|pass}", "dud"),
        ("over", "over"),
        ("under", "under"),
        (
            "[{pass|*},{pass,0|0},{*|pass},{0|0,pass}]",
            "[^[on],^[on]*,v[on],v[on]*]",
        ),
        (
            "[{0||0|0,pass},{0,*||*|pass},{0,pass|0||0},{pass|*||0,*}]",
            "[^<on>,^<on>*,v<on>,v<on>*]",
        ),
        ("over+5", "5over"),
        ("under+5", "5under"),
        (
            "[5+{pass|*},5+{pass,0|0},5+{*|pass},5+{0|0,pass}]",
            "[5^[on],5^[on]*,5v[on],5v[on]*]",
        ),
        (
            "[5+{0||0|0,pass},5+{0,*||*|pass},5+{0,pass|0||0},5+{pass|*||0,*}]",
            "[5^<on>,5^<on>*,5v<on>,5v<on>*]",
        ),
        ("over+^", "over"),
        ("5+over", "5over"),
        ("over-5", "-5over"),
        ("over & v", "over & v"),
        ("x{0|x}", "over"),
        ("x{x|0}", "under"),
        ("x{0||||0|||x|*||*}", "a{0||||0|||a|*||*}"),
        ("+-{0|{0||0|0,pass}}", "+-{0|^<on>}"),
        (
            "+-{{0|{0||0|0,pass}},{0|{0||0|0,pass}+*}}",
            "+-{{0|^<on>},{0|^<on>*}}",
        ),
        ("a{1||a|0}", "2 & +-1"),
        ("{2&-2|1&-2}", "{2|1} & -2*"),
        (
            "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}",
            "a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}",
        ),
        (
            "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}+1",
            "a{2|2,{2*|a||1*}||1} & a{1,{2|||2*|a||1*}|1}",
        ),
        // EvalTest: game operations and simplification
        ("10*{pass|*}", "{0|{0||||0|||0||0|{0||||0|||0||0|^[on]*}}}"),
        (
            "9*({pass|*} & v)",
            "{0||||0|||0||0|{0||||0|||0||0|^[on]}} & v9",
        ),
        ("+-({0||0|0,pass}+*)", "0"),
        // CanonicalStopperTestCase
        ("{pass|3/2}", "3/2under"),
        ("{-1/4+*|pass}", "-1/4v[on]"),
        ("{0|{0||0|0,pass}||-{0||0|0,pass}}", "{0|^<on>||v<on>}"),
        ("{0|||0||0|off}", "{0|Tiny(on)}"),
        ("{on|0||0}", "Miny(on)"),
        ("{0||0|under}", "Tiny(over)"),
        ("+-{0|pass}", "+-over"),
        ("+-{5|pass}", "+-(5over)"),
        ("a{0||||0|||a|*||*}", "a{0||||0|||a|*||*}"),
        (
            "{0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}|-2}}}",
            "{0|{0||||-1|||-1*,a{0||0|a|||-1*||||-1*}||-2|b{-2,{-1,-1*||-1*|b|||-2}|-2}}}",
        ),
        (
            "a{0|{0||||0,*2|||a|0||0}||0}",
            "a{0|{0||||0,*2|||a|0||0}||0}",
        ),
        // SidedValueTestCase
        ("dud", "dud"),
        ("a{{|a}|}", "1 & 0"),
        ("{0|{dud|},*}", "^ & v*"),
    ];
    let failures = mismatches(cases.iter().map(|(i, e)| (i.to_string(), e.to_string())));
    assert!(
        failures.is_empty(),
        "{} of {}:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// A value whose sides are not stoppers has no simplest form, so its printed graph depends on
/// how it was simplified, and Conway's differs from CGSuite's here; but the two are the same
/// value, side by side. CGSuite's output: `EvalTest.scala`, "integer * sided".
#[test]
fn three_carousels_equal_cgsuites_form() {
    let cgsuite = "{a{2*|||2|2,{a|1*}||1}|2||c{2|b{1|1,{1*||b|0|||*}},{2*|c,d{1*|||1|1,{d|*}||0}||0}||1}} & {0||0|a{1*||0,{1|a}|0|||*}}";
    assert_eq!(
        eval(&format!(
            "3*a{{0,{{1|1,{{*,{{1+*|1+*,a}}|*}}}}|0}} == ({cgsuite})"
        )),
        "true"
    );
    assert_eq!(
        eval(&format!(
            "2*a{{0,{{1|1,{{*,{{1+*|1+*,a}}|*}}}}|0}} == ({cgsuite})"
        )),
        "false"
    );
}

/// The properties of CGSuite's stopper test cases (`CanonicalStopperTestCase.scala`): for
/// each input, its outcome class, whether it is a plumtree, a pseudonumber and idempotent,
/// its stops and its degree, as CGSuite prints them; every one is a stopper, its own onside
/// and offside, and not loopfree.
#[test]
fn cgsuite_stopper_properties() {
    // (input, printed, outcome, plumtree, pseudonumber, idempotent, left stop, right stop, degree)
    let cases = [
        ("on", "on", "L", true, true, true, "on", "on", "on"),
        ("off", "off", "R", true, true, true, "off", "off", "on"),
        (
            "over", "over", "L", true, true, true, "over", "over", "over",
        ),
        (
            "{pass|3/2}",
            "3/2under",
            "L",
            true,
            true,
            false,
            "3/2under",
            "3/2under",
            "over",
        ),
        (
            "{-1/4+*|pass}",
            "-1/4v[on]",
            "R",
            true,
            false,
            false,
            "-1/4",
            "-1/4",
            "^<on>",
        ),
        (
            "{0|{0||0|0,pass}||-{0||0|0,pass}}",
            "{0|^<on>||v<on>}",
            "N",
            true,
            false,
            false,
            "0",
            "0",
            "^<on>",
        ),
        (
            "{0|||0||0|off}",
            "{0|Tiny(on)}",
            "L",
            true,
            false,
            false,
            "0",
            "0",
            "{0||||0|||Miny(on)|0||off}",
        ),
        (
            "{on|0||0}",
            "Miny(on)",
            "R",
            true,
            false,
            true,
            "0",
            "0",
            "Tiny(on)",
        ),
        (
            "{0||0|under}",
            "Tiny(over)",
            "L",
            true,
            false,
            true,
            "0",
            "0",
            "Tiny(over)",
        ),
        (
            "+-{0|pass}",
            "+-over",
            "N",
            true,
            false,
            false,
            "over",
            "under",
            "over",
        ),
        (
            "+-{5|pass}",
            "+-(5over)",
            "N",
            true,
            false,
            false,
            "5over",
            "-5under",
            "over",
        ),
        (
            "a{0||||0|||a|*||*}",
            "a{0||||0|||a|*||*}",
            "L",
            false,
            false,
            false,
            "0",
            "0",
            "{0|a{0|0,{0|||a|0||0}}}",
        ),
        (
            "a{0|{0||||0,*2|||a|0||0}||0}",
            "a{0|{0||||0,*2|||a|0||0}||0}",
            "N",
            false,
            false,
            false,
            "0",
            "0",
            "a{0||0|{0|a||0,*2|||0||||0}}",
        ),
    ];
    let mut failures = Vec::new();
    for (x, printed, outcome, plumtree, pseudo, idempotent, left, right, degree) in cases {
        let checks = [
            (x.to_string(), printed.to_string()),
            (format!("outcome({x})"), outcome.to_string()),
            (format!("is_plumtree({x})"), plumtree.to_string()),
            (format!("is_pseudonumber({x})"), pseudo.to_string()),
            (format!("is_idempotent({x})"), idempotent.to_string()),
            (format!("left_stop({x})"), left.to_string()),
            (format!("right_stop({x})"), right.to_string()),
            (format!("degree({x})"), degree.to_string()),
            (format!("is_stopper({x})"), "true".to_string()),
            (format!("is_stopper_sided({x})"), "true".to_string()),
            (format!("is_loopfree({x})"), "false".to_string()),
            (format!("onside({x})"), printed.to_string()),
            (format!("offside({x})"), printed.to_string()),
        ];
        failures.extend(mismatches(checks));
    }
    assert_none(&failures);
}

/// CGSuite's sided test cases (`SidedValueTestCase.scala`): outcome classes, sides, and
/// whether the sides are stoppers.
#[test]
fn cgsuite_sided_properties() {
    // (input, outcome, stopper-sided, onside, offside)
    let cases = [
        ("dud", "D", true, "on", "off"),
        ("a{{|a}|}", "PHat", true, "1", "0"),
        ("{0|{dud|},*}", "NHat", true, "^", "v*"),
        ("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}", "N", false, "", ""),
    ];
    let mut failures = Vec::new();
    for (x, outcome, stopper_sided, onside, offside) in cases {
        let mut checks = vec![
            (format!("outcome({x})"), outcome.to_string()),
            (format!("is_stopper_sided({x})"), stopper_sided.to_string()),
            (format!("is_stopper({x})"), "false".to_string()),
            (format!("is_plumtree({x})"), "false".to_string()),
            (format!("is_pseudonumber({x})"), "false".to_string()),
            (format!("is_loopfree({x})"), "false".to_string()),
        ];
        if stopper_sided {
            checks.push((format!("onside({x})"), onside.to_string()));
            checks.push((format!("offside({x})"), offside.to_string()));
        }
        failures.extend(mismatches(checks));
    }
    assert_none(&failures);
}
