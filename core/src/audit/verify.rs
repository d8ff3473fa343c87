//! The offline verifier: every check a published record must pass, in a fixed order, stopping
//! at the first discrepancy with a message that names what and where; and the summary of a sound game.
//! It dispatches on the record's game through the registry of game kinds.

use super::chain::LogVersion;
use super::chain::{genesis, hash_parts, LogHeader};
use super::record::{parse_hash, rfc3339_millis, Record, RECORD_FORMATS};
use super::replay::walk_record;
use super::seed::{commitment, parse_secret};
use crate::engine::{Seat, Viewer};
use crate::kinds::{Action, Json, Kind, Options, Outcome, Registry, RuleError};
use crate::present::{Ctx, SeatNames, Words};
use std::collections::BTreeMap;
use std::fmt;

/// The first thing found wrong with a record (or, for `NotFinished`, why it cannot be checked
/// to the end yet). `Display` gives the message for people; `code` a stable name for programs.
///
/// "action N" always counts entries by their position in the record, from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Discrepancy {
    /// The text is not a record at all.
    Malformed(String),
    UnknownFormat(String),
    /// The game is not one this verifier knows; it lists the ones it knows.
    UnknownGame {
        game: String,
        known: Vec<String>,
    },
    UnknownRulesVersion {
        version: u32,
        known: Vec<u32>,
    },
    /// The options are not the game's.
    Options(String),
    /// An entry of `actions` that does not read as one (or whose action is not the game's).
    BadEntry {
        position: usize,
        error: String,
    },
    /// The secret is not revealed: a running game's record. Everything up to the chain's head
    /// checked out.
    NotFinished {
        actions: usize,
    },
    /// An outcome without the secret that would let anyone check it.
    OutcomeWithoutSecret,
    SecretNotHex,
    Commitment,
    Seats(String),
    /// Seat `seat` (1-based) has a missing or unsound contribution.
    Contribution {
        seat: usize,
        problem: String,
    },
    Genesis,
    Sequence {
        position: usize,
        found: u64,
    },
    /// An action is blanked out in a record that reveals the secret.
    Redacted {
        position: usize,
    },
    HashMismatch {
        position: usize,
    },
    TimeBackwards {
        position: usize,
        at: i64,
        previous: i64,
    },
    TimeText {
        position: usize,
        text: String,
        at: i64,
    },
    /// A clock entry taken before the deadline it enforced.
    BeforeDeadline {
        position: usize,
        at: i64,
        deadline: i64,
    },
    /// A clock entry's `deadline_time` does not say its deadline.
    DeadlineText {
        position: usize,
        text: String,
        deadline: i64,
    },
    /// A clock entry that is not the game's default action for the seat where it was played
    /// (`default` is `None` when the seat owed no decision there).
    NotTheDefault {
        position: usize,
        played: Json,
        default: Option<Json>,
    },
    /// The engine refuses to set the game up as the record says.
    Setup(String),
    Illegal {
        position: usize,
        error: RuleError,
    },
    /// The recorded outcome is not the replayed one (`None`: no outcome).
    Outcome {
        recorded: Option<Outcome>,
        replayed: Option<Outcome>,
    },
    /// The secret is revealed but the replayed game is not over (and the record claims no outcome).
    RevealedTooEarly {
        actions: usize,
    },
    Head,
}

