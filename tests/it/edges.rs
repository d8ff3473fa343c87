//! The web layer's edges as clients meet them: the API's answers to paths and methods it does
//! not have, a database outage, client mistakes in the log, and whom a per-client limit counts.

use crate::support;

use corriere::config::Config;
use std::io::{BufRead, BufReader, Read, Write};
use support::{Backend, TestApp, TestDb, PLAYERS};

on_each_backend!(
    a_database_outage_answers_503,
    an_ipv6_client_is_limited_by_its_64_block,
);

/// A two-player game created through the API; its id.
async fn api_game(app: &TestApp) -> String {
    let created = app
        .api_create(&serde_json::json!({
            "seats": [
                {"name": PLAYERS[0].0, "email": PLAYERS[0].1},
                {"name": PLAYERS[1].0, "email": PLAYERS[1].1}
            ]
        }))
        .await;
    assert_eq!(created.status, 201, "{}", created.body);
    created.json()["id"].as_str().unwrap().to_owned()
}

fn content_type(page: &support::Page) -> &str {
    page.headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_api_answers_unknown_paths_and_wrong_methods_in_json() {
    let app = TestApp::spawn(&Backend::Sqlite).await;
    let game = api_game(&app).await;
    for path in [
        "/api".to_owned(),
        "/api/".to_owned(),
        "/api/v1/nothing".to_owned(),
        "/api/v2/games".to_owned(),
        format!("/api/v1/games/{game}/nothing"),
        format!("/api/v1/games/{game}/seat/extra"),
    ] {
        let page = app.get(&path).await;
        assert_eq!(page.status, 404, "GET {path}: {}", page.body);
        assert!(
            content_type(&page).starts_with("application/json"),
            "GET {path}: {:?} {}",
            content_type(&page),
            page.body
        );
        assert_eq!(page.json()["error"]["code"], "no_route", "GET {path}");
        assert!(
            page.json()["error"]["message"]
                .as_str()
                .is_some_and(|m| !m.is_empty()),
            "{}",
            page.body
        );
    }
    let wrong = [
        (reqwest::Method::DELETE, "/api/v1/games".to_owned(), "POST"),
        (reqwest::Method::GET, "/api/v1/games".to_owned(), "POST"),
        (
            reqwest::Method::POST,
            "/api/v1/kinds".to_owned(),
            "GET, HEAD",
        ),
        (
            reqwest::Method::PUT,
            format!("/api/v1/games/{game}"),
            "GET, HEAD",
        ),
        (
            reqwest::Method::GET,
            format!("/api/v1/games/{game}/moves"),
            "POST",
        ),
        (
            reqwest::Method::POST,
            format!("/api/v1/games/{game}/seat"),
            "GET, HEAD",
        ),
    ];
    for (method, path, allow) in wrong {
        let page = app
            .read_raw(app.client.request(method.clone(), app.url(&path)))
            .await;
        assert_eq!(page.status, 405, "{method} {path}: {}", page.body);
        assert!(
            content_type(&page).starts_with("application/json"),
            "{method} {path}: {}",
            page.body
        );
        assert_eq!(page.json()["error"]["code"], "method_not_allowed");
        assert_eq!(
            page.headers.get("allow").and_then(|v| v.to_str().ok()),
            Some(allow),
            "{method} {path}"
        );
        assert!(
            page.json()["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains(allow)),
            "the message says what to use: {}",
            page.body
        );
    }
    // In the reader's language, like every other answer.
    let english = app.get("/api/v1/nothing").await.json();
    let portuguese = app
        .read_raw(
            app.client
                .get(app.url("/api/v1/nothing"))
                .header("accept-language", "pt-BR"),
        )
        .await
        .json();
    assert_ne!(
        english["error"]["message"], portuguese["error"]["message"],
        "{portuguese}"
    );
    // The pages keep the site's own 404 page.
    let page = app.get("/nothing").await;
    assert_eq!(page.status, 404);
    assert!(content_type(&page).starts_with("text/html"), "{page:?}");
    app.stop().await;
}

/// The database lost under the running service: the SQLite file removed, or the PostgreSQL
/// database dropped (its connections ended). Pages, the API and writes answer 503, as the
/// README promises, not 500.
async fn a_database_outage_answers_503(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let game = api_game(&app).await;
    assert_eq!(app.api_game(&game).await.status, 200);
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
    // At once: a connection trusted a moment ago meets the loss in its query.
    let api = app.api_game(&game).await;
    assert_eq!(api.status, 503, "the API: {}", api.body);
    assert_eq!(api.json()["error"]["code"], "unavailable", "{}", api.body);
    // Then from the pool, which no longer has a good connection to give.
    let api = app.api_game(&game).await;
    assert_eq!(api.status, 503, "the API again: {}", api.body);
    assert_eq!(api.json()["error"]["code"], "unavailable", "{}", api.body);
    let page = app.public_page(&game).await;
    assert_eq!(page.status, 503, "the public page: {}", page.body);
    assert!(content_type(&page).starts_with("text/html"), "{page:?}");
    let created = app
        .api_create(&serde_json::json!({
            "seats": [
                {"name": "Cleo", "email": "cleo@example.org"},
                {"name": "Dan", "email": "dan@example.org"}
            ]
        }))
        .await;
    assert_eq!(created.status, 503, "a write: {}", created.body);
    assert_eq!(created.json()["error"]["code"], "unavailable");
    let form = app
        .create_form(&[
            ("name1", "Cleo"),
            ("email1", "cleo@example.org"),
            ("name2", "Dan"),
            ("email2", "dan@example.org"),
        ])
        .await;
    assert_eq!(form.status, 503, "the create form: {}", form.body);
    assert_eq!(app.healthz().await.status, 503);
    app.stop().await;
}

/// The service behind a proxy that says who the client is in `X-Forwarded-For`, with
/// `limits`, on `db`.
async fn behind_a_proxy(db: &TestDb, limits: corriere::service::Limits) -> corriere::app::App {
    let clock = corriere::clock::ManualClock::starting_now();
    let config = Config {
        limits,
        behind_proxy: true,
        lmtp_listen: None,
        ..support::test_config(db, None, &clock)
    };
    corriere::app::build(config)
        .await
        .expect("the service starts")
}

/// An IPv6 client owns at least a /64: each of its addresses is not a client of its own.
async fn an_ipv6_client_is_limited_by_its_64_block(backend: Backend) {
    let db = TestDb::fresh(&backend);
    let limits = corriere::service::Limits {
        games_per_hour: 1,
        ..corriere::service::Limits::unlimited()
    };
    let running = behind_a_proxy(&db, limits).await;
    let client = reqwest::Client::new();
    let mut creators = 0;
    let mut create = |from: &'static str| {
        creators += 1;
        let body = serde_json::json!({
            "seats": [
                {"name": "Ann", "email": format!("ann{creators}@example.org")},
                {"name": "Bob", "email": format!("bob{creators}@example.org")}
            ]
        });
        let request = client
            .post(format!("{}/api/v1/games", running.base_url))
            .header("x-forwarded-for", format!("192.0.2.1, {from}"))
            .json(&body);
        async move {
            let answer = request.send().await.expect("the service answers");
            let status = answer.status().as_u16();
            (status, answer.text().await.unwrap())
        }
    };
    let (status, body) = create("2001:db8:1:2::1").await;
    assert_eq!(status, 201, "{body}");
    let (status, body) = create("2001:db8:1:2:ffff:0:0:beef").await;
    assert_eq!(status, 429, "another address of the same /64: {body}");
    let (status, body) = create("2001:db8:1:3::1").await;
    assert_eq!(status, 201, "the next /64 is another client: {body}");
    let (status, body) = create("203.0.113.7").await;
    assert_eq!(status, 201, "{body}");
    let (status, body) = create("203.0.113.8").await;
    assert_eq!(status, 201, "an IPv4 client is its address: {body}");
    let (status, body) = create("::ffff:203.0.113.8").await;
    assert_eq!(status, 429, "the same IPv4 address written in IPv6: {body}");
    running.stop().await;
}

/// Send `request` on a connection of its own and read what comes back until it closes.
fn send_raw(addr: &str, request: &[u8]) -> String {
    let mut stream = std::net::TcpStream::connect(addr).expect("the service listens");
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .unwrap();
    // The service may stop reading (and answer) before the request is all written.
    let _ = stream.write_all(request);
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

/// What a client sends wrong (a URI longer than the service reads, a header that is not one)
/// is the client's mistake: the log says so below ERROR, so no client can write ERROR lines.
#[test]
fn client_mistakes_are_not_logged_as_errors() {
    let root = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_corriere"))
        .args(["serve", "--bind", "127.0.0.1:0", "--data-dir"])
        .arg(root.path().join("data"))
        .env("CORRIERE_LOG", "info")
        .env(
            "CORRIERE_DATABASE_URL",
            format!("sqlite://{}", root.path().join("data/c.db").display()),
        )
        .env_remove("CORRIERE_BEHIND_PROXY")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut serving = String::new();
    stdout.read_line(&mut serving).unwrap();
    let addr = serving
        .split_whitespace()
        .find_map(|w| w.strip_prefix("http://"))
        .unwrap_or_else(|| panic!("the service says where it serves: {serving:?}"))
        .trim_end_matches('/')
        .to_owned();
    let (lines, logged) = std::sync::mpsc::channel();
    let stderr = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines() {
            let Ok(line) = line else { break };
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    let long = format!(
        "GET /games/{} HTTP/1.1\r\nHost: x\r\n\r\n",
        "a".repeat(200_000)
    );
    let answer = send_raw(&addr, long.as_bytes());
    assert!(answer.starts_with("HTTP/1.1 431"), "{answer:?}");
    let answer = send_raw(
        &addr,
        b"GET / HTTP/1.1\r\nHost: x\r\nNot A Header\x01: 1\r\n\r\n",
    );
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer:?}");
    // Each mistake is logged once its connection closes: wait for both lines (a positive), then
    // for the answer to a good request, and read what came before it.
    let mut seen = Vec::new();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while seen
        .iter()
        .filter(|l: &&String| l.contains("parse error"))
        .count()
        < 2
    {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        match logged.recv_timeout(left) {
            Ok(line) => seen.push(line),
            Err(_) => panic!("the two mistakes were not logged: {seen:#?}"),
        }
    }
    let answer = send_raw(
        &addr,
        b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer:?}");
    while let Ok(line) = logged.recv_timeout(std::time::Duration::from_secs(30)) {
        let done = line.contains("GET /healthz");
        seen.push(line);
        if done {
            break;
        }
    }
    child.kill().unwrap();
    let _ = child.wait();
    let errors: Vec<&String> = seen.iter().filter(|l| l.contains("ERROR")).collect();
    assert!(errors.is_empty(), "a client wrote ERROR lines: {errors:#?}");
    for line in seen.iter().filter(|l| l.contains("parse error")) {
        assert!(
            line.contains("WARN") || line.contains("INFO"),
            "a client's mistake is logged as one: {line}"
        );
        assert!(
            !line.contains("aaaa"),
            "the log does not repeat what the client sent: {line}"
        );
    }
}
