//! The HTML pages of a seat: the invitation, the seat page with its move forms, and what a
//! seat does besides moving (talk, resign, away, replace, cancel). Each handler parses, calls
//! the game service once, and renders the game's parts through its kind; no rules here.

use super::present::{self, cancelled_key, undelivered, Flash, GameShown, TalkShown};
use super::{blocking, AppState, PageError};
use crate::domain::{Contribution, GameId, GameStatus, SeatToken};
use crate::engine::{Seat, Viewer};
use crate::kinds::Kind;
use crate::present::{Ctx, Html, MoveForm, Words};
use crate::service::{
    AcceptError, ActionInput, AuthError, DeclineError, LoadError, MoveError, Mover, SeatAuth,
    SeatLink, SeatPage,
};
use crate::store::Conn;
use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;

pub fn render(status: StatusCode, page: &impl Template) -> HttpResponse {
    match crate::present::render_in(page, crate::present::PAGE_ROOM) {
        Ok(body) => HttpResponse::build(status)
            .content_type("text/html; charset=utf-8")
            .body(body),
        Err(error) => {
            tracing::error!(%error, "template failed");
            HttpResponse::InternalServerError().body("template failed")
        }
    }
}

pub(super) fn see_other(location: String) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, location))
        .finish()
}

#[derive(Template)]
#[template(path = "message.html")]
pub struct MessagePage<'w> {
    pub w: Words<'w>,
    pub title: String,
    pub text: String,
    pub hint: String,
    /// Offer the form that mails a link to all of an address's games.
    pub sign_in: bool,
    pub email_max: usize,
}

/// A page with one message from the catalogs: `id` is its title, `id.text` its text and
/// `id.hint` (when the catalog has one) what to do.
pub fn message(status: StatusCode, w: Words, id: &str) -> HttpResponse {
    message_text(status, w, id, w.get(&format!("{id}.text")))
}

/// `message` with a text of its own (the catalog's title and hint).
pub fn message_text(status: StatusCode, w: Words, id: &str, text: String) -> HttpResponse {
    render(
        status,
        &MessagePage {
            w,
            title: w.get(id),
            text,
            hint: w.maybe(&format!("{id}.hint")).unwrap_or_default(),
            sign_in: false,
            email_max: crate::domain::EmailAddress::MAX_CHARS,
        },
    )
}

pub fn not_found(w: Words) -> HttpResponse {
    message(StatusCode::NOT_FOUND, w, "page-no-game")
}

/// A stored game of a kind this server does not play (a newer server's, say): said plainly.
pub fn unknown_kind(w: Words, game: &str) -> HttpResponse {
    tracing::error!(game, "a stored game is of a kind this server does not play");
    message_text(
        StatusCode::NOT_IMPLEMENTED,
        w,
        "page-unknown-kind",
        w.one("page-unknown-kind.text", "game", game),
    )
}

/// A bad or retired seat link: the page offers to mail the address a link to all its games.
pub fn bad_link(w: Words) -> HttpResponse {
    let id = "page-bad-link";
    render(
        StatusCode::FORBIDDEN,
        &MessagePage {
            w,
            title: w.get(id),
            text: w.get(&format!("{id}.text")),
            hint: w.get(&format!("{id}.hint")),
            sign_in: true,
            email_max: crate::domain::EmailAddress::MAX_CHARS,
        },
    )
}

// ---------------------------------------------------------------- seat pages

pub fn seat_path(game: &GameId, seat: Seat, token: &SeatToken) -> String {
    format!(
        "/games/{}/seat/{}/{}",
        game.as_str(),
        seat.number(),
        token.as_str()
    )
}

pub struct PlayerShown {
    pub number: u8,
    pub name: String,
    pub accepted: bool,
}

#[derive(Template)]
#[template(path = "accept.html")]
pub struct AcceptPage<'w> {
    pub w: Words<'w>,
    pub game: GameShown,
    pub flashes: Vec<Flash>,
    pub seat_name: String,
    pub seat_number: u8,
    pub players: Vec<PlayerShown>,
    pub accepted: bool,
    pub accept_path: String,
    pub decline_path: String,
    /// The longest phrase the service accepts (the input's `maxlength`).
    pub phrase_max: usize,
}

#[derive(Template)]
#[template(path = "seat.html")]
pub struct SeatPageHtml<'w> {
    pub w: Words<'w>,
    pub game: GameShown,
    pub flashes: Vec<Flash>,
    pub seat_name: String,
    pub seat_number: u8,
    pub status: String,
    pub board: Html,
    pub private: Html,
    pub forms: Vec<MoveForm>,
    pub move_path: String,
    pub history: Vec<present::Chapter>,
    /// After the end: where to propose a rematch (none proposed yet) …
    pub rematch_path: Option<String>,
    /// … or this seat's link in the proposed one.
    pub rematch_url: Option<String>,
    pub phrase_max: usize,
    /// Deadlines, bots, absences, in this seat's person's zone.
    pub time: Vec<String>,
    /// The seat's own time forms: resign, go away, replace a resigned seat, cancel.
    pub time_forms: TimeForms,
    /// The table's talk and the form to add to it.
    pub talk: TalkShown,
}

