//! Transactions on either backend: the write transaction, the read snapshot, and on SQLite
//! their kept `BEGIN`/`COMMIT` statements and the gate that queues this process's writers.

use super::{cached, AnyConnection};
use diesel::connection::{AnsiTransactionManager, TransactionDepthChange, TransactionManager};
use diesel::result::QueryResult;
use diesel::sqlite::SqliteConnection;
use diesel::{Connection, RunQueryDsl};
use std::time::Duration;

/// Run `f` in a write transaction. On SQLite this is `BEGIN IMMEDIATE`, which takes the write
/// lock up front so concurrent writers queue (busy timeout) instead of deadlocking on a lock
/// upgrade; on PostgreSQL an ordinary transaction. Inside an open transaction it nests as a
/// savepoint. Rolls back when `f` returns an error.
pub fn write_transaction<T, E, F>(conn: &mut AnyConnection, f: F) -> Result<T, E>
where
    F: FnOnce(&mut AnyConnection) -> Result<T, E>,
    E: From<diesel::result::Error>,
{
    if !top_level_sqlite(conn)? {
        return conn.transaction(f);
    }
    let _turn = WRITE_GATE.enter();
    if let AnyConnection::Sqlite(sqlite) = conn {
        begin(sqlite, cached::BeginImmediate)?;
    }
    finish(conn, f)
}

/// Run `read`, which only reads, in one read transaction on SQLite: its queries see one
/// snapshot, take the file's locks once, and check the connection's page cache once. Each
/// query on its own is a transaction of its own, and under load another connection's commit
/// has usually emptied that cache again between two of a request's queries. `read` must not
/// write: a write could not always turn the snapshot into a write transaction
/// (`SQLITE_BUSY_SNAPSHOT` once another connection has committed since the snapshot began).
/// On PostgreSQL, and inside an open transaction, it simply runs: there a transaction costs
/// two more round trips and reads take no locks.
pub fn read_snapshot<T, E, F>(conn: &mut AnyConnection, read: F) -> Result<T, E>
where
    F: FnOnce(&mut AnyConnection) -> Result<T, E>,
    E: From<diesel::result::Error>,
{
    if !top_level_sqlite(conn)? {
        return read(conn);
    }
    if let AnyConnection::Sqlite(sqlite) = conn {
        begin(sqlite, cached::Begin)?;
    }
    finish(conn, read)
}

/// Whether `conn` is SQLite outside any transaction.
fn top_level_sqlite(conn: &mut AnyConnection) -> QueryResult<bool> {
    Ok(match conn {
        AnyConnection::Sqlite(sqlite) => {
            AnsiTransactionManager::transaction_manager_status_mut(sqlite)
                .transaction_depth()?
                .is_none()
        }
        AnyConnection::Postgresql(_) => false,
    })
}

/// Begin a top-level SQLite transaction with `statement` (a kept prepared statement, see
/// `store/cached.rs`), and tell diesel's transaction manager, so that a transaction inside it
/// nests as a savepoint and the rollback below knows there is one.
fn begin<Q>(sqlite: &mut SqliteConnection, statement: Q) -> QueryResult<()>
where
    Q: diesel::query_builder::QueryFragment<diesel::sqlite::Sqlite>
        + diesel::query_builder::QueryId
        + RunQueryDsl<SqliteConnection>,
{
    statement.execute(sqlite)?;
    AnsiTransactionManager::transaction_manager_status_mut(sqlite)
        .transaction_state()?
        .change_transaction_depth(TransactionDepthChange::IncreaseDepth)
}

/// Run `f` in the top-level SQLite transaction just begun: commit when it succeeds (the kept
/// `COMMIT`), roll back when it fails, or when the commit fails (as diesel's own commit does:
/// a failed `COMMIT` can leave the transaction open).
fn finish<T, E, F>(conn: &mut AnyConnection, f: F) -> Result<T, E>
where
    F: FnOnce(&mut AnyConnection) -> Result<T, E>,
    E: From<diesel::result::Error>,
{
    let outcome = f(conn);
    let AnyConnection::Sqlite(sqlite) = conn else {
        // Only SQLite's top-level transactions come here (`top_level_sqlite`).
        return Err(diesel::result::Error::NotInTransaction.into());
    };
    let rollback = |sqlite: &mut SqliteConnection| {
        <AnsiTransactionManager as TransactionManager<SqliteConnection>>::rollback_transaction(
            sqlite,
        )
    };
    match outcome {
        Ok(value) => match cached::Commit.execute(sqlite) {
            Ok(_) => {
                AnsiTransactionManager::transaction_manager_status_mut(sqlite)
                    .transaction_state()?
                    .change_transaction_depth(TransactionDepthChange::DecreaseDepth)?;
                Ok(value)
            }
            Err(commit) => {
                rollback(sqlite)?;
                Err(commit.into())
            }
        },
        Err(error) => {
            rollback(sqlite)?;
            Err(error)
        }
    }
}

/// Queues this process's SQLite write transactions before `BEGIN IMMEDIATE`.
///
/// SQLite lets one writer in at a time; the others wait in its busy handler, which sleeps and
/// retries (1, 2, 5, 10, … up to 100 ms between tries) rather than waking when the lock is
/// freed. Under load most of a move's latency was those sleeps. Here a waiting writer is woken
/// the moment the previous one is done. SQLite's lock still decides: another process writing
/// the same file is waited for by the busy handler as before, and a writer that waited here
/// longer than the busy timeout goes ahead anyway, so a mistake (two nested write transactions
/// on two connections in one thread) ends in SQLite's "database is locked" and never hangs.
/// One gate serves every SQLite database in the process: a service uses one.
static WRITE_GATE: WriteGate = WriteGate::new();

struct WriteGate {
    busy: std::sync::Mutex<bool>,
    freed: std::sync::Condvar,
}

struct WriteTurn(bool);

impl WriteGate {
    const fn new() -> WriteGate {
        WriteGate {
            busy: std::sync::Mutex::new(false),
            freed: std::sync::Condvar::new(),
        }
    }

    fn enter(&'static self) -> WriteTurn {
        let busy = self.busy.lock().unwrap_or_else(|e| e.into_inner());
        let (mut busy, waited) = self
            .freed
            .wait_timeout_while(busy, Duration::from_secs(5), |busy| *busy)
            .unwrap_or_else(|e| e.into_inner());
        if waited.timed_out() {
            return WriteTurn(false);
        }
        *busy = true;
        WriteTurn(true)
    }
}

impl Drop for WriteTurn {
    fn drop(&mut self) {
        if self.0 {
            *WRITE_GATE.busy.lock().unwrap_or_else(|e| e.into_inner()) = false;
            WRITE_GATE.freed.notify_one();
        }
    }
}
