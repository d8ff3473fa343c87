//! The JSON API under /api/v1 for bots and scripts: the same operations as the pages, with the
//! seat token as `Authorization: Bearer SEAT.TOKEN`. Described by docs/openapi.json.

use super::{blocking, AppState};
use crate::domain::{Contribution, GameId, SeatToken};
use crate::engine::{Seat, Viewer};
use crate::kinds::{Action, Json};
use crate::present::{Ctx, SeatNames, Words};
use crate::service::{
    AcceptError, ActionInput, AuthError, LoadError, MoveError, Mover, SeatAuth, SeatLink,
};
use crate::store::Conn;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};

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

/// A failure outside the game's rules, logged: 503 `unavailable` when the database is out of
/// reach (see [`super::unavailable`]), else 500 `unexpected`.
pub(super) fn unexpected(w: Words, error: anyhow::Error, game: Option<&str>) -> HttpResponse {
    tracing::error!(
        game.id = game.unwrap_or("-"),
        error = format!("{error:#}"),
        "request failed"
    );
    if super::unavailable(&error) {
        return self::error(
            StatusCode::SERVICE_UNAVAILABLE,
            "unavailable",
            w.get("api-error-unavailable"),
        );
    }
    self::error(
        StatusCode::INTERNAL_SERVER_ERROR,
        "unexpected",
        w.get("api-error-unexpected"),
    )
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

fn unknown_kind(w: Words, game: &str) -> HttpResponse {
    tracing::error!(game, "a stored game is of a kind this server does not play");
    error(
        StatusCode::NOT_IMPLEMENTED,
        "unknown_game",
        w.one("api-error-unknown-kind", "game", game),
    )
}

fn no_game(w: Words) -> HttpResponse {
    error(
        StatusCode::NOT_FOUND,
        "no_such_game",
        w.get("api-error-no-game"),
    )
}

#[derive(Serialize)]
struct PlayerJson {
    seat: Seat,
    name: String,
    accepted: bool,
    contribution: Option<String>,
    contribution_source: Option<&'static str>,
}

#[derive(Serialize)]
struct GameJson {
    id: String,
    game: String,
    status: &'static str,
    rules_version: u32,
    options: Json,
    players: Vec<PlayerJson>,
    seq: i64,
    log_head: Option<String>,
    commitment: String,
    /// The spectator's view (the full reveal once the game is over); null before the start.
    view: Option<crate::kinds::Json>,
    /// The server secret, revealed once the game is over.
    secret: Option<String>,
    /// Hours each seat has for a decision; null: no deadline.
    hours_per_decision: Option<i32>,
    /// The deadline of each seat a person must decide for.
    deadlines: Vec<DeadlineJson>,
    /// Seats a bot plays.
    bots: Vec<Seat>,
    /// Only the players read the table's talk.
    private_table: bool,
    /// The table's public messages (none for a private table), oldest first.
    messages: Vec<crate::service::talk::TalkLine>,
}

#[derive(Serialize)]
struct DeadlineJson {
    seat: Seat,
    /// RFC 3339, UTC.
    since: String,
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

pub async fn game(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<String>,
) -> HttpResponse {
    let w = state.words(&request);
    let Ok(id) = GameId::parse(&path) else {
        return no_game(w);
    };
    let lang = w.lang().to_owned();
    match blocking(&state, move |s, conn| {
        s.games.public_page(conn, &id, &lang, chrono_tz::UTC)
    })
    .await
    {
        Ok(Ok(page)) => HttpResponse::Ok().json(GameJson {
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
                })
                .collect(),
            seq: page.seq,
            log_head: page.log_head.clone(),
            commitment: page.game.commitment.clone(),
            view: page.view.map(|v| v.to_json()),
            secret: page.revealed_secret,
            hours_per_decision: page.time.pace_hours,
            deadlines: deadlines_json(&page.time),
            bots: page.time.bots.iter().map(|(seat, _, _)| *seat).collect(),
            private_table: page.game.private_table,
            messages: page.talk,
        }),
        Ok(Err(LoadError::NoSuchGame)) => no_game(w),
        Ok(Err(LoadError::BadLink)) => bad_token(w),
        Ok(Err(LoadError::UnknownKind(game))) => unknown_kind(w, &game),
        Ok(Err(LoadError::Unexpected(e))) => unexpected(w, e, Some(&path)),
        Err(e) => unexpected(w, e.into_inner(), None),
    }
}

fn bad_token(w: Words) -> HttpResponse {
    error(
        StatusCode::FORBIDDEN,
        "bad_token",
        w.get("api-error-bad-token"),
    )
}

