//! The hash chain over a game's log: h0 binds the setup (id, options, seats, commitment,
//! contributions), each action extends it. Byte for byte the format of `corriere-record/1`.
//!
//! This is the same computation as `audit::chain` (docs/formats-record.md), which pins it
//! with golden records; once both branches are merged this module should simply re-export it.

use crate::engine::condottiere::{Action, Options};
use crate::engine::Seat;
use crate::store::ContributionSource;
use serde::Serialize;
use sha2::{Digest, Sha256};

/// The domain tag that starts h0.
pub const LOG_DOMAIN: &[u8] = b"corriere-log/v1";

/// A chain value: 32 raw bytes, shown as 64 lowercase hex digits.
pub type ChainHash = [u8; 32];

/// What h0 commits to. Its canonical JSON is `serde_json::to_vec` of this struct, fields in
/// this order: `{"id","game","rules_version","options","seats","commitment","contributions"}`,
/// e.g. `{"id":"abcdefgh23","game":"condottiere","rules_version":1,"options":{…},
/// "seats":["Alice","Bob"],"commitment":"…64 hex…","contributions":[{"seat":1,"value":"…",
/// "source":"player"},{"seat":2,"value":"…","source":"server"}]}`.
#[derive(Clone, Debug, Serialize)]
pub struct LogHeader<'a> {
    pub id: &'a str,
    /// The kind of game: "condottiere".
    pub game: &'a str,
    pub rules_version: u32,
    pub options: &'a Options,
    /// Player names, seat 1 first (never email addresses).
    pub seats: Vec<&'a str>,
    /// Hex SHA-256 of the server secret.
    pub commitment: &'a str,
    /// One per seat, seat 1 first, exactly as hashed into the seed.
    pub contributions: Vec<HeaderContribution<'a>>,
}

#[derive(Clone, Debug, Serialize)]
pub struct HeaderContribution<'a> {
    /// Written from 1.
    pub seat: Seat,
    pub value: &'a str,
    pub source: ContributionSource,
}

/// `h0 = SHA-256("corriere-log/v1" ‖ canonical JSON of the header)`.
pub fn genesis(header: &LogHeader<'_>) -> ChainHash {
    let mut hasher = Sha256::new();
    hasher.update(LOG_DOMAIN);
    hasher.update(serde_json::to_vec(header).expect("a log header always serializes"));
    hasher.finalize().into()
}

/// One log entry as hashed: `{"seq":n,"seat":s,"action":{…engine Action JSON…},"at":ms}` with
/// the seat numbered from 1 and `at` in milliseconds since the Unix epoch.
#[derive(Serialize)]
struct Entry<'a> {
    seq: u64,
    seat: Seat,
    action: &'a Action,
    at: i64,
}

/// `h_n = SHA-256(h_{n-1} (32 raw bytes) ‖ canonical JSON of entry n)`.
pub fn link(previous: &ChainHash, seq: u64, seat: Seat, action: &Action, at: i64) -> ChainHash {
    let entry = Entry {
        seq,
        seat,
        action,
        at,
    };
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
        let entry = Entry {
            seq: 3,
            seat: Seat(0),
            action: &Action::Pass { reveal: false },
            at: 42,
        };
        assert_eq!(
            serde_json::to_string(&entry).unwrap(),
            r#"{"seq":3,"seat":1,"action":{"type":"pass"},"at":42}"#
        );
    }

    #[test]
    fn the_header_json_is_the_one_records_use() {
        let options = Options::default();
        let commitment = "00".repeat(32);
        let header = LogHeader {
            id: "g1",
            game: "condottiere",
            rules_version: 1,
            options: &options,
            seats: vec!["Anna", "Bruno"],
            commitment: &commitment,
            contributions: vec![
                HeaderContribution {
                    seat: Seat(0),
                    value: "a1",
                    source: ContributionSource::Player,
                },
                HeaderContribution {
                    seat: Seat(1),
                    value: "b2",
                    source: ContributionSource::Server,
                },
            ],
        };
        assert_eq!(
            String::from_utf8(serde_json::to_vec(&header).unwrap()).unwrap(),
            concat!(
                r#"{"id":"g1","game":"condottiere","rules_version":1,"#,
                r#""options":{"draw_after_battle":false,"play_for_points":null,"bigger_kingdoms":false,"#,
                r#""capturing_regions":false,"hidden_cards":false,"first_holder":null},"#,
                r#""seats":["Anna","Bruno"],"commitment":""#,
                "0000000000000000000000000000000000000000000000000000000000000000",
                r#"","contributions":[{"seat":1,"value":"a1","source":"player"},"#,
                r#"{"seat":2,"value":"b2","source":"server"}]}"#
            )
        );
    }

    #[test]
    fn the_chain_changes_with_the_previous_head() {
        let action = Action::Pass { reveal: false };
        assert_ne!(
            link(&[0; 32], 1, Seat(0), &action, 1),
            link(&[1; 32], 1, Seat(0), &action, 1)
        );
    }
}
