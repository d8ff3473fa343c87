//! Condottieri engine benchmarks: adjudicating one Balance of Power orders phase (§7), and a
//! whole phase of the year (`Game::next`: money, orders, the automatic steps after them).

use corriere::engine::condottieri::{
    adjudicate, legal_orders, Game, Options, Orders, Position, Step, Submissions,
};
use corriere::engine::rng::Stream;
use corriere::engine::Seed;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::collections::BTreeMap;
use std::hint::black_box;

/// Every unit's order drawn at random among its legal ones (the owner's units only).
fn random_orders(position: &Position, stream: &mut Stream) -> Orders {
    position
        .units
        .iter()
        .filter(|u| u.owner.is_some())
        .map(|u| {
            let legal = legal_orders(position, u);
            (u.id, legal[stream.below(legal.len() as u32) as usize])
        })
        .collect()
}

/// Orders phases of Balance of Power games played at random for `years`, with the orders
/// given in each: the opening and the crowded middle game alike.
fn phases(games: u64, years: u16) -> Vec<(Game, Submissions)> {
    let mut out = Vec::new();
    for g in 0..games {
        let seed = Seed::from_u64(g);
        let mut stream = Stream::new(&seed, "bench", 0);
        let mut game = Game::new(Options {
            years_limit: Some(years),
            ..Options::of("balance")
        })
        .expect("valid options");
        while game.end.is_none() {
            let mut input = Submissions::default();
            if game.phase.step == Step::Orders {
                let orders = random_orders(&game.position, &mut stream);
                let mut by_power: BTreeMap<_, Orders> = BTreeMap::new();
                for (id, order) in orders {
                    let owner = game.position.unit(id).and_then(|u| u.owner).expect("owned");
                    by_power.entry(owner).or_default().insert(id, order);
                }
                input.orders = by_power;
                out.push((game.clone(), input.clone()));
            }
            game = game.next(&input, &seed).0;
        }
    }
    out
}

fn adjudication(c: &mut Criterion) {
    let phases = phases(8, 4);
    let all: Vec<(Position, Orders)> = phases
        .iter()
        .map(|(game, input)| {
            let orders = input
                .orders
                .values()
                .flatten()
                .map(|(k, v)| (*k, *v))
                .collect();
            (game.position.clone(), orders)
        })
        .collect();
    let mut group = c.benchmark_group("condottieri");
    group.throughput(Throughput::Elements(all.len() as u64));
    group.bench_function(
        format!("adjudicate {} balance of power orders phases", all.len()),
        |b| {
            b.iter(|| {
                for (position, orders) in &all {
                    let result = adjudicate(position, orders);
                    assert_eq!(result.reports.len(), position.units.len());
                    black_box(result);
                }
            })
        },
    );
    let seed = Seed::from_u64(1);
    group.bench_function(
        format!(
            "resolve {} balance of power orders phases (Game::next)",
            phases.len()
        ),
        |b| {
            b.iter(|| {
                for (game, input) in &phases {
                    let (next, report) = game.next(input, &seed);
                    assert_ne!(report.next, Some(game.phase));
                    black_box(next);
                }
            })
        },
    );
    group.finish();
}

criterion_group!(benches, adjudication);
criterion_main!(benches);