impl Discrepancy {
    /// A stable machine-readable name, for the CLI's exit report and the API.
    pub fn code(&self) -> &'static str {
        match self {
            Discrepancy::Malformed(_) => "malformed",
            Discrepancy::UnknownFormat(_) => "unknown_format",
            Discrepancy::UnknownGame { .. } => "unknown_game",
            Discrepancy::UnknownRulesVersion { .. } => "unknown_rules_version",
            Discrepancy::Options(_) => "options",
            Discrepancy::BadEntry { .. } => "bad_entry",
            Discrepancy::NotFinished { .. } => "not_finished",
            Discrepancy::OutcomeWithoutSecret => "outcome_without_secret",
            Discrepancy::SecretNotHex => "secret_not_hex",
            Discrepancy::Commitment => "commitment",
            Discrepancy::Seats(_) => "seats",
            Discrepancy::Contribution { .. } => "contribution",
            Discrepancy::Genesis => "genesis",
            Discrepancy::Sequence { .. } => "sequence",
            Discrepancy::HashMismatch { .. } => "hash_mismatch",
            Discrepancy::Redacted { .. } => "redacted",
            Discrepancy::TimeBackwards { .. } => "time_backwards",
            Discrepancy::TimeText { .. } => "time_text",
            Discrepancy::BeforeDeadline { .. } => "before_deadline",
            Discrepancy::DeadlineText { .. } => "deadline_text",
            Discrepancy::NotTheDefault { .. } => "not_the_default",
            Discrepancy::Setup(_) => "setup",
            Discrepancy::Illegal { .. } => "illegal",
            Discrepancy::Outcome { .. } => "outcome",
            Discrepancy::RevealedTooEarly { .. } => "revealed_too_early",
            Discrepancy::Head => "head",
        }
    }

    /// True for a running game's sound record: not a failure, but not a full verification either.
    pub fn is_unfinished(&self) -> bool {
        matches!(self, Discrepancy::NotFinished { .. })
    }
}

