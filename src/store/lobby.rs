//! The lobby's rows: games created with open seats (listed or not, claims approved or not), the
//! guarded update that gives an open seat to one taker, claims awaiting a creator's answer,
//! and resigned seats of running games listed for a stand-in.

use super::schema::{games, open_games, seat_claims, seats, standins};
use super::{Conn, GameRow};
use crate::domain::{ContributionSource, GameId, GameStatus, Millis};
use diesel::prelude::*;
use diesel::result::QueryResult;

/// How a game's open seats are offered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Queryable)]
pub struct OpenGame {
    /// The lobby lists the game while it has open seats.
    pub listed: bool,
    /// The creator approves each claim; otherwise the first confirmed taker has the seat.
    pub approve: bool,
    /// The games a claimer must have finished (`None`: anyone may claim).
    pub min_finished: Option<i32>,
}

/// Remember how a new game's open seats are offered (inside its creation's transaction).
pub fn insert_open_game(conn: &mut Conn, id: &GameId, offer: OpenGame) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::insert_into(open_games::table)
            .values((
                open_games::game_id.eq(id.as_str()),
                open_games::listed.eq(offer.listed),
                open_games::approve.eq(offer.approve),
                open_games::min_finished.eq(offer.min_finished),
            ))
            .execute(c)
            .map(drop)
    })
}

/// How a game's open seats are offered (`None`: it was created without any).
pub fn open_game(conn: &mut Conn, id: &GameId) -> QueryResult<Option<OpenGame>> {
    super::on_backend!(conn, c => {
        open_games::table
            .find(id.as_str())
            .select((open_games::listed, open_games::approve, open_games::min_finished))
            .get_result(c)
            .optional()
    })
}

/// The listed games whose creator confirmed and which still invite, newest first (which of
/// them still have an open seat is the caller's to see from their seats).
pub fn listed_games(conn: &mut Conn) -> QueryResult<Vec<GameRow>> {
    super::on_backend!(conn, c => {
        let listed: Vec<String> = open_games::table
            .filter(open_games::listed.eq(true))
            .select(open_games::game_id)
            .load(c)?;
        games::table
            .filter(super::one_of(games::id, listed))
            .filter(games::status.eq(GameStatus::Inviting.as_str()))
            .filter(games::confirmed_at.is_not_null())
            .order(games::created_at.desc())
            .select(games::all_columns)
            .load(c)
    })
}

/// Give the open seat `seat` (from 0) to `name` at `email`, accepted now with a contribution
/// the server drew. Only a seat still open is changed (no address, played by no bot), so of two
/// takers racing for it exactly one gets it: whether this one did. The seat's link version
/// moves on, and its `setup_name` is the taker's (the game has not started: its genesis is
/// made from the seats as they are at the start).
#[allow(clippy::too_many_arguments)]
pub fn claim_seat(
    conn: &mut Conn,
    id: &GameId,
    seat: i32,
    name: &str,
    email: &str,
    at: Millis,
    contribution: &str,
) -> QueryResult<bool> {
    super::on_backend!(conn, c => {
        diesel::update(
            seats::table
                .find((id.as_str(), seat))
                .filter(seats::email.eq(""))
                .filter(seats::control.eq(crate::domain::Control::Player.as_str())),
        )
        .set((
            seats::name.eq(name),
            seats::setup_name.eq(name),
            seats::email.eq(email),
            seats::link_version.eq(seats::link_version + 1),
            seats::accepted_at.eq(Some(at.0)),
            seats::contribution.eq(Some(contribution)),
            seats::contribution_source.eq(Some(ContributionSource::Server.as_str())),
        ))
        .execute(c)
        .map(|n| n == 1)
    })
}

/// A confirmed claim waiting for the creator's answer.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Insertable)]
#[diesel(table_name = seat_claims)]
pub struct ClaimRow {
    pub id: String,
    pub game_id: String,
    /// From 0.
    pub seat: i32,
    pub name: String,
    pub email: String,
    pub created_at: i64,
}

/// Keep a confirmed claim until the creator answers it.
pub fn insert_claim(conn: &mut Conn, row: &ClaimRow) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::insert_into(seat_claims::table)
            .values(row.clone())
            .execute(c)
            .map(drop)
    })
}

/// A claim waiting for its creator's answer, by its id.
pub fn find_claim(conn: &mut Conn, id: &str) -> QueryResult<Option<ClaimRow>> {
    super::on_backend!(conn, c => {
        seat_claims::table
            .find(id)
            .select(seat_claims::all_columns)
            .get_result(c)
            .optional()
    })
}

/// The creator answered a claim: its row goes (its link then shows nothing).
pub fn delete_claim(conn: &mut Conn, id: &str) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::delete(seat_claims::table.find(id)).execute(c).map(drop)
    })
}

/// The creator lists (`on`) a seat of a running game for a stand-in, or withdraws it.
pub fn set_standin(
    conn: &mut Conn,
    id: &GameId,
    seat: i32,
    on: bool,
    at: Millis,
) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::delete(standins::table.find((id.as_str(), seat))).execute(c)?;
        if on {
            diesel::insert_into(standins::table)
                .values((
                    standins::game_id.eq(id.as_str()),
                    standins::seat.eq(seat),
                    standins::listed_at.eq(at.0),
                ))
                .execute(c)?;
        }
        Ok(())
    })
}

/// The seats (from 0) of a game listed for a stand-in.
pub fn standins_of(conn: &mut Conn, id: &GameId) -> QueryResult<Vec<i32>> {
    super::on_backend!(conn, c => standins::table
        .filter(standins::game_id.eq(id.as_str()))
        .order(standins::seat.asc())
        .select(standins::seat)
        .load(c))
}

/// The running games with a seat listed for a stand-in, the latest listed first.
pub fn standin_games(conn: &mut Conn) -> QueryResult<Vec<GameRow>> {
    super::on_backend!(conn, c => {
        let listed: Vec<(String, i64)> = standins::table
            .order(standins::listed_at.desc())
            .select((standins::game_id, standins::listed_at))
            .load(c)?;
        let ids: Vec<&str> = listed.iter().map(|(id, _)| id.as_str()).collect();
        let mut rows: Vec<GameRow> = games::table
            .filter(super::one_of(games::id, ids.iter().copied()))
            .filter(games::status.eq(GameStatus::Playing.as_str()))
            .select(games::all_columns)
            .load(c)?;
        rows.sort_by_key(|row| ids.iter().position(|id| *id == row.id));
        rows.dedup_by(|a, b| a.id == b.id);
        Ok(rows)
    })
}
