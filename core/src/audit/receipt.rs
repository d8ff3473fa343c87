//! What the service signs and anyone checks: receipts ("move 57 of game X has log head h, stored
//! at t"), the transparency log's leaves, tree heads and proofs, and the keyring that checks them.
//!
//! A receipt or a tree head is signed with Ed25519 by the service's key. A record that says
//! something else than a signed receipt, or a log whose tree heads are not consistent, is proof
//! that the server rewrote a game. See docs/formats.md ("Receipts and the transparency log").

use super::merkle::{self, Hash, ProofError};
use super::record::{parse_hash, rfc3339_millis, Record};
use crate::present::{Arg, Words};
use ed25519_dalek::{Signature, Signer as _, SigningKey, VerifyingKey};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::collections::HashMap;

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
        Signer(SigningKey::from_bytes(seed))
    }

    /// The key of its seed in hex (64 digits; surrounding whitespace ignored).
    pub fn from_hex(text: &str) -> Result<Signer, BadKey> {
        let text = text.trim();
        if text.len() != 64 {
            return Err(BadKey);
        }
        let seed: [u8; 32] = hex::decode(text)
            .map_err(|_| BadKey)?
            .try_into()
            .map_err(|_| BadKey)?;
        Ok(Signer::from_seed(&seed))
    }

    /// The seed in hex, to keep in a file.
    pub fn seed_hex(&self) -> String {
        hex::encode(self.0.to_bytes())
    }

    /// The 32-byte Ed25519 public key, which the keyring publishes.
    pub fn public_key(&self) -> [u8; 32] {
        self.0.verifying_key().to_bytes()
    }

    /// The key's id: see [`key_id`].
    pub fn key_id(&self) -> String {
        key_id(&self.public_key())
    }

    /// Sign a receipt: the Ed25519 signature of [`Receipt::message`].
    pub fn sign_receipt(&self, receipt: Receipt) -> SignedReceipt {
        let signature = hex::encode(self.0.sign(&receipt.message()).to_bytes());
        SignedReceipt {
            receipt,
            key: self.key_id(),
            signature,
        }
    }

    /// Sign a tree head: the Ed25519 signature of [`TreeHead::message`].
    pub fn sign_tree_head(&self, head: TreeHead) -> SignedTreeHead {
        let signature = hex::encode(self.0.sign(&head.message()).to_bytes());
        SignedTreeHead {
            head,
            key: self.key_id(),
            signature,
        }
    }
}

/// A public key's id: the first 16 hex digits of the SHA-256 of its 32 bytes.
pub fn key_id(public_key: &[u8; 32]) -> String {
    let mut id = hex::encode(Sha256::digest(public_key));
    id.truncate(16);
    id
}

/// What the service acknowledged: game `game`'s log holds `seq` entries and its head is `head`
/// (the hash of entry `seq`, or the genesis hash for 0), stored at `at` (ms since 1970, UTC: the
/// entry's own `at`; for 0, when the game started).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Receipt {
    /// The game's id.
    pub game: String,
    /// How many entries the log holds: the move the receipt is for (0: the game's start).
    pub seq: u64,
    /// Lowercase hex, 64 digits.
    pub head: String,
    /// When the entry was stored, in ms since 1970 (UTC).
    pub at: i64,
}

impl Receipt {
    /// The bytes signed: `corriere-receipt/1\n{game}\n{seq}\n{head}\n{at}` in UTF-8.
    pub fn message(&self) -> Vec<u8> {
        format!(
            "{RECEIPT_FORMAT}\n{}\n{}\n{}\n{}",
            self.game, self.seq, self.head, self.at
        )
        .into_bytes()
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
        let r = &self.receipt;
        format!(
            "{RECEIPT_FORMAT} game={} seq={} head={} at={} key={} sig={}",
            r.game,
            r.seq,
            r.head,
            rfc3339_millis(r.at),
            self.key,
            self.signature
        )
    }

    /// Every receipt in a text (a pasted mail, a page, several receipts, JSON ones too), in
    /// order; those that start but do not read are the errors.
    ///
    /// A text that is JSON as a whole gives the receipt objects it holds (at any depth; see
    /// [`SignedReceipt::from_json`]); any other text (or JSON without receipt objects) is
    /// scanned for text forms: HTML tags and entities, mail quote markers (`> `) and line
    /// wraps, even inside a value, are looked through. The tag followed by anything else than
    /// fields (the tag named in prose) is not a receipt.
    pub fn find_all(text: &str) -> Vec<Result<SignedReceipt, Unreadable>> {
        if let Some(found) = find_json(text, RECEIPT_FORMAT, SignedReceipt::from_json) {
            return found;
        }
        scan(text, &RECEIPT_TEXT)
            .into_iter()
            .map(|fields| {
                let mut fields = fields?;
                let mut take = |name: &str| fields.remove(name).unwrap_or_default();
                let (game, seq, head, at, key, signature) = (
                    take("game"),
                    take("seq"),
                    take("head"),
                    take("at"),
                    take("key"),
                    take("sig"),
                );
                Ok(SignedReceipt {
                    receipt: Receipt {
                        game,
                        seq: number("receipt", "seq", &seq)?,
                        head,
                        at: time("receipt", "at", &at)?,
                    },
                    key,
                    signature,
                })
            })
            .collect()
    }

    /// The JSON form: `{"format","game","seq","head","at","time","key","signature"}`, `time`
    /// being `at` as RFC 3339 text.
    pub fn to_json(&self) -> serde_json::Value {
        let r = &self.receipt;
        json!({
            "format": RECEIPT_FORMAT,
            "game": r.game,
            "seq": r.seq,
            "head": r.head,
            "at": r.at,
            "time": rfc3339_millis(r.at),
            "key": self.key,
            "signature": self.signature,
        })
    }

    /// Read the JSON form back: every field but `time` is needed; `time`, when given, must
    /// say the same instant as `at`. Hex is read in either case and kept in lowercase.
    pub fn from_json(value: &serde_json::Value) -> Result<SignedReceipt, Unreadable> {
        let what = "receipt";
        let object = json_object(value, what, RECEIPT_FORMAT)?;
        let game = json_text(object, what, "game")?;
        if !is_game_id(&game) {
            return Err(Unreadable(format!(
                "the receipt's \"game\" {game:?} is not a game id (1 to 64 letters, digits, - or _)"
            )));
        }
        let seq = json_u64(object, what, "seq")?;
        let head = hex_value(what, "head", &json_text(object, what, "head")?, 64)?;
        let at = json_at(object, what)?;
        let key = hex_value(what, "key", &json_text(object, what, "key")?, 16)?;
        let signature = hex_value(
            what,
            "signature",
            &json_text(object, what, "signature")?,
            128,
        )?;
        Ok(SignedReceipt {
            receipt: Receipt {
                game,
                seq,
                head,
                at,
            },
            key,
            signature,
        })
    }
}

/// A tree head of the transparency log: the first `size` leaves have root `root`, as of `at`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TreeHead {
    /// How many leaves the tree has.
    pub size: u64,
    /// Lowercase hex, 64 digits.
    pub root: String,
    /// When the service signed it, in ms since 1970 (UTC).
    pub at: i64,
}

impl TreeHead {
    /// The bytes signed: `corriere-tree-head/1\n{size}\n{root}\n{at}`.
    pub fn message(&self) -> Vec<u8> {
        format!(
            "{TREE_HEAD_FORMAT}\n{}\n{}\n{}",
            self.size, self.root, self.at
        )
        .into_bytes()
    }
}

/// A tree head with its signature. Text form: `corriere-tree-head/1 size=N root=HEX
/// at=RFC3339 key=KEYID sig=HEX`; JSON `{"format","size","root","at","time","key","signature"}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignedTreeHead {
    /// What is signed.
    pub head: TreeHead,
    /// The signing key's id.
    pub key: String,
    /// The Ed25519 signature of `head.message()`, 128 hex digits.
    pub signature: String,
}

impl SignedTreeHead {
    /// The text form.
    pub fn to_line(&self) -> String {
        let h = &self.head;
        format!(
            "{TREE_HEAD_FORMAT} size={} root={} at={} key={} sig={}",
            h.size,
            h.root,
            rfc3339_millis(h.at),
            self.key,
            self.signature
        )
    }

    /// Every tree head in a text, as [`SignedReceipt::find_all`] (a record's proofs in JSON
    /// give the tree head they hold).
    pub fn find_all(text: &str) -> Vec<Result<SignedTreeHead, Unreadable>> {
        if let Some(found) = find_json(text, TREE_HEAD_FORMAT, SignedTreeHead::from_json) {
            return found;
        }
        scan(text, &TREE_HEAD_TEXT)
            .into_iter()
            .map(|fields| {
                let mut fields = fields?;
                let mut take = |name: &str| fields.remove(name).unwrap_or_default();
                let (size, root, at, key, signature) = (
                    take("size"),
                    take("root"),
                    take("at"),
                    take("key"),
                    take("sig"),
                );
                Ok(SignedTreeHead {
                    head: TreeHead {
                        size: number("tree head", "size", &size)?,
                        root,
                        at: time("tree head", "at", &at)?,
                    },
                    key,
                    signature,
                })
            })
            .collect()
    }

