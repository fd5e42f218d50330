//! The misère quotient of the heaps 0..=n, computed heap by heap as MisereSolver computes it
//! (Plambeck and Siegel; Siegel's MisereSolver, 2006).
//!
//! With the quotient of the heaps below n in hand, heap n is first mapped onto an element
//! of it (a *conservative extension*): the element must have the heap's outcome, the heap
//! must not create a P-failure, and the walk for N-failures must pass. When no element
//! does, the quotient is enlarged: heap n becomes a new generator a with a⁴ = a², the
//! P-portion is read off the game, and the candidate is reduced and regenerated. While the
//! candidate fails, the heaps of its least failing position are given room of their own
//! (cyclic factors as long as the failure needs), a few heaps at a time, until the failing
//! position comes out right; then the tests run again. A candidate that passes both tests
//! and is reduced is the quotient.

use super::monoid::Monoid;
use super::pretension::{
    heap_transitions, least_n_failure, option_images, LowerBounds, OutOfSteps, Position,
    Pretension, Rows,
};
use crate::ImpartialError;

/// The state of a computation: the quotient of the heaps so far.
pub struct QuotientSolver {
    /// The options of each heap: the heaps each move leaves.
    options: Vec<Vec<Vec<u64>>>,
    /// The quotient of the heaps 0..=n.
    current: Pretension,
    /// Each heap's options' images under the current quotient.
    transitions: Vec<Vec<u32>>,
    /// For each element, the least sets of option images its positions have (from the last
    /// full walk for N-failures), for the quick test of a conservative extension.
    lower_bounds: Option<LowerBounds>,
    /// The heaps at which the quotient grew.
    changes: Vec<usize>,
    /// The work done so far, against the bounds of `limits`.
    work: Budget,
    /// The most candidates one heap may try, and the most elements a candidate may have:
    /// some quotients are infinite, and the search for them would never end.
    limits: QuotientLimits,
}

/// Bounds on the search for one heap's quotient.
#[derive(Clone, Copy, Debug)]
pub struct QuotientLimits {
    /// The most candidates (enlargements and recalibrations) tried for one heap.
    pub candidates: u64,
    /// The most elements of a candidate monoid (before reduction).
    pub elements: usize,
    /// The most steps of work for one heap: a raised count in a walk for N-failures, one
    /// more per option image it records, and for each candidate its elements times the
    /// square of its generators (its settling). A bound on time that is the same on every
    /// machine: 5·10^8 steps take 5–10 s on this project's machines.
    pub work_per_heap: u64,
    /// The most steps of work of the whole computation, counted the same way.
    pub work: u64,
}

/// The default bounds: about 10 s for a heap on one core, and a few hundred MB.
pub const DEFAULT_QUOTIENT_LIMITS: QuotientLimits = QuotientLimits {
    candidates: 2_000,
    elements: 4_000_000,
    work_per_heap: 500_000_000,
    work: u64::MAX,
};

impl QuotientSolver {
    /// The quotient of heap 0 alone: the trivial monoid, with nothing in P.
    pub fn new(options_of_zero: Vec<Vec<u64>>) -> Self {
        QuotientSolver {
            options: vec![options_of_zero],
            current: Pretension {
                monoid: Monoid::trivial(),
                p: vec![false],
                phi: vec![0],
            },
            transitions: vec![Vec::new()],
            lower_bounds: None,
            changes: Vec::new(),
            work: Budget::new(&DEFAULT_QUOTIENT_LIMITS),
            limits: DEFAULT_QUOTIENT_LIMITS,
        }
    }

    /// The same, with other bounds on one heap's search.
    pub fn with_limits(mut self, limits: QuotientLimits) -> Self {
        self.limits = limits;
        self.work = Budget::new(&limits);
        self
    }

    /// The quotient of the heaps so far.
    pub fn quotient(&self) -> &Pretension {
        &self.current
    }

    /// Heap h's options, as pushed.
    pub fn options(&self, h: u64) -> Option<&[Vec<u64>]> {
        let h = usize::try_from(h).ok()?;
        // During a push the new heap's options are in place before its image: only heaps
        // with an image count.
        (h < self.heaps()).then(|| self.options[h].as_slice())
    }

    /// The heaps at which the quotient grew.
    pub fn changes(&self) -> &[usize] {
        &self.changes
    }

