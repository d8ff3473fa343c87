//! Pergamemnon in a real browser (headless Chromium through chromedriver), the newcomer's way:
//! on a phone in Portuguese, a game against three bots created from the home page's form,
//! confirmed and joined from the mailed link, its guide read, and decisions played from the
//! seat page's own forms, each page checked (no sideways scroll, aXe when available).

use crate::browser::{
    artifacts_dir, axe_script, browser_for, check_page, chromedriver, wait_for_move, wait_for_text,
    Screen,
};
use crate::support::{Backend, SeatLink, TestApp};
use fantoccini::Locator;

const ANA: &str = "ana@pergamemnon-browser.test";

/// Pergamemnon's browser sweep (run by `conformance`).
pub(crate) async fn a_newcomer_on_a_phone_creates_reads_the_guide_and_plays_in_a_real_browser() {
    let Some(driver) = chromedriver().await else {
        return;
    };
    let app = TestApp::spawn(&Backend::Sqlite).await;
    let axe = axe_script();
    let shots = artifacts_dir().join("screenshots");
    std::fs::create_dir_all(&shots).expect("the screenshots directory");
    let mut problems = Vec::new();
    let client = browser_for(&driver, Screen::Phone, "pt").await;

    // The home page's form, Pergamemnon chosen: Ana and three bots.
    client
        .goto(&app.url("/?game=pergamemnon"))
        .await
        .expect("the home page opens");
    wait_for_text(&client, "Pergamemnon").await;
    problems.extend(
        check_page(
            &client,
            axe.as_deref(),
            (Screen::Phone, "pt", "pergamemnon-create"),
            &shots,
        )
        .await,
    );
    for (field, value) in [("name1", "Ana"), ("email1", ANA)] {
        client
            .find(Locator::Css(&format!("#new-game input[name={field}]")))
            .await
            .expect("the seat's field")
            .send_keys(value)
            .await
            .expect("typing");
    }
    for seat in 2..=4 {
        client
            .find(Locator::Css(&format!("#new-game input[name=bot{seat}]")))
            .await
            .expect("the bot box")
            .click()
            .await
            .expect("a click");
    }
    client
        .find(Locator::Css("#new-game button.primary"))
        .await
        .expect("the create button")
        .click()
        .await
        .expect("a click");
    wait_for_text(&client, "created=confirm").await;

    // The confirmation mail, in Portuguese, names the card set; its link confirms, and the seat
    // link in it leads to "I'm in".
    app.deliver_mail().await;
    let confirmation = app
        .smtp
        .latest_to(ANA, |m| m.text.contains("/confirm/"))
        .expect("Ana's confirmation");
    client
        .goto(&confirmation.url_containing("/confirm/"))
        .await
        .expect("the confirmation link opens");
    let ana: SeatLink = confirmation.seat_link();
    client.goto(&ana.url).await.expect("the seat link opens");
    client
        .find(Locator::Id("accept"))
        .await
        .expect("the I'm-in button")
        .click()
        .await
        .expect("a click");
    // The bots are in: Ana's "I'm in" starts the game.
    let game = ana.game.clone();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
    while app.api_game(&game).await.json()["status"] == "inviting" {
        assert!(
            std::time::Instant::now() < deadline,
            "the game never started"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    app.deliver_mail().await;
    let public = app.api_game(&game).await.json();
    assert!(
        public["view"]["seats"]
            .as_array()
            .is_some_and(|s| s.len() == 4),
        "the game started: {public}"
    );

    // The guide, from the seat page, in Portuguese.
    client.goto(&ana.url).await.expect("the seat page");
    wait_for_text(&client, "não são os valores publicados").await;
    client
        .find(Locator::Id("guide"))
        .await
        .expect("the guide link")
        .click()
        .await
        .expect("a click");
    let guide = wait_for_text(&client, "Termos").await;
    assert!(
        guide.contains("Passar a vez") || guide.contains("passar"),
        "{guide}"
    );
    problems.extend(
        check_page(
            &client,
            axe.as_deref(),
            (Screen::Phone, "pt", "pergamemnon-guide"),
            &shots,
        )
        .await,
    );

    // Decisions from the page's own forms: the first form's main button, each answered with
    // the seat page at `?moved=N`; the game moves on each time.
    let mut played = 0;
    for round in 0..40 {
        let state = app.api_seat(&ana).await.json();
        if state["view"]["outcome"].is_object() || played == 4 {
            break;
        }
        assert!(
            !state["decision"].is_null(),
            "round {round}: bots play at once: {state}"
        );
        let seq = state["seq"].as_i64().unwrap();
        client.goto(&ana.url).await.expect("the seat page");
        wait_for_text(&client, "Pergamemnon").await;
        if played == 0 {
            problems.extend(
                check_page(
                    &client,
                    axe.as_deref(),
                    (Screen::Phone, "pt", "pergamemnon-seat"),
                    &shots,
                )
                .await,
            );
        }
        client
            .find(Locator::Css("#actions > form button[type=submit]"))
            .await
            .expect("a decision's button")
            .click()
            .await
            .expect("a click");
        wait_for_move(&client).await;
        let after = app.api_seat(&ana).await.json();
        assert!(
            after["seq"].as_i64().unwrap() > seq,
            "the move was played: {after}"
        );
        played += 1;
    }
    assert!(played >= 1, "Ana played from her page");
    let png = client.screenshot().await.expect("a screenshot");
    std::fs::write(artifacts_dir().join("pergamemnon-seat-page-phone.png"), png).expect("saved");
    client.close().await.expect("the session closes");
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
    app.stop().await;
}
