//! The canonical-form store: every canonical short game gets one integer id.
//!
//! Games are hash-consed: a canonical form is stored once, so two games are equal exactly
//! when their ids are equal. A record is either a number-up-star value ([`Nus`], kept in
//! closed form, with its options derived on demand) or the sorted id lists of its canonical
//! Left and Right options. Sums and negatives are cached, and so are the comparisons deep
//! inside a recursion that took some work ([`compare`]); the private `records` module lays
//! the forms out. The tables of ruleset evaluators are kept here between evaluations, since
//! their ids belong to this store.
//!
//! Recursion depth follows the birthdays of the games involved; callers that build very deep
//! games should run on a thread with a large stack (the CLI does).

mod arith;
pub use arith::{number_product, MAX_COPIES, MAX_POWER_BITS};
mod birthday;
pub mod compare;
mod construct;
pub mod nus;
mod records;
mod stops;
pub mod uptimal;

use rustc_hash::FxHashMap as HashMap;

use conway_numbers::Dyadic;

pub use nus::Nus;
pub use uptimal::Uptimal;

/// The id of a canonical short game in a [`Store`]. Equal ids mean equal games.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct GameId(u32);

impl GameId {
    /// The position of the record, for tables indexed by id.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Number-up-star values whose options are interned with them: small enough that the options
/// (all number-up-star values again) are few, and worth it because comparisons walk them.
const INTERNED_NUS_OPTIONS: u64 = 1024;

/// The store of canonical forms, with the operation caches.
pub struct Store {
    /// Every form: a number-up-star value (kept in closed form; its canonical options follow
    /// from [`Nus::canonical_options`] and are listed with it for small infinitesimal parts,
    /// never for numbers, whose options comparisons skip), or the sorted, duplicate-free ids
    /// of its canonical options.
    records: records::Records,
    nus_index: HashMap<Nus, GameId>,
    sums: HashMap<(GameId, GameId), GameId>,
    birthdays: HashMap<GameId, num_bigint::BigUint>,
    /// Uptimal expansions found so far (`None`: not an uptimal), for non-nus games.
    uptimals: HashMap<GameId, Option<Uptimal>>,
    /// ↑ⁿ at index n − 1, and ↑ + … + ↑ⁿ likewise.
    up_powers: Vec<GameId>,
    up_power_sums: Vec<GameId>,
    /// Settled comparisons G ≤ H of stored forms that needed the recursion: without them,
    /// comparing deep games whose followers share subgames (a partizan subtraction heap's
    /// value has the smaller heaps' values all through it) takes exponential time. A `RefCell`,
    /// since comparisons take `&self`; emptied when it reaches [`MAX_CACHED_COMPARISONS`].
    comparisons: std::cell::RefCell<HashMap<(GameId, GameId), bool>>,
    /// How deep the comparison under way has recursed.
    comparison_depth: std::cell::Cell<u32>,
    watch: Watch,
    /// Misère canonical forms of impartial games (`*[2#]`), made on first use.
    misere: Option<Box<conway_misere::MisereStore>>,
    /// The tables of ruleset evaluators, kept between evaluations by the evaluator's type
    /// ([`Store::take_table`]), each with its number of positions: a session that values a
    /// position and then its options (the REPL, a worksheet, Python) finds them valued. The
    /// ids in them never go stale, since a store never forgets a form.
    kept_tables: HashMap<std::any::TypeId, (Box<dyn std::any::Any + Send>, usize)>,
    /// Which store this is ([`Store::identity`]).
    identity: u64,
}

/// The most positions the kept tables of one store may hold together (up to a few hundred
/// MiB, with positions of a few dozen bytes): a table that would pass it alone is dropped,
/// and the others are dropped to make room for the newest.
pub const MAX_KEPT_POSITIONS: usize = 1 << 23;

/// The most comparisons [`Store`] remembers at once (about 24 bytes each).
pub const MAX_CACHED_COMPARISONS: usize = 1 << 20;

/// The progress hook of a store's long evaluations, and whether it asked them to stop.
///
/// Ruleset evaluators recurse without `Result`s (their depth is the game's); after a stop
/// request they return placeholder values quickly, and [`conway_expr::eval::evaluate_text`] turns
/// the request into [`PartizanError::Interrupted`](crate::PartizanError::Interrupted), so no
/// placeholder escapes. The store's own records stay canonical: a placeholder is a real game,
/// only not the one asked for.
///
/// It also counts the steps of game arithmetic (sums, canonical constructions, comparisons)
/// of one evaluation against [`MAX_ARITHMETIC_STEPS`]: sums of many hot games grow
/// exponentially, and past the budget the arithmetic returns placeholders in the same way,
/// which the evaluation turns into [`PartizanError::TooLarge`]. Nothing computed after the
/// budget is spent is cached.
#[derive(Default)]
struct Watch {
    hook: Option<std::sync::Arc<dyn conway_core::Progress + Send>>,
    positions: u64,
    stopped: bool,
    /// Arithmetic steps of the current evaluation (a `Cell`: comparisons take `&self`).
    steps: std::cell::Cell<u64>,
    /// How many evaluations are under way (nested ones share the outermost's budget): the
    /// budget and the hook bind only then, so that a library caller doing arithmetic on a
    /// store of its own is never cut short.
    evaluating: u32,
    /// The step count at which arithmetic next looks at the progress hook.
    next_report: u64,
    /// How many canonical forms the store held when the evaluation began.
    forms_before: usize,
    /// The budget of steps and of new forms, when not the default
    /// ([`MAX_ARITHMETIC_STEPS`], [`MAX_STORED_FORMS`]).
    budget: Option<(u64, usize)>,
    /// Why the arithmetic must wind down, when it must for a reason other than a stop
    /// request: the budget spent, a recursion too deep for the stack, a value past a limit
    /// of the closed forms. The first reason found is kept and answered.
    refusal: std::cell::RefCell<Option<crate::PartizanError>>,
    /// Calls of [`Store::descend`], which reads the stack every [`STACK_READ_EVERY`]th.
    descents: std::cell::Cell<u32>,
}

/// How many positions a ruleset evaluates between two progress reports.
const REPORT_EVERY: u64 = 1 << 10;

/// The largest nimber *m whose m options are listed one by one (x + *m's options are
/// x, x*, …, x*(m−1)): sums, comparisons and products of nimbers use formulas, but a
/// recursion through the options of a nimber as large as nim-products make (up to 2^64 − 1)
/// would not end.
pub const MAX_LISTED_NIMBER_OPTIONS: u64 = 1 << 20;

/// The refusal of a nimber past [`MAX_LISTED_NIMBER_OPTIONS`] whose options are asked for.
fn too_many_nimber_options(m: u64) -> crate::PartizanError {
    crate::PartizanError::too_large(
        "the options of a nimber *m listed one by one (m of them)",
        m,
        MAX_LISTED_NIMBER_OPTIONS,
    )
}

/// The most steps of game arithmetic (sums formed, canonical forms constructed, comparisons
/// made) one evaluation may take: about a minute and a few GiB on one core at worst.
pub const MAX_ARITHMETIC_STEPS: u64 = 1 << 30;

/// The most canonical forms one evaluation may add to its store (each takes a 40-byte record,
/// 4 bytes an option and the caches' entries): the memory side of the same budget.
pub const MAX_STORED_FORMS: usize = 1 << 24;

/// How many arithmetic steps pass between two looks at the progress hook.
const STEPS_BETWEEN_REPORTS: u64 = 1 << 16;

/// [`Store::descend`] reads the stack pointer at one call in this many: reading it cost as
/// much as a comparison step. Each call is at most one level of recursion, and this many
/// levels take a few kilobytes, far less than [`STACK_RESERVE`](crate::stack::STACK_RESERVE).
const STACK_READ_EVERY: u32 = 16;

/// The identity of the next store made.
static NEXT_IDENTITY: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

impl Default for Store {
    fn default() -> Self {
        Store::new()
    }
}

impl Store {
    /// An empty store (holding only 0).
    pub fn new() -> Store {
        let mut store = Store {
            records: records::Records::default(),
            nus_index: HashMap::default(),
            sums: HashMap::default(),
            birthdays: HashMap::default(),
            uptimals: HashMap::default(),
            up_powers: Vec::new(),
            up_power_sums: Vec::new(),
            comparisons: std::cell::RefCell::default(),
            comparison_depth: std::cell::Cell::new(0),
            watch: Watch::default(),
            misere: None,
            kept_tables: HashMap::default(),
            identity: NEXT_IDENTITY.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        };
        store.nus(&Nus::zero());
        store
    }

