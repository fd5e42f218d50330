//! Who wins a position of any ruleset with a decomposition ([`PartizanGame`]), by a search
//! that mixes play with combinatorial game theory: the position is a sum of components, each
//! small component is replaced by its canonical form (all of them added into one game of
//! the store), and only the big components are searched move by move.
//!
//! A search state is therefore `big components + one short game`, with the player to move.
//! Its outcome needs no search once every component is small: the store's game alone says
//! who wins. Moves are those of the big components (by the rules) and the canonical options
//! of the store's game, which is exact because a sum's outcome depends on each part only
//! through its value.
//!
//! What counts as small is read off the component's own game tree: a component whose tree
//! (counted with repetitions, options split into their components) has at most
//! [`SMALL_COMPONENT`] positions is valued, and one with [`MANY_MOVES`] moves or more is
//! searched at once; the count saturates past the bound and is remembered for every
//! component it meets, so each is sized once ([`Search::facts_keyed`]).
//!
//! Children are built in one of two ways. Usually all are built first: a child already
//! known to lose for the opponent (decided by the store, or in the transposition table) is
//! taken before any search, and the rest are ordered to prefer moves that leave the mover
//! the most moves and the opponent the fewest (mobility, counted while sizing). Where the
//! ruleset counts moves without building them and the mover has many ([`LAZY_FROM`]),
//! each child is built only when its turn comes, best first by the moves each option
//! leaves: building a child (splitting, sizing and valuing its components) then costs more
//! than the look-ahead saves.
//!
//! A long search can be stopped and resumed ([`winner_resuming`]): the states whose search
//! took at least a given number of positions are settled under a key that is the same in
//! every run, a 128-bit hash of the state written out (each big component's `eval`
//! expression, in the order of their text, and the small ones' value by the structure of
//! its canonical form, never by the store's ids).
//!
//! One core: the store is not shared. [`crate::outcome::domineering`] is the many-core
//! bitboard search for Domineering; this one serves every ruleset, Domineering included
//! (its oracle tests compare the two).

use std::hash::{BuildHasher, Hash, Hasher};
use std::ops::ControlFlow;

use conway_core::{Progress, Work};
use rustc_hash::{FxBuildHasher, FxHashMap};
use xxhash_rust::xxh3::xxh3_128;

use super::{each_start, mover_wins, Ledger, MoveResult, Resume, Resumed, Start, WinnerReport};
use crate::moves::Described;
use crate::{Evaluator, PartizanGame};
use conway_partizan::{GameId, PartizanError, Player, Store};

/// The positions searched when no budget is given.
pub const DEFAULT_RULESET_BUDGET: u64 = 1 << 26;

/// The largest game tree (positions counted with repetitions) of a component valued by its
/// canonical form instead of searched. Larger bounds search fewer positions but pay more
/// for values and for sizing: on 4 × 5 Clobber, 0 (search only) takes 134 thousand
/// positions and 3.4 s, 64 takes 68 thousand and 2.8 s, 1024 takes 32 thousand and 4.3 s.
pub const SMALL_COMPONENT: u32 = 64;

/// A component with at least this many moves (both players' together) is searched without
/// being sized: sizing descends through its options, and most components with this many
/// moves are big anyway. With 16 (a quarter of [`SMALL_COMPONENT`]) sizing took most of
/// the time on Sheep; with 4, Sheep 5 × 7 boards of MCGS's corpus took 0.2–0.3 s instead
/// of 1.6–3 s (twice the positions), Toads and Frogs strips and Clobber as before.
pub const MANY_MOVES: u32 = 4;

