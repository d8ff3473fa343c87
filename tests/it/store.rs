//! The store, the game service and the mail worker against real databases: a fresh SQLite file
//! per test, and the same suite on a fresh PostgreSQL database whenever a server answers (the
//! local one, or CORRIERE_TEST_POSTGRES_URL; see tests/support).

use crate::support;

use corriere::audit::{chain, Author};
use corriere::domain::Millis;
use corriere::domain::{Contribution, EmailAddress, GameId, GameStatus, PlayerName};
use corriere::engine::condottiere::{Action, Card, Event, Game, Options};
use corriere::engine::{Audience, Seat, Viewer};
use corriere::kinds::{Kind, Registry};
use corriere::mail::{MailConfig, Mailer, Worker};
use corriere::present::condottiere::Condottiere;
use corriere::present::{Ctx, Presenter, SeatNames};
use corriere::service::{
    seed, AcceptError, ActionInput, AuthError, Games, GamesConfig, Loaded, MoveError, MoveOutcome,
    Mover, NewGame, SeatAuth, Secret,
};
use corriere::store::{self, Conn, Db, DbUrl, OutboxRow};
use diesel::prelude::*;
use std::collections::HashSet;
use std::sync::{Arc, Barrier, Mutex};
use std::time::Duration;

// ---------------------------------------------------------------- harness

/// A fresh database, dropped (PostgreSQL) or deleted (SQLite) afterwards.
struct TestDb {
    db: Option<Db>,
    dir: tempfile::TempDir,
    postgres: Option<(String, String)>,
}

impl TestDb {
    fn db(&self) -> &Db {
        self.db.as_ref().expect("open")
    }
    fn conn(&self) -> store::DbConn {
        self.db().get().expect("a pooled connection")
    }
    fn name(&self) -> &'static str {
        if self.postgres.is_some() {
            "postgres"
        } else {
            "sqlite"
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        self.db.take();
        if let Some((server, name)) = &self.postgres {
            if let Ok(mut conn) = PgConnection::establish(server) {
                let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                    .execute(&mut conn);
            }
        }
    }
}

fn sqlite_db() -> TestDb {
    let dir = tempfile::tempdir().expect("a temp dir");
    // A directory that does not exist yet: connecting creates it.
    let url = format!("sqlite://{}", dir.path().join("data/corriere.db").display());
    let db = Db::open(&DbUrl::parse(&url).unwrap()).expect("SQLite opens");
    TestDb {
        db: Some(db),
        dir,
        postgres: None,
    }
}

fn postgres_server() -> Option<String> {
    support::postgres_server()
}

fn postgres_db(server: &str) -> TestDb {
    let name = format!("corriere_test_{}", corriere::domain::random_base32(12));
    let mut admin = PgConnection::establish(server).expect("the PostgreSQL test server answers");
    diesel::sql_query(format!("CREATE DATABASE {name}"))
        .execute(&mut admin)
        .expect("CREATE DATABASE");
    let url = corriere::store::postgres_url_for_database(server, &name);
    let db = Db::open(&DbUrl::parse(&url).unwrap()).expect("PostgreSQL opens");
    TestDb {
        db: Some(db),
        dir: tempfile::tempdir().unwrap(),
        postgres: Some((server.to_owned(), name)),
    }
}

/// Run a test on a fresh SQLite database, then on a fresh PostgreSQL one when configured.
fn on_each_backend(test: impl Fn(&TestDb)) {
    test(&sqlite_db());
    if let Some(server) = postgres_server() {
        test(&postgres_db(&server));
    }
}

fn games() -> Games {
    Games::new(GamesConfig::new(
        corriere::service::BaseUrl::parse("https://corriere.test/").unwrap(),
        Secret::generate(),
        Registry::standard(),
    ))
}

fn with_kind<T>(f: impl FnOnce(&dyn Kind) -> T) -> T {
    f(Registry::standard().get("condottiere").unwrap())
}

/// The game's state, as Condottiere's.
fn state(loaded: &Loaded) -> Option<Game> {
    loaded
        .state()
        .map(|g| g.downcast::<Game>().unwrap().clone())
}

/// Play one action for a seat through the service's one move operation.
fn make_move(
    games: &Games,
    db: &Db,
    auth: &SeatAuth,
    seq: i64,
    action: &Action,
) -> Result<MoveOutcome, MoveError> {
    let action = with_kind(|kind| {
        kind.read_action(&serde_json::to_string(action).unwrap())
            .unwrap()
    });
    shared_runtime().block_on(games.make_move(
        db,
        Mover::Server(auth.clone()),
        seq,
        vec![ActionInput::Action(action)],
        "en",
    ))
}

/// Play actions (none: the mover chooses) through the one move operation as `mover`.
fn move_as(
    games: &Games,
    db: &Db,
    mover: Mover,
    seq: i64,
    actions: &[Action],
) -> Result<MoveOutcome, MoveError> {
    let inputs = actions
        .iter()
        .map(|action| {
            ActionInput::Action(with_kind(|kind| {
                kind.read_action(&serde_json::to_string(action).unwrap())
                    .unwrap()
            }))
        })
        .collect();
    shared_runtime().block_on(games.make_move(db, mover, seq, inputs, "en"))
}

fn clock(id: &GameId, seat: Seat, deadline: i64) -> Mover {
    Mover::Clock {
        game: id.clone(),
        seat,
        deadline: Millis(deadline),
    }
}

fn bot(id: &GameId, seat: Seat) -> Mover {
    Mover::Bot {
        game: id.clone(),
        seat,
    }
}

/// Who took each stored action of a game, in order.
fn stored_authors(conn: &mut Conn, id: &GameId) -> Vec<Author> {
    store::actions_from(conn, id, 1)
        .unwrap()
        .iter()
        .map(|row| Author::from_parts(&row.author, row.deadline).unwrap())
        .collect()
}

/// The "your turn" mails queued for one address.
fn turn_mails_to(conn: &mut Conn, id: &GameId, address: &str) -> usize {
    outbox(conn, id)
        .iter()
        .filter(|m| m.kind == "your_turn" && m.to_addr == address)
        .count()
}

fn last_seen(conn: &mut Conn, id: &GameId, seat: Seat) -> i64 {
    store::seats_of(conn, id).unwrap()[seat.index()].last_seen_seq
}

fn shared_runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: std::sync::OnceLock<tokio::runtime::Runtime> = std::sync::OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap()
    })
}

const PLAYERS: [(&str, &str); 4] = [
    ("Alice", "alice@example.org"),
    ("Bob", "bob@example.org"),
    ("Carla", "carla@example.org"),
    ("Dino", "dino@example.org"),
];

fn new_game(games: &Games, conn: &mut Conn, players: usize, options: Options) -> GameId {
    let seats = PLAYERS[..players]
        .iter()
        .map(|(n, e)| {
            (
                PlayerName::parse(n).unwrap(),
                EmailAddress::parse(e).unwrap(),
            )
        })
        .collect();
    games
        .create_game(
            conn,
            NewGame::confirmed(
                "condottiere",
                serde_json::to_value(&options).unwrap(),
                seats,
                Seat(0),
            ),
        )
        .expect("the game is created")
        .game_id
}

fn auth(id: &GameId, seat: Seat) -> SeatAuth {
    SeatAuth::for_server(id.clone(), seat)
}

fn started_game(games: &Games, conn: &mut Conn, players: usize) -> GameId {
    let id = new_game(games, conn, players, Options::default());
    for seat in Seat::all(players as u8) {
        let contribution =
            (seat.0 % 2 == 0).then(|| Contribution::parse(&format!("luck {seat}")).unwrap());
        games
            .accept(conn, &auth(&id, seat), contribution)
            .expect("accept");
    }
    id
}

fn outbox(conn: &mut Conn, id: &GameId) -> Vec<OutboxRow> {
    store::outbox_rows(conn, Some(id)).unwrap()
}

fn action_count(conn: &mut Conn, id: &GameId) -> usize {
    store::actions_from(conn, id, 1).unwrap().len()
}

/// A small deterministic generator for choosing among legal actions.
struct Picker(u64);

