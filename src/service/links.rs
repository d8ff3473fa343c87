//! Signed seat links: the server key, the per-seat token (an HMAC, never stored) and the URLs
//! that carry it. A relink bumps the seat's link version, which retires every older link.

use crate::domain::GameId;
use crate::domain::SeatToken;
use crate::engine::Seat;
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
        Secret(rand::random::<[u8; 32]>().to_vec())
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
        SeatToken::parse(&hex::encode(
            self.mac(game, seat, link_version).finalize().into_bytes(),
        ))
        .expect("a MAC is 64 hex digits")
    }

    /// Whether the token is the current one for this seat; compares in constant time.
    pub fn verify(&self, game: &GameId, seat: Seat, link_version: i32, token: &SeatToken) -> bool {
        let Ok(bytes) = hex::decode(token.as_str()) else {
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
    /// A reply to a seat's mail: (game id, seat, move number, partner seat, link version).
    Reply,
    /// An invitation to take over a resigned seat: (game id, seat, name, address key, when the
    /// seat was resigned), so it ends once anyone took the seat.
    TakeOver,
    /// A game's feed of its public events: (game id, the game's feed version, language).
    GameFeed,
    /// A person's calendar of deadlines: (address key, their calendar version).
    Calendar,
    /// A claim of an open seat, mailed to the claimer to prove their address: (game id, seat,
    /// name, address key). It ends when the seat is no longer open.
    Claim,
    /// A confirmed claim the creator approves or declines: (game id, seat, the stored claim's
    /// id), good until the creator answers it.
    ClaimApprove,
    /// A sitter's link to the seat they sit for: (game id, seat, the sitter's address key,
    /// when they were named). It ends when the sitting does.
    Sit,
}

impl Capability {
    fn name(self) -> &'static [u8] {
        match self {
            Capability::Confirm => b"corriere-confirm/v1",
            Capability::SignIn => b"corriere-sign-in/v1",
            Capability::Settings => b"corriere-settings/v1",
            Capability::Unsubscribe => b"corriere-unsubscribe/v1",
            Capability::Reply => b"corriere-reply/v1",
            Capability::TakeOver => b"corriere-take-over/v1",
            Capability::GameFeed => b"corriere-game-feed/v1",
            Capability::Calendar => b"corriere-calendar/v1",
            Capability::Claim => b"corriere-claim/v1",
            Capability::ClaimApprove => b"corriere-claim-approve/v1",
            Capability::Sit => b"corriere-sit/v1",
        }
    }
}

/// Where replies to seat mails go: `local@domain`, each mail's address being
/// `local+TOKEN@domain` with a token that names the seat and is signed ([`ReplyToken`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplyAddress {
    local: String,
    domain: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the reply address must look like name@domain, without a + in the name")]
pub struct BadReplyAddress;

impl ReplyAddress {
    pub fn parse(text: &str) -> Result<ReplyAddress, BadReplyAddress> {
        let (local, domain) = text.trim().rsplit_once('@').ok_or(BadReplyAddress)?;
        let fine = |part: &str, extra: &[u8]| {
            !part.is_empty()
                && part.len() <= 40
                && part
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b) || extra.contains(&b))
        };
        if !fine(local, b"") || !fine(domain, b"") {
            return Err(BadReplyAddress);
        }
        Ok(ReplyAddress {
            local: local.to_ascii_lowercase(),
            domain: domain.to_ascii_lowercase(),
        })
    }

    /// `reply@HOST` of the base URL (`reply@localhost` for a local one).
    pub fn for_base(base: &BaseUrl) -> ReplyAddress {
        let rest = base.as_str().split_once("://").map_or("", |(_, rest)| rest);
        let host = rest.split(['/', ':']).next().unwrap_or_default();
        ReplyAddress::parse(&format!("reply@{host}")).unwrap_or(ReplyAddress {
            local: "reply".into(),
            domain: "localhost".into(),
        })
    }

    /// The domain every reply address is at.
    pub fn domain(&self) -> &str {
        &self.domain
    }

    /// The address of one token.
    pub fn with_token(&self, token: &ReplyToken) -> String {
        format!("{}+{}@{}", self.local, token.text(), self.domain)
    }

    /// The token of an address of ours (`local+TOKEN@domain`, any case), or `None` for any
    /// other address.
    pub fn token_in(&self, address: &str) -> Option<String> {
        let address = address.trim().trim_start_matches('<').trim_end_matches('>');
        let (local, domain) = address.rsplit_once('@')?;
        let (name, token) = local.split_once('+')?;
        (name.eq_ignore_ascii_case(&self.local) && domain.eq_ignore_ascii_case(&self.domain))
            .then(|| token.to_owned())
    }
}

