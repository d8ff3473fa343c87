//! The game service: the operations the web layer, the mail and the commands call (create,
//! accept, decline, relink, authorize, load, move, page data, record), for games of any kind.
//!
//! The service knows games only through the registry (`crate::kinds`): the stored `kind` of a
//! game picks the rules that set it up, replay it, check its moves and word it. Each write is
//! one transaction with its mails in the outbox, written here (`letters/`); the outbox worker
//! in `mail/` delivers them later, nothing is ever sent inline. A move is the one async operation
//! [`Games::make_move`] (`moves.rs`): prepared outside the write lock, stored by the move
//! writer if the game did not change meanwhile. Creation, acceptance, decline, cancel and
//! relink are in `lifecycle.rs`; what each operation answers when it refuses, in `errors.rs`.

pub mod cache;
mod commands;
#[macro_use]
mod errors;
mod history;
pub mod letters;
mod lifecycle;
pub mod links;
pub mod lobby;
mod moves;
mod pages;
mod replay;
pub mod seed;

/// A person's reliability, as the pages show it (counted by the store).
pub use crate::store::Reliability;
pub use errors::*;
pub use history::HistoryEntry;
pub use links::{
    BadBaseUrl, BadReplyAddress, BadSecret, BaseUrl, Capability, Links, ReplyAddress, ReplyToken,
    Secret,
};
pub use moves::{ActionInput, Mover, Refused, MOVE_ATTEMPTS};
pub use pages::{PublicPage, ReadSeatPage, Reader, SeatAsker, SeatPage, Speaking};
pub use requests::{Linked, Person, Service};
pub use seed::GameSecret;

use crate::audit::receipt::Signer;
use crate::audit::Replay;
use crate::clock::SharedClock;
use crate::domain::{CancelledBy, Control, GameId, GameStatus};
use crate::domain::{ContributionSource, Millis};
use crate::domain::{EmailAddress, GameTitle, PlayerName, SeatToken};
use crate::engine::{Seat, Viewer};
use crate::kinds::{Game, Kind, OptionProblem, Options, Registry, RuleError, UnknownKind};
use crate::present::{Ctx, SeatNames, Words};
use crate::store::{self, write_transaction, Conn, GameRow, SeatRow};
use anyhow::anyhow;
use letters::PlayerLine;
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
    /// The From of the service's mails (`name <address>` or an address), if it sends any.
    pub mail_from: Option<String>,
    /// How long a delivery holds a reply it acts on (see `replies.rs`).
    pub reply_lease: std::time::Duration,
    /// How many bytes the replay and history caches may hold (half each), by their estimates.
    pub cache_bytes: usize,
    /// The Ed25519 key receipts and tree heads are signed with (`transparency.rs`).
    pub signer: Signer,
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
            mail_from: None,
            reply_lease: replies::DEFAULT_REPLY_LEASE,
            cache_bytes: cache::DEFAULT_CACHE_BYTES,
            signer: transparency::generate_signer(),
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
    /// Games' checkpoints and milestones, for the replay viewer and finished pages.
    reviews: review::ReviewCache,
    registry: Registry,
    clock: SharedClock,
    limits: Limits,
    sign_in_ttl: std::time::Duration,
    time: time::TimeRules,
    reply_address: ReplyAddress,
    /// The service's own addresses: its From, and its reply domain (`own.rs`).
    own: own::OwnAddresses,
    reply_lease: std::time::Duration,
    /// Receipts, tree heads and the key they are signed with.
    transparency: transparency::Transparency,
    /// This process's name when it holds a queue's lease (`store/queue.rs`), random at start.
    holder: String,
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

/// A seat link as a request brought it, not yet checked. An operation that reads the game's
/// seats anyway checks it against them ([`Games::authorize_among`]): no query of its own.
#[derive(Clone, Debug)]
pub struct SeatLink {
    pub game: GameId,
    pub seat: Seat,
    pub token: SeatToken,
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
    /// The lobby lists the game while it has open seats (unlisted, only those the creator
    /// gives its address to can claim them).
    pub listed: bool,
    /// The creator approves each claim of an open seat; otherwise the first taker who
    /// confirms their address has it.
    pub approve_claims: bool,
    /// The games a claimer of an open seat must have finished ([`MIN_FINISHED`]; `None`:
    /// anyone may claim). A person who hides their reliability cannot claim such a seat.
    pub min_finished: Option<u32>,
}

