//! Reading CGSuite notation into an [`Expr`].
//!
//! Two stages: a lexer that turns characters into tokens (each with its column), and a parser
//! over the tokens. The lexer runs first over the whole input but stops at its first error,
//! which the parser reports only when it gets there, so the leftmost problem is the one
//! reported.
//!
//! The parser is operator-precedence parsing with its own stack of open constructs (braces,
//! parentheses, calls) kept on the heap: it does not recurse, so no input can overflow the
//! thread's stack, whatever the build. Nesting is still limited to [`MAX_DEPTH`]: open
//! constructs and waiting prefix signs are counted as they open, and every node's height in
//! the finished tree is checked. The tree handed out is therefore at most `MAX_DEPTH` deep, so
//! the evaluator, `Display` and `Drop` can recurse over it.

use num_bigint::{BigInt, BigUint};
use num_traits::{Signed, Zero};
use thiserror::Error;

use super::ast::{CompareOp, Expr, ExprKind, Number, UpStar, Ups};
use conway_partizan::PartizanError;

/// The deepest nesting accepted: braces, parentheses, calls and prefix signs inside each other,
/// and operators in a chain (`1+1+…+1` with n terms is n levels deep), all count.
pub const MAX_DEPTH: usize = 1000;

/// The most digits in one run of digits: an integer, a numerator or denominator, either side of
/// a decimal point, or the count of `^3` or `*3`.
pub const MAX_NUMBER_DIGITS: usize = 10_000;

/// Why an expression could not be read, and where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("column {column}: {message}")]
pub struct ParseError {
    /// The 1-based column (in characters) of the offending token; one past the last character
    /// when the input ends too early.
    pub column: usize,
    /// What is wrong, in one line.
    pub message: String,
}

impl ParseError {
    fn new(column: usize, message: impl Into<String>) -> ParseError {
        ParseError {
            column,
            message: message.into(),
        }
    }
}

impl From<ParseError> for PartizanError {
    fn from(error: ParseError) -> PartizanError {
        PartizanError::Parse {
            column: error.column,
            message: error.message,
        }
    }
}

/// Parses an expression in CGSuite's notation (see the [module documentation](super) for the
/// grammar). Syntax only: names, functions and the meaning of numbers are not checked.
pub fn parse_expression(text: &str) -> Result<Expr, ParseError> {
    parse_expression_noted(text).map(|(expr, _)| expr)
}

/// [`parse_expression`], with notes on the parts CGSuite's interpreter would read otherwise
/// (`3*5` is the game 3+*5 here, as CGSuite prints it, and 15 in CGSuite's interpreter).
pub fn parse_expression_noted(text: &str) -> Result<(Expr, Vec<ReadingNote>), ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let (tokens, lex_error, notes) = Lexer::new(&chars).tokenize();
    let expr = Parser::new(&chars, tokens, lex_error).run()?;
    Ok((expr, notes))
}

// ---------------------------------------------------------------------------------------------
// Lexer

#[derive(Debug, Clone, PartialEq, Eq)]
enum TokenKind {
    /// A number, an up/star literal, or both run together (`1/2v*3`).
    Literal(Literal),
    Name(String),
    Text(String),
    LeftBrace,
    RightBrace,
    LeftParen,
    RightParen,
    Comma,
    /// A run of `|`, with its length.
    Bars(usize),
    Plus,
    Minus,
    PlusMinus,
    Colon,
    /// `*` after an operand: a product (`3 * 5`, `10*(1+^)`).
    Times,
    /// `^` after an operand: a power (`3 ^ 5`, `(1/2)^4`).
    Caret,
    /// `*` before `[`: a misère canonical form, `*[2,[2]]`.
    MisereStar,
    /// A whole misère form in CGSuite's printed notation, `*[2#0]`: the text in the brackets.
    MisereForm(String),
    LeftBracket,
    RightBracket,
    Compare(CompareOp),
    /// `&`: the sides of a loopy value, `onside & offside`.
    Ampersand,
    End,
}

impl TokenKind {
    /// Whether a token ends an operand, so that a `*` or `^` after it is an operator rather
    /// than the start of a star or up literal.
    fn ends_operand(&self) -> bool {
        matches!(
            self,
            TokenKind::Literal(_)
                | TokenKind::Name(_)
                | TokenKind::RightParen
                | TokenKind::RightBrace
                | TokenKind::RightBracket
                | TokenKind::MisereForm(_)
        )
    }
}

