//! The multiplication game: multiply p (from 1) by 2..9; the first to reach n wins.

use conway_impartial::games::multiplication;

use crate::param::{Kind, Param};
use crate::play::{around, playable};
use crate::{Arguments, Game, GameError, Request, Solved, Solver};

pub static GAME: Game = Game {
    name: "multiplication",
    aliases: &[],
    summary: "Multiplication game: multiply p (from 1) by 2..9; the first to reach n wins",
    example: "162",
    params: &[
        Param::positional("n", Kind::Natural, "The target n."),
        Param::option("from", Kind::Natural, "The current value of p.").default("1"),
    ],
    lists_moves: true,
    solve: Solver::Code(solve),
    on_ranks: None,
    drawn: None,
};

fn solve(a: &Arguments, r: &Request) -> Result<Solved, GameError> {
    let (n, from) = (a.natural("n")?, a.natural("from")?);
    let target = n.to_string();
    Ok(playable(
        multiplication::solve(&n, &from)?,
        r.moves,
        |l| multiplication::offer_moves(l, &n, &from),
        |to| around(&["multiplication", &target, "--from"], to, &[]),
    ))
}
