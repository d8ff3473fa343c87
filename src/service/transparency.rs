//! Receipts and the transparency log as the service gives them: the signing key and its
//! publication, a signed receipt for a game's log head, the sequencer that logs stored
//! entries and signs tree heads, the proofs anyone may ask for, and the operator's audit.

use super::cache::ByteCache;
use super::Games;
use crate::audit::merkle::{self, Appender, ProofError};
use crate::audit::receipt::{
    ConsistencyProof, InclusionProof, Keyring, LogLeaf, PublishedKey, Receipt, RecordProofs,
    SignedReceipt, SignedTreeHead, Signer, TreeHead, CONSISTENCY_FORMAT, INCLUSION_FORMAT,
    PROOFS_FORMAT,
};
use crate::domain::{GameId, Millis};
use crate::store::transparency::{self as log, HeadRow, LeafRow};
use crate::store::{Conn, Db};
use std::sync::Mutex;

/// Entries the sequencer logs in one transaction.
const PASS: i64 = 10_000;

/// The service's key and what it last knew of the log.
pub struct Transparency {
    signer: Signer,
    /// When this process began signing: the start of its key's validity if it publishes it.
    since: Millis,
    /// The newest signed tree head this process has seen (for mail footers).
    latest: Mutex<Option<SignedTreeHead>>,
    /// The receipt each game's pages show for its log as it stands (seq, head, receipt line):
    /// signed once per head, not per page (a signature was a tenth of a warm page's time).
    receipts: ByteCache<GameId, (i64, String, String)>,
}

/// What a kept receipt holds in memory, by estimate: the line, the head, the key, the slots.
const RECEIPT_BYTES: usize = 512;

impl Transparency {
    /// Receipts kept for pages: at most `receipt_bytes` of them.
    pub fn new(signer: Signer, since: Millis, receipt_bytes: usize) -> Transparency {
        Transparency {
            signer,
            since,
            latest: Mutex::new(None),
            receipts: ByteCache::new(receipt_bytes),
        }
    }
}

/// A fresh signing key (tests, and a first run without one).
pub fn generate_signer() -> Signer {
    Signer::from_seed(&rand::random::<[u8; 32]>())
}

/// Why a proof cannot be given.
#[derive(Debug, thiserror::Error)]
pub enum ProofRefused {
    #[error("move {seq} of game {game} is not in the log (yet)")]
    NotLogged { game: String, seq: u64 },
    #[error("the log has no signed tree head of {0} entries")]
    NoTreeHead(u64),
    #[error("the log has signed no tree head yet")]
    Empty,
    #[error("{0}")]
    Proof(#[from] ProofError),
    #[error(transparent)]
    Store(#[from] anyhow::Error),
}

impl From<diesel::result::Error> for ProofRefused {
    fn from(error: diesel::result::Error) -> ProofRefused {
        ProofRefused::Store(error.into())
    }
}

/// What the operator's audit of the whole log found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LogAudit {
    pub leaves: u64,
    pub tree_heads: usize,
    /// Each problem in words; empty when the log is sound.
    pub problems: Vec<String>,
}

/// A stored tree head as signed.
fn signed_head(row: &HeadRow) -> SignedTreeHead {
    SignedTreeHead {
        head: TreeHead {
            size: row.size as u64,
            root: row.root.clone(),
            at: row.at,
        },
        key: row.key_id.clone(),
        signature: row.signature.clone(),
    }
}

fn leaf_of(row: &LeafRow) -> LogLeaf {
    LogLeaf {
        game: row.game_id.clone(),
        seq: row.seq as u64,
        head: row.head.clone(),
    }
}

/// One sequencer pass: log up to [`PASS`] queued entries and sign the tree they make.
/// Returns the new head and how many entries it logged, or `None` when nothing waited.
fn log_pass(
    conn: &mut Conn,
    signer: &Signer,
    now: Millis,
) -> anyhow::Result<Option<(HeadRow, u64)>> {
    let size = log::lock_log(conn)?;
    let queued = log::queued(conn, PASS)?;
    if queued.is_empty() {
        return Ok(None);
    }
    let frontier = log::read_nodes(conn, &merkle::frontier(size))?;
    let mut tree = Appender::resume(size, &frontier)?;
    let mut leaves = Vec::with_capacity(queued.len());
    let mut nodes = Vec::with_capacity(queued.len() * 2);
    for entry in &queued {
        let leaf = LogLeaf {
            game: entry.game_id.clone(),
            seq: entry.seq as u64,
            head: entry.head.clone(),
        };
        leaves.push(LeafRow {
            idx: tree.size() as i64,
            game_id: entry.game_id.clone(),
            seq: entry.seq,
            head: entry.head.clone(),
            logged_at: now.0,
        });
        nodes.extend(tree.push(leaf.hash()));
    }
    log::append_leaves(conn, &leaves, &nodes, tree.size())?;
    log::dequeue(conn, &queued)?;
    let signed = signer.sign_tree_head(TreeHead {
        size: tree.size(),
        root: hex::encode(tree.root()),
        at: now.0,
    });
    let row = HeadRow {
        size: signed.head.size as i64,
        root: signed.head.root.clone(),
        at: signed.head.at,
        key_id: signed.key.clone(),
        signature: signed.signature.clone(),
    };
    log::insert_head(conn, &row)?;
    Ok(Some((row, queued.len() as u64)))
}

impl Games {
    fn transparency(&self) -> &Transparency {
        &self.0.transparency
    }

