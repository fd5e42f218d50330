//! The functions `eval` knows, in one table ([`FUNCTIONS`]): each entry's name and other
//! spellings, its parameters, its help line, an example call and its implementation. The
//! evaluator dispatches through the table and `conway eval --help` lists it, so a function
//! cannot be callable without being documented, or documented without being callable.
//!
//! Names are matched without regard to case or underscores ([`lookup`]), so CGSuite's
//! spellings (`LeftStop`, `AtomicWeight`) work alongside the documented snake_case ones; an
//! entry's `aliases` list them for the help text, and any further abbreviations.

use conway_numbers::Dyadic;

use super::Value;
use crate::infinitesimal::{atomic_weight, reduced_canonical_form};
use crate::rulesets::clobber::{clobber_moves, clobber_value};
use crate::rulesets::cutcake::{cutcake_moves, cutcake_value};
use crate::rulesets::domineering::{domineering, domineering_moves};
use crate::rulesets::hackenbush::{hackenbush_moves, hackenbush_value};
use crate::rulesets::moves::PositionMoves;
use crate::rulesets::toads_and_frogs::{toads_and_frogs_moves, toads_and_frogs_value};
use crate::thermal::{cool, heat, left_stop, mean_and_temperature, right_stop, thermograph};
use crate::{GameId, PartizanError, Store};

/// What an argument of an `eval` function must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgKind {
    /// A game; numbers are games.
    Game,
    /// A game that is a number.
    Number,
    /// A whole number ≥ 0 that fits in 64 bits.
    Natural,
    /// A quoted string: a ruleset's position in its notation.
    Text,
}

/// One parameter of a function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    /// How the help text writes it: a letter (`G`, `t`), or for a string a sample position,
    /// shown in quotes.
    pub name: &'static str,
    /// What the argument must be.
    pub kind: ArgKind,
}

/// A quoted string argument and where it was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Text<'a> {
    /// The string, without its quotes.
    pub text: &'a str,
    /// The 1-based column of the opening quote in the whole input.
    pub column: usize,
}

impl Text<'_> {
    /// An error of a ruleset reading this string, placed in the whole input: its parser counts
    /// columns from the string's first character, which is one past the quote (strings have
    /// no escapes, so characters correspond one to one); an error about no place in particular
    /// is put at the string.
    pub fn locate(&self, error: PartizanError) -> PartizanError {
        error.within(self.column + 1).at(self.column)
    }
}

/// An argument evaluated to the kind its parameter asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Argument<'a> {
    /// For [`ArgKind::Game`].
    Game(GameId),
    /// For [`ArgKind::Number`].
    Number(Dyadic),
    /// For [`ArgKind::Natural`].
    Natural(u64),
    /// For [`ArgKind::Text`].
    Text(Text<'a>),
}

