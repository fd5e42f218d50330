//! Who wins a position of a partizan ruleset, by search: boards far past their canonical
//! forms (the values are `conway eval 'clobber("…")'` and the like). A game here for each
//! ruleset of the registry with a `solve` command, searched by its registry entry (most by
//! [`conway_rulesets::outcome::ruleset`], which values small components exactly and searches
//! the rest); Domineering's game has a module of its own and shares [`search`].

use conway_core::durable::Format;
use conway_core::Progress;
use conway_partizan::{PartizanError, Player, Store};
use conway_rulesets::outcome::ruleset::Ask;
use conway_rulesets::outcome::Resume;
use conway_rulesets::registry::{
    written, Arg, Param as RulesetParam, ParamKind, Ruleset, RULESETS,
};

use crate::param::{Kind, Param};
use crate::{Arguments, Game, GameError, Request, Solved, Solver};

/// Judge every first move, not only until a winning one is found.
pub(super) const EVERY_MOVE: Param = Param::flag(
    "every-move",
    "Judge every first move of each player, not only until a winning one is found.",
);

/// Answer for one starting player only: half the work or less, and the question a solver
/// such as Obsequi or MCGS is often asked.
pub(super) const FIRST: Param = Param::option(
    "first",
    Kind::Choice(&["left", "right"]),
    "Answer only when this player moves first (left or right): who wins and a winning \
     first move; the outcome class needs both.",
)
.value_name("PLAYER");

/// The search's budget of positions, with its default in words.
pub(super) const fn budget(help: &'static str) -> Param {
    Param::option("budget", Kind::U64, help).value_name("POSITIONS")
}

/// The position of a board game, with what the notation's symbols mean.
pub(super) const fn board(help: &'static str) -> Param {
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
        // The ruleset's parameters in order, the position last as `board`.
        let mut params: Vec<Param> = ruleset
            .params
            .iter()
            .map(|p| match p.kind {
                ParamKind::Position => board(command.board_help),
                ParamKind::Natural => Param::positional(p.name, Kind::U64, rule_help(ruleset, p)),
                ParamKind::Word | ParamKind::Integer | ParamKind::Naturals => {
                    Param::positional(p.name, Kind::Text, rule_help(ruleset, p))
                }
            })
            .collect();
        params.extend([
            EVERY_MOVE,
            FIRST,
            budget("The most positions to search before giving up (default 2^26)."),
            super::search_checkpoint::CHECKPOINT,
            crate::param::CHECKPOINT_EVERY,
        ]);
        let game = Game {
            name: Box::leak(ruleset.command_name().into_boxed_str()),
            aliases: &[],
            summary: Box::leak(command.summary(ruleset).into_boxed_str()),
            example: command.example,
            params: Box::leak(params.into_boxed_slice()),
            lists_moves: false,
            solve: Solver::Searched(ruleset),
            on_ranks: None,
            drawn: None,
        };
        Some(&*Box::leak(Box::new(game)))
    })
}

/// The help of a parameter of a generic ruleset's rules (built once, for the life of the
/// program).
fn rule_help(ruleset: &Ruleset, param: &RulesetParam) -> &'static str {
    let text = format!(
        "The rules' {}, as `conway eval` writes it: {}.",
        param.name.replace('_', " "),
        ruleset.example
    );
    Box::leak(text.into_boxed_str())
}

/// Answers `solve RULESET [RULES...] BOARD` for a ruleset with a `solve` command: the board
/// (`ROWSxCOLUMNS` expanded) searched for its winner under the rules its parameters give,
/// resumable from a checkpoint named by the game, its rules and its board.
pub(crate) fn searched(
    ruleset: &'static Ruleset,
    a: &Arguments,
    r: &Request,
) -> Result<Solved, GameError> {
    let board = match ruleset.search.and_then(|s| s.command) {
        Some(command) => command.board(&a.text("board")?),
        None => a.text("board")?,
    };
    let words = ruleset
        .params
        .iter()
        .map(|p| match p.kind {
            ParamKind::Natural => Ok(Rule::Natural(a.u64(p.name)?)),
            ParamKind::Integer => {
                let word = a.text(p.name)?;
                let n = word.trim().parse().map_err(|_| {
                    PartizanError::InvalidInput(format!(
                        "{}: expected a whole number, not {word:?}",
                        p.name
                    ))
                })?;
                Ok(Rule::Integer(n))
            }
            ParamKind::Position => Ok(Rule::Board),
            ParamKind::Word | ParamKind::Naturals => Ok(Rule::Word(a.text(p.name)?)),
        })
        .collect::<Result<Vec<Rule>, GameError>>()?;
    let args: Vec<Arg<'_>> = words
        .iter()
        .map(|w| match w {
            Rule::Natural(n) => Arg::Natural(*n),
            Rule::Integer(n) => Arg::Integer(*n),
            Rule::Word(word) => Arg::Word(word),
            Rule::Board => Arg::Position(&board),
        })
        .collect();
    let identity = format!("{} {}", ruleset.command_name(), written(&args));
    search(ruleset, a, r, &args, (&CHECKPOINT, &identity))
}

/// A parameter of a `solve` command's ruleset, as read from the command line.
enum Rule {
    Natural(u64),
    Integer(i64),
    Word(String),
    Board,
}

/// Searches the position `args` write of `ruleset`, at most `--budget` positions (the search's own
/// default without it); with `--checkpoint`, resuming from the file and keeping what it
/// settles there (a file of `format`, naming the position `identity`).
pub(super) fn search(
    ruleset: &'static Ruleset,
    a: &Arguments,
    r: &Request,
    args: &[Arg<'_>],
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
    // The option's choices are the words `Player::from_word` reads.
    let first = a
        .has("first")
        .then(|| a.text("first"))
        .transpose()?
        .and_then(|word| Player::from_word(&word));
    let run = |resume: Resume, progress: &dyn Progress| {
        let ask = Ask {
            every_move,
            budget,
            progress,
            first,
        };
        (searched.search)(&mut Store::new(), ruleset.name, args, ask, resume)
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
