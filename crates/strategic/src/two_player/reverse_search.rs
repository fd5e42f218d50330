//! Lexicographic reverse search (Avis and Fukuda, with the lexicographic rule of Avis's
//! lrs) over the feasible bases of a polytope, from one feasible basis: every vertex is
//! visited exactly once, and memory does not grow with the number of vertices.
//!
//! The dictionary is fraction-free: row r reads `det`·x_B(r) + Σ_c a[r][c]·x_N(c) =
//! rhs[r], with integer entries and `det` the determinant of the basis, so no fraction is
//! ever reduced ([`super::pivot::Exact`]). Variables 0..k are the ones basic at the root, in
//! the order of the lexicographic perturbation b + (ε, ε², …): a basis is lex-positive when
//! each row of (rhs | B⁻¹) starts positive. The ratio test then never ties, and the
//! lex-positive bases are the vertices of a simple polytope.
//!
//! The root maximises −Σ(variables cobasic at the root). Every other lex-positive basis has
//! one parent: the pivot of Bland's entering rule (the least improving variable) with the
//! lexicographic leaving rule. The search walks that tree depth first, testing each pivot
//! out of a basis for being a tree edge without making it.
//!
//! A degenerate vertex has several lex-positive bases. It is reported at the one whose
//! basic variables are least: no degenerate basic variable can be exchanged for a smaller
//! cobasic one. That basis is unique (the least basis of a matroid) and lex-positive
//! (because the root's basic variables come first in both orders), so each vertex is
//! reported once.
//!
//! Work is split over threads the way mplrs splits it over processes: a job explores a
//! subtree for a budget of bases, then hands back what it has not explored as new jobs.
//! Every report carries its path from the root (the columns pivoted on) and reports are
//! sorted by path, which is the order of the one-thread search whatever the threads.

use std::cmp::Ordering;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as Atomic};
use std::sync::Mutex;

use conway_core::{Progress, Work};
use num_bigint::BigInt;

use crate::two_player::pivot::{big_integer_overflow, Exact, Overflow, Wide};
use crate::StrategicError;

/// Where a variable is: basic in a row, or cobasic in a column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    Row(usize),
    Column(usize),
}

/// A fraction-free dictionary with an objective row (row k).
#[derive(Clone, Debug)]
pub(crate) struct Dictionary<T> {
    k: usize,
    d: usize,
    /// (k + 1) rows × (d + 1) columns, row-major; row k is the objective, column d the
    /// right-hand side.
    a: Vec<T>,
    det: T,
    basic: Vec<usize>,
    cobasic: Vec<usize>,
    slot: Vec<Slot>,
}

impl<T: Exact> Dictionary<T> {
    /// The dictionary of the constraints `rows[r]`·z + x_r = `rhs[r]` with the basis x
    /// (variables 0..k, the root's) and z cobasic (variables k..k + d). Needs rhs ≥ 0.
    pub(crate) fn root(rows: &[Vec<T>], rhs: &[T]) -> Self {
        let d = rows.first().map_or(0, Vec::len);
        let mut a = Vec::with_capacity((rows.len() + 1) * (d + 1));
        for (row, b) in rows.iter().zip(rhs) {
            a.extend(row.iter().cloned());
            a.push(b.clone());
        }
        let one = T::from_big(&BigInt::from(1)).expect("one fits");
        Self::rooted(rows.len(), d, a, one)
    }

    /// The dictionary whose k constraint rows (d entries and the right-hand side each) are
    /// `a`, with common denominator `det`, as a root: variables 0..k basic in row order,
    /// k..k + d cobasic in column order, and the root's objective, maximising minus the sum
    /// of the cobasic variables.
    fn rooted(k: usize, d: usize, mut a: Vec<T>, det: T) -> Self {
        a.extend((0..d).map(|_| det.clone()));
        a.push(T::zero_value());
        let mut slot: Vec<Slot> = (0..k).map(Slot::Row).collect();
        slot.extend((0..d).map(Slot::Column));
        Dictionary {
            k,
            d,
            a,
            det,
            basic: (0..k).collect(),
            cobasic: (k..k + d).collect(),
            slot,
        }
    }

    /// Rows (basic variables).
    pub(crate) fn rows(&self) -> usize {
        self.k
    }

