//! Persistence behind one door: [`Db::read`] (one snapshot), [`Db::write`] (one transaction)
//! and [`Db::commit_move`] (a prepared move, checked against its game's revision).
//!
//! Everything else of the database stays in here: the diesel connection over SQLite and
//! PostgreSQL, the pool, migrations, transactions, the SQLite writer and checkpointer. Store
//! functions take the opaque [`Conn`] a door hands out, so a caller composes "append an
//! action + enqueue its mails" in one transaction. Nothing derived is stored: a game's state
//! always comes from replaying its action log.

mod checkpoint;
mod conduct;
mod forget;
mod health;
mod inbound;
mod lobby;
mod moderation;
mod notices;
mod one_of;
mod outbox;
mod people;
mod pool;
mod queue;
pub mod schema;
mod sitters;
mod tables;
mod talk;
mod time;
mod transaction;
pub mod transparency;
mod writer;

pub use conduct::{record_conduct, reliability_of, set_reliability_hidden, Conduct, Reliability};
pub use forget::{
    forget_address_rows, forget_seat, rewrite_pending_mails, scrub_files, ForgottenSeat,
};
pub use inbound::*;
pub use lobby::*;
pub use moderation::*;
pub use notices::*;
pub(crate) use one_of::one_of;
pub use outbox::{
    claim_due, enqueue, failed_mails, insert_mails, mark_failed, outbox_row, outbox_rows,
    release_mails, retry_delay, retry_now, NewMail, OutboxRow, Sent,
};
pub use people::*;
use pool::{DbPool, Manager};
pub use sitters::*;
pub use tables::{
    actions_between, actions_from, all_games, append_action, bump_link_version, bump_revision,
    cancel_game, find_game, insert_game, insert_seat, last_seq, lock_game, mark_seen,
    record_acceptance, seat_link_version, seats_of, set_confirmed, set_rematch, set_status,
    start_game, store_move, ActionRow, GameRow, NewMove, SeatRow,
};
pub use talk::*;
pub use time::*;
pub use transaction::{read_snapshot, write_transaction};
pub use writer::{Arriving, Settlement};

use crate::domain::Millis;
use diesel::connection::{SimpleConnection, TransactionManager};
use diesel::pg::PgConnection;
use diesel::r2d2::Pool;
use diesel::result::QueryResult;
use diesel::sqlite::SqliteConnection;
use diesel::Connection;
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/postgres");

/// Run `$body` with `$c` bound to the backend's own connection. Through `AnyConnection`,
/// diesel builds a query's SQL text again every time it runs, even when the statement is
/// prepared and cached already (about 5 µs a query); on the backend's own connection a cached
/// statement is used as it is. Every query of the store goes this way; `AnyConnection` itself
/// serves transactions, migrations and the pool.
macro_rules! on_backend {
    ($conn:expr, $c:ident => $body:expr) => {
        match &mut ($conn).raw {
            $crate::store::AnyConnection::Sqlite($c) => $body,
            $crate::store::AnyConnection::Postgresql($c) => $body,
        }
    };
}
pub(crate) use on_backend;

/// Claim up to `$limit` due rows of a queue table (`outbox`, `webhook_outbox`) for `$holder`,
/// inside its own write transaction: rows not given up (`failed_at`) whose `next_attempt_at`
/// has come, oldest due first, once the holder has the queue's lease for `$lease` (see
/// [`queue::take_lease`]); none while another holder's lease runs. The rows themselves are not
/// written: the lease is what keeps two workers from sending one row, and a worker that dies
/// mid-pass leaves the queue to the others when its lease runs out. The one claim of every
/// queue of the store; its pass ends with [`queue::release_lease`].
macro_rules! claim_due_rows {
    ($conn:expr, $table:ident, $row:ty, $holder:expr, $now:expr, $lease:expr, $limit:expr) => {{
        use $crate::store::schema::$table;
        let (holder, now, lease, limit): (&str, $crate::domain::Millis, std::time::Duration, i64) =
            ($holder, $now, $lease, $limit);
        $crate::store::write_transaction($conn, |conn| {
            let due = $table::table
                .filter($table::failed_at.is_null())
                .filter($table::next_attempt_at.le(now.0));
            // An idle pass writes nothing: the lease is taken only when there is work.
            let any: bool = $crate::store::on_backend!(conn, c =>
                diesel::select(diesel::dsl::exists(due)).get_result(c))?;
            if !any
                || !$crate::store::queue::take_lease(conn, stringify!($table), holder, now, lease)?
            {
                return Ok(Vec::new());
            }
            $crate::store::on_backend!(conn, c => due
                .order(($table::next_attempt_at.asc(), $table::created_at.asc()))
                .limit(limit)
                .select(<$row>::as_select())
                .load::<$row>(c))
        })
    }};
}
pub(crate) use claim_due_rows;

