//! What a game's position and options are written with: the parameters of a catalogue entry,
//! how each word of one is read (the same limits and messages from the command line, the
//! worksheet and Python), and the [`Arguments`] read.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use num_bigint::BigUint;
use serde::Serialize;

use crate::words::{self, ValueError};
use crate::GameError;

/// What one word of a parameter is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A whole number ≥ 0 of any size (up to [`words::MAX_DIGITS`] digits).
    Natural,
    /// A whole number ≥ 0 below 2^64.
    U64,
    /// A whole number ≥ 0 below 2^32.
    U32,
    /// Whole numbers below 2^64 in one word, `2,3,4` (`none`: no number).
    Numbers,
    /// Any text (a game's code, a row of coins, a vertex).
    Text,
    /// Present or not; takes no word.
    Flag,
    /// A file Conway reads (`-` is standard input).
    InputFile,
    /// A file or folder Conway writes (never `-`, standard input).
    OutputFile,
    /// A span of seconds (`inf`: never).
    Seconds,
    /// One of these words.
    Choice(&'static [&'static str]),
}

impl Kind {
    /// Reads one word.
    pub fn read(self, word: &str) -> Result<Value, ValueError> {
        Ok(match self {
            Kind::Natural => Value::Natural(words::parse_natural(word)?),
            Kind::U64 => Value::U64(words::parse_u64(word)?),
            Kind::U32 => Value::U32(words::parse_u32(word)?),
            Kind::Numbers => Value::Numbers(words::parse_numbers(word)?),
            Kind::Text => Value::Text(word.to_string()),
            Kind::Flag => Value::Flag(match word {
                "true" => true,
                "false" => false,
                _ => return Err(ValueError::invalid("expected true or false")),
            }),
            Kind::InputFile => Value::Path(PathBuf::from(word)),
            Kind::OutputFile => {
                if word == conway_core::error::STDIN_PATH {
                    return Err(ValueError::invalid(
                        "'-' names standard input, which cannot be written to; name a file",
                    ));
                }
                Value::Path(PathBuf::from(word))
            }
            Kind::Seconds => Value::Seconds(words::parse_seconds(word)?),
            Kind::Choice(words) => {
                if !words.contains(&word) {
                    return Err(ValueError::invalid(format!(
                        "'{word}' is not one of {}",
                        words.join(", ")
                    )));
                }
                Value::Text(word.to_string())
            }
        })
    }

    /// Whether the parameter names a file: a session that touches no files refuses it.
    pub fn is_file(self) -> bool {
        matches!(self, Kind::InputFile | Kind::OutputFile)
    }
}

/// How many words a parameter takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Arity {
    /// Exactly one (or none, when the parameter is optional).
    One,
    /// One or more (a list of heaps).
    Many,
    /// Any number, none included (tokens on a graph).
    Any,
}

/// One parameter of a game: a positional word (or words) of its position, or an option.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Param {
    /// The name: `heaps`, `max-take` (an option is written `--max-take`).
    pub name: &'static str,
    /// What each word is.
    pub kind: Kind,
    /// An option (`--name value`, a flag `--name`), or a positional word.
    pub option: bool,
    /// How many words.
    pub arity: Arity,
    /// Whether it must be given (a positional word of one, unless optional).
    pub required: bool,
    /// The word read when it is not given.
    pub default: Option<&'static str>,
    /// A word for a person, the name in capitals unless set (`NUMBERS`).
    pub value_name: Option<&'static str>,
    /// Another parameter this one only goes with.
    pub requires: Option<&'static str>,
    /// Another parameter this one does not go with.
    pub conflicts: Option<&'static str>,
    /// What it means, for help.
    pub help: &'static str,
}

/// `--checkpoint-every`, the same for every game that keeps checkpoints.
pub const CHECKPOINT_EVERY: Param = Param::option(
    "checkpoint-every",
    Kind::Seconds,
    "Seconds between checkpoints (≥ 0; inf saves only at the end and when stopped).",
)
.value_name("SECONDS")
.default("60")
.requires("checkpoint");

