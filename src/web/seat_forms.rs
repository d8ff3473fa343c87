//! The forms a seat posts besides its moves and votes: talk, notes, reports and blocks; resigning
//! and absences; the creator's cancel, stand-ins and replacements; taking over a seat.

use super::errors::{said, Answer, Answers, Draft, Failure, Said};
use super::html::{link_of, message, path_of, render, see_other, SeatPath};
use super::{Answered, AppState};
use crate::domain::GameId;
use crate::engine::Seat;
use crate::present::Words;
use crate::service::SeatLink;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;
use std::sync::Arc;

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
    pub(super) confirm: String,
}

/// Unless the form says `confirm=yes`, the page that asks "are you sure?" (its words under
/// `id`) before `…/{verb}` is posted again with it; a bad link is refused, never asked.
pub(super) async fn ask_unless_confirmed(
    state: &AppState,
    request: &HttpRequest,
    link: &SeatLink,
    path: &SeatPath,
    form: &ConfirmForm,
    (id, verb): (&str, &str),
) -> Result<Option<HttpResponse>, actix_web::Error> {
    if form.confirm == "yes" {
        return Ok(None);
    }
    state.service.check_link(link).await?;
    let w = state.words(request);
    let back = path_of(path);
    let page = ConfirmPage {
        w,
        title: w.get(id),
        text: w.get(&format!("{id}.text")),
        button: w.get(&format!("{id}.button")),
        action: format!("{back}/{verb}"),
        back,
    };
    Ok(Some(render(StatusCode::OK, &page)))
}

/// POST …/resign: after a confirmation, the bot plays this seat from now on.
pub async fn resign(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<SeatPath>,
    form: web::Form<ConfirmForm>,
) -> Answered {
    let link = link_of(&path)?;
    let asked = ("confirm-resign", "resign");
    if let Some(page) = ask_unless_confirmed(&state, &request, &link, &path, &form, asked).await? {
        return Ok(page);
    }
    let base = path_of(&path);
    state.service.resign(&link).await?;
    Ok(see_other(format!("{base}?resigned=1")))
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
    path: web::Path<SeatPath>,
    form: web::Form<MessageForm>,
) -> Answered {
    use crate::service::talk::{MessageText, Via};
    let link = link_of(&path)?;
    let form = form.into_inner();
    let draft = form.text.clone();
    let refused = |key: &'static str| -> actix_web::Error {
        Answer::seat(StatusCode::UNPROCESSABLE_ENTITY, "invalid", said(key))
            .with_draft(Draft::Message(draft.clone()))
            .into()
    };
    let text = MessageText::parse(&form.text).map_err(|bad| refused(bad.key()))?;
    let to = match form.to.trim() {
        "" => None,
        n => match n.parse::<u8>() {
            Ok(n) if n >= 1 => Some(Seat(n - 1)),
            _ => return Err(refused("talk-problem-no-such-seat")),
        },
    };
    match state.service.post_message(&link, to, text, Via::Page).await {
        Ok(_) => Ok(see_other(format!("{}#talk", path_of(&path)))),
        Err(error) => Err(error.answer().with_draft(Draft::Message(draft)).into()),
    }
}

#[derive(Deserialize)]
pub struct NoteForm {
    #[serde(default)]
    pub text: String,
}

/// POST …/note: the seat keeps its private notes; refused notes stay in the box with why.
pub async fn save_note(
    state: web::Data<AppState>,
    path: web::Path<SeatPath>,
    form: web::Form<NoteForm>,
) -> Answered {
    let link = link_of(&path)?;
    let text = form.into_inner().text;
    match state.service.save_note(&link, text.clone()).await {
        Ok(()) => Ok(see_other(format!("{}?noted=1#notes", path_of(&path)))),
        Err(error) => Err(error.answer().with_draft(Draft::Note(text)).into()),
    }
}

