//! The catalogue of games `conway solve` knows: one [`Game`] per game — its name, a line
//! about it, the [`Param`]s its position and options are written with, the solver that
//! answers a position, and whether its positions after a move can be written (so that
//! `--moves` lists every move with the command that answers it, and the worksheet can play
//! it). The CLI builds `solve`'s help, `--list` and dispatch from [`GAMES`]; the worksheet
//! asks it what it can play; the tour and Python's `conway.solve` read it too. Adding a game
//! is a file in `games/` and a line in [`GAMES`].
//!
//! This crate reads words and calls the domain crates; it renders nothing (front ends render
//! the [`Solved`] report) and touches no terminal.

pub mod drawing;
pub mod param;
pub mod play;
pub mod words;

mod games;

use conway_core::error::FileError;
use conway_core::{Diagnostic, ErrorKind, Location, Ranks, Watcher};
use conway_impartial::Solution;
use conway_retrograde::report::{ChaseReport, DigraphReport};
use conway_rulesets::outcome::WinnerReport;
use serde::Serialize;

pub use param::{Arguments, Arity, Kind, Param, Value};

/// Every game, in the order `solve --list` shows them.
pub use games::GAMES;

/// One game of the catalogue.
pub struct Game {
    /// The name it is called by: `nim`, `fibonacci-nim`.
    pub name: &'static str,
    /// Other names it answers to.
    pub aliases: &'static [&'static str],
    /// One line about its rules.
    pub summary: &'static str,
    /// A position's words, as the command line writes them after the name; the graph games'
    /// examples read [`EXAMPLE_FILES`].
    pub example: &'static str,
    /// Its position's words and its options, positional ones first.
    pub params: &'static [Param],
    /// Whether the position after a move is written with these parameters, so that every
    /// move can be listed with the command that answers it (and the game played out); false
    /// for the games on graph files.
    pub lists_moves: bool,
    /// Answers a position.
    pub solve: Solver,
    /// Answers a position with the work spread over the ranks of a distributed run (a
    /// collective call: rank 0 gets the answer), for the games that can; the flag `mpi`
    /// among the arguments asks for it.
    pub on_ranks: Option<RankSolver>,
    /// Draws its positions for a person to play on by clicks (Nim's tokens, the chase's
    /// board), for the games that have a picture.
    pub drawn: Option<drawing::Drawer>,
}

/// What answers a position of a game.
#[derive(Clone, Copy, Debug)]
pub enum Solver {
    /// The game's own code.
    Code(fn(&Arguments, &Request) -> Result<Solved, GameError>),
    /// The search of a ruleset of the registry (`solve clobber`).
    Searched(&'static conway_rulesets::registry::Ruleset),
}

/// What answers a position with the work spread over ranks; rank 0 gets the answer.
pub type RankSolver = fn(&Arguments, &Request, &dyn Ranks) -> Result<Option<Solved>, GameError>;

impl Game {
    /// Whether it answers to `name`.
    pub fn is_called(&self, name: &str) -> bool {
        self.name == name || self.aliases.contains(&name)
    }

    /// Reads its arguments from words (see [`Arguments::read`]) and answers the position.
    pub fn solve_words(
        &self,
        positional: &[String],
        options: &[(String, Vec<String>)],
        request: &Request,
    ) -> Result<Solved, GameError> {
        let arguments = Arguments::read(self.params, positional, options)?;
        self.answer(&arguments, request)
    }

    /// Answers the position `arguments` write, refusing what this game cannot do (every
    /// move where positions after a move cannot be written, a distributed run outside one).
    pub fn answer(&self, arguments: &Arguments, request: &Request) -> Result<Solved, GameError> {
        if request.moves && !self.lists_moves {
            return Err(GameError::invalid(format!(
                "every move is not listed for {}: a position after a move is not something \
                 its arguments can write",
                self.name
            )));
        }
        if arguments.flag("mpi") {
            return Err(GameError::invalid(
                "--mpi runs a command under mpirun, from the command line",
            ));
        }
        match self.solve {
            Solver::Code(solve) => solve(arguments, request),
            Solver::Searched(ruleset) => games::searched(ruleset, arguments, request),
        }
    }

