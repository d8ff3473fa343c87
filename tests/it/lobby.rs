//! Open games and the lobby (issue 31, item 1), through HTTP and a real SMTP server on both
//! backends: a listed game with an open seat in `/lobby` and `GET /api/v1/lobby` (names, never
//! addresses), an unlisted one kept out, claims by the first confirmed taker and by the
//! creator's approval (approved and declined), two takers racing for the last seat.

use crate::support;

use support::{Backend, Mail, Page, SeatLink, TestApp};

on_each_backend!(
    a_listed_game_shows_in_the_lobby_until_its_open_seat_is_claimed_and_the_game_starts,
    the_creator_approves_or_declines_each_claim_in_approve_mode,
    of_two_takers_racing_for_the_last_seat_exactly_one_gets_it,
    the_api_creates_a_listed_game_with_an_open_seat_and_refuses_a_named_one,
    a_last_claim_whose_start_fails_leaves_the_seat_open_and_starts_nothing,
    everyone_in_a_waiting_game_is_told_when_a_seat_is_taken,
);

const ALICE: &str = "alice@example.org";
const BOB: &str = "bob@example.org";
const DINO: &str = "dino@example.org";
const ELSA: &str = "elsa@example.org";

/// Create by the form a game of Alice (seat 1, the creator), Bob when `bob`, and one open
/// seat last; `listed` and `claims` as the form sends them. Its id, once Alice confirmed.
async fn open_game(app: &TestApp, title: &str, bob: bool, listed: bool, claims: &str) -> String {
    let mut fields = vec![
        ("name1", "Alice"),
        ("email1", ALICE),
        ("creator", "1"),
        ("title", title),
        ("claims", claims),
    ];
    if bob {
        fields.extend([("name2", "Bob"), ("email2", BOB), ("open3", "on")]);
    } else {
        fields.push(("open2", "on"));
    }
    if listed {
        fields.push(("listed", "on"));
    }
    let page = app.create_form(&fields).await;
    assert_eq!(page.status, 303, "creating: {}", page.body);
    let creator = SeatLink::parse(&app.url(&page.location.unwrap())).unwrap();
    creator.game
}

/// Accept the seat of `address` in `game` through its mailed link.
async fn accept(app: &TestApp, address: &str, game: &str) -> SeatLink {
    app.deliver_mail().await;
    let link = app.link_from_latest(address, |m| {
        (m.is_invitation() || m.is_confirmation()) && m.text.contains(game)
    });
    let page = app.accept(&link, "", "").await;
    assert_eq!(page.status, 303, "accepting: {}", page.body);
    link
}

/// Ask for `seat` of `game` as `name` at `address`; the link mailed to that address.
async fn claim(app: &TestApp, game: &str, seat: &str, name: &str, address: &str) -> String {
    app.deliver_mail().await;
    let before = app.smtp.count();
    let asked = app
        .post_form(
            &format!("/lobby/{game}"),
            &[("seat", seat), ("name", name), ("email", address)],
        )
        .await;
    assert_eq!(asked.status, 200, "claiming: {}", asked.body);
    assert!(asked.text().contains("Check your mail"), "{}", asked.body);
    app.deliver_mail().await;
    let new: Vec<Mail> = app.smtp.mails().into_iter().skip(before).collect();
    // The claim's mail goes to the address typed, and to nobody else.
    assert_eq!(new.len(), 1, "one mail: {:?}", subjects(&new));
    assert_eq!(new[0].to, address);
    assert!(
        new[0].subject.starts_with("Confirm your seat in"),
        "{}",
        new[0].subject
    );
    new[0].url_containing(&format!("/lobby/{game}/claim/{seat}/"))
}

fn subjects(mails: &[Mail]) -> Vec<(String, String)> {
    mails
        .iter()
        .map(|m| (m.to.clone(), m.subject.clone()))
        .collect()
}

fn started_to(app: &TestApp, address: &str, game: &str) -> usize {
    app.smtp
        .mails_to(address)
        .iter()
        .filter(|m| m.is_started() && m.text.contains(game))
        .count()
}

