//! The hash-chained action log: the genesis hash of a game's setup, the hash of each entry,
//! and `Chain`, which the service's store and the verifier both use to extend a log.

use super::seed::Contribution;
use crate::engine::Seat;
use crate::kinds::Json;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The domain-separation tag that starts the genesis hash of a game whose header names its
/// seats in plain text (every game created before salted names).
pub const LOG_TAG: &[u8] = b"corriere-log/v1";

/// The tag that starts the genesis hash of a header whose seats are salted name hashes.
pub const LOG_TAG_V2: &[u8] = b"corriere-log/v2";

/// The domain-separation tag of a seat's salted name hash (see [`name_hash`]).
pub const NAME_TAG: &[u8] = b"corriere-name/v1";

/// The domain-separation tag of the per-entry salts.
pub const SALT_TAG: &[u8] = b"corriere-salt/v1";

/// A SHA-256 hash as raw bytes; written in records as 64 lowercase hex digits.
pub type Hash = [u8; 32];

/// How a header covers its seats: which genesis tag, and what `LogHeader::seats` holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LogVersion {
    /// `corriere-log/v1`: the seats are the players' names in plain text, so a name can never
    /// change without breaking the chain. Every game stored before v2 keeps it for ever.
    #[default]
    V1,
    /// `corriere-log/v2`: each seat is `name_hash(salt, name)` in lowercase hex, so a player
    /// can be forgotten (the record then keeps only the hash) and the game still verifies.
    V2,
}

/// `SHA-256("corriere-name/v1" ‖ salt (32 raw bytes) ‖ name as UTF-8)`: what a v2 genesis
/// covers of a seat. The salt is random per seat, so the hash alone says nothing of the name.
pub fn name_hash(salt: &[u8; 32], name: &str) -> Hash {
    let mut hasher = Sha256::new();
    hasher.update(NAME_TAG);
    hasher.update(salt);
    hasher.update(name.as_bytes());
    hasher.finalize().into()
}

/// Everything fixed when a game is created, as the genesis hash covers it.
///
/// Its canonical JSON is `serde_json::to_vec` of this struct, fields in this order:
/// `{"id","game","rules_version","options","seats","commitment","contributions"}`; `version`
/// is not in it but picks the genesis tag and says what `seats` holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogHeader {
    pub id: String,
    /// The kind of game, e.g. "condottiere".
    pub game: String,
    pub rules_version: u32,
    /// The game's canonical JSON of its options.
    pub options: Json,
    /// In seat order: the public names (v1), or each seat's salted name hash in lowercase hex
    /// (v2). Never email addresses.
    pub seats: Vec<String>,
    /// The commitment to the server's secret (see `seed::commitment`).
    pub commitment: String,
    /// One per seat, in seat order.
    pub contributions: Vec<Contribution>,
    /// Which genesis this header has (not part of its JSON).
    #[serde(skip)]
    pub version: LogVersion,
}

/// Who wrote a log entry. The seat number of an entry always says whose decision it was; the
/// author says who took it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Author {
    /// The seat's player (every entry from before the clock and bots, and every one since
    /// that a player sent).
    #[default]
    Seat,
    /// The game's clock, for a seat whose deadline passed: it plays the game's default action
    /// for that decision (`Kind`'s `default_action`), at or after `deadline` (milliseconds
    /// since the Unix epoch, UTC).
    Clock { deadline: i64 },
    /// A bot playing the seat (an absent or resigned player): any legal action.
    Bot,
    /// The sitter the seat's player named for an absence, from the sitter's own link.
    Sitter,
}

