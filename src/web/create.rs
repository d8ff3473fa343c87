//! The home page with the new-game form of any registered game, and creating a game from it:
//! the form is parsed whole, every problem is shown above the form as it was filled in.

use super::html::{render, seat_path, see_other};
use super::present::Flash;
use super::AppState;
use crate::domain::{EmailAddress, GameTitle, PlayerName};
use crate::engine::{OptionKind, Seat};
use crate::kinds::Kind;
use crate::present::{option_label_id, Words};
use crate::service::own::AddressProblem;
use crate::service::{CreateError, NewGame, NewSeat, DEFAULT_PACE_HOURS, MIN_FINISHED, PACE_HOURS};
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;

/// One game on offer.
pub struct GameChoice {
    pub name: &'static str,
    pub title: String,
    pub tagline: String,
    pub selected: bool,
}

pub struct SeatRow {
    pub number: u8,
    pub name: String,
    pub email: String,
    pub creator: bool,
    pub bot: bool,
    /// Left open for anyone to claim.
    pub open: bool,
}

/// One option of the form, with the words and values to show.
pub struct FieldShown {
    pub name: &'static str,
    /// "flag", "optional_number", "number", "seat" or "choice".
    pub kind: &'static str,
    pub label: String,
    pub help: String,
    pub checked: bool,
    pub value: String,
    pub min: u32,
    pub max: u32,
    pub before_value: String,
    pub after_value: String,
    /// For a seat or a choice: (value, label, selected).
    pub choices: Vec<(String, String, bool)>,
}

#[derive(Template)]
#[template(path = "home.html")]
pub struct HomePage<'w> {
    pub w: Words<'w>,
    pub flashes: Vec<Flash>,
    pub games: Vec<GameChoice>,
    pub game: &'static str,
    pub title: String,
    pub min_players: u8,
    pub max_players: u8,
    pub rows: Vec<SeatRow>,
    pub fields: Vec<FieldShown>,
    /// The game's name as typed.
    pub game_title: String,
    /// The paces offered: (value, label, chosen).
    pub paces: Vec<(String, String, bool)>,
    /// The limits the service checks, for the inputs' `maxlength`.
    pub name_max: usize,
    pub email_max: usize,
    pub title_max: usize,
    /// The lobby lists the game while it has open seats.
    pub listed: bool,
    /// The creator approves each claim of an open seat.
    pub approve: bool,
    /// The games a claimer must have finished, as typed (empty: anyone).
    pub min_finished: String,
    /// The smallest and largest minimum the service takes.
    pub min_finished_range: (u32, u32),
}

#[derive(Debug, Default, Deserialize)]
pub struct HomeQuery {
    game: Option<String>,
}

/// The new-game form as posted: every field by name.
struct CreateForm(Vec<(String, String)>);

impl CreateForm {
    fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn text(&self, name: &str) -> &str {
        self.get(name).unwrap_or("").trim()
    }

    /// How many player rows the form has: the highest `name<i>`, `email<i>` or `open<i>` sent.
    fn row_count(&self) -> usize {
        self.0
            .iter()
            .filter_map(|(name, _)| {
                name.strip_prefix("name")
                    .or_else(|| name.strip_prefix("email"))
                    .or_else(|| name.strip_prefix("open"))
                    .and_then(|i| i.parse::<usize>().ok())
            })
            .filter(|&i| i <= 64)
            .max()
            .unwrap_or(0)
    }

    fn creator(&self) -> u8 {
        self.get("creator")
            .and_then(|c| c.trim().parse().ok())
            .unwrap_or(1)
    }

