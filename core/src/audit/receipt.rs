//! What the service signs and anyone checks: receipts ("move 57 of game X has log head h, stored
//! at t"), the transparency log's leaves, tree heads and proofs, and the keyring that checks them.
//!
//! A receipt or a tree head is signed with Ed25519 by the service's key. A record that says
//! something else than a signed receipt, or a log whose tree heads are not consistent, is proof
//! that the server rewrote a game. See docs/formats.md ("Receipts and the transparency log").

use super::merkle::{self, Hash, ProofError};
use super::record::Record;
use crate::present::Words;
use serde::{Deserialize, Serialize};

/// The format tag that starts a receipt's signed message, its text line and its JSON.
pub const RECEIPT_FORMAT: &str = "corriere-receipt/1";
/// … of a tree head.
pub const TREE_HEAD_FORMAT: &str = "corriere-tree-head/1";
/// … of the published keyring.
pub const KEYS_FORMAT: &str = "corriere-keys/1";
/// … of an inclusion proof.
pub const INCLUSION_FORMAT: &str = "corriere-inclusion/1";
/// … of a consistency proof.
pub const CONSISTENCY_FORMAT: &str = "corriere-consistency/1";
/// … of the proofs offered with a record.
pub const PROOFS_FORMAT: &str = "corriere-proofs/1";

/// The service's Ed25519 signing key. Its `Debug` hides it; it is never logged.
#[derive(Clone)]
pub struct Signer(ed25519_dalek::SigningKey);

impl std::fmt::Debug for Signer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Signer(key {}, secret hidden)", self.key_id())
    }
}

/// A signing key that does not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a signing key is 64 hexadecimal digits (its 32-byte seed)")]
pub struct BadKey;

impl Signer {
    /// The key of a 32-byte seed.
    pub fn from_seed(seed: &[u8; 32]) -> Signer {
        todo!()
    }

    /// The key of its seed in hex (64 digits; surrounding whitespace ignored).
    pub fn from_hex(text: &str) -> Result<Signer, BadKey> {
        todo!()
    }

    /// The seed in hex, to keep in a file.
    pub fn seed_hex(&self) -> String {
        todo!()
    }

    pub fn public_key(&self) -> [u8; 32] {
        todo!()
    }

    /// The key's id: see [`key_id`].
    pub fn key_id(&self) -> String {
        key_id(&self.public_key())
    }

    pub fn sign_receipt(&self, receipt: Receipt) -> SignedReceipt {
        todo!()
    }

    pub fn sign_tree_head(&self, head: TreeHead) -> SignedTreeHead {
        todo!()
    }
}

/// A public key's id: the first 16 hex digits of the SHA-256 of its 32 bytes.
pub fn key_id(public_key: &[u8; 32]) -> String {
    todo!()
}

/// What the service acknowledged: game `game`'s log holds `seq` entries and its head is `head`
/// (the hash of entry `seq`, or the genesis hash for 0), stored at `at` (ms since 1970, UTC: the
/// entry's own `at`; for 0, when the game started).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Receipt {
    pub game: String,
    pub seq: u64,
    /// Lowercase hex, 64 digits.
    pub head: String,
    pub at: i64,
}

impl Receipt {
    /// The bytes signed: `corriere-receipt/1\n{game}\n{seq}\n{head}\n{at}` in UTF-8.
    pub fn message(&self) -> Vec<u8> {
        todo!()
    }
}

/// A receipt with its signature.
///
/// Text form (one line in mails and pages, read back from any text however a mail program
/// wrapped or quoted it): `corriere-receipt/1 game=ID seq=57 head=HEX at=2026-11-28T03:12:45.123Z
/// key=KEYID sig=HEX`. JSON form: `{"format","game","seq","head","at","time","key","signature"}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignedReceipt {
    pub receipt: Receipt,
    /// The signing key's id.
    pub key: String,
    /// The Ed25519 signature of `receipt.message()`, 128 hex digits.
    pub signature: String,
}

