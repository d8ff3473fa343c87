//! Notices beyond mail, end to end over HTTP on both backends: a game's Atom feed of its public
//! events and a person's iCalendar feed of deadlines, each a capability URL that revoking retires;
//! a person's webhook, posted to a local HTTP server that fails first.

use crate::support::{
    self, decode_entities, field_value, path_of, settings_path, Backend, SeatLink, TestApp,
};
use corriere::domain::GameId;
use std::collections::HashSet;

on_each_backend!(
    a_games_atom_feed_lists_its_public_events_newest_first_and_revoking_retires_its_address,
    a_persons_calendar_has_an_event_at_each_of_their_deadlines_and_revoking_retires_it,
    a_webhook_is_told_of_a_turn_in_the_moves_transaction_and_retried_until_it_answers,
);

/// Every `<tag>…</tag>` text of an XML document, in order (no nesting of the same tag).
fn texts<'a>(xml: &'a str, tag: &str) -> Vec<&'a str> {
    let (open, close) = (format!("<{tag}>"), format!("</{tag}>"));
    let mut out = Vec::new();
    let mut rest = xml;
    while let Some(at) = rest.find(&open) {
        let body = &rest[at + open.len()..];
        let end = body.find(&close).expect("a closing tag");
        out.push(&body[..end]);
        rest = &body[end..];
    }
    out
}

/// The feed of a game in the language of a seat page read with `accept_language`.
async fn feed_url_on_seat_page(app: &TestApp, link: &SeatLink, accept_language: &str) -> String {
    let page = app
        .read_raw(
            app.client
                .get(&link.url)
                .header("Accept-Language", accept_language),
        )
        .await;
    assert_eq!(page.status, 200, "{}", page.body);
    field_value(&page.body, "feed-url")
}