    /// The steps of work done so far ([`QuotientLimits::work`]).
    pub fn work(&self) -> u64 {
        self.work.spent
    }

    /// The number of heaps done: heaps `0..heaps()`.
    pub fn heaps(&self) -> usize {
        self.current.phi.len()
    }

    /// Adds the next heap, whose options (the heaps each move leaves, each smaller) are
    /// given; `watch` is asked between candidates whether to go on.
    pub fn push(
        &mut self,
        options: Vec<Vec<u64>>,
        watch: &mut dyn FnMut() -> Result<(), ImpartialError>,
    ) -> Result<(), ImpartialError> {
        let n = self.heaps();
        self.work.spent_on_heap = 0;
        self.options.push(options);
        let targets = option_images(&self.current.monoid, &self.current.phi, &self.options[n]);
        if targets.is_empty() {
            self.current.phi.push(0);
            self.transitions.push(Vec::new());
            return Ok(());
        }
        let found = match self.conservative_extension(&targets, watch) {
            Ok(Some(x)) => {
                self.current.phi.push(x);
                self.transitions.push(targets);
                return Ok(());
            }
            Ok(None) => self.expand(n, watch),
            Err(e) => Err(e),
        };
        if let Err(e) = found {
            // The quotient so far stands; heap n is not added.
            self.options.pop();
            return Err(e);
        }
        self.changes.push(n);
        Ok(())
    }

    /// An element heap n can be mapped to without changing the quotient, if there is one.
    fn conservative_extension(
        &mut self,
        targets: &[u32],
        watch: &mut dyn FnMut() -> Result<(), ImpartialError>,
    ) -> Result<Option<u32>, ImpartialError> {
        let n = self.options.len() - 1;
        let q = &self.current;
        let mut rows = Rows::new(&q.monoid);
        let heap_is_p = !targets.iter().any(|&t| q.p[t as usize]);
        let mut bounds = match self.lower_bounds.take() {
            Some(bounds) => bounds,
            None => {
                let mut bounds = LowerBounds::new(q.monoid.size());
                let transitions = &self.transitions;
                let failure = self.work.walk(n, |steps| {
                    q.least_n_failure(&mut rows, transitions, None, &mut bounds, steps)
                })?;
                debug_assert!(failure.is_none(), "the quotient so far passes");
                bounds
            }
        };
        let size = q.monoid.size() as u32;
        let compatible: Vec<u32> = (0..size)
            .filter(|&x| {
                q.p[x as usize] == heap_is_p && Self::no_p_failure(q, &mut rows, x, targets)
            })
            .collect();
        if let Some(&x) = compatible.iter().find(|&&x| bounds.covers(x, targets)) {
            self.lower_bounds = Some(bounds);
            return Ok(Some(x));
        }
        let mut phi = q.phi.clone();
        phi.push(0);
        let mut transitions = self.transitions.clone();
        transitions.push(targets.to_vec());
        for &x in &compatible {
            watch()?;
            self.work.spend(q.monoid.size() as u64, n)?;
            *phi.last_mut().expect("heap n") = x;
            let failure = self.work.walk(n, |steps| {
                least_n_failure(
                    &mut rows,
                    &q.p,
                    &phi,
                    &transitions,
                    None,
                    &mut bounds,
                    steps,
                )
            })?;
            if failure.is_none() {
                // A full walk of the extended quotient: its bounds stand for the next heap.
                self.lower_bounds = Some(bounds);
                return Ok(Some(x));
            }
        }
        Ok(None)
    }

    /// Whether mapping the new heap (options' images `targets`) to x leaves no P-failure:
    /// no z with z·x in P has some z·t in P.
    fn no_p_failure(q: &Pretension, rows: &mut Rows<'_>, x: u32, targets: &[u32]) -> bool {
        (0..q.monoid.size() as u32).all(|z| {
            !q.p[rows.times(z, x) as usize]
                || !targets.iter().any(|&t| q.p[rows.times(z, t) as usize])
        })
    }