/// The forms a seat page offers about time and seats.
#[derive(Clone, Debug, Default)]
pub struct TimeForms {
    /// Where a player resigns (a game in play, a player who has not).
    pub resign: Option<String>,
    /// Where a player declares an absence.
    pub away: Option<String>,
    /// For the creator: resigned seats a replacement may take, and where to send one.
    pub replace: Vec<(u8, String)>,
    pub replace_path: Option<String>,
    /// For the creator: where to cancel the game.
    pub cancel: Option<String>,
    /// For an absent player: where to take the seat back from the bot.
    pub back: Option<String>,
    pub name_max: usize,
    pub email_max: usize,
}

#[derive(Clone, Debug, Deserialize)]
pub struct SeatPath {
    game: String,
    seat: u8,
    token: String,
}

#[derive(Debug, Default, Deserialize)]
pub struct SeatQuery {
    /// `1`: the invitations left; `confirm`: the creator must confirm their address first.
    created: Option<String>,
    /// The creator just confirmed their address.
    confirmed: Option<String>,
    moved: Option<i64>,
}

/// Check the seat link in `path` and run `work` for its seat, in one trip to the database;
/// any problem with the link is a 403 (or a 404 for an unknown game).
async fn for_link<T, F>(
    state: &web::Data<AppState>,
    request: &HttpRequest,
    path: &SeatPath,
    work: F,
) -> Result<(T, SeatAuth), HttpResponse>
where
    T: Send + 'static,
    F: FnOnce(&AppState, &mut Conn, &SeatAuth) -> T + Send + 'static,
{
    let w = state.words(request);
    let link = link_of(path, w)?;
    match blocking(state, move |s, conn| {
        let auth = s
            .games
            .authorize(conn, &link.game, link.seat, &link.token)?;
        Ok((work(s, conn, &auth), auth))
    })
    .await
    {
        Ok(Ok(done)) => Ok(done),
        Ok(Err(AuthError::NoSuchGame)) => Err(not_found(w)),
        Ok(Err(AuthError::BadLink)) => Err(bad_link(w)),
        Ok(Err(AuthError::Unexpected(error))) => Err(PageError::unexpected(error, None, w)),
        Err(error) => Err(error.into_response(w)),
    }
}

/// The seat link in `path`, as it arrived (not checked yet): an unknown game's id is a 404,
/// a seat or token that cannot be one a 403.
#[allow(clippy::result_large_err)]
fn link_of(path: &SeatPath, w: Words) -> Result<SeatLink, HttpResponse> {
    Ok(SeatLink {
        game: GameId::parse(&path.game).map_err(|_| not_found(w))?,
        seat: Seat::from_number(path.seat).ok_or_else(|| bad_link(w))?,
        token: SeatToken::parse(&path.token).map_err(|_| bad_link(w))?,
    })
}

/// Check the seat link in `path`; for handlers that check before they act.
async fn authorize(
    state: &web::Data<AppState>,
    request: &HttpRequest,
    path: &SeatPath,
) -> Result<SeatAuth, HttpResponse> {
    for_link(state, request, path, |_, _, _| ())
        .await
        .map(|((), auth)| auth)
}

pub async fn seat(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<SeatPath>,
    query: web::Query<SeatQuery>,
) -> HttpResponse {
    let w = state.words(&request);
    let lang = w.lang().to_owned();
    let found = seat_page_of(&state, &request, &path, move |s, conn, link| {
        s.games.followed_seat_page(conn, link, &lang)
    });
    let page = match found.await {
        Ok(page) => page,
        Err(response) => return response,
    };
    let mut flashes = Vec::new();
    if query.confirmed.is_some() {
        flashes.push(Flash::info(w.get("seat-confirmed")));
    }
    if query.created.as_deref() == Some("confirm") {
        flashes.push(Flash::info(w.two(
            "seat-created-confirm",
            (
                "seat_url",
                format!("{}{}", state.base_url(), path_of(&path)),
            ),
            (
                "public_url",
                format!("{}/games/{}", state.base_url(), path.game),
            ),
        )));
    } else if query.created.is_some() {
        flashes.push(Flash::info(w.two(
            "seat-created",
            (
                "seat_url",
                format!("{}{}", state.base_url(), path_of(&path)),
            ),
            (
                "public_url",
                format!("{}/games/{}", state.base_url(), path.game),
            ),
        )));
    }
    if let Some(seq) = query.moved {
        flashes.push(Flash::info(w.one("seat-moved", "seq", seq)));
    }
    render_seat(&state, w, &path, page, flashes, StatusCode::OK)
}

