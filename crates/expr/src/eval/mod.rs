//! Evaluating expressions: a parsed [`Expr`] becomes a game in the [`Store`] (or a truth value,
//! a number, a thermograph, an outcome class), and a game becomes the full report `conway eval`
//! prints.
//!
//! Errors carry the column, in the whole expression, of the part they are about: a ruleset's
//! string reports the column of the offending character, not of the string. Functions come
//! from one table ([`FUNCTIONS`]) that both dispatch and the help text read; names are matched
//! without regard to case or underscores, so both the documented snake_case names
//! (`left_stop`) and CGSuite's (`LeftStop`) work.

use conway_numbers::Dyadic;
use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

use crate::syntax::{parse_expression, CompareOp, Expr, ExprKind, Number, UpStar, Ups};
use conway_loopy::Loopy;
use conway_partizan::ordinal::ordinal_sum;
use conway_partizan::print::{canonical_text, sort_as_cgsuite};
use conway_partizan::store::Uptimal;
use conway_partizan::thermal::Thermograph;
use conway_partizan::{GameId, Nus, Outcome, PartizanError, Store};
use conway_rulesets::registry::Values;
use conway_rulesets::variant::Variant;

mod arithmetic;
mod bindings;
mod functions;
mod loopy;
mod misere;
mod misere_play;
mod moves;
mod report;
mod user;

pub use arithmetic::{MAX_COPIES, MAX_POWER_BITS};
pub use bindings::{parse_statement, Bindings, Statement, MAX_BINDINGS, MAX_NAME_CHARS};
pub use functions::{
    lookup, unknown_function, ArgKind, Argument, Body, Function, Implementation, Param, Text,
    FUNCTIONS,
};
pub use misere::{misere_outcome, misere_report, MisereReport, MAX_MISERE_HEAP};
pub use moves::{moves_of, Listing, Move, Moves};
pub use report::{
    evaluate_report, evaluate_report_in, evaluate_report_with, report, EvalReport, GameReport,
    ValueKind,
};
pub use user::{position_call, UserBoard, UserRuleset, UserRulesets};

/// The largest up multiple accepted in a literal (its canonical form has that many levels).
pub const MAX_UPS: u64 = 100_000;

/// The largest n of a power of up `^<n>` or a sum of powers `^[n]` accepted in a literal.
pub const MAX_UP_POWER: u64 = 1000;

/// The largest nimber accepted in a literal: *m has m options per side, which sums with
/// other games and constructions enumerate.
pub const MAX_NIMBER: u64 = 1 << 10;

/// What an expression evaluates to.
#[derive(Clone, Debug)]
pub enum Value {
    /// A short game (numbers included).
    Game(GameId),
    /// A truth value, from a comparison.
    Bool(bool),
    /// A number that is a measurement of a game (a stop, the mean, the temperature).
    Number(Dyadic),
    /// A birthday.
    Natural(BigUint),
    /// A thermograph.
    Thermograph(Thermograph),
    /// An outcome class.
    Outcome(Outcome),
    /// The outcome class of a position too large for its value, found by search, with the
    /// search's report (who wins each way, and a winning first move).
    Searched(Box<conway_rulesets::outcome::WinnerReport>),
    /// A set of games (options, followers, incentives), printed in CGSuite's order.
    Set(Vec<GameId>),
    /// A set with a loopy member (a stopper's options or followers), printed in CGSuite's
    /// order of values.
    LoopySet(Vec<Loopy>),
    /// A list of values, printed `[a,b]`.
    List(Vec<Value>),
    /// A loopy game that is not short: a stopper, or a value with two sides.
    Loopy(conway_loopy::Loopy),
    /// The outcome class of a loopy game.
    LoopyOutcome(conway_loopy::properties::LoopyOutcome),
    /// A misère canonical form of an impartial game, `*[2#]`.
    Misere(conway_misere::MisereId),
    /// A genus `g^{γ0 γ1 …}`, as CGSuite abbreviates it.
    Genus(conway_misere::CanonicalGenus),
}

