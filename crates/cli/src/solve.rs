//! `conway solve`: dispatches a game and its position to the domain crate that solves it, and
//! prints the report it returns (one match producing the report, one place printing it).

use std::ops::ControlFlow;

use clap::CommandFactory;
use conway_core::error::FileError;
use conway_core::Ranks;
use conway_impartial::games::{
    coins, divisors, euclid, fibonacci_nim, lasker, misere_nim, moore, multiplication, nim,
    nim_with_adding, staircase, subtraction, tartan, wythoff,
};
use conway_impartial::graph_games::{conjunctive, geography, green_hackenbush};
use conway_impartial::heap::catalog::HeapGame;
use conway_impartial::heap::position::{self, Wording, HEAPS, ROWS};
use conway_impartial::listing::{self, OptionList};
use conway_impartial::solution::heaps_text;
use conway_impartial::{Solution, WinningMove};
use conway_retrograde::chase::Side;
use conway_retrograde::distributed::Checkpoints;
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

/// A row of coins of a coin-turning game.
fn coin_row(game: coins::CoinGame, row: &str, moves: bool) -> Result<Solved, CliError> {
    let coins = coins::parse_row(row)?;
    Ok(playable(
        coins::solve(game, &coins),
        moves,
        |l| coins::offer_moves(l, game, &coins),
        |to| around(&[game.name()], to, &[]),
    ))
}