/// The seat page again, with notices and a status (after a form that was not applied).
async fn seat_response(
    state: &web::Data<AppState>,
    request: &HttpRequest,
    path: &SeatPath,
    flashes: Vec<Flash>,
    status: StatusCode,
) -> HttpResponse {
    let w = state.words(request);
    let lang = w.lang().to_owned();
    let found = seat_page_of(state, request, path, move |s, conn, link| {
        s.games.seat_page(conn, link, &lang)
    });
    match found.await {
        Ok(page) => render_seat(state, w, path, page, flashes, status),
        Err(response) => response,
    }
}

/// Read the seat page of the link in `path` with `read`, which checks the link against the
/// seats it reads ([`render_seat`] answers what it refused). `Err`: a link that is not one, or
/// no connection.
async fn seat_page_of<F>(
    state: &web::Data<AppState>,
    request: &HttpRequest,
    path: &SeatPath,
    read: F,
) -> Result<Result<SeatPage, LoadError>, HttpResponse>
where
    F: FnOnce(&AppState, &mut Conn, &SeatLink) -> Result<SeatPage, LoadError> + Send + 'static,
{
    let w = state.words(request);
    let link = link_of(path, w)?;
    blocking(state, move |s, conn| read(s, conn, &link))
        .await
        .map_err(|error| error.into_response(w))
}

/// The seat page (or the invitation, or the cancelled notice) for what `seat_page` returned.
fn render_seat(
    state: &AppState,
    w: Words,
    path: &SeatPath,
    page: Result<SeatPage, LoadError>,
    flashes: Vec<Flash>,
    status: StatusCode,
) -> HttpResponse {
    render_seat_with(state, w, path, page, flashes, status, String::new())
}

/// [`render_seat`] with a message the seat wrote that is shown again in its form.
fn render_seat_with(
    state: &AppState,
    w: Words,
    path: &SeatPath,
    page: Result<SeatPage, LoadError>,
    mut flashes: Vec<Flash>,
    status: StatusCode,
    draft: String,
) -> HttpResponse {
    let page = match page {
        Ok(page) => page,
        Err(LoadError::NoSuchGame) => return not_found(w),
        Err(LoadError::BadLink) => return bad_link(w),
        Err(LoadError::UnknownKind(game)) => return unknown_kind(w, &game),
        Err(LoadError::Unexpected(error)) => {
            return PageError::unexpected(error, Some(&path.game), w)
        }
    };
    let kind = match state.games.kind(&page.game.kind) {
        Ok(kind) => kind,
        Err(error) => return PageError::unexpected(error.into(), Some(&path.game), w),
    };
    let names = present::names_of(&page.seats);
    let me = page.seat;
    let cx = Ctx::new(w, &names, Viewer::Seat(me));
    let base = path_of(path);
    flashes.extend(
        page.undelivered
            .iter()
            .map(|u| Flash::error(undelivered(w, u))),
    );
    let game = present::game_shown(kind, &page.game, page.seq, page.view.as_ref(), &cx);
    match (page.game.status, &page.view) {
        (GameStatus::Cancelled, _) => {
            message(status, w, &cancelled_key("page-cancelled", &page.game))
        }
        (GameStatus::Inviting, _) | (_, None) => {
            flashes.extend(game.notes.iter().map(|n| Flash::info(n.clone())));
            let accepted = page.seats.iter().any(|s| s.seat == me && s.accepted);
            render(
                status,
                &AcceptPage {
                    w,
                    game,
                    flashes,
                    seat_name: names.name(me),
                    seat_number: me.number(),
                    players: page
                        .seats
                        .iter()
                        .map(|s| PlayerShown {
                            number: s.seat.number(),
                            name: s.name.clone(),
                            accepted: s.accepted,
                        })
                        .collect(),
                    accepted,
                    accept_path: format!("{base}/accept"),
                    decline_path: format!("{base}/decline"),
                    phrase_max: Contribution::PHRASE_MAX_CHARS,
                },
            )
        }
        (_, Some(view)) => {
            let mut html = SeatPageHtml::build(kind, &page, view, game, &base, flashes, &cx);
            html.talk.draft = draft;
            render(status, &html)
        }
    }
}

