//! The home page with the new-game form, and creating a game from it: the form is parsed
//! whole, every problem is shown above the form as it was filled in.

use super::html::{render, seat_path, see_other};
use super::present::Flash;
use super::{blocking, AppState, PageError};
use crate::engine::condottiere::Options;
use crate::engine::Seat;
use crate::games::{CreateError, EmailAddress, NewGame, PlayerName};
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse};
use askama::Template;
use serde::Deserialize;

pub struct SeatRow {
    pub number: u8,
    pub name: String,
    pub email: String,
    pub creator: bool,
}

#[derive(Template)]
#[template(path = "home.html")]
pub struct HomePage {
    pub flashes: Vec<Flash>,
    pub rows: Vec<SeatRow>,
    pub first_holder: String,
    pub options: Options,
    pub points_target: u32,
}

pub async fn home() -> HttpResponse {
    render(
        StatusCode::OK,
        &home_page(&CreateForm::default(), Vec::new()),
    )
}

#[derive(Debug, Default, Deserialize)]
pub struct CreateForm {
    #[serde(default)]
    game: String,
    name1: Option<String>,
    email1: Option<String>,
    name2: Option<String>,
    email2: Option<String>,
    name3: Option<String>,
    email3: Option<String>,
    name4: Option<String>,
    email4: Option<String>,
    name5: Option<String>,
    email5: Option<String>,
    name6: Option<String>,
    email6: Option<String>,
    creator: Option<u8>,
    first_holder: Option<String>,
    draw_after_battle: Option<String>,
    bigger_kingdoms: Option<String>,
    capturing_regions: Option<String>,
    hidden_cards: Option<String>,
    play_for_points: Option<String>,
    points_target: Option<String>,
}

impl CreateForm {
    fn rows(&self) -> [(&Option<String>, &Option<String>); 6] {
        [
            (&self.name1, &self.email1),
            (&self.name2, &self.email2),
            (&self.name3, &self.email3),
            (&self.name4, &self.email4),
            (&self.name5, &self.email5),
            (&self.name6, &self.email6),
        ]
    }

    fn options(&self) -> Options {
        Options {
            draw_after_battle: self.draw_after_battle.is_some(),
            bigger_kingdoms: self.bigger_kingdoms.is_some(),
            capturing_regions: self.capturing_regions.is_some(),
            hidden_cards: self.hidden_cards.is_some(),
            play_for_points: self
                .play_for_points
                .as_ref()
                .map(|_| self.target().unwrap_or(0)),
            first_holder: None,
        }
    }

    fn target(&self) -> Option<u32> {
        self.points_target
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map_or(Some(20), |t| t.parse().ok())
    }

    /// Parse the whole form, or say every problem with it.
    fn parse(&self) -> Result<NewGame, Vec<String>> {
        let mut problems = Vec::new();
        if !self.game.is_empty() && self.game != "condottiere" {
            problems.push(format!(
                "There is no game called {:?} here; choose Condottiere.",
                self.game
            ));
        }
        let mut seats = Vec::new();
        let mut numbers = Vec::new();
        for (i, (name, email)) in self.rows().into_iter().enumerate() {
            let name = name.as_deref().unwrap_or("").trim();
            let email = email.as_deref().unwrap_or("").trim();
            if name.is_empty() && email.is_empty() {
                continue;
            }
            let number = i + 1;
            let parsed_name = PlayerName::parse(name)
                .map_err(|e| problems.push(format!("Seat {number}: the name is not valid ({e}).")));
            let parsed_email = EmailAddress::parse(email).map_err(|_| {
                problems.push(format!(
                    "Seat {number}: {email:?} is not an email address we can send to."
                ))
            });
            if let (Ok(n), Ok(e)) = (parsed_name, parsed_email) {
                seats.push((n, e));
                numbers.push(number as u8);
            }
        }
        let filled = self
            .rows()
            .iter()
            .filter(|(n, e)| {
                !n.as_deref().unwrap_or("").trim().is_empty()
                    || !e.as_deref().unwrap_or("").trim().is_empty()
            })
            .count();
        if !(2..=6).contains(&filled) {
            problems.push(format!(
                "Condottiere needs 2 to 6 players; the form names {filled}."
            ));
        }
        if numbers
            .iter()
            .enumerate()
            .any(|(i, &n)| n as usize != i + 1)
            && problems.is_empty()
        {
            problems.push("Fill the player rows from the top, without gaps.".into());
        }
        let creator = self.creator.unwrap_or(1);
        if creator == 0 || creator as usize > filled.max(1) {
            problems.push(format!(
                "You marked seat {creator} as yourself, but that seat is empty."
            ));
        }
        let mut options = self.options();
        if options.play_for_points == Some(0)
            || (self.play_for_points.is_some() && self.target().is_none())
        {
            problems
                .push("The Play for Points target must be a whole number from 1 to 200.".into());
        }
        let creator_seat = Seat(creator.saturating_sub(1));
        options.first_holder = match self.first_holder.as_deref().unwrap_or("creator") {
            "creator" => Some(creator_seat),
            "random" => None,
            n => match n
                .parse::<u8>()
                .ok()
                .filter(|&n| n >= 1 && n as usize <= filled)
            {
                Some(n) => Some(Seat(n - 1)),
                None => {
                    problems.push(format!(
                        "The first holder must be one of the seats, not {n:?}."
                    ));
                    None
                }
            },
        };
        if problems.is_empty() {
            Ok(NewGame {
                options,
                seats,
                creator_seat,
            })
        } else {
            Err(problems)
        }
    }
}

fn home_page(form: &CreateForm, problems: Vec<String>) -> HomePage {
    let creator = form.creator.unwrap_or(1);
    let rows = form
        .rows()
        .iter()
        .enumerate()
        .map(|(i, (name, email))| SeatRow {
            number: i as u8 + 1,
            name: (*name).clone().unwrap_or_default(),
            email: (*email).clone().unwrap_or_default(),
            creator: creator == i as u8 + 1,
        })
        .collect();
    HomePage {
        flashes: problems.into_iter().map(Flash::error).collect(),
        rows,
        first_holder: form
            .first_holder
            .clone()
            .unwrap_or_else(|| "creator".into()),
        options: form.options(),
        points_target: form.target().unwrap_or(20),
    }
}

pub async fn create(state: web::Data<AppState>, form: web::Form<CreateForm>) -> HttpResponse {
    let new = match form.parse() {
        Ok(new) => new,
        Err(problems) => return render(StatusCode::BAD_REQUEST, &home_page(&form, problems)),
    };
    match blocking(&state, move |s, conn| s.games.create_game(conn, new)).await {
        Ok(Ok(created)) => see_other(format!(
            "{}?created=1",
            seat_path(
                &created.game_id,
                created.creator_seat,
                &created.creator_token
            )
        )),
        Ok(Err(CreateError::Invalid(problems))) => {
            render(StatusCode::BAD_REQUEST, &home_page(&form, problems.0))
        }
        Ok(Err(CreateError::Unexpected(error))) => PageError::unexpected(error, None),
        Err(error) => error.into_response(),
    }
}
