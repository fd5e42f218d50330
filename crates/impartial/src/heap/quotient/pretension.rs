//! A candidate misère quotient of the heaps 0..=n of a game (a *pretension*, Plambeck and
//! Siegel): a bipartite monoid (Q, P) and the image Φ(h) of each heap, extended to every
//! position (a multiset of heaps) as a product.
//!
//! A candidate is the quotient when Φ predicts every misère outcome — Φ(G) ∈ P exactly when G
//! is a P-position — and Q has no two elements that no third tells apart (it is *reduced*).
//! Prediction is proved by a finite test, by induction on positions:
//! - no *P-failure*: no position G + h with Φ(G + h) ∈ P has an option G + h' with
//!   Φ(G + h') ∈ P; since that depends on Φ(G) only, every element x and heap h are tried;
//! - no *N-failure*: every position outside P but the empty one has an option in P. The
//!   images of a position's options depend on the position, not on its image alone, so
//!   positions are walked (heap n's count most significant), each with its element and the
//!   set of its options' images; a position whose set contains another position's set with
//!   the same element is passed over with every position that adds to it (whatever the other
//!   can answer, it can), which makes the walk finite.
//!
//! Failures are reported as the least failing position in MisereSolver's order, which its
//! search for a better candidate starts from.

use std::ops::ControlFlow;

use super::monoid::{word_order, Monoid};

/// A position: how many heaps of each size 0, 1, 2, … (trailing zeros dropped).
pub type Position = Vec<u32>;

/// A bipartite monoid with the images of heaps 0..=n.
#[derive(Clone, Debug)]
pub struct Pretension {
    /// Q.
    pub monoid: Monoid,
    /// P: which elements are misère P-positions.
    pub p: Vec<bool>,
    /// Φ(h) for each heap h.
    pub phi: Vec<u32>,
}

/// Products with fixed elements, one table per element multiplied by (`x · y` is
/// `rows.row(y)[x]`), made when first needed.
pub struct Rows<'a> {
    monoid: &'a Monoid,
    rows: Vec<Option<Box<[u32]>>>,
}

impl<'a> Rows<'a> {
    /// No table yet.
    pub fn new(monoid: &'a Monoid) -> Self {
        Rows {
            monoid,
            rows: vec![None; monoid.size()],
        }
    }

    /// `x · y`.
    #[inline]
    pub fn times(&mut self, x: u32, y: u32) -> u32 {
        self.row(y)[x as usize]
    }

    /// `x · y` for every x.
    pub fn row(&mut self, y: u32) -> &[u32] {
        let monoid = self.monoid;
        self.rows[y as usize].get_or_insert_with(|| {
            // x · y = y · x: walk y's word from each x, one generator table at a time.
            let mut row: Vec<u32> = (0..monoid.size() as u32).collect();
            for (g, &e) in monoid.word(y).iter().enumerate() {
                for _ in 0..e {
                    for z in row.iter_mut() {
                        *z = monoid.times_generator(*z, g);
                    }
                }
            }
            row.into_boxed_slice()
        })
    }
}

/// The images of the options of each heap: heap h's options (lists of the heaps a move
/// leaves) mapped by Φ, sorted, each once.
pub fn heap_transitions(monoid: &Monoid, phi: &[u32], options: &[Vec<Vec<u64>>]) -> Vec<Vec<u32>> {
    let mut rows = Rows::new(monoid);
    options
        .iter()
        .take(phi.len())
        .map(|heap| images_with(&mut rows, phi, heap))
        .collect()
}

/// The images of one heap's options (lists of the heaps each move leaves, all with images).
pub fn option_images(monoid: &Monoid, phi: &[u32], options: &[Vec<u64>]) -> Vec<u32> {
    images_with(&mut Rows::new(monoid), phi, options)
}

fn images_with(rows: &mut Rows<'_>, phi: &[u32], options: &[Vec<u64>]) -> Vec<u32> {
    let mut images: Vec<u32> = options
        .iter()
        .map(|parts| {
            parts
                .iter()
                .fold(0, |x, &part| rows.times(x, phi[part as usize]))
        })
        .collect();
    images.sort_unstable();
    images.dedup();
    images
}

