//! Rulesets the caller defines rather than the library (a Python `Ruleset` subclass):
//! `eval` names each as `name("position")`, and its positions then value, add to other
//! games, list their moves, play in misère and show in the worksheet as a built-in
//! ruleset's positions do. The caller's code reads the notation and lists the moves; this
//! module only routes calls to it, so the evaluator needs no other change per ruleset.
//!
//! The rulesets travel with the variables ([`super::Bindings`]): both are the names a
//! session knows beyond the built-in functions. A built-in function's name always means
//! the built-in function, so a user ruleset is named only when its name is not one.

use std::fmt;
use std::sync::Arc;

use conway_partizan::{GameId, PartizanError, Store};
use conway_rulesets::moves::PositionMoves;
use conway_rulesets::registry::Square;

use super::lookup;
use crate::syntax::{Expr, ExprKind};

/// A ruleset defined outside the library. Positions are written in its notation, as the
/// one string argument of its call; a failure of the caller's code comes back as an error
/// saying what failed (the evaluator adds where).
pub trait UserRuleset: Send + Sync {
    /// Its name in `eval`.
    fn name(&self) -> &str;

    /// The canonical form of the position `text` writes, in `store`.
    fn value(&self, store: &mut Store, text: &str) -> Result<GameId, PartizanError>;

    /// The position's value and every move of each player, each leaving a position written
    /// as an `eval` call of this ruleset (at most
    /// [`MAX_LISTED_MOVES`](conway_rulesets::moves::MAX_LISTED_MOVES) per player, else only
    /// their numbers).
    fn moves(&self, store: &mut Store, text: &str) -> Result<PositionMoves, PartizanError>;

    /// How its positions are drawn on squares, if they are.
    fn board(&self) -> Option<&UserBoard> {
        None
    }

    /// A call of it, for a front end to offer (`name("…")`); empty when it has none.
    fn example(&self) -> &str {
        ""
    }

    /// What it is, in one line; empty when not said.
    fn summary(&self) -> &str {
        ""
    }
}

/// A user ruleset's positions drawn on squares: rows split by `row_separator`, each
/// character a square showing its piece.
#[derive(Clone, Debug)]
pub struct UserBoard {
    /// Every symbol a square may hold, the empty one first.
    pub squares: Vec<Square>,
    /// The character between rows.
    pub row_separator: char,
}

/// The user rulesets a session knows.
#[derive(Clone, Default)]
pub struct UserRulesets(Vec<Arc<dyn UserRuleset>>);

impl UserRulesets {
    /// These rulesets, but for those a built-in function's name hides; the first of two of
    /// one name is kept.
    pub fn new(rulesets: Vec<Arc<dyn UserRuleset>>) -> Self {
        let mut kept: Vec<Arc<dyn UserRuleset>> = Vec::with_capacity(rulesets.len());
        for ruleset in rulesets {
            if lookup(ruleset.name()).is_none() && !kept.iter().any(|k| k.name() == ruleset.name())
            {
                kept.push(ruleset);
            }
        }
        UserRulesets(kept)
    }

    /// The ruleset `name` calls.
    pub fn get(&self, name: &str) -> Option<&dyn UserRuleset> {
        self.0.iter().find(|r| r.name() == name).map(|r| &**r)
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Every ruleset, in the order given.
    pub fn iter(&self) -> impl Iterator<Item = &dyn UserRuleset> {
        self.0.iter().map(|r| &**r)
    }

    /// The ruleset a call of `name` with `args` (at `column`) names, with its position's
    /// text; a call with anything but one string is refused where it is.
    pub(super) fn position<'e>(
        &self,
        name: &str,
        args: &'e [Expr],
        column: usize,
    ) -> Result<Option<(&dyn UserRuleset, &'e str)>, PartizanError> {
        let Some(ruleset) = self.get(name) else {
            return Ok(None);
        };
        match args {
            [Expr {
                kind: ExprKind::Text(text),
                ..
            }] => Ok(Some((ruleset, text))),
            _ => Err(PartizanError::parse(
                column,
                format!(
                    "{name} takes one argument, a position in its notation as a string: \
                     {name}(\"…\")"
                ),
            )),
        }
    }

    /// The ruleset `expr` calls with its position's text, if it is such a call.
    pub(super) fn position_of<'e>(
        &self,
        expr: &'e Expr,
    ) -> Result<Option<(&dyn UserRuleset, &'e str)>, PartizanError> {
        match &expr.kind {
            ExprKind::Call { name, args } => self.position(name, args, expr.column),
            _ => Ok(None),
        }
    }

    /// Whether `expr` calls one of these rulesets.
    pub(super) fn calls(&self, expr: &Expr) -> bool {
        matches!(&expr.kind, ExprKind::Call { name, .. } if self.get(name).is_some())
    }
}

impl fmt::Debug for UserRulesets {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.iter().map(|r| r.name()))
            .finish()
    }
}

