//! The `conway` binary at its edges: every numeric option validated, errors a script can read
//! (`--json` makes every outcome one JSON object, clap's own errors included), clap's help
//! kept in one-line messages, `-` for standard input wherever a file is read, and the same
//! bytes with one thread or two.

use std::path::Path;

mod common;

use common::{conway, succeeded};
use serde_json::Value;

/// What a run printed and how it ended.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn run_in(dir: Option<&Path>, args: &[&str], stdin: Option<&str>) -> Run {
    let mut cmd = conway();
    cmd.args(args);
    if let Some(dir) = dir {
        cmd.current_dir(dir);
    }
    if let Some(input) = stdin {
        cmd.write_stdin(input);
    }
    let out = cmd.output().expect("runs");
    Run {
        code: out.status.code(),
        stdout: String::from_utf8(out.stdout).expect("utf-8 stdout"),
        stderr: String::from_utf8(out.stderr).expect("utf-8 stderr"),
    }
}

fn run(args: &[&str]) -> Run {
    run_in(None, args, None)
}

/// Runs `args` in `dir` reading the file `name` (written there holding `content`), then again
/// with `-` in its place and `content` on standard input.
fn from_file_and_stdin(dir: &Path, args: &[&str], name: &str, content: &str) -> (Run, Run) {
    std::fs::write(dir.join(name), content).expect("written");
    let dashed: Vec<&str> = args
        .iter()
        .map(|a| if *a == name { "-" } else { a })
        .collect();
    (
        run_in(Some(dir), args, None),
        run_in(Some(dir), &dashed, Some(content)),
    )
}

/// A refused command line without `--json`: exit 2, nothing on stdout, one line on stderr
/// starting `conway: `; returns the line.
fn refused(args: &[&str]) -> String {
    let r = run(args);
    assert_eq!(r.code, Some(2), "{args:?}: {}", r.stderr);
    assert!(r.stdout.is_empty(), "{args:?}: {}", r.stdout);
    assert_eq!(
        r.stderr.trim_end().lines().count(),
        1,
        "{args:?}: {}",
        r.stderr
    );
    assert!(r.stderr.starts_with("conway: "), "{args:?}: {}", r.stderr);
    r.stderr
}

/// The one JSON object of a run's stdout; fails when there is anything else.
fn one_object(args: &[&str], stdout: &str) -> Value {
    let mut values = serde_json::Deserializer::from_str(stdout).into_iter::<Value>();
    let first = values
        .next()
        .unwrap_or_else(|| panic!("{args:?}: no JSON on stdout"))
        .unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {stdout}"));
    assert!(
        values.next().is_none(),
        "{args:?}: more than one value: {stdout}"
    );
    assert!(first.is_object(), "{args:?}: {stdout}");
    let command = args.iter().find(|a| !a.starts_with('-')).unwrap_or(&"");
    if let Some(schema) = common::schema_of(command, &first) {
        common::check_against(command, &schema, &first);
    }
    first
}

/// A refused command line with `--json`: exit `code`, stderr empty, and stdout exactly one
/// error object of the contract's shape; returns the `error` member.
fn json_error(dir: Option<&Path>, args: &[&str], code: i32) -> Value {
    let r = run_in(dir, args, None);
    assert_eq!(r.code, Some(code), "{args:?}: {} {}", r.stdout, r.stderr);
    assert!(r.stderr.is_empty(), "{args:?}: {}", r.stderr);
    let v = one_object(args, &r.stdout);
    let error = v["error"].clone();
    let kinds = [
        "parse",
        "invalid_input",
        "too_large",
        "io",
        "interrupted",
        "internal",
        "usage",
    ];
    assert!(
        kinds.contains(&error["kind"].as_str().unwrap_or("")),
        "{args:?}: {v}"
    );
    let message = error["message"].as_str().expect("a message");
    assert!(!message.is_empty() && !message.contains('\n'), "{args:?}");
    for place in ["line", "column"] {
        assert!(
            error[place].is_null() || error[place].is_u64(),
            "{args:?}: {v}"
        );
    }
    assert_eq!(v.as_object().map(|o| o.len()), Some(1), "{args:?}: {v}");
    error
}

