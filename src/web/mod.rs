//! The HTTP service: one `start(config)` used by `corriere serve` and by the tests alike; it
//! binds, wires the pages, the JSON API and the mail worker, and stops cleanly.

pub mod api;
pub mod api_create;
pub mod api_routes;
pub mod assets;
pub mod create;
pub mod guide;
pub mod html;
pub mod language;
pub mod logs;
pub mod people;
pub mod present;
pub mod public;
pub mod review;
pub mod safety;

use crate::config::Config;
use crate::jobs::Scheduler;
use crate::mail::{MailConfig, Mailer, Worker};
use crate::present::Words;
use crate::service::{BaseUrl, Games};
use crate::store::{pool_size, Conn, Db};
use actix_web::http::{header, StatusCode};
use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};
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
    /// Where the outbox files and the secret live (`/healthz` checks it is writable).
    data_dir: std::path::PathBuf,
    /// Whether the client's address comes from `X-Forwarded-For` (behind a reverse proxy).
    behind_proxy: bool,
}

impl AppState {
    pub fn base_url(&self) -> &str {
        self.base_url.as_str()
    }

    /// The client, for the rate limits: the key of its IP address (`limits::client_key`: an
    /// IPv6 client by its /64), the connection's, or behind a reverse proxy the last hop the
    /// proxy appended to `X-Forwarded-For`.
    pub fn client_ip(&self, request: &HttpRequest) -> Option<String> {
        let forwarded = || {
            let last = request
                .headers()
                .get("x-forwarded-for")?
                .to_str()
                .ok()?
                .rsplit(',')
                .next()?
                .trim();
            last.parse::<std::net::IpAddr>()
                .ok()
                .or_else(|| last.parse::<SocketAddr>().ok().map(|a| a.ip()))
        };
        let ip = self
            .behind_proxy
            .then(forwarded)
            .flatten()
            .or_else(|| request.peer_addr().map(|addr| addr.ip()))?;
        Some(crate::service::limits::client_key(ip))
    }

    /// The words of the request's language: the one chosen for it (see `language`: a saved
    /// choice, the switch's cookie, `Accept-Language`), else the default.
    pub fn words(&self, request: &HttpRequest) -> Words<'_> {
        use actix_web::HttpMessage;
        let catalogs = self.games.registry().catalogs();
        let chosen = request
            .extensions()
            .get::<language::Chosen>()
            .map(|c| c.0.clone());
        let lang =
            chosen.unwrap_or_else(|| language::browser_language(request, &catalogs.languages()));
        catalogs.words(&lang)
    }
}

/// The first language of `Accept-Language` that has a catalog (by its primary subtag),
/// else the default language.
pub fn language(request: &HttpRequest, known: &[&str]) -> String {
    let header = request
        .headers()
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let mut wanted: Vec<(f32, &str)> = header
        .split(',')
        .filter_map(|part| {
            let mut pieces = part.trim().split(';');
            let tag = pieces.next()?.trim();
            let quality = pieces
                .find_map(|p| p.trim().strip_prefix("q="))
                .and_then(|q| q.parse::<f32>().ok())
                .unwrap_or(1.0);
            (!tag.is_empty() && quality > 0.0).then_some((quality, tag))
        })
        .collect();
    wanted.sort_by(|a, b| b.0.total_cmp(&a.0));
    wanted
        .iter()
        .find_map(|(_, tag)| {
            let primary = tag.split('-').next().unwrap_or(tag).to_ascii_lowercase();
            known.iter().find(|k| **k == primary).map(|k| k.to_string())
        })
        .unwrap_or_else(|| crate::present::DEFAULT_LANGUAGE.to_string())
}

/// A failure outside the game's rules: the pool, a panicked task. Shown as a plain 500 page, or
/// 503 when the database is out of reach ([`unavailable`]).
pub struct PageError(anyhow::Error);

impl PageError {
    /// Log the cause once, with the game id, and answer with a plain page that leaks nothing.
    pub fn unexpected(error: anyhow::Error, game: Option<&str>, words: Words) -> HttpResponse {
        tracing::error!(
            game.id = game.unwrap_or("-"),
            error = format!("{error:#}"),
            "request failed"
        );
        if unavailable(&error) {
            return html::message(StatusCode::SERVICE_UNAVAILABLE, words, "page-unavailable");
        }
        html::message(StatusCode::INTERNAL_SERVER_ERROR, words, "page-broken")
    }