/// A 64-bit summary of a set: bit `t mod 64` for each member t, so that a set whose summary
/// has a bit another's lacks is not contained in it.
pub fn signature(set: &[u32]) -> u64 {
    set.iter().fold(0, |s, &t| s | 1 << (t & 63))
}

/// MisereSolver's order of a position (counts of heaps 0, 1, …) against another, without
/// trimming either.
fn position_order(a: &[u32], b: &[u32]) -> std::cmp::Ordering {
    let len = a.len().max(b.len());
    (0..len)
        .rev()
        .map(|i| {
            a.get(i)
                .copied()
                .unwrap_or(0)
                .cmp(&b.get(i).copied().unwrap_or(0))
        })
        .find(|o| o.is_ne())
        .unwrap_or(std::cmp::Ordering::Equal)
}

/// What a walk over positions does at each position and each raised count.
trait Visit {
    /// At a position, with its element and the images of its options.
    fn position(&mut self, counts: &[u32], element: u32, targets: &[u32]) -> ControlFlow<()>;
    /// When heap h's count is raised to give `element` and `targets`: whether to go on
    /// raising it (false passes over this position and every one adding to it).
    fn admit(&mut self, h: usize, counts: &[u32], element: u32, targets: &[u32]) -> bool;
}

/// Walks the positions over heaps 0..=n in MisereSolver's order. The option images of the
/// position at each level are kept in one buffer per heap, reused along the walk.
struct Walk<'a, 'b, 'c> {
    phi: &'a [u32],
    transitions: &'a [Vec<u32>],
    rows: &'c mut Rows<'b>,
    counts: Vec<u32>,
    levels: Vec<Vec<u32>>,
    scratch: Vec<u32>,
    /// `seen[t] == stamp` marks t as already in the set being built.
    seen: Vec<u32>,
    stamp: u32,
    skip_heaps_without_options: bool,
}

impl Walk<'_, '_, '_> {
    fn walk(&mut self, heap: usize, element: u32, visit: &mut dyn Visit) -> ControlFlow<()> {
        let mut element = element;
        let start = self.counts[heap];
        let result = loop {
            let inner = if heap == 0 {
                visit.position(&self.counts, element, &self.levels[0])
            } else {
                let (lower, upper) = self.levels.split_at_mut(heap);
                lower[heap - 1].clone_from(&upper[0]);
                stacker::maybe_grow(64 * 1024, 4 * 1024 * 1024, || {
                    self.walk(heap - 1, element, visit)
                })
            };
            if inner.is_break() {
                break inner;
            }
            if self.skip_heaps_without_options && self.transitions[heap].is_empty() {
                break ControlFlow::Continue(());
            }
            let image = self.phi[heap];
            self.extend(heap, image, element);
            element = self.rows.times(element, image);
            self.counts[heap] += 1;
            if !visit.admit(heap, &self.counts, element, &self.scratch) {
                break ControlFlow::Continue(());
            }
            std::mem::swap(&mut self.levels[heap], &mut self.scratch);
        };
        self.counts[heap] = start;
        result
    }

    /// Into `scratch`: `{t · y : t ∈ level}` and `{x · s : s ∈ heap's options' images}`,
    /// each once — the option images after one more heap of image y at a position of
    /// image x.
    fn extend(&mut self, heap: usize, y: u32, x: u32) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        let Walk {
            rows,
            levels,
            scratch,
            seen,
            transitions,
            ..
        } = self;
        scratch.clear();
        let row_y = rows.row(y);
        for &t in &levels[heap] {
            let z = row_y[t as usize];
            if seen[z as usize] != stamp {
                seen[z as usize] = stamp;
                scratch.push(z);
            }
        }
        for &s in &transitions[heap] {
            let z = rows.times(x, s);
            if seen[z as usize] != stamp {
                seen[z as usize] = stamp;
                scratch.push(z);
            }
        }
    }
}

fn walk(
    rows: &mut Rows<'_>,
    phi: &[u32],
    transitions: &[Vec<u32>],
    skip: bool,
    visit: &mut dyn Visit,
) -> ControlFlow<()> {
    let size = rows.monoid.size();
    let mut walker = Walk {
        phi,
        transitions,
        rows,
        counts: vec![0; phi.len()],
        levels: vec![Vec::new(); phi.len()],
        scratch: Vec::new(),
        seen: vec![0; size],
        stamp: 0,
        skip_heaps_without_options: skip,
    };
    walker.walk(phi.len() - 1, 0, visit)
}