impl<'w> SeatPageHtml<'w> {
    /// The seat page of a started game, from what the game service returned (`view` is
    /// `page.view`); `base` is the seat link's path. Public so the rendering can be benchmarked.
    pub fn build(
        kind: &dyn Kind,
        page: &SeatPage,
        view: &crate::kinds::View,
        game: GameShown,
        base: &str,
        flashes: Vec<Flash>,
        cx: &Ctx<'w>,
    ) -> SeatPageHtml<'w> {
        let me = page.seat;
        let status = match &page.outcome {
            Some(outcome) => cx
                .words
                .one("status-over", "result", kind.outcome_words(outcome, cx)),
            None => crate::kinds::status(kind, &page.waiting, cx),
        };
        SeatPageHtml {
            w: cx.words,
            status,
            board: kind.board(view, cx),
            private: kind.private_part(view, me, cx),
            forms: kind.forms(view, me, &page.legal_actions, cx),
            game,
            flashes,
            seat_name: cx.name(me),
            seat_number: me.number(),
            move_path: format!("{base}/move"),
            history: present::history(&page.history, kind.name(), cx),
            rematch_path: (page.outcome.is_some() && page.rematch_url.is_none())
                .then(|| format!("{base}/rematch")),
            rematch_url: page.rematch_url.clone(),
            phrase_max: Contribution::PHRASE_MAX_CHARS,
            time: present::time_lines(
                &page.time,
                Some(me),
                cx,
                page.time
                    .zone
                    .as_deref()
                    .and_then(|z| z.parse().ok())
                    .unwrap_or(chrono_tz::UTC),
            ),
            time_forms: time_forms(page, base),
            talk: TalkShown::new(&page.talk, Some(me), Some(base), &page.seats, cx),
        }
    }
}

/// A seat's contribution to the deal from a form: the browser's random value and the phrase
/// typed, or `None` for one the server draws; a flash saying what is wrong when they do not fit.
fn contribution_of(entropy: &str, phrase: &str, w: Words) -> Result<Option<Contribution>, Flash> {
    let (entropy, phrase) = (entropy.trim(), phrase.trim());
    let text = format!("{entropy} {phrase}").trim().to_string();
    let fits = phrase.chars().count() <= Contribution::PHRASE_MAX_CHARS
        && entropy.chars().count() <= Contribution::BROWSER_VALUE_CHARS;
    if text.is_empty() {
        return Ok(None);
    }
    Contribution::parse(&text)
        .ok()
        .filter(|_| fits)
        .map(Some)
        .ok_or_else(|| {
            Flash::error(w.one("accept-bad-phrase", "max", Contribution::PHRASE_MAX_CHARS))
        })
}

#[derive(Debug, Deserialize)]
pub struct RematchForm {
    #[serde(default)]
    order: String,
    #[serde(default)]
    entropy: String,
    #[serde(default)]
    phrase: String,
}

/// POST …/rematch: propose to play again; the proposer lands on their seat in the new game.
pub async fn rematch(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<SeatPath>,
    form: web::Form<RematchForm>,
) -> HttpResponse {
    use crate::service::rematch::{RematchError, RematchOrder};
    let w = state.words(&request);
    let auth = match authorize(&state, &request, &path).await {
        Ok(auth) => auth,
        Err(response) => return response,
    };
    let contribution = match contribution_of(&form.entropy, &form.phrase, w) {
        Ok(contribution) => contribution,
        Err(flash) => {
            return seat_response(
                &state,
                &request,
                &path,
                vec![flash],
                StatusCode::BAD_REQUEST,
            )
            .await
        }
    };
    let order = if form.order == "random" {
        RematchOrder::Random
    } else {
        RematchOrder::Same
    };
    let ip = state.client_ip(&request);
    match blocking(&state, move |s, conn| {
        s.games
            .propose_rematch(conn, &auth, order, contribution, ip)
    })
    .await
    {
        Ok(Ok(created)) => see_other(seat_path(
            &created.game_id,
            created.creator_seat,
            &created.creator_token,
        )),
        Ok(Err(RematchError::Proposed(_))) => see_other(path_of(&path)),
        Ok(Err(RematchError::NotOver)) => {
            let flash = Flash::error(w.get("rematch-not-over"));
            seat_response(&state, &request, &path, vec![flash], StatusCode::CONFLICT).await
        }
        Ok(Err(RematchError::NoSuchGame)) => not_found(w),
        Ok(Err(RematchError::Create(crate::service::CreateError::Limited(limited)))) => {
            super::too_many(w, &limited)
        }
        Ok(Err(RematchError::Create(crate::service::CreateError::Invalid(problems)))) => {
            let kind = state.games.registry().kinds().next();
            let flashes = problems
                .iter()
                .map(|p| Flash::error(p.words(kind, w)))
                .collect();
            seat_response(&state, &request, &path, flashes, StatusCode::CONFLICT).await
        }
        Ok(Err(RematchError::Create(crate::service::CreateError::Unexpected(error))))
        | Ok(Err(RematchError::Unexpected(error))) => {
            PageError::unexpected(error, Some(&path.game), w)
        }
        Err(error) => error.into_response(w),
    }
}

