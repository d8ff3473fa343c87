//! The outbox: every mail is a row written once, in the transaction that caused it, sent by the
//! worker holding the queue's lease, deleted once sent, kept with a retry count and backoff when
//! not, and kept as failed (with the address marked undeliverable) when it can never be delivered.

use super::schema::outbox;
use super::Conn;
use crate::domain::{random_base32, GameId, Millis};
use diesel::prelude::*;
use diesel::result::QueryResult;
use std::time::Duration;

/// One queued mail, exactly as it will be sent.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = outbox)]
pub struct OutboxRow {
    /// Random text id.
    pub id: String,
    pub game_id: Option<String>,
    /// Which template made it: `invitation`, `your_turn`, `game_over`, `cancelled`, `relink`.
    pub kind: String,
    pub to_name: String,
    pub to_addr: String,
    pub subject: String,
    pub text_body: String,
    pub html_body: String,
    /// The Message-ID header, fixed when enqueued so a resend is recognisably the same mail.
    pub message_id: String,
    /// Failed sends so far.
    pub attempts: i32,
    pub next_attempt_at: i64,
    pub last_error: Option<String>,
    pub created_at: i64,
    /// Set when the mail can never be delivered (`last_error` says why): not retried.
    pub failed_at: Option<i64>,
    /// The recipient's one-click unsubscribe address (RFC 8058), for `List-Unsubscribe`.
    pub unsubscribe_url: Option<String>,
    /// Where a reply goes: an address that carries the seat's signed token.
    pub reply_to: Option<String>,
}

/// A mail to enqueue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewMail {
    pub game_id: Option<GameId>,
    pub kind: &'static str,
    pub to_name: String,
    pub to_addr: String,
    pub subject: String,
    pub text_body: String,
    pub html_body: String,
    pub unsubscribe_url: Option<String>,
    pub reply_to: Option<String>,
}

impl NewMail {
    /// The outbox row for this mail, due at `now`, with a fresh Message-ID (`<random@corriere>`).
    pub fn into_row(self, now: Millis) -> OutboxRow {
        OutboxRow {
            id: random_base32(16),
            game_id: self.game_id.map(String::from),
            kind: self.kind.to_owned(),
            to_name: self.to_name,
            to_addr: self.to_addr,
            subject: self.subject,
            text_body: self.text_body,
            html_body: self.html_body,
            message_id: format!("<{}@corriere>", random_base32(26)),
            attempts: 0,
            next_attempt_at: now.0,
            last_error: None,
            created_at: now.0,
            failed_at: None,
            unsubscribe_url: self.unsubscribe_url,
            reply_to: self.reply_to,
        }
    }
}

/// Queue a mail, due now. Returns its row id.
pub fn enqueue(conn: &mut Conn, mail: NewMail, now: Millis) -> QueryResult<String> {
    let row = mail.into_row(now);
    insert_mails(conn, std::slice::from_ref(&row))?;
    Ok(row.id)
}

/// Queue mails built with [`NewMail::into_row`].
pub fn insert_mails(conn: &mut Conn, rows: &[OutboxRow]) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::insert_into(outbox::table)
            .values(rows)
            .execute(c)
            .map(drop)
    })
}

/// Claim up to `limit` due mails for `holder` under the outbox's lease (see
/// [`super::claim_due_rows`]); none while another worker holds it. If the worker dies after
/// claiming, the rows come back when the lease runs out.
pub fn claim_due(
    conn: &mut Conn,
    holder: &str,
    now: Millis,
    lease: Duration,
    limit: i64,
) -> QueryResult<Vec<OutboxRow>> {
    super::claim_due_rows!(conn, outbox, OutboxRow, holder, now, lease, limit)
}

/// The end of `holder`'s pass over the outbox, every mail it sent settled: the lease goes.
pub fn release_mails(conn: &mut Conn, holder: &str) -> QueryResult<()> {
    super::queue::release_lease(conn, "outbox", holder)
}