/// A state whose player to move has at least this many moves in its big components, all
/// of which count their moves without building them ([`PartizanGame::move_counts`]), is
/// searched lazily: each child is built (split, sized, valued) only when its turn comes,
/// best first by the moves each option leaves ([`Search::wins_lazily`]). Otherwise every
/// child is built first, so that one the table already knows lost for the opponent ends
/// the search at once, and the rest are ordered by mobility. Building children costs most
/// where moves are many and the first ones often win (Sheep: 0.3 s lazily against 1.6 s);
/// ordering and the table's look-ahead pay where moves are few (Toads and Frogs strips:
/// twice the positions in the ruleset's order), and wherever a lazy state could not order
/// its options (NoGo strips of MCGS's corpus: 13 thousand positions eagerly, 230 thousand
/// lazily in the ruleset's order; a 3 × 8 Clobber board 676 against 877 thousand). 8 was
/// best of 0–16 on Sheep and the Toads and Frogs strips.
pub const LAZY_FROM: u32 = 8;

/// The most entries the transposition table and the table of component values each hold;
/// past it a table starts afresh (a bound on memory at the price of work done again).
/// Entries hold whole boards, so a search of a position written in `n` characters remembers
/// at most [`REMEMBERED_BYTES`] / `n` of them, and never fewer than [`MIN_REMEMBERED`]. The
/// component facts have about as many slots, 16 bytes each ([`FactsCache`]).
const MAX_REMEMBERED: usize = 1 << 20;
const REMEMBERED_BYTES: usize = 1 << 27;
const MIN_REMEMBERED: usize = 1 << 10;

/// The stack kept in hand when the search recurses (more than the store's own reserve,
/// so that arithmetic under the search never finds the stack short), and how much more to
/// take when it runs low.
const STACK_MARGIN: usize = conway_partizan::stack::STACK_RESERVE + (64 << 10);
const STACK_GROWTH: usize = 4 << 20;

/// How many positions pass between two reports to the progress hook.
const REPORT_EVERY: u64 = 1 << 12;

/// What the search knows of a component without its value.
#[derive(Clone, Copy)]
struct Facts {
    /// Its game tree's positions, up to [`SMALL_COMPONENT`] + 1 (more).
    size: u32,
    /// Left's and Right's numbers of moves.
    left_moves: u32,
    right_moves: u32,
}

/// Component facts by the component's 64-bit hash, one slot per hash (a later component
/// takes the slot of an earlier one): a lookup is one memory access, with no board compared
/// square by square, and no entry stores a board. Neither a lost entry nor a collision
/// changes a verdict: facts decide only how a component is treated (valued or searched,
/// both exact) and the order of moves.
struct FactsCache {
    /// Each slot: the key with its lowest bit set (0: empty), and the facts packed
    /// ([`FactsCache::pack`]).
    slots: Vec<[u64; 2]>,
    /// How far a key is shifted to give its slot.
    shift: u32,
}

impl FactsCache {
    /// Room for about `entries` components (a power of two at least that), taken from the
    /// system only as slots are written.
    fn new(entries: usize) -> FactsCache {
        let slots = entries.next_power_of_two().max(2);
        FactsCache {
            slots: vec![[0; 2]; slots],
            shift: 64 - slots.trailing_zeros(),
        }
    }

    /// The slot from the key's bits mixed upwards: a key from `FxHasher` has its best
    /// bits in the middle (it ends with a rotation), and a short component's key varies
    /// little in its top bits (on Toads and Frogs strips, the top bits alone tripled the
    /// components sized again).
    fn slot(&self, key: u64) -> usize {
        usize::try_from(key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> self.shift).unwrap_or(0)
    }

    fn get(&self, key: u64) -> Option<Facts> {
        let [stored, facts] = self.slots[self.slot(key)];
        (stored == key | 1).then(|| FactsCache::unpack(facts))
    }

    fn insert(&mut self, key: u64, facts: Facts) {
        let slot = self.slot(key);
        self.slots[slot] = [key | 1, FactsCache::pack(facts)];
    }