/// A connection to either supported database; private to the store (see [`Conn`]).
#[derive(diesel::MultiConnection)]
enum AnyConnection {
    Postgresql(PgConnection),
    Sqlite(SqliteConnection),
}

/// An open connection, as store functions take it: opaque outside the store. The doors
/// ([`Db::read`], [`Db::write`]) hand one out for the length of their work.
pub struct Conn {
    raw: AnyConnection,
    /// Transactions open on it, counted here (not by diesel's opt-in API).
    depth: u32,
}

impl Conn {
    fn new(raw: AnyConnection) -> Conn {
        Conn { raw, depth: 0 }
    }

    pub fn backend(&self) -> Backend {
        match self.raw {
            AnyConnection::Postgresql(_) => Backend::Postgres,
            AnyConnection::Sqlite(_) => Backend::Sqlite,
        }
    }
}

/// Run one SQL statement as it is, for tests and tools that break or inspect the database
/// on purpose (a renamed table, an old row): the rows it changed. The service never calls it.
#[doc(hidden)]
pub fn execute_sql(conn: &mut Conn, sql: &str) -> QueryResult<usize> {
    use diesel::RunQueryDsl;
    diesel::sql_query(sql).execute(&mut conn.raw)
}

/// The number one SQL query answers (its first column, a `BIGINT`), for tests (see
/// [`execute_sql`]).
#[doc(hidden)]
pub fn query_number(conn: &mut Conn, sql: &str) -> QueryResult<i64> {
    use diesel::RunQueryDsl;
    on_backend!(conn, c => diesel::select(diesel::dsl::sql::<diesel::sql_types::BigInt>(sql)).get_result(c))
}

/// Run several SQL statements as they are (see [`execute_sql`]).
#[doc(hidden)]
pub fn execute_batch(conn: &mut Conn, sql: &str) -> QueryResult<()> {
    conn.raw.batch_execute(sql)
}

/// A pooled connection held outside a door (the command line's tools and the tests): opaque
/// like [`Conn`], which it dereferences to; it goes back to the pool when dropped.
pub struct DbConn(diesel::r2d2::PooledConnection<Manager>);

impl std::ops::Deref for DbConn {
    type Target = Conn;
    fn deref(&self) -> &Conn {
        &self.0
    }
}

