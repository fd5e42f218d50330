//! Moore's Nim_k: take from at least one and at most k heaps.

use conway_impartial::games::moore;

use super::HEAPS;
use crate::param::{Kind, Param};
use crate::play::{around, playable};
use crate::{Arguments, Game, GameError, Request, Solved, Solver};

pub static GAME: Game = Game {
    name: "moore",
    aliases: &[],
    summary: "Moore's Nim_k: take from at least one and at most --k heaps",
    example: "--k 2 1 2 3",
    params: &[
        Param::option("k", Kind::U64, "The most heaps one move may change.").required(),
        HEAPS,
    ],
    lists_moves: true,
    solve: Solver::Code(solve),
    on_ranks: None,
    drawn: None,
};

fn solve(a: &Arguments, r: &Request) -> Result<Solved, GameError> {
    let (k, heaps) = (a.u64("k")?, a.naturals("heaps"));
    let most = k.to_string();
    Ok(playable(
        moore::solve(k, &heaps)?,
        r.moves,
        |l| moore::offer_moves(l, k, &heaps),
        |to| around(&["moore", "--k", &most], to, &[]),
    ))
}
