//! Who wins a Domineering board: Left places vertical dominoes, Right horizontal ones; who
//! cannot place loses. Answered by search, for boards far past their canonical forms (the
//! values are `conway eval 'domineering("…")'`). With `--checkpoint FILE` a long search
//! keeps the positions it has settled in FILE, crash-safe, and a run started again with the
//! same file resumes from them.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use conway_core::durable::{self, Format};
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
    let position = Position::parse(&board)?;
    let identity = position.notation();
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
        None => {
            durable::check_writable(&path, &CHECKPOINT)?;
            Settled::default()
        }
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
    // The time of the last save, and the first error a save met (the search goes on; the
    // error ends the run once it is over).
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
    let (answer, settled) = winner_resuming(
        &position,
        a.flag("every-move"),
        budget,
        &*stage,
        threads,
        resume,
    );
    stage.finish();
    let (_, saved) = schedule.into_inner().unwrap_or_else(|e| e.into_inner());
    saved?;
    save(&settled)?;
    match answer {
        Ok(report) => Ok(Solved::Winner(report)),
        Err(conway_partizan::PartizanError::Interrupted) => Err(GameError::new(
            conway_core::ErrorKind::Interrupted,
            format!(
                "interrupted: the positions settled are saved in {}; run the same command \
                 again to resume",
                path.display()
            ),
        )),
        Err(e) => Err(e.into()),
    }
}
