//! The writer: one thread with a connection of its own stores the moves the service has
//! prepared and what became of sent mails, all of those waiting at that moment in one
//! transaction (a group commit).
//!
//! Requests hand their prepared move over and wait for the answer without holding a pooled
//! connection or a thread, so reads never queue behind moves waiting for the write lock, and
//! one commit (one sync) serves every move and mail settlement that queued while the last one
//! ran: a sent mail's settlement rides along with the moves instead of taking the write lock,
//! and a sync, of its own.

use super::outbox::{delete_sent, record_send};
use super::{store_move, write_transaction, Conn, Manager, NewMove, Sent};
use crate::domain::Millis;
use diesel::r2d2::R2D2Connection;
use diesel::result::{DatabaseErrorKind, Error as DieselError, QueryResult};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use tokio::sync::oneshot;

/// Jobs stored in one transaction at most.
const BATCH: usize = 64;

/// How long the writer waits for a job to join a batch before it commits, when a move is on
/// its way (being prepared, see [`Arriving`]); a lone move commits at once.
const LINGER: std::time::Duration = std::time::Duration::from_micros(250);

/// A move on its way to the writer: counted from the start of its preparation until it is
/// handed over (or given up), so the writer waits for it only when it is coming.
pub struct Arriving(Option<Arc<AtomicUsize>>);

impl Arriving {
    /// A move no writer waits for (PostgreSQL commits each on its own connection).
    pub(super) fn unawaited() -> Arriving {
        Arriving(None)
    }
}

impl Drop for Arriving {
    fn drop(&mut self) {
        if let Some(count) = &self.0 {
            count.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

enum Job {
    /// A prepared move; answered `Ok(false)` when its game changed since it was prepared.
    Move {
        new: NewMove,
        done: oneshot::Sender<QueryResult<bool>>,
    },
    /// What became of a sent mail (see [`record_send`]).
    Settle {
        outcome: Sent,
        now: Millis,
        done: oneshot::Sender<QueryResult<()>>,
    },
}

impl Job {
    /// Write this job in the open transaction: whether a move was stored (a settlement is).
    fn write(&self, conn: &mut Conn) -> QueryResult<bool> {
        match self {
            Job::Move { new, .. } => store_move(conn, new),
            Job::Settle { outcome, now, .. } => record_send(conn, outcome, *now).map(|()| true),
        }
    }

    fn answer(self, written: QueryResult<bool>) {
        match self {
            Job::Move { done, .. } => {
                let _ = done.send(written);
            }
            Job::Settle { done, .. } => {
                let _ = done.send(written.map(drop));
            }
        }
    }
}

/// The answer to a mail settlement handed to the writer: it comes once it is committed.
pub type Settlement = oneshot::Receiver<QueryResult<()>>;

/// The writer thread of one database; it stops when the `Db` holding it is dropped.
pub(super) struct Writer {
    jobs: Mutex<Option<mpsc::Sender<Job>>>,
    thread: Option<JoinHandle<()>>,
    counts: Arc<Counts>,
    /// Moves being prepared (see [`Arriving`]).
    arriving: Arc<AtomicUsize>,
}

/// What the writer has done, for the tests that check its moves are batched.
#[derive(Debug, Default)]
pub(super) struct Counts {
    /// Jobs handed to the writer.
    pub queued: AtomicU64,
    /// Transactions it committed (a batch, or a job of a failed batch on its own).
    pub commits: AtomicU64,
}

impl std::fmt::Debug for Writer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Writer")
    }
}

impl Writer {
    pub(super) fn start(manager: Manager) -> std::io::Result<Writer> {
        let (jobs, queue) = mpsc::channel::<Job>();
        let counts = Arc::new(Counts::default());
        let counted = counts.clone();
        let arriving = Arc::new(AtomicUsize::new(0));
        let coming = arriving.clone();
        let thread = std::thread::Builder::new()
            .name("writer".into())
            .spawn(move || {
                let mut conn = None;
                while let Ok(first) = queue.recv() {
                    let mut batch = vec![first];
                    take_waiting(&queue, &mut batch);
                    // A commit ends in a sync of the log, which costs as much for one job as
                    // for many: a short wait lets the moves on their way share it. With none
                    // on its way, waiting would only delay the ones here.
                    if batch.len() < BATCH && coming.load(Ordering::SeqCst) > 0 {
                        if let Ok(job) = queue.recv_timeout(LINGER) {
                            batch.push(job);
                            take_waiting(&queue, &mut batch);
                        }
                    }
                    store_batch(&manager, &mut conn, batch, &counted);
                }
            })?;
        Ok(Writer {
            jobs: Mutex::new(Some(jobs)),
            thread: Some(thread),
            counts,
            arriving,
        })
    }

