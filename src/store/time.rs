//! Time's rows: the deadline of each pending decision (with its reminder and its one grace
//! extension), the scheduler's claims on them, and people's declared absences.

use super::schema::{absences, deadlines, proposals, seats, standins};
use super::{AnyConnection, Conn};
use crate::domain::{GameId, Millis};
use diesel::prelude::*;
use diesel::result::QueryResult;
use std::time::Duration;

/// One `deadlines` row: a seat's pending decision and when it is due.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Insertable, Selectable)]
#[diesel(table_name = deadlines)]
pub struct DeadlineRow {
    pub game_id: String,
    pub seat: i32,
    /// The replay step at which the decision began (the seat's stamp).
    pub since_seq: i64,
    pub started_at: i64,
    pub due_at: i64,
    /// When the next reminder goes; `None`: no reminder left.
    pub remind_at: Option<i64>,
    /// Whether the decision had its one grace extension.
    pub extended: bool,
    pub claimed_until: Option<i64>,
}

/// What a move does to its game's deadlines: some begin (or begin again), some end.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeadlineChanges {
    pub set: Vec<DeadlineRow>,
    /// Seats whose decision ended.
    pub cleared: Vec<i32>,
    /// Milliseconds to move every running deadline of the game by, first (a pause the
    /// table agreed, or one resumed early).
    pub shift_ms: i64,
}

/// Apply a move's deadline changes (inside its write transaction).
pub fn apply_deadlines(conn: &mut Conn, game: &str, changes: &DeadlineChanges) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        if changes.shift_ms != 0 {
            diesel::update(deadlines::table.filter(deadlines::game_id.eq(game)))
                .set((
                    deadlines::due_at.eq(deadlines::due_at + changes.shift_ms),
                    deadlines::remind_at.eq(deadlines::remind_at + changes.shift_ms),
                ))
                .execute(c)?;
        }
        let ended: Vec<i32> = changes
            .cleared
            .iter()
            .copied()
            .chain(changes.set.iter().map(|d| d.seat))
            .collect();
        if !ended.is_empty() {
            let ended = deadlines::table
                .filter(deadlines::game_id.eq(game))
                .filter(super::one_of(deadlines::seat, ended.iter().copied()));
            diesel::delete(ended).execute(c)?;
        }
        if !changes.set.is_empty() {
            diesel::insert_into(deadlines::table)
                .values(&changes.set)
                .execute(c)?;
        }
        Ok(())
    })
}

/// Every deadline of a game, by seat.
pub fn deadlines_of(conn: &mut Conn, game: &GameId) -> QueryResult<Vec<DeadlineRow>> {
    super::on_backend!(conn, c => {
        deadlines::table
            .filter(deadlines::game_id.eq(game.as_str()))
            .order(deadlines::seat.asc())
            .select(DeadlineRow::as_select())
            .load(c)
    })
}

/// Every deadline of the seats of `address` (for pushing them past an absence).
pub fn deadlines_of_seats(
    conn: &mut Conn,
    seats: &[(String, i32)],
) -> QueryResult<Vec<DeadlineRow>> {
    super::on_backend!(conn, c => {
        let mut rows = Vec::new();
        for (game, seat) in seats {
            rows.extend(
                deadlines::table
                    .find((game.as_str(), *seat))
                    .select(DeadlineRow::as_select())
                    .get_result(c)
                    .optional()?,
            );
        }
        Ok(rows)
    })
}

/// Claim up to `limit` deadlines that are due, or whose reminder is, at `now`: rows no live
/// claim holds (on PostgreSQL `FOR UPDATE SKIP LOCKED`, so two schedulers never take one row).
pub fn claim_due_deadlines(
    conn: &mut Conn,
    now: Millis,
    lease: Duration,
    limit: i64,
) -> QueryResult<Vec<DeadlineRow>> {
    super::write_transaction(conn, |conn| {
        let query = deadlines::table
            .filter(
                deadlines::due_at
                    .le(now.0)
                    .or(deadlines::remind_at.le(now.0)),
            )
            .filter(
                deadlines::claimed_until
                    .is_null()
                    .or(deadlines::claimed_until.le(now.0)),
            )
            .order(deadlines::due_at.asc())
            .limit(limit)
            .select(deadlines::all_columns);
        let mut rows: Vec<DeadlineRow> = match &mut conn.raw {
            AnyConnection::Postgresql(pg) => query.for_update().skip_locked().load(pg)?,
            AnyConnection::Sqlite(sqlite) => query.load(sqlite)?,
        };
        let until = now.plus(lease).0;
        for row in &mut rows {
            super::on_backend!(conn, c => diesel::update(deadlines::table.find((&row.game_id, row.seat)))
                .set(deadlines::claimed_until.eq(Some(until)))
                .execute(c))?;
            row.claimed_until = Some(until);
        }
        Ok(rows)
    })
}

