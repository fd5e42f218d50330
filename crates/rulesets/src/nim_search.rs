//! Nim values of the impartial variant of a ruleset's positions, by the mex rule on the
//! positions themselves: the variant lets either player make any move of either, so its
//! value is the nimber of the least nim value no move leaves (Sprague–Grundy), and a sum's
//! nim value is the exclusive or of its parts'. No canonical form is built, so positions
//! far past the canonical forms' limits are valued: the work is one table entry and one pass
//! over the moves per component met.
//!
//! Components are the ruleset's own ([`PartizanGame::components`]), each in its normal form;
//! a normal form may be a symmetric image or the negative (colours swapped) of the part,
//! and both keep the impartial variant's value: the negative's moves are the negatives of
//! the part's moves, so by induction i(−G) = i(G). [`PartizanGame::known_value`] is not
//! used: it gives the value of the game, not of its variant.
//!
//! Oracle: the canonical form of the variant from its moves ([`crate::variant`]), in this
//! module's tests and in the rulesets' own.

use rustc_hash::FxHashMap;

use conway_partizan::{PartizanError, Store};

use crate::PartizanGame;

/// The most components one evaluation values afresh: the table holds each with its value,
/// some hundred bytes for a board of a few dozen squares.
pub const MAX_NIM_SEARCH_POSITIONS: usize = 1 << 23;

/// Stack kept free below a recursive step, and grown by when less is left: a step holds
/// a component's moves, and play may be as long as the board has squares.
const STACK_MARGIN: usize = conway_partizan::stack::STACK_RESERVE + (64 << 10);
const STACK_GROWTH: usize = 4 << 20;

/// The nim values found so far, by component; kept in the store between evaluations.
struct NimTable<G> {
    values: FxHashMap<G, u32>,
}

impl<G> Default for NimTable<G> {
    fn default() -> Self {
        NimTable {
            values: FxHashMap::default(),
        }
    }
}

/// The nim value of the impartial variant of `position`, with the table the store keeps for
/// the ruleset; refused past [`MAX_NIM_SEARCH_POSITIONS`] new components, and stopped (as
/// [`PartizanError::Interrupted`]) when the store's progress hook asks.
pub fn impartial_nim_value<G: PartizanGame + Send + 'static>(
    store: &mut Store,
    position: &G,
) -> Result<u64, PartizanError> {
    nim_value_within(store, position, MAX_NIM_SEARCH_POSITIONS)
}

/// [`impartial_nim_value`] refused past `most` new components.
fn nim_value_within<G: PartizanGame + Send + 'static>(
    store: &mut Store,
    position: &G,
    most: usize,
) -> Result<u64, PartizanError> {
    store.within_budget(|store| {
        let table: NimTable<G> = store.take_table();
        let mut search = NimSearch {
            most: table.values.len() + most,
            limit: most,
            table,
            store,
        };
        let value = search.of_position(position);
        let NimSearch { table, store, .. } = search;
        let kept = table.values.len();
        store.keep_table(table, kept);
        value.map(u64::from)
    })
}

/// One evaluation: the table, the size it may grow to, and the store for progress.
struct NimSearch<'s, G> {
    table: NimTable<G>,
    /// The table's size at which to stop, and the new components that allows.
    most: usize,
    limit: usize,
    store: &'s mut Store,
}

impl<G: PartizanGame> NimSearch<'_, G> {
    /// The nim value of a position, the exclusive or of its components'.
    fn of_position(&mut self, position: &G) -> Result<u32, PartizanError> {
        position
            .components()
            .iter()
            .try_fold(0, |value, part| Ok(value ^ self.of_component(part)?))
    }

    fn of_component(&mut self, part: &G) -> Result<u32, PartizanError> {
        if let Some(&value) = self.table.values.get(part) {
            return Ok(value);
        }
        if self.table.values.len() >= self.most {
            return Err(PartizanError::too_large(
                "an impartial variant's count of positions",
                self.limit + 1,
                self.limit,
            ));
        }
        self.store.count_position();
        if self.store.stop_requested() {
            return Err(PartizanError::Interrupted);
        }
        let mut moves = part.left_moves();
        moves.extend(part.right_moves());
        // A value is at most the number of moves, so the mex is found among 0..=moves.
        let mut seen = vec![false; moves.len() + 1];
        for after in &moves {
            let value =
                stacker::maybe_grow(STACK_MARGIN, STACK_GROWTH, || self.of_position(after))?;
            if let Some(slot) = seen.get_mut(value as usize) {
                *slot = true;
            }
        }
        let mex = seen.iter().position(|&s| !s).unwrap_or(moves.len()) as u32;
        self.table.values.insert(part.clone(), mex);
        Ok(mex)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clobber::{Clobber, Stone};
    use crate::cram::Cell;
    use crate::domineering::Board;
    use crate::nogo::{NoGo, Point};
    use crate::oracle::arb_grid;
    use crate::variant::{self, Variant};
    use proptest::prelude::*;

    /// The nim value by this search against the canonical form of the variant from its moves.
    fn agrees<G: PartizanGame + std::fmt::Debug + Send + 'static>(
        position: &G,
    ) -> Result<(), String> {
        let mut store = Store::new();
        let searched = impartial_nim_value(&mut store, position).map_err(|e| e.to_string())?;
        let form = variant::value_of(&mut store, Variant::Impartial, position)
            .map_err(|e| e.to_string())?;
        let nimber = store.nimber(searched);
        if form == nimber {
            Ok(())
        } else {
            Err(format!("{position:?}: searched *{searched}"))
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

        #[test]
        fn clobber_agrees_with_the_variants_form(
            board in arb_grid(vec![Stone::Empty, Stone::Black, Stone::White], 1..=3, 1..=4)
        ) {
            let position = Clobber::parse(&board.to_string()).expect("small");
            prop_assert_eq!(agrees(&position), Ok(()));
        }

        #[test]
        fn domineering_agrees_with_the_variants_form(
            board in arb_grid(vec![Cell::Empty, Cell::Filled], 1..=3, 1..=4)
        ) {
            let position = Board::parse(&board.to_string()).expect("small");
            prop_assert_eq!(agrees(&position), Ok(()));
        }

        #[test]
        fn nogo_agrees_with_the_variants_form(
            board in arb_grid(vec![Point::Empty, Point::Black, Point::White], 1..=2, 1..=4)
        ) {
            if let Ok(position) = NoGo::parse(&board.to_string()) {
                prop_assert_eq!(agrees(&position), Ok(()));
            }
        }
    }

    #[test]
    fn a_spent_budget_is_refused_and_what_was_found_kept() {
        let mut store = Store::new();
        let position = Clobber::parse("xoxo|oxox|xoxo").expect("small");
        let refused = nim_value_within(&mut store, &position, 10);
        assert!(matches!(refused, Err(PartizanError::TooLarge { .. })));
        let kept = store.take_table::<NimTable<Clobber>>().values.len();
        assert_eq!(kept, 10);
        let value = impartial_nim_value(&mut store, &position).expect("within the limit");
        assert!(
            agrees(&position).is_ok()
                && value == impartial_nim_value(&mut Store::new(), &position).expect("small")
        );
    }
}