/// A Condottiere game of three played a while: its feed (linked from every seat's page, the
/// same address for each) is Atom with stable ids, newest entry first, in the language of the
/// page that gave the address (signed into it); it never shows a seat's private events nor any
/// hand; revoking it from a seat page retires every copy (404) and the pages show the new one.
async fn a_games_atom_feed_lists_its_public_events_newest_first_and_revoking_retires_its_address(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let creator = app.create_game(3, &[]).await;
    let links = app.accept_all(&creator.game, 3).await;
    let game = creator.game.clone();
    let id = GameId::parse(&game).unwrap();
    assert!(!support::play_first_legal(&app, &game, 12).await);

    let url = feed_url_on_seat_page(&app, &links[0], "en").await;
    assert!(url.contains(&format!("/games/{game}/feed/en/")), "{url}");
    assert_eq!(
        feed_url_on_seat_page(&app, &links[2], "en").await,
        url,
        "every seat is shown the game's one feed"
    );
    let feed = app.get(&path_of(&url)).await;
    assert_eq!(feed.status, 200, "{}", feed.body);
    let content_type = feed.headers["content-type"].to_str().unwrap().to_owned();
    assert!(
        content_type.starts_with("application/atom+xml"),
        "{content_type}"
    );
    assert!(feed.body.starts_with(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\""
    ));
    assert_eq!(
        feed.headers["cache-control"], "no-store",
        "a capability's answer is kept by no cache"
    );
    let ids = texts(&feed.body, "id");
    let entries = texts(&feed.body, "entry");
    assert!(entries.len() >= 6, "{}", feed.body);
    assert_eq!(
        ids.iter().collect::<HashSet<_>>().len(),
        ids.len(),
        "ids are unique"
    );
    let seqs: Vec<i64> = texts(&feed.body, "title")
        .iter()
        .skip(1)
        .map(|t| {
            t.strip_prefix("Move ")
                .expect("a move's title")
                .parse()
                .unwrap()
        })
        .collect();
    assert!(
        seqs.windows(2).all(|w| w[0] > w[1]),
        "newest first: {seqs:?}"
    );
    let updated = texts(&feed.body, "updated");
    assert_eq!(
        updated[0], updated[1],
        "the feed is as new as its newest entry"
    );
    assert!(
        updated[0].ends_with('Z') && updated[0].contains('T'),
        "{}",
        updated[0]
    );
    // Ids stay as they were while the game goes on.
    assert!(!support::play_first_legal(&app, &game, 1).await);
    let later = app.get(&path_of(&url)).await;
    let later_ids = texts(&later.body, "id");
    assert!(later_ids.len() >= ids.len());
    assert!(ids[1..].iter().all(|id| later_ids.contains(id)));

    // What no spectator may read: the seats' private events, their hands.
    let text = decode_entities(&later.body);
    let private = crate::conformance::private_sentences(
        &app,
        &id,
        &corriere::present::condottiere::Condottiere,
    );
    assert!(!private.is_empty());
    for (owner, sentence, own) in &private {
        assert!(
            !text.contains(sentence),
            "the feed shows seat {owner}'s {sentence:?}"
        );
        assert!(!text.contains(own), "the feed shows seat {owner}'s {own:?}");
    }

    // In Portuguese: the page read in Portuguese gives the Portuguese feed; the language is
    // signed, so the English address with `pt` put in is no feed.
    let pt = feed_url_on_seat_page(&app, &links[1], "pt-BR").await;
    assert!(pt.contains("/feed/pt/"), "{pt}");
    let pt_feed = app.get(&path_of(&pt)).await;
    assert_eq!(pt_feed.status, 200);
    assert!(pt_feed.body.contains("o que aconteceu"), "{}", pt_feed.body);
    assert!(pt_feed.body.contains("<title>Jogada "), "{}", pt_feed.body);
    let forged = path_of(&url).replace("/feed/en/", "/feed/pt/");
    assert_eq!(app.get(&forged).await.status, 404);

    // Revoked from seat 3's page: every copy stops working, the pages show the new address.
    let revoked = app
        .post_form(&format!("{}/feed/revoke", links[2].url), &[])
        .await;
    assert_eq!(revoked.status, 303, "{}", revoked.body);
    let back = revoked.location.expect("back to the seat page");
    let page = app.get(&back).await;
    assert!(page
        .text()
        .contains("The old feed address no longer works."));
    let new = field_value(&page.body, "feed-url");
    assert_ne!(new, url);
    assert_eq!(feed_url_on_seat_page(&app, &links[0], "en").await, new);
    let gone = app.get(&path_of(&url)).await;
    assert_eq!(gone.status, 404);
    assert!(gone.text().contains("it was revoked"), "{}", gone.text());
    assert_eq!(app.get(&path_of(&pt)).await.status, 404);
    assert_eq!(app.get(&path_of(&new)).await.status, 200);
    // A seat link that is not one revokes nothing.
    let bad = format!(
        "/games/{game}/seat/1/{}/feed/revoke",
        "0".repeat(links[0].token.len())
    );
    assert_eq!(app.post_form(&bad, &[]).await.status, 403);
    assert_eq!(app.get(&path_of(&new)).await.status, 200);
    app.stop().await;
}

/// Unfold an iCalendar text into its content lines (RFC 5545 §3.1), checking each physical
/// line ends with CRLF and is at most 75 octets.
fn content_lines(ics: &str) -> Vec<String> {
    assert!(ics.ends_with("\r\n"));
    let mut lines: Vec<String> = Vec::new();
    for physical in ics.trim_end_matches("\r\n").split("\r\n") {
        assert!(
            physical.len() <= 75,
            "{physical:?} is {} octets",
            physical.len()
        );
        assert!(!physical.contains('\n'), "{physical:?}");
        match physical.strip_prefix(' ') {
            Some(rest) => lines.last_mut().expect("a line to continue").push_str(rest),
            None => lines.push(physical.to_owned()),
        }
    }
    lines
}

