//! The reverse search of [`super::reverse_search`] across the ranks of a distributed run,
//! the way mplrs distributes lrs: rank 0 keeps a queue of jobs (subtrees, each named by its
//! path from the root), keeps every other rank supplied with a few and runs some itself; a
//! rank explores a job for a budget of bases and sends back what it found and the subtrees
//! it did not reach. Reports carry their paths and are sorted as the one-process search
//! sorts them, so any number of ranks prints the same.
//!
//! Messages are JSON ([`Message`]); a job's dictionary is never sent, only its path, which
//! the receiving rank replays from the root.

use conway_core::ranks::RankFailure;
use conway_core::{Diagnostic, ErrorKind, Progress, Ranks, Work};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::two_player::reverse_search::{
    in_search_order, run_job, Dictionary, JobResult, JobSpec, Roots, Visit, BUDGET,
};
use crate::StrategicError;
use num_bigint::BigInt;

/// What ranks say to each other.
#[derive(Serialize, Deserialize)]
#[serde(bound(serialize = "I: Serialize", deserialize = "I: DeserializeOwned"))]
enum Message<I> {
    /// Rank 0 to a rank: explore this.
    Job(JobSpec),
    /// Rank 0 to a rank: the search is over, and why it failed if it did.
    Stop(Option<Failure>),
    /// A rank to rank 0: a job explored.
    Done {
        found: Vec<(Vec<u32>, usize, I)>,
        handed: Vec<JobSpec>,
        bases: u64,
    },
    /// A rank to rank 0: a job failed.
    Failed(Failure),
}

/// A [`StrategicError`] as it crosses between ranks: interruptions and limits keep their
/// own form, everything else its kind and message.
#[derive(Clone, Serialize, Deserialize)]
enum Failure {
    Interrupted,
    TooLarge {
        what: String,
        size: String,
        limit: String,
    },
    Other {
        kind: String,
        message: String,
    },
}

impl From<&StrategicError> for Failure {
    fn from(e: &StrategicError) -> Self {
        match e {
            StrategicError::Interrupted => Failure::Interrupted,
            StrategicError::TooLarge { what, size, limit } => Failure::TooLarge {
                what: what.clone(),
                size: size.clone(),
                limit: limit.clone(),
            },
            other => Failure::Other {
                kind: other.kind().name().to_string(),
                message: other.to_string(),
            },
        }
    }
}

impl Failure {
    /// The error as the rank that hears of it from rank `rank` reports it.
    fn heard_from(self, rank: usize) -> StrategicError {
        match self {
            Failure::Interrupted => StrategicError::Interrupted,
            Failure::TooLarge { what, size, limit } => {
                StrategicError::TooLarge { what, size, limit }
            }
            Failure::Other { kind, message } => StrategicError::OnRank(RankFailure {
                rank,
                kind: ErrorKind::from_name(&kind).unwrap_or(ErrorKind::Internal),
                message,
            }),
        }
    }
}

fn encode<I: Serialize>(message: &Message<I>) -> Vec<u8> {
    serde_json::to_vec(message).expect("messages serialize")
}

fn decode<I: DeserializeOwned>(bytes: &[u8]) -> Result<Message<I>, StrategicError> {
    serde_json::from_slice(bytes)
        .map_err(|e| StrategicError::Internal(format!("a garbled message between ranks: {e}")))
}

/// How many bases a job explores before handing back the rest.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Budgets {
    /// On rank 0, which looks at its messages between jobs: less than on other ranks, so
    /// that they do not wait long for work.
    pub(crate) coordinator: u64,
    /// On every other rank.
    pub(crate) worker: u64,
}

impl Default for Budgets {
    fn default() -> Self {
        Budgets {
            coordinator: BUDGET / 4,
            worker: BUDGET * 2,
        }
    }
}

/// How many jobs a rank other than 0 holds at once: the one it explores and those queued
/// behind it, so that it rarely waits for rank 0 (which reads messages between jobs of its
/// own) even when the jobs it gets are small subtrees.
const AHEAD: usize = 8;

/// [`super::reverse_search::reverse_search`] on every rank of `ranks` (a collective call:
/// every rank calls it with the same root and visitor), jobs explored for `budgets`. Rank 0
/// gets the reports in the one-process order; the other ranks get `None`. At most `limit`
/// bases in all; a stop request heard by any rank ends the search with
/// [`StrategicError::Interrupted`]. A failure is every rank's.
pub(crate) fn reverse_search_on_ranks<V: Visit>(
    root: Dictionary<BigInt>,
    visitor: &V,
    ranks: &dyn Ranks,
    (limit, budgets): (u64, Budgets),
    progress: &dyn Progress,
) -> Result<Option<Vec<V::Item>>, StrategicError>
where
    V::Item: Serialize + DeserializeOwned,
{
    let roots = Roots::new(root);
    if ranks.rank() != 0 {
        serve(&roots, visitor, ranks, (limit, budgets.worker), progress)?;
        return Ok(None);
    }
    coordinate(
        &roots,
        visitor,
        ranks,
        (limit, budgets.coordinator),
        progress,
    )
    .map(Some)
}