impl Value {
    /// The value as text, in the notation the CLI prints (games in CGSuite's notation).
    pub fn to_text(&self, store: &mut Store) -> String {
        match self {
            Value::Game(g) => canonical_text(store, *g),
            Value::Bool(b) => b.to_string(),
            Value::Number(x) => x.to_string(),
            Value::Natural(n) => n.to_string(),
            Value::Thermograph(t) => t.to_string(),
            Value::Outcome(o) => o.to_string(),
            Value::Searched(report) => report.summary(),
            Value::LoopyOutcome(o) => o.to_string(),
            Value::Misere(g) => misere::text(store, *g),
            Value::Genus(g) => g.to_string(),
            Value::Set(games) => {
                let mut games = games.clone();
                sort_as_cgsuite(store, &mut games);
                let texts: Vec<String> = games.iter().map(|&g| canonical_text(store, g)).collect();
                format!("{{{}}}", texts.join(","))
            }
            Value::LoopySet(values) => {
                let mut values = values.clone();
                conway_loopy::print::sort_values_as_cgsuite(&mut values, store);
                let texts: Vec<String> = values
                    .into_iter()
                    .map(|v| Value::Loopy(v).to_text(store))
                    .collect();
                format!("{{{}}}", texts.join(","))
            }
            Value::List(values) => {
                let texts: Vec<String> = values.iter().map(|v| v.to_text(store)).collect();
                format!("[{}]", texts.join(","))
            }
            // Printing compares positions of a form already simplified, far inside the
            // limits its simplification kept to, so it does not fail; if it ever did, the
            // reason is shown rather than a partial form.
            Value::Loopy(value) => conway_loopy::print::loopy_text(value, store)
                .unwrap_or_else(|error| format!("(not printable: {error})")),
        }
    }
}

/// Parses and evaluates an expression.
///
/// A stop request from the store's progress hook ([`Store::set_progress`]) ends the
/// evaluation with [`PartizanError::Interrupted`].
pub fn evaluate_text(store: &mut Store, text: &str) -> Result<Value, PartizanError> {
    store.within_budget(|store| evaluate(store, &parse_expression(text)?))
}

/// Evaluates a parsed expression that uses no variables.
pub fn evaluate(store: &mut Store, expr: &Expr) -> Result<Value, PartizanError> {
    evaluate_in(store, &Bindings::new(), expr)
}

