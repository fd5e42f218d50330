//! The coin-turning games on a row of coins: Turning Turtles, Ruler and Mock Turtles by
//! their closed forms, and any turning code (CGSuite's `Turning`) by its spawning values.

use conway_impartial::games::coins::{self, CoinGame};
use conway_impartial::games::turning;

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
        coins::solve(&game, &coins),
        r.moves,
        |l| coins::offer_moves(l, &game, &coins),
        |to| around(&[game.name()], to, &[]),
    ))
}

/// `conway solve` of the registry's `turning` ruleset: one name for the row's value in
/// `eval` and its solution here.
pub static TURNING: Game = Game {
    name: conway_rulesets::impartial_heap::TURNING.name,
    aliases: &[],
    summary: "Any coin-turning game by its turning code (CGSuite's Turning): 1-3 Mock \
              Turtles, 1+C Ruler, 3E Turnips, 4FS Grunt, 2-3,6C …",
    example: "3E TTHTTHTTH",
    params: &[
        Param::positional(
            "code",
            Kind::Text,
            "The turning code: a count of coins (3, 1-3, 2+), then C consecutive, E equally \
             spaced, S symmetric, F with the first coin, C(m) within m coins; commas between \
             alternatives.",
        ),
        COINS,
    ],
    lists_moves: true,
    solve: Solver::Code(|a, r| {
        let (code, row) = (a.text("code")?, a.text("coins")?);
        let stage = r.watch.stage("computing the coins' values");
        let name = TURNING.name;
        let (game, coins, solution) = turning::solve(name, &code, &row, &*stage)?;
        Ok(playable(
            solution,
            r.moves,
            |l| coins::offer_moves(l, &game, &coins),
            |to| around(&[name, &code], to, &[]),
        ))
    }),
    on_ranks: None,
    drawn: None,
};
