//! The HTML pages of a seat: the invitation, the seat page with its move and vote forms, and
//! the answers to those forms (the seat's other forms are `seat_forms`). Each handler parses,
//! calls the game service once, and renders the game's parts through its kind; no rules here.

use super::errors::{said, Answer, Draft, Said};
use super::present::{self, cancelled_key, undelivered, Flash, GameShown, TalkShown};
use super::seat_forms::{ask_unless_confirmed, ConfirmForm};
use super::{Answered, AppState};
use crate::domain::{Contribution, GameId, GameStatus, SeatToken};
use crate::engine::{Seat, Viewer};
use crate::kinds::Kind;
use crate::present::{Ctx, Html, MoveForm, Words};
use crate::service::{
    AcceptError, ActionInput, Linked, LoadError, MoveError, Mover, SeatLink, SeatPage,
};
use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse, ResponseError};
use askama::Template;
use serde::Deserialize;
use std::sync::Arc;

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
    /// Where to go from here (href, words), besides the home page.
    pub links: Vec<(String, String)>,
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
            links: Vec::new(),
        },
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
            links: Vec::new(),
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
    /// The person's reliability (empty for a bot's seat or when they hide it).
    pub reliability: String,
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
    /// The reader created this game (their page says so, and what they must do next).
    pub creator: bool,
    /// Every other seat is taken (bots, or players who accepted): accepting starts the game.
    pub last_to_accept: bool,
    /// The public page's full address, shown as a link.
    pub public_url: String,
    /// Where open seats are claimed (the creator shares it), when the game has any.
    pub claim_url: Option<String>,
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
    /// The seat page's own path (the page named after a form posted to `move_path`).
    pub seat_path: String,
    pub move_path: String,
    pub history: Vec<present::Chapter>,
    /// The link to the history this page leaves out.
    pub earlier: Option<present::Earlier>,
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
    /// Once the game is over: who finished where, and where to replay it.
    pub standings: Vec<String>,
    pub replay_path: Option<String>,
    /// Right after a move: what it did (its history entry: an attack's dice and losses…), shown
    /// at the top of the page, above the board and the forms.
    pub last_move: Option<Html>,
    /// The seat's private notes, where they are saved, and their one limit.
    pub note: String,
    pub note_path: String,
    pub note_max: usize,
    /// The game's feed of its public events, and where it is revoked.
    pub feed_url: Option<String>,
    pub feed_revoke_path: String,
    /// The votes at the table and the seat's forms for them.
    pub table: TableShown,
}

/// The votes at the table on a page: what is open, and on a seat's page the forms to answer,
/// propose or resume (plain forms posting to `…/vote` with the page's `seq`).
#[derive(Clone, Debug, Default)]
pub struct TableShown {
    /// What is proposed and who it waits for, a pause and its end: one sentence each.
    pub lines: Vec<String>,
    /// Where this seat's votes go; none on the public page or once the game is over.
    pub path: Option<String>,
    pub seq: i64,
    pub can_answer: bool,
    pub can_propose: bool,
    pub can_resume: bool,
    /// The seats this seat may concede to: (number, name).
    pub concede_to: Vec<(u8, String)>,
    /// The longest pause in hours (the one limit, `kinds::table::MAX_PAUSE_HOURS`).
    pub pause_max: u32,
}

impl TableShown {
    /// The table as `viewer` sees it at `now` (`seat`'s forms when `path` is given).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        table: Option<&crate::kinds::table::Table>,
        over: bool,
        seat: Option<(Seat, String)>,
        seq: i64,
        players: u8,
        now: i64,
        zone: chrono_tz::Tz,
        cx: &Ctx,
    ) -> TableShown {
        use crate::kinds::table;
        let Some(table) = table else {
            return TableShown::default();
        };
        let when = |ms: i64| crate::present::time::when(cx.words, ms, now, zone);
        let lines = table::table_lines(table, now, players, cx, &when);
        let Some((me, path)) = seat.filter(|_| !over) else {
            return TableShown {
                lines,
                ..TableShown::default()
            };
        };
        let (can_answer, can_propose, can_resume) = table::may(table, me, now, players);
        TableShown {
            lines,
            path: Some(path),
            seq,
            can_answer,
            can_propose,
            can_resume,
            concede_to: Seat::all(players)
                .filter(|s| *s != me)
                .map(|s| (s.number(), cx.name(s)))
                .collect(),
            pause_max: table::MAX_PAUSE_HOURS,
        }
    }
}

