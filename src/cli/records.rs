//! `corriere verify`, `export` and `import`: game records from the shell. `verify` needs no
//! database and no server: it checks a record file alone.

use crate::audit::{verify_with, Record};
use crate::config::ServeArgs;
use crate::kinds::Registry;
use anyhow::{Context, Result};
use std::path::Path;
use std::process::ExitCode;

/// Check a record offline; print the summary (exit 0) or the first discrepancy (exit 1); then
/// what the evidence says of it (receipts, the log's proofs): a contradiction is exit 1.
pub fn verify(path: &Path, evidence: &super::receipts::Evidence) -> Result<ExitCode> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let registry = Registry::standard();
    let checked =
        Record::from_json(&text).and_then(|record| Ok((verify_with(&record, &registry)?, record)));
    match checked {
        Ok((summary, record)) => {
            let kind = registry.get(&record.game)?;
            println!(
                "{}",
                summary.describe(kind, registry.catalogs().default_words())
            );
            if evidence.is_empty() || super::receipts::check_evidence(&record, evidence)? {
                Ok(ExitCode::SUCCESS)
            } else {
                Ok(ExitCode::FAILURE)
            }
        }
        Err(discrepancy) => {
            println!("{}: {discrepancy}", path.display());
            Ok(ExitCode::FAILURE)
        }
    }
}

/// Print a game's record (public information only while it runs).
pub fn export(args: ServeArgs, game: &str) -> Result<ExitCode> {
    let id = super::game_id(game)?;
    let (games, db) = super::open(args)?;
    let mut conn = db.get()?;
    // A game that never started has no log, so no record: say so, not "no such game".
    if let Some(row) = crate::store::find_game(&mut conn, &id)? {
        let words = games.registry().catalogs().default_words();
        let unstarted = match row.status() {
            crate::domain::GameStatus::Inviting => Some("export-not-started"),
            crate::domain::GameStatus::Cancelled if row.log_head.is_none() => {
                Some("export-never-started")
            }
            _ => None,
        };
        if let Some(message) = unstarted {
            eprintln!("{}", words.one(message, "game", id.as_str()));
            return Ok(ExitCode::FAILURE);
        }
    }
    let record = games
        .record(&mut conn, &id)
        .with_context(|| format!("exporting game {game}"))?;
    println!("{}", record.to_json());
    Ok(ExitCode::SUCCESS)
}

/// Verify a finished record and store it as a read-only game to review here.
pub fn import(args: ServeArgs, path: &Path) -> Result<ExitCode> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let record =
        Record::from_json(&text).map_err(|d| anyhow::anyhow!("{}: {d}", path.display()))?;
    let (games, db) = super::open(args)?;
    let mut conn = db.get()?;
    let id = games
        .import(&mut conn, &record)
        .with_context(|| format!("importing {}", path.display()))?;
    println!(
        "Imported game {} ({} actions); review it at /games/{}",
        id.as_str(),
        record.actions.len(),
        id.as_str()
    );
    Ok(ExitCode::SUCCESS)
}
