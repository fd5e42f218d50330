//! CGSuite's notation for misère canonical forms, printed character for character.
//!
//! A form is written `*[…]`: a nim heap as its size (`*[2]`), a game by its options from
//! last to first in CGSuite's order (`*[2#0]`: options `*[2#]` and `*[0]`), an option with
//! options of its own in parentheses. A game with one option G is `G#` ("G sharp"). Sums
//! are subscripts, which plain text writes in brackets and reads left to right:
//! `2[2]` is `*[2] + *[2]`, `2[#-2]` the game that gives `*[2#]` when `*[2]` is added,
//! `(2#1)[1]` is `*[2#1] + *[1]`. A game is written as X + *n or X − *n (n = 2, 3, …, the
//! parity of the game's) whenever such an X is born earlier; sizes of ten or more are
//! written `&10;`, as CGSuite's plain text has it.

use crate::MisereError;
use crate::{MisereId, MisereStore};

impl MisereStore {
    /// G in CGSuite's notation: `*[2#0]`.
    pub fn text(&mut self, g: MisereId) -> Result<String, MisereError> {
        Ok(self
            .text_within(g, usize::MAX)?
            .expect("no text is longer than usize::MAX"))
    }

    /// G in CGSuite's notation, or `None` once the text passes `max_bytes` bytes (the
    /// writing stops there, so a huge form costs little).
    pub fn text_within(
        &mut self,
        g: MisereId,
        max_bytes: usize,
    ) -> Result<Option<String>, MisereError> {
        let mut out = String::from("*[");
        let mut subscript = false;
        let limit = max_bytes.saturating_sub(3);
        self.write(g, &mut out, false, &mut subscript, limit)?;
        if out.len() > limit {
            return Ok(None);
        }
        if subscript {
            out.push(']');
        }
        out.push(']');
        Ok(Some(out))
    }

    /// Writes G. `subscript` is set on entry when the caller will follow G with a subscript
    /// (so a bracket must open after G's base), and on exit when one was opened, for the
    /// caller to close.
    fn write(
        &mut self,
        g: MisereId,
        out: &mut String,
        parenthesize: bool,
        subscript: &mut bool,
        limit: usize,
    ) -> Result<(), MisereError> {
        if out.len() > limit {
            return Ok(());
        }
        let birthday = self.birthday(g);
        if self.is_nim_heap(g)? {
            out.push_str(&digit(birthday));
            if *subscript {
                out.push('[');
            }
            return Ok(());
        }
        let first = if g.is_odd() { 3 } else { 2 };
        for n in (first..birthday).step_by(2) {
            let heap = self.nim_heap(n)?;
            if let Some(rest) = self.subtract(g, heap)? {
                if self.birthday(rest) < birthday {
                    *subscript = true;
                    self.write(rest, out, true, subscript, limit)?;
                    out.push_str(&digit(n));
                    return Ok(());
                }
            }
            let sum = self.add(g, heap)?;
            if self.birthday(sum) < birthday {
                *subscript = true;
                self.write(sum, out, true, subscript, limit)?;
                out.push('-');
                out.push_str(&digit(n));
                return Ok(());
            }
        }
        if g.is_odd() {
            *subscript = true;
            self.write(g.even_part(), out, true, subscript, limit)?;
            out.push('1');
            return Ok(());
        }
        let options = self.options(g).to_vec();
        if let [only] = options[..] {
            self.write(only, out, true, subscript, limit)?;
            out.push('#');
            return Ok(());
        }
        let outer = *subscript;
        if parenthesize {
            out.push('(');
        }
        for &o in options.iter().rev() {
            *subscript = false;
            self.write(o, out, true, subscript, limit)?;
            if *subscript {
                out.push(']');
            }
        }
        if parenthesize {
            out.push(')');
        }
        *subscript = outer;
        if outer {
            out.push('[');
        }
        Ok(())
    }
}

/// A heap size as CGSuite's plain text writes it.
fn digit(n: u32) -> String {
    if n < 10 {
        n.to_string()
    } else {
        format!("&{n};")
    }
}

/// Why a form in CGSuite's printed notation could not be read: the character offset (from
/// 0, in characters) and what is wrong there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    /// The offset of the offending character, or the length when the text ends too early.
    pub offset: usize,
    /// What is wrong, in one line.
    pub message: String,
}

/// The most characters of a printed form [`MisereStore::read`] accepts.
pub const MAX_PRINTED_CHARS: usize = 100_000;

/// The deepest nesting of parentheses [`MisereStore::read`] accepts.
pub const MAX_PRINTED_DEPTH: usize = 200;

