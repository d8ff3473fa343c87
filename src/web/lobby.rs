//! The lobby's pages and API: listed games with open seats (`/lobby`, `GET /api/v1/lobby`),
//! a game's claim form, and the pages of the claimer's and the creator's signed links.

use super::errors::Failure;
use super::html::{message, message_text, render, see_other};
use super::present::Flash;
use super::AppState;
use crate::domain::{EmailAddress, GameId, PlayerName};
use crate::engine::Seat;
use crate::present::Words;
use crate::service::lobby::{ClaimOffer, ClaimOutcome, LobbyEntry, LobbyFilter};
use crate::service::own::AddressProblem;
use crate::service::Reliability;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// The lobby's filters, plain GET fields (blank: any).
#[derive(Debug, Default, Deserialize, IntoParams)]
pub struct LobbyQuery {
    /// A game's name, as `GET /api/v1/kinds` lists it.
    #[serde(default)]
    game: Option<String>,
    /// The creator's language: `en` or `pt`.
    #[serde(default)]
    language: Option<String>,
}

impl LobbyQuery {
    fn filter(&self) -> LobbyFilter {
        let some = |v: &Option<String>| {
            v.as_deref()
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .map(str::to_owned)
        };
        LobbyFilter {
            game: some(&self.game),
            language: some(&self.language),
        }
    }
}

#[derive(Template)]
#[template(path = "lobby.html")]
struct LobbyPage<'w> {
    w: Words<'w>,
    entries: Vec<LobbyEntry>,
    /// The games on offer for the filter: (name, title, chosen).
    games: Vec<(String, String, bool)>,
    /// The languages: (code, name, chosen).
    languages: Vec<(String, String, bool)>,
}

impl LobbyPage<'_> {
    /// The reliability line beside a player's name (empty when hidden).
    fn reliability(&self, shown: &Option<Reliability>) -> String {
        super::present::reliability(self.w, shown.as_ref())
    }

    /// A language by its name in its own words.
    fn language_name(&self, code: &str) -> String {
        self.languages
            .iter()
            .find(|l| l.0 == code)
            .map_or_else(|| code.to_owned(), |l| l.1.clone())
    }
}

/// GET /lobby: the listed games with open seats.
pub async fn lobby(
    state: web::Data<AppState>,
    request: HttpRequest,
    query: web::Query<LobbyQuery>,
) -> super::Answered {
    let w = state.words(&request);
    let filter = query.filter();
    let entries = state
        .service
        .lobby(filter.clone(), w.lang())
        .await
        .map_err(Failure)?;
    let registry = state.games.registry();
    let games = registry
        .kinds()
        .map(|k| {
            (
                k.name().to_owned(),
                w.get(&format!("{}-title", k.name())),
                filter.game.as_deref() == Some(k.name()),
            )
        })
        .collect();
    let languages = w
        .switch()
        .into_iter()
        .map(|l| {
            let chosen = filter.language.as_deref() == Some(l.code.as_str());
            (l.code, l.name, chosen)
        })
        .collect();
    Ok(render(
        StatusCode::OK,
        &LobbyPage {
            w,
            entries,
            games,
            languages,
        },
    ))
}

#[derive(Template)]
#[template(path = "claim.html")]
struct ClaimPage<'w> {
    w: Words<'w>,
    entry: LobbyEntry,
    flashes: Vec<Flash>,
    name: String,
    email: String,
    seat: u8,
    name_max: usize,
    email_max: usize,
}

impl ClaimPage<'_> {
    /// The reliability line beside a player's name (empty when hidden).
    fn reliability(&self, shown: &Option<Reliability>) -> String {
        super::present::reliability(self.w, shown.as_ref())
    }
}

fn game_of(text: &str) -> Result<GameId, super::errors::Answer> {
    GameId::parse(text).map_err(|_| super::errors::Answer::no_game())
}

/// GET /lobby/{game}: the form that claims one of a game's open seats.
pub async fn claim_form(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<String>,
) -> super::Answered {
    let w = state.words(&request);
    let game = game_of(&path)?;
    match state
        .service
        .open_game(game, w.lang())
        .await
        .map_err(Failure)?
    {
        Some(entry) => Ok(claim_page(
            StatusCode::OK,
            w,
            entry,
            &ClaimForm::default(),
            Vec::new(),
        )),
        None => Ok(message(StatusCode::GONE, w, "page-claim-closed")),
    }
}

fn claim_page(
    status: StatusCode,
    w: Words,
    entry: LobbyEntry,
    form: &ClaimForm,
    problems: Vec<String>,
) -> HttpResponse {
    let seat = form
        .seat
        .trim()
        .parse()
        .ok()
        .filter(|s| entry.open_seats.contains(s))
        .unwrap_or(entry.open_seats[0]);
    render(
        status,
        &ClaimPage {
            w,
            entry,
            flashes: problems.into_iter().map(Flash::error).collect(),
            name: form.name.clone(),
            email: form.email.clone(),
            seat,
            name_max: PlayerName::MAX_CHARS,
            email_max: EmailAddress::MAX_CHARS,
        },
    )
}

