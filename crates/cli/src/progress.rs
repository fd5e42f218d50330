//! Progress and Ctrl-C for every command, wired to the library's one hook
//! ([`conway_core::Progress`]).
//!
//! [`install_interrupt_handler`] runs once at start: Ctrl-C raises the process's stop flag,
//! which every [`Reporter`] answers with "stop", so the computation returns `Interrupted` and
//! the command exits 130 with one line. A computation that has no chance to look at the flag
//! within [`GRACE`] (reading a file, a step that cannot be split) is ended by a watchdog with
//! the same line and status, unless it is saving a checkpoint ([`saving`]); a second Ctrl-C
//! ends the process at once. The handler is installed once the command line is read: a
//! SIGINT in those first milliseconds ends the process by the signal itself, which stops it
//! as asked, with nothing begun and the status a shell reports as 130.
//!
//! On a terminal a bar (or a spinner when the total is unknown) appears once the work has
//! taken longer than [`QUIET`]; when stderr is piped nothing is drawn.

use std::io::IsTerminal;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use conway_core::{Progress, StopFlag, Work};
use indicatif::{ProgressBar, ProgressStyle};

/// How long a run stays silent before a bar appears: quick answers draw nothing.
const QUIET: Duration = Duration::from_millis(400);

/// How long after Ctrl-C the watchdog waits for the computation to stop by itself.
const GRACE: Duration = Duration::from_millis(900);

/// Raised by Ctrl-C.
static STOP: OnceLock<StopFlag> = OnceLock::new();

/// Set while a checkpoint is being written, so that the watchdog lets it finish.
static SAVING: AtomicBool = AtomicBool::new(false);

fn stop_flag() -> &'static StopFlag {
    STOP.get_or_init(StopFlag::new)
}

/// Makes Ctrl-C (SIGINT) ask every running computation to stop.
pub fn install_interrupt_handler() {
    let flag = stop_flag().clone();
    let presses = AtomicU64::new(0);
    // If the handler cannot be installed (another one exists), Ctrl-C keeps its default
    // meaning: the process ends at once, which loses nothing but a checkpoint's last minute.
    let _ = ctrlc::set_handler(move || {
        if presses.fetch_add(1, Ordering::SeqCst) > 0 {
            end_interrupted();
        }
        flag.raise();
        std::thread::spawn(|| {
            std::thread::sleep(GRACE);
            while SAVING.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(20));
            }
            end_interrupted();
        });
    });
}

fn end_interrupted() -> ! {
    crate::error::exit_with(&crate::CliError::interrupted("interrupted"))
}

/// Runs `save` with the watchdog held off, so that Ctrl-C never cuts a checkpoint short.
pub fn saving<T>(save: impl FnOnce() -> T) -> T {
    SAVING.store(true, Ordering::SeqCst);
    let result = save();
    SAVING.store(false, Ordering::SeqCst);
    result
}

pub use conway_core::progress::{Stage, Watcher};

/// The CLI's watcher: a bar per stage on a terminal, and Ctrl-C to stop.
pub struct Terminal;

impl Watcher for Terminal {
    fn stage(&self, what: &'static str) -> Arc<dyn Stage> {
        Arc::new(Reporter::new(what))
    }

    fn saving(&self, save: &mut dyn FnMut()) {
        saving(save);
    }
}

/// A watcher that draws nothing and stops on Ctrl-C: the ranks of a distributed run other
/// than rank 0, which draws for all of them.
pub struct Silent;

impl Watcher for Silent {
    fn stage(&self, _what: &'static str) -> Arc<dyn Stage> {
        Arc::new(stop_flag().clone())
    }

    fn saving(&self, save: &mut dyn FnMut()) {
        saving(save);
    }
}

/// A watcher for one cell of an interactive session: bars on a terminal, stopped when its
/// flag is raised (by Ctrl-C during that cell, or the worksheet's Cancel button).
pub struct CellWatcher {
    /// Raised to stop the cell.
    pub stop: StopFlag,
}

impl Watcher for CellWatcher {
    fn stage(&self, what: &'static str) -> Arc<dyn Stage> {
        Arc::new(Reporter::stopped_by(what, self.stop.clone()))
    }

    fn saving(&self, save: &mut dyn FnMut()) {
        saving(save);
    }
}

