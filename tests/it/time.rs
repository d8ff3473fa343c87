//! Time through HTTP, with the service's clock moved by the test: deadlines, reminders in the
//! reader's zone, the clock's moves, missed deadlines and absence, declared absences,
//! resignations and replacements, bots, and a game that ends though a player went silent.

use crate::support;

use chrono::TimeZone;
use corriere::domain::GameId;
use corriere::service::time::TimeRules;
use corriere::service::SeatAuth;
use corriere::store;
use support::{
    choose_move, email_of, move_forms, owes_a_decision, Backend, Chooser, Mail, Page, SeatLink,
    TestApp, PLAYERS,
};

on_each_backend!(
    a_game_where_one_seat_never_acts_reaches_its_end_by_the_clock,
    reminders_come_when_a_quarter_of_the_time_is_left_in_the_readers_zone,
    missed_deadlines_make_a_seat_absent_until_its_player_takes_it_back,
    a_declared_absence_pushes_deadlines_in_every_game_of_the_person,
    a_resigned_seat_is_played_by_a_bot_until_the_creator_invites_a_replacement,
    two_bots_a_silent_friend_and_a_twelve_hour_pace_still_make_a_whole_game,
    a_bot_that_decides_first_plays_as_soon_as_the_game_starts,
);

fn conn(app: &TestApp) -> store::DbConn {
    app.running.db.get().expect("a connection")
}

/// Create a game by the form as seat 1 and confirm it: `seats` are (name, email) or a bot
/// (`None`); `pace` the form's value.
pub(crate) async fn create(app: &TestApp, seats: &[Option<usize>], pace: &str) -> SeatLink {
    let mut fields: Vec<(String, String)> = Vec::new();
    for (i, seat) in seats.iter().enumerate() {
        let n = i + 1;
        match seat {
            Some(p) => {
                fields.push((format!("name{n}"), PLAYERS[*p].0.to_string()));
                fields.push((format!("email{n}"), PLAYERS[*p].1.to_string()));
            }
            None => fields.push((format!("bot{n}"), "on".into())),
        }
    }
    fields.push(("creator".into(), "1".into()));
    fields.push(("first_holder".into(), "creator".into()));
    fields.push(("pace".into(), pace.into()));
    let borrowed: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let page = app.create_form(&borrowed).await;
    assert_eq!(page.status, 303, "{}", page.body);
    let creator = SeatLink::parse(&app.url(&page.location.unwrap())).unwrap();
    app.confirm(&creator.game).await;
    creator
}

/// Accept every person's seat of `game` (seat numbers from 1) from their mails.
pub(crate) async fn accept(app: &TestApp, game: &str, seats: &[u8]) -> Vec<SeatLink> {
    app.deliver_mail().await;
    let mut links = Vec::new();
    for &seat in seats {
        let link = app.link_from_latest(email_of(seat), |m| {
            (m.is_invitation() || m.is_confirmation()) && m.text.contains(game)
        });
        assert_eq!(app.accept(&link, "", "").await.status, 303);
        links.push(link);
    }
    links
}

/// Move the clock on, let the scheduler do what became due, and deliver the mail.
pub(crate) async fn pass_time(app: &TestApp, by: chrono::Duration) -> corriere::jobs::JobReport {
    app.clock.advance(by);
    let report = app
        .running
        .scheduler
        .run_once()
        .await
        .expect("a scheduler pass");
    app.deliver_mail().await;
    report
}

fn loaded(app: &TestApp, game: &str) -> corriere::service::Loaded {
    let id = GameId::parse(game).unwrap();
    app.running.state.games.load(&mut conn(app), &id).unwrap()
}

fn deadlines(app: &TestApp, game: &str) -> Vec<store::DeadlineRow> {
    store::deadlines_of(&mut conn(app), &GameId::parse(game).unwrap()).unwrap()
}

