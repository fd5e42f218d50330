//! Bash's game: take 1 to m stones from one heap.

use conway_impartial::games::subtraction;

use super::HEAPS;
use crate::param::{Kind, Param};
use crate::play::{around, playable};
use crate::{Arguments, Game, GameError, Request, Solved, Solver};

pub static GAME: Game = Game {
    name: "bash",
    aliases: &[],
    summary: "Bash game: take 1 to --max stones from one heap",
    example: "--max 3 10 7",
    params: &[
        Param::option("max", Kind::Natural, "The most stones one move may take.").required(),
        HEAPS,
    ],
    lists_moves: true,
    solve: Solver::Code(solve),
    on_ranks: None,
    drawn: None,
};

fn solve(a: &Arguments, r: &Request) -> Result<Solved, GameError> {
    let (max, heaps) = (a.natural("max")?, a.naturals("heaps"));
    let most = max.to_string();
    Ok(playable(
        subtraction::solve_bash(&max, &heaps)?,
        r.moves,
        |l| subtraction::offer_bash_moves(l, &max, &heaps),
        |to| around(&["bash", "--max", &most], to, &[]),
    ))
}