impl MisereStore {
    /// Reads a form as CGSuite prints it, the text between `*[` and `]`: `2#0`, `2[2]`,
    /// `(2#1)[1]`, `2[#-2]`, `&10;`. Terms side by side are the options of one game; a term
    /// is a heap size or a parenthesized list of options, then `#`s, or a bracket of
    /// subscripts applied left to right (`#` to make it the one option of a game, `n` to add
    /// `*[n]`, `-n` to take `*[n]` away).
    pub fn read(&mut self, text: &str) -> Result<MisereId, ReadError> {
        let chars: Vec<char> = text.chars().collect();
        if chars.len() > MAX_PRINTED_CHARS {
            return Err(ReadError {
                offset: MAX_PRINTED_CHARS,
                message: format!(
                    "a printed misère form longer than {MAX_PRINTED_CHARS} characters"
                ),
            });
        }
        let mut reader = Reader {
            chars: &chars,
            pos: 0,
            store: self,
        };
        let terms = reader.terms(0)?;
        if reader.pos < chars.len() {
            return Err(reader.error("unexpected character"));
        }
        match terms[..] {
            [one] => Ok(one),
            _ => reader.game(terms),
        }
    }
}

struct Reader<'a> {
    chars: &'a [char],
    pos: usize,
    store: &'a mut MisereStore,
}

impl Reader<'_> {
    fn error(&self, message: &str) -> ReadError {
        let found = match self.chars.get(self.pos) {
            Some(c) => format!("{message} '{c}'"),
            None => format!("{message}: the form ends too early"),
        };
        ReadError {
            offset: self.pos,
            message: found,
        }
    }

    fn failed(&self, error: crate::MisereError) -> ReadError {
        ReadError {
            offset: self.pos,
            message: error.to_string(),
        }
    }

    fn game(&mut self, options: Vec<MisereId>) -> Result<MisereId, ReadError> {
        self.store.from_options(options).map_err(|e| self.failed(e))
    }

    fn heap(&mut self, n: u32) -> Result<MisereId, ReadError> {
        self.store.nim_heap(n).map_err(|e| self.failed(e))
    }

    /// Terms up to the end or a closing parenthesis; at least one.
    fn terms(&mut self, depth: usize) -> Result<Vec<MisereId>, ReadError> {
        let mut terms = Vec::new();
        while let Some(&c) = self.chars.get(self.pos) {
            if c == ')' {
                break;
            }
            terms.push(self.term(depth)?);
        }
        if terms.is_empty() {
            return Err(self.error("expected a heap size or '('"));
        }
        Ok(terms)
    }

    fn term(&mut self, depth: usize) -> Result<MisereId, ReadError> {
        let mut g = if self.chars.get(self.pos) == Some(&'(') {
            if depth >= MAX_PRINTED_DEPTH {
                return Err(self.error("parentheses nested too deep at"));
            }
            self.pos += 1;
            let options = self.terms(depth + 1)?;
            if self.chars.get(self.pos) != Some(&')') {
                return Err(self.error("expected ')'"));
            }
            self.pos += 1;
            self.game(options)?
        } else {
            let n = self.size()?;
            self.heap(n)?
        };
        match self.chars.get(self.pos) {
            Some('#') => {
                while self.chars.get(self.pos) == Some(&'#') {
                    self.pos += 1;
                    g = self.game(vec![g])?;
                }
            }
            Some('[') => {
                self.pos += 1;
                loop {
                    match self.chars.get(self.pos) {
                        Some(']') if !matches!(self.chars.get(self.pos - 1), Some('[')) => {
                            self.pos += 1;
                            break;
                        }
                        Some('#') => {
                            self.pos += 1;
                            g = self.game(vec![g])?;
                        }
                        Some('-') => {
                            self.pos += 1;
                            let start = self.pos;
                            let n = self.size()?;
                            let heap = self.heap(n)?;
                            g = match self.store.subtract(g, heap).map_err(|e| self.failed(e))? {
                                Some(rest) => rest,
                                None => {
                                    return Err(ReadError {
                                        offset: start,
                                        message: format!(
                                            "*[{n}] is not a part of the game before it"
                                        ),
                                    })
                                }
                            };
                        }
                        _ => {
                            let n = self.size()?;
                            let heap = self.heap(n)?;
                            g = self.store.add(g, heap).map_err(|e| self.failed(e))?;
                        }
                    }
                }
            }
            _ => {}
        }
        Ok(g)
    }

    /// A heap size: one digit, or `&n;` for ten and more.
    fn size(&mut self) -> Result<u32, ReadError> {
        match self.chars.get(self.pos) {
            Some(&c) if c.is_ascii_digit() => {
                self.pos += 1;
                Ok(c as u32 - '0' as u32)
            }
            Some('&') => {
                let start = self.pos;
                self.pos += 1;
                let mut n: u32 = 0;
                while let Some(d) = self.chars.get(self.pos).and_then(|c| c.to_digit(10)) {
                    n = n.saturating_mul(10).saturating_add(d);
                    self.pos += 1;
                }
                if self.pos == start + 1 || self.chars.get(self.pos) != Some(&';') {
                    return Err(self.error("expected a size written &n; at"));
                }
                self.pos += 1;
                Ok(n)
            }
            _ => Err(self.error("expected a heap size at")),
        }
    }
}
