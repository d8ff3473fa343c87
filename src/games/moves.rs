//! A move, from the seat's request to the stored action: prepared outside the write lock
//! (checked by the engine, mails rendered), then stored if its game did not change meanwhile.

use super::replay::{LogStep, Replay};
use super::words::{describe_outcome, SeatNames};
use super::{
    happened_since, names_of, new_mail, seat_of, short, Games, MoveError, MoveOutcome, SeatAuth,
};
use crate::engine::condottiere::Action;
use crate::engine::Viewer;
use crate::mail::compose;
use crate::store::{
    self, write_transaction, ActionRow, AnyConnection, GameId, GameRow, GameStatus, Millis,
    NewMove, SeatRow,
};
use anyhow::anyhow;
use std::sync::Arc;

impl Games {
    /// Play one action for an authorized seat. `expected_seq` is the seq the player's page
    /// showed; if the game has moved on the move is refused as `Stale` (so two identical POSTs
    /// apply once). An illegal action stores nothing. The move is checked and its mails are
    /// rendered outside the write lock ([`Games::prepare_move`]); the write transaction only
    /// stores it, if the game is still at the revision the move was prepared at. The service
    /// stores through the move writer instead (`Db::store_move`, the same write, several moves
    /// per commit); this is the same loop on one connection, for commands and tests.
    pub fn make_move(
        &self,
        conn: &mut AnyConnection,
        auth: &SeatAuth,
        expected_seq: i64,
        action: &Action,
    ) -> Result<MoveOutcome, MoveError> {
        for _ in 0..MOVE_ATTEMPTS {
            let prepared = self.prepare_move(conn, auth, expected_seq, action)?;
            let stored = write_transaction(conn, |conn| store::store_move(conn, &prepared.write));
            if let Some(outcome) = self.settle(auth, prepared, stored)? {
                return Ok(outcome);
            }
        }
        Err(kept_changing(auth))
    }

    /// What storing a prepared move came to: its outcome once stored (and the state after it
    /// cached), `None` when its game changed in between and the move must be prepared again.
    pub fn settle(
        &self,
        auth: &SeatAuth,
        prepared: PreparedMove,
        stored: diesel::QueryResult<bool>,
    ) -> Result<Option<MoveOutcome>, MoveError> {
        match stored {
            Ok(true) => {
                let id = &auth.game_id;
                self.cache.put(id, prepared.after);
                tracing::info!(game.id = %id, seat = auth.seat.number(), seq = prepared.outcome.seq, "move stored");
                Ok(Some(prepared.outcome))
            }
            Ok(false) => Ok(None),
            Err(error) if store::is_unique_violation(&error) => Err(MoveError::Stale {
                current_seq: prepared.outcome.seq,
            }),
            Err(error) => Err(error.into()),
        }
    }