/// What a reply address grants: to act for `seat` of `game` as of move `seq`, and to answer
/// `partner`'s private message (0: the table). Written `game.seat.seq.partner.signature`
/// (seats from 1, a 24-digit signature that includes the seat's link version).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplyToken {
    pub game: GameId,
    pub seat: Seat,
    pub seq: i64,
    pub partner: Option<Seat>,
    signature: String,
}

impl ReplyToken {
    /// The parts of a token as it arrived, unchecked; `None` when it is not shaped like one.
    pub fn parse(text: &str) -> Option<ReplyToken> {
        let mut parts = text.split('.');
        let game = GameId::parse(parts.next()?).ok()?;
        let seat: u8 = parts.next()?.parse().ok()?;
        let seq: i64 = parts.next()?.parse().ok()?;
        let partner: u8 = parts.next()?.parse().ok()?;
        let signature = parts.next()?.to_ascii_lowercase();
        if parts.next().is_some()
            || seat == 0
            || seq < 0
            || signature.len() != 24
            || !signature.bytes().all(|b| b.is_ascii_hexdigit())
        {
            return None;
        }
        Some(ReplyToken {
            game,
            seat: Seat(seat - 1),
            seq,
            partner: (partner > 0).then(|| Seat(partner - 1)),
            signature,
        })
    }

    fn text(&self) -> String {
        format!(
            "{}.{}.{}.{}.{}",
            self.game,
            self.seat.number(),
            self.seq,
            self.partner.map_or(0, |p| p.number()),
            self.signature
        )
    }
}

impl Links {
    fn reply_parts(
        game: &GameId,
        seat: Seat,
        seq: i64,
        partner: Option<Seat>,
        link_version: i32,
    ) -> [String; 5] {
        [
            game.to_string(),
            seat.number().to_string(),
            seq.to_string(),
            partner.map_or(0, |p| p.number()).to_string(),
            link_version.to_string(),
        ]
    }

    /// A seat's reply token as of move `seq`.
    pub fn reply_token(
        &self,
        game: &GameId,
        seat: Seat,
        seq: i64,
        partner: Option<Seat>,
        link_version: i32,
    ) -> ReplyToken {
        let parts = Links::reply_parts(game, seat, seq, partner, link_version);
        let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
        let signature = self.sign(Capability::Reply, &parts)[..24].to_owned();
        ReplyToken {
            game: game.clone(),
            seat,
            seq,
            partner,
            signature,
        }
    }

    /// Whether `token` was signed for the seat's current link version; constant time.
    pub fn check_reply(&self, token: &ReplyToken, link_version: i32) -> bool {
        use subtle::ConstantTimeEq;
        let parts = Links::reply_parts(
            &token.game,
            token.seat,
            token.seq,
            token.partner,
            link_version,
        );
        let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
        let full = self.sign(Capability::Reply, &parts);
        bool::from(full.as_bytes()[..24].ct_eq(token.signature.as_bytes()))
    }
}

#[cfg(test)]
mod reply_tests {
    use super::*;

    #[test]
    fn a_reply_token_round_trips_and_binds_every_part() {
        let links = Links::new(
            Secret::generate(),
            BaseUrl::parse("https://x.example").unwrap(),
        );
        let game = GameId::parse("abcdefghij").unwrap();
        let token = links.reply_token(&game, Seat(1), 42, Some(Seat(0)), 3);
        let address = ReplyAddress::for_base(links.base()).with_token(&token);
        assert!(address.starts_with("reply+abcdefghij.2.42.1."), "{address}");
        assert!(address.ends_with("@x.example"), "{address}");
        let back = ReplyAddress::for_base(links.base())
            .token_in(&address.to_uppercase().replace("ABCDEFGHIJ", "abcdefghij"))
            .and_then(|t| ReplyToken::parse(&t))
            .unwrap();
        assert_eq!(back, token);
        assert!(links.check_reply(&back, 3));
        assert!(!links.check_reply(&back, 4), "a relink retires it");
        let mut moved = back.clone();
        moved.seq = 43;
        assert!(!links.check_reply(&moved, 3), "the move number is signed");
        let mut other = back;
        other.seat = Seat(0);
        assert!(!links.check_reply(&other, 3), "the seat is signed");
    }
}
