//! Rows and narrow queries for `games`, `seats` and the append-only `actions` log.
//! Plain diesel DSL; the only backend-specific query is the game row lock on PostgreSQL.

use super::outbox::{insert_mails, OutboxRow};
use super::schema::{actions, games, seats};
use super::{AnyConnection, Conn};
use crate::domain::{CancelledBy, ContributionSource, Control, GameStatus};
use crate::domain::{GameId, Millis};
use diesel::prelude::*;
use diesel::result::QueryResult;

/// One `games` row. `secret` must never leave the server before the game is over.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Insertable)]
#[diesel(table_name = games)]
pub struct GameRow {
    pub id: String,
    pub kind: String,
    pub rules_version: i32,
    /// The engine `Options` as JSON.
    pub options: String,
    pub status: String,
    pub created_at: i64,
    /// Hex SHA-256 of the secret, published from the start.
    pub commitment: String,
    /// Hex of the 32 secret bytes.
    pub secret: String,
    /// The hash-chain head after the last action (h0 once the game started).
    pub log_head: Option<String>,
    pub creator_seat: i32,
    pub ended_at: Option<i64>,
    /// Bumped by every change to the game or its seats; a prepared move is stored only if the
    /// revision it read is still current (see [`store_move`]).
    pub revision: i64,
    /// Why a cancelled game was called off: "declined" or "operator".
    pub cancelled_by: Option<String>,
    /// The name the creator gave the game, if any.
    pub title: Option<String>,
    /// When the creator proved their address (no invitation leaves before).
    pub confirmed_at: Option<i64>,
    /// The game this one is a rematch of.
    pub rematch_of: Option<String>,
    /// The rematch proposed after this game.
    pub rematch: Option<String>,
    /// Hours a seat has for each decision; `None`: no deadline.
    pub hours_per_decision: Option<i32>,
    /// Only the players see the table's talk.
    pub private_table: bool,
    /// When the last message at the table was posted; `None`: nobody has written yet.
    pub last_message_at: Option<i64>,
}

impl GameRow {
    /// The game's id (a stored id was checked when it was made).
    pub fn game_id(&self) -> crate::domain::GameId {
        crate::domain::GameId::stored(self.id.clone())
    }

    /// The status; an unknown stored value reads as `Imported` (never playable).
    pub fn status(&self) -> GameStatus {
        GameStatus::parse(&self.status).unwrap_or(GameStatus::Imported)
    }
}

/// One `seats` row. Seats are numbered from 0 here, as in the engine.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Insertable)]
#[diesel(table_name = seats)]
pub struct SeatRow {
    pub game_id: String,
    pub seat: i32,
    pub name: String,
    pub email: String,
    /// Bumped by a relink; part of the signed link, so old links stop working.
    pub link_version: i32,
    pub accepted_at: Option<i64>,
    pub contribution: Option<String>,
    pub contribution_source: Option<String>,
    /// The log sequence up to which this seat was last told what happened.
    pub last_seen_seq: i64,
    /// Who plays the seat: `player`, `bot` or `absent` (see [`Control`]).
    pub control: String,
    /// Deadlines the clock enforced since the player last acted.
    pub missed: i32,
    /// When the player resigned.
    pub resigned_at: Option<i64>,
    /// The creation time of the last message this seat was mailed.
    pub messages_mailed_at: i64,
    /// The seat's name when the game was created. The log's genesis covers it, so it never
    /// changes; `name` is who plays the seat now (a replacement rewrites that one only).
    pub setup_name: String,
    /// The seat's random salt (64 hex digits) in a game whose genesis covers salted name
    /// hashes (`corriere-log/v2`); `None` in a v1 game, and once the player was forgotten.
    pub name_salt: Option<String>,
    /// What a v2 genesis covers of a forgotten player's seat: `name_hash(salt, setup_name)`
    /// from before `setup_name` became the pseudonym.
    pub name_hash: Option<String>,
}

impl SeatRow {
    pub fn control(&self) -> Control {
        Control::parse(&self.control)
    }

    /// Whether a bot plays this seat now (from the start, after a resignation, or while its
    /// player is absent).
    pub fn bot_plays(&self) -> bool {
        self.control() != Control::Player
    }

    /// Whether a person holds this seat (a bot seat from the creation has no address).
    pub fn has_person(&self) -> bool {
        !self.email.is_empty()
    }

    /// Whether the seat is open: its creator left it for someone to claim (no address, and
    /// no bot plays it) and nobody has yet.
    pub fn is_open(&self) -> bool {
        self.email.is_empty() && self.control() == Control::Player
    }

    pub fn source(&self) -> Option<ContributionSource> {
        self.contribution_source
            .as_deref()
            .and_then(ContributionSource::parse)
    }
}