/// Evaluates a parsed expression whose names are the variables bound in `names`.
pub fn evaluate_in(
    store: &mut Store,
    names: &Bindings,
    expr: &Expr,
) -> Result<Value, PartizanError> {
    let c = expr.column;
    Ok(match &expr.kind {
        ExprKind::Number(n) => Value::Game(store.number(dyadic(n, c)?)),
        ExprKind::UpStar(u) => up_star(store, u, c)?,
        ExprKind::Game { .. } | ExprKind::Labelled { .. } if loopy::is_cyclic(expr) => {
            loopy::cyclic_game(store, names, expr)?
        }
        ExprKind::Labelled { game, .. } => evaluate_in(store, names, game)?,
        ExprKind::Game { left, right } => {
            let left = any_games(store, names, left)?;
            let right = any_games(store, names, right)?;
            loopy::game_of(store, left, right).map_err(|e| e.at(c))?
        }
        ExprKind::PlusMinus(options) => {
            let left = any_games(store, names, options)?;
            let right: Vec<Loopy> = left.iter().map(|g| g.neg(store)).collect();
            loopy::game_of(store, left, right).map_err(|e| e.at(c))?
        }
        ExprKind::Misere(list) => misere::literal(store, names, list)?,
        ExprKind::Neg(a) => match evaluate_in(store, names, a)? {
            // An impartial game is its own negative.
            Value::Misere(g) => Value::Misere(g),
            value => {
                let g = any_of(store, value, a)?;
                loopy::value_of(g.neg(store))
            }
        },
        // G − H is G + H for impartial games, as in CGSuite.
        ExprKind::Add(a, b) | ExprKind::Sub(a, b) => {
            let (g, h) = (evaluate_in(store, names, a)?, evaluate_in(store, names, b)?);
            match (g, h) {
                (Value::Misere(g), Value::Misere(h)) => Value::Misere(
                    store
                        .misere()
                        .add(g, h)
                        .map_err(|e| PartizanError::from(e).at(c))?,
                ),
                (Value::Misere(_), _) | (_, Value::Misere(_)) => {
                    return Err(PartizanError::parse(
                        c,
                        "a misère game *[…] adds only to misère games",
                    ))
                }
                (g, h) => {
                    let (g, h) = (any_of(store, g, a)?, any_of(store, h, b)?);
                    let h = if matches!(expr.kind, ExprKind::Sub(..)) {
                        h.neg(store)
                    } else {
                        h
                    };
                    loopy::value_of(g.add(&h, store).map_err(|e| e.at(c))?)
                }
            }
        }
        ExprKind::Sided(a, b) => {
            let (g, h) = (any_game(store, names, a)?, any_game(store, names, b)?);
            loopy::sided(store, &g, &h).map_err(|e| e.at(c))?
        }
        ExprKind::OrdinalSum(a, b) => {
            match (any_game(store, names, a)?, any_game(store, names, b)?) {
                (Loopy::Short(g), Loopy::Short(h)) => {
                    Value::Game(ordinal_sum(store, g, h).map_err(|e| e.at(c))?)
                }
                (g, h) => loopy::value_of(
                    conway_loopy::ordinal::ordinal_sum(&g, &h, store).map_err(|e| e.at(c))?,
                ),
            }
        }
        ExprKind::Product(a, b) => {
            let (g, h) = (any_game(store, names, a)?, any_game(store, names, b)?);
            match (g, h) {
                (Loopy::Short(g), Loopy::Short(h)) => {
                    Value::Game(arithmetic::product(store, g, h).map_err(|e| e.at(c))?)
                }
                (Loopy::Short(n), g) | (g, Loopy::Short(n)) => {
                    loopy::value_of(arithmetic::loopy_copies(store, n, &g).map_err(|e| e.at(c))?)
                }
                _ => {
                    return Err(PartizanError::parse(
                        c,
                        "a product of two loopy games is not defined: one side must be an integer",
                    ))
                }
            }
        }
        ExprKind::Power(a, b) => {
            let (g, h) = (game(store, names, a)?, game(store, names, b)?);
            Value::Game(arithmetic::power(store, g, h).map_err(|e| e.at(c))?)
        }
        ExprKind::List(items) => Value::List(
            items
                .iter()
                .map(|item| evaluate_in(store, names, item))
                .collect::<Result<_, _>>()?,
        ),
        ExprKind::Compare(op, a, b) => {
            let (g, h) = (any_game(store, names, a)?, any_game(store, names, b)?);
            let le = g.leq(&h, store).map_err(|e| e.at(c))?;
            let ge = h.leq(&g, store).map_err(|e| e.at(c))?;
            Value::Bool(match op {
                CompareOp::Eq => le && ge,
                CompareOp::Le => le,
                CompareOp::Ge => ge,
                CompareOp::Lt => le && !ge,
                CompareOp::Gt => ge && !le,
                CompareOp::LessOrConfused => !ge,
                CompareOp::GreaterOrConfused => !le,
                CompareOp::Confused => !le && !ge,
            })
        }
        ExprKind::Call { name, args } => call(store, names, name, args, c)?,
        ExprKind::Name(name) => match names.get(name) {
            Some(value) => value.clone(),
            None if name == "pass" => return Err(loopy::unexpected_pass(c)),
            None => {
                if let Some(graph) = loopy::constant(name) {
                    return Ok(loopy::value_of(Loopy::from_graph(&graph, store)?));
                }
                return Err(PartizanError::parse(
                    c,
                    format!(
                    "unknown name '{name}' (games are written as numbers, *, ^, v or {{L|R}}{})",
                    if names.is_empty() {
                        String::new()
                    } else {
                        format!("; the variables are {}", names.listing())
                    }
                ),
                ));
            }
        },
        ExprKind::Text(_) => {
            return Err(PartizanError::parse(
                c,
                "a string is only allowed as a ruleset's argument",
            ))
        }
    })
}

/// Evaluates an expression that must be a game (numbers count as games).
fn game(store: &mut Store, names: &Bindings, expr: &Expr) -> Result<GameId, PartizanError> {
    let value = evaluate_in(store, names, expr)?;
    short_game(store, value, expr)
}