/// A remark on how part of the input was read, for the user to see beside the answer: the
/// parse succeeded, but a CGSuite user might have meant something else. Shown as
/// `column C: message`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("column {column}: {message}")]
pub struct ReadingNote {
    /// The 1-based column of the part the note is about.
    pub column: usize,
    /// The note, in one line.
    pub message: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Literal {
    number: Option<Number>,
    ups: Ups,
    star: Option<BigUint>,
}

impl Literal {
    fn is_plain_number(&self) -> bool {
        self.ups.is_zero() && self.star.is_none()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Token {
    kind: TokenKind,
    /// 1-based column of the first character.
    column: usize,
    /// 1-based column just past the last character.
    end: usize,
}

struct Lexer<'a> {
    chars: &'a [char],
    /// 0-based index of the next character.
    pos: usize,
    /// Whether the token before the current one ends an operand.
    after_operand: bool,
    /// Literals that CGSuite's interpreter reads as arithmetic (`3*5`).
    notes: Vec<ReadingNote>,
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

impl<'a> Lexer<'a> {
    fn new(chars: &'a [char]) -> Lexer<'a> {
        Lexer {
            chars,
            pos: 0,
            after_operand: false,
            notes: Vec::new(),
        }
    }

    fn at(&self, index: usize) -> Option<char> {
        self.chars.get(index).copied()
    }

    fn peek(&self) -> Option<char> {
        self.at(self.pos)
    }

    fn column(&self) -> usize {
        self.pos + 1
    }

    /// All tokens, ending with `End`; on a lexical error, the tokens before it, `End` at the
    /// error's column, and the error; and the notes on literals read as printed.
    fn tokenize(mut self) -> (Vec<Token>, Option<ParseError>, Vec<ReadingNote>) {
        let mut tokens = Vec::new();
        loop {
            while self.peek().is_some_and(char::is_whitespace) {
                self.pos += 1;
            }
            let column = self.column();
            if self.peek().is_none() {
                tokens.push(Token {
                    kind: TokenKind::End,
                    column,
                    end: column,
                });
                return (tokens, None, self.notes);
            }
            match self.token() {
                Ok(kind) => {
                    self.after_operand = kind.ends_operand();
                    tokens.push(Token {
                        kind,
                        column,
                        end: self.column(),
                    });
                }
                Err(error) => {
                    tokens.push(Token {
                        kind: TokenKind::End,
                        column: error.column,
                        end: error.column,
                    });
                    return (tokens, Some(error), self.notes);
                }
            }
        }
    }

    /// At `*[`: the text up to the matching `]` when it is a form as CGSuite prints it
    /// (`2#0`, `2[2]`, `(2#1)21`, `&10;`), which the list syntax cannot be; the position
    /// moves past the `]` then.
    fn printed_misere_form(&mut self) -> Option<String> {
        let open = self.pos + 1;
        let mut depth = 0usize;
        let mut close = None;
        for i in open..self.chars.len() {
            match self.chars[i] {
                '[' => depth += 1,
                ']' => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(i);
                        break;
                    }
                }
                _ => {}
            }
        }
        let close = close?;
        let content = &self.chars[open + 1..close];
        let printed = content.iter().enumerate().any(|(i, &c)| {
            matches!(c, '#' | '(' | '&')
                || (c == '[' && i > 0 && matches!(content[i - 1], '0'..='9' | '#' | ')' | ';'))
        });
        if !printed {
            return None;
        }
        self.pos = close + 1;
        Some(content.iter().collect())
    }

    /// The token starting at the current (non-blank) character.
    fn token(&mut self) -> Result<TokenKind, ParseError> {
        let column = self.column();
        let Some(c) = self.peek() else {
            return Ok(TokenKind::End);
        };
        let next = self.at(self.pos + 1);
        let single = |kind: TokenKind, lexer: &mut Lexer<'_>| {
            lexer.pos += 1;
            Ok(kind)
        };
        match c {
            '*' if self.after_operand => single(TokenKind::Times, self),
            '^' if self.after_operand => single(TokenKind::Caret, self),
            '*' if next == Some('[') => match self.printed_misere_form() {
                Some(text) => Ok(TokenKind::MisereForm(text)),
                None => single(TokenKind::MisereStar, self),
            },
            '0'..='9' => {
                let number = self.number()?;
                // `2^(…)`, `10*(…)`, `5*{3|1}`, `3*a{0|a}`: an operator, since no printed
                // literal runs into '(', '{' or a letter.
                let operator_next = matches!(self.peek(), Some('*' | '^'))
                    && matches!(
                        self.at(self.pos + 1),
                        Some('(' | '{' | 'a'..='z' | 'A'..='Z')
                    );
                if operator_next {
                    return Ok(TokenKind::Literal(Literal {
                        number: Some(number),
                        ups: Ups::Multiple(BigInt::zero()),
                        star: None,
                    }));
                }
                self.note_printed_arithmetic(column - 1);
                self.up_star(Some(number))
            }
            '^' | '*' => self.up_star(None),
            '[' => single(TokenKind::LeftBracket, self),
            ']' => single(TokenKind::RightBracket, self),
            'a'..='z' | 'A'..='Z' | '_' => {
                if self.down_word_at(self.pos)?.is_some() {
                    return self.up_star(None);
                }
                let start = self.pos;
                while self.peek().is_some_and(is_name_char) {
                    self.pos += 1;
                }
                Ok(TokenKind::Name(
                    self.chars[start..self.pos].iter().collect(),
                ))
            }
            '"' => {
                let start = self.pos + 1;
                let Some(length) = self.chars[start..].iter().position(|&c| c == '"') else {
                    return Err(ParseError::new(
                        self.chars.len() + 1,
                        format!("unterminated string: the '\"' at column {column} is never closed"),
                    ));
                };
                self.pos = start + length + 1;
                Ok(TokenKind::Text(
                    self.chars[start..start + length].iter().collect(),
                ))
            }
            '{' => single(TokenKind::LeftBrace, self),
            '}' => single(TokenKind::RightBrace, self),
            '(' => single(TokenKind::LeftParen, self),
            ')' => single(TokenKind::RightParen, self),
            ',' => single(TokenKind::Comma, self),
            ':' => single(TokenKind::Colon, self),
            '&' => single(TokenKind::Ampersand, self),
            '|' => {
                let start = self.pos;
                while self.peek() == Some('|') {
                    self.pos += 1;
                }
                let run = self.pos - start;
                if run == 1 && self.peek() == Some('>') {
                    self.pos += 1;
                    return Ok(TokenKind::Compare(CompareOp::GreaterOrConfused));
                }
                Ok(TokenKind::Bars(run))
            }
            // `+-` run together is the switch operator; `+ -` is a sum with a negative.
            '+' if next == Some('-') => {
                self.pos += 2;
                Ok(TokenKind::PlusMinus)
            }
            '+' => single(TokenKind::Plus, self),
            '-' => single(TokenKind::Minus, self),
            '=' if next == Some('=') => {
                self.pos += 2;
                Ok(TokenKind::Compare(CompareOp::Eq))
            }
            '=' => Err(ParseError::new(
                column,
                "a single '=' is not an operator (equality is '==')",
            )),
            '<' => {
                let op = match next {
                    Some('=') => Some(CompareOp::Le),
                    Some('|') => Some(CompareOp::LessOrConfused),
                    Some('>') => Some(CompareOp::Confused),
                    _ => None,
                };
                self.pos += if op.is_some() { 2 } else { 1 };
                Ok(TokenKind::Compare(op.unwrap_or(CompareOp::Lt)))
            }
            '>' if next == Some('=') => {
                self.pos += 2;
                Ok(TokenKind::Compare(CompareOp::Ge))
            }
            '>' => single(TokenKind::Compare(CompareOp::Gt), self),
            '.' => Err(ParseError::new(
                column,
                "unexpected '.': a decimal needs digits on both sides of the point, e.g. 0.5",
            )),
            '/' => Err(ParseError::new(
                column,
                "unexpected '/': a fraction is written p/q, digits on both sides, no spaces",
            )),
            other => Err(ParseError::new(
                column,
                format!("unexpected character {other:?}"),
            )),
        }
    }

    /// A note when the number that started at `start` runs into `*` or `^` followed by digits
    /// (`3*5`, `3^5`, `1/2*3`): Conway reads these as CGSuite prints games (3+*5, 3+↑5), but
    /// CGSuite's interpreter reads them as a product or a power.
    fn note_printed_arithmetic(&mut self, start: usize) {
        let operator = self.peek();
        let digits_follow = self.at(self.pos + 1).is_some_and(|c| c.is_ascii_digit());
        if !matches!(operator, Some('*' | '^')) || !digits_follow {
            return;
        }
        let end = (self.pos + 1..=self.chars.len())
            .find(|&i| !self.at(i).is_some_and(|c| c.is_ascii_digit()))
            .unwrap_or(self.chars.len());
        let text: String = self.chars[start..end].iter().collect();
        let number: String = self.chars[start..self.pos].iter().collect();
        let rest: String = self.chars[self.pos..end].iter().collect();
        let arithmetic = if operator == Some('*') {
            "product"
        } else {
            "power"
        };
        let spaced = format!("{number} {} {}", &rest[..1], &rest[1..]);
        self.notes.push(ReadingNote {
            column: start + 1,
            message: format!(
                "'{text}' is read as the game {number} + {rest}, as CGSuite prints it; CGSuite's \
                 interpreter reads it as a {arithmetic}: write '{spaced}' for that"
            ),
        });
    }

