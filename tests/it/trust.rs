//! What the service promises about whole games and strangers: every operation on a game leaves
//! it readable by a process that never saw it (its log replays, its record verifies), a
//! replaced seat included; and an anonymous client cannot make the service mail anyone but
//! the address it typed for itself.

use crate::support;

use corriere::domain::GameId;
use corriere::engine::Seat;
use corriere::store;
use std::sync::Arc;
use support::{email_of, play_first_legal, Backend, SeatLink, Smtp, TestApp};

on_each_backend!(
    every_operation_on_a_game_leaves_it_readable_by_a_cold_process,
    an_anonymous_client_reaches_no_address_but_its_own,
    a_finished_game_refuses_a_replacement_with_a_reason,
    every_seat_answering_a_simultaneous_decision_at_once_is_applied_or_told_why,
);

fn conn(app: &TestApp) -> store::DbConn {
    app.running.db.get().expect("a connection")
}

/// Seat 3 resigns and the creator (seat 1) gives the seat to Dora.
async fn resign_and_replace(app: &TestApp, links: &[SeatLink]) {
    let resigned = app
        .post_form(&format!("{}/resign", links[2].url), &[("confirm", "yes")])
        .await;
    assert_eq!(resigned.status, 303, "{}", resigned.body);
    let replaced = app
        .post_form(
            &format!("{}/replace", links[0].url),
            &[("seat", "3"), ("name", "Dora"), ("email", email_of(4))],
        )
        .await;
    assert_eq!(replaced.status, 303, "{}", replaced.body);
    // A replacement is an invitation: Dora takes the seat from her mail.
    app.deliver_mail().await;
    let invitation = app
        .smtp
        .latest_to(email_of(4), |m| {
            m.subject.contains("invites you to take over a seat") && m.text.contains(&links[0].game)
        })
        .expect("Dora is invited to take the seat");
    let take = invitation.url_containing("/take/");
    let taken = app.post_form(&take.replace(&app.base, ""), &[]).await;
    assert_eq!(taken.status, 303, "{}", taken.body);
}

/// A day `days` from the service's clock, as the absence form writes it.
fn day(app: &TestApp, days: i64) -> String {
    let now = chrono::DateTime::from_timestamp_millis(app.running.state.games.now().0).unwrap();
    (now + chrono::Duration::days(days))
        .format("%Y-%m-%d")
        .to_string()
}

