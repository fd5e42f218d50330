//! Evaluating expressions: a parsed [`Expr`] becomes a game in the [`Store`] (or a truth value,
//! a number, a thermograph, an outcome class), and a game becomes the full report `conway eval`
//! prints.
//!
//! Errors name the column of the part of the expression they are about. Functions are matched
//! by name without regard to case or underscores, so both the documented snake_case names
//! (`left_stop`) and CGSuite's (`LeftStop`) work.

use std::fmt;

use conway_numbers::Dyadic;
use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

use crate::expr::{parse_expression, CompareOp, Expr, ExprKind, Number, UpStar};
use crate::infinitesimal::{atomic_weight, reduced_canonical_form};
use crate::ordinal::ordinal_sum;
use crate::print::canonical_text;
use crate::rulesets::clobber::clobber_value;
use crate::rulesets::cutcake::cutcake_value;
use crate::rulesets::domineering::domineering;
use crate::rulesets::hackenbush::hackenbush_value;
use crate::rulesets::toads_and_frogs::toads_and_frogs_value;
use crate::thermal::{cool, heat, left_stop, right_stop, thermograph, Thermograph};
use crate::{GameId, Nus, Outcome, PartizanError, Store};

/// The largest up multiple accepted in a literal (its canonical form has that many levels).
pub const MAX_UPS: u64 = 100_000;

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
        }
    }
}

/// Parses and evaluates an expression.
pub fn evaluate_text(store: &mut Store, text: &str) -> Result<Value, PartizanError> {
    let expr = parse_expression(text)?;
    evaluate(store, &expr)
}

fn error(column: usize, message: impl fmt::Display) -> PartizanError {
    PartizanError::InvalidInput(format!("column {column}: {message}"))
}

/// Adds the column to an error raised deeper down.
fn at(column: usize, e: PartizanError) -> PartizanError {
    let located = |m: String| {
        if m.starts_with("column ") {
            m
        } else {
            format!("column {column}: {m}")
        }
    };
    match e {
        PartizanError::InvalidInput(m) => PartizanError::InvalidInput(located(m)),
        PartizanError::NotApplicable(m) => PartizanError::NotApplicable(located(m)),
        PartizanError::TooLarge(m) => PartizanError::TooLarge(located(m)),
    }
}