    /// The options as the game's JSON object, or what is wrong with the fields.
    fn options(&self, kind: &dyn Kind, w: &Words) -> Result<serde_json::Value, Vec<String>> {
        let mut object = serde_json::Map::new();
        let mut problems = Vec::new();
        let creator = self.creator();
        for field in kind.option_fields() {
            let label = w.get(&option_label_id(kind.name(), &field));
            let value = match field.kind {
                OptionKind::Flag => serde_json::Value::Bool(self.get(field.name).is_some()),
                OptionKind::OptionalNumber { min, max, default } => {
                    if self.get(field.name).is_none() {
                        serde_json::Value::Null
                    } else {
                        match number(self.text(&format!("{}_value", field.name)), default) {
                            Some(n) => n.into(),
                            None => {
                                problems.push(w.with(
                                    "create-problem-number",
                                    &[
                                        ("option", label.into()),
                                        ("min", min.into()),
                                        ("max", max.into()),
                                    ],
                                ));
                                continue;
                            }
                        }
                    }
                }
                OptionKind::Number { min, max, default } => {
                    match number(self.text(field.name), default) {
                        Some(n) => n.into(),
                        None => {
                            problems.push(w.with(
                                "create-problem-number",
                                &[
                                    ("option", label.into()),
                                    ("min", min.into()),
                                    ("max", max.into()),
                                ],
                            ));
                            continue;
                        }
                    }
                }
                OptionKind::Choice { values, default } => match self.text(field.name) {
                    "" => default.into(),
                    text if values.contains(&text) => text.into(),
                    _ => {
                        let choices = values
                            .iter()
                            .map(|v| {
                                w.get(&format!("{}-{v}", option_label_id(kind.name(), &field)))
                            })
                            .collect();
                        problems.push(w.two(
                            "create-problem-choice",
                            ("option", label),
                            ("choices", w.list(choices)),
                        ));
                        continue;
                    }
                },
                OptionKind::OptionalSeat => match self.text(field.name) {
                    "" | "random" => serde_json::Value::Null,
                    "creator" => creator.into(),
                    n => match n.parse::<u8>() {
                        Ok(n) => n.into(),
                        Err(_) => {
                            problems.push(w.one("create-problem-seat", "option", label));
                            continue;
                        }
                    },
                },
            };
            object.insert(field.name.to_owned(), value);
        }
        if problems.is_empty() {
            Ok(serde_json::Value::Object(object))
        } else {
            Err(problems)
        }
    }

    /// Parse the whole form, or say every problem with it.
    fn parse(
        &self,
        kind: &dyn Kind,
        w: &Words,
        games: &crate::service::Games,
    ) -> Result<NewGame, Vec<String>> {
        let mut problems = Vec::new();
        let mut seats = Vec::new();
        let mut filled = 0;
        let mut gaps = false;
        for number in 1..=self.row_count() {
            let bot = self.get(&format!("bot{number}")) == Some("on");
            let typed = self.text(&format!("name{number}"));
            let email = self.text(&format!("email{number}"));
            if self.get(&format!("open{number}")) == Some("on") {
                // An open seat is claimed later, by someone who names themselves.
                filled += 1;
                if gaps {
                    problems.push(w.get("create-problem-gaps"));
                    gaps = false;
                }
                if bot || !typed.is_empty() || !email.is_empty() {
                    problems.push(w.one("create-problem-open-named", "seat", number));
                } else {
                    seats.push(NewSeat::Open);
                }
                continue;
            }
            if typed.is_empty() && email.is_empty() && !bot {
                gaps = true;
                continue;
            }
            // A bot needs no name: it is called after its seat.
            let bot_name = w.one("bot-name", "seat", number);
            let name = if bot && typed.is_empty() {
                bot_name.as_str()
            } else {
                typed
            };
            filled += 1;
            if gaps {
                problems.push(w.get("create-problem-gaps"));
                gaps = false;
            }
            let parsed_name = PlayerName::parse(name).map_err(|e| {
                problems.push(w.two(
                    "create-problem-name",
                    ("seat", number),
                    (
                        "why",
                        w.one(
                            &format!("name-problem-{}", e.code()),
                            "max",
                            PlayerName::MAX_CHARS,
                        ),
                    ),
                ))
            });
            if bot {
                if !email.is_empty() {
                    problems.push(w.one("create-problem-bot-email", "seat", number));
                }
                if let Ok(n) = parsed_name {
                    seats.push(NewSeat::Bot(n));
                }
                continue;
            }
            let parsed_email = games.player_address(email).map_err(|problem| {
                let key = match problem {
                    AddressProblem::Bad => "create-problem-email",
                    AddressProblem::Ours => "create-problem-email-ours",
                };
                problems.push(w.two(key, ("seat", number), ("email", email)))
            });
            if let (Ok(n), Ok(e)) = (parsed_name, parsed_email) {
                seats.push(NewSeat::Person(n, e));
            }
        }
        let hours_per_decision = match self.text("pace") {
            "" => Some(DEFAULT_PACE_HOURS),
            "none" => None,
            text => match text.parse::<u32>() {
                Ok(hours) if PACE_HOURS.contains(&hours) => Some(hours),
                _ => {
                    problems.push(w.two(
                        "create-problem-pace",
                        ("min", *PACE_HOURS.start()),
                        ("max", *PACE_HOURS.end()),
                    ));
                    None
                }
            },
        };
        let min_finished = match self.text("min_finished") {
            "" | "0" => None,
            text => match text.parse::<u32>() {
                Ok(games) if MIN_FINISHED.contains(&games) => Some(games),
                _ => {
                    problems.push(w.two(
                        "create-problem-min-finished",
                        ("min", *MIN_FINISHED.start()),
                        ("max", *MIN_FINISHED.end()),
                    ));
                    None
                }
            },
        };
        let (min, max) = kind.players();
        if !(min as usize..=max as usize).contains(&filled) {
            problems.push(w.with(
                "create-problem-players",
                &[
                    ("game", w.get(&format!("{}-title", kind.name())).into()),
                    ("min", min.into()),
                    ("max", max.into()),
                    ("given", filled.into()),
                ],
            ));
        }
        let creator = self.creator();
        if creator == 0 || creator as usize > filled.max(1) {
            problems.push(w.one("create-problem-creator", "seat", creator));
        }
        let title = match self.text("title") {
            "" => None,
            text => GameTitle::parse(text)
                .map_err(|e| {
                    problems.push(w.one(
                        "create-problem-title",
                        "why",
                        w.one(
                            &format!("name-problem-{}", e.code()),
                            "max",
                            GameTitle::MAX_CHARS,
                        ),
                    ))
                })
                .ok(),
        };
        let options = self.options(kind, w).map_err(|p| problems.extend(p));
        match options {
            Ok(options) if problems.is_empty() => Ok(NewGame {
                game: kind.name().to_owned(),
                options,
                seats,
                creator_seat: Seat(creator.saturating_sub(1)),
                title,
                creator_confirmed: false,
                client_ip: None,
                hours_per_decision,
                private_table: self.get("private_table") == Some("on"),
                language: Some(w.lang().to_owned()),
                listed: self.get("listed") == Some("on"),
                approve_claims: self.get("claims") == Some("approve"),
                min_finished,
            }),
            _ => Err(problems),
        }
    }
}

