//! Misère quotients of heap games (Plambeck and Siegel, "Misère quotients for impartial
//! games", 2008): the commutative monoid of positions up to misère indistinguishability, with
//! its P-portion and each heap's image, which solves misère play of every sum of heaps.
//!
//! - [`monoid`]: finite commutative monoids by generator actions — products, reduction,
//!   regeneration and MisereSolver's presentations;
//! - [`pretension`]: a candidate quotient and the finite test that proves it;
//! - [`solver`]: the quotient of heaps 0..=n, heap by heap, as MisereSolver computes it;
//! - [`picture`]: a quotient's multiplication table, drawn.

pub mod monoid;
pub mod picture;
pub mod pretension;
pub mod solver;

use monoid::{word_order, word_text};
use pretension::Pretension;
use solver::{QuotientLimits, QuotientSolver, DEFAULT_QUOTIENT_LIMITS};

use super::catalog::HeapGame;
use super::HeapRule;
use crate::ImpartialError;

impl Pretension {
    /// The quotient as MisereSolver writes it: `Q = <a,b | …>; P = {a,b2}`, or
    /// `(Q,P) = Tk` for the tame quotient of order 2^k + 2 (or 1 or 2).
    pub fn presentation(&self) -> String {
        if self.is_tame() {
            return format!("(Q,P) = T{}", floor_log2(self.monoid.size()));
        }
        let mut p_words: Vec<&[u32]> = (0..self.monoid.size() as u32)
            .filter(|&x| self.p[x as usize])
            .map(|x| self.monoid.word(x))
            .collect();
        p_words.sort_by(|a, b| word_order(a, b));
        let p_texts: Vec<String> = p_words.iter().map(|w| word_text(w)).collect();
        format!(
            "Q = {}; P = {{{}}}",
            self.monoid.presentation(),
            p_texts.join(",")
        )
    }

    /// Whether the quotient is that of a tame game (Nim's): of order 1, 2, or 2^k + 2 with
    /// two P-positions.
    pub fn is_tame(&self) -> bool {
        let size = self.monoid.size();
        let p = self.p.iter().filter(|&&b| b).count();
        size <= 2 || (p == 2 && (size - 2).is_power_of_two())
    }

    /// Each heap's image as a word in the generators.
    pub fn heap_words(&self) -> Vec<String> {
        self.phi
            .iter()
            .map(|&x| word_text(self.monoid.word(x)))
            .collect()
    }
}

fn floor_log2(n: usize) -> u32 {
    usize::BITS - 1 - n.leading_zeros()
}