/// Evaluates a parsed expression.
pub fn evaluate(store: &mut Store, expr: &Expr) -> Result<Value, PartizanError> {
    let c = expr.column;
    Ok(match &expr.kind {
        ExprKind::Number(n) => Value::Game(store.number(dyadic(n, c)?)),
        ExprKind::UpStar(u) => Value::Game(up_star(store, u, c)?),
        ExprKind::Game { left, right } => {
            let left = games(store, left)?;
            let right = games(store, right)?;
            Value::Game(store.construct(&left, &right))
        }
        ExprKind::PlusMinus(options) => {
            let left = games(store, options)?;
            let right: Vec<GameId> = left.iter().map(|&g| store.neg(g)).collect();
            Value::Game(store.construct(&left, &right))
        }
        ExprKind::Neg(a) => {
            let g = game(store, a)?;
            Value::Game(store.neg(g))
        }
        ExprKind::Add(a, b) => {
            let (g, h) = (game(store, a)?, game(store, b)?);
            Value::Game(store.add(g, h))
        }
        ExprKind::Sub(a, b) => {
            let (g, h) = (game(store, a)?, game(store, b)?);
            Value::Game(store.sub(g, h))
        }
        ExprKind::OrdinalSum(a, b) => {
            let (g, h) = (game(store, a)?, game(store, b)?);
            Value::Game(ordinal_sum(store, g, h).map_err(|e| at(c, e))?)
        }
        ExprKind::Compare(op, a, b) => {
            let (g, h) = (game(store, a)?, game(store, b)?);
            let (le, ge) = (store.leq(g, h), store.leq(h, g));
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
        ExprKind::Call { name, args } => call(store, name, args, c)?,
        ExprKind::Name(name) => {
            return Err(error(
                c,
                format!("unknown name '{name}' (games are written as numbers, *, ^, v or {{L|R}})"),
            ))
        }
        ExprKind::Text(_) => {
            return Err(error(c, "a string is only allowed as a ruleset's argument"))
        }
    })
}

/// Evaluates an expression that must be a game (numbers count as games).
fn game(store: &mut Store, expr: &Expr) -> Result<GameId, PartizanError> {
    match evaluate(store, expr)? {
        Value::Game(g) => Ok(g),
        Value::Number(x) => Ok(store.number(x)),
        Value::Natural(n) => Ok(store.number(Dyadic::from_bigint(BigInt::from(n)))),
        Value::Bool(_) => Err(error(expr.column, "a comparison is not a game")),
        Value::Thermograph(_) => Err(error(expr.column, "a thermograph is not a game")),
        Value::Outcome(_) => Err(error(expr.column, "an outcome class is not a game")),
    }
}

fn games(store: &mut Store, exprs: &[Expr]) -> Result<Vec<GameId>, PartizanError> {
    exprs.iter().map(|e| game(store, e)).collect()
}

/// A number literal as an exact dyadic rational.
fn dyadic(n: &Number, column: usize) -> Result<Dyadic, PartizanError> {
    let (numerator, denominator) = n.to_fraction();
    if denominator.is_zero() {
        return Err(error(column, "division by zero"));
    }
    let denominator = BigInt::from(denominator);
    let g = numerator.gcd(&denominator);
    let (numerator, denominator) = (numerator / &g, denominator / &g);
    let exponent = denominator.bits().saturating_sub(1);
    if denominator != BigInt::one() << exponent {
        return Err(error(
            column,
            "not a dyadic rational: the numbers of short games have power-of-two denominators",
        ));
    }
    let exponent = u32::try_from(exponent).map_err(|_| error(column, "number too precise"))?;
    Ok(Dyadic::from_parts(numerator, exponent))
}

fn up_star(store: &mut Store, u: &UpStar, column: usize) -> Result<GameId, PartizanError> {
    let number = match &u.number {
        Some(n) => dyadic(n, column)?,
        None => Dyadic::zero(),
    };
    let ups = u
        .ups
        .to_i64()
        .filter(|n| n.unsigned_abs() <= MAX_UPS)
        .ok_or_else(|| {
            error(
                column,
                format!("at most {MAX_UPS} ups or downs in one literal"),
            )
        })?;
    let nimber = match &u.star {
        Some(m) => m
            .to_u64()
            .filter(|&m| m <= MAX_NIMBER)
            .ok_or_else(|| error(column, format!("nimber too large (at most *{MAX_NIMBER})")))?,
        None => 0,
    };
    Ok(store.nus(&Nus {
        number,
        ups,
        nimber,
    }))
}

/// The canonical spelling of a function name: lower case without underscores.
fn normalise(name: &str) -> String {
    name.chars()
        .filter(|&c| c != '_')
        .flat_map(char::to_lowercase)
        .collect()
}

/// The functions `eval` knows, with their arity, for messages.
pub const FUNCTIONS: &[(&str, &str)] = &[
    ("temperature(G)", "the temperature"),
    ("mean(G)", "the mean value"),
    ("left_stop(G)", "Left's stop"),
    ("right_stop(G)", "Right's stop"),
    ("thermograph(G)", "the thermograph"),
    ("cool(G, t)", "G cooled by the number t"),
    ("heat(G, t)", "G heated by the game t"),
    (
        "atomic_weight(G)",
        "the atomic weight (an error if G is not atomic)",
    ),
    ("reduced(G)", "the reduced canonical form"),
    ("birthday(G)", "the birthday"),
    ("outcome(G)", "the outcome class: L, R, P or N"),
    ("Tiny(x)", "{0||0|-x}"),
    ("Miny(x)", "{x|0||0}"),
    (
        "domineering(\"..|..\")",
        "Domineering; rows split by |, . empty, # filled",
    ),
];

fn call(
    store: &mut Store,
    name: &str,
    args: &[Expr],
    column: usize,
) -> Result<Value, PartizanError> {
    let arity = |n: usize| -> Result<(), PartizanError> {
        if args.len() == n {
            Ok(())
        } else {
            Err(error(
                column,
                format!(
                    "{name} takes {n} argument{}, not {}",
                    if n == 1 { "" } else { "s" },
                    args.len()
                ),
            ))
        }
    };
    let text_arg = |i: usize| -> Result<&str, PartizanError> {
        match &args[i].kind {
            ExprKind::Text(t) => Ok(t),
            _ => Err(error(
                args[i].column,
                format!("{name} takes a quoted string, as in {name}(\"...\")"),
            )),
        }
    };
    let value = match normalise(name).as_str() {
        "temperature" | "mean" | "thermograph" => {
            arity(1)?;
            let g = game(store, &args[0])?;
            let t = thermograph(store, g);
            match normalise(name).as_str() {
                "temperature" => Value::Number(t.temperature().clone()),
                "mean" => Value::Number(t.mean().clone()),
                _ => Value::Thermograph(t),
            }
        }
        "leftstop" => {
            arity(1)?;
            let g = game(store, &args[0])?;
            Value::Number(left_stop(store, g))
        }
        "rightstop" => {
            arity(1)?;
            let g = game(store, &args[0])?;
            Value::Number(right_stop(store, g))
        }
        "cool" => {
            arity(2)?;
            let g = game(store, &args[0])?;
            let t = number_argument(store, &args[1])?;
            Value::Game(cool(store, g, &t).map_err(|e| at(column, e))?)
        }
        "heat" => {
            arity(2)?;
            let g = game(store, &args[0])?;
            let t = game(store, &args[1])?;
            Value::Game(heat(store, g, t))
        }
        "atomicweight" | "aw" => {
            arity(1)?;
            let g = game(store, &args[0])?;
            Value::Game(atomic_weight(store, g).map_err(|e| at(column, e))?)
        }
        "reduced" | "reducedcanonicalform" | "rcf" => {
            arity(1)?;
            let g = game(store, &args[0])?;
            Value::Game(reduced_canonical_form(store, g))
        }
        "birthday" => {
            arity(1)?;
            let g = game(store, &args[0])?;
            Value::Natural(store.birthday(g))
        }
        "outcome" | "outcomeclass" => {
            arity(1)?;
            let g = game(store, &args[0])?;
            Value::Outcome(store.outcome(g))
        }
        "tiny" | "miny" => {
            arity(1)?;
            let x = game(store, &args[0])?;
            let zero = store.zero();
            let minus_x = store.neg(x);
            let inner = store.construct(&[zero], &[minus_x]);
            let tiny = store.construct(&[zero], &[inner]);
            Value::Game(if normalise(name) == "tiny" {
                tiny
            } else {
                store.neg(tiny)
            })
        }
        "domineering" | "hackenbush" | "toadsandfrogs" | "clobber" => {
            arity(1)?;
            let board = text_arg(0)?;
            let value = match normalise(name).as_str() {
                "domineering" => domineering(store, board),
                "hackenbush" => hackenbush_value(store, board),
                "toadsandfrogs" => toads_and_frogs_value(store, board),
                _ => clobber_value(store, board),
            };
            Value::Game(value.map_err(|e| at(args[0].column, e))?)
        }
        "cutcake" => {
            arity(2)?;
            let rows = natural_argument(store, &args[0])?;
            let columns = natural_argument(store, &args[1])?;
            Value::Game(cutcake_value(store, rows, columns).map_err(|e| at(column, e))?)
        }
        _ => {
            return Err(error(
                column,
                format!("unknown function '{name}' (see `conway eval --help` for the list)"),
            ))
        }
    };
    Ok(value)
}

/// An argument that must evaluate to a number.
fn number_argument(store: &mut Store, expr: &Expr) -> Result<Dyadic, PartizanError> {
    let g = game(store, expr)?;
    store
        .as_number(g)
        .cloned()
        .ok_or_else(|| error(expr.column, "expected a number"))
}

/// An argument that must evaluate to a whole number ≥ 0 that fits in 64 bits.
fn natural_argument(store: &mut Store, expr: &Expr) -> Result<u64, PartizanError> {
    number_argument(store, expr)?
        .to_bigint()
        .and_then(|n| n.to_u64())
        .ok_or_else(|| error(expr.column, "expected a whole number >= 0"))
}

/// Everything `conway eval` reports about a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReport {
    /// The canonical form in CGSuite's notation.
    pub canonical: String,
    /// The outcome class.
    pub outcome: Outcome,
    /// Left's stop.
    pub left_stop: Dyadic,
    /// Right's stop.
    pub right_stop: Dyadic,
    /// The mean value.
    pub mean: Dyadic,
    /// The temperature.
    pub temperature: Dyadic,
    /// The birthday.
    pub birthday: BigUint,
    /// The thermograph in CGSuite's notation.
    pub thermograph: Thermograph,
    /// The atomic weight, if the game is atomic.
    pub atomic_weight: Option<String>,
    /// The reduced canonical form.
    pub reduced: String,
}

/// Computes the report for a game.
pub fn report(store: &mut Store, g: GameId) -> GameReport {
    let thermograph = thermograph(store, g);
    let atomic_weight = atomic_weight(store, g)
        .ok()
        .map(|w| canonical_text(store, w));
    let reduced = reduced_canonical_form(store, g);
    GameReport {
        canonical: canonical_text(store, g),
        outcome: store.outcome(g),
        left_stop: left_stop(store, g),
        right_stop: right_stop(store, g),
        mean: thermograph.mean().clone(),
        temperature: thermograph.temperature().clone(),
        birthday: store.birthday(g),
        atomic_weight,
        reduced: canonical_text(store, reduced),
        thermograph,
    }
}

#[cfg(test)]
mod tests;
