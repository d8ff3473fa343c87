//! Transactions on either backend: the write transaction, the read snapshot, and on SQLite
//! their kept `BEGIN`/`COMMIT` statements and the gate that queues this process's writers.

use super::{cached, AnyConnection, Conn};
use diesel::connection::{AnsiTransactionManager, TransactionDepthChange, TransactionManager};
use diesel::pg::PgConnection;
use diesel::result::QueryResult;
use diesel::sqlite::SqliteConnection;
use diesel::RunQueryDsl;
use std::time::Duration;

/// Which pieces of the store's throughput machinery run, for measuring each against its
/// absence (`CORRIERE_STORE_WITHOUT=writer,gate,kept-tx,kept-updates,checkpointer`, read
/// once). Measurement only: docs/benchmarks.md.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Knobs {
    pub writer: bool,
    pub gate: bool,
    pub kept_tx: bool,
    pub kept_updates: bool,
    pub checkpointer: bool,
}

impl Knobs {
    pub(crate) fn get() -> Knobs {
        static KNOBS: std::sync::OnceLock<Knobs> = std::sync::OnceLock::new();
        *KNOBS.get_or_init(|| {
            let without = std::env::var("CORRIERE_STORE_WITHOUT").unwrap_or_default();
            let on = |name: &str| !without.split(',').any(|w| w.trim() == name);
            Knobs {
                writer: on("writer"),
                gate: on("gate"),
                kept_tx: on("kept-tx"),
                kept_updates: on("kept-updates"),
                checkpointer: on("checkpointer"),
            }
        })
    }
}

/// Run `f` in a write transaction. On SQLite this is `BEGIN IMMEDIATE`, which takes the write
/// lock up front so concurrent writers queue (busy timeout) instead of deadlocking on a lock
/// upgrade; on PostgreSQL an ordinary transaction. Inside an open transaction it nests as a
/// savepoint. Rolls back when `f` returns an error.
pub fn write_transaction<T, E, F>(conn: &mut Conn, f: F) -> Result<T, E>
where
    F: FnOnce(&mut Conn) -> Result<T, E>,
    E: From<diesel::result::Error>,
{
    let _turn = (top_level_sqlite(conn) && Knobs::get().gate).then(|| WRITE_GATE.enter());
    begin(conn, Begin::Write)?;
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
pub fn read_snapshot<T, E, F>(conn: &mut Conn, read: F) -> Result<T, E>
where
    F: FnOnce(&mut Conn) -> Result<T, E>,
    E: From<diesel::result::Error>,
{
    if !top_level_sqlite(conn) {
        return read(conn);
    }
    begin(conn, Begin::Read)?;
    finish(conn, read)
}

/// Whether `conn` is SQLite outside any transaction.
fn top_level_sqlite(conn: &Conn) -> bool {
    conn.depth == 0 && matches!(conn.raw, AnyConnection::Sqlite(_))
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Begin {
    Read,
    Write,
}

/// Open a transaction: at the top level on SQLite `BEGIN` or `BEGIN IMMEDIATE` (kept prepared
/// statements, see `store/cached.rs`, telling diesel's transaction manager so that a
/// transaction inside it nests as a savepoint), else diesel's own (a savepoint when nested).
fn begin(conn: &mut Conn, kind: Begin) -> QueryResult<()> {
    let top = conn.depth == 0;
    match &mut conn.raw {
        AnyConnection::Sqlite(sqlite) if top && Knobs::get().kept_tx => {
            match kind {
                Begin::Read => cached::Begin.execute(sqlite)?,
                Begin::Write => cached::BeginImmediate.execute(sqlite)?,
            };
            AnsiTransactionManager::transaction_manager_status_mut(sqlite)
                .transaction_state()?
                .change_transaction_depth(TransactionDepthChange::IncreaseDepth)?;
        }
        AnyConnection::Sqlite(sqlite) if top => {
            let sql = match kind {
                Begin::Read => "BEGIN",
                Begin::Write => "BEGIN IMMEDIATE",
            };
            AnsiTransactionManager::begin_transaction_sql(sqlite, sql)?;
        }
        AnyConnection::Sqlite(sqlite) => <AnsiTransactionManager as TransactionManager<
            SqliteConnection,
        >>::begin_transaction(sqlite)?,
        AnyConnection::Postgresql(pg) => {
            <AnsiTransactionManager as TransactionManager<PgConnection>>::begin_transaction(pg)?
        }
    }
    conn.depth += 1;
    Ok(())
}

/// Run `f` in the transaction just begun: commit when it succeeds, roll back when it fails,
/// or when the commit fails (a failed `COMMIT` can leave the transaction open).
fn finish<T, E, F>(conn: &mut Conn, f: F) -> Result<T, E>
where
    F: FnOnce(&mut Conn) -> Result<T, E>,
    E: From<diesel::result::Error>,
{
    let outcome = f(conn);
    let top = conn.depth == 1;
    conn.depth -= 1;
    match outcome {
        Ok(value) => match commit(&mut conn.raw, top) {
            Ok(()) => Ok(value),
            Err(commit) => {
                let _ = rollback(&mut conn.raw);
                Err(commit.into())
            }
        },
        Err(error) => {
            rollback(&mut conn.raw)?;
            Err(error)
        }
    }
}

fn commit(raw: &mut AnyConnection, top: bool) -> QueryResult<()> {
    match raw {
        AnyConnection::Sqlite(sqlite) if top && Knobs::get().kept_tx => {
            cached::Commit.execute(sqlite)?;
            AnsiTransactionManager::transaction_manager_status_mut(sqlite)
                .transaction_state()?
                .change_transaction_depth(TransactionDepthChange::DecreaseDepth)
        }
        AnyConnection::Sqlite(sqlite) => <AnsiTransactionManager as TransactionManager<
            SqliteConnection,
        >>::commit_transaction(sqlite),
        AnyConnection::Postgresql(pg) => {
            <AnsiTransactionManager as TransactionManager<PgConnection>>::commit_transaction(pg)
        }
    }
}

fn rollback(raw: &mut AnyConnection) -> QueryResult<()> {
    let open = |depth: QueryResult<Option<std::num::NonZeroU32>>| matches!(depth, Ok(Some(_)));
    match raw {
        AnyConnection::Sqlite(sqlite) => {
            if !open(
                AnsiTransactionManager::transaction_manager_status_mut(sqlite).transaction_depth(),
            ) {
                return Ok(());
            }
            <AnsiTransactionManager as TransactionManager<SqliteConnection>>::rollback_transaction(
                sqlite,
            )
        }
        AnyConnection::Postgresql(pg) => {
            if !open(AnsiTransactionManager::transaction_manager_status_mut(pg).transaction_depth())
            {
                return Ok(());
            }
            <AnsiTransactionManager as TransactionManager<PgConnection>>::rollback_transaction(pg)
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