    /// The key receipts and tree heads are signed with.
    pub fn signer(&self) -> &Signer {
        &self.transparency().signer
    }

    /// The signed receipt for a game's log as the service shows it now: `seq` entries, head
    /// `head` (hex), given at the service's time.
    pub fn receipt(&self, game: &GameId, seq: i64, head: &str) -> SignedReceipt {
        self.signer().sign_receipt(Receipt {
            game: game.as_str().to_owned(),
            seq: seq.max(0) as u64,
            head: head.to_owned(),
            at: self.now().0,
        })
    }

    /// The signed receipt a page of a loaded game shows, once the game started (its line).
    pub(crate) fn receipt_of(&self, loaded: &super::Loaded) -> Option<String> {
        let head = loaded.game.log_head.as_deref()?;
        Some(self.receipt_line(&loaded.game.id, loaded.seq(), head))
    }

    /// The signed receipt for a game's `seq` and `head`, as a line: the one given when this
    /// process first showed the head (a move's answer, its mails, a page), while it is kept,
    /// so the move, every seat's mail and the pages after it share one signature (a receipt
    /// says the log had this head at its time, which stays true).
    pub(crate) fn receipt_line(&self, id: &GameId, seq: i64, head: &str) -> String {
        let receipts = &self.transparency().receipts;
        let kept = receipts.read(id, |(s, h, line)| {
            (*s == seq && h == head).then(|| line.clone())
        });
        if let Some(line) = kept {
            return line;
        }
        let line = self.receipt(id, seq, head).to_line();
        self.keep_receipt(id, seq, head, &line);
        line
    }

    /// Keep the receipt given for a game's `seq` and `head`.
    fn keep_receipt(&self, id: &GameId, seq: i64, head: &str, line: &str) {
        self.transparency().receipts.put(
            id.clone(),
            (seq, head.to_owned(), line.to_owned()),
            RECEIPT_BYTES,
            |(kept, _, _)| *kept <= seq,
        );
    }

    /// The newest signed tree head this process has seen, as a line for mail footers; empty
    /// before the log has one.
    pub fn tree_head_line(&self) -> String {
        self.transparency()
            .latest
            .lock()
            .expect("the tree head lock")
            .as_ref()
            .map(SignedTreeHead::to_line)
            .unwrap_or_default()
    }

    fn remember_head(&self, head: SignedTreeHead) {
        let mut latest = self
            .transparency()
            .latest
            .lock()
            .expect("the tree head lock");
        if latest
            .as_ref()
            .is_none_or(|known| known.head.size <= head.head.size)
        {
            *latest = Some(head);
        }
    }

    /// Publish this process's public key (at the start of `serve` and of the commands that
    /// sign): a key new to the database retires the one before it.
    pub async fn publish_key(&self, db: &Db) -> anyhow::Result<()> {
        let games = self.clone();
        db.run(move |conn| games.publish_key_on(conn)).await?
    }

    /// [`Games::publish_key`] on a connection of the caller's (the operator's commands).
    pub fn publish_key_on(&self, conn: &mut Conn) -> anyhow::Result<()> {
        let id = self.signer().key_id();
        let public = hex::encode(self.signer().public_key());
        let (since, now) = (self.transparency().since.0, self.now().0);
        // Published already (every start but the first of a key): a read, so the operator's
        // commands work on a full disk.
        let known = log::signing_keys(conn)?;
        if known
            .iter()
            .any(|key| key.id == id && key.valid_from <= since)
        {
            return Ok(());
        }
        crate::store::write_transaction(conn, |conn| {
            log::publish_key(conn, &id, &public, since, now)
        })?;
        Ok(())
    }

