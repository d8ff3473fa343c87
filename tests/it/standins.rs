//! Stand-ins (issue 31, item 4): the creator of a running game lists a resigned seat in the
//! lobby; anyone asks for it there, proves their address by the mailed link and takes the seat
//! over from the bot, on both backends through HTTP, the API and a real SMTP server.

use crate::support;

use corriere::domain::GameId;
use corriere::store;
use support::{email_of, Backend, SeatLink, TestApp};

on_each_backend!(a_resigned_seat_listed_in_the_lobby_is_taken_over_by_a_stand_in);

const DINO: &str = "dino@example.net";

async fn a_resigned_seat_listed_in_the_lobby_is_taken_over_by_a_stand_in(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let creator = app.create_game(3, &[]).await;
    let links = app.accept_all(&creator.game, 3).await;
    let (alice, bob, carla) = (&links[0], &links[1], &links[2]);
    let game = alice.game.clone();
    let id = GameId::parse(&game).unwrap();
    let conn = || app.running.db.get().unwrap();
    let list = |link: &SeatLink, seat: &'static str, on: &'static str| {
        let action = format!("{}/standin", link.url);
        let app = &app;
        async move { app.post_form(&action, &[("seat", seat), ("on", on)]).await }
    };
    let lobby = || async { app.get("/api/v1/lobby").await.json() };
    // Nobody has resigned: there is nothing to list.
    let early = list(alice, "3", "1").await;
    assert!(early.status >= 400, "{}", early.body);
    assert_eq!(lobby().await, serde_json::json!([]));

    let resigned = app
        .post_form(&format!("{}/resign", carla.url), &[("confirm", "yes")])
        .await;
    assert_eq!(resigned.status, 303, "{}", resigned.body);
    // Only the creator lists, and only a resigned seat.
    let by_bob = list(bob, "3", "1").await;
    assert!(by_bob.status >= 400, "{}", by_bob.body);
    let not_resigned = list(alice, "2", "1").await;
    assert!(not_resigned.status >= 400, "{}", not_resigned.body);
    assert!(store::standins_of(&mut conn(), &id).unwrap().is_empty());
    assert_eq!(lobby().await, serde_json::json!([]));

    // Alice's page offers it; listed, the lobby shows the running game and the seat.
    let page = app.seat_page(alice).await;
    assert!(page.body.contains("id=\"standin-3\""), "{}", page.body);
    assert!(!app.seat_page(bob).await.body.contains("id=\"standin-3\""));
    let listed = list(alice, "3", "1").await;
    assert_eq!(listed.status, 303, "{}", listed.body);
    let page = app.get(&listed.location.unwrap()).await;
    assert!(
        page.text().contains("Seat 3 is listed in the lobby"),
        "{}",
        page.text()
    );
    let entries = lobby().await;
    assert_eq!(entries.as_array().unwrap().len(), 1, "{entries}");
    let entry = &entries[0];
    assert_eq!(entry["id"], game.as_str());
    assert_eq!(entry["open_seats"], serde_json::json!([3]));
    let seq = app.api_game(&game).await.json()["seq"].as_i64().unwrap();
    assert_eq!(entry["standin_at"], seq);
    let names: Vec<&str> = entry["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Alice", "Bob"]);
    let html = app.get("/lobby").await;
    assert!(html.text().contains("Stand-in wanted"), "{}", html.text());
    // The lobby shows names, never an address or anyone's hand.
    for body in [entries.to_string(), html.body.clone()] {
        for seat in 1..=3 {
            assert!(!body.contains(email_of(seat)), "{body}");
        }
        for link in &links {
            assert!(!body.contains(&link.token));
        }
    }

    // Dino asks for it: the link that takes it over is mailed to him, and nothing changes yet.
    app.deliver_mail().await;
    let before = app.smtp.count();
    let asked = app
        .post_form(
            &format!("/lobby/{game}"),
            &[("seat", "3"), ("name", "Dino"), ("email", DINO)],
        )
        .await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    assert!(asked.text().contains("Check your mail"), "{}", asked.body);
    app.deliver_mail().await;
    let new: Vec<_> = app.smtp.mails().into_iter().skip(before).collect();
    assert_eq!(new.len(), 1, "one mail, to Dino");
    assert_eq!(new[0].to, DINO);
    let take = new[0].url_containing(&format!("/games/{game}/take/3/"));
    let seats = store::seats_of(&mut conn(), &id).unwrap();
    assert_eq!(
        (seats[2].name.as_str(), seats[2].control.as_str()),
        ("Carla", "bot")
    );
    // Following it, the seat is his: his own link, the bot stops, Carla's old link is refused,
    // the lobby lists it no more, and the table is told.
    let taken = app.post_form(&take.replace(&app.base, ""), &[]).await;
    assert_eq!(taken.status, 303, "{}", taken.body);
    let dino = SeatLink::parse(&app.url(&taken.location.expect("Dino's seat"))).unwrap();
    assert_eq!(dino.seat, 3);
    let seats = store::seats_of(&mut conn(), &id).unwrap();
    assert_eq!(
        (
            seats[2].name.as_str(),
            seats[2].email.as_str(),
            seats[2].control.as_str()
        ),
        ("Dino", DINO, "player")
    );
    assert_eq!(app.seat_page(&dino).await.status, 200);
    assert_eq!(
        app.seat_page(carla).await.status,
        403,
        "Carla's old link stops"
    );
    assert_eq!(lobby().await, serde_json::json!([]));
    assert!(store::standins_of(&mut conn(), &id).unwrap().is_empty());
    app.deliver_mail().await;
    for seat in 1..=2 {
        assert!(
            app.smtp
                .mails_to(email_of(seat))
                .iter()
                .any(|m| m.text.contains("Dino")),
            "seat {seat} is told"
        );
    }
    // The same link again comes too late.
    let again = app.post_form(&take.replace(&app.base, ""), &[]).await;
    assert_ne!(again.status, 303, "{}", again.body);
    app.stop().await;
}