/// A position without its trailing zeros.
fn trimmed(counts: &[u32]) -> Position {
    let len = counts.iter().rposition(|&c| c > 0).map_or(0, |i| i + 1);
    counts[..len].to_vec()
}

/// The sets of option images met at each element, kept as an antichain of the least ones,
/// with their signatures, and the marks that test containment in time linear in the sets.
pub struct LowerBounds {
    sets: Vec<Vec<(u64, Vec<u32>)>>,
    marks: Vec<u32>,
    stamp: u32,
}

impl LowerBounds {
    /// None yet, for a monoid of `size` elements.
    pub fn new(size: usize) -> Self {
        LowerBounds {
            sets: vec![Vec::new(); size],
            marks: vec![0; size],
            stamp: 0,
        }
    }

    fn next_stamp(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.fill(0);
            self.stamp = 1;
        }
        self.stamp
    }

    /// Whether `set` contains a set recorded at `element`.
    pub fn covers(&mut self, element: u32, set: &[u32]) -> bool {
        let signature = signature(set);
        if !self.sets[element as usize]
            .iter()
            .any(|old| old.0 & !signature == 0)
        {
            return false;
        }
        let stamp = self.next_stamp();
        for &t in set {
            self.marks[t as usize] = stamp;
        }
        let marks = &self.marks;
        self.sets[element as usize]
            .iter()
            .any(|old| old.0 & !signature == 0 && old.1.iter().all(|&t| marks[t as usize] == stamp))
    }

    /// Records `set` at `element` unless it contains a recorded set, dropping the recorded
    /// sets that contain it; whether it was recorded.
    fn record(&mut self, element: u32, set: &[u32]) -> bool {
        if self.covers(element, set) {
            return false;
        }
        let signature = signature(set);
        let list = std::mem::take(&mut self.sets[element as usize]);
        let mut kept = Vec::with_capacity(list.len() + 1);
        for old in list {
            let contains = signature & !old.0 == 0 && {
                let stamp = self.next_stamp();
                for &t in &old.1 {
                    self.marks[t as usize] = stamp;
                }
                set.iter().all(|&t| self.marks[t as usize] == stamp)
            };
            if !contains {
                kept.push(old);
            }
        }
        kept.push((signature, set.to_vec()));
        self.sets[element as usize] = kept;
        true
    }
}

impl Pretension {
    /// The first position (in MisereSolver's order) of each element.
    pub fn first_positions(&self, rows: &mut Rows<'_>) -> Vec<Option<Position>> {
        struct First(Vec<Option<Position>>);
        impl Visit for First {
            fn position(&mut self, counts: &[u32], element: u32, _: &[u32]) -> ControlFlow<()> {
                self.0[element as usize] = Some(trimmed(counts));
                ControlFlow::Continue(())
            }
            fn admit(&mut self, _: usize, _: &[u32], element: u32, _: &[u32]) -> bool {
                self.0[element as usize].is_none()
            }
        }
        let mut first = First(vec![None; self.monoid.size()]);
        let none = vec![Vec::new(); self.phi.len()];
        let _ = walk(rows, &self.phi, &none, false, &mut first);
        first.0
    }

    /// The least P-failure: a position G + h in P with an option G + h' in P.
    pub fn least_p_failure(
        &self,
        rows: &mut Rows<'_>,
        transitions: &[Vec<u32>],
    ) -> Option<Position> {
        let first = self.first_positions(rows);
        let mut least: Option<Position> = None;
        for x in 0..self.monoid.size() as u32 {
            let Some(position) = &first[x as usize] else {
                continue;
            };
            for (h, &image) in self.phi.iter().enumerate() {
                if !self.p[rows.times(x, image) as usize] {
                    continue;
                }
                if transitions[h]
                    .iter()
                    .any(|&t| self.p[rows.times(x, t) as usize])
                {
                    let mut failure = position.clone();
                    if failure.len() <= h {
                        failure.resize(h + 1, 0);
                    }
                    failure[h] += 1;
                    if least
                        .as_ref()
                        .is_none_or(|l| word_order(&failure, l).is_lt())
                    {
                        least = Some(failure);
                    }
                }
            }
        }
        least
    }

