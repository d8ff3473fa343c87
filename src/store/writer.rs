//! The move writer: one thread with a connection of its own stores the moves the service has
//! prepared, all of those waiting at that moment in one transaction (a group commit).
//!
//! Requests hand their prepared move over and wait for the answer without holding a pooled
//! connection or a thread, so reads never queue behind moves waiting for the write lock, and
//! one commit (one fsync on PostgreSQL) serves every move that queued while the last one ran.

use super::{store_move, write_transaction, AnyConnection, Manager, NewMove};
use diesel::r2d2::{ManageConnection, R2D2Connection};
use diesel::result::{DatabaseErrorKind, Error as DieselError, QueryResult};
use std::sync::mpsc;
use std::sync::Mutex;
use std::thread::JoinHandle;
use tokio::sync::oneshot;

/// Moves stored in one transaction at most.
const BATCH: usize = 64;

struct Job {
    new: NewMove,
    done: oneshot::Sender<QueryResult<bool>>,
}

/// The writer thread of one database; it stops when the `Db` holding it is dropped.
pub(super) struct MoveWriter {
    jobs: Mutex<Option<mpsc::Sender<Job>>>,
    thread: Option<JoinHandle<()>>,
}

impl std::fmt::Debug for MoveWriter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("MoveWriter")
    }
}

impl MoveWriter {
    pub(super) fn start(manager: Manager) -> std::io::Result<MoveWriter> {
        let (jobs, queue) = mpsc::channel::<Job>();
        let thread = std::thread::Builder::new()
            .name("move-writer".into())
            .spawn(move || {
                let mut conn = None;
                while let Ok(first) = queue.recv() {
                    let mut batch = vec![first];
                    while batch.len() < BATCH {
                        match queue.try_recv() {
                            Ok(job) => batch.push(job),
                            Err(_) => break,
                        }
                    }
                    store_batch(&manager, &mut conn, batch);
                }
            })?;
        Ok(MoveWriter {
            jobs: Mutex::new(Some(jobs)),
            thread: Some(thread),
        })
    }

    /// Store one prepared move (see [`store_move`]): `Ok(false)` when its game changed since
    /// it was prepared.
    pub(super) async fn store(&self, new: NewMove) -> QueryResult<bool> {
        let (done, answer) = oneshot::channel();
        let sent = match &*self.jobs.lock().unwrap_or_else(|e| e.into_inner()) {
            Some(jobs) => jobs.send(Job { new, done }).is_ok(),
            None => false,
        };
        if !sent {
            return Err(closed("the move writer has stopped"));
        }
        answer
            .await
            .unwrap_or_else(|_| Err(closed("the move writer stopped before answering")))
    }
}

impl Drop for MoveWriter {
    fn drop(&mut self) {
        self.jobs.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Store a batch in one transaction. If that fails (a unique violation, a lost connection),
/// nothing of it was stored, and each move is stored again on its own, so one bad move only
/// fails itself.
fn store_batch(manager: &Manager, conn: &mut Option<AnyConnection>, batch: Vec<Job>) {
    // A SQLite file deleted or replaced under the service: its moves would go to a file
    // nobody reads again. Refuse them all; the requests fail instead of being acknowledged.
    if let Err(error) = manager.check_file() {
        tracing::error!(%error, "moves refused");
        let message = error.to_string();
        for job in batch {
            let _ = job.done.send(Err(closed(&message)));
        }
        return;
    }
    if conn.as_mut().is_none_or(|c| c.is_broken()) {
        *conn = None;
        match manager.connect() {
            Ok(fresh) => *conn = Some(fresh),
            Err(error) => {
                let message = format!("the move writer cannot connect: {error}");
                for job in batch {
                    let _ = job.done.send(Err(closed(&message)));
                }
                return;
            }
        }
    }
    let conn = conn.as_mut().expect("connected above");
    let together = write_transaction(conn, |conn| {
        batch
            .iter()
            .map(|job| store_move(conn, &job.new))
            .collect::<QueryResult<Vec<bool>>>()
    });
    match together {
        Ok(stored) => {
            for (job, stored) in batch.into_iter().zip(stored) {
                let _ = job.done.send(Ok(stored));
            }
        }
        Err(error) if batch.len() == 1 => {
            let job = batch.into_iter().next().expect("one job");
            let _ = job.done.send(Err(error));
        }
        Err(_) => {
            for job in batch {
                let alone = write_transaction(conn, |conn| store_move(conn, &job.new));
                let _ = job.done.send(alone);
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
