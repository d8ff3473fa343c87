//! Moderation's rows: people's blocks of other addresses, readers' reports of messages, the
//! messages the operator hid and the addresses blocked service-wide (`addresses.blocked_at`).

use super::schema::{addresses, blocks, messages, reports};
use super::{address_key, Conn, MessageRow};
use crate::domain::Millis;
use diesel::prelude::*;
use diesel::result::QueryResult;

/// One person's block of another address.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = blocks)]
pub struct BlockRow {
    pub id: String,
    pub blocker: String,
    pub blocked: String,
    /// What the blocker knew them by (their name at a table), shown instead of the address.
    pub label: String,
    pub created_at: i64,
}

/// `blocker` blocks `blocked` (both any case): `false` when it did already.
pub fn insert_block(
    conn: &mut Conn,
    id: &str,
    blocker: &str,
    blocked: &str,
    label: &str,
    at: Millis,
) -> QueryResult<bool> {
    let (blocker, blocked) = (address_key(blocker), address_key(blocked));
    super::on_backend!(conn, c => {
        let inserted = diesel::insert_into(blocks::table)
            .values((
                blocks::id.eq(id),
                blocks::blocker.eq(&blocker),
                blocks::blocked.eq(&blocked),
                blocks::label.eq(label),
                blocks::created_at.eq(at.0),
            ))
            .execute(c);
        match inserted {
            Ok(_) => Ok(true),
            Err(error) if super::is_unique_violation(&error) => Ok(false),
            Err(error) => Err(error),
        }
    })
}

/// `blocker` lifts its block `id`: `false` when it had none by that id.
pub fn delete_block(conn: &mut Conn, blocker: &str, id: &str) -> QueryResult<bool> {
    let blocker = address_key(blocker);
    super::on_backend!(conn, c => {
        diesel::delete(
            blocks::table
                .filter(blocks::blocker.eq(&blocker))
                .filter(blocks::id.eq(id)),
        )
        .execute(c)
        .map(|n| n > 0)
    })
}

/// Everyone `blocker` blocked, oldest first.
pub fn blocks_of(conn: &mut Conn, blocker: &str) -> QueryResult<Vec<BlockRow>> {
    let blocker = address_key(blocker);
    super::on_backend!(conn, c => {
        blocks::table
            .filter(blocks::blocker.eq(&blocker))
            .order((blocks::created_at.asc(), blocks::id.asc()))
            .select(BlockRow::as_select())
            .load(c)
    })
}

/// Whether `blocker` blocked `blocked`.
pub fn is_blocked_by(conn: &mut Conn, blocker: &str, blocked: &str) -> QueryResult<bool> {
    let (blocker, blocked) = (address_key(blocker), address_key(blocked));
    super::on_backend!(conn, c => {
        blocks::table
            .find((&blocker, &blocked))
            .select(blocks::id)
            .get_result::<String>(c)
            .optional()
            .map(|found| found.is_some())
    })
}

/// One reader's report of a message.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Insertable, Selectable)]
#[diesel(table_name = reports)]
pub struct ReportRow {
    pub id: String,
    pub message_id: String,
    /// The reporter's address.
    pub reporter: String,
    /// Why, in their words (may be empty).
    pub reason: String,
    pub created_at: i64,
    pub closed_at: Option<i64>,
    /// `hidden` or `dismissed`, once closed.
    pub outcome: Option<String>,
}

/// Store a report: `false` when its reporter reported that message already.
pub fn insert_report(conn: &mut Conn, row: &ReportRow) -> QueryResult<bool> {
    super::on_backend!(conn, c => {
        let inserted = diesel::insert_into(reports::table)
            .values(row.clone())
            .execute(c);
        match inserted {
            Ok(_) => Ok(true),
            Err(error) if super::is_unique_violation(&error) => Ok(false),
            Err(error) => Err(error),
        }
    })
}

/// The open reports, oldest first, each with its message.
pub fn open_reports(conn: &mut Conn) -> QueryResult<Vec<(ReportRow, MessageRow)>> {
    super::on_backend!(conn, c => {
        reports::table
            .inner_join(messages::table)
            .filter(reports::closed_at.is_null())
            .order((reports::created_at.asc(), reports::id.asc()))
            .select((ReportRow::as_select(), MessageRow::as_select()))
            .load(c)
    })
}

/// Close the open report `id` as `outcome`: `false` when there is no open report by that id.
pub fn close_report(conn: &mut Conn, id: &str, outcome: &str, at: Millis) -> QueryResult<bool> {
    super::on_backend!(conn, c => {
        diesel::update(
            reports::table
                .filter(reports::id.eq(id))
                .filter(reports::closed_at.is_null()),
        )
        .set((reports::closed_at.eq(Some(at.0)), reports::outcome.eq(Some(outcome))))
        .execute(c)
        .map(|n| n > 0)
    })
}

/// Close every open report of a message as `outcome`; how many.
pub fn close_reports_of(
    conn: &mut Conn,
    message: &str,
    outcome: &str,
    at: Millis,
) -> QueryResult<usize> {
    super::on_backend!(conn, c => {
        diesel::update(
            reports::table
                .filter(reports::message_id.eq(message))
                .filter(reports::closed_at.is_null()),
        )
        .set((reports::closed_at.eq(Some(at.0)), reports::outcome.eq(Some(outcome))))
        .execute(c)
    })
}

/// A message by its id, hidden or not, with when it was hidden.
pub fn find_message(conn: &mut Conn, id: &str) -> QueryResult<Option<(MessageRow, Option<i64>)>> {
    super::on_backend!(conn, c => {
        messages::table
            .find(id)
            .select((MessageRow::as_select(), messages::hidden_at))
            .get_result(c)
            .optional()
    })
}

/// Hide a message from every reader: `false` when it was hidden already (or is no message).
pub fn hide_message(conn: &mut Conn, id: &str, at: Millis) -> QueryResult<bool> {
    super::on_backend!(conn, c => {
        diesel::update(
            messages::table
                .find(id)
                .filter(messages::hidden_at.is_null()),
        )
        .set(messages::hidden_at.eq(Some(at.0)))
        .execute(c)
        .map(|n| n > 0)
    })
}

/// Block an address service-wide (its row made if it was never seen): `false` when it was
/// already.
pub fn block_address(conn: &mut Conn, address: &str, at: Millis) -> QueryResult<bool> {
    let address = super::ensure_address(conn, address, at)?.address;
    super::on_backend!(conn, c => {
        diesel::update(addresses::table.find(&address).filter(addresses::blocked_at.is_null()))
            .set(addresses::blocked_at.eq(Some(at.0)))
            .execute(c)
            .map(|n| n > 0)
    })
}

/// Lift a service-wide block: `false` when there was none.
pub fn unblock_address(conn: &mut Conn, address: &str) -> QueryResult<bool> {
    let address = address_key(address);
    super::on_backend!(conn, c => {
        diesel::update(addresses::table.find(&address).filter(addresses::blocked_at.is_not_null()))
            .set(addresses::blocked_at.eq(None::<i64>))
            .execute(c)
            .map(|n| n > 0)
    })
}

/// Whether the operator blocked `address` (any case) service-wide.
pub fn is_address_blocked(conn: &mut Conn, address: &str) -> QueryResult<bool> {
    let address = address_key(address);
    super::on_backend!(conn, c => {
        addresses::table
            .find(&address)
            .select(addresses::blocked_at)
            .get_result::<Option<i64>>(c)
            .optional()
            .map(|found| found.flatten().is_some())
    })
}
