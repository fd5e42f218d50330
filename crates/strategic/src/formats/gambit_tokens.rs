//! The tokens of Gambit's text formats (`.nfg`, `.efg`): words, quoted strings, braces and
//! commas, and a cursor over them whose errors say where (line and column).
//!
//! Both file readers stand on this, so they locate errors the same way: at the token that
//! is wrong, or one column past the end of the text when the file stops too soon.
//!
//! The cursor reads one token ahead and borrows each token's text from the file, so a file
//! of a million nodes is read without a string or a stored token per word. Positions are
//! kept as byte offsets and turned into lines and columns only for an error.

use std::borrow::Cow;

use num_rational::BigRational;

use crate::game::parse_number;
use crate::StrategicError;

/// A token, borrowing its text from the file (a quoted string is copied only when it has
/// escapes).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Token<'a> {
    Word(&'a str),
    Text(Cow<'a, str>),
    Open,
    Close,
    Comma,
}

/// The width of the space at byte `at` of `text` (a char boundary), if the char there
/// separates tokens as `char::is_whitespace` says; ASCII, the common case, is tested first.
fn is_space(text: &str, at: usize) -> Option<usize> {
    let b = text.as_bytes()[at];
    if b < 0x80 {
        return (b == b' ' || (b'\t'..=b'\r').contains(&b)).then_some(1);
    }
    let c = text[at..].chars().next()?;
    c.is_whitespace().then_some(c.len_utf8())
}

/// The token starting at byte `start` of `text` (not a space) and the byte after it, or
/// the message of a quoted string that is not closed.
fn token_at(text: &str, start: usize) -> Result<(Token<'_>, usize), &'static str> {
    let bytes = text.as_bytes();
    let single = match bytes[start] {
        b'{' => Some(Token::Open),
        b'}' => Some(Token::Close),
        b',' => Some(Token::Comma),
        _ => None,
    };
    if let Some(token) = single {
        return Ok((token, start + 1));
    }
    if bytes[start] == b'"' {
        let body = start + 1;
        let mut owned: Option<String> = None;
        let mut i = body;
        loop {
            match bytes.get(i) {
                None => return Err("a quoted string is not closed"),
                Some(b'"') => break,
                Some(b'\\') => {
                    let s = owned.get_or_insert_with(|| text[body..i].to_string());
                    // The escaped character, whatever its width.
                    match text[i + 1..].chars().next() {
                        Some(e) => {
                            s.push(e);
                            i += 1 + e.len_utf8();
                        }
                        None => i += 1,
                    }
                }
                Some(_) => {
                    let c = text[i..].chars().next().expect("a char boundary");
                    if let Some(s) = owned.as_mut() {
                        s.push(c);
                    }
                    i += c.len_utf8();
                }
            }
        }
        let quoted = owned.map_or(Cow::Borrowed(&text[body..i]), Cow::Owned);
        return Ok((Token::Text(quoted), i + 1));
    }
    let mut i = start;
    while i < bytes.len() && !matches!(bytes[i], b'{' | b'}' | b',' | b'"') {
        if is_space(text, i).is_some() {
            break;
        }
        i += text[i..].chars().next().map_or(1, char::len_utf8);
    }
    Ok((Token::Word(&text[start..i]), i))
}

/// The line and column (both from 1, columns in characters) of byte `at` of `text`; the
/// end of the text is placed one column past its last line.
fn line_and_column(text: &str, at: usize) -> (usize, usize) {
    if at >= text.len() {
        return end_of(text);
    }
    let before = &text[..at];
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1)
}

/// A cursor over the tokens of one text.
pub(crate) struct Parser<'a> {
    text: &'a str,
    /// The current token, `None` at the end of the text (or at a string not closed).
    current: Option<Token<'a>>,
    /// Where the current token starts (the text's length at the end).
    start: usize,
    /// The byte after the current token.
    after: usize,
    /// The start of a quoted string that is not closed, once the cursor has reached it:
    /// every error is then that one, the first thing wrong in the text.
    unclosed: Option<usize>,
}

impl<'a> Parser<'a> {
    /// A cursor at the first token of `text` (without a byte-order mark).
    pub(crate) fn new(text: &'a str) -> Parser<'a> {
        let mut p = Parser {
            text,
            current: None,
            start: 0,
            after: 0,
            unclosed: None,
        };
        p.advance();
        p
    }

    /// Moves to the next token.
    pub(crate) fn advance(&mut self) {
        let mut at = self.after;
        while at < self.text.len() {
            match is_space(self.text, at) {
                Some(width) => at += width,
                None => break,
            }
        }
        self.start = at;
        self.current = None;
        if at == self.text.len() || self.unclosed.is_some() {
            self.after = at;
            return;
        }
        match token_at(self.text, at) {
            Ok((token, after)) => {
                self.current = Some(token);
                self.after = after;
            }
            Err(_) => {
                self.unclosed = Some(at);
                self.after = self.text.len();
            }
        }
    }

    /// Where the cursor is, for an error located here once later tokens show the mistake.
    pub(crate) fn mark(&self) -> usize {
        self.start
    }

    /// Fails unless the whole text has been read.
    pub(crate) fn finish(&self, message: &str) -> Result<(), StrategicError> {
        match (&self.current, self.unclosed) {
            (None, None) => Ok(()),
            _ => Err(self.error(message)),
        }
    }

    pub(crate) fn error(&self, message: impl Into<String>) -> StrategicError {
        self.error_at(self.start, message)
    }

    pub(crate) fn peek(&self) -> Option<&Token<'a>> {
        self.current.as_ref()
    }

