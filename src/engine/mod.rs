//! Pure game rules: no IO, no clock, no global randomness, no database types.
//! Owns the vocabulary every game shares (seats, seeds, viewers, audiences) and the `Rules` boundary.

pub mod condottiere;
pub mod rng;

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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

/// Who may see an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    Everyone,
    /// Only this seat (and reviewers once the game is over).
    Only(Seat),
}

impl Audience {
    pub fn admits(self, viewer: Viewer, game_over: bool) -> bool {
        match (self, viewer) {
            (Audience::Everyone, _) => true,
            (Audience::Only(seat), Viewer::Seat(v)) => seat == v,
            (Audience::Only(_), Viewer::Reviewer) => game_over,
            (Audience::Only(_), Viewer::Spectator) => false,
        }
    }
}

/// What every game module offers the service. A second game is a second implementation.
pub trait Rules: Sized + Clone {
    type Options: Serialize + for<'de> Deserialize<'de> + Clone;
    type Action: Serialize + for<'de> Deserialize<'de> + Clone + Eq + fmt::Debug;
    type Event: Serialize + Clone + fmt::Debug;
    type View: Serialize;
    type Error: std::error::Error;

    /// The name stored with each game, e.g. "condottiere".
    const NAME: &'static str;
    /// The rules version new games are created under.
    const CURRENT_RULES_VERSION: u32;

    fn setup(
        rules_version: u32,
        options: &Self::Options,
        players: u8,
        seed: Seed,
    ) -> Result<Self, Self::Error>;
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;
    /// Apply one action; on a rule error the game comes back untouched with the reason.
    fn apply(
        self,
        seat: Seat,
        action: &Self::Action,
        events: &mut Vec<(Audience, Self::Event)>,
    ) -> Result<Self, (Self, Self::Error)>;
    fn view(&self, viewer: Viewer) -> Self::View;
    /// The seats the game waits on now (empty once it is over).
    fn waiting_on(&self) -> Vec<Seat>;
    fn is_over(&self) -> bool;
}
