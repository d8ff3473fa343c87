//! The JSON API under /api/v1 for bots and scripts: the same operations as the pages, with the
//! seat token as `Authorization: Bearer SEAT.TOKEN`. Described by docs/openapi.json.

use super::errors::{said, Answer};
use super::{Answered, AppState};
use crate::domain::{Contribution, GameId, SeatToken};
use crate::engine::Seat;
use crate::kinds::{Action, Json};
use crate::present::Words;
use crate::service::{ActionInput, Mover, SeatLink};
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use utoipa::ToSchema;

/// The answer when the database is out of reach (every operation that reads it may give it).
const UNAVAILABLE: &str =
    "The database is out of reach for the moment; nothing was changed: try again later";

/// The API's error answer: `{"error": {"code", "message"}}`.
pub(super) fn error(status: StatusCode, code: &str, message: impl Into<String>) -> HttpResponse {
    HttpResponse::build(status)
        .json(serde_json::json!({"error": {"code": code, "message": message.into()}}))
}

/// The words of the answer to `request`: its language (see [`AppState::words`]).
fn words(request: &HttpRequest) -> Words<'_> {
    request
        .app_data::<web::Data<AppState>>()
        .expect("the API is served with the app's state")
        .words(request)
}

/// A JSON body actix cannot read: the API's error shape, with serde's description of the problem.
pub fn unreadable_json(
    payload: actix_web::error::JsonPayloadError,
    request: &HttpRequest,
) -> actix_web::Error {
    use actix_web::ResponseError;
    let w = words(request);
    let message = match &payload {
        actix_web::error::JsonPayloadError::Deserialize(e) => {
            w.one("api-error-json-invalid", "why", e.to_string())
        }
        actix_web::error::JsonPayloadError::ContentType => w.get("api-error-json-content-type"),
        _ => w.get("api-error-json-unreadable"),
    };
    let response = error(payload.status_code(), "invalid_json", message);
    actix_web::error::InternalError::from_response(payload, response).into()
}

#[derive(Serialize, ToSchema)]
struct PlayerJson {
    #[schema(value_type = u8, minimum = 1)]
    seat: Seat,
    name: String,
    accepted: bool,
    contribution: Option<String>,
    #[schema(value_type = Option<super::openapi::ContributionSource>, inline)]
    contribution_source: Option<&'static str>,
    /// The person's reliability, counted from their games; null for a bot's seat or a person
    /// who hides it.
    reliability: Option<ReliabilityJson>,
}

/// What a person's games say of them, never typed in.
#[derive(Serialize, ToSchema)]
#[schema(as = Reliability)]
pub(crate) struct ReliabilityJson {
    /// Games played to their end.
    games_finished: i64,
    /// Decisions the clock took when a deadline passed.
    deadlines_missed: i64,
    resignations: i64,
    /// Games that ended while the bot played for them, absent.
    games_left_to_a_bot: i64,
}

