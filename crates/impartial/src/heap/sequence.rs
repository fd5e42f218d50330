//! The Grundy sequence of any catalogued heap game, computed by the fastest engine for it,
//! resumable from saved values, and its period — certified by a theorem where one applies,
//! otherwise only observed, with how far it was checked.
//!
//! Engines: the rare/common engine for octal and hexadecimal codes ([`super::fast`]); the
//! last-`t`-values window for finite subtraction sets; value counts for "all but" sets
//! ([`super::all_but`]); the rare/common engine without equal splits for Grundy's game;
//! every split for Lasker's Nim (quadratic) up to [`LASKER_FORMULA_FROM`], its closed form
//! after, which also proves its arithmetic period.
//!
//! [`compute`] is the whole of `conway grundy` in normal play: the run, resumed from and
//! saved to a checkpoint when one is named ([`super::checkpoint`]), and its
//! [`SequenceReport`]. A [`HeapSequence`] stopped by its progress hook keeps every value it
//! computed, so that they can be saved and the run continued.

use serde::{Serialize, Serializer};
use std::ops::ControlFlow;

use super::all_but::AllButCounts;
use super::catalog::{HeapGame, LASKER_FORMULA_FROM, MAX_SPAWNING_WORK};
use super::checkpoint::{self, Checkpointing, SaveSchedule};
use super::fast::{EngineStats, SequenceEngine, PROGRESS_INTERVAL};
use super::lasker;
use super::values::Values;
use crate::mex::ValueSet;
use crate::periodicity::{find_period, Periodicity};
use crate::ImpartialError;
use conway_core::durable;
use conway_core::{Pace, Progress, Work};

/// How often (in heaps) the engines other than the rare/common one report progress.
const STEP_INTERVAL: usize = 1 << 12;

/// A Grundy sequence being computed: extended step by step, interruptible through its
/// progress hook, resumable from values saved earlier.
pub struct HeapSequence {
    game: HeapGame,
    engine: Engine,
    /// The most work (splits looked at) a run of the rare/common engine may be estimated to
    /// need before it is refused ([`MAX_ESTIMATED_WORK`]); `None`: no estimate, for runs
    /// that save their values and can be stopped and resumed.
    estimate_limit: Option<u64>,
    /// The counters when the trial reached half its heaps ([`TRIAL_HEAPS`]).
    half_trial: Option<EngineStats>,
}

/// The most splits a run of the rare/common engine without a checkpoint may be estimated
/// to look at: about an hour or two on one core (10^9 splits a second at best, 5 · 10^8
/// where every split of every heap is looked at). A run past it is refused after its trial
/// ([`TRIAL_HEAPS`]); a run within it goes to the end, however long its estimate said.
pub const MAX_ESTIMATED_WORK: u64 = 1 << 42;

/// The heaps a run computes before its work is estimated (at most 2 s: 0.06, whose every
/// split is looked at, needs 10^9 splits for them), kept as the run's first values.
pub const TRIAL_HEAPS: usize = 1 << 16;

/// The work a run to `len` heaps is estimated to need, from the counters `half` and `full`
/// at `trial / 2` and `trial` heaps: the work so far, and the heaps left at the cost per
/// heap of the trial's second half. Where most of those heaps were computed naively (every
/// split, so a cost that grows in proportion to the heap), that cost grows with the heap
/// from the half's middle on; otherwise it is taken twice, for the rare values that may
/// still come (the suited codes measured stay within it: Grundy's game, 0.014, 0.161, 0.6).
pub fn estimated_work(half: &EngineStats, full: &EngineStats, trial: usize, len: usize) -> u64 {
    let heaps = (trial / 2).max(1) as u128;
    let recent = u128::from(full.work.saturating_sub(half.work));
    let naive = u128::from(full.naive_steps.saturating_sub(half.naive_steps));
    let (len, trial) = (len as u128, trial as u128);
    let left = len.saturating_sub(trial);
    let more = if 2 * naive >= heaps {
        // Σ over n in trial..len of recent/heaps · n / (3·trial/4).
        let sum_n = (len * len).saturating_sub(trial * trial) / 2;
        recent * sum_n * 4 / (heaps * 3 * trial.max(1))
    } else {
        2 * recent * left / heaps
    };
    u64::try_from(u128::from(full.work) + more).unwrap_or(u64::MAX)
}

/// The engines, each with its values and the options of the heap being computed.
enum Engine {
    RareCommon(Box<SequenceEngine>),
    Window(Vec<u32>, ValueSet),
    AllBut(Vec<u32>, AllButCounts),
    /// Also the values present so far (every smaller heap is an option), and the first
    /// heap whose value comes from the closed form instead.
    Lasker(Vec<u32>, ValueSet, ValueSet, usize),
    /// Every option of every heap looked at, for spawning games: the values, the options'
    /// values of the heap being computed, and the heaps left by all the moves looked at so
    /// far (bounded by [`MAX_SPAWNING_WORK`]).
    Spawning(Vec<u32>, Vec<u32>, u64),
    /// Values whose period a theorem certified: every later value repeats one a period
    /// back. Reports progress every `interval` heaps, as the engine it replaced did.
    Periodic {
        values: Values,
        period: Periodicity,
        interval: usize,
    },
}

/// The first length at which a sequence is checked for a certified period; then at every
/// power of two. Each check is linear in the values ([`find_period`]), so all of them
/// together cost less than twice the last one.
const FIRST_PERIOD_CHECK: usize = 1 << 12;

impl HeapSequence {
    /// A sequence of `game` with no values yet.
    pub fn new(game: &HeapGame) -> Self {
        HeapSequence::resume(game, Values::default())
            .unwrap_or_else(|_| unreachable!("no values to check"))
    }

