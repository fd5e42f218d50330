//! `conway serve` over HTTP on loopback, as the page uses it: a worksheet's cells with
//! variables, a long cell cancelled, the per-cell time limit, limits on requests, the
//! worksheet file, and the page's own files.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// A server on a free port, stopped when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    fn start(args: &[&str]) -> Server {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_conway"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .spawn()
            .expect("the server starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("piped"))
            .read_line(&mut line)
            .expect("the server's first line");
        let port = line
            .split("127.0.0.1:")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        Server { child, port }
    }

    /// One request: the status and the body.
    fn request(&self, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connects");
        let body = body.unwrap_or("");
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .expect("sends");
        let mut response = String::new();
        stream.read_to_string(&mut response).expect("reads");
        let status = response[9..12].parse().expect("a status code");
        let body = response.split_once("\r\n\r\n").map_or("", |(_, b)| b);
        (status, body.to_string())
    }

    fn json(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let (status, text) = self.request(method, path, body.map(|b| b.to_string()).as_deref());
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    fn worksheet(&self) -> u64 {
        self.json("POST", "/api/worksheets", None).1["worksheet"]
            .as_u64()
            .expect("a worksheet id")
    }

    fn submit(&self, worksheet: u64, input: &str) -> u64 {
        let (status, job) = self.json(
            "POST",
            &format!("/api/worksheets/{worksheet}/cells"),
            Some(serde_json::json!({ "input": input })),
        );
        assert_eq!(status, 200, "{job}");
        job["job"].as_u64().expect("a job id")
    }

    /// The job's final state.
    fn outcome(&self, job: u64) -> Value {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let state = self
                .json("GET", &format!("/api/jobs/{job}?wait=1000"), None)
                .1;
            if state["state"] == "done" || state["state"] == "failed" {
                return state;
            }
            assert!(Instant::now() < deadline, "job {job} never ended: {state}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn cells_variables_commands_and_the_page() {
    let server = Server::start(&[]);
    let w = server.worksheet();
    let jobs: Vec<u64> = [
        "G := ^",
        "G + G + *",
        "{3||2+*|1+*}",
        "solve nim 3 5 7",
        "G + H",
        "nash x.nfg",
    ]
    .iter()
    .map(|cell| server.submit(w, cell))
    .collect();
    let answers: Vec<Value> = jobs.iter().map(|&j| server.outcome(j)).collect();
    assert_eq!(answers[0]["answer"]["kind"], "assignment");
    assert_eq!(answers[1]["answer"]["report"]["canonical"], "^^*");
    assert_eq!(answers[2]["answer"]["report"]["canonical"], "{3||2*|1*}");
    let svg = answers[2]["answer"]["thermograph_svg"].as_str().unwrap();
    assert!(svg.starts_with("<svg"), "{svg}");
    assert_eq!(answers[3]["answer"]["report"]["outcome"], "N");
    assert_eq!(answers[4]["state"], "failed");
    assert_eq!(answers[4]["error"]["column"], 5);
    assert!(answers[5]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("no files"));
    // Two worksheets do not share variables; `:vars` lists a worksheet's own.
    let other = server.worksheet();
    let unknown = server.outcome(server.submit(other, "G"));
    assert_eq!(unknown["state"], "failed");
    let vars =
        |worksheet| server.outcome(server.submit(worksheet, ":vars"))["answer"]["report"].clone();
    assert_eq!(
        vars(w)["variables"],
        serde_json::json!([{ "name": "G", "value": "^" }])
    );
    assert_eq!(vars(other)["variables"], serde_json::json!([]));

    let (status, file) = server.request("GET", &format!("/api/worksheets/{w}/file"), None);
    assert_eq!(status, 200);
    assert!(file.contains("\"format\": \"conway-worksheet\"") && file.contains("G := ^"));
    // A request that waits for a quick job answers as soon as it ends, long before its
    // wait is over (a minute: however slow the machine, the job ends sooner).
    let quick = server.submit(w, "{1|*} + 1");
    let asked = Instant::now();
    let state = server
        .json("GET", &format!("/api/jobs/{quick}?wait=60000"), None)
        .1;
    assert_eq!(state["state"], "done", "{state}");
    assert!(
        asked.elapsed() < Duration::from_secs(60),
        "{:?}",
        asked.elapsed()
    );
    let (status, page) = server.request("GET", "/", None);
    assert_eq!(status, 200);
    assert!(page.contains("<script type=\"module\" src=\"/app.js\">"));
    assert_eq!(server.request("GET", "/app.js", None).0, 200);
    assert_eq!(server.request("GET", "/api/jobs/1", None).0, 404);
}

/// Cancel and the time limit stop a cell long before its end (a minute's work); how soon
/// is measured by `crates/python/tests/interrupts.py`, not asserted here, where it would
/// depend on the machine.
#[test]
fn cancel_and_the_time_limit_stop_a_cell() {
    let server = Server::start(&["--cell-seconds", "2"]);
    let w = server.worksheet();
    let big = "domineering(\"......|......|......|......|......|......\")";
    let job = server.submit(w, big);
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let state = server.json("GET", &format!("/api/jobs/{job}"), None).1;
        if state["state"] == "running" {
            break;
        }
        assert!(Instant::now() < deadline, "never ran: {state}");
        std::thread::sleep(Duration::from_millis(20));
    }
    let asked = Instant::now();
    assert_eq!(
        server
            .request("POST", &format!("/api/jobs/{job}/cancel"), None)
            .0,
        204
    );
    let stopped = server.outcome(job);
    assert!(
        asked.elapsed() < Duration::from_secs(30),
        "{:?}",
        asked.elapsed()
    );
    assert_eq!(stopped["error"]["message"], "stopped by Cancel");
    // The session goes on after a stopped cell; a cell past the limit is stopped and says so.
    assert_eq!(
        server.outcome(server.submit(w, "1 + 1"))["answer"]["report"]["canonical"],
        "2"
    );
    let limited = server.outcome(server.submit(w, big));
    let message = limited["error"]["message"].as_str().unwrap();
    assert!(message.contains("stopped after 2 s"), "{message}");
    let seconds = limited["seconds"].as_f64().unwrap();
    assert!((2.0..30.0).contains(&seconds), "{limited}");
}

#[test]
fn limits_and_the_worksheet_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sheet.json");
    std::fs::write(
        &path,
        r#"{"format":"conway-worksheet","version":1,"cells":[{"input":"K := *"}]}"#,
    )
    .unwrap();
    let server = Server::start(&[path.to_str().unwrap(), "--max-worksheets", "2"]);
    let startup = server.json("GET", "/api/startup", None).1;
    assert_eq!(startup["cells"], serde_json::json!(["K := *"]));
    let w = server.worksheet();
    server.outcome(server.submit(w, "K := {1|*}"));
    let (status, saved) = server.json("POST", &format!("/api/worksheets/{w}/save"), None);
    assert_eq!(status, 200, "{saved}");
    assert!(std::fs::read_to_string(&path)
        .unwrap()
        .contains("K := {1|*}"));
    server.worksheet();
    let (status, refused) = server.json("POST", "/api/worksheets", None);
    assert_eq!(status, 503);
    assert_eq!(refused["error"]["kind"], "too_large");
    let long = "1+".repeat(60_000) + "1";
    let (status, _) = server.json(
        "POST",
        &format!("/api/worksheets/{w}/cells"),
        Some(serde_json::json!({ "input": long })),
    );
    assert_eq!(status, 413);
    let (status, _) = server.request("POST", &format!("/api/worksheets/{w}/cells"), Some("{"));
    assert_eq!(status, 400);
}

