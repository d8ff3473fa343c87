//! Condottieri at the service (issue 28, "Done when"): a Balance of Power game in Portuguese
//! with Finances and every disaster for eight powers, six of them bots; Ana writes her orders
//! from the page, Bruno replies to his mails, for three game-years; the record verifies.

use crate::support::{Backend, Mail, SeatLink, TestApp};
use corriere::domain::GameId;
use corriere::engine::condottieri::finances::{minimum, ExpenseKind, Target};
use corriere::engine::condottieri::{
    legal_orders, print, Order, Position, Power, Style, UnitKind, UnitRef,
};
use corriere::engine::{Audience, Seat, Viewer};
use corriere::present::{Ctx, Presenter};
use std::collections::BTreeSet;

const ANA: &str = "ana@condottieri.test";
const BRUNO: &str = "bruno@condottieri.test";

/// The kind of an order, as the report of kinds played counts it.
fn kind_of(order: &Order) -> &'static str {
    match order {
        Order::Hold => "hold",
        Order::Advance {
            via_convoy: true, ..
        } => "advance by convoy",
        Order::Advance { .. } => "advance",
        Order::Support { .. } => "support",
        Order::Convoy { .. } => "convoy",
        Order::Besiege => "besiege",
        Order::Lift => "lift",
        Order::Convert { .. } => "convert",
    }
}

/// The lines a player writes for an orders phase: for each unit an order of a kind the
/// player has not written yet when it has one (a convoy and the army's advance with it
/// first), else an advance, and one bribe a game while the treasury allows.
fn orders_phase(
    position: &Position,
    power: Power,
    treasury: u32,
    style: Style,
    played: &mut BTreeSet<&'static str>,
) -> Vec<String> {
    let mut lines = Vec::new();
    let mine: Vec<_> = position
        .units
        .iter()
        .filter(|u| u.owner == Some(power))
        .collect();
    for unit in &mine {
        let legal = legal_orders(position, unit);
        // Into an area whose city another owner garrisons, to besiege it next (a siege).
        let toward_a_siege = |o: &&Order| match o {
            Order::Advance { to, .. } => position
                .units
                .iter()
                .any(|g| g.kind == UnitKind::Garrison && g.area == *to && g.owner != Some(power)),
            _ => false,
        };
        // Armies go for a siege until one was laid; the other units try every kind.
        let sieging = unit.kind == UnitKind::Army && !played.contains("besiege");
        let convoying = unit.kind == UnitKind::Fleet && !played.contains("convoy");
        let fresh = legal
            .iter()
            .find(|o| convoying && matches!(o, Order::Convoy { .. }))
            .or_else(|| {
                legal
                    .iter()
                    .find(|o| sieging && matches!(o, Order::Besiege))
            })
            .or_else(|| legal.iter().filter(|_| sieging).find(toward_a_siege))
            .or_else(|| legal.iter().find(|o| !played.contains(kind_of(o))))
            .or_else(|| legal.iter().find(toward_a_siege))
            .or_else(|| legal.iter().find(|o| matches!(o, Order::Advance { .. })))
            .or(legal.first())
            .copied()
            .expect("a unit has a legal order");
        played.insert(kind_of(&fresh));
        let r = UnitRef {
            kind: unit.kind,
            area: unit.area,
        };
        lines.push(print(r, &fresh, style));
    }
    if !played.contains("bribe") {
        let cheapest = position
            .units
            .iter()
            .filter(|u| u.owner.is_none())
            .filter_map(|u| {
                minimum(position, power, ExpenseKind::Disband, Target::Unit(u.id))
                    .ok()
                    .map(|n| (n, u))
            })
            .min_by_key(|(n, _)| *n);
        if let Some((n, unit)) = cheapest.filter(|(n, _)| *n <= treasury) {
            played.insert("bribe");
            let (pay, disband) = match style {
                Style::Portuguese => ("GASTAR", "DEBANDAR"),
                _ => ("PAY", "DISBAND"),
            };
            lines.push(format!(
                "{pay} {n} {disband} {} {}",
                unit.kind.letter(),
                unit.area
            ));
        }
    }
    lines
}

