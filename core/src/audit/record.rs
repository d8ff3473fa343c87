//! The `corriere-record/1` and `/2` game record: setup, contributions, hash-chained actions, outcome and,
//! once the game is over, the revealed secret; how it is built, written and read back.

use super::chain::{genesis, name_hash, Author, Chain, Hash, LogHeader, LogVersion};
use super::seed::{derive_seed, parse_secret, Contribution};
use super::verify::Discrepancy;
use crate::engine::{Audience, Seat, Seed, Sight};
use crate::kinds::{Json, Kind};
use serde::{Deserialize, Serialize};

/// The format tag of a record whose genesis covers the seat names in plain text
/// (`corriere-log/v1`): every game created before salted names.
pub const RECORD_FORMAT: &str = "corriere-record/1";

/// The format tag of a record whose genesis covers salted name hashes (`corriere-log/v2`):
/// each seat carries its `salt`, or only its `name_hash` once its player was forgotten.
pub const RECORD_FORMAT_V2: &str = "corriere-record/2";

/// The formats this module reads, oldest first.
pub const RECORD_FORMATS: [&str; 2] = [RECORD_FORMAT, RECORD_FORMAT_V2];

/// A whole game as published: everything needed to check it offline. See docs/formats.md.
///
/// A running game's record holds public information only: no `secret`, no `outcome`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// "corriere-record/1" (plain seat names in the genesis) or "corriere-record/2" (salted
    /// name hashes).
    pub format: String,
    /// The kind of game, e.g. "condottiere": it decides which rules replay the record.
    pub game: String,
    pub id: String,
    pub rules_version: u32,
    /// The game's options, in its own JSON form.
    pub options: Json,
    /// Seat 1 first. Public names only, never email addresses.
    pub seats: Vec<SeatName>,
    /// Lowercase hex SHA-256 of the secret, published when the game was created.
    pub commitment: String,
    /// One per seat, in seat order.
    pub contributions: Vec<Contribution>,
    /// The genesis hash of the log (hex): it covers the setup above.
    pub genesis: String,
    pub actions: Vec<RecordedAction>,
    /// The hash of the last action, or the genesis hash when there is none.
    pub head: String,
    /// The engine's outcome once the game is over; null while it runs.
    pub outcome: Option<Json>,
    /// The server's secret (64 hex digits), present only once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret: Option<String>,
    /// The table's public messages, only when asked for (`record.json?talk=1`): outside the
    /// hash chain, NOT part of the verified log (`{"verified": false, "messages": […]}`);
    /// verification ignores it. Private messages are never in a record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub talk: Option<serde_json::Value>,
}

/// A seat and the public name of its player.
///
/// In a `corriere-record/2` record each seat has exactly one of `salt` (the genesis covers
/// `name_hash(salt, name)`) or `name_hash` (its player was forgotten: `name` is a pseudonym
/// the chain does not cover). A `/1` record has neither: the genesis covers `name` itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatName {
    /// 1-based in JSON.
    pub seat: Seat,
    pub name: String,
    /// 64 hex digits: the seat's random salt.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub salt: Option<String>,
    /// 64 hex digits: the salted hash of the seat's name, for a forgotten player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_hash: Option<String>,
}

impl SeatName {
    /// A seat of a `/1` record: the name alone.
    pub fn plain(seat: Seat, name: String) -> SeatName {
        SeatName {
            seat,
            name,
            salt: None,
            name_hash: None,
        }
    }

    /// A seat of a `/2` record, named with its salt.
    pub fn salted(seat: Seat, name: String, salt: &[u8; 32]) -> SeatName {
        SeatName {
            seat,
            name,
            salt: Some(hex::encode(salt)),
            name_hash: None,
        }
    }