/// The quotient of heaps 0..=to of a heap game; `watch` may stop it between candidates.
pub fn quotient_to(
    game: &HeapGame,
    to: usize,
    watch: &mut dyn FnMut() -> Result<(), ImpartialError>,
) -> Result<QuotientSolver, ImpartialError> {
    let mut solver = QuotientSolver::new(game.heap_options(0));
    for n in 1..=to {
        solver.push(game.heap_options(n as u64), watch)?;
    }
    Ok(solver)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quotient(code: &str, to: usize) -> QuotientSolver {
        quotient_to(&HeapGame::parse(code).unwrap(), to, &mut || Ok(())).unwrap()
    }

    /// Plambeck and Siegel's quotient of 0.75, as MisereSolver prints it.
    #[test]
    fn the_quotient_of_075() {
        let q = quotient("0.75", 20);
        let p = q.quotient();
        assert_eq!(
            p.presentation(),
            "Q = <a,b,c | a2=1,b3=b,bc=ab,c2=b2>; P = {a,b2}"
        );
        assert_eq!(
            p.heap_words().join(" "),
            "1 a b a b c b c b ab2 b ab2 b ab2 b ab2 b ab2 b ab2 b"
        );
        assert_eq!(q.changes(), [1, 2, 5]);
    }

    /// Kayles' quotient to heap 50, as MisereSolver prints it.
    #[test]
    fn the_quotient_of_kayles_to_50() {
        let q = quotient("0.77", 50);
        let p = q.quotient();
        assert_eq!(p.monoid.size(), 40);
        assert_eq!(
            p.presentation(),
            "Q = <a,b,c,d,e,f,g | a2=1,b3=b,bc2=b,c3=c,bd=bc,cd=b2,d3=d,be=bc,ce=b2,e2=de,bf=ab,\
             cf=ab2c,d2f=f,f2=b2,b2g=g,c2g=g,dg=cg,eg=cg,fg=ag,g2=b2>; P = {a,b2,ac,ac2,d,ad2,e,ade,adf}"
        );
        assert_eq!(q.changes(), [1, 2, 5, 9, 12, 25, 27]);
    }

    /// Dawson's Chess (0.137) to heap 30 grows as MisereSolver's quotients do: orders 2, 6,
    /// 12, 24, 144, 176, 360 and 520 (|P| = 89) at heaps 1, 3, 9, 13, 24, 26, 29 and 30.
    #[test]
    fn dawsons_chess_to_30() {
        let q = quotient("0.137", 30);
        assert_eq!(q.changes(), [1, 3, 9, 13, 24, 26, 29, 30]);
        let p = q.quotient();
        assert_eq!(p.monoid.size(), 520);
        assert_eq!(p.p.iter().filter(|&&b| b).count(), 89);
    }

    /// Every position of at most three heaps of at most `largest` tokens: its image is in
    /// P exactly when exhaustive misère search says the player to move loses.
    fn predicts_every_small_position(code: &str, largest: usize) -> Result<(), String> {
        use crate::heap::HeapSum;
        use crate::solver::MisereSolver;
        let game = HeapGame::parse(code).map_err(|e| e.to_string())?;
        // As far as the quotient is found quickly: some codes (0.354 at heap 5) have no
        // finite quotient, and the search gives up; the heaps before stand and are checked.
        let limits = solver::QuotientLimits {
            candidates: 200,
            elements: 100_000,
            work_per_heap: u64::MAX,
            work: u64::MAX,
        };
        let mut solver = QuotientSolver::new(game.heap_options(0)).with_limits(limits);
        for n in 1..=largest {
            if solver
                .push(game.heap_options(n as u64), &mut || Ok(()))
                .is_err()
            {
                break;
            }
        }
        let largest = solver.heaps() - 1;
        let q = solver.quotient();
        // Reduced: no two elements are told apart by no third.
        if q.monoid.reduce(&q.p).0.size() != q.monoid.size() {
            return Err(format!("{code}: the quotient is not reduced"));
        }
        let sum = HeapSum(game.clone());
        let mut search = MisereSolver::new(&sum);
        for a in 0..=largest {
            for b in a..=largest {
                for c in b..=largest {
                    let heaps = [a as u64, b as u64, c as u64];
                    let image = [a, b, c]
                        .iter()
                        .fold(0, |x, &h| q.monoid.product(x, q.phi[h]));
                    let position = HeapSum::<HeapGame>::position(&heaps);
                    let lost =
                        search.outcome(&position).map_err(|e| e.to_string())? == crate::Outcome::P;
                    if q.p[image as usize] != lost {
                        return Err(format!("{code}: heaps {heaps:?}"));
                    }
                }
            }
        }
        Ok(())
    }

    #[test]
    fn quotients_predict_searched_outcomes_of_published_codes() {
        for code in [
            "0.75", "0.77", "0.07", "0.137", "4.7", "0.52", "0.123", "0.54", "0.37",
        ] {
            predicts_every_small_position(code, 11).unwrap();
        }
    }

    /// Every octal code of three digits, to heap 9.
    #[test]
    fn quotients_of_every_three_digit_code_predict_searched_outcomes() {
        for code in 0..512 {
            let code = format!("0.{}{}{}", code >> 6, code >> 3 & 7, code & 7);
            predicts_every_small_position(&code, 9).unwrap();
        }
    }
}

/// The most moves (options of heaps) a computation keeps: they are looked at again with
/// every new candidate. About 200 MB; Kayles reaches it near heap 2,900.
pub const MAX_KEPT_OPTIONS: usize = 1 << 22;

/// The largest quotient whose multiplication table a report holds.
pub const MAX_TABLE_ORDER: usize = 64;

