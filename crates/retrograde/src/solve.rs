//! The retrograde engine: backward induction from the ends of the game with a successor
//! counter per state, one level of depth at a time.
//!
//! States whose value is known at depth `d` form the frontier of level `d`. Each frontier
//! state `c` updates the states with a move into it: if `c` is a loss, such a parent wins in
//! `d + 1` — and since levels come in increasing depth, the first losing child found is the
//! quickest win; if `c` is a win, the parent's counter of unresolved moves drops, and when it
//! reaches zero every move of the parent leads to a win for the opponent, the last of them
//! found at this level — the slowest loss. What is never resolved is a draw.
//!
//! Large levels are split across both cores (rayon): counters are atomic, a parent's win is
//! claimed by compare-and-swap, and a counter reaching zero is seen by exactly one thread.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering::Relaxed};

use rayon::prelude::*;

use conway_core::{Pace, Progress, Work};

use crate::graph::{GameGraph, Terminal, Value, MAX_PLIES};
use crate::RetrogradeError;

/// Frontiers smaller than this are expanded on one thread (splitting costs more).
const PARALLEL_FRONTIER: usize = 4096;

/// States per task in the parallel passes.
const CHUNK: usize = 1 << 12;

/// The value of every state of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    packed: Vec<u32>,
}

/// How many states are wins, losses and draws for the player to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Census {
    /// States the player to move wins.
    pub wins: usize,
    /// States the player to move loses.
    pub losses: usize,
    /// Drawn states.
    pub draws: usize,
    /// The longest win or loss, in plies.
    pub longest: u32,
}

impl Solved {
    /// Values given packed ([`Value::pack`]), as stored in a table file.
    pub fn from_packed(packed: Vec<u32>) -> Self {
        Solved { packed }
    }

    /// The packed values, one per state.
    pub fn packed(&self) -> &[u32] {
        &self.packed
    }

    /// The number of states.
    pub fn len(&self) -> usize {
        self.packed.len()
    }

    /// True when there is no state.
    pub fn is_empty(&self) -> bool {
        self.packed.is_empty()
    }

    /// The value of state `s` (a draw for a state out of range).
    pub fn value(&self, s: u32) -> Value {
        self.packed
            .get(s as usize)
            .map_or(Value::Draw, |&w| Value::unpack(w))
    }

    /// Counts of wins, losses and draws.
    pub fn census(&self) -> Census {
        self.packed
            .par_iter()
            .fold(Census::default, |mut c, &w| {
                match Value::unpack(w) {
                    Value::Win(d) => {
                        c.wins += 1;
                        c.longest = c.longest.max(d);
                    }
                    Value::Loss(d) => {
                        c.losses += 1;
                        c.longest = c.longest.max(d);
                    }
                    Value::Draw => c.draws += 1,
                }
                c
            })
            .reduce(Census::default, |a, b| Census {
                wins: a.wins + b.wins,
                losses: a.losses + b.losses,
                draws: a.draws + b.draws,
                longest: a.longest.max(b.longest),
            })
    }
}

/// The moves of a game reversed: for each of a set of target states, the states with a
/// move into it (once per such move, in increasing order), stored flat so that millions of
/// states cost two allocations.
pub(crate) struct Reverse {
    /// `sources[offsets[t]..offsets[t + 1]]` are the states with a move into target `t`.
    offsets: Vec<usize>,
    sources: Vec<u32>,
}

impl Reverse {
    /// The reverse of all of `g`'s moves.
    pub(crate) fn of<G: GameGraph>(g: &G) -> Self {
        Reverse::into_targets(g, g.num_states(), &Some)
    }

    /// The reverse of `g`'s moves into `len` target states: `target(s)` is the place of
    /// state `s` among them, `None` for a state that is not a target. Every state's
    /// successors are read.
    pub(crate) fn into_targets<G: GameGraph>(
        g: &G,
        len: usize,
        target: &dyn Fn(usize) -> Option<usize>,
    ) -> Self {
        let mut counts = vec![0usize; len + 1];
        let mut buf = Vec::new();
        let each_move = |buf: &mut Vec<u32>, f: &mut dyn FnMut(u32, usize)| {
            for s in 0..g.num_states() as u32 {
                buf.clear();
                g.successors(s, buf);
                for &t in buf.iter() {
                    if let Some(t) = target(t as usize) {
                        f(s, t);
                    }
                }
            }
        };
        each_move(&mut buf, &mut |_, t| counts[t + 1] += 1);
        for i in 0..len {
            counts[i + 1] += counts[i];
        }
        let mut fill = counts.clone();
        let mut sources = vec![0u32; counts[len]];
        each_move(&mut buf, &mut |s, t| {
            sources[fill[t]] = s;
            fill[t] += 1;
        });
        Reverse {
            offsets: counts,
            sources,
        }
    }

    /// The states with a move into target `t`.
    pub(crate) fn moves_into(&self, t: usize) -> &[u32] {
        &self.sources[self.offsets[t]..self.offsets[t + 1]]
    }
}