impl From<crate::service::Reliability> for ReliabilityJson {
    fn from(r: crate::service::Reliability) -> ReliabilityJson {
        ReliabilityJson {
            games_finished: r.finished,
            deadlines_missed: r.missed,
            resignations: r.resigned,
            games_left_to_a_bot: r.abandoned,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[schema(as = Game)]
struct GameJson {
    id: String,
    game: String,
    #[schema(value_type = super::openapi::GameStatus, inline)]
    status: &'static str,
    rules_version: u32,
    #[schema(value_type = super::openapi::Options)]
    options: Json,
    #[schema(inline)]
    players: Vec<PlayerJson>,
    seq: i64,
    log_head: Option<String>,
    /// The signed receipt of `seq` and `log_head` (`corriere-receipt/1 …`, see
    /// docs/formats.md); null before the start.
    receipt: Option<String>,
    commitment: String,
    /// The spectator's view (the full reveal once the game is over); null before the start.
    #[schema(value_type = Option<super::openapi::View>)]
    view: Option<crate::kinds::Json>,
    /// The server secret, revealed once the game is over.
    secret: Option<String>,
    /// How the game ended, once it has: the game's outcome, or a vote's at the table
    /// (`{"table":"draw"}`, `{"table":"cancelled"}`, `{"table":{"conceded":<seat>}}`).
    #[schema(value_type = Option<Object>)]
    outcome: Option<crate::kinds::Json>,
    /// Hours each seat has for a decision; null: no deadline.
    hours_per_decision: Option<i32>,
    /// The deadline of each seat a person must decide for.
    #[schema(inline)]
    deadlines: Vec<DeadlineJson>,
    /// Seats a bot plays (from the creation, after a resignation, or while the player is
    /// absent).
    #[schema(value_type = Vec<u8>)]
    bots: Vec<Seat>,
    /// Seats a sitter plays for their player now (named by the player for an absence).
    #[schema(inline)]
    sitters: Vec<SitterJson>,
    /// Only the players read the table's talk.
    private_table: bool,
    /// The table's public messages (none for a private table), oldest first.
    messages: Vec<crate::service::talk::TalkLine>,
    /// Votes at the table now: the open proposal, the pause in force.
    #[schema(inline)]
    table: TableJson,
}

#[derive(Serialize, ToSchema)]
struct TableJson {
    /// The proposal waiting for answers, if any (a proposal lapses 72 hours after it was made).
    #[schema(inline)]
    proposal: Option<ProposalJson>,
    /// The end of the pause in force (RFC 3339, UTC); null when the clock runs.
    #[schema(format = DateTime)]
    paused_until: Option<String>,
}

#[derive(Serialize, ToSchema)]
struct ProposalJson {
    #[schema(value_type = u8, minimum = 1)]
    by: Seat,
    /// As in a vote: `"draw"`, `"cancel"`, `{"concede":<seat>}` or `{"pause":{"hours":<n>}}`.
    #[schema(value_type = serde_json::Value)]
    proposal: crate::kinds::table::Proposal,
    /// The seats that agreed, the proposer first.
    #[schema(value_type = Vec<u8>)]
    agreed: Vec<Seat>,
    /// The seats whose agreement it still needs.
    #[schema(value_type = Vec<u8>)]
    waiting: Vec<Seat>,
    /// When it lapses unless everyone agreed (RFC 3339, UTC).
    #[schema(format = DateTime)]
    expires: String,
}

/// The table's votes at `now`, as the API shows them to anyone.
fn table_json(table: Option<&crate::kinds::table::Table>, players: u8, now: i64) -> TableJson {
    TableJson {
        proposal: table.and_then(|t| t.pending_at(now)).map(|p| ProposalJson {
            by: p.by,
            proposal: p.proposal.clone(),
            agreed: p.agreed.clone(),
            waiting: p.awaiting(players),
            expires: crate::audit::rfc3339_millis(p.expires()),
        }),
        paused_until: table
            .and_then(|t| t.paused_at(now))
            .map(|(_, until)| crate::audit::rfc3339_millis(until)),
    }
}

#[derive(Serialize, ToSchema)]
struct SitterJson {
    #[schema(value_type = u8, minimum = 1)]
    seat: Seat,
    /// The sitter's name (never their address).
    name: String,
    /// When the sitting ends at the latest, RFC 3339, UTC.
    #[schema(format = DateTime)]
    until: String,
}

#[derive(Serialize, ToSchema)]
struct DeadlineJson {
    #[schema(value_type = u8, minimum = 1)]
    seat: Seat,
    /// RFC 3339, UTC.
    #[schema(format = DateTime)]
    since: String,
    #[schema(format = DateTime)]
    due: String,
}

fn deadlines_json(time: &crate::service::time::TimeView) -> Vec<DeadlineJson> {
    time.deadlines
        .iter()
        .map(|(seat, since, due)| DeadlineJson {
            seat: *seat,
            since: crate::audit::rfc3339_millis(since.0),
            due: crate::audit::rfc3339_millis(due.0),
        })
        .collect()
}

#[utoipa::path(
    get,
    path = "/api/v1/games/{id}",
    operation_id = "getGame",
    summary = "The public view of a game (the full reveal once it is over)",
    params(("id" = String, Path, description = "The game id, as in its address.")),
    responses(
        (status = 200, description = "The game", body = GameJson),
        (status = 404, description = "No such game", body = super::openapi::ApiError),
        (status = 503, description = UNAVAILABLE, body = super::openapi::ApiError),
    )
)]
pub async fn game(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<String>,
) -> Answered {
    let id = GameId::parse(&path).map_err(|_| Answer::no_game())?;
    let w = state.words(&request);
    let page = state
        .service
        .public_page(&id, w.lang(), chrono_tz::UTC)
        .await?;
    Ok(HttpResponse::Ok().json(GameJson {
        id: page.game.id.as_str().to_string(),
        game: page.game.kind.clone(),
        status: page.game.status.as_str(),
        rules_version: page.game.rules_version,
        options: page.game.options.json().clone(),
        players: page
            .seats
            .iter()
            .map(|s| PlayerJson {
                seat: s.seat,
                name: s.name.clone(),
                accepted: s.accepted,
                contribution: s.contribution.clone(),
                contribution_source: s.contribution_source.map(|c| c.as_str()),
                reliability: page
                    .reliability
                    .get(s.seat.index())
                    .copied()
                    .flatten()
                    .map(ReliabilityJson::from),
            })
            .collect(),
        seq: page.seq,
        log_head: page.log_head.clone(),
        receipt: page.receipt.clone(),
        commitment: page.game.commitment.clone(),
        view: page.view.map(|v| v.to_json()),
        secret: page.revealed_secret,
        outcome: page.outcome.as_ref().map(|o| o.json().clone()),
        hours_per_decision: page.time.pace_hours,
        deadlines: deadlines_json(&page.time),
        bots: page.time.bots.iter().map(|(seat, _, _)| *seat).collect(),
        sitters: page
            .time
            .sat
            .iter()
            .map(|(seat, name, until)| SitterJson {
                seat: *seat,
                name: name.clone(),
                until: crate::audit::rfc3339_millis(until.0),
            })
            .collect(),
        private_table: page.game.private_table,
        table: table_json(page.table.as_ref(), page.seats.len() as u8, page.time.now.0),
        messages: page.talk,
    }))
}

/// The seat link behind `Authorization: Bearer SEAT.TOKEN`, as it arrived (not yet checked).
/// Every operation for a seat reads it before its body: a request without one is 401 whatever
/// else is wrong with it.
fn bearer(request: &HttpRequest, game: &str) -> Result<SeatLink, Answer> {
    let game = GameId::parse(game).map_err(|_| Answer::no_game())?;
    let header = request
        .headers()
        .get(actix_web::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .ok_or_else(|| {
            Answer::message(
                StatusCode::UNAUTHORIZED,
                "missing_token",
                "api-error-missing-token",
                "page-bad-link",
            )
        })?;
    let (seat, token) = header.trim().split_once('.').ok_or_else(Answer::bad_link)?;
    let seat = seat
        .parse::<u8>()
        .ok()
        .and_then(Seat::from_number)
        .ok_or_else(Answer::bad_link)?;
    let token = SeatToken::parse(token).map_err(|_| Answer::bad_link())?;
    Ok(SeatLink { game, seat, token })
}

/// The answer to a request whose body is refused: a bearer that is not the seat's hears that
/// first (as it would with a good body); only a request that may act is told what is wrong
/// with its body. Costs a look-up on this refused path only.
async fn refuse_body(
    state: &web::Data<AppState>,
    link: &SeatLink,
    refusal: actix_web::Error,
) -> Answered {
    state.service.check_link(link).await?;
    Err(refusal)
}

/// A body that is not the API's: 400 `invalid` with these words.
pub(super) fn invalid(status: StatusCode, message: super::errors::Said) -> Answer {
    Answer::new(
        status,
        "invalid",
        message.clone(),
        super::errors::Shown::Message {
            id: "page-unreadable-form",
            text: Some(message),
        },
    )
}

#[derive(Serialize, ToSchema)]
#[schema(as = Seat)]
struct SeatJson {
    #[schema(value_type = u8, minimum = 1)]
    seat: Seat,
    #[schema(value_type = super::openapi::GameStatus, inline)]
    status: &'static str,
    /// What this seat must decide now, in the game's own terms; null when it owes nothing.
    #[schema(value_type = Option<serde_json::Value>)]
    decision: Option<crate::kinds::Json>,
    /// The menu: legal actions forms and mails offer. Each one is legal now, but a game whose
    /// choices cannot all be listed (War's placements and attack plans) offers a sample: any
    /// action its rules accept may be posted, and the rules, not this list, judge it.
    #[schema(value_type = Vec<super::openapi::Action>)]
    legal_actions: Vec<Action>,
    /// Send it back with the next move.
    seq: i64,
    log_head: Option<String>,
    /// The signed receipt of `seq` and `log_head` (see docs/formats.md); null before the start.
    receipt: Option<String>,
    #[schema(value_type = Option<super::openapi::View>)]
    view: Option<crate::kinds::Json>,
    /// When this seat's decision is due (RFC 3339, UTC); null without one.
    #[schema(format = DateTime)]
    deadline: Option<String>,
    /// The table's talk this seat may read, oldest first.
    messages: Vec<crate::service::talk::TalkLine>,
    /// This seat's private notes (only its own token reads them); empty when it keeps none.
    note: String,
}

#[utoipa::path(
    get,
    path = "/api/v1/games/{id}/seat",
    operation_id = "getSeat",
    summary = "A seat's view, its legal actions and the current sequence number",
    params(("id" = String, Path, description = "The game id, as in its address.")),
    security(("seatToken" = [])),
    responses(
        (status = 200, description = "The seat", body = SeatJson),
        (status = 401, description = "No token sent", body = super::openapi::ApiError),
        (status = 403, description = "The token is not valid (replaced by a newer link?)", body = super::openapi::ApiError),
        (status = 404, description = "No such game", body = super::openapi::ApiError),
        (status = 503, description = UNAVAILABLE, body = super::openapi::ApiError),
    )
)]
pub async fn seat(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<String>,
) -> Answered {
    let link = bearer(&request, &path)?;
    let page = state.service.seat_state(&link).await?;
    Ok(HttpResponse::Ok().json(SeatJson {
        seat: page.seat,
        status: page.game.status.as_str(),
        decision: page.decision.map(|d| d.to_json()),
        legal_actions: page.legal_actions,
        seq: page.seq,
        log_head: page.log_head,
        receipt: page.receipt,
        view: page.view.map(|v| v.to_json()),
        deadline: page
            .time
            .deadlines
            .iter()
            .find(|(seat, _, _)| *seat == page.seat)
            .map(|(_, _, due)| crate::audit::rfc3339_millis(due.0)),
        messages: page.talk,
        note: page.note,
    }))
}