    /// Columns (cobasic variables).
    pub(crate) fn columns(&self) -> usize {
        self.d
    }

    /// The variable basic in row `r`.
    pub(crate) fn basic(&self, r: usize) -> usize {
        self.basic[r]
    }

    /// The variable cobasic in column `c`.
    pub(crate) fn cobasic(&self, c: usize) -> usize {
        self.cobasic[c]
    }

    /// The value of row r's basic variable times `det`.
    pub(crate) fn rhs(&self, r: usize) -> &T {
        self.entry(r, self.d)
    }

    /// The entry of row r (k: the objective) and column c (d: the right-hand side).
    pub(crate) fn entry(&self, r: usize, c: usize) -> &T {
        &self.a[r * (self.d + 1) + c]
    }

    /// The same dictionary in other integers, if its entries fit.
    pub(crate) fn convert<U: Exact>(&self) -> Option<Dictionary<U>> {
        let convert = |x: &T| U::from_big(&x.to_big());
        Some(Dictionary {
            k: self.k,
            d: self.d,
            a: self.a.iter().map(convert).collect::<Option<_>>()?,
            det: convert(&self.det)?,
            basic: self.basic.clone(),
            cobasic: self.cobasic.clone(),
            slot: self.slot.clone(),
        })
    }

    /// Pivots the variable of column `c` into row `r` (fraction-free; `det` stays
    /// positive).
    pub(crate) fn pivot(&mut self, r: usize, c: usize) -> Result<(), Overflow> {
        let w = self.d + 1;
        let p = self.a[r * w + c].clone();
        let divisor = T::divisor(&self.det);
        let pivot_row: Vec<T> = self.a[r * w..(r + 1) * w].to_vec();
        for i in (0..=self.k).filter(|&i| i != r) {
            let row = &mut self.a[i * w..(i + 1) * w];
            let f = row[c].clone();
            for (j, (x, y)) in row.iter_mut().zip(&pivot_row).enumerate() {
                if j != c {
                    *x = T::pivot_update(x, &p, &f, y, &divisor).ok_or(Overflow)?;
                }
            }
            row[c] = f.negated();
        }
        self.a[r * w + c] = std::mem::replace(&mut self.det, p);
        let (entering, leaving) = (self.cobasic[c], self.basic[r]);
        self.basic[r] = entering;
        self.cobasic[c] = leaving;
        self.slot[entering] = Slot::Row(r);
        self.slot[leaving] = Slot::Column(c);
        if !self.det.is_positive_value() {
            self.det = self.det.negated();
            self.a.iter_mut().for_each(|x| *x = x.negated());
        }
        Ok(())
    }

    /// How row r's lexicographic ratio for column c compares with row s's (both entries
    /// positive): the right-hand side first, then the columns of the root's basic
    /// variables in order.
    fn ratio_order(&self, r: usize, s: usize, c: usize) -> Ordering {
        let (ar, as_) = (self.entry(r, c), self.entry(s, c));
        let order = T::compare_products(self.rhs(r), as_, self.rhs(s), ar);
        if order != Ordering::Equal {
            return order;
        }
        let zero = T::zero_value();
        for t in 0..self.k {
            let (vr, vs) = match self.slot[t] {
                Slot::Column(q) => (self.entry(r, q), self.entry(s, q)),
                Slot::Row(q) => (
                    if q == r { &self.det } else { &zero },
                    if q == s { &self.det } else { &zero },
                ),
            };
            let order = T::compare_products(vr, as_, vs, ar);
            if order != Ordering::Equal {
                return order;
            }
        }
        Ordering::Equal
    }

    /// The leaving row for column c by the lexicographic ratio test, if the column has a
    /// positive entry.
    pub(crate) fn leaving_row(&self, c: usize) -> Option<usize> {
        let mut best: Option<usize> = None;
        for r in 0..self.k {
            if !self.entry(r, c).is_positive_value() {
                continue;
            }
            best = match best {
                Some(b) if self.ratio_order(r, b, c) != Ordering::Less => Some(b),
                _ => Some(r),
            };
        }
        best
    }