impl Picker {
    fn pick(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// One move by some seat the game waits on; returns false once the game is over.
fn play_one(games: &Games, db: &Db, id: &GameId, picker: &mut Picker) -> bool {
    let loaded = games.load(&mut db.get().unwrap(), id).unwrap();
    let game = state(&loaded).expect("started");
    if game.is_over() {
        return false;
    }
    let waiting = game.waiting_on();
    let seat = waiting[picker.pick(waiting.len())];
    let legal = game.legal_actions(seat);
    // Pass often, so battles end and games finish.
    let action = if picker.pick(3) == 0 {
        game.default_action(seat).unwrap()
    } else {
        legal[picker.pick(legal.len())].clone()
    };
    make_move(games, db, &auth(id, seat), loaded.seq(), &action).expect("a legal move is stored");
    true
}

// ---------------------------------------------------------------- SMTP capture

#[derive(Clone, Default)]
struct Capture {
    current: Vec<u8>,
    messages: Arc<Mutex<Vec<String>>>,
}

impl mailin_embedded::Handler for Capture {
    fn data(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.current.extend_from_slice(buf);
        Ok(())
    }
    fn data_end(&mut self) -> mailin_embedded::Response {
        let message = String::from_utf8_lossy(&std::mem::take(&mut self.current)).into_owned();
        self.messages.lock().unwrap().push(message);
        mailin_embedded::response::OK
    }
}

/// An SMTP server on a free local port, capturing messages in memory.
fn smtp_server() -> (String, Arc<Mutex<Vec<String>>>) {
    let capture = Capture::default();
    let messages = capture.messages.clone();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let mut server = mailin_embedded::Server::new(capture);
    server.with_name("test.smtp").with_tcp_listener(listener);
    std::thread::spawn(move || {
        let _ = server.serve();
    });
    (format!("smtp://127.0.0.1:{port}"), messages)
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

fn mail_config(dir: &std::path::Path, smtp_url: Option<String>) -> MailConfig {
    MailConfig {
        smtp_url,
        data_dir: dir.to_owned(),
        from: "corriere <corriere@corriere.test>".into(),
    }
}

// ---------------------------------------------------------------- tests

#[test]
fn creating_a_game_stores_its_seats_and_invites_every_seat_but_the_creators() {
    on_each_backend(|t| {
        let games = games();
        let mut conn = t.conn();
        let id = new_game(
            &games,
            &mut conn,
            3,
            Options {
                hidden_cards: true,
                ..Options::default()
            },
        );
        let loaded = games.load(&mut conn, &id).unwrap();
        assert_eq!(loaded.game.status, GameStatus::Inviting, "{}", t.name());
        assert!(loaded.replay.is_none());
        assert_eq!(
            loaded
                .seats
                .iter()
                .map(|s| s.name.as_str())
                .collect::<Vec<_>>(),
            ["Alice", "Bob", "Carla"]
        );
        let mails = outbox(&mut conn, &id);
        assert_eq!(
            mails.len(),
            2,
            "no invitation to the creator from themselves"
        );
        assert!(mails.iter().all(|m| m.to_addr != PLAYERS[0].1));
        for (name, email) in &PLAYERS[1..3] {
            let mail = mails
                .iter()
                .find(|m| m.to_addr == *email)
                .expect("an invitation per seat");
            assert_eq!(mail.kind, "invitation");
            assert!(
                mail.text_body
                    .contains("Alice (alice@example.org) invites you"),
                "the inviter's name and address: {}",
                mail.text_body
            );
            assert!(mail
                .unsubscribe_url
                .as_deref()
                .is_some_and(|u| u.starts_with("https://corriere.test/unsubscribe/")));
            assert_eq!(mail.to_name, *name);
            assert!(mail.text_body.contains(&loaded.game.commitment));
            assert!(mail.text_body.contains("Hidden Cards"));
            assert!(mail.html_body.contains("https://corriere.test/games/"));
            assert!(mail.message_id.starts_with('<') && mail.message_id.ends_with("@corriere>"));
        }
        let row = store::find_game(&mut conn, &id).unwrap().unwrap();
        assert_eq!(
            seed::commitment(&hex::decode(&row.secret).unwrap().try_into().unwrap()),
            row.commitment
        );
        // The secret never appears in a mail before the end.
        assert!(mails
            .iter()
            .all(|m| !m.text_body.contains(&row.secret) && !m.html_body.contains(&row.secret)));
    });
}

#[test]
fn invalid_players_or_options_are_refused_with_every_problem() {
    on_each_backend(|t| {
        let games = games();
        let mut conn = t.conn();
        let one = vec![(
            PlayerName::parse("Solo").unwrap(),
            EmailAddress::parse("solo@example.org").unwrap(),
        )];
        let error = games
            .create_game(
                &mut conn,
                NewGame::confirmed("condottiere", serde_json::json!({}), one, Seat(3)),
            )
            .unwrap_err();
        let words = Registry::standard();
        let words = words.catalogs().default_words();
        let text = match &error {
            corriere::service::CreateError::Invalid(problems) => problems
                .iter()
                .map(|p| with_kind(|kind| p.words(Some(kind), words)))
                .collect::<Vec<_>>()
                .join(" "),
            other => panic!("{other}"),
        };
        assert!(text.contains("2 to 6 players"), "{text}");
        assert!(text.contains("seat 4"), "{text}");
        assert!(store::outbox_rows(&mut conn, None).unwrap().is_empty());
    });
    assert!(EmailAddress::parse("not an address").is_err());
    assert!(EmailAddress::parse("a@b@c").is_err());
    assert!(PlayerName::parse("   ").is_err());
}

#[test]
fn accepting_every_seat_starts_the_game_and_tells_the_first_decider() {
    on_each_backend(|t| {
        let games = games();
        let mut conn = t.conn();
        let id = new_game(&games, &mut conn, 3, Options::default());
        games.accept(&mut conn, &auth(&id, Seat(0)), None).unwrap();
        let repeat = games.accept(&mut conn, &auth(&id, Seat(0)), None);
        assert!(matches!(repeat, Err(AcceptError::AlreadyAccepted)));
        let second = games
            .accept(
                &mut conn,
                &auth(&id, Seat(1)),
                Some(Contribution::parse("bob's lucky words").unwrap()),
            )
            .unwrap();
        assert!(!second.started);
        assert!(games.load(&mut conn, &id).unwrap().replay.is_none());
        let last = games.accept(&mut conn, &auth(&id, Seat(2)), None).unwrap();
        assert!(last.started);

        let loaded = games.load(&mut conn, &id).unwrap();
        assert_eq!(loaded.game.status, GameStatus::Playing);
        assert_eq!(loaded.seq(), 0);
        let sources: Vec<_> = loaded
            .seats
            .iter()
            .map(|s| s.contribution_source.unwrap().as_str())
            .collect();
        assert_eq!(sources, ["server", "player", "server"]);
        assert_eq!(
            loaded.seats[1].contribution.as_deref(),
            Some("bob's lucky words")
        );

        // The seed is the documented derivation of the secret and the contributions.
        let row = store::find_game(&mut conn, &id).unwrap().unwrap();
        let secret: [u8; 32] = hex::decode(&row.secret).unwrap().try_into().unwrap();
        let contributions: Vec<String> = loaded
            .seats
            .iter()
            .map(|s| s.contribution.clone().unwrap())
            .collect();
        let game = state(&loaded).unwrap();
        assert_eq!(game.seed(), seed::derive_seed(&secret, &contributions));

        // Everyone is told the game started; whoever decides first, what to decide.
        let waiting = game.waiting_on();
        let turns: Vec<_> = outbox(&mut conn, &id)
            .into_iter()
            .filter(|m| m.kind == "started")
            .collect();
        assert_eq!(turns.len(), 3);
        for seat in &waiting {
            let mail = turns
                .iter()
                .find(|m| m.to_name == PLAYERS[seat.index()].0)
                .expect("a mail per decider");
            let decision = game.decision(*seat).unwrap();
            let prompt = with_kind(|_| {
                let registry = Registry::standard();
                let names = SeatNames::default();
                let cx = Ctx::new(
                    registry.catalogs().default_words(),
                    &names,
                    Viewer::Seat(*seat),
                );
                Condottiere.decision(&decision, &cx)
            });
            assert!(
                mail.text_body.contains(&format!("Your decision: {prompt}")),
                "{}",
                mail.text_body
            );
            assert!(mail.subject.ends_with("has started"), "{}", mail.subject);
            assert!(mail.text_body.contains("Receipt: move 0, log head"));
        }
    });
}

#[test]
fn moves_are_stored_replayed_and_announced_to_the_next_player() {
    on_each_backend(|t| {
        let games = games();
        let mut conn = t.conn();
        let id = started_game(&games, &mut conn, 3);
        let mut picker = Picker(7);
        for _ in 0..25 {
            assert!(play_one(&games, t.db(), &id, &mut picker));
        }
        let warm = games.load(&mut conn, &id).unwrap();
        assert_eq!(warm.seq(), 25);
        // A service with an empty cache replays the log from the start to the same state.
        let cold = self::games().load(&mut conn, &id).unwrap();
        assert_eq!(state(&cold), state(&warm), "{}", t.name());
        assert_eq!(
            cold.replay.as_ref().unwrap().head,
            warm.replay.as_ref().unwrap().head
        );

        // The stored chain is the documented one.
        let record = games.record(&mut conn, &id).unwrap();
        assert!(
            record.secret.is_none(),
            "the secret stays hidden while the game is played"
        );
        let info = games.info(&mut conn, &id).unwrap();
        let row = store::find_game(&mut conn, &id).unwrap().unwrap();
        let names: Vec<&str> = PLAYERS[..3].iter().map(|p| p.0).collect();
        let secret: [u8; 32] = hex::decode(&row.secret).unwrap().try_into().unwrap();
        // A new game's genesis covers each seat's salted name hash (`corriere-log/v2`).
        let stored = store::seats_of(&mut conn, &id).unwrap();
        let mut h = chain::genesis(&chain::LogHeader {
            id: id.as_str().to_string(),
            game: "condottiere".into(),
            rules_version: info.0.rules_version,
            options: info.0.options.json().clone(),
            seats: names
                .iter()
                .zip(&stored)
                .map(|(name, seat)| {
                    let salt = corriere::audit::parse_hash(seat.name_salt.as_ref().unwrap());
                    hex::encode(chain::name_hash(&salt.unwrap(), name))
                })
                .collect(),
            version: chain::LogVersion::V2,
            commitment: row.commitment.clone(),
            contributions: info
                .1
                .iter()
                .map(|s| corriere::audit::seed::Contribution {
                    seat: s.seat,
                    value: s.contribution.clone().unwrap(),
                    source: match s.contribution_source.unwrap() {
                        corriere::domain::ContributionSource::Player => {
                            corriere::audit::seed::Source::Player
                        }
                        corriere::domain::ContributionSource::Server => {
                            corriere::audit::seed::Source::Server
                        }
                    },
                })
                .collect(),
        });
        for action in store::actions_from(&mut conn, &id, 1).unwrap() {
            let entry = chain::Entry {
                seq: action.seq as u64,
                seat: Seat(action.seat as u8),
                action: corriere::kinds::Json::new(action.action.clone()).unwrap(),
                at: action.created_at,
                author: chain::Author::from_parts(&action.author, action.deadline).unwrap(),
            };
            h = chain::entry_hash(&h, &secret, &entry);
            assert_eq!(hex::encode(h), action.hash);
        }
        assert_eq!(Some(hex::encode(h)), row.log_head);

        // Every "your turn" mail after the start goes to a seat that had to decide then.
        let turns = outbox(&mut conn, &id)
            .into_iter()
            .filter(|m| m.kind == "your_turn")
            .count();
        assert!(turns >= 5, "only {turns} your_turn mails for 25 moves");
        let page = games
            .seat_page(&mut conn, &auth(&id, Seat(0)), "en")
            .unwrap();
        assert_eq!(page.seq, 25);
        assert!(
            page.history.windows(2).all(|w| w[0].seq > w[1].seq),
            "newest first"
        );
        assert!(page.view.is_some());
    });
}

/// Pages keep each reader's history in words and write only the steps since (the history
/// cache): what a seat or a spectator reads after more moves is what a service that never saw
/// the game writes, in each language, in the reader's time zone; a new zone is written anew.
#[test]
fn a_history_kept_between_pages_reads_as_one_written_afresh() {
    on_each_backend(|t| {
        let games = games();
        let mut conn = t.conn();
        let id = started_game(&games, &mut conn, 3);
        let mut picker = Picker(11);
        let seat_lines = |games: &Games, conn: &mut Conn, seat: u8, lang: &str| {
            let page = games.seat_page(conn, &auth(&id, Seat(seat)), lang).unwrap();
            page.history
                .iter()
                .map(|e| e.line.clone())
                .collect::<Vec<_>>()
        };
        let public_lines = |games: &Games, conn: &mut Conn, lang: &str| {
            let page = games.public_page(conn, &id, lang, chrono_tz::UTC).unwrap();
            page.history
                .iter()
                .map(|e| e.line.clone())
                .collect::<Vec<_>>()
        };
        let mut shown = 0;
        for round in 0..4 {
            for _ in 0..6 {
                play_one(&games, t.db(), &id, &mut picker);
            }
            if round == 2 {
                // Seat 1's person moves to São Paulo: their times change from now on.
                store::set_preferences(
                    &mut conn,
                    PLAYERS[0].1,
                    &store::Preferences {
                        mail_mode: "every_turn".into(),
                        digest_hour: 8,
                        time_zone: "America/Sao_Paulo".into(),
                        language: None,
                        reliability_hidden: false,
                    },
                )
                .unwrap();
            }
            for lang in ["en", "pt"] {
                for seat in 0..3 {
                    let kept = seat_lines(&games, &mut conn, seat, lang);
                    assert_eq!(kept, seat_lines(&self::games(), &mut conn, seat, lang));
                    assert!(kept.len() > shown, "round {round}: the history grew");
                }
                let kept = public_lines(&games, &mut conn, lang);
                assert_eq!(kept, public_lines(&self::games(), &mut conn, lang));
            }
            shown = seat_lines(&games, &mut conn, 0, "en").len();
        }
        // Seat 1's times are São Paulo's now (three hours behind UTC), in entries written
        // before the move as well.
        let page = games
            .seat_page(&mut conn, &auth(&id, Seat(0)), "en")
            .unwrap();
        let first_move = page.history.iter().rev().find(|e| e.at.is_some()).unwrap();
        let at = chrono::DateTime::from_timestamp_millis(first_move.at.unwrap().0).unwrap();
        let clock = |zone: chrono_tz::Tz| at.with_timezone(&zone).format("%H:%M").to_string();
        assert!(first_move
            .line
            .0
            .contains(&clock(chrono_tz::America::Sao_Paulo)));
        assert!(!first_move.line.0.contains(&clock(chrono_tz::UTC)));
    });
}

/// The service with caches that may hold `bytes` (half replays, half histories).
fn games_caching(bytes: usize) -> Games {
    Games::new(GamesConfig {
        cache_bytes: bytes,
        ..GamesConfig::new(
            corriere::service::BaseUrl::parse("https://corriere.test/").unwrap(),
            Secret::generate(),
            Registry::standard(),
        )
    })
}

#[test]
fn the_caches_stay_within_their_bytes_and_drop_the_least_recently_used_game_first() {
    on_each_backend(|t| {
        let mut conn = t.conn();
        let maker = games();
        let ids: Vec<GameId> = (0..3).map(|_| started_game(&maker, &mut conn, 3)).collect();
        // What one just-started game costs in the replay cache.
        let probe = games();
        probe.load(&mut conn, &ids[0]).unwrap();
        let one = probe.cache_usage().replay_bytes;
        assert!(one > 0 && probe.cache_usage().replays == 1);

        // Room for two and a half replays: the third pushes out the least recently used.
        let games = games_caching(5 * one);
        games.load(&mut conn, &ids[0]).unwrap();
        games.load(&mut conn, &ids[1]).unwrap();
        games.load(&mut conn, &ids[0]).unwrap();
        games.load(&mut conn, &ids[2]).unwrap();
        assert!(games.replay_cached(&ids[0]), "used most recently but one");
        assert!(
            !games.replay_cached(&ids[1]),
            "the least recently used went"
        );
        assert!(games.replay_cached(&ids[2]));
        let usage = games.cache_usage();
        assert_eq!(usage.replays, 2);
        assert!(usage.replay_bytes <= 5 * one / 2, "{usage:?}");

        // A game grows with its moves, and so does its estimate; a replay bigger than the
        // whole bound is not kept, and the pages still read.
        let mut picker = Picker(3);
        for _ in 0..40 {
            play_one(&maker, t.db(), &ids[0], &mut picker);
        }
        let roomy = games_caching(1 << 30);
        roomy.load(&mut conn, &ids[0]).unwrap();
        let long = roomy.cache_usage().replay_bytes;
        assert!(
            long > one + 40 * 100,
            "{long} after 40 moves, {one} at the start"
        );
        games.load(&mut conn, &ids[0]).unwrap();
        assert!(games.cache_usage().replay_bytes <= 5 * one / 2);
        let small = games_caching(2 * one);
        let loaded = small.load(&mut conn, &ids[0]).unwrap();
        assert!(loaded.state().is_some());
        assert!(!small.replay_cached(&ids[0]), "too big for the bound");

        // Histories in words: every reader's, within their half of the bound.
        let histories = games_caching(16 * one);
        for lang in ["en", "pt"] {
            for seat in 0..3 {
                let page = histories
                    .seat_page(&mut conn, &auth(&ids[0], Seat(seat)), lang)
                    .unwrap();
                assert!(!page.history.is_empty());
            }
        }
        let usage = histories.cache_usage();
        assert!(usage.history_bytes <= 8 * one, "{usage:?}");
        assert!(usage.histories >= 1, "{usage:?}");
    });
}

/// Calibration, run by hand (`cargo test --test it -- --ignored --nocapture calibrate`):
/// how the caches' estimates compare with the resident memory they really take. Copies
/// of one long game's replay and histories, each in a service of its own (many, so the
/// allocator's own steps of a few megabytes do not decide the result).
#[test]
#[ignore]
fn calibrate_the_cache_estimates_against_resident_memory() {
    fn resident() -> usize {
        let statm = std::fs::read_to_string("/proc/self/statm").unwrap();
        statm
            .split_whitespace()
            .nth(1)
            .unwrap()
            .parse::<usize>()
            .unwrap()
            * 4096
    }
    const COPIES: usize = 400;
    let t = sqlite_db();
    let mut conn = t.conn();
    let maker = games();
    let id = started_game(&maker, &mut conn, 3);
    let mut picker = Picker(5);
    let mut moves = 0;
    while moves < 150 && play_one(&maker, t.db(), &id, &mut picker) {
        moves += 1;
    }
    let services: Vec<Games> = (0..COPIES).map(|_| games_caching(1 << 30)).collect();
    // One first, so the catalogs' memory of sentences is made before the measurement.
    for lang in ["en", "pt"] {
        maker
            .seat_page(&mut conn, &auth(&id, Seat(0)), lang)
            .unwrap();
    }
    let before = resident();
    for games in &services {
        games.load(&mut conn, &id).unwrap();
    }
    let replays = resident() - before;
    let estimated: usize = services.iter().map(|g| g.cache_usage().replay_bytes).sum();
    let before = resident();
    for games in &services {
        games
            .seat_page(&mut conn, &auth(&id, Seat(0)), "en")
            .unwrap();
    }
    let histories = resident() - before;
    let estimated_histories: usize = services.iter().map(|g| g.cache_usage().history_bytes).sum();
    println!(
        "{moves} moves: replay {} B measured, {} B estimated; history {} B measured, {} B \
         estimated (per copy)",
        replays / COPIES,
        estimated / COPIES,
        histories / COPIES,
        estimated_histories / COPIES
    );
}

#[test]
fn reads_in_one_snapshot_see_one_state_of_a_sqlite_database() {
    // A page's reads (and a move's preparation) run in one snapshot: another connection's
    // commit in between does not show half-way through.
    let t = sqlite_db();
    let games = games();
    let mut conn = t.conn();
    let id = started_game(&games, &mut conn, 3);
    let mut other = t.conn();
    let revision = |conn: &mut Conn| store::find_game(conn, &id).map(|g| g.unwrap().revision);
    let (first, second) = store::read_snapshot(&mut conn, |conn| -> QueryResult<_> {
        let first = revision(conn)?;
        store::bump_revision(&mut other, &id)?;
        Ok((first, revision(conn)?))
    })
    .unwrap();
    assert_eq!(
        first, second,
        "the snapshot saw another connection's commit"
    );
    assert_eq!(
        revision(&mut conn).unwrap(),
        first + 1,
        "after it, the commit shows"
    );
}

#[test]
fn a_transaction_inside_a_transaction_is_a_savepoint_and_the_next_one_begins_afresh() {
    // SQLite's top-level transactions begin with their own SQL (`BEGIN IMMEDIATE`) through
    // diesel's transaction manager; it must still know when one is open.
    on_each_backend(|t| {
        let games = games();
        let mut conn = t.conn();
        let id = started_game(&games, &mut conn, 2);
        let revision = |conn: &mut Conn| {
            store::find_game(conn, &id)
                .unwrap()
                .expect("the game")
                .revision
        };
        let start = revision(&mut conn);
        store::write_transaction(&mut conn, |conn| -> QueryResult<()> {
            store::bump_revision(conn, &id)?;
            let inner = store::write_transaction(conn, |conn| -> QueryResult<()> {
                store::bump_revision(conn, &id)?;
                Err(diesel::result::Error::RollbackTransaction)
            });
            assert!(
                matches!(inner, Err(diesel::result::Error::RollbackTransaction)),
                "the inner transaction is a savepoint that rolls back alone: {inner:?}"
            );
            store::read_snapshot(conn, |conn| -> QueryResult<()> {
                assert_eq!(revision(conn), start + 1, "the outer write is seen inside");
                Ok(())
            })
        })
        .unwrap();
        assert_eq!(revision(&mut conn), start + 1);
        let seen =
            store::read_snapshot(&mut conn, |conn| -> QueryResult<i64> { Ok(revision(conn)) })
                .unwrap();
        assert_eq!(seen, start + 1);
        store::write_transaction(&mut conn, |conn| store::bump_revision(conn, &id)).unwrap();
        assert_eq!(
            revision(&mut conn),
            start + 2,
            "a later transaction commits"
        );
    });
}

#[test]
fn a_move_with_an_old_seq_is_refused_as_stale_and_changes_nothing() {
    on_each_backend(|t| {
        let games = games();
        let mut conn = t.conn();
        let id = started_game(&games, &mut conn, 2);
        let mut picker = Picker(3);
        play_one(&games, t.db(), &id, &mut picker);
        play_one(&games, t.db(), &id, &mut picker);
        let loaded = games.load(&mut conn, &id).unwrap();
        let seat = state(&loaded).unwrap().waiting_on()[0];
        let action = state(&loaded).unwrap().legal_actions(seat)[0].clone();
        let mails = outbox(&mut conn, &id).len();
        let result = make_move(&games, t.db(), &auth(&id, seat), 1, &action);
        assert!(
            matches!(result, Err(MoveError::Stale { current_seq: 2 })),
            "{result:?}"
        );
        assert_eq!(action_count(&mut conn, &id), 2);
        assert_eq!(outbox(&mut conn, &id).len(), mails);
    });
}

#[test]
fn an_illegal_action_changes_nothing() {
    on_each_backend(|t| {
        let games = games();
        let mut conn = t.conn();
        let id = started_game(&games, &mut conn, 3);
        let loaded = games.load(&mut conn, &id).unwrap();
        let game = state(&loaded).unwrap();
        let idle = Seat::all(3).find(|s| game.decision(*s).is_none()).unwrap();
        let mails = outbox(&mut conn, &id).len();
        let head = loaded.game.log_head.clone();
        let result = make_move(
            &games,
            t.db(),
            &auth(&id, idle),
            0,
            &Action::Pass { reveal: false },
        );
        assert!(matches!(result, Err(MoveError::Illegal(_))), "{result:?}");
        let waiting = game.waiting_on()[0];
        let result = make_move(
            &games,
            t.db(),
            &auth(&id, waiting),
            0,
            &Action::Draw { count: 99 },
        );
        assert!(matches!(result, Err(MoveError::Illegal(_))), "{result:?}");
        assert_eq!(action_count(&mut conn, &id), 0);
        assert_eq!(outbox(&mut conn, &id).len(), mails);
        let after = games.load(&mut conn, &id).unwrap();
        assert_eq!(after.game.log_head, head);
        assert_eq!(state(&after), Some(game));
    });
}

#[test]
fn a_move_in_a_game_that_is_not_being_played_is_refused() {
    on_each_backend(|t| {
        let games = games();
        let mut conn = t.conn();
        let id = new_game(&games, &mut conn, 2, Options::default());
        let result = make_move(
            &games,
            t.db(),
            &auth(&id, Seat(0)),
            0,
            &Action::Pass { reveal: false },
        );
        assert!(matches!(result, Err(MoveError::NotPlaying)), "{result:?}");
    });
}

#[test]
fn every_change_a_prepared_move_must_not_overwrite_moves_the_revision_on() {
    on_each_backend(|t| {
        let games = games();
        let mut conn = t.conn();
        let revision =
            |conn: &mut Conn, id: &GameId| store::find_game(conn, id).unwrap().unwrap().revision;
        let id = started_game(&games, &mut conn, 3);
        let started = revision(&mut conn, &id);
        assert!(started > 0, "starting play is a change");
        play_one(&games, t.db(), &id, &mut Picker(11));
        let moved = revision(&mut conn, &id);
        assert!(moved > started, "a move is a change");
        games.relink(&mut conn, &id, Seat(1)).unwrap();
        assert!(revision(&mut conn, &id) > moved, "a relink is a change");
        let other = new_game(&games, &mut conn, 2, Options::default());
        let inviting = revision(&mut conn, &other);
        games.decline(&mut conn, &auth(&other, Seat(1))).unwrap();
        assert!(
            revision(&mut conn, &other) > inviting,
            "a cancel is a change"
        );
    });
}

#[test]
fn a_prepared_move_is_not_stored_once_its_game_has_changed() {
    on_each_backend(|t| {
        let games = games();
        let mut conn = t.conn();
        let id = started_game(&games, &mut conn, 3);
        let row = store::find_game(&mut conn, &id).unwrap().unwrap();
        let mails = outbox(&mut conn, &id).len();
        let last_seen = |conn: &mut Conn| -> Vec<i64> {
            let seats = store::seats_of(conn, &id).unwrap();
            seats.iter().map(|s| s.last_seen_seq).collect()
        };
        let seen_before = last_seen(&mut conn);
        let mail = store::NewMail {
            game_id: Some(id.clone()),
            kind: "your_turn",
            to_name: "Bob".into(),
            to_addr: "bob@example.org".into(),
            subject: "your turn".into(),
            text_body: "a link made before the relink".into(),
            html_body: "<p>a link made before the relink</p>".into(),
            unsubscribe_url: None,
            reply_to: None,
        };
        let prepared = store::NewMove {
            mails: vec![mail.into_row(Millis::now())],
            seen_by: vec![0, 1],
            ..stand_in_move(&mut conn, &id, 1)
        };
        // A relink lands between preparing the move and storing it.
        store::bump_link_version(&mut conn, &id, 1).unwrap();
        let stored = store::write_transaction(&mut conn, |c| store::store_move(c, &prepared));
        assert_eq!(stored, Ok(false), "{}", t.name());
        assert_eq!(action_count(&mut conn, &id), 0);
        assert_eq!(outbox(&mut conn, &id).len(), mails);
        let after = store::find_game(&mut conn, &id).unwrap().unwrap();
        assert_eq!(after.log_head, row.log_head);
        assert_eq!(last_seen(&mut conn), seen_before);
        // Prepared at the current revision, the same write goes through whole.
        let current = store::NewMove {
            revision: after.revision,
            ..prepared
        };
        let stored = store::write_transaction(&mut conn, |c| store::store_move(c, &current));
        assert_eq!(stored, Ok(true), "{}", t.name());
        assert_eq!(action_count(&mut conn, &id), 1);
        assert_eq!(outbox(&mut conn, &id).len(), mails + 1);
        let stored_row = store::find_game(&mut conn, &id).unwrap().unwrap();
        assert_eq!(
            stored_row.log_head.as_deref(),
            Some(current.actions[0].hash.as_str())
        );
        assert_eq!(stored_row.revision, after.revision + 1);
        let seen = last_seen(&mut conn);
        assert_eq!((seen[0], seen[1], seen[2]), (1, 1, seen_before[2]));
    });
}

/// A stand-in for a prepared move of `id` at `revision`: the store does not read actions.
fn stand_in_move(conn: &mut Conn, id: &GameId, seq: i64) -> store::NewMove {
    let row = store::find_game(conn, id).unwrap().unwrap();
    let head = format!("{seq:02}").repeat(32);
    store::NewMove {
        revision: row.revision,
        actions: vec![store::ActionRow {
            game_id: id.to_string(),
            seq,
            seat: 0,
            action: r#"{"type":"pass"}"#.into(),
            created_at: Millis::now().0,
            hash: head,
            author: "seat".into(),
            deadline: None,
        }],
        ended_at: None,
        no_result: false,
        mails: Vec::new(),
        webhooks: Vec::new(),
        seen_by: vec![0],
        deadlines: Default::default(),
        controls: Vec::new(),
        sitting_ended: None,
        proposal: None,
    }
}

/// The writer stores the moves and mail settlements queued at one moment in one transaction.
/// Each still gets its own answer: stored, its game changed (a second move prepared at the same
/// revision), or its own error, which costs the others in its batch nothing (the settlements
/// too: a sent mail's row goes, a failed one counts the attempt).
#[test]
fn moves_committed_together_each_get_their_own_answer() {
    on_each_backend(|t| {
        let games = games();
        let mut conn = t.conn();
        let [a, b, c] = [0, 1, 2].map(|_| started_game(&games, &mut conn, 2));
        let first_a = stand_in_move(&mut conn, &a, 1);
        let second_a = stand_in_move(&mut conn, &a, 1);
        let first_b = stand_in_move(&mut conn, &b, 1);
        // Game c already has an action 1, so storing another fails on the unique (game, seq).
        let clash_c = stand_in_move(&mut conn, &c, 1);
        store::append_action(&mut conn, &clash_c.actions[0]).unwrap();
        let c_before = store::find_game(&mut conn, &c).unwrap().unwrap();
        let mail = |to: &str| store::NewMail {
            game_id: Some(b.clone()),
            kind: "your_turn",
            to_name: "Bob".into(),
            to_addr: to.into(),
            subject: "your turn".into(),
            text_body: "text".into(),
            html_body: "<p>html</p>".into(),
            unsubscribe_url: None,
            reply_to: None,
        };
        let sent = store::enqueue(&mut conn, mail("sent@example.org"), Millis::now()).unwrap();
        let failed = store::enqueue(&mut conn, mail("later@example.org"), Millis::now()).unwrap();
        // Hold the write lock until the moves are all queued, so the writer finds them
        // waiting together (SQLite; on PostgreSQL they commit side by side, with the same
        // answers).
        let db = t.db().clone();
        let holder = hold_the_write_lock(t.db());
        let now = Millis::now();
        let start = db.writer_counts();
        let answers = runtime().block_on(async {
            let queued = queued_then_release(&db, start, 6, holder.release);
            let (answers, ()) = tokio::join!(
                async {
                    tokio::join!(
                        db.commit_move(first_a, db.move_arriving()),
                        db.settle_mail(store::Sent::Delivered { id: sent.clone() }, now),
                        db.commit_move(second_a, db.move_arriving()),
                        db.commit_move(first_b, db.move_arriving()),
                        db.settle_mail(
                            store::Sent::Retry {
                                id: failed.clone(),
                                attempts: 0,
                                error: "421 try later".into(),
                            },
                            now
                        ),
                        db.commit_move(clash_c, db.move_arriving()),
                    )
                },
                queued
            );
            answers
        });
        holder.thread.join().unwrap();
        let (first_a, delivered, second_a, first_b, retried, clash_c) = answers;
        assert_eq!(
            (delivered.unwrap(), retried.unwrap()),
            (Ok(()), Ok(())),
            "{}",
            t.name()
        );
        let rows = outbox(&mut conn, &b);
        assert!(rows.iter().all(|r| r.id != sent), "{}", t.name());
        let retry = rows.iter().find(|r| r.id == failed).expect("kept");
        assert_eq!(
            (retry.attempts, retry.last_error.as_deref()),
            (1, Some("421 try later")),
            "{}",
            t.name()
        );
        // SQLite's writer stores them in the order they queued; on PostgreSQL the two moves
        // of game a commit side by side, and either may be the one stored.
        let a_answers = match (t.postgres.is_some(), &first_a, &second_a) {
            (true, Ok(false), Ok(true)) => (Ok(true), Ok(false)),
            _ => (first_a, second_a),
        };
        assert_eq!(
            (a_answers.0, a_answers.1, first_b),
            (Ok(true), Ok(false), Ok(true)),
            "{}",
            t.name()
        );
        assert!(
            clash_c.as_ref().is_err_and(store::is_unique_violation),
            "{}: {clash_c:?}",
            t.name()
        );
        assert_eq!(action_count(&mut conn, &a), 1);
        assert_eq!(action_count(&mut conn, &b), 1);
        assert_eq!(
            action_count(&mut conn, &c),
            1,
            "only the action stored before"
        );
        let c_after = store::find_game(&mut conn, &c).unwrap().unwrap();
        assert_eq!(
            (c_after.revision, c_after.log_head),
            (c_before.revision, c_before.log_head),
            "the failed move changed nothing"
        );
    });
}

/// A transaction that holds the write lock until told to let go.
struct HeldLock {
    release: std::sync::mpsc::Sender<()>,
    thread: std::thread::JoinHandle<()>,
}

fn hold_the_write_lock(db: &Db) -> HeldLock {
    let db = db.clone();
    let (locked, lock_held) = std::sync::mpsc::channel();
    let (release, released) = std::sync::mpsc::channel::<()>();
    let thread = std::thread::spawn(move || {
        let mut conn = db.get().unwrap();
        store::write_transaction(&mut conn, |_| {
            locked.send(()).unwrap();
            released.recv().unwrap();
            Ok::<_, diesel::result::Error>(())
        })
        .unwrap();
    });
    lock_held.recv().unwrap();
    HeldLock { release, thread }
}

/// Once `jobs` more jobs than `start` (the writer's count before they were made) are queued
/// for the writer (at once without a writer), let the held write lock go.
async fn queued_then_release(
    db: &Db,
    start: Option<(u64, u64)>,
    jobs: u64,
    release: std::sync::mpsc::Sender<()>,
) {
    if let Some((start, _)) = start {
        while db.writer_counts().expect("a writer").0 < start + jobs {
            tokio::task::yield_now().await;
        }
    }
    release.send(()).unwrap();
}

/// Moves that queue while a commit is under way share the next one: one transaction, one
/// sync of the log, for all of them (SQLite's writer; PostgreSQL commits each move on its own
/// connection, side by side). Fails when every move is committed on its own.
#[test]
fn moves_waiting_together_share_one_commit() {
    let t = sqlite_db();
    let mut config = GamesConfig::new(
        corriere::service::BaseUrl::parse("https://corriere.test/").unwrap(),
        Secret::generate(),
        Registry::standard(),
    );
    config.limits = corriere::service::Limits::unlimited();
    let games = Games::new(config);
    let mut conn = t.conn();
    const MOVES: u64 = 8;
    let moves: Vec<store::NewMove> = (0..MOVES)
        .map(|_| {
            let id = started_game(&games, &mut conn, 2);
            stand_in_move(&mut conn, &id, 1)
        })
        .collect();
    let db = t.db().clone();
    let start = db.writer_counts();
    let (_, commits_before) = start.expect("SQLite has a writer");
    let holder = hold_the_write_lock(&db);
    let answers = runtime().block_on(async {
        let stored = futures_join_all(
            moves
                .into_iter()
                .map(|new| db.commit_move(new, db.move_arriving())),
        );
        let release = queued_then_release(&db, start, MOVES, holder.release);
        let (answers, ()) = tokio::join!(stored, release);
        answers
    });
    holder.thread.join().unwrap();
    assert!(answers.iter().all(|a| matches!(a, Ok(true))), "{answers:?}");
    let (_, commits_after) = db.writer_counts().unwrap();
    let commits = commits_after - commits_before;
    // The first move may be taken alone before the lock held it back; the rest wait together.
    assert!(
        commits <= 2,
        "{MOVES} moves waiting together took {commits} commits"
    );
}

/// Await every future; the outputs in the order they finish.
async fn futures_join_all<F: std::future::Future>(
    futures: impl Iterator<Item = F>,
) -> Vec<F::Output> {
    let pinned: Vec<_> = futures.map(Box::pin).collect();
    let mut outputs = Vec::new();
    // Poll them all once, so each queues its work, before awaiting any.
    let mut pending: Vec<_> = pinned.into_iter().map(Some).collect();
    std::future::poll_fn(|cx| {
        for slot in pending.iter_mut() {
            if let Some(f) = slot {
                if let std::task::Poll::Ready(out) = f.as_mut().poll(cx) {
                    outputs.push(out);
                    *slot = None;
                }
            }
        }
        if pending.iter().all(Option::is_none) {
            std::task::Poll::Ready(())
        } else {
            std::task::Poll::Pending
        }
    })
    .await;
    outputs
}

#[test]
fn concurrent_identical_moves_with_the_same_seq_apply_exactly_once() {
    on_each_backend(|t| {
        for threads in [2, 16, 64] {
            let games = Arc::new(games());
            let id = started_game(&games, &mut t.conn(), 3);
            let loaded = games.load(&mut t.conn(), &id).unwrap();
            let seat = state(&loaded).unwrap().waiting_on()[0];
            let action = state(&loaded).unwrap().legal_actions(seat)[0].clone();
            let mails_before = outbox(&mut t.conn(), &id).len();
            let barrier = Arc::new(Barrier::new(threads));
            let results: Vec<_> = std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads)
                    .map(|_| {
                        let (games, barrier, action, id) =
                            (games.clone(), barrier.clone(), action.clone(), id.clone());
                        let db = t.db().clone();
                        scope.spawn(move || {
                            barrier.wait();
                            make_move(&games, &db, &auth(&id, seat), 0, &action)
                        })
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().unwrap()).collect()
            });
            let applied = results.iter().filter(|r| r.is_ok()).count();
            let stale = results
                .iter()
                .filter(|r| matches!(r, Err(MoveError::Stale { current_seq: 1 })))
                .count();
            assert_eq!(
                applied,
                1,
                "{} with {threads} threads: {results:?}",
                t.name()
            );
            assert_eq!(
                stale,
                threads - 1,
                "{} with {threads} threads: {results:?}",
                t.name()
            );
            let mut conn = t.conn();
            assert_eq!(action_count(&mut conn, &id), 1);
            let after = games.load(&mut conn, &id).unwrap();
            assert_eq!(after.seq(), 1);
            let new_mails = outbox(&mut conn, &id).len() - mails_before;
            let expected = state(&after)
                .unwrap()
                .waiting_on()
                .into_iter()
                .filter(|s| {
                    *s != seat
                        && state(&loaded).unwrap().decision(*s)
                            != state(&after).unwrap().decision(*s)
                })
                .count();
            assert_eq!(new_mails, expected);
        }
    });
}

#[test]
fn the_clock_and_a_bot_play_seats_to_the_end_and_the_record_names_them_and_verifies() {
    on_each_backend(|t| {
        // Never absent however many deadlines pass: this test chooses every author itself.
        let games = Games::new(GamesConfig {
            time: corriere::service::time::TimeRules {
                missed_deadlines: u32::MAX,
                ..Default::default()
            },
            ..GamesConfig::new(
                corriere::service::BaseUrl::parse("https://corriere.test/").unwrap(),
                Secret::generate(),
                Registry::standard(),
            )
        });
        let mut conn = t.conn();
        let id = started_game(&games, &mut conn, 3);
        let mut picker = Picker(5);
        let mut expected = Vec::new();
        loop {
            let loaded = games.load(&mut conn, &id).unwrap();
            let game = state(&loaded).unwrap();
            if game.is_over() {
                break;
            }
            let seq = loaded.seq();
            let waiting = game.waiting_on();
            let seat = waiting[picker.pick(waiting.len())];
            let (mover, author, actions) = match seq % 3 {
                0 => {
                    let deadline = Millis::now().0 - 60_000;
                    (
                        clock(&id, seat, deadline),
                        Author::Clock { deadline },
                        vec![],
                    )
                }
                1 => (bot(&id, seat), Author::Bot, vec![]),
                _ => {
                    let legal = game.legal_actions(seat);
                    let action = legal[picker.pick(legal.len())].clone();
                    (Mover::Server(auth(&id, seat)), Author::Seat, vec![action])
                }
            };
            let done = move_as(&games, t.db(), mover, seq, &actions).unwrap();
            assert_eq!(done.seq, seq + 1, "{}", t.name());
            expected.push(author);
            if let Author::Clock { .. } = author {
                let row = store::actions_from(&mut conn, &id, seq + 1).unwrap();
                let default = game.default_action(seat).unwrap();
                assert_eq!(row[0].action, serde_json::to_string(&default).unwrap());
            }
            if seq == 5 {
                // While the game runs, its public record already names the clock and the bot.
                let running = games.record(&mut conn, &id).unwrap();
                let authors: Vec<Author> = running.actions.iter().map(|a| a.author).collect();
                assert_eq!(authors, expected, "{}", t.name());
                assert_eq!(
                    corriere::audit::verify_log_with(&running, games.registry()),
                    Ok(())
                );
            }
            assert!(expected.len() < 5000, "the game should end");
        }
        // (The bot draws its choices from the operating system: games differ in length.)
        assert!(
            expected.len() > 10,
            "a real game takes more than {} moves",
            expected.len()
        );
        assert_eq!(stored_authors(&mut conn, &id), expected, "{}", t.name());
        let record = games.record(&mut conn, &id).unwrap();
        let authors: Vec<Author> = record.actions.iter().map(|a| a.author).collect();
        assert_eq!(authors, expected);
        let text = record.to_json();
        for written in [
            r#""by":"clock","deadline":"#,
            r#""by":"bot""#,
            "\"deadline_time\":",
        ] {
            assert!(text.contains(written), "{written} in {text}");
        }
        let summary = corriere::audit::verify_json(&text).unwrap_or_else(|d| panic!("{d}"));
        assert_eq!(summary.actions, expected.len());
        // Imported elsewhere, the game keeps its authors.
        let elsewhere = sqlite_db();
        let copy = games.import(&mut elsewhere.conn(), &record).unwrap();
        assert_eq!(stored_authors(&mut elsewhere.conn(), &copy), expected);
    });
}

#[test]
fn the_clock_plays_only_the_default_after_its_deadline_and_tells_the_seat_it_must_decide_again() {
    on_each_backend(|t| {
        let games = games();
        let mut conn = t.conn();
        let id = started_game(&games, &mut conn, 3);
        let game = state(&games.load(&mut conn, &id).unwrap()).unwrap();
        // The holder places the token, then starts the battle it opened: it decides twice.
        let holder = game.waiting_on()[0];
        let address = PLAYERS[holder.index()].1;
        let default = game.default_action(holder).unwrap();
        let other = game
            .legal_actions(holder)
            .into_iter()
            .find(|a| *a != default)
            .unwrap();
        let idle = Seat::all(3).find(|s| game.decision(*s).is_none()).unwrap();
        let passed = Millis::now().0 - 1_000;
        let refused = [
            move_as(&games, t.db(), clock(&id, holder, passed), 0, &[other]),
            move_as(
                &games,
                t.db(),
                clock(&id, holder, passed + 3_600_000),
                0,
                &[],
            ),
            move_as(&games, t.db(), clock(&id, idle, passed), 0, &[]),
            // One deadline, one decision: never a script.
            move_as(
                &games,
                t.db(),
                clock(&id, holder, passed),
                0,
                &[default.clone(), default.clone()],
            ),
        ];
        assert!(
            matches!(
                refused,
                [
                    Err(MoveError::NotTheDefault),
                    Err(MoveError::BeforeDeadline { deadline: Millis(d) }),
                    Err(MoveError::NothingToDecide),
                    Err(MoveError::Unexpected(_)),
                ] if d == passed + 3_600_000
            ),
            "{refused:?}"
        );
        assert_eq!(action_count(&mut conn, &id), 0);
        let mails = turn_mails_to(&mut conn, &id, address);
        let done = move_as(&games, t.db(), clock(&id, holder, passed), 0, &[default]).unwrap();
        assert_eq!(done.seq, 1);
        assert_eq!(
            stored_authors(&mut conn, &id),
            [Author::Clock { deadline: passed }]
        );
        // The player missed the deadline: the mail tells it what the clock did and what is next.
        assert!(done.waiting.contains(&holder));
        assert_eq!(turn_mails_to(&mut conn, &id, address), mails + 1);
        assert_eq!(last_seen(&mut conn, &id, holder), 1);
        // The same deadline again is stale.
        let again = move_as(&games, t.db(), clock(&id, holder, passed), 0, &[]);
        assert!(
            matches!(again, Err(MoveError::Stale { current_seq: 1 })),
            "{again:?}"
        );

        // A player who places the token at the table is not mailed about the battle it opened.
        let id = started_game(&games, &mut conn, 3);
        let game = state(&games.load(&mut conn, &id).unwrap()).unwrap();
        let holder = game.waiting_on()[0];
        let address = PLAYERS[holder.index()].1;
        let mails = turn_mails_to(&mut conn, &id, address);
        let default = game.default_action(holder).unwrap();
        make_move(&games, t.db(), &auth(&id, holder), 0, &default).unwrap();
        assert_eq!(turn_mails_to(&mut conn, &id, address), mails);
        assert_eq!(stored_authors(&mut conn, &id), [Author::Seat]);
    });
}

#[test]
fn a_bot_plays_a_seat_legally_and_nobody_mails_the_bot() {
    on_each_backend(|t| {
        let games = games();
        let mut conn = t.conn();
        let id = started_game(&games, &mut conn, 3);
        let game = state(&games.load(&mut conn, &id).unwrap()).unwrap();
        let holder = game.waiting_on()[0];
        let address = PLAYERS[holder.index()].1;
        let idle = Seat::all(3).find(|s| game.decision(*s).is_none()).unwrap();
        let nothing = move_as(&games, t.db(), bot(&id, idle), 0, &[]);
        assert!(
            matches!(nothing, Err(MoveError::NothingToDecide)),
            "{nothing:?}"
        );
        let illegal = move_as(
            &games,
            t.db(),
            bot(&id, holder),
            0,
            &[Action::Draw { count: 9 }],
        );
        assert!(matches!(illegal, Err(MoveError::Illegal(_))), "{illegal:?}");
        let mails = turn_mails_to(&mut conn, &id, address);
        let seen = last_seen(&mut conn, &id, holder);
        let done = move_as(&games, t.db(), bot(&id, holder), 0, &[]).unwrap();
        assert_eq!(done.seq, 1);
        assert_eq!(stored_authors(&mut conn, &id), [Author::Bot]);
        let row = &store::actions_from(&mut conn, &id, 1).unwrap()[0];
        assert_eq!((row.author.as_str(), row.deadline), ("bot", None));
        let played = with_kind(|kind| kind.read_action(&row.action).unwrap());
        let legal = games_state_legal(&game, holder);
        assert!(
            legal.contains(&played.json().get().to_owned()),
            "{}",
            row.action
        );
        assert_eq!(turn_mails_to(&mut conn, &id, address), mails);
        assert_eq!(last_seen(&mut conn, &id, holder), seen);
    });
}

/// A seat's legal actions as JSON.
fn games_state_legal(game: &Game, seat: Seat) -> Vec<String> {
    game.legal_actions(seat)
        .iter()
        .map(|a| serde_json::to_string(a).unwrap())
        .collect()
}

#[test]
fn concurrent_clock_moves_for_the_same_deadline_and_seq_apply_once() {
    on_each_backend(|t| {
        for threads in [2, 16] {
            let games = Arc::new(games());
            let id = started_game(&games, &mut t.conn(), 3);
            let loaded = games.load(&mut t.conn(), &id).unwrap();
            let seat = state(&loaded).unwrap().waiting_on()[0];
            let deadline = Millis::now().0 - 1_000;
            let barrier = Arc::new(Barrier::new(threads));
            let results: Vec<_> = std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads)
                    .map(|_| {
                        let (games, barrier, id) = (games.clone(), barrier.clone(), id.clone());
                        let db = t.db().clone();
                        scope.spawn(move || {
                            barrier.wait();
                            move_as(&games, &db, clock(&id, seat, deadline), 0, &[])
                        })
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().unwrap()).collect()
            });
            let applied = results.iter().filter(|r| r.is_ok()).count();
            let stale = results
                .iter()
                .filter(|r| matches!(r, Err(MoveError::Stale { current_seq: 1 })))
                .count();
            assert_eq!(
                (applied, stale),
                (1, threads - 1),
                "{} with {threads} threads: {results:?}",
                t.name()
            );
            let mut conn = t.conn();
            assert_eq!(stored_authors(&mut conn, &id), [Author::Clock { deadline }]);
            assert_eq!(games.load(&mut conn, &id).unwrap().seq(), 1);
        }
    });
}

