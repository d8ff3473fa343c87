//! Condottieri at the service (issue 28, "Done when"): a Balance of Power game in Portuguese
//! with Finances and every disaster for eight powers, six of them bots; Ana writes her orders
//! from the page, Bruno replies to his mails, for three game-years; the record verifies.

use crate::support::{Backend, Mail, SeatLink, TestApp};
use corriere::engine::condottieri::finances::{minimum, ExpenseKind, Target};
use corriere::engine::condottieri::{
    legal_orders, print, Order, Position, Power, Style, UnitKind, UnitRef,
};
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
            let mail = latest_answerable(&app, BRUNO, &game);
            let lmtp = app.reply(&mail, &lines.join("\n"), "").await;
            assert!(lmtp.starts_with("250"), "{lmtp}");
            app.deliver_mail().await;
            let after = app.api_seat(&bruno).await.json();
            assert!(
                after["decision"].is_null() || after["view"]["phases"] != state["view"]["phases"],
                "Bruno's reply did not finish his phase: {}\n{}",
                lines.join("\n"),
                latest_answerable(&app, BRUNO, &game).text
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
        assert!(played.contains(kind), "no {kind} in twenty games: {played:?}");
    }
    app.stop().await;
}