async fn every_operation_on_a_game_leaves_it_readable_by_a_cold_process(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    // Every game made, and whether it started (a game that never started has no record).
    let mut games: Vec<(String, bool)> = Vec::new();

    // A game that goes through everything a running game can: moves, talk, an absence, mail
    // settings, a resignation, a replacement under a new name, a relink, more moves.
    let creator = app.create_game(3, &[]).await;
    let links = app.accept_all(&creator.game, 3).await;
    play_first_legal(&app, &creator.game, 8).await;
    let said = app
        .post_form(
            &format!("{}/messages", links[0].url),
            &[("text", "Good luck, all")],
        )
        .await;
    assert_eq!(said.status, 303, "{}", said.body);
    let away = app
        .post_form(
            &format!("{}/away", links[1].url),
            &[("from", &day(&app, 2)), ("to", &day(&app, 4))],
        )
        .await;
    assert_eq!(away.status, 303, "{}", away.body);
    resign_and_replace(&app, &links).await;
    let id = GameId::parse(&creator.game).unwrap();
    app.running
        .state
        .games
        .relink(&mut conn(&app), &id, Seat(1))
        .expect("a relink");
    play_first_legal(&app, &creator.game, 6).await;
    games.push((creator.game.clone(), true));

    // A game played to its end, and its rematch.
    let duel = app.create_game(2, &[]).await;
    let duel_links = app.accept_all(&duel.game, 2).await;
    assert!(
        play_first_legal(&app, &duel.game, 5000).await,
        "the game ends"
    );
    let rematch = app
        .post_form(
            &format!("{}/rematch", duel_links[0].url),
            &[("order", "same")],
        )
        .await;
    assert_eq!(rematch.status, 303, "{}", rematch.body);
    let rematch = SeatLink::parse(&app.url(&rematch.location.unwrap())).unwrap();
    games.push((duel.game.clone(), true));
    games.push((rematch.game.clone(), false));

    // A game its creator cancels, and one an invitee declines.
    let cancelled = app.create_game(2, &[]).await;
    let cancelled_links = app.accept_all(&cancelled.game, 2).await;
    let answer = app
        .post_form(
            &format!("{}/cancel", cancelled_links[0].url),
            &[("confirm", "yes")],
        )
        .await;
    assert_eq!(answer.status, 303, "{}", answer.body);
    games.push((cancelled.game.clone(), true));
    let declined = app.create_game(2, &[]).await;
    app.deliver_mail().await;
    let invitee = app.link_from_latest(email_of(2), |m| {
        m.is_invitation() && m.text.contains(&declined.game)
    });
    let answer = app.decline(&invitee).await;
    assert!(answer.status < 400, "{}", answer.body);
    games.push((declined.game.clone(), false));
    // Mail settings of a player of all these games.
    let session = app.sign_in(email_of(2)).await;
    let settings = app
        .post_signed_in(
            "/me/settings",
            &session,
            &[
                ("mail_mode", "digest"),
                ("digest_hour", "7"),
                ("time_zone", "America/Sao_Paulo"),
                ("language", "en"),
            ],
        )
        .await;
    assert_eq!(settings.status, 303, "{}", settings.body);
    app.deliver_mail().await;

    // A game whose open seat a stranger claimed from the lobby: the claim names the seat.
    let open = app
        .create_form(&[
            ("name1", "Alice"),
            ("email1", email_of(1)),
            ("open2", "on"),
            ("listed", "on"),
            ("creator", "1"),
        ])
        .await;
    assert_eq!(open.status, 303, "{}", open.body);
    let open = SeatLink::parse(&app.url(&open.location.unwrap())).unwrap();
    app.confirm(&open.game).await;
    assert_eq!(app.accept(&open, "", "").await.status, 303);
    let asked = app
        .post_form(
            &format!("/lobby/{}", open.game),
            &[("seat", "2"), ("name", "Gil"), ("email", "gil@example.org")],
        )
        .await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    app.deliver_mail().await;
    let claim = app
        .smtp
        .latest_to("gil@example.org", |m| m.text.contains(&open.game))
        .expect("the claim's mail")
        .url_containing("/claim/2/");
    assert_eq!(app.post_form(&claim, &[]).await.status, 303);
    games.push((open.game.clone(), true));

    // A process that never saw these games: its caches are empty, it reads the log.
    let db = app.db.clone();
    app.stop().await;
    let cold = TestApp::start(Arc::clone(&db), Smtp::start()).await;
    for (game, started) in &games {
        let page = cold.public_page(game).await;
        assert_eq!(page.status, 200, "{game} on a cold process: {}", page.body);
        if !started {
            continue;
        }
        let record = cold.get(&format!("/games/{game}/record.json")).await;
        assert_eq!(record.status, 200, "{game}'s record: {}", record.body);
        // A running game's record is sound without its secret: what a reader can check.
        let verified = corriere::audit::verify_json(&record.body);
        assert!(
            verified
                .as_ref()
                .map_or_else(|d| d.is_unfinished(), |_| true),
            "{game}'s record verifies: {verified:?}\n{}",
            record.body
        );
    }
    let public = cold.public_page(&open.game).await;
    assert!(public.text().contains("Gil"), "{}", public.text());
    // The replaced seat plays on under its new name, and the page says who plays it now.
    let public = cold.public_page(&creator.game).await;
    assert!(public.text().contains("Dora"), "{}", public.text());
    let id = GameId::parse(&creator.game).unwrap();
    let loaded = cold
        .running
        .state
        .games
        .load(&mut conn(&cold), &id)
        .expect("the game with a replaced seat replays");
    assert!(loaded.seq() > 8);
    cold.stop().await;
}

async fn a_finished_game_refuses_a_replacement_with_a_reason(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let creator = app.create_game(2, &[]).await;
    let links = app.accept_all(&creator.game, 2).await;
    assert!(
        play_first_legal(&app, &creator.game, 5000).await,
        "the game ends"
    );
    let answer = app
        .post_form(
            &format!("{}/replace", links[0].url),
            &[("seat", "2"), ("name", "Dora"), ("email", email_of(4))],
        )
        .await;
    assert_eq!(answer.status, 409, "{}", answer.body);
    assert!(
        answer.text().contains("no longer being played"),
        "{}",
        answer.text()
    );
    app.stop().await;
}