/// The forms a seat page offers about time and seats.
#[derive(Clone, Debug, Default)]
pub struct TimeForms {
    /// Where a player resigns (a game in play, a player who has not).
    pub resign: Option<String>,
    /// Where a player declares an absence.
    pub away: Option<String>,
    /// The absences the seat's person declared: (what, where to withdraw it).
    pub absences: Vec<(String, String)>,
    /// For the creator: resigned seats a replacement may take, and where to send one.
    pub replace: Vec<(u8, String)>,
    pub replace_path: Option<String>,
    /// For the creator: the resigned seats, each listed in the lobby for a stand-in or not,
    /// and where to list or withdraw one.
    pub standins: Vec<(u8, String, bool)>,
    pub standin_path: Option<String>,
    /// For the creator: where to cancel the game.
    pub cancel: Option<String>,
    /// For an absent player: where to take the seat back from the bot.
    pub back: Option<String>,
    /// Where a player names a sitter (a game in play, the seat theirs), and the most days.
    pub sitter: Option<String>,
    pub sitter_days: i64,
    /// The seat's sitter, named or sitting (what, where to end it).
    pub sitting: Option<(String, String)>,
    pub name_max: usize,
    pub email_max: usize,
}

#[derive(Clone, Debug, Deserialize)]
pub struct SeatPath {
    pub(super) game: String,
    pub(super) seat: u8,
    pub(super) token: String,
}

#[derive(Debug, Default, Deserialize)]
pub struct SeatQuery {
    /// A sitter was asked, or the sitting ended.
    sitter: Option<String>,
    sitting_ended: Option<String>,
    /// `1`: the invitations left; `confirm`: the creator must confirm their address first.
    created: Option<String>,
    /// The creator just confirmed their address.
    confirmed: Option<String>,
    moved: Option<i64>,
    /// An absence was declared.
    away: Option<String>,
    /// `1`: an absence was withdrawn; `0`: there was no such absence to withdraw.
    withdrawn: Option<String>,
    /// The creator invited a replacement to this seat number.
    replaced: Option<u8>,
    /// The creator listed this seat number for a stand-in (0: withdrew a listing).
    standin: Option<u8>,
    /// The reader just took this seat over.
    taken: Option<String>,
    /// The reader just resigned.
    resigned: Option<String>,
    /// The reader just took their seat back from the bot.
    back: Option<String>,
    /// The seat's private notes were just saved.
    noted: Option<String>,
    /// The reader just blocked another player, or reported a message.
    blocked: Option<String>,
    reported: Option<String>,
    /// The game's feed was just revoked.
    feed_revoked: Option<String>,
}

/// The seat link in `path`, as it arrived (not checked yet): an unknown game's id is a 404,
/// a seat or token that cannot be one a 403.
pub(crate) fn link_of(path: &SeatPath) -> Result<SeatLink, Answer> {
    Ok(SeatLink {
        game: GameId::parse(&path.game).map_err(|_| Answer::no_game())?,
        seat: Seat::from_number(path.seat).ok_or_else(Answer::bad_link)?,
        token: SeatToken::parse(&path.token).map_err(|_| Answer::bad_link())?,
    })
}

