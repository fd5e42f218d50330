//! The functions `eval` knows, in one table ([`FUNCTIONS`]): each entry's name and other
//! spellings, its parameters, its help line, an example call and its implementation. The
//! evaluator dispatches through the table and `conway eval --help` lists it, so a function
//! cannot be callable without being documented, or documented without being callable.
//!
//! Names are matched without regard to case or underscores ([`lookup`]), so CGSuite's
//! spellings (`LeftStop`, `AtomicWeight`) work alongside the documented snake_case ones; an
//! entry's `aliases` list them for the help text, and any further abbreviations.

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
use conway_rulesets::amazons::{amazons_moves, amazons_value};
use conway_rulesets::clobber::{clobber_moves, clobber_value};
use conway_rulesets::colouring::{colouring_moves, colouring_value, ColouringRule};
use conway_rulesets::cram::{cram_moves, cram_value};
use conway_rulesets::cutcake::{cake_moves, cake_value, CakeRule};
use conway_rulesets::domineering::{domineering, domineering_moves};
use conway_rulesets::fox_and_geese::{fox_and_geese_moves, fox_and_geese_value, Rules as FoxRules};
use conway_rulesets::hackenbush::{
    childish_hackenbush_moves, childish_hackenbush_value, hackenbush_moves, hackenbush_value,
};
use conway_rulesets::konane::{konane_moves, konane_value};
use conway_rulesets::moves::{LoopyPositionMoves, PositionMoves};
use conway_rulesets::nogo::{nogo_moves, nogo_value};
use conway_rulesets::partizan_subtraction::{
    partizan_subtraction_moves, partizan_subtraction_value,
};
use conway_rulesets::toads_and_frogs::{toads_and_frogs_moves, toads_and_frogs_value};
use conway_rulesets::toads_and_frogs_variants::{strip_moves, strip_value, StripRules};
use conway_rulesets::toppling_dominoes::{toppling_dominoes_moves, toppling_dominoes_value};

/// What an argument of an `eval` function must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgKind {
    /// A game; numbers are games.
    Game,
    /// A game that is a number.
    Number,
    /// A whole number ≥ 0 that fits in 64 bits.
    Natural,
    /// A list of such numbers, `[1, 2]`.
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