impl Discrepancy {
    /// The message for people in `words`' language (`Display` is the English one the CLI
    /// prints): `verify-problem-<code>`, with the place and the details as arguments. `kind`,
    /// when the record's game is known, words an illegal action's reason in that language too.
    pub fn words(&self, kind: Option<&dyn Kind>, words: Words) -> String {
        let id = format!("verify-problem-{}", self.code().replace('_', "-"));
        let time = |at: &i64| rfc3339_millis(*at);
        let args: Vec<(&str, crate::present::Arg)> = match self {
            Discrepancy::Malformed(detail)
            | Discrepancy::Options(detail)
            | Discrepancy::Seats(detail)
            | Discrepancy::Setup(detail) => vec![("detail", detail.clone().into())],
            Discrepancy::UnknownFormat(format) => vec![
                ("format", format.clone().into()),
                ("known", RECORD_FORMATS.join(", ").into()),
            ],
            Discrepancy::UnknownGame { game, known } => vec![
                ("game", game.clone().into()),
                ("known", known.join(", ").into()),
            ],
            Discrepancy::UnknownRulesVersion { version, known } => vec![
                ("version", (*version).into()),
                (
                    "known",
                    known
                        .iter()
                        .map(u32::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                        .into(),
                ),
            ],
            Discrepancy::BadEntry { position, error } => vec![
                ("position", (*position).into()),
                ("detail", error.clone().into()),
            ],
            Discrepancy::NotFinished { actions } | Discrepancy::RevealedTooEarly { actions } => {
                vec![("actions", (*actions).into())]
            }
            Discrepancy::OutcomeWithoutSecret
            | Discrepancy::SecretNotHex
            | Discrepancy::Commitment
            | Discrepancy::Genesis
            | Discrepancy::Head => vec![],
            Discrepancy::Contribution { seat, problem } => {
                vec![("seat", (*seat).into()), ("detail", problem.clone().into())]
            }
            Discrepancy::Sequence { position, found } => {
                vec![("position", (*position).into()), ("found", (*found).into())]
            }
            Discrepancy::Redacted { position } | Discrepancy::HashMismatch { position } => {
                vec![("position", (*position).into())]
            }
            Discrepancy::TimeBackwards {
                position,
                at,
                previous,
            } => vec![
                ("position", (*position).into()),
                ("at", time(at).into()),
                ("previous", time(previous).into()),
            ],
            Discrepancy::TimeText { position, text, at } => vec![
                ("position", (*position).into()),
                ("text", text.clone().into()),
                ("at", time(at).into()),
            ],
            Discrepancy::BeforeDeadline {
                position,
                at,
                deadline,
            } => vec![
                ("position", (*position).into()),
                ("at", time(at).into()),
                ("deadline", time(deadline).into()),
            ],
            Discrepancy::DeadlineText {
                position,
                text,
                deadline,
            } => vec![
                ("position", (*position).into()),
                ("text", text.clone().into()),
                ("deadline", time(deadline).into()),
            ],
            Discrepancy::NotTheDefault {
                position,
                played,
                default,
            } => vec![
                ("position", (*position).into()),
                ("played", played.get().to_owned().into()),
                (
                    "default",
                    default
                        .as_ref()
                        .map_or_else(|| "-".to_owned(), |d| d.get().to_owned())
                        .into(),
                ),
                ("owed", if default.is_some() { "yes" } else { "no" }.into()),
            ],
            Discrepancy::Illegal { position, error } => {
                let names = SeatNames::new(Vec::new());
                let reason = match kind {
                    Some(kind) => {
                        kind.rule_error_words(error, &Ctx::new(words, &names, Viewer::Reviewer))
                    }
                    None => error.to_string(),
                };
                vec![("position", (*position).into()), ("detail", reason.into())]
            }
            Discrepancy::Outcome { recorded, replayed } => vec![
                ("recorded", describe_outcome(recorded.as_ref()).into()),
                ("replayed", describe_outcome(replayed.as_ref()).into()),
            ],
        };
        words.with(&id, &args)
    }
}

impl fmt::Display for Discrepancy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Discrepancy::Malformed(why) => write!(f, "{why}"),
            Discrepancy::UnknownFormat(format) => write!(
                f,
                "format {format:?} is not known (this verifier reads {})",
                RECORD_FORMATS.join(", ")
            ),
            Discrepancy::UnknownGame { game, known } => write!(
                f,
                "game {game:?} is not known (this verifier knows {})",
                known.join(", ")
            ),
            Discrepancy::UnknownRulesVersion { version, known } => write!(
                f,
                "rules_version {version} is not known (this engine plays {known:?})"
            ),
            Discrepancy::Options(why) => write!(f, "options: {why}"),
            Discrepancy::BadEntry { position, error } => {
                write!(f, "action {position}: not a valid log entry: {error}")
            }
            Discrepancy::NotFinished { actions } => write!(
                f,
                "not finished: secret not yet revealed (the log of {actions} action{} and its head \
                 check out; the deal can be checked once the game is over)",
                plural(*actions)
            ),
            Discrepancy::OutcomeWithoutSecret => write!(
                f,
                "the record gives an outcome but not the secret: a finished game's record reveals it"
            ),
            Discrepancy::SecretNotHex => write!(f, "secret: not 64 hexadecimal digits"),
            Discrepancy::Commitment => write!(f, "commitment does not match the revealed secret"),
            Discrepancy::Seats(why) => write!(f, "seats: {why}"),
            Discrepancy::Contribution { seat, problem } => {
                write!(f, "contribution of seat {seat}: {problem}")
            }
            Discrepancy::Genesis => write!(
                f,
                "log genesis does not match the setup (seats, options, commitment or contributions changed)"
            ),
            Discrepancy::Sequence { position, found } => write!(
                f,
                "action {position}: sequence number {found} where {position} was expected"
            ),
            Discrepancy::HashMismatch { position } => write!(f, "action {position}: hash mismatch"),
            Discrepancy::Redacted { position } => write!(
                f,
                "action {position}: blanked out, but a finished record must show every action"
            ),
            Discrepancy::TimeBackwards {
                position,
                at,
                previous,
            } => write!(
                f,
                "action {position}: time {at} ({}) is before the previous action's {previous} ({})",
                rfc3339_millis(*at),
                rfc3339_millis(*previous)
            ),
            Discrepancy::TimeText { position, text, at } => write!(
                f,
                "action {position}: time {text:?} does not say the same instant as at = {at} ({})",
                rfc3339_millis(*at)
            ),
            Discrepancy::BeforeDeadline {
                position,
                at,
                deadline,
            } => write!(
                f,
                "action {position}: the clock acted at {at} ({}) before its deadline {deadline} ({})",
                rfc3339_millis(*at),
                rfc3339_millis(*deadline)
            ),
            Discrepancy::DeadlineText {
                position,
                text,
                deadline,
            } => write!(
                f,
                "action {position}: deadline_time {text:?} does not say the same instant as \
                 deadline = {deadline} ({})",
                rfc3339_millis(*deadline)
            ),
            Discrepancy::NotTheDefault {
                position,
                played,
                default: Some(default),
            } => write!(
                f,
                "action {position}: the clock played {} but the game's default there is {}",
                played.get(),
                default.get()
            ),
            Discrepancy::NotTheDefault {
                position,
                played,
                default: None,
            } => write!(
                f,
                "action {position}: the clock played {} but the seat owed no decision there, so \
                 the game has no default",
                played.get()
            ),
            Discrepancy::Setup(why) => write!(f, "setup: the engine refuses this game: {why}"),
            Discrepancy::Illegal { position, error } => {
                write!(f, "action {position}: illegal: {error}")
            }
            Discrepancy::Outcome { recorded, replayed } => write!(
                f,
                "outcome: the record says {}, but the replay gives {}",
                describe_outcome(recorded.as_ref()),
                describe_outcome(replayed.as_ref())
            ),
            Discrepancy::RevealedTooEarly { actions } => write!(
                f,
                "the secret is revealed but the game is not over after its {actions} action{} \
                 (a record reveals the secret only once the game has ended)",
                plural(*actions)
            ),
            Discrepancy::Head => write!(
                f,
                "head does not match the hash of the last action (or the genesis hash when there is none)"
            ),
        }
    }
}

