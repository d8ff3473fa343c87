//! The sitters' rows: who a player named to play their seat for an absence, until when, and
//! whether they accepted; a sitting ends by deleting its row.

use super::schema::sitters;
use super::Conn;
use diesel::prelude::*;
use diesel::result::QueryResult;

/// A seat's sitter as stored: named at `invited_at`, sitting until `until_at` once accepted.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = sitters)]
pub struct SitterRow {
    pub game_id: String,
    /// The seat, from 0.
    pub seat: i32,
    pub name: String,
    pub email: String,
    pub invited_at: i64,
    pub until_at: i64,
    pub accepted_at: Option<i64>,
}

impl SitterRow {
    /// Whether the sitter plays the seat at `now`: accepted, and the absence not over.
    pub fn sits_at(&self, now: i64) -> bool {
        self.accepted_at.is_some() && now < self.until_at
    }
}

/// Name a seat's sitter, replacing any earlier one (whose link stops working).
pub fn put_sitter(conn: &mut Conn, row: &SitterRow) -> QueryResult<()> {
    end_sitting(conn, &row.game_id, row.seat)?;
    super::on_backend!(conn, c => {
        diesel::insert_into(sitters::table)
            .values((
                sitters::game_id.eq(&row.game_id),
                sitters::seat.eq(row.seat),
                sitters::name.eq(&row.name),
                sitters::email.eq(&row.email),
                sitters::invited_at.eq(row.invited_at),
                sitters::until_at.eq(row.until_at),
                sitters::accepted_at.eq(row.accepted_at),
            ))
            .execute(c)
            .map(drop)
    })
}

/// The sitters of a game's seats (named or sitting, over or not), by seat.
pub fn sitters_of(conn: &mut Conn, id: &str) -> QueryResult<Vec<SitterRow>> {
    super::on_backend!(conn, c => {
        sitters::table
            .filter(sitters::game_id.eq(id))
            .order(sitters::seat.asc())
            .select(SitterRow::as_select())
            .load(c)
    })
}

/// The sitter accepts: from now they play the seat.
pub fn accept_sitting(conn: &mut Conn, game_id: &str, seat: i32, at: i64) -> QueryResult<bool> {
    super::on_backend!(conn, c => {
        diesel::update(sitters::table.find((game_id, seat)))
            .filter(sitters::accepted_at.is_null())
            .set(sitters::accepted_at.eq(Some(at)))
            .execute(c)
            .map(|n| n > 0)
    })
}

/// The sitting of a seat ends (the player is back): whether there was one.
pub fn end_sitting(conn: &mut Conn, game_id: &str, seat: i32) -> QueryResult<bool> {
    super::on_backend!(conn, c => {
        diesel::delete(sitters::table.find((game_id, seat)))
            .execute(c)
            .map(|n| n > 0)
    })
}
