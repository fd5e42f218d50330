//! Reading the game a request names: a Gambit `.nfg` or `.efg` file (told apart by their
//! first word), or payoff matrices each given inline (`"3 0; 5 1"`) or as the path of a
//! CSV/TSV file. Questions about normal-form games read an `.efg` file as its reduced
//! normal form; `conway nash` keeps the tree ([`read_any_game`]).
//!
//! Errors name the input they are in — the file's path, or the flag (`--a`, `--b`) whose
//! text was the matrix — and keep the line and column inside it; a file that cannot be read
//! is a [`conway_core::error::FileError`]. The path `-` is standard input, for the `.nfg`
//! file and for a matrix alike ([`FileError::read_to_string`]).

use std::path::Path;

use conway_core::error::FileError;

use crate::extensive::reduced::reduced_normal_form;
use crate::extensive::ExtensiveGame;
use crate::formats::efg;
use crate::formats::nfg::parse_matrix;
use crate::game::{Matrix, NormalFormGame};
use crate::StrategicError;

/// A matrix and the name of the input it came from (the file's path, or `flag`).
fn named_matrix(flag: &str, text: &str) -> Result<(Matrix, String), StrategicError> {
    let path = Path::new(text);
    let (source, content) = if FileError::is_stdin(path) || path.is_file() {
        (
            FileError::input_name(path),
            FileError::read_to_string(path)?,
        )
    } else {
        (flag.to_string(), text.to_string())
    };
    let matrix = parse_matrix(&content).map_err(|e| e.in_input(source.as_str()))?;
    Ok((matrix, source))
}

/// A payoff matrix given inline (`"3 0; 5 1"`, rows separated by `;`) or as the path of a
/// CSV/TSV file; `flag` names the inline text in errors.
pub fn read_matrix(flag: &str, text: &str) -> Result<Matrix, StrategicError> {
    Ok(named_matrix(flag, text)?.0)
}

/// A game as a file gives it.
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// A table of payoffs.
    Normal(NormalFormGame),
    /// A game tree.
    Extensive(ExtensiveGame),
}

/// A `.nfg` or `.efg` file's text, told apart by its first word.
pub fn parse_any(text: &str) -> Result<AnyGame, StrategicError> {
    if efg::is_efg(text) {
        efg::parse(text).map(AnyGame::Extensive)
    } else {
        crate::formats::nfg::parse(text).map(AnyGame::Normal)
    }
}

/// The game named by a request: a `.nfg` or `.efg` file, or player 1's matrix `a` with
/// player 2's `b`, or `a` alone for a zero-sum game (player 2's payoffs are the negatives).
pub fn read_any_game(
    file: Option<&Path>,
    a: Option<&str>,
    b: Option<&str>,
) -> Result<AnyGame, StrategicError> {
    match (file, a, b) {
        (Some(f), None, None) => read_file(f),
        _ => read_game(file, a, b).map(AnyGame::Normal),
    }
}

/// The game in a `.nfg` or `.efg` file, errors naming the file.
fn read_file(f: &Path) -> Result<AnyGame, StrategicError> {
    let text = FileError::read_to_string(f)?;
    parse_any(&text).map_err(|e| e.in_input(FileError::input_name(f)))
}

/// The normal-form game named by a request: as [`read_any_game`], an `.efg` file read as its
/// reduced normal form.
pub fn read_game(
    file: Option<&Path>,
    a: Option<&str>,
    b: Option<&str>,
) -> Result<NormalFormGame, StrategicError> {
    match (file, a, b) {
        (Some(f), None, None) => match read_file(f)? {
            AnyGame::Normal(game) => Ok(game),
            AnyGame::Extensive(tree) => reduced_normal_form(&tree)
                .map(|r| r.game)
                .map_err(|e| e.in_input(FileError::input_name(f))),
        },
        (None, Some(a), Some(b)) => {
            let (a, b) = (read_matrix("--a", a)?, read_matrix("--b", b)?);
            NormalFormGame::bimatrix(&a, &b)
        }
        (None, Some(a), None) => {
            NormalFormGame::zero_sum(&read_matrix("--a", a)?)
        }
        _ => Err(StrategicError::InvalidInput(
            "give a .nfg file, or payoff matrices with --a (and --b; without it the game is zero-sum)"
                .into(),
        )),
    }
}