/// What a followed seat link shows (it proves its person's address), and the words of its
/// reader's language (chosen with the page's reads): the seat page and its history pages.
pub(crate) async fn followed_seat<'a>(
    state: &'a AppState,
    request: &HttpRequest,
    path: &SeatPath,
) -> Result<(SeatPage, Words<'a>), actix_web::Error> {
    let link = link_of(path)?;
    let read = state
        .service
        .seat_page(&link, super::language::reader(request), true)
        .await?;
    super::language::chose(request, &read.lang);
    let w = state.games.registry().catalogs().words(&read.lang);
    Ok((read.page, w))
}

/// GET the seat page: a followed link, which proves its person's address.
pub async fn seat(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<SeatPath>,
    query: web::Query<SeatQuery>,
) -> Answered {
    let (page, w) = followed_seat(&state, &request, &path).await?;
    let mut flashes = Vec::new();
    // Only bots besides this seat: nobody is invited, the game starts when this seat accepts.
    let others_in = page
        .seats
        .iter()
        .all(|s| s.seat == page.seat || page.time.bots.iter().any(|(bot, _, _)| *bot == s.seat));
    if query.confirmed.is_some() {
        let id = if others_in {
            "seat-confirmed-bots"
        } else {
            "seat-confirmed"
        };
        flashes.push(Flash::info(w.get(id)));
    }
    if query.created.is_some() {
        let id = match (query.created.as_deref(), others_in) {
            (Some("confirm"), false) => "seat-created-confirm",
            (Some("confirm"), true) => "seat-created-confirm-bots",
            (_, false) => "seat-created",
            (_, true) => "seat-created-bots",
        };
        flashes.push(Flash::info(w.one(
            id,
            "seat_url",
            format!("{}{}", state.base_url(), path_of(&path)),
        )));
    }
    if let Some(seq) = query.moved {
        flashes.push(Flash::info(w.one("seat-moved", "seq", seq)));
    }
    if query.away.is_some() {
        flashes.push(Flash::info(w.get("away-declared")));
    }
    match query.withdrawn.as_deref() {
        Some("1") => flashes.push(Flash::info(w.get("away-withdrawn"))),
        Some(_) => flashes.push(Flash::info(w.get("away-not-found"))),
        None => {}
    }
    if let Some(seat) = query.standin {
        flashes.push(Flash::info(match seat {
            0 => w.get("standin-withdrawn"),
            seat => w.one("standin-done", "seat", seat),
        }));
    }
    if let Some(seat) = query.replaced {
        flashes.push(Flash::info(w.one("replace-done", "seat", seat)));
    }
    if query.taken.is_some() {
        flashes.push(Flash::info(w.get("take-over-done")));
    }
    if query.resigned.is_some() {
        flashes.push(Flash::info(w.get("resign-done")));
    }
    if query.back.is_some() {
        flashes.push(Flash::info(w.get("back-done")));
    }
    if query.noted.is_some() {
        flashes.push(Flash::info(w.get("notes-saved")));
    }
    if query.blocked.is_some() {
        flashes.push(Flash::info(w.get("moderation-blocked")));
    }
    if query.reported.is_some() {
        flashes.push(Flash::info(w.get("moderation-reported")));
    }
    if query.sitter.is_some() {
        flashes.push(Flash::info(w.get("sitter-done")));
    }
    if query.sitting_ended.is_some() {
        flashes.push(Flash::info(w.get("sitter-ended")));
    }
    if query.feed_revoked.is_some() {
        flashes.push(Flash::info(w.get("feed-revoked")));
    }
    Ok(render_seat(
        &state,
        w,
        &path,
        page,
        flashes,
        StatusCode::OK,
        Draft::None,
        query.moved,
    )?)
}

/// The seat page again, with notices, a status and the message the seat was writing (after a
/// form that was not applied: see `errors::Shown::Seat`).
pub(super) async fn seat_again(
    state: &web::Data<AppState>,
    request: &HttpRequest,
    path: &SeatPath,
    flashes: Vec<Flash>,
    status: StatusCode,
    draft: Draft,
) -> HttpResponse {
    let read = match link_of(path) {
        Ok(link) => {
            let reader = super::language::reader(request);
            state.service.seat_page(&link, reader, false).await
        }
        Err(answer) => return answer.error_response(),
    };
    let rendered = read.and_then(|read| {
        let w = state.games.registry().catalogs().words(&read.lang);
        render_seat(state, w, path, read.page, flashes, status, draft, None)
    });
    match rendered {
        Ok(response) => response,
        Err(error) => error.error_response(),
    }
}

