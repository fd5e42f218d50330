//! Games given by their rules: a position knows its Left and Right moves, and may split into
//! independent components. [`Evaluator`] turns any such game into its canonical form in a
//! [`Store`], with a transposition table keyed by the (normalised) component. One module per
//! ruleset; [`outcome`] finds who wins a position too large for its canonical form, by
//! search.

use rustc_hash::FxHashMap;

use conway_partizan::{GameId, PartizanError, Store};

pub mod amazons;
pub mod arc_kayles;
pub(crate) mod canvas;
pub(crate) mod canvas_table;
pub mod clobber;
pub mod colouring;
pub mod cram;
pub mod cutcake;
pub mod domineering;
pub mod fission;
pub mod fox_and_geese;
pub mod gen_clobber;
pub mod gen_col;
pub mod gen_king_dirt;
pub mod graph_notation;
pub mod grid;
pub mod hackenbush;
pub mod impartial_heap;
pub mod konane;
pub mod moves;
pub mod nim_search;
pub mod nogo;
#[cfg(test)]
pub(crate) mod oracle;
pub mod outcome;
pub mod partizan_euclid;
pub mod partizan_heap;
pub mod partizan_subtraction;
pub mod registry;
pub mod search;
pub mod sheep;
pub mod toads_and_frogs;
pub mod toads_and_frogs_variants;
pub mod toppling_dominoes;
pub mod variant;
pub mod weighted_arc_kayles;

/// The most squares of a board searched for who wins ([`crate::outcome::ruleset`]): every
/// level of the search holds each option of its position, so the board's size bounds the
/// search's memory as its budget bounds its time.
pub const MAX_SEARCHED_SQUARES: usize = 256;

pub use conway_partizan::rules::Position;

/// A short partizan game described by its rules: a [`Position`] whose play ends, with what
/// the short evaluator may know besides its moves.
pub trait PartizanGame: Position {
    /// Independent components whose disjunctive sum is this position, each in a normal form
    /// (e.g. trimmed, or the least of its symmetric images) so that the transposition table
    /// recognises them. The default is the position itself.
    fn components(&self) -> Vec<Self> {
        vec![self.clone()]
    }
    /// The canonical form of a component when a theorem gives it without search (an
    /// all-green Hackenbush picture is a nimber by the fusion and colon principles);
    /// `None`, the default, means searching its moves.
    fn known_value(&self, _store: &mut Store) -> Option<GameId> {
        None
    }
    /// Whether the outcome search ([`outcome::ruleset`]) values this component at once (by
    /// [`PartizanGame::known_value`]) rather than searching it, whatever the size of its
    /// game tree: a component whose value comes fast without its tree. `false` by default.
    fn valued_at_once(&self) -> bool {
        false
    }
    /// Left's and Right's numbers of moves, which the outcome search reads for every
    /// component it meets (to size it and to order moves, also the moves of a position with
    /// many, searched one at a time), when the ruleset counts them without building them
    /// (worth it with many moves a position). `None`, the default: the search builds the
    /// moves and counts them.
    fn move_counts(&self) -> Option<[usize; 2]> {
        None
    }
}

/// Computes canonical forms of positions of one ruleset, remembering every component seen.
pub struct Evaluator<G: PartizanGame> {
    table: FxHashMap<G, GameId>,
    bound: Option<Bound>,
}

/// A limit on the components one evaluation may add to the table, for games whose size no
/// reading of their notation bounds (a variant's positions are not the base ruleset's).
struct Bound {
    most: usize,
    what: &'static str,
    before: usize,
}

impl<G: PartizanGame> Default for Evaluator<G> {
    fn default() -> Self {
        Evaluator::new()
    }
}

impl<G: PartizanGame> Evaluator<G> {
    /// An evaluator with an empty transposition table.
    pub fn new() -> Evaluator<G> {
        Evaluator {
            table: FxHashMap::default(),
            bound: None,
        }
    }

