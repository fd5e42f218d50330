//! The auction race (HDU 2149, HDU 2188): raise the price by 1 to n; who reaches m wins.

use conway_impartial::games::auction::{self, Auction};

use crate::param::{Kind, Param};
use crate::play::{around, playable};
use crate::{Arguments, Game, GameError, Request, Solved, Solver};

pub static GAME: Game = Game {
    name: "auction",
    aliases: &[],
    summary: "Auction race (HDU 2149 Public Sale): each bid raises the price by 1 to n; \
              whoever brings it to m wins",
    example: "3 5",
    params: &[
        Param::positional("m", Kind::U64, "The price that wins."),
        Param::positional("n", Kind::U64, "The most one bid may raise the price."),
        Param::option("price", Kind::U64, "The price now.").default("0"),
    ],
    lists_moves: true,
    solve: Solver::Code(solve),
    on_ranks: None,
    drawn: None,
};

fn solve(a: &Arguments, r: &Request) -> Result<Solved, GameError> {
    let race = Auction::new(a.u64("m")?, a.u64("n")?, a.u64("price")?)?;
    Ok(playable(
        auction::solve(&race),
        r.moves,
        |l| auction::offer_moves(l, &race),
        |to| {
            let w: Vec<&str> = to.split(' ').collect();
            around(&["auction", w[0], w[1], "--price", w[2]], "", &[])
        },
    ))
}