/// A function's implementation: it receives one argument per parameter, each of the
/// parameter's kind.
pub type Implementation = fn(&mut Store, &[Argument<'_>]) -> Result<Value, PartizanError>;

/// A ruleset's moves: the position of one call's arguments, its value and its moves.
pub type MovesImplementation =
    fn(&mut Store, &[Argument<'_>]) -> Result<PositionMoves, PartizanError>;

/// One function of `eval`.
#[derive(Clone, Copy, Debug)]
pub struct Function {
    /// The documented name, as the help text writes it.
    pub name: &'static str,
    /// Other accepted spellings (CGSuite's, abbreviations); case and underscores are ignored
    /// in all names anyway.
    pub aliases: &'static [&'static str],
    /// The parameters in order; their number is the arity.
    pub params: &'static [Param],
    /// What the function computes, in one line.
    pub help: &'static str,
    /// A call that evaluates without error (checked by the tests).
    pub example: &'static str,
    /// For a ruleset: its position's value and every move of each player, in the ruleset's
    /// words (what `eval` lists as the moves of a sum of ruleset positions).
    pub moves: Option<MovesImplementation>,
    /// Computes the value.
    pub implementation: Implementation,
}

impl Function {
    /// The number of arguments.
    pub fn arity(&self) -> usize {
        self.params.len()
    }

    /// The call as the help text writes it, e.g. `cool(G, t)` or `domineering("..|..")`.
    pub fn signature(&self) -> String {
        let params: Vec<String> = self
            .params
            .iter()
            .map(|p| match p.kind {
                ArgKind::Text => format!("\"{}\"", p.name),
                _ => p.name.to_string(),
            })
            .collect();
        format!("{}({})", self.name, params.join(", "))
    }

    /// The name and the aliases.
    pub fn spellings(&self) -> impl Iterator<Item = &'static str> {
        std::iter::once(self.name).chain(self.aliases.iter().copied())
    }
}

/// A parameter (a function so that the table's entries fit on few lines).
const fn param(name: &'static str, kind: ArgKind) -> Param {
    Param { name, kind }
}

/// The one parameter of most functions.
const GAME: &[Param] = &[param("G", ArgKind::Game)];

/// Every function of `eval`, in the order of the help text.
pub static FUNCTIONS: &[Function] = &[
    Function {
        name: "temperature",
        aliases: &[],
        params: GAME,
        help: "the temperature",
        example: "temperature({3||2|1})",
        moves: None,
        implementation: |store, args| {
            let g = one_game(args)?;
            Ok(Value::Number(mean_and_temperature(store, g)?.1))
        },
    },
    Function {
        name: "mean",
        aliases: &[],
        params: GAME,
        help: "the mean value",
        example: "mean({3||2|1})",
        moves: None,
        implementation: |store, args| {
            let g = one_game(args)?;
            Ok(Value::Number(mean_and_temperature(store, g)?.0))
        },
    },
    Function {
        name: "left_stop",
        aliases: &["LeftStop"],
        params: GAME,
        help: "Left's stop",
        example: "left_stop({3|2})",
        moves: None,
        implementation: |store, args| Ok(Value::Number(left_stop(store, one_game(args)?))),
    },
    Function {
        name: "right_stop",
        aliases: &["RightStop"],
        params: GAME,
        help: "Right's stop",
        example: "RightStop({3|2})",
        moves: None,
        implementation: |store, args| Ok(Value::Number(right_stop(store, one_game(args)?))),
    },
    Function {
        name: "thermograph",
        aliases: &[],
        params: GAME,
        help: "the thermograph",
        example: "thermograph(+-1)",
        moves: None,
        implementation: |store, args| {
            let g = one_game(args)?;
            Ok(Value::Thermograph(thermograph(store, g)?))
        },
    },
    Function {
        name: "cool",
        aliases: &[],
        params: &[param("G", ArgKind::Game), param("t", ArgKind::Number)],
        help: "G cooled by the number t",
        example: "cool({3||2+*|1+*}, 1/4)",
        moves: None,
        implementation: |store, args| match args {
            [Argument::Game(g), Argument::Number(t)] => Ok(Value::Game(cool(store, *g, t)?)),
            _ => Err(mismatch()),
        },
    },
    Function {
        name: "heat",
        aliases: &[],
        params: &[param("G", ArgKind::Game), param("t", ArgKind::Game)],
        help: "G heated by the game t",
        example: "heat({3||2+*|1+*}, 1)",
        moves: None,
        implementation: |store, args| match args {
            [Argument::Game(g), Argument::Game(t)] => Ok(Value::Game(heat(store, *g, *t))),
            _ => Err(mismatch()),
        },
    },
    Function {
        name: "atomic_weight",
        aliases: &["AtomicWeight", "aw"],
        params: GAME,
        help: "the atomic weight (an error if G is not atomic)",
        example: "atomic_weight({^^^|vv})",
        moves: None,
        implementation: |store, args| {
            let g = one_game(args)?;
            Ok(Value::Game(atomic_weight(store, g)?))
        },
    },
    Function {
        name: "reduced",
        aliases: &["ReducedCanonicalForm", "rcf"],
        params: GAME,
        help: "the reduced canonical form",
        example: "reduced({3||2+*|1+*})",
        moves: None,
        implementation: |store, args| {
            let g = one_game(args)?;
            Ok(Value::Game(reduced_canonical_form(store, g)))
        },
    },
    Function {
        name: "birthday",
        aliases: &[],
        params: GAME,
        help: "the birthday",
        example: "birthday(^)",
        moves: None,
        implementation: |store, args| Ok(Value::Natural(store.birthday(one_game(args)?))),
    },
    Function {
        name: "outcome",
        aliases: &["OutcomeClass"],
        params: GAME,
        help: "the outcome class: L, R, P or N",
        example: "outcome(*)",
        moves: None,
        implementation: |store, args| Ok(Value::Outcome(store.outcome(one_game(args)?))),
    },
    Function {
        name: "Tiny",
        aliases: &[],
        params: &[param("x", ArgKind::Game)],
        help: "{0||0|-x}",
        example: "Tiny(2)",
        moves: None,
        implementation: |store, args| Ok(Value::Game(tiny(store, one_game(args)?))),
    },
    Function {
        name: "Miny",
        aliases: &[],
        params: &[param("x", ArgKind::Game)],
        help: "{x|0||0}",
        example: "Miny(1/2)",
        moves: None,
        implementation: |store, args| {
            let tiny = tiny(store, one_game(args)?);
            Ok(Value::Game(store.neg(tiny)))
        },
    },
    Function {
        name: "domineering",
        aliases: &[],
        params: &[param("..|..", ArgKind::Text)],
        help: "Domineering; rows split by |, . empty, # filled",
        example: "domineering(\"..#|...\")",
        moves: Some(|store, args| on_board(store, args, domineering_moves)),
        implementation: |store, args| on_board(store, args, domineering).map(Value::Game),
    },
    Function {
        name: "hackenbush",
        aliases: &[],
        params: &[param("lr|e", ArgKind::Text)],
        help: "Hackenbush; stalks l (blue) r (red) e (green) split by |, or edges 0-1:l",
        example: "hackenbush(\"0-1:l 1-2:r 2-0:e\")",
        moves: Some(|store, args| on_board(store, args, hackenbush_moves)),
        implementation: |store, args| on_board(store, args, hackenbush_value).map(Value::Game),
    },
    Function {
        name: "toads_and_frogs",
        aliases: &["ToadsAndFrogs"],
        params: &[param("tt..ff", ArgKind::Text)],
        help: "Toads and Frogs; t toad, f frog, . empty",
        example: "toads_and_frogs(\"t.tf.f\")",
        moves: Some(|store, args| on_board(store, args, toads_and_frogs_moves)),
        implementation: |store, args| on_board(store, args, toads_and_frogs_value).map(Value::Game),
    },
    Function {
        name: "clobber",
        aliases: &[],
        params: &[param("xo|ox", ArgKind::Text)],
        help: "Clobber; rows split by |, x Left's stone, o Right's, . empty",
        example: "clobber(\"xox|o.x\")",
        moves: Some(|store, args| on_board(store, args, clobber_moves)),
        implementation: |store, args| on_board(store, args, clobber_value).map(Value::Game),
    },
    Function {
        name: "cutcake",
        aliases: &[],
        params: &[param("m", ArgKind::Natural), param("n", ArgKind::Natural)],
        help: "Cutcake on a cake of m rows and n columns",
        example: "cutcake(3, 5)",
        moves: Some(|store, args| match args {
            [Argument::Natural(rows), Argument::Natural(columns)] => {
                cutcake_moves(store, *rows, *columns)
            }
            _ => Err(mismatch()),
        }),
        implementation: |store, args| match args {
            [Argument::Natural(rows), Argument::Natural(columns)] => {
                Ok(Value::Game(cutcake_value(store, *rows, *columns)?))
            }
            _ => Err(mismatch()),
        },
    },
];

/// The canonical spelling of a function name: lower case without underscores.
fn normalise(name: &str) -> String {
    name.chars()
        .filter(|&c| c != '_')
        .flat_map(char::to_lowercase)
        .collect()
}

/// The function a name (or alias) stands for, ignoring case and underscores.
pub fn lookup(name: &str) -> Option<&'static Function> {
    let wanted = normalise(name);
    FUNCTIONS
        .iter()
        .find(|f| f.spellings().any(|s| normalise(s) == wanted))
}

/// Why `name` is not a function: the nearest known spelling when one is close, else the list.
pub fn unknown_function(name: &str) -> String {
    let wanted = normalise(name);
    let wanted = wanted.as_str();
    let nearest = FUNCTIONS
        .iter()
        .flat_map(|f| {
            f.spellings()
                .map(move |s| (edit_distance(&normalise(s), wanted), f))
        })
        .min_by_key(|&(distance, _)| distance);
    match nearest {
        // Close means a typo's worth: a third of the letters, and at least one.
        Some((distance, f)) if distance <= (wanted.chars().count() / 3).max(1) => {
            format!("unknown function '{name}'; did you mean {}?", f.signature())
        }
        _ => {
            let names: Vec<&str> = FUNCTIONS.iter().map(|f| f.name).collect();
            format!(
                "unknown function '{name}'; the functions are {}",
                names.join(", ")
            )
        }
    }
}

/// Levenshtein distance in characters: insertions, deletions and substitutions.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitution = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[b.len()]
}