/// A value that must be a short game (numbers count as games).
fn short_game(store: &mut Store, value: Value, expr: &Expr) -> Result<GameId, PartizanError> {
    match value {
        Value::Game(g) => Ok(g),
        Value::Number(x) => Ok(store.number(x)),
        Value::Natural(n) => Ok(store.number(Dyadic::from_bigint(BigInt::from(n)))),
        Value::Bool(_) => Err(PartizanError::parse(
            expr.column,
            "a comparison is not a game",
        )),
        Value::Thermograph(_) => Err(PartizanError::parse(
            expr.column,
            "a thermograph is not a game",
        )),
        Value::Outcome(_) | Value::Searched(_) | Value::LoopyOutcome(_) => Err(
            PartizanError::parse(expr.column, "an outcome class is not a game"),
        ),
        Value::Set(_) | Value::LoopySet(_) => {
            Err(PartizanError::parse(expr.column, "a set is not a game"))
        }
        Value::List(_) => Err(PartizanError::parse(expr.column, "a list is not a game")),
        Value::Loopy(_) => Err(PartizanError::parse(
            expr.column,
            "a loopy game: this needs a short game (one with no infinite play)",
        )),
        Value::Misere(_) => Err(PartizanError::parse(
            expr.column,
            "a misère game *[…]: this needs a partizan game in normal play",
        )),
        Value::Genus(_) => Err(PartizanError::parse(expr.column, "a genus is not a game")),
    }
}

/// Evaluates an expression that must be a game, short or loopy.
fn any_game(store: &mut Store, names: &Bindings, expr: &Expr) -> Result<Loopy, PartizanError> {
    let value = evaluate_in(store, names, expr)?;
    any_of(store, value, expr)
}

/// A value (of `expr`) that must be a game, short or loopy.
fn any_of(store: &mut Store, value: Value, expr: &Expr) -> Result<Loopy, PartizanError> {
    match value {
        Value::Loopy(g) => Ok(g),
        value => short_game(store, value, expr).map(Loopy::Short),
    }
}

fn any_games(
    store: &mut Store,
    names: &Bindings,
    exprs: &[Expr],
) -> Result<Vec<Loopy>, PartizanError> {
    exprs.iter().map(|e| any_game(store, names, e)).collect()
}

/// A number literal as an exact dyadic rational.
fn dyadic(n: &Number, column: usize) -> Result<Dyadic, PartizanError> {
    let (numerator, denominator) = n.to_fraction();
    if denominator.is_zero() {
        return Err(PartizanError::parse(column, "division by zero"));
    }
    let denominator = BigInt::from(denominator);
    let g = numerator.gcd(&denominator);
    let (numerator, denominator) = (numerator / &g, denominator / &g);
    let exponent = denominator.bits().saturating_sub(1);
    if denominator != BigInt::one() << exponent {
        return Err(PartizanError::parse(
            column,
            "not a dyadic rational: the numbers of short games have power-of-two denominators",
        ));
    }
    let exponent =
        u32::try_from(exponent).map_err(|_| PartizanError::parse(column, "number too precise"))?;
    Ok(Dyadic::from_parts(numerator, exponent))
}

