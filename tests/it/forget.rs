//! "Forget me", end to end on both backends: a person who played a finished and a running
//! game forgets themselves; every record still verifies, and no table, no file of the data
//! directory and no mail afterwards holds their name or their address.

use crate::support;

use corriere::audit::{verify_json, Discrepancy};
use corriere::domain::GameId;
use corriere::store::{self, DbUrl};
use diesel::{Connection, QueryableByName, RunQueryDsl};
use support::{email_of, Backend, SeatLink, TestApp, PLAYERS};

on_each_backend!(
    a_forgotten_person_is_in_no_table_no_file_and_no_mail_and_every_record_still_verifies,
    forget_me_asks_for_a_confirmation_and_needs_a_signed_in_person,
);

/// The person who asks to be forgotten: a name and an address found nowhere else.
const NAME: &str = "Zenobia Quastorff";
const ADDRESS: &str = "zenobia.quastorff@example.org";

/// A 3-player game created by Alice (seat 1) with Zenobia at seat 2 and Carla at seat 3,
/// confirmed and accepted by all: the seat links, seat 1 first.
async fn started_game(app: &TestApp) -> Vec<SeatLink> {
    let players = [
        (PLAYERS[0].0, PLAYERS[0].1),
        (NAME, ADDRESS),
        (PLAYERS[2].0, PLAYERS[2].1),
    ];
    let mut fields: Vec<(String, String)> = Vec::new();
    for (i, (name, email)) in players.iter().enumerate() {
        fields.push((format!("name{}", i + 1), name.to_string()));
        fields.push((format!("email{}", i + 1), email.to_string()));
    }
    fields.push(("creator".into(), "1".into()));
    let borrowed = support::borrow_fields(&fields);
    let page = app.create_form(&borrowed).await;
    assert_eq!(page.status, 303, "creating a game: {}", page.body);
    let creator = SeatLink::parse(&app.url(&page.location.unwrap())).unwrap();
    app.confirm(&creator.game).await;
    app.deliver_mail().await;
    let mut links = Vec::new();
    for (_, address) in players {
        let link = app.link_from_latest(address, |m| {
            (m.is_invitation() || m.is_confirmation()) && m.text.contains(&creator.game)
        });
        let accepted = app.accept(&link, "", "").await;
        assert_eq!(accepted.status, 303, "{}", accepted.body);
        links.push(link);
    }
    links
}

