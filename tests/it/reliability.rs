//! Reliability beside a name: counted from the games as they happen (games finished, deadlines
//! missed, resignations, games left to a bot), kept with the person, shown on game pages and in
//! the API, and hidden when the person asks.

use crate::support;
use crate::time::{accept, create, pass_time};

use corriere::domain::Millis;
use corriere::service::time::TimeRules;
use corriere::store::{self, Conduct};
use serde_json::Value;
use support::{
    choose_move, email_of, move_forms, owes_a_decision, Backend, Chooser, SeatLink, TestApp,
};

on_each_backend!(
    reliability_counts_what_each_person_did_and_hides_when_they_ask,
    a_creator_may_ask_claimers_for_finished_games_and_the_lobby_shows_each_record,
);

/// The reliability the public API gives for seat `n` (from 1).
async fn reliability(app: &TestApp, game: &str, n: usize) -> Value {
    app.api_game(game).await.json()["players"][n - 1]["reliability"].clone()
}

async fn reliability_counts_what_each_person_did_and_hides_when_they_ask(backend: Backend) {
    // One missed deadline makes a seat absent: the bot plays it from then on.
    let app = TestApp::spawn_timed(
        &backend,
        TimeRules {
            missed_deadlines: 1,
            ..TimeRules::default()
        },
    )
    .await;
    let creator = create(&app, &[Some(0), Some(1), Some(2)], "24").await;
    let game = creator.game.clone();
    let links = accept(&app, &game, &[1, 2, 3]).await;
    let fresh = serde_json::json!({
        "games_finished": 0, "deadlines_missed": 0, "resignations": 0, "games_left_to_a_bot": 0
    });
    for n in 1..=3 {
        assert_eq!(
            reliability(&app, &game, n).await,
            fresh,
            "seat {n} starts clean"
        );
    }
    // Carla resigns at once.
    let resigned = app
        .post_form(&format!("{}/resign", links[2].url), &[("confirm", "yes")])
        .await;
    assert_eq!(resigned.status, 303, "{}", resigned.body);
    // Bob plays whenever he must; Alice never does, so the clock decides for her once and
    // the bot plays her seat; the game is played to its end.
    let mut chooser = Chooser::new(7);
    let mut over = false;
    for _ in 0..3000 {
        if app.api_game(&game).await.json()["status"] == "over" {
            over = true;
            break;
        }
        let page = app.seat_page(&links[1]).await;
        match owes_a_decision(&page)
            .then(|| choose_move(&move_forms(&page), &mut chooser))
            .flatten()
        {
            Some(fields) => {
                let fields: Vec<(&str, &str)> = fields
                    .iter()
                    .map(|(k, v)| (k.as_str(), v.as_str()))
                    .collect();
                assert_eq!(app.post_move(&links[1], &fields).await.status, 303);
            }
            None => {
                pass_time(&app, chrono::Duration::hours(30)).await;
            }
        }
    }
    assert!(over, "the game ends");
    let counted = |finished: i64, missed: i64, resigned: i64, abandoned: i64| {
        serde_json::json!({
            "games_finished": finished, "deadlines_missed": missed,
            "resignations": resigned, "games_left_to_a_bot": abandoned
        })
    };
    assert_eq!(
        reliability(&app, &game, 1).await,
        counted(0, 1, 0, 1),
        "Alice"
    );
    assert_eq!(
        reliability(&app, &game, 2).await,
        counted(1, 0, 0, 0),
        "Bob"
    );
    assert_eq!(
        reliability(&app, &game, 3).await,
        counted(0, 0, 1, 0),
        "Carla"
    );
    let public = app.public_page(&game).await.text();
    for line in [
        "0 games finished · 1 deadline missed · 0 resignations · 1 game left to a bot",
        "1 game finished · 0 deadlines missed · 0 resignations · 0 games left to a bot",
        "0 games finished · 0 deadlines missed · 1 resignation · 0 games left to a bot",
    ] {
        assert!(
            public.contains(line),
            "{line:?} on the public page: {public}"
        );
    }

    // Carla hides hers from her mail settings: gone from the page and the API; shown again
    // when she asks.
    app.deliver_mail().await;
    let settings = app
        .smtp
        .latest_to(email_of(3), |m| m.text.contains("/mail/"))
        .expect("a mail with Carla's settings link")
        .url_containing("/mail/");
    let save = |show: bool| {
        let mut fields = vec![
            ("mail_mode", "every_turn"),
            ("digest_hour", "8"),
            ("time_zone", "UTC"),
            ("language", "en"),
        ];
        if show {
            fields.push(("show_reliability", "on"));
        }
        let settings = settings.clone();
        let app = &app;
        async move {
            let saved = app.post_form(&settings, &fields).await;
            assert_eq!(saved.status, 200, "{}", saved.body);
        }
    };
    let form = app.get(&settings).await;
    assert!(
        form.body
            .contains(r#"name="show_reliability" value="on" checked"#),
        "shown until hidden: {}",
        form.body
    );
    save(false).await;
    assert_eq!(
        reliability(&app, &game, 3).await,
        Value::Null,
        "hidden in the API"
    );
    let public = app.public_page(&game).await.text();
    assert!(
        !public.contains("1 resignation"),
        "hidden on the page: {public}"
    );
    assert!(public.contains("1 game finished"), "Bob's stays: {public}");
    save(true).await;
    assert_eq!(reliability(&app, &game, 3).await, counted(0, 0, 1, 0));
    app.stop().await;
}

/// Ask for `seat` of `game` as `name` at `address` from the lobby's form; the link mailed.
async fn claim_link(app: &TestApp, game: &str, name: &str, address: &str) -> String {
    let asked = app
        .post_form(
            &format!("/lobby/{game}"),
            &[("seat", "3"), ("name", name), ("email", address)],
        )
        .await;
    assert_eq!(asked.status, 200, "claiming: {}", asked.body);
    app.deliver_mail().await;
    app.smtp
        .latest_to(address, |m| {
            m.text.contains(&format!("/lobby/{game}/claim/"))
        })
        .expect("the claim's mail")
        .url_containing(&format!("/lobby/{game}/claim/3/"))
}

async fn a_creator_may_ask_claimers_for_finished_games_and_the_lobby_shows_each_record(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let (alice, bob, dino, elsa) = (
        "alice@example.org",
        "bob@example.org",
        "dino@example.org",
        "elsa@example.org",
    );
    // Out of range, the form says what it takes and keeps what was typed.
    let mut fields = vec![
        ("name1", "Alice"),
        ("email1", alice),
        ("creator", "1"),
        ("name2", "Bob"),
        ("email2", bob),
        ("open3", "on"),
        ("listed", "on"),
        ("title", "Veterans"),
        ("min_finished", "101"),
    ];
    let refused = app.create_form(&fields).await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(
        refused
            .text()
            .contains("Ask for 1 to 100 finished games, or leave the field empty"),
        "{}",
        refused.text()
    );
    assert!(refused.body.contains(r#"name="min_finished" value="101""#));
    fields.pop();
    fields.push(("min_finished", "1"));
    let created = app.create_form(&fields).await;
    assert_eq!(created.status, 303, "creating: {}", created.body);
    let game = SeatLink::parse(&app.url(&created.location.unwrap()))
        .unwrap()
        .game;
    app.confirm(&game).await;
    for address in [alice, bob] {
        app.deliver_mail().await;
        let link = app.link_from_latest(address, |m| {
            (m.is_invitation() || m.is_confirmation()) && m.text.contains(&game)
        });
        assert_eq!(app.accept(&link, "", "").await.status, 303);
    }
    // Bob has played a game to its end elsewhere (his record, as the store counts it).
    {
        let mut conn = app.running.db.get().unwrap();
        store::record_conduct(&mut conn, &game, 1, Conduct::Finished, Millis(1)).unwrap();
    }

    // The lobby shows each player's record and what the game asks of a claimer.
    let lobby = app.get("/lobby").await;
    let text = lobby.text();
    for shown in [
        "Only for players who have finished a game here.",
        "0 games finished · 0 deadlines missed · 0 resignations · 0 games left to a bot",
        "1 game finished · 0 deadlines missed · 0 resignations · 0 games left to a bot",
    ] {
        assert!(text.contains(shown), "{shown:?} missing:\n{text}");
    }
    let api = app.get("/api/v1/lobby").await.json();
    assert_eq!(api[0]["min_finished"], 1);
    assert_eq!(api[0]["players"][1]["reliability"]["games_finished"], 1);
    assert_eq!(api[0]["players"][0]["reliability"]["games_finished"], 0);
    let form = app.get(&format!("/lobby/{game}")).await.text();
    assert!(
        form.contains("Only for players who have finished a game here."),
        "{form}"
    );
    assert!(form.contains("1 game finished"), "{form}");

    // Dino has finished none: following his link is refused, saying why, and the seat stays
    // open.
    let link = claim_link(&app, &game, "Dino", dino).await;
    let confirmed = app.post_form(&link, &[]).await;
    assert_eq!(confirmed.status, 403, "{}", confirmed.body);
    assert!(
        confirmed
            .text()
            .contains("finished a game here; you have finished 0"),
        "{}",
        confirmed.text()
    );
    assert_eq!(
        app.get("/api/v1/lobby").await.json()[0]["open_seats"],
        serde_json::json!([3])
    );

    // Elsa has finished one but hides her record: she is told to show it.
    {
        let mut conn = app.running.db.get().unwrap();
        store::ensure_address(&mut conn, elsa, Millis(1)).unwrap();
    }
    let other = {
        let created = app
            .create_form(&[
                ("name1", "Elsa"),
                ("email1", elsa),
                ("creator", "1"),
                ("name2", "Dino"),
                ("email2", dino),
            ])
            .await;
        assert_eq!(created.status, 303, "{}", created.body);
        SeatLink::parse(&app.url(&created.location.unwrap()))
            .unwrap()
            .game
    };
    {
        let mut conn = app.running.db.get().unwrap();
        store::record_conduct(&mut conn, &other, 0, Conduct::Finished, Millis(2)).unwrap();
        store::set_reliability_hidden(&mut conn, elsa, true).unwrap();
    }
    let link = claim_link(&app, &game, "Elsa", elsa).await;
    let hidden = app.post_form(&link, &[]).await;
    assert_eq!(hidden.status, 403, "{}", hidden.body);
    assert!(
        hidden.text().contains("you hide your record"),
        "{}",
        hidden.text()
    );
    // Shown again, her record takes the seat and starts the game.
    {
        let mut conn = app.running.db.get().unwrap();
        store::set_reliability_hidden(&mut conn, elsa, false).unwrap();
    }
    let seated = app.post_form(&link, &[]).await;
    assert_eq!(seated.status, 303, "{}", seated.body);
    let seat = SeatLink::parse(&seated.location.unwrap()).expect("Elsa's seat link");
    assert_eq!((seat.game.as_str(), seat.seat), (game.as_str(), 3));
    app.stop().await;
}
