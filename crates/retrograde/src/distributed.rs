//! The retrograde engine of [`crate::solve`] across the ranks of a distributed run: the
//! states are dealt to the ranks by index ([`Partition`]), and each level of depth is one
//! round in which every rank expands its part of the frontier, sends each update to the
//! rank owning the parent (in one batch per rank and round), and applies what it received.
//!
//! An update says "a child of p is lost" (p wins at the next depth if still unresolved) or
//! "a child of p is won" (p's counter of unresolved moves drops; at zero p loses). Within a
//! round the result does not depend on the order updates are applied in: a parent with a
//! lost child never sees its counter reach zero. So every rank count gives the values of
//! the one-process engine, which is also the oracle of the tests, and a rank's slice after
//! a given round is the same in every run.
//!
//! With a checkpoint directory, the ranks agree every so often (rank 0's clock decides) to
//! write their slices at the end of a round: values, counters and the depth reached, each
//! file crash-safe ([`conway_core::durable`]). Slices alternate between two files per rank,
//! so a crash while writing leaves a round every rank holds, and a rerun resumes from the
//! deepest round every rank holds (slices of one round are alike whichever run wrote
//! them). A finished run's slices hold the answer: a rerun only gathers them.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use conway_core::durable::{self, Format, PayloadReader};
use conway_core::ranks::agreed;
use conway_core::{Diagnostic, Progress, Ranks, Work};
use strength_reduce::StrengthReducedUsize;

use crate::graph::{GameGraph, Value};
use crate::solve::{check_depth, level_zero, Predecessors, Solved};
use crate::RetrogradeError;

/// Slices of a distributed solve ([`conway_core::formats::RETROGRADE_SLICE`]); the identity
/// names the game, the rank, the number of ranks and the number of states.
pub const SLICE: Format = conway_core::formats::RETROGRADE_SLICE;

/// Where the ranks keep their slices, and how often they write them.
#[derive(Clone, Debug)]
pub struct Checkpoints {
    /// The directory of the slice files (each rank writes its own two).
    pub directory: PathBuf,
    /// The least time between two checkpoints (rank 0's clock).
    pub interval: Duration,
}

/// States dealt to ranks in blocks of this many consecutive states, round robin.
pub const BLOCK: usize = 1 << 12;

/// How the states are dealt to ranks: blocks of consecutive states in turn, so
/// that every rank holds states of every kind. (A split into contiguous halves gives each
/// rank of two the states of one side to move, and one of them idles in every round.)
#[derive(Clone, Copy, Debug)]
pub struct Partition {
    n: usize,
    size: usize,
    /// Division by `size`, by multiplication: it is done for every update of every round.
    by_size: StrengthReducedUsize,
    /// Blocks hold 2^shift states.
    shift: u32,
}

impl Partition {
    /// `n` states over `size` ranks in blocks of `block` states (a power of two).
    pub fn new(n: usize, size: usize, block: usize) -> Self {
        debug_assert!(block.is_power_of_two());
        Partition {
            n,
            size,
            by_size: StrengthReducedUsize::new(size),
            shift: block.trailing_zeros(),
        }
    }

    fn block(&self) -> usize {
        1 << self.shift
    }

    /// The rank that owns state `s`.
    pub fn owner(&self, s: usize) -> usize {
        (s >> self.shift) % self.by_size
    }

    /// Where state `s` is in its owner's slice.
    pub fn local(&self, s: usize) -> usize {
        ((s >> self.shift) / self.by_size) << self.shift | (s & (self.block() - 1))
    }

    /// The owner of state `s` and where it is in its slice (one division for both).
    fn place(&self, s: usize) -> (usize, usize) {
        let b = s >> self.shift;
        let (turn, rank) = StrengthReducedUsize::div_rem(b, self.by_size);
        (rank, turn << self.shift | (s & (self.block() - 1)))
    }