/// The time forms of a seat page: a player of a running game may resign or declare an
/// absence; its creator may cancel it and invite replacements to resigned seats.
fn time_forms(page: &SeatPage, base: &str) -> TimeForms {
    let playing = page.game.status == GameStatus::Playing;
    let me = page.seats.iter().find(|s| s.seat == page.seat);
    let bot = page
        .time
        .bots
        .iter()
        .any(|(seat, _, resigned)| *seat == page.seat && *resigned);
    let creator = page.game.creator_seat == page.seat;
    TimeForms {
        resign: (playing && me.is_some() && !bot).then(|| format!("{base}/resign")),
        away: (playing && !bot).then(|| format!("{base}/away")),
        replace: if creator && playing {
            page.time
                .bots
                .iter()
                .filter(|(_, _, resigned)| *resigned)
                .map(|(seat, _, _)| {
                    let name = page
                        .seats
                        .iter()
                        .find(|s| s.seat == *seat)
                        .map(|s| s.name.clone())
                        .unwrap_or_default();
                    (seat.number(), name)
                })
                .collect()
        } else {
            Vec::new()
        },
        replace_path: (creator && playing).then(|| format!("{base}/replace")),
        cancel: (creator && matches!(page.game.status, GameStatus::Playing | GameStatus::Inviting))
            .then(|| format!("{base}/cancel")),
        back: (playing
            && page.time.bots.iter().any(|(seat, control, _)| {
                *seat == page.seat && *control == crate::domain::Control::Absent
            }))
        .then(|| format!("{base}/back")),
        name_max: crate::domain::PlayerName::MAX_CHARS,
        email_max: crate::domain::EmailAddress::MAX_CHARS,
    }
}

/// POST …/back: an absent player takes their seat back from the bot.
pub async fn take_back(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<SeatPath>,
) -> HttpResponse {
    let w = state.words(&request);
    let auth = match authorize(&state, &request, &path).await {
        Ok(auth) => auth,
        Err(response) => return response,
    };
    match blocking(&state, move |s, conn| s.games.take_back(conn, &auth)).await {
        Ok(Ok(_)) => see_other(path_of(&path)),
        Ok(Err(error)) => PageError::unexpected(error.into(), Some(&path.game), w),
        Err(error) => error.into_response(w),
    }
}

#[derive(Debug, Deserialize)]
pub struct AcceptForm {
    #[serde(default)]
    entropy: String,
    #[serde(default)]
    phrase: String,
}

pub async fn accept(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<SeatPath>,
    form: web::Form<AcceptForm>,
) -> HttpResponse {
    let w = state.words(&request);
    let auth = match authorize(&state, &request, &path).await {
        Ok(auth) => auth,
        Err(response) => return response,
    };
    let contribution = match contribution_of(&form.entropy, &form.phrase, w) {
        Ok(contribution) => contribution,
        Err(flash) => {
            return seat_response(
                &state,
                &request,
                &path,
                vec![flash],
                StatusCode::BAD_REQUEST,
            )
            .await
        }
    };
    let who = auth.clone();
    match blocking(&state, move |s, conn| {
        s.games.accept(conn, &who, contribution)
    })
    .await
    {
        Ok(Ok(accepted)) => {
            if accepted.started {
                state.games.play_bots(&state.db, auth.game_id()).await;
            }
            see_other(path_of(&path))
        }
        Ok(Err(AcceptError::AlreadyAccepted)) => see_other(path_of(&path)),
        Ok(Err(AcceptError::NotInviting)) => {
            let flash = Flash::error(w.get("accept-not-inviting"));
            seat_response(&state, &request, &path, vec![flash], StatusCode::CONFLICT).await
        }
        Ok(Err(AcceptError::NoSuchGame)) => not_found(w),
        Ok(Err(AcceptError::Unexpected(error))) => {
            PageError::unexpected(error, Some(&path.game), w)
        }
        Err(error) => error.into_response(w),
    }
}

fn path_of(path: &SeatPath) -> String {
    format!("/games/{}/seat/{}/{}", path.game, path.seat, path.token)
}

pub async fn decline(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<SeatPath>,
    form: web::Form<ConfirmForm>,
) -> HttpResponse {
    let w = state.words(&request);
    let auth = match authorize(&state, &request, &path).await {
        Ok(auth) => auth,
        Err(response) => return response,
    };
    // Declining cancels the game for everyone: ask first.
    if form.confirm != "yes" {
        let base = path_of(&path);
        return ask_first(w, "confirm-decline", format!("{base}/decline"), base);
    }
    match blocking(&state, move |s, conn| s.games.decline(conn, &auth)).await {
        Ok(Ok(())) => see_other(path_of(&path)),
        Ok(Err(DeclineError::NotInviting)) => message(StatusCode::CONFLICT, w, "page-too-late"),
        Ok(Err(DeclineError::NoSuchGame)) => not_found(w),
        Ok(Err(DeclineError::Unexpected(error))) => {
            PageError::unexpected(error, Some(&path.game), w)
        }
        Err(error) => error.into_response(w),
    }
}

