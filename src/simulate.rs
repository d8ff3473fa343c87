//! Random playouts of whole games: each decision answered with a random legal action drawn
//! from a seeded stream, with the engine's invariants audited after every action if asked.

use crate::engine::condottiere::{Action, Ending, Game, Options, CURRENT_RULES_VERSION};
use crate::engine::rng::Stream;
use crate::engine::{Seat, Seed};
use serde::Serialize;
use std::collections::BTreeMap;

/// More actions than any finished game needs; reaching it counts as a violation (no termination).
pub const ACTION_LIMIT: usize = 200_000;

/// One finished random game.
pub struct Playout {
    pub seed: Seed,
    pub actions: Vec<(Seat, Action)>,
    pub game: Game,
    /// Invariant violations found on the way (empty when every check passed).
    pub violations: Vec<String>,
}

/// Play one game to its end with random legal actions.
///
/// The game seed is derived as for any served game (see `audit::seed`), from the simulation's
/// own secret and contributions (`audit::sim_secret`, `audit::sim_contribution`), so the game
/// can be written as a verifiable record (`audit::simulate_record`). The choices come from the
/// stream "players" of `Seed::from_u64(seed)`: which waiting seat acts, then which of its
/// legal actions.
pub fn play(options: &Options, players: u8, seed: u64, audit: bool) -> Playout {
    let contributions: Vec<String> = Seat::all(players)
        .map(|s| crate::audit::sim_contribution(seed, s))
        .collect();
    let game_seed = crate::audit::derive_seed(&crate::audit::sim_secret(seed), &contributions);
    let mut chooser = Stream::new(&Seed::from_u64(seed), "players", 0);
    let mut events = Vec::new();
    let mut game = Game::setup(
        CURRENT_RULES_VERSION,
        options,
        players,
        game_seed,
        &mut events,
    )
    .expect("simulation options are valid");
    let mut actions = Vec::new();
    let mut violations = Vec::new();
    let mut legal = Vec::new();
    while !game.is_over() {
        if actions.len() >= ACTION_LIMIT {
            violations.push(format!("no end after {ACTION_LIMIT} actions"));
            break;
        }
        let waiting = game.waiting_on();
        if waiting.is_empty() {
            violations.push("the game waits on nobody but is not over".into());
            break;
        }
        let seat = waiting[chooser.below(waiting.len() as u32) as usize];
        legal.clear();
        legal.extend(game.legal_actions(seat));
        if legal.is_empty() {
            violations.push(format!("{seat} must decide but has no legal action"));
            break;
        }
        let action = legal.swap_remove(chooser.below(legal.len() as u32) as usize);
        events.clear();
        game = match game.apply(seat, &action, &mut events) {
            Ok(game) => game,
            Err((game, error)) => {
                violations.push(format!(
                    "a listed legal action was rejected: {action:?}: {error}"
                ));
                return Playout {
                    seed: game_seed,
                    actions,
                    game,
                    violations,
                };
            }
        };
        actions.push((seat, action));
        if audit {
            let problems = game.audit();
            if !problems.is_empty() {
                violations.push(format!(
                    "after action {}: {}",
                    actions.len(),
                    problems.join("; ")
                ));
                break;
            }
        }
    }
    Playout {
        seed: game_seed,
        actions,
        game,
        violations,
    }
}

/// What `corriere simulate --json` prints.
#[derive(Debug, Default, Serialize)]
pub struct Summary {
    pub games: u64,
    pub players: u8,
    pub actions: u64,
    pub violations: u64,
    /// Finished games by how they ended.
    pub endings: BTreeMap<String, u64>,
    pub elapsed_ms: u64,
    /// The first few violations, with the seed that reproduces each.
    pub first_violations: Vec<String>,
}

impl Summary {
    pub fn add(&mut self, seed: u64, playout: &Playout) {
        self.games += 1;
        self.actions += playout.actions.len() as u64;
        if !playout.violations.is_empty() {
            self.violations += 1;
            if self.first_violations.len() < 10 {
                self.first_violations
                    .push(format!("seed {seed}: {}", playout.violations.join("; ")));
            }
        }
        if let Some(outcome) = playout.game.outcome() {
            *self
                .endings
                .entry(ending_name(outcome.ending).into())
                .or_default() += 1;
        }
    }
}

pub fn ending_name(ending: Ending) -> &'static str {
    match ending {
        Ending::TotalRegions => "total_regions",
        Ending::ConnectedRegions => "connected_regions",
        Ending::AllRegionsTaken => "all_regions_taken",
        Ending::FinalBattle => "final_battle",
        Ending::SharedVictory => "shared_victory",
        Ending::PointsTarget => "points_target",
    }
}
