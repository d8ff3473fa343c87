//! Load generator: the real service in-process on loopback, many 4-player games played at once
//! through the JSON API, mail worker on, so mail cost is included. Mail goes over SMTP to an
//! SMTP server on loopback (mailin-embedded, counting what it receives), as a deployment sends
//! it; `--mail files` writes `.eml` files into the data directory instead (the default of a
//! service started without `CORRIERE_SMTP_URL`).
//!
//! ```text
//! cargo bench --bench loadgen -- --backend sqlite|postgres --clients N --duration SECS
//!     [--max-moves N] [--seed N] [--postgres-url URL] [--scenario throughput|long]
//!     [--target-seq N] [--rate MOVES_PER_SECOND] [--mail smtp|files] [--statements on]
//!     [--target corriere|floor] [--floor-commit group|each] [--pages N]
//!     [--processes N [--cpu-quota CORES] [--serve-bin PATH]]
//! ```
//!
//! `throughput` (default): each client plays its own games; for each decision it fetches the
//! deciding seat (`GET /api/v1/games/{id}/seat`) and posts a random legal move chosen by a
//! seeded generator; a finished game is followed by a new one. Stops at the deadline or after
//! `--max-moves` moves, then prints moves/s and latency percentiles of both requests.
//!
//! `long`: one Play for Points series played to `--target-seq` actions (default 520); prints
//! the move POST latency around move 10 and past move 500 with a warm replay cache, the
//! first POST after a restart of the service (cold cache) at both points, and the server's CPU
//! per warm HTML seat page (`--pages`, default a thousand, fetched one after another) at move
//! 20 and at the end.
//!
//! `--target floor` plays the same clients against the floor (`benches/floor/server.rs`): the
//! same routes answered by one SQLite insert per move at corriere's durability, committed in
//! groups (`--floor-commit group`, corriere's shape) or one by one (`each`).
//! `benches/compare.sh` runs interleaved rounds of corriere and the floor. `--scenario long
//! --target floor` plays a floor game to move 20 and prints the server's CPU per floor seat
//! page, fetched as corriere's pages are.
//!
//! `--processes N` plays the throughput scenario against N `corriere serve` processes
//! (`--serve-bin`, default `target/release/corriere`: `cargo build --release` first) on the
//! one database, client `i` on server `i mod N`; their CPU and writes are the server's.
//! `--cpu-quota CORES` caps each process at that much CPU (a cgroup v1 `cpu` group of its
//! own; root): on a machine without cores to spare this makes the servers the bottleneck, so
//! what a second server adds is seen (issue 33 target 3).
//!
//! Besides moves/s, a throughput run prints the server's CPU per move (the process's CPU less
//! the client's threads, named `client`, and the SMTP sink's, named `smtp-sink`) and the bytes
//! the process wrote per move (`/proc/self/io`: `write_bytes` reached the disk, `wchar` passed
//! through `write`), both over the measured window.
//!
//! `--statements on` counts every SQL statement the service runs (diesel's instrumentation,
//! on every connection) and prints them per move, by statement: a count that does not
//! depend on the machine, to compare builds by.
//!
//! Numbers are printed, never asserted: see docs/benchmarks.md.

