//! Turn mails read as a player reads them on a phone: every kind of turn mail of Condottiere
//! and War (each decision, the start, reminders), in English and Portuguese, holds what the
//! decision needs, under a subject that fits a phone's list, and a long War stays short.

use crate::support;

use corriere::domain::GameId;
use corriere::engine::{Seat, Viewer};
use corriere::present::Words;
use std::collections::BTreeSet;
use support::{email_of, Backend, Chooser, Mail, SeatLink, TestApp};

/// The longest subject a phone's list shows whole.
const SUBJECT_MAX: usize = 70;

fn conn(app: &TestApp) -> corriere::store::DbConn {
    app.running.db.get().expect("a connection")
}

fn loaded(app: &TestApp, game: &str) -> corriere::service::Loaded {
    let id = GameId::parse(game).unwrap();
    app.running.state.games.load(&mut conn(app), &id).unwrap()
}

/// `address` reads its mails in Portuguese from now on (a saved choice).
async fn reads_portuguese(app: &TestApp, address: &str) {
    let session = app.sign_in(address).await;
    let saved = app
        .post_signed_in(
            "/me/settings",
            &session,
            &[
                ("mail_mode", "every_turn"),
                ("digest_hour", "8"),
                ("time_zone", "UTC"),
                ("language", "pt"),
            ],
        )
        .await;
    assert_eq!(saved.status, 303, "{}", saved.body);
}

/// Accept the seats of `game` (numbers from 1) from the newest mail with their link, in
/// whatever language it came.
async fn accept(app: &TestApp, game: &str, seats: &[u8]) -> Vec<SeatLink> {
    app.deliver_mail().await;
    let mut links = Vec::new();
    for &seat in seats {
        let link = app
            .smtp
            .mails_to(email_of(seat))
            .into_iter()
            .rev()
            .find_map(|m| {
                m.text
                    .split_whitespace()
                    .filter(|w| w.starts_with("http"))
                    .find_map(SeatLink::parse)
                    .filter(|l| l.game == game)
            })
            .unwrap_or_else(|| panic!("no link to seat {seat} of {game}"));
        let page = app.accept(&link, "", "").await;
        assert_eq!(page.status, 303, "accepting seat {seat}: {}", page.body);
        links.push(link);
    }
    links
}

/// The kinds of mail that ask a seat for its decision, in both languages: the turn mail, the
/// start mail of a seat that decides first, the reminder and the warning that time ran out.
fn turn_kind(mail: &Mail) -> Option<&'static str> {
    let s = &mail.subject;
    if s.contains(": your turn, ") || s.contains(": sua vez, ") {
        Some("turn")
    } else if s.contains("your move is due") || s.contains("seu prazo termina") {
        Some("reminder")
    } else if s.contains("past due, last chance") || s.contains("prazo vencido, última chance") {
        Some("overdue")
    } else if (s.ends_with("has started") || s.ends_with("começou"))
        && (mail.text.contains("Your decision:") || mail.text.contains("Sua decisão:"))
    {
        Some("started")
    } else {
        None
    }
}

/// Every subject fits a phone's list and starts with the game's name (or its start, cut at a
/// word with an ellipsis).
fn assert_subject(mail: &Mail, name: &str) {
    let subject = &mail.subject;
    assert!(
        subject.chars().count() <= SUBJECT_MAX,
        "{} characters: {subject:?}",
        subject.chars().count()
    );
    let first_word = name.split_whitespace().next().unwrap();
    assert!(
        subject.starts_with(name) || subject.starts_with(first_word),
        "{subject:?} does not start with {name:?}"
    );
}

/// The items ("- …") of the mail's text that follow the line starting with `head`.
fn section<'m>(text: &'m str, head: &str) -> Vec<&'m str> {
    text.lines()
        .skip_while(|l| !l.starts_with(head))
        .skip(1)
        .take_while(|l| l.trim_start().starts_with("- "))
        .collect()
}

