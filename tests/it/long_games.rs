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

/// The numbers of the messages a page shows ("m12: …"), in the order it shows them.
fn listed_messages(page: &Page) -> Vec<u32> {
    page.body
        .split(r#"<p class="message-text">m"#)
        .skip(1)
        .map(|rest| rest[..rest.find(':').unwrap()].parse().unwrap())
        .collect()
}

/// The earlier-talk link of a page, if it has one.
fn earlier_talk(page: &Page) -> Option<String> {
    let at = page.body.find(r#"id="talk-earlier""#)?;
    let start = page.body[..at].rfind("href=\"").unwrap() + 6;
    let end = start + page.body[start..].find('"').unwrap();
    Some(page.body[start..end].replace("&amp;", "&"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chatty_tables_pages_stay_small_and_link_every_earlier_message() {
    let app = TestApp::spawn(&Backend::Sqlite).await;
    let links = app.started_war_game().await;
    let game = links[0].game.clone();
    // Three players write 60 long messages (every tenth one Bob's to Alice alone), each full
    // of characters a page escapes; a minute apart, so their order is the order written.
    let filler = r#"<attack> & "hold" the line, 'friends' "#.repeat(12);
    let (mut alices, mut public) = (Vec::new(), Vec::new());
    for n in 1..=60u32 {
        let (author, to) = match n % 10 {
            0 => (&links[1], "1"),
            k => (&links[(k % 3) as usize], ""),
        };
        let sent = app
            .post_form(
                &format!("{}/messages", author.url),
                &[("text", &format!("m{n}: {filler}")), ("to", to)],
            )
            .await;
        assert_eq!(sent.status, 303, "{}", sent.body);
        alices.push(n);
        if to.is_empty() {
            public.push(n);
        }
        app.clock.advance(chrono::Duration::minutes(1));
    }
    let seat = app.seat_page(&links[0]).await;
    let page = app.public_page(&game).await;
    for (what, page, expected) in [
        ("Alice's seat page", &seat, &alices),
        ("the public page", &page, &public),
    ] {
        assert!(
            page.body.len() < PAGE_LIMIT,
            "{what} is {} bytes",
            page.body.len()
        );
        let newest = listed_messages(page);
        assert_eq!(
            newest.last(),
            expected.last(),
            "{what} shows the newest message"
        );
        assert!(
            newest.len() < expected.len(),
            "{what} leaves older ones out"
        );
        // Older pages, each bounded, back to the first message: every one once, in order.
        let mut shown = newest;
        let mut next = earlier_talk(page);
        while let Some(path) = next {
            let older = app.get(&path).await;
            assert_eq!(older.status, 200, "{what}: {path}: {}", older.body);
            assert!(
                older.body.len() < PAGE_LIMIT,
                "{what}: {path} is {} bytes",
                older.body.len()
            );
            let listed = listed_messages(&older);
            assert!(!listed.is_empty(), "{what}: {path} lists nothing");
            shown.splice(0..0, listed);
            next = earlier_talk(&older);
        }
        assert_eq!(&shown, expected, "{what}: every message once, in order");
    }
    // The seat's older pages carry the report form beside another's message.
    let older = app.get(&earlier_talk(&seat).unwrap()).await;
    assert!(older.body.contains("/report\""), "{}", older.body);
    app.stop().await;
}
