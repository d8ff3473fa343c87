//! The test harness shaped like production: the real `corriere::app::build` bound to port 0 on a
//! fresh database (a SQLite file in a temp dir, or a fresh PostgreSQL database on the local
//! server whenever it answers, see `postgres_server`), an in-process SMTP server that keeps every message, one
//! helper per route, and the mail worker stepped by hand.
//!
//! Shared by `tests/http.rs` and `tests/browser.rs`; each uses a part of it.
#![allow(dead_code)]

use corriere::app::App as Running;
use corriere::config::Config;
use corriere::domain::GameId;
use corriere::service::Secret;
use corriere::store::{self, Db, DbUrl};
use diesel::prelude::*;
use std::io::Write;
use std::sync::{Arc, Mutex};

// ---------------------------------------------------------------- backends and databases

/// Where a test's database lives.
#[derive(Clone, Debug)]
pub enum Backend {
    Sqlite,
    /// The server URL from CORRIERE_TEST_POSTGRES_URL; each test gets its own database there.
    Postgres(String),
}

impl Backend {
    /// PostgreSQL when a server answers (see [`postgres_server`]), else `None`.
    pub fn postgres() -> Option<Backend> {
        postgres_server().map(Backend::Postgres)
    }

    pub fn name(&self) -> &'static str {
        match self {
            Backend::Sqlite => "sqlite",
            Backend::Postgres(_) => "postgres",
        }
    }
}

/// The local PostgreSQL server the README's `cargo test` uses when it answers.
pub const DEFAULT_POSTGRES: &str = "postgres://postgres@127.0.0.1:5432/postgres";

/// The PostgreSQL server to make test databases on: CORRIERE_TEST_POSTGRES_URL when set (it must
/// answer; `off` skips), else the local server at [`DEFAULT_POSTGRES`] when it answers. Every
/// skip is said loudly, once per test program; with CORRIERE_TEST_POSTGRES=required (as CI
/// sets it) there is no skip: a PostgreSQL test fails when no server answers.
pub fn postgres_server() -> Option<String> {
    static SERVER: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    SERVER
        .get_or_init(|| {
            let required = std::env::var("CORRIERE_TEST_POSTGRES").is_ok_and(|v| v == "required");
            let chosen = std::env::var("CORRIERE_TEST_POSTGRES_URL").ok();
            let url = chosen
                .clone()
                .unwrap_or_else(|| DEFAULT_POSTGRES.to_owned());
            if url.is_empty() || url == "off" {
                assert!(
                    !required,
                    "CORRIERE_TEST_POSTGRES=required, but CORRIERE_TEST_POSTGRES_URL=off"
                );
                say_loudly("SKIPPED: PostgreSQL tests (CORRIERE_TEST_POSTGRES_URL=off)");
                return None;
            }
            let probe = if url.contains('?') {
                format!("{url}&connect_timeout=3")
            } else {
                format!("{url}?connect_timeout=3")
            };
            match diesel::PgConnection::establish(&probe) {
                Ok(_) => Some(url),
                Err(error) if chosen.is_some() || required => {
                    panic!("CORRIERE_TEST_POSTGRES_URL={url} does not answer: {error}")
                }
                Err(error) => {
                    say_loudly(&format!(
                        "SKIPPED: PostgreSQL tests: no server answers at {DEFAULT_POSTGRES} \
                         ({}); start one there or set CORRIERE_TEST_POSTGRES_URL",
                        error.to_string().trim()
                    ));
                    None
                }
            }
        })
        .clone()
}

/// Write a line to the process's stderr, past the test harness's capture.
pub fn say_loudly(text: &str) {
    let _ = std::io::stderr().write_all(format!("\n*** {text} ***\n\n").as_bytes());
}

/// Generate `mod NAME { on_sqlite, on_postgres }` tests that call `async fn NAME(Backend)`.
#[macro_export]
macro_rules! on_each_backend {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn on_sqlite() {
                super::$name($crate::support::Backend::Sqlite).await;
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn on_postgres() {
                if let Some(backend) = $crate::support::Backend::postgres() {
                    super::$name(backend).await;
                }
            }
        }
    )*};
}

/// A fresh database and what a deployment keeps between restarts (data dir, link secret).
/// Dropped (PostgreSQL) or deleted with its temp dir (SQLite) afterwards.
pub struct TestDb {
    pub url: DbUrl,
    pub dir: tempfile::TempDir,
    pub secret: Secret,
    /// The key receipts and tree heads are signed with, kept like the secret.
    pub signer: corriere::audit::receipt::Signer,
    pub backend: Backend,
    postgres: Option<(String, String)>,
}

impl TestDb {
    pub fn fresh(backend: &Backend) -> TestDb {
        let dir = tempfile::tempdir().expect("a temp dir");
        let (url, postgres) = match backend {
            Backend::Sqlite => (
                format!("sqlite://{}", dir.path().join("corriere.db").display()),
                None,
            ),
            Backend::Postgres(server) => {
                let name = format!("corriere_http_{}", corriere::domain::random_base32(12));
                let mut admin =
                    PgConnection::establish(server).expect("the PostgreSQL test server answers");
                diesel::sql_query(format!("CREATE DATABASE {name}"))
                    .execute(&mut admin)
                    .expect("CREATE DATABASE");
                (
                    corriere::store::postgres_url_for_database(server, &name),
                    Some((server.clone(), name)),
                )
            }
        };
        // Kept where a deployment keeps it, so the operator's commands sign with it too.
        let signer = corriere::service::transparency::generate_signer();
        std::fs::write(dir.path().join("signing-key"), signer.seed_hex()).expect("the key file");
        TestDb {
            url: DbUrl::parse(&url).expect("a database URL"),
            dir,
            secret: Secret::generate(),
            signer,
            backend: backend.clone(),
            postgres,
        }
    }

    /// The name of its PostgreSQL database (none on SQLite).
    pub fn url_database_name(&self) -> Option<String> {
        self.postgres.as_ref().map(|(_, name)| name.clone())
    }

    /// A connection of its own, outside any service (for reading what the service stored).
    pub fn open(&self) -> Db {
        Db::open_with_size(&self.url, 2).expect("the test database opens")
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Some((server, name)) = &self.postgres {
            if let Ok(mut conn) = PgConnection::establish(server) {
                let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                    .execute(&mut conn);
            }
        }
    }
}

