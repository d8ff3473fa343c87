//! Replies by mail as they arrive in the real world: a delivery killed between its steps (a real
//! `corriere mail receive` process), two reply addresses answering each other, machines and the
//! service's own addresses, one mail for two reply addresses, a reply delivered again after its
//! move, and the LMTP listener's bounds. (How a mail is read: `mail/inbound.rs`'s own tests.)

use crate::support;

use corriere::config::{Config, MailIn};
use corriere::domain::GameId;
use corriere::engine::Seat;
use corriere::service::links::ReplyAddress;
use corriere::service::Secret;
use corriere::store::{self, DbUrl};
use std::io::{BufRead, Write};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::Duration;
use support::{email_of, Backend, Mail, SeatLink, Smtp, TestApp, TestDb, PLAYERS};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};

on_each_backend!(
    a_reply_whose_delivery_is_killed_between_its_steps_is_acted_on_exactly_once,
    two_reply_addresses_answering_each_other_stop_within_a_few_mails,
    refused_replies_are_answered_a_few_times_an_hour_and_mail_from_our_own_addresses_is_dropped,
    one_mail_to_two_reply_addresses_acts_for_each,
    a_reply_delivered_again_under_a_new_message_id_after_its_move_is_told_the_game_moved_on,
    a_slip_of_a_command_posts_nothing_and_is_answered_with_the_nearest_commands_in_both_languages,
    a_typo_in_the_middle_of_a_reply_stops_its_script_and_posts_none_of_its_lines,
    a_command_of_a_decision_the_game_has_left_is_answered_not_posted,
    phone_signatures_and_quote_headers_in_both_languages_are_not_posted,
    each_reply_against_a_bot_is_answered_by_one_mail_that_carries_the_next_decision,
);

const SECRET: &str = "1a2b3c4d1a2b3c4d1a2b3c4d1a2b3c4d1a2b3c4d1a2b3c4d1a2b3c4d1a2b3c4d";
const FROM: &str = "corriere <corriere@corriere.test>";

/// The test service with a link secret the `corriere` binary can be given, and replies at
/// `reply` (default: reply@ the base URL's host), with these LMTP limits.
async fn service_with(backend: &Backend, reply: Option<&str>, mail_in: MailIn) -> TestApp {
    let mut db = TestDb::fresh(backend);
    db.secret = Secret::from_hex(SECRET).unwrap();
    let db = Arc::new(db);
    let smtp = Smtp::start();
    let clock = corriere::clock::ManualClock::starting_now();
    let config = Config {
        mail_from: FROM.into(),
        reply_address: reply.map(|r| ReplyAddress::parse(r).unwrap()),
        mail_in,
        ..support::test_config(&db, Some(&smtp), &clock)
    };
    TestApp::from_config(config, db, smtp, clock).await
}

async fn service(backend: &Backend, reply: Option<&str>) -> TestApp {
    service_with(backend, reply, MailIn::default()).await
}

/// A game of `players` started, its start mails delivered.
async fn started(app: &TestApp, players: usize) -> String {
    let creator = app.create_game(players, &[]).await;
    app.accept_all(&creator.game, players).await;
    app.deliver_mail().await;
    creator.game
}

/// The seats `game` waits on, and the move number.
fn waiting(app: &TestApp, game: &str) -> (Vec<Seat>, i64) {
    let id = GameId::parse(game).unwrap();
    let mut conn = app.running.db.get().unwrap();
    let loaded = app.running.state.games.load(&mut conn, &id).unwrap();
    let seats = loaded.state().map(|s| s.waiting_on()).unwrap_or_default();
    (seats, loaded.seq())
}

/// The answers to replies queued for `game` (not sent yet).
fn answers_queued(app: &TestApp, game: &str) -> Vec<store::OutboxRow> {
    store::outbox_rows(&mut app.running.db.get().unwrap(), None)
        .unwrap()
        .into_iter()
        .filter(|r| r.kind == "answer" && r.game_id.as_deref() == Some(game))
        .collect()
}

/// The answers to replies `address` was sent.
fn answers_to(app: &TestApp, address: &str) -> Vec<Mail> {
    app.smtp
        .mails_to(address)
        .into_iter()
        .filter(|m| m.subject.contains("your reply"))
        .collect()
}

/// A reply address of `seat` of `game` as of its current move.
fn reply_address(app: &TestApp, game: &str, seat: Seat) -> String {
    let games = &app.running.state.games;
    let id = GameId::parse(game).unwrap();
    let mut conn = app.running.db.get().unwrap();
    let seq = games.load(&mut conn, &id).unwrap().seq();
    let version = store::seat_link_version(&mut conn, &id, i32::from(seat.0))
        .unwrap()
        .unwrap();
    let token = games.links().reply_token(&id, seat, seq, None, version);
    games.reply_address().with_token(&token)
}