/// Change a claimed deadline (still the same decision: `since_seq`) and release the claim.
pub fn update_deadline(
    conn: &mut Conn,
    row: &DeadlineRow,
    due_at: i64,
    remind_at: Option<i64>,
    extended: bool,
) -> QueryResult<bool> {
    super::on_backend!(conn, c => {
        diesel::update(
            deadlines::table
                .find((&row.game_id, row.seat))
                .filter(deadlines::since_seq.eq(row.since_seq)),
        )
        .set((
            deadlines::due_at.eq(due_at),
            deadlines::remind_at.eq(remind_at),
            deadlines::extended.eq(extended),
            deadlines::claimed_until.eq(None::<i64>),
        ))
        .execute(c)
        .map(|n| n == 1)
    })
}

/// Release a claim without changing the deadline.
pub fn release_deadline(conn: &mut Conn, row: &DeadlineRow) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::update(deadlines::table.find((&row.game_id, row.seat)))
            .set(deadlines::claimed_until.eq(None::<i64>))
            .execute(c)
            .map(drop)
    })
}

/// Forget a deadline (its decision is gone: the game moved on or ended).
pub fn drop_deadline(conn: &mut Conn, game: &str, seat: i32) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::delete(deadlines::table.find((game, seat)))
            .execute(c)
            .map(drop)
    })
}

/// Forget every deadline of a game (it ended or was cancelled).
pub fn drop_deadlines(conn: &mut Conn, game: &GameId) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::delete(deadlines::table.filter(deadlines::game_id.eq(game.as_str())))
            .execute(c)
            .map(drop)
    })
}

// ---------------------------------------------------------------- seats' control

/// Who plays a seat, and its missed deadlines.
pub fn set_control(
    conn: &mut Conn,
    game: &GameId,
    seat: i32,
    control: crate::domain::Control,
    missed: i32,
) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::update(seats::table.find((game.as_str(), seat)))
            .set((
                seats::control.eq(control.as_str()),
                seats::missed.eq(missed),
            ))
            .execute(c)
            .map(drop)
    })
}

/// The player resigned: the bot plays the seat from now on.
pub fn set_resigned(
    conn: &mut Conn,
    game: &GameId,
    seat: i32,
    at: Option<Millis>,
) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::update(seats::table.find((game.as_str(), seat)))
            .set(seats::resigned_at.eq(at.map(|m| m.0)))
            .execute(c)
            .map(drop)
    })?;
    match at {
        Some(at) => {
            // A resigned seat is the bot's: whoever sat for its player sits no more.
            super::sitters::end_sitting(conn, game.as_str(), seat)?;
            super::conduct::record_conduct(conn, game.as_str(), seat, super::Conduct::Resigned, at)
        }
        None => Ok(()),
    }
}

/// The name a seat had when its game was created, set again by the operator for a game stored
/// before setup names were kept apart (`corriere game restore-name`).
pub fn set_setup_name(conn: &mut Conn, game: &GameId, seat: i32, name: &str) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::update(seats::table.find((game.as_str(), seat)))
            .set(seats::setup_name.eq(name))
            .execute(c)
            .map(drop)
    })
}

/// A new person takes over a seat: its name, address and a new link version (the setup name,
/// which the log's genesis covers, stays).
pub fn replace_seat(
    conn: &mut Conn,
    game: &GameId,
    seat: i32,
    name: &str,
    email: &str,
) -> QueryResult<i32> {
    super::on_backend!(conn, c => {
        diesel::update(seats::table.find((game.as_str(), seat)))
            .set((
                seats::name.eq(name),
                seats::email.eq(email),
                seats::link_version.eq(seats::link_version + 1),
                seats::control.eq(crate::domain::Control::Player.as_str()),
                seats::missed.eq(0),
                seats::resigned_at.eq(None::<i64>),
            ))
            .execute(c)?;
        // Taken over: no longer listed for a stand-in.
        diesel::delete(standins::table.find((game.as_str(), seat))).execute(c)?;
        seats::table
            .find((game.as_str(), seat))
            .select(seats::link_version)
            .get_result(c)
    })
}