/// The service's configuration in tests: `db`, mail to `smtp` (none: files in the data
/// directory), time from `clock`, no rate limits worth the name, the worker stepped by the
/// test, LMTP on a free port. A test changes what it needs with `Config { x, ..test_config(…) }`.
pub fn test_config(
    db: &TestDb,
    smtp: Option<&Smtp>,
    clock: &corriere::clock::ManualClock,
) -> Config {
    Config {
        database_url: db.url.clone(),
        bind: "127.0.0.1:0".into(),
        base_url: None,
        smtp_url: smtp.map(|smtp| smtp.url.clone()),
        secret: db.secret.clone(),
        signer: db.signer.clone(),
        data_dir: db.dir.path().to_owned(),
        mail_from: "corriere <corriere@corriere.test>".into(),
        run_mail_worker: false,
        games: corriere::kinds::Registry::standard(),
        db_wait: corriere::store::DEFAULT_WAIT,
        clock: Arc::new(clock.clone()),
        limits: corriere::service::Limits::unlimited(),
        sign_in_ttl: corriere::service::DEFAULT_SIGN_IN_TTL,
        behind_proxy: false,
        time: Default::default(),
        scheduler_tick: std::time::Duration::from_secs(30),
        reply_address: None,
        lmtp_listen: Some("127.0.0.1:0".into()),
        mail_in: Default::default(),
        cache_bytes: corriere::service::cache::DEFAULT_CACHE_BYTES,
    }
}

// ---------------------------------------------------------------- SMTP capture

/// One received message, decoded.
#[derive(Clone, Debug)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
    /// Without the angle brackets.
    pub message_id: String,
    /// The Reply-To address (a seat's signed reply address), if any.
    pub reply_to: Option<String>,
    pub raw: String,
}

impl Mail {
    fn parse(raw: String) -> Mail {
        let message = mail_parser::MessageParser::default()
            .parse(raw.as_bytes())
            .unwrap_or_else(|| panic!("an SMTP message we can parse:\n{raw}"));
        let to = message
            .to()
            .and_then(|a| a.first())
            .and_then(|a| a.address())
            .unwrap_or_default()
            .to_string();
        let text_part = |i| message.body_text(i).map(|t| t.into_owned());
        let mail = Mail {
            to,
            subject: message.subject().unwrap_or_default().to_string(),
            text: text_part(0).unwrap_or_default(),
            html: message
                .body_html(0)
                .map(|t| t.into_owned())
                .unwrap_or_default(),
            message_id: message.message_id().unwrap_or_default().to_string(),
            reply_to: message
                .reply_to()
                .and_then(|a| a.first())
                .and_then(|a| a.address())
                .map(str::to_owned),
            raw: String::new(),
        };
        Mail { raw, ..mail }
    }

    /// Everything a reader of this mail sees: subject, text, and HTML with entities decoded.
    pub fn readable(&self) -> String {
        format!(
            "{}\n{}\n{}",
            self.subject,
            self.text,
            decode_entities(&self.html)
        )
    }

    /// The first seat link in the text part.
    pub fn seat_link(&self) -> SeatLink {
        self.text
            .split_whitespace()
            .filter(|w| w.starts_with("http"))
            .find_map(SeatLink::parse)
            .unwrap_or_else(|| {
                panic!(
                    "no seat link in the mail {:?}:\n{}",
                    self.subject, self.text
                )
            })
    }

    pub fn is_invitation(&self) -> bool {
        self.subject.contains("invites you")
    }
    /// The creator's mail that confirms their address (it carries their seat link too).
    pub fn is_confirmation(&self) -> bool {
        self.subject.starts_with("Confirm your game")
    }
    pub fn is_started(&self) -> bool {
        self.subject.ends_with("has started")
    }
    /// A turn mail, or the start mail of a seat that decides first.
    pub fn is_your_turn(&self) -> bool {
        self.subject.contains(": your turn,")
            || (self.is_started() && self.text.contains("Your decision:"))
    }
    /// The first URL in the text part that contains `fragment`.
    pub fn url_containing(&self, fragment: &str) -> String {
        self.text
            .split_whitespace()
            .find(|w| w.starts_with("http") && w.contains(fragment))
            .unwrap_or_else(|| panic!("no {fragment} link in {:?}:\n{}", self.subject, self.text))
            .to_string()
    }
    /// The reply commands this mail offers (the lines after "for example:"), "…" aside.
    pub fn offered_commands(&self) -> Vec<String> {
        let mut lines = self
            .text
            .lines()
            .skip_while(|l| !l.contains("for example:"));
        lines.next();
        lines
            .take_while(|l| !l.trim().is_empty())
            .map(|l| l.trim().to_owned())
            .filter(|l| l != "…")
            .collect()
    }

    pub fn is_game_over(&self) -> bool {
        self.subject.contains(" is over")
    }
}

#[derive(Clone, Default)]
struct Capture {
    current: Vec<u8>,
    messages: Arc<Mutex<Vec<Mail>>>,
    behaviour: Behaviour,
}

/// How the test SMTP server misbehaves, on demand.
#[derive(Clone, Default)]
pub struct Behaviour {
    /// Recipients answered 550 (no such mailbox): a permanent failure.
    pub refused: Arc<Mutex<Vec<String>>>,
    /// When set, the message that would be number `n` (from 0) hangs before it is accepted.
    pub stall_at: Arc<Mutex<Option<usize>>>,
    /// Set once that message is hanging: the sender has it in flight.
    pub stalled: Arc<std::sync::atomic::AtomicBool>,
}

impl mailin_embedded::Handler for Capture {
    fn rcpt(&mut self, to: &str) -> mailin_embedded::Response {
        let refused = self.behaviour.refused.lock().unwrap();
        if refused.iter().any(|r| to.contains(r.as_str())) {
            mailin_embedded::response::NO_MAILBOX
        } else {
            mailin_embedded::response::OK
        }
    }
    fn data_start(
        &mut self,
        _domain: &str,
        _from: &str,
        _is8bit: bool,
        _to: &[String],
    ) -> mailin_embedded::Response {
        self.current.clear();
        mailin_embedded::response::OK
    }
    fn data(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.current.extend_from_slice(buf);
        Ok(())
    }
    fn data_end(&mut self) -> mailin_embedded::Response {
        let raw = String::from_utf8_lossy(&std::mem::take(&mut self.current)).into_owned();
        let stall = *self.behaviour.stall_at.lock().unwrap();
        if stall == Some(self.messages.lock().unwrap().len()) {
            // A server that stops answering mid-batch: the sender is killed meanwhile.
            self.behaviour
                .stalled
                .store(true, std::sync::atomic::Ordering::SeqCst);
            std::thread::sleep(std::time::Duration::from_secs(5));
            return mailin_embedded::response::INTERNAL_ERROR;
        }
        self.messages.lock().unwrap().push(Mail::parse(raw));
        mailin_embedded::response::OK
    }
}

