//! Replies being acted on: the claim a delivery takes on a reply (its Message-ID and seat) so a
//! second delivery neither acts again nor loses it, and what a delivery is about to play.

use super::schema::{games, inbound_mails};
use super::{write_transaction, Conn};
use crate::domain::{GameId, Millis};
use diesel::prelude::*;
use diesel::result::QueryResult;

/// The outcome of a reply still being acted on (what every row said before it was done).
pub const ACTING: &str = "received";

/// What a delivery may do with a reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InboundClaim {
    /// Never seen: this delivery acts on it.
    New,
    /// Acted on, with this outcome: a second delivery does nothing.
    Done(String),
    /// Another delivery holds it now: try again later.
    Busy,
    /// A delivery that died held it: this one takes over, from what that one noted
    /// ([`note_inbound_intent`]) if it got that far.
    Resumed {
        log_seq: Option<i64>,
        intent: Option<String>,
    },
}

/// Claim the reply `key` until `until`, in a transaction of its own (see [`InboundClaim`]).
/// Taking a claim moves the game's revision on: a move prepared before it (which mailed the
/// seat its turn, not knowing an answer would) is prepared again, and sees the claim.
pub fn claim_inbound(
    conn: &mut Conn,
    key: &str,
    game: &GameId,
    seat: i32,
    now: Millis,
    until: Millis,
) -> QueryResult<InboundClaim> {
    write_transaction(conn, |conn| {
        super::on_backend!(conn, c => {
            let inserted = diesel::insert_into(inbound_mails::table)
                .values((
                    inbound_mails::message_id.eq(key),
                    inbound_mails::game_id.eq(Some(game.as_str())),
                    inbound_mails::seat.eq(Some(seat)),
                    inbound_mails::received_at.eq(now.0),
                    inbound_mails::outcome.eq(ACTING),
                    inbound_mails::claimed_until.eq(Some(until.0)),
                ))
                .on_conflict_do_nothing()
                .execute(c)?;
            if inserted == 1 {
                diesel::update(games::table.find(game.as_str()))
                    .set(games::revision.eq(games::revision + 1))
                    .execute(c)?;
                return Ok(InboundClaim::New);
            }
            let (outcome, claimed_until, log_seq, intent) = inbound_mails::table
                .find(key)
                .select((
                    inbound_mails::outcome,
                    inbound_mails::claimed_until,
                    inbound_mails::log_seq,
                    inbound_mails::intent,
                ))
                .get_result::<(String, Option<i64>, Option<i64>, Option<String>)>(c)?;
            if outcome != ACTING {
                return Ok(InboundClaim::Done(outcome));
            }
            if claimed_until.is_some_and(|t| t > now.0) {
                return Ok(InboundClaim::Busy);
            }
            // Only one of two deliveries racing for a dead claim takes it.
            let taken = diesel::update(
                inbound_mails::table
                    .find(key)
                    .filter(inbound_mails::outcome.eq(ACTING))
                    .filter(
                        inbound_mails::claimed_until
                            .is_null()
                            .or(inbound_mails::claimed_until.le(now.0)),
                    ),
            )
            .set(inbound_mails::claimed_until.eq(Some(until.0)))
            .execute(c)?;
            Ok(if taken == 1 {
                diesel::update(games::table.find(game.as_str()))
                        .set(games::revision.eq(games::revision + 1))
                        .execute(c)?;
                InboundClaim::Resumed { log_seq, intent }
            } else {
                InboundClaim::Busy
            })
        })
    })
}

/// Note, before playing them, the moves a reply plays (`intent`) from log length `log_seq`.
pub fn note_inbound_intent(
    conn: &mut Conn,
    key: &str,
    log_seq: i64,
    intent: &str,
) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::update(inbound_mails::table.find(key))
            .set((
                inbound_mails::log_seq.eq(Some(log_seq)),
                inbound_mails::intent.eq(Some(intent)),
            ))
            .execute(c)
            .map(drop)
    })
}

/// A reply acted on: its outcome, and no claim any more.
pub fn finish_inbound(conn: &mut Conn, key: &str, outcome: &str) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::update(inbound_mails::table.find(key))
            .set((
                inbound_mails::outcome.eq(outcome),
                inbound_mails::claimed_until.eq(None::<i64>),
            ))
            .execute(c)
            .map(drop)
    })
}

/// Give a claim up at once (acting failed for a while): the MTA's retry takes over.
pub fn release_inbound(conn: &mut Conn, key: &str) -> QueryResult<()> {
    super::on_backend!(conn, c => {
        diesel::update(
            inbound_mails::table
                .find(key)
                .filter(inbound_mails::outcome.eq(ACTING)),
        )
        .set(inbound_mails::claimed_until.eq(None::<i64>))
        .execute(c)
        .map(drop)
    })
}

/// Whether a reply of `seat` of `game` is being acted on now (a live claim): its answer will
/// tell the seat its decision, so no turn mail does ([`crate::service`]'s replies).
pub fn being_answered(conn: &mut Conn, game: &str, seat: i32, now: Millis) -> QueryResult<bool> {
    super::on_backend!(conn, c => {
        diesel::select(diesel::dsl::exists(
            inbound_mails::table
                .filter(inbound_mails::game_id.eq(game))
                .filter(inbound_mails::seat.eq(seat))
                .filter(inbound_mails::outcome.eq(ACTING))
                .filter(inbound_mails::claimed_until.gt(now.0)),
        ))
        .get_result(c)
    })
}