/// The `eval` call of a user ruleset's position, or `None` when the text cannot be written
/// as a string of the expression language (it has a double quote).
pub fn position_call(name: &str, text: &str) -> Option<String> {
    (!text.contains('"')).then(|| format!("{name}(\"{text}\")"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{evaluate_in, moves_of, Bindings, Listing, Value};
    use crate::syntax::parse_expression;
    use conway_rulesets::moves::RulesetMove;
    use proptest::prelude::*;

    /// Clobber again, as a caller would define it: every answer asked of the built-in
    /// ruleset, every position written as this ruleset's call.
    struct Reclobber;

    fn builtin(text: &str) -> String {
        format!("clobber(\"{text}\")")
    }

    fn value_of(store: &mut Store, text: &str) -> Result<GameId, PartizanError> {
        match evaluate_in(store, &Bindings::new(), &parse_expression(text)?)? {
            Value::Game(g) => Ok(g),
            other => Err(PartizanError::InvalidInput(format!("{other:?} is no game"))),
        }
    }

    impl UserRuleset for Reclobber {
        fn name(&self) -> &str {
            "reclobber"
        }

        fn value(&self, store: &mut Store, text: &str) -> Result<GameId, PartizanError> {
            value_of(store, &builtin(text))
        }

        fn moves(&self, store: &mut Store, text: &str) -> Result<PositionMoves, PartizanError> {
            let listed = moves_of(store, &Bindings::new(), &builtin(text), Listing::Every)?
                .expect("a ruleset position");
            let mut side = |moves: Vec<crate::eval::Move>| {
                moves
                    .into_iter()
                    .map(|m| {
                        let inner =
                            m.to.trim_start_matches("clobber(\"")
                                .trim_end_matches("\")");
                        Ok(RulesetMove {
                            description: m.description,
                            to: position_call("reclobber", inner).expect("no quote"),
                            value: value_of(store, &m.to)?,
                        })
                    })
                    .collect::<Result<Vec<_>, PartizanError>>()
            };
            let (left, right) = (side(listed.left_moves)?, side(listed.right_moves)?);
            Ok(PositionMoves {
                position: position_call("reclobber", text).expect("no quote"),
                value: self.value(store, text)?,
                left,
                right,
                unlisted: None,
            })
        }
    }

    /// A ruleset whose name is a built-in function's.
    struct Shadowed;

    impl UserRuleset for Shadowed {
        fn name(&self) -> &str {
            "clobber"
        }

        fn value(&self, _: &mut Store, _: &str) -> Result<GameId, PartizanError> {
            Err(PartizanError::InvalidInput("never called".into()))
        }

        fn moves(&self, _: &mut Store, _: &str) -> Result<PositionMoves, PartizanError> {
            Err(PartizanError::InvalidInput("never called".into()))
        }
    }

    fn names() -> Bindings {
        Bindings::with_rulesets(UserRulesets::new(vec![
            Arc::new(Reclobber),
            Arc::new(Shadowed),
        ]))
    }

    fn eval(store: &mut Store, text: &str) -> Result<Value, PartizanError> {
        evaluate_in(store, &names(), &parse_expression(text)?)
    }

    fn game(store: &mut Store, text: &str) -> GameId {
        match eval(store, text) {
            Ok(Value::Game(g)) => g,
            other => panic!("{text}: {other:?}"),
        }
    }

    fn outcome(store: &mut Store, text: &str) -> String {
        match eval(store, text) {
            Ok(Value::Outcome(o)) => o.to_string(),
            other => panic!("{text}: {other:?}"),
        }
    }

    fn board() -> impl Strategy<Value = String> {
        (1usize..=2, 1usize..=4).prop_flat_map(|(rows, cols)| {
            prop::collection::vec(prop::sample::select(vec!['x', 'o', '.']), rows * cols).prop_map(
                move |cells| {
                    cells
                        .chunks(cols)
                        .map(|row| row.iter().collect::<String>())
                        .collect::<Vec<_>>()
                        .join("|")
                },
            )
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// A user ruleset's positions value, add, list their moves and play in misère as
        /// the built-in ruleset's do.
        #[test]
        fn a_user_ruleset_answers_as_the_builtin_one(a in board(), b in board()) {
            let mut store = Store::new();
            let mine = game(&mut store, &format!("reclobber(\"{a}\") + clobber(\"{b}\") + *"));
            let theirs = game(&mut store, &format!("clobber(\"{a}\") + clobber(\"{b}\") + *"));
            prop_assert_eq!(mine, theirs);
            let misere = |store: &mut Store, name: &str| {
                outcome(store, &format!("misere_outcome({name}(\"{a}\") + clobber(\"{b}\"))"))
            };
            prop_assert_eq!(misere(&mut store, "reclobber"), misere(&mut store, "clobber"));
            let moves = |store: &mut Store, name: &str| {
                let listed = moves_of(store, &names(), &format!("{name}(\"{a}\") + *"), Listing::Every)
                    .expect("listed")
                    .expect("a ruleset term");
                let side = |m: Vec<crate::eval::Move>| {
                    m.into_iter().map(|m| (m.to.replace(name, "_"), m.value, m.wins)).collect::<Vec<_>>()
                };
                (side(listed.left_moves), side(listed.right_moves))
            };
            prop_assert_eq!(moves(&mut store, "reclobber"), moves(&mut store, "clobber"));
        }
    }

    #[test]
    fn a_builtin_name_means_the_builtin_function() {
        let mut store = Store::new();
        let builtin = game(&mut store, "clobber(\"xo.\")");
        assert_eq!(game(&mut store, "clobber(\"xo.\")"), builtin);
        assert_eq!(names().rulesets().iter().count(), 1);
        assert!(names().rulesets().get("clobber").is_none());
    }

    #[test]
    fn misuse_is_refused_where_it_is() {
        let mut store = Store::new();
        let error = eval(&mut store, "1 + reclobber(3)").unwrap_err();
        assert_eq!(error.column(), Some(5), "{error}");
        assert!(error.to_string().contains("one argument"), "{error}");
        let error = eval(&mut store, "dicotic_variant(reclobber(\"xo\"))").unwrap_err();
        assert!(error.to_string().contains("your own ruleset"), "{error}");
        let error = eval(&mut store, "reclobbr(\"xo\")").unwrap_err();
        assert!(
            error
                .to_string()
                .contains("your own rulesets are reclobber"),
            "{error}"
        );
        assert_eq!(position_call("r", "a\"b"), None);
    }
}
