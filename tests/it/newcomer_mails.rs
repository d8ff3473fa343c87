//! A newcomer's mails on a phone (issue 29, item 10): every HTML mail has the viewport tag and
//! words, never a raw URL, as the text of its links; War's subjects stay short in both languages.

use crate::support;

use support::{email_of, Backend, Mail, SeatLink, TestApp};

/// The longest War subject a phone shows whole (the issue's bound).
const SUBJECT_MAX: usize = 78;

/// A game's name of 40 characters.
const TITLE: &str = "A longa campanha de inverno no Atlântico";

const VIEWPORT: &str = r#"<meta name="viewport" content="width=device-width, initial-scale=1">"#;

/// The text of each link of an HTML part, tags inside it dropped.
fn link_texts(html: &str) -> Vec<String> {
    html.split("<a ")
        .skip(1)
        .map(|a| {
            let inner = a.split_once('>').map_or("", |(_, rest)| rest);
            let inner = inner.split("</a>").next().unwrap_or_default();
            let mut text = String::new();
            let mut in_tag = false;
            for c in inner.chars() {
                match c {
                    '<' => in_tag = true,
                    '>' => in_tag = false,
                    c if !in_tag => text.push(c),
                    _ => {}
                }
            }
            text.trim().to_owned()
        })
        .collect()
}

fn is_url(text: &str) -> bool {
    text.contains("://") || text.starts_with("www.") || text.starts_with("http")
}

/// The newest seat link of `game` mailed to `address`.
fn link_to(app: &TestApp, address: &str, game: &str) -> SeatLink {
    app.smtp
        .mails_to(address)
        .into_iter()
        .rev()
        .find_map(|m| {
            m.text
                .split_whitespace()
                .filter(|w| w.starts_with("http"))
                .find_map(SeatLink::parse)
                .filter(|l| l.game == game)
        })
        .unwrap_or_else(|| panic!("no link to {game} for {address}"))
}

fn war_game(bob_plays: bool) -> serde_json::Value {
    serde_json::json!({
        "game": "war",
        "title": TITLE,
        "hours_per_decision": 24,
        "seats": [
            {"name": "Alice", "email": email_of(1)},
            {"name": "Bob", "email": email_of(2)},
            if bob_plays { serde_json::json!({"name": "Bot 3", "bot": true}) }
            else { serde_json::json!({"name": "Carla", "email": email_of(3)}) },
            {"name": "Bot 4", "bot": true},
        ]
    })
}