#[test]
fn a_transaction_that_fails_stores_nothing_and_enqueues_nothing() {
    #[derive(Debug)]
    struct Abandon;
    impl From<diesel::result::Error> for Abandon {
        fn from(_: diesel::result::Error) -> Abandon {
            Abandon
        }
    }
    on_each_backend(|t| {
        let games = games();
        let mut conn = t.conn();
        let id = started_game(&games, &mut conn, 3);
        let loaded = games.load(&mut conn, &id).unwrap();
        let seat = state(&loaded).unwrap().waiting_on()[0];
        let action = state(&loaded).unwrap().legal_actions(seat)[0].clone();
        let mails = outbox(&mut conn, &id).len();
        let mail = store::NewMail {
            game_id: Some(id.clone()),
            kind: "your_turn",
            to_name: "Bob".into(),
            to_addr: "bob@example.org".into(),
            subject: "your turn".into(),
            text_body: "a mail of the abandoned move".into(),
            html_body: "<p>a mail of the abandoned move</p>".into(),
            unsubscribe_url: None,
            reply_to: None,
        };
        let prepared = store::NewMove {
            mails: vec![mail.into_row(Millis::now())],
            ..stand_in_move(&mut conn, &id, 1)
        };
        // A caller composes the move with more work that then fails: all of it rolls back.
        let result = store::write_transaction(&mut conn, |conn| -> Result<(), Abandon> {
            assert_eq!(store::store_move(conn, &prepared), Ok(true));
            assert_eq!(
                action_count(conn, &id),
                1,
                "inside the transaction the move is there"
            );
            Err(Abandon)
        });
        assert!(result.is_err());
        assert_eq!(action_count(&mut conn, &id), 0);
        assert_eq!(outbox(&mut conn, &id).len(), mails);
        // The log decides what the game is.
        let after = games.load(&mut conn, &id).unwrap();
        assert_eq!(after.seq(), 0);
        assert_eq!(state(&after), state(&loaded));
        make_move(&games, t.db(), &auth(&id, seat), 0, &action)
            .expect("the move can be made again");
    });
}

