//! Helpers shared by the CLI's integration tests: the built binary, and the output of a run
//! that must succeed.

use assert_cmd::Command;

/// The `conway` binary of this build.
pub fn conway() -> Command {
    Command::cargo_bin("conway").expect("the conway binary is built")
}

/// The standard output of `cmd`, which must succeed; `what` names the run if it does not.
pub fn succeeded(cmd: &mut Command, what: &str) -> Vec<u8> {
    let out = cmd.output().expect("runs");
    assert!(
        out.status.success(),
        "{what}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}