    /// What a v2 genesis covers of this seat, in hex: `name_hash(salt, name)`, or the
    /// `name_hash` given. `None` when the seat gives neither (or both), or not as 64 hex digits.
    pub fn covered(&self) -> Option<String> {
        match (&self.salt, &self.name_hash) {
            (Some(salt), None) => {
                let salt = parse_hash(salt)?;
                Some(hex::encode(name_hash(&salt, &self.name)))
            }
            (None, Some(hash)) => parse_hash(hash).map(hex::encode),
            _ => None,
        }
    }

    /// Forget the seat's player: keep only what the genesis covers, under `pseudonym`.
    pub fn forget(&mut self, pseudonym: &str) {
        if let Some(hash) = self.covered() {
            self.name_hash = Some(hash);
            self.salt = None;
        }
        self.name = pseudonym.to_owned();
    }
}

/// One action of the log with its hash.
///
/// In JSON: `{"seq", "seat", "action", "at", "time"?, "by"?, "deadline"?, "deadline_time"?,
/// "hash"}`. `by` is `"clock"` (with its `deadline` and, for people, `deadline_time`) or
/// `"bot"` or `"sitter"` (the sitter the player named for an absence), and is absent for the
/// seat's player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "EntryWire<Json>", try_from = "EntryWire<Json>")]
pub struct RecordedAction {
    pub seq: u64,
    /// 1-based in JSON.
    pub seat: Seat,
    /// The action, in the game's JSON form; `null` in a running game's record when it would
    /// show hidden information (a face-down card, kept cards, an answer others have not given
    /// yet): see `redact`.
    pub action: Option<Json>,
    /// Milliseconds since the Unix epoch (UTC); this integer is what the hash covers.
    pub at: i64,
    /// The same instant as RFC 3339 text for people (`2025-01-01T09:30:00.000Z`); not hashed,
    /// but a verifier checks it says the same as `at`.
    pub time: Option<String>,
    /// Who took the action (hashed, except for the seat's player, see `chain::Entry`).
    pub author: Author,
    /// The clock's deadline as RFC 3339 text for people; not hashed, but a verifier checks it
    /// says the same as the deadline. Only with `Author::Clock`.
    pub deadline_time: Option<String>,
    /// `h_n` in lowercase hex.
    pub hash: String,
}

impl RecordedAction {
    /// Blank the action and its author, for a running game's record (see `Record::redact`).
    pub fn blank(&mut self) {
        self.action = None;
        self.author = Author::Seat;
        self.deadline_time = None;
    }
}

/// An action entry as it is written: the author as `by` and `deadline`. `A` is the action's
/// JSON (`Json`, or `serde_json::Value` to name a broken entry, see `Record::from_json`).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct EntryWire<A> {
    seq: u64,
    seat: Seat,
    action: Option<A>,
    at: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    time: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    by: Option<By>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    deadline: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    deadline_time: Option<String>,
    hash: String,
}

/// Who wrote an entry when it is not the seat's player.
#[derive(Clone, Copy, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum By {
    Clock,
    Bot,
    Sitter,
}

impl<A> EntryWire<A> {
    /// The author `by` and `deadline` say, and that `deadline_time` is only given with one.
    fn author(&self) -> Result<Author, String> {
        let name = match self.by {
            None => "seat",
            Some(By::Clock) => "clock",
            Some(By::Bot) => "bot",
            Some(By::Sitter) => "sitter",
        };
        let author = Author::from_parts(name, self.deadline)?;
        if self.deadline_time.is_some() && author.deadline().is_none() {
            return Err("a \"deadline_time\" needs the \"deadline\" it says".into());
        }
        Ok(author)
    }
}

impl TryFrom<EntryWire<Json>> for RecordedAction {
    type Error = String;
    fn try_from(wire: EntryWire<Json>) -> Result<RecordedAction, String> {
        Ok(RecordedAction {
            author: wire.author()?,
            seq: wire.seq,
            seat: wire.seat,
            action: wire.action,
            at: wire.at,
            time: wire.time,
            deadline_time: wire.deadline_time,
            hash: wire.hash,
        })
    }
}