    /// Which store this is: no two stores of one process share it, so that ids kept
    /// outside a store (a memo of a user's game) are known to be this store's.
    pub fn identity(&self) -> u64 {
        self.identity
    }

    /// Reports the positions that ruleset evaluations count to `hook`, which may ask them to
    /// stop.
    pub fn set_progress(&mut self, hook: std::sync::Arc<dyn conway_core::Progress + Send>) {
        self.watch.hook = Some(hook);
    }

    /// The progress hook, for work that reports on its own (a search of who wins).
    pub fn progress_hook(&self) -> Option<std::sync::Arc<dyn conway_core::Progress + Send>> {
        self.watch.hook.clone()
    }

    /// Removes the progress hook (a session's store outlives each cell's hook).
    pub fn clear_progress(&mut self) {
        self.watch.hook = None;
    }

    /// Counts one position evaluated by a ruleset, telling the hook now and then.
    #[inline]
    pub fn count_position(&mut self) {
        self.watch.positions += 1;
        if self.watch.positions.is_multiple_of(REPORT_EVERY) {
            if let Some(hook) = &self.watch.hook {
                let work = conway_core::Work::open(self.watch.positions, "positions");
                self.watch.stopped |= hook.report(work).is_break();
            }
        }
    }

    /// Counts one step of game arithmetic; says whether the evaluation must wind down (a
    /// stop request, or the budget spent), in which case the caller returns a placeholder
    /// and caches nothing.
    fn arithmetic_step(&self) -> bool {
        self.arithmetic_steps(1)
    }

