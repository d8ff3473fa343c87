//! War in a real browser (headless Chromium through chromedriver), on a phone-sized window: the
//! world map fits that size and reads enlarged, and a turn is played from the page's own forms. It runs on
//! `browser.rs`'s chromedriver harness: skipped without chromedriver unless CORRIERE_TEST_BROWSER=required.

use crate::support;

use crate::browser::{artifacts_dir, browser_for, chromedriver, wait_for_text, Screen};
use fantoccini::Locator;
use support::{Backend, TestApp};

/// War's browser sweep (run by `conformance`).
pub(crate) async fn a_war_player_on_a_phone_reads_the_map_and_places_and_ends_a_turn_in_a_real_browser(
) {
    let Some(driver) = chromedriver().await else {
        return;
    };
    let app = TestApp::spawn(&Backend::Sqlite).await;
    let links = app.started_war_game().await;
    let game = links[0].game.clone();
    let active = app.api_game(&game).await.json()["view"]["active"]
        .as_u64()
        .unwrap() as usize;
    let link = &links[active - 1];

    let client = browser_for(&driver, Screen::Phone, "en").await;
    client.goto(&link.url).await.expect("the seat page opens");
    wait_for_text(&client, "Place your reinforcements").await;
    // The map: 42 territories, each with its title for screen readers.
    let map = client
        .find(Locator::Css("svg.war-map"))
        .await
        .expect("the world map")
        .html(false)
        .await
        .unwrap();
    assert_eq!(map.matches("<g id=\"war-").count(), 42);
    assert!(
        map.split("<g id=\"war-")
            .skip(1)
            .all(|g| g.contains("<title>")),
        "each territory has its title"
    );
    // The map fits the phone's screen; "Enlarge the map" shows it at its natural size, names
    // drawn at a size a phone can read, scrolling sideways in its box.
    let measure = "const r = [...document.querySelectorAll('svg.war-map .war-name')]
               .map(t => t.getBoundingClientRect().height);
             const box = document.querySelector('.war-scroll').getBoundingClientRect();
             return [Math.min(...r), box.width, document.querySelector('svg.war-map').getBoundingClientRect().width, window.innerWidth];";
    let sizes: Vec<f64> =
        serde_json::from_value(client.execute(measure, vec![]).await.expect("a script")).unwrap();
    assert!(
        sizes[1] <= 390.0 && sizes[2] <= sizes[1] + 1.0,
        "{sizes:?}: the map fits the screen"
    );
    client
        .find(Locator::LinkText("Enlarge the map"))
        .await
        .expect("the enlarge link")
        .click()
        .await
        .expect("a click");
    let sizes: Vec<f64> =
        serde_json::from_value(client.execute(measure, vec![]).await.expect("a script")).unwrap();
    assert!(
        sizes[0] >= 11.0,
        "map names are {} px high on a phone",
        sizes[0]
    );
    assert!(
        sizes[1] <= 390.0 && sizes[2] >= 880.0,
        "{sizes:?}: the enlarged map scrolls in its box"
    );
    client
        .find(Locator::LinkText("Fit the map to the screen"))
        .await
        .expect("the fit link")
        .click()
        .await
        .expect("a click");

    // The placement as drawn (the default placement), then the end of the turn.
    client
        .find(Locator::XPath(
            "//button[normalize-space()='Place these armies']",
        ))
        .await
        .expect("the place button")
        .click()
        .await
        .expect("a click");
    wait_for_text(&client, "Your move was recorded as move 1.").await;
    wait_for_text(&client, "End your turn").await;
    let dir = artifacts_dir();
    std::fs::create_dir_all(&dir).expect("the artifacts directory");
    let png = client.screenshot().await.expect("a screenshot");
    assert!(png.starts_with(b"\x89PNG"), "a PNG");
    std::fs::write(dir.join("war-seat-page-phone.png"), png).expect("the screenshot is saved");
    client
        .find(Locator::XPath("//button[normalize-space()='End the turn']"))
        .await
        .expect("the end-turn button")
        .click()
        .await
        .expect("a click");
    wait_for_text(&client, "Your move was recorded as move 2.").await;
    let view = app.api_game(&game).await.json()["view"].clone();
    assert_ne!(
        view["active"].as_u64().unwrap() as usize,
        active,
        "the turn passed"
    );
    client.close().await.expect("the session closes");
    app.stop().await;
}