use corriere::app::{self, App as Running};
use corriere::config::Config;
use corriere::domain::GameId;
use corriere::engine::Seat;
use corriere::service::{BaseUrl, Capability, Links, Secret};
use corriere::store::{self, DbUrl};
use diesel::{Connection, PgConnection, RunQueryDsl};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Backend {
    Sqlite,
    Postgres,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MailTo {
    Smtp,
    Files,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scenario {
    Throughput,
    Long,
}

#[path = "floor/server.rs"]
mod floor;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    Corriere,
    Floor(floor::Commit),
}

#[derive(Clone, Debug)]
struct Args {
    target: Target,
    backend: Backend,
    clients: usize,
    duration: Duration,
    max_moves: u64,
    seed: u64,
    postgres_url: String,
    scenario: Scenario,
    target_seq: i64,
    /// Paced load: moves per second for all clients together (each client paces itself to its
    /// share); `None` is a closed loop where every client sends as fast as answers come.
    rate: Option<u64>,
    mail: MailTo,
    statements: bool,
    /// Seat pages fetched at each of the long scenario's two points.
    pages: usize,
    /// Throughput against this many `corriere serve` processes on one database instead of the
    /// service in-process (0).
    processes: usize,
    /// With `processes`: the CPU each may use, in cores (a cgroup v1 `cpu` quota; root).
    cpu_quota: Option<f64>,
    /// With `processes`: the `corriere` binary.
    serve_bin: PathBuf,
}

fn usage() -> ! {
    eprintln!(
        "usage: cargo bench --bench loadgen -- --backend sqlite|postgres --clients N \
         --duration SECS [--max-moves N] [--seed N] [--postgres-url URL] \
         [--scenario throughput|long] [--target-seq N] [--rate MOVES_PER_SECOND] \
         [--mail smtp|files] [--statements on] [--target corriere|floor] \
         [--floor-commit group|each] [--pages N] \
         [--processes N [--cpu-quota CORES] [--serve-bin PATH]]"
    );
    std::process::exit(2)
}

fn parse_args() -> Args {
    let mut args = Args {
        target: Target::Corriere,
        backend: Backend::Sqlite,
        clients: 16,
        duration: Duration::from_secs(20),
        max_moves: 1_000_000,
        seed: 1,
        postgres_url: std::env::var("CORRIERE_TEST_POSTGRES_URL")
            .ok()
            .filter(|u| !u.is_empty())
            .unwrap_or_else(|| "postgres://postgres@127.0.0.1:5432/postgres".into()),
        scenario: Scenario::Throughput,
        target_seq: 520,
        rate: None,
        mail: MailTo::Smtp,
        statements: false,
        pages: 1000,
        processes: 0,
        cpu_quota: None,
        serve_bin: PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/target/release/corriere"
        )),
    };
    let mut raw = std::env::args().skip(1);
    while let Some(flag) = raw.next() {
        // `cargo bench` passes `--bench` to every bench binary.
        if flag == "--bench" {
            continue;
        }
        let Some(value) = raw.next() else { usage() };
        let number = |v: &str| v.parse::<u64>().unwrap_or_else(|_| usage());
        match flag.as_str() {
            "--backend" => {
                args.backend = match value.as_str() {
                    "sqlite" => Backend::Sqlite,
                    "postgres" => Backend::Postgres,
                    _ => usage(),
                }
            }
            "--clients" => args.clients = number(&value).max(1) as usize,
            "--duration" => args.duration = Duration::from_secs(number(&value)),
            "--max-moves" => args.max_moves = number(&value),
            "--seed" => args.seed = number(&value),
            "--postgres-url" => args.postgres_url = value,
            "--target-seq" => args.target_seq = number(&value) as i64,
            "--rate" => args.rate = Some(number(&value).max(1)),
            "--mail" => {
                args.mail = match value.as_str() {
                    "smtp" => MailTo::Smtp,
                    "files" => MailTo::Files,
                    _ => usage(),
                }
            }
            "--statements" => args.statements = value == "on",
            "--pages" => args.pages = number(&value).max(1) as usize,
            "--processes" => args.processes = number(&value) as usize,
            "--cpu-quota" => {
                args.cpu_quota = Some(
                    value
                        .parse::<f64>()
                        .ok()
                        .filter(|q| *q > 0.0)
                        .unwrap_or_else(|| usage()),
                )
            }
            "--serve-bin" => args.serve_bin = PathBuf::from(value),
            "--target" => {
                args.target = match (value.as_str(), args.target) {
                    ("corriere", _) => Target::Corriere,
                    ("floor", Target::Floor(commit)) => Target::Floor(commit),
                    ("floor", Target::Corriere) => Target::Floor(floor::Commit::Group),
                    _ => usage(),
                }
            }
            "--floor-commit" => {
                args.target = Target::Floor(match value.as_str() {
                    "group" => floor::Commit::Group,
                    "each" => floor::Commit::Each,
                    _ => usage(),
                })
            }
            "--scenario" => {
                args.scenario = match value.as_str() {
                    "throughput" => Scenario::Throughput,
                    "long" => Scenario::Long,
                    _ => usage(),
                }
            }
            _ => usage(),
        }
    }
    if args.processes > 0
        && (args.target != Target::Corriere || args.scenario != Scenario::Throughput)
    {
        eprintln!("--processes plays the throughput scenario against corriere only");
        usage();
    }
    args
}

// ---------------------------------------------------------------- the service under load

/// A fresh database and data directory; the PostgreSQL database is dropped on `cleanup`.
struct Fixture {
    dir: tempfile::TempDir,
    database_url: DbUrl,
    secret_hex: String,
    postgres: Option<(String, String)>,
    /// With `--mail smtp`: the sink's URL and what it has received.
    smtp: Option<(String, Arc<Received>)>,
}

/// What the SMTP sink has received: mails, and their bytes as sent.
#[derive(Default)]
struct Received {
    mails: AtomicUsize,
    bytes: AtomicUsize,
}

/// An SMTP server that counts the mails it receives and keeps none of them.
#[derive(Clone)]
struct CountingSink(Arc<Received>);

impl mailin_embedded::Handler for CountingSink {
    fn data(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.0.bytes.fetch_add(buf.len(), Ordering::Relaxed);
        Ok(())
    }

    fn data_end(&mut self) -> mailin_embedded::Response {
        self.0.mails.fetch_add(1, Ordering::Relaxed);
        mailin_embedded::response::OK
    }
}

/// Start the sink on a free loopback port.
fn start_smtp_sink() -> (String, Arc<Received>) {
    let received = Arc::new(Received::default());
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    let port = listener.local_addr().expect("a bound port").port();
    let mut server = mailin_embedded::Server::new(CountingSink(received.clone()));
    server
        .with_name("sink.loadgen")
        .with_num_threads(16)
        .with_tcp_listener(listener);
    // Its threads (and the ones they start) are named for the CPU count (`Usage`).
    std::thread::Builder::new()
        .name("smtp-sink".into())
        .spawn(move || {
            let _ = server.serve();
        })
        .expect("the sink's thread");
    (format!("smtp://127.0.0.1:{port}"), received)
}

impl Fixture {
    fn new(args: &Args) -> Fixture {
        let dir = tempfile::tempdir().expect("a temp dir");
        let secret: [u8; 32] = rand::random();
        let (database_url, postgres) = match args.backend {
            Backend::Sqlite => (
                DbUrl::parse(&format!(
                    "sqlite://{}",
                    dir.path().join("corriere.db").display()
                ))
                .expect("a SQLite URL"),
                None,
            ),
            Backend::Postgres => {
                let name = format!("corriere_load_{}", corriere::domain::random_base32(12));
                let mut admin =
                    PgConnection::establish(&args.postgres_url).expect("PostgreSQL answers");
                diesel::sql_query(format!("CREATE DATABASE {name}"))
                    .execute(&mut admin)
                    .expect("CREATE DATABASE");
                let url = corriere::store::postgres_url_for_database(&args.postgres_url, &name);
                (
                    DbUrl::parse(&url).expect("a PostgreSQL URL"),
                    Some((args.postgres_url.clone(), name)),
                )
            }
        };
        Fixture {
            dir,
            database_url,
            secret_hex: hex::encode(secret),
            postgres,
            smtp: (args.mail == MailTo::Smtp).then(start_smtp_sink),
        }
    }