/// What became of one claimed mail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sent {
    /// Delivered: the row goes.
    Delivered { id: String },
    /// Not delivered this time; tried again after a backoff. `attempts`: failed attempts
    /// before this one (the claimed row's).
    Retry {
        id: String,
        attempts: i32,
        error: String,
    },
}

/// Record what became of a mail just sent (call inside a write transaction: the writer's, see
/// [`super::Db::settle_mail`]): a delivered row is deleted; a row to retry counts the attempt,
/// keeps the error and waits out an exponential backoff.
pub fn record_send(conn: &mut Conn, outcome: &Sent, now: Millis) -> QueryResult<()> {
    match outcome {
        Sent::Delivered { id } => delete_sent(conn, &[id])?,
        Sent::Retry {
            id,
            attempts,
            error,
        } => {
            super::on_backend!(conn, c => diesel::update(outbox::table.find(id))
                .set((
                    outbox::attempts.eq(attempts + 1),
                    outbox::last_error.eq(Some(error)),
                    outbox::next_attempt_at.eq(now.plus(retry_delay(*attempts)).0),
                ))
                .execute(c))?;
        }
    }
    Ok(())
}

/// Delete delivered mails (call inside a write transaction): one statement for all of them.
pub(super) fn delete_sent(conn: &mut Conn, ids: &[&str]) -> QueryResult<()> {
    if ids.is_empty() {
        return Ok(());
    }
    super::on_backend!(conn, c => diesel::delete(outbox::table.filter(super::one_of(outbox::id, ids.iter().copied())))
        .execute(c))?;
    Ok(())
}

/// Mark a mail failed for good (call inside a write transaction): kept with its reason, never
/// claimed again; and its address undeliverable.
pub fn mark_failed(conn: &mut Conn, row: &OutboxRow, reason: &str, now: Millis) -> QueryResult<()> {
    super::on_backend!(conn, c => diesel::update(outbox::table.find(&row.id))
        .set((
            outbox::failed_at.eq(Some(now.0)),
            outbox::attempts.eq(row.attempts + 1),
            outbox::last_error.eq(Some(reason)),
        ))
        .execute(c))?;
    super::people::mark_undeliverable(conn, &row.to_addr, reason, now)
}

/// The failed mails of a game, oldest first.
pub fn failed_mails(conn: &mut Conn, game: &GameId) -> QueryResult<Vec<OutboxRow>> {
    super::on_backend!(conn, c => {
        outbox::table
            .filter(outbox::game_id.eq(game.as_str()))
            .filter(outbox::failed_at.is_not_null())
            .order(outbox::created_at.asc())
            .select(outbox::all_columns)
            .load(c)
    })
}

/// One queued mail by id.
pub fn outbox_row(conn: &mut Conn, id: &str) -> QueryResult<Option<OutboxRow>> {
    super::on_backend!(conn, c => {
        outbox::table
            .find(id)
            .select(outbox::all_columns)
            .get_result(c)
            .optional()
    })
}

/// Put a mail back in the queue, due now, its failure forgotten (an operator's retry).
pub fn retry_now(conn: &mut Conn, id: &str, now: Millis) -> QueryResult<bool> {
    super::on_backend!(conn, c => {
        diesel::update(outbox::table.find(id))
            .set((
                outbox::failed_at.eq(None::<i64>),
                outbox::next_attempt_at.eq(now.0),
            ))
            .execute(c)
            .map(|n| n > 0)
    })
}

/// The delay before retry number `attempts + 1`: 30 s × 2^attempts, at most an hour.
pub fn retry_delay(attempts: i32) -> Duration {
    let factor = 1u64 << attempts.clamp(0, 7);
    Duration::from_secs((30 * factor).min(3600))
}

/// Queued rows, oldest first; of one game when `game` is given (for tests and an admin page).
pub fn outbox_rows(conn: &mut Conn, game: Option<&GameId>) -> QueryResult<Vec<OutboxRow>> {
    let all = outbox::table
        .select(outbox::all_columns)
        .order((outbox::created_at.asc(), outbox::id.asc()));
    super::on_backend!(conn, c => match game {
        Some(game) => all.filter(outbox::game_id.eq(game.as_str())).load(c),
        None => all.load(c),
    })
}
