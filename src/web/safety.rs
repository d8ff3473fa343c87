//! What every answer carries, whatever route made it: the security headers (a Content Security
//! Policy without inline script or style, no referrer, no sniffing), `Cache-Control: no-store`
//! on pages that hold a credential or a person's data, `HEAD` answered as `GET` without a body,
//! and the site's own 404 page for paths no route knows.

use super::{html, AppState};
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::{web, HttpRequest, HttpResponse};

/// The Content Security Policy of every answer: everything from this origin only, no inline
/// script or style (the pages' script and style are files under `/static/`), no framing.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; \
     form-action 'self'; frame-ancestors 'none'";

/// The answer to a request: `HEAD` is routed as `GET` (the HTTP layer sends no body for a
/// `HEAD`, only the headers and the length), and the headers below are added to whatever came
/// back, errors and redirects included.
pub async fn headers(
    mut request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    if request.method() == Method::HEAD {
        request.head_mut().method = Method::GET;
    }
    let private = private_path(request.path());
    let mut response = next.call(request).await?;
    let headers = response.headers_mut();
    for (name, value) in [
        (
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        ),
        (
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ),
        (
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ),
        (
            HeaderName::from_static("x-frame-options"),
            HeaderValue::from_static("DENY"),
        ),
    ] {
        headers.insert(name, value);
    }
    if private || (!headers.contains_key(header::CACHE_CONTROL) && is_html(headers)) {
        // A page with a seat link, a sign-in or a person's settings is never kept by a cache;
        // other pages change with every move, so they are asked for again each time.
        let value = if private { "no-store" } else { "no-cache" };
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    }
    Ok(response)
}

fn is_html(headers: &actix_web::http::header::HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"))
}

/// Paths whose answers hold a credential or a person's own data: seat pages (and the API's
/// seat view), "my games", sign-in, confirmation, taking over a seat, mail settings and
/// unsubscribe links, feeds and calendars (their addresses are credentials); and
/// the API's answers, a running game's state that changes with every move.
fn private_path(path: &str) -> bool {
    let parts: Vec<&str> = path.split('/').collect();
    path.starts_with("/api/v1/")
        || parts.contains(&"seat")
        || parts.contains(&"confirm")
        || parts.contains(&"take")
        || parts.contains(&"feed")
        || matches!(
            parts.get(1).copied(),
            Some("me" | "mail" | "unsubscribe" | "calendar")
        )
}

/// `Cache-Control` for a record or export: a running game's changes with every move and is
/// never stored; a finished game's never changes again.
pub fn record_cache(finished: bool) -> (HeaderName, HeaderValue) {
    let value = if finished {
        "public, max-age=86400"
    } else {
        "no-store"
    };
    (header::CACHE_CONTROL, HeaderValue::from_static(value))
}

/// A path no route knows: the site's page saying so, in the reader's language.
pub async fn not_found(state: web::Data<AppState>, request: HttpRequest) -> HttpResponse {
    html::message(
        StatusCode::NOT_FOUND,
        state.words(&request),
        "page-not-found",
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn pages_with_credentials_or_a_person_s_data_are_private() {
        for path in [
            "/games/abc/seat/1/tok",
            "/games/abc/seat/1/tok/move",
            "/api/v1/games/abc/seat",
            "/api/v1/games/abc",
            "/games/abc/confirm/sig",
            "/me",
            "/me/sign-in/x",
            "/mail/k.s",
            "/unsubscribe/k.s",
            "/games/abc/feed/en/sig.atom",
            "/calendar/k.s.ics",
        ] {
            assert!(super::private_path(path), "{path}");
        }
        for path in ["/", "/games/abc", "/games/abc/replay/3", "/verify", "/mean"] {
            assert!(!super::private_path(path), "{path}");
        }
    }
}
