//! The JSON API under /api/v1 for bots and scripts: the same operations as the pages, with the
//! seat token as `Authorization: Bearer SEAT.TOKEN`. Described by docs/openapi.json.

use super::{blocking, AppState, PageError};
use crate::engine::condottiere::{Action, Decision, Options, View};
use crate::engine::Seat;
use crate::games::{
    AcceptError, AuthError, Contribution, CreateError, EmailAddress, GameId, LoadError, MoveError,
    NewGame, PlayerName, SeatAuth, SeatToken,
};
use crate::store::AnyConnection;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};

fn error(status: StatusCode, code: &str, message: impl Into<String>) -> HttpResponse {
    HttpResponse::build(status)
        .json(serde_json::json!({"error": {"code": code, "message": message.into()}}))
}

fn unexpected(error: anyhow::Error, game: Option<&str>) -> HttpResponse {
    let _ = PageError::unexpected(error, game);
    self::error(
        StatusCode::INTERNAL_SERVER_ERROR,
        "unexpected",
        "something went wrong on our side; try again",
    )
}

/// A JSON body actix cannot read: the API's error shape, with serde's description of the problem.
pub fn unreadable_json(
    payload: actix_web::error::JsonPayloadError,
    _request: &HttpRequest,
) -> actix_web::Error {
    use actix_web::ResponseError;
    let message = match &payload {
        actix_web::error::JsonPayloadError::Deserialize(e) => {
            format!("the JSON body is not valid: {e}")
        }
        actix_web::error::JsonPayloadError::ContentType => {
            "send the body as JSON with `Content-Type: application/json`".to_string()
        }
        _ => "the JSON body could not be read".to_string(),
    };
    let response = error(payload.status_code(), "invalid_json", message);
    actix_web::error::InternalError::from_response(payload, response).into()
}