fn lobby_ids(page: &Page) -> Vec<String> {
    page.json()
        .as_array()
        .expect("an array")
        .iter()
        .map(|g| g["id"].as_str().unwrap().to_owned())
        .collect()
}

/// No address of anyone appears on a page anyone may read.
fn no_addresses(page: &Page) {
    let text = page.text();
    for address in [ALICE, BOB, DINO, ELSA, "example.org"] {
        assert!(!text.contains(address), "{address} shows:\n{text}");
    }
}

async fn a_listed_game_shows_in_the_lobby_until_its_open_seat_is_claimed_and_the_game_starts(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let game = open_game(&app, "Friday table", true, true, "first").await;
    // Before its creator confirmed, nobody sees it.
    let lobby = app.get("/lobby").await;
    assert_eq!(lobby.status, 200);
    assert!(!lobby.body.contains(&game), "{}", lobby.body);
    app.confirm(&game).await;
    accept(&app, ALICE, &game).await;
    let bob = accept(&app, BOB, &game).await;
    app.deliver_mail().await;
    let invitation = app
        .smtp
        .latest_to(BOB, |m| m.is_invitation() && m.text.contains(&game))
        .unwrap();
    assert!(
        invitation.text.contains("(open seat)"),
        "{}",
        invitation.text
    );
    let public = app.public_page(&game).await;
    assert!(
        public.text().contains("Waiting for (open seat)"),
        "{}",
        public.body
    );
    let waiting = app.seat_page(&bob).await;
    assert!(waiting.text().contains("(open seat)"), "{}", waiting.body);
    assert!(
        waiting
            .body
            .contains(&format!("/lobby/{game}\" id=\"claim-page-link\"")),
        "the waiting seat page offers the claim page to share: {}",
        waiting.body
    );
    assert_eq!(started_to(&app, ALICE, &game), 0, "an open seat waits");
    let hidden = open_game(&app, "Invitation only", true, false, "first").await;
    app.confirm(&hidden).await;

    let home = app.home().await;
    assert!(
        home.body.contains("href=\"/lobby\""),
        "home links the lobby"
    );
    let lobby = app.get("/lobby").await;
    assert_eq!(lobby.status, 200);
    let text = lobby.text();
    assert!(lobby.body.contains(&format!("/lobby/{game}")), "{text}");
    assert!(text.contains("Friday table"), "{text}");
    for shown in [
        "Condottiere",
        "Seat 1: Alice",
        "Seat 2: Bob",
        "Seat 3",
        "3 days per decision",
        "English",
    ] {
        assert!(text.contains(shown), "{shown} missing:\n{text}");
    }
    assert!(
        !lobby.body.contains(&hidden),
        "an unlisted game is not listed"
    );
    no_addresses(&lobby);
    // The filters are plain GET fields.
    assert!(app
        .get("/lobby?game=condottiere&language=en")
        .await
        .body
        .contains(&game));
    assert!(!app.get("/lobby?game=war").await.body.contains(&game));
    assert!(!app.get("/lobby?language=pt").await.body.contains(&game));
    let portuguese = app
        .read_raw(
            app.client
                .get(app.url("/lobby"))
                .header("Accept-Language", "pt-BR"),
        )
        .await;
    assert!(
        portuguese.text().contains("Jogos abertos"),
        "{}",
        portuguese.body
    );
    assert!(portuguese.body.contains(&game));

    let api = app.get("/api/v1/lobby").await;
    assert_eq!(api.status, 200, "{}", api.body);
    assert_eq!(lobby_ids(&api), vec![game.clone()]);
    let entry = &api.json()[0];
    assert_eq!(entry["game"], "condottiere");
    assert_eq!(entry["title"], "Friday table");
    assert_eq!(entry["hours_per_decision"], 72);
    assert_eq!(entry["language"], "en");
    assert_eq!(entry["open_seats"], serde_json::json!([3]));
    assert_eq!(entry["claims"], "first_taker");
    assert_eq!(entry["min_finished"], serde_json::Value::Null);
    let clean = serde_json::json!({
        "games_finished": 0, "deadlines_missed": 0, "resignations": 0, "games_left_to_a_bot": 0
    });
    assert_eq!(
        entry["players"],
        serde_json::json!([
            {"seat": 1, "name": "Alice", "reliability": clean},
            {"seat": 2, "name": "Bob", "reliability": clean}
        ])
    );
    assert!(entry["options"].is_array());
    assert!(entry["claim_url"]
        .as_str()
        .unwrap()
        .ends_with(&format!("/lobby/{game}")));
    no_addresses(&api);
    assert!(lobby_ids(&app.get("/api/v1/lobby?game=war").await).is_empty());
    assert!(lobby_ids(&app.get("/api/v1/lobby?language=pt").await).is_empty());

    // A claim: the form, the mail to the address typed, the link's page and its button.
    let form = app.get(&format!("/lobby/{game}")).await;
    assert_eq!(form.status, 200);
    no_addresses(&form);
    let refused = app
        .post_form(
            &format!("/lobby/{game}"),
            &[("seat", "3"), ("name", "Dino"), ("email", "not an address")],
        )
        .await;
    assert_eq!(refused.status, 400);
    let link = claim(&app, &game, "3", "Dino", DINO).await;
    let offer = app.get(&link).await;
    assert_eq!(offer.status, 200, "{}", offer.body);
    assert!(offer.body.contains("confirm-claim"), "{}", offer.body);
    let forged = app
        .post_form(&link.replace("/claim/3/", "/claim/2/"), &[])
        .await;
    assert_eq!(forged.status, 403, "a link for another seat is refused");
    let confirmed = app.post_form(&link, &[]).await;
    assert_eq!(confirmed.status, 303, "{}", confirmed.body);
    let seat = SeatLink::parse(&confirmed.location.unwrap()).expect("the taker's seat link");
    assert_eq!((seat.game.as_str(), seat.seat), (game.as_str(), 3));
    app.deliver_mail().await;
    for address in [ALICE, BOB, DINO] {
        assert_eq!(
            started_to(&app, address, &game),
            1,
            "{address} told of the start"
        );
    }
    let page = app.seat_page(&seat).await;
    assert_eq!(page.status, 200);
    assert!(page.text().contains("Dino"));
    // A filled game leaves the lobby; its link is spent.
    assert!(!app.get("/lobby").await.body.contains(&game));
    assert!(lobby_ids(&app.get("/api/v1/lobby").await).is_empty());
    assert_eq!(app.get(&link).await.status, 410);
    assert_eq!(app.post_form(&link, &[]).await.status, 409);
    // The unlisted game's seat is claimed by its address, as an invitation.
    assert_eq!(app.get(&format!("/lobby/{hidden}")).await.status, 200);
    app.stop().await;
}