    /// The state at `i` in the slice of `rank`.
    pub fn global(&self, rank: usize, i: usize) -> usize {
        ((i >> self.shift) * self.size + rank) << self.shift | (i & (self.block() - 1))
    }

    /// How many states `rank` owns.
    pub fn len(&self, rank: usize) -> usize {
        let (block, turn) = (self.block(), self.block() * self.size);
        let rest = (self.n % turn).saturating_sub(rank * block).min(block);
        self.n / turn * block + rest
    }
}

/// What a rank holds between rounds.
struct Slice {
    rank: usize,
    partition: Partition,
    values: Vec<u32>,
    counters: Vec<u32>,
    /// The depth of the next round's frontier.
    depth: u32,
    /// How many checkpoints came before (which of the two files is next).
    written: u64,
    /// True when no round is left.
    finished: bool,
}

impl Slice {
    /// Which round the slice is at, finished after every depth: slices of one round are
    /// alike in every run.
    fn round(&self) -> u64 {
        if self.finished {
            u64::MAX
        } else {
            u64::from(self.depth)
        }
    }

    /// The states of this slice resolved at `depth`: the frontier of that round.
    fn frontier(&self, depth: u32) -> Vec<u32> {
        (0..self.values.len())
            .filter(|&i| Value::unpack(self.values[i]).plies() == Some(depth))
            .map(|i| self.partition.global(self.rank, i) as u32)
            .collect()
    }
}

/// Solves every state of `g` on every rank of `ranks` (a collective call: every rank calls
/// it with the same game and options). Rank 0 gets the values of every state, the same as
/// [`crate::solve::solve`]'s; the other ranks get `None`. `progress` hears the states
/// resolved after each round (the total on rank 0, the rank's own elsewhere); a stop
/// request on any rank ends the run on every rank at the end of a round, with the
/// checkpoint written, and [`RetrogradeError::Interrupted`].
pub fn solve_on_ranks<G: GameGraph>(
    g: &G,
    name: &str,
    ranks: &dyn Ranks,
    checkpoints: Option<&Checkpoints>,
    progress: &dyn Progress,
) -> Result<Option<Solved>, RetrogradeError> {
    solve_in_blocks(g, name, ranks, checkpoints, BLOCK, progress)
}

/// [`solve_on_ranks`] with the states dealt in blocks of `block`.
fn solve_in_blocks<G: GameGraph>(
    g: &G,
    name: &str,
    ranks: &dyn Ranks,
    checkpoints: Option<&Checkpoints>,
    block: usize,
    progress: &dyn Progress,
) -> Result<Option<Solved>, RetrogradeError> {
    let n = g.num_states();
    if n > u32::MAX as usize {
        return Err(RetrogradeError::too_large("number of states", n, u32::MAX));
    }
    let (rank, size) = (ranks.rank(), ranks.size());
    let partition = Partition::new(n, size, block);
    let len = partition.len(rank);
    let files = checkpoints.map(|c| SliceFiles::new(&c.directory, name, rank, partition));
    let resumed = agree(ranks, files.as_ref().map(|f| f.load(rank, partition)))?;
    let mut slice = match resumed {
        Some(slice) => slice,
        None => first_round(g, rank, partition),
    };
    let predecessors = Predecessors::of(g, len, &|s| {
        (partition.owner(s) == rank).then(|| partition.local(s))
    });
    let mut since_checkpoint = Instant::now();
    let mut resolved = slice.values.iter().filter(|&&w| w != 0).count() as u64;
    let mut all_resolved = 0;
    let mut frontier = slice.frontier(slice.depth);
    let already_finished = slice.finished;
    while !slice.finished {
        // Rank 0 shows every rank's count as of the round before: one collective a round.
        let stop = progress
            .report(if rank == 0 {
                Work::of(all_resolved, n as u64, "states")
            } else {
                Work::of(resolved, len as u64, "states")
            })
            .is_break();
        let due =
            rank == 0 && checkpoints.is_some_and(|c| since_checkpoint.elapsed() >= c.interval);
        let [total, resolved_everywhere, stop, due] = ranks.sum(&[
            frontier.len() as u64,
            resolved,
            u64::from(stop),
            u64::from(due),
        ])[..] else {
            unreachable!("four sums of four numbers")
        };
        all_resolved = resolved_everywhere;
        let (stop, due) = (stop > 0, due > 0);
        if total == 0 {
            slice.finished = true;
            break;
        }
        check_depth(slice.depth)?;
        if stop || due {
            if let Some(files) = &files {
                collectively(ranks, files.save(&mut slice))?;
                since_checkpoint = Instant::now();
            }
            if stop {
                return Err(RetrogradeError::Interrupted);
            }
        }
        frontier = round(g, ranks, &predecessors, &mut slice, &frontier);
        resolved += frontier.len() as u64;
        slice.depth += 1;
    }
    if let (Some(files), false) = (&files, already_finished) {
        collectively(ranks, files.save(&mut slice))?;
    }
    let Slice {
        values, counters, ..
    } = slice;
    drop(counters);
    // Rank 0 places its own values directly (not as a copy in bytes): 4 bytes a state
    // fewer at the peak.
    let mine = if rank == 0 {
        Vec::new()
    } else {
        values.iter().flat_map(|w| w.to_le_bytes()).collect()
    };
    Ok(ranks.gather(mine).map(|parts| {
        let mut packed = vec![0u32; n];
        for (i, &w) in values.iter().enumerate() {
            packed[partition.global(0, i)] = w;
        }
        for (r, part) in parts.iter().enumerate().skip(1) {
            for (i, b) in part.chunks_exact(4).enumerate() {
                packed[partition.global(r, i)] = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
            }
        }
        Solved::from_packed(packed)
    }))
}

