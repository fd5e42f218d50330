//! The registry of rulesets: one [`Ruleset`] definition per ruleset, in its own module, and
//! [`RULESETS`], the one list of them. Every front end reads it: `eval`'s ruleset functions
//! and their help, `outcome(…)` and `solve`'s searched games, the worksheet's boards and
//! editors (the server describes them to the page), Python's module functions and board
//! drawings. A ruleset is added by writing its module with its `RULESET` definition and one
//! line in [`RULESETS`].
//!
//! A definition holds what the rules alone decide: names, parameters, the notation's board
//! symbols, values (short or loopy) and moves in words, and whether and how positions are
//! searched for their winner. How a front end shows them is its own business.

use serde::{Deserialize, Serialize};

use conway_loopy::Loopy;
use conway_partizan::{GameId, PartizanError, Store};

use crate::moves::{LoopyPositionMoves, PositionMoves};
use crate::outcome::ruleset::Ask;
use crate::outcome::{Resume, Resumed};

/// Every ruleset, in the order `eval`'s help and `solve --list` list them.
pub static RULESETS: &[&Ruleset] = &[
    &crate::domineering::RULESET,
    &crate::hackenbush::HACKENBUSH,
    &crate::hackenbush::CHILDISH_HACKENBUSH,
    &crate::toads_and_frogs::RULESET,
    &crate::toads_and_frogs_variants::BACKSLIDING_TOADS_AND_FROGS,
    &crate::toads_and_frogs_variants::ELEPHANTS_AND_RHINOS,
    &crate::toads_and_frogs_variants::GEN_TOADS_AND_FROGS,
    &crate::fox_and_geese::FOX_AND_GEESE,
    &crate::fox_and_geese::CEYLONESE_FOX_AND_GEESE,
    &crate::fox_and_geese::GEN_FOX_AND_GEESE,
    &crate::cram::RULESET,
    &crate::colouring::COL,
    &crate::colouring::SNORT,
    &crate::konane::RULESET,
    &crate::amazons::RULESET,
    &crate::nogo::RULESET,
    &crate::toppling_dominoes::RULESET,
    &crate::clobber::RULESET,
    &crate::gen_clobber::ANTI_CLOBBER,
    &crate::gen_clobber::HOT_CLOBBER,
    &crate::gen_clobber::KINGS,
    &crate::gen_clobber::KNIGHTS,
    &crate::gen_clobber::ROOKS,
    &crate::gen_clobber::QUEENS,
    &crate::gen_clobber::GEN_CLOBBER,
    &crate::fission::RULESET,
    &crate::gen_king_dirt::RULESET,
    &crate::sheep::RULESET,
    &crate::arc_kayles::ARC_KAYLES,
    &crate::arc_kayles::PARTIZAN_ARC_KAYLES,
    &crate::weighted_arc_kayles::RULESET,
    &crate::gen_col::GEN_COL,
    &crate::gen_col::FJORDS,
    &crate::partizan_subtraction::RULESET,
    &crate::partizan_euclid::RULESET,
    &crate::partizan_heap::TAKE_AND_BREAK,
    &crate::partizan_heap::SPLITTLES,
    &crate::impartial_heap::TAKE_AND_BREAK,
    &crate::impartial_heap::TURNING,
    &crate::cutcake::CUTCAKE,
    &crate::cutcake::MAUNDY_CAKE,
    &crate::cutcake::EATCAKE,
    &crate::cutcake::TURN_AND_EATCAKE,
];

/// The ruleset whose name or alias is `name`, matched as `eval` matches names: case and
/// underscores aside.
pub fn ruleset(name: &str) -> Option<&'static Ruleset> {
    let key = name_key(name);
    RULESETS
        .iter()
        .copied()
        .find(|r| r.spellings().any(|s| name_key(s) == key))
}

