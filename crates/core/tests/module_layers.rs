//! Crates whose modules are grouped in layers stay in them: each group's code (tests apart)
//! names only the groups of the layers below it and its own, so there is no cycle between
//! modules and each group can be read knowing only what comes before it. Each crate's
//! `lib.rs` states its layers; [`CRATES`] holds them for the check.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// A crate checked here: its directory under `crates/`, its groups (top-level modules) in
/// layer order, each with the groups it may use besides itself, the root's re-exports
/// named by the group they come from, and the fewest files it has (so that a moved tree is
/// noticed).
struct LayeredCrate {
    dir: &'static str,
    layers: &'static [(&'static str, &'static [&'static str])],
    root_items: &'static [(&'static str, &'static str)],
    min_files: usize,
}

/// `conway-strategic`, as its `lib.rs` lists the layers.
const STRATEGIC_LAYERS: &[(&str, &[&str])] = &[
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
    (
        "pasted",
        &[
            "error",
            "game",
            "linalg",
            "decimal",
            "random",
            "two_player",
            "evolutionary",
            "n_player",
            "extensive",
            "formats",
            "nash",
        ],
    ),
];

/// The strategic crate's re-exports, named by the group they come from.
const STRATEGIC_ROOT_ITEMS: &[(&str, &str)] = &[
    ("StrategicError", "error"),
    ("NormalFormGame", "game"),
    ("MixedProfile", "game"),
];

/// `conway-impartial`, as its `lib.rs` lists the layers: the heap engine (`heap`, with the
/// rules it tabulates) below the classic games, which play by its rules.
const IMPARTIAL_LAYERS: &[(&str, &[&str])] = &[
    ("error", &[]),
    ("outcome", &[]),
    ("mex", &[]),
    ("periodicity", &[]),
    ("solution", &[]),
    ("game", &["error"]),
    ("closed_form", &[]),
    ("misere", &["outcome"]),
    ("solver", &["error", "outcome", "mex", "game"]),
    ("sum", &["error", "game", "solver"]),
    ("listing", &["error", "outcome", "solution"]),
    (
        "heap",
        &[
            "error",
            "outcome",
            "mex",
            "periodicity",
            "solution",
            "game",
            "solver",
            "listing",
        ],
    ),
    ("graph_games", &["error", "outcome", "solution"]),
    (
        "games",
        &[
            "error",
            "outcome",
            "mex",
            "periodicity",
            "solution",
            "game",
            "solver",
            "listing",
            "heap",
        ],
    ),
];

/// The impartial crate's re-exports, named by the group they come from.
const IMPARTIAL_ROOT_ITEMS: &[(&str, &str)] = &[
    ("ImpartialError", "error"),
    ("ImpartialGame", "game"),
    ("Outcome", "outcome"),
    ("Solution", "solution"),
    ("WinningMove", "solution"),
];

/// `conway-partizan`, as its `lib.rs` lists the layers: each group may use every group
/// before it.
const PARTIZAN_LAYERS: &[(&str, &[&str])] = &[
    ("rules", &[]),
    ("stack", &[]),
    ("player", &["stack"]),
    ("error", &["stack", "player"]),
    ("store", &["stack", "player", "error"]),
    ("naive", &["stack", "player", "error", "store"]),
    ("ordinal", &["stack", "player", "error", "store", "naive"]),
    (
        "thermal",
        &["stack", "player", "error", "store", "naive", "ordinal"],
    ),
    (
        "properties",
        &[
            "stack", "player", "error", "store", "naive", "ordinal", "thermal",
        ],
    ),
    (
        "print",
        &[
            "stack",
            "player",
            "error",
            "store",
            "naive",
            "ordinal",
            "thermal",
            "properties",
        ],
    ),
    (
        "infinitesimal",
        &[
            "stack",
            "player",
            "error",
            "store",
            "naive",
            "ordinal",
            "thermal",
            "properties",
            "print",
        ],
    ),
    (
        "compound",
        &[
            "stack",
            "player",
            "error",
            "store",
            "naive",
            "ordinal",
            "thermal",
            "properties",
            "print",
            "infinitesimal",
        ],
    ),
];

/// The partizan crate's re-exports, named by the group they come from.
const PARTIZAN_ROOT_ITEMS: &[(&str, &str)] = &[
    ("PartizanError", "error"),
    ("Player", "player"),
    ("Outcome", "store"),
    ("Relation", "store"),
    ("GameId", "store"),
    ("Nus", "store"),
    ("Store", "store"),
];