/// `conway solve`.
pub fn answer(args: SolveArgs, watch: &dyn Watcher) -> Result<Box<dyn Answer>, CliError> {
    if args.list && (args.game.is_some() || args.moves) {
        return Err(CliError::usage(
            "--list takes no game and no --moves: 'conway solve --list' lists the games",
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
    Ok(shown(solve(game, args.moves, watch)?, Solved::text))
}

/// `conway solve chase … --mpi` on one rank of a distributed run (a collective call): rank 0
/// gets the answer, the other ranks `None`.
pub fn answer_on_ranks(
    args: SolveArgs,
    ranks: &dyn Ranks,
    watch: &dyn Watcher,
) -> Result<Option<Box<dyn Answer>>, CliError> {
    let Some(Game::Chase {
        n,
        wx,
        wy,
        bx,
        by,
        line,
        to_move,
        checkpoint,
        every,
        ..
    }) = args.game
    else {
        return Err(CliError::usage("--mpi goes with 'solve chase' and 'nash'"));
    };
    let question = chase_question(to_move, line, args.moves);
    let checkpoints = checkpoint.map(|directory| Checkpoints {
        directory,
        interval: every.checkpoint_every,
    });
    let (white, black) = ((wx, wy), (bx, by));
    let report =
        crate::retro::chase_on_ranks(n, white, black, question, ranks, checkpoints, watch)?;
    Ok(report.map(|r| shown(Solved::Chase(r), Solved::text)))
}

/// What a chase report is asked for.
fn chase_question(to_move: ChaseSide, line: bool, moves: bool) -> ChaseQuestion {
    ChaseQuestion {
        to_move: match to_move {
            ChaseSide::White => Side::White,
            ChaseSide::Black => Side::Black,
        },
        line,
        moves,
    }
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

/// `solution`, with every move `offer` lists when `moves` asks for them, each move (the
/// winning ones too) carrying the command that answers the position after it:
/// `solve` followed by `command(to)`, quoted as a shell would need.
fn playable(
    solution: Solution,
    moves: bool,
    offer: impl FnOnce(&mut OptionList) -> ControlFlow<()>,
    command: impl Fn(&str) -> Vec<String>,
) -> Solved {
    if !moves {
        return solution.into();
    }
    let mut solution = listing::with_options(solution, offer);
    let line = |to: &str| {
        let words = std::iter::once("solve".to_string()).chain(command(to));
        words
            .map(|w| shlex::try_quote(&w).map(|q| q.into_owned()).unwrap_or(w))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let fill = |m: &mut WinningMove| m.command = Some(line(&m.to));
    solution.winning_moves.iter_mut().for_each(fill);
    solution.options.iter_mut().flatten().for_each(fill);
    solution.into()
}

/// The words of a command: `fixed` words, then the position `to` (split at spaces), then
/// `after`.
fn around(fixed: &[&str], to: &str, after: &[&str]) -> Vec<String> {
    let fixed = fixed.iter().map(|w| w.to_string());
    let position = to.split_whitespace().map(str::to_string);
    fixed
        .chain(position)
        .chain(after.iter().map(|w| w.to_string()))
        .collect()
}

/// A position of a heap game of `conway grundy`'s catalogue, in normal or misère play,
/// under `command` (`heap 0.137`, `kayles`); the report names the game as written.
fn heap_position(
    command: &[&str],
    game: &str,
    heaps: &[u64],
    misere: bool,
    moves: bool,
    wording: Wording,
    watch: &dyn Watcher,
) -> Result<Solved, CliError> {
    let name = command.last().copied().unwrap_or(game);
    let rule = HeapGame::parse(game)?;
    let stage = watch.stage(if misere {
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
    let solved = solved?;
    let play = if misere { &["--misere"][..] } else { &[] };
    Ok(playable(
        solved,
        moves,
        |l| position::offer_moves(l, &rule, heaps, wording),
        |to| around(command, to, play),
    ))
}

/// Solves `game` by the domain crate that knows it; `moves` asks for every move.
fn solve(game: Game, moves: bool, watch: &dyn Watcher) -> Result<Solved, CliError> {
    // The games whose positions are written as a list of heaps after their name.
    let heaps_of = |name: &'static str| move |to: &str| around(&[name], to, &[]);
    Ok(match game {
        Game::Nim(h) => playable(
            nim::solve(&h.heaps),
            moves,
            |l| nim::offer_moves(l, &h.heaps),
            heaps_of("nim"),
        ),
        Game::Subtraction { set, heaps, values } => {
            let g = subtraction::SubtractionGame::new(set)?;
            let set = heaps_text(g.set()).replace(' ', ",");
            playable(
                subtraction::solve(&g, &heaps.heaps, values)?,
                moves,
                |l| subtraction::offer_moves(l, &g, &heaps.heaps),
                |to| around(&["subtraction", "--set", &set], to, &[]),
            )
        }
        Game::Bash { max, heaps } => playable(
            subtraction::solve_bash(&max, &heaps.heaps)?,
            moves,
            |l| subtraction::offer_bash_moves(l, &max, &heaps.heaps),
            |to| around(&["bash", "--max", &max.to_string()], to, &[]),
        ),
        Game::Wythoff(p) => playable(
            wythoff::solve(&p.a, &p.b),
            moves,
            |l| wythoff::offer_moves(l, &p.a, &p.b),
            heaps_of("wythoff"),
        ),
        Game::Moore { k, heaps } => playable(
            moore::solve(k, &heaps.heaps)?,
            moves,
            |l| moore::offer_moves(l, k, &heaps.heaps),
            |to| around(&["moore", "--k", &k.to_string()], to, &[]),
        ),
        Game::Staircase(h) => playable(
            staircase::solve(&h.heaps),
            moves,
            |l| staircase::offer_moves(l, &h.heaps),
            heaps_of("staircase"),
        ),
        Game::Lasker(h) => playable(
            lasker::solve(&h.heaps),
            moves,
            |l| lasker::offer_moves(l, &h.heaps),
            heaps_of("lasker"),
        ),
        Game::Euclid(p) => playable(
            euclid::solve(&p.a, &p.b),
            moves,
            |l| euclid::offer_moves(l, &p.a, &p.b),
            heaps_of("euclid"),
        ),
        Game::FibonacciNim { n, max_take } => {
            let most = fibonacci_nim::max_take_or_opening(&n, max_take.as_ref());
            playable(
                fibonacci_nim::solve(&n, max_take.as_ref())?,
                moves,
                |l| fibonacci_nim::offer_moves(l, &n, &most),
                // The position after a move is written `rest most`.
                |to| {
                    let (rest, most) = to.split_once(' ').unwrap_or((to, "0"));
                    around(&["fibonacci-nim", rest, "--max-take", most], "", &[])
                },
            )
        }
        Game::Multiplication { n, from } => playable(
            multiplication::solve(&n, &from)?,
            moves,
            |l| multiplication::offer_moves(l, &n, &from),
            |to| around(&["multiplication", &n.to_string(), "--from"], to, &[]),
        ),
        Game::Divisors { n, remaining } => {
            let numbers = remaining.as_ref().map(|r| r.0.as_slice());
            let solved = divisors::solve(n, numbers)?;
            if n > divisors::SEARCH_LIMIT {
                // The positions after a move are searched, and only up to the limit.
                return Ok(if moves {
                    solved.with_options(Vec::new(), false).note(format!(
                        "moves are listed for n ≤ {}: the positions they leave are searched",
                        divisors::SEARCH_LIMIT
                    ))
                } else {
                    solved
                }
                .into());
            }
            let game = divisors::Divisors::new(n)?;
            let set = match numbers {
                Some(numbers) => divisors::position(&game, numbers)?,
                None => game.start(),
            };
            playable(
                solved,
                moves,
                |l| divisors::offer_moves(l, &game, set),
                |to| {
                    let n = n.to_string();
                    around(
                        &["divisors", &n, "--remaining", &to.replace(' ', ",")],
                        "",
                        &[],
                    )
                },
            )
        }
        Game::MisereNim(h) => playable(
            misere_nim::solve(&h.heaps),
            moves,
            |l| nim::offer_moves(l, &h.heaps),
            heaps_of("misere-nim"),
        ),
        Game::NimWithAdding(h) => playable(
            nim_with_adding::solve(&h.heaps),
            moves,
            |l| nim_with_adding::offer_moves(l, &h.heaps),
            heaps_of("nim-with-adding"),
        ),
        Game::Turtles(c) => coin_row(coins::CoinGame::Turtles, &c.coins, moves)?,
        Game::Ruler(c) => coin_row(coins::CoinGame::Ruler, &c.coins, moves)?,
        Game::MockTurtles(c) => coin_row(coins::CoinGame::MockTurtles, &c.coins, moves)?,
        Game::Tartan { board, rows, cols } => {
            let (r, c) = (coin_game(&rows, "--rows")?, coin_game(&cols, "--cols")?);
            let board = tartan::parse_board(&board)?;
            playable(
                tartan::solve(r, c, &board),
                moves,
                |l| tartan::offer_moves(l, r, c, &board),
                |to| around(&["tartan"], to, &["--rows", r.name(), "--cols", c.name()]),
            )
        }
        Game::Kayles(r) => {
            heap_position(&["kayles"], "kayles", &r.rows, r.misere, moves, ROWS, watch)?
        }
        Game::DawsonsKayles(r) => heap_position(
            &["dawsons-kayles"],
            "dawsons-kayles",
            &r.rows,
            r.misere,
            moves,
            ROWS,
            watch,
        )?,
        Game::Heap {
            game,
            heaps,
            misere,
        } => heap_position(&["heap", &game], &game, &heaps, misere, moves, HEAPS, watch)?,
        Game::Chase { mpi: true, .. } => return Err(crate::distributed::only_under_mpirun()),
        Game::Chase {
            n,
            wx,
            wy,
            bx,
            by,
            line,
            to_move,
            table,
            ..
        } => {
            let question = chase_question(to_move, line, moves);
            let (white, black) = ((wx, wy), (bx, by));
            let report = crate::retro::chase(n, white, black, question, table.as_deref(), watch)?;
            Solved::Chase(report)
        }
        _ if moves => {
            return Err(CliError::usage(
                "--moves is not offered for the games on graph files (digraph, \
                 green-hackenbush, geography, conjunctive): a position after a move is not \
                 something their arguments can write",
            ))
        }
        Game::Digraph { file, tokens } => {
            Solved::Digraph(crate::retro::digraph(&file, &tokens, watch)?)
        }
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
    })
}
