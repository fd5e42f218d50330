//! `conway repl`: an interactive session in the terminal over the worksheet's session engine
//! ([`Session`]): expressions, variables (`G := {1|*}`), commands (`solve nim 3 5 7`), with
//! line editing and history (rustyline), input continued over several lines while braces,
//! parentheses or quotes are open, and `:save`/`:load` of the worksheet file the browser
//! worksheet reads and writes.
//!
//! Ctrl-C during a cell stops that cell (its answer is "interrupted") and the session goes
//! on; at the prompt it clears the line, and Ctrl-D ends the session. Without a terminal
//! (input piped in) the lines are read as they come and only the answers are printed; with
//! `--json` each answer is one JSON line (the cell's kind, report, text and thermograph, or
//! the CLI's error object), for scripts that drive a session.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::Mutex;

use conway_core::StopFlag;
use rustyline::completion::Completer;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{Editor, Helper};

use crate::args::ReplArgs;
use crate::progress::CellWatcher;
use crate::session::Session;
use crate::worksheet::{Cell, Worksheet};
use crate::CliError;

/// The flag of the cell running now, which Ctrl-C raises.
static RUNNING: Mutex<Option<StopFlag>> = Mutex::new(None);

/// What `:help` prints.
const HELP: &str = "\
Type a game in CGSuite's notation ({3||2|1}, ^*, +-1), an assignment (G := {1|*}) whose
variable later lines may use (G + G), or a command as on the command line without
'conway' (solve nim 3 5 7, grundy 0.137 --to 100, nash --a \"3 0; 5 1\" --b \"3 5; 0 1\").
Lines continue while braces, parentheses or quotes are open, and while a pasted Gambit
.nfg file is unfinished (two empty lines end it): its equilibria, and for a symmetric game
the ESS verdicts.
  :vars         the variables and their values
  :report on    print each value with its report (outcome, stops, thermograph, moves)
  :report off   print values alone, one line each (the default)
  :save FILE    save this session's lines as a worksheet (the browser worksheet opens it)
  :load FILE    run a worksheet's lines in this session
  :help         this text
  :quit         end the session (or Ctrl-D)
Ctrl-C stops a long computation and keeps the session.
";

/// Runs `conway repl`, on a thread with the evaluation's large stack.
pub fn run(args: ReplArgs, json: bool) -> Result<(), CliError> {
    // A worksheet that cannot be opened is the command's error, before any session starts.
    let sheet = args.worksheet.as_deref().map(Worksheet::load).transpose()?;
    install_interrupts();
    std::thread::Builder::new()
        .name("repl".into())
        .stack_size(crate::eval::EVAL_STACK)
        .spawn(move || Repl::new(json).run(sheet))
        .map_err(|e| CliError::internal(format!("cannot start the session: {e}")))?
        .join()
        .map_err(|_| CliError::internal("the session failed unexpectedly"))?
}

/// Ctrl-C raises the running cell's flag; between cells it does nothing (the line editor
/// reads it as a key on a terminal).
fn install_interrupts() {
    // Without the handler Ctrl-C ends the process, losing only the unsaved session.
    let _ = ctrlc::set_handler(|| {
        if let Some(flag) = RUNNING.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
            flag.raise();
        }
    });
}

/// One interactive session: the engine and the lines run so far.
struct Repl {
    session: Session,
    cells: Vec<Cell>,
    json: bool,
}

impl Repl {
    fn new(json: bool) -> Self {
        Repl {
            session: Session::new(),
            cells: Vec::new(),
            json,
        }
    }

    /// Prints a line of the session's own (not a cell's answer): as `text`, or with
    /// `--json` as the object `json`.
    fn say(&self, text: &str, json: serde_json::Value) {
        if self.json {
            print_now(&format!("{json}\n"));
        } else {
            print_now(text);
        }
    }

    /// Prints an error of the session's own.
    fn complain(&self, error: &CliError) {
        if self.json {
            print_now(&format!("{}\n", error.json()));
        } else {
            print_now(&format!("error: {error}\n"));
        }
    }

    fn run(mut self, worksheet: Option<Worksheet>) -> Result<(), CliError> {
        let interactive = std::io::stdin().is_terminal();
        let mut editor: Editor<Continuation, DefaultHistory> =
            Editor::new().map_err(|e| CliError::io(format!("cannot read the terminal: {e}")))?;
        editor.set_helper(Some(Continuation));
        if interactive {
            println!(
                "Conway {} — a game, G := a game, a command (solve nim 3 5 7), or :help",
                env!("CARGO_PKG_VERSION")
            );
        }
        if let Some(sheet) = worksheet {
            self.replay(sheet);
        }
        loop {
            let line = match editor.readline("conway> ") {
                Ok(line) => line,
                Err(rustyline::error::ReadlineError::Interrupted) => continue,
                Err(rustyline::error::ReadlineError::Eof) => return Ok(()),
                Err(e) => return Err(CliError::io(format!("cannot read the input: {e}"))),
            };
            let input = line.trim();
            if input.is_empty() {
                continue;
            }
            let _ = editor.add_history_entry(input);
            match input.strip_prefix(':') {
                Some(meta) => {
                    if !self.meta(meta) {
                        return Ok(());
                    }
                }
                None => self.cell(input),
            }
        }
    }

