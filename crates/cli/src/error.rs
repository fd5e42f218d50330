//! How a failed command is reported: the one place where a failure becomes an exit status
//! ([`exit_status`]) and its one line of text, or with `--json` its one JSON object
//! (`{"error":{"kind","message","line","column"}}`), so that a script reading standard output
//! always gets exactly one object whatever went wrong — a domain error, a clap usage error, or
//! Ctrl-C.
//!
//! Messages never echo a huge input whole: [`abbreviate`] keeps the ends of any word longer
//! than [`LONGEST_WORD`] characters and says how long it was.

use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

use conway_core::{Diagnostic, ErrorKind, Location};

/// What kind of failure a [`CliError`] is: the command line itself, or a failure the domain
/// crates classify with [`ErrorKind`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The command line does not fit the commands' definitions: an unknown command or flag,
    /// a missing argument, a value not among the possible ones (clap's errors).
    Usage,
    /// A failure of the kind the domain crates report.
    Domain(ErrorKind),
}

impl Kind {
    /// The name in the JSON error object: `usage`, or the domain kind's own name (`parse`,
    /// `invalid_input`, `too_large`, `io`, `interrupted`, `internal`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Usage => "usage",
            Kind::Domain(kind) => kind.name(),
        }
    }
}

/// A failure reported to the user as one line: what kind it is (which decides the exit
/// status, in [`exit_status`] alone), the message, and where in the input when known.
#[derive(Debug)]
pub struct CliError {
    kind: Kind,
    message: String,
    location: Option<Location>,
}

impl CliError {
    fn new(kind: Kind, message: impl Into<String>) -> Self {
        CliError {
            kind,
            message: message.into(),
            location: None,
        }
    }

    /// The input was wrong: exit status 2.
    pub fn bad_input(message: impl Into<String>) -> Self {
        CliError::new(Kind::Domain(ErrorKind::InvalidInput), message)
    }

    /// An input past a documented limit: exit status 2.
    pub fn too_large(message: impl Into<String>) -> Self {
        CliError::new(Kind::Domain(ErrorKind::TooLarge), message)
    }

    /// Malformed input at `line` and `column` (from 1): exit status 2.
    pub fn parse_at(line: usize, column: usize, message: impl Into<String>) -> Self {
        CliError {
            location: Some(Location {
                line: Some(line),
                column,
            }),
            ..CliError::new(
                Kind::Domain(ErrorKind::Parse),
                format!("line {line}, column {column}: {}", message.into()),
            )
        }
    }

    /// A file named by the user cannot be read or written: exit status 2.
    pub fn io(message: impl Into<String>) -> Self {
        CliError::new(Kind::Domain(ErrorKind::Io), message)
    }

    /// The command line combines options that do not go together: exit status 2.
    pub fn usage(message: impl Into<String>) -> Self {
        CliError::new(Kind::Usage, message)
    }

    /// The user stopped a long run (Ctrl-C), after saving what can be resumed.
    pub fn interrupted(message: impl Into<String>) -> Self {
        CliError::new(Kind::Domain(ErrorKind::Interrupted), message)
    }

    /// Conway itself failed: exit status 1.
    pub fn internal(message: impl Into<String>) -> Self {
        CliError::new(
            Kind::Domain(ErrorKind::Internal),
            format!("internal error: {}", message.into()),
        )
    }

    /// This error with its message prefixed by the name of the input it is about (a file),
    /// keeping its kind and location.
    pub fn in_input(mut self, name: &str) -> Self {
        self.message = format!("{name}: {}", self.message);
        self
    }

    /// What kind of failure this is.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The message as printed: one line, huge words abbreviated.
    pub fn message(&self) -> String {
        abbreviate(&self.message.replace(['\n', '\r'], " "))
    }

    /// The failure as the JSON object of the CLI contract.
    pub fn json(&self) -> String {
        let (line, column) = match self.location {
            Some(l) => (l.line, Some(l.column)),
            None => (None, None),
        };
        serde_json::json!({
            "error": {
                "kind": self.kind.name(),
                "message": self.message(),
                "line": line,
                "column": column,
            }
        })
        .to_string()
    }

