//! Taking a Fibonacci number of stones from one heap (HDU 1848), by a table of values.

use conway_impartial::games::fibonacci_subtraction;

use crate::param::{Kind, Param};
use crate::play::{around, playable};
use crate::{Arguments, Game, GameError, Request, Solved, Solver};

pub static GAME: Game = Game {
    name: "fibonacci-subtraction",
    aliases: &[],
    summary: "Take a Fibonacci number (1, 2, 3, 5, 8, …) of stones from one heap (HDU 1848)",
    example: "1 4 1",
    params: &[Param::positional("heaps", Kind::U64, "Heap sizes (up to 10,000,000).").many()],
    lists_moves: true,
    solve: Solver::Code(solve),
    on_ranks: None,
    drawn: None,
};

fn solve(a: &Arguments, r: &Request) -> Result<Solved, GameError> {
    let heaps = a.u64s("heaps");
    Ok(playable(
        fibonacci_subtraction::solve(&heaps)?,
        r.moves,
        |l| fibonacci_subtraction::offer_moves(l, &heaps),
        |to| around(&["fibonacci-subtraction"], to, &[]),
    ))
}
