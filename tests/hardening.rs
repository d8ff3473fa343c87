//! Defects found by probing the service as an attacker and as an operator would: broken bodies,
//! limits that disagree between the form, the API and their messages, names and addresses that
//! should never be accepted, cross-site posts, files that hold secrets. Each test failed on the
//! main of its day and passes now.

mod support;

use support::{Backend, SeatLink, TestApp, PLAYERS};

on_each_backend!(
    a_broken_accept_body_is_a_400_that_says_what_is_wrong_and_accepts_nothing,
    every_limit_of_the_create_form_and_the_api_is_the_one_their_messages_give,
    names_and_addresses_that_hide_or_mislead_are_refused,
    a_phrase_as_long_as_the_form_allows_is_accepted_and_a_longer_one_refused_with_that_limit,
    names_in_mail_headers_are_encoded_and_cannot_inject_headers,
    a_cross_site_post_is_refused_and_changes_nothing,
);

fn fields_for(players: usize) -> Vec<(String, String)> {
    let mut fields = vec![
        ("game".to_string(), "condottiere".to_string()),
        ("creator".into(), "1".into()),
    ];
    for (i, (name, email)) in PLAYERS.iter().take(players).enumerate() {
        fields.push((format!("name{}", i + 1), name.to_string()));
        fields.push((format!("email{}", i + 1), email.to_string()));
    }
    fields
}

fn borrowed(fields: &[(String, String)]) -> Vec<(&str, &str)> {
    fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect()
}

