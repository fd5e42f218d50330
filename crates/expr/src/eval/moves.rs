//! What to play: the moves of an expression that is a ruleset position, or a sum of terms at
//! least one of which is a ruleset position (`domineering("...|...") + clobber("xo") + *`).
//!
//! A move is made in one term: a ruleset term moves by its rules, told in its words
//! ([`conway_rulesets::moves`]); any other term moves to one of its canonical options. Each
//! move carries the whole position it leaves (the terms, with the moved one replaced, joined
//! by ` + `, which reads back as the same sum) and that position's canonical form.
//!
//! A loopy ruleset's position is listed on its own (not in a sum): each move says whether
//! it wins, draws (play goes on for ever) or loses with best play, and in how many moves
//! ([`conway_loopy::play`]); its good moves are the winning ones, else the drawing ones,
//! else all.
//!
//! A Left move **wins** when the position it leaves is ≥ 0 (Right, to move there, loses), a
//! Right move when it is ≤ 0. The **good** moves are the winning ones; where no move wins
//! (every move loses against perfect play) they are the moves to the best positions left —
//! for Left the options not below another option, for Right those not above one — which a
//! player short of a win keeps, hoping for an error. [`Listing::Every`] lists every move.

use serde::Serialize;

use super::{arguments, game, Bindings, Value};
use crate::syntax::{Expr, ExprKind};
use conway_loopy::play::PlayResult;
use conway_loopy::print::loopy_text;
use conway_partizan::print::{canonical_text_within, MAX_PRINTED_CHARS};
use conway_partizan::{GameId, PartizanError, Player, Store};
use conway_rulesets::moves::{LoopyMove, LoopyPositionMoves};
use conway_rulesets::moves::{RulesetMove, MAX_LISTED_MOVES};

/// Which moves a report lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listing {
    /// The good moves of each player (see the module documentation).
    Good,
    /// Every move of each player, in the order of the terms and of each ruleset.
    Every,
}

/// One move of the whole position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Move {
    /// The move in words.
    #[serde(rename = "move")]
    pub description: String,
    /// The position it leaves, as an expression `eval` reads.
    pub to: String,
    /// The canonical form of that position.
    pub value: String,
    /// Whether the move wins for the player making it.
    pub wins: bool,
    /// In a loopy game: whether the move draws (neither player can then force a win, and
    /// play goes on for ever).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub draws: bool,
    /// In a loopy game, for a move that wins or loses: how many moves the game lasts from
    /// here, this one included, when the winner hurries and the loser stalls, counted to the
    /// end of play or to a position whose value the rules know (the fox past the geese).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plies: Option<u32>,
}

/// The moves of both players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Moves {
    /// Left's moves listed (see `every_move`).
    pub left_moves: Vec<Move>,
    /// Right's moves listed.
    pub right_moves: Vec<Move>,
    /// Whether every move is listed (`true`) or the good ones only.
    pub every_move: bool,
    /// Why moves are missing, when they are.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves_note: Option<String>,
}

impl Moves {
    /// The move Conway makes as `player` when it plays a person: the soonest win, else a
    /// draw, else the longest resistance (moves of a short game, which carry no count, in
    /// their listed order).
    pub fn reply(&self, player: Player) -> Option<conway_core::play::Reply> {
        let moves = self.of(player);
        let prospect = |m: &Move| conway_core::play::Prospect {
            wins: m.wins,
            draws: m.draws,
            plies: m.plies,
        };
        conway_core::play::reply(moves, prospect, |m| (&m.description, &m.to))
    }

    /// The moves `player` has.
    fn of(&self, player: Player) -> &[Move] {
        match player {
            Player::Left => &self.left_moves,
            Player::Right => &self.right_moves,
        }
    }

    /// How play has ended with `player` to move: with no move, that player has lost
    /// (normal play).
    pub fn ended(&self, player: Player) -> Option<conway_core::play::Ended> {
        self.of(player)
            .is_empty()
            .then(|| conway_core::play::Ended {
                mover_wins: false,
                why: "cannot move".to_string(),
            })
    }

