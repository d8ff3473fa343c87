//! The pages of a sitter: the player's forms that name and end one, and the sitter's own link
//! (the invitation to accept, then the seat's view and moves), answering "over" once it is.

use super::errors::{said, Answer, Answers, Failure};
use super::html::{link_of, message, path_of, render, see_other, SeatPageHtml, SeatPath};
use super::present::{self, Flash};
use super::{Answered, AppState};
use crate::domain::{EmailAddress, GameId, PlayerName};
use crate::engine::{Seat, Viewer};
use crate::present::{Ctx, Words};
use crate::service::sitters::{parse_day, Sitting, SittingShown};
use crate::service::{ActionInput, MoveError, Mover};
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse, ResponseError};
use askama::Template;
use serde::Deserialize;

#[derive(Debug, Default, Deserialize)]
pub struct SitterForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    email: String,
    /// The absence's last day, `YYYY-MM-DD`.
    #[serde(default)]
    until: String,
}

/// POST …/sitter: the seat's player names a sitter for their absence.
pub async fn name_sitter(
    state: web::Data<AppState>,
    path: web::Path<SeatPath>,
    form: web::Form<SitterForm>,
) -> Answered {
    let link = link_of(&path)?;
    let name = PlayerName::parse(&form.name);
    let email = state.games.player_address(&form.email);
    let (Ok(name), Ok(email), Some(last)) = (name, email, parse_day(&form.until)) else {
        return Err(
            Answer::seat(StatusCode::BAD_REQUEST, "invalid", said("sitter-problem")).into(),
        );
    };
    let email: EmailAddress = email;
    state.service.name_sitter(&link, name, email, last).await?;
    Ok(see_other(format!("{}?sitter=1", path_of(&path))))
}

/// POST …/sitter/end: the player ends their seat's sitting (or withdraws the invitation).
pub async fn end_sitting(state: web::Data<AppState>, path: web::Path<SeatPath>) -> Answered {
    let link = link_of(&path)?;
    state.service.end_sitting(&link).await?;
    Ok(see_other(format!("{}?sitting_ended=1", path_of(&path))))
}

#[derive(Template)]
#[template(path = "sitter.html")]
struct SitterPage<'w> {
    w: Words<'w>,
    shown: SittingShown,
    intro: String,
    flashes: Vec<Flash>,
    /// Once accepted: the seat's page parts (its forms post to the sitter's own path).
    seat: Option<SeatPageHtml<'w>>,
    accept_path: String,
}

fn sitter_base(path: &(String, u8, String)) -> String {
    format!("/games/{}/sit/{}/{}", path.0, path.1, path.2)
}

fn sitter_link(path: &(String, u8, String)) -> Result<(GameId, Seat), Answer> {
    Ok((
        GameId::parse(&path.0).map_err(|_| Answer::no_game())?,
        Seat::from_number(path.1).ok_or_else(Answer::bad_link)?,
    ))
}

#[derive(Debug, Default, Deserialize)]
pub struct SitterQuery {
    moved: Option<i64>,
}

/// GET /games/{game}/sit/{seat}/{token}: the sitter's link.
pub async fn sitter_page(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<(String, u8, String)>,
    query: web::Query<SitterQuery>,
) -> Answered {
    let mut flashes = Vec::new();
    let w = state.words(&request);
    if let Some(seq) = query.moved {
        flashes.push(Flash::info(w.one("seat-moved", "seq", seq)));
    }
    Ok(sitter_again(&state, &request, &path, flashes, StatusCode::OK).await)
}

