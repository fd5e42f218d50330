//! `conway grundy --checkpoint` and `conway solve … --checkpoint`: a run killed with SIGKILL
//! at any moment, then started again with the same file, ends with exactly the answer of an
//! uninterrupted run.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_conway");
/// 0.167 has no short period, so every heap costs real work: the run lasts long enough to
/// be killed in the middle (about a second in release builds).
const GAME: &str = "0.167";
const HEAPS: &str = "6000000";

fn grundy(checkpoint: &Path) -> Command {
    let mut c = Command::new(BIN);
    c.args(["grundy", GAME, "--to", HEAPS, "--json", "--checkpoint"])
        .arg(checkpoint)
        .args(["--checkpoint-every", "0.02"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    c
}

/// Runs `command` once per delay and kills it with SIGKILL that long after `file` (its
/// checkpoint) first appears, calling `after_kill` with the delay each time; how many runs
/// were still going when killed.
fn kill_at_moments(
    command: impl Fn() -> Command,
    file: &Path,
    delays_ms: &[u64],
    after_kill: impl Fn(u64),
) -> usize {
    let mut killed_mid_run = 0;
    for &delay_ms in delays_ms {
        let mut child = command().spawn().expect("starts");
        let start = Instant::now();
        while !file.exists() && start.elapsed() < Duration::from_secs(60) {
            if child.try_wait().expect("wait").is_some() {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        std::thread::sleep(Duration::from_millis(delay_ms));
        if child.try_wait().expect("wait").is_none() {
            child.kill().expect("SIGKILL");
            killed_mid_run += 1;
        }
        child.wait().expect("reaped");
        after_kill(delay_ms);
    }
    killed_mid_run
}

#[test]
fn killed_runs_resume_to_the_same_values() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let whole = dir.path().join("whole.ckpt");
    let killed = dir.path().join("killed.ckpt");

    let reference = grundy(&whole).output().expect("runs");
    assert!(reference.status.success());

    // Kill the run at several moments: right after the first checkpoint appears, and later.
    let killed_mid_run = kill_at_moments(
        || grundy(&killed),
        &killed,
        &[0, 7, 40, 120, 250],
        |delay_ms| {
            // Whatever moment the kill hit, the file on disk is a valid checkpoint.
            let check = Command::new(BIN)
                .args(["grundy", GAME, "--to", "1", "--checkpoint"])
                .arg(&killed)
                .output()
                .expect("runs");
            assert!(
                check.status.success(),
                "checkpoint unreadable after a kill {delay_ms} ms in: {}",
                String::from_utf8_lossy(&check.stderr)
            );
        },
    );
    assert!(killed_mid_run > 0, "no run was still going when killed");

    let resumed = grundy(&killed).output().expect("runs");
    assert!(resumed.status.success());
    assert_eq!(resumed.stdout, reference.stdout);
    let (a, b) = (
        std::fs::read(&whole).unwrap(),
        std::fs::read(&killed).unwrap(),
    );
    assert!(
        a == b,
        "the resumed values differ from the uninterrupted run's"
    );
}

#[test]
fn damaged_checkpoints_are_refused_with_one_line() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join("x.ckpt");
    std::fs::write(&path, b"CONWAYGS garbage").unwrap();
    let out = Command::new(BIN)
        .args(["grundy", "0.77", "--to", "100", "--checkpoint"])
        .arg(&path)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("delete it to start over"), "{err}");
    // The damaged file is left as it was.
    assert_eq!(std::fs::read(&path).unwrap(), b"CONWAYGS garbage");
}

fn solve(game: &str, board: &str, checkpoint: &Path) -> Command {
    let mut c = Command::new(BIN);
    c.args(["solve", game, board, "--json", "--checkpoint"])
        .arg(checkpoint)
        .args(["--checkpoint-every", "0.02"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    c
}

/// `conway solve GAME BOARD --checkpoint`: a search killed with SIGKILL at any moment, then
/// started again with the same file, answers as an uninterrupted one; a finished search's
/// file answers again without searching, and a file of another board (`other`) is refused
/// in one line saying what it holds (`holds`).
fn killed_searches_resume(game: &str, board: &str, other: &str, holds: &str) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let (whole, killed) = (
        dir.path().join("whole.ckpt"),
        dir.path().join("killed.ckpt"),
    );
    let reference = solve(game, board, &whole).output().expect("runs");
    assert!(reference.status.success());

    let killed_mid_run = kill_at_moments(
        || solve(game, board, &killed),
        &killed,
        &[0, 50, 150, 300],
        |_| {},
    );
    assert!(killed_mid_run > 0, "no search was still going when killed");
    let resumed = solve(game, board, &killed).output().expect("runs");
    assert!(
        resumed.status.success(),
        "{}",
        String::from_utf8_lossy(&resumed.stderr)
    );
    assert_eq!(resumed.stdout, reference.stdout);

    // A finished search's positions answer without searching: a budget of one position is
    // enough.
    let again = solve(game, board, &whole)
        .args(["--budget", "1"])
        .output()
        .expect("runs");
    assert_eq!(
        again.stdout,
        reference.stdout,
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );

    // Another board's file is refused in one line, and left as it was.
    let before = std::fs::read(&whole).expect("the checkpoint");
    let other = Command::new(BIN)
        .args(["solve", game, other, "--checkpoint"])
        .arg(&whole)
        .output()
        .expect("runs");
    assert_eq!(other.status.code(), Some(2));
    let err = String::from_utf8_lossy(&other.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains(holds), "{err}");
    assert_eq!(std::fs::read(&whole).expect("the checkpoint"), before);
}

/// The Domineering bitboard search; 7 × 8 takes about a second, long enough to be killed
/// in the middle.
#[test]
fn killed_domineering_searches_resume_to_the_same_answer() {
    killed_searches_resume("domineering", "7x8", "7x7", "domineering board");
}

/// The general search of any ruleset; 4 × 5 Clobber takes about a second and a half.
#[test]
fn killed_ruleset_searches_resume_to_the_same_answer() {
    killed_searches_resume(
        "clobber",
        "4x5",
        "4x4",
        "holds the search of clobber xoxox|oxoxo|xoxox|oxoxo",
    );
}

/// Every reader of a durable file, given a file of each other format Conway writes, says
/// what the file is and what it expected, in one line with status 2, and leaves the file
/// as it was: a file of one format is never read as another.
#[test]
fn a_file_of_another_format_is_named_and_left_alone() {
    use conway_core::durable::{self, Format};
    use conway_core::formats;
    let dir = tempfile::tempdir().expect("temporary directory");
    let readers: [(&Format, &[&str]); 4] = [
        (
            &formats::HEAP_CHECKPOINT,
            &["grundy", "0.77", "--to", "100", "--checkpoint"],
        ),
        (
            &formats::DOMINEERING_CHECKPOINT,
            &["solve", "domineering", "3x3", "--checkpoint"],
        ),
        (
            &formats::RULESET_CHECKPOINT,
            &["solve", "clobber", "xox|oxo", "--checkpoint"],
        ),
        (
            &formats::RETROGRADE_TABLE,
            &["solve", "chase", "4", "1", "1", "4", "4", "--table"],
        ),
    ];
    for written in formats::ALL {
        let path = dir.path().join("file");
        durable::save(&path, written, "something", |out| {
            out.write_all(b"a payload")
        })
        .expect("saved");
        let before = std::fs::read(&path).expect("read");
        for (expected, args) in readers {
            if expected.magic == written.magic {
                continue;
            }
            let out = Command::new(BIN)
                .args(args)
                .arg(&path)
                .output()
                .expect("runs");
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
            assert_eq!(err.trim_end().lines().count(), 1, "{err}");
            let named = format!("this is a {}, not a {}", written.kind, expected.kind);
            assert!(err.contains(&named), "{args:?}: {err}");
            assert_eq!(std::fs::read(&path).expect("read"), before, "{args:?}");
        }
    }
}