#[derive(Debug, Default, Deserialize)]
pub struct ClaimForm {
    #[serde(default)]
    seat: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    email: String,
}

/// POST /lobby/{game}: claim an open seat; the link that proves the address is mailed to it.
pub async fn claim(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<String>,
    form: web::Form<ClaimForm>,
) -> super::Answered {
    let w = state.words(&request);
    let game = game_of(&path)?;
    let form = form.into_inner();
    let mut problems = Vec::new();
    let name = PlayerName::parse(form.name.trim()).map_err(|e| {
        problems.push(w.one(
            "claim-problem-name",
            "why",
            w.one(
                &format!("name-problem-{}", e.code()),
                "max",
                PlayerName::MAX_CHARS,
            ),
        ))
    });
    let email = state
        .games
        .player_address(form.email.trim())
        .map_err(|problem| {
            problems.push(match problem {
                AddressProblem::Bad => w.get("claim-problem-email"),
                AddressProblem::Ours => w.get("claim-problem-email-ours"),
            })
        });
    let seat = form
        .seat
        .trim()
        .parse::<u8>()
        .ok()
        .and_then(Seat::from_number);
    match (name, email, seat) {
        (Ok(name), Ok(email), Some(seat)) if problems.is_empty() => {
            let outcome = state
                .service
                .request_claim(
                    game,
                    seat,
                    name,
                    email,
                    w.lang().to_owned(),
                    state.client_ip(&request),
                )
                .await
                .map_err(Failure)?;
            Ok(answer(w, outcome, false))
        }
        _ => {
            if seat.is_none() {
                problems.push(w.get("claim-problem-seat"));
            }
            match state
                .service
                .open_game(game, w.lang())
                .await
                .map_err(Failure)?
            {
                Some(entry) => Ok(claim_page(
                    StatusCode::BAD_REQUEST,
                    w,
                    entry,
                    &form,
                    problems,
                )),
                None => Ok(message(StatusCode::GONE, w, "page-claim-closed")),
            }
        }
    }
}

/// What became of a claim, as a page (`creator`: the creator decided it, and stays where
/// they are rather than land on the taker's seat).
fn answer(w: Words, outcome: ClaimOutcome, creator: bool) -> HttpResponse {
    match outcome {
        ClaimOutcome::Mailed => message(StatusCode::OK, w, "page-claim-mailed"),
        ClaimOutcome::Seated { .. } if creator => message(StatusCode::OK, w, "page-claim-approved"),
        ClaimOutcome::Seated { seat_url, .. } => see_other(seat_url),
        ClaimOutcome::AskedCreator => message(StatusCode::OK, w, "page-claim-asked"),
        ClaimOutcome::Declined => message(StatusCode::OK, w, "page-claim-declined"),
        ClaimOutcome::Taken => message(StatusCode::CONFLICT, w, "page-claim-taken"),
        ClaimOutcome::Closed => message(StatusCode::GONE, w, "page-claim-closed"),
        ClaimOutcome::BadLink => message(StatusCode::FORBIDDEN, w, "page-claim-bad-link"),
        ClaimOutcome::AtTable => message(StatusCode::CONFLICT, w, "page-claim-at-table"),
        ClaimOutcome::Suppressed => message(StatusCode::FORBIDDEN, w, "page-claim-suppressed"),
        ClaimOutcome::Limited(_) => message(StatusCode::TOO_MANY_REQUESTS, w, "page-claim-limited"),
        ClaimOutcome::ReliabilityHidden { required } => message_text(
            StatusCode::FORBIDDEN,
            w,
            "page-claim-hidden",
            w.one("page-claim-hidden.text", "required", required),
        ),
        ClaimOutcome::TooFewFinished { required, finished } => message_text(
            StatusCode::FORBIDDEN,
            w,
            "page-claim-too-few",
            w.two(
                "page-claim-too-few.text",
                ("required", required),
                ("finished", finished),
            ),
        ),
    }
}

#[derive(Template)]
#[template(path = "claim_link.html")]
struct ClaimLinkPage<'w> {
    w: Words<'w>,
    offer: ClaimOffer,
    action: String,
    /// The creator's page: approve or decline; else the claimer's: confirm.
    approve: bool,
}

fn link_of(path: &(String, u8, String)) -> Result<(GameId, Seat), super::errors::Answer> {
    Ok((
        game_of(&path.0)?,
        Seat::from_number(path.1).ok_or_else(super::errors::Answer::bad_link)?,
    ))
}

async fn link_page(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<(String, u8, String)>,
    approve: bool,
) -> super::Answered {
    let w = state.words(&request);
    let (game, seat) = link_of(&path)?;
    let offer = state
        .service
        .claim_offer(game, seat, path.2.clone(), approve, w.lang())
        .await
        .map_err(Failure)?;
    let verb = if approve { "approve" } else { "claim" };
    match offer {
        Some(offer) => Ok(render(
            StatusCode::OK,
            &ClaimLinkPage {
                w,
                offer,
                action: format!("/lobby/{}/{verb}/{}/{}", path.0, path.1, path.2),
                approve,
            },
        )),
        None => Ok(message(StatusCode::GONE, w, "page-claim-gone")),
    }
}

