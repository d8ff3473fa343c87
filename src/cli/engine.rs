//! `corriere engine …`: apply actions to a position and list legal actions of any registered
//! game, as JSON on stdout, so positions can be explored and rules checked from the shell.

use crate::engine::Seat;
use crate::kinds::{Game, Kind};
use anyhow::{Context, Result};
use serde::Deserialize;
use std::path::Path;
use std::process::ExitCode;

/// One entry of an actions file: `{"seat": 2, "action": {"type": "play", "card": "M5"}}`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatAction {
    pub seat: Seat,
    pub action: serde_json::Value,
}

pub fn read_text(path: &Path) -> Result<String> {
    if path == Path::new("-") {
        std::io::read_to_string(std::io::stdin()).context("reading standard input")
    } else {
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))
    }
}

pub fn load_position(kind: &dyn Kind, path: &Path) -> Result<Game> {
    let text = read_text(path)?;
    kind.read_position(&text).map_err(|problems| {
        anyhow::anyhow!(
            "{} cannot be played: {}",
            path.display(),
            problems.join("; ")
        )
    })
}

/// Apply the actions in order; print `{"position", "events", "outcome"}`, or the first
/// rejection as `{"error", "position"}` (exit status 3).
pub fn apply(kind: &dyn Kind, position: &Path, actions: &Path) -> Result<ExitCode> {
    let mut game = load_position(kind, position)?;
    let text = read_text(actions)?;
    let actions: Vec<SeatAction> = serde_json::from_str(&text)
        .with_context(|| format!("{} is not valid", actions.display()))?;
    let mut events = Vec::new();
    for (index, entry) in actions.iter().enumerate() {
        let action = kind
            .read_action(&entry.action.to_string())
            .map_err(|e| anyhow::anyhow!("action {index} is not a {} action: {e}", kind.name()))?;
        match game.apply(entry.seat, &action) {
            Ok((next, happened)) => {
                if let serde_json::Value::Array(list) = kind.events_json(&happened) {
                    events.extend(list);
                }
                game = next;
            }
            Err(error) => {
                let rejected = serde_json::json!({
                    "error": {"index": index, "code": error.code(), "message": error.to_string()},
                    "position": game.position(),
                });
                println!("{}", serde_json::to_string_pretty(&rejected)?);
                return Ok(ExitCode::from(3));
            }
        }
    }
    let applied = serde_json::json!({
        "position": game.position(),
        "events": events,
        "outcome": game.outcome().map(|o| o.json().to_value()),
    });
    println!("{}", serde_json::to_string_pretty(&applied)?);
    Ok(ExitCode::SUCCESS)
}

/// Print the legal actions of one seat as a JSON array.
pub fn legal(kind: &dyn Kind, position: &Path, seat: Seat) -> Result<ExitCode> {
    let game = load_position(kind, position)?;
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
