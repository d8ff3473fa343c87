//! A game of simultaneous written orders that lives only in the tests (`orders/game.rs`),
//! played end to end through HTTP and real mail with no change to the service; and options
//! with choices (its map) offered, read and refused by the create form and the API.

use crate::support;

pub mod game;

use corriere::engine::Seat;
use corriere::kinds::{kind, Registry};
use game::{Action, Area, Order};
use support::{Backend, Mail, Page, SeatLink, TestApp};

pub fn registry() -> Registry {
    Registry::standard()
        .with(kind(game::Present))
        .expect("the game of orders registers")
}

pub const PLAYERS: [(&str, &str); 3] = [
    ("Ada", "ada@orders.test"),
    ("Boris", "boris@orders.test"),
    ("Cleo", "cleo@orders.test"),
];

pub fn order(unit: Area, order: Order) -> String {
    serde_json::to_string(&Action::Order { unit, order }).unwrap()
}

pub fn ready() -> String {
    serde_json::to_string(&Action::Ready).unwrap()
}

/// The form fields of a game of `players` on `map` with this pace ("" for the default).
pub fn creation<'a>(players: usize, map: &'a str, pace: &'a str) -> Vec<(&'a str, &'a str)> {
    let mut fields = vec![("game", "orders"), ("creator", "1"), ("map", map)];
    for (i, (name, email)) in PLAYERS[..players].iter().enumerate() {
        fields.push((["name1", "name2", "name3"][i], *name));
        fields.push((["email1", "email2", "email3"][i], *email));
    }
    if !pace.is_empty() {
        fields.push(("pace", pace));
    }
    fields
}

/// A game of two on the ring created by the form, confirmed and accepted: both seats' links.
pub async fn started(app: &TestApp, pace: &str) -> Vec<SeatLink> {
    started_with(app, &creation(2, "ring", pace)).await
}

/// A game of two created with these form fields, confirmed and accepted by both.
pub async fn started_with(app: &TestApp, fields: &[(&str, &str)]) -> Vec<SeatLink> {
    let created = app.create_form(fields).await;
    assert_eq!(created.status, 303, "{}", created.body);
    let game = SeatLink::parse(&app.url(&created.location.unwrap()))
        .unwrap()
        .game;
    app.confirm(&game).await;
    app.deliver_mail().await;
    let mut links = Vec::new();
    for (name, email) in &PLAYERS[..2] {
        let invitation = app
            .smtp
            .latest_to(email, |m| m.is_invitation() || m.is_confirmation())
            .unwrap_or_else(|| panic!("{name} is invited"));
        let link = invitation.seat_link();
        let page = app.accept(&link, "", "").await;
        assert_eq!(page.status, 303, "{}", page.body);
        links.push(link);
    }
    app.deliver_mail().await;
    // Each player has a webhook nobody answers: what it would be told stays queued, and the
    // privacy sweeps read it.
    for (_, email) in &PLAYERS[..2] {
        let settings = crate::support::settings_path(app, email);
        let set = app
            .post_form(
                &format!("{settings}/webhook"),
                &[("url", "http://127.0.0.1:9/hook"), ("format", "json")],
            )
            .await;
        assert_eq!(set.status, 303, "{}", set.body);
    }
    links
}

/// Post one action from the seat's page as it stands now.
pub async fn post(app: &TestApp, link: &SeatLink, action: &str) -> Page {
    let seq = app.seat_page(link).await.seq().expect("a receipt line");
    let page = app
        .post_move(link, &[("seq", &seq.to_string()), ("action", action)])
        .await;
    assert_eq!(page.status, 303, "{action}: {}", page.body);
    page
}

/// The latest turn mail to a player.
pub fn latest_turn(app: &TestApp, seat: usize) -> Mail {
    app.smtp
        .latest_to(PLAYERS[seat].1, |m| m.is_your_turn())
        .expect("a your-turn mail")
}

