//! Reviewing games: the published record of a game (public while it runs, complete once it is
//! over), importing a verified record as a read-only game, and the state after any action.

use super::replay::Setup;
use super::{info_of, seat_infos, Games, LoadError};
use crate::audit::{self, Discrepancy, Record, RecordedAction, SeatName};
use crate::engine::condottiere::{Event, Game, Region};
use crate::engine::{Audience, Seat};
use crate::store::{
    self, write_transaction, ActionRow, AnyConnection, GameId, GameRow, GameStatus, SeatRow,
};
use anyhow::anyhow;

/// Whether a game's secret and every card may be shown: it is over, or it was imported finished.
pub fn finished(status: GameStatus) -> bool {
    matches!(status, GameStatus::Over | GameStatus::Imported)
}

/// The state right after action `seq` of a started game (0: the setup), with what that step did.
pub struct StateAt {
    pub game: Game,
    pub seq: i64,
    /// The last action's sequence number.
    pub last: i64,
    pub seat: Option<Seat>,
    pub action: Option<crate::engine::condottiere::Action>,
    pub events: Vec<(Audience, Event)>,
    pub finished: bool,
}

/// A point worth jumping to when reviewing a game.
pub struct Milestone {
    pub seq: i64,
    pub kind: MilestoneKind,
}

pub enum MilestoneKind {
    /// A battle was concluded (no region: a final battle).
    Battle {
        region: Option<Region>,
        winners: Vec<Seat>,
    },
    /// Cards were dealt (a new game, a new round, a final battle, or a draw).
    Deal,
}

service_error!(ImportError {
    #[error("{0}")]
    Invalid(Discrepancy),
    #[error("a game with id {0} already exists here")]
    Exists(String),
});

impl Games {
    /// The game's record: public information only while it runs (no secret, no outcome,
    /// private actions blanked), complete with the secret once it is over.
    pub fn record(&self, conn: &mut AnyConnection, game_id: &GameId) -> Result<Record, LoadError> {
        let row = store::find_game(conn, game_id)?.ok_or(LoadError::NoSuchGame)?;
        let seats = store::seats_of(conn, game_id)?;
        let setup = Setup::from_rows(&row, &seats).map_err(|_| LoadError::NoSuchGame)?;
        let mut record = Record::new(setup.header());
        for action in store::actions_from(conn, game_id, 1)? {
            record.actions.push(RecordedAction {
                seq: action.seq as u64,
                seat: Seat(u8::try_from(action.seat).map_err(anyhow::Error::from)?),
                action: Some(serde_json::from_str(&action.action).map_err(anyhow::Error::from)?),
                at: action.created_at,
                time: Some(audit::rfc3339_millis(action.created_at)),
                hash: action.hash.clone(),
            });
        }
        record.head = record
            .actions
            .last()
            .map_or(record.genesis.clone(), |a| a.hash.clone());
        if finished(row.status()) {
            let loaded = self.load(conn, game_id)?;
            if let Some(outcome) = loaded.state().and_then(|g| g.outcome()) {
                record.outcome = Some(outcome.clone());
                record.secret = Some(row.secret.clone());
            }
        } else {
            record.redact();
        }
        Ok(record)
    }