impl Author {
    /// Its name where it is stored: `seat`, `clock`, `bot` or `sitter`.
    pub fn name(self) -> &'static str {
        match self {
            Author::Seat => "seat",
            Author::Clock { .. } => "clock",
            Author::Bot => "bot",
            Author::Sitter => "sitter",
        }
    }

    /// The clock's deadline, for a clock entry.
    pub fn deadline(self) -> Option<i64> {
        match self {
            Author::Clock { deadline } => Some(deadline),
            Author::Seat | Author::Bot | Author::Sitter => None,
        }
    }

    /// The author from its stored name and deadline; a deadline belongs to the clock alone,
    /// and the clock always has one.
    pub fn from_parts(name: &str, deadline: Option<i64>) -> Result<Author, String> {
        match (name, deadline) {
            ("seat", None) => Ok(Author::Seat),
            ("bot", None) => Ok(Author::Bot),
            ("sitter", None) => Ok(Author::Sitter),
            ("clock", Some(deadline)) => Ok(Author::Clock { deadline }),
            ("clock", None) => Err("\"by\": \"clock\" needs the \"deadline\" it enforced".into()),
            ("seat" | "bot" | "sitter", Some(_)) => {
                Err("a \"deadline\" belongs only to an entry \"by\": \"clock\"".into())
            }
            (other, _) => Err(format!(
                "unknown author {other:?} (an entry is by its seat, \"clock\", \"bot\" or \"sitter\")"
            )),
        }
    }
}

/// One log entry as the chain covers it. Its canonical JSON (`serde_json::to_vec` of it) is
/// `{"seq":n,"seat":<1-based>,"action":<action JSON>,"at":<ms since 1970, i64>}` for an
/// entry by the seat's player, exactly as before authors existed; an entry by the clock adds
/// `,"by":"clock","deadline":<ms>`, one by a bot `,"by":"bot"` and one by the player's sitter
/// `,"by":"sitter"` after `at`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// 1 for the first action, then consecutive.
    pub seq: u64,
    pub seat: Seat,
    /// The game's canonical JSON of the action.
    pub action: Json,
    /// When the service accepted the action, in milliseconds since the Unix epoch (UTC).
    pub at: i64,
    pub author: Author,
}

impl Serialize for Entry {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        EntryRef::new(self.seq, self.seat, &self.action, self.at, self.author).serialize(serializer)
    }
}

/// The canonical entry, borrowed, so hashing a stored entry clones nothing. The author's
/// fields are left out for the seat's player, so those entries hash as they always did.
#[derive(Serialize)]
struct EntryRef<'a> {
    seq: u64,
    seat: Seat,
    action: &'a Json,
    at: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    by: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    deadline: Option<i64>,
}

impl<'a> EntryRef<'a> {
    fn new(seq: u64, seat: Seat, action: &'a Json, at: i64, author: Author) -> EntryRef<'a> {
        EntryRef {
            seq,
            seat,
            action,
            at,
            by: (author != Author::Seat).then(|| author.name()),
            deadline: author.deadline(),
        }
    }
}

/// `h_0 = SHA-256("corriere-log/v1" ‖ canonical JSON of the header)`, or with
/// `"corriere-log/v2"` for a v2 header (whose seats are salted name hashes).
pub fn genesis(header: &LogHeader) -> Hash {
    let mut hasher = Sha256::new();
    hasher.update(match header.version {
        LogVersion::V1 => LOG_TAG,
        LogVersion::V2 => LOG_TAG_V2,
    });
    hasher.update(serde_json::to_vec(header).expect("a header always serializes"));
    hasher.finalize().into()
}

/// `salt_n = SHA-256("corriere-salt/v1" ‖ secret (32 raw bytes) ‖ n as u64 big-endian)`.
///
/// The salt keeps the log's hashes from giving away hidden actions while the game runs: a
/// face-down card has only a few possible values, so without a secret salt anyone who saw two
/// consecutive heads could test every guess. The salts are known to all once the secret is
/// revealed at the end.
pub fn entry_salt(secret: &[u8; 32], seq: u64) -> Hash {
    let mut hasher = Sha256::new();
    hasher.update(SALT_TAG);
    hasher.update(secret);
    hasher.update(seq.to_be_bytes());
    hasher.finalize().into()
}

/// `h_n = SHA-256(h_{n-1} (32 raw bytes) ‖ salt_n (32 raw bytes) ‖ canonical JSON of entry n)`.
pub fn entry_hash(prev: &Hash, secret: &[u8; 32], entry: &Entry) -> Hash {
    hash_parts(
        prev,
        secret,
        entry.seq,
        entry.seat,
        &entry.action,
        entry.at,
        entry.author,
    )
}

pub(crate) fn hash_parts(
    prev: &Hash,
    secret: &[u8; 32],
    seq: u64,
    seat: Seat,
    action: &Json,
    at: i64,
    author: Author,
) -> Hash {
    let body = EntryRef::new(seq, seat, action, at, author);
    let mut hasher = Sha256::new();
    hasher.update(prev);
    hasher.update(entry_salt(secret, seq));
    hasher.update(serde_json::to_vec(&body).expect("an entry always serializes"));
    hasher.finalize().into()
}

/// A log being written: the genesis hash, the head, and what the next entry must carry.
#[derive(Clone, PartialEq, Eq)]
pub struct Chain {
    genesis: Hash,
    head: Hash,
    len: u64,
    last_at: Option<i64>,
    secret: [u8; 32],
}

impl std::fmt::Debug for Chain {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Chain")
            .field("head", &hex::encode(self.head))
            .field("len", &self.len)
            .finish()
    }
}

