//! Pure game rules: no IO, no clock, no global randomness, no database types.
//! Owns the vocabulary every game shares (seats, seeds, viewers, audiences) and the `Rules` boundary.

pub mod condottiere;
pub mod condottieri;
pub mod pergamemnon;
pub mod rng;
pub mod schema;
pub mod war;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A seat at the table, numbered from 0 inside the engine and from 1 in every public format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Seat(pub u8);

impl Seat {
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// The seat to this seat's left (the next one clockwise) at a table of `players`.
    pub fn left(self, players: u8) -> Seat {
        Seat((self.0 + 1) % players)
    }
    /// The number players see: seat 0 is "1".
    pub fn number(self) -> u8 {
        self.0 + 1
    }
    pub fn from_number(number: u8) -> Option<Seat> {
        number.checked_sub(1).map(Seat)
    }
    pub fn all(players: u8) -> impl Iterator<Item = Seat> {
        (0..players).map(Seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.number())
    }
}

impl Serialize for Seat {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.number())
    }
}

impl<'de> Deserialize<'de> for Seat {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let number = u8::deserialize(deserializer)?;
        Seat::from_number(number)
            .ok_or_else(|| serde::de::Error::custom("seats are numbered from 1"))
    }
}

/// The 256-bit seed every random choice of a game is derived from.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Seed(pub [u8; 32]);

impl fmt::Debug for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Seed({})", hex::encode(self.0))
    }
}

impl Seed {
    /// A seed from a small number, for tests, simulations and hand-written positions.
    pub fn from_u64(n: u64) -> Seed {
        let mut bytes = [0u8; 32];
        bytes[..8].copy_from_slice(&n.to_le_bytes());
        Seed(bytes)
    }
    pub fn to_hex(&self) -> String {
        hex::encode(self.0)
    }
    pub fn from_hex(text: &str) -> Option<Seed> {
        let bytes = hex::decode(text).ok()?;
        Some(Seed(bytes.try_into().ok()?))
    }
}

impl Serialize for Seed {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_hex())
    }
}

impl<'de> Deserialize<'de> for Seed {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Seed::from_hex(&text)
            .ok_or_else(|| serde::de::Error::custom("a seed is 64 hexadecimal digits"))
    }
}

/// Who is looking at a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// A player: sees his own hand and face-down cards, counts of everyone else's.
    Seat(Seat),
    /// Anyone else during the game: public information only.
    Spectator,
    /// Anyone reviewing a game that has ended: everything, at every step of its replay.
    /// The service shows it only for finished games; the engine cannot tell from a past step.
    Reviewer,
}

/// Who may see an event or a log entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    Everyone,
    /// Only this seat (and reviewers once the game is over).
    Only(Seat),
    /// Only this seat until the step it was made in resolves for that seat (`Rules::step`),
    /// then everyone: a written order, a sealed bid. Where nobody knows the step, as `Only`.
    Until(Seat),
}

/// What has become public by the time someone looks at one step of a game: whether the game
/// is over, and the seats whose step open at that point has since resolved (their `Until`
/// entries and events of that point are everyone's now). `audit::Replay::sight` says it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sight {
    pub game_over: bool,
    pub resolved: Vec<Seat>,
}

impl Sight {
    /// What a viewer sees of a game that is over (`true`) or running, knowing no step resolved:
    /// `Until` entries stay private as `Only` ones do.
    pub fn over(game_over: bool) -> Sight {
        Sight {
            game_over,
            resolved: Vec::new(),
        }
    }
}

impl Audience {
    pub fn admits(self, viewer: Viewer, sight: &Sight) -> bool {
        match self.seen(sight) {
            Audience::Everyone => true,
            Audience::Only(seat) | Audience::Until(seat) => match viewer {
                Viewer::Seat(v) => seat == v,
                Viewer::Reviewer => sight.game_over,
                Viewer::Spectator => false,
            },
        }
    }

    /// The audience as it stands at `sight`: an `Until` whose step resolved (or whose game is
    /// over) is everyone's; `Only` and `Everyone` do not change.
    pub fn seen(self, sight: &Sight) -> Audience {
        match self {
            Audience::Until(seat) if sight.game_over || sight.resolved.contains(&seat) => {
                Audience::Everyone
            }
            other => other,
        }
    }
}

/// Everything an action produced, each event with who may see it.
pub type Events<E> = Vec<(Audience, E)>;

/// One creation parameter of a game, as the create form and the API offer it. The game's
/// `Options` type is the JSON object of these fields; the limits here are the only ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct OptionField {
    /// The JSON field name (and the form field's), e.g. "hidden_cards".
    pub name: &'static str,
    pub kind: OptionKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum OptionKind {
    /// `true` or `false`; off by default.
    Flag,
    /// A whole number from `min` to `max`, or `null` for "off"; `default` is what a form
    /// suggests when it is switched on.
    OptionalNumber { min: u32, max: u32, default: u32 },
    /// A whole number from `min` to `max`, always given.
    Number { min: u32, max: u32, default: u32 },
    /// One seat of the table (numbered from 1), or `null` for "drawn from the seed".
    OptionalSeat,
    /// One of a few named values (a scenario, a map), given as its string; `default` when
    /// absent. The create form offers a select worded `<game>-option-<name>-<value>`, the API
    /// refuses any other string, and `option_problems` checks what each value needs (the
    /// players a scenario takes).
    Choice {
        values: &'static [&'static str],
        default: &'static str,
    },
}

