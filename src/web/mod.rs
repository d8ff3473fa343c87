//! The HTTP face of the service: its routes, the handlers' shared state and the middleware
//! every answer goes through. What starts it (and the rest) is `app::build`, above this module.

pub mod api;
pub mod api_create;
pub mod api_routes;
pub mod assets;
pub mod create;
pub mod errors;
pub mod feeds;
pub mod guide;
pub mod history;
pub mod html;
pub mod language;
pub mod lobby;
pub mod logs;
pub mod openapi;
pub mod people;
pub mod present;
pub mod privacy;
pub mod public;
pub mod review;
pub mod safety;
pub mod seat_forms;
pub mod sitters;
pub mod transparency;
pub mod zone;

use crate::present::Words;
use crate::service::{BaseUrl, Games, Service};
use actix_web::http::{header, StatusCode};
use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};
use std::net::SocketAddr;

/// What a handler answers: its page or JSON, or a refusal that answers itself (`errors`).
pub type Answered = Result<HttpResponse, actix_web::Error>;

/// What every handler shares.
pub struct AppState {
    /// The game service: one call per request.
    pub service: Service,
    /// The service's registry, links, clock and rules (what pages are drawn with).
    pub games: Games,
    base_url: BaseUrl,
    /// Where the outbox files and the secret live (`/healthz` checks it is writable).
    data_dir: std::path::PathBuf,
    /// Whether the client's address comes from `X-Forwarded-For` (behind a reverse proxy).
    behind_proxy: bool,
}

impl AppState {
    /// The state of the handlers: the service, and what the requests need to know of the
    /// deployment (its URL, the data directory `/healthz` checks, a reverse proxy in front).
    pub fn new(
        service: Service,
        base_url: BaseUrl,
        data_dir: std::path::PathBuf,
        behind_proxy: bool,
    ) -> AppState {
        AppState {
            games: service.games().clone(),
            service,
            base_url,
            data_dir,
            behind_proxy,
        }
    }

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
        let lang = chosen.unwrap_or_else(|| {
            language::browser_language(request, &catalogs.languages())
                .unwrap_or_else(|| crate::present::DEFAULT_LANGUAGE.to_string())
        });
        catalogs.words(&lang)
    }
}

/// The request's `Accept-Language` header as it came (empty when it has none or it is not text).
pub fn accept_language(request: &HttpRequest) -> &str {
    request
        .headers()
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
}

/// The first language of `Accept-Language` that has a catalog (by its primary subtag), if
/// the browser names one.
pub fn language(request: &HttpRequest, known: &[&str]) -> Option<String> {
    let header = accept_language(request);
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
    wanted.iter().find_map(|(_, tag)| {
        let primary = tag.split('-').next().unwrap_or(tag).to_ascii_lowercase();
        known.iter().find(|k| **k == primary).map(|k| k.to_string())
    })
}