    /// The size in the low 32 bits, then the numbers of moves, 16 bits each (more moves
    /// than that read as 65,535: they only order moves).
    fn pack(facts: Facts) -> u64 {
        let moves = |n: u32| u64::from(u16::try_from(n).unwrap_or(u16::MAX));
        u64::from(facts.size) | moves(facts.left_moves) << 32 | moves(facts.right_moves) << 48
    }

    fn unpack(packed: u64) -> Facts {
        let bits = |from: u32, width: u32| (packed >> from) & ((1 << width) - 1);
        Facts {
            size: bits(0, 32) as u32,
            left_moves: bits(32, 16) as u32,
            right_moves: bits(48, 16) as u32,
        }
    }
}

/// A position of the search: the big components (in a fixed order, each with its hash),
/// the sum of the small ones' values, and who moves.
#[derive(Clone)]
struct State<G> {
    big: Vec<(u64, G)>,
    rest: GameId,
    left_to_move: bool,
    /// Left's and Right's moves in the big components, from their facts: how moves are
    /// ordered. Determined by `big`, so left out of equality and hashing.
    mobility: [u32; 2],
    /// The state's hash, from its components' hashes (worked out once: the table is
    /// probed with it for every child, and hashing a board square by square was a fifth of
    /// the search's time on Clobber).
    hash: u64,
}

impl<G> State<G> {
    /// The hash of a state with these components (their hashes, in order), rest and mover.
    fn hash_of(big: &[(u64, G)], rest: GameId, left_to_move: bool) -> u64 {
        let mut hasher = FxBuildHasher.build_hasher();
        for (key, _) in big {
            hasher.write_u64(*key);
        }
        rest.hash(&mut hasher);
        hasher.write_u8(u8::from(left_to_move));
        hasher.finish()
    }
}

impl<G: PartialEq> PartialEq for State<G> {
    fn eq(&self, other: &Self) -> bool {
        self.hash == other.hash
            && self.rest == other.rest
            && self.left_to_move == other.left_to_move
            && self.big == other.big
    }
}

impl<G: Eq> Eq for State<G> {}

impl<G> std::hash::Hash for State<G> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// A component's hash: how the facts cache and a state's hash know it.
fn component_key<G: Hash>(component: &G) -> u64 {
    FxBuildHasher.hash_one(component)
}

/// The bounds that decide how components and states are treated; every choice gives the
/// same verdicts (the tests search with others), only the work differs.
#[derive(Clone, Copy, Debug)]
struct Tuning {
    /// The largest game tree of a component valued instead of searched ([`SMALL_COMPONENT`]).
    small: u32,
    /// The moves from which a component is searched without sizing ([`MANY_MOVES`]).
    many_moves: u32,
    /// The mover's moves from which a state is searched lazily ([`LAZY_FROM`]).
    lazy_from: u32,
    /// Whether a state is searched lazily also where the ruleset does not count moves, so
    /// that its options come in the ruleset's order (never, by default: see [`LAZY_FROM`]).
    lazy_unordered: bool,
}

/// The bounds the search runs with.
const TUNING: Tuning = Tuning {
    small: SMALL_COMPONENT,
    many_moves: MANY_MOVES,
    lazy_from: LAZY_FROM,
    lazy_unordered: false,
};

/// Why a search ended without an answer.
enum Halt {
    Budget,
    Stopped,
    /// A line of play longer than [`MAX_PLAY_LENGTH`] moves: a game that long, or one whose
    /// play goes round a cycle (a ruleset from outside may be loopy).
    TooLong,
}

/// The most moves in one line of play the search follows. Every built-in ruleset's plays are
/// far shorter (a board of [`crate::MAX_SEARCHED_SQUARES`] squares); a ruleset given from
/// outside may have plays that never end, which would otherwise recurse without bound.
pub const MAX_PLAY_LENGTH: usize = 1 << 16;