/// A message's words before its first variable (`\u{1}` stands for every argument).
fn words_before(w: &Words, id: &str, names: &[&str], nth: usize) -> String {
    let args: Vec<(&str, corriere::present::Arg)> = names
        .iter()
        .map(|n| match *n {
            "seat-p" | "defender-p" => (*n, "other".into()),
            "conquest" => (*n, "no".into()),
            _ => (*n, "\u{1}".into()),
        })
        .collect();
    let text = w.with(id, &args);
    text.split('\u{1}').nth(nth).unwrap().trim().to_owned()
}

fn words(lang: &str) -> Words<'static> {
    static REGISTRY: std::sync::OnceLock<corriere::kinds::Registry> = std::sync::OnceLock::new();
    REGISTRY
        .get_or_init(corriere::kinds::Registry::standard)
        .catalogs()
        .words(lang)
}

/// The seat of a player's address.
fn seat_of(address: &str) -> Seat {
    let index = support::PLAYERS
        .iter()
        .position(|p| p.1 == address)
        .expect("a player's address");
    Seat(index as u8)
}

// ---------------------------------------------------------------- Condottiere

/// What a Condottiere decision needs, found in the text part of `mail` to `seat`: the hand by
/// name with each card's code, the battle's lines (each player's cards by name, strength, who
/// passed), the regions each player holds.
fn check_condottiere(
    mail: &Mail,
    game: &corriere::engine::condottiere::Game,
    seat: Seat,
    w: &Words,
) {
    use corriere::engine::condottiere::Card;
    let text = &mail.text;
    let view = game.view(Viewer::Seat(seat));
    let names = ["Alice", "Bob", "Carla"];
    let card = |c: Card| w.get(&format!("condottiere-card-{}", c.code()));
    for &c in view.seats[seat.index()].hand.as_deref().unwrap_or_default() {
        let shown = format!("{} ({})", card(c), c.code());
        assert!(
            text.contains(&shown),
            "the hand's {shown:?} is not in:\n{text}"
        );
    }
    let held = section(text, &w.get("condottiere-mail-regions"));
    assert_eq!(
        held.len(),
        view.seats.len(),
        "regions of each player:\n{text}"
    );
    for (line, s) in held.iter().zip(&view.seats) {
        assert!(line.contains(names[s.seat.index()]), "{line}");
        for r in &s.regions {
            let name = w.get(&format!("condottiere-region-{}", r.name()));
            assert!(line.contains(&name), "{name} not in {line:?}");
        }
    }
    if let Some(battle) = &view.battle {
        let lines = section(text, &w.get("condottiere-mail-lines"));
        assert_eq!(lines.len(), battle.participants.len(), "{text}");
        for p in &battle.participants {
            let s = &view.seats[p.index()];
            let line = lines
                .iter()
                .find(|l| l.contains(&format!("- {}: ", names[p.index()])))
                .unwrap_or_else(|| panic!("no battle line of {p}:\n{text}"));
            for c in s.line.iter().filter_map(|c| c.card) {
                assert!(line.contains(&card(c)), "{} not in {line:?}", card(c));
            }
            let strength = w.with(
                "condottiere-mail-line",
                &[
                    ("name", "".into()),
                    ("cards", "".into()),
                    ("strength", s.strength.into()),
                ],
            );
            let strength = strength.trim_start_matches([':', ' ', ',']);
            assert!(line.contains(strength), "{strength:?} not in {line:?}");
            let passed = w.get("condottiere-line-passed");
            assert_eq!(
                line.contains(passed.trim_start_matches([',', ' '])),
                s.passed,
                "{line}"
            );
        }
    }
}