    /// Its picture of a solved position, where it has one and the position is small enough.
    pub fn drawing(&self, arguments: &Arguments, solved: &Solved) -> Option<drawing::Drawing> {
        self.drawn.and_then(|draw| draw(arguments, solved))
    }

    /// How its command is written: `nim <HEAPS>...`.
    pub fn usage(&self) -> String {
        let words = self.params.iter().filter(|p| !p.option || p.required);
        std::iter::once(self.name.to_string())
            .chain(words.map(Param::written))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The command line of its example: `solve nim 14 21 39`.
    pub fn example_command(&self) -> String {
        format!("solve {} {}", self.name, self.example)
    }

    /// What a list of games says of it.
    pub fn listed(&self) -> Listed {
        Listed {
            name: self.name.to_string(),
            summary: self.summary.to_string(),
            usage: self.usage(),
            example: self.example_command(),
            playable: self.lists_moves,
        }
    }
}

/// A game as `solve --list` and `conway.games()` show it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq, schemars::JsonSchema)]
pub struct Listed {
    /// Its name.
    pub name: String,
    /// One line about its rules.
    pub summary: String,
    /// How its command is written.
    pub usage: String,
    /// A command answering one of its positions (`solve nim 14 21 39`).
    pub example: String,
    /// Whether every move can be listed and the game played out against Conway.
    pub playable: bool,
}

/// The files the examples of the games on graph files read, by name, and their text: a
/// DAG (so that the conjunctive compound takes it) grounded at vertex 0 (for Green
/// Hackenbush).
pub const EXAMPLE_FILES: &[(&str, &str)] = &[("graph.txt", "0 a\n0 b\na b\na c\nb c\nc d\n")];

/// The game called `name` (or by one of its aliases).
pub fn find(name: &str) -> Option<&'static Game> {
    GAMES.iter().copied().find(|g| g.is_called(name))
}

/// Every game, as a list shows them.
pub fn listing() -> Vec<Listed> {
    GAMES.iter().map(|g| g.listed()).collect()
}

/// What a position is asked: its answer, and every move too or not.
pub struct Request<'a> {
    /// Also list every move, each with the command answering the position after it.
    pub moves: bool,
    /// Watches the work, stage by stage, and may stop it.
    pub watch: &'a dyn Watcher,
}

/// What a game's solver answers: the report of the domain crate that solves it, serialized
/// as the report it holds.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum Solved {
    /// A position of an impartial game: outcome, value, winning moves.
    Solution(Solution),
    /// A start position of the Easy Chase.
    Chase(ChaseReport),
    /// Loopy values on a digraph.
    Digraph(DigraphReport),
    /// Who wins a partizan position when each player starts, found by search.
    Winner(WinnerReport),
}

impl Solved {
    /// How play has ended at this position, when every move was asked for and none is left.
    pub fn ended(&self) -> Option<conway_core::play::Ended> {
        match self {
            Solved::Solution(s) => s.ended(),
            // A chase ends with a capture, a move away from any position `solve` takes.
            Solved::Chase(_) | Solved::Digraph(_) | Solved::Winner(_) => None,
        }
    }

    /// The move Conway makes from this position when it plays a person, when the report
    /// lists one (every move asked for, or a winning move).
    pub fn reply(&self) -> Option<conway_core::play::Reply> {
        match self {
            Solved::Solution(s) => s.reply(),
            Solved::Chase(r) => r.reply(),
            Solved::Digraph(_) | Solved::Winner(_) => None,
        }
    }
}

impl From<Solution> for Solved {
    fn from(s: Solution) -> Self {
        Solved::Solution(s)
    }
}