/// Arguments that do not match the table's parameters: the evaluator converts each argument
/// to its parameter's kind, so this means an entry's implementation disagrees with its
/// parameters (the table tests call every entry).
fn mismatch() -> PartizanError {
    PartizanError::InvalidInput(
        "internal error: a function's arguments do not match its parameters".to_string(),
    )
}

fn one_game(args: &[Argument<'_>]) -> Result<GameId, PartizanError> {
    match args {
        [Argument::Game(g)] => Ok(*g),
        _ => Err(mismatch()),
    }
}

/// Tiny(x) = {0||0|-x}.
fn tiny(store: &mut Store, x: GameId) -> GameId {
    let zero = store.zero();
    let minus_x = store.neg(x);
    let inner = store.construct(&[zero], &[minus_x]);
    store.construct(&[zero], &[inner])
}

/// A ruleset's answer (its value, or its moves) from its one string argument, with the
/// parser's errors placed in the whole input.
fn on_board<T>(
    store: &mut Store,
    args: &[Argument<'_>],
    read: fn(&mut Store, &str) -> Result<T, PartizanError>,
) -> Result<T, PartizanError> {
    match args {
        [Argument::Text(board)] => read(store, board.text).map_err(|e| board.locate(e)),
        _ => Err(mismatch()),
    }
}
