//! `conway solve`: dispatches a game and its position to the domain crate, prints the answer.

use clap::CommandFactory;
use conway_impartial::games::{
    coins, divisors, euclid, fibonacci_nim, lasker, misere_nim, moore, multiplication, nim,
    nim_with_adding, staircase, subtraction, tartan, wythoff,
};
use conway_impartial::graph_games::{conjunctive, geography, green_hackenbush};
use conway_impartial::heap::catalog::HeapGame;
use conway_impartial::heap::position::{self, Wording, HEAPS, ROWS};
use conway_impartial::Solution;

use crate::args::{Game, SolveArgs};
use crate::retro::read_graph;
use crate::{render, CliError};

/// Runs `conway solve`.
pub fn run(args: SolveArgs, json: bool) -> Result<(), CliError> {
    let Some(game) = args.game else {
        if args.list {
            crate::out::emit(&game_list());
            return Ok(());
        }
        return Err(CliError::bad_input(
            "name a game to solve, e.g. 'conway solve nim 3 4 5'; 'conway solve --list' lists them",
        ));
    };
    let game = match game {
        Game::Chase {
            n,
            wx,
            wy,
            bx,
            by,
            line,
            table,
        } => return crate::retro::chase(n, (wx, wy), (bx, by), line, table.as_deref(), json),
        Game::Digraph { file, tokens } => return crate::retro::digraph(&file, &tokens, json),
        other => other,
    };
    let solution = solve(game)?;
    if json {
        crate::out::emit_line(&render::json(&solution));
    } else {
        crate::out::emit(&render::text(&solution));
    }
    Ok(())
}

/// The games with one line each, from the argument definitions themselves.
pub fn game_list() -> String {
    let cmd = crate::args::Cli::command();
    let solve = cmd
        .find_subcommand("solve")
        .expect("the solve command is defined in args.rs");
    let mut out = String::new();
    for game in solve.get_subcommands() {
        let about = game.get_about().map(|a| a.to_string()).unwrap_or_default();
        out.push_str(&format!("{:<16} {about}\n", game.get_name()));
    }
    out
}

fn coin_game(name: &str, flag: &str) -> Result<coins::CoinGame, CliError> {
    coins::CoinGame::from_name(name).ok_or_else(|| {
        CliError::bad_input(format!(
            "{flag} '{name}' is not a coin-turning game (turtles, ruler, mock-turtles)"
        ))
    })
}

/// A position of a heap game of `conway grundy`'s catalogue, in normal or misère play.
fn heap_position(
    name: &str,
    game: &str,
    heaps: &[u64],
    misere: bool,
    wording: Wording,
) -> Result<Solution, CliError> {
    let game = HeapGame::parse(game)?;
    Ok(if misere {
        position::solve_misere(name, &game, heaps, wording)?
    } else {
        position::solve(name, &game, heaps, wording)?
    })
}

fn solve(game: Game) -> Result<Solution, CliError> {
    Ok(match game {
        Game::Nim(h) => nim::solve(&h.heaps),
        Game::Subtraction { set, heaps } => {
            let g = subtraction::SubtractionGame::new(set)?;
            subtraction::solve(&g, &heaps.heaps)?
        }
        Game::Bash { max, heaps } => subtraction::solve_bash(&max, &heaps.heaps)?,
        Game::Wythoff(p) => wythoff::solve(&p.a, &p.b),
        Game::Moore { k, heaps } => moore::solve(k, &heaps.heaps)?,
        Game::Staircase(h) => staircase::solve(&h.heaps),
        Game::Lasker(h) => lasker::solve(&h.heaps),
        Game::Euclid(p) => euclid::solve(&p.a, &p.b),
        Game::FibonacciNim { n, max_take } => fibonacci_nim::solve(&n, max_take.as_ref())?,
        Game::Multiplication { n, from } => multiplication::solve(&n, &from)?,
        Game::Divisors { n } => divisors::solve(n)?,
        Game::MisereNim(h) => misere_nim::solve(&h.heaps),
        Game::NimWithAdding(h) => nim_with_adding::solve(&h.heaps),
        Game::Turtles(c) => coins::solve(coins::CoinGame::Turtles, &coins::parse_row(&c.coins)?),
        Game::Ruler(c) => coins::solve(coins::CoinGame::Ruler, &coins::parse_row(&c.coins)?),
        Game::MockTurtles(c) => {
            coins::solve(coins::CoinGame::MockTurtles, &coins::parse_row(&c.coins)?)
        }
        Game::Tartan { board, rows, cols } => {
            let (r, c) = (coin_game(&rows, "--rows")?, coin_game(&cols, "--cols")?);
            tartan::solve(r, c, &tartan::parse_board(&board)?)
        }
        Game::Kayles(r) => heap_position("kayles", "kayles", &r.rows, r.misere, ROWS)?,
        Game::DawsonsKayles(r) => {
            heap_position("dawsons-kayles", "dawsons-kayles", &r.rows, r.misere, ROWS)?
        }
        Game::GreenHackenbush { file } => {
            green_hackenbush::solve(&read_graph(&file)?, &file.display().to_string())?
        }
        Game::Geography { file, start } => {
            geography::solve(&read_graph(&file)?, &file.display().to_string(), &start)?
        }
        Game::Conjunctive { file, tokens } => {
            let tokens: Vec<&str> = tokens.iter().map(String::as_str).collect();
            conjunctive::solve(&read_graph(&file)?, &file.display().to_string(), &tokens)?
        }
        Game::Chase { .. } | Game::Digraph { .. } => {
            return Err(CliError::internal(
                "games with cycles are answered by retro.rs",
            ))
        }
        Game::Heap {
            game,
            heaps,
            misere,
        } => heap_position(&game, &game, &heaps, misere, HEAPS)?,
    })
}
