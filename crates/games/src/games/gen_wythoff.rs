//! Wythoff's game with a bounding function (CGSuite's `GenWythoff`, Fraenkel's r-Wythoff):
//! one solver, the bound a parameter; `wythoff` stays the closed form for equal takes.

use conway_impartial::games::gen_wythoff::{self, Bound};

use crate::param::{Kind, Param};
use crate::play::{around, playable};
use crate::{Arguments, Game, GameError, Request, Solved, Solver};

pub static GAME: Game = Game {
    name: "gen-wythoff",
    aliases: &[],
    summary: "Wythoff's game with a bound f (CGSuite's GenWythoff): take from one heap, or x \
              and y from both with 0 < min ≤ max < f(min); k+1 is Wythoff, k+r r-Wythoff",
    example: "k+2 10,11 3,5",
    params: &[
        Param::positional(
            "bound",
            Kind::Text,
            "The bounding function f(k) = s·k + t: k+1 (Wythoff), k+2, 2k+1, 3*k.",
        ),
        Param::positional("pairs", Kind::Text, "Pairs of heaps a,b (10,11).").many(),
    ],
    lists_moves: true,
    solve: Solver::Code(solve),
    on_ranks: None,
    drawn: None,
};

fn solve(a: &Arguments, r: &Request) -> Result<Solved, GameError> {
    let bound_text = a.text("bound")?;
    let bound = Bound::parse(&bound_text)?;
    let pairs = gen_wythoff::parse_pairs(&a.texts("pairs"))?;
    Ok(playable(
        gen_wythoff::solve(bound, &pairs)?,
        r.moves,
        |l| gen_wythoff::offer_moves(l, bound, &pairs),
        |to| around(&["gen-wythoff", &bound_text], to, &[]),
    ))
}