#[derive(QueryableByName)]
struct Name {
    #[diesel(sql_type = diesel::sql_types::Text)]
    name: String,
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

/// Every (table, text of a column) of the database that contains `needle`, in any case: each
/// table and each column the database lists, whatever its type, read as text.
fn tables_containing(app: &TestApp, needle: &str) -> Vec<String> {
    let needle = needle.to_lowercase().replace('\'', "''");
    let mut found = Vec::new();
    match &app.db.url {
        DbUrl::Sqlite(path) => {
            let mut conn = diesel::SqliteConnection::establish(&path.display().to_string())
                .expect("the SQLite file opens");
            let tables: Vec<Name> = diesel::sql_query(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
            )
            .load(&mut conn)
            .unwrap();
            assert!(tables.len() > 20, "every table is listed");
            for table in tables {
                let columns: Vec<Name> = diesel::sql_query(format!(
                    "SELECT name FROM pragma_table_info('{}')",
                    table.name
                ))
                .load(&mut conn)
                .unwrap();
                for column in columns {
                    let hits: Count = diesel::sql_query(format!(
                        "SELECT COUNT(*) AS n FROM \"{}\" WHERE lower(CAST(\"{}\" AS TEXT)) \
                         LIKE '%{needle}%'",
                        table.name, column.name
                    ))
                    .get_result(&mut conn)
                    .unwrap();
                    if hits.n > 0 {
                        found.push(format!("{}.{}", table.name, column.name));
                    }
                }
            }
        }
        DbUrl::Postgres(url) => {
            let mut conn = diesel::PgConnection::establish(url).expect("the database answers");
            #[derive(QueryableByName)]
            struct Column {
                #[diesel(sql_type = diesel::sql_types::Text)]
                table_name: String,
                #[diesel(sql_type = diesel::sql_types::Text)]
                column_name: String,
            }
            let columns: Vec<Column> = diesel::sql_query(
                "SELECT table_name::text AS table_name, column_name::text AS column_name \
                 FROM information_schema.columns WHERE table_schema = 'public' \
                 ORDER BY table_name, column_name",
            )
            .load(&mut conn)
            .unwrap();
            assert!(columns.len() > 100, "every column is listed");
            for column in columns {
                let hits: Count = diesel::sql_query(format!(
                    "SELECT COUNT(*) AS n FROM \"{}\" WHERE lower(CAST(\"{}\" AS TEXT)) \
                     LIKE '%{needle}%'",
                    column.table_name, column.column_name
                ))
                .get_result(&mut conn)
                .unwrap();
                if hits.n > 0 {
                    found.push(format!("{}.{}", column.table_name, column.column_name));
                }
            }
        }
    }
    found
}

/// Every file under `dir` whose bytes contain `needle`, in any case.
fn files_containing(dir: &std::path::Path, needle: &str) -> Vec<String> {
    let needle = needle.to_lowercase().into_bytes();
    let mut found = Vec::new();
    let mut todo = vec![dir.to_owned()];
    let mut files = 0;
    while let Some(dir) = todo.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                todo.push(path);
                continue;
            }
            // A file gone between the listing and the read (SQLite's `-shm` as its last
            // connection closes) holds nothing any more.
            let bytes = match std::fs::read(&path) {
                Ok(bytes) => bytes.to_ascii_lowercase(),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                Err(e) => panic!("{}: {e}", path.display()),
            };
            files += 1;
            if bytes.windows(needle.len()).any(|w| w == needle.as_slice()) {
                found.push(path.display().to_string());
            }
        }
    }
    assert!(files > 0, "the data directory holds files");
    found
}

/// The game's record as its route publishes it, checked by the core's offline verifier.
async fn verified(app: &TestApp, game: &str) -> (String, Result<Vec<String>, Discrepancy>) {
    let page = app.get(&format!("/games/{game}/record.json")).await;
    assert_eq!(page.status, 200, "{}", page.body);
    let checked = verify_json(&page.body).map(|summary| summary.players);
    (page.body, checked)
}

