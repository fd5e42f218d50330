//! Golden files for every example in the README: each `conway …` and `printf …` line of the
//! README's `sh` blocks runs in one scratch folder, in order (so files made by `printf` are
//! there for the commands after them), and its standard output and exit status must match
//! `tests/golden/readme.txt` byte for byte. Each `conway` command that does not ask for JSON
//! already also runs with `--json`, so the JSON of every example is pinned too.
//!
//! Every JSON object printed must also fit its command's JSON Schema (`schemas/COMMAND.json`,
//! the schema of `conway schema COMMAND`; a failure fits `schemas/error.json`).
//!
//! The README is the list: an example added there is checked here without further work.
//! After a deliberate change of output, `UPDATE_GOLDEN=1 cargo test -p conway-cli --test
//! golden` rewrites the file; the diff is then the change to review.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The README examples whose `--json` form prints nothing new: lists, help, pictures and
/// CSV output have no JSON of their own.
fn has_json_form(command: &str) -> bool {
    let plain = ["tour", "--list", "--help", "--from", ">"];
    command.starts_with("conway ")
        && !command.contains("--json")
        && !plain.iter().any(|p| command.contains(p))
}

/// The README's `sh` example lines that run something (comments and blank lines dropped).
fn readme_examples(readme: &str) -> Vec<String> {
    let mut examples = Vec::new();
    let mut in_sh = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_sh = line == "```sh";
            continue;
        }
        if !in_sh {
            continue;
        }
        let command = strip_comment(line).trim();
        // The server runs until stopped: tests/serve.rs drives it instead.
        if command.starts_with("conway serve") {
            continue;
        }
        if command.starts_with("conway ") || command.starts_with("printf ") {
            examples.push(command.to_string());
        }
    }
    examples
}

/// `line` without a trailing `# comment` (a `#` after white space, outside quotes).
fn strip_comment(line: &str) -> &str {
    let mut quote = None;
    let mut previous = ' ';
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, '#') if previous.is_whitespace() => return &line[..i],
            _ => {}
        }
        previous = c;
    }
    line
}