// ---------------------------------------------------------------- absences

/// One declared absence.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Insertable, Selectable)]
#[diesel(table_name = absences)]
pub struct AbsenceRow {
    pub id: String,
    pub address: String,
    pub starts_at: i64,
    pub ends_at: i64,
    pub created_at: i64,
}

pub fn insert_absence(conn: &mut Conn, row: &AbsenceRow) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::insert_into(absences::table)
            .values(row.clone())
            .execute(c)
            .map(drop)
    })
}

/// Delete the absence `id` of `address`: how many rows went (0: it is not theirs, or gone).
pub fn delete_absence(conn: &mut Conn, address: &str, id: &str) -> QueryResult<usize> {
    super::on_backend!(conn, c => {
        diesel::delete(
            absences::table
                .filter(absences::id.eq(id))
                .filter(absences::address.eq(super::address_key(address))),
        )
        .execute(c)
    })
}

/// A person's absences that end after `after`, earliest first.
pub fn absences_of(conn: &mut Conn, address: &str, after: Millis) -> QueryResult<Vec<AbsenceRow>> {
    super::on_backend!(conn, c => {
        absences::table
            .filter(absences::address.eq(super::address_key(address)))
            .filter(absences::ends_at.gt(after.0))
            .order(absences::starts_at.asc())
            .select(AbsenceRow::as_select())
            .load(c)
    })
}

/// The absences of any of `addresses` that overlap `from..to`: one cached statement run per
/// address. One query for all of them costs more: diesel's `IN (?, ?, …)` is prepared again on
/// every run on SQLite (about 80,000 instructions, a third of a seat page's service call), and
/// a fixed list of `OR`ed equalities makes SQLite build and drop a temporary b-tree each run.
pub fn absences_of_between(
    conn: &mut Conn,
    addresses: &[&str],
    from: Millis,
    to: Millis,
) -> QueryResult<Vec<AbsenceRow>> {
    let mut rows = Vec::new();
    for key in &super::people::address_keys(addresses) {
        rows.extend(super::on_backend!(conn, c => {
            absences::table
                .filter(absences::address.eq(key))
                .filter(absences::ends_at.gt(from.0))
                .filter(absences::starts_at.lt(to.0))
                .select(AbsenceRow::as_select())
                .load::<AbsenceRow>(c)
        })?);
    }
    Ok(rows)
}

/// Every absence of a person that overlaps `[from, to)`.
pub fn absences_between(
    conn: &mut Conn,
    address: &str,
    from: Millis,
    to: Millis,
) -> QueryResult<Vec<AbsenceRow>> {
    super::on_backend!(conn, c => {
        absences::table
            .filter(absences::address.eq(super::address_key(address)))
            .filter(absences::ends_at.gt(from.0))
            .filter(absences::starts_at.lt(to.0))
            .select(AbsenceRow::as_select())
            .load(c)
    })
}

/// A proposal at the table waits for answers until `expires_at` (in the move's transaction).
pub fn insert_proposal(conn: &mut Conn, game: &str, seq: i64, expires_at: i64) -> QueryResult<()> {
    super::on_backend!(conn, c => diesel::insert_into(proposals::table)
        .values((
            proposals::game_id.eq(game),
            proposals::seq.eq(seq),
            proposals::expires_at.eq(expires_at),
        ))
        .execute(c)
        .map(drop))
}

/// The proposals that lapsed before `now`, as (game, seq, when), the earliest first.
pub fn lapsed_proposals(conn: &mut Conn, now: Millis) -> QueryResult<Vec<(String, i64, i64)>> {
    super::on_backend!(conn, c => proposals::table
        .filter(proposals::expires_at.lt(now.0))
        .order(proposals::expires_at.asc())
        .select((proposals::game_id, proposals::seq, proposals::expires_at))
        .load(c))
}

/// Take a proposal's row, to tell of its lapse once: `false` when another scheduler took it.
pub fn take_proposal(conn: &mut Conn, game: &str, seq: i64) -> QueryResult<bool> {
    super::on_backend!(conn, c => diesel::delete(proposals::table.find((game, seq)))
        .execute(c)
        .map(|n| n == 1))
}