async fn condottiere_turn_mails_hold_the_battle_the_hand_by_name_and_the_regions(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let mut kinds_seen = BTreeSet::new();
    let mut decisions_seen = BTreeSet::new();
    // A long name a phone cannot show whole, and a game with every option that adds decisions.
    for (title, options, seed) in [
        (
            Some("The long winter campaign of the Tuscan league, second season"),
            serde_json::json!({}),
            3,
        ),
        (
            None,
            serde_json::json!({"draw_after_battle": true, "capturing_regions": true}),
            5,
        ),
    ] {
        let mut body = serde_json::json!({
            "game": "condottiere",
            "options": options,
            "hours_per_decision": 24,
            "seats": [
                {"name": "Alice", "email": email_of(1)},
                {"name": "Bob", "email": email_of(2)},
                {"name": "Carla", "email": email_of(3)},
            ]
        });
        if let Some(title) = title {
            body["title"] = title.into();
        }
        let created = app.api_create_confirmed(&body).await;
        let game = created.json()["id"].as_str().unwrap().to_owned();
        // Bob, invited now, reads Portuguese (a person known to the service may sign in).
        app.deliver_mail().await;
        if title.is_some() {
            reads_portuguese(&app, email_of(2)).await;
        }
        let links = accept(&app, &game, &[1, 2, 3]).await;
        let mut chooser = Chooser::new(seed);
        let mut read = app.smtp.count();
        let mut reminded = BTreeSet::new();
        for _ in 0..400 {
            app.deliver_mail().await;
            let now = loaded(&app, &game);
            let Some(state) = now.state() else { break };
            let typed = state
                .downcast::<corriere::engine::condottiere::Game>()
                .unwrap()
                .clone();
            for mail in &app.smtp.mails()[read..] {
                if !mail.text.contains(&game) {
                    continue;
                }
                let name = title.unwrap_or("Condottiere");
                assert_subject(mail, name);
                let Some(kind) = turn_kind(mail) else {
                    continue;
                };
                let seat = seat_of(&mail.to);
                let lang = if seat == Seat(1) { "pt" } else { "en" };
                check_condottiere(mail, &typed, seat, &words(lang));
                kinds_seen.insert(kind);
                if let Some(d) = state.decision(seat) {
                    let d = d
                        .downcast::<corriere::engine::condottiere::Decision>()
                        .unwrap();
                    decisions_seen.insert(format!("{d:?}"));
                }
            }
            read = app.smtp.count();
            if state.is_over() {
                break;
            }
            let seat = state.waiting_on()[0];
            // The first time a seat meets a kind of decision, it is reminded of it.
            let decision = state.decision(seat).map(|d| {
                let d = d
                    .downcast::<corriere::engine::condottiere::Decision>()
                    .unwrap();
                format!("{d:?}")
            });
            if reminded.insert((seat, decision)) {
                app.clock.advance(chrono::Duration::hours(19));
                app.running
                    .scheduler
                    .run_once()
                    .await
                    .expect("a scheduler pass");
                continue;
            }
            let link = &links[seat.index()];
            let api = app.api_seat(link).await.json();
            let legal = api["legal_actions"].as_array().expect("legal actions");
            let action = &legal[chooser.pick(legal.len())];
            let answer = app
                .api_move(link, api["seq"].as_i64().unwrap(), action)
                .await;
            assert_eq!(answer.status, 200, "{}", answer.body);
        }
    }
    for kind in ["started", "turn", "reminder"] {
        assert!(
            kinds_seen.contains(kind),
            "no {kind} mail read: {kinds_seen:?}"
        );
    }
    // The decisions every game reaches; the others (a hand discarded, the Pope placed…)
    // depend on the deal, which a new game draws afresh, and are read when they come.
    for decision in ["FirstBattleRegion", "PlayOrPass", "NextBattleRegion"] {
        assert!(
            decisions_seen.iter().any(|d| d.starts_with(decision)),
            "no mail about {decision}: {decisions_seen:?}"
        );
    }
    eprintln!("Condottiere turn mails read: {kinds_seen:?}, decisions {decisions_seen:?}");
    app.stop().await;
}

// ---------------------------------------------------------------- War

