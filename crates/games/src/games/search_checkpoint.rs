//! `--checkpoint FILE` for the partizan searches (`solve domineering`, `solve clobber`, …):
//! the positions a search settles are kept in FILE, crash-safe, and a run started again with
//! the same file resumes from them. The searches settle and resume
//! ([`conway_rulesets::outcome::Resume`]); this module reads and writes the file, saves it now
//! and then and at the end, and stops the search when a save fails.

use std::ops::ControlFlow;
use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use conway_core::durable::{self, Format};
use conway_core::{Progress, Work};
use conway_partizan::PartizanError;
use conway_rulesets::outcome::{Resume, Resumed, Settled, WinnerReport, MAX_SETTLED};

use crate::param::{Kind, Param};
use crate::{Arguments, GameError, Request};

/// The `--checkpoint` option of a searched game.
pub(super) const CHECKPOINT: Param = Param::option(
    "checkpoint",
    Kind::OutputFile,
    "Keep the positions settled so far in FILE (crash-safe) and resume from it when it \
     exists: a search stopped or killed goes on where it was.",
)
.value_name("FILE");

/// Positions whose search took at least this many positions are kept in a checkpoint (the
/// search raises the bar when it keeps too many): a resumed search redoes only cheaper ones.
/// On 8 × 8 Domineering, stopped after 6 of its 9 seconds, the search resumed in 6 s with
/// this bar (1.7 MB kept), 9.5 s with 1,024 (75 kB) and 7 s with 4 (16 MB, slower to read
/// back).
const KEEP_FROM: u64 = 1 << 6;

/// Runs `search` from what the checkpoint at `path` (of `format`, for the position named
/// `identity`) holds, saving what it settles every `--checkpoint-every` seconds and at the
/// end, whatever the end.
pub(super) fn resumed(
    a: &Arguments,
    r: &Request,
    (path, format, identity): (&Path, &Format, &str),
    search: impl FnOnce(Resume, &dyn Progress) -> Resumed,
) -> Result<WinnerReport, GameError> {
    // A file that cannot be written is found out now, not at the first save.
    durable::check_writable(path, format)?;
    let settled = match durable::read(path, format)? {
        Some(bytes) => {
            let payload = durable::decode(&bytes, path, format, identity)?;
            Settled::decode(payload).map_err(|why| durable::DurableError::Damaged {
                noun: format.noun,
                path: path.to_path_buf(),
                why,
                remedy: format.remedy,
            })?
        }
        None => Settled::default(),
    };
    let save = |settled: &Settled| {
        let mut saved = Ok(());
        r.watch.saving(&mut || {
            saved = durable::save(path, format, identity, |out| {
                out.write_all(&settled.encode())
            });
        });
        saved
    };
    let every = a.seconds("checkpoint-every").unwrap_or(Duration::MAX);
    let stage = r.watch.stage("searching");
    // The time of the last save, and the first error a save met: that error stops the
    // search at once (through the progress hook), rather than after hours unsaved.
    let schedule = Mutex::new((Instant::now(), Ok(())));
    let on_settle = |settled: &Settled| {
        // Once a stop is asked for, the search is about to end and save: a save now would
        // only hold the stop up.
        if stage.stop_requested() {
            return;
        }
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
    let stops_when_unsaved = |work: Work| {
        let unsaved = schedule.lock().map_or(true, |s| s.1.is_err());
        if unsaved {
            ControlFlow::Break(())
        } else {
            stage.report(work)
        }
    };
    let (answer, settled) = search(resume, &stops_when_unsaved);
    stage.finish();
    let (_, periodic) = schedule.into_inner().unwrap_or_else(|e| e.into_inner());
    // The last save is tried whatever happened, so that what was settled is kept.
    let last = save(&settled);
    let saved_in = path.display();
    match (answer, periodic, last) {
        (Ok(report), _, Ok(())) => Ok(report),
        (Ok(report), _, Err(e)) => Err(GameError::new(
            conway_core::Diagnostic::kind(&e),
            format!(
                "{e} (the search had finished: {}, which the file does not hold)",
                report
                    .outcome
                    .map_or_else(|| report.summary(), |o| format!("outcome {o}"))
            ),
        )),
        (Err(_), Err(e), _) | (Err(_), Ok(()), Err(e)) => Err(e.into()),
        (Err(PartizanError::Interrupted), Ok(()), Ok(())) => Err(GameError::new(
            conway_core::ErrorKind::Interrupted,
            format!(
                "interrupted: the positions settled are saved in {saved_in}; run the same \
                 command again to resume"
            ),
        )),
        (Err(e @ PartizanError::TooLarge { .. }), Ok(()), Ok(())) => Err(GameError::new(
            conway_core::Diagnostic::kind(&e),
            format!(
                "{e}; the positions settled are saved in {saved_in}: run again (with a larger \
                 --budget) to go on"
            ),
        )),
        // Not a search cut short (a board not read, say): nothing to go on from.
        (Err(e), Ok(()), Ok(())) => Err(e.into()),
    }
}