/// One entry of the append-only action log.
#[derive(Clone, Debug, PartialEq, Eq, Queryable, Insertable)]
#[diesel(table_name = actions)]
pub struct ActionRow {
    pub game_id: String,
    /// From 1, without gaps; (game_id, seq) is unique, which settles concurrent moves.
    pub seq: i64,
    /// From 0, as in the engine.
    pub seat: i32,
    /// The engine action as JSON.
    pub action: String,
    pub created_at: i64,
    /// Hex hash-chain value after this action.
    pub hash: String,
    /// Who took the action: "seat" (the seat's player), "clock" or "bot" (see
    /// `audit::Author`, which the service reads it into).
    pub author: String,
    /// For the clock: the deadline it enforced, in ms since the epoch.
    pub deadline: Option<i64>,
}

pub fn insert_game(conn: &mut Conn, row: &GameRow) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::insert_into(games::table)
            .values(row.clone())
            .execute(c)
            .map(drop)
    })
}

pub fn insert_seat(conn: &mut Conn, row: &SeatRow) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::insert_into(seats::table)
            .values(row.clone())
            .execute(c)
            .map(drop)
    })
}

/// Key lookups here use `get_result`, not `first`: `first` adds `LIMIT ?` with a bound 1, and
/// SQLite (3.45+, with STAT4 as bundled) marks a statement whose LIMIT is a bound parameter to
/// be re-prepared whenever that parameter is bound again, i.e. on every execution, so the
/// cached statement was parsed and planned afresh each time (about a tenth of the service's
/// CPU under load). A primary-key lookup returns at most one row without a LIMIT.
pub fn find_game(conn: &mut Conn, id: &GameId) -> QueryResult<Option<GameRow>> {
    super::on_backend!(conn, c => {
        games::table
            .find(id.as_str())
            .select(games::all_columns)
            .get_result::<GameRow>(c)
            .optional()
    })
}

/// Read a game row inside a write transaction, locking it on PostgreSQL (`FOR UPDATE`) so
/// operations on one game run one after the other. SQLite's `BEGIN IMMEDIATE` already does.
pub fn lock_game(conn: &mut Conn, id: &GameId) -> QueryResult<Option<GameRow>> {
    let query = games::table.find(id.as_str()).select(games::all_columns);
    match &mut conn.raw {
        AnyConnection::Postgresql(pg) => query.for_update().get_result::<GameRow>(pg).optional(),
        AnyConnection::Sqlite(sqlite) => query.get_result::<GameRow>(sqlite).optional(),
    }
}

/// The link version of one seat, if the game has that seat.
pub fn seat_link_version(conn: &mut Conn, id: &GameId, seat: i32) -> QueryResult<Option<i32>> {
    super::on_backend!(conn, c => {
        seats::table
            .find((id.as_str(), seat))
            .select(seats::link_version)
            .get_result(c)
            .optional()
    })
}

/// Every seat of a game, in seat order.
pub fn seats_of(conn: &mut Conn, id: &GameId) -> QueryResult<Vec<SeatRow>> {
    super::on_backend!(conn, c => {
        seats::table
            .filter(seats::game_id.eq(id.as_str()))
            .order(seats::seat.asc())
            .select(seats::all_columns)
            .load(c)
    })
}

pub fn record_acceptance(
    conn: &mut Conn,
    id: &GameId,
    seat: i32,
    at: Millis,
    contribution: &str,
    source: ContributionSource,
) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::update(seats::table.find((id.as_str(), seat)))
            .set((
                seats::accepted_at.eq(Some(at.0)),
                seats::contribution.eq(Some(contribution)),
                seats::contribution_source.eq(Some(source.as_str())),
            ))
            .execute(c)
            .map(drop)
    })
}

/// Cancel a game, saying who called it off (the revision moves on).
pub fn cancel_game(conn: &mut Conn, id: &GameId, by: CancelledBy, at: Millis) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::update(games::table.find(id.as_str()))
            .set((
                games::status.eq(GameStatus::Cancelled.as_str()),
                games::ended_at.eq(Some(at.0)),
                games::cancelled_by.eq(Some(by.as_str())),
                games::revision.eq(games::revision + 1),
            ))
            .execute(c)
            .map(drop)
    })
}

/// Something changed a game's seats that a prepared move must not overwrite.
pub fn bump_revision(conn: &mut Conn, id: &GameId) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::update(games::table.find(id.as_str()))
            .set(games::revision.eq(games::revision + 1))
            .execute(c)
            .map(drop)
    })
}

