//! Golden files for every example in the README: each `conway …` and `printf …` line of the
//! README's `sh` blocks runs in one scratch folder, in order (so files made by `printf` are
//! there for the commands after them), and its standard output and exit status must match
//! `tests/golden/readme.txt` byte for byte. Each `conway` command that does not ask for JSON
//! already also runs with `--json`, so the JSON of every example is pinned too.
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

/// Runs one example with `sh` in `dir`, the `conway` under test first on the path.
fn run(command: &str, dir: &Path, bin_dir: &Path) -> String {
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
    text
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
    for command in &examples {
        actual.push_str(&run(command, scratch.path(), bin_dir));
        if has_json_form(command) {
            actual.push_str(&run(&format!("{command} --json"), scratch.path(), bin_dir));
        }
    }
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
