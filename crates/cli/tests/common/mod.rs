//! Helpers shared by the CLI's integration tests: the built binary, the output of a run
//! that must succeed, and a `--json` answer checked against its command's schema.

// Each test binary compiles this module and uses its own part of it.
#![allow(dead_code)]

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

/// The one JSON object `stdout` holds, checked against the schema of `command`'s output in
/// `schemas/` (`error.json` when it is an error), so every test that reads a `--json`
/// answer also checks the contract.
pub fn answer_json(command: &str, stdout: &[u8]) -> serde_json::Value {
    let value: serde_json::Value = serde_json::from_slice(stdout).unwrap_or_else(|e| {
        panic!(
            "{command}: not one JSON object ({e}): {}",
            String::from_utf8_lossy(stdout)
        )
    });
    let schema = schema_of(command, &value)
        .unwrap_or_else(|| panic!("{command}: no schema in schemas/ for {value}"));
    check_against(command, &schema, &value);
    value
}

/// The schema `value`, an answer of `command`, must fit: `error.json` for an error, else
/// the command's own (`None` when the command has none, as `help`).
pub fn schema_of(command: &str, value: &serde_json::Value) -> Option<(String, serde_json::Value)> {
    let name = if value.get("error").is_some() {
        "error"
    } else {
        command
    };
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../schemas")
        .join(format!("{name}.json"));
    let text = std::fs::read_to_string(path).ok()?;
    Some((
        name.to_string(),
        serde_json::from_str(&text).expect("a schema is JSON"),
    ))
}

/// Fails, listing every mismatch, unless `value` fits `schema`.
pub fn check_against(
    command: &str,
    schema: &(String, serde_json::Value),
    value: &serde_json::Value,
) {
    let validator = jsonschema::validator_for(&schema.1).expect("a valid schema");
    let problems: Vec<String> = validator
        .iter_errors(value)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(
        problems.is_empty(),
        "{command}: the answer does not fit schemas/{}.json:\n{}\n{value}",
        schema.0,
        problems.join("\n")
    );
}
