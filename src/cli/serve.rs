//! `corriere serve` and `corriere seat relink`: start the service with its configuration, or
//! act on one seat from the shell.

use crate::config::ServeArgs;
use crate::engine::Seat;
use crate::games::{BaseUrl, GameId, Games, GamesConfig};
use crate::store::Db;
use anyhow::{Context, Result};
use std::process::ExitCode;

pub fn init_logs() {
    let filter = tracing_subscriber::EnvFilter::try_from_env("CORRIERE_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}

pub fn serve(args: ServeArgs) -> Result<ExitCode> {
    init_logs();
    let config = args.into_config()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let running = crate::web::start(config).await?;
        println!(
            "corriere is serving on {} (Ctrl-C to stop)",
            running.base_url
        );
        tokio::signal::ctrl_c()
            .await
            .context("waiting for Ctrl-C")?;
        tracing::info!("stopping");
        running.stop().await;
        Ok(ExitCode::SUCCESS)
    })
}

pub fn relink(args: ServeArgs, game: &str, seat: Seat) -> Result<ExitCode> {
    init_logs();
    let config = args.into_config()?;
    let game = GameId::parse(game).map_err(|_| anyhow::anyhow!("{game:?} is not a game id"))?;
    let db = Db::open(&config.database_url).context("opening the database")?;
    let base_url = match config.base_url {
        Some(url) => url,
        None => BaseUrl::parse(&format!("http://{}", config.bind))
            .map_err(|_| anyhow::anyhow!("set CORRIERE_BASE_URL: links need a public address"))?,
    };
    let games = Games::new(GamesConfig {
        base_url,
        link_secret: config.secret,
        registry: config.games,
    });
    let mut conn = db.get()?;
    games
        .relink(&mut conn, &game, seat)
        .with_context(|| format!("relinking seat {} of game {}", seat.number(), game.as_str()))?;
    println!(
        "Seat {} of game {} has a new link; the old one no longer works. The mail is queued.",
        seat.number(),
        game.as_str()
    );
    Ok(ExitCode::SUCCESS)
}