/// What `conway grundy CODE --misere-quotient` reports; its serialization is the JSON.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct QuotientReport {
    /// The game's code or name.
    pub game: String,
    /// The quotient is that of heaps `0..=computed_to`.
    pub computed_to: usize,
    /// `Q = <a,b | …>; P = {…}` as MisereSolver writes it, or `(Q,P) = Tk` when tame.
    pub presentation: String,
    /// |Q|.
    pub order: usize,
    /// |P|.
    pub p_order: usize,
    /// Whether the quotient is that of a tame game.
    pub tame: bool,
    /// Each heap's image Φ(h), as a word in the generators.
    pub heap_words: Vec<String>,
    /// The elements of Q as words, in the order the table uses.
    pub elements: Vec<String>,
    /// The elements of the P-portion, as indices into `elements`.
    pub p_elements: Vec<usize>,
    /// The multiplication table (`table[x][y]` is the index of x·y), for a quotient of at
    /// most [`MAX_TABLE_ORDER`] elements.
    pub table: Option<Vec<Vec<usize>>>,
    /// The heaps at which the quotient grew.
    pub changed_at: Vec<usize>,
    /// The period of Φ certified by the periodicity theorem, if found: then the quotient is
    /// the whole game's.
    pub period: Option<usize>,
    /// Where that period starts.
    pub preperiod: Option<usize>,
    /// Whether the quotient is the whole game's (Φ's period certified).
    pub complete: bool,
    /// Why the computation stopped before `--to`, when it did.
    pub note: Option<String>,
}

/// The misère quotient of a heap game as far as it was computed: the quotient of heaps
/// `0..=computed_to()`, and of the whole game when Φ's period is certified.
pub struct MisereQuotient {
    name: String,
    solver: QuotientSolver,
    period: Option<crate::periodicity::Periodicity>,
    note: Option<String>,
}

impl MisereQuotient {
    /// Computes the quotient heap by heap to `to`, or until the periodicity theorem
    /// certifies Φ's period (then it is the quotient of the whole game: for a code whose
    /// moves leave at most k heaps and take at most t tokens, a period p from heap n₀ seen
    /// through heap k·(n₀ + p) + t + k − 1, CGSuite's criterion). A heap whose quotient is
    /// not found within `limits` ends the computation there, with a note. `progress` hears
    /// after each heap and may stop the run.
    pub fn compute(
        game: &HeapGame,
        to: usize,
        limits: QuotientLimits,
        progress: &dyn conway_core::Progress,
    ) -> Result<Self, ImpartialError> {
        let criterion = match game {
            HeapGame::Code(code) => Some((code.max_heaps(), code.max_take())),
            _ => None,
        };
        Self::compute_with(
            game.name(),
            to,
            limits,
            &mut |n| Ok(game.heap_options(n as u64)),
            criterion,
            progress,
        )
    }

    /// The quotient of heaps `0..options.len()` of a game given by each heap's options (the
    /// heaps each move leaves, all smaller than the heap moved from): a user's own rule.
    /// No theorem certifies a period here; the quotient is that of these heaps.
    pub fn of_options(
        name: String,
        options: Vec<Vec<Vec<u64>>>,
        limits: QuotientLimits,
        progress: &dyn conway_core::Progress,
    ) -> Result<Self, ImpartialError> {
        for (n, moves) in options.iter().enumerate() {
            if let Some(part) = moves.iter().flatten().find(|&&part| part >= n as u64) {
                return Err(ImpartialError::InvalidInput(format!(
                    "a move from a heap of {n} leaves a heap of {part}: every heap a move \
                     leaves must be smaller than the heap moved from"
                )));
            }
        }
        let Some(to) = options.len().checked_sub(1) else {
            return Err(ImpartialError::InvalidInput(
                "no heaps: give the options of heaps 0, 1, …".into(),
            ));
        };
        let mut options = options.into_iter();
        Self::compute_with(
            name,
            to,
            limits,
            &mut |_| Ok(options.next().unwrap_or_default()),
            None,
            progress,
        )
    }

