//! Defects found by probing the service as an attacker and as an operator would: broken bodies,
//! limits that disagree between the form, the API and their messages, names and addresses that
//! should never be accepted, cross-site posts, files that hold secrets. Each test failed on the
//! main of its day and passes now.

use crate::support;

use std::sync::Arc;
use support::{email_of, say_loudly, Backend, SeatLink, Smtp, TestApp, TestDb, PLAYERS};

on_each_backend!(
    a_broken_accept_body_is_a_400_that_says_what_is_wrong_and_accepts_nothing,
    every_limit_of_the_create_form_and_the_api_is_the_one_their_messages_give,
    names_and_addresses_that_hide_or_mislead_are_refused,
    a_phrase_as_long_as_the_form_allows_is_accepted_and_a_longer_one_refused_with_that_limit,
    names_in_mail_headers_are_encoded_and_cannot_inject_headers,
    a_cross_site_post_is_refused_and_changes_nothing,
    a_lost_database_is_refused_at_start_whatever_the_source_of_the_secret,
    healthz_reads_a_real_row_of_every_table_a_page_reads,
    reads_answer_when_nothing_can_be_written_and_export_says_a_cancelled_game_never_started,
);

fn fields_for(players: usize) -> Vec<(String, String)> {
    let mut fields = vec![
        ("game".to_string(), "condottiere".to_string()),
        ("creator".into(), "1".into()),
    ];
    for (i, (name, email)) in PLAYERS.iter().take(players).enumerate() {
        fields.push((format!("name{}", i + 1), name.to_string()));
        fields.push((format!("email{}", i + 1), email.to_string()));
    }
    fields
}

fn borrowed(fields: &[(String, String)]) -> Vec<(&str, &str)> {
    fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect()
}

