//! The reverse search of [`crate::reverse_search`] across the ranks of a distributed run,
//! the way mplrs distributes lrs: rank 0 keeps a queue of jobs (subtrees, each named by its
//! path from the root), hands them to idle ranks and runs some itself; a rank explores a
//! job for a budget of bases and sends back what it found and the subtrees it did not
//! reach. Reports carry their paths and are sorted as the one-process search sorts them,
//! so any number of ranks prints the same.
//!
//! Messages are JSON ([`Message`]); a job's dictionary is never sent, only its path, which
//! the receiving rank replays from the root.

use conway_core::{Progress, Ranks, Work};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::reverse_search::{in_search_order, run_job, Dictionary, JobSpec, Roots, Visit, BUDGET};
use crate::StrategicError;
use num_bigint::BigInt;

/// What ranks say to each other.
#[derive(Serialize, Deserialize)]
#[serde(bound(serialize = "I: Serialize", deserialize = "I: DeserializeOwned"))]
enum Message<I> {
    /// Rank 0 to a rank: explore this.
    Job(JobSpec),
    /// Rank 0 to a rank: the search is over.
    Stop,
    /// A rank to rank 0: a job explored.
    Done {
        found: Vec<(Vec<u32>, usize, I)>,
        handed: Vec<JobSpec>,
        bases: u64,
    },
    /// A rank to rank 0: a job failed.
    Failed(Failure),
}

/// A [`StrategicError`] as it crosses between ranks.
#[derive(Serialize, Deserialize)]
enum Failure {
    Interrupted,
    TooLarge {
        what: String,
        size: String,
        limit: String,
    },
    Other(String),
}

impl From<StrategicError> for Failure {
    fn from(e: StrategicError) -> Self {
        match e {
            StrategicError::Interrupted => Failure::Interrupted,
            StrategicError::TooLarge { what, size, limit } => {
                Failure::TooLarge { what, size, limit }
            }
            other => Failure::Other(other.to_string()),
        }
    }
}

impl From<Failure> for StrategicError {
    fn from(f: Failure) -> Self {
        match f {
            Failure::Interrupted => StrategicError::Interrupted,
            Failure::TooLarge { what, size, limit } => {
                StrategicError::TooLarge { what, size, limit }
            }
            Failure::Other(text) => StrategicError::Internal(text),
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

/// [`crate::reverse_search::reverse_search`] on every rank of `ranks` (a collective call:
/// every rank calls it with the same root and visitor), jobs explored for `budgets`. Rank 0 gets the reports in the
/// one-process order; the other ranks get `None`. At most `limit` bases in all; a stop
/// request heard by any rank ends the search with [`StrategicError::Interrupted`] on
/// rank 0.
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
    let mut queue = vec![JobSpec::root()];
    let mut idle: Vec<usize> = (1..ranks.size()).rev().collect();
    let mut busy = 0usize;
    let mut found = Vec::new();
    let mut bases = 0u64;
    let mut error: Option<StrategicError> = None;
    let mut account =
        |result: Result<crate::reverse_search::JobResult<V::Item>, StrategicError>,
         queue: &mut Vec<JobSpec>,
         error: &mut Option<StrategicError>| {
            match result {
                Ok(done) => {
                    bases += done.bases;
                    found.extend(done.found);
                    queue.extend(done.handed);
                    if bases > limit {
                        error.get_or_insert(StrategicError::too_large(
                            "simplex bases in one best-response polytope",
                            format!("at least {bases}"),
                            limit,
                        ));
                    } else if progress.report(Work::open(bases, "bases")).is_break() {
                        error.get_or_insert(StrategicError::Interrupted);
                    }
                }
                Err(e) => {
                    error.get_or_insert(e);
                }
            }
        };
    loop {
        while error.is_none() && !queue.is_empty() && !idle.is_empty() {
            let to = idle.pop().expect("not empty");
            let job = queue.pop().expect("not empty");
            ranks.send(to, encode::<V::Item>(&Message::Job(job)));
            busy += 1;
        }
        let working = error.is_none() && !queue.is_empty();
        let message = if working {
            ranks.try_receive()
        } else if busy > 0 {
            Some(ranks.receive())
        } else {
            break;
        };
        if let Some((from, bytes)) = message {
            busy -= 1;
            idle.push(from);
            let result = match decode::<V::Item>(&bytes) {
                Ok(Message::Done {
                    found,
                    handed,
                    bases,
                }) => Ok(crate::reverse_search::JobResult {
                    found,
                    handed,
                    bases,
                }),
                Ok(Message::Failed(f)) => Err(f.into()),
                Ok(_) => Err(StrategicError::Internal(
                    "rank 0 received a message meant for the other ranks".into(),
                )),
                Err(e) => Err(e),
            };
            account(result, &mut queue, &mut error);
            continue;
        }
        let job = queue.pop().expect("working");
        let result = run_job(roots, &job, visitor, budget, limit, progress);
        account(result, &mut queue, &mut error);
    }
    for to in 1..ranks.size() {
        ranks.send(to, encode::<V::Item>(&Message::Stop));
    }
    match error {
        Some(e) => Err(e),
        None => Ok(in_search_order(found)),
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
            Ok(Message::Stop) => return Ok(()),
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
            Err(e) => Message::Failed(e.into()),
        };
        ranks.send(0, encode(&reply));
    }
}