impl std::error::Error for Discrepancy {}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// "seat 1 won ({…the game's outcome…})", or that there is none.
fn describe_outcome(outcome: Option<&Outcome>) -> String {
    let Some(outcome) = outcome else {
        return "no outcome (the game is not over)".into();
    };
    let numbers: Vec<String> = outcome
        .winners()
        .iter()
        .map(|s| s.number().to_string())
        .collect();
    let seats = match numbers.as_slice() {
        [one] => format!("seat {one}"),
        _ => format!("seats {}", numbers.join(", ")),
    };
    format!("{seats} won ({})", outcome.json())
}

/// What a sound, finished record says happened (serializes for the CLI's and the API's JSON).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Summary {
    pub id: String,
    pub game: String,
    pub rules_version: u32,
    /// The players' names, seat 1 first.
    pub players: Vec<String>,
    pub winners: Vec<Seat>,
    /// The game's outcome, in its JSON form.
    pub outcome: Json,
    /// Counters the game reports: from its events over the whole replay (rounds, games…) and
    /// from its final state (battles, deals…).
    pub counts: BTreeMap<&'static str, u64>,
    pub actions: usize,
    /// The head hash the whole record hangs on.
    pub head: String,
    #[serde(skip)]
    outcome_value: Outcome,
}

impl Summary {
    pub fn winner_names(&self) -> Vec<&str> {
        self.winners
            .iter()
            .filter_map(|s| self.players.get(s.index()).map(String::as_str))
            .collect()
    }

    /// A counter the game reports (0 when it reports none by that name).
    pub fn count(&self, name: &str) -> u64 {
        self.counts.get(name).copied().unwrap_or(0)
    }

    /// The game's typed outcome, for code that knows the game.
    pub fn outcome_as<T: std::any::Any>(&self) -> Option<&T> {
        self.outcome_value.downcast()
    }

    /// The summary for people, in `words`' language: who played, the result, the counters,
    /// the head. `kind` is the record's game.
    pub fn describe(&self, kind: &dyn Kind, words: Words) -> String {
        let names = SeatNames::new(self.players.clone());
        let cx = Ctx::new(words, &names, Viewer::Reviewer);
        let counts: Vec<String> = self
            .counts
            .iter()
            .map(|(name, n)| count_words(kind, words, name, *n))
            .chain([words.one("verify-count-actions", "n", self.actions)])
            .collect();
        words.with(
            "verify-summary",
            &[
                ("game", words.get(&format!("{}-title", kind.name())).into()),
                ("id", self.id.clone().into()),
                ("version", self.rules_version.into()),
                ("players", self.players.join(", ").into()),
                (
                    "result",
                    kind.outcome_words(&self.outcome_value, &cx).into(),
                ),
                ("counts", counts.join(", ").into()),
                ("head", self.head.clone().into()),
            ],
        )
    }
}

/// "12 battles": the game's own message for a counter, `<game>-count-<name>`.
fn count_words(kind: &dyn Kind, words: Words, name: &str, n: u64) -> String {
    let id = format!("{}-count-{name}", kind.name());
    if words.has(&id) {
        words.one(&id, "n", n)
    } else {
        format!("{n} {name}")
    }
}