    /// The arithmetic steps counted so far in this evaluation.
    pub fn watch_steps(&self) -> u64 {
        self.watch.steps.get()
    }

    /// Counts `n` steps of game arithmetic at once, as [`Store::arithmetic_step`] does.
    #[inline]
    pub fn arithmetic_steps(&self, n: u64) -> bool {
        let steps = self.watch.steps.get().saturating_add(n);
        self.watch.steps.set(steps);
        if steps > self.budget().0 && self.watch.evaluating > 0 {
            self.refuse_with(|| self.budget_error());
        }
        !self.descend()
    }

    /// G's options for a recursion that walks them without arithmetic, each option a step
    /// of the evaluation's budget (x + *m has m² options below it, which no sum or
    /// comparison would count); `None` when the evaluation must wind down.
    pub fn options_to_walk(&mut self, g: GameId) -> Option<(Vec<GameId>, Vec<GameId>)> {
        let (left, right) = self.options(g);
        let count = u64::try_from(left.len() + right.len()).unwrap_or(u64::MAX);
        (!self.arithmetic_steps(count)).then_some((left, right))
    }

    /// The error of a spent budget.
    fn budget_error(&self) -> crate::PartizanError {
        let (steps, forms) = self.budget();
        crate::PartizanError::TooLarge {
            what: "the game arithmetic of this expression".into(),
            size: format!(
                "more than {steps} steps (sums, constructions, comparisons) or {forms} new \
                 canonical forms"
            ),
            limit: format!("{steps} steps and {forms} forms"),
        }
    }

    /// Makes the arithmetic wind down, as a spent budget does, and answer `error` (unless
    /// an earlier reason is already kept): for a value past a limit found deep inside the
    /// arithmetic, where no `Result` can carry it.
    pub fn refuse(&self, error: crate::PartizanError) {
        self.refuse_with(|| error);
    }

    fn refuse_with(&self, error: impl FnOnce() -> crate::PartizanError) {
        let mut refusal = self.watch.refusal.borrow_mut();
        if refusal.is_none() {
            *refusal = Some(error());
        }
    }

    /// [`Store::descend`] for recursions that return a `Result`: their error is only a
    /// marker ([`crate::PartizanError::Interrupted`]), which the evaluation replaces with the
    /// reason it keeps.
    pub fn try_descend(&self) -> Result<(), crate::PartizanError> {
        if self.descend() {
            Ok(())
        } else {
            Err(crate::PartizanError::Interrupted)
        }
    }