async fn the_creator_approves_or_declines_each_claim_in_approve_mode(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let game = open_game(&app, "Approved table", false, true, "approve").await;
    app.confirm(&game).await;
    accept(&app, ALICE, &game).await;
    let api = app.get("/api/v1/lobby").await;
    assert_eq!(api.json()[0]["claims"], "approve");

    // Dino confirms his address; Alice is asked, declines; Dino is told.
    let link = claim(&app, &game, "2", "Dino", DINO).await;
    let asked = app.post_form(&link, &[]).await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    assert!(
        asked.text().contains("sent to the creator"),
        "{}",
        asked.body
    );
    app.deliver_mail().await;
    let request = app
        .smtp
        .latest_to(ALICE, |m| m.subject.starts_with("Dino asks for a seat"))
        .expect("the creator is asked");
    assert!(
        !request.readable().contains(DINO),
        "the request names, never addresses"
    );
    let approve = request.url_containing(&format!("/lobby/{game}/approve/2/"));
    let page = app.get(&approve).await;
    assert_eq!(page.status, 200);
    assert!(page.text().contains("Dino"));
    let declined = app.post_form(&approve, &[("decision", "decline")]).await;
    assert_eq!(declined.status, 200, "{}", declined.body);
    assert_eq!(
        app.get(&approve).await.status,
        410,
        "a claim is answered once"
    );
    app.deliver_mail().await;
    assert!(app
        .smtp
        .latest_to(DINO, |m| m.subject.ends_with("your claim was declined"))
        .is_some());
    assert_eq!(
        lobby_ids(&app.get("/api/v1/lobby").await),
        vec![game.clone()]
    );
    assert_eq!(started_to(&app, ALICE, &game), 0);

    // Elsa's claim is approved: she has the seat and the game starts.
    let link = claim(&app, &game, "2", "Elsa", ELSA).await;
    assert_eq!(app.post_form(&link, &[]).await.status, 200);
    app.deliver_mail().await;
    let request = app
        .smtp
        .latest_to(ALICE, |m| m.subject.starts_with("Elsa asks for a seat"))
        .expect("the creator is asked");
    let approve = request.url_containing("/approve/2/");
    let approved = app.post_form(&approve, &[("decision", "approve")]).await;
    assert_eq!(approved.status, 200, "{}", approved.body);
    assert!(
        approved.text().contains("The seat is given"),
        "{}",
        approved.body
    );
    app.deliver_mail().await;
    assert_eq!(started_to(&app, ALICE, &game), 1);
    assert_eq!(started_to(&app, ELSA, &game), 1);
    assert_eq!(started_to(&app, DINO, &game), 0);
    assert!(lobby_ids(&app.get("/api/v1/lobby").await).is_empty());
    // The creator's link is answered once: approving again changes nothing.
    assert_eq!(app.get(&approve).await.status, 410);
    assert_eq!(
        app.post_form(&approve, &[("decision", "approve")])
            .await
            .status,
        403
    );
    assert!(app
        .smtp
        .latest_to(ELSA, |m| m.subject.contains("was taken"))
        .is_none());

    app.stop().await;
}