/// A name without case or underscores (or hyphens, as commands write them): how `eval`
/// matches every function name, CGSuite's spellings included.
pub fn name_key(name: &str) -> String {
    name.chars()
        .filter(|c| *c != '_' && *c != '-')
        .flat_map(char::to_lowercase)
        .collect()
}

/// One ruleset.
#[derive(Debug)]
pub struct Ruleset {
    /// Its `eval` function's name, in snake_case (`toads_and_frogs`); `solve` writes it with
    /// hyphens.
    pub name: &'static str,
    /// Other spellings: CGSuite's (`ToadsAndFrogs`).
    pub aliases: &'static [&'static str],
    /// Its name in prose (`Toads and Frogs`).
    pub title: &'static str,
    /// Its notation and rules in one line, as `eval`'s help shows it.
    pub summary: &'static str,
    /// What a position is written with, in order: most rulesets take one position.
    pub params: &'static [Param],
    /// An `eval` call that evaluates without error (checked by the tests).
    pub example: &'static str,
    /// The sizes past which a position's value is refused.
    pub limits: &'static [Limit],
    /// Its values and moves.
    pub values: Values,
    /// How a position is drawn on a board of squares, for rulesets that have one.
    pub board: Option<Board>,
    /// How a position is drawn as a picture of edges (stalks or a graph), read from its
    /// notation and written back after an edit, for rulesets drawn so.
    pub picture: Option<Pictured>,
    /// How a position too large for its value is searched for its winner.
    pub search: Option<Searched>,
}

impl Ruleset {
    /// The name and the aliases.
    pub fn spellings(&self) -> impl Iterator<Item = &'static str> {
        std::iter::once(self.name).chain(self.aliases.iter().copied())
    }

    /// Its name as `solve` writes it: `toads-and-frogs`.
    pub fn command_name(&self) -> String {
        self.name.replace('_', "-")
    }

    /// Whether its values are loopy games.
    pub fn is_loopy(&self) -> bool {
        matches!(self.values, Values::Loopy { .. })
    }

    /// The value of the position `args` write, a loopy game for a loopy ruleset.
    pub fn value(&self, store: &mut Store, args: &[Arg<'_>]) -> Result<Loopy, PartizanError> {
        match self.values {
            Values::Short { value, .. } => value(store, args).map(Loopy::Short),
            Values::Loopy { value, .. } => value(store, args),
        }
    }

    /// The canonical form of a position written as one text (tests and tools; a loopy
    /// ruleset's position must be short).
    pub fn value_of_text(&self, store: &mut Store, text: &str) -> Result<GameId, PartizanError> {
        match self.value(store, &[Arg::Position(text)])? {
            Loopy::Short(g) => Ok(g),
            _ => Err(PartizanError::InvalidInput(format!(
                "{}: the position's value is not a short game",
                self.name
            ))),
        }
    }

    /// A short ruleset's position written as one text, with its value and every move of each
    /// player in words (tests and tools).
    pub fn moves_of_text(
        &self,
        store: &mut Store,
        text: &str,
    ) -> Result<PositionMoves, PartizanError> {
        match self.values {
            Values::Short { moves, .. } => moves(store, &[Arg::Position(text)]),
            Values::Loopy { .. } => Err(PartizanError::InvalidInput(format!(
                "{}: a loopy ruleset's moves carry verdicts",
                self.name
            ))),
        }
    }

    /// What the front ends are told of it ([`Description`]).
    pub fn describe(&self) -> Description {
        Description {
            name: self.name,
            aliases: self.aliases,
            title: self.title,
            summary: self.summary,
            params: self.params,
            example: self.example,
            limits: self.limits,
            loopy: self.is_loopy(),
            board: self.board,
            pictured: self.picture.is_some(),
            searched: self.search.is_some(),
        }
    }
}

