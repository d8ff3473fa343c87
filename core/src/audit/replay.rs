//! The one replay path: a game rebuilt from its setup and its log through the game's checked
//! path, extending the hash chain on the way. The verifier, the service's pages and moves
//! (behind its replay cache), records and the replay viewer all rebuild games with it.

use super::chain::{genesis, hash_parts, Author, Hash, LogHeader};
use crate::engine::{Audience, Seat, Seed, Sight};
use crate::kinds::table::{TableAction, TableError, Vote};
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
    /// Who took it: the seat's player, the clock or a bot (`None` for the setup).
    pub author: Option<Author>,
    pub events: Events,
}

/// Why the replay refuses an entry: the game's rules, or the clock's one rule (it plays the
/// game's default for the seat, once its deadline has passed). Nothing changes on a refusal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// The game's rules refuse the action.
    Rule(RuleError),
    /// A clock entry whose action (`played`) is not the game's default for the seat there
    /// (`None`: the seat owes no decision, so there is no default).
    NotTheDefault {
        played: Action,
        default: Option<Action>,
    },
    /// A clock entry taken before the deadline it enforced.
    BeforeDeadline { at: i64, deadline: i64 },
}

/// The reason in English, for logs (people read the game's words for a rule, and the
/// verifier's `Discrepancy`).
impl std::fmt::Display for Rejection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Rejection::Rule(error) => write!(f, "{error}"),
            Rejection::NotTheDefault {
                default: Some(default),
                ..
            } => write!(
                f,
                "the clock may only play the game's default, here {}",
                default.json().get()
            ),
            Rejection::NotTheDefault { default: None, .. } => {
                write!(
                    f,
                    "the clock may only play a default, and the seat owes no decision"
                )
            }
            Rejection::BeforeDeadline { at, deadline } => {
                write!(f, "the clock acted at {at}, before its deadline {deadline}")
            }
        }
    }
}

impl std::error::Error for Rejection {}

