//! The Easy Chase on an N×N board: White steps one square, Black one or two in a line; a
//! capture wins. Solved by retrograde analysis, on one machine or across the ranks of a
//! distributed run.

use conway_core::Ranks;
use conway_retrograde::chase::Colour;
use conway_retrograde::distributed::Checkpoints;
use conway_retrograde::report::{self, ChaseQuestion, TableFile};

use crate::param::{Kind, Param};
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
