//! Table talk and moves by reply, through HTTP, a real SMTP server and the LMTP listener: a
//! whole game played by answering the mails, Portuguese commands, replies that become
//! messages, forged addresses, machines' mails, duplicates, and private messages kept to their
//! two seats on every surface.

use crate::support;

use corriere::domain::{GameId, Millis};
use corriere::engine::Seat;
use corriere::store;
use support::{email_of, Backend, Mail, SeatLink, TestApp};

on_each_backend!(
    a_whole_game_is_played_by_answering_the_mails_with_quotes_and_signatures,
    portuguese_commands_play_and_other_words_become_messages_to_the_table,
    forged_and_retired_addresses_bounce_and_machines_and_duplicates_are_not_acted_on,
    private_messages_reach_only_their_two_seats_on_every_surface,
    a_private_table_keeps_its_talk_from_spectators_and_bad_messages_lose_nothing,
    a_seats_private_notes_show_on_its_page_only_and_bad_notes_lose_nothing,
);

fn conn(app: &TestApp) -> store::DbConn {
    app.running.db.get().expect("a connection")
}

/// The seats `game` waits on, and the move number.
fn waiting(app: &TestApp, game: &str) -> (Vec<Seat>, i64) {
    let id = GameId::parse(game).unwrap();
    let loaded = app.running.state.games.load(&mut conn(app), &id).unwrap();
    let seats = loaded.state().map(|s| s.waiting_on()).unwrap_or_default();
    (seats, loaded.seq())
}

/// The newest mail to `address` about `game` that can be answered.
fn answerable(app: &TestApp, address: &str, game: &str) -> Mail {
    app.answerable(address, game)
        .unwrap_or_else(|| panic!("no mail to {address} about {game} to answer"))
}

async fn started_game(app: &TestApp, players: usize, options: &[&str]) -> Vec<SeatLink> {
    let creator = app.create_game(players, options).await;
    let links = app.accept_all(&creator.game, players).await;
    app.deliver_mail().await;
    links
}

async fn a_whole_game_is_played_by_answering_the_mails_with_quotes_and_signatures(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let links = started_game(&app, 2, &[]).await;
    let game = links[0].game.clone();
    let mut replies = 0;
    loop {
        let (seats, seq) = waiting(&app, &game);
        let Some(seat) = seats.first() else { break };
        let address = email_of(seat.number());
        let mail = answerable(&app, address, &game);
        let commands = mail.offered_commands();
        assert!(
            !commands.is_empty(),
            "a mail to a deciding seat offers commands:\n{}",
            mail.text
        );
        // A signature under the command; the client quotes the mail below.
        let body = format!("{}\n\n-- \nSent from my phone", commands[0]);
        let answer = app.reply(&mail, &body, "").await;
        assert!(answer.starts_with("250"), "LMTP: {answer}");
        app.deliver_mail().await;
        let (_, after) = waiting(&app, &game);
        assert!(
            after > seq,
            "reply {:?} to {:?} played nothing",
            commands[0],
            mail.subject
        );
        let told = app
            .smtp
            .latest_to(address, |m| m.subject.contains("your reply"))
            .expect("every reply is answered");
        assert!(
            told.text
                .contains(&format!("Applied: your move is move {}", seq + 1)),
            "{}",
            told.text
        );
        replies += 1;
        assert!(replies < 2000, "the game does not end");
    }
    let public = app.public_page(&game).await;
    assert!(
        public.text().contains("won"),
        "the game is over: {}",
        public.text()
    );
    let id = GameId::parse(&game).unwrap();
    let record = app
        .running
        .state
        .games
        .record(&mut conn(&app), &id)
        .unwrap();
    assert_eq!(record.actions.len() as i64, waiting(&app, &game).1);
    assert!(
        corriere::audit::verify(&record).is_ok(),
        "the record of a game played by mail verifies"
    );
    app.stop().await;
}

