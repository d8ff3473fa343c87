//! The operator's commands against a real SQLite file: `game list|show|cancel`, `mail
//! list|retry` and `seat relink` read `serve`'s configuration and act on the stored games.

use corriere::domain::Millis;
use corriere::domain::{EmailAddress, GameId, PlayerName};
use corriere::engine::Seat;
use corriere::kinds::Registry;
use corriere::service::{
    ActionInput, BaseUrl, Games, GamesConfig, Mover, NewGame, SeatAuth, Secret,
};
use corriere::store::{self, Db, DbUrl};
use std::path::PathBuf;
use std::process::Command;

const SECRET: &str = "5ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2";

struct Site {
    _root: tempfile::TempDir,
    data: PathBuf,
}

impl Site {
    fn new() -> Site {
        let root = tempfile::tempdir().unwrap();
        let data = root.path().join("data");
        Site { _root: root, data }
    }

    fn db_url(&self) -> String {
        format!("sqlite://{}", self.data.join("corriere.db").display())
    }

    fn open(&self) -> (Games, Db) {
        std::fs::create_dir_all(&self.data).unwrap();
        let db = Db::open(&DbUrl::parse(&self.db_url()).unwrap()).unwrap();
        let games = Games::new(GamesConfig::new(
            BaseUrl::parse("http://127.0.0.1:8080/").unwrap(),
            Secret::from_hex(SECRET).unwrap(),
            Registry::standard(),
        ));
        (games, db)
    }

    /// Run `corriere ARGS` with this site's configuration in the environment, as `serve` reads
    /// it: (exit status, standard output, standard error).
    fn corriere(&self, args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
        let mut command = Command::new(env!("CARGO_BIN_EXE_corriere"));
        command
            .args(args)
            .env_remove("CORRIERE_BASE_URL")
            .env_remove("CORRIERE_BIND")
            .env("CORRIERE_DATABASE_URL", self.db_url())
            .env("CORRIERE_DATA_DIR", &self.data)
            .env("CORRIERE_SECRET", SECRET);
        for (key, value) in env {
            command.env(key, value);
        }
        let out = command.output().unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }
}

const PLAYERS: [(&str, &str); 3] = [
    ("Alice", "alice@example.org"),
    ("Bruno", "bruno@example.org"),
    ("Chiara", "chiara@example.org"),
];

fn new_game(games: &Games, db: &Db, accepted: &[u8]) -> GameId {
    let mut conn = db.get().unwrap();
    let seats = PLAYERS
        .iter()
        .map(|(n, e)| {
            (
                PlayerName::parse(n).unwrap(),
                EmailAddress::parse(e).unwrap(),
            )
        })
        .collect();
    let id = games
        .create_game(
            &mut conn,
            NewGame::confirmed("condottiere", serde_json::json!({}), seats, Seat(0)),
        )
        .unwrap()
        .game_id;
    for seat in accepted {
        let auth = SeatAuth::for_server(id.clone(), Seat(*seat));
        games.accept(&mut conn, &auth, None).unwrap();
    }
    id
}

fn mails(db: &Db, game: &GameId, kind: &str) -> Vec<store::OutboxRow> {
    let mut conn = db.get().unwrap();
    store::outbox_rows(&mut conn, Some(game))
        .unwrap()
        .into_iter()
        .filter(|m| m.kind == kind)
        .collect()
}

fn line_of<'a>(out: &'a str, id: &GameId) -> &'a str {
    out.lines()
        .find(|l| l.starts_with(id.as_str()))
        .unwrap_or_else(|| panic!("no line for {id}: {out}"))
}

#[test]
fn game_list_says_each_games_status_whom_it_waits_on_and_since_when() {
    let site = Site::new();
    let (games, db) = site.open();
    let inviting = new_game(&games, &db, &[0]);
    let playing = new_game(&games, &db, &[0, 1, 2]);
    drop(db);
    let (code, out, _) = site.corriere(&["game", "list"], &[]);
    assert_eq!(code, 0, "{out}");
    let line = line_of(&out, &inviting);
    assert!(line.contains("inviting"), "{line}");
    assert!(line.contains("waiting on Bruno, Chiara"), "{line}");
    assert!(line.contains("since 20"), "a date: {line}");
    let line = line_of(&out, &playing);
    assert!(line.contains("playing"), "{line}");
    assert!(line.contains("waiting on "), "{line}");
}