/// Where the engine finds the states with a move into a given state.
pub(crate) enum Predecessors {
    /// The game enumerates them itself.
    Game,
    /// A reverse graph built from the successors.
    Reverse(Reverse),
}

impl Predecessors {
    /// The moves into `len` target states of `g` (`target` as [`Reverse::into_targets`]).
    pub(crate) fn of<G: GameGraph>(
        g: &G,
        len: usize,
        target: &dyn Fn(usize) -> Option<usize>,
    ) -> Self {
        let mut probe = Vec::new();
        if g.num_states() == 0 || g.predecessors(0, &mut probe) {
            return Predecessors::Game;
        }
        Predecessors::Reverse(Reverse::into_targets(g, len, target))
    }

    /// Sets `out` to the states with a move into state `s`, the target at `t`.
    pub(crate) fn get<G: GameGraph>(&self, g: &G, s: u32, t: usize, out: &mut Vec<u32>) {
        out.clear();
        match self {
            Predecessors::Game => {
                g.predecessors(s, out);
            }
            Predecessors::Reverse(reverse) => out.extend_from_slice(reverse.moves_into(t)),
        }
    }
}

/// State `s` at level 0: its value when it is terminal or has no move (lost by the player
/// to move), and the number of its moves, which count down as its options are resolved.
pub(crate) fn level_zero<G: GameGraph>(g: &G, s: u32, buf: &mut Vec<u32>) -> (Option<Value>, u32) {
    match g.terminal(s) {
        Some(Terminal::Loss) => (Some(Value::Loss(0)), 0),
        Some(Terminal::Win) => (Some(Value::Win(0)), 0),
        Some(Terminal::Draw) => (None, 0),
        None => {
            buf.clear();
            g.successors(s, buf);
            (buf.is_empty().then_some(Value::Loss(0)), buf.len() as u32)
        }
    }
}

/// Refuses a level past `depth` when it cannot be packed: a value holds at most
/// [`MAX_PLIES`] plies.
pub(crate) fn check_depth(depth: u32) -> Result<(), RetrogradeError> {
    if depth >= MAX_PLIES {
        return Err(RetrogradeError::too_large(
            "game length in plies",
            format!("at least {}", depth + 1),
            MAX_PLIES,
        ));
    }
    Ok(())
}

/// `n` counters at zero, made a block at a time with a look at the hook between blocks:
/// hundreds of megabytes take a noticeable while to touch.
fn zeroed(n: usize, pace: &mut Pace<'_>) -> Result<Vec<AtomicU32>, RetrogradeError> {
    const BLOCK: usize = 1 << 16;
    let mut counters = Vec::with_capacity(n);
    while counters.len() < n {
        pace.tick(|| Work::of(0, n as u64, "states"))?;
        let block = BLOCK.min(n - counters.len());
        counters.extend((0..block).map(|_| AtomicU32::new(0)));
    }
    Ok(counters)
}

/// Solves every state of `g`. `progress` hears the number of states resolved after every
/// chunk of a large level and after every level; a stop request ends the run with
/// [`RetrogradeError::Interrupted`].
pub fn solve<G: GameGraph>(g: &G, progress: &dyn Progress) -> Result<Solved, RetrogradeError> {
    let n = g.num_states();
    if n > u32::MAX as usize {
        // States are indexed by u32.
        return Err(RetrogradeError::too_large("number of states", n, u32::MAX));
    }
    let mut pace = Pace::new(progress);
    let values = zeroed(n, &mut pace)?;
    // Workers of a parallel level report after each chunk; once one hears "stop", the others
    // skip their remaining chunks.
    let stopped = AtomicBool::new(false);
    let resolved_so_far = AtomicUsize::new(0);
    let report = |newly: usize| {
        let done = resolved_so_far.fetch_add(newly, Relaxed) + newly;
        if progress
            .report(Work::of(done as u64, n as u64, "states"))
            .is_break()
        {
            stopped.store(true, Relaxed);
        }
    };
    let counters = zeroed(n, &mut pace)?;
    // Level 0: terminal states, and states without a move (lost by the player to move).
    let mut frontier: Vec<u32> = values
        .par_chunks(CHUNK)
        .zip(counters.par_chunks(CHUNK))
        .enumerate()
        .flat_map_iter(|(ci, (vals, counts))| {
            let mut buf = Vec::new();
            let mut resolved = Vec::new();
            if stopped.load(Relaxed) {
                return resolved;
            }
            for j in 0..vals.len() {
                let s = (ci * CHUNK + j) as u32;
                let (end, moves) = level_zero(g, s, &mut buf);
                counts[j].store(moves, Relaxed);
                if let Some(v) = end {
                    vals[j].store(v.pack(), Relaxed);
                    resolved.push(s);
                }
            }
            report(resolved.len());
            resolved
        })
        .collect();
    if stopped.load(Relaxed) {
        return Err(RetrogradeError::Interrupted);
    }
    let predecessors = Predecessors::of(g, n, &Some);
    let mut depth = 0u32;
    while !frontier.is_empty() {
        if stopped.load(Relaxed) {
            return Err(RetrogradeError::Interrupted);
        }
        check_depth(depth)?;
        let expand = |c: u32, buf: &mut Vec<u32>, next: &mut Vec<u32>| {
            let child_lost = matches!(
                Value::unpack(values[c as usize].load(Relaxed)),
                Value::Loss(_)
            );
            predecessors.get(g, c, c as usize, buf);
            for &p in buf.iter() {
                let slot = &values[p as usize];
                if slot.load(Relaxed) != 0 {
                    continue;
                }
                if child_lost {
                    if slot
                        .compare_exchange(0, Value::Win(depth + 1).pack(), Relaxed, Relaxed)
                        .is_ok()
                    {
                        next.push(p);
                    }
                } else if counters[p as usize].fetch_sub(1, Relaxed) == 1 {
                    slot.store(Value::Loss(depth + 1).pack(), Relaxed);
                    next.push(p);
                }
            }
        };
        let next: Vec<u32> = if frontier.len() < PARALLEL_FRONTIER {
            let (mut buf, mut next) = (Vec::new(), Vec::new());
            for &c in &frontier {
                expand(c, &mut buf, &mut next);
            }
            next
        } else {
            frontier
                .par_chunks(CHUNK / 4)
                .flat_map_iter(|chunk| {
                    let (mut buf, mut next) = (Vec::new(), Vec::new());
                    if stopped.load(Relaxed) {
                        return next;
                    }
                    for &c in chunk {
                        expand(c, &mut buf, &mut next);
                    }
                    report(next.len());
                    next
                })
                .collect()
        };
        if frontier.len() < PARALLEL_FRONTIER {
            report(next.len());
        }
        frontier = next;
        depth += 1;
    }
    if stopped.load(Relaxed) {
        return Err(RetrogradeError::Interrupted);
    }
    Ok(Solved {
        packed: values.into_iter().map(AtomicU32::into_inner).collect(),
    })
}