pub async fn make_move(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<SeatPath>,
    form: web::Form<Vec<(String, String)>>,
) -> HttpResponse {
    let w = state.words(&request);
    let mut fields = form.into_inner();
    // A field the form has once, sent twice: not a form of ours.
    let twice = |name: &str| fields.iter().filter(|(n, _)| n == name).count() > 1;
    if twice("seq") || twice("action") {
        return message(StatusCode::BAD_REQUEST, w, "page-unreadable-form");
    }
    let seq = fields
        .iter()
        .find(|(name, _)| name == "seq")
        .and_then(|(_, value)| value.trim().parse::<i64>().ok());
    let Some(seq) = seq else {
        let flash = Flash::error(w.get("move-no-seq"));
        return seat_response(
            &state,
            &request,
            &path,
            vec![flash],
            StatusCode::BAD_REQUEST,
        )
        .await;
    };
    let link = match link_of(&path, w) {
        Ok(link) => link,
        Err(response) => return response,
    };
    // A button or a select sends the action's JSON; other forms are read by the game.
    let (input, sent_json) = match fields.iter().position(|(name, _)| name == "action") {
        Some(at) => (ActionInput::Json(fields.swap_remove(at).1), true),
        None => (ActionInput::Form(fields), false),
    };
    let mover = Mover::Link(link);
    match state
        .games
        .make_move(&state.db, mover, seq, vec![input], w.lang())
        .await
    {
        Ok(done) => see_other(format!("{}?moved={}", path_of(&path), done.seq)),
        Err(MoveError::NoSuchGame) => not_found(w),
        Err(MoveError::BadLink) => bad_link(w),
        Err(MoveError::Unreadable(why)) => {
            // A button's JSON that does not read is not the player's doing: say what to do.
            let flash = Flash::error(if sent_json {
                w.get("move-unknown-action")
            } else {
                why
            });
            seat_response(
                &state,
                &request,
                &path,
                vec![flash],
                StatusCode::BAD_REQUEST,
            )
            .await
        }
        Err(MoveError::Stale { current_seq }) => {
            let flash = Flash::error(w.one("move-stale", "seq", current_seq));
            seat_response(&state, &request, &path, vec![flash], StatusCode::CONFLICT).await
        }
        Err(MoveError::Illegal(error)) => {
            let why = rule_error_words(&state, &path, &error, w).await;
            let flash = Flash::error(w.one("move-illegal", "why", why));
            seat_response(
                &state,
                &request,
                &path,
                vec![flash],
                StatusCode::UNPROCESSABLE_ENTITY,
            )
            .await
        }
        Err(MoveError::NotPlaying) => {
            let flash = Flash::error(w.get("move-not-playing"));
            seat_response(&state, &request, &path, vec![flash], StatusCode::CONFLICT).await
        }
        Err(MoveError::Unexpected(error)) => PageError::unexpected(error, Some(&path.game), w),
        // Only the clock and bots meet these; a form moves as the seat's player.
        Err(
            error @ (MoveError::NothingToDecide
            | MoveError::NotTheDefault
            | MoveError::BeforeDeadline { .. }),
        ) => PageError::unexpected(error.into(), Some(&path.game), w),
    }
}

/// The rules' reason in the reader's words, with the game's player names.
async fn rule_error_words(
    state: &web::Data<AppState>,
    path: &SeatPath,
    error: &crate::kinds::RuleError,
    w: Words<'_>,
) -> String {
    let names = match GameId::parse(&path.game) {
        Ok(id) => match blocking(state, move |s, conn| s.games.info(conn, &id)).await {
            Ok(Ok((_, seats))) => present::names_of(&seats),
            _ => Default::default(),
        },
        Err(_) => Default::default(),
    };
    let viewer = Seat::from_number(path.seat).map_or(Viewer::Spectator, Viewer::Seat);
    match state.games.kind(error.game()) {
        Ok(kind) => kind.rule_error_words(error, &Ctx::new(w, &names, viewer)),
        Err(_) => error.to_string(),
    }
}

// ---------------------------------------------------------------- time and seats

#[derive(Template)]
#[template(path = "confirm.html")]
struct ConfirmPage<'w> {
    w: Words<'w>,
    title: String,
    text: String,
    action: String,
    button: String,
    back: String,
}

#[derive(Debug, Default, Deserialize)]
pub struct ConfirmForm {
    #[serde(default)]
    confirm: String,
}

/// A page that asks "are you sure?" before `action` is posted again with `confirm=yes`.
fn ask_first(w: Words, id: &str, action: String, back: String) -> HttpResponse {
    render(
        StatusCode::OK,
        &ConfirmPage {
            w,
            title: w.get(id),
            text: w.get(&format!("{id}.text")),
            button: w.get(&format!("{id}.button")),
            action,
            back,
        },
    )
}

