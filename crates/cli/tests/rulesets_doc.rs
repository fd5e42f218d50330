//! `docs/rulesets.md` lists every ruleset of CGSuite and MCGS with the Conway command that
//! evaluates it: each command there runs and answers (exit status 0), and every ruleset of
//! the registry is in it.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The commands of the tables' Conway column, `\|` read as `|`.
fn commands(doc: &str) -> Vec<String> {
    (doc.lines())
        .filter(|line| line.starts_with('|'))
        .filter_map(|line| {
            let cell = line.split(" | ").nth(1)?;
            let inner = cell.trim().strip_prefix("`conway ")?.strip_suffix('`')?;
            Some(inner.replace("\\|", "|"))
        })
        .collect()
}

#[test]
fn every_command_of_the_rulesets_page_answers() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(manifest.join("../../docs/rulesets.md")).expect("the page");
    let commands = commands(&doc);
    assert!(commands.len() > 40, "{commands:?}");
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_conway"));
    for command in &commands {
        let output = Command::new("sh")
            .arg("-c")
            .arg(format!("\"$CONWAY\" {command}"))
            .env("CONWAY", &bin)
            .output()
            .expect("a shell");
        assert!(
            output.status.success(),
            "conway {command}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    for ruleset in conway_rulesets::registry::RULESETS {
        assert!(
            commands
                .iter()
                .any(|c| c.contains(&format!("{}(", ruleset.name))),
            "docs/rulesets.md never evaluates {}",
            ruleset.name
        );
    }
}