fn record(app: &TestApp, game: &str) -> corriere::audit::Record {
    let id = GameId::parse(game).unwrap();
    app.running.state.games.record(&mut conn(app), &id).unwrap()
}

fn authors(app: &TestApp, game: &str) -> Vec<corriere::audit::Author> {
    record(app, game).actions.iter().map(|a| a.author).collect()
}

async fn a_game_where_one_seat_never_acts_reaches_its_end_by_the_clock(backend: Backend) {
    // However many deadlines Bob misses, he does not become absent: the clock plays for him.
    let app = TestApp::spawn_timed(
        &backend,
        TimeRules {
            missed_deadlines: u32::MAX,
            ..TimeRules::default()
        },
    )
    .await;
    let creator = create(&app, &[Some(0), Some(1)], "12").await;
    let links = accept(&app, &creator.game, &[1, 2]).await;
    let api = app.api_game(&creator.game).await.json();
    assert_eq!(api["hours_per_decision"], 12);
    assert!(!api["deadlines"].as_array().unwrap().is_empty(), "{api}");
    let mut chooser = Chooser::new(5);
    let mut extensions = 0;
    for _ in 0..3000 {
        if loaded(&app, &creator.game).state().unwrap().is_over() {
            break;
        }
        let page = app.seat_page(&links[0]).await;
        match owes_a_decision(&page)
            .then(|| choose_move(&move_forms(&page), &mut chooser))
            .flatten()
        {
            Some(fields) => {
                let fields: Vec<(&str, &str)> = fields
                    .iter()
                    .map(|(k, v)| (k.as_str(), v.as_str()))
                    .collect();
                assert_eq!(app.post_move(&links[0], &fields).await.status, 303);
            }
            None => {
                extensions += pass_time(&app, chrono::Duration::hours(13))
                    .await
                    .time
                    .extensions
            }
        }
    }
    assert!(
        loaded(&app, &creator.game).state().unwrap().is_over(),
        "the game ends"
    );
    assert!(
        extensions > 0,
        "each of Bob's decisions had its grace first"
    );
    // Every entry of Bob's seat is the clock's; the record names it and verifies offline.
    let record = record(&app, &creator.game);
    let bobs: Vec<_> = record
        .actions
        .iter()
        .filter(|a| a.seat.number() == 2)
        .collect();
    assert!(!bobs.is_empty());
    assert!(
        bobs.iter()
            .all(|a| matches!(a.author, corriere::audit::Author::Clock { .. })),
        "only the clock played Bob's seat"
    );
    let registry = corriere::kinds::Registry::standard();
    corriere::audit::verify_with(&record, &registry).expect("a record with clock entries verifies");
    assert!(record.to_json().contains(r#""by":"clock""#));
    // The clock's entries are in the transparency log like any other, and the signed tree
    // heads bound when it acted: the first head that holds a clock entry is dated after the
    // deadline the entry enforced.
    let games = &app.running.state.games;
    games.log_entries(&app.running.db).await.unwrap();
    let heads = games.tree_heads(&app.running.db, 10_000).await.unwrap();
    let id = GameId::parse(&creator.game).unwrap();
    for entry in &record.actions {
        let (proof, head) = games
            .inclusion(&app.running.db, &id, entry.seq, None)
            .await
            .unwrap();
        assert_eq!(proof.leaf.head, entry.hash);
        proof.check(&head.head).expect("the entry is in the log");
        if let corriere::audit::Author::Clock { deadline } = entry.author {
            let first = heads
                .iter()
                .filter(|h| h.head.size > proof.index)
                .min_by_key(|h| h.head.size)
                .unwrap();
            assert!(first.head.at >= deadline, "{first:?} before {deadline}");
        }
    }
    // Bob was warned; Ann was told of the clock's moves.
    app.deliver_mail().await;
    let bob = app.smtp.mails_to(email_of(2));
    assert!(bob
        .iter()
        .any(|m| m.subject.contains(": past due, last chance until ")));
    let ann = app.smtp.mails_to(email_of(1));
    assert!(
        ann.iter().any(|m| m
            .text
            .contains("Bob's time ran out: the clock played the rules' default")),
        "Ann hears of it"
    );
    assert!(ann.iter().any(|m| m.is_game_over()));
    app.stop().await;
}

async fn reminders_come_when_a_quarter_of_the_time_is_left_in_the_readers_zone(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    // Tuesday 2026-11-24 10:00 UTC; Ann reads in São Paulo (UTC-3).
    app.clock.set(
        chrono::Utc
            .with_ymd_and_hms(2026, 11, 24, 10, 0, 0)
            .unwrap(),
    );
    let creator = create(&app, &[Some(0), Some(1)], "72").await;
    let session = app.sign_in(email_of(1)).await;
    let saved = app
        .post_signed_in(
            "/me/settings",
            &session,
            &[
                ("mail_mode", "every_turn"),
                ("digest_hour", "8"),
                ("time_zone", "America/Sao_Paulo"),
                ("language", ""),
            ],
        )
        .await;
    assert_eq!(saved.status, 303);
    let links = accept(&app, &creator.game, &[1, 2]).await;
    app.deliver_mail().await;
    // Ann decides first: due three days later, Friday 10:00 UTC, 07:00 in São Paulo.
    let due = deadlines(&app, &creator.game);
    assert_eq!(due.len(), 1);
    assert_eq!(
        due[0].due_at,
        chrono::Utc
            .with_ymd_and_hms(2026, 11, 27, 10, 0, 0)
            .unwrap()
            .timestamp_millis()
    );
    let page = app.seat_page(&links[0]).await;
    assert!(
        page.text().contains("Due Friday 07:00 UTC-3, in 3 days."),
        "{}",
        page.text()
    );
    let started = app.smtp.latest_to(email_of(1), |m| m.is_started()).unwrap();
    assert!(
        started.text.contains("Due Friday 07:00 UTC-3, in 3 days"),
        "{}",
        started.text
    );
    let before = app.smtp.mails_to(email_of(1)).len();
    // A quarter of 72 hours before: Thursday 16:00 UTC. A minute earlier, nothing.
    app.clock.set(
        chrono::Utc
            .with_ymd_and_hms(2026, 11, 26, 15, 59, 0)
            .unwrap(),
    );
    assert_eq!(
        app.running
            .scheduler
            .run_once()
            .await
            .unwrap()
            .time
            .reminders,
        0
    );
    app.clock.set(
        chrono::Utc
            .with_ymd_and_hms(2026, 11, 26, 16, 1, 0)
            .unwrap(),
    );
    assert_eq!(
        app.running
            .scheduler
            .run_once()
            .await
            .unwrap()
            .time
            .reminders,
        1
    );
    assert_eq!(
        app.running
            .scheduler
            .run_once()
            .await
            .unwrap()
            .time
            .reminders,
        0,
        "once"
    );
    app.deliver_mail().await;
    let mails = app.smtp.mails_to(email_of(1));
    assert_eq!(mails.len(), before + 1);
    let reminder = mails.last().unwrap();
    assert!(
        reminder
            .subject
            .contains("your move is due Friday 07:00 UTC-3"),
        "{}",
        reminder.subject
    );
    // Bob, not deciding, is not reminded.
    assert!(!app
        .smtp
        .mails_to(email_of(2))
        .iter()
        .any(|m| m.subject.contains("is due")));
    app.stop().await;
}

async fn missed_deadlines_make_a_seat_absent_until_its_player_takes_it_back(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let creator = create(&app, &[Some(0), Some(1), Some(2)], "24").await;
    let links = accept(&app, &creator.game, &[1, 2, 3]).await;
    let mut chooser = Chooser::new(3);
    // Bob and Carla play whenever it is their turn; Ann never does.
    let mut absent_told = false;
    for _ in 0..400 {
        let ann = app.seat_page(&links[0]).await;
        if ann.text().contains("a bot plays your seat") {
            absent_told = true;
            break;
        }
        let mut moved = false;
        for link in &links[1..] {
            let page = app.seat_page(link).await;
            if owes_a_decision(&page) {
                if let Some(fields) = choose_move(&move_forms(&page), &mut chooser) {
                    let fields: Vec<(&str, &str)> = fields
                        .iter()
                        .map(|(k, v)| (k.as_str(), v.as_str()))
                        .collect();
                    assert_eq!(app.post_move(link, &fields).await.status, 303);
                    moved = true;
                }
            }
        }
        if !moved {
            pass_time(&app, chrono::Duration::hours(30)).await;
        }
    }
    assert!(absent_told, "three missed deadlines make Ann absent");
    let seat = &loaded(&app, &creator.game).seats[0];
    assert_eq!(seat.name, "Alice");
    app.deliver_mail().await;
    for seat in [1, 2, 3] {
        // Alice herself is told in the second person.
        let about = match seat {
            1 => "you are absent, a bot plays for you",
            _ => "Alice is absent",
        };
        assert!(
            app.smtp
                .latest_to(email_of(seat), |m| m.subject.ends_with(about))
                .is_some(),
            "seat {seat} is told"
        );
    }
    let public = app.public_page(&creator.game).await;
    assert!(
        public
            .text()
            .contains("Alice is absent: a bot plays the seat"),
        "{}",
        public.text()
    );
    // Ann comes back from her link.
    let ann = app.seat_page(&links[0]).await;
    let back = ann
        .forms()
        .into_iter()
        .find(|f| f.action.ends_with("/back"))
        .expect("a way back");
    let came_back = app.post_form(&back.action, &[]).await;
    assert_eq!(came_back.status, 303);
    let page = app
        .get(&came_back.location.expect("back to the seat"))
        .await;
    assert!(page.text().contains("Welcome back"), "{}", page.text());
    app.deliver_mail().await;
    assert!(app
        .smtp
        .latest_to(email_of(2), |m| m.subject.ends_with("Alice is back"))
        .is_some());
    let seats = store::seats_of(&mut conn(&app), &GameId::parse(&creator.game).unwrap()).unwrap();
    assert_eq!((seats[0].control.as_str(), seats[0].missed), ("player", 0));
    app.stop().await;
}

async fn a_declared_absence_pushes_deadlines_in_every_game_of_the_person(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.clock.set(
        chrono::Utc
            .with_ymd_and_hms(2026, 11, 24, 12, 0, 0)
            .unwrap(),
    );
    let first = create(&app, &[Some(0), Some(1)], "72").await;
    let first_links = accept(&app, &first.game, &[1, 2]).await;
    let second = create(&app, &[Some(0), Some(2)], "120").await;
    accept(&app, &second.game, &[1, 3]).await;
    let before: Vec<i64> = [&first.game, &second.game]
        .iter()
        .map(|g| deadlines(&app, g)[0].due_at)
        .collect();
    // Ann (seat 1 of both, deciding first in both) is away 2026-11-25 to 2026-11-27: three days.
    let away = app
        .post_form(
            &format!("{}/away", first_links[0].url),
            &[("from", "2026-11-25"), ("to", "2026-11-27")],
        )
        .await;
    assert_eq!(away.status, 303, "{}", away.body);
    let three_days = 3 * 24 * 3600 * 1000;
    for (game, before) in [&first.game, &second.game].iter().zip(before) {
        assert_eq!(
            deadlines(&app, game)[0].due_at,
            before + three_days,
            "{game}"
        );
    }
    let public = app.public_page(&first.game).await;
    assert!(
        !public.text().contains("Alice is away until"),
        "not yet: she leaves tomorrow: {}",
        public.text()
    );
    app.clock.set(
        chrono::Utc
            .with_ymd_and_hms(2026, 11, 25, 12, 0, 0)
            .unwrap(),
    );
    let public = app.public_page(&first.game).await;
    assert!(
        public
            .text()
            .contains("Alice is away until Saturday 00:00 UTC"),
        "{}",
        public.text()
    );
    // More than 14 days a year is refused, saying how many are left (from "my games" too).
    let session = app.sign_in(email_of(1)).await;
    let long = app
        .post_signed_in(
            "/me/away",
            &session,
            &[("from", "2026-12-01"), ("to", "2026-12-31")],
        )
        .await;
    assert_eq!(long.status, 400);
    assert!(long.text().contains("11 days are left"), "{}", long.text());
    app.stop().await;
}

async fn a_resigned_seat_is_played_by_a_bot_until_the_creator_invites_a_replacement(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let creator = create(&app, &[Some(0), Some(1), Some(2)], "72").await;
    let links = accept(&app, &creator.game, &[1, 2, 3]).await;
    // Carla resigns: first the question, then the answer.
    let asked = app
        .post_form(&format!("{}/resign", links[2].url), &[])
        .await;
    assert_eq!(asked.status, 200);
    assert!(asked.text().contains("Resign this game?"));
    let resigned = app
        .post_form(&format!("{}/resign", links[2].url), &[("confirm", "yes")])
        .await;
    assert_eq!(resigned.status, 303);
    app.deliver_mail().await;
    let told = app
        .smtp
        .latest_to(email_of(1), |m| m.subject.ends_with("Carla resigned"))
        .expect("the creator is told");
    assert!(
        told.text.contains("invite someone to take the seat over"),
        "{}",
        told.text
    );
    // The bot plays her seat whenever it decides. The others play only until it has: a
    // game played on for long enough can end, and the creator replaces a seat only while the
    // game runs (this test failed in one run of 25 by ending its game first).
    let mut chooser = Chooser::new(11);
    for _ in 0..30 {
        if authors(&app, &creator.game).contains(&corriere::audit::Author::Bot) {
            break;
        }
        for link in &links[..2] {
            let page = app.seat_page(link).await;
            if let Some(fields) = owes_a_decision(&page)
                .then(|| choose_move(&move_forms(&page), &mut chooser))
                .flatten()
            {
                let fields: Vec<(&str, &str)> = fields
                    .iter()
                    .map(|(k, v)| (k.as_str(), v.as_str()))
                    .collect();
                app.post_move(link, &fields).await;
            }
        }
    }
    assert!(
        authors(&app, &creator.game).contains(&corriere::audit::Author::Bot),
        "the bot played Carla's seat"
    );
    // The creator invites Dino to take it over.
    let page = app.seat_page(&links[0]).await;
    assert!(page.forms().iter().any(|f| f.action.ends_with("/replace")));
    let replaced = app
        .post_form(
            &format!("{}/replace", links[0].url),
            &[("seat", "3"), ("name", "Dino"), ("email", email_of(4))],
        )
        .await;
    assert_eq!(replaced.status, 303, "{}", replaced.body);
    app.deliver_mail().await;
    let invitation = app
        .smtp
        .latest_to(email_of(4), |m| {
            m.subject.contains("invites you to take over a seat")
        })
        .expect("Dino is invited");
    // Nothing changes until Dino accepts.
    let seats = store::seats_of(&mut conn(&app), &GameId::parse(&creator.game).unwrap()).unwrap();
    assert_eq!(seats[2].name, "Carla");
    let take = invitation.url_containing("/take/");
    let taken = app.post_form(&take.replace(&app.base, ""), &[]).await;
    assert_eq!(taken.status, 303, "{}", taken.body);
    let dino = SeatLink::parse(&app.url(&taken.location.expect("Dino's seat"))).unwrap();
    assert_eq!(dino.seat, 3);
    assert_eq!(app.seat_page(&dino).await.status, 200);
    assert_eq!(
        app.seat_page(&links[2]).await.status,
        403,
        "Carla's old link stops"
    );
    let seats = store::seats_of(&mut conn(&app), &GameId::parse(&creator.game).unwrap()).unwrap();
    assert_eq!(
        (seats[2].name.as_str(), seats[2].control.as_str()),
        ("Dino", "player")
    );
    app.stop().await;
}

async fn two_bots_a_silent_friend_and_a_twelve_hour_pace_still_make_a_whole_game(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    // Ann plays; Bob goes silent; seats 3 and 4 are bots.
    let creator = create(&app, &[Some(0), Some(1), None, None], "12").await;
    let links = accept(&app, &creator.game, &[1, 2]).await;
    let mut chooser = Chooser::new(21);
    for _ in 0..3000 {
        if loaded(&app, &creator.game).state().unwrap().is_over() {
            break;
        }
        let page: Page = app.seat_page(&links[0]).await;
        match owes_a_decision(&page)
            .then(|| choose_move(&move_forms(&page), &mut chooser))
            .flatten()
        {
            Some(fields) => {
                let fields: Vec<(&str, &str)> = fields
                    .iter()
                    .map(|(k, v)| (k.as_str(), v.as_str()))
                    .collect();
                assert_eq!(app.post_move(&links[0], &fields).await.status, 303);
            }
            None => {
                pass_time(&app, chrono::Duration::hours(2)).await;
            }
        }
    }
    assert!(
        loaded(&app, &creator.game).state().unwrap().is_over(),
        "the game ends"
    );
    app.deliver_mail().await;
    let authors = authors(&app, &creator.game);
    assert!(authors.contains(&corriere::audit::Author::Bot));
    assert!(authors
        .iter()
        .any(|a| matches!(a, corriere::audit::Author::Clock { .. })));
    let bob: Vec<Mail> = app.smtp.mails_to(email_of(2));
    assert!(
        bob.iter().any(|m| m.subject.contains("your move is due")),
        "reminders"
    );
    let ann: Vec<Mail> = app.smtp.mails_to(email_of(1));
    assert!(
        ann.iter().any(|m| m.text.contains("Bob's time ran out")),
        "the clock's moves are told"
    );
    assert!(ann.iter().any(|m| m.is_game_over()));
    // Bots have no address and get no mail; Bob missed deadlines and became absent.
    assert!(ann.iter().any(|m| m.subject.ends_with("Bob is absent")));
    let _ = SeatAuth::for_server;
    app.stop().await;
}

/// A bot that holds the Condottiere token first plays the moment the last person accepts, by
/// the seat page's button or by the API, not at the scheduler's next pass: Ann, who accepts
/// last, finds the bot's moves made and the game waiting on her.
async fn a_bot_that_decides_first_plays_as_soon_as_the_game_starts(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    for by_api in [false, true] {
        let created = app
            .api_create_confirmed(&serde_json::json!({
                "seats": [
                    {"name": "Ann", "email": email_of(1)},
                    {"name": "Bot 2", "bot": true},
                ],
                "options": {"first_holder": 2}
            }))
            .await;
        let game = created.json()["id"].as_str().unwrap().to_owned();
        let ann = app.link_from_latest(email_of(1), |m| {
            m.is_confirmation() && m.text.contains(&game)
        });
        let status = if by_api {
            app.api_accept(&ann).await.status
        } else {
            app.accept(&ann, "", "").await.status
        };
        assert_eq!(status, if by_api { 200 } else { 303 });
        let after = loaded(&app, &game);
        let state = after.state().expect("the game started");
        assert!(after.seq() > 0, "the bot has not moved (by API: {by_api})");
        assert_eq!(
            state.waiting_on(),
            vec![corriere::engine::Seat(0)],
            "by API: {by_api}"
        );
        assert!(authors(&app, &game).contains(&corriere::audit::Author::Bot));
    }
    app.stop().await;
}