/// The lines for the phase open for this seat: its orders, or the first retreat or
/// adjustment the menu offers.
fn lines_for(
    state: &serde_json::Value,
    style: Style,
    played: &mut BTreeSet<&'static str>,
) -> Vec<String> {
    let view = &state["view"];
    let seat = state["seat"].as_u64().expect("a seat") as usize;
    let power: Power = serde_json::from_value(view["powers"][seat - 1].clone()).unwrap();
    let position: Position = serde_json::from_value(view["position"].clone()).unwrap();
    let treasury = view["position"]["treasury"][power.slug()]
        .as_u64()
        .unwrap_or(0) as u32;
    match view["phase"]["step"].as_str() {
        Some("orders") => orders_phase(&position, power, treasury, style, played),
        // Saving for a bribe: disband units until 12 ducats stay after their upkeep.
        Some("adjustments") if !played.contains("bribe") => {
            let units: Vec<_> = position.units_of(power).collect();
            let keep = (treasury.saturating_sub(12) / 3).max(1) as usize;
            let word = match style {
                Style::Portuguese => "DEBANDAR",
                _ => "DISBAND",
            };
            units
                .iter()
                .skip(keep)
                .map(|u| format!("{word} {} {}", u.kind.letter(), u.area))
                .collect()
        }
        _ => state["legal_actions"]
            .as_array()
            .unwrap()
            .iter()
            .find_map(|a| a["line"].as_str().map(str::to_owned))
            .into_iter()
            .collect(),
    }
}

fn year_of(state: &serde_json::Value) -> u64 {
    state["view"]["phase"]["year"].as_u64().expect("a year")
}

/// The newest mail to `address` that a reply to acts on for `game`.
fn latest_answerable(app: &TestApp, address: &str, game: &str) -> Mail {
    app.answerable(address, game).expect("a mail to reply to")
}

on_each_backend!(a_balance_of_power_game_in_portuguese_is_played_from_the_page_and_by_mail);

/// The kinds of order and the money lines the game must have seen written (issue 28: orders
/// of every kind, a siege, a conversion, a convoy, a bribe).
const REQUIRED: [&str; 8] = [
    "hold", "advance", "support", "convoy", "besiege", "convert", "lift", "bribe",
];