/// The newest answer to a player's reply.
pub fn latest_answer(app: &TestApp, seat: usize) -> Mail {
    app.smtp
        .latest_to(PLAYERS[seat].1, |m| m.subject.contains("your reply"))
        .expect("an answer to the reply")
}

/// Every surface another seat or a spectator reads, each named.
pub async fn surfaces_of_others(
    app: &TestApp,
    other: &SeatLink,
    game: &str,
) -> Vec<(String, String)> {
    let mut all = vec![
        (
            "the other seat's page".into(),
            app.seat_page(other).await.text(),
        ),
        (
            "the other seat's API answer".into(),
            app.api_seat(other).await.body,
        ),
        ("the public page".into(), app.public_page(game).await.text()),
        ("the public API".into(), app.api_game(game).await.body),
        (
            "the running record".into(),
            app.get(&format!("/games/{game}/record.json")).await.body,
        ),
        (
            "the other seat's history".into(),
            app.get(&format!("{}/history", other.url)).await.text(),
        ),
        (
            "the public history".into(),
            app.get(&format!("/games/{game}/history")).await.text(),
        ),
        (
            "the other seat's talk".into(),
            app.get(&format!("{}/talk", other.url)).await.text(),
        ),
        (
            "the public talk".into(),
            app.get(&format!("/games/{game}/talk")).await.text(),
        ),
        ("the game's feed".into(), app.game_feed(other).await),
    ];
    let head = app.api_game(game).await.json()["seq"].as_i64().unwrap_or(0);
    for seq in 1..=head {
        let page = app.get(&format!("/games/{game}/replay/{seq}")).await;
        assert_eq!(page.status, 200, "{}", page.body);
        all.push((format!("the replay viewer at move {seq}"), page.text()));
    }
    let address = PLAYERS[other.seat as usize - 1].1;
    for mail in app.smtp.mails_to(address) {
        all.push((format!("the mail {:?}", mail.subject), mail.readable()));
    }
    let hooks = corriere::store::webhook_rows(&mut app.running.db.get().unwrap()).unwrap();
    for hook in hooks.into_iter().filter(|h| h.address == address) {
        all.push(("a webhook delivery".into(), hook.body));
    }
    all.push(("the lobby".into(), app.get("/lobby").await.text()));
    all.push(("the lobby API".into(), app.get("/api/v1/lobby").await.body));
    all
}

/// Assert that no surface another seat reads shows `words` (an order not yet resolved).
pub async fn assert_hidden(app: &TestApp, other: &SeatLink, game: &str, words: &[&str]) {
    for (what, body) in surfaces_of_others(app, other, game).await {
        for w in words {
            assert!(
                !body.contains(w),
                "{what} shows {w:?} before the phase resolved"
            );
        }
    }
}

on_each_backend!(a_game_of_written_orders_is_played_by_forms_the_api_mail_and_the_clock);

