//! Rebuilding a game from its stored setup and action log through the checked engine path,
//! verifying the hash chain on the way, and a cache of replays keyed by (game, seq, head).

use super::seed::{derive_seed, GameSecret};
use crate::audit::chain::{self, Hash as ChainHash, LogHeader};
use crate::audit::seed::{Contribution, Source};
use crate::engine::condottiere::{Action, Events, Game, Options};
use crate::engine::Seat;
use crate::store::{ActionRow, ContributionSource, GameId, GameRow, Millis, SeatRow};
use anyhow::{anyhow, bail, Context};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// A game replayed up to `seq`: the state, the chain head after `seq`, and every step's events
/// (step 0 is the setup) so pages and mails can tell each viewer what happened.
#[derive(Clone, Debug)]
pub struct Replay {
    pub game: Game,
    /// Actions applied so far (0 right after setup).
    pub seq: i64,
    pub head: ChainHash,
    /// The game's secret: it salts every entry hash, so the chain is extended with it.
    pub(crate) secret: GameSecret,
    /// Shared, so extending a cached replay by one action copies pointers, not events.
    pub steps: Vec<Arc<LogStep>>,
}

impl Replay {
    pub fn head_hex(&self) -> String {
        hex::encode(self.head)
    }

    /// The chain head after appending action `seq` to this replay (see `audit::chain`).
    pub(crate) fn link(&self, seq: i64, seat: Seat, action: &Action, at: i64) -> ChainHash {
        chain::hash_parts(
            &self.head,
            self.secret.bytes(),
            seq as u64,
            seat,
            action,
            at,
        )
    }
}

/// One step of the log with everything it caused. Events carry their audience: filter them
/// with `visible_events` before showing them to anyone.
#[derive(Clone, Debug)]
pub struct LogStep {
    /// 0 for the setup, then the action's sequence number.
    pub seq: i64,
    /// Who acted (`None` for the setup).
    pub seat: Option<Seat>,
    pub action: Option<Action>,
    pub at: Option<Millis>,
    pub events: Events,
}

/// The setup data stored with a started game, parsed.
pub(crate) struct Setup {
    pub game_id: String,
    pub kind: String,
    pub rules_version: u32,
    pub options: Options,
    pub secret: GameSecret,
    pub commitment: String,
    pub names: Vec<String>,
    pub contributions: Vec<String>,
    pub sources: Vec<ContributionSource>,
}