    /// With `player` to move, neither side can force a win: no move wins and one draws.
    pub fn drawn(&self, player: Player) -> bool {
        let moves = self.of(player);
        !moves.iter().any(|m| m.wins) && moves.iter().any(|m| m.draws)
    }

    /// Whether play can go on for ever: a loopy position, whose moves say how long they
    /// last or that they draw.
    pub fn goes_on(&self) -> bool {
        let loopy = |m: &Move| m.draws || m.plies.is_some();
        self.left_moves.iter().any(loopy) || self.right_moves.iter().any(loopy)
    }
}

/// One term of the sum with its text, its value and its moves.
struct Term {
    text: String,
    value: GameId,
    left: Vec<RulesetMove>,
    right: Vec<RulesetMove>,
}

/// A term valued, with its moves when they can be listed.
enum Valued {
    Listed(Term),
    Unlisted { value: GameId, why: String },
}

/// The terms of a sum, left to right: `a + b + c` → `[a, b, c]`.
fn terms(expr: &Expr) -> Vec<&Expr> {
    match &expr.kind {
        ExprKind::Add(a, b) => {
            let mut list = terms(a);
            list.extend(terms(b));
            list
        }
        _ => vec![expr],
    }
}

/// Whether `expr` is a short ruleset's position or a sum with one.
pub(super) fn has_ruleset_term(names: &Bindings, expr: &Expr) -> bool {
    terms(expr).into_iter().any(|t| is_ruleset_call(names, t))
}

/// Whether `expr` calls a ruleset (a function that can list its moves): a built-in short
/// one or one of the caller's.
fn is_ruleset_call(names: &Bindings, expr: &Expr) -> bool {
    names.rulesets().calls(expr)
        || matches!(&expr.kind, ExprKind::Call { name, .. }
        if super::lookup(name)
            .and_then(|f| f.ruleset())
            .is_some_and(|r| !r.is_loopy()))
}

/// A game's text, or `None` when it is too long to print.
fn text_of(store: &mut Store, g: GameId) -> Option<String> {
    canonical_text_within(store, g, MAX_PRINTED_CHARS).ok()
}

/// The moves of the position `input` (a ruleset position, or a sum with one, using the
/// names of `names`) without the rest of a report, for front ends that play: `None` when
/// it has no ruleset term.
pub fn moves_of(
    store: &mut Store,
    names: &Bindings,
    input: &str,
    listing: Listing,
) -> Result<Option<Moves>, PartizanError> {
    let expr = crate::syntax::parse_expression(input)?;
    Ok(sum_moves(store, names, &expr, listing)?.map(|(_, moves)| moves))
}

/// The value and moves of `expr` when it is a sum with a ruleset term, or a loopy ruleset's
/// position alone (`None` otherwise).
pub(super) fn sum_moves(
    store: &mut Store,
    names: &Bindings,
    expr: &Expr,
    listing: Listing,
) -> Result<Option<(Value, Moves)>, PartizanError> {
    if let ExprKind::Call { name, args } = &expr.kind {
        let ruleset = super::lookup(name).and_then(|f| f.ruleset());
        if ruleset.is_some_and(|r| r.is_loopy()) {
            let (function, arguments) = arguments(store, names, name, args, expr.column)?;
            let found = function
                .loopy_moves(store, &arguments)
                .expect("a loopy ruleset, looked up above")
                .map_err(|e| e.at(expr.column))?;
            return loopy_moves(store, found, listing).map(Some);
        }
    }
    let parts = terms(expr);
    if !parts.iter().any(|t| is_ruleset_call(names, t)) {
        return Ok(None);
    }
    let (mut total, mut listed, mut note) = (store.zero(), Vec::with_capacity(parts.len()), None);
    for part in parts {
        match term(store, names, part)? {
            Valued::Listed(t) => {
                total = store.add(total, t.value);
                listed.push(t);
            }
            Valued::Unlisted { value, why } => {
                total = store.add(total, value);
                note.get_or_insert(why);
            }
        }
    }
    let (left_moves, right_moves) = match note {
        Some(_) => (Vec::new(), Vec::new()),
        None => (
            side_moves(store, &listed, Player::Left, listing),
            side_moves(store, &listed, Player::Right, listing),
        ),
    };
    let moves = Moves {
        left_moves,
        right_moves,
        every_move: listing == Listing::Every,
        moves_note: note,
    };
    Ok(Some((Value::Game(total), moves)))
}