/// A size past which a ruleset refuses a position's value with a `too_large` error: a
/// promise that inside it the value is found (the README's limits table states each one with
/// its worst time, and a test checks it names them all).
#[derive(Clone, Copy, Debug, Serialize, schemars::JsonSchema)]
pub struct Limit {
    /// What is counted: `empty squares`.
    pub what: &'static str,
    /// The most a position may have.
    pub most: u64,
    /// An `eval` call just past the limit, which the ruleset refuses (checked by the tests).
    #[serde(skip)]
    #[schemars(skip)]
    pub past: fn() -> String,
}

/// The `eval` call of a ruleset on one position text: `domineering("..|..")`.
pub fn call(name: &str, position: &str) -> String {
    format!("{name}(\"{position}\")")
}

impl Limit {
    /// A limit of `most` on `what`, refused at the call `past` writes.
    pub const fn new(what: &'static str, most: u64, past: fn() -> String) -> Limit {
        Limit { what, most, past }
    }
}

/// One parameter of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Param {
    /// How help texts write it: a letter (`n`), or for a position a sample one.
    pub name: &'static str,
    /// What the argument must be.
    pub kind: ParamKind,
}

impl Param {
    /// A parameter (a function so that definitions fit on few lines).
    pub const fn new(name: &'static str, kind: ParamKind) -> Param {
        Param { name, kind }
    }
}

/// The kinds of parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ParamKind {
    /// A position in the ruleset's notation, a string.
    Position,
    /// A word of a generic ruleset's rules, a string (`"compass"`), read by the ruleset.
    Word,
    /// A whole number ≥ 0 that fits in 64 bits.
    Natural,
    /// A whole number, negative too, that fits in 64 bits.
    Integer,
    /// A list of such numbers.
    Naturals,
}