#[test]
fn checkpoint_every_accepts_spans_and_inf_refuses_nan_and_negatives() {
    let dir = tempfile::tempdir().expect("scratch");
    let file = dir.path().join("f");
    let f = file.to_str().expect("utf-8 path");
    let grundy = |every: &'static str, json: bool| -> Vec<&str> {
        let mut args = vec!["grundy", "0.77", "--checkpoint-every", every];
        args.extend(["--checkpoint", f, "--to", "100"]);
        args.extend(json.then_some("--json"));
        args
    };
    // inf is documented as "save only at the end"; 1e300 seconds is past the clock: the same.
    for every in ["1e300", "inf", "0", "2.5"] {
        let r = run(&grundy(every, false));
        assert_eq!(r.code, Some(0), "{every}: {}", r.stderr);
        assert!(r.stdout.starts_with("0.77: Grundy values of heaps 0..100"));
        assert!(file.exists(), "{every}: the values are saved at the end");
        std::fs::remove_file(&file).expect("removed");
    }
    for every in ["nan", "NaN", "-1", "-inf", "1e400x", "soon"] {
        let line = refused(&grundy(every, false));
        assert!(line.contains("--checkpoint-every"), "{every}: {line}");
        assert!(!file.exists(), "{every}: nothing runs");
    }
    let e = json_error(None, &grundy("nan", true), 2);
    assert_eq!(e["kind"], "invalid_input");
}

#[test]
fn every_numeric_option_refuses_nonsense_with_one_line() {
    let huge = "1".repeat(30);
    let huge = huge.as_str();
    // (the command up to the option, the option's bad values)
    let cases: &[(&[&str], &[&str])] = &[
        (
            &["replicator", "--a", "3 2; 4 1", "--from", "0.9,0.1", "--dt"],
            &["nan", "inf", "-inf", "0", "-0.1", "1e-400", "x"],
        ),
        (
            &[
                "replicator",
                "--a",
                "3 2; 4 1",
                "--from",
                "0.9,0.1",
                "--time",
            ],
            &["nan", "-1", "inf", "1e300"],
        ),
        (
            &[
                "replicator",
                "--a",
                "3 2; 4 1",
                "--from",
                "0.9,0.1",
                "--every",
            ],
            &["0", "-2", "1.5", huge],
        ),
        (
            &[
                "replicator",
                "--a",
                "2 1; 1 2",
                "--from",
                "0.6,0.4",
                "--discrete",
                "--steps",
            ],
            &["-1", huge, "1e9"],
        ),
        (
            &["stable", "--a", "4 0; 3 3", "--agents"],
            &["-3", "0", "1", huge],
        ),
        (
            &["nash", "--a", "1 0; 0 1", "--method", "lh", "--label"],
            &["-1", "0", "5", huge],
        ),
        (&["grundy", "0.77", "--to"], &["-1", "1e300", huge]),
        (&["solve", "chase"], &["-4", "4294967296", "1"]),
        (&["solve", "bash", "--max"], &["0", "-1"]),
        (&["solve", "moore", "--k"], &["0", "-1"]),
        (&["solve", "fibonacci-nim", "10", "--max-take"], &["0"]),
        (&["solve", "multiplication", "10", "--from"], &["0"]),
        (&["solve", "subtraction", "--set"], &["1,-3", "0", huge]),
        (&["solve", "divisors"], &["0", "-1"]),
        (&["solve", "kayles"], &["-1", huge]),
    ];
    // What follows the bad value so that the rest of the command line is complete.
    let rest = |command: &[&str]| -> Vec<&'static str> {
        match command.last() {
            Some(&"chase") => vec!["1", "1", "2", "2"],
            Some(&"--max" | &"--k" | &"--set") => vec!["3"],
            _ => vec![],
        }
    };
    for (command, values) in cases {
        for value in *values {
            let args: Vec<&str> = command
                .iter()
                .copied()
                .chain([*value])
                .chain(rest(command))
                .collect();
            refused(&args);
        }
    }
}

#[test]
fn turtles_names_the_letter_and_its_column() {
    let line = refused(&["solve", "turtles", "THXT"]);
    assert!(line.contains("'X'") && line.contains("column 3"), "{line}");
}