/// A seat of a new game: a person (name, address), a bot, or open for anyone to claim.
#[derive(Clone, Debug)]
pub enum NewSeat {
    Person(PlayerName, EmailAddress),
    Bot(PlayerName),
    Open,
}

impl NewSeat {
    /// The seat's name (an open seat has none until it is claimed).
    pub fn name(&self) -> &str {
        match self {
            NewSeat::Person(name, _) | NewSeat::Bot(name) => name.as_str(),
            NewSeat::Open => "",
        }
    }
    pub fn email(&self) -> Option<&EmailAddress> {
        match self {
            NewSeat::Person(_, email) => Some(email),
            NewSeat::Bot(_) | NewSeat::Open => None,
        }
    }
}

/// The paces a creator may choose, in hours per decision (12 hours to 14 days).
pub const PACE_HOURS: std::ops::RangeInclusive<u32> = 12..=336;
/// The games finished a creator may require of a claimer: one to a hundred.
pub const MIN_FINISHED: std::ops::RangeInclusive<u32> = 1..=100;
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
            listed: false,
            approve_claims: false,
            min_finished: None,
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
    /// The name the creator gave the game, if any (else it is named by its kind and players:
    /// [`post::name_of_game`]).
    pub title: Option<String>,
    /// The pace: hours per decision, none for "no deadline".
    pub hours_per_decision: Option<u32>,
    /// Only the players read the table's talk.
    pub private_table: bool,
    /// Who may talk at the table (the game's press rule, from its options).
    pub press: crate::engine::Press,
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
    /// The signed receipt of `seq` and `log_head` (its text line).
    pub receipt: String,
    pub game_over: bool,
    /// What the mover may see of what the move caused, in words.
    pub happened: Vec<String>,
    /// The seats that owe a decision now (public: the spectator page shows it too).
    pub waiting: Vec<Seat>,
    /// In a script: the action the rules refused after the ones before it were stored.
    pub refused: Option<Refused>,
}

// Declared after `service_error!` so it can use the macro.
pub mod admin;
mod control;
pub mod forget;
pub use control::TakeOverOffer;
pub mod limits;
pub mod moderation;
pub mod notices;
pub mod own;
pub mod people;
pub mod post;
pub mod rematch;
pub mod replies;
pub mod requests;
pub mod review;
mod scheduled;
pub mod sitters;
pub use scheduled::COUNTERS_KEPT_DAYS;
pub mod talk;
pub mod time;
pub mod transparency;
pub mod zones;

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

/// What the replay and history caches hold, by their estimates (see `docs/benchmarks.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CacheUsage {
    pub replay_bytes: usize,
    pub replays: usize,
    pub history_bytes: usize,
    pub histories: usize,
    pub review_bytes: usize,
    pub reviews: usize,
}

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
    replay
        .steps
        .iter()
        .filter(|step| step.seq as i64 > since)
        .flat_map(|step| step_words(kind, step, &replay.sight(step.seq), cx))
        .collect()
}

/// What `cx.viewer` may see of the steps after `since`, as a mail tells it: the game's summary
/// (`Presenter::mail_summary`: War's attacks one line each, without their dice).
fn mail_happened(kind: &dyn Kind, replay: &Replay, since: i64, cx: &Ctx) -> Vec<String> {
    let steps: Vec<(Option<String>, &crate::kinds::Events, crate::engine::Sight)> = replay
        .steps
        .iter()
        .filter(|step| step.seq as i64 > since)
        .map(|step| (step_author(step, cx), &step.events, replay.sight(step.seq)))
        .collect();
    kind.mail_summary(&steps, cx)
}

/// A step in words for `cx.viewer`: who made it when it was not the seat's player (the clock
/// at a deadline, a bot), then its events.
fn step_words(
    kind: &dyn Kind,
    step: &crate::audit::Step,
    sight: &crate::engine::Sight,
    cx: &Ctx,
) -> Vec<String> {
    let mut lines: Vec<String> = step_author(step, cx).into_iter().collect();
    // A vote at the table has no events of the game: the vote itself is what happened, and
    // it is public.
    if let Some(vote) = step
        .action
        .as_ref()
        .filter(|a| a.downcast::<crate::kinds::table::TableAction>().is_some())
    {
        lines.push(kind.action_words(vote, cx));
    }
    lines.extend(kind.events_words(&step.events, sight, cx));
    lines
}