async fn a_broken_accept_body_is_a_400_that_says_what_is_wrong_and_accepts_nothing(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let creator = app.create_game(2, &[]).await;
    app.deliver_mail().await;
    let link = app.link_from_latest(PLAYERS[1].1, |m| m.is_invitation());
    let url = app.url(&format!("/api/v1/games/{}/accept", link.game));
    for (content_type, body, says) in [
        ("application/json", "{\"contribution\": ", "not valid"),
        (
            "application/json",
            r#"{"contribution": "x", "extra": 1}"#,
            "unknown field",
        ),
        (
            "application/json",
            r#"{"contribution": 42}"#,
            "invalid type",
        ),
        ("text/plain", r#"{"contribution": "x"}"#, "application/json"),
    ] {
        let page = app
            .read_raw(
                app.client
                    .post(&url)
                    .bearer_auth(link.bearer())
                    .header("content-type", content_type)
                    .body(body),
            )
            .await;
        assert_eq!(page.status, 400, "{body}: {}", page.body);
        assert_eq!(
            page.json()["error"]["code"],
            "invalid_json",
            "{}",
            page.body
        );
        let message = page.json()["error"]["message"].as_str().unwrap().to_owned();
        assert!(message.contains(says), "{body}: {message}");
    }
    // Nothing changed: the seat has not accepted, and it still can.
    let game = app.api_game(&link.game).await.json();
    assert_eq!(game["players"][1]["accepted"], false, "{game}");
    let ok = app
        .read_raw(
            app.client
                .post(&url)
                .bearer_auth(link.bearer())
                .json(&serde_json::json!({"contribution": "mine"})),
        )
        .await;
    assert_eq!(ok.status, 200, "{}", ok.body);
    let game = app.api_game(&link.game).await.json();
    assert_eq!(game["players"][1]["contribution"], "mine");
    // An empty body accepts with a contribution the server draws, as before.
    let creator_accepts = app
        .read_raw(app.client.post(&url).bearer_auth(creator.bearer()))
        .await;
    assert_eq!(creator_accepts.status, 200, "{}", creator_accepts.body);
    app.stop().await;
}

async fn every_limit_of_the_create_form_and_the_api_is_the_one_their_messages_give(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    // Seven filled rows are not a six-player game.
    let mut seven = fields_for(6);
    seven.push(("name7".into(), "Gina".into()));
    seven.push(("email7".into(), "gina@example.org".into()));
    let page = app.create_form(&borrowed(&seven)).await;
    assert_eq!(page.status, 400, "{}", page.body);
    assert!(
        page.text()
            .contains("Condottiere needs 2 to 6 players; the form names 7."),
        "{}",
        page.text()
    );
    // The Play for Points target the message promises is the one enforced, in the form…
    for (target, accepted) in [
        ("0", false),
        ("1", true),
        ("200", true),
        ("201", false),
        ("100000", false),
    ] {
        let mut fields = fields_for(2);
        fields.push(("play_for_points".into(), "on".into()));
        fields.push(("play_for_points_value".into(), target.into()));
        let page = app.create_form(&borrowed(&fields)).await;
        if accepted {
            assert_eq!(page.status, 303, "target {target}: {}", page.body);
        } else {
            assert_eq!(page.status, 400, "target {target}: {}", page.body);
            assert!(
                page.text()
                    .contains("The Play for Points target must be a whole number from 1 to 200."),
                "target {target}: {}",
                page.text()
            );
        }
    }
    // …and in the API.
    for target in [0u64, 201, 4_000_000_000] {
        let answer = app
            .api_create(&serde_json::json!({
                "seats": [
                    {"name": "Ann", "email": "ann@example.org"},
                    {"name": "Bob", "email": "bob@example.org"}
                ],
                "options": {"play_for_points": target}
            }))
            .await;
        assert_eq!(answer.status, 400, "target {target}: {}", answer.body);
        let message = answer.json()["error"]["message"]
            .as_str()
            .unwrap()
            .to_owned();
        assert!(
            message.contains("from 1 to 200"),
            "target {target}: {message}"
        );
    }
    // The form's own limits are the ones the service checks.
    let home = app.home().await;
    assert!(
        home.body.contains("max=\"200\""),
        "the target's limit is on the form"
    );
    assert!(
        home.body.contains("maxlength=\"40\""),
        "the name's limit is on the form"
    );
    app.stop().await;
}

async fn names_and_addresses_that_hide_or_mislead_are_refused(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    for (name, email, says) in [
        (
            "\u{200b}\u{200b}",
            "zw@example.org",
            "Seat 2: the name is not valid",
        ),
        (
            "Bob\u{202e}evil",
            "bidi@example.org",
            "Seat 2: the name is not valid",
        ),
        (
            "Bob",
            "a@[127.0.0.1]",
            "is not an email address we can send to",
        ),
        (
            "Bob",
            "ALICE@example.org",
            "Seats 1 and 2 have the same email address",
        ),
    ] {
        let mut fields = fields_for(1);
        fields.push(("name2".into(), name.into()));
        fields.push(("email2".into(), email.into()));
        let page = app.create_form(&borrowed(&fields)).await;
        assert_eq!(page.status, 400, "{name:?} {email:?}: {}", page.body);
        assert!(
            page.text().contains(says),
            "{name:?} {email:?}: {}",
            page.text()
        );
        let answer = app
            .api_create(&serde_json::json!({
                "seats": [
                    {"name": PLAYERS[0].0, "email": PLAYERS[0].1},
                    {"name": name, "email": email}
                ]
            }))
            .await;
        assert_eq!(answer.status, 400, "{name:?} {email:?}: {}", answer.body);
    }
    assert_eq!(app.deliver_mail().await, 0, "nothing was sent");
    app.stop().await;
}

async fn a_phrase_as_long_as_the_form_allows_is_accepted_and_a_longer_one_refused_with_that_limit(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    app.create_game(2, &[]).await;
    app.deliver_mail().await;
    let link: SeatLink = app.link_from_latest(PLAYERS[1].1, |m| m.is_invitation());
    let page = app.seat_page(&link).await;
    assert!(
        page.body.contains("maxlength=\"200\""),
        "the phrase's limit is on the form"
    );
    let entropy = "ab".repeat(32);
    let too_long = "é".repeat(201);
    let refused = app.accept(&link, &entropy, &too_long).await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(
        refused.text().contains("at most 200 characters"),
        "{}",
        refused.text()
    );
    let phrase = "é".repeat(200);
    let accepted = app.accept(&link, &entropy, &phrase).await;
    assert_eq!(accepted.status, 303, "{}", accepted.body);
    let game = app.api_game(&link.game).await.json();
    assert_eq!(
        game["players"][1]["contribution"],
        format!("{entropy} {phrase}")
    );
    app.stop().await;
}

async fn names_in_mail_headers_are_encoded_and_cannot_inject_headers(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let answer = app
        .api_create_confirmed(&serde_json::json!({
            "seats": [
                {"name": "Zoë \"Zed\" <z@e.t>, Bcc: x@e.t", "email": "zoe@example.org"},
                {"name": "Bob", "email": "bob@example.org"}
            ]
        }))
        .await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    let crlf = app
        .api_create(&serde_json::json!({
            "seats": [
                {"name": "Zoë\r\nBcc: x@e.t", "email": "zoe@example.org"},
                {"name": "Bob", "email": "bob@example.org"}
            ]
        }))
        .await;
    assert_eq!(crlf.status, 400, "{}", crlf.body);
    app.deliver_mail().await;
    let mail = app
        .smtp
        .latest_to("bob@example.org", |m| m.is_invitation())
        .expect("an invitation");
    let headers = mail.raw.split("\r\n\r\n").next().unwrap();
    for line in headers.lines() {
        assert!(
            line.is_ascii(),
            "a header line that is not encoded: {line:?}"
        );
        assert!(!line.to_ascii_lowercase().starts_with("bcc:"), "{line:?}");
    }
    let subject = headers
        .lines()
        .find(|l| l.starts_with("Subject:"))
        .expect("a subject");
    assert!(
        subject.contains("=?utf-8?"),
        "an RFC 2047 encoded subject: {subject}"
    );
    assert!(mail.subject.starts_with("Zoë \"Zed\""), "{}", mail.subject);
    let to_zoe = app
        .smtp
        .latest_to("zoe@example.org", |m| m.is_confirmation())
        .expect("a confirmation");
    let to_line = to_zoe
        .raw
        .lines()
        .find(|l| l.starts_with("To:"))
        .unwrap()
        .to_owned();
    assert!(
        to_line.is_ascii() && to_line.contains("=?utf-8?"),
        "{to_line}"
    );
    app.stop().await;
}

async fn a_cross_site_post_is_refused_and_changes_nothing(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let fields = fields_for(2);
    for (header, value) in [
        ("origin", "https://evil.example"),
        ("sec-fetch-site", "cross-site"),
    ] {
        let page = app
            .read_raw(
                app.client
                    .post(app.url("/games"))
                    .header(header, value)
                    .form(&borrowed(&fields)),
            )
            .await;
        assert_eq!(page.status, 403, "{header}: {}", page.body);
        assert!(
            page.text().contains("came from another site"),
            "{header}: {}",
            page.text()
        );
    }
    assert_eq!(app.deliver_mail().await, 0, "no game was created");
    // The service's own pages post with their own origin, and that works.
    let page = app
        .read_raw(
            app.client
                .post(app.url("/games"))
                .header("origin", app.base.as_str())
                .header("sec-fetch-site", "same-origin")
                .form(&borrowed(&fields)),
        )
        .await;
    assert_eq!(page.status, 303, "{}", page.body);
    app.stop().await;
}