async fn a_game_of_written_orders_is_played_by_forms_the_api_mail_and_the_clock(backend: Backend) {
    let games = registry();
    let app = TestApp::spawn_with(&backend, games.clone()).await;
    let links = started(&app, "12").await;
    let (ada, boris) = (&links[0], &links[1]);
    let game = ada.game.clone();
    for seat in 0..2 {
        let mail = latest_turn(&app, seat);
        assert!(
            mail.text
                .contains("write your orders for phase 1 and say READY"),
            "{}",
            mail.text
        );
    }
    assert!(latest_turn(&app, 0)
        .text
        .contains("Your units: Alba and Borgo."));

    // Phase 1 by forms and the API. Ada writes, revises, and says READY.
    post(&app, ada, &order(Area::Borgo, Order::Hold)).await;
    post(
        &app,
        ada,
        &order(Area::Borgo, Order::Move { to: Area::Colle }),
    )
    .await;
    post(
        &app,
        ada,
        &order(Area::Alba, Order::Support { unit: Area::Borgo }),
    )
    .await;
    let page = app.seat_page(ada).await;
    assert!(
        page.text()
            .contains("Your orders this phase: Alba supports Borgo; Borgo moves to Colle"),
        "{}",
        page.text()
    );
    assert!(page.text().contains("Ada orders: Borgo moves to Colle."));
    post(&app, ada, &ready()).await;
    // A vote at the table while her orders are secret: its mail, page lines and entry are
    // surfaces too. Boris is told, and declines once the sweep has read everything.
    let seq = app.seat_page(ada).await.seq().unwrap().to_string();
    let fields = [("seq", seq.as_str()), ("vote", "pause"), ("hours", "24")];
    let voted = app.post_form(&format!("{}/vote", ada.url), &fields).await;
    assert_eq!(voted.status, 303, "{}", voted.body);
    app.deliver_mail().await;
    assert!(app
        .smtp
        .mails_to(PLAYERS[1].1)
        .iter()
        .any(|m| m.subject.contains("a vote at the table")));
    // Her private notes too: on no surface of anyone else's.
    let noted = app
        .post_form(
            &format!("{}/note", ada.url),
            &[("text", "Boris trusts me (ploy-velvet-303)")],
        )
        .await;
    assert_eq!(noted.status, 303, "{}", noted.body);
    let secret = [
        "Borgo moves to Colle",
        "Alba supports Borgo",
        "Borgo holds",
        "ploy-velvet-303",
    ];
    assert_hidden(&app, boris, &game, &secret).await;
    assert!(app.seat_page(ada).await.body.contains("ploy-velvet-303"));
    let seq = app.seat_page(boris).await.seq().unwrap().to_string();
    let fields = [("seq", seq.as_str()), ("vote", "decline")];
    let declined = app.post_form(&format!("{}/vote", boris.url), &fields).await;
    assert_eq!(declined.status, 303, "{}", declined.body);
    let boris_view = app.api_seat(boris).await.json();
    assert_eq!(boris_view["view"]["orders"][0], serde_json::Value::Null);
    assert_eq!(boris_view["view"]["ready"][0], true);
    let record = app.get(&format!("/games/{game}/record.json")).await;
    let replayed = app.get(&format!("/games/{game}/replay/1")).await;
    assert!(
        replayed.text().contains("a hidden choice"),
        "{}",
        replayed.text()
    );
    assert!(!record.body.contains("\"move\""), "{}", record.body);

    // Boris by the API: a move the rules refuse is refused with the rule, then his orders.
    let seq = app.api_seat(boris).await.json()["seq"].as_i64().unwrap();
    let refused = app
        .api_move(
            boris,
            seq,
            &serde_json::json!({"type": "order", "unit": "dora", "order": {"type": "move", "to": "alba"}}),
        )
        .await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert!(
        refused.body.contains("Dora does not border Alba"),
        "{}",
        refused.body
    );
    for action in [
        serde_json::json!({"type": "order", "unit": "dora", "order": {"type": "move", "to": "colle"}}),
        serde_json::json!({"type": "ready"}),
    ] {
        let seq = app.api_seat(boris).await.json()["seq"].as_i64().unwrap();
        let answer = app.api_move(boris, seq, &action).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
    }

    // Resolved: Ada's supported move wins; every order is public on every surface now.
    let public = app.public_page(&game).await.text();
    for line in [
        "Phase 1, Ada ordered: Borgo moves to Colle.",
        "Phase 1, Ada ordered: Alba supports Borgo.",
        "Phase 1, Boris ordered: Dora moves to Colle.",
        "Phase 1, Boris ordered: Elce holds.",
        "Ada orders: Borgo moves to Colle.",
        "Ada's unit moves from Borgo to Colle.",
        "Boris's unit in Dora fails to reach Colle.",
        "Phase 1 is resolved.",
    ] {
        assert!(public.contains(line), "{line}: {public}");
    }
    assert!(app
        .seat_page(boris)
        .await
        .text()
        .contains("Ada orders: Borgo holds."));
    let record = app.get(&format!("/games/{game}/record.json")).await;
    assert!(record.body.contains("\"colle\""), "{}", record.body);
    let replayed = app.get(&format!("/games/{game}/replay/1")).await;
    assert!(
        !replayed.text().contains("a hidden choice"),
        "{}",
        replayed.text()
    );
    assert!(
        replayed.text().contains("Borgo holds"),
        "{}",
        replayed.text()
    );

    // Phase 2: Ada by mail, several order lines a reply (the seat that resolved a phase is
    // not mailed for the next one, so Boris plays this one from his page).
    app.deliver_mail().await;
    let turn = latest_turn(&app, 0);
    assert!(turn.text.contains("phase 2"), "{}", turn.text);
    assert!(
        turn.text.contains("Your units: Alba and Colle."),
        "{}",
        turn.text
    );
    let lmtp = app.reply(&turn, "Colle hold\nAlba move to Fonte", "").await;
    assert!(lmtp.starts_with("250"), "{lmtp}");
    app.deliver_mail().await;
    let answer = latest_answer(&app, 0);
    assert!(answer.text.contains("Applied"), "{}", answer.text);
    let mine = app.api_seat(ada).await.json()["view"]["orders"][0].to_string();
    assert!(mine.contains("fonte") && mine.contains("hold"), "{mine}");
    assert_hidden(&app, boris, &game, &["Alba moves to Fonte", "Colle holds"]).await;
    post(
        &app,
        boris,
        &order(Area::Dora, Order::Support { unit: Area::Elce }),
    )
    .await;
    post(
        &app,
        boris,
        &order(Area::Elce, Order::Move { to: Area::Fonte }),
    )
    .await;
    post(&app, boris, &ready()).await;
    app.deliver_mail().await;
    assert_hidden(
        &app,
        ada,
        &game,
        &["Elce moves to Fonte", "Dora supports Elce"],
    )
    .await;
    // Ada answers the answer (its Reply-To is fresh), in Portuguese: she revises and is ready.
    let lmtp = app.reply(&answer, "Alba vai para Borgo\nPRONTO", "").await;
    assert!(lmtp.starts_with("250"), "{lmtp}");
    app.deliver_mail().await;
    let answer = latest_answer(&app, 0);
    assert!(answer.text.contains("Applied"), "{}", answer.text);
    let public = app.public_page(&game).await.text();
    for line in [
        "Phase 2, Ada ordered: Alba moves to Borgo.",
        "Phase 2, Ada ordered: Colle holds.",
        "Ada orders: Alba moves to Fonte.",
        "Phase 2, Boris ordered: Dora supports Elce.",
        "Boris's unit moves from Elce to Fonte.",
        "Phase 2 is resolved.",
    ] {
        assert!(public.contains(line), "{line}: {public}");
    }

    // Phase 3 by the clock: Ada writes an order and never says READY, Boris writes nothing.
    post(
        &app,
        ada,
        &order(Area::Colle, Order::Move { to: Area::Dora }),
    )
    .await;
    for _ in 0..10 {
        if app
            .public_page(&game)
            .await
            .text()
            .contains("The game is over")
        {
            break;
        }
        app.clock.advance(chrono::Duration::hours(13));
        app.running
            .scheduler
            .run_once()
            .await
            .expect("a scheduler pass");
        app.deliver_mail().await;
    }
    let over = app.public_page(&game).await.text();
    for line in [
        "Phase 3, Ada ordered: Colle moves to Dora.",
        "Phase 3, Boris ordered: Dora holds.",
        "Ada's unit in Colle fails to reach Dora.",
        "The game is over. Ada and Boris won with 2 units.",
    ] {
        assert!(over.contains(line), "{line}: {over}");
    }
    for (_, email) in &PLAYERS[..2] {
        assert!(app.smtp.latest_to(email, |m| m.is_game_over()).is_some());
    }

    // The record verifies, with the clock's entries, wherever the game is known.
    let record = app.get(&format!("/games/{game}/record.json")).await;
    let parsed = corriere::audit::Record::from_json(&record.body).unwrap();
    assert_eq!(parsed.game, "orders");
    assert!(
        parsed
            .actions
            .iter()
            .any(|a| matches!(a.author, corriere::audit::Author::Clock { .. })),
        "the clock said READY at the deadline"
    );
    let summary = corriere::audit::verify_with(&parsed, &games).expect("the record verifies");
    assert_eq!(summary.winners, vec![Seat(0), Seat(1)]);
    assert_eq!(summary.count("phases"), 3);
    let checked = app
        .post_form("/verify", &[("record_text", record.body.as_str())])
        .await;
    assert_eq!(checked.status, 200, "{}", checked.body);
    assert!(checked.text().contains("The record checks out."));
    app.stop().await;
}