    /// A clap error (anything but help and version) as one line: clap's first line, then its
    /// details (the possible values, a similar name it suggests) joined on, without the usage
    /// and "for more information" lines. A value its parser refused keeps the parser's kind.
    pub fn from_clap(e: &clap::Error) -> Self {
        use clap::error::ErrorKind as Clap;
        let rendered = e.render().to_string();
        let mut lines = rendered
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .filter(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"));
        let mut message = lines
            .next()
            .unwrap_or("invalid arguments")
            .trim_start_matches("error: ")
            .to_string();
        match e.kind() {
            // These render the whole help below their first line: keep only a pointer to it.
            Clap::DisplayHelpOnMissingArgumentOrSubcommand | Clap::MissingSubcommand => {
                return CliError::usage("no command given; see 'conway --help'");
            }
            _ => {
                for detail in lines {
                    // "the following required arguments were not provided:" names them below.
                    let joint = if message.ends_with(':') { " " } else { "; " };
                    message = format!("{message}{joint}{detail}");
                }
            }
        }
        if e.kind() == Clap::InvalidSubcommand {
            // Below `solve` the subcommands are games; at the top, commands.
            message.push_str(if rendered.contains("Usage: conway solve") {
                "; 'conway solve --list' lists the games"
            } else {
                "; see 'conway --help'"
            });
        }
        let kind = match e.kind() {
            Clap::ValueValidation => std::error::Error::source(e)
                .and_then(|s| s.downcast_ref::<ValueError>())
                .map_or(ErrorKind::InvalidInput, ValueError::kind),
            _ => return CliError::usage(message),
        };
        CliError::new(Kind::Domain(kind), message)
    }
}

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message())
    }
}

/// Every domain error becomes a CLI error by its kind and location; its message already says
/// what and where.
impl<E: Diagnostic> From<E> for CliError {
    fn from(e: E) -> Self {
        let message = match e.kind() {
            ErrorKind::Internal => format!("internal error: {e}"),
            _ => e.to_string(),
        };
        CliError {
            kind: Kind::Domain(e.kind()),
            message,
            location: e.location(),
        }
    }
}

/// A value an argument parser refused, with the kind of refusal, so that the JSON error of
/// clap's "invalid value" keeps it.
pub use conway_games::words::ValueError;

/// The one place where kinds of failure become exit statuses: usage errors, bad input and
/// unreadable or unwritable files 2, interruption 130, Conway's own failure 1.
pub fn exit_status(kind: Kind) -> u8 {
    match kind {
        Kind::Usage => 2,
        Kind::Domain(kind) => match kind {
            ErrorKind::Parse | ErrorKind::InvalidInput | ErrorKind::TooLarge | ErrorKind::Io => 2,
            ErrorKind::Interrupted => 130,
            ErrorKind::Internal => 1,
        },
    }
}

/// Whether this run answers in JSON: set once from the command line, before clap parses it,
/// so that clap's own errors and an interruption ending the process answer in JSON too.
static JSON: AtomicBool = AtomicBool::new(false);

/// Whether `--json` is among the arguments (before a `--` that ends the options). Looked for
/// in the raw arguments because the command line may not parse at all.
pub fn detect_json(args: &[std::ffi::OsString]) -> bool {
    let json = args
        .iter()
        .skip(1)
        .take_while(|a| *a != "--")
        .any(|a| a == "--json");
    JSON.store(json, Ordering::SeqCst);
    json
}

/// Set on the ranks of a distributed run other than rank 0, which reports for all of them,
/// and on rank 0 once it has.
static SILENT: AtomicBool = AtomicBool::new(false);

/// Makes this process report no more errors (a rank of an MPI run other than 0, or rank 0
/// once it has reported for every rank; the exit status stays).
pub fn silence() {
    SILENT.store(true, Ordering::SeqCst);
}