    /// The row r when pivoting column c into row r leads to a child of this basis in the
    /// search tree: the child's Bland pivot (least improving variable, lexicographic
    /// leaving row) comes straight back.
    fn child_row(&self, c: usize) -> Option<usize> {
        let objective = self.k;
        // Only a non-improving column can be the child's way back up.
        let cost = self.entry(objective, c);
        if !cost.is_positive_value() {
            return None;
        }
        let r = self.leaving_row(c)?;
        let leaving = self.basic[r];
        let p = self.entry(r, c);
        for j in (0..self.d).filter(|&j| j != c && self.cobasic[j] < leaving) {
            // The child's cost of column j, times det²/p: negative means improving, and a
            // smaller improving variable would be the child's Bland choice instead.
            let order = T::compare_products(self.entry(objective, j), p, cost, self.entry(r, j));
            if order == Ordering::Less {
                return None;
            }
        }
        Some(r)
    }

    /// Replaces the objective row: `costs` per column (negative: improving) and the
    /// right-hand side, both times `det`.
    pub(crate) fn set_objective(&mut self, costs: &[T], rhs: &T) {
        let (k, w) = (self.k, self.d + 1);
        self.a[k * w..k * w + self.d].clone_from_slice(costs);
        self.a[k * w + self.d] = rhs.clone();
    }

    /// The dictionary of rows `rows` and columns `columns` only (the other basic variables
    /// dropped with their rows, the other cobasic ones fixed at zero), as a root: its basic
    /// variables renumbered 0.., its cobasic ones after them, with the root's objective.
    /// Also what each new variable was.
    pub(crate) fn restricted(&self, rows: &[usize], columns: &[usize]) -> (Self, Vec<usize>) {
        let mut a = Vec::with_capacity((rows.len() + 1) * (columns.len() + 1));
        for &r in rows {
            a.extend(columns.iter().map(|&c| self.entry(r, c).clone()));
            a.push(self.rhs(r).clone());
        }
        let meaning = rows
            .iter()
            .map(|&r| self.basic[r])
            .chain(columns.iter().map(|&c| self.cobasic[c]))
            .collect();
        let dictionary = Self::rooted(rows.len(), columns.len(), a, self.det.clone());
        (dictionary, meaning)
    }

    /// Whether this is the basis at which its vertex is reported: no degenerate basic
    /// variable can be exchanged for a smaller cobasic one.
    pub(crate) fn is_least_basis(&self) -> bool {
        (0..self.k).all(|r| {
            !self.rhs(r).is_zero_value()
                || (0..self.d)
                    .all(|c| self.cobasic[c] > self.basic[r] || self.entry(r, c).is_zero_value())
        })
    }
}

/// What the search does at each basis: report items found there (at the basis where a
/// vertex is reported, [`Dictionary::is_least_basis`]).
pub(crate) trait Visit: Sync {
    /// What is reported.
    type Item: Send;
    /// Looks at one basis of the search tree; items pushed to `out` are reported.
    fn visit<T: Exact>(
        &self,
        dictionary: &Dictionary<T>,
        out: &mut Vec<Self::Item>,
    ) -> Result<(), Halt>;
}

/// How many bases a job explores before handing back the rest when other threads may take
/// it.
pub(crate) const BUDGET: u64 = 2048;

/// How deep a job keeps the dictionaries on its path; deeper, it returns to a parent by
/// pivoting back.
const SAVED_DEPTH: usize = 256;

/// How many bases between two progress reports.
const REPORT_EVERY: u64 = 1 << 10;

/// A subtree to explore: the children of a basis from column `next` on (and the basis
/// itself when `visit_self`).
#[derive(Clone)]
struct Job<T> {
    dictionary: Dictionary<T>,
    path: Vec<u32>,
    next: usize,
    visit_self: bool,
}

struct Frame<T> {
    next: usize,
    /// The pivot that led here (pivoting it again leads back).
    back: (usize, usize),
    saved: Option<Dictionary<T>>,
}

impl<T: Exact> Frame<T> {
    /// Goes back from this frame's basis to its parent's.
    fn leave(self, current: &mut Dictionary<T>) -> Result<(), Overflow> {
        match self.saved {
            Some(parent) => *current = parent,
            None => current.pivot(self.back.0, self.back.1)?,
        }
        Ok(())
    }
}

type Reported<I> = (Vec<u32>, usize, I);

