//! People known by their address, through HTTP with a real SMTP server: the creator's
//! confirmation, "my games" by a single-use sign-in link, mail preferences and the daily digest,
//! one-click unsubscribe, threading headers, rate limits, rematches.

use crate::support;

use corriere::service::{ActionInput, Mover, SeatAuth};

use corriere::domain::GameId;
use corriere::store;
use support::{email_of, session_of, Backend, Mail, SeatLink, TestApp, PLAYERS};

on_each_backend!(
    no_invitation_leaves_before_the_creator_confirms_and_the_creator_is_never_invited,
    my_games_answers_the_same_for_any_address_and_its_link_works_once_and_expires,
    my_games_lists_running_games_first_then_invitations_then_finished_ones,
    a_daily_digest_comes_at_the_chosen_hour_in_the_readers_zone_and_replaces_turn_mails,
    one_click_unsubscribe_works_without_cookies_and_no_mail_reaches_that_address_again,
    every_mail_of_a_game_threads_under_one_root_and_offers_one_click_unsubscribe,
    rate_limits_answer_429_with_retry_after_and_a_burst_sends_at_most_the_limit,
    a_rematch_is_proposed_accepted_from_the_mails_and_started,
    a_muted_game_sends_no_turn_mails_and_the_mail_settings_link_needs_no_sign_in,
);

fn conn(app: &TestApp) -> store::DbConn {
    app.running.db.get().expect("a connection")
}

fn outbox_kinds(app: &TestApp, game: &str) -> Vec<(String, String)> {
    let id = GameId::parse(game).unwrap();
    store::outbox_rows(&mut conn(app), Some(&id))
        .unwrap()
        .into_iter()
        .map(|r| (r.kind, r.to_addr))
        .collect()
}

/// Create a 3-player game by the form as seat 1, without confirming; the creator's link.
async fn created_unconfirmed(app: &TestApp, session: Option<&str>) -> SeatLink {
    let mut fields: Vec<(String, String)> = Vec::new();
    for (i, (name, email)) in PLAYERS[..3].iter().enumerate() {
        fields.push((format!("name{}", i + 1), name.to_string()));
        fields.push((format!("email{}", i + 1), email.to_string()));
    }
    fields.push(("creator".into(), "1".into()));
    let borrowed: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let page = match session {
        Some(session) => app.post_signed_in("/games", session, &borrowed).await,
        None => app.create_form(&borrowed).await,
    };
    assert_eq!(page.status, 303, "{}", page.body);
    SeatLink::parse(&app.url(&page.location.unwrap())).unwrap()
}

/// Play a started game to its end through the service (each seat's first legal action).
async fn play_to_the_end(app: &TestApp, game: &str) {
    assert!(
        support::play_first_legal(app, game, 5000).await,
        "the game ends"
    );
}

// ---------------------------------------------------------------- confirmation

