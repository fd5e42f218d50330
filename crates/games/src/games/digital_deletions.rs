//! Digital Deletions (HDU 1404): lower a digit, or erase a 0 and what follows it.

use conway_impartial::games::digital_deletions;

use crate::param::{Kind, Param};
use crate::play::playable;
use crate::{Arguments, Game, GameError, Request, Solved, Solver};

pub static GAME: Game = Game {
    name: "digital-deletions",
    aliases: &[],
    summary: "Digital Deletions (HDU 1404): lower a digit, or erase a 0 and every digit after \
              it; whoever erases the last digit wins",
    example: "20",
    params: &[Param::positional(
        "digits",
        Kind::Text,
        "The string of digits, up to 7 (leading zeros count; '' is the empty string).",
    )],
    lists_moves: true,
    solve: Solver::Code(solve),
    on_ranks: None,
    drawn: None,
};

fn solve(a: &Arguments, r: &Request) -> Result<Solved, GameError> {
    let digits = digital_deletions::parse(&a.text("digits")?)?;
    Ok(playable(
        digital_deletions::solve(&digits),
        r.moves,
        |l| digital_deletions::offer_moves(l, &digits),
        |to| vec!["digital-deletions".to_string(), to.to_string()],
    ))
}
