//! The `conway` command as a library: the binary's whole run ([`run`]), and the worksheet
//! server ([`serve::serve`]), which the Python package starts in its own process so that
//! the rulesets written in Python are named in its cells.
//!
//! This crate only parses arguments, calls the domain crates and prints their answers as text
//! or JSON. Exit status ([`error::exit_status`]): 0 success, 2 a usage error, bad input or an
//! unreadable file (one line on stderr saying what and where; with `--json`, one JSON error
//! object on stdout instead), 1 internal failure, 130 a run stopped by Ctrl-C (after saving
//! its checkpoint, where it has one).

mod answer;
mod args;
mod distributed;
mod error;
mod ess;
mod eval;
mod game_args;
mod grundy;
mod nash;
mod out;
mod progress;
mod render;
mod repl;
mod replicator;
mod schema;
pub mod serve;
mod session;
mod solve;
mod stable;
mod tour;
mod worksheet;

use std::process::ExitCode;

use clap::Parser;

use args::{Cli, Command};
pub use error::CliError;

/// The `conway` command: reads the process's arguments, runs, and says how it ended.
pub fn run() -> ExitCode {
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // Before clap: its own errors must answer in JSON too.
    let json = error::detect_json(&argv);
    error::report_panics_as_internal();
    let cli = match Cli::try_parse_from(argv) {
        Ok(cli) => cli,
        Err(e) => match e.kind() {
            clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion => {
                return error::display(&e)
            }
            _ => return ExitCode::from(error::report(&CliError::from_clap(&e))),
        },
    };
    let result = match cli.command {
        // The interactive commands handle Ctrl-C themselves: it stops a cell, or the server.
        Command::Repl(args) => repl::run(args, json),
        Command::Serve(args) => serve::run(args),
        command => {
            progress::install_interrupt_handler();
            match command {
                Command::Tour => tour::run(json, &progress::Terminal),
                command if distributed::wanted(&command) => distributed::run(command, json),
                command => {
                    answer::answer(command, &progress::Terminal).map(|a| answer::print(&*a, json))
                }
            }
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => ExitCode::from(error::report(&e)),
    }
}
