//! Notices beyond mail: each game's feed version, each person's calendar version and webhook
//! (with how its last delivery went), and the webhook outbox the worker claims and settles.

use super::schema::{game_feeds, person_notices, webhook_outbox};
use super::Conn;
use crate::domain::{random_base32, GameId, Millis};
use diesel::prelude::*;
use diesel::result::QueryResult;
use std::time::Duration;

/// The version a game's feed URLs are signed for (0 until revoked once).
pub fn feed_version(conn: &mut Conn, game: &GameId) -> QueryResult<i32> {
    super::on_backend!(conn, c => {
        game_feeds::table
            .find(game.as_str())
            .select(game_feeds::version)
            .get_result::<i32>(c)
            .optional()
            .map(Option::unwrap_or_default)
    })
}

/// Retire every feed URL of a game (inside a write transaction): its version goes up by one.
pub fn bump_feed_version(conn: &mut Conn, game: &GameId) -> QueryResult<i32> {
    let next = feed_version(conn, game)? + 1;
    super::on_backend!(conn, c => {
        diesel::delete(game_feeds::table.find(game.as_str())).execute(c)?;
        diesel::insert_into(game_feeds::table)
            .values((
                game_feeds::game_id.eq(game.as_str()),
                game_feeds::version.eq(next),
            ))
            .execute(c)
    })?;
    Ok(next)
}

/// A person's notices beyond mail: their calendar's version and their webhook.
#[derive(Clone, Debug, Default, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = person_notices)]
pub struct NoticesRow {
    pub address: String,
    pub calendar_version: i32,
    pub webhook_url: Option<String>,
    /// `json`, `discord` or `slack`.
    pub webhook_format: Option<String>,
    /// Why the last delivery that failed failed, and when.
    pub last_error: Option<String>,
    pub last_error_at: Option<i64>,
    /// When a delivery last succeeded.
    pub last_sent_at: Option<i64>,
}

/// The notices of `address` (a key); the defaults when none were ever set.
pub fn notices_of(conn: &mut Conn, address: &str) -> QueryResult<NoticesRow> {
    let found = super::on_backend!(conn, c => {
        person_notices::table
            .find(address)
            .select(NoticesRow::as_select())
            .get_result(c)
            .optional()
    })?;
    Ok(found.unwrap_or_else(|| NoticesRow {
        address: address.to_owned(),
        ..NoticesRow::default()
    }))
}

/// Make the row of `address` when it has none (inside a write transaction).
fn ensure_notices(conn: &mut Conn, address: &str) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        let exists = person_notices::table
            .find(address)
            .select(person_notices::address)
            .get_result::<String>(c)
            .optional()?
            .is_some();
        if !exists {
            diesel::insert_into(person_notices::table)
                .values(person_notices::address.eq(address))
                .execute(c)?;
        }
        Ok(())
    })
}

/// Retire every calendar URL of a person (inside a write transaction).
pub fn bump_calendar_version(conn: &mut Conn, address: &str) -> QueryResult<()> {
    ensure_notices(conn, address)?;
    super::on_backend!(conn, c => {
        diesel::update(person_notices::table.find(address))
            .set(person_notices::calendar_version.eq(person_notices::calendar_version + 1))
            .execute(c)
            .map(drop)
    })
}

/// Set (or, with `None`, remove) a person's webhook; its past errors are forgotten.
pub fn set_webhook(
    conn: &mut Conn,
    address: &str,
    webhook: Option<(&str, &str)>,
) -> QueryResult<()> {
    ensure_notices(conn, address)?;
    super::on_backend!(conn, c => {
        diesel::update(person_notices::table.find(address))
            .set((
                person_notices::webhook_url.eq(webhook.map(|w| w.0)),
                person_notices::webhook_format.eq(webhook.map(|w| w.1)),
                person_notices::last_error.eq(None::<String>),
                person_notices::last_error_at.eq(None::<i64>),
            ))
            .execute(c)
            .map(drop)
    })
}