/// The seat page (or the invitation, or the cancelled notice) for what the service read, with
/// notices, a status, and a message the seat wrote shown again in its form; `moved`, the
/// seat's move just made, whose result the page shows first.
#[allow(clippy::too_many_arguments)]
fn render_seat(
    state: &AppState,
    w: Words,
    path: &SeatPath,
    page: SeatPage,
    mut flashes: Vec<Flash>,
    status: StatusCode,
    draft: Draft,
    moved: Option<i64>,
) -> Result<HttpResponse, LoadError> {
    let kind = state.games.kind(&page.game.kind)?;
    let names = present::names_of(&page.seats);
    let me = page.seat;
    let cx = Ctx::new(w, &names, Viewer::Seat(me));
    let base = path_of(path);
    flashes.extend(
        page.undelivered
            .iter()
            .map(|u| Flash::error(undelivered(w, u))),
    );
    let game = present::GameShown {
        receipt: page.receipt.clone().unwrap_or_default(),
        ..present::game_shown(kind, &page.game, page.seq, page.view.as_ref(), &cx)
    };
    match (page.game.status, &page.view) {
        (GameStatus::Cancelled, _) => {
            // Not a dead end: the game's public page (who played, what happened), the
            // person's other games, and a new game.
            let id = cancelled_key("page-cancelled", &page.game);
            Ok(render(
                status,
                &MessagePage {
                    w,
                    title: w.get(&id),
                    text: w.get(&format!("{id}.text")),
                    hint: w.get(&format!("{id}.hint")),
                    sign_in: false,
                    email_max: crate::domain::EmailAddress::MAX_CHARS,
                    links: vec![
                        (game.public_path.clone(), w.get("seat-public-page")),
                        ("/me".to_owned(), w.get("nav-my-games")),
                    ],
                },
            ))
        }
        (GameStatus::Inviting, _) | (_, None) => {
            flashes.extend(game.notes.iter().map(|n| Flash::info(n.clone())));
            let accepted = page.seats.iter().any(|s| s.seat == me && s.accepted);
            let last_to_accept = page.seats.iter().all(|s| s.seat == me || s.accepted);
            let public_url = format!("{}{}", state.base_url(), game.public_path);
            // Only an open seat has no name: its claim page is the game's lobby entry.
            let claim_url = page
                .seats
                .iter()
                .any(|s| s.name.is_empty())
                .then(|| format!("{}/lobby/{}", state.base_url(), game.id));
            Ok(render(
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
                            // Only an open seat has no name yet.
                            name: if s.name.is_empty() {
                                w.get("seat-open-name")
                            } else {
                                s.name.clone()
                            },
                            accepted: s.accepted,
                            reliability: present::reliability(
                                w,
                                page.reliability
                                    .get(s.seat.index())
                                    .and_then(Option::as_ref),
                            ),
                        })
                        .collect(),
                    accepted,
                    creator: page.game.creator_seat == me,
                    last_to_accept,
                    public_url,
                    claim_url,
                    accept_path: format!("{base}/accept"),
                    decline_path: format!("{base}/decline"),
                    phrase_max: Contribution::PHRASE_MAX_CHARS,
                },
            ))
        }
        (_, Some(view)) => {
            let mut html = SeatPageHtml::build(kind, &page, view, game, &base, flashes, &cx);
            match draft {
                Draft::None => {}
                Draft::Message(text) => html.talk.draft = text,
                Draft::Note(text) => html.note = text,
            }
            html.last_move = moved
                .and_then(|seq| {
                    page.history
                        .iter()
                        .find(|e| e.seq == seq && e.seat == Some(me))
                })
                .map(|e| e.line.clone());
            Ok(render(status, &html))
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
        let (shown, left_out) = present::newest_within(&page.history, present::HISTORY_ON_PAGE);
        let replay_path = page
            .outcome
            .is_some()
            .then(|| format!("{}/replay/0", game.public_path));
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
            seat_path: base.to_owned(),
            move_path: format!("{base}/move"),
            history: present::history(shown, kind.name(), cx),
            earlier: present::Earlier::of(left_out, &format!("{base}/history"), &cx.words),
            rematch_path: (page.outcome.is_some() && page.rematch_url.is_none())
                .then(|| format!("{base}/rematch")),
            rematch_url: page.rematch_url.clone(),
            standings: page
                .standings
                .iter()
                .map(|s| kind.standing_words(view, s, cx))
                .collect(),
            replay_path,
            phrase_max: Contribution::PHRASE_MAX_CHARS,
            time: {
                let zone = page
                    .time
                    .zone
                    .as_deref()
                    .and_then(|z| z.parse().ok())
                    .unwrap_or(chrono_tz::UTC);
                let mut lines = present::time_lines(&page.time, Some(me), cx, zone);
                if page.time.zone_guessed && !lines.is_empty() {
                    lines.push(cx.words.one("status-zone-guessed", "zone", zone.name()));
                }
                lines
            },
            time_forms: TimeForms {
                absences: page
                    .time
                    .mine
                    .iter()
                    .map(|a| {
                        (
                            present::absence_line(cx.words, a, page.time.now.0, zone_of(page)),
                            format!("{base}/away/{}/withdraw", a.id),
                        )
                    })
                    .collect(),
                sitting: sitting_line(page, cx.words, base),
                ..time_forms(page, base)
            },
            talk: {
                let mut talk = TalkShown::new(
                    &page.talk,
                    Some(me),
                    Some(base),
                    &page.seats,
                    page.game.press,
                    cx,
                );
                // A person the operator blocked reads the table; the form would only refuse.
                if page.blocked {
                    talk.form = None;
                    talk.press = Some(cx.words.get("talk-blocked"));
                }
                talk.window(
                    present::TALK_ON_PAGE,
                    None,
                    &format!("{base}/talk"),
                    &cx.words,
                )
            },
            last_move: None,
            note: page.note.clone(),
            note_path: format!("{base}/note"),
            note_max: crate::service::talk::NoteText::MAX_CHARS,
            feed_url: page.feed_url.clone(),
            feed_revoke_path: format!("{base}/feed/revoke"),
            table: TableShown::new(
                page.table.as_ref(),
                page.outcome.is_some(),
                Some((me, format!("{base}/vote"))),
                page.seq,
                page.seats.len() as u8,
                page.time.now.0,
                zone_of(page),
                cx,
            ),
        }
    }
}

