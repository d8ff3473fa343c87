//! The composition root: `build(config)` opens the database, makes the game service, the mailer,
//! the outbox worker, the scheduler, the LMTP listener and the HTTP server; `serve` and every test use it.

use crate::config::Config;
use crate::jobs::Scheduler;
use crate::mail::{MailConfig, Mailer, Worker};
use crate::service::{Games, Service};
use crate::store::{pool_size, Db};
use crate::web::{self, AppState};
use anyhow::{Context, Result};
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// A running service: its parts, for the caller to step (tests) or to stop.
pub struct App {
    pub addr: SocketAddr,
    pub base_url: String,
    pub db: Db,
    /// The outbox worker: running in the background, or for the caller to step.
    pub worker: Worker,
    /// What the handlers share (the game service among it).
    pub state: actix_web::web::Data<AppState>,
    /// The scheduler (deadlines, bots, digests…): running in the background, or for the caller to step.
    pub scheduler: Scheduler,
    /// Where replies are accepted by LMTP, when `--lmtp-listen` asked for it.
    pub lmtp_addr: Option<SocketAddr>,
    server: actix_web::dev::ServerHandle,
    served: JoinHandle<std::io::Result<()>>,
    /// The background tasks (worker, scheduler, LMTP), each with the switch that stops it.
    tasks: Vec<(watch::Sender<bool>, JoinHandle<()>)>,
}

/// Open the database (running migrations), bind, and serve. Port 0 picks a free port.
pub async fn build(config: Config) -> Result<App> {
    let url = config.database_url.clone();
    let wait = config.db_wait;
    let db = tokio::task::spawn_blocking(move || Db::open_with(&url, pool_size(&url), wait))
        .await?
        .context("opening the database")?;
    config.remember_database()?;
    let listener = std::net::TcpListener::bind(&config.bind)
        .with_context(|| format!("binding {}", config.bind))?;
    let addr = listener.local_addr()?;
    let base_url = config.base_url_or(&addr.to_string())?;
    let games = Games::new(config.games_config(base_url.clone()));
    // Before anything is signed: receipts verify against the keys published.
    games
        .publish_key(&db)
        .await
        .context("publishing the signing key")?;
    let mailer = Arc::new(Mailer::new(&MailConfig {
        smtp_url: config.smtp_url.clone(),
        data_dir: config.data_dir.clone(),
        from: config.mail_from.clone(),
    })?);
    let worker = Worker::new(mailer, db.clone(), games.clone());
    let state = actix_web::web::Data::new(AppState::new(
        Service::new(games.clone(), db.clone()),
        base_url.clone(),
        config.data_dir.clone(),
        config.behind_proxy,
    ));
    let server = web::server(state.clone(), listener)?;
    let handle = server.handle();
    let served = tokio::spawn(server);
    let scheduler = Scheduler::new(db.clone(), games.clone(), config.scheduler_tick);
    let mut tasks = Vec::new();
    if config.run_mail_worker {
        let (stop, stopped) = watch::channel(false);
        tasks.push((stop, worker.clone().spawn(stopped)));
        let (stop, stopped) = watch::channel(false);
        tasks.push((stop, scheduler.clone().spawn(stopped)));
    }
    let lmtp_addr = match &config.lmtp_listen {
        Some(listen) => {
            let (stop, stopped) = watch::channel(false);
            let (local, task) = crate::mail::lmtp::listen_with(
                listen,
                games.clone(),
                db.clone(),
                stopped,
                config.mail_in.lmtp,
            )
            .await?;
            tasks.push((stop, task));
            Some(local)
        }
        None => None,
    };
    tracing::info!(%addr, base_url = base_url.as_str(), backend = ?db.backend(), "serving");
    Ok(App {
        addr,
        base_url: base_url.as_str().to_string(),
        db,
        worker,
        state,
        scheduler,
        lmtp_addr,
        server: handle,
        served,
        tasks,
    })
}

impl App {
    /// Stop accepting requests, finish the ones in flight, then stop the worker, the scheduler
    /// and the LMTP listener.
    pub async fn stop(self) {
        self.server.stop(true).await;
        let _ = self.served.await;
        for (stop, task) in self.tasks {
            let _ = stop.send(true);
            let _ = task.await;
        }
    }
}