const CRATES: &[LayeredCrate] = &[
    LayeredCrate {
        dir: "strategic",
        layers: STRATEGIC_LAYERS,
        root_items: STRATEGIC_ROOT_ITEMS,
        min_files: 40,
    },
    LayeredCrate {
        dir: "impartial",
        layers: IMPARTIAL_LAYERS,
        root_items: IMPARTIAL_ROOT_ITEMS,
        min_files: 60,
    },
    LayeredCrate {
        dir: "partizan",
        layers: PARTIZAN_LAYERS,
        root_items: PARTIZAN_ROOT_ITEMS,
        min_files: 25,
    },
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
fn groups_named(code: &str, root_items: &[(&str, &str)]) -> BTreeSet<(String, String)> {
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
            let group = root_items
                .iter()
                .find(|(item, _)| *item == word)
                .map_or(word, |(_, group)| group);
            named.insert((group.to_string(), format!("crate::{word}")));
        }
    }
    named
}

/// The uses in `code`, a file of `group`, that its layer does not allow.
fn breaches(krate: &LayeredCrate, group: &str, code: &str) -> Vec<String> {
    let allowed = krate
        .layers
        .iter()
        .find(|(name, _)| *name == group)
        .unwrap_or_else(|| panic!("{group} is in no layer of {}", krate.dir))
        .1;
    groups_named(&code_of(code), krate.root_items)
        .into_iter()
        .filter(|(used, _)| used != group && !allowed.contains(&used.as_str()))
        .map(|(_, path)| format!("({group}) uses {path}"))
        .collect()
}

#[test]
fn every_group_uses_only_the_layers_below_it() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut problems = Vec::new();
    for krate in CRATES {
        let src = crates.join(krate.dir).join("src");
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        files.sort();
        let mut checked = 0;
        for file in &files {
            let group = group_of(&src, file);
            let name = file.file_name().map(|n| n.to_string_lossy().into_owned());
            let tests_only = name.is_some_and(|n| n == "tests.rs" || n.ends_with("_tests.rs"));
            if group == "lib" || group == "testing" || tests_only {
                continue;
            }
            let code = fs::read_to_string(file).expect("a source file reads");
            for breach in breaches(krate, &group, &code) {
                problems.push(format!("{} {breach}", file.display()));
            }
            checked += 1;
        }
        assert!(
            checked >= krate.min_files,
            "only {checked} files of {} were read",
            krate.dir
        );
    }
    assert!(
        problems.is_empty(),
        "layers broken:\n{}",
        problems.join("\n")
    );
}

/// A planted breach is found: the heap engine naming the classic games, thermography naming
/// the printer, errors naming the store through a root re-export, or the strategic game
/// model naming the Nash solvers in a brace list.
#[test]
fn planted_breaches_are_found() {
    let impartial = &CRATES[1];
    assert_eq!(
        breaches(impartial, "heap", "use crate::games::lasker::LaskerRule;\n"),
        ["(heap) uses crate::games"]
    );
    assert!(breaches(impartial, "games", "use crate::heap::HeapRule;\n").is_empty());
    assert!(breaches(
        impartial,
        "heap",
        "#[cfg(test)]\nmod tests { use crate::games::nim; }"
    )
    .is_empty());
    let partizan = &CRATES[2];
    assert_eq!(
        breaches(partizan, "thermal", "use crate::print::canonical_text;\n"),
        ["(thermal) uses crate::print"]
    );
    assert_eq!(
        breaches(partizan, "error", "crate::Store::descend").len(),
        1
    );
    let strategic = &CRATES[0];
    assert_eq!(
        breaches(
            strategic,
            "game",
            "use crate::{nash::solve, StrategicError};\n"
        )
        .len(),
        1
    );
}

#[test]
fn the_reader_sees_uses_in_every_form() {
    let code = code_of(
        "use crate::nash::solve;\nuse crate::{NormalFormGame, StrategicError};\n\
         // crate::formats in a comment\nfn f() { crate::two_player::vertex::x(); }\n\
         #[cfg(test)]\nmod tests { use crate::testing::x; }",
    );
    let groups: Vec<String> = groups_named(&code, STRATEGIC_ROOT_ITEMS)
        .into_iter()
        .map(|(g, _)| g)
        .collect();
    assert_eq!(groups, ["error", "game", "nash", "two_player"]);
}
