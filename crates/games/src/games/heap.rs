//! Heap games of `conway grundy`'s catalogue on a list of heaps — any octal or subtraction
//! code, a named rule — and the two row games it names, Kayles and Dawson's Kayles, in
//! normal or misère play.

use conway_impartial::heap::catalog::HeapGame;
use conway_impartial::heap::position::{self, Wording, HEAPS, ROWS};

use crate::param::{Kind, Param};
use crate::play::{around, playable};
use crate::{Arguments, Game, GameError, Request, Solved, Solver};

/// Misère play of a heap game.
const MISERE: Param = Param::flag(
    "misere",
    "Misère play: whoever makes the last move loses (exhaustive search).",
);

/// Rows of pins.
const ROW_PARAMS: [Param; 2] = [
    Param::positional("rows", Kind::U64, "Row lengths (pins in each row).").many(),
    Param::flag(
        "misere",
        "Misère play: whoever knocks down the last pin loses (exhaustive search).",
    ),
];

pub static KAYLES: Game = Game {
    name: "kayles",
    aliases: &[],
    summary: "Kayles: knock down one pin or two adjacent pins from a row",
    example: "5 7",
    params: &ROW_PARAMS,
    lists_moves: true,
    solve: Solver::Code(|a, r| rows_of("kayles", a, r)),
    on_ranks: None,
    drawn: None,
};

pub static DAWSONS_KAYLES: Game = Game {
    name: "dawsons-kayles",
    aliases: &[],
    summary: "Dawson's Kayles: knock down two adjacent pins from a row",
    example: "8 3",
    params: &ROW_PARAMS,
    lists_moves: true,
    solve: Solver::Code(|a, r| rows_of("dawsons-kayles", a, r)),
    on_ranks: None,
    drawn: None,
};

pub static HEAP: Game = Game {
    name: "heap",
    aliases: &["octal"],
    summary: "Any heap game of 'conway grundy --list' (octal code, S(1,3,4), allbut(1,2), \
              grundy, lasker, …) on a list of heaps",
    example: "0.137 5 7",
    params: &[
        Param::positional(
            "game",
            Kind::Text,
            "The game: a code such as 0.137, a set such as S(1,3,4), or a name.",
        ),
        Param::positional("heaps", Kind::U64, "Heap sizes.").many(),
        MISERE,
    ],
    lists_moves: true,
    solve: Solver::Code(|a, r| {
        let (game, heaps) = (a.text("game")?, a.u64s("heaps"));
        heap_position(&["heap", &game], &game, &heaps, a.flag("misere"), HEAPS, r)
    }),
    on_ranks: None,
    drawn: None,
};

/// Rows of pins of the row game `name` (a game of the heap catalogue by that name).
fn rows_of(name: &'static str, a: &Arguments, r: &Request) -> Result<Solved, GameError> {
    heap_position(&[name], name, &a.u64s("rows"), a.flag("misere"), ROWS, r)
}

/// A position of a heap game of `conway grundy`'s catalogue, in normal or misère play,
/// under `command` (`heap 0.137`, `kayles`); the report names the game as written.
fn heap_position(
    command: &[&str],
    game: &str,
    heaps: &[u64],
    misere: bool,
    wording: Wording,
    r: &Request,
) -> Result<Solved, GameError> {
    let name = command.last().copied().unwrap_or(game);
    let rule = HeapGame::parse(game)?;
    let stage = r.watch.stage(if misere {
        "computing the misère quotient"
    } else {
        "computing Grundy values"
    });
    let solved = if misere {
        position::solve_misere(name, &rule, heaps, wording, &*stage)
    } else {
        position::solve(name, &rule, heaps, wording, &*stage)
    };
    stage.finish();
    let play = if misere { &["--misere"][..] } else { &[] };
    Ok(playable(
        solved?,
        r.moves,
        |l| position::offer_moves(l, &rule, heaps, wording),
        |to| around(command, to, play),
    ))
}