struct Shared<'a, V: Visit> {
    visitor: &'a V,
    progress: &'a dyn Progress,
    found: Mutex<Vec<Reported<V::Item>>>,
    bases: AtomicU64,
    limit: u64,
    stop: AtomicBool,
    error: Mutex<Option<StrategicError>>,
    /// Bases a job explores before handing back the rest.
    budget: u64,
    /// How deep a job keeps dictionaries on its path.
    saved_depth: usize,
}

impl<'a, V: Visit> Shared<'a, V> {
    /// Nothing found yet; jobs explore `budget` bases and keep dictionaries `saved_depth`
    /// deep.
    fn new(
        visitor: &'a V,
        progress: &'a dyn Progress,
        limit: u64,
        (budget, saved_depth): (u64, usize),
    ) -> Self {
        Shared {
            visitor,
            progress,
            found: Mutex::new(Vec::new()),
            bases: AtomicU64::new(0),
            limit,
            stop: AtomicBool::new(false),
            error: Mutex::new(None),
            budget,
            saved_depth,
        }
    }

    /// What the search found, with their paths, or why it failed.
    fn into_found(self) -> Result<Vec<Reported<V::Item>>, StrategicError> {
        match self.error.into_inner().expect("no panics") {
            Some(error) => Err(error),
            None => Ok(self.found.into_inner().expect("no panics")),
        }
    }

    fn fail(&self, error: StrategicError) {
        self.stop.store(true, Atomic::Relaxed);
        self.error
            .lock()
            .expect("no thread panics holding it")
            .get_or_insert(error);
    }

    /// Counts `n` bases; an error when the caller should stop.
    fn count(&self, n: u64) -> Result<(), StrategicError> {
        let total = self.bases.fetch_add(n, Atomic::Relaxed) + n;
        if self.stop.load(Atomic::Relaxed) {
            return Err(StrategicError::Interrupted);
        }
        if total > self.limit {
            return Err(StrategicError::too_large(
                "simplex bases in one best-response polytope",
                format!("at least {total}"),
                self.limit,
            ));
        }
        if self.progress.report(Work::open(total, "bases")).is_break() {
            return Err(StrategicError::Interrupted);
        }
        Ok(())
    }
}

/// Why a job or a visit ended early.
pub(crate) enum Halt {
    /// The integers in use overflowed: the job starts again in bigger ones.
    Overflow,
    /// An error that ends the search.
    Error(StrategicError),
}

impl From<StrategicError> for Halt {
    fn from(e: StrategicError) -> Self {
        Halt::Error(e)
    }
}

impl From<Overflow> for Halt {
    fn from(_: Overflow) -> Self {
        Halt::Overflow
    }
}

/// Explores one job; work left when its budget runs out goes to `spawn`.
fn explore<T: Exact + Send, V: Visit>(
    job: Job<T>,
    shared: &Shared<V>,
    spawn: &mut dyn FnMut(Job<T>),
    out: &mut Vec<Reported<V::Item>>,
) -> Result<(), Halt> {
    let mut current = job.dictionary;
    let mut path = job.path;
    let mut items = Vec::new();
    let mut report = |path: &[u32], items: &mut Vec<V::Item>| {
        out.extend(
            items
                .drain(..)
                .enumerate()
                .map(|(i, item)| (path.to_vec(), i, item)),
        );
    };
    if job.visit_self {
        shared.visitor.visit(&current, &mut items)?;
        report(&path, &mut items);
    }
    let mut stack = vec![Frame {
        next: job.next,
        back: (0, 0),
        saved: None,
    }];
    let (mut explored, mut uncounted) = (0u64, 0u64);
    loop {
        let top = stack.last_mut().expect("the job's own basis stays");
        let mut child = None;
        while top.next < current.d {
            let c = top.next;
            top.next += 1;
            if let Some(r) = current.child_row(c) {
                child = Some((r, c));
                break;
            }
        }
        let Some((r, c)) = child else {
            let frame = stack.pop().expect("not empty");
            if stack.is_empty() {
                break;
            }
            frame.leave(&mut current)?;
            path.pop();
            continue;
        };
        if explored >= shared.budget {
            // Hand back every unexplored part of the path, this child first.
            top.next -= 1;
            while let Some(frame) = stack.pop() {
                spawn(Job {
                    dictionary: current.clone(),
                    path: path.clone(),
                    next: frame.next,
                    visit_self: false,
                });
                if stack.is_empty() {
                    break;
                }
                frame.leave(&mut current)?;
                path.pop();
            }
            break;
        }
        let saved = (stack.len() < shared.saved_depth).then(|| current.clone());
        current.pivot(r, c)?;
        path.push(c as u32);
        stack.push(Frame {
            next: 0,
            back: (r, c),
            saved,
        });
        shared.visitor.visit(&current, &mut items)?;
        report(&path, &mut items);
        explored += 1;
        uncounted += 1;
        if uncounted == REPORT_EVERY {
            shared.count(uncounted)?;
            uncounted = 0;
        }
    }
    Ok(shared.count(uncounted)?)
}