/// The seat link behind `Authorization: Bearer SEAT.TOKEN`, as it arrived (not yet checked).
/// Every operation for a seat reads it before its body: a request without one is 401 whatever
/// else is wrong with it.
#[allow(clippy::result_large_err)]
fn bearer(request: &HttpRequest, game: &str) -> Result<SeatLink, HttpResponse> {
    let w = words(request);
    let game = GameId::parse(game).map_err(|_| no_game(w))?;
    let header = request
        .headers()
        .get(actix_web::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .ok_or_else(|| {
            error(
                StatusCode::UNAUTHORIZED,
                "missing_token",
                w.get("api-error-missing-token"),
            )
        })?;
    let (seat, token) = header.trim().split_once('.').ok_or_else(|| bad_token(w))?;
    let seat = seat
        .parse::<u8>()
        .ok()
        .and_then(Seat::from_number)
        .ok_or_else(|| bad_token(w))?;
    let token = SeatToken::parse(token).map_err(|_| bad_token(w))?;
    Ok(SeatLink { game, seat, token })
}

/// Check the seat link of [`bearer`] and run `work` for it, in one trip to the database.
async fn for_bearer<T, F>(
    state: &web::Data<AppState>,
    request: &HttpRequest,
    link: SeatLink,
    game: &str,
    work: F,
) -> Result<T, HttpResponse>
where
    T: Send + 'static,
    F: FnOnce(&AppState, &mut Conn, &SeatAuth) -> T + Send + 'static,
{
    let w = state.words(request);
    match blocking(state, move |s, conn| {
        let auth = s
            .games
            .authorize(conn, &link.game, link.seat, &link.token)?;
        Ok(work(s, conn, &auth))
    })
    .await
    {
        Ok(Ok(done)) => Ok(done),
        Ok(Err(AuthError::NoSuchGame)) => Err(no_game(w)),
        Ok(Err(AuthError::BadLink)) => Err(bad_token(w)),
        Ok(Err(AuthError::Unexpected(e))) => Err(unexpected(w, e, Some(game))),
        Err(e) => Err(unexpected(w, e.into_inner(), Some(game))),
    }
}

/// The answer to a request whose body is refused: a bearer that is not the seat's hears that
/// first (as it would with a good body); only a request that may act is told what is wrong
/// with its body. Costs a look-up on this refused path only.
async fn refuse_body(
    state: &web::Data<AppState>,
    request: &HttpRequest,
    link: &SeatLink,
    game: &str,
    refusal: HttpResponse,
) -> HttpResponse {
    match for_bearer(state, request, link.clone(), game, |_, _, _| ()).await {
        Ok(()) => refusal,
        Err(response) => response,
    }
}

#[derive(Serialize)]
struct SeatJson {
    seat: Seat,
    status: &'static str,
    decision: Option<crate::kinds::Json>,
    legal_actions: Vec<Action>,
    /// Send it back with the next move.
    seq: i64,
    log_head: Option<String>,
    view: Option<crate::kinds::Json>,
    /// When this seat's decision is due (RFC 3339, UTC); null without one.
    deadline: Option<String>,
    /// The table's talk this seat may read, oldest first.
    messages: Vec<crate::service::talk::TalkLine>,
}

pub async fn seat(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<String>,
) -> HttpResponse {
    let link = match bearer(&request, &path) {
        Ok(link) => link,
        Err(response) => return response,
    };
    let w = state.words(&request);
    match blocking(&state, move |s, conn| s.games.seat_state(conn, &link)).await {
        Ok(Ok(page)) => HttpResponse::Ok().json(SeatJson {
            seat: page.seat,
            status: page.game.status.as_str(),
            decision: page.decision.map(|d| d.to_json()),
            legal_actions: page.legal_actions,
            seq: page.seq,
            log_head: page.log_head,
            view: page.view.map(|v| v.to_json()),
            deadline: page
                .time
                .deadlines
                .iter()
                .find(|(seat, _, _)| *seat == page.seat)
                .map(|(_, _, due)| crate::audit::rfc3339_millis(due.0)),
            messages: page.talk,
        }),
        Ok(Err(LoadError::NoSuchGame)) => no_game(w),
        Ok(Err(LoadError::BadLink)) => bad_token(w),
        Ok(Err(LoadError::UnknownKind(game))) => unknown_kind(w, &game),
        Ok(Err(LoadError::Unexpected(e))) => unexpected(w, e, Some(&path)),
        Err(e) => unexpected(w, e.into_inner(), Some(&path)),
    }
}

/// A message to the table, or privately to one seat (from 1).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MessageRequest {
    text: String,
    #[serde(default)]
    to: Option<u8>,
}

