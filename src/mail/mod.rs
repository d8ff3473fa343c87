//! Mail: the transports (SMTP, or `.eml` files when no SMTP server is configured) and the
//! outbox worker that claims queued rows, sends them with their stored Message-ID, and retries.
//!
//! Nothing here decides who is mailed or what a mail says: the game service writes outbox rows,
//! composed by `service::letters`, inside its transactions. This module only carries them: it
//! claims, sends and settles rows through the service (`Games::claim_mails`, `settle_mail`,
//! `mail_undeliverable`, which tells the game's creator), and hands a reply it reads to the
//! service (`inbound::deliver`). It imports the service; the service never imports it.

pub mod inbound;
pub mod lmtp;
mod smtp;

pub use smtp::BadSmtpUrl;

use crate::domain::Millis;
use crate::service::post::{OutboxRow, Sent};
use crate::service::Games;
use crate::store::Db;
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

    /// The message for a row: text and HTML alternatives, the row's Message-ID, and
    /// `Auto-Submitted` (RFC 3834) on every mail.
    pub fn message(&self, row: &OutboxRow) -> Result<Message, String> {
        let address = row
            .to_addr
            .parse()
            .map_err(|e| format!("bad recipient address: {e}"))?;
        let to = Mailbox::new(Some(row.to_name.clone()), address);
        let mut builder = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(row.subject.clone())
            .message_id(Some(row.message_id.clone()));
        // Every mail of a game answers the game's root message, so a mail client shows the
        // game as one thread.
        if let Some(game) = &row.game_id {
            let root = self.thread_root(game);
            builder = builder.in_reply_to(root.clone()).references(root);
        }
        // A reply goes back to the seat it came from (its signed token is in the address).
        if let Some(reply_to) = &row.reply_to {
            let address = reply_to
                .parse()
                .map_err(|e| format!("bad reply address: {e}"))?;
            builder = builder.reply_to(Mailbox::new(None, address));
        }
        use lettre::message::header::{HeaderName, HeaderValue};
        // RFC 3834: no person wrote this mail, so vacation notices and other machines never
        // answer it; the answer to a reply says it is one, so two reply addresses never loop.
        builder = builder.raw_header(HeaderValue::new(
            HeaderName::new_from_ascii_str("Auto-Submitted"),
            auto_submitted(&row.kind).to_owned(),
        ));
        // RFC 8058: the mail client offers "unsubscribe" and POSTs to it, no cookie needed.
        if let Some(url) = &row.unsubscribe_url {
            builder = builder
                .raw_header(HeaderValue::new(
                    HeaderName::new_from_ascii_str("List-Unsubscribe"),
                    format!("<{url}>"),
                ))
                .raw_header(HeaderValue::new(
                    HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                    "List-Unsubscribe=One-Click".to_owned(),
                ));
        }
        builder
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

    /// The Message-ID every mail of `game` refers to: `<game.ID@DOMAIN>`, the domain of the
    /// From address.
    pub fn thread_root(&self, game: &str) -> String {
        format!("<game.{game}@{}>", self.from.email.domain())
    }

    /// Send one row on send lane `lane` (one SMTP connection per lane).
    pub async fn send(&self, lane: usize, row: &OutboxRow) -> Result<(), SendError> {
        let message = self.message(row).map_err(SendError::permanent)?;
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
                    .map_err(|e| {
                        SendError::temporary(format!("cannot write {}: {e}", path.display()))
                    })?;
                file.write_all(&message.formatted()).await.map_err(|e| {
                    SendError::temporary(format!("cannot write {}: {e}", path.display()))
                })?;
                file.sync_all().await.map_err(|e| {
                    SendError::temporary(format!("cannot write {}: {e}", path.display()))
                })
            }
        }
    }
}

/// Why a mail was not sent, and whether it ever can be: a permanent failure (an SMTP 5xx answer,
/// an address no message can be built for) is not retried.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SendError {
    pub permanent: bool,
    /// A sentence for the outbox row's `last_error` (and the creator's notice).
    pub reason: String,
}

impl SendError {
    pub fn permanent(reason: impl Into<String>) -> SendError {
        SendError {
            permanent: true,
            reason: reason.into(),
        }
    }
    pub fn temporary(reason: impl Into<String>) -> SendError {
        SendError {
            permanent: false,
            reason: reason.into(),
        }
    }
}