/// Check a record from its JSON text with the games this service plays.
pub fn verify_json(text: &str) -> Result<Summary, Discrepancy> {
    verify(&Record::from_json(text)?)
}

/// Check a record with the games this service plays (see [`verify_with`]).
pub fn verify(record: &Record) -> Result<Summary, Discrepancy> {
    verify_with(record, &Registry::standard())
}

/// Check everything a record claims, in this order, stopping at the first discrepancy:
///
/// 1. the format is known, the game is one `registry` knows, and so is its rules version, and
///    the options are the game's;
/// 2. the secret is revealed — if not, the record is a running game's: `verify_log` runs and
///    the result is `Err(NotFinished)` when the log is sound;
/// 3. the commitment is SHA-256 of the secret;
/// 4. the seats are numbered 1, 2, … with names, and there is one contribution per seat in
///    seat order, not empty;
/// 5. the deal seed is derived from the secret and the contributions (`derive_seed`);
/// 6. the genesis hash covers the setup; then for each action: it is one of the game's, its
///    sequence number is its position, its hash (over its author too) chains from the previous
///    one, its time is not before the previous action's, its time text (when given) says the
///    same instant, and a clock entry is taken at or after its deadline (whose text, when
///    given, says the same instant);
/// 7. the head is the last action's hash (checked with the chain, before any replay, so that a
///    log cut short is reported as such and not as a wrong outcome);
/// 8. every action replays through the game's checked path, from its setup under the
///    record's rules version, options, seat count and the derived seed (`Replay::apply`), and
///    a clock entry is the game's default action for its seat there;
/// 9. the replayed outcome is the recorded one.
pub fn verify_with(record: &Record, registry: &Registry) -> Result<Summary, Discrepancy> {
    let (kind, options) = check_format(record, registry)?;
    let Some(secret_text) = &record.secret else {
        verify_log_with(record, registry)?;
        if record.outcome.is_some() {
            return Err(Discrepancy::OutcomeWithoutSecret);
        }
        return Err(Discrepancy::NotFinished {
            actions: record.actions.len(),
        });
    };
    let secret = parse_secret(secret_text).ok_or(Discrepancy::SecretNotHex)?;
    if commitment(&secret) != record.commitment {
        return Err(Discrepancy::Commitment);
    }
    check_seats(record)?;
    check_contributions(record)?;
    let header = header(record, &options);
    let actions = read_actions(kind, record)?;
    check_chain(record, &header, &actions, Some(&secret))?;
    if last_hash(record) != record.head {
        return Err(Discrepancy::Head);
    }

    let mut counts: BTreeMap<&'static str, u64> = BTreeMap::new();
    let replay = walk_record(record, kind, &options, |_, replay| {
        let events = &replay.steps.last().expect("a replay has its setup").events;
        for name in kind.counts(events) {
            *counts.entry(name).or_default() += 1;
        }
    })?;
    let game = &replay.game;
    let replayed = game.outcome();
    let recorded = recorded_outcome(kind, record)?;
    if replayed != recorded {
        return Err(Discrepancy::Outcome { recorded, replayed });
    }
    let Some(outcome) = replayed else {
        return Err(Discrepancy::RevealedTooEarly {
            actions: record.actions.len(),
        });
    };
    counts.extend(game.facts());
    Ok(Summary {
        id: record.id.clone(),
        game: record.game.clone(),
        rules_version: record.rules_version,
        players: record.seats.iter().map(|s| s.name.clone()).collect(),
        winners: outcome.winners().to_vec(),
        outcome: outcome.json().clone(),
        counts,
        actions: record.actions.len(),
        head: record.head.clone(),
        outcome_value: outcome,
    })
}

/// The recorded outcome, read as the game's.
fn recorded_outcome(kind: &dyn Kind, record: &Record) -> Result<Option<Outcome>, Discrepancy> {
    record
        .outcome
        .as_ref()
        .map(|json| {
            kind.read_outcome(json.get())
                .map_err(|e| Discrepancy::Malformed(format!("outcome: {e}")))
        })
        .transpose()
}

