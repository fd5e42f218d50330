//! Misère canonical forms in expressions: CGSuite's literals `*[…]`, their sums, and the
//! misère outcome of partizan games.
//!
//! A literal reads as CGSuite reads it: `*[3]` is the nim heap of size 3, `*[4,2]` the game
//! whose options are `*[4]` and `*[2]`, a list inside is a game of those options (`*[[2]]`
//! is `*[2#]`), and an element may be any expression whose value is a misère game
//! (`*[*[4] + *[2]]`) or a heap size. The forms themselves live in
//! [`conway_misere::canonical`].

use conway_misere::MisereId;
use conway_numbers::Dyadic;
use num_traits::ToPrimitive;

use super::{evaluate_in, Bindings, Value};
use crate::syntax::{Expr, ExprKind};
use conway_partizan::{GameId, Outcome, PartizanError, Player, Store};

/// The largest heap size a misère literal may name (CGSuite's forms have heap n with n
/// options, every one stored).
pub const MAX_MISERE_HEAP: u32 = 1024;

/// The value of `*[…]`: the list written after the `*`.
pub(super) fn literal(
    store: &mut Store,
    names: &Bindings,
    list: &Expr,
) -> Result<Value, PartizanError> {
    if let ExprKind::Text(printed) = &list.kind {
        return store
            .misere()
            .read(printed)
            .map(Value::Misere)
            .map_err(|e| PartizanError::parse(list.column + e.offset, e.message));
    }
    let ExprKind::List(items) = &list.kind else {
        return Err(PartizanError::parse(
            list.column,
            "a misère game is written *[…] with a list: *[2], *[4,2], *[[2],0]",
        ));
    };
    let g = match items.as_slice() {
        [one] => element(store, names, one)?,
        items => game_of(store, names, items)?,
    };
    Ok(Value::Misere(g))
}

/// The game whose options are these elements.
fn game_of(store: &mut Store, names: &Bindings, items: &[Expr]) -> Result<MisereId, PartizanError> {
    let options = items
        .iter()
        .map(|item| element(store, names, item))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(store.misere().from_options(options)?)
}

/// One element of a literal: a list of options, a heap size or a misère game.
fn element(store: &mut Store, names: &Bindings, item: &Expr) -> Result<MisereId, PartizanError> {
    if let ExprKind::List(items) = &item.kind {
        return game_of(store, names, items);
    }
    let refused = || {
        PartizanError::parse(
            item.column,
            "a misère game's elements are heap sizes, lists of options or misère games *[…]",
        )
    };
    match evaluate_in(store, names, item)? {
        Value::Misere(g) => Ok(g),
        Value::Natural(n) => heap(store, n.to_u64().ok_or_else(refused)?, item),
        Value::Game(g) => {
            let n = store
                .as_number(g)
                .and_then(Dyadic::to_bigint)
                .and_then(|n| n.to_u64())
                .ok_or_else(refused)?;
            heap(store, n, item)
        }
        _ => Err(refused()),
    }
}

fn heap(store: &mut Store, n: u64, item: &Expr) -> Result<MisereId, PartizanError> {
    let n = u32::try_from(n)
        .ok()
        .filter(|&n| n <= MAX_MISERE_HEAP)
        .ok_or_else(|| {
            PartizanError::too_large("a misère nim heap", n, MAX_MISERE_HEAP).at(item.column)
        })?;
    Ok(store.misere().nim_heap(n)?)
}

/// G as CGSuite writes it, or why it cannot be written.
pub(super) fn text(store: &mut Store, g: MisereId) -> String {
    match store
        .misere()
        .text_within(g, conway_partizan::print::MAX_PRINTED_CHARS)
    {
        Ok(Some(text)) => text,
        Ok(None) => format!(
            "(not printed: more than {} characters; birthday {})",
            conway_partizan::print::MAX_PRINTED_CHARS,
            store.misere().birthday(g)
        ),
        Err(error) => format!("(not printable: {error})"),
    }
}

/// The misère outcome class of a short partizan game, played on its canonical form: who
/// wins when the player who cannot move wins.
pub fn misere_outcome(store: &mut Store, g: GameId) -> Outcome {
    let mut memo = rustc_hash::FxHashMap::default();
    let left = wins_moving_first(store, g, Player::Left, &mut memo);
    let right = wins_moving_first(store, g, Player::Right, &mut memo);
    outcome_of_first_moves(left, right)
}

/// The outcome class from whether Left and Right each win moving first.
pub(super) fn outcome_of_first_moves(left_wins: bool, right_wins: bool) -> Outcome {
    match (left_wins, right_wins) {
        (true, true) => Outcome::Next,
        (true, false) => Outcome::Left,
        (false, true) => Outcome::Right,
        (false, false) => Outcome::Previous,
    }
}

/// Whether `player` wins moving first in misère play.
fn wins_moving_first(
    store: &mut Store,
    g: GameId,
    player: Player,
    memo: &mut rustc_hash::FxHashMap<(GameId, Player), bool>,
) -> bool {
    if let Some(&wins) = memo.get(&(g, player)) {
        return wins;
    }
    let (lefts, rights) = store.options(g);
    let moves = player.either(lefts, rights);
    let wins = moves.is_empty()
        || moves.into_iter().any(|o| {
            !stacker::maybe_grow(64 * 1024, 8 * 1024 * 1024, || {
                wins_moving_first(store, o, player.opponent(), memo)
            })
        });
    memo.insert((g, player), wins);
    wins
}

/// The list `[*[…], …]` of misère games.
pub(super) fn list(games: Vec<MisereId>) -> Value {
    Value::List(games.into_iter().map(Value::Misere).collect())
}

/// What `eval` reports about a misère canonical form, besides the form itself.
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
pub struct MisereReport {
    /// P when the player to move loses in misère play, else N.
    #[serde(serialize_with = "super::report::as_text")]
    #[schemars(with = "String")]
    pub misere_outcome: Outcome,
    /// The birthday of the form.
    pub birthday: u32,
    /// G⁻: the misère Grundy value.
    pub misere_nim_value: u32,
    /// G⁺: the normal-play Grundy value.
    pub nim_value: u32,
    /// The genus, as CGSuite abbreviates it.
    pub genus: String,
    /// How tame the form is: nim heap, tame, reversibly tame, tameable, restive, reversibly
    /// restive, restless or wild.
    pub phylum: &'static str,
    /// The options, in CGSuite's notation and order.
    pub options: Vec<String>,
}

/// The report on a misère canonical form.
pub fn misere_report(store: &mut Store, g: MisereId) -> Result<MisereReport, PartizanError> {
    use conway_misere::Phylum;
    let misere = store.misere();
    let options = misere.options(g).to_vec();
    let options = options.into_iter().map(|o| text(store, o)).collect();
    let misere = store.misere();
    let phylum = match misere.phylum(g) {
        Phylum::NimHeap => "nim heap",
        Phylum::HereditarilyTame => "tame",
        Phylum::ReversiblyTame => "reversibly tame",
        Phylum::Tameable => "tameable",
        Phylum::HereditarilyRestive => "restive",
        Phylum::ReversiblyRestive => "reversibly restive",
        Phylum::Restless => "restless",
        _ => "wild",
    };
    Ok(MisereReport {
        misere_outcome: if misere.is_p_position(g) {
            Outcome::Previous
        } else {
            Outcome::Next
        },
        birthday: misere.birthday(g),
        misere_nim_value: misere.misere_value(g),
        nim_value: misere.normal_value(g),
        genus: misere.genus(g).to_string(),
        phylum,
        options,
    })
}