/// A seat's contribution to the deal from a form: the browser's random value and the phrase
/// typed, or `None` for one the server draws; refused when they do not fit.
fn contribution_of(entropy: &str, phrase: &str) -> Result<Option<Contribution>, Answer> {
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
            let max = Contribution::PHRASE_MAX_CHARS;
            Answer::seat(
                StatusCode::BAD_REQUEST,
                "invalid",
                Arc::new(move |w, _| w.one("accept-bad-phrase", "max", max)),
            )
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
) -> Answered {
    use crate::service::rematch::{RematchError, RematchOrder};
    let link = link_of(&path)?;
    let contribution = contribution_of(&form.entropy, &form.phrase)?;
    let order = if form.order == "random" {
        RematchOrder::Random
    } else {
        RematchOrder::Same
    };
    let ip = state.client_ip(&request);
    match state.service.rematch(&link, order, contribution, ip).await {
        Ok(created) => Ok(see_other(seat_path(
            &created.game_id,
            created.creator_seat,
            &created.creator_token,
        ))),
        Err(Linked::Refused(RematchError::Proposed(_))) => Ok(see_other(path_of(&path))),
        Err(error) => Err(error.into()),
    }
}

/// The time forms of a seat page: a player of a running game may resign or declare an
/// absence; its creator may cancel it and invite replacements to resigned seats.
/// The seat's own sitter, named or sitting, in words, and where the player ends it.
fn sitting_line(page: &SeatPage, w: Words, base: &str) -> Option<(String, String)> {
    use crate::present::time::when;
    let zone = zone_of(page);
    let now = page.time.now.0;
    let (key, (_, name, until)) = page
        .time
        .sat
        .iter()
        .find(|(seat, _, _)| *seat == page.seat)
        .map(|s| ("sitter-sitting", s))
        .or_else(|| {
            page.time
                .named
                .iter()
                .find(|(seat, _, _)| *seat == page.seat)
                .map(|s| ("sitter-named", s))
        })?;
    let line = w.two(
        key,
        ("sitter", name.as_str()),
        ("until", when(w, until.0, now, zone)),
    );
    Some((line, format!("{base}/sitter/end")))
}

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
        absences: Vec::new(),
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
        standins: if creator && playing {
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
                    (seat.number(), name, page.time.standins.contains(seat))
                })
                .collect()
        } else {
            Vec::new()
        },
        standin_path: (creator && playing).then(|| format!("{base}/standin")),
        cancel: (creator && matches!(page.game.status, GameStatus::Playing | GameStatus::Inviting))
            .then(|| format!("{base}/cancel")),
        back: (playing
            && page.time.bots.iter().any(|(seat, control, _)| {
                *seat == page.seat && *control == crate::domain::Control::Absent
            }))
        .then(|| format!("{base}/back")),
        sitter: (playing
            && me.is_some()
            && !page.time.bots.iter().any(|(s, _, _)| *s == page.seat))
        .then(|| format!("{base}/sitter")),
        sitter_days: crate::service::sitters::SITTING_MAX_DAYS,
        sitting: None,
        name_max: crate::domain::PlayerName::MAX_CHARS,
        email_max: crate::domain::EmailAddress::MAX_CHARS,
    }
}