    /// Every key the service signs or signed with, as published (this process's key is, from
    /// its start: `publish_key`).
    pub async fn keyring(&self, db: &Db) -> anyhow::Result<Keyring> {
        let rows = db.read(log::signing_keys).await?;
        Ok(Keyring::new(
            rows.into_iter()
                .map(|row| PublishedKey {
                    id: row.id,
                    algorithm: "ed25519".to_owned(),
                    public_key: row.public_key,
                    valid_from: row.valid_from,
                    valid_until: row.valid_until,
                })
                .collect(),
        ))
    }

    /// The sequencer: log every stored entry not yet logged, one transaction per pass, and
    /// sign the tree each pass makes. Safe with several processes (the first pass to lock
    /// the log goes first). Returns how many entries it logged.
    pub async fn log_entries(&self, db: &Db) -> anyhow::Result<u64> {
        self.publish_key(db).await?;
        let mut logged = 0;
        loop {
            let (signer, now) = (self.signer().clone(), self.now());
            let pass = db.write(move |conn| log_pass(conn, &signer, now)).await?;
            match pass {
                Some((row, count)) => {
                    logged += count;
                    self.remember_head(signed_head(&row));
                }
                None => break,
            }
        }
        if logged == 0 {
            if let Some(head) = self.tree_head(db).await? {
                self.remember_head(head);
            }
        }
        Ok(logged)
    }

    /// The newest signed tree head.
    pub async fn tree_head(&self, db: &Db) -> anyhow::Result<Option<SignedTreeHead>> {
        Ok(db.read(log::latest_head).await?.as_ref().map(signed_head))
    }

    /// The signed tree head of `size` entries, if one was signed.
    pub async fn tree_head_of(&self, db: &Db, size: u64) -> anyhow::Result<Option<SignedTreeHead>> {
        let row = db
            .read(move |conn| log::head_of_size(conn, size as i64))
            .await?;
        Ok(row.as_ref().map(signed_head))
    }

    /// The newest `limit` signed tree heads, newest first (the feed).
    pub async fn tree_heads(&self, db: &Db, limit: i64) -> anyhow::Result<Vec<SignedTreeHead>> {
        let rows = db.read(move |conn| log::recent_heads(conn, limit)).await?;
        Ok(rows.iter().map(signed_head).collect())
    }

    /// Proof that entry `seq` of a game is in the log's tree of `size` entries (a size a tree
    /// head was signed for; the newest by default), with that tree head.
    pub async fn inclusion(
        &self,
        db: &Db,
        game: &GameId,
        seq: u64,
        size: Option<u64>,
    ) -> Result<(InclusionProof, SignedTreeHead), ProofRefused> {
        let game = game.as_str().to_owned();
        db.read(move |conn| {
            let head = signed_head_of(conn, size)?;
            let leaf = log::leaf_of(conn, &game, seq as i64)?
                .filter(|leaf| (leaf.idx as u64) < head.head.size)
                .ok_or(ProofRefused::NotLogged { game, seq })?;
            let proof = inclusion_of(conn, &leaf, head.head.size)?;
            Ok((proof, head))
        })
        .await
    }

    /// Proof that the log's tree of `first` entries is a prefix of its tree of `second`.
    pub async fn consistency(
        &self,
        db: &Db,
        first: u64,
        second: u64,
    ) -> Result<ConsistencyProof, ProofRefused> {
        db.read(move |conn| {
            let size = log::log_size(conn)?;
            if second > size || first == 0 || first > second {
                return Err(ProofError::BadSizes { first, second }.into());
            }
            let nodes = log::read_nodes(conn, &merkle::consistency_nodes(first, second)?)?;
            let path = merkle::consistency_proof(first, second, &nodes)?;
            Ok(ConsistencyProof {
                format: CONSISTENCY_FORMAT.to_owned(),
                first,
                second,
                path: path.iter().map(hex::encode).collect(),
            })
        })
        .await
    }

