//! War engine invariants over random playouts, for every player count 3–6: the §11.1
//! invariants after every action (audit), determinism and replay, the position JSON round trip
//! (also mid-game, continuing identically), no dead ends, termination, and inert rejections.

use corriere::engine::war::{
    order_presets, plan_variant, random_playout, Action, Amount, Card, Continent, Direction, Game,
    Options, Position, Territory, TerritoryCounts, CURRENT_RULES_VERSION, MAX_ACTIONS,
};
use corriere::engine::{Rules, Seat};
use proptest::prelude::*;

fn replay(
    options: &Options,
    players: u8,
    seed: corriere::engine::Seed,
    actions: &[(Seat, Action)],
) -> (Game, Vec<String>) {
    let mut events = Vec::new();
    let mut game = Game::setup(CURRENT_RULES_VERSION, options, players, seed, &mut events)
        .expect("valid setup");
    for (seat, action) in actions {
        game = game
            .apply(*seat, action, &mut events)
            .map_err(|(_, e)| e.to_string())
            .expect("the log replays");
    }
    let log = events
        .iter()
        .map(|(_, e)| serde_json::to_string(e).expect("events serialize"))
        .collect();
    (game, log)
}

/// Actions of every shape, most of them illegal at any given moment.
fn probe_actions() -> Vec<Action> {
    let t = |id: &str| Territory::from_id(id).expect("a territory");
    let c = |id: &str| Card::from_id(id).expect("a card");
    let mut some = TerritoryCounts::default();
    some.set(t("brasil"), 2);
    vec![
        Action::Intelligence {
            continents: vec![Continent::Oceania],
        },
        Action::Trade {
            cards: vec![c("coringa_1")],
        },
        Action::Trade {
            cards: vec![c("peru"), c("brasil")],
        },
        Action::Place { armies: some },
        Action::Attack {
            from: t("brasil"),
            to: t("argelia"),
            air_card: None,
            plan: plan_variant(0),
        },
        Action::Attack {
            from: t("china"),
            to: t("brasil"),
            air_card: Some(c("brasil")),
            plan: plan_variant(1),
        },
        Action::Continue {
            plan: plan_variant(2),
        },
        Action::EndCombat,
        Action::RevealTerrain,
        Action::Reroll {
            card: c("japao"),
            dice: vec![1],
        },
        Action::NoReaction,
        Action::Occupy { armies: 1 },
        Action::Occupy { armies: 40 },
        Action::Move {
            from: t("peru"),
            to: t("brasil"),
            armies: Amount::All,
        },
        Action::HiddenPassage { card: c("argelia") },
        Action::AirTransport {
            card: c("brasil"),
            direction: Direction::Out,
            armies: some,
        },
        Action::EndTurn { discard: None },
        Action::Discard {
            cards: vec![c("alasca")],
        },
        Action::SetOrders {
            orders: order_presets().remove(1),
        },
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// The audit after every action checks every §11.1 invariant: all 44 cards in exactly one
    /// place, every territory owned with at least 1 army outside a conquest, attacks within
    /// the round's limit, at most 6 cards for every seat but the active one (so for the seat
    /// whose turn just ended), the objectives a permutation without a fixed point; and that the
    /// pending seat has a legal action, every listed action is accepted and the deadline
    /// default is listed.
    #[test]
    fn random_games_keep_every_invariant_and_end(players in 3u8..=6, seed in any::<u64>()) {
        let playout = random_playout(&Options::default(), players, seed, true);
        prop_assert!(playout.violations.is_empty(), "{:?}", playout.violations);
        prop_assert!(playout.game.is_over());
        prop_assert!(playout.actions.len() < MAX_ACTIONS);
        let outcome = playout.game.outcome().expect("over");
        prop_assert!(!outcome.winners.is_empty());
        prop_assert_eq!(playout.game.standings().len(), players as usize);
    }

    /// Same seed and actions give the same state and the same dice and events; the position
    /// format carries the whole state, so a JSON round trip changes nothing.
    #[test]
    fn replaying_the_log_reproduces_the_state_and_every_die(players in 3u8..=6, seed in any::<u64>(), limit in prop::option::of(1u32..12)) {
        let options = Options { round_limit: limit, ..Options::default() };
        let playout = random_playout(&options, players, seed, false);
        prop_assert!(playout.violations.is_empty(), "{:?}", playout.violations);
        let (game, log) = replay(&options, players, playout.seed, &playout.actions);
        prop_assert_eq!(&game, &playout.game);
        let (_, again) = replay(&options, players, playout.seed, &playout.actions);
        prop_assert_eq!(log, again);
        let json = serde_json::to_string(&game.to_position()).unwrap();
        let reloaded = Game::from_position(serde_json::from_str::<Position>(&json).unwrap()).unwrap();
        prop_assert_eq!(reloaded, game);
    }

    /// A position taken at any moment and read back from JSON continues exactly as the game
    /// did: the same actions give the same final state (the random-step counter is in it).
    #[test]
    fn a_position_taken_mid_game_continues_identically(players in 3u8..=6, seed in any::<u64>(), cut in any::<prop::sample::Index>()) {
        let playout = random_playout(&Options::default(), players, seed, false);
        let at = cut.index(playout.actions.len());
        let (middle, _) = replay(&Options::default(), players, playout.seed, &playout.actions[..at]);
        let json = serde_json::to_string(&middle.to_position()).unwrap();
        let mut game = Game::from_position(serde_json::from_str::<Position>(&json).unwrap()).unwrap();
        let mut events = Vec::new();
        for (seat, action) in &playout.actions[at..] {
            game = game.apply(*seat, action, &mut events).map_err(|(_, e)| e.to_string()).unwrap();
        }
        prop_assert_eq!(game, playout.game);
    }

    /// At random moments every probe action by every seat is accepted when listed, and when
    /// rejected leaves the state exactly as it was.
    #[test]
    fn a_rejected_action_changes_nothing(players in 3u8..=6, seed in any::<u64>(), stops in proptest::collection::vec(any::<prop::sample::Index>(), 1..5)) {
        let playout = random_playout(&Options::default(), players, seed, false);
        let mut events = Vec::new();
        let mut game = Game::setup(CURRENT_RULES_VERSION, &Options::default(), players, playout.seed, &mut events).unwrap();
        let stop_at: Vec<usize> = stops.iter().map(|i| i.index(playout.actions.len().max(1))).collect();
        let probes = probe_actions();
        for (n, (seat, action)) in playout.actions.iter().enumerate() {
            if stop_at.contains(&n) {
                for probe_seat in Seat::all(players) {
                    let legal = game.legal_actions(probe_seat);
                    for probe in probes.iter().chain(&legal) {
                        let listed = legal.contains(probe);
                        match game.clone().apply(probe_seat, probe, &mut Vec::new()) {
                            Ok(_) => {}
                            Err((unchanged, error)) => {
                                prop_assert!(!listed, "{probe:?} by {probe_seat} listed but rejected: {error}");
                                prop_assert_eq!(&unchanged, &game);
                            }
                        }
                    }
                }
            }
            game = game.apply(*seat, action, &mut events).map_err(|(_, e)| e.to_string()).unwrap();
        }
    }
}

#[test]
fn the_same_seed_plays_the_same_game_and_another_seed_another() {
    let play = |seed| random_playout(&Options::default(), 4, seed, false).actions;
    assert_eq!(play(11), play(11));
    assert_ne!(play(11), play(12));
}

/// Every player count, with and without a round limit, a few games each, audited throughout.
#[test]
fn every_player_count_ends_keeping_every_invariant() {
    for players in 3u8..=6 {
        for (n, limit) in [None, Some(3), Some(8)].into_iter().enumerate() {
            for game in 0..3u64 {
                let seed = u64::from(players) * 1_000 + n as u64 * 10 + game;
                let options = Options {
                    round_limit: limit,
                    ..Options::default()
                };
                let playout = random_playout(&options, players, seed, true);
                assert!(
                    playout.violations.is_empty(),
                    "{players} players, limit {limit:?}, seed {seed}: {:?}",
                    playout.violations
                );
                assert!(playout.game.is_over());
                if let Some(limit) = limit {
                    assert!(playout.game.round() <= limit);
                }
                assert_eq!(Rules::pending(&playout.game), vec![]);
            }
        }
    }
}

/// Random games per player count, audited after every action: 5 games each by default, or as
/// many as `WAR_SWEEP_GAMES` says (the 10,000-game run of docs/benchmarks.md is
/// `WAR_SWEEP_GAMES=10000 cargo test --release --test war_properties sweep -- --nocapture`).
/// Game g of a table of p players uses seed p × 1,000,000 + g.
#[test]
fn sweep_random_games_per_player_count() {
    let games: u64 = std::env::var("WAR_SWEEP_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(5);
    for players in 3u8..=6 {
        let started = std::time::Instant::now();
        let (mut violations, mut actions, mut rounds, mut max_round) = (0u64, 0usize, 0u64, 0u32);
        let mut endings = std::collections::BTreeMap::new();
        for g in 0..games {
            let seed = u64::from(players) * 1_000_000 + g;
            let playout = random_playout(&Options::default(), players, seed, true);
            if !playout.violations.is_empty() {
                violations += 1;
                eprintln!("{players} players, seed {seed}: {:?}", playout.violations);
            }
            actions += playout.actions.len();
            rounds += u64::from(playout.game.round());
            max_round = max_round.max(playout.game.round());
            let outcome = playout.game.outcome().expect("over");
            *endings
                .entry(format!("{:?} {:?}", outcome.ending, outcome.criterion))
                .or_insert(0u64) += 1;
        }
        println!(
            "{players} players: {games} games, {violations} violations, {actions} actions, mean round {:.1} (max {max_round}), {:.1} s, endings {endings:?}",
            rounds as f64 / games.max(1) as f64,
            started.elapsed().as_secs_f64()
        );
        assert_eq!(violations, 0);
    }
}
