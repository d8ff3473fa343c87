//! A Brazilian newcomer plays War on a phone (issue 29, item 5): in Portuguese at 390 px the
//! seat page never scrolls sideways, the map fits the screen (and enlarges on a link), one
//! decision's form is open at a time, and the result of the last move stands above the forms.

use crate::browser::{
    artifacts_dir, axe_script, browser_for, check_page, chromedriver, wait_for_text, Screen,
};
use crate::support::{Backend, SeatLink, TestApp};
use fantoccini::{Client, Locator};

/// Click the button whose text is `label`.
async fn click_button(client: &Client, label: &str) {
    client
        .find(Locator::XPath(&format!(
            "//button[normalize-space()='{label}']"
        )))
        .await
        .unwrap_or_else(|_| panic!("a button {label:?}"))
        .click()
        .await
        .expect("a click");
}

/// What the seat page's layout shows, measured in the browser.
#[derive(Debug, serde::Deserialize)]
struct Layout {
    /// The page's width, and the window's.
    scroll_width: f64,
    inner_width: f64,
    /// The map's rendered width, and its scrolling box's.
    map_width: f64,
    box_width: f64,
    /// The smallest territory name's height on the screen.
    name_height: f64,
    /// The players' table's right edge, and how far its box scrolls sideways.
    table_right: f64,
    table_overflow: f64,
    /// Move forms with fields a player can see, and move forms folded.
    open_forms: usize,
    folded_forms: usize,
    /// The top of the last move's result (-1 without one) and of the move forms.
    last_top: f64,
    actions_top: f64,
    last_text: String,
    /// The last elements past the window's right edge (outside the boxes that scroll), for
    /// the message when the page scrolls sideways.
    wide: Vec<String>,
}

async fn layout(client: &Client) -> Layout {
    let facts = client
        .execute(
            "const de = document.documentElement;
             const map = document.querySelector('svg.war-map').getBoundingClientRect();
             const box = document.querySelector('.war-scroll').getBoundingClientRect();
             const names = [...document.querySelectorAll('svg.war-map .war-name')]
               .map(t => t.getBoundingClientRect().height);
             const table = document.getElementById('war-table').getBoundingClientRect();
             const tableBox = document.querySelector('.war-table-scroll');
             const forms = [...document.querySelectorAll('#actions form')];
             const open = forms.filter(f => {
               const d = f.closest('details');
               return (!d || d.open)
                 && f.querySelector('select, textarea, input:not([type=hidden])');
             }).length;
             const folded = document.querySelectorAll('#actions details.move-folded:not([open])').length;
             const last = document.getElementById('last-move');
             const actions = document.getElementById('actions');
             return {
               scroll_width: de.scrollWidth, inner_width: window.innerWidth,
               map_width: map.width, box_width: box.width, name_height: Math.min(...names),
               table_right: table.right, table_overflow: tableBox.scrollWidth - tableBox.clientWidth,
               open_forms: open, folded_forms: folded,
               last_top: last ? last.getBoundingClientRect().top + window.scrollY : -1,
               actions_top: actions ? actions.getBoundingClientRect().top + window.scrollY : -1,
               last_text: last ? last.textContent : '',
               wide: [...document.querySelectorAll('body *')]
                 .filter(e => e.getBoundingClientRect().right > 390.5)
                 .slice(-6)
                 .map(e => e.tagName + '.' + e.className + ': ' + (e.textContent || '').slice(0, 80)),
             };",
            vec![],
        )
        .await
        .expect("a script");
    serde_json::from_value(facts).expect("the layout")
}

async fn screenshot(client: &Client, name: &str) {
    let dir = artifacts_dir();
    std::fs::create_dir_all(&dir).expect("the artifacts directory");
    let png = client.screenshot().await.expect("a screenshot");
    assert!(png.starts_with(b"\x89PNG"), "a PNG");
    std::fs::write(dir.join(name), png).expect("the screenshot is saved");
}