/// A signed statement's text that does not read: what is wrong, for people.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Unreadable(pub String);

impl SignedReceipt {
    /// The text form.
    pub fn to_line(&self) -> String {
        todo!()
    }

    /// Every receipt in a text (a pasted mail, a page, several receipts, JSON ones too), in
    /// order; those that start but do not read are the errors.
    pub fn find_all(text: &str) -> Vec<Result<SignedReceipt, Unreadable>> {
        todo!()
    }

    pub fn to_json(&self) -> serde_json::Value {
        todo!()
    }

    pub fn from_json(value: &serde_json::Value) -> Result<SignedReceipt, Unreadable> {
        todo!()
    }
}

/// A tree head of the transparency log: the first `size` leaves have root `root`, as of `at`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TreeHead {
    pub size: u64,
    /// Lowercase hex, 64 digits.
    pub root: String,
    pub at: i64,
}

impl TreeHead {
    /// The bytes signed: `corriere-tree-head/1\n{size}\n{root}\n{at}`.
    pub fn message(&self) -> Vec<u8> {
        todo!()
    }
}

/// A tree head with its signature. Text form: `corriere-tree-head/1 size=N root=HEX
/// at=RFC3339 key=KEYID sig=HEX`; JSON `{"format","size","root","at","time","key","signature"}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignedTreeHead {
    pub head: TreeHead,
    pub key: String,
    pub signature: String,
}

impl SignedTreeHead {
    pub fn to_line(&self) -> String {
        todo!()
    }

    /// Every tree head in a text, as [`SignedReceipt::find_all`].
    pub fn find_all(text: &str) -> Vec<Result<SignedTreeHead, Unreadable>> {
        todo!()
    }

    pub fn to_json(&self) -> serde_json::Value {
        todo!()
    }

    pub fn from_json(value: &serde_json::Value) -> Result<SignedTreeHead, Unreadable> {
        todo!()
    }
}

/// One public key the service signs or signed with, and when: valid from `valid_from` until
/// `valid_until` (ms; `None` while it is the current key).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublishedKey {
    pub id: String,
    /// Always "ed25519".
    pub algorithm: String,
    /// The 32-byte public key in hex.
    pub public_key: String,
    pub valid_from: i64,
    pub valid_until: Option<i64>,
}

/// The keys the service publishes (`/.well-known/corriere-keys.json`): the current one and
/// every one it used before, so old receipts keep verifying.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Keyring {
    /// Always "corriere-keys/1".
    pub format: String,
    pub keys: Vec<PublishedKey>,
}

/// Why a signed statement does not check.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SignatureProblem {
    #[error("it is signed with key {0}, which this service never published")]
    UnknownKey(String),
    #[error("it is dated {at} but key {key} was valid only from {from} until {until}")]
    OutsideValidity {
        key: String,
        at: String,
        from: String,
        until: String,
    },
    #[error("its signature is not the service's: it was altered or forged")]
    BadSignature,
}

impl SignatureProblem {
    /// The message for people in `words`' language (`signature-problem-*`).
    pub fn words(&self, words: Words) -> String {
        todo!()
    }
}

impl Keyring {
    pub fn new(keys: Vec<PublishedKey>) -> Keyring {
        Keyring {
            format: KEYS_FORMAT.to_owned(),
            keys,
        }
    }

    /// Whether the receipt is signed by a published key valid at its `at`.
    pub fn verify_receipt(&self, receipt: &SignedReceipt) -> Result<(), SignatureProblem> {
        todo!()
    }

    /// Whether the tree head is signed by a published key valid at its `at`.
    pub fn verify_tree_head(&self, head: &SignedTreeHead) -> Result<(), SignatureProblem> {
        todo!()
    }
}

/// A leaf of the transparency log: one stored log entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogLeaf {
    pub game: String,
    pub seq: u64,
    /// The entry's hash, lowercase hex.
    pub head: String,
}