fn plain_reply(from: &str, to: &str, id: &str, headers: &str, body: &str) -> String {
    format!(
        "From: <{from}>\r\nTo: <{to}>\r\nSubject: Re: your turn\r\nMessage-ID: <{id}>\r\n{headers}Content-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n"
    )
}

/// The talk of `game` as its seats read it.
fn talk(app: &TestApp, game: &str) -> Vec<String> {
    let id = GameId::parse(game).unwrap();
    let mut conn = app.running.db.get().unwrap();
    app.running
        .state
        .games
        .talk(&mut conn, &id, Some(Seat(0)))
        .unwrap()
        .into_iter()
        .map(|l| l.text)
        .collect()
}

/// Run one SQL statement on the test service's database.
fn execute(app: &TestApp, sql: &str) {
    let mut conn = app.running.db.get().unwrap();
    store::execute_sql(&mut conn, sql).unwrap();
}

// ---------------------------------------------------------------- exactly once

/// `corriere mail receive --recipient TO` against the test service's database, with `raw` on
/// standard input: the command, ready to spawn.
fn receive_command(app: &TestApp, to: &str, env: &[(&str, &str)]) -> Command {
    let url = match &app.db.url {
        DbUrl::Sqlite(path) => format!("sqlite://{}", path.display()),
        DbUrl::Postgres(url) => url.clone(),
    };
    let mut command = Command::new(env!("CARGO_BIN_EXE_corriere"));
    command
        .args(["mail", "receive", "--recipient", to])
        .env_remove("CORRIERE_BASE_URL")
        .env_remove("CORRIERE_BIND")
        .env_remove("CORRIERE_REPLY_ADDRESS")
        .env_remove("CORRIERE_TEST_CRASH_POINT")
        .env_remove("CORRIERE_REPLY_LEASE_SECONDS")
        .env("CORRIERE_DATABASE_URL", url)
        .env("CORRIERE_DATA_DIR", app.db.dir.path())
        .env("CORRIERE_SECRET", SECRET)
        .env("CORRIERE_MAIL_FROM", FROM)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (key, value) in env {
        command.env(key, value);
    }
    command
}

