//! The service as an operator meets it: a database lost, replaced or without its schema, a data
//! directory gone, files that hold secrets, logs, and starting with a secret but no database.

use crate::support;

use corriere::config::ServeArgs;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use support::{Backend, TestApp, TestDb, PLAYERS};

on_each_backend!(
    healthz_says_what_is_wrong_when_the_schema_is_gone,
    a_lost_database_fails_requests_fast_and_the_api_answers_json,
);

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .permissions()
        .mode()
        & 0o777
}

fn args(data_dir: &Path) -> ServeArgs {
    let database = format!("sqlite://{}", data_dir.join("corriere.db").display());
    let data = data_dir.display().to_string();
    ServeArgs::from_flags([
        "--database-url",
        &database,
        "--bind",
        "127.0.0.1:0",
        "--data-dir",
        &data,
        "--mail-from",
        "corriere <corriere@corriere.test>",
    ])
    .expect("serve's flags")
}

/// A started two-player game through the API; the creator's bearer token.
async fn api_game(app: &TestApp) -> (String, String) {
    let created = app
        .api_create(&serde_json::json!({
            "seats": [
                {"name": PLAYERS[0].0, "email": PLAYERS[0].1},
                {"name": PLAYERS[1].0, "email": PLAYERS[1].1}
            ]
        }))
        .await;
    assert_eq!(created.status, 201, "{}", created.body);
    let json = created.json();
    (
        json["id"].as_str().unwrap().to_owned(),
        json["creator_bearer"].as_str().unwrap().to_owned(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_data_directory_the_database_the_secret_and_every_mail_file_are_private() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("data");
    let config = args(&data).into_config().expect("a configuration");
    assert_eq!(mode(&data), 0o700, "the data directory");
    assert_eq!(mode(&data.join("secret")), 0o600, "the secret");
    let running = corriere::app::build(corriere::config::Config {
        run_mail_worker: false,
        ..config
    })
    .await
    .expect("the service starts");
    assert_eq!(mode(&data.join("corriere.db")), 0o600, "the database");
    let client = reqwest::Client::new();
    let created = client
        .post(format!("{}/api/v1/games", running.base_url))
        .json(&serde_json::json!({
            "seats": [
                {"name": "Ann", "email": "ann@example.org"},
                {"name": "Bob", "email": "bob@example.org"}
            ]
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(created.status(), 201);
    // The creator's confirmation (no invitation leaves before it is followed).
    let report = running.worker.run_once().await.unwrap();
    assert_eq!(report.sent, 1);
    let outbox = data.join("outbox");
    assert_eq!(mode(&outbox), 0o700, "the outbox directory");
    let files: Vec<_> = std::fs::read_dir(&outbox)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1);
    for file in &files {
        assert_eq!(mode(file), 0o600, "{}", file.display());
    }
    for wal in ["corriere.db-wal", "corriere.db-shm"] {
        let path = data.join(wal);
        if path.exists() {
            assert_eq!(
                mode(&path) & 0o077,
                0,
                "{} is readable by others",
                path.display()
            );
        }
    }
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_secret_without_its_database_is_an_error_unless_a_new_database_is_asked_for() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("data");
    args(&data)
        .into_config()
        .expect("the first start makes both");
    assert!(data.join("secret").exists());
    // The database file is made when the service opens it; here it was never made.
    let error = args(&data)
        .into_config()
        .expect_err("a secret without its database");
    let message = format!("{error:#}");
    assert!(
        message.contains("holds a secret but there is no database")
            && message.contains("--new-database"),
        "{message}"
    );
    let config = ServeArgs {
        new_database: true,
        ..args(&data)
    }
    .into_config();
    assert!(config.is_ok(), "the operator may ask for a new database");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_file_deleted_under_the_running_service_stops_writes_and_healthz_says_so() {
    let app = TestApp::spawn(&Backend::Sqlite).await;
    let (game, _) = api_game(&app).await;
    assert_eq!(app.healthz().await.status, 200);
    let file = app.db.dir.path().join("corriere.db");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", file.display()));
    }
    let health = app.healthz().await;
    assert_eq!(health.status, 503);
    assert!(
        health.body.contains("deleted or replaced"),
        "{}",
        health.body
    );
    // A write is refused, not acknowledged into a file nobody will read.
    let created = app
        .api_create(&serde_json::json!({
            "seats": [
                {"name": "Cleo", "email": "cleo@example.org"},
                {"name": "Dan", "email": "dan@example.org"}
            ]
        }))
        .await;
    assert!(
        created.status >= 500,
        "{}: {}",
        created.status,
        created.body
    );
    assert!(
        created.json()["error"]["code"].is_string(),
        "{}",
        created.body
    );
    let page = app.public_page(&game).await;
    assert!(page.status >= 500, "{}", page.status);
    assert!(
        !file.exists(),
        "no fresh empty database was made in its place"
    );
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_file_replaced_under_the_running_service_is_not_written_to() {
    let app = TestApp::spawn(&Backend::Sqlite).await;
    let (_, _) = api_game(&app).await;
    let file = app.db.dir.path().join("corriere.db");
    // A copy put in its place (a restore from elsewhere): another file at the same path.
    let copy = app.db.dir.path().join("copy.db");
    std::fs::copy(&file, &copy).unwrap();
    std::fs::rename(&copy, &file).unwrap();
    let health = app.healthz().await;
    assert_eq!(health.status, 503, "{}", health.body);
    let created = app
        .api_create(&serde_json::json!({
            "seats": [
                {"name": "Cleo", "email": "cleo@example.org"},
                {"name": "Dan", "email": "dan@example.org"}
            ]
        }))
        .await;
    assert!(
        created.status >= 500,
        "{}: {}",
        created.status,
        created.body
    );
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthz_says_503_when_the_data_directory_cannot_be_written() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("data");
    let db = TestDb::fresh(&Backend::Sqlite);
    let mut config = args(&data).into_config().unwrap();
    config.database_url = db.url.clone();
    let running = corriere::app::build(config).await.unwrap();
    let healthz = format!("{}/healthz", running.base_url);
    assert_eq!(reqwest::get(&healthz).await.unwrap().status(), 200);
    std::fs::remove_dir_all(&data).unwrap();
    let answer = reqwest::get(&healthz).await.unwrap();
    assert_eq!(answer.status(), 503);
    assert!(answer.text().await.unwrap().contains("not writable"));
    running.stop().await;
}

async fn healthz_says_what_is_wrong_when_the_schema_is_gone(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    assert_eq!(app.healthz().await.status, 200);
    {
        let db = app.db.open();
        let mut conn = db.get().unwrap();
        corriere::store::execute_sql(&mut conn, "ALTER TABLE games RENAME TO games_gone").unwrap();
    }
    let health = app.healthz().await;
    assert_eq!(health.status, 503, "{}", health.body);
    assert!(health.body.contains("schema"), "{}", health.body);
    app.stop().await;
}

async fn a_lost_database_fails_requests_fast_and_the_api_answers_json(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let (game, _) = api_game(&app).await;
    match &backend {
        Backend::Sqlite => {
            let file = app.db.dir.path().join("corriere.db");
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{suffix}", file.display()));
            }
        }
        Backend::Postgres(server) => {
            use diesel::{Connection, RunQueryDsl};
            let name = app.db.url_database_name().expect("a PostgreSQL database");
            let mut admin = diesel::PgConnection::establish(server).unwrap();
            diesel::sql_query(format!("DROP DATABASE {name} WITH (FORCE)"))
                .execute(&mut admin)
                .unwrap();
        }
    }
    // Within the connection wait (3 s), not the 30 s it once was: a client that waits 20 s
    // gets an answer, and the API's is JSON.
    let client = reqwest::Client::builder()
        .timeout(std::time::Duration::from_secs(20))
        .build()
        .unwrap();
    let answer = client
        .get(app.url(&format!("/api/v1/games/{game}")))
        .send()
        .await
        .expect("an answer before the client gives up");
    assert!(answer.status().as_u16() >= 500, "{}", answer.status());
    let body: serde_json::Value = answer.json().await.expect("a JSON error");
    assert!(body["error"]["code"].is_string(), "{body}");
    let page = client
        .get(app.url(&format!("/games/{game}")))
        .send()
        .await
        .expect("an answer before the client gives up");
    assert!(page.status().as_u16() >= 500);
    assert_eq!(app.healthz().await.status, 503);
    app.stop().await;
}

#[test]
fn logs_go_to_standard_error_and_standard_output_stays_for_messages() {
    use std::io::{BufRead, BufReader};
    let root = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_corriere"))
        .args(["serve", "--bind", "127.0.0.1:0", "--data-dir"])
        .arg(root.path().join("data"))
        .env("CORRIERE_LOG", "info")
        .env_remove("CORRIERE_DATABASE_URL")
        .env(
            "CORRIERE_DATABASE_URL",
            format!("sqlite://{}", root.path().join("data/c.db").display()),
        )
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let mut lines = BufReader::new(stderr).lines();
    let mut logged = Vec::new();
    while let Some(Ok(line)) = lines.next() {
        let serving = line.contains("serving");
        logged.push(line);
        if serving {
            break;
        }
    }
    child.kill().unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        logged
            .iter()
            .any(|l| l.contains("INFO") && l.contains("serving")),
        "the log is on standard error: {logged:?}"
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        !stdout.contains("INFO"),
        "no log lines on standard output: {stdout}"
    );
}