async fn a_broken_accept_body_is_a_400_that_says_what_is_wrong_and_accepts_nothing(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let creator = app.create_game(2, &[]).await;
    app.deliver_mail().await;
    let link = app.link_from_latest(PLAYERS[1].1, |m| m.is_invitation());
    let url = app.url(&format!("/api/v1/games/{}/accept", link.game));
    for (content_type, body, says) in [
        ("application/json", "{\"contribution\": ", "not valid"),
        (
            "application/json",
            r#"{"contribution": "x", "extra": 1}"#,
            "unknown field",
        ),
        (
            "application/json",
            r#"{"contribution": 42}"#,
            "invalid type",
        ),
        ("text/plain", r#"{"contribution": "x"}"#, "application/json"),
    ] {
        let page = app
            .read_raw(
                app.client
                    .post(&url)
                    .bearer_auth(link.bearer())
                    .header("content-type", content_type)
                    .body(body),
            )
            .await;
        assert_eq!(page.status, 400, "{body}: {}", page.body);
        assert_eq!(
            page.json()["error"]["code"],
            "invalid_json",
            "{}",
            page.body
        );
        let message = page.json()["error"]["message"].as_str().unwrap().to_owned();
        assert!(message.contains(says), "{body}: {message}");
    }
    // Nothing changed: the seat has not accepted, and it still can.
    let game = app.api_game(&link.game).await.json();
    assert_eq!(game["players"][1]["accepted"], false, "{game}");
    let ok = app
        .read_raw(
            app.client
                .post(&url)
                .bearer_auth(link.bearer())
                .json(&serde_json::json!({"contribution": "mine"})),
        )
        .await;
    assert_eq!(ok.status, 200, "{}", ok.body);
    let game = app.api_game(&link.game).await.json();
    assert_eq!(game["players"][1]["contribution"], "mine");
    // An empty body accepts with a contribution the server draws, as before.
    let creator_accepts = app
        .read_raw(app.client.post(&url).bearer_auth(creator.bearer()))
        .await;
    assert_eq!(creator_accepts.status, 200, "{}", creator_accepts.body);
    app.stop().await;
}

async fn every_limit_of_the_create_form_and_the_api_is_the_one_their_messages_give(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    // Seven filled rows are not a six-player game.
    let mut seven = fields_for(6);
    seven.push(("name7".into(), "Gina".into()));
    seven.push(("email7".into(), "gina@example.org".into()));
    let page = app.create_form(&borrowed(&seven)).await;
    assert_eq!(page.status, 400, "{}", page.body);
    assert!(
        page.text()
            .contains("Condottiere needs 2 to 6 players; the form names 7."),
        "{}",
        page.text()
    );
    // The Play for Points target the message promises is the one enforced, in the form…
    for (target, accepted) in [
        ("0", false),
        ("1", true),
        ("200", true),
        ("201", false),
        ("100000", false),
    ] {
        let mut fields = fields_for(2);
        fields.push(("play_for_points".into(), "on".into()));
        fields.push(("play_for_points_value".into(), target.into()));
        let page = app.create_form(&borrowed(&fields)).await;
        if accepted {
            assert_eq!(page.status, 303, "target {target}: {}", page.body);
        } else {
            assert_eq!(page.status, 400, "target {target}: {}", page.body);
            assert!(
                page.text()
                    .contains("The Play for Points target must be a whole number from 1 to 200."),
                "target {target}: {}",
                page.text()
            );
        }
    }
    // …and in the API.
    for target in [0u64, 201, 4_000_000_000] {
        let answer = app
            .api_create(&serde_json::json!({
                "seats": [
                    {"name": "Ann", "email": "ann@example.org"},
                    {"name": "Bob", "email": "bob@example.org"}
                ],
                "options": {"play_for_points": target}
            }))
            .await;
        assert_eq!(answer.status, 400, "target {target}: {}", answer.body);
        let message = answer.json()["error"]["message"]
            .as_str()
            .unwrap()
            .to_owned();
        assert!(
            message.contains("from 1 to 200"),
            "target {target}: {message}"
        );
    }
    // The form's own limits are the ones the service checks.
    let home = app.home().await;
    assert!(
        home.body.contains("max=\"200\""),
        "the target's limit is on the form"
    );
    assert!(
        home.body.contains("maxlength=\"40\""),
        "the name's limit is on the form"
    );
    app.stop().await;
}

async fn names_and_addresses_that_hide_or_mislead_are_refused(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    for (name, email, says) in [
        (
            "\u{200b}\u{200b}",
            "zw@example.org",
            "Seat 2: the name is not valid",
        ),
        (
            "Bob\u{202e}evil",
            "bidi@example.org",
            "Seat 2: the name is not valid",
        ),
        (
            "Bob",
            "a@[127.0.0.1]",
            "is not an email address we can send to",
        ),
        (
            "Bob",
            "ALICE@example.org",
            "Seats 1 and 2 have the same email address",
        ),
    ] {
        let mut fields = fields_for(1);
        fields.push(("name2".into(), name.into()));
        fields.push(("email2".into(), email.into()));
        let page = app.create_form(&borrowed(&fields)).await;
        assert_eq!(page.status, 400, "{name:?} {email:?}: {}", page.body);
        assert!(
            page.text().contains(says),
            "{name:?} {email:?}: {}",
            page.text()
        );
        let answer = app
            .api_create(&serde_json::json!({
                "seats": [
                    {"name": PLAYERS[0].0, "email": PLAYERS[0].1},
                    {"name": name, "email": email}
                ]
            }))
            .await;
        assert_eq!(answer.status, 400, "{name:?} {email:?}: {}", answer.body);
    }
    assert_eq!(app.deliver_mail().await, 0, "nothing was sent");
    app.stop().await;
}

async fn a_phrase_as_long_as_the_form_allows_is_accepted_and_a_longer_one_refused_with_that_limit(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    app.create_game(2, &[]).await;
    app.deliver_mail().await;
    let link: SeatLink = app.link_from_latest(PLAYERS[1].1, |m| m.is_invitation());
    let page = app.seat_page(&link).await;
    assert!(
        page.body.contains("maxlength=\"200\""),
        "the phrase's limit is on the form"
    );
    let entropy = "ab".repeat(32);
    let too_long = "é".repeat(201);
    let refused = app.accept(&link, &entropy, &too_long).await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(
        refused.text().contains("at most 200 characters"),
        "{}",
        refused.text()
    );
    let phrase = "é".repeat(200);
    let accepted = app.accept(&link, &entropy, &phrase).await;
    assert_eq!(accepted.status, 303, "{}", accepted.body);
    let game = app.api_game(&link.game).await.json();
    assert_eq!(
        game["players"][1]["contribution"],
        format!("{entropy} {phrase}")
    );
    app.stop().await;
}

async fn names_in_mail_headers_are_encoded_and_cannot_inject_headers(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let answer = app
        .api_create_confirmed(&serde_json::json!({
            "seats": [
                {"name": "Zoë \"Zed\" <z@e.t>, Bcc: x@e.t", "email": "zoe@example.org"},
                {"name": "Bob", "email": "bob@example.org"}
            ]
        }))
        .await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    let crlf = app
        .api_create(&serde_json::json!({
            "seats": [
                {"name": "Zoë\r\nBcc: x@e.t", "email": "zoe@example.org"},
                {"name": "Bob", "email": "bob@example.org"}
            ]
        }))
        .await;
    assert_eq!(crlf.status, 400, "{}", crlf.body);
    app.deliver_mail().await;
    let mail = app
        .smtp
        .latest_to("bob@example.org", |m| m.is_invitation())
        .expect("an invitation");
    let headers = mail.raw.split("\r\n\r\n").next().unwrap();
    for line in headers.lines() {
        assert!(
            line.is_ascii(),
            "a header line that is not encoded: {line:?}"
        );
        assert!(!line.to_ascii_lowercase().starts_with("bcc:"), "{line:?}");
    }
    let subject = headers
        .lines()
        .find(|l| l.starts_with("Subject:"))
        .expect("a subject");
    assert!(
        subject.contains("=?utf-8?"),
        "an RFC 2047 encoded subject: {subject}"
    );
    assert!(mail.subject.starts_with("Zoë \"Zed\""), "{}", mail.subject);
    let to_zoe = app
        .smtp
        .latest_to("zoe@example.org", |m| m.is_confirmation())
        .expect("a confirmation");
    let to_line = to_zoe
        .raw
        .lines()
        .find(|l| l.starts_with("To:"))
        .unwrap()
        .to_owned();
    assert!(
        to_line.is_ascii() && to_line.contains("=?utf-8?"),
        "{to_line}"
    );
    app.stop().await;
}

async fn a_cross_site_post_is_refused_and_changes_nothing(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let fields = fields_for(2);
    for (header, value) in [
        ("origin", "https://evil.example"),
        ("sec-fetch-site", "cross-site"),
    ] {
        let page = app
            .read_raw(
                app.client
                    .post(app.url("/games"))
                    .header(header, value)
                    .form(&borrowed(&fields)),
            )
            .await;
        assert_eq!(page.status, 403, "{header}: {}", page.body);
        assert!(
            page.text().contains("came from another site"),
            "{header}: {}",
            page.text()
        );
    }
    assert_eq!(app.deliver_mail().await, 0, "no game was created");
    // The service's own pages post with their own origin, and that works.
    let page = app
        .read_raw(
            app.client
                .post(app.url("/games"))
                .header("origin", app.base.as_str())
                .header("sec-fetch-site", "same-origin")
                .form(&borrowed(&fields)),
        )
        .await;
    assert_eq!(page.status, 303, "{}", page.body);
    app.stop().await;
}

// ---------------------------------------------------------------- the database's guard and health

const SECRET: &str = "5ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2";

/// `serve`'s flags for a test database, the secret given as `CORRIERE_SECRET` (so the data
/// directory holds no secret file).
fn serve_args(db: &TestDb) -> corriere::config::ServeArgs {
    let database = format!("{:?}", db.url);
    let data = db.dir.path().display().to_string();
    corriere::config::ServeArgs::from_flags([
        "--database-url",
        &database,
        "--bind",
        "127.0.0.1:0",
        "--secret",
        SECRET,
        "--data-dir",
        &data,
        "--mail-from",
        "corriere <corriere@corriere.test>",
    ])
    .expect("serve's flags")
}

/// Run SQL on the test database, outside the service.
fn sql(db: &TestDb, statements: &str) {
    let mut conn = corriere::store::connect(&db.url).expect("a connection");
    corriere::store::execute_batch(&mut conn, statements).expect(statements);
}

async fn a_lost_database_is_refused_at_start_whatever_the_source_of_the_secret(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    app.create_game(2, &[]).await;
    let db = app.db.clone();
    app.stop().await;
    assert!(
        !db.dir.path().join("secret").exists(),
        "the secret is CORRIERE_SECRET"
    );
    assert!(
        serve_args(&db).into_config().is_ok(),
        "the database is there"
    );
    // The database is lost: its file deleted, or an empty PostgreSQL database in its place.
    match backend {
        Backend::Sqlite => {
            for file in ["corriere.db", "corriere.db-wal", "corriere.db-shm"] {
                let _ = std::fs::remove_file(db.dir.path().join(file));
            }
        }
        Backend::Postgres(_) => sql(&db, "DROP SCHEMA public CASCADE; CREATE SCHEMA public;"),
    }
    let error = serve_args(&db)
        .into_config()
        .expect_err("a start that would make an empty database");
    let message = format!("{error:#}");
    assert!(
        message.contains("had a database") && message.contains("--new-database"),
        "{message}"
    );
    // The operator may ask for an empty one.
    let config = corriere::config::ServeArgs {
        new_database: true,
        ..serve_args(&db)
    }
    .into_config()
    .expect("a new database, asked for");
    let running = corriere::app::build(corriere::config::Config {
        run_mail_worker: false,
        ..config
    })
    .await
    .expect("the service starts on a new database");
    running.stop().await;
    assert!(
        serve_args(&db).into_config().is_ok(),
        "the new database is there"
    );
}

async fn healthz_reads_a_real_row_of_every_table_a_page_reads(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let creator = app.create_game(2, &[]).await;
    assert_eq!(app.healthz().await.status, 200);
    // The games table answers, the seats every page reads do not.
    sql(&app.db, "ALTER TABLE seats RENAME TO seats_gone");
    assert!(
        app.seat_page(&creator).await.status >= 500,
        "the page fails"
    );
    let health = app.healthz().await;
    assert_eq!(health.status, 503, "{}", health.body);
    assert!(health.body.contains("seats"), "{}", health.body);
    sql(&app.db, "ALTER TABLE seats_gone RENAME TO seats");
    assert_eq!(app.healthz().await.status, 200, "and it recovers");
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthz_says_a_corrupt_sqlite_file_is_corrupt() {
    use diesel::{Connection, RunQueryDsl};
    let app = TestApp::spawn(&Backend::Sqlite).await;
    let creator = app.create_game(2, &[]).await;
    let db = app.db.clone();
    app.stop().await;
    // The seats table's page is overwritten: the file still opens, its games still read.
    let path = db.dir.path().join("corriere.db");
    #[derive(diesel::QueryableByName)]
    struct Root {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        rootpage: i64,
    }
    let root = {
        let mut conn = diesel::sqlite::SqliteConnection::establish(path.to_str().unwrap()).unwrap();
        diesel::sql_query("PRAGMA wal_checkpoint(TRUNCATE)")
            .execute(&mut conn)
            .unwrap();
        diesel::sql_query("SELECT rootpage FROM sqlite_master WHERE name = 'seats'")
            .get_result::<Root>(&mut conn)
            .unwrap()
            .rootpage
    };
    {
        use std::io::{Seek, SeekFrom, Write};
        let mut file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        file.seek(SeekFrom::Start((root as u64 - 1) * 4096))
            .unwrap();
        file.write_all(&[0xff; 4096]).unwrap();
        file.sync_all().unwrap();
    }
    let app = TestApp::start(db, Smtp::start()).await;
    let seat_path = format!("/games/{}/seat/1/{}", creator.game, creator.token);
    assert!(app.get(&seat_path).await.status >= 500, "the page fails");
    let health = app.healthz().await;
    assert_eq!(health.status, 503, "{}", health.body);
    assert!(health.body.contains("corrupt"), "{}", health.body);
    app.stop().await;
}

// ---------------------------------------------------------------- reads on a full disk

/// A small tmpfs mounted over a directory for a test, unmounted when dropped.
struct Tmpfs(std::path::PathBuf);

impl Tmpfs {
    /// `None` where this process may not mount (not root).
    fn mount(path: &std::path::Path, size: &str) -> Option<Tmpfs> {
        let mounted = std::process::Command::new("mount")
            .args([
                "-t",
                "tmpfs",
                "-o",
                &format!("size={size},mode=0700"),
                "tmpfs",
            ])
            .arg(path)
            .stderr(std::process::Stdio::null())
            .status()
            .ok()?
            .success();
        mounted.then(|| Tmpfs(path.to_owned()))
    }

    /// Write a file until the file system says it is full.
    fn fill(&self) -> std::path::PathBuf {
        use std::io::Write;
        let filler = self.0.join("filler");
        let mut file = std::fs::File::create(&filler).expect("the filler file");
        let block = vec![0u8; 64 * 1024];
        loop {
            match file.write(&block) {
                Ok(0) => break,
                Ok(_) => {}
                Err(error) => {
                    assert_eq!(error.raw_os_error(), Some(28), "ENOSPC: {error}");
                    break;
                }
            }
        }
        let _ = file.flush();
        assert!(
            std::fs::write(self.0.join("probe"), b"x").is_err(),
            "the disk is full"
        );
        filler
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount")
            .arg("-l")
            .arg(&self.0)
            .status();
    }
}

/// The path of a seat link, to follow it on a restarted service (another port).
fn path_of(link: &SeatLink) -> String {
    format!("/games/{}/seat/{}/{}", link.game, link.seat, link.token)
}

/// Reads while nothing can be written: on SQLite a really full disk (a small tmpfs, filled);
/// on PostgreSQL, whose disk is the server's, a database whose transactions are read-only, so
/// every write a read tries fails as it would there.
async fn reads_answer_when_nothing_can_be_written_and_export_says_a_cancelled_game_never_started(
    backend: Backend,
) {
    let db = Arc::new(TestDb::fresh(&backend));
    let disk = match backend {
        Backend::Sqlite => match Tmpfs::mount(db.dir.path(), "24m") {
            Some(disk) => Some(disk),
            None => {
                say_loudly("SKIPPED the full-disk test on SQLite: mounting a tmpfs needs root");
                return;
            }
        },
        Backend::Postgres(_) => None,
    };
    // The tmpfs hides the key file the data directory had: put it back, as it is kept.
    std::fs::write(db.dir.path().join("signing-key"), db.signer.seed_hex()).unwrap();
    let app = TestApp::start(db.clone(), Smtp::start()).await;
    // A game in play; Bob signed in; a game Carla was invited to and never opened; a game
    // cancelled before it started.
    let creator = app.create_game(2, &[]).await;
    let links = app.accept_all(&creator.game, 2).await;
    let bob = app.sign_in(email_of(2)).await;
    let invited = app.create_game(3, &[]).await;
    app.deliver_mail().await;
    let carla = app.link_from_latest(email_of(3), |m| {
        m.is_invitation() && m.text.contains(&invited.game)
    });
    let declined = app.create_game(2, &[]).await;
    app.deliver_mail().await;
    let refusing = app.link_from_latest(email_of(2), |m| {
        m.is_invitation() && m.text.contains(&declined.game)
    });
    assert_eq!(app.decline(&refusing).await.status, 303);

    // From now on nothing can be written.
    let filler = match &disk {
        Some(disk) => Some(disk.fill()),
        None => {
            // A read-only PostgreSQL refuses even the migrations' `CREATE TABLE IF NOT
            // EXISTS` that a full disk lets pass, so `corriere export` is checked before.
            exports_answer(&db, &creator.game, &declined.game);
            let name = db.url_database_name().unwrap();
            sql(
                &db,
                &format!("ALTER DATABASE {name} SET default_transaction_read_only = on"),
            );
            // The service's connections were opened before: end them, and let the second
            // pass in which the pool trusts a connection without a ping (`store/pool.rs`),
            // so that each is replaced by a read-only one.
            sql(
                &db,
                &format!(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                     WHERE datname = '{name}' AND pid <> pg_backend_pid()"
                ),
            );
            tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
            None
        }
    };
    // Time enough that Bob's session's use is due to be noted.
    app.clock.advance(chrono::Duration::hours(2));
    let me = app.get_signed_in("/me", &bob).await;
    assert_eq!(me.status, 200, "my games: {}", me.body);
    assert!(
        me.body.contains(r#"action="/me/sign-out""#),
        "still signed in"
    );
    let seat = app.get(&path_of(&links[1])).await;
    assert_eq!(seat.status, 200, "a seat page: {}", seat.body);
    let first_visit = app.get(&path_of(&carla)).await;
    assert_eq!(
        first_visit.status, 200,
        "a link followed first: {}",
        first_visit.body
    );
    let in_portuguese = app
        .read_raw(
            app.client
                .get(app.url(&path_of(&links[1])))
                .header("Accept-Language", "pt-BR"),
        )
        .await;
    assert_eq!(in_portuguese.status, 200, "{}", in_portuguese.body);
    assert_eq!(app.public_page(&creator.game).await.status, 200);
    let record = app
        .get(&format!("/games/{}/record.json", creator.game))
        .await;
    assert_eq!(record.status, 200, "{}", record.body);

    if disk.is_some() {
        exports_answer(&db, &creator.game, &declined.game);
    }

    // With room again, the service writes again.
    if let Some(filler) = filler {
        std::fs::remove_file(filler).unwrap();
        assert_eq!(app.get_signed_in("/me", &bob).await.status, 200);
    }
    app.stop().await;
    drop(disk);
}

/// `corriere export` of a running game prints its record; of a game cancelled before it
/// started, says so (not "no such game") and exits 1.
fn exports_answer(db: &TestDb, running: &str, cancelled: &str) {
    let export = |game: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_corriere"))
            .args(["export", game])
            .env("CORRIERE_DATABASE_URL", format!("{:?}", db.url))
            .env("CORRIERE_DATA_DIR", db.dir.path())
            .env("CORRIERE_SECRET", SECRET)
            .env("CORRIERE_BASE_URL", "https://corriere.test/")
            .output()
            .expect("corriere export runs")
    };
    let record = export(running);
    assert!(
        record.status.success(),
        "{}",
        String::from_utf8_lossy(&record.stderr)
    );
    let never = export(cancelled);
    let said = String::from_utf8_lossy(&never.stderr);
    assert_eq!(never.status.code(), Some(1), "{said}");
    assert!(
        said.contains("cancelled before it started") && !said.contains("no such game"),
        "{said}"
    );
}
