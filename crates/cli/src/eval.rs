//! `conway eval`: evaluates a CGSuite expression and prints the game's report.
//!
//! Evaluation recurses along the game's structure (birthdays, nesting of the expression), so it
//! runs on a thread with a large stack rather than the main thread's few megabytes.

use std::sync::LazyLock;

use conway_partizan::eval::{evaluate_text, report, Value, FUNCTIONS};
use conway_partizan::thermal::{thermograph, thermograph_svg};
use conway_partizan::Store;
use serde_json::{json, Map};

use crate::args::EvalArgs;
use crate::progress::Reporter;
use crate::CliError;

/// Stack for the evaluation thread: deep games recurse deeply; the memory is only reserved.
const EVAL_STACK: usize = 1 << 30;

/// The list of functions for `conway eval --help`, from the table `eval` dispatches through.
pub static FUNCTIONS_HELP: LazyLock<String> = LazyLock::new(|| {
    let mut text = String::from("Functions:\n");
    for function in FUNCTIONS {
        let mut meaning = function.help.to_string();
        if !function.aliases.is_empty() {
            meaning.push_str(&format!("; also {}", function.aliases.join(", ")));
        }
        text.push_str(&format!("  {:<26} {meaning}\n", function.signature()));
    }
    text.push_str(
        "\nComparisons == <= >= < > <| |> <> print true or false. Names ignore case and \
         underscores, so CGSuite's spellings work too.",
    );
    text
});

/// Runs `conway eval`.
pub fn run(args: EvalArgs, json: bool) -> Result<(), CliError> {
    let worker = std::thread::Builder::new()
        .name("eval".into())
        .stack_size(EVAL_STACK)
        .spawn(move || evaluate_and_print(&args, json))
        .map_err(|e| CliError::internal(format!("cannot start the evaluation thread: {e}")))?;
    worker
        .join()
        .map_err(|_| CliError::internal("the evaluation failed unexpectedly"))?
}

fn evaluate_and_print(args: &EvalArgs, json: bool) -> Result<(), CliError> {
    let mut store = Store::new();
    let progress = std::sync::Arc::new(Reporter::new("evaluating"));
    store.set_progress(progress.clone());
    let value = evaluate_text(&mut store, &args.expr)?;
    progress.finish();
    if let Some(path) = &args.svg {
        let picture = match &value {
            Value::Game(g) => thermograph(&mut store, *g),
            Value::Thermograph(t) => t.clone(),
            _ => {
                return Err(CliError::bad_input(
                    "--svg needs an expression whose value is a game or a thermograph",
                ))
            }
        };
        std::fs::write(path, thermograph_svg(&picture, &args.expr))
            .map_err(|e| CliError::bad_input(format!("cannot write {}: {e}", path.display())))?;
    }
    let text = match value {
        Value::Game(g) => {
            let r = report(&mut store, g);
            if json {
                let mut obj = Map::new();
                obj.insert("input".into(), json!(args.expr));
                obj.insert("kind".into(), json!("game"));
                obj.insert("canonical".into(), json!(r.canonical));
                obj.insert("outcome".into(), json!(r.outcome.to_string()));
                obj.insert("left_stop".into(), json!(r.left_stop.to_string()));
                obj.insert("right_stop".into(), json!(r.right_stop.to_string()));
                obj.insert("mean".into(), json!(r.mean.to_string()));
                obj.insert("temperature".into(), json!(r.temperature.to_string()));
                obj.insert("birthday".into(), json!(r.birthday.to_string()));
                obj.insert("thermograph".into(), json!(r.thermograph.to_string()));
                obj.insert("atomic_weight".into(), json!(r.atomic_weight));
                obj.insert("reduced".into(), json!(r.reduced));
                serde_json::Value::Object(obj).to_string()
            } else {
                let rows = [
                    (
                        "outcome",
                        format!("{} ({})", r.outcome, r.outcome.explanation()),
                    ),
                    ("left stop", r.left_stop.to_string()),
                    ("right stop", r.right_stop.to_string()),
                    ("mean", r.mean.to_string()),
                    ("temperature", r.temperature.to_string()),
                    ("birthday", r.birthday.to_string()),
                    ("thermograph", r.thermograph.to_string()),
                    (
                        "atomic weight",
                        r.atomic_weight
                            .unwrap_or_else(|| "none (not atomic)".into()),
                    ),
                    ("reduced", r.reduced),
                ];
                let mut out = r.canonical;
                for (name, value) in rows {
                    out.push_str(&format!("\n  {:<14} {value}", format!("{name}:")));
                }
                out
            }
        }
        other => {
            let kind = match other {
                Value::Bool(_) => "boolean",
                Value::Number(_) => "number",
                Value::Natural(_) => "integer",
                Value::Thermograph(_) => "thermograph",
                Value::Outcome(_) => "outcome",
                Value::Game(_) => "game",
            };
            let text = other.to_text(&mut store);
            if json {
                json!({"input": args.expr, "kind": kind, "value": text}).to_string()
            } else {
                text
            }
        }
    };
    crate::out::emit_line(&text);
    Ok(())
}