/// One game played by Ana and Bruno to its end after three years: its id and the kinds of
/// lines they wrote.
async fn three_years(app: &TestApp) -> (String, BTreeSet<&'static str>) {
    let mut seats = vec![
        serde_json::json!({"name": "Ana", "email": ANA}),
        serde_json::json!({"name": "Bruno", "email": BRUNO}),
    ];
    for n in 3..=8 {
        seats.push(serde_json::json!({"name": format!("Robô {n}"), "bot": true}));
    }
    let created = app
        .read_raw(
            app.client
                .post(app.url("/api/v1/games"))
                .header("Accept-Language", "pt-BR")
                .json(&serde_json::json!({
                    "game": "condottieri",
                    "options": {
                        "finances": true, "famine": true, "plague": true, "storms": true,
                        "years_limit": 3
                    },
                    "seats": seats,
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
        .expect("Ana's confirmation, in Portuguese");
    let confirmed = app.get(&confirmation.url_containing("/confirm/")).await;
    assert_eq!(confirmed.status, 303, "{}", confirmed.body);
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

    let mut played = BTreeSet::new();
    let mut phases = 0;
    loop {
        let state = app.api_seat(&ana).await.json();
        if state["view"]["outcome"].is_object() {
            break;
        }
        phases += 1;
        assert!(phases < 40, "three years take fewer phases");
        // Ana, from her page: each line is one form post, then PRONTO.
        if !state["decision"].is_null() {
            for line in lines_for(&state, Style::Symbols, &mut played) {
                let seq = app.seat_page(&ana).await.seq().expect("a receipt line");
                let action = serde_json::json!({"type": "write", "line": line}).to_string();
                let page = app
                    .post_move(&ana, &[("seq", &seq.to_string()), ("action", &action)])
                    .await;
                assert_eq!(page.status, 303, "{line}: {}", page.text());
            }
            let seq = app.seat_page(&ana).await.seq().unwrap();
            let ready = serde_json::json!({"type": "ready"}).to_string();
            let page = app
                .post_move(&ana, &[("seq", &seq.to_string()), ("action", &ready)])
                .await;
            assert_eq!(page.status, 303, "{}", page.text());
        }
        // Bruno, by mail: his lines in Portuguese and PRONTO, in one reply.
        let state = app.api_seat(&bruno).await.json();
        if !state["decision"].is_null() {
            let mut lines = lines_for(&state, Style::Portuguese, &mut played);
            lines.push("PRONTO".into());
            app.deliver_mail().await;
            let mail = latest_answerable(app, BRUNO, &game);
            let lmtp = app.reply(&mail, &lines.join("\n"), "").await;
            assert!(lmtp.starts_with("250"), "{lmtp}");
            app.deliver_mail().await;
            let after = app.api_seat(&bruno).await.json();
            assert!(
                after["decision"].is_null() || after["view"]["phases"] != state["view"]["phases"],
                "Bruno's reply did not finish his phase: {}\n{}",
                lines.join("\n"),
                latest_answerable(app, BRUNO, &game).text
            );
        }
        app.deliver_mail().await;
    }
    let state = app.api_seat(&ana).await.json();
    assert!(state["view"]["outcome"].is_object(), "{state}");
    assert_eq!(
        year_of(&state),
        1456,
        "the years limit ends the game after 1456"
    );
    (game, played)
}

async fn a_balance_of_power_game_in_portuguese_is_played_from_the_page_and_by_mail(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    // Whether the deal and the bots leave a newcomer a fleet beside an army (a convoy) and a
    // garrison within reach (a siege) differs from game to game: new games are played until
    // every kind was written, each to a record that verifies.
    let mut played = BTreeSet::new();
    for attempt in 1..=20 {
        let (game, kinds) = three_years(&app).await;
        eprintln!("game {attempt}: played {kinds:?}");
        for kind in ["hold", "advance", "support", "convert", "bribe"] {
            assert!(
                kinds.contains(kind),
                "no {kind} in game {attempt}: {kinds:?}"
            );
        }
        played.extend(kinds);
        let record = app.get(&format!("/games/{game}/record.json")).await;
        assert_eq!(record.status, 200);
        let parsed = corriere::audit::Record::from_json(&record.body).unwrap();
        corriere::audit::verify(&parsed).expect("the record verifies");
        assert!(parsed
            .actions
            .iter()
            .any(|a| a.author == corriere::audit::Author::Bot));
        if REQUIRED.iter().all(|k| played.contains(k)) {
            break;
        }
    }
    for kind in REQUIRED {
        assert!(
            played.contains(kind),
            "no {kind} in twenty games: {played:?}"
        );
    }
    app.stop().await;
}

/// The private sentences of the phase open now (lines written, draw votes: `Until` and
/// `Only` events since the last resolution), with their owner, as a reviewer would read them.
fn open_private_sentences(app: &TestApp, game: &str) -> Vec<(Seat, String)> {
    use corriere::engine::condottieri::rules::Event;
    let id = GameId::parse(game).unwrap();
    let mut conn = app.running.db.get().expect("a pooled connection");
    let loaded = app.running.state.games.load(&mut conn, &id).unwrap();
    let names = loaded.names();
    let replay = loaded.replay.as_ref().expect("started");
    let events: Vec<(Audience, Event)> = replay
        .steps
        .iter()
        .flat_map(|s| {
            s.events
                .downcast::<Vec<(Audience, Event)>>()
                .expect("Condottieri's events")
                .iter()
                .cloned()
        })
        .collect();
    let last = events
        .iter()
        .rposition(|(_, e)| matches!(e, Event::Resolved { .. }))
        .map_or(0, |i| i + 1);
    let registry = corriere::kinds::Registry::standard();
    let cx = Ctx::new(
        registry.catalogs().default_words(),
        &names,
        Viewer::Reviewer,
    );
    let present = corriere::present::condottieri::Condottieri;
    // A line written again in a later phase reads as it did when it was made public.
    let earlier: BTreeSet<String> = events[..last]
        .iter()
        .map(|(_, event)| present.event(event, &cx))
        .collect();
    events[last..]
        .iter()
        .filter_map(|(audience, event)| match audience {
            Audience::Until(owner) | Audience::Only(owner) => {
                Some((*owner, present.event(event, &cx)))
            }
            Audience::Everyone => None,
        })
        .filter(|(_, sentence)| !earlier.iter().any(|e| e.contains(sentence.as_str())))
        .collect()
}

/// The hidden-information sweep of Machiavelli (run by `conformance`): while a phase is open,
/// no surface another seat or a spectator reads (seat page, seat API, mails and reply answers,
/// public page and API, the running record) shows a line written by another power (Ana's from
/// the page's text box, Bruno's by mail, the bots'), a draw vote, or another power's treasury.
pub(crate) async fn no_surface_shows_a_power_anything_private_of_another(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let mut seats = vec![
        serde_json::json!({"name": "Ana", "email": ANA}),
        serde_json::json!({"name": "Bruno", "email": BRUNO}),
    ];
    for n in 3..=8 {
        seats.push(serde_json::json!({"name": format!("Bot {n}"), "bot": true}));
    }
    let created = app
        .api_create_confirmed(&serde_json::json!({
            "game": "condottieri",
            "options": {"finances": true, "years_limit": 2},
            "seats": seats,
        }))
        .await;
    let game = created.json()["id"].as_str().unwrap().to_owned();
    let ana = app.link_from_latest(ANA, |m| m.is_confirmation());
    app.deliver_mail().await;
    let bruno = app.link_from_latest(BRUNO, |m| m.is_invitation());
    for link in [&ana, &bruno] {
        assert_eq!(app.accept(link, "", "").await.status, 303);
    }
    app.deliver_mail().await;
    let (mut checked, mut secrets, mut seen_mails) = (0, 0, 0);
    let mut played = BTreeSet::new();
    for _phase in 0..12 {
        let state = app.api_seat(&ana).await.json();
        if state["view"]["outcome"].is_object() {
            break;
        }
        // Ana writes her sheet in the page's text box, and votes for a draw.
        if !state["decision"].is_null() {
            let lines = lines_for(&state, Style::English, &mut played).join("\n");
            let seq = app.seat_page(&ana).await.seq().unwrap();
            let page = app
                .post_move(&ana, &[("seq", &seq.to_string()), ("lines", &lines)])
                .await;
            assert_eq!(page.status, 200, "{}", page.text());
            let voted = state["view"]["draw"]
                .as_array()
                .is_some_and(|v| !v.is_empty());
            let vote = serde_json::json!({"type": "draw", "vote": !voted}).to_string();
            let seq = app.seat_page(&ana).await.seq().unwrap();
            app.post_move(&ana, &[("seq", &seq.to_string()), ("action", &vote)])
                .await;
        }
        // Bruno answers his mail with a misspelt line first: the answer is a surface too.
        let bruno_state = app.api_seat(&bruno).await.json();
        if !bruno_state["decision"].is_null() {
            app.deliver_mail().await;
            let mail = latest_answerable(&app, BRUNO, &game);
            let mut lines = lines_for(&bruno_state, Style::English, &mut played);
            lines.insert(0, "A XYZZY - PAV".into());
            app.reply(&mail, &lines.join("\n"), "").await;
            app.deliver_mail().await;
        }
        // The sweep, while the phase is open for Ana (she has not said READY).
        let private = open_private_sentences(&app, &game);
        secrets += private.len();
        let public_api = app.api_game(&game).await;
        assert!(
            public_api.json()["view"]["position"]["treasury"].is_null(),
            "the public API shows a treasury"
        );
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
                app.game_feed(&ana).await,
            ),
        ];
        for (link, address) in [(&ana, ANA), (&bruno, BRUNO)] {
            let seat = Seat::from_number(link.seat).unwrap();
            let api = app.api_seat(link).await;
            let treasury = api.json()["view"]["position"]["treasury"].clone();
            let keys: Vec<&String> = treasury
                .as_object()
                .map(|o| o.keys().collect())
                .unwrap_or_default();
            assert!(
                keys.len() <= 1,
                "{seat} reads several treasuries: {treasury}"
            );
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
            for mail in app.smtp.mails_to(address) {
                seen_mails += 1;
                surfaces.push((
                    Some(seat),
                    format!("mail {:?} to {seat}", mail.subject),
                    mail.readable(),
                ));
            }
        }
        for (reader, what, body) in &surfaces {
            checked += 1;
            for (owner, sentence) in &private {
                if Some(*owner) != *reader {
                    if let Some(at) = body.find(sentence.as_str()) {
                        let from = body[..at]
                            .char_indices()
                            .rev()
                            .nth(400)
                            .map_or(0, |(i, _)| i);
                        let shown = &body[from..at + sentence.len()];
                        panic!("{what} shows {owner}'s {sentence:?}: …{shown}");
                    }
                }
            }
        }
        // Then both say READY and the bots have played: the phase resolves.
        let state = app.api_seat(&ana).await.json();
        if !state["decision"].is_null() {
            let seq = state["seq"].as_i64().unwrap();
            let answer = app
                .api_move(&ana, seq, &serde_json::json!({"type": "ready"}))
                .await;
            assert_eq!(answer.status, 200, "{}", answer.body);
        }
        let state = app.api_seat(&bruno).await.json();
        if !state["decision"].is_null() {
            let seq = state["seq"].as_i64().unwrap();
            let answer = app
                .api_move(&bruno, seq, &serde_json::json!({"type": "ready"}))
                .await;
            assert_eq!(answer.status, 200, "{}", answer.body);
        }
        app.deliver_mail().await;
    }
    eprintln!("{checked} surfaces checked against {secrets} private sentences, {seen_mails} mails");
    assert!(
        checked > 30 && secrets > 20 && seen_mails > 0,
        "{checked} surfaces, {secrets} secrets"
    );
    app.stop().await;
}