/// Runs one example with `sh` in `dir`, the `conway` under test first on the path: what
/// the golden file holds for it, and its standard output.
fn run(command: &str, dir: &Path, bin_dir: &Path) -> (String, String) {
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("sh")
        .arg("-c")
        .arg(command)
        .current_dir(dir)
        .env("PATH", path)
        .output()
        .expect("sh runs");
    let mut text = format!("$ {command}\n{}", String::from_utf8_lossy(&out.stdout));
    if !text.ends_with('\n') {
        text.push_str("\n[no newline at the end]\n");
    }
    match out.status.code() {
        Some(0) => {}
        code => text.push_str(&format!("[exit {code:?}]\n")),
    }
    (text, String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The command of a `conway …` line whose output has a schema: its first word that is not
/// an option; none for the interactive commands and help.
fn schema_name(command: &str) -> Option<String> {
    let words = shlex::split(command.rsplit('|').next()?.trim())?;
    if words.first().map(String::as_str) != Some("conway")
        || words.iter().any(|w| w == "--help" || w == "--version")
    {
        return None;
    }
    let name = words[1..].iter().find(|w| !w.starts_with('-'))?;
    (!["repl", "serve", "schema"].contains(&name.as_str())).then(|| name.clone())
}

/// Checks each JSON object `stdout` holds against the schema of `command`'s output (or the
/// error schema for an error object); how many were checked.
fn check_schemas(command: &str, stdout: &str, schemas: &Path) -> usize {
    let Some(name) = schema_name(command) else {
        return 0;
    };
    let mut checked = 0;
    for line in stdout.lines().filter(|l| l.starts_with('{')) {
        let Ok(value) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        let file = if value.get("error").is_some() {
            "error".to_string()
        } else {
            name.clone()
        };
        let schema_text = std::fs::read_to_string(schemas.join(format!("{file}.json")))
            .unwrap_or_else(|e| panic!("schemas/{file}.json ({command}): {e}"));
        let schema: serde_json::Value = serde_json::from_str(&schema_text).expect("a schema");
        let validator = jsonschema::validator_for(&schema).expect("a valid schema");
        let errors: Vec<String> = validator
            .iter_errors(&value)
            .map(|e| format!("{e} at {}", e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{command}: {}", errors.join("; "));
        checked += 1;
    }
    checked
}

#[test]
fn readme_examples_print_what_they_printed() {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(manifest.join("../../README.md")).expect("README");
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_conway"));
    let bin_dir = bin.parent().expect("the binary has a folder");
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let mut actual = String::new();
    let examples = readme_examples(&readme);
    assert!(
        examples.len() > 80,
        "only {} examples found",
        examples.len()
    );
    let schemas = manifest.join("../../schemas");
    let mut checked = 0;
    for command in &examples {
        let (text, stdout) = run(command, scratch.path(), bin_dir);
        actual.push_str(&text);
        checked += check_schemas(command, &stdout, &schemas);
        if has_json_form(command) {
            let command = format!("{command} --json");
            let (text, stdout) = run(&command, scratch.path(), bin_dir);
            actual.push_str(&text);
            checked += check_schemas(&command, &stdout, &schemas);
        }
    }
    assert!(
        checked > 80,
        "only {checked} JSON outputs checked against schemas"
    );
    let golden_path = manifest.join("tests/golden/readme.txt");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(golden_path.parent().expect("a folder")).expect("mkdir");
        std::fs::write(&golden_path, &actual).expect("golden file written");
        return;
    }
    let expected = std::fs::read_to_string(&golden_path).expect("tests/golden/readme.txt");
    if expected != actual {
        let (e, a): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), actual.lines().collect());
        let first = e
            .iter()
            .zip(&a)
            .position(|(x, y)| x != y)
            .unwrap_or(e.len().min(a.len()));
        let context = |lines: &[&str]| {
            lines[first.saturating_sub(3)..(first + 3).min(lines.len())].join("\n")
        };
        panic!(
            "README output differs from tests/golden/readme.txt at line {}:\n--- expected\n{}\n--- actual\n{}",
            first + 1,
            context(&e),
            context(&a)
        );
    }
}

#[test]
fn comments_are_stripped_outside_quotes_only() {
    assert_eq!(strip_comment("conway a   # note"), "conway a   ");
    assert_eq!(strip_comment("printf 'a # b' > f"), "printf 'a # b' > f");
    assert_eq!(strip_comment("conway x#y"), "conway x#y");
}

/// Whether `row` writes the number `n` whole: not inside a longer number (`1,024` does not
/// state 24, nor `2^26` 26).
fn states_number(row: &str, n: &str) -> bool {
    row.match_indices(n).any(|(at, _)| {
        let before = row[..at].chars().next_back();
        let mut after = row[at + n.len()..].chars();
        let joined_before = before.is_some_and(|c| c.is_ascii_digit() || c == '^' || c == ',');
        let joined_after = match after.next() {
            Some(c) if c.is_ascii_digit() => true,
            Some(',') => after.next().is_some_and(|d| d.is_ascii_digit()),
            _ => false,
        };
        !joined_before && !joined_after
    })
}

#[test]
fn the_readme_states_every_ruleset_limit() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(manifest.join("../../README.md")).expect("README");
    let table: Vec<&str> = readme
        .lines()
        .skip_while(|l| !l.starts_with("| what | limit |"))
        .take_while(|l| l.starts_with('|'))
        .collect();
    assert!(table.len() > 10, "the README's limits table was not found");
    // 100000 is written 100,000.
    let written = |n: u64| {
        let digits = n.to_string();
        let mut grouped = String::new();
        for (i, d) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                grouped.push(',');
            }
            grouped.push(d);
        }
        [digits, grouped]
    };
    let mut missing = Vec::new();
    for ruleset in conway_rulesets::registry::RULESETS {
        // The limit cells of the rows of its values (not of `solve`'s search) that name it.
        let rows: Vec<&str> = (table.iter())
            .filter_map(|row| {
                let cells: Vec<&str> = row.split('|').collect();
                let first = cells.get(1)?.trim().to_lowercase();
                let named =
                    first.contains(&ruleset.title.to_lowercase()) || first.contains(ruleset.name);
                let limit = cells.get(2).copied();
                limit.filter(|_| named && !first.starts_with("`solve"))
            })
            .collect();
        for limit in ruleset.limits {
            let stated =
                (rows.iter()).any(|row| written(limit.most).iter().any(|w| states_number(row, w)));
            if !stated {
                missing.push(format!(
                    "{}: {} ≤ {}",
                    ruleset.title, limit.what, limit.most
                ));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "limits the README's table does not state:\n{}",
        missing.join("\n")
    );
}

/// The README documents every ruleset of the registry: its `eval` call, and for a searched
/// ruleset with a `solve` command, that command's name.
#[test]
fn the_readme_names_every_ruleset() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(manifest.join("../../README.md")).expect("README");
    for ruleset in conway_rulesets::registry::RULESETS {
        assert!(
            readme.contains(&format!("{}(", ruleset.name)),
            "the README never calls {}",
            ruleset.name
        );
        if ruleset.search.and_then(|s| s.command).is_some() {
            let command = format!("`{}`", ruleset.command_name());
            assert!(
                readme.contains(&command)
                    || readme.contains(&format!("solve {}", ruleset.command_name())),
                "the README never names the command {command}"
            );
        }
    }
}
