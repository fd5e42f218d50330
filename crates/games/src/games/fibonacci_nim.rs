//! Fibonacci Nim: take up to twice the previous take; the first move may not take all.

use conway_impartial::games::fibonacci_nim;

use crate::param::{Kind, Param};
use crate::play::{around, playable};
use crate::{Arguments, Game, GameError, Request, Solved, Solver};

pub static GAME: Game = Game {
    name: "fibonacci-nim",
    aliases: &[],
    summary: "Fibonacci Nim: take up to twice the previous take (the first move may not take all)",
    example: "20",
    params: &[
        Param::positional("n", Kind::Natural, "Stones in the heap."),
        Param::option(
            "max-take",
            Kind::Natural,
            "The most the player to move may take (default: the opening rule, n − 1).",
        ),
    ],
    lists_moves: true,
    solve: Solver::Code(solve),
    on_ranks: None,
    drawn: None,
};

fn solve(a: &Arguments, r: &Request) -> Result<Solved, GameError> {
    let (n, max_take) = (a.natural("n")?, a.natural_if_given("max-take"));
    let most = fibonacci_nim::max_take_or_opening(&n, max_take.as_ref());
    Ok(playable(
        fibonacci_nim::solve(&n, max_take.as_ref())?,
        r.moves,
        |l| fibonacci_nim::offer_moves(l, &n, &most),
        // The position after a move is written `rest most`.
        |to| {
            let (rest, most) = to.split_once(' ').unwrap_or((to, "0"));
            around(&["fibonacci-nim", rest, "--max-take", most], "", &[])
        },
    ))
}
