//! `POST /api/v1/games`: a game created by the API, its seats, options and title read with the
//! limits the create form uses, its refusals said in the API's error shape.

use super::api::invalid;
use super::errors::written;
use super::AppState;
use crate::domain::{GameTitle, PlayerName};
use crate::engine::{OptionKind, Seat};
use crate::service::{CreateError, NewGame, NewSeat};
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatRequest {
    /// The player's or the bot's name; omitted for an open seat.
    #[serde(default)]
    name: String,
    /// The player's address; omitted for a bot's seat.
    #[serde(default)]
    #[schema(format = Email)]
    email: Option<String>,
    /// A bot plays this seat (then no email).
    #[serde(default)]
    bot: bool,
    /// The seat is open: anyone may claim it (then no name and no email).
    #[serde(default)]
    open: bool,
}

/// Who gets an open seat.
#[derive(Clone, Copy, Default, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Claims {
    /// The first claimer who confirms their address.
    #[default]
    FirstTaker,
    /// A claimer the creator approves (the creator is mailed each confirmed claim).
    Approve,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = CreateGame)]
pub struct CreateRequest {
    /// The kind of game, one of `GET /api/v1/kinds` (default: the first listed).
    #[serde(default)]
    game: Option<String>,
    /// The game's options (`GET /api/v1/kinds` lists them); default: all off.
    #[serde(default)]
    #[schema(value_type = super::openapi::Options)]
    options: Option<serde_json::Value>,
    /// Seat 1 first; as many as the game takes (`GET /api/v1/kinds`).
    #[schema(inline)]
    seats: Vec<SeatRequest>,
    /// The creator's seat, from 1 (default 1).
    #[serde(default)]
    #[schema(value_type = Option<u8>, minimum = 1)]
    creator_seat: Option<Seat>,
    /// The game's name in mail subjects and pages (default: its kind and players,
    /// "Condottiere with Ann, Bob and Cleo").
    #[serde(default)]
    title: Option<String>,
    /// Hours each seat has for each decision; absent or null: no deadline. At the deadline
    /// (after one grace extension) the clock plays the rules' default.
    #[serde(default)]
    hours_per_decision: Option<u32>,
    /// Only the players read the table's messages (spectators see the game, not the talk).
    #[serde(default)]
    #[schema(default = false)]
    private_table: bool,
    /// The lobby (`GET /api/v1/lobby`) lists the game while it has open seats; otherwise only
    /// those given its address may claim them.
    #[serde(default)]
    #[schema(default = false)]
    listed: bool,
    /// Who gets an open seat (default: the first confirmed taker).
    #[serde(default)]
    claims: Claims,
    /// The games a claimer of an open seat must have finished, counted as their reliability
    /// (a person who hides it cannot claim); absent or null: anyone may claim.
    #[serde(default)]
    min_finished: Option<u32>,
}

#[derive(Serialize, ToSchema)]
#[schema(as = Created)]
struct CreateResponse {
    id: String,
    public_url: String,
    #[schema(value_type = u8, minimum = 1)]
    creator_seat: Seat,
    creator_seat_url: String,
    /// For `Authorization: Bearer …` as the creator.
    creator_bearer: String,
    /// True: the creator was mailed a link to confirm their address; no invitation leaves
    /// before it is followed.
    confirmation_mailed: bool,
}