    /// The proofs offered with a game's record: every entry's inclusion under the newest tree
    /// head (the sequencer runs first, so the newest entries are in it).
    pub async fn record_proofs(
        &self,
        db: &Db,
        game: &GameId,
    ) -> Result<RecordProofs, ProofRefused> {
        self.log_entries(db).await?;
        let id = game.as_str().to_owned();
        db.read(move |conn| {
            let head = signed_head_of(conn, None)?;
            let inclusions = log::leaves_of(conn, &id)?
                .iter()
                .filter(|leaf| (leaf.idx as u64) < head.head.size)
                .map(|leaf| inclusion_of(conn, leaf, head.head.size))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(RecordProofs {
                format: PROOFS_FORMAT.to_owned(),
                game: id,
                tree_head: head.to_json(),
                inclusions,
            })
        })
        .await
    }

    /// The operator's audit: rebuild the tree from its leaves, check every signed tree head's
    /// root and signature against it, and every leaf against the game's stored entry.
    pub async fn audit_log(&self, db: &Db) -> anyhow::Result<LogAudit> {
        let keyring = self.keyring(db).await?;
        db.read(move |conn| audit(conn, &keyring)).await
    }
}

/// The signed head of `size` entries, or the newest.
fn signed_head_of(conn: &mut Conn, size: Option<u64>) -> Result<SignedTreeHead, ProofRefused> {
    let row = match size {
        Some(size) => {
            log::head_of_size(conn, size as i64)?.ok_or(ProofRefused::NoTreeHead(size))?
        }
        None => log::latest_head(conn)?.ok_or(ProofRefused::Empty)?,
    };
    Ok(signed_head(&row))
}

fn inclusion_of(
    conn: &mut Conn,
    leaf: &LeafRow,
    size: u64,
) -> Result<InclusionProof, ProofRefused> {
    let index = leaf.idx as u64;
    let nodes = log::read_nodes(conn, &merkle::inclusion_nodes(index, size)?)?;
    let path = merkle::inclusion_proof(index, size, &nodes)?;
    Ok(InclusionProof {
        format: INCLUSION_FORMAT.to_owned(),
        leaf: leaf_of(leaf),
        index,
        tree_size: size,
        path: path.iter().map(hex::encode).collect(),
    })
}

/// Leaves read per query while the audit walks the log.
const AUDIT_PAGE: i64 = 10_000;

fn audit(conn: &mut Conn, keyring: &Keyring) -> anyhow::Result<LogAudit> {
    let heads = log::all_heads(conn)?;
    let mut report = LogAudit {
        tree_heads: heads.len(),
        ..LogAudit::default()
    };
    for row in &heads {
        if let Err(problem) = keyring.verify_tree_head(&signed_head(row)) {
            report
                .problems
                .push(format!("the tree head of {} entries: {problem}", row.size));
        }
    }
    let mut pending = heads.iter().peekable();
    let mut tree = Appender::resume(0, &Default::default())?;
    loop {
        let page = log::leaves_from(conn, tree.size() as i64, AUDIT_PAGE)?;
        if page.is_empty() {
            break;
        }
        for leaf in &page {
            if leaf.idx as u64 != tree.size() {
                report.problems.push(format!(
                    "leaf {} is missing: the next one stored is {}",
                    tree.size(),
                    leaf.idx
                ));
                return Ok(report);
            }
            tree.push(leaf_of(leaf).hash());
            match log::action_hash(conn, &leaf.game_id, leaf.seq)? {
                Some(hash) if hash == leaf.head => {}
                Some(hash) => report.problems.push(format!(
                    "move {} of game {} is stored with head {hash} but was logged with {}: it \
                     was rewritten after it was logged",
                    leaf.seq, leaf.game_id, leaf.head
                )),
                None => report.problems.push(format!(
                    "move {} of game {} was logged but is no longer stored",
                    leaf.seq, leaf.game_id
                )),
            }
            while let Some(head) = pending.next_if(|head| head.size as u64 == tree.size()) {
                if head.root != hex::encode(tree.root()) {
                    report.problems.push(format!(
                        "the tree head of {} entries says root {} but the log's leaves make {}: \
                         the log was rewritten",
                        head.size,
                        head.root,
                        hex::encode(tree.root())
                    ));
                }
            }
        }
    }
    report.leaves = tree.size();
    for head in pending {
        report.problems.push(format!(
            "the tree head of {} entries is larger than the log ({} leaves)",
            head.size,
            tree.size()
        ));
    }
    Ok(report)
}