struct Search<'a, G: PartizanGame> {
    store: &'a mut Store,
    evaluator: Evaluator<G>,
    facts: FactsCache,
    table: FxHashMap<State<G>, bool>,
    nodes: u64,
    budget: u64,
    /// How components and states are treated.
    tuning: Tuning,
    /// The most entries of each table.
    remember: usize,
    progress: &'a dyn Progress,
    /// The states settled at some cost ([`Resume`]).
    ledger: Ledger<'a>,
    /// Whether an earlier run settled anything (else no state's key is worked out before
    /// its search).
    resuming: bool,
    /// The keys of the small components' values ([`Search::value_key`]), by id.
    value_keys: FxHashMap<GameId, u128>,
    /// How many moves deep the search is.
    depth: usize,
}

/// Who wins `position` of the ruleset `game` (written `notation` in the report) when each
/// player starts, searching at most the asked budget of positions
/// ([`DEFAULT_RULESET_BUDGET`] when `None`); asked for every move, the result of each first
/// move. The store holds the small components' values and is under its own budget of
/// arithmetic.
pub fn winner<G: PartizanGame + Described>(
    store: &mut Store,
    (game, notation): (&str, String),
    position: &G,
    ask: Ask,
) -> Result<WinnerReport, PartizanError> {
    winner_resuming(store, (game, notation), position, ask, Resume::afresh()).0
}

/// [`winner`], starting from what `resume` says an earlier search of the same position
/// settled and telling it of each addition; returns the answer and all that is settled, also
/// when the search was stopped or ran out of budget (to be saved for the next run).
pub fn winner_resuming<G: PartizanGame + Described>(
    store: &mut Store,
    (game, notation): (&str, String),
    position: &G,
    ask: Ask,
    resume: Resume<'_>,
) -> Resumed {
    winner_valuing(store, (game, notation), position, ask, TUNING, resume)
}

/// [`winner_resuming`] with the bounds `tuning` (the tests also search with none valued,
/// with few, and with every state built lazily or eagerly).
fn winner_valuing<G: PartizanGame + Described>(
    store: &mut Store,
    (game, notation): (&str, String),
    position: &G,
    Ask {
        every_move,
        budget,
        progress,
        first,
    }: Ask,
    tuning: Tuning,
    resume: Resume<'_>,
) -> Resumed {
    store.begin_evaluation();
    let remember = (REMEMBERED_BYTES / position.expression().len().max(1))
        .clamp(MIN_REMEMBERED, MAX_REMEMBERED);
    let mut search = Search {
        store,
        evaluator: Evaluator::new(),
        facts: FactsCache::new(remember),
        table: FxHashMap::default(),
        nodes: 0,
        budget: budget.unwrap_or(DEFAULT_RULESET_BUDGET),
        tuning,
        remember,
        progress,
        resuming: !resume.settled.positions.is_empty(),
        ledger: Ledger::new(resume),
        value_keys: FxHashMap::default(),
        depth: 0,
    };
    let answer = each_start(first, |starter| search.start(position, starter, every_move));
    let (nodes, budget) = (search.nodes, search.budget);
    let settled = search.ledger.into_settled();
    let stop = store.take_stop_request();
    let starts = match (answer, stop) {
        (_, Some(stop)) => return (Err(stop), settled),
        (Ok(answer), None) => answer,
        (Err(Halt::Budget), None) => {
            let error = PartizanError::too_large(
                format!("positions searched for the winner of a {game} position"),
                nodes,
                budget,
            );
            return (Err(error), settled);
        }
        (Err(Halt::Stopped), None) => return (Err(PartizanError::Interrupted), settled),
        (Err(Halt::TooLong), None) => {
            let error = PartizanError::too_large(
                format!("moves in a line of play of a {game} position (or play that never ends)"),
                format!("more than {MAX_PLAY_LENGTH}"),
                MAX_PLAY_LENGTH,
            );
            return (Err(error), settled);
        }
    };
    let report = WinnerReport::of(game, notation, starts, nodes);
    (Ok(report), settled)
}

