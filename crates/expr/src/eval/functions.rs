//! The functions `eval` knows, in one table ([`FUNCTIONS`]): each entry's name and other
//! spellings, its parameters, its help line, an example call and its implementation. The
//! evaluator dispatches through the table and `conway eval --help` lists it, so a function
//! cannot be callable without being documented, or documented without being callable.
//!
//! Names are matched without regard to case or underscores ([`lookup`]), so CGSuite's
//! spellings (`LeftStop`, `AtomicWeight`) work alongside the documented snake_case ones; an
//! entry's `aliases` list them for the help text, and any further abbreviations.

use std::sync::LazyLock;

use conway_misere::{MisereId, MisereStore};
use conway_numbers::{Dyadic, Nimber};

use super::Value;
use conway_loopy::ordinal as loopy_ordinal;
use conway_loopy::properties as loopy_properties;
use conway_loopy::{followers, Loopy, Side};
use conway_partizan::compound::{compound, Compound};
use conway_partizan::infinitesimal::{atomic_weight, norton_multiply, reduced_canonical_form};
use conway_partizan::ordinal::subordinate;
use conway_partizan::properties::{self, Parity};
use conway_partizan::thermal::{
    cool, heat, left_stop, mean_and_temperature, overheat, right_stop, thermograph,
};
use conway_partizan::Player;
use conway_partizan::{GameId, PartizanError, Store};
use conway_rulesets::moves::{LoopyPositionMoves, PositionMoves};
use conway_rulesets::registry::{self, name_key, Arg, ParamKind, Ruleset, Values, RULESETS};
use conway_rulesets::variant::{self, Variant};

/// What an argument of an `eval` function must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgKind {
    /// A game; numbers are games.
    Game,
    /// A game that is a number.
    Number,
    /// A whole number ≥ 0 that fits in 64 bits.
    Natural,
    /// A whole number, negative too, that fits in 64 bits.
    Integer,
    /// A list of whole numbers ≥ 0, `[1, 2]`.
    Naturals,
    /// A quoted string: a ruleset's position in its notation.
    Text,
    /// A game, short or loopy.
    Any,
    /// A misère canonical form of an impartial game, `*[2#]`.
    Misere,
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
    /// For [`ArgKind::Integer`].
    Integer(i64),
    /// For [`ArgKind::Naturals`].
    Naturals(Vec<u64>),
    /// For [`ArgKind::Text`].
    Text(Text<'a>),
    /// For [`ArgKind::Any`].
    Any(conway_loopy::Loopy),
    /// For [`ArgKind::Misere`].
    Misere(MisereId),
}