    /// Enlarges the quotient for heap n, then repairs the candidate until it passes.
    fn expand(
        &mut self,
        n: usize,
        watch: &mut dyn FnMut() -> Result<(), ImpartialError>,
    ) -> Result<(), ImpartialError> {
        let q = &self.current;
        let product = Monoid::direct_product(&[&q.monoid, &Monoid::cyclic(2, 2)]);
        let generators = product.generators() as u64;
        self.work
            .spend(product.size() as u64 * generators * generators, n)?;
        let mut phi = q.phi.clone();
        phi.push(q.monoid.size() as u32);
        let mut trial = self.settle(product, phi);
        let mut least = Some(delta(n));
        let mut tried = 0u64;
        while least.is_some() {
            watch()?;
            self.work.spend(trial.monoid.size() as u64, n)?;
            tried += 1;
            if tried > self.limits.candidates {
                return Err(ImpartialError::MoveLimit {
                    limit: self.limits.candidates,
                    unit: "candidate quotients for one heap",
                    hint: format!(
                        "heap {n} may have no finite quotient with the heaps before it; \
                         the quotient of heaps 0..{} stands",
                        n - 1
                    ),
                });
            }
            let transitions = heap_transitions(&trial.monoid, &trial.phi, &self.options);
            let mut rows = Rows::new(&trial.monoid);
            let p_failure = trial.least_p_failure(&mut rows, &transitions);
            let mut bounds = LowerBounds::new(trial.monoid.size());
            let n_failure = self.work.walk(n, |steps| {
                trial.least_n_failure(
                    &mut rows,
                    &transitions,
                    p_failure.as_ref(),
                    &mut bounds,
                    steps,
                )
            })?;
            least = n_failure.or(p_failure);
            if let Some(failure) = &least {
                trial = self.recalibrate(&trial, n, failure, watch)?;
            }
        }
        self.transitions = heap_transitions(&trial.monoid, &trial.phi, &self.options);
        self.current = trial;
        self.lower_bounds = None;
        Ok(())
    }

    /// The candidate on `monoid` with heap images `phi`: its P-portion read off the game,
    /// then reduced and regenerated by the heaps' images.
    fn settle(&self, monoid: Monoid, phi: Vec<u32>) -> Pretension {
        let transitions = heap_transitions(&monoid, &phi, &self.options);
        let p = Pretension::mark_p_portion(&mut Rows::new(&monoid), &phi, &transitions);
        let (reduced, reduced_p, class) = monoid.reduce(&p);
        let phi: Vec<u32> = phi.iter().map(|&x| class[x as usize]).collect();
        let (regenerated, place) = reduced.regenerate(&phi);
        let mut p = vec![false; regenerated.size()];
        for (x, slot) in place.iter().enumerate() {
            if let Some(y) = slot {
                p[*y as usize] = reduced_p[x];
            }
        }
        let phi = phi
            .iter()
            .map(|&x| place[x as usize].expect("a heap's image is generated"))
            .collect();
        Pretension {
            monoid: regenerated,
            p,
            phi,
        }
    }

    /// A candidate that gets the failing position right: some of the heaps in it, fewest
    /// first, each given a cyclic factor of its own as long as the failure needs.
    fn recalibrate(
        &mut self,
        trial: &Pretension,
        n: usize,
        failure: &Position,
        watch: &mut dyn FnMut() -> Result<(), ImpartialError>,
    ) -> Result<Pretension, ImpartialError> {
        let image = position_image(trial, failure);
        let should_be_p = !trial.p[image as usize];
        let involved: Vec<usize> = (0..=n)
            .filter(|&h| failure.get(h).is_some_and(|&c| c > 0))
            .collect();
        for size in 1..=involved.len() {
            for heaps in combinations(&involved, size) {
                watch()?;
                let mut phi = trial.phi.clone();
                for &h in &heaps {
                    phi[h] = 0;
                }
                let (base, place) = trial.monoid.regenerate(&phi);
                let mut phi: Vec<u32> = phi
                    .iter()
                    .map(|&x| place[x as usize].expect("generated"))
                    .collect();
                let cycles: Vec<Monoid> = heaps
                    .iter()
                    .map(|&h| {
                        let needed = i64::from(failure[h]) - 1;
                        let index = i64::from(trial.monoid.index_of(trial.phi[h])).max(needed);
                        let period = (2 * ((index - 4) / 2)).max(2);
                        Monoid::cyclic(index as u32, period as u32)
                    })
                    .collect();
                let mut factors: Vec<&Monoid> = vec![&base];
                factors.extend(cycles.iter());
                let Some(elements) = factors
                    .iter()
                    .try_fold(1usize, |acc, m| acc.checked_mul(m.size()))
                    .filter(|&e| e <= self.limits.elements)
                else {
                    return Err(ImpartialError::too_large(
                        format!("a candidate quotient for heap {n}"),
                        "more elements",
                        format!("{} elements", self.limits.elements),
                    ));
                };
                // Settling a candidate closes it under each generator but one, for each.
                let generators = (base.generators() + cycles.len()) as u64;
                self.work
                    .spend(elements as u64 * generators * generators, n)?;
                let product = Monoid::direct_product(&factors);
                let mut stride = base.size() as u32;
                for (i, &h) in heaps.iter().enumerate() {
                    phi[h] = stride;
                    stride *= cycles[i].size() as u32;
                }
                let candidate = self.settle(product, phi);
                if candidate.p[position_image(&candidate, failure) as usize] == should_be_p {
                    return Ok(candidate);
                }
            }
        }
        Err(ImpartialError::InvalidInput(format!(
            "no candidate quotient gets position {failure:?} right (internal error)"
        )))
    }
}