#[test]
fn unusable_files_exit_2() {
    let dir = tempfile::tempdir().expect("scratch");
    let uncreatable = dir.path().join("no/such/folder/ck");
    let line = refused(&[
        "grundy",
        "0.77",
        "--to",
        "100",
        "--checkpoint",
        uncreatable.to_str().expect("utf-8 path"),
    ]);
    assert!(line.contains("no/such/folder"), "{line}");
    let folder = dir.path().to_str().expect("utf-8 path");
    refused(&["solve", "chase", "5", "1", "1", "5", "5", "--table", folder]);
    let e = json_error(
        None,
        &[
            "solve", "chase", "5", "1", "1", "5", "5", "--table", folder, "--json",
        ],
        2,
    );
    assert_eq!(e["kind"], "io");
    let svg = dir.path().join("no/such/folder/t.svg");
    let svg = svg.to_str().expect("utf-8 path");
    let e = json_error(None, &["eval", "--svg", svg, "{1|}", "--json"], 2);
    assert_eq!(e["kind"], "io");
    // Standard input cannot hold what Conway writes.
    for args in [
        vec!["grundy", "0.77", "--checkpoint", "-"],
        vec!["solve", "chase", "5", "1", "1", "5", "5", "--table", "-"],
        vec!["eval", "--svg", "-", "{1|}"],
    ] {
        refused(&args);
    }
}

#[test]
fn clap_suggestions_and_possible_values_stay_in_the_line() {
    let line = refused(&["solve", "nimm", "3"]);
    assert!(line.contains("'nimm'") && line.contains("'nim'"), "{line}");
    let line = refused(&["nash", "--method", "foo", "--a", "1 0; 0 1"]);
    for method in [
        "enum", "pure", "support", "lh", "lcp", "lp", "poly", "logit",
    ] {
        assert!(line.contains(method), "{method}: {line}");
    }
    // Below solve the subcommands are games; at the top, commands.
    assert!(refused(&["frobnicate"]).contains("'conway --help'"));
    assert!(refused(&["solve", "chess"]).contains("'conway solve --list'"));
    // A value starting with '-' reaches its parser, which says what is wrong with it.
    let line = refused(&["replicator", "--a", "3 2; 4 1", "--from", "-0.5,1.5"]);
    assert!(line.contains("non-negative shares"), "{line}");
    let line = refused(&["grundy", "0.77", "--vlaues"]);
    assert!(line.contains("--values"), "{line}");
    let e = json_error(None, &["solve", "nimm", "3", "--json"], 2);
    assert_eq!(e["kind"], "usage");
    assert!(
        e["message"].as_str().expect("text").contains("'nim'"),
        "{e}"
    );
    let e = json_error(None, &["--json", "nash", "--method", "foo", "--a", "1"], 2);
    assert!(
        e["message"].as_str().expect("text").contains("support"),
        "{e}"
    );
}