impl From<RecordedAction> for EntryWire<Json> {
    fn from(entry: RecordedAction) -> EntryWire<Json> {
        EntryWire {
            seq: entry.seq,
            seat: entry.seat,
            action: entry.action,
            at: entry.at,
            time: entry.time,
            by: match entry.author {
                Author::Seat => None,
                Author::Clock { .. } => Some(By::Clock),
                Author::Bot => Some(By::Bot),
                Author::Sitter => Some(By::Sitter),
            },
            deadline: entry.author.deadline(),
            deadline_time: entry.deadline_time,
            hash: entry.hash,
        }
    }
}

impl Record {
    /// The record of a game just created: no action yet, head = genesis. A v1 header's seats
    /// are its names; a v2 header's are hashes only (use [`Record::with_seats`] to name them).
    pub fn new(header: LogHeader) -> Record {
        let seats = header
            .seats
            .iter()
            .enumerate()
            .map(|(i, covered)| match header.version {
                LogVersion::V1 => SeatName::plain(Seat(i as u8), covered.clone()),
                LogVersion::V2 => SeatName {
                    name_hash: Some(covered.clone()),
                    ..SeatName::plain(Seat(i as u8), Seat(i as u8).to_string())
                },
            })
            .collect();
        Record::with_seats(header, seats)
    }

    /// The record of a game just created, its seats as given (for a v2 header, with the salts
    /// or name hashes its genesis covers).
    pub fn with_seats(header: LogHeader, seats: Vec<SeatName>) -> Record {
        let genesis = hex::encode(genesis(&header));
        Record {
            format: match header.version {
                LogVersion::V1 => RECORD_FORMAT,
                LogVersion::V2 => RECORD_FORMAT_V2,
            }
            .into(),
            game: header.game,
            id: header.id,
            rules_version: header.rules_version,
            options: header.options,
            seats,
            commitment: header.commitment,
            contributions: header.contributions,
            head: genesis.clone(),
            genesis,
            actions: Vec::new(),
            outcome: None,
            secret: None,
            talk: None,
        }
    }

    /// Blank the actions that carry hidden information, for a running game's record: every
    /// entry the game keeps from some seats while it runs (`Kind::entry_audience`: a card
    /// played face down, kept cards, the answers to decisions several seats make at once).
    /// Their hashes stay (salted, so they reveal nothing); the record at the end has them all.
    /// A blanked entry loses its author too: the clock plays a known default, so "by the
    /// clock" would give the hidden action away. `sight` says what has become public of each
    /// step (`Replay::sight`): an `Audience::Until` entry whose step resolved stays.
    pub fn redact(&mut self, kind: &dyn Kind, sight: &dyn Fn(u64) -> Sight) {
        let Ok(options) = kind.read_options(self.options.get()) else {
            for entry in &mut self.actions {
                entry.blank();
            }
            return;
        };
        for entry in &mut self.actions {
            let public = entry
                .action
                .as_ref()
                .and_then(|json| kind.read_action(json.get()).ok())
                .is_some_and(|action| {
                    kind.entry_audience(&options, entry.seat, &action)
                        .seen(&sight(entry.seq))
                        == Audience::Everyone
                });
            if !public {
                entry.blank();
            }
        }
    }

    /// Which genesis the record's format says it has.
    pub fn log_version(&self) -> LogVersion {
        if self.format == RECORD_FORMAT_V2 {
            LogVersion::V2
        } else {
            LogVersion::V1
        }
    }

    /// The setup as the genesis hash covers it. A v2 seat that gives no sound salt or hash
    /// covers an empty string, which no genesis matches (`verify` names it first).
    pub fn header(&self) -> LogHeader {
        let version = self.log_version();
        LogHeader {
            id: self.id.clone(),
            game: self.game.clone(),
            rules_version: self.rules_version,
            options: self.options.clone(),
            seats: self
                .seats
                .iter()
                .map(|s| match version {
                    LogVersion::V1 => s.name.clone(),
                    LogVersion::V2 => s.covered().unwrap_or_default(),
                })
                .collect(),
            commitment: self.commitment.clone(),
            contributions: self.contributions.clone(),
            version,
        }
    }