/// Play the first round through the API (no attacks are allowed in it): each seat places as
/// proposed, ends its combat and its turn. Round 2 begins, where one attack is allowed.
async fn play_the_first_round(app: &TestApp, links: &[SeatLink]) {
    for _ in 0..40 {
        let view = app.api_game(&links[0].game).await.json()["view"].clone();
        if view["round"].as_u64() != Some(1) {
            return;
        }
        let link = &links[view["active"].as_u64().unwrap() as usize - 1];
        let seat = app.api_seat(link).await.json();
        let legal = seat["legal_actions"].as_array().expect("legal actions");
        let action = ["place", "end_combat", "end_turn", "discard"]
            .iter()
            .find_map(|kind| legal.iter().find(|a| a["type"] == *kind))
            .unwrap_or(&legal[0]);
        let answer = app
            .api_move(link, seat["seq"].as_i64().unwrap(), action)
            .await;
        assert_eq!(answer.status, 200, "{}", answer.body);
    }
    panic!("the first round did not end");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_war_seat_in_portuguese_on_a_phone_fits_the_screen_opens_one_form_and_shows_the_last_result_first(
) {
    let Some(driver) = chromedriver().await else {
        return;
    };
    let app = TestApp::spawn(&Backend::Sqlite).await;
    let links = app.started_war_game().await;
    play_the_first_round(&app, &links).await;
    let active = app.api_game(&links[0].game).await.json()["view"]["active"]
        .as_u64()
        .unwrap() as usize;
    let link = &links[active - 1];
    let client = browser_for(&driver, Screen::Phone, "pt").await;
    client.goto(&link.url).await.expect("the seat page opens");

    // Phase A: the placement is the one form open (nothing to fold beside it yet).
    wait_for_text(&client, "Colocar estes exércitos").await;
    let placing = layout(&client).await;
    assert_eq!(placing.open_forms, 1, "{placing:?}");
    let seq = app.api_seat(link).await.json()["seq"].as_i64().unwrap();
    click_button(&client, "Colocar estes exércitos").await;
    wait_for_text(&client, &format!("registrada como a jogada {}.", seq + 1)).await;

    // Phase B: an attack, its plan as drawn; the attack form is open, the others folded.
    let attacking = layout(&client).await;
    assert_eq!(attacking.open_forms, 1, "{attacking:?}");
    assert!(attacking.folded_forms >= 1, "{attacking:?}");
    click_button(&client, "Declarar o ataque").await;
    wait_for_text(&client, &format!("registrada como a jogada {}.", seq + 2)).await;
    // The attack's dice and losses at the top, above the board and the forms.
    let attacked = layout(&client).await;
    assert!(
        attacked.last_text.contains("o ataque tirou")
            && attacked.last_text.contains("Resultado: o ataque perdeu"),
        "{attacked:?}"
    );
    assert!(
        attacked.last_top >= 0.0 && attacked.last_top < attacked.actions_top,
        "{attacked:?}"
    );
    screenshot(&client, "pt-phone-war-after-attack.png").await;

    // Phase C: five kinds of forms, one open.
    click_button(&client, "Encerrar o ataque, ir para o remanejamento").await;
    wait_for_text(&client, &format!("registrada como a jogada {}.", seq + 3)).await;
    wait_for_text(&client, "Remanejar exércitos").await;
    let moving = layout(&client).await;
    assert!(
        moving.scroll_width <= 390.0 && moving.inner_width <= 390.0,
        "the page scrolls sideways, past the edge: {:?}; {moving:?}",
        moving.wide
    );
    assert!(
        moving.map_width <= moving.inner_width && moving.map_width <= moving.box_width + 1.0,
        "the map is wider than the screen: {moving:?}"
    );
    assert!(
        moving.table_right <= moving.inner_width && moving.table_overflow <= 0.0,
        "the players' table is wider than the screen: {moving:?}"
    );
    assert_eq!(moving.open_forms, 1, "one decision open: {moving:?}");
    assert!(moving.folded_forms >= 1, "{moving:?}");
    assert!(
        moving.last_top >= 0.0 && moving.last_top < moving.actions_top,
        "the last result is above the forms: {moving:?}"
    );
    screenshot(&client, "pt-phone-war-movement.png").await;
    // The page as the walk of every page checks it: no part wider than the screen, the
    // accessibility rules (the folded forms, the stacked table).
    let axe = axe_script();
    let shots = artifacts_dir();
    let problems = check_page(
        &client,
        axe.as_deref(),
        (Screen::Phone, "pt", "war-seat-movement"),
        &shots,
    )
    .await;
    assert!(problems.is_empty(), "{problems:#?}");
    for (part, name) in [
        ("war-table", "pt-phone-war-table.png"),
        ("actions", "pt-phone-war-movement-forms.png"),
    ] {
        client
            .execute(
                "document.getElementById(arguments[0]).scrollIntoView();",
                vec![part.into()],
            )
            .await
            .expect("a script");
        screenshot(&client, name).await;
    }

    // "Ampliar o mapa": the map at its natural size, names legible, scrolling in its box
    // while the page stays as wide as the screen; "Ajustar o mapa à tela" fits it again.
    client
        .find(Locator::LinkText("Ampliar o mapa"))
        .await
        .expect("the enlarge link")
        .click()
        .await
        .expect("a click");
    let enlarged = layout(&client).await;
    assert!(
        enlarged.map_width >= 880.0 && enlarged.box_width <= 390.0,
        "{enlarged:?}"
    );
    assert!(enlarged.name_height >= 11.0, "{enlarged:?}");
    assert!(enlarged.scroll_width <= 390.0, "{enlarged:?}");
    screenshot(&client, "pt-phone-war-map-enlarged.png").await;
    client
        .find(Locator::LinkText("Ajustar o mapa à tela"))
        .await
        .expect("the fit link")
        .click()
        .await
        .expect("a click");
    let fitted = layout(&client).await;
    assert!(fitted.map_width <= 390.0, "{fitted:?}");
    client.close().await.expect("the session closes");

    // On a desktop the same page fits too, its map no wider than the page's column.
    let desktop = browser_for(&driver, Screen::Desktop, "pt").await;
    desktop.goto(&link.url).await.expect("the seat page opens");
    wait_for_text(&desktop, "Remanejar exércitos").await;
    let wide = layout(&desktop).await;
    assert!(wide.scroll_width <= wide.inner_width, "{wide:?}");
    assert!(wide.map_width <= wide.box_width + 1.0, "{wide:?}");
    assert_eq!(wide.open_forms, 1, "{wide:?}");
    let problems = check_page(
        &desktop,
        axe.as_deref(),
        (Screen::Desktop, "pt", "war-seat-movement"),
        &shots,
    )
    .await;
    assert!(problems.is_empty(), "{problems:#?}");
    desktop.close().await.expect("the session closes");
    app.stop().await;
}
