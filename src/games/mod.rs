//! The game service: the operations the web layer, the mail and the commands call (create,
//! accept, decline, relink, authorize, load, move, page data, record), for games of any kind.
//!
//! The service knows games only through the registry (`crate::kinds`): the stored `kind` of a
//! game picks the rules that set it up, replay it, check its moves and word it. Each write is
//! one transaction with its mails in the outbox; the mail worker (`crate::mail::Worker`)
//! delivers them later, nothing is ever sent inline. A move is the one async operation
//! [`Games::make_move`] (`moves.rs`): prepared outside the write lock, stored by the move
//! writer if the game did not change meanwhile.

mod history;
pub mod links;
mod moves;
pub mod names;
mod pages;
mod replay;
pub mod seed;

pub use history::HistoryEntry;
pub use links::{
    BadBaseUrl, BadReplyAddress, BadSeatToken, BadSecret, BaseUrl, Capability, Links, ReplyAddress,
    ReplyToken, SeatToken, Secret,
};
pub use moves::{ActionInput, Mover, Refused, MOVE_ATTEMPTS};
pub use names::{
    BadContribution, BadEmail, BadName, Contribution, EmailAddress, GameTitle, PlayerName,
};
pub use pages::{PublicPage, SeatPage};
pub use seed::GameSecret;

use crate::audit::Replay;
use crate::clock::SharedClock;
use crate::engine::{Seat, Viewer};
use crate::kinds::{Game, Kind, OptionProblem, Options, Registry, RuleError, UnknownKind};
use crate::mail::compose::{self, PlayerLine};
use crate::present::{Ctx, SeatNames, Words};
use crate::store::{
    self, write_transaction, AnyConnection, ContributionSource, GameRow, Millis, SeatRow,
};
pub use crate::store::{CancelledBy, Control, GameId, GameStatus};
use anyhow::anyhow;
pub use limits::{Limited, Limits};
use post::{Class, Recipient};
use replay::{ReplayCache, Setup};
use std::sync::Arc;

/// What the service needs from the configuration.
#[derive(Clone, Debug)]
pub struct GamesConfig {
    /// `CORRIERE_BASE_URL`: where links in mails point.
    pub base_url: BaseUrl,
    /// `CORRIERE_SECRET`: the key seat links are signed with (hex, at least 32 bytes).
    pub link_secret: Secret,
    /// The games this service plays.
    pub registry: Registry,
    /// Where the service reads the time.
    pub clock: SharedClock,
    /// Rate limits.
    pub limits: Limits,
    /// How long a sign-in link stays good.
    pub sign_in_ttl: std::time::Duration,
    /// Missed deadlines, grace, absences.
    pub time: time::TimeRules,
    /// Where replies to seat mails go (`None`: reply@ the base URL's host).
    pub reply_address: Option<ReplyAddress>,
}

impl GamesConfig {
    /// The service with these links and games, the system clock and the default limits.
    pub fn new(base_url: BaseUrl, link_secret: Secret, registry: Registry) -> GamesConfig {
        GamesConfig {
            base_url,
            link_secret,
            registry,
            clock: crate::clock::system(),
            limits: Limits::default(),
            sign_in_ttl: DEFAULT_SIGN_IN_TTL,
            time: time::TimeRules::default(),
            reply_address: None,
        }
    }
}

/// How long a sign-in link stays good unless configured otherwise.
pub const DEFAULT_SIGN_IN_TTL: std::time::Duration = std::time::Duration::from_secs(30 * 60);

/// The game service. Cheap to clone; clones share the replay cache.
#[derive(Clone)]
pub struct Games(Arc<Inner>);

struct Inner {
    links: Links,
    cache: ReplayCache,
    /// Histories in words, per reader.
    histories: history::HistoryCache,
    registry: Registry,
    clock: SharedClock,
    limits: Limits,
    sign_in_ttl: std::time::Duration,
    time: time::TimeRules,
    reply_address: ReplyAddress,
}

/// A seat whose link was checked: the only way to act for a seat as its player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatAuth {
    game_id: GameId,
    seat: Seat,
}

impl SeatAuth {
    /// For server-side callers acting for a seat without a link (deadline defaults, tests,
    /// admin tools). Never build one from web input: use [`Games::authorize`].
    pub fn for_server(game_id: GameId, seat: Seat) -> SeatAuth {
        SeatAuth { game_id, seat }
    }
    pub fn game_id(&self) -> &GameId {
        &self.game_id
    }
    pub fn seat(&self) -> Seat {
        self.seat
    }
}

/// The input of [`Games::create_game`].
#[derive(Clone, Debug)]
pub struct NewGame {
    /// The kind of game, by its registered name.
    pub game: String,
    /// The game's options as a JSON object (the API's body, or a form's fields made into one).
    pub options: serde_json::Value,
    /// Seat 1 first.
    pub seats: Vec<NewSeat>,
    /// Which seat created the game (named as the inviter in the invitations).
    pub creator_seat: Seat,
    /// The name the creator gave the game (mail subjects and pages show it).
    pub title: Option<GameTitle>,
    /// Whether the creator already proved their address (signed in as it): then the
    /// invitations leave at once; otherwise a confirmation mail goes to the creator first.
    pub creator_confirmed: bool,
    /// The creating client's IP address, for the rate limits (`None`: not counted by IP).
    pub client_ip: Option<String>,
    /// The pace: hours each seat has for a decision ([`PACE_HOURS`]); `None`: no deadline.
    pub hours_per_decision: Option<u32>,
    /// Only the players see the table's talk (spectators see public messages otherwise).
    pub private_table: bool,
    /// The language the creator created it in (`None`: unknown, as from the API): remembered
    /// as the creator's, and as that of each invited person the service knows no language of,
    /// so the confirmation and the invitations are written in it.
    pub language: Option<String>,
}

/// A seat of a new game: a person (name, address) or a bot.
#[derive(Clone, Debug)]
pub enum NewSeat {
    Person(PlayerName, EmailAddress),
    Bot(PlayerName),
}

impl NewSeat {
    pub fn name(&self) -> &PlayerName {
        match self {
            NewSeat::Person(name, _) | NewSeat::Bot(name) => name,
        }
    }
    pub fn email(&self) -> Option<&EmailAddress> {
        match self {
            NewSeat::Person(_, email) => Some(email),
            NewSeat::Bot(_) => None,
        }
    }
}

/// The paces a creator may choose, in hours per decision (12 hours to 14 days).
pub const PACE_HOURS: std::ops::RangeInclusive<u32> = 12..=336;
/// The pace unless the creator chooses another: three days.
pub const DEFAULT_PACE_HOURS: u32 = 72;

