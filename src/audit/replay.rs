//! The one replay path: a game rebuilt from its setup and its log through the game's checked
//! path, extending the hash chain on the way. The verifier, the service's pages and moves
//! (behind its replay cache), records and the replay viewer all rebuild games with it.

use super::chain::{genesis, hash_parts, Hash, LogHeader};
use crate::engine::{Seat, Seed};
use crate::kinds::{Action, Events, Game, Kind, Options, Pending, RuleError};
use std::sync::Arc;

/// One step of the log with everything it caused. Events carry their audience: word them
/// with `Kind::events_words`, which shows each viewer only its own.
#[derive(Clone, Debug)]
pub struct Step {
    /// 0 for the setup, then the action's sequence number.
    pub seq: u64,
    /// Who acted (`None` for the setup).
    pub seat: Option<Seat>,
    pub action: Option<Action>,
    /// When the action was taken (ms since the epoch); none for the setup.
    pub at: Option<i64>,
    pub events: Events,
}

/// A game replayed up to `seq`: the state, the chain head after `seq`, every step's events,
/// and for each seat the step at which what it may do last changed.
#[derive(Clone, Debug)]
pub struct Replay {
    pub game: Game,
    /// Actions applied so far (0 right after the setup).
    pub seq: u64,
    pub head: Hash,
    /// Shared, so extending a cached replay by one action copies pointers, not events.
    pub steps: Vec<Arc<Step>>,
    /// The game's secret: it salts every entry hash, so the chain is extended with it.
    secret: [u8; 32],
    /// Seat by seat: the last step at which the seat acted or its pending decision changed.
    stamps: Vec<u64>,
    /// Who must decide now (kept to compare with the next step's).
    pending: Vec<Pending>,
}

impl Replay {
    /// The game set up as `header` says, with its `options` and `seed`: step 0, head h0.
    pub fn start(
        kind: &dyn Kind,
        header: &LogHeader,
        options: &Options,
        seed: Seed,
        secret: &[u8; 32],
    ) -> Result<Replay, String> {
        let players = u8::try_from(header.seats.len())
            .map_err(|_| format!("{} seats", header.seats.len()))?;
        let (game, events) = kind.setup(header.rules_version, options, players, seed)?;
        Ok(Replay {
            pending: game.pending(),
            stamps: vec![0; players as usize],
            game,
            seq: 0,
            head: genesis(header),
            secret: *secret,
            steps: vec![Arc::new(Step {
                seq: 0,
                seat: None,
                action: None,
                at: None,
                events,
            })],
        })
    }

    pub fn head_hex(&self) -> String {
        hex::encode(self.head)
    }

    /// When the last action was taken (none before the first).
    pub fn last_at(&self) -> Option<i64> {
        self.steps.last().and_then(|step| step.at)
    }

    /// The chain head after appending `action` as the next entry (see `audit::chain`).
    pub fn link(&self, seat: Seat, action: &Action, at: i64) -> Hash {
        hash_parts(
            &self.head,
            &self.secret,
            self.seq + 1,
            seat,
            action.json(),
            at,
        )
    }

    /// Apply the next entry through the game's checked path and extend the chain. On a rule
    /// error nothing changes.
    pub fn apply(&mut self, seat: Seat, action: Action, at: i64) -> Result<&Step, RuleError> {
        let (game, events) = self.game.apply(seat, &action)?;
        let seq = self.seq + 1;
        self.head = self.link(seat, &action, at);
        let pending = game.pending();
        fn decision(list: &[Pending], seat: Seat) -> Option<&crate::kinds::Decision> {
            list.iter().find(|p| p.seat == seat).map(|p| &p.decision)
        }
        for (index, stamp) in self.stamps.iter_mut().enumerate() {
            let s = Seat(index as u8);
            if s == seat || decision(&self.pending, s) != decision(&pending, s) {
                *stamp = seq;
            }
        }
        self.pending = pending;
        self.game = game;
        self.seq = seq;
        self.steps.push(Arc::new(Step {
            seq,
            seat: Some(seat),
            action: Some(action),
            at: Some(at),
            events,
        }));
        Ok(self.steps.last().expect("just pushed"))
    }

    /// The last step at which `seat` acted or what it must decide changed. A form drawn at
    /// this step or later is still good for the seat, whatever other seats did since: two
    /// seats deciding at once never make each other's forms stale.
    pub fn stamp(&self, seat: Seat) -> u64 {
        self.stamps.get(seat.index()).copied().unwrap_or(self.seq)
    }

    /// Who must decide now.
    pub fn pending(&self) -> &[Pending] {
        &self.pending
    }
}