    /// The JSON form: `{"format","size","root","at","time","key","signature"}`.
    pub fn to_json(&self) -> serde_json::Value {
        let h = &self.head;
        json!({
            "format": TREE_HEAD_FORMAT,
            "size": h.size,
            "root": h.root,
            "at": h.at,
            "time": rfc3339_millis(h.at),
            "key": self.key,
            "signature": self.signature,
        })
    }

    /// Read the JSON form back, as [`SignedReceipt::from_json`].
    pub fn from_json(value: &serde_json::Value) -> Result<SignedTreeHead, Unreadable> {
        let what = "tree head";
        let object = json_object(value, what, TREE_HEAD_FORMAT)?;
        let size = json_u64(object, what, "size")?;
        let root = hex_value(what, "root", &json_text(object, what, "root")?, 64)?;
        let at = json_at(object, what)?;
        let key = hex_value(what, "key", &json_text(object, what, "key")?, 16)?;
        let signature = hex_value(
            what,
            "signature",
            &json_text(object, what, "signature")?,
            128,
        )?;
        Ok(SignedTreeHead {
            head: TreeHead { size, root, at },
            key,
            signature,
        })
    }
}

/// One public key the service signs or signed with, and when: valid from `valid_from` until
/// `valid_until` (ms; `None` while it is the current key).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublishedKey {
    /// The key's id (see [`key_id`]).
    pub id: String,
    /// Always "ed25519".
    pub algorithm: String,
    /// The 32-byte public key in hex.
    pub public_key: String,
    /// From when (ms since 1970, UTC) it signs.
    pub valid_from: i64,
    /// Until when (excluded) it signed; `None` while it is the current key.
    pub valid_until: Option<i64>,
}

impl PublishedKey {
    /// The published form of the signer's key, current (no end) from `valid_from` on.
    pub fn of(signer: &Signer, valid_from: i64) -> PublishedKey {
        key_for(signer, valid_from, None)
    }
}

/// The published form of the signer's key, valid from `valid_from` until `valid_until`
/// (excluded; `None` while it is the current key).
pub fn key_for(signer: &Signer, valid_from: i64, valid_until: Option<i64>) -> PublishedKey {
    PublishedKey {
        id: signer.key_id(),
        algorithm: "ed25519".to_owned(),
        public_key: hex::encode(signer.public_key()),
        valid_from,
        valid_until,
    }
}

/// The keys the service publishes (`/.well-known/corriere-keys.json`): the current one and
/// every one it used before, so old receipts keep verifying.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Keyring {
    /// Always "corriere-keys/1".
    pub format: String,
    /// Every key, the old ones too.
    pub keys: Vec<PublishedKey>,
}

/// Why a signed statement does not check.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SignatureProblem {
    #[error("it is signed with key {0}, which this service never published")]
    UnknownKey(String),
    /// Times as RFC 3339 text; `until` is "now" for the current key (dated before it began).
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
        match self {
            SignatureProblem::UnknownKey(key) => {
                words.one("signature-problem-unknown-key", "key", key.clone())
            }
            SignatureProblem::OutsideValidity {
                key,
                at,
                from,
                until,
            } => words.with(
                "signature-problem-outside-validity",
                &[
                    ("key", key.clone().into()),
                    ("at", at.clone().into()),
                    ("from", from.clone().into()),
                    ("until", until.clone().into()),
                    (
                        "current",
                        if until == CURRENT { "yes" } else { "no" }.into(),
                    ),
                ],
            ),
            SignatureProblem::BadSignature => words.get("signature-problem-bad-signature"),
        }
    }
}

/// `OutsideValidity`'s `until` for a key that is still current.
const CURRENT: &str = "now";

impl Keyring {
    /// A keyring of these keys.
    pub fn new(keys: Vec<PublishedKey>) -> Keyring {
        Keyring {
            format: KEYS_FORMAT.to_owned(),
            keys,
        }
    }

    /// Whether the receipt is signed by a published key valid at its `at`.
    pub fn verify_receipt(&self, receipt: &SignedReceipt) -> Result<(), SignatureProblem> {
        self.verify(
            &receipt.key,
            receipt.receipt.at,
            &receipt.receipt.message(),
            &receipt.signature,
        )
    }

    /// Whether the tree head is signed by a published key valid at its `at`.
    pub fn verify_tree_head(&self, head: &SignedTreeHead) -> Result<(), SignatureProblem> {
        self.verify(
            &head.key,
            head.head.at,
            &head.head.message(),
            &head.signature,
        )
    }

    /// The key `key` (an Ed25519 one; the same key may be published for several periods) valid
    /// at `at` signed `message` with `signature` (hex), by `verify_strict`.
    fn verify(
        &self,
        key: &str,
        at: i64,
        message: &[u8],
        signature: &str,
    ) -> Result<(), SignatureProblem> {
        let mut named = self
            .keys
            .iter()
            .filter(|k| k.id == key && k.algorithm == "ed25519")
            .peekable();
        let first = *named
            .peek()
            .ok_or_else(|| SignatureProblem::UnknownKey(key.to_owned()))?;
        let valid = |k: &&PublishedKey| k.valid_from <= at && k.valid_until.is_none_or(|u| at < u);
        let Some(published) = named.find(valid) else {
            return Err(SignatureProblem::OutsideValidity {
                key: key.to_owned(),
                at: rfc3339_millis(at),
                from: rfc3339_millis(first.valid_from),
                until: first
                    .valid_until
                    .map_or_else(|| CURRENT.to_owned(), rfc3339_millis),
            });
        };
        let public: [u8; 32] = hex::decode(&published.public_key)
            .ok()
            .and_then(|bytes| bytes.try_into().ok())
            .ok_or(SignatureProblem::BadSignature)?;
        let public =
            VerifyingKey::from_bytes(&public).map_err(|_| SignatureProblem::BadSignature)?;
        let signature: [u8; 64] = hex::decode(signature)
            .ok()
            .and_then(|bytes| bytes.try_into().ok())
            .ok_or(SignatureProblem::BadSignature)?;
        public
            .verify_strict(message, &Signature::from_bytes(&signature))
            .map_err(|_| SignatureProblem::BadSignature)
    }
}

/// A leaf of the transparency log: one stored log entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogLeaf {
    /// The game's id.
    pub game: String,
    /// The entry's number in its game's log.
    pub seq: u64,
    /// The entry's hash, lowercase hex.
    pub head: String,
}

impl LogLeaf {
    /// The leaf's data: `corriere-leaf/1\n{game}\n{seq}\n{head}` in UTF-8.
    pub fn data(&self) -> Vec<u8> {
        format!(
            "corriere-leaf/1\n{}\n{}\n{}",
            self.game, self.seq, self.head
        )
        .into_bytes()
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
    /// The entry proved.
    pub leaf: LogLeaf,
    /// Its position among the log's leaves, from 0.
    pub index: u64,
    /// The size of the tree it is proved in.
    pub tree_size: u64,
    /// The audit path, lowercase hex.
    pub path: Vec<String>,
}

impl InclusionProof {
    /// Whether it proves its leaf is in the tree `head` describes (same size).
    ///
    /// A proof for another size is `BadSizes { first: tree_size, second: head.size }`; hex
    /// that does not read (in the path or the head's root) is `Mismatch`.
    pub fn check(&self, head: &TreeHead) -> Result<(), ProofError> {
        if self.tree_size != head.size {
            return Err(ProofError::BadSizes {
                first: self.tree_size,
                second: head.size,
            });
        }
        let root = parse_hash(&head.root).ok_or(ProofError::Mismatch)?;
        let path = hashes(&self.path)?;
        merkle::verify_inclusion(&self.leaf.hash(), self.index, self.tree_size, &path, &root)
    }
}

/// A proof that the log's tree of `first` leaves is a prefix of its tree of `second`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConsistencyProof {
    /// Always "corriere-consistency/1".
    pub format: String,
    /// The smaller tree's size.
    pub first: u64,
    /// The larger tree's size.
    pub second: u64,
    /// The proof's hashes, lowercase hex.
    pub path: Vec<String>,
}

impl ConsistencyProof {
    /// Whether it proves `first` (of its first size) is a prefix of `second` (of its second).
    ///
    /// A proof for other sizes is `BadSizes { first: the proof's size, second: the head's }`;
    /// hex that does not read is `Mismatch`.
    pub fn check(&self, first: &TreeHead, second: &TreeHead) -> Result<(), ProofError> {
        for (proof, head) in [(self.first, first.size), (self.second, second.size)] {
            if proof != head {
                return Err(ProofError::BadSizes {
                    first: proof,
                    second: head,
                });
            }
        }
        let first_root = parse_hash(&first.root).ok_or(ProofError::Mismatch)?;
        let second_root = parse_hash(&second.root).ok_or(ProofError::Mismatch)?;
        let path = hashes(&self.path)?;
        merkle::verify_consistency(self.first, &first_root, self.second, &second_root, &path)
    }
}