/// A seat was told of everything up to `seq` (a digest listed it).
pub fn mark_seen(conn: &mut Conn, id: &GameId, seat: i32, seq: i64) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::update(seats::table.find((id.as_str(), seat)))
            .set(seats::last_seen_seq.eq(seq))
            .execute(c)
            .map(drop)
    })
}

/// A rematch of game `id` was proposed: `rematch`.
pub fn set_rematch(conn: &mut Conn, id: &GameId, rematch: &GameId) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::update(games::table.find(id.as_str()))
            .set((
                games::rematch.eq(Some(rematch.as_str())),
                games::revision.eq(games::revision + 1),
            ))
            .execute(c)
            .map(drop)
    })
}

/// The creator proved their address: invitations may leave.
pub fn set_confirmed(conn: &mut Conn, id: &GameId, at: Millis) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::update(games::table.find(id.as_str()))
            .set((
                games::confirmed_at.eq(Some(at.0)),
                games::revision.eq(games::revision + 1),
            ))
            .execute(c)
            .map(drop)
    })
}

/// Every game, newest first (for the operator's list).
pub fn all_games(conn: &mut Conn) -> QueryResult<Vec<GameRow>> {
    super::on_backend!(conn, c => {
        games::table
            .order(games::created_at.desc())
            .select(games::all_columns)
            .load(c)
    })
}

/// Change a game's status (a change every prepared move must see: the revision moves on).
pub fn set_status(
    conn: &mut Conn,
    id: &GameId,
    status: GameStatus,
    ended_at: Option<Millis>,
) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::update(games::table.find(id.as_str()))
            .set((
                games::status.eq(status.as_str()),
                games::ended_at.eq(ended_at.map(|m| m.0)),
                games::revision.eq(games::revision + 1),
            ))
            .execute(c)
            .map(drop)
    })
}

/// Start play: the status becomes `playing` and the chain head h0 is stored.
pub fn start_game(conn: &mut Conn, id: &GameId, head: &str) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::update(games::table.find(id.as_str()))
            .set((
                games::status.eq(GameStatus::Playing.as_str()),
                games::log_head.eq(Some(head)),
                games::revision.eq(games::revision + 1),
            ))
            .execute(c)
            .map(drop)
    })
}

/// Invalidate a seat's links: bump its `link_version` and return the new one. The game's
/// revision moves on too, so a move prepared with the old link in its mails is prepared again.
pub fn bump_link_version(conn: &mut Conn, id: &GameId, seat: i32) -> QueryResult<i32> {
    super::on_backend!(conn, c => {
        diesel::update(seats::table.find((id.as_str(), seat)))
            .set(seats::link_version.eq(seats::link_version + 1))
            .execute(c)?;
        diesel::update(games::table.find(id.as_str()))
            .set(games::revision.eq(games::revision + 1))
            .execute(c)?;
        seats::table
            .find((id.as_str(), seat))
            .select(seats::link_version)
            .get_result(c)
    })
}

/// A move checked and rendered outside the write lock, to be stored by [`store_move`].
#[derive(Clone, Debug, Default)]
pub struct NewMove {
    /// The game's revision the move was prepared at.
    pub revision: i64,
    /// The action rows, in order (one, or a script's several); the last one's hash is the
    /// game's new log head.
    pub actions: Vec<ActionRow>,
    /// Set when the move ends the game.
    pub ended_at: Option<Millis>,
    /// The game ends without a result (a cancel agreed at the table): no player's
    /// reliability counts it as a game finished, or left to a bot.
    pub no_result: bool,
    /// The mails the move causes, built with [`NewMail::into_row`].
    pub mails: Vec<OutboxRow>,
    /// The webhook deliveries that go with them.
    pub webhooks: Vec<super::WebhookRow>,
    /// Seats whose `last_seen_seq` becomes the move's seq: the mover and every seat mailed.
    pub seen_by: Vec<i32>,
    /// The deadlines that begin and end with the move.
    pub deadlines: super::DeadlineChanges,
    /// Seats whose control or missed count changes: (seat, control, missed).
    pub controls: Vec<(i32, Control, i32)>,
    /// A seat whose sitting ends with the move: its player acted from their own link.
    pub sitting_ended: Option<i32>,
    /// A proposal at the table the move made, waiting for answers: its entry's seq and when
    /// it lapses (the scheduler then tells everyone, see `store::lapsed_proposals`).
    pub proposal: Option<(i64, i64)>,
}

