//! Engine benchmarks: replaying the complete log of a 4-player game, and whole random games.
//! Each benchmark also checks the result it times.

use corriere::engine::condottiere::{Action, Game, Options, CURRENT_RULES_VERSION};
use corriere::engine::{Seat, Seed};
use corriere::kinds::{self, Kind, Registry};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

/// A random Condottiere game through the simulator (which plays any game through the game
/// boundary), with its actions typed for the replay benchmark.
struct Playout {
    seed: Seed,
    actions: Vec<(Seat, Action)>,
}

fn play(kind: &dyn Kind, options: &kinds::Options, players: u8, seed: u64) -> Playout {
    let playout = corriere::simulate::play(kind, options, players, seed, false, &[]);
    Playout {
        seed: playout.seed,
        actions: playout
            .actions
            .iter()
            .map(|(seat, action)| (*seat, action.downcast::<Action>().unwrap().clone()))
            .collect(),
    }
}

/// The registry's Condottiere and its default options, made once: the benches time play.
fn condottiere() -> (Registry, kinds::Options) {
    let registry = Registry::standard();
    let options = registry
        .get("condottiere")
        .unwrap()
        .read_options(&serde_json::to_string(&Options::default()).unwrap())
        .unwrap();
    (registry, options)
}

fn replay(c: &mut Criterion) {
    let options = Options::default();
    let (registry, erased) = condottiere();
    let playout = play(registry.get("condottiere").unwrap(), &erased, 4, 7);
    let mut group = c.benchmark_group("replay");
    group.throughput(Throughput::Elements(playout.actions.len() as u64));
    group.bench_function(
        format!("4 players, {} actions", playout.actions.len()),
        |b| {
            let mut events = Vec::with_capacity(64);
            b.iter(|| {
                let mut game = Game::setup(
                    CURRENT_RULES_VERSION,
                    &options,
                    4,
                    playout.seed,
                    &mut events,
                )
                .expect("valid setup");
                for (seat, action) in &playout.actions {
                    events.clear();
                    game = game
                        .apply(*seat, action, &mut events)
                        .expect("the log replays");
                }
                assert!(game.is_over());
                black_box(game)
            })
        },
    );
    group.finish();
}

fn random_games(c: &mut Criterion) {
    let (registry, options) = condottiere();
    let kind = registry.get("condottiere").unwrap();
    let mut group = c.benchmark_group("random games");
    group.throughput(Throughput::Elements(1));
    for players in [2u8, 4, 6] {
        let mut seed = 0;
        group.bench_function(format!("{players} players"), |b| {
            b.iter(|| {
                seed += 1;
                let playout = corriere::simulate::play(kind, &options, players, seed, false, &[]);
                assert!(playout.game.is_over());
                black_box(playout.actions.len())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, replay, random_games);
criterion_main!(benches);