    /// A sequence that continues from `values`, the values of heaps `0..values.len()`
    /// computed earlier (from a checkpoint). They are trusted, not recomputed; a value too
    /// large for the game's engine is an error.
    pub fn resume(game: &HeapGame, values: Values) -> Result<Self, ImpartialError> {
        // Heap n of the games below has at most 2n options (Lasker's Nim: n removals and
        // n/2 splits), so its value is at most 2n. A larger one comes from a damaged file,
        // and would size the option tables built from the largest value (gigabytes for one
        // value near 2^32). Octal codes have their own limit, checked by their engine; a
        // spawning game's values may pass 2n (Motley's heap n is worth 2^(n-1)), and its
        // engine sizes nothing by them.
        if !matches!(game, HeapGame::Code(_) | HeapGame::Spawning(_)) {
            // Splittles's heap n has up to n + n²/4 options.
            let most = |n: u64| match game {
                HeapGame::AllBut(g) if g.splits() => n + n * n / 4,
                _ => 2 * n,
            };
            let impossible = (0..values.len())
                .find(|&n| values.get(n).is_some_and(|v| u64::from(v) > most(n as u64)));
            if let Some(heap) = impossible {
                return Err(ImpartialError::InvalidInput(format!(
                    "the saved value of heap {heap} is larger than any heap {heap} of {} has",
                    game.name()
                )));
            }
        }
        let engine = match game {
            HeapGame::Code(g) => Engine::RareCommon(Box::new(SequenceEngine::resume(g, values)?)),
            HeapGame::Subtraction(g) => {
                // The options are values of smaller heaps: those computed are at most |S|
                // (a mex of |S| options), those resumed at most their maximum.
                let v = values.into_u32_vec();
                let most = v.iter().copied().max().unwrap_or(0) as usize;
                let options = ValueSet::with_bound(most.max(g.set().len()) + 1);
                Engine::Window(v, options)
            }
            HeapGame::AllBut(game) => {
                let v = values.into_u32_vec();
                let counts = game.counts(&v);
                Engine::AllBut(v, counts)
            }
            HeapGame::Grundy => {
                Engine::RareCommon(Box::new(SequenceEngine::resume_grundys_game(values)?))
            }
            HeapGame::Lasker => {
                let v = values.into_u32_vec();
                // Only heaps below the closed form's start are ever options of a mex.
                let mexed = &v[..v.len().min(LASKER_FORMULA_FROM)];
                let mut present = ValueSet::with_bound(room_for_xors(mexed));
                mexed.iter().for_each(|&x| present.insert(x));
                let options = ValueSet::with_bound(room_for_xors(mexed));
                Engine::Lasker(v, options, present, LASKER_FORMULA_FROM)
            }
            HeapGame::Spawning(_) => Engine::Spawning(values.into_u32_vec(), Vec::new(), 0),
        };
        Ok(HeapSequence {
            game: game.clone(),
            engine,
            estimate_limit: Some(MAX_ESTIMATED_WORK),
            half_trial: None,
        })
    }

    /// The same sequence without the estimate of its work: for runs that save their values
    /// and can be stopped and resumed at will.
    pub fn without_estimate(self) -> Self {
        HeapSequence {
            estimate_limit: None,
            ..self
        }
    }

    /// The game.
    pub fn game(&self) -> &HeapGame {
        &self.game
    }

    /// How many heaps have values.
    pub fn len(&self) -> usize {
        match &self.engine {
            Engine::RareCommon(e) => e.len(),
            Engine::Periodic { values, .. } => values.len(),
            Engine::Window(v, _)
            | Engine::AllBut(v, _)
            | Engine::Lasker(v, _, _, _)
            | Engine::Spawning(v, _, _) => v.len(),
        }
    }

    /// True before the first value is computed.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The value of heap `n`, if computed.
    pub fn get(&self, n: usize) -> Option<u64> {
        match &self.engine {
            Engine::RareCommon(e) => e.values().get(n).map(u64::from),
            Engine::Periodic { values, .. } => values.get(n).map(u64::from),
            Engine::Window(v, _)
            | Engine::AllBut(v, _)
            | Engine::Lasker(v, _, _, _)
            | Engine::Spawning(v, _, _) => v.get(n).map(|&x| u64::from(x)),
        }
    }

    /// The largest value computed (0 when none).
    pub fn max(&self) -> u64 {
        (0..self.len())
            .filter_map(|n| self.get(n))
            .max()
            .unwrap_or(0)
    }

    /// The values computed, taking them out.
    pub fn into_values(self) -> Values {
        match self.engine {
            Engine::RareCommon(e) => (*e).into_values(),
            Engine::Periodic { values, .. } => values,
            Engine::Window(v, _)
            | Engine::AllBut(v, _)
            | Engine::Lasker(v, _, _, _)
            | Engine::Spawning(v, _, _) => Values::U32(v),
        }
    }

