//! `conway tour`: one worked example from every area, each a real command line and what
//! that command prints, run through the CLI's own parser and dispatch (so a command of the
//! tour, run on its own, prints exactly what the tour shows). With `--json`, one object
//! holding the same sections (`intro`, `sections` of `title`, `command`, `output`, and
//! `closing`).

use clap::Parser;
use serde::Serialize;

use crate::args::Cli;
use crate::progress::Watcher;
use crate::CliError;

/// What comes before the first section.
const INTRO: &str = "Conway solves two-player games exactly. Each answer below is what the \
                     command above it prints, computed now.";

/// What comes after the last section.
const CLOSING: &str = "More: 'conway solve --list' lists every game, 'conway eval --help' \
                       every function; add --json for scripts.";

/// The sections: what each shows, and the command that shows it (self-contained: no files).
pub const SECTIONS: &[(&str, &str)] = &[
    ("Nim (Bouton): xor the heaps", "conway solve nim 14 21 39"),
    (
        "Wythoff's game with huge heaps, in exact integers",
        "conway solve wythoff 1000000000000 1618033988749",
    ),
    (
        "A subtraction game: a certified period answers any heap",
        "conway solve subtraction --set 1,3,4 1000000000000",
    ),
    (
        "Misère Nim: whoever takes the last stone loses",
        "conway solve misere-nim 2 2",
    ),
    ("Coin turning: Ruler", "conway solve ruler THHTTHTH"),
    (
        "A Tartan product: coin turning on a board, by nim multiplication",
        "conway solve tartan TTT/THT/TTH",
    ),
    (
        "A contest problem: the Calendar Game (HDU 1079)",
        "conway solve calendar 2001 11 3",
    ),
    ("Kayles on two long rows", "conway solve kayles 1000 2021"),
    (
        "An octal game's values and their certified period",
        "conway grundy dawsons-kayles --to 300",
    ),
    (
        "Misère play: the quotient of a heap game (Plambeck and Siegel)",
        "conway grundy 0.75 --misere-quotient",
    ),
    ("A misère canonical form", "conway eval '*[2#0]'"),
    (
        "A surreal number: the simplest between",
        "conway eval '{1/2|1}'",
    ),
    (
        "Partizan games in CGSuite's notation: canonical form and thermograph",
        "conway eval '{3||2+*|1+*}'",
    ),
    (
        "Sums of switches print as CGSuite prints them",
        "conway eval '+-1+-2+-3+-4'",
    ),
    (
        "Infinitesimals: an atomic weight",
        "conway eval 'atomic_weight({^^^|vv})'",
    ),
    (
        "Domineering: Left places vertical dominoes, Right horizontal",
        "conway eval 'domineering(\"....|....|....|....\")'",
    ),
    ("Loopy games: a pass move", "conway eval '{pass|0}'"),
    (
        "Games with cycles: the Easy Chase by retrograde analysis",
        "conway solve chase 20 1 1 20 20",
    ),
    (
        "Nash equilibria, exact: every equilibrium of a coordination game",
        "conway nash --a '3 0 0; 0 2 0; 0 0 1' --b '3 0 0; 0 2 0; 0 0 1'",
    ),
    (
        "An evolutionarily stable strategy (Hawk-Dove)",
        "conway ess --a '-1 2; 0 1'",
    ),
    (
        "Stochastically stable states of a population",
        "conway stable --a '4 0; 3 3' --agents 10",
    ),
];

/// The tour: what comes before the first section, the sections, and the closing words.
#[derive(Serialize, schemars::JsonSchema)]
pub struct Tour {
    intro: String,
    sections: Vec<Section>,
    closing: String,
}

/// One worked example: what it shows, the command that shows it, and what it prints.
#[derive(Serialize, schemars::JsonSchema)]
pub struct Section {
    /// What it shows.
    pub title: String,
    /// The command line, as typed in a shell.
    pub command: String,
    /// What the command prints.
    pub output: String,
}

/// What `command` (a shell line starting `conway `) prints, run through the CLI's parser
/// and dispatch.
pub fn output(command: &str, watch: &dyn Watcher) -> Result<String, CliError> {
    let words = shlex::split(command).ok_or_else(|| {
        CliError::internal(format!("the tour's command {command} does not split"))
    })?;
    let cli = Cli::try_parse_from(words).map_err(|e| CliError::from_clap(&e))?;
    Ok(crate::answer::answer(cli.command, watch)?.text())
}

/// The section `(title, command)`, computed.
fn section((title, command): (&str, &str), watch: &dyn Watcher) -> Result<Section, CliError> {
    Ok(Section {
        title: title.to_string(),
        command: command.to_string(),
        output: output(command, watch)?,
    })
}

/// Prints the tour, as text (each section as soon as it is computed) or as one JSON object.
pub fn run(json: bool, watch: &dyn Watcher) -> Result<(), CliError> {
    if json {
        let sections = SECTIONS
            .iter()
            .map(|s| section(*s, watch))
            .collect::<Result<Vec<_>, _>>()?;
        let tour = Tour {
            intro: INTRO.to_string(),
            sections: sections
                .into_iter()
                .map(|s| Section {
                    output: s.output.trim_end_matches('\n').to_string(),
                    ..s
                })
                .collect(),
            closing: CLOSING.to_string(),
        };
        crate::out::emit_line(&crate::render::json(&tour));
        return Ok(());
    }
    crate::out::emit(&format!("{INTRO}\n"));
    for s in SECTIONS {
        let s = section(*s, watch)?;
        crate::out::emit(&format!("\n== {}\n$ {}\n{}", s.title, s.command, s.output));
    }
    crate::out::emit(&format!("\n{CLOSING}\n"));
    Ok(())
}
