//! The coin-turning games on a row of coins (Turning Turtles, Ruler, Mock Turtles): one
//! solver, three entries.

use conway_impartial::games::coins::{self, CoinGame};

use crate::param::{Kind, Param};
use crate::play::{around, playable};
use crate::{Arguments, Game, GameError, Request, Solved, Solver};

/// A row of coins.
const COINS: Param = Param::positional(
    "coins",
    Kind::Text,
    "Coins from left to right: H (heads) or T (tails); 1/0 also work. Example: THHTH.",
);

pub static TURTLES: Game = Game {
    name: "turtles",
    aliases: &[],
    summary: "Turning Turtles: turn a coin heads→tails and optionally one coin to its left",
    example: "THHTH",
    params: &[COINS],
    lists_moves: true,
    solve: Solver::Code(|a, r| row(CoinGame::Turtles, a, r)),
    on_ranks: None,
    drawn: None,
};

pub static RULER: Game = Game {
    name: "ruler",
    aliases: &[],
    summary: "Ruler: turn a run of consecutive coins, the rightmost heads→tails",
    example: "THHTTHTH",
    params: &[COINS],
    lists_moves: true,
    solve: Solver::Code(|a, r| row(CoinGame::Ruler, a, r)),
    on_ranks: None,
    drawn: None,
};

pub static MOCK_TURTLES: Game = Game {
    name: "mock-turtles",
    aliases: &[],
    summary: "Mock Turtles: turn one, two or three coins, the rightmost heads→tails",
    example: "HTHH",
    params: &[COINS],
    lists_moves: true,
    solve: Solver::Code(|a, r| row(CoinGame::MockTurtles, a, r)),
    on_ranks: None,
    drawn: None,
};

fn row(game: CoinGame, a: &Arguments, r: &Request) -> Result<Solved, GameError> {
    let coins = coins::parse_row(&a.text("coins")?)?;
    Ok(playable(
        coins::solve(game, &coins),
        r.moves,
        |l| coins::offer_moves(l, game, &coins),
        |to| around(&[game.name()], to, &[]),
    ))
}
