//! Pergamemnon at the service (issue 30, "Done when"): a newcomer's four-player game in
//! Portuguese with two bots, Ana playing from her page and Bruno by replying to his mails with
//! Portuguese commands, to the end; the record verifies and names its card set.

use crate::support::{Backend, SeatLink, TestApp};
use corriere::engine::pergamemnon::Action;
use corriere::kinds::Registry;
use corriere::present::pergamemnon::Pergamemnon;
use corriere::present::Presenter;

const ANA: &str = "ana@pergamemnon.test";
const BRUNO: &str = "bruno@pergamemnon.test";

on_each_backend!(a_four_player_game_in_portuguese_is_played_from_the_page_and_by_mail);

/// The decision a seat owes now, from its API state (`None` once it owes nothing).
fn owed(state: &serde_json::Value) -> Option<serde_json::Value> {
    (!state["decision"].is_null()).then(|| state["decision"].clone())
}

async fn a_four_player_game_in_portuguese_is_played_from_the_page_and_by_mail(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let created = app
        .read_raw(
            app.client
                .post(app.url("/api/v1/games"))
                .header("Accept-Language", "pt-BR")
                .json(&serde_json::json!({
                    "game": "pergamemnon",
                    "options": {},
                    "seats": [
                        {"name": "Ana", "email": ANA},
                        {"name": "Bruno", "email": BRUNO},
                        {"name": "Robô 3", "bot": true},
                        {"name": "Robô 4", "bot": true},
                    ],
                })),
        )
        .await;
    assert_eq!(created.status, 201, "{}", created.body);
    let game = created.json()["id"].as_str().unwrap().to_owned();
    app.deliver_mail().await;
    let confirmation = app
        .smtp
        .mails_to(ANA)
        .into_iter()
        .rev()
        .find(|m| m.text.contains("/confirm/") && m.text.contains(&game))
        .expect("Ana's confirmation");
    assert_eq!(
        app.get(&confirmation.url_containing("/confirm/"))
            .await
            .status,
        303
    );
    app.deliver_mail().await;
    let ana: SeatLink = confirmation.seat_link();
    let bruno = app
        .smtp
        .mails_to(BRUNO)
        .into_iter()
        .rev()
        .filter(|m| m.text.contains(&game))
        .find_map(|m| {
            m.text
                .split_whitespace()
                .filter(|w| w.starts_with("http"))
                .find_map(SeatLink::parse)
        })
        .expect("Bruno's invitation");
    for link in [&ana, &bruno] {
        assert_eq!(app.accept(link, "", "").await.status, 303);
    }
    app.deliver_mail().await;

    let registry = Registry::standard();
    let portuguese = registry.catalogs().words("pt");
    let mut by_page = 0;
    let mut by_mail = 0;
    for round in 0.. {
        assert!(round < 2_000, "the game ends");
        let state = app.api_seat(&ana).await.json();
        if state["view"]["outcome"].is_object() {
            break;
        }
        // Ana, from her page: the first move her menu offers, as one form post.
        if owed(&state).is_some() {
            let action = state["legal_actions"][0].to_string();
            let seq = app.seat_page(&ana).await.seq().expect("a receipt line");
            let page = app
                .post_move(&ana, &[("seq", &seq.to_string()), ("action", &action)])
                .await;
            assert_eq!(page.status, 303, "{action}: {}", page.text());
            by_page += 1;
            app.deliver_mail().await;
            continue;
        }
        // Bruno, by mail: the first move of his menu written as a Portuguese command, in a
        // reply to the newest mail of the game.
        let state = app.api_seat(&bruno).await.json();
        if let Some(decision) = owed(&state) {
            let action: Action =
                serde_json::from_value(state["legal_actions"][0].clone()).expect("an action");
            let lines = Pergamemnon.commands(&action, &portuguese);
            assert!(!lines.is_empty(), "{action:?} has a command");
            app.deliver_mail().await;
            let mail = app.answerable(BRUNO, &game).expect("a mail to answer");
            assert!(
                mail.text.contains("não são os valores publicados")
                    || mail.text.contains("not the published values"),
                "Bruno's mails name the reference card set: {}",
                mail.text
            );
            let lmtp = app.reply(&mail, &lines.join("\n"), "").await;
            assert!(lmtp.starts_with("250"), "{lmtp}");
            app.deliver_mail().await;
            let after = app.api_seat(&bruno).await.json();
            assert!(
                owed(&after) != Some(decision) || after["view"]["outcome"].is_object(),
                "Bruno's reply {lines:?} was applied: {}",
                app.answerable(BRUNO, &game)
                    .map(|m| m.text)
                    .unwrap_or_default()
            );
            by_mail += 1;
            continue;
        }
        // Bots play their seats at once, inside the move that made it their turn: a game
        // waiting on nobody but running would be stuck.
        panic!("the game waits on nobody: {state}");
    }
    assert!(by_page > 0 && by_mail > 0, "page {by_page}, mail {by_mail}");
    let record = app.get(&format!("/games/{game}/record.json")).await;
    assert_eq!(record.status, 200);
    let parsed = corriere::audit::Record::from_json(&record.body).unwrap();
    corriere::audit::verify(&parsed).expect("the record verifies");
    assert!(
        record.body.contains("card_set_sha256"),
        "the record pins its card set"
    );
    let public = app.get(&format!("/games/{game}")).await;
    assert!(
        public.text().contains("not the published values"),
        "the public page names the reference card set"
    );
    app.stop().await;
}
