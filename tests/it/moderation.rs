//! Block, mute and report, end to end: a player blocked from a message reaches the blocker no
//! more (pages, API, mails, rematches), reports reach the operator's `corriere reports`, a
//! hidden message leaves every surface while the record verifies, and a service-wide block.

use crate::support;

use corriere::config::Config;
use corriere::service::Secret;
use corriere::store::{self, DbUrl};
use std::process::Command;
use std::sync::Arc;
use support::{email_of, Backend, SeatLink, Smtp, TestApp, TestDb};

on_each_backend!(
    a_player_blocked_from_a_message_reaches_the_blocker_no_more,
    a_report_reaches_the_operator_and_a_hidden_message_leaves_every_surface,
    an_address_blocked_service_wide_is_not_mailed_and_cannot_create_join_or_write,
    an_address_typed_in_the_settings_is_blocked_before_it_ever_invites,
);

const SECRET: &str = "0d15ea5e0d15ea5e0d15ea5e0d15ea5e0d15ea5e0d15ea5e0d15ea5e0d15ea5e";

/// The test service with a link secret the `corriere` binary is given too.
async fn service(backend: &Backend) -> TestApp {
    let mut db = TestDb::fresh(backend);
    db.secret = Secret::from_hex(SECRET).unwrap();
    let db = Arc::new(db);
    let smtp = Smtp::start();
    let clock = corriere::clock::ManualClock::starting_now();
    let config: Config = support::test_config(&db, Some(&smtp), &clock);
    TestApp::from_config(config, db, smtp, clock).await
}