    fn data_dir(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    /// Start the service on a free loopback port; the same database and secret every time,
    /// so a restart keeps every game and seat link but starts with an empty replay cache.
    async fn start(&self) -> Running {
        app::build(Config {
            database_url: self.database_url.clone(),
            bind: "127.0.0.1:0".into(),
            base_url: None,
            smtp_url: self.smtp.as_ref().map(|(url, _)| url.clone()),
            secret: Secret::from_hex(&self.secret_hex).expect("a valid secret"),
            // The same key every start, as the secret (a seed derived from it).
            signer: corriere::audit::receipt::Signer::from_hex(&self.secret_hex[..64])
                .expect("a valid seed"),
            data_dir: self.data_dir(),
            mail_from: "corriere <corriere@localhost>".into(),
            run_mail_worker: true,
            games: corriere::kinds::Registry::standard(),
            db_wait: corriere::store::DEFAULT_WAIT,
            clock: corriere::clock::system(),
            limits: corriere::service::Limits::unlimited(),
            sign_in_ttl: corriere::service::DEFAULT_SIGN_IN_TTL,
            behind_proxy: false,
            time: corriere::service::time::TimeRules::default(),
            scheduler_tick: std::time::Duration::from_secs(30),
            reply_address: None,
            lmtp_listen: None,
            mail_in: Default::default(),
            cache_bytes: corriere::service::cache::DEFAULT_CACHE_BYTES,
        })
        .await
        .expect("the service starts")
    }

    /// What the mail worker delivered, in words.
    fn mails_delivered(&self) -> String {
        match &self.smtp {
            Some((_, received)) => {
                let mails = received.mails.load(Ordering::Relaxed);
                let bytes = received.bytes.load(Ordering::Relaxed);
                format!(
                    "{mails} received by the SMTP server, {:.1} KB each",
                    bytes as f64 / mails.max(1) as f64 / 1024.0
                )
            }
            None => format!("{} .eml files written", self.mails_written()),
        }
    }

    fn mails_written(&self) -> usize {
        fn count(dir: &std::path::Path) -> usize {
            std::fs::read_dir(dir).map_or(0, |entries| {
                entries
                    .flatten()
                    .map(|e| {
                        let path = e.path();
                        if path.is_dir() {
                            count(&path)
                        } else {
                            usize::from(path.extension().is_some_and(|x| x == "eml"))
                        }
                    })
                    .sum()
            })
        }
        count(&self.data_dir())
    }

    fn cleanup(self) {
        if let Some((server, name)) = &self.postgres {
            if let Ok(mut conn) = PgConnection::establish(server) {
                let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                    .execute(&mut conn);
            }
        }
    }

    /// The link signer of every service started on this fixture, in-process or not (its
    /// secret, any base URL: a token does not depend on it).
    fn links(&self) -> Links {
        Links::new(
            Secret::from_hex(&self.secret_hex).expect("a valid secret"),
            BaseUrl::parse("http://127.0.0.1").expect("a base URL"),
        )
    }
}

/// `corriere serve` processes on the fixture's database, each on its own loopback port and in
/// its own cgroup when `--cpu-quota` caps it; stopped (and their cgroups removed) when dropped,
/// also when the run panics.
struct Processes {
    running: Vec<(std::process::Child, u16, Option<PathBuf>)>,
}

impl Processes {
    /// Start `args.processes` servers one after another, each answering `/healthz` before the
    /// next starts (the first applies the migrations).
    async fn start(args: &Args, fixture: &Fixture) -> Processes {
        let mut processes = Processes {
            running: Vec::new(),
        };
        for n in 0..args.processes {
            let port = std::net::TcpListener::bind("127.0.0.1:0")
                .and_then(|l| l.local_addr())
                .expect("a free port")
                .port();
            let mut command = std::process::Command::new(&args.serve_bin);
            command
                .arg("serve")
                .env_clear()
                .env("PATH", std::env::var_os("PATH").unwrap_or_default())
                .env("CORRIERE_LOG", "warn")
                .env(
                    "CORRIERE_DATABASE_URL",
                    match &fixture.database_url {
                        DbUrl::Sqlite(path) => format!("sqlite://{}", path.display()),
                        DbUrl::Postgres(url) => url.clone(),
                    },
                )
                .env("CORRIERE_BIND", format!("127.0.0.1:{port}"))
                .env("CORRIERE_BASE_URL", format!("http://127.0.0.1:{port}"))
                .env("CORRIERE_SECRET", &fixture.secret_hex)
                .env("CORRIERE_SIGNING_KEY", &fixture.secret_hex[..64])
                .env(
                    "CORRIERE_DATA_DIR",
                    fixture.data_dir().join(format!("server{n}")),
                )
                .stdout(std::process::Stdio::null());
            if let Some((url, _)) = &fixture.smtp {
                command.env("CORRIERE_SMTP_URL", url);
            }
            // The in-process service's limits: none (`Limits::unlimited`).
            for limit in [
                "GAMES_PER_HOUR",
                "GAMES_PER_DAY",
                "SIGN_INS_PER_HOUR",
                "SIGN_INS_PER_CLIENT_HOUR",
                "INVITATIONS_PER_DAY",
                "NEW_ADDRESSES_PER_DAY",
                "MESSAGES_PER_HOUR",
            ] {
                command.env(format!("CORRIERE_{limit}"), u32::MAX.to_string());
            }
            let child = command.spawn().unwrap_or_else(|error| {
                panic!(
                    "{} does not start ({error}): cargo build --release first",
                    args.serve_bin.display()
                )
            });
            let pid = child.id();
            processes.running.push((child, port, None));
            if let Some(cores) = args.cpu_quota {
                let group = PathBuf::from(format!(
                    "/sys/fs/cgroup/cpu/corriere-loadgen-{}-{n}",
                    std::process::id()
                ));
                let period = 100_000u64;
                std::fs::create_dir_all(&group)
                    .and_then(|()| {
                        std::fs::write(group.join("cpu.cfs_period_us"), period.to_string())
                    })
                    .and_then(|()| {
                        std::fs::write(
                            group.join("cpu.cfs_quota_us"),
                            ((cores * period as f64) as u64).to_string(),
                        )
                    })
                    .and_then(|()| std::fs::write(group.join("cgroup.procs"), pid.to_string()))
                    .unwrap_or_else(|error| {
                        panic!("--cpu-quota needs a cgroup v1 cpu controller and root: {error}")
                    });
                processes.running.last_mut().expect("just pushed").2 = Some(group);
            }
            let health = format!("http://127.0.0.1:{port}/healthz");
            let ready = Instant::now() + Duration::from_secs(60);
            loop {
                let child = &mut processes.running.last_mut().expect("just pushed").0;
                if let Ok(Some(status)) = child.try_wait() {
                    panic!("server {n} exited while starting: {status}");
                }
                if reqwest::get(&health)
                    .await
                    .is_ok_and(|r| r.status().is_success())
                {
                    break;
                }
                assert!(
                    Instant::now() < ready,
                    "server {n} did not answer {health} in 60 s"
                );
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
        processes
    }

    fn bases(&self) -> Vec<String> {
        self.running
            .iter()
            .map(|(_, port, _)| format!("http://127.0.0.1:{port}"))
            .collect()
    }

    fn pids(&self) -> Vec<u32> {
        self.running
            .iter()
            .map(|(child, _, _)| child.id())
            .collect()
    }
}

impl Drop for Processes {
    /// Stop every server (SIGINT: its Ctrl-C, on which it finishes what it is doing) and
    /// remove its cgroup.
    fn drop(&mut self) {
        for (mut child, _, group) in self.running.drain(..) {
            // Only a child not yet reaped: a reaped one's pid may be another process's now.
            if let Ok(None) = child.try_wait() {
                unsafe {
                    libc::kill(child.id() as libc::pid_t, libc::SIGINT);
                }
                let _ = child.wait();
            }
            if let Some(group) = group {
                let _ = std::fs::remove_dir(group);
            }
        }
    }
}

// ---------------------------------------------------------------- one player's API calls

/// The HTTP side of the load generator: one shared client, the service's address, and the
/// bearer tokens of every seat of a game (read from the service's own link signer, because
/// seat links other than the creator's only go out by mail).
#[derive(Clone)]
struct Api {
    http: reqwest::Client,
    base: String,
    /// The service's link signer; `None` against the floor, which takes any bearer.
    links: Option<Links>,
}

struct Table {
    id: String,
    bearers: Vec<String>,
}

/// What a seat GET answered.
struct SeatState {
    over: bool,
    seq: i64,
    legal: Vec<Value>,
    /// Seat indices (from 0) the game waits on.
    waiting: Vec<usize>,
}

/// The seat to ask after `mover` moved: the move's answer names who decides now (another seat
/// than the mover's when several decide at once, as when each keeps cards).
fn next_seat(mover: usize, waiting: &[usize]) -> usize {
    waiting
        .iter()
        .copied()
        .find(|&s| s != mover)
        .or(waiting.first().copied())
        .unwrap_or(mover)
}

#[derive(Debug)]
enum Posted {
    /// `waiting`: the seat indexes that owe a decision after the move.
    Done {
        game_over: bool,
        waiting: Vec<usize>,
    },
    Stale,
    Illegal(String),
}

impl Api {
    async fn create(&self, players: usize, options: Value) -> Table {
        let seats: Vec<Value> = (1..=players)
            .map(|n| json!({"name": format!("Player {n}"), "email": format!("p{n}@load.test")}))
            .collect();
        let created: Value = self
            .http
            .post(format!("{}/api/v1/games", self.base))
            .json(&json!({"options": options, "seats": seats, "creator_seat": 1}))
            .send()
            .await
            .expect("create answers")
            .error_for_status()
            .expect("create succeeds")
            .json()
            .await
            .expect("create JSON");
        let id = created["id"].as_str().expect("an id").to_string();
        let Some(links) = &self.links else {
            return Table {
                bearers: (1..=players).map(|n| format!("{n}.floor")).collect(),
                id,
            };
        };
        let game_id = GameId::parse(&id).expect("a game id");
        // The creator follows the confirmation link of their mail (signed here rather than read
        // from the mail, as the seat tokens are): a game starts only once its creator is confirmed.
        let confirm = links.sign(Capability::Confirm, &[&id, "p1@load.test"]);
        self.http
            .get(format!("{}/games/{id}/confirm/{confirm}", self.base))
            .send()
            .await
            .expect("confirm answers")
            .error_for_status()
            .expect("confirm succeeds");
        let bearers = (0..players)
            .map(|i| {
                let token = links.token(&game_id, Seat(i as u8), 1);
                format!("{}.{}", i + 1, token.as_str())
            })
            .collect::<Vec<_>>();
        for bearer in &bearers {
            self.http
                .post(format!("{}/api/v1/games/{id}/accept", self.base))
                .bearer_auth(bearer)
                .json(&json!({"contribution": "load"}))
                .send()
                .await
                .expect("accept answers")
                .error_for_status()
                .expect("accept succeeds");
        }
        Table { id, bearers }
    }

    async fn seat(&self, table: &Table, seat: usize) -> SeatState {
        let page: Value = self
            .http
            .get(format!("{}/api/v1/games/{}/seat", self.base, table.id))
            .bearer_auth(&table.bearers[seat])
            .send()
            .await
            .expect("seat answers")
            .error_for_status()
            .expect("seat succeeds")
            .json()
            .await
            .expect("seat JSON");
        let waiting = page["view"]["waiting"]
            .as_array()
            .map(|w| {
                w.iter()
                    .filter_map(|w| w["seat"].as_u64())
                    .map(|n| n as usize - 1)
                    .collect()
            })
            .unwrap_or_default();
        SeatState {
            over: page["status"] == "over",
            seq: page["seq"].as_i64().expect("a seq"),
            legal: page["legal_actions"]
                .as_array()
                .cloned()
                .unwrap_or_default(),
            waiting,
        }
    }

    async fn post_move(&self, table: &Table, seat: usize, seq: i64, action: &Value) -> Posted {
        let response = self
            .http
            .post(format!("{}/api/v1/games/{}/moves", self.base, table.id))
            .bearer_auth(&table.bearers[seat])
            .json(&json!({"seq": seq, "action": action}))
            .send()
            .await
            .expect("move answers");
        let status = response.status();
        let body: Value = response.json().await.unwrap_or(Value::Null);
        match status.as_u16() {
            200 => Posted::Done {
                game_over: body["game_over"].as_bool().unwrap_or(false),
                waiting: body["waiting"]
                    .as_array()
                    .map(|seats| {
                        seats
                            .iter()
                            .filter_map(|s| s.as_u64())
                            .map(|n| n as usize - 1)
                            .collect()
                    })
                    .unwrap_or_default(),
            },
            409 => Posted::Stale,
            _ => Posted::Illegal(format!("{status}: {body}")),
        }
    }
}

// ---------------------------------------------------------------- throughput

#[derive(Default)]
struct Stats {
    moves: u64,
    games_finished: u64,
    games_started: u64,
    /// Seat GETs that found the seat owing no decision (the next decider was guessed wrong).
    misses: u64,
    stale: u64,
    illegal: u64,
    post_us: Vec<u32>,
    get_us: Vec<u32>,
}

impl Stats {
    fn merge(&mut self, other: Stats) {
        self.moves += other.moves;
        self.games_finished += other.games_finished;
        self.games_started += other.games_started;
        self.misses += other.misses;
        self.stale += other.stale;
        self.illegal += other.illegal;
        self.post_us.extend(other.post_us);
        self.get_us.extend(other.get_us);
    }
}

fn micros(since: Instant) -> u32 {
    since.elapsed().as_micros().min(u32::MAX as u128) as u32
}

fn pick(rng: &mut ChaCha8Rng, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

/// One client: plays its own games one after another until the deadline or the move budget.
async fn client(
    api: Api,
    seed: u64,
    deadline: Instant,
    budget: Arc<AtomicU64>,
    pace: Option<Duration>,
) -> Stats {
    const PLAYERS: usize = 4;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut stats = Stats::default();
    // Paced: one move every `pace`, on a schedule; a client that fell behind goes on at once
    // but does not burst to catch up.
    let mut next_move =
        Instant::now() + pace.map_or(Duration::ZERO, |p| p.mul_f64(pick_fraction(seed)));
    // Whether the next seat fetch starts a new move (and so waits for its slot); a fetch after a
    // miss (asking a seat that was not deciding) belongs to the same move.
    let mut move_due = true;
    'games: while Instant::now() < deadline && budget.load(Ordering::Relaxed) > 0 {
        let table = api.create(PLAYERS, json!({})).await;
        stats.games_started += 1;
        let mut guess = 0;
        loop {
            if Instant::now() >= deadline {
                break 'games;
            }
            if let (Some(pace), true) = (pace, move_due) {
                tokio::time::sleep_until(next_move.into()).await;
                next_move = next_move.max(Instant::now()) + pace;
                move_due = false;
            }
            let started = Instant::now();
            let state = api.seat(&table, guess).await;
            stats.get_us.push(micros(started));
            if state.over {
                stats.games_finished += 1;
                break;
            }
            if state.legal.is_empty() {
                stats.misses += 1;
                guess = *state
                    .waiting
                    .first()
                    .expect("a game in play waits on someone");
                continue;
            }
            if budget
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |b| b.checked_sub(1))
                .is_err()
            {
                break 'games;
            }
            let action = &state.legal[pick(&mut rng, state.legal.len())];
            let started = Instant::now();
            let posted = api.post_move(&table, guess, state.seq, action).await;
            stats.post_us.push(micros(started));
            move_due = true;
            match posted {
                Posted::Done { game_over, waiting } => {
                    stats.moves += 1;
                    if game_over {
                        stats.games_finished += 1;
                        break;
                    }
                    guess = next_seat(guess, &waiting);
                }
                Posted::Stale => stats.stale += 1,
                Posted::Illegal(why) => {
                    stats.illegal += 1;
                    eprintln!("a legal action was refused: {why}");
                    break;
                }
            }
        }
    }
    stats
}

/// A fraction in [0, 1) from a client's seed, to spread the paced clients' first moves.
fn pick_fraction(seed: u64) -> f64 {
    (seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 11) as f64 / (1u64 << 53) as f64
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[rank.min(sorted.len() - 1)] as f64 / 1000.0
}

fn latency_line(name: &str, samples: &mut [u32]) -> String {
    samples.sort_unstable();
    format!(
        "{name:<10} n={:<7} p50={:.2} ms  p90={:.2} ms  p99={:.2} ms  max={:.2} ms",
        samples.len(),
        percentile(samples, 50.0),
        percentile(samples, 90.0),
        percentile(samples, 99.0),
        percentile(samples, 100.0),
    )
}

/// What the server under load is: corriere, or the floor.
enum Server {
    Corriere(Arc<Running>),
    Floor(floor::Floor),
    /// `corriere serve` processes on one database (`--processes`).
    Processes(Processes),
}

async fn throughput(args: &Args, fixture: &Fixture, clients: &tokio::runtime::Handle) {
    let server = match args.target {
        Target::Corriere if args.processes > 0 => {
            Server::Processes(Processes::start(args, fixture).await)
        }
        Target::Corriere => Server::Corriere(Arc::new(fixture.start().await)),
        Target::Floor(commit) => Server::Floor(floor::Floor::start(
            &fixture.dir.path().join("floor.db"),
            commit,
        )),
    };
    let (bases, links) = match &server {
        Server::Corriere(running) => (
            vec![format!("http://{}", running.addr)],
            Some(fixture.links()),
        ),
        Server::Floor(floor) => (vec![format!("http://{}", floor.addr)], None),
        Server::Processes(processes) => (processes.bases(), Some(fixture.links())),
    };
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(args.clients * 2)
        .build()
        .expect("an HTTP client");
    // Client `i` plays all its games on server `i` modulo their number.
    let apis: Vec<Api> = bases
        .into_iter()
        .map(|base| Api {
            http: http.clone(),
            base,
            links: links.clone(),
        })
        .collect();
    let pids = match &server {
        Server::Processes(processes) => processes.pids(),
        _ => Vec::new(),
    };
    let budget = Arc::new(AtomicU64::new(args.max_moves));
    // The set-up's statements (migrations, the games' creation) are not the moves'.
    STATEMENTS.lock().unwrap_or_else(|e| e.into_inner()).clear();
    let before = Usage::now(&pids);
    let started = Instant::now();
    let deadline = started + args.duration;
    let tasks: Vec<_> = (0..args.clients)
        .map(|i| {
            clients.spawn(client(
                apis[i % apis.len()].clone(),
                args.seed.wrapping_mul(1_000_003).wrapping_add(i as u64),
                deadline,
                budget.clone(),
                args.rate
                    .map(|r| Duration::from_secs_f64(args.clients as f64 / r as f64)),
            ))
        })
        .collect();
    let mut stats = Stats::default();
    for task in tasks {
        stats.merge(task.await.expect("a client finished"));
    }
    let elapsed = started.elapsed();
    let used = Usage::now(&pids).since(&before);
    drop(apis);
    let backlog = match server {
        Server::Corriere(running) => {
            let db = running.db.clone();
            let backlog = tokio::task::spawn_blocking(move || {
                let mut conn = db.get().expect("a connection");
                store::outbox_rows(&mut conn, None).map_or(0, |rows| rows.len())
            })
            .await
            .expect("counted");
            let running = Arc::into_inner(running).expect("no client holds the service");
            running.stop().await;
            Some(backlog)
        }
        Server::Floor(floor) => {
            floor.stop().await;
            None
        }
        Server::Processes(processes) => {
            drop(processes);
            None
        }
    };
    println!(
        "target={} backend={:?} clients={} rate={} elapsed={:.1}s",
        match args.target {
            Target::Corriere if args.processes > 0 => format!(
                "corriere ({} processes{})",
                args.processes,
                args.cpu_quota
                    .map_or(String::new(), |q| format!(", {q} of a core each"))
            ),
            Target::Corriere => "corriere".to_string(),
            Target::Floor(commit) => format!("floor ({commit:?} commit)"),
        },
        args.backend,
        args.clients,
        args.rate
            .map_or("closed loop".to_string(), |r| format!("{r} moves/s paced")),
        elapsed.as_secs_f64()
    );
    println!(
        "moves={} moves/s={:.0} games started={} finished={} stale={} illegal={} seat GET misses={}",
        stats.moves,
        stats.moves as f64 / elapsed.as_secs_f64(),
        stats.games_started,
        stats.games_finished,
        stats.stale,
        stats.illegal,
        stats.misses,
    );
    let per_move = |x: f64| x / stats.moves.max(1) as f64;
    println!(
        "server CPU per move={:.0} µs (client {:.0} µs)  written per move: disk={:.1} KB write()={:.1} KB",
        per_move(used.server_us),
        per_move(used.client_us),
        per_move(used.write_bytes) / 1024.0,
        per_move(used.wchar) / 1024.0,
    );
    println!("{}", latency_line("move POST", &mut stats.post_us));
    println!("{}", latency_line("seat GET", &mut stats.get_us));
    if args.statements {
        print_statements(stats.moves);
    }
    if let Some(backlog) = backlog {
        println!(
            "mail: {}, {} rows still in the outbox at the end",
            fixture.mails_delivered(),
            backlog
        );
    }
}

/// CPU and writes of the server so far, from `/proc`: this process's threads but the client's
/// and the SMTP sink's, or with `--processes` the server processes `pids` (this whole process
/// is then the client).
struct Usage {
    /// The server's CPU, µs (ticks of the kernel's clock: 10 ms each, fine over seconds of
    /// load).
    server_us: f64,
    client_us: f64,
    write_bytes: f64,
    wchar: f64,
}

impl Usage {
    fn now(pids: &[u32]) -> Usage {
        let ticks = |stat: &str| -> f64 {
            // After the command's closing parenthesis: state is field 3, utime 14, stime 15.
            let rest = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
            let fields: Vec<&str> = rest.split_whitespace().collect();
            let field = |n: usize| fields.get(n - 3).and_then(|f| f.parse::<f64>().ok());
            field(14).unwrap_or(0.0) + field(15).unwrap_or(0.0)
        };
        let tick_us = 1e6 / unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64;
        let total = ticks(&std::fs::read_to_string("/proc/self/stat").unwrap_or_default());
        let mut outside = 0.0;
        let me = std::process::id().to_string();
        for task in std::fs::read_dir("/proc/self/task")
            .into_iter()
            .flatten()
            .flatten()
        {
            let path = task.path();
            let comm = std::fs::read_to_string(path.join("comm")).unwrap_or_default();
            let main = task.file_name().to_string_lossy() == me;
            if main || comm.starts_with("client") || comm.starts_with("smtp-sink") {
                outside += ticks(&std::fs::read_to_string(path.join("stat")).unwrap_or_default());
            }
        }
        let io_field = |io: &str, name: &str| {
            io.lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|v| v.trim().parse::<f64>().ok())
                .unwrap_or(0.0)
        };
        if !pids.is_empty() {
            let (mut server, mut write_bytes, mut wchar) = (0.0, 0.0, 0.0);
            for pid in pids {
                let read = |file: &str| {
                    std::fs::read_to_string(format!("/proc/{pid}/{file}")).unwrap_or_default()
                };
                server += ticks(&read("stat"));
                let io = read("io");
                write_bytes += io_field(&io, "write_bytes:");
                wchar += io_field(&io, "wchar:");
            }
            return Usage {
                server_us: server * tick_us,
                client_us: total * tick_us,
                write_bytes,
                wchar,
            };
        }
        let io = std::fs::read_to_string("/proc/self/io").unwrap_or_default();
        Usage {
            server_us: (total - outside) * tick_us,
            client_us: outside * tick_us,
            write_bytes: io_field(&io, "write_bytes:"),
            wchar: io_field(&io, "wchar:"),
        }
    }