impl NewGame {
    /// A game of `game` with these seats, created by `creator_seat` who proved their address,
    /// untitled, not counted against any client (the shell, tests, benchmarks).
    pub fn confirmed(
        game: &str,
        options: serde_json::Value,
        seats: Vec<(PlayerName, EmailAddress)>,
        creator_seat: Seat,
    ) -> NewGame {
        NewGame {
            game: game.to_owned(),
            options,
            seats: seats
                .into_iter()
                .map(|(name, email)| NewSeat::Person(name, email))
                .collect(),
            creator_seat,
            title: None,
            creator_confirmed: true,
            client_ip: None,
            hours_per_decision: None,
            private_table: false,
            language: None,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Created {
    pub game_id: GameId,
    pub creator_seat: Seat,
    /// The creator's seat token and full link, to redirect the creator to the seat page.
    pub creator_token: SeatToken,
    pub creator_url: String,
    /// Whether the invitations left (else the creator was asked to confirm first).
    pub confirmed: bool,
}

/// The public facts of a game (never the secret before the end).
#[derive(Clone, Debug)]
pub struct GameInfo {
    pub id: GameId,
    pub kind: String,
    pub rules_version: u32,
    pub options: Options,
    pub status: GameStatus,
    /// Set when the game was cancelled.
    pub cancelled_by: Option<CancelledBy>,
    /// The rematch proposed after this game.
    pub rematch: Option<GameId>,
    pub players: u8,
    pub created_at: Millis,
    pub ended_at: Option<Millis>,
    /// Hex SHA-256 of the server secret.
    pub commitment: String,
    pub log_head: Option<String>,
    pub creator_seat: Seat,
    /// Only the players read the table's talk.
    pub private_table: bool,
}

/// A seat as anyone may see it (no email address).
#[derive(Clone, Debug)]
pub struct SeatInfo {
    pub seat: Seat,
    pub name: String,
    pub accepted: bool,
    /// Public once given: it is part of the seed and of h0.
    pub contribution: Option<String>,
    pub contribution_source: Option<ContributionSource>,
    pub last_seen_seq: i64,
}

/// A game as stored, with its state replayed when it has started.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub game: GameInfo,
    pub seats: Vec<SeatInfo>,
    /// `None` before every seat accepted (and for cancelled games).
    pub replay: Option<Arc<Replay>>,
}

impl Loaded {
    /// Actions applied so far (0 before the first, and before the start).
    pub fn seq(&self) -> i64 {
        self.replay.as_ref().map_or(0, |r| r.seq as i64)
    }
    pub fn state(&self) -> Option<&Game> {
        self.replay.as_ref().map(|r| &r.game)
    }
    pub fn names(&self) -> SeatNames {
        names_of_infos(&self.seats)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accepted {
    /// Whether this acceptance was the last one and the game has started.
    pub started: bool,
}

#[derive(Clone, Debug)]
pub struct MoveOutcome {
    /// The sequence number of the last stored action (the new current seq).
    pub seq: i64,
    pub log_head: String,
    pub game_over: bool,
    /// What the mover may see of what the move caused, in words.
    pub happened: Vec<String>,
    /// The seats that owe a decision now (public: the spectator page shows it too).
    pub waiting: Vec<Seat>,
    /// In a script: the action the rules refused after the ones before it were stored.
    pub refused: Option<Refused>,
}

macro_rules! service_error {
    ($(#[$meta:meta])* $name:ident { $($body:tt)* }) => {
        $(#[$meta])*
        #[derive(Debug, thiserror::Error)]
        pub enum $name {
            $($body)*
            /// Anything else: a 500 page; the cause goes to the log.
            #[error("unexpected error")]
            Unexpected(#[source] anyhow::Error),
        }
        impl From<diesel::result::Error> for $name {
            fn from(error: diesel::result::Error) -> Self {
                $name::Unexpected(error.into())
            }
        }
        impl From<anyhow::Error> for $name {
            fn from(error: anyhow::Error) -> Self {
                $name::Unexpected(error)
            }
        }
        impl From<askama::Error> for $name {
            fn from(error: askama::Error) -> Self {
                $name::Unexpected(error.into())
            }
        }
    };
}

// Declared after `service_error!` so it can use the macro.
pub mod admin;
pub mod limits;
pub mod people;
pub mod post;
pub mod rematch;
pub mod replies;
pub mod review;
pub mod talk;
pub mod time;

/// One thing wrong with a new game; the web layer words it (`CreateProblem::words`).
#[derive(Clone, Debug)]
pub enum CreateProblem {
    UnknownGame(String),
    /// The table has `given` seats; the game takes `min` to `max`.
    Players {
        min: u8,
        max: u8,
        given: usize,
    },
    /// The creator's seat (from 1) is not one of the seats.
    CreatorSeat(u8),
    /// Two seats (from 1) have the same address: one person cannot hold two seats.
    SameAddress(u8, u8),
    /// The address of this seat (from 1) asked never to be mailed by this service.
    Suppressed(u8),
    /// The creator's seat (from 1) is a bot's.
    CreatorBot(u8),
    /// The pace is outside [`PACE_HOURS`].
    Pace(u32),
    /// The options do not read as the game's (serde's message).
    Options(String),
    /// A problem the game found with the options.
    Option(OptionProblem),
}

impl CreateProblem {
    /// The problem in `words`' language; `kind` words the game's own problems.
    pub fn words(&self, kind: Option<&dyn Kind>, words: Words) -> String {
        match self {
            CreateProblem::UnknownGame(game) => words.one("create-problem-game", "game", game),
            CreateProblem::Players { min, max, given } => words.with(
                "create-problem-players",
                &[
                    (
                        "game",
                        kind.map_or_else(String::new, |k| {
                            words.get(&format!("{}-title", k.name()))
                        })
                        .into(),
                    ),
                    ("min", (*min).into()),
                    ("max", (*max).into()),
                    ("given", (*given).into()),
                ],
            ),
            CreateProblem::CreatorSeat(seat) => words.one("create-problem-creator", "seat", *seat),
            CreateProblem::SameAddress(first, second) => words.two(
                "create-problem-same-address",
                ("first", *first),
                ("second", *second),
            ),
            CreateProblem::Suppressed(seat) => {
                words.one("create-problem-suppressed", "seat", *seat)
            }
            CreateProblem::CreatorBot(seat) => {
                words.one("create-problem-creator-bot", "seat", *seat)
            }
            CreateProblem::Pace(_) => words.two(
                "create-problem-pace",
                ("min", *PACE_HOURS.start()),
                ("max", *PACE_HOURS.end()),
            ),
            CreateProblem::Options(why) => words.one("create-problem-options", "why", why),
            CreateProblem::Option(problem) => match kind {
                Some(kind) => {
                    let names = SeatNames::default();
                    kind.option_problem_words(problem, &Ctx::new(words, &names, Viewer::Spectator))
                }
                None => problem.to_string(),
            },
        }
    }
}

service_error!(CreateError {
    /// The players or options are not a game: every problem.
    #[error("{0:?}")]
    Invalid(Vec<CreateProblem>),
    /// Too many games from this client or creator, or invitations to an address.
    #[error("a rate limit was reached: {0:?}")]
    Limited(Limited),
});

service_error!(ConfirmError {
    #[error("there is no such game")]
    NoSuchGame,
    #[error("this confirmation link is not valid")]
    BadLink,
    #[error("this game is no longer waiting for players")]
    NotInviting,
});

service_error!(AuthError {
    #[error("there is no such game")]
    NoSuchGame,
    /// Wrong seat, wrong or retired token: deliberately not told apart.
    #[error("this seat link is not valid (it may have been replaced by a newer one)")]
    BadLink,
});

service_error!(AcceptError {
    #[error("there is no such game")]
    NoSuchGame,
    #[error("this game is no longer waiting for players")]
    NotInviting,
    #[error("you have already accepted")]
    AlreadyAccepted,
});

service_error!(DeclineError {
    #[error("there is no such game")]
    NoSuchGame,
    #[error("this game is no longer waiting for players")]
    NotInviting,
});

/// What an invitation invites to.
enum Invite {
    NewGame,
    /// A rematch of the game named `old_title`.
    Rematch {
        old_title: String,
    },
}

/// Who called a game off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cancel {
    /// A seat declined its invitation.
    Declined(Seat),
    /// The operator cancelled it (`corriere game cancel`).
    Operator,
    /// Its creator cancelled it, from their seat.
    Creator(Seat),
}

service_error!(CancelError {
    #[error("there is no such game")]
    NoSuchGame,
    #[error("this game can no longer be cancelled")]
    NotCancellable,
});

service_error!(RelinkError {
    #[error("there is no such game")]
    NoSuchGame,
    #[error("there is no such seat in this game")]
    NoSuchSeat,
});

service_error!(LoadError {
    #[error("there is no such game")]
    NoSuchGame,
    /// The stored game is of a kind this server does not play (its name).
    #[error("this server does not play {0:?}")]
    UnknownKind(String),
});

impl From<UnknownKind> for LoadError {
    fn from(error: UnknownKind) -> LoadError {
        LoadError::UnknownKind(error.0)
    }
}

service_error!(MoveError {
    #[error("there is no such game")]
    NoSuchGame,
    /// Wrong seat, wrong or retired token: deliberately not told apart.
    #[error("this seat link is not valid (it may have been replaced by a newer one)")]
    BadLink,
    /// What arrived is not one of the game's actions: why (the JSON reader's message for an
    /// action sent as JSON, the presenter's words for its own forms).
    #[error("{0}")]
    Unreadable(String),
    /// The form was drawn before the seat's decision changed: the game moved on.
    #[error("the game has moved on (now at move {current_seq}); reload and try again")]
    Stale { current_seq: i64 },
    /// The rules refuse the (first) action: nothing was stored.
    #[error("{0}")]
    Illegal(RuleError),
    #[error("this game is not being played")]
    NotPlaying,
    /// The clock or a bot was asked to act for a seat that owes no decision now.
    #[error("this seat owes no decision now")]
    NothingToDecide,
    /// The clock was given an action that is not the game's default for the seat's decision.
    #[error("the clock plays only the game's default action")]
    NotTheDefault,
    /// The clock was asked to act before the deadline it enforces.
    #[error("the deadline has not passed yet")]
    BeforeDeadline { deadline: Millis },
});

/// How many replays the cache keeps.
const CACHE_CAPACITY: usize = 1024;

/// How many histories in words are kept (one per game, language, viewer and zone): a game of
/// 150 steps keeps about 30 KB a reader, so at most some 60 MB. A history not kept is written
/// whole again, as every page did before.
const HISTORY_CAPACITY: usize = 2 * CACHE_CAPACITY;

fn seat_of(row: &SeatRow) -> Seat {
    Seat(row.seat as u8)
}

fn short(head: &str) -> String {
    head.chars().take(16).collect()
}

fn seat_infos(seats: &[SeatRow]) -> Vec<SeatInfo> {
    seats
        .iter()
        .map(|s| SeatInfo {
            seat: seat_of(s),
            name: s.name.clone(),
            accepted: s.accepted_at.is_some(),
            contribution: s.contribution.clone(),
            contribution_source: s.source(),
            last_seen_seq: s.last_seen_seq,
        })
        .collect()
}

fn names_of(seats: &[SeatRow]) -> SeatNames {
    SeatNames::new(seats.iter().map(|s| s.name.clone()).collect())
}

fn names_of_infos(seats: &[SeatInfo]) -> SeatNames {
    SeatNames::new(seats.iter().map(|s| s.name.clone()).collect())
}

/// What `cx.viewer` may see of the steps after `since`, in words, oldest first.
fn happened_since(kind: &dyn Kind, replay: &Replay, since: i64, cx: &Ctx) -> Vec<String> {
    let over = replay.game.is_over();
    replay
        .steps
        .iter()
        .filter(|step| step.seq as i64 > since)
        .flat_map(|step| step_words(kind, step, over, cx))
        .collect()
}

/// A step in words for `cx.viewer`: who made it when it was not the seat's player (the clock
/// at a deadline, a bot), then its events.
fn step_words(kind: &dyn Kind, step: &crate::audit::Step, over: bool, cx: &Ctx) -> Vec<String> {
    let mut lines = Vec::new();
    if let (Some(seat), Some(author)) = (step.seat, step.author) {
        let key = match author {
            crate::audit::Author::Clock { .. } => Some("history-clock"),
            crate::audit::Author::Bot => Some("history-bot"),
            crate::audit::Author::Seat => None,
        };
        if let Some(key) = key {
            lines.push(cx.words.one(key, "name", cx.names.name(seat)));
        }
    }
    lines.extend(kind.events_words(&step.events, over, cx));
    lines
}

impl Games {
    pub fn new(config: GamesConfig) -> Games {
        let reply_address = config
            .reply_address
            .unwrap_or_else(|| ReplyAddress::for_base(&config.base_url));
        Games(Arc::new(Inner {
            reply_address,
            links: Links::new(config.link_secret, config.base_url),
            cache: ReplayCache::new(CACHE_CAPACITY),
            histories: history::HistoryCache::new(HISTORY_CAPACITY),
            registry: config.registry,
            clock: config.clock,
            limits: config.limits,
            sign_in_ttl: config.sign_in_ttl,
            time: config.time,
        }))
    }

    /// The time now, by the service's clock.
    pub fn now(&self) -> Millis {
        self.0.clock.millis()
    }

    /// Where replies to seat mails go.
    pub fn reply_address(&self) -> &ReplyAddress {
        &self.0.reply_address
    }

    /// The service's clock.
    pub fn clock(&self) -> &SharedClock {
        &self.0.clock
    }

    pub fn limits(&self) -> &Limits {
        &self.0.limits
    }

    /// Link making and checking (the web layer uses it for URLs; tests for tokens).
    pub fn links(&self) -> &Links {
        &self.0.links
    }

    /// The games this service plays.
    pub fn registry(&self) -> &Registry {
        &self.0.registry
    }

    /// The kind of a stored game: an unknown one is an error, never a panic.
    pub fn kind(&self, name: &str) -> Result<&dyn Kind, UnknownKind> {
        self.0.registry.get(name)
    }

    /// The words of the default language (the operator's views, people without a choice).
    fn default_words(&self) -> Words<'_> {
        self.0.registry.catalogs().default_words()
    }

    fn info_of(&self, row: &GameRow, players: usize) -> anyhow::Result<GameInfo> {
        let kind = self.kind(&row.kind)?;
        Ok(GameInfo {
            id: GameId::parse(&row.id)?,
            kind: row.kind.clone(),
            rules_version: u32::try_from(row.rules_version)?,
            options: kind
                .read_options(&row.options)
                .map_err(|e| anyhow!("stored options of game {}: {e}", row.id))?,
            status: row.status(),
            cancelled_by: row.cancelled_by.as_deref().and_then(CancelledBy::parse),
            rematch: row.rematch.as_deref().map(GameId::parse).transpose()?,
            players: u8::try_from(players)?,
            created_at: Millis(row.created_at),
            ended_at: row.ended_at.map(Millis),
            commitment: row.commitment.clone(),
            log_head: row.log_head.clone(),
            creator_seat: Seat(u8::try_from(row.creator_seat)?),
            private_table: row.private_table,
        })
    }

    /// Check a new game: the kind, the players, the creator's seat and the options.
    fn check_new(&self, new: &NewGame) -> Result<(&dyn Kind, Options), Vec<CreateProblem>> {
        let kind = self
            .kind(&new.game)
            .map_err(|_| vec![CreateProblem::UnknownGame(new.game.clone())])?;
        let mut problems = Vec::new();
        let players = new.seats.len();
        let (min, max) = kind.players();
        if !(min as usize..=max as usize).contains(&players) {
            problems.push(CreateProblem::Players {
                min,
                max,
                given: players,
            });
        }
        match new.seats.get(new.creator_seat.index()) {
            None => problems.push(CreateProblem::CreatorSeat(new.creator_seat.number())),
            Some(NewSeat::Bot(_)) => {
                problems.push(CreateProblem::CreatorBot(new.creator_seat.number()))
            }
            Some(NewSeat::Person(..)) => {}
        }
        for (i, first) in new.seats.iter().enumerate() {
            let Some(first) = first.email() else { continue };
            if let Some(j) = new.seats[i + 1..]
                .iter()
                .position(|other| other.email().is_some_and(|o| o.key() == first.key()))
            {
                problems.push(CreateProblem::SameAddress(i as u8 + 1, (i + j) as u8 + 2));
            }
        }
        if let Some(hours) = new.hours_per_decision {
            if !PACE_HOURS.contains(&hours) {
                problems.push(CreateProblem::Pace(hours));
            }
        }
        let options = match kind.read_options(&new.options.to_string()) {
            Ok(options) => options,
            Err(why) => {
                problems.push(CreateProblem::Options(why));
                return Err(problems);
            }
        };
        if problems.is_empty() {
            problems.extend(
                kind.option_problems(&options, players as u8)
                    .into_iter()
                    .map(CreateProblem::Option),
            );
        }
        if problems.is_empty() {
            Ok((kind, options))
        } else {
            Err(problems)
        }
    }

    /// Create a game in `inviting` status: draw its secret and store the commitment. If the
    /// creator proved their address, every other seat is invited at once; otherwise the creator
    /// is mailed a confirmation link first, and nobody is invited before it is followed. The
    /// creator gets no invitation: they accept from their own seat page.
    pub fn create_game(
        &self,
        conn: &mut AnyConnection,
        new: NewGame,
    ) -> Result<Created, CreateError> {
        let created = write_transaction(conn, |conn| self.create_in(conn, &new, None))?;
        tracing::info!(game.id = %created.game_id, game = %new.game, players = new.seats.len(), confirmed = new.creator_confirmed, "game created");
        Ok(created)
    }

    /// Create a game inside the caller's write transaction; `rematch_of`: the game it replays
    /// (its players are invited to a rematch rather than to a new game).
    fn create_in(
        &self,
        conn: &mut AnyConnection,
        new: &NewGame,
        rematch_of: Option<(&GameRow, &str)>,
    ) -> Result<Created, CreateError> {
        let (kind, options) = self.check_new(new).map_err(CreateError::Invalid)?;
        let now = self.now();
        let game_id = GameId::generate();
        let secret = GameSecret::generate();
        let row = GameRow {
            id: game_id.to_string(),
            kind: kind.name().into(),
            rules_version: kind.current_rules_version() as i32,
            options: options.json().get().to_owned(),
            status: GameStatus::Inviting.as_str().into(),
            created_at: now.0,
            commitment: secret.commitment(),
            secret: secret.to_hex(),
            log_head: None,
            creator_seat: new.creator_seat.0 as i32,
            ended_at: None,
            revision: 0,
            cancelled_by: None,
            title: new.title.as_ref().map(|t| t.as_str().to_owned()),
            confirmed_at: new.creator_confirmed.then_some(now.0),
            rematch_of: rematch_of.map(|(old, _)| old.id.clone()),
            rematch: None,
            hours_per_decision: new.hours_per_decision.map(|h| h as i32),
            private_table: new.private_table,
        };
        // A bot's seat is taken at once, with a contribution the server draws.
        let seats: Vec<SeatRow> = new
            .seats
            .iter()
            .enumerate()
            .map(|(index, seat)| {
                let bot = seat.email().is_none();
                SeatRow {
                    game_id: row.id.clone(),
                    seat: index as i32,
                    name: seat.name().to_string(),
                    email: seat.email().map(|e| e.to_string()).unwrap_or_default(),
                    link_version: 1,
                    accepted_at: bot.then_some(now.0),
                    contribution: bot.then(|| Contribution::server_drawn().as_str().to_owned()),
                    contribution_source: bot
                        .then(|| ContributionSource::Server.as_str().to_owned()),
                    last_seen_seq: 0,
                    control: if bot { Control::Bot } else { Control::Player }
                        .as_str()
                        .to_owned(),
                    missed: 0,
                    resigned_at: None,
                    messages_mailed_at: 0,
                }
            })
            .collect();
        let creator = &seats[new.creator_seat.index()];
        self.count_creation(conn, new, &creator.email, now)?;
        let mut suppressed = Vec::new();
        for seat in seats.iter().filter(|s| s.has_person()) {
            let person = store::ensure_address(conn, &seat.email, now)?;
            if let Some(lang) = &new.language {
                let creator = seat.seat == row.creator_seat;
                let unknown = person.language.is_none() && person.language_seen.is_none();
                if creator || unknown {
                    self.note_language_seen(conn, &person, lang)?;
                }
            }
            if person.suppressed_at.is_some() {
                suppressed.push(CreateProblem::Suppressed(seat_of(seat).number()));
            }
            if person.verified_at.is_none() && seat.seat != row.creator_seat {
                let limits = self.limits();
                let bucket = format!("invitations:{}", person.address);
                limits::count(
                    conn,
                    "invitations",
                    &bucket,
                    limits::DAY,
                    limits.invitations_per_day,
                    now,
                )?
                .map_err(CreateError::Limited)?;
            }
        }
        if !suppressed.is_empty() {
            return Err(CreateError::Invalid(suppressed));
        }
        store::insert_game(conn, &row)?;
        for seat in &seats {
            store::insert_seat(conn, seat)?;
        }
        if new.creator_confirmed {
            store::mark_verified(conn, &creator.email, now)?;
            let how = match rematch_of {
                Some((_, old_title)) => Invite::Rematch {
                    old_title: old_title.to_owned(),
                },
                None => Invite::NewGame,
            };
            self.invite(conn, kind, &row, &seats, how, now)?;
        } else {
            self.ask_confirmation(conn, &row, &seats, now)?;
        }
        let links = &self.0.links;
        Ok(Created {
            creator_token: links.token(&game_id, new.creator_seat, 1),
            creator_url: links.seat_url(&game_id, new.creator_seat, 1),
            game_id,
            creator_seat: new.creator_seat,
            confirmed: new.creator_confirmed,
        })
    }

    /// Count a creation against the client's and the creator's hourly and daily limits.
    fn count_creation(
        &self,
        conn: &mut AnyConnection,
        new: &NewGame,
        creator_email: &str,
        now: Millis,
    ) -> Result<(), CreateError> {
        let limits = *self.limits();
        let mut buckets = vec![format!("games:{}", store::address_key(creator_email))];
        buckets.extend(new.client_ip.iter().map(|ip| format!("games-ip:{ip}")));
        for bucket in &buckets {
            for (window, limit) in [
                (limits::HOUR, limits.games_per_hour),
                (limits::DAY, limits.games_per_day),
            ] {
                limits::count(conn, "games", bucket, window, limit, now)?
                    .map_err(CreateError::Limited)?;
            }
        }
        Ok(())
    }

    /// The name of a stored game in `words` (a game of a kind this server does not play is
    /// named by its title or its kind's name).
    fn name_of(&self, row: &GameRow, seats: &[SeatRow], words: Words) -> String {
        let players: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        match self.kind(&row.kind) {
            Ok(kind) => self.game_name(kind, row.title.as_deref(), &players, words),
            Err(_) => row.title.clone().unwrap_or_else(|| row.kind.clone()),
        }
    }

    /// Mail the creator the link that proves their address and releases the invitations.
    fn ask_confirmation(
        &self,
        conn: &mut AnyConnection,
        row: &GameRow,
        seats: &[SeatRow],
        now: Millis,
    ) -> Result<(), CreateError> {
        let id = GameId::parse(&row.id).map_err(anyhow::Error::from)?;
        let creator = &seats[row.creator_seat as usize];
        let to = self.recipient(conn, &creator.name, &creator.email, Some(&id), now)?;
        let signature = self
            .links()
            .sign(Capability::Confirm, &[&row.id, &to.person.address]);
        let mail = compose::Confirm {
            w: to.words,
            footer: self.footer(&to.person),
            to_name: creator.name.clone(),
            game_title: self.name_of(row, seats, to.words),
            confirm_url: self
                .links()
                .url(&format!("/games/{}/confirm/{signature}", row.id)),
            seat_url: self
                .0
                .links
                .seat_url(&id, seat_of(creator), creator.link_version),
        }
        .render()?;
        if let Some(mail) = self.letter(&to, Class::Asked, Some(&id), "confirm", mail) {
            store::enqueue(conn, mail, now)?;
        }
        Ok(())
    }

    /// The creator followed the confirmation link: their address is proven and the
    /// invitations leave (once, however often the link is followed). The creator's seat URL.
    pub fn confirm(
        &self,
        conn: &mut AnyConnection,
        id: &GameId,
        signature: &str,
    ) -> Result<String, ConfirmError> {
        let now = self.now();
        let url = write_transaction(conn, |conn| -> Result<String, ConfirmError> {
            let row = store::lock_game(conn, id)?.ok_or(ConfirmError::NoSuchGame)?;
            let seats = store::seats_of(conn, id)?;
            let creator = seats
                .iter()
                .find(|s| s.seat == row.creator_seat)
                .ok_or_else(|| anyhow!("game {id} has no creator seat"))?;
            let address = store::address_key(&creator.email);
            if !self
                .links()
                .check(Capability::Confirm, &[&row.id, &address], signature)
            {
                return Err(ConfirmError::BadLink);
            }
            if row.confirmed_at.is_none() {
                if row.status() != GameStatus::Inviting {
                    return Err(ConfirmError::NotInviting);
                }
                store::set_confirmed(conn, id, now)?;
                store::mark_verified(conn, &creator.email, now)?;
                let kind = self.kind(&row.kind).map_err(anyhow::Error::from)?;
                self.invite(conn, kind, &row, &seats, Invite::NewGame, now)?;
                tracing::info!(game.id = %id, "creator confirmed; invitations queued");
            }
            Ok(self
                .0
                .links
                .seat_url(id, seat_of(creator), creator.link_version))
        })?;
        Ok(url)
    }

    /// Invite every seat but the creator's, to a new game or to a rematch.
    fn invite(
        &self,
        conn: &mut AnyConnection,
        kind: &dyn Kind,
        row: &GameRow,
        seats: &[SeatRow],
        how: Invite,
        now: Millis,
    ) -> anyhow::Result<()> {
        let id = GameId::parse(&row.id)?;
        let options = kind
            .read_options(&row.options)
            .map_err(|e| anyhow!("stored options of game {id}: {e}"))?;
        let names = names_of(seats);
        let creator = &seats[row.creator_seat as usize];
        let recipients = self.seat_recipients(conn, &id, seats, now)?;
        for (seat_row, to) in seats.iter().zip(&recipients) {
            let Some(to) = to else { continue };
            if seat_row.seat == row.creator_seat {
                continue;
            }
            let players: Vec<PlayerLine> = seats
                .iter()
                .map(|s| PlayerLine {
                    number: seat_of(s).number(),
                    name: s.name.clone(),
                    is_you: s.seat == seat_row.seat,
                })
                .collect();
            let seat_url = self
                .0
                .links
                .seat_url(&id, seat_of(seat_row), seat_row.link_version);
            if let Invite::Rematch { old_title, .. } = &how {
                let mail = compose::Rematch {
                    w: to.words,
                    footer: self.footer(&to.person),
                    to_name: seat_row.name.clone(),
                    proposer: creator.name.clone(),
                    old_title: old_title.clone(),
                    players,
                    seat_url,
                }
                .render()?;
                if let Some(mail) = self.letter(to, Class::Game, Some(&id), "rematch", mail) {
                    store::enqueue(conn, mail, now)?;
                }
                continue;
            }
            let cx = Ctx::new(to.words, &names, Viewer::Spectator);
            let mail = compose::Invitation {
                w: to.words,
                footer: self.footer(&to.person),
                to_name: seat_row.name.clone(),
                game_title: self.name_of(row, seats, to.words),
                kind_title: to.words.get(&format!("{}-title", kind.name())),
                game_id: id.to_string(),
                inviter: creator.name.clone(),
                inviter_address: creator.email.clone(),
                players,
                options: kind.options_words(&options, &cx),
                notes: kind.option_notes(&options, &cx),
                commitment: row.commitment.clone(),
                seat_url,
                game_url: self.0.links.game_url(&id),
            }
            .render()?;
            if let Some(mail) = self.letter(to, Class::Game, Some(&id), "invitation", mail) {
                store::enqueue(conn, mail, now)?;
            }
        }
        Ok(())
    }

    /// Check a seat link (in constant time) against the seats of its game as just read.
    pub(crate) fn authorize_among(
        &self,
        seats: &[SeatRow],
        game_id: &GameId,
        seat: Seat,
        token: &SeatToken,
    ) -> Result<SeatAuth, AuthError> {
        let row = seats
            .iter()
            .find(|s| seat_of(s) == seat)
            .ok_or(AuthError::BadLink)?;
        if !self.0.links.verify(game_id, seat, row.link_version, token) {
            return Err(AuthError::BadLink);
        }
        Ok(SeatAuth {
            game_id: game_id.clone(),
            seat,
        })
    }

    /// Check a seat link (in constant time) against the seat's current link version.
    pub fn authorize(
        &self,
        conn: &mut AnyConnection,
        game_id: &GameId,
        seat: Seat,
        token: &SeatToken,
    ) -> Result<SeatAuth, AuthError> {
        let Some(link_version) = store::seat_link_version(conn, game_id, seat.0 as i32)? else {
            return Err(match store::find_game(conn, game_id)? {
                None => AuthError::NoSuchGame,
                Some(_) => AuthError::BadLink,
            });
        };
        if !self.0.links.verify(game_id, seat, link_version, token) {
            return Err(AuthError::BadLink);
        }
        Ok(SeatAuth {
            game_id: game_id.clone(),
            seat,
        })
    }

    /// Accept an invitation with the seat's entropy contribution, or with one the server draws
    /// (recorded as `server`) when none is given. The last acceptance starts the game: the seed
    /// is derived (see [`seed::derive_seed`]), the game sets up, the chain head h0 is stored,
    /// and whoever must decide first gets a "your turn" mail.
    pub fn accept(
        &self,
        conn: &mut AnyConnection,
        auth: &SeatAuth,
        contribution: Option<Contribution>,
    ) -> Result<Accepted, AcceptError> {
        let now = self.now();
        let id = &auth.game_id;
        let (source, contribution) = match contribution {
            Some(c) => (ContributionSource::Player, c),
            None => (ContributionSource::Server, Contribution::server_drawn()),
        };
        let started =
            write_transaction(conn, |conn| -> Result<Option<Arc<Replay>>, AcceptError> {
                let row = store::lock_game(conn, id)?.ok_or(AcceptError::NoSuchGame)?;
                if row.status() != GameStatus::Inviting {
                    return Err(AcceptError::NotInviting);
                }
                let seats = store::seats_of(conn, id)?;
                let mine = seats
                    .iter()
                    .find(|s| seat_of(s) == auth.seat)
                    .ok_or_else(|| anyhow!("seat {} missing", auth.seat.number()))?;
                if mine.accepted_at.is_some() {
                    return Err(AcceptError::AlreadyAccepted);
                }
                store::record_acceptance(conn, id, mine.seat, now, contribution.as_str(), source)?;
                let seats = store::seats_of(conn, id)?;
                if seats.iter().any(|s| s.accepted_at.is_none()) {
                    return Ok(None);
                }
                Ok(Some(self.start(conn, &row, &seats, now)?))
            })?;
        tracing::info!(game.id = %id, seat = auth.seat.number(), started = started.is_some(), "seat accepted");
        let accepted = Accepted {
            started: started.is_some(),
        };
        if let Some(replay) = started {
            self.0.cache.put(id, replay);
        }
        Ok(accepted)
    }

    fn start(
        &self,
        conn: &mut AnyConnection,
        row: &GameRow,
        seats: &[SeatRow],
        now: Millis,
    ) -> anyhow::Result<Arc<Replay>> {
        let id = GameId::parse(&row.id)?;
        let kind = self.kind(&row.kind)?;
        let replay = Setup::from_rows(kind, row, seats)?.start(kind)?;
        store::start_game(conn, &id, &replay.head_hex())?;
        let at = replay.last_at().unwrap_or(now.0).max(now.0);
        let deadlines = self.deadline_changes(conn, row, seats, None, &replay, at)?;
        store::apply_deadlines(conn, &row.id, &deadlines)?;
        let names = names_of(seats);
        let waiting: Vec<_> = replay
            .pending()
            .iter()
            .map(|p| (p.seat, p.decision.clone()))
            .collect();
        let head = replay.head_hex();
        let recipients = self.seat_recipients(conn, &id, seats, now)?;
        for (seat_row, to) in seats.iter().zip(&recipients) {
            let Some(to) = to else { continue };
            let seat = seat_of(seat_row);
            let cx = Ctx::new(to.words, &names, Viewer::Seat(seat));
            let view = replay.game.view(Viewer::Seat(seat));
            let mail = compose::Started {
                w: to.words,
                footer: self.footer(&to.person),
                to_name: seat_row.name.clone(),
                game_title: self.name_of(row, seats, to.words),
                game_id: id.to_string(),
                first: crate::present::status(kind, &waiting, &cx),
                due: self.due_words(&deadlines, seat, to, now),
                part: kind.mail_part(&view, seat, &cx),
                seat_url: self.0.links.seat_url(&id, seat, seat_row.link_version),
                game_url: self.0.links.game_url(&id),
                seq: 0,
                log_head_short: short(&head),
                log_head: head.clone(),
                commands: replies::command_examples(kind, &replay.game, seat, &to.words),
            }
            .render()?;
            if let Some(mut mail) = self.letter(to, Class::Game, Some(&id), "started", mail) {
                mail.reply_to = Some(self.reply_to(seat_row, 0, None));
                store::enqueue(conn, mail, now)?;
            }
        }
        Ok(Arc::new(replay))
    }

    /// When `seat`'s new deadline (among `deadlines`) is due, in the words and zone of `to`.
    fn due_words(
        &self,
        deadlines: &store::DeadlineChanges,
        seat: Seat,
        to: &Recipient,
        now: Millis,
    ) -> Option<String> {
        let zone = to.person.time_zone.parse().unwrap_or(chrono_tz::UTC);
        deadlines
            .set
            .iter()
            .find(|d| d.seat == seat.0 as i32)
            .map(|d| crate::present::time::when(to.words, d.due_at, now.0, zone))
    }

    /// The "your turn" mail of a seat: its decision, when it is due, what happened since
    /// `since`, its part of the game (its hand…), its link.
    #[allow(clippy::too_many_arguments)]
    fn your_turn(
        &self,
        kind: &dyn Kind,
        row: &GameRow,
        seats: &[SeatRow],
        seat_row: &SeatRow,
        to: &Recipient,
        replay: &Replay,
        since: i64,
        due: Option<String>,
        talk: Vec<String>,
    ) -> anyhow::Result<compose::Rendered> {
        let id = GameId::parse(&row.id)?;
        let seat = seat_of(seat_row);
        let names = names_of(seats);
        let words = to.words;
        let cx = Ctx::new(words, &names, Viewer::Seat(seat));
        let view = replay.game.view(Viewer::Seat(seat));
        let decision = replay
            .game
            .decision(seat)
            .ok_or_else(|| anyhow!("seat {} owes no decision", seat.number()))?;
        let head = replay.head_hex();
        Ok(compose::YourTurn {
            w: words,
            footer: self.footer(&to.person),
            to_name: seat_row.name.clone(),
            game_title: self.name_of(row, seats, words),
            game_id: id.to_string(),
            prompt: kind.decision_words(&decision, &cx),
            due,
            happened: happened_since(kind, replay, since, &cx),
            part: kind.mail_part(&view, seat, &cx),
            seat_url: self.0.links.seat_url(&id, seat, seat_row.link_version),
            game_url: self.0.links.game_url(&id),
            seq: replay.seq as i64,
            log_head_short: short(&head),
            log_head: head,
            talk,
            commands: replies::command_examples(kind, &replay.game, seat, &words),
        }
        .render()?)
    }

    /// Decline an invitation: the game is cancelled and every other seat is told.
    pub fn decline(&self, conn: &mut AnyConnection, auth: &SeatAuth) -> Result<(), DeclineError> {
        let id = &auth.game_id;
        match self.cancel(conn, id, Cancel::Declined(auth.seat)) {
            Ok(()) => {}
            Err(CancelError::NoSuchGame) => return Err(DeclineError::NoSuchGame),
            Err(CancelError::NotCancellable) => return Err(DeclineError::NotInviting),
            Err(CancelError::Unexpected(e)) => return Err(DeclineError::Unexpected(e)),
        }
        tracing::info!(game.id = %id, seat = auth.seat.number(), "seat declined; game cancelled");
        Ok(())
    }

    /// Cancel a game and tell its players why (everyone but a seat that declined). A seat may
    /// decline only while the game invites; the operator may cancel it until it is over.
    pub fn cancel(
        &self,
        conn: &mut AnyConnection,
        id: &GameId,
        why: Cancel,
    ) -> Result<(), CancelError> {
        let now = self.now();
        write_transaction(conn, |conn| -> Result<(), CancelError> {
            let row = store::lock_game(conn, id)?.ok_or(CancelError::NoSuchGame)?;
            let cancellable = match why {
                Cancel::Declined(_) => row.status() == GameStatus::Inviting,
                Cancel::Operator => {
                    matches!(row.status(), GameStatus::Inviting | GameStatus::Playing)
                }
                Cancel::Creator(seat) => {
                    row.creator_seat == seat.0 as i32
                        && matches!(row.status(), GameStatus::Inviting | GameStatus::Playing)
                }
            };
            if !cancellable {
                return Err(CancelError::NotCancellable);
            }
            let by = match why {
                Cancel::Declined(_) => CancelledBy::Declined,
                Cancel::Operator => CancelledBy::Operator,
                Cancel::Creator(_) => CancelledBy::Creator,
            };
            store::cancel_game(conn, id, by, now)?;
            store::drop_deadlines(conn, id)?;
            let seats = store::seats_of(conn, id)?;
            let names = names_of(&seats);
            let recipients = self.seat_recipients(conn, id, &seats, now)?;
            for (other, to) in seats.iter().zip(&recipients) {
                let Some(to) = to else { continue };
                if why == Cancel::Declined(seat_of(other)) {
                    continue;
                }
                // Invitations had not left yet: the other players never heard of the game.
                if row.confirmed_at.is_none() && other.seat != row.creator_seat {
                    continue;
                }
                let words = to.words;
                let said = match why {
                    Cancel::Declined(seat) => {
                        words.one("mail-cancelled-declined", "name", names.name(seat))
                    }
                    Cancel::Operator => words.get("mail-cancelled-operator"),
                    Cancel::Creator(seat) => {
                        words.one("mail-cancelled-creator", "name", names.name(seat))
                    }
                };
                let mail = compose::Cancelled {
                    w: words,
                    footer: self.footer(&to.person),
                    to_name: other.name.clone(),
                    game_title: self.name_of(&row, &seats, words),
                    game_id: id.to_string(),
                    why: said,
                    game_url: self.0.links.game_url(id),
                    commitment: row.commitment.clone(),
                }
                .render()?;
                if let Some(mail) = self.letter(to, Class::Game, Some(id), "cancelled", mail) {
                    store::enqueue(conn, mail, now)?;
                }
            }
            Ok(())
        })?;
        tracing::info!(game.id = %id, ?why, "game cancelled");
        Ok(())
    }

    /// Retire a seat's links (bump its link version) and mail the seat a fresh one. Who may
    /// ask for this is the caller's decision (e.g. the seat's own email address typed in).
    pub fn relink(
        &self,
        conn: &mut AnyConnection,
        game_id: &GameId,
        seat: Seat,
    ) -> Result<(), RelinkError> {
        let now = self.now();
        write_transaction(conn, |conn| -> Result<(), RelinkError> {
            let game = store::lock_game(conn, game_id)?.ok_or(RelinkError::NoSuchGame)?;
            let seats = store::seats_of(conn, game_id)?;
            let row = seats
                .iter()
                .find(|s| seat_of(s) == seat)
                .ok_or(RelinkError::NoSuchSeat)?;
            let to = self.recipient(conn, &row.name, &row.email, Some(game_id), now)?;
            let words = to.words;
            let receipt = match &game.log_head {
                Some(head) => words.with(
                    "mail-receipt-started",
                    &[
                        ("commitment", game.commitment.clone().into()),
                        ("seq", store::last_seq(conn, game_id)?.into()),
                        ("head", short(head).into()),
                    ],
                ),
                None => words.one("mail-receipt", "commitment", &game.commitment),
            };
            let version = store::bump_link_version(conn, game_id, row.seat)?;
            let mail = compose::Relink {
                w: words,
                footer: self.footer(&to.person),
                to_name: row.name.clone(),
                game_title: self.name_of(&game, &seats, words),
                game_id: game_id.to_string(),
                seat_url: self.0.links.seat_url(game_id, seat, version),
                game_url: self.0.links.game_url(game_id),
                receipt,
            }
            .render()?;
            if let Some(mail) = self.letter(&to, Class::Game, Some(game_id), "relink", mail) {
                store::enqueue(conn, mail, now)?;
            }
            Ok(())
        })?;
        tracing::info!(game.id = %game_id, seat = seat.number(), "seat relinked");
        Ok(())
    }

    /// Read a game and rebuild its state by replaying the stored log through the game's
    /// checked path (only the actions newer than a still-valid cached replay are applied).
    pub fn load(&self, conn: &mut AnyConnection, game_id: &GameId) -> Result<Loaded, LoadError> {
        self.load_rows(conn, game_id).map(|(loaded, _, _)| loaded)
    }

    /// [`Games::load`], with the stored rows it was read from, for callers that need more of
    /// them (one read of the game and its seats per request).
    pub(crate) fn load_rows(
        &self,
        conn: &mut AnyConnection,
        game_id: &GameId,
    ) -> Result<(Loaded, GameRow, Vec<SeatRow>), LoadError> {
        let row = store::find_game(conn, game_id)?.ok_or(LoadError::NoSuchGame)?;
        self.kind(&row.kind)?;
        let seats = store::seats_of(conn, game_id)?;
        let replay = self.replay(conn, &row, &seats)?;
        let loaded = Loaded {
            game: self.info_of(&row, seats.len())?,
            seats: seat_infos(&seats),
            replay,
        };
        Ok((loaded, row, seats))
    }

    /// The replay of a started game up to the stored log head in `row`: the cached replay when
    /// its head is that head, else the cached one extended by the newer actions, else a full
    /// replay. Actions stored after `row` was read are left out, so the replay always matches
    /// the row even when a move lands between the two reads.
    fn replay(
        &self,
        conn: &mut AnyConnection,
        row: &GameRow,
        seats: &[SeatRow],
    ) -> anyhow::Result<Option<Arc<Replay>>> {
        if !matches!(
            row.status(),
            GameStatus::Playing | GameStatus::Over | GameStatus::Imported
        ) {
            return Ok(None);
        }
        let id = GameId::parse(&row.id)?;
        let kind = self.kind(&row.kind)?;
        let head = row
            .log_head
            .as_deref()
            .ok_or_else(|| anyhow!("game {id} is started but has no log head"))?;
        let cached = self.0.cache.get(&id);
        if let Some(cached) = &cached {
            if cached.head_hex() == head {
                return Ok(Some(cached.clone()));
            }
        }
        let from_cache = match cached {
            Some(cached) => {
                let rows = store::actions_from(conn, &id, (cached.seq as i64).max(1))?;
                // The cached replay is a starting point only if its last action is still the
                // stored one at that seq.
                let anchored = cached.seq == 0
                    || rows
                        .first()
                        .is_some_and(|r| r.seq == cached.seq as i64 && r.hash == cached.head_hex());
                let mut replay = (*cached).clone();
                (anchored && replay::catch_up(kind, &mut replay, &rows, head)?).then_some(replay)
            }
            None => None,
        };
        let replay = match from_cache {
            Some(replay) => replay,
            None => {
                let mut replay = Setup::from_rows(kind, row, seats)?.start(kind)?;
                let rows = store::actions_from(conn, &id, 1)?;
                if !replay::catch_up(kind, &mut replay, &rows, head)? {
                    anyhow::bail!("game {id}: the stored log head does not match the replayed log");
                }
                replay
            }
        };
        let replay = Arc::new(replay);
        self.0.cache.put(&id, replay.clone());
        Ok(Some(replay))
    }
}

/// A mail of a game that could not be delivered: to whom (the seat's name, never its address)
/// and, for the game's creator only, why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Undelivered {
    pub name: String,
    pub reason: Option<String>,
}

impl Games {
    /// A mail that can never be delivered: marked failed with its reason, its address marked
    /// undeliverable, and the game's creator told by mail (unless the mail was to the creator).
    pub fn mail_failed(
        &self,
        conn: &mut AnyConnection,
        row: &store::OutboxRow,
        reason: &str,
        now: Millis,
    ) -> anyhow::Result<()> {
        write_transaction(conn, |conn| -> anyhow::Result<()> {
            store::mark_failed(conn, row, reason, now)?;
            let Some(game_id) = row.game_id.as_deref() else {
                return Ok(());
            };
            if row.kind == "mail_failed" {
                return Ok(());
            }
            let id = GameId::parse(game_id)?;
            let Some(game) = store::find_game(conn, &id)? else {
                return Ok(());
            };
            let seats = store::seats_of(conn, &id)?;
            let Some(creator) = seats.iter().find(|s| s.seat == game.creator_seat) else {
                return Ok(());
            };
            if creator.email.to_lowercase() == row.to_addr.to_lowercase() {
                return Ok(());
            }
            let to = self.recipient(conn, &creator.name, &creator.email, Some(&id), now)?;
            let words = to.words;
            let mail = compose::MailFailed {
                w: words,
                footer: self.footer(&to.person),
                to_name: creator.name.clone(),
                game_title: self.name_of(&game, &seats, words),
                game_id: id.to_string(),
                recipient: row.to_name.clone(),
                reason: reason.to_owned(),
                seat_url: self
                    .0
                    .links
                    .seat_url(&id, seat_of(creator), creator.link_version),
            }
            .render()?;
            if let Some(mail) = self.letter(&to, Class::Game, Some(&id), "mail_failed", mail) {
                store::enqueue(conn, mail, now)?;
            }
            Ok(())
        })?;
        tracing::warn!(mail.id = %row.id, game.id = ?row.game_id, "mail marked undeliverable");
        Ok(())
    }

    /// The mails of a game that could not be delivered; with their reasons for `creator_view`.
    fn undelivered(
        &self,
        conn: &mut AnyConnection,
        game_id: &GameId,
        creator_view: bool,
    ) -> anyhow::Result<Vec<Undelivered>> {
        Ok(store::failed_mails(conn, game_id)?
            .into_iter()
            .filter(|row| row.kind != "mail_failed")
            .map(|row| Undelivered {
                name: row.to_name,
                reason: creator_view.then(|| row.last_error.unwrap_or_default()),
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Db, DbUrl};

    /// A page reads the game row, then the log: a move stored in between must not make the
    /// replay disagree with the row (it used to fail the request).
    #[tokio::test]
    async fn a_replay_stops_at_the_log_head_of_the_row_it_was_read_with() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("games.db").display());
        let db = Db::open(&DbUrl::parse(&url).unwrap()).unwrap();
        let service = || {
            Games::new(GamesConfig::new(
                BaseUrl::parse("https://corriere.test/").unwrap(),
                Secret::generate(),
                Registry::standard(),
            ))
        };
        let games = service();
        let seats = [("Ann", "ann@example.org"), ("Ben", "ben@example.org")]
            .iter()
            .map(|(name, email)| {
                let name = PlayerName::parse(name).unwrap();
                (name, EmailAddress::parse(email).unwrap())
            })
            .collect();
        let new = NewGame::confirmed("condottiere", serde_json::json!({}), seats, Seat(0));
        let mut conn = db.get().unwrap();
        let id = games.create_game(&mut conn, new).unwrap().game_id;
        for seat in Seat::all(2) {
            let auth = SeatAuth::for_server(id.clone(), seat);
            games.accept(&mut conn, &auth, None).unwrap();
        }
        drop(conn);
        let play = || async {
            let loaded = games.load(&mut db.get().unwrap(), &id).unwrap();
            let game = loaded.state().unwrap();
            let seat = game.waiting_on()[0];
            let action = game.legal_actions(seat)[0].clone();
            let auth = SeatAuth::for_server(id.clone(), seat);
            let input = vec![ActionInput::Action(action)];
            games
                .make_move(&db, Mover::Server(auth), loaded.seq(), input, "en")
                .await
                .unwrap();
        };
        play().await;
        let mut conn = db.get().unwrap();
        let row = store::find_game(&mut conn, &id).unwrap().unwrap();
        let seat_rows = store::seats_of(&mut conn, &id).unwrap();
        drop(conn);
        play().await;
        play().await;
        let mut conn = db.get().unwrap();
        // With the cache ahead of the row, and with no cache at all.
        for games in [&games, &service()] {
            let replay = games.replay(&mut conn, &row, &seat_rows).unwrap().unwrap();
            assert_eq!(replay.seq, 1);
            assert_eq!(Some(replay.head_hex()), row.log_head);
        }
    }
}