/// POST /api/v1/games/{game}/messages: say something at the table.
pub async fn post_message(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<String>,
    body: Result<web::Json<MessageRequest>, actix_web::Error>,
) -> HttpResponse {
    use crate::service::talk::{MessageError, MessageText, Via};
    let link = match bearer(&request, &path) {
        Ok(link) => link,
        Err(response) => return response,
    };
    let MessageRequest { text, to } = match body {
        Ok(body) => body.into_inner(),
        Err(unreadable) => {
            let refusal = unreadable.error_response();
            return refuse_body(&state, &request, &link, &path, refusal).await;
        }
    };
    let w = state.words(&request);
    let text = match MessageText::parse(&text) {
        Ok(text) => text,
        Err(bad) => {
            return error(
                StatusCode::UNPROCESSABLE_ENTITY,
                "invalid",
                w.get(bad.key()),
            )
        }
    };
    let to = match to {
        None => None,
        Some(n) if n >= 1 => Some(Seat(n - 1)),
        Some(_) => {
            return error(
                StatusCode::UNPROCESSABLE_ENTITY,
                "invalid",
                w.get("api-error-message-to"),
            )
        }
    };
    let posted = for_bearer(&state, &request, link, &path, move |s, conn, auth| {
        s.games.post_message(conn, auth, to, &text, Via::Api)
    });
    match posted.await {
        Ok(Ok(line)) => HttpResponse::Created().json(line),
        Ok(Err(MessageError::NoSuchSeat)) => error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid",
            w.get("talk-problem-no-such-seat"),
        ),
        Ok(Err(MessageError::Bad(bad))) => error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid",
            w.get(bad.key()),
        ),
        Ok(Err(MessageError::Limited(limited))) => {
            let mut response = error(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                w.get("talk-problem-limited"),
            );
            response.headers_mut().insert(
                actix_web::http::header::RETRY_AFTER,
                actix_web::http::header::HeaderValue::from(limited.retry_after.as_secs().max(1)),
            );
            response
        }
        Ok(Err(MessageError::NoSuchGame)) => no_game(w),
        Ok(Err(MessageError::Unexpected(e))) => unexpected(w, e, Some(&path)),
        Err(response) => response,
    }
}

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AcceptRequest {
    #[serde(default)]
    contribution: Option<String>,
}

/// An optional JSON body: none at all, or JSON with `Content-Type: application/json` that reads
/// as `T` (unknown fields refused). Anything else is a 400 that says what is wrong.
#[allow(clippy::result_large_err)]
fn optional_json<T: serde::de::DeserializeOwned>(
    request: &HttpRequest,
    body: &[u8],
) -> Result<Option<T>, HttpResponse> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    let json = request
        .headers()
        .get(actix_web::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim().starts_with("application/json"));
    if !json {
        return Err(error(
            StatusCode::BAD_REQUEST,
            "invalid_json",
            words(request).get("api-error-json-optional"),
        ));
    }
    serde_json::from_slice(body).map(Some).map_err(|e| {
        error(
            StatusCode::BAD_REQUEST,
            "invalid_json",
            words(request).one("api-error-json-invalid", "why", e.to_string()),
        )
    })
}

