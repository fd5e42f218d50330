//! The processes of a distributed run as the domains see them: [`Ranks`], numbered
//! `0..size`, that exchange bytes. A front end implements it over MPI (the CLI's `--mpi`,
//! behind a cargo feature); [`run_local`] implements it with threads in one process, so
//! that the distributed algorithms are tested without MPI.
//!
//! Collective operations ([`Ranks::exchange`], [`Ranks::sum`], [`Ranks::gather`]) must be
//! called by every rank in the same order, as in MPI. Point-to-point messages
//! ([`Ranks::send`], [`Ranks::receive`]) are separate from them: a rank may send while
//! another is between collectives.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

use crate::error::ErrorKind;

/// One process of a distributed run, and how it talks to the others.
pub trait Ranks {
    /// This process's number, `0..size()`; rank 0 gathers the answer.
    fn rank(&self) -> usize;

    /// How many processes take part.
    fn size(&self) -> usize;

    /// Collective: sends `outgoing[j]` to rank `j` (one buffer per rank, this one's own
    /// included) and returns what each rank sent here, by source rank.
    fn exchange(&self, outgoing: Vec<Vec<u8>>) -> Vec<Vec<u8>>;

    /// Collective: the sums of `x` over every rank, entry by entry, on every rank (every
    /// rank gives as many numbers).
    fn sum(&self, x: &[u64]) -> Vec<u64>;

    /// Collective: every rank's `bytes` in rank order on rank 0; `None` elsewhere.
    fn gather(&self, bytes: Vec<u8>) -> Option<Vec<Vec<u8>>>;

    /// Sends a message to rank `to`.
    fn send(&self, to: usize, bytes: Vec<u8>);

    /// Waits for the next message from any rank: its source and its bytes.
    fn receive(&self) -> (usize, Vec<u8>);

    /// The next message from any rank if one has arrived.
    fn try_receive(&self) -> Option<(usize, Vec<u8>)>;
}

/// A failure of one rank, as every rank hears of it through [`failures`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankFailure {
    /// The rank that failed.
    pub rank: usize,
    /// What kind of failure it was (which decides the exit status).
    pub kind: ErrorKind,
    /// Its message.
    pub message: String,
}

impl std::fmt::Display for RankFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "rank {}: {}", self.rank, self.message)
    }
}

impl std::error::Error for RankFailure {}

impl crate::Diagnostic for RankFailure {
    fn kind(&self) -> ErrorKind {
        self.kind
    }
}

/// Collective: every rank's failure, given this rank's own (`None` when it did not fail), in
/// rank order, on every rank. Work that may fail on one rank alone (its own files) is
/// followed by this, so that no rank waits in a collective for a rank that has given up.
pub fn failures(ranks: &dyn Ranks, mine: Option<(ErrorKind, &str)>) -> Vec<RankFailure> {
    let said = match mine {
        Some((kind, message)) => format!("{}\n{message}", kind.name()).into_bytes(),
        None => Vec::new(),
    };
    let all = ranks.exchange(vec![said; ranks.size()]);
    all.iter()
        .enumerate()
        .filter(|(_, said)| !said.is_empty())
        .map(|(rank, said)| {
            let said = String::from_utf8_lossy(said);
            let (kind, message) = said.split_once('\n').unwrap_or(("internal", &said));
            RankFailure {
                rank,
                kind: ErrorKind::from_name(kind).unwrap_or(ErrorKind::Internal),
                message: message.to_string(),
            }
        })
        .collect()
}

/// Collective: `local`, this rank's result of a step that may fail on this rank alone (its
/// own files), or — when this rank did not fail but another did — the first such failure
/// as `on_rank` makes it an `E`: every rank goes on, or every rank stops. `describe` gives
/// a failure's kind and message for the other ranks.
pub fn agreed<T, E>(
    ranks: &dyn Ranks,
    local: Result<T, E>,
    describe: impl FnOnce(&E) -> (ErrorKind, String),
    on_rank: impl FnOnce(RankFailure) -> E,
) -> Result<T, E> {
    let mine = local.as_ref().err().map(describe);
    let failed = failures(ranks, mine.as_ref().map(|(k, m)| (*k, m.as_str())));
    match (local, failed.into_iter().next()) {
        (Err(e), _) => Err(e),
        (Ok(_), Some(first)) => Err(on_rank(first)),
        (Ok(v), None) => Ok(v),
    }
}

