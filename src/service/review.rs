//! Reviewing games: the published record of a game (public while it runs, complete once it is
//! over), importing a verified record as a read-only game, the state after any action, and
//! the milestones worth jumping to.

use super::cache::ByteCache;
use super::replay::{action_row, author_of, extend, Setup};
use super::{seat_infos, Games, LoadError};
use crate::audit::{self, Discrepancy, Record, RecordedAction, Replay, SeatName};
use crate::domain::{GameId, GameStatus};
use crate::engine::{Seat, Viewer};
use crate::kinds::{Action, Events, Game};
use crate::present::{Ctx, SeatNames};
use crate::store::{self, write_transaction, Conn, GameRow, SeatRow};
use anyhow::anyhow;
use std::sync::Arc;

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
#[derive(Clone, Debug)]
pub struct Milestone {
    pub seq: i64,
    pub label: String,
}

/// Every this many actions a game's review keeps the replay there.
pub const CHECKPOINT_EVERY: u64 = 32;

/// What reviewing a game asks for again and again, from one walk of its log: the replay at
/// every [`CHECKPOINT_EVERY`]-th action (the replay viewer starts from the nearest one at or
/// before the step it shows), and the milestones in every language. Valid for the log up to
/// `seq` with these seat names (a replacement or a forgetting renames); a longer log carries
/// it on from its last checkpoint. Kept in [`ReviewCache`].
#[derive(Clone)]
pub(crate) struct Review {
    names: Vec<String>,
    seq: u64,
    /// The replay after action 0, [`CHECKPOINT_EVERY`], 2 × [`CHECKPOINT_EVERY`]…, `seq`
    /// at most.
    checkpoints: Vec<Replay>,
    /// By language: the milestones of the actions up to `seq`.
    milestones: Vec<(String, Vec<Milestone>)>,
}

impl Review {
    /// Back to its last checkpoint, to be carried on from there.
    fn rewound(mut self) -> Review {
        let last = self.checkpoints.last().expect("the setup").seq;
        for (_, found) in &mut self.milestones {
            found.retain(|m| m.seq as u64 <= last);
        }
        self.seq = last;
        self
    }

    /// An estimate of its memory: each checkpoint's state and list of steps (the steps
    /// themselves are shared, counted once, with the last checkpoint's), and the labels.
    fn bytes(&self) -> usize {
        let states: usize = self
            .checkpoints
            .iter()
            .map(|replay| super::replay::STATE_BYTES + replay.steps.len() * 8)
            .sum();
        let shared = self
            .checkpoints
            .last()
            .map_or(0, super::replay::replay_bytes);
        let labels: usize = self
            .milestones
            .iter()
            .flat_map(|(_, found)| found)
            .map(|m| std::mem::size_of::<Milestone>() + m.label.len())
            .sum();
        states + shared + labels
    }
}

/// Reviews kept between requests, at most a number of bytes of them by their estimates.
pub(crate) struct ReviewCache(ByteCache<GameId, Arc<Review>>);

impl ReviewCache {
    pub fn new(bound: usize) -> ReviewCache {
        ReviewCache(ByteCache::new(bound))
    }

    fn get(&self, id: &GameId) -> Option<Arc<Review>> {
        self.0.read(id, |review| Some(review.clone()))
    }

    fn put(&self, id: &GameId, review: Arc<Review>) {
        let (bytes, seq) = (review.bytes(), review.seq);
        self.0
            .put(id.clone(), review, bytes, |kept| kept.seq <= seq);
    }

    /// The estimated bytes kept, and how many reviews.
    pub fn usage(&self) -> (usize, usize) {
        self.0.usage()
    }
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