#[test]
fn a_seat_link_works_only_for_its_seat_until_it_is_replaced() {
    on_each_backend(|t| {
        let games = games();
        let mut conn = t.conn();
        let id = new_game(&games, &mut conn, 2, Options::default());
        let token = games.links().token(&id, Seat(1), 1);
        let authorized = games.authorize(&mut conn, &id, Seat(1), &token).unwrap();
        assert_eq!(authorized.seat(), Seat(1));
        assert!(matches!(
            games.authorize(&mut conn, &id, Seat(0), &token),
            Err(AuthError::BadLink)
        ));
        assert!(matches!(
            games.authorize(&mut conn, &id, Seat(5), &token),
            Err(AuthError::BadLink)
        ));
        let nowhere = GameId::parse("aaaaaaaaaa").unwrap();
        assert!(matches!(
            games.authorize(&mut conn, &nowhere, Seat(1), &token),
            Err(AuthError::NoSuchGame)
        ));
        // The invitation carries the link.
        let invitation = outbox(&mut conn, &id)
            .into_iter()
            .find(|m| m.to_name == "Bob")
            .unwrap();
        assert!(invitation
            .text_body
            .contains(&format!("/games/{id}/seat/2/{token}")));

        games.relink(&mut conn, &id, Seat(1)).unwrap();
        assert!(matches!(
            games.authorize(&mut conn, &id, Seat(1), &token),
            Err(AuthError::BadLink)
        ));
        let fresh = games.links().token(&id, Seat(1), 2);
        assert!(games.authorize(&mut conn, &id, Seat(1), &fresh).is_ok());
        let relink = outbox(&mut conn, &id)
            .into_iter()
            .find(|m| m.kind == "relink")
            .unwrap();
        assert_eq!(relink.to_addr, "bob@example.org");
        assert!(relink.text_body.contains(fresh.as_str()));
        assert!(!relink.text_body.contains(token.as_str()));
        // No usable token is stored anywhere.
        let seats = store::seats_of(&mut conn, &id).unwrap();
        assert!(seats
            .iter()
            .all(|s| !format!("{s:?}").contains(fresh.as_str())));
    });
}