impl std::ops::DerefMut for DbConn {
    fn deref_mut(&mut self) -> &mut Conn {
        &mut self.0
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Where the database lives, parsed from a URL: `postgres://…` / `postgresql://…`, or
/// `sqlite://path` / a bare file path for SQLite.
#[derive(Clone, PartialEq, Eq)]
pub enum DbUrl {
    Sqlite(PathBuf),
    Postgres(String),
}

impl DbUrl {
    pub fn parse(url: &str) -> Result<DbUrl, ConnectError> {
        let url = url.trim();
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return Ok(DbUrl::Postgres(url.to_owned()));
        }
        let path = url
            .strip_prefix("sqlite://")
            .or_else(|| url.strip_prefix("sqlite:"))
            .unwrap_or(url);
        if path.is_empty() || path.contains(":memory:") {
            return Err(ConnectError::BadUrl(
                "SQLite needs a file path (an in-memory database is not shared by a pool)".into(),
            ));
        }
        if let Some((scheme, _)) = path.split_once("://") {
            return Err(ConnectError::BadUrl(format!(
                "unknown database scheme {scheme:?}"
            )));
        }
        Ok(DbUrl::Sqlite(PathBuf::from(path)))
    }

    pub fn backend(&self) -> Backend {
        match self {
            DbUrl::Sqlite(_) => Backend::Sqlite,
            DbUrl::Postgres(_) => Backend::Postgres,
        }
    }
}

impl FromStr for DbUrl {
    type Err = ConnectError;
    fn from_str(s: &str) -> Result<DbUrl, ConnectError> {
        DbUrl::parse(s)
    }
}

/// Shows the SQLite path, or the PostgreSQL URL without its password.
impl fmt::Debug for DbUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DbUrl::Sqlite(path) => write!(f, "sqlite://{}", path.display()),
            DbUrl::Postgres(url) => {
                let shown = match (url.find("://"), url.rfind('@')) {
                    (Some(start), Some(at)) if at > start => {
                        let credentials = &url[start + 3..at];
                        match credentials.split_once(':') {
                            Some((user, _)) => {
                                format!("{}{user}:***{}", &url[..start + 3], &url[at..])
                            }
                            None => url.clone(),
                        }
                    }
                    _ => url.clone(),
                };
                f.write_str(&shown)
            }
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ConnectError {
    #[error("bad database URL: {0}")]
    BadUrl(String),
    #[error("cannot create the database directory {path}: {source}")]
    Directory {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot connect to the database: {0}")]
    Connection(#[from] diesel::ConnectionError),
    #[error("cannot prepare the connection: {0}")]
    Setup(#[from] diesel::result::Error),
    #[error("cannot run the database migrations: {0}")]
    Migration(String),
    #[error("connection pool: {0}")]
    Pool(#[from] diesel::r2d2::PoolError),
    #[error("cannot start a database thread: {source}")]
    Thread { source: std::io::Error },
    /// The SQLite file the service opened is gone, or another file stands at its path.
    #[error("the database file {0} was deleted or replaced while the service ran; writes stop until it is restored and the service restarted")]
    FileReplaced(PathBuf),
    #[error("cannot make the database file {path} private: {source}")]
    Private {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// The file a SQLite database was opened from, by device and inode: another file at the same
/// path (the database deleted, restored from elsewhere, or a fresh empty one) is not the same
/// database, and the service must not write to it as if it were.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileIdentity {
    device: u64,
    inode: u64,
}

impl FileIdentity {
    fn of(path: &Path) -> std::io::Result<FileIdentity> {
        use std::os::unix::fs::MetadataExt;
        let meta = std::fs::metadata(path)?;
        Ok(FileIdentity {
            device: meta.dev(),
            inode: meta.ino(),
        })
    }
}

/// Whether the file at `path` is still the one opened (`Err` names what went wrong).
fn same_file(path: &Path, opened: FileIdentity) -> Result<(), ConnectError> {
    match FileIdentity::of(path) {
        Ok(now) if now == opened => Ok(()),
        _ => Err(ConnectError::FileReplaced(path.to_owned())),
    }
}

/// A SQLite file path as a URI that opens an existing database only (`mode=rw`): a connection
/// made after the start must never create a fresh, empty database where the real one was.
fn existing_only(path: &Path) -> Result<String, ConnectError> {
    const RESERVED: &percent_encoding::AsciiSet = &percent_encoding::CONTROLS
        .add(b'?')
        .add(b'#')
        .add(b'%')
        .add(b' ');
    let absolute = std::path::absolute(path).map_err(|source| ConnectError::Directory {
        path: path.to_owned(),
        source,
    })?;
    let text = absolute
        .to_str()
        .ok_or_else(|| ConnectError::BadUrl("the SQLite path is not UTF-8".into()))?;
    Ok(format!(
        "file:{}?mode=rw",
        percent_encoding::utf8_percent_encode(text, RESERVED)
    ))
}

/// Open one connection (no migrations). SQLite connections get WAL, a busy timeout and
/// foreign keys; a missing SQLite file is created, private to the service's user (0600), in a
/// private directory (0700) when that is missing too.
pub fn connect(url: &DbUrl) -> Result<Conn, ConnectError> {
    match url {
        DbUrl::Postgres(url) => Ok(Conn::new(AnyConnection::Postgresql(
            PgConnection::establish(url)?,
        ))),
        DbUrl::Sqlite(path) => {
            create_private(path)?;
            sqlite(&existing_only(path)?).map(Conn::new)
        }
    }
}

/// A SQLite connection to the database at `uri`, with the service's pragmas.
fn sqlite(uri: &str) -> Result<AnyConnection, ConnectError> {
    let mut conn = SqliteConnection::establish(uri)?;
    // WAL with synchronous = FULL: a commit is on disk (the WAL is synced) before the service
    // answers, so an acknowledged move survives a power loss, not only a crash; the move
    // writer's group commits share one sync between the moves that queued together
    // (docs/benchmarks.md measures the cost). No memory map: a read
    // transaction that finds the database changed by another connection unmaps the whole file,
    // and under load that unmapping, with its TLB shootdowns on every core, cost more than
    // reading the pages back (7 % of the moves, docs/benchmarks.md).
    // The busy timeout first: switching to WAL needs a lock, and a connection opened while
    // another (a service stopping, a second process) holds one must wait for it, not fail.
    // secure_delete: what a row or a page loses is overwritten with zeros, so text the
    // service erased (a forgotten person's name and address) is not left in the file's free
    // space (see `forget::scrub_files` for the WAL).
    conn.batch_execute(
        "PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; \
         PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; \
         PRAGMA mmap_size = 0; PRAGMA secure_delete = ON;",
    )?;
    Ok(AnyConnection::Sqlite(conn))
}

/// Create the database file (0600) and its directories (0700) when missing.
fn create_private(path: &Path) -> Result<(), ConnectError> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        use std::os::unix::fs::DirBuilderExt;
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(parent)
            .map_err(|source| ConnectError::Directory {
                path: parent.to_owned(),
                source,
            })?;
    }
    if !path.exists() {
        use std::os::unix::fs::OpenOptionsExt;
        let made = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(path);
        match made {
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(source) => {
                return Err(ConnectError::Private {
                    path: path.to_owned(),
                    source,
                })
            }
        }
    }
    Ok(())
}

/// Whether the database holds the service's tables (a database made by it, not an empty one).
pub fn has_schema(conn: &mut Conn) -> QueryResult<bool> {
    use diesel::RunQueryDsl;
    #[derive(diesel::QueryableByName)]
    struct Found {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let sql = match conn.backend() {
        Backend::Sqlite => {
            "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'games'"
        }
        Backend::Postgres => {
            "SELECT count(*) AS n FROM pg_catalog.pg_tables \
             WHERE tablename = 'games' AND schemaname = current_schema()"
        }
    };
    let found: Found = on_backend!(conn, c => diesel::sql_query(sql).get_result(c))?;
    Ok(found.n > 0)
}

/// Bring the schema up to date with the migrations of the connection's backend.
pub fn run_migrations(conn: &mut Conn) -> Result<(), ConnectError> {
    let result = match &mut conn.raw {
        AnyConnection::Postgresql(pg) => pg.run_pending_migrations(POSTGRES_MIGRATIONS).map(drop),
        AnyConnection::Sqlite(sqlite) => sqlite.run_pending_migrations(SQLITE_MIGRATIONS).map(drop),
    };
    result.map_err(|e| ConnectError::Migration(e.to_string()))
}

/// The database handle the service shares: a pool that knows its backend, and its three doors
/// ([`Db::read`], [`Db::write`], [`Db::commit_move`]). Cheap to clone.
#[derive(Clone, Debug)]
pub struct Db {
    pool: DbPool,
    backend: Backend,
    /// SQLite only; stops when the last clone of the `Db` is dropped.
    _checkpointer: Option<Arc<checkpoint::Checkpointer>>,
    /// SQLite only: stores prepared moves and mail settlements in group commits (see
    /// [`Db::commit_move`]). PostgreSQL commits each move on a pooled connection of its own,
    /// so concurrent moves commit concurrently.
    writer: Option<Arc<writer::Writer>>,
    /// One permit per pooled connection: async callers wait for a connection here, asleep,
    /// rather than as blocked threads that all wake when one connection frees (see [`Db::run`]).
    turns: Arc<tokio::sync::Semaphore>,
    manager: Manager,
    /// SQLite: what the integrity check at the start found wrong, if anything.
    corrupt: Option<String>,
}

impl Db {
    /// Connect, run the migrations of the backend, build the pool and start the writer.
    /// SQLite gets 8 connections: readers run side by side under WAL (with 4, reads queued
    /// behind moves; 16 measured no better, the extra threads only queued for the 2 cores:
    /// docs/benchmarks.md). PostgreSQL gets 10.
    pub fn open(url: &DbUrl) -> Result<Db, ConnectError> {
        Db::open_with_size(url, pool_size(url))
    }

    pub fn open_with_size(url: &DbUrl, max_size: u32) -> Result<Db, ConnectError> {
        Db::open_with(url, max_size, DEFAULT_WAIT)
    }

    /// Open with a pool of `max_size` connections; a request that finds none free within
    /// `wait` fails (a lost database must not hang every request).
    pub fn open_with(url: &DbUrl, max_size: u32, wait: Duration) -> Result<Db, ConnectError> {
        let mut first = connect(url)?;
        run_migrations(&mut first)?;
        // A corrupt file still opens, and the pages it breaks fail one by one: say it once,
        // now, and let `/healthz` answer with it.
        let corrupt = health::integrity(&mut first).err();
        if let Some(problem) = &corrupt {
            tracing::error!(%problem, "the database's integrity check failed");
        }
        drop(first);
        let manager = Manager::new(url)?;
        // Checked before each use: a PostgreSQL connection can die with its server (a ping),
        // a SQLite file can be deleted or replaced under the service (a stat).
        let pool = Pool::builder()
            .test_on_check_out(true)
            .max_size(max_size)
            .min_idle(Some(1))
            .connection_timeout(wait)
            .build(manager.clone())?;
        let sqlite = url.backend() == Backend::Sqlite;
        let checkpointer = match sqlite {
            true => Some(Arc::new(checkpoint::Checkpointer::start(&manager)?)),
            false => None,
        };
        let writer = match sqlite {
            true => Some(Arc::new(
                writer::Writer::start(manager.clone())
                    .map_err(|source| ConnectError::Thread { source })?,
            )),
            false => None,
        };
        Ok(Db {
            turns: Arc::new(tokio::sync::Semaphore::new(max_size as usize)),
            pool,
            backend: url.backend(),
            _checkpointer: checkpointer,
            writer,
            manager,
            corrupt,
        })
    }

    /// A connection from the pool, held outside a door (the command line and the tests);
    /// blocks (up to the configured wait) while all are in use.
    pub fn get(&self) -> Result<DbConn, ConnectError> {
        Ok(DbConn(self.pool.get()?))
    }

    /// What `/healthz` checks of the database: the SQLite file is still the one opened and
    /// passed the integrity check at the start, and a real row of every table a page reads
    /// answers (the newest game, its seats and last action, a person); when one does not, on
    /// SQLite, the integrity check runs again to say why. `Err` says what is wrong.
    pub fn health(&self) -> Result<(), String> {
        self.manager.check_file().map_err(|e| e.to_string())?;
        if let Some(problem) = &self.corrupt {
            return Err(problem.clone());
        }
        let mut conn = self.get().map_err(|e| e.to_string())?;
        health::read_real_rows(&mut conn).map_err(|failed| match health::integrity(&mut conn) {
            Ok(()) => failed,
            Err(corrupt) => format!("{failed}; {corrupt}"),
        })
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The read door: run `read` on a pooled connection in one snapshot (on SQLite one read
    /// transaction, see [`read_snapshot`]). `read` must not write.
    pub async fn read<T, E, F>(&self, read: F) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<diesel::result::Error> + Send + 'static,
        F: FnOnce(&mut Conn) -> Result<T, E> + Send + 'static,
    {
        self.on_pool(move |conn| read_snapshot(conn, read)).await
    }

    /// The write door: run `write` on a pooled connection in one write transaction (see
    /// [`write_transaction`]); nothing of it stays when it fails.
    pub async fn write<T, E, F>(&self, write: F) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<diesel::result::Error> + Send + 'static,
        F: FnOnce(&mut Conn) -> Result<T, E> + Send + 'static,
    {
        self.on_pool(move |conn| write_transaction(conn, write))
            .await
    }

    /// Run `work` on a blocking thread with a pooled connection; a pool that has none in time
    /// (or a task that fails) answers as a closed connection, which pages answer with 503.
    async fn on_pool<T, E, F>(&self, work: F) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<diesel::result::Error> + Send + 'static,
        F: FnOnce(&mut Conn) -> Result<T, E> + Send + 'static,
    {
        match self.run(work).await {
            Ok(done) => done,
            Err(error) => Err(closed(&error.to_string()).into()),
        }
    }

    /// Run `work` on a blocking thread with a pooled connection, from async code, for work
    /// that opens its own transactions through the store's functions. The caller waits for its
    /// turn on an async semaphore; the connection (and the turn) go back to the pool the moment
    /// `work` is done, not once its answer has travelled back.
    pub async fn run<T, F>(&self, work: F) -> anyhow::Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut Conn) -> T + Send + 'static,
    {
        let turn = self.turns.clone().acquire_owned().await?;
        let pool = self.pool.clone();
        tokio::task::spawn_blocking(move || -> anyhow::Result<T> {
            let mut conn = pool.get()?;
            let done = work(&mut conn);
            drop(conn);
            drop(turn);
            Ok(done)
        })
        .await
        .map_err(|e| anyhow::anyhow!("a database task failed: {e}"))?
    }

    /// The move door: store a prepared move in one transaction with its outbox rows, its
    /// seats' marks and deadlines: `Ok(false)`, with nothing written, when its game's revision
    /// moved since it was prepared. On SQLite the writer stores it with whatever other moves
    /// are waiting (a group commit, see `store/writer.rs`); on PostgreSQL it commits on a
    /// pooled connection of its own.
    pub async fn commit_move(&self, new: NewMove, arrived: Arriving) -> QueryResult<bool> {
        match &self.writer {
            Some(writer) => writer.store(new, arrived).await,
            None => self.write(move |conn| store_move(conn, &new)).await,
        }
    }

    /// A move's preparation starts: call before reading its game, hand the answer to
    /// [`Db::commit_move`]. While moves are on their way the SQLite writer waits a moment for
    /// them before it commits; with none coming it commits at once.
    pub fn move_arriving(&self) -> Arriving {
        match &self.writer {
            Some(writer) => writer.arriving(),
            None => Arriving::unawaited(),
        }
    }

    /// SQLite: the jobs handed to the writer so far and the transactions it committed them
    /// in, for the tests that check moves waiting together share one commit; `None` without
    /// a writer (PostgreSQL).
    #[doc(hidden)]
    pub fn writer_counts(&self) -> Option<(u64, u64)> {
        self.writer.as_ref().map(|writer| writer.counts())
    }

    /// Record what became of a sent mail (`outbox::record_send`): on SQLite through the
    /// writer, in the next group commit with whatever moves are waiting. Queued at once; the
    /// answer comes once it is committed.
    pub fn settle_mail(&self, outcome: Sent, now: Millis) -> Settlement {
        match &self.writer {
            Some(writer) => writer.settle(outcome, now),
            None => {
                let (done, answer) = tokio::sync::oneshot::channel();
                let db = self.clone();
                tokio::spawn(async move {
                    let written = db
                        .write(move |conn| outbox::record_send(conn, &outcome, now))
                        .await;
                    let _ = done.send(written);
                });
                answer
            }
        }
    }
}

/// The error a door answers when it has no connection to offer.
fn closed(message: &str) -> diesel::result::Error {
    diesel::result::Error::DatabaseError(
        diesel::result::DatabaseErrorKind::ClosedConnection,
        Box::new(message.to_owned()),
    )
}

/// The pool size for a backend: SQLite 8, PostgreSQL 10 (see [`Db::open`]).
pub fn pool_size(url: &DbUrl) -> u32 {
    match url.backend() {
        Backend::Sqlite => 8,
        Backend::Postgres => 10,
    }
}

/// How long a request waits for a pooled connection before it fails, by default.
pub const DEFAULT_WAIT: Duration = Duration::from_secs(3);

/// Whether a store error is the unique-constraint violation of a concurrent duplicate insert.
pub fn is_unique_violation(error: &diesel::result::Error) -> bool {
    matches!(
        error,
        diesel::result::Error::DatabaseError(diesel::result::DatabaseErrorKind::UniqueViolation, _)
    )
}

/// The URL of another database on the same PostgreSQL server, for tools and tests that make a
/// fresh database: `postgres://u@h:5432/postgres?sslmode=x` and `db` give
/// `postgres://u@h:5432/db?sslmode=x`.
pub fn postgres_url_for_database(server: &str, name: &str) -> String {
    let (base, query) = match server.split_once('?') {
        Some((base, query)) => (base, Some(query)),
        None => (server, None),
    };
    let after_scheme = base.find("://").map_or(0, |i| i + 3);
    let root = match base[after_scheme..].find('/') {
        Some(slash) => &base[..after_scheme + slash],
        None => base,
    };
    match query {
        Some(query) => format!("{root}/{name}?{query}"),
        None => format!("{root}/{name}"),
    }
}

#[cfg(test)]
mod url_tests {
    #[test]
    fn another_database_keeps_the_server_and_its_parameters() {
        assert_eq!(
            super::postgres_url_for_database(
                "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable",
                "t1"
            ),
            "postgres://postgres@127.0.0.1:5432/t1?sslmode=disable"
        );
        assert_eq!(
            super::postgres_url_for_database("postgres://h", "t2"),
            "postgres://h/t2"
        );
    }
}
