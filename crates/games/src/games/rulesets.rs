//! Who wins a position of a partizan ruleset, by search: boards far past their canonical
//! forms (the values are `conway eval 'clobber("…")'` and the like). A game here for each
//! ruleset of the registry with a `solve` command, searched by its registry entry (most by
//! [`conway_rulesets::outcome::ruleset`], which values small components exactly and searches
//! the rest); Domineering's game has a module of its own and shares [`search`].

use conway_core::durable::Format;
use conway_core::Progress;
use conway_partizan::{PartizanError, Store};
use conway_rulesets::outcome::ruleset::Ask;
use conway_rulesets::outcome::Resume;
use conway_rulesets::registry::{Ruleset, RULESETS};

use crate::param::{Kind, Param};
use crate::{Arguments, Game, GameError, Request, Solved, Solver};

/// Judge every first move, not only until a winning one is found.
pub(super) const EVERY_MOVE: Param = Param::flag(
    "every-move",
    "Judge every first move of each player, not only until a winning one is found.",
);

/// The search's budget of positions, with its default in words.
pub(super) const fn budget(help: &'static str) -> Param {
    Param::option("budget", Kind::U64, help).value_name("POSITIONS")
}

/// The position of a board game, with what the notation's symbols mean.
const fn board(help: &'static str) -> Param {
    Param::positional("board", Kind::Text, help)
}

/// Checkpoints of the ruleset searches ([`conway_core::formats::RULESET_CHECKPOINT`]); the
/// identity is the game and its board (`clobber xoxo|oxox`).
pub const CHECKPOINT: Format = conway_core::formats::RULESET_CHECKPOINT;

/// A game for each ruleset of the registry that has a `solve` command
/// ([`conway_rulesets::registry::Command`]), in the registry's order; built once, for the
/// life of the program.
pub(super) fn searched_games() -> impl Iterator<Item = &'static Game> {
    RULESETS.iter().filter_map(|ruleset| {
        let command = ruleset.search?.command?;
        let params: &'static [Param] = Box::leak(Box::new([
            board(command.board_help),
            EVERY_MOVE,
            budget("The most positions to search before giving up (default 2^26)."),
            super::search_checkpoint::CHECKPOINT,
            crate::param::CHECKPOINT_EVERY,
        ]));
        let game = Game {
            name: Box::leak(ruleset.command_name().into_boxed_str()),
            aliases: &[],
            summary: Box::leak(command.summary(ruleset).into_boxed_str()),
            example: command.example,
            params,
            lists_moves: false,
            solve: Solver::Searched(ruleset),
            on_ranks: None,
            drawn: None,
        };
        Some(&*Box::leak(Box::new(game)))
    })
}

/// Answers `solve RULESET BOARD` for a ruleset with a `solve` command: the board
/// (`ROWSxCOLUMNS` expanded) searched for its winner, resumable from a checkpoint named by
/// the game and its board.
pub(crate) fn searched(
    ruleset: &'static Ruleset,
    a: &Arguments,
    r: &Request,
) -> Result<Solved, GameError> {
    let board = match ruleset.search.and_then(|s| s.command) {
        Some(command) => command.board(&a.text("board")?),
        None => a.text("board")?,
    };
    let identity = format!("{} {}", ruleset.command_name(), board.trim());
    search(ruleset, a, r, &board, (&CHECKPOINT, &identity))
}

/// Searches the position `text` of `ruleset`, at most `--budget` positions (the search's own
/// default without it); with `--checkpoint`, resuming from the file and keeping what it
/// settles there (a file of `format`, naming the position `identity`).
pub(super) fn search(
    ruleset: &'static Ruleset,
    a: &Arguments,
    r: &Request,
    text: &str,
    (format, identity): (&Format, &str),
) -> Result<Solved, GameError> {
    let searched = ruleset.search.ok_or_else(|| {
        PartizanError::InvalidInput(format!(
            "{} is not a searched ruleset (internal error)",
            ruleset.name
        ))
    })?;
    let budget = a.has("budget").then(|| a.u64("budget")).transpose()?;
    let every_move = a.flag("every-move");
    let run = |resume: Resume, progress: &dyn Progress| {
        let ask = Ask {
            every_move,
            budget,
            progress,
        };
        (searched.search)(&mut Store::new(), ruleset.name, text, ask, resume)
    };
    let mut report = match a.path("checkpoint") {
        Some(path) => super::search_checkpoint::resumed(a, r, (&path, format, identity), run)?,
        None => {
            let stage = r.watch.stage("searching");
            run(Resume::afresh(), &*stage).0?
        }
    };
    // The game as the catalogue names it (`toads-and-frogs`, not the function's name).
    report.game = ruleset.command_name();
    Ok(Solved::Winner(report))
}