/// A move that realises the value of `s` with optimal play: to a losing state of the right
/// depth for a win, to the slowest winning state for a loss, to a drawn state for a draw.
/// `None` when the game is over at `s`.
pub fn optimal_successor<G: GameGraph>(g: &G, solved: &Solved, s: u32) -> Option<u32> {
    let mut succ = Vec::new();
    g.successors(s, &mut succ);
    let want = match solved.value(s) {
        Value::Win(d) => Value::Loss(d.checked_sub(1)?),
        Value::Loss(d) => Value::Win(d.checked_sub(1)?),
        Value::Draw => Value::Draw,
    };
    succ.into_iter().find(|&t| solved.value(t) == want)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{arb_graph, ExplicitGraph};
    use crate::oracle::value_iteration;
    use conway_core::NoProgress;
    use proptest::prelude::*;

    fn graph(succ: Vec<Vec<u32>>) -> ExplicitGraph {
        ExplicitGraph {
            terminals: vec![None; succ.len()],
            successors: succ,
        }
    }

    #[test]
    fn small_cases() {
        // 0 → 1 → 2 (no move): 2 is lost, 1 won in 1, 0 lost in 2.
        let g = graph(vec![vec![1], vec![2], vec![]]);
        let s = solve(&g, &NoProgress).unwrap();
        assert_eq!(
            (s.value(0), s.value(1), s.value(2)),
            (Value::Loss(2), Value::Win(1), Value::Loss(0))
        );
        // A 2-cycle with no way out is a draw; a way out to a loss makes both wins/losses.
        let g = graph(vec![vec![1], vec![0]]);
        let s = solve(&g, &NoProgress).unwrap();
        assert_eq!((s.value(0), s.value(1)), (Value::Draw, Value::Draw));
        let g = graph(vec![vec![1], vec![0, 2], vec![]]);
        let s = solve(&g, &NoProgress).unwrap();
        assert_eq!((s.value(0), s.value(1)), (Value::Loss(2), Value::Win(1)));
        assert_eq!(optimal_successor(&g, &s, 1), Some(2));
        assert!(matches!(
            solve(&g, &conway_core::StopAfter::units(0)),
            Err(RetrogradeError::Interrupted)
        ));
    }

    proptest! {
        /// The engine equals value iteration on random graphs, draws included.
        #[test]
        fn engine_matches_value_iteration(g in arb_graph()) {
            let solved = solve(&g, &NoProgress).unwrap();
            let oracle = value_iteration(&g);
            for s in 0..g.num_states() as u32 {
                prop_assert_eq!(solved.value(s), oracle[s as usize], "state {}", s);
            }
            // An optimal move leads where the value says.
            for s in 0..g.num_states() as u32 {
                if let Some(t) = optimal_successor(&g, &solved, s) {
                    let expected = match solved.value(s) {
                        Value::Win(d) => Value::Loss(d - 1),
                        Value::Loss(d) => Value::Win(d - 1),
                        Value::Draw => Value::Draw,
                    };
                    prop_assert_eq!(solved.value(t), expected);
                }
            }
        }
    }
}