/// Deliver `raw` as an MTA's pipe does: the exit status and standard error.
fn receive(app: &TestApp, to: &str, raw: &str, env: &[(&str, &str)]) -> (i32, String) {
    let mut child = receive_command(app, to, env).spawn().unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(raw.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Deliver `raw` and kill the process (SIGKILL) once it stands at crash point `point`.
fn receive_killed_at(app: &TestApp, to: &str, raw: &str, point: &str, lease: &str) {
    let env = [
        ("CORRIERE_TEST_CRASH_POINT", point),
        ("CORRIERE_REPLY_LEASE_SECONDS", lease),
    ];
    let mut child = receive_command(app, to, &env).spawn().unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(raw.as_bytes())
        .unwrap();
    let stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut seen = Vec::new();
    let mut reached = false;
    for line in stderr.lines() {
        let line = line.unwrap();
        if line.contains(&format!("crash point {point}")) {
            reached = true;
            break;
        }
        seen.push(line);
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(reached, "the delivery never reached {point}: {seen:#?}");
}

async fn a_reply_whose_delivery_is_killed_between_its_steps_is_acted_on_exactly_once(
    backend: Backend,
) {
    let app = service(&backend, None).await;
    for point in ["claimed", "noted", "moved"] {
        let game = started(&app, 2).await;
        let (seats, seq) = waiting(&app, &game);
        let address = email_of(seats[0].number());
        let mail = app.answerable(address, &game).expect("a mail to answer");
        let command = mail.offered_commands().remove(0);
        let to = mail.reply_to.clone().unwrap();
        let raw = plain_reply(
            address,
            &to,
            &format!("{point}.{game}@mua.test"),
            "",
            &command,
        );
        // The killed delivery holds the reply for a short lease (the default is minutes).
        receive_killed_at(&app, &to, &raw, point, "3");
        let played = if point == "moved" { seq + 1 } else { seq };
        assert_eq!(waiting(&app, &game).1, played, "killed at {point}");
        assert!(answers_queued(&app, &game).is_empty(), "killed at {point}");
        // The MTA tries again at once: the dead delivery's claim still holds, so it is told
        // to try later (never "taken" while nothing was done).
        let (code, err) = receive(&app, &to, &raw, &[]);
        assert_eq!(code, 75, "killed at {point}: {err}");
        // Once the claim has run out, a retry acts, exactly once; later ones are duplicates.
        let mut tries = 0;
        let (mut code, mut err) = (75, String::new());
        while code == 75 && tries < 120 {
            tokio::time::sleep(Duration::from_millis(250)).await;
            (code, err) = receive(&app, &to, &raw, &[]);
            tries += 1;
        }
        for again in [false, true] {
            if again {
                (code, err) = receive(&app, &to, &raw, &[]);
            }
            assert_eq!(code, 0, "killed at {point}: {err}");
            assert_eq!(waiting(&app, &game).1, seq + 1, "killed at {point}");
            let answers = answers_queued(&app, &game);
            assert_eq!(answers.len(), 1, "killed at {point}: {answers:#?}");
            assert!(
                answers[0]
                    .text_body
                    .contains(&format!("Applied: your move is move {}", seq + 1)),
                "killed at {point}: {}",
                answers[0].text_body
            );
        }
        assert!(talk(&app, &game).is_empty(), "the command is no message");
    }
    app.stop().await;
}

// ---------------------------------------------------------------- loops and machines

async fn two_reply_addresses_answering_each_other_stop_within_a_few_mails(backend: Backend) {
    let app = service(&backend, Some("reply@mail.corriere.test")).await;
    let game = started(&app, 2).await;
    let (seats, _) = waiting(&app, &game);
    let (first, second) = (seats[0], Seat(1 - seats[0].0));
    // A game from before addresses were checked: each seat's address is the other's reply
    // address, so what the service mails one seat arrives as the other's reply.
    let (to_first, to_second) = (
        reply_address(&app, &game, second),
        reply_address(&app, &game, first),
    );
    for (seat, email) in [(first, &to_first), (second, &to_second)] {
        execute(
            &app,
            &format!(
                "UPDATE seats SET email = '{email}' WHERE game_id = '{game}' AND seat = {}",
                seat.0
            ),
        );
    }
    // The first seat's player writes from their old address a line that is no move.
    let own = email_of(first.number());
    let to = reply_address(&app, &game, first);
    let answer = app
        .lmtp(
            own,
            &to,
            &plain_reply(own, &to, "start@mua.test", "", "play the moon"),
        )
        .await;
    assert!(answer.starts_with("250"), "{answer}");
    // The MTA: every mail the service sends to an address of its reply domain comes back to
    // it by LMTP, as it is.
    let mut delivered = 0;
    let mut looped = 0;
    while looped < 40 {
        app.deliver_mail().await;
        let mails = app.smtp.mails();
        if mails.len() == delivered {
            break;
        }
        for mail in &mails[delivered..] {
            if mail.to.ends_with("@mail.corriere.test") {
                looped += 1;
                let answer = app
                    .lmtp("corriere@corriere.test", &mail.to, &mail.raw)
                    .await;
                assert!(answer.starts_with("250"), "{answer}");
            }
        }
        delivered = mails.len();
    }
    assert!(
        looped <= 2,
        "{looped} mails went round between the two reply addresses"
    );
    // Every answer says it is one (RFC 3834).
    let answers: Vec<Mail> = app
        .smtp
        .mails()
        .into_iter()
        .filter(|m| m.subject.contains("your reply"))
        .collect();
    assert!(!answers.is_empty());
    for answer in answers {
        assert!(
            answer.raw.contains("Auto-Submitted: auto-replied"),
            "{}",
            answer.raw
        );
    }
    app.stop().await;
}

async fn refused_replies_are_answered_a_few_times_an_hour_and_mail_from_our_own_addresses_is_dropped(
    backend: Backend,
) {
    let app = service(&backend, Some("reply@mail.corriere.test")).await;
    let game = started(&app, 2).await;
    let (seats, seq) = waiting(&app, &game);
    let address = email_of(seats[0].number());
    let to = reply_address(&app, &game, seats[0]);
    // Mail from the service's own From, or from its reply domain, without any header that
    // says a machine wrote it: dropped, unanswered, nothing played or posted.
    let before = app.smtp.count();
    let command = app
        .answerable(address, &game)
        .unwrap()
        .offered_commands()
        .remove(0);
    for (n, from) in ["corriere@corriere.test", "reply+x.1.2.3@mail.corriere.test"]
        .into_iter()
        .enumerate()
    {
        let raw = plain_reply(from, &to, &format!("own{n}@x"), "", &command);
        let answer = app.lmtp(from, &to, &raw).await;
        assert!(answer.starts_with("250"), "{answer}");
    }
    app.deliver_mail().await;
    assert_eq!(app.smtp.count(), before, "nothing was answered");
    assert_eq!(waiting(&app, &game).1, seq, "nothing was played");
    assert!(talk(&app, &game).is_empty(), "nothing was posted");
    // A person (or a machine that looks like one) sending lines that start like a command
    // but are none: answered three times in an hour, then no more; the next hour, again.
    let verb = command.split_whitespace().next().unwrap();
    let bad = format!("{verb} the moon");
    for n in 0..6 {
        let raw = plain_reply(address, &to, &format!("bad{n}@mua"), "", &bad);
        let answer = app.lmtp(address, &to, &raw).await;
        assert!(answer.starts_with("250"), "{answer}");
    }
    app.deliver_mail().await;
    assert_eq!(answers_to(&app, address).len(), 3);
    app.clock.advance(chrono::Duration::hours(1));
    let raw = plain_reply(address, &to, "bad-later@mua", "", &bad);
    assert!(app.lmtp(address, &to, &raw).await.starts_with("250"));
    app.deliver_mail().await;
    assert_eq!(answers_to(&app, address).len(), 4);
    assert_eq!(waiting(&app, &game).1, seq, "nothing was played");
    assert!(talk(&app, &game).is_empty(), "nothing was posted");
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_service_s_own_addresses_are_refused_as_players_in_both_languages() {
    let app = service(&Backend::Sqlite, Some("reply@mail.corriere.test")).await;
    for (lang, ours, why) in [
        (
            "en",
            "Corriere@corriere.test",
            "is an address of this site, not a player's",
        ),
        (
            "pt",
            "reply+abc@Mail.Corriere.test",
            "é um endereço deste site, não de um jogador",
        ),
    ] {
        // The form…
        let page = app
            .read_raw(
                app.client
                    .post(app.url("/games"))
                    .header("Accept-Language", lang)
                    .form(&[
                        ("name1", "Alice"),
                        ("email1", "alice@example.org"),
                        ("name2", "Bob"),
                        ("email2", ours),
                        ("creator", "1"),
                    ]),
            )
            .await;
        assert_eq!(page.status, 400, "{lang}: {}", page.body);
        assert!(page.text().contains(why), "{lang}: {}", page.text());
        // …and the API say what is wrong, and nothing is made.
        let created = app
            .read_raw(
                app.client
                    .post(app.url("/api/v1/games"))
                    .header("Accept-Language", lang)
                    .json(&serde_json::json!({"seats": [
                        {"name": "Alice", "email": "alice@example.org"},
                        {"name": "Bob", "email": ours},
                    ]})),
            )
            .await;
        assert_eq!(created.status, 400, "{lang}: {}", created.body);
        assert!(created.body.contains("seats[1].email"), "{}", created.body);
        assert!(
            created.body.contains(if lang == "en" {
                "an address of this site"
            } else {
                "um endereço deste site"
            }),
            "{}",
            created.body
        );
    }
    let mut conn = app.running.db.get().unwrap();
    assert!(
        store::all_games(&mut conn).unwrap().is_empty(),
        "no game was made"
    );
    drop(conn);
    // Replacing a resigned player: the same check, and the seat stays open.
    let creator = app.create_game(3, &[]).await;
    let links = app.accept_all(&creator.game, 3).await;
    let resigned = app
        .post_form(&format!("{}/resign", links[2].url), &[("confirm", "yes")])
        .await;
    assert_eq!(resigned.status, 303, "{}", resigned.body);
    for ours in ["corriere@corriere.test", "someone@mail.corriere.test"] {
        let refused = app
            .post_form(
                &format!("{}/replace", links[0].url),
                &[("seat", "3"), ("name", "Dino"), ("email", ours)],
            )
            .await;
        assert_eq!(refused.status, 400, "{}", refused.body);
        assert!(
            refused.text().contains(&format!(
                "\"{ours}\" is an address of this site, not a player's"
            )),
            "{}",
            refused.text()
        );
    }
    let replaced = app
        .post_form(
            &format!("{}/replace", links[0].url),
            &[("seat", "3"), ("name", "Dino"), ("email", email_of(4))],
        )
        .await;
    assert_eq!(replaced.status, 303, "{}", replaced.body);
    app.stop().await;
}

// ---------------------------------------------------------------- recipients and late replies

/// One LMTP transaction for several recipients: the answer to each.
async fn lmtp_many(app: &TestApp, from: &str, tos: &[String], raw: &str) -> Vec<String> {
    let stream = tokio::net::TcpStream::connect(app.running.lmtp_addr.unwrap())
        .await
        .unwrap();
    let (read, mut write) = stream.into_split();
    let mut lines = BufReader::new(read).lines();
    macro_rules! next {
        () => {
            lines.next_line().await.unwrap().unwrap_or_default()
        };
    }
    assert!(next!().starts_with("220"));
    let mut envelope = format!("LHLO test\r\nMAIL FROM:<{from}>\r\n");
    for to in tos {
        envelope.push_str(&format!("RCPT TO:<{to}>\r\n"));
    }
    envelope.push_str("DATA\r\n");
    write.write_all(envelope.as_bytes()).await.unwrap();
    write.write_all(raw.as_bytes()).await.unwrap();
    write.write_all(b"\r\n.\r\nQUIT\r\n").await.unwrap();
    let mut answers = Vec::new();
    loop {
        let line = next!();
        if line.starts_with("221") || line.is_empty() {
            break;
        }
        answers.push(line);
    }
    // LHLO's three lines, MAIL's, each RCPT's, DATA's: then one per recipient.
    answers.split_off(3 + 1 + tos.len() + 1)
}

async fn one_mail_to_two_reply_addresses_acts_for_each(backend: Backend) {
    let app = service(&backend, None).await;
    let (one, two) = (started(&app, 2).await, started(&app, 2).await);
    let tos = [
        reply_address(&app, &one, Seat(0)),
        reply_address(&app, &two, Seat(0)),
    ];
    let from = email_of(1);
    let before = answers_to(&app, from).len();
    let raw = plain_reply(
        from,
        &tos[0],
        "both@mua.test",
        "",
        "Good luck, both tables!",
    );
    let answers = lmtp_many(&app, from, &tos, &raw).await;
    assert_eq!(answers.len(), 2, "{answers:?}");
    assert!(answers.iter().all(|a| a.starts_with("250")), "{answers:?}");
    for game in [&one, &two] {
        assert_eq!(talk(&app, game), vec!["Good luck, both tables!".to_owned()]);
    }
    app.deliver_mail().await;
    assert_eq!(answers_to(&app, from).len(), before + 2, "each is answered");
    app.stop().await;
}

async fn a_reply_delivered_again_under_a_new_message_id_after_its_move_is_told_the_game_moved_on(
    backend: Backend,
) {
    let app = service(&backend, None).await;
    let game = started(&app, 2).await;
    let (seats, seq) = waiting(&app, &game);
    let address = email_of(seats[0].number());
    let mail = app.answerable(address, &game).unwrap();
    let command = mail.offered_commands().remove(0);
    let to = mail.reply_to.clone().unwrap();
    for id in ["first@mua.test", "again@mua.test"] {
        let answer = app
            .lmtp(address, &to, &plain_reply(address, &to, id, "", &command))
            .await;
        assert!(answer.starts_with("250"), "{answer}");
    }
    app.deliver_mail().await;
    assert_eq!(waiting(&app, &game).1, seq + 1, "played once");
    assert!(talk(&app, &game).is_empty(), "the command is no message");
    let told = answers_to(&app, address);
    assert_eq!(told.len(), 2);
    assert!(
        told[1].text.contains("The game moved on"),
        "{}",
        told[1].text
    );
}

// ---------------------------------------------------------------- what a reply says

/// Reply to the newest mail `address` can answer about `game` with `body`; the answer.
async fn answered(app: &TestApp, address: &str, game: &str, body: &str) -> Mail {
    let before = answers_to_any(app, address).len();
    let mail = app.answerable(address, game).expect("a mail to answer");
    let lmtp = app.reply(&mail, body, "").await;
    assert!(lmtp.starts_with("250"), "LMTP: {lmtp}");
    app.deliver_mail().await;
    let answers = answers_to_any(app, address);
    assert_eq!(answers.len(), before + 1, "{body:?} is answered once");
    answers.last().unwrap().clone()
}

/// The answers `address` was sent, in either language.
fn answers_to_any(app: &TestApp, address: &str) -> Vec<Mail> {
    app.smtp
        .mails_to(address)
        .into_iter()
        .filter(|m| m.subject.contains("your reply") || m.subject.contains("sua resposta"))
        .collect()
}

async fn a_slip_of_a_command_posts_nothing_and_is_answered_with_the_nearest_commands_in_both_languages(
    backend: Backend,
) {
    let app = service(&backend, None).await;
    let game = started(&app, 2).await;
    let (seats, seq) = waiting(&app, &game);
    let address = email_of(seats[0].number());
    // In English: a card played with its verb misspelt, then a word to the table.
    let told = answered(
        &app,
        address,
        &game,
        "plya M1
Good luck, Bob!",
    )
    .await;
    assert!(
        told.text.contains("“plya M1”: not understood"),
        "{}",
        told.text
    );
    assert!(told.text.contains("nearest commands"), "{}", told.text);
    assert!(
        told.text.contains("“Good luck, Bob!”: not a command"),
        "{}",
        told.text
    );
    assert!(
        told.text
            .contains("Nothing of this reply went to the table"),
        "{}",
        told.text
    );
    // In Portuguese: "jgar M1" (a letter left out).
    support::reads_portuguese(&app, address);
    let told = answered(
        &app,
        address,
        &game,
        "jgar M1
Boa sorte!",
    )
    .await;
    assert!(
        told.text.contains("“jgar M1”: não entendi"),
        "{}",
        told.text
    );
    assert!(
        told.text.contains("comandos mais próximos"),
        "{}",
        told.text
    );
    assert!(
        told.text.contains("Nada desta resposta foi para a mesa"),
        "{}",
        told.text
    );
    assert_eq!(waiting(&app, &game).1, seq, "nothing was played");
    assert!(
        talk(&app, &game).is_empty(),
        "nothing was posted: {:?}",
        talk(&app, &game)
    );
    app.stop().await;
}

async fn a_typo_in_the_middle_of_a_reply_stops_its_script_and_posts_none_of_its_lines(
    backend: Backend,
) {
    let app = service(&backend, None).await;
    let game = started(&app, 2).await;
    let (seats, seq) = waiting(&app, &game);
    let address = email_of(seats[0].number());
    let command = app
        .answerable(address, &game)
        .unwrap()
        .offered_commands()
        .remove(0);
    // A move, a misspelt one, and the lines a player would keep secret after it.
    let body = format!(
        "{command}
jgar M1
play M10
scarecrow M1"
    );
    let told = answered(&app, address, &game, &body).await;
    assert_eq!(
        waiting(&app, &game).1,
        seq + 1,
        "the line before the typo is played"
    );
    assert!(
        told.text.contains(&format!("“{command}”: played")),
        "{}",
        told.text
    );
    assert!(
        told.text.contains("“jgar M1”: not understood"),
        "{}",
        told.text
    );
    for rest in ["play M10", "scarecrow M1"] {
        assert!(
            told.text.contains(&format!("“{rest}”: not played")),
            "{rest}: {}",
            told.text
        );
    }
    assert!(
        talk(&app, &game).is_empty(),
        "nothing was posted: {:?}",
        talk(&app, &game)
    );
    // In Portuguese the same.
    let (seats, seq) = waiting(&app, &game);
    let address = email_of(seats[0].number());
    support::reads_portuguese(&app, address);
    let told = answered(
        &app,
        address,
        &game,
        "pasar
jogar M10
Boa sorte!",
    )
    .await;
    assert_eq!(waiting(&app, &game).1, seq, "nothing is played");
    assert!(told.text.contains("“pasar”: não entendi"), "{}", told.text);
    assert!(
        told.text.contains("“jogar M10”: não jogada"),
        "{}",
        told.text
    );
    assert!(
        talk(&app, &game).is_empty(),
        "nothing was posted: {:?}",
        talk(&app, &game)
    );
    app.stop().await;
}

async fn a_command_of_a_decision_the_game_has_left_is_answered_not_posted(backend: Backend) {
    let app = service(&backend, None).await;
    let game = started(&app, 2).await;
    let (seats, _) = waiting(&app, &game);
    let address = email_of(seats[0].number());
    let mail = app.answerable(address, &game).unwrap();
    let command = mail.offered_commands().remove(0);
    answered(&app, address, &game, &command).await;
    // The token is placed: placing it again, in either language, answering the newest mail
    // (so not stale), is a command of a decision the game has left.
    let (_, seq) = waiting(&app, &game);
    for (lang, line) in [("en", "place Ferrara"), ("pt", "colocar Ferrara")] {
        if lang == "pt" {
            support::reads_portuguese(&app, address);
        }
        let told = answered(
            &app,
            address,
            &game,
            &format!(
                "{line}
See you"
            ),
        )
        .await;
        assert!(told.text.contains(line), "{}", told.text);
        assert!(
            !told.text.contains("Your message went") && !told.text.contains("Sua mensagem foi"),
            "{}",
            told.text
        );
    }
    // A late answer to the first mail: too late, line by line, and not posted either.
    let lmtp = app
        .reply(
            &mail,
            &format!(
                "{command}
Good game"
            ),
            "",
        )
        .await;
    assert!(lmtp.starts_with("250"), "{lmtp}");
    app.deliver_mail().await;
    let told = answers_to_any(&app, address).pop().unwrap();
    assert!(told.text.contains("tarde demais"), "{}", told.text);
    assert_eq!(waiting(&app, &game).1, seq, "nothing was played");
    assert!(
        talk(&app, &game).is_empty(),
        "nothing was posted: {:?}",
        talk(&app, &game)
    );
    app.stop().await;
}

async fn phone_signatures_and_quote_headers_in_both_languages_are_not_posted(backend: Backend) {
    let app = service(&backend, None).await;
    let game = started(&app, 2).await;
    let (seats, seq) = waiting(&app, &game);
    let address = email_of(seats[0].number());
    // Messages over Gmail's Portuguese quote header (wrapped), a phone's signature, and
    // Outlook's header block: each posted without them.
    let bodies = [
        "Boa sorte a todos!\n\nEm seg., 27 de nov. de 2026 às 10:00, corriere <\ncorriere@corriere.test> escreveu:\n> Sua vez",
        "Até amanhã.\n\nEnviado do meu iPhone",
        "Good luck!\n\nGet Outlook for Android",
        "See you.\n________________________________\nFrom: corriere <corriere@corriere.test>\nSent: Monday, November 27, 2026 10:00 AM\nTo: Ann\nSubject: Your turn",
        "Ciao!\nDe: corriere <corriere@corriere.test>\nEnviado: segunda-feira, 27 de novembro de 2026 10:00\nPara: Ana\nAssunto: Sua vez",
    ];
    for body in bodies {
        answered(&app, address, &game, body).await;
    }
    assert_eq!(
        talk(&app, &game),
        [
            "Boa sorte a todos!",
            "Até amanhã.",
            "Good luck!",
            "See you.",
            "Ciao!"
        ]
    );
    // A command over "Sent from my Galaxy": played, nothing posted.
    let command = app
        .answerable(address, &game)
        .unwrap()
        .offered_commands()
        .remove(0);
    let told = answered(
        &app,
        address,
        &game,
        &format!(
            "{command}

Sent from my Galaxy"
        ),
    )
    .await;
    assert_eq!(waiting(&app, &game).1, seq + 1, "played");
    assert!(!told.text.contains("Galaxy"), "{}", told.text);
    assert_eq!(
        talk(&app, &game).len(),
        bodies.len(),
        "nothing more was posted"
    );
    app.stop().await;
}

/// A Condottiere game of one person (seat 1) and a bot (seat 2), with a day's pace.
async fn against_a_bot(app: &TestApp) -> SeatLink {
    let fields = [
        ("name1", PLAYERS[0].0),
        ("email1", PLAYERS[0].1),
        ("name2", ""),
        ("bot2", "on"),
        ("creator", "1"),
        ("first_holder", "creator"),
        ("pace", "24"),
    ];
    let page = app.create_form(&fields).await;
    assert_eq!(page.status, 303, "{}", page.body);
    let creator = SeatLink::parse(&app.url(&page.location.unwrap())).unwrap();
    app.confirm(&creator.game).await;
    app.deliver_mail().await;
    let link = app.link_from_latest(email_of(1), |m| {
        (m.is_invitation() || m.is_confirmation()) && m.text.contains(&creator.game)
    });
    assert_eq!(app.accept(&link, "", "").await.status, 303);
    app.deliver_mail().await;
    creator
}

async fn each_reply_against_a_bot_is_answered_by_one_mail_that_carries_the_next_decision(
    backend: Backend,
) {
    let app = service(&backend, None).await;
    let link = against_a_bot(&app).await;
    let game = link.game.clone();
    let address = email_of(1);
    let registry = corriere::kinds::Registry::standard();
    let kind = registry.get("condottiere").unwrap();
    let mut replies = 0;
    while replies < 12 {
        let (seats, _) = waiting(&app, &game);
        if seats != vec![Seat(0)] {
            break;
        }
        let mail = app.answerable(address, &game).expect("a mail to answer");
        let command = mail.offered_commands().remove(0);
        let before = app.smtp.mails_to(address).len();
        let lmtp = app.reply(&mail, &command, "").await;
        assert!(lmtp.starts_with("250"), "{lmtp}");
        app.deliver_mail().await;
        replies += 1;
        let mails = app.smtp.mails_to(address);
        let id = GameId::parse(&game).unwrap();
        let loaded = app
            .running
            .state
            .games
            .load(&mut app.running.db.get().unwrap(), &id)
            .unwrap();
        let state = loaded.state().unwrap();
        if state.is_over() {
            break;
        }
        assert_eq!(
            mails.len(),
            before + 1,
            "reply {replies} ({command:?}) got one mail: {:?}",
            mails[before..]
                .iter()
                .map(|m| &m.subject)
                .collect::<Vec<_>>()
        );
        let answer = mails.last().unwrap();
        assert!(answer.subject.contains("your reply"), "{}", answer.subject);
        if state.decision(Seat(0)).is_none() {
            continue;
        }
        // The answer is the turn mail: the decision, the hand, the deadline, the commands.
        assert!(answer.subject.contains("your turn"), "{}", answer.subject);
        let seat_rows = store::seats_of(&mut app.running.db.get().unwrap(), &id).unwrap();
        let names =
            corriere::present::SeatNames::new(seat_rows.iter().map(|s| s.name.clone()).collect());
        let words = registry.catalogs().words("en");
        let cx =
            corriere::present::Ctx::new(words, &names, corriere::engine::Viewer::Seat(Seat(0)));
        let decision = state.decision(Seat(0)).unwrap();
        let prompt = kind.decision_words(&decision, &cx);
        assert!(answer.text.contains(&prompt), "{prompt:?}: {}", answer.text);
        let view = state.view(corriere::engine::Viewer::Seat(Seat(0)));
        let part = kind.mail_part(&view, Seat(0), &cx);
        let missing: Vec<&str> = part
            .text
            .lines()
            .filter(|l| !answer.text.contains(l))
            .collect();
        assert!(missing.is_empty(), "{missing:?} not in {}", answer.text);
        assert!(answer.text.contains("Due:"), "{}", answer.text);
        assert!(!answer.offered_commands().is_empty(), "{}", answer.text);
    }
    assert!(replies >= 3, "the game went on by reply ({replies})");
    app.stop().await;
}

// ---------------------------------------------------------------- the LMTP listener's bounds

fn resident_bytes() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    let kb: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kb * 1024
}

/// Open an LMTP connection: its lines and its writing half, greeting read.
async fn connect(
    addr: std::net::SocketAddr,
) -> (
    tokio::io::Lines<BufReader<tokio::net::tcp::OwnedReadHalf>>,
    tokio::net::tcp::OwnedWriteHalf,
) {
    let stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let (read, write) = stream.into_split();
    let mut lines = BufReader::new(read).lines();
    let greeting = lines.next_line().await.unwrap().unwrap();
    assert!(greeting.starts_with("220"), "{greeting}");
    (lines, write)
}

/// Write `size` bytes of `x` in pieces (never holding them all).
async fn stream_x(write: &mut tokio::net::tcp::OwnedWriteHalf, size: usize) {
    let piece = vec![b'x'; 1 << 16];
    let mut left = size;
    while left > 0 {
        let n = left.min(piece.len());
        write.write_all(&piece[..n]).await.unwrap();
        left -= n;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_over_long_line_and_an_over_size_message_are_refused_without_eating_memory() {
    let app = service(&Backend::Sqlite, None).await;
    let addr = app.running.lmtp_addr.unwrap();
    let (mut lines, mut write) = connect(addr).await;
    let before = resident_bytes();
    // A command line of 256 MiB: one answer, and the session goes on.
    write.write_all(b"NOOP ").await.unwrap();
    stream_x(&mut write, 256 << 20).await;
    write.write_all(b"\r\nNOOP\r\n").await.unwrap();
    let answer = lines.next_line().await.unwrap().unwrap();
    assert!(answer.starts_with("500 5.5.2"), "{answer}");
    let answer = lines.next_line().await.unwrap().unwrap();
    assert!(
        answer.starts_with("250"),
        "the next command is read: {answer}"
    );
    // A message of one 256 MiB line: refused as too big for each recipient.
    let to = reply_address(&app, &started(&app, 2).await, Seat(0));
    let envelope = format!("MAIL FROM:<ann@example.org>\r\nRCPT TO:<{to}>\r\nDATA\r\n");
    write.write_all(envelope.as_bytes()).await.unwrap();
    for expected in ["250", "250", "354"] {
        let answer = lines.next_line().await.unwrap().unwrap();
        assert!(answer.starts_with(expected), "{answer}");
    }
    write
        .write_all(b"From: <ann@example.org>\r\nSubject: big\r\n\r\n")
        .await
        .unwrap();
    stream_x(&mut write, 256 << 20).await;
    write.write_all(b"\r\n.\r\n").await.unwrap();
    let answer = lines.next_line().await.unwrap().unwrap();
    assert!(answer.starts_with("552 5.3.4"), "{answer}");
    let grown = resident_bytes().saturating_sub(before);
    assert!(grown < 64 << 20, "the listener grew by {} MiB", grown >> 20);
    // A message just under the limit still goes through (and is a message to the table).
    write
        .write_all(format!("MAIL FROM:<ann@example.org>\r\nRCPT TO:<{to}>\r\nDATA\r\n").as_bytes())
        .await
        .unwrap();
    for expected in ["250", "250", "354"] {
        let answer = lines.next_line().await.unwrap().unwrap();
        assert!(answer.starts_with(expected), "{answer}");
    }
    write
        .write_all(
            format!(
                "From: <{}>\r\nSubject: ok\r\nMessage-ID: <ok@x>\r\n\r\nhello\r\n",
                email_of(1)
            )
            .as_bytes(),
        )
        .await
        .unwrap();
    for _ in 0..1000 {
        write.write_all(&[b'y'; 1000]).await.unwrap();
        write.write_all(b"\r\n").await.unwrap();
    }
    write.write_all(b".\r\n").await.unwrap();
    let answer = lines.next_line().await.unwrap().unwrap();
    assert!(answer.starts_with("250"), "{answer}");
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_connection_is_closed_and_connections_beyond_the_limit_are_refused() {
    let limits = MailIn {
        lmtp: corriere::mail::lmtp::LmtpLimits {
            idle: Duration::from_millis(300),
            connections: 2,
        },
        ..MailIn::default()
    };
    let app = service_with(&Backend::Sqlite, None, limits).await;
    let addr = app.running.lmtp_addr.unwrap();
    // Two connections are served; a third is told why and closed.
    let (mut first, _first_write) = connect(addr).await;
    let (mut second, mut second_write) = connect(addr).await;
    let third = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut refused = String::new();
    BufReader::new(third)
        .read_to_string(&mut refused)
        .await
        .unwrap();
    assert!(refused.starts_with("421 4.3.2"), "{refused:?}");
    // A connection that keeps talking is not idle: past twice the idle time, it still answers.
    for _ in 0..4 {
        tokio::time::sleep(Duration::from_millis(150)).await;
        second_write.write_all(b"NOOP\r\n").await.unwrap();
        let answer = second.next_line().await.unwrap().unwrap_or_default();
        assert!(
            answer.starts_with("250"),
            "a talking connection was closed: {answer:?}"
        );
    }
    // The silent one is told and closed: its next line is the 421, then the end.
    let told = tokio::time::timeout(Duration::from_secs(10), first.next_line())
        .await
        .expect("the server closes an idle connection")
        .unwrap()
        .unwrap();
    assert!(told.starts_with("421 4.4.2"), "{told}");
    let end = tokio::time::timeout(Duration::from_secs(10), first.next_line())
        .await
        .expect("the connection ends")
        .unwrap();
    assert_eq!(end, None);
    // Its place is free again.
    let (_again, _) = connect(addr).await;
    app.stop().await;
}