    /// Heap by heap, `options_of(n)` giving heap n's options (asked for n = 0, 1, … in
    /// order); `criterion` is (k, t) for a code whose moves leave at most k heaps and take
    /// at most t tokens, whose period the theorem certifies.
    fn compute_with(
        name: String,
        to: usize,
        limits: QuotientLimits,
        options_of: &mut dyn FnMut(usize) -> Result<Vec<Vec<u64>>, ImpartialError>,
        criterion: Option<(usize, usize)>,
        progress: &dyn conway_core::Progress,
    ) -> Result<Self, ImpartialError> {
        let mut solver = QuotientSolver::new(options_of(0)?).with_limits(limits);
        let mut note = None;
        let mut period = None;
        let mut stop = || {
            if progress
                .report(conway_core::Work::of(0, 1, "candidates"))
                .is_break()
            {
                Err(ImpartialError::Interrupted)
            } else {
                Ok(())
            }
        };
        let mut kept = solver.options(0).map_or(0, <[_]>::len);
        for n in 1..=to {
            let options = options_of(n)?;
            kept = kept.saturating_add(options.len());
            if kept > MAX_KEPT_OPTIONS {
                let e = ImpartialError::too_large(
                    format!("the moves of heaps 0..{n} kept"),
                    kept,
                    MAX_KEPT_OPTIONS,
                );
                note = Some(format!("stopped at heap {n}: {e}"));
                break;
            }
            match solver.push(options, &mut stop) {
                Ok(()) => {}
                Err(ImpartialError::Interrupted) => {
                    return Err(ImpartialError::InterruptedAtHeap {
                        heap: n,
                        saved_to: None,
                    })
                }
                Err(e @ (ImpartialError::MoveLimit { .. } | ImpartialError::TooLarge { .. })) => {
                    note = Some(format!("stopped at heap {n}: {e}"));
                    break;
                }
                Err(e) => return Err(e),
            }
            if let Some((k, t)) = criterion {
                let phi = &solver.quotient().phi;
                period = crate::periodicity::find_period(phi, phi.len() / 2, |len, pre, per| {
                    len >= k * (pre + per) + t + k
                });
                if period.is_some() {
                    break;
                }
            }
            if progress
                .report(conway_core::Work::of(n as u64, to as u64, "heaps"))
                .is_break()
            {
                return Err(ImpartialError::InterruptedAtHeap {
                    heap: n + 1,
                    saved_to: None,
                });
            }
        }
        Ok(MisereQuotient {
            name,
            solver,
            period,
            note,
        })
    }

    /// The quotient: its monoid, P-portion and the images of heaps `0..=computed_to()`.
    pub fn pretension(&self) -> &Pretension {
        self.solver.quotient()
    }

    /// The largest heap whose image was computed.
    pub fn computed_to(&self) -> usize {
        self.solver.heaps() - 1
    }

    /// Whether this is the quotient of the whole game (Φ's period certified).
    pub fn is_complete(&self) -> bool {
        self.period.is_some()
    }

    /// Φ's certified period and where it starts, once found.
    pub fn period(&self) -> Option<crate::periodicity::Periodicity> {
        self.period
    }

    /// The work the computation took ([`QuotientLimits::work`]).
    pub fn work(&self) -> u64 {
        self.solver.work()
    }

    /// Φ(h): the element heap h maps to, for any heap once the period is certified, else for
    /// heaps up to [`Self::computed_to`].
    pub fn image(&self, heap: u64) -> Option<u32> {
        let phi = &self.pretension().phi;
        if let Some(&x) = usize::try_from(heap).ok().and_then(|h| phi.get(h)) {
            return Some(x);
        }
        let period = self.period?;
        let index = period.reduce(&num_bigint::BigUint::from(heap));
        phi.get(index).copied()
    }

    /// Φ of a sum of heaps: the product of the heaps' images.
    pub fn position_image(&self, heaps: &[u64]) -> Option<u32> {
        heaps.iter().try_fold(0, |x, &h| {
            Some(self.pretension().monoid.product(x, self.image(h)?))
        })
    }

    /// For each heap of a sum, the image of the sum without it: what a move on that heap
    /// is multiplied into ([`Self::loses_after`]).
    pub fn others(&self, heaps: &[u64]) -> Option<Vec<u32>> {
        let monoid = &self.pretension().monoid;
        let images: Vec<u32> = heaps
            .iter()
            .map(|&h| self.image(h))
            .collect::<Option<_>>()?;
        let mut after = vec![0u32; heaps.len() + 1];
        for i in (0..heaps.len()).rev() {
            after[i] = monoid.product(images[i], after[i + 1]);
        }
        let mut before = 0;
        let mut others = Vec::with_capacity(heaps.len());
        for i in 0..heaps.len() {
            others.push(monoid.product(before, after[i + 1]));
            before = monoid.product(before, images[i]);
        }
        Some(others)
    }

    /// Whether a move that leaves `parts` in place of one heap, the rest of the sum being
    /// `rest` ([`Self::others`]), leaves a P-position: a winning move in misère play.
    pub fn loses_after(&self, rest: u32, parts: &[u64]) -> Option<bool> {
        let q = self.pretension();
        let x = q.monoid.product(rest, self.position_image(parts)?);
        Some(q.p[x as usize])
    }

    /// Whether the player to move loses the sum of these heaps in misère play.
    pub fn is_p_position(&self, heaps: &[u64]) -> Option<bool> {
        self.loses_after(0, heaps)
    }

    /// Heap h's options as the computation was given them (heaps up to
    /// [`Self::computed_to`]).
    pub fn heap_options(&self, h: u64) -> Option<&[Vec<u64>]> {
        self.solver.options(h)
    }