/// A seat's private notes, whole: they replace the notes kept.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NoteRequest {
    /// The notes (at most 10,000 characters; lines kept; nothing that reorders text); empty:
    /// none.
    text: String,
}

/// PUT /api/v1/games/{game}/note: keep this seat's private notes.
#[utoipa::path(
    put,
    path = "/api/v1/games/{id}/note",
    operation_id = "putNote",
    summary = "Keep this seat's private notes (read back in the seat's `note`)",
    params(("id" = String, Path, description = "The game id, as in its address.")),
    security(("seatToken" = [])),
    request_body(content = inline(NoteRequest), content_type = "application/json"),
    responses(
        (status = 204, description = "Kept"),
        (status = 400, description = "The body is not JSON, or has unknown fields", body = super::openapi::ApiError),
        (status = 401, description = "No token sent", body = super::openapi::ApiError),
        (status = 403, description = "Bad token", body = super::openapi::ApiError),
        (status = 404, description = "No such game", body = super::openapi::ApiError),
        (status = 422, description = "Too long, or unprintable text", body = super::openapi::ApiError),
        (status = 503, description = UNAVAILABLE, body = super::openapi::ApiError),
    )
)]
pub async fn put_note(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<String>,
    body: Result<web::Json<NoteRequest>, actix_web::Error>,
) -> Answered {
    let link = bearer(&request, &path)?;
    let NoteRequest { text } = match body {
        Ok(body) => body.into_inner(),
        Err(unreadable) => return refuse_body(&state, &link, unreadable).await,
    };
    state.service.save_note(&link, text).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// A message to the table, or privately to one seat (from 1).
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MessageRequest {
    /// The message: trimmed, lines kept; no other control characters, nothing that reorders
    /// text.
    text: String,
    /// A private message's seat (from 1, not your own); absent or null: everyone at the table.
    #[serde(default)]
    #[schema(minimum = 1)]
    to: Option<u8>,
}

/// POST /api/v1/games/{game}/messages: say something at the table.
#[utoipa::path(
    post,
    path = "/api/v1/games/{id}/messages",
    operation_id = "message",
    summary = "Say something at the table: to everyone, or privately to one seat",
    params(("id" = String, Path, description = "The game id, as in its address.")),
    security(("seatToken" = [])),
    request_body(content = inline(MessageRequest), content_type = "application/json"),
    responses(
        (status = 201, description = "Sent", body = crate::service::talk::TalkLine),
        (status = 400, description = "The body is not JSON, or has unknown fields", body = super::openapi::ApiError),
        (status = 401, description = "No token sent", body = super::openapi::ApiError),
        (status = 403, description = "Bad token", body = super::openapi::ApiError),
        (status = 404, description = "No such game", body = super::openapi::ApiError),
        (status = 422, description = "Empty, too long or unprintable text, or no such seat", body = super::openapi::ApiError),
        (
            status = 429,
            description = "Too many messages from this seat in this hour (`Retry-After`)",
            body = super::openapi::ApiError,
            headers(("Retry-After" = u64, description = "Seconds to wait."))
        ),
        (status = 503, description = UNAVAILABLE, body = super::openapi::ApiError),
    )
)]
pub async fn post_message(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<String>,
    body: Result<web::Json<MessageRequest>, actix_web::Error>,
) -> Answered {
    use crate::service::talk::{MessageText, Via};
    let link = bearer(&request, &path)?;
    let MessageRequest { text, to } = match body {
        Ok(body) => body.into_inner(),
        Err(unreadable) => return refuse_body(&state, &link, unreadable).await,
    };
    let unprocessable = StatusCode::UNPROCESSABLE_ENTITY;
    let text = MessageText::parse(&text).map_err(|bad| invalid(unprocessable, said(bad.key())))?;
    let to = match to {
        None => None,
        Some(n) if n >= 1 => Some(Seat(n - 1)),
        Some(_) => return Err(invalid(unprocessable, said("api-error-message-to")).into()),
    };
    let line = state
        .service
        .post_message(&link, to, text, Via::Api)
        .await?;
    Ok(HttpResponse::Created().json(line))
}

