//! Which language a page speaks: a signed-in person's (or a seat's person's) saved choice, else
//! the language switch's cookie, else `Accept-Language`, else the default. The switch itself:
//! a form in every page's header that sets the cookie and goes back to the page it was on.

use super::{blocking, AppState};
use crate::domain::{GameId, SeatToken};
use crate::engine::Seat;
use crate::service::people::{LinkOf, SESSION_COOKIE};
use crate::service::SeatLink;
use actix_web::body::MessageBody;
use actix_web::cookie::{Cookie, SameSite};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::{web, HttpMessage, HttpRequest, HttpResponse};

/// The cookie the language switch sets.
pub const LANGUAGE_COOKIE: &str = "corriere_lang";

/// The language chosen for a request, once, by [`choose_language`].
#[derive(Clone, Debug)]
pub struct Chosen(pub String);

/// The language of a browser: the switch's cookie when it names a language with a catalog,
/// else the first of `Accept-Language` that has one, else the default.
pub fn browser_language(request: &HttpRequest, known: &[&str]) -> String {
    request
        .cookie(LANGUAGE_COOKIE)
        .map(|c| c.value().to_owned())
        .filter(|lang| known.contains(&lang.as_str()))
        .unwrap_or_else(|| super::language(request, known))
}

/// A link a path follows, parsed, unchecked.
enum Link {
    /// `/games/{game}/seat/{seat}/{token}[/…]`
    Seat(SeatLink),
    /// `/mail/{token}`
    Settings(String),
    /// `/unsubscribe/{token}`
    Unsubscribe(String),
}

fn link_of(path: &str) -> Option<Link> {
    let path = path.split(['?', '#']).next().unwrap_or(path);
    let parts: Vec<&str> = path.split('/').collect();
    match parts.as_slice() {
        ["", "games", game, "seat", seat, token, ..] => Some(Link::Seat(SeatLink {
            game: GameId::parse(game).ok()?,
            seat: Seat::from_number(seat.parse().ok()?)?,
            token: SeatToken::parse(token).ok()?,
        })),
        ["", "mail", token] => Some(Link::Settings((*token).to_owned())),
        ["", "unsubscribe", token] => Some(Link::Unsubscribe((*token).to_owned())),
        _ => None,
    }
}

/// The person `request` speaks for (signed in, or the seat or mail settings of the link in
/// `path`), if any.
async fn person(
    state: &web::Data<AppState>,
    request: &HttpRequest,
    path: &str,
    then: impl FnOnce(&AppState, &mut crate::store::Conn, &crate::store::AddressRow) -> Option<String>
        + Send
        + 'static,
) -> Option<String> {
    let session = request.cookie(SESSION_COOKIE).map(|c| c.value().to_owned());
    let link = link_of(path);
    if session.is_none() && link.is_none() {
        return None;
    }
    let found = blocking(state, move |s, conn| -> anyhow::Result<Option<String>> {
        let link = link.as_ref().map(|link| match link {
            Link::Seat(link) => LinkOf::Seat(link),
            Link::Settings(token) => LinkOf::Settings(token),
            Link::Unsubscribe(token) => LinkOf::Unsubscribe(token),
        });
        let person = s.games.person_of_request(conn, session.as_deref(), link)?;
        Ok(person.and_then(|person| then(s, conn, &person)))
    })
    .await;
    match found {
        Ok(Ok(lang)) => lang,
        Ok(Err(error)) => {
            tracing::warn!(
                error = format!("{error:#}"),
                "a person's language could not be read"
            );
            None
        }
        Err(error) => {
            tracing::warn!(
                error = format!("{:#}", error.into_inner()),
                "a person's language could not be read"
            );
            None
        }
    }
}

/// Choose the language of every page request, once (the JSON API and probes speak none).
pub async fn choose_language(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let path = request.path().to_owned();
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
        let seen = asked.clone();
        let saved = person(&state, request.request(), &path, move |s, conn, person| {
            let saved = person.language.clone().filter(|lang| known.contains(lang));
            // Mails to someone who chose no language follow the pages they read.
            if saved.is_none() {
                if let Err(error) = s.games.note_language_seen(conn, person, &seen) {
                    tracing::warn!(%error, "the language read could not be noted");
                }
            }
            saved
        })
        .await;
        request
            .extensions_mut()
            .insert(Chosen(saved.unwrap_or(asked)));
    }
    let mut response = next.call(request).await?;
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
    let chosen = lang.clone();
    person(&state, &request, &back, move |s, conn, person| {
        if let Err(error) = s.games.switch_language(conn, person, &chosen) {
            tracing::warn!(%error, "a person's language could not be saved");
        }
        None
    })
    .await;
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
            Some(super::Link::Settings(token)) if token == "key.signature"
        ));
    }
}
