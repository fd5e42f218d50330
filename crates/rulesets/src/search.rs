//! Canonical forms of positions of a ruleset given from outside the library (a user's
//! callbacks, as [`Rules`]), without recursion: the moves may fail to be listed, positions may be
//! arbitrarily deep, and a cycle is reported instead of looping.
//!
//! [`Evaluator`](super::Evaluator) serves the built-in rulesets, whose positions are a few
//! dozen moves deep, by recursion; this search keeps its own stack, so a game thousands of
//! moves deep is as good as a shallow one. Values are remembered per position (`table`),
//! a position split into independent components is valued as the sum of theirs, and the
//! store's budget and stop requests end the search with nothing half-done remembered.

use std::collections::HashMap;
use std::hash::BuildHasher;

use rustc_hash::FxHashSet;

use conway_partizan::rules::Rules;
use conway_partizan::{GameId, Store};

/// Why a search gave no value.
#[derive(Debug)]
pub enum SearchError<E> {
    /// The ruleset could not list some moves.
    Ruleset(E),
    /// A position can be reached from itself: the game is not short.
    Cycle,
    /// The store's budget is spent or a stop was requested (the evaluation that ran the
    /// search says which).
    Stopped,
    /// The search met more positions (valued, or on its path) than its limit: the game is
    /// that large, or goes on for ever through new positions.
    TooManyPositions(usize),
}

/// One position being valued: its children (the moves of both players, or its components)
/// and the values found so far.
struct Frame<P> {
    position: P,
    children: Vec<P>,
    /// For a position searched by its moves, how many children are Left's; `None` for a sum.
    left_count: Option<usize>,
    values: Vec<GameId>,
}

