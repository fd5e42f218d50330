//! `conway grundy --checkpoint`: a run killed with SIGKILL at any moment, then started again
//! with the same file, ends with exactly the values of an uninterrupted run.

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

#[test]
fn killed_runs_resume_to_the_same_values() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let whole = dir.path().join("whole.ckpt");
    let killed = dir.path().join("killed.ckpt");

    let reference = grundy(&whole).output().expect("runs");
    assert!(reference.status.success());

    // Kill the run at several moments: right after the first checkpoint appears, and later.
    let mut killed_mid_run = 0;
    for delay_ms in [0u64, 7, 40, 120, 250] {
        let mut child = grundy(&killed).spawn().expect("starts");
        let start = Instant::now();
        while !killed.exists() && start.elapsed() < Duration::from_secs(60) {
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
    }
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