    /// The least N-failure before `limit` (all of them when `None`): a position outside P,
    /// with options, none of whose options' images is in P. `bounds` collects, for each
    /// element, the least sets of option images its positions have.
    pub fn least_n_failure(
        &self,
        rows: &mut Rows<'_>,
        transitions: &[Vec<u32>],
        limit: Option<&Position>,
        bounds: &mut LowerBounds,
        steps: &mut u64,
    ) -> Result<Option<Position>, OutOfSteps> {
        least_n_failure(rows, &self.p, &self.phi, transitions, limit, bounds, steps)
    }
}

/// The walk for N-failures ran out of the steps it was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfSteps;

/// [`Pretension::least_n_failure`] for the P-portion `p` and heap images `phi` on the
/// monoid of `rows`. The walk may take `steps` steps (a raised count costs one, and one
/// more per option image it records), which are taken off; past them it stops.
pub fn least_n_failure(
    rows: &mut Rows<'_>,
    p: &[bool],
    phi: &[u32],
    transitions: &[Vec<u32>],
    limit: Option<&Position>,
    bounds: &mut LowerBounds,
    steps: &mut u64,
) -> Result<Option<Position>, OutOfSteps> {
    {
        struct Failures<'a> {
            p: &'a [bool],
            limit: Option<&'a Position>,
            bounds: &'a mut LowerBounds,
            found: Option<Position>,
            steps: &'a mut u64,
            out_of_steps: bool,
        }
        impl Visit for Failures<'_> {
            fn position(
                &mut self,
                counts: &[u32],
                element: u32,
                targets: &[u32],
            ) -> ControlFlow<()> {
                if self.out_of_steps {
                    return ControlFlow::Break(());
                }
                if !targets.is_empty()
                    && !self.p[element as usize]
                    && !targets.iter().any(|&t| self.p[t as usize])
                {
                    self.found = Some(trimmed(counts));
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            }
            fn admit(&mut self, _: usize, counts: &[u32], element: u32, targets: &[u32]) -> bool {
                let cost = 1 + targets.len() as u64;
                if *self.steps < cost {
                    // Every walk above this one ends at its next position.
                    self.out_of_steps = true;
                    return false;
                }
                *self.steps -= cost;
                if let Some(limit) = self.limit {
                    if position_order(counts, limit).is_ge() {
                        return false;
                    }
                }
                self.bounds.record(element, targets)
            }
        }
        *bounds = LowerBounds::new(rows.monoid.size());
        let mut failures = Failures {
            p,
            limit,
            bounds,
            found: None,
            steps,
            out_of_steps: false,
        };
        let _ = walk(rows, phi, transitions, true, &mut failures);
        if failures.out_of_steps {
            return Err(OutOfSteps);
        }
        Ok(failures.found)
    }
}

impl Pretension {
    /// The P-portion the game gives the elements of `rows`' monoid under Φ, each decided at
    /// its first position from its options' images (every option comes earlier in the walk).
    pub fn mark_p_portion(rows: &mut Rows<'_>, phi: &[u32], transitions: &[Vec<u32>]) -> Vec<bool> {
        struct Mark {
            p: Vec<bool>,
            marked: Vec<bool>,
        }
        impl Visit for Mark {
            fn position(&mut self, _: &[u32], element: u32, targets: &[u32]) -> ControlFlow<()> {
                let p = !targets.is_empty() && !targets.iter().any(|&t| self.p[t as usize]);
                self.p[element as usize] = p;
                self.marked[element as usize] = true;
                ControlFlow::Continue(())
            }
            fn admit(&mut self, _: usize, _: &[u32], element: u32, _: &[u32]) -> bool {
                !self.marked[element as usize]
            }
        }
        let size = rows.monoid.size();
        let mut mark = Mark {
            p: vec![false; size],
            marked: vec![false; size],
        };
        let _ = walk(rows, phi, transitions, false, &mut mark);
        mark.p
    }
}