    /// What `conway grundy CODE --misere-quotient` reports.
    pub fn report(&self) -> QuotientReport {
        let q = self.pretension();
        QuotientReport {
            game: self.name.clone(),
            computed_to: self.computed_to(),
            presentation: q.presentation(),
            order: q.monoid.size(),
            p_order: q.p.iter().filter(|&&b| b).count(),
            tame: q.is_tame(),
            heap_words: q.heap_words(),
            elements: (0..q.monoid.size() as u32)
                .map(|x| word_text(q.monoid.word(x)))
                .collect(),
            p_elements: (0..q.monoid.size()).filter(|&x| q.p[x]).collect(),
            table: (q.monoid.size() <= MAX_TABLE_ORDER).then(|| {
                let size = q.monoid.size() as u32;
                (0..size)
                    .map(|x| (0..size).map(|y| q.monoid.product(x, y) as usize).collect())
                    .collect()
            }),
            changed_at: self.solver.changes().to_vec(),
            period: self.period.map(|c| c.period),
            preperiod: self.period.map(|c| c.preperiod),
            complete: self.is_complete(),
            note: self.note.clone(),
        }
    }
}

/// The misère quotient of a heap game to heap `to` or the whole game's
/// ([`MisereQuotient::compute`] with the default limits), as a report.
pub fn misere_quotient(
    game: &HeapGame,
    to: usize,
    progress: &dyn conway_core::Progress,
) -> Result<QuotientReport, ImpartialError> {
    Ok(MisereQuotient::compute(game, to, DEFAULT_QUOTIENT_LIMITS, progress)?.report())
}

#[cfg(test)]
mod report_tests {
    use super::*;

    /// MisereSolver on 0.75: period 2, preperiod 8, |Q| = 8, |P| = 2 ("Solution Found at
    /// Heap 34": its period search needs more heaps than the criterion, 2·(8 + 2) + 2 + 2
    /// heaps, which heap 23 completes); on Kayles: period 12 from heap 71, |Q| = 40, |P| = 9 (its heap 253;
    /// the criterion's is 169).
    #[test]
    fn whole_game_quotients_as_miseresolver_finds_them() {
        let none = conway_core::NoProgress;
        let r = misere_quotient(&HeapGame::parse("0.75").unwrap(), 1000, &none).unwrap();
        assert_eq!(
            (r.computed_to, r.period, r.preperiod),
            (23, Some(2), Some(8))
        );
        assert_eq!((r.order, r.p_order, r.complete), (8, 2, true));
        let r = misere_quotient(&HeapGame::parse("0.77").unwrap(), 1000, &none).unwrap();
        assert_eq!(
            (r.computed_to, r.period, r.preperiod),
            (169, Some(12), Some(71))
        );
        assert_eq!((r.order, r.p_order, r.tame), (40, 9, false));
        assert_eq!(r.changed_at.last(), Some(&27));
    }

    /// A game given by its heaps' options (a user's rule) has the quotient of the code
    /// with those moves, with no period certified; a rule whose move leaves a heap as
    /// large as the one moved from is refused.
    #[test]
    fn quotients_of_given_options() {
        let none = conway_core::NoProgress;
        let kayles = HeapGame::parse("0.77").unwrap();
        let options: Vec<Vec<Vec<u64>>> = (0..60).map(|n| kayles.heap_options(n)).collect();
        let rule =
            MisereQuotient::of_options("rule".into(), options, DEFAULT_QUOTIENT_LIMITS, &none)
                .unwrap();
        let code = MisereQuotient::compute(&kayles, 59, DEFAULT_QUOTIENT_LIMITS, &none).unwrap();
        let (r, c) = (rule.report(), code.report());
        assert_eq!(
            (r.presentation, r.heap_words),
            (c.presentation, c.heap_words)
        );
        assert!(!r.complete);
        assert_eq!(rule.image(60), None);
        assert_eq!(code.image(1_000_000), code.image(1_000_000 - 12));
        let bad = vec![vec![], vec![vec![1]]];
        let e = MisereQuotient::of_options("bad".into(), bad, DEFAULT_QUOTIENT_LIMITS, &none);
        assert!(e
            .err()
            .unwrap()
            .to_string()
            .contains("heap of 1 leaves a heap of 1"));
        assert!(
            MisereQuotient::of_options("none".into(), vec![], DEFAULT_QUOTIENT_LIMITS, &none)
                .is_err()
        );
    }
}
