//! War's bot (`Rules::bot_action`): every move it makes is one the rules accept, it owes
//! nothing when it is not asked, and it beats random players clearly at every table size.
//!
//! Every game here is deterministic: the game seed comes from `Seed::from_u64`, the random
//! seats choose uniformly among their listed legal actions from a seeded
//! `engine::rng::Stream`, and the bot uses no chance.

use corriere::engine::rng::Stream;
use corriere::engine::war::{Action, Game, Options, CURRENT_RULES_VERSION, MAX_ACTIONS};
use corriere::engine::{Rules, Seat, Seed};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// Play one game to its end: `bots` seats by the bot, the others at random. Returns each
/// seat's share of the victory (a shared victory is split equally).
fn play(players: u8, bots: &[Seat], seed: u64) -> Vec<f64> {
    let mut events = Vec::new();
    let mut game = Game::setup(
        CURRENT_RULES_VERSION,
        &Options::default(),
        players,
        Seed::from_u64(seed),
        &mut events,
    )
    .expect("valid options");
    let mut chooser = Stream::new(&Seed::from_u64(seed), "random-seats", 0);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut actions = 0;
    while !game.is_over() {
        assert!(actions < MAX_ACTIONS, "seed {seed}: no end");
        actions += 1;
        let pending = Rules::pending(&game);
        assert_eq!(pending.len(), 1, "seed {seed}: War asks one seat at a time");
        let seat = pending[0].0;
        let action = if bots.contains(&seat) {
            let action = Rules::bot_action(&game, seat, &mut rng)
                .unwrap_or_else(|| panic!("seed {seed}: the bot owes a decision but has no move"));
            assert!(
                !matches!(action, Action::SetOrders { .. }),
                "seed {seed}: the bot answered a decision with new orders"
            );
            action
        } else {
            let legal = game.decision_actions(seat);
            legal[chooser.below(legal.len() as u32) as usize].clone()
        };
        events.clear();
        game = game
            .apply(seat, &action, &mut events)
            .unwrap_or_else(|(_, e)| panic!("seed {seed}: {action:?} refused: {e}"));
    }
    let winners = &game.outcome().expect("over").winners;
    let mut shares = vec![0.0; players as usize];
    for w in winners {
        shares[w.index()] += 1.0 / winners.len() as f64;
    }
    shares
}

/// The bot's share of the victories over `games` games with one bot seat (rotating) against
/// random seats.
fn bot_share(players: u8, games: u64, first_seed: u64) -> f64 {
    let mut won = 0.0;
    for n in 0..games {
        let bot = Seat((n % u64::from(players)) as u8);
        won += play(players, &[bot], first_seed + n)[bot.index()];
    }
    won / games as f64
}

/// Each table size: the bot's share of the victories, one bot against random seats, must be at
/// least twice the fair share 1/players.
fn assert_twice_the_fair_share(players: u8, games: u64) {
    let share = bot_share(players, games, 20_000 * u64::from(players));
    let fair = 1.0 / f64::from(players);
    assert!(
        share >= 2.0 * fair,
        "{players} players: the bot won {share:.3} of {games} games, less than twice {fair:.3}"
    );
}

#[test]
fn bots_on_every_seat_play_games_to_their_end() {
    for players in 3..=6 {
        let all: Vec<Seat> = (0..players).map(Seat).collect();
        for seed in 0..3 {
            let shares = play(players, &all, 900 + seed);
            assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        }
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

#[test]
fn the_bot_wins_at_least_twice_its_fair_share_with_3_players() {
    assert_twice_the_fair_share(3, 30);
}

#[test]
fn the_bot_wins_at_least_twice_its_fair_share_with_4_players() {
    assert_twice_the_fair_share(4, 30);
}

#[test]
fn the_bot_wins_at_least_twice_its_fair_share_with_5_players() {
    assert_twice_the_fair_share(5, 30);
}

#[test]
fn the_bot_wins_at_least_twice_its_fair_share_with_6_players() {
    assert_twice_the_fair_share(6, 30);
}