fn no_game() -> HttpResponse {
    error(
        StatusCode::NOT_FOUND,
        "no_such_game",
        "there is no game with this id",
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatRequest {
    name: String,
    email: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    #[serde(default)]
    game: Option<String>,
    #[serde(default)]
    options: Options,
    seats: Vec<SeatRequest>,
    /// The creator's seat, from 1 (default 1).
    #[serde(default)]
    creator_seat: Option<Seat>,
}

#[derive(Serialize)]
struct CreateResponse {
    id: String,
    public_url: String,
    creator_seat: Seat,
    creator_seat_url: String,
    /// For `Authorization: Bearer …` as the creator.
    creator_bearer: String,
}

pub async fn create(state: web::Data<AppState>, body: web::Json<CreateRequest>) -> HttpResponse {
    let body = body.into_inner();
    let mut problems = Vec::new();
    if body.game.as_deref().is_some_and(|g| g != "condottiere") {
        problems.push("game: only \"condottiere\" is played here".to_string());
    }
    let mut seats = Vec::new();
    for (i, seat) in body.seats.iter().enumerate() {
        match (
            PlayerName::parse(&seat.name),
            EmailAddress::parse(&seat.email),
        ) {
            (Ok(n), Ok(e)) => seats.push((n, e)),
            (Err(e), _) => problems.push(format!("seats[{i}].name: {e}")),
            (_, Err(_)) => problems.push(format!(
                "seats[{i}].email: not an email address we can send to"
            )),
        }
    }
    let creator_seat = body.creator_seat.unwrap_or(Seat(0));
    if creator_seat.index() >= body.seats.len().max(1) {
        problems.push("creator_seat: not one of the seats".into());
    }
    if !problems.is_empty() {
        return error(StatusCode::BAD_REQUEST, "invalid", problems.join("; "));
    }
    let new = NewGame {
        options: body.options,
        seats,
        creator_seat,
    };
    match blocking(&state, move |s, conn| s.games.create_game(conn, new)).await {
        Ok(Ok(created)) => {
            let id = created.game_id.as_str().to_string();
            HttpResponse::Created().json(CreateResponse {
                public_url: format!("{}/games/{id}", state.base_url()),
                creator_seat: created.creator_seat,
                creator_seat_url: created.creator_url,
                creator_bearer: format!(
                    "{}.{}",
                    created.creator_seat.number(),
                    created.creator_token.as_str()
                ),
                id,
            })
        }
        Ok(Err(CreateError::Invalid(problems))) => {
            error(StatusCode::BAD_REQUEST, "invalid", problems.to_string())
        }
        Ok(Err(CreateError::Unexpected(e))) => unexpected(e, None),
        Err(e) => e.into_response(),
    }
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
    options: Options,
    players: Vec<PlayerJson>,
    seq: i64,
    log_head: Option<String>,
    commitment: String,
    /// The spectator's view (the full reveal once the game is over); null before the start.
    view: Option<View>,
    /// The server secret, revealed once the game is over.
    secret: Option<String>,
}

pub async fn game(state: web::Data<AppState>, path: web::Path<String>) -> HttpResponse {
    let Ok(id) = GameId::parse(&path) else {
        return no_game();
    };
    match blocking(&state, move |s, conn| s.games.public_page(conn, &id)).await {
        Ok(Ok(page)) => HttpResponse::Ok().json(GameJson {
            id: page.game.id.as_str().to_string(),
            game: page.game.kind.clone(),
            status: page.game.status.as_str(),
            rules_version: page.game.rules_version,
            options: page.game.options.clone(),
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
            view: page.view,
            secret: page.revealed_secret,
        }),
        Ok(Err(LoadError::NoSuchGame)) => no_game(),
        Ok(Err(LoadError::Unexpected(e))) => unexpected(e, Some(&path)),
        Err(e) => e.into_response(),
    }
}

/// Check the seat behind `Authorization: Bearer SEAT.TOKEN` and run `work` for it, in one
/// trip to the database.
async fn for_bearer<T, F>(
    state: &web::Data<AppState>,
    request: &HttpRequest,
    game: &str,
    work: F,
) -> Result<T, HttpResponse>
where
    T: Send + 'static,
    F: FnOnce(&AppState, &mut AnyConnection, &SeatAuth) -> T + Send + 'static,
{
    let id = GameId::parse(game).map_err(|_| no_game())?;
    let header = request
        .headers()
        .get(actix_web::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .ok_or_else(|| {
            error(
                StatusCode::UNAUTHORIZED,
                "missing_token",
                "send the seat token as `Authorization: Bearer SEAT.TOKEN` (the seat number, a dot, and the token from your seat link)",
            )
        })?;
    let bad = || {
        error(
            StatusCode::FORBIDDEN,
            "bad_token",
            "this seat token is not valid (it may have been replaced by a newer link)",
        )
    };
    let (seat, token) = header.trim().split_once('.').ok_or_else(bad)?;
    let seat = seat
        .parse::<u8>()
        .ok()
        .and_then(Seat::from_number)
        .ok_or_else(bad)?;
    let token = SeatToken::parse(token).map_err(|_| bad())?;
    match blocking(state, move |s, conn| {
        let auth = s.games.authorize(conn, &id, seat, &token)?;
        Ok(work(s, conn, &auth))
    })
    .await
    {
        Ok(Ok(done)) => Ok(done),
        Ok(Err(AuthError::NoSuchGame)) => Err(no_game()),
        Ok(Err(AuthError::BadLink)) => Err(bad()),
        Ok(Err(AuthError::Unexpected(e))) => Err(unexpected(e, Some(game))),
        Err(e) => Err(e.into_response()),
    }
}

#[derive(Serialize)]
struct SeatJson {
    seat: Seat,
    status: &'static str,
    decision: Option<Decision>,
    legal_actions: Vec<Action>,
    /// Send it back with the next move.
    seq: i64,
    log_head: Option<String>,
    view: Option<View>,
}

pub async fn seat(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<String>,
) -> HttpResponse {
    let found = for_bearer(&state, &request, &path, |s, conn, auth| {
        s.games.seat_state(conn, auth)
    });
    match found.await {
        Ok(Ok(page)) => HttpResponse::Ok().json(SeatJson {
            seat: page.seat,
            status: page.game.status.as_str(),
            decision: page.decision,
            legal_actions: page.legal_actions,
            seq: page.seq,
            log_head: page.log_head,
            view: page.view,
        }),
        Ok(Err(LoadError::NoSuchGame)) => no_game(),
        Ok(Err(LoadError::Unexpected(e))) => unexpected(e, Some(&path)),
        Err(response) => response,
    }
}

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AcceptRequest {
    #[serde(default)]
    contribution: Option<String>,
}

pub async fn accept(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<String>,
    body: Option<web::Json<AcceptRequest>>,
) -> HttpResponse {
    let contribution = match body.and_then(|b| b.into_inner().contribution) {
        None => None,
        Some(text) => match Contribution::parse(&text) {
            Ok(c) => Some(c),
            Err(_) => {
                return error(
                    StatusCode::BAD_REQUEST,
                    "invalid",
                    "contribution: 1 to 200 characters, no control characters",
                )
            }
        },
    };
    let accepted = for_bearer(&state, &request, &path, move |s, conn, auth| {
        s.games.accept(conn, auth, contribution)
    });
    match accepted.await {
        Ok(Ok(accepted)) => {
            HttpResponse::Ok().json(serde_json::json!({"started": accepted.started}))
        }
        Ok(Err(AcceptError::AlreadyAccepted)) => error(
            StatusCode::CONFLICT,
            "already_accepted",
            "you have already accepted",
        ),
        Ok(Err(AcceptError::NotInviting)) => error(
            StatusCode::CONFLICT,
            "not_inviting",
            "this game is no longer waiting for players",
        ),
        Ok(Err(AcceptError::NoSuchGame)) => no_game(),
        Ok(Err(AcceptError::Unexpected(e))) => unexpected(e, Some(&path)),
        Err(response) => response,
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    seq: i64,
    action: Action,
}

pub async fn make_move(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<String>,
    body: web::Json<MoveRequest>,
) -> HttpResponse {
    let MoveRequest { seq, action } = body.into_inner();
    let first = action.clone();
    let prepared = for_bearer(&state, &request, &path, move |s, conn, auth| {
        (s.games.prepare_move(conn, auth, seq, &first), auth.clone())
    });
    let moved = match prepared.await {
        Ok((prepared, auth)) => Ok(super::complete_move(&state, auth, prepared, seq, action).await),
        Err(response) => Err(response),
    };
    match moved {
        Ok(Ok(done)) => HttpResponse::Ok().json(serde_json::json!({
            "seq": done.seq, "log_head": done.log_head, "game_over": done.game_over, "happened": done.happened,
            "waiting": done.waiting
        })),
        Ok(Err(MoveError::Stale { current_seq })) => HttpResponse::Conflict().json(serde_json::json!({"error": {
            "code": "stale",
            "message": format!("the game has moved on: it is now at move {current_seq}; fetch the seat again"),
            "current_seq": current_seq
        }})),
        Ok(Err(MoveError::Illegal(rule))) => error(StatusCode::UNPROCESSABLE_ENTITY, rule.code(), rule.to_string()),
        Ok(Err(MoveError::NotPlaying)) => error(StatusCode::CONFLICT, "not_playing", "this game is not being played"),
        Ok(Err(MoveError::Unexpected(e))) => unexpected(e, Some(&path)),
        Err(response) => response,
    }
}

pub async fn openapi() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(OPENAPI)
}

pub const OPENAPI: &str = include_str!("../../docs/openapi.json");

#[cfg(test)]
mod tests {
    use super::OPENAPI;
    use serde_json::Value;

    #[test]
    fn the_openapi_document_describes_every_api_route_the_service_has() {
        let doc: Value = serde_json::from_str(OPENAPI).expect("docs/openapi.json is JSON");
        assert_eq!(doc["openapi"], "3.0.3");
        let routes = include_str!("mod.rs");
        let paths = doc["paths"].as_object().unwrap();
        for line in routes.lines().filter(|l| l.contains(".route(\"/api/v1")) {
            let path = line.split('"').nth(1).unwrap().replace("{game}", "{id}");
            let method = if line.contains("web::post()") {
                "post"
            } else {
                "get"
            };
            assert!(
                paths.get(&path).and_then(|p| p.get(method)).is_some(),
                "{method} {path} is not documented"
            );
        }
        use crate::engine::condottiere::{Action, Card, Region};
        let documented: Vec<&Value> = doc["components"]["schemas"]["Action"]["oneOf"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| &a["properties"]["type"]["enum"][0])
            .collect();
        let torino = Region::from_id(1).unwrap();
        for action in [
            Action::PlaceToken { region: torino },
            Action::Play { card: Card::M1 },
            Action::Pass { reveal: true },
            Action::Scarecrow { take: None },
            Action::Pope { region: None },
            Action::DiscardHand { discard: true },
            Action::Keep { cards: vec![] },
            Action::Draw { count: 1 },
        ] {
            let json = serde_json::to_value(&action).unwrap();
            assert!(
                documented.contains(&&json["type"]),
                "{json} is not documented"
            );
        }
        assert_eq!(documented.len(), 8);
    }
}