#[test]
fn game_show_lists_seats_decisions_last_moves_and_mails() {
    let site = Site::new();
    let (games, db) = site.open();
    let id = new_game(&games, &db, &[0, 1, 2]);
    // One move, so there is a last move to show.
    let (seat, action, seq) = {
        let mut conn = db.get().unwrap();
        let loaded = games.load(&mut conn, &id).unwrap();
        let state = loaded.state().unwrap();
        let seat = state.pending()[0].seat;
        (seat, state.legal_actions(seat)[0].clone(), loaded.seq())
    };
    tokio::runtime::Runtime::new()
        .unwrap()
        .block_on(games.make_move(
            &db,
            Mover::Server(SeatAuth::for_server(id.clone(), seat)),
            seq,
            vec![ActionInput::Action(action)],
            "en",
        ))
        .unwrap();
    drop(db);
    let (code, out, _) = site.corriere(&["game", "show", id.as_str()], &[]);
    assert_eq!(code, 0, "{out}");
    for want in [
        "1. Alice <alice@example.org>",
        "2. Bruno <bruno@example.org>",
        "3. Chiara <chiara@example.org>",
        "Waiting for:",
        "Last moves (newest first):",
        "  #1 ",
        "Mails:",
        "invitation",
        "started",
    ] {
        assert!(out.contains(want), "{want:?} in {out}");
    }
    let (code, out, _) = site.corriere(&["game", "show", "nosuchgame"], &[]);
    assert_ne!(code, 0, "{out}");
}

#[test]
fn game_cancel_ends_the_game_and_mails_every_player_why() {
    let site = Site::new();
    let (games, db) = site.open();
    let id = new_game(&games, &db, &[0, 1, 2]);
    let (code, out, err) = site.corriere(&["game", "cancel", id.as_str()], &[]);
    assert_eq!(code, 0, "{out}{err}");
    let cancelled = mails(&db, &id, "cancelled");
    let mut to: Vec<_> = cancelled.iter().map(|m| m.to_addr.as_str()).collect();
    to.sort();
    assert_eq!(
        to,
        [
            "alice@example.org",
            "bruno@example.org",
            "chiara@example.org"
        ]
    );
    assert!(
        cancelled[0].text_body.contains("operator"),
        "{}",
        cancelled[0].text_body
    );
    let mut conn = db.get().unwrap();
    let loaded = games.load(&mut conn, &id).unwrap();
    assert_eq!(loaded.game.status, corriere::domain::GameStatus::Cancelled);
    drop(conn);
    let (code, out, _) = site.corriere(&["game", "list"], &[]);
    assert_eq!(code, 0);
    assert!(line_of(&out, &id).contains("cancelled (operator)"), "{out}");
    // Twice: nothing changes, and the command says so.
    let (code, out, _) = site.corriere(&["game", "cancel", id.as_str()], &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("already over or cancelled"), "{out}");
    assert_eq!(mails(&db, &id, "cancelled").len(), 3);
}

#[test]
fn mail_list_shows_failures_and_mail_retry_puts_a_failed_mail_back_due_now() {
    let site = Site::new();
    let (games, db) = site.open();
    let id = new_game(&games, &db, &[]);
    let bruno = mails(&db, &id, "invitation")
        .into_iter()
        .find(|m| m.to_addr == "bruno@example.org")
        .unwrap();
    {
        let mut conn = db.get().unwrap();
        let reason = "550 5.1.1 no such mailbox";
        store::mark_failed(&mut conn, &bruno, reason, Millis::now()).unwrap();
        store::mark_undeliverable(&mut conn, &bruno.to_addr, reason, Millis::now()).unwrap();
    }
    let (code, out, _) = site.corriere(&["mail", "list", "--failed"], &[]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains(&bruno.id), "{out}");
    assert!(out.contains("failed"), "{out}");
    assert!(out.contains("550 5.1.1 no such mailbox"), "{out}");
    assert!(!out.contains("chiara@"), "only failed mails: {out}");
    let (code, out, _) = site.corriere(&["mail", "list", "--game", id.as_str()], &[]);
    assert_eq!(code, 0);
    assert!(
        out.contains("chiara@example.org") && out.contains("due"),
        "{out}"
    );

    let before = Millis::now();
    let (code, out, _) = site.corriere(&["mail", "retry", &bruno.id], &[]);
    assert_eq!(code, 0, "{out}");
    let mut conn = db.get().unwrap();
    let row = store::outbox_row(&mut conn, &bruno.id).unwrap().unwrap();
    assert_eq!(row.failed_at, None);
    assert!(row.next_attempt_at <= Millis::now().0 && row.next_attempt_at >= before.0);
    assert_eq!(
        store::undeliverable(&mut conn, &bruno.to_addr).unwrap(),
        None
    );
    drop(conn);
    let (code, out, _) = site.corriere(&["mail", "retry", "nosuchmail"], &[]);
    assert_eq!(code, 1, "{out}");
}