/// A ruleset's moves: the position of one call's arguments, its value and its moves.
pub type MovesImplementation =
    fn(&mut Store, &[Argument<'_>]) -> Result<PositionMoves, PartizanError>;

/// A loopy ruleset's moves: the position's value and its moves, each with who wins after it.
pub type LoopyMovesImplementation =
    fn(&mut Store, &[Argument<'_>]) -> Result<LoopyPositionMoves, PartizanError>;

/// How a ruleset lists the moves of a position.
#[derive(Clone, Copy, Debug)]
pub enum RulesetMoves {
    /// A short ruleset: its positions take part in sums whose moves are listed.
    Short(MovesImplementation),
    /// A loopy ruleset: its position's moves are listed when it stands alone.
    Loopy(LoopyMovesImplementation),
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
    /// For a ruleset: its position's value and every move of each player, in the ruleset's
    /// words (what `eval` lists as the moves of a sum of ruleset positions).
    pub moves: Option<RulesetMoves>,
    /// The same question of a misère canonical form (`birthday(*[2#])`), for a function of
    /// one game that has a misère meaning too.
    pub misere: Option<MisereImplementation>,
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
            moves: None,
            misere: None,
            implementation: |$store, args| {
                let $g = one_any(args)?;
                Ok($body)
            },
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
            moves: None,
            misere: None,
            implementation: |store, args| match args {
                [Argument::Any(g), Argument::Any(h)] => Ok(value_of($f(g, h, store)?)),
                _ => Err(mismatch()),
            },
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
            moves: None,
            misere: None,
            implementation: |$store, args| {
                let $g = one_game(args)?;
                Ok($body)
            },
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
            moves: None,
            misere: None,
            implementation: |store, args| match args {
                [Argument::Misere($g)] => {
                    let ($store, $g) = (store.misere(), *$g);
                    Ok($body)
                }
                _ => Err(mismatch()),
            },
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
            moves: None,
            misere: None,
            implementation: |store, args| match args {
                [Argument::Misere($g), Argument::Misere($h)] => {
                    let ($store, $g, $h) = (store.misere(), *$g, *$h);
                    Ok($body)
                }
                _ => Err(mismatch()),
            },
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
            moves: None,
            misere: None,
            implementation: |store, args| match args {
                [Argument::Game(g), Argument::Game(h)] => Ok(Value::Game(compound(store, $kind, *g, *h))),
                _ => Err(mismatch()),
            },
        }
    };
}

/// A ruleset whose position is one string in its notation: `$value` and `$moves` read it.
macro_rules! ruleset_fn {
    ($name:literal, [$($alias:literal),*], $param:literal, $help:literal, $example:literal, $value:expr, $moves:expr) => {
        Function {
            name: $name,
            aliases: &[$($alias),*],
            params: &[param($param, ArgKind::Text)],
            help: $help,
            example: $example,
            moves: Some(RulesetMoves::Short(|store, args| on_board(store, args, $moves))),
            misere: None,
            implementation: |store, args| on_board(store, args, $value).map(Value::Game),
        }
    };
}

/// A loopy ruleset: its position in the ruleset's notation, valued as a loopy game (a short
/// game when no play is infinite).
macro_rules! loopy_ruleset_fn {
    ($name:literal, [$($alias:literal),*], $param:literal, $help:literal, $example:literal, $value:expr, $moves:expr) => {
        Function {
            name: $name,
            aliases: &[$($alias),*],
            params: &[param($param, ArgKind::Text)],
            help: $help,
            example: $example,
            moves: Some(RulesetMoves::Loopy(|store, args| on_board(store, args, $moves))),
            misere: None,
            implementation: |store, args| on_board(store, args, $value).map(value_of),
        }
    };
}

/// A cake game of [`CakeRule`] on a piece of m rows and n columns.
macro_rules! cake_fn {
    ($name:literal, [$($alias:literal),*], $rule:expr, $help:literal, $example:literal) => {
        Function {
            name: $name,
            aliases: &[$($alias),*],
            params: &[param("m", ArgKind::Natural), param("n", ArgKind::Natural)],
            help: $help,
            example: $example,
            moves: Some(RulesetMoves::Short(|store, args| match args {
                [Argument::Natural(rows), Argument::Natural(columns)] => {
                    cake_moves(store, $rule, *rows, *columns)
                }
                _ => Err(mismatch()),
            })),
            misere: None,
            implementation: |store, args| match args {
                [Argument::Natural(rows), Argument::Natural(columns)] => {
                    Ok(Value::Game(cake_value(store, $rule, *rows, *columns)?))
                }
                _ => Err(mismatch()),
            },
        }
    };
}

/// Every function of `eval`, in the order of the help text.
pub static FUNCTIONS: &[Function] = &[
    Function {
        name: "temperature",
        aliases: &[],
        params: GAME,
        help: "the temperature",
        example: "temperature({3||2|1})",
        moves: None,
        misere: None,
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
        misere: None,
        implementation: |store, args| {
            let g = one_game(args)?;
            Ok(Value::Number(mean_and_temperature(store, g)?.0))
        },
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
        moves: None,
        misere: None,
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
        misere: None,
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
        misere: None,
        implementation: |store, args| match args {
            [Argument::Game(g), Argument::Game(t)] => Ok(Value::Game(heat(store, *g, *t))),
            _ => Err(mismatch()),
        },
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
        moves: None,
        misere: None,
        implementation: |store, args| match args {
            [Argument::Game(g), Argument::Game(s), Argument::Game(t)] => {
                Ok(Value::Game(overheat(store, *g, *s, *t)?))
            }
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
        misere: None,
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
        misere: None,
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
        misere: Some(|store, g| Ok(Value::Natural(store.birthday(g).into()))),
        implementation: |store, args| Ok(Value::Natural(store.birthday(one_game(args)?))),
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
        moves: None,
        misere: None,
        implementation: |store, args| Ok(Value::Game(tiny(store, one_game(args)?))),
    },
    Function {
        name: "Miny",
        aliases: &[],
        params: &[param("x", ArgKind::Game)],
        help: "{x|0||0}",
        example: "Miny(1/2)",
        moves: None,
        misere: None,
        implementation: |store, args| {
            let tiny = tiny(store, one_game(args)?);
            Ok(Value::Game(store.neg(tiny)))
        },
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
        moves: None,
        misere: None,
        implementation: |_store, args| match args {
            [Argument::Number(x)] => Ok(Value::Number(Dyadic::from_bigint(x.floor()))),
            _ => Err(mismatch()),
        },
    },
    Function {
        name: "ceiling",
        aliases: &["Ceiling"],
        params: &[param("x", ArgKind::Number)],
        help: "the least integer >= the number x",
        example: "ceiling(-3/2)",
        moves: None,
        misere: None,
        implementation: |_store, args| match args {
            [Argument::Number(x)] => Ok(Value::Number(Dyadic::from_bigint(x.ceil()))),
            _ => Err(mismatch()),
        },
    },
    Function {
        name: "max",
        aliases: &["Max"],
        params: &[param("x", ArgKind::Number), param("y", ArgKind::Number)],
        help: "the larger of two numbers",
        example: "max(3, 5/2)",
        moves: None,
        misere: None,
        implementation: |_store, args| match args {
            [Argument::Number(x), Argument::Number(y)] => Ok(Value::Number(x.max(y).clone())),
            _ => Err(mismatch()),
        },
    },
    Function {
        name: "min",
        aliases: &["Min"],
        params: &[param("x", ArgKind::Number), param("y", ArgKind::Number)],
        help: "the smaller of two numbers",
        example: "min(3, 5/2)",
        moves: None,
        misere: None,
        implementation: |_store, args| match args {
            [Argument::Number(x), Argument::Number(y)] => Ok(Value::Number(x.min(y).clone())),
            _ => Err(mismatch()),
        },
    },
    Function {
        name: "nim_sum",
        aliases: &["NimSum"],
        params: &[param("m", ArgKind::Natural), param("n", ArgKind::Natural)],
        help: "the nim-sum of two whole numbers (bitwise exclusive or)",
        example: "nim_sum(5, 6)",
        moves: None,
        misere: None,
        implementation: |_store, args| match args {
            [Argument::Natural(m), Argument::Natural(n)] => Ok(Value::Natural((m ^ n).into())),
            _ => Err(mismatch()),
        },
    },
    Function {
        name: "nim_product",
        aliases: &["NimProduct"],
        params: &[param("m", ArgKind::Natural), param("n", ArgKind::Natural)],
        help: "the nim-product of two whole numbers below 2^64",
        example: "nim_product(5, 6)",
        moves: None,
        misere: None,
        implementation: |_store, args| match args {
            [Argument::Natural(m), Argument::Natural(n)] => {
                Ok(Value::Natural((Nimber(*m) * Nimber(*n)).0.into()))
            }
            _ => Err(mismatch()),
        },
    },
    Function {
        name: "pow",
        aliases: &["Pow"],
        params: &[param("G", ArgKind::Game), param("x", ArgKind::Any)],
        help: "G^x for G = {0|H}: {0|H - G^[x-1]} (pow(^, n) is ^<n>); x a number or a pseudonumber such as 5over or on",
        example: "pow(^, 3)",
        moves: None,
        misere: None,
        implementation: |store, args| match args {
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
        },
    },
    Function {
        name: "pow_to",
        aliases: &["PowTo"],
        params: &[param("G", ArgKind::Game), param("x", ArgKind::Any)],
        help: "G^[x] for G = {0|H}: {G^[x-1]|H}, G^[0] = 0 (pow_to(^, n) is ^[n]); x a number or a pseudonumber",
        example: "pow_to(^, 3)",
        moves: None,
        misere: None,
        implementation: |store, args| match args {
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
        },
    },
    Function {
        name: "norton_product",
        aliases: &["NortonProduct", "norton"],
        params: &[param("G", ArgKind::Game), param("U", ArgKind::Game)],
        help: "Norton's product G.U (G a number-free unit count, U positive)",
        example: "norton_product(3, ^)",
        moves: None,
        misere: None,
        implementation: |store, args| match args {
            [Argument::Game(g), Argument::Game(u)] => {
                Ok(Value::Game(norton_multiply(store, *g, *u)?))
            }
            _ => Err(mismatch()),
        },
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
        moves: None,
        misere: None,
        implementation: |store, args| match args {
            [Argument::Any(Loopy::Short(g)), Argument::Game(b)] => {
                Ok(Value::Game(subordinate(store, *g, *b)?))
            }
            [Argument::Any(g), Argument::Game(b)] => {
                Ok(value_of(loopy_ordinal::subordinate(g, *b, store)?))
            }
            _ => Err(mismatch()),
        },
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
    ruleset_fn!(
        "domineering",
        [],
        "..|..",
        "Domineering; rows split by |, . empty, # filled",
        "domineering(\"..#|...\")",
        domineering,
        domineering_moves
    ),
    ruleset_fn!(
        "hackenbush",
        [],
        "lr|e",
        "Hackenbush; stalks l (blue) r (red) e (green) split by |, or edges 0-1:l",
        "hackenbush(\"0-1:l 1-2:r 2-0:e\")",
        hackenbush_value,
        hackenbush_moves
    ),
    ruleset_fn!(
        "childish_hackenbush",
        ["ChildishHackenbush"],
        "l(l;rl)",
        "Childish Hackenbush: blue or red edges only where nothing falls",
        "childish_hackenbush(\"(e:B;e:Bllllllrrr:B)\")",
        childish_hackenbush_value,
        childish_hackenbush_moves
    ),
    ruleset_fn!(
        "toads_and_frogs",
        ["ToadsAndFrogs"],
        "tt..ff",
        "Toads and Frogs; t toad, f frog, . empty",
        "toads_and_frogs(\"t.tf.f\")",
        toads_and_frogs_value,
        toads_and_frogs_moves
    ),
    loopy_ruleset_fn!(
        "backsliding_toads_and_frogs",
        ["BackslidingToadsAndFrogs"],
        "tt..ff",
        "Backsliding Toads and Frogs (loopy): creatures also slide one square back",
        "backsliding_toads_and_frogs(\"tt.f\")",
        |s, t| strip_value(s, StripRules::BACKSLIDING, "backsliding_toads_and_frogs", t),
        |s, t| strip_moves(s, StripRules::BACKSLIDING, "backsliding_toads_and_frogs", t)
    ),
    loopy_ruleset_fn!(
        "elephants_and_rhinos",
        ["ElephantsAndRhinos"],
        "tt..ff",
        "Elephants and Rhinos: Toads and Frogs without jumps",
        "elephants_and_rhinos(\"tt..ff\")",
        |s, t| strip_value(s, StripRules::ELEPHANTS_AND_RHINOS, "elephants_and_rhinos", t),
        |s, t| strip_moves(s, StripRules::ELEPHANTS_AND_RHINOS, "elephants_and_rhinos", t)
    ),
    loopy_ruleset_fn!(
        "fox_and_geese",
        ["FoxAndGeese"],
        "position",
        "Fox and Geese (loopy), 8 wide: \"{(row,col),…}, (row,col)\" (geese, fox) or rows split by |, x geese, o fox",
        "fox_and_geese(\"x.x.x.x.|...o....|........\")",
        |s, t| fox_and_geese_value(s, FoxRules::CLASSIC, t),
        |s, t| fox_and_geese_moves(s, FoxRules::CLASSIC, t)
    ),
    loopy_ruleset_fn!(
        "ceylonese_fox_and_geese",
        ["CeyloneseFoxAndGeese"],
        "position",
        "Fox and Geese with a fox that moves up to two squares",
        "ceylonese_fox_and_geese(\"x.x.x.x.|...o....|........\")",
        |s, t| fox_and_geese_value(s, FoxRules::CEYLONESE, t),
        |s, t| fox_and_geese_moves(s, FoxRules::CEYLONESE, t)
    ),
    Function {
        name: "gen_fox_and_geese",
        aliases: &["GenFoxAndGeese"],
        params: &[
            param("width", ArgKind::Natural),
            param("range", ArgKind::Natural),
            param("position", ArgKind::Text),
        ],
        help: "Fox and Geese on a board `width` wide, the fox moving up to `range` squares",
        example: "gen_fox_and_geese(10, 1, \"x.x.x.x.x.|..........|........o.\")",
        moves: Some(RulesetMoves::Loopy(|store, args| {
            let (rules, position) = gen_fox_and_geese(args)?;
            fox_and_geese_moves(store, rules, position.text).map_err(|e| position.locate(e))
        })),
        misere: None,
        implementation: |store, args| {
            let (rules, position) = gen_fox_and_geese(args)?;
            fox_and_geese_value(store, rules, position.text)
                .map_err(|e| position.locate(e))
                .map(value_of)
        },
    },
    ruleset_fn!(
        "cram",
        ["Cram"],
        "..|..",
        "Cram (impartial); rows split by |, . empty, # filled; dominoes either way",
        "cram(\".........|##.######\")",
        cram_value,
        cram_moves
    ),
    ruleset_fn!(
        "col",
        ["Col"],
        "x..|.o.",
        "Col; rows split by |, x blue, o red, . uncoloured, # no square",
        "col(\"o.o.x.o.o.\")",
        |s, t| colouring_value(s, ColouringRule::Col, t),
        |s, t| colouring_moves(s, ColouringRule::Col, t)
    ),
    ruleset_fn!(
        "snort",
        ["Snort"],
        "x..|.o.",
        "Snort; rows split by |, x blue, o red, . uncoloured, # no square",
        "snort(\"x...x\")",
        |s, t| colouring_value(s, ColouringRule::Snort, t),
        |s, t| colouring_moves(s, ColouringRule::Snort, t)
    ),
    ruleset_fn!(
        "konane",
        ["Konane"],
        "xo.|.ox",
        "Konane; rows split by |, x Left's stones, o Right's, . empty",
        "konane(\"xo.o.|.x...\")",
        konane_value,
        konane_moves
    ),
    ruleset_fn!(
        "amazons",
        ["Amazons"],
        "x...|o...",
        "Amazons; rows split by |, x Left's amazons, o Right's, . empty, # burnt",
        "amazons(\"x...|o...\")",
        amazons_value,
        amazons_moves
    ),
    ruleset_fn!(
        "nogo",
        ["NoGo"],
        "x..|..o",
        "NoGo; rows split by |, x Left's stones, o Right's, . empty",
        "nogo(\"...|...\")",
        nogo_value,
        nogo_moves
    ),
    ruleset_fn!(
        "toppling_dominoes",
        ["TopplingDominoes"],
        "lre|l",
        "Toppling Dominoes; rows split by |, l blue, r red, e green",
        "toppling_dominoes(\"lrrlrrl\")",
        toppling_dominoes_value,
        toppling_dominoes_moves
    ),
    ruleset_fn!(
        "clobber",
        [],
        "xo|ox",
        "Clobber; rows split by |, x Left's stone, o Right's, . empty",
        "clobber(\"xox|o.x\")",
        clobber_value,
        clobber_moves
    ),
    Function {
        name: "partizan_subtraction",
        aliases: &["PartizanSubtraction"],
        params: &[
            param("L", ArgKind::Naturals),
            param("R", ArgKind::Naturals),
            param("n", ArgKind::Natural),
        ],
        help: "a heap of n: Left takes a number in the list L, Right one in R",
        example: "partizan_subtraction([1,3], [2,3], 6)",
        moves: Some(RulesetMoves::Short(|store, args| match args {
            [Argument::Naturals(l), Argument::Naturals(r), Argument::Natural(n)] => {
                partizan_subtraction_moves(store, l, r, *n)
            }
            _ => Err(mismatch()),
        })),
        misere: None,
        implementation: |store, args| match args {
            [Argument::Naturals(l), Argument::Naturals(r), Argument::Natural(n)] => {
                Ok(Value::Game(partizan_subtraction_value(store, l, r, *n)?))
            }
            _ => Err(mismatch()),
        },
    },
    cake_fn!(
        "cutcake",
        [],
        CakeRule::Cutcake,
        "Cutcake on m rows and n columns: Left cuts columns, Right rows",
        "cutcake(3, 5)"
    ),
    cake_fn!(
        "maundy_cake",
        ["MaundyCake"],
        CakeRule::MaundyCake,
        "Maundy Cake on m rows and n columns: divide a side into equal parts",
        "maundy_cake(8, 5)"
    ),
    cake_fn!(
        "eatcake",
        ["Eatcake"],
        CakeRule::Eatcake,
        "Eatcake on m rows and n columns: Left eats a column, Right a row",
        "eatcake(3, 4)"
    ),
    Function {
        name: "misere_outcome",
        aliases: &["MisereOutcomeClass"],
        params: GAME,
        help: "the outcome class in misère play, where the player who cannot move wins: L, R, P or N",
        example: "misere_outcome({1|0})",
        moves: None,
        misere: Some(|store, g| {
            Ok(Value::Outcome(if store.is_p_position(g) {
                conway_partizan::Outcome::Previous
            } else {
                conway_partizan::Outcome::Next
            }))
        }),
        implementation: |store, args| {
            let g = one_game(args)?;
            Ok(Value::Outcome(super::misere_outcome(store, g)))
        },
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
    misere_fn!(
        "nim_value",
        ["NimValue"],
        "G+, the normal-play Grundy value of a misère game",
        "nim_value(*[2#0])",
        |store, g| Value::Natural(store.normal_value(g).into())
    ),
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

/// The rules and position of `gen_fox_and_geese(width, range, position)`.
fn gen_fox_and_geese<'a, 'b>(
    args: &'a [Argument<'b>],
) -> Result<(FoxRules, &'a Text<'b>), PartizanError> {
    match args {
        [Argument::Natural(width), Argument::Natural(range), Argument::Text(position)] => {
            let limit = |n: u64, what: &str| {
                u32::try_from(n).map_err(|_| PartizanError::too_large(what, n, u32::MAX))
            };
            let rules = FoxRules {
                width: limit(*width, "gen_fox_and_geese: the width")?,
                range: limit(*range, "gen_fox_and_geese: the fox's range")?,
            };
            Ok((rules, position))
        }
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