/// The proofs offered with a record: one inclusion proof per entry (seq order) under one
/// signed tree head.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordProofs {
    /// Always "corriere-proofs/1".
    pub format: String,
    /// The record's game id.
    pub game: String,
    /// The signed tree head in its JSON form (see [`SignedTreeHead::to_json`]).
    pub tree_head: serde_json::Value,
    /// One per entry of the record, in seq order.
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
        match self {
            Contradiction::Rewritten {
                seq,
                signed,
                recorded,
                agrees_through,
            } => words.with(
                "receipt-contradiction-rewritten",
                &[
                    ("seq", (*seq).into()),
                    ("signed", short(signed).into()),
                    ("recorded", short(recorded).into()),
                    (
                        "agrees",
                        agrees_through.map_or_else(|| Arg::from("none"), Arg::from),
                    ),
                ],
            ),
            Contradiction::Dropped {
                seq,
                recorded_through,
            } => words.two(
                "receipt-contradiction-dropped",
                ("seq", *seq),
                ("recorded", *recorded_through),
            ),
        }
    }
}

/// A hash for people: its first 8 digits, enough to tell it from another.
fn short(hash: &str) -> String {
    match hash.get(..8) {
        Some(start) if hash.len() > 8 => format!("{start}…"),
        _ => hash.to_owned(),
    }
}

/// What the record says against each receipt of its game (receipts of other games are not its
/// business; check signatures first with [`Keyring::verify_receipt`]): empty when it agrees.
///
/// The record's log is read by its `seq` fields: genesis is 0, then its actions as long as
/// they number 1, 2, 3, … in order; a receipt beyond that run is `Dropped` (a record that
/// skips a number has no sound history past it). One contradiction per disagreeing receipt,
/// by seq.
pub fn contradictions(record: &Record, receipts: &[SignedReceipt]) -> Vec<Contradiction> {
    let mut heads: HashMap<u64, &str> = HashMap::from([(0, record.genesis.as_str())]);
    let mut recorded_through = 0;
    for action in &record.actions {
        if action.seq != recorded_through + 1 {
            break;
        }
        recorded_through = action.seq;
        heads.insert(action.seq, &action.hash);
    }
    let ours: Vec<&Receipt> = receipts
        .iter()
        .map(|r| &r.receipt)
        .filter(|r| r.game == record.id)
        .collect();
    let agrees = |r: &Receipt| {
        heads
            .get(&r.seq)
            .is_some_and(|head| head.eq_ignore_ascii_case(&r.head))
    };
    let mut found: Vec<Contradiction> = ours
        .iter()
        .filter(|r| !agrees(r))
        .map(|r| match heads.get(&r.seq) {
            None => Contradiction::Dropped {
                seq: r.seq,
                recorded_through,
            },
            Some(recorded) => Contradiction::Rewritten {
                seq: r.seq,
                signed: r.head.clone(),
                recorded: (*recorded).to_owned(),
                agrees_through: ours
                    .iter()
                    .filter(|earlier| earlier.seq < r.seq && agrees(earlier))
                    .map(|earlier| earlier.seq)
                    .max(),
            },
        })
        .collect();
    found.sort_by_key(|c| match c {
        Contradiction::Rewritten { seq, .. } | Contradiction::Dropped { seq, .. } => *seq,
    });
    found
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
        match self {
            LogProblem::OtherGame => words.get("log-problem-other-game"),
            LogProblem::TreeHead(detail) => {
                words.one("log-problem-tree-head", "detail", detail.clone())
            }
            LogProblem::Signature(problem) => {
                words.one("log-problem-signature", "detail", problem.words(words))
            }
            LogProblem::NotLogged { seq } => words.one("log-problem-not-logged", "seq", *seq),
            LogProblem::WrongLeaf { seq } => words.one("log-problem-wrong-leaf", "seq", *seq),
            LogProblem::Proof { seq, error } => words.two(
                "log-problem-proof",
                ("seq", *seq),
                ("detail", proof_error_words(error, words)),
            ),
        }
    }
}

/// A proof's error in `words`' language (`log-problem-proof-*`: `ProofError`, in merkle.rs,
/// says it in English only).
fn proof_error_words(error: &ProofError, words: Words) -> String {
    match error {
        ProofError::OutOfRange { index, size } => words.two(
            "log-problem-proof-out-of-range",
            ("index", *index),
            ("size", *size),
        ),
        ProofError::BadSizes { first, second } => words.two(
            "log-problem-proof-bad-sizes",
            ("first", *first),
            ("second", *second),
        ),
        ProofError::WrongLength { got, want } => words.two(
            "log-problem-proof-wrong-length",
            ("got", *got),
            ("want", *want),
        ),
        ProofError::Mismatch => words.get("log-problem-proof-mismatch"),
        ProofError::Missing(node) => words.two(
            "log-problem-proof-missing",
            ("level", node.level),
            ("index", node.index),
        ),
    }
}

/// Whether every entry of the record is in the log under the proofs' signed tree head.
///
/// In this order: the proofs are for the record's game; their tree head reads and is signed
/// by a key of `keyring` valid when it was signed; then, for each action in the record's
/// order, an inclusion proof for its seq whose leaf is exactly that entry (game, seq, hash)
/// checks against the tree head. The genesis is not a leaf. Returns the signed tree head.
pub fn check_record_proofs(
    record: &Record,
    proofs: &RecordProofs,
    keyring: &Keyring,
) -> Result<SignedTreeHead, LogProblem> {
    if proofs.game != record.id {
        return Err(LogProblem::OtherGame);
    }
    let head =
        SignedTreeHead::from_json(&proofs.tree_head).map_err(|e| LogProblem::TreeHead(e.0))?;
    keyring
        .verify_tree_head(&head)
        .map_err(LogProblem::Signature)?;
    for action in &record.actions {
        let seq = action.seq;
        let for_seq = || proofs.inclusions.iter().filter(|p| p.leaf.seq == seq);
        let proof = for_seq()
            .find(|p| p.leaf.game == record.id)
            .or_else(|| for_seq().next())
            .ok_or(LogProblem::NotLogged { seq })?;
        let wanted = LogLeaf {
            game: record.id.clone(),
            seq,
            head: action.hash.to_ascii_lowercase(),
        };
        if proof.leaf != wanted {
            return Err(LogProblem::WrongLeaf { seq });
        }
        proof
            .check(&head.head)
            .map_err(|error| LogProblem::Proof { seq, error })?;
    }
    Ok(head)
}

/// Hashes in hex, read; any that does not read is `Mismatch`.
fn hashes(path: &[String]) -> Result<Vec<Hash>, ProofError> {
    path.iter()
        .map(|h| parse_hash(&h.to_ascii_lowercase()).ok_or(ProofError::Mismatch))
        .collect()
}

// ---- Reading signed statements back: JSON and text forms -------------------------------------

/// Whether `text` is a game id: 1 to 64 of `A-Z a-z 0-9 - _`.
fn is_game_id(text: &str) -> bool {
    (1..=64).contains(&text.len())
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// `text` as `digits` hex digits, lowercase; or what is wrong with the `what`'s `field`.
fn hex_value(what: &str, field: &str, text: &str, digits: usize) -> Result<String, Unreadable> {
    if text.is_empty() {
        return Err(Unreadable(format!("the {what}'s {field} is empty")));
    }
    if let Some(bad) = text.chars().find(|c| !c.is_ascii_hexdigit()) {
        return Err(Unreadable(format!(
            "the {what}'s {field} has {bad:?} in it, which is not a hexadecimal digit"
        )));
    }
    if text.len() != digits {
        let how = if text.len() < digits {
            "cut short"
        } else {
            "too long"
        };
        return Err(Unreadable(format!(
            "the {what}'s {field} has {} hexadecimal digits where {digits} belong: it is {how}",
            text.len()
        )));
    }
    Ok(text.to_ascii_lowercase())
}

/// A whole number for the `what`'s `field`.
fn number(what: &str, field: &str, text: &str) -> Result<u64, Unreadable> {
    text.parse().map_err(|_| {
        Unreadable(if text.is_empty() {
            format!("the {what}'s {field} is empty")
        } else {
            format!("the {what}'s {field} {text:?} is not a whole number")
        })
    })
}

/// RFC 3339 text back to ms since 1970; the `what`'s `field` does not read otherwise (a time
/// finer than a millisecond is not one we write).
fn time(what: &str, field: &str, text: &str) -> Result<i64, Unreadable> {
    chrono::DateTime::parse_from_rfc3339(text)
        .ok()
        .filter(|t| t.timestamp_subsec_nanos() % 1_000_000 == 0)
        .map(|t| t.timestamp_millis())
        .ok_or_else(|| {
            Unreadable(if text.is_empty() {
                format!("the {what}'s {field} is empty")
            } else {
                format!(
                    "the {what}'s {field} {text:?} is not a time such as 2026-11-28T03:12:45.123Z"
                )
            })
        })
}

/// Every object of `format` in `text` read by `read`, when `text` is JSON holding at least
/// one (an object, an array, at any depth); `None` otherwise, to scan it as text instead.
fn find_json<T>(
    text: &str,
    format: &str,
    read: fn(&Value) -> Result<T, Unreadable>,
) -> Option<Vec<Result<T, Unreadable>>> {
    fn walk<T>(
        value: &Value,
        format: &str,
        read: fn(&Value) -> Result<T, Unreadable>,
        found: &mut Vec<Result<T, Unreadable>>,
    ) {
        match value {
            Value::Object(object)
                if object.get("format").and_then(Value::as_str) == Some(format) =>
            {
                found.push(read(value));
            }
            Value::Object(object) => {
                for inner in object.values() {
                    walk(inner, format, read, found);
                }
            }
            Value::Array(items) => {
                for inner in items {
                    walk(inner, format, read, found);
                }
            }
            _ => {}
        }
    }
    let value: Value = serde_json::from_str(text.trim()).ok()?;
    let mut found = Vec::new();
    walk(&value, format, read, &mut found);
    (!found.is_empty()).then_some(found)
}

/// The object of a signed statement in JSON, checked to be of `format`.
fn json_object<'v>(
    value: &'v Value,
    what: &str,
    format: &str,
) -> Result<&'v serde_json::Map<String, Value>, Unreadable> {
    let object = value
        .as_object()
        .ok_or_else(|| Unreadable(format!("a {what} in JSON is an object")))?;
    match object.get("format") {
        Some(Value::String(f)) if f == format => Ok(object),
        Some(other) => Err(Unreadable(format!(
            "the {what}'s \"format\" is {other}, not \"{format}\""
        ))),
        None => Err(Unreadable(format!(
            "the {what} has no \"format\" (\"{format}\")"
        ))),
    }
}