/// Store a prepared move (call inside a write transaction): the game row moves to the new
/// head and revision only if its revision is still the one the move was prepared at; then the
/// action row, the outbox rows and the seats' last-seen marks. Returns `false`, having written
/// nothing, when something changed the game in between.
pub fn store_move(conn: &mut Conn, new: &NewMove) -> QueryResult<bool> {
    let last = new
        .actions
        .last()
        .ok_or_else(|| diesel::result::Error::QueryBuilderError("a move without actions".into()))?;
    let game_id = last.game_id.as_str();
    let changed = match new.ended_at {
        None => {
            let game = games::table
                .filter(games::id.eq(game_id))
                .filter(games::revision.eq(new.revision));
            super::on_backend!(conn, c => diesel::update(game)
                .set((
                    games::revision.eq(new.revision + 1),
                    games::log_head.eq(Some(last.hash.as_str())),
                ))
                .execute(c)?)
        }
        Some(at) => {
            let game = games::table
                .filter(games::id.eq(game_id))
                .filter(games::revision.eq(new.revision));
            super::on_backend!(conn, c => diesel::update(game)
                .set((
                    games::revision.eq(new.revision + 1),
                    games::log_head.eq(Some(last.hash.as_str())),
                    games::status.eq(GameStatus::Over.as_str()),
                    games::ended_at.eq(Some(at.0)),
                ))
                .execute(c)?)
        }
    };
    if changed == 0 {
        return Ok(false);
    }
    for action in &new.actions {
        append_action(conn, action)?;
    }
    insert_mails(conn, &new.mails)?;
    super::insert_webhooks(conn, &new.webhooks)?;
    if !new.seen_by.is_empty() {
        let seen = seats::table
            .filter(seats::game_id.eq(game_id))
            .filter(super::one_of(seats::seat, new.seen_by.iter().copied()));
        super::on_backend!(conn, c => diesel::update(seen)
            .set(seats::last_seen_seq.eq(last.seq))
            .execute(c))?;
    }
    super::apply_deadlines(conn, game_id, &new.deadlines)?;
    if let Some((seq, expires_at)) = new.proposal {
        super::time::insert_proposal(conn, game_id, seq, expires_at)?;
    }
    if let Some(seat) = new.sitting_ended {
        super::end_sitting(conn, game_id, seat)?;
    }
    for (seat, control, missed) in &new.controls {
        super::on_backend!(conn, c => diesel::update(seats::table.find((game_id, *seat)))
            .set((
                seats::control.eq(control.as_str()),
                seats::missed.eq(*missed),
            ))
            .execute(c))?;
    }
    // What the move says of its players' reliability, in the move's transaction.
    for action in new.actions.iter().filter(|a| a.author == "clock") {
        let missed = super::Conduct::Missed(action.seq);
        let at = Millis(action.created_at);
        super::conduct::record_conduct(conn, game_id, action.seat, missed, at)?;
    }
    if let Some(at) = new.ended_at.filter(|_| !new.no_result) {
        let id = GameId::parse(game_id)
            .map_err(|_| diesel::result::Error::QueryBuilderError("a bad game id".into()))?;
        super::conduct::record_game_end(conn, &id, at)?;
    }
    Ok(true)
}

/// Append one action, and queue it for the transparency log. A concurrent append of the same `seq` fails with a unique violation
/// (see [`super::is_unique_violation`]).
pub fn append_action(conn: &mut Conn, row: &ActionRow) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::insert_into(actions::table)
            .values(row)
            .execute(c)
            .map(drop)
    })?;
    super::transparency::queue_entry(conn, &row.game_id, row.seq, &row.hash)
}

/// The log entries with `seq >= from`, in order.
pub fn actions_from(conn: &mut Conn, id: &GameId, from: i64) -> QueryResult<Vec<ActionRow>> {
    super::on_backend!(conn, c => {
        actions::table
            .filter(actions::game_id.eq(id.as_str()))
            .filter(actions::seq.ge(from))
            .order(actions::seq.asc())
            .select(actions::all_columns)
            .load(c)
    })
}

/// The actions `from..=to` of a game's log, in order.
pub fn actions_between(
    conn: &mut Conn,
    id: &GameId,
    from: i64,
    to: i64,
) -> QueryResult<Vec<ActionRow>> {
    super::on_backend!(conn, c => {
        actions::table
            .filter(actions::game_id.eq(id.as_str()))
            .filter(actions::seq.between(from, to))
            .order(actions::seq.asc())
            .select(actions::all_columns)
            .load(c)
    })
}

/// The sequence number of the last action (0 when the log is empty).
pub fn last_seq(conn: &mut Conn, id: &GameId) -> QueryResult<i64> {
    super::on_backend!(conn, c => {
        let max: Option<i64> = actions::table
            .filter(actions::game_id.eq(id.as_str()))
            .select(diesel::dsl::max(actions::seq))
            .get_result(c)?;
        Ok(max.unwrap_or(0))
    })
}