/// What a search of a ruleset position is asked: whether to judge every first move, its
/// budget of positions (the search's default when `None`), the progress hook, and which
/// players' starts to answer for.
#[derive(Clone, Copy)]
pub struct Ask<'a> {
    /// Judge every first move, not only until a winning one is found.
    pub every_move: bool,
    /// The most positions to search.
    pub budget: Option<u64>,
    /// Told of the work now and then; may stop it.
    pub progress: &'a dyn Progress,
    /// Answer only when this player moves first (`None`: for each player).
    pub first: Option<Player>,
}

impl<G: PartizanGame + Described> Search<'_, G> {
    /// Who wins when `starter` moves first, and with which first moves: the first winning
    /// one in the search's order, or every move's result in the ruleset's order.
    fn start(&mut self, position: &G, starter: Player, every_move: bool) -> Result<Start, Halt> {
        let mut moves = Vec::new();
        for (description, after) in position.described_moves(starter) {
            let to = after.expression();
            let next = starter.opponent().is_left();
            let child = self.state_of(
                (Vec::new(), [0; 2]),
                self.store.zero(),
                after.components(),
                next,
            )?;
            moves.push((description, to, child));
        }
        if !every_move {
            moves.sort_by_cached_key(|(_, _, child)| std::cmp::Reverse(Self::score(child)));
        }
        let mut results = Vec::new();
        let mut winning = Vec::new();
        for (description, to, child) in moves {
            if !every_move && !winning.is_empty() {
                break;
            }
            let result = MoveResult {
                description,
                to,
                wins: !self.wins(child)?,
            };
            if result.wins {
                winning.push(result.clone());
            }
            results.push(result);
        }
        Ok(Start::found(
            starter,
            winning,
            every_move.then_some(results),
        ))
    }

    /// The state with `big` (whose moves are `mobility`) and `rest` and the components
    /// `parts` added (a small one into `rest`), `left` to move.
    fn state_of(
        &mut self,
        (mut big, mut mobility): (Vec<(u64, G)>, [u32; 2]),
        mut rest: GameId,
        parts: Vec<G>,
        left: bool,
    ) -> Result<State<G>, Halt> {
        for part in parts {
            let key = component_key(&part);
            let facts = (!part.valued_at_once()).then(|| self.facts_keyed(key, &part));
            if let Some(facts) = facts.filter(|facts| facts.size > self.tuning.small) {
                mobility[0] = mobility[0].saturating_add(facts.left_moves);
                mobility[1] = mobility[1].saturating_add(facts.right_moves);
                big.push((key, part));
            } else {
                if self.evaluator.positions_seen() >= self.remember {
                    self.evaluator = Evaluator::new();
                }
                let value = self.evaluator.canonical_form(self.store, &part);
                rest = self.store.add(rest, value);
                if self.store.stop_requested() {
                    return Err(Halt::Stopped);
                }
            }
        }
        big.sort_unstable_by_key(|(key, _)| *key);
        let hash = State::hash_of(&big, rest, left);
        Ok(State {
            big,
            rest,
            left_to_move: left,
            mobility,
            hash,
        })
    }

    /// The size and mobility of a component whose hash is `key` ([`component_key`]),
    /// remembered. The size is exact up to [`Tuning::small`] and `small + 1` past it, whatever the component is asked for, so
    /// that every component counted on the way is remembered and counted once: sizing a
    /// component descends its first options until they are small, and the components met on
    /// the way are met again by the search and by the sizing of its siblings. (Counting
    /// each option against what its parent had left instead kept few counts, and sizing
    /// took 26 components for each searched position on Toads and Frogs strips.) A
    /// component with [`MANY_MOVES`] moves or more is big at once: a huge board costs one
    /// look at its moves, not a descent through its game, and a board with many moves is
    /// not sized through its first options (see [`MANY_MOVES`]). Either way round the
    /// answer is exact: sizing only chooses between valuing and searching.
    fn facts_keyed(&mut self, key: u64, component: &G) -> Facts {
        self.facts_below(key, component, 0).0
    }

    /// [`Search::facts_keyed`] for a component `depth` options below the one being sized,
    /// and whether the count is exact. The descent stops `small` levels down (a ruleset
    /// from outside may go round a cycle): a component there counts as big without being
    /// remembered, nor is any count it changed, except at the top, whose tree then has a
    /// line of more than `small` positions and so is big indeed.
    fn facts_below(&mut self, key: u64, component: &G, depth: u32) -> (Facts, bool) {
        if let Some(facts) = self.facts.get(key) {
            return (facts, true);
        }
        let small = self.tuning.small;
        let big = small.saturating_add(1);
        // The moves are built once, and not at all when the ruleset counts them and the
        // count alone decides.
        let mut built = None;
        let [left, right] = component.move_counts().unwrap_or_else(|| {
            let options = [component.left_moves(), component.right_moves()];
            let counts = options.each_ref().map(Vec::len);
            built = Some(options);
            counts
        });
        let moves = left.saturating_add(right);
        let (mut size, mut exact) = (1u32, true);
        if depth > small {
            (size, exact) = (big, false);
        } else if u32::try_from(moves).map_or(true, |m| m >= self.tuning.many_moves) {
            size = big;
        } else {
            let options =
                built.unwrap_or_else(|| [component.left_moves(), component.right_moves()]);
            'count: for option in options.iter().flatten() {
                for part in option.components() {
                    let (part_facts, part_exact) =
                        stacker::maybe_grow(STACK_MARGIN, STACK_GROWTH, || {
                            self.facts_below(component_key(&part), &part, depth + 1)
                        });
                    size = size.saturating_add(part_facts.size);
                    exact &= part_exact;
                    if size > small {
                        break 'count;
                    }
                }
            }
        }
        let facts = Facts {
            size: size.min(big),
            left_moves: u32::try_from(left).unwrap_or(u32::MAX),
            right_moves: u32::try_from(right).unwrap_or(u32::MAX),
        };
        if exact || depth == 0 {
            self.facts.insert(key, facts);
        }
        (facts, exact)
    }

    /// How good a state is for the player who just moved into it: their moves in the big
    /// components less the moves of the player to move.
    fn score(state: &State<G>) -> i64 {
        let [left, right] = state.mobility.map(i64::from);
        if state.left_to_move {
            right - left
        } else {
            left - right
        }
    }

    /// The states the player to move can reach.
    fn children(&mut self, state: &State<G>) -> Result<Vec<State<G>>, Halt> {
        let mut children = Vec::new();
        for i in 0..state.big.len() {
            let (options, others) = self.options_in(state, i);
            for option in options {
                children.push(self.after(state, i, others, option)?);
            }
        }
        children.extend(self.after_rest(state));
        Ok(children)
    }

    /// The mover's options in the big component `i`, and the mobility of the others.
    fn options_in(&mut self, state: &State<G>, i: usize) -> (Vec<G>, [u32; 2]) {
        let (key, component) = &state.big[i];
        let options = if state.left_to_move {
            component.left_moves()
        } else {
            component.right_moves()
        };
        let facts = self.facts_keyed(*key, component);
        let others = [
            state.mobility[0].saturating_sub(facts.left_moves),
            state.mobility[1].saturating_sub(facts.right_moves),
        ];
        (options, others)
    }

    /// The state after the mover plays to `option` in the big component `i` (`others`: the
    /// mobility of the other big components).
    fn after(
        &mut self,
        state: &State<G>,
        i: usize,
        others: [u32; 2],
        option: G,
    ) -> Result<State<G>, Halt> {
        let big = (state.big.iter().enumerate())
            .filter(|&(j, _)| j != i)
            .map(|(_, keyed)| keyed.clone())
            .collect();
        let left = state.left_to_move;
        self.state_of((big, others), state.rest, option.components(), !left)
    }

    /// The states after the mover's moves in the sum of the small components.
    fn after_rest(&mut self, state: &State<G>) -> Vec<State<G>> {
        let left = state.left_to_move;
        let rest_options = if left {
            self.store.left_options(state.rest)
        } else {
            self.store.right_options(state.rest)
        };
        rest_options
            .into_iter()
            .map(|rest| State {
                big: state.big.clone(),
                rest,
                left_to_move: !left,
                mobility: state.mobility,
                hash: State::hash_of(&state.big, rest, !left),
            })
            .collect()
    }

    /// What is known of a state without searching it: decided by the store once nothing is
    /// big, or remembered.
    fn known(&self, state: &State<G>) -> Option<bool> {
        if state.big.is_empty() {
            return Some(mover_wins(
                self.store.outcome(state.rest),
                Player::left_if(state.left_to_move),
            ));
        }
        self.table.get(state).copied()
    }

    /// Whether the player to move wins `state`.
    fn wins(&mut self, state: State<G>) -> Result<bool, Halt> {
        if let Some(known) = self.known(&state) {
            return Ok(known);
        }
        if self.resuming {
            let key = self.settled_key(&state);
            if let Some(proof) = self.ledger.proof(key, state.left_to_move) {
                self.remember(state, proof.wins);
                return Ok(proof.wins);
            }
        }
        let before = self.nodes;
        self.count_node()?;
        if self.depth >= MAX_PLAY_LENGTH {
            return Err(Halt::TooLong);
        }
        let mover_moves = state.mobility[usize::from(!state.left_to_move)];
        let lazily = mover_moves >= self.tuning.lazy_from
            && (self.tuning.lazy_unordered
                || state.big.iter().all(|(_, g)| g.move_counts().is_some()));
        let wins = if lazily {
            self.wins_lazily(&state)?
        } else {
            self.wins_eagerly(&state)?
        };
        let work = self.nodes - before;
        if self.ledger.keeps(work) {
            let key = self.settled_key(&state);
            self.ledger.settle(key, state.left_to_move, wins, work);
        }
        self.remember(state, wins);
        Ok(wins)
    }

    /// Whether the player to move wins `state`, every child built before any is searched:
    /// a child the opponent is known to lose ends the search at once, and the others are
    /// tried best first by mobility.
    fn wins_eagerly(&mut self, state: &State<G>) -> Result<bool, Halt> {
        let mut children = self.children(state)?;
        if children.iter().any(|c| self.known(c) == Some(false)) {
            return Ok(true);
        }
        children.sort_by_cached_key(|child| std::cmp::Reverse(Self::score(child)));
        for child in children {
            if !self.child_wins(child)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether the player to move wins `state`, each child built only when its turn comes:
    /// component by component, each one's options best first by the moves they leave the
    /// mover less the opponent's when the ruleset counts moves without building them
    /// ([`PartizanGame::move_counts`]), else in the ruleset's order. (On a Sheep board of
    /// MCGS's corpus the ruleset's order took 5.2 million positions and 24 s, this order 43
    /// thousand and 0.14 s.)
    fn wins_lazily(&mut self, state: &State<G>) -> Result<bool, Halt> {
        let left = state.left_to_move;
        for i in 0..state.big.len() {
            let (options, others) = self.options_in(state, i);
            // Each option's mover's moves less the opponent's, when the ruleset counts them
            // (else all alike: the sort is stable, so the ruleset's order stays).
            let leaves: Option<Vec<i64>> = options
                .iter()
                .map(|o| {
                    let [l, r] = o.move_counts()?.map(|n| n as i64);
                    Some(if left { l - r } else { r - l })
                })
                .collect();
            let mut options: Vec<(i64, G)> =
                (leaves.unwrap_or_else(|| vec![0; options.len()]).into_iter())
                    .zip(options)
                    .collect();
            options.sort_by_key(|(leaves, _)| std::cmp::Reverse(*leaves));
            for (_, option) in options {
                let child = self.after(state, i, others, option)?;
                if !self.child_wins(child)? {
                    return Ok(true);
                }
            }
        }
        for child in self.after_rest(state) {
            if !self.child_wins(child)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether the player to move wins `child`, one move deeper.
    fn child_wins(&mut self, child: State<G>) -> Result<bool, Halt> {
        self.depth += 1;
        let wins = stacker::maybe_grow(STACK_MARGIN, STACK_GROWTH, || self.wins(child));
        self.depth -= 1;
        wins
    }

    /// Puts a state's verdict in the transposition table (the state itself: its search is
    /// over, and a copy would cost an allocation for each component).
    fn remember(&mut self, mut state: State<G>, wins: bool) {
        if self.table.len() >= self.remember {
            self.table.clear();
        }
        // Kept for long: without the room it grew with.
        state.big.shrink_to_fit();
        self.table.insert(state, wins);
    }

    /// The state's key among the settled ones: the same in every run of the same build
    /// and the next, since it is worked out from what the state is, not from ids.
    fn settled_key(&mut self, state: &State<G>) -> u128 {
        let mut parts: Vec<String> = state.big.iter().map(|(_, g)| g.expression()).collect();
        parts.sort_unstable();
        let mut text = parts.join(" + ");
        if state.rest != self.store.zero() {
            text.push_str(&format!(" + {:032x}", self.value_key(state.rest)));
        }
        xxh3_128(text.as_bytes())
    }

    /// A key of a canonical form made from its structure: a number-up-star value by its
    /// parts, any other form by the keys of its options, each side's in the order of the
    /// keys (a store's ids, and so their order, differ from run to run). Walked without
    /// recursion, each form once: a sum's canonical form shares its subgames, and written
    /// out as a tree it could be exponentially long.
    fn value_key(&mut self, g: GameId) -> u128 {
        if self.value_keys.len() >= self.remember {
            self.value_keys.clear();
        }
        let mut pending = vec![g];
        while let Some(&top) = pending.last() {
            if self.value_keys.contains_key(&top) {
                pending.pop();
                continue;
            }
            if let Some(n) = self.store.as_nus(top) {
                let text = format!("nus {} {} {}", n.number, n.ups, n.nimber);
                self.value_keys.insert(top, xxh3_128(text.as_bytes()));
                pending.pop();
                continue;
            }
            let (left, right) = self.store.options(top);
            let unknown: Vec<GameId> = left
                .iter()
                .chain(&right)
                .copied()
                .filter(|o| !self.value_keys.contains_key(o))
                .collect();
            if !unknown.is_empty() {
                pending.extend(unknown);
                continue;
            }
            let side = |options: &[GameId]| {
                let mut keys: Vec<u128> = options.iter().map(|o| self.value_keys[o]).collect();
                keys.sort_unstable();
                keys
            };
            let (left, right) = (side(&left), side(&right));
            let mut bytes = Vec::with_capacity(16 * (left.len() + right.len()) + 16);
            bytes.extend_from_slice(&(left.len() as u64).to_le_bytes());
            bytes.extend_from_slice(&(right.len() as u64).to_le_bytes());
            for key in left.iter().chain(&right) {
                bytes.extend_from_slice(&key.to_le_bytes());
            }
            self.value_keys.insert(top, xxh3_128(&bytes));
            pending.pop();
        }
        self.value_keys[&g]
    }

    /// Counts a searched position against the budget, and now and then asks the progress
    /// hook whether to go on.
    fn count_node(&mut self) -> Result<(), Halt> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(Halt::Budget);
        }
        if self.store.stop_requested() {
            return Err(Halt::Stopped);
        }
        if self.nodes.is_multiple_of(REPORT_EVERY)
            && self.progress.report(Work::open(self.nodes, "positions")) == ControlFlow::Break(())
        {
            return Err(Halt::Stopped);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
