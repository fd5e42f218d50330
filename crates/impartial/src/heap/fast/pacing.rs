//! Whether the next stretch of a run goes on every thread or on one: the choice a parallel
//! engine must make on a machine it shares.
//!
//! The pipeline ([`super::pipeline`]) hands values from thread to thread heap by heap, so it
//! gains only while its threads run side by side. On a busy machine they often do not: a
//! thread waits for one that has no core, and two threads go slower than one (a hundred
//! times slower, measured, when they spun while waiting). No signal tells beforehand; the
//! rates tell afterwards. So a run goes in stretches of time, each on every thread or on
//! one, and measures each stretch's rate in work done ([`super::EngineStats::work`], which
//! is the same whichever threads do it) per second:
//!
//! - it starts with a short stretch of each (a *probe*), and goes on with the faster;
//! - after an *exploiting* stretch it probes the other again; when the same way wins twice
//!   in a row the exploiting stretch doubles (up to [`LONGEST_EXPLOIT`]), so a steady
//!   machine pays less and less for probing, and a change of load is followed within two
//!   such stretches (the one it falls in measures a mix of before and after);
//! - a probe is at least [`PROBE`] long, and at least [`START_COSTS`] times what starting
//!   the threads cost last time (each thread copies the values, which grows with the run).
//!
//! Contract: the choice never changes a value, a counter or where a run stops (the pipeline
//! computes exactly what one thread does); it only decides how fast. The worst a run pays
//! for it is about one probe of the slower way per exploiting stretch: under 10% of the time
//! at first, well under 1% after a few seconds.

use std::time::{Duration, Instant};

/// The shortest probe.
pub(super) const PROBE: Duration = Duration::from_millis(30);

/// A probe lasts at least this many times what starting the threads last cost.
const START_COSTS: u32 = 8;

/// The first exploiting stretch, in probes.
const FIRST_EXPLOIT: u32 = 8;

/// The longest exploiting stretch.
pub(super) const LONGEST_EXPLOIT: Duration = Duration::from_secs(4);

/// How a stretch runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// Pipelined over every thread.
    Parallel,
    /// On the calling thread alone.
    Single,
}

impl Mode {
    fn other(self) -> Mode {
        match self {
            Mode::Parallel => Mode::Single,
            Mode::Single => Mode::Parallel,
        }
    }
}

/// The next stretch: how it runs and until when.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Stretch {
    pub(super) mode: Mode,
    pub(super) until: Instant,
}

/// Where a run is in its alternation of probes and exploiting stretches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Probing `0`, then the other way; the first probe of a run probes the pipeline.
    Probing(Mode),
    /// Exploiting the faster way.
    Exploiting(Mode),
}

/// The pacer of one run (see the module doc).
#[derive(Clone, Debug)]
pub(super) struct Pacer {
    phase: Phase,
    /// The latest measured rate (work per second) of each way: parallel, single.
    rates: [Option<f64>; 2],
    /// The next exploiting stretch's length.
    exploit: Duration,
    /// What starting the threads cost the last time.
    start_cost: Duration,
    /// The way that won the last decision.
    last_winner: Option<Mode>,
    /// The shortest probe ([`PROBE`]; shorter in tests, to switch ways often).
    shortest: Duration,
    /// How many stretches of each way were recorded: parallel, single.
    stretches: [u64; 2],
    /// Whether every stretch lasts `shortest`, whatever the threads cost to start and
    /// whichever way wins (in tests, to switch ways often on a machine of any speed).
    fixed: bool,
}

impl Default for Pacer {
    fn default() -> Self {
        Pacer {
            phase: Phase::Probing(Mode::Parallel),
            rates: [None, None],
            exploit: PROBE * FIRST_EXPLOIT,
            start_cost: Duration::ZERO,
            last_winner: None,
            shortest: PROBE,
            stretches: [0, 0],
            fixed: false,
        }
    }
}

impl Pacer {
    /// The stretch to run next, starting `now`.
    pub(super) fn next(&self, now: Instant) -> Stretch {
        let (mode, length) = match self.phase {
            Phase::Probing(mode) => (mode, self.probe()),
            Phase::Exploiting(mode) => (mode, self.exploit.max(self.probe())),
        };
        Stretch {
            mode,
            until: now + length,
        }
    }

    /// How long a probe lasts.
    fn probe(&self) -> Duration {
        if self.fixed {
            return self.shortest;
        }
        self.shortest.max(self.start_cost * START_COSTS)
    }

    /// How many stretches of each way ran: parallel, single.
    #[cfg(test)]
    pub(super) fn stretches(&self) -> [u64; 2] {
        self.stretches
    }

    /// A pacer whose probes and exploiting stretches all last `length`: the way switches
    /// often, in the middle of segments, to check that switching changes nothing — as
    /// often on a busy machine, where starting threads is slow, as on a quiet one.
    #[cfg(test)]
    pub(super) fn switching_every(length: Duration) -> Pacer {
        Pacer {
            exploit: length,
            shortest: length,
            fixed: true,
            ..Pacer::default()
        }
    }