/// A report of a message this seat reads.
#[derive(Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReportRequest {
    /// Why, for the site's operator (at most 500 characters; nothing that reorders text);
    /// absent: no reason.
    #[serde(default)]
    reason: String,
}

/// POST /api/v1/games/{game}/messages/{message}/report: report a message to the operator.
#[utoipa::path(
    post,
    path = "/api/v1/games/{id}/messages/{message}/report",
    operation_id = "reportMessage",
    summary = "Report a message this seat reads to the site's operator (once per person)",
    params(
        ("id" = String, Path, description = "The game id, as in its address."),
        ("message" = String, Path, description = "The message's `id`, as the seat's `messages` give it."),
    ),
    security(("seatToken" = [])),
    request_body(content = inline(ReportRequest), content_type = "application/json"),
    responses(
        (status = 204, description = "Reported"),
        (status = 400, description = "The body is not JSON, or has unknown fields", body = super::openapi::ApiError),
        (status = 401, description = "No token sent", body = super::openapi::ApiError),
        (status = 403, description = "Bad token", body = super::openapi::ApiError),
        (status = 404, description = "No such game, or no such message this seat reads", body = super::openapi::ApiError),
        (status = 409, description = "This person reported the message already", body = super::openapi::ApiError),
        (status = 422, description = "The reason is too long or unprintable", body = super::openapi::ApiError),
        (
            status = 429,
            description = "Too many reports from this address in this hour (`Retry-After`)",
            body = super::openapi::ApiError,
            headers(("Retry-After" = u64, description = "Seconds to wait."))
        ),
        (status = 503, description = UNAVAILABLE, body = super::openapi::ApiError),
    )
)]
pub async fn report_message(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<(String, String)>,
    body: Result<web::Json<ReportRequest>, actix_web::Error>,
) -> Answered {
    let (game, message) = path.into_inner();
    let link = bearer(&request, &game)?;
    let ReportRequest { reason } = match body {
        Ok(body) => body.into_inner(),
        Err(unreadable) => return refuse_body(&state, &link, unreadable).await,
    };
    state.service.report_message(&link, message, reason).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The seat whose player this seat's person blocks.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BlockRequest {
    /// Another player's seat at this table, from 1 (their address is never shown).
    #[schema(minimum = 1)]
    seat: u8,
}