impl Param {
    /// A required positional word.
    pub const fn positional(name: &'static str, kind: Kind, help: &'static str) -> Param {
        Param {
            name,
            kind,
            option: false,
            arity: Arity::One,
            required: true,
            default: None,
            value_name: None,
            requires: None,
            conflicts: None,
            help,
        }
    }

    /// An option `--name VALUE`, not required.
    pub const fn option(name: &'static str, kind: Kind, help: &'static str) -> Param {
        Param {
            option: true,
            required: false,
            ..Param::positional(name, kind, help)
        }
    }

    /// A flag `--name`.
    pub const fn flag(name: &'static str, help: &'static str) -> Param {
        Param::option(name, Kind::Flag, help)
    }

    /// One or more words (of a positional parameter, the last).
    pub const fn many(self) -> Param {
        Param {
            arity: Arity::Many,
            ..self
        }
    }

    /// Any number of words, none included (of a positional parameter, the last).
    pub const fn any(self) -> Param {
        Param {
            arity: Arity::Any,
            required: false,
            ..self
        }
    }

    /// Must be given (an option).
    pub const fn required(self) -> Param {
        Param {
            required: true,
            ..self
        }
    }

    /// Read as `word` when not given.
    pub const fn default(self, word: &'static str) -> Param {
        Param {
            default: Some(word),
            required: false,
            ..self
        }
    }

    /// Shown as `name` in help.
    pub const fn value_name(self, name: &'static str) -> Param {
        Param {
            value_name: Some(name),
            ..self
        }
    }

    /// Only goes with `other`.
    pub const fn requires(self, other: &'static str) -> Param {
        Param {
            requires: Some(other),
            ..self
        }
    }

    /// Does not go with `other`.
    pub const fn conflicts(self, other: &'static str) -> Param {
        Param {
            conflicts: Some(other),
            ..self
        }
    }

    /// The name shown for its words: `HEAPS`, `MAX_TAKE`, or the one set.
    pub fn shown_name(&self) -> String {
        self.value_name
            .map(str::to_string)
            .unwrap_or_else(|| self.name.to_uppercase().replace('-', "_"))
    }

    /// How a person writes it: `<HEAPS>...`, `--max-take <MAX_TAKE>`, `--misere`.
    pub fn written(&self) -> String {
        let words = format!("<{}>", self.shown_name());
        let words = match self.arity {
            Arity::One => words,
            Arity::Many | Arity::Any => format!("{words}..."),
        };
        match (self.option, self.kind) {
            (true, Kind::Flag) => format!("--{}", self.name),
            (true, _) => format!("--{} {words}", self.name),
            (false, _) => words,
        }
    }
}

/// One value read from a word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// [`Kind::Natural`].
    Natural(BigUint),
    /// [`Kind::U64`].
    U64(u64),
    /// [`Kind::U32`].
    U32(u32),
    /// [`Kind::Numbers`].
    Numbers(Vec<u64>),
    /// [`Kind::Text`] and [`Kind::Choice`].
    Text(String),
    /// [`Kind::Flag`].
    Flag(bool),
    /// [`Kind::InputFile`] and [`Kind::OutputFile`].
    Path(PathBuf),
    /// [`Kind::Seconds`].
    Seconds(Duration),
}

/// A game's arguments, read: each parameter's values by name (a parameter not given and
/// without a default is absent).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Arguments {
    values: BTreeMap<&'static str, Vec<Value>>,
}