async fn portuguese_commands_play_and_other_words_become_messages_to_the_table(backend: Backend) {
    // (A reply with a command is moves only: its other lines are set aside, never posted.)
    let app = TestApp::spawn(&backend).await;
    let links = started_game(&app, 2, &[]).await;
    let game = links[0].game.clone();
    // Place the token, then the battle: whoever plays first may pass ("passar").
    loop {
        let (seats, _) = waiting(&app, &game);
        let seat = seats[0];
        let id = GameId::parse(&game).unwrap();
        let loaded = app.running.state.games.load(&mut conn(&app), &id).unwrap();
        let legal = loaded.state().unwrap().legal_actions(seat);
        if legal.iter().any(|a| a.json().get() == r#"{"type":"pass"}"#) {
            break;
        }
        let mail = answerable(&app, email_of(seat.number()), &game);
        let first = mail.offered_commands().remove(0);
        assert!(app.reply(&mail, &first, "").await.starts_with("250"));
        app.deliver_mail().await;
    }
    let (seats, seq) = waiting(&app, &game);
    let me = seats[0];
    let other = if me.0 == 0 { Seat(1) } else { Seat(0) };
    // The other reads Portuguese: the talk that reaches them is worded in it.
    support::reads_portuguese(&app, email_of(other.number()));
    let mail = answerable(&app, email_of(me.number()), &game);
    let answer = app.reply(&mail, "Passar\nBoa sorte, Bob!", "").await;
    assert!(answer.starts_with("250"), "{answer}");
    app.deliver_mail().await;
    assert_eq!(waiting(&app, &game).1, seq + 1, "\"Passar\" passed");
    // A reply with a command posts nothing: the words after it stay with their writer, who is
    // told so line by line.
    let page = app.seat_page(&links[other.index()]).await;
    assert!(!page.text().contains("Boa sorte, Bob!"), "{}", page.text());
    let told = app
        .smtp
        .latest_to(email_of(me.number()), |m| m.subject.contains("your reply"))
        .unwrap();
    assert!(
        told.text
            .contains("“Boa sorte, Bob!”: not a command; set aside."),
        "{}",
        told.text
    );
    assert!(
        told.text
            .contains("Nothing of this reply went to the table"),
        "{}",
        told.text
    );
    // A reply without any command is a message; its answer says so.
    let mail = answerable(&app, email_of(me.number()), &game);
    let answer = app.reply(&mail, "Que jogada, hein?\nAté amanhã.", "").await;
    assert!(answer.starts_with("250"));
    app.deliver_mail().await;
    let told = app
        .smtp
        .latest_to(email_of(me.number()), |m| m.subject.contains("your reply"))
        .unwrap();
    assert!(
        told.text.contains("Your message went to everyone"),
        "{}",
        told.text
    );
    // The other seat is mailed the table's messages in one batch once they are a minute old.
    let before = app.smtp.mails_to(email_of(other.number())).len();
    app.running.scheduler.run_once().await.unwrap();
    app.deliver_mail().await;
    assert_eq!(
        app.smtp.mails_to(email_of(other.number())).len(),
        before,
        "not yet"
    );
    app.clock.advance(chrono::Duration::seconds(61));
    let report = app.running.scheduler.run_once().await.unwrap();
    assert_eq!(report.talk, 1, "one batch for the one other seat");
    app.deliver_mail().await;
    let batch = app
        .smtp
        .latest_to(email_of(other.number()), |m| {
            m.subject.contains("novas mensagens")
        })
        .expect("a talk mail, in Portuguese");
    assert!(
        batch.text.contains("Responda a este e-mail"),
        "{}",
        batch.text
    );
    assert!(!batch.text.contains("Boa sorte, Bob!") && batch.text.contains("Que jogada"));
    assert!(batch.reply_to.is_some(), "a talk mail can be answered");
    // Nothing twice.
    app.running.scheduler.run_once().await.unwrap();
    assert_eq!(app.deliver_mail().await, 0);
    // Answering it in Portuguese: the answer is in Portuguese too.
    let answer = app.reply(&batch, "Obrigado!", "").await;
    assert!(answer.starts_with("250"));
    app.deliver_mail().await;
    let told = app
        .smtp
        .latest_to(email_of(other.number()), |m| {
            m.subject.contains("sua resposta")
        })
        .expect("an answer in Portuguese");
    assert!(
        told.text.contains("Sua mensagem foi para todos à mesa."),
        "{}",
        told.text
    );
    // The public page shows the public talk.
    assert!(app
        .public_page(&game)
        .await
        .text()
        .contains("Que jogada, hein?"));
    app.stop().await;
}

