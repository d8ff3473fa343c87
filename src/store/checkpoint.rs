//! SQLite's WAL checkpoints, off the request path: pooled connections never checkpoint when
//! they commit; one background thread copies the WAL back into the database file instead.
//!
//! A checkpoint on commit ran inside the move that crossed the WAL's size limit, while that
//! move held the single write lock, and it ended in an fsync: every few hundred moves, all
//! writers stalled for tens of milliseconds (docs/benchmarks.md). A passive checkpoint here
//! takes no write lock, so moves keep appending to the WAL while it copies and syncs.
//!
//! But under steady load some reader always holds a snapshot that ends in the WAL, and SQLite
//! starts the WAL over only when none does: it grew without end (660 MB in ten seconds of the
//! load generator), and every commit's sync, extending the file, also had to journal its new
//! size. Once the WAL holds more than [`RESTART_AFTER`] frames, the checkpoint that follows
//! the passive one waits for those readers, so the next commit writes the WAL from its start.
//! It holds writers back while it waits, [`RESTART_WAIT`] at most (it has only the frames of
//! the last moments left to copy); when readers outlast that, the next round tries again.

use super::{AnyConnection, Conn, ConnectError, Manager};
use diesel::connection::SimpleConnection;
use diesel::sql_types::BigInt;
use diesel::{QueryableByName, RunQueryDsl};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// How often the WAL is copied back.
const EVERY: Duration = Duration::from_millis(500);

/// Frames (pages) in the WAL past which a checkpoint makes the next commit start it over.
const RESTART_AFTER: i64 = 4096;

/// How long a restarting checkpoint waits for readers (its connection's busy timeout).
const RESTART_WAIT: Duration = Duration::from_millis(10);

/// The checkpoint thread of one SQLite database; stopped (after one last checkpoint) on drop.
pub(super) struct Checkpointer {
    stop: Arc<(Mutex<bool>, Condvar)>,
    thread: Option<JoinHandle<()>>,
}

impl Checkpointer {
    pub(super) fn start(manager: &Manager) -> Result<Checkpointer, ConnectError> {
        let mut conn = manager.open()?;
        waits_briefly(&mut conn)?;
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

/// The checkpoint's connection gives up waiting for readers after [`RESTART_WAIT`].
fn waits_briefly(conn: &mut Conn) -> diesel::QueryResult<()> {
    conn.raw.batch_execute(&format!(
        "PRAGMA busy_timeout = {};",
        RESTART_WAIT.as_millis()
    ))
}

/// What `PRAGMA wal_checkpoint` answers.
#[derive(QueryableByName)]
struct Checkpointed {
    /// Frames in the WAL.
    #[diesel(sql_type = BigInt)]
    log: i64,
}

fn checkpoint(conn: &mut Conn) {
    let run = |conn: &mut Conn, mode: &str| {
        let AnyConnection::Sqlite(sqlite) = &mut conn.raw else {
            return Ok(0);
        };
        diesel::sql_query(format!("PRAGMA wal_checkpoint({mode})"))
            .get_result::<Checkpointed>(sqlite)
            .map(|c| c.log)
    };
    let done = match run(conn, "PASSIVE") {
        Ok(log) if log > RESTART_AFTER => run(conn, "RESTART").map(drop),
        other => other.map(drop),
    };
    if let Err(error) = done {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{connect, DbUrl};
    use std::sync::atomic::{AtomicBool, Ordering};

    /// Commits of this many bytes each, and how many between two checkpoints.
    const BLOB: usize = 64 * 1024;
    const COMMITS_PER_ROUND: usize = 300;
    const ROUNDS: usize = 5;

    /// Under steady load (two readers whose snapshots overlap, a writer that never pauses for
    /// long), the WAL used to grow by every commit: a passive checkpoint never caught up with
    /// the readers, so no commit started the WAL over.
    #[test]
    fn the_wal_starts_over_under_steady_reads_and_writes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("corriere.db");
        let url = DbUrl::Sqlite(path.clone());
        let mut writer = connect(&url).unwrap();
        writer
            .raw
            .batch_execute(
                "PRAGMA synchronous = OFF; PRAGMA wal_autocheckpoint = 0; \
                 CREATE TABLE blobs (id INTEGER PRIMARY KEY, body BLOB NOT NULL);",
            )
            .unwrap();
        let mut checkpointer = connect(&url).unwrap();
        waits_briefly(&mut checkpointer).unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let readers: Vec<_> = (0..2)
            .map(|n| {
                let (url, stop) = (url.clone(), stop.clone());
                std::thread::spawn(move || {
                    let mut conn = connect(&url).unwrap();
                    std::thread::sleep(Duration::from_micros(500 * n));
                    while !stop.load(Ordering::Relaxed) {
                        conn.raw
                            .batch_execute("BEGIN; SELECT count(*) FROM blobs;")
                            .unwrap();
                        std::thread::sleep(Duration::from_millis(1));
                        conn.raw.batch_execute("COMMIT;").unwrap();
                    }
                })
            })
            .collect();
        let body = format!("x'{}'", "ab".repeat(BLOB));
        let insert = format!("INSERT INTO blobs (body) VALUES ({body});");
        let mut largest = 0;
        for _ in 0..ROUNDS {
            for _ in 0..COMMITS_PER_ROUND {
                writer.raw.batch_execute(&insert).unwrap();
            }
            checkpoint(&mut checkpointer);
            largest = largest.max(
                std::fs::metadata(dir.path().join("corriere.db-wal"))
                    .unwrap()
                    .len(),
            );
        }
        stop.store(true, Ordering::Relaxed);
        for reader in readers {
            reader.join().unwrap();
        }
        let written = (ROUNDS * COMMITS_PER_ROUND * BLOB) as u64;
        assert!(
            largest < written / 2,
            "the WAL grew to {largest} bytes for {written} bytes written"
        );
    }
}
