//! The contract's JSON as JSON Schema documents: one per command, generated from the report
//! types the command serializes (schemars reads their serde attributes), so the schema
//! cannot drift from the output. `conway schema COMMAND` prints one; the repository keeps
//! them in `schemas/`, and the tests check every README example's `--json` output against
//! its command's schema.

use std::collections::BTreeSet;

use schemars::{JsonSchema, Schema};
use serde::Serialize;

use crate::answer::{shown, Answer};
use crate::CliError;

/// What `conway solve --json` prints: a position's report, or the list of games.
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum SolveOutput {
    Position(Box<conway_games::Solved>),
    List(crate::solve::GameList),
}

/// What `conway grundy --json` prints: a sequence, genera, a misère quotient, or the list.
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum GrundyOutput {
    Sequence(conway_impartial::heap::sequence::SequenceReport),
    Genera(conway_impartial::heap::genus::GenusReport),
    Quotient(conway_impartial::heap::quotient::QuotientReport),
    List(crate::grundy::Catalogue),
}

/// What `conway replicator --json` prints: rest points, or a trajectory.
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum ReplicatorOutput {
    RestPoints(conway_strategic::RestPointsReport),
    Trajectory(conway_strategic::TrajectoryReport),
}

/// The one object every failure prints with `--json`.
#[derive(JsonSchema)]
#[allow(dead_code)]
struct ErrorOutput {
    error: ErrorBody,
}

/// What failed, and where.
#[derive(JsonSchema)]
#[allow(dead_code)]
struct ErrorBody {
    /// `usage`, or the kind of a domain failure (which decides the exit status).
    kind: ErrorKindName,
    /// One line saying what and where.
    message: String,
    /// The line of the input, for a parse error in a file.
    line: Option<usize>,
    /// The column of the input (characters from 1), for a parse error.
    column: Option<usize>,
}

/// The kinds of failure: `usage`, and the domain kinds by their names.
struct ErrorKindName;

impl JsonSchema for ErrorKindName {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "ErrorKind".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> Schema {
        let kinds = std::iter::once(crate::error::Kind::Usage)
            .chain(conway_core::ErrorKind::ALL.map(crate::error::Kind::Domain))
            .map(crate::error::Kind::name)
            .collect::<Vec<_>>();
        schemars::json_schema!({ "type": "string", "enum": kinds })
    }
}

/// Each command whose output has a schema, with its schema: the one list (the `schema`
/// command's choices, the files in `schemas/`, the tests).
pub fn schemas() -> Vec<(&'static str, Schema)> {
    vec![
        ("solve", schema_of::<SolveOutput>()),
        ("eval", schema_of::<conway_expr::eval::EvalReport>()),
        ("grundy", schema_of::<GrundyOutput>()),
        ("nash", schema_of::<conway_strategic::NashReport>()),
        ("ess", schema_of::<conway_strategic::EssReport>()),
        ("stable", schema_of::<conway_strategic::StableReport>()),
        ("replicator", schema_of::<ReplicatorOutput>()),
        ("tour", schema_of::<crate::tour::Tour>()),
        ("error", schema_of::<ErrorOutput>()),
    ]
}

/// The schema of what `T` serializes to (the serializing contract: a field skipped when
/// empty is optional, an `Option` always printed is required and may be null).
fn schema_of<T: JsonSchema>() -> Schema {
    let mut schema = schemars::generate::SchemaSettings::default()
        .for_serialize()
        .into_generator()
        .into_root_schema_for::<T>();
    if let Some(map) = schema.as_object_mut() {
        map.values_mut().for_each(plain_descriptions);
        if let Some(serde_json::Value::String(text)) = map.get_mut("description") {
            *text = without_links(text);
        }
        let mut parts = BTreeSet::new();
        flattened_parts(map, &mut parts);
        let mut root = serde_json::Value::Object(std::mem::take(map));
        close_objects(&mut root, None, &parts);
        if let serde_json::Value::Object(closed) = root {
            *map = closed;
        }
    }
    schema
}

/// The definitions (`$defs`) that are flattened into another object (serde's `flatten`:
/// referenced from the `allOf`/`anyOf` of an object with its own properties). They are
/// only part of an object, so only the whole may refuse keys it does not know.
fn flattened_parts(map: &serde_json::Map<String, serde_json::Value>, parts: &mut BTreeSet<String>) {
    fn references(value: &serde_json::Value, parts: &mut BTreeSet<String>) {
        match value {
            serde_json::Value::Object(map) => {
                if let Some(serde_json::Value::String(target)) = map.get("$ref") {
                    if let Some(name) = target.strip_prefix("#/$defs/") {
                        parts.insert(name.to_string());
                    }
                }
                for key in ["allOf", "anyOf", "oneOf"] {
                    if let Some(entry) = map.get(key) {
                        references(entry, parts);
                    }
                }
            }
            serde_json::Value::Array(items) => items.iter().for_each(|i| references(i, parts)),
            _ => {}
        }
    }
    if map.contains_key("properties") {
        for key in ["allOf", "anyOf", "oneOf"] {
            if let Some(entry) = map.get(key) {
                references(entry, parts);
            }
        }
    }
    for value in map.values() {
        match value {
            serde_json::Value::Object(inner) => flattened_parts(inner, parts),
            serde_json::Value::Array(items) => {
                for item in items {
                    if let serde_json::Value::Object(inner) = item {
                        flattened_parts(inner, parts);
                    }
                }
            }
            _ => {}
        }
    }
}