    /// The state right after action `seq` (0: the setup); `None` before the game started or
    /// when the log has no such action. Replayed from the game's nearest checkpoint at or
    /// before `seq` (see [`Review`]): at most [`CHECKPOINT_EVERY`] actions, however long the game.
    pub fn state_at(
        &self,
        conn: &mut Conn,
        game_id: &GameId,
        seq: i64,
    ) -> Result<Option<StateAt>, LoadError> {
        let row = store::find_game(conn, game_id)?.ok_or(LoadError::NoSuchGame)?;
        let Some(review) = self.review(conn, &row)? else {
            return Ok(None);
        };
        let last = review.seq as i64;
        if seq < 0 || seq > last {
            return Ok(None);
        }
        let kind = self.kind(&row.kind)?;
        let from = &review.checkpoints[(seq as u64 / CHECKPOINT_EVERY) as usize];
        let mut replay = from.clone();
        for action in store::actions_between(conn, game_id, replay.seq as i64 + 1, seq)? {
            extend(kind, &mut replay, &action)?;
        }
        let step = replay
            .steps
            .last()
            .expect("a replay has its setup step")
            .clone();
        let status = row.status();
        let sight = match self.load(conn, game_id)?.replay {
            Some(now) => now.sight(seq as u64),
            None => crate::engine::Sight::over(finished(status)),
        };
        Ok(Some(StateAt {
            sight,
            game: replay.game,
            seq,
            last,
            seat: step.seat,
            action: step.action.clone(),
            events: step.events.clone(),
            finished: finished(status),
        }))
    }

    /// Every point worth jumping to in a replay, as the game's presenter words it (a battle
    /// won, a deal), in `lang` (found once per game and kept, see [`Review`]).
    pub fn milestones(
        &self,
        conn: &mut Conn,
        game_id: &GameId,
        lang: &str,
    ) -> Result<Vec<Milestone>, LoadError> {
        let row = store::find_game(conn, game_id)?.ok_or(LoadError::NoSuchGame)?;
        let Some(review) = self.review(conn, &row)? else {
            return Ok(Vec::new());
        };
        let lang = self.registry().catalogs().words(lang).lang().to_owned();
        Ok(review
            .milestones
            .iter()
            .find(|(l, _)| *l == lang)
            .map(|(_, found)| found.clone())
            .unwrap_or_default())
    }

    /// The game's review up to its stored log's end: the kept one when it is that far and
    /// its names are the seats' names, else the kept one carried on from its last
    /// checkpoint, else one walk of the log from the setup. `None` before the game started.
    fn review(&self, conn: &mut Conn, row: &GameRow) -> Result<Option<Arc<Review>>, LoadError> {
        if !matches!(
            row.status(),
            GameStatus::Playing | GameStatus::Over | GameStatus::Imported
        ) {
            return Ok(None);
        }
        let id = row.game_id();
        let kind = self.kind(&row.kind)?;
        let seats = store::seats_of(conn, &id)?;
        let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        let last = store::last_seq(conn, &id)? as u64;
        let kept = self.0.reviews.get(&id).filter(|r| r.names == names);
        if let Some(review) = kept.as_ref().filter(|r| r.seq == last) {
            return Ok(Some(review.clone()));
        }
        let mut review = match kept {
            Some(kept) if kept.seq < last => kept.as_ref().clone().rewound(),
            _ => {
                let start = Setup::from_rows(kind, row, &seats)?.start(kind)?;
                Review {
                    names,
                    seq: 0,
                    milestones: Vec::new(),
                    checkpoints: vec![start],
                }
            }
        };
        let languages: Vec<String> = self
            .registry()
            .catalogs()
            .languages()
            .into_iter()
            .map(str::to_owned)
            .collect();
        if review.milestones.is_empty() {
            review.milestones = languages.iter().map(|l| (l.clone(), Vec::new())).collect();
        }
        let seat_names = SeatNames::new(review.names.clone());
        let mut replay = review.checkpoints.last().expect("the setup").clone();
        for action in store::actions_from(conn, &id, replay.seq as i64 + 1)? {
            let before = replay.game.clone();
            extend(kind, &mut replay, &action)?;
            let step = replay.steps.last().expect("just extended");
            for (lang, found) in &mut review.milestones {
                let cx = Ctx::new(
                    self.registry().catalogs().words(lang),
                    &seat_names,
                    Viewer::Reviewer,
                );
                for mark in kind.milestones(Some(&before), &replay.game, &step.events, &cx) {
                    found.push(Milestone {
                        seq: step.seq as i64,
                        label: mark.label,
                    });
                }
            }
            if replay.seq % CHECKPOINT_EVERY == 0 {
                review.checkpoints.push(replay.clone());
            }
        }
        review.seq = replay.seq;
        let review = Arc::new(review);
        self.0.reviews.put(&id, review.clone());
        Ok(Some(review))
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
