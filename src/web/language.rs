//! Which language a page speaks: a signed-in person's (or a seat's person's) saved choice, else
//! the language switch's cookie, else `Accept-Language`, else the default (a seat's pages choose
//! with their own reads). The switch: a form in every page's header that sets the cookie.

use super::AppState;
use crate::domain::{GameId, SeatToken};
use crate::engine::Seat;
use crate::service::people::SESSION_COOKIE;
use crate::service::requests::FollowedLink;
use crate::service::SeatLink;
use actix_web::body::MessageBody;
use actix_web::cookie::{Cookie, SameSite};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::{web, HttpMessage, HttpRequest, HttpResponse};

/// The cookie the language switch sets.
pub const LANGUAGE_COOKIE: &str = "corriere_lang";

tokio::task_local! {
    /// The path (and query) of the page being answered, for the language switch's `back` field:
    /// the site sends no `Referer` (`Referrer-Policy: no-referrer`), so the form carries it.
    static HERE: String;
}

/// The page being answered, as the language switch's form carries it back (empty outside a
/// request: the switch then goes home).
pub fn here() -> String {
    HERE.try_with(Clone::clone).unwrap_or_default()
}

/// The language chosen for a request, once, by [`choose_language`] (or by the seat page's
/// own reads: see [`reader`]).
#[derive(Clone, Debug)]
pub struct Chosen(pub String);

/// The language the request's browser asks for (see [`browser_language`]), kept by
/// [`choose_language`] for the pages that choose with their own reads.
#[derive(Clone, Debug)]
struct Asked(Option<String>);

/// Who reads a seat's page, for the service to choose its language with the page's reads: a
/// seat's pages (`GET` under its link) read its person anyway, so the middleware does not read
/// them first. The page's handler then notes its choice with [`chose`].
pub fn reader(request: &HttpRequest) -> crate::service::Reader {
    let asked = request.extensions().get::<Asked>().cloned();
    crate::service::Reader {
        session: request.cookie(SESSION_COOKIE).map(|c| c.value().to_owned()),
        asked: asked.and_then(|a| a.0),
        accept_language: super::accept_language(request).to_owned(),
    }
}

/// The request's page was read in `lang`: what it answers from now on speaks it.
pub fn chose(request: &HttpRequest, lang: &str) {
    request.extensions_mut().insert(Chosen(lang.to_owned()));
}

/// The language a browser asks for: the switch's cookie when it names a language with a
/// catalog, else the first of `Accept-Language` that has one; `None` when it names none.
pub fn browser_language(request: &HttpRequest, known: &[&str]) -> Option<String> {
    request
        .cookie(LANGUAGE_COOKIE)
        .map(|c| c.value().to_owned())
        .filter(|lang| known.contains(&lang.as_str()))
        .or_else(|| super::language(request, known))
}

/// The link a path follows, parsed, unchecked.
fn link_of(path: &str) -> Option<FollowedLink> {
    let path = path.split(['?', '#']).next().unwrap_or(path);
    let parts: Vec<&str> = path.split('/').collect();
    match parts.as_slice() {
        ["", "games", game, "seat", seat, token, ..] => Some(FollowedLink::Seat(SeatLink {
            game: GameId::parse(game).ok()?,
            seat: Seat::from_number(seat.parse().ok()?)?,
            token: SeatToken::parse(token).ok()?,
        })),
        ["", "mail", token] => Some(FollowedLink::Settings((*token).to_owned())),
        ["", "unsubscribe", token] => Some(FollowedLink::Unsubscribe((*token).to_owned())),
        _ => None,
    }
}

/// The session cookie and the followed link of a request to `path`: whom it may speak for.
fn speaker(request: &HttpRequest, path: &str) -> Option<(Option<String>, Option<FollowedLink>)> {
    let session = request.cookie(SESSION_COOKIE).map(|c| c.value().to_owned());
    let link = link_of(path);
    (session.is_some() || link.is_some()).then_some((session, link))
}

