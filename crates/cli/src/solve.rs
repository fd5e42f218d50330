//! `conway solve`: dispatches a game and its position to the domain crate that solves it, and
//! prints the report it returns (one match producing the report, one place printing it).

use clap::CommandFactory;
use conway_core::error::FileError;
use conway_impartial::games::{
    coins, divisors, euclid, fibonacci_nim, lasker, misere_nim, moore, multiplication, nim,
    nim_with_adding, staircase, subtraction, tartan, wythoff,
};
use conway_impartial::graph_games::{conjunctive, geography, green_hackenbush};
use conway_impartial::heap::catalog::HeapGame;
use conway_impartial::heap::position::{self, Wording, HEAPS, ROWS};
use conway_impartial::Solution;
use conway_retrograde::chase::Side;
use conway_retrograde::report::{ChaseQuestion, ChaseReport, DigraphReport};
use serde::Serialize;

use crate::answer::{shown, Answer};
use crate::args::{ChaseSide, Game, SolveArgs};
use crate::progress::Watcher;
use crate::retro::read_graph;
use crate::{render, CliError};

/// `conway solve --list`: the games.
#[derive(Serialize)]
struct GameList {
    games: Vec<render::Listed>,
}

/// `conway solve`.
pub fn answer(args: SolveArgs, watch: &dyn Watcher) -> Result<Box<dyn Answer>, CliError> {
    if args.list && args.game.is_some() {
        return Err(CliError::usage(
            "--list takes no game: 'conway solve --list' lists the games",
        ));
    }
    let Some(game) = args.game else {
        if args.list {
            let list = GameList { games: games() };
            return Ok(shown(list, |l| render::listing(&l.games)));
        }
        return Err(CliError::usage(
            "name a game to solve, e.g. 'conway solve nim 3 4 5'; 'conway solve --list' lists them",
        ));
    };
    Ok(shown(solve(game, watch)?, Solved::text))
}

/// What `conway solve` answers: the report of the domain crate that solves the game.
/// Serialized as the report it holds.
#[derive(Serialize)]
#[serde(untagged)]
enum Solved {
    /// A position of an impartial game: outcome, value, winning moves.
    Solution(Solution),
    /// A start position of the Easy Chase.
    Chase(ChaseReport),
    /// Loopy values on a digraph.
    Digraph(DigraphReport),
}

impl Solved {
    /// The answer for a person.
    fn text(&self) -> String {
        match self {
            Solved::Solution(s) => render::text(s),
            Solved::Chase(r) => render::chase_text(r),
            Solved::Digraph(r) => render::digraph_text(r),
        }
    }
}

impl From<Solution> for Solved {
    fn from(s: Solution) -> Self {
        Solved::Solution(s)
    }
}

/// The games `solve` knows, with their one-line summaries, from the argument definitions
/// themselves (so a game added there is listed).
fn games() -> Vec<render::Listed> {
    let cmd = crate::args::Cli::command();
    cmd.find_subcommand("solve")
        .map(|solve| {
            solve
                .get_subcommands()
                .map(|game| render::Listed {
                    name: game.get_name().to_string(),
                    summary: game.get_about().map(|a| a.to_string()).unwrap_or_default(),
                })
                .collect()
        })
        .unwrap_or_default()
}

fn coin_game(name: &str, flag: &str) -> Result<coins::CoinGame, CliError> {
    coins::CoinGame::from_name(name).ok_or_else(|| {
        CliError::bad_input(format!(
            "{flag} '{name}' is not a coin-turning game (turtles, ruler, mock-turtles)"
        ))
    })
}

/// How a heap position is asked for: its play and whether every move is listed.
#[derive(Clone, Copy)]
struct HeapQuestion {
    misere: bool,
    moves: bool,
    wording: Wording,
}

/// A position of a heap game of `conway grundy`'s catalogue, in normal or misère play.
fn heap_position(
    name: &str,
    game: &str,
    heaps: &[u64],
    q: HeapQuestion,
) -> Result<Solution, CliError> {
    let game = HeapGame::parse(game)?;
    let solved = if q.misere {
        position::solve_misere(name, &game, heaps, q.wording)?
    } else {
        position::solve(name, &game, heaps, q.wording)?
    };
    Ok(if q.moves {
        position::with_options(solved, &game, heaps, q.wording)
    } else {
        solved
    })
}