pub async fn accept(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<String>,
    body: web::Bytes,
) -> HttpResponse {
    let link = match bearer(&request, &path) {
        Ok(link) => link,
        Err(response) => return response,
    };
    let body: Option<AcceptRequest> = match optional_json(&request, &body) {
        Ok(body) => body,
        Err(refusal) => return refuse_body(&state, &request, &link, &path, refusal).await,
    };
    let w = state.words(&request);
    let contribution = match body.and_then(|b| b.contribution) {
        None => None,
        Some(text) => match Contribution::parse(&text) {
            Ok(c) => Some(c),
            Err(_) => {
                return error(
                    StatusCode::BAD_REQUEST,
                    "invalid",
                    w.one("api-error-contribution", "max", Contribution::MAX_CHARS),
                )
            }
        },
    };
    let accepted = for_bearer(&state, &request, link, &path, move |s, conn, auth| {
        s.games
            .accept(conn, auth, contribution)
            .map(|accepted| (accepted, auth.game_id().clone()))
    });
    match accepted.await {
        Ok(Ok((accepted, game))) => {
            if accepted.started {
                state.games.play_bots(&state.db, &game).await;
            }
            HttpResponse::Ok().json(serde_json::json!({"started": accepted.started}))
        }
        Ok(Err(AcceptError::AlreadyAccepted)) => error(
            StatusCode::CONFLICT,
            "already_accepted",
            w.get("api-error-already-accepted"),
        ),
        Ok(Err(AcceptError::NotInviting)) => error(
            StatusCode::CONFLICT,
            "not_inviting",
            w.get("api-error-not-inviting"),
        ),
        Ok(Err(AcceptError::NoSuchGame)) => no_game(w),
        Ok(Err(AcceptError::Unexpected(e))) => unexpected(w, e, Some(&path)),
        Err(response) => response,
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    seq: i64,
    /// One action…
    #[serde(default)]
    action: Option<serde_json::Value>,
    /// …or a script of several, applied in order.
    #[serde(default)]
    actions: Option<Vec<serde_json::Value>>,
}

pub async fn make_move(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<String>,
    body: Result<web::Json<MoveRequest>, actix_web::Error>,
) -> HttpResponse {
    let link = match bearer(&request, &path) {
        Ok(link) => link,
        Err(response) => return response,
    };
    let MoveRequest {
        seq,
        action,
        actions,
    } = match body {
        Ok(body) => body.into_inner(),
        Err(unreadable) => {
            let refusal = unreadable.error_response();
            return refuse_body(&state, &request, &link, &path, refusal).await;
        }
    };
    let mover = Mover::Link(link);
    let w = state.words(&request);
    let inputs: Vec<ActionInput> = match (action, actions) {
        (Some(one), None) => vec![ActionInput::Json(one.to_string())],
        (None, Some(many)) if !many.is_empty() => many
            .into_iter()
            .map(|a| ActionInput::Json(a.to_string()))
            .collect(),
        _ => {
            return error(
                StatusCode::BAD_REQUEST,
                "invalid",
                w.get("api-error-move-shape"),
            )
        }
    };
    match state
        .games
        .make_move(&state.db, mover, seq, inputs, w.lang())
        .await
    {
        Ok(done) => {
            let mut answer = serde_json::json!({
                "seq": done.seq, "log_head": done.log_head, "game_over": done.game_over,
                "happened": done.happened, "waiting": done.waiting
            });
            if let Some(refused) = &done.refused {
                answer["refused"] = serde_json::json!({
                    "index": refused.index,
                    "code": refused.error.code(),
                    "message": rule_words(&state, w, &path, &refused.error).await,
                });
            }
            HttpResponse::Ok().json(answer)
        }
        Err(MoveError::NoSuchGame) => no_game(w),
        Err(MoveError::BadLink) => bad_token(w),
        Err(MoveError::Unreadable(why)) => error(
            StatusCode::BAD_REQUEST,
            "invalid_json",
            w.one("api-error-action-unreadable", "why", why.to_string()),
        ),
        Err(MoveError::Stale { current_seq }) => {
            HttpResponse::Conflict().json(serde_json::json!({"error": {
                "code": "stale",
                "message": w.one("api-error-stale", "seq", current_seq),
                "current_seq": current_seq
            }}))
        }
        Err(MoveError::Illegal(rule)) => {
            let message = rule_words(&state, w, &path, &rule).await;
            error(StatusCode::UNPROCESSABLE_ENTITY, rule.code(), message)
        }
        Err(MoveError::NotPlaying) => error(
            StatusCode::CONFLICT,
            "not_playing",
            w.get("api-error-not-playing"),
        ),
        Err(MoveError::Unexpected(e)) => unexpected(w, e, Some(&path)),
        // Only the clock and bots meet these; a request moves as a seat's player.
        Err(
            e @ (MoveError::NothingToDecide
            | MoveError::NotTheDefault
            | MoveError::BeforeDeadline { .. }),
        ) => unexpected(w, e.into(), Some(&path)),
    }
}

/// The rules' reason in words, with the game's player names.
async fn rule_words(
    state: &web::Data<AppState>,
    words: Words<'_>,
    game: &str,
    rule: &crate::kinds::RuleError,
) -> String {
    let names = match GameId::parse(game) {
        Ok(id) => match blocking(state, move |s, conn| s.games.info(conn, &id)).await {
            Ok(Ok((_, seats))) => SeatNames::new(seats.into_iter().map(|s| s.name).collect()),
            _ => SeatNames::default(),
        },
        Err(_) => SeatNames::default(),
    };
    let registry = state.games.registry();
    let cx = Ctx::new(words, &names, Viewer::Spectator);
    match registry.get(rule.game()) {
        Ok(kind) => kind.rule_error_words(rule, &cx),
        Err(_) => rule.to_string(),
    }
}

/// One game this service plays: its name, title, table size, rules version and options.
#[derive(Serialize)]
struct KindJson {
    name: &'static str,
    title: String,
    min_players: u8,
    max_players: u8,
    rules_version: u32,
    options: Vec<crate::engine::OptionField>,
}

/// `GET /api/v1/kinds`: the games played here and the options each takes, with their limits.
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

pub async fn openapi() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(OPENAPI)
}

pub const OPENAPI: &str = include_str!("../../docs/openapi.json");