/// An anonymous client, with nothing but its own address and a few strangers' addresses,
/// tries every way it has to make the service mail the strangers: games it never confirms,
/// with invitees and with bots, talk at their tables, their acceptance from its own seat,
/// sign-ins for the strangers, replacements. Only its own address ever gets mail.
async fn an_anonymous_client_reaches_no_address_but_its_own(backend: Backend) {
    let limits = corriere::service::Limits::default();
    let app = TestApp::spawn_limited(&backend, limits).await;
    let own = "attacker@example.org";
    let strangers: Vec<String> = (0..6).map(|n| format!("stranger{n}@example.org")).collect();
    // Games the attacker creates with strangers in them, and never confirms.
    let mut bearers = Vec::new();
    for pair in strangers.chunks(2) {
        let created = app
            .api_create(&serde_json::json!({
                "seats": [
                    {"name": "Me", "email": own},
                    {"name": "You", "email": pair[0]},
                    {"name": "Them", "email": pair[1]}
                ]
            }))
            .await;
        if created.status == 201 {
            bearers.push(created.json());
        }
    }
    assert!(!bearers.is_empty(), "the attacker made games");
    // Talk at those tables, with the creator's bearer, on the API and on the seat page.
    for created in &bearers {
        let game = created["id"].as_str().unwrap();
        let bearer = created["creator_bearer"].as_str().unwrap();
        let _ = app
            .client
            .post(app.url(&format!("/api/v1/games/{game}/messages")))
            .bearer_auth(bearer)
            .json(&serde_json::json!({"text": "Click here, friend"}))
            .send()
            .await
            .unwrap();
        if let Some(url) = created["creator_seat_url"].as_str() {
            let _ = app
                .post_form(&format!("{url}/messages"), &[("text", "Hello stranger")])
                .await;
        }
    }
    // A game of its own with bots, accepted by itself but never confirmed: it must not start
    // and mail every turn.
    let with_bots = app
        .create_form(&[
            ("name1", "Me"),
            ("email1", own),
            ("name2", ""),
            ("email2", ""),
            ("bot2", "on"),
            ("name3", ""),
            ("email3", ""),
            ("bot3", "on"),
            ("creator", "1"),
            ("first_holder", "creator"),
        ])
        .await;
    assert_eq!(with_bots.status, 303, "{}", with_bots.text());
    let mine = SeatLink::parse(&app.url(&with_bots.location.unwrap())).unwrap();
    let accepted = app.accept(&mine, "", "").await;
    assert!(accepted.status < 500, "{}", accepted.body);
    let id = GameId::parse(&mine.game).unwrap();
    let loaded = app.running.state.games.load(&mut conn(&app), &id).unwrap();
    assert_eq!(
        loaded.game.status,
        corriere::domain::GameStatus::Inviting,
        "a game whose creator never confirmed does not start"
    );
    // Sign-ins for every stranger, and for itself, many times.
    for _ in 0..5 {
        for address in strangers.iter().map(String::as_str).chain([own]) {
            let _ = app.post_form("/me", &[("address", address)]).await;
        }
    }
    app.deliver_mail().await;
    let reached: Vec<String> = app
        .smtp
        .mails()
        .into_iter()
        .map(|m| m.to.to_lowercase())
        .filter(|to| to != own)
        .collect();
    assert!(
        reached.is_empty(),
        "the service mailed addresses that never asked: {reached:?}"
    );
    // Its own address got only what it asked for: the confirmations of its games.
    let own_mails = app.smtp.mails_to(own);
    assert!(
        own_mails.iter().all(|m| m.is_confirmation()),
        "{own_mails:?}"
    );
    // Once it confirms the bot game, that game starts, as it should.
    app.confirm(&mine.game).await;
    let loaded = app.running.state.games.load(&mut conn(&app), &id).unwrap();
    assert_eq!(loaded.game.status, corriere::domain::GameStatus::Playing);
    app.stop().await;
}

/// Signing in with many clients' worth of requests from one client is limited per client, not
/// only per address.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_in_mails_are_limited_per_client_as_well_as_per_address() {
    let limits = corriere::service::Limits {
        sign_ins_per_client_hour: 2,
        ..corriere::service::Limits::unlimited()
    };
    let app = TestApp::spawn_limited(&Backend::Sqlite, limits).await;
    // Three players of a confirmed game.
    let creator = app.create_game(3, &[]).await;
    app.accept_all(&creator.game, 3).await;
    let mut statuses = Vec::new();
    for seat in 1..=3 {
        statuses.push(
            app.post_form("/me", &[("address", email_of(seat))])
                .await
                .status,
        );
    }
    assert_eq!(statuses, vec![303, 303, 429], "{statuses:?}");
    app.stop().await;
}