/// A field of a signed statement in JSON, there and of the right kind.
fn json_field<'v, T>(
    object: &'v serde_json::Map<String, Value>,
    what: &str,
    name: &str,
    kind: &str,
    read: impl Fn(&'v Value) -> Option<T>,
) -> Result<T, Unreadable> {
    match object.get(name) {
        None => Err(Unreadable(format!("the {what} has no \"{name}\""))),
        Some(value) => read(value).ok_or_else(|| {
            Unreadable(format!(
                "the {what}'s \"{name}\" is {value}, which is not {kind}"
            ))
        }),
    }
}

fn json_text(
    object: &serde_json::Map<String, Value>,
    what: &str,
    name: &str,
) -> Result<String, Unreadable> {
    json_field(object, what, name, "text", |v| {
        v.as_str().map(str::to_owned)
    })
}

fn json_u64(
    object: &serde_json::Map<String, Value>,
    what: &str,
    name: &str,
) -> Result<u64, Unreadable> {
    json_field(object, what, name, "a whole number", Value::as_u64)
}

/// `at`, and `time` when given, which must say the same instant.
fn json_at(object: &serde_json::Map<String, Value>, what: &str) -> Result<i64, Unreadable> {
    let at = json_field(
        object,
        what,
        "at",
        "a whole number of milliseconds",
        Value::as_i64,
    )?;
    if object.contains_key("time") {
        let text = json_text(object, what, "time")?;
        if time(what, "time", &text)? != at {
            return Err(Unreadable(format!(
                "the {what}'s \"time\" {text:?} does not say the same instant as its \"at\" {at} ({})",
                rfc3339_millis(at)
            )));
        }
    }
    Ok(at)
}

/// What a field's value is made of in the text form.
#[derive(Clone, Copy, Debug)]
enum Shape {
    /// Exactly this many hex digits.
    Hex(usize),
    /// Decimal digits.
    Number,
    /// A game id.
    Id,
    /// RFC 3339 text.
    Time,
}

impl Shape {
    fn admits(self, b: u8) -> bool {
        match self {
            Shape::Hex(_) => b.is_ascii_hexdigit(),
            Shape::Number => b.is_ascii_digit(),
            Shape::Id => b.is_ascii_alphanumeric() || b == b'-' || b == b'_',
            Shape::Time => {
                b.is_ascii_digit()
                    || matches!(b, b'T' | b't' | b'Z' | b'z' | b':' | b'.' | b'+' | b'-')
            }
        }
    }
}

/// A text form: its tag, what it is called in messages, and its fields in order.
struct TextForm {
    tag: &'static str,
    what: &'static str,
    fields: &'static [(&'static str, Shape)],
}

const RECEIPT_TEXT: TextForm = TextForm {
    tag: RECEIPT_FORMAT,
    what: "receipt",
    fields: &[
        ("game", Shape::Id),
        ("seq", Shape::Number),
        ("head", Shape::Hex(64)),
        ("at", Shape::Time),
        ("key", Shape::Hex(16)),
        ("sig", Shape::Hex(128)),
    ],
};

const TREE_HEAD_TEXT: TextForm = TextForm {
    tag: TREE_HEAD_FORMAT,
    what: "tree head",
    fields: &[
        ("size", Shape::Number),
        ("root", Shape::Hex(64)),
        ("at", Shape::Time),
        ("key", Shape::Hex(16)),
        ("sig", Shape::Hex(128)),
    ],
};

/// The text people see of a mail or page: HTML entities decoded, tags turned into line breaks,
/// every kind of space a plain one, and mail quote markers (`>`, `> >`) at line starts gone.
fn plain_text(text: &str) -> String {
    let decoded = decode_entities(text);
    let mut untagged = String::with_capacity(decoded.len());
    let mut rest = decoded.as_str();
    while let Some(at) = rest.find('<') {
        untagged.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let is_tag = after
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '/' || c == '!');
        match after.find('>').filter(|_| is_tag) {
            Some(end) => {
                untagged.push('\n');
                rest = &after[end + 1..];
            }
            None => {
                untagged.push('<');
                rest = after;
            }
        }
    }
    untagged.push_str(rest);
    let mut out = String::with_capacity(untagged.len());
    for line in untagged.lines() {
        let line = line.trim_start_matches(|c: char| c == '>' || c.is_whitespace());
        out.extend(
            line.chars()
                .map(|c| if c.is_whitespace() { ' ' } else { c }),
        );
        out.push('\n');
    }
    out
}