/// An argument, of its parameter's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arg<'a> {
    /// For [`ParamKind::Position`].
    Position(&'a str),
    /// For [`ParamKind::Word`].
    Word(&'a str),
    /// For [`ParamKind::Natural`].
    Natural(u64),
    /// For [`ParamKind::Integer`].
    Integer(i64),
    /// For [`ParamKind::Naturals`].
    Naturals(&'a [u64]),
}

/// A short ruleset's value of a position.
pub type ShortValue = fn(&mut Store, &[Arg<'_>]) -> Result<GameId, PartizanError>;
/// A short ruleset's position's value and every move of each player, in words.
pub type ShortMoves = fn(&mut Store, &[Arg<'_>]) -> Result<PositionMoves, PartizanError>;
/// A short ruleset's position's variant ([`crate::variant`]), played on the position's moves.
pub type ShortVariant =
    fn(&mut Store, crate::variant::Variant, &[Arg<'_>]) -> Result<GameId, PartizanError>;
/// A loopy ruleset's value of a position (a short game when no play is infinite).
pub type LoopyValue = fn(&mut Store, &[Arg<'_>]) -> Result<Loopy, PartizanError>;
/// A loopy ruleset's position's value and its moves, each with who wins after it.
pub type LoopyMoves = fn(&mut Store, &[Arg<'_>]) -> Result<LoopyPositionMoves, PartizanError>;

/// A ruleset's values and moves.
#[derive(Clone, Copy, Debug)]
pub enum Values {
    /// Every play ends: positions are short games and take part in sums.
    Short {
        /// The canonical form.
        value: ShortValue,
        /// The moves in words.
        moves: ShortMoves,
        /// Its dicotic, impartial and twisted variants.
        variant: ShortVariant,
    },
    /// Play may go on for ever: positions are loopy games, their moves listed alone.
    Loopy {
        /// The loopy value.
        value: LoopyValue,
        /// The moves in words, with verdicts.
        moves: LoopyMoves,
    },
}

/// The one position of `args`, read by `read`.
pub fn position<T>(
    args: &[Arg<'_>],
    read: impl FnOnce(&str) -> Result<T, PartizanError>,
) -> Result<T, PartizanError> {
    match args {
        [Arg::Position(text)] => read(text),
        _ => Err(mismatch()),
    }
}

/// A yes-or-no word of a generic ruleset's rules, `true` or `false`; `what` names it in the
/// error.
pub fn truth(word: &str, what: &str) -> Result<bool, PartizanError> {
    match word.trim() {
        "true" => Ok(true),
        "false" => Ok(false),
        other => Err(PartizanError::InvalidInput(format!(
            "{what} is true or false, not {other:?}"
        ))),
    }
}

/// The error of arguments that do not match a ruleset's parameters (a front end's bug).
pub fn mismatch() -> PartizanError {
    PartizanError::InvalidInput(
        "internal error: a ruleset's arguments do not match its parameters".to_string(),
    )
}

/// [`Values::Short`] of a ruleset whose one parameter is a position read by `$parse`: values
/// by [`crate::value_of`], moves by [`crate::moves_of_position`], each with the transposition
/// table the store keeps for the ruleset.
#[macro_export]
macro_rules! short_position {
    ($parse:expr) => {
        $crate::registry::Values::Short {
            value: |store, args| {
                let position = $crate::registry::position(args, $parse)?;
                Ok($crate::value_of(store, &position))
            },
            moves: |store, args| {
                let position = $crate::registry::position(args, $parse)?;
                $crate::moves_of_position(store, &position)
            },
            variant: |store, variant, args| {
                let position = $crate::registry::position(args, $parse)?;
                $crate::variant::value_of(store, variant, &position)
            },
        }
    };
}

/// [`Values::Loopy`] of a ruleset whose one parameter is a position read by `$parse`.
#[macro_export]
macro_rules! loopy_position {
    ($parse:expr) => {
        $crate::registry::Values::Loopy {
            value: |store, args| {
                let position = $crate::registry::position(args, $parse)?;
                conway_loopy::ruleset::LoopyEvaluator::new().value(store, &position)
            },
            moves: |store, args| {
                let position = $crate::registry::position(args, $parse)?;
                $crate::moves::loopy_position_moves(store, &position)
            },
        }
    };
}

/// A [`Searched`] ruleset whose arguments are read by `$parse` with the canonical form's
/// limits and by `$read` with the notation's only (both take `&[Arg]`), and searched by
/// [`crate::outcome::ruleset::winner_resuming`]; `$command` is its `solve` entry.
#[macro_export]
macro_rules! searched_arguments {
    ($parse:expr, $read:expr, $command:expr) => {
        $crate::registry::Searched {
            valued: |args| $parse(args).map(drop),
            search: |store, name, args, ask, resume| match $read(args) {
                Ok(position) => {
                    let notation = (name, $crate::registry::written(args));
                    $crate::outcome::ruleset::winner_resuming(
                        store, notation, &position, ask, resume,
                    )
                }
                Err(e) => (Err(e), resume.settled),
            },
            impartial: |store, args| $crate::nim_search::impartial_nim_value(store, &$read(args)?),
            command: $command,
        }
    };
}

/// [`searched_arguments!`] for a ruleset whose one parameter is a position, read from its
/// text by `$parse` and `$read`.
#[macro_export]
macro_rules! searched_position {
    ($parse:expr, $read:expr, $command:expr) => {
        $crate::searched_arguments!(
            |args: &[$crate::registry::Arg<'_>]| $crate::registry::position(args, $parse),
            |args: &[$crate::registry::Arg<'_>]| $crate::registry::position(args, $read),
            $command
        )
    };
}

/// A position's arguments as a report writes them: the position's text alone, or each
/// argument in order, separated by `, ` (`1, 1, true, .x.|.#.|.o.`).
pub fn written(args: &[Arg<'_>]) -> String {
    let each: Vec<String> = args
        .iter()
        .map(|a| match a {
            Arg::Position(text) | Arg::Word(text) => text.trim().to_string(),
            Arg::Natural(n) => n.to_string(),
            Arg::Integer(n) => n.to_string(),
            Arg::Naturals(ns) => format!("{ns:?}"),
        })
        .collect();
    each.join(", ")
}

/// How a position is drawn on squares: the notation's rows split by `|`, one symbol a
/// square.
#[derive(Clone, Copy, Debug, Serialize, schemars::JsonSchema)]
pub struct Board {
    /// Every symbol a square may hold, in the order an editor cycles through them; the
    /// first is the empty square a new board is filled with.
    pub squares: &'static [Square],
    /// The character between rows in the notation ([`crate::grid::ROW_SEPARATOR`]).
    pub row_separator: char,
    /// Whether a position is one row (a strip).
    pub strip: bool,
    /// Whether pieces stand on the squares of one colour of a checkerboard (row + column
    /// even, rows counted from 1 at the bottom).
    pub checkered: bool,
}

/// One symbol of a board and what it shows.
#[derive(Clone, Copy, Debug, Serialize, schemars::JsonSchema)]
pub struct Square {
    /// The character in the notation.
    pub symbol: char,
    /// What stands there.
    pub piece: Piece,
}

/// What a square shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Piece {
    /// Nothing: a square either player may use.
    Empty,
    /// Left's piece or colour (blue).
    Left,
    /// Right's piece or colour (red).
    Right,
    /// A square nobody may use.
    Filled,
    /// An edge either player may take, or a stone either player may use (green).
    Either,
}

/// A position drawn as edges: read from the notation and written back, so that a front end
/// edits the picture without knowing the notation.
#[derive(Clone, Copy, Debug)]
pub struct Pictured {
    /// The picture of a position (errors located in the text).
    pub read: fn(&str) -> Result<Picture, PartizanError>,
    /// The position a picture shows, in the notation; parts the rules would remove (edges
    /// cut off from the ground) are gone.
    pub write: fn(&Picture) -> Result<String, PartizanError>,
}

/// A picture of edges.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Picture {
    /// Stalks standing on the ground, each its edges from the ground up.
    Stalks(Vec<Vec<Piece>>),
    /// A graph on numbered vertices, vertex 0 the ground.
    Graph(Vec<PictureEdge>),
}

/// An edge of a graph picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct PictureEdge {
    /// One end, as written first.
    pub a: u32,
    /// The other end.
    pub b: u32,
    /// Who may take it.
    pub piece: Piece,
}

impl Board {
    /// A board of the given symbols in editing order.
    pub const fn of(squares: &'static [Square]) -> Board {
        Board {
            squares,
            row_separator: crate::grid::ROW_SEPARATOR,
            strip: false,
            checkered: false,
        }
    }

    /// The same symbols on a strip.
    pub const fn strip(self) -> Board {
        Board {
            strip: true,
            ..self
        }
    }

    /// The same symbols on the dark squares of a checkerboard.
    pub const fn checkered(self) -> Board {
        Board {
            checkered: true,
            ..self
        }
    }
}

/// A symbol of a board.
pub const fn square(symbol: char, piece: Piece) -> Square {
    Square { symbol, piece }
}

/// The empty square `.`.
pub const EMPTY: Square = square('.', Piece::Empty);

/// Empty squares and the players' pieces, `x` Left's and `o` Right's (Clobber, Konane, NoGo,
/// Fox and Geese).
pub const STONES: Board = Board::of(&[EMPTY, square('x', Piece::Left), square('o', Piece::Right)]);

/// [`STONES`] and squares nobody may use, `#` (Amazons' burnt squares, Col's and Snort's
/// missing ones).
pub const STONES_AND_FILLED: Board = Board::of(&[
    EMPTY,
    square('x', Piece::Left),
    square('o', Piece::Right),
    square('#', Piece::Filled),
]);

/// A ruleset searched for its winner.
#[derive(Clone, Copy, Debug)]
pub struct Searched {
    /// Reads a position (the ruleset's arguments) as the `eval` function does, with the
    /// canonical form's limits: a position it refuses as too large is one `outcome(…)`
    /// searches instead of valuing.
    pub valued: fn(&[Arg<'_>]) -> Result<(), PartizanError>,
    /// Reads the position (errors located in its text) and searches it, resuming from what
    /// an earlier search of it settled ([`Resume::afresh`] for a search from scratch);
    /// returns the answer and all that is settled, also when there is no answer. The
    /// `&'static str` is the ruleset's name, for the report.
    pub search: fn(&mut Store, &'static str, &[Arg<'_>], Ask, Resume) -> Resumed,
    /// The nim value of the position's impartial variant, the position read with the
    /// notation's limits only: by [`crate::nim_search`], past the canonical forms' reach.
    pub impartial: fn(&mut Store, &[Arg<'_>]) -> Result<u64, PartizanError>,
    /// Its `solve` command; `None` for a ruleset whose command is its own (Domineering's
    /// searches on every core).
    pub command: Option<Command>,
}

/// A searched ruleset's `solve` command.
#[derive(Clone, Copy, Debug)]
pub struct Command {
    /// Its rules in a few words, for `solve --list` ("Who wins Clobber (…) …").
    pub rules: &'static str,
    /// A position as the command writes it.
    pub example: &'static str,
    /// How a board is written, for the command's help.
    pub board_help: &'static str,
    /// The starting position of a `ROWSxCOLUMNS` board, for the rulesets that take one.
    pub rectangle: Option<Fill>,
}

impl Command {
    /// What `solve --list` says of it.
    pub fn summary(&self, ruleset: &Ruleset) -> String {
        format!(
            "Who wins {} ({}) when each player starts, by search",
            ruleset.title, self.rules
        )
    }

    /// The board `text` writes: `ROWSxCOLUMNS` as the starting board of that size (at most
    /// 64 a side, so the text built stays small; larger ones are left to the ruleset's
    /// limits), any other text as it is.
    pub fn board(&self, text: &str) -> String {
        let Some(fill) = self.rectangle else {
            return text.to_string();
        };
        let size = text.trim().split_once(['x', 'X']).and_then(|(r, c)| {
            let side = |s: &str| s.parse::<usize>().ok().filter(|n| (1..=64).contains(n));
            Some((side(r)?, side(c)?))
        });
        match size {
            Some((rows, columns)) => (0..rows)
                .map(|r| (0..columns).map(|c| fill.at(r, c)).collect::<String>())
                .collect::<Vec<_>>()
                .join("|"),
            None => text.to_string(),
        }
    }
}

/// How a `ROWSxCOLUMNS` board starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fill {
    /// Every square the same.
    Uniform(char),
    /// A checkerboard: the first symbol in the top left corner.
    Checkered(char, char),
}

impl Fill {
    /// The symbol at row `r`, column `c` (from 0, top left).
    pub fn at(self, r: usize, c: usize) -> char {
        match self {
            Fill::Uniform(s) => s,
            Fill::Checkered(a, b) => {
                if (r + c).is_multiple_of(2) {
                    a
                } else {
                    b
                }
            }
        }
    }
}

/// What a front end is told of a ruleset: the worksheet's page (`GET /api/rulesets`) and
/// Python (`conway.rulesets()`).
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct Description {
    /// Its `eval` function's name.
    pub name: &'static str,
    /// Other spellings.
    pub aliases: &'static [&'static str],
    /// Its name in prose.
    pub title: &'static str,
    /// Its notation and rules in one line.
    pub summary: &'static str,
    /// Its parameters.
    pub params: &'static [Param],
    /// An `eval` call.
    pub example: &'static str,
    /// The sizes past which a position's value is refused.
    pub limits: &'static [Limit],
    /// Whether its values are loopy games.
    pub loopy: bool,
    /// How a position is drawn on squares, if it is.
    pub board: Option<Board>,
    /// Whether a position is drawn as a picture of edges (ask the ruleset for it).
    pub pictured: bool,
    /// Whether positions too large for their value are searched for their winner.
    pub searched: bool,
}

/// Every ruleset, described.
pub fn descriptions() -> Vec<Description> {
    RULESETS.iter().map(|r| r.describe()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// No two rulesets answer to one name, so that `eval` and `solve` find each one.
    #[test]
    fn names_are_distinct() {
        let mut seen = HashSet::new();
        for ruleset in RULESETS {
            let own: HashSet<String> = ruleset.spellings().map(name_key).collect();
            for key in own {
                assert!(seen.insert(key.clone()), "{key} names two rulesets");
            }
        }
    }

    /// An argument of an `eval` call, read.
    enum Read {
        Text(String),
        Number(i64),
        Numbers(Vec<u64>),
    }

    /// The arguments of the call `name(…)`: quoted positions, naturals and lists `[1,3]`
    /// (the forms the registry's examples and limits are written in).
    fn read_call(call: &str, name: &str) -> Vec<Read> {
        let inner = (call.strip_prefix(name))
            .and_then(|c| c.strip_prefix('('))
            .and_then(|c| c.strip_suffix(')'))
            .unwrap_or_else(|| panic!("{call} is not a call of {name}"));
        let (mut parts, mut start, mut quoted, mut depth) = (Vec::new(), 0, false, 0);
        for (i, c) in inner.char_indices() {
            match c {
                '"' => quoted = !quoted,
                '[' if !quoted => depth += 1,
                ']' if !quoted => depth -= 1,
                ',' if !quoted && depth == 0 => {
                    parts.push(&inner[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        parts.push(&inner[start..]);
        let number = |n: &str| n.trim().parse::<u64>().unwrap_or_else(|_| panic!("{call}"));
        let integer = |n: &str| n.trim().parse::<i64>().unwrap_or_else(|_| panic!("{call}"));
        (parts.into_iter().map(str::trim))
            .map(|p| {
                if let Some(text) = p.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
                    Read::Text(text.to_string())
                } else if let Some(list) = p.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                    Read::Numbers(list.split(',').map(number).collect())
                } else {
                    Read::Number(integer(p))
                }
            })
            .collect()
    }

    fn args_of<'a>(read: &'a [Read], params: &[Param]) -> Vec<Arg<'a>> {
        (read.iter().zip(params))
            .map(|(r, p)| match r {
                Read::Text(text) if p.kind == ParamKind::Word => Arg::Word(text),
                Read::Text(text) => Arg::Position(text),
                Read::Number(n) if p.kind == ParamKind::Integer => Arg::Integer(*n),
                Read::Number(n) => Arg::Natural(u64::try_from(*n).expect("a natural")),
                Read::Numbers(list) => Arg::Naturals(list),
            })
            .collect()
    }

    /// A `solve` command's words as the ruleset's arguments, the position last (as the
    /// command's example writes them: `1 2 1 false tt.t..ff.f`).
    fn command_args<'a>(words: &[&'a str], params: &[Param]) -> Vec<Arg<'a>> {
        (words.iter().zip(params))
            .map(|(&w, p)| match p.kind {
                ParamKind::Position => Arg::Position(w),
                ParamKind::Word => Arg::Word(w),
                ParamKind::Natural => Arg::Natural(w.parse().expect("a natural")),
                ParamKind::Integer => Arg::Integer(w.parse().expect("an integer")),
                ParamKind::Naturals => panic!("a solve command takes no lists"),
            })
            .collect()
    }

    /// Every example evaluates, and its moves are listed with the same value.
    #[test]
    fn examples_evaluate_and_list_their_moves() {
        for ruleset in RULESETS {
            let call = ruleset.example;
            let read = read_call(call, ruleset.name);
            let args = args_of(&read, ruleset.params);
            assert_eq!(read.len(), ruleset.params.len(), "{call}");
            let mut store = Store::new();
            let value = ruleset.value(&mut store, &args);
            assert!(value.is_ok(), "{call}: {value:?}");
            match ruleset.values {
                Values::Short { moves, .. } => {
                    let listed = moves(&mut store, &args).unwrap();
                    assert_eq!(Ok(Loopy::Short(listed.value)), value, "{call}");
                }
                Values::Loopy { moves, .. } => {
                    let listed = moves(&mut store, &args).unwrap();
                    assert_eq!(Ok(listed.value), value, "{call}");
                }
            }
        }
    }

    /// Each ruleset states its limits, and refuses the call just past each one as too large
    /// for that very limit.
    #[test]
    fn every_limit_refuses_the_call_past_it() {
        for ruleset in RULESETS {
            assert!(
                !ruleset.limits.is_empty(),
                "{} states no limit",
                ruleset.name
            );
            for limit in ruleset.limits {
                let call = (limit.past)();
                let read = read_call(&call, ruleset.name);
                let mut store = Store::new();
                match ruleset.value(&mut store, &args_of(&read, ruleset.params)) {
                    Err(PartizanError::TooLarge { limit: stated, .. }) => {
                        assert_eq!(stated, limit.most.to_string(), "{}: {call:.80}", limit.what)
                    }
                    other => panic!("{}: {call:.80}: {other:?}", limit.what),
                }
            }
        }
    }

    /// A board's symbols are read by the ruleset: a board filled with each symbol alone is
    /// a position, or refused for what stands on it, never for an unknown symbol.
    #[test]
    fn board_symbols_are_the_notation() {
        for ruleset in RULESETS {
            let Some(board) = ruleset.board else { continue };
            assert_eq!(board.squares[0].piece, Piece::Empty, "{}", ruleset.name);
            for square in board.squares {
                let text = if board.strip {
                    format!("{}..", square.symbol)
                } else {
                    format!("{}..|...", square.symbol)
                };
                let mut store = Store::new();
                if let Err(e) = ruleset.value(&mut store, &[Arg::Position(&text)]) {
                    let message = e.to_string();
                    assert!(
                        !message.contains(&format!("'{}'", square.symbol))
                            && !message.contains(&format!("{:?}", square.symbol)),
                        "{}: {text}: {message}",
                        ruleset.name
                    );
                }
            }
        }
    }

    /// A pictured ruleset's example reads as a picture that writes back to a position of
    /// the same value.
    #[test]
    fn pictures_write_back_what_they_read() {
        for ruleset in RULESETS {
            let Some(pictured) = ruleset.picture else {
                continue;
            };
            let text = ruleset
                .example
                .split('"')
                .nth(1)
                .expect("a quoted position");
            let picture = (pictured.read)(text).expect("the example reads");
            let written = (pictured.write)(&picture).expect("a picture read writes");
            assert_eq!(
                (pictured.read)(&written),
                Ok(picture.clone()),
                "{}",
                ruleset.name
            );
            let mut store = Store::new();
            assert_eq!(
                ruleset.value_of_text(&mut store, &written),
                ruleset.value_of_text(&mut store, text),
                "{}",
                ruleset.name
            );
        }
    }

    /// A `solve` command's `ROWSxCOLUMNS` board is a position of the ruleset.
    #[test]
    fn rectangles_are_positions() {
        for ruleset in RULESETS {
            let Some(Searched {
                command: Some(command),
                valued,
                ..
            }) = ruleset.search
            else {
                continue;
            };
            let board = command.board("2x3");
            if command.rectangle.is_some() {
                assert_eq!(board.len(), 7, "{}", ruleset.name);
                assert!(
                    valued(&[Arg::Position(&board)]).is_ok(),
                    "{}: {board}",
                    ruleset.name
                );
            } else {
                assert_eq!(board, "2x3");
            }
            // The example: the rules' words, then the board.
            let mut words: Vec<&str> = (command.example)
                .splitn(ruleset.params.len(), char::is_whitespace)
                .collect();
            let board = words.pop().map(|b| command.board(b)).expect("a board");
            words.push(&board);
            assert_eq!(words.len(), ruleset.params.len(), "{}", ruleset.name);
            let args = command_args(&words, ruleset.params);
            assert!(valued(&args).is_ok(), "{}", ruleset.name);
        }
    }
}