/// Reports `error` as the run's whole answer — its JSON object on standard output with
/// `--json`, else one line on standard error — and returns the exit status.
pub fn report(error: &CliError) -> u8 {
    if SILENT.load(Ordering::SeqCst) {
        // Rank 0 reports for every rank.
    } else if JSON.load(Ordering::SeqCst) {
        crate::out::emit_line(&error.json());
    } else {
        eprintln!("conway: {error}");
    }
    exit_status(error.kind())
}

/// Reports `error` and ends the process with its status: for the Ctrl-C watchdog, which
/// stops a computation that cannot stop by itself.
pub fn exit_with(error: &CliError) -> ! {
    std::process::exit(i32::from(report(error)))
}

/// Makes a panic — a bug, never meant to happen — end the run as an internal failure like
/// any other: exit status 1 and one line, or with `--json` the one error object, instead of
/// Rust's panic report and status 101.
pub fn report_panics_as_internal() {
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_string());
        let place = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        exit_with(&CliError::internal(format!("{what}{place}")))
    }));
}

/// What clap's help or version request prints: the text as clap renders it, or with `--json`
/// one object holding it.
pub fn display(e: &clap::Error) -> ExitCode {
    if JSON.load(Ordering::SeqCst) {
        let key = match e.kind() {
            clap::error::ErrorKind::DisplayVersion => "version",
            _ => "help",
        };
        crate::out::emit_line(&serde_json::json!({ key: e.render().to_string() }).to_string());
    } else {
        let _ = e.print();
    }
    ExitCode::SUCCESS
}

/// Words longer than this are abbreviated in messages.
pub const LONGEST_WORD: usize = 100;

/// How many characters of each end of an abbreviated word are kept.
const KEPT: usize = 16;

/// `message` with every word (a run of characters other than white space and quotes) longer
/// than [`LONGEST_WORD`] characters cut to its first and last [`KEPT`] characters and its
/// length: a 10,001-digit number is named, not echoed.
pub fn abbreviate(message: &str) -> String {
    let is_break = |c: char| c.is_whitespace() || matches!(c, '\'' | '"' | '`');
    let mut out = String::with_capacity(message.len().min(4 * LONGEST_WORD));
    let mut word: Vec<char> = Vec::new();
    let flush = |word: &mut Vec<char>, out: &mut String| {
        if word.len() > LONGEST_WORD {
            let head: String = word[..KEPT].iter().collect();
            let tail: String = word[word.len() - KEPT..].iter().collect();
            out.push_str(&format!("{head}…{tail} ({} characters)", word.len()));
        } else {
            out.extend(word.iter());
        }
        word.clear();
    };
    for c in message.chars() {
        if is_break(c) {
            flush(&mut word, &mut out);
            out.push(c);
        } else {
            word.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_words_are_abbreviated_short_ones_kept() {
        let digits: String = std::iter::repeat_n("1234567890", 1000).collect::<String>() + "7";
        let message = format!("invalid value '{digits}' for '<HEAPS>...': too many digits");
        let short = abbreviate(&message);
        assert_eq!(
            short,
            "invalid value '1234567890123456…6789012345678907 (10001 characters)' for \
             '<HEAPS>...': too many digits"
        );
        let edge = "x".repeat(LONGEST_WORD);
        assert_eq!(abbreviate(&edge), edge);
        assert_eq!(abbreviate("a  b\tc"), "a  b\tc");
        assert_eq!(abbreviate(""), "");
    }

    #[test]
    fn every_kind_has_its_status_and_name() {
        assert_eq!(exit_status(Kind::Usage), 2);
        assert_eq!(exit_status(Kind::Domain(ErrorKind::TooLarge)), 2);
        assert_eq!(exit_status(Kind::Domain(ErrorKind::Interrupted)), 130);
        assert_eq!(exit_status(Kind::Domain(ErrorKind::Internal)), 1);
        assert_eq!(
            Kind::Domain(ErrorKind::InvalidInput).name(),
            "invalid_input"
        );
        let e = CliError::usage("a\nb");
        let v: serde_json::Value = serde_json::from_str(&e.json()).expect("json");
        assert_eq!(
            v,
            serde_json::json!({"error":{"kind":"usage","message":"a b","line":null,"column":null}})
        );
    }
}