/// Failed attempts after which a mail that keeps failing counts as undeliverable.
pub const MAX_ATTEMPTS: i32 = 8;

/// Mails in flight at once, and SMTP connections the worker keeps open (a polite number for
/// a mail server, and plenty on loopback: docs/benchmarks.md).
const SENDERS: usize = 4;

/// The `Auto-Submitted` value of a mail of this kind: `auto-replied` for the answer to a
/// reply, `auto-generated` for every other.
pub fn auto_submitted(kind: &str) -> &'static str {
    if kind == "answer" {
        "auto-replied"
    } else {
        "auto-generated"
    }
}

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
    /// Not sent this time, to be tried again.
    pub failed: usize,
    /// Never to be sent: marked failed, their addresses undeliverable.
    pub undeliverable: usize,
}

/// A pass that could not claim its rows (the database is out of reach…): nothing was sent.
#[derive(Debug, thiserror::Error)]
#[error("the outbox could not be claimed: {0:#}")]
pub struct WorkerError(#[from] anyhow::Error);

/// The outbox worker. `run_once` is one pass (tests step it); `spawn` runs passes every second.
/// It holds the database only to hand it to the service's outbox operations.
#[derive(Clone)]
pub struct Worker {
    mailer: Arc<Mailer>,
    db: Db,
    games: Games,
    /// How long a pass holds the outbox's lease (`store/queue.rs`) before another worker may
    /// take the queue: a worker that died mid-pass keeps the queue this long at most. A lane
    /// stops sending before the lease runs out, so no row is sent by two workers.
    pub lease: Duration,
    /// Rows claimed per pass.
    pub batch: i64,
}

impl std::fmt::Debug for Worker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Worker")
            .field("mailer", &self.mailer)
            .field("lease", &self.lease)
            .finish()
    }
}

/// Mails a lane may have sent and not yet seen settled: after a crash, at most these (and the
/// ones in flight) are sent again, with their Message-IDs. A lane hands each outcome to the
/// service ([`Games::settle_mail`]), which has the database commit it with the moves and the
/// other lanes' outcomes waiting at that moment, and goes on sending meanwhile.
const UNSETTLED: usize = 8;

impl Worker {
    pub fn new(mailer: Arc<Mailer>, db: Db, games: Games) -> Worker {
        Worker {
            mailer,
            db,
            games,
            lease: Duration::from_secs(30),
            batch: 100,
        }
    }

    /// Claim the rows due now and send them.
    pub async fn run_once(&self) -> Result<RunReport, WorkerError> {
        self.run_once_at(self.games.now()).await
    }