/// Every object schema refuses keys it does not list (`additionalProperties: false`), so a
/// misspelt or stray key in an answer fails validation; one composed of flattened parts
/// refuses keys none of its parts evaluated (`unevaluatedProperties: false`). A part (a
/// flattened definition, or a branch of a composed object) is left open: only the whole
/// knows every key. `name` is the definition being visited, if it is one.
fn close_objects(value: &mut serde_json::Value, name: Option<&str>, parts: &BTreeSet<String>) {
    close_object(value, name.is_some_and(|n| parts.contains(n)), parts);
}

fn close_object(value: &mut serde_json::Value, is_part: bool, parts: &BTreeSet<String>) {
    match value {
        serde_json::Value::Object(map) => {
            let whole = map.contains_key("properties");
            let composed = ["allOf", "anyOf", "oneOf"]
                .iter()
                .any(|k| map.contains_key(*k));
            if whole && !is_part && !map.contains_key("additionalProperties") {
                let key = if composed {
                    "unevaluatedProperties"
                } else {
                    "additionalProperties"
                };
                map.insert(key.to_string(), serde_json::Value::Bool(false));
            }
            for (key, entry) in map.iter_mut() {
                match key.as_str() {
                    "$defs" => {
                        if let serde_json::Value::Object(defs) = entry {
                            for (def, schema) in defs.iter_mut() {
                                close_objects(schema, Some(def), parts);
                            }
                        }
                    }
                    // The branches of a composed object are parts of it; those of a
                    // plain alternative (an untagged enum) are wholes of their own.
                    "allOf" | "anyOf" | "oneOf" => close_object(entry, is_part || whole, parts),
                    "not" => {}
                    _ => close_object(entry, false, parts),
                }
            }
        }
        serde_json::Value::Array(items) => {
            items
                .iter_mut()
                .for_each(|i| close_object(i, is_part, parts));
        }
        _ => {}
    }
}

/// Rustdoc's links in the descriptions (the report types' doc comments) read as the plain
/// name they link to: `` [`crate::two_player::nash_subsets`] `` becomes `` `nash_subsets` ``,
/// so the schema speaks of the JSON, not of where the Rust lives.
fn plain_descriptions(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, entry) in map.iter_mut() {
                match entry {
                    serde_json::Value::String(text) if key == "description" => {
                        *text = without_links(text);
                    }
                    _ => plain_descriptions(entry),
                }
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(plain_descriptions),
        _ => {}
    }
}

/// `text` with each `` [`path::to::name`] `` (or `` [`name`](path) ``) written `` `name` ``.
fn without_links(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("[`") {
        let Some(length) = rest[start + 2..].find("`]") else {
            break;
        };
        let path = &rest[start + 2..start + 2 + length];
        let name = path.rsplit("::").next().unwrap_or(path);
        out.push_str(&rest[..start]);
        out.push('`');
        out.push_str(name);
        out.push('`');
        rest = &rest[start + 2 + length + 2..];
        // A link with its target written out: `[`name`](path)`.
        if let Some(target) = rest.strip_prefix('(') {
            if let Some(end) = target.find(')') {
                rest = &target[end + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The names [`schemas`] lists.
pub fn names() -> Vec<&'static str> {
    schemas().into_iter().map(|(name, _)| name).collect()
}

/// `conway schema COMMAND`: the schema of the command's `--json` output.
pub fn answer(command: &str) -> Result<Box<dyn Answer>, CliError> {
    let schema = schemas()
        .into_iter()
        .find(|(name, _)| *name == command)
        .map(|(_, schema)| schema)
        .ok_or_else(|| {
            CliError::usage(format!("no schema for '{command}': {}", names().join(", ")))
        })?;
    Ok(shown(Printed(schema), |s| {
        serde_json::to_string_pretty(&s.0).unwrap_or_default() + "\n"
    }))
}

/// A schema as the command prints it.
#[derive(Serialize)]
#[serde(transparent)]
struct Printed(Schema);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_read_as_the_names_they_link_to() {
        assert_eq!(
            without_links(
                "hull ([`crate::two_player::nash_subsets`]), see [`NashReport::within`]."
            ),
            "hull (`nash_subsets`), see `within`."
        );
        assert_eq!(
            without_links("a `code` [and] [`open"),
            "a `code` [and] [`open"
        );
        let mut value = serde_json::json!({
            "description": "[`a::b`]",
            "properties": { "x": { "description": "[`c`] and [`d::e`]" } },
            "examples": ["[`kept::as::data`]"]
        });
        plain_descriptions(&mut value);
        assert_eq!(value["description"], "`b`");
        assert_eq!(value["properties"]["x"]["description"], "`c` and `e`");
        assert_eq!(value["examples"][0], "[`kept::as::data`]");
    }

    #[test]
    fn no_schema_names_a_rust_path() {
        for (name, schema) in schemas() {
            let text = serde_json::to_string(&schema).unwrap_or_default();
            assert!(!text.contains("crate::"), "{name}");
            assert!(!text.contains("[`"), "{name}");
        }
    }
}
