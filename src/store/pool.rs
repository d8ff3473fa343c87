//! The pool's side of a connection: the r2d2 manager that opens the service's database (only
//! the file it opened, on SQLite) and checks a connection before it is handed out.

use super::{
    existing_only, same_file, sqlite, AnyConnection, Conn, ConnectError, DbUrl, FileIdentity,
};
use diesel::connection::SimpleConnection;
use diesel::pg::PgConnection;
use diesel::r2d2::{ManageConnection, Pool, R2D2Connection};
use diesel::Connection;
use std::sync::Arc;
use std::time::Duration;

/// The r2d2 manager: connects so every pooled SQLite connection has its pragmas, and only to
/// the very file the service opened.
#[derive(Clone, Debug)]
pub(super) struct Manager {
    url: DbUrl,
    /// SQLite: the file opened at the start.
    file: Option<FileIdentity>,
}

impl Manager {
    /// The manager of a database just opened (and created, for a new SQLite file).
    pub(super) fn new(url: &DbUrl) -> Result<Manager, ConnectError> {
        let file = match url {
            DbUrl::Sqlite(path) => {
                Some(
                    FileIdentity::of(path).map_err(|source| ConnectError::Directory {
                        path: path.to_owned(),
                        source,
                    })?,
                )
            }
            DbUrl::Postgres(_) => None,
        };
        Ok(Manager {
            url: url.clone(),
            file,
        })
    }

    /// A connection to the service's database: to the existing SQLite file only (never a
    /// fresh one where it was), leaving checkpoints to the pool's [`checkpoint::Checkpointer`].
    pub(super) fn open(&self) -> Result<Conn, ConnectError> {
        self.check_file()?;
        match &self.url {
            DbUrl::Postgres(url) => Ok(Conn::new(AnyConnection::Postgresql(
                PgConnection::establish(url)?,
            ))),
            DbUrl::Sqlite(path) => {
                let mut conn = sqlite(&existing_only(path)?)?;
                conn.batch_execute("PRAGMA wal_autocheckpoint = 0;")?;
                Ok(Conn::new(conn))
            }
        }
    }

    /// SQLite: whether the file at the database's path is still the one opened at the start.
    pub(super) fn check_file(&self) -> Result<(), ConnectError> {
        match (&self.url, self.file) {
            (DbUrl::Sqlite(path), Some(opened)) => same_file(path, opened),
            _ => Ok(()),
        }
    }
}

/// How long after its last statement succeeded a PostgreSQL connection is taken from the pool
/// without a ping (pgbouncer's `server_check_delay`, which is 30 s there): under load every
/// connection is in use all the time, and a ping at each check-out was one round trip in
/// eight of a move's.
const TRUSTED_FOR: Duration = Duration::from_secs(1);

/// A pooled connection, with when its last statement succeeded ([`TRUSTED_FOR`]).
pub(super) struct Pooled {
    conn: Conn,
    health: Arc<Health>,
}

impl std::ops::Deref for Pooled {
    type Target = Conn;
    fn deref(&self) -> &Conn {
        &self.conn
    }
}

impl std::ops::DerefMut for Pooled {
    fn deref_mut(&mut self) -> &mut Conn {
        &mut self.conn
    }
}

/// When a connection's last statement succeeded; `None` once one failed (or before any ran).
#[derive(Debug, Default)]
struct Health(std::sync::Mutex<Option<std::time::Instant>>);

impl Health {
    fn finished(&self, ok: bool) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = ok.then(std::time::Instant::now);
    }

    fn trusted(&self) -> bool {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_some_and(|at| at.elapsed() < TRUSTED_FOR)
    }
}

impl ManageConnection for Manager {
    type Connection = Pooled;
    type Error = ConnectError;

    /// [`Manager::open`], with every statement's success noted in its [`Health`] (and passed
    /// on to the default instrumentation, if one is set).
    fn connect(&self) -> Result<Pooled, ConnectError> {
        let mut conn = self.open()?;
        let health = Arc::new(Health::default());
        let noted = health.clone();
        let mut default = diesel::connection::get_default_instrumentation();
        conn.raw
            .set_instrumentation(move |event: diesel::connection::InstrumentationEvent<'_>| {
                if let diesel::connection::InstrumentationEvent::FinishQuery { error, .. } = &event
                {
                    noted.finished(error.is_none());
                }
                if let Some(default) = &mut default {
                    default.on_connection_event(event);
                }
            });
        Ok(Pooled { conn, health })
    }

    /// SQLite: the file is still the one opened (a stat, no query); PostgreSQL: a ping, unless
    /// the connection's last statement succeeded within [`TRUSTED_FOR`]. A connection that
    /// died in that second fails its next request once: the failure takes its trust away, so
    /// the check-out after that pings it (and replaces it).
    fn is_valid(&self, conn: &mut Pooled) -> Result<(), ConnectError> {
        match &mut conn.conn.raw {
            AnyConnection::Sqlite(_) => self.check_file(),
            AnyConnection::Postgresql(_) if conn.health.trusted() => Ok(()),
            AnyConnection::Postgresql(_) => conn.conn.raw.ping().map_err(ConnectError::Setup),
        }
    }

    fn has_broken(&self, conn: &mut Pooled) -> bool {
        conn.conn.raw.is_broken()
    }
}

pub(super) type DbPool = Pool<Manager>;
