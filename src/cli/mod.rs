//! The command-line shell around the library: one module per `corriere` subcommand family.
//! Commands parse their input, call the library, and print; they hold no rules.

pub mod admin;
pub mod card_sets;
pub mod engine;
pub mod receipts;
pub mod records;
pub mod serve;
pub mod simulate;

use crate::config::ServeArgs;
use crate::domain::GameId;
use crate::service::Games;
use crate::store::Db;
use anyhow::{Context, Result};

/// The service as `serve` configures it (same flags, same environment), without the web
/// server: what the commands that act on stored games share.
pub fn open(args: ServeArgs) -> Result<(Games, Db)> {
    serve::init_logs();
    if let Some(warning) = args.clock_warning() {
        eprintln!("{warning}");
    }
    let config = args.into_config()?;
    let base_url = config.base_url_or(&config.bind)?;
    let db = Db::open(&config.database_url).context("opening the database")?;
    config.remember_database()?;
    let games = Games::new(config.games_config(base_url));
    // A command that only reads must work when nothing can be written (a full disk): it
    // signs nothing, and the next start of `serve` publishes the key.
    if let Err(error) = games.publish_key_on(&mut *db.get()?) {
        tracing::warn!(
            error = format!("{error:#}"),
            "the signing key could not be published"
        );
    }
    Ok((games, db))
}

/// A game id from the command line.
pub fn game_id(text: &str) -> Result<GameId> {
    GameId::parse(text).map_err(|_| anyhow::anyhow!("{text:?} is not a game id"))
}
