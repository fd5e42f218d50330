//! Writing answers to standard output. A closed pipe (`conway … | head -1`) ends the program
//! quietly with status 0 instead of a panic: the reader has all it wanted.

use std::io::{ErrorKind, Write};

/// Writes `text` to standard output as is.
pub fn emit(text: &str) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        if e.kind() == ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("conway: cannot write the answer: {e}");
        std::process::exit(1);
    }
}

/// Writes `text` and a newline.
pub fn emit_line(text: &str) {
    emit(&format!("{text}\n"));
}