/// A failure to answer: the domain crate's error, kept by kind and place, or arguments
/// that do not fit the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct GameError {
    kind: ErrorKind,
    message: String,
    location: Option<Location>,
}

impl GameError {
    /// A failure of `kind`.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        GameError {
            kind,
            message: message.into(),
            location: None,
        }
    }

    /// Arguments outside what the game takes.
    pub fn invalid(message: impl Into<String>) -> Self {
        GameError::new(ErrorKind::InvalidInput, message)
    }

    /// Conway's own failure.
    pub fn internal(message: impl Into<String>) -> Self {
        GameError::new(ErrorKind::Internal, message)
    }

    /// Any domain error, by its kind, place and message.
    pub fn from_diagnostic(e: &dyn Diagnostic) -> Self {
        GameError {
            kind: e.kind(),
            message: e.to_string(),
            location: e.location(),
        }
    }

    /// This error about the input called `name` (a file): its message starts with the name.
    pub fn in_input(mut self, name: &str) -> Self {
        self.message = format!("{name}: {}", self.message);
        self
    }
}

impl Diagnostic for GameError {
    fn kind(&self) -> ErrorKind {
        self.kind
    }

    fn location(&self) -> Option<Location> {
        self.location
    }
}

/// The domain crates' errors, by kind and place.
macro_rules! from_diagnostics {
    ($($error:ty),*) => {$(
        impl From<$error> for GameError {
            fn from(e: $error) -> Self {
                GameError::from_diagnostic(&e)
            }
        }
    )*};
}

from_diagnostics!(
    conway_partizan::PartizanError,
    conway_impartial::ImpartialError,
    conway_retrograde::RetrogradeError,
    conway_graph::GraphError,
    conway_core::ranks::RankFailure,
    conway_core::durable::DurableError,
    FileError
);

#[cfg(test)]
mod tests {
    use super::*;
    use conway_core::NoProgress;

    #[test]
    fn names_and_parameters_are_well_formed() {
        let mut names = std::collections::BTreeSet::new();
        for game in GAMES.iter() {
            for name in std::iter::once(&game.name).chain(game.aliases) {
                assert!(names.insert(*name), "{name} is called twice");
                assert!(find(name).is_some_and(|g| g.name == game.name));
            }
            assert!(!game.summary.is_empty() && !game.summary.ends_with('.'));
            let positional: Vec<&Param> = game.params.iter().filter(|p| !p.option).collect();
            // Only the last positional parameter may take several words.
            for p in positional.iter().rev().skip(1) {
                assert_eq!(p.arity, Arity::One, "{}: {}", game.name, p.name);
            }
            for p in game.params {
                for other in p.requires.iter().chain(&p.conflicts) {
                    assert!(game.params.iter().any(|q| q.name == *other), "{other}");
                }
                if let Some(word) = p.default {
                    assert!(p.kind.read(word).is_ok(), "{}: {word}", p.name);
                }
            }
        }
    }