/// `corriere ARGS` on the test service's database: (exit status, standard output).
fn corriere(app: &TestApp, args: &[&str]) -> (i32, String) {
    let url = match &app.db.url {
        DbUrl::Sqlite(path) => format!("sqlite://{}", path.display()),
        DbUrl::Postgres(url) => url.clone(),
    };
    let out = Command::new(env!("CARGO_BIN_EXE_corriere"))
        .args(args)
        .env_remove("CORRIERE_BASE_URL")
        .env_remove("CORRIERE_BIND")
        .env("CORRIERE_DATABASE_URL", url)
        .env("CORRIERE_DATA_DIR", app.db.dir.path())
        .env("CORRIERE_SECRET", SECRET)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

async fn started_game(app: &TestApp, players: usize) -> Vec<SeatLink> {
    let creator = app.create_game(players, &[]).await;
    let links = app.accept_all(&creator.game, players).await;
    app.deliver_mail().await;
    links
}

async fn say(app: &TestApp, link: &SeatLink, text: &str, to: &str) {
    let page = app
        .post_form(
            &format!("{}/messages", link.url),
            &[("text", text), ("to", to)],
        )
        .await;
    assert_eq!(page.status, 303, "{}", page.body);
}

/// The scheduler mails the messages a minute old; every mail is delivered.
async fn mail_the_talk(app: &TestApp) {
    app.clock.advance(chrono::Duration::seconds(61));
    app.running.scheduler.run_once().await.unwrap();
    app.deliver_mail().await;
}

fn mailed(app: &TestApp, seat: u8, text: &str) -> bool {
    app.smtp
        .mails_to(email_of(seat))
        .iter()
        .any(|m| m.text.contains(text) || m.html.contains(text))
}

/// The mail-settings page of the person of `seat`.
fn settings_url(app: &TestApp, seat: u8) -> String {
    let mut conn = app.running.db.get().unwrap();
    let person = store::find_address(&mut conn, email_of(seat))
        .unwrap()
        .expect("a known person");
    app.running.state.games.settings_url(&person)
}

async fn a_player_blocked_from_a_message_reaches_the_blocker_no_more(backend: Backend) {
    let app = service(&backend).await;
    let links = started_game(&app, 3).await;
    let (alice, bob, carla) = (&links[0], &links[1], &links[2]);
    let game = alice.game.clone();
    say(&app, bob, "Bob says hello", "").await;
    // Alice's page offers, beside Bob's message, to block "this player" by seat, never by
    // address.
    let page = app.seat_page(alice).await;
    assert!(!page.body.contains(email_of(2)), "no address on the page");
    let block = page
        .forms()
        .into_iter()
        .find(|f| f.action.ends_with("/block"))
        .expect("a block form beside another's message");
    assert_eq!(block.input("seat"), Some("2"));
    let blocked = app
        .post_form(&app.url(&block.action), &[("seat", "2")])
        .await;
    assert_eq!(blocked.status, 303, "{}", blocked.body);
    let page = app.get(&blocked.location.unwrap()).await;
    assert!(page.text().contains("Blocked:"), "{}", page.text());
    // Blocking oneself is refused.
    let own = app
        .post_form(&format!("{}/block", alice.url), &[("seat", "1")])
        .await;
    assert_eq!(own.status, 422);

    say(&app, bob, "Bob to the table again", "").await;
    say(&app, bob, "Bob whispers to Alice", "1").await;
    say(&app, carla, "Carla speaks", "").await;
    mail_the_talk(&app).await;
    // Alice: nothing of Bob's on her page, her API answer or in her mail; Carla's words do.
    let alice_page = app.seat_page(alice).await.text();
    let alice_api = app.api_seat(alice).await.body;
    for text in [
        "Bob says hello",
        "Bob to the table again",
        "Bob whispers to Alice",
    ] {
        assert!(!alice_page.contains(text), "Alice's page shows {text:?}");
        assert!(!alice_api.contains(text), "Alice's API shows {text:?}");
        assert!(!mailed(&app, 1, text), "Alice was mailed {text:?}");
    }
    assert!(alice_page.contains("Carla speaks") && alice_api.contains("Carla speaks"));
    assert!(
        mailed(&app, 1, "Carla speaks"),
        "the unblocked talk is mailed"
    );
    // Everyone else still reads Bob.
    assert!(app
        .seat_page(carla)
        .await
        .text()
        .contains("Bob to the table again"));
    assert!(mailed(&app, 3, "Bob to the table again"));
    assert!(app
        .public_page(&game)
        .await
        .text()
        .contains("Bob says hello"));

    // The game ends; Bob's rematch cannot reach Alice, Carla's can.
    assert!(
        support::play_first_legal(&app, &game, 5000).await,
        "the game ends"
    );
    app.deliver_mail().await;
    // The turn mails of the whole game repeated the talk: never Bob's to Alice.
    for text in ["Bob to the table again", "Bob whispers to Alice"] {
        assert!(!mailed(&app, 1, text), "Alice was mailed {text:?}");
    }
    let refused = app
        .post_form(&format!("{}/rematch", bob.url), &[("order", "same")])
        .await;
    assert_ne!(refused.status, 303, "Bob's rematch is refused");
    assert!(
        refused.text().contains("cannot be invited"),
        "{}",
        refused.text()
    );
    assert!(!refused.body.contains(email_of(1)));
    app.deliver_mail().await;
    assert!(
        app.smtp
            .latest_to(email_of(1), |m| m.subject.contains("rematch"))
            .is_none(),
        "no rematch mail reaches Alice"
    );
    let proposed = app
        .post_form(&format!("{}/rematch", carla.url), &[("order", "same")])
        .await;
    assert_eq!(proposed.status, 303, "{}", proposed.body);
    app.deliver_mail().await;
    assert!(app
        .smtp
        .latest_to(email_of(1), |m| m.subject.contains("rematch"))
        .is_some());

    // Alice's mail settings name Bob, never his address, and lift the block.
    let settings = app.get(&settings_url(&app, 1)).await;
    assert!(settings.text().contains("Players you blocked"));
    assert!(!settings.body.contains(email_of(2)));
    let unblock = settings
        .forms()
        .into_iter()
        .find(|f| f.action.ends_with("/unblock"))
        .expect("an unblock form");
    assert_eq!(
        app.post_form(&app.url(&unblock.action), &[]).await.status,
        303
    );
    let settings = app.get(&settings_url(&app, 1)).await;
    assert!(settings.text().contains("You have blocked nobody."));
    assert!(app.seat_page(alice).await.text().contains("Bob says hello"));

    // The API blocks by seat too.
    let api = app
        .client
        .post(app.url(&format!("/api/v1/games/{game}/block")))
        .bearer_auth(alice.bearer())
        .json(&serde_json::json!({"seat": 2}))
        .send()
        .await
        .unwrap();
    assert_eq!(api.status(), 204);
    assert!(!app.seat_page(alice).await.text().contains("Bob says hello"));
    app.stop().await;
}

async fn a_report_reaches_the_operator_and_a_hidden_message_leaves_every_surface(backend: Backend) {
    let app = service(&backend).await;
    let links = started_game(&app, 2).await;
    let (alice, bob) = (&links[0], &links[1]);
    let game = alice.game.clone();
    let spam = "Buy cheap gold now";
    say(&app, bob, spam, "").await;
    say(&app, bob, "An ordinary word", "").await;
    // Alice reports it from her page, with a reason.
    let page = app.seat_page(alice).await;
    let report = page
        .forms()
        .into_iter()
        .find(|f| f.action.ends_with("/report"))
        .expect("a report form beside another's message");
    let message = report.action.rsplit('/').nth(1).unwrap().to_owned();
    let reported = app
        .post_form(&app.url(&report.action), &[("reason", "spam, not play")])
        .await;
    assert_eq!(reported.status, 303, "{}", reported.body);
    let again = app
        .post_form(&app.url(&report.action), &[("reason", "again")])
        .await;
    assert_eq!(again.status, 409, "once per reader and message");
    let long = "x".repeat(501);
    let too_long = app
        .client
        .post(app.url(&format!("/api/v1/games/{game}/messages/{message}/report")))
        .bearer_auth(bob.bearer())
        .json(&serde_json::json!({ "reason": long }))
        .send()
        .await
        .unwrap();
    assert_eq!(too_long.status(), 422, "the reason's one limit");
    // Bob reports Alice's message through the API.
    say(&app, alice, "Alice answers", "").await;
    let alices: String = app.api_seat(bob).await.json()["messages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["text"] == "Alice answers")
        .unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let api = app
        .client
        .post(app.url(&format!("/api/v1/games/{game}/messages/{alices}/report")))
        .bearer_auth(bob.bearer())
        .json(&serde_json::json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(api.status(), 204);

    // The operator reads both.
    let (status, out) = corriere(&app, &["reports"]);
    assert_eq!(status, 0, "{out}");
    assert!(
        out.contains(spam) && out.contains("spam, not play"),
        "{out}"
    );
    assert!(out.contains(&game) && out.contains(&message), "{out}");
    assert!(
        out.contains("from seat 2") && out.contains("reported by seat 1"),
        "{out}"
    );
    assert!(out.contains("Alice answers"), "{out}");
    let alice_report = out
        .lines()
        .find(|l| l.contains(&alices))
        .and_then(|l| l.split_whitespace().nth(1))
        .unwrap()
        .to_owned();

    // Hidden before the talk is mailed: nobody reads it anywhere again.
    let (status, out) = corriere(&app, &["reports", "hide", &message]);
    assert_eq!(status, 0, "{out}");
    mail_the_talk(&app).await;
    assert!(mailed(&app, 1, "An ordinary word"), "the rest is mailed");
    assert!(!mailed(&app, 1, spam));
    for link in [alice, bob] {
        assert!(!app.seat_page(link).await.text().contains(spam));
        assert!(!app.api_seat(link).await.body.contains(spam));
    }
    assert!(!app.public_page(&game).await.text().contains(spam));
    let record = app.get(&format!("/games/{game}/record.json?talk=1")).await;
    assert!(!record.body.contains(spam) && record.body.contains("An ordinary word"));
    // Messages are outside the hash chain: played to its end, the record with its talk
    // verifies whole.
    assert!(
        support::play_first_legal(&app, &game, 5000).await,
        "the game ends"
    );
    let record = app.get(&format!("/games/{game}/record.json?talk=1")).await;
    assert!(!record.body.contains(spam) && record.body.contains("An ordinary word"));
    assert!(
        corriere::audit::verify_json(&record.body).is_ok(),
        "the record verifies: {:?}",
        corriere::audit::verify_json(&record.body).err()
    );
    // A hidden message cannot be reported again; its report is closed.
    let hidden = app
        .post_form(&app.url(&report.action), &[("reason", "")])
        .await;
    assert_eq!(hidden.status, 404);
    let (_, out) = corriere(&app, &["reports"]);
    assert!(
        !out.contains(spam) && out.contains("Alice answers"),
        "{out}"
    );
    let (status, _) = corriere(&app, &["reports", "dismiss", &alice_report]);
    assert_eq!(status, 0);
    let (_, out) = corriere(&app, &["reports"]);
    assert!(out.contains("No open reports."), "{out}");
    assert!(app.seat_page(bob).await.text().contains("Alice answers"));
    let (status, _) = corriere(&app, &["reports", "dismiss", &alice_report]);
    assert_eq!(status, 1, "a closed report is not dismissed twice");
    // Reports are counted per reporter: the hour's limit answers 429 with Retry-After.
    let limit = corriere::service::moderation::REPORTS_PER_HOUR as usize;
    for n in 0..=limit {
        say(&app, bob, &format!("Message number {n}"), "").await;
    }
    let ids: Vec<String> = app.api_seat(alice).await.json()["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["text"].as_str().unwrap().starts_with("Message number"))
        .map(|m| m["id"].as_str().unwrap().to_owned())
        .collect();
    // One report was counted this hour already (the one against the hidden message).
    let mut statuses = Vec::new();
    for id in &ids {
        let answer = app
            .client
            .post(app.url(&format!("/api/v1/games/{game}/messages/{id}/report")))
            .bearer_auth(alice.bearer())
            .json(&serde_json::json!({}))
            .send()
            .await
            .unwrap();
        statuses.push((
            answer.status().as_u16(),
            answer.headers().contains_key("retry-after"),
        ));
    }
    assert_eq!(statuses[..limit - 1], vec![(204, false); limit - 1][..]);
    assert_eq!(statuses[limit - 1], (429, true), "{statuses:?}");
    app.stop().await;
}

async fn an_address_blocked_service_wide_is_not_mailed_and_cannot_create_join_or_write(
    backend: Backend,
) {
    let app = service(&backend).await;
    let links = started_game(&app, 3).await;
    let (alice, bob) = (&links[0], &links[1]);
    // An invitation Bob has not answered yet, and a mail of his game he could answer.
    let pending = app.create_game(2, &[]).await;
    app.deliver_mail().await;
    let invitation = app
        .smtp
        .latest_to(email_of(2), |m| {
            m.is_invitation() && m.text.contains(&pending.game)
        })
        .expect("Bob is invited")
        .seat_link();
    let answerable = app
        .answerable(email_of(2), &alice.game)
        .expect("a mail Bob can answer");
    let (status, out) = corriere(&app, &["block-address", "Bob@Example.org"]);
    assert_eq!(status, 0, "{out}");
    assert!(out.contains("is blocked"), "{out}");
    // No mail reaches Bob: the table's talk goes to Carla only.
    say(&app, alice, "After the block", "").await;
    mail_the_talk(&app).await;
    assert!(mailed(&app, 3, "After the block"));
    assert!(!mailed(&app, 2, "After the block"));
    // Bob writes nothing more: his page offers no message form, says why, and a post by hand
    // is refused.
    let page = app.seat_page(bob).await;
    assert!(!page.body.contains("id=\"talk-form\""), "{}", page.body);
    assert!(
        page.text()
            .contains("This address may not write to tables on this site"),
        "{}",
        page.text()
    );
    let refused = app
        .post_form(&format!("{}/messages", bob.url), &[("text", "still here")])
        .await;
    assert_eq!(refused.status, 403);
    // Bob joins nothing, and his replies are not listened to.
    assert_eq!(app.accept(&invitation, "", "").await.status, 403);
    app.reply(&answerable, "Words from a blocked address", "")
        .await;
    assert!(!app
        .seat_page(&links[2])
        .await
        .text()
        .contains("Words from a blocked address"));
    // Nobody invites Bob; Bob creates nothing.
    let invite = app
        .create_form(&[
            ("name1", "Alice"),
            ("email1", email_of(1)),
            ("name2", "Bob"),
            ("email2", email_of(2)),
            ("creator", "1"),
            ("first_holder", "creator"),
        ])
        .await;
    assert_ne!(invite.status, 303);
    assert!(
        invite.text().contains("cannot be invited"),
        "{}",
        invite.text()
    );
    let create = app
        .create_form(&[
            ("name1", "Bob"),
            ("email1", email_of(2)),
            ("name2", "Carla"),
            ("email2", email_of(3)),
            ("creator", "1"),
            ("first_holder", "creator"),
        ])
        .await;
    assert_ne!(create.status, 303);
    assert!(
        create.text().contains("may not create games"),
        "{}",
        create.text()
    );
    // Nor is a blocked address invited to take over a resigned seat; another address is.
    let carla = &links[2];
    let resigned = app
        .post_form(&format!("{}/resign", carla.url), &[("confirm", "yes")])
        .await;
    assert_eq!(resigned.status, 303);
    assert_eq!(corriere(&app, &["block-address", "elsa@example.org"]).0, 0);
    let replace = |name: &'static str, email: &'static str| {
        let url = format!("{}/replace", alice.url);
        let app = &app;
        async move {
            app.post_form(&url, &[("seat", "3"), ("name", name), ("email", email)])
                .await
        }
    };
    let refused = replace("Elsa", "elsa@example.org").await;
    assert_ne!(refused.status, 303);
    assert!(
        refused.text().contains("cannot be invited"),
        "{}",
        refused.text()
    );
    assert_eq!(replace("Dino", "dino@example.org").await.status, 303);
    // Lifted, Bob is back.
    let (status, _) = corriere(&app, &["unblock-address", "bob@example.org"]);
    assert_eq!(status, 0);
    assert!(app.seat_page(bob).await.body.contains("id=\"talk-form\""));
    say(&app, bob, "Back again", "").await;
    app.reply(&answerable, "Words after the unblock", "").await;
    assert!(app
        .seat_page(&links[2])
        .await
        .text()
        .contains("Words after the unblock"));
    app.stop().await;
}

/// A person blocks an address they type in their mail settings, before its person ever
/// invited them: its invitations do not reach them, and what they typed wrong comes back
/// with what was wrong, nothing blocked.
async fn an_address_typed_in_the_settings_is_blocked_before_it_ever_invites(backend: Backend) {
    let app = service(&backend).await;
    let _ = started_game(&app, 2).await;
    const ZED: &str = "zed@example.org";
    let settings = settings_url(&app, 2);
    let page = app.get(&settings).await;
    let form = page
        .forms()
        .into_iter()
        .find(|f| f.action.ends_with("/blocks"))
        .expect("a block-an-address form");
    let block = |address: &'static str| {
        let action = app.url(&form.action);
        let app = &app;
        async move { app.post_form(&action, &[("address", address)]).await }
    };
    // Not an address, or their own: said, kept in the box, nothing blocked.
    let bad = block("zed at example").await;
    assert_eq!(bad.status, 422, "{}", bad.body);
    assert!(bad.text().contains("does not look like an email address"));
    assert!(
        bad.body.contains("value=\"zed at example\""),
        "{}",
        bad.body
    );
    let own = block("BOB@example.org").await;
    assert_eq!(own.status, 422, "{}", own.body);
    assert!(own.text().contains("your own address"), "{}", own.text());
    assert!(app
        .get(&settings)
        .await
        .text()
        .contains("You have blocked nobody."));
    // Zed, typed in capitals: listed as typed; twice is once.
    assert_eq!(block("Zed@Example.org").await.status, 303);
    assert_eq!(block("zed@example.org").await.status, 303);
    let listed = app.get(&settings).await;
    assert_eq!(
        listed.text().matches("Zed@Example.org").count(),
        1,
        "{}",
        listed.text()
    );
    // Zed's invitation cannot reach Bob; Bob is not mailed.
    app.deliver_mail().await;
    let before = app.smtp.mails_to(email_of(2)).len();
    let zed_invites_bob = || async {
        app.create_form(&[
            ("name1", "Zed"),
            ("email1", ZED),
            ("name2", "Bob"),
            ("email2", email_of(2)),
            ("creator", "1"),
        ])
        .await
    };
    let invite = zed_invites_bob().await;
    assert_ne!(invite.status, 303);
    assert!(
        invite.text().contains("cannot be invited"),
        "{}",
        invite.text()
    );
    app.deliver_mail().await;
    assert_eq!(app.smtp.mails_to(email_of(2)).len(), before);
    // Lifted, Zed may invite Bob again.
    let unblock = app
        .get(&settings)
        .await
        .forms()
        .into_iter()
        .find(|f| f.action.ends_with("/unblock"))
        .expect("an unblock form");
    assert_eq!(
        app.post_form(&app.url(&unblock.action), &[]).await.status,
        303
    );
    let invite = zed_invites_bob().await;
    assert_eq!(invite.status, 303, "{}", invite.body);
    app.stop().await;
}
