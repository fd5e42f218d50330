//! The Easy Chase on an N×N board: White steps one square, Black one or two in a line; a
//! capture wins. Solved by retrograde analysis, on one machine or across the ranks of a
//! distributed run.

use conway_core::play::Ended;
use conway_core::Ranks;
use conway_retrograde::chase::Colour;
use conway_retrograde::distributed::Checkpoints;
use conway_retrograde::report::{self, ChaseQuestion, TableFile};
use conway_rulesets::registry::Piece;

use crate::drawing::{Click, Drawing, Edit, Square, Style};
use crate::param::{Kind, Param};
use crate::play::{around, command_line};
use crate::{Arguments, Game, GameError, Request, Solved, Solver};

pub static GAME: Game = Game {
    name: "chase",
    aliases: &[],
    summary: "The Easy Chase on an N×N board: White steps 1, Black 1 or 2 in a line; capture wins",
    example: "4 1 1 4 4",
    params: &[
        Param::positional("n", Kind::U32, "Board side (2 ≤ N ≤ 80)."),
        Param::positional("wx", Kind::U32, "White's column x (1..N)."),
        Param::positional("wy", Kind::U32, "White's row y (1..N)."),
        Param::positional("bx", Kind::U32, "Black's column x."),
        Param::positional("by", Kind::U32, "Black's row y."),
        Param::flag("line", "Also print one optimal line of play."),
        Param::option(
            "to-move",
            Kind::Choice(&["white", "black"]),
            "The side to move in the position.",
        )
        .default("white"),
        Param::option(
            "table",
            Kind::OutputFile,
            "Solved table file: probed when it exists, written after solving when not.",
        )
        .value_name("FILE")
        .conflicts("mpi"),
        Param::flag(
            "mpi",
            "Solve the board across the ranks of an MPI run, states split by index: start it \
             with `mpirun -np N conway solve chase … --mpi` (a build with `--features mpi`); \
             rank 0 prints what one process prints.",
        ),
        Param::option(
            "checkpoint",
            Kind::OutputFile,
            "With --mpi: each rank keeps its slice of the table in DIR (crash-safe), resumes \
             from it, and a finished run's slices answer again without solving.",
        )
        .value_name("DIR")
        .requires("mpi"),
        crate::param::CHECKPOINT_EVERY,
    ],
    lists_moves: true,
    solve: Solver::Code(solve),
    on_ranks: Some(on_ranks),
    drawn: Some(board),
};

/// The board side, White's square, Black's square and what is asked.
struct Position {
    n: u32,
    white: (u32, u32),
    black: (u32, u32),
    question: ChaseQuestion,
}

fn position(a: &Arguments, r: &Request) -> Result<Position, GameError> {
    let to_move = match a.text("to-move")?.as_str() {
        "black" => Colour::Black,
        _ => Colour::White,
    };
    let question = ChaseQuestion {
        to_move,
        line: a.flag("line"),
        moves: r.moves,
    };
    let white = (a.u32("wx")?, a.u32("wy")?);
    let black = (a.u32("bx")?, a.u32("by")?);
    Ok(Position {
        n: a.u32("n")?,
        white,
        black,
        question,
    })
}

fn solve(a: &Arguments, r: &Request) -> Result<Solved, GameError> {
    let Position {
        n,
        white,
        black,
        question,
    } = position(a, r)?;
    let progress = r.watch.stage("solving");
    // The solve is over when the table is saved: the bar goes, and a stop waits for the save.
    let guard = |save: &mut dyn FnMut()| {
        progress.finish();
        r.watch.saving(save);
    };
    let path = a.path("table");
    let table = path
        .as_deref()
        .map(|path| TableFile::new(path).guarded_by(&guard));
    let report = report::chase(n, white, black, question, table, &*progress)?;
    progress.finish();
    Ok(Solved::Chase(report))
}

fn on_ranks(a: &Arguments, r: &Request, ranks: &dyn Ranks) -> Result<Option<Solved>, GameError> {
    let Position {
        n,
        white,
        black,
        question,
    } = position(a, r)?;
    let checkpoints = a.path("checkpoint").map(|directory| Checkpoints {
        directory,
        interval: a
            .seconds("checkpoint-every")
            .unwrap_or(std::time::Duration::MAX),
    });
    let directory = match &checkpoints {
        Some(c) => std::fs::create_dir_all(&c.directory).map_err(|e| {
            GameError::new(
                conway_core::ErrorKind::Io,
                format!(
                    "{}: cannot create the checkpoint directory: {e}",
                    c.directory.display()
                ),
            )
        }),
        None => Ok(()),
    };
    // Each rank makes the directory on its own machine: one may fail where others do not.
    conway_core::ranks::agreed(
        ranks,
        directory,
        |e: &GameError| (conway_core::Diagnostic::kind(e), e.to_string()),
        GameError::from,
    )?;
    let progress = r.watch.stage("solving");
    let report = report::chase_on_ranks(
        n,
        white,
        black,
        question,
        ranks,
        checkpoints.as_ref(),
        &*progress,
    )?;
    progress.finish();
    Ok(report.map(Solved::Chase))
}

