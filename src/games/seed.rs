//! Where a game's randomness comes from: the server's secret, its published commitment, and the
//! seed derived from the secret and every seat's contribution. One pure function each (audit reuses them).

use crate::engine::Seed;
use sha2::{Digest, Sha256};
use std::fmt;

/// The domain tag that starts every seed derivation.
pub const SEED_DOMAIN: &[u8] = b"corriere-seed/v1";

/// A game's 256-bit secret. It never leaves the server before the game is over; before that
/// only its commitment is shown. `Debug` does not print it.
#[derive(Clone, PartialEq, Eq)]
pub struct GameSecret([u8; 32]);

impl GameSecret {
    /// A fresh secret from the operating system's generator.
    pub fn generate() -> GameSecret {
        let mut bytes = [0u8; 32];
        getrandom::getrandom(&mut bytes).expect("the operating system has a random generator");
        GameSecret(bytes)
    }
    pub fn from_bytes(bytes: [u8; 32]) -> GameSecret {
        GameSecret(bytes)
    }
    /// Read the stored form: 64 hexadecimal digits.
    pub fn from_hex(text: &str) -> Option<GameSecret> {
        Some(GameSecret(hex::decode(text).ok()?.try_into().ok()?))
    }
    pub fn to_hex(&self) -> String {
        hex::encode(self.0)
    }
    pub fn bytes(&self) -> &[u8; 32] {
        &self.0
    }
    /// The public commitment to this secret, see [`commitment`].
    pub fn commitment(&self) -> String {
        commitment(&self.0)
    }
}

impl fmt::Debug for GameSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("GameSecret(hidden)")
    }
}

/// `commitment = hex(SHA-256(secret))`: lowercase hex of the SHA-256 of the 32 raw secret bytes.
/// Published when the game is created, so nobody can later claim the server changed the secret.
pub fn commitment(secret: &[u8; 32]) -> String {
    hex::encode(Sha256::digest(secret))
}

/// The seed of a game, derived exactly as
///
/// ```text
/// seed = SHA-256( "corriere-seed/v1"                      (16 ASCII bytes, no terminator)
///              ‖ secret                                   (32 raw bytes)
///              ‖ for each seat in seat order (seat 1 first):
///                    u32 big-endian byte length of the contribution
///                  ‖ the contribution's UTF-8 bytes )
/// ```
///
/// A contribution is the text the player typed when accepting, or the value the server drew
/// for a player who typed nothing (recorded with source `server`); either way the exact stored
/// string is hashed, with no trimming or normalisation. Because the secret is committed before
/// any contribution is known and the contributions are public, neither the server nor any
/// player alone can choose the seed.
pub fn derive_seed<S: AsRef<str>>(secret: &[u8; 32], contributions: &[S]) -> Seed {
    let mut hasher = Sha256::new();
    hasher.update(SEED_DOMAIN);
    hasher.update(secret);
    for contribution in contributions {
        let bytes = contribution.as_ref().as_bytes();
        hasher.update((bytes.len() as u32).to_be_bytes());
        hasher.update(bytes);
    }
    Seed(hasher.finalize().into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_depends_on_every_contribution_and_their_boundaries() {
        let secret = [7u8; 32];
        let a = derive_seed(&secret, &["ab", "c"]);
        let b = derive_seed(&secret, &["a", "bc"]);
        let c = derive_seed(&secret, &["ab", "c"]);
        assert_ne!(a, b);
        assert_eq!(a, c);
    }

    #[test]
    fn the_commitment_is_the_hex_sha256_of_the_secret() {
        assert_eq!(
            commitment(&[0u8; 32]),
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
    }
}