    /// Runs one line of the session and prints its answer (or its error).
    fn cell(&mut self, input: &str) {
        let watcher = CellWatcher {
            stop: StopFlag::new(),
        };
        *RUNNING.lock().unwrap_or_else(|e| e.into_inner()) = Some(watcher.stop.clone());
        let result = self.session.run(input, &watcher);
        *RUNNING.lock().unwrap_or_else(|e| e.into_inner()) = None;
        let text = match &result {
            Ok(answer) => answer.text.clone(),
            Err(e) => format!("error: {e}\n"),
        };
        match (&result, self.json) {
            (Ok(answer), true) => print_now(&format!("{}\n", crate::render::json(answer))),
            (Err(e), true) => print_now(&format!("{}\n", e.json())),
            (_, false) => print_now(&text),
        }
        self.cells.push(Cell {
            input: input.to_string(),
            text: Some(text),
        });
    }

    /// A `:command`; false when it ends the session.
    fn meta(&mut self, meta: &str) -> bool {
        let (name, argument) = meta
            .split_once(char::is_whitespace)
            .map_or((meta, ""), |(n, a)| (n, a.trim()));
        match (name, argument) {
            ("q" | "quit" | "exit", "") => return false,
            ("help" | "h", "") => self.say(HELP, serde_json::json!({ "help": HELP })),
            ("vars", "") => {
                let answer = self.session.variables_answer();
                self.say(&answer.text, answer.report);
            }
            ("save", path) if !path.is_empty() => {
                match Worksheet::new(self.cells.clone()).save(Path::new(path)) {
                    Ok(()) => self.say(
                        &format!("saved {} lines to {path}\n", self.cells.len()),
                        serde_json::json!({ "saved": path, "lines": self.cells.len() }),
                    ),
                    Err(e) => self.complain(&e),
                }
            }
            ("load", path) if !path.is_empty() => self.load(Path::new(path)),
            ("report", _) => self.cell(&format!(":{meta}")),
            _ => self.complain(&CliError::usage(format!(
                "unknown or incomplete ':{meta}' (:vars, :report on|off, :save FILE, :load FILE, \
                 :help, :quit)"
            ))),
        }
        true
    }

    /// Runs the lines of the worksheet at `path`.
    fn load(&mut self, path: &Path) {
        match Worksheet::load(path) {
            Ok(sheet) => self.replay(sheet),
            Err(e) => self.complain(&e),
        }
    }

    /// Runs a worksheet's lines in this session, echoing each.
    fn replay(&mut self, sheet: Worksheet) {
        for cell in sheet.cells {
            if !self.json {
                print_now(&format!("conway> {}\n", cell.input));
            }
            self.cell(&cell.input);
        }
    }
}

fn print_now(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}

/// The line editor's helper: a line goes on while a brace, parenthesis or quote is open, or
/// while a pasted `.nfg` file is unfinished.
struct Continuation;

impl Validator for Continuation {
    fn validate(&self, context: &mut ValidationContext<'_>) -> rustyline::Result<ValidationResult> {
        let input = context.input();
        Ok(if is_open(input) || is_unfinished_nfg(input) {
            ValidationResult::Incomplete
        } else {
            ValidationResult::Valid(None)
        })
    }
}

/// Whether `text` leaves a brace, parenthesis or quote open.
fn is_open(text: &str) -> bool {
    let mut depth = 0i64;
    let mut quote = None;
    for c in text.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '{' | '(' | '[') => depth += 1,
            (None, '}' | ')' | ']') => depth -= 1,
            _ => {}
        }
    }
    depth > 0 || quote.is_some()
}

/// Whether `text` is a Gambit `.nfg` file being pasted and not yet whole: it starts with
/// `NFG` and stops before the file does (blank lines inside a file, as Gambit writes them,
/// go on). A mistake inside it ends it at once, to be reported where it is; two empty lines
/// end it too.
fn is_unfinished_nfg(text: &str) -> bool {
    text.trim_start().starts_with("NFG")
        && !text.ends_with("\n\n")
        && conway_strategic::formats::nfg::ends_too_soon(text)
}

impl Completer for Continuation {
    type Candidate = String;
}

impl Hinter for Continuation {
    type Hint = String;
}

impl Highlighter for Continuation {}

impl Helper for Continuation {}

#[cfg(test)]
mod tests {
    use super::{is_open, is_unfinished_nfg};

    /// A pasted `.nfg` file goes on until it parses (Gambit's e02, Selten 1975), or an empty
    /// line ends it.
    #[test]
    fn a_pasted_nfg_file_continues_until_whole() {
        let header = "NFG 1 R \"e02\" { \"1\" \"2\" } { 3 2 }";
        assert!(is_unfinished_nfg(header));
        assert!(is_unfinished_nfg(&format!("{header}\n1 1 0 2 0 2")));
        assert!(!is_unfinished_nfg(&format!(
            "{header}\n1 1 0 2 0 2 1 1 0 3 2 0"
        )));
        // Gambit writes a blank line between the header and the payoffs.
        assert!(is_unfinished_nfg(&format!("{header}\n")));
        assert!(!is_unfinished_nfg(&format!(
            "{header}\n\n1 1 0 2 0 2 1 1 0 3 2 0"
        )));
        // A mistake ends the file where it is; so do two empty lines.
        assert!(!is_unfinished_nfg(&format!("{header}\n1 1 x")));
        assert!(!is_unfinished_nfg(&format!("{header}\n1 1\n\n")));
        assert!(!is_unfinished_nfg("{1|*}"));
    }

    #[test]
    fn open_lines_continue() {
        for open in ["{3||2", "temperature({1|", "nash --a \"1 2", "((1)"] {
            assert!(is_open(open), "{open}");
        }
        for closed in ["{3||2|1}", "G := ^", "nash --a '1 }'", "}"] {
            assert!(!is_open(closed), "{closed}");
        }
    }
}