#[test]
fn declining_cancels_the_game_and_tells_the_others() {
    on_each_backend(|t| {
        let games = games();
        let mut conn = t.conn();
        let id = new_game(&games, &mut conn, 3, Options::default());
        games.accept(&mut conn, &auth(&id, Seat(0)), None).unwrap();
        games.decline(&mut conn, &auth(&id, Seat(2))).unwrap();
        assert_eq!(
            games.load(&mut conn, &id).unwrap().game.status,
            GameStatus::Cancelled
        );
        let cancelled: Vec<_> = outbox(&mut conn, &id)
            .into_iter()
            .filter(|m| m.kind == "cancelled")
            .collect();
        let mut told: Vec<_> = cancelled.iter().map(|m| m.to_name.as_str()).collect();
        told.sort();
        assert_eq!(told, ["Alice", "Bob"]);
        assert!(cancelled[0].text_body.contains("Carla declined"));
        assert!(matches!(
            games.accept(&mut conn, &auth(&id, Seat(1)), None),
            Err(AcceptError::NotInviting)
        ));
    });
}

#[test]
fn a_whole_game_is_played_to_the_end_and_everyone_is_told_the_result() {
    on_each_backend(|t| {
        let games = games();
        let mut conn = t.conn();
        let id = started_game(&games, &mut conn, 3);
        let mut picker = Picker(11);
        let mut moves = 0;
        while play_one(&games, t.db(), &id, &mut picker) {
            moves += 1;
            assert!(moves < 5000, "the game should end");
        }
        assert!(moves > 10, "a real game takes more than {moves} moves");
        let loaded = games.load(&mut conn, &id).unwrap();
        assert_eq!(loaded.game.status, GameStatus::Over, "{}", t.name());
        assert!(loaded.game.ended_at.is_some());
        let over: Vec<_> = outbox(&mut conn, &id)
            .into_iter()
            .filter(|m| m.kind == "game_over")
            .collect();
        assert_eq!(over.len(), 3);
        let row = store::find_game(&mut conn, &id).unwrap().unwrap();
        for mail in &over {
            assert!(
                mail.text_body.contains(&row.secret),
                "the secret is revealed at the end"
            );
        }
        assert_eq!(
            games.record(&mut conn, &id).unwrap().secret,
            Some(row.secret.clone())
        );
        assert_eq!(
            games
                .public_page(&mut conn, &id, "en", chrono_tz::UTC)
                .unwrap()
                .revealed_secret,
            Some(row.secret)
        );
        let result = make_move(
            &games,
            t.db(),
            &auth(&id, Seat(0)),
            loaded.seq(),
            &Action::Pass { reveal: false },
        );
        assert!(matches!(result, Err(MoveError::NotPlaying)));
    });
}