/// GET /lobby/{game}/claim/{seat}/{token}: the claimer's link, with the button that confirms
/// the claim (a link checker following the mail's link changes nothing).
pub async fn claim_link_page(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<(String, u8, String)>,
) -> super::Answered {
    link_page(state, request, path, false).await
}

/// POST /lobby/{game}/claim/{seat}/{token}: the claimer confirms; the seat is theirs (they
/// land on it) or the creator is asked.
pub async fn confirm_claim(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<(String, u8, String)>,
) -> super::Answered {
    let w = state.words(&request);
    let (game, seat) = link_of(&path)?;
    let outcome = state
        .service
        .confirm_claim(game, seat, path.2.clone())
        .await
        .map_err(Failure)?;
    Ok(answer(w, outcome, false))
}

/// GET /lobby/{game}/approve/{seat}/{token}: the creator's link, with approve and decline.
pub async fn approve_page(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<(String, u8, String)>,
) -> super::Answered {
    link_page(state, request, path, true).await
}

#[derive(Debug, Deserialize)]
pub struct DecisionForm {
    decision: String,
}

/// POST /lobby/{game}/approve/{seat}/{token}: the creator approves (`decision=approve`) or
/// declines the claim.
pub async fn decide(
    state: web::Data<AppState>,
    request: HttpRequest,
    path: web::Path<(String, u8, String)>,
    form: web::Form<DecisionForm>,
) -> super::Answered {
    let w = state.words(&request);
    let (game, seat) = link_of(&path)?;
    let approve = form.decision == "approve";
    let outcome = state
        .service
        .decide_claim(game, seat, path.2.clone(), approve)
        .await
        .map_err(Failure)?;
    Ok(answer(w, outcome, true))
}

/// A seat taken at a listed game, by the name the game shows.
#[derive(Serialize, ToSchema)]
#[schema(as = LobbyPlayer)]
struct PlayerJson {
    /// From 1.
    seat: u8,
    name: String,
    /// The person's reliability, counted from their games; null for a bot's seat or a person
    /// who hides it.
    reliability: Option<super::api::ReliabilityJson>,
}

/// A listed game with open seats.
#[derive(Serialize, ToSchema)]
#[schema(as = LobbyGame)]
struct LobbyJson {
    id: String,
    /// The game's name, as `GET /api/v1/kinds` lists it.
    game: String,
    /// This game's name (its creator's, else its kind and players).
    title: String,
    /// Hours each seat has for a decision; null: no deadline.
    hours_per_decision: Option<u32>,
    /// The creator's language (`en`, `pt`).
    language: String,
    /// The options, in words of the request's language.
    options: Vec<String>,
    /// The seats taken so far.
    players: Vec<PlayerJson>,
    /// The open seats, from 1.
    open_seats: Vec<u8>,
    /// `first_taker` or `approve` (the creator approves each claim).
    claims: &'static str,
    /// The games a claimer must have finished (a person who hides their reliability cannot
    /// claim); null: anyone may claim.
    min_finished: Option<u32>,
    /// For a game under way whose creator listed its resigned seats (`open_seats`) for a
    /// stand-in: the move it is at; null for a game not started.
    standin_at: Option<i64>,
    /// The page where a seat is claimed.
    claim_url: String,
}

/// `GET /api/v1/lobby`: the listed games with open seats.
#[utoipa::path(
    get,
    path = "/api/v1/lobby",
    operation_id = "lobby",
    summary = "Listed games with open seats",
    description = "The games whose creators listed them and that still have open seats, newest \
        first: game, pace, the creator's language, options, the players so far (names only) and \
        the open seats; then the games under way with a resigned seat listed for a stand-in \
        (`standin_at`: the move they are at). A seat is claimed on its `claim_url` page (a \
        person confirms their address by mail).",
    params(LobbyQuery),
    responses((status = 200, description = "The listed games", body = Vec<LobbyJson>))
)]
pub async fn api_lobby(
    state: web::Data<AppState>,
    request: HttpRequest,
    query: web::Query<LobbyQuery>,
) -> super::Answered {
    let w = state.words(&request);
    let entries = state
        .service
        .lobby(query.filter(), w.lang())
        .await
        .map_err(Failure)?;
    let base = state.base_url();
    let games: Vec<LobbyJson> = entries
        .into_iter()
        .map(|e| LobbyJson {
            claim_url: format!("{base}/lobby/{}", e.game_id),
            id: e.game_id.to_string(),
            game: e.game,
            title: e.title,
            hours_per_decision: e.hours_per_decision,
            language: e.language,
            options: e.options,
            players: e
                .players
                .into_iter()
                .map(|(seat, name, shown)| PlayerJson {
                    seat,
                    name,
                    reliability: shown.map(Into::into),
                })
                .collect(),
            open_seats: e.open_seats,
            claims: if e.approve { "approve" } else { "first_taker" },
            min_finished: e.min_finished,
            standin_at: e.standin_at,
        })
        .collect();
    Ok(HttpResponse::Ok().json(games))
}
