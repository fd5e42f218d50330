//! What `conway eval` answers, as data: the full report on a game (canonical form, outcome,
//! stops, mean, temperature, birthday, thermograph, atomic weight, reduced form), or the value
//! of an expression that is not a game (a truth value, a number, a thermograph, an outcome).
//!
//! Every front end (the CLI, the Python package, the worksheet) prints these reports; their
//! serialization is the JSON object of the CLI contract, with every value a string in the
//! notation the text output uses, so that nothing loses exactness.

use conway_numbers::Dyadic;
use num_bigint::BigUint;
use serde::{Serialize, Serializer};

use super::moves::{sum_moves, Listing, Moves};
use super::{evaluate_in, Bindings, Value};
use crate::syntax::parse_expression_noted;
use conway_loopy::print::{loopy_text, side_text};
use conway_loopy::properties::{outcome as loopy_outcome, stops, LoopyOutcome, Pseudonumber};
use conway_loopy::Loopy;
use conway_partizan::infinitesimal::{atomic_weight, reduced_canonical_form};
use conway_partizan::print::{canonical_text_within, TooLong, MAX_PRINTED_CHARS};
use conway_partizan::thermal::{left_stop, right_stop, Thermograph, Thermographer};
use conway_partizan::{GameId, Outcome, PartizanError, Store};

/// Everything `conway eval` reports about a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct GameReport {
    /// The canonical form in CGSuite's notation.
    pub canonical: String,
    /// The outcome class.
    #[serde(serialize_with = "as_text")]
    #[schemars(with = "String")]
    pub outcome: Outcome,
    /// Left's stop.
    #[serde(serialize_with = "as_text")]
    #[schemars(with = "String")]
    pub left_stop: Dyadic,
    /// Right's stop.
    #[serde(serialize_with = "as_text")]
    #[schemars(with = "String")]
    pub right_stop: Dyadic,
    /// The mean value.
    #[serde(serialize_with = "as_text")]
    #[schemars(with = "String")]
    pub mean: Dyadic,
    /// The temperature.
    #[serde(serialize_with = "as_text")]
    #[schemars(with = "String")]
    pub temperature: Dyadic,
    /// The birthday.
    #[serde(serialize_with = "as_text")]
    #[schemars(with = "String")]
    pub birthday: BigUint,
    /// The thermograph, printed in CGSuite's notation; `None` (null) for a number whose
    /// denominator is above 2^[`MAX_NUMBER_EXPONENT`](conway_partizan::thermal::MAX_NUMBER_EXPONENT), whose thermograph is too large to
    /// print (its mean and temperature are still given).
    #[serde(serialize_with = "as_text_or_null")]
    #[schemars(with = "Option<String>")]
    pub thermograph: Option<Thermograph>,
    /// The atomic weight in CGSuite's notation, if the game is atomic (`null` otherwise).
    pub atomic_weight: Option<String>,
    /// The reduced canonical form.
    pub reduced: String,
}

/// Computes the report for a game. Refused (TooLarge) when its canonical form, reduced form
/// or atomic weight would print past [`MAX_PRINTED_CHARS`], or when it is not a number and
/// has a number with a denominator above
/// 2^[`MAX_NUMBER_EXPONENT`](conway_partizan::thermal::MAX_NUMBER_EXPONENT) among its subpositions
/// (its thermograph and temperature are not computed); a number (or number-up-star value)
/// that large is reported without its thermograph.
pub fn report(store: &mut Store, g: GameId) -> Result<GameReport, PartizanError> {
    // The text first: a game too large to print is refused before the rest is worked out.
    let canonical = printable(store, g)?;
    // One calculator, so that a game's thermograph is built once for all three.
    let mut thermographer = Thermographer::new();
    let (mean, temperature) = thermographer.mean_and_temperature(store, g)?;
    let thermograph = match thermographer.thermograph(store, g) {
        Ok(t) => Some(t),
        Err(PartizanError::TooLarge { .. }) if store.as_nus(g).is_some() => None,
        Err(e) => return Err(e),
    };
    let atomic_weight = match atomic_weight(store, g) {
        Ok(w) => Some(printable(store, w)?),
        Err(_) => None,
    };
    let reduced = reduced_canonical_form(store, g);
    Ok(GameReport {
        canonical,
        outcome: store.outcome(g),
        left_stop: left_stop(store, g),
        right_stop: right_stop(store, g),
        mean,
        temperature,
        birthday: store.birthday(g),
        atomic_weight,
        reduced: printable(store, reduced)?,
        thermograph,
    })
}