/// Rank 0: hands out jobs, runs some, gathers the reports.
fn coordinate<V: Visit>(
    roots: &Roots,
    visitor: &V,
    ranks: &dyn Ranks,
    (limit, budget): (u64, u64),
    progress: &dyn Progress,
) -> Result<Vec<V::Item>, StrategicError>
where
    V::Item: Serialize + DeserializeOwned,
{
    let mut books = Books {
        queue: Vec::new(),
        in_flight: vec![0; ranks.size()],
        found: Vec::new(),
        bases: 0,
        error: None,
        limit,
        progress,
    };
    // Rank 0 starts the search itself, with its short budget, so that every rank has
    // work soon.
    let mut job = Some(JobSpec::root());
    loop {
        if let Some(job) = job.take() {
            let shown = Offset {
                progress,
                before: books.bases,
            };
            let result = run_job(roots, &job, visitor, budget, limit, &shown);
            books.account(result);
        }
        books.dispatch::<V::Item>(ranks);
        let working = books.error.is_none() && !books.queue.is_empty();
        let message = if working {
            ranks.try_receive()
        } else if books.busy() {
            Some(ranks.receive())
        } else {
            break;
        };
        match message {
            Some((from, bytes)) => {
                books.in_flight[from] -= 1;
                books.account(reply::<V::Item>(from, &bytes));
            }
            None => job = books.queue.pop(),
        }
    }
    let failure = books.error.as_ref().map(Failure::from);
    for to in 1..ranks.size() {
        ranks.send(to, encode::<V::Item>(&Message::Stop(failure.clone())));
    }
    match books.error {
        Some(e) => Err(e),
        None => Ok(in_search_order(books.found)),
    }
}

/// What rank 0 knows of the search.
struct Books<'p, I> {
    /// Jobs nobody has taken yet.
    queue: Vec<JobSpec>,
    /// Jobs sent to each rank and not answered yet.
    in_flight: Vec<usize>,
    found: Vec<(Vec<u32>, usize, I)>,
    /// Bases explored by every rank, in the jobs answered so far.
    bases: u64,
    /// The first failure: no more jobs go out once it is known.
    error: Option<StrategicError>,
    limit: u64,
    progress: &'p dyn Progress,
}

impl<I> Books<'_, I> {
    fn busy(&self) -> bool {
        self.in_flight.iter().any(|&jobs| jobs > 0)
    }

    /// Takes in what a job found, or why it failed.
    fn account(&mut self, result: Result<JobResult<I>, StrategicError>) {
        let done = match result {
            Ok(done) => done,
            Err(e) => {
                self.error.get_or_insert(e);
                return;
            }
        };
        self.bases += done.bases;
        self.found.extend(done.found);
        self.queue.extend(done.handed);
        if self.bases > self.limit {
            self.error.get_or_insert(StrategicError::too_large(
                "simplex bases in one best-response polytope",
                format!("at least {}", self.bases),
                self.limit,
            ));
        } else if self
            .progress
            .report(Work::open(self.bases, "bases"))
            .is_break()
        {
            self.error.get_or_insert(StrategicError::Interrupted);
        }
    }

    /// Sends jobs from the queue to the other ranks, those with fewer in hand first, up to
    /// [`AHEAD`] each.
    fn dispatch<J: Serialize>(&mut self, ranks: &dyn Ranks) {
        if self.error.is_some() {
            return;
        }
        for held in 0..AHEAD {
            for (to, jobs) in self.in_flight.iter_mut().enumerate().skip(1) {
                if *jobs != held {
                    continue;
                }
                let Some(job) = self.queue.pop() else {
                    return;
                };
                ranks.send(to, encode::<J>(&Message::Job(job)));
                *jobs += 1;
            }
        }
    }
}

/// The answer of rank `from` to a job.
fn reply<I: DeserializeOwned>(from: usize, bytes: &[u8]) -> Result<JobResult<I>, StrategicError> {
    match decode::<I>(bytes)? {
        Message::Done {
            found,
            handed,
            bases,
        } => Ok(JobResult {
            found,
            handed,
            bases,
        }),
        Message::Failed(f) => Err(f.heard_from(from)),
        Message::Job(_) | Message::Stop(_) => Err(StrategicError::Internal(
            "rank 0 received a message meant for the other ranks".into(),
        )),
    }
}

/// Rank 0's progress during a job of its own: the bases of the jobs answered before it
/// plus the job's own, so that the count shown never goes back.
struct Offset<'p> {
    progress: &'p dyn Progress,
    before: u64,
}

impl Progress for Offset<'_> {
    fn report(&self, work: Work) -> std::ops::ControlFlow<()> {
        self.progress.report(Work {
            done: self.before + work.done,
            ..work
        })
    }
}

/// Every other rank: runs the jobs rank 0 sends until it says stop.
fn serve<V: Visit>(
    roots: &Roots,
    visitor: &V,
    ranks: &dyn Ranks,
    (limit, budget): (u64, u64),
    progress: &dyn Progress,
) -> Result<(), StrategicError>
where
    V::Item: Serialize + DeserializeOwned,
{
    loop {
        let (_, bytes) = ranks.receive();
        let job = match decode::<V::Item>(&bytes) {
            Ok(Message::Job(job)) => Ok(job),
            Ok(Message::Stop(None)) => return Ok(()),
            Ok(Message::Stop(Some(failure))) => return Err(failure.heard_from(0)),
            Ok(_) => Err(StrategicError::Internal(
                "a rank received a message meant for rank 0".into(),
            )),
            Err(e) => Err(e),
        };
        let done = job.and_then(|job| run_job(roots, &job, visitor, budget, limit, progress));
        let reply = match done {
            Ok(done) => Message::Done {
                found: done.found,
                handed: done.handed,
                bases: done.bases,
            },
            Err(e) => Message::Failed(Failure::from(&e)),
        };
        ranks.send(0, encode(&reply));
    }
}