    /// Whether a recursive computation on games may go one level deeper: false once the
    /// evaluation must wind down (then the caller returns a placeholder at once), and false
    /// — with the evaluation refused as too large — when this thread's stack is nearly
    /// spent. Every recursion over a game's options asks before each level, so that no
    /// input overflows the stack, whatever the thread it runs on.
    #[inline]
    pub fn descend(&self) -> bool {
        if self.stop_requested() {
            return false;
        }
        let descents = self.watch.descents.get().wrapping_add(1);
        self.watch.descents.set(descents);
        if !descents.is_multiple_of(STACK_READ_EVERY) {
            return true;
        }
        // No reading (an unknown platform): the front ends' large stacks must do.
        if stacker::remaining_stack().is_some_and(|left| left < crate::stack::STACK_RESERVE) {
            self.refuse(crate::PartizanError::TooDeep);
            return false;
        }
        true
    }

    /// The budget of one evaluation: arithmetic steps, and canonical forms added.
    pub fn budget(&self) -> (u64, usize) {
        self.watch
            .budget
            .unwrap_or((MAX_ARITHMETIC_STEPS, MAX_STORED_FORMS))
    }

    /// Sets the budget of each later evaluation: at most `steps` arithmetic steps and
    /// `forms` new canonical forms (a front end may want a tighter bound than the default).
    pub fn set_budget(&mut self, steps: u64, forms: usize) {
        self.watch.budget = Some((steps, forms));
    }

    /// Counts an arithmetic step that may look at the progress hook (sums and
    /// constructions, which hold `&mut self`), as [`Store::arithmetic_step`] does.
    fn arithmetic_step_mut(&mut self) -> bool {
        let (_, max_forms) = self.budget();
        let evaluating = self.watch.evaluating > 0;
        if evaluating && self.records.len() - self.watch.forms_before >= max_forms {
            self.refuse_with(|| self.budget_error());
        }
        if self.arithmetic_step() {
            return true;
        }
        // Comparisons advance the count too, so the hook is due once the count has passed
        // the mark, not when it lands on a multiple.
        let steps = self.watch.steps.get();
        if evaluating && steps >= self.watch.next_report {
            self.watch.next_report = steps + STEPS_BETWEEN_REPORTS;
            if let Some(hook) = &self.watch.hook {
                let work = conway_core::Work::open(steps, "steps");
                self.watch.stopped |= hook.report(work).is_break();
            }
        }
        self.watch.stopped
    }

    /// Whether the evaluation must wind down — the hook asked it to stop or its budget is
    /// spent: evaluators and arithmetic then return placeholders at once and cache nothing.
    #[inline]
    pub fn stop_requested(&self) -> bool {
        self.watch.stopped || self.watch.refusal.borrow().is_some()
    }

    /// Runs `work` as one evaluation: under the store's budget of arithmetic steps
    /// ([`MAX_ARITHMETIC_STEPS`]) and its progress hook, answering a spent budget with
    /// [`PartizanError::TooLarge`](crate::PartizanError::TooLarge) and a stop request with
    /// [`PartizanError::Interrupted`](crate::PartizanError::Interrupted).
    pub fn within_budget<T>(
        &mut self,
        work: impl FnOnce(&mut Store) -> Result<T, crate::PartizanError>,
    ) -> Result<T, crate::PartizanError> {
        self.begin_evaluation();
        let value = work(self);
        if let Some(stop) = self.take_stop_request() {
            return Err(stop);
        }
        value
    }

    /// Starts the budget of arithmetic steps afresh for a new evaluation.
    pub fn begin_evaluation(&mut self) {
        if self.watch.evaluating == 0 {
            self.watch.steps.set(0);
            self.watch.next_report = STEPS_BETWEEN_REPORTS;
            self.watch.refusal.take();
            self.watch.forms_before = self.records.len();
        }
        self.watch.evaluating += 1;
    }

