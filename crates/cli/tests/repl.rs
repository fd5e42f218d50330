//! `conway repl` driven through its standard input, as a script or a test harness would:
//! variables, commands, errors that keep the session going, multi-line input, and a
//! worksheet saved by one session and opened by the next.

mod common;

use common::{conway, succeeded};

fn session(args: &[&str], input: &str) -> (Option<i32>, String, String) {
    let out = conway()
        .arg("repl")
        .args(args)
        .write_stdin(input)
        .output()
        .expect("runs");
    (
        out.status.code(),
        String::from_utf8(out.stdout).expect("utf-8"),
        String::from_utf8(out.stderr).expect("utf-8"),
    )
}

#[test]
fn variables_commands_and_errors() {
    let (code, out, _) = session(
        &[],
        "G := ^\nG + G + *\nsolve nim 3 5 7\nH + 1\nnash --a '3 0; 5 1' --b '3 5; 0 1'\n\
         temperature({3||2|\n1})\n:vars\n:nonsense\n:report on\nG + *\n:report maybe\n",
    );
    assert_eq!(code, Some(0), "{out}");
    // A value prints on one line, as in CGSuite's worksheet; `:report on` adds the report.
    assert!(
        out.contains("^^*\n") && !out.contains("^^*\n  outcome:"),
        "{out}"
    );
    assert!(out.contains("^*\n  outcome:"), "{out}");
    assert!(out.contains("error: ':report maybe'"), "{out}");
    assert!(
        out.contains("outcome             N (the player to move wins)"),
        "{out}"
    );
    assert!(out.contains("error: column 1: unknown name 'H'"), "{out}");
    assert!(out.contains("the variables are G"), "{out}");
    assert!(out.contains("NE,0,1,0,1\n"), "{out}");
    // {3||2|1} spread over two lines: temperature 3/4.
    assert!(out.contains("\n3/4\n"), "{out}");
    assert!(out.contains("G = ^\n"), "{out}");
    assert!(
        out.contains("error: unknown or incomplete ':nonsense'"),
        "{out}"
    );
}

#[test]
fn a_saved_worksheet_opens_in_the_next_session() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sheet.json");
    let path_text = path.to_str().unwrap();
    let saving = format!("G := {{1|*}}\nK := G + G\n:save {path_text}\n");
    let out = succeeded(
        conway().arg("repl").write_stdin(saving),
        "the saving session",
    );
    assert!(String::from_utf8_lossy(&out).contains("saved 2 lines"));
    let (code, out, _) = session(&[path_text], "K - G\n:quit\n");
    assert_eq!(code, Some(0));
    // The worksheet's lines are echoed and run again; then K - G is G itself.
    assert!(out.contains("conway> G := {1|*}"), "{out}");
    let last = out.rsplit("conway> K := G + G").next().unwrap();
    assert!(last.contains("\n{1|*}\n"), "{out}");
    let (code, out, _) = session(&[], &format!(":load {path_text}\n:vars\n"));
    assert_eq!(code, Some(0));
    assert!(out.contains("G = {1|*}\nK = "), "{out}");
}

#[test]
fn a_worksheet_that_cannot_be_opened_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let (code, _, err) = session(&[dir.path().join("none.json").to_str().unwrap()], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("none.json"), "{err}");
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "{\"format\": \"conway-worksheet\",\n \"cells\": 3}").unwrap();
    let (code, _, err) = session(&[bad.to_str().unwrap()], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("line 2"), "{err}");
}

#[test]
fn json_answers_are_one_line_each() {
    let (code, out, _) = session(&["--json"], "G := ^\nG + *\nsolve nim 1 1\nH\n:vars\n");
    assert_eq!(code, Some(0));
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert_eq!(lines[0]["kind"], "assignment");
    assert_eq!(lines[0]["name"], "G");
    assert_eq!(lines[1]["report"]["canonical"], "^*");
    assert!(lines[1]["thermograph_svg"]
        .as_str()
        .unwrap()
        .starts_with("<svg"));
    assert_eq!(lines[2]["kind"], "command");
    assert_eq!(lines[2]["report"]["outcome"], "P");
    assert_eq!(lines[3]["error"]["kind"], "parse");
    assert_eq!(lines[3]["error"]["column"], 1);
    assert_eq!(
        lines[4]["variables"],
        serde_json::json!([{ "name": "G", "value": "^" }])
    );
}