/// POST /api/v1/games/{game}/block: block the player of another seat.
#[utoipa::path(
    post,
    path = "/api/v1/games/{id}/block",
    operation_id = "blockPlayer",
    summary = "Block the player of another seat: their messages, invitations and rematches no longer reach this seat's person",
    params(("id" = String, Path, description = "The game id, as in its address.")),
    security(("seatToken" = [])),
    request_body(content = inline(BlockRequest), content_type = "application/json"),
    responses(
        (status = 204, description = "Blocked (or blocked already)"),
        (status = 400, description = "The body is not JSON, or has unknown fields", body = super::openapi::ApiError),
        (status = 401, description = "No token sent", body = super::openapi::ApiError),
        (status = 403, description = "Bad token", body = super::openapi::ApiError),
        (status = 404, description = "No such game", body = super::openapi::ApiError),
        (status = 422, description = "No other player at that seat", body = super::openapi::ApiError),
        (status = 503, description = UNAVAILABLE, body = super::openapi::ApiError),
    )
)]
pub async fn block(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<String>,
    body: Result<web::Json<BlockRequest>, actix_web::Error>,
) -> Answered {
    let link = bearer(&request, &path)?;
    let BlockRequest { seat } = match body {
        Ok(body) => body.into_inner(),
        Err(unreadable) => return refuse_body(&state, &link, unreadable).await,
    };
    let seat = Seat::from_number(seat).ok_or_else(|| {
        invalid(
            StatusCode::UNPROCESSABLE_ENTITY,
            said("moderation-no-such-seat"),
        )
    })?;
    state.service.block_seat(&link, seat).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AcceptRequest {
    /// Random text made on the player's side and/or a phrase (the accept form's 64 random hex
    /// digits, a space and a phrase), without control characters, kept byte for byte. When
    /// absent the server draws one and marks it server-supplied.
    #[serde(default)]
    contribution: Option<String>,
}

/// An optional JSON body: none at all, or JSON with `Content-Type: application/json` that reads
/// as `T` (unknown fields refused). Anything else is a 400 that says what is wrong.
fn optional_json<T: serde::de::DeserializeOwned>(
    request: &HttpRequest,
    body: &[u8],
) -> Result<Option<T>, Answer> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    let json = request
        .headers()
        .get(actix_web::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim().starts_with("application/json"));
    let unreadable = |message| Answer {
        code: "invalid_json",
        ..invalid(StatusCode::BAD_REQUEST, message)
    };
    if !json {
        return Err(unreadable(said("api-error-json-optional")));
    }
    serde_json::from_slice(body).map(Some).map_err(|e| {
        let why = e.to_string();
        unreadable(Arc::new(move |w, _| {
            w.one("api-error-json-invalid", "why", why.as_str())
        }))
    })
}

