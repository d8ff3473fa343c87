//! Reviewing games: the published record of a game (public while it runs, complete once it is
//! over), importing a verified record as a read-only game, the state after any action, and
//! the milestones worth jumping to.

use super::replay::{action_row, author_of, extend, Setup};
use super::{seat_infos, Games, LoadError};
use crate::audit::{self, Discrepancy, Record, RecordedAction, SeatName};
use crate::domain::{GameId, GameStatus};
use crate::engine::{Seat, Viewer};
use crate::kinds::{Action, Events, Game, Kind};
use crate::present::{Ctx, SeatNames};
use crate::store::{self, write_transaction, Conn, GameRow, SeatRow};
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
    pub action: Option<Action>,
    pub events: Events,
    pub finished: bool,
    /// What has become public of this step by now (`Replay::sight`).
    pub sight: crate::engine::Sight,
}

/// A point worth jumping to when reviewing a game: the step after which it happened, in words.
pub struct Milestone {
    pub seq: i64,
    pub label: String,
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
    pub fn record(&self, conn: &mut Conn, game_id: &GameId) -> Result<Record, LoadError> {
        let row = store::find_game(conn, game_id)?.ok_or(LoadError::NoSuchGame)?;
        let kind = self.kind(&row.kind)?;
        let seats = store::seats_of(conn, game_id)?;
        let setup = Setup::from_rows(kind, &row, &seats).map_err(|_| LoadError::NoSuchGame)?;
        let mut record = Record::with_seats(setup.header, setup.seats);
        for action in store::actions_from(conn, game_id, 1)? {
            let json = kind
                .read_action(&action.action)
                .map_err(|e| anyhow!("stored action {}: {e}", action.seq))?
                .json()
                .clone();
            let author = author_of(&action)?;
            record.actions.push(RecordedAction {
                seq: action.seq as u64,
                seat: Seat(u8::try_from(action.seat).map_err(anyhow::Error::from)?),
                action: Some(json),
                at: action.created_at,
                time: Some(audit::rfc3339_millis(action.created_at)),
                author,
                deadline_time: author.deadline().map(audit::rfc3339_millis),
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
                record.outcome = Some(outcome.json().clone());
                record.secret = Some(row.secret.clone());
            }
        } else {
            let loaded = self.load(conn, game_id)?;
            match &loaded.replay {
                Some(replay) => record.redact(kind, &|seq| replay.sight(seq)),
                None => record.redact(kind, &|_| Default::default()),
            }
        }
        Ok(record)
    }

    /// Store a finished record from elsewhere as a read-only game, after verifying it.
    pub fn import(&self, conn: &mut Conn, record: &Record) -> Result<GameId, ImportError> {
        audit::verify_with(record, self.registry()).map_err(ImportError::Invalid)?;
        let id = GameId::parse(&record.id).map_err(|_| {
            ImportError::Invalid(Discrepancy::Malformed(format!(
                "the game id {:?} is not one this service uses",
                record.id
            )))
        })?;
        let kind = self.kind(&record.game).map_err(anyhow::Error::from)?;
        let options = kind
            .read_options(record.options.get())
            .map_err(|e| anyhow!("a verified record's options: {e}"))?;
        let now = self.now();
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
                    options: options.json().get().to_owned(),
                    status: GameStatus::Imported.as_str().into(),
                    created_at: record.actions.first().map_or(now.0, |a| a.at),
                    commitment: record.commitment.clone(),
                    secret,
                    log_head: Some(record.head.clone()),
                    creator_seat: 0,
                    ended_at: Some(ended),
                    revision: 0,
                    cancelled_by: None,
                    title: None,
                    confirmed_at: Some(now.0),
                    rematch_of: None,
                    rematch: None,
                    hours_per_decision: None,
                    private_table: false,
                    last_message_at: None,
                },
            )?;
            for (
                SeatName {
                    seat,
                    name,
                    salt,
                    name_hash,
                },
                contribution,
            ) in record.seats.iter().zip(&record.contributions)
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
                        control: crate::domain::Control::Player.as_str().to_owned(),
                        missed: 0,
                        resigned_at: None,
                        messages_mailed_at: 0,
                        setup_name: name.clone(),
                        name_salt: salt.clone(),
                        name_hash: name_hash.clone(),
                    },
                )?;
            }
            for action in &record.actions {
                let entry = action
                    .action
                    .as_ref()
                    .ok_or_else(|| anyhow!("a verified record has every action"))?;
                let canonical = kind
                    .read_action(entry.get())
                    .map_err(|e| anyhow!("a verified record's action: {e}"))?;
                store::append_action(
                    conn,
                    &action_row(
                        &id,
                        action.seq as i64,
                        action.seat,
                        canonical.json().get().to_owned(),
                        action.at,
                        action.author,
                        action.hash.clone(),
                    ),
                )?;
            }
            Ok(())
        })?;
        tracing::info!(game.id = %record.id, actions = record.actions.len(), "record imported");
        Ok(id)
    }

    /// Walk a started game from its setup through its stored log, calling `each` with the
    /// state after each step and the step (the setup first). Nothing is cloned on the way: a
    /// caller keeps what it needs.
    fn walk(
        &self,
        conn: &mut Conn,
        game_id: &GameId,
        upto: Option<i64>,
        mut each: impl FnMut(&Game, &audit::Step),
    ) -> Result<Option<i64>, LoadError> {
        let row = store::find_game(conn, game_id)?.ok_or(LoadError::NoSuchGame)?;
        if !matches!(
            row.status(),
            GameStatus::Playing | GameStatus::Over | GameStatus::Imported
        ) {
            return Ok(None);
        }
        let kind = self.kind(&row.kind)?;
        let seats = store::seats_of(conn, game_id)?;
        let mut replay = Setup::from_rows(kind, &row, &seats)?.start(kind)?;
        each(&replay.game, &replay.steps[0]);
        let rows = store::actions_from(conn, game_id, 1)?;
        let last = rows.len() as i64;
        for action in rows
            .iter()
            .take(upto.unwrap_or(last).clamp(0, last) as usize)
        {
            extend(kind, &mut replay, action)?;
            let step = replay.steps.last().expect("just extended");
            each(&replay.game, step);
        }
        Ok(Some(last))
    }

    /// The state right after action `seq` (0: the setup), replayed from the setup; `None`
    /// before the game started or when the log has no such action.
    pub fn state_at(
        &self,
        conn: &mut Conn,
        game_id: &GameId,
        seq: i64,
    ) -> Result<Option<StateAt>, LoadError> {
        let status = store::find_game(conn, game_id)?
            .ok_or(LoadError::NoSuchGame)?
            .status();
        let mut found: Option<(Game, Option<Seat>, Option<Action>, Events)> = None;
        // Only the wanted step is kept: cloning each state on the way made a late step cost a
        // state's clone per move before it.
        let walked = self.walk(conn, game_id, Some(seq.max(0)), |after, step| {
            if step.seq as i64 == seq.max(0) {
                found = Some((
                    after.clone(),
                    step.seat,
                    step.action.clone(),
                    step.events.clone(),
                ));
            }
        })?;
        let (Some(last), Some((game, seat, action, events))) = (walked, found) else {
            return Ok(None);
        };
        if seq < 0 || seq > last {
            return Ok(None);
        }
        let sight = match self.load(conn, game_id)?.replay {
            Some(now) => now.sight(seq as u64),
            None => crate::engine::Sight::over(finished(status)),
        };
        Ok(Some(StateAt {
            sight,
            game,
            seq,
            last,
            seat,
            action,
            events,
            finished: finished(status),
        }))
    }

    /// Every point worth jumping to in a replay, as the game's presenter words it (a battle
    /// won, a deal), in `lang`.
    pub fn milestones(
        &self,
        conn: &mut Conn,
        game_id: &GameId,
        lang: &str,
    ) -> Result<Vec<Milestone>, LoadError> {
        let row = store::find_game(conn, game_id)?.ok_or(LoadError::NoSuchGame)?;
        let kind: &dyn Kind = self.kind(&row.kind)?;
        let seats = store::seats_of(conn, game_id)?;
        let names = SeatNames::new(seats.iter().map(|s| s.name.clone()).collect());
        let cx = Ctx::new(
            self.registry().catalogs().words(lang),
            &names,
            Viewer::Reviewer,
        );
        let mut found = Vec::new();
        let mut before: Option<Game> = None;
        self.walk(conn, game_id, None, |after, step| {
            for mark in kind.milestones(before.as_ref(), after, &step.events, &cx) {
                found.push(Milestone {
                    seq: step.seq as i64,
                    label: mark.label,
                });
            }
            before = Some(after.clone());
        })?;
        Ok(found)
    }

    /// The public facts and seats of a game, without replaying it.
    pub fn info(
        &self,
        conn: &mut Conn,
        game_id: &GameId,
    ) -> Result<(super::GameInfo, Vec<super::SeatInfo>), LoadError> {
        let row = store::find_game(conn, game_id)?.ok_or(LoadError::NoSuchGame)?;
        self.kind(&row.kind)?;
        let seats = store::seats_of(conn, game_id)?;
        Ok((self.info_of(&row, seats.len())?, seat_infos(&seats)))
    }
}