/// The canonical form of `root`, remembering every position valued in `table`, which with
/// the positions on the search's path may hold at most `limit`.
pub fn canonical_form<R: Rules, S: BuildHasher>(
    ruleset: &R,
    store: &mut Store,
    table: &mut HashMap<R::Position, GameId, S>,
    root: &R::Position,
    limit: usize,
) -> Result<GameId, SearchError<R::Error>> {
    if let Some(&id) = table.get(root) {
        return Ok(id);
    }
    let expand = |position: &R::Position| -> Result<Frame<R::Position>, SearchError<R::Error>> {
        if let Some(parts) = ruleset.components(position).map_err(SearchError::Ruleset)? {
            if parts.len() > 1 {
                return Ok(Frame {
                    position: position.clone(),
                    children: parts,
                    left_count: None,
                    values: Vec::new(),
                });
            }
        }
        let mut children = ruleset.left_moves(position).map_err(SearchError::Ruleset)?;
        let left_count = children.len();
        children.extend(
            ruleset
                .right_moves(position)
                .map_err(SearchError::Ruleset)?,
        );
        Ok(Frame {
            position: position.clone(),
            children,
            left_count: Some(left_count),
            values: Vec::new(),
        })
    };
    let mut on_stack: FxHashSet<R::Position> = FxHashSet::default();
    on_stack.insert(root.clone());
    let mut stack = vec![expand(root)?];
    while let Some(frame) = stack.last_mut() {
        if store.stop_requested() {
            return Err(SearchError::Stopped);
        }
        let next = frame.values.len();
        if next < frame.children.len() {
            let child = &frame.children[next];
            if let Some(&id) = table.get(child) {
                frame.values.push(id);
                continue;
            }
            if !on_stack.insert(child.clone()) {
                return Err(SearchError::Cycle);
            }
            if table.len() + on_stack.len() > limit {
                return Err(SearchError::TooManyPositions(limit));
            }
            let child = child.clone();
            stack.push(expand(&child)?);
            continue;
        }
        let done = stack
            .pop()
            .expect("the loop runs while the stack has a frame");
        let id = match done.left_count {
            None => done
                .values
                .iter()
                .fold(store.zero(), |total, &part| store.add(total, part)),
            Some(left) => store.construct(&done.values[..left], &done.values[left..]),
        };
        if store.stop_requested() {
            return Err(SearchError::Stopped);
        }
        store.count_position();
        on_stack.remove(&done.position);
        table.insert(done.position, id);
        match stack.last_mut() {
            Some(parent) => parent.values.push(id),
            None => return Ok(id),
        }
    }
    unreachable!("the root's frame returns its value")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domineering::{domineering, Board};
    use crate::oracle::FromOutside;
    use crate::Evaluator;
    use proptest::prelude::*;

    fn board_text() -> impl Strategy<Value = String> {
        (1usize..=4, 1usize..=4)
            .prop_flat_map(|(rows, columns)| {
                proptest::collection::vec(
                    proptest::collection::vec(prop_oneof![3 => Just('.'), 1 => Just('#')], columns),
                    rows,
                )
            })
            .prop_map(|rows| {
                rows.iter()
                    .map(|r| r.iter().collect::<String>())
                    .collect::<Vec<_>>()
                    .join("|")
            })
    }

    proptest! {
        /// The stack-free search gives the recursive evaluator's canonical forms, with and
        /// without components.
        #[test]
        fn matches_the_recursive_evaluator(text in board_text(), split in any::<bool>()) {
            let mut store = Store::new();
            let board = Board::parse(&text).unwrap();
            let expected = Evaluator::new().canonical_form(&mut store, &board);
            let found = canonical_form(&FromOutside::<Board>::new(split), &mut store, &mut HashMap::new(), &board, usize::MAX);
            prop_assert_eq!(found.ok(), Some(expected));
            prop_assert_eq!(Some(expected), domineering(&mut store, &text).ok());
        }
    }

    /// A counter that either player moves one step down, tens of thousands of moves deep:
    /// the search needs no recursion. Position n is {n-1 | n-1} with 0 at the bottom: * when
    /// n is odd, 0 when it is even. Right's moves cannot be listed at 77,777.
    struct Countdown;

    impl Rules for Countdown {
        type Position = u32;
        type Error = &'static str;
        fn left_moves(&self, n: &u32) -> Result<Vec<u32>, &'static str> {
            Ok(n.checked_sub(1).into_iter().collect())
        }
        fn right_moves(&self, n: &u32) -> Result<Vec<u32>, &'static str> {
            if *n == 77_777 {
                return Err("no moves listed here");
            }
            Ok(n.checked_sub(1).into_iter().collect())
        }
        fn components(&self, _: &u32) -> Result<Option<Vec<u32>>, &'static str> {
            Ok(None)
        }
    }

    #[test]
    fn deep_games_errors_and_cycles() {
        let mut store = Store::new();
        let mut table = HashMap::new();
        let star = store.nimber(1);
        let limit = usize::MAX;
        let deep = canonical_form(&Countdown, &mut store, &mut table, &77_001, limit).unwrap();
        assert_eq!(deep, star);
        assert_eq!(table.len(), 77_002);
        match canonical_form(&Countdown, &mut store, &mut table, &80_000, limit) {
            Err(SearchError::Ruleset("no moves listed here")) => {}
            other => panic!("{other:?}"),
        }
        // Nothing above the failure was remembered.
        assert!(!table.contains_key(&80_000) && !table.contains_key(&77_778));

        struct Loop;
        impl Rules for Loop {
            type Position = u8;
            type Error = ();
            fn left_moves(&self, p: &u8) -> Result<Vec<u8>, ()> {
                Ok(vec![(p + 1) % 3])
            }
            fn right_moves(&self, _: &u8) -> Result<Vec<u8>, ()> {
                Ok(vec![])
            }
            fn components(&self, _: &u8) -> Result<Option<Vec<u8>>, ()> {
                Ok(None)
            }
        }
        assert!(matches!(
            canonical_form(&Loop, &mut store, &mut HashMap::new(), &0, limit),
            Err(SearchError::Cycle)
        ));
        // A game that goes on for ever through new positions meets the limit.
        struct Forever;
        impl Rules for Forever {
            type Position = u64;
            type Error = ();
            fn left_moves(&self, p: &u64) -> Result<Vec<u64>, ()> {
                Ok(vec![p + 1])
            }
            fn right_moves(&self, _: &u64) -> Result<Vec<u64>, ()> {
                Ok(vec![])
            }
            fn components(&self, _: &u64) -> Result<Option<Vec<u64>>, ()> {
                Ok(None)
            }
        }
        assert!(matches!(
            canonical_form(&Forever, &mut store, &mut HashMap::new(), &0, 1_000),
            Err(SearchError::TooManyPositions(1_000))
        ));
    }
}