/// A number-up-star literal; with an upon (`^[on]`, `v<on>`) a loopy value.
fn up_star(store: &mut Store, u: &UpStar, column: usize) -> Result<Value, PartizanError> {
    let number = match &u.number {
        Some(n) => dyadic(n, column)?,
        None => Dyadic::zero(),
    };
    // Both are documented limits on a literal (its canonical form has that many levels, or
    // options per side), so past them the literal is too large, not malformed.
    let too_large = |what: &str, size: String, limit: u64| {
        PartizanError::TooLarge {
            what: what.to_string(),
            size,
            limit: limit.to_string(),
        }
        .at(column)
    };
    let nimber = match &u.star {
        Some(m) => m
            .to_u64()
            .filter(|&m| m <= MAX_NIMBER)
            .ok_or_else(|| too_large("the nimber literal *m", m.to_string(), MAX_NIMBER))?,
        None => 0,
    };
    let order = |n: &BigUint| {
        n.to_usize()
            .filter(|&n| n as u64 <= MAX_UP_POWER)
            .ok_or_else(|| too_large("the order of ^<n> or ^[n]", n.to_string(), MAX_UP_POWER))
    };
    let uptimal = match &u.ups {
        Ups::Multiple(n) => {
            let ups = n
                .to_i64()
                .filter(|n| n.unsigned_abs() <= MAX_UPS)
                .ok_or_else(|| {
                    too_large("a literal's ups or downs", n.abs().to_string(), MAX_UPS)
                })?;
            return Ok(Value::Game(store.nus(&Nus {
                number,
                ups,
                nimber,
            })));
        }
        Ups::Power { order: n, down } => Uptimal::power(number, order(n)?, *down, nimber),
        Ups::PowerSum { order: n, down } => Uptimal::power_sum(number, order(n)?, *down, nimber),
        Ups::Upon { uponth, down } => {
            return loopy::upon(store, *uponth, *down, number, nimber).map_err(|e| e.at(column))
        }
    };
    Ok(Value::Game(store.uptimal(&uptimal)))
}

/// A call: the function from the table, its arguments evaluated to the kinds of its
/// parameters, and errors of the implementation placed at the call.
fn call(
    store: &mut Store,
    names: &Bindings,
    name: &str,
    args: &[Expr],
    column: usize,
) -> Result<Value, PartizanError> {
    if let Some((ruleset, text)) = names.rulesets().position(name, args, column)? {
        return ruleset
            .value(store, text)
            .map(Value::Game)
            .map_err(|e| e.at(column));
    }
    if let (Some(function), [arg]) = (lookup(name), args) {
        if function.name == "outcome" {
            if let Some(report) = searched_outcome(store, names, arg)? {
                return Ok(Value::Searched(Box::new(report)));
            }
        }
        if let Some(variant) = Variant::ALL.into_iter().find(|v| v.name() == function.name) {
            if let Some(value) = variant_of_position(store, names, variant, arg)? {
                return Ok(Value::Game(value));
            }
        }
        if function.name == "misere_outcome" && moves::has_ruleset_term(names, arg) {
            // A ruleset position is played on its own moves, not on its canonical form.
            if let Some(outcome) =
                misere_play::position_misere_outcome(store, names, arg).map_err(|e| e.at(column))?
            {
                return Ok(Value::Outcome(outcome));
            }
        }
        if let (Some(misere), [param]) = (function.misere, function.params) {
            // A function with a misère meaning: the argument decides which applies.
            let value = evaluate_in(store, names, arg)?;
            let result = match value {
                Value::Misere(g) => misere(store.misere(), g),
                value => {
                    let argument = match param.kind {
                        ArgKind::Any => Argument::Any(any_of(store, value, arg)?),
                        _ => Argument::Game(short_game(store, value, arg)?),
                    };
                    function.call(store, &[argument])
                }
            };
            return result.map_err(|e| e.at(column));
        }
    }
    let (function, arguments) = arguments(store, names, name, args, column)?;
    function.call(store, &arguments).map_err(|e| e.at(column))
}