async fn of_two_takers_racing_for_the_last_seat_exactly_one_gets_it(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let game = open_game(&app, "Race", false, true, "first").await;
    app.confirm(&game).await;
    accept(&app, ALICE, &game).await;
    let dino = claim(&app, &game, "2", "Dino", DINO).await;
    let elsa = claim(&app, &game, "2", "Elsa", ELSA).await;
    let (a, b) = tokio::join!(app.post_form(&dino, &[]), app.post_form(&elsa, &[]));
    let mut statuses = [a.status, b.status];
    statuses.sort();
    assert_eq!(statuses, [303, 409], "{} / {}", a.body, b.body);
    let loser = if a.status == 409 { &a } else { &b };
    assert!(
        loser.text().contains("The seat was taken"),
        "{}",
        loser.body
    );
    let winner = if a.status == 303 { DINO } else { ELSA };
    app.deliver_mail().await;
    assert_eq!(started_to(&app, ALICE, &game), 1, "the game started once");
    assert_eq!(started_to(&app, winner, &game), 1);
    assert_eq!(
        started_to(&app, DINO, &game) + started_to(&app, ELSA, &game),
        1
    );
    app.stop().await;
}

async fn the_api_creates_a_listed_game_with_an_open_seat_and_refuses_a_named_one(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let named = app
        .api_create(&serde_json::json!({
            "seats": [{"name": "Alice", "email": ALICE}, {"open": true, "name": "Bob"}],
            "listed": true
        }))
        .await;
    assert_eq!(named.status, 400, "{}", named.body);
    let creator_open = app
        .api_create(&serde_json::json!({
            "seats": [{"open": true}, {"name": "Alice", "email": ALICE}],
            "listed": true
        }))
        .await;
    assert_eq!(creator_open.status, 400, "{}", creator_open.body);
    let created = app
        .api_create_confirmed(&serde_json::json!({
            "seats": [{"name": "Alice", "email": ALICE}, {"open": true}],
            "listed": true,
            "claims": "approve",
            "hours_per_decision": 24
        }))
        .await;
    let game = created.json()["id"].as_str().unwrap().to_owned();
    let lobby = app.get("/api/v1/lobby").await;
    assert_eq!(lobby_ids(&lobby), vec![game.clone()]);
    let entry = &lobby.json()[0];
    assert_eq!(entry["claims"], "approve");
    assert_eq!(entry["hours_per_decision"], 24);
    assert_eq!(entry["open_seats"], serde_json::json!([2]));
    no_addresses(&lobby);
    app.stop().await;
}

