//! Subtraction games (S-Nim): take s stones from one heap, s in a finite set.

use conway_impartial::games::subtraction;
use conway_impartial::heap::subtraction::SubtractionGame;
use conway_impartial::solution::heaps_text;

use super::HEAPS;
use crate::param::{Kind, Param};
use crate::play::{around, playable};
use crate::{Arguments, Game, GameError, Request, Solved, Solver};

pub static GAME: Game = Game {
    name: "subtraction",
    aliases: &[],
    summary: "Subtraction game (S-Nim): take s stones from one heap, s in --set",
    example: "--set 1,3,4 10 12",
    params: &[
        Param::option("set", Kind::Numbers, "The subtraction set, e.g. 1,3,4.").required(),
        HEAPS,
        Param::flag(
            "values",
            "List every value of a long period (periods of more than 100 values are \
             otherwise shown by their first and last values).",
        ),
    ],
    lists_moves: true,
    solve: Solver::Code(solve),
    on_ranks: None,
    drawn: None,
};

fn solve(a: &Arguments, r: &Request) -> Result<Solved, GameError> {
    let heaps = a.naturals("heaps");
    let game = SubtractionGame::new(a.numbers("set").unwrap_or_default())?;
    let set = heaps_text(game.set()).replace(' ', ",");
    Ok(playable(
        subtraction::solve(&game, &heaps, a.flag("values"))?,
        r.moves,
        |l| subtraction::offer_moves(l, &game, &heaps),
        |to| around(&["subtraction", "--set", &set], to, &[]),
    ))
}