    /// Everything a move writes, built from the current state without the write lock: the
    /// action row and chain head, the mails to whoever decides next (or the game-over mails),
    /// and the state after the move. Store [`PreparedMove::write`], then [`Games::settle`].
    pub fn prepare_move(
        &self,
        conn: &mut AnyConnection,
        auth: &SeatAuth,
        expected_seq: i64,
        action: &Action,
    ) -> Result<PreparedMove, MoveError> {
        let now = Millis::now();
        let id = &auth.game_id;
        let mover = auth.seat;
        let row = store::find_game(conn, id)?.ok_or_else(|| anyhow!("game {id} vanished"))?;
        if row.status() != GameStatus::Playing {
            return Err(MoveError::NotPlaying);
        }
        // Read after the game row: a relink in between moves the revision on, and the
        // conditional write then sends the move back here.
        let seats = store::seats_of(conn, id)?;
        let before = self
            .replay(conn, &row, &seats)?
            .ok_or(MoveError::NotPlaying)?;
        if before.seq != expected_seq {
            return Err(MoveError::Stale {
                current_seq: before.seq,
            });
        }
        let mut events = Vec::new();
        let game = before
            .game
            .clone()
            .apply(mover, action, &mut events)
            .map_err(|(_, error)| MoveError::Illegal(error))?;
        let seq = before.seq + 1;
        // Times never run backwards in a log, even if the server clock steps back.
        let at = before
            .steps
            .last()
            .and_then(|step| step.at)
            .map_or(now, |last| last.max(now));
        let head = before.link(seq, mover, action, at.0);
        let head_hex = hex::encode(head);
        let action_row = ActionRow {
            game_id: id.to_string(),
            seq,
            seat: mover.0 as i32,
            action: serde_json::to_string(action).map_err(anyhow::Error::from)?,
            created_at: at.0,
            hash: head_hex.clone(),
        };
        let mut after = (*before).clone();
        after.game = game;
        after.seq = seq;
        after.head = head;
        after.steps.push(Arc::new(LogStep {
            seq,
            seat: Some(mover),
            action: Some(action.clone()),
            at: Some(at),
            events,
        }));
        let names = names_of(&seats);
        let over = after.game.is_over();
        let mut mails = Vec::new();
        let mut seen_by = vec![mover.0 as i32];
        if over {
            for seat_row in &seats {
                mails.push(self.game_over(id, &row, seat_row, &after, &names, now)?);
                seen_by.push(seat_row.seat);
            }
        } else {
            for seat in after.game.waiting_on() {
                if seat == mover || before.game.decision(seat) == after.game.decision(seat) {
                    continue;
                }
                let seat_row = &seats[seat.index()];
                let mail = self.your_turn(id, seat_row, &after, seat_row.last_seen_seq, &names)?;
                mails.push(
                    new_mail(id, "your_turn", (&seat_row.name, &seat_row.email), mail)
                        .into_row(now),
                );
                seen_by.push(seat_row.seat);
            }
        }
        let outcome = MoveOutcome {
            waiting: after.game.waiting_on(),
            seq,
            log_head: head_hex,
            game_over: over,
            happened: happened_since(&after, seq - 1, Viewer::Seat(mover), &names),
        };
        Ok(PreparedMove {
            write: NewMove {
                revision: row.revision,
                action: action_row,
                ended_at: over.then_some(now),
                mails,
                seen_by,
            },
            outcome,
            after: Arc::new(after),
        })
    }

    /// The game-over mail for one seat: the result, what happened since the seat last acted,
    /// and the game's secret, so anyone can now verify the deal.
    fn game_over(
        &self,
        id: &GameId,
        row: &GameRow,
        seat_row: &SeatRow,
        after: &Replay,
        names: &SeatNames,
        now: Millis,
    ) -> anyhow::Result<store::OutboxRow> {
        let outcome = after
            .game
            .outcome()
            .ok_or_else(|| anyhow!("an over game has no outcome"))?;
        let head = after.head_hex();
        let seat = seat_of(seat_row);
        let mail = compose::GameOver {
            to_name: seat_row.name.clone(),
            game_id: id.to_string(),
            result: describe_outcome(outcome, names),
            happened: happened_since(after, seat_row.last_seen_seq, Viewer::Seat(seat), names),
            game_url: self.links.game_url(id),
            seq: after.seq,
            log_head_short: short(&head),
            log_head: head,
            secret: row.secret.clone(),
            commitment: row.commitment.clone(),
        }
        .render()?;
        Ok(new_mail(id, "game_over", (&seat_row.name, &seat_row.email), mail).into_row(now))
    }
}

/// A move ready to be stored, with what to answer and to cache once it is.
pub struct PreparedMove {
    write: NewMove,
    outcome: MoveOutcome,
    after: Arc<Replay>,
}

impl PreparedMove {
    /// What storing the move writes (see `store::store_move`).
    pub fn write(&self) -> &NewMove {
        &self.write
    }
}

/// How often a move is prepared again when something changed its game while it was being
/// prepared; a second change within one move means something is wrong.
pub const MOVE_ATTEMPTS: usize = 3;

/// The error when a move's game changed under it [`MOVE_ATTEMPTS`] times in a row.
pub fn kept_changing(auth: &SeatAuth) -> MoveError {
    anyhow!(
        "game {} kept changing while a move was being stored",
        auth.game_id
    )
    .into()
}
