//! The scheduler: one worker in `serve` that asks the service, every tick, for what time makes
//! due (deadlines, reminders, bots' turns, table talk, the daily digests, lapsed proposals,
//! old rate counters,
//! webhook deliveries)
//! and logs stored entries in the transparency log.
//! Safe with several processes: each job is claimed where it is done, and the move path
//! refuses a second move on one decision. It holds the database only to hand it to the service.

use crate::service::time::TimeReport;
use crate::service::Games;
use crate::store::Db;
use std::time::Duration;
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// What one pass did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct JobReport {
    /// Digests mailed.
    pub digests: usize,
    /// Mails carrying the table's messages.
    pub talk: usize,
    /// Reminders, extensions, the clock's and the bots' moves.
    pub time: TimeReport,
    /// Entries appended to the transparency log (a signed tree head follows each pass).
    pub logged: u64,
    /// Webhook deliveries that went through.
    pub webhooks: usize,
    /// Proposals at a table whose lapse everyone was told of.
    pub lapsed: usize,
}

#[derive(Clone)]
pub struct Scheduler {
    db: Db,
    games: Games,
    tick: Duration,
}

impl Scheduler {
    pub fn new(db: Db, games: Games, tick: Duration) -> Scheduler {
        Scheduler { db, games, tick }
    }

    /// Do everything due by the service's clock now: each piece is one service operation.
    pub async fn run_once(&self) -> anyhow::Result<JobReport> {
        let (games, db) = (&self.games, &self.db);
        let time = games.run_deadlines(db).await?;
        let talk = games.mail_talk_due(db).await?;
        let digests = games.mail_digests_due(db).await?;
        let lapsed = games.tell_lapsed_proposals(db).await?;
        games.prune_rate_counters(db).await?;
        let webhooks = games.send_webhooks(db).await?;
        // Last, so the entries this pass stored are logged in it.
        let logged = games.log_entries(db).await?;
        Ok(JobReport {
            lapsed,
            webhooks,
            logged,
            digests,
            talk,
            time,
        })
    }

    /// Run a pass every tick until `shutdown` turns true.
    pub fn spawn(self, mut shutdown: watch::Receiver<bool>) -> JoinHandle<()> {
        tokio::spawn(async move {
            loop {
                if *shutdown.borrow() {
                    break;
                }
                if let Err(error) = self.run_once().await {
                    tracing::error!(error = format!("{error:#}"), "scheduler pass failed");
                }
                tokio::select! {
                    _ = tokio::time::sleep(self.tick) => {}
                    changed = shutdown.changed() => if changed.is_err() { break },
                }
            }
        })
    }
}
