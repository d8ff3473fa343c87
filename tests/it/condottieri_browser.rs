//! Machiavelli (Condottieri) in a real browser (headless Chromium through chromedriver), on a
//! phone in Portuguese: the map reads at that size in its own scrolling box, a sheet of lines
//! typed in the text box gets a verdict per line, and PRONTO ends the power's part.

use crate::browser::{
    artifacts_dir, browser_for, chromedriver, wait_for_move, wait_for_text, Screen,
};
use crate::support::{Backend, SeatLink, TestApp};
use fantoccini::Locator;

/// Machiavelli's browser sweep (run by `conformance`).
pub(crate) async fn a_power_on_a_phone_writes_its_orders_in_the_text_box_in_a_real_browser() {
    let Some(driver) = chromedriver().await else {
        return;
    };
    let app = TestApp::spawn(&Backend::Sqlite).await;
    let mut seats = vec![serde_json::json!({"name": "Ana", "email": "ana@browser.test"})];
    for n in 2..=8 {
        seats.push(serde_json::json!({"name": format!("Robô {n}"), "bot": true}));
    }
    let created = app
        .api_create_confirmed(&serde_json::json!({"game": "condottieri", "seats": seats}))
        .await;
    let game = created.json()["id"].as_str().unwrap().to_owned();
    let ana: SeatLink = app.link_from_latest("ana@browser.test", |m| m.is_confirmation());
    assert_eq!(app.accept(&ana, "", "").await.status, 303);

    let client = browser_for(&driver, Screen::Phone, "pt").await;
    client.goto(&ana.url).await.expect("the seat page opens");
    wait_for_text(&client, "Maquiavel").await;
    // The map: the 73 areas, each with its title, codes legible (the box scrolls, the page
    // does not), and the list of units by area beside it.
    let sizes = client
        .execute(
            "const svg = document.querySelector('svg.condottieri-map');
             const codes = [...svg.querySelectorAll('text')].map(t => t.getBoundingClientRect().height).filter(h => h > 0);
             const box = document.querySelector('.condottieri-scroll').getBoundingClientRect();
             return [svg.querySelectorAll('title').length, Math.max(...codes), box.width, svg.getBoundingClientRect().width, document.documentElement.scrollWidth, window.innerWidth];",
            vec![],
        )
        .await
        .expect("a script");
    let sizes: Vec<f64> = serde_json::from_value(sizes).unwrap();
    assert!(sizes[0] >= 73.0, "{sizes:?}: every area has its title");
    assert!(sizes[1] >= 11.0, "{sizes:?}: area codes read on a phone");
    assert!(
        sizes[2] <= 390.0 && sizes[3] >= 880.0,
        "{sizes:?}: the map scrolls, not shrinks"
    );
    assert!(
        sizes[4] <= sizes[5],
        "{sizes:?}: the page itself never scrolls sideways"
    );
    assert!(client
        .find(Locator::Css("ul.condottieri-units"))
        .await
        .is_ok());

    // Two orders the menu offers for two different units, and a line naming no area.
    let state = app.api_seat(&ana).await.json();
    let mut lines: Vec<String> = Vec::new();
    for action in state["legal_actions"].as_array().unwrap() {
        let Some(line) = action["line"].as_str() else {
            continue;
        };
        let unit: String = line
            .split_whitespace()
            .take(2)
            .collect::<Vec<_>>()
            .join(" ");
        if lines.len() < 2 && !lines.iter().any(|l| l.starts_with(&unit)) {
            lines.push(line.to_owned());
        }
    }
    lines.push("A XYZZY - PAV".into());
    let textarea = client
        .find(Locator::Id("condottieri-lines"))
        .await
        .expect("the text box");
    textarea.send_keys(&lines.join("\n")).await.expect("typing");
    client
        .find(Locator::XPath(
            "//textarea[@id='condottieri-lines']/ancestor::form//button[@type='submit']",
        ))
        .await
        .expect("the text box's button")
        .click()
        .await
        .expect("a click");
    let page = wait_for_text(&client, "jogada feita").await;
    assert!(page.contains("XYZZY"), "the unread line has its verdict");
    let state = app.api_seat(&ana).await.json();
    let power = state["view"]["powers"][0].as_str().unwrap().to_owned();
    assert_eq!(
        state["view"]["sheets"][&power]["orders"]
            .as_object()
            .map_or(0, |o| o.len()),
        2,
        "{state}"
    );
    let dir = artifacts_dir();
    std::fs::create_dir_all(&dir).expect("the artifacts directory");
    let png = client.screenshot().await.expect("a screenshot");
    std::fs::write(dir.join("condottieri-seat-page-phone.png"), png).expect("saved");

    client
        .find(Locator::XPath("//button[normalize-space()='PRONTO']"))
        .await
        .expect("the PRONTO button")
        .click()
        .await
        .expect("a click");
    // The bots were ready before her: PRONTO resolves the phase.
    wait_for_move(&client).await;
    let view = app.api_game(&game).await.json()["view"].clone();
    assert_eq!(view["phases"], 1, "{view}");
    client.close().await.expect("the session closes");
    app.stop().await;
}