#[utoipa::path(
    post,
    path = "/api/v1/games/{id}/accept",
    operation_id = "accept",
    summary = "Accept the invitation, adding the seat's contribution to the deal seed",
    params(("id" = String, Path, description = "The game id, as in its address.")),
    security(("seatToken" = [])),
    request_body(content = inline(Option<AcceptRequest>), content_type = "application/json"),
    responses(
        (
            status = 200,
            description = "Accepted; `started` says whether this was the last seat and the game \
                began.",
            body = inline(super::openapi::Accepted)
        ),
        (
            status = 400,
            description = "The body is not JSON, has unknown fields, or the contribution is \
                empty, too long or holds control characters",
            body = super::openapi::ApiError
        ),
        (status = 401, description = "No token", body = super::openapi::ApiError),
        (status = 403, description = "Bad token", body = super::openapi::ApiError),
        (status = 404, description = "No such game", body = super::openapi::ApiError),
        (status = 409, description = "Already accepted, or the game no longer waits for players", body = super::openapi::ApiError),
        (status = 503, description = UNAVAILABLE, body = super::openapi::ApiError),
    )
)]
pub async fn accept(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<String>,
    body: web::Bytes,
) -> Answered {
    let link = bearer(&request, &path)?;
    let body: Option<AcceptRequest> = match optional_json(&request, &body) {
        Ok(body) => body,
        Err(refusal) => return refuse_body(&state, &link, refusal.into()).await,
    };
    let contribution = match body.and_then(|b| b.contribution) {
        None => None,
        Some(text) => Some(Contribution::parse(&text).map_err(|_| {
            let max = Contribution::MAX_CHARS;
            invalid(
                StatusCode::BAD_REQUEST,
                Arc::new(move |w, _| w.one("api-error-contribution", "max", max)),
            )
        })?),
    };
    let accepted = state.service.accept(&link, contribution, None).await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({"started": accepted.started})))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// The `seq` the seat view showed. The move is stale (409) if this seat's decision changed
    /// since: another seat answering the same simultaneous decision does not make it stale.
    seq: i64,
    /// One action (send either `action` or `actions`).
    #[serde(default)]
    #[schema(value_type = super::openapi::Action)]
    action: Option<serde_json::Value>,
    /// A script: applied one by one; at the first the rules refuse, the rest is dropped (the
    /// answer's `refused` names it) and the ones before it stand.
    #[serde(default)]
    #[schema(value_type = Vec<super::openapi::Action>, min_items = 1)]
    actions: Option<Vec<serde_json::Value>>,
}