/// A function's implementation: it receives one argument per parameter, each of the
/// parameter's kind.
pub type Implementation = fn(&mut Store, &[Argument<'_>]) -> Result<Value, PartizanError>;

/// A function's meaning for a misère canonical form.
pub type MisereImplementation = fn(&mut MisereStore, MisereId) -> Result<Value, PartizanError>;

/// What a function computes with.
#[derive(Clone, Copy, Debug)]
pub enum Body {
    /// Its own code.
    Native(Implementation),
    /// A ruleset of the registry: the value of the position its arguments write.
    Ruleset(&'static Ruleset),
}

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
    /// The same question of a misère canonical form (`birthday(*[2#])`), for a function of
    /// one game that has a misère meaning too.
    pub misere: Option<MisereImplementation>,
    /// Computes the value.
    pub body: Body,
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

    /// The ruleset it values positions of, if it does.
    pub fn ruleset(&self) -> Option<&'static Ruleset> {
        match self.body {
            Body::Ruleset(ruleset) => Some(ruleset),
            Body::Native(_) => None,
        }
    }

    /// The value of a call with these arguments, one per parameter of its kind.
    pub fn call(&self, store: &mut Store, args: &[Argument<'_>]) -> Result<Value, PartizanError> {
        match self.body {
            Body::Native(implementation) => implementation(store, args),
            Body::Ruleset(ruleset) => {
                on_ruleset(ruleset, args, |args| ruleset.value(store, args)).map(value_of)
            }
        }
    }

    /// A short ruleset's position, its value and every move of each player in the ruleset's
    /// words (what `eval` lists as the moves of a sum of ruleset positions); `None` for any
    /// other function.
    pub fn short_moves(
        &self,
        store: &mut Store,
        args: &[Argument<'_>],
    ) -> Option<Result<PositionMoves, PartizanError>> {
        let ruleset = self.ruleset()?;
        match ruleset.values {
            Values::Short { moves, .. } => {
                Some(on_ruleset(ruleset, args, |args| moves(store, args)))
            }
            Values::Loopy { .. } => None,
        }
    }

    /// A loopy ruleset's position, its value and its moves, each with who wins after it;
    /// `None` for any other function.
    pub fn loopy_moves(
        &self,
        store: &mut Store,
        args: &[Argument<'_>],
    ) -> Option<Result<LoopyPositionMoves, PartizanError>> {
        let ruleset = self.ruleset()?;
        match ruleset.values {
            Values::Loopy { moves, .. } => {
                Some(on_ruleset(ruleset, args, |args| moves(store, args)))
            }
            Values::Short { .. } => None,
        }
    }

    /// A ruleset's function: its name, parameters and help from the registry.
    fn of_ruleset(ruleset: &'static Ruleset) -> Function {
        let params: Vec<Param> = ruleset
            .params
            .iter()
            .map(|p| Param {
                name: p.name,
                kind: match p.kind {
                    ParamKind::Position | ParamKind::Word => ArgKind::Text,
                    ParamKind::Natural => ArgKind::Natural,
                    ParamKind::Integer => ArgKind::Integer,
                    ParamKind::Naturals => ArgKind::Naturals,
                },
            })
            .collect();
        Function {
            name: ruleset.name,
            aliases: ruleset.aliases,
            // Built once, for the life of the program (the table is a static).
            params: Box::leak(params.into_boxed_slice()),
            help: ruleset.summary,
            example: ruleset.example,
            misere: None,
            body: Body::Ruleset(ruleset),
        }
    }
}

/// A ruleset's answer for `eval`'s arguments: each passed as the registry's, and an error
/// placed in the whole input by the position's string (a ruleset counts columns from the
/// string's first character; a word of its rules is named in the message instead).
pub(crate) fn on_ruleset<T>(
    ruleset: &Ruleset,
    args: &[Argument<'_>],
    answer: impl FnOnce(&[Arg<'_>]) -> Result<T, PartizanError>,
) -> Result<T, PartizanError> {
    let mut text = None;
    let converted: Vec<Arg<'_>> = (args.iter().zip(ruleset.params))
        .map(|(a, p)| match a {
            Argument::Text(t) if p.kind == ParamKind::Word => Ok(Arg::Word(t.text)),
            Argument::Text(t) => {
                text = Some(*t);
                Ok(Arg::Position(t.text))
            }
            Argument::Natural(n) => Ok(Arg::Natural(*n)),
            Argument::Integer(n) => Ok(Arg::Integer(*n)),
            Argument::Naturals(ns) => Ok(Arg::Naturals(ns)),
            _ => Err(registry::mismatch()),
        })
        .collect::<Result<_, _>>()?;
    // A stop is about no place in the input.
    answer(&converted).map_err(|e| match text {
        Some(text) if !matches!(e, PartizanError::Interrupted) => text.locate(e),
        _ => e,
    })
}

/// A parameter (a function so that the table's entries fit on few lines).
const fn param(name: &'static str, kind: ArgKind) -> Param {
    Param { name, kind }
}

/// The one parameter of most functions.
const GAME: &[Param] = &[param("G", ArgKind::Game)];

/// The one parameter of a function of any game, short or loopy.
const ANY: &[Param] = &[param("G", ArgKind::Any)];

/// Two games, short or loopy.
const ANY_PAIR: &[Param] = &[param("G", ArgKind::Any), param("H", ArgKind::Any)];

/// A function of one game, short or loopy, whose value `$body` computes from the store and
/// the game (a [`conway_loopy::Loopy`]).
macro_rules! any_fn {
    ($name:literal, [$($alias:literal),*], $help:literal, $example:literal, |$store:ident, $g:ident| $body:expr) => {
        Function {
            name: $name,
            aliases: &[$($alias),*],
            params: ANY,
            help: $help,
            example: $example,
            misere: None,
            body: Body::Native(|$store, args| {
                let $g = one_any(args)?;
                Ok($body)
            }),
        }
    };
}

/// A function of one game, short (`$short`, given its `GameId`) or loopy (`$loopy`, given the
/// value that is not short).
macro_rules! short_or_loopy_fn {
    ($name:literal, [$($alias:literal),*], $help:literal, $example:literal, |$store:ident, $g:ident| $short:expr, |$l:ident| $loopy:expr) => {
        any_fn!($name, [$($alias),*], $help, $example, |$store, value| match value {
            Loopy::Short($g) => {
                let $g = *$g;
                $short
            }
            $l => $loopy,
        })
    };
}

/// A function of two games, short or loopy, whose value `$f(g, h, store)` computes.
macro_rules! any_pair_fn {
    ($name:literal, [$($alias:literal),*], $help:literal, $example:literal, $f:path) => {
        Function {
            name: $name,
            aliases: &[$($alias),*],
            params: ANY_PAIR,
            help: $help,
            example: $example,
            misere: None,
            body: Body::Native(|store, args| match args {
                [Argument::Any(g), Argument::Any(h)] => Ok(value_of($f(g, h, store)?)),
                _ => Err(mismatch()),
            }),
        }
    };
}

/// A function of one game whose value `$body` computes from the store and the game.
macro_rules! game_fn {
    ($name:literal, [$($alias:literal),*], $help:literal, $example:literal, |$store:ident, $g:ident| $body:expr) => {
        Function {
            name: $name,
            aliases: &[$($alias),*],
            params: GAME,
            help: $help,
            example: $example,
            misere: None,
            body: Body::Native(|$store, args| {
                let $g = one_game(args)?;
                Ok($body)
            }),
        }
    };
}

/// The one parameter of a misère function.
const MISERE: &[Param] = &[param("G", ArgKind::Misere)];

/// Two misère games.
const MISERE_PAIR: &[Param] = &[param("G", ArgKind::Misere), param("H", ArgKind::Misere)];

/// A function of one misère canonical form, whose value `$body` computes from the misère
/// store and the form.
macro_rules! misere_fn {
    ($name:literal, [$($alias:literal),*], $help:literal, $example:literal, |$store:ident, $g:ident| $body:expr) => {
        Function {
            name: $name,
            aliases: &[$($alias),*],
            params: MISERE,
            help: $help,
            example: $example,
            misere: None,
            body: Body::Native(|store, args| match args {
                [Argument::Misere($g)] => {
                    let ($store, $g) = (store.misere(), *$g);
                    Ok($body)
                }
                _ => Err(mismatch()),
            }),
        }
    };
}

/// A function of two misère canonical forms.
macro_rules! misere_pair_fn {
    ($name:literal, [$($alias:literal),*], $help:literal, $example:literal, |$store:ident, $g:ident, $h:ident| $body:expr) => {
        Function {
            name: $name,
            aliases: &[$($alias),*],
            params: MISERE_PAIR,
            help: $help,
            example: $example,
            misere: None,
            body: Body::Native(|store, args| match args {
                [Argument::Misere($g), Argument::Misere($h)] => {
                    let ($store, $g, $h) = (store.misere(), *$g, *$h);
                    Ok($body)
                }
                _ => Err(mismatch()),
            }),
        }
    };
}

/// A variant of a game ([`conway_rulesets::variant`]): of a canonical form here; of a
/// ruleset's position, played on its moves, by [`super::call`].
macro_rules! variant_fn {
    ($variant:expr, $example:literal) => {
        Function {
            name: $variant.name(),
            aliases: &[$variant.cgsuite_name()],
            params: GAME,
            help: $variant.summary(),
            example: $example,
            misere: None,
            body: Body::Native(|store, args| {
                let g = one_game(args)?;
                Ok(Value::Game(variant::of_form(store, $variant, g)?))
            }),
        }
    };
}

/// A compound of two games ([`compound`]).
macro_rules! game_pair_fn {
    ($name:literal, [$($alias:literal),*], $help:literal, $example:literal, $kind:expr) => {
        Function {
            name: $name,
            aliases: &[$($alias),*],
            params: &[param("G", ArgKind::Game), param("H", ArgKind::Game)],
            help: $help,
            example: $example,
            misere: None,
            body: Body::Native(|store, args| match args {
                [Argument::Game(g), Argument::Game(h)] => Ok(Value::Game(compound(store, $kind, *g, *h))),
                _ => Err(mismatch()),
            }),
        }
    };
}

/// Every function of `eval`, in the order of the help text: [`GAME_FUNCTIONS`], a function
/// for each ruleset of the registry ([`RULESETS`]), then [`MISERE_FUNCTIONS`].
pub static FUNCTIONS: LazyLock<Vec<Function>> = LazyLock::new(|| {
    GAME_FUNCTIONS
        .iter()
        .copied()
        .chain(RULESETS.iter().map(|r| Function::of_ruleset(r)))
        .chain(MISERE_FUNCTIONS.iter().copied())
        .collect()
});

/// The functions of games: values, thermography, infinitesimals, sums and products.
static GAME_FUNCTIONS: &[Function] = &[
    Function {
        name: "temperature",
        aliases: &[],
        params: GAME,
        help: "the temperature",
        example: "temperature({3||2|1})",
        misere: None,
        body: Body::Native(|store, args| {
            let g = one_game(args)?;
            Ok(Value::Number(mean_and_temperature(store, g)?.1))
        }),
    },
    Function {
        name: "mean",
        aliases: &[],
        params: GAME,
        help: "the mean value",
        example: "mean({3||2|1})",
        misere: None,
        body: Body::Native(|store, args| {
            let g = one_game(args)?;
            Ok(Value::Number(mean_and_temperature(store, g)?.0))
        }),
    },
    any_fn!(
        "left_stop",
        ["LeftStop"],
        "Left's stop (of a stopper: a pseudonumber such as 3/2under or on)",
        "left_stop({3|2})",
        |store, g| match g {
            Loopy::Short(g) => Value::Number(left_stop(store, *g)),
            g => stop_value(loopy_properties::stops(g, store)?.0, store)?,
        }
    ),
    any_fn!(
        "right_stop",
        ["RightStop"],
        "Right's stop (of a stopper: a pseudonumber such as 3/2under or off)",
        "right_stop({3|2})",
        |store, g| match g {
            Loopy::Short(g) => Value::Number(right_stop(store, *g)),
            g => stop_value(loopy_properties::stops(g, store)?.1, store)?,
        }
    ),
    Function {
        name: "thermograph",
        aliases: &[],
        params: GAME,
        help: "the thermograph",
        example: "thermograph(+-1)",
        misere: None,
        body: Body::Native(|store, args| {
            let g = one_game(args)?;
            Ok(Value::Thermograph(thermograph(store, g)?))
        }),
    },
    Function {
        name: "cool",
        aliases: &[],
        params: &[param("G", ArgKind::Game), param("t", ArgKind::Number)],
        help: "G cooled by the number t",
        example: "cool({3||2+*|1+*}, 1/4)",
        misere: None,
        body: Body::Native(|store, args| match args {
            [Argument::Game(g), Argument::Number(t)] => Ok(Value::Game(cool(store, *g, t)?)),
            _ => Err(mismatch()),
        }),
    },
    Function {
        name: "heat",
        aliases: &[],
        params: &[param("G", ArgKind::Game), param("t", ArgKind::Game)],
        help: "G heated by the game t",
        example: "heat({3||2+*|1+*}, 1)",
        misere: None,
        body: Body::Native(|store, args| match args {
            [Argument::Game(g), Argument::Game(t)] => Ok(Value::Game(heat(store, *g, *t))),
            _ => Err(mismatch()),
        }),
    },
    Function {
        name: "overheat",
        aliases: &["Overheat"],
        params: &[
            param("G", ArgKind::Game),
            param("s", ArgKind::Game),
            param("t", ArgKind::Game),
        ],
        help: "G overheated from s to t: integer n is n.s, else {overheated G^L + t | … - t}",
        example: "overheat(7/16, 0, 0)",
        misere: None,
        body: Body::Native(|store, args| match args {
            [Argument::Game(g), Argument::Game(s), Argument::Game(t)] => {
                Ok(Value::Game(overheat(store, *g, *s, *t)?))
            }
            _ => Err(mismatch()),
        }),
    },
    Function {
        name: "atomic_weight",
        aliases: &["AtomicWeight", "aw"],
        params: GAME,
        help: "the atomic weight (an error if G is not atomic)",
        example: "atomic_weight({^^^|vv})",
        misere: None,
        body: Body::Native(|store, args| {
            let g = one_game(args)?;
            Ok(Value::Game(atomic_weight(store, g)?))
        }),
    },
    Function {
        name: "reduced",
        aliases: &["ReducedCanonicalForm", "rcf"],
        params: GAME,
        help: "the reduced canonical form",
        example: "reduced({3||2+*|1+*})",
        misere: None,
        body: Body::Native(|store, args| {
            let g = one_game(args)?;
            Ok(Value::Game(reduced_canonical_form(store, g)))
        }),
    },
    variant_fn!(Variant::Dicotic, "dicotic_variant(domineering(\"...|...\"))"),
    variant_fn!(Variant::Impartial, "impartial_variant(domineering(\"...|...\"))"),
    variant_fn!(Variant::Twisted, "twisted_variant(clobber(\"xox|o.x\"))"),
    Function {
        name: "birthday",
        aliases: &[],
        params: GAME,
        help: "the birthday",
        example: "birthday(^)",
        misere: Some(|store, g| Ok(Value::Natural(store.birthday(g).into()))),
        body: Body::Native(|store, args| Ok(Value::Natural(store.birthday(one_game(args)?)))),
    },
    any_fn!(
        "outcome",
        ["OutcomeClass"],
        "the outcome class: L, R, P or N; for a loopy game with two sides also D, NHat, PHat, NCheck or PCheck",
        "outcome(*)",
        |store, g| match g {
            Loopy::Short(g) => Value::Outcome(store.outcome(*g)),
            g => Value::LoopyOutcome(loopy_properties::outcome(g, store)?),
        }
    ),
    any_fn!(
        "onside",
        ["Onside"],
        "the onside of a loopy game (infinite play counts for Left); a stopper is its own",
        "onside(a{1||a|0})",
        |store, g| value_of(loopy_properties::side(g, Side::On, store)?)
    ),
    any_fn!(
        "offside",
        ["Offside"],
        "the offside of a loopy game (infinite play counts for Right); a stopper is its own",
        "offside(a{1||a|0})",
        |store, g| value_of(loopy_properties::side(g, Side::Off, store)?)
    ),
    any_fn!(
        "is_stopper",
        ["IsStopper"],
        "whether no infinite play alternates (short games are stoppers)",
        "is_stopper(over)",
        |_store, g| Value::Bool(g.is_stopper())
    ),
    any_fn!(
        "is_stopper_sided",
        ["IsStopperSided"],
        "whether both sides are stoppers",
        "is_stopper_sided(dud)",
        |_store, g| Value::Bool(g.is_stopper_sided())
    ),
    any_fn!(
        "is_loopfree",
        ["IsLoopfree"],
        "whether no play is infinite (the game is short)",
        "is_loopfree(on)",
        |_store, g| Value::Bool(matches!(g, Loopy::Short(_)))
    ),
    any_fn!(
        "is_plumtree",
        ["IsPlumtree"],
        "whether the game graph has no cycle longer than one move",
        "is_plumtree(over)",
        |store, g| Value::Bool(
            !matches!(g, Loopy::Sided { .. }) && g.side_graph(Side::On, store)?.is_plumtree()
        )
    ),
    any_fn!(
        "is_pseudonumber",
        ["IsPseudonumber"],
        "whether the game is a number, on, off, or x over / x under",
        "is_pseudonumber({pass|3/2})",
        |store, g| Value::Bool(loopy_properties::is_pseudonumber(g, store))
    ),
    any_fn!(
        "degree",
        ["Degree"],
        "the degree of a stopper, G upsum -G (0 for a short game)",
        "degree(over)",
        |store, g| value_of(loopy_properties::degree(g, store)?)
    ),
    any_fn!(
        "is_idempotent",
        ["IsIdempotent"],
        "whether G + G = G",
        "is_idempotent(over)",
        |store, g| Value::Bool(loopy_properties::is_idempotent(g, store)?)
    ),
    any_fn!(
        "variety",
        ["Variety"],
        "the variety of a stable stopper: V of degree D with G = V + D (0 for a short game)",
        "variety(+-over)",
        |store, g| value_of(loopy_properties::variety(g, store)?)
    ),
    any_fn!(
        "is_stable",
        ["IsStable"],
        "whether a stopper's upsum and downsum varieties are equal",
        "is_stable(over)",
        |store, g| Value::Bool(loopy_properties::is_stable(g, store)?)
    ),
    any_pair_fn!(
        "upsum",
        ["Upsum"],
        "the onside of G + H",
        "upsum(on, off)",
        loopy_properties::upsum
    ),
    any_pair_fn!(
        "downsum",
        ["Downsum"],
        "the offside of G + H",
        "downsum(on, off)",
        loopy_properties::downsum
    ),
    any_pair_fn!(
        "upsum_variety",
        ["UpsumVariety"],
        "G ↑+ ((-G) ↓+ (-D)) for an idempotent D: the variety of G when D is its degree",
        "upsum_variety(over, over)",
        loopy_properties::upsum_variety
    ),
    any_pair_fn!(
        "downsum_variety",
        ["DownsumVariety"],
        "G ↓+ ((-G) ↑+ D) for an idempotent D",
        "downsum_variety(over, over)",
        loopy_properties::downsum_variety
    ),
    Function {
        name: "Tiny",
        aliases: &[],
        params: &[param("x", ArgKind::Game)],
        help: "{0||0|-x}",
        example: "Tiny(2)",
        misere: None,
        body: Body::Native(|store, args| Ok(Value::Game(tiny(store, one_game(args)?)))),
    },
    Function {
        name: "Miny",
        aliases: &[],
        params: &[param("x", ArgKind::Game)],
        help: "{x|0||0}",
        example: "Miny(1/2)",
        misere: None,
        body: Body::Native(|store, args| {
            let tiny = tiny(store, one_game(args)?);
            Ok(Value::Game(store.neg(tiny)))
        }),
    },
    short_or_loopy_fn!(
        "left_options",
        ["LeftOptions"],
        "Left's options, as a set",
        "left_options(*3)",
        |store, g| Value::Set(store.left_options(g)),
        |l| set_of(followers::options(l, Player::Left, store)?)
    ),
    short_or_loopy_fn!(
        "right_options",
        ["RightOptions"],
        "Right's options, as a set",
        "right_options({3|1})",
        |store, g| Value::Set(store.right_options(g)),
        |l| set_of(followers::options(l, Player::Right, store)?)
    ),
    Function {
        misere: Some(|store, g| Ok(super::misere::list(store.options(g).to_vec()))),
        ..short_or_loopy_fn!(
        "options",
        ["Options"],
        "[Left's options, Right's options]",
        "options({3|1})",
        |store, g| {
            let (left, right) = store.options(g);
            Value::List(vec![Value::Set(left), Value::Set(right)])
        },
        |l| Value::List(vec![
            set_of(followers::options(l, Player::Left, store)?),
            set_of(followers::options(l, Player::Right, store)?),
        ])
    )
    },
    short_or_loopy_fn!(
        "followers",
        ["Followers"],
        "every follower of G, G included, as a set",
        "followers(^)",
        |store, g| Value::Set(properties::followers(store, g)?),
        |l| set_of(followers::followers(l, store)?)
    ),
    short_or_loopy_fn!(
        "follower_count",
        ["FollowerCount"],
        "how many followers G has",
        "follower_count(*8)",
        |store, g| Value::Natural(properties::follower_count(store, g)?),
        |l| Value::Natural(followers::follower_count(l)?.into())
    ),
    game_fn!(
        "incentives",
        ["Incentives"],
        "Left's and Right's incentives, as a set",
        "incentives(^)",
        |store, g| Value::Set(properties::incentives(store, g, true, true))
    ),
    game_fn!(
        "left_incentives",
        ["LeftIncentives"],
        "Left's incentives GL - G",
        "left_incentives(^)",
        |store, g| Value::Set(properties::incentives(store, g, true, false))
    ),
    game_fn!(
        "right_incentives",
        ["RightIncentives"],
        "Right's incentives G - GR",
        "right_incentives(^)",
        |store, g| Value::Set(properties::incentives(store, g, false, true))
    ),
    game_fn!(
        "stop_count",
        ["StopCount"],
        "the leaves of the stop tree (1 for a number)",
        "stop_count(*8)",
        |store, g| Value::Natural(properties::stop_count(store, g))
    ),
    game_fn!(
        "companion",
        ["Companion"],
        "the companion (0 gives *, ^ gives ^*)",
        "companion(^)",
        |store, g| Value::Game(properties::companion(store, g))
    ),
    short_or_loopy_fn!(
        "is_number",
        ["IsNumber"],
        "whether G is a number",
        "is_number(1/2)",
        |store, g| Value::Bool(store.is_number(g)),
        |_l| Value::Bool(false)
    ),
    short_or_loopy_fn!(
        "is_integer",
        ["IsInteger"],
        "whether G is an integer",
        "is_integer(3)",
        |store, g| Value::Bool(store.as_number(g).is_some_and(|x| x.is_integer())),
        |_l| Value::Bool(false)
    ),
    short_or_loopy_fn!(
        "is_nimber",
        ["IsNimber"],
        "whether G is a nimber *n (0 included)",
        "is_nimber(*3)",
        |store, g| Value::Bool(store.is_nimber(g)),
        |_l| Value::Bool(false)
    ),
    short_or_loopy_fn!(
        "is_number_up_star",
        ["IsNumberUpStar"],
        "whether G is x + n.^ + *m",
        "is_number_up_star(1^*)",
        |store, g| Value::Bool(store.as_nus(g).is_some()),
        |_l| Value::Bool(false)
    ),
    short_or_loopy_fn!(
        "is_uptimal",
        ["IsUptimal"],
        "whether G is a number, a sum of powers ^<n> and a nimber",
        "is_uptimal(^[3])",
        |store, g| Value::Bool(store.as_uptimal(g).is_some()),
        |_l| Value::Bool(false)
    ),
    short_or_loopy_fn!(
        "is_infinitesimal",
        ["IsInfinitesimal"],
        "whether both stops are 0",
        "is_infinitesimal(^)",
        |store, g| Value::Bool(conway_partizan::infinitesimal::is_infinitesimal(store, g)),
        |l| Value::Bool(loopy_properties::is_infinitesimal(l, store)?)
    ),
    game_fn!(
        "is_all_small",
        ["IsAllSmall"],
        "whether every follower but numbers 0 is infinitesimal",
        "is_all_small(^)",
        |store, g| Value::Bool(conway_partizan::infinitesimal::is_all_small(store, g))
    ),
    game_fn!(
        "is_atomic",
        ["IsAtomic"],
        "whether G has an atomic weight",
        "is_atomic(^)",
        |store, g| Value::Bool(atomic_weight(store, g).is_ok())
    ),
    short_or_loopy_fn!(
        "is_numberish",
        ["IsNumberish"],
        "whether the stops are equal",
        "is_numberish(1*)",
        |store, g| {
            let (l, r) = store.stops(g);
            Value::Bool(l == r)
        },
        |l| Value::Bool(loopy_properties::is_numberish(l, store)?)
    ),
    short_or_loopy_fn!(
        "is_number_tiny",
        ["IsNumberTiny"],
        "whether G is a number, x + Tiny(H) or x + Miny(H)",
        "is_number_tiny({0||0|-1})",
        |store, g| Value::Bool(properties::is_number_tiny(store, g)),
        |l| Value::Bool(loopy_properties::is_number_tiny(l, store)?)
    ),
    short_or_loopy_fn!(
        "is_switch",
        ["IsSwitch"],
        "whether G = -G",
        "is_switch(+-1)",
        |store, g| Value::Bool(store.neg(g) == g),
        |l| Value::Bool(loopy_properties::is_switch(l, store)?)
    ),
    short_or_loopy_fn!(
        "is_zero",
        ["IsZero"],
        "whether G = 0",
        "is_zero({*|*})",
        |store, g| Value::Bool(g == store.zero()),
        |_l| Value::Bool(false)
    ),
    short_or_loopy_fn!(
        "is_ordinal",
        ["IsOrdinal"],
        "whether G is an integer >= 0",
        "is_ordinal(5)",
        |store, g| Value::Bool(
            store
                .as_number(g)
                .is_some_and(|x| x.is_integer() && x.signum() >= 0)
        ),
        |_l| Value::Bool(false)
    ),
    Function {
        misere: Some(|_store, g| Ok(Value::Bool(!g.is_odd()))),
        ..game_fn!(
        "is_even",
        ["IsEven"],
        "whether every option is odd (Conway)",
        "is_even(1*)",
        |store, g| Value::Bool(properties::parity(store, g) == Some(Parity::Even))
    )
    },
    game_fn!(
        "is_odd",
        ["IsOdd"],
        "whether G is not 0 and every option is even",
        "is_odd(*)",
        |store, g| Value::Bool(properties::parity(store, g) == Some(Parity::Odd))
    ),
    game_fn!(
        "is_even_tempered",
        ["IsEvenTempered"],
        "a number, or every option odd-tempered",
        "is_even_tempered(^)",
        |store, g| Value::Bool(properties::temper(store, g) == Some(Parity::Even))
    ),
    game_fn!(
        "is_odd_tempered",
        ["IsOddTempered"],
        "not a number, every option even-tempered",
        "is_odd_tempered(*)",
        |store, g| Value::Bool(properties::temper(store, g) == Some(Parity::Odd))
    ),
    Function {
        name: "floor",
        aliases: &["Floor"],
        params: &[param("x", ArgKind::Number)],
        help: "the greatest integer <= the number x",
        example: "floor(-3/2)",
        misere: None,
        body: Body::Native(|_store, args| match args {
            [Argument::Number(x)] => Ok(Value::Number(Dyadic::from_bigint(x.floor()))),
            _ => Err(mismatch()),
        }),
    },
    Function {
        name: "ceiling",
        aliases: &["Ceiling"],
        params: &[param("x", ArgKind::Number)],
        help: "the least integer >= the number x",
        example: "ceiling(-3/2)",
        misere: None,
        body: Body::Native(|_store, args| match args {
            [Argument::Number(x)] => Ok(Value::Number(Dyadic::from_bigint(x.ceil()))),
            _ => Err(mismatch()),
        }),
    },
    Function {
        name: "max",
        aliases: &["Max"],
        params: &[param("x", ArgKind::Number), param("y", ArgKind::Number)],
        help: "the larger of two numbers",
        example: "max(3, 5/2)",
        misere: None,
        body: Body::Native(|_store, args| match args {
            [Argument::Number(x), Argument::Number(y)] => Ok(Value::Number(x.max(y).clone())),
            _ => Err(mismatch()),
        }),
    },
    Function {
        name: "min",
        aliases: &["Min"],
        params: &[param("x", ArgKind::Number), param("y", ArgKind::Number)],
        help: "the smaller of two numbers",
        example: "min(3, 5/2)",
        misere: None,
        body: Body::Native(|_store, args| match args {
            [Argument::Number(x), Argument::Number(y)] => Ok(Value::Number(x.min(y).clone())),
            _ => Err(mismatch()),
        }),
    },
    Function {
        name: "nim_sum",
        aliases: &["NimSum"],
        params: &[param("m", ArgKind::Natural), param("n", ArgKind::Natural)],
        help: "the nim-sum of two whole numbers (bitwise exclusive or)",
        example: "nim_sum(5, 6)",
        misere: None,
        body: Body::Native(|_store, args| match args {
            [Argument::Natural(m), Argument::Natural(n)] => Ok(Value::Natural((m ^ n).into())),
            _ => Err(mismatch()),
        }),
    },
    Function {
        name: "nim_product",
        aliases: &["NimProduct"],
        params: &[param("m", ArgKind::Natural), param("n", ArgKind::Natural)],
        help: "the nim-product of two whole numbers below 2^64",
        example: "nim_product(5, 6)",
        misere: None,
        body: Body::Native(|_store, args| match args {
            [Argument::Natural(m), Argument::Natural(n)] => {
                Ok(Value::Natural((Nimber(*m) * Nimber(*n)).0.into()))
            }
            _ => Err(mismatch()),
        }),
    },
    Function {
        name: "pow",
        aliases: &["Pow"],
        params: &[param("G", ArgKind::Game), param("x", ArgKind::Any)],
        help: "G^x for G = {0|H}: {0|H - G^[x-1]} (pow(^, n) is ^<n>); x a number or a pseudonumber such as 5over or on",
        example: "pow(^, 3)",
        misere: None,
        body: Body::Native(|store, args| match args {
            [Argument::Game(g), Argument::Any(x)] => match whole_exponent(store, x) {
                Some(0) => Err(PartizanError::InvalidInput(
                    "Invalid exponent: pow(G, n) needs n >= 1".into(),
                )),
                Some(n) => store
                    .pow(*g, power_order(n)?)
                    .map(Value::Game)
                    .ok_or_else(not_a_power_base),
                None => Ok(value_of(loopy_ordinal::pow(*g, x, store)?)),
            },
            _ => Err(mismatch()),
        }),
    },
    Function {
        name: "pow_to",
        aliases: &["PowTo"],
        params: &[param("G", ArgKind::Game), param("x", ArgKind::Any)],
        help: "G^[x] for G = {0|H}: {G^[x-1]|H}, G^[0] = 0 (pow_to(^, n) is ^[n]); x a number or a pseudonumber",
        example: "pow_to(^, 3)",
        misere: None,
        body: Body::Native(|store, args| match args {
            [Argument::Game(g), Argument::Any(x)] => {
                // Bases other than {0|H} take the ordinal sum's way, as CGSuite's do.
                let fast = match whole_exponent(store, x) {
                    Some(n) => store.pow_to(*g, power_order(n)?),
                    None => None,
                };
                match fast {
                    Some(power) => Ok(Value::Game(power)),
                    None => Ok(value_of(loopy_ordinal::pow_to(*g, x, store)?)),
                }
            }
            _ => Err(mismatch()),
        }),
    },
    Function {
        name: "norton_product",
        aliases: &["NortonProduct", "norton"],
        params: &[param("G", ArgKind::Game), param("U", ArgKind::Game)],
        help: "Norton's product G.U (G a number-free unit count, U positive)",
        example: "norton_product(3, ^)",
        misere: None,
        body: Body::Native(|store, args| match args {
            [Argument::Game(g), Argument::Game(u)] => {
                Ok(Value::Game(norton_multiply(store, *g, *u)?))
            }
            _ => Err(mismatch()),
        }),
    },
    game_pair_fn!(
        "conway_product",
        ["ConwayProduct"],
        "Conway's product G.H (numbers multiply, nimbers nim-multiply)",
        "conway_product(*5, *6)",
        Compound::ConwayProduct
    ),
    Function {
        name: "subordinate",
        aliases: &["Subordinate"],
        params: &[param("G", ArgKind::Any), param("B", ArgKind::Game)],
        help: "the H with G = B:H (the ordinal sum's inverse); G may be a stopper",
        example: "subordinate(1/8, 1)",
        misere: None,
        body: Body::Native(|store, args| match args {
            [Argument::Any(Loopy::Short(g)), Argument::Game(b)] => {
                Ok(Value::Game(subordinate(store, *g, *b)?))
            }
            [Argument::Any(g), Argument::Game(b)] => {
                Ok(value_of(loopy_ordinal::subordinate(g, *b, store)?))
            }
            _ => Err(mismatch()),
        }),
    },
    game_pair_fn!(
        "conjunctive_sum",
        ["ConjunctiveSum"],
        "the conjunctive sum: a move is a move in both",
        "conjunctive_sum(1/2, 1/4)",
        Compound::Conjunctive
    ),
    game_pair_fn!(
        "selective_sum",
        ["SelectiveSum"],
        "the selective sum: a move is a move in one or both",
        "selective_sum(1/2, 1/4)",
        Compound::Selective
    ),
];

/// The functions of misère play: misère outcomes and the misère canonical forms' properties.
static MISERE_FUNCTIONS: &[Function] = &[
    Function {
        name: "misere_outcome",
        aliases: &["MisereOutcomeClass"],
        params: GAME,
        help: "the outcome class in misère play, where the player who cannot move wins: L, R, P or N",
        example: "misere_outcome({1|0})",
        misere: Some(|store, g| {
            Ok(Value::Outcome(if store.is_p_position(g) {
                conway_partizan::Outcome::Previous
            } else {
                conway_partizan::Outcome::Next
            }))
        }),
        body: Body::Native(|store, args| {
            let g = one_game(args)?;
            Ok(Value::Outcome(super::misere_outcome(store, g)))
        }),
    },
    misere_fn!(
        "genus",
        ["Genus"],
        "the genus g^γ0γ1… of a misère game (G+ and the misère values of G + *2 + … + *2), as CGSuite abbreviates it",
        "genus(*[2#1])",
        |store, g| Value::Genus(store.genus(g))
    ),
    misere_fn!(
        "misere_nim_value",
        ["MisereNimValue"],
        "G-, the misère Grundy value of a misère game (0 exactly when the player to move loses)",
        "misere_nim_value(*[2#0])",
        |store, g| Value::Natural(store.misere_value(g).into())
    ),
    Function {
        name: "nim_value",
        aliases: &["NimValue"],
        params: GAME,
        help: "the nim value (Grundy value) of an impartial game: n for a game equal to *n; of a misère game, G+, its normal-play nim value",
        example: "nim_value(cram(\"...|...\"))",
        misere: Some(|store, g| Ok(Value::Natural(store.normal_value(g).into()))),
        body: Body::Native(|store, args| {
            let nim_value = store.as_nimber(one_game(args)?).ok_or_else(|| {
                PartizanError::NotApplicable(
                    "nim_value wants an impartial game, one equal to a nimber *n".to_string(),
                )
            })?;
            Ok(Value::Natural(nim_value.into()))
        }),
    },
    misere_fn!(
        "mate",
        ["Mate"],
        "the mate of a misère game: * for 0, else the game of its options' mates",
        "mate(*[2#0])",
        |store, g| Value::Misere(store.mate(g)?)
    ),
    misere_fn!(
        "parts",
        ["Parts"],
        "the parts H of a misère game G (G = H + X for some X) other than 0, *, G and G + *",
        "parts(*[2#])",
        |store, g| super::misere::list(store.proper_parts(g)?)
    ),
    misere_fn!(
        "partitions",
        ["Partitions"],
        "every way of writing a misère game as a sum of primes (with * when it is odd)",
        "partitions(*[[*[4]+*[2]]])",
        |store, g| Value::List(
            store
                .partitions(g)?
                .into_iter()
                .map(super::misere::list)
                .collect()
        )
    ),
    misere_fn!(
        "is_prime",
        ["IsPrime"],
        "whether a misère game has no parts but 0, *, itself and itself + * (0 and * are not prime)",
        "is_prime(*[2#0])",
        |store, g| Value::Bool(store.is_prime(g)?)
    ),
    misere_fn!(
        "is_extraverted",
        ["IsExtraverted"],
        "whether a misère game G is a part of G# (the game whose one option is G)",
        "is_extraverted(*[2#])",
        |store, g| Value::Bool(store.is_extraverted(g)?)
    ),
    misere_fn!(
        "is_introverted",
        ["IsIntroverted"],
        "whether a misère game is a part of each of its options (only 0 and * are)",
        "is_introverted(*[1])",
        |_store, g| Value::Bool(g.index() < 2)
    ),
    misere_fn!(
        "is_nim_heap",
        ["IsNimHeap"],
        "whether a misère game is a nim heap",
        "is_nim_heap(*[2])",
        |store, g| Value::Bool(store.is_nim_heap(g)?)
    ),
    misere_fn!(
        "is_tame",
        ["IsTame"],
        "whether a misère game and all its followers are tame (play like nim heaps in misère sums)",
        "is_tame(*[2[2]])",
        |store, g| Value::Bool(store.phylum(g).is_hereditarily_tame())
    ),
    misere_fn!(
        "is_generally_tame",
        ["IsGenerallyTame"],
        "whether a misère game is tame once reversible moves are bypassed",
        "is_generally_tame(*[(2#1)2##])",
        |store, g| Value::Bool(store.phylum(g).is_generally_tame())
    ),
    misere_fn!(
        "is_tameable",
        ["IsTameable"],
        "whether a misère game is tame in every sum with tame games",
        "is_tameable(*[(2#1)2##])",
        |store, g| Value::Bool(store.phylum(g).is_tameable())
    ),
    misere_fn!(
        "is_restive",
        ["IsRestive"],
        "whether a misère game and its followers are restive or tame, and it is restive",
        "is_restive(*[2#0])",
        |store, g| Value::Bool(store.phylum(g).is_hereditarily_restive())
    ),
    misere_fn!(
        "is_generally_restive",
        ["IsGenerallyRestive"],
        "whether a misère game is restive once reversible moves are bypassed",
        "is_generally_restive(*[2#0])",
        |store, g| Value::Bool(store.phylum(g).is_generally_restive())
    ),
    misere_fn!(
        "is_restless",
        ["IsRestless"],
        "whether a misère game is restless: not tame, all its options tame, G- at most 1",
        "is_restless(*[2#1])",
        |store, g| Value::Bool(store.phylum(g) == conway_misere::Phylum::Restless)
    ),
    misere_fn!(
        "is_half_tame",
        ["IsHalfTame"],
        "whether a misère game G is not generally tame but G + G is, of genus 0^0",
        "is_half_tame(*[2#0])",
        |store, g| Value::Bool(store.is_half_tame(g)?)
    ),
    misere_pair_fn!(
        "distinguisher",
        ["Distinguisher"],
        "a misère game T with G + T a P-position and H + T not",
        "distinguisher(*[[2]], *[2]+*[2])",
        |store, g, h| match store.distinguisher(g, h)? {
            Some(t) => Value::Misere(t),
            None => return Err(PartizanError::NotApplicable(
                "those misère games are equal: nothing distinguishes them".to_string(),
            )),
        }
    ),
    misere_pair_fn!(
        "is_linked_to",
        ["IsLinkedTo"],
        "whether some misère game T makes G + T and H + T both P-positions",
        "is_linked_to(*[[[2]]], *[2]+*[2])",
        |store, g, h| Value::Bool(store.is_linked(g, h))
    ),
    misere_pair_fn!(
        "link",
        ["Link"],
        "a misère game T making G + T and H + T both P-positions",
        "link(*[[[2]]], *[2]+*[2])",
        |store, g, h| match store.link(g, h)? {
            Some(t) => Value::Misere(t),
            None => {
                let (g, h) = (store.text(g)?, store.text(h)?);
                return Err(PartizanError::NotApplicable(format!(
                    "Those misere games are not linked: {g}, {h}"
                )));
            }
        }
    ),
    misere_pair_fn!(
        "misere_minus",
        ["MisereMinus"],
        "G - H in misère play: the X with G = H + X, when H is a part of G",
        "misere_minus(*[[[2]]], *[[2]])",
        |store, g, h| match store.subtract(g, h)? {
            Some(x) => Value::Misere(x),
            None => {
                let (g, h) = (store.text(g)?, store.text(h)?);
                return Err(PartizanError::NotApplicable(format!(
                    "Those misere games are not subtractable: {g}, {h}"
                )));
            }
        }
    ),
];

/// The function a name (or alias) stands for, ignoring case and underscores.
pub fn lookup(name: &str) -> Option<&'static Function> {
    let wanted = name_key(name);
    FUNCTIONS
        .iter()
        .find(|f| f.spellings().any(|s| name_key(s) == wanted))
}

/// Why `name` is not a function: the nearest known spelling when one is close, else the list.
pub fn unknown_function(name: &str) -> String {
    let wanted = name_key(name);
    let wanted = wanted.as_str();
    let nearest = FUNCTIONS
        .iter()
        .flat_map(|f| {
            f.spellings()
                .map(move |s| (edit_distance(&name_key(s), wanted), f))
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

/// A whole exponent n >= 0 given as a short game, for the powers' own constructions; `None`
/// for any other exponent (a fraction, a pseudonumber).
fn whole_exponent(store: &Store, x: &Loopy) -> Option<u64> {
    let Loopy::Short(g) = x else {
        return None;
    };
    let n = store.as_number(*g)?;
    if !n.is_integer() {
        return None;
    }
    n.to_bigint().and_then(|n| u64::try_from(n).ok())
}

/// The n of `pow(G, n)` and `pow_to(G, n)`, within the literal limit of `^<n>`.
fn power_order(n: u64) -> Result<u64, PartizanError> {
    if n > super::MAX_UP_POWER {
        return Err(PartizanError::TooLarge {
            what: "the order of a power".into(),
            size: n.to_string(),
            limit: super::MAX_UP_POWER.to_string(),
        });
    }
    Ok(n)
}

fn not_a_power_base() -> PartizanError {
    PartizanError::InvalidInput(
        "Invalid base for `Pow` operation (base must be of the form {0|H})".into(),
    )
}

fn one_any<'a>(args: &'a [Argument<'_>]) -> Result<&'a Loopy, PartizanError> {
    match args {
        [Argument::Any(g)] => Ok(g),
        _ => Err(mismatch()),
    }
}

/// A set of values: a set of games when all are short.
fn set_of(values: Vec<Loopy>) -> Value {
    let shorts: Option<Vec<GameId>> = values
        .iter()
        .map(|v| match v {
            Loopy::Short(g) => Some(*g),
            _ => None,
        })
        .collect();
    match shorts {
        Some(games) => Value::Set(games),
        None => Value::LoopySet(values),
    }
}

/// A loopy value as an expression's value (short games stay short games).
fn value_of(value: Loopy) -> Value {
    super::loopy::value_of(value)
}

/// A stop: a number as the stops of short games are, else the pseudonumber as a value.
fn stop_value(
    stop: loopy_properties::Pseudonumber,
    store: &mut Store,
) -> Result<Value, PartizanError> {
    Ok(match stop {
        loopy_properties::Pseudonumber::Number(x) => Value::Number(x),
        other => value_of(other.to_value(store)?),
    })
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