/// Runs `f` on `size` ranks, each a thread of this process, and returns what each rank
/// returned, by rank. A rank that panics makes every rank waiting for a message panic too,
/// so that a failing test fails instead of hanging.
pub fn run_local<R: Send>(size: usize, f: impl Fn(&dyn Ranks) -> R + Sync) -> Vec<R> {
    assert!(size > 0, "a run has at least one rank");
    let (collective_to, collective_from): (Vec<_>, Vec<_>) = (0..size).map(|_| channel()).unzip();
    let (direct_to, direct_from): (Vec<_>, Vec<_>) = (0..size).map(|_| channel()).unzip();
    let poisoned = AtomicBool::new(false);
    let poisoned = &poisoned;
    let locals: Vec<LocalRank> = collective_from
        .into_iter()
        .zip(direct_from)
        .enumerate()
        .map(|(rank, (collective, direct))| LocalRank {
            rank,
            collective_to: collective_to.clone(),
            direct_to: direct_to.clone(),
            collective,
            direct,
            state: RefCell::new(Collectives::default()),
            poisoned,
        })
        .collect();
    let f = &f;
    std::thread::scope(|scope| {
        let handles: Vec<_> = locals
            .into_iter()
            .map(|local| {
                scope.spawn(move || {
                    let _poison = Poison(local.poisoned);
                    f(&local)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a rank panicked"))
            .collect()
    })
}

/// Raises the flag when its thread unwinds from a panic.
struct Poison<'a>(&'a AtomicBool);

impl Drop for Poison<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(true, Ordering::SeqCst);
        }
    }
}

/// Waits for the next message on `from`, panicking when another rank has panicked.
fn wait_for<T>(from: &Receiver<T>, poisoned: &AtomicBool) -> T {
    loop {
        match from.recv_timeout(Duration::from_millis(50)) {
            Ok(message) => return message,
            Err(RecvTimeoutError::Timeout) if !poisoned.load(Ordering::SeqCst) => {}
            Err(_) => panic!("another rank panicked"),
        }
    }
}

/// A message of the `seq`-th collective operation, from rank `from`.
type Collective = (u64, usize, Vec<u8>);

#[derive(Default)]
struct Collectives {
    /// How many collective operations this rank has started.
    seq: u64,
    /// Messages of later collectives that arrived early, by (seq, source).
    early: HashMap<(u64, usize), Vec<u8>>,
}

/// A rank of [`run_local`]: channels to every rank, one kind for collectives (tagged by
/// their sequence number) and one for direct messages.
struct LocalRank<'p> {
    rank: usize,
    collective_to: Vec<Sender<Collective>>,
    direct_to: Vec<Sender<(usize, Vec<u8>)>>,
    collective: Receiver<Collective>,
    direct: Receiver<(usize, Vec<u8>)>,
    state: RefCell<Collectives>,
    /// Raised when a rank panics.
    poisoned: &'p AtomicBool,
}

impl LocalRank<'_> {
    /// Starts a collective: its sequence number.
    fn start(&self) -> u64 {
        let mut state = self.state.borrow_mut();
        state.seq += 1;
        state.seq
    }

    fn post(&self, seq: u64, to: usize, bytes: Vec<u8>) {
        // A rank that has returned no longer listens; nothing waits for its answer.
        let _ = self.collective_to[to].send((seq, self.rank, bytes));
    }

    /// The messages of collective `seq` from every rank, by source.
    fn collect(&self, seq: u64) -> Vec<Vec<u8>> {
        let mut got: Vec<Option<Vec<u8>>> = vec![None; self.size()];
        let mut missing = self.size();
        {
            let mut state = self.state.borrow_mut();
            for (from, slot) in got.iter_mut().enumerate() {
                if let Some(bytes) = state.early.remove(&(seq, from)) {
                    *slot = Some(bytes);
                    missing -= 1;
                }
            }
        }
        while missing > 0 {
            let (s, from, bytes) = wait_for(&self.collective, self.poisoned);
            if s == seq {
                got[from] = Some(bytes);
                missing -= 1;
            } else {
                self.state.borrow_mut().early.insert((s, from), bytes);
            }
        }
        got.into_iter().map(|b| b.expect("all arrived")).collect()
    }
}