/// POST …/back: an absent player takes their seat back from the bot.
pub async fn take_back(state: web::Data<AppState>, path: web::Path<SeatPath>) -> Answered {
    state.service.take_back(&link_of(&path)?).await?;
    Ok(see_other(format!("{}?back=1", path_of(&path))))
}

#[derive(Debug, Deserialize)]
pub struct AcceptForm {
    #[serde(default)]
    entropy: String,
    #[serde(default)]
    phrase: String,
    /// The browser's time zone, as `static/zone.js` fills it (empty without script).
    #[serde(default)]
    browser_zone: String,
}

pub async fn accept(
    state: web::Data<AppState>,
    path: web::Path<SeatPath>,
    form: web::Form<AcceptForm>,
) -> Answered {
    let link = link_of(&path)?;
    let contribution = contribution_of(&form.entropy, &form.phrase)?;
    let zone = crate::service::zones::from_browser(&form.browser_zone);
    match state.service.accept(&link, contribution, zone).await {
        Ok(_) | Err(Linked::Refused(AcceptError::AlreadyAccepted)) => Ok(see_other(path_of(&path))),
        Err(error) => Err(error.into()),
    }
}

/// The time zone of a seat page's person (UTC when they chose none).
fn zone_of(page: &SeatPage) -> chrono_tz::Tz {
    page.time
        .zone
        .as_deref()
        .and_then(|z| z.parse().ok())
        .unwrap_or(chrono_tz::UTC)
}

pub(crate) fn path_of(path: &SeatPath) -> String {
    format!("/games/{}/seat/{}/{}", path.game, path.seat, path.token)
}