/// Taking the last open seat starts the game in the same transaction: when that transaction
/// fails (its start mails cannot be written, as on a full disk or a lost connection), the seat
/// stays open, the game waits and nobody is mailed; the same link then takes the seat and
/// starts the game once.
async fn a_last_claim_whose_start_fails_leaves_the_seat_open_and_starts_nothing(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let game = open_game(&app, "Fragile table", true, true, "first").await;
    app.confirm(&game).await;
    accept(&app, ALICE, &game).await;
    accept(&app, BOB, &game).await;
    let link = claim(&app, &game, "3", "Dino", DINO).await;
    app.deliver_mail().await;
    let before = app.smtp.count();
    crate::http::break_writes(
        &mut app.running.db.get().unwrap(),
        &backend,
        "INSERT",
        "outbox",
    );
    let failed = app.post_form(&link, &[]).await;
    assert_eq!(failed.status, 500, "{}", failed.body);
    assert!(
        failed.text().contains("Something went wrong on our side"),
        "{}",
        failed.body
    );
    let api = app.api_game(&game).await.json();
    assert_eq!(api["status"], "inviting", "the game did not start: {api}");
    assert_eq!(
        app.get("/api/v1/lobby").await.json()[0]["open_seats"],
        serde_json::json!([3]),
        "the seat is still open"
    );
    assert_eq!(app.step_mail().await.claimed, 0);
    assert_eq!(app.smtp.count(), before, "nobody was mailed");

    crate::http::repair_writes(&mut app.running.db.get().unwrap(), &backend, "outbox");
    let taken = app.post_form(&link, &[]).await;
    assert_eq!(taken.status, 303, "{}", taken.body);
    app.deliver_mail().await;
    for address in [ALICE, BOB, DINO] {
        assert_eq!(started_to(&app, address, &game), 1, "{address}");
    }
    assert_eq!(app.api_game(&game).await.json()["status"], "playing");
    app.stop().await;
}

/// A seat taken while others stay open: everyone already in is told who took which seat and
/// how many are left; the taker gets their own seat's mail, not that one.
async fn everyone_in_a_waiting_game_is_told_when_a_seat_is_taken(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let page = app
        .create_form(&[
            ("name1", "Alice"),
            ("email1", ALICE),
            ("creator", "1"),
            ("title", "Big table"),
            ("name2", "Bob"),
            ("email2", BOB),
            ("open3", "on"),
            ("open4", "on"),
            ("listed", "on"),
        ])
        .await;
    assert_eq!(page.status, 303, "{}", page.body);
    let game = SeatLink::parse(&app.url(&page.location.unwrap()))
        .unwrap()
        .game;
    app.confirm(&game).await;
    accept(&app, ALICE, &game).await;
    accept(&app, BOB, &game).await;
    let link = claim(&app, &game, "3", "Dino", DINO).await;
    assert_eq!(app.post_form(&link, &[]).await.status, 303);
    app.deliver_mail().await;
    for address in [ALICE, BOB] {
        let told: Vec<Mail> = app
            .smtp
            .mails_to(address)
            .into_iter()
            .filter(|m| m.subject == "Dino joined Big table")
            .collect();
        assert_eq!(
            told.len(),
            1,
            "{address}: {:?}",
            subjects(&app.smtp.mails())
        );
        let text = told[0].readable();
        assert!(
            text.contains("Dino took seat 3. One seat is still open"),
            "{text}"
        );
        assert!(!text.contains(DINO), "names, never addresses: {text}");
    }
    assert!(app
        .smtp
        .mails_to(DINO)
        .iter()
        .all(|m| !m.subject.contains("joined")));
    assert_eq!(started_to(&app, ALICE, &game), 0, "seat 4 is still open");
    app.stop().await;
}
