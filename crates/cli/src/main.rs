//! The `conway` command: solves two-player games exactly.
//!
//! This crate only parses arguments, calls the domain crates and prints their answers as text
//! or JSON. Exit status: 0 success, 2 bad input (one line on stderr saying what and where),
//! 1 internal failure, 130 a long run stopped by Ctrl-C after saving its checkpoint.

mod args;
mod ess;
mod eval;
mod grundy;
mod nash;
mod out;
mod render;
mod replicator;
mod retro;
mod solve;
mod stable;
mod tour;

use std::process::ExitCode;

use clap::Parser;

use args::{Cli, Command};

/// A failure reported to the user as one line.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The input was wrong: exit status 2.
    #[error("{0}")]
    BadInput(String),
    /// The user stopped a long run (Ctrl-C) after its work was saved: exit status 130.
    #[error("{0}")]
    Interrupted(String),
    /// Conway itself failed: exit status 1.
    #[error("internal error: {0}")]
    Internal(String),
}

impl From<conway_impartial::ImpartialError> for CliError {
    fn from(e: conway_impartial::ImpartialError) -> Self {
        CliError::BadInput(e.to_string())
    }
}

impl From<conway_graph::GraphError> for CliError {
    fn from(e: conway_graph::GraphError) -> Self {
        CliError::BadInput(e.to_string())
    }
}

impl From<conway_partizan::PartizanError> for CliError {
    fn from(e: conway_partizan::PartizanError) -> Self {
        CliError::BadInput(e.to_string())
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return args::report_parse_error(e),
    };
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
            match e {
                CliError::BadInput(_) => ExitCode::from(2),
                CliError::Internal(_) => ExitCode::from(1),
                CliError::Interrupted(_) => ExitCode::from(130),
            }
        }
    }
}
