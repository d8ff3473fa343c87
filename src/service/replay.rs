//! Stored games into replays: the setup read from the game and seat rows, the stored log
//! applied through the one replay path (`audit::Replay`), and a cache of replays by game.

use super::cache::ByteCache;
use super::seed::{derive_seed, GameSecret};
use crate::audit::{Author, Contribution, LogHeader, LogVersion, Replay, SeatName, Source};
use crate::domain::{ContributionSource, GameId};
use crate::engine::Seat;
use crate::kinds::{Kind, Options};
use crate::store::{ActionRow, GameRow, SeatRow};
use anyhow::{anyhow, bail, Context};
use std::sync::Arc;

/// The setup data stored with a started game, parsed.
pub(crate) struct Setup {
    pub header: LogHeader,
    /// The seats as the record shows them: for a v2 game, with the salt (or, for a forgotten
    /// player, the name hash) that its genesis covers.
    pub seats: Vec<SeatName>,
    pub options: Options,
    pub secret: GameSecret,
}

impl Setup {
    pub fn from_rows(kind: &dyn Kind, game: &GameRow, seats: &[SeatRow]) -> anyhow::Result<Setup> {
        let options = kind
            .read_options(&game.options)
            .map_err(|e| anyhow!("stored options are not valid: {e}"))?;
        let secret = GameSecret::from_hex(&game.secret)
            .ok_or_else(|| anyhow!("stored secret is malformed"))?;
        let contributions = seats
            .iter()
            .map(|s| -> anyhow::Result<Contribution> {
                let value = s
                    .contribution
                    .clone()
                    .ok_or_else(|| anyhow!("seat {} has no contribution", s.seat + 1))?;
                let source = s
                    .source()
                    .ok_or_else(|| anyhow!("seat {} has no contribution source", s.seat + 1))?;
                Ok(Contribution {
                    seat: Seat(u8::try_from(s.seat)?),
                    value,
                    source: match source {
                        ContributionSource::Player => Source::Player,
                        ContributionSource::Server => Source::Server,
                    },
                })
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        // A game created since salted names has a salt (or a forgotten player's hash) on
        // every seat; a game from before has none, and its genesis covers the plain names.
        let version = if seats
            .iter()
            .any(|s| s.name_salt.is_some() || s.name_hash.is_some())
        {
            LogVersion::V2
        } else {
            LogVersion::V1
        };
        let record_seats = seats
            .iter()
            .map(|s| -> anyhow::Result<SeatName> {
                let seat = Seat(u8::try_from(s.seat)?);
                let plain = SeatName::plain(seat, s.setup_name.clone());
                Ok(match version {
                    LogVersion::V1 => plain,
                    LogVersion::V2 => SeatName {
                        salt: s.name_salt.clone(),
                        name_hash: s.name_hash.clone(),
                        ..plain
                    },
                })
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        let covered = record_seats
            .iter()
            .map(|s| match version {
                LogVersion::V1 => Ok(s.name.clone()),
                LogVersion::V2 => s
                    .covered()
                    .ok_or_else(|| anyhow!("seat {} has no sound salt or name hash", s.seat)),
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        Ok(Setup {
            header: LogHeader {
                id: game.id.clone(),
                game: game.kind.clone(),
                rules_version: u32::try_from(game.rules_version)?,
                options: options.json().clone(),
                // The names the game was set up with, not who plays each seat now: the
                // genesis covers them (v1) or their salted hashes (v2), and a replacement
                // must not break the chain.
                seats: covered,
                commitment: game.commitment.clone(),
                contributions,
                version,
            },
            seats: record_seats,
            options,
            secret,
        })
    }

    /// The state before the first action, with its setup events, and h0.
    pub fn start(&self, kind: &dyn Kind) -> anyhow::Result<Replay> {
        let values: Vec<String> = self
            .header
            .contributions
            .iter()
            .map(|c| c.value.clone())
            .collect();
        let seed = derive_seed(self.secret.bytes(), &values);
        Replay::start(kind, &self.header, &self.options, seed, self.secret.bytes())
            .map_err(|e| anyhow!("the stored game does not set up: {e}"))
    }
}

/// Apply stored actions in order, checking sequence numbers and hashes, until the replay's
/// head is `head`; rows at or below the replay's seq are skipped and rows after `head` are
/// left alone. Returns whether `head` was reached.
pub(crate) fn catch_up(
    kind: &dyn Kind,
    replay: &mut Replay,
    rows: &[ActionRow],
    head: &str,
) -> anyhow::Result<bool> {
    let start = replay.seq as i64;
    for row in rows.iter().skip_while(|row| row.seq <= start) {
        if replay.head_hex() == head {
            return Ok(true);
        }
        extend(kind, replay, row)?;
    }
    Ok(replay.head_hex() == head)
}

/// Apply one stored action through the game's checked path, checking its seq and its hash.
pub(crate) fn extend(kind: &dyn Kind, replay: &mut Replay, row: &ActionRow) -> anyhow::Result<()> {
    if row.seq != replay.seq as i64 + 1 {
        bail!("the log jumps from {} to {}", replay.seq, row.seq);
    }
    let action = kind
        .read_action(&row.action)
        .map_err(|e| anyhow!("stored action {} is not valid: {e}", row.seq))?;
    let seat = Seat(u8::try_from(row.seat).context("a stored seat")?);
    replay
        .apply(seat, action, row.created_at, author_of(row)?)
        .map_err(|e| anyhow!("stored action {} is illegal on replay: {e}", row.seq))?;
    if replay.head_hex() != row.hash {
        bail!("the hash chain breaks at action {}", row.seq);
    }
    Ok(())
}

/// Who took a stored action, read from its row.
pub(crate) fn author_of(row: &ActionRow) -> anyhow::Result<Author> {
    Author::from_parts(&row.author, row.deadline)
        .map_err(|e| anyhow!("stored action {} has no sound author: {e}", row.seq))
}

/// A stored action: the game's canonical JSON of it, with who took it.
pub(crate) fn action_row(
    game_id: &GameId,
    seq: i64,
    seat: Seat,
    action: String,
    at: i64,
    author: Author,
    hash: String,
) -> ActionRow {
    ActionRow {
        game_id: game_id.to_string(),
        seq,
        seat: i32::from(seat.0),
        action,
        created_at: at,
        hash,
        author: author.name().into(),
        deadline: author.deadline(),
    }
}

/// Replays kept between requests, at most a number of bytes of them by [`replay_bytes`]. An
/// entry is only a starting point: the caller checks it against the stored log (the hash of
/// its last action) and applies whatever is newer.
pub(crate) struct ReplayCache(ByteCache<GameId, Arc<Replay>>);

impl ReplayCache {
    pub fn new(bound: usize) -> ReplayCache {
        ReplayCache(ByteCache::new(bound))
    }

    pub fn get(&self, id: &GameId) -> Option<Arc<Replay>> {
        self.0.read(id, |replay| Some(replay.clone()))
    }

    /// Keep a replay unless a newer one is already kept; the least recently used go first.
    pub fn put(&self, id: &GameId, replay: Arc<Replay>) {
        let bytes = replay_bytes(&replay);
        let seq = replay.seq;
        self.0
            .put(id.clone(), replay, bytes, |kept| kept.seq <= seq);
    }

    /// The estimated bytes kept, and how many replays.
    pub fn usage(&self) -> (usize, usize) {
        self.0.usage()
    }

    /// Whether a replay of the game is kept (without marking it used).
    pub fn holds(&self, id: &GameId) -> bool {
        self.0.contains(id)
    }
}

/// What a kept game's state costs beyond its steps, by estimate.
pub(crate) const STATE_BYTES: usize = 8 * 1024;
/// What one event costs in a step, by estimate.
const EVENT_BYTES: usize = 192;
/// What the allocator adds to a step's allocations (its size classes round up), by estimate.
const STEP_SLACK: usize = 64;

/// An estimate of the memory a replay holds: its state, and each step (the step, its action
/// and that action's JSON, its events). Steps shared with another replay count in each. The
/// constants were set against the resident memory of 400 copies of a 132-move Condottiere
/// game (`tests/store.rs`, `calibrate_the_cache_estimates_against_resident_memory`): 89 KB
/// measured a copy; docs/benchmarks.md has the figures.
pub(crate) fn replay_bytes(replay: &Replay) -> usize {
    use std::mem::size_of;
    let steps: usize = replay
        .steps
        .iter()
        .map(|step| {
            let action = step.action.as_ref().map_or(0, |action| {
                action
                    .json_if_made()
                    .map_or(0, |json| json.get().len() + 16)
                    + 64
            });
            // The step behind its `Arc` (two counts), its pointer in the list, its action.
            size_of::<crate::audit::Step>()
                + 16
                + 8
                + STEP_SLACK
                + action
                + step.events.len() * EVENT_BYTES
        })
        .sum();
    size_of::<Replay>() + STATE_BYTES + steps
}