/// POST …/resign: after a confirmation, the bot plays this seat from now on.
pub async fn resign(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<SeatPath>,
    form: web::Form<ConfirmForm>,
) -> HttpResponse {
    let w = state.words(&request);
    let auth = match authorize(&state, &request, &path).await {
        Ok(auth) => auth,
        Err(response) => return response,
    };
    let base = path_of(&path);
    if form.confirm != "yes" {
        return ask_first(w, "confirm-resign", format!("{base}/resign"), base);
    }
    let game = auth.game_id().clone();
    match blocking(&state, move |s, conn| s.games.resign(conn, &auth)).await {
        Ok(Ok(())) => {
            state.games.play_bots(&state.db, &game).await;
            see_other(base)
        }
        Ok(Err(crate::service::time::TimeError::NotPlaying)) => {
            let flash = Flash::error(w.get("time-not-playing"));
            seat_response(&state, &request, &path, vec![flash], StatusCode::CONFLICT).await
        }
        Ok(Err(error)) => PageError::unexpected(error.into(), Some(&path.game), w),
        Err(error) => error.into_response(w),
    }
}

/// A message from a seat page: its text and, for a private one, the seat it is for.
#[derive(Debug, Deserialize)]
pub struct MessageForm {
    #[serde(default)]
    pub text: String,
    #[serde(default)]
    pub to: String,
}

/// POST …/messages: say something to the table, or privately to one seat.
pub async fn post_message(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<SeatPath>,
    form: web::Form<MessageForm>,
) -> HttpResponse {
    use crate::service::talk::{MessageError, MessageText, Via};
    let w = state.words(&request);
    let auth = match authorize(&state, &request, &path).await {
        Ok(auth) => auth,
        Err(response) => return response,
    };
    let form = form.into_inner();
    let again = |flash: Flash, status: StatusCode| {
        let (state, request, path, draft) = (
            state.clone(),
            request.clone(),
            (*path).clone(),
            form.text.clone(),
        );
        async move {
            let lang = w.lang().to_owned();
            let found = seat_page_of(&state, &request, &path, move |s, conn, link| {
                s.games.seat_page(conn, link, &lang)
            });
            match found.await {
                Ok(page) => render_seat_with(&state, w, &path, page, vec![flash], status, draft),
                Err(response) => response,
            }
        }
    };
    let text = match MessageText::parse(&form.text) {
        Ok(text) => text,
        Err(bad) => {
            return again(
                Flash::error(w.get(bad.key())),
                StatusCode::UNPROCESSABLE_ENTITY,
            )
            .await
        }
    };
    let to = match form.to.trim() {
        "" => None,
        n => match n.parse::<u8>() {
            Ok(n) if n >= 1 => Some(Seat(n - 1)),
            _ => {
                let flash = Flash::error(w.get("talk-problem-no-such-seat"));
                return again(flash, StatusCode::UNPROCESSABLE_ENTITY).await;
            }
        },
    };
    let posted = blocking(&state, move |s, conn| {
        s.games.post_message(conn, &auth, to, &text, Via::Page)
    })
    .await;
    match posted {
        Ok(Ok(_)) => see_other(format!("{}#talk", path_of(&path))),
        Ok(Err(MessageError::NoSuchSeat)) => {
            let flash = Flash::error(w.get("talk-problem-no-such-seat"));
            again(flash, StatusCode::UNPROCESSABLE_ENTITY).await
        }
        Ok(Err(MessageError::Bad(bad))) => {
            again(
                Flash::error(w.get(bad.key())),
                StatusCode::UNPROCESSABLE_ENTITY,
            )
            .await
        }
        Ok(Err(MessageError::Limited(_))) => {
            let flash = Flash::error(w.get("talk-problem-limited"));
            again(flash, StatusCode::TOO_MANY_REQUESTS).await
        }
        Ok(Err(MessageError::NoSuchGame)) => not_found(w),
        Ok(Err(MessageError::Unexpected(error))) => {
            PageError::unexpected(error, Some(&path.game), w)
        }
        Err(error) => error.into_response(w),
    }
}

/// POST …/cancel (the creator): after a confirmation, the game is cancelled for everyone.
pub async fn creator_cancel(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<SeatPath>,
    form: web::Form<ConfirmForm>,
) -> HttpResponse {
    use crate::service::{Cancel, CancelError};
    let w = state.words(&request);
    let auth = match authorize(&state, &request, &path).await {
        Ok(auth) => auth,
        Err(response) => return response,
    };
    let base = path_of(&path);
    if form.confirm != "yes" {
        return ask_first(w, "confirm-cancel", format!("{base}/cancel"), base);
    }
    match blocking(&state, move |s, conn| {
        s.games
            .cancel(conn, auth.game_id(), Cancel::Creator(auth.seat()))
    })
    .await
    {
        Ok(Ok(())) => see_other(base),
        Ok(Err(CancelError::NotCancellable)) => {
            let flash = Flash::error(w.get("time-not-cancellable"));
            seat_response(&state, &request, &path, vec![flash], StatusCode::CONFLICT).await
        }
        Ok(Err(CancelError::NoSuchGame)) => not_found(w),
        Ok(Err(CancelError::Unexpected(error))) => {
            PageError::unexpected(error, Some(&path.game), w)
        }
        Err(error) => error.into_response(w),
    }
}