/// An SMTP server on a free local port that keeps every message it receives, in order.
#[derive(Clone)]
pub struct Smtp {
    pub url: String,
    messages: Arc<Mutex<Vec<Mail>>>,
    /// Set it to make the server refuse recipients or stall.
    pub behaviour: Behaviour,
}

impl Smtp {
    pub fn start() -> Smtp {
        let capture = Capture::default();
        let messages = capture.messages.clone();
        let behaviour = capture.behaviour.clone();
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
        let port = listener.local_addr().unwrap().port();
        let mut server = mailin_embedded::Server::new(capture);
        // A thread per connection: each service keeps one connection open per mail lane, and
        // several services (the scale-out test) would otherwise wait on the default four.
        server
            .with_name("smtp.test")
            .with_num_threads(16)
            .with_tcp_listener(listener);
        std::thread::spawn(move || {
            let _ = server.serve();
        });
        Smtp {
            url: format!("smtp://127.0.0.1:{port}"),
            messages,
            behaviour,
        }
    }

    /// An address where no SMTP server listens: every send fails, temporarily.
    pub fn nowhere() -> Smtp {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .expect("a free port")
            .local_addr()
            .unwrap()
            .port();
        Smtp {
            url: format!("smtp://127.0.0.1:{port}"),
            messages: Arc::default(),
            behaviour: Behaviour::default(),
        }
    }

    /// Every message so far, oldest first.
    pub fn mails(&self) -> Vec<Mail> {
        self.messages.lock().unwrap().clone()
    }

    pub fn count(&self) -> usize {
        self.messages.lock().unwrap().len()
    }

    pub fn mails_to(&self, address: &str) -> Vec<Mail> {
        self.mails()
            .into_iter()
            .filter(|m| m.to == address)
            .collect()
    }

    /// The most recent message to `address` that `which` picks.
    pub fn latest_to(&self, address: &str, which: impl Fn(&Mail) -> bool) -> Option<Mail> {
        self.mails_to(address).into_iter().rev().find(|m| which(m))
    }
}

// ---------------------------------------------------------------- the service and its routes

pub const PLAYERS: [(&str, &str); 6] = [
    ("Alice", "alice@example.org"),
    ("Bob", "bob@example.org"),
    ("Carla", "carla@example.org"),
    ("Dino", "dino@example.org"),
    ("Elsa", "elsa@example.org"),
    ("Fabio", "fabio@example.org"),
];

/// The address a seat's mails go to.
pub fn email_of(seat: u8) -> &'static str {
    PLAYERS[seat as usize - 1].1
}

/// A seat link as mails carry it: `BASE/games/ID/seat/N/TOKEN`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatLink {
    pub url: String,
    pub game: String,
    pub seat: u8,
    pub token: String,
}

impl SeatLink {
    pub fn parse(url: &str) -> Option<SeatLink> {
        let url = url.split(['?', '#']).next()?;
        let rest = &url[url.find("/games/")? + "/games/".len()..];
        let mut parts = rest.split('/');
        let game = parts.next()?.to_string();
        (parts.next()? == "seat").then_some(())?;
        let seat = parts.next()?.parse().ok()?;
        let token = parts.next()?.to_string();
        parts.next().is_none().then_some(())?;
        Some(SeatLink {
            url: url.to_string(),
            game,
            seat,
            token,
        })
    }

    /// `SEAT.TOKEN` for `Authorization: Bearer`.
    pub fn bearer(&self) -> String {
        format!("{}.{}", self.seat, self.token)
    }

    pub fn email(&self) -> &'static str {
        email_of(self.seat)
    }
}

/// One HTTP answer with its body read.
#[derive(Debug)]
pub struct Page {
    pub status: u16,
    pub location: Option<String>,
    pub body: String,
    pub headers: reqwest::header::HeaderMap,
}

impl Page {
    /// The body with HTML entities decoded (what a reader sees, tags aside).
    pub fn text(&self) -> String {
        decode_entities(&self.body)
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    pub fn forms(&self) -> Vec<Form> {
        forms(&self.body)
    }

    /// `Move N, log head …` from the receipt line of a game page.
    pub fn seq(&self) -> Option<i64> {
        // The forms' hidden field first (in every language), else the English receipt line.
        const FIELD: &str = "name=\"seq\" value=\"";
        if let Some(at) = self.body.find(FIELD) {
            let rest = &self.body[at + FIELD.len()..];
            return rest[..rest.find('"')?].parse().ok();
        }
        let text = self.text();
        let at = text.find(", log head ")?;
        let digits = text[..at].rsplit(|c: char| !c.is_ascii_digit()).next()?;
        digits.parse().ok()
    }
}

/// A running service on a test database, with the SMTP server it sends to.
pub struct TestApp {
    /// The service's clock: tests move time with it, never by sleeping.
    pub clock: corriere::clock::ManualClock,
    pub running: Running,
    pub base: String,
    pub client: reqwest::Client,
    pub smtp: Smtp,
    pub db: Arc<TestDb>,
}

impl TestApp {
    /// The service on a fresh database of `backend`, its worker stepped by the test.
    pub async fn spawn(backend: &Backend) -> TestApp {
        let db = Arc::new(TestDb::fresh(backend));
        TestApp::start(db, Smtp::start()).await
    }

    /// The service playing the games of `games` (e.g. a game that lives in the tests), on a
    /// fresh database of `backend`.
    pub async fn spawn_with(backend: &Backend, games: corriere::kinds::Registry) -> TestApp {
        let db = Arc::new(TestDb::fresh(backend));
        TestApp::start_with(db, Smtp::start(), games).await
    }

    /// The service on an existing database (a restart), sending to `smtp`.
    pub async fn start(db: Arc<TestDb>, smtp: Smtp) -> TestApp {
        TestApp::start_with(db, smtp, corriere::kinds::Registry::standard()).await
    }

    /// The service with these rate limits (the others run without any worth the name).
    pub async fn spawn_limited(backend: &Backend, limits: corriere::service::Limits) -> TestApp {
        let db = Arc::new(TestDb::fresh(backend));
        let registry = corriere::kinds::Registry::standard();
        TestApp::start_configured(db, Smtp::start(), registry, limits, Default::default()).await
    }

