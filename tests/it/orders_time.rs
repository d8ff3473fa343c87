//! A phase of written orders has one deadline for every seat, and revising orders never
//! restarts it, nor does saying READY and taking it back (issue 27, item 6).

use crate::orders::game::{Area, Order};
use crate::orders::{order, post, ready, registry, started};
use crate::support::{Backend, TestApp};

/// Every seat's deadline as the API says it: (seat, since, due).
async fn deadlines(app: &TestApp, game: &str) -> Vec<(u64, String, String)> {
    let api = app.api_game(game).await.json();
    api["deadlines"]
        .as_array()
        .expect("deadlines")
        .iter()
        .map(|d| {
            (
                d["seat"].as_u64().unwrap(),
                d["since"].as_str().unwrap().to_owned(),
                d["due"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

on_each_backend!(a_deadline_stays_put_while_a_seat_revises_its_orders);

async fn a_deadline_stays_put_while_a_seat_revises_its_orders(backend: Backend) {
    let app = TestApp::spawn_with(&backend, registry()).await;
    let links = started(&app, "12").await;
    let game = links[0].game.clone();
    let first = deadlines(&app, &game).await;
    assert_eq!(first.len(), 2, "{first:?}");
    assert_eq!(
        first[0].2, first[1].2,
        "one deadline for every seat: {first:?}"
    );
    // Hours later Ada writes, revises and revises again: her deadline does not move.
    app.clock.advance(chrono::Duration::hours(5));
    post(&app, &links[0], &order(Area::Borgo, Order::Hold)).await;
    app.clock.advance(chrono::Duration::hours(1));
    post(
        &app,
        &links[0],
        &order(Area::Borgo, Order::Move { to: Area::Colle }),
    )
    .await;
    post(&app, &links[0], &order(Area::Alba, Order::Hold)).await;
    assert_eq!(deadlines(&app, &game).await, first);
    // READY: she owes nothing now, but the phase's deadline still stands for her (she may
    // revise until the phase resolves), and Boris keeps the same one.
    post(&app, &links[0], &ready()).await;
    assert_eq!(deadlines(&app, &game).await, first);
    // A new order takes READY back: she owes the phase again, by the phase's deadline.
    post(
        &app,
        &links[0],
        &order(Area::Alba, Order::Move { to: Area::Fonte }),
    )
    .await;
    assert_eq!(deadlines(&app, &game).await, first);
    app.stop().await;
}
