//! Pergamemnon at the service (issue 30, "Done when"): a newcomer's four-player game in
//! Portuguese with two bots, Ana playing from her page and Bruno by replying to his mails with
//! Portuguese commands, to the end; the record verifies and names its card set.

use crate::support::{Backend, SeatLink, TestApp};
use corriere::engine::pergamemnon::Action;
use corriere::engine::Seat;
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
            // Bruno was invited by a Portuguese creator and his browser asked for no language
            // when he accepted: his mails stay in the invitation's language.
            assert!(
                mail.text.contains("não são os valores publicados"),
                "Bruno's mails are in Portuguese and name the reference card set: {}",
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

/// The privacy sweep (run by `conformance` on each backend): two people and two bots play
/// Pergamemnon, one from the page and one by mail (with a misspelt, a refused and a stale reply
/// now and then, whose answers are surfaces too). After every move, no page, API answer, record
/// or mail shows a seat what the rules keep from it (§8): another seat's drawn cards and the
/// entries private to their author (an attack's face-down card and plan, a defence's plan,
/// standing orders); no view names another seat's hand, any draw pile, another seat's orders,
/// the creature deck or the creatures removed at setup; and the face-down attack card stays
/// hidden from everyone but the attacker until the defence is in.
///
/// A game's seed is random and a game can end within a few moves (two CI runs in 75 saw one
/// end before its second odd reply), so games are played, each on a fresh service, until the
/// sweep has seen enough of every kind of surface.
pub(crate) async fn no_surface_shows_a_seat_anything_private_of_another(backend: Backend) {
    let mut seen = Swept::default();
    for _ in 0..6 {
        let app = TestApp::spawn(&backend).await;
        sweep_one_game(&app, &mut seen).await;
        app.stop().await;
        if seen.is_enough() {
            break;
        }
    }
    let Swept {
        games,
        checked,
        secrets,
        hidden_attacks,
        odd_replies,
    } = seen;
    eprintln!(
        "{}: {games} games, {checked} surfaces checked against {secrets} private sentences; {hidden_attacks} hidden attack cards, {odd_replies} odd replies",
        backend.name()
    );
    assert!(
        seen.is_enough(),
        "{games} games: {checked} surfaces, {secrets} secrets, {hidden_attacks} hidden attack cards, {odd_replies} odd replies"
    );
}

/// What the privacy sweep has seen so far, over every game it played.
#[derive(Clone, Copy, Default)]
struct Swept {
    games: usize,
    checked: usize,
    secrets: usize,
    hidden_attacks: usize,
    odd_replies: usize,
}

impl Swept {
    fn is_enough(&self) -> bool {
        self.checked > 100 && self.secrets > 20 && self.hidden_attacks > 0 && self.odd_replies > 1
    }
}

/// One game of the privacy sweep, played to its end on `app`, its surfaces counted into `seen`.
async fn sweep_one_game(app: &TestApp, seen: &mut Swept) {
    use crate::support::{email_of, PLAYERS};
    seen.games += 1;
    let created = app
        .api_create_confirmed(&serde_json::json!({
            "game": "pergamemnon",
            "options": {},
            "seats": [
                {"name": PLAYERS[0].0, "email": PLAYERS[0].1},
                {"name": PLAYERS[1].0, "email": PLAYERS[1].1},
                {"name": "Bot 3", "bot": true},
                {"name": "Bot 4", "bot": true},
            ],
        }))
        .await;
    let game = created.json()["id"].as_str().unwrap().to_owned();
    let links = app.accept_all(&game, 2).await;
    let id = corriere::domain::GameId::parse(&game).unwrap();
    let registry = Registry::standard();
    let english = registry.catalogs().words("en");
    for step in 0..400 {
        let public_api = app.api_game(&game).await;
        let public_view = public_api.json()["view"].clone();
        if public_view["outcome"].is_object() {
            break;
        }
        let private = private_entries_and_events(app, &id);
        seen.secrets += private.len();
        let mut surfaces = vec![
            (
                None,
                "the public page".to_owned(),
                app.public_page(&game).await.text(),
            ),
            (None, "the public API".to_owned(), public_api.body.clone()),
            (
                None,
                "the running record".to_owned(),
                app.get(&format!("/games/{game}/record.json")).await.body,
            ),
            (
                None,
                "the public history".to_owned(),
                app.get(&format!("/games/{game}/history")).await.text(),
            ),
            (
                None,
                "the public talk".to_owned(),
                app.get(&format!("/games/{game}/talk")).await.text(),
            ),
            (
                None,
                "the game's feed".to_owned(),
                app.game_feed(&links[0]).await,
            ),
        ];
        assert_view_hides(&public_view, None, "the public API");
        for link in &links {
            let seat = Seat::from_number(link.seat).unwrap();
            let api = app.api_seat(link).await;
            assert_view_hides(&api.json()["view"], Some(seat), &format!("{seat}'s API"));
            surfaces.push((
                Some(seat),
                format!("{seat}'s page"),
                app.seat_page(link).await.text(),
            ));
            surfaces.push((
                Some(seat),
                format!("{seat}'s history"),
                app.get(&format!("{}/history", link.url)).await.text(),
            ));
            surfaces.push((
                Some(seat),
                format!("{seat}'s talk"),
                app.get(&format!("{}/talk", link.url)).await.text(),
            ));
            surfaces.push((Some(seat), format!("{seat}'s API"), api.body.clone()));
            for mail in app.smtp.mails_to(email_of(link.seat)) {
                surfaces.push((
                    Some(seat),
                    format!("mail {:?} to {seat}", mail.subject),
                    mail.readable(),
                ));
            }
        }
        for (reader, what, body) in &surfaces {
            seen.checked += 1;
            for (owner, sentence) in &private {
                if Some(*owner) != *reader {
                    assert!(
                        !body.contains(sentence.as_str()),
                        "{what} shows {owner}'s {sentence:?}"
                    );
                }
            }
        }
        let battle = &public_view["battle"];
        if battle.is_object() && battle["used"][1].as_array().is_some_and(|u| u.is_empty()) {
            seen.hidden_attacks += 1;
        }
        if step % 7 == 3
            && app
                .reply_misspelt_refused_and_stale(&game, Some("recruit cr_hydra pay chr_21"))
                .await
        {
            seen.odd_replies += 1;
        }
        // The seat that owes a decision plays: the first seat from its page, the second by a
        // reply to its newest mail. An attack on the other person is taken when offered, so
        // that a face-down card waits for a person's defence.
        let mut played = false;
        for link in &links {
            let state = app.api_seat(link).await.json();
            if owed(&state).is_none() {
                continue;
            }
            let legal: Vec<serde_json::Value> = state["legal_actions"].as_array().unwrap().clone();
            let other = if link.seat == 1 { 2 } else { 1 };
            let action = legal
                .iter()
                .find(|a| a["type"] == "attack" && a["target"] == other)
                .unwrap_or(&legal[step % legal.len()])
                .clone();
            if link.seat == 1 {
                let seq = app.seat_page(link).await.seq().expect("a receipt line");
                let page = app
                    .post_move(
                        link,
                        &[("seq", &seq.to_string()), ("action", &action.to_string())],
                    )
                    .await;
                assert_eq!(page.status, 303, "{action}: {}", page.text());
            } else {
                let action: Action = serde_json::from_value(action).unwrap();
                let lines = Pergamemnon.commands(&action, &english);
                app.deliver_mail().await;
                let mail = app
                    .answerable(email_of(2), &game)
                    .expect("a mail to answer");
                let lmtp = app.reply(&mail, &lines.join("\n"), "").await;
                assert!(lmtp.starts_with("250"), "{lmtp}");
            }
            app.deliver_mail().await;
            played = true;
            break;
        }
        assert!(played, "the game waits on a person");
    }
}

/// What `view` (a seat's, or the public one) must not name while the game runs (§8).
fn assert_view_hides(view: &serde_json::Value, reader: Option<Seat>, what: &str) {
    for seat in view["seats"].as_array().expect("seats") {
        let own = reader.is_some_and(|r| seat["seat"] == r.number());
        assert!(seat["draw"].is_null(), "{what} shows a draw pile: {seat}");
        if !own {
            assert!(seat["hand"].is_null(), "{what} shows another hand: {seat}");
            assert!(
                seat["orders"].is_null(),
                "{what} shows another's orders: {seat}"
            );
        }
    }
    assert!(
        view["creature_deck"].is_null() && view["removed"].is_null(),
        "{what}: {view}"
    );
    assert!(view["seed"].is_null(), "{what} shows the seed");
    let battle = &view["battle"];
    let attacker = reader.is_some_and(|r| battle["attacker"] == r.number());
    if battle.is_object() && !attacker && battle["used"][1].as_array().is_some_and(|u| u.is_empty())
    {
        assert!(
            battle["attack_card"].is_null(),
            "{what} shows the face-down card: {battle}"
        );
    }
}

/// Every private sentence of the game so far with its owner: its private events
/// (`conformance::private_sentences`) and its private entries (attack, defence, orders) as the
/// reviewer's words describe them, less any sentence another seat or everyone may read.
fn private_entries_and_events(app: &TestApp, id: &corriere::domain::GameId) -> Vec<(Seat, String)> {
    use corriere::engine::{Audience, Rules, Viewer};
    use corriere::present::Ctx;
    let mut private: Vec<(Seat, String)> =
        crate::conformance::private_sentences(app, id, &Pergamemnon)
            .into_iter()
            .flat_map(|(seat, theirs, own)| [(seat, theirs), (seat, own)])
            .collect();
    let mut conn = app.running.db.get().expect("a pooled connection");
    let loaded = app.running.state.games.load(&mut conn, id).unwrap();
    let names = loaded.names();
    let replay = loaded.replay.as_ref().expect("started");
    let registry = Registry::standard();
    let cx = Ctx::new(
        registry.catalogs().default_words(),
        &names,
        Viewer::Reviewer,
    );
    let options = corriere::engine::pergamemnon::Options::default();
    let mut open = Vec::new();
    for step in &replay.steps {
        let (Some(seat), Some(action)) = (step.seat, step.action.as_ref()) else {
            continue;
        };
        let action = action.downcast::<Action>().expect("Pergamemnon's actions");
        let sentence = Pergamemnon.action(action, &cx);
        match corriere::engine::pergamemnon::Game::entry_audience(&options, seat, action) {
            Audience::Everyone => open.push(sentence),
            _ => private.push((seat, sentence)),
        }
    }
    let owners = |s: &String| {
        private
            .iter()
            .filter(|(_, p)| p == s)
            .map(|(o, _)| *o)
            .collect::<std::collections::BTreeSet<_>>()
    };
    private
        .iter()
        .filter(|(_, s)| !open.contains(s) && owners(s).len() == 1 && !s.is_empty())
        .cloned()
        .collect()
}