    /// The service with these rules of time (missed deadlines, grace, absences).
    pub async fn spawn_timed(
        backend: &Backend,
        time: corriere::service::time::TimeRules,
    ) -> TestApp {
        let db = Arc::new(TestDb::fresh(backend));
        let registry = corriere::kinds::Registry::standard();
        let limits = corriere::service::Limits::unlimited();
        TestApp::start_configured(db, Smtp::start(), registry, limits, time).await
    }

    async fn start_with(db: Arc<TestDb>, smtp: Smtp, games: corriere::kinds::Registry) -> TestApp {
        let limits = corriere::service::Limits::unlimited();
        TestApp::start_configured(db, smtp, games, limits, Default::default()).await
    }

    async fn start_configured(
        db: Arc<TestDb>,
        smtp: Smtp,
        games: corriere::kinds::Registry,
        limits: corriere::service::Limits,
        time: corriere::service::time::TimeRules,
    ) -> TestApp {
        let clock = corriere::clock::ManualClock::starting_now();
        let config = Config {
            games,
            limits,
            time,
            ..test_config(&db, Some(&smtp), &clock)
        };
        TestApp::from_config(config, db, smtp, clock).await
    }

    /// The service started with `config` (see [`test_config`]) on `db`, mailing `smtp`.
    pub async fn from_config(
        config: Config,
        db: Arc<TestDb>,
        smtp: Smtp,
        clock: corriere::clock::ManualClock,
    ) -> TestApp {
        let running = corriere::app::build(config)
            .await
            .expect("the service starts");
        TestApp {
            base: running.base_url.trim_end_matches('/').to_string(),
            running,
            client: reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .expect("an HTTP client"),
            smtp,
            db,
            clock,
        }
    }

    pub async fn stop(self) {
        self.running.stop().await;
    }

    pub fn backend(&self) -> &'static str {
        self.db.backend.name()
    }

    pub fn url(&self, path: &str) -> String {
        if path.starts_with("http") {
            path.to_string()
        } else {
            format!("{}{path}", self.base)
        }
    }

    // ---------------------------------------------------------------- the mail worker

    /// One pass of the outbox worker; every claimed mail must be sent.
    pub async fn step_mail(&self) -> corriere::mail::RunReport {
        let report = self
            .running
            .worker
            .run_once()
            .await
            .expect("the worker pass runs");
        assert_eq!(
            (report.failed, report.undeliverable),
            (0, 0),
            "mails failed: {report:?}"
        );
        report
    }

    /// Worker passes until the outbox is empty; the number of mails sent.
    pub async fn deliver_mail(&self) -> usize {
        let mut sent = 0;
        loop {
            let report = self.step_mail().await;
            sent += report.sent;
            if report.claimed == 0 {
                return sent;
            }
        }
    }

    /// The seat link in the latest mail to `address` that `which` picks.
    pub fn link_from_latest(&self, address: &str, which: impl Fn(&Mail) -> bool) -> SeatLink {
        self.smtp
            .latest_to(address, which)
            .unwrap_or_else(|| panic!("no such mail to {address}"))
            .seat_link()
    }

    /// The game's stored secret (hex), read from the `games` table.
    pub fn stored_secret(&self, game: &str) -> String {
        let db = self.running.db.clone();
        let id = GameId::parse(game).expect("a game id");
        let mut conn = db.get().expect("a connection");
        store::find_game(&mut conn, &id)
            .expect("the games table answers")
            .expect("the game exists")
            .secret
    }

    // ---------------------------------------------------------------- one method per route

    pub(crate) async fn read(&self, response: reqwest::Result<reqwest::Response>) -> Page {
        let response = response.expect("the service answers");
        let status = response.status().as_u16();
        let location = response
            .headers()
            .get(reqwest::header::LOCATION)
            .map(|v| v.to_str().unwrap().to_string());
        let headers = response.headers().clone();
        Page {
            status,
            location,
            headers,
            body: response.text().await.expect("a body"),
        }
    }

    /// Send a request built by hand (for bodies no route helper makes).
    pub async fn read_raw(&self, request: reqwest::RequestBuilder) -> Page {
        self.read(request.send().await).await
    }

    pub async fn get(&self, path: &str) -> Page {
        self.read(self.client.get(self.url(path)).send().await)
            .await
    }

    pub async fn post_form(&self, path: &str, fields: &[(&str, &str)]) -> Page {
        self.read(self.client.post(self.url(path)).form(fields).send().await)
            .await
    }

    /// GET with a session cookie.
    pub async fn get_signed_in(&self, path: &str, session: &str) -> Page {
        self.read(
            self.client
                .get(self.url(path))
                .header(
                    reqwest::header::COOKIE,
                    format!("corriere_session={session}"),
                )
                .send()
                .await,
        )
        .await
    }

    /// POST a form with a session cookie.
    pub async fn post_signed_in(&self, path: &str, session: &str, fields: &[(&str, &str)]) -> Page {
        self.read(
            self.client
                .post(self.url(path))
                .header(
                    reqwest::header::COOKIE,
                    format!("corriere_session={session}"),
                )
                .form(fields)
                .send()
                .await,
        )
        .await
    }

    /// Ask "my games" for a sign-in link to `address`, follow the mailed link, and return the
    /// session cookie's value.
    pub async fn sign_in(&self, address: &str) -> String {
        let asked = self.post_form("/me", &[("address", address)]).await;
        assert_eq!(asked.status, 303, "{}", asked.body);
        self.deliver_mail().await;
        let mail = self
            .smtp
            .latest_to(address, |m| m.subject == "Your games on corriere")
            .expect("a sign-in mail");
        let followed = self.get(&mail.url_containing("/me/sign-in/")).await;
        assert_eq!(followed.status, 303, "{}", followed.body);
        session_of(&followed).expect("a session cookie")
    }

    /// GET /healthz
    pub async fn healthz(&self) -> Page {
        self.get("/healthz").await
    }

    /// GET /
    pub async fn home(&self) -> Page {
        self.get("/").await
    }

    /// POST /games with the new-game form.
    pub async fn create_form(&self, fields: &[(&str, &str)]) -> Page {
        self.post_form("/games", fields).await
    }