impl Chain {
    /// A new, empty log for a game created with this header.
    pub fn new(header: &LogHeader, secret: &[u8; 32]) -> Chain {
        let genesis = genesis(header);
        Chain {
            genesis,
            head: genesis,
            len: 0,
            last_at: None,
            secret: *secret,
        }
    }

    /// A log already `len` entries long, as stored: its genesis, its head and the time of its
    /// last entry (`None` when it has none).
    pub fn resume(
        genesis: Hash,
        head: Hash,
        len: u64,
        last_at: Option<i64>,
        secret: &[u8; 32],
    ) -> Chain {
        Chain {
            genesis,
            head,
            len,
            last_at,
            secret: *secret,
        }
    }

    /// Append the next action. Its `seq` is the next number; its time is `at`, or the previous
    /// entry's time if `at` is earlier (a clock stepping back never makes time run backwards
    /// in a log). Returns the entry as hashed and its hash, which is the new head.
    pub fn push(&mut self, seat: Seat, action: Json, at: i64, author: Author) -> (Entry, Hash) {
        let at = self.last_at.map_or(at, |last| at.max(last));
        let entry = Entry {
            seq: self.len + 1,
            seat,
            action,
            at,
            author,
        };
        let hash = entry_hash(&self.head, &self.secret, &entry);
        self.head = hash;
        self.len += 1;
        self.last_at = Some(at);
        (entry, hash)
    }