impl LogLeaf {
    /// The leaf's data: `corriere-leaf/1\n{game}\n{seq}\n{head}` in UTF-8.
    pub fn data(&self) -> Vec<u8> {
        todo!()
    }

    /// `merkle::leaf_hash(data)`.
    pub fn hash(&self) -> Hash {
        merkle::leaf_hash(&self.data())
    }
}

/// A proof that `leaf` is leaf `index` of the log's tree of `tree_size` leaves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InclusionProof {
    /// Always "corriere-inclusion/1".
    pub format: String,
    pub leaf: LogLeaf,
    pub index: u64,
    pub tree_size: u64,
    /// The audit path, lowercase hex.
    pub path: Vec<String>,
}

impl InclusionProof {
    /// Whether it proves its leaf is in the tree `head` describes (same size).
    pub fn check(&self, head: &TreeHead) -> Result<(), ProofError> {
        todo!()
    }
}

/// A proof that the log's tree of `first` leaves is a prefix of its tree of `second`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConsistencyProof {
    /// Always "corriere-consistency/1".
    pub format: String,
    pub first: u64,
    pub second: u64,
    pub path: Vec<String>,
}

impl ConsistencyProof {
    /// Whether it proves `first` (of its first size) is a prefix of `second` (of its second).
    pub fn check(&self, first: &TreeHead, second: &TreeHead) -> Result<(), ProofError> {
        todo!()
    }
}

/// The proofs offered with a record: one inclusion proof per entry (seq order) under one
/// signed tree head.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordProofs {
    /// Always "corriere-proofs/1".
    pub format: String,
    pub game: String,
    /// The signed tree head in its JSON form (see [`SignedTreeHead::to_json`]).
    pub tree_head: serde_json::Value,
    pub inclusions: Vec<InclusionProof>,
}

/// What a record says against a signed receipt: proof that the server rewrote the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Contradiction {
    /// The record's entry `seq` (or genesis, for 0) hashes to `recorded`, the server signed
    /// `signed`: the history up to move `seq` was rewritten, after move `agrees_through` if a
    /// receipt for that earlier move still agrees.
    #[error("move {seq}: the server signed log head {signed}, the record has {recorded}")]
    Rewritten {
        seq: u64,
        signed: String,
        recorded: String,
        agrees_through: Option<u64>,
    },
    /// The server signed move `seq` but the record ends at `recorded_through`: moves dropped.
    #[error("the server signed move {seq} but the record ends at move {recorded_through}")]
    Dropped { seq: u64, recorded_through: u64 },
}

impl Contradiction {
    /// The message for people in `words`' language (`receipt-contradiction-*`).
    pub fn words(&self, words: Words) -> String {
        todo!()
    }
}

/// What the record says against each receipt of its game (receipts of other games are not its
/// business; check signatures first with [`Keyring::verify_receipt`]): empty when it agrees.
pub fn contradictions(record: &Record, receipts: &[SignedReceipt]) -> Vec<Contradiction> {
    todo!()
}

/// Why a record's heads are not all in the log as its proofs say.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LogProblem {
    #[error("the proofs are not for this record's game")]
    OtherGame,
    #[error("the proofs' tree head does not read: {0}")]
    TreeHead(String),
    #[error("the tree head: {0}")]
    Signature(SignatureProblem),
    #[error("move {seq} has no inclusion proof")]
    NotLogged { seq: u64 },
    #[error("move {seq}: the proof is for another entry than the record's")]
    WrongLeaf { seq: u64 },
    #[error("move {seq}: {error}")]
    Proof { seq: u64, error: ProofError },
}

impl LogProblem {
    /// The message for people in `words`' language (`log-problem-*`).
    pub fn words(&self, words: Words) -> String {
        todo!()
    }
}

/// Whether every entry of the record is in the log under the proofs' signed tree head.
pub fn check_record_proofs(
    record: &Record,
    proofs: &RecordProofs,
    keyring: &Keyring,
) -> Result<SignedTreeHead, LogProblem> {
    todo!()
}