    /// Append an action through the chain (see `Chain::push`), with its time (and a clock's
    /// deadline) as text.
    ///
    /// Panics when `genesis` or `head` are not 64 hex digits, which only happens to a record
    /// not built with `Record::new`.
    pub fn push(
        &mut self,
        seat: Seat,
        action: Json,
        at: i64,
        author: Author,
        secret: &[u8; 32],
    ) -> &RecordedAction {
        let hash = |text: &str| parse_hash(text).expect("a record built by Record::new");
        let mut chain = Chain::resume(
            hash(&self.genesis),
            hash(&self.head),
            self.actions.len() as u64,
            self.actions.last().map(|a| a.at),
            secret,
        );
        let (entry, head) = chain.push(seat, action, at, author);
        self.head = hex::encode(head);
        self.actions.push(RecordedAction {
            seq: entry.seq,
            seat: entry.seat,
            time: Some(rfc3339_millis(entry.at)),
            at: entry.at,
            action: Some(entry.action),
            author,
            deadline_time: author.deadline().map(rfc3339_millis),
            hash: self.head.clone(),
        });
        self.actions.last().expect("just pushed")
    }

    /// The game is over: record the outcome and reveal the secret.
    pub fn reveal(&mut self, outcome: Json, secret: &[u8; 32]) {
        self.outcome = Some(outcome);
        self.secret = Some(hex::encode(secret));
    }

    /// The contribution values in the order they are listed (seat order in a sound record).
    pub fn contribution_values(&self) -> Vec<String> {
        self.contributions.iter().map(|c| c.value.clone()).collect()
    }

    /// The deal seed, from the revealed secret and the contributions as listed. Checks nothing
    /// else: `verify` is what says whether the record is sound.
    pub fn seed(&self) -> Result<Seed, Discrepancy> {
        let text = self.secret.as_deref().ok_or(Discrepancy::NotFinished {
            actions: self.actions.len(),
        })?;
        let secret = parse_secret(text).ok_or(Discrepancy::SecretNotHex)?;
        Ok(derive_seed(&secret, &self.contribution_values()))
    }

    /// The name of a seat, or "P3" when the record does not list it.
    pub fn name_of(&self, seat: Seat) -> String {
        self.seats
            .get(seat.index())
            .map_or_else(|| seat.to_string(), |s| s.name.clone())
    }

    /// The record as we write it: one field per line, one seat, contribution or action per
    /// line, so that two records diff line by line. Any JSON layout reads back the same.
    pub fn to_json(&self) -> String {
        fn one<T: Serialize>(value: &T) -> String {
            serde_json::to_string(value).expect("records always serialize")
        }
        fn list<T: Serialize>(items: &[T]) -> String {
            if items.is_empty() {
                return "[]".into();
            }
            let lines: Vec<String> = items.iter().map(|i| format!("    {}", one(i))).collect();
            format!("[\n{}\n  ]", lines.join(",\n"))
        }
        let mut fields = vec![
            ("format", one(&self.format)),
            ("game", one(&self.game)),
            ("id", one(&self.id)),
            ("rules_version", one(&self.rules_version)),
            ("options", one(&self.options)),
            ("seats", list(&self.seats)),
            ("commitment", one(&self.commitment)),
            ("contributions", list(&self.contributions)),
            ("genesis", one(&self.genesis)),
            ("actions", list(&self.actions)),
            ("head", one(&self.head)),
            ("outcome", one(&self.outcome)),
        ];
        if let Some(secret) = &self.secret {
            fields.push(("secret", one(secret)));
        }
        if let Some(talk) = &self.talk {
            fields.push(("talk", one(talk)));
        }
        let body: Vec<String> = fields
            .into_iter()
            .map(|(name, value)| format!("  \"{name}\": {value}"))
            .collect();
        format!("{{\n{}\n}}\n", body.join(",\n"))
    }

