//! The worksheet server's work: each worksheet is a [`Session`] living on a thread of its
//! own (with the evaluation's large stack), which runs that worksheet's cells one after
//! another as jobs. A job reports its progress into shared state that requests read, and
//! stops when its flag is raised: by the Cancel button, or by the per-cell time limit.
//!
//! Requests never wait for a job: they start one and read its state, so a long cell keeps
//! no connection open and the page stays responsive.

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use conway_core::{Progress, StopFlag, Work};
use serde::Serialize;

use crate::progress::{Stage, UnitCounts, Watcher};
use crate::session::{CellAnswer, Session};
use crate::CliError;

/// Where a job is.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum JobState {
    /// Waiting for the worksheet's earlier cells.
    Queued,
    /// Running: the stage's name and its latest report.
    Running {
        /// What the work is doing (`evaluating`, `solving`).
        stage: &'static str,
        /// Units done.
        done: u64,
        /// Units in all, when known.
        total: Option<u64>,
        /// What a unit is.
        unit: &'static str,
        /// Every unit counted so far with its latest count (`1,204,000 steps, 3,100
        /// positions`): a stage may count more than one thing.
        counted: String,
        /// Seconds since the job started.
        seconds: f64,
    },
    /// Answered.
    Done {
        /// The answer.
        answer: Box<CellAnswer>,
        /// Seconds the job took.
        seconds: f64,
    },
    /// Failed, stopped or refused: the CLI's error object.
    Failed {
        /// `{"kind", "message", "line", "column"}`.
        error: serde_json::Value,
        /// Seconds the job took.
        seconds: f64,
    },
}

impl JobState {
    /// Whether the job has ended.
    pub fn is_over(&self) -> bool {
        matches!(self, JobState::Done { .. } | JobState::Failed { .. })
    }
}

/// One cell being answered.
pub struct Job {
    /// The cell's text.
    input: String,
    /// Raised to stop it.
    stop: StopFlag,
    /// Where it is.
    state: Mutex<JobState>,
    /// When it started running, once it has.
    started: Mutex<Option<Instant>>,
    /// Told when the job ends, so that a request waiting for it answers at once.
    ended: tokio::sync::Notify,
}

impl Job {
    /// The job's state once it has ended or `wait` has passed, whichever comes first.
    pub async fn state_within(&self, wait: Duration) -> JobState {
        let ended = self.ended.notified();
        tokio::pin!(ended);
        // Registered before the state is read, so an end in between is not missed.
        ended.as_mut().enable();
        let state = self.state();
        if state.is_over() || wait.is_zero() {
            return state;
        }
        let _ = tokio::time::timeout(wait, ended).await;
        self.state()
    }

    /// The job's state now.
    pub fn state(&self) -> JobState {
        self.state.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Asks the job to stop (it answers "interrupted").
    pub fn cancel(&self) {
        self.stop.raise();
    }

    fn set(&self, state: JobState) {
        *self.state.lock().unwrap_or_else(|e| e.into_inner()) = state;
    }

    fn seconds(&self) -> f64 {
        self.started
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .map_or(0.0, |t| t.elapsed().as_secs_f64())
    }

    /// Whether it has run longer than `limit`.
    fn past(&self, limit: Duration) -> bool {
        self.started
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_some_and(|t| t.elapsed() > limit)
    }
}

/// The watcher of a job: every stage reports into the job's state.
struct JobWatcher(Arc<Job>);

/// One stage of a job.
struct JobStage {
    job: Arc<Job>,
    what: &'static str,
    counts: UnitCounts,
}

impl Progress for JobStage {
    fn report(&self, work: Work) -> ControlFlow<()> {
        let seconds = self.job.seconds();
        self.job.set(JobState::Running {
            stage: self.what,
            done: work.done,
            total: work.total,
            unit: work.unit,
            counted: self.counts.record(&work),
            seconds,
        });
        self.job.stop.report(work)
    }
}

impl Stage for JobStage {
    fn stop_requested(&self) -> bool {
        self.job.stop.is_raised()
    }
}

impl Watcher for JobWatcher {
    fn stage(&self, what: &'static str) -> Arc<dyn Stage> {
        Arc::new(JobStage {
            job: self.0.clone(),
            what,
            counts: UnitCounts::default(),
        })
    }
}

/// A worksheet: its session's thread, fed jobs in order.
pub struct Worksheet {
    jobs: Sender<Arc<Job>>,
    /// The cells run so far, for saving.
    pub cells: Mutex<Vec<crate::worksheet::Cell>>,
}

/// The most jobs kept for reading after they end.
const KEPT_JOBS: usize = 4096;

/// Every worksheet and job of the server.
pub struct Registry {
    worksheets: Mutex<HashMap<u64, Arc<Worksheet>>>,
    jobs: Mutex<HashMap<u64, Arc<Job>>>,
    next: AtomicU64,
    /// The longest a cell may run.
    pub cell_limit: Duration,
    /// The most worksheets open at once.
    pub max_worksheets: usize,
    /// The caller's rulesets each new session names.
    rulesets: super::SessionRulesets,
}

impl Registry {
    /// An empty registry whose cells run at most `cell_limit`, its sessions naming the
    /// rulesets `rulesets` makes.
    pub fn new(
        cell_limit: Duration,
        max_worksheets: usize,
        rulesets: super::SessionRulesets,
    ) -> Arc<Self> {
        let registry = Arc::new(Registry {
            worksheets: Mutex::new(HashMap::new()),
            jobs: Mutex::new(HashMap::new()),
            // Identifiers are not secrets (the server is local); they only need to differ
            // between runs, so that a page left open does not reach another run's work.
            next: AtomicU64::new(seed()),
            cell_limit,
            max_worksheets,
            rulesets,
        });
        let watched = Arc::downgrade(&registry);
        // The time limit: a watchdog raising the flag of every job past it.
        std::thread::spawn(move || loop {
            std::thread::sleep(Duration::from_millis(100));
            let Some(registry) = watched.upgrade() else {
                return;
            };
            for job in registry
                .jobs
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .values()
            {
                if job.past(registry.cell_limit) && !job.state().is_over() {
                    job.cancel();
                }
            }
        });
        registry
    }