/// Six seats answer one simultaneous decision (Condottiere's draws after a battle) at the same
/// moment, three posts each: every post is applied or refused with a reason (the seat already
/// answered: the game moved on), never a server error, and every seat's answer is in.
async fn every_seat_answering_a_simultaneous_decision_at_once_is_applied_or_told_why(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let creator = app.create_game(6, &["draw_after_battle"]).await;
    let links = app.accept_all(&creator.game, 6).await;
    let id = GameId::parse(&creator.game).unwrap();
    let games = app.running.state.games.clone();
    // Play on until at least four seats must answer at once.
    let mut reached = None;
    for _ in 0..3000 {
        let loaded = games.load(&mut conn(&app), &id).unwrap();
        let state = loaded.state().expect("started");
        assert!(
            !state.is_over(),
            "no simultaneous decision of four seats came"
        );
        if state.pending().len() >= 4 {
            reached = Some(loaded);
            break;
        }
        play_first_legal(&app, &creator.game, 1).await;
    }
    let loaded = reached.expect("a simultaneous decision of four seats or more");
    let state = loaded.state().unwrap();
    let seq = loaded.seq().to_string();
    let waiting: Vec<Seat> = state.pending().iter().map(|p| p.seat).collect();
    let mut posts = Vec::new();
    for &seat in &waiting {
        let choices = state.legal_actions(seat);
        for k in 0..3 {
            let action = choices[k % choices.len()].json().get().to_owned();
            let url = format!("{}/move", links[seat.index()].url);
            let (client, seq) = (app.client.clone(), seq.clone());
            posts.push(tokio::spawn(async move {
                let answer = client
                    .post(url)
                    .form(&[("seq", seq.as_str()), ("action", action.as_str())])
                    .send()
                    .await
                    .expect("an answer");
                let status = answer.status().as_u16();
                (seat, status, answer.text().await.unwrap_or_default())
            }));
        }
    }
    let mut applied = std::collections::BTreeSet::new();
    for post in posts {
        let (seat, status, body) = post.await.unwrap();
        assert!(
            status == 303 || status == 409,
            "seat {}: {status} {body}",
            seat.number()
        );
        if status == 303 {
            applied.insert(seat);
        }
    }
    let expected: std::collections::BTreeSet<Seat> = waiting.iter().copied().collect();
    assert_eq!(applied, expected, "every seat's answer is in");
    app.stop().await;
}

/// A game stored before setup names were kept apart: its replacement had rewritten the one
/// name the log's genesis covers, so no new process could read it. The operator gives the
/// seat back its name at creation (`corriere game restore-name`); a wrong name is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_broken_by_an_old_replacement_is_mended_by_its_original_name() {
    use corriere::service::admin::RestoreError;
    let app = TestApp::spawn(&Backend::Sqlite).await;
    let creator = app.create_game(3, &[]).await;
    let links = app.accept_all(&creator.game, 3).await;
    play_first_legal(&app, &creator.game, 5).await;
    resign_and_replace(&app, &links).await;
    // What the old version stored: the replacement's name where the creation's was.
    let db = app.db.clone();
    app.stop().await;
    {
        let mut conn = db.open().get().unwrap();
        assert_eq!(conn.backend(), store::Backend::Sqlite, "a SQLite test");
        store::execute_sql(&mut conn, "UPDATE seats SET setup_name = name").unwrap();
    }
    let cold = TestApp::start(Arc::clone(&db), Smtp::start()).await;
    assert_eq!(cold.public_page(&creator.game).await.status, 500);
    let id = GameId::parse(&creator.game).unwrap();
    let games = cold.running.state.games.clone();
    let wrong = games.restore_setup_name(&mut conn(&cold), &id, Seat(2), "Dorothea");
    assert!(
        matches!(wrong, Err(RestoreError::DoesNotReplay)),
        "{wrong:?}"
    );
    games
        .restore_setup_name(&mut conn(&cold), &id, Seat(2), "Carla")
        .expect("the name at creation mends the game");
    cold.stop().await;
    let again = TestApp::start(Arc::clone(&db), Smtp::start()).await;
    let page = again.public_page(&creator.game).await;
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(page.text().contains("Dora"), "the page names who plays now");
    let record = again
        .get(&format!("/games/{}/record.json", creator.game))
        .await;
    let verified = corriere::audit::verify_json(&record.body);
    assert!(verified.is_err_and(|d| d.is_unfinished()));
    let mended = games.restore_setup_name(&mut conn(&again), &id, Seat(2), "Carla");
    assert!(
        matches!(mended, Err(RestoreError::AlreadySound)),
        "{mended:?}"
    );
    again.stop().await;
}
