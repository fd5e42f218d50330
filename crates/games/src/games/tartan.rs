//! Tartan products of two coin-turning games on a 2-D board.

use conway_impartial::games::coins::CoinGame;
use conway_impartial::games::tartan;

use crate::param::{Kind, Param};
use crate::play::{around, playable};
use crate::{Arguments, Game, GameError, Request, Solved, Solver};

/// The coin-turning games a tartan product is made of.
const FACTORS: &[&str] = &["turtles", "ruler", "mock-turtles"];

pub static GAME: Game = Game {
    name: "tartan",
    aliases: &[],
    summary: "Tartan product of two coin-turning games on a 2-D board (rows separated by /)",
    example: "HTT/THT/TTH",
    params: &[
        Param::positional("board", Kind::Text, "The board, e.g. HTT/THT/TTH."),
        Param::option(
            "rows",
            Kind::Choice(FACTORS),
            "The game along the rows' index (turtles, ruler, mock-turtles).",
        )
        .default("turtles"),
        Param::option(
            "cols",
            Kind::Choice(FACTORS),
            "The game along the columns' index.",
        )
        .default("turtles"),
    ],
    lists_moves: true,
    solve: Solver::Code(solve),
    on_ranks: None,
    drawn: None,
};

fn factor(a: &Arguments, name: &str) -> Result<CoinGame, GameError> {
    let word = a.text(name)?;
    CoinGame::from_name(&word).ok_or_else(|| {
        GameError::invalid(format!(
            "--{name} '{word}' is not a coin-turning game (turtles, ruler, mock-turtles)"
        ))
    })
}

fn solve(a: &Arguments, r: &Request) -> Result<Solved, GameError> {
    let (rows, cols) = (factor(a, "rows")?, factor(a, "cols")?);
    let board = tartan::parse_board(&a.text("board")?)?;
    Ok(playable(
        tartan::solve(rows, cols, &board),
        r.moves,
        |l| tartan::offer_moves(l, rows, cols, &board),
        |to| {
            around(
                &["tartan"],
                to,
                &["--rows", rows.name(), "--cols", cols.name()],
            )
        },
    ))
}
