//! Simulated finished records: one whole random game per simulation seed, with its own secret,
//! contributions, synthetic times, hash chain and revealed secret, for tests and demonstrations.

use super::chain::LogHeader;
use super::record::Record;
use super::seed::{commitment, derive_seed, Contribution, Source};
use crate::engine::condottiere::{Game, Options, CURRENT_RULES_VERSION};
use crate::engine::rng::Stream;
use crate::engine::{Seat, Seed};
use sha2::{Digest, Sha256};

/// The names simulated players get, seat 1 first.
pub const SIM_NAMES: [&str; 6] = ["Anna", "Bruno", "Chiara", "Dario", "Elena", "Fabio"];

/// More actions than any game needs; a simulation reaching it is an engine bug.
pub const SIM_ACTION_LIMIT: usize = 200_000;

/// The first simulated action's time: 2025-01-01T00:00:00Z.
pub const SIM_START_MS: i64 = 1_735_689_600_000;

/// The secret of a simulation: SHA-256("sim-secret" ‖ sim_seed as u64 big-endian).
pub fn sim_secret(sim_seed: u64) -> [u8; 32] {
    let mut hasher = Sha256::new();
    hasher.update(b"sim-secret");
    hasher.update(sim_seed.to_be_bytes());
    hasher.finalize().into()
}

/// Seat `seat`'s contribution: 32 hex digits of SHA-256("sim-contribution" ‖ sim_seed (u64 BE)
/// ‖ seat number (u8)), as a browser would make; seat 2 also types a phrase after them, so
/// records carry non-ASCII text too.
pub fn sim_contribution(sim_seed: u64, seat: Seat) -> String {
    let mut hasher = Sha256::new();
    hasher.update(b"sim-contribution");
    hasher.update(sim_seed.to_be_bytes());
    hasher.update([seat.number()]);
    let random = hex::encode(&hasher.finalize()[..16]);
    if seat.number() == 2 {
        format!("{random} la città è mia")
    } else {
        random
    }
}

/// One complete game with random legal actions, as a finished record.
///
/// Every choice comes from the ChaCha stream "sim-choices" of `Seed::from_u64(sim_seed)`: which
/// waiting seat acts (when several are asked at once), which legal action it takes, and how long
/// after the previous action it does so (0 ms a quarter of the time, else 1 s to 2 h). The same
/// arguments always give the same record. Panics if the game has not ended after
/// `SIM_ACTION_LIMIT` actions or the engine rejects its own legal action (both engine bugs).
pub fn simulate_record(players: u8, options: &Options, sim_seed: u64) -> Record {
    assert!((2..=6).contains(&players), "a game has 2 to 6 players");
    let secret = sim_secret(sim_seed);
    let contributions: Vec<Contribution> = Seat::all(players)
        .map(|seat| Contribution {
            seat,
            value: sim_contribution(sim_seed, seat),
            source: Source::Player,
        })
        .collect();
    let values: Vec<String> = contributions.iter().map(|c| c.value.clone()).collect();
    let seed = derive_seed(&secret, &values);
    let mut record = Record::new(LogHeader {
        id: format!("sim-{sim_seed}"),
        game: "condottiere".into(),
        rules_version: CURRENT_RULES_VERSION,
        options: options.clone(),
        seats: SIM_NAMES[..players as usize]
            .iter()
            .map(|n| n.to_string())
            .collect(),
        commitment: commitment(&secret),
        contributions,
    });

    let mut chooser = Stream::new(&Seed::from_u64(sim_seed), "sim-choices", 0);
    let mut events = Vec::new();
    let mut game = Game::setup(CURRENT_RULES_VERSION, options, players, seed, &mut events)
        .expect("simulation options are valid");
    let mut at = SIM_START_MS;
    while game.outcome().is_none() {
        assert!(
            record.actions.len() < SIM_ACTION_LIMIT,
            "simulation {sim_seed} has not ended after {SIM_ACTION_LIMIT} actions"
        );
        let waiting = game.waiting_on();
        assert!(
            !waiting.is_empty(),
            "the game waits on nobody but is not over"
        );
        let seat = waiting[chooser.below(waiting.len() as u32) as usize];
        let mut legal = game.legal_actions(seat);
        let action = legal.swap_remove(chooser.below(legal.len() as u32) as usize);
        events.clear();
        game = match game.apply(seat, &action, &mut events) {
            Ok(game) => game,
            Err((_, error)) => {
                panic!("the engine rejected its own legal action {action:?}: {error}")
            }
        };
        if chooser.below(4) != 0 {
            at += 1_000 + i64::from(chooser.below(7_200_000));
        }
        record.push(seat, action, at, &secret);
    }
    let outcome = game
        .outcome()
        .cloned()
        .expect("the loop ends with the game");
    record.reveal(outcome, &secret);
    record
}