    /// Computes values until heaps `0..len` are known (at most the game's limit). Every few
    /// thousand heaps `progress` hears how many are known (of `len`, in `heaps`); when it
    /// answers stop, this returns [`ImpartialError::Interrupted`] and the sequence keeps
    /// every value computed: save them, or call again to continue.
    ///
    /// Octal codes and finite subtraction sets are checked for a certified period at
    /// [`FIRST_PERIOD_CHECK`] heaps and every power of two after; once one is found, the
    /// values go on by the period, a copy per heap (Dawson's Kayles, whose rare values are
    /// dense, would otherwise cost the rare/common method quadratic time).
    ///
    /// A run of the rare/common engine to more than [`TRIAL_HEAPS`] heaps, from fewer,
    /// computes those first and is then refused, keeping them, when its
    /// [`estimated_work`] passes the limit (unless [`HeapSequence::without_estimate`]).
    /// Nothing refuses it after that: it runs to `len`, or until `progress` stops it.
    pub fn extend_to(&mut self, len: usize, progress: &dyn Progress) -> Result<(), ImpartialError> {
        self.game.check_len(len)?;
        while self.len() < len {
            let check = FIRST_PERIOD_CHECK.max((self.len() + 1).next_power_of_two());
            let stage = check.min(len);
            match &mut self.engine {
                Engine::Periodic {
                    values,
                    period,
                    interval,
                } => return extend_periodic(values, *period, *interval, len, progress),
                Engine::RareCommon(e) => {
                    // The engine's reports name the whole run, not the stage.
                    let whole = |work: Work| {
                        progress.report(Work {
                            total: Some(len as u64),
                            ..work
                        })
                    };
                    e.extend_within(stage, &whole, u64::MAX)?;
                    // The engine reports only before the end of its run: the report due at
                    // the end of a stage is made here.
                    if stage.is_multiple_of(PROGRESS_INTERVAL) && stage < len {
                        progress.advance(Work::of(stage as u64, len as u64, "heaps"))?;
                    }
                    if stage == TRIAL_HEAPS / 2 {
                        self.half_trial = Some(e.stats());
                    }
                }
                _ => {
                    let mut pace = Pace::new(progress);
                    while self.len() < stage {
                        self.step(&mut pace, len)?;
                        let done = self.len();
                        if done.is_multiple_of(STEP_INTERVAL) && done < len {
                            progress.advance(Work::of(done as u64, len as u64, "heaps"))?;
                        }
                    }
                }
            }
            if stage < len {
                self.follow_period();
                if stage == TRIAL_HEAPS {
                    self.check_estimate(len)?;
                }
            }
        }
        Ok(())
    }

    /// Refuses the rest of a run to `len` heaps whose trial has just ended when its
    /// estimated work passes the limit (see [`HeapSequence::extend_to`]).
    fn check_estimate(&self, len: usize) -> Result<(), ImpartialError> {
        let (Engine::RareCommon(e), Some(limit), Some(half)) =
            (&self.engine, self.estimate_limit, &self.half_trial)
        else {
            return Ok(());
        };
        let estimate = estimated_work(half, &e.stats(), TRIAL_HEAPS, len);
        if estimate <= limit {
            return Ok(());
        }
        Err(ImpartialError::EstimatedWork {
            game: self.game.described(),
            heap: len - 1,
            estimate,
            trial: TRIAL_HEAPS,
            limit,
        })
    }

    /// Switches to the periodic engine when a theorem certifies a period of the values so
    /// far (codes and finite subtraction sets only).
    fn follow_period(&mut self) {
        let (period, interval) = match &self.engine {
            Engine::RareCommon(e) => (certified_period(&self.game, e.values()), PROGRESS_INTERVAL),
            Engine::Window(v, _) => (certified_period_of(&self.game, v), STEP_INTERVAL),
            _ => return,
        };
        let Some(period) = period else {
            return;
        };
        let placeholder = Engine::Window(Vec::new(), ValueSet::with_bound(1));
        let values = match std::mem::replace(&mut self.engine, placeholder) {
            Engine::RareCommon(e) => (*e).into_values(),
            Engine::Window(v, _) => Values::U32(v).narrowest(),
            _ => unreachable!("only the engines above have a certified period"),
        };
        self.engine = Engine::Periodic {
            values,
            period,
            interval,
        };
    }

    /// Appends one value (any engine but the rare/common one); a spawning game refuses a
    /// heap whose moves would pass [`MAX_SPAWNING_WORK`].
    /// `pace` hears of long steps (a spawning game's heap may have millions of moves).
    fn step(&mut self, pace: &mut Pace<'_>, len: usize) -> Result<(), ImpartialError> {
        match (&mut self.engine, &self.game) {
            (Engine::Window(g, options), HeapGame::Subtraction(game)) => {
                let n = g.len();
                options.clear();
                for &s in game.set().iter().take_while(|&&s| s as usize <= n) {
                    options.insert(g[n - s as usize]);
                }
                g.push(options.mex());
            }
            (Engine::AllBut(g, counts), HeapGame::AllBut(game)) => game.extend(g, counts),
            (Engine::Lasker(g, _, _, formula_from), _) if g.len() >= *formula_from => {
                g.push(lasker::grundy_of(g.len() as u64) as u32);
            }
            (Engine::Lasker(g, options, present, _), _) => {
                let n = g.len();
                options.clear();
                for a in 1..=n / 2 {
                    options.insert(g[a] ^ g[n - a]);
                }
                // Every smaller heap is an option too.
                options.union_with(present);
                let v = options.mex();
                g.push(v);
                options.make_room(room_for_xors(&[v]));
                present.make_room(room_for_xors(&[v]));
                present.insert(v);
            }
            (Engine::Spawning(g, reached, work), HeapGame::Spawning(code)) => {
                let n = g.len();
                reached.clear();
                let mut over = false;
                let mut stopped = Ok(());
                let _ = code.visit_others(n as u64, &mut |heaps| {
                    *work += heaps.len() as u64 + 1;
                    if *work > MAX_SPAWNING_WORK {
                        over = true;
                        return ControlFlow::Break(());
                    }
                    stopped = pace.tick(|| Work::of(n as u64, len as u64, "heaps"));
                    if stopped.is_err() {
                        return ControlFlow::Break(());
                    }
                    reached.push(heaps.iter().fold(0, |acc, &h| acc ^ g[h as usize]));
                    ControlFlow::Continue(())
                });
                stopped?;
                if over {
                    return Err(ImpartialError::too_large(
                        format!("the work of the table of {} to heap {n}", self.game.name()),
                        format!("more than {MAX_SPAWNING_WORK} heaps left by moves"),
                        MAX_SPAWNING_WORK,
                    ));
                }
                // A heap's value is at most its number of moves, which the bound on the
                // work keeps below 2^32.
                g.push(crate::mex::mex_of_u32s(reached));
            }
            _ => unreachable!("engines are chosen from the game in resume"),
        }
        Ok(())
    }
}

