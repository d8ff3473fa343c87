//! War engine benchmarks: replaying the complete log of a 4-player game, and whole random
//! games per player count on one core. Each benchmark also checks the result it times.

use corriere::engine::war::{random_playout, Game, Options, CURRENT_RULES_VERSION};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

fn replay(c: &mut Criterion) {
    let options = Options::default();
    let playout = random_playout(&options, 4, 7, false);
    assert!(playout.game.is_over() && playout.violations.is_empty());
    let mut group = c.benchmark_group("war replay");
    group.throughput(Throughput::Elements(playout.actions.len() as u64));
    group.bench_function(
        format!("4 players, {} actions", playout.actions.len()),
        |b| {
            let mut events = Vec::with_capacity(256);
            b.iter(|| {
                events.clear();
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
    let mut group = c.benchmark_group("war random games");
    group.throughput(Throughput::Elements(1));
    for players in 3u8..=6 {
        let mut seed = 0;
        group.bench_function(format!("{players} players"), |b| {
            b.iter(|| {
                seed += 1;
                let playout = random_playout(&Options::default(), players, seed, false);
                assert!(playout.game.is_over());
                black_box(playout.actions.len())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, replay, random_games);
criterion_main!(benches);
