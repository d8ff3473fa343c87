//! Mail: the transports (SMTP, or `.eml` files when no SMTP server is configured) and the
//! outbox worker that claims queued rows, sends them with their stored Message-ID, and retries.
//!
//! Nothing here decides who is mailed: the game service writes outbox rows inside its
//! transactions (see `crate::games`); this module only delivers them.

pub mod compose;

use crate::store::{self, ConnectError, Db, Millis, OutboxRow};
use lettre::message::header::ContentType;
use lettre::message::{Mailbox, MultiPart, SinglePart};
use lettre::transport::smtp::AsyncSmtpTransport;
use lettre::{AsyncFileTransport, AsyncTransport, Message, Tokio1Executor};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// How mail leaves the server.
#[derive(Clone, Debug)]
pub struct MailConfig {
    /// `CORRIERE_SMTP_URL`: `smtp://host:port` (no TLS, for local servers),
    /// `smtp://user:pass@host:587?tls=required` (STARTTLS) or `smtps://user:pass@host` (TLS).
    /// When absent, mails are written as `.eml` files into `<data dir>/outbox/`.
    pub smtp_url: Option<String>,
    /// The service's data directory.
    pub data_dir: PathBuf,
    /// The From header, e.g. `corriere <corriere@example.org>`.
    pub from: String,
}

#[derive(Debug, thiserror::Error)]
pub enum MailerError {
    #[error("bad SMTP URL: {0}")]
    SmtpUrl(#[source] lettre::transport::smtp::Error),
    #[error("bad From address {0:?}")]
    From(String),
    #[error("cannot create the mail directory {path}: {source}")]
    Directory {
        path: PathBuf,
        source: std::io::Error,
    },
}

enum Transport {
    /// An `Option` only so `Drop` can take it out (see `impl Drop for Mailer`).
    Smtp(Option<AsyncSmtpTransport<Tokio1Executor>>),
    File(AsyncFileTransport<Tokio1Executor>),
}

/// Sends one outbox row at a time. Build it inside a Tokio runtime (the SMTP pool needs one).
pub struct Mailer {
    transport: Transport,
    from: Mailbox,
    description: String,
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mailer")
            .field("transport", &self.description)
            .finish()
    }
}

impl Mailer {
    pub fn new(config: &MailConfig) -> Result<Mailer, MailerError> {
        let from: Mailbox = config
            .from
            .parse()
            .map_err(|_| MailerError::From(config.from.clone()))?;
        match &config.smtp_url {
            Some(url) => {
                let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .map_err(MailerError::SmtpUrl)?
                    .timeout(Some(Duration::from_secs(30)))
                    .build();
                let host = url
                    .rsplit('@')
                    .next()
                    .unwrap_or(url)
                    .split('?')
                    .next()
                    .unwrap_or(url);
                Ok(Mailer {
                    transport: Transport::Smtp(Some(transport)),
                    from,
                    description: format!("SMTP to {}", host.trim_start_matches("smtp://")),
                })
            }
            None => Mailer::to_directory(&config.data_dir.join("outbox"), from),
        }
    }

    /// Write `.eml` files into `dir` (created if missing).
    pub fn to_directory(dir: &Path, from: Mailbox) -> Result<Mailer, MailerError> {
        std::fs::create_dir_all(dir).map_err(|source| MailerError::Directory {
            path: dir.to_owned(),
            source,
        })?;
        Ok(Mailer {
            transport: Transport::File(AsyncFileTransport::new(dir)),
            from,
            description: format!("files in {}", dir.display()),
        })
    }

    /// The message for a row: text and HTML alternatives, the row's Message-ID.
    pub fn message(&self, row: &OutboxRow) -> Result<Message, String> {
        let address = row
            .to_addr
            .parse()
            .map_err(|e| format!("bad recipient address: {e}"))?;
        let to = Mailbox::new(Some(row.to_name.clone()), address);
        Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(row.subject.clone())
            .message_id(Some(row.message_id.clone()))
            .multipart(
                MultiPart::alternative()
                    .singlepart(
                        SinglePart::builder()
                            .header(ContentType::TEXT_PLAIN)
                            .body(row.text_body.clone()),
                    )
                    .singlepart(
                        SinglePart::builder()
                            .header(ContentType::TEXT_HTML)
                            .body(row.html_body.clone()),
                    ),
            )
            .map_err(|e| format!("cannot build the message: {e}"))
    }