#[test]
fn no_mail_to_a_seat_shows_another_seats_hand_or_private_events() {
    on_each_backend(|t| {
        let games = games();
        let mut conn = t.conn();
        let options = Options {
            hidden_cards: true,
            draw_after_battle: true,
            ..Options::default()
        };
        let id = new_game(&games, &mut conn, 4, options);
        for seat in Seat::all(4) {
            games.accept(&mut conn, &auth(&id, seat), None).unwrap();
        }
        let names = SeatNames::new(PLAYERS.iter().map(|p| p.0.to_owned()).collect());
        let registry = Registry::standard();
        let words = registry.catalogs().default_words();
        // A private sentence as it would read if it leaked: by name, not "you".
        let leak = Ctx::new(words, &names, Viewer::Reviewer);
        let mut seen: HashSet<String> = HashSet::new();
        let mut picker = Picker(5);
        let mut checked = 0;
        for step in 0..150 {
            if step > 0 && !play_one(&games, t.db(), &id, &mut picker) {
                break;
            }
            let loaded = games.load(&mut conn, &id).unwrap();
            let replay = loaded.replay.as_ref().unwrap();
            let game = state(&loaded).unwrap();
            // Every private sentence of every seat so far.
            let private: Vec<(Seat, String)> = replay
                .steps
                .iter()
                .flat_map(|s| {
                    s.events
                        .downcast::<Vec<(Audience, Event)>>()
                        .unwrap()
                        .iter()
                })
                .filter_map(|(audience, event)| match audience {
                    Audience::Only(seat) | Audience::Until(seat) => {
                        Some((*seat, Condottiere.event(event, &leak)))
                    }
                    Audience::Everyone => None,
                })
                .collect();
            for mail in outbox(&mut conn, &id) {
                if !seen.insert(mail.id.clone()) || mail.kind == "invitation" {
                    continue;
                }
                let to = Seat(PLAYERS.iter().position(|p| p.1 == mail.to_addr).unwrap() as u8);
                for (owner, sentence) in &private {
                    if *owner != to {
                        assert!(
                            !mail.text_body.contains(sentence),
                            "mail to {to} shows {owner}'s {sentence:?}"
                        );
                        assert!(
                            !mail.html_body.contains(sentence),
                            "mail to {to} shows {owner}'s {sentence:?}"
                        );
                    }
                }
                if mail.kind == "your_turn" {
                    let hand = game.hand(to).cards();
                    let mine = Ctx::new(words, &names, Viewer::Seat(to));
                    let line = Condottiere
                        .mail_part(&game.view(Viewer::Seat(to)), to, &mine)
                        .text;
                    assert!(line.starts_with("Your hand: "), "{line}");
                    assert!(line.contains(&hand.len().to_string()), "{line}");
                    assert!(
                        mail.text_body.contains(&line),
                        "{line:?} not in {}",
                        mail.text_body
                    );
                    assert_eq!(mail.text_body.matches("Your hand:").count(), 1);
                }
                checked += 1;
            }
        }
        assert!(checked > 20, "only {checked} mails checked");
    });
}

