//! Random full games for property tests, simulations and benchmarks: the pending seat plays a
//! random listed action, chosen from a seeded stream; now and then a random seat changes its
//! standing orders to one of the presets, so defenders react too.

use super::actions::Action;
use super::legal::order_presets;
use super::state::{Game, Options, CURRENT_RULES_VERSION};
use crate::engine::rng::Stream;
use crate::engine::{Seat, Seed};

/// A random game that has not ended after this many actions counts as a violation.
pub const MAX_ACTIONS: usize = 50_000;

/// One random game: its seed, every action in order, the final state and what went wrong.
pub struct Playout {
    pub seed: Seed,
    pub actions: Vec<(Seat, Action)>,
    pub game: Game,
    /// Broken invariants (audited after every action when asked), refused listed actions and a
    /// game that did not end.
    pub violations: Vec<String>,
}

/// Play a random game from `seed` to its end; audit after every action when `audit` is set.
pub fn random_playout(options: &Options, players: u8, seed: u64, audit: bool) -> Playout {
    let seed = Seed::from_u64(seed);
    let mut events = Vec::new();
    let mut game = Game::setup(CURRENT_RULES_VERSION, options, players, seed, &mut events)
        .expect("valid options for a random game");
    let mut chooser = Stream::new(&seed, "playout", 0);
    let mut actions = Vec::new();
    let mut violations = Vec::new();
    if audit {
        violations.extend(game.audit());
    }
    while !game.is_over() && actions.len() < MAX_ACTIONS && violations.is_empty() {
        let (seat, action) = if chooser.below(40) == 0 {
            let seat = Seat(chooser.below(players as u32) as u8);
            let mut presets = order_presets();
            let orders = presets.swap_remove(chooser.below(presets.len() as u32) as usize);
            (seat, Action::SetOrders { orders })
        } else {
            let seat = game.active();
            let legal = game.decision_actions(seat);
            if legal.is_empty() {
                violations.push(format!("{seat} must decide but has no legal action"));
                break;
            }
            let pick = chooser.below(legal.len() as u32) as usize;
            (seat, legal[pick].clone())
        };
        events.clear();
        match game.apply(seat, &action, &mut events) {
            Ok(next) => game = next,
            Err((unchanged, error)) => {
                violations.push(format!(
                    "listed action {action:?} by {seat} refused: {error}"
                ));
                game = unchanged;
                break;
            }
        }
        actions.push((seat, action));
        if audit {
            violations.extend(game.audit());
        }
    }
    if !game.is_over() && violations.is_empty() {
        violations.push(format!("the game did not end within {MAX_ACTIONS} actions"));
    }
    Playout {
        seed,
        actions,
        game,
        violations,
    }
}