#[derive(Debug, Default, Deserialize)]
pub struct ReplaceForm {
    #[serde(default)]
    seat: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    email: String,
}

/// POST …/replace (the creator): a new player takes a resigned seat.
pub async fn replace(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<SeatPath>,
    form: web::Form<ReplaceForm>,
) -> HttpResponse {
    use crate::service::time::TimeError;
    let w = state.words(&request);
    let auth = match authorize(&state, &request, &path).await {
        Ok(auth) => auth,
        Err(response) => return response,
    };
    let seat = form.seat.parse::<u8>().ok().and_then(Seat::from_number);
    let name = crate::domain::PlayerName::parse(&form.name);
    let email = state.games.player_address(&form.email);
    let ours = email == Err(crate::service::own::AddressProblem::Ours);
    let (Some(seat), Ok(name), Ok(email)) = (seat, name, email) else {
        let flash = Flash::error(if ours {
            w.one("replace-problem-email-ours", "email", form.email.trim())
        } else {
            w.get("replace-problem")
        });
        return seat_response(
            &state,
            &request,
            &path,
            vec![flash],
            StatusCode::BAD_REQUEST,
        )
        .await;
    };
    match blocking(&state, move |s, conn| {
        s.games.replace(conn, &auth, seat, &name, &email)
    })
    .await
    {
        Ok(Ok(())) => see_other(format!("{}?replaced={}", path_of(&path), seat.number())),
        Ok(Err(TimeError::Refused(problem))) => {
            let kind = state.games.registry().kinds().next();
            let flash = Flash::error(problem.words(kind, w));
            seat_response(&state, &request, &path, vec![flash], StatusCode::CONFLICT).await
        }
        Ok(Err(TimeError::NotCreator)) | Ok(Err(TimeError::NotReplaceable)) => {
            let flash = Flash::error(w.get("replace-problem"));
            seat_response(&state, &request, &path, vec![flash], StatusCode::CONFLICT).await
        }
        Ok(Err(TimeError::NotPlaying)) => {
            let flash = Flash::error(w.get("replace-not-playing"));
            seat_response(&state, &request, &path, vec![flash], StatusCode::CONFLICT).await
        }
        Ok(Err(TimeError::Limited(limited))) => super::too_many(w, &limited),
        Ok(Err(error)) => PageError::unexpected(error.into(), Some(&path.game), w),
        Err(error) => error.into_response(w),
    }
}

#[derive(Debug, Default, Deserialize)]
pub struct AwayForm {
    #[serde(default)]
    from: String,
    #[serde(default)]
    to: String,
}

/// POST …/away: the seat's person declares an absence; their deadlines in every game move
/// past it.
pub async fn away(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<SeatPath>,
    form: web::Form<AwayForm>,
) -> HttpResponse {
    use crate::service::time::AbsenceProblem;
    let w = state.words(&request);
    let auth = match authorize(&state, &request, &path).await {
        Ok(auth) => auth,
        Err(response) => return response,
    };
    let dates = (
        chrono::NaiveDate::parse_from_str(form.from.trim(), "%Y-%m-%d"),
        chrono::NaiveDate::parse_from_str(form.to.trim(), "%Y-%m-%d"),
    );
    let (Ok(from), Ok(to)) = dates else {
        let flash = Flash::error(w.get("away-problem-dates"));
        return seat_response(
            &state,
            &request,
            &path,
            vec![flash],
            StatusCode::BAD_REQUEST,
        )
        .await;
    };
    let done = blocking(
        &state,
        move |s, conn| -> anyhow::Result<Result<(), AbsenceProblem>> {
            let seats = crate::store::seats_of(conn, auth.game_id())?;
            let mine = seats
                .iter()
                .find(|r| r.seat == auth.seat().0 as i32)
                .ok_or_else(|| anyhow::anyhow!("no such seat"))?;
            let person = crate::store::ensure_address(conn, &mine.email, s.games.now())?;
            s.games.declare_absence(conn, &person, from, to)
        },
    )
    .await;
    let flash = match done {
        Ok(Ok(Ok(()))) => return see_other(format!("{}?away=1", path_of(&path))),
        Ok(Ok(Err(AbsenceProblem::Dates))) => Flash::error(w.get("away-problem-dates")),
        Ok(Ok(Err(AbsenceProblem::TooLong { left }))) => Flash::error(w.two(
            "away-problem-long",
            ("days", state.games.time_rules().vacation_days),
            ("left", left),
        )),
        Ok(Err(error)) => return PageError::unexpected(error, Some(&path.game), w),
        Err(error) => return error.into_response(w),
    };
    seat_response(
        &state,
        &request,
        &path,
        vec![flash],
        StatusCode::BAD_REQUEST,
    )
    .await
}