/// What a War decision needs, found in the text part of `mail` to `seat`: its objective, its
/// cards, each of its territories with its armies and the enemy territories it borders (owner
/// and armies), the armies to place in phase A; and what happened, one line per attack, the whole mail under 16 KB.
fn check_war(mail: &Mail, game: &corriere::engine::war::Game, seat: Seat, w: &Words) {
    use corriere::engine::war::PhaseView;
    let text = &mail.text;
    let view = game.view(Viewer::Seat(seat));
    let names = ["Alice", "Bob", "Bot 3", "Bot 4"];
    let me = &view.seats[seat.index()];
    let objective = me.objective.expect("the seat sees its objective");
    let hunted = view
        .seats
        .iter()
        .find(|s| s.colour == objective.target())
        .map(|s| names[s.seat.index()])
        .unwrap();
    let colour = w.get(&format!("war-colour-{}", objective.target().id()));
    assert!(
        text.contains(&format!("{colour} ({hunted})")),
        "the objective (destroy {colour}, {hunted}) is not in:\n{text}"
    );
    for card in me.hand.as_deref().unwrap_or_default() {
        let named = match card.territory() {
            Some(t) => w.get(&format!("war-territory-{}", t.id().replace('_', "-"))),
            None => w
                .get("war-card-joker-1")
                .split(' ')
                .next()
                .unwrap()
                .to_owned(),
        };
        let head = w.one("war-mail-hand", "cards", "\u{1}");
        let head = head.split('\u{1}').next().unwrap();
        let cards_line = text
            .lines()
            .find(|l| l.starts_with(head))
            .unwrap_or_default();
        assert!(
            cards_line.contains(&named),
            "the card {named} is not in {cards_line:?}"
        );
    }
    let territory = |t: corriere::engine::war::Territory| {
        w.get(&format!("war-territory-{}", t.id().replace('_', "-")))
    };
    let fronts = section(text, &w.get("war-mail-territories"));
    let mine: Vec<_> = view.board.iter().filter(|t| t.owner == seat).collect();
    assert_eq!(fronts.len(), mine.len(), "one line per territory:\n{text}");
    for tv in mine {
        let head = format!("- {} ({}):", territory(tv.territory), tv.armies);
        let line = fronts
            .iter()
            .find(|l| l.trim_start().starts_with(&head))
            .unwrap_or_else(|| panic!("no line {head:?} in:\n{text}"));
        for n in tv.territory.neighbours().iter() {
            let other = view.board.iter().find(|x| x.territory == n).unwrap();
            let shown = format!(
                "{} ({}, {})",
                territory(n),
                names[other.owner.index()],
                other.armies
            );
            assert_eq!(
                line.contains(&shown),
                other.owner != seat,
                "{shown:?} and {line:?}"
            );
        }
    }
    if let (PhaseView::Reinforce { total, .. }, true) = (&view.phase, view.active == seat) {
        let due = w.two("war-pools", ("total", *total), ("parts", ""));
        let due = due.split('(').next().unwrap();
        assert!(text.contains(due), "reinforcements {due:?} not in:\n{text}");
    }
    // What happened: one line per attack, no die.
    let happened = section(text, &w.get("mail-happened"));
    let rolled = words_before(
        w,
        "war-ev-rolled",
        &["to-the", "from-from", "attack", "defence"],
        0,
    );
    let rolled = rolled.as_str();
    assert!(
        happened.iter().all(|l| !l.contains(rolled)),
        "a die in the mail:\n{text}"
    );
    // One line per attack, not per die: the mail's size is what a phone feels. Its number of
    // lines is the round's: a bot's turn of a dozen conquests told 86 lines in one CI run (a
    // line and a card drawn per conquest), which a fixed count of lines had refused.
    assert!(text.len() <= 16 * 1024, "{} bytes:\n{text}", text.len());
}