/// Choose the language of every page request, once (the JSON API and probes speak none).
pub async fn choose_language(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let path = request.path().to_owned();
    let here = request
        .uri()
        .path_and_query()
        .map_or_else(|| path.clone(), |p| p.as_str().to_owned());
    let speaks = !path.starts_with("/api/") && path != "/healthz";
    if let (true, Some(state)) = (speaks, request.app_data::<web::Data<AppState>>().cloned()) {
        let known: Vec<String> = state
            .games
            .registry()
            .catalogs()
            .languages()
            .into_iter()
            .map(str::to_owned)
            .collect();
        let known_refs: Vec<&str> = known.iter().map(String::as_str).collect();
        let asked = browser_language(request.request(), &known_refs);
        let page_reads_it = request.method() == actix_web::http::Method::GET
            && matches!(link_of(&path), Some(FollowedLink::Seat(_)));
        let saved = match speaker(request.request(), &path).filter(|_| !page_reads_it) {
            Some((session, link)) => state
                .service
                .saved_language(session, link, known, asked.clone())
                .await
                .unwrap_or_else(|error| {
                    tracing::warn!(
                        error = format!("{error:#}"),
                        "a person's language could not be read"
                    );
                    None
                }),
            None => None,
        };
        let chosen = saved
            .or_else(|| asked.clone())
            .unwrap_or_else(|| crate::present::DEFAULT_LANGUAGE.to_owned());
        request.extensions_mut().insert(Chosen(chosen));
        request.extensions_mut().insert(Asked(asked));
    }
    let mut response = HERE.scope(here, next.call(request)).await?;
    if speaks {
        // A page's words depend on these: a shared cache must not serve one reader's to another.
        response.headers_mut().append(
            header::VARY,
            header::HeaderValue::from_static("Accept-Language, Cookie"),
        );
    }
    Ok(response)
}

/// Where the switch sends the browser back to: `back` when it is a path of this site, else the
/// page it came from (`Referer`, when it is one of this site's), else the home page. Never
/// another site: a path starts with one `/`, holds no backslash, space or control character.
fn back_path(back: Option<&str>, request: &HttpRequest, base_url: &str) -> String {
    let local = |path: &str| -> Option<String> {
        let ok = path.starts_with('/')
            && !path.starts_with("//")
            && path.len() <= 2000
            && !path
                .chars()
                .any(|c| c == '\\' || c.is_whitespace() || c.is_control());
        ok.then(|| page_of(path))
    };
    if let Some(path) = back.and_then(local) {
        return path;
    }
    let origin = super::origin_of(base_url);
    request
        .headers()
        .get(header::REFERER)
        .and_then(|v| v.to_str().ok())
        .and_then(|referer| referer.strip_prefix(origin))
        .and_then(local)
        .unwrap_or_else(|| "/".to_owned())
}

/// The page to show again for a path a form posted to (the switch was used on its answer):
/// a seat's action goes back to the seat, a new game's form to the home page, a "my games"
/// form to "my games".
fn page_of(path: &str) -> String {
    let bare = path.split(['?', '#']).next().unwrap_or(path);
    let parts: Vec<&str> = bare.split('/').collect();
    match parts.as_slice() {
        ["", "games", _, "seat", _, _, _, ..] => parts[..6].join("/"),
        ["", "games"] => "/".to_owned(),
        ["", "me", _, ..] => "/me".to_owned(),
        _ => path.to_owned(),
    }
}

#[derive(serde::Deserialize)]
pub struct SwitchQuery {
    back: Option<String>,
}

fn switched(state: &AppState, lang: &str, back: String) -> HttpResponse {
    let cookie = Cookie::build(LANGUAGE_COOKIE, lang.to_owned())
        .path("/")
        .http_only(true)
        .secure(state.base_url().starts_with("https://"))
        .same_site(SameSite::Lax)
        .max_age(actix_web::cookie::time::Duration::days(400))
        .finish();
    HttpResponse::SeeOther()
        .cookie(cookie)
        .insert_header((header::LOCATION, back))
        .finish()
}

