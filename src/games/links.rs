//! Signed seat links: the server key, the per-seat token (an HMAC, never stored) and the URLs
//! that carry it. A relink bumps the seat's link version, which retires every older link.

use crate::engine::Seat;
use crate::store::GameId;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::fmt;

type HmacSha256 = Hmac<Sha256>;

/// The domain tag that starts every seat token's MAC input.
pub const SEAT_LINK_DOMAIN: &[u8] = b"corriere-seat/v1";

/// The server's link key (at least 32 bytes). `Debug` does not print it.
#[derive(Clone)]
pub struct Secret(Vec<u8>);

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the server secret must be at least 64 hexadecimal digits (32 bytes)")]
pub struct BadSecret;

impl Secret {
    /// Read the configured key: hexadecimal, at least 32 bytes.
    pub fn from_hex(text: &str) -> Result<Secret, BadSecret> {
        let bytes = hex::decode(text.trim()).map_err(|_| BadSecret)?;
        if bytes.len() < 32 {
            return Err(BadSecret);
        }
        Ok(Secret(bytes))
    }
    /// A fresh random key (for tests and first runs; links die with it).
    pub fn generate() -> Secret {
        let mut bytes = vec![0u8; 32];
        getrandom::getrandom(&mut bytes).expect("the operating system has a random generator");
        Secret(bytes)
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(hidden)")
    }
}

/// The public address of the service, e.g. `https://corriere.example` (no trailing slash).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BaseUrl(String);

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the base URL must start with http:// or https://")]
pub struct BadBaseUrl;

impl BaseUrl {
    pub fn parse(text: &str) -> Result<BaseUrl, BadBaseUrl> {
        let text = text.trim().trim_end_matches('/');
        let rest = text
            .strip_prefix("https://")
            .or_else(|| text.strip_prefix("http://"))
            .ok_or(BadBaseUrl)?;
        if rest.is_empty() || rest.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(BadBaseUrl);
        }
        Ok(BaseUrl(text.to_owned()))
    }
    pub fn as_str(&self) -> &str {
        &self.0
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

/// Makes and checks seat links.
#[derive(Clone, Debug)]
pub struct Links {
    key: Secret,
    base: BaseUrl,
}

impl Links {
    pub fn new(key: Secret, base: BaseUrl) -> Links {
        Links { key, base }
    }

    fn mac(&self, game: &GameId, seat: Seat, link_version: i32) -> HmacSha256 {
        let mut mac = HmacSha256::new_from_slice(&self.key.0).expect("HMAC takes any key length");
        mac.update(SEAT_LINK_DOMAIN);
        mac.update(game.as_str().as_bytes());
        mac.update(&[seat.0]);
        mac.update(&(link_version as u32).to_be_bytes());
        mac
    }

    pub fn token(&self, game: &GameId, seat: Seat, link_version: i32) -> SeatToken {
        SeatToken(hex::encode(
            self.mac(game, seat, link_version).finalize().into_bytes(),
        ))
    }

    /// Whether the token is the current one for this seat; compares in constant time.
    pub fn verify(&self, game: &GameId, seat: Seat, link_version: i32, token: &SeatToken) -> bool {
        let Ok(bytes) = hex::decode(&token.0) else {
            return false;
        };
        self.mac(game, seat, link_version)
            .verify_slice(&bytes)
            .is_ok()
    }

    /// `{base}/games/{id}/seat/{seat number from 1}/{token}`.
    pub fn seat_url(&self, game: &GameId, seat: Seat, link_version: i32) -> String {
        format!(
            "{}/games/{game}/seat/{}/{}",
            self.base.0,
            seat.number(),
            self.token(game, seat, link_version)
        )
    }

    /// `{base}/games/{id}`: the public page of a game.
    pub fn game_url(&self, game: &GameId) -> String {
        format!("{}/games/{game}", self.base.0)
    }

    pub fn base(&self) -> &BaseUrl {
        &self.base
    }

    /// HMAC-SHA256 of `parts` (each length-prefixed) under `domain`, in hex: the signature of
    /// every capability other than a seat link (sign-in, confirmation, mail settings,
    /// unsubscribe), each with its own domain so one can never stand for another.
    pub fn sign(&self, domain: Capability, parts: &[&str]) -> String {
        hex::encode(self.capability_mac(domain, parts).finalize().into_bytes())
    }

    /// Whether `signature` is `sign(domain, parts)`, compared in constant time.
    pub fn check(&self, domain: Capability, parts: &[&str], signature: &str) -> bool {
        let Ok(bytes) = hex::decode(signature) else {
            return false;
        };
        self.capability_mac(domain, parts)
            .verify_slice(&bytes)
            .is_ok()
    }

    fn capability_mac(&self, domain: Capability, parts: &[&str]) -> HmacSha256 {
        let mut mac = HmacSha256::new_from_slice(&self.key.0).expect("HMAC takes any key length");
        mac.update(domain.name());
        for part in parts {
            mac.update(&(part.len() as u32).to_be_bytes());
            mac.update(part.as_bytes());
        }
        mac
    }

    /// The URL of `path` under the base URL (`path` starts with `/`).
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base.0)
    }
}

/// What a signed capability grants; each signs under its own domain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Capability {
    /// A creator proves their address: (game id, address).
    Confirm,
    /// A single-use sign-in: (nonce, address).
    SignIn,
    /// An address's mail settings: (address key, link version).
    Settings,
    /// One-click unsubscribe: (address key).
    Unsubscribe,
}

impl Capability {
    fn name(self) -> &'static [u8] {
        match self {
            Capability::Confirm => b"corriere-confirm/v1",
            Capability::SignIn => b"corriere-sign-in/v1",
            Capability::Settings => b"corriere-settings/v1",
            Capability::Unsubscribe => b"corriere-unsubscribe/v1",
        }
    }
}