impl Ranks for LocalRank<'_> {
    fn rank(&self) -> usize {
        self.rank
    }

    fn size(&self) -> usize {
        self.collective_to.len()
    }

    fn exchange(&self, outgoing: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
        assert_eq!(outgoing.len(), self.size(), "one buffer per rank");
        let seq = self.start();
        for (to, bytes) in outgoing.into_iter().enumerate() {
            self.post(seq, to, bytes);
        }
        self.collect(seq)
    }

    fn sum(&self, x: &[u64]) -> Vec<u64> {
        let mine: Vec<u8> = x.iter().flat_map(|v| v.to_le_bytes()).collect();
        let all = self.exchange(vec![mine; self.size()]);
        let mut total = vec![0u64; x.len()];
        for bytes in &all {
            for (t, b) in total.iter_mut().zip(bytes.chunks_exact(8)) {
                *t += u64::from_le_bytes(b.try_into().expect("eight bytes"));
            }
        }
        total
    }

    fn gather(&self, bytes: Vec<u8>) -> Option<Vec<Vec<u8>>> {
        let seq = self.start();
        self.post(seq, 0, bytes);
        (self.rank == 0).then(|| self.collect(seq))
    }

    fn send(&self, to: usize, bytes: Vec<u8>) {
        let _ = self.direct_to[to].send((self.rank, bytes));
    }

    fn receive(&self) -> (usize, Vec<u8>) {
        wait_for(&self.direct, self.poisoned)
    }

    fn try_receive(&self) -> Option<(usize, Vec<u8>)> {
        self.direct.try_recv().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collectives_agree_on_every_rank() {
        for size in 1..=4 {
            let out = run_local(size, |r| {
                let me = r.rank();
                // Rank i sends [i, j] to rank j.
                let got = r.exchange((0..r.size()).map(|j| vec![me as u8, j as u8]).collect());
                let sum = r.sum(&[me as u64 + 1, 1])[0];
                let gathered = r.gather(vec![me as u8; me + 1]);
                (got, sum, gathered)
            });
            for (me, (got, sum, gathered)) in out.into_iter().enumerate() {
                let expected: Vec<Vec<u8>> = (0..size).map(|i| vec![i as u8, me as u8]).collect();
                assert_eq!(got, expected);
                assert_eq!(sum, (size * (size + 1) / 2) as u64);
                assert_eq!(gathered.is_some(), me == 0);
                if let Some(g) = gathered {
                    assert_eq!(
                        g,
                        (0..size).map(|i| vec![i as u8; i + 1]).collect::<Vec<_>>()
                    );
                }
            }
        }
    }

    #[test]
    fn early_collectives_wait_their_turn() {
        // Rank 1 runs ahead through many sums while rank 0 is slow; each sum still pairs
        // with the same sum on the other rank.
        let out = run_local(2, |r| {
            (0..50u64)
                .map(|i| {
                    if r.rank() == 0 && i % 10 == 0 {
                        std::thread::sleep(std::time::Duration::from_millis(2));
                    }
                    r.sum(&[i * (r.rank() as u64 + 1)])[0]
                })
                .collect::<Vec<_>>()
        });
        assert_eq!(out[0], (0..50).map(|i| 3 * i).collect::<Vec<_>>());
        assert_eq!(out[0], out[1]);
    }

    #[test]
    fn sums_are_entry_by_entry() {
        let out = run_local(3, |r| r.sum(&[1, r.rank() as u64, 10 * r.rank() as u64]));
        assert!(out.iter().all(|s| s == &[3, 3, 30]));
    }

    #[test]
    fn every_rank_hears_of_every_failure() {
        let out = run_local(3, |r| {
            let mine = (r.rank() == 1).then_some((ErrorKind::Io, "disk full\nreally"));
            failures(r, mine)
        });
        let expected = vec![RankFailure {
            rank: 1,
            kind: ErrorKind::Io,
            message: "disk full\nreally".into(),
        }];
        assert!(out.iter().all(|f| f == &expected));
        assert_eq!(expected[0].to_string(), "rank 1: disk full\nreally");
        assert!(run_local(2, |r| failures(r, None))
            .iter()
            .all(Vec::is_empty));
    }

    #[test]
    fn a_panicking_rank_fails_the_others_instead_of_hanging() {
        let out = std::panic::catch_unwind(|| {
            run_local(2, |r| {
                if r.rank() == 1 {
                    panic!("rank 1 fails");
                }
                r.sum(&[1])
            })
        });
        assert!(out.is_err());
    }

    #[test]
    fn direct_messages_reach_their_rank() {
        let out = run_local(3, |r| {
            if r.rank() == 0 {
                let mut got: Vec<(usize, Vec<u8>)> = (0..2).map(|_| r.receive()).collect();
                got.sort();
                got
            } else {
                r.send(0, vec![r.rank() as u8 * 7]);
                assert!(r.try_receive().is_none() || r.rank() == 0);
                Vec::new()
            }
        });
        assert_eq!(out[0], vec![(1, vec![7]), (2, vec![14])]);
    }
}