/// Round 0 on the slice of `rank`: terminal states and states without a move are resolved,
/// the other states count their moves.
fn first_round<G: GameGraph>(g: &G, rank: usize, partition: Partition) -> Slice {
    let len = partition.len(rank);
    let mut values = vec![0u32; len];
    let mut counters = vec![0u32; len];
    let mut buf = Vec::new();
    for i in 0..len {
        let (end, moves) = level_zero(g, partition.global(rank, i) as u32, &mut buf);
        counters[i] = moves;
        if let Some(v) = end {
            values[i] = v.pack();
        }
    }
    Slice {
        rank,
        partition,
        values,
        counters,
        depth: 0,
        written: 0,
        finished: false,
    }
}

/// One round: expands `frontier` (this rank's states resolved at the slice's depth), trades
/// the updates for other slices, applies those for this one; returns the states resolved one
/// deeper.
fn round<G: GameGraph>(
    g: &G,
    ranks: &dyn Ranks,
    predecessors: &Predecessors,
    slice: &mut Slice,
    frontier: &[u32],
) -> Vec<u32> {
    let (me, size) = (ranks.rank(), ranks.size());
    let partition = slice.partition;
    // Per other rank: the parents with a lost child, then those with a won child, as bytes.
    let mut lost: Vec<Vec<u8>> = vec![Vec::new(); size];
    let mut won: Vec<Vec<u8>> = vec![Vec::new(); size];
    let mut next = Vec::new();
    let mut buf = Vec::new();
    for &c in frontier {
        let at = partition.local(c as usize);
        let child_lost = matches!(Value::unpack(slice.values[at]), Value::Loss(_));
        predecessors.get(g, c, at, &mut buf);
        for &p in &buf {
            let (to, i) = partition.place(p as usize);
            if to == me {
                slice.update_at(i, p, child_lost, &mut next);
            } else {
                let out = if child_lost {
                    &mut lost[to]
                } else {
                    &mut won[to]
                };
                out.extend_from_slice(&p.to_le_bytes());
            }
        }
    }
    let outgoing = lost
        .into_iter()
        .zip(won)
        .enumerate()
        .map(|(to, (mut l, w))| {
            if to == me {
                return Vec::new();
            }
            let mut bytes = Vec::with_capacity(8 + l.len() + w.len());
            bytes.extend_from_slice(&((l.len() / 4) as u64).to_le_bytes());
            bytes.append(&mut l);
            bytes.extend_from_slice(&w);
            bytes
        })
        .collect();
    let incoming = ranks.exchange(outgoing);
    for bytes in incoming.iter().filter(|b| !b.is_empty()) {
        let lost_count = u64::from_le_bytes(bytes[..8].try_into().expect("a header")) as usize;
        for (k, b) in bytes[8..].chunks_exact(4).enumerate() {
            let p = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
            slice.update(p, k < lost_count, &mut next);
        }
    }
    next
}