impl Stage for Reporter {
    fn finish(&self) {
        Reporter::finish(self);
    }

    fn stop_requested(&self) -> bool {
        Reporter::stop_requested(self)
    }
}

/// The latest count of each unit of work, in the order first reported: one computation may
/// count several things (an evaluation counts steps of arithmetic and positions of
/// rulesets), and progress shows them side by side rather than one number jumping between
/// them.
#[derive(Default)]
pub struct UnitCounts(Mutex<Vec<(&'static str, u64)>>);

impl UnitCounts {
    /// Takes `work`'s count in; every unit's latest count: `1,204,000 steps, 3,100 positions`.
    pub fn record(&self, work: &Work) -> String {
        let mut counts = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match counts.iter_mut().find(|(unit, _)| *unit == work.unit) {
            Some((_, done)) => *done = work.done,
            None => counts.push((work.unit, work.done)),
        }
        counts
            .iter()
            .map(|(unit, done)| format!("{} {unit}", indicatif::HumanCount(*done)))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The CLI's progress hook: a bar on a terminal, "stop" after Ctrl-C.
pub struct Reporter {
    what: &'static str,
    stop: StopFlag,
    started: Instant,
    bar: OnceLock<Option<ProgressBar>>,
    length: AtomicU64,
    counts: UnitCounts,
    draw: bool,
}

impl Reporter {
    /// A hook for a computation described as `what` (`solving`, `evaluating`), stopped by
    /// Ctrl-C.
    pub fn new(what: &'static str) -> Self {
        Reporter::stopped_by(what, stop_flag().clone())
    }

    /// A hook for a computation described as `what`, stopped when `stop` is raised.
    pub fn stopped_by(what: &'static str, stop: StopFlag) -> Self {
        Reporter {
            what,
            stop,
            started: Instant::now(),
            bar: OnceLock::new(),
            length: AtomicU64::new(0),
            counts: UnitCounts::default(),
            draw: std::io::stderr().is_terminal(),
        }
    }

    /// Whether the computation was asked to stop.
    pub fn stop_requested(&self) -> bool {
        self.stop.is_raised()
    }

    fn bar_for(&self, work: &Work) -> Option<&ProgressBar> {
        if !self.draw || self.started.elapsed() < QUIET {
            return None;
        }
        self.bar
            .get_or_init(|| {
                let template = match work.total {
                    Some(_) => format!(
                        "{{bar:40}} {{human_pos}}/{{human_len}} {} ({{percent}}%)  {{per_sec}}  ETA {{eta}}  (Ctrl-C stops)",
                        work.unit
                    ),
                    None => format!("{{spinner}} {{elapsed}} {}: {{msg}}  (Ctrl-C stops)", self.what),
                };
                let bar = match work.total {
                    Some(total) => ProgressBar::new(total),
                    None => {
                        let spinner = ProgressBar::new_spinner();
                        spinner.enable_steady_tick(Duration::from_millis(120));
                        spinner
                    }
                };
                bar.set_style(
                    ProgressStyle::with_template(&template)
                        .unwrap_or_else(|_| ProgressStyle::default_bar()),
                );
                Some(bar)
            })
            .as_ref()
    }

    /// Clears the bar, if one was drawn.
    pub fn finish(&self) {
        if let Some(Some(bar)) = self.bar.get() {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Reporter {
    fn drop(&mut self) {
        self.finish();
    }
}

impl Progress for Reporter {
    fn report(&self, work: Work) -> ControlFlow<()> {
        if let Some(bar) = self.bar_for(&work) {
            match work.total {
                Some(total) => {
                    if self.length.swap(total, Ordering::Relaxed) != total {
                        bar.set_length(total);
                    }
                    bar.set_position(work.done);
                }
                None => bar.set_message(self.counts.record(&work)),
            }
        }
        if self.stop_requested() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two things counted by one computation show side by side, each with its latest count,
    /// instead of one number that jumps between them.
    #[test]
    fn each_unit_keeps_its_own_count() {
        let counts = UnitCounts::default();
        assert_eq!(counts.record(&Work::open(1000, "steps")), "1,000 steps");
        assert_eq!(
            counts.record(&Work::open(3, "positions")),
            "1,000 steps, 3 positions"
        );
        assert_eq!(
            counts.record(&Work::open(25000, "steps")),
            "25,000 steps, 3 positions"
        );
    }
}
