//! Migrations move what earlier versions stored onto the new tables: a database made before
//! people existed gets one address per seated person, proven where the seat accepted.

use crate::support;

use diesel::prelude::*;
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};
use support::{Backend, TestDb};

const SQLITE: EmbeddedMigrations = embed_migrations!("migrations/sqlite");
const POSTGRES: EmbeddedMigrations = embed_migrations!("migrations/postgres");

/// The last migration before addresses became people (diesel drops the dashes).
const BEFORE_PEOPLE: &str = "20261124000000";

/// Rows as a version before people stored them: one game, Ann (accepted) and Bob (not).
const OLD_ROWS: &str = "
INSERT INTO games (id, kind, rules_version, options, status, created_at, commitment, secret,
    log_head, creator_seat, ended_at, revision, cancelled_by)
VALUES ('oldgame234', 'condottiere', 1, '{}', 'inviting', 1000, 'c', 's', NULL, 0, NULL, 0, NULL);
INSERT INTO seats (game_id, seat, name, email, link_version, accepted_at, contribution,
    contribution_source, last_seen_seq)
VALUES ('oldgame234', 0, 'Ann', 'Ann@Example.org', 1, 2000, 'x', 'player', 0),
       ('oldgame234', 1, 'Bob', 'bob@example.org', 1, NULL, NULL, NULL, 0);
";

#[derive(QueryableByName, Debug, PartialEq)]
struct Person {
    #[diesel(sql_type = diesel::sql_types::Text)]
    address: String,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::BigInt>)]
    verified_at: Option<i64>,
    #[diesel(sql_type = diesel::sql_types::Text)]
    mail_mode: String,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    keyed: bool,
}

const PEOPLE: &str =
    "SELECT address, verified_at, mail_mode, (key IS NOT NULL AND key <> '') AS keyed
    FROM addresses ORDER BY address";

fn expected() -> Vec<Person> {
    vec![
        Person {
            address: "ann@example.org".into(),
            verified_at: Some(2000),
            mail_mode: "every_turn".into(),
            keyed: true,
        },
        Person {
            address: "bob@example.org".into(),
            verified_at: None,
            mail_mode: "every_turn".into(),
            keyed: true,
        },
    ]
}

#[test]
fn seats_stored_before_people_become_addresses_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let mut conn =
        SqliteConnection::establish(dir.path().join("old.db").to_str().unwrap()).unwrap();
    loop {
        let ran = conn.run_next_migration(SQLITE).unwrap();
        if ran.to_string().starts_with(BEFORE_PEOPLE) {
            break;
        }
    }
    diesel::connection::SimpleConnection::batch_execute(&mut conn, OLD_ROWS).unwrap();
    conn.run_pending_migrations(SQLITE).unwrap();
    let people: Vec<Person> = diesel::sql_query(PEOPLE).load(&mut conn).unwrap();
    assert_eq!(people, expected());
    let confirmed: Vec<Option<i64>> = diesel::sql_query("SELECT confirmed_at FROM games")
        .load::<Confirmed>(&mut conn)
        .unwrap()
        .into_iter()
        .map(|c| c.confirmed_at)
        .collect();
    assert_eq!(
        confirmed,
        [Some(1000)],
        "games made before confirmations stand confirmed"
    );
}

#[derive(QueryableByName)]
struct Confirmed {
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::BigInt>)]
    confirmed_at: Option<i64>,
}

#[test]
fn seats_stored_before_people_become_addresses_on_postgres() {
    let Some(backend) = Backend::postgres() else {
        return;
    };
    let db = TestDb::fresh(&backend);
    let corriere::store::DbUrl::Postgres(url) = &db.url else {
        unreachable!()
    };
    let mut conn = PgConnection::establish(url).unwrap();
    loop {
        let ran = conn.run_next_migration(POSTGRES).unwrap();
        if ran.to_string().starts_with(BEFORE_PEOPLE) {
            break;
        }
    }
    diesel::connection::SimpleConnection::batch_execute(&mut conn, OLD_ROWS).unwrap();
    conn.run_pending_migrations(POSTGRES).unwrap();
    let people: Vec<Person> = diesel::sql_query(PEOPLE).load(&mut conn).unwrap();
    assert_eq!(people, expected());
}