impl Slice {
    /// Applies one update to state `p` of this slice, during the round at the slice's
    /// depth: a child of p is lost (`child_lost`) or won. A state it resolves joins `next`.
    fn update(&mut self, p: u32, child_lost: bool, next: &mut Vec<u32>) {
        self.update_at(self.partition.local(p as usize), p, child_lost, next);
    }

    /// [`Slice::update`] of the state at `i` of this slice, `p`.
    fn update_at(&mut self, i: usize, p: u32, child_lost: bool, next: &mut Vec<u32>) {
        if self.values[i] != 0 {
            return;
        }
        if child_lost {
            self.values[i] = Value::Win(self.depth + 1).pack();
            next.push(p);
        } else {
            self.counters[i] -= 1;
            if self.counters[i] == 0 {
                self.values[i] = Value::Loss(self.depth + 1).pack();
                next.push(p);
            }
        }
    }
}

/// Turns one rank's failure into a failure of every rank (each calls this collectively),
/// so that no rank waits for one that has given up; a rank that did not fail itself says
/// which rank did and why, so that rank 0 can tell.
fn collectively<T>(
    ranks: &dyn Ranks,
    local: Result<T, RetrogradeError>,
) -> Result<T, RetrogradeError> {
    agreed(
        ranks,
        local,
        |e| (e.kind(), e.to_string()),
        RetrogradeError::OnRank,
    )
}

/// The slice every rank resumes from: the deepest round every rank holds a slice of, if
/// any (`None` without checkpoints).
fn agree(
    ranks: &dyn Ranks,
    loaded: Option<Result<Vec<Slice>, RetrogradeError>>,
) -> Result<Option<Slice>, RetrogradeError> {
    let Some(loaded) = loaded else {
        return Ok(None);
    };
    let candidates = collectively(ranks, loaded)?;
    let mine: Vec<u8> = candidates
        .iter()
        .flat_map(|s| s.round().to_le_bytes())
        .collect();
    let everyone = ranks.exchange(vec![mine; ranks.size()]);
    let held = |bytes: &Vec<u8>| -> Vec<u64> {
        bytes
            .chunks_exact(8)
            .map(|b| u64::from_le_bytes(b.try_into().expect("eight bytes")))
            .collect()
    };
    let common = held(&everyone[0])
        .into_iter()
        .filter(|round| everyone.iter().all(|b| held(b).contains(round)))
        .max();
    Ok(common.and_then(|round| candidates.into_iter().find(|s| s.round() == round)))
}

/// The two slice files of one rank.
struct SliceFiles {
    paths: [PathBuf; 2],
    identity: String,
}

impl SliceFiles {
    fn new(directory: &Path, name: &str, rank: usize, partition: Partition) -> Self {
        let Partition { n, size, .. } = partition;
        let block = partition.block();
        let base = format!("{}.rank{rank}-of-{size}", name.replace(' ', "-"));
        SliceFiles {
            paths: [
                directory.join(format!("{base}.a.slice")),
                directory.join(format!("{base}.b.slice")),
            ],
            identity: format!("{name}, rank {rank} of {size}, {n} states in blocks of {block}"),
        }
    }

