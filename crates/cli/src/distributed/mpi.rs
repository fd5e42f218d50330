//! [`Ranks`] over MPI (Open MPI through the `mpi` crate): the processes `mpirun` started.
//!
//! Everything is built from point-to-point messages in chunks of at most [`CHUNK`] bytes,
//! because MPI counts elements in 32-bit integers: a slice of a table or a batch of
//! updates may pass 2 GiB. Each kind of message has its own tag, so that the direct
//! messages of a search never meet the messages of a collective.

use mpi::point_to_point::send_receive_into_with_tags;
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;

use conway_core::Ranks;

/// The most bytes in one MPI message.
const CHUNK: usize = 1 << 30;

const EXCHANGE: i32 = 1;
const GATHER: i32 = 2;
const DIRECT: i32 = 3;

/// The ranks of the MPI world; MPI is finalized when this is dropped.
pub struct MpiRanks {
    _universe: mpi::environment::Universe,
    world: SimpleCommunicator,
}

impl MpiRanks {
    /// Initializes MPI (a run of one rank when the process was not started by `mpirun`);
    /// `None` when MPI was initialized before.
    pub fn initialize() -> Option<Self> {
        let universe = mpi::initialize()?;
        let world = universe.world();
        Some(MpiRanks {
            _universe: universe,
            world,
        })
    }

    fn at(&self, rank: usize) -> mpi::topology::Process<'_> {
        self.world.process_at_rank(rank as i32)
    }

    /// Sends `bytes` to `to` as a length and chunks.
    fn send_chunked(&self, to: usize, bytes: &[u8], tag: i32) {
        let process = self.at(to);
        process.send_with_tag(&(bytes.len() as u64), tag);
        for chunk in bytes.chunks(CHUNK) {
            process.send_with_tag(chunk, tag);
        }
    }

    /// Receives the chunks of a message of `len` bytes from `from`.
    fn receive_chunks(&self, from: usize, len: u64, tag: i32) -> Vec<u8> {
        let mut bytes = vec![0u8; len as usize];
        for chunk in bytes.chunks_mut(CHUNK) {
            self.at(from).receive_into_with_tag(chunk, tag);
        }
        bytes
    }
}

impl Ranks for MpiRanks {
    fn rank(&self) -> usize {
        self.world.rank() as usize
    }

    fn size(&self) -> usize {
        self.world.size() as usize
    }

    fn exchange(&self, mut outgoing: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
        let (me, size) = (self.rank(), self.size());
        let mut incoming = vec![Vec::new(); size];
        incoming[me] = std::mem::take(&mut outgoing[me]);
        // Round k: send to the rank k after this one, receive from the rank k before it.
        for k in 1..size {
            let (to, from) = ((me + k) % size, (me + size - k) % size);
            let out = &outgoing[to];
            let mut len = 0u64;
            send_receive_into_with_tags(
                &(out.len() as u64),
                &self.at(to),
                EXCHANGE,
                &mut len,
                &self.at(from),
                EXCHANGE,
            );
            let mut bytes = vec![0u8; len as usize];
            let mut sent = out.chunks(CHUNK);
            let mut received = bytes.chunks_mut(CHUNK);
            loop {
                match (sent.next(), received.next()) {
                    (Some(s), Some(r)) => {
                        send_receive_into_with_tags(
                            s,
                            &self.at(to),
                            EXCHANGE,
                            r,
                            &self.at(from),
                            EXCHANGE,
                        );
                    }
                    (Some(s), None) => self.at(to).send_with_tag(s, EXCHANGE),
                    (None, Some(r)) => {
                        self.at(from).receive_into_with_tag(r, EXCHANGE);
                    }
                    (None, None) => break,
                }
            }
            incoming[from] = bytes;
        }
        incoming
    }

    fn sum(&self, x: u64) -> u64 {
        let mut total = 0u64;
        self.world
            .all_reduce_into(&x, &mut total, mpi::collective::SystemOperation::sum());
        total
    }

    fn gather(&self, bytes: Vec<u8>) -> Option<Vec<Vec<u8>>> {
        if self.rank() != 0 {
            self.send_chunked(0, &bytes, GATHER);
            return None;
        }
        let mut parts = vec![bytes];
        for from in 1..self.size() {
            let (len, _) = self.at(from).receive_with_tag::<u64>(GATHER);
            parts.push(self.receive_chunks(from, len, GATHER));
        }
        Some(parts)
    }

    fn send(&self, to: usize, bytes: Vec<u8>) {
        self.send_chunked(to, &bytes, DIRECT);
    }

    fn receive(&self) -> (usize, Vec<u8>) {
        let (len, status) = self.world.any_process().receive_with_tag::<u64>(DIRECT);
        let from = status.source_rank() as usize;
        (from, self.receive_chunks(from, len, DIRECT))
    }

    fn try_receive(&self) -> Option<(usize, Vec<u8>)> {
        let (message, status) = self
            .world
            .any_process()
            .immediate_matched_probe_with_tag(DIRECT)?;
        let mut len = 0u64;
        message.matched_receive_into(&mut len);
        let from = status.source_rank() as usize;
        Some((from, self.receive_chunks(from, len, DIRECT)))
    }
}
