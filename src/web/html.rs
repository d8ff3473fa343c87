//! The HTML pages: home and new-game form, invitations, the seat page with its move forms, and
//! the public page. Each handler parses, calls the game service, and renders; no rules here.

use super::present::{self, CardChip, Flash, GameShown, Group, LineShown};
use super::{blocking, AppState, PageError};
use crate::engine::condottiere::Action;
use crate::engine::Seat;
use crate::games::words::describe_outcome;
use crate::games::{
    AcceptError, AuthError, Contribution, DeclineError, GameId, GameStatus, LoadError, MoveError,
    SeatAuth, SeatPage, SeatToken,
};
use crate::store::AnyConnection;
use crate::web::map::Board;
use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpResponse};
use askama::Template;
use serde::Deserialize;

pub fn render(status: StatusCode, page: &impl Template) -> HttpResponse {
    match page.render() {
        Ok(body) => HttpResponse::build(status)
            .content_type("text/html; charset=utf-8")
            .body(body),
        Err(error) => {
            tracing::error!(%error, "template failed");
            HttpResponse::InternalServerError()
                .body("Something went wrong on our side. Please try again.")
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
pub struct MessagePage {
    pub title: String,
    pub text: String,
    pub hint: String,
}

pub fn message(
    status: StatusCode,
    title: &str,
    text: impl Into<String>,
    hint: impl Into<String>,
) -> HttpResponse {
    render(
        status,
        &MessagePage {
            title: title.into(),
            text: text.into(),
            hint: hint.into(),
        },
    )
}

pub fn not_found() -> HttpResponse {
    message(
        StatusCode::NOT_FOUND,
        "No such game",
        "There is no game at this address.",
        "Check the link in your mail.",
    )
}

pub fn bad_link() -> HttpResponse {
    message(
        StatusCode::FORBIDDEN,
        "This link is not valid",
        "This seat link is not valid: it may be mistyped, or it was replaced by a newer link.",
        "Use the link in the most recent mail about this game. If you lost it, ask the game's creator \
         or the operator to send you a fresh one (corriere seat relink GAME SEAT).",
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
pub struct AcceptPage {
    pub game: GameShown,
    pub flashes: Vec<Flash>,
    pub seat_name: String,
    pub seat_number: u8,
    pub players: Vec<PlayerShown>,
    pub accepted: bool,
    pub accept_path: String,
    pub decline_path: String,
}

#[derive(Template)]
#[template(path = "seat.html")]
pub struct SeatPageHtml {
    pub game: GameShown,
    pub flashes: Vec<Flash>,
    pub seat_name: String,
    pub seat_number: u8,
    pub status: String,
    pub board: Board,
    pub lines: Vec<LineShown>,
    pub hand: Vec<CardChip>,
    pub groups: Vec<Group>,
    pub keep: Option<Vec<present::KeepChoice>>,
    pub move_path: String,
    pub history: Vec<String>,
}

#[derive(Debug, Deserialize)]
pub struct SeatPath {
    game: String,
    seat: u8,
    token: String,
}

#[derive(Debug, Default, Deserialize)]
pub struct SeatQuery {
    created: Option<u8>,
    moved: Option<i64>,
}

/// Check the seat link in `path` and run `work` for its seat, in one trip to the database;
/// any problem with the link is a 403 (or a 404 for an unknown game).
async fn for_link<T, F>(
    state: &web::Data<AppState>,
    path: &SeatPath,
    work: F,
) -> Result<(T, SeatAuth), HttpResponse>
where
    T: Send + 'static,
    F: FnOnce(&AppState, &mut AnyConnection, &SeatAuth) -> T + Send + 'static,
{
    let game = GameId::parse(&path.game).map_err(|_| not_found())?;
    let seat = Seat::from_number(path.seat).ok_or_else(bad_link)?;
    let token = SeatToken::parse(&path.token).map_err(|_| bad_link())?;
    match blocking(state, move |s, conn| {
        let auth = s.games.authorize(conn, &game, seat, &token)?;
        Ok((work(s, conn, &auth), auth))
    })
    .await
    {
        Ok(Ok(done)) => Ok(done),
        Ok(Err(AuthError::NoSuchGame)) => Err(not_found()),
        Ok(Err(AuthError::BadLink)) => Err(bad_link()),
        Ok(Err(AuthError::Unexpected(error))) => Err(PageError::unexpected(error, None)),
        Err(error) => Err(error.into_response()),
    }
}

/// Check the seat link in `path`; for handlers that check before they act.
async fn authorize(state: &web::Data<AppState>, path: &SeatPath) -> Result<SeatAuth, HttpResponse> {
    for_link(state, path, |_, _, _| ())
        .await
        .map(|((), auth)| auth)
}

pub async fn seat(
    state: web::Data<AppState>,
    path: web::Path<SeatPath>,
    query: web::Query<SeatQuery>,
) -> HttpResponse {
    let (page, auth) =
        match for_link(&state, &path, |s, conn, auth| s.games.seat_page(conn, auth)).await {
            Ok(done) => done,
            Err(response) => return response,
        };
    let mut flashes = Vec::new();
    if query.created.is_some() {
        flashes.push(Flash::info(format!(
            "Game created. Invitations are on their way. Your own seat link is this page's address: {}{} \
             (keep it private). The public page for spectators is {}/games/{}.",
            state.base_url(),
            super::html::seat_path(auth.game_id(), auth.seat(), &SeatToken::parse(&path.token).expect("authorized")),
            state.base_url(),
            auth.game_id().as_str()
        )));
    }
    if let Some(seq) = query.moved {
        flashes.push(Flash::info(format!(
            "Your move was recorded as move {seq}."
        )));
    }
    render_seat(&path, page, flashes, StatusCode::OK)
}

async fn seat_response(
    state: &web::Data<AppState>,
    path: &SeatPath,
    auth: SeatAuth,
    flashes: Vec<Flash>,
    status: StatusCode,
) -> HttpResponse {
    match blocking(state, move |s, conn| s.games.seat_page(conn, &auth)).await {
        Ok(page) => render_seat(path, page, flashes, status),
        Err(error) => error.into_response(),
    }
}

/// The seat page (or the invitation, or the cancelled notice) for what `seat_page` returned.
fn render_seat(
    path: &SeatPath,
    page: Result<SeatPage, LoadError>,
    mut flashes: Vec<Flash>,
    status: StatusCode,
) -> HttpResponse {
    let page = match page {
        Ok(page) => page,
        Err(LoadError::NoSuchGame) => return not_found(),
        Err(LoadError::Unexpected(error)) => return PageError::unexpected(error, Some(&path.game)),
    };
    let names = present::names_of(&page.seats);
    let me = page.seat;
    let base = format!("/games/{}/seat/{}/{}", path.game, path.seat, path.token);
    let game = present::game_shown(&page.game, &page.seats, page.seq, page.view.as_ref());
    let seat_name = names.name(me);
    match (page.game.status, &page.view) {
        (GameStatus::Cancelled, _) => message(
            status,
            "This game was cancelled",
            "A player declined the invitation, so this game will not be played.",
            "Start a new game from the home page.",
        ),
        (GameStatus::Inviting, _) | (_, None) => {
            if page.game.options.play_for_points.is_some() && page.game.options.capturing_regions {
                flashes.push(Flash::info(
                    "Note: the rulebook advises against playing Play for Points together with Capturing Regions.",
                ));
            }
            let accepted = page.seats.iter().any(|s| s.seat == me && s.accepted);
            render(
                status,
                &AcceptPage {
                    game,
                    flashes,
                    seat_name,
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
                },
            )
        }
        (_, Some(view)) => render(
            status,
            &SeatPageHtml::build(&page, view, game, &base, flashes),
        ),
    }
}

impl SeatPageHtml {
    /// The seat page of a started game, from what the game service returned (`view` is
    /// `page.view`); `base` is the seat link's path. Public so the rendering can be benchmarked.
    pub fn build(
        page: &crate::games::SeatPage,
        view: &crate::engine::condottiere::View,
        game: GameShown,
        base: &str,
        flashes: Vec<Flash>,
    ) -> SeatPageHtml {
        let names = present::names_of(&page.seats);
        let me = page.seat;
        let hand = present::hand(view, me);
        let (groups, keep) = present::groups(&page.legal_actions);
        SeatPageHtml {
            status: present::status(Some(view), Some(me), &names, ""),
            board: present::board_of(view, &names),
            lines: present::lines(view, &names),
            game,
            flashes,
            seat_name: names.name(me),
            seat_number: me.number(),
            hand,
            groups,
            keep,
            move_path: format!("{base}/move"),
            history: present::history(&page.history, &names),
        }
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
    path: web::Path<SeatPath>,
    form: web::Form<AcceptForm>,
) -> HttpResponse {
    let auth = match authorize(&state, &path).await {
        Ok(auth) => auth,
        Err(response) => return response,
    };
    let text = format!("{} {}", form.entropy.trim(), form.phrase.trim())
        .trim()
        .to_string();
    let contribution = if text.is_empty() {
        None
    } else {
        match Contribution::parse(&text) {
            Ok(c) => Some(c),
            Err(_) => {
                let flash = Flash::error("Your phrase is too long or has control characters: use at most 120 ordinary characters.");
                return seat_response(&state, &path, auth, vec![flash], StatusCode::BAD_REQUEST)
                    .await;
            }
        }
    };
    let who = auth.clone();
    match blocking(&state, move |s, conn| {
        s.games.accept(conn, &who, contribution)
    })
    .await
    {
        Ok(Ok(_)) | Ok(Err(AcceptError::AlreadyAccepted)) => see_other(path_of(&path)),
        Ok(Err(AcceptError::NotInviting)) => {
            let flash = Flash::error("This game is no longer waiting for players.");
            seat_response(&state, &path, auth, vec![flash], StatusCode::CONFLICT).await
        }
        Ok(Err(AcceptError::NoSuchGame)) => not_found(),
        Ok(Err(AcceptError::Unexpected(error))) => PageError::unexpected(error, Some(&path.game)),
        Err(error) => error.into_response(),
    }
}

fn path_of(path: &SeatPath) -> String {
    format!("/games/{}/seat/{}/{}", path.game, path.seat, path.token)
}

pub async fn decline(state: web::Data<AppState>, path: web::Path<SeatPath>) -> HttpResponse {
    let auth = match authorize(&state, &path).await {
        Ok(auth) => auth,
        Err(response) => return response,
    };
    match blocking(&state, move |s, conn| s.games.decline(conn, &auth)).await {
        Ok(Ok(())) => see_other(path_of(&path)),
        Ok(Err(DeclineError::NotInviting)) => message(
            StatusCode::CONFLICT,
            "Too late to decline",
            "This game has already started (or was cancelled), so it can no longer be declined.",
            "",
        ),
        Ok(Err(DeclineError::NoSuchGame)) => not_found(),
        Ok(Err(DeclineError::Unexpected(error))) => PageError::unexpected(error, Some(&path.game)),
        Err(error) => error.into_response(),
    }
}

#[derive(Debug, Deserialize)]
pub struct MoveForm {
    #[serde(default)]
    seq: String,
    #[serde(default)]
    action: String,
}

impl MoveForm {
    fn parse(&self) -> Result<(i64, Action), String> {
        let seq = self.seq.trim().parse::<i64>().map_err(|_| {
            "The form did not say which move it was made for; reload the page and try again."
                .to_string()
        })?;
        let action = serde_json::from_str::<Action>(&self.action).map_err(|_| {
            "The form did not name a move we understand; reload the page and use its buttons."
                .to_string()
        })?;
        Ok((seq, action))
    }
}

pub async fn make_move(
    state: web::Data<AppState>,
    path: web::Path<SeatPath>,
    form: web::Form<MoveForm>,
) -> HttpResponse {
    let (seq, action) = match form.parse() {
        Ok(parsed) => parsed,
        Err(text) => {
            let auth = match authorize(&state, &path).await {
                Ok(auth) => auth,
                Err(response) => return response,
            };
            return seat_response(
                &state,
                &path,
                auth,
                vec![Flash::error(text)],
                StatusCode::BAD_REQUEST,
            )
            .await;
        }
    };
    let first = action.clone();
    let (prepared, auth) = match for_link(&state, &path, move |s, conn, auth| {
        s.games.prepare_move(conn, auth, seq, &first)
    })
    .await
    {
        Ok(done) => done,
        Err(response) => return response,
    };
    match super::complete_move(&state, auth.clone(), prepared, seq, action).await {
        Ok(done) => see_other(format!("{}?moved={}", path_of(&path), done.seq)),
        Err(MoveError::Stale { current_seq }) => {
            let flash = Flash::error(format!(
                "The game moved on since this page was drawn (it is now at move {current_seq}): nothing was applied. \
                 Here is the current state."
            ));
            seat_response(&state, &path, auth, vec![flash], StatusCode::CONFLICT).await
        }
        Err(MoveError::Illegal(error)) => {
            let flash = Flash::error(format!(
                "That move is not allowed: {error}. Nothing was applied."
            ));
            seat_response(
                &state,
                &path,
                auth,
                vec![flash],
                StatusCode::UNPROCESSABLE_ENTITY,
            )
            .await
        }
        Err(MoveError::NotPlaying) => {
            let flash = Flash::error("This game is not being played, so no move can be made.");
            seat_response(&state, &path, auth, vec![flash], StatusCode::CONFLICT).await
        }
        Err(MoveError::Unexpected(error)) => PageError::unexpected(error, Some(&path.game)),
    }
}

// ---------------------------------------------------------------- public page

pub struct PublicPlayer {
    pub number: u8,
    pub name: String,
    /// The seat's contribution to the deal seed, public once given ("(server)" when drawn for it).
    pub contribution: String,
    pub colour: &'static str,
    pub regions: usize,
    pub hand_count: usize,
}

pub struct Milestone {
    pub path: String,
    pub label: String,
}

#[derive(Template)]
#[template(path = "public.html")]
pub struct PublicPageHtml {
    pub game: GameShown,
    /// The server's secret once the game is over (empty before).
    pub revealed_secret: String,
    pub players: Vec<PublicPlayer>,
    pub status: String,
    pub result: String,
    pub standings: Vec<String>,
    pub milestones: Vec<Milestone>,
    pub record_path: String,
    pub replay_path: String,
    pub started: bool,
    pub board: Board,
    pub lines: Vec<LineShown>,
    pub history: Vec<String>,
}

pub async fn public(state: web::Data<AppState>, path: web::Path<String>) -> HttpResponse {
    let Ok(id) = GameId::parse(&path) else {
        return not_found();
    };
    let page = match blocking(&state, move |s, conn| s.games.public_page(conn, &id)).await {
        Ok(Ok(page)) => page,
        Ok(Err(LoadError::NoSuchGame)) => return not_found(),
        Ok(Err(LoadError::Unexpected(error))) => return PageError::unexpected(error, Some(&path)),
        Err(error) => return error.into_response(),
    };
    let names = present::names_of(&page.seats);
    let view = page.view.as_ref();
    let waiting = match page.game.status {
        GameStatus::Inviting => format!(
            "Waiting for {} to accept the invitation.",
            names.list(
                &page
                    .seats
                    .iter()
                    .filter(|s| !s.accepted)
                    .map(|s| s.seat)
                    .collect::<Vec<_>>()
            )
        ),
        GameStatus::Cancelled => "This game was cancelled: a player declined.".into(),
        _ => String::new(),
    };
    let players = page
        .seats
        .iter()
        .map(|s| PublicPlayer {
            number: s.seat.number(),
            name: s.name.clone(),
            contribution: match (&s.contribution, s.contribution_source) {
                (Some(value), Some(crate::store::ContributionSource::Server)) => {
                    format!("{value} (drawn by the server)")
                }
                (Some(value), _) => value.clone(),
                (None, _) => "not yet".into(),
            },
            colour: super::map::SEAT_COLOURS[s.seat.index()],
            regions: view.map_or(0, |v| v.seats[s.seat.index()].regions.len()),
            hand_count: view.map_or(0, |v| v.seats[s.seat.index()].hand_count),
        })
        .collect();
    let outcome = view.and_then(|v| v.outcome.as_ref());
    let outcome_known = outcome.is_some();
    let result = outcome
        .map(|o| describe_outcome(o, &names))
        .unwrap_or_default();
    let standings = match (outcome, view) {
        (Some(_), Some(v)) => {
            let mut rows: Vec<(usize, u32, String)> = v
                .seats
                .iter()
                .map(|s| {
                    let points = v.series.as_ref().map_or(0, |x| x.scores[s.seat.index()]);
                    (s.regions.len(), points, names.name(s.seat))
                })
                .collect();
            rows.sort_by_key(|r| std::cmp::Reverse((r.1, r.0)));
            rows.into_iter()
                .map(|(regions, points, name)| {
                    if v.series.is_some() {
                        format!("{name}: {points} points, {regions} regions at the end")
                    } else {
                        format!(
                            "{name}: {regions} region{}",
                            if regions == 1 { "" } else { "s" }
                        )
                    }
                })
                .collect()
        }
        _ => Vec::new(),
    };
    let id = page.game.id.as_str().to_string();
    let empty_board = Board {
        regions: Vec::new(),
        borders: Vec::new(),
        legend: Vec::new(),
    };
    let html = PublicPageHtml {
        revealed_secret: page.revealed_secret.clone().unwrap_or_default(),
        game: present::game_shown(&page.game, &page.seats, page.seq, view),
        players,
        status: present::status(view, None, &names, &waiting),
        result,
        standings,
        milestones: if outcome_known {
            super::review::milestone_links(&state, &page.game.id).await
        } else {
            Vec::new()
        },
        record_path: format!("/games/{id}/record.json"),
        replay_path: format!("/games/{id}/replay/{}", page.seq),
        started: view.is_some(),
        board: view.map_or(empty_board, |v| present::board_of(v, &names)),
        lines: view.map(|v| present::lines(v, &names)).unwrap_or_default(),
        history: present::history(&page.history, &names),
    };
    render(StatusCode::OK, &html)
}