async fn a_forgotten_person_is_in_no_table_no_file_and_no_mail_and_every_record_still_verifies(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    // A game played to its end, and one that runs.
    let finished = started_game(&app).await;
    let finished = finished[0].game.clone();
    assert!(support::play_first_legal(&app, &finished, 5000).await);
    let running = started_game(&app).await;
    let game = running[0].game.clone();
    let session = app.sign_in(ADDRESS).await;
    assert!(!support::play_first_legal(&app, &game, 2).await);
    // Zenobia talks at the table, and mails to her wait in the outbox.
    let said = app
        .post_form(
            &format!("{}/messages", running[1].url),
            &[("text", "good luck all")],
        )
        .await;
    assert_eq!(said.status, 303, "{}", said.body);
    let id = GameId::parse(&game).unwrap();
    let waiting_for_her = || {
        store::outbox_rows(&mut app.running.db.get().unwrap(), None)
            .unwrap()
            .into_iter()
            .filter(|r| r.to_addr == ADDRESS)
            .count()
    };
    // Moves until one makes mail for her (her turn comes round).
    for _ in 0..30 {
        if waiting_for_her() > 0 {
            break;
        }
        assert!(!support::play_first_legal(&app, &game, 1).await);
    }
    assert!(waiting_for_her() > 0, "mail to her waits in the outbox");
    let (record, checked) = verified(&app, &finished).await;
    assert!(
        record.contains(NAME) && record.contains("\"salt\""),
        "{record}"
    );
    assert!(checked.unwrap().contains(&NAME.to_string()));
    for needle in [NAME, ADDRESS] {
        assert!(
            !tables_containing(&app, needle).is_empty(),
            "{needle} is stored at first"
        );
    }
    if let DbUrl::Sqlite(_) = &app.db.url {
        let stored = files_containing(app.db.dir.path(), NAME);
        assert!(
            !stored.is_empty(),
            "the SQLite files hold her name at first"
        );
    }
    // She sits for Alice in a game of two others: the sitting names her too.
    let other = app.create_game(2, &[]).await;
    let others = app.accept_all(&other.game, 2).await;
    let until = (corriere::clock::Clock::now(&app.clock) + chrono::Duration::days(5))
        .format("%Y-%m-%d")
        .to_string();
    let named = app
        .post_form(
            &format!("{}/sitter", others[0].url),
            &[("name", NAME), ("email", ADDRESS), ("until", &until)],
        )
        .await;
    assert_eq!(named.status, 303, "{}", named.body);
    app.deliver_mail().await;
    let sit_url = app
        .smtp
        .latest_to(ADDRESS, |m| m.text.contains("/sit/"))
        .expect("her sitting's invitation")
        .url_containing(&format!("/games/{}/sit/", other.game));
    let accept = app
        .get(&sit_url)
        .await
        .forms()
        .into_iter()
        .find(|f| f.action.ends_with("/accept"))
        .expect("an accept form");
    assert_eq!(
        app.post_form(&app.url(&accept.action), &[]).await.status,
        303
    );
    assert!(app
        .public_page(&other.game)
        .await
        .text()
        .contains(&format!("sat by {NAME}")));
    let mailed_before = app.smtp.mails_to(ADDRESS).len();
    let sent_before = app.smtp.count();

    // A forgetting that fails half-way (its last deletions refused, as on a full disk)
    // changes nothing: she is still seated under her name, her mails still wait, her
    // session still opens "my games".
    let waiting = waiting_for_her();
    let fault = |broken: bool| {
        let mut conn = app.running.db.get().unwrap();
        match broken {
            true => crate::http::break_writes(&mut conn, &backend, "DELETE", "addresses"),
            false => crate::http::repair_writes(&mut conn, &backend, "addresses"),
        }
    };
    fault(true);
    let failed = app
        .post_signed_in("/me/forget", &session, &[("confirm", "yes")])
        .await;
    assert_eq!(failed.status, 500, "{}", failed.body);
    fault(false);
    assert_eq!(waiting_for_her(), waiting);
    let seats = store::seats_of(&mut app.running.db.get().unwrap(), &id).unwrap();
    assert_eq!(
        (seats[1].name.as_str(), seats[1].email.as_str()),
        (NAME, ADDRESS)
    );
    let me = app.get_signed_in("/me", &session).await;
    assert!(me.body.contains("/me/forget"), "{}", me.body);

    // She forgets herself.
    let done = app
        .post_signed_in("/me/forget", &session, &[("confirm", "yes")])
        .await;
    assert_eq!(done.status, 200, "{}", done.body);
    let text = done.text();
    let at = text.find("Player ").expect("the pseudonym is named");
    let pseudonym = text[at..at + 11].to_string();
    assert!(
        pseudonym[7..].chars().all(|c| c.is_ascii_hexdigit()),
        "{pseudonym}"
    );
    assert_eq!(waiting_for_her(), 0, "the mails to her are dropped");
    // Her session is gone.
    let me = app.get_signed_in("/me", &session).await;
    assert!(!me.body.contains("/me/forget"), "{}", me.body);

    // Every record verifies: the finished one fully, under the pseudonym.
    let (record, checked) = verified(&app, &finished).await;
    assert_eq!(
        checked.unwrap(),
        [PLAYERS[0].0, &pseudonym, PLAYERS[2].0],
        "{record}"
    );
    assert!(record.contains("\"name_hash\""), "{record}");
    // The running one goes on with the bot in her seat: its log checks out, and once it is
    // over its whole record verifies.
    let (record, checked) = verified(&app, &game).await;
    assert!(checked.unwrap_err().is_unfinished(), "{record}");
    let seats = store::seats_of(&mut app.running.db.get().unwrap(), &id).unwrap();
    assert!(seats[1].bot_plays(), "a bot plays her seat");
    assert!(support::play_first_legal(&app, &game, 5000).await);
    let (record, checked) = verified(&app, &game).await;
    assert_eq!(checked.unwrap()[1], pseudonym, "{record}");

    // No mail reaches her address again: not the game's end, not a sign-in link.
    app.deliver_mail().await;
    let asked = app.post_form("/me", &[("address", ADDRESS)]).await;
    assert_eq!(asked.status, 303);
    app.deliver_mail().await;
    assert_eq!(app.smtp.mails_to(ADDRESS).len(), mailed_before);
    // What the others are mailed from now on (the mails that waited too) names her no more.
    let since: Vec<_> = app.smtp.mails().into_iter().skip(sent_before).collect();
    assert!(!since.is_empty(), "the game's end is mailed to the others");
    for mail in since {
        for needle in [NAME, ADDRESS] {
            let all = format!("{}\n{}\n{}", mail.subject, mail.text, mail.html);
            assert!(
                !all.contains(needle),
                "{needle} in a mail to {}: {all}",
                mail.to
            );
        }
    }

    // Neither her name nor her address is in any table or any file of the data directory.
    for needle in [NAME, ADDRESS] {
        assert_eq!(
            tables_containing(&app, needle),
            Vec::<String>::new(),
            "{needle}"
        );
    }
    let db = app.db.clone();
    let backend = app.backend();
    app.stop().await;
    for needle in [NAME, ADDRESS] {
        assert_eq!(
            files_containing(db.dir.path(), needle),
            Vec::<String>::new(),
            "{needle} on {backend}"
        );
    }
}

