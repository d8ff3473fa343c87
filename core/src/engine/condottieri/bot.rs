//! The Condottieri bot: the lines a power writes for the open phase when a bot plays it,
//! a pure function of the game (no dice, no clock), read one line at a time by `Rules::bot_action`.

use super::state::Power;
use super::year::Game;

/// The lines `power` writes for the open phase, in order: each changes the power's sheet
/// and none undoes another, so the table can submit them one by one and then say READY.
/// Empty: every unit gets the deadline defaults (§15.1).
pub fn plan(game: &Game, power: Power) -> Vec<String> {
    let _ = (game, power);
    Vec::new()
}