/// `dicotic_variant(domineering("…"))` and the like: a variant of a lone position of a
/// short ruleset, played on its moves (a variant depends on the form, and the position's
/// form is not its canonical form's); `None` when `arg` has no ruleset term, whose variant is
/// its canonical form's. A sum with a ruleset term is refused: its variant is neither its
/// canonical form's nor, but for the impartial one, the sum of its parts' variants.
fn variant_of_position(
    store: &mut Store,
    names: &Bindings,
    variant: Variant,
    arg: &Expr,
) -> Result<Option<GameId>, PartizanError> {
    let lone = match &arg.kind {
        ExprKind::Call { name, args } => lookup(name)
            .and_then(|f| f.ruleset())
            .map(|ruleset| (ruleset, name, args)),
        _ => None,
    };
    if names.rulesets().calls(arg) {
        return Err(PartizanError::parse(
            arg.column,
            format!(
                "{} of a position of your own ruleset: variants are played on a built-in \
                 ruleset's moves; {}(your position's value) gives its value's variant",
                variant.name(),
                variant.name()
            ),
        ));
    }
    let Some((ruleset, name, args)) = lone else {
        if moves::has_ruleset_term(names, arg) {
            return Err(PartizanError::parse(
                arg.column,
                format!(
                    "{} of a sum with a ruleset's position: give one position (the variant \
                     of a sum is not the sum of its parts' variants, but for \
                     impartial_variant, which may be written for each part)",
                    variant.name()
                ),
            ));
        }
        return Ok(None);
    };
    if let (Variant::Impartial, Some(searched)) = (variant, &ruleset.search) {
        // Valued by the mex rule on its positions, past the canonical forms' limits.
        let (_, arguments) = arguments(store, names, name, args, arg.column)?;
        return functions::on_ruleset(ruleset, &arguments, |args| {
            let value = (searched.impartial)(store, args)?;
            Ok(store.nimber(value))
        })
        .map(Some);
    }
    let Values::Short {
        variant: of_position,
        ..
    } = ruleset.values
    else {
        return Err(PartizanError::parse(
            arg.column,
            format!(
                "{} of a loopy ruleset's position: variants are of short games",
                variant.name()
            ),
        ));
    };
    let (_, arguments) = arguments(store, names, name, args, arg.column)?;
    functions::on_ruleset(ruleset, &arguments, |args| {
        of_position(store, variant, args)
    })
    .map(Some)
}

/// `outcome(clobber("…"))` and the like: a lone position of a ruleset the search answers
/// (one whose registry entry is [`conway_rulesets::registry::Searched`]) that is too large for its canonical form
/// is searched for who wins, so boards past the canonical form's limits have an outcome.
/// `None` for anything else, valued as before (a sum of mid-sized components is far quicker
/// valued than searched). The search's budget of positions is a sixteenth of the store's
/// budget of arithmetic steps.
fn searched_outcome(
    store: &mut Store,
    names: &Bindings,
    arg: &Expr,
) -> Result<Option<conway_rulesets::outcome::WinnerReport>, PartizanError> {
    let ExprKind::Call { name, args } = &arg.kind else {
        return Ok(None);
    };
    let Some((ruleset, searched)) = lookup(name)
        .and_then(|f| f.ruleset())
        .and_then(|r| Some((r, r.search?)))
    else {
        return Ok(None);
    };
    let Ok((_, arguments)) = arguments(store, names, name, args, arg.column) else {
        return Ok(None);
    };
    let valued = functions::on_ruleset(ruleset, &arguments, |args| Ok((searched.valued)(args)));
    if !matches!(valued, Ok(Err(PartizanError::TooLarge { .. }))) {
        return Ok(None);
    }
    let hook = store.progress_hook();
    let ask = conway_rulesets::outcome::ruleset::Ask {
        every_move: false,
        budget: Some(store.budget().0 / 16),
        progress: conway_core::or_no_progress(hook.as_deref()),
        first: None,
    };
    let resume = conway_rulesets::outcome::Resume::afresh();
    functions::on_ruleset(ruleset, &arguments, |args| {
        (searched.search)(store, ruleset.name, args, ask, resume).0
    })
    .map(Some)
}

/// The function a call names and its arguments, each evaluated to its parameter's kind.
fn arguments<'a>(
    store: &mut Store,
    names: &Bindings,
    name: &str,
    args: &'a [Expr],
    column: usize,
) -> Result<(&'static Function, Vec<Argument<'a>>), PartizanError> {
    let function = lookup(name).ok_or_else(|| {
        let yours: Vec<&str> = names.rulesets().iter().map(|r| r.name()).collect();
        let message = match yours.as_slice() {
            [] => unknown_function(name),
            yours => format!(
                "{}; your own rulesets are {}",
                unknown_function(name),
                yours.join(", ")
            ),
        };
        PartizanError::parse(column, message)
    })?;
    let arity = function.arity();
    if args.len() != arity {
        return Err(PartizanError::parse(
            column,
            format!(
                "{name} takes {arity} argument{}, not {}, as in {}",
                if arity == 1 { "" } else { "s" },
                args.len(),
                function.signature()
            ),
        ));
    }
    let arguments = function
        .params
        .iter()
        .zip(args)
        .map(|(param, expr)| argument(store, names, name, function, param.kind, expr))
        .collect::<Result<Vec<Argument<'_>>, PartizanError>>()?;
    Ok((function, arguments))
}