#[utoipa::path(
    post,
    path = "/api/v1/games/{id}/moves",
    operation_id = "move",
    summary = "Make a move (one action, or a script of several)",
    params(("id" = String, Path, description = "The game id, as in its address.")),
    security(("seatToken" = [])),
    request_body(content = inline(MoveRequest), content_type = "application/json"),
    responses(
        (status = 200, description = "Applied", body = inline(super::openapi::Moved)),
        (
            status = 400,
            description = "The body is not a move, or an action is not one of the game's \
                (`invalid_json`)",
            body = super::openapi::ApiError
        ),
        (status = 401, description = "No token", body = super::openapi::ApiError),
        (status = 403, description = "Bad token", body = super::openapi::ApiError),
        (status = 404, description = "No such game", body = super::openapi::ApiError),
        (
            status = 409,
            description = "Stale: the game has moved on (`current_seq`), or it is not being \
                played; nothing was applied",
            body = super::openapi::ApiError
        ),
        (
            status = 422,
            description = "Illegal: `code` and `message` name the rule that forbids it; nothing \
                was applied",
            body = super::openapi::ApiError
        ),
        (status = 503, description = UNAVAILABLE, body = super::openapi::ApiError),
    )
)]
pub async fn make_move(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<String>,
    body: Result<web::Json<MoveRequest>, actix_web::Error>,
) -> Answered {
    let link = bearer(&request, &path)?;
    let MoveRequest {
        seq,
        action,
        actions,
    } = match body {
        Ok(body) => body.into_inner(),
        Err(unreadable) => return refuse_body(&state, &link, unreadable).await,
    };
    let inputs: Vec<ActionInput> = match (action, actions) {
        (Some(one), None) => vec![ActionInput::Json(one.to_string())],
        (None, Some(many)) if !many.is_empty() => many
            .into_iter()
            .map(|a| ActionInput::Json(a.to_string()))
            .collect(),
        _ => return Err(invalid(StatusCode::BAD_REQUEST, said("api-error-move-shape")).into()),
    };
    let w = state.words(&request);
    let done = state
        .service
        .make_move(Mover::Link(link), seq, inputs, w.lang())
        .await?;
    let mut answer = serde_json::json!({
        "seq": done.seq, "log_head": done.log_head, "receipt": done.receipt,
        "game_over": done.game_over,
        "happened": done.happened, "waiting": done.waiting
    });
    if let Some(refused) = &done.refused {
        answer["refused"] = serde_json::json!({
            "index": refused.index,
            "code": refused.error.code(),
            "message": refused.to_anyone,
        });
    }
    Ok(HttpResponse::Ok().json(answer))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VoteRequest {
    /// The `seq` the seat view showed (stale, 409, as for a move; an `"agree"` or
    /// `"decline"` is stale too when the proposal standing now was made after it).
    seq: i64,
    /// The vote (docs/formats.md, votes at the table): `{"propose":"draw"}`,
    /// `{"propose":"cancel"}`, `{"propose":{"concede":<seat>}}`,
    /// `{"propose":{"pause":{"hours":<1 to 336>}}}`, `"agree"`, `"decline"` or `"resume"`.
    vote: serde_json::Value,
}

#[utoipa::path(
    post,
    path = "/api/v1/games/{id}/votes",
    operation_id = "vote",
    summary = "Vote at the table: propose a draw, a concession, a cancel or a pause, or answer",
    description = "A vote is a log entry like a move (`{\"table\":<vote>}`): a draw, a cancel or \
        a pause passes when every seat agreed, a concession when every seat but the winner \
        did; a proposal lapses after 72 hours or when declined. Everyone is told by mail.",
    params(("id" = String, Path, description = "The game id, as in its address.")),
    security(("seatToken" = [])),
    request_body(content = inline(VoteRequest), content_type = "application/json"),
    responses(
        (status = 200, description = "Applied", body = inline(super::openapi::Moved)),
        (status = 400, description = "The body is not a vote", body = super::openapi::ApiError),
        (status = 401, description = "No token", body = super::openapi::ApiError),
        (status = 403, description = "Bad token", body = super::openapi::ApiError),
        (status = 404, description = "No such game", body = super::openapi::ApiError),
        (
            status = 409,
            description = "Stale, or the game is not being played; nothing was applied",
            body = super::openapi::ApiError
        ),
        (
            status = 422,
            description = "Refused (`code`: `table-pending`, `table-nothing-pending`…); \
                nothing was applied",
            body = super::openapi::ApiError
        ),
        (status = 503, description = UNAVAILABLE, body = super::openapi::ApiError),
    )
)]
pub async fn vote(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<String>,
    body: Result<web::Json<VoteRequest>, actix_web::Error>,
) -> Answered {
    let link = bearer(&request, &path)?;
    let VoteRequest { seq, vote } = match body {
        Ok(body) => body.into_inner(),
        Err(unreadable) => return refuse_body(&state, &link, unreadable).await,
    };
    let vote: crate::kinds::table::Vote = serde_json::from_value(vote)
        .map_err(|_| invalid(StatusCode::BAD_REQUEST, said("api-error-vote-shape")))?;
    let w = state.words(&request);
    let done = state.service.vote(link, seq, vote, w.lang()).await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "seq": done.seq, "log_head": done.log_head, "receipt": done.receipt,
        "game_over": done.game_over,
        "happened": done.happened, "waiting": done.waiting
    })))
}