    /// Read a record, naming the first thing that keeps it from being one: the format tag is
    /// checked first, then each action entry ("action 12: not a valid log entry: …", read with
    /// its action as any JSON, since `Json` reads only text), then the rest. Whether the
    /// options, actions and outcome are the game's is for `verify` to say.
    pub fn from_json(text: &str) -> Result<Record, Discrepancy> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| syntax_error(text, &e))?;
        match value.get("format") {
            Some(serde_json::Value::String(format))
                if RECORD_FORMATS.contains(&format.as_str()) => {}
            Some(serde_json::Value::String(format)) => {
                return Err(Discrepancy::UnknownFormat(format.clone()))
            }
            _ => {
                return Err(Discrepancy::Malformed(
                    "there is no \"format\" field: this is not a corriere record".into(),
                ))
            }
        }
        if let Some(serde_json::Value::Array(actions)) = value.get("actions") {
            for (i, entry) in actions.iter().enumerate() {
                if let Err(error) = EntryWire::<serde_json::Value>::deserialize(entry)
                    .map_err(|e| e.to_string())
                    .and_then(|shape| shape.author().map(drop))
                {
                    return Err(Discrepancy::BadEntry {
                        position: i + 1,
                        error,
                    });
                }
            }
        }
        serde_json::from_str::<Record>(text).map_err(|e| {
            Discrepancy::Malformed(format!("the record does not follow corriere-record: {e}"))
        })
    }
}

/// A JSON syntax error, named by its action when it falls on an action line of the layout
/// `to_json` writes (one action per line); otherwise as a record that is not JSON.
fn syntax_error(text: &str, error: &serde_json::Error) -> Discrepancy {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.iter().position(|l| l.starts_with("  \"actions\": ["));
    if let Some(start) = start {
        let actions = lines[start + 1..]
            .iter()
            .take_while(|l| l.starts_with("    {"))
            .count();
        let position = error.line().wrapping_sub(start + 1);
        if (1..=actions).contains(&position) {
            return Discrepancy::BadEntry {
                position,
                error: format!("not JSON: {error}"),
            };
        }
    }
    Discrepancy::Malformed(format!("the record is not JSON: {error}"))
}

/// A hash written as 64 hex digits, back to its bytes.
pub fn parse_hash(text: &str) -> Option<Hash> {
    if text.len() != 64 {
        return None;
    }
    hex::decode(text).ok()?.try_into().ok()
}

/// Milliseconds since the Unix epoch as RFC 3339 UTC text with milliseconds:
/// `1735723800000` → `2025-01-01T09:30:00.000Z` (chrono writes it; records pin these bytes).
/// An instant chrono cannot hold (beyond ±262,000 years) is written as its number, which no
/// record's text can match.
pub fn rfc3339_millis(ms: i64) -> String {
    match chrono::DateTime::from_timestamp_millis(ms) {
        Some(at) => at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
        None => format!("{ms} ms after the epoch"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_written_as_rfc3339_utc_with_milliseconds() {
        assert_eq!(rfc3339_millis(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(
            rfc3339_millis(1_735_723_800_000),
            "2025-01-01T09:30:00.000Z"
        );
        assert_eq!(rfc3339_millis(951_782_400_123), "2000-02-29T00:00:00.123Z");
        assert_eq!(
            rfc3339_millis(4_107_542_399_999),
            "2100-02-28T23:59:59.999Z"
        );
        assert_eq!(rfc3339_millis(-1), "1969-12-31T23:59:59.999Z");
        assert_eq!(
            rfc3339_millis(i64::MAX),
            "9223372036854775807 ms after the epoch"
        );
    }
}