impl OptionKind {
    /// For a choice: whether `value` (the option's JSON, absent for the default) is one of
    /// its values. Every other kind takes any value here (its game's type judges it).
    pub fn takes(&self, value: Option<&serde_json::Value>) -> bool {
        match (self, value) {
            (OptionKind::Choice { values, .. }, Some(given)) => {
                given.as_str().is_some_and(|text| values.contains(&text))
            }
            _ => true,
        }
    }
}

/// Who may talk to whom at a table (the press rule of the classic mail judges): a game's
/// creation option where its rules have one (`Rules::press`); the service's talk obeys it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Press {
    /// Public and private messages.
    #[default]
    Full,
    /// Messages to the whole table only.
    Public,
    /// No messages at all ("gunboat").
    None,
}

/// How a finished game ended, as far as the service needs to know it (the game's own
/// outcome type says more, and its presenter words it).
pub trait GameOutcome {
    /// The seats that won (several for a shared victory), in seat order.
    fn winners(&self) -> Vec<Seat>;
}

/// A rule that rejected an action, or a problem with options: a stable code for programs
/// (the API, the CLI) and the game's presenter words it for people.
pub trait Coded: fmt::Display + fmt::Debug {
    fn code(&self) -> &'static str;
}

/// One seat's place in the final standings: 1 for the winners, seats that tie share a place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Standing {
    pub seat: Seat,
    pub place: u8,
}