/// An argument evaluated to the kind its parameter asks for.
fn argument<'a>(
    store: &mut Store,
    names: &Bindings,
    name: &str,
    function: &Function,
    kind: ArgKind,
    expr: &'a Expr,
) -> Result<Argument<'a>, PartizanError> {
    Ok(match kind {
        ArgKind::Game => Argument::Game(game(store, names, expr)?),
        ArgKind::Number => Argument::Number(number_argument(store, names, expr)?),
        ArgKind::Natural => Argument::Natural(natural_argument(store, names, expr)?),
        ArgKind::Integer => Argument::Integer(integer_argument(store, names, expr)?),
        ArgKind::Naturals => Argument::Naturals(naturals_argument(store, names, expr)?),
        ArgKind::Any => Argument::Any(any_game(store, names, expr)?),
        ArgKind::Misere => match evaluate_in(store, names, expr)? {
            Value::Misere(g) => Argument::Misere(g),
            _ => {
                return Err(PartizanError::parse(
                    expr.column,
                    format!(
                        "{name} takes misère games, written *[…], as in {}",
                        function.example
                    ),
                ))
            }
        },
        ArgKind::Text => match &expr.kind {
            ExprKind::Text(text) => Argument::Text(Text {
                text,
                column: expr.column,
            }),
            _ => {
                return Err(PartizanError::parse(
                    expr.column,
                    format!(
                        "{name} takes a quoted string, as in {}",
                        function.signature()
                    ),
                ))
            }
        },
    })
}

/// An argument that must evaluate to a number.
fn number_argument(
    store: &mut Store,
    names: &Bindings,
    expr: &Expr,
) -> Result<Dyadic, PartizanError> {
    let g = game(store, names, expr)?;
    store
        .as_number(g)
        .cloned()
        .ok_or_else(|| PartizanError::parse(expr.column, "expected a number"))
}

/// An argument that must be a list of whole numbers ≥ 0 that fit in 64 bits: `[1, 2]`.
fn naturals_argument(
    store: &mut Store,
    names: &Bindings,
    expr: &Expr,
) -> Result<Vec<u64>, PartizanError> {
    let not_a_list =
        || PartizanError::parse(expr.column, "expected a list of whole numbers, e.g. [1,2]");
    let ExprKind::List(items) = &expr.kind else {
        return match evaluate_in(store, names, expr)? {
            Value::List(values) => values
                .into_iter()
                .map(|v| match v {
                    Value::Natural(n) => n.to_u64().ok_or_else(not_a_list),
                    Value::Game(g) => store
                        .as_number(g)
                        .and_then(Dyadic::to_bigint)
                        .and_then(|n| n.to_u64())
                        .ok_or_else(not_a_list),
                    _ => Err(not_a_list()),
                })
                .collect(),
            _ => Err(not_a_list()),
        };
    };
    items
        .iter()
        .map(|item| natural_argument(store, names, item))
        .collect()
}

/// An argument that must evaluate to a whole number ≥ 0 that fits in 64 bits.
fn natural_argument(
    store: &mut Store,
    names: &Bindings,
    expr: &Expr,
) -> Result<u64, PartizanError> {
    whole_argument(store, names, expr, "a whole number >= 0", |n| n.to_u64())
}

/// A whole number argument, negative too, that fits in 64 bits.
fn integer_argument(
    store: &mut Store,
    names: &Bindings,
    expr: &Expr,
) -> Result<i64, PartizanError> {
    whole_argument(store, names, expr, "a whole number", |n| n.to_i64())
}

/// A number argument that is a whole number `fit` takes, else `expected` is said.
fn whole_argument<T>(
    store: &mut Store,
    names: &Bindings,
    expr: &Expr,
    expected: &str,
    fit: impl FnOnce(&BigInt) -> Option<T>,
) -> Result<T, PartizanError> {
    number_argument(store, names, expr)?
        .to_bigint()
        .and_then(|n| fit(&n))
        .ok_or_else(|| PartizanError::parse(expr.column, format!("expected {expected}")))
}

#[cfg(test)]
mod tests;