impl Arguments {
    /// Arguments from values already read (the CLI's parser reads them with [`Kind::read`]).
    pub fn from_values(values: impl IntoIterator<Item = (&'static str, Vec<Value>)>) -> Self {
        Arguments {
            values: values.into_iter().filter(|(_, v)| !v.is_empty()).collect(),
        }
    }

    /// Reads `positional` words and `options` (name without dashes, `_` or `-` alike, and
    /// its words; a flag's word is `true` or `false`) by `params`, as a call from Python or a
    /// test writes them; each refusal names the parameter and the word.
    pub fn read(
        params: &[Param],
        positional: &[String],
        options: &[(String, Vec<String>)],
    ) -> Result<Arguments, GameError> {
        let mut values: BTreeMap<&'static str, Vec<Value>> = BTreeMap::new();
        let read = |p: &Param, word: &str, at: String| {
            p.kind
                .read(word)
                .map_err(|e| GameError::new(e.kind(), format!("{at} ({}): {e}", p.shown_name())))
        };
        // Positional words, in order; a list takes the rest.
        let mut words = positional.iter().enumerate();
        for p in params.iter().filter(|p| !p.option) {
            let take = match p.arity {
                Arity::One => 1,
                Arity::Many | Arity::Any => usize::MAX,
            };
            let mut got = Vec::new();
            while got.len() < take {
                let Some((i, word)) = words.next() else { break };
                got.push(read(p, word, format!("position word {}", i + 1))?);
            }
            if got.is_empty() && p.required {
                return Err(GameError::invalid(format!(
                    "the position needs {}",
                    p.written()
                )));
            }
            values.insert(p.name, got);
        }
        if let Some((i, word)) = words.next() {
            return Err(GameError::invalid(format!(
                "position word {} ('{word}') is one too many",
                i + 1
            )));
        }
        for (name, words) in options {
            let name = name.replace('_', "-");
            let Some(p) = params.iter().find(|p| p.option && p.name == name) else {
                let known: Vec<String> = params
                    .iter()
                    .filter(|p| p.option)
                    .map(|p| p.name.replace('-', "_"))
                    .collect();
                return Err(GameError::invalid(format!(
                    "no option '{name}' here{}",
                    if known.is_empty() {
                        String::new()
                    } else {
                        format!(" (options: {})", known.join(", "))
                    }
                )));
            };
            if p.arity == Arity::One && words.len() != 1 {
                return Err(GameError::invalid(format!(
                    "option '{name}' takes one value, not {}",
                    words.len()
                )));
            }
            let got = words
                .iter()
                .map(|w| read(p, w, format!("option '{name}'")))
                .collect::<Result<Vec<_>, _>>()?;
            values.insert(p.name, got);
        }
        // Whether a parameter was given (a flag set), as the command line's parser judges
        // `requires` and `conflicts`: defaults do not count.
        let given = |values: &BTreeMap<&'static str, Vec<Value>>, name: &str| {
            values
                .get(name)
                .is_some_and(|v| !v.is_empty() && v != &[Value::Flag(false)])
        };
        for p in params.iter().filter(|p| given(&values, p.name)) {
            if let Some(other) = p.requires.filter(|o| !given(&values, o)) {
                return Err(GameError::invalid(format!(
                    "--{} goes with --{other}",
                    p.name
                )));
            }
            if let Some(other) = p.conflicts.filter(|o| given(&values, o)) {
                return Err(GameError::invalid(format!(
                    "--{} does not go with --{other}",
                    p.name
                )));
            }
        }
        for p in params {
            if values.get(p.name).is_some_and(|v| !v.is_empty()) {
                continue;
            }
            if let Some(word) = p.default {
                values.insert(p.name, vec![read(p, word, "the default".into())?]);
            } else if p.required {
                return Err(GameError::invalid(format!("{} is required", p.written())));
            }
        }
        Ok(Arguments::from_values(values))
    }

    /// Reads a command line's words after the game's name (`--set 1,3,4 10 12`): options
    /// as `--name value` (a flag alone), the rest positional, then as [`Arguments::read`].
    /// For callers without the CLI's parser (examples, tests).
    pub fn read_command(params: &[Param], words: &[String]) -> Result<Arguments, GameError> {
        let mut positional = Vec::new();
        let mut options: Vec<(String, Vec<String>)> = Vec::new();
        let mut words = words.iter();
        while let Some(word) = words.next() {
            let Some(name) = word.strip_prefix("--") else {
                positional.push(word.clone());
                continue;
            };
            let flag = params
                .iter()
                .any(|p| p.option && p.name == name && p.kind == Kind::Flag);
            let value = if flag {
                "true".to_string()
            } else {
                words
                    .next()
                    .cloned()
                    .ok_or_else(|| GameError::invalid(format!("--{name} needs a value")))?
            };
            match options.iter_mut().find(|(n, _)| n == name) {
                Some((_, values)) => values.push(value),
                None => options.push((name.to_string(), vec![value])),
            }
        }
        Arguments::read(params, &positional, &options)
    }