/// Check the public part of a record with the games this service plays (see
/// [`verify_log_with`]).
pub fn verify_log(record: &Record) -> Result<(), Discrepancy> {
    verify_log_with(record, &Registry::standard())
}

/// Check the public part of a record, which needs no secret: format, game, options, seats,
/// contributions, the genesis hash, every entry (sequence, hash, time) and the head. This is
/// what anyone can check of a running game; `verify` does it too, and much more, once the
/// game is over.
pub fn verify_log_with(record: &Record, registry: &Registry) -> Result<(), Discrepancy> {
    let (kind, options) = check_format(record, registry)?;
    check_seats(record)?;
    check_contributions(record)?;
    let actions = read_actions(kind, record)?;
    check_chain(record, &header(record, &options), &actions, None)?;
    if last_hash(record) != record.head {
        return Err(Discrepancy::Head);
    }
    Ok(())
}

/// The record's game, known to `registry`, under a rules version it plays, with its options.
fn check_format<'r>(
    record: &Record,
    registry: &'r Registry,
) -> Result<(&'r dyn Kind, Options), Discrepancy> {
    if !RECORD_FORMATS.contains(&record.format.as_str()) {
        return Err(Discrepancy::UnknownFormat(record.format.clone()));
    }
    let kind = registry
        .get(&record.game)
        .map_err(|_| Discrepancy::UnknownGame {
            game: record.game.clone(),
            known: registry.names().iter().map(|n| n.to_string()).collect(),
        })?;
    if !kind.rules_versions().contains(&record.rules_version) {
        return Err(Discrepancy::UnknownRulesVersion {
            version: record.rules_version,
            known: kind.rules_versions().to_vec(),
        });
    }
    let options = kind
        .read_options(record.options.get())
        .map_err(Discrepancy::Options)?;
    Ok((kind, options))
}

/// The setup as the genesis hash covers it: the options in the game's canonical form.
fn header(record: &Record, options: &Options) -> LogHeader {
    LogHeader {
        options: options.json().clone(),
        ..record.header()
    }
}

/// Each entry's action read as the game's (`None` where the record blanks it).
fn read_actions(kind: &dyn Kind, record: &Record) -> Result<Vec<Option<Action>>, Discrepancy> {
    record
        .actions
        .iter()
        .enumerate()
        .map(|(i, entry)| {
            entry
                .action
                .as_ref()
                .map(|json| kind.read_action(json.get()))
                .transpose()
                .map_err(|error| Discrepancy::BadEntry {
                    position: i + 1,
                    error,
                })
        })
        .collect()
}

fn check_seats(record: &Record) -> Result<(), Discrepancy> {
    if record.seats.is_empty() {
        return Err(Discrepancy::Seats("none listed".into()));
    }
    for (i, seat) in record.seats.iter().enumerate() {
        let number = i + 1;
        if seat.seat.index() != i {
            return Err(Discrepancy::Seats(format!(
                "seat {number} is listed as seat {} (seats are numbered 1, 2, … in order)",
                seat.seat.number()
            )));
        }
        if seat.name.trim().is_empty() {
            return Err(Discrepancy::Seats(format!("seat {number} has no name")));
        }
        match record.log_version() {
            LogVersion::V1 if seat.salt.is_some() || seat.name_hash.is_some() => {
                return Err(Discrepancy::Seats(format!(
                    "seat {number} has a salt or a name hash, which only a corriere-record/2 \
                     record gives"
                )));
            }
            LogVersion::V2 if seat.covered().is_none() => {
                return Err(Discrepancy::Seats(format!(
                    "seat {number} needs either a \"salt\" or a \"name_hash\" of 64 \
                     hexadecimal digits"
                )));
            }
            _ => {}
        }
    }
    Ok(())
}

fn check_contributions(record: &Record) -> Result<(), Discrepancy> {
    let seats = record.seats.len();
    for (i, contribution) in record.contributions.iter().enumerate() {
        let number = i + 1;
        let problem = if number > seats {
            format!(
                "there is no seat {number}: {seats} seats but {} contributions",
                record.contributions.len()
            )
        } else if contribution.seat.index() != i {
            format!(
                "listed as seat {} (contributions are one per seat, in seat order)",
                contribution.seat.number()
            )
        } else if contribution.value.is_empty() {
            "the value is empty".into()
        } else {
            continue;
        };
        return Err(Discrepancy::Contribution {
            seat: number,
            problem,
        });
    }
    if record.contributions.len() < seats {
        return Err(Discrepancy::Contribution {
            seat: record.contributions.len() + 1,
            problem: "missing".into(),
        });
    }
    Ok(())
}

