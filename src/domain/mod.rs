//! The service's domain types: ids, moments, statuses and checked inputs, one definition each,
//! imported by the store, the service, mail and web alike.

mod names;

pub use names::{
    refused_in_text, BadContribution, BadEmail, BadName, Contribution, EmailAddress, GameTitle,
    PlayerName,
};

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// A moment, in milliseconds since the Unix epoch: the only time format stored.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Millis(pub i64);

impl Millis {
    pub fn now() -> Millis {
        let since = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        Millis(since.as_millis() as i64)
    }
    pub fn plus(self, duration: Duration) -> Millis {
        Millis(self.0.saturating_add(duration.as_millis() as i64))
    }
}

/// The key of a game: 10 characters of lowercase base32 (50 random bits), safe in URLs.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct GameId(String);

const BASE32: &[u8; 32] = b"abcdefghijklmnopqrstuvwxyz234567";

impl GameId {
    pub const LEN: usize = 10;

    /// A fresh random id.
    pub fn generate() -> GameId {
        GameId(random_base32(GameId::LEN))
    }

    /// Parse an id from a URL, a form or an imported record: 1 to 64 URL-safe characters
    /// (`A-Z a-z 0-9 - _`). Ids made here are 10 characters of `a-z2-7`; imported games keep
    /// the id their record was sealed with.
    pub fn parse(text: &str) -> Result<GameId, BadGameId> {
        let url_safe = |b: u8| b.is_ascii_alphanumeric() || b == b'-' || b == b'_';
        if (1..=64).contains(&text.len()) && text.bytes().all(url_safe) {
            Ok(GameId(text.to_owned()))
        } else {
            Err(BadGameId)
        }
    }

    /// An id read back from the store: it was checked when it was made.
    pub fn stored(id: String) -> GameId {
        GameId(id)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a game id is 1 to 64 characters from A-Z, a-z, 0-9, - and _")]
pub struct BadGameId;

impl TryFrom<String> for GameId {
    type Error = BadGameId;
    fn try_from(text: String) -> Result<GameId, BadGameId> {
        GameId::parse(&text)
    }
}

impl From<GameId> for String {
    fn from(id: GameId) -> String {
        id.0
    }
}

impl FromStr for GameId {
    type Err = BadGameId;
    fn from_str(s: &str) -> Result<GameId, BadGameId> {
        GameId::parse(s)
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GameId({})", self.0)
    }
}

/// `len` random characters of lowercase base32, from `rand`'s thread generator (a CSPRNG).
pub fn random_base32(len: usize) -> String {
    let mut bytes = vec![0u8; len];
    rand::fill(&mut bytes[..]);
    bytes
        .iter()
        .map(|b| BASE32[(b & 31) as usize] as char)
        .collect()
}

/// Where a game stands. Stored as text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameStatus {
    /// Created; waiting for every seat to accept.
    Inviting,
    Playing,
    Over,
    /// A seat declined (or the game was otherwise called off).
    Cancelled,
    /// Read from a record for review; never played here.
    Imported,
}

impl GameStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Inviting => "inviting",
            GameStatus::Playing => "playing",
            GameStatus::Over => "over",
            GameStatus::Cancelled => "cancelled",
            GameStatus::Imported => "imported",
        }
    }
    pub fn parse(text: &str) -> Option<GameStatus> {
        Some(match text {
            "inviting" => GameStatus::Inviting,
            "playing" => GameStatus::Playing,
            "over" => GameStatus::Over,
            "cancelled" => GameStatus::Cancelled,
            "imported" => GameStatus::Imported,
            _ => return None,
        })
    }
}

/// Who called a cancelled game off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CancelledBy {
    /// A seat declined its invitation.
    Declined,
    /// The operator cancelled it.
    Operator,
    /// Its creator cancelled it.
    Creator,
}

impl CancelledBy {
    pub fn as_str(self) -> &'static str {
        match self {
            CancelledBy::Declined => "declined",
            CancelledBy::Operator => "operator",
            CancelledBy::Creator => "creator",
        }
    }
    pub fn parse(text: &str) -> Option<CancelledBy> {
        Some(match text {
            "declined" => CancelledBy::Declined,
            "operator" => CancelledBy::Operator,
            "creator" => CancelledBy::Creator,
            _ => return None,
        })
    }
}

/// Who chose a seat's entropy contribution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ContributionSource {
    /// Typed by the player when accepting.
    Player,
    /// Drawn by the server because the player gave none.
    Server,
}

impl ContributionSource {
    pub fn as_str(self) -> &'static str {
        match self {
            ContributionSource::Player => "player",
            ContributionSource::Server => "server",
        }
    }
    pub fn parse(text: &str) -> Option<ContributionSource> {
        match text {
            "player" => Some(ContributionSource::Player),
            "server" => Some(ContributionSource::Server),
            _ => None,
        }
    }
}

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// Its person, from their link.
    Player,
    /// A bot: a seat filled by a bot at creation, or one whose player resigned.
    Bot,
    /// The bot, because the player missed too many deadlines, until they act again.
    Absent,
}

impl Control {
    pub fn as_str(self) -> &'static str {
        match self {
            Control::Player => "player",
            Control::Bot => "bot",
            Control::Absent => "absent",
        }
    }
    pub fn parse(text: &str) -> Control {
        match text {
            "bot" => Control::Bot,
            "absent" => Control::Absent,
            _ => Control::Player,
        }
    }
}

/// The secret part of a seat link: 64 lowercase hex digits of
/// `HMAC-SHA256(server key, "corriere-seat/v1" ‖ game id (10 ASCII bytes) ‖ seat (1 byte, from 0)
/// ‖ link version (u32 big-endian))`.
#[derive(Clone, PartialEq, Eq)]
pub struct SeatToken(String);

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a seat token is 64 hexadecimal digits")]
pub struct BadSeatToken;

impl SeatToken {
    pub fn parse(text: &str) -> Result<SeatToken, BadSeatToken> {
        if text.len() == 64 && text.bytes().all(|b| b.is_ascii_hexdigit()) {
            Ok(SeatToken(text.to_ascii_lowercase()))
        } else {
            Err(BadSeatToken)
        }
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Shows only the first characters: tokens are credentials.
impl fmt::Debug for SeatToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SeatToken({}…)", &self.0[..6])
    }
}

impl fmt::Display for SeatToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