/// The work spent against its bounds ([`QuotientLimits::work`] and
/// [`QuotientLimits::work_per_heap`]).
struct Budget {
    spent: u64,
    limit: u64,
    spent_on_heap: u64,
    limit_per_heap: u64,
}

impl Budget {
    fn new(limits: &QuotientLimits) -> Self {
        Budget {
            spent: 0,
            limit: limits.work,
            spent_on_heap: 0,
            limit_per_heap: limits.work_per_heap,
        }
    }

    /// Counts `work` steps done for heap n.
    fn spend(&mut self, work: u64, n: usize) -> Result<(), ImpartialError> {
        self.spent = self.spent.saturating_add(work);
        self.spent_on_heap = self.spent_on_heap.saturating_add(work);
        if self.spent_on_heap > self.limit_per_heap || self.spent > self.limit {
            return Err(self.exceeded(n));
        }
        Ok(())
    }

    /// The error of a computation past one of the bounds, at heap n.
    fn exceeded(&self, n: usize) -> ImpartialError {
        // The bound passed, else (a walk out of steps) the one that left fewer steps.
        let per_heap = self.spent_on_heap > self.limit_per_heap
            || (self.spent <= self.limit
                && self.limit_per_heap - self.spent_on_heap < self.limit - self.spent);
        let (limit, unit) = if per_heap {
            (
                self.limit_per_heap,
                "steps of work on candidate quotients for one heap",
            )
        } else {
            (self.limit, "steps of work on candidate quotients")
        };
        ImpartialError::MoveLimit {
            limit,
            unit,
            hint: format!("the quotient of heaps 0..{} stands", n.saturating_sub(1)),
        }
    }

    /// Runs a walk for N-failures with the steps left, and counts those it took.
    fn walk<T>(
        &mut self,
        n: usize,
        run: impl FnOnce(&mut u64) -> Result<T, OutOfSteps>,
    ) -> Result<T, ImpartialError> {
        let given = (self.limit.saturating_sub(self.spent))
            .min(self.limit_per_heap.saturating_sub(self.spent_on_heap));
        let mut steps = given;
        let result = run(&mut steps);
        self.spend(given - steps, n)?;
        result.map_err(|OutOfSteps| self.exceeded(n))
    }
}

/// The position of one heap of size h.
fn delta(h: usize) -> Position {
    let mut p = vec![0; h + 1];
    p[h] = 1;
    p
}

/// Φ of a position.
fn position_image(q: &Pretension, position: &Position) -> u32 {
    let mut x = 0;
    for (h, &count) in position.iter().enumerate() {
        for _ in 0..count {
            x = q.monoid.product(x, q.phi[h]);
        }
    }
    x
}

/// The subsets of `values` of this size, in lexicographic order of positions.
fn combinations(values: &[usize], size: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut chosen = Vec::with_capacity(size);
    fn go(
        values: &[usize],
        size: usize,
        from: usize,
        chosen: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if chosen.len() == size {
            out.push(chosen.clone());
            return;
        }
        for i in from..values.len() {
            chosen.push(values[i]);
            go(values, size, i + 1, chosen, out);
            chosen.pop();
        }
    }
    go(values, size, 0, &mut chosen, &mut out);
    out
}
