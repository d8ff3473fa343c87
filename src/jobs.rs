//! The scheduler: one worker in `serve` that does what time makes due (the daily digests, old
//! rate counters). Safe with several processes: each job is claimed where it is done.

use crate::games::Games;
use crate::store::{Db, Millis};
use std::time::Duration;
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// How often the scheduler looks for due work.
pub const TICK: Duration = Duration::from_secs(30);

/// What one pass did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct JobReport {
    /// Digests mailed.
    pub digests: usize,
}

#[derive(Clone)]
pub struct Scheduler {
    db: Db,
    games: Games,
}

impl Scheduler {
    pub fn new(db: Db, games: Games) -> Scheduler {
        Scheduler { db, games }
    }

    /// Do everything due by the service's clock now.
    pub async fn run_once(&self) -> anyhow::Result<JobReport> {
        let games = self.games.clone();
        self.db
            .run(move |conn| -> anyhow::Result<JobReport> {
                let digests = games.send_digests(conn)?;
                // Counters of windows that ended a day ago can no longer limit anything.
                let old = Millis(games.now().0 - 2 * 24 * 3600 * 1000);
                crate::store::prune_counters(conn, old)?;
                Ok(JobReport { digests })
            })
            .await?
    }

    /// Run passes every [`TICK`] until `shutdown` turns true.
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
                    _ = tokio::time::sleep(TICK) => {}
                    changed = shutdown.changed() => if changed.is_err() { break },
                }
            }
        })
    }
}