    pub fn into_response(self, words: Words) -> HttpResponse {
        PageError::unexpected(self.0, None, words)
    }

    pub fn into_inner(self) -> anyhow::Error {
        self.0
    }
}

/// Whether `error` says the database is out of reach rather than the service broken: no
/// connection in time (the pool's wait), one that would not open or check out (a SQLite file
/// deleted or replaced, a PostgreSQL database gone), or one that closed under its query (its
/// server ended it). Answered 503, as the README says.
pub fn unavailable(error: &anyhow::Error) -> bool {
    use diesel::result::{DatabaseErrorKind, Error as DieselError};
    error.chain().any(|cause| {
        cause.is::<diesel::r2d2::PoolError>()
            || cause.is::<crate::store::ConnectError>()
            || cause.is::<diesel::ConnectionError>()
            || matches!(
                cause.downcast_ref::<DieselError>(),
                Some(DieselError::DatabaseError(
                    DatabaseErrorKind::ClosedConnection | DatabaseErrorKind::UnableToSendCommand,
                    _
                ))
            )
    })
}

/// Run store work on the blocking pool with a pooled connection (see `Db::run`).
pub async fn blocking<T, F>(state: &web::Data<AppState>, work: F) -> Result<T, PageError>
where
    T: Send + 'static,
    F: FnOnce(&AppState, &mut Conn) -> T + Send + 'static,
{
    let shared = state.clone();
    state
        .db
        .run(move |conn| work(&shared, conn))
        .await
        .map_err(PageError)
}

/// 200 "ok" when the service can do its work: the database is the one opened at the start and
/// its schema answers, and the data directory is writable; else 503 saying what is wrong.
async fn healthz(state: web::Data<AppState>) -> HttpResponse {
    let probe = state
        .data_dir
        .join(format!(".healthz-{}", crate::domain::random_base32(8)));
    let db = state.db.clone();
    let checked = tokio::task::spawn_blocking(move || -> Result<(), String> {
        db.health()?;
        std::fs::write(&probe, b"ok")
            .and_then(|()| std::fs::remove_file(&probe))
            .map_err(|e| format!("the data directory is not writable: {e}"))
    })
    .await
    .unwrap_or_else(|e| Err(format!("the check failed: {e}")));
    match checked {
        Ok(()) => HttpResponse::Ok().content_type("text/plain").body("ok"),
        Err(problem) => {
            tracing::error!(%problem, "health check failed");
            HttpResponse::ServiceUnavailable()
                .content_type("text/plain")
                .body(problem)
        }
    }
}

/// 429 with `Retry-After`: a rate limit was reached; the page says which and when to retry.
pub fn too_many(w: Words, limited: &crate::service::Limited) -> HttpResponse {
    let minutes = limited.retry_after.as_secs().div_ceil(60).max(1);
    let mut response = html::message_text(
        StatusCode::TOO_MANY_REQUESTS,
        w,
        "page-too-many",
        w.one(&format!("limit-{}", limited.what), "minutes", minutes),
    );
    response.headers_mut().insert(
        header::RETRY_AFTER,
        header::HeaderValue::from(limited.retry_after.as_secs().max(1)),
    );
    response
}

/// A form body actix cannot read (wrong content type, too large, not form-encoded): the
/// site's own page with the status actix chose, instead of its plain-text message.
fn unreadable_form(
    error: actix_web::error::UrlencodedError,
    request: &actix_web::HttpRequest,
) -> actix_web::Error {
    use actix_web::ResponseError;
    let status = error.status_code();
    let words = request
        .app_data::<web::Data<AppState>>()
        .map(|state| state.words(request));
    let page = match words {
        Some(words) => html::message(status, words, "page-unreadable-form"),
        None => HttpResponse::build(status).finish(),
    };
    actix_web::error::InternalError::from_response(error, page).into()
}