/// Runs a job; its reports are kept only when it completes. On overflow, `widen` gives
/// the job again in bigger integers (none: there are no bigger ones).
fn run<T: Exact + Send, V: Visit>(
    job: Job<T>,
    shared: &Shared<V>,
    spawn: &mut dyn FnMut(AnyJob),
    wrap: fn(Job<T>) -> AnyJob,
    widen: fn(Job<T>) -> Option<AnyJob>,
) {
    if shared.stop.load(Atomic::Relaxed) {
        return;
    }
    let again = job.clone();
    let mut out = Vec::new();
    let mut handed = Vec::new();
    match explore(job, shared, &mut |j| handed.push(j), &mut out) {
        Ok(()) => {
            shared.found.lock().expect("no panics").append(&mut out);
            handed.into_iter().for_each(|j| spawn(wrap(j)));
        }
        Err(Halt::Error(e)) => shared.fail(e),
        Err(Halt::Overflow) => match widen(again) {
            Some(job) => spawn(job),
            None => shared.fail(big_integer_overflow()),
        },
    }
}

/// A job in either kind of integers.
enum AnyJob {
    Wide(Job<Wide>),
    Big(Job<BigInt>),
}

fn in_big_integers(job: Job<Wide>) -> Option<AnyJob> {
    Some(AnyJob::Big(Job {
        dictionary: job.dictionary.convert()?,
        path: job.path,
        next: job.next,
        visit_self: job.visit_self,
    }))
}

fn run_any<V: Visit>(job: AnyJob, shared: &Shared<V>, spawn: &mut dyn FnMut(AnyJob)) {
    match job {
        AnyJob::Wide(job) => run(job, shared, spawn, AnyJob::Wide, in_big_integers),
        AnyJob::Big(job) => run(job, shared, spawn, AnyJob::Big, |_| None),
    }
}

fn spawn_in<'s, V: Visit>(scope: &rayon::Scope<'s>, job: AnyJob, shared: &'s Shared<'s, V>) {
    scope.spawn(move |s| run_any(job, shared, &mut |j| spawn_in(s, j, shared)));
}

/// A job as ranks of a distributed run send it ([`super::distributed_search`]): the path
/// from the root (the columns pivoted on), the first child column to explore, whether the
/// basis itself is visited, and whether it runs in 128-bit integers (not once it has
/// overflowed them). Any rank rebuilds the job's dictionary by replaying the path.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct JobSpec {
    path: Vec<u32>,
    next: u32,
    visit_self: bool,
    wide: bool,
}

impl JobSpec {
    /// The whole search: the root and every subtree below it.
    pub(crate) fn root() -> Self {
        JobSpec {
            path: Vec::new(),
            next: 0,
            visit_self: true,
            wide: true,
        }
    }

    fn of(job: &AnyJob) -> Self {
        let (path, next, visit_self, wide) = match job {
            AnyJob::Wide(j) => (&j.path, j.next, j.visit_self, true),
            AnyJob::Big(j) => (&j.path, j.next, j.visit_self, false),
        };
        JobSpec {
            path: path.clone(),
            next: next as u32,
            visit_self,
            wide,
        }
    }

    /// The job's dictionary, by the path's pivots from `root`.
    fn replay<T: Exact>(&self, root: &Dictionary<T>) -> Result<Job<T>, Halt> {
        let mut dictionary = root.clone();
        for &c in &self.path {
            let c = c as usize;
            let r = (c < dictionary.d)
                .then(|| dictionary.child_row(c))
                .flatten()
                .ok_or_else(|| {
                    StrategicError::Internal("a job's path leaves the search tree".into())
                })?;
            dictionary.pivot(r, c)?;
        }
        Ok(Job {
            dictionary,
            path: self.path.clone(),
            next: self.next as usize,
            visit_self: self.visit_self,
        })
    }
}