    /// A move's preparation starts: the writer may wait for it until it is handed over.
    pub(super) fn arriving(&self) -> Arriving {
        self.arriving.fetch_add(1, Ordering::SeqCst);
        Arriving(Some(self.arriving.clone()))
    }

    /// Store one prepared move (see [`store_move`]): `Ok(false)` when its game changed since
    /// it was prepared. It has arrived once queued.
    pub(super) async fn store(&self, new: NewMove, arrived: Arriving) -> QueryResult<bool> {
        let (done, answer) = oneshot::channel();
        let queued = self.queue(Job::Move { new, done });
        drop(arrived);
        queued?;
        answer
            .await
            .unwrap_or_else(|_| Err(closed("the writer stopped before answering")))
    }

    /// Queue what became of a sent mail; the answer comes once it is committed. A writer that
    /// has stopped drops the job, and with it the answer's sender: the waiter hears so.
    pub(super) fn settle(&self, outcome: Sent, now: Millis) -> Settlement {
        let (done, answer) = oneshot::channel();
        let _ = self.queue(Job::Settle { outcome, now, done });
        answer
    }

    /// Jobs queued and transactions committed so far.
    pub(super) fn counts(&self) -> (u64, u64) {
        (
            self.counts.queued.load(Ordering::SeqCst),
            self.counts.commits.load(Ordering::SeqCst),
        )
    }

    fn queue(&self, job: Job) -> QueryResult<()> {
        self.counts.queued.fetch_add(1, Ordering::SeqCst);
        let sent = match &*self.jobs.lock().unwrap_or_else(|e| e.into_inner()) {
            Some(jobs) => jobs.send(job).is_ok(),
            None => false,
        };
        if sent {
            Ok(())
        } else {
            Err(closed("the writer has stopped"))
        }
    }
}

/// Add the jobs waiting now to `batch`, up to [`BATCH`].
fn take_waiting(queue: &mpsc::Receiver<Job>, batch: &mut Vec<Job>) {
    while batch.len() < BATCH {
        match queue.try_recv() {
            Ok(job) => batch.push(job),
            Err(_) => break,
        }
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        self.jobs.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Store a batch in one transaction. If that fails (a unique violation, a lost connection),
/// nothing of it was stored, and each job is stored again on its own, so one bad move only
/// fails itself.
fn store_batch(manager: &Manager, conn: &mut Option<Conn>, batch: Vec<Job>, counts: &Counts) {
    // A SQLite file deleted or replaced under the service: its moves would go to a file
    // nobody reads again. Refuse them all; the requests fail instead of being acknowledged.
    if let Err(error) = manager.check_file() {
        tracing::error!(%error, "moves refused");
        let message = error.to_string();
        for job in batch {
            job.answer(Err(closed(&message)));
        }
        return;
    }
    if conn.as_mut().is_none_or(|c| c.raw.is_broken()) {
        *conn = None;
        match manager.open() {
            Ok(fresh) => *conn = Some(fresh),
            Err(error) => {
                let message = format!("the writer cannot connect: {error}");
                for job in batch {
                    job.answer(Err(closed(&message)));
                }
                return;
            }
        }
    }
    let conn = conn.as_mut().expect("connected above");
    let together = write_transaction(conn, |conn| {
        // The delivered mails of the batch go in one statement, after the other jobs.
        let mut delivered = Vec::new();
        let stored = batch
            .iter()
            .map(|job| match job {
                Job::Settle {
                    outcome: Sent::Delivered { id },
                    ..
                } => {
                    delivered.push(id.as_str());
                    Ok(true)
                }
                job => job.write(conn),
            })
            .collect::<QueryResult<Vec<bool>>>()?;
        delete_sent(conn, &delivered)?;
        Ok(stored)
    });
    match together {
        Ok(stored) => {
            counts.commits.fetch_add(1, Ordering::SeqCst);
            for (job, stored) in batch.into_iter().zip(stored) {
                job.answer(Ok(stored));
            }
        }
        Err(error) if batch.len() == 1 => {
            let job = batch.into_iter().next().expect("one job");
            job.answer(Err(error));
        }
        Err(_) => {
            for job in batch {
                let alone = write_transaction(conn, |conn| job.write(conn));
                if alone.is_ok() {
                    counts.commits.fetch_add(1, Ordering::SeqCst);
                }
                job.answer(alone);
            }
        }
    }
}

fn closed(message: &str) -> DieselError {
    DieselError::DatabaseError(
        DatabaseErrorKind::ClosedConnection,
        Box::new(message.to_owned()),
    )
}