/// A symmetric game named by a request: as [`read_game`], except that `a` alone is the row
/// player's matrix of a symmetric game (square; the column player's is its transpose).
/// Whether a game given in full is symmetric is for
/// [`crate::evolutionary::ess::symmetric_matrix`] to say.
pub fn read_symmetric_game(
    file: Option<&Path>,
    a: Option<&str>,
    b: Option<&str>,
) -> Result<NormalFormGame, StrategicError> {
    let (None, Some(a), None) = (file, a, b) else {
        return read_game(file, a, b);
    };
    let (a, source) = named_matrix("--a", a)?;
    NormalFormGame::symmetric(&a).map_err(|e| e.in_input(source))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::integer;
    use conway_core::{Diagnostic, ErrorKind, Location};

    /// `text` written to `name` in `dir`, a folder removed when the test ends.
    fn temporary(dir: &tempfile::TempDir, name: &str, text: &str) -> std::path::PathBuf {
        let path = dir.path().join(name);
        std::fs::write(&path, text).expect("written");
        path
    }

    #[test]
    fn matrices_inline_and_from_files() {
        let g = read_game(None, Some("3 0; 5 1"), Some("3 5; 0 1")).unwrap();
        assert_eq!(g.matrices().unwrap().1[0][1], integer(5));
        // Zero-sum: player 2's payoffs are the negatives.
        let g = read_game(None, Some("1 -2"), None).unwrap();
        assert_eq!(g.matrices().unwrap().1[0], vec![integer(-1), integer(2)]);
        let dir = tempfile::tempdir().expect("a temporary folder");
        let csv = temporary(&dir, "a.csv", "1,2\n3,4\n");
        let path = csv.to_str().expect("utf-8 path");
        let g = read_symmetric_game(None, Some(path), None).unwrap();
        // The column player's matrix is the transpose.
        assert_eq!(g.matrices().unwrap().1[0], vec![integer(1), integer(3)]);
    }

    #[test]
    fn errors_name_the_input_and_the_place() {
        let e = read_game(None, Some("1 2; x 4"), None).unwrap_err();
        assert_eq!(e.to_string(), "--a: line 2, column 1: 'x' is not a number");
        assert_eq!(e.location(), Some(Location::at(2, 1)));
        let e = read_game(None, Some("1 2"), Some("1 2; 3 y")).unwrap_err();
        assert!(e.to_string().starts_with("--b: line 2, column 2"), "{e}");
        let dir = tempfile::tempdir().expect("a temporary folder");
        let bad = temporary(
            &dir,
            "bad.nfg",
            "NFG 1 R \"x\" { \"a\" \"b\" } { 2 2 }\n1 2 3 q\n",
        );
        let e = read_game(Some(&bad), None, None).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Parse);
        assert_eq!(e.location(), Some(Location::at(2, 7)));
        assert!(e
            .to_string()
            .starts_with(&format!("{}: line 2, column 7", bad.display())));
        let csv = temporary(&dir, "bad.csv", "1,2\n3,\n");
        let e = read_game(None, Some(csv.to_str().expect("utf-8 path")), None).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("{}: line 2, column 2: empty entry", csv.display())
        );
        let missing = bad.with_file_name("missing.nfg");
        let e = read_game(Some(&missing), None, None).unwrap_err();
        assert!(matches!(e, StrategicError::Io(_)), "{e:?}");
        assert_eq!(e.kind(), ErrorKind::Io);
        let e = read_game(None, None, None).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidInput);
    }

    #[test]
    fn a_tree_is_read_as_its_reduced_normal_form_or_kept() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let tree = temporary(
            &dir,
            "t.efg",
            "EFG 2 R \"\" { \"A\" \"B\" } \"\"\np \"\" 1 1 \"\" { \"l\" \"r\" } 0\n\
             t \"\" 1 \"\" { 1 2 }\np \"\" 2 1 \"\" { \"x\" \"y\" } 0\nt \"\" 0\nt \"\" 2 \"\" { 3 4 }\n",
        );
        let g = read_game(Some(&tree), None, None).unwrap();
        assert_eq!(g.strategies, vec![vec!["1", "2"], vec!["1", "2"]]);
        assert!(matches!(
            read_any_game(Some(&tree), None, None).unwrap(),
            AnyGame::Extensive(_)
        ));
        let bad = temporary(
            &dir,
            "bad.efg",
            "EFG 2 R \"\" { \"A\" }\np \"\" 2 1 \"\" { \"l\" } 0\n",
        );
        let e = read_game(Some(&bad), None, None).unwrap_err();
        assert_eq!(e.location(), Some(Location::at(2, 6)));
        assert!(e.to_string().contains("player 2 does not exist"), "{e}");
    }

    #[test]
    fn a_symmetric_game_needs_a_square_matrix() {
        let e = read_symmetric_game(None, Some("1 2 3; 4 5 6"), None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "--a: a symmetric game's payoff matrix must be square; this one is 2×3"
        );
        assert_eq!(e.kind(), ErrorKind::InvalidInput);
        // With both matrices the game is read as given (symmetry is checked by the method).
        assert!(read_symmetric_game(None, Some("1 2; 3 4"), Some("1 2; 3 4")).is_ok());
    }
}