    fn since(&self, before: &Usage) -> Usage {
        Usage {
            server_us: self.server_us - before.server_us,
            client_us: self.client_us - before.client_us,
            write_bytes: self.write_bytes - before.write_bytes,
            wchar: self.wchar - before.wchar,
        }
    }
}

// ---------------------------------------------------------------- long game

fn median_ms(samples: &mut [u32]) -> f64 {
    samples.sort_unstable();
    percentile(samples, 50.0)
}

/// Play one series of Play for Points to `target_seq` actions, timing every move POST, and
/// the first POST after a restart (cold replay cache) near move 10 and past move 500.
async fn long_game(args: &Args, fixture: &Fixture, clients: &tokio::runtime::Handle) {
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let http = reqwest::Client::new();
    let mut running = Arc::new(fixture.start().await);
    let mut api = Api {
        http: http.clone(),
        base: format!("http://{}", running.addr),
        links: Some(fixture.links()),
    };
    let table = api
        .create(
            4,
            json!({"play_for_points": 200, "draw_after_battle": true}),
        )
        .await;
    let mut post_us: Vec<(i64, u32)> = Vec::new();
    let mut get_us: Vec<(i64, u32)> = Vec::new();
    let mut cold: Vec<(i64, u32)> = Vec::new();
    let cold_at = |seq: i64| (8..=13).contains(&seq) || (500..=505).contains(&seq);
    let mut guess = 0;
    let mut pages = Vec::new();
    loop {
        let started = Instant::now();
        let state = api.seat(&table, guess).await;
        let get = micros(started);
        if state.seq == PAGES_EARLY && pages.is_empty() {
            pages.push((
                state.seq,
                page_cost(&api, &table, args.pages, clients).await,
            ));
        }
        if state.over {
            println!("the series ended at move {}", state.seq);
            break;
        }
        if state.legal.is_empty() {
            guess = state.waiting[0];
            continue;
        }
        get_us.push((state.seq + 1, get));
        if state.seq >= args.target_seq {
            pages.push((
                state.seq,
                page_cost(&api, &table, args.pages, clients).await,
            ));
            break;
        }
        let action = &state.legal[pick(&mut rng, state.legal.len())];
        let restart = cold_at(state.seq + 1);
        if restart {
            // The first request after a restart: nothing of this game is cached.
            drop(api);
            let old = Arc::into_inner(running).expect("no client holds the service");
            old.stop().await;
            running = Arc::new(fixture.start().await);
            api = Api {
                http: http.clone(),
                base: format!("http://{}", running.addr),
                links: Some(fixture.links()),
            };
        }
        let started = Instant::now();
        let posted = api.post_move(&table, guess, state.seq, action).await;
        let us = micros(started);
        let waiting = match posted {
            Posted::Done { waiting, .. } => waiting,
            other => panic!("move {} refused: {other:?}", state.seq + 1),
        };
        if restart {
            cold.push((state.seq + 1, us));
        } else {
            post_us.push((state.seq + 1, us));
        }
        guess = next_seat(guess, &waiting);
    }
    drop(api);
    let running = Arc::into_inner(running).expect("no client holds the service");
    running.stop().await;
    let window = |v: &[(i64, u32)], lo: i64, hi: i64| -> Vec<u32> {
        v.iter()
            .filter(|(s, _)| (lo..=hi).contains(s))
            .map(|(_, us)| *us)
            .collect()
    };
    let reached = post_us.last().map_or(0, |(s, _)| *s);
    println!(
        "backend={:?} long game reached move {reached}",
        args.backend
    );
    for (label, lo, hi) in [
        ("moves 5-20 (warm)", 5, 20),
        ("moves 500-520 (warm)", 500, 520),
    ] {
        let mut posts = window(&post_us, lo, hi);
        let mut gets = window(&get_us, lo, hi);
        println!(
            "{label:<22} move POST median={:.2} ms max={:.2} ms (n={})   seat GET median={:.2} ms (n={})",
            median_ms(&mut posts),
            posts.iter().max().copied().unwrap_or(0) as f64 / 1000.0,
            posts.len(),
            median_ms(&mut gets),
            gets.len()
        );
    }
    for (seq, (cpu_us, bytes)) in pages {
        println!(
            "seat page (HTML, warm) at move {seq}: server CPU {cpu_us:.0} µs per page, {:.1} KB",
            bytes as f64 / 1024.0
        );
    }
    for (lo, hi) in [(8, 13), (500, 505)] {
        let mut samples = window(&cold, lo, hi);
        println!(
            "cold: first move POST after a restart at moves {lo}-{hi}: median={:.2} ms max={:.2} ms (n={})",
            median_ms(&mut samples),
            samples.iter().max().copied().unwrap_or(0) as f64 / 1000.0,
            samples.len()
        );
    }
}

/// The move at which the long game's early seat page is measured (after the restarts at 8–13).
const PAGES_EARLY: i64 = 20;

/// The long scenario against the floor: a game played to move 20, then the floor's seat page
/// fetched as corriere's is (`page_cost`), to compare what a page costs over HTTP with the
/// least a page can cost here.
async fn floor_pages(
    args: &Args,
    fixture: &Fixture,
    commit: floor::Commit,
    clients: &tokio::runtime::Handle,
) {
    let floor = floor::Floor::start(&fixture.dir.path().join("floor.db"), commit);
    let api = Api {
        http: reqwest::Client::new(),
        base: format!("http://{}", floor.addr),
        links: None,
    };
    let table = api.create(4, json!({})).await;
    let mut seat = 0;
    loop {
        let state = api.seat(&table, seat).await;
        if state.seq >= PAGES_EARLY {
            break;
        }
        if state.legal.is_empty() {
            seat = state.waiting[0];
            continue;
        }
        match api
            .post_move(&table, seat, state.seq, &state.legal[0])
            .await
        {
            Posted::Done { waiting, .. } => seat = next_seat(seat, &waiting),
            other => panic!("the floor refused move {}: {other:?}", state.seq + 1),
        }
    }
    let (cpu_us, bytes) = page_cost(&api, &table, args.pages, clients).await;
    floor.stop().await;
    println!(
        "floor seat page (HTML) at move {PAGES_EARLY}: server CPU {cpu_us:.0} µs per page, {:.1} KB",
        bytes as f64 / 1024.0
    );
}

/// Seat 1's HTML page fetched one request after another by the clients' runtime: the server's
/// CPU per page (see [`Usage`]) and the page's size. The first fetch warms the caches and is not
/// counted. The fetches use an HTTP client of their own, made on the clients' runtime: a
/// client's connections are driven by tasks on the runtime that opened them, and the game's
/// client opened its connections on the server's runtime, where their work would count as the
/// server's.
async fn page_cost(
    api: &Api,
    table: &Table,
    pages: usize,
    clients: &tokio::runtime::Handle,
) -> (f64, usize) {
    let (number, token) = table.bearers[0].split_once('.').expect("a bearer");
    let url = format!("{}/games/{}/seat/{number}/{token}", api.base, table.id);
    let http = clients
        .spawn(async { reqwest::Client::new() })
        .await
        .expect("an HTTP client");
    let fetch = move |http: reqwest::Client, url: String| async move {
        let answer = http.get(&url).send().await.expect("the page answers");
        assert!(answer.status().is_success(), "{}", answer.status());
        answer.bytes().await.expect("the page's body").len()
    };
    let bytes = clients
        .spawn(fetch(http.clone(), url.clone()))
        .await
        .expect("fetched");
    let before = Usage::now(&[]);
    clients
        .spawn(async move {
            for _ in 0..pages {
                fetch(http.clone(), url.clone()).await;
            }
        })
        .await
        .expect("fetched");
    let used = Usage::now(&[]).since(&before);
    (used.server_us / pages as f64, bytes)
}

// ---------------------------------------------------------------- statements

/// Statements run so far, by their SQL's first words.
static STATEMENTS: std::sync::Mutex<Vec<(String, u64)>> = std::sync::Mutex::new(Vec::new());

/// Count every statement of every connection opened from now on.
fn count_statements() {
    fn counter() -> Option<Box<dyn diesel::connection::Instrumentation>> {
        Some(Box::new(
            |event: diesel::connection::InstrumentationEvent<'_>| {
                if let diesel::connection::InstrumentationEvent::StartQuery { query, .. } = event {
                    let sql = query.to_string();
                    let sql = sql.split(" -- binds").next().unwrap_or_default();
                    let key: String = sql.chars().take(72).collect();
                    let mut counts = STATEMENTS.lock().unwrap_or_else(|e| e.into_inner());
                    match counts.iter_mut().find(|(k, _)| *k == key) {
                        Some((_, n)) => *n += 1,
                        None => counts.push((key, 1)),
                    }
                }
            },
        ))
    }
    diesel::connection::set_default_instrumentation(counter).expect("instrumentation set");
}

