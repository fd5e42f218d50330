//! `--mpi`: a command's work spread over the processes `mpirun` started (`nash` and `solve
//! chase`). Every rank parses the same command line and reads the same input; the library
//! does the rest collectively ([`conway_core::Ranks`]), and rank 0 prints what one process
//! would print. The MPI transport is compiled only with the `mpi` cargo feature, so the
//! default build needs no MPI.
//!
//! Errors are reported by rank 0 alone (the other ranks exit with the same status, silent).
//! What may fail on one rank alone (reading the input, making the checkpoint directory: a
//! file system that is not shared) is followed by [`agreed`], and the library does the same
//! for its own files, so that every rank stops and rank 0 names the rank that failed.

#[cfg(feature = "mpi")]
mod mpi;

use conway_core::{ErrorKind, Ranks};

use crate::answer::{print, Answer};
use crate::args::Command;
use crate::error::Kind;
use crate::progress::{self, Silent, Terminal, Watcher};
use crate::CliError;

/// Whether `command` asks to run under mpirun.
pub fn wanted(command: &Command) -> bool {
    match command {
        Command::Nash(args) => args.mpi,
        Command::Solve(args) => args.game.as_ref().is_some_and(|g| g.arguments.flag("mpi")),
        _ => false,
    }
}

/// The error of `--mpi` reached where no MPI run is (a worksheet cell, the REPL).
pub fn only_under_mpirun() -> CliError {
    CliError::usage("--mpi runs a command under mpirun, from the command line")
}

/// Collective: `local`, this rank's result of a step that may fail on one rank alone, or the
/// failure of the first rank that failed when this one did not, so that every rank stops
/// together.
pub fn agreed<T>(ranks: &dyn Ranks, local: Result<T, CliError>) -> Result<T, CliError> {
    let describe = |e: &CliError| {
        let kind = match e.kind() {
            // Usage errors come from the command line, which every rank shares.
            Kind::Usage => ErrorKind::InvalidInput,
            Kind::Domain(kind) => kind,
        };
        (kind, e.message())
    };
    conway_core::ranks::agreed(ranks, local, describe, CliError::from)
}

/// Runs `command` as one rank of an MPI run.
pub fn run(command: Command, json: bool) -> Result<(), CliError> {
    let ranks = connect()?;
    let rank = ranks.rank();
    let watch: &dyn Watcher = if rank == 0 { &Terminal } else { &Silent };
    if rank != 0 {
        // Not even the Ctrl-C watchdog's line: rank 0 speaks for every rank.
        crate::error::silence();
    }
    // The ranks stop together, at the end of a round or a job: Ctrl-C waits for that rather
    // than ending one rank and leaving the others waiting for it.
    progress::saving(|| {
        let result = answer(command, &*ranks, watch);
        if rank == 0 {
            match &result {
                Ok(Some(answer)) => print(&**answer, json),
                Ok(None) => {}
                Err(e) => {
                    crate::error::report(e);
                    crate::error::silence();
                }
            }
        }
        // No rank leaves before rank 0 has spoken: when one rank exits with a failure,
        // mpirun ends the others at once.
        ranks.sum(&[0]);
        result.map(|_| ())
    })
}

fn answer(
    command: Command,
    ranks: &dyn Ranks,
    watch: &dyn Watcher,
) -> Result<Option<Box<dyn Answer>>, CliError> {
    match command {
        Command::Nash(args) => crate::nash::answer_on_ranks(args, ranks, watch),
        Command::Solve(args) => crate::solve::answer_on_ranks(args, ranks, watch),
        _ => Err(CliError::usage("--mpi goes with 'solve chase' and 'nash'")),
    }
}

#[cfg(feature = "mpi")]
fn connect() -> Result<Box<dyn Ranks>, CliError> {
    match mpi::MpiRanks::initialize() {
        Some(ranks) => Ok(Box::new(ranks)),
        None => Err(CliError::internal("MPI was initialized twice")),
    }
}

#[cfg(not(feature = "mpi"))]
fn connect() -> Result<Box<dyn Ranks>, CliError> {
    Err(CliError::usage(
        "this conway was built without MPI: build it with 'cargo build --release -p \
         conway-cli --features mpi' (needs Open MPI and libclang) and start it with mpirun",
    ))
}