    /// POST /games for the first `players` of [`PLAYERS`] (the first is the creator and holds
    /// the token first), with these option checkboxes ticked; the creator's seat link.
    pub async fn create_game(&self, players: usize, options: &[&str]) -> SeatLink {
        let mut fields: Vec<(String, String)> = Vec::new();
        for (i, (name, email)) in PLAYERS[..players].iter().enumerate() {
            fields.push((format!("name{}", i + 1), name.to_string()));
            fields.push((format!("email{}", i + 1), email.to_string()));
        }
        fields.push(("creator".into(), "1".into()));
        fields.push(("first_holder".into(), "creator".into()));
        for option in options {
            fields.push((option.to_string(), "on".into()));
        }
        let borrowed: Vec<(&str, &str)> = fields
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let page = self.create_form(&borrowed).await;
        assert_eq!(page.status, 303, "creating a game: {}", page.body);
        let location = page.location.expect("a redirect");
        assert!(location.ends_with("?created=confirm"), "{location}");
        let creator = SeatLink::parse(&self.url(&location)).expect("the creator's seat link");
        self.confirm(&creator.game).await;
        creator
    }

    /// Answer `mail` by LMTP as a mail program would: `body` above the quoted mail, from its
    /// recipient, with `headers` (each ending in CRLF) added. The LMTP server's last answer.
    pub async fn reply(&self, mail: &Mail, body: &str, headers: &str) -> String {
        let to = mail
            .reply_to
            .clone()
            .expect("the mail has a Reply-To address");
        let id = format!("{}@mua.test", corriere::domain::random_base32(12));
        let quoted: String = mail.text.lines().map(|l| format!("> {l}\r\n")).collect();
        let raw = format!(
            "From: <{from}>\r\nTo: <{to}>\r\nSubject: Re: {subject}\r\nMessage-ID: <{id}>\r\nIn-Reply-To: <{orig}>\r\n{headers}Content-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n\r\nOn Tue, 24 Nov 2026 at 10:00, corriere <corriere@corriere.test> wrote:\r\n{quoted}",
            from = mail.to,
            subject = mail.subject,
            orig = mail.message_id,
            body = body.replace('\n', "\r\n"),
        );
        self.lmtp(&mail.to, &to, &raw).await
    }

    /// A seat `game` waits on answers its newest mail about the game with the first reply
    /// command it offers; `false` when no waiting seat has such a mail (a digest reader).
    pub async fn reply_first_command(&self, game: &str) -> bool {
        let id = GameId::parse(game).unwrap();
        let games = self.running.state.games.clone();
        let waiting = {
            let mut conn = self.running.db.get().unwrap();
            let loaded = games.load(&mut conn, &id).unwrap();
            loaded.state().map(|s| s.waiting_on()).unwrap_or_default()
        };
        for seat in waiting {
            let address = email_of(seat.number());
            let Some(mail) = self.answerable(address, game) else {
                continue;
            };
            let Some(command) = mail.offered_commands().into_iter().next() else {
                continue;
            };
            let answer = self.reply(&mail, &command, "").await;
            assert!(answer.starts_with("250"), "LMTP: {answer}");
            self.deliver_mail().await;
            let told = self
                .smtp
                .latest_to(address, |m| m.subject.contains("your reply"))
                .expect("a reply is answered");
            if told.text.contains("Applied") {
                return true;
            }
        }
        false
    }

    /// A seat `game` waits on answers its newest mail with a misspelt command (two letters of
    /// its verb swapped) over a line of `refused` (a move the rules refuse, if the game has one
    /// to write), and its oldest mail about the game with that mail's first command (stale):
    /// three replies that play nothing, whose answers are surfaces too. `false` when no waiting
    /// seat has mails to answer.
    pub async fn reply_misspelt_refused_and_stale(
        &self,
        game: &str,
        refused: Option<&str>,
    ) -> bool {
        let id = GameId::parse(game).unwrap();
        let games = self.running.state.games.clone();
        let (waiting, seq, replay) = {
            let mut conn = self.running.db.get().unwrap();
            let loaded = games.load(&mut conn, &id).unwrap();
            let waiting = loaded.state().map(|s| s.waiting_on()).unwrap_or_default();
            (waiting, loaded.seq(), loaded.replay.clone())
        };
        // The move a reply address answers: `reply+GAME.SEAT.MOVE.PARTNER.SIG@…`.
        let move_of = |m: &Mail| -> Option<i64> {
            let to = m.reply_to.as_deref()?;
            to.split('+').nth(1)?.split('.').nth(2)?.parse().ok()
        };
        for seat in waiting {
            let stamp = replay.as_ref().map_or(0, |r| r.step_start(seat) as i64);
            let address = email_of(seat.number());
            let Some(mail) = self.answerable(address, game) else {
                continue;
            };
            let Some(command) = mail.offered_commands().into_iter().next() else {
                continue;
            };
            // A mail about a step before the seat's current one: stale.
            let older = self.smtp.mails_to(address).into_iter().find(|m| {
                m.reply_to.as_deref().is_some_and(|r| r.contains(game))
                    && move_of(m).is_some_and(|at| at < stamp)
            });
            let mut bodies = vec![(mail.clone(), misspelt(&command))];
            if let Some(refused) = refused {
                bodies.push((mail.clone(), refused.to_owned()));
            }
            if let Some(older) = older {
                let stale = older.offered_commands().into_iter().next();
                bodies.push((older, stale.unwrap_or(command.clone())));
            }
            for (to, body) in bodies {
                let answer = self.reply(&to, &body, "").await;
                assert!(answer.starts_with("250"), "LMTP: {answer}");
            }
            self.deliver_mail().await;
            let mut conn = self.running.db.get().unwrap();
            let after = games.load(&mut conn, &id).unwrap().seq();
            assert_eq!(
                after, seq,
                "a misspelt, refused or stale reply plays nothing"
            );
            return true;
        }
        false
    }

    /// The newest mail to `address` about `game` that can be answered (it has a reply address).
    pub fn answerable(&self, address: &str, game: &str) -> Option<Mail> {
        self.smtp
            .mails_to(address)
            .into_iter()
            .rev()
            .find(|m| m.reply_to.as_deref().is_some_and(|r| r.contains(game)))
    }

