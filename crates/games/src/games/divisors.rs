//! The divisor game on 1..n: erase a number and all its divisors.

use conway_impartial::games::divisors;

use crate::param::{Kind, Param};
use crate::play::{around, playable};
use crate::{Arguments, Game, GameError, Request, Solved, Solver};

pub static GAME: Game = Game {
    name: "divisors",
    aliases: &[],
    summary: "Divisor game on 1..n: erase a number and all its divisors",
    example: "12",
    params: &[
        Param::positional("n", Kind::U64, "The largest number on the board."),
        Param::option(
            "remaining",
            Kind::Numbers,
            "A later position: the numbers still on the board, e.g. 2,3,4,6 (none: every \
             number is erased). Default: all of 1..n.",
        )
        .value_name("NUMBERS"),
    ],
    lists_moves: true,
    solve: Solver::Code(solve),
    on_ranks: None,
    drawn: None,
};

fn solve(a: &Arguments, r: &Request) -> Result<Solved, GameError> {
    let n = a.u64("n")?;
    let numbers = a.numbers("remaining");
    let solved = divisors::solve(n, numbers.as_deref())?;
    if n > divisors::SEARCH_LIMIT {
        // The positions after a move are searched, and only up to the limit.
        return Ok(if r.moves {
            solved.with_options(Vec::new(), false).note(format!(
                "moves are listed for n ≤ {}: the positions they leave are searched",
                divisors::SEARCH_LIMIT
            ))
        } else {
            solved
        }
        .into());
    }
    let game = divisors::Divisors::new(n)?;
    let set = match &numbers {
        Some(numbers) => divisors::position(&game, numbers)?,
        None => game.start(),
    };
    let largest = n.to_string();
    Ok(playable(
        solved,
        r.moves,
        |l| divisors::offer_moves(l, &game, set),
        |to| {
            let remaining = to.replace(' ', ",");
            around(&["divisors", &largest, "--remaining", &remaining], "", &[])
        },
    ))
}
