//! The contract's JSON as JSON Schema documents: one per command, generated from the report
//! types the command serializes (schemars reads their serde attributes), so the schema
//! cannot drift from the output. `conway schema COMMAND` prints one; the repository keeps
//! them in `schemas/`, and the tests check every README example's `--json` output against
//! its command's schema.

use schemars::{JsonSchema, Schema};
use serde::Serialize;

use crate::answer::{shown, Answer};
use crate::CliError;

/// What `conway solve --json` prints: a position's report, or the list of games.
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum SolveOutput {
    Position(conway_games::Solved),
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
    RestPoints(conway_strategic::report::RestPointsReport),
    Trajectory(conway_strategic::report::TrajectoryReport),
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
        ("eval", schema_of::<conway_partizan::eval::EvalReport>()),
        ("grundy", schema_of::<GrundyOutput>()),
        ("nash", schema_of::<conway_strategic::report::NashReport>()),
        ("ess", schema_of::<conway_strategic::report::EssReport>()),
        (
            "stable",
            schema_of::<conway_strategic::report::StableReport>(),
        ),
        ("replicator", schema_of::<ReplicatorOutput>()),
        ("tour", schema_of::<crate::tour::Tour>()),
        ("error", schema_of::<ErrorOutput>()),
    ]
}

/// The schema of what `T` serializes to (the serializing contract: a field skipped when
/// empty is optional, an `Option` always printed is required and may be null).
fn schema_of<T: JsonSchema>() -> Schema {
    schemars::generate::SchemaSettings::default()
        .for_serialize()
        .into_generator()
        .into_root_schema_for::<T>()
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
