//! The games on two numbers, answered by a closed form: Wythoff's game and Euclid's game.

use std::ops::ControlFlow;

use conway_impartial::games::{euclid, wythoff};
use conway_impartial::listing::OptionList;
use conway_impartial::Solution;
use num_bigint::BigUint;

use crate::param::{Kind, Param};
use crate::play::{around, playable};
use crate::{Arguments, Game, GameError, Request, Solved, Solver};

/// Two numbers.
const PAIR: [Param; 2] = [
    Param::positional("a", Kind::Natural, "First number."),
    Param::positional("b", Kind::Natural, "Second number."),
];

pub static WYTHOFF: Game = Game {
    name: "wythoff",
    aliases: &[],
    summary: "Wythoff's game: take from one heap, or the same number from both",
    example: "3 5",
    params: &PAIR,
    lists_moves: true,
    solve: Solver::Code(|a, r| on_pair("wythoff", a, r, wythoff::solve, wythoff::offer_moves)),
    on_ranks: None,
    drawn: None,
};

pub static EUCLID: Game = Game {
    name: "euclid",
    aliases: &[],
    summary: "Euclid's game: subtract a multiple of the smaller number from the larger; reach \
              0 to win",
    example: "25 7",
    params: &PAIR,
    lists_moves: true,
    solve: Solver::Code(|a, r| on_pair("euclid", a, r, euclid::solve, euclid::offer_moves)),
    on_ranks: None,
    drawn: None,
};

/// The position `a` writes as two numbers, answered by `solve`, its moves listed by `offer`.
fn on_pair(
    name: &'static str,
    a: &Arguments,
    r: &Request,
    solve: fn(&BigUint, &BigUint) -> Solution,
    offer: fn(&mut OptionList, &BigUint, &BigUint) -> ControlFlow<()>,
) -> Result<Solved, GameError> {
    let (x, y) = (a.natural("a")?, a.natural("b")?);
    Ok(playable(
        solve(&x, &y),
        r.moves,
        |l| offer(l, &x, &y),
        |to| around(&[name], to, &[]),
    ))
}