/// The root of a search in both kinds of integers, to replay jobs from.
pub(crate) struct Roots {
    wide: Option<Dictionary<Wide>>,
    big: Dictionary<BigInt>,
}

impl Roots {
    pub(crate) fn new(root: Dictionary<BigInt>) -> Self {
        Roots {
            wide: root.convert(),
            big: root,
        }
    }

    /// The job `spec` names, in 128-bit integers while the root and the path's pivots fit
    /// them and the job has not overflowed them before, else in big integers.
    fn job(&self, spec: &JobSpec) -> Result<AnyJob, StrategicError> {
        if let (Some(root), true) = (&self.wide, spec.wide) {
            match spec.replay(root) {
                Ok(job) => return Ok(AnyJob::Wide(job)),
                Err(Halt::Overflow) => {}
                Err(Halt::Error(e)) => return Err(e),
            }
        }
        spec.replay(&self.big)
            .map(AnyJob::Big)
            .map_err(|h| match h {
                Halt::Error(e) => e,
                Halt::Overflow => big_integer_overflow(),
            })
    }
}

/// What one job found: reports with their paths and indices (see [`reverse_search`]'s
/// order), the subtrees it handed back, and the bases it visited.
pub(crate) struct JobResult<I> {
    pub(crate) found: Vec<(Vec<u32>, usize, I)>,
    pub(crate) handed: Vec<JobSpec>,
    pub(crate) bases: u64,
}

/// Runs one job for at most `budget` bases on this thread; what it did not explore comes
/// back as jobs.
pub(crate) fn run_job<V: Visit>(
    roots: &Roots,
    spec: &JobSpec,
    visitor: &V,
    budget: u64,
    limit: u64,
    progress: &dyn Progress,
) -> Result<JobResult<V::Item>, StrategicError> {
    let job = roots.job(spec)?;
    let shared = Shared::new(visitor, progress, limit, (budget, SAVED_DEPTH));
    let mut handed = Vec::new();
    run_any(job, &shared, &mut |j| handed.push(JobSpec::of(&j)));
    let bases = shared.bases.load(Atomic::Relaxed);
    Ok(JobResult {
        found: shared.into_found()?,
        handed,
        bases,
    })
}

