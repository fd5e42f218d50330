//! The Grundy sequence of any catalogued heap game, computed by the fastest engine for it,
//! resumable from saved values, and its period — certified by a theorem where one applies,
//! otherwise only observed, with how far it was checked.
//!
//! Engines: the rare/common engine for octal and hexadecimal codes ([`super::fast`]); the
//! last-`t`-values window for finite subtraction sets; value counts for "all but" sets
//! ([`super::all_but`]); every split for Grundy's game and Lasker's Nim (quadratic).

use super::all_but::AllButCounts;
use super::catalog::HeapGame;
use super::fast::SequenceEngine;
use super::values::Values;
use crate::mex::ValueSet;
use crate::periodicity::Periodicity;
use crate::ImpartialError;

/// How often (in heaps) the engines other than the rare/common one report progress.
const STEP_INTERVAL: usize = 1 << 12;

/// A Grundy sequence being computed: extended step by step, interruptible through the
/// progress callback, resumable from values saved earlier.
pub struct HeapSequence {
    game: HeapGame,
    engine: Engine,
}

/// The engines, each with its values and the options of the heap being computed.
enum Engine {
    RareCommon(Box<SequenceEngine>),
    Window(Vec<u32>, ValueSet),
    AllBut(Vec<u32>, AllButCounts),
    Splits(Vec<u32>, ValueSet),
    /// Also the values present so far: every smaller heap is an option.
    Lasker(Vec<u32>, ValueSet, ValueSet),
}

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
            HeapGame::AllBut(_) => {
                let v = values.into_u32_vec();
                let counts = AllButCounts::from_values(&v);
                Engine::AllBut(v, counts)
            }
            HeapGame::Grundy => {
                let v = values.into_u32_vec();
                let options = ValueSet::with_bound(room_for_xors(&v));
                Engine::Splits(v, options)
            }
            HeapGame::Lasker => {
                let v = values.into_u32_vec();
                let mut present = ValueSet::with_bound(room_for_xors(&v));
                v.iter().for_each(|&x| present.insert(x));
                let options = ValueSet::with_bound(room_for_xors(&v));
                Engine::Lasker(v, options, present)
            }
        };
        Ok(HeapSequence {
            game: game.clone(),
            engine,
        })
    }

    /// The game.
    pub fn game(&self) -> &HeapGame {
        &self.game
    }

    /// How many heaps have values.
    pub fn len(&self) -> usize {
        match &self.engine {
            Engine::RareCommon(e) => e.len(),
            Engine::Window(v, _)
            | Engine::AllBut(v, _)
            | Engine::Splits(v, _)
            | Engine::Lasker(v, _, _) => v.len(),
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
            Engine::Window(v, _)
            | Engine::AllBut(v, _)
            | Engine::Splits(v, _)
            | Engine::Lasker(v, _, _) => v.get(n).map(|&x| u64::from(x)),
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
            Engine::Window(v, _)
            | Engine::AllBut(v, _)
            | Engine::Splits(v, _)
            | Engine::Lasker(v, _, _) => Values::U32(v),
        }
    }

    /// Computes values until heaps `0..len` are known (at most the game's limit). Every so
    /// often `progress` gets the number of values so far; when it returns false this stops
    /// and returns `Ok(false)` (call again to continue). `Ok(true)`: all `len` are known.
    pub fn extend_to(
        &mut self,
        len: usize,
        mut progress: impl FnMut(usize) -> bool,
    ) -> Result<bool, ImpartialError> {
        self.game.check_len(len)?;
        if let Engine::RareCommon(e) = &mut self.engine {
            return e.extend_to(len, progress);
        }
        while self.len() < len {
            self.step();
            let done = self.len();
            if done.is_multiple_of(STEP_INTERVAL) && done < len && !progress(done) {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Appends one value (any engine but the rare/common one).
    fn step(&mut self) {
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
            (Engine::Splits(g, options), _) => {
                let n = g.len();
                options.clear();
                for a in 1..n.div_ceil(2) {
                    options.insert(g[a] ^ g[n - a]);
                }
                let v = options.mex();
                g.push(v);
                options.make_room(room_for_xors(&[v]));
            }
            (Engine::Lasker(g, options, present), _) => {
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
            _ => unreachable!("engines are chosen from the game in resume"),
        }
    }
}

/// Room for the xors of `values` and of any smaller values: each is below
/// `2^bitlen(max)`, at most `2·max + 1`.
fn room_for_xors(values: &[u32]) -> usize {
    2 * (values.iter().copied().max().unwrap_or(0) as usize + 1)
}

/// What `conway grundy` reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SequenceReport {
    /// The game's code, set or name.
    pub game: String,
    /// Values were computed for heaps 0..computed_to.
    pub computed_to: usize,
    /// The values.
    pub values: Values,
    /// The period and preperiod: certified, or else the least one the values show at least
    /// three times after the preperiod, over a stretch at least twice the preperiod.
    pub period: Option<Periodicity>,
    /// How much the values grow per period (0 for plain periodicity).
    pub saltus: u64,
    /// Whether the period is proved by a theorem from the values computed.
    pub certified: bool,
}

/// The period a theorem certifies from `values`, if the game has such a theorem: the
/// Guy–Smith periodicity theorem for codes, the window argument for finite subtraction sets
/// (each value depends only on the `t = max S` values before it).
pub fn certified_period(game: &HeapGame, values: &Values) -> Option<Periodicity> {
    match game {
        HeapGame::Code(g) => values.certified_period(g),
        HeapGame::Subtraction(g) => {
            let t = g.max_subtraction() as usize;
            values.period(values.len() / 2, |len, pre, per| len >= pre + per + t)
        }
        // No periodicity theorem is known for Grundy's game; the arithmetic periodicity of
        // Lasker's Nim and "all but" games is reported as observed.
        _ => None,
    }
}

/// The least arithmetic period seen at least three times after its preperiod, over a
/// stretch at least twice the preperiod: evidence, not proof.
fn observed_period(values: &Values) -> Option<(Periodicity, u64)> {
    let enough = |len: usize, pre: usize, per: usize| len >= 2 * pre + 3 * per;
    values.arithmetic_period(values.len() / 3, enough)
}

/// The report for values already computed: the certified period, else the observed one.
pub fn report(game: &HeapGame, values: Values) -> SequenceReport {
    let certified = certified_period(game, &values);
    let (period, saltus) = match certified {
        Some(p) => (Some(p), 0),
        None => observed_period(&values).map_or((None, 0), |(p, s)| (Some(p), s)),
    };
    SequenceReport {
        game: game.name(),
        computed_to: values.len(),
        values,
        period,
        saltus,
        certified: certified.is_some(),
    }
}

/// Computes the values of heaps `0..len` and their period.
pub fn analyse(game: &HeapGame, len: usize) -> Result<SequenceReport, ImpartialError> {
    let mut sequence = HeapSequence::new(game);
    sequence.extend_to(len, |_| true)?;
    Ok(report(game, sequence.into_values()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::grundy_sequence;
    use proptest::prelude::*;

    fn values(game: &HeapGame, len: usize) -> Vec<u64> {
        analyse(game, len).unwrap().values.to_u64_vec()
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
            r.period,
            Some(Periodicity {
                preperiod: 71,
                period: 12
            })
        );
        let r = analyse(&HeapGame::Grundy, 300).unwrap();
        assert!(!r.certified);
        assert!(analyse(
            &HeapGame::Grundy,
            super::super::catalog::MAX_SPLITTING_HEAP + 1
        )
        .is_err());
    }

    /// Lasker's Nim: the closed form of Ferguson's Game Theory (I §4) is observed as period
    /// 4 with saltus 4 from heap 1.
    #[test]
    fn lasker_is_arithmetic_periodic() {
        let r = analyse(&HeapGame::Lasker, 400).unwrap();
        let closed: Vec<u64> = (0..400u64)
            .map(|n| crate::games::lasker::grundy(&n.into()).try_into().unwrap())
            .collect();
        assert_eq!(r.values.to_u64_vec(), closed);
        assert_eq!(
            (
                r.period.map(|p| (p.preperiod, p.period)),
                r.saltus,
                r.certified
            ),
            (Some((1, 4)), 4, false)
        );
    }

    /// S(1,3,4) has period 7 from heap 0 (0,1,0,1,2,3,2, repeating; Berlekamp–Conway–Guy).
    #[test]
    fn subtraction_sets_are_certified() {
        let r = analyse(&HeapGame::parse("S(1,3,4)").unwrap(), 100).unwrap();
        assert!(r.certified);
        assert_eq!(r.values.to_u64_vec()[..7], [0, 1, 0, 1, 2, 3, 2]);
        assert_eq!(
            r.period,
            Some(Periodicity {
                preperiod: 0,
                period: 7
            })
        );
    }

    #[test]
    fn resuming_continues_the_same_sequence() {
        for game in ["0.77", "S(2,5)", "allbut(1,3)", "grundy", "lasker", "4.07"] {
            let game = HeapGame::parse(game).unwrap();
            let whole = values(&game, 3 * STEP_INTERVAL);
            let saved = Values::from_u64(&whole[..1000]).unwrap();
            let mut part = HeapSequence::resume(&game, saved).unwrap();
            part.extend_to(whole.len(), |_| true).unwrap();
            assert_eq!(part.into_values().to_u64_vec(), whole, "{}", game.name());
        }
    }

    #[test]
    fn stops_when_asked() {
        let mut s = HeapSequence::new(&HeapGame::Grundy);
        assert!(!s.extend_to(3 * STEP_INTERVAL, |_| false).unwrap());
        assert_eq!(s.len(), STEP_INTERVAL);
        assert!(s.extend_to(3 * STEP_INTERVAL, |_| true).unwrap());
    }

    proptest! {
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
