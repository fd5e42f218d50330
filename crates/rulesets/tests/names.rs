//! Each ruleset is defined once: outside the module that defines it (its registry entry),
//! its tests, benchmarks and examples, no source file in the tree spells its name as a
//! string, so that every front end takes the ruleset from the registry. (That the page
//! names no ruleset at all is checked beside the page, in the CLI's `tests/page.rs`.)

use std::path::{Path, PathBuf};

use conway_rulesets::registry::{Ruleset, RULESETS};

/// The workspace's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every source file of the front ends and libraries: Rust, Python, JavaScript and HTML,
/// without tests, benchmarks, examples, fuzzing harnesses and build output.
fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable directory") {
        let path = entry.expect("an entry").path();
        let name = path
            .file_name()
            .expect("a named entry")
            .to_string_lossy()
            .to_string();
        if path.is_dir() {
            let skipped = [
                "tests",
                "benches",
                "bench",
                "examples",
                "target",
                "node_modules",
                "fuzz-targets",
            ];
            if !skipped.contains(&name.as_str()) && !name.starts_with('.') {
                sources(&path, found);
            }
            continue;
        }
        let test_file =
            name == "tests.rs" || name.ends_with("_tests.rs") || name.starts_with("test_");
        let source = ["rs", "py", "pyi", "js", "mjs", "html"]
            .iter()
            .any(|ext| name.ends_with(&format!(".{ext}")));
        if source && !test_file {
            found.push(path);
        }
    }
}

/// A file's text without its Rust unit tests (a `#[cfg(test)] mod tests` runs to the end).
fn code_of(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("a readable file");
    match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

/// The ways a ruleset's name is written: `eval`'s name, its aliases, `solve`'s name.
fn spellings(ruleset: &Ruleset) -> Vec<String> {
    let mut all: Vec<String> = ruleset.spellings().map(str::to_string).collect();
    all.push(ruleset.command_name());
    all.sort();
    all.dedup();
    all
}

#[test]
fn a_ruleset_is_named_only_where_it_is_defined() {
    let mut files = Vec::new();
    sources(&root().join("crates"), &mut files);
    assert!(files.len() > 50, "the tree was not found: {files:?}");
    let texts: Vec<(PathBuf, String)> = files
        .into_iter()
        .map(|f| {
            let text = code_of(&f);
            (f, text)
        })
        .collect();
    let mut misplaced = Vec::new();
    for ruleset in RULESETS {
        // The module that defines it: the one file of this crate spelling its name.
        let definition = format!("\"{}\"", ruleset.name);
        let here = root().join("crates/rulesets/src");
        let defined_in: Vec<&PathBuf> = texts
            .iter()
            .filter(|(path, text)| path.starts_with(&here) && text.contains(&definition))
            .map(|(path, _)| path)
            .collect();
        assert_eq!(
            defined_in.len(),
            1,
            "{} is defined in {defined_in:?}",
            ruleset.name
        );
        for spelling in spellings(ruleset) {
            for (path, text) in &texts {
                if path == defined_in[0] {
                    continue;
                }
                for quote in ['"', '\''] {
                    if text.contains(&format!("{quote}{spelling}{quote}")) {
                        misplaced.push(format!("{}: {quote}{spelling}{quote}", path.display()));
                    }
                }
            }
        }
    }
    assert!(
        misplaced.is_empty(),
        "ruleset names outside their definitions:\n{}",
        misplaced.join("\n")
    );
}