    /// Store a finished record from elsewhere as a read-only game, after verifying it.
    pub fn import(&self, conn: &mut AnyConnection, record: &Record) -> Result<GameId, ImportError> {
        audit::verify(record).map_err(ImportError::Invalid)?;
        let id = GameId::parse(&record.id).map_err(|_| {
            ImportError::Invalid(Discrepancy::Malformed(format!(
                "the game id {:?} is not one this service uses",
                record.id
            )))
        })?;
        let now = store::Millis::now();
        let secret = record
            .secret
            .clone()
            .ok_or_else(|| anyhow!("a verified record has its secret"))?;
        let ended = record.actions.last().map_or(now.0, |a| a.at);
        write_transaction(conn, |conn| -> Result<(), ImportError> {
            if store::find_game(conn, &id)?.is_some() {
                return Err(ImportError::Exists(record.id.clone()));
            }
            store::insert_game(
                conn,
                &GameRow {
                    id: record.id.clone(),
                    kind: record.game.clone(),
                    rules_version: record.rules_version as i32,
                    options: serde_json::to_string(&record.options).map_err(anyhow::Error::from)?,
                    status: GameStatus::Imported.as_str().into(),
                    created_at: record.actions.first().map_or(now.0, |a| a.at),
                    commitment: record.commitment.clone(),
                    secret,
                    log_head: Some(record.head.clone()),
                    creator_seat: 0,
                    ended_at: Some(ended),
                    revision: 0,
                },
            )?;
            for (SeatName { seat, name }, contribution) in
                record.seats.iter().zip(&record.contributions)
            {
                store::insert_seat(
                    conn,
                    &SeatRow {
                        game_id: record.id.clone(),
                        seat: seat.0 as i32,
                        name: name.clone(),
                        // Imported games are never played here: nobody is mailed.
                        email: String::new(),
                        link_version: 1,
                        accepted_at: Some(ended),
                        contribution: Some(contribution.value.clone()),
                        contribution_source: Some(
                            match contribution.source {
                                audit::Source::Player => "player",
                                audit::Source::Server => "server",
                            }
                            .into(),
                        ),
                        last_seen_seq: 0,
                    },
                )?;
            }
            for action in &record.actions {
                let entry = action
                    .action
                    .as_ref()
                    .ok_or_else(|| anyhow!("a verified record has every action"))?;
                store::append_action(
                    conn,
                    &ActionRow {
                        game_id: record.id.clone(),
                        seq: action.seq as i64,
                        seat: action.seat.0 as i32,
                        action: serde_json::to_string(entry).map_err(anyhow::Error::from)?,
                        created_at: action.at,
                        hash: action.hash.clone(),
                    },
                )?;
            }
            Ok(())
        })?;
        tracing::info!(game.id = %record.id, actions = record.actions.len(), "record imported");
        Ok(id)
    }

    /// The state right after action `seq` (clamped to the log), replayed from the setup.
    pub fn state_at(
        &self,
        conn: &mut AnyConnection,
        game_id: &GameId,
        seq: i64,
    ) -> Result<Option<StateAt>, LoadError> {
        let loaded = self.load(conn, game_id)?;
        let Some(replay) = loaded.replay.as_deref() else {
            return Ok(None);
        };
        let seq = seq.clamp(0, replay.seq);
        let row = store::find_game(conn, game_id)?.ok_or(LoadError::NoSuchGame)?;
        let seats = store::seats_of(conn, game_id)?;
        let mut at = Setup::from_rows(&row, &seats)?.start()?;
        if seq > 0 {
            let rows = store::actions_from(conn, game_id, 1)?;
            super::replay::extend(&mut at, &rows[..seq as usize])?;
        }
        let step = at.steps.last().expect("the setup is a step");
        Ok(Some(StateAt {
            seq,
            last: replay.seq,
            seat: step.seat,
            action: step.action.clone(),
            events: step.events.clone(),
            finished: finished(loaded.game.status),
            game: at.game,
        }))
    }

    /// Every battle's conclusion and every deal, with the action that caused it.
    pub fn milestones(
        &self,
        conn: &mut AnyConnection,
        game_id: &GameId,
    ) -> Result<Vec<Milestone>, LoadError> {
        let loaded = self.load(conn, game_id)?;
        let Some(replay) = loaded.replay.as_deref() else {
            return Ok(Vec::new());
        };
        let mut found = Vec::new();
        for step in &replay.steps {
            let mut dealt = false;
            for (audience, event) in &step.events {
                if *audience != Audience::Everyone {
                    continue;
                }
                match event {
                    Event::BattleEnded {
                        region,
                        winner,
                        tied,
                        ..
                    } => found.push(Milestone {
                        seq: step.seq,
                        kind: MilestoneKind::Battle {
                            region: *region,
                            // The winner alone, or the seats tied at the top.
                            winners: winner.map_or_else(|| tied.clone(), |w| vec![w]),
                        },
                    }),
                    Event::Dealt { .. } if !dealt => {
                        dealt = true;
                        found.push(Milestone {
                            seq: step.seq,
                            kind: MilestoneKind::Deal,
                        });
                    }
                    _ => {}
                }
            }
        }
        Ok(found)
    }

    /// The public facts and seats of a game, without replaying it.
    pub fn info(
        &self,
        conn: &mut AnyConnection,
        game_id: &GameId,
    ) -> Result<(super::GameInfo, Vec<super::SeatInfo>), LoadError> {
        let row = store::find_game(conn, game_id)?.ok_or(LoadError::NoSuchGame)?;
        let seats = store::seats_of(conn, game_id)?;
        Ok((info_of(&row, seats.len())?, seat_infos(&seats)))
    }
}