/// Sorts reports into the order of the one-thread search and keeps the items.
pub(crate) fn in_search_order<I>(mut found: Vec<(Vec<u32>, usize, I)>) -> Vec<I> {
    found.sort_by(|a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
    found.into_iter().map(|(_, _, item)| item).collect()
}

/// Reverse search from `root` (a feasible basis with the root's objective row, as
/// [`Dictionary::root`] and [`Dictionary::restricted`] make it),
/// reporting what `visitor` finds, in the order of the one-thread search. With `parallel`,
/// subtrees are spread over rayon's threads. At most `limit` bases, else
/// [`StrategicError::TooLarge`]; a stop request from `progress` ends the work with
/// [`StrategicError::Interrupted`].
pub(crate) fn reverse_search<V: Visit>(
    root: Dictionary<BigInt>,
    visitor: &V,
    parallel: bool,
    limit: u64,
    progress: &dyn Progress,
) -> Result<Vec<V::Item>, StrategicError> {
    let parallel = parallel && rayon::current_num_threads() > 1;
    let budget = if parallel { BUDGET } else { u64::MAX };
    search(
        root,
        visitor,
        parallel,
        (budget, SAVED_DEPTH),
        limit,
        progress,
    )
}

/// [`reverse_search`] with a job's budget and saved depth given.
fn search<V: Visit>(
    root: Dictionary<BigInt>,
    visitor: &V,
    parallel: bool,
    (budget, saved_depth): (u64, usize),
    limit: u64,
    progress: &dyn Progress,
) -> Result<Vec<V::Item>, StrategicError> {
    let shared = Shared::new(visitor, progress, limit, (budget, saved_depth));
    let first = Roots::new(root).job(&JobSpec::root())?;
    if parallel {
        rayon::scope(|s| spawn_in(s, first, &shared));
    } else {
        let mut queue = vec![first];
        while let Some(job) = queue.pop() {
            run_any(job, &shared, &mut |j| queue.push(j));
        }
    }
    Ok(in_search_order(shared.into_found()?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::two_player::pivot::{coprime, integer_polytope_vertices};
    use conway_core::NoProgress;
    use num_traits::Zero;
    use proptest::prelude::*;

    /// Reports each vertex of {z ≥ 0 : Mz ≤ 1} as coprime integers proportional to z.
    struct Vertices;

    impl Visit for Vertices {
        type Item = Vec<BigInt>;
        fn visit<T: Exact>(
            &self,
            dictionary: &Dictionary<T>,
            out: &mut Vec<Vec<BigInt>>,
        ) -> Result<(), Halt> {
            if !dictionary.is_least_basis() {
                return Ok(());
            }
            let k = dictionary.rows();
            let mut z = vec![BigInt::zero(); dictionary.columns()];
            for r in 0..k {
                if dictionary.basic(r) >= k {
                    z[dictionary.basic(r) - k] = dictionary.rhs(r).to_big();
                }
            }
            out.push(coprime(z));
            Ok(())
        }
    }

    fn root(m: &[Vec<BigInt>]) -> Dictionary<BigInt> {
        Dictionary::root(m, &vec![BigInt::from(1); m.len()])
    }

    fn sorted(mut v: Vec<Vec<BigInt>>) -> Vec<Vec<BigInt>> {
        v.sort();
        v
    }

    fn matrix(rows: usize, cols: usize, entries: &[i64]) -> Vec<Vec<BigInt>> {
        (0..rows)
            .map(|r| {
                (0..cols)
                    .map(|c| BigInt::from(entries[r * cols + c]))
                    .collect()
            })
            .collect()
    }

    proptest! {
        /// Reverse search reports each vertex exactly once, the same vertices as the walk
        /// over every basis (degenerate matrices included: entries from a small range), in
        /// one thread or several, in the same order.
        #[test]
        fn reverse_search_finds_each_vertex_once(
            rows in 1usize..6,
            cols in 1usize..6,
            entries in proptest::collection::vec(1i64..4, 36),
        ) {
            let m = matrix(rows, cols, &entries);
            let serial = reverse_search(root(&m), &Vertices, false, u64::MAX, &NoProgress).unwrap();
            let walked: Vec<Vec<BigInt>> = integer_polytope_vertices(&m, &NoProgress)
                .unwrap()
                .into_iter()
                .map(|v| v.direction)
                .collect();
            prop_assert_eq!(sorted(serial.clone()), sorted(walked));
            let parallel = reverse_search(root(&m), &Vertices, true, u64::MAX, &NoProgress).unwrap();
            prop_assert_eq!(&parallel, &serial);
            // Jobs of one basis each, handed back and taken up again, on threads or not;
            // and a search that keeps no dictionary on its path but pivots back.
            for (parallel, settings) in [(false, (1, SAVED_DEPTH)), (true, (1, SAVED_DEPTH)), (false, (u64::MAX, 0))] {
                let split = search(root(&m), &Vertices, parallel, settings, u64::MAX, &NoProgress).unwrap();
                prop_assert_eq!(&split, &serial);
            }
        }
    }

    #[test]
    fn a_cube_has_eight_vertices_and_the_origin_comes_first() {
        let m = matrix(3, 3, &[1, 0, 0, 0, 1, 0, 0, 0, 1]);
        let found = reverse_search(root(&m), &Vertices, false, u64::MAX, &NoProgress).unwrap();
        assert_eq!(found.len(), 8);
        assert_eq!(found[0], vec![BigInt::zero(); 3]);
    }

    #[test]
    fn huge_entries_are_searched_in_big_integers() {
        let big = BigInt::from(10).pow(30);
        let m = vec![
            vec![big.clone(), BigInt::from(1)],
            vec![BigInt::from(1), big],
        ];
        let found = reverse_search(root(&m), &Vertices, false, u64::MAX, &NoProgress).unwrap();
        assert_eq!(found.len(), 4);
    }

    #[test]
    fn the_bases_limit_is_kept() {
        let m = matrix(3, 3, &[1, 2, 3, 3, 1, 2, 2, 3, 1]);
        let err = reverse_search(root(&m), &Vertices, false, 2, &NoProgress).unwrap_err();
        assert!(matches!(err, StrategicError::TooLarge { .. }), "{err:?}");
    }
}
