//! Engine invariants over random playouts, for every player count and every combination of the
//! optional rules: card conservation, no dead ends, termination, replay, and inert rejections.

use corriere::engine::condottiere::{Action, Card, Game, Options, Region, CURRENT_RULES_VERSION};
use corriere::engine::{Seat, Seed};
use corriere::kinds::Registry;
use proptest::prelude::*;

/// A random Condottiere game from the simulator (which plays any game), with its types.
struct Playout {
    seed: Seed,
    actions: Vec<(Seat, Action)>,
    game: Game,
    violations: Vec<String>,
}

fn play(options: &Options, players: u8, seed: u64, audit: bool) -> Playout {
    let registry = Registry::standard();
    let kind = registry.get("condottiere").unwrap();
    let options = kind
        .read_options(&serde_json::to_string(options).unwrap())
        .unwrap();
    let playout = corriere::simulate::play(kind, &options, players, seed, audit, &[]);
    Playout {
        seed: playout.seed,
        actions: playout
            .actions
            .iter()
            .map(|(seat, action)| (*seat, action.downcast::<Action>().unwrap().clone()))
            .collect(),
        game: playout.game.downcast::<Game>().unwrap().clone(),
        violations: playout.violations,
    }
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

/// Actions of every shape, most of them illegal at any given moment.
fn probe_actions() -> Vec<Action> {
    let mut actions = vec![
        Action::Pass { reveal: false },
        Action::Pass { reveal: true },
        Action::Scarecrow { take: None },
        Action::Pope { region: None },
        Action::DiscardHand { discard: true },
        Action::DiscardHand { discard: false },
        Action::Keep { cards: vec![] },
        Action::Keep {
            cards: vec![Card::M10, Card::M10, Card::M10],
        },
        Action::Draw { count: 0 },
        Action::Draw { count: 4 },
    ];
    for card in Card::ALL {
        actions.push(Action::Play { card });
        actions.push(Action::Scarecrow { take: Some(card) });
        actions.push(Action::Keep { cards: vec![card] });
    }
    for region in Region::all() {
        actions.push(Action::PlaceToken { region });
        actions.push(Action::Pope {
            region: Some(region),
        });
    }
    actions
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// Audit after every action checks that all 110 cards are each in exactly one place, that
    /// the state is a valid position, and that every seat asked to decide has a legal action.
    #[test]
    fn random_games_keep_every_invariant_and_terminate(players in 2u8..=6, bits in 0u8..32, seed in any::<u64>()) {
        let playout = play(&options_from_bits(bits), players, seed, true);
        prop_assert!(playout.violations.is_empty(), "{:?}", playout.violations);
        prop_assert!(playout.game.is_over());
        let outcome = playout.game.outcome().expect("over");
        prop_assert!(!outcome.winners.is_empty());
    }

    #[test]
    fn replaying_the_log_from_the_seed_reproduces_the_same_state(players in 2u8..=6, bits in 0u8..32, seed in any::<u64>()) {
        let options = options_from_bits(bits);
        let playout = play(&options, players, seed, false);
        let mut events = Vec::new();
        let mut game = Game::setup(CURRENT_RULES_VERSION, &options, players, playout.seed, &mut events).unwrap();
        for (seat, action) in &playout.actions {
            game = game.apply(*seat, action, &mut events).map_err(|(_, e)| e.to_string()).unwrap();
        }
        prop_assert_eq!(&game, &playout.game);
        // The position format carries the whole state: a round trip through JSON changes nothing.
        let json = serde_json::to_string(&game.to_position()).unwrap();
        let reloaded = Game::from_position(serde_json::from_str(&json).unwrap()).unwrap();
        prop_assert_eq!(reloaded, game);
    }

    /// At random moments, every probe action is either in the legal list (and accepted) or
    /// rejected with the state unchanged; `check` and `legal_actions` never disagree.
    #[test]
    fn a_rejected_action_changes_nothing_and_legality_has_one_source(players in 2u8..=6, bits in 0u8..32, seed in any::<u64>(), stops in proptest::collection::vec(any::<prop::sample::Index>(), 1..6)) {
        let options = options_from_bits(bits);
        let playout = play(&options, players, seed, false);
        let mut events = Vec::new();
        let mut game = Game::setup(CURRENT_RULES_VERSION, &options, players, playout.seed, &mut events).unwrap();
        let stop_at: Vec<usize> = stops.iter().map(|i| i.index(playout.actions.len().max(1))).collect();
        let probes = probe_actions();
        for (n, (seat, action)) in playout.actions.iter().enumerate() {
            if stop_at.contains(&n) {
                for probe_seat in Seat::all(players) {
                    let legal = game.legal_actions(probe_seat);
                    for probe in &probes {
                        let listed = legal.contains(probe);
                        match game.clone().apply(probe_seat, probe, &mut Vec::new()) {
                            Ok(_) => prop_assert!(listed, "{probe:?} by {probe_seat} accepted but not listed"),
                            Err((unchanged, _)) => {
                                prop_assert!(!listed, "{probe:?} by {probe_seat} listed but rejected");
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
fn the_same_seed_deals_the_same_and_another_seed_deals_differently() {
    let deal = |seed| play(&Options::default(), 4, seed, false).actions;
    assert_eq!(deal(11), deal(11));
    assert_ne!(deal(11), deal(12));
}

/// The proptests above sample; this sweep covers every player count with every combination of
/// the five optional rules (160 tables, two games each), auditing after every action.
#[test]
fn every_player_count_with_every_combination_of_options_ends_keeping_every_invariant() {
    for players in 2u8..=6 {
        for bits in 0u8..32 {
            for game in 0..2u64 {
                let seed = u64::from(players) * 1_000 + u64::from(bits) * 10 + game;
                let playout = play(&options_from_bits(bits), players, seed, true);
                assert!(
                    playout.violations.is_empty(),
                    "{players} players, options {bits:05b}, seed {seed}: {:?}",
                    playout.violations
                );
                assert!(
                    playout.game.is_over(),
                    "{players} players, options {bits:05b}, seed {seed}"
                );
            }
        }
    }
}
