//! What a game's pages leave out, page by page: the older history entries and the older
//! messages, for the public (the spectator's words) and for a seat (its own), each page bounded.

use super::errors::Answer;
use super::html::{path_of, render, SeatPath};
use super::present::{self, Earlier, TalkShown};
use super::{Answered, AppState};
use crate::domain::GameId;
use crate::engine::Viewer;
use crate::present::{Ctx, Words};
use crate::service::{HistoryEntry, LoadError};
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest};
use askama::Template;
use serde::Deserialize;
use std::sync::Arc;

#[derive(Debug, Deserialize)]
pub struct Before {
    /// Entries before this move number (all of them when absent).
    before: Option<i64>,
}

#[derive(Debug, Deserialize)]
pub struct OlderTalk {
    /// Messages older than this one (`<sent ms>-<id>`; all of them when absent).
    before: Option<String>,
}

#[derive(Template)]
#[template(path = "history_page.html")]
pub struct HistoryPage<'w> {
    pub w: Words<'w>,
    pub title: String,
    pub intro: String,
    pub game_path: String,
    pub entries: Vec<Arc<HistoryEntry>>,
    pub earlier: Option<Earlier>,
}

/// One page of `history` (newest first): the entries before `before`, as many as fit.
fn page<'w>(
    w: Words<'w>,
    name: &str,
    history: &[Arc<HistoryEntry>],
    before: Option<i64>,
    game_path: String,
    history_path: &str,
) -> HistoryPage<'w> {
    let from = before.map_or(0, |b| history.partition_point(|e| e.seq >= b));
    let (shown, left_out) = present::newest_within(&history[from..], present::HISTORY_PER_PAGE);
    let intro = match (shown.last(), shown.first()) {
        (Some(first), Some(last)) => w.two(
            "history-page-intro",
            ("first", first.seq),
            ("last", last.seq),
        ),
        _ => w.get("history-page-none"),
    };
    HistoryPage {
        title: w.one("history-page-title", "game", name),
        intro,
        game_path,
        entries: shown.to_vec(),
        earlier: Earlier::of(left_out, history_path, &w),
        w,
    }
}

/// The game `path` names as the public sees it, for the reader of `request`.
async fn public_of(
    state: &AppState,
    request: &HttpRequest,
    path: &str,
    w: Words<'_>,
) -> Result<(GameId, crate::service::requests::PublicView), actix_web::Error> {
    let id = GameId::parse(path).map_err(|_| Answer::no_game())?;
    let session = request
        .cookie(crate::service::people::SESSION_COOKIE)
        .map(|c| c.value().to_owned());
    let guess = super::zone::guess(request, w.lang());
    let public = state
        .service
        .public_view(&id, w.lang(), session, guess)
        .await?;
    Ok((id, public))
}

/// `GET /games/{id}/history?before=N`: the public history, as the public page words it.
pub async fn public(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<String>,
    query: web::Query<Before>,
) -> Answered {
    let w = state.words(&request);
    let (id, public) = public_of(&state, &request, &path, w).await?;
    let kind = state
        .games
        .kind(&public.page.game.kind)
        .map_err(LoadError::from)?;
    let names = present::names_of(&public.page.seats);
    let cx = Ctx::new(w, &names, Viewer::Spectator);
    let shown = present::game_shown(kind, &public.page.game, public.page.seq, None, &cx);
    let html = page(
        w,
        &shown.name,
        &public.page.history,
        query.before,
        shown.public_path.clone(),
        &format!("/games/{id}/history"),
    );
    Ok(render(StatusCode::OK, &html))
}

/// `GET <seat link>/history?before=N`: the seat's own history, as its page words it.
pub async fn seat(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<SeatPath>,
    query: web::Query<Before>,
) -> Answered {
    let (seat, w) = super::html::followed_seat(&state, &request, &path).await?;
    let kind = state.games.kind(&seat.game.kind).map_err(LoadError::from)?;
    let names = present::names_of(&seat.seats);
    let cx = Ctx::new(w, &names, Viewer::Seat(seat.seat));
    let shown = present::game_shown(kind, &seat.game, seat.seq, None, &cx);
    let base = path_of(&path);
    let html = page(
        w,
        &shown.name,
        &seat.history,
        query.before,
        base.clone(),
        &format!("{base}/history"),
    );
    Ok(render(StatusCode::OK, &html))
}

#[derive(Template)]
#[template(path = "talk_page.html")]
pub struct TalkPage<'w> {
    pub w: Words<'w>,
    pub title: String,
    pub game_path: String,
    pub talk: TalkShown,
}

/// `GET /games/{id}/talk?before=K`: the public messages older than K, the newest that fit.
pub async fn public_talk(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<String>,
    query: web::Query<OlderTalk>,
) -> Answered {
    let w = state.words(&request);
    let (id, public) = public_of(&state, &request, &path, w).await?;
    let kind = state
        .games
        .kind(&public.page.game.kind)
        .map_err(LoadError::from)?;
    let names = present::names_of(&public.page.seats);
    let cx = Ctx::new(w, &names, Viewer::Spectator);
    let shown = present::game_shown(kind, &public.page.game, public.page.seq, None, &cx);
    let talk = TalkShown::new(
        &public.page.talk,
        None,
        None,
        &public.page.seats,
        public.page.game.press,
        &cx,
    );
    let html = TalkPage {
        title: w.one("talk-page-title", "game", shown.name.as_str()),
        game_path: shown.public_path.clone(),
        talk: talk.window(
            present::TALK_PER_PAGE,
            query.before.as_deref(),
            &format!("/games/{id}/talk"),
            &w,
        ),
        w,
    };
    Ok(render(StatusCode::OK, &html))
}

/// `GET <seat link>/talk?before=K`: the messages the seat reads that are older than K, with
/// the report and block forms beside them; the page to write from is the seat's own.
pub async fn seat_talk(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<SeatPath>,
    query: web::Query<OlderTalk>,
) -> Answered {
    let (seat, w) = super::html::followed_seat(&state, &request, &path).await?;
    let kind = state.games.kind(&seat.game.kind).map_err(LoadError::from)?;
    let names = present::names_of(&seat.seats);
    let cx = Ctx::new(w, &names, Viewer::Seat(seat.seat));
    let shown = present::game_shown(kind, &seat.game, seat.seq, None, &cx);
    let base = path_of(&path);
    let mut talk = TalkShown::new(
        &seat.talk,
        Some(seat.seat),
        Some(&base),
        &seat.seats,
        seat.game.press,
        &cx,
    );
    talk.form = None;
    talk.press = None;
    let html = TalkPage {
        title: w.one("talk-page-title", "game", shown.name.as_str()),
        talk: talk.window(
            present::TALK_PER_PAGE,
            query.before.as_deref(),
            &format!("{base}/talk"),
            &w,
        ),
        game_path: base,
        w,
    };
    Ok(render(StatusCode::OK, &html))
}