/// Extends `values` to `len` heaps by their certified `period`, reporting to `progress` every
/// `interval` heaps before the end (a stop leaves the values computed so far).
fn extend_periodic(
    values: &mut Values,
    period: Periodicity,
    interval: usize,
    len: usize,
    progress: &dyn Progress,
) -> Result<(), ImpartialError> {
    while values.len() < len {
        let next = ((values.len() / interval + 1) * interval).min(len);
        values.extend_periodic(period, next);
        if next.is_multiple_of(interval) && next < len {
            progress.advance(Work::of(next as u64, len as u64, "heaps"))?;
        }
    }
    Ok(())
}

/// Room for the xors of `values` and of any smaller values: each is below
/// `2^bitlen(max)`, at most `2·max + 1`.
fn room_for_xors(values: &[u32]) -> usize {
    2 * (values.iter().copied().max().unwrap_or(0) as usize + 1)
}

/// What `conway grundy` reports in normal play; its serialization is the command's JSON.
///
/// The period is certified when a theorem proves it from the values computed, or else it is
/// the least one the values show at least three times after the preperiod, over a stretch
/// at least twice the preperiod.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct SequenceReport {
    /// The game's code, set or name.
    pub game: String,
    /// The last heap whose value was computed: values are known for heaps
    /// `0..=computed_to` (0 too when no value was computed).
    pub computed_to: usize,
    /// The first heap of the periodic part, or `None` when no period was found.
    pub preperiod: Option<usize>,
    /// The least period, or `None` when no period was found.
    pub period: Option<usize>,
    /// How much the values grow per period (0 for plain periodicity), or `None` when no
    /// period was found.
    pub saltus: Option<u64>,
    /// Whether the period is proved by a theorem from the values computed.
    pub certified: bool,
    /// The theorem that proves it, in words.
    #[serde(skip)]
    pub proved_by: Option<&'static str>,
    /// The values of heaps `0..=computed_to`, when they were asked for; decimal strings in
    /// the JSON, like every value of the CLI's JSON that may be large.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "decimal_strings"
    )]
    #[schemars(with = "Option<Vec<String>>")]
    pub values: Option<Values>,
}

impl SequenceReport {
    /// The preperiod and period, if a period was found.
    pub fn periodicity(&self) -> Option<Periodicity> {
        Some(Periodicity {
            preperiod: self.preperiod?,
            period: self.period?,
        })
    }
}

/// The values as a list of decimal strings.
fn decimal_strings<S: Serializer>(values: &Option<Values>, out: S) -> Result<S::Ok, S::Error> {
    match values {
        Some(values) => out.collect_seq(values.iter().map(|v| v.to_string())),
        None => out.serialize_none(),
    }
}

/// The period a theorem certifies from `values`, if the game has such a theorem: the
/// Guy–Smith periodicity theorem for codes, the window argument for finite subtraction sets
/// (each value depends only on the `t = max S` values before it).
pub fn certified_period(game: &HeapGame, values: &Values) -> Option<Periodicity> {
    match values {
        Values::U8(g) => certified_period_of(game, g),
        Values::U16(g) => certified_period_of(game, g),
        Values::U32(g) => certified_period_of(game, g),
    }
}

/// [`certified_period`] of values in any width.
fn certified_period_of<T: PartialEq>(game: &HeapGame, values: &[T]) -> Option<Periodicity> {
    match game {
        HeapGame::Code(g) => g.certified_period(values),
        HeapGame::Subtraction(g) => {
            let t = g.max_subtraction() as usize;
            find_period(values, values.len() / 2, |len, pre, per| {
                len >= pre + per + t
            })
        }
        // No periodicity theorem is known for Grundy's game; the arithmetic periodicity of
        // "all but" games is reported as observed (Lasker's Nim's is proved by its closed
        // form, in `report`).
        _ => None,
    }
}

/// The least arithmetic period seen at least three times after its preperiod, over a
/// stretch at least twice the preperiod: evidence, not proof.
fn observed_period(values: &Values) -> Option<(Periodicity, u64)> {
    let enough = |len: usize, pre: usize, per: usize| len >= 2 * pre + 3 * per;
    values.arithmetic_period(values.len() / 3, enough)
}

/// The report for values already computed: the certified period, else the observed one;
/// the values themselves are kept in it when `listed`.
pub fn report(game: &HeapGame, values: Values, listed: bool) -> SequenceReport {
    if *game == HeapGame::Lasker {
        if let Some((p, saltus)) = lasker_closed_form(&values) {
            let proved = (p, saltus, "Lasker's Nim's closed form");
            return report_with(game.name(), Some(proved), values, listed);
        }
    }
    let certified = certified_period(game, &values).map(|p| (p, 0, "the periodicity theorem"));
    report_with(game.name(), certified, values, listed)
}

/// Lasker's Nim's arithmetic period (from heap 1, period 4, saltus 4), proved by its closed
/// form, when the values follow it and show a whole period.
fn lasker_closed_form(values: &Values) -> Option<(Periodicity, u64)> {
    let follows = (0..values.len())
        .all(|n| values.get(n).map(u64::from) == Some(lasker::grundy_of(n as u64)));
    let p = Periodicity {
        preperiod: 1,
        period: 4,
    };
    (follows && values.len() > p.preperiod + p.period).then_some((p, 4))
}

/// The report for the values of a heap game known only through them (a user's rule, with
/// no theorem to certify a period): the observed period, if any.
pub fn observed_report(game: String, values: Values, listed: bool) -> SequenceReport {
    report_with(game, None, values, listed)
}