/// POST …/cancel (the creator): after a confirmation, the game is cancelled for everyone.
pub async fn creator_cancel(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<SeatPath>,
    form: web::Form<ConfirmForm>,
) -> Answered {
    let link = link_of(&path)?;
    let asked = ("confirm-cancel", "cancel");
    if let Some(page) = ask_unless_confirmed(&state, &request, &link, &path, &form, asked).await? {
        return Ok(page);
    }
    let base = path_of(&path);
    state.service.cancel(&link).await?;
    Ok(see_other(base))
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

#[derive(Deserialize)]
pub struct StandinForm {
    #[serde(default)]
    seat: String,
    #[serde(default)]
    on: String,
}

/// POST …/standin (the creator): list a resigned seat in the lobby for a stand-in (`on=1`), or
/// withdraw it (`on=0`).
pub async fn list_standin(
    state: web::Data<AppState>,
    path: web::Path<SeatPath>,
    form: web::Form<StandinForm>,
) -> Answered {
    let link = link_of(&path)?;
    let Some(seat) = form.seat.parse::<u8>().ok().and_then(Seat::from_number) else {
        return Err(
            Answer::seat(StatusCode::BAD_REQUEST, "invalid", said("standin-problem")).into(),
        );
    };
    let on = form.on == "1";
    state.service.list_standin(&link, seat, on).await?;
    Ok(see_other(format!(
        "{}?standin={}",
        path_of(&path),
        if on { seat.number() } else { 0 }
    )))
}

/// POST …/replace (the creator): a new player takes a resigned seat.
pub async fn replace(
    state: web::Data<AppState>,
    path: web::Path<SeatPath>,
    form: web::Form<ReplaceForm>,
) -> Answered {
    let link = link_of(&path)?;
    let seat = form.seat.parse::<u8>().ok().and_then(Seat::from_number);
    let name = crate::domain::PlayerName::parse(&form.name);
    let email = state.games.player_address(&form.email);
    let ours = email == Err(crate::service::own::AddressProblem::Ours);
    let (Some(seat), Ok(name), Ok(email)) = (seat, name, email) else {
        let typed = form.email.trim().to_owned();
        let problem: Said = if ours {
            Arc::new(move |w, _| w.one("replace-problem-email-ours", "email", typed.as_str()))
        } else {
            said("replace-problem")
        };
        return Err(Answer::seat(StatusCode::BAD_REQUEST, "invalid", problem).into());
    };
    state.service.replace(&link, seat, name, email).await?;
    Ok(see_other(format!(
        "{}?replaced={}",
        path_of(&path),
        seat.number()
    )))
}

/// The two days of an absence, from a seat page or "my games" (`YYYY-MM-DD`, see [`dates_of`]).
#[derive(Debug, Default, Deserialize)]
pub struct AwayForm {
    #[serde(default)]
    pub(super) from: String,
    #[serde(default)]
    pub(super) to: String,
}

/// POST …/away: the seat's person declares an absence; their deadlines in every game move
/// past it.
pub async fn away(
    state: web::Data<AppState>,
    path: web::Path<SeatPath>,
    form: web::Form<AwayForm>,
) -> Answered {
    let link = link_of(&path)?;
    let (from, to) = dates_of(&form.from, &form.to)?;
    state.service.declare_absence(&link, from, to).await?;
    Ok(see_other(format!("{}?away=1", path_of(&path))))
}

#[derive(Template)]
#[template(path = "take_over.html")]
struct TakeOverPage<'w> {
    w: Words<'w>,
    offer: crate::service::TakeOverOffer,
    action: String,
}

impl TakeOverPage<'_> {
    /// Who invites whom to which seat.
    fn intro(&self) -> String {
        let o = &self.offer;
        self.w.with(
            "take-over-intro",
            &[
                ("name", o.name.as_str().into()),
                ("inviter", o.inviter.as_str().into()),
                ("old", o.old.as_str().into()),
                ("kind", o.kind_title.as_str().into()),
            ],
        )
    }
}

/// The parts of a link to take over a seat, as it arrived (checked by the service).
fn take_over_link(path: &(String, u8, String)) -> Result<(GameId, Seat), Answer> {
    Ok((
        GameId::parse(&path.0).map_err(|_| Answer::no_game())?,
        Seat::from_number(path.1).ok_or_else(Answer::bad_link)?,
    ))
}