/// What every game module offers the service: its own types inside, one implementation per
/// game. The service reaches it through the registry (`crate::kinds`), never by name.
///
/// Legality is one function (`legal_actions`); `apply` checks through it and hands the state
/// back untouched with the reason when it refuses. Every random choice comes from the seed.
pub trait Rules: Sized + Clone + Send + Sync + fmt::Debug + 'static {
    /// Creation parameters: a JSON object of the fields `option_fields` lists.
    type Options: Serialize
        + for<'de> Deserialize<'de>
        + Clone
        + Default
        + PartialEq
        + fmt::Debug
        + Send
        + Sync;
    /// One decision as data: the wire format, the log entry and the test input at once.
    type Action: Serialize + for<'de> Deserialize<'de> + Clone + Eq + fmt::Debug + Send + Sync;
    /// What happened; emitted with an audience.
    type Event: Serialize + Clone + fmt::Debug + Send + Sync;
    /// What one viewer may know of the game: the only way state leaves the engine.
    type View: Serialize + Send + Sync;
    /// What a seat must decide now. Equal decisions of a seat at two moments mean the same
    /// decision is still open (the service's stale-form guard relies on it).
    type Decision: Serialize + Clone + Eq + fmt::Debug + Send + Sync;
    type Outcome: Serialize
        + for<'de> Deserialize<'de>
        + Clone
        + Eq
        + fmt::Debug
        + Send
        + Sync
        + GameOutcome;
    /// The hand-writable JSON form of any reachable state (docs/formats.md).
    type Position: Serialize + for<'de> Deserialize<'de>;
    /// Why an action was refused: names the rule.
    type RuleError: Coded + Clone + Send + Sync;
    /// What is wrong with a set of options.
    type OptionProblem: Coded + Clone + Send + Sync;

    /// The name stored with each game and written in records, e.g. "condottiere".
    const NAME: &'static str;
    /// Every rules version this engine can replay; stored games replay under their own.
    const RULES_VERSIONS: &'static [u32];
    /// The rules version new games are created under.
    const CURRENT_RULES_VERSION: u32;
    /// The smallest and largest table.
    const PLAYERS: (u8, u8);

    /// The creation parameters the create form and the API offer, with their limits.
    fn option_fields() -> Vec<OptionField>;
    /// The OpenAPI schemas of this game's JSON forms: `<Game>Options`, `<Game>Action` and
    /// every schema they refer to (`schema::of_game`). A game the service plays must say them;
    /// the document's generation fails naming the game otherwise.
    fn schemas() -> Vec<schema::NamedSchema> {
        Vec::new()
    }
    /// Every problem with these options for a table of `players` (empty when they are fine).
    fn option_problems(options: &Self::Options, players: u8) -> Vec<Self::OptionProblem>;
    /// The options as a new game stores them, once `option_problems` found none: whatever
    /// creation fixes filled in (a card set's hash, a set the engine does not carry embedded),
    /// so the record replays the same game for ever and verifies offline. By default as given.
    fn settle_options(options: Self::Options) -> Self::Options {
        options
    }
    /// A new game. Fails (with every problem) only for options, players or a rules version
    /// that `option_problems` and the constants above would have refused.
    fn setup(
        rules_version: u32,
        options: &Self::Options,
        players: u8,
        seed: Seed,
        events: &mut Events<Self::Event>,
    ) -> Result<Self, Vec<String>>;

    fn players(&self) -> u8;
    fn options(&self) -> &Self::Options;
    /// **The judge**: whether `seat` may take `action` now, or the rule that forbids it.
    /// `apply` refuses exactly what this refuses; the service asks it of every action it is
    /// sent (a form, the API, a reply line).
    fn check(&self, seat: Seat, action: &Self::Action) -> Result<(), Self::RuleError>;
    /// **The menu**: legal actions of a seat now, for forms and mails to offer. Every one
    /// passes `check`, but a game whose choices cannot all be listed (a War placement, a sheet
    /// of written orders) offers a sample; never read it as the list of what is allowed.
    /// Usually empty unless the seat has a pending decision; a game may also let a seat revise
    /// a simultaneous answer it already gave, or change standing orders at any time.
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;
    /// Apply one action; on a rule error the game comes back untouched with the reason.
    #[allow(clippy::result_large_err)]
    fn apply(
        self,
        seat: Seat,
        action: &Self::Action,
        events: &mut Events<Self::Event>,
    ) -> Result<Self, (Self, Self::RuleError)>;
    fn view(&self, viewer: Viewer) -> Self::View;
    /// Who must decide now and what, in seat order (empty once the game is over). Several
    /// seats may decide at once; each submits on its own.
    fn pending(&self) -> Vec<(Seat, Self::Decision)>;
    /// The answer the service gives for a seat whose deadline passed (§ decisions of the
    /// game's rules reference); `None` when the seat owes nothing.
    fn default_action(&self, seat: Seat) -> Option<Self::Action>;
    fn outcome(&self) -> Option<&Self::Outcome>;
    /// The final places once the game is over (empty before).
    fn standings(&self) -> Vec<Standing>;
    /// Who may see this log entry while the game runs: the one rule behind blanked record
    /// entries, the replay viewer's "a hidden choice", and the simultaneous answers that stay
    /// secret until they resolve (`Audience::Until`: public once the seat's step resolves).
    /// Everyone sees every entry once the game is over.
    fn entry_audience(options: &Self::Options, seat: Seat, action: &Self::Action) -> Audience;
    /// The step the game is in for `seat` (a War turn, a phase of written orders), whether or
    /// not the seat owes a decision in it now: a seat that declared itself ready is still in
    /// its phase. The service keys deadlines, reminders, grace and reply tokens on it, and an
    /// `Audience::Until(seat)` entry becomes public when it changes. Equal values mean the
    /// same step; a new step has a new value. `None` (the default): every decision of the
    /// seat is a step of its own, which ends when the seat acts or its decision changes.
    fn step(&self, seat: Seat) -> Option<u64> {
        let _ = seat;
        None
    }
    /// Who may talk at a table with these options (default: everyone, publicly and privately).
    fn press(options: &Self::Options) -> Press {
        let _ = options;
        Press::Full
    }
    /// The events this viewer may see, in order. By default the audience decides.
    fn visible<'e>(
        events: &'e [(Audience, Self::Event)],
        viewer: Viewer,
        sight: &Sight,
    ) -> Vec<&'e Self::Event> {
        events
            .iter()
            .filter(|(audience, _)| audience.admits(viewer, sight))
            .map(|(_, event)| event)
            .collect()
    }
    /// Counters a verifier reports, for the events of one step: e.g. `["rounds"]` for an
    /// event that starts a round. Counted over the whole replay.
    fn counts(event: &Self::Event) -> &'static [&'static str] {
        let _ = event;
        &[]
    }
    /// Counters the state itself keeps, for a verifier's summary: e.g. `[("battles", 12)]`.
    fn facts(&self) -> Vec<(&'static str, u64)> {
        Vec::new()
    }

    /// The move a bot makes for `seat` (a seat filled by a bot at creation, or one whose
    /// player is absent or resigned): a heuristic that plays to win, not a random mover. Its
    /// choices may use `rng` (not replayed: the action it picks is what the log keeps).
    /// `None` when the seat owes nothing. By default the deadline default.
    fn bot_action(&self, seat: Seat, rng: &mut dyn rand_core::RngCore) -> Option<Self::Action> {
        let _ = rng;
        self.default_action(seat)
    }

    fn to_position(&self) -> Self::Position;
    /// A playable game from a position, or every broken invariant.
    fn from_position(position: Self::Position) -> Result<Self, Vec<String>>;
    /// Every broken invariant of the state, for simulations and property tests.
    fn audit(&self) -> Vec<String>;

    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }
    /// The seats the game waits on now.
    fn waiting_on(&self) -> Vec<Seat> {
        self.pending().into_iter().map(|(seat, _)| seat).collect()
    }
    /// The decision this seat owes now, if any.
    fn decision(&self, seat: Seat) -> Option<Self::Decision> {
        self.pending()
            .into_iter()
            .find(|(s, _)| *s == seat)
            .map(|(_, d)| d)
    }
}