/// What `conway eval` reports about a loopy value that is not a short game: its outcome
/// class, whether it is a stopper, its sides, and a stopper's stops.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct LoopyReport {
    /// The outcome class, CGSuite's hatted and checked classes included.
    #[serde(serialize_with = "as_text")]
    #[schemars(with = "String")]
    pub outcome: LoopyOutcome,
    /// Whether no infinite play alternates (then the value is its own onside and offside).
    pub stopper: bool,
    /// The onside (infinite play counts for Left) in CGSuite's notation.
    pub onside: String,
    /// The offside (infinite play counts for Right).
    pub offside: String,
    /// A stopper's left stop, a pseudonumber such as `3/2under` or `on`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left_stop: Option<String>,
    /// A stopper's right stop.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub right_stop: Option<String>,
}

/// Computes the report on a loopy value.
pub fn loopy_report(store: &mut Store, value: &Loopy) -> Result<LoopyReport, PartizanError> {
    let text = loopy_text(value, store)?;
    let outcome = loopy_outcome(value, store)?;
    let (onside, offside, stops) = match value {
        Loopy::Sided { onside, offside } => {
            (side_text(onside, store)?, side_text(offside, store)?, None)
        }
        _ => {
            let (left, right) = stops(value, store)?;
            let mut pseudonumber = |p: Pseudonumber| -> Result<String, PartizanError> {
                let value = p.to_value(store)?;
                loopy_text(&value, store)
            };
            let stops = (pseudonumber(left)?, pseudonumber(right)?);
            (text.clone(), text, Some(stops))
        }
    };
    let (left_stop, right_stop) = stops.unzip();
    Ok(LoopyReport {
        outcome,
        stopper: value.is_stopper(),
        onside,
        offside,
        left_stop,
        right_stop,
    })
}

/// What kind of value an expression has; serialized as the contract's `kind` word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ValueKind {
    /// A short game.
    Game,
    /// A truth value, from a comparison or a predicate.
    Boolean,
    /// A dyadic rational measuring a game (a stop, the mean, the temperature).
    Number,
    /// A whole number (a birthday).
    Integer,
    /// A thermograph.
    Thermograph,
    /// An outcome class.
    Outcome,
    /// A set of games.
    Set,
    /// A list of values.
    List,
    /// A loopy game that is not short.
    Loopy,
    /// A misère canonical form of an impartial game.
    Misere,
    /// A genus.
    Genus,
}

impl ValueKind {
    /// The kind of a value.
    pub fn of(value: &Value) -> Self {
        match value {
            Value::Game(_) => ValueKind::Game,
            Value::Bool(_) => ValueKind::Boolean,
            Value::Number(_) => ValueKind::Number,
            Value::Natural(_) => ValueKind::Integer,
            Value::Thermograph(_) => ValueKind::Thermograph,
            Value::Outcome(_) | Value::Searched(_) | Value::LoopyOutcome(_) => ValueKind::Outcome,
            Value::Set(_) | Value::LoopySet(_) => ValueKind::Set,
            Value::List(_) => ValueKind::List,
            Value::Loopy(_) => ValueKind::Loopy,
            Value::Misere(_) => ValueKind::Misere,
            Value::Genus(_) => ValueKind::Genus,
        }
    }
}

/// The answer to one expression: the input, the kind of its value, and either the full
/// [`GameReport`] (for a game) or the value's text.
///
/// It serializes to the contract's object: `input`, `kind`, then the game report's fields
/// for a game, or `value` otherwise.
#[derive(Clone, Debug, Serialize)]
pub struct EvalReport {
    /// The expression as given.
    pub input: String,
    /// The kind of its value.
    pub kind: ValueKind,
    /// The value's text in the CLI's notation, when it is not a game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// The report on a loopy value that is not a short game.
    #[serde(flatten)]
    pub loopy: Option<LoopyReport>,
    /// The report on a misère canonical form.
    #[serde(flatten)]
    pub misere: Option<super::misere::MisereReport>,
    /// The full report, when the value is a game.
    #[serde(flatten)]
    pub game: Option<GameReport>,
    /// What to play, when the expression is a ruleset position or a sum with one
    /// ([`super::moves`]).
    #[serde(flatten)]
    pub moves: Option<Moves>,
    /// The search's report, when the value is the outcome of a position too large for its
    /// value (`outcome(domineering("8x8"))`): who wins each way, with a winning first move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search: Option<conway_rulesets::outcome::WinnerReport>,
    /// Remarks on how the input was read, each naming its column: `3*5` is the game 3+*5,
    /// as CGSuite prints it, where CGSuite's interpreter would compute 15.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The value itself, for further use with the same store (a thermograph picture, a
    /// variable in a worksheet). Not serialized: a game is a handle into the store.
    #[serde(skip)]
    pub result: Value,
}