/// GET /games/{game}/take/{seat}/{token}: the invitation to take over a resigned seat, with
/// the button that takes it (a link checker following the mail's link takes nothing).
pub async fn take_over_page(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<(String, u8, String)>,
) -> Answered {
    let w = state.words(&request);
    let (game, seat) = take_over_link(&path)?;
    let offer = state
        .service
        .take_over_offer(game, seat, path.2.clone(), w.lang())
        .await
        .map_err(Failure)?;
    match offer {
        Some(offer) => Ok(render(
            StatusCode::OK,
            &TakeOverPage {
                w,
                offer,
                action: format!("/games/{}/take/{}/{}", path.0, path.1, path.2),
            },
        )),
        None => Ok(message(StatusCode::GONE, w, "page-take-over-gone")),
    }
}

/// POST /games/{game}/take/{seat}/{token}: the invited person takes the seat over and lands
/// on it.
pub async fn take_over(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<(String, u8, String)>,
) -> Answered {
    let w = state.words(&request);
    let (game, seat) = take_over_link(&path)?;
    let taken = state
        .service
        .take_over(game, seat, path.2.clone())
        .await
        .map_err(Failure)?;
    match taken {
        Some(url) => Ok(see_other(format!("{url}?taken=1"))),
        None => Ok(message(StatusCode::GONE, w, "page-take-over-gone")),
    }
}

#[derive(Clone, Debug, Deserialize)]
pub struct WithdrawPath {
    game: String,
    seat: u8,
    token: String,
    absence: String,
}

/// POST …/away/{absence}/withdraw: the seat's person withdraws an absence they declared.
pub async fn withdraw_absence(
    state: web::Data<AppState>,
    path: web::Path<WithdrawPath>,
) -> Answered {
    let WithdrawPath {
        game,
        seat,
        token,
        absence,
    } = path.into_inner();
    let path = SeatPath { game, seat, token };
    let link = link_of(&path)?;
    let withdrawn = state.service.withdraw_absence(&link, absence).await?;
    Ok(see_other(format!(
        "{}?withdrawn={}",
        path_of(&path),
        u8::from(withdrawn)
    )))
}

/// The two days of a declared absence (`YYYY-MM-DD`), or the seat page's notice that they are not.
pub(super) fn dates_of(
    from: &str,
    to: &str,
) -> Result<(chrono::NaiveDate, chrono::NaiveDate), Answer> {
    let day = |text: &str| chrono::NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d");
    match (day(from), day(to)) {
        (Ok(from), Ok(to)) => Ok((from, to)),
        _ => Err(Answer::seat(
            StatusCode::BAD_REQUEST,
            "invalid",
            said("away-problem-dates"),
        )),
    }
}

#[derive(Deserialize)]
pub struct BlockForm {
    /// The seat whose player is blocked, from 1.
    pub seat: u8,
}

/// POST …/block: the seat's person blocks the player of another seat (resolved to their
/// address by the service, never shown).
pub async fn block_seat(
    state: web::Data<AppState>,
    path: web::Path<SeatPath>,
    form: web::Form<BlockForm>,
) -> Answered {
    let link = link_of(&path)?;
    let seat = Seat::from_number(form.seat).ok_or_else(|| {
        Answer::seat(
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid",
            said("moderation-no-such-seat"),
        )
    })?;
    match state.service.block_seat(&link, seat).await {
        Ok(_) => Ok(see_other(format!("{}?blocked=1#talk", path_of(&path)))),
        Err(error) => Err(error.answer().into()),
    }
}

#[derive(Deserialize)]
pub struct MessagePath {
    game: String,
    seat: u8,
    token: String,
    message: String,
}

#[derive(Deserialize)]
pub struct ReportForm {
    #[serde(default)]
    pub reason: String,
}

/// POST …/messages/{message}/report: the seat reports a message it reads.
pub async fn report_message(
    state: web::Data<AppState>,
    path: web::Path<MessagePath>,
    form: web::Form<ReportForm>,
) -> Answered {
    let path = path.into_inner();
    let seat_path = SeatPath {
        game: path.game,
        seat: path.seat,
        token: path.token,
    };
    let link = link_of(&seat_path)?;
    let reason = form.into_inner().reason;
    match state
        .service
        .report_message(&link, path.message, reason)
        .await
    {
        Ok(()) => Ok(see_other(format!(
            "{}?reported=1#talk",
            path_of(&seat_path)
        ))),
        Err(error) => Err(error.answer().into()),
    }
}
