//! Simulated finished records: one whole random game per simulation seed, with its own secret,
//! contributions, synthetic times, hash chain and revealed secret, for tests and demonstrations.

use crate::audit::{commitment, Author, Contribution, LogHeader, Record, Source};
use crate::engine::rng::Stream;
use crate::engine::{Seat, Seed};
use crate::kinds::{Kind, Options};
use sha2::{Digest, Sha256};

/// The names simulated players get, seat 1 first.
pub const SIM_NAMES: [&str; 6] = ["Anna", "Bruno", "Chiara", "Dario", "Elena", "Fabio"];

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

/// One complete game with random legal actions, as a finished record: exactly the game
/// `simulate::play(kind, options, players, sim_seed, …)` plays, with its own committed secret,
/// the seats' contributions, and synthetic times from the stream "sim-times" of
/// `Seed::from_u64(sim_seed)` (0 ms after the previous action a quarter of the time, else 1 s
/// to 2 h). The same arguments always give the same record. Panics if the playout found a
/// rules bug (an action limit reached, or a legal action rejected).
pub fn simulate_record(kind: &dyn Kind, players: u8, options: &Options, sim_seed: u64) -> Record {
    let (min, max) = kind.players();
    assert!(
        (min..=max).contains(&players),
        "a game of {} has {min} to {max} players",
        kind.name()
    );
    let secret = sim_secret(sim_seed);
    let contributions: Vec<Contribution> = Seat::all(players)
        .map(|seat| Contribution {
            seat,
            value: sim_contribution(sim_seed, seat),
            source: Source::Player,
        })
        .collect();
    let mut record = Record::new(LogHeader {
        id: format!("sim-{sim_seed}"),
        game: kind.name().into(),
        rules_version: kind.current_rules_version(),
        options: options.json().clone(),
        seats: SIM_NAMES[..players as usize]
            .iter()
            .map(|n| n.to_string())
            .collect(),
        commitment: commitment(&secret),
        contributions,
        version: Default::default(),
    });
    let playout = super::play(kind, options, players, sim_seed, false, &[]);
    assert!(
        playout.violations.is_empty(),
        "simulation {sim_seed}: {:?}",
        playout.violations
    );
    let mut times = Stream::new(&Seed::from_u64(sim_seed), "sim-times", 0);
    let mut at = SIM_START_MS;
    for (seat, action) in playout.actions {
        if times.below(4) != 0 {
            at += 1_000 + i64::from(times.below(7_200_000));
        }
        record.push(seat, action.json().clone(), at, Author::Seat, &secret);
    }
    let outcome = playout
        .game
        .outcome()
        .expect("a playout ends with the game");
    record.reveal(outcome.json().clone(), &secret);
    record
}
