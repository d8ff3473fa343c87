//! Seat page benchmarks on SQLite: the game service's `seat_page` (authorized load with a warm
//! replay cache, view, legal actions, history) and the HTML rendering of its result (as the
//! handlers render a page, `present::render_in`), for a Condottiere game in its middle (move
//! 40), a long Play for Points series (move 500) and a War game at move 800; and the same page
//! cold, from a service that keeps nothing (as after a restart).
//! Each benchmark checks what it produced. Both games are dealt from a fixed secret, so every
//! run and every build measures the same two games.

use corriere::domain::{Contribution, EmailAddress, GameId, PlayerName};
use corriere::engine::condottiere::Options;
use corriere::engine::Seat;
use corriere::engine::Viewer;
use corriere::kinds::Registry;
use corriere::present::{render_in, Ctx, PAGE_ROOM};
use corriere::service::{
    ActionInput, BaseUrl, Games, GamesConfig, Mover, NewGame, SeatAuth, Secret,
};
use corriere::store::{Db, DbUrl};
use corriere::web::html::SeatPageHtml;
use corriere::web::present;
use criterion::{criterion_group, criterion_main, Criterion};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;
use std::hint::black_box;

struct Fixture {
    _dir: tempfile::TempDir,
    db: Db,
    games: Games,
}

fn fixture() -> Fixture {
    let dir = tempfile::tempdir().expect("a temp dir");
    let url = format!("sqlite://{}", dir.path().join("corriere.db").display());
    let db = Db::open(&DbUrl::parse(&url).unwrap()).expect("SQLite opens");
    let games = Games::new(GamesConfig::new(
        BaseUrl::parse("http://127.0.0.1:8080").unwrap(),
        Secret::generate(),
        Registry::standard(),
    ));
    Fixture {
        _dir: dir,
        db,
        games,
    }
}

/// A started 4-player game played with seeded random legal moves to `moves` actions (or its
/// end, if sooner); returns the game and a seat that owes a decision (or seat 1).
fn game_at(
    f: &Fixture,
    kind: &str,
    options: serde_json::Value,
    moves: i64,
    seed: u64,
) -> (GameId, Seat, i64) {
    let mut conn = f.db.get().unwrap();
    let seats = (1..=4)
        .map(|n| {
            (
                PlayerName::parse(&format!("Player {n}")).unwrap(),
                EmailAddress::parse(&format!("p{n}@bench.test")).unwrap(),
            )
        })
        .collect();
    let created = f
        .games
        .create_game(&mut conn, NewGame::confirmed(kind, options, seats, Seat(0)))
        .expect("created");
    let id = created.game_id;
    // The deal comes from the game's secret and the contributions: a secret fixed by `seed`
    // makes every run, and every build, measure the same game.
    corriere::store::execute_batch(
        &mut conn,
        &format!("UPDATE games SET secret = '{seed:064x}' WHERE id = '{id}'"),
    )
    .expect("the secret is set");
    for seat in 0..4 {
        let auth = SeatAuth::for_server(id.clone(), Seat(seat));
        f.games
            .accept(
                &mut conn,
                &auth,
                Some(Contribution::parse("bench").unwrap()),
            )
            .expect("accepted");
    }
    drop(conn);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    loop {
        let mut conn = f.db.get().unwrap();
        let loaded = f.games.load(&mut conn, &id).expect("loaded");
        let game = loaded.state().expect("started");
        let waiting = game.waiting_on();
        if loaded.seq() >= moves || game.is_over() {
            let seat = waiting.first().copied().unwrap_or(Seat(0));
            return (id, seat, loaded.seq());
        }
        let seat = waiting[0];
        let legal = game.legal_actions(seat);
        let action = legal[(rng.next_u64() % legal.len() as u64) as usize].clone();
        let auth = SeatAuth::for_server(id.clone(), seat);
        drop(conn);
        runtime
            .block_on(f.games.make_move(
                &f.db,
                Mover::Server(auth),
                loaded.seq(),
                vec![ActionInput::Action(action)],
                "en",
            ))
            .expect("a legal move");
    }
}

