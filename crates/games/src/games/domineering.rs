//! Who wins a Domineering board: Left places vertical dominoes, Right horizontal ones; who
//! cannot place loses. Answered by search, for boards far past their canonical forms (the
//! values are `conway eval 'domineering("…")'`).

use crate::param::{Kind, Param};
use crate::{Arguments, Game, GameError, Request, Solved};

pub static GAME: Game = Game {
    name: "domineering",
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
        super::rulesets::budget("The most positions to search before giving up (default 2^34)."),
    ],
    lists_moves: false,
    solve,
    on_ranks: None,
};

fn solve(a: &Arguments, r: &Request) -> Result<Solved, GameError> {
    let board = a.text("board")?;
    let game = ("domineering", "domineering");
    super::rulesets::search(a, r, game, &board)
}