pub async fn decline(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<SeatPath>,
    form: web::Form<ConfirmForm>,
) -> Answered {
    let link = link_of(&path)?;
    // Declining cancels the game for everyone: ask first.
    let asked = ("confirm-decline", "decline");
    if let Some(page) = ask_unless_confirmed(&state, &request, &link, &path, &form, asked).await? {
        return Ok(page);
    }
    state.service.decline(&link).await?;
    Ok(see_other(path_of(&path)))
}

pub async fn make_move(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<SeatPath>,
    form: web::Form<Vec<(String, String)>>,
) -> Answered {
    let w = state.words(&request);
    let mut fields = form.into_inner();
    // A field the form has once, sent twice: not a form of ours.
    let twice = |name: &str| fields.iter().filter(|(n, _)| n == name).count() > 1;
    if twice("seq") || twice("action") {
        return Ok(message(StatusCode::BAD_REQUEST, w, "page-unreadable-form"));
    }
    let seq = fields
        .iter()
        .find(|(name, _)| name == "seq")
        .and_then(|(_, value)| value.trim().parse::<i64>().ok());
    let Some(seq) = seq else {
        return Err(Answer::seat(StatusCode::BAD_REQUEST, "invalid", said("move-no-seq")).into());
    };
    let link = link_of(&path)?;
    // A text box of lines (a sheet of written orders) is read as a reply's lines are.
    if let Some(at) = fields.iter().position(|(name, _)| name == "lines") {
        let text = fields.swap_remove(at).1;
        if text.chars().count() > crate::present::reply::SHEET_MAX_CHARS {
            let said = said("move-lines-too-long");
            return Err(Answer::seat(StatusCode::UNPROCESSABLE_ENTITY, "too_long", said).into());
        }
        let verdicts = state.service.write_lines(link, seq, text, w.lang()).await?;
        let flashes = verdicts.into_iter().map(Flash::info).collect();
        return Ok(seat_again(
            &state,
            &request,
            &path,
            flashes,
            StatusCode::OK,
            Draft::None,
        )
        .await);
    }
    // A button or a select sends the action's JSON; other forms are read by the game.
    let (input, sent_json) = match fields.iter().position(|(name, _)| name == "action") {
        Some(at) => (ActionInput::Json(fields.swap_remove(at).1), true),
        None => (ActionInput::Form(fields), false),
    };
    let moved = state
        .service
        .make_move(Mover::Link(link), seq, vec![input], w.lang())
        .await;
    match moved {
        Ok(done) => Ok(see_other(format!("{}?moved={}", path_of(&path), done.seq))),
        // A button's JSON that does not read is not the player's doing: say what to do.
        Err(MoveError::Unreadable(_)) if sent_json => {
            let unknown = said("move-unknown-action");
            Err(Answer::seat(StatusCode::BAD_REQUEST, "invalid_json", unknown).into())
        }
        Err(error) => Err(error.into()),
    }
}

/// A vote at the table from a seat page's form: `vote` (draw, cancel, concede, pause,
/// agree, decline, resume), with `seat` for a concession and `hours` for a pause.
#[derive(Debug, Deserialize)]
pub struct VoteForm {
    seq: i64,
    vote: String,
    #[serde(default)]
    seat: String,
    #[serde(default)]
    hours: String,
}

/// POST …/vote: propose, agree, decline or resume (`kinds::table`); one log entry.
pub async fn vote(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<SeatPath>,
    form: web::Form<VoteForm>,
) -> Answered {
    let link = link_of(&path)?;
    let form = form.into_inner();
    let vote = crate::kinds::table::vote_from_fields(&form.vote, &form.seat, &form.hours).map_err(
        |refusal| {
            let words: Said = Arc::new(move |w, _| refusal.said(&w));
            Answer::seat(StatusCode::BAD_REQUEST, "invalid", words)
        },
    )?;
    let w = state.words(&request);
    let done = state.service.vote(link, form.seq, vote, w.lang()).await?;
    Ok(see_other(format!("{}?moved={}", path_of(&path), done.seq)))
}