async fn no_invitation_leaves_before_the_creator_confirms_and_the_creator_is_never_invited(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let creator = created_unconfirmed(&app, None).await;
    let page = app.get(&format!("{}?created=confirm", creator.url)).await;
    assert!(page.text().contains("Check your mail"), "{}", page.body);
    assert_eq!(
        outbox_kinds(&app, &creator.game),
        [("confirm".to_string(), email_of(1).to_string())],
        "only the creator's confirmation is queued"
    );
    app.deliver_mail().await;
    let confirmation = app
        .smtp
        .latest_to(email_of(1), |m| m.is_confirmation())
        .expect("a confirmation mail");
    assert_eq!(
        confirmation.seat_link(),
        creator,
        "it carries the creator's seat link"
    );
    let link = confirmation.url_containing("/confirm/");
    // A forged confirmation does nothing.
    let forged = app
        .get(&format!(
            "/games/{}/confirm/{}",
            creator.game,
            "0".repeat(64)
        ))
        .await;
    assert_eq!(forged.status, 403);
    assert!(app.deliver_mail().await == 0);
    // Followed (twice: a mail scanner, then the person): the invitations leave once.
    for _ in 0..2 {
        let followed = app.get(&link).await;
        assert_eq!(followed.status, 303, "{}", followed.body);
        assert!(followed.location.unwrap().ends_with("?confirmed=1"));
    }
    app.deliver_mail().await;
    for seat in [2, 3] {
        let invitations: Vec<Mail> = app
            .smtp
            .mails_to(email_of(seat))
            .into_iter()
            .filter(|m| m.is_invitation())
            .collect();
        assert_eq!(invitations.len(), 1, "seat {seat}");
        assert!(
            invitations[0].text.contains(&format!(
                "{} ({}) invites you",
                PLAYERS[0].0,
                email_of(1)
            )),
            "the inviter's name and address: {}",
            invitations[0].text
        );
    }
    assert!(
        !app.smtp
            .mails_to(email_of(1))
            .iter()
            .any(|m| m.is_invitation()),
        "no 'Alice invites you' to Alice"
    );
    // Signed in as the creator, the next game needs no confirmation.
    let session = app.sign_in(email_of(1)).await;
    let second = created_unconfirmed(&app, Some(&session)).await;
    let kinds = outbox_kinds(&app, &second.game);
    assert_eq!(kinds.len(), 2, "{kinds:?}");
    assert!(
        kinds.iter().all(|(kind, _)| kind == "invitation"),
        "{kinds:?}"
    );
    app.stop().await;
}

// ---------------------------------------------------------------- my games

async fn my_games_answers_the_same_for_any_address_and_its_link_works_once_and_expires(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let creator = app.create_game(2, &[]).await;
    app.deliver_mail().await;
    let before = app.smtp.count();
    let known = app.post_form("/me", &[("address", email_of(2))]).await;
    let unknown = app
        .post_form("/me", &[("address", "nobody@example.org")])
        .await;
    assert_eq!(
        (known.status, known.location.clone()),
        (303, Some("/me?sent=1".into()))
    );
    assert_eq!(
        (unknown.status, unknown.location.clone()),
        (303, known.location.clone())
    );
    assert_eq!(known.body, unknown.body);
    let said = app.get("/me?sent=1").await;
    assert!(said
        .text()
        .contains("If that address has games here, a link is on its way"));
    app.deliver_mail().await;
    assert_eq!(
        app.smtp.count(),
        before + 1,
        "one sign-in mail: to the known address"
    );
    assert!(app.smtp.mails_to("nobody@example.org").is_empty());
    let mail = app
        .smtp
        .latest_to(email_of(2), |m| m.subject == "Your games on corriere")
        .unwrap();
    let link = mail.url_containing("/me/sign-in/");
    let first = app.get(&link).await;
    assert_eq!(first.status, 303);
    let session = session_of(&first).expect("a session");
    let cookie = first
        .headers
        .get(reqwest::header::SET_COOKIE)
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
        "{cookie}"
    );
    let mine = app.get_signed_in("/me", &session).await;
    assert!(mine.text().contains("Games in play") || mine.text().contains("Invitations"));
    assert!(mine.body.contains(&creator.game), "{}", mine.body);
    // Once only.
    let again = app.get(&link).await;
    assert_eq!(again.status, 403);
    assert!(
        again.text().contains("used already or has expired"),
        "{}",
        again.body
    );
    // A new link, followed after it expired (the service's clock moves, nobody sleeps).
    app.post_form("/me", &[("address", email_of(2))]).await;
    app.deliver_mail().await;
    let late = app
        .smtp
        .latest_to(email_of(2), |m| m.subject == "Your games on corriere")
        .unwrap()
        .url_containing("/me/sign-in/");
    assert_ne!(late, link);
    app.clock.advance(chrono::Duration::minutes(31));
    assert_eq!(app.get(&late).await.status, 403);
    // Signed out, the cookie opens nothing.
    let out = app.post_signed_in("/me/sign-out", &session, &[]).await;
    assert_eq!(out.status, 303);
    let after = app.get_signed_in("/me", &session).await;
    assert!(!after.body.contains(&creator.game));
    assert!(after.forms().iter().any(|f| f.action == "/me"));
    app.stop().await;
}