async fn forged_and_retired_addresses_bounce_and_machines_and_duplicates_are_not_acted_on(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let links = started_game(&app, 2, &[]).await;
    let game = links[0].game.clone();
    let (seats, seq) = waiting(&app, &game);
    let seat = seats[0];
    let address = email_of(seat.number());
    let mail = answerable(&app, address, &game);
    let command = mail.offered_commands().remove(0);
    let reply_to = mail.reply_to.clone().unwrap();
    let sent_before = app.smtp.count();
    let raw = |headers: &str, id: &str| {
        format!("From: <{address}>\r\nTo: <{reply_to}>\r\nSubject: Re: x\r\nMessage-ID: <{id}>\r\n{headers}\r\n{command}\r\n")
    };
    // A forged signature and an address of no seat bounce.
    let (head, signature) = reply_to.split_at(reply_to.find('@').unwrap() - 4);
    let forged = format!(
        "{head}{}{}",
        if signature.starts_with('0') { "1" } else { "0" },
        &signature[1..]
    );
    let answer = app.lmtp(address, &forged, &raw("", "f1@x")).await;
    assert!(answer.starts_with("550 5.7.1"), "{answer}");
    let answer = app
        .lmtp(address, "reply+nothing@127.0.0.1", &raw("", "f2@x"))
        .await;
    assert!(answer.starts_with("550 5.1.1"), "{answer}");
    // An auto-reply, a vacation notice and a bounce are taken and dropped.
    let answer = app
        .lmtp(
            address,
            &reply_to,
            &raw("Auto-Submitted: auto-replied\r\n", "a1@x"),
        )
        .await;
    assert!(answer.starts_with("250"), "{answer}");
    let answer = app
        .lmtp(address, &reply_to, &raw("X-Autoreply: yes\r\n", "a2@x"))
        .await;
    assert!(answer.starts_with("250"), "{answer}");
    let answer = app.lmtp("", &reply_to, &raw("", "b1@x")).await;
    assert!(answer.starts_with("250"), "{answer}");
    app.deliver_mail().await;
    assert_eq!(waiting(&app, &game).1, seq, "nothing was played");
    assert_eq!(app.smtp.count(), sent_before, "nothing was answered");
    // The same mail delivered twice acts once and is answered once.
    for _ in 0..2 {
        let answer = app.lmtp(address, &reply_to, &raw("", "same@x")).await;
        assert!(answer.starts_with("250"), "{answer}");
    }
    app.deliver_mail().await;
    assert_eq!(waiting(&app, &game).1, seq + 1, "applied once");
    let answers = app
        .smtp
        .mails_to(address)
        .into_iter()
        .filter(|m| m.subject.contains("your reply"))
        .count();
    assert_eq!(answers, 1);
    // A new link for the seat retires its reply addresses too.
    let id = GameId::parse(&game).unwrap();
    app.running
        .state
        .games
        .relink(&mut conn(&app), &id, seat)
        .unwrap();
    let answer = app.lmtp(address, &reply_to, &raw("", "late@x")).await;
    assert!(
        answer.starts_with("550 5.7.1"),
        "a retired address: {answer}"
    );
    app.stop().await;
}

