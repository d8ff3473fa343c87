//! Table talk's rows: messages between seats (outside the rules log), each seat's private
//! notes, and the inbound mails already handled, so a reply delivered twice acts once.

use super::schema::{games, inbound_mails, messages, seat_notes, seats};
use super::{Conn, GameRow};
use crate::domain::{GameId, Millis};
use diesel::prelude::*;
use diesel::result::QueryResult;

/// One message at a table.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Insertable, Selectable)]
#[diesel(table_name = messages)]
pub struct MessageRow {
    pub id: String,
    pub game_id: String,
    /// The author's seat, from 0.
    pub seat: i32,
    /// The one seat it is for; `None`: everyone at the table.
    pub to_seat: Option<i32>,
    /// The log's length when it was sent.
    pub seq: i64,
    pub body: String,
    pub created_at: i64,
    /// `page`, `api` or `mail`.
    pub via: String,
}

impl MessageRow {
    /// Whether `seat` may read it (`None`: a spectator, who reads public messages only).
    pub fn readable_by(&self, seat: Option<i32>) -> bool {
        match (self.to_seat, seat) {
            (None, _) => true,
            (Some(to), Some(seat)) => to == seat || self.seat == seat,
            (Some(_), None) => false,
        }
    }
}

/// Store a message (inside a write transaction that locked its game): its time must be after
/// the game's `last_message_at`, which becomes its time.
pub fn insert_message(conn: &mut Conn, row: &MessageRow) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::insert_into(messages::table)
            .values(row.clone())
            .execute(c)?;
        diesel::update(games::table.find(&row.game_id))
            .set(games::last_message_at.eq(Some(row.created_at)))
            .execute(c)
            .map(drop)
    })
}

/// A seat's private notes (`seat` from 0), empty when it keeps none.
pub fn note_of(conn: &mut Conn, game: &GameId, seat: i32) -> QueryResult<String> {
    super::on_backend!(conn, c => {
        seat_notes::table
            .find((game.as_str(), seat))
            .select(seat_notes::body)
            .get_result::<String>(c)
            .optional()
            .map(Option::unwrap_or_default)
    })
}

/// Keep `body` as a seat's private notes (inside a write transaction); an empty body erases
/// them.
pub fn set_note(
    conn: &mut Conn,
    game: &GameId,
    seat: i32,
    body: &str,
    at: Millis,
) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        if body.is_empty() {
            return diesel::delete(seat_notes::table.find((game.as_str(), seat)))
                .execute(c)
                .map(drop);
        }
        // One statement, so two servers saving the same seat's notes at once both succeed
        // (the later write wins) instead of one failing on the key.
        diesel::insert_into(seat_notes::table)
            .values((
                seat_notes::game_id.eq(game.as_str()),
                seat_notes::seat.eq(seat),
                seat_notes::body.eq(body),
                seat_notes::updated_at.eq(at.0),
            ))
            .on_conflict((seat_notes::game_id, seat_notes::seat))
            .do_update()
            .set((seat_notes::body.eq(body), seat_notes::updated_at.eq(at.0)))
            .execute(c)
            .map(drop)
    })
}

/// Every message of a game, oldest first (the caller keeps what a reader may see). A game
/// nobody has written at is not asked.
pub fn messages_of(conn: &mut Conn, game: &GameRow) -> QueryResult<Vec<MessageRow>> {
    if game.last_message_at.is_none() {
        return Ok(Vec::new());
    }
    super::on_backend!(conn, c => {
        messages::table
            .filter(messages::game_id.eq(&game.id))
            .filter(messages::hidden_at.is_null())
            .order((messages::created_at.asc(), messages::id.asc()))
            .select(MessageRow::as_select())
            .load(c)
    })
}

/// The games where some seat has not been mailed a message of another seat created after
/// `after` and by `until` (a superset of the batches due: private messages, digest readers and
/// muted games are sorted out by the caller).
pub fn games_with_messages_unmailed(
    conn: &mut Conn,
    after: Millis,
    until: Millis,
) -> QueryResult<Vec<String>> {
    super::on_backend!(conn, c => {
        messages::table
            .inner_join(seats::table.on(seats::game_id.eq(messages::game_id)))
            .filter(messages::created_at.gt(after.0))
            .filter(messages::created_at.le(until.0))
            .filter(messages::created_at.gt(seats::messages_mailed_at))
            .filter(messages::seat.ne(seats::seat))
            .select(messages::game_id)
            .distinct()
            .load(c)
    })
}

/// A seat was mailed (or shown in a digest) every message up to `at`.
pub fn set_messages_mailed(
    conn: &mut Conn,
    game: &GameId,
    seat: i32,
    at: i64,
) -> QueryResult<bool> {
    super::on_backend!(conn, c => {
        diesel::update(
            seats::table
                .find((game.as_str(), seat))
                .filter(seats::messages_mailed_at.lt(at)),
        )
        .set(seats::messages_mailed_at.eq(at))
        .execute(c)
        .map(|n| n == 1)
    })
}

/// Remember an inbound mail by its Message-ID: `false` when it was handled already.
pub fn record_inbound(
    conn: &mut Conn,
    message_id: &str,
    game: Option<&GameId>,
    seat: Option<i32>,
    at: Millis,
    outcome: &str,
) -> QueryResult<bool> {
    super::on_backend!(conn, c => {
        let inserted = diesel::insert_into(inbound_mails::table)
            .values((
                inbound_mails::message_id.eq(message_id),
                inbound_mails::game_id.eq(game.map(|g| g.as_str())),
                inbound_mails::seat.eq(seat),
                inbound_mails::received_at.eq(at.0),
                inbound_mails::outcome.eq(outcome),
            ))
            .execute(c);
        match inserted {
            Ok(_) => Ok(true),
            Err(error) if super::is_unique_violation(&error) => Ok(false),
            Err(error) => Err(error),
        }
    })
}

/// What became of an inbound mail already handled.
pub fn inbound_outcome(conn: &mut Conn, message_id: &str) -> QueryResult<Option<String>> {
    super::on_backend!(conn, c => {
        inbound_mails::table
            .find(message_id)
            .select(inbound_mails::outcome)
            .get_result(c)
            .optional()
    })
}

/// Change what became of an inbound mail.
pub fn set_inbound_outcome(conn: &mut Conn, message_id: &str, outcome: &str) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::update(inbound_mails::table.find(message_id))
            .set(inbound_mails::outcome.eq(outcome))
            .execute(c)
            .map(drop)
    })
}

/// Forget an inbound mail whose handling failed, so the MTA's next delivery acts.
pub fn forget_inbound(conn: &mut Conn, message_id: &str) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::delete(inbound_mails::table.find(message_id))
            .execute(c)
            .map(drop)
    })
}
