//! The mail worker as an SMTP outage, a killed process and a mailbox that does not exist meet
//! it: each mail settled as soon as it is sent, permanent failures kept and told to the game's
//! creator, temporary ones retried a limited number of times.

use crate::support;

use corriere::domain::Millis;
use corriere::mail::MAX_ATTEMPTS;
use corriere::store::{self};
use std::time::Duration;
use support::{Backend, TestApp, PLAYERS};

on_each_backend!(
    a_worker_killed_mid_batch_sends_again_at_most_the_mails_in_flight_and_resumes,
    a_mailbox_that_does_not_exist_is_not_retried_and_the_creator_is_told,
    a_mail_that_keeps_failing_is_given_up_after_the_attempt_limit,
    a_queue_whose_lease_cannot_be_written_sends_nothing_and_loses_nothing,
);

/// A two-player game made by a creator who proved their address: one invitation, to seat 2.
fn confirmed_game(app: &TestApp) {
    let seats = PLAYERS[..2]
        .iter()
        .map(|(name, email)| {
            (
                corriere::domain::PlayerName::parse(name).unwrap(),
                corriere::domain::EmailAddress::parse(email).unwrap(),
            )
        })
        .collect();
    let new = corriere::service::NewGame::confirmed(
        "condottiere",
        serde_json::json!({}),
        seats,
        corriere::engine::Seat(0),
    );
    let mut conn = app.running.db.get().unwrap();
    app.running.state.games.create_game(&mut conn, new).unwrap();
}

/// A game created through the API whose creator has not confirmed yet (no mail is delivered).
async fn game_of_unconfirmed(app: &TestApp) -> String {
    let seats: Vec<_> = PLAYERS[..2]
        .iter()
        .map(|(name, email)| serde_json::json!({"name": name, "email": email}))
        .collect();
    let created = app.api_create(&serde_json::json!({"seats": seats})).await;
    assert_eq!(created.status, 201, "{}", created.body);
    created.json()["id"].as_str().unwrap().to_owned()
}

fn queued(app: &TestApp) -> Vec<store::OutboxRow> {
    store::outbox_rows(&mut app.running.db.get().unwrap(), None).unwrap()
}