/// The largest board whose squares edit the position by clicks (a larger one is played on,
/// but edited as text).
pub const EDITED_SIDE: u32 = 20;

/// The board of a solved position, White (♔, Left's colour) and Black (♚, Right's): a
/// click on the square the mover's piece goes to makes that move; to edit the position, a
/// click puts White on a square and Shift+click puts Black there.
fn board(a: &Arguments, solved: &Solved) -> Option<Drawing> {
    let Solved::Chase(report) = solved else {
        return None;
    };
    let Position {
        n,
        white,
        black,
        question,
    } = position(
        a,
        &Request {
            moves: report.moves.is_some(),
            watch: &conway_core::NoProgress,
        },
    )
    .ok()?;
    if n < 2 {
        return None;
    }
    let (mover, other) = match question.to_move {
        Colour::White => ("white", "black"),
        Colour::Black => ("black", "white"),
    };
    // Rows top first: row 0 is y = n; column 0 is x = 1.
    let at = |(x, y): (u32, u32)| [(n - y) as usize, (x - 1) as usize];
    let square = |r: u32, c: u32| {
        let xy = (c + 1, n - r);
        let (symbol, piece) = match xy {
            _ if xy == white => ("♔", Piece::Left),
            _ if xy == black => ("♚", Piece::Right),
            _ => ("", Piece::Empty),
        };
        Square::new(format!("{},{}", xy.0, xy.1), symbol, piece)
    };
    let rows = (0..n)
        .map(|r| (0..n).map(|c| square(r, c)).collect())
        .collect();
    let after = |to: &str| around(&["chase"], to, &["--to-move", other]);
    let click = |m: &report::ChaseMove| {
        let words: Vec<u32> =
            m.to.split(' ')
                .map(|w| w.parse().ok())
                .collect::<Option<_>>()?;
        let moved = match question.to_move {
            Colour::White => (*words.get(1)?, *words.get(2)?),
            Colour::Black => (*words.get(3)?, *words.get(4)?),
        };
        Some(Click {
            at: at(moved),
            description: m.description.clone(),
            to: m.to.clone(),
            command: command_line(&after(&m.to)),
            wins: m.wins,
            ended: (m.plies == Some(0)).then(|| Ended {
                mover_wins: false,
                why: "cannot move (captured)".to_string(),
            }),
        })
    };
    // An edit keeps the input's options.
    let mut options = Vec::new();
    if a.flag("line") {
        options.push("--line".to_string());
    }
    if question.to_move == Colour::Black {
        options.extend(["--to-move".to_string(), "black".to_string()]);
    }
    if let Some(path) = a.path("table") {
        options.extend(["--table".to_string(), path.display().to_string()]);
    }
    if question.moves {
        options.push("--moves".to_string());
    }
    let input = |w: (u32, u32), b: (u32, u32)| {
        let squares = [n, w.0, w.1, b.0, b.1].map(|v| v.to_string());
        let words: Vec<String> = std::iter::once("chase".to_string())
            .chain(squares)
            .chain(options.iter().cloned())
            .collect();
        command_line(&words)
    };
    let edited = if n <= EDITED_SIDE { n } else { 0 };
    let edits = (1..=edited)
        .flat_map(|y| (1..=edited).map(move |x| (x, y)))
        .map(|xy| Edit {
            at: at(xy),
            // A piece is not put on the other's square.
            click: input(if xy == black { white } else { xy }, black),
            shift_click: input(white, if xy == white { black } else { xy }),
        })
        .collect();
    let position = format!("{n} {} {} {} {}", white.0, white.1, black.0, black.1);
    let players = [mover, other].map(|p| {
        let mut name = p.to_string();
        name[..1].make_ascii_uppercase();
        name
    });
    Some(Drawing {
        style: Style::Squares,
        rows,
        mover: match question.to_move {
            Colour::White => Piece::Left,
            Colour::Black => Piece::Right,
        },
        command: command_line(&around(&["chase"], &position, &["--to-move", mover])),
        players: Some(players),
        how_to_move: "Click the square your piece moves to: White (♔) steps one square, Black \
                      (♚) one or two squares in a line."
            .to_string(),
        clicks: report.moves.iter().flatten().filter_map(click).collect(),
        edits,
    })
}
