//! Who wins a Domineering board: Left places vertical dominoes, Right horizontal ones; who
//! cannot place loses. Answered by search, for boards far past their canonical forms (the
//! values are `conway eval 'domineering("…")'`). With `--checkpoint FILE` a long search
//! keeps the positions it has settled in FILE, crash-safe, and a run started again with the
//! same file resumes from them.

use std::ops::ControlFlow;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use conway_core::durable::{self, Format};
use conway_core::Work;
use conway_partizan::outcome::domineering::{
    winner_resuming, Position, Resume, Settled, MAX_SETTLED,
};

use crate::param::{Kind, Param};
use crate::{Arguments, Game, GameError, Request, Solved};

pub static GAME: Game = Game {
    name: "domineering",
    aliases: &[],
    summary: "Who wins Domineering (Left vertical, Right horizontal) when each player starts, \
              by search: boards up to 128 bits (rows × (columns + 1))",
    example: "6x6",
    params: &[
        Param::positional(
            "board",
            Kind::Text,
            "ROWSxCOLUMNS for an empty board (8x8), or CGSuite's notation: rows separated by \
             |, . empty, # occupied ('..#|...').",
        ),
        super::rulesets::EVERY_MOVE,
        super::rulesets::budget("The most positions to search before giving up (default 2^34)."),
        Param::option(
            "checkpoint",
            Kind::OutputFile,
            "Keep the positions settled so far in FILE (crash-safe) and resume from it when \
             it exists: a search stopped or killed goes on where it was.",
        )
        .value_name("FILE"),
        crate::param::CHECKPOINT_EVERY,
    ],
    lists_moves: false,
    solve,
    on_ranks: None,
};

/// Checkpoints of the search: `CONWAYDS`, version 1; the identity is the board.
pub const CHECKPOINT: Format = Format {
    magic: b"CONWAYDS",
    version: 1,
    noun: "checkpoint",
    remedy: "delete it to start over",
    held: ("the search of domineering board ", "domineering board "),
};

/// Positions whose search took at least this many positions are kept in a checkpoint (the
/// search raises the bar when it keeps too many): a resumed search redoes only cheaper ones.
/// On 8 × 8, stopped after 6 of its 9 seconds, the search resumed in 6 s with this bar
/// (1.7 MB kept), 9.5 s with 1,024 (75 kB) and 7 s with 4 (16 MB, slower to read back).
const KEEP_FROM: u64 = 1 << 6;

fn solve(a: &Arguments, r: &Request) -> Result<Solved, GameError> {
    let board = a.text("board")?;
    let Some(path) = a.path("checkpoint") else {
        return super::rulesets::search(a, r, ("domineering", "domineering"), &board);
    };
    let position = Position::parse(&board).map_err(|e| {
        GameError::new(
            conway_core::Diagnostic::kind(&e),
            format!(
                "{e} (--checkpoint needs a board the bitboard search holds; without it, \
                 the general search answers this one)"
            ),
        )
    })?;
    let identity = position.notation();
    // A file that cannot be written is found out now, not at the first save.
    durable::check_writable(&path, &CHECKPOINT)?;
    let settled = match durable::read(&path, &CHECKPOINT)? {
        Some(bytes) => {
            let payload = durable::decode(&bytes, &path, &CHECKPOINT, &identity)?;
            Settled::decode(payload).map_err(|why| durable::DurableError::Damaged {
                noun: CHECKPOINT.noun,
                path: path.clone(),
                why,
                remedy: CHECKPOINT.remedy,
            })?
        }
        None => Settled::default(),
    };
    let save = |settled: &Settled| {
        let mut saved = Ok(());
        r.watch.saving(&mut || {
            saved = durable::save(&path, &CHECKPOINT, &identity, |out| {
                out.write_all(&settled.encode())
            });
        });
        saved
    };
    let every = a.seconds("checkpoint-every").unwrap_or(Duration::MAX);
    // The time of the last save, and the first error a save met: that error stops the
    // search at once (through the progress hook), rather than after hours unsaved.
    let schedule = Mutex::new((Instant::now(), Ok(())));
    let on_settle = |settled: &Settled| {
        let mut schedule = schedule.lock().unwrap_or_else(|e| e.into_inner());
        if schedule.1.is_ok() && schedule.0.elapsed() >= every {
            schedule.1 = save(settled);
            schedule.0 = Instant::now();
        }
    };
    let resume = Resume {
        settled,
        keep_from: KEEP_FROM,
        max_settled: MAX_SETTLED,
        on_settle: &on_settle,
    };
    let budget = a.has("budget").then(|| a.u64("budget")).transpose()?;
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let stage = r.watch.stage("searching");
    let stops_when_unsaved = |work: Work| {
        let unsaved = schedule.lock().map_or(true, |s| s.1.is_err());
        if unsaved {
            ControlFlow::Break(())
        } else {
            stage.report(work)
        }
    };
    let (answer, settled) = winner_resuming(
        &position,
        a.flag("every-move"),
        budget,
        &stops_when_unsaved,
        threads,
        resume,
    );
    stage.finish();
    let (_, periodic) = schedule.into_inner().unwrap_or_else(|e| e.into_inner());
    // The last save is tried whatever happened, so that what was settled is kept.
    let last = save(&settled);
    let saved_in = path.display();
    match (answer, periodic, last) {
        (Ok(report), _, Ok(())) => Ok(Solved::Winner(report)),
        (Ok(report), _, Err(e)) => Err(GameError::new(
            conway_core::Diagnostic::kind(&e),
            format!(
                "{e} (the search had finished: outcome {}, which the file does not hold)",
                report.outcome
            ),
        )),
        (Err(_), Err(e), _) | (Err(_), Ok(()), Err(e)) => Err(e.into()),
        (Err(conway_partizan::PartizanError::Interrupted), Ok(()), Ok(())) => Err(GameError::new(
            conway_core::ErrorKind::Interrupted,
            format!(
                "interrupted: the positions settled are saved in {saved_in}; run the same \
                     command again to resume"
            ),
        )),
        (Err(e), Ok(()), Ok(())) => Err(GameError::new(
            conway_core::Diagnostic::kind(&e),
            format!(
                "{e}; the positions settled are saved in {saved_in}: run again (with a larger \
                 --budget) to go on"
            ),
        )),
    }
}