/// Genesis, then each entry: sequence number, hash, time order, time text, a clock's deadline.
fn check_chain(
    record: &Record,
    header: &LogHeader,
    actions: &[Option<Action>],
    secret: Option<&[u8; 32]>,
) -> Result<(), Discrepancy> {
    let genesis = genesis(header);
    if parse_hash(&record.genesis) != Some(genesis) {
        return Err(Discrepancy::Genesis);
    }
    let mut prev = genesis;
    let mut previous_at: Option<i64> = None;
    for (i, (entry, action)) in record.actions.iter().zip(actions).enumerate() {
        let position = i + 1;
        if entry.seq != position as u64 {
            return Err(Discrepancy::Sequence {
                position,
                found: entry.seq,
            });
        }
        let hash = match (secret, action) {
            (Some(secret), Some(action)) => hash_parts(
                &prev,
                secret,
                entry.seq,
                entry.seat,
                action.json(),
                entry.at,
                entry.author,
            ),
            (Some(_), None) => return Err(Discrepancy::Redacted { position }),
            // A running game's record: the salts are secret, so only the shape is checked.
            (None, _) => parse_hash(&entry.hash).ok_or(Discrepancy::HashMismatch { position })?,
        };
        if parse_hash(&entry.hash) != Some(hash) {
            return Err(Discrepancy::HashMismatch { position });
        }
        if let Some(previous) = previous_at.filter(|&p| entry.at < p) {
            return Err(Discrepancy::TimeBackwards {
                position,
                at: entry.at,
                previous,
            });
        }
        if let Some(text) = entry
            .time
            .as_ref()
            .filter(|t| **t != rfc3339_millis(entry.at))
        {
            return Err(Discrepancy::TimeText {
                position,
                text: text.clone(),
                at: entry.at,
            });
        }
        if let Some(deadline) = entry.author.deadline() {
            if entry.at < deadline {
                return Err(Discrepancy::BeforeDeadline {
                    position,
                    at: entry.at,
                    deadline,
                });
            }
            if let Some(text) = entry
                .deadline_time
                .as_ref()
                .filter(|t| **t != rfc3339_millis(deadline))
            {
                return Err(Discrepancy::DeadlineText {
                    position,
                    text: text.clone(),
                    deadline,
                });
            }
        }
        prev = hash;
        previous_at = Some(entry.at);
    }
    Ok(())
}