/// The report for `values` of the game named `game`, whose period is `certified` or else
/// the observed one.
fn report_with(
    game: String,
    certified: Option<(Periodicity, u64, &'static str)>,
    values: Values,
    listed: bool,
) -> SequenceReport {
    let (period, saltus) = match certified {
        Some((p, saltus, _)) => (Some(p), saltus),
        None => observed_period(&values).map_or((None, 0), |(p, s)| (Some(p), s)),
    };
    SequenceReport {
        game,
        computed_to: values.len().saturating_sub(1),
        preperiod: period.map(|p| p.preperiod),
        period: period.map(|p| p.period),
        saltus: period.map(|_| saltus),
        certified: certified.is_some(),
        proved_by: certified.map(|(_, _, theorem)| theorem),
        values: listed.then_some(values),
    }
}

/// `conway grundy GAME --to TO`: the values of heaps `0..=to` and their period, the values
/// themselves in the report when `listed`.
///
/// Without a checkpoint, a run of the rare/common engine whose work is estimated past
/// [`MAX_ESTIMATED_WORK`] after its first [`TRIAL_HEAPS`] heaps is refused then
/// ([`ImpartialError::EstimatedWork`]), and any other runs to the end.
/// With a checkpoint, the run is not estimated; it starts from the values the file holds for this game (all of
/// them, even past `to`), saves every `checkpoint.every` and when it ends or is stopped
/// (only when it has values the file lacks); the report covers heaps `0..=to` only. A stop
/// asked by `progress` is [`ImpartialError::InterruptedAtHeap`], naming the first heap
/// without a value and the file that holds the others.
pub fn compute(
    game: &HeapGame,
    to: usize,
    listed: bool,
    checkpoint: Option<&Checkpointing<'_>>,
    progress: &dyn Progress,
) -> Result<SequenceReport, ImpartialError> {
    let len = to.saturating_add(1);
    game.check_len(len)?;
    let interrupted = |sequence: &HeapSequence| ImpartialError::InterruptedAtHeap {
        heap: sequence.len(),
        saved_to: checkpoint.map(|c| c.path.to_path_buf()),
    };
    let Some(checkpoint) = checkpoint else {
        let mut sequence = HeapSequence::new(game);
        return match sequence.extend_to(len, progress) {
            Ok(()) => Ok(report(game, sequence.into_values(), listed)),
            Err(ImpartialError::Interrupted) => Err(interrupted(&sequence)),
            Err(e) => Err(e),
        };
    };
    let saved = checkpoint::load(checkpoint.path, game)?;
    // How many values the file holds: none when there is no file yet.
    let mut on_disk = saved.as_ref().map(Values::len);
    // A checkpointed run may be stopped and resumed at will: no work limit.
    let mut sequence = match saved {
        Some(values) => HeapSequence::resume(game, values)?,
        None => HeapSequence::new(game),
    }
    .without_estimate();
    loop {
        let schedule = SaveSchedule::new(progress, checkpoint.every);
        let result = sequence.extend_to(len, &schedule);
        if matches!(result, Ok(()) | Err(ImpartialError::Interrupted))
            && on_disk != Some(sequence.len())
        {
            durable::guarded(checkpoint.guard, || {
                checkpoint::save(checkpoint.path, &sequence)
            })?;
            on_disk = Some(sequence.len());
        }
        match result {
            Ok(()) => break,
            Err(ImpartialError::Interrupted) if schedule.stopped_for_save() => {}
            Err(ImpartialError::Interrupted) => return Err(interrupted(&sequence)),
            Err(e) => return Err(e),
        }
    }
    let mut values = sequence.into_values();
    // The checkpoint may have gone further than asked: report only the heaps asked for.
    values.truncate(len);
    Ok(report(game, values, listed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::grundy_sequence;
    use conway_core::durable::SaveGuard;
    use conway_core::{NoProgress, StopAfter};
    use proptest::prelude::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    /// The engine's counters of `game` after `n` heaps, continuing `engine`.
    fn stats_at(engine: &mut SequenceEngine, n: usize) -> EngineStats {
        engine.extend_to(n, &NoProgress).expect("no limit");
        engine.stats()
    }

    /// The estimate from a short trial against the work the runs then do: within it, and
    /// not far below it, for codes the rare/common method suits (growing rare values or
    /// not) and for one it does not suit (0.06, every split of every heap).
    #[test]
    fn estimates_foresee_the_work_of_each_kind_of_code() {
        let trial = 1 << 14;
        for (game, len) in [
            ("0.6", 1 << 18),
            ("0.161", 1 << 18),
            ("0.014", 1 << 17),
            ("grundy", 1 << 17),
            ("0.06", 1 << 16),
        ] {
            let mut engine = match HeapGame::parse(game).expect("a game") {
                HeapGame::Grundy => SequenceEngine::grundys_game(),
                HeapGame::Code(code) => SequenceEngine::new(&code),
                _ => unreachable!("codes and Grundy's game"),
            };
            let half = stats_at(&mut engine, trial / 2);
            let full = stats_at(&mut engine, trial);
            let estimate = estimated_work(&half, &full, trial, len);
            let work = stats_at(&mut engine, len).work;
            assert!(work <= estimate, "{game}: {work} > {estimate}");
            assert!(estimate <= 4 * work, "{game}: {estimate} > 4 · {work}");
        }
    }

    /// A run estimated past the limit is refused once its trial is done, keeping the
    /// trial's values; a checkpointed run is not estimated. Grundy's game to 2^24 and 0.014
    /// to 2^22 (each once refused after half a minute of work) are well within it.
    #[test]
    fn runs_past_the_estimate_are_refused_after_their_trial_only() {
        let quadratic = HeapGame::parse("0.06").expect("a code");
        let mut sequence = HeapSequence::new(&quadratic);
        let error = sequence
            .extend_to(1 << 22, &NoProgress)
            .expect_err("too much");
        assert!(
            matches!(error, ImpartialError::EstimatedWork { heap, .. } if heap == (1 << 22) - 1)
        );
        assert!(error.to_string().contains("--checkpoint"), "{error}");
        assert_eq!(sequence.len(), TRIAL_HEAPS);
        for (game, len) in [("grundy", 1usize << 24), ("0.014", 1 << 22)] {
            let mut sequence = HeapSequence::new(&HeapGame::parse(game).expect("a game"));
            sequence
                .extend_to(TRIAL_HEAPS + 1, &NoProgress)
                .expect("short");
            let Engine::RareCommon(e) = &sequence.engine else {
                unreachable!("no certified period")
            };
            let half = sequence.half_trial.as_ref().expect("the trial's half");
            let estimate = estimated_work(half, &e.stats(), TRIAL_HEAPS, len);
            assert!(estimate < MAX_ESTIMATED_WORK / 8, "{game}: {estimate}");
        }
    }

    /// An input for fuzz target `checkpoint` (seed `huge-lasker-value`): a checkpoint of
    /// Lasker's Nim holding the value 2^32 - 16 for heap 1, checksum intact, had its option
    /// tables sized for it (two of 1 GiB each, 8 s); the campaign then found the same for
    /// "all but" games (seed `oom-allbut-huge-value`, 2.6 GB). Such values are now refused.
    #[test]
    fn impossible_saved_values_are_refused() {
        for game in ["lasker", "grundy", "S(1,2)", "allbut(1)"] {
            let game = HeapGame::parse(game).unwrap();
            let e = HeapSequence::resume(&game, Values::U32(vec![0, 0xFFFF_FFF0]))
                .err()
                .expect("refused");
            assert!(e.to_string().contains("value of heap 1"), "{e}");
            assert!(HeapSequence::resume(&game, Values::U8(vec![0, 1, 2])).is_ok());
        }
    }

    /// The report on heaps `0..len`, values listed.
    fn analyse(game: &HeapGame, len: usize) -> Result<SequenceReport, ImpartialError> {
        compute(game, len - 1, true, None, &NoProgress)
    }

    fn values(game: &HeapGame, len: usize) -> Vec<u64> {
        let report = analyse(game, len).unwrap();
        report.values.expect("listed").to_u64_vec()
    }

    /// Grundy's game, OEIS A002188, n = 0..29.
    #[test]
    fn grundys_game_matches_oeis() {
        let a002188 = [
            0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1,
            2,
        ];
        assert_eq!(values(&HeapGame::Grundy, 30), a002188);
    }

    #[test]
    fn kayles_is_certified_and_grundy_only_observed() {
        let r = analyse(&HeapGame::parse("kayles").unwrap(), 200).unwrap();
        assert!(r.certified);
        assert_eq!(
            r.periodicity(),
            Some(Periodicity {
                preperiod: 71,
                period: 12
            })
        );
        let r = analyse(&HeapGame::Grundy, 300).unwrap();
        assert!(!r.certified);
        let limit = super::super::catalog::MAX_GRUNDYS_GAME_HEAP;
        let err = analyse(&HeapGame::Grundy, limit + 1).unwrap_err();
        assert!(
            matches!(&err, ImpartialError::TooLarge { size, .. } if *size == format!("{} heaps", limit + 1)),
            "{err}"
        );
    }

    /// Lasker's Nim by the mex over every split, to 2^14 heaps (past the closed form's
    /// start), equals the sequence that switches to the closed form, computed in one go
    /// and resumed from a prefix on either side of the switch.
    #[test]
    fn lasker_closed_form_equals_every_split() {
        let len = 1 << 14;
        let mut by_splits = HeapSequence::new(&HeapGame::Lasker);
        if let Engine::Lasker(_, _, _, from) = &mut by_splits.engine {
            *from = usize::MAX;
        }
        by_splits.extend_to(len, &NoProgress).unwrap();
        let expected = by_splits.into_values().to_u64_vec();
        let mut fast = HeapSequence::new(&HeapGame::Lasker);
        fast.extend_to(len, &NoProgress).unwrap();
        assert_eq!(fast.into_values().to_u64_vec(), expected);
        for prefix in [100, LASKER_FORMULA_FROM + 7] {
            let start: Vec<u32> = expected[..prefix].iter().map(|&v| v as u32).collect();
            let mut resumed = HeapSequence::resume(&HeapGame::Lasker, Values::U32(start)).unwrap();
            resumed.extend_to(len, &NoProgress).unwrap();
            assert_eq!(resumed.into_values().to_u64_vec(), expected);
        }
    }

    /// Lasker's Nim: the closed form of Ferguson's Game Theory (I §4), period 4 with saltus
    /// 4 from heap 1, is what the mex over every split gives, and proves the period.
    #[test]
    fn lasker_is_arithmetic_periodic() {
        let r = analyse(&HeapGame::Lasker, 400).unwrap();
        let closed: Vec<u64> = (0..400u64)
            .map(|n| crate::heap::lasker::grundy(&n.into()).try_into().unwrap())
            .collect();
        assert_eq!(r.values.as_ref().map(Values::to_u64_vec), Some(closed));
        assert_eq!(
            (
                r.periodicity().map(|p| (p.preperiod, p.period)),
                r.saltus,
                r.certified
            ),
            (Some((1, 4)), Some(4), true)
        );
        assert_eq!(r.proved_by, Some("Lasker's Nim's closed form"));
    }

    /// S(1,3,4) has period 7 from heap 0 (0,1,0,1,2,3,2, repeating; Berlekamp–Conway–Guy).
    #[test]
    fn subtraction_sets_are_certified() {
        let r = analyse(&HeapGame::parse("S(1,3,4)").unwrap(), 100).unwrap();
        assert!(r.certified);
        assert_eq!(r.values.unwrap().to_u64_vec()[..7], [0, 1, 0, 1, 2, 3, 2]);
        assert_eq!((r.preperiod, r.period), (Some(0), Some(7)));
    }

    /// The report serializes to the CLI's JSON: Kayles is periodic from heap 71 with period
    /// 12 (Guy & Smith 1956; Winning Ways ch. 4); Grundy's game shows no period by heap 40
    /// and lists its values (OEIS A002188) as strings.
    #[test]
    fn reports_serialize_to_the_cli_json() {
        let kayles = HeapGame::parse("kayles").unwrap();
        let r = compute(&kayles, 10_000, false, None, &NoProgress).unwrap();
        assert_eq!(
            serde_json::to_string(&r).unwrap(),
            r#"{"game":"0.77","computed_to":10000,"preperiod":71,"period":12,"saltus":0,"certified":true}"#
        );
        let r = compute(&HeapGame::Grundy, 40, true, None, &NoProgress).unwrap();
        assert_eq!(
            serde_json::to_string(&r).unwrap(),
            r#"{"game":"grundy","computed_to":40,"preperiod":null,"period":null,"saltus":null,"certified":false,"values":["0","0","0","1","0","2","1","0","2","1","0","2","1","3","2","1","3","2","4","3","0","4","3","0","4","3","0","4","1","2","3","1","2","4","1","2","4","1","2","4","1"]}"#
        );
    }

    #[test]
    fn resuming_continues_the_same_sequence() {
        for game in ["0.77", "S(2,5)", "allbut(1,3)", "grundy", "lasker", "4.07"] {
            let game = HeapGame::parse(game).unwrap();
            let whole = values(&game, 3 * STEP_INTERVAL);
            let saved = Values::from_u64(&whole[..1000]).unwrap();
            let mut part = HeapSequence::resume(&game, saved).unwrap();
            part.extend_to(whole.len(), &NoProgress).unwrap();
            assert_eq!(part.into_values().to_u64_vec(), whole, "{}", game.name());
        }
    }

    /// A run stopped by its hook keeps every value it computed, and continues — in place,
    /// or from those values alone — to the values of a run never stopped.
    #[test]
    fn interrupted_sequences_keep_their_values_and_resume() {
        for name in ["0.77", "S(2,5)", "allbut(1,3)", "grundy", "lasker"] {
            let game = HeapGame::parse(name).unwrap();
            let interval = match game {
                HeapGame::Code(_) | HeapGame::Grundy => PROGRESS_INTERVAL,
                _ => STEP_INTERVAL,
            };
            let len = 3 * interval + 5;
            let whole = values(&game, len);
            let mut sequence = HeapSequence::new(&game);
            let stop = StopAfter::units(2 * interval as u64);
            assert!(
                matches!(
                    sequence.extend_to(len, &stop),
                    Err(ImpartialError::Interrupted)
                ),
                "{name}"
            );
            // The rare/common engine also reports by the clock between its intervals.
            assert!(stop.reports() >= 2, "{name}");
            assert_eq!(sequence.len(), 2 * interval, "{name}");
            let kept: Vec<u64> = (0..sequence.len())
                .filter_map(|n| sequence.get(n))
                .collect();
            assert_eq!(kept, whole[..2 * interval], "{name}");
            let mut again = HeapSequence::resume(&game, Values::from_u64(&kept).unwrap()).unwrap();
            again.extend_to(len, &NoProgress).unwrap();
            sequence.extend_to(len, &NoProgress).unwrap();
            assert_eq!(sequence.into_values().to_u64_vec(), whole, "{name}");
            assert_eq!(again.into_values().to_u64_vec(), whole, "{name}");
        }
    }

    /// Counts the saves it runs.
    #[derive(Default)]
    struct CountSaves(AtomicUsize);

    impl SaveGuard for CountSaves {
        fn run(&self, save: &mut dyn FnMut()) {
            self.0.fetch_add(1, Ordering::Relaxed);
            save();
        }
    }

    /// A folder removed when the test ends, pass or fail.
    fn scratch() -> tempfile::TempDir {
        tempfile::tempdir().expect("a temporary folder")
    }

    /// A checkpointed run stopped by its hook saves its values and says where; run again
    /// with the same file it resumes to the report of a run never stopped, and a file
    /// holding more than asked answers from its values without being rewritten.
    #[test]
    fn checkpointed_runs_save_when_stopped_and_resume() {
        let game = HeapGame::parse("S(2,5)").unwrap();
        let to = 5 * STEP_INTERVAL;
        let uninterrupted = compute(&game, to, true, None, &NoProgress).unwrap();
        let dir = scratch();
        let path = dir.path().join("stopped.ckpt");
        let saves = CountSaves::default();
        let hour = Duration::from_secs(3600);
        let checkpointing = Checkpointing::new(&path, hour).guarded(&saves);
        let stop = StopAfter::units(2 * STEP_INTERVAL as u64);
        let err = compute(&game, to, true, Some(&checkpointing), &stop).unwrap_err();
        assert!(
            matches!(&err, ImpartialError::InterruptedAtHeap { heap, saved_to: Some(p) }
                if *heap == 2 * STEP_INTERVAL && *p == path),
            "{err}"
        );
        assert_eq!(
            err.to_string(),
            format!(
                "interrupted at heap 8192; values saved to {}",
                path.display()
            )
        );
        assert_eq!(saves.0.load(Ordering::Relaxed), 1);
        let saved = checkpoint::load(&path, &game).unwrap().unwrap();
        assert_eq!(saved.len(), 2 * STEP_INTERVAL);
        let resumed = compute(&game, to, true, Some(&checkpointing), &NoProgress).unwrap();
        assert_eq!(resumed, uninterrupted);
        assert_eq!(saves.0.load(Ordering::Relaxed), 2);
        assert_eq!(
            checkpoint::load(&path, &game).unwrap().map(|v| v.len()),
            Some(to + 1)
        );
        // Fewer heaps than the file holds: the report covers the heaps asked for.
        let few = compute(&game, 100, true, Some(&checkpointing), &NoProgress).unwrap();
        assert_eq!(few, compute(&game, 100, true, None, &NoProgress).unwrap());
        assert_eq!(saves.0.load(Ordering::Relaxed), 2, "nothing new to save");
        // Without a checkpoint the stop names the heap only.
        let err = compute(&game, to, false, None, &StopAfter::units(4096)).unwrap_err();
        assert_eq!(err.to_string(), "interrupted at heap 4096");
    }

    /// A save falls due at every report when the interval is zero: the run saves at each,
    /// goes on, and saves once more at the end, with the values of a run never paused.
    #[test]
    fn checkpointed_runs_save_on_schedule() {
        let game = HeapGame::Lasker;
        let len = 5 * STEP_INTERVAL;
        let dir = scratch();
        let path = dir.path().join("schedule.ckpt");
        let saves = CountSaves::default();
        let checkpointing = Checkpointing::new(&path, Duration::ZERO).guarded(&saves);
        let r = compute(&game, len - 1, false, Some(&checkpointing), &NoProgress).unwrap();
        assert_eq!(
            r,
            compute(&game, len - 1, false, None, &NoProgress).unwrap()
        );
        // Reports at 4096, 8192, 12288 and 16384 heaps, then the end.
        assert_eq!(saves.0.load(Ordering::Relaxed), 5);
        assert_eq!(
            checkpoint::load(&path, &game)
                .unwrap()
                .map(|v| v.to_u64_vec()),
            Some(values(&game, len))
        );
    }

    /// Once a period is certified the values go on by it: Dawson's Kayles (dense rare
    /// values, quadratic for the rare/common method: 160 s for a million heaps before) and
    /// a subtraction set switch to the periodic engine at the first check, and the values
    /// equal the engines' own far past it.
    #[test]
    fn certified_periods_carry_the_sequence() {
        for (name, len) in [("0.07", 8 * FIRST_PERIOD_CHECK + 7), ("S(2,5,9)", 20_000)] {
            let game = HeapGame::parse(name).unwrap();
            let mut sequence = HeapSequence::new(&game);
            sequence
                .extend_to(FIRST_PERIOD_CHECK + 1, &NoProgress)
                .unwrap();
            assert!(matches!(sequence.engine, Engine::Periodic { .. }), "{name}");
            sequence.extend_to(len, &NoProgress).unwrap();
            let by_period = sequence.into_values().to_u64_vec();
            let by_engine = match &game {
                HeapGame::Code(g) => crate::heap::fast::octal_sequence(g, len)
                    .unwrap()
                    .to_u64_vec(),
                HeapGame::Subtraction(g) => g.sequence(len).into_iter().map(u64::from).collect(),
                _ => unreachable!(),
            };
            assert_eq!(by_period, by_engine, "{name}");
        }
        // A game with no certified period by then keeps its engine.
        let mut grundy = HeapSequence::new(&HeapGame::Grundy);
        grundy
            .extend_to(FIRST_PERIOD_CHECK + 1, &NoProgress)
            .unwrap();
        assert!(matches!(grundy.engine, Engine::RareCommon(..)));
    }

    /// Codes with three-heap splits are tabulated only as far as their cubic method runs in
    /// seconds: 0.8 (values growing with the heap) up to 2^13 heaps.
    #[test]
    fn three_heap_splits_have_a_lower_limit() {
        use super::super::catalog::{max_three_split_heap, MAX_HEAP};
        assert_eq!(max_three_split_heap(1), 1 << 13);
        assert_eq!(max_three_split_heap(4), 1 << 13);
        assert_eq!(max_three_split_heap(5), 1 << 12);
        assert_eq!(max_three_split_heap(64), 1 << 11);
        let hex = HeapGame::parse("0.8").unwrap();
        assert_eq!(hex.max_heap(), 1 << 13);
        assert_eq!(HeapGame::parse("0.77").unwrap().max_heap(), MAX_HEAP);
        let err = compute(&hex, 1 << 13, false, None, &NoProgress).unwrap_err();
        assert!(
            matches!(&err, ImpartialError::TooLarge { limit, .. } if limit == "8192 heaps"),
            "{err}"
        );
    }

    proptest! {
        /// Sequences carried by a certified period equal the engine's values, for random
        /// subtraction sets and two-digit codes, across the first checks.
        #[test]
        fn periodic_sequences_match_the_engines(
            set in proptest::collection::btree_set(1u64..40, 1..5),
            digits in proptest::collection::vec(0u8..8, 2),
        ) {
            let set: Vec<u64> = set.into_iter().collect();
            let subtraction = crate::heap::subtraction::SubtractionGame::new(set).unwrap();
            let len = 3 * FIRST_PERIOD_CHECK + 11;
            let expected: Vec<u64> = subtraction.sequence(len).into_iter().map(u64::from).collect();
            prop_assert_eq!(values(&HeapGame::Subtraction(subtraction), len), expected);
            let code = format!("0.{}{}", digits[0], digits[1]);
            let game = HeapGame::parse(&code).unwrap();
            let HeapGame::Code(octal) = &game else { unreachable!() };
            let expected = crate::heap::fast::octal_sequence(octal, len).unwrap().to_u64_vec();
            prop_assert_eq!(values(&game, len), expected);
        }

        /// Every engine equals the Sprague-Grundy theorem applied to the game's rule.
        #[test]
        fn engines_match_the_rule(
            kind in 0..4usize,
            set in proptest::collection::btree_set(1u64..9, 1..4),
        ) {
            let set = set.into_iter().map(|s| s.to_string()).collect::<Vec<_>>().join(",");
            let game = HeapGame::parse(match kind {
                0 => format!("S({set})"),
                1 => format!("allbut({set})"),
                2 => "grundy".to_string(),
                _ => "lasker".to_string(),
            }.as_str()).unwrap();
            prop_assert_eq!(values(&game, 150), grundy_sequence(&game, 150));
        }
    }
}
