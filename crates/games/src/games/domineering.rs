//! Who wins a Domineering board: Left places vertical dominoes, Right horizontal ones; who
//! cannot place loses. Answered by search, for boards far past their canonical forms (the
//! values are `conway eval 'domineering("…")'`). With `--checkpoint FILE` a long search
//! keeps the positions it has settled in FILE, crash-safe, and a run started again with the
//! same file resumes from them.

use conway_core::durable::Format;
use conway_rulesets::domineering::RULESET;
use conway_rulesets::outcome::domineering::Position;

use crate::param::{Kind, Param};
use crate::{Arguments, Game, GameError, Request, Solved, Solver};

pub static GAME: Game = Game {
    // The registry's name: its search is the registry entry's, on every core.
    name: RULESET.name,
    aliases: &[],
    summary: "Who wins Domineering (Left vertical, Right horizontal) when each player starts, \
              by search: boards up to 128 bits (rows × (columns + 1))",
    example: "6x6",
    params: &[
        Param::positional(
            "board",
            Kind::Text,
            "ROWSxCOLUMNS for an empty board (8x8), or CGSuite's notation: rows separated by \
             |, . empty, # occupied ('..#|...').",
        ),
        super::rulesets::EVERY_MOVE,
        super::rulesets::FIRST,
        super::rulesets::budget("The most positions to search before giving up (default 2^34)."),
        super::search_checkpoint::CHECKPOINT,
        crate::param::CHECKPOINT_EVERY,
    ],
    lists_moves: false,
    solve: Solver::Code(solve),
    on_ranks: None,
    drawn: None,
};

/// Checkpoints of the search ([`conway_core::formats::DOMINEERING_CHECKPOINT`]); the
/// identity is the board.
pub const CHECKPOINT: Format = conway_core::formats::DOMINEERING_CHECKPOINT;

fn solve(a: &Arguments, r: &Request) -> Result<Solved, GameError> {
    let board = a.text("board")?;
    // The bitboard search's boards are named as it writes them (`7x8` and its rows alike);
    // the general search's, for a row too long for the bitboards, as given.
    let identity =
        Position::parse(&board).map_or_else(|_| board.trim().to_string(), |p| p.notation());
    let args = [conway_rulesets::registry::Arg::Position(&board)];
    super::rulesets::search(&RULESET, a, r, &args, (&CHECKPOINT, &identity))
}