/// The common fields, then what the kind decides: a short game has its report and no
/// `value` text; a loopy value its text and its report (absent, with a note, when the
/// report could not be made); a misère form its text and its report; any other value its
/// text and no report. A ruleset position adds its moves. Each report's fields keep their
/// own types (a misère form's birthday is a count, a short game's an exact text).
impl schemars::JsonSchema for EvalReport {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "EvalReport".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let kind = generator.subschema_for::<ValueKind>();
        let game = generator.subschema_for::<GameReport>();
        let loopy = generator.subschema_for::<LoopyReport>();
        let misere = generator.subschema_for::<super::misere::MisereReport>();
        let moves = generator.subschema_for::<super::moves::Moves>();
        let search = generator.subschema_for::<conway_rulesets::outcome::WinnerReport>();
        let no_report = schemars::json_schema!({ "not": { "anyOf": [
            { "required": ["outcome"] },
            { "required": ["misere_outcome"] }
        ] } });
        schemars::json_schema!({
            "type": "object",
            "description": "The value of an expression and what conway eval says of it",
            "properties": {
                "input": { "type": "string" },
                "kind": kind,
                "value": { "type": "string" },
                "search": search,
                "notes": { "type": "array", "items": { "type": "string" } }
            },
            "required": ["input", "kind"],
            "allOf": [
                { "anyOf": [
                    {
                        "properties": { "kind": { "const": "game" } },
                        "not": { "required": ["value"] },
                        "allOf": [game]
                    },
                    {
                        "properties": { "kind": { "const": "loopy" } },
                        "required": ["value"],
                        "anyOf": [loopy, no_report]
                    },
                    {
                        "properties": { "kind": { "const": "misere" } },
                        "required": ["value"],
                        "allOf": [misere]
                    },
                    {
                        "properties": { "kind": { "not": { "enum": ["game", "loopy", "misere"] } } },
                        "required": ["value"],
                        "allOf": [no_report]
                    }
                ] },
                { "anyOf": [moves, { "not": { "required": ["left_moves"] } }] }
            ]
        })
    }
}

/// Parses and evaluates an expression and reports on its value.
///
/// A stop request from the store's progress hook ([`Store::set_progress`]) ends the
/// evaluation with [`PartizanError::Interrupted`].
pub fn evaluate_report(store: &mut Store, input: &str) -> Result<EvalReport, PartizanError> {
    evaluate_report_in(store, &Bindings::new(), input)
}

/// [`evaluate_report`] of an expression whose names are the variables bound in `names`; a
/// ruleset position (or a sum with one) has its good moves listed.
pub fn evaluate_report_in(
    store: &mut Store,
    names: &Bindings,
    input: &str,
) -> Result<EvalReport, PartizanError> {
    evaluate_report_with(store, names, input, Listing::Good)
}

/// [`evaluate_report_in`], listing the moves of a ruleset position as `listing` says.
pub fn evaluate_report_with(
    store: &mut Store,
    names: &Bindings,
    input: &str,
    listing: Listing,
) -> Result<EvalReport, PartizanError> {
    let (result, value, game, loopy, misere, moves, notes) = store.within_budget(|store| {
        let (expr, notes) = parse_expression_noted(input)?;
        let (result, moves) = match sum_moves(store, names, &expr, listing)? {
            Some((value, moves)) => (value, Some(moves)),
            None => (evaluate_in(store, names, &expr)?, None),
        };
        let mut notes: Vec<String> = notes.iter().map(ToString::to_string).collect();
        let (value, game, loopy) = match &result {
            Value::Game(g) => (None, Some(report(store, *g)?), None),
            // The value stands even when its report cannot be made.
            Value::Loopy(l) => match loopy_report(store, l) {
                Ok(r) => (Some(result.to_text(store)), None, Some(r)),
                Err(PartizanError::Interrupted) => return Err(PartizanError::Interrupted),
                Err(e) => {
                    notes.push(format!("its outcome and sides are not reported: {e}"));
                    (Some(result.to_text(store)), None, None)
                }
            },
            other => (Some(other.to_text(store)), None, None),
        };
        let misere = match &result {
            Value::Misere(g) => Some(super::misere::misere_report(store, *g)?),
            _ => None,
        };
        Ok((result, value, game, loopy, misere, moves, notes))
    })?;
    let search = match &result {
        Value::Searched(report) => Some((**report).clone()),
        _ => None,
    };
    Ok(EvalReport {
        input: input.to_string(),
        kind: ValueKind::of(&result),
        value,
        loopy,
        misere,
        game,
        moves,
        search,
        notes,
        result,
    })
}