impl From<RuleError> for Rejection {
    fn from(error: RuleError) -> Rejection {
        Rejection::Rule(error)
    }
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
    /// Seat by seat: the step at which the seat's current step of the game began (see
    /// `Rules::step`), and the game's name for that step.
    step_starts: Vec<u64>,
    step_ids: Vec<Option<u64>>,
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
            step_starts: vec![0; players as usize],
            step_ids: Seat::all(players).map(|seat| game.step(seat)).collect(),
            game,
            seq: 0,
            head: genesis(header),
            secret: *secret,
            steps: vec![Arc::new(Step {
                seq: 0,
                seat: None,
                action: None,
                at: None,
                author: None,
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
    pub fn link(&self, seat: Seat, action: &Action, at: i64, author: Author) -> Hash {
        hash_parts(
            &self.head,
            &self.secret,
            self.seq + 1,
            seat,
            action.json(),
            at,
            author,
        )
    }

    /// Apply the next entry through the game's checked path and extend the chain: the game's
    /// rules decide whether the action is legal; an entry by the clock must moreover be the
    /// game's default for the seat (`default_action`) and be taken at or after its deadline,
    /// and not while the table paused the clock. A vote at the table (`kinds::table`) goes to
    /// the table layer instead. On a refusal nothing changes.
    pub fn apply(
        &mut self,
        seat: Seat,
        action: Action,
        at: i64,
        author: Author,
    ) -> Result<&Step, Rejection> {
        if let Author::Clock { deadline } = author {
            // The clock may not act while the table paused it.
            if self.game.table().and_then(|t| t.paused_at(at)).is_some() {
                return Err(Rejection::Rule(TableError::ClockPaused.rule_error()));
            }
            if at < deadline {
                return Err(Rejection::BeforeDeadline { at, deadline });
            }
            let default = self.game.default_action(seat);
            if default.as_ref() != Some(&action) {
                let played = action;
                return Err(Rejection::NotTheDefault { played, default });
            }
        }
        let (game, events) = match action.downcast::<TableAction>() {
            // A vote at the table (`kinds::table`): the table layer decides, at the entry's time.
            Some(vote) => self.game.vote(seat, &vote.table, at)?,
            None => self.game.apply(seat, &action)?,
        };
        let seq = self.seq + 1;
        self.head = self.link(seat, &action, at, author);
        let pending = game.pending();
        // A vote at the table starts no step of the game and stamps no form: only a decision
        // it changes (a vote that ends the game) does.
        let voted = action.downcast::<TableAction>().is_some();
        fn decision(list: &[Pending], seat: Seat) -> Option<&crate::kinds::Decision> {
            list.iter().find(|p| p.seat == seat).map(|p| &p.decision)
        }
        for (index, stamp) in self.stamps.iter_mut().enumerate() {
            let s = Seat(index as u8);
            let restamped =
                (s == seat && !voted) || decision(&self.pending, s) != decision(&pending, s);
            if restamped {
                *stamp = seq;
            }
            // A named step changes when its name does; an unnamed one is the decision itself.
            let id = game.step(s);
            let was = self.step_ids[index];
            let new_step = if id.is_some() || was.is_some() {
                id != was
            } else {
                restamped
            };
            if new_step {
                self.step_starts[index] = seq;
            }
            self.step_ids[index] = id;
        }
        self.pending = pending;
        self.game = game;
        self.seq = seq;
        self.steps.push(Arc::new(Step {
            seq,
            seat: Some(seat),
            action: Some(action),
            at: Some(at),
            author: Some(author),
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

    /// Whether `action` answers the table's proposal (agrees to it or declines it) from a form
    /// or mail drawn at move `seen`, before that proposal was made. Votes stamp no form, so
    /// without this an "agree" written under one proposal would answer the next one, which its
    /// author never saw: such an answer is stale.
    pub fn answers_unseen_proposal(&self, action: &Action, seen: i64) -> bool {
        let answers = action
            .downcast::<TableAction>()
            .is_some_and(|vote| matches!(vote.table, Vote::Agree | Vote::Decline));
        answers && self.proposal_step().is_some_and(|made| seen < made as i64)
    }

    /// The step that made the table's proposal, open or lapsed (the last proposal in the log:
    /// each one replaces the one before, which a decline or everyone's agreement has closed).
    fn proposal_step(&self) -> Option<u64> {
        self.game.table()?.proposed()?;
        self.steps
            .iter()
            .rev()
            .find(|step| {
                step.action
                    .as_ref()
                    .and_then(|a| a.downcast::<TableAction>())
                    .is_some_and(|vote| matches!(vote.table, Vote::Propose(_)))
            })
            .map(|step| step.seq)
    }

    /// The step at which `seat`'s current step of the game began (`Rules::step`): a War turn
    /// begins once, a phase of written orders once for every seat, however often the seat acts
    /// in it. Deadlines and reply tokens are keyed on it.
    pub fn step_start(&self, seat: Seat) -> u64 {
        self.step_starts
            .get(seat.index())
            .copied()
            .unwrap_or(self.seq)
    }

    /// Every seat's [`Replay::step_start`], seat 1 first.
    pub fn step_starts(&self) -> &[u64] {
        &self.step_starts
    }

    /// What is public now of what happened at step `seq`: the seats whose step open at `seq`
    /// has resolved since (their `Audience::Until` entries and events of that step are
    /// everyone's now), and whether the game is over. A step resolved at `seq` itself when the
    /// action there ended it.
    pub fn sight(&self, seq: u64) -> Sight {
        Sight {
            game_over: self.game.is_over(),
            resolved: self
                .step_starts
                .iter()
                .enumerate()
                .filter(|(_, start)| **start >= seq)
                .map(|(index, _)| Seat(index as u8))
                .collect(),
        }
    }

    /// Who may see a log entry now (`Kind::entry_audience` as it stands at this point of the
    /// game: an `Until` entry whose step resolved is everyone's); `Everyone` for the setup.
    pub fn entry_audience(&self, kind: &dyn Kind, step: &Step) -> Audience {
        match (step.seat, &step.action) {
            (Some(seat), Some(action)) => kind
                .entry_audience(&self.game.options(), seat, action)
                .seen(&self.sight(step.seq)),
            _ => Audience::Everyone,
        }
    }

    /// Who must decide now.
    pub fn pending(&self) -> &[Pending] {
        &self.pending
    }
}

/// One step of a record replayed: what it was, in words, and the state after it.
#[derive(Clone, Debug)]
pub struct RecordStep {
    pub step: Arc<Step>,
    /// The step in words (the default language): "Anna: play Mercenary 5"; for the setup,
    /// the game's own words for it ("the cards are shuffled and dealt").
    pub words: String,
    /// The state after this step.
    pub state: Game,
}

/// Walk a finished record's log through the game's checked path, calling `each` with the
/// state before each step (none for the setup) and the replay after it. Stops at the first
/// action the rules (or the clock's rule) refuse, or one blanked out (`Discrepancy` names its
/// position).
pub(crate) fn walk_record(
    record: &super::Record,
    kind: &dyn Kind,
    options: &Options,
    mut each: impl FnMut(Option<&Game>, &Replay),
) -> Result<Replay, super::Discrepancy> {
    use super::Discrepancy;
    let secret_text = record.secret.as_deref().ok_or(Discrepancy::NotFinished {
        actions: record.actions.len(),
    })?;
    let secret = super::parse_secret(secret_text).ok_or(Discrepancy::SecretNotHex)?;
    let seed = super::derive_seed(&secret, &record.contribution_values());
    let header = LogHeader {
        options: options.json().clone(),
        ..record.header()
    };
    let mut replay =
        Replay::start(kind, &header, options, seed, &secret).map_err(Discrepancy::Setup)?;
    each(None, &replay);
    for (i, entry) in record.actions.iter().enumerate() {
        let position = i + 1;
        let json = entry
            .action
            .as_ref()
            .ok_or(Discrepancy::Redacted { position })?;
        let action = kind
            .read_action(json.get())
            .map_err(|error| Discrepancy::BadEntry { position, error })?;
        let before = replay.game.clone();
        replay
            .apply(entry.seat, action, entry.at, entry.author)
            .map_err(|rejection| match rejection {
                Rejection::Rule(error) => Discrepancy::Illegal { position, error },
                Rejection::NotTheDefault { played, default } => Discrepancy::NotTheDefault {
                    position,
                    played: played.json().clone(),
                    default: default.map(|a| a.json().clone()),
                },
                Rejection::BeforeDeadline { at, deadline } => Discrepancy::BeforeDeadline {
                    position,
                    at,
                    deadline,
                },
            })?;
        each(Some(&before), &replay);
    }
    Ok(replay)
}

/// The record's game and options, as `registry` reads them.
fn kind_of<'r>(
    record: &super::Record,
    registry: &'r crate::kinds::Registry,
) -> Result<(&'r dyn Kind, Options), super::Discrepancy> {
    use super::Discrepancy;
    let kind = registry
        .get(&record.game)
        .map_err(|_| Discrepancy::UnknownGame {
            game: record.game.clone(),
            known: registry.names().iter().map(|n| n.to_string()).collect(),
        })?;
    let options = kind
        .read_options(record.options.get())
        .map_err(Discrepancy::Options)?;
    Ok((kind, options))
}

/// Every step of a finished record (setup first) with the state after it, or the first
/// problem met. For reviewing a record offline; `verify` checks it whole.
pub fn replay_states(
    record: &super::Record,
    registry: &crate::kinds::Registry,
) -> Result<Vec<RecordStep>, super::Discrepancy> {
    let (kind, options) = kind_of(record, registry)?;
    let words = registry.catalogs().default_words();
    let names =
        crate::present::SeatNames::new(record.seats.iter().map(|s| s.name.clone()).collect());
    let cx = crate::present::Ctx::new(words, &names, crate::engine::Viewer::Reviewer);
    let mut steps = Vec::new();
    walk_record(record, kind, &options, |_, replay| {
        let step = replay.steps.last().expect("a replay has its setup").clone();
        let words = match (&step.action, step.seat) {
            (Some(action), Some(seat)) => words.two(
                "record-step",
                ("name", names.name(seat)),
                ("action", kind.action_words(action, &cx)),
            ),
            _ => words.get(&format!("{}-setup", kind.name())),
        };
        steps.push(RecordStep {
            step,
            words,
            state: replay.game.clone(),
        })
    })?;
    Ok(steps)
}

/// The points worth jumping to in a finished record, in order, as its game's presenter marks
/// and words them (in the default language): the step after which each happened.
pub fn milestones(
    record: &super::Record,
    registry: &crate::kinds::Registry,
) -> Result<Vec<(u64, crate::present::Milestone)>, super::Discrepancy> {
    let (kind, options) = kind_of(record, registry)?;
    let names =
        crate::present::SeatNames::new(record.seats.iter().map(|s| s.name.clone()).collect());
    let cx = crate::present::Ctx::new(
        registry.catalogs().default_words(),
        &names,
        crate::engine::Viewer::Reviewer,
    );
    let mut found = Vec::new();
    walk_record(record, kind, &options, |before, replay| {
        let step = replay.steps.last().expect("a replay has its setup");
        for mark in kind.milestones(before, &replay.game, &step.events, &cx) {
            found.push((step.seq, mark));
        }
    })?;
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::Registry;

    /// A War game replayed with bots' moves: a seat's whole turn is one step (its start stays
    /// while it acts; its form stamp does not), and each seat's step resolves when the turn
    /// passes on.
    #[test]
    fn a_war_turn_is_one_step_however_often_its_seat_acts() {
        let registry = Registry::standard();
        let kind = registry.get("war").unwrap();
        let options = kind.read_options("{}").unwrap();
        let header = LogHeader {
            id: "steps".into(),
            game: "war".into(),
            rules_version: kind.current_rules_version(),
            options: options.json().clone(),
            seats: vec!["A".into(), "B".into(), "C".into()],
            commitment: String::new(),
            contributions: Vec::new(),
            version: Default::default(),
        };
        let mut replay =
            Replay::start(kind, &header, &options, Seed::from_u64(7), &[0; 32]).unwrap();
        let mut rng = <rand_chacha::ChaCha8Rng as rand_core::SeedableRng>::seed_from_u64(1);
        let mut within_turn = 0;
        let mut turns = 0;
        for at in 1..400 {
            let Some(pending) = replay.pending().first().cloned() else {
                break;
            };
            let seat = pending.seat;
            let (start, stamp, turn) = (
                replay.step_start(seat),
                replay.stamp(seat),
                replay.game.step(seat),
            );
            let action = replay.game.bot_action(seat, &mut rng).unwrap();
            replay.apply(seat, action, at, Author::Seat).unwrap();
            let seq = replay.seq;
            if replay.game.step(seat) == turn {
                // Still this turn: the step stands, the stamp moved on.
                assert_eq!(replay.step_start(seat), start, "move {seq}");
                assert!(replay.stamp(seat) > stamp);
                assert!(!replay.sight(seq).resolved.contains(&seat));
                within_turn += 1;
            } else {
                // The turn passed on: every seat's step changed, so all of it is public.
                for other in Seat::all(3) {
                    assert_eq!(replay.step_start(other), seq, "move {seq}");
                }
                assert!(replay.sight(seq).resolved.contains(&seat));
                turns += 1;
            }
        }
        assert!(within_turn > 10 && turns > 3, "{within_turn} {turns}");
    }

    #[test]
    fn an_until_entry_is_public_once_its_step_resolved() {
        let sight = Sight {
            game_over: false,
            resolved: vec![Seat(1)],
        };
        let until = Audience::Until(Seat(0));
        assert!(!until.admits(crate::engine::Viewer::Seat(Seat(1)), &sight));
        assert!(!until.admits(crate::engine::Viewer::Spectator, &sight));
        assert!(until.admits(crate::engine::Viewer::Seat(Seat(0)), &sight));
        assert_eq!(Audience::Until(Seat(1)).seen(&sight), Audience::Everyone);
        assert_eq!(
            Audience::Only(Seat(1)).seen(&sight),
            Audience::Only(Seat(1))
        );
        assert_eq!(until.seen(&Sight::over(true)), Audience::Everyone);
    }
}