impl Setup {
    pub fn from_rows(game: &GameRow, seats: &[SeatRow]) -> anyhow::Result<Setup> {
        let options: Options =
            serde_json::from_str(&game.options).context("stored options are not valid JSON")?;
        let secret = GameSecret::from_hex(&game.secret)
            .ok_or_else(|| anyhow!("stored secret is malformed"))?;
        let contributions = seats
            .iter()
            .map(|s| {
                s.contribution
                    .clone()
                    .ok_or_else(|| anyhow!("seat {} has no contribution", s.seat + 1))
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        let sources = seats
            .iter()
            .map(|s| {
                s.source()
                    .ok_or_else(|| anyhow!("seat {} has no contribution source", s.seat + 1))
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        Ok(Setup {
            game_id: game.id.clone(),
            kind: game.kind.clone(),
            sources,
            rules_version: u32::try_from(game.rules_version)?,
            options,
            secret,
            commitment: game.commitment.clone(),
            names: seats.iter().map(|s| s.name.clone()).collect(),
            contributions,
        })
    }

    /// The setup as the log's genesis hash covers it.
    pub fn header(&self) -> LogHeader {
        LogHeader {
            id: self.game_id.clone(),
            game: self.kind.clone(),
            rules_version: self.rules_version,
            options: self.options.clone(),
            seats: self.names.clone(),
            commitment: self.commitment.clone(),
            contributions: self
                .contributions
                .iter()
                .zip(&self.sources)
                .enumerate()
                .map(|(i, (value, source))| Contribution {
                    seat: Seat(i as u8),
                    value: value.clone(),
                    source: match source {
                        ContributionSource::Player => Source::Player,
                        ContributionSource::Server => Source::Server,
                    },
                })
                .collect(),
        }
    }

    /// The state before the first action, with its setup events, and h0.
    pub fn start(&self) -> anyhow::Result<Replay> {
        let seed = derive_seed(self.secret.bytes(), &self.contributions);
        let mut events = Vec::new();
        let players = u8::try_from(self.names.len())?;
        let game = Game::setup(
            self.rules_version,
            &self.options,
            players,
            seed,
            &mut events,
        )?;
        let head = chain::genesis(&self.header());
        Ok(Replay {
            game,
            seq: 0,
            head,
            secret: self.secret.clone(),
            steps: vec![Arc::new(LogStep {
                seq: 0,
                seat: None,
                action: None,
                at: None,
                events,
            })],
        })
    }
}

/// Apply stored actions in order through `Game::apply`, checking sequence numbers and hashes,
/// until the replay's head is `head`; rows at or below the replay's seq are skipped and rows
/// after `head` are left alone. Returns whether `head` was reached.
pub(crate) fn catch_up(
    replay: &mut Replay,
    rows: &[ActionRow],
    head: &str,
) -> anyhow::Result<bool> {
    let start = replay.seq;
    for row in rows.iter().skip_while(|row| row.seq <= start) {
        if replay.head_hex() == head {
            return Ok(true);
        }
        extend(replay, std::slice::from_ref(row))?;
    }
    Ok(replay.head_hex() == head)
}

/// Apply stored actions in order through `Game::apply`, checking sequence numbers and hashes.
pub(crate) fn extend(replay: &mut Replay, rows: &[ActionRow]) -> anyhow::Result<()> {
    for row in rows {
        if row.seq != replay.seq + 1 {
            bail!("the log jumps from {} to {}", replay.seq, row.seq);
        }
        let action: Action = serde_json::from_str(&row.action)
            .with_context(|| format!("stored action {} is not valid", row.seq))?;
        let seat = Seat(u8::try_from(row.seat)?);
        let mut events = Vec::new();
        let game = replay.game.clone();
        replay.game = game
            .apply(seat, &action, &mut events)
            .map_err(|(_, e)| anyhow!("stored action {} is illegal on replay: {e}", row.seq))?;
        let head = replay.link(row.seq, seat, &action, row.created_at);
        if hex::encode(head) != row.hash {
            bail!("the hash chain breaks at action {}", row.seq);
        }
        replay.head = head;
        replay.seq = row.seq;
        replay.steps.push(Arc::new(LogStep {
            seq: row.seq,
            seat: Some(seat),
            action: Some(action),
            at: Some(Millis(row.created_at)),
            events,
        }));
    }
    Ok(())
}

/// Replays kept between requests. An entry is only a starting point: the caller checks it
/// against the stored log (the hash of its last action) and applies whatever is newer.
pub(crate) struct ReplayCache {
    entries: Mutex<HashMap<GameId, (u64, Arc<Replay>)>>,
    capacity: usize,
    clock: Mutex<u64>,
}

impl ReplayCache {
    pub fn new(capacity: usize) -> ReplayCache {
        ReplayCache {
            entries: Mutex::new(HashMap::new()),
            capacity,
            clock: Mutex::new(0),
        }
    }

    fn tick(&self) -> u64 {
        let mut clock = self.clock.lock().unwrap_or_else(|e| e.into_inner());
        *clock += 1;
        *clock
    }

    pub fn get(&self, id: &GameId) -> Option<Arc<Replay>> {
        let now = self.tick();
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries.get_mut(id).map(|(used, replay)| {
            *used = now;
            replay.clone()
        })
    }

    /// Keep a replay unless a newer one is already kept; evict the least recently used.
    pub fn put(&self, id: &GameId, replay: Arc<Replay>) {
        let now = self.tick();
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if entries
            .get(id)
            .is_some_and(|(_, kept)| kept.seq > replay.seq)
        {
            return;
        }
        entries.insert(id.clone(), (now, replay));
        if entries.len() > self.capacity {
            if let Some(oldest) = entries
                .iter()
                .min_by_key(|(_, (used, _))| *used)
                .map(|(k, _)| k.clone())
            {
                entries.remove(&oldest);
            }
        }
    }
}