/// The canonical form's text, refused past [`MAX_PRINTED_CHARS`].
fn printable(store: &mut Store, g: GameId) -> Result<String, PartizanError> {
    canonical_text_within(store, g, MAX_PRINTED_CHARS).map_err(|TooLong| PartizanError::TooLarge {
        what: "the canonical form's text".into(),
        size: format!("more than {MAX_PRINTED_CHARS} characters"),
        limit: format!(
            "{MAX_PRINTED_CHARS} characters (numbers about it, such as left_stop(G), \
                 temperature(G) or birthday(G), are still answered)"
        ),
    })
}

/// Serializes a value by its `Display` text, the notation of the text output.
pub(super) fn as_text<T: std::fmt::Display, S: Serializer>(
    value: &T,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// Serializes an optional value by its `Display` text, or as null.
fn as_text_or_null<T: std::fmt::Display, S: Serializer>(
    value: &Option<T>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match value {
        Some(v) => s.collect_str(v),
        None => s.serialize_none(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// {3||2|1}: Left's stop is 3 and Right's 2 (Right moves to {2|1}, Left answers to 2);
    /// the walls 3 - t and 3/2 + t meet at temperature 3/4 and mean 9/4 (thermography as in
    /// Winning Ways, chapter 6). Every field is a string, in the contract's order.
    #[test]
    fn a_game_serializes_to_the_contract_object_in_order() {
        let mut store = Store::new();
        let r = evaluate_report(&mut store, "{3||2|1}").expect("a valid expression");
        let json = serde_json::to_value(&r).expect("reports serialize");
        let keys: Vec<&str> = json
            .as_object()
            .expect("an object")
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            keys,
            [
                "input",
                "kind",
                "canonical",
                "outcome",
                "left_stop",
                "right_stop",
                "mean",
                "temperature",
                "birthday",
                "thermograph",
                "atomic_weight",
                "reduced"
            ]
        );
        assert_eq!(json["kind"], "game");
        assert_eq!(json["canonical"], "{3||2|1}");
        assert_eq!(json["outcome"], "L");
        assert_eq!(json["left_stop"], "3");
        assert_eq!(json["right_stop"], "2");
        assert_eq!(json["mean"], "9/4");
        assert_eq!(json["temperature"], "3/4");
        assert_eq!(json["birthday"], "4");
    }

    #[test]
    fn other_values_carry_their_text() {
        let mut store = Store::new();
        let r = evaluate_report(&mut store, "{1|-1} <> 0").expect("a valid expression");
        let json = serde_json::to_string(&r).expect("reports serialize");
        assert_eq!(
            json,
            r#"{"input":"{1|-1} <> 0","kind":"boolean","value":"true"}"#
        );
        let r = evaluate_report(&mut store, "temperature({1|-1})").expect("valid");
        assert_eq!(r.kind, ValueKind::Number);
        assert_eq!(r.value.as_deref(), Some("1"));
    }

    /// A blue-red Hackenbush stalk at the documented limit of 100,000 edges: its value is a
    /// number read off by the sign-expansion rule (Berlekamp, Conway & Guy, Winning Ways,
    /// ch. 2: after the first change of colour each edge is worth half the one before), and
    /// the report gives its mean and temperature; its thermograph, with some 10^5 corners of
    /// some 10^5 bits each, is left out.
    #[test]
    fn the_longest_stalk_is_reported_without_its_thermograph() {
        let stalk = "lr".repeat(50_000);
        let mut store = Store::new();
        let r = evaluate_report(&mut store, &format!("hackenbush(\"{stalk}\")")).unwrap();
        let game = r.game.as_ref().expect("a game");
        // l = 1, then r, l, r, … halve: 1 − 1/2 + 1/4 − … (99,999 terms after the first).
        let expected = (1..100_000u32).fold(Dyadic::one(), |x, i| {
            let term = Dyadic::new(1, i);
            if i % 2 == 1 {
                &x - &term
            } else {
                &x + &term
            }
        });
        assert_eq!(game.mean, expected);
        assert_eq!(game.temperature, -Dyadic::new(1, 99_999));
        assert_eq!(game.birthday, BigUint::from(100_000u32));
        assert_eq!(game.thermograph, None);
        let json: serde_json::Value = serde_json::to_value(&r).unwrap();
        assert_eq!(json["thermograph"], serde_json::Value::Null);
    }
}