on_each_backend!(options_with_choices_are_offered_read_and_refused_by_the_form_and_the_api);

async fn options_with_choices_are_offered_read_and_refused_by_the_form_and_the_api(
    backend: Backend,
) {
    let app = TestApp::spawn_with(&backend, registry()).await;

    // The form offers each value with its words, in each language, the default chosen.
    let home = app.get("/?game=orders").await;
    assert_eq!(home.status, 200);
    assert!(
        home.body.contains(
            "<select id=\"option-map\" name=\"map\"><option value=\"ring\" selected>Ring of six</option><option value=\"star\">Star of seven</option></select>"
        ),
        "{}",
        home.body
    );
    let portuguese = app
        .read_raw(
            app.client
                .get(app.url("/?game=orders"))
                .header("Accept-Language", "pt-BR"),
        )
        .await;
    assert!(
        portuguese.text().contains("Anel de seis"),
        "{}",
        portuguese.body
    );
    assert!(portuguese.text().contains("Estrela de sete"));

    // A value that is none of the choices, and a choice the table is the wrong size for.
    let refused = app.create_form(&creation(2, "hex", "")).await;
    assert_eq!(refused.status, 400);
    assert!(
        refused
            .text()
            .contains("Map: choose one of Ring of six and Star of seven."),
        "{}",
        refused.text()
    );
    let refused = app.create_form(&creation(2, "star", "")).await;
    assert_eq!(refused.status, 400);
    assert!(
        refused
            .text()
            .contains("The star map needs 3 players, not 2."),
        "{}",
        refused.text()
    );
    let created = app.create_form(&creation(3, "star", "")).await;
    assert_eq!(created.status, 303, "{}", created.body);

    // The API lists the choice, takes its string, and refuses others in the same words.
    let kinds = app.get("/api/v1/kinds").await.json();
    let orders = kinds
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["name"] == "orders")
        .expect("the game is listed");
    assert_eq!(
        orders["options"][0],
        serde_json::json!({"name": "map", "kind": {"type": "choice", "values": ["ring", "star"], "default": "ring"}})
    );
    let seats = |n: usize| -> Vec<serde_json::Value> {
        PLAYERS[..n]
            .iter()
            .map(|(name, email)| serde_json::json!({"name": name, "email": email}))
            .collect()
    };
    let bad = app
        .api_create(
            &serde_json::json!({"game": "orders", "options": {"map": "hex"}, "seats": seats(2)}),
        )
        .await;
    assert_eq!(bad.status, 400, "{}", bad.body);
    assert!(
        bad.json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("`options.map`: “hex” is not one of ring, star"),
        "{}",
        bad.body
    );
    let bad = app
        .api_create(
            &serde_json::json!({"game": "orders", "options": {"map": 3}, "seats": seats(2)}),
        )
        .await;
    assert_eq!(bad.status, 400, "{}", bad.body);
    let small = app
        .api_create(
            &serde_json::json!({"game": "orders", "options": {"map": "star"}, "seats": seats(2)}),
        )
        .await;
    assert_eq!(small.status, 400, "{}", small.body);
    assert!(
        small.body.contains("The star map needs 3 players, not 2."),
        "{}",
        small.body
    );
    let created = app
        .api_create(
            &serde_json::json!({"game": "orders", "options": {"map": "star"}, "seats": seats(3)}),
        )
        .await;
    assert_eq!(created.status, 201, "{}", created.body);
    let game = created.json()["id"].as_str().unwrap().to_owned();
    assert!(app
        .public_page(&game)
        .await
        .text()
        .contains("Map: Star of seven"));

    // The game's options schema shows the choice as an enum.
    let schemas = <game::Table as corriere::engine::Rules>::schemas();
    let json = serde_json::to_string(&schemas).unwrap();
    assert!(json.contains(r#""enum":["ring","star"]"#), "{json}");
    app.stop().await;
}

on_each_backend!(the_press_rule_holds_on_the_page_the_api_and_by_reply);

/// A game's press rule (issue 28: "full; public only; none — gunboat"): with no press, no
/// surface takes a message (the page offers no form and refuses a forged post, the API and a
/// reply are refused with the reason) and nothing reaches the other seat; with public press,
/// a private message is refused and one to everyone goes through.
async fn the_press_rule_holds_on_the_page_the_api_and_by_reply(backend: Backend) {
    let app = TestApp::spawn_with(&backend, registry()).await;
    let open = |press: &'static str| {
        let mut fields = creation(2, "ring", "");
        fields.push(("press", press));
        fields
    };
    let links = started_with(&app, &open("none")).await;
    let base = format!(
        "/games/{}/seat/{}/{}",
        links[0].game, links[0].seat, links[0].token
    );
    let page = app.seat_page(&links[0]).await;
    assert!(!page.body.contains("id=\"talk-form\""), "{}", page.body);
    assert!(
        page.text().contains("plays without messages"),
        "{}",
        page.text()
    );
    let refused = app
        .post_form(&format!("{base}/messages"), &[("text", "shall we ally?")])
        .await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    assert!(refused.text().contains("no press"), "{}", refused.text());
    let api = app
        .client
        .post(app.url(&format!("/api/v1/games/{}/messages", links[0].game)))
        .bearer_auth(links[0].bearer())
        .json(&serde_json::json!({"text": "shall we ally by API?"}))
        .send()
        .await
        .unwrap();
    assert_eq!(api.status(), 403);
    assert!(api.text().await.unwrap().contains("no_press"));
    let turn = latest_turn(&app, 1);
    let lmtp = app
        .reply(&turn, "Boris here: shall we ally by mail?", "")
        .await;
    assert!(lmtp.starts_with("250"), "{lmtp}");
    app.deliver_mail().await;
    let answer = latest_answer(&app, 1);
    assert!(
        answer.text.contains("plays without messages"),
        "{}",
        answer.text
    );
    for (what, body) in [
        ("Ada's page", app.seat_page(&links[0]).await.text()),
        ("Boris's page", app.seat_page(&links[1]).await.text()),
        (
            "the public page",
            app.public_page(&links[0].game).await.text(),
        ),
    ] {
        assert!(!body.contains("shall we ally"), "{what}: {body}");
    }

    let links = started_with(&app, &open("public")).await;
    let base = format!(
        "/games/{}/seat/{}/{}",
        links[0].game, links[0].seat, links[0].token
    );
    let page = app.seat_page(&links[0]).await;
    assert!(page.body.contains("id=\"talk-form\""));
    assert!(!page.body.contains("id=\"talk-to\""), "{}", page.body);
    let refused = app
        .post_form(
            &format!("{base}/messages"),
            &[("text", "just between us"), ("to", "2")],
        )
        .await;
    assert_eq!(refused.status, 422);
    assert!(
        refused.text().contains("public press"),
        "{}",
        refused.text()
    );
    assert!(refused.body.contains("just between us"), "the text is kept");
    let sent = app
        .post_form(&format!("{base}/messages"), &[("text", "hello all")])
        .await;
    assert_eq!(sent.status, 303);
    assert!(app.seat_page(&links[1]).await.text().contains("hello all"));
    app.stop().await;
}
