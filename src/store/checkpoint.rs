//! SQLite's WAL checkpoints, off the request path: pooled connections never checkpoint when
//! they commit; one background thread copies the WAL back into the database file instead.
//!
//! A checkpoint on commit ran inside the move that crossed the WAL's size limit, while that
//! move held the single write lock, and it ended in an fsync: every few hundred moves, all
//! writers stalled for tens of milliseconds (docs/benchmarks.md). A passive checkpoint here
//! takes no write lock, so moves keep appending to the WAL while it copies and syncs.

use super::{AnyConnection, ConnectError, Manager};
use diesel::connection::SimpleConnection;
use diesel::r2d2::ManageConnection;
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// How often the WAL is copied back.
const EVERY: Duration = Duration::from_millis(500);

/// The checkpoint thread of one SQLite database; stopped (after one last checkpoint) on drop.
pub(super) struct Checkpointer {
    stop: Arc<(Mutex<bool>, Condvar)>,
    thread: Option<JoinHandle<()>>,
}

impl Checkpointer {
    pub(super) fn start(manager: &Manager) -> Result<Checkpointer, ConnectError> {
        let mut conn = manager.connect()?;
        let stop = Arc::new((Mutex::new(false), Condvar::new()));
        let stopped = stop.clone();
        let thread = std::thread::Builder::new()
            .name("sqlite-checkpoint".into())
            .spawn(move || loop {
                let (flag, woken) = &*stopped;
                let guard = flag.lock().unwrap_or_else(|e| e.into_inner());
                let (guard, _) = woken
                    .wait_timeout_while(guard, EVERY, |stop| !*stop)
                    .unwrap_or_else(|e| e.into_inner());
                let stopping = *guard;
                drop(guard);
                checkpoint(&mut conn);
                if stopping {
                    break;
                }
            })
            .map_err(|source| ConnectError::Thread { source })?;
        Ok(Checkpointer {
            stop,
            thread: Some(thread),
        })
    }
}

fn checkpoint(conn: &mut AnyConnection) {
    if let Err(error) = conn.batch_execute("PRAGMA wal_checkpoint(PASSIVE);") {
        tracing::warn!(%error, "SQLite checkpoint failed; the next one will retry");
    }
}

impl Drop for Checkpointer {
    fn drop(&mut self) {
        let (flag, woken) = &*self.stop;
        *flag.lock().unwrap_or_else(|e| e.into_inner()) = true;
        woken.notify_all();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl std::fmt::Debug for Checkpointer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Checkpointer")
    }
}