async fn private_messages_reach_only_their_two_seats_on_every_surface(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let links = started_game(&app, 3, &[]).await;
    let game = links[0].game.clone();
    let secret = "meet me at Firenze, 7f3a9c";
    let public = "hello everyone, 5d21e0";
    let public_sent = app
        .post_form(
            &format!("{}/messages", path(&links[0])),
            &[("text", public), ("to", "")],
        )
        .await;
    assert_eq!(public_sent.status, 303);
    // By the API too: seat 3 answers everyone.
    let api = app
        .client
        .post(app.url(&format!("/api/v1/games/{game}/messages")))
        .bearer_auth(links[2].bearer())
        .json(&serde_json::json!({"text": "seat three here"}))
        .send()
        .await
        .unwrap();
    assert_eq!(api.status(), 201);
    // The private message comes last, so answering its mail answers privately.
    let private_sent = app
        .post_form(
            &format!("{}/messages", path(&links[0])),
            &[("text", secret), ("to", "2")],
        )
        .await;
    assert_eq!(private_sent.status, 303, "{}", private_sent.body);
    app.clock.advance(chrono::Duration::seconds(61));
    app.running.scheduler.run_once().await.unwrap();
    app.deliver_mail().await;
    // Seats 1 and 2 read it; seat 3 and spectators never do.
    for (i, reads) in [(0, true), (1, true), (2, false)] {
        let page = app.seat_page(&links[i]).await.text();
        assert_eq!(page.contains(secret), reads, "seat {} page", i + 1);
        assert!(page.contains(public));
        let api = app.api_seat(&links[i]).await.body;
        assert_eq!(api.contains(secret), reads, "seat {} API", i + 1);
        assert!(api.contains(public));
    }
    assert!(app
        .smtp
        .mails_to(email_of(2))
        .iter()
        .any(|m| m.text.contains(secret)));
    for m in app.smtp.mails_to(email_of(3)) {
        assert!(
            !m.readable().contains(secret),
            "seat 3's mail {:?}",
            m.subject
        );
    }
    assert!(app
        .smtp
        .mails_to(email_of(3))
        .iter()
        .any(|m| m.text.contains(public)));
    let spectator = app.public_page(&game).await.text();
    assert!(!spectator.contains(secret) && spectator.contains(public));
    for query in ["", "?talk=1"] {
        let record = app
            .get(&format!("/games/{game}/record.json{query}"))
            .await
            .body;
        assert!(!record.contains(secret), "record{query}");
    }
    let record = app
        .get(&format!("/games/{game}/record.json?talk=1"))
        .await
        .json();
    assert_eq!(record["talk"]["verified"], false);
    let text = app
        .get(&format!("/games/{game}/record.json?talk=1"))
        .await
        .body;
    let plain = app.get(&format!("/games/{game}/record.json")).await.body;
    assert_eq!(
        corriere::audit::verify_json(&text).map_err(|e| e.to_string()),
        corriere::audit::verify_json(&plain).map_err(|e| e.to_string()),
        "the talk does not touch verification"
    );
    assert_eq!(record["talk"]["messages"].as_array().unwrap().len(), 2);
    assert!(app
        .get(&format!("/games/{game}/record.json"))
        .await
        .json()
        .get("talk")
        .is_none());
    // The next turn mail of seat 2 (whoever moves) carries the talk since it last played;
    // answering a private message's mail answers privately.
    let mail = app
        .smtp
        .latest_to(email_of(2), |m| m.subject.contains("new messages"))
        .unwrap();
    assert!(mail.text.contains("(only to you)"), "{}", mail.text);
    let answer = app.reply(&mail, "See you there.", "").await;
    assert!(answer.starts_with("250"));
    app.deliver_mail().await;
    let told = app
        .smtp
        .latest_to(email_of(2), |m| m.subject.contains("your reply"))
        .unwrap();
    assert!(told.text.contains("went to Alice only"), "{}", told.text);
    assert!(app
        .seat_page(&links[0])
        .await
        .text()
        .contains("See you there."));
    assert!(!app
        .seat_page(&links[2])
        .await
        .text()
        .contains("See you there."));
    assert!(!app
        .public_page(&game)
        .await
        .text()
        .contains("See you there."));
    app.stop().await;
}