    fn id(&self) -> u64 {
        self.next.fetch_add(1, Ordering::Relaxed)
    }

    /// Opens a worksheet, its session on a thread of its own; its id.
    pub fn open(&self) -> Result<u64, CliError> {
        let mut worksheets = self.worksheets.lock().unwrap_or_else(|e| e.into_inner());
        if worksheets.len() >= self.max_worksheets {
            return Err(CliError::too_large(format!(
                "{} worksheets are open, the most this server keeps (conway serve --max-worksheets)",
                worksheets.len()
            )));
        }
        let (jobs, queue) = channel::<Arc<Job>>();
        let limit = self.cell_limit;
        let rulesets = self.rulesets.clone();
        std::thread::Builder::new()
            .name("worksheet".into())
            .stack_size(crate::eval::EVAL_STACK)
            .spawn(move || {
                let mut session = Session::with_rulesets(rulesets());
                for job in queue {
                    *job.started.lock().unwrap_or_else(|e| e.into_inner()) = Some(Instant::now());
                    let result = session.run(&job.input, &JobWatcher(job.clone()));
                    let seconds = job.seconds();
                    job.set(match result {
                        Ok(answer) => JobState::Done {
                            answer: Box::new(answer),
                            seconds,
                        },
                        Err(e) => JobState::Failed {
                            error: failure(&e, &job, limit),
                            seconds,
                        },
                    });
                    job.ended.notify_waiters();
                }
            })
            .map_err(|e| CliError::internal(format!("cannot start a worksheet: {e}")))?;
        let id = self.id();
        worksheets.insert(
            id,
            Arc::new(Worksheet {
                jobs,
                cells: Mutex::new(Vec::new()),
            }),
        );
        Ok(id)
    }

    /// Closes a worksheet: its session ends once its queued cells have run.
    pub fn close(&self, worksheet: u64) -> bool {
        self.worksheets
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&worksheet)
            .is_some()
    }

    /// The worksheet with this id.
    pub fn worksheet(&self, id: u64) -> Option<Arc<Worksheet>> {
        self.worksheets
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&id)
            .cloned()
    }

    /// Queues a cell on a worksheet; the job's id. Unless `record`, the cell is not one of
    /// the worksheet's saved cells (the page's own questions, such as a game's next move).
    pub fn submit(
        &self,
        worksheet: &Worksheet,
        input: &str,
        record: bool,
    ) -> Result<u64, CliError> {
        let job = Arc::new(Job {
            input: input.to_string(),
            stop: StopFlag::new(),
            state: Mutex::new(JobState::Queued),
            started: Mutex::new(None),
            ended: tokio::sync::Notify::new(),
        });
        worksheet
            .jobs
            .send(job.clone())
            .map_err(|_| CliError::internal("the worksheet's session has ended"))?;
        if record {
            worksheet
                .cells
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(crate::worksheet::Cell {
                    input: input.to_string(),
                    text: None,
                });
        }
        let id = self.id();
        let mut jobs = self.jobs.lock().unwrap_or_else(|e| e.into_inner());
        if jobs.len() >= KEPT_JOBS {
            jobs.retain(|_, j| !j.state().is_over());
        }
        jobs.insert(id, job);
        Ok(id)
    }

    /// Ends every worksheet: their running and queued cells are stopped (each fails as
    /// interrupted within a second) and their sessions end, so that nothing runs on once
    /// the server has stopped.
    pub fn close_all(&self) {
        self.worksheets
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
        for job in self.jobs.lock().unwrap_or_else(|e| e.into_inner()).values() {
            job.cancel();
        }
    }

    /// The job with this id.
    pub fn job(&self, id: u64) -> Option<Arc<Job>> {
        self.jobs
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&id)
            .cloned()
    }
}

/// The error object of a failed job, saying so when the time limit stopped it.
fn failure(error: &CliError, job: &Job, limit: Duration) -> serde_json::Value {
    let mut object: serde_json::Value =
        serde_json::from_str(&error.json()).unwrap_or(serde_json::Value::Null);
    if error.kind().name() == "interrupted" {
        object["error"]["message"] = if job.past(limit) {
            format!(
                "stopped after {} s, the time a cell may run (conway serve --cell-seconds)",
                limit.as_secs()
            )
        } else {
            "stopped by Cancel".to_string()
        }
        .into();
    }
    object["error"].take()
}

/// A starting identifier that differs between runs.
fn seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    (nanos ^ (u64::from(std::process::id()) << 32)) & ((1 << 52) - 1)
}