    pub fn genesis(&self) -> Hash {
        self.genesis
    }
    /// The hash of the last entry, or the genesis hash while the log is empty.
    pub fn head(&self) -> Hash {
        self.head
    }
    /// How many entries the log holds.
    pub fn len(&self) -> u64 {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::seed::Source;

    fn json(text: &str) -> Json {
        Json::new(text.to_owned()).unwrap()
    }

    /// Condottiere's options with every rule off, as its engine writes them.
    const BASE_OPTIONS: &str = concat!(
        r#"{"draw_after_battle":false,"play_for_points":null,"bigger_kingdoms":false,"#,
        r#""capturing_regions":false,"hidden_cards":false,"first_holder":null}"#
    );

    fn header() -> LogHeader {
        LogHeader {
            id: "g1".into(),
            game: "condottiere".into(),
            rules_version: 1,
            options: json(BASE_OPTIONS),
            seats: vec!["Anna".into(), "Bruno".into()],
            commitment: "00".repeat(32),
            contributions: vec![
                Contribution {
                    seat: Seat(0),
                    value: "a1".into(),
                    source: Source::Player,
                },
                Contribution {
                    seat: Seat(1),
                    value: "b2".into(),
                    source: Source::Server,
                },
            ],
            version: LogVersion::V1,
        }
    }

    #[test]
    fn the_canonical_header_json_has_a_fixed_field_order() {
        let json = String::from_utf8(serde_json::to_vec(&header()).unwrap()).unwrap();
        assert_eq!(
            json,
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
    fn an_entry_hash_covers_the_previous_hash_and_the_canonical_entry_json() {
        let prev = [9u8; 32];
        let entry = Entry {
            seq: 3,
            seat: Seat(1),
            action: json(r#"{"type":"play","card":"M5"}"#),
            at: 1_700_000_000_123,
            author: Author::Seat,
        };
        let secret = [7u8; 32];
        let mut bytes = prev.to_vec();
        let mut salt_input = SALT_TAG.to_vec();
        salt_input.extend(secret);
        salt_input.extend(3u64.to_be_bytes());
        bytes.extend(Sha256::digest(&salt_input));
        bytes.extend(
            br#"{"seq":3,"seat":2,"action":{"type":"play","card":"M5"},"at":1700000000123}"#,
        );
        let expected: Hash = Sha256::digest(&bytes).into();
        assert_eq!(entry_hash(&prev, &secret, &entry), expected);
    }

    #[test]
    fn a_chain_numbers_entries_from_one_and_never_runs_time_backwards() {
        let secret = [5u8; 32];
        let mut chain = Chain::new(&header(), &secret);
        assert_eq!(chain.head(), chain.genesis());
        let (first, h1) = chain.push(Seat(0), json(r#"{"type":"pass"}"#), 2_000, Author::Seat);
        let clock = Author::Clock { deadline: 900 };
        let (second, h2) = chain.push(Seat(1), json(r#"{"type":"pass"}"#), 1_000, clock);
        assert_eq!((first.seq, second.seq), (1, 2));
        assert_eq!(second.at, 2_000);
        assert_eq!(h1, entry_hash(&chain.genesis(), &secret, &first));
        assert_eq!(h2, entry_hash(&h1, &secret, &second));
        assert_eq!(chain.head(), h2);
        let mut resumed = Chain::resume(chain.genesis(), h1, 1, Some(2_000), &secret);
        assert_eq!(
            resumed
                .push(Seat(1), json(r#"{"type":"pass"}"#), 1_000, clock)
                .1,
            h2
        );
        assert_eq!(second.author, clock);
    }

    fn entry(author: Author) -> Entry {
        Entry {
            seq: 12,
            seat: Seat(1),
            action: json(r#"{"type":"pass"}"#),
            at: 1_700_000_000_123,
            author,
        }
    }

    #[test]
    fn the_canonical_entry_names_the_clock_with_its_deadline_and_the_bot_but_not_the_seat() {
        let canonical = |author| String::from_utf8(serde_json::to_vec(&entry(author)).unwrap());
        let plain = r#"{"seq":12,"seat":2,"action":{"type":"pass"},"at":1700000000123"#;
        assert_eq!(canonical(Author::Seat).unwrap(), format!("{plain}}}"));
        assert_eq!(
            canonical(Author::Clock {
                deadline: 1_699_999_999_000
            })
            .unwrap(),
            format!(r#"{plain},"by":"clock","deadline":1699999999000}}"#)
        );
        assert_eq!(
            canonical(Author::Bot).unwrap(),
            format!(r#"{plain},"by":"bot"}}"#)
        );
        assert_eq!(
            canonical(Author::Sitter).unwrap(),
            format!(r#"{plain},"by":"sitter"}}"#)
        );
    }

    #[test]
    fn an_entry_hash_covers_its_author_and_the_clocks_deadline() {
        let (prev, secret) = ([1u8; 32], [2u8; 32]);
        let hashes: Vec<Hash> = [
            Author::Seat,
            Author::Bot,
            Author::Sitter,
            Author::Clock { deadline: 5 },
            Author::Clock { deadline: 6 },
        ]
        .into_iter()
        .map(|author| entry_hash(&prev, &secret, &entry(author)))
        .collect();
        for (i, a) in hashes.iter().enumerate() {
            for b in &hashes[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }

    #[test]
    fn an_author_reads_back_from_its_stored_name_and_deadline() {
        for author in [
            Author::Seat,
            Author::Bot,
            Author::Sitter,
            Author::Clock { deadline: -3 },
        ] {
            assert_eq!(
                Author::from_parts(author.name(), author.deadline()),
                Ok(author)
            );
        }
        assert!(Author::from_parts("clock", None).is_err());
        assert!(Author::from_parts("bot", Some(1)).is_err());
        assert!(Author::from_parts("sitter", Some(1)).is_err());
        assert!(Author::from_parts("seat", Some(1)).is_err());
        assert!(Author::from_parts("robot", None).is_err());
    }
}