#[test]
fn queued_mails_are_sent_through_smtp_with_their_message_id_and_both_parts() {
    on_each_backend(|t| {
        let games = games();
        let id = started_game(&games, &mut t.conn(), 2);
        let queued = outbox(&mut t.conn(), &id);
        assert!(queued.len() >= 3);
        let (url, messages) = smtp_server();
        let rt = runtime();
        let report = rt.block_on(async {
            let mailer = Arc::new(Mailer::new(&mail_config(t.dir.path(), Some(url))).unwrap());
            Worker::new(mailer, t.db().clone(), self::games())
                .run_once()
                .await
                .unwrap()
        });
        assert_eq!(
            (report.sent, report.failed),
            (queued.len(), 0),
            "{}",
            t.name()
        );
        assert!(
            outbox(&mut t.conn(), &id).is_empty(),
            "sent rows are deleted"
        );
        let messages = messages.lock().unwrap();
        assert_eq!(messages.len(), queued.len());
        for row in &queued {
            let message = messages
                .iter()
                .find(|m| m.contains(&format!("Message-ID: {}", row.message_id)))
                .unwrap_or_else(|| panic!("no message with id {}", row.message_id));
            assert!(message.contains("multipart/alternative"));
            assert!(message.contains("text/plain"));
            assert!(message.contains("text/html"));
            assert!(message.contains(&row.to_addr));
        }
    });
}

#[test]
fn without_an_smtp_server_mails_are_written_as_eml_files() {
    on_each_backend(|t| {
        let games = games();
        // Three invitations: the creator is not invited.
        let id = new_game(&games, &mut t.conn(), 4, Options::default());
        let rt = runtime();
        let report = rt.block_on(async {
            let mailer = Arc::new(Mailer::new(&mail_config(t.dir.path(), None)).unwrap());
            Worker::new(mailer, t.db().clone(), self::games())
                .run_once()
                .await
                .unwrap()
        });
        assert_eq!(report.sent, 3);
        let files: Vec<_> = std::fs::read_dir(t.dir.path().join("outbox"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "eml"))
            .collect();
        assert_eq!(files.len(), 3);
        let text = std::fs::read_to_string(&files[0]).unwrap();
        assert!(text.contains("Message-ID: <"));
        assert!(text.contains("multipart/alternative"));
        assert!(outbox(&mut t.conn(), &id).is_empty());
    });
}

#[test]
fn one_pass_sends_each_recipients_mails_oldest_first_and_forgets_them_all() {
    on_each_backend(|t| {
        let start = Millis::now();
        let to = ["ann@example.org", "ben@example.org", "cleo@example.org"];
        for n in 0..12 {
            let mail = store::NewMail {
                game_id: None,
                kind: "your_turn",
                to_name: "Player".into(),
                to_addr: to[n % to.len()].into(),
                subject: format!("mail number {n:02}"),
                text_body: "text".into(),
                html_body: "<p>html</p>".into(),
                unsubscribe_url: None,
                reply_to: None,
            };
            store::enqueue(&mut t.conn(), mail, Millis(start.0 + n as i64)).unwrap();
        }
        let (url, messages) = smtp_server();
        let rt = runtime();
        let report = rt.block_on(async {
            let mailer = Arc::new(Mailer::new(&mail_config(t.dir.path(), Some(url))).unwrap());
            Worker::new(mailer, t.db().clone(), self::games())
                .run_once_at(Millis(start.0 + 100))
                .await
                .unwrap()
        });
        assert_eq!((report.claimed, report.sent, report.failed), (12, 12, 0));
        assert!(store::outbox_rows(&mut t.conn(), None).unwrap().is_empty());
        let messages = messages.lock().unwrap();
        for (first, address) in to.iter().enumerate() {
            let subjects: Vec<String> = messages
                .iter()
                .filter(|m| m.contains(&format!("To: Player <{address}>")))
                .filter_map(|m| m.lines().find_map(|l| l.strip_prefix("Subject: ")))
                .map(str::to_owned)
                .collect();
            let expected: Vec<String> = (first..12)
                .step_by(to.len())
                .map(|n| format!("mail number {n:02}"))
                .collect();
            assert_eq!(subjects, expected, "{}: {address}", t.name());
        }
    });
}

#[test]
fn a_background_checkpoint_copies_the_sqlite_log_into_the_database_file() {
    let t = sqlite_db();
    let file = t.dir.path().join("data/corriere.db");
    let before = std::fs::metadata(&file).unwrap().len();
    let mut conn = t.conn();
    for n in 0..300 {
        let mail = store::NewMail {
            game_id: None,
            kind: "your_turn",
            to_name: "Player".into(),
            to_addr: "ann@example.org".into(),
            subject: format!("mail {n}"),
            text_body: "x".repeat(2000),
            html_body: "y".repeat(2000),
            unsubscribe_url: None,
            reply_to: None,
        };
        store::enqueue(&mut conn, mail, Millis::now()).unwrap();
    }
    drop(conn);
    // The rows are in the WAL; only a checkpoint grows the database file itself.
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while std::fs::metadata(&file).unwrap().len() <= before + 300 * 4000 {
        assert!(
            std::time::Instant::now() < deadline,
            "no checkpoint copied the WAL within 10 s"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_claimed_mail_whose_worker_died_is_sent_again_after_the_lease() {
    on_each_backend(|t| {
        let games = games();
        // Two invitations: the creator is not invited.
        let id = new_game(&games, &mut t.conn(), 3, Options::default());
        let now = Millis::now();
        let lease = Duration::from_secs(300);
        // A worker claims both rows and dies before sending.
        let claimed = store::claim_due(&mut t.conn(), "dead worker", now, lease, 10).unwrap();
        assert_eq!(claimed.len(), 2);
        let (url, messages) = smtp_server();
        let rt = runtime();
        let mailer = rt.block_on(async {
            Arc::new(Mailer::new(&mail_config(t.dir.path(), Some(url))).unwrap())
        });
        let worker = Worker::new(mailer, t.db().clone(), self::games());
        let during = rt
            .block_on(worker.run_once_at(now.plus(Duration::from_secs(10))))
            .unwrap();
        assert_eq!(during.claimed, 0, "a live claim is respected");
        let after = rt
            .block_on(worker.run_once_at(now.plus(lease).plus(Duration::from_secs(1))))
            .unwrap();
        assert_eq!(after.sent, 2, "{}", t.name());
        assert!(outbox(&mut t.conn(), &id).is_empty());
        let messages = messages.lock().unwrap();
        for row in &claimed {
            assert!(
                messages.iter().any(|m| m.contains(&row.message_id)),
                "re-sent with the same Message-ID"
            );
        }
    });
}

#[test]
fn a_failed_send_keeps_the_row_with_its_error_and_a_growing_backoff() {
    on_each_backend(|t| {
        let games = games();
        // Two invitations: the creator is not invited.
        let id = new_game(&games, &mut t.conn(), 3, Options::default());
        // A port nobody listens on.
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let rt = runtime();
        let mailer = rt.block_on(async {
            Arc::new(
                Mailer::new(&mail_config(
                    t.dir.path(),
                    Some(format!("smtp://127.0.0.1:{port}")),
                ))
                .unwrap(),
            )
        });
        let worker = Worker::new(mailer, t.db().clone(), self::games());
        let now = Millis::now();
        let first = rt.block_on(worker.run_once_at(now)).unwrap();
        assert_eq!((first.sent, first.failed), (0, 2), "{}", t.name());
        for row in outbox(&mut t.conn(), &id) {
            assert_eq!(row.attempts, 1);
            assert!(row.last_error.as_deref().is_some_and(|e| !e.is_empty()));
            assert_eq!(row.next_attempt_at, now.plus(Duration::from_secs(30)).0);
        }
        let early = rt
            .block_on(worker.run_once_at(now.plus(Duration::from_secs(29))))
            .unwrap();
        assert_eq!(early.claimed, 0, "nothing is retried before its backoff");
        let later = now.plus(Duration::from_secs(30));
        let second = rt.block_on(worker.run_once_at(later)).unwrap();
        assert_eq!(second.failed, 2);
        for row in outbox(&mut t.conn(), &id) {
            assert_eq!(row.attempts, 2);
            assert_eq!(row.next_attempt_at, later.plus(Duration::from_secs(60)).0);
        }
    });
    assert_eq!(store::retry_delay(0), Duration::from_secs(30));
    assert_eq!(store::retry_delay(20), Duration::from_secs(3600));
}

/// Security the SMTP URL asks for is never given up for plain text: STARTTLS required
/// against a server that does not offer it, and smtps:// against a server that speaks plain
/// SMTP, both fail and keep the mail with the reason; opportunistic STARTTLS sends in plain
/// text when the server offers no STARTTLS.
#[test]
fn smtp_urls_that_ask_for_tls_never_send_in_plain_text() {
    let t = sqlite_db();
    let (plain_url, messages) = smtp_server();
    let address = plain_url.trim_start_matches("smtp://").to_string();
    let rt = runtime();
    let enqueue = |subject: &str| {
        let mail = store::NewMail {
            game_id: None,
            kind: "your_turn",
            to_name: "Player".into(),
            to_addr: "ann@example.org".into(),
            subject: subject.into(),
            text_body: "text".into(),
            html_body: "<p>html</p>".into(),
            unsubscribe_url: None,
            reply_to: None,
        };
        store::enqueue(&mut t.conn(), mail, Millis::now()).unwrap();
    };
    // Each pass a day later than the last, past any backoff.
    let passes = std::cell::Cell::new(0);
    let pass = |url: String| {
        passes.set(passes.get() + 1);
        let at = Millis::now().plus(Duration::from_secs(3600 * 24 * passes.get()));
        rt.block_on(async {
            let mailer = Arc::new(Mailer::new(&mail_config(t.dir.path(), Some(url))).unwrap());
            Worker::new(mailer, t.db().clone(), self::games())
                .run_once_at(at)
                .await
                .unwrap()
        })
    };
    let last_error = || {
        let rows = store::outbox_rows(&mut t.conn(), None).unwrap();
        rows[0].last_error.clone().unwrap_or_default()
    };
    enqueue("first");
    let report = pass(format!("smtp://{address}?tls=required"));
    assert_eq!((report.sent, report.failed), (0, 1));
    assert!(last_error().contains("STARTTLS"), "{}", last_error());
    assert!(
        messages.lock().unwrap().is_empty(),
        "nothing went out in plain text"
    );
    // A server that answers the TLS handshake with an SMTP greeting.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        use std::io::{Read, Write};
        for mut client in listener.incoming().flatten() {
            let _ = client.write_all(b"220 plain.test ESMTP\r\n");
            let _ = client.read(&mut [0u8; 1024]);
        }
    });
    let report = pass(format!("smtps://127.0.0.1:{port}"));
    assert_eq!((report.sent, report.failed), (0, 1));
    assert!(
        last_error().starts_with("TLS with 127.0.0.1"),
        "{}",
        last_error()
    );
    let report = pass(format!("smtp://{address}?tls=opportunistic"));
    assert_eq!((report.sent, report.failed), (1, 0));
    assert_eq!(messages.lock().unwrap().len(), 1);
}

#[test]
fn database_urls_choose_the_backend_by_scheme() {
    assert!(matches!(
        DbUrl::parse("postgres://u:p@h/db").unwrap(),
        DbUrl::Postgres(_)
    ));
    assert!(matches!(
        DbUrl::parse("postgresql://h/db").unwrap(),
        DbUrl::Postgres(_)
    ));
    assert!(
        matches!(DbUrl::parse("sqlite://data/c.db").unwrap(), DbUrl::Sqlite(p) if p.ends_with("data/c.db"))
    );
    assert!(matches!(
        DbUrl::parse("/var/lib/corriere.db").unwrap(),
        DbUrl::Sqlite(_)
    ));
    assert!(DbUrl::parse("mysql://h/db").is_err());
    assert!(
        !format!("{:?}", DbUrl::parse("postgres://u:hunter2@h/db").unwrap()).contains("hunter2")
    );
    assert!(!format!("{:?}", Secret::generate())
        .chars()
        .any(|c| c.is_ascii_hexdigit() && c.is_ascii_digit()));
}

#[test]
fn private_events_of_the_engine_are_the_ones_this_suite_checks() {
    // Guard for the mail privacy test: these variants are emitted only to their seat.
    let received = Event::Received {
        seat: Seat(0),
        cards: vec![Card::M1],
    };
    let registry = Registry::standard();
    let names = SeatNames::default();
    let cx = Ctx::new(
        registry.catalogs().default_words(),
        &names,
        Viewer::Spectator,
    );
    assert_eq!(
        Condottiere.event(&received, &cx),
        "P1 received Mercenary 1."
    );
}

/// A pooled PostgreSQL connection whose last statement succeeded within a second is handed out
/// without a ping. If its server connection died meanwhile, that one request fails, and the
/// failure makes the next check-out ping it, find it dead and connect afresh: nothing fails
/// twice.
#[test]
fn a_dead_postgres_connection_fails_one_request_and_is_then_replaced() {
    let Some(server) = postgres_server() else {
        return;
    };
    let test = postgres_db(&server);
    let (_, name) = test.postgres.clone().expect("a PostgreSQL database");
    let url = corriere::store::postgres_url_for_database(&server, &name);
    let db = Db::open_with_size(&DbUrl::parse(&url).unwrap(), 1).expect("PostgreSQL opens");
    let ask = |db: &Db| -> QueryResult<i64> {
        let mut conn = db.get().expect("a pooled connection");
        assert_eq!(
            conn.backend(),
            store::Backend::Postgres,
            "a PostgreSQL pool"
        );
        store::query_number(&mut conn, "42::bigint")
    };
    assert_eq!(ask(&db), Ok(42));
    let mut admin = PgConnection::establish(&server).expect("the PostgreSQL test server answers");
    diesel::sql_query(format!(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
         WHERE datname = '{name}' AND pid <> pg_backend_pid()"
    ))
    .execute(&mut admin)
    .expect("the pool's connections are ended");
    assert!(ask(&db).is_err(), "the trusted connection is used unpinged");
    for _ in 0..3 {
        assert_eq!(
            ask(&db),
            Ok(42),
            "a failed connection is checked and replaced"
        );
    }
}

/// A connection opened while another holds the SQLite file's lock (a stopping service's last
/// connection checkpoints under an exclusive lock) waits for the lock instead of failing:
/// a restarted service once failed to start with "database is locked".
#[test]
fn a_sqlite_connection_opened_while_the_file_is_locked_waits_for_the_lock() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let url = DbUrl::parse(&format!("sqlite://{}", dir.path().join("c.db").display())).unwrap();
    drop(Db::open(&url).expect("SQLite opens"));
    let mut holder = store::connect(&url).unwrap();
    assert_eq!(holder.backend(), store::Backend::Sqlite, "a SQLite URL");
    store::execute_sql(&mut holder, "PRAGMA locking_mode = EXCLUSIVE").unwrap();
    store::execute_sql(&mut holder, "BEGIN EXCLUSIVE").unwrap();
    let released = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        drop(holder);
    });
    let opened = store::connect(&url);
    released.join().unwrap();
    assert!(opened.is_ok(), "{:?}", opened.err());
}

