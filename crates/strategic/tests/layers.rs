//! The crate's groups stay in the layers `lib.rs` states: each group's code (tests apart)
//! names only the groups of the layers below it and its own, so there is no cycle between
//! modules and each group can be read knowing only what comes before it.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// Each group with the groups it may use (besides itself), as `lib.rs` lists the layers.
const LAYERS: &[(&str, &[&str])] = &[
    ("error", &[]),
    ("game", &["error"]),
    ("linalg", &["error", "game"]),
    ("decimal", &["error", "game"]),
    ("random", &["error", "game"]),
    ("two_player", &["error", "game", "linalg", "random"]),
    ("evolutionary", &["error", "game", "linalg"]),
    ("n_player", &["error", "game", "linalg", "two_player"]),
    (
        "extensive",
        &[
            "error",
            "game",
            "linalg",
            "decimal",
            "two_player",
            "n_player",
        ],
    ),
    ("formats", &["error", "game", "linalg", "extensive"]),
    (
        "nash",
        &[
            "error",
            "game",
            "linalg",
            "decimal",
            "random",
            "two_player",
            "n_player",
            "extensive",
        ],
    ),
];

/// The root's re-exports (`crate::NormalFormGame`), named by the group they come from.
const ROOT_ITEMS: &[(&str, &str)] = &[
    ("StrategicError", "error"),
    ("NormalFormGame", "game"),
    ("MixedProfile", "game"),
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("the source directory lists") {
        let path = entry.expect("a directory entry reads").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The group a file under `src` belongs to: its top-level module.
fn group_of(src: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(src).expect("a file under src");
    let first = relative
        .components()
        .next()
        .expect("a path under src")
        .as_os_str();
    Path::new(first)
        .file_stem()
        .expect("a named file")
        .to_string_lossy()
        .into_owned()
}

/// The code of a file without its tests and comments.
fn code_of(text: &str) -> String {
    let before_tests = text.split("#[cfg(test)]").next().unwrap_or(text);
    before_tests
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .map(|line| line.split(" // ").next().unwrap_or(line))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The groups `code` names through `crate::…`, each with the path that names it.
fn groups_named(code: &str) -> BTreeSet<(String, String)> {
    let mut named = BTreeSet::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        let words: Vec<&str> = if let Some(list) = rest.strip_prefix('{') {
            let inner = &list[..list.find('}').unwrap_or(list.len())];
            inner.split(',').map(str::trim).collect()
        } else {
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            vec![&rest[..end]]
        };
        for word in words {
            let word = word.split("::").next().unwrap_or(word);
            if word.is_empty() || word == "self" {
                continue;
            }
            let group = ROOT_ITEMS
                .iter()
                .find(|(item, _)| *item == word)
                .map_or(word, |(_, group)| group);
            named.insert((group.to_string(), format!("crate::{word}")));
        }
    }
    named
}

#[test]
fn every_group_uses_only_the_layers_below_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut checked = 0;
    let mut breaches = Vec::new();
    for file in &files {
        let group = group_of(&src, file);
        if group == "lib" || group == "testing" {
            continue;
        }
        let allowed = LAYERS
            .iter()
            .find(|(name, _)| *name == group)
            .unwrap_or_else(|| panic!("{} is in no layer of LAYERS", file.display()))
            .1;
        let code = code_of(&fs::read_to_string(file).expect("a source file reads"));
        for (used, path) in groups_named(&code) {
            if used != group && !allowed.contains(&used.as_str()) {
                breaches.push(format!("{} ({group}) uses {path}", file.display()));
            }
        }
        checked += 1;
    }
    assert!(checked > 40, "only {checked} files were read");
    assert!(
        breaches.is_empty(),
        "layers broken:\n{}",
        breaches.join("\n")
    );
}

#[test]
fn the_reader_sees_uses_in_every_form() {
    let code = code_of(
        "use crate::nash::solve;\nuse crate::{NormalFormGame, StrategicError};\n\
         // crate::formats in a comment\nfn f() { crate::two_player::vertex::x(); }\n\
         #[cfg(test)]\nmod tests { use crate::testing::x; }",
    );
    let groups: Vec<String> = groups_named(&code).into_iter().map(|(g, _)| g).collect();
    assert_eq!(groups, ["error", "game", "nash", "two_player"]);
}