/// How long a step of a terminal session may take to show what it waits for: far longer
/// than any of them takes, even on a loaded machine; only a session that never shows it
/// (a hang, a lost keystroke) waits this long.
const STEP_DEADLINE: std::time::Duration = std::time::Duration::from_secs(60);

/// Runs a session in a pseudo-terminal (util-linux `script`): waits for the first prompt,
/// then for each step writes its keys and waits until the session prints its marker (none
/// when empty) after them; returns everything the session printed. Steps follow what the
/// session shows, not the clock, so a slow machine only makes the test slower.
fn through_a_terminal(args: &str, steps: &[(&str, &str)]) -> String {
    use std::io::{Read, Write};
    use std::process::{Command, Stdio};
    use std::sync::{Arc, Mutex};
    let command = format!("{} repl {args}", env!("CARGO_BIN_EXE_conway"));
    let mut child = Command::new("script")
        .args(["-qfec", &command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("script (util-linux) runs");
    let printed = Arc::new(Mutex::new(String::new()));
    let reader = {
        let printed = Arc::clone(&printed);
        let mut stdout = child.stdout.take().expect("piped");
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(n @ 1..) = stdout.read(&mut buffer) {
                let text = String::from_utf8_lossy(&buffer[..n]);
                printed.lock().expect("not poisoned").push_str(&text);
            }
        })
    };
    let shown_after = |from: usize, marker: &str| {
        let asked = std::time::Instant::now();
        loop {
            let seen = printed.lock().expect("not poisoned").clone();
            if seen.get(from..).is_some_and(|after| after.contains(marker)) {
                return;
            }
            assert!(
                asked.elapsed() < STEP_DEADLINE,
                "the session never showed {marker:?}: {seen}"
            );
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    };
    shown_after(0, "conway> ");
    let mut input = child.stdin.take().expect("piped");
    for (keys, marker) in steps {
        let from = printed.lock().expect("not poisoned").len();
        input.write_all(keys.as_bytes()).expect("typed");
        input.flush().expect("typed");
        if !marker.is_empty() {
            shown_after(from, marker);
        }
    }
    drop(input);
    child.wait().expect("ends");
    reader.join().expect("the reader ends");
    let out = printed.lock().expect("not poisoned").clone();
    out
}

#[test]
fn in_a_terminal_ctrl_c_stops_the_line_and_the_session_goes_on() {
    // Ctrl-C once the cell shows its progress (so it is running), not after a pause.
    let out = through_a_terminal(
        "",
        &[
            ("G := ^\r", "conway> "),
            (
                "domineering(\"......|......|......|......|......|......\")\r",
                "Ctrl-C stops",
            ),
            ("\u{3}", "error: interrupted"),
            ("G + G\r", "^^"),
            (":quit\r", ""),
        ],
    );
    assert!(out.contains("error: interrupted"), "{out}");
    let after = out.rsplit("error: interrupted").next().unwrap();
    assert!(after.contains("\n^^\r"), "{out}");
}

#[test]
fn a_worksheet_opens_in_a_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.json");
    std::fs::write(
        &path,
        r#"{"format":"conway-worksheet","version":1,"cells":[{"input":"K := {1|*} + {1|*}"}]}"#,
    )
    .unwrap();
    let out = through_a_terminal(
        path.to_str().unwrap(),
        &[
            ("K - {1|*}\r", "conway> "),
            (":vars\r", "K = "),
            (":quit\r", ""),
        ],
    );
    assert!(out.contains("\n{1|*}\r\n"), "{out}");
    assert!(out.contains("K = 1*"), "{out}");
}

/// A Gambit `.nfg` file pasted into a terminal session over several lines is read whole:
/// Hawk-Dove with V = 2, C = 4 (Maynard Smith and Price, 1973), whose ESS is the mix 1/2.
#[test]
fn a_pasted_nfg_file_is_read_whole_in_a_terminal() {
    let out = through_a_terminal(
        "",
        &[
            ("NFG 1 R \"hawk-dove\" { \"1\" \"2\" } { 2 2 }\r", ""),
            ("-1 -1 0 2\r", ""),
            ("2 0 1 1\r", "ESS"),
            (":quit\r", ""),
        ],
    );
    assert!(out.contains("NE,1/2,1/2,1/2,1/2"), "{out}");
    assert!(out.contains("(1/2,1/2)  ESS"), "{out}");
}
