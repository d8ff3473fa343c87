//! The public page of a game: who plays, where it stands, its board and history as a
//! spectator may see them (everything once it is over), and its record and replay.

use super::errors::Answer;
use super::html::render;
use super::present::{self, cancelled_key, undelivered, GameShown, TalkShown};
use super::AppState;
use crate::domain::{GameId, GameStatus};
use crate::engine::Viewer;
use crate::present::{seat_fill, Ctx, Html, Words};
use crate::service::LoadError;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest};
use askama::Template;

pub struct PublicPlayer {
    pub number: u8,
    pub name: String,
    /// The seat's contribution to the deal seed, public once given.
    pub contribution: String,
    pub colour: &'static str,
    pub cells: Vec<String>,
    /// The person's reliability (empty for a bot's seat or when they hide it).
    pub reliability: String,
}

pub struct Milestone {
    pub path: String,
    pub label: String,
}

#[derive(Template)]
#[template(path = "public.html")]
pub struct PublicPageHtml<'w> {
    pub w: Words<'w>,
    pub game: GameShown,
    /// The server's secret once the game is over (empty before).
    pub revealed_secret: String,
    pub columns: Vec<String>,
    pub players: Vec<PublicPlayer>,
    pub status: String,
    pub result: String,
    pub standings: Vec<String>,
    pub milestones: Vec<Milestone>,
    pub record_path: String,
    pub replay_path: String,
    pub board: Html,
    pub history: Vec<present::Chapter>,
    /// The link to the history this page leaves out.
    pub earlier: Option<present::Earlier>,
    pub notices: Vec<String>,
    /// Deadlines, bots, absences, in the reader's zone.
    pub time: Vec<String>,
    pub talk: TalkShown,
    /// What the table has proposed, a pause (the votes are public).
    pub table: super::html::TableShown,
}

pub async fn public(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<String>,
) -> super::Answered {
    let w = state.words(&request);
    let id = GameId::parse(&path).map_err(|_| Answer::no_game())?;
    // Times in the zone of whoever is signed in, else the zone their browser suggests.
    let session = request
        .cookie(crate::service::people::SESSION_COOKIE)
        .map(|c| c.value().to_owned());
    let guess = super::zone::guess(&request, w.lang());
    let public = state
        .service
        .public_view(&id, w.lang(), session, guess)
        .await?;
    let (page, zone, milestones) = (public.page, public.zone, public.milestones);
    let kind = state.games.kind(&page.game.kind).map_err(LoadError::from)?;
    let names = present::names_of(&page.seats);
    let viewer = if page.revealed_secret.is_some() {
        Viewer::Reviewer
    } else {
        Viewer::Spectator
    };
    let cx = Ctx::new(w, &names, viewer);
    let time = present::time_lines(&page.time, None, &cx, zone);
    let view = page.view.as_ref();
    let status = match page.game.status {
        GameStatus::Inviting => w.one(
            "status-inviting",
            "seats",
            cx.list(
                &page
                    .seats
                    .iter()
                    .filter(|s| !s.accepted)
                    .map(|s| s.seat)
                    .collect::<Vec<_>>(),
            ),
        ),
        GameStatus::Cancelled => w.get(&cancelled_key("status-cancelled", &page.game)),
        _ => match &page.outcome {
            Some(outcome) => w.one("status-over", "result", kind.outcome_words(outcome, &cx)),
            None => crate::kinds::status(kind, &page.waiting, &cx),
        },
    };
    let (shown, left_out) = present::newest_within(&page.history, present::HISTORY_ON_PAGE);
    let players = page
        .seats
        .iter()
        .map(|s| PublicPlayer {
            number: s.seat.number(),
            name: s.name.clone(),
            contribution: match (&s.contribution, s.contribution_source) {
                (Some(value), Some(crate::domain::ContributionSource::Server)) => {
                    w.one("public-contribution-server", "value", value)
                }
                (Some(value), _) => value.clone(),
                (None, _) => w.get("public-contribution-none"),
            },
            colour: view
                .and_then(|v| kind.seat_colour(v, s.seat))
                .unwrap_or_else(|| seat_fill(s.seat)),
            cells: view.map_or_else(Vec::new, |v| kind.player_cells(v, s.seat, &cx)),
            reliability: super::present::reliability(
                w,
                page.reliability
                    .get(s.seat.index())
                    .and_then(Option::as_ref),
            ),
        })
        .collect();
    let result = page
        .outcome
        .as_ref()
        .map(|o| kind.outcome_words(o, &cx))
        .unwrap_or_default();
    let standings = match view {
        Some(v) => page
            .standings
            .iter()
            .map(|s| kind.standing_words(v, s, &cx))
            .collect(),
        None => Vec::new(),
    };
    let id = page.game.id.as_str().to_string();
    let milestones = super::review::milestone_links(&page.game.id, milestones, w);
    let html = PublicPageHtml {
        w,
        revealed_secret: page.revealed_secret.clone().unwrap_or_default(),
        game: present::GameShown {
            receipt: page.receipt.clone().unwrap_or_default(),
            ..present::game_shown(kind, &page.game, page.seq, view, &cx)
        },
        columns: if view.is_some() {
            kind.player_columns(&cx)
        } else {
            Vec::new()
        },
        players,
        status,
        result,
        standings,
        milestones,
        record_path: format!("/games/{id}/record.json"),
        replay_path: format!("/games/{id}/replay/{}", page.seq),
        board: view.map(|v| kind.board(v, &cx)).unwrap_or_default(),
        history: present::history(shown, kind.name(), &cx),
        earlier: present::Earlier::of(left_out, &format!("/games/{id}/history"), &w),
        notices: page.undelivered.iter().map(|u| undelivered(w, u)).collect(),
        talk: TalkShown::new(&page.talk, None, None, &page.seats, page.game.press, &cx).window(
            present::TALK_ON_PAGE,
            None,
            &format!("/games/{id}/talk"),
            &w,
        ),
        table: super::html::TableShown::new(
            page.table.as_ref(),
            page.outcome.is_some(),
            None,
            page.seq,
            page.seats.len() as u8,
            page.time.now.0,
            zone,
            &cx,
        ),
        time,
    };
    Ok(render(StatusCode::OK, &html))
}