#[utoipa::path(
    post,
    path = "/api/v1/games",
    operation_id = "createGame",
    summary = "Create a game; its creator is mailed a link to confirm their address, and the \
        invitations leave when it is followed",
    request_body(content = CreateRequest, content_type = "application/json"),
    responses(
        (
            status = 201,
            description = "Created. The creator's confirmation goes out by mail (no invitation \
                leaves before it is followed); only the creator's seat link is returned.",
            body = CreateResponse
        ),
        (
            status = 400,
            description = "The players or options are not a game: every problem is named.",
            body = super::openapi::ApiError
        ),
        (
            status = 429,
            description = "Too many games from this client or creator, or invitations to an \
                address that never answered: `Retry-After` says when to try again.",
            body = super::openapi::ApiError,
            headers(("Retry-After" = u64, description = "Seconds to wait."))
        ),
        (
            status = 503,
            description = "The database is out of reach for the moment; nothing was changed: \
                try again later",
            body = super::openapi::ApiError
        ),
    )
)]
pub async fn create(
    state: web::Data<AppState>,
    request: HttpRequest,
    body: web::Json<CreateRequest>,
) -> super::Answered {
    let body = body.into_inner();
    let w = state.words(&request);
    let mut problems = Vec::new();
    let registry = state.games.registry();
    let game = match &body.game {
        Some(game) => game.clone(),
        None => registry.names()[0].to_owned(),
    };
    let mut seats = Vec::new();
    for (i, seat) in body.seats.iter().enumerate() {
        if seat.open {
            if seat.bot || seat.email.is_some() || !seat.name.is_empty() {
                problems.push(w.one("api-error-open-seat", "index", i));
            } else {
                seats.push(NewSeat::Open);
            }
            continue;
        }
        let name = PlayerName::parse(&seat.name).map_err(|e| {
            let why = w.one(
                &format!("name-problem-{}", e.code()),
                "max",
                PlayerName::MAX_CHARS,
            );
            problems.push(w.two("api-error-seat-name", ("index", i), ("why", why)))
        });
        let email = match (&seat.email, seat.bot) {
            (Some(_), true) => {
                problems.push(w.one("api-error-bot-email", "index", i));
                Err(())
            }
            (None, true) => Ok(None),
            (None, false) => {
                problems.push(w.one("api-error-seat-email-missing", "index", i));
                Err(())
            }
            (Some(email), false) => {
                state
                    .games
                    .player_address(email)
                    .map(Some)
                    .map_err(|problem| {
                        let key = match problem {
                            crate::service::own::AddressProblem::Bad => "api-error-seat-email-bad",
                            crate::service::own::AddressProblem::Ours => {
                                "api-error-seat-email-ours"
                            }
                        };
                        problems.push(w.one(key, "index", i))
                    })
            }
        };
        if let (Ok(name), Ok(email)) = (name, email) {
            seats.push(match email {
                Some(email) => NewSeat::Person(name, email),
                None => NewSeat::Bot(name),
            });
        }
    }
    let creator_seat = body.creator_seat.unwrap_or(Seat(0));
    if creator_seat.index() >= body.seats.len().max(1) {
        problems.push(w.get("api-error-creator-seat"));
    }
    let title = match body.title.as_deref().map(GameTitle::parse).transpose() {
        Ok(title) => title,
        Err(e) => {
            let why = w.one(
                &format!("name-problem-{}", e.code()),
                "max",
                GameTitle::MAX_CHARS,
            );
            problems.push(w.one("api-error-title", "why", why));
            None
        }
    };
    // A choice takes one of its values; the game's own type would refuse another only in
    // serde's words.
    if let (Ok(kind), Some(serde_json::Value::Object(given))) = (registry.get(&game), &body.options)
    {
        for field in kind.option_fields() {
            let value = given.get(field.name);
            if let (OptionKind::Choice { values, .. }, false) =
                (field.kind, field.kind.takes(value))
            {
                let value = value.map_or(String::new(), |v| match v.as_str() {
                    Some(text) => text.to_owned(),
                    None => v.to_string(),
                });
                problems.push(w.three(
                    "api-error-option-choice",
                    ("option", field.name),
                    ("value", value),
                    ("choices", values.join(", ")),
                ));
            }
        }
    }
    if !problems.is_empty() {
        let said = written(problems.join("; "));
        return Err(invalid(StatusCode::BAD_REQUEST, said).into());
    }
    let new = NewGame {
        game: game.clone(),
        options: body.options.unwrap_or_else(|| serde_json::json!({})),
        seats,
        creator_seat,
        title,
        creator_confirmed: false,
        client_ip: state.client_ip(&request),
        hours_per_decision: body.hours_per_decision,
        private_table: body.private_table,
        // A client that names its language gets the mails of the game in it too.
        language: request
            .headers()
            .contains_key(actix_web::http::header::ACCEPT_LANGUAGE)
            .then(|| w.lang().to_owned()),
        listed: body.listed,
        approve_claims: matches!(body.claims, Claims::Approve),
        min_finished: body.min_finished,
    };
    match state.service.create_game(new, None).await {
        Ok(created) => {
            let id = created.game_id.as_str().to_string();
            Ok(HttpResponse::Created().json(CreateResponse {
                public_url: format!("{}/games/{id}", state.base_url()),
                creator_seat: created.creator_seat,
                creator_seat_url: created.creator_url,
                creator_bearer: format!(
                    "{}.{}",
                    created.creator_seat.number(),
                    created.creator_token.as_str()
                ),
                confirmation_mailed: !created.confirmed,
                id,
            }))
        }
        Err(CreateError::Invalid(problems)) => {
            let kind = registry.get(&game).ok();
            let text: Vec<String> = problems.iter().map(|p| p.words(kind, w)).collect();
            Err(invalid(StatusCode::BAD_REQUEST, written(text.join("; "))).into())
        }
        Err(error) => Err(error.into()),
    }
}