/// A whole number in the field, the default when it is blank.
fn number(text: &str, default: u32) -> Option<u32> {
    if text.is_empty() {
        Some(default)
    } else {
        text.parse().ok()
    }
}

fn home_page<'w>(
    state: &AppState,
    w: Words<'w>,
    kind: &dyn Kind,
    form: &CreateForm,
    problems: Vec<String>,
) -> HomePage<'w> {
    let registry = state.games.registry();
    let game = kind.name();
    let (min_players, max_players) = kind.players();
    let creator = form.creator();
    let rows = (1..=max_players.max(form.row_count().min(64) as u8))
        .map(|number| SeatRow {
            number,
            name: form.text(&format!("name{number}")).to_owned(),
            email: form.text(&format!("email{number}")).to_owned(),
            creator: creator == number,
            bot: form.get(&format!("bot{number}")) == Some("on"),
            open: form.get(&format!("open{number}")) == Some("on"),
        })
        .collect();
    let fields = kind
        .option_fields()
        .into_iter()
        .map(|field| {
            let id = option_label_id(game, &field);
            let sent = form.get(field.name);
            let (kind_name, min, max, value) = match field.kind {
                OptionKind::Flag => ("flag", 0, 0, String::new()),
                OptionKind::OptionalNumber { min, max, default } => (
                    "optional_number",
                    min,
                    max,
                    form.get(&format!("{}_value", field.name))
                        .map_or(default.to_string(), str::to_owned),
                ),
                OptionKind::Number { min, max, default } => (
                    "number",
                    min,
                    max,
                    sent.map_or(default.to_string(), str::to_owned),
                ),
                OptionKind::OptionalSeat => ("seat", 0, 0, String::new()),
                OptionKind::Choice { .. } => ("choice", 0, 0, String::new()),
            };
            let choices = if let OptionKind::Choice { values, default } = field.kind {
                let chosen = sent.unwrap_or(default);
                values
                    .iter()
                    .map(|&value| {
                        (
                            value.to_owned(),
                            // A value loaded at start (an operator's card set) has no words
                            // of its own: its name is what the form offers.
                            w.maybe(&format!("{id}-{value}"))
                                .unwrap_or_else(|| value.to_owned()),
                            chosen == value,
                        )
                    })
                    .collect()
            } else if kind_name == "seat" {
                let chosen = sent.unwrap_or("creator");
                let mut choices = vec![
                    (
                        "creator".to_owned(),
                        w.get(&format!("{id}-creator")),
                        chosen == "creator",
                    ),
                    (
                        "random".to_owned(),
                        w.get(&format!("{id}-random")),
                        chosen == "random",
                    ),
                ];
                choices.extend((1..=max_players).map(|n| {
                    (
                        n.to_string(),
                        w.one(&format!("{id}-seat"), "seat", n),
                        chosen == n.to_string(),
                    )
                }));
                choices
            } else {
                Vec::new()
            };
            FieldShown {
                name: field.name,
                kind: kind_name,
                label: w.get(&id),
                help: w.maybe(&format!("{id}.help")).unwrap_or_default(),
                checked: sent.is_some(),
                value,
                min,
                max,
                before_value: w.maybe(&format!("{id}-target")).unwrap_or_default(),
                after_value: w.maybe(&format!("{id}-unit")).unwrap_or_default(),
                choices,
            }
        })
        .collect();
    HomePage {
        w,
        flashes: problems.into_iter().map(Flash::error).collect(),
        games: registry
            .kinds()
            .map(|k| GameChoice {
                name: k.name(),
                title: w.get(&format!("{}-title", k.name())),
                tagline: w.get(&format!("{}-tagline", k.name())),
                selected: k.name() == game,
            })
            .collect(),
        game,
        title: w.get(&format!("{game}-title")),
        min_players,
        max_players,
        rows,
        fields,
        name_max: PlayerName::MAX_CHARS,
        email_max: EmailAddress::MAX_CHARS,
        title_max: GameTitle::MAX_CHARS,
        game_title: form.text("title").to_owned(),
        listed: form.get("listed") == Some("on"),
        approve: form.get("claims") == Some("approve"),
        min_finished: form.text("min_finished").to_owned(),
        min_finished_range: (*MIN_FINISHED.start(), *MIN_FINISHED.end()),
        paces: {
            let chosen = match form.text("pace") {
                "" => DEFAULT_PACE_HOURS.to_string(),
                other => other.to_owned(),
            };
            [12u32, 24, 48, 72, 120, 168, 336]
                .iter()
                .map(|h| {
                    (
                        h.to_string(),
                        w.one("pace-hours", "hours", *h),
                        chosen == h.to_string(),
                    )
                })
                .chain(std::iter::once((
                    "none".to_owned(),
                    w.get("pace-none"),
                    chosen == "none",
                )))
                .collect()
        },
    }
}