    fn all(&self, name: &str) -> &[Value] {
        self.values.get(name).map_or(&[], Vec::as_slice)
    }

    fn missing(name: &str) -> GameError {
        GameError::internal(format!("the argument '{name}' was not read"))
    }

    /// Whether `name` was given (or has a default).
    pub fn has(&self, name: &str) -> bool {
        !self.all(name).is_empty()
    }

    /// The whole numbers of `name`.
    pub fn naturals(&self, name: &str) -> Vec<BigUint> {
        self.all(name)
            .iter()
            .filter_map(|v| match v {
                Value::Natural(n) => Some(n.clone()),
                _ => None,
            })
            .collect()
    }

    /// The whole number of `name`, if given.
    pub fn natural_if_given(&self, name: &str) -> Option<BigUint> {
        self.naturals(name).into_iter().next()
    }

    /// The whole number of `name`, which must be there.
    pub fn natural(&self, name: &str) -> Result<BigUint, GameError> {
        self.natural_if_given(name)
            .ok_or_else(|| Arguments::missing(name))
    }

    /// The 64-bit numbers of `name`.
    pub fn u64s(&self, name: &str) -> Vec<u64> {
        self.all(name)
            .iter()
            .filter_map(|v| match v {
                Value::U64(n) => Some(*n),
                _ => None,
            })
            .collect()
    }

    /// The 64-bit number of `name`, which must be there.
    pub fn u64(&self, name: &str) -> Result<u64, GameError> {
        self.u64s(name)
            .first()
            .copied()
            .ok_or_else(|| Arguments::missing(name))
    }

    /// The 32-bit number of `name`, which must be there.
    pub fn u32(&self, name: &str) -> Result<u32, GameError> {
        match self.all(name).first() {
            Some(Value::U32(n)) => Ok(*n),
            _ => Err(Arguments::missing(name)),
        }
    }

    /// The list of numbers of `name`, if given.
    pub fn numbers(&self, name: &str) -> Option<Vec<u64>> {
        match self.all(name).first() {
            Some(Value::Numbers(n)) => Some(n.clone()),
            _ => None,
        }
    }

    /// The texts of `name`.
    pub fn texts(&self, name: &str) -> Vec<String> {
        self.all(name)
            .iter()
            .filter_map(|v| match v {
                Value::Text(t) => Some(t.clone()),
                _ => None,
            })
            .collect()
    }

    /// The text of `name`, which must be there.
    pub fn text(&self, name: &str) -> Result<String, GameError> {
        self.texts(name)
            .into_iter()
            .next()
            .ok_or_else(|| Arguments::missing(name))
    }

    /// Whether the flag `name` is set.
    pub fn flag(&self, name: &str) -> bool {
        self.all(name).contains(&Value::Flag(true))
    }

    /// The file of `name`, if given.
    pub fn path(&self, name: &str) -> Option<PathBuf> {
        match self.all(name).first() {
            Some(Value::Path(p)) => Some(p.clone()),
            _ => None,
        }
    }

    /// The file of `name`, which must be there.
    pub fn required_path(&self, name: &str) -> Result<PathBuf, GameError> {
        self.path(name).ok_or_else(|| Arguments::missing(name))
    }

    /// The span of `name`, if given.
    pub fn seconds(&self, name: &str) -> Option<Duration> {
        match self.all(name).first() {
            Some(Value::Seconds(s)) => Some(*s),
            _ => None,
        }
    }
}
