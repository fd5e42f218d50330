//! The impartial limits of the README kept as promises: each case that once ran for minutes
//! (quoted in the comments) answers at its limit, with the summary output the README
//! documents. The work bounds themselves are asserted by the library's unit tests, by
//! counting; the timeouts here are only a backstop, generous enough for a debug build.

use std::time::Duration;

use assert_cmd::Command;

mod common;
use serde_json::Value;

fn conway() -> Command {
    let mut cmd = Command::cargo_bin("conway").expect("the conway binary is built");
    cmd.timeout(Duration::from_secs(300));
    cmd
}

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = conway().args(args).output().expect("runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `solve subtraction --set 1048576 10` took 547 s and printed 8.4 MB (the period's
/// 2,097,152 values, twice): now a summary, with every value behind `--values`.
#[test]
fn the_largest_subtraction_is_summarised() {
    let (code, text, _) = run(&["solve", "subtraction", "--set", "1048576", "10"]);
    assert_eq!(code, Some(0));
    assert!(text.len() < 2_000, "{} bytes", text.len());
    assert!(text.contains("period               2097152\n"), "{text}");
    assert!(
        text.contains("period values first  0 0 0 0 0 0 0 0\n"),
        "{text}"
    );
    assert!(
        text.contains("(2097152 values; --values lists them all)"),
        "{text}"
    );
    let (code, json, _) = run(&[
        "solve",
        "subtraction",
        "--set",
        "1048576",
        "10",
        "3145729",
        "--json",
    ]);
    assert_eq!(code, Some(0));
    let v: Value = common::answer_json("solve", json.as_bytes());
    assert!(v.get("period_values").is_none());
    assert_eq!(v["period_values_last"][7], "1");
    assert_eq!(v["heap_values"], serde_json::json!(["0", "*"]));
    let (code, all, _) = run(&["solve", "subtraction", "--set", "1048576", "10", "--values"]);
    assert_eq!(code, Some(0));
    let listed = all
        .lines()
        .find(|l| l.starts_with("period values "))
        .expect("the period's values");
    assert_eq!(
        listed.split(' ').filter(|v| *v == "0" || *v == "1").count(),
        2_097_152
    );
}

/// `solve kayles 100000` took 14 s and 3·10^5 over a minute (quadratic); a million pins,
/// the limit, and Dawson's Kayles (whose sequence was quadratic too) answer at once.
#[test]
fn kayles_at_the_limit() {
    for game in ["kayles", "dawsons-kayles"] {
        let (code, text, err) = run(&["solve", game, "1000000", "999999", "--json"]);
        assert_eq!(code, Some(0), "{err}");
        let v: Value = common::answer_json("solve", text.as_bytes());
        assert!(v["winning_moves"].as_array().is_some_and(|m| !m.is_empty()));
    }
    let (code, _, err) = run(&["solve", "kayles", "1000001"]);
    assert_eq!(code, Some(2), "{err}");
}

/// `solve heap 0.8 10000` ran past two minutes (values of 0.8 grow with the heap, and its
/// three-heap splits cost cubic time): the limit for such codes is 2^13 heaps, refused
/// beyond, and answered below it.
#[test]
fn three_heap_splits_are_refused_past_their_limit() {
    let (code, _, err) = run(&["solve", "heap", "0.8", "10000"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("more than the limit of 8191"), "{err}");
    let (code, _, err) = run(&["grundy", "0.8", "--to", "8192"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("8192 heaps"), "{err}");
    let (code, text, err) = run(&["solve", "heap", "0.8", "300", "--json"]);
    assert_eq!(code, Some(0), "{err}");
    let v: Value = common::answer_json("solve", text.as_bytes());
    assert_eq!(v["outcome"], "N");
}

/// A misère position past both the quotient's reach and the search's move budget is refused
/// cleanly (exit 2, naming the budget and how far the quotient went) instead of running for
/// minutes; one the quotient reaches is answered at once, however large.
#[test]
fn misere_search_refuses_past_its_budget() {
    let (code, _, err) = run(&["solve", "heap", "0.07", "1000", "3", "--misere"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("more than 16777216 moves"), "{err}");
    assert!(
        err.contains("misère quotient was found only to heap"),
        "{err}"
    );
    let (code, text, err) = run(&["solve", "kayles", "60", "1000000", "--misere", "--json"]);
    assert_eq!(code, Some(0), "{err}");
    let v: Value = common::answer_json("solve", text.as_bytes());
    assert!(
        v["quotient"]
            .as_str()
            .is_some_and(|q| q.starts_with("|Q| = 40")),
        "{v}"
    );
}

/// A ruleset search past its budget is refused as too large (exit 2, JSON error), and a
/// board past the notation's limit is refused before any search, the mistake located.
#[test]
fn ruleset_searches_keep_their_budget_and_limits() {
    // 16 × 16 is the largest board searched (8 × 8 for NoGo): one look at its moves tells the
    // search the board is big, whatever its game tree.
    for (game, board) in [
        ("clobber", "16x16"),
        ("cram", "16x16"),
        ("col", "16x16"),
        ("snort", "16x16"),
        ("nogo", "8x8"),
    ] {
        let (code, text, _) = run(&["solve", game, board, "--budget", "100", "--json"]);
        assert_eq!(code, Some(2), "{game}: {text}");
        let v: Value = common::answer_json("solve", text.as_bytes());
        assert_eq!(v["error"]["kind"], "too_large", "{game}: {text}");
    }
    let (code, _, err) = run(&["solve", "clobber", "17x16"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("limit"), "{err}");
    let (code, _, err) = run(&["solve", "konane", "xo|oq"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("column 5") && err.contains("'q'"), "{err}");
    let (code, text, _) = run(&["solve", "toads-and-frogs", &"t.f".repeat(100)]);
    assert_eq!(code, Some(2), "{text}");
}