/// HTML's entities (`&amp;`, `&lt;`, `&#39;`, `&#x3D;`, …) as the characters they stand for.
fn decode_entities(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let decoded = rest.find(';').filter(|&end| end <= 10).and_then(|end| {
            let entity = &rest[1..end];
            let c = match entity {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "nbsp" => Some(' '),
                _ => match entity.strip_prefix('#') {
                    Some(code) => match code.strip_prefix(['x', 'X']) {
                        Some(hex) => u32::from_str_radix(hex, 16).ok(),
                        None => code.parse().ok(),
                    }
                    .and_then(char::from_u32),
                    None => None,
                },
            };
            c.map(|c| (c, end + 1))
        });
        match decoded {
            Some((c, used)) => {
                out.push(c);
                rest = &rest[used..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Every occurrence of `form` in `text`: its fields' values by name, checked for shape
/// (numbers and times are read by the caller), or what keeps it from reading.
///
/// After the tag come `name=value` fields separated by whitespace. Since a mail program may
/// break a line anywhere, whitespace inside a field's name is looked through, and a value
/// goes on past whitespace with the next word when that word is made only of the value's
/// characters, perhaps ending in punctuation (and, for hex, still fits its length). The tag
/// followed by no field is not an occurrence.
fn scan(text: &str, form: &TextForm) -> Vec<Result<HashMap<String, String>, Unreadable>> {
    let plain = plain_text(text);
    let bytes = plain.as_bytes();
    plain
        .match_indices(form.tag)
        .filter_map(|(at, _)| {
            let start = at + form.tag.len();
            if bytes.get(start).is_some_and(|b| !b.is_ascii_whitespace()) {
                return None;
            }
            read_fields(bytes, start, form)
        })
        .collect()
}

/// The fields after a tag ending at `start`, or `None` when none follows.
fn read_fields(
    bytes: &[u8],
    start: usize,
    form: &TextForm,
) -> Option<Result<HashMap<String, String>, Unreadable>> {
    let mut values: HashMap<String, String> = HashMap::new();
    let mut at = start;
    while values.len() < form.fields.len() {
        let remaining: Vec<(&str, Shape)> = form
            .fields
            .iter()
            .filter(|(name, _)| !values.contains_key(*name))
            .copied()
            .collect();
        let Some((name, shape)) = read_name(bytes, &mut at, &remaining) else {
            break;
        };
        values.insert(name.to_owned(), read_value(bytes, &mut at, shape));
    }
    if values.is_empty() {
        return None;
    }
    let what = form.what;
    for (name, shape) in form.fields {
        let Some(value) = values.get_mut(*name) else {
            return Some(Err(Unreadable(format!(
                "the {what} has no {name}= (it may have been cut off)"
            ))));
        };
        let checked = match shape {
            Shape::Hex(digits) => hex_value(what, name, value, *digits).map(|hex| *value = hex),
            Shape::Id if !is_game_id(value) => Err(Unreadable(if value.is_empty() {
                format!("the {what}'s {name} is empty")
            } else {
                format!("the {what}'s {name} {value:?} is not a game id")
            })),
            _ => Ok(()),
        };
        if let Err(problem) = checked {
            return Some(Err(problem));
        }
    }
    Some(Ok(values))
}

/// The next field's name and `=` (whitespace inside looked through), one of `fields`; the
/// cursor moves past it. `None`, cursor unmoved, when no such field comes next.
fn read_name<'f>(
    bytes: &[u8],
    at: &mut usize,
    fields: &[(&'f str, Shape)],
) -> Option<(&'f str, Shape)> {
    let mut i = *at;
    let mut typed = String::new();
    loop {
        while bytes.get(i).is_some_and(|b| b.is_ascii_whitespace()) {
            i += 1;
        }
        typed.push(char::from(*bytes.get(i)?));
        i += 1;
        if let Some(name) = typed.strip_suffix('=') {
            let found = fields.iter().find(|(n, _)| *n == name).copied()?;
            *at = i;
            return Some(found);
        }
        if !fields.iter().any(|(n, _)| n.starts_with(typed.as_str())) {
            return None;
        }
    }
}

/// A field's value from the cursor: its characters, and the next words that continue it.
fn read_value(bytes: &[u8], at: &mut usize, shape: Shape) -> String {
    let word_end = |from: usize| {
        (from..bytes.len())
            .find(|&j| bytes[j].is_ascii_whitespace())
            .unwrap_or(bytes.len())
    };
    let mut value = String::new();
    let mut i = *at;
    // A line may break right after the `=`.
    while bytes.get(i).is_some_and(|b| b.is_ascii_whitespace()) {
        i += 1;
    }
    loop {
        while let Some(&b) = bytes.get(i).filter(|&&b| shape.admits(b)) {
            value.push(char::from(b));
            i += 1;
        }
        if !bytes.get(i).is_some_and(|b| b.is_ascii_whitespace()) {
            break;
        }
        let next = (i..bytes.len())
            .find(|&j| !bytes[j].is_ascii_whitespace())
            .unwrap_or(bytes.len());
        // The next word goes on with the value when it is made of its characters, save for
        // punctuation after them (the end of a sentence: "…sig=ab12.").
        let word = &bytes[next..word_end(next)];
        let part = word.iter().take_while(|&&b| shape.admits(b)).count();
        let fits = match shape {
            Shape::Hex(digits) => value.len() + part <= digits,
            _ => true,
        };
        let rest_is_punctuation = word[part..]
            .iter()
            .all(|b| b.is_ascii_punctuation() && *b != b'=');
        if value.is_empty() || part == 0 || !fits || !rest_is_punctuation {
            break;
        }
        i = next;
    }
    *at = i;
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::Catalogs;

    /// One way of tampering with a signed statement.
    type Change<T> = Box<dyn Fn(&mut T)>;
    /// One message, said in the words given.
    type Say = Box<dyn Fn(Words) -> String>;

    const SEED: [u8; 32] = [7; 32];
    const OTHER_SEED: [u8; 32] = [9; 32];
    /// 2026-11-28T03:12:45.123Z.
    const T: i64 = 1_795_835_565_123;

    fn signer() -> Signer {
        Signer::from_seed(&SEED)
    }

    fn receipt(seq: u64, head: &str) -> Receipt {
        Receipt {
            game: "g7kq2abcde".into(),
            seq,
            head: head.into(),
            at: T,
        }
    }

    fn head_hex(n: u8) -> String {
        hex::encode([n; 32])
    }

    fn keyring() -> Keyring {
        Keyring::new(vec![PublishedKey::of(&signer(), 0)])
    }

    fn golden() -> Record {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tests/records/golden-3p-clock-bot.json"
        ))
        .unwrap();
        Record::from_json(&text).unwrap()
    }

    /// `SHA-256(prefix || parts…)`, written here so that the proof tests do not trust merkle.rs.
    fn sha(prefix: u8, parts: &[&[u8]]) -> Hash {
        let mut hasher = Sha256::new();
        hasher.update([prefix]);
        for part in parts {
            hasher.update(part);
        }
        hasher.finalize().into()
    }

    fn leaf_of(leaf: &LogLeaf) -> Hash {
        sha(0, &[&leaf.data()])
    }

    #[test]
    fn the_signed_messages_are_the_documented_bytes() {
        let r = receipt(57, &head_hex(1));
        assert_eq!(
            r.message(),
            format!("corriere-receipt/1\ng7kq2abcde\n57\n{}\n{T}", head_hex(1)).into_bytes()
        );
        let h = TreeHead {
            size: 12,
            root: head_hex(2),
            at: T,
        };
        assert_eq!(
            h.message(),
            format!("corriere-tree-head/1\n12\n{}\n{T}", head_hex(2)).into_bytes()
        );
        let leaf = LogLeaf {
            game: "g".into(),
            seq: 3,
            head: head_hex(3),
        };
        assert_eq!(
            leaf.data(),
            format!("corriere-leaf/1\ng\n3\n{}", head_hex(3)).into_bytes()
        );
    }

    /// RFC 8032 §7.1, TEST 1: the key of the seed, and the signature of the empty message.
    #[test]
    fn the_signer_gives_rfc_8032_test_1() {
        let signer =
            Signer::from_hex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
                .unwrap();
        assert_eq!(
            hex::encode(signer.public_key()),
            "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"
        );
        assert_eq!(
            hex::encode(signer.0.sign(b"").to_bytes()),
            "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"
        );
        assert_eq!(signer.key_id(), "21fe31dfa154a261");
        assert_eq!(key_id(&signer.public_key()), "21fe31dfa154a261");
    }

    #[test]
    fn a_key_reads_from_its_hex_seed_and_never_shows_it() {
        let signer = signer();
        let text = format!("  {}\n", signer.seed_hex());
        assert_eq!(signer.seed_hex(), hex::encode(SEED));
        assert_eq!(
            Signer::from_hex(&text).unwrap().public_key(),
            signer.public_key()
        );
        assert_eq!(
            Signer::from_hex(&signer.seed_hex()[1..]).unwrap_err(),
            BadKey
        );
        assert_eq!(
            Signer::from_hex(&format!("{}0", signer.seed_hex())).unwrap_err(),
            BadKey
        );
        assert_eq!(Signer::from_hex(&"g".repeat(64)).unwrap_err(), BadKey);
        let shown = format!("{signer:?}");
        assert!(shown.contains(&signer.key_id()), "{shown}");
        assert!(!shown.contains(&signer.seed_hex()[..8]), "{shown}");
    }

    #[test]
    fn a_signed_receipt_verifies_and_any_change_breaks_it() {
        let keys = keyring();
        let signed = signer().sign_receipt(receipt(57, &head_hex(1)));
        assert_eq!(signed.key, signer().key_id());
        assert_eq!(signed.signature.len(), 128);
        assert_eq!(keys.verify_receipt(&signed), Ok(()));

        let changed: Vec<(&str, Change<SignedReceipt>)> = vec![
            ("game", Box::new(|s| s.receipt.game.push('x'))),
            ("seq", Box::new(|s| s.receipt.seq += 1)),
            ("head", Box::new(|s| s.receipt.head = head_hex(2))),
            ("at", Box::new(|s| s.receipt.at += 1)),
            (
                "signature",
                Box::new(|s| {
                    let flipped = if s.signature.starts_with('0') {
                        "1"
                    } else {
                        "0"
                    };
                    s.signature.replace_range(..1, flipped);
                }),
            ),
            ("signature hex", Box::new(|s| s.signature.push_str("00"))),
            (
                "signature text",
                Box::new(|s| s.signature = "zz".repeat(64)),
            ),
        ];
        for (what, change) in changed {
            let mut tampered = signed.clone();
            change(&mut tampered);
            assert_eq!(
                keys.verify_receipt(&tampered),
                Err(SignatureProblem::BadSignature),
                "{what}"
            );
        }
        let mut other_key = signed.clone();
        other_key.key = Signer::from_seed(&OTHER_SEED).key_id();
        assert_eq!(
            keys.verify_receipt(&other_key),
            Err(SignatureProblem::UnknownKey(other_key.key.clone()))
        );
        // Signed by another key that claims to be the published one.
        let mut forged = Signer::from_seed(&OTHER_SEED).sign_receipt(receipt(57, &head_hex(1)));
        forged.key = signer().key_id();
        assert_eq!(
            keys.verify_receipt(&forged),
            Err(SignatureProblem::BadSignature)
        );
    }

    #[test]
    fn a_signed_tree_head_verifies_and_any_change_breaks_it() {
        let keys = keyring();
        let head = TreeHead {
            size: 41,
            root: head_hex(5),
            at: T,
        };
        let signed = signer().sign_tree_head(head);
        assert_eq!(keys.verify_tree_head(&signed), Ok(()));
        let changed: Vec<Change<SignedTreeHead>> = vec![
            Box::new(|s| s.head.size += 1),
            Box::new(|s| s.head.root = head_hex(6)),
            Box::new(|s| s.head.at -= 1),
            Box::new(|s| {
                let last = if s.signature.ends_with('0') { "1" } else { "0" };
                s.signature.replace_range(127.., last);
            }),
        ];
        for (i, change) in changed.iter().enumerate() {
            let mut tampered = signed.clone();
            change(&mut tampered);
            assert_eq!(
                keys.verify_tree_head(&tampered),
                Err(SignatureProblem::BadSignature),
                "change {i}"
            );
        }
        let mut unknown = signed.clone();
        unknown.key = "0123456789abcdef".into();
        assert_eq!(
            keys.verify_tree_head(&unknown),
            Err(SignatureProblem::UnknownKey("0123456789abcdef".into()))
        );
        // A receipt's signature does not make a tree head's.
        let as_receipt = signer().sign_receipt(receipt(41, &head_hex(5)));
        let mut swapped = signed;
        swapped.signature = as_receipt.signature;
        assert_eq!(
            keys.verify_tree_head(&swapped),
            Err(SignatureProblem::BadSignature)
        );
    }

    #[test]
    fn an_old_key_verifies_what_it_signed_while_it_was_current_and_nothing_after() {
        let old = signer();
        let new = Signer::from_seed(&OTHER_SEED);
        let keys = Keyring::new(vec![key_for(&old, 0, Some(T)), PublishedKey::of(&new, T)]);
        let at = |signer: &Signer, at: i64| {
            signer.sign_receipt(Receipt {
                at,
                ..receipt(3, &head_hex(3))
            })
        };
        assert_eq!(keys.verify_receipt(&at(&old, T - 1)), Ok(()));
        assert_eq!(
            keys.verify_receipt(&at(&old, T + 1)),
            Err(SignatureProblem::OutsideValidity {
                key: old.key_id(),
                at: "2026-11-28T03:12:45.124Z".into(),
                from: "1970-01-01T00:00:00.000Z".into(),
                until: "2026-11-28T03:12:45.123Z".into(),
            })
        );
        assert!(matches!(
            keys.verify_receipt(&at(&old, T)),
            Err(SignatureProblem::OutsideValidity { .. })
        ));
        assert_eq!(keys.verify_receipt(&at(&new, T + 1)), Ok(()));
        assert_eq!(keys.verify_receipt(&at(&new, T)), Ok(()));
        assert_eq!(
            keys.verify_receipt(&at(&new, T - 1)),
            Err(SignatureProblem::OutsideValidity {
                key: new.key_id(),
                at: "2026-11-28T03:12:45.122Z".into(),
                from: "2026-11-28T03:12:45.123Z".into(),
                until: "now".into(),
            })
        );
    }

    #[test]
    fn the_keyring_is_published_as_documented() {
        let keys = Keyring::new(vec![key_for(&signer(), 5, Some(9))]);
        let json = serde_json::to_value(&keys).unwrap();
        assert_eq!(
            json,
            json!({
                "format": "corriere-keys/1",
                "keys": [{
                    "id": signer().key_id(),
                    "algorithm": "ed25519",
                    "public_key": hex::encode(signer().public_key()),
                    "valid_from": 5,
                    "valid_until": 9,
                }],
            })
        );
        assert_eq!(serde_json::from_value::<Keyring>(json).unwrap(), keys);
        assert_eq!(PublishedKey::of(&signer(), 5).valid_until, None);
    }

    /// A line wrapped as a mail program does: at spaces, and words longer than the width cut.
    fn wrap(line: &str, width: usize) -> String {
        let mut lines: Vec<String> = vec![String::new()];
        for word in line.split(' ') {
            let mut word = word;
            let current = lines.last_mut().unwrap();
            if !current.is_empty() && current.len() + 1 + word.len() <= width {
                current.push(' ');
                current.push_str(word);
                continue;
            }
            if !current.is_empty() {
                lines.push(String::new());
            }
            while word.len() > width {
                lines.last_mut().unwrap().push_str(&word[..width]);
                lines.push(String::new());
                word = &word[width..];
            }
            lines.last_mut().unwrap().push_str(word);
        }
        lines.join("\n")
    }

    fn quoted(text: &str) -> String {
        text.lines().map(|l| format!("> {l}\n")).collect()
    }

    #[test]
    fn a_receipt_line_reads_back_from_any_text() {
        let signed = signer().sign_receipt(receipt(57, &head_hex(0xab)));
        let line = signed.to_line();
        assert_eq!(
            line,
            format!(
                "corriere-receipt/1 game=g7kq2abcde seq=57 head={} at=2026-11-28T03:12:45.123Z key={} sig={}",
                head_hex(0xab),
                signed.key,
                signed.signature
            )
        );
        assert_eq!(SignedReceipt::find_all(&line), vec![Ok(signed.clone())]);

        let wrapped = wrap(&line, 40);
        assert!(wrapped.lines().count() > 5, "{wrapped}");
        assert!(wrapped.lines().all(|l| l.len() <= 40), "{wrapped}");
        let mail = format!(
            "On Saturday the server wrote:\n{}\nThanks for playing.\n",
            quoted(&quoted(&wrapped))
        );
        assert_eq!(SignedReceipt::find_all(&mail), vec![Ok(signed.clone())]);

        // Wrapped in the middle of the field names too, and with a break right after `=`.
        let broken = line
            .replace("head=", "he\nad=")
            .replace("sig=", "sig=\n")
            .replace(" at=", "\n at=");
        assert_eq!(SignedReceipt::find_all(&broken), vec![Ok(signed.clone())]);

        // Several, in a page's HTML, escaped, with a word-break hint inside the signature.
        let other = signer().sign_receipt(receipt(58, &head_hex(0xcd)));
        let html = format!(
            "<p>Your move was stored:</p>\n<pre><code>{}</code></pre><p>&lt;code&gt;{}&lt;/code&gt;</p>",
            crate::present::escape(&signed.to_line()),
            other.to_line().replace(&other.signature[..60], &format!("{}<wbr>", &other.signature[..60]))
        );
        assert_eq!(
            SignedReceipt::find_all(&html),
            vec![Ok(signed.clone()), Ok(other.clone())]
        );

        // The tag in prose is no receipt; a tree head is not one either.
        let prose = format!(
            "A corriere-receipt/1 line looks like this: \"corriere-receipt/1\". {}",
            signer()
                .sign_tree_head(TreeHead {
                    size: 1,
                    root: head_hex(1),
                    at: T
                })
                .to_line()
        );
        assert_eq!(SignedReceipt::find_all(&prose), vec![]);
        assert_eq!(SignedReceipt::find_all("no receipts here"), vec![]);
    }

    #[test]
    fn a_receipt_cut_short_or_changed_says_which_field() {
        let signed = signer().sign_receipt(receipt(57, &head_hex(0xab)));
        let line = signed.to_line();
        let problem = |text: &str| match SignedReceipt::find_all(text).as_slice() {
            [Err(Unreadable(why))] => why.clone(),
            other => panic!("{text}: {other:?}"),
        };
        let cut = &line[..line.len() - 8];
        assert_eq!(
            problem(cut),
            "the receipt's sig has 120 hexadecimal digits where 128 belong: it is cut short"
        );
        assert!(problem(&format!("{line}ab")).contains("sig has 130 hexadecimal digits"));
        let no_key = line.replace(&format!(" key={}", signed.key), "");
        assert_eq!(
            problem(&no_key),
            "the receipt has no key= (it may have been cut off)"
        );
        let cut_head = line.replace(&head_hex(0xab), &head_hex(0xab)[..50]);
        assert!(problem(&cut_head).starts_with("the receipt's head has 50 hexadecimal digits"));
        assert_eq!(
            problem(&line.replace("seq=57", "seq=")),
            "the receipt's seq is empty"
        );
        assert!(problem(&line.replace("T03:12", "T33:12")).starts_with("the receipt's at "));
        // The first one is cut, the next one reads.
        let two = format!("{cut}\n{line}");
        let found = SignedReceipt::find_all(&two);
        assert_eq!(found.len(), 2);
        assert!(found[0].is_err());
        assert_eq!(found[1], Ok(signed));
    }

    #[test]
    fn receipts_read_from_json_too() {
        let signed = signer().sign_receipt(receipt(57, &head_hex(0xab)));
        let json = signed.to_json();
        assert_eq!(json["format"], RECEIPT_FORMAT);
        assert_eq!(json["time"], "2026-11-28T03:12:45.123Z");
        assert_eq!(json["signature"], signed.signature.as_str());
        assert_eq!(SignedReceipt::from_json(&json), Ok(signed.clone()));
        assert_eq!(
            SignedReceipt::find_all(&json.to_string()),
            vec![Ok(signed.clone())]
        );
        let other = signer().sign_receipt(receipt(58, &head_hex(0xcd)));
        let list =
            serde_json::to_string_pretty(&json!([json, {"format": "else"}, other.to_json()]))
                .unwrap();
        assert_eq!(
            SignedReceipt::find_all(&list),
            vec![Ok(signed.clone()), Ok(other)]
        );

        let mut without_time = json.clone();
        without_time.as_object_mut().unwrap().remove("time");
        assert_eq!(SignedReceipt::from_json(&without_time), Ok(signed.clone()));
        let mut wrong_time = json.clone();
        wrong_time["time"] = "2026-11-28T03:12:45.124Z".into();
        let why = SignedReceipt::from_json(&wrong_time).unwrap_err().0;
        assert!(
            why.contains("\"time\"") && why.contains("same instant"),
            "{why}"
        );
        let mut no_head = json.clone();
        no_head.as_object_mut().unwrap().remove("head");
        assert_eq!(
            SignedReceipt::from_json(&no_head),
            Err(Unreadable("the receipt has no \"head\"".into()))
        );
        let mut short_sig = json.clone();
        short_sig["signature"] = signed.signature[..100].into();
        assert!(SignedReceipt::from_json(&short_sig)
            .unwrap_err()
            .0
            .contains("signature has 100 hexadecimal digits"));
        let mut tree = json;
        tree["format"] = TREE_HEAD_FORMAT.into();
        assert!(SignedReceipt::from_json(&tree).is_err());
        // A JSON string holding a line is scanned as text.
        let in_string = serde_json::to_string(&json!({"line": signed.to_line()})).unwrap();
        assert_eq!(SignedReceipt::find_all(&in_string), vec![Ok(signed)]);
    }

    #[test]
    fn tree_heads_read_back_from_lines_and_json() {
        let signed = signer().sign_tree_head(TreeHead {
            size: 1234,
            root: head_hex(0x5e),
            at: T,
        });
        let line = signed.to_line();
        assert_eq!(
            line,
            format!(
                "corriere-tree-head/1 size=1234 root={} at=2026-11-28T03:12:45.123Z key={} sig={}",
                head_hex(0x5e),
                signed.key,
                signed.signature
            )
        );
        let mail = quoted(&wrap(&format!("Tree head: {line}. Keep it."), 40));
        assert_eq!(SignedTreeHead::find_all(&mail), vec![Ok(signed.clone())]);
        assert_eq!(
            SignedTreeHead::find_all(
                &line
                    .to_uppercase()
                    .replace("CORRIERE-TREE-HEAD/1 SIZE=", "corriere-tree-head/1 size=")
                    .replace(" ROOT=", " root=")
                    .replace(" AT=", " at=")
                    .replace(" KEY=", " key=")
                    .replace(" SIG=", " sig=")
            ),
            vec![Ok(signed.clone())],
            "hex in capitals reads as the same"
        );
        assert_eq!(
            SignedTreeHead::from_json(&signed.to_json()),
            Ok(signed.clone())
        );
        let proofs = RecordProofs {
            format: PROOFS_FORMAT.into(),
            game: "g".into(),
            tree_head: signed.to_json(),
            inclusions: vec![],
        };
        assert_eq!(
            SignedTreeHead::find_all(&serde_json::to_string(&proofs).unwrap()),
            vec![Ok(signed.clone())]
        );
        assert_eq!(
            SignedTreeHead::find_all(&line.replace("size=1234", "size=12x4")),
            vec![Err(Unreadable(
                "the tree head has no root= (it may have been cut off)".into()
            ))]
        );
        assert_eq!(SignedReceipt::find_all(&line), vec![]);
    }

    /// Receipts of every head the record has: genesis, then each action's.
    fn receipts_of(record: &Record, seqs: &[u64]) -> Vec<SignedReceipt> {
        seqs.iter()
            .map(|&seq| {
                let head = match seq {
                    0 => record.genesis.clone(),
                    n => record.actions[n as usize - 1].hash.clone(),
                };
                signer().sign_receipt(Receipt {
                    game: record.id.clone(),
                    seq,
                    head,
                    at: T,
                })
            })
            .collect()
    }

    #[test]
    fn a_record_agrees_with_the_receipts_of_its_heads() {
        let record = golden();
        let all: Vec<u64> = (0..=record.actions.len() as u64).collect();
        assert!(all.len() > 10);
        assert_eq!(contradictions(&record, &receipts_of(&record, &all)), vec![]);
        assert_eq!(contradictions(&record, &[]), vec![]);
        // Another game's receipts are not this record's business.
        let mut elsewhere = receipts_of(&record, &[3]);
        elsewhere[0].receipt.game = "other".into();
        elsewhere[0].receipt.head = head_hex(1);
        assert_eq!(contradictions(&record, &elsewhere), vec![]);
    }

    #[test]
    fn a_rewritten_record_contradicts_the_receipts_after_the_change() {
        let original = golden();
        let receipts = receipts_of(&original, &[0, 3, 6, 9]);
        let mut rewritten = original.clone();
        for action in &mut rewritten.actions[4..] {
            action.hash = hex::encode(sha(2, &[action.hash.as_bytes()]));
        }
        let found = contradictions(&rewritten, &receipts);
        assert_eq!(
            found,
            vec![
                Contradiction::Rewritten {
                    seq: 6,
                    signed: original.actions[5].hash.clone(),
                    recorded: rewritten.actions[5].hash.clone(),
                    agrees_through: Some(3),
                },
                Contradiction::Rewritten {
                    seq: 9,
                    signed: original.actions[8].hash.clone(),
                    recorded: rewritten.actions[8].hash.clone(),
                    agrees_through: Some(3),
                },
            ]
        );
        // Given in any order, the answer is by seq.
        let mut backwards = receipts.clone();
        backwards.reverse();
        assert_eq!(contradictions(&rewritten, &backwards), found);

        let mut new_start = original.clone();
        new_start.genesis = head_hex(0x11);
        assert_eq!(
            contradictions(&new_start, &receipts[..1]),
            vec![Contradiction::Rewritten {
                seq: 0,
                signed: original.genesis.clone(),
                recorded: head_hex(0x11),
                agrees_through: None,
            }]
        );
    }

    #[test]
    fn a_record_cut_short_contradicts_the_receipts_beyond_its_end() {
        let original = golden();
        let receipts = receipts_of(&original, &[0, 3, 6, 9]);
        let mut cut = original.clone();
        cut.actions.truncate(4);
        assert_eq!(
            contradictions(&cut, &receipts),
            vec![
                Contradiction::Dropped {
                    seq: 6,
                    recorded_through: 4
                },
                Contradiction::Dropped {
                    seq: 9,
                    recorded_through: 4
                },
            ]
        );
        // A record that skips a number has no sound history past the gap.
        let mut gap = original;
        gap.actions.remove(4);
        assert_eq!(
            contradictions(&gap, &receipts)
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>(),
            vec![
                "the server signed move 6 but the record ends at move 4",
                "the server signed move 9 but the record ends at move 4",
            ]
        );
    }

    /// A record of two actions, its log of two leaves and their hashes, computed here.
    fn two_leaf_log(record: &Record) -> (Vec<LogLeaf>, Hash, Hash, Hash) {
        let leaves: Vec<LogLeaf> = record.actions[..2]
            .iter()
            .map(|a| LogLeaf {
                game: record.id.clone(),
                seq: a.seq,
                head: a.hash.clone(),
            })
            .collect();
        let (a, b) = (leaf_of(&leaves[0]), leaf_of(&leaves[1]));
        let root = sha(1, &[&a, &b]);
        (leaves, a, b, root)
    }

    fn proofs_for(record: &Record, signer: &Signer) -> RecordProofs {
        let (leaves, a, b, root) = two_leaf_log(record);
        let head = signer.sign_tree_head(TreeHead {
            size: 2,
            root: hex::encode(root),
            at: T,
        });
        RecordProofs {
            format: PROOFS_FORMAT.into(),
            game: record.id.clone(),
            tree_head: head.to_json(),
            inclusions: vec![
                InclusionProof {
                    format: INCLUSION_FORMAT.into(),
                    leaf: leaves[0].clone(),
                    index: 0,
                    tree_size: 2,
                    path: vec![hex::encode(b)],
                },
                InclusionProof {
                    format: INCLUSION_FORMAT.into(),
                    leaf: leaves[1].clone(),
                    index: 1,
                    tree_size: 2,
                    path: vec![hex::encode(a)],
                },
            ],
        }
    }

    fn two_action_record() -> Record {
        let mut record = golden();
        record.actions.truncate(2);
        record
    }

    /// Needs merkle.rs's bodies (`leaf_hash`, `verify_inclusion`).
    #[test]
    fn inclusion_proofs_check_against_their_tree_head() {
        let record = two_action_record();
        let (leaves, a, _, root) = two_leaf_log(&record);
        assert_eq!(leaves[0].hash(), a);
        let proofs = proofs_for(&record, &signer());
        let head = TreeHead {
            size: 2,
            root: hex::encode(root),
            at: T,
        };
        for proof in &proofs.inclusions {
            assert_eq!(proof.check(&head), Ok(()));
        }
        let mut tampered = proofs.inclusions[0].clone();
        tampered.leaf.head = head_hex(4);
        assert_eq!(tampered.check(&head), Err(ProofError::Mismatch));
        let mut swapped = proofs.inclusions[0].clone();
        swapped.index = 1;
        assert!(swapped.check(&head).is_err());
        // A tree of one leaf: its root is the leaf, the path empty.
        let single = InclusionProof {
            format: INCLUSION_FORMAT.into(),
            leaf: leaves[0].clone(),
            index: 0,
            tree_size: 1,
            path: vec![],
        };
        let one = TreeHead {
            size: 1,
            root: hex::encode(a),
            at: T,
        };
        assert_eq!(single.check(&one), Ok(()));
        // Two trees: the first of one leaf is a prefix of the second of two.
        let consistency = ConsistencyProof {
            format: CONSISTENCY_FORMAT.into(),
            first: 1,
            second: 2,
            path: vec![hex::encode(leaf_of(&leaves[1]))],
        };
        assert_eq!(consistency.check(&one, &head), Ok(()));
        let forked = TreeHead {
            root: hex::encode(sha(1, &[&a, &a])),
            ..head.clone()
        };
        assert!(consistency.check(&one, &forked).is_err());
    }

    #[test]
    fn a_proof_for_another_size_or_with_bad_hex_fails_before_any_hashing() {
        let record = two_action_record();
        let proofs = proofs_for(&record, &signer());
        let head = TreeHead {
            size: 3,
            root: head_hex(1),
            at: T,
        };
        assert_eq!(
            proofs.inclusions[0].check(&head),
            Err(ProofError::BadSizes {
                first: 2,
                second: 3
            })
        );
        let mut bad_hex = proofs.inclusions[0].clone();
        bad_hex.path[0].replace_range(..1, "x");
        assert_eq!(
            bad_hex.check(&TreeHead {
                size: 2,
                ..head.clone()
            }),
            Err(ProofError::Mismatch)
        );
        let consistency = ConsistencyProof {
            format: CONSISTENCY_FORMAT.into(),
            first: 1,
            second: 2,
            path: vec![],
        };
        let one = TreeHead {
            size: 1,
            ..head.clone()
        };
        assert_eq!(
            consistency.check(&one, &head),
            Err(ProofError::BadSizes {
                first: 2,
                second: 3
            })
        );
        assert_eq!(
            consistency.check(&head, &head),
            Err(ProofError::BadSizes {
                first: 1,
                second: 3
            })
        );
    }

    /// Needs merkle.rs's bodies (`leaf_hash`, `verify_inclusion`).
    #[test]
    fn a_records_proofs_check_under_a_signed_tree_head() {
        let record = two_action_record();
        let proofs = proofs_for(&record, &signer());
        let head = check_record_proofs(&record, &proofs, &keyring()).unwrap();
        assert_eq!(head.head.size, 2);
        assert_eq!(
            Ok(head.clone()),
            SignedTreeHead::from_json(&proofs.tree_head)
        );

        let mut changed = record.clone();
        changed.actions[1].hash = head_hex(8);
        let mut forged_leaf = proofs.clone();
        forged_leaf.inclusions[1].leaf.head = head_hex(8);
        assert_eq!(
            check_record_proofs(&changed, &forged_leaf, &keyring()),
            Err(LogProblem::Proof {
                seq: 2,
                error: ProofError::Mismatch
            })
        );
    }

    #[test]
    fn a_records_proofs_fail_where_they_do_not_cover_it() {
        let record = two_action_record();
        let proofs = proofs_for(&record, &signer());
        let check = |proofs: &RecordProofs| check_record_proofs(&record, proofs, &keyring());

        let mut other_game = proofs.clone();
        other_game.game = "other".into();
        assert_eq!(check(&other_game), Err(LogProblem::OtherGame));

        let mut unreadable = proofs.clone();
        unreadable.tree_head["root"] = "abc".into();
        assert_eq!(
            check(&unreadable),
            Err(LogProblem::TreeHead(
                "the tree head's root has 3 hexadecimal digits where 64 belong: it is cut short"
                    .into()
            ))
        );

        let unknown = proofs_for(&record, &Signer::from_seed(&OTHER_SEED));
        assert!(matches!(
            check(&unknown),
            Err(LogProblem::Signature(SignatureProblem::UnknownKey(_)))
        ));
        let mut resigned = proofs.clone();
        resigned.tree_head["size"] = 3.into();
        assert_eq!(
            check(&resigned),
            Err(LogProblem::Signature(SignatureProblem::BadSignature))
        );

        let mut missing = proofs.clone();
        missing.inclusions.remove(0);
        assert_eq!(check(&missing), Err(LogProblem::NotLogged { seq: 1 }));

        let mut wrong = proofs.clone();
        wrong.inclusions[0].leaf.head = head_hex(8);
        assert_eq!(check(&wrong), Err(LogProblem::WrongLeaf { seq: 1 }));
        let mut elsewhere = proofs.clone();
        elsewhere.inclusions[0].leaf.game = "other".into();
        assert_eq!(check(&elsewhere), Err(LogProblem::WrongLeaf { seq: 1 }));

        let mut resized = proofs;
        resized.inclusions[0].tree_size = 4;
        assert_eq!(
            check(&resized),
            Err(LogProblem::Proof {
                seq: 1,
                error: ProofError::BadSizes {
                    first: 4,
                    second: 2
                }
            })
        );
    }

    #[test]
    fn every_problem_has_its_words_in_both_languages() {
        let catalogs = Catalogs::build(&[]).unwrap();
        let hash = |n: u8| head_hex(n);
        let problems: Vec<(&str, Say)> = vec![
            (
                "signature-problem-unknown-key",
                Box::new(|w| SignatureProblem::UnknownKey("0011223344556677".into()).words(w)),
            ),
            (
                "signature-problem-outside-validity",
                Box::new(|w| {
                    SignatureProblem::OutsideValidity {
                        key: "k".into(),
                        at: "A".into(),
                        from: "F".into(),
                        until: "U".into(),
                    }
                    .words(w)
                }),
            ),
            (
                "signature-problem-bad-signature",
                Box::new(|w| SignatureProblem::BadSignature.words(w)),
            ),
            (
                "receipt-contradiction-rewritten",
                Box::new(move |w| {
                    Contradiction::Rewritten {
                        seq: 57,
                        signed: hash(0x3f),
                        recorded: hash(0x9b),
                        agrees_through: Some(41),
                    }
                    .words(w)
                }),
            ),
            (
                "receipt-contradiction-dropped",
                Box::new(|w| {
                    Contradiction::Dropped {
                        seq: 60,
                        recorded_through: 57,
                    }
                    .words(w)
                }),
            ),
            (
                "log-problem-other-game",
                Box::new(|w| LogProblem::OtherGame.words(w)),
            ),
            (
                "log-problem-tree-head",
                Box::new(|w| LogProblem::TreeHead("DETAIL".into()).words(w)),
            ),
            (
                "log-problem-signature",
                Box::new(|w| LogProblem::Signature(SignatureProblem::BadSignature).words(w)),
            ),
            (
                "log-problem-not-logged",
                Box::new(|w| LogProblem::NotLogged { seq: 12 }.words(w)),
            ),
            (
                "log-problem-wrong-leaf",
                Box::new(|w| LogProblem::WrongLeaf { seq: 12 }.words(w)),
            ),
            (
                "log-problem-proof",
                Box::new(|w| {
                    LogProblem::Proof {
                        seq: 12,
                        error: ProofError::Mismatch,
                    }
                    .words(w)
                }),
            ),
        ];
        for lang in ["en", "pt"] {
            let ids = catalogs.message_ids(lang);
            let words = catalogs.words(lang);
            for (id, say) in &problems {
                assert!(ids.contains(*id), "{lang} lacks {id}");
                let text = say(words);
                assert!(
                    !text.contains(id) && !text.contains('{'),
                    "{lang} {id}: {text}"
                );
            }
            for error in [
                ProofError::OutOfRange { index: 5, size: 3 },
                ProofError::BadSizes {
                    first: 4,
                    second: 2,
                },
                ProofError::WrongLength { got: 1, want: 2 },
                ProofError::Mismatch,
                ProofError::Missing(merkle::Node { level: 1, index: 2 }),
            ] {
                let text = proof_error_words(&error, words);
                assert!(
                    !text.contains("log-problem") && !text.contains('{'),
                    "{lang}: {text}"
                );
            }
        }
        let en = catalogs.words("en");
        let pt = catalogs.words("pt");
        let rewritten = |agrees_through| Contradiction::Rewritten {
            seq: 57,
            signed: hash(0x3f),
            recorded: hash(0x9b),
            agrees_through,
        };
        assert_eq!(
            rewritten(Some(41)).words(en),
            "Move 57 was rewritten: the server signed log head 3f3f3f3f… for it, but this record \
             has 9b9b9b9b…. The history up to move 57 was changed after the server acknowledged \
             it (it still agreed at move 41)."
        );
        assert!(rewritten(None)
            .words(en)
            .ends_with("(no earlier receipt still agrees with this record)."));
        assert!(rewritten(Some(0))
            .words(pt)
            .ends_with("(ele ainda conferia no início da partida)."));
        assert_eq!(
            rewritten(Some(41)).words(pt),
            "A jogada 57 foi reescrita: o servidor assinou o hash 3f3f3f3f… para ela, mas este \
             registro tem 9b9b9b9b…. O histórico até a jogada 57 foi mudado depois que o \
             servidor o confirmou (ele ainda conferia na jogada 41)."
        );
        assert!(Contradiction::Rewritten {
            seq: 0,
            signed: hash(1),
            recorded: hash(2),
            agrees_through: None
        }
        .words(en)
        .starts_with("The start of the game was rewritten"));
        assert_eq!(
            Contradiction::Dropped {
                seq: 60,
                recorded_through: 0
            }
            .words(pt),
            "O servidor confirmou a jogada 60, mas este registro não tem nenhuma jogada: jogadas \
             que o servidor já tinha aceitado foram tiradas do histórico."
        );
        let current = SignatureProblem::OutsideValidity {
            key: "k".into(),
            at: "A".into(),
            from: "F".into(),
            until: "now".into(),
        };
        assert_eq!(
            current.words(en),
            "It is dated A, but key k only came into use on F: the server could not have signed it then."
        );
        assert_eq!(
            LogProblem::Signature(SignatureProblem::BadSignature).words(pt),
            format!(
                "O resumo do diário público do servidor, que vem com as provas, não é garantido \
                 pelo servidor: {}",
                SignatureProblem::BadSignature.words(pt)
            )
        );
        assert_eq!(
            LogProblem::Proof {
                seq: 3,
                error: ProofError::WrongLength { got: 1, want: 2 }
            }
            .words(en),
            "Move 3 is not proved to be in the server's public log: the proof has one hash where \
             2 were expected."
        );
    }
}
