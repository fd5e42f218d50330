//! Heaps with a memory (CGSuite's `GenMem`: Mem, Take-Away(r), Fibonacci Nim, …): one
//! solver, the rule a parameter.

use conway_impartial::games::gen_mem::{self, MemRule};

use crate::param::{Kind, Param};
use crate::play::{around, playable};
use crate::{Arguments, Game, GameError, Request, Solved, Solver};

pub static GAME: Game = Game {
    name: "gen-mem",
    aliases: &["mem"],
    summary: "Heaps that remember their last take (CGSuite's GenMem): mem takes at least as \
              many, take-away(r) at most r times as many, unequal any other number",
    example: "mem 10:0 7:2",
    params: &[
        Param::positional(
            "rule",
            Kind::Text,
            "mem (a ≥ k), take-away(r) (a ≤ r·k, r such as 2 or 3/2; fibonacci is \
             take-away(2)) or unequal (a ≠ k), for a take of a after a last take of k.",
        ),
        Param::positional(
            "heaps",
            Kind::Text,
            "Heaps n:k, n tokens whose last take was k (10:3); n alone for k = 0.",
        )
        .many(),
    ],
    lists_moves: true,
    solve: Solver::Code(solve),
    on_ranks: None,
    drawn: None,
};

fn solve(a: &Arguments, r: &Request) -> Result<Solved, GameError> {
    let rule_text = a.text("rule")?;
    let rule = MemRule::parse(&rule_text)?;
    let heaps = gen_mem::parse_heaps(&a.texts("heaps"))?;
    Ok(playable(
        gen_mem::solve(rule, &heaps)?,
        r.moves,
        |l| gen_mem::offer_moves(l, rule, &heaps),
        |to| around(&["gen-mem", &rule_text], to, &[]),
    ))
}