async fn my_games_lists_running_games_first_then_invitations_then_finished_ones(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let finished = app.create_game(2, &[]).await;
    app.accept_all(&finished.game, 2).await;
    play_to_the_end(&app, &finished.game).await;
    let running = app.create_game(2, &[]).await;
    app.accept_all(&running.game, 2).await;
    let inviting = app.create_game(2, &[]).await;
    let session = app.sign_in(email_of(2)).await;
    let page = app.get_signed_in("/me", &session).await;
    assert_eq!(page.status, 200);
    let body = &page.body;
    let at = |id: &str| {
        body.find(id)
            .unwrap_or_else(|| panic!("{id} listed: {body}"))
    };
    assert!(at(&running.game) < at(&inviting.game));
    assert!(at(&inviting.game) < at(&finished.game));
    let text = page.text();
    assert!(text.contains("waiting on"), "whose decision: {text}");
    assert!(text.contains("accept or decline"), "{text}");
    assert!(body.contains(&format!("/games/{}/record.json", finished.game)));
    assert!(body.contains(&format!("/games/{}/replay/0", finished.game)));
    // Seat links are the reader's own: seat 2's, never seat 1's.
    assert!(!body.contains(&running.url), "another seat's link");
    // No address of another player on the page.
    assert!(!body.contains(email_of(1)), "{body}");
    app.stop().await;
}

// ---------------------------------------------------------------- digests

async fn a_daily_digest_comes_at_the_chosen_hour_in_the_readers_zone_and_replaces_turn_mails(
    backend: Backend,
) {
    use chrono::TimeZone;
    let app = TestApp::spawn(&backend).await;
    // 2026-11-24 10:00 UTC = 07:00 in São Paulo (UTC-3, no summer time).
    app.clock.set(
        chrono::Utc
            .with_ymd_and_hms(2026, 11, 24, 10, 0, 0)
            .unwrap(),
    );
    let creator = app.create_game(3, &[]).await;
    let links = app.accept_all(&creator.game, 3).await;
    app.deliver_mail().await;
    // Every seat asks for a digest at 09:00 São Paulo time.
    for seat in 1..=3u8 {
        let session = app.sign_in(email_of(seat)).await;
        let saved = app
            .post_signed_in(
                "/me/settings",
                &session,
                &[
                    ("mail_mode", "digest"),
                    ("digest_hour", "9"),
                    ("time_zone", "America/Sao_Paulo"),
                    ("language", ""),
                ],
            )
            .await;
        assert_eq!(saved.status, 303, "{}", saved.body);
    }
    app.deliver_mail().await;
    let before = app.smtp.count();
    // Moves until the game waits on someone else than who moved first: no turn mail now.
    let id = GameId::parse(&creator.game).unwrap();
    let mut first_mover = None;
    loop {
        let loaded = app.running.state.games.load(&mut conn(&app), &id).unwrap();
        let seat = loaded.state().unwrap().pending()[0].seat;
        if first_mover.is_some_and(|first| first != seat) {
            break;
        }
        first_mover = Some(seat);
        let action = loaded.state().unwrap().legal_actions(seat)[0].clone();
        app.running
            .state
            .games
            .make_move(
                &app.running.db,
                Mover::Server(SeatAuth::for_server(id.clone(), seat)),
                loaded.seq(),
                vec![ActionInput::Action(action)],
                "en",
            )
            .await
            .unwrap();
    }
    let _ = &links;
    app.deliver_mail().await;
    assert_eq!(app.smtp.count(), before, "digest readers get no turn mail");
    // 11:59 UTC is 08:59 there: nothing yet.
    app.clock.set(
        chrono::Utc
            .with_ymd_and_hms(2026, 11, 24, 11, 59, 0)
            .unwrap(),
    );
    assert_eq!(app.running.scheduler.run_once().await.unwrap().digests, 0);
    // 12:01 UTC is 09:01 there: a digest to whoever the game waits on.
    app.clock.set(
        chrono::Utc
            .with_ymd_and_hms(2026, 11, 24, 12, 1, 0)
            .unwrap(),
    );
    let report = app.running.scheduler.run_once().await.unwrap();
    assert!(report.digests >= 1, "{report:?}");
    assert_eq!(
        app.running.scheduler.run_once().await.unwrap().digests,
        0,
        "once a day"
    );
    app.deliver_mail().await;
    let loaded = app.running.state.games.load(&mut conn(&app), &id).unwrap();
    for waiting in loaded.state().unwrap().waiting_on() {
        let digest = app
            .smtp
            .latest_to(email_of(waiting.number()), |m| {
                m.subject.starts_with("Your games today")
            })
            .unwrap_or_else(|| panic!("seat {} gets a digest", waiting.number()));
        assert!(
            digest.text.contains("with Alice, Bob and Carla"),
            "{}",
            digest.text
        );
        assert!(digest.seat_link().game == creator.game);
        // What happened since the reader last acted, in words.
        assert!(digest.text.contains("\n- Alice "), "{}", digest.text);
    }
    // The next day, again.
    app.clock.set(
        chrono::Utc
            .with_ymd_and_hms(2026, 11, 25, 12, 5, 0)
            .unwrap(),
    );
    assert!(app.running.scheduler.run_once().await.unwrap().digests >= 1);
    app.stop().await;
}

