//! Test support: the value of a ruleset position by the textbook definitions alone.
//!
//! The oracle looks at the whole position, never at its components or their normal forms, and
//! canonicalises with [`Tree::canonical`] rather than the store. Agreement with
//! [`Evaluator`] therefore checks the rules, the component split, the normalisation used as
//! the transposition key, and the store's simplification at once. It is exponential: keep
//! positions small.

use std::collections::HashMap;
use std::fmt::Debug;

use crate::{Evaluator, PartizanGame};
use conway_partizan::naive::Tree;
use conway_partizan::{GameId, Store};

/// The canonical form of a position as a tree, from its moves only.
pub(crate) fn textbook_value<G: PartizanGame>(position: &G, memo: &mut HashMap<G, Tree>) -> Tree {
    if let Some(tree) = memo.get(position) {
        return tree.clone();
    }
    let left = position
        .left_moves()
        .iter()
        .map(|p| textbook_value(p, memo))
        .collect();
    let right = position
        .right_moves()
        .iter()
        .map(|p| textbook_value(p, memo))
        .collect();
    let tree = Tree::new(left, right).canonical();
    memo.insert(position.clone(), tree.clone());
    tree
}

/// Whether the evaluator and the textbook oracle agree on a position; the message says how
/// they differ when they do not.
pub(crate) fn agrees_with_textbook<G: PartizanGame + Debug>(position: &G) -> Result<(), String> {
    let mut store = Store::new();
    let id = Evaluator::new().canonical_form(&mut store, position);
    let fast = Tree::from_store(&mut store, id);
    let slow = textbook_value(position, &mut HashMap::new());
    if fast == slow {
        Ok(())
    } else {
        Err(format!(
            "{position:?}: evaluator {fast:?}, textbook {slow:?}"
        ))
    }
}

/// A game written in CGSuite's output notation, for pasting published values into tests: read
/// by `conway eval`'s own parser, which reads everything CGSuite prints. Panics on anything
/// that is not a game: it reads test data only.
pub(crate) fn cgsuite_game(store: &mut Store, text: &str) -> GameId {
    match conway_expr::eval::evaluate_text(store, text) {
        Ok(conway_expr::eval::Value::Game(g)) => g,
        other => panic!("{text}: not a game ({other:?})"),
    }
}

/// The canonical form, as CGSuite prints it, of a ruleset position given in its notation by
/// `value`. Panics on an error: test data only.
pub(crate) fn value_text(
    value: impl FnOnce(&mut Store, &str) -> Result<GameId, conway_partizan::PartizanError>,
    text: &str,
) -> String {
    let mut store = Store::new();
    match value(&mut store, text) {
        Ok(g) => conway_partizan::print::canonical_text(&mut store, g),
        Err(e) => panic!("{text}: {e}"),
    }
}

/// The outcome class the ruleset search finds for a position (tests of recorded outcomes
/// of boards too large for their canonical forms).
pub(crate) fn searched_class<G: PartizanGame + crate::moves::Described>(
    store: &mut Store,
    position: &G,
) -> conway_partizan::Outcome {
    let ask = crate::outcome::ruleset::Ask {
        every_move: false,
        budget: None,
        progress: &conway_core::NoProgress,
        first: None,
    };
    crate::outcome::ruleset::winner(store, ("test", String::new()), position, ask)
        .expect("solved")
        .outcome
        .expect("both starts asked for")
}

/// The outcome class of a result as MCGS's test files record it: whether Black (Left) wins
/// moving first, and whether White (Right) does.
pub(crate) fn mcgs_class(black_wins: bool, white_wins: bool) -> conway_partizan::Outcome {
    crate::outcome::WinnerReport::class(black_wins, !white_wins)
}

/// Checks the search against results as MCGS's test files record them: each position's text
/// (read by `read`), whether Black (Left) wins moving first, and whether White (Right) does.
pub(crate) fn agrees_with_mcgs<G: PartizanGame + crate::moves::Described>(
    cases: &[(&str, bool, bool)],
    read: impl Fn(&str) -> Result<G, conway_partizan::PartizanError>,
) {
    let mut store = Store::new();
    for &(text, black_wins, white_wins) in cases {
        let position = read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(
            searched_class(&mut store, &position),
            mcgs_class(black_wins, white_wins),
            "{text}"
        );
    }
}

/// Random boards of `rows` × `cols` squares drawn from `squares` (repeat a square to make it
/// likelier).
pub(crate) fn arb_grid<S: crate::grid::Square + 'static>(
    squares: Vec<S>,
    rows: std::ops::RangeInclusive<usize>,
    cols: std::ops::RangeInclusive<usize>,
) -> impl proptest::strategy::Strategy<Value = crate::grid::Grid<S>> {
    use proptest::prelude::*;
    let square = prop::sample::select(squares);
    (rows, cols).prop_flat_map(move |(rows, cols)| {
        prop::collection::vec(square.clone(), rows * cols).prop_map(move |cells| {
            let rows: Vec<Vec<S>> = cells.chunks(cols.max(1)).map(<[S]>::to_vec).collect();
            crate::grid::Grid::from_rows(&rows).expect("rectangular")
        })
    })
}

/// A built-in ruleset seen through the interface of rulesets from outside
/// ([`conway_partizan::rules::Rules`]), split into components or not: what the searches for
/// rulesets from outside are compared on with the built-in searches.
pub(crate) struct FromOutside<G> {
    /// Whether positions are split into their components.
    pub split: bool,
    pub ruleset: std::marker::PhantomData<G>,
}

impl<G> FromOutside<G> {
    pub fn new(split: bool) -> Self {
        FromOutside {
            split,
            ruleset: std::marker::PhantomData,
        }
    }
}

impl<G: PartizanGame> conway_partizan::rules::Rules for FromOutside<G> {
    type Position = G;
    type Error = std::convert::Infallible;

    fn left_moves(&self, p: &G) -> Result<Vec<G>, Self::Error> {
        Ok(p.left_moves())
    }

    fn right_moves(&self, p: &G) -> Result<Vec<G>, Self::Error> {
        Ok(p.right_moves())
    }

    fn components(&self, p: &G) -> Result<Option<Vec<G>>, Self::Error> {
        Ok(self.split.then(|| p.components()))
    }
}

impl<G: PartizanGame + crate::moves::Described> crate::outcome::outside::Notation
    for FromOutside<G>
{
    fn name(&self) -> String {
        "from-outside".to_string()
    }

    fn written(&self, p: &G) -> Result<String, Self::Error> {
        Ok(p.expression())
    }
}
