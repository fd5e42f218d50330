//! The `conway` binary end to end: acceptance examples, JSON shape, and bad input.

mod common;

use common::{answer_json, conway, succeeded};
use serde_json::Value;

fn solve_json(args: &[&str]) -> Value {
    let stdout = succeeded(
        conway().arg("solve").args(args).arg("--json"),
        &format!("{args:?}"),
    );
    answer_json("solve", &stdout)
}

/// A bad argument list: exit status 2 and one line on stderr.
fn assert_bad_input(args: &[&str]) {
    let out = conway().args(args).output().expect("runs");
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
}

fn moves(v: &Value) -> Vec<String> {
    v["winning_moves"]
        .as_array()
        .expect("winning_moves is a list")
        .iter()
        .map(|m| m["move"].as_str().expect("move is text").to_string())
        .collect()
}

#[test]
fn nim_acceptance() {
    let v = solve_json(&["nim", "14", "21", "39"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(moves(&v), vec!["take 12 from heap 3 (39 → 27)"]);
    assert_eq!(v["winning_moves"][0]["to"], "14 21 27");
    assert!(moves(&solve_json(&["nim", "55", "81", "121"]))
        .contains(&"take 19 from heap 3 (121 → 102)".to_string()));
    assert!(moves(&solve_json(&["nim", "29", "45", "58"]))
        .contains(&"take 10 from heap 3 (58 → 48)".to_string()));
    let text = conway()
        .args(["solve", "nim", "14", "21", "39"])
        .output()
        .expect("runs");
    let text = String::from_utf8(text.stdout).expect("utf-8");
    assert!(text.contains("take 12 from heap 3 (39 → 27)"), "{text}");
}

#[test]
fn wythoff_acceptance() {
    assert_eq!(solve_json(&["wythoff", "3", "5"])["outcome"], "P");
    let v = solve_json(&["wythoff", "1000000000000", "1618033988749"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"][0]["to"], "999999999998 1618033988747");
}

#[test]
fn misere_nim_acceptance() {
    assert_eq!(solve_json(&["misere-nim", "1", "1", "1"])["outcome"], "P");
    assert_eq!(solve_json(&["misere-nim", "2", "2"])["outcome"], "P");
    assert_eq!(solve_json(&["misere-nim", "1", "1"])["outcome"], "N");
}

#[test]
fn every_listed_game_solves_a_position() {
    let cases: &[&[&str]] = &[
        &["subtraction", "--set", "1,3,4", "10", "11"],
        &["bash", "--max", "3", "10"],
        &["moore", "--k", "2", "1", "2", "3"],
        &["staircase", "3", "5", "1"],
        &["lasker", "3", "7"],
        &["euclid", "3", "5"],
        &["fibonacci-nim", "10"],
        &["multiplication", "100"],
        &["divisors", "10"],
        &["nim-with-adding", "3", "5", "9"],
        &["turtles", "THHTH"],
        &["ruler", "THHTH"],
        &["mock-turtles", "THHTH"],
        &["tartan", "HT/TH", "--rows", "ruler"],
        &["kayles", "3", "7"],
        &["dawsons-kayles", "3", "7"],
        &["heap", "0.137", "5", "7"],
    ];
    let list = conway().args(["solve", "--list"]).output().expect("runs");
    let list = String::from_utf8(list.stdout).expect("utf-8");
    for case in cases {
        let v = solve_json(case);
        // `solve heap` names the game it was given.
        let name = if case[0] == "heap" { case[1] } else { case[0] };
        assert_eq!(v["game"], name);
        assert!(
            ["P", "N"].contains(&v["outcome"].as_str().expect("outcome")),
            "{case:?}"
        );
        let p = v["outcome"] == "P";
        assert_eq!(p, moves(&v).is_empty(), "{case:?}");
        assert!(
            list.lines().any(|l| l.starts_with(case[0])),
            "{} missing from --list",
            case[0]
        );
    }
    // The list is the catalogue, in its order; and every game's own example answers.
    let names: Vec<&str> = list.lines().filter_map(|l| l.split(' ').next()).collect();
    let catalogue: Vec<&str> = conway_games::GAMES.iter().map(|g| g.name).collect();
    assert_eq!(names, catalogue);
    for game in conway_games::GAMES.iter() {
        let files = conway_games::EXAMPLE_FILES.iter();
        if files.clone().any(|(name, _)| game.example.contains(name)) {
            continue; // the graph games: tested with their files elsewhere
        }
        let words = shlex::split(game.example).expect("words");
        let mut args = vec![game.name];
        args.extend(words.iter().map(String::as_str));
        let v = solve_json(&args);
        if v.get("left_first").is_some() {
            // A partizan game: who wins with each player starting gives the class.
            let class = match (&v["left_first"]["winner"], &v["right_first"]["winner"]) {
                (l, r) if l == "Left" && r == "Left" => "L",
                (l, r) if l == "Right" && r == "Right" => "R",
                (l, _) if l == "Left" => "N",
                _ => "P",
            };
            assert_eq!(v["outcome"], class, "{args:?}");
        } else if v["game"] != "chase" {
            let p = v["outcome"] == "P";
            assert_eq!(p, moves(&v).is_empty(), "{args:?}");
        }
    }
}

/// `--first left|right` on every searched game's example: the one start asked for, as the
/// search of both starts answers it, and no outcome class (it takes both).
#[test]
fn one_starter_answers_as_both_do() {
    let searched = conway_games::GAMES
        .iter()
        .filter(|g| g.params.iter().any(|p| p.name == "first"));
    let mut seen = 0;
    for game in searched {
        let words = shlex::split(game.example).expect("words");
        let mut args = vec![game.name];
        args.extend(words.iter().map(String::as_str));
        args.push("--every-move");
        let both = solve_json(&args);
        for (player, field, other) in [
            ("left", "left_first", "right_first"),
            ("right", "right_first", "left_first"),
        ] {
            let mut asked = args.clone();
            asked.extend(["--first", player]);
            let one = solve_json(&asked);
            assert_eq!(one[field], both[field], "{asked:?}");
            assert!(one.get(other).is_none(), "{asked:?}");
            assert!(one.get("outcome").is_none(), "{asked:?}");
        }
        seen += 1;
    }
    assert!(seen >= 10, "only {seen} searched games take --first");
    assert_bad_input(&["solve", "clobber", "xoxo", "--first", "up"]);
    assert_bad_input(&["solve", "domineering", "4x4", "--first"]);
}

/// A position that begins with a minus sign is a position, not an option: a Sheep board with
/// Right's herd first reads as the board with its colours swapped reads, negated (Sheep is
/// a partizan game whose negative swaps the herds).
#[test]
fn a_position_may_begin_with_a_minus_sign() {
    let right_first = solve_json(&["sheep", "-4, 0 | 0, 3"]);
    let swapped = solve_json(&["sheep", "4, 0 | 0, -3"]);
    assert_eq!(right_first["position"], "-4, 0 | 0, 3");
    let winner = |report: &Value, start: &str| report[start]["winner"].clone();
    let opposite = |w: Value| Value::from(if w == "Left" { "Right" } else { "Left" });
    assert_eq!(
        winner(&right_first, "left_first"),
        opposite(winner(&swapped, "right_first"))
    );
    assert_eq!(
        winner(&right_first, "right_first"),
        opposite(winner(&swapped, "left_first"))
    );
    // Flags still read as flags on either side of it.
    let flags_first = solve_json(&["sheep", "--first", "left", "-4, 0 | 0, 3"]);
    assert_eq!(flags_first["left_first"], right_first["left_first"]);
}

/// `--moves` on every game that lists moves: each move's `command` answers the position the
/// move leaves (the report's `position` is the move's `to`), with the game's own settings
/// kept, and a winning move's command answers a position lost for the player to move.
#[test]
fn every_move_names_the_command_for_the_position_after_it() {
    let cases: &[&[&str]] = &[
        &["nim", "3", "4"],
        &["subtraction", "--set", "1,3,4", "10", "11"],
        &["bash", "--max", "3", "10"],
        &["wythoff", "4", "6"],
        &["moore", "--k", "2", "1", "2", "3"],
        &["staircase", "3", "5", "1"],
        &["lasker", "3", "7"],
        &["euclid", "3", "5"],
        &["fibonacci-nim", "10"],
        &["multiplication", "100", "--from", "3"],
        &["divisors", "10"],
        &["divisors", "10", "--remaining", "6,7,8,9,10"],
        &["misere-nim", "1", "3"],
        &["nim-with-adding", "2", "3"],
        &["turtles", "THHTH"],
        &["ruler", "THHTH"],
        &["mock-turtles", "THHTH"],
        &["tartan", "HT/TH", "--rows", "ruler"],
        &["kayles", "3", "7"],
        &["dawsons-kayles", "5", "--misere"],
        &["heap", "S(1,3,4)", "5", "7"],
    ];
    for case in cases {
        let v = solve_json(&[case, &["--moves"][..]].concat());
        let options = v["options"].as_array().expect("options listed");
        assert!(!options.is_empty() && v["all_options"] == true, "{case:?}");
        let winning: Vec<&Value> = v["winning_moves"]
            .as_array()
            .expect("a list")
            .iter()
            .collect();
        for m in options.iter().take(4).chain(winning.iter().copied()) {
            let command = m["command"].as_str().expect("a command");
            let words = shlex::split(command).expect("shell words");
            assert_eq!(words[0], "solve", "{command}");
            let after = solve_json(&words[1..].iter().map(String::as_str).collect::<Vec<_>>());
            assert_eq!(after["position"], m["to"], "{case:?}: {command}");
            assert_eq!(after["game"], v["game"], "{command}");
            if winning.iter().any(|w| w["to"] == m["to"]) {
                assert_eq!(after["outcome"], "P", "{case:?}: winning move {command}");
            }
        }
    }
    assert_bad_input(&["solve", "geography", "g.txt", "1", "--moves"]);
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let cases: &[&[&str]] = &[
        &["solve", "nim", "-3"],
        &["solve", "nim", "abc"],
        &["solve", "nim"],
        &["solve", "chess", "1"],
        &["solve", "subtraction", "--set", "", "3"],
        &["solve", "subtraction", "--set", "0,1", "3"],
        &["solve", "kayles", "1000001"],
        &["solve", "turtles", "HTZ"],
        &["solve", "tartan", "HT/T"],
        &["solve", "tartan", "HT", "--rows", "chess"],
        &["solve", "moore", "--k", "0", "1"],
        &["solve", "divisors", "0"],
        &["solve"],
        &["frobnicate"],
    ];
    for case in cases {
        let out = conway().args(*case).output().expect("runs");
        assert_eq!(out.status.code(), Some(2), "{case:?}");
        let err = String::from_utf8(out.stderr).expect("utf-8");
        assert_eq!(err.trim_end().lines().count(), 1, "{case:?}: {err}");
        assert!(err.starts_with("conway: "), "{case:?}: {err}");
        assert!(out.stdout.is_empty(), "{case:?}");
    }
}

/// Every command of the tour, run on its own, prints what the tour shows under it.
#[test]
fn every_tour_command_prints_what_the_tour_shows() {
    let out = conway().args(["tour", "--json"]).output().expect("runs");
    assert!(out.status.success());
    let tour: Value = answer_json("tour", &out.stdout);
    let sections = tour["sections"].as_array().expect("sections");
    assert!(sections.len() > 15);
    for section in sections {
        let command = section["command"].as_str().expect("command");
        let words = shlex::split(command).expect("a shell line");
        assert_eq!(words[0], "conway", "{command}");
        let alone = conway().args(&words[1..]).output().expect("runs");
        assert!(alone.status.success(), "{command}");
        let printed = String::from_utf8(alone.stdout).expect("utf-8");
        assert_eq!(
            printed.trim_end_matches('\n'),
            section["output"].as_str().expect("output"),
            "{command}"
        );
    }
    // The tour's text shows the same answers, Bouton's winning move among them.
    let text = conway().arg("tour").output().expect("runs");
    let text = String::from_utf8(text.stdout).expect("utf-8");
    assert!(text.contains("$ conway solve nim 14 21 39\n"));
    assert!(text.contains("take 12 from heap 3 (39 → 27)"));
}

fn eval_json(expr: &str) -> Value {
    let stdout = succeeded(conway().args(["eval", "--json", expr]), expr);
    answer_json("eval", &stdout)
}

#[test]
fn eval_reports_every_contract_field() {
    // Source: the acceptance list (CGSuite's outputs for {3||2+*|1+*}).
    let v = eval_json("{3||2+*|1+*}");
    assert_eq!(v["input"], "{3||2+*|1+*}");
    assert_eq!(v["canonical"], "{3||2*|1*}");
    assert_eq!(v["outcome"], "L");
    assert_eq!(v["left_stop"], "3");
    assert_eq!(v["right_stop"], "2");
    assert_eq!(v["mean"], "9/4");
    assert_eq!(v["temperature"], "3/4");
    assert_eq!(v["birthday"], "5");
    assert_eq!(
        v["thermograph"],
        "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])"
    );
    assert_eq!(v["atomic_weight"], Value::Null);
    assert_eq!(v["reduced"], "{3||2|1}");
    let up = eval_json("^");
    assert_eq!(
        (up["atomic_weight"].as_str(), up["birthday"].as_str()),
        (Some("1"), Some("2"))
    );
}

#[test]
fn eval_prints_values_and_comparisons() {
    for (expr, expected) in [
        ("3+-1", "{4|2}"),
        ("^ > 0", "true"),
        ("* == 0", "false"),
        ("temperature(*8)", "0"),
        ("domineering(\"..|..\")", "+-1"),
    ] {
        let out = conway().args(["eval", expr]).output().expect("runs");
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(text.lines().next(), Some(expected), "{expr}");
    }
}

#[test]
fn eval_bad_input_is_one_line_and_exit_2() {
    // Source: the bad-input list.
    for expr in ["{1|", "{3|2|1}", "*x", "domineering(\"..|.z\")", "3/5"] {
        let out = conway().args(["eval", expr]).output().expect("runs");
        assert_eq!(out.status.code(), Some(2), "{expr}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{expr}: {err}");
        assert!(err.contains("column"), "{expr}: {err}");
        assert!(out.stdout.is_empty());
    }
    let big = format!("domineering(\"{}\")", ".".repeat(65));
    let out = conway().args(["eval", &big]).output().expect("runs");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn eval_draws_the_thermograph() {
    let dir = std::env::temp_dir().join(format!("conway-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("t.svg");
    conway()
        .args(["eval", "--svg"])
        .arg(&path)
        .arg("thermograph({3||2+*|1+*})")
        .assert()
        .success();
    let svg = std::fs::read_to_string(&path).expect("svg written");
    assert!(svg.starts_with("<svg") && svg.contains("<polyline"));
    assert!(svg.contains("mean 9/4, temperature 3/4"));
    let out = conway()
        .args(["eval", "--svg"])
        .arg(dir.join("u.svg"))
        .arg("^ > 0")
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn grundy_certifies_published_periods() {
    // Source: Winning Ways ch. 4 (Kayles 71/12, 0.45 498/20, 0.15 1/10).
    for (game, pre, per) in [("kayles", 71, 12), ("0.45", 498, 20), ("0.15", 1, 10)] {
        let out = conway()
            .args(["grundy", game, "--to", "1200", "--json"])
            .output()
            .expect("runs");
        assert!(out.status.success());
        let v: Value = answer_json("grundy", &out.stdout);
        assert_eq!(
            (v["preperiod"].as_u64(), v["period"].as_u64()),
            (Some(pre), Some(per)),
            "{game}"
        );
        assert_eq!(v["certified"], true);
        assert_eq!(v["computed_to"], 1200);
    }
    let out = conway()
        .args(["grundy", "grundy", "--to", "30", "--values", "--json"])
        .output()
        .expect("runs");
    let v: Value = answer_json("grundy", &out.stdout);
    assert_eq!(v["certified"], false);
    assert_eq!(v["values"][13], "3", "OEIS A002188: G(13) = 3");
    for bad in [["grundy", "0.9z"], ["grundy", "chess"]] {
        assert_bad_input(&bad);
    }
}

#[test]
fn heap_games_in_solve_and_grundy() {
    // Normal play: the winning moves of 0.137 heaps 5 and 7 reach P-positions.
    let v = solve_json(&["heap", "0.137", "5", "7"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["code"], "0.137");
    assert_eq!(v["winning_moves"].as_array().map(Vec::len), Some(3));
    // Misère Kayles: a single pin loses for the player to move.
    let v = solve_json(&["kayles", "1", "--misere"]);
    assert_eq!(
        (v["outcome"].as_str(), v["misere_value"].as_str()),
        (Some("P"), Some("0"))
    );
    let v = solve_json(&["heap", "S(1,3,4)", "7", "--misere"]);
    assert_eq!(v["play"], "misère");
    // Lasker's Nim: period 4 with saltus 4, proved by Ferguson's closed form.
    let out = conway()
        .args(["grundy", "lasker", "--to", "500", "--json"])
        .output()
        .expect("runs");
    let v: Value = answer_json("grundy", &out.stdout);
    assert_eq!(
        (
            v["preperiod"].as_u64(),
            v["period"].as_u64(),
            v["saltus"].as_u64()
        ),
        (Some(1), Some(4), Some(4))
    );
    assert_eq!(v["certified"], true);
    // The genus of Kayles heaps, as Winning Ways writes it (CGSuite's 4^146 for heap 5).
    let out = conway()
        .args(["grundy", "kayles", "--misere", "--to", "12", "--json"])
        .output()
        .expect("runs");
    let v: Value = answer_json("grundy", &out.stdout);
    assert_eq!(v["genus"][5], "4^146");
    assert_eq!(v["misere_values"][11], 4);
    for bad in [
        vec!["solve", "heap", "S(1,x)", "3"],
        vec!["solve", "heap", "0.77", "2000000"],
        vec!["grundy", "allbut(0)"],
        vec!["grundy", "lasker", "--to", "4294967295"],
        vec!["grundy", "grundy", "--to", "4294967297"],
    ] {
        assert_bad_input(&bad);
    }
}

#[test]
fn chase_acceptance() {
    // TopCoder's problem TheEasyChase, examples 0-2 (n, white's row and column, black's):
    // BLACK 2, WHITE 1, BLACK 6. Then regression values on larger boards (the engine's
    // tables for n ≤ 5 match value iteration state by state in the retrograde crate).
    for (args, winner, plies) in [
        (["2", "1", "1", "2", "2"], "black", 2),
        (["2", "2", "2", "1", "2"], "white", 1),
        (["3", "1", "1", "3", "3"], "black", 6),
        (["4", "1", "1", "4", "4"], "black", 8),
        (["4", "2", "2", "2", "3"], "white", 1),
        (["20", "1", "1", "20", "20"], "black", 56),
    ] {
        let v = solve_json(&[&["chase"][..], &args[..]].concat());
        assert_eq!(
            (v["winner"].as_str(), v["plies"].as_u64()),
            (Some(winner), Some(plies)),
            "{args:?}"
        );
    }
    let v = solve_json(&["chase", "5", "1", "1", "5", "5", "--line"]);
    let line = v["line"].as_array().expect("a line");
    assert_eq!(Some(line.len() as u64), v["plies"].as_u64());
    // A solved table is written, then probed with the same answer.
    let dir = tempfile::tempdir().expect("temporary directory");
    let table = dir.path().join("chase6.table");
    let table_arg = table.to_str().expect("utf-8 path");
    let first = solve_json(&["chase", "6", "1", "1", "6", "6", "--table", table_arg]);
    assert!(table.exists());
    let again = solve_json(&["chase", "6", "1", "1", "6", "6", "--table", table_arg]);
    assert_eq!(first, again);
    for bad in [
        vec!["solve", "chase", "1", "1", "1", "1", "1"],
        vec!["solve", "chase", "4", "1", "1", "1", "1"],
        vec!["solve", "chase", "4", "0", "1", "2", "2"],
        vec!["solve", "chase", "4", "1", "5", "2", "2"],
        vec!["solve", "chase", "81", "1", "1", "2", "2"],
        vec![
            "solve", "chase", "7", "1", "1", "2", "2", "--table", table_arg,
        ],
    ] {
        assert_bad_input(&bad);
    }
}

#[test]
fn digraph_values_and_moves() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let file = dir.path().join("g.txt");
    // a → b, b → a | c (c has no move), d ⇄ e: γ(a)=0, γ(b)=*, γ(c)=0, d and e draw.
    std::fs::write(&file, "# test\na b\nb: a c\nd -> e\ne d\n").expect("written");
    let f = file.to_str().expect("utf-8 path");
    let v = solve_json(&["digraph", f, "b"]);
    assert_eq!(
        (v["outcome"].as_str(), v["value"].as_str()),
        (Some("N"), Some("*"))
    );
    assert_eq!(v["winning_moves"].as_array().map(Vec::len), Some(2));
    let v = solve_json(&["digraph", f, "a", "d"]);
    assert_eq!(
        (v["outcome"].as_str(), v["value"].as_str()),
        (Some("D"), Some("∞(∅)"))
    );
    let v = solve_json(&["digraph", f]);
    assert_eq!(v["vertices"]["e"]["outcome"], "D");
    std::fs::write(&file, "a b\nb -> \n").expect("written");
    let out = conway()
        .args(["solve", "digraph", f])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 2"), "{err}");
    let out = conway()
        .args(["solve", "digraph", f, "zz"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
}

/// `--decimals N` adds exactly rounded decimals beside the exact fractions (Gambit's `-d`
/// shows decimals only): the mixed equilibrium of a 2×2 coordination game, ((2/3, 1/3),
/// (1/3, 2/3)), to 5 places, and the value of matching pennies.
#[test]
fn nash_decimals() {
    let run = |args: &[&str]| conway().arg("nash").args(args).output().expect("runs");
    let coordination = ["--a", "2 0; 0 1", "--b", "1 0; 0 2"];
    let rounded = run(&[&coordination[..], &["--decimals", "5"]].concat()).stdout;
    let text = String::from_utf8(rounded).expect("utf-8");
    assert!(
        text.contains("NE,2/3,1/3,1/3,2/3\n  ~ 0.66667,0.33333,0.33333,0.66667\n"),
        "{text}"
    );
    let json = run(&[&coordination[..], &["--decimals", "2", "--json"]].concat()).stdout;
    let v: Value = answer_json("nash", &json);
    assert_eq!(v["equilibria"][2][0][0], "2/3");
    assert_eq!(v["decimals"][2][0][0], "0.67");
    let pennies = run(&["--a", "1 -1; -1 1", "--method", "lp", "--decimals", "1"]).stdout;
    let text = String::from_utf8(pennies).expect("utf-8");
    assert!(text.contains("value to player 1: 0 (~ 0.0)"), "{text}");
    let refused = run(&["--a", "1 0; 0 1", "--decimals", "1001"]);
    assert_eq!(refused.status.code(), Some(2));
}

/// `--precision D` gives irrational equilibria of three-player games to D digits; beyond
/// the limit, or with another method, it is refused.
#[test]
fn nash_precision() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let three = dir.path().join("three.nfg");
    std::fs::write(
        &three,
        "NFG 1 R \"\" { \"a\" \"b\" \"c\" } { 2 2 2 }\n1 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2 2 2\n",
    )
    .expect("written");
    let f = three.to_str().expect("utf-8 path");
    let run = |args: &[&str]| conway().arg("nash").args(args).output().expect("runs");
    let out = run(&[f, "--precision", "25", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let v: Value = answer_json("nash", &out.stdout);
    // 2 − √2 to 25 places.
    assert_eq!(v["equilibria"][2][0][0], "0.5857864376269049511983113");
    assert_eq!(v["within"], "1e-25");
    assert_eq!(v["approximate"], serde_json::json!([2]));
    for bad in [
        &[f, "--precision", "301"][..],
        &[f, "--method", "pure", "--precision", "3"][..],
    ] {
        let out = run(bad);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
}

/// The entry game of Selten's chain-store paradox, written to `dir`: Out pays (0, 2); after
/// In the incumbent Fights (-1, -1) or Accommodates (1, 1).
fn entry_game(dir: &std::path::Path) -> std::path::PathBuf {
    let entry = dir.join("entry.efg");
    std::fs::write(
        &entry,
        "EFG 2 R \"entry\" { \"Entrant\" \"Incumbent\" } \"\"\n\
         p \"\" 1 1 \"enter?\" { \"Out\" \"In\" } 0\nt \"\" 1 \"\" { 0, 2 }\n\
         p \"\" 2 1 \"respond\" { \"Fight\" \"Accommodate\" } 0\n\
         t \"\" 2 \"\" { -1, -1 }\nt \"\" 3 \"\" { 1, 1 }\n",
    )
    .expect("written");
    entry
}

/// `--method logit` follows the logit branch to its limit: the prisoner's dilemma ends at
/// mutual defection, exactly, with the trace; `--path` prints the branch from λ = 0 (JSON:
/// `trace.path`), and goes with logit only. For an extensive game the limit is given in
/// behaviour strategies.
#[test]
fn nash_logit() {
    let run = |args: &[&str]| conway().arg("nash").args(args).output().expect("runs");
    let dilemma = ["--a", "3 0; 5 1", "--b", "3 5; 0 1", "--method", "logit"];
    let out = run(&dilemma);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        text.starts_with("NE,0,1,0,1\nlogit: the branch followed to λ = "),
        "{text}"
    );
    assert!(!text.contains("branch (λ"), "{text}");
    let out = run(&[&dilemma[..], &["--path"]].concat());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        text.contains(
            "branch (λ, then each probability):\n0.000000,0.500000,0.500000,0.500000,0.500000\n"
        ),
        "{text}"
    );
    let out = run(&[&dilemma[..], &["--path", "--json"]].concat());
    let v: Value = answer_json("nash", &out.stdout);
    assert_eq!(v["method"], "logit");
    assert_eq!(
        v["equilibria"],
        serde_json::json!([[["0", "1"], ["0", "1"]]])
    );
    let path = v["trace"]["path"].as_array().expect("the path");
    assert_eq!(path[0]["lambda"], 0.0);
    let last = path.last().expect("points");
    assert_eq!(last["lambda"], v["trace"]["lambda"]);
    assert!(last["profile"][0][1].as_f64().expect("a number") > 0.999_999);
    assert!(v["trace"]["regret"].as_f64().expect("a number") <= 1e-8);
    let refused = run(&["--a", "3 0; 5 1", "--b", "3 5; 0 1", "--path"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--path goes with --method logit"));
    // The entry game's limit is the subgame-perfect (In, Accommodate).
    let dir = tempfile::tempdir().expect("temporary directory");
    let entry = entry_game(dir.path());
    let out = run(&[
        entry.to_str().expect("utf-8 path"),
        "--method",
        "logit",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let v: Value = answer_json("nash", &out.stdout);
    assert_eq!(
        v["equilibria"],
        serde_json::json!([[["0", "1"], ["0", "1"]]])
    );
    assert!(v["trace"]["end"].is_array());
    // Simplicial subdivision: the same limit here, the trace with its grids, no λ.
    let out = run(&[&dilemma[..4], &["--method", "simpdiv", "--json"]].concat());
    assert_eq!(out.status.code(), Some(0));
    let v: Value = answer_json("nash", &out.stdout);
    assert_eq!(
        v["equilibria"],
        serde_json::json!([[["0", "1"], ["0", "1"]]])
    );
    assert!(v["trace"]["mesh"].as_f64().expect("a number") > 0.0);
    assert!(v["trace"]["restarts"].as_u64().expect("a count") >= 1);
    assert!(v["trace"].get("lambda").is_none());
}

/// `conway nash GAME.efg`: behaviour strategies with a legend, JSON per information set,
/// subgame perfection, and malformed trees refused with their place.
#[test]
fn nash_extensive_games() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let entry = entry_game(dir.path());
    let run = |args: &[&std::ffi::OsStr]| conway().arg("nash").args(args).output().expect("runs");
    let f = entry.as_os_str();
    let out = run(&[f]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(text.contains("Entrant: enter? {Out In}"), "{text}");
    // Out with the threat of a fight (for any fight probability ≥ 1/2), and In–Accommodate.
    for line in ["NE,1,0,1,0", "NE,1,0,1/2,1/2", "NE,0,1,0,1"] {
        assert!(text.lines().any(|l| l == line), "{line} in {text}");
    }
    let out = run(&[f, "--subgame-perfect".as_ref(), "--json".as_ref()]);
    assert_eq!(out.status.code(), Some(0));
    let v: Value = answer_json("nash", &out.stdout);
    assert_eq!(
        v["equilibria"],
        serde_json::json!([[["0", "1"], ["0", "1"]]])
    );
    assert_eq!(v["behaviour"][0][1][0], serde_json::json!(["0", "1"]));
    assert_eq!(v["subgame_perfect"], true);
    assert_eq!(v["information_sets"][1][0]["label"], "respond");
    // The sequence form's Lemke path ends at one of the three.
    let out = run(&[f, "--method".as_ref(), "lcp".as_ref(), "--json".as_ref()]);
    assert_eq!(out.status.code(), Some(0));
    let v: Value = answer_json("nash", &out.stdout);
    assert_eq!(v["method"], "lcp");
    let found = v["equilibria"].as_array().expect("a list");
    assert_eq!(found.len(), 1, "{v}");
    let flat: Vec<&str> = found[0]
        .as_array()
        .expect("players")
        .iter()
        .flat_map(|p| {
            p.as_array()
                .expect("actions")
                .iter()
                .map(|x| x.as_str().expect("text"))
        })
        .collect();
    let line = format!("NE,{}", flat.join(","));
    assert!(
        ["NE,1,0,1,0", "NE,1,0,1/2,1/2", "NE,0,1,0,1"].contains(&line.as_str()),
        "{line}"
    );
    // A chance node whose probabilities do not sum to 1: refused, with its place.
    let bad = dir.path().join("bad.efg");
    std::fs::write(
        &bad,
        "EFG 2 R \"\" { \"A\" }\nc \"\" 1 \"\" { \"x\" 1/2 \"y\" 1/3 } 0\nt \"\" 0\nt \"\" 0\n",
    )
    .expect("written");
    let out = run(&[bad.as_os_str(), "--json".as_ref()]);
    assert_eq!(out.status.code(), Some(2));
    let v: Value = answer_json("nash", &out.stdout);
    assert_eq!(v["error"]["line"], 2);
    assert_eq!(v["error"]["column"], 11);
    // Subgame perfection is for trees.
    let out = conway()
        .args(["nash", "--a", "1 2; 3 4", "--subgame-perfect"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn nash_acceptance() {
    let dir = tempfile::tempdir().expect("temporary directory");
    // Gambit's contrib/games/coord3.nfg: 7 equilibria, one of them
    // ((2/5,2/5,1/5),(2/11,3/11,6/11)).
    let coord3 = dir.path().join("coord3.nfg");
    std::fs::write(
        &coord3,
        "NFG 1 R \"3x3 coordination game with 7 Nash equilibria\" { \"Player 1\" \"Player 2\" }\n\n\
         { { \"1\" \"2\" \"3\" }\n{ \"1\" \"2\" \"3\" }\n}\n\"\"\n\n{\n{ \"\" 3, 2 }\n{ \"\" 0, 0 }\n\
         { \"\" 0, 0 }\n{ \"\" 0, 0 }\n{ \"\" 2, 2 }\n{ \"\" 0, 0 }\n{ \"\" 0, 0 }\n{ \"\" 0, 0 }\n\
         { \"\" 1, 4 }\n}\n1 2 3 4 5 6 7 8 9 \n",
    )
    .expect("written");
    let out = conway().arg("nash").arg(&coord3).output().expect("runs");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(text.lines().count(), 7);
    assert!(text.contains("NE,2/5,2/5,1/5,2/11,3/11,6/11\n"));
    let out = conway()
        .args(["nash", "--json"])
        .arg(&coord3)
        .output()
        .expect("runs");
    let v: Value = answer_json("nash", &out.stdout);
    assert_eq!(v["method"], "enum");
    assert_eq!(v["players"][1], "Player 2");
    assert_eq!(v["equilibria"].as_array().map(Vec::len), Some(7));
    // Gambit's 2×2 constant-sum example (contrib/games/2x2const.nfg) as matrices.
    let out = conway()
        .args(["nash", "--a", "2 0; 0 1", "--b", "0 2; 2 1"])
        .output()
        .expect("runs");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "NE,1/3,2/3,1/3,2/3\n");
    // Bad input: line and column, exit 2.
    let bad = dir.path().join("bad.nfg");
    std::fs::write(&bad, "NFG 1 R \"x\" { \"a\" \"b\" } { 2 2 }\n1 2 3 q\n").expect("written");
    let out = conway().arg("nash").arg(&bad).output().expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 2, column 7"), "{err}");
    for args in [
        vec!["nash"],
        vec!["nash", "--a", "1 2; x 4"],
        vec!["nash", "--a", "1", "--b", "1 2"],
    ] {
        assert_bad_input(&args);
    }
}

#[test]
fn ess_acceptance() {
    // Maynard Smith, Evolution and the Theory of Games (1982): Hawk–Dove with V=2, C=4 has the
    // mixed ESS playing Hawk with probability V/C = 1/2; a strict equilibrium is an ESS, so
    // the stag hunt has both pure conventions; zero-sum rock-paper-scissors has none
    // (zᵀAz = 0 for every z). The non-regular game [[0,1,1],[0,0,0],[0,-1,0]] has e1 by the
    // definition (x·Ay − y·Ay = (s+t)² + st > 0 for the mutants y = (1−s−t, s, t)), which a
    // negative-definiteness test on the span of the best replies would reject.
    for (a, ess) in [
        ("-1 2; 0 1", vec![vec!["1/2", "1/2"]]),
        ("4 0; 3 3", vec![vec!["1", "0"], vec!["0", "1"]]),
        ("0 -1 1; 1 0 -1; -1 1 0", vec![]),
        ("0 1 1; 0 0 0; 0 -1 0", vec![vec!["1", "0", "0"]]),
    ] {
        let out = conway()
            .args(["ess", "--json", "--a", a])
            .output()
            .expect("runs");
        assert!(out.status.success(), "{a}");
        let v: Value = answer_json("ess", &out.stdout);
        let found: Vec<Vec<String>> = serde_json::from_value(v["ess"].clone()).expect("lists");
        assert_eq!(found, ess, "{a}");
    }
    let out = conway()
        .args(["ess", "--a", "1 2; 3 4", "--b", "1 2; 3 4"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn graph_games() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let write = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).expect("written");
        p.to_str().expect("utf-8 path").to_string()
    };
    // A triangle hanging from the ground by one edge (fusion: three loops, *1; then the
    // colon principle: *2) and a single edge (*1): *3 (Winning Ways ch. 7).
    let hk = write("hk.txt", "0 a\na b\nb c\nc a\n0 d\n");
    let v = solve_json(&["green-hackenbush", &hk]);
    assert_eq!(
        (v["value"].as_str(), v["outcome"].as_str()),
        (Some("*3"), Some("N"))
    );
    assert_eq!(v["winning_moves"].as_array().map(Vec::len), Some(1));
    // Geography on a path of five vertices: the end loses, the second vertex wins.
    let path = write("path.txt", "a b\nb c\nc d\nd e\n");
    assert_eq!(solve_json(&["geography", &path, "a"])["outcome"], "P");
    let v = solve_json(&["geography", &path, "b"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"].as_array().map(Vec::len), Some(2));
    // Conjunctive compound: the shortest component decides.
    let dag = write("dag.txt", "a: b c\nb: d\nc: d e\nd: f\n");
    let v = solve_json(&["conjunctive", &dag, "a", "c"]);
    assert_eq!(
        (v["outcome"].as_str(), v["remoteness"].as_u64()),
        (Some("N"), Some(1))
    );
    let cyclic = write("cyclic.txt", "a b\nb a\n");
    for bad in [
        vec!["solve", "conjunctive", &cyclic, "a"],
        vec!["solve", "geography", &path, "zz"],
        vec!["solve", "green-hackenbush", &path],
    ] {
        assert_bad_input(&bad);
    }
}

#[test]
fn stable_acceptance() {
    // Kandori, Mailath & Rob (1993) and Young (1993): the risk-dominant convention of a 2×2
    // coordination game is the stochastically stable one, so the stag hunt with 10 agents
    // selects Hare; its potentials are the fewest mutations that tip the population (7 into
    // all Stag, 3 into all Hare). Then the 3×3 game of Young, The Evolution of Conventions
    // (Econometrica 1993), with 30 agents.
    let out = conway()
        .args(["stable", "--json", "--a", "4 0; 3 3", "--agents", "10"])
        .output()
        .expect("runs");
    let v: Value = answer_json("stable", &out.stdout);
    assert_eq!(
        v["recurrent_classes"],
        serde_json::json!([[[10, 0]], [[0, 10]]])
    );
    assert_eq!(v["potentials"], serde_json::json!([7, 3]));
    assert_eq!(v["stable"], serde_json::json!([1]));
    let out = conway()
        .args([
            "stable",
            "--json",
            "--a",
            "6 0 0; 5 7 5; 0 5 8",
            "--agents",
            "30",
        ])
        .output()
        .expect("runs");
    let v: Value = answer_json("stable", &out.stdout);
    assert_eq!(v["potentials"], serde_json::json!([37, 15, 16]));
    assert_bad_input(&["stable", "--a", "4 0; 3 3", "--agents", "1"]);
    assert_bad_input(&[
        "stable", "--a", "1 2; 3 4", "--b", "1 2; 3 4", "--agents", "5",
    ]);
}

#[test]
fn nash_methods() {
    // Lemke–Howson reaches coord3's equilibria; every listed profile is one of the seven.
    let coord = ["--a", "3 0 0; 0 2 0; 0 0 1", "--b", "2 0 0; 0 2 0; 0 0 4"];
    let run = |extra: &[&str]| -> String {
        let out = conway()
            .arg("nash")
            .args(coord)
            .args(extra)
            .output()
            .expect("runs");
        assert!(out.status.success(), "{extra:?}");
        String::from_utf8(out.stdout).expect("utf-8")
    };
    let all = run(&[]);
    let lh = run(&["--method", "lh"]);
    assert!(!lh.is_empty());
    assert!(lh.lines().all(|l| all.lines().any(|m| m == l)), "{lh}");
    assert_eq!(run(&["--method", "lh", "--label", "3"]).lines().count(), 1);
    assert_eq!(run(&["--method", "pure"]).lines().count(), 3);
    // A continuum: one component with two extreme equilibria, and one maximal Nash subset:
    // player 1 always plays her first strategy, against which player 2 is indifferent, so
    // every mix of his is an equilibrium: {(1,0)} × {(1,0), (0,1)}.
    let out = conway()
        .args([
            "nash",
            "--a",
            "1 1; 0 0",
            "--b",
            "1 1; 0 0",
            "--components",
            "--json",
        ])
        .output()
        .expect("runs");
    let v: Value = answer_json("nash", &out.stdout);
    assert_eq!(v["components"], serde_json::json!([[0, 1]]));
    assert_eq!(
        v["maximal_nash_subsets"],
        serde_json::json!([{"player1": [["1", "0"]], "player2": [["1", "0"], ["0", "1"]]}])
    );
    // Zero-sum by LP: rock-paper-scissors has value 0 and the uniform strategies.
    let out = conway()
        .args([
            "nash",
            "--a",
            "0 -1 1; 1 0 -1; -1 1 0",
            "--method",
            "lp",
            "--json",
        ])
        .output()
        .expect("runs");
    let v: Value = answer_json("nash", &out.stdout);
    assert_eq!(v["value"], "0");
    assert_eq!(
        v["equilibria"][0][0],
        serde_json::json!(["1/3", "1/3", "1/3"])
    );
    assert_bad_input(&[
        "nash", "--a", "1 0; 0 1", "--b", "1 0; 0 1", "--method", "lp",
    ]);
    assert_bad_input(&["nash", "--a", "1 1; 0 0", "--label", "2"]);
    assert_bad_input(&["nash", "--a", "1 1; 0 0", "--method", "lh", "--label", "5"]);
}

#[test]
fn replicator() {
    // Zeeman, Population dynamics from game theory (1980): in this game the uniform state is
    // asymptotically stable under the replicator dynamic though it is not an ESS.
    // [[3,2],[4,1]] from (0.9,0.1) is at 0.50449 at t = 10, as in Nashpy's documentation of
    // its replicator dynamics.
    let out = conway()
        .args(["replicator", "--json", "--a", "0 6 -4; -3 0 5; -1 3 0"])
        .output()
        .expect("runs");
    let v: Value = answer_json("replicator", &out.stdout);
    let uniform = v["rest_points"]
        .as_array()
        .expect("list")
        .iter()
        .find(|r| r["state"] == serde_json::json!(["1/3", "1/3", "1/3"]))
        .expect("the uniform rest point");
    assert_eq!(uniform["stability"], "asymptotically stable");
    let out = conway()
        .args([
            "replicator",
            "--a",
            "3 2; 4 1",
            "--from",
            "0.9,0.1",
            "--dt",
            "0.001",
            "--every",
            "10000",
        ])
        .output()
        .expect("runs");
    let csv = String::from_utf8(out.stdout).expect("utf-8");
    let last = csv.lines().last().expect("rows");
    assert!(last.starts_with("10,0.5044"), "{last}");
    assert_bad_input(&["replicator", "--a", "3 2; 4 1", "--from", "0.9,0.2"]);
    assert_bad_input(&[
        "replicator",
        "--a",
        "0 1; 1 0",
        "--from",
        "0.5,0.5",
        "--discrete",
    ]);
}

/// `--moves` lists every move of a heap position, winning or not. Kayles rows 4 and 2 have
/// values 1 and 2 (Winning Ways, ch. 4: Kayles values 0, 1, 2, 3, 1, …), nim-sum 3: a row
/// of 4 offers 3, 1+2, 2 and 1+1 pins, a row of 2 offers 1 and 0, and the winning moves are
/// the two leaving nim-sum 0: 4 → 2 (value 2) and 2 → 1 (value 1).
#[test]
fn moves_lists_every_option_and_the_winning_ones_among_them() {
    let v = solve_json(&["kayles", "4", "2", "--moves"]);
    let options = v["options"].as_array().expect("options listed");
    let tos: Vec<&str> = options.iter().map(|m| m["to"].as_str().unwrap()).collect();
    assert_eq!(tos, ["3 2", "1 2 2", "2 2", "1 1 2", "4 1", "4 0"]);
    assert_eq!(v["all_options"], true);
    let winning: Vec<&str> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].as_str().unwrap())
        .collect();
    assert_eq!(winning, ["2 2", "4 1"]);
    // Without the flag the report has no options at all.
    assert!(solve_json(&["kayles", "4", "2"]).get("options").is_none());
}