// ---------------------------------------------------------------- unsubscribe and threads

async fn one_click_unsubscribe_works_without_cookies_and_no_mail_reaches_that_address_again(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let creator = app.create_game(3, &[]).await;
    app.deliver_mail().await;
    let invitation = app
        .smtp
        .latest_to(email_of(3), |m| m.is_invitation())
        .unwrap();
    let header = invitation
        .raw
        .lines()
        .find(|l| l.starts_with("List-Unsubscribe:"))
        .expect("a List-Unsubscribe header")
        .to_owned();
    let url = header
        .split('<')
        .nth(1)
        .and_then(|r| r.split('>').next())
        .unwrap()
        .to_owned();
    // As a mail provider does it: a bare POST from another origin, no cookie.
    let answer = reqwest::Client::new()
        .post(&url)
        .header("origin", "https://mail.example.net")
        .header("content-type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
    // A forged one is refused.
    let forged = app
        .post_form(&format!("{}x", url.trim_end_matches('/')), &[])
        .await;
    assert_eq!(forged.status, 403);
    // The game goes on without mailing Carla (she accepts from the invitation she has)…
    let before = app.smtp.mails_to(email_of(3)).len();
    app.accept_all(&creator.game, 3).await;
    // …and a new game that invites her is refused, the creator told why.
    let mut fields: Vec<(String, String)> = Vec::new();
    for (i, (name, email)) in PLAYERS[..3].iter().enumerate() {
        fields.push((format!("name{}", i + 1), name.to_string()));
        fields.push((format!("email{}", i + 1), email.to_string()));
    }
    fields.push(("creator".into(), "1".into()));
    let borrowed: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let refused = app.create_form(&borrowed).await;
    assert_eq!(refused.status, 400);
    assert!(
        refused
            .text()
            .contains("Seat 3: this address asked never to receive mail from this site"),
        "{}",
        refused.body
    );
    app.deliver_mail().await;
    assert_eq!(
        app.smtp.mails_to(email_of(3)).len(),
        before,
        "no mail to Carla"
    );
    app.stop().await;
}

async fn every_mail_of_a_game_threads_under_one_root_and_offers_one_click_unsubscribe(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let creator = app.create_game(3, &[]).await;
    app.accept_all(&creator.game, 3).await;
    app.deliver_mail().await;
    let root = format!("<game.{}@corriere.test>", creator.game);
    let mails: Vec<Mail> = app
        .smtp
        .mails()
        .into_iter()
        .filter(|m| m.text.contains(&creator.game))
        .collect();
    assert!(
        mails.len() >= 5,
        "confirmation, invitations, start: {}",
        mails.len()
    );
    for mail in &mails {
        let header = |name: &str| {
            mail.raw
                .lines()
                .find(|l| {
                    l.to_ascii_lowercase()
                        .starts_with(&format!("{}:", name.to_ascii_lowercase()))
                })
                .map(|l| l.split_once(':').unwrap().1.trim().to_owned())
        };
        assert_eq!(
            header("In-Reply-To").as_deref(),
            Some(root.as_str()),
            "{}",
            mail.subject
        );
        assert_eq!(
            header("References").as_deref(),
            Some(root.as_str()),
            "{}",
            mail.subject
        );
        assert!(header("List-Unsubscribe").is_some_and(|v| v.contains("/unsubscribe/")));
        assert_eq!(
            header("List-Unsubscribe-Post").as_deref(),
            Some("List-Unsubscribe=One-Click")
        );
        assert!(
            mail.text.contains("Never mail me again: http"),
            "{}",
            mail.text
        );
        assert!(
            !mail.subject.contains(&creator.game),
            "subjects name the game, not its id"
        );
    }
    assert!(mails
        .iter()
        .any(|m| m.subject == "Condottiere with Alice, Bob and Carla has started"));
    app.stop().await;
}

// ---------------------------------------------------------------- rate limits

async fn rate_limits_answer_429_with_retry_after_and_a_burst_sends_at_most_the_limit(
    backend: Backend,
) {
    let limits = corriere::service::Limits::default();
    let app = TestApp::spawn_limited(&backend, limits).await;
    // A burst of 1,000 creations from one client, each naming a new stranger.
    let mut tasks = Vec::new();
    for task in 0..8 {
        let (client, url) = (app.client.clone(), app.url("/api/v1/games"));
        tasks.push(tokio::spawn(async move {
            let mut statuses = Vec::new();
            for n in 0..125 {
                let body = serde_json::json!({
                    "seats": [
                        {"name": "Ann", "email": "ann@example.org"},
                        {"name": "Stranger", "email": format!("victim{task}-{n}@example.org")}
                    ]
                });
                let answer = client.post(&url).json(&body).send().await.unwrap();
                let retry = answer.headers().get("retry-after").is_some();
                statuses.push((answer.status().as_u16(), retry));
            }
            statuses
        }));
    }
    let mut created = 0;
    for task in tasks {
        for (status, retry) in task.await.unwrap() {
            match status {
                201 => created += 1,
                429 => assert!(retry, "a 429 says when to retry"),
                other => panic!("{other}"),
            }
        }
    }
    assert_eq!(created, limits.games_per_hour as usize);
    let sent = app.deliver_mail().await;
    assert!(sent <= limits.games_per_hour as usize, "{sent} mails");
    assert!(
        app.smtp.mails_to("victim@example.org").is_empty(),
        "nothing reached the victim"
    );
    // The form says it in words, with the same limit.
    let page = app
        .create_form(&[
            ("name1", "Ann"),
            ("email1", "ann@example.org"),
            ("name2", "Bob"),
            ("email2", "bob@example.org"),
            ("creator", "1"),
        ])
        .await;
    assert_eq!(page.status, 429);
    assert!(page.headers.get("retry-after").is_some());
    assert!(
        page.text().contains("You created many games"),
        "{}",
        page.body
    );
    // Sign-in mails to one address: a few an hour.
    let mut statuses = Vec::new();
    for _ in 0..(limits.sign_ins_per_hour + 1) {
        statuses.push(
            app.post_form("/me", &[("address", "ann@example.org")])
                .await
                .status,
        );
    }
    assert_eq!(statuses.last(), Some(&429), "{statuses:?}");
    app.stop().await;

    // Invitations to an address that never answered: a few a day, whoever sends them.
    let app = TestApp::spawn_limited(
        &backend,
        corriere::service::Limits {
            games_per_hour: 1000,
            games_per_day: 1000,
            ..limits
        },
    )
    .await;
    let mut statuses = Vec::new();
    for n in 0..=limits.invitations_per_day {
        let answer = app
            .api_create(&serde_json::json!({
                "seats": [
                    {"name": "Ann", "email": format!("creator{n}@example.org")},
                    {"name": "Silent", "email": "silent@example.org"}
                ]
            }))
            .await;
        statuses.push(answer.status);
        if answer.status == 429 {
            assert!(answer.headers.get("retry-after").is_some());
            assert_eq!(answer.json()["error"]["code"], "rate_limited");
        }
    }
    assert_eq!(
        statuses.iter().filter(|s| **s == 201).count(),
        limits.invitations_per_day as usize,
        "{statuses:?}"
    );
    assert_eq!(statuses.last(), Some(&429));
    app.stop().await;
}

// ---------------------------------------------------------------- rematch

async fn a_rematch_is_proposed_accepted_from_the_mails_and_started(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let creator = app.create_game(3, &[]).await;
    let links = app.accept_all(&creator.game, 3).await;
    play_to_the_end(&app, &creator.game).await;
    // Bob proposes, in a new random order.
    let bob = &links[1];
    let page = app.seat_page(bob).await;
    let form = page
        .forms()
        .into_iter()
        .find(|f| f.action.ends_with("/rematch"))
        .expect("a rematch form once the game is over");
    assert!(form.action.ends_with("/rematch"));
    let proposed = app
        .post_form(
            &format!("{}/rematch", bob.url),
            &[("order", "random"), ("phrase", "again!")],
        )
        .await;
    assert_eq!(proposed.status, 303, "{}", proposed.body);
    let bob_new = SeatLink::parse(&app.url(&proposed.location.unwrap())).unwrap();
    assert_ne!(bob_new.game, creator.game);
    // Proposing twice gives no second game.
    let again = app
        .post_form(&format!("{}/rematch", links[0].url), &[("order", "same")])
        .await;
    assert_eq!(again.status, 303);
    assert!(again
        .location
        .unwrap()
        .ends_with(&links[0].url.replace(&app.base, "")));
    let old_page = app.seat_page(&links[0]).await;
    assert!(old_page.text().contains("A rematch was proposed."));
    app.deliver_mail().await;
    let mut new_links = vec![bob_new.clone()];
    for seat in [1, 3] {
        let mail = app
            .smtp
            .latest_to(email_of(seat), |m| {
                m.subject.starts_with("Bob proposes a rematch")
            })
            .unwrap_or_else(|| panic!("seat {seat} is asked"));
        let link = mail.seat_link();
        assert_eq!(link.game, bob_new.game);
        assert_eq!(app.accept(&link, "", "").await.status, 303);
        new_links.push(link);
    }
    let id = GameId::parse(&bob_new.game).unwrap();
    let loaded = app.running.state.games.load(&mut conn(&app), &id).unwrap();
    assert_eq!(loaded.game.status, corriere::domain::GameStatus::Playing);
    assert_eq!(
        loaded
            .seats
            .iter()
            .find(|s| s.name == "Bob")
            .unwrap()
            .contribution
            .as_deref()
            .map(|c| c.ends_with("again!")),
        Some(true)
    );
    app.deliver_mail().await;
    for seat in 1..=3 {
        assert!(app
            .smtp
            .latest_to(email_of(seat), |m| m.is_started()
                && m.text.contains(&bob_new.game))
            .is_some());
    }
    app.stop().await;
}

// ---------------------------------------------------------------- muting, settings by link

async fn a_muted_game_sends_no_turn_mails_and_the_mail_settings_link_needs_no_sign_in(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let creator = app.create_game(2, &[]).await;
    app.accept_all(&creator.game, 2).await;
    for seat in 1..=2u8 {
        let session = app.sign_in(email_of(seat)).await;
        let muted = app
            .post_signed_in(
                &format!("/me/games/{}/mute", creator.game),
                &session,
                &[("on", "1")],
            )
            .await;
        assert_eq!(muted.status, 303);
    }
    app.deliver_mail().await;
    let before = app.smtp.count();
    play_to_the_end(&app, &creator.game).await;
    app.deliver_mail().await;
    let after: Vec<Mail> = app.smtp.mails()[before..].to_vec();
    assert!(
        after.iter().all(|m| !m.is_your_turn()),
        "no turn mail for a muted game"
    );
    assert_eq!(
        after.iter().filter(|m| m.is_game_over()).count(),
        2,
        "results still come"
    );
    // The footer's settings link changes preferences without signing in.
    let settings = after[0].url_containing("/mail/");
    let page = app.get(&settings).await;
    assert_eq!(page.status, 200);
    assert!(page.forms().iter().any(|f| f.action.starts_with("/mail/")));
    let saved = app
        .post_form(
            &settings,
            &[
                ("mail_mode", "results"),
                ("digest_hour", "7"),
                ("time_zone", "Europe/Lisbon"),
                ("language", ""),
            ],
        )
        .await;
    assert_eq!(saved.status, 200, "{}", saved.body);
    assert!(saved.text().contains("Your settings are saved."));
    let person = store::find_address(&mut conn(&app), &after[0].to)
        .unwrap()
        .unwrap();
    assert_eq!(
        (person.mail_mode.as_str(), person.time_zone.as_str()),
        ("results", "Europe/Lisbon")
    );
    let bad = app
        .post_form(
            &settings,
            &[
                ("mail_mode", "hourly"),
                ("digest_hour", "25"),
                ("time_zone", "Mars/Olympus"),
            ],
        )
        .await;
    assert_eq!(bad.status, 400);
    for says in ["Choose how often", "Choose an hour", "Choose a time zone"] {
        assert!(bad.text().contains(says), "{says}: {}", bad.body);
    }
    let forged = app.get(&format!("{}x", settings)).await;
    assert_eq!(forged.status, 403);
    app.stop().await;
}

/// The privacy page, linked from every page's footer, says what is kept and for how long with
/// the service's own periods (sessions, abuse counters), and how to leave.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_privacy_page_states_the_services_own_periods_and_how_to_leave() {
    let app = TestApp::spawn(&Backend::Sqlite).await;
    assert!(
        app.home().await.body.contains(r#"<a href="/privacy">"#),
        "the footer links the privacy page"
    );
    let page = app.get("/privacy").await;
    assert_eq!(page.status, 200, "{}", page.body);
    let text = page.text();
    let days = |d: std::time::Duration| d.as_secs() / 86_400;
    let sessions = format!(
        "kept at most {} days, or {} days after you last used it",
        days(corriere::service::people::SESSION_LIFETIME),
        days(corriere::service::people::SESSION_IDLE)
    );
    assert!(text.contains(&sessions), "{sessions:?} in {text}");
    let counters = format!("kept {} days", corriere::service::COUNTERS_KEPT_DAYS);
    assert!(text.contains(&counters), "{counters:?} in {text}");
    for words in [
        "never your address",
        "A mail to you is kept until it is sent, then deleted",
        "How to leave",
        "stops all mail from this site",
        "resign a game from its page",
    ] {
        assert!(text.contains(words), "{words:?} in {text}");
    }
}