async fn a_worker_killed_mid_batch_sends_again_at_most_the_mails_in_flight_and_resumes(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    // Ten invitations to one recipient (each creator's confirmation went out already): they
    // go one after the other on one lane.
    for _ in 0..10 {
        confirmed_game(&app);
    }
    assert_eq!(queued(&app).len(), 10);
    let before = app.smtp.count();
    *app.smtp.behaviour.stall_at.lock().unwrap() = Some(before + 3);
    let worker = app.running.worker.clone();
    let pass = tokio::spawn(async move { worker.run_once().await });
    // Wait until three mails are through and the fourth hangs, and the three are settled
    // while it hangs (the server holds it for 5 s), then kill the pass.
    let stalled = app.smtp.behaviour.stalled.clone();
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while !stalled.load(std::sync::atomic::Ordering::SeqCst) {
        assert!(
            std::time::Instant::now() < deadline,
            "the fourth mail never reached the server"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let hanging = std::time::Instant::now() + Duration::from_secs(4);
    while queued(&app).len() > 7 && std::time::Instant::now() < hanging {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    pass.abort();
    let _ = pass.await;
    let sent = app.smtp.count() - before;
    let left = queued(&app);
    assert_eq!(
        sent, 3,
        "the pass was killed while the fourth mail was in flight"
    );
    // Every mail sent before the one in flight was settled at once: only the rest is left.
    assert_eq!(left.len(), 7, "sent {sent}, left {}", left.len());
    *app.smtp.behaviour.stall_at.lock().unwrap() = None;
    // A new worker takes the rest once the dead one's claim runs out: seconds, not minutes.
    let lease = app.running.worker.lease;
    assert!(lease <= Duration::from_secs(30), "{lease:?}");
    let resumed = app
        .running
        .worker
        .run_once_at(Millis::now().plus(lease).plus(Duration::from_secs(1)))
        .await
        .unwrap();
    assert_eq!(resumed.sent, left.len());
    assert!(queued(&app).is_empty());
    let ids: Vec<String> = app
        .smtp
        .mails()
        .iter()
        .map(|m| m.message_id.clone())
        .collect();
    let mut unique = ids.clone();
    unique.sort();
    unique.dedup();
    assert!(
        ids.len() - unique.len() <= 1,
        "at most the mail in flight was sent twice: {} of {}",
        ids.len() - unique.len(),
        ids.len()
    );
    app.stop().await;
}

async fn a_mailbox_that_does_not_exist_is_not_retried_and_the_creator_is_told(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.smtp
        .behaviour
        .refused
        .lock()
        .unwrap()
        .push(PLAYERS[1].1.to_string());
    let creator = app.create_game(2, &[]).await;
    // The creator's confirmation went out; the invitation it released is refused.
    let report = app.running.worker.run_once().await.unwrap();
    assert_eq!((report.sent, report.undeliverable), (0, 1), "{report:?}");
    // The row is kept, failed, with the server's reason; it is never claimed again.
    let failed: Vec<_> = queued(&app)
        .into_iter()
        .filter(|r| r.failed_at.is_some())
        .collect();
    assert_eq!(failed.len(), 1);
    assert_eq!(failed[0].to_addr, PLAYERS[1].1);
    assert!(
        failed[0].last_error.as_deref().unwrap().contains("550"),
        "{:?}",
        failed[0].last_error
    );
    let mut conn = app.running.db.get().unwrap();
    assert!(
        store::undeliverable(&mut conn, &PLAYERS[1].1.to_uppercase())
            .unwrap()
            .is_some()
    );
    drop(conn);
    // The creator is told by mail…
    let later = app
        .running
        .worker
        .run_once_at(Millis::now().plus(Duration::from_secs(7200)))
        .await
        .unwrap();
    assert_eq!(
        (later.sent, later.undeliverable),
        (1, 0),
        "only the notice goes: {later:?}"
    );
    let notice = app
        .smtp
        .latest_to(PLAYERS[0].1, |m| {
            m.subject.contains("could not be delivered")
        })
        .expect("the creator is told");
    assert!(notice.text.contains(PLAYERS[1].0), "{}", notice.text);
    assert!(notice.text.contains("550"), "{}", notice.text);
    // …and on the game's pages: the creator's seat page with the reason, the public page
    // with the name only (never the address).
    let page = app.seat_page(&creator).await;
    assert!(
        page.text().contains(&format!(
            "Mail to {} could not be delivered: ",
            PLAYERS[1].0
        )),
        "{}",
        page.text()
    );
    let public = app.public_page(&creator.game).await;
    assert!(public
        .text()
        .contains(&format!("Mail to {} could not be delivered.", PLAYERS[1].0)));
    assert!(
        !public.text().contains(PLAYERS[1].1),
        "the public page shows no address"
    );
    app.stop().await;
}

async fn a_mail_that_keeps_failing_is_given_up_after_the_attempt_limit(backend: Backend) {
    let db = std::sync::Arc::new(support::TestDb::fresh(&backend));
    // An SMTP server that is not there: every attempt fails, temporarily.
    let app = TestApp::start(db, support::Smtp::nowhere()).await;
    game_of_unconfirmed(&app).await;
    // The creator confirms (the mail is in the queue; its link works all the same).
    let confirm = queued(&app)
        .into_iter()
        .find(|r| r.kind == "confirm")
        .expect("a confirmation");
    let link = confirm
        .text_body
        .split_whitespace()
        .find(|w| w.contains("/confirm/"))
        .unwrap()
        .to_owned();
    assert_eq!(app.get(&link).await.status, 303);
    let mut now = Millis::now();
    for attempt in 1..=MAX_ATTEMPTS {
        let report = app.running.worker.run_once_at(now).await.unwrap();
        if attempt < MAX_ATTEMPTS {
            assert_eq!(
                (report.failed, report.undeliverable),
                (2, 0),
                "attempt {attempt}"
            );
        } else {
            assert_eq!(
                (report.failed, report.undeliverable),
                (0, 2),
                "attempt {attempt}"
            );
        }
        now = now.plus(Duration::from_secs(3601));
    }
    let rows: Vec<_> = queued(&app)
        .into_iter()
        .filter(|r| r.kind == "invitation" || r.kind == "confirm")
        .collect();
    assert_eq!(rows.len(), 2);
    assert!(
        rows.iter()
            .all(|r| r.failed_at.is_some() && r.attempts == MAX_ATTEMPTS),
        "{rows:?}"
    );
    // Only the notice to the creator (of the mail to the other seat) is still tried.
    let after = app.running.worker.run_once_at(now).await.unwrap();
    assert_eq!(after.claimed, 1, "a mail given up is not tried again");
    app.stop().await;
}

/// The outbox's lease is the one write a pass makes before sending (`store/queue.rs`). When it
/// cannot be written (as on a full disk), the pass fails before sending anything, every mail
/// stays queued as it was, and once writes work again the next pass sends each mail once.
async fn a_queue_whose_lease_cannot_be_written_sends_nothing_and_loses_nothing(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    for _ in 0..3 {
        confirmed_game(&app);
    }
    let before = queued(&app);
    assert_eq!(before.len(), 3);
    let sent_before = app.smtp.count();
    // A fresh database has no lease row yet: taking it is an INSERT.
    crate::http::break_writes(
        &mut app.running.db.get().unwrap(),
        &backend,
        "INSERT",
        "queue_leases",
    );
    let refused = app.running.worker.run_once().await;
    assert!(refused.is_err(), "{refused:?}");
    assert_eq!(app.smtp.count(), sent_before, "nothing was sent");
    assert_eq!(queued(&app), before, "every mail is queued as it was");
    crate::http::repair_writes(&mut app.running.db.get().unwrap(), &backend, "queue_leases");
    assert_eq!(app.deliver_mail().await, 3);
    assert!(queued(&app).is_empty());
    let ids: Vec<String> = app.smtp.mails()[sent_before..]
        .iter()
        .map(|m| m.message_id.clone())
        .collect();
    // The rows keep the header's angle brackets; the sink reads the id inside them.
    let wanted: Vec<&str> = before
        .iter()
        .map(|row| row.message_id.trim_matches(|c| c == '<' || c == '>'))
        .collect();
    assert_eq!(ids.len(), 3);
    assert!(
        wanted.iter().all(|id| ids.iter().any(|sent| sent == id)),
        "{ids:?} {wanted:?}"
    );
    app.stop().await;
}
