//! The `conway` command: solves two-player games exactly (see the library, [`conway_cli`]).

fn main() -> std::process::ExitCode {
    conway_cli::run()
}
