//! Sessions of "my games" end: when idle, at their lifetime, by "sign out everywhere", when
//! their person asks never to be mailed again, and when a seat of theirs is relinked. Time
//! comes from the service's clock, moved by hand.

use crate::support;

use corriere::domain::GameId;
use corriere::engine::Seat;
use support::{email_of, Backend, TestApp};

on_each_backend!(
    a_session_ends_when_idle_and_at_its_lifetime_however_much_it_is_used,
    sign_out_everywhere_ends_every_session_and_retires_the_mail_settings_links,
    never_mail_ends_the_other_sessions_and_keeps_the_mail_settings_link,
    a_relink_retires_the_seats_sessions_and_settings_links_and_mails_a_working_one,
);

/// Whether `session` signs its browser in on "my games".
async fn signed_in(app: &TestApp, session: &str) -> bool {
    let page = app.get_signed_in("/me", session).await;
    assert_eq!(page.status, 200, "{}", page.body);
    page.body.contains(r#"action="/me/sign-out""#)
}

/// A game whose second seat (Bob) was invited: Bob has a seat, so he may sign in, and his
/// invitation's footer holds his mail-settings link, returned.
async fn bob_invited(app: &TestApp) -> (GameId, String) {
    let creator = app.create_game(2, &[]).await;
    app.deliver_mail().await;
    let invitation = app
        .smtp
        .latest_to(email_of(2), |m| m.is_invitation())
        .expect("Bob's invitation");
    (
        GameId::parse(&creator.game).unwrap(),
        invitation.url_containing("/mail/"),
    )
}

fn days(n: i64) -> chrono::Duration {
    chrono::Duration::days(n)
}

async fn a_session_ends_when_idle_and_at_its_lifetime_however_much_it_is_used(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    bob_invited(&app).await;

    // The cookie lives as long as a session may, not 400 days.
    let asked = app.post_form("/me", &[("address", email_of(2))]).await;
    assert_eq!(asked.status, 303);
    app.deliver_mail().await;
    let mail = app
        .smtp
        .latest_to(email_of(2), |m| m.subject == "Your games on corriere")
        .expect("a sign-in mail");
    let followed = app.get(&mail.url_containing("/me/sign-in/")).await;
    let cookie = followed
        .headers
        .get_all(reqwest::header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with("corriere_session="))
        .expect("a session cookie")
        .to_owned();
    assert!(
        cookie.contains(&format!("Max-Age={}", 90 * 24 * 60 * 60)),
        "{cookie}"
    );

    // Idle: used after 29 days, it lives on; unused for 30 days, it ends.
    let idle = app.sign_in(email_of(2)).await;
    app.clock.advance(days(29));
    assert!(
        signed_in(&app, &idle).await,
        "29 days unused is not idle yet"
    );
    app.clock.advance(days(29));
    assert!(signed_in(&app, &idle).await, "used 29 days ago");
    app.clock.advance(days(30));
    assert!(
        !signed_in(&app, &idle).await,
        "30 days unused ends a session"
    );

    // Lifetime: used every 20 days, it still ends 90 days after its sign-in.
    let busy = app.sign_in(email_of(2)).await;
    for _ in 0..4 {
        app.clock.advance(days(20));
        assert!(signed_in(&app, &busy).await, "used every 20 days");
    }
    app.clock.advance(days(10));
    assert!(!signed_in(&app, &busy).await, "90 days after its sign-in");
    // A new sign-in works, and the expired sessions are gone from the store.
    let fresh = app.sign_in(email_of(2)).await;
    assert!(signed_in(&app, &fresh).await);
    app.stop().await;
}

async fn sign_out_everywhere_ends_every_session_and_retires_the_mail_settings_links(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let (_, settings) = bob_invited(&app).await;
    let here = app.sign_in(email_of(2)).await;
    let there = app.sign_in(email_of(2)).await;
    assert_eq!(app.get(&settings).await.status, 200);

    let me = app.get_signed_in("/me", &here).await;
    assert!(
        me.body.contains(r#"action="/me/sign-out-everywhere""#)
            && me.text().contains("Sign out everywhere")
            && me
                .text()
                .contains("after 30 days unused, and 90 days after"),
        "{}",
        me.body
    );
    let portuguese = app
        .read_raw(app.client.get(app.url("/me")).header(
            "Cookie",
            format!("corriere_session={here}; corriere_lang=pt"),
        ))
        .await;
    assert!(
        portuguese.text().contains("Sair de todos os lugares"),
        "{}",
        portuguese.body
    );

    let done = app
        .post_signed_in("/me/sign-out-everywhere", &here, &[])
        .await;
    assert_eq!(done.status, 303, "{}", done.body);
    assert_eq!(done.location.as_deref(), Some("/me?signed_out=1"));
    let told = app.get(done.location.as_deref().unwrap()).await;
    assert!(
        told.text().contains("You are signed out on every browser"),
        "{}",
        told.body
    );
    assert!(!signed_in(&app, &here).await, "this browser");
    assert!(!signed_in(&app, &there).await, "the other browser");
    let old = app.get(&settings).await;
    assert_eq!(old.status, 403, "the old settings link is retired");
    assert!(old.text().contains("signed out everywhere"), "{}", old.body);

    // Without a session the button changes nothing and goes back to the sign-in form.
    let stranger = app.post_form("/me/sign-out-everywhere", &[]).await;
    assert_eq!(stranger.location.as_deref(), Some("/me"));
    app.stop().await;
}

async fn never_mail_ends_the_other_sessions_and_keeps_the_mail_settings_link(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let (_, settings) = bob_invited(&app).await;
    let here = app.sign_in(email_of(2)).await;
    let there = app.sign_in(email_of(2)).await;
    let saved = app
        .post_signed_in(
            "/me/settings",
            &here,
            &[
                ("mail_mode", "every_turn"),
                ("digest_hour", "8"),
                ("time_zone", "UTC"),
                ("language", ""),
                ("never_mail", "on"),
            ],
        )
        .await;
    assert_eq!(saved.status, 303, "{}", saved.body);
    assert!(signed_in(&app, &here).await, "the browser that asked");
    assert!(!signed_in(&app, &there).await, "every other browser");
    // The settings link is the one way back that needs no mail: it still works.
    let page = app.get(&settings).await;
    assert_eq!(page.status, 200, "{}", page.body);
    app.stop().await;
}

async fn a_relink_retires_the_seats_sessions_and_settings_links_and_mails_a_working_one(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let (game, settings) = bob_invited(&app).await;
    let bob = app.sign_in(email_of(2)).await;
    let alice = app.sign_in(email_of(1)).await;
    let games = app.running.state.games.clone();
    let mut conn = app.running.db.get().unwrap();
    games.relink(&mut conn, &game, Seat(1)).expect("the relink");
    drop(conn);
    assert!(!signed_in(&app, &bob).await, "the relinked seat's person");
    assert!(signed_in(&app, &alice).await, "another seat's person");
    assert_eq!(
        app.get(&settings).await.status,
        403,
        "the old settings link"
    );
    app.deliver_mail().await;
    let relink = app
        .smtp
        .latest_to(email_of(2), |m| m.text.contains("/seat/2/"))
        .expect("the relink mail");
    let fresh = relink.url_containing("/mail/");
    assert_ne!(fresh, settings);
    assert_eq!(app.get(&fresh).await.status, 200, "the new settings link");
    app.stop().await;
}
