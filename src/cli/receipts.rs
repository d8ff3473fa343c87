//! `corriere verify-receipt`, `corriere audit` and `corriere signing-key`: signed receipts, the
//! transparency log's proofs and the service's signing key, from the shell.
//!
//! Every check but `audit log` is offline: it reads files a player kept or downloaded (mails,
//! a record, proofs, tree heads) and the service's published keys (`--keys`, the JSON of
//! `/.well-known/corriere-keys.json`).

use crate::audit::receipt::{
    check_record_proofs, contradictions, ConsistencyProof, InclusionProof, Keyring, RecordProofs,
    SignedReceipt, SignedTreeHead,
};
use crate::audit::Record;
use crate::config::ServeArgs;
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn read(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))
}

/// What a file says for people: a saved mail (`.eml`: headers, then MIME parts in
/// quoted-printable or base64, as a mail program saves it) is read as its text parts, else its
/// HTML parts; any other file as it is.
fn readable(path: &Path) -> Result<String> {
    let raw = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    let head = String::from_utf8_lossy(&raw[..raw.len().min(8192)]).to_ascii_lowercase();
    let headers = head.split("\n\n").next().unwrap_or_default();
    let is_mail = headers.contains("mime-version:") || headers.contains("\ncontent-type:");
    if is_mail {
        if let Some(message) = mail_parser::MessageParser::default().parse(&raw) {
            let parts = |html: bool| {
                (0..)
                    .map_while(|i| match html {
                        false => message.body_text(i),
                        true => message.body_html(i),
                    })
                    .map(|part| part.into_owned())
                    .collect::<Vec<_>>()
                    .join("\n")
            };
            let text = parts(false);
            let text = if text.trim().is_empty() {
                parts(true)
            } else {
                text
            };
            if !text.trim().is_empty() {
                return Ok(text);
            }
        }
    }
    Ok(String::from_utf8_lossy(&raw).into_owned())
}

fn json(path: &Path) -> Result<serde_json::Value> {
    serde_json::from_str(&read(path)?).with_context(|| format!("{} is not JSON", path.display()))
}

/// The published keys, from the file `/.well-known/corriere-keys.json` was saved to.
pub fn keyring(path: &Path) -> Result<Keyring> {
    serde_json::from_str(&read(path)?).with_context(|| {
        format!(
            "{} is not the service's keys (save /.well-known/corriere-keys.json)",
            path.display()
        )
    })
}

/// Every receipt in the files (mails, pages, receipt lines), each checked against the keys:
/// the valid ones, and whether every one found was valid.
fn checked_receipts(files: &[PathBuf], keys: &Keyring) -> Result<(Vec<SignedReceipt>, bool)> {
    let mut valid = Vec::new();
    let mut sound = true;
    for file in files {
        let found = SignedReceipt::find_all(&readable(file)?);
        if found.is_empty() {
            println!("{}: no receipt found", file.display());
            sound = false;
        }
        for receipt in found {
            match receipt {
                Err(unreadable) => {
                    println!("{}: a receipt does not read: {unreadable}", file.display());
                    sound = false;
                }
                Ok(receipt) => match keys.verify_receipt(&receipt) {
                    Ok(()) => {
                        println!(
                            "{}: valid: game {} move {} log head {} (signed {} by key {})",
                            file.display(),
                            receipt.receipt.game,
                            receipt.receipt.seq,
                            receipt.receipt.head,
                            crate::audit::rfc3339_millis(receipt.receipt.at),
                            receipt.key
                        );
                        valid.push(receipt);
                    }
                    Err(problem) => {
                        println!(
                            "{}: NOT VALID: game {} move {}: {problem}",
                            file.display(),
                            receipt.receipt.game,
                            receipt.receipt.seq
                        );
                        sound = false;
                    }
                },
            }
        }
    }
    Ok((valid, sound))
}

