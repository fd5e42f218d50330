//! [`Ranks`] over MPI (Open MPI through the `mpi` crate): the processes `mpirun` started.
//!
//! Everything is built from point-to-point messages in chunks of at most [`CHUNK`] bytes,
//! because MPI counts elements in 32-bit integers: a slice of a table or a batch of
//! updates may pass 2 GiB. Each kind of message has its own tag, so that the direct
//! messages of a search never meet the messages of a collective.
//!
//! A direct message is sent without blocking, and while it waits to be taken this rank
//! takes in the direct messages sent to it (kept in order for [`Ranks::receive`]): two
//! ranks that send to each other at once, each a message too large to be buffered, would
//! otherwise wait for each other for ever.

use std::cell::RefCell;
use std::collections::VecDeque;

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
    // Dropped after `world`: MPI is finalized last.
    world: SimpleCommunicator,
    _universe: mpi::environment::Universe,
    /// Direct messages taken in while this rank was sending one, oldest first.
    early: RefCell<VecDeque<(usize, Vec<u8>)>>,
}

impl MpiRanks {
    /// Initializes MPI (a run of one rank when the process was not started by `mpirun`);
    /// `None` when MPI was initialized before.
    pub fn initialize() -> Option<Self> {
        let universe = mpi::initialize()?;
        let world = universe.world();
        Some(MpiRanks {
            world,
            _universe: universe,
            early: RefCell::new(VecDeque::new()),
        })
    }

    fn at(&self, rank: usize) -> mpi::topology::Process<'_> {
        self.world.process_at_rank(rank as i32)
    }

    /// Sends one direct message part to `to`, taking in the direct messages that arrive
    /// meanwhile.
    fn send_taking_in(&self, to: usize, part: &[u8]) {
        mpi::request::scope(|scope| {
            let mut request = self.at(to).immediate_send_with_tag(scope, part, DIRECT);
            loop {
                match request.test() {
                    Ok(_) => return,
                    Err(pending) => request = pending,
                }
                if let Some(message) = self.probe_direct() {
                    self.early.borrow_mut().push_back(message);
                }
            }
        });
    }

    /// The next direct message that has arrived, if one has, taken whole.
    fn probe_direct(&self) -> Option<(usize, Vec<u8>)> {
        let (message, status) = self
            .world
            .any_process()
            .immediate_matched_probe_with_tag(DIRECT)?;
        let mut len = [0u8; 8];
        message.matched_receive_into(&mut len[..]);
        Some(self.direct_rest(status, len))
    }

    /// The rest of a direct message whose length `len` came with `status`: its source and
    /// its bytes.
    fn direct_rest(&self, status: mpi::point_to_point::Status, len: [u8; 8]) -> (usize, Vec<u8>) {
        let from = status.source_rank() as usize;
        (
            from,
            self.receive_chunks(from, u64::from_le_bytes(len), DIRECT),
        )
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

    fn sum(&self, x: &[u64]) -> Vec<u64> {
        let mut total = vec![0u64; x.len()];
        self.world
            .all_reduce_into(x, &mut total[..], mpi::collective::SystemOperation::sum());
        total
    }

    fn gather(&self, bytes: Vec<u8>) -> Option<Vec<Vec<u8>>> {
        if self.rank() != 0 {
            // Blocking: only rank 0 receives, from each rank in turn.
            let root = self.at(0);
            root.send_with_tag(&(bytes.len() as u64).to_le_bytes()[..], GATHER);
            for chunk in bytes.chunks(CHUNK) {
                root.send_with_tag(chunk, GATHER);
            }
            return None;
        }
        let mut parts = vec![bytes];
        for from in 1..self.size() {
            let mut len = [0u8; 8];
            self.at(from).receive_into_with_tag(&mut len[..], GATHER);
            parts.push(self.receive_chunks(from, u64::from_le_bytes(len), GATHER));
        }
        Some(parts)
    }

    fn send(&self, to: usize, bytes: Vec<u8>) {
        self.send_taking_in(to, &(bytes.len() as u64).to_le_bytes());
        for chunk in bytes.chunks(CHUNK) {
            self.send_taking_in(to, chunk);
        }
    }

    fn receive(&self) -> (usize, Vec<u8>) {
        if let Some(message) = self.early.borrow_mut().pop_front() {
            return message;
        }
        let mut len = [0u8; 8];
        let status = self
            .world
            .any_process()
            .receive_into_with_tag(&mut len[..], DIRECT);
        self.direct_rest(status, len)
    }

    fn try_receive(&self) -> Option<(usize, Vec<u8>)> {
        let early = self.early.borrow_mut().pop_front();
        early.or_else(|| self.probe_direct())
    }
}