    /// Send one row; the error is a sentence for `last_error`.
    pub async fn send(&self, row: &OutboxRow) -> Result<(), String> {
        let message = self.message(row)?;
        match &self.transport {
            Transport::Smtp(Some(smtp)) => smtp
                .send(message)
                .await
                .map(drop)
                .map_err(|e| e.to_string()),
            Transport::Smtp(None) => Err("the SMTP transport is gone".into()),
            Transport::File(file) => file
                .send(message)
                .await
                .map(drop)
                .map_err(|e| e.to_string()),
        }
    }
}

/// lettre's SMTP pool spawns a task when dropped, which panics outside a Tokio runtime; a
/// mailer dropped there (e.g. at the very end of `main`) leaks its idle connections instead.
impl Drop for Mailer {
    fn drop(&mut self) {
        if let Transport::Smtp(smtp) = &mut self.transport {
            if let Some(smtp) = smtp.take() {
                if tokio::runtime::Handle::try_current().is_err() {
                    std::mem::forget(smtp);
                }
            }
        }
    }
}

/// What one worker pass did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunReport {
    pub claimed: usize,
    pub sent: usize,
    pub failed: usize,
}

#[derive(Debug, thiserror::Error)]
pub enum WorkerError {
    #[error(transparent)]
    Connect(#[from] ConnectError),
    #[error("outbox query: {0}")]
    Query(#[from] diesel::result::Error),
    #[error("the database task panicked: {0}")]
    Join(#[from] tokio::task::JoinError),
}

/// The outbox worker. `run_once` is one pass (tests step it); `spawn` runs passes every second.
#[derive(Clone, Debug)]
pub struct Worker {
    mailer: Arc<Mailer>,
    db: Db,
    /// How long a claim holds a row before another pass may take it again.
    pub lease: Duration,
    /// Rows claimed per pass.
    pub batch: i64,
}

impl Worker {
    pub fn new(mailer: Arc<Mailer>, db: Db) -> Worker {
        Worker {
            mailer,
            db,
            lease: Duration::from_secs(300),
            batch: 20,
        }
    }

    /// Claim the rows due now and send them.
    pub async fn run_once(&self) -> Result<RunReport, WorkerError> {
        self.run_once_at(Millis::now()).await
    }

    /// One pass as if the time were `now` (tests use it to step past leases and backoffs).
    /// Sent rows are deleted; failed ones keep their row with one more attempt, the error and
    /// a backoff (see [`store::retry_delay`]).
    pub async fn run_once_at(&self, now: Millis) -> Result<RunReport, WorkerError> {
        let (db, lease, batch) = (self.db.clone(), self.lease, self.batch);
        let rows = tokio::task::spawn_blocking(move || -> Result<_, WorkerError> {
            let mut conn = db.get()?;
            Ok(store::claim_due(&mut conn, now, lease, batch)?)
        })
        .await??;
        let mut report = RunReport {
            claimed: rows.len(),
            ..RunReport::default()
        };
        for row in rows {
            let outcome = self.mailer.send(&row).await;
            let db = self.db.clone();
            let id = row.id.clone();
            let failure = outcome.as_ref().err().cloned();
            tokio::task::spawn_blocking(move || -> Result<_, WorkerError> {
                let mut conn = db.get()?;
                match &failure {
                    None => store::delete_sent(&mut conn, &id)?,
                    Some(error) => store::record_failure(&mut conn, &id, now, error)?,
                }
                Ok(())
            })
            .await??;
            match outcome {
                Ok(()) => {
                    report.sent += 1;
                    tracing::info!(mail.id = %row.id, mail.kind = %row.kind, game.id = ?row.game_id, "mail sent");
                }
                Err(error) => {
                    report.failed += 1;
                    tracing::warn!(mail.id = %row.id, mail.kind = %row.kind, attempts = row.attempts + 1, %error, "mail not sent; will retry");
                }
            }
        }
        Ok(report)
    }

    /// Run passes until `shutdown` turns true (or its sender is dropped): the next pass at once
    /// while passes come back full (a backlog), else after about a second. With a pause after
    /// every pass the worker sent at most `batch` mails a second, fewer than a busy server
    /// queues, and the outbox only grew.
    pub fn spawn(self, mut shutdown: watch::Receiver<bool>) -> JoinHandle<()> {
        tokio::spawn(async move {
            loop {
                if *shutdown.borrow() {
                    break;
                }
                match self.run_once().await {
                    Ok(report) if report.claimed as i64 >= self.batch && report.sent > 0 => {
                        continue
                    }
                    Ok(_) => {}
                    Err(error) => tracing::error!(%error, "outbox worker pass failed"),
                }
                tokio::select! {
                    _ = tokio::time::sleep(Duration::from_secs(1)) => {}
                    changed = shutdown.changed() => if changed.is_err() { break },
                }
            }
        })
    }
}