/// The router tries resources in order and matches each pattern with a dynamic segment by a
/// regular expression: the API and the seat's own pages sit behind one prefix each, so the
/// requests a move makes meet a few patterns rather than every route of the site. The API's
/// routes are one table (`api_routes`), answering in JSON outside it; a path under the seat's
/// prefix that no route inside takes gets the site's 404, as any other.
fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(
        // One table of routes, answering JSON outside it (`api_routes`).
        api_routes::scope(),
    )
    .service(
        web::scope("/games/{game}/seat/{seat}/{token}")
            .route("", web::get().to(html::seat))
            .route("/accept", web::post().to(html::accept))
            .route("/decline", web::post().to(html::decline))
            .route("/move", web::post().to(html::make_move))
            .route("/rematch", web::post().to(html::rematch))
            .route("/resign", web::post().to(html::resign))
            .route("/cancel", web::post().to(html::creator_cancel))
            .route("/replace", web::post().to(html::replace))
            .route("/away", web::post().to(html::away))
            .route("/back", web::post().to(html::take_back))
            .route("/messages", web::post().to(html::post_message)),
    )
    .route("/", web::get().to(create::home))
    .route("/healthz", web::get().to(healthz))
    .route("/static/{name}", web::get().to(assets::serve))
    .route("/guide/{game}", web::get().to(guide::guide))
    .route("/games", web::post().to(create::create))
    .route("/games/{game}", web::get().to(public::public))
    .route("/games/{game}/record.json", web::get().to(review::record))
    .route("/games/{game}/replay/{seq}", web::get().to(review::replay))
    .route("/verify", web::get().to(review::verify_form))
    .route("/verify", web::post().to(review::verify_upload))
    .route(
        "/games/{game}/confirm/{signature}",
        web::get().to(people::confirm),
    )
    .route("/lang/{lang}", web::get().to(language::switch_link))
    .route("/lang/{lang}", web::post().to(language::switch))
    .route("/me", web::get().to(people::me))
    .route("/me", web::post().to(people::request_sign_in))
    .route("/me/sign-in/{token}", web::get().to(people::sign_in))
    .route("/me/sign-out", web::post().to(people::sign_out))
    .route(
        "/me/sign-out-everywhere",
        web::post().to(people::sign_out_everywhere),
    )
    .route("/me/settings", web::post().to(people::save_settings))
    .route("/me/games/{game}/mute", web::post().to(people::mute))
    .route("/me/away", web::post().to(people::away))
    .route("/mail/{token}", web::get().to(people::settings))
    .route("/mail/{token}", web::post().to(people::save_mail_settings))
    .route(
        "/unsubscribe/{token}",
        web::get().to(people::unsubscribe_page),
    )
    .route("/unsubscribe/{token}", web::post().to(people::unsubscribe));
}

/// The origin (`scheme://host[:port]`) of a base URL.
fn origin_of(base: &str) -> &str {
    let after = base.find("://").map_or(0, |i| i + 3);
    match base[after..].find('/') {
        Some(slash) => &base[..after + slash],
        None => base,
    }
}

/// Whether a request says it comes from a page of another site: `Sec-Fetch-Site` other than
/// `same-origin` or `none` (typed by the user), or, from a browser that does not send it, an
/// `Origin` that is not this service's.
/// A request that says neither (an old browser, a script) is not refused.
fn foreign(request: &actix_web::dev::ServiceRequest, base: &str) -> bool {
    let header = |name| {
        request
            .headers()
            .get(name)
            .map(|v| v.to_str().unwrap_or("?").to_ascii_lowercase())
    };
    // A browser that sends `Sec-Fetch-Site` is believed: pages cannot forge it, and under
    // `Referrer-Policy: no-referrer` the same browser sends `Origin: null` even for the site's
    // own forms. Without it, an `Origin` other than ours (`null` included) is foreign.
    if let Some(site) = header(header::HeaderName::from_static("sec-fetch-site")) {
        return site != "same-origin" && site != "none";
    }
    header(header::ORIGIN).is_some_and(|origin| origin != origin_of(base).to_ascii_lowercase())
}

