//! What time makes due, as service operations the scheduler (`crate::jobs`) calls each pass:
//! batches of table talk, the daily digests, lapsed proposals, old rate counters; each owns
//! its connection.

use super::moves::TableWords;
use super::{names_of, Games};
use crate::domain::{GameId, GameStatus, Millis};
use crate::kinds::table::proposal_words;
use crate::store::{self, write_transaction, Conn, Db};

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

    /// Tell every player still in a game that a proposal at its table lapsed unanswered: how
    /// many proposals. Each once, even with several schedulers (its row is taken in the
    /// transaction that queues the mails); one answered or declined meanwhile tells nobody.
    pub async fn tell_lapsed_proposals(&self, db: &Db) -> anyhow::Result<usize> {
        let games = self.clone();
        db.run(move |conn| -> anyhow::Result<usize> {
            let mut told = 0;
            for (game, seq, expires_at) in store::lapsed_proposals(conn, games.now())? {
                told += usize::from(games.tell_lapsed(conn, &game, seq, expires_at)?);
            }
            Ok(told)
        })
        .await?
    }

    fn tell_lapsed(
        &self,
        conn: &mut Conn,
        game: &str,
        seq: i64,
        expires_at: i64,
    ) -> anyhow::Result<bool> {
        let now = self.now();
        let id = GameId::parse(game)?;
        write_transaction(conn, |conn| -> anyhow::Result<bool> {
            if !store::take_proposal(conn, game, seq)? {
                return Ok(false);
            }
            let Some(row) = store::find_game(conn, &id)? else {
                return Ok(false);
            };
            if row.status() != GameStatus::Playing {
                return Ok(false);
            }
            let seats = store::seats_of(conn, &id)?;
            let Some(replay) = self.replay(conn, &row, &seats)? else {
                return Ok(false);
            };
            let Some(open) = replay
                .game
                .table()
                .and_then(|t| t.proposed())
                .filter(|open| open.expires() == expires_at)
            else {
                return Ok(false);
            };
            let names = names_of(&seats);
            let mails =
                self.table_notices(conn, &row, &seats, now, "table_lapsed", |_, to, cx| {
                    Some(TableWords {
                        subject_key: "mail-table-lapsed-subject",
                        about: open.by,
                        text: to.words.two(
                            "mail-table-lapsed",
                            ("name", names.name(open.by)),
                            ("proposal", proposal_words(&open.proposal, cx)),
                        ),
                        extra: None,
                        reply_at: None,
                    })
                })?;
            for mail in mails {
                store::enqueue(conn, mail, now)?;
            }
            tracing::info!(game.id = %id, seq, "a proposal at the table lapsed");
            Ok(true)
        })
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