/// One game this service plays: its name, title, table size, rules version and options.
#[derive(Serialize, ToSchema)]
#[schema(as = Kind)]
struct KindJson {
    name: &'static str,
    title: String,
    min_players: u8,
    max_players: u8,
    rules_version: u32,
    #[schema(value_type = Vec<super::openapi::OptionField>, inline)]
    options: Vec<crate::engine::OptionField>,
}

/// `GET /api/v1/kinds`: the games played here and the options each takes, with their limits.
#[utoipa::path(
    get,
    path = "/api/v1/kinds",
    operation_id = "kinds",
    summary = "The games played here",
    description = "Every game this service plays, with its table size, rules version and options \
        (names, types and limits: the create form and the API share them).",
    responses((status = 200, description = "The games", body = Vec<KindJson>))
)]
pub async fn kinds(state: web::Data<AppState>, request: HttpRequest) -> HttpResponse {
    let registry = state.games.registry();
    let words = state.words(&request);
    let kinds: Vec<KindJson> = registry
        .kinds()
        .map(|k| KindJson {
            name: k.name(),
            title: words.get(&format!("{}-title", k.name())),
            min_players: k.players().0,
            max_players: k.players().1,
            rules_version: k.current_rules_version(),
            options: k.option_fields(),
        })
        .collect();
    HttpResponse::Ok().json(kinds)
}

#[utoipa::path(
    get,
    path = "/api/openapi.json",
    operation_id = "openapi",
    summary = "This document",
    responses((status = 200, description = "The OpenAPI document of this API", body = Object))
)]
pub async fn openapi() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(super::openapi::document())
}