/// The events of a calendar: each VEVENT's properties by name.
fn events(lines: &[String]) -> Vec<Vec<(String, String)>> {
    let mut out = Vec::new();
    let mut current: Option<Vec<(String, String)>> = None;
    for line in lines {
        match line.as_str() {
            "BEGIN:VEVENT" => current = Some(Vec::new()),
            "END:VEVENT" => out.push(current.take().expect("an open event")),
            _ => {
                if let Some(event) = current.as_mut() {
                    let (name, value) = line.split_once(':').expect("NAME:value");
                    event.push((name.to_owned(), value.to_owned()));
                }
            }
        }
    }
    out
}

/// The seat the game waits on (the first, when several).
fn pending_seat(app: &TestApp, id: &GameId) -> corriere::engine::Seat {
    let mut conn = app.running.db.get().unwrap();
    let loaded = app.running.state.games.load(&mut conn, id).unwrap();
    loaded.state().expect("started").pending()[0].seat
}

fn property<'a>(event: &'a [(String, String)], name: &str) -> &'a str {
    &event
        .iter()
        .find(|(n, _)| n == name)
        .unwrap_or_else(|| panic!("no {name} in {event:?}"))
        .1
}

/// A person in two running games, one waiting on them: their mail-settings page shows their
/// calendar's address; the calendar (text/calendar, folded, escaped, UTC) has one event, at
/// the deadline the scheduler holds, with a UID that stays when the deadline moves, and links
/// to the public page (never the seat link); once they moved, the event is gone. Revoking from
/// the settings page retires the old address (404) and shows a new one.
async fn a_persons_calendar_has_an_event_at_each_of_their_deadlines_and_revoking_retires_it(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let creator = app.create_game(2, &[]).await;
    let links = app.accept_all(&creator.game, 2).await;
    let game = creator.game.clone();
    app.deliver_mail().await;
    let id = GameId::parse(&game).unwrap();
    let waiting = pending_seat(&app, &id);
    let mut conn = app.running.db.get().unwrap();
    let (mover, other) = if waiting.number() == 1 {
        (&links[0], &links[1])
    } else {
        (&links[1], &links[0])
    };
    let deadline = corriere::store::deadlines_of(&mut conn, &id)
        .unwrap()
        .into_iter()
        .find(|d| d.seat == waiting.0 as i32)
        .expect("the seat's deadline");
    drop(conn);

    let mail = app
        .smtp
        .mails_to(mover.email())
        .into_iter()
        .rev()
        .find(|m| m.text.contains("/mail/"))
        .expect("a mail with the settings link");
    let settings = path_of(&mail.url_containing("/mail/"));
    let page = app.get(&settings).await;
    assert_eq!(page.status, 200, "{}", page.body);
    let url = field_value(&page.body, "calendar-url");
    assert!(url.ends_with(".ics"), "{url}");
    let ics = app.get(&path_of(&url)).await;
    assert_eq!(ics.status, 200, "{}", ics.body);
    assert!(ics.headers["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/calendar"));
    let lines = content_lines(&ics.body);
    assert_eq!(lines.first().map(String::as_str), Some("BEGIN:VCALENDAR"));
    assert_eq!(lines.last().map(String::as_str), Some("END:VCALENDAR"));
    assert!(lines.contains(&"VERSION:2.0".to_owned()));
    let found = events(&lines);
    assert_eq!(found.len(), 1, "{}", ics.body);
    let event = &found[0];
    let due = chrono::DateTime::from_timestamp_millis(deadline.due_at).unwrap();
    assert_eq!(
        property(event, "DTSTART"),
        due.format("%Y%m%dT%H%M%SZ").to_string()
    );
    let uid = property(event, "UID").to_owned();
    assert!(uid.contains(&game), "{uid}");
    assert!(property(event, "SUMMARY").starts_with("Your move in "));
    assert_eq!(property(event, "URL"), app.url(&format!("/games/{game}")));
    assert!(
        !ics.body.contains(&mover.token),
        "no seat link in a calendar"
    );
    // Every TEXT value is escaped: no bare comma or semicolon, no raw new line.
    for name in ["SUMMARY", "DESCRIPTION"] {
        let value = property(event, name);
        let unescaped = value
            .replace("\\\\", "")
            .replace("\\,", "")
            .replace("\\;", "")
            .replace("\\n", "");
        assert!(
            !unescaped.contains([',', ';', '\\']),
            "{name}:{value} is not escaped"
        );
    }
    // The other player, waited on by nobody, has an empty calendar.
    let other_mail = app
        .smtp
        .mails_to(other.email())
        .into_iter()
        .rev()
        .find(|m| m.text.contains("/mail/"))
        .expect("a mail with the settings link");
    let other_page = app
        .get(&path_of(&other_mail.url_containing("/mail/")))
        .await;
    let other_url = field_value(&other_page.body, "calendar-url");
    assert_ne!(other_url, url);
    let other_ics = app.get(&path_of(&other_url)).await;
    assert!(events(&content_lines(&other_ics.body)).is_empty());

    // Revoked: the old address is gone, the page shows a new one that works.
    let revoked = app
        .post_form(&format!("{settings}/calendar/revoke"), &[])
        .await;
    assert_eq!(revoked.status, 303, "{}", revoked.body);
    let page = app
        .get(&revoked.location.expect("back to the settings"))
        .await;
    assert!(page
        .text()
        .contains("The old calendar address no longer works."));
    let new = field_value(&page.body, "calendar-url");
    assert_ne!(new, url);
    assert_eq!(app.get(&path_of(&url)).await.status, 404);
    let again = app.get(&path_of(&new)).await;
    assert_eq!(again.status, 200);
    assert_eq!(
        property(&events(&content_lines(&again.body))[0], "UID"),
        uid,
        "the event keeps its UID"
    );
    assert_eq!(
        app.get(&path_of(&other_url)).await.status,
        200,
        "another person's calendar is untouched"
    );
    // A forged settings link revokes nothing.
    let flipped = if settings.ends_with('0') { '1' } else { '0' };
    let forged = format!(
        "{}{flipped}/calendar/revoke",
        &settings[..settings.len() - 1]
    );
    assert_eq!(app.post_form(&forged, &[]).await.status, 403);
    assert_eq!(app.get(&path_of(&new)).await.status, 200);

    // Once the game waits on the other player, the event leaves this calendar and joins theirs.
    let mut moves = 0;
    while pending_seat(&app, &id) == waiting {
        assert!(!support::play_first_legal(&app, &game, 1).await);
        moves += 1;
        assert!(moves < 20, "the turn should pass");
    }
    assert!(events(&content_lines(&app.get(&path_of(&new)).await.body)).is_empty());
    let theirs = app.get(&path_of(&other_url)).await;
    assert_eq!(events(&content_lines(&theirs.body)).len(), 1);
    app.stop().await;
}

