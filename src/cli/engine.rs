//! `corriere engine …`: apply actions to a position and list legal actions, as JSON on stdout,
//! so positions can be explored and rules checked from the shell.

use crate::engine::condottiere::{Action, Event, Game, Outcome, Position};
use crate::engine::{Audience, Seat};
use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::process::ExitCode;

/// One entry of an actions file: `{"seat": 2, "action": {"type": "play", "card": "M5"}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatAction {
    pub seat: Seat,
    pub action: Action,
}

#[derive(Serialize)]
struct AudienceEvent<'a> {
    audience: Audience,
    #[serde(flatten)]
    event: &'a Event,
}

#[derive(Serialize)]
struct Applied<'a> {
    position: Position,
    events: Vec<AudienceEvent<'a>>,
    outcome: Option<&'a Outcome>,
}

#[derive(Serialize)]
struct Rejected<'a> {
    error: RejectedAction<'a>,
    position: Position,
}

#[derive(Serialize)]
struct RejectedAction<'a> {
    index: usize,
    code: &'a str,
    message: String,
}

pub fn read_json<T: for<'de> Deserialize<'de>>(path: &Path) -> Result<T> {
    let text = if path == Path::new("-") {
        std::io::read_to_string(std::io::stdin()).context("reading standard input")?
    } else {
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?
    };
    serde_json::from_str(&text).with_context(|| format!("{} is not valid", path.display()))
}

pub fn load_position(path: &Path) -> Result<Game> {
    let position: Position = read_json(path)?;
    Game::from_position(position).with_context(|| format!("{} cannot be played", path.display()))
}

/// Apply the actions in order; print the result, or the first rejection (exit status 3).
pub fn apply(position: &Path, actions: &Path) -> Result<ExitCode> {
    let mut game = load_position(position)?;
    let actions: Vec<SeatAction> = read_json(actions)?;
    let mut events = Vec::new();
    for (index, entry) in actions.iter().enumerate() {
        match game.apply(entry.seat, &entry.action, &mut events) {
            Ok(next) => game = next,
            Err((before, error)) => {
                let rejected = Rejected {
                    error: RejectedAction {
                        index,
                        code: error.code(),
                        message: error.to_string(),
                    },
                    position: before.to_position(),
                };
                println!("{}", serde_json::to_string_pretty(&rejected)?);
                return Ok(ExitCode::from(3));
            }
        }
    }
    let applied = Applied {
        position: game.to_position(),
        events: events
            .iter()
            .map(|(audience, event)| AudienceEvent {
                audience: *audience,
                event,
            })
            .collect(),
        outcome: game.outcome(),
    };
    println!("{}", serde_json::to_string_pretty(&applied)?);
    Ok(ExitCode::SUCCESS)
}

/// Print the legal actions of one seat as a JSON array.
pub fn legal(position: &Path, seat: Seat) -> Result<ExitCode> {
    let game = load_position(position)?;
    anyhow::ensure!(
        seat.0 < game.players(),
        "there is no seat {} in this game",
        seat.number()
    );
    println!(
        "{}",
        serde_json::to_string_pretty(&game.legal_actions(seat))?
    );
    Ok(ExitCode::SUCCESS)
}