async fn forget_me_asks_for_a_confirmation_and_needs_a_signed_in_person(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let links = started_game(&app).await;
    // Not signed in: back to "my games", nothing forgotten.
    let page = app.get("/me/forget").await;
    assert_eq!(page.status, 303);
    let posted = app.post_form("/me/forget", &[("confirm", "yes")]).await;
    assert_eq!(posted.status, 303);
    let session = app.sign_in(email_of(1)).await;
    let me = app.get_signed_in("/me", &session).await;
    assert!(me.body.contains("href=\"/me/forget\""), "{}", me.body);
    let form = app.get_signed_in("/me/forget", &session).await;
    assert_eq!(form.status, 200);
    assert!(form.body.contains("action=\"/me/forget\""), "{}", form.body);
    let pt = app
        .read_raw(
            app.client
                .get(app.url("/me/forget"))
                .header("Accept-Language", "pt-BR")
                .header("Cookie", format!("corriere_session={session}")),
        )
        .await;
    assert_eq!(pt.status, 200);
    assert!(pt.text().contains("Esquecer-me agora"), "{}", pt.body);
    // Without the box ticked, nothing happens.
    let unticked = app.post_signed_in("/me/forget", &session, &[]).await;
    assert_eq!(unticked.status, 400, "{}", unticked.body);
    let seats = store::seats_of(
        &mut app.running.db.get().unwrap(),
        &GameId::parse(&links[0].game).unwrap(),
    )
    .unwrap();
    assert_eq!(seats[0].name, PLAYERS[0].0);
    assert_eq!(seats[0].email, email_of(1));
    // The privacy page says what forgetting does, in both languages.
    let privacy = app.get("/privacy").await;
    assert!(privacy.text().contains("Forget me"), "{}", privacy.body);
    let privacy = app
        .read_raw(
            app.client
                .get(app.url("/privacy"))
                .header("Accept-Language", "pt-BR"),
        )
        .await;
    assert!(privacy.text().contains("Esqueça-me"), "{}", privacy.body);
}
