//! What time makes due, as service operations the scheduler (`crate::jobs`) calls each pass:
//! batches of table talk, the daily digests, old rate counters; each owns its connection.

use super::Games;
use crate::domain::Millis;
use crate::store::{self, Db};

/// How long a rate counter is kept after its window began, in days: more than any window (the
/// privacy page says it).
pub const COUNTERS_KEPT_DAYS: i64 = 2;
const COUNTERS_KEPT_MS: i64 = COUNTERS_KEPT_DAYS * 24 * 3600 * 1000;

impl Games {
    /// Mail each every-turn reader the table's messages it has not been mailed, once the oldest
    /// is old enough (see [`Games::mail_messages`]): how many mails were queued.
    pub async fn mail_talk_due(&self, db: &Db) -> anyhow::Result<usize> {
        let games = self.clone();
        db.run(move |conn| games.mail_messages(conn)).await?
    }

    /// Mail the digests whose hour has come (see [`Games::send_digests`]): how many.
    pub async fn mail_digests_due(&self, db: &Db) -> anyhow::Result<usize> {
        let games = self.clone();
        db.run(move |conn| games.send_digests(conn)).await?
    }

    /// Drop the rate counters of windows that ended a day ago or more: they can no longer
    /// limit anything. How many went.
    pub async fn prune_rate_counters(&self, db: &Db) -> anyhow::Result<usize> {
        let old = Millis(self.now().0 - COUNTERS_KEPT_MS);
        Ok(db
            .run(move |conn| store::prune_counters(conn, old))
            .await??)
    }
}
