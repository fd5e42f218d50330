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
use std::sync::mpsc::{channel, Receiver, Sender};

/// One process of a distributed run, and how it talks to the others.
pub trait Ranks {
    /// This process's number, `0..size()`; rank 0 gathers the answer.
    fn rank(&self) -> usize;

    /// How many processes take part.
    fn size(&self) -> usize;

    /// Collective: sends `outgoing[j]` to rank `j` (one buffer per rank, this one's own
    /// included) and returns what each rank sent here, by source rank.
    fn exchange(&self, outgoing: Vec<Vec<u8>>) -> Vec<Vec<u8>>;

    /// Collective: the sum of `x` over every rank, on every rank.
    fn sum(&self, x: u64) -> u64;

    /// Collective: every rank's `bytes` in rank order on rank 0; `None` elsewhere.
    fn gather(&self, bytes: Vec<u8>) -> Option<Vec<Vec<u8>>>;

    /// Sends a message to rank `to`.
    fn send(&self, to: usize, bytes: Vec<u8>);

    /// Waits for the next message from any rank: its source and its bytes.
    fn receive(&self) -> (usize, Vec<u8>);

    /// The next message from any rank if one has arrived.
    fn try_receive(&self) -> Option<(usize, Vec<u8>)>;
}

/// Runs `f` on `size` ranks, each a thread of this process, and returns what each rank
/// returned, by rank.
pub fn run_local<R: Send>(size: usize, f: impl Fn(&dyn Ranks) -> R + Sync) -> Vec<R> {
    assert!(size > 0, "a run has at least one rank");
    let (collective_to, collective_from): (Vec<_>, Vec<_>) = (0..size).map(|_| channel()).unzip();
    let (direct_to, direct_from): (Vec<_>, Vec<_>) = (0..size).map(|_| channel()).unzip();
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
        })
        .collect();
    let f = &f;
    std::thread::scope(|scope| {
        let handles: Vec<_> = locals
            .into_iter()
            .map(|local| scope.spawn(move || f(&local)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a rank panicked"))
            .collect()
    })
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
struct LocalRank {
    rank: usize,
    collective_to: Vec<Sender<Collective>>,
    direct_to: Vec<Sender<(usize, Vec<u8>)>>,
    collective: Receiver<Collective>,
    direct: Receiver<(usize, Vec<u8>)>,
    state: RefCell<Collectives>,
}

impl LocalRank {
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
            let (s, from, bytes) = self.collective.recv().expect("every rank is alive");
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

impl Ranks for LocalRank {
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

    fn sum(&self, x: u64) -> u64 {
        let all = self.exchange(vec![x.to_le_bytes().to_vec(); self.size()]);
        all.iter()
            .map(|b| u64::from_le_bytes(b[..8].try_into().expect("eight bytes")))
            .sum()
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
        self.direct.recv().expect("a sender is alive")
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
                let sum = r.sum(me as u64 + 1);
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
                    r.sum(i * (r.rank() as u64 + 1))
                })
                .collect::<Vec<_>>()
        });
        assert_eq!(out[0], (0..50).map(|i| 3 * i).collect::<Vec<_>>());
        assert_eq!(out[0], out[1]);
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