    /// Ends an evaluation: clears a stop request or a spent budget once it has been
    /// answered, so the store can be used again, and says which it was.
    pub fn take_stop_request(&mut self) -> Option<crate::PartizanError> {
        self.watch.evaluating = self.watch.evaluating.saturating_sub(1);
        if self.watch.evaluating > 0 {
            // A nested evaluation: the outermost one answers for the budget and the stop.
            return self
                .stop_requested()
                .then_some(crate::PartizanError::Interrupted);
        }
        let stopped = std::mem::take(&mut self.watch.stopped);
        let refusal = self.watch.refusal.take();
        refusal.or(stopped.then_some(crate::PartizanError::Interrupted))
    }

    /// The table an evaluator of type `T` left in the store ([`Store::keep_table`]), or a new
    /// one.
    pub fn take_table<T: Default + Send + 'static>(&mut self) -> T {
        self.kept_tables
            .remove(&std::any::TypeId::of::<T>())
            .and_then(|(table, _)| table.downcast::<T>().ok())
            .map_or_else(T::default, |table| *table)
    }

    /// Keeps an evaluator's table, holding `positions` positions, for the next evaluation by
    /// the same type of evaluator (within [`MAX_KEPT_POSITIONS`] for all kept tables
    /// together). The table must hold only true values of this store's ids: evaluators never
    /// remember a placeholder made after a stop request or a spent budget, so an evaluation
    /// cut short keeps what it had found.
    pub fn keep_table<T: Send + 'static>(&mut self, table: T, positions: usize) {
        if positions > MAX_KEPT_POSITIONS {
            return;
        }
        let others: usize = self.kept_tables.values().map(|(_, n)| n).sum();
        if others + positions > MAX_KEPT_POSITIONS {
            self.kept_tables.clear();
        }
        self.kept_tables
            .insert(std::any::TypeId::of::<T>(), (Box::new(table), positions));
    }

    /// How many canonical forms are stored.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether the store holds nothing but 0 (it always holds 0).
    pub fn is_empty(&self) -> bool {
        self.records.len() <= 1
    }

    /// The game 0.
    #[inline]
    pub fn zero(&self) -> GameId {
        GameId(0)
    }

    /// The id of a number-up-star value.
    pub fn nus(&mut self, value: &Nus) -> GameId {
        if let Some(&id) = self.nus_index.get(value) {
            return id;
        }
        let options = if !value.is_number()
            && value.nimber <= INTERNED_NUS_OPTIONS
            && value.ups.unsigned_abs() <= INTERNED_NUS_OPTIONS
        {
            let (l, r) = value.canonical_options();
            Some((self.nus_ids(&l), self.nus_ids(&r)))
        } else {
            None
        };
        let id = self.records.push_nus(value.clone(), options);
        self.nus_index.insert(value.clone(), id);
        id
    }

    /// The number `x`.
    pub fn number(&mut self, x: Dyadic) -> GameId {
        self.nus(&Nus::number(x))
    }

    /// The integer `n`.
    pub fn integer(&mut self, n: i64) -> GameId {
        self.number(Dyadic::from_integer(n))
    }

    /// The nimber `*m`.
    pub fn nimber(&mut self, m: u64) -> GameId {
        self.nus(&Nus {
            number: Dyadic::zero(),
            ups: 0,
            nimber: m,
        })
    }

    /// `n·↑` (↓ for negative n).
    pub fn up(&mut self, n: i64) -> GameId {
        self.nus(&Nus {
            number: Dyadic::zero(),
            ups: n,
            nimber: 0,
        })
    }
    /// Whether `g` is a nimber *m (0 and * included).
    pub fn is_nimber(&self, g: GameId) -> bool {
        self.as_nimber(g).is_some()
    }

    /// m when `g` is the nimber *m (0 and * included): an impartial game's nim value.
    pub fn as_nimber(&self, g: GameId) -> Option<u64> {
        self.as_nus(g)
            .filter(|v| v.ups == 0 && v.number.is_zero())
            .map(|v| v.nimber)
    }

    /// The value as number + ups + star, if it is one.
    #[inline]
    pub fn as_nus(&self, g: GameId) -> Option<&Nus> {
        self.records.nus(g)
    }

    /// The value as a number, if it is one.
    pub fn as_number(&self, g: GameId) -> Option<&Dyadic> {
        self.as_nus(g).filter(|n| n.is_number()).map(|n| &n.number)
    }

    /// Whether the game is a number.
    pub fn is_number(&self, g: GameId) -> bool {
        self.as_number(g).is_some()
    }

    /// The canonical Left options.
    pub fn left_options(&mut self, g: GameId) -> Vec<GameId> {
        self.options(g).0
    }

    /// The canonical Right options.
    pub fn right_options(&mut self, g: GameId) -> Vec<GameId> {
        self.options(g).1
    }

    /// The canonical Left and Right options.
    pub fn options(&mut self, g: GameId) -> (Vec<GameId>, Vec<GameId>) {
        if let Some((left, right)) = self.records.options(g) {
            return (left.to_vec(), right.to_vec());
        }
        let Some(n) = self.records.nus(g) else {
            unreachable!("only number-up-star values have unlisted options")
        };
        if n.nimber > MAX_LISTED_NIMBER_OPTIONS {
            self.refuse(too_many_nimber_options(n.nimber));
            return (Vec::new(), Vec::new());
        }
        let (l, r) = n.canonical_options();
        // Listing x + *m's options makes m ids: work that loops over the options of many
        // such games (m² for the followers of *m) must count.
        self.arithmetic_steps(u64::try_from(l.len() + r.len()).unwrap_or(u64::MAX));
        (self.nus_ids(&l), self.nus_ids(&r))
    }

    fn nus_ids(&mut self, values: &[Nus]) -> Vec<GameId> {
        let mut ids: Vec<GameId> = values.iter().map(|x| self.nus(x)).collect();
        ids.sort_unstable();
        ids
    }

    /// The left and right stops of G: the numbers reached when Left (Right) moves first and
    /// play stops at the first number.
    pub fn stops(&self, g: GameId) -> (Dyadic, Dyadic) {
        self.records.stops(g)
    }

    /// Stores a canonical form given by canonical options (sorted, without dominated or
    /// reversible options), recognising number-up-star values.
    fn intern_canonical(&mut self, left: Vec<GameId>, right: Vec<GameId>) -> GameId {
        let all_nus = |ids: &[GameId]| ids.iter().all(|&g| self.as_nus(g).is_some());
        if all_nus(&left) && all_nus(&right) {
            let l: Vec<&Nus> = left.iter().filter_map(|&g| self.as_nus(g)).collect();
            let r: Vec<&Nus> = right.iter().filter_map(|&g| self.as_nus(g)).collect();
            if let Some(value) = Nus::recognise(&l, &r) {
                return self.nus(&value);
            }
        }
        if let Some(id) = self.records.find(&left, &right) {
            return id;
        }
        self.records.push_options(&left, &right)
    }
}