    /// Deliver `raw` for `to` over LMTP from `from` ("" for a bounce); the server's answer to
    /// the data (one line per recipient).
    pub async fn lmtp(&self, from: &str, to: &str, raw: &str) -> String {
        use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
        let addr = self
            .running
            .lmtp_addr
            .expect("the test service listens for LMTP");
        let stream = tokio::net::TcpStream::connect(addr).await.unwrap();
        let (read, mut write) = stream.into_split();
        let mut lines = BufReader::new(read).lines();
        macro_rules! next {
            () => {
                lines.next_line().await.unwrap().unwrap_or_default()
            };
        }
        assert!(next!().starts_with("220"));
        write.write_all(b"LHLO test\r\n").await.unwrap();
        loop {
            if next!().starts_with("250 ") {
                break;
            }
        }
        let stuffed: String = raw
            .split("\r\n")
            .map(|l| {
                if l.starts_with('.') {
                    format!(".{l}\r\n")
                } else {
                    format!("{l}\r\n")
                }
            })
            .collect();
        let envelope = format!("MAIL FROM:<{from}>\r\nRCPT TO:<{to}>\r\nDATA\r\n");
        write.write_all(envelope.as_bytes()).await.unwrap();
        assert!(next!().starts_with("250"), "MAIL FROM");
        let rcpt = next!();
        assert!(rcpt.starts_with("250"), "RCPT: {rcpt}");
        assert!(next!().starts_with("354"), "DATA");
        write.write_all(stuffed.as_bytes()).await.unwrap();
        write.write_all(b".\r\nQUIT\r\n").await.unwrap();
        next!()
    }

    /// Follow the confirmation link mailed to the creator of `game`: the invitations leave.
    pub async fn confirm(&self, game: &str) {
        self.deliver_mail().await;
        let mail = self
            .smtp
            .mails()
            .into_iter()
            .rev()
            .find(|m| m.is_confirmation() && m.text.contains(game))
            .expect("a confirmation mail to the creator");
        let confirmed = self.get(&mail.url_containing("/confirm/")).await;
        assert_eq!(confirmed.status, 303, "confirming: {}", confirmed.body);
    }

    /// Deliver the invitations and accept every seat of `game` through its mailed link.
    pub async fn accept_all(&self, game: &str, players: usize) -> Vec<SeatLink> {
        self.deliver_mail().await;
        let mut links = Vec::new();
        for seat in 1..=players as u8 {
            // The creator (seat 1) is not invited: their seat link came with the confirmation.
            let link = self.link_from_latest(email_of(seat), |m| {
                (m.is_invitation() || m.is_confirmation()) && m.text.contains(game)
            });
            let page = self.accept(&link, "", "").await;
            assert_eq!(page.status, 303, "accepting seat {seat}: {}", page.body);
            links.push(link);
        }
        links
    }

    /// A War game of four created by the form, confirmed, every seat in; the links, seat 1
    /// first.
    pub async fn started_war_game(&self) -> Vec<SeatLink> {
        let mut fields: Vec<(String, String)> = vec![("game".into(), "war".into())];
        for (i, (name, email)) in PLAYERS[..4].iter().enumerate() {
            fields.push((format!("name{}", i + 1), name.to_string()));
            fields.push((format!("email{}", i + 1), email.to_string()));
        }
        fields.push(("creator".into(), "1".into()));
        fields.push(("dealer".into(), "random".into()));
        let borrowed: Vec<(&str, &str)> = fields
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let created = self.create_form(&borrowed).await;
        assert_eq!(created.status, 303, "{}", created.body);
        let game = SeatLink::parse(&self.url(&created.location.unwrap()))
            .unwrap()
            .game;
        self.confirm(&game).await;
        self.accept_all(&game, 4).await
    }

    /// GET /games/{id}
    pub async fn public_page(&self, game: &str) -> Page {
        self.get(&format!("/games/{game}")).await
    }

    /// GET /games/{id}/seat/{n}/{token}
    pub async fn seat_page(&self, link: &SeatLink) -> Page {
        self.get(&link.url).await
    }

    /// The game's Atom feed, by the address its seat pages show (a surface anyone given it
    /// reads: the privacy sweeps hold it to the public's sight).
    pub async fn game_feed(&self, link: &SeatLink) -> String {
        let page = self.seat_page(link).await;
        let feed = self
            .get(&path_of(&field_value(&page.body, "feed-url")))
            .await;
        assert_eq!(feed.status, 200, "{}", feed.body);
        feed.body
    }

    /// POST …/accept
    pub async fn accept(&self, link: &SeatLink, entropy: &str, phrase: &str) -> Page {
        self.post_form(
            &format!("{}/accept", link.url),
            &[("entropy", entropy), ("phrase", phrase)],
        )
        .await
    }

    /// POST …/decline
    pub async fn decline(&self, link: &SeatLink) -> Page {
        self.post_form(&format!("{}/decline", link.url), &[("confirm", "yes")])
            .await
    }

    /// POST …/move with these form fields.
    pub async fn post_move(&self, link: &SeatLink, fields: &[(&str, &str)]) -> Page {
        self.post_form(&format!("{}/move", link.url), fields).await
    }

    /// POST /api/v1/games
    pub async fn api_create(&self, body: &serde_json::Value) -> Page {
        self.read(
            self.client
                .post(self.url("/api/v1/games"))
                .json(body)
                .send()
                .await,
        )
        .await
    }

    /// POST /api/v1/games, then the creator follows their confirmation link (the invitations
    /// leave); the creation's answer.
    pub async fn api_create_confirmed(&self, body: &serde_json::Value) -> Page {
        let created = self.api_create(body).await;
        assert_eq!(created.status, 201, "{}", created.body);
        let game = created.json()["id"].as_str().unwrap().to_owned();
        self.confirm(&game).await;
        created
    }

    /// GET /api/v1/games/{id}
    pub async fn api_game(&self, game: &str) -> Page {
        self.get(&format!("/api/v1/games/{game}")).await
    }

    /// GET /api/v1/games/{id}/seat
    pub async fn api_seat(&self, link: &SeatLink) -> Page {
        self.read(
            self.client
                .get(self.url(&format!("/api/v1/games/{}/seat", link.game)))
                .bearer_auth(link.bearer())
                .send()
                .await,
        )
        .await
    }

    /// POST /api/v1/games/{id}/accept
    pub async fn api_accept(&self, link: &SeatLink) -> Page {
        self.read(
            self.client
                .post(self.url(&format!("/api/v1/games/{}/accept", link.game)))
                .bearer_auth(link.bearer())
                .send()
                .await,
        )
        .await
    }

    /// POST /api/v1/games/{id}/moves
    pub async fn api_move(&self, link: &SeatLink, seq: i64, action: &serde_json::Value) -> Page {
        self.read(
            self.client
                .post(self.url(&format!("/api/v1/games/{}/moves", link.game)))
                .bearer_auth(link.bearer())
                .json(&serde_json::json!({"seq": seq, "action": action}))
                .send()
                .await,
        )
        .await
    }
}

