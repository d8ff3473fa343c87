//! Mail: the transports (SMTP, or `.eml` files when no SMTP server is configured) and the
//! outbox worker that claims queued rows, sends them with their stored Message-ID, and retries.
//!
//! Nothing here decides who is mailed: the game service writes outbox rows inside its
//! transactions (see `crate::games`); this module only delivers them.

pub mod compose;
mod smtp;

pub use smtp::BadSmtpUrl;

use crate::store::{self, ConnectError, Db, FailedSend, Millis, OutboxRow};
use lettre::message::header::ContentType;
use lettre::message::{Mailbox, MultiPart, SinglePart};
use lettre::Message;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;
use tokio::task::{JoinHandle, JoinSet};

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
    SmtpUrl(#[from] BadSmtpUrl),
    #[error("bad From address {0:?}")]
    From(String),
    #[error("cannot create the mail directory {path}: {source}")]
    Directory {
        path: PathBuf,
        source: std::io::Error,
    },
}

enum Transport {
    Smtp(smtp::Lanes),
    /// `.eml` files in this directory, readable by the service's user only (0600).
    Files(PathBuf),
}

/// Sends outbox rows, over up to [`SENDERS`] SMTP connections at once (or into files).
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
                let server = smtp::SmtpServer::parse(url)?;
                Ok(Mailer {
                    description: format!("SMTP to {}", server.address()),
                    transport: Transport::Smtp(smtp::Lanes::new(server, SENDERS)),
                    from,
                })
            }
            None => Mailer::to_directory(&config.data_dir.join("outbox"), from),
        }
    }

    /// Write `.eml` files into `dir` (created if missing, private to the service's user: a
    /// mail carries a seat link, which is a key).
    pub fn to_directory(dir: &Path, from: Mailbox) -> Result<Mailer, MailerError> {
        use std::os::unix::fs::DirBuilderExt;
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(dir)
            .map_err(|source| MailerError::Directory {
                path: dir.to_owned(),
                source,
            })?;
        Ok(Mailer {
            transport: Transport::Files(dir.to_owned()),
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

    /// Send one row on send lane `lane` (one SMTP connection per lane); the error is a
    /// sentence for `last_error`.
    pub async fn send(&self, lane: usize, row: &OutboxRow) -> Result<(), String> {
        let message = self.message(row)?;
        match &self.transport {
            Transport::Smtp(lanes) => {
                lanes
                    .send(lane, message.envelope(), &message.formatted())
                    .await
            }
            Transport::Files(dir) => {
                use tokio::io::AsyncWriteExt;
                let path = dir.join(format!("{}.eml", row.id));
                let mut file = tokio::fs::OpenOptions::new()
                    .write(true)
                    .create(true)
                    .truncate(true)
                    .mode(0o600)
                    .open(&path)
                    .await
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                file.write_all(&message.formatted())
                    .await
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                file.sync_all()
                    .await
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))
            }
        }
    }
}

/// Mails in flight at once, and SMTP connections the worker keeps open (a polite number for
/// a mail server, and plenty on loopback: docs/benchmarks.md).
const SENDERS: usize = 4;

/// Split the claimed rows into at most `SENDERS` queues that can go out side by side: all of
/// one recipient's rows land in the same queue, in the claim's order (oldest first).
fn send_queues(rows: Vec<OutboxRow>) -> Vec<Vec<OutboxRow>> {
    let mut recipients: Vec<String> = Vec::new();
    let mut queues: Vec<Vec<OutboxRow>> = Vec::new();
    for row in rows {
        let recipient = match recipients.iter().position(|r| *r == row.to_addr) {
            Some(index) => index,
            None => {
                recipients.push(row.to_addr.clone());
                recipients.len() - 1
            }
        };
        // Recipients are numbered in order of appearance, so a new lane is always the next one.
        let lane = recipient % SENDERS;
        if lane == queues.len() {
            queues.push(Vec::new());
        }
        queues[lane].push(row);
    }
    queues
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
            batch: 100,
        }
    }

    /// Claim the rows due now and send them.
    pub async fn run_once(&self) -> Result<RunReport, WorkerError> {
        self.run_once_at(Millis::now()).await
    }

    /// One pass as if the time were `now` (tests use it to step past leases and backoffs).
    /// The claimed rows go out over up to [`SENDERS`] connections at once; one recipient's
    /// mails go one after the other, oldest first, so nobody reads move 12 before move 11. Then one write records
    /// every outcome: sent rows are deleted; failed ones keep their row with one more attempt,
    /// the error and a backoff (see [`store::retry_delay`]). If the process dies before that
    /// write, the batch is sent again after its lease, with the same Message-IDs.
    pub async fn run_once_at(&self, now: Millis) -> Result<RunReport, WorkerError> {
        let (db, lease, batch) = (self.db.clone(), self.lease, self.batch);
        let rows = tokio::task::spawn_blocking(move || -> Result<_, WorkerError> {
            let mut conn = db.get()?;
            Ok(store::claim_due(&mut conn, now, lease, batch)?)
        })
        .await??;
        let claimed = rows.len();
        let mut sending = JoinSet::new();
        for (lane, queue) in send_queues(rows).into_iter().enumerate() {
            let mailer = self.mailer.clone();
            sending.spawn(async move {
                let mut outcomes = Vec::with_capacity(queue.len());
                for row in queue {
                    let outcome = mailer.send(lane, &row).await;
                    outcomes.push((row, outcome));
                }
                outcomes
            });
        }
        let (mut sent, mut failed) = (Vec::new(), Vec::new());
        while let Some(joined) = sending.join_next().await {
            // A panicked send leaves its rows claimed; they come back when the lease runs out.
            let outcomes = joined.unwrap_or_else(|error| {
                tracing::error!(%error, "a mail send panicked");
                Vec::new()
            });
            for (row, outcome) in outcomes {
                match outcome {
                    Ok(()) => {
                        tracing::info!(mail.id = %row.id, mail.kind = %row.kind, game.id = ?row.game_id, "mail sent");
                        sent.push(row.id);
                    }
                    Err(error) => {
                        tracing::warn!(mail.id = %row.id, mail.kind = %row.kind, attempts = row.attempts + 1, %error, "mail not sent; will retry");
                        failed.push(FailedSend {
                            id: row.id,
                            attempts: row.attempts,
                            error,
                        });
                    }
                }
            }
        }
        let report = RunReport {
            claimed,
            sent: sent.len(),
            failed: failed.len(),
        };
        if claimed > 0 {
            let db = self.db.clone();
            tokio::task::spawn_blocking(move || -> Result<_, WorkerError> {
                let mut conn = db.get()?;
                Ok(store::record_sends(&mut conn, &sent, &failed, now)?)
            })
            .await??;
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
