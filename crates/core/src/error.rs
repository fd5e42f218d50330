//! What kind of failure an error is and where in the input it happened.
//!
//! Each domain crate keeps its own error enum (with structured `Parse { line, column, .. }`,
//! `Io { path, source }`, `TooLarge { what, size, limit }` and `Interrupted` variants) and
//! implements [`Diagnostic`] for it. Front ends decide from [`ErrorKind`] alone: the CLI's
//! exit status, the Python exception class, the worksheet's error box.

use std::fmt;

/// The kinds of failure a front end tells apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// The input is malformed: a syntax error, with a location.
    Parse,
    /// The input is well formed but outside the game's or method's domain.
    InvalidInput,
    /// The input is past a documented limit, refused before any work.
    TooLarge,
    /// A file named by the user cannot be read or written.
    Io,
    /// The user stopped the computation.
    Interrupted,
    /// Conway itself failed: a bug.
    Internal,
}

impl ErrorKind {
    /// Every kind.
    pub const ALL: [ErrorKind; 6] = [
        ErrorKind::Parse,
        ErrorKind::InvalidInput,
        ErrorKind::TooLarge,
        ErrorKind::Io,
        ErrorKind::Interrupted,
        ErrorKind::Internal,
    ];

    /// The kind named `name` (as [`ErrorKind::name`] gives it).
    pub fn from_name(name: &str) -> Option<ErrorKind> {
        ErrorKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The name used in machine-readable errors: `parse`, `invalid_input`, `too_large`, `io`,
    /// `interrupted`, `internal`.
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::Parse => "parse",
            ErrorKind::InvalidInput => "invalid_input",
            ErrorKind::TooLarge => "too_large",
            ErrorKind::Io => "io",
            ErrorKind::Interrupted => "interrupted",
            ErrorKind::Internal => "internal",
        }
    }
}

/// A place in the input: 1-based line (absent for one-line inputs) and 1-based column in
/// characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Location {
    /// The line, counting from 1; `None` for an input that is one line (an expression).
    pub line: Option<usize>,
    /// The column, counting characters from 1.
    pub column: usize,
}

impl Location {
    /// A column of a one-line input.
    pub fn column(column: usize) -> Self {
        Location { line: None, column }
    }

    /// A line and column of a file.
    pub fn at(line: usize, column: usize) -> Self {
        Location {
            line: Some(line),
            column,
        }
    }

    /// This location, inside a piece of input that itself starts at column `start` (1-based)
    /// of a one-line input: how nested inputs compose their positions.
    pub fn within(self, start: usize) -> Self {
        Location {
            line: self.line,
            column: self.column + start - 1,
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}, column {}", self.column),
            None => write!(f, "column {}", self.column),
        }
    }
}

/// The path that names standard input wherever a file is read: the command-line convention,
/// so that `conway nash -` reads a game piped in.
pub const STDIN_PATH: &str = "-";

/// A file named by the user that could not be read: the `Io` variant of each domain's error.
#[derive(Debug, thiserror::Error)]
#[error("{}: {source}", FileError::input_name(path))]
pub struct FileError {
    /// The file, as the user named it.
    pub path: std::path::PathBuf,
    /// The system's reason.
    pub source: std::io::Error,
}

impl FileError {
    /// Reads the whole input `path` names as text: the file, or standard input when the path
    /// is [`STDIN_PATH`]. Every reader of a user's text file goes through here, so `-` works
    /// wherever a file is read.
    pub fn read_to_string(path: &std::path::Path) -> Result<String, FileError> {
        let read = if FileError::is_stdin(path) {
            std::io::read_to_string(std::io::stdin().lock())
        } else {
            std::fs::read_to_string(path)
        };
        read.map_err(|source| FileError {
            path: path.to_path_buf(),
            source,
        })
    }

    /// Whether `path` names standard input.
    pub fn is_stdin(path: &std::path::Path) -> bool {
        path.as_os_str() == STDIN_PATH
    }

    /// How messages name the input `path` names: the path as given, or `standard input`.
    pub fn input_name(path: &std::path::Path) -> String {
        if FileError::is_stdin(path) {
            "standard input".to_string()
        } else {
            path.display().to_string()
        }
    }
}

/// An error a front end can classify and locate.
pub trait Diagnostic: std::error::Error {
    /// What kind of failure this is.
    fn kind(&self) -> ErrorKind;

    /// Where in the input, when the error is about a place in it.
    fn location(&self) -> Option<Location> {
        None
    }
}

/// A file that cannot be read is an I/O failure wherever it is reported.
impl Diagnostic for FileError {
    fn kind(&self) -> ErrorKind {
        ErrorKind::Io
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_columns_add_up() {
        // "ab" starting at column 5 of the whole input; column 2 inside it is column 6.
        assert_eq!(Location::column(2).within(5), Location::column(6));
        assert_eq!(Location::column(1).within(1), Location::column(1));
        assert_eq!(Location::at(3, 4).to_string(), "line 3, column 4");
        assert_eq!(Location::column(7).to_string(), "column 7");
    }

    #[test]
    fn dash_names_standard_input() {
        use std::path::Path;
        assert!(FileError::is_stdin(Path::new("-")));
        assert!(!FileError::is_stdin(Path::new("./-")));
        assert_eq!(FileError::input_name(Path::new("-")), "standard input");
        assert_eq!(FileError::input_name(Path::new("g.nfg")), "g.nfg");
        let missing = Path::new("/nonexistent/conway/g.nfg");
        let e = FileError::read_to_string(missing).unwrap_err();
        assert!(
            e.to_string().starts_with("/nonexistent/conway/g.nfg: "),
            "{e}"
        );
    }
}
