//! The hash chain over a game's log: h0 binds the setup (commitment, seats, contributions),
//! each action extends it. One pure function each, shared with the audit module.

use crate::engine::condottiere::{Action, Options};
use crate::engine::Seat;
use serde::Serialize;
use sha2::{Digest, Sha256};

/// The domain tag that starts h0.
pub const LOG_DOMAIN: &[u8] = b"corriere-log/v1";

/// A chain value: 32 raw bytes, shown as 64 lowercase hex digits.
pub type ChainHash = [u8; 32];

/// What h0 commits to. Serialized as canonical JSON: `serde_json::to_vec` of this struct, whose
/// field order is fixed, e.g.
/// `{"game_id":"abcdefgh23","rules_version":1,"options":{…engine Options…},"seats":["Alice","Bob"],"contributions":["x","y"]}`.
#[derive(Clone, Debug, Serialize)]
pub struct SetupRecord<'a> {
    pub game_id: &'a str,
    pub rules_version: u32,
    pub options: &'a Options,
    /// Player names, seat 1 first.
    pub seats: Vec<&'a str>,
    /// Contributions exactly as stored and hashed into the seed, seat 1 first.
    pub contributions: Vec<&'a str>,
}

/// `h0 = SHA-256("corriere-log/v1" ‖ commitment as its 64 ASCII hex digits ‖ canonical JSON of the setup)`.
pub fn genesis(commitment_hex: &str, setup: &SetupRecord<'_>) -> ChainHash {
    let mut hasher = Sha256::new();
    hasher.update(LOG_DOMAIN);
    hasher.update(commitment_hex.as_bytes());
    hasher.update(serde_json::to_vec(setup).expect("a setup record always serializes"));
    hasher.finalize().into()
}

/// One log entry as hashed: `{"seq":n,"seat":s,"action":{…engine Action JSON…},"at":ms}` with
/// the seat numbered from 1 and `at` in milliseconds since the Unix epoch.
#[derive(Serialize)]
struct Entry<'a> {
    seq: u64,
    seat: u8,
    action: &'a Action,
    at: i64,
}

/// `h_n = SHA-256(h_{n-1} (32 raw bytes) ‖ canonical JSON of entry n)`.
pub fn link(previous: &ChainHash, seq: u64, seat: Seat, action: &Action, at: i64) -> ChainHash {
    let entry = Entry { seq, seat: seat.number(), action, at };
    let mut hasher = Sha256::new();
    hasher.update(previous);
    hasher.update(serde_json::to_vec(&entry).expect("a log entry always serializes"));
    hasher.finalize().into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_is_hashed_as_fixed_order_json_with_a_one_based_seat() {
        let entry = Entry { seq: 3, seat: Seat(0).number(), action: &Action::Pass { reveal: false }, at: 42 };
        assert_eq!(
            serde_json::to_string(&entry).unwrap(),
            r#"{"seq":3,"seat":1,"action":{"type":"pass"},"at":42}"#
        );
    }

    #[test]
    fn the_chain_changes_with_the_previous_head() {
        let action = Action::Pass { reveal: false };
        assert_ne!(link(&[0; 32], 1, Seat(0), &action, 1), link(&[1; 32], 1, Seat(0), &action, 1));
    }
}