/// Who made a step when it was not the seat's player (the clock at a deadline, a bot), in
/// words.
fn step_author(step: &crate::audit::Step, cx: &Ctx) -> Option<String> {
    let (seat, author) = (step.seat?, step.author?);
    let key = match author {
        crate::audit::Author::Clock { .. } => "history-clock",
        crate::audit::Author::Bot => "history-bot",
        crate::audit::Author::Sitter => "history-sitter",
        crate::audit::Author::Seat => return None,
    };
    let you = cx.viewer == Viewer::Seat(seat);
    Some(cx.words.two(
        key,
        ("name", cx.names.name(seat)),
        ("you", letters::you(you)),
    ))
}

impl Games {
    pub fn new(config: GamesConfig) -> Games {
        let reply_address = config
            .reply_address
            .unwrap_or_else(|| ReplyAddress::for_base(&config.base_url));
        let own = own::OwnAddresses::new(&reply_address, config.mail_from.as_deref());
        Games(Arc::new(Inner {
            own,
            reply_lease: config.reply_lease,
            holder: crate::domain::random_base32(16),
            reply_address,
            links: Links::new(config.link_secret, config.base_url),
            // A history not kept is written whole again, as every page did before.
            cache: ReplayCache::new(config.cache_bytes / 2),
            histories: history::HistoryCache::new(config.cache_bytes / 4),
            reviews: review::ReviewCache::new(config.cache_bytes / 4),
            registry: config.registry,
            limits: config.limits,
            sign_in_ttl: config.sign_in_ttl,
            time: config.time,
            transparency: transparency::Transparency::new(
                config.signer,
                config.clock.millis(),
                config.cache_bytes / 64,
            ),
            clock: config.clock,
        }))
    }

    /// What the replay and history caches hold now.
    pub fn cache_usage(&self) -> CacheUsage {
        let (replay_bytes, replays) = self.0.cache.usage();
        let (history_bytes, histories) = self.0.histories.usage();
        let (review_bytes, reviews) = self.0.reviews.usage();
        CacheUsage {
            replay_bytes,
            replays,
            history_bytes,
            histories,
            review_bytes,
            reviews,
        }
    }

    /// Whether a replay of the game is cached now (for tests and measurements).
    pub fn replay_cached(&self, id: &GameId) -> bool {
        self.0.cache.holds(id)
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
        let options = kind
            .read_options(&row.options)
            .map_err(|e| anyhow!("stored options of game {}: {e}", row.id))?;
        Ok(GameInfo {
            id: GameId::parse(&row.id)?,
            kind: row.kind.clone(),
            rules_version: u32::try_from(row.rules_version)?,
            press: kind.press(&options),
            options,
            status: row.status(),
            cancelled_by: row.cancelled_by.as_deref().and_then(CancelledBy::parse),
            rematch: row.rematch.as_deref().map(GameId::parse).transpose()?,
            players: u8::try_from(players)?,
            created_at: Millis(row.created_at),
            ended_at: row.ended_at.map(Millis),
            commitment: row.commitment.clone(),
            log_head: row.log_head.clone(),
            creator_seat: Seat(u8::try_from(row.creator_seat)?),
            title: row.title.clone(),
            hours_per_decision: row.hours_per_decision.and_then(|h| u32::try_from(h).ok()),
            private_table: row.private_table,
        })
    }

    /// Read a game and rebuild its state by replaying the stored log through the game's
    /// checked path (only the actions newer than a still-valid cached replay are applied).
    pub fn load(&self, conn: &mut Conn, game_id: &GameId) -> Result<Loaded, LoadError> {
        self.load_rows(conn, game_id).map(|(loaded, _, _)| loaded)
    }

    /// [`Games::load`], with the stored rows it was read from, for callers that need more of
    /// them (one read of the game and its seats per request).
    pub(crate) fn load_rows(
        &self,
        conn: &mut Conn,
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
        conn: &mut Conn,
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
        conn: &mut Conn,
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
            let to = self.seat_recipient(conn, &game, creator, now)?;
            let words = to.words;
            let mail = letters::MailFailed {
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
        conn: &mut Conn,
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
