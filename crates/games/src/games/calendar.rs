//! The Calendar Game (HDU 1079): to the next day or the same day next month, first to
//! 2001-11-04 wins.

use conway_impartial::games::calendar::{self, Date};

use crate::param::{Kind, Param};
use crate::play::{around, playable};
use crate::{Arguments, Game, GameError, Request, Solved, Solver};

pub static GAME: Game = Game {
    name: "calendar",
    aliases: &[],
    summary: "Calendar Game (HDU 1079): move to the next day or the same day next month; \
              whoever reaches 2001-11-04 wins",
    example: "2001 11 3",
    params: &[
        Param::positional("year", Kind::U32, "The year (1900 to 2001)."),
        Param::positional("month", Kind::U32, "The month (1 to 12)."),
        Param::positional("day", Kind::U32, "The day of the month."),
    ],
    lists_moves: true,
    solve: Solver::Code(solve),
    on_ranks: None,
    drawn: None,
};

fn solve(a: &Arguments, r: &Request) -> Result<Solved, GameError> {
    let date = Date::new(a.u32("year")?, a.u32("month")?, a.u32("day")?)?;
    Ok(playable(
        calendar::solve(date),
        r.moves,
        |l| calendar::offer_moves(l, date),
        |to| around(&["calendar"], to, &[]),
    ))
}