    fn words(w: &[&str]) -> Vec<String> {
        w.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_position_read_from_words_is_answered() {
        let request = Request {
            moves: true,
            watch: &NoProgress,
        };
        let nim = find("nim").expect("nim");
        let Ok(Solved::Solution(s)) = nim.solve_words(&words(&["3", "4", "5"]), &[], &request)
        else {
            panic!("nim answers")
        };
        assert_eq!(s.value.as_deref(), Some("*2"));
        assert_eq!(
            s.winning_moves[0].command.as_deref(),
            Some("solve nim 1 4 5")
        );
        let options = [("set".to_string(), words(&["1,3,4"]))];
        let subtraction = find("subtraction").expect("subtraction");
        let Ok(Solved::Solution(s)) = subtraction.solve_words(&words(&["7"]), &options, &request)
        else {
            panic!("subtraction answers")
        };
        // S(1,3,4) has period 0 1 0 1 2 3 2: heap 7 is a P-position.
        assert_eq!(s.value.as_deref(), Some("0"));
    }

    /// The words of `game`'s example, its files written in `dir`.
    fn example_words(game: &Game, dir: &std::path::Path) -> Vec<String> {
        let words = shlex::split(game.example).expect("an example splits into words");
        words
            .into_iter()
            .map(
                |w| match EXAMPLE_FILES.iter().find(|(name, _)| *name == w) {
                    Some((name, text)) => {
                        let path = dir.join(name);
                        std::fs::write(&path, text).expect("scratch file");
                        path.display().to_string()
                    }
                    None => w,
                },
            )
            .collect()
    }

    #[test]
    fn every_example_is_answered_and_its_moves_answer_too() {
        let dir = std::env::temp_dir().join(format!("conway-games-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("scratch folder");
        for game in GAMES.iter() {
            let words = example_words(game, &dir);
            let arguments = Arguments::read_command(game.params, &words).expect(game.name);
            let request = Request {
                moves: game.lists_moves,
                watch: &NoProgress,
            };
            let solved = game.answer(&arguments, &request).expect(game.name);
            let Solved::Solution(s) = solved else {
                continue;
            };
            // Each listed move's command answers the position it names.
            let Some(moves) = s.options.filter(|m| !m.is_empty()) else {
                assert!(!game.lists_moves, "{}: no moves listed", game.name);
                continue;
            };
            let command = moves[0].command.as_deref().expect("a command");
            let words = shlex::split(command).expect("a command splits");
            assert_eq!(words[..2], ["solve".to_string(), game.name.to_string()]);
            let next = find(&words[1]).expect("a game");
            let arguments = Arguments::read_command(next.params, &words[2..]).expect(command);
            let Ok(Solved::Solution(after)) = next.answer(&arguments, &request) else {
                panic!("{command} answers")
            };
            assert_eq!(after.position, moves[0].to, "{command}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn words_that_do_not_fit_are_refused_with_their_place() {
        let request = Request {
            moves: false,
            watch: &NoProgress,
        };
        let nim = find("nim").expect("nim");
        let e = nim
            .solve_words(&words(&["3", "-4"]), &[], &request)
            .expect_err("negative");
        assert!(e.to_string().contains("position word 2"), "{e}");
        let e = nim.solve_words(&[], &[], &request).expect_err("no heaps");
        assert!(e.to_string().contains("<HEAPS>"), "{e}");
        let wythoff = find("wythoff").expect("wythoff");
        let e = wythoff
            .solve_words(&words(&["1", "2", "3"]), &[], &request)
            .expect_err("three words");
        assert!(e.to_string().contains("'3'"), "{e}");
        let options = [("sett".to_string(), words(&["1"]))];
        let subtraction = find("subtraction").expect("subtraction");
        let e = subtraction
            .solve_words(&words(&["7"]), &options, &request)
            .expect_err("unknown option");
        assert!(e.to_string().contains("sett"), "{e}");
        let e = subtraction
            .solve_words(&words(&["7"]), &[], &request)
            .expect_err("no set");
        assert!(e.to_string().contains("--set"), "{e}");
        let chase = find("chase").expect("chase");
        let options = [("checkpoint".to_string(), words(&["dir"]))];
        let e = chase
            .solve_words(&words(&["4", "1", "1", "4", "4"]), &options, &request)
            .expect_err("checkpoint without mpi");
        assert!(e.to_string().contains("--mpi"), "{e}");
        let request = Request {
            moves: true,
            watch: &NoProgress,
        };
        let geography = find("geography").expect("geography");
        let e = geography
            .solve_words(&words(&["g.txt", "a"]), &[], &request)
            .expect_err("no moves listed");
        assert_eq!(conway_core::Diagnostic::kind(&e), ErrorKind::InvalidInput);
    }
}
