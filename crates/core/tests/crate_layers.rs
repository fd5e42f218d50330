//! The workspace's crates stay in layers: each crate's `[dependencies]` name only crates of
//! the layers before its own, so no crate's code can name a later one (Cargo refuses an
//! undeclared crate). Only tests, benchmarks and examples may reach later crates, through
//! `[dev-dependencies]` (the lower crates' tests read games through the expression
//! language). A crate missing from [`LAYERS`] fails too: a new crate takes its place here.

use std::fs;
use std::path::Path;

/// The layers, first to last, each a set of crates (directories under `crates/`) that may
/// use any crate of an earlier layer and none of their own or a later one.
const LAYERS: &[(&str, &[&str])] = &[
    ("foundations", &["core", "numbers", "misere"]),
    ("graphs", &["graph"]),
    (
        "impartial, cycles, strategic games and game values",
        &["impartial", "retrograde", "strategic", "partizan"],
    ),
    ("loopy games", &["loopy"]),
    ("rulesets and their searches", &["rulesets"]),
    ("the expression language", &["expr"]),
    ("the catalogue", &["games"]),
    ("front ends", &["cli", "fuzz-targets"]),
    // The Python package serves the CLI's worksheet from its own process, so that its
    // cells name the rulesets written in Python.
    ("the Python package", &["python"]),
];

/// The layer index of a crate directory, if it has one.
fn layer_of(name: &str) -> Option<usize> {
    LAYERS.iter().position(|(_, crates)| crates.contains(&name))
}

/// The workspace crates a manifest's `[dependencies]` section names (`conway-x` as `x`).
fn dependencies(manifest: &str) -> Vec<String> {
    let mut in_section = false;
    let mut names = Vec::new();
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_section = line == "[dependencies]";
            continue;
        }
        if in_section {
            if let Some(rest) = line.strip_prefix("conway-") {
                let end = rest
                    .find(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_'))
                    .unwrap_or(rest.len());
                names.push(rest[..end].to_string());
            }
        }
    }
    names
}

/// What is wrong with crate `name` whose manifest is `manifest`: each dependency on a crate
/// of its own or a later layer, or the crate missing from the layers.
fn breaches(name: &str, manifest: &str) -> Vec<String> {
    let Some(own) = layer_of(name) else {
        return vec![format!("crate {name} is in no layer of LAYERS")];
    };
    dependencies(manifest)
        .into_iter()
        .filter_map(|dependency| match layer_of(&dependency) {
            Some(layer) if layer < own => None,
            Some(layer) => Some(format!(
                "{name} ({}) depends on {dependency} ({})",
                LAYERS[own].0, LAYERS[layer].0
            )),
            None => Some(format!("{name} depends on {dependency}, in no layer")),
        })
        .collect()
}

#[test]
fn every_crate_depends_only_on_earlier_layers() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found = Vec::new();
    let mut problems = Vec::new();
    for entry in fs::read_dir(&crates).expect("crates/ lists") {
        let dir = entry.expect("an entry").path();
        let manifest = dir.join("Cargo.toml");
        let Ok(text) = fs::read_to_string(&manifest) else {
            continue;
        };
        let name = dir
            .file_name()
            .expect("a named directory")
            .to_string_lossy()
            .into_owned();
        problems.extend(breaches(&name, &text));
        found.push(name);
    }
    assert!(found.len() >= 10, "only {found:?} under crates/");
    for (_, layer) in LAYERS {
        for name in *layer {
            assert!(
                found.iter().any(|f| f == name),
                "LAYERS names {name}, which is not under crates/"
            );
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A planted breach is found: the game values naming the expression language, a crate
/// naming one of its own layer, a crate outside the layers. Dev-dependencies stay allowed.
#[test]
fn planted_breaches_are_found() {
    let manifest = "[package]\nname = \"conway-partizan\"\n\n[dependencies]\nconway-core.workspace = true\nconway-expr = { path = \"../expr\" }\n\n[dev-dependencies]\nconway-games.workspace = true\n";
    assert_eq!(
        breaches("partizan", manifest),
        ["partizan (impartial, cycles, strategic games and game values) depends on expr (the expression language)"]
    );
    let sideways = "[dependencies]\nconway-impartial.workspace = true\n";
    assert_eq!(breaches("partizan", sideways).len(), 1);
    assert_eq!(breaches("newcomer", "").len(), 1);
    let allowed = "[dependencies]\nconway-partizan.workspace = true\n[dev-dependencies]\nconway-expr.workspace = true\n";
    assert!(breaches("loopy", allowed).is_empty());
}