/// Diesel knows a migration by the version its folder name starts with: two migrations of one
/// version run as one (the second is taken as done). Each backend has the same migrations, each
/// version once.
#[test]
fn every_migration_has_a_version_of_its_own_and_both_backends_have_the_same() {
    let names = |backend: &str| -> Vec<String> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("migrations")
            .join(backend);
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    let sqlite = names("sqlite");
    assert_eq!(sqlite, names("postgres"));
    let mut versions: Vec<&str> = sqlite
        .iter()
        .map(|name| name.split('_').next().unwrap())
        .collect();
    let all = versions.len();
    versions.dedup();
    assert_eq!(versions.len(), all, "a version is used twice: {sqlite:?}");
}

/// The last migration before conduct was recorded.
const BEFORE_CONDUCT: &str = "20261128100000";

/// A finished game stored before conduct was recorded: Ann played to the end, Bob missed a
/// deadline and was absent at the end, Cid resigned, and seat 4 was a bot's.
const FINISHED_ROWS: &str = "
INSERT INTO games (id, kind, rules_version, options, status, created_at, commitment, secret,
    log_head, creator_seat, ended_at, revision, cancelled_by)
VALUES ('donegame23', 'condottiere', 1, '{}', 'over', 1000, 'c', 's', 'h', 0, 9000, 5, NULL);
INSERT INTO seats (game_id, seat, name, email, link_version, accepted_at, contribution,
    contribution_source, last_seen_seq, control, missed, resigned_at)
VALUES ('donegame23', 0, 'Ann', 'Ann@Example.org', 1, 2000, 'x', 'player', 0, 'player', 0, NULL),
       ('donegame23', 1, 'Bob', 'bob@example.org', 1, 2000, 'y', 'player', 0, 'absent', 1, NULL),
       ('donegame23', 2, 'Cid', 'cid@example.org', 1, 2000, 'z', 'player', 0, 'bot', 0, 5000),
       ('donegame23', 3, 'Bot', '', 1, 2000, 'w', 'server', 0, 'bot', 0, NULL);
INSERT INTO actions (game_id, seq, seat, action, created_at, hash, author, deadline)
VALUES ('donegame23', 1, 1, '{}', 4000, 'h', 'clock', 3900);
";

#[derive(QueryableByName, Debug, PartialEq)]
struct Counted {
    #[diesel(sql_type = diesel::sql_types::Text)]
    address: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    kind: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    seq: i64,
}

const CONDUCT: &str = "SELECT address, kind, seq FROM conduct ORDER BY address, kind";

fn counted() -> Vec<Counted> {
    let row = |address: &str, kind: &str, seq: i64| Counted {
        address: address.into(),
        kind: kind.into(),
        seq,
    };
    vec![
        row("ann@example.org", "finished", 0),
        row("bob@example.org", "abandoned", 0),
        row("bob@example.org", "missed", 1),
        row("cid@example.org", "resigned", 0),
    ]
}

#[test]
fn games_stored_before_conduct_was_recorded_count_in_reliability_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let mut conn =
        SqliteConnection::establish(dir.path().join("old.db").to_str().unwrap()).unwrap();
    while !conn
        .run_next_migration(SQLITE)
        .unwrap()
        .to_string()
        .starts_with(BEFORE_CONDUCT)
    {}
    diesel::connection::SimpleConnection::batch_execute(&mut conn, FINISHED_ROWS).unwrap();
    conn.run_pending_migrations(SQLITE).unwrap();
    let rows: Vec<Counted> = diesel::sql_query(CONDUCT).load(&mut conn).unwrap();
    assert_eq!(rows, counted());
}

#[test]
fn games_stored_before_conduct_was_recorded_count_in_reliability_on_postgres() {
    let Some(backend) = Backend::postgres() else {
        return;
    };
    let db = TestDb::fresh(&backend);
    let corriere::store::DbUrl::Postgres(url) = &db.url else {
        unreachable!()
    };
    let mut conn = PgConnection::establish(url).unwrap();
    while !conn
        .run_next_migration(POSTGRES)
        .unwrap()
        .to_string()
        .starts_with(BEFORE_CONDUCT)
    {}
    diesel::connection::SimpleConnection::batch_execute(&mut conn, FINISHED_ROWS).unwrap();
    conn.run_pending_migrations(POSTGRES).unwrap();
    let rows: Vec<Counted> = diesel::sql_query(CONDUCT).load(&mut conn).unwrap();
    assert_eq!(rows, counted());
}
