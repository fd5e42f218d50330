//! The worksheet's page draws what the server tells it: its code (comments aside) names no
//! ruleset of the registry and no game of the catalogue, not even in a regular expression,
//! a key or a class name, so that it holds no rule of any game.

use std::path::{Path, PathBuf};

use conway_rulesets::registry::RULESETS;

/// The page's scripts.
fn scripts() -> Vec<PathBuf> {
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/serve/assets");
    let mut found: Vec<PathBuf> = std::fs::read_dir(&assets)
        .expect("the page's assets")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "js"))
        .collect();
    found.sort();
    found
}

/// Every way a ruleset or a catalogue game is called: `eval`'s names and aliases, `solve`'s.
fn names() -> Vec<String> {
    let rulesets = RULESETS.iter().flat_map(|ruleset| {
        let spellings = ruleset.spellings().map(str::to_string);
        spellings.chain([ruleset.command_name()])
    });
    let games = conway_games::GAMES
        .iter()
        .flat_map(|game| std::iter::once(game.name).chain(game.aliases.iter().copied()));
    let mut all: Vec<String> = rulesets.chain(games.map(str::to_string)).collect();
    all.sort();
    all.dedup();
    all
}

/// Whether `word` stands in `line` as a word of its own (case aside).
fn has_word(line: &str, word: &str) -> bool {
    let (line, word) = (line.to_lowercase(), word.to_lowercase());
    let is_word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    line.match_indices(&word).any(|(at, _)| {
        !is_word(line[..at].chars().next_back()) && !is_word(line[at + word.len()..].chars().next())
    })
}

/// The lines of `text` that name one of `names`, comments aside, as `line: name`.
fn naming_lines(text: &str, names: &[String]) -> Vec<String> {
    let mut named = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let code = line.trim_start();
        if code.starts_with("//") || code.starts_with('*') || code.starts_with("/*") {
            continue;
        }
        named.extend(
            (names.iter().filter(|name| has_word(line, name)))
                .map(|name| format!("{}: {name}", number + 1)),
        );
    }
    named
}

#[test]
fn the_page_names_no_ruleset_and_no_game() {
    let names = names();
    assert!(names.iter().any(|n| n == "domineering") && names.iter().any(|n| n == "nim"));
    let mut named = Vec::new();
    for path in scripts() {
        let text = std::fs::read_to_string(&path).expect("a readable file");
        for line in naming_lines(&text, &names) {
            named.push(format!("{}:{line}", path.display()));
        }
    }
    assert!(
        named.is_empty(),
        "the page names rulesets or games:\n{}",
        named.join("\n")
    );
}

#[test]
fn a_name_planted_in_the_page_is_found() {
    let names = names();
    let planted = "const x = 1;\n// solve nim in a comment is fine\nif (game === \"chase\") {}\n";
    assert_eq!(naming_lines(planted, &names), ["3: chase"]);
    let planted = "const cells = input.match(/^domineering\\(/);";
    assert_eq!(naming_lines(planted, &names), ["1: domineering"]);
}

#[test]
fn words_are_found_whole() {
    assert!(has_word("x = col(1)", "col"));
    assert!(!has_word("colour", "col"));
    assert!(!has_word("my_col", "col"));
}