/// What the head must be: the last action's hash, or the genesis hash.
fn last_hash(record: &Record) -> &str {
    record
        .actions
        .last()
        .map_or(record.genesis.as_str(), |a| a.hash.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::{name_hash, LogVersion, SeatName, RECORD_FORMAT, RECORD_FORMAT_V2};
    use crate::simulate::{sim_secret, simulate_record};
    use sha2::Digest;

    /// A finished simulated game, as a v1 record (as every game before salted names).
    fn v1() -> Record {
        let registry = Registry::standard();
        let kind = registry.get("condottiere").unwrap();
        let options = kind.read_options("{}").unwrap();
        simulate_record(kind, 3, &options, 11)
    }

    fn salt(seat: usize) -> [u8; 32] {
        [seat as u8 + 1; 32]
    }

    /// The same game chained again under a v2 header: each seat's name with its salt.
    fn v2() -> Record {
        let old = v1();
        let secret = sim_secret(11);
        let seats: Vec<SeatName> = old
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| SeatName::salted(s.seat, s.name.clone(), &salt(i)))
            .collect();
        let header = LogHeader {
            seats: seats
                .iter()
                .enumerate()
                .map(|(i, s)| hex::encode(name_hash(&salt(i), &s.name)))
                .collect(),
            version: LogVersion::V2,
            ..old.header()
        };
        let mut record = Record::with_seats(header, seats);
        for entry in &old.actions {
            let action = entry.action.clone().unwrap();
            record.push(entry.seat, action, entry.at, entry.author, &secret);
        }
        record.reveal(old.outcome.clone().unwrap(), &secret);
        record
    }

    #[test]
    fn a_v1_record_verifies_as_before_and_its_genesis_covers_the_plain_names() {
        let record = v1();
        assert_eq!(record.format, RECORD_FORMAT);
        let summary = verify(&record).unwrap();
        assert_eq!(summary.players, ["Anna", "Bruno", "Chiara"]);
        let mut bytes = crate::audit::LOG_TAG.to_vec();
        bytes.extend(serde_json::to_vec(&record.header()).unwrap());
        let expected: [u8; 32] = sha2::Sha256::digest(&bytes).into();
        assert_eq!(record.genesis, hex::encode(expected));
        assert!(
            String::from_utf8(serde_json::to_vec(&record.header()).unwrap())
                .unwrap()
                .contains(r#""seats":["Anna","Bruno","Chiara"]"#)
        );
        // Read back from its text, the same.
        assert_eq!(verify_json(&record.to_json()).unwrap(), summary);
    }

    #[test]
    fn a_v2_record_verifies_and_its_genesis_covers_salted_name_hashes_only() {
        let record = v2();
        assert_eq!(record.format, RECORD_FORMAT_V2);
        let text = record.to_json();
        assert!(text.contains(r#""salt":""#), "{text}");
        let summary = verify_json(&text).unwrap();
        assert_eq!(summary.players, ["Anna", "Bruno", "Chiara"]);
        let canonical = String::from_utf8(serde_json::to_vec(&record.header()).unwrap()).unwrap();
        assert!(!canonical.contains("Anna"), "{canonical}");
        let mut bytes = crate::audit::LOG_TAG_V2.to_vec();
        bytes.extend(canonical.as_bytes());
        let expected: [u8; 32] = sha2::Sha256::digest(&bytes).into();
        assert_eq!(record.genesis, hex::encode(expected));
        // The documented name hash: SHA-256("corriere-name/v1" ‖ salt ‖ name).
        let mut name = crate::audit::NAME_TAG.to_vec();
        name.extend(salt(0));
        name.extend(b"Anna");
        let hash: [u8; 32] = sha2::Sha256::digest(&name).into();
        assert_eq!(record.header().seats[0], hex::encode(hash));
    }

    #[test]
    fn a_v2_record_with_a_seat_forgotten_verifies_under_its_pseudonym() {
        let mut record = v2();
        record.seats[1].forget("Player 7f3a");
        let text = record.to_json();
        assert!(!text.contains("Bruno"), "{text}");
        assert!(text.contains(r#""name_hash":""#), "{text}");
        let summary = verify_json(&text).unwrap();
        assert_eq!(summary.players, ["Anna", "Player 7f3a", "Chiara"]);
        // A running game's record of it checks out as far as it goes, too.
        let mut running = record.clone();
        running.secret = None;
        running.outcome = None;
        assert!(verify(&running).unwrap_err().is_unfinished());
    }

    #[test]
    fn a_v2_record_with_a_wrong_name_for_its_salt_fails_at_the_genesis() {
        let mut record = v2();
        record.seats[1].name = "Brunella".into();
        assert_eq!(verify(&record).unwrap_err(), Discrepancy::Genesis);
        // A hash that is not the seat's fails too, and a seat giving neither salt nor hash
        // (or a salt in a v1 record) is named as such.
        let mut hashed = v2();
        hashed.seats[2].forget("Player 1");
        hashed.seats[2].name_hash = Some("00".repeat(32));
        assert_eq!(verify(&hashed).unwrap_err(), Discrepancy::Genesis);
        let mut bare = v2();
        bare.seats[0].salt = None;
        assert_eq!(verify(&bare).unwrap_err().code(), "seats");
        let mut salted_v1 = v1();
        salted_v1.seats[0].salt = Some("11".repeat(32));
        assert_eq!(verify(&salted_v1).unwrap_err().code(), "seats");
        // A v1 record relabelled v2 (or the reverse) does not verify.
        let mut relabelled = v2();
        relabelled.format = RECORD_FORMAT.into();
        assert_eq!(verify(&relabelled).unwrap_err().code(), "seats");
    }
}