async fn a_private_table_keeps_its_talk_from_spectators_and_bad_messages_lose_nothing(
    backend: Backend,
) {
    let limits = corriere::service::Limits {
        messages_per_hour: 2,
        ..corriere::service::Limits::unlimited()
    };
    let app = TestApp::spawn_limited(&backend, limits).await;
    let links = started_game(&app, 2, &["private_table"]).await;
    let game = links[0].game.clone();
    let base = path(&links[0]);
    let long = "x".repeat(2001);
    let refused = app
        .post_form(&format!("{base}/messages"), &[("text", &long)])
        .await;
    assert_eq!(refused.status, 422);
    assert!(refused.text().contains("too long"), "{}", refused.text());
    assert!(
        refused.body.contains(&long),
        "the text typed is still in the box"
    );
    let refused = app
        .post_form(&format!("{base}/messages"), &[("text", "  ")])
        .await;
    assert_eq!(refused.status, 422);
    for text in ["one", "two"] {
        let sent = app
            .post_form(&format!("{base}/messages"), &[("text", text)])
            .await;
        assert_eq!(sent.status, 303);
    }
    let limited = app
        .post_form(&format!("{base}/messages"), &[("text", "three")])
        .await;
    assert_eq!(limited.status, 429);
    assert!(limited.body.contains("three"));
    assert!(app.seat_page(&links[1]).await.text().contains("two"));
    let public = app.public_page(&game).await.text();
    assert!(
        !public.contains("Table talk"),
        "a private table's talk: {public}"
    );
    let record = app
        .get(&format!("/games/{game}/record.json?talk=1"))
        .await
        .json();
    assert_eq!(record["talk"]["messages"].as_array().unwrap().len(), 0);
    app.stop().await;
}

/// The path of a seat link (what forms post under).
fn path(link: &SeatLink) -> String {
    format!("/games/{}/seat/{}/{}", link.game, link.seat, link.token)
}

