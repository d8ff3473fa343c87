//! The Condottiere bot (`Rules::bot_action`): it only ever makes a legal move, with every
//! optional rule, and it beats random players clearly, at every table size from 3 to 6.
//!
//! Every game here is deterministic: the game seed comes from `Seed::from_u64`, the random
//! seats choose uniformly among their legal actions from a seeded `engine::rng::Stream`, and
//! the bot's tie-breaks come from a seeded `ChaCha8Rng`.

use corriere::engine::condottiere::{Game, Options, Position, CURRENT_RULES_VERSION};
use corriere::engine::rng::Stream;
use corriere::engine::{Rules, Seat, Seed};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// More actions than any finished game needs.
const ACTION_LIMIT: usize = 100_000;

/// Play one game to its end: `bots` seats by the bot, the others at random. Returns each
/// seat's share of the victory (a shared victory is split equally).
fn play(options: &Options, players: u8, bots: &[Seat], seed: u64) -> Vec<f64> {
    let mut events = Vec::new();
    let mut game = Game::setup(
        CURRENT_RULES_VERSION,
        options,
        players,
        Seed::from_u64(seed),
        &mut events,
    )
    .expect("valid options");
    let mut chooser = Stream::new(&Seed::from_u64(seed), "random-seats", 0);
    let mut bot_rng = ChaCha8Rng::seed_from_u64(seed);
    let mut actions = 0;
    while !game.is_over() {
        assert!(actions < ACTION_LIMIT, "seed {seed}: no end");
        actions += 1;
        let pending = Rules::pending(&game);
        assert!(!pending.is_empty(), "seed {seed}: nobody to wait on");
        let (seat, _) = pending[chooser.below(pending.len() as u32) as usize];
        let legal = game.legal_actions(seat);
        let action = if bots.contains(&seat) {
            let action = Rules::bot_action(&game, seat, &mut bot_rng)
                .unwrap_or_else(|| panic!("seed {seed}: the bot owes a decision but has no move"));
            assert!(
                legal.contains(&action),
                "seed {seed}: the bot chose {action:?}, not among {legal:?}"
            );
            action
        } else {
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
fn bot_share(options: &Options, players: u8, games: u64, first_seed: u64) -> f64 {
    let mut won = 0.0;
    for n in 0..games {
        let bot = Seat((n % u64::from(players)) as u8);
        won += play(options, players, &[bot], first_seed + n)[bot.index()];
    }
    won / games as f64
}

fn options_from_bits(bits: u8) -> Options {
    Options {
        draw_after_battle: bits & 1 != 0,
        play_for_points: (bits & 2 != 0).then_some(8),
        bigger_kingdoms: bits & 4 != 0,
        capturing_regions: bits & 8 != 0,
        hidden_cards: bits & 16 != 0,
        first_holder: None,
    }
}

/// With every combination of the optional rules and every table size, a bot in every other
/// seat and random players in the rest, or bots in every seat (which must still finish): every
/// move the bot makes is legal (checked in `play`) and it answers every decision it owes.
#[test]
fn the_bot_only_ever_makes_legal_moves_with_every_option() {
    for players in 2u8..=6 {
        for bits in 0u8..32 {
            let seed = u64::from(players) * 1_000 + u64::from(bits);
            let bots: Vec<Seat> = if (players + bits) % 2 == 0 {
                Seat::all(players).filter(|s| s.0 % 2 == 0).collect()
            } else {
                Seat::all(players).collect()
            };
            play(&options_from_bits(bits), players, &bots, seed);
        }
    }
}

#[test]
fn the_bot_owes_nothing_when_it_is_not_asked_nor_after_answering() {
    let mut events = Vec::new();
    let game = Game::setup(
        CURRENT_RULES_VERSION,
        &Options {
            first_holder: Some(Seat(0)),
            ..Options::default()
        },
        3,
        Seed::from_u64(1),
        &mut events,
    )
    .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    assert!(Rules::bot_action(&game, Seat(0), &mut rng).is_some());
    assert_eq!(Rules::bot_action(&game, Seat(1), &mut rng), None);
    // A seat that answered a simultaneous step may still change its answer, but owes nothing.
    let position: Position = serde_json::from_str(
        r#"{"rules_version": 1, "players": 3, "seed": "0000000000000000000000000000000000000000000000000000000000000000", "hands": [["HE", "CO"], ["M1", "SC"], ["SU"]], "holder": 1, "contested": "Milano", "step": {"type": "hand_discards", "waiting": [1, 3]}}"#,
    )
    .unwrap();
    let game = Game::from_position(position).unwrap();
    let answer = Rules::bot_action(&game, Seat(0), &mut rng).unwrap();
    let game = game.apply(Seat(0), &answer, &mut events).unwrap();
    assert!(!game.legal_actions(Seat(0)).is_empty());
    assert_eq!(Rules::bot_action(&game, Seat(0), &mut rng), None);
    assert!(Rules::bot_action(&game, Seat(2), &mut rng).is_some());
}

/// Each table size: the bot's share of the victories, one bot against random seats, must be at
/// least twice the fair share 1/players.
fn assert_twice_the_fair_share(players: u8, games: u64) {
    let share = bot_share(
        &Options::default(),
        players,
        games,
        10_000 * u64::from(players),
    );
    let fair = 1.0 / f64::from(players);
    assert!(
        share >= 2.0 * fair,
        "{players} players: the bot won {share:.3} of {games} games, less than twice {fair:.3}"
    );
}

/// Condottiere's bot against random seats at a table of `players` (run by `conformance`).
pub(crate) fn wins_twice_its_fair_share(players: u8) {
    assert_twice_the_fair_share(players, 60);
}
