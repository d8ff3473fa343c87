//! A long game's pages stay small: the seat and public pages carry the newest history and link
//! to the rest, whose pages (each bounded) hold every entry once, in order, down to the setup.

use crate::support;

use std::collections::BTreeSet;
use support::{Backend, Page, TestApp};

/// The largest page the service may send, whatever the game's length.
const PAGE_LIMIT: usize = 60 * 1024;

/// The move numbers of the history entries a page lists ("Move 12 · …" in its history lists).
fn listed_moves(page: &Page) -> Vec<i64> {
    let mut moves = Vec::new();
    for list in page.body.split(r#"<ol class="history""#).skip(1) {
        let list = &list[..list.find("</ol>").expect("a closed list")];
        for item in list.split("<li>").skip(1) {
            if let Some(number) = item
                .strip_prefix("Move ")
                .and_then(|rest| rest.split(' ').next())
            {
                moves.push(number.parse().expect("a move number"));
            }
        }
    }
    moves
}

/// The earlier-history link of a page, if it has one.
fn earlier(page: &Page) -> Option<String> {
    let at = page.body.find(r#"id="history-earlier""#)?;
    let start = page.body[..at]
        .rfind("href=\"")
        .expect("the link's address")
        + 6;
    let end = start + page.body[start..].find('"').unwrap();
    Some(page.body[start..end].replace("&amp;", "&"))
}

/// Follow a page's earlier-history links to the setup: every move once, newest first.
async fn whole_history(app: &TestApp, first: &Page, what: &str) -> Vec<i64> {
    let mut moves = listed_moves(first);
    let mut next = earlier(first);
    while let Some(path) = next {
        let page = app.get(&path).await;
        assert_eq!(page.status, 200, "{what}: {path}: {}", page.body);
        assert!(
            page.body.len() < PAGE_LIMIT,
            "{what}: {path} is {} bytes",
            page.body.len()
        );
        let listed = listed_moves(&page);
        assert!(!listed.is_empty(), "{what}: {path} lists nothing");
        moves.extend(listed);
        next = earlier(&page);
    }
    moves
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_games_pages_stay_small_and_link_every_earlier_entry() {
    let app = TestApp::spawn(&Backend::Sqlite).await;
    let links = app.started_war_game().await;
    let game = links[0].game.clone();
    support::play_first_legal(&app, &game, 600).await;
    let head = app.api_game(&game).await.json()["seq"].as_i64().unwrap();
    assert!(head > 300, "a long game: {head} moves");
    let public = app.public_page(&game).await;
    let seat = app.seat_page(&links[0]).await;
    for (what, page) in [("the public page", &public), ("a seat's page", &seat)] {
        assert_eq!(page.status, 200);
        assert!(
            page.body.len() < PAGE_LIMIT,
            "{what} is {} bytes at move {head}",
            page.body.len()
        );
        assert!(earlier(page).is_some(), "{what} links its earlier history");
        let moves = whole_history(&app, page, what).await;
        let descending: Vec<i64> = (1..=head).rev().collect();
        // A chaptered history folds its chapters newest first too; an unchaptered one shows
        // its newest ten, then the rest: either way each move once, newest first.
        assert_eq!(moves, descending, "{what}: every move once, in order");
        let distinct: BTreeSet<i64> = moves.iter().copied().collect();
        assert_eq!(distinct.len() as i64, head);
    }
    // A history page asked for past its start says there is nothing there.
    let none = app.get(&format!("/games/{game}/history?before=0")).await;
    assert!(
        none.text()
            .contains("Nothing before this point of the history."),
        "{}",
        none.text()
    );
    app.stop().await;
}
