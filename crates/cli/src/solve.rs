//! `conway solve`: the game and position the command line names, answered by the catalogue
//! ([`conway_games`]), and the report it returns printed (one place producing the report,
//! one place printing it). Nothing here knows a game.

use conway_core::Ranks;
use conway_games::{Game, Request, Solved};
use serde::Serialize;

use crate::answer::{playable, shown, Answer, Play};
use crate::args::SolveArgs;
use crate::game_args::GameCommand;
use crate::progress::Watcher;
use crate::{render, CliError};

/// `conway solve --list`: the games.
#[derive(Serialize, schemars::JsonSchema)]
pub struct GameList {
    games: Vec<conway_games::Listed>,
}

/// `conway solve`.
pub fn answer(args: SolveArgs, watch: &dyn Watcher) -> Result<Box<dyn Answer>, CliError> {
    if args.list && (args.game.is_some() || args.moves) {
        return Err(CliError::usage(
            "--list takes no game and no --moves: 'conway solve --list' lists the games",
        ));
    }
    let Some(GameCommand { game, arguments }) = args.game else {
        if args.list {
            let list = GameList {
                games: conway_games::listing(),
            };
            return Ok(shown(list, |l| {
                render::listing(
                    l.games
                        .iter()
                        .map(|g| (g.name.as_str(), g.summary.as_str())),
                )
            }));
        }
        return Err(CliError::usage(
            "name a game to solve, e.g. 'conway solve nim 3 4 5'; 'conway solve --list' lists them",
        ));
    };
    if args.moves && !game.lists_moves {
        return Err(CliError::usage(format!(
            "--moves is not offered for {}: a position after a move is not something its \
             arguments can write",
            game.name
        )));
    }
    if arguments.flag("mpi") {
        return Err(crate::distributed::only_under_mpirun());
    }
    let request = Request {
        moves: args.moves,
        watch,
    };
    let solved = game.answer(&arguments, &request)?;
    let drawing = game.drawing(&arguments, &solved);
    Ok(shown_solved(game, solved, drawing))
}

/// `conway solve … --mpi` on one rank of a distributed run (a collective call): rank 0 gets
/// the answer, the other ranks `None`.
pub fn answer_on_ranks(
    args: SolveArgs,
    ranks: &dyn Ranks,
    watch: &dyn Watcher,
) -> Result<Option<Box<dyn Answer>>, CliError> {
    let on_ranks = args.game.as_ref().and_then(|g| g.game.on_ranks);
    let (Some(GameCommand { arguments, .. }), Some(on_ranks)) = (args.game, on_ranks) else {
        return Err(CliError::usage("--mpi goes with 'solve chase' and 'nash'"));
    };
    let request = Request {
        moves: args.moves,
        watch,
    };
    let report = on_ranks(&arguments, &request, ranks)?;
    Ok(report.map(|r| shown(r, text)))
}

/// A solved position's answer; the worksheet plays the games whose moves are listed, on
/// the game's `drawing` where it has one.
fn shown_solved(
    game: &'static Game,
    solved: Solved,
    drawing: Option<conway_games::drawing::Drawing>,
) -> Box<dyn Answer> {
    if !game.lists_moves {
        return shown(solved, text);
    }
    playable(solved, text, move |s| {
        let mut play = Play::of_game(game.name, s.reply(), s.ended());
        play.drawing = drawing.clone();
        if matches!(s, Solved::Chase(_)) {
            // Both sides can keep out of reach for ever in a drawn chase.
            play.draw_after = Some(conway_core::play::PLAYED_OUT_PLIES);
        }
        Some(play)
    })
}

/// The answer for a person.
fn text(solved: &Solved) -> String {
    match solved {
        Solved::Solution(s) => render::text(s),
        Solved::Chase(r) => render::chase_text(r),
        Solved::Digraph(r) => render::digraph_text(r),
        Solved::Winner(r) => render::winner_text(r),
    }
}
