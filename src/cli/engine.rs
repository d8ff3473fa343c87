//! `corriere engine …`: set a game up, apply actions, list legal actions, show a viewer's view
//! and the deadline default of any registered game, as JSON on stdout, from the shell.

use crate::engine::{Seat, Seed, Viewer};
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
    ensure_seat(&game, seat)?;
    println!(
        "{}",
        serde_json::to_string_pretty(&game.legal_actions(seat))?
    );
    Ok(ExitCode::SUCCESS)
}

/// A seed as 64 hexadecimal digits (a record's `seed`), or a whole number (as `simulate` takes).
pub fn parse_seed(text: &str) -> Result<Seed, String> {
    Seed::from_hex(text)
        .or_else(|| text.parse::<u64>().ok().map(Seed::from_u64))
        .ok_or_else(|| format!("{text:?} is neither 64 hexadecimal digits nor a whole number"))
}

/// Set a game up; print `{"position", "events"}`: the position right after setup and what the
/// setup did (every event, whatever its audience).
pub fn setup(kind: &dyn Kind, seed: Seed, options: &str, players: u8) -> Result<ExitCode> {
    let options = kind
        .read_options(options)
        .map_err(|e| anyhow::anyhow!("the options are not {} options: {e}", kind.name()))?;
    let (low, high) = kind.players();
    anyhow::ensure!(
        (low..=high).contains(&players),
        "{} is played by {low} to {high} players, not {players}",
        kind.name()
    );
    let problems = kind.option_problems(&options, players);
    anyhow::ensure!(
        problems.is_empty(),
        "these options cannot be played: {}",
        problems
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join("; ")
    );
    let options = kind.settle_options(&options);
    let (game, events) = kind
        .setup(kind.current_rules_version(), &options, players, seed)
        .map_err(|e| anyhow::anyhow!("the game cannot be set up: {e}"))?;
    let made = serde_json::json!({
        "position": game.position(),
        "events": kind.events_json(&events),
    });
    println!("{}", serde_json::to_string_pretty(&made)?);
    Ok(ExitCode::SUCCESS)
}

/// Print what one viewer (a seat, or a spectator) may see of a position: the game's view, the
/// only way state leaves the engine.
pub fn view(kind: &dyn Kind, position: &Path, viewer: Viewer) -> Result<ExitCode> {
    let game = load_position(kind, position)?;
    if let Viewer::Seat(seat) = viewer {
        ensure_seat(&game, seat)?;
    }
    let view = game.view(viewer).to_json().to_value();
    println!("{}", serde_json::to_string_pretty(&view)?);
    Ok(ExitCode::SUCCESS)
}

/// Print the action the service plays for a seat whose deadline passes (`null` when the seat
/// owes nothing now).
pub fn default(kind: &dyn Kind, position: &Path, seat: Seat) -> Result<ExitCode> {
    let game = load_position(kind, position)?;
    ensure_seat(&game, seat)?;
    let action = game.default_action(seat).map(|a| a.json().to_value());
    println!("{}", serde_json::to_string_pretty(&action)?);
    Ok(ExitCode::SUCCESS)
}

fn ensure_seat(game: &Game, seat: Seat) -> Result<()> {
    anyhow::ensure!(
        seat.0 < game.players(),
        "there is no seat {} in this game",
        seat.number()
    );
    Ok(())
}