fn print_statements(moves: u64) {
    let mut counts = STATEMENTS.lock().unwrap_or_else(|e| e.into_inner()).clone();
    counts.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
    let per = |n: u64| n as f64 / moves.max(1) as f64;
    let total: u64 = counts.iter().map(|(_, n)| n).sum();
    println!("statements per move: {:.2}", per(total));
    for (sql, n) in counts.iter().filter(|(_, n)| per(*n) >= 0.01) {
        println!("  {:6.2}  {sql}", per(*n));
    }
}

fn main() {
    let args = parse_args();
    if args.statements {
        count_statements();
    }
    // The service's runtime (its background tasks run here) and the clients' own, named so
    // their CPU is told apart (`Usage`).
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("server")
        .enable_all()
        .build()
        .expect("a Tokio runtime");
    let clients = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("client")
        .enable_all()
        .build()
        .expect("the clients' Tokio runtime");
    let fixture = Fixture::new(&args);
    runtime.block_on(async {
        match args.scenario {
            Scenario::Throughput => throughput(&args, &fixture, clients.handle()).await,
            Scenario::Long => match args.target {
                Target::Corriere => long_game(&args, &fixture, clients.handle()).await,
                Target::Floor(commit) => {
                    floor_pages(&args, &fixture, commit, clients.handle()).await
                }
            },
        }
    });
    fixture.cleanup();
}
