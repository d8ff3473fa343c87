//! Transactions on either backend: the write transaction, the read snapshot, and on SQLite
//! their kept `BEGIN`/`COMMIT` statements and the gate that queues this process's writers.

use super::{AnyConnection, Conn};
use diesel::connection::{AnsiTransactionManager, TransactionManager};
use diesel::pg::PgConnection;
use diesel::result::QueryResult;
use diesel::sqlite::SqliteConnection;

/// Run `f` in a write transaction. On SQLite this is `BEGIN IMMEDIATE`, which takes the write
/// lock up front so concurrent writers queue (busy timeout) instead of deadlocking on a lock
/// upgrade; on PostgreSQL an ordinary transaction. Inside an open transaction it nests as a
/// savepoint. Rolls back when `f` returns an error.
pub fn write_transaction<T, E, F>(conn: &mut Conn, f: F) -> Result<T, E>
where
    F: FnOnce(&mut Conn) -> Result<T, E>,
    E: From<diesel::result::Error>,
{
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

/// Open a transaction: at the top level on SQLite `BEGIN` or `BEGIN IMMEDIATE` (through
/// diesel's transaction manager, so that a transaction inside it nests as a savepoint), else
/// diesel's own (a savepoint when nested).
fn begin(conn: &mut Conn, kind: Begin) -> QueryResult<()> {
    let top = conn.depth == 0;
    match &mut conn.raw {
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
    conn.depth -= 1;
    match outcome {
        Ok(value) => match commit(&mut conn.raw) {
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

fn commit(raw: &mut AnyConnection) -> QueryResult<()> {
    match raw {
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