/// The session cookie an answer sets, if it sets one.
pub fn session_of(page: &Page) -> Option<String> {
    page.headers
        .get_all(reqwest::header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| c.strip_prefix("corriere_session="))
        .map(|rest| rest.split(';').next().unwrap_or_default().to_owned())
        .filter(|value| !value.is_empty())
}

// ---------------------------------------------------------------- reading pages

/// Decode the entities askama and browsers use: `&#34;`, `&#x27;`, `&quot;`, `&amp;`, …
/// The value of the field `id` on a page (`value="…"`, its entities decoded).
pub fn field_value(body: &str, id: &str) -> String {
    let at = body
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("no #{id} on the page: {body}"));
    let rest = &body[at..];
    let start = rest.find("value=\"").expect("a value") + "value=\"".len();
    let end = rest[start..].find('"').expect("the value's end");
    decode_entities(&rest[start..start + end])
}

/// The path of the mail settings of `address`, from the latest mail that links them.
pub fn settings_path(app: &TestApp, address: &str) -> String {
    let mail = app
        .smtp
        .mails_to(address)
        .into_iter()
        .rev()
        .find(|m| m.text.contains("/mail/"))
        .expect("a mail with the settings link");
    path_of(&mail.url_containing("/mail/"))
}

/// The path of a URL of the test server.
pub fn path_of(url: &str) -> String {
    let rest = url.split_once("://").expect("a URL").1;
    rest[rest.find('/').expect("a path")..].to_owned()
}

pub fn decode_entities(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let decoded = rest.find(';').filter(|&end| end <= 10).and_then(|end| {
            let entity = &rest[1..end];
            let c = match entity {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "nbsp" => Some('\u{a0}'),
                _ => entity
                    .strip_prefix("#x")
                    .or_else(|| entity.strip_prefix("#X"))
                    .and_then(|hex| u32::from_str_radix(hex, 16).ok())
                    .or_else(|| entity.strip_prefix('#').and_then(|d| d.parse().ok()))
                    .and_then(char::from_u32),
            };
            c.map(|c| (c, end + 1))
        });
        match decoded {
            Some((c, used)) => {
                out.push(c);
                rest = &rest[used..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// A tag's attributes, values decoded.
fn attributes(tag: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    // Skip the tag name.
    let mut rest = tag.trim_start_matches('<');
    rest = rest.trim_start_matches(|c: char| c.is_ascii_alphanumeric());
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == '/');
        if rest.is_empty() || rest.starts_with('>') {
            return out;
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || c == '=' || c == '>' || c == '/')
            .unwrap_or(rest.len());
        let name = rest[..end].to_ascii_lowercase();
        rest = rest[end..].trim_start();
        let value = if let Some(after) = rest.strip_prefix('=') {
            let after = after.trim_start();
            let (value, tail) = match after.chars().next() {
                Some(q @ ('"' | '\'')) => {
                    let close = after[1..].find(q).map_or(after.len(), |i| i + 1);
                    (&after[1..close], after.get(close + 1..).unwrap_or(""))
                }
                _ => {
                    let end = after
                        .find(|c: char| c.is_whitespace() || c == '>')
                        .unwrap_or(after.len());
                    (&after[..end], &after[end..])
                }
            };
            rest = tail;
            decode_entities(value)
        } else {
            String::new()
        };
        out.push((name, value));
    }
}

fn attribute(tag: &str, name: &str) -> Option<String> {
    attributes(tag)
        .into_iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v)
}

/// Every tag named `name` in `html`, as (tag text, the text up to its closing tag).
fn tags<'a>(html: &'a str, name: &str) -> Vec<(&'a str, &'a str)> {
    let open = format!("<{name}");
    let close = format!("</{name}>");
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = html[from..].find(&open).map(|i| i + from) {
        let after_name = html[at + open.len()..].chars().next();
        let Some(end) = html[at..].find('>').map(|i| i + at + 1) else {
            break;
        };
        from = end;
        if !after_name.is_some_and(|c| c.is_whitespace() || c == '>') {
            continue;
        }
        let inner_end = html[end..].find(&close).map_or(end, |i| i + end);
        out.push((&html[at..end], &html[end..inner_end]));
    }
    out
}

/// A button of a form: the `name`/`value` it submits and its label.
#[derive(Clone, Debug)]
pub struct Button {
    pub id: Option<String>,
    pub name: Option<String>,
    pub value: Option<String>,
    pub label: String,
}

/// A `<form>` as a browser would submit it.
#[derive(Clone, Debug)]
pub struct Form {
    pub action: String,
    pub method: String,
    /// Hidden and text inputs with their values.
    pub inputs: Vec<(String, String)>,
    /// Selects with their option values.
    pub selects: Vec<(String, Vec<String>)>,
    pub buttons: Vec<Button>,
}

impl Form {
    pub fn input(&self, name: &str) -> Option<&str> {
        self.inputs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
    pub fn select(&self, name: &str) -> Option<&[String]> {
        self.selects
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_slice())
    }
}

pub fn forms(html: &str) -> Vec<Form> {
    tags(html, "form")
        .into_iter()
        .map(|(tag, inner)| Form {
            action: attribute(tag, "action").unwrap_or_default(),
            method: attribute(tag, "method").unwrap_or_default(),
            inputs: tags(inner, "input")
                .into_iter()
                .filter_map(|(t, _)| Some((attribute(t, "name")?, attribute(t, "value")?)))
                .collect(),
            selects: tags(inner, "select")
                .into_iter()
                .filter_map(|(t, options)| {
                    let values = tags(options, "option")
                        .into_iter()
                        .filter_map(|(o, _)| attribute(o, "value"))
                        .collect();
                    Some((attribute(t, "name")?, values))
                })
                .collect(),
            buttons: tags(inner, "button")
                .into_iter()
                .map(|(t, label)| Button {
                    id: attribute(t, "id"),
                    name: attribute(t, "name"),
                    value: attribute(t, "value"),
                    label: decode_entities(label),
                })
                .collect(),
        })
        .collect()
}

// ---------------------------------------------------------------- playing from the seat page

/// A small deterministic generator for choosing among the page's moves.
pub struct Chooser(u64);

impl Chooser {
    pub fn new(seed: u64) -> Chooser {
        Chooser(seed)
    }

    pub fn pick(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n.max(1) as u64) as usize
    }
}

