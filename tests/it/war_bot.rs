//! War's bot (`Rules::bot_action`): every move it makes is one the rules accept, games of bots
//! end, it owes nothing when it is not asked, and it beats random players clearly at every
//! table size.
//!
//! The games are the simulator's (`corriere simulate --game war --bots N`, the measurement in
//! docs/benchmarks.md): seeded, with the invariants audited after every action; a bot move the
//! rules refuse, or a game without end, is a violation.

use corriere::engine::war::{Game, Options, CURRENT_RULES_VERSION};
use corriere::engine::{Rules, Seat, Seed};
use corriere::simulate::Summary;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// War's games by the simulator (see `conformance::simulate`).
fn simulate(players: u8, bots: u8, games: u64, first_seed: u64) -> Summary {
    crate::conformance::simulate("war", players, bots, games, first_seed)
}

/// Each table size: one bot against random seats must win at least twice the fair share
/// (run by `conformance`).
pub(crate) fn assert_twice_the_fair_share(players: u8) {
    crate::conformance::assert_the_bot_wins_twice_its_fair_share("war", players, 30);
}

#[test]
fn bots_on_every_seat_play_games_to_their_end() {
    for players in 3..=6 {
        let summary = simulate(players, players, 3, 900);
        assert_eq!(summary.endings.values().sum::<u64>(), 3, "{summary:?}");
    }
}

#[test]
fn the_bot_owes_nothing_when_it_is_not_asked() {
    let mut events = Vec::new();
    let game = Game::setup(
        CURRENT_RULES_VERSION,
        &Options::default(),
        4,
        Seed::from_u64(7),
        &mut events,
    )
    .expect("valid options");
    let asked = Rules::pending(&game)[0].0;
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for seat in (0..4).map(Seat) {
        assert_eq!(
            Rules::bot_action(&game, seat, &mut rng).is_some(),
            seat == asked,
            "{seat:?}"
        );
    }
}