/// A tiny HTTP server on a local port: it records each request's body and answers 500 to the
/// first `failures` requests, 204 after.
struct Hook {
    url: String,
    bodies: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

impl Hook {
    fn start(failures: usize) -> Hook {
        use std::io::{BufRead, BufReader, Read, Write};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}/hook?k=v", listener.local_addr().unwrap());
        let bodies = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let kept = bodies.clone();
        std::thread::spawn(move || {
            for (n, stream) in listener.incoming().enumerate() {
                let Ok(mut stream) = stream else { return };
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                let mut length = 0;
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
                        break;
                    }
                    if let Some(value) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                        length = value.trim().parse().unwrap_or(0);
                    }
                }
                let mut body = vec![0; length];
                reader.read_exact(&mut body).unwrap();
                kept.lock().unwrap().push(String::from_utf8(body).unwrap());
                let status = if n < failures {
                    "500 Internal Server Error"
                } else {
                    "204 No Content"
                };
                let _ = write!(
                    stream,
                    "HTTP/1.1 {status}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
                );
            }
        });
        Hook { url, bodies }
    }

    fn bodies(&self) -> Vec<String> {
        self.bodies.lock().unwrap().clone()
    }
}

/// Both players set a webhook in their mail settings (addresses that are not http(s) or are
/// too long are refused, leaving it unchanged); a move that makes the game wait on one queues
/// a delivery with the move; the scheduler posts it: the local server answers 500 first, the
/// settings show the error, and after the backoff it is posted again and delivered. The JSON
/// carries the event, the game, the mail's subject and the public page, never the seat link;
/// a Discord webhook gets a message in Discord's form, and none once removed; a private
/// message and the end of the game are told too (the message's text is not).
async fn a_webhook_is_told_of_a_turn_in_the_moves_transaction_and_retried_until_it_answers(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let creator = app.create_game(2, &[]).await;
    let links = app.accept_all(&creator.game, 2).await;
    let game = creator.game.clone();
    let id = GameId::parse(&game).unwrap();
    app.deliver_mail().await;
    let hook = Hook::start(1);
    let discord = Hook::start(0);
    let waiting = pending_seat(&app, &id);
    let (mover, other) = if waiting.number() == 1 {
        (&links[0], &links[1])
    } else {
        (&links[1], &links[0])
    };
    let other_settings = settings_path(&app, other.email());
    let mover_settings = settings_path(&app, mover.email());

    // Refused: not http(s), too long; the settings stay as they were.
    for bad in [
        "ftp://example.org/hook".to_owned(),
        "javascript:alert(1)".to_owned(),
        format!("https://example.org/{}", "a".repeat(500)),
    ] {
        let refused = app
            .post_form(
                &format!("{other_settings}/webhook"),
                &[("url", &bad), ("format", "json")],
            )
            .await;
        assert_eq!(refused.status, 422, "{bad}: {}", refused.body);
    }
    let form = app.get(&other_settings).await;
    assert!(
        form.body.contains("maxlength=\"500\""),
        "one limit for the form and the service"
    );
    assert_eq!(field_value(&form.body, "webhook-url"), "");
    let set = app
        .post_form(
            &format!("{other_settings}/webhook"),
            &[("url", &hook.url), ("format", "json")],
        )
        .await;
    assert_eq!(set.status, 303, "{}", set.body);
    assert_eq!(
        field_value(&app.get(&other_settings).await.body, "webhook-url"),
        hook.url
    );
    let set = app
        .post_form(
            &format!("{mover_settings}/webhook"),
            &[("url", &discord.url), ("format", "discord")],
        )
        .await;
    assert_eq!(set.status, 303, "{}", set.body);

    // The mover moves until the game waits on the other: the delivery is queued with the move.
    let mut moves = 0;
    while pending_seat(&app, &id) == waiting {
        assert!(!support::play_first_legal(&app, &game, 1).await);
        moves += 1;
        assert!(moves < 20, "the turn should pass");
    }
    let queued = corriere::store::webhook_rows(&mut app.running.db.get().unwrap()).unwrap();
    assert_eq!(queued.len(), 1, "{queued:?}");
    assert!(
        hook.bodies().is_empty(),
        "nothing is posted before the worker runs"
    );

    // First try: 500. The settings say so; the row waits out its backoff.
    let report = app.running.scheduler.run_once().await.unwrap();
    assert_eq!(report.webhooks, 0);
    assert_eq!(hook.bodies().len(), 1);
    let page = app.get(&other_settings).await;
    assert!(page.text().contains("Last failed"), "{}", page.text());
    assert!(page.text().contains("500"), "{}", page.text());
    let report = app.running.scheduler.run_once().await.unwrap();
    assert_eq!(hook.bodies().len(), 1, "not again before the backoff");
    assert_eq!(report.webhooks, 0);
    app.clock.advance(chrono::Duration::seconds(31));
    let report = app.running.scheduler.run_once().await.unwrap();
    assert_eq!(report.webhooks, 1);
    let bodies = hook.bodies();
    assert_eq!(bodies.len(), 2);
    assert_eq!(bodies[0], bodies[1], "the same delivery, retried");
    assert!(
        corriere::store::webhook_rows(&mut app.running.db.get().unwrap())
            .unwrap()
            .is_empty()
    );
    assert!(app
        .get(&other_settings)
        .await
        .text()
        .contains("Last delivered"));

    let body: serde_json::Value = serde_json::from_str(&bodies[0]).unwrap();
    assert_eq!(body["event"], "your_turn");
    assert_eq!(body["game"], game);
    assert_eq!(body["url"], app.url(&format!("/games/{game}")));
    app.deliver_mail().await;
    let turn_mail = app
        .smtp
        .mails_to(other.email())
        .into_iter()
        .rev()
        .find(|m| m.is_your_turn())
        .expect("the turn mail");
    assert_eq!(
        body["text"], turn_mail.subject,
        "what the person's own mail says"
    );
    for link in &links {
        assert!(
            !bodies[0].contains(&link.token),
            "no seat link in a webhook"
        );
    }

    // The mover's Discord webhook, told when the game waits on them again.
    let mut moves = 0;
    while pending_seat(&app, &id) != waiting {
        assert!(!support::play_first_legal(&app, &game, 1).await);
        moves += 1;
        assert!(moves < 20, "the turn should come back");
    }
    app.running.scheduler.run_once().await.unwrap();
    let posted = discord.bodies();
    assert_eq!(posted.len(), 1, "{posted:?}");
    let message: serde_json::Value = serde_json::from_str(&posted[0]).unwrap();
    let content = message["content"].as_str().expect("Discord's content");
    assert!(content.ends_with(&format!("/games/{game}")), "{content}");

    // An empty address removes the webhook: the next turn posts nothing.
    let removed = app
        .post_form(
            &format!("{mover_settings}/webhook"),
            &[("url", ""), ("format", "discord")],
        )
        .await;
    assert_eq!(removed.status, 303);
    let mut moves = 0;
    while pending_seat(&app, &id) == waiting {
        assert!(!support::play_first_legal(&app, &game, 1).await);
        moves += 1;
        assert!(moves < 20);
    }
    while pending_seat(&app, &id) != waiting {
        assert!(!support::play_first_legal(&app, &game, 1).await);
        moves += 1;
        assert!(moves < 40);
    }
    app.clock.advance(chrono::Duration::hours(2));
    app.running.scheduler.run_once().await.unwrap();
    assert_eq!(discord.bodies().len(), 1);

    // A private message to the other player: their webhook is told with the talk's mail.
    let before = hook.bodies().len();
    let whisper = "meet me in Firenze (private-zebra-42)";
    let sent = app
        .post_form(
            &format!("{}/messages", mover.url),
            &[("text", whisper), ("to", &other.seat.to_string())],
        )
        .await;
    assert_eq!(sent.status, 303, "{}", sent.body);
    app.clock.advance(chrono::Duration::minutes(10));
    app.running.scheduler.run_once().await.unwrap();
    let bodies = hook.bodies();
    let told: Vec<serde_json::Value> = bodies[before..]
        .iter()
        .map(|b| serde_json::from_str(b).unwrap())
        .filter(|b: &serde_json::Value| b["event"] == "message")
        .collect();
    assert_eq!(told.len(), 1, "{bodies:?}");
    assert!(
        !bodies.iter().any(|b| b.contains("private-zebra-42")),
        "the subject only"
    );

    // The end of the game: "game over" to the webhook still set.
    assert!(support::play_first_legal(&app, &game, 2000).await);
    // Every turn of the game queued a delivery: a pass posts at most 50.
    for _ in 0..100 {
        app.running.scheduler.run_once().await.unwrap();
        let left = corriere::store::webhook_rows(&mut app.running.db.get().unwrap()).unwrap();
        if left.is_empty() {
            break;
        }
    }
    let over: Vec<String> = hook
        .bodies()
        .into_iter()
        .filter(|b| b.contains("\"game_over\""))
        .collect();
    assert_eq!(over.len(), 1, "{:?}", hook.bodies());
    app.stop().await;
}