    /// Every slice this rank holds (none, one or two).
    fn load(&self, rank: usize, partition: Partition) -> Result<Vec<Slice>, RetrogradeError> {
        let len = partition.len(rank);
        let mut out = Vec::new();
        for path in &self.paths {
            let Some(payload) = durable::load(path, &SLICE, &self.identity)? else {
                continue;
            };
            let bad = |why: &str| durable::DurableError::Damaged {
                noun: SLICE.noun,
                path: path.clone(),
                why: why.to_string(),
                remedy: SLICE.remedy,
            };
            let mut reader = PayloadReader::new(&payload);
            let (Some(written), Some(depth), Some(finished)) =
                (reader.u64(), reader.u32(), reader.u8())
            else {
                return Err(bad("truncated").into());
            };
            let data = reader.rest();
            if data.len() != 8 * len {
                return Err(bad("the number of states does not match the file's length").into());
            }
            let words: Vec<u32> = data
                .chunks_exact(4)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect();
            let (values, counters) = words.split_at(len);
            out.push(Slice {
                rank,
                partition,
                values: values.to_vec(),
                counters: counters.to_vec(),
                depth,
                written,
                finished: finished == 1,
            });
        }
        Ok(out)
    }

    /// Writes the slice to the file not holding the latest checkpoint.
    fn save(&self, slice: &mut Slice) -> Result<(), RetrogradeError> {
        slice.written += 1;
        let path = &self.paths[(slice.written % 2) as usize];
        durable::save(path, &SLICE, &self.identity, |out| {
            out.write_all(&slice.written.to_le_bytes())?;
            out.write_all(&slice.depth.to_le_bytes())?;
            out.write_all(&[u8::from(slice.finished)])?;
            for words in [&slice.values, &slice.counters] {
                for chunk in words.chunks(1 << 16) {
                    let bytes: Vec<u8> = chunk.iter().flat_map(|w| w.to_le_bytes()).collect();
                    out.write_all(&bytes)?;
                }
            }
            Ok(())
        })?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chase::Chase;
    use crate::graph::arb_graph;
    use crate::solve::solve;
    use conway_core::ranks::run_local;
    use conway_core::{NoProgress, StopAfter};
    use proptest::prelude::*;

    #[test]
    fn the_partition_deals_every_state_once() {
        for (n, block) in [
            (0, 1),
            (1, 4),
            (5, 2),
            (BLOCK, BLOCK),
            (3 * BLOCK + 7, BLOCK),
            (1000, 8),
        ] {
            for size in 1..=5 {
                let p = Partition::new(n, size, block);
                let total: usize = (0..size).map(|r| p.len(r)).sum();
                assert_eq!(total, n, "n {n} size {size}");
                for s in (0..n).step_by(97).chain(n.checked_sub(1)) {
                    let (r, i) = (p.owner(s), p.local(s));
                    assert!(i < p.len(r), "n {n} size {size} s {s}");
                    assert_eq!(p.global(r, i), s);
                }
            }
        }
    }

    /// Blocks small enough to give every rank states of a small test game.
    const TEST_BLOCK: usize = 4;

    fn on_ranks<G: GameGraph>(g: &G, size: usize, checkpoints: Option<&Checkpoints>) -> Solved {
        let mut out = run_local(size, |r| {
            solve_in_blocks(g, "chase 6", r, checkpoints, TEST_BLOCK, &NoProgress).unwrap()
        });
        assert!(out[1..].iter().all(Option::is_none));
        out.swap_remove(0).expect("rank 0 has the table")
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// Any number of ranks gives the one-process engine's values.
        #[test]
        fn ranks_match_one_process(g in arb_graph(), size in 1usize..5) {
            let expected = solve(&g, &NoProgress).unwrap();
            prop_assert_eq!(on_ranks(&g, size, None), expected);
        }
    }

    #[test]
    fn the_easy_chase_on_ranks_matches_one_process() {
        for n in [3, 6] {
            let chase = Chase::new(n).unwrap();
            let expected = chase.solve(&NoProgress).unwrap();
            for size in [1, 2, 3, 4] {
                assert_eq!(on_ranks(&chase, size, None), expected, "n {n} ranks {size}");
            }
        }
    }

    /// Slices of two runs that saved at different rounds, mixed: each rank's latest file
    /// is its run's first checkpoint, so the files agree on how many checkpoints came
    /// before but not on the round. The ranks must not resume from rounds that differ.
    #[test]
    fn slices_of_different_runs_are_not_mixed() {
        let chase = Chase::new(6).unwrap();
        let expected = chase.solve(&NoProgress).unwrap();
        let stopped_run = |interval: Duration, stop_after: u64| {
            let dir = tempfile::tempdir().unwrap();
            let checkpoints = Checkpoints {
                directory: dir.path().to_path_buf(),
                interval,
            };
            run_local(2, |r| {
                let stop = StopAfter::units(stop_after);
                solve_in_blocks(&chase, "chase 6", r, Some(&checkpoints), TEST_BLOCK, &stop)
            });
            dir
        };
        // Saved at round 0 only, and at a later round only.
        let early = stopped_run(Duration::ZERO, 0);
        let late = stopped_run(Duration::from_secs(3600), 700);
        let mixed = tempfile::tempdir().unwrap();
        for (dir, rank) in [(&early, 0), (&late, 1)] {
            for entry in std::fs::read_dir(dir.path()).unwrap() {
                let path = entry.unwrap().path();
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                if name.contains(&format!("rank{rank}-of-2")) {
                    std::fs::copy(&path, mixed.path().join(name)).unwrap();
                }
            }
        }
        let checkpoints = Checkpoints {
            directory: mixed.path().to_path_buf(),
            interval: Duration::ZERO,
        };
        assert_eq!(on_ranks(&chase, 2, Some(&checkpoints)), expected);
    }

    #[test]
    fn stopped_runs_resume_from_their_slices() {
        let dir = tempfile::tempdir().unwrap();
        let checkpoints = Checkpoints {
            directory: dir.path().to_path_buf(),
            interval: Duration::ZERO,
        };
        let chase = Chase::new(6).unwrap();
        let expected = chase.solve(&NoProgress).unwrap();
        let solve_chase = |r: &dyn Ranks, progress: &dyn Progress| {
            solve_in_blocks(
                &chase,
                "chase 6",
                r,
                Some(&checkpoints),
                TEST_BLOCK,
                progress,
            )
        };
        // Stop after a few rounds, on one rank only: every rank stops, slices written.
        for stop_after in [0u64, 300, 700] {
            let out = run_local(3, |r| {
                let stop = StopAfter::units(stop_after);
                let progress: &dyn Progress = if r.rank() == 1 { &stop } else { &NoProgress };
                solve_chase(r, progress)
            });
            assert!(
                out.iter()
                    .all(|o| matches!(o, Err(RetrogradeError::Interrupted))),
                "stop after {stop_after}"
            );
        }
        let resumed = run_local(3, |r| solve_chase(r, &NoProgress).unwrap());
        assert_eq!(resumed[0].as_ref(), Some(&expected));
        // A finished run's slices answer again without a round; another rank count is
        // another set of slices.
        let again = on_ranks(&chase, 3, Some(&checkpoints));
        assert_eq!(again, expected);
        assert_eq!(on_ranks(&chase, 2, Some(&checkpoints)), expected);
        // A damaged slice is an error on its rank, and every rank stops.
        let victim = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| p.to_string_lossy().contains("rank1-of-2"))
            .unwrap();
        let mut bytes = std::fs::read(&victim).unwrap();
        let mid = bytes.len() / 2;
        bytes[mid] ^= 1;
        std::fs::write(&victim, bytes).unwrap();
        let out = run_local(2, |r| solve_chase(r, &NoProgress));
        assert!(out[1].as_ref().unwrap_err().to_string().contains("slice"));
        let why = out[0].as_ref().unwrap_err().to_string();
        assert!(
            why.starts_with("rank 1: ") && why.contains("slice"),
            "{why}"
        );
    }
}
