//! The worksheet file: the cells of a session, saved by the browser worksheet or the REPL
//! and opened by either. JSON, so that people and scripts can read it:
//!
//! ```json
//! {"format": "conway-worksheet", "version": 1,
//!  "cells": [{"input": "G := ^"}, {"input": "G + G + *", "text": "^^*\n  outcome: …"}]}
//! ```
//!
//! A cell's `input` is what was typed; `text`, when present, is the answer it last gave,
//! kept for a person reading the file. Opening a worksheet runs the inputs again in order,
//! so variables are defined again and every answer is the current one. Saving writes a
//! temporary file beside the target and renames it, so a crash never leaves half a file.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::CliError;

/// The `format` field of every worksheet.
pub const FORMAT: &str = "conway-worksheet";

/// The version this build writes and reads.
pub const VERSION: u32 = 1;

/// The most cells a worksheet may hold.
pub const MAX_CELLS: usize = 10_000;

/// The largest worksheet file read, in bytes.
pub const MAX_BYTES: u64 = 64 << 20;

/// A saved session.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Worksheet {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`VERSION`].
    pub version: u32,
    /// The cells, in the order they run.
    pub cells: Vec<Cell>,
}

/// One cell of a worksheet.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    /// What was typed.
    pub input: String,
    /// The answer it last gave, for a person reading the file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

impl Worksheet {
    /// A worksheet of these cells.
    pub fn new(cells: Vec<Cell>) -> Self {
        Worksheet {
            format: FORMAT.to_string(),
            version: VERSION,
            cells,
        }
    }

    /// Reads a worksheet from its JSON text; errors name the line and column.
    pub fn parse(text: &str) -> Result<Worksheet, CliError> {
        let sheet: Worksheet = serde_json::from_str(text).map_err(|e| {
            CliError::parse_at(
                e.line(),
                e.column(),
                format!("not a worksheet: {}", strip_position(&e.to_string())),
            )
        })?;
        if sheet.format != FORMAT {
            return Err(CliError::bad_input(format!(
                "not a worksheet: its format is '{}', not '{FORMAT}'",
                sheet.format
            )));
        }
        if sheet.version != VERSION {
            return Err(CliError::bad_input(format!(
                "a worksheet of version {} (this Conway reads version {VERSION})",
                sheet.version
            )));
        }
        if sheet.cells.len() > MAX_CELLS {
            return Err(CliError::too_large(format!(
                "a worksheet of {} cells (at most {MAX_CELLS})",
                sheet.cells.len()
            )));
        }
        Ok(sheet)
    }

    /// The worksheet as JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }

    /// Reads the worksheet at `path`, its name in errors.
    pub fn load(path: &Path) -> Result<Worksheet, CliError> {
        let size = std::fs::metadata(path)
            .map_err(|e| CliError::io(format!("cannot read {}: {e}", path.display())))?
            .len();
        if size > MAX_BYTES {
            return Err(CliError::too_large(format!(
                "{}: a worksheet of {size} bytes (at most {MAX_BYTES})",
                path.display()
            )));
        }
        let bytes = std::fs::read(path)
            .map_err(|e| CliError::io(format!("cannot read {}: {e}", path.display())))?;
        if let Some(other) = conway_core::formats::by_magic(&bytes) {
            return Err(CliError::bad_input(format!(
                "{}: this is a {}, not a worksheet",
                path.display(),
                other.kind
            )));
        }
        let text = String::from_utf8(bytes).map_err(|_| {
            CliError::bad_input(format!(
                "{}: not a worksheet: it is not UTF-8 text",
                path.display()
            ))
        })?;
        Worksheet::parse(&text).map_err(|e| e.in_input(&path.display().to_string()))
    }

    /// Writes the worksheet to `path`: a temporary file beside it, then a rename.
    pub fn save(&self, path: &Path) -> Result<(), CliError> {
        let name = path
            .file_name()
            .ok_or_else(|| CliError::bad_input(format!("{} is not a file name", path.display())))?;
        let mut temporary = name.to_os_string();
        temporary.push(".saving");
        let temporary = path.with_file_name(temporary);
        let cannot =
            |e: std::io::Error| CliError::io(format!("cannot save {}: {e}", path.display()));
        std::fs::write(&temporary, self.to_json()).map_err(cannot)?;
        std::fs::rename(&temporary, path).map_err(|e| {
            let _ = std::fs::remove_file(&temporary);
            cannot(e)
        })
    }
}

/// serde_json's message without its " at line L column C" (the error carries the place).
fn strip_position(message: &str) -> &str {
    message
        .rfind(" at line ")
        .map_or(message, |i| &message[..i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_errors() {
        let sheet = Worksheet::new(vec![
            Cell {
                input: "G := ^".into(),
                text: None,
            },
            Cell {
                input: "G + G + *".into(),
                text: Some("^^*\n".into()),
            },
        ]);
        assert_eq!(Worksheet::parse(&sheet.to_json()).unwrap(), sheet);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("w.json");
        sheet.save(&path).unwrap();
        assert_eq!(Worksheet::load(&path).unwrap(), sheet);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);

        let error = Worksheet::parse(
            "{\"format\": \"conway-worksheet\",\n \"version\": 1, \"cells\": [3]}",
        )
        .unwrap_err();
        assert!(error.to_string().contains("line 2"), "{error}");
        let other = Worksheet::parse(r#"{"format":"x","version":1,"cells":[]}"#).unwrap_err();
        assert!(other.to_string().contains("format is 'x'"), "{other}");
        // A file of one of the durable formats is named for what it is.
        let dir = tempfile::tempdir().expect("scratch");
        let path = dir.path().join("values.ckpt");
        conway_core::durable::save(
            &path,
            &conway_core::formats::HEAP_CHECKPOINT,
            "0.77",
            |_| Ok(()),
        )
        .expect("saved");
        let checkpoint = Worksheet::load(&path).unwrap_err().to_string();
        assert!(
            checkpoint.ends_with("this is a heap-game checkpoint, not a worksheet"),
            "{checkpoint}"
        );
        let newer = Worksheet::parse(r#"{"format":"conway-worksheet","version":2,"cells":[]}"#);
        assert!(newer.unwrap_err().to_string().contains("version 2"));
        let missing = Worksheet::load(&dir.path().join("none.json")).unwrap_err();
        assert!(missing.to_string().contains("none.json"), "{missing}");
    }
}
