//! The transparency log at scale, on SQLite as the service keeps it: a log of 10^6 and 10^7
//! generated leaves, then the cost of appending a move's entry (its queue row, then the
//! sequencer's pass that logs it and signs a tree head, alone or 64 at a time) and of the
//! proofs anyone may ask for (inclusion of a game's move, consistency of two sizes), each
//! read from the store, and of checking an inclusion proof.
//!
//! `CORRIERE_BENCH_LOG_SIZES=1000000,10000000 cargo bench --bench transparency` (the sizes
//! by default). Each size is generated once (10^7 takes minutes and about 3 GB of disk).

use corriere::audit::merkle::{self, Appender};
use corriere::audit::receipt::LogLeaf;
use corriere::domain::GameId;
use corriere::kinds::Registry;
use corriere::service::{BaseUrl, Games, GamesConfig, Secret};
use corriere::store::transparency::{self as log, LeafRow};
use corriere::store::{Db, DbUrl};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Moves per generated game: leaf `i` is move `i % 100 + 1` of game `g{i / 100}`.
const MOVES: u64 = 100;
/// Leaves written per generating transaction.
const BATCH: u64 = 100_000;

struct Log {
    _dir: tempfile::TempDir,
    db: Db,
    games: Games,
    runtime: tokio::runtime::Runtime,
    size: u64,
}

fn game_of(leaf: u64) -> String {
    format!("g{:08}", leaf / MOVES)
}

fn head_of(leaf: u64) -> String {
    hex::encode(merkle::leaf_hash(&leaf.to_le_bytes()))
}

/// A log of `size` generated leaves, and one sequencer pass so a tree head is signed.
fn generated(size: u64) -> Log {
    let dir = tempfile::tempdir().expect("a temp dir");
    let url = format!("sqlite://{}", dir.path().join("corriere.db").display());
    let db = Db::open(&DbUrl::parse(&url).unwrap()).expect("SQLite opens");
    let games = Games::new(GamesConfig::new(
        BaseUrl::parse("http://127.0.0.1:8080").unwrap(),
        Secret::generate(),
        Registry::standard(),
    ));
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let started = Instant::now();
    let mut tree = Appender::resume(0, &Default::default()).unwrap();
    while tree.size() < size {
        let end = (tree.size() + BATCH).min(size);
        let mut leaves = Vec::new();
        let mut nodes = Vec::new();
        for i in tree.size()..end {
            let leaf = LogLeaf {
                game: game_of(i),
                seq: i % MOVES + 1,
                head: head_of(i),
            };
            nodes.extend(tree.push(leaf.hash()));
            leaves.push(LeafRow {
                idx: i as i64,
                game_id: leaf.game,
                seq: leaf.seq as i64,
                head: leaf.head,
                logged_at: 0,
            });
        }
        let size = tree.size();
        runtime
            .block_on(db.write(move |conn| log::append_leaves(conn, &leaves, &nodes, size)))
            .unwrap();
    }
    eprintln!(
        "generated a log of {size} leaves in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let log = Log {
        _dir: dir,
        db,
        games,
        runtime,
        size,
    };
    append(&log, size, 1);
    log
}

/// Queue `count` new entries (one transaction, as moves do) and log them in a pass.
fn append(log: &Log, from: u64, count: u64) {
    log.runtime
        .block_on(log.db.write(move |conn| {
            for i in from..from + count {
                log::queue_entry(conn, "bench", i as i64 + 1, &head_of(i))?;
            }
            Ok::<_, diesel::result::Error>(())
        }))
        .unwrap();
    let logged = log
        .runtime
        .block_on(log.games.log_entries(&log.db))
        .unwrap();
    assert_eq!(logged, count, "the pass logged them");
}

fn sizes() -> Vec<u64> {
    std::env::var("CORRIERE_BENCH_LOG_SIZES")
        .unwrap_or_else(|_| "1000000,10000000".into())
        .split(',')
        .map(|s| s.trim().parse().expect("sizes are whole numbers"))
        .collect()
}

fn transparency(c: &mut Criterion) {
    for size in sizes() {
        let log = generated(size);
        let mut group = c.benchmark_group("log");
        group
            .sample_size(30)
            .measurement_time(Duration::from_secs(10));
        let mut next = log.size + 1;
        group.bench_function(BenchmarkId::new("append one entry", size), |b| {
            b.iter_custom(|iterations| {
                let started = Instant::now();
                for _ in 0..iterations {
                    append(&log, next, 1);
                    next += 1;
                }
                started.elapsed()
            })
        });
        group.bench_function(
            BenchmarkId::new("append 64 entries, per entry", size),
            |b| {
                b.iter_custom(|iterations| {
                    let started = Instant::now();
                    for _ in 0..iterations {
                        append(&log, next, 64);
                        next += 64;
                    }
                    started.elapsed() / 64
                })
            },
        );
        let mut rng = ChaCha8Rng::seed_from_u64(size);
        group.bench_function(BenchmarkId::new("inclusion proof", size), |b| {
            b.iter(|| {
                let leaf = rng.next_u64() % size;
                let game = GameId::parse(&game_of(leaf)).unwrap();
                let (proof, head) = log
                    .runtime
                    .block_on(log.games.inclusion(&log.db, &game, leaf % MOVES + 1, None))
                    .unwrap();
                black_box((proof, head))
            })
        });
        let (proof, head) = log
            .runtime
            .block_on(log.games.inclusion(
                &log.db,
                &GameId::parse(&game_of(size / 3)).unwrap(),
                size / 3 % MOVES + 1,
                None,
            ))
            .unwrap();
        proof
            .check(&head.head)
            .expect("a proof from the store verifies");
        group.bench_function(BenchmarkId::new("check an inclusion proof", size), |b| {
            b.iter(|| proof.check(black_box(&head.head)).unwrap())
        });
        let newest = head.head.size;
        group.bench_function(BenchmarkId::new("consistency proof", size), |b| {
            b.iter(|| {
                let first = 1 + rng.next_u64() % (newest - 1);
                black_box(
                    log.runtime
                        .block_on(log.games.consistency(&log.db, first, newest))
                        .unwrap(),
                )
            })
        });
        group.finish();
    }
}

criterion_group!(benches, transparency);
criterion_main!(benches);