async fn sitter_again(
    state: &AppState,
    request: &HttpRequest,
    path: &(String, u8, String),
    flashes: Vec<Flash>,
    status: StatusCode,
) -> HttpResponse {
    let w = state.words(request);
    // A link that does not even read as one is over like any other.
    let Ok((game, seat)) = sitter_link(path) else {
        return over(w);
    };
    let sitting = state
        .service
        .sitting(game, seat, path.2.clone(), w.lang())
        .await;
    let base = sitter_base(path);
    let page = match sitting {
        Err(error) => return Failure(error).error_response(),
        Ok(Sitting::Over) => return over(w),
        Ok(Sitting::Invited(shown)) => SitterPage {
            intro: w.with(
                "sitter-page-invited",
                &[
                    ("player", shown.player.as_str().into()),
                    ("game", shown.game_title.as_str().into()),
                    ("until", day(w, &shown).into()),
                ],
            ),
            w,
            shown,
            flashes,
            seat: None,
            accept_path: format!("{base}/accept"),
        },
        Ok(Sitting::Sits(shown, page)) => {
            let Ok(kind) = state.games.kind(&page.game.kind) else {
                return over(w);
            };
            let Some(view) = page.view.as_ref() else {
                return over(w);
            };
            let names = present::names_of(&page.seats);
            let cx = Ctx::new(w, &names, Viewer::Seat(page.seat));
            let game = present::game_shown(kind, &page.game, page.seq, Some(view), &cx);
            let mut seat = SeatPageHtml::build(kind, &page, view, game, &base, Vec::new(), &cx);
            let zone = chrono_tz::UTC;
            seat.time = present::time_lines(&page.time, Some(page.seat), &cx, zone);
            return render(
                status,
                &SitterPage {
                    intro: w.with(
                        "sitter-page-intro",
                        &[
                            ("player", shown.player.as_str().into()),
                            ("seat", shown.seat.number().into()),
                            ("game", shown.game_title.as_str().into()),
                            ("until", day(w, &shown).into()),
                        ],
                    ),
                    w,
                    shown,
                    flashes,
                    seat: Some(seat),
                    accept_path: String::new(),
                },
            );
        }
    };
    render(status, &page)
}

/// The absence's last day, as the sitter's mail gave it.
fn day(w: Words, shown: &SittingShown) -> String {
    let last = chrono::DateTime::from_timestamp_millis(shown.until.0 - 1).unwrap_or_default();
    w.one("sitter-day", "day", last.format("%Y-%m-%d").to_string())
}

/// The sitting is over: a page that says so (410), never the game.
fn over(w: Words) -> HttpResponse {
    message(StatusCode::GONE, w, "sitter-over")
}

/// POST /games/{game}/sit/{seat}/{token}/accept: the sitter accepts and lands on the seat.
pub async fn accept(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<(String, u8, String)>,
) -> Answered {
    let w = state.words(&request);
    let (game, seat) = sitter_link(&path)?;
    let accepted = state
        .service
        .accept_sitting(game, seat, path.2.clone())
        .await
        .map_err(Failure)?;
    match accepted {
        true => Ok(see_other(sitter_base(&path))),
        false => Ok(over(w)),
    }
}

/// POST /games/{game}/sit/{seat}/{token}/move: the sitter plays for the seat.
pub async fn make_move(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<(String, u8, String)>,
    form: web::Form<Vec<(String, String)>>,
) -> Answered {
    let w = state.words(&request);
    let (game, seat) = sitter_link(&path)?;
    let mut fields = form.into_inner();
    let seq = fields
        .iter()
        .find(|(name, _)| name == "seq")
        .and_then(|(_, value)| value.trim().parse::<i64>().ok());
    let Some(seq) = seq else {
        return Ok(message(StatusCode::BAD_REQUEST, w, "page-unreadable-form"));
    };
    fields.retain(|(name, _)| name != "seq");
    let input = match fields.iter().position(|(name, _)| name == "action") {
        Some(at) => ActionInput::Json(fields.swap_remove(at).1),
        None => ActionInput::Form(fields),
    };
    let mover = Mover::Sitter {
        game,
        seat,
        token: path.2.clone(),
    };
    match state
        .service
        .make_move(mover, seq, vec![input], w.lang())
        .await
    {
        Ok(done) => Ok(see_other(format!(
            "{}?moved={}",
            sitter_base(&path),
            done.seq
        ))),
        Err(MoveError::BadLink | MoveError::NoSuchGame) => Ok(over(w)),
        Err(error) => {
            let answer = error.answer();
            if answer.cause.is_some() {
                return Ok(answer.error_response());
            }
            let text = (answer.message)(w, state.games.registry());
            let flashes = vec![Flash::error(text)];
            Ok(sitter_again(&state, &request, &path, flashes, answer.status).await)
        }
    }
}