/// One queued webhook delivery, exactly as it will be posted.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Insertable, Selectable)]
#[diesel(table_name = webhook_outbox)]
pub struct WebhookRow {
    pub id: String,
    /// Whose webhook (an address key).
    pub address: String,
    pub url: String,
    pub format: String,
    pub body: String,
    pub attempts: i32,
    pub next_attempt_at: i64,
    pub last_error: Option<String>,
    pub created_at: i64,
    /// Set when the delivery was given up.
    pub failed_at: Option<i64>,
}

impl WebhookRow {
    /// A delivery to `address`'s webhook at `url`, due at `now`.
    pub fn new(address: &str, url: &str, format: &str, body: String, now: Millis) -> WebhookRow {
        WebhookRow {
            id: random_base32(16),
            address: address.to_owned(),
            url: url.to_owned(),
            format: format.to_owned(),
            body,
            attempts: 0,
            next_attempt_at: now.0,
            last_error: None,
            created_at: now.0,
            failed_at: None,
        }
    }
}

/// Queue deliveries (inside the transaction that caused them).
pub fn insert_webhooks(conn: &mut Conn, rows: &[WebhookRow]) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        for row in rows {
            diesel::insert_into(webhook_outbox::table)
                .values(row.clone())
                .execute(c)?;
        }
        Ok(())
    })
}

/// Claim up to `limit` due deliveries for `holder` under the queue's lease, as mails are
/// claimed (see [`super::claim_due_rows`]).
pub fn claim_webhooks(
    conn: &mut Conn,
    holder: &str,
    now: Millis,
    lease: Duration,
    limit: i64,
) -> QueryResult<Vec<WebhookRow>> {
    super::claim_due_rows!(conn, webhook_outbox, WebhookRow, holder, now, lease, limit)
}

/// The end of `holder`'s pass over the webhook deliveries: the lease goes.
pub fn release_webhooks(conn: &mut Conn, holder: &str) -> QueryResult<()> {
    super::queue::release_lease(conn, "webhook_outbox", holder)
}

/// A delivery went through (inside a write transaction): the row goes, the person's webhook
/// notes the time.
pub fn webhook_delivered(conn: &mut Conn, row: &WebhookRow, now: Millis) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::delete(webhook_outbox::table.find(&row.id)).execute(c)?;
        diesel::update(person_notices::table.find(&row.address))
            .set(person_notices::last_sent_at.eq(Some(now.0)))
            .execute(c)
            .map(drop)
    })
}

/// A delivery failed (inside a write transaction): the person's webhook keeps the error; the
/// row waits out `delay` (retried after it), or is given up (`None`).
pub fn webhook_failed(
    conn: &mut Conn,
    row: &WebhookRow,
    error: &str,
    delay: Option<Duration>,
    now: Millis,
) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        let row_update = diesel::update(webhook_outbox::table.find(&row.id));
        match delay {
            Some(delay) => row_update
                .set((
                    webhook_outbox::attempts.eq(row.attempts + 1),
                    webhook_outbox::last_error.eq(Some(error)),
                    webhook_outbox::next_attempt_at.eq(now.plus(delay).0),
                ))
                .execute(c)?,
            None => row_update
                .set((
                    webhook_outbox::attempts.eq(row.attempts + 1),
                    webhook_outbox::last_error.eq(Some(error)),
                    webhook_outbox::failed_at.eq(Some(now.0)),
                ))
                .execute(c)?,
        };
        diesel::update(person_notices::table.find(&row.address))
            .set((
                person_notices::last_error.eq(Some(error)),
                person_notices::last_error_at.eq(Some(now.0)),
            ))
            .execute(c)
            .map(drop)
    })
}

/// Every queued delivery, oldest first (tests and the operator).
pub fn webhook_rows(conn: &mut Conn) -> QueryResult<Vec<WebhookRow>> {
    super::on_backend!(conn, c => webhook_outbox::table
        .order((webhook_outbox::created_at.asc(), webhook_outbox::id.asc()))
        .select(WebhookRow::as_select())
        .load(c))
}