    /// This evaluator, refusing (as [`PartizanError::TooLarge`], naming `what`) an
    /// evaluation that would add more than `most` components to its table.
    pub fn bounded(mut self, most: usize, what: &'static str) -> Evaluator<G> {
        let before = self.table.len();
        self.bound = Some(Bound { most, what, before });
        self
    }

    /// An evaluator with the table the last one of its type left in `store`
    /// ([`Evaluator::keep_in`]).
    pub(crate) fn in_store(store: &mut Store) -> Evaluator<G>
    where
        G: Send + 'static,
    {
        Evaluator {
            table: store.take_table(),
            bound: None,
        }
    }

    /// Leaves the table in `store` for the next evaluator of this ruleset.
    pub(crate) fn keep_in(self, store: &mut Store)
    where
        G: Send + 'static,
    {
        let positions = self.table.len();
        store.keep_table(self.table, positions);
    }

    /// How many components are in the transposition table.
    pub fn positions_seen(&self) -> usize {
        self.table.len()
    }

    /// The canonical form of a position: the sum of its components' canonical forms.
    pub fn canonical_form(&mut self, store: &mut Store, position: &G) -> GameId {
        let mut total = store.zero();
        for component in position.components() {
            let value = self.component_value(store, &component);
            total = store.add(total, value);
        }
        total
    }

    fn component_value(&mut self, store: &mut Store, component: &G) -> GameId {
        if let Some(&id) = self.table.get(component) {
            return id;
        }
        if store.stop_requested() {
            // A placeholder, never cached: the caller discards the whole evaluation.
            return store.zero();
        }
        if let Some(bound) = &self.bound {
            if self.table.len() - bound.before >= bound.most {
                let size = format!("at least {}", bound.most + 1);
                store.refuse(PartizanError::too_large(bound.what, size, bound.most));
                return store.zero();
            }
        }
        if let Some(id) = component.known_value(store) {
            self.table.insert(component.clone(), id);
            return id;
        }
        let left: Vec<GameId> = component
            .left_moves()
            .iter()
            .map(|p| self.canonical_form(store, p))
            .collect();
        let right: Vec<GameId> = component
            .right_moves()
            .iter()
            .map(|p| self.canonical_form(store, p))
            .collect();
        let id = store.construct(&left, &right);
        if store.stop_requested() {
            return id;
        }
        store.count_position();
        self.table.insert(component.clone(), id);
        id
    }
}

/// The canonical form of a position, with the transposition table the store keeps for its
/// ruleset.
pub fn value_of<G: PartizanGame + Send + 'static>(store: &mut Store, position: &G) -> GameId {
    let mut evaluator = Evaluator::in_store(store);
    let value = evaluator.canonical_form(store, position);
    evaluator.keep_in(store);
    value
}

/// [`value_of`] refused as too large (naming `what`) past `most` new components: for games
/// whose size no reading of their notation bounds.
pub fn bounded_value_of<G: PartizanGame + Send + 'static>(
    store: &mut Store,
    position: &G,
    most: usize,
    what: &'static str,
) -> Result<GameId, PartizanError> {
    store.within_budget(|store| {
        let mut evaluator = Evaluator::in_store(store).bounded(most, what);
        let value = evaluator.canonical_form(store, position);
        evaluator.keep_in(store);
        Ok(value)
    })
}

/// A position's value and every move of each player, in words, with the transposition table
/// the store keeps for its ruleset.
pub fn moves_of_position<G: PartizanGame + moves::Described + Send + 'static>(
    store: &mut Store,
    position: &G,
) -> Result<moves::PositionMoves, PartizanError> {
    let mut evaluator = Evaluator::in_store(store);
    let moves = moves::position_moves(store, position, |store, p| {
        evaluator.canonical_form(store, p)
    });
    evaluator.keep_in(store);
    moves
}

/// Checks a board or position size against a documented limit before any work is done.
pub fn check_size(what: &str, size: usize, limit: usize) -> Result<(), PartizanError> {
    if size > limit {
        return Err(PartizanError::too_large(what, size, limit));
    }
    Ok(())
}