/// A loopy ruleset position's value and its moves as listed: the winning ones, else the
/// drawing ones, else all (see the module doc).
fn loopy_moves(
    store: &mut Store,
    found: LoopyPositionMoves,
    listing: Listing,
) -> Result<(Value, Moves), PartizanError> {
    let value = super::loopy::value_of(found.value);
    let moves_note = found.unlisted.map(|(l, r)| {
        format!(
            "{} has {l} moves for Left and {r} for Right, more than the {MAX_LISTED_MOVES} listed",
            found.position
        )
    });
    let mut listed = |moves: Vec<LoopyMove>| -> Result<Vec<Move>, PartizanError> {
        let mut all = Vec::with_capacity(moves.len());
        for m in moves {
            all.push(Move {
                description: m.description,
                to: m.to,
                value: loopy_text(&m.value, store)?,
                wins: m.verdict.result == PlayResult::Win,
                draws: m.verdict.result == PlayResult::Draw,
                plies: m.verdict.plies,
            });
        }
        if listing == Listing::Good {
            if all.iter().any(|m| m.wins) {
                all.retain(|m| m.wins);
            } else if all.iter().any(|m| m.draws) {
                all.retain(|m| m.draws);
            }
        }
        Ok(all)
    };
    let moves = Moves {
        left_moves: listed(found.left)?,
        right_moves: listed(found.right)?,
        every_move: listing == Listing::Every,
        moves_note,
    };
    Ok((value, moves))
}

/// One term valued, with its moves when they can be listed.
fn term(store: &mut Store, names: &Bindings, expr: &Expr) -> Result<Valued, PartizanError> {
    let found = match names.rulesets().position_of(expr)? {
        Some((ruleset, text)) => Some(ruleset.moves(store, text)),
        None => match &expr.kind {
            ExprKind::Call { name, args } => {
                let (function, arguments) = arguments(store, names, name, args, expr.column)?;
                function.short_moves(store, &arguments)
            }
            _ => None,
        },
    };
    if let Some(found) = found {
        let found = found.map_err(|e| e.at(expr.column))?;
        if let Some((l, r)) = found.unlisted {
            let why = format!(
                "{} has {l} moves for Left and {r} for Right, more than the \
                 {MAX_LISTED_MOVES} listed",
                found.position
            );
            return Ok(Valued::Unlisted {
                value: found.value,
                why,
            });
        }
        return Ok(Valued::Listed(Term {
            text: found.position,
            value: found.value,
            left: found.left,
            right: found.right,
        }));
    }
    // Any other game moves to its canonical options.
    let value = game(store, names, expr)?;
    let unlisted = |why: String| Ok(Valued::Unlisted { value, why });
    let Some(text) = text_of(store, value) else {
        return unlisted("a term's canonical form is too long to print".into());
    };
    let (left, right) = store.options(value);
    if left.len() > MAX_LISTED_MOVES || right.len() > MAX_LISTED_MOVES {
        return unlisted(format!(
            "{text} has more than {MAX_LISTED_MOVES} options for one player"
        ));
    }
    let mut options = |options: Vec<GameId>, player: Player| {
        let mut moves = Vec::new();
        for option in options {
            let to = parenthesised(text_of(store, option)?);
            let description = format!("{player} moves {text} to {to}");
            moves.push(RulesetMove {
                description,
                to,
                value: option,
            });
        }
        Some(moves)
    };
    let (Some(left), Some(right)) = (options(left, Player::Left), options(right, Player::Right))
    else {
        return unlisted("an option's canonical form is too long to print".into());
    };
    Ok(Valued::Listed(Term {
        text: parenthesised(text),
        value,
        left,
        right,
    }))
}

