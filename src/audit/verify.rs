//! The offline verifier: every check a published record must pass, in a fixed order, stopping
//! at the first discrepancy with a message that names what and where; and the summary of a sound game.

use super::chain::{genesis, hash_parts};
use super::record::{parse_hash, rfc3339_millis, Record, GAMES, RECORD_FORMAT};
use super::replay::Replayer;
use super::seed::{commitment, derive_seed, parse_secret};
use crate::engine::condottiere::{Ending, Event, Outcome, RuleError, RULES_VERSIONS};
use crate::engine::Seat;
use serde::Serialize;
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
    UnknownGame(String),
    UnknownRulesVersion(u32),
    /// An entry of `actions` that does not read as one.
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
    /// The engine refuses to set the game up as the record says.
    Setup(String),
    Illegal {
        position: usize,
        error: RuleError,
    },
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
            Discrepancy::UnknownGame(_) => "unknown_game",
            Discrepancy::UnknownRulesVersion(_) => "unknown_rules_version",
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

impl fmt::Display for Discrepancy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Discrepancy::Malformed(why) => write!(f, "{why}"),
            Discrepancy::UnknownFormat(format) => write!(
                f,
                "format {format:?} is not known (this verifier reads {RECORD_FORMAT})"
            ),
            Discrepancy::UnknownGame(game) => write!(
                f,
                "game {game:?} is not known (this verifier knows {})",
                GAMES.join(", ")
            ),
            Discrepancy::UnknownRulesVersion(version) => write!(
                f,
                "rules_version {version} is not known (this engine plays {RULES_VERSIONS:?})"
            ),
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

fn seat_list(seats: &[Seat]) -> String {
    let numbers: Vec<String> = seats.iter().map(|s| s.number().to_string()).collect();
    match numbers.as_slice() {
        [one] => format!("seat {one}"),
        _ => format!("seats {}", numbers.join(", ")),
    }
}

fn describe_outcome(outcome: Option<&Outcome>) -> String {
    let Some(outcome) = outcome else {
        return "no outcome (the game is not over)".into();
    };
    let mut text = format!(
        "{} won ({})",
        seat_list(&outcome.winners),
        outcome.ending.describe()
    );
    if let Some(scores) = &outcome.scores {
        text.push_str(&format!(" with scores {scores:?}"));
    }
    text
}

/// What a sound, finished record says happened (serializes for the CLI's and the API's JSON).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Summary {
    pub id: String,
    pub game: String,
    pub rules_version: u32,
    /// The players' names, seat 1 first.
    pub players: Vec<String>,
    pub winners: Vec<Seat>,
    pub ending: Ending,
    /// Rounds played, over every game of a Play for Points series.
    pub rounds: u32,
    /// Games played: 1, or the games of a Play for Points series.
    pub games: u32,
    /// Battles concluded (final battles included), from the engine's counter.
    pub battles: u32,
    /// Deals made, from the engine's counter (Draw After Battle draws count as deals).
    pub deals: u32,
    pub actions: usize,
    /// Play for Points: the final totals, seat by seat.
    pub scores: Option<Vec<u32>>,
    /// The head hash the whole record hangs on.
    pub head: String,
}

impl Summary {
    pub fn winner_names(&self) -> Vec<&str> {
        self.winners
            .iter()
            .filter_map(|s| self.players.get(s.index()).map(String::as_str))
            .collect()
    }
    /// How the game ended, in words.
    pub fn how_it_ended(&self) -> &'static str {
        self.ending.describe()
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} game {} (rules version {}): {}",
            self.game,
            self.id,
            self.rules_version,
            self.players.join(", ")
        )?;
        writeln!(
            f,
            "won by {}: {}",
            self.winner_names().join(" and "),
            self.how_it_ended()
        )?;
        write!(
            f,
            "{} game{}, {} round{}, {} battle{}, {} deal{}, {} action{}",
            self.games,
            plural(self.games as usize),
            self.rounds,
            plural(self.rounds as usize),
            self.battles,
            plural(self.battles as usize),
            self.deals,
            plural(self.deals as usize),
            self.actions,
            plural(self.actions)
        )?;
        if let Some(scores) = &self.scores {
            let each: Vec<String> = self
                .players
                .iter()
                .zip(scores)
                .map(|(name, score)| format!("{name} {score}"))
                .collect();
            write!(f, "\npoints: {}", each.join(", "))?;
        }
        writeln!(f, "\nhead {}", self.head)
    }
}

/// Check a record from its JSON text: `Record::from_json`, then `verify`.
pub fn verify_json(text: &str) -> Result<Summary, Discrepancy> {
    verify(&Record::from_json(text)?)
}