    /// A run of digits, at most [`MAX_NUMBER_DIGITS`] long, as a natural number.
    fn digits(&mut self) -> Result<BigUint, ParseError> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        let run: String = self.chars[start..self.pos].iter().collect();
        if run.len() > MAX_NUMBER_DIGITS {
            return Err(ParseError::new(
                start + 1,
                format!("a number may have at most {MAX_NUMBER_DIGITS} digits"),
            ));
        }
        BigUint::parse_bytes(run.as_bytes(), 10)
            .ok_or_else(|| ParseError::new(start + 1, "expected digits"))
    }

    /// `123`, `3/4` or `1.25` (no sign: a `-` is a separate token).
    fn number(&mut self) -> Result<Number, ParseError> {
        let start = self.pos;
        let whole = self.digits()?;
        let after_digit = |lexer: &Lexer<'_>| {
            lexer
                .at(lexer.pos + 1)
                .is_some_and(|c: char| c.is_ascii_digit())
        };
        match self.peek() {
            Some('/') if after_digit(self) => {
                self.pos += 1;
                let denominator = self.digits()?;
                Ok(Number::Fraction {
                    numerator: whole.into(),
                    denominator,
                })
            }
            Some('/') => Err(ParseError::new(
                self.column(),
                "expected the denominator's digits right after '/'",
            )),
            Some('.') if after_digit(self) => {
                self.pos += 1;
                let point = self.pos;
                // Checked separately so each side of the point obeys the digit limit.
                self.digits()?;
                let places = self.pos - point;
                let text: String = self.chars[start..point - 1]
                    .iter()
                    .chain(&self.chars[point..self.pos])
                    .collect();
                let significand = BigUint::parse_bytes(text.as_bytes(), 10)
                    .ok_or_else(|| ParseError::new(start + 1, "expected digits"))?;
                Ok(Number::Decimal {
                    significand: significand.into(),
                    places,
                })
            }
            Some('.') => Err(ParseError::new(
                self.column(),
                "expected digits right after the decimal point",
            )),
            _ => Ok(Number::Integer(whole.into())),
        }
    }

    /// If a word of downs starts at `index` (`v`, `vv`, `v14`), its number of downs and its
    /// length. Other words starting with `v` (`value`) are names.
    fn down_word_at(&self, index: usize) -> Result<Option<(BigUint, usize)>, ParseError> {
        let word_end = (index..=self.chars.len())
            .find(|&i| !self.at(i).is_some_and(is_name_char))
            .unwrap_or(self.chars.len());
        let word = &self.chars[index..word_end];
        let arrows = word.iter().take_while(|&&c| c == 'v').count();
        if arrows == 0 || !word[arrows..].iter().all(char::is_ascii_digit) {
            return Ok(None);
        }
        if arrows == word.len() {
            return Ok(Some((BigUint::from(arrows), arrows)));
        }
        if arrows > 1 {
            return Err(ParseError::new(
                index + 1,
                "a count goes after a single 'v': write v3 for three downs",
            ));
        }
        let mut counter = Lexer::new(self.chars);
        counter.pos = index + 1;
        let count = counter.digits()?;
        if count.is_zero() {
            return Err(ParseError::new(
                index + 1,
                "a count of downs must be at least 1",
            ));
        }
        Ok(Some((count, word.len())))
    }

    /// The up and star parts after an optional number: `^`, `^^`, `^3`, `v`, `vv`, `v3`, each
    /// optionally followed by `*` or `*n`.
    fn up_star(&mut self, number: Option<Number>) -> Result<TokenKind, ParseError> {
        let mut ups = Ups::Multiple(BigInt::zero());
        let start = self.pos;
        if self.peek() == Some('^') {
            while self.peek() == Some('^') {
                self.pos += 1;
            }
            let run = self.pos - start;
            if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                if run > 1 {
                    return Err(ParseError::new(
                        start + 1,
                        "a count goes after a single '^': write ^3 for three ups",
                    ));
                }
                let count = self.digits()?;
                if count.is_zero() {
                    return Err(ParseError::new(
                        start + 1,
                        "a count of ups must be at least 1",
                    ));
                }
                ups = self.power_or(BigInt::from(count), false, start)?;
            } else {
                ups = self.power_or(BigInt::from(run), run == 1, start)?;
            }
        } else if self.peek() == Some('v') {
            if let Some((count, length)) = self.down_word_at(self.pos)? {
                self.pos += length;
                ups = self.power_or(-BigInt::from(count), length == 1, start)?;
            }
        }
        let mut star = None;
        if self.peek() == Some('*') {
            self.pos += 1;
            star = Some(if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.digits()?
            } else {
                BigUint::from(1u32)
            });
        }
        Ok(TokenKind::Literal(Literal { number, ups, star }))
    }

    /// CGSuite's `^<n>` (↑ⁿ) or `^[n]` (↑ + … + ↑ⁿ) right after a single arrow, if one is there
    /// (`down` for `v<n>`, `v[n]`). `^<2>` is one token, never the comparison `^ < 2`; `^<2`
    /// without the closing `>` is that comparison.
    fn power(&mut self, down: bool) -> Result<Option<Ups>, ParseError> {
        let Some(open) = self.peek().filter(|&c| c == '<' || c == '[') else {
            return Ok(None);
        };
        let after = self.pos + 1;
        let close = if open == '<' { '>' } else { ']' };
        if self.at(after) == Some('o')
            && self.at(after + 1) == Some('n')
            && self.at(after + 2) == Some(close)
        {
            self.pos = after + 3;
            return Ok(Some(Ups::Upon {
                uponth: open == '<',
                down,
            }));
        }
        let digits_end = (after..=self.chars.len())
            .find(|&i| !self.at(i).is_some_and(|c| c.is_ascii_digit()))
            .unwrap_or(self.chars.len());
        if digits_end == after || self.at(digits_end) != Some(close) {
            if open == '<' {
                return Ok(None);
            }
            return Err(ParseError::new(
                self.column(),
                "expected a count and ']' after '^[' or 'v[': write ^[3] for ↑ + ↑² + ↑³",
            ));
        }
        self.pos = after;
        let order = self.digits()?;
        if order.is_zero() {
            return Err(ParseError::new(
                after + 1,
                "the order of a power of up must be at least 1",
            ));
        }
        self.pos = digits_end + 1;
        Ok(Some(if open == '<' {
            Ups::Power { order, down }
        } else {
            Ups::PowerSum { order, down }
        }))
    }

    /// After the arrows of a literal (`multiple` ups, negative for downs): the power that
    /// follows a single arrow (`^<2>`, `v[3]`), else the multiple. `^^<2>` and `^3[2]` are
    /// refused: a power goes after a single arrow.
    fn power_or(
        &mut self,
        multiple: BigInt,
        single: bool,
        start: usize,
    ) -> Result<Ups, ParseError> {
        match self.power(multiple.is_negative())? {
            Some(power) if single => Ok(power),
            Some(_) => Err(power_after_multiple(start)),
            None => Ok(Ups::Multiple(multiple)),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Parser

/// A parsed subtree and its height (a leaf is 1).
struct Node {
    expr: Expr,
    height: usize,
}

/// A node over children whose tallest is `child_height` high, refused past [`MAX_DEPTH`].
fn node(column: usize, kind: ExprKind, child_height: usize) -> Result<Node, ParseError> {
    let height = child_height + 1;
    if height > MAX_DEPTH {
        return Err(too_deep(column));
    }
    Ok(Node {
        expr: Expr::new(column, kind),
        height,
    })
}

fn too_deep(column: usize) -> ParseError {
    ParseError::new(
        column,
        format!("expression nested more than {MAX_DEPTH} levels deep (braces, parentheses, signs and each operator of a chain add a level)"),
    )
}

/// Something that went wrong in the parser's own bookkeeping (a bug, reported instead of a
/// panic).
fn power_after_multiple(start: usize) -> ParseError {
    ParseError::new(
        start + 1,
        "a power goes after a single arrow: write ^<2> or v[3], not ^^<2>",
    )
}

fn internal(column: usize) -> ParseError {
    ParseError::new(column, "internal parser error")
}

/// An operator waiting for its right operand, with its column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pending {
    Neg(usize),
    Misere(usize),
    PlusMinus(usize),
    Add(usize),
    Sub(usize),
    Ordinal(usize),
    Times(usize),
    Power(usize),
    Compare(CompareOp, usize),
    Sided(usize),
}

impl Pending {
    /// Binding strength of a binary operator (loosest 0); `None` for a prefix operator, which
    /// binds tighter than any of them but `^` (`-2 ^ 2` is −4, as in CGSuite).
    fn strength(self) -> Option<u8> {
        match self {
            Pending::Neg(_) | Pending::PlusMinus(_) | Pending::Misere(_) => None,
            Pending::Compare(..) => Some(0),
            Pending::Sided(_) => Some(1),
            Pending::Add(_) | Pending::Sub(_) => Some(2),
            Pending::Ordinal(_) => Some(3),
            Pending::Times(_) => Some(4),
            Pending::Power(_) => Some(5),
        }
    }

    /// `^` is right-associative (`3^2^2` is 3^4); the others group to the left.
    fn right_associative(self) -> bool {
        matches!(self, Pending::Power(_))
    }
}

/// What a `{…}` is read as: a game, or after `+-` (at the column given) also a bare list of
/// options (`+-{1,2}`).
#[derive(Clone, PartialEq, Eq)]
enum BraceMode {
    Game,
    PlusMinus(usize),
    /// A game whose node is named (`a{0|a}`): the name, and the column it is written at.
    Labelled(String, usize),
}

/// The options between two bars (or a brace and a bar).
struct Segment {
    options: Vec<Expr>,
    height: usize,
    /// Where the segment starts (its first token, or the bar after it when empty).
    column: usize,
}

impl Segment {
    fn new() -> Segment {
        Segment {
            options: Vec::new(),
            height: 0,
            column: 0,
        }
    }

    fn push(&mut self, option: Node) {
        self.height = self.height.max(option.height);
        self.options.push(option.expr);
    }
}

/// One side of a game being assembled from bars: a list of options, or a single game that
/// tighter bars already formed.
enum BarSide {
    Options(Segment),
    Game(Node),
}

impl BarSide {
    fn column(&self) -> usize {
        match self {
            BarSide::Options(segment) => segment.column,
            BarSide::Game(node) => node.expr.column,
        }
    }

    fn into_options(self) -> (Vec<Expr>, usize) {
        match self {
            BarSide::Options(segment) => (segment.options, segment.height),
            BarSide::Game(node) => (vec![node.expr], node.height),
        }
    }
}

/// The construct an expression is being read inside of.
enum Construct {
    /// The whole input.
    Top,
    /// `( … )`, opened at the column.
    Paren(usize),
    /// `name( … )`.
    Call {
        column: usize,
        name: String,
        /// The column of the `(`.
        open: usize,
        args: Vec<Expr>,
        height: usize,
        /// For CGSuite's `2Tiny(1)`: the number the call is added to.
        added_to: Option<Node>,
    },
    /// `[ … ]`, opened at the column.
    List {
        open: usize,
        items: Vec<Expr>,
        height: usize,
    },
    /// `{ … }`, opened at `open`.
    Braces {
        open: usize,
        mode: BraceMode,
        segments: Vec<Segment>,
        /// Each run of bars after a segment: (its length, its column).
        bars: Vec<(usize, usize)>,
        current: Segment,
    },
}

/// An open construct and the expression being read inside it (operator-precedence parsing:
/// operands and the operators still waiting for their right side).
struct Frame {
    construct: Construct,
    operands: Vec<Node>,
    operators: Vec<Pending>,
}

impl Frame {
    fn new(construct: Construct) -> Frame {
        Frame {
            construct,
            operands: Vec::new(),
            operators: Vec::new(),
        }
    }

    /// Applies the most recent operator to its operand(s).
    fn reduce(&mut self) -> Result<(), ParseError> {
        let Some(op) = self.operators.pop() else {
            return Err(internal(1));
        };
        let Some(b) = self.operands.pop() else {
            return Err(internal(1));
        };
        let result = match op {
            Pending::Neg(column) => node(column, ExprKind::Neg(Box::new(b.expr)), b.height)?,
            Pending::Misere(column) => node(column, ExprKind::Misere(Box::new(b.expr)), b.height)?,
            Pending::PlusMinus(column) => {
                node(column, ExprKind::PlusMinus(vec![b.expr]), b.height)?
            }
            Pending::Add(column) => self.binary(column, b, ExprKind::Add)?,
            Pending::Sub(column) => self.binary(column, b, ExprKind::Sub)?,
            Pending::Ordinal(column) => self.binary(column, b, ExprKind::OrdinalSum)?,
            Pending::Times(column) => self.binary(column, b, ExprKind::Product)?,
            Pending::Power(column) => self.binary(column, b, ExprKind::Power)?,
            Pending::Compare(cmp, column) => {
                self.binary(column, b, |x, y| ExprKind::Compare(cmp, x, y))?
            }
            Pending::Sided(column) => self.binary(column, b, ExprKind::Sided)?,
        };
        self.operands.push(result);
        Ok(())
    }

    /// The binary node over the operand below `b` and `b`.
    fn binary(
        &mut self,
        column: usize,
        b: Node,
        make: impl FnOnce(Box<Expr>, Box<Expr>) -> ExprKind,
    ) -> Result<Node, ParseError> {
        let Some(a) = self.operands.pop() else {
            return Err(internal(column));
        };
        let height = a.height.max(b.height);
        node(column, make(Box::new(a.expr), Box::new(b.expr)), height)
    }

    /// The expression read in this frame, once it has ended.
    fn finish(&mut self) -> Result<Node, ParseError> {
        while !self.operators.is_empty() {
            self.reduce()?;
        }
        match (self.operands.pop(), self.operands.is_empty()) {
            (Some(result), true) => Ok(result),
            _ => Err(internal(1)),
        }
    }
}

/// Where the parser is.
enum State {
    /// An operand must come next.
    Operand,
    /// An operand has been read.
    After(Node),
    /// At the start of a segment of options inside braces.
    SegmentStart,
    /// At the start of a call's argument (`first`: right after the `(`).
    ArgumentStart { first: bool },
    /// At the start of a list's item (`first`: right after the `[`).
    ItemStart { first: bool },
    /// The whole input has been read.
    Done(Expr),
}

/// The parser keeps its own stack of open constructs on the heap instead of recursing, so its
/// use of the thread's stack does not grow with the nesting of the input (recursive descent
/// needed over 15 KB of stack per level in an unoptimised build).
struct Parser<'a> {
    chars: &'a [char],
    tokens: Vec<Token>,
    /// Index of the next token.
    pos: usize,
    /// The lexer's error, standing where its `End` token is.
    lex_error: Option<ParseError>,
    /// Returned past the last token (never reached: tokens end with `End`, which is not
    /// consumed).
    end: Token,
    /// The innermost open construct.
    current: Frame,
    /// The constructs around it, outermost first.
    outer: Vec<Frame>,
    /// Open constructs and prefix operators waiting for their operand, limited by
    /// [`MAX_DEPTH`] so that absurd nesting fails at once.
    open: usize,
}

