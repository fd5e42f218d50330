//! The games whose position is a list of heaps of any size and whose answer is a closed
//! form: Nim, misère Nim, Staircase Nim, Lasker's Nim, Nim with adding and taking powers of
//! two.

use std::ops::ControlFlow;

use conway_impartial::games::{lasker, misere_nim, nim, nim_with_adding, powers_of_two, staircase};
use conway_impartial::listing::OptionList;
use conway_impartial::Solution;
use num_bigint::BigUint;

use super::HEAPS;
use crate::drawing::{Click, Drawing, Square, Style};
use crate::play::{around, command_line, playable};
use crate::{Arguments, Game, GameError, Request, Solved, Solver};

pub static NIM: Game = Game {
    name: "nim",
    aliases: &[],
    summary: "Nim: take any number of stones from one heap",
    example: "14 21 39",
    params: &[HEAPS],
    lists_moves: true,
    solve: Solver::Code(|a, r| on_heaps("nim", a, r, nim::solve, nim::offer_moves)),
    on_ranks: None,
    drawn: Some(|a, s| tokens("nim", a, s)),
};

pub static MISERE_NIM: Game = Game {
    name: "misere-nim",
    aliases: &[],
    summary: "Misère Nim: whoever takes the last stone loses",
    example: "1 1 2",
    params: &[HEAPS],
    lists_moves: true,
    solve: Solver::Code(|a, r| on_heaps("misere-nim", a, r, misere_nim::solve, nim::offer_moves)),
    on_ranks: None,
    drawn: Some(|a, s| tokens("misere-nim", a, s)),
};

pub static STAIRCASE: Game = Game {
    name: "staircase",
    aliases: &[],
    summary: "Staircase Nim: move coins one stair down (stair 1 is the lowest; it empties off)",
    example: "3 0 5 2",
    params: &[HEAPS],
    lists_moves: true,
    solve: Solver::Code(|a, r| {
        on_heaps("staircase", a, r, staircase::solve, staircase::offer_moves)
    }),
    on_ranks: None,
    drawn: None,
};

pub static LASKER: Game = Game {
    name: "lasker",
    aliases: &[],
    summary: "Lasker's Nim: take from one heap, or split a heap into two",
    example: "3 5 7",
    params: &[HEAPS],
    lists_moves: true,
    solve: Solver::Code(|a, r| on_heaps("lasker", a, r, lasker::solve, lasker::offer_moves)),
    on_ranks: None,
    drawn: None,
};

pub static NIM_WITH_ADDING: Game = Game {
    name: "nim-with-adding",
    aliases: &[],
    summary: "Nim with adding: take from a heap, then put some (not all) of the taken stones \
              on others",
    example: "3 5",
    params: &[HEAPS],
    lists_moves: true,
    solve: Solver::Code(|a, r| {
        let (solve, offer) = (nim_with_adding::solve, nim_with_adding::offer_moves);
        on_heaps("nim-with-adding", a, r, solve, offer)
    }),
    on_ranks: None,
    drawn: None,
};

pub static POWERS_OF_TWO: Game = Game {
    name: "powers-of-two",
    aliases: &[],
    summary: "Take a power of two (1, 2, 4, 8, …) stones from one heap (HDU 1847)",
    example: "1000",
    params: &[HEAPS],
    lists_moves: true,
    solve: Solver::Code(|a, r| {
        let (solve, offer) = (powers_of_two::solve, powers_of_two::offer_moves);
        on_heaps("powers-of-two", a, r, solve, offer)
    }),
    on_ranks: None,
    drawn: Some(|a, s| tokens("powers-of-two", a, s)),
};

/// The position `a` writes as heaps, answered by `solve`, its moves listed by `offer`.
fn on_heaps(
    name: &'static str,
    a: &Arguments,
    r: &Request,
    solve: fn(&[BigUint]) -> Solution,
    offer: fn(&mut OptionList, &[BigUint]) -> ControlFlow<()>,
) -> Result<Solved, GameError> {
    let heaps = a.naturals("heaps");
    Ok(playable(
        solve(&heaps),
        r.moves,
        |l| offer(l, &heaps),
        |to| around(&[name], to, &[]),
    ))
}

/// The most tokens a heap is drawn with: larger heaps are played from the list of moves.
pub const DRAWN_TOKENS: usize = 30;

/// The heaps of a game that takes from one heap, drawn as rows of tokens: a click on a token
/// takes it and every token to its right, the listed move leaving that many in its heap.
fn tokens(name: &str, a: &Arguments, solved: &Solved) -> Option<Drawing> {
    use num_traits::ToPrimitive;
    let Solved::Solution(s) = solved else {
        return None;
    };
    // Every move must have its token: a cut-off list would leave tokens without a move.
    if s.options.is_some() && !s.all_options {
        return None;
    }
    let heaps: Vec<usize> = a
        .naturals("heaps")
        .iter()
        .map(|h| h.to_usize().filter(|&h| h <= DRAWN_TOKENS))
        .collect::<Option<_>>()?;
    let token = |i: usize, k: usize| {
        let name = format!("heap {} token {}", i + 1, k + 1);
        Square::new(name, "", conway_rulesets::registry::Piece::Either)
    };
    let rows = (heaps.iter().enumerate())
        .map(|(i, &h)| (0..h).map(|k| token(i, k)).collect())
        .collect();
    let click = |m: &conway_impartial::WinningMove| {
        let after: Vec<usize> =
            (m.to.split_whitespace().map(|w| w.parse().ok())).collect::<Option<_>>()?;
        let heap = (0..heaps.len()).find(|&i| after.get(i) != Some(&heaps[i]))?;
        Some(Click {
            at: [heap, *after.get(heap)?],
            description: m.description.clone(),
            to: m.to.clone(),
            command: command_line(&around(&[name], &m.to, &[])),
            wins: s.winning_moves.iter().any(|w| w.to == m.to),
            ended: None,
        })
    };
    Some(Drawing {
        style: Style::Tokens,
        rows,
        mover: conway_rulesets::registry::Piece::Left,
        command: command_line(&around(&[name], &s.position, &[])),
        players: None,
        how_to_move: "Click a token to take it and every token to its right.".to_string(),
        // Every move when they were asked for, else the winning ones.
        clicks: (s.options.as_ref())
            .unwrap_or(&s.winning_moves)
            .iter()
            .filter_map(click)
            .collect(),
        edits: Vec::new(),
    })
}