/// The page is told every ruleset of the registry, in its order, with its board; and each
/// ruleset's example, run as a cell, answers.
#[test]
fn the_page_is_told_the_registry() {
    let server = Server::start(&[]);
    let (status, described) = server.json("GET", "/api/rulesets", None);
    assert_eq!(status, 200, "{described}");
    let registry = conway_rulesets::registry::RULESETS;
    let names: Vec<&str> = described
        .as_array()
        .expect("a list")
        .iter()
        .map(|r| r["name"].as_str().expect("a name"))
        .collect();
    let expected: Vec<&str> = registry.iter().map(|r| r.name).collect();
    assert_eq!(names, expected);
    let w = server.worksheet();
    for (ruleset, told) in registry.iter().zip(described.as_array().unwrap()) {
        let symbols: Vec<String> = ruleset
            .board
            .map(|b| b.squares.iter().map(|s| s.symbol.to_string()).collect())
            .unwrap_or_default();
        let told_symbols: Vec<String> = told["board"]["squares"]
            .as_array()
            .map(|squares| {
                squares
                    .iter()
                    .map(|s| s["symbol"].as_str().unwrap().to_string())
                    .collect()
            })
            .unwrap_or_default();
        assert_eq!(told_symbols, symbols, "{}", ruleset.name);
        assert_eq!(
            told["searched"],
            ruleset.search.is_some(),
            "{}",
            ruleset.name
        );
        let answer = server.outcome(server.submit(w, ruleset.example));
        assert_eq!(answer["state"], "done", "{}: {answer}", ruleset.example);
    }
}

/// A pictured ruleset's position is read into a picture and written back by the server: an
/// edited graph loses the edges a cut leaves hanging; a bad position is refused with the
/// ruleset's located message, an unknown ruleset is not found.
#[test]
fn pictures_are_read_and_written_by_the_ruleset() {
    let server = Server::start(&[]);
    let pictured = conway_rulesets::registry::RULESETS
        .iter()
        .find(|r| r.picture.is_some())
        .expect("a ruleset drawn as a picture");
    let path = |what: &str| format!("/api/rulesets/{}/{what}", pictured.name);
    let (status, read) = server.json(
        "POST",
        &path("picture"),
        Some(serde_json::json!({ "position": "0-1:l 1-2:r 2-3:e" })),
    );
    assert_eq!(status, 200, "{read}");
    let mut edges = read["picture"]["graph"]
        .as_array()
        .expect("a graph")
        .clone();
    assert_eq!(edges.len(), 3);
    edges.remove(0);
    let (status, written) = server.json(
        "POST",
        &path("position"),
        Some(serde_json::json!({ "picture": { "graph": edges } })),
    );
    assert_eq!(status, 200, "{written}");
    assert_eq!(written["position"], "");
    let (status, stalks) = server.json(
        "POST",
        &path("position"),
        Some(serde_json::json!({ "picture": { "stalks": [["left", "right"], ["either"]] } })),
    );
    assert_eq!((status, stalks["position"].as_str()), (200, Some("lr|e")));
    let (status, refused) = server.json(
        "POST",
        &path("picture"),
        Some(serde_json::json!({ "position": "lrq" })),
    );
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["error"]["column"], 3, "{refused}");
    let (status, _) = server.json(
        "POST",
        "/api/rulesets/no_such_game/picture",
        Some(serde_json::json!({ "position": "" })),
    );
    assert_eq!(status, 404);
}
