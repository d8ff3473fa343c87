//! The HTTP service: one `start(config)` used by `corriere serve` and by the tests alike; it
//! binds, wires the pages, the JSON API and the mail worker, and stops cleanly.

pub mod api;
pub mod create;
pub mod html;
pub mod map;
pub mod present;
pub mod review;

use crate::config::Config;
use crate::engine::condottiere::Action;
use crate::games::{
    kept_changing, BaseUrl, Games, GamesConfig, MoveError, MoveOutcome, PreparedMove, SeatAuth,
    MOVE_ATTEMPTS,
};
use crate::mail::{MailConfig, Mailer, Worker};
use crate::store::{AnyConnection, Db};
use actix_web::http::StatusCode;
use actix_web::{web, App, HttpResponse, HttpServer};
use anyhow::{Context, Result};
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// What every handler shares.
pub struct AppState {
    pub db: Db,
    pub games: Games,
    base_url: BaseUrl,
    /// One permit per pooled connection: requests wait for a connection here, asleep on the
    /// async side, rather than as blocked threads that all wake when one connection frees.
    db_turns: Arc<tokio::sync::Semaphore>,
}

impl AppState {
    pub fn base_url(&self) -> &str {
        self.base_url.as_str()
    }
}

/// A failure outside the game's rules: the pool, a panicked task. Shown as a plain 500 page.
pub struct PageError(anyhow::Error);

impl PageError {
    /// Log the cause once, with the game id, and answer with a plain page that leaks nothing.
    pub fn unexpected(error: anyhow::Error, game: Option<&str>) -> HttpResponse {
        tracing::error!(
            game.id = game.unwrap_or("-"),
            error = format!("{error:#}"),
            "request failed"
        );
        html::message(
            StatusCode::INTERNAL_SERVER_ERROR,
            "Something went wrong",
            "Something went wrong on our side. Please try again in a moment.",
            "",
        )
    }

    pub fn into_response(self) -> HttpResponse {
        PageError::unexpected(self.0, None)
    }
}

/// Run store work on the blocking pool with a pooled connection.
pub async fn blocking<T, F>(state: &web::Data<AppState>, work: F) -> Result<T, PageError>
where
    T: Send + 'static,
    F: FnOnce(&AppState, &mut AnyConnection) -> T + Send + 'static,
{
    let turn = state
        .db_turns
        .clone()
        .acquire_owned()
        .await
        .map_err(|e| PageError(e.into()))?;
    let state = state.clone();
    web::block(move || -> Result<T, PageError> {
        let mut conn = state.db.get().map_err(|e| PageError(e.into()))?;
        let done = work(&state, &mut conn);
        // The connection is back in the pool: the next request may have it now, not once this
        // answer has travelled back to the async side.
        drop(conn);
        drop(turn);
        Ok(done)
    })
    .await
    .map_err(|e| PageError(anyhow::anyhow!("blocking task failed: {e}")))?
}

/// Store a move prepared in the request's first blocking task (right after the seat check)
/// through the move writer, which commits it together with the other moves waiting then
/// (`Db::store_move`); the request waits for it holding neither a pooled connection nor a
/// thread. When the game changed in between, the move is prepared again (and is then usually
/// stale).
pub async fn complete_move(
    state: &web::Data<AppState>,
    auth: SeatAuth,
    first: Result<PreparedMove, MoveError>,
    seq: i64,
    action: Action,
) -> Result<MoveOutcome, MoveError> {
    let mut prepared = first?;
    for attempt in 1..=MOVE_ATTEMPTS {
        let stored = state.db.store_move(prepared.write().clone()).await;
        if let Some(outcome) = state.games.settle(&auth, prepared, stored)? {
            return Ok(outcome);
        }
        if attempt == MOVE_ATTEMPTS {
            break;
        }
        let (again, action) = (auth.clone(), action.clone());
        prepared = blocking(state, move |s, conn| {
            s.games.prepare_move(conn, &again, seq, &action)
        })
        .await
        .map_err(|PageError(error)| MoveError::Unexpected(error))??;
    }
    Err(kept_changing(&auth))
}

async fn healthz(state: web::Data<AppState>) -> HttpResponse {
    let answered = blocking(&state, |_, conn| {
        use diesel::RunQueryDsl;
        diesel::sql_query("SELECT 1").execute(conn).is_ok()
    })
    .await;
    match answered {
        Ok(true) => HttpResponse::Ok().body("ok"),
        _ => HttpResponse::ServiceUnavailable().body("the database does not answer"),
    }
}

/// A form body actix cannot read (wrong content type, too large, not form-encoded): the
/// site's own page with the status actix chose, instead of its plain-text message.
fn unreadable_form(
    error: actix_web::error::UrlencodedError,
    _request: &actix_web::HttpRequest,
) -> actix_web::Error {
    use actix_web::ResponseError;
    let status = error.status_code();
    let page = html::message(
        status,
        "The form could not be read",
        "The form could not be read: it did not arrive as an ordinary web form.",
        "Reload the page and use its buttons.",
    );
    actix_web::error::InternalError::from_response(error, page).into()
}

fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/", web::get().to(create::home))
        .route("/healthz", web::get().to(healthz))
        .route("/games", web::post().to(create::create))
        .route("/games/{game}", web::get().to(html::public))
        .route("/games/{game}/record.json", web::get().to(review::record))
        .route("/games/{game}/replay/{seq}", web::get().to(review::replay))
        .route("/verify", web::get().to(review::verify_form))
        .route("/verify", web::post().to(review::verify_upload))
        .route(
            "/games/{game}/seat/{seat}/{token}",
            web::get().to(html::seat),
        )
        .route(
            "/games/{game}/seat/{seat}/{token}/accept",
            web::post().to(html::accept),
        )
        .route(
            "/games/{game}/seat/{seat}/{token}/decline",
            web::post().to(html::decline),
        )
        .route(
            "/games/{game}/seat/{seat}/{token}/move",
            web::post().to(html::make_move),
        )
        .route("/api/openapi.json", web::get().to(api::openapi))
        .route("/api/v1/games", web::post().to(api::create))
        .route("/api/v1/games/{game}", web::get().to(api::game))
        .route("/api/v1/games/{game}/seat", web::get().to(api::seat))
        .route("/api/v1/games/{game}/accept", web::post().to(api::accept))
        .route("/api/v1/games/{game}/moves", web::post().to(api::make_move));
}

/// The request line as logged: a seat link's token is a credential, so it never reaches the log.
fn logged_path(method: &str, path: &str) -> String {
    let mut parts: Vec<&str> = path.split('/').collect();
    if let Some(at) = parts.iter().position(|p| *p == "seat") {
        if let Some(token) = parts.get_mut(at + 2) {
            *token = "…";
        }
    }
    format!("{method} {}", parts.join("/"))
}

/// A running service.
pub struct Running {
    pub addr: SocketAddr,
    pub base_url: String,
    pub db: Db,
    /// The outbox worker: running in the background, or for the caller to step.
    pub worker: Worker,
    pub state: web::Data<AppState>,
    server: actix_web::dev::ServerHandle,
    served: JoinHandle<std::io::Result<()>>,
    worker_task: Option<(watch::Sender<bool>, JoinHandle<()>)>,
}

/// Open the database (running migrations), bind, and serve. Port 0 picks a free port.
pub async fn start(config: Config) -> Result<Running> {
    let url = config.database_url.clone();
    let db = tokio::task::spawn_blocking(move || Db::open(&url))
        .await?
        .context("opening the database")?;
    let listener = std::net::TcpListener::bind(&config.bind)
        .with_context(|| format!("binding {}", config.bind))?;
    let addr = listener.local_addr()?;
    let base_url = match config.base_url.clone() {
        Some(url) => url,
        None => BaseUrl::parse(&format!("http://{addr}"))
            .map_err(|_| anyhow::anyhow!("no base URL for {addr}"))?,
    };
    let games = Games::new(GamesConfig {
        base_url: base_url.clone(),
        link_secret: config.secret.clone(),
    });
    let mailer = Arc::new(Mailer::new(&MailConfig {
        smtp_url: config.smtp_url.clone(),
        data_dir: config.data_dir.clone(),
        from: config.mail_from.clone(),
    })?);
    let worker = Worker::new(mailer, db.clone());
    let state = web::Data::new(AppState {
        db: db.clone(),
        games,
        base_url: base_url.clone(),
        db_turns: Arc::new(tokio::sync::Semaphore::new(db.pool().max_size() as usize)),
    });
    let app_state = state.clone();
    let server = HttpServer::new(move || {
        App::new()
            .app_data(app_state.clone())
            .app_data(
                web::FormConfig::default()
                    .limit(64 * 1024)
                    .error_handler(unreadable_form),
            )
            .app_data(
                web::JsonConfig::default()
                    .limit(256 * 1024)
                    .error_handler(api::unreadable_json),
            )
            .app_data(web::PayloadConfig::default().limit(8 * 1024 * 1024))
            .configure(routes)
            .wrap(
                actix_web::middleware::Logger::new("%{path}xi %s %Dms")
                    .custom_request_replace("path", |req| {
                        logged_path(req.method().as_str(), req.path())
                    })
                    .log_target("corriere::http"),
            )
    })
    .listen(listener)?
    .disable_signals()
    .shutdown_timeout(5)
    .run();
    let handle = server.handle();
    let served = tokio::spawn(server);
    let worker_task = config.run_mail_worker.then(|| {
        let (stop, stopped) = watch::channel(false);
        (stop, worker.clone().spawn(stopped))
    });
    tracing::info!(%addr, base_url = base_url.as_str(), backend = ?db.backend(), "serving");
    Ok(Running {
        addr,
        base_url: base_url.as_str().to_string(),
        db,
        worker,
        state,
        server: handle,
        served,
        worker_task,
    })
}

impl Running {
    /// Stop accepting requests, finish the ones in flight, and stop the mail worker.
    pub async fn stop(self) {
        self.server.stop(true).await;
        let _ = self.served.await;
        if let Some((stop, task)) = self.worker_task {
            let _ = stop.send(true);
            let _ = task.await;
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn seat_tokens_never_reach_the_request_log() {
        assert_eq!(
            super::logged_path("POST", "/games/abc/seat/2/0123abcd/move"),
            "POST /games/abc/seat/2/…/move"
        );
        assert_eq!(super::logged_path("GET", "/games/abc"), "GET /games/abc");
    }
}