    /// One pass as if the time were `now` (tests use it to step past leases and backoffs).
    /// The claimed rows go out over up to [`SENDERS`] connections at once; one recipient's
    /// mails go one after the other, oldest first, so nobody reads move 12 before move 11.
    /// Each mail is settled right after it is sent, without waiting for the commit: a delivered
    /// row is deleted; one that failed keeps its row with one more attempt, the error and a
    /// backoff (30 s × 2^attempts, at most an hour); one that can never be delivered (a
    /// permanent failure, or [`MAX_ATTEMPTS`] failures) is marked failed and the service tells
    /// the game's creator. A pass that empties the queue lets the outbox's lease go. If the
    /// process dies, at most the mails in flight and [`UNSETTLED`] per lane are sent again
    /// (with the same Message-IDs) once the lease runs out.
    pub async fn run_once_at(&self, now: Millis) -> Result<RunReport, WorkerError> {
        let (lease, batch) = (self.lease, self.batch);
        let rows = self.games.claim_mails(&self.db, now, lease, batch).await?;
        let claimed = rows.len();
        // Stop sending well before the lease runs out: after it, another worker may take the queue.
        let deadline = tokio::time::Instant::now() + lease.mul_f32(0.75);
        let mut sending = JoinSet::new();
        for (lane, queue) in send_queues(rows).into_iter().enumerate() {
            let (mailer, worker) = (self.mailer.clone(), self.clone());
            sending.spawn(async move {
                let mut report = RunReport::default();
                let mut unsettled = std::collections::VecDeque::new();
                for row in queue {
                    if tokio::time::Instant::now() >= deadline {
                        break;
                    }
                    let outcome = mailer.send(lane, &row).await;
                    let answer = match outcome {
                        Ok(()) => {
                            tracing::info!(mail.id = %row.id, mail.kind = %row.kind, game.id = ?row.game_id, "mail sent");
                            report.sent += 1;
                            worker.settle(Sent::Delivered { id: row.id.clone() }, now)
                        }
                        Err(error) if error.permanent || row.attempts + 1 >= MAX_ATTEMPTS => {
                            tracing::warn!(mail.id = %row.id, mail.kind = %row.kind, attempts = row.attempts + 1, reason = %no_addresses(&error.reason), "mail cannot be delivered");
                            report.undeliverable += 1;
                            if let Err(error) = worker.undeliverable(row.clone(), error.reason, now).await {
                                tracing::error!(mail.id = %row.id, %error, "a failed mail could not be marked");
                                break;
                            }
                            continue;
                        }
                        Err(error) => {
                            tracing::warn!(mail.id = %row.id, mail.kind = %row.kind, attempts = row.attempts + 1, reason = %no_addresses(&error.reason), "mail not sent; will retry");
                            report.failed += 1;
                            worker.settle(
                                Sent::Retry {
                                    id: row.id.clone(),
                                    attempts: row.attempts,
                                    error: error.reason,
                                },
                                now,
                            )
                        }
                    };
                    unsettled.push_back((row.id, answer));
                    if unsettled.len() <= UNSETTLED {
                        continue;
                    }
                    let (id, answer) = unsettled.pop_front().expect("more than UNSETTLED");
                    if let Err(error) = answer.await {
                        // Unsettled, the row stays queued and is sent again.
                        tracing::error!(mail.id = %id, %error, "a sent mail could not be settled");
                        unsettled.clear();
                        break;
                    }
                }
                for (id, answer) in unsettled {
                    if let Err(error) = answer.await {
                        tracing::error!(mail.id = %id, %error, "a sent mail could not be settled");
                    }
                }
                report
            });
        }
        let mut report = RunReport {
            claimed,
            ..RunReport::default()
        };
        while let Some(joined) = sending.join_next().await {
            // A panicked lane's rows stay queued; the next pass sends them.
            let lane = joined.unwrap_or_else(|error| {
                tracing::error!(%error, "a mail lane panicked");
                RunReport::default()
            });
            report.sent += lane.sent;
            report.failed += lane.failed;
            report.undeliverable += lane.undeliverable;
        }
        // Every lane has heard its settlements. A pass that took fewer than it could has
        // emptied the queue: the lease goes. A full one keeps it, as the next pass follows at
        // once and would only take it again (each write of the lease waits for the write lock,
        // which a busy server's moves hold).
        if claimed > 0 && (claimed as i64) < batch {
            self.let_go().await;
        }
        Ok(report)
    }

    /// Let the outbox's lease go; if it cannot be, it runs out.
    async fn let_go(&self) {
        if let Err(error) = self.games.mails_settled(&self.db).await {
            tracing::error!(%error, "the outbox's lease could not be let go");
        }
    }

    /// Hand what became of a mail to the service, to be stored with the next commit.
    fn settle(
        &self,
        outcome: Sent,
        now: Millis,
    ) -> impl std::future::Future<Output = Result<(), String>> + Send + 'static {
        self.games.settle_mail(&self.db, outcome, now)
    }

    /// A mail that can never be delivered: the service marks it and tells the game's creator.
    async fn undeliverable(
        &self,
        row: OutboxRow,
        reason: String,
        now: Millis,
    ) -> Result<(), String> {
        self.games
            .mail_undeliverable(&self.db, row, reason, now)
            .await
            .map_err(|e| format!("{e:#}"))
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
            // The worker stops: another process need not wait for the lease to run out.
            self.let_go().await;
        })
    }
}

/// A server's answer as the log may keep it: every word with an `@` (an address the answer
/// quotes, `<ann@example.org>`) becomes `[address]`, so no address reaches the log.
fn no_addresses(text: &str) -> String {
    text.split(' ')
        .map(|word| {
            if word.contains('@') {
                "[address]"
            } else {
                word
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod log_tests {
    #[test]
    fn a_server_answer_is_logged_without_the_addresses_it_quotes() {
        assert_eq!(
            super::no_addresses("550 5.1.1 <ann@example.org>: Recipient address rejected"),
            "550 5.1.1 [address] Recipient address rejected"
        );
    }
}
