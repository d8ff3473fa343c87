//! The server's secret of one game, which never leaves the server before the end; its
//! commitment and the seed derivation come from `audit::seed`, shared with the verifier.

use std::fmt;

/// A game's 256-bit secret. It never leaves the server before the game is over; before that
/// only its commitment is shown. `Debug` does not print it.
#[derive(Clone, PartialEq, Eq)]
pub struct GameSecret([u8; 32]);

impl GameSecret {
    /// A fresh secret from `rand`'s thread generator (a CSPRNG the operating system seeds).
    pub fn generate() -> GameSecret {
        GameSecret(rand::random())
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

/// The commitment and the seed derivation are the audit module's: one definition, used by
/// the service and by the offline verifier alike (docs/formats.md, "Records").
pub use crate::audit::seed::{commitment, derive_seed};