/// A War decision's id (D1…D6).
fn war_decision(decision: &corriere::kinds::Decision) -> &'static str {
    decision
        .downcast::<corriere::engine::war::Decision>()
        .expect("a War decision")
        .id()
}

async fn war_turn_mails_hold_the_fronts_cards_objective_and_one_line_per_attack(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let created = app
        .api_create_confirmed(&serde_json::json!({
            "game": "war",
            "hours_per_decision": 24,
            "seats": [
                {"name": "Alice", "email": email_of(1)},
                {"name": "Bob", "email": email_of(2)},
                {"name": "Bot 3", "bot": true},
                {"name": "Bot 4", "bot": true},
            ]
        }))
        .await;
    let game = created.json()["id"].as_str().unwrap().to_owned();
    app.deliver_mail().await;
    reads_portuguese(&app, email_of(2)).await;
    let links = accept(&app, &game, &[1, 2]).await;
    let mut read = app.smtp.count();
    let mut reminded = BTreeSet::new();
    let mut kinds_seen = BTreeSet::new();
    let mut phases_seen = BTreeSet::new();
    let mut longest_news = 0;
    let mut attacks_told = 0;
    for _ in 0..600 {
        app.deliver_mail().await;
        let now = loaded(&app, &game);
        let Some(state) = now.state() else { break };
        let typed = state
            .downcast::<corriere::engine::war::Game>()
            .unwrap()
            .clone();
        for mail in &app.smtp.mails()[read..] {
            if !mail.text.contains(&game) {
                continue;
            }
            assert_subject(mail, "War");
            let Some(kind) = turn_kind(mail) else {
                continue;
            };
            let seat = seat_of(&mail.to);
            let w = words(if seat == Seat(1) { "pt" } else { "en" });
            check_war(mail, &typed, seat, &w);
            kinds_seen.insert(kind);
            if let Some(d) = state.decision(seat) {
                phases_seen.insert(war_decision(&d));
            }
            let news = section(&mail.text, &w.get("mail-happened"));
            longest_news = longest_news.max(news.len());
            let attacked = words_before(
                &w,
                "war-mail-battle",
                &[
                    "seat",
                    "seat-p",
                    "defender",
                    "defender-p",
                    "from-from",
                    "to",
                    "to-the",
                    "attack-lost",
                    "defence-lost",
                    "conquest",
                ],
                1,
            );
            let attacked = attacked.split_whitespace().next().unwrap().to_owned();
            attacks_told += news.iter().filter(|l| l.contains(&attacked)).count();
        }
        read = app.smtp.count();
        if state.is_over() {
            break;
        }
        let seat = state.waiting_on()[0];
        let code = state.decision(seat).map(|d| war_decision(&d));
        if reminded.insert((seat, code)) {
            app.clock.advance(chrono::Duration::hours(19));
            app.running
                .scheduler
                .run_once()
                .await
                .expect("a scheduler pass");
            continue;
        }
        // The players play each decision's first listed action (no attack, no move); the
        // bots attack.
        let link = &links[seat.index()];
        let api = app.api_seat(link).await.json();
        let legal = api["legal_actions"].as_array().expect("legal actions");
        let answer = app
            .api_move(link, api["seq"].as_i64().unwrap(), &legal[0])
            .await;
        assert_eq!(answer.status, 200, "{}", answer.body);
    }
    for kind in ["turn", "reminder"] {
        assert!(
            kinds_seen.contains(kind),
            "no {kind} mail read: {kinds_seen:?}"
        );
    }
    assert!(attacks_told > 0, "no attack was told in a mail");
    eprintln!(
        "War mails read: {kinds_seen:?}, decisions {phases_seen:?}, longest news \
         {longest_news} lines, {attacks_told} attacks told"
    );
    app.stop().await;
}

on_each_backend!(
    condottiere_turn_mails_hold_the_battle_the_hand_by_name_and_the_regions,
    war_turn_mails_hold_the_fronts_cards_objective_and_one_line_per_attack,
);