impl<'a> Parser<'a> {
    fn new(chars: &'a [char], tokens: Vec<Token>, lex_error: Option<ParseError>) -> Parser<'a> {
        let column = chars.len() + 1;
        Parser {
            chars,
            tokens,
            pos: 0,
            lex_error,
            end: Token {
                kind: TokenKind::End,
                column,
                end: column,
            },
            current: Frame::new(Construct::Top),
            outer: Vec::new(),
            open: 0,
        }
    }

    fn run(&mut self) -> Result<Expr, ParseError> {
        let mut state = State::Operand;
        loop {
            state = match state {
                State::Operand => self.operand()?,
                State::After(node) => self.after(node)?,
                State::SegmentStart => self.segment_start()?,
                State::ArgumentStart { first } => self.argument_start(first)?,
                State::ItemStart { first } => self.item_start(first)?,
                State::Done(expr) => return Ok(expr),
            };
        }
    }

    // ---- tokens ----

    /// The next token; looking at the place of a lexical error reports it.
    fn peek(&self) -> Result<&Token, ParseError> {
        let token = self.tokens.get(self.pos).unwrap_or(&self.end);
        match (&token.kind, &self.lex_error) {
            (TokenKind::End, Some(error)) => Err(error.clone()),
            _ => Ok(token),
        }
    }

    /// The token after the next one, if it is there (lexical errors are not reported here).
    fn peek_second(&self) -> Option<&Token> {
        self.tokens.get(self.pos + 1)
    }

    /// Takes the next token. `End` is never consumed.
    fn advance(&mut self) -> Result<Token, ParseError> {
        let token = self.peek()?;
        if token.kind == TokenKind::End {
            return Ok(token.clone());
        }
        let placeholder = self.end.clone();
        let Some(slot) = self.tokens.get_mut(self.pos) else {
            return Ok(placeholder);
        };
        let token = std::mem::replace(slot, placeholder);
        self.pos += 1;
        Ok(token)
    }

    fn next_is(&self, kind: &TokenKind) -> bool {
        self.peek().is_ok_and(|t| &t.kind == kind)
    }

    /// The source text of a token, shortened if long, for messages.
    fn describe(&self, column: usize, end: usize) -> String {
        let text: String = self
            .chars
            .get(column.saturating_sub(1)..end.saturating_sub(1))
            .unwrap_or(&[])
            .iter()
            .collect();
        if text.is_empty() {
            return "end of input".to_string();
        }
        let short: String = text.chars().take(20).collect();
        let dots = if short.len() < text.len() { "…" } else { "" };
        format!("'{short}{dots}'")
    }

    /// "expected WHAT, found TOKEN", with a hint when an up or star was set apart from its
    /// number by a space.
    fn expected(&self, what: &str, token: &Token) -> String {
        let found = match &token.kind {
            TokenKind::End => "end of input".to_string(),
            TokenKind::Name(name) => format!("name '{name}'"),
            TokenKind::Text(_) => "a string".to_string(),
            _ => self.describe(token.column, token.end),
        };
        let hint = match &token.kind {
            TokenKind::Literal(literal) if literal.number.is_none() => {
                " (an up or star part follows its number without a space, e.g. 2*)"
            }
            _ => "",
        };
        format!("expected {what}, found {found}{hint}")
    }

    /// An error at the next token: "expected WHAT, found …".
    fn error_expected(&self, what: &str) -> ParseError {
        match self.peek() {
            Ok(token) => ParseError::new(token.column, self.expected(what, token)),
            Err(error) => error,
        }
    }

    // ---- nesting ----

    fn count_open(&mut self, column: usize) -> Result<(), ParseError> {
        self.open += 1;
        if self.open > MAX_DEPTH {
            return Err(too_deep(column));
        }
        Ok(())
    }

    fn open_frame(&mut self, construct: Construct, column: usize) -> Result<(), ParseError> {
        self.count_open(column)?;
        let parent = std::mem::replace(&mut self.current, Frame::new(construct));
        self.outer.push(parent);
        Ok(())
    }

    /// Closes the innermost construct, returning it.
    fn close_frame(&mut self) -> Result<Construct, ParseError> {
        let Some(parent) = self.outer.pop() else {
            return Err(internal(1));
        };
        self.open = self.open.saturating_sub(1);
        Ok(std::mem::replace(&mut self.current, parent).construct)
    }

    fn push_prefix(&mut self, op: Pending, column: usize) -> Result<(), ParseError> {
        self.count_open(column)?;
        self.current.operators.push(op);
        Ok(())
    }

    // ---- states ----

    /// operand = "-" operand | "+-" ( "{" … "}" | operand ) | literal | "{" … "}" | "(" … ")"
    ///         | name [ "(" … ")" ]
    fn operand(&mut self) -> Result<State, ParseError> {
        let token = self.peek()?;
        let column = token.column;
        match token.kind {
            TokenKind::Minus => {
                self.advance()?;
                // A '-' written against a number is its sign, as CGSuite prints `-1/2^*`
                // for (−1/2) + ^* (negating the whole literal would give −1/2 + v*).
                if let Some(next) = self.tokens.get(self.pos) {
                    if let TokenKind::Literal(literal) = &next.kind {
                        if literal.number.is_some() && next.column == column + 1 {
                            let token = self.advance()?;
                            return self.literal(column, token, true);
                        }
                    }
                }
                self.push_prefix(Pending::Neg(column), column)?;
                Ok(State::Operand)
            }
            TokenKind::MisereForm(_) => {
                let TokenKind::MisereForm(text) = self.advance()?.kind else {
                    return Err(internal(column));
                };
                let text = node(column + 2, ExprKind::Text(text), 0)?;
                Ok(State::After(node(
                    column,
                    ExprKind::Misere(Box::new(text.expr)),
                    1,
                )?))
            }
            TokenKind::MisereStar => {
                self.advance()?;
                if !self.next_is(&TokenKind::LeftBracket) {
                    return Err(internal(column));
                }
                self.push_prefix(Pending::Misere(column), column)?;
                Ok(State::Operand)
            }
            TokenKind::PlusMinus => {
                self.advance()?;
                if self.next_is(&TokenKind::LeftBrace) {
                    let open = self.advance()?.column;
                    self.open_braces(open, BraceMode::PlusMinus(column))?;
                    return Ok(State::SegmentStart);
                }
                self.push_prefix(Pending::PlusMinus(column), column)?;
                Ok(State::Operand)
            }
            TokenKind::Literal(_) => {
                let token = self.advance()?;
                self.literal(column, token, false)
            }
            TokenKind::LeftBrace => {
                self.advance()?;
                self.open_braces(column, BraceMode::Game)?;
                Ok(State::SegmentStart)
            }
            TokenKind::LeftParen => {
                self.advance()?;
                self.open_frame(Construct::Paren(column), column)?;
                Ok(State::Operand)
            }
            TokenKind::LeftBracket => {
                self.advance()?;
                let list = Construct::List {
                    open: column,
                    items: Vec::new(),
                    height: 0,
                };
                self.open_frame(list, column)?;
                Ok(State::ItemStart { first: true })
            }
            TokenKind::Name(_) => {
                let TokenKind::Name(name) = self.advance()?.kind else {
                    return Err(internal(column));
                };
                if self.next_is(&TokenKind::LeftParen) {
                    return self.open_call(column, name, None);
                }
                if self.next_is(&TokenKind::LeftBrace) {
                    // CGSuite's node label: `a{0|a}` names the game so that its options can
                    // lead back to it.
                    let open = self.advance()?.column;
                    self.open_braces(open, BraceMode::Labelled(name, column))?;
                    return Ok(State::SegmentStart);
                }
                Ok(State::After(node(column, ExprKind::Name(name), 0)?))
            }
            TokenKind::Text(_) => Err(ParseError::new(
                column,
                "a string can only be a whole argument of a function, e.g. hackenbush(\"lrl\")",
            )),
            _ => Err(ParseError::new(
                column,
                self.expected("an expression", token),
            )),
        }
    }

    /// A literal token (with the sign written against it, if `negative`), and CGSuite's
    /// printed `xTiny(y)` / `xMiny(y)`, read as x + Tiny(y).
    fn literal(
        &mut self,
        column: usize,
        token: Token,
        negative: bool,
    ) -> Result<State, ParseError> {
        let TokenKind::Literal(mut literal) = token.kind else {
            return Err(internal(column));
        };
        let plain = literal.is_plain_number();
        if negative && plain && self.next_is(&TokenKind::Caret) {
            // `-2 ^ 2` is −(2²), as in CGSuite and in mathematics, though `-2` alone is one
            // literal: its sign becomes a prefix, which `^` binds tighter than.
            self.push_prefix(Pending::Neg(column), column)?;
            let number = literal.number.unwrap_or(Number::Integer(BigInt::zero()));
            let number = node(column + 1, ExprKind::Number(Box::new(number)), 0)?;
            return Ok(State::After(number));
        }
        if negative {
            literal.number = literal.number.map(Number::negated);
        }
        let Literal { number, ups, star } = literal;
        let number = match number {
            Some(number) if plain => number,
            number => {
                let up_star = UpStar { number, ups, star };
                return Ok(State::After(node(
                    column,
                    ExprKind::UpStar(Box::new(up_star)),
                    0,
                )?));
            }
        };
        let number = node(column, ExprKind::Number(Box::new(number)), 0)?;
        let over = match self.peek().map(|t| (&t.kind, t.column)) {
            Ok((TokenKind::Name(name), name_column)) => {
                (name == "over" || name == "under") && name_column == token.end
            }
            _ => false,
        };
        if over {
            // CGSuite's `5over`, `-3/2under`: the number plus over or under.
            let word = self.advance()?;
            let TokenKind::Name(name) = word.kind else {
                return Err(internal(word.column));
            };
            let word = node(word.column, ExprKind::Name(name), 0)?;
            let height = number.height.max(word.height);
            return Ok(State::After(node(
                column,
                ExprKind::Add(Box::new(number.expr), Box::new(word.expr)),
                height,
            )?));
        }
        let juxtaposed = match self.peek().map(|t| (&t.kind, t.column)) {
            Ok((TokenKind::Name(name), name_column)) => {
                (name == "Tiny" || name == "Miny")
                    && name_column == token.end
                    && self
                        .peek_second()
                        .is_some_and(|t| t.kind == TokenKind::LeftParen)
            }
            _ => false,
        };
        if !juxtaposed {
            return Ok(State::After(number));
        }
        let name_token = self.advance()?;
        let TokenKind::Name(name) = name_token.kind else {
            return Err(internal(name_token.column));
        };
        self.open_call(name_token.column, name, Some(number))
    }

    /// Opens `name(`, with the `(` next.
    fn open_call(
        &mut self,
        column: usize,
        name: String,
        added_to: Option<Node>,
    ) -> Result<State, ParseError> {
        let open = self.advance()?.column;
        let call = Construct::Call {
            column,
            name,
            open,
            args: Vec::new(),
            height: 0,
            added_to,
        };
        self.open_frame(call, column)?;
        Ok(State::ArgumentStart { first: true })
    }

    fn open_braces(&mut self, open: usize, mode: BraceMode) -> Result<(), ParseError> {
        let braces = Construct::Braces {
            open,
            mode,
            segments: Vec::new(),
            bars: Vec::new(),
            current: Segment::new(),
        };
        self.open_frame(braces, open)
    }

    /// After an operand: apply the prefix operators waiting for it, then either take a binary
    /// operator or end the expression of the current construct.
    fn after(&mut self, operand: Node) -> Result<State, ParseError> {
        // A prefix sign waits while `^` is next: it binds tighter than the sign.
        let power_next = self.next_is(&TokenKind::Caret);
        self.current.operands.push(operand);
        while !power_next
            && self
                .current
                .operators
                .last()
                .is_some_and(|op| op.strength().is_none())
        {
            self.current.reduce()?;
            self.open = self.open.saturating_sub(1);
        }

        let in_braces = matches!(self.current.construct, Construct::Braces { .. });
        let token = self.peek()?;
        let column = token.column;
        let (op, consume) = match token.kind {
            TokenKind::Times => (Pending::Times(column), true),
            TokenKind::Caret => (Pending::Power(column), true),
            TokenKind::Plus => (Pending::Add(column), true),
            TokenKind::Minus => (Pending::Sub(column), true),
            // `G +- H` is `G + (+-H)`: the `+-` stays for the operand to read as a prefix.
            TokenKind::PlusMinus => (Pending::Add(column), false),
            TokenKind::Colon => (Pending::Ordinal(column), true),
            TokenKind::Ampersand => (Pending::Sided(column), true),
            // Options are sums: a comparison would clash with the bars (`<|`, `|>`).
            TokenKind::Compare(cmp) if !in_braces => (Pending::Compare(cmp, column), true),
            _ => return self.end_expression(),
        };
        let Some(strength) = op.strength() else {
            return Err(internal(column));
        };
        while let Some(&top) = self.current.operators.last() {
            if let (Pending::Compare(..), Pending::Compare(..)) = (top, op) {
                return Err(ParseError::new(
                    column,
                    "comparisons do not chain: put one comparison in parentheses",
                ));
            }
            // Left-associative: an equally strong operator on the stack is applied first.
            let applies_first = match top.strength() {
                Some(s) if op.right_associative() => s > strength,
                Some(s) => s >= strength,
                // A prefix sign left waiting for a `^` applies before any looser operator.
                None => !op.right_associative(),
            };
            if applies_first {
                if top.strength().is_none() {
                    self.open = self.open.saturating_sub(1);
                }
                self.current.reduce()?;
            } else {
                break;
            }
        }
        self.current.operators.push(op);
        if consume {
            self.advance()?;
        }
        Ok(State::Operand)
    }

    /// The expression inside the current construct has ended at the next token; what may
    /// follow depends on the construct.
    fn end_expression(&mut self) -> Result<State, ParseError> {
        // Signs still waiting (held back for a `^`) are applied now: give back their levels.
        let waiting = self
            .current
            .operators
            .iter()
            .filter(|op| op.strength().is_none())
            .count();
        self.open = self.open.saturating_sub(waiting);
        let result = self.current.finish()?;
        let token = self.peek()?;
        let (column, end) = (token.column, token.end);
        let kind = token.kind.clone();
        match &mut self.current.construct {
            Construct::Top => {
                let message = match kind {
                    TokenKind::End => return Ok(State::Done(result.expr)),
                    TokenKind::RightParen => "unmatched ')'".to_string(),
                    TokenKind::RightBrace => "unmatched '}'".to_string(),
                    TokenKind::RightBracket => "unmatched ']'".to_string(),
                    TokenKind::Bars(_) => {
                        format!("unexpected {} outside braces", self.describe(column, end))
                    }
                    TokenKind::Comma => "unexpected ',' outside braces and calls".to_string(),
                    _ => return Err(self.error_expected("an operator or end of input")),
                };
                Err(ParseError::new(column, message))
            }
            Construct::Paren(open) => {
                if kind != TokenKind::RightParen {
                    let what = format!("')' to close the '(' at column {open}");
                    return Err(self.error_expected(&what));
                }
                self.advance()?;
                self.close_frame()?;
                Ok(State::After(result))
            }
            Construct::Call { .. } => self.argument_end(result),
            Construct::List { .. } => self.item_end(result),
            Construct::Braces { current, open, .. } => match kind {
                TokenKind::Comma => {
                    current.push(result);
                    self.advance()?;
                    Ok(State::Operand)
                }
                TokenKind::Bars(count) => {
                    current.push(result);
                    self.take_bars(count, column)?;
                    Ok(State::SegmentStart)
                }
                TokenKind::RightBrace => {
                    current.push(result);
                    self.close_braces()
                }
                _ => {
                    let open = *open;
                    let mut error = self.brace_error("',', '|' or '}' after an option", open);
                    if let TokenKind::Compare(_) = kind {
                        error
                            .message
                            .push_str(" (a comparison among options needs parentheses)");
                    }
                    Err(error)
                }
            },
        }
    }

    /// "expected …" inside braces, mentioning the unclosed brace at the end of the input.
    fn brace_error(&self, what: &str, open: usize) -> ParseError {
        let mut error = self.error_expected(what);
        if self.peek().is_ok_and(|t| t.kind == TokenKind::End) {
            error
                .message
                .push_str(&format!(" (the '{{' at column {open} is not closed)"));
        }
        error
    }

    /// segment = [ sum { "," sum } ], ending at a bar, `}` (or the end of the input: an error).
    fn segment_start(&mut self) -> Result<State, ParseError> {
        let token = self.peek()?;
        let column = token.column;
        let kind = token.kind.clone();
        let Construct::Braces { current, open, .. } = &mut self.current.construct else {
            return Err(internal(column));
        };
        current.column = column;
        match kind {
            TokenKind::Bars(count) => {
                self.take_bars(count, column)?;
                Ok(State::SegmentStart)
            }
            TokenKind::RightBrace => self.close_braces(),
            TokenKind::End => {
                let open = *open;
                Err(self.brace_error("an option, '|' or '}'", open))
            }
            _ => Ok(State::Operand),
        }
    }

    /// Ends the current segment at a run of bars (the next token).
    fn take_bars(&mut self, count: usize, column: usize) -> Result<(), ParseError> {
        let Construct::Braces {
            segments,
            bars,
            current,
            ..
        } = &mut self.current.construct
        else {
            return Err(internal(column));
        };
        segments.push(std::mem::replace(current, Segment::new()));
        bars.push((count, column));
        self.advance()?;
        Ok(())
    }

    /// At the `}`: the game (or the option list of `+-{…}`).
    fn close_braces(&mut self) -> Result<State, ParseError> {
        let close = self.advance()?.column;
        let Construct::Braces {
            open,
            mode,
            mut segments,
            bars,
            current,
        } = self.close_frame()?
        else {
            return Err(internal(close));
        };
        segments.push(current);
        if bars.is_empty() {
            let Some(Segment {
                options, height, ..
            }) = segments.pop()
            else {
                return Err(internal(open));
            };
            return match mode {
                BraceMode::Game | BraceMode::Labelled(..) => Err(ParseError::new(
                    close,
                    "expected '|': a game is written {left options | right options}",
                )),
                BraceMode::PlusMinus(_) if options.is_empty() => {
                    Err(ParseError::new(close, "'+-{}' needs at least one option"))
                }
                BraceMode::PlusMinus(column) => Ok(State::After(node(
                    column,
                    ExprKind::PlusMinus(options),
                    height,
                )?)),
            };
        }
        let mut game = assemble(segments, &bars)?;
        game.expr.column = open;
        match mode {
            BraceMode::Game => Ok(State::After(game)),
            BraceMode::Labelled(label, column) => Ok(State::After(node(
                column,
                ExprKind::Labelled {
                    label,
                    game: Box::new(game.expr),
                },
                game.height,
            )?)),
            BraceMode::PlusMinus(column) => Ok(State::After(node(
                column,
                ExprKind::PlusMinus(vec![game.expr]),
                game.height,
            )?)),
        }
    }

    /// argument = string | expression; a call may have none.
    fn argument_start(&mut self, first: bool) -> Result<State, ParseError> {
        let token = self.peek()?;
        let column = token.column;
        match token.kind {
            TokenKind::RightParen if first => {
                self.advance()?;
                self.close_call()
            }
            TokenKind::Text(_) => {
                let TokenKind::Text(text) = self.advance()?.kind else {
                    return Err(internal(column));
                };
                let arg = node(column, ExprKind::Text(text), 0)?;
                self.argument_end(arg)
            }
            _ => Ok(State::Operand),
        }
    }

    /// After an argument: `,` and another, or `)`.
    fn argument_end(&mut self, arg: Node) -> Result<State, ParseError> {
        let token = self.peek()?;
        let column = token.column;
        let kind = token.kind.clone();
        let Construct::Call {
            args,
            height,
            name,
            open,
            ..
        } = &mut self.current.construct
        else {
            return Err(internal(column));
        };
        *height = (*height).max(arg.height);
        args.push(arg.expr);
        match kind {
            TokenKind::Comma => {
                self.advance()?;
                Ok(State::ArgumentStart { first: false })
            }
            TokenKind::RightParen => {
                self.advance()?;
                self.close_call()
            }
            _ => {
                let what =
                    format!("',' or ')' in the arguments of {name} (opened at column {open})");
                Err(self.error_expected(&what))
            }
        }
    }

    /// item = expression; a list may have none.
    fn item_start(&mut self, first: bool) -> Result<State, ParseError> {
        if first && self.next_is(&TokenKind::RightBracket) {
            self.advance()?;
            return self.close_list();
        }
        Ok(State::Operand)
    }

    /// After a list item: `,` and another, or `]`.
    fn item_end(&mut self, item: Node) -> Result<State, ParseError> {
        let token = self.peek()?;
        let column = token.column;
        let kind = token.kind.clone();
        let Construct::List {
            items,
            height,
            open,
        } = &mut self.current.construct
        else {
            return Err(internal(column));
        };
        *height = (*height).max(item.height);
        items.push(item.expr);
        let open = *open;
        match kind {
            TokenKind::Comma => {
                self.advance()?;
                Ok(State::ItemStart { first: false })
            }
            TokenKind::RightBracket => {
                self.advance()?;
                self.close_list()
            }
            _ => {
                let what = format!("',' or ']' in the list opened at column {open}");
                Err(self.error_expected(&what))
            }
        }
    }

    fn close_list(&mut self) -> Result<State, ParseError> {
        let Construct::List {
            open,
            items,
            height,
        } = self.close_frame()?
        else {
            return Err(internal(1));
        };
        Ok(State::After(node(open, ExprKind::List(items), height)?))
    }

    fn close_call(&mut self) -> Result<State, ParseError> {
        let Construct::Call {
            column,
            name,
            args,
            height,
            added_to,
            ..
        } = self.close_frame()?
        else {
            return Err(internal(1));
        };
        let call = node(column, ExprKind::Call { name, args }, height)?;
        let Some(number) = added_to else {
            return Ok(State::After(call));
        };
        let (column, height) = (number.expr.column, number.height.max(call.height));
        let sum = ExprKind::Add(Box::new(number.expr), Box::new(call.expr));
        Ok(State::After(node(column, sum, height)?))
    }
}

/// Builds the game from segments and the bar runs between them: a run of k bars binds looser
/// than any run of fewer, so `{A||B|C}` is `{A | {B|C}}`; two equal runs with nothing looser
/// between them are ambiguous (`{3|2|1}`). Operator-precedence parsing again, with the runs of
/// bars as operators.
fn assemble(segments: Vec<Segment>, bars: &[(usize, usize)]) -> Result<Node, ParseError> {
    let mut segments = segments.into_iter();
    let Some(first) = segments.next() else {
        return Err(internal(1));
    };
    let mut operands = vec![BarSide::Options(first)];
    let mut operators: Vec<usize> = Vec::new();
    for (&(count, column), segment) in bars.iter().zip(segments) {
        while let Some(&top) = operators.last() {
            if top > count {
                break;
            }
            if top == count {
                let run = "|".repeat(count.min(20));
                return Err(ParseError::new(
                    column,
                    format!("ambiguous: two `{run}` at the same level (add braces, or bars as in {{3||2|1}})"),
                ));
            }
            operators.pop();
            join_sides(&mut operands)?;
        }
        operators.push(count);
        operands.push(BarSide::Options(segment));
    }
    while operators.pop().is_some() {
        join_sides(&mut operands)?;
    }
    match (operands.pop(), operands.is_empty()) {
        (Some(BarSide::Game(game)), true) => Ok(game),
        _ => Err(internal(1)),
    }
}

/// Replaces the top two sides by the game they form across the bar run between them.
fn join_sides(operands: &mut Vec<BarSide>) -> Result<(), ParseError> {
    let (Some(right), Some(left)) = (operands.pop(), operands.pop()) else {
        return Err(internal(1));
    };
    let column = left.column();
    let (left, left_height) = left.into_options();
    let (right, right_height) = right.into_options();
    let game = node(
        column,
        ExprKind::Game { left, right },
        left_height.max(right_height),
    )?;
    operands.push(BarSide::Game(game));
    Ok(())
}
