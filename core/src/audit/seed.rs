//! Commit–reveal deal seeds: the commitment published when a game is created and the seed
//! derived, once every seat has contributed, from the server's secret and the contributions.

use crate::engine::{Seat, Seed};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The domain-separation tag that starts every seed derivation.
pub const SEED_TAG: &[u8] = b"corriere-seed/v1";

/// Who supplied a contribution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// Made by the player: random hex from the browser and/or a typed phrase.
    Player,
    /// Supplied by the server for a seat that gave none (for example a deadline passed).
    Server,
}

/// One seat's contribution to the deal seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Contribution {
    /// The seat (1-based in JSON).
    pub seat: Seat,
    /// The contribution exactly as received; its UTF-8 bytes enter the seed.
    pub value: String,
    pub source: Source,
}

/// The commitment to a secret, published before anyone contributes:
/// the lowercase hex of SHA-256(secret), 64 digits.
pub fn commitment(secret: &[u8; 32]) -> String {
    hex::encode(Sha256::digest(secret))
}

/// The deal seed of a game:
///
/// ```text
/// SHA-256( "corriere-seed/v1"                       (16 ASCII bytes)
///        ‖ secret                                   (32 raw bytes)
///        ‖ for each seat in seat order:
///            len(contribution) as u32 big-endian    (4 bytes)
///            ‖ contribution                         (its UTF-8 bytes) )
/// ```
///
/// `contributions` are the values in seat order, seat 1 first. The length prefix makes the
/// encoding unambiguous: no two lists of contributions give the same bytes.
pub fn derive_seed(secret: &[u8; 32], contributions: &[String]) -> Seed {
    let mut hasher = Sha256::new();
    hasher.update(SEED_TAG);
    hasher.update(secret);
    for value in contributions {
        let bytes = value.as_bytes();
        let len = u32::try_from(bytes.len()).expect("a contribution is shorter than 4 GiB");
        hasher.update(len.to_be_bytes());
        hasher.update(bytes);
    }
    Seed(hasher.finalize().into())
}

/// A secret written as 64 hexadecimal digits, back to its 32 bytes.
pub fn parse_secret(text: &str) -> Option<[u8; 32]> {
    if text.len() != 64 {
        return None;
    }
    hex::decode(text).ok()?.try_into().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_is_the_hex_sha256_of_the_secret() {
        // SHA-256 of 32 zero bytes, a published test value.
        assert_eq!(
            commitment(&[0u8; 32]),
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
    }

    #[test]
    fn the_seed_derivation_follows_its_documented_bytes() {
        let secret = [7u8; 32];
        let contributions = vec!["ab".to_string(), "héllo".to_string()];
        let mut bytes = b"corriere-seed/v1".to_vec();
        bytes.extend([7u8; 32]);
        bytes.extend([0, 0, 0, 2]);
        bytes.extend(b"ab");
        bytes.extend([0, 0, 0, 6]);
        bytes.extend("héllo".as_bytes());
        let expected: [u8; 32] = Sha256::digest(&bytes).into();
        assert_eq!(derive_seed(&secret, &contributions), Seed(expected));
    }

    #[test]
    fn moving_bytes_between_contributions_changes_the_seed() {
        let secret = [1u8; 32];
        let a = derive_seed(&secret, &["ab".into(), "c".into()]);
        let b = derive_seed(&secret, &["a".into(), "bc".into()]);
        assert_ne!(a, b);
    }

    #[test]
    fn a_secret_is_read_back_from_exactly_64_hex_digits() {
        let secret = [0xabu8; 32];
        assert_eq!(parse_secret(&hex::encode(secret)), Some(secret));
        assert_eq!(parse_secret("abcd"), None);
        assert_eq!(parse_secret(&"zz".repeat(32)), None);
    }
}