/// `corriere verify-receipt FILE… --keys KEYS`: check each receipt's signature.
pub fn verify_receipts(files: &[PathBuf], keys: &Path) -> Result<ExitCode> {
    let keys = keyring(keys)?;
    let (_, sound) = checked_receipts(files, &keys)?;
    Ok(if sound {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// What `corriere verify` checks beyond the record itself.
#[derive(Clone, Debug, Default)]
pub struct Evidence {
    /// Files holding receipts (kept mails, receipt lines).
    pub receipts: Vec<PathBuf>,
    /// The proofs downloaded with the record (`/games/ID/proofs.json`).
    pub proofs: Option<PathBuf>,
    /// The published keys.
    pub keys: Option<PathBuf>,
}

impl Evidence {
    pub fn is_empty(&self) -> bool {
        self.receipts.is_empty() && self.proofs.is_none()
    }
}

/// Check a record (verified already) against receipts and the log's proofs; prints what it
/// found, and says whether the record stands.
pub fn check_evidence(record: &Record, evidence: &Evidence) -> Result<bool> {
    let keys = match &evidence.keys {
        Some(path) => keyring(path)?,
        None => anyhow::bail!(
            "checking receipts or proofs needs the service's keys: save \
             /.well-known/corriere-keys.json and give it with --keys"
        ),
    };
    let mut stands = true;
    if !evidence.receipts.is_empty() {
        let (valid, sound) = checked_receipts(&evidence.receipts, &keys)?;
        stands &= sound;
        let found = contradictions(record, &valid);
        for contradiction in &found {
            println!("PROVEN REWRITE: {contradiction}");
        }
        stands &= found.is_empty();
        if found.is_empty() && !valid.is_empty() {
            println!(
                "The record agrees with every signed receipt of game {} given.",
                record.id
            );
        }
    }
    if let Some(path) = &evidence.proofs {
        let proofs: RecordProofs = serde_json::from_str(&read(path)?).with_context(|| {
            format!(
                "{} is not a record's proofs (corriere-proofs/1)",
                path.display()
            )
        })?;
        match check_record_proofs(record, &proofs, &keys) {
            Ok(head) => println!(
                "Every move of the record is in the public log under the tree head of {} \
                 entries signed {}.",
                head.head.size,
                crate::audit::rfc3339_millis(head.head.at)
            ),
            Err(problem) => {
                println!("NOT IN THE LOG AS SIGNED: {problem}");
                stands = false;
            }
        }
    }
    Ok(stands)
}

/// A signed tree head from a file (`/transparency/tree-head.json`, or a mail's footer).
fn tree_head(path: &Path, keys: &Keyring) -> Result<SignedTreeHead> {
    let text = readable(path)?;
    let head = match serde_json::from_str::<serde_json::Value>(&text) {
        Ok(value) => SignedTreeHead::from_json(value.get("tree_head").unwrap_or(&value))?,
        Err(_) => SignedTreeHead::find_all(&text)
            .into_iter()
            .next()
            .ok_or_else(|| anyhow::anyhow!("{}: no tree head found", path.display()))??,
    };
    keys.verify_tree_head(&head)
        .with_context(|| format!("the tree head in {}", path.display()))?;
    Ok(head)
}

/// `corriere audit inclusion PROOF --keys KEYS`: a receipt's entry is in the log (the proof as
/// `/transparency/inclusion` gives it, with its tree head).
pub fn audit_inclusion(proof: &Path, keys: &Path) -> Result<ExitCode> {
    let keys = keyring(keys)?;
    let answer = json(proof)?;
    let head = tree_head(proof, &keys)?;
    let inclusion: InclusionProof =
        serde_json::from_value(answer.get("proof").cloned().unwrap_or(answer))
            .with_context(|| format!("{} holds no inclusion proof", proof.display()))?;
    match inclusion.check(&head.head) {
        Ok(()) => {
            println!(
                "Move {} of game {} (log head {}) is entry {} of the log's {} entries, under \
                 the tree head signed {}.",
                inclusion.leaf.seq,
                inclusion.leaf.game,
                inclusion.leaf.head,
                inclusion.index,
                head.head.size,
                crate::audit::rfc3339_millis(head.head.at)
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(error) => {
            println!("NOT PROVEN: {error}");
            Ok(ExitCode::FAILURE)
        }
    }
}

/// `corriere audit consistency PROOF --first HEAD --second HEAD --keys KEYS`: the log of the
/// second tree head extends the first's (else the server rewrote it).
pub fn audit_consistency(
    proof: &Path,
    first: &Path,
    second: &Path,
    keys: &Path,
) -> Result<ExitCode> {
    let keys = keyring(keys)?;
    let (first, second) = (tree_head(first, &keys)?, tree_head(second, &keys)?);
    let consistency: ConsistencyProof = serde_json::from_value(json(proof)?)
        .with_context(|| format!("{} holds no consistency proof", proof.display()))?;
    match consistency.check(&first.head, &second.head) {
        Ok(()) => {
            println!(
                "The log of {} entries (signed {}) extends the log of {} (signed {}): nothing \
                 logged before was changed.",
                second.head.size,
                crate::audit::rfc3339_millis(second.head.at),
                first.head.size,
                crate::audit::rfc3339_millis(first.head.at)
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(error) => {
            println!(
                "PROOF OF A REWRITE OR A BAD PROOF: the two tree heads are not shown \
                 consistent: {error}"
            );
            Ok(ExitCode::FAILURE)
        }
    }
}

/// `corriere audit log`: the operator's check of the whole log in the database.
pub fn audit_log(args: ServeArgs) -> Result<ExitCode> {
    let (games, db) = super::open(args)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let report = runtime.block_on(games.audit_log(&db))?;
    println!(
        "{} entries and {} signed tree heads checked.",
        report.leaves, report.tree_heads
    );
    for problem in &report.problems {
        println!("PROBLEM: {problem}");
    }
    Ok(if report.problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// `corriere signing-key rotate`: a new key in the data directory; the old one is kept
/// beside it and stays published, retired, once the service starts with the new one.
pub fn rotate(data_dir: &Path) -> Result<ExitCode> {
    let (old, new) = crate::config::rotate_signing_key(data_dir)?;
    println!(
        "The signing key {old} is retired (kept as {}/{}.retired-{old}); the new key is {new}. \
         Restart every server of this database: at its start the new key is published and \
         the old one closed, and receipts signed with the old one keep verifying.",
        data_dir.display(),
        crate::config::SIGNING_KEY_FILE
    );
    Ok(ExitCode::SUCCESS)
}

/// `corriere signing-key keys`: the keys as `/.well-known/corriere-keys.json` publishes them.
pub fn print_keys(args: ServeArgs) -> Result<ExitCode> {
    let (games, db) = super::open(args)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let keys = runtime.block_on(games.keyring(&db))?;
    println!("{}", serde_json::to_string_pretty(&keys)?);
    Ok(ExitCode::SUCCESS)
}