/// Eight workers (eight servers on one database) claim the mail outbox and the webhook outbox
/// at the same moment: exactly one takes the queue's lease and its rows, the others get none
/// and do not wait for it. Once the holder's sent rows are settled and its lease let go, the
/// next claim takes only the rows left; a holder that died keeps the queue until its lease
/// runs out.
#[test]
fn workers_claiming_a_queue_at_once_never_claim_one_row_twice() {
    on_each_backend(|t| {
        let now = Millis::now();
        let mut conn = t.conn();
        // An idle pass writes nothing, not even the lease.
        let lease = Duration::from_secs(300);
        assert!(store::claim_due(&mut conn, "idle", now, lease, 10)
            .unwrap()
            .is_empty());
        let leases = store::query_number(&mut conn, "(SELECT count(*) FROM queue_leases)");
        assert_eq!(leases.unwrap(), 0, "{}", t.name());
        for n in 0..4 {
            let mail = store::NewMail {
                game_id: None,
                kind: "your_turn",
                to_name: "Player".into(),
                to_addr: format!("p{n}@example.org"),
                subject: format!("mail {n}"),
                text_body: "x".into(),
                html_body: "y".into(),
                unsubscribe_url: None,
                reply_to: None,
            };
            store::enqueue(&mut conn, mail, Millis(now.0 - 10 + n)).unwrap();
            let hook = store::WebhookRow::new(
                &format!("p{n}@example.org"),
                "http://127.0.0.1:9/hook",
                "json",
                "{}".into(),
                Millis(now.0 - 10 + n),
            );
            store::insert_webhooks(&mut conn, &[hook]).unwrap();
        }
        drop(conn);
        for table in ["outbox", "webhook_outbox"] {
            let claim =
                move |conn: &mut Conn, holder: &str, at: Millis, limit: i64| -> Vec<String> {
                    match table {
                        "outbox" => store::claim_due(conn, holder, at, lease, limit)
                            .unwrap()
                            .into_iter()
                            .map(|r| r.id)
                            .collect(),
                        _ => store::claim_webhooks(conn, holder, at, lease, limit)
                            .unwrap()
                            .into_iter()
                            .map(|r| r.id)
                            .collect(),
                    }
                };
            let release = move |conn: &mut Conn, holder: &str| match table {
                "outbox" => store::release_mails(conn, holder).unwrap(),
                _ => store::release_webhooks(conn, holder).unwrap(),
            };
            let start = Arc::new(std::sync::Barrier::new(8));
            let claims: Vec<(String, Vec<String>)> = (0..8)
                .map(|n| {
                    let (db, start) = (t.db().clone(), start.clone());
                    std::thread::spawn(move || {
                        let mut conn = db.get().unwrap();
                        let holder = format!("worker {n}");
                        start.wait();
                        let rows = claim(&mut conn, &holder, now, 2);
                        (holder, rows)
                    })
                })
                .collect::<Vec<_>>()
                .into_iter()
                .map(|claimer| claimer.join().unwrap())
                .collect();
            let winners: Vec<&(String, Vec<String>)> =
                claims.iter().filter(|(_, rows)| !rows.is_empty()).collect();
            assert_eq!(winners.len(), 1, "{}: {table}: {claims:?}", t.name());
            let (holder, first) = winners[0];
            assert_eq!(first.len(), 2, "{}: {table}: the two oldest", t.name());
            // The holder's next claim renews its lease; another's stays empty.
            assert_eq!(claim(&mut t.conn(), holder, now, 2), *first);
            assert!(claim(&mut t.conn(), "latecomer", now, 10).is_empty());
            // The holder settles what it sent and lets the lease go.
            store::execute_sql(
                &mut t.conn(),
                &format!("DELETE FROM {table} WHERE id IN ('{}')", first.join("', '")),
            )
            .unwrap();
            release(&mut t.conn(), holder);
            let rest = claim(&mut t.conn(), "latecomer", now, 10);
            assert_eq!(rest.len(), 2, "{}: {table}: the rows left", t.name());
            assert!(
                rest.iter().all(|id| !first.contains(id)),
                "no row claimed twice"
            );
            // The latecomer dies without letting go: the queue waits out its lease.
            let later = now.plus(Duration::from_secs(200));
            assert!(claim(&mut t.conn(), "third", later, 10).is_empty());
            let after = now.plus(lease).plus(Duration::from_secs(1));
            assert_eq!(claim(&mut t.conn(), "third", after, 10), rest);
        }
    });
}

/// The replay viewer starts from the game's nearest checkpoint: every step a service shows
/// from a review carried on move by move (and past the game's end) is the step a service
/// with nothing kept replays from the setup, action, events and milestones alike.
#[test]
fn every_step_from_a_checkpoint_is_the_step_replayed_from_the_setup() {
    on_each_backend(|t| {
        let mut conn = t.conn();
        let maker = games();
        // Play for points, far away: a game long past two checkpoints whatever its deal.
        let long = Options {
            play_for_points: Some(200),
            draw_after_battle: true,
            ..Options::default()
        };
        let id = new_game(&maker, &mut conn, 3, long);
        for seat in Seat::all(3) {
            maker
                .accept(&mut conn, &auth(&id, seat), None)
                .expect("accept");
        }
        let warm = games_caching(1 << 30);
        let mut picker = Picker(11);
        for _ in 0..120 {
            if !play_one(&maker, t.db(), &id, &mut picker) {
                break;
            }
            let last = store::last_seq(&mut conn, &id).unwrap();
            assert_eq!(
                warm.state_at(&mut conn, &id, last).unwrap().unwrap().seq,
                last
            );
        }
        let last = store::last_seq(&mut conn, &id).unwrap();
        assert!(last > 2 * 32, "{last} actions: past two checkpoints");
        assert!(warm.state_at(&mut conn, &id, last + 1).unwrap().is_none());
        assert!(warm.state_at(&mut conn, &id, -1).unwrap().is_none());
        let json =
            |a: &Option<corriere::kinds::Action>| a.as_ref().map(|a| a.json().get().to_owned());
        for seq in (0..=last).rev() {
            let cold = games_caching(0)
                .state_at(&mut conn, &id, seq)
                .unwrap()
                .unwrap();
            let kept = warm.state_at(&mut conn, &id, seq).unwrap().unwrap();
            assert_eq!(kept.game.position(), cold.game.position(), "step {seq}");
            assert_eq!(json(&kept.action), json(&cold.action), "step {seq}");
            assert_eq!(kept.seat, cold.seat, "step {seq}");
            assert_eq!(
                format!("{:?}", kept.events),
                format!("{:?}", cold.events),
                "step {seq}"
            );
            assert_eq!((kept.last, kept.finished), (cold.last, cold.finished));
        }
        let labels = |games: &Games| -> Vec<(i64, String)> {
            games
                .milestones(&mut t.conn(), &id, "pt")
                .unwrap()
                .into_iter()
                .map(|m| (m.seq, m.label))
                .collect()
        };
        assert!(!labels(&warm).is_empty(), "the game has milestones");
        assert_eq!(labels(&warm), labels(&games_caching(0)));
        let usage = warm.cache_usage();
        assert_eq!(usage.reviews, 1, "{usage:?}");
        assert!(usage.review_bytes > 0, "{usage:?}");
    });
}
