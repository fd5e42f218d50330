//! The `conway` command: solves two-player games exactly.
//!
//! This crate only parses arguments, calls the domain crates and prints their answers as text
//! or JSON. Exit status ([`exit_status`]): 0 success, 2 bad input or an unreadable file (one
//! line on stderr saying what and where), 1 internal failure, 130 a run stopped by Ctrl-C
//! (after saving its checkpoint, where it has one).

mod args;
mod ess;
mod eval;
mod grundy;
mod nash;
mod out;
mod progress;
mod render;
mod replicator;
mod retro;
mod solve;
mod stable;
mod tour;

use std::process::ExitCode;

use clap::Parser;
use conway_core::{Diagnostic, ErrorKind};

use args::{Cli, Command};

/// A failure reported to the user as one line: what kind it is (which decides the exit
/// status, in [`exit_status`] alone), the message, and where in the input when known.
#[derive(Debug)]
pub struct CliError {
    kind: ErrorKind,
    message: String,
}

impl CliError {
    /// The input was wrong: exit status 2.
    pub fn bad_input(message: impl Into<String>) -> Self {
        CliError {
            kind: ErrorKind::InvalidInput,
            message: message.into(),
        }
    }

    /// The user stopped a long run (Ctrl-C), after saving what can be resumed.
    pub fn interrupted(message: impl Into<String>) -> Self {
        CliError {
            kind: ErrorKind::Interrupted,
            message: message.into(),
        }
    }

    /// Conway itself failed: exit status 1.
    pub fn internal(message: impl Into<String>) -> Self {
        CliError {
            kind: ErrorKind::Internal,
            message: format!("internal error: {}", message.into()),
        }
    }

    /// What kind of failure this is.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }
}

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// Every domain error becomes a CLI error by its kind; its message already says what and
/// where.
impl<E: Diagnostic> From<E> for CliError {
    fn from(e: E) -> Self {
        let message = match e.kind() {
            ErrorKind::Internal => format!("internal error: {e}"),
            _ => e.to_string(),
        };
        CliError {
            kind: e.kind(),
            message,
        }
    }
}

/// The one place where kinds of failure become exit statuses: bad input and unreadable or
/// unwritable files 2, interruption 130, Conway's own failure 1.
pub fn exit_status(kind: ErrorKind) -> u8 {
    match kind {
        ErrorKind::Parse | ErrorKind::InvalidInput | ErrorKind::TooLarge | ErrorKind::Io => 2,
        ErrorKind::Interrupted => 130,
        ErrorKind::Internal => 1,
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return args::report_parse_error(e),
    };
    progress::install_interrupt_handler();
    let result = match cli.command {
        Command::Tour => tour::run(),
        Command::Solve(s) => solve::run(s, cli.json),
        Command::Eval(e) => eval::run(e, cli.json),
        Command::Grundy(g) => grundy::run(g, cli.json),
        Command::Nash(n) => nash::run(n, cli.json),
        Command::Ess(e) => ess::run(e, cli.json),
        Command::Stable(s) => stable::run(s, cli.json),
        Command::Replicator(r) => replicator::run(r, cli.json),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("conway: {e}");
            ExitCode::from(exit_status(e.kind()))
        }
    }
}