/// The move forms of a seat page.
/// Whether the seat page asks its seat for a decision. A seat that answered a simultaneous
/// decision (hand discards, draws) still has forms to change its answer, but owes nothing.
pub fn owes_a_decision(page: &Page) -> bool {
    page.text().contains("Your decision:")
}

pub fn move_forms(page: &Page) -> Vec<Form> {
    page.forms()
        .into_iter()
        .filter(|f| f.action.ends_with("/move"))
        .collect()
}

/// Choose one move from the seat page's forms, as form fields to POST: an option of the keep
/// form when present (every option is a legal keep), otherwise a button, passing only now and
/// then.
pub fn choose_move(forms: &[Form], chooser: &mut Chooser) -> Option<Vec<(String, String)>> {
    let seq = forms.first()?.input("seq")?.to_string();
    let mut fields = vec![("seq".to_string(), seq)];
    if let Some(keeps) = forms.iter().find_map(|f| f.select("action")) {
        let keep = keeps[chooser.pick(keeps.len())].clone();
        fields.push(("action".into(), keep));
        return Some(fields);
    }
    let actions: Vec<String> = forms
        .iter()
        .flat_map(|f| f.buttons.iter())
        .filter(|b| b.name.as_deref() == Some("action"))
        .filter_map(|b| b.value.clone())
        .collect();
    let (passes, others): (Vec<_>, Vec<_>) = actions
        .into_iter()
        .partition(|a| a.contains("\"type\":\"pass\""));
    let action = if others.is_empty() || (!passes.is_empty() && chooser.pick(8) == 0) {
        passes.first()?.clone()
    } else {
        others[chooser.pick(others.len())].clone()
    };
    fields.push(("action".into(), action));
    Some(fields)
}

pub fn borrow_fields(fields: &[(String, String)]) -> Vec<(&str, &str)> {
    fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect()
}

impl TestApp {
    /// Play one move the way a player would: deliver mail, take the most recent "your turn"
    /// mail of a seat that has a move to make, open its link, choose from the page's forms,
    /// and POST. Returns the seat that moved and the redirect, or `None` when no mailed seat
    /// has a move to make.
    pub async fn play_from_mail(
        &self,
        game: &str,
        players: usize,
        chooser: &mut Chooser,
    ) -> Option<(SeatLink, Page)> {
        self.deliver_mail().await;
        // Seats by their latest mail with a link to their seat in the game (a turn mail, or a
        // digest, or their invitation), newest first.
        let mut seen: Vec<u8> = Vec::new();
        let mails = self.smtp.mails();
        for mail in mails.iter().rev() {
            let Some(link) = mail
                .text
                .split_whitespace()
                .filter(|w| w.starts_with("http"))
                .find_map(SeatLink::parse)
                .filter(|link| link.game == game)
            else {
                continue;
            };
            if seen.contains(&link.seat) || link.seat as usize > players {
                continue;
            }
            seen.push(link.seat);
            let page = self.seat_page(&link).await;
            assert_eq!(page.status, 200, "{}", page.body);
            if !owes_a_decision(&page) {
                continue;
            }
            let Some(fields) = choose_move(&move_forms(&page), chooser) else {
                continue;
            };
            let answer = self.post_move(&link, &borrow_fields(&fields)).await;
            return Some((link, answer));
        }
        None
    }
}

// ---------------------------------------------------------------- Condottiere through the boundary

/// A loaded game's state, as Condottiere's.
pub fn condottiere_state(
    loaded: &corriere::service::Loaded,
) -> corriere::engine::condottiere::Game {
    loaded
        .state()
        .expect("started")
        .downcast::<corriere::engine::condottiere::Game>()
        .expect("a Condottiere game")
        .clone()
}

/// Condottiere's words for people, as the service's pages say them to `viewer`.
pub fn condottiere_words<T>(
    names: &corriere::present::SeatNames,
    viewer: corriere::engine::Viewer,
    f: impl FnOnce(&corriere::present::condottiere::Condottiere, &corriere::present::Ctx) -> T,
) -> T {
    let registry = corriere::kinds::Registry::standard();
    let cx = corriere::present::Ctx::new(registry.catalogs().default_words(), names, viewer);
    f(&corriere::present::condottiere::Condottiere, &cx)
}

/// Play up to `moves` moves of `game` as whoever must decide (each seat's first legal action);
/// stops early at the end of the game. Whether the game is over.
pub async fn play_first_legal(app: &TestApp, game: &str, moves: usize) -> bool {
    let id = GameId::parse(game).unwrap();
    let games = app.running.state.games.clone();
    for _ in 0..moves {
        let loaded = games.load(&mut app.running.db.get().unwrap(), &id).unwrap();
        let state = loaded.state().expect("started");
        if state.is_over() {
            return true;
        }
        let seat = state.pending()[0].seat;
        let action = state.legal_actions(seat)[0].clone();
        games
            .make_move(
                &app.running.db,
                corriere::service::Mover::Server(corriere::service::SeatAuth::for_server(
                    id.clone(),
                    seat,
                )),
                loaded.seq(),
                vec![corriere::service::ActionInput::Action(action)],
                "en",
            )
            .await
            .expect("a legal move");
    }
    let loaded = games.load(&mut app.running.db.get().unwrap(), &id).unwrap();
    loaded.state().is_some_and(|s| s.is_over())
}

/// `command` with two neighbouring letters of its first word swapped, the last two that differ
/// ("play" → "plya", "pass" → "psas"): a slip the reply reader still takes for a command.
pub fn misspelt(command: &str) -> String {
    let (verb, rest) = command.split_once(' ').unwrap_or((command, ""));
    let mut letters: Vec<char> = verb.chars().collect();
    if let Some(i) = (1..letters.len())
        .rev()
        .find(|&i| letters[i] != letters[i - 1])
    {
        letters.swap(i, i - 1);
    }
    let verb: String = letters.into_iter().collect();
    format!("{verb} {rest}").trim().to_owned()
}

/// `address` reads its mail in Portuguese (and in São Paulo's time), as if saved in its settings.
pub fn reads_portuguese(app: &TestApp, address: &str) {
    corriere::store::set_preferences(
        &mut app.running.db.get().unwrap(),
        address,
        &corriere::store::Preferences {
            mail_mode: "every_turn".into(),
            digest_hour: 8,
            time_zone: "America/Sao_Paulo".into(),
            language: Some("pt".into()),
            reliability_hidden: false,
        },
    )
    .unwrap();
}