fn seat_page(c: &mut Criterion) {
    let f = fixture();
    let long = Options {
        // The largest target the options allow (1 to 200): a series far longer than 500 moves.
        play_for_points: Some(200),
        draw_after_battle: true,
        ..Options::default()
    };
    let long = serde_json::to_value(&long).unwrap();
    let cases = [
        ("mid-game", game_at(&f, "condottiere", json!({}), 40, 1)),
        ("long series", game_at(&f, "condottiere", long, 500, 2)),
        ("War", game_at(&f, "war", json!({}), 800, 3)),
    ];
    // The same database read by a service that keeps nothing: every page is cold (the log
    // replayed from the setup, the history worded again), as after a restart.
    let cold = Games::new(GamesConfig {
        cache_bytes: 0,
        ..GamesConfig::new(
            BaseUrl::parse("http://127.0.0.1:8080").unwrap(),
            Secret::generate(),
            Registry::standard(),
        )
    });
    let mut group = c.benchmark_group("seat page");
    for (label, (id, seat, seq)) in cases {
        let auth = SeatAuth::for_server(id.clone(), seat);
        let base = format!("/games/{id}/seat/{}/TOKEN", seat.number());
        let mut conn = f.db.get().unwrap();
        group.bench_function(
            format!("{label} (move {seq}): seat_page service call"),
            |b| {
                b.iter(|| {
                    let page = f.games.seat_page(&mut conn, &auth, "en").expect("a page");
                    assert_eq!(page.seq, seq);
                    black_box(page)
                })
            },
        );
        let page = f.games.seat_page(&mut conn, &auth, "en").expect("a page");
        let view = page.view.as_ref().expect("started");
        let kind = f.games.kind(&page.game.kind).unwrap();
        let names = present::names_of(&page.seats);
        let words = f.games.registry().catalogs().default_words();
        let cx = Ctx::new(words, &names, Viewer::Seat(seat));
        group.bench_function(format!("{label} (move {seq}): HTML build + render"), |b| {
            b.iter(|| {
                let game = present::game_shown(kind, &page.game, page.seq, Some(view), &cx);
                let page_html =
                    SeatPageHtml::build(kind, &page, view, game, &base, Vec::new(), &cx);
                let html = render_in(&page_html, PAGE_ROOM).expect("renders");
                assert!(html.contains("</html>"));
                black_box(html)
            })
        });
        // The page as the handler draws it.
        let draw = |page: &corriere::service::SeatPage| {
            let view = page.view.as_ref().expect("started");
            let names = present::names_of(&page.seats);
            let cx = Ctx::new(words, &names, Viewer::Seat(seat));
            let game = present::game_shown(kind, &page.game, page.seq, Some(view), &cx);
            let page_html = SeatPageHtml::build(kind, page, view, game, &base, Vec::new(), &cx);
            render_in(&page_html, PAGE_ROOM).expect("renders")
        };
        group.bench_function(
            format!("{label} (move {seq}): service call + render"),
            |b| {
                b.iter(|| {
                    let page = f.games.seat_page(&mut conn, &auth, "en").expect("a page");
                    black_box(draw(&page))
                })
            },
        );
        group.bench_function(
            format!("{label} (move {seq}): cold service call + render"),
            |b| {
                b.iter(|| {
                    let page = cold.seat_page(&mut conn, &auth, "en").expect("a page");
                    assert!(!cold.replay_cached(&id));
                    black_box(draw(&page))
                })
            },
        );
    }
    group.finish();
}

/// The replay viewer's state at a step (`Games::state_at`): early, halfway and at the end of
/// the long series, each from the game's nearest checkpoint (kept by the service after the
/// first request), and the milestones a finished game's public page lists.
fn replay_viewer(c: &mut Criterion) {
    let f = fixture();
    let long = Options {
        play_for_points: Some(200),
        draw_after_battle: true,
        ..Options::default()
    };
    let (id, _, last) = game_at(
        &f,
        "condottiere",
        serde_json::to_value(&long).unwrap(),
        500,
        2,
    );
    let mut group = c.benchmark_group("replay viewer");
    let mut conn = f.db.get().unwrap();
    for seq in [10, last / 2, last] {
        group.bench_function(format!("state at move {seq} of {last}"), |b| {
            b.iter(|| {
                let at = f.games.state_at(&mut conn, &id, seq).expect("a state");
                assert_eq!(at.as_ref().map(|a| a.seq), Some(seq));
                black_box(at)
            })
        });
    }
    group.bench_function(format!("milestones of {last} moves"), |b| {
        b.iter(|| {
            black_box(
                f.games
                    .milestones(&mut conn, &id, "en")
                    .expect("milestones"),
            )
        })
    });
    group.finish();
}

criterion_group!(benches, seat_page, replay_viewer);
criterion_main!(benches);