#[test]
fn relink_builds_its_link_from_the_same_configuration_as_serve_and_warns_about_the_default() {
    let site = Site::new();
    let (games, db) = site.open();
    let id = new_game(&games, &db, &[0, 1, 2]);
    // As `serve` would run: CORRIERE_BIND says the port; no base URL is set.
    let (code, out, err) = site.corriere(
        &["seat", "relink", id.as_str(), "2"],
        &[("CORRIERE_BIND", "127.0.0.1:9123")],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.contains("CORRIERE_BASE_URL is not set"), "{err}");
    let relink = mails(&db, &id, "relink");
    assert_eq!(relink.len(), 1);
    assert!(
        relink[0].text_body.contains(&format!(
            "http://127.0.0.1:9123/games/{}/seat/2",
            id.as_str()
        )),
        "{}",
        relink[0].text_body
    );
    // With a base URL, links use it and nothing is said.
    let (code, _, err) = site.corriere(
        &["seat", "relink", id.as_str(), "3"],
        &[("CORRIERE_BASE_URL", "https://play.example.org/")],
    );
    assert_eq!(code, 0);
    assert!(!err.contains("CORRIERE_BASE_URL is not set"), "{err}");
    let relink = mails(&db, &id, "relink");
    assert!(
        relink
            .iter()
            .any(|m| m.text_body.contains("https://play.example.org/games/")),
        "{relink:?}"
    );
}

impl Site {
    /// `corriere ARGS` with `input` on standard input: (exit status, standard error).
    fn corriere_stdin(&self, args: &[&str], env: &[(&str, &str)], input: &str) -> (i32, String) {
        use std::io::Write;
        let mut command = Command::new(env!("CARGO_BIN_EXE_corriere"));
        command
            .args(args)
            .env_remove("CORRIERE_BASE_URL")
            .env_remove("CORRIERE_BIND")
            .env("CORRIERE_DATABASE_URL", self.db_url())
            .env("CORRIERE_DATA_DIR", &self.data)
            .env("CORRIERE_SECRET", SECRET)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped());
        for (key, value) in env {
            command.env(key, value);
        }
        let mut child = command.spawn().unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }
}

#[test]
fn mail_receive_takes_a_reply_from_a_pipe_and_answers_the_mta_in_sysexits() {
    let site = Site::new();
    let (games, db) = site.open();
    let id = new_game(&games, &db, &[0, 1, 2]);
    let seq_of = |db: &Db| games.load(&mut db.get().unwrap(), &id).unwrap().seq();
    let seat = {
        let loaded = games.load(&mut db.get().unwrap(), &id).unwrap();
        loaded.state().unwrap().pending()[0].seat
    };
    let email = PLAYERS[seat.index()].1;
    let started = mails(&db, &id, "started")
        .into_iter()
        .find(|m| m.to_addr == email)
        .expect("the deciding seat's start mail");
    let reply_to = started
        .reply_to
        .clone()
        .expect("a start mail can be answered");
    assert!(reply_to.starts_with(&format!("reply+{id}.")), "{reply_to}");
    let command = started
        .text_body
        .lines()
        .skip_while(|l| !l.contains("for example:"))
        .nth(1)
        .expect("the mail offers commands")
        .trim()
        .to_owned();
    let mail = |to: &str, id: &str| {
        format!("From: <{email}>\r\nTo: <{to}>\r\nSubject: Re: started\r\nMessage-ID: <{id}@mua>\r\n\r\n{command}\r\n\r\nOn Tue, corriere wrote:\r\n> …\r\n")
    };
    drop(db);
    let receive = ["mail", "receive"];
    // An address of no seat, and a forged one: the MTA bounces them (67, 77).
    let (code, err) = site.corriere_stdin(&receive, &[], &mail("reply+nobody@127.0.0.1", "1"));
    assert_eq!(code, 67, "{err}");
    // The last digit of the signature changed.
    let mut forged_bytes = reply_to.clone().into_bytes();
    let at = reply_to.find('@').unwrap();
    forged_bytes[at - 1] = if forged_bytes[at - 1] == b'0' {
        b'1'
    } else {
        b'0'
    };
    let forged = String::from_utf8(forged_bytes).unwrap();
    let (code, err) = site.corriere_stdin(&receive, &[], &mail(&forged, "2"));
    assert_eq!(code, 77, "{err}");
    // The database away: try again later (75), nothing lost.
    let away = [(
        "CORRIERE_DATABASE_URL",
        "postgres://nobody@127.0.0.1:9/none",
    )];
    let (code, err) = site.corriere_stdin(&receive, &away, &mail(&reply_to, "3"));
    assert_eq!(code, 75, "{err}");
    // The real reply plays the move, with the envelope recipient given as the MTA would.
    let args = ["mail", "receive", "--recipient", &reply_to];
    let (code, err) = site.corriere_stdin(&args, &[], &mail("someone-else@example.org", "3"));
    assert_eq!(code, 0, "{err}");
    let (_, db) = site.open();
    assert_eq!(seq_of(&db), 1, "the command was played");
    assert_eq!(mails(&db, &id, "answer").len(), 1, "and answered");
    drop(db);
    // Delivered again (the MTA retried): taken, not played twice.
    let (code, err) = site.corriere_stdin(&args, &[], &mail("someone-else@example.org", "3"));
    assert_eq!(code, 0, "{err}");
    let (_, db) = site.open();
    assert_eq!(seq_of(&db), 1);
    assert_eq!(mails(&db, &id, "answer").len(), 1);
}