/// The registered game called `name`, else the first one.
fn chosen<'a>(state: &'a AppState, name: Option<&str>) -> &'a dyn Kind {
    let registry = state.games.registry();
    name.and_then(|n| registry.get(n).ok())
        .or_else(|| registry.kinds().next())
        .expect("a service plays at least one game")
}

pub async fn home(
    state: web::Data<AppState>,
    request: HttpRequest,
    query: web::Query<HomeQuery>,
) -> HttpResponse {
    let w = state.words(&request);
    let kind = chosen(&state, query.game.as_deref());
    render(
        StatusCode::OK,
        &home_page(&state, w, kind, &CreateForm(Vec::new()), Vec::new()),
    )
}

pub async fn create(
    state: web::Data<AppState>,
    request: HttpRequest,
    form: web::Form<Vec<(String, String)>>,
) -> super::Answered {
    let w = state.words(&request);
    let form = CreateForm(form.into_inner());
    let game = form.text("game");
    let kind = match state.games.registry().get(if game.is_empty() {
        chosen(&state, None).name()
    } else {
        game
    }) {
        Ok(kind) => kind,
        Err(_) => {
            let kind = chosen(&state, None);
            let problem = w.one("create-problem-game", "game", game);
            return Ok(render(
                StatusCode::BAD_REQUEST,
                &home_page(&state, w, kind, &form, vec![problem]),
            ));
        }
    };
    let mut new = match form.parse(kind, &w, &state.games) {
        Ok(new) => new,
        Err(problems) => {
            return Ok(render(
                StatusCode::BAD_REQUEST,
                &home_page(&state, w, kind, &form, problems),
            ))
        }
    };
    new.client_ip = state.client_ip(&request);
    // A creator signed in as their own address proved it already: the service asks no
    // confirmation of them.
    let session = request
        .cookie(crate::service::people::SESSION_COOKIE)
        .map(|c| c.value().to_owned());
    match state.service.create_game(new, session).await {
        Ok(created) => Ok(see_other(format!(
            "{}?created={}",
            seat_path(
                &created.game_id,
                created.creator_seat,
                &created.creator_token
            ),
            if created.confirmed { "1" } else { "confirm" }
        ))),
        Err(CreateError::Invalid(problems)) => {
            let problems = problems.iter().map(|p| p.words(Some(kind), w)).collect();
            Ok(render(
                StatusCode::BAD_REQUEST,
                &home_page(&state, w, kind, &form, problems),
            ))
        }
        Err(error) => Err(error.into()),
    }
}