/// Check everything a record claims, in this order, stopping at the first discrepancy:
///
/// 1. the format, game and rules version are known;
/// 2. the secret is revealed — if not, the record is a running game's: `verify_log` runs and
///    the result is `Err(NotFinished)` when the log is sound;
/// 3. the commitment is SHA-256 of the secret;
/// 4. the seats are numbered 1, 2, … with names, and there is one contribution per seat in
///    seat order, not empty;
/// 5. the deal seed is derived from the secret and the contributions (`derive_seed`);
/// 6. the genesis hash covers the setup; then for each action: its sequence number is its
///    position, its hash chains from the previous one, its time is not before the previous
///    action's, and its time text (when given) says the same instant;
/// 7. the head is the last action's hash (checked with the chain, before any replay, so that a
///    log cut short is reported as such and not as a wrong outcome);
/// 8. every action replays through the engine's checked path, from `Game::setup` under the
///    record's rules version, options, seat count and the derived seed;
/// 9. the replayed outcome is the recorded one.
pub fn verify(record: &Record) -> Result<Summary, Discrepancy> {
    check_format(record)?;
    let Some(secret_text) = &record.secret else {
        verify_log(record)?;
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
    let seed = derive_seed(&secret, &record.contribution_values());
    check_chain(record, Some(&secret))?;
    if last_hash(record) != record.head {
        return Err(Discrepancy::Head);
    }

    let mut events = Vec::new();
    let mut replayer = Replayer::start(record, seed, &mut events)?;
    let mut games = 0;
    let mut rounds = 0;
    let mut count = |events: &mut Vec<_>| {
        for (_, event) in events.drain(..) {
            match event {
                Event::GameStarted { .. } => {
                    games += 1;
                    rounds += 1;
                }
                Event::RoundStarted { .. } => rounds += 1,
                _ => {}
            }
        }
    };
    count(&mut events);
    while let Some(step) = replayer.step(&mut events) {
        step?;
        count(&mut events);
    }
    let game = replayer.game();
    if game.outcome() != record.outcome.as_ref() {
        return Err(Discrepancy::Outcome {
            recorded: record.outcome.clone(),
            replayed: game.outcome().cloned(),
        });
    }
    let Some(outcome) = game.outcome() else {
        return Err(Discrepancy::RevealedTooEarly {
            actions: record.actions.len(),
        });
    };
    Ok(Summary {
        id: record.id.clone(),
        game: record.game.clone(),
        rules_version: record.rules_version,
        players: record.seats.iter().map(|s| s.name.clone()).collect(),
        winners: outcome.winners.clone(),
        ending: outcome.ending,
        rounds,
        games,
        battles: game.battles(),
        deals: game.deals(),
        actions: record.actions.len(),
        scores: outcome.scores.clone(),
        head: record.head.clone(),
    })
}

/// Check the public part of a record, which needs no secret: format, seats, contributions,
/// the genesis hash, every entry (sequence, hash, time) and the head. This is what anyone can
/// check of a running game; `verify` does it too, and much more, once the game is over.
pub fn verify_log(record: &Record) -> Result<(), Discrepancy> {
    check_format(record)?;
    check_seats(record)?;
    check_contributions(record)?;
    check_chain(record, None)?;
    if last_hash(record) != record.head {
        return Err(Discrepancy::Head);
    }
    Ok(())
}

fn check_format(record: &Record) -> Result<(), Discrepancy> {
    if record.format != RECORD_FORMAT {
        return Err(Discrepancy::UnknownFormat(record.format.clone()));
    }
    if !GAMES.contains(&record.game.as_str()) {
        return Err(Discrepancy::UnknownGame(record.game.clone()));
    }
    if !RULES_VERSIONS.contains(&record.rules_version) {
        return Err(Discrepancy::UnknownRulesVersion(record.rules_version));
    }
    Ok(())
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

/// Genesis, then each entry: sequence number, hash, time order, time text.
fn check_chain(record: &Record, secret: Option<&[u8; 32]>) -> Result<(), Discrepancy> {
    let genesis = genesis(&record.header());
    if parse_hash(&record.genesis) != Some(genesis) {
        return Err(Discrepancy::Genesis);
    }
    let mut prev = genesis;
    let mut previous_at: Option<i64> = None;
    for (i, entry) in record.actions.iter().enumerate() {
        let position = i + 1;
        if entry.seq != position as u64 {
            return Err(Discrepancy::Sequence {
                position,
                found: entry.seq,
            });
        }
        let hash = match (secret, &entry.action) {
            (Some(secret), Some(action)) => {
                hash_parts(&prev, secret, entry.seq, entry.seat, action, entry.at)
            }
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