/// A canonical form as a term of a sum: in parentheses when it starts with a sign, which
/// after ` + ` would read as an operator (`-1`, `+-1`).
fn parenthesised(text: String) -> String {
    if text.starts_with('-') || text.starts_with("+-") {
        format!("({text})")
    } else {
        text
    }
}

/// The moves of `player` in the sum, with the values of the positions they leave.
fn side_moves(store: &mut Store, terms: &[Term], player: Player, listing: Listing) -> Vec<Move> {
    let left = player.is_left();
    let zero = store.zero();
    let mut found: Vec<(Move, GameId)> = Vec::new();
    for (i, t) in terms.iter().enumerate() {
        let mut rest = zero;
        for (j, other) in terms.iter().enumerate() {
            if j != i {
                rest = store.add(rest, other.value);
            }
        }
        let moves = player.either(&t.left, &t.right);
        for m in moves {
            if store.stop_requested() {
                return Vec::new();
            }
            let after = store.add(m.value, rest);
            let wins = if left {
                store.leq(zero, after)
            } else {
                store.leq(after, zero)
            };
            let whole: Vec<&str> = terms
                .iter()
                .enumerate()
                .map(|(j, o)| {
                    if j == i {
                        m.to.as_str()
                    } else {
                        o.text.as_str()
                    }
                })
                .collect();
            let value = text_of(store, after).unwrap_or_else(|| "(too long to print)".into());
            let listed = Move {
                description: m.description.clone(),
                to: whole.join(" + "),
                value,
                wins,
                draws: false,
                plies: None,
            };
            found.push((listed, after));
        }
    }
    if listing == Listing::Every {
        return found.into_iter().map(|(m, _)| m).collect();
    }
    if found.iter().any(|(m, _)| m.wins) {
        return found
            .into_iter()
            .filter(|(m, _)| m.wins)
            .map(|(m, _)| m)
            .collect();
    }
    // No move wins: keep the moves to positions no other move improves on for the mover.
    let values: Vec<GameId> = found.iter().map(|&(_, v)| v).collect();
    let better = |a: GameId, b: GameId| {
        // b is strictly better than a for the mover.
        if left {
            store.leq(a, b) && !store.leq(b, a)
        } else {
            store.leq(b, a) && !store.leq(a, b)
        }
    };
    let keep: Vec<bool> = values
        .iter()
        .map(|&a| !values.iter().any(|&b| better(a, b)))
        .collect();
    found
        .into_iter()
        .zip(keep)
        .filter_map(|((m, _), k)| k.then_some(m))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{evaluate_report_with, evaluate_text, Value};
    use conway_loopy::properties::{outcome as loopy_outcome, LoopyOutcome};
    use conway_loopy::Loopy;
    use conway_rulesets::clobber::Clobber;
    use conway_rulesets::cutcake::{Cake, CakeRule};
    use conway_rulesets::domineering::Board;
    use conway_rulesets::hackenbush::{HackenbushGraph, Stalks};
    use conway_rulesets::toads_and_frogs::ToadsAndFrogs;
    use conway_rulesets::{Evaluator, PartizanGame};
    use proptest::prelude::*;

    fn every(store: &mut Store, input: &str) -> Moves {
        let report = evaluate_report_with(store, &Bindings::new(), input, Listing::Every)
            .unwrap_or_else(|e| panic!("{input}: {e}"));
        report.moves.unwrap_or_else(|| panic!("{input}: no moves"))
    }

    fn value_of(store: &mut Store, text: &str) -> GameId {
        match evaluate_text(store, text) {
            Ok(Value::Game(g)) => g,
            other => panic!("{text}: {other:?}"),
        }
    }

    /// The values of a position's options by the ruleset's own move generation and a plain
    /// search, sorted (the oracle for the listed moves).
    fn oracle<G: PartizanGame>(store: &mut Store, position: &G, left: bool) -> Vec<GameId> {
        let moves = if left {
            position.left_moves()
        } else {
            position.right_moves()
        };
        let mut values: Vec<GameId> = moves
            .iter()
            .map(|m| Evaluator::new().canonical_form(store, m))
            .collect();
        values.sort();
        values
    }

    /// Checks the listed moves of `input` against the ruleset's options (`left`, `right`,
    /// as values), the win rule and the good-move selection.
    fn check(input: &str, left: Vec<GameId>, right: Vec<GameId>, store: &mut Store) {
        let moves = every(store, input);
        let zero = store.zero();
        for (list, oracle, is_left) in [
            (&moves.left_moves, left, true),
            (&moves.right_moves, right, false),
        ] {
            let mut values = Vec::new();
            for m in list {
                // The position left reads back to the value reported.
                let after = value_of(store, &m.to);
                assert_eq!(after, value_of(store, &m.value), "{input}: {m:?}");
                let wins = if is_left {
                    store.leq(zero, after)
                } else {
                    store.leq(after, zero)
                };
                assert_eq!(m.wins, wins, "{input}: {m:?}");
                values.push(after);
            }
            values.sort();
            assert_eq!(values, oracle, "{input}: the options' values");
        }
        // The good moves are the winning ones when there are any, and always some of the
        // moves.
        let good = evaluate_report_with(store, &Bindings::new(), input, Listing::Good)
            .unwrap()
            .moves
            .unwrap();
        for (good, all) in [
            (&good.left_moves, &moves.left_moves),
            (&good.right_moves, &moves.right_moves),
        ] {
            assert!(good.iter().all(|m| all.contains(m)), "{input}");
            if all.iter().any(|m| m.wins) {
                assert!(good.iter().all(|m| m.wins), "{input}");
                assert_eq!(good.len(), all.iter().filter(|m| m.wins).count(), "{input}");
            } else {
                assert_eq!(good.is_empty(), all.is_empty(), "{input}");
            }
        }
    }

    fn board_text(rows: usize, cols: usize, cells: &[u8], alphabet: &[char]) -> String {
        let rows: Vec<String> = (0..rows)
            .map(|r| {
                (0..cols)
                    .map(|c| alphabet[usize::from(cells[r * cols + c]) % alphabet.len()])
                    .collect()
            })
            .collect();
        rows.join("|")
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

        #[test]
        fn domineering_moves_match_the_rules(
            rows in 1usize..=3, cols in 1usize..=4, cells in prop::collection::vec(0u8..4, 12),
        ) {
            let text = board_text(rows, cols, &cells, &['.', '.', '.', '#']);
            let mut store = Store::new();
            let board = Board::parse(&text).unwrap();
            let (l, r) = (oracle(&mut store, &board, true), oracle(&mut store, &board, false));
            check(&format!("domineering(\"{text}\")"), l, r, &mut store);
        }

        #[test]
        fn clobber_moves_match_the_rules(
            rows in 1usize..=2, cols in 1usize..=4, cells in prop::collection::vec(0u8..3, 8),
        ) {
            let text = board_text(rows, cols, &cells, &['.', 'x', 'o']);
            let mut store = Store::new();
            let board = Clobber::parse(&text).unwrap();
            let (l, r) = (oracle(&mut store, &board, true), oracle(&mut store, &board, false));
            check(&format!("clobber(\"{text}\")"), l, r, &mut store);
        }

        #[test]
        fn toads_and_frogs_moves_match_the_rules(cells in prop::collection::vec(0u8..3, 1..7)) {
            let text = board_text(1, cells.len(), &cells, &['.', 't', 'f']);
            let mut store = Store::new();
            let strip = ToadsAndFrogs::parse(&text).unwrap();
            let (l, r) = (oracle(&mut store, &strip, true), oracle(&mut store, &strip, false));
            check(&format!("toads_and_frogs(\"{text}\")"), l, r, &mut store);
        }

        #[test]
        fn stalk_moves_match_the_rules(
            stalks in prop::collection::vec(prop::collection::vec(0u8..3, 0..4), 1..4),
        ) {
            let text: Vec<String> = stalks
                .iter()
                .map(|s| s.iter().map(|&c| ['l', 'r', 'e'][usize::from(c)]).collect())
                .collect();
            let text = text.join("|");
            let mut store = Store::new();
            let picture = Stalks::parse(&text).unwrap();
            let (l, r) = (oracle(&mut store, &picture, true), oracle(&mut store, &picture, false));
            check(&format!("hackenbush(\"{text}\")"), l, r, &mut store);
        }

        /// Graphs on vertices 0..4 whose edges each touch the ground or an earlier edge, so
        /// every edge is grounded as the notation requires.
        #[test]
        fn graph_moves_match_the_rules(
            edges in prop::collection::vec((0u32..4, 0u32..4, 0u8..3), 1..6),
        ) {
            let mut grounded = vec![0u32];
            let mut written = Vec::new();
            for (a, b, c) in edges {
                let a = grounded[a as usize % grounded.len()];
                written.push(format!("{a}-{b}:{}", ['l', 'r', 'e'][usize::from(c)]));
                if !grounded.contains(&b) {
                    grounded.push(b);
                }
            }
            let text = written.join(" ");
            let mut store = Store::new();
            let graph = HackenbushGraph::parse(&text).unwrap();
            let (l, r) = (oracle(&mut store, &graph, true), oracle(&mut store, &graph, false));
            check(&format!("hackenbush(\"{text}\")"), l, r, &mut store);
        }

        #[test]
        fn cutcake_moves_match_the_rules(rows in 1u32..=3, cols in 1u32..=4) {
            let mut store = Store::new();
            let cake = Cake::new(CakeRule::Cutcake, [(rows, cols)]);
            let (l, r) = (oracle(&mut store, &cake, true), oracle(&mut store, &cake, false));
            check(&format!("cutcake({rows}, {cols})"), l, r, &mut store);
        }

        /// In a sum, each term's moves appear with the other terms unchanged, and their
        /// values are the term's option plus the rest.
        #[test]
        fn sums_move_in_one_term(
            a in prop::collection::vec(0u8..3, 1..4), b in prop::collection::vec(0u8..3, 1..5),
        ) {
            let stalk: String = a.iter().map(|&c| ['l', 'r', 'e'][usize::from(c)]).collect();
            let strip = board_text(1, b.len(), &b, &['.', 't', 'f']);
            let mut store = Store::new();
            let (s, t) = (Stalks::parse(&stalk).unwrap(), ToadsAndFrogs::parse(&strip).unwrap());
            let (sv, tv) = (
                Evaluator::new().canonical_form(&mut store, &s),
                Evaluator::new().canonical_form(&mut store, &t),
            );
            let mut sides = Vec::new();
            for left in [true, false] {
                let mut values: Vec<GameId> = Vec::new();
                for o in oracle(&mut store, &s, left) {
                    values.push(store.add(o, tv));
                }
                for o in oracle(&mut store, &t, left) {
                    values.push(store.add(o, sv));
                }
                values.sort();
                sides.push(values);
            }
            let right = sides.pop().unwrap();
            let left = sides.pop().unwrap();
            check(
                &format!("hackenbush(\"{stalk}\") + toads_and_frogs(\"{strip}\")"),
                left,
                right,
                &mut store,
            );
        }
    }

    /// The result for the player who moves to a position of outcome class `class`, the
    /// opponent then to move there (the classes' meanings: Siegel, *Combinatorial Game
    /// Theory*, ch. VI).
    fn result_of_moving_to(class: LoopyOutcome, left: bool) -> PlayResult {
        use LoopyOutcome::*;
        use PlayResult::*;
        // Who wins with the opponent of the mover starting: Some(true) for Left.
        let left_wins = match (class, left) {
            (L | P | PHat, true) | (L | N | NHat, false) => Some(true),
            (R | N | NCheck, true) | (R | P | PCheck, false) => Some(false),
            (D | NHat | PCheck, true) | (D | PHat | NCheck, false) => None,
        };
        match left_wins {
            Some(w) if w == left => Win,
            Some(_) => Loss,
            None => Draw,
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(60))]

        /// A loopy ruleset's moves: every move of the rules, each position's value as `eval`
        /// gives it alone, and the result of each move (found by play) as the outcome class
        /// of that value says.
        #[test]
        fn backsliding_moves_agree_with_the_values(b in prop::collection::vec(0u8..3, 1..7)) {
            let strip = board_text(1, b.len(), &b, &['.', 't', 'f']);
            let input = format!("backsliding_toads_and_frogs(\"{strip}\")");
            let mut store = Store::new();
            let moves = every(&mut store, &input);
            let rules = conway_rulesets::toads_and_frogs_variants::StripRules::BACKSLIDING;
            let position = conway_rulesets::toads_and_frogs_variants::ToadsAndFrogsVariant::parse(
                rules, &strip,
            ).unwrap();
            use conway_rulesets::Position;
            prop_assert_eq!(moves.left_moves.len(), position.left_moves().len());
            prop_assert_eq!(moves.right_moves.len(), position.right_moves().len());
            for (list, left) in [(&moves.left_moves, true), (&moves.right_moves, false)] {
                for m in list {
                    let value = match evaluate_text(&mut store, &m.to).unwrap() {
                        Value::Game(g) => Loopy::Short(g),
                        Value::Loopy(l) => l,
                        other => panic!("{other:?}"),
                    };
                    prop_assert_eq!(&loopy_text(&value, &mut store).unwrap(), &m.value);
                    let class = loopy_outcome(&value, &mut store).unwrap();
                    let expected = result_of_moving_to(class, left);
                    prop_assert_eq!(m.wins, expected == PlayResult::Win, "{}", m.description);
                    prop_assert_eq!(m.draws, expected == PlayResult::Draw, "{}", m.description);
                    prop_assert_eq!(m.plies.is_some(), expected != PlayResult::Draw);
                }
            }
        }
    }

    /// `ff..tt` is dud (each side can only slide back and forth): every move draws; the
    /// report gives the outcome D and both sides, on and off.
    #[test]
    fn a_dud_strip_has_only_drawing_moves() {
        let mut store = Store::new();
        let r = evaluate_report_with(
            &mut store,
            &Bindings::new(),
            "backsliding_toads_and_frogs(\"ff..tt\")",
            Listing::Good,
        )
        .unwrap();
        let json = serde_json::to_value(&r).unwrap();
        assert_eq!(json["kind"], "loopy");
        assert_eq!(json["value"], "dud");
        assert_eq!(json["outcome"], "D");
        assert_eq!(json["stopper"], false);
        assert_eq!(
            (&json["onside"], &json["offside"]),
            (&"on".into(), &"off".into())
        );
        let moves = r.moves.unwrap();
        assert_eq!(moves.left_moves.len(), 1);
        assert_eq!(moves.right_moves.len(), 1);
        for m in moves.left_moves.iter().chain(&moves.right_moves) {
            assert!(m.draws && !m.wins && m.plies.is_none(), "{m:?}");
        }
    }

    /// CGSuite's GameGridTest position {(3,1),(3,3),(3,5),(3,7)}, (1,1) is {6|2over}: Left
    /// wins whoever starts. Moving the goose on (3,1) to (2,2) shuts the fox in at once
    /// (Right, to move, is stuck): a win in one move, the fastest of Left's five.
    #[test]
    fn fox_and_geese_moves_say_who_wins_and_how_soon() {
        let mut store = Store::new();
        let r = evaluate_report_with(
            &mut store,
            &Bindings::new(),
            "fox_and_geese(\"{(3,1),(3,3),(3,5),(3,7)}, (1,1)\")",
            Listing::Good,
        )
        .unwrap();
        assert_eq!(r.value.as_deref(), Some("{6|2over}"));
        let report = r.loopy.as_ref().unwrap();
        assert_eq!(report.outcome, LoopyOutcome::L);
        assert_eq!(
            (report.left_stop.as_deref(), report.right_stop.as_deref()),
            (Some("6"), Some("2over"))
        );
        let moves = r.moves.unwrap();
        assert_eq!(moves.left_moves.len(), 5);
        assert!(moves.left_moves.iter().all(|m| m.wins));
        let fastest = moves.left_moves.iter().min_by_key(|m| m.plies).unwrap();
        assert_eq!(
            fastest.description,
            "Left moves the goose on (3,1) to (2,2)"
        );
        assert_eq!(fastest.plies, Some(1));
        assert_eq!(fastest.to, "fox_and_geese(\"..x.x.x.|.x......|o.......\")");
        // Right's one move loses; listed as the best there is.
        assert_eq!(moves.right_moves.len(), 1);
        assert!(!moves.right_moves[0].wins && !moves.right_moves[0].draws);
    }

    /// A fox level with the highest goose has slipped past them: the rules know the value
    /// (`off`), yet its moves are still listed and solved, each a win for Right.
    #[test]
    fn a_position_the_rules_decide_still_lists_its_moves() {
        let mut store = Store::new();
        let r = evaluate_report_with(
            &mut store,
            &Bindings::new(),
            "fox_and_geese(\".o......|x.x.x.x.\")",
            Listing::Every,
        )
        .unwrap();
        assert_eq!(r.value.as_deref(), Some("off"));
        let moves = r.moves.unwrap();
        assert!(moves.left_moves.is_empty());
        // To (3,1) or (3,3): the geese below block the other two diagonals.
        assert_eq!(moves.right_moves.len(), 2);
        assert!(moves
            .right_moves
            .iter()
            .all(|m| m.wins && m.plies == Some(1)));
    }

    /// A blue edge under a red one is worth 1/2 (Winning Ways, ch. 1): Left's only move, cutting
    /// the blue edge, leaves 0 and wins; Right's only move, cutting the red edge, leaves 1 and
    /// loses, so it is Right's best move but not a winning one.
    #[test]
    fn a_blue_red_stalk_has_one_winning_move_for_left() {
        let mut store = Store::new();
        let r = evaluate_report_with(
            &mut store,
            &Bindings::new(),
            "hackenbush(\"lr\")",
            Listing::Good,
        )
        .unwrap();
        let json = serde_json::to_value(&r).unwrap();
        assert_eq!(json["canonical"], "1/2");
        assert_eq!(
            json["left_moves"],
            serde_json::json!([{
                "move": "Left cuts the blue edge 1 of stalk 1 (1 edge falls with it)",
                "to": "hackenbush(\"\")",
                "value": "0",
                "wins": true
            }])
        );
        assert_eq!(json["right_moves"][0]["to"], "hackenbush(\"l\")");
        assert_eq!(json["right_moves"][0]["wins"], false);
        assert_eq!(json["every_move"], false);
    }

    /// Expressions without a ruleset position report no moves, and a position with more
    /// moves than are listed says so.
    #[test]
    fn moves_only_for_ruleset_positions_and_within_the_limit() {
        let mut store = Store::new();
        let r =
            evaluate_report_with(&mut store, &Bindings::new(), "{1|*} + ^", Listing::Good).unwrap();
        assert!(r.moves.is_none());
        let long = "l".repeat(MAX_LISTED_MOVES + 1);
        let r = evaluate_report_with(
            &mut store,
            &Bindings::new(),
            &format!("hackenbush(\"{long}\")"),
            Listing::Good,
        )
        .unwrap();
        let moves = r.moves.unwrap();
        assert!(moves.left_moves.is_empty());
        assert!(moves.moves_note.unwrap().contains("1001 moves for Left"));
    }
}
