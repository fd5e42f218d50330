//! The tokens of Gambit's text formats (`.nfg`, `.efg`): words, quoted strings, braces and
//! commas, each with its line and column, and a cursor over them whose errors say where.
//!
//! Both file readers stand on this, so they locate errors the same way: at the token that
//! is wrong, or one column past the end of the text when the file stops too soon.

use num_rational::BigRational;

use crate::nfg::parse_number;
use crate::StrategicError;

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Token {
    Word(String),
    Text(String),
    Open,
    Close,
    Comma,
}

#[derive(Clone, Debug)]
pub(crate) struct Located {
    pub(crate) token: Token,
    pub(crate) line: usize,
    pub(crate) column: usize,
}

pub(crate) fn tokenize(text: &str) -> Result<Vec<Located>, StrategicError> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    let (mut line, mut column) = (1usize, 1usize);
    while let Some(&c) = chars.peek() {
        let (start_line, start_column) = (line, column);
        let advance = |c: char, line: &mut usize, column: &mut usize| {
            if c == '\n' {
                *line += 1;
                *column = 1;
            } else {
                *column += 1;
            }
        };
        if c.is_whitespace() {
            chars.next();
            advance(c, &mut line, &mut column);
            continue;
        }
        let token = match c {
            '{' | '}' | ',' => {
                chars.next();
                advance(c, &mut line, &mut column);
                match c {
                    '{' => Token::Open,
                    '}' => Token::Close,
                    _ => Token::Comma,
                }
            }
            '"' => {
                chars.next();
                advance(c, &mut line, &mut column);
                let mut s = String::new();
                loop {
                    match chars.next() {
                        None => {
                            return Err(StrategicError::Parse {
                                line: start_line,
                                column: start_column,
                                message: "a quoted string is not closed".into(),
                            })
                        }
                        Some('\\') => {
                            advance('\\', &mut line, &mut column);
                            if let Some(e) = chars.next() {
                                advance(e, &mut line, &mut column);
                                s.push(e);
                            }
                        }
                        Some('"') => {
                            advance('"', &mut line, &mut column);
                            break;
                        }
                        Some(ch) => {
                            advance(ch, &mut line, &mut column);
                            s.push(ch);
                        }
                    }
                }
                Token::Text(s)
            }
            _ => {
                let mut w = String::new();
                while let Some(&ch) = chars.peek() {
                    if ch.is_whitespace() || matches!(ch, '{' | '}' | ',' | '"') {
                        break;
                    }
                    chars.next();
                    advance(ch, &mut line, &mut column);
                    w.push(ch);
                }
                Token::Word(w)
            }
        };
        out.push(Located {
            token,
            line: start_line,
            column: start_column,
        });
    }
    Ok(out)
}

/// A cursor over the tokens of one text.
pub(crate) struct Parser {
    pub(crate) tokens: Vec<Located>,
    pub(crate) at: usize,
    pub(crate) end: (usize, usize),
}

impl Parser {
    /// A cursor at the first token of `text` (without a byte-order mark).
    pub(crate) fn new(text: &str) -> Result<Parser, StrategicError> {
        Ok(Parser {
            tokens: tokenize(text)?,
            at: 0,
            end: end_of(text),
        })
    }

    pub(crate) fn error(&self, message: impl Into<String>) -> StrategicError {
        self.error_at(self.at, message)
    }

    pub(crate) fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at).map(|t| &t.token)
    }

    pub(crate) fn next(&mut self) -> Option<Token> {
        let t = self.tokens.get(self.at).map(|t| t.token.clone());
        self.at += 1;
        t
    }

    pub(crate) fn expect(&mut self, want: &Token, what: &str) -> Result<(), StrategicError> {
        if self.peek() == Some(want) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error(format!("expected {what}")))
        }
    }

    pub(crate) fn text(&mut self, what: &str) -> Result<String, StrategicError> {
        match self.peek() {
            Some(Token::Text(s)) => {
                let s = s.clone();
                self.at += 1;
                Ok(s)
            }
            _ => Err(self.error(format!("expected {what} (a quoted string)"))),
        }
    }

    pub(crate) fn number(&mut self, what: &str) -> Result<BigRational, StrategicError> {
        match self.peek() {
            Some(Token::Word(w)) => match parse_number(w) {
                Some(x) => {
                    self.at += 1;
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
        if self.next() != Some(Token::Word(format.into())) {
            self.at = 0;
            return Err(self.error(format!(
                "a .{extension} file starts with '{format} {version} R'"
            )));
        }
        if self.next() != Some(Token::Word(version.into())) {
            self.at -= 1;
            return Err(self.error(format!("expected the format version {version}")));
        }
        match self.next() {
            Some(Token::Word(w)) if w == "R" || w == "D" => {}
            _ => {
                self.at -= 1;
                return Err(self.error(format!("expected 'R' after '{format} {version}'")));
            }
        }
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
                    self.at += 1;
                    Ok(k)
                }
                _ => Err(self.error(format!("'{w}' is not a whole number ({what})"))),
            },
            _ => Err(self.error(format!("expected {what}"))),
        }
    }

    /// The line and column of token `at` (one past the end of the text after the last).
    pub(crate) fn position(&self, at: usize) -> (usize, usize) {
        self.tokens.get(at).map_or(self.end, |t| (t.line, t.column))
    }

    /// An error located at token `at` (an earlier one, when the mistake shows only later).
    pub(crate) fn error_at(&self, at: usize, message: impl Into<String>) -> StrategicError {
        let (line, column) = self.position(at);
        StrategicError::Parse {
            line,
            column,
            message: message.into(),
        }
    }

    pub(crate) fn count(&mut self, what: &str) -> Result<usize, StrategicError> {
        match self.peek() {
            Some(Token::Word(w)) => match w.parse::<usize>() {
                Ok(k) if k > 0 => {
                    self.at += 1;
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