impl Store {
    /// The store of misère canonical forms, made on first use.
    pub fn misere(&mut self) -> &mut conway_misere::MisereStore {
        self.misere.get_or_insert_with(|| {
            Box::new(conway_misere::MisereStore::with_limit(MAX_MISERE_BYTES))
        })
    }
}

/// The memory an evaluation's store of misère forms may use for its forms, in bytes: sums
/// of wild forms grow fast.
pub const MAX_MISERE_BYTES: usize = 256 << 20;

#[cfg(test)]
mod tests {
    use super::*;

    /// Kept tables come back to the evaluator type that left them, and together stay
    /// within the bound: a table too large alone is not kept, and a new one that would pass
    /// the bound with the others makes room by dropping them.
    #[test]
    fn kept_tables_stay_within_their_bound() {
        let mut store = Store::new();
        store.keep_table(vec![1u8], 1);
        store.keep_table(String::from("kept"), MAX_KEPT_POSITIONS - 1);
        assert_eq!(store.take_table::<Vec<u8>>(), vec![1]);
        assert_eq!(store.take_table::<Vec<u8>>(), Vec::<u8>::new());
        store.keep_table(vec![2u8], 2);
        assert_eq!(store.take_table::<String>(), "");
        assert_eq!(store.take_table::<Vec<u8>>(), vec![2]);
        store.keep_table(vec![3u8], MAX_KEPT_POSITIONS + 1);
        assert_eq!(store.take_table::<Vec<u8>>(), Vec::<u8>::new());
    }
}