#[test]
fn json_may_come_before_the_game() {
    let before = run(&["solve", "--json", "nim", "3", "4"]);
    let after = run(&["solve", "nim", "3", "4", "--json"]);
    let first = run(&["--json", "solve", "nim", "3", "4"]);
    assert_eq!(before.code, Some(0), "{}", before.stderr);
    assert_eq!(before.stdout, after.stdout);
    assert_eq!(first.stdout, after.stdout);
    assert_eq!(one_object(&[], &before.stdout)["value"], "*7");
    let r = run(&["grundy", "--json", "0.77", "--to", "100"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(one_object(&[], &r.stdout)["computed_to"], 100);
    // --list and a game do not go together.
    refused(&["solve", "--list", "nim", "3"]);
}

#[test]
fn a_huge_number_is_named_not_echoed() {
    let digits = "7".repeat(10_001);
    let line = refused(&["solve", "nim", &digits]);
    assert!(line.len() < 300, "{} characters echoed", line.len());
    assert!(line.contains("10001"), "{line}");
    assert!(line.contains("7777777777"), "its ends are kept: {line}");
    let e = json_error(None, &["solve", "nim", &digits, "--json"], 2);
    assert_eq!(e["kind"], "too_large");
    assert!(e["message"].as_str().expect("text").len() < 300, "{e}");
    // Not a number at all, and long: abbreviated too.
    let junk = "x".repeat(20_000);
    let line = refused(&["solve", "nim", &junk]);
    assert!(line.len() < 300 && line.contains("20000"), "{line}");
}

#[test]
fn tour_and_lists_answer_in_json() {
    let text = run(&["tour"]).stdout;
    let r = run(&["tour", "--json"]);
    assert_eq!(r.code, Some(0));
    let v = one_object(&["tour", "--json"], &r.stdout);
    let sections = v["sections"].as_array().expect("sections");
    assert!(sections.len() > 10);
    for s in sections {
        let (title, command) = (
            s["title"].as_str().expect("title"),
            s["command"].as_str().expect("command"),
        );
        assert!(
            text.contains(&format!("== {title}\n$ {command}\n")),
            "{title}"
        );
        let output = s["output"].as_str().expect("output");
        assert!(!output.is_empty() && text.contains(output), "{title}");
    }
    assert!(text.starts_with(v["intro"].as_str().expect("intro")));
    assert!(text
        .trim_end()
        .ends_with(v["closing"].as_str().expect("closing")));
    // The lists: the same names as the text lists, in the same order.
    for (args, keys) in [
        (vec!["solve", "--list"], vec!["games"]),
        (vec!["grundy", "--list"], vec!["games", "forms"]),
    ] {
        let text = run(&args).stdout;
        let json_args: Vec<&str> = args.iter().copied().chain(["--json"]).collect();
        let v = one_object(&json_args, &run(&json_args).stdout);
        let names: Vec<String> = keys
            .iter()
            .flat_map(|k| v[*k].as_array().expect("a list").clone())
            .map(|e| {
                assert!(e["summary"].as_str().is_some_and(|s| !s.is_empty()), "{e}");
                e["name"].as_str().expect("name").to_string()
            })
            .collect();
        let listed: Vec<String> = text
            .lines()
            .map(|l| l.split_whitespace().next().unwrap_or("").to_string())
            .collect();
        assert_eq!(names, listed, "{args:?}");
    }
}

/// Gambit's coord3.nfg (3×3 coordination game with 7 equilibria).
const COORD3: &str = "NFG 1 R \"coordination\" { \"P1\" \"P2\" } { 3 3 }\n\
                      3 2 0 0 0 0 0 0 2 2 0 0 0 0 0 0 1 4\n";

#[test]
fn dash_reads_standard_input_wherever_a_file_is_read() {
    let dir = tempfile::tempdir().expect("scratch");
    let at = Some(dir.path());
    let (from_file, from_stdin) =
        from_file_and_stdin(dir.path(), &["nash", "g.nfg"], "g.nfg", COORD3);
    assert_eq!(from_file.code, Some(0));
    assert_eq!(from_file.stdout.lines().count(), 7);
    assert_eq!(from_stdin.stdout, from_file.stdout);
    // Errors in standard input say so, with the place.
    let bad = run_in(
        at,
        &["nash", "-", "--json"],
        Some("NFG 1 R \"x\" { \"a\" \"b\" } { 2 2 }\n1 2 3 q\n"),
    );
    assert_eq!(bad.code, Some(2));
    let e = &one_object(&[], &bad.stdout)["error"];
    assert_eq!(
        (e["line"].as_u64(), e["column"].as_u64()),
        (Some(2), Some(7))
    );
    assert!(
        e["message"]
            .as_str()
            .expect("text")
            .starts_with("standard input: "),
        "{e}"
    );
    // Matrices given as files, and the symmetric games' files.
    let stag = "4 0\n3 3\n";
    let stag_nfg = "NFG 1 R \"stag\" { \"P1\" \"P2\" } { 2 2 }\n4 4 3 0 0 3 3 3\n";
    for (args, name, content) in [
        (
            vec!["nash", "--a", "stag.csv", "--b", "1 0; 0 1"],
            "stag.csv",
            stag,
        ),
        (vec!["ess", "--a", "stag.csv"], "stag.csv", stag),
        (
            vec!["stable", "--a", "stag.csv", "--agents", "10"],
            "stag.csv",
            stag,
        ),
        (vec!["replicator", "--a", "stag.csv"], "stag.csv", stag),
        (vec!["ess", "stag.nfg"], "stag.nfg", stag_nfg),
        (
            vec!["stable", "stag.nfg", "--agents", "10"],
            "stag.nfg",
            stag_nfg,
        ),
        (vec!["replicator", "stag.nfg"], "stag.nfg", stag_nfg),
    ] {
        let (file, stdin) = from_file_and_stdin(dir.path(), &args, name, content);
        assert_eq!(file.code, Some(0), "{args:?}: {}", file.stderr);
        assert_eq!(
            stdin.stdout, file.stdout,
            "{args:?} from stdin: {}",
            stdin.stderr
        );
    }
    // Standard input is read once.
    for command in ["nash", "ess"] {
        let r = run_in(at, &[command, "--a", "-", "--b", "-"], Some(stag));
        assert_eq!(r.code, Some(2), "{command}");
        assert!(r.stderr.contains("only once"), "{command}: {}", r.stderr);
    }
    // The graph games.
    let graph = "a b\nb: a c\nd -> e\ne d\n";
    for args in [
        vec!["solve", "digraph", "g.txt", "b"],
        vec!["solve", "digraph", "g.txt"],
        vec!["solve", "green-hackenbush", "g.txt"],
        vec!["solve", "geography", "g.txt", "a"],
        vec!["solve", "conjunctive", "g.txt", "c"],
    ] {
        let (file, stdin) = from_file_and_stdin(dir.path(), &args, "g.txt", graph);
        assert_eq!(file.code, stdin.code, "{args:?}");
        // The graph games name their input in the answer: the file's name, or standard input.
        assert_eq!(
            stdin.stdout.replace("standard input", "g.txt"),
            file.stdout,
            "{args:?} from stdin: {}",
            stdin.stderr
        );
    }
}

/// The subcommands as `conway --help` lists them: generated from the clap definitions, so a
/// command added there is swept here without further work.
fn commands() -> Vec<String> {
    let help = run(&["--help"]).stdout;
    let listed = help
        .split("Commands:\n")
        .nth(1)
        .expect("a Commands section")
        .split("\n\n")
        .next()
        .unwrap_or("");
    let names: Vec<String> = listed
        .lines()
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect();
    assert!(names.len() >= 8, "{names:?}");
    names
}

#[test]
fn every_command_answers_a_bad_argument_with_one_json_error() {
    let dir = tempfile::tempdir().expect("scratch");
    let at = Some(dir.path());
    let mut swept = 0;
    for command in commands() {
        json_error(at, &[&command, "--json", "--no-such-flag"], 2);
        json_error(at, &[&command, "--json", "@bad@"], 2);
        json_error(at, &["--json", &command, "@bad@", "@worse@"], 2);
        swept += 1;
    }
    // Every game of solve, from its own list (the clap definitions again).
    let list = run(&["solve", "--list", "--json"]).stdout;
    let games = one_object(&[], &list)["games"]
        .as_array()
        .expect("games")
        .clone();
    assert!(games.len() > 20);
    for game in games {
        let name = game["name"].as_str().expect("name");
        json_error(at, &["solve", name, "@bad@", "--json"], 2);
        json_error(at, &["solve", name, "--json", "--no-such-flag", "1"], 2);
        swept += 1;
    }
    assert!(swept > 30);
    // Missing arguments and an unknown command are usage errors.
    assert_eq!(json_error(at, &["--json"], 2)["kind"], "usage");
    assert_eq!(
        json_error(at, &["--json", "frobnicate"], 2)["kind"],
        "usage"
    );
    assert_eq!(
        json_error(at, &["solve", "chase", "--json"], 2)["kind"],
        "usage"
    );
    for args in [&["solve"][..], &["solve", "--list", "nim"]] {
        let args: Vec<&str> = args.iter().copied().chain(["--json"]).collect();
        assert_eq!(json_error(at, &args, 2)["kind"], "usage", "{args:?}");
    }
    // A domain error keeps its kind and place.
    let e = json_error(at, &["eval", "{1|", "--json"], 2);
    assert_eq!(
        (e["kind"].as_str(), e["column"].as_u64()),
        (Some("parse"), Some(4))
    );
    assert!(e["line"].is_null());
}

#[test]
fn help_and_version_in_json_are_one_object_too() {
    for args in [["--help", "--json"], ["--json", "--version"]] {
        let r = run(&args);
        assert_eq!(r.code, Some(0));
        let v = one_object(&args, &r.stdout);
        assert!(v["help"].is_string() || v["version"].is_string(), "{v}");
    }
}

/// A random n×n matrix with entries 0..99 from a fixed LCG, as `--a` text.
fn random_matrix(n: usize, seed: u64) -> String {
    let mut state = seed;
    (0..n)
        .map(|_| {
            (0..n)
                .map(|_| {
                    state = state
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    ((state >> 33) % 100).to_string()
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("; ")
}

#[test]
fn one_thread_or_two_print_the_same_bytes() {
    let dir = tempfile::tempdir().expect("scratch");
    // A digraph with cycles and dead ends: v_i → v_{i+1}, v_{i+1} → v_i every third, a
    // long jump every seventh.
    let mut graph = String::new();
    for v in 0..3000 {
        graph.push_str(&format!("v{v} v{}\n", v + 1));
        if v % 3 == 2 {
            graph.push_str(&format!("v{} v{v}\n", v + 1));
        }
        if v % 7 == 0 {
            graph.push_str(&format!("v{v} v{}\n", (v * 13 + 5) % 3000));
        }
    }
    std::fs::write(dir.path().join("g.txt"), &graph).expect("written");
    let (a, b) = (random_matrix(8, 7), random_matrix(8, 11));
    let cases: Vec<Vec<&str>> = vec![
        vec!["solve", "chase", "12", "1", "1", "12", "12", "--line"],
        vec!["solve", "digraph", "g.txt"],
        vec!["solve", "digraph", "g.txt", "v0", "v17", "v2001"],
        vec!["nash", "--a", &a, "--b", &b],
        vec![
            "nash",
            "--a",
            &a,
            "--b",
            &b,
            "--method",
            "enum",
            "--components",
        ],
        vec!["nash", "--a", &a, "--b", &b, "--method", "lh"],
        vec!["eval", "domineering(\"....|....|....|....\")"],
        vec!["stable", "--a", "6 0 0; 5 7 5; 0 5 8", "--agents", "30"],
    ];
    for case in &cases {
        for json in [false, true] {
            let mut args = case.clone();
            if json {
                args.push("--json");
            }
            let outputs: Vec<Vec<u8>> = ["1", "2"]
                .iter()
                .map(|threads| {
                    succeeded(
                        conway()
                            .args(&args)
                            .current_dir(dir.path())
                            .env("RAYON_NUM_THREADS", threads),
                        &format!("{args:?}"),
                    )
                })
                .collect();
            assert!(!outputs[0].is_empty(), "{args:?}");
            assert_eq!(outputs[0], outputs[1], "{args:?}");
        }
    }
}

/// Game arithmetic on numbers of any size and on wide nimbers never aborts: each of these
/// once overflowed the stack (exit 134), ran until the kernel killed it, or multiplied
/// nimbers as games for minutes. Numbers and nimbers now have closed forms; what has none
/// is refused, with one line, before the work.
#[test]
fn huge_numbers_and_wide_nimbers_are_answered_or_refused() {
    let big = "1000000000000000000000000000000";
    let answered = [
        (format!("conjunctive_sum({big}, {big})"), big.to_string()),
        (
            format!("selective_sum({big}, {big})"),
            format!("2{}", &big[1..]),
        ),
        (
            format!("conway_product({big}, {big})"),
            format!("1{}", "0".repeat(60)),
        ),
        (
            format!("follower_count({big})"),
            format!("{}1", &big[..big.len() - 1]),
        ),
        (format!("subordinate({big}, 1)"), "9".repeat(30)),
        (format!("companion({{{big}|-{big}}})"), format!("+-{big}")),
        (format!("{big}:{big}"), format!("2{}", &big[1..])),
        ("conway_product(*19, *23)".to_string(), "*86".to_string()),
    ];
    for (expr, expected) in answered {
        let r = run(&["eval", &expr]);
        assert_eq!(r.code, Some(0), "{expr}: {}", r.stderr);
        assert_eq!(r.stdout.lines().next(), Some(expected.as_str()), "{expr}");
    }
    for (expr, why) in [
        (format!("followers({big})"), "the set of followers"),
        (
            format!("conway_product({big}, {{1|-1}})"),
            "the number's birthday",
        ),
        (format!("1:-{big}"), "binary places"),
        (
            "100000*(100000*(100000*(100000*{0|*})))".to_string(),
            "the up multiple of a sum",
        ),
    ] {
        let line = refused(&["eval", &expr]);
        assert!(line.contains(why), "{expr}: {line}");
    }
}
