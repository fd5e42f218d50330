//! kiki's game (HDU 2147): a coin moved left, down or diagonally down-left on a board.

use conway_impartial::games::kiki::{self, Board};

use crate::param::{Kind, Param};
use crate::play::{around, playable};
use crate::{Arguments, Game, GameError, Request, Solved, Solver};

pub static GAME: Game = Game {
    name: "kiki",
    aliases: &[],
    summary: "kiki's game (HDU 2147): move a coin left, down or diagonally down-left on an \
              n×m board; who cannot move loses",
    example: "5 4",
    params: &[
        Param::positional("n", Kind::U64, "Rows of the board."),
        Param::positional("m", Kind::U64, "Columns of the board."),
        Param::option(
            "coin",
            Kind::Numbers,
            "The coin's square as ROW,COL (rows from the top, columns from the left; \
             default: the top-right corner, 1,m).",
        )
        .value_name("ROW,COL"),
    ],
    lists_moves: true,
    solve: Solver::Code(solve),
    on_ranks: None,
    drawn: None,
};

fn solve(a: &Arguments, r: &Request) -> Result<Solved, GameError> {
    let coin = match a.numbers("coin").as_deref() {
        None => None,
        Some(&[row, col]) => Some((row, col)),
        Some(_) => return Err(GameError::invalid("--coin takes two numbers, ROW,COL")),
    };
    let board = Board::new(a.u64("n")?, a.u64("m")?, coin)?;
    Ok(playable(
        kiki::solve(&board),
        r.moves,
        |l| kiki::offer_moves(l, &board),
        |to| {
            let w: Vec<&str> = to.split(' ').collect();
            let coin = w[2..].join(",");
            around(&["kiki"], &w[..2].join(" "), &["--coin", &coin])
        },
    ))
}