/// `GET /lang/{lang}?back=/path`: a plain link that sets the switch's cookie and goes back.
pub async fn switch_link(
    state: web::Data<AppState>,
    request: HttpRequest,
    lang: web::Path<String>,
    query: web::Query<SwitchQuery>,
) -> HttpResponse {
    let back = back_path(query.back.as_deref(), &request, state.base_url());
    if !state
        .games
        .registry()
        .catalogs()
        .languages()
        .contains(&lang.as_str())
    {
        return super::html::see_other(back);
    }
    switched(&state, &lang, back)
}

/// `POST /lang/{lang}` (the header's switch): as the link, and a person who had chosen a
/// language (signed in, or the seat of the page switched from) now has chosen this one.
pub async fn switch(
    state: web::Data<AppState>,
    request: HttpRequest,
    lang: web::Path<String>,
    form: web::Form<SwitchQuery>,
) -> HttpResponse {
    let back = back_path(form.back.as_deref(), &request, state.base_url());
    let lang = lang.into_inner();
    if !state
        .games
        .registry()
        .catalogs()
        .languages()
        .contains(&lang.as_str())
    {
        return super::html::see_other(back);
    }
    if let Some((session, link)) = speaker(&request, &back) {
        if let Err(error) = state.service.switch_language(session, link, &lang).await {
            tracing::warn!(
                error = format!("{error:#}"),
                "a person's language could not be saved"
            );
        }
    }
    switched(&state, &lang, back)
}

#[cfg(test)]
mod tests {
    use super::back_path;
    use actix_web::http::header;
    use actix_web::test::TestRequest;

    const BASE: &str = "https://corriere.example";

    #[test]
    fn the_switch_goes_back_to_a_path_of_this_site() {
        let plain = TestRequest::default().to_http_request();
        assert_eq!(
            back_path(Some("/games/abc?x=1"), &plain, BASE),
            "/games/abc?x=1"
        );
        assert_eq!(back_path(None, &plain, BASE), "/");
        let referred = TestRequest::default()
            .insert_header((header::REFERER, "https://corriere.example/me?saved=1"))
            .to_http_request();
        assert_eq!(back_path(None, &referred, BASE), "/me?saved=1");
        assert_eq!(
            back_path(Some("/games/abc/seat/2/tok/move"), &plain, BASE),
            "/games/abc/seat/2/tok"
        );
        assert_eq!(back_path(Some("/me/settings"), &plain, BASE), "/me");
    }

    #[test]
    fn the_switch_never_sends_anyone_to_another_site() {
        let plain = TestRequest::default().to_http_request();
        for evil in [
            "//evil.example/",
            "https://evil.example/",
            "/\\evil.example",
            "evil",
            "/ok\r\nSet-Cookie: x=1",
            "",
        ] {
            assert_eq!(back_path(Some(evil), &plain, BASE), "/", "{evil:?}");
        }
        for referer in [
            "https://corriere.example.evil.org/x",
            "https://evil.example/me",
            "https://corriere.example//evil.example",
        ] {
            let request = TestRequest::default()
                .insert_header((header::REFERER, referer))
                .to_http_request();
            assert_eq!(back_path(None, &request, BASE), "/", "{referer:?}");
        }
    }

    #[test]
    fn a_seat_link_is_read_from_a_path() {
        assert!(super::link_of("/me").is_none());
        assert!(super::link_of("/games/abc").is_none());
        assert!(super::link_of("/games/abc/seat/x/token").is_none());
        assert!(matches!(
            super::link_of("/mail/key.signature"),
            Some(super::FollowedLink::Settings(token)) if token == "key.signature"
        ));
    }
}