/// 200 "ok" when the service can do its work: the database is the one opened at the start and
/// its schema answers, and the data directory is writable; else 503 saying what is wrong.
async fn healthz(state: web::Data<AppState>) -> HttpResponse {
    match state.service.health(&state.data_dir).await {
        Ok(()) => HttpResponse::Ok().content_type("text/plain").body("ok"),
        Err(problem) => {
            tracing::error!(%problem, "health check failed");
            HttpResponse::ServiceUnavailable()
                .content_type("text/plain")
                .body(problem)
        }
    }
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
            .route("/vote", web::post().to(html::vote))
            .route("/rematch", web::post().to(html::rematch))
            .route("/resign", web::post().to(seat_forms::resign))
            .route("/cancel", web::post().to(seat_forms::creator_cancel))
            .route("/replace", web::post().to(seat_forms::replace))
            .route("/standin", web::post().to(seat_forms::list_standin))
            .route("/away", web::post().to(seat_forms::away))
            .route(
                "/away/{absence}/withdraw",
                web::post().to(seat_forms::withdraw_absence),
            )
            .route("/back", web::post().to(html::take_back))
            .route("/messages", web::post().to(seat_forms::post_message))
            .route("/note", web::post().to(seat_forms::save_note))
            .route("/history", web::get().to(history::seat))
            .route("/talk", web::get().to(history::seat_talk))
            .route("/block", web::post().to(seat_forms::block_seat))
            .route(
                "/messages/{message}/report",
                web::post().to(seat_forms::report_message),
            )
            .route("/feed/revoke", web::post().to(feeds::revoke_feed))
            .route("/sitter", web::post().to(sitters::name_sitter))
            .route("/sitter/end", web::post().to(sitters::end_sitting)),
    )
    .service(
        web::scope("/games/{game}/sit/{seat}/{token}")
            .route("", web::get().to(sitters::sitter_page))
            .route("/accept", web::post().to(sitters::accept))
            .route("/move", web::post().to(sitters::make_move)),
    )
    .route("/", web::get().to(create::home))
    .route("/healthz", web::get().to(healthz))
    .route("/static/{name}", web::get().to(assets::serve))
    .route("/guide/{game}", web::get().to(guide::guide))
    .route("/games", web::post().to(create::create))
    .route("/lobby", web::get().to(lobby::lobby))
    .route("/lobby/{game}", web::get().to(lobby::claim_form))
    .route("/lobby/{game}", web::post().to(lobby::claim))
    .route(
        "/lobby/{game}/claim/{seat}/{token}",
        web::get().to(lobby::claim_link_page),
    )
    .route(
        "/lobby/{game}/claim/{seat}/{token}",
        web::post().to(lobby::confirm_claim),
    )
    .route(
        "/lobby/{game}/approve/{seat}/{token}",
        web::get().to(lobby::approve_page),
    )
    .route(
        "/lobby/{game}/approve/{seat}/{token}",
        web::post().to(lobby::decide),
    )
    .route("/games/{game}", web::get().to(public::public))
    .route("/games/{game}/history", web::get().to(history::public))
    .route("/games/{game}/talk", web::get().to(history::public_talk))
    .route("/games/{game}/record.json", web::get().to(review::record))
    .route("/games/{game}/replay/{seq}", web::get().to(review::replay))
    .route(
        "/games/{game}/feed/{lang}/{signature}.atom",
        web::get().to(feeds::game_feed),
    )
    .route("/calendar/{token}.ics", web::get().to(feeds::calendar))
    .route("/verify", web::get().to(review::verify_form))
    .route("/verify", web::post().to(review::verify_upload))
    .route("/transparency", web::get().to(transparency::page))
    .route("/privacy", web::get().to(privacy::page))
    .route(
        "/transparency/tree-head.json",
        web::get().to(transparency::tree_head),
    )
    .route(
        "/transparency/tree-heads.atom",
        web::get().to(transparency::feed),
    )
    .route(
        "/transparency/inclusion",
        web::get().to(transparency::inclusion),
    )
    .route(
        "/transparency/consistency",
        web::get().to(transparency::consistency),
    )
    .route(
        "/.well-known/corriere-keys.json",
        web::get().to(transparency::keys),
    )
    .route(
        "/games/{game}/proofs.json",
        web::get().to(transparency::proofs),
    )
    .route(
        "/games/{game}/confirm/{signature}",
        web::get().to(people::confirm),
    )
    .route(
        "/games/{game}/take/{seat}/{token}",
        web::get().to(seat_forms::take_over_page),
    )
    .route(
        "/games/{game}/take/{seat}/{token}",
        web::post().to(seat_forms::take_over),
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
    .route("/me/forget", web::get().to(people::forget_page))
    .route("/me/forget", web::post().to(people::forget))
    .route("/me/games/{game}/mute", web::post().to(people::mute))
    .route("/me/away", web::post().to(people::away))
    .route(
        "/me/away/{absence}/withdraw",
        web::post().to(people::withdraw_absence),
    )
    .route("/mail/{token}", web::get().to(people::settings))
    .route("/mail/{token}", web::post().to(people::save_mail_settings))
    .route("/mail/{token}/webhook", web::post().to(feeds::set_webhook))
    .route(
        "/mail/{token}/calendar/revoke",
        web::post().to(feeds::revoke_calendar),
    )
    .route(
        "/mail/{token}/games/{game}/mute",
        web::post().to(people::mute_by_mail_link),
    )
    .route(
        "/mail/{token}/blocks",
        web::post().to(people::block_by_mail_link),
    )
    .route(
        "/mail/{token}/blocks/{block}/unblock",
        web::post().to(people::unblock_by_mail_link),
    )
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
/// confirmation, mail-settings and unsubscribe links, and the feeds' and calendars' addresses:
/// none of them reaches the log.
fn logged_path(method: &str, path: &str) -> String {
    let mut parts: Vec<&str> = path.split('/').collect();
    for (at, word) in [
        ("sign-in", 1),
        ("confirm", 1),
        ("mail", 1),
        ("unsubscribe", 1),
        ("feed", 2),
        ("calendar", 1),
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

/// The HTTP server of the service on `listener`: the routes, their limits and the middleware
/// every answer goes through. The composition root (`app::build`) starts and stops it.
pub fn server(
    state: web::Data<AppState>,
    listener: std::net::TcpListener,
) -> std::io::Result<actix_web::dev::Server> {
    Ok(HttpServer::new(move || {
        App::new()
            .app_data(state.clone())
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
            .wrap(actix_web::middleware::from_fn(errors::answer_errors))
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
    .run())
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
        assert_eq!(
            super::logged_path("GET", "/games/abc/feed/en/0123abcd.atom"),
            "GET /games/abc/feed/en/…"
        );
        assert_eq!(
            super::logged_path("GET", "/calendar/key.0123abcd.ics"),
            "GET /calendar/…"
        );
    }
}
