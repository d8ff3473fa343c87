//! Reliability beside a name: counted from the games as they happen (games finished, deadlines
//! missed, resignations, games left to a bot), kept with the person, shown on game pages and in
//! the API, and hidden when the person asks.

use crate::support;
use crate::time::{accept, create, pass_time};

use corriere::service::time::TimeRules;
use serde_json::Value;
use support::{choose_move, email_of, move_forms, owes_a_decision, Backend, Chooser, TestApp};

on_each_backend!(reliability_counts_what_each_person_did_and_hides_when_they_ask,);

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