async fn every_html_mail_a_war_newcomer_gets_fits_a_phone_with_words_for_links_and_short_subjects(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    // A game played a while: confirmation, invitations, the start, turns, reminders.
    let created = app.api_create_confirmed(&war_game(true)).await;
    let game = created.json()["id"].as_str().unwrap().to_owned();
    app.deliver_mail().await;
    // Bob reads Portuguese from now on (a saved choice, made once he is known: the sign-in mail is one of the kinds read).
    let session = app.sign_in(email_of(2)).await;
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

    let links: Vec<SeatLink> = [1, 2]
        .iter()
        .map(|&seat| link_to(&app, email_of(seat), &game))
        .collect();
    for link in &links {
        let page = app.accept(link, "", "").await;
        assert_eq!(page.status, 303, "{}", page.body);
    }
    // Each seat is reminded of its first decisions, then plays the first listed action (the
    // bots play as the service runs them).
    let mut reminded = std::collections::BTreeSet::new();
    for _ in 0..40 {
        app.deliver_mail().await;
        let id = corriere::domain::GameId::parse(&game).unwrap();
        let mut conn = app.running.db.get().expect("a connection");
        let loaded = app.running.state.games.load(&mut conn, &id).unwrap();
        drop(conn);
        let Some(state) = loaded.state() else { break };
        if state.is_over() {
            break;
        }
        let seat = state.waiting_on()[0];
        if reminded.len() < 3 && reminded.insert(seat) {
            app.clock.advance(chrono::Duration::hours(19));
            app.running.scheduler.run_once().await.expect("a pass");
            continue;
        }
        let link = &links[seat.index()];
        let api = app.api_seat(link).await.json();
        let legal = api["legal_actions"].as_array().expect("legal actions");
        let answer = app
            .api_move(link, api["seq"].as_i64().unwrap(), &legal[0])
            .await;
        assert_eq!(answer.status, 200, "{}", answer.body);
    }
    // A second game Carla declines: its cancellation.
    let declined = app.api_create_confirmed(&war_game(false)).await;
    let second = declined.json()["id"].as_str().unwrap().to_owned();
    app.deliver_mail().await;
    let carla = link_to(&app, email_of(3), &second);
    let page = app.decline(&carla).await;
    assert_eq!(page.status, 303, "{}", page.body);
    app.deliver_mail().await;

    let mails: Vec<Mail> = app.smtp.mails();
    let subjects: Vec<&str> = mails.iter().map(|m| m.subject.as_str()).collect();
    for (kind, seen) in [
        ("sign-in", subjects.iter().any(|s| s.contains("corriere"))),
        ("confirmation", mails.iter().any(Mail::is_confirmation)),
        ("invitation", mails.iter().any(Mail::is_invitation)),
        ("start", subjects.iter().any(|s| s.ends_with("has started"))),
        ("turn", subjects.iter().any(|s| s.contains(": your turn,"))),
        (
            "turn (pt)",
            subjects.iter().any(|s| s.contains(": sua vez,")),
        ),
        ("reminder", subjects.iter().any(|s| s.contains("is due"))),
        (
            "cancellation",
            subjects.iter().any(|s| s.ends_with("is cancelled")),
        ),
    ] {
        assert!(seen, "no {kind} mail among {subjects:#?}");
    }
    for mail in &mails {
        assert!(
            mail.html.contains(VIEWPORT),
            "{:?} to {} has no viewport tag:\n{}",
            mail.subject,
            mail.to,
            mail.html
        );
        for text in link_texts(&mail.html) {
            assert!(
                !text.is_empty() && !is_url(&text),
                "{:?} to {} has a link reading {text:?}",
                mail.subject,
                mail.to
            );
        }
        if mail.text.contains(&game) || mail.text.contains(&second) {
            assert!(
                mail.subject.chars().count() <= SUBJECT_MAX,
                "{} characters: {:?}",
                mail.subject.chars().count(),
                mail.subject
            );
        }
    }
    app.stop().await;
}

on_each_backend!(
    every_html_mail_a_war_newcomer_gets_fits_a_phone_with_words_for_links_and_short_subjects,
);

/// Every kind of mail, including those no game above sends (a rematch, a relink, a failed
/// mail, a digest, table talk…), is drawn in the one layout with the viewport tag, and none
/// prints a link's address as its text.
#[test]
fn every_html_mail_kind_is_drawn_in_the_layout_and_no_link_reads_as_its_address() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/mail");
    let layout = std::fs::read_to_string(root.join("layout.html")).expect("the layout");
    assert!(layout.contains(VIEWPORT), "{layout}");
    assert!(!layout.contains("_url }}</a>"), "{layout}");
    let mut kinds = 0;
    for entry in std::fs::read_dir(&root).expect("the mail templates") {
        let body = entry.expect("an entry").path().join("body.html");
        let Ok(html) = std::fs::read_to_string(&body) else {
            continue;
        };
        kinds += 1;
        assert!(
            html.starts_with("{% extends \"mail/layout.html\" %}"),
            "{} is not drawn in the layout",
            body.display()
        );
        assert!(
            !html.contains("_url }}</a>"),
            "{} prints an address as a link's text",
            body.display()
        );
    }
    assert!(kinds >= 15, "{kinds} kinds of HTML mail");
}
