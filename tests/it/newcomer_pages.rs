//! A newcomer's pages in a real browser: a form sent again after the game moved on answers
//! with the seat page as it is now, at the seat page's own address (not the form's).

use crate::browser::{browser_for, chromedriver, wait_for_text, Screen};
use crate::support;

use fantoccini::Locator;
use support::{Backend, TestApp};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stale_form_answers_with_the_current_page_at_the_seat_page_s_own_address() {
    let Some(driver) = chromedriver().await else {
        return;
    };
    let app = TestApp::spawn(&Backend::Sqlite).await;
    let creator = app.create_game(2, &[]).await;
    let links = app.accept_all(&creator.game, 2).await;
    // Whoever must place the token: their page, drawn before their move is made elsewhere.
    let mut mover = None;
    for link in &links {
        if app.seat_page(link).await.body.contains("place_token") {
            mover = Some(link.clone());
        }
    }
    let mover = mover.expect("a seat chooses the battle's region");
    let client = browser_for(&driver, Screen::Phone, "pt").await;
    client.goto(&mover.url).await.expect("the seat page opens");
    let button = r#"button[value*="place_token"]"#;
    client
        .find(Locator::Css(button))
        .await
        .expect("a place-token button");
    // The same move, from another device: the page in the browser is now stale.
    let page = app.seat_page(&mover).await;
    let (form, action) = page
        .forms()
        .into_iter()
        .find_map(|f| {
            let value = f
                .buttons
                .iter()
                .filter_map(|b| b.value.clone())
                .find(|v| v.contains("place_token"))?;
            Some((f, value))
        })
        .expect("the place-token form");
    let seq = form.input("seq").expect("the form's seq").to_owned();
    let sent = app
        .post_move(
            &mover,
            &[("seq", seq.as_str()), ("action", action.as_str())],
        )
        .await;
    assert_eq!(sent.status, 303, "{}", sent.body);

    client
        .find(Locator::Css(button))
        .await
        .expect("the stale page's button")
        .click()
        .await
        .expect("a click");
    wait_for_text(
        &client,
        "A partida avançou desde que esta página foi montada",
    )
    .await;
    let own = format!("/games/{}/seat/{}/{}", mover.game, mover.seat, mover.token);
    let shown = client.current_url().await.expect("the address shown");
    assert_eq!(shown.path(), own, "the address bar names the seat page");
    client.close().await.expect("the session closes");
    app.stop().await;
}

on_each_backend!(never_mail_ticked_in_the_mail_settings_says_what_it_means_for_the_running_games);

/// The settings page a mail links to has a "never mail me" box too: ticked, the page says
/// which games still run with the person and what follows for them, as the unsubscribe page
/// does (and before it is ticked it says nothing of the kind).
async fn never_mail_ticked_in_the_mail_settings_says_what_it_means_for_the_running_games(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let creator = app.create_game(2, &[]).await;
    app.accept_all(&creator.game, 2).await;
    app.deliver_mail().await;
    let mail = app
        .smtp
        .latest_to(support::email_of(2), |m| m.text.contains(&creator.game))
        .expect("a mail about the game");
    let settings = mail.url_containing("/mail/");
    let before = app.get(&settings).await;
    assert_eq!(before.status, 200, "{}", before.body);
    assert!(!before.body.contains("id=\"never-mail-games\""));
    let fields = [
        ("mail_mode", "every_turn"),
        ("digest_hour", "9"),
        ("time_zone", "UTC"),
        ("language", ""),
        ("never_mail", "on"),
    ];
    let saved = app.post_form(&settings, &fields).await;
    assert_eq!(saved.status, 200, "{}", saved.body);
    let text = saved.text();
    assert!(saved.body.contains("id=\"never-mail-games\""), "{text}");
    assert!(
        text.contains("You get no mail about these games any more"),
        "{text}"
    );
    let name = app.public_page(&creator.game).await;
    let heading = name
        .body
        .split("<h1>")
        .nth(1)
        .and_then(|h| h.split(" <span").next())
        .expect("the game's name heads its page")
        .to_owned();
    assert!(text.contains(&heading), "{heading} in {text}");
    app.stop().await;
}