/// Two servers saving one seat's first notes at once (on one PostgreSQL): both saves succeed and
/// the later one is kept. Notes were once kept by a delete and an insert, and the second
/// server's insert, waiting on the first's row, then failed on the key: its player read
/// "unexpected error" for a save.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_saving_one_seats_notes_at_once_both_succeed() {
    let Some(backend) = Backend::postgres() else {
        return;
    };
    let app = TestApp::spawn(&backend).await;
    let links = app.started_war_game().await;
    let game = GameId::parse(&links[0].game).unwrap();
    let url = app.db.url.clone();
    let mut first = store::connect(&url).expect("the first server's connection");
    store::execute_sql(&mut first, "BEGIN").unwrap();
    store::set_note(&mut first, &game, 0, "from the first server", Millis(1)).unwrap();
    let second = {
        let (url, game) = (url.clone(), game.clone());
        std::thread::spawn(move || {
            let mut conn = store::connect(&url).expect("the second server's connection");
            store::execute_sql(&mut conn, "SET application_name = 'second-notes'").unwrap();
            store::execute_sql(&mut conn, "BEGIN").unwrap();
            let saved = store::set_note(&mut conn, &game, 0, "from the second server", Millis(2));
            let end = if saved.is_ok() { "COMMIT" } else { "ROLLBACK" };
            store::execute_sql(&mut conn, end).unwrap();
            saved
        })
    };
    // The second save is under way once it waits for the first's uncommitted row.
    let mut watcher = store::connect(&url).unwrap();
    let started = std::time::Instant::now();
    while store::query_number(
        &mut watcher,
        "(SELECT count(*) FROM pg_stat_activity \
          WHERE application_name = 'second-notes' AND wait_event_type = 'Lock')",
    )
    .unwrap()
        == 0
    {
        assert!(
            started.elapsed() < std::time::Duration::from_secs(30),
            "the second save never waited on the first"
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    store::execute_sql(&mut first, "COMMIT").unwrap();
    let saved = second.join().unwrap();
    assert!(saved.is_ok(), "the second save failed: {saved:?}");
    assert_eq!(
        store::note_of(&mut watcher, &game, 0).unwrap(),
        "from the second server",
        "the later save is kept"
    );
}

/// A seat's private notes: kept on its own page (with what the page says of them), on no other
/// surface of the game: the other seats' pages and API answers, the public page and API, the
/// record, the history, any mail; notes too long are refused with the limit, the text back in
/// the box and the saved notes unchanged; an empty box erases them.
async fn a_seats_private_notes_show_on_its_page_only_and_bad_notes_lose_nothing(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let links = app.started_war_game().await;
    let game = links[0].game.clone();
    let ana = &links[0];
    const NOTE: &str = "Plan: keep Kamchatka, promise Bob the Urals (zebra-quartz-719)";
    let saved = app
        .post_form(&format!("{}/note", ana.url), &[("text", NOTE)])
        .await;
    assert_eq!(saved.status, 303, "{}", saved.body);
    let back = saved.location.expect("back to the seat page");
    assert!(back.contains("noted=1"), "{back}");
    let page = app.get(&back).await;
    assert!(
        page.text().contains("Your notes are saved."),
        "{}",
        page.text()
    );
    assert!(
        page.body.contains(NOTE),
        "her page keeps the notes in their box"
    );
    // Moves are made and mailed after the notes were written: no mail carries them.
    let active = app.api_game(&game).await.json()["view"]["active"]
        .as_u64()
        .unwrap() as usize;
    let mover = &links[active - 1];
    let state = app.api_seat(mover).await.json();
    let seq = state["seq"].as_i64().unwrap();
    let action = state["legal_actions"][0].clone();
    assert_eq!(app.api_move(mover, seq, &action).await.status, 200);
    app.deliver_mail().await;
    let mut surfaces = vec![
        (
            "the public page".to_owned(),
            app.public_page(&game).await.body,
        ),
        ("the public API".to_owned(), app.api_game(&game).await.body),
        (
            "the record".to_owned(),
            app.get(&format!("/games/{game}/record.json")).await.body,
        ),
    ];
    for link in links.iter().filter(|l| l.seat != ana.seat) {
        surfaces.push((
            format!("seat {}'s API", link.seat),
            app.api_seat(link).await.body,
        ));
        surfaces.push((
            format!("seat {}'s page", link.seat),
            app.seat_page(link).await.body,
        ));
    }
    for mail in app.smtp.mails() {
        surfaces.push((format!("mail {:?}", mail.subject), mail.readable()));
    }
    assert!(surfaces.len() > 8);
    for (what, body) in &surfaces {
        assert!(
            !body.contains("zebra-quartz-719"),
            "{what} shows Ana's notes"
        );
    }
    // Too long: refused with the limit, the text back in the box; the saved notes stay.
    let long = format!(
        "{NOTE} {}",
        "x".repeat(corriere::service::talk::NoteText::MAX_CHARS)
    );
    let refused = app
        .post_form(&format!("{}/note", ana.url), &[("text", &long)])
        .await;
    assert_eq!(refused.status, 422);
    assert!(
        refused.text().contains("longer than 10000 characters"),
        "{}",
        refused.text()
    );
    assert!(
        refused.body.contains(&long),
        "the refused text is still in the box"
    );
    assert!(app.seat_page(ana).await.body.contains(NOTE));
    // An empty box erases them.
    let erased = app
        .post_form(&format!("{}/note", ana.url), &[("text", "")])
        .await;
    assert_eq!(erased.status, 303);
    assert!(!app.seat_page(ana).await.body.contains("zebra-quartz-719"));
    // The API: the seat's token keeps and reads its notes; no other token reads them; the
    // same limit refuses the same text.
    let put = |link: &SeatLink, body: serde_json::Value| {
        app.client
            .put(app.url(&format!("/api/v1/games/{}/note", link.game)))
            .bearer_auth(link.bearer())
            .json(&body)
    };
    let kept = app
        .read_raw(put(ana, serde_json::json!({"text": NOTE})))
        .await;
    assert_eq!(kept.status, 204, "{}", kept.body);
    assert_eq!(app.api_seat(ana).await.json()["note"], NOTE);
    for other in &links[1..] {
        let theirs = app.api_seat(other).await;
        assert_eq!(theirs.json()["note"], "", "seat {}", other.seat);
        assert!(!theirs.body.contains("zebra-quartz-719"));
    }
    let too_long = app
        .read_raw(put(ana, serde_json::json!({"text": long})))
        .await;
    assert_eq!(too_long.status, 422, "{}", too_long.body);
    assert_eq!(
        too_long.json()["error"]["code"],
        "too_long",
        "{}",
        too_long.body
    );
    assert_eq!(app.api_seat(ana).await.json()["note"], NOTE);
    let unknown = app
        .read_raw(put(ana, serde_json::json!({"text": "", "to": 2})))
        .await;
    assert_eq!(unknown.status, 400, "{}", unknown.body);
    app.stop().await;
}