    /// Records what a stretch of `mode` did: `work` in `elapsed`, of which starting the
    /// threads took `start` (zero for one thread). A stretch cut short because the run
    /// ended or stopped tells as much as a whole one.
    pub(super) fn record(&mut self, mode: Mode, work: u64, elapsed: Duration, start: Duration) {
        if mode == Mode::Parallel {
            self.start_cost = start;
        }
        self.stretches[index(mode)] += 1;
        if elapsed > Duration::ZERO {
            self.rates[index(mode)] = Some(work as f64 / elapsed.as_secs_f64());
        }
        self.phase = match self.phase {
            // The first probe of the other way, while it has no rate yet.
            Phase::Probing(probed) if self.rates[index(probed.other())].is_none() => {
                Phase::Probing(probed.other())
            }
            Phase::Probing(_) => self.decide(),
            // An exploiting stretch over: probe the other way, then decide again.
            Phase::Exploiting(mode) => Phase::Probing(mode.other()),
        };
    }

    /// The faster way by the latest rates, and how long to exploit it.
    fn decide(&mut self) -> Phase {
        let [parallel, single] = self.rates.map(|r| r.unwrap_or(0.0));
        let winner = if parallel > single {
            Mode::Parallel
        } else {
            Mode::Single
        };
        self.exploit = if self.fixed {
            self.shortest
        } else if self.last_winner == Some(winner) {
            (self.exploit * 2).min(LONGEST_EXPLOIT)
        } else {
            self.shortest * FIRST_EXPLOIT
        };
        self.last_winner = Some(winner);
        Phase::Exploiting(winner)
    }
}

fn index(mode: Mode) -> usize {
    match mode {
        Mode::Parallel => 0,
        Mode::Single => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs the pacer against ways of fixed rates for `seconds` of simulated time: the
    /// share of it spent on the slower way.
    fn share_on_slower(parallel: f64, single: f64, seconds: f64) -> f64 {
        let mut pacer = Pacer::default();
        let start = Instant::now();
        let (mut now, mut slower) = (start, Duration::ZERO);
        while (now - start).as_secs_f64() < seconds {
            let stretch = pacer.next(now);
            let elapsed = stretch.until - now;
            let rate = match stretch.mode {
                Mode::Parallel => parallel,
                Mode::Single => single,
            };
            if rate < parallel.max(single) {
                slower += elapsed;
            }
            pacer.record(
                stretch.mode,
                (rate * elapsed.as_secs_f64()) as u64,
                elapsed,
                Duration::ZERO,
            );
            now = stretch.until;
        }
        slower.as_secs_f64() / (now - start).as_secs_f64()
    }

    /// A quiet machine (two threads 1.8× faster) and a busy one (a hundred times slower):
    /// the slower way takes a small share of the time, smaller the longer the run.
    #[test]
    fn the_slower_way_gets_little_time() {
        for (parallel, single) in [(1.8e9, 1e9), (1e7, 1e9)] {
            let short = share_on_slower(parallel, single, 1.0);
            let long = share_on_slower(parallel, single, 60.0);
            assert!(short < 0.2, "{parallel} {single}: {short}");
            assert!(long < 0.02, "{parallel} {single}: {long}");
        }
    }

    /// The machine changes under a run: the pacer follows within two of the longest
    /// exploiting stretches and their probes.
    #[test]
    fn a_change_of_load_is_followed() {
        let mut pacer = Pacer::default();
        let start = Instant::now();
        let mut now = start;
        let mut last_mode = Mode::Parallel;
        let switch = Duration::from_secs(20);
        let mut followed_at = None;
        while now - start < Duration::from_secs(40) {
            let stretch = pacer.next(now);
            let elapsed = stretch.until - now;
            let busy = now - start >= switch;
            let rate = match (stretch.mode, busy) {
                (Mode::Parallel, false) => 2e9,
                (Mode::Parallel, true) => 1e7,
                (Mode::Single, _) => 1e9,
            };
            pacer.record(
                stretch.mode,
                (rate * elapsed.as_secs_f64()) as u64,
                elapsed,
                Duration::ZERO,
            );
            if let Phase::Exploiting(mode) = pacer.phase {
                if busy && mode == Mode::Single && followed_at.is_none() {
                    followed_at = Some(now - start);
                }
                last_mode = mode;
            }
            now = stretch.until;
        }
        assert_eq!(last_mode, Mode::Single);
        let lag = followed_at.expect("followed") - switch;
        assert!(lag <= LONGEST_EXPLOIT * 2 + PROBE * 2, "{lag:?}");
    }

    /// Starting the threads dear (a run of a billion heaps copies gigabytes): probes last
    /// long enough that starting stays a small part of them.
    #[test]
    fn probes_outlast_the_cost_of_starting() {
        let mut pacer = Pacer::default();
        let now = Instant::now();
        pacer.record(
            Mode::Parallel,
            1_000,
            Duration::from_millis(500),
            Duration::from_millis(100),
        );
        let probe = pacer.next(now);
        assert_eq!(probe.mode, Mode::Single);
        assert!(probe.until - now >= Duration::from_millis(800));
    }
}
