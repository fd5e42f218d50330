//! The JSON Schemas in `schemas/` are what `conway schema COMMAND` generates from the report
//! types, so the committed documents cannot drift from the code. After a deliberate change
//! of a report, `UPDATE_SCHEMAS=1 cargo test -p conway-cli --test schemas` rewrites them;
//! the diff is then the change of the contract to review. (Every README example's JSON
//! output is checked against these files by `tests/golden.rs`.)

use std::path::PathBuf;
use std::process::Command;

/// The commands with a schema, from `conway schema`'s own list of choices.
fn names(bin: &str) -> Vec<String> {
    let out = Command::new(bin)
        .args(["schema", "nonesuch"])
        .output()
        .expect("runs");
    let message = String::from_utf8_lossy(&out.stderr).into_owned();
    let list = message
        .split("[possible values: ")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .unwrap_or_else(|| panic!("no list of choices in {message}"));
    list.split(", ").map(str::to_string).collect()
}

#[test]
fn committed_schemas_are_the_generated_ones() {
    let bin = env!("CARGO_BIN_EXE_conway");
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../schemas");
    let names = names(bin);
    assert!(names.len() >= 9, "{names:?}");
    let update = std::env::var_os("UPDATE_SCHEMAS").is_some();
    for name in &names {
        let out = Command::new(bin)
            .args(["schema", name])
            .output()
            .expect("runs");
        assert!(out.status.success(), "{name}");
        let generated = String::from_utf8(out.stdout).expect("utf-8");
        let path = dir.join(format!("{name}.json"));
        if update {
            std::fs::create_dir_all(&dir).expect("schemas/");
            std::fs::write(&path, &generated).expect("written");
            continue;
        }
        let committed = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("schemas/{name}.json: {e} (UPDATE_SCHEMAS=1 writes it)"));
        assert_eq!(
            committed, generated,
            "schemas/{name}.json is not what the code generates"
        );
        // Each is a JSON Schema a validator accepts.
        let schema: serde_json::Value = serde_json::from_str(&committed).expect("JSON");
        assert!(jsonschema::validator_for(&schema).is_ok(), "{name}");
    }
    // Nothing else lies in the folder.
    let files = std::fs::read_dir(&dir).expect("schemas/").count();
    assert_eq!(files, names.len());
}

/// The committed schema of `name`'s output, ready to validate.
fn validator(name: &str) -> jsonschema::Validator {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../schemas");
    let text = std::fs::read_to_string(dir.join(format!("{name}.json"))).expect("schema");
    let schema: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    jsonschema::validator_for(&schema).expect("a schema")
}

/// The one JSON object a run of the built binary with `args` prints.
fn answer(args: &[&str]) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_conway"))
        .args(args)
        .output()
        .expect("runs");
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// The schemas say something: a real answer fits, the same answer changed does not.
#[test]
fn a_changed_answer_does_not_fit() {
    let solve = validator("solve");
    let mut nim = answer(&["solve", "nim", "3", "4", "--json"]);
    assert!(solve.is_valid(&nim));
    nim["outcome"] = "X".into();
    assert!(!solve.is_valid(&nim));
    let eval = validator("eval");
    let mut game = answer(&["eval", "{3||2|1}", "--json"]);
    assert!(eval.is_valid(&game));
    game["mean"] = 2.25.into();
    assert!(!eval.is_valid(&game));
    // A game without its report, or with a value's text, is not a game's answer.
    let full = answer(&["eval", "{3||2|1}", "--json"]);
    let bare = serde_json::json!({ "input": full["input"], "kind": "game" });
    assert!(!eval.is_valid(&bare));
    let mut texted = full.clone();
    texted["value"] = "{3||2|1}".into();
    assert!(!eval.is_valid(&texted));
    let mut number = answer(&["eval", "mean({3||2|1})", "--json"]);
    assert!(eval.is_valid(&number));
    number["kind"] = "game".into();
    assert!(!eval.is_valid(&number));
    let mut chase = answer(&["solve", "chase", "4", "1", "1", "4", "4", "--json"]);
    assert!(solve.is_valid(&chase));
    chase["winner"] = "nobody".into();
    assert!(!solve.is_valid(&chase));
    let mut misere = answer(&["eval", "*[2]", "--json"]);
    assert!(eval.is_valid(&misere));
    misere["birthday"] = "4".into();
    assert!(!eval.is_valid(&misere));
    let error = validator("error");
    let mut failure = answer(&["solve", "nimm", "--json"]);
    assert!(error.is_valid(&failure));
    failure["error"]["kind"] = "oops".into();
    assert!(!error.is_valid(&failure));
}

/// A key the contract does not list fails, at the top and inside, in plain objects and in
/// ones made of flattened parts (`eval`'s game report).
#[test]
fn an_unknown_key_does_not_fit() {
    let cases: [(&str, &[&str], &str); 5] = [
        ("solve", &["solve", "nim", "3", "4", "--json"], ""),
        ("eval", &["eval", "{3||2|1}", "--json"], ""),
        ("eval", &["eval", "mean({3||2|1})", "--json"], ""),
        ("nash", &["nash", "--a", "1 0; 0 1", "--json"], ""),
        ("error", &["solve", "nimm", "--json"], "error"),
    ];
    for (schema, args, inner) in cases {
        let validator = validator(schema);
        let fitting = answer(args);
        assert!(validator.is_valid(&fitting), "{args:?}");
        let mut stray = fitting.clone();
        // An object is neither a field of any answer nor a game's fact (which are counts,
        // texts, flags or lists of texts, the only open-ended part of `solve`'s answer).
        stray["outcomes"] = serde_json::json!({ "N": 1 });
        assert!(!validator.is_valid(&stray), "{args:?}: a stray key fits");
        if !inner.is_empty() {
            let mut stray = fitting;
            stray[inner]["hint"] = "x".into();
            assert!(
                !validator.is_valid(&stray),
                "{args:?}: a stray inner key fits"
            );
        }
    }
}