/// Refuse a form posted to this service from another site: every state-changing form is a POST
/// to a page route (the API takes JSON with a seat's bearer token, which a form cannot send).
async fn same_origin_posts(
    request: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody + 'static>,
) -> Result<actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>, actix_web::Error> {
    // The API takes JSON with a bearer token, which a form cannot send; a one-click
    // unsubscribe comes from a mail provider's server, and can only stop mail.
    let exempt = request.path().starts_with("/api/") || request.path().starts_with("/unsubscribe/");
    if request.method() == actix_web::http::Method::POST && !exempt {
        if let Some(state) = request.app_data::<web::Data<AppState>>().cloned() {
            if foreign(&request, state.base_url()) {
                tracing::warn!(path = %logged_path("POST", request.path()), "a cross-site post was refused");
                let words = state.words(request.request());
                let page = html::message(StatusCode::FORBIDDEN, words, "page-cross-site");
                return Ok(request.into_response(page).map_into_right_body());
            }
        }
    }
    next.call(request).await.map(|r| r.map_into_left_body())
}

/// The request line as logged: a seat link's token is a credential, and so are sign-in,
/// confirmation, mail-settings and unsubscribe links: none of them reaches the log.
fn logged_path(method: &str, path: &str) -> String {
    let mut parts: Vec<&str> = path.split('/').collect();
    for (at, word) in [
        ("sign-in", 1),
        ("confirm", 1),
        ("mail", 1),
        ("unsubscribe", 1),
    ] {
        if let Some(i) = parts.iter().position(|p| *p == at) {
            if let Some(secret) = parts.get_mut(i + word) {
                *secret = "…";
            }
        }
    }
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
    /// The scheduler (digests…): running in the background, or for the caller to step.
    pub scheduler: Scheduler,
    scheduler_task: Option<(watch::Sender<bool>, JoinHandle<()>)>,
    /// Where replies are accepted by LMTP, when `--lmtp-listen` asked for it.
    pub lmtp_addr: Option<std::net::SocketAddr>,
    lmtp_task: Option<(watch::Sender<bool>, JoinHandle<()>)>,
}

/// Open the database (running migrations), bind, and serve. Port 0 picks a free port.
pub async fn start(config: Config) -> Result<Running> {
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
    let mailer = Arc::new(Mailer::new(&MailConfig {
        smtp_url: config.smtp_url.clone(),
        data_dir: config.data_dir.clone(),
        from: config.mail_from.clone(),
    })?);
    let worker = Worker::new(mailer, db.clone(), games.clone());
    let state = web::Data::new(AppState {
        db: db.clone(),
        games,
        base_url: base_url.clone(),
        data_dir: config.data_dir.clone(),
        behind_proxy: config.behind_proxy,
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
            .default_service(web::to(safety::not_found))
            .wrap(actix_web::middleware::from_fn(language::choose_language))
            .wrap(actix_web::middleware::from_fn(same_origin_posts))
            .wrap(actix_web::middleware::from_fn(safety::headers))
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
    let scheduler = Scheduler::new(db.clone(), state.games.clone(), config.scheduler_tick);
    let scheduler_task = config.run_mail_worker.then(|| {
        let (stop, stopped) = watch::channel(false);
        (stop, scheduler.clone().spawn(stopped))
    });
    let (lmtp_addr, lmtp_task) = match &config.lmtp_listen {
        Some(listen) => {
            let (stop, stopped) = watch::channel(false);
            let (local, task) = crate::mail::lmtp::listen_with(
                listen,
                state.games.clone(),
                db.clone(),
                stopped,
                config.mail_in.lmtp,
            )
            .await?;
            (Some(local), Some((stop, task)))
        }
        None => (None, None),
    };
    tracing::info!(%addr, base_url = base_url.as_str(), backend = ?db.backend(), "serving");
    Ok(Running {
        lmtp_addr,
        lmtp_task,
        addr,
        base_url: base_url.as_str().to_string(),
        db,
        worker,
        state,
        server: handle,
        served,
        worker_task,
        scheduler,
        scheduler_task,
    })
}

impl Running {
    /// Stop accepting requests, finish the ones in flight, and stop the mail worker.
    pub async fn stop(self) {
        self.server.stop(true).await;
        let _ = self.served.await;
        for (stop, task) in [self.worker_task, self.scheduler_task, self.lmtp_task]
            .into_iter()
            .flatten()
        {
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