/// Rows of pins of Kayles or Dawson's Kayles.
fn pin_rows(name: &str, r: &crate::args::Rows) -> Result<Solution, CliError> {
    let q = HeapQuestion {
        misere: r.misere,
        moves: r.moves,
        wording: ROWS,
    };
    heap_position(name, name, &r.rows, q)
}

/// Solves `game` by the domain crate that knows it.
fn solve(game: Game, watch: &dyn Watcher) -> Result<Solved, CliError> {
    Ok(match game {
        Game::Nim(h) => nim::solve(&h.heaps).into(),
        Game::Subtraction { set, heaps, values } => {
            let g = subtraction::SubtractionGame::new(set)?;
            subtraction::solve(&g, &heaps.heaps, values)?.into()
        }
        Game::Bash { max, heaps } => subtraction::solve_bash(&max, &heaps.heaps)?.into(),
        Game::Wythoff(p) => wythoff::solve(&p.a, &p.b).into(),
        Game::Moore { k, heaps } => moore::solve(k, &heaps.heaps)?.into(),
        Game::Staircase(h) => staircase::solve(&h.heaps).into(),
        Game::Lasker(h) => lasker::solve(&h.heaps).into(),
        Game::Euclid(p) => euclid::solve(&p.a, &p.b).into(),
        Game::FibonacciNim { n, max_take } => fibonacci_nim::solve(&n, max_take.as_ref())?.into(),
        Game::Multiplication { n, from } => multiplication::solve(&n, &from)?.into(),
        Game::Divisors { n } => divisors::solve(n)?.into(),
        Game::MisereNim(h) => misere_nim::solve(&h.heaps).into(),
        Game::NimWithAdding(h) => nim_with_adding::solve(&h.heaps).into(),
        Game::Turtles(c) => {
            coins::solve(coins::CoinGame::Turtles, &coins::parse_row(&c.coins)?).into()
        }
        Game::Ruler(c) => coins::solve(coins::CoinGame::Ruler, &coins::parse_row(&c.coins)?).into(),
        Game::MockTurtles(c) => {
            coins::solve(coins::CoinGame::MockTurtles, &coins::parse_row(&c.coins)?).into()
        }
        Game::Tartan { board, rows, cols } => {
            let (r, c) = (coin_game(&rows, "--rows")?, coin_game(&cols, "--cols")?);
            tartan::solve(r, c, &tartan::parse_board(&board)?).into()
        }
        Game::Kayles(r) => pin_rows("kayles", &r)?.into(),
        Game::DawsonsKayles(r) => pin_rows("dawsons-kayles", &r)?.into(),
        Game::GreenHackenbush { file } => {
            green_hackenbush::solve(&read_graph(&file, watch)?, &FileError::input_name(&file))?
                .into()
        }
        Game::Geography { file, start } => geography::solve(
            &read_graph(&file, watch)?,
            &FileError::input_name(&file),
            &start,
        )?
        .into(),
        Game::Conjunctive { file, tokens } => {
            let tokens: Vec<&str> = tokens.iter().map(String::as_str).collect();
            conjunctive::solve(
                &read_graph(&file, watch)?,
                &FileError::input_name(&file),
                &tokens,
            )?
            .into()
        }
        Game::Chase {
            n,
            wx,
            wy,
            bx,
            by,
            line,
            to_move,
            moves,
            table,
        } => {
            let question = ChaseQuestion {
                to_move: match to_move {
                    ChaseSide::White => Side::White,
                    ChaseSide::Black => Side::Black,
                },
                line,
                moves,
            };
            let (white, black) = ((wx, wy), (bx, by));
            let report = crate::retro::chase(n, white, black, question, table.as_deref(), watch)?;
            Solved::Chase(report)
        }
        Game::Digraph { file, tokens } => {
            Solved::Digraph(crate::retro::digraph(&file, &tokens, watch)?)
        }
        Game::Heap {
            game,
            heaps,
            misere,
            moves,
        } => {
            let q = HeapQuestion {
                misere,
                moves,
                wording: HEAPS,
            };
            heap_position(&game, &game, &heaps, q)?.into()
        }
    })
}