    pub(crate) fn expect(&mut self, want: &Token<'_>, what: &str) -> Result<(), StrategicError> {
        if self.peek() == Some(want) {
            self.advance();
            Ok(())
        } else {
            Err(self.error(format!("expected {what}")))
        }
    }

    pub(crate) fn text(&mut self, what: &str) -> Result<String, StrategicError> {
        self.borrowed_text(what).map(Cow::into_owned)
    }

    /// A quoted string, borrowed from the text where it has no escapes.
    pub(crate) fn borrowed_text(&mut self, what: &str) -> Result<Cow<'a, str>, StrategicError> {
        match self.current.take() {
            Some(Token::Text(s)) => {
                self.advance();
                Ok(s)
            }
            other => {
                self.current = other;
                Err(self.error(format!("expected {what} (a quoted string)")))
            }
        }
    }

    pub(crate) fn number(&mut self, what: &str) -> Result<BigRational, StrategicError> {
        match self.peek() {
            Some(Token::Word(w)) => match parse_number(w) {
                Some(x) => {
                    self.advance();
                    Ok(x)
                }
                None => Err(self.error(format!("'{w}' is not a number ({what})"))),
            },
            _ => Err(self.error(format!("expected {what}"))),
        }
    }

    /// The prologue both formats share: `FORMAT VERSION R` (or the obsolete `D`), the title
    /// and the players' names in braces.
    pub(crate) fn prologue(
        &mut self,
        format: &str,
        version: &str,
    ) -> Result<(String, Vec<String>), StrategicError> {
        let extension = format.to_lowercase();
        if self.peek() != Some(&Token::Word(format)) {
            return Err(self.error(format!(
                "a .{extension} file starts with '{format} {version} R'"
            )));
        }
        self.advance();
        if self.peek() != Some(&Token::Word(version)) {
            return Err(self.error(format!("expected the format version {version}")));
        }
        self.advance();
        if !matches!(self.peek(), Some(Token::Word("R" | "D"))) {
            return Err(self.error(format!("expected 'R' after '{format} {version}'")));
        }
        self.advance();
        let title = self.text("the game's title")?;
        self.expect(&Token::Open, "'{' and the list of players")?;
        let mut players = Vec::new();
        while let Some(Token::Text(_)) = self.peek() {
            players.push(self.text("a player name")?);
        }
        self.expect(&Token::Close, "'}' after the player names")?;
        if players.is_empty() {
            return Err(self.error("the game has no players"));
        }
        Ok((title, players))
    }

    /// A whole number, zero included (outcome 0 is the null outcome).
    pub(crate) fn natural(&mut self, what: &str) -> Result<usize, StrategicError> {
        match self.peek() {
            Some(Token::Word(w)) => match w.parse::<usize>() {
                Ok(k) => {
                    self.advance();
                    Ok(k)
                }
                _ => Err(self.error(format!("'{w}' is not a whole number ({what})"))),
            },
            _ => Err(self.error(format!("expected {what}"))),
        }
    }

    /// The line and column of a mark.
    pub(crate) fn position(&self, mark: usize) -> (usize, usize) {
        line_and_column(self.text, mark)
    }

    /// An error located at a mark (an earlier token, when the mistake shows only later).
    /// Once the cursor has met a quoted string that is not closed, that is the error.
    pub(crate) fn error_at(&self, mark: usize, message: impl Into<String>) -> StrategicError {
        let (mark, message) = match self.unclosed {
            Some(at) => (at, "a quoted string is not closed".to_string()),
            None => (mark, message.into()),
        };
        let (line, column) = self.position(mark);
        StrategicError::Parse {
            line,
            column,
            message,
        }
    }

    pub(crate) fn count(&mut self, what: &str) -> Result<usize, StrategicError> {
        match self.peek() {
            Some(Token::Word(w)) => match w.parse::<usize>() {
                Ok(k) if k > 0 => {
                    self.advance();
                    Ok(k)
                }
                _ => Err(self.error(format!("'{w}' is not a positive whole number ({what})"))),
            },
            _ => Err(self.error(format!("expected {what}"))),
        }
    }
}

/// Gambit's label normalisation: empty labels become `_1`, `_2`…; repeated labels are
/// numbered `l_1`, `l_2`.
pub(crate) fn normalise(labels: Vec<String>) -> Vec<String> {
    let mut out = labels.clone();
    let mut empty = 0;
    for (i, l) in labels.iter().enumerate() {
        if l.is_empty() {
            empty += 1;
            out[i] = format!("_{empty}");
        } else if labels.iter().filter(|m| *m == l).count() > 1 {
            let k = labels[..=i].iter().filter(|m| *m == l).count();
            out[i] = format!("{l}_{k}");
        }
    }
    out
}

/// Where `text` ends, as errors locate it: the last line, one column past its end.
pub(crate) fn end_of(text: &str) -> (usize, usize) {
    text.lines()
        .enumerate()
        .last()
        .map_or((1, 1), |(i, l)| (i + 1, l.chars().count() + 1))
}

/// `s` as a quoted string of Gambit's formats.
pub(crate) fn quoted(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}
