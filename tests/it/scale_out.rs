//! Two live `corriere serve` processes on one PostgreSQL database, as a service scaled out
//! behind a load balancer runs: a move raced through both applies once, and the outbox both
//! workers claim from sends every mail exactly once; votes raced through both count once.

use crate::support;

use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::{email_of, Backend, SeatLink, Smtp, TestApp, TestDb};

const SECRET: &str = "5ca1e0075ca1e0075ca1e0075ca1e0075ca1e0075ca1e0075ca1e0075ca1e007";

/// One `corriere serve` process.
struct Node {
    child: Child,
    base: String,
    _data: tempfile::TempDir,
}

impl Node {
    fn start(db: &TestDb, smtp: &Smtp) -> Node {
        let data = tempfile::tempdir().unwrap();
        let corriere::store::DbUrl::Postgres(url) = &db.url else {
            panic!("scale-out runs on PostgreSQL")
        };
        let mut child = Command::new(env!("CARGO_BIN_EXE_corriere"))
            .args(["serve", "--bind", "127.0.0.1:0"])
            .env_remove("CORRIERE_BASE_URL")
            .env("CORRIERE_DATABASE_URL", url)
            .env("CORRIERE_DATA_DIR", data.path())
            .env("CORRIERE_SECRET", SECRET)
            .env("CORRIERE_SMTP_URL", &smtp.url)
            .env("CORRIERE_LOG", "warn")
            // One test client creates many games: no limit worth the name.
            .env("CORRIERE_GAMES_PER_HOUR", "100000")
            .env("CORRIERE_GAMES_PER_DAY", "100000")
            .env("CORRIERE_INVITATIONS_PER_DAY", "100000")
            .env("CORRIERE_NEW_ADDRESSES_PER_DAY", "100000")
            // The servers' schedulers pass once at start; the test steps the racing ones itself.
            .env("CORRIERE_SCHEDULER_SECONDS", "3600")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("corriere serve starts");
        let stdout = child.stdout.take().unwrap();
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("the serving line");
        let base = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("a base URL in {line:?}"))
            .trim_end_matches('/')
            .to_owned();
        Node {
            child,
            base,
            _data: data,
        }
    }

    /// Stop as Ctrl-C stops it: in-flight requests and mails finish.
    fn stop(mut self) {
        unsafe {
            libc::kill(self.child.id() as i32, libc::SIGINT);
        }
        let _ = self.child.wait();
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn seat(client: &reqwest::Client, base: &str, link: &SeatLink) -> Value {
    client
        .get(format!("{base}/api/v1/games/{}/seat", link.game))
        .bearer_auth(link.bearer())
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

async fn post_move(
    client: &reqwest::Client,
    base: &str,
    link: &SeatLink,
    seq: i64,
    action: &Value,
) -> (u16, Value) {
    let answer = client
        .post(format!("{base}/api/v1/games/{}/moves", link.game))
        .bearer_auth(link.bearer())
        .json(&json!({"seq": seq, "action": action}))
        .send()
        .await
        .unwrap();
    let status = answer.status().as_u16();
    (status, answer.json().await.unwrap_or(Value::Null))
}

/// Wait until both workers emptied the outbox and the SMTP server has every mail.
async fn outbox_drained(db: &TestDb) {
    let reader = db.open();
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let left = corriere::store::outbox_rows(&mut reader.get().unwrap(), None)
            .unwrap()
            .len();
        if left == 0 {
            return;
        }
        assert!(Instant::now() < deadline, "{left} mails still queued");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_on_one_postgres_apply_a_raced_move_once_and_send_each_mail_once() {
    let Some(backend @ Backend::Postgres(_)) = Backend::postgres() else {
        return;
    };
    let db = Arc::new(TestDb::fresh(&backend));
    // Migrations run once, before the two servers race to open the database.
    drop(db.open());
    let smtp = Smtp::start();
    let nodes = [Node::start(&db, &smtp), Node::start(&db, &smtp)];
    let bases: Vec<String> = nodes.iter().map(|n| n.base.clone()).collect();
    let client = reqwest::Client::new();

    // Sixteen games created at once, half through each server: 48 invitations for two workers.
    let creates = (0..16).map(|i| {
        let (client, base) = (client.clone(), bases[i % 2].clone());
        tokio::spawn(async move {
            let answer = client
                .post(format!("{base}/api/v1/games"))
                .json(&json!({
                    "game": "condottiere",
                    "options": {},
                    "seats": [
                        {"name": "Alice", "email": email_of(1)},
                        {"name": "Bob", "email": email_of(2)},
                        {"name": "Carla", "email": email_of(3)},
                    ],
                    "creator_seat": 1,
                }))
                .send()
                .await
                .unwrap();
            assert_eq!(answer.status().as_u16(), 201);
            let created: Value = answer.json().await.unwrap();
            created["id"].as_str().unwrap().to_owned()
        })
    });
    let games = join_all(creates).await;
    outbox_drained(&db).await;
    let confirmations: Vec<_> = smtp
        .mails()
        .into_iter()
        .filter(|m| m.is_confirmation())
        .collect();
    assert_eq!(confirmations.len(), 16, "every confirmation once");
    // Each creator confirms, through either server: 32 invitations for two workers.
    let confirms = confirmations.iter().enumerate().map(|(i, mail)| {
        let (client, base) = (client.clone(), bases[i % 2].clone());
        let link = mail.url_containing("/confirm/");
        let path = link[link.find("/games/").unwrap()..].to_owned();
        tokio::spawn(async move {
            let answer = client.get(format!("{base}{path}")).send().await.unwrap();
            assert!(answer.status().is_success() || answer.status().is_redirection());
        })
    });
    join_all(confirms).await;
    outbox_drained(&db).await;
    let invitations = smtp.mails().iter().filter(|m| m.is_invitation()).count();
    assert_eq!(invitations, 16 * 2, "every invitation once");

    // Every seat of the first game accepts, through alternating servers.
    let game = &games[0];
    let links: Vec<SeatLink> = (1..=3)
        .map(|seat| {
            smtp.latest_to(email_of(seat), |m| {
                (m.is_invitation() || m.is_confirmation()) && m.text.contains(game.as_str())
            })
            .unwrap()
            .seat_link()
        })
        .collect();
    for (i, link) in links.iter().enumerate() {
        let answer = client
            .post(format!("{}/api/v1/games/{game}/accept", bases[i % 2]))
            .bearer_auth(link.bearer())
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status().as_u16(), 200);
    }

    // The same move, posted 24 times at once through both servers: applied once.
    let mut mover = None;
    for link in &links {
        let view = seat(&client, &bases[0], link).await;
        if let Some(action) = view["legal_actions"].as_array().unwrap().first() {
            mover = Some((link.clone(), view["seq"].as_i64().unwrap(), action.clone()));
            break;
        }
    }
    let (link, seq, action) = mover.expect("someone decides");
    let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(24));
    let races = (0..24).map(|i| {
        let (client, base, link, action, barrier) = (
            client.clone(),
            bases[i % 2].clone(),
            link.clone(),
            action.clone(),
            barrier.clone(),
        );
        tokio::spawn(async move {
            barrier.wait().await;
            post_move(&client, &base, &link, seq, &action).await
        })
    });
    let answers = join_all(races).await;
    let applied = answers.iter().filter(|(status, _)| *status == 200).count();
    assert_eq!(applied, 1, "{answers:?}");
    for (status, body) in &answers {
        assert!(
            *status == 200 || (*status == 409 && body["error"]["code"] == "stale"),
            "{status} {body}"
        );
    }
    let stored = corriere::store::actions_from(
        &mut db.open().get().unwrap(),
        &corriere::domain::GameId::parse(game).unwrap(),
        1,
    )
    .unwrap();
    assert_eq!(stored.len(), 1);

    // A few more moves, alternating servers; then every mail went out exactly once.
    for turn in 0..12 {
        for link in &links {
            let view = seat(&client, &bases[turn % 2], link).await;
            if let Some(action) = view["legal_actions"].as_array().unwrap().first() {
                let seq = view["seq"].as_i64().unwrap();
                let (status, body) =
                    post_move(&client, &bases[(turn + 1) % 2], link, seq, action).await;
                assert_eq!(status, 200, "{body}");
                break;
            }
        }
    }
    // Votes raced through both servers: two proposals at once store one (the other is told
    // a proposal is waiting, or that the game moved on); the two answers at once both count,
    // and the draw ends the game once.
    let vote = |i: usize, link: &SeatLink, vote: Value| {
        let (client, base, link) = (client.clone(), bases[i % 2].clone(), link.clone());
        async move {
            let seq = seat(&client, &base, &link).await["seq"].as_i64().unwrap();
            let answer = client
                .post(format!("{base}/api/v1/games/{}/votes", link.game))
                .bearer_auth(link.bearer())
                .json(&json!({"seq": seq, "vote": vote}))
                .send()
                .await
                .unwrap();
            let status = answer.status().as_u16();
            (status, answer.json::<Value>().await.unwrap_or(Value::Null))
        }
    };
    let proposals =
        join_all((0..2).map(|i| tokio::spawn(vote(i, &links[i], json!({"propose": "draw"})))))
            .await;
    let proposed: Vec<usize> = (0..2).filter(|i| proposals[*i].0 == 200).collect();
    assert_eq!(proposed.len(), 1, "{proposals:?}");
    let other = &proposals[1 - proposed[0]];
    assert!(
        (other.0 == 422 && other.1["error"]["code"] == "table-pending")
            || (other.0 == 409 && other.1["error"]["code"] == "stale"),
        "{other:?}"
    );
    let answers: Vec<usize> = (0..3).filter(|i| *i != proposed[0]).collect();
    let agreed = join_all(
        answers
            .iter()
            .map(|&i| tokio::spawn(vote(i, &links[i], json!("agree")))),
    )
    .await;
    for (status, body) in &agreed {
        assert!(
            *status == 200 || (*status == 409 && body["error"]["code"] == "stale"),
            "{status} {body}"
        );
    }
    // A stale answer (the other landed first) is given again; then the game is a draw.
    for (n, &i) in answers.iter().enumerate() {
        if agreed[n].0 == 409 {
            let (status, body) = vote(i, &links[i], json!("agree")).await;
            assert_eq!(status, 200, "{body}");
        }
    }
    let id = corriere::domain::GameId::parse(game).unwrap();
    let table: Vec<String> = corriere::store::actions_from(&mut db.open().get().unwrap(), &id, 1)
        .unwrap()
        .into_iter()
        .map(|a| a.action)
        .filter(|a| a.starts_with(r#"{"table""#))
        .collect();
    assert_eq!(
        table,
        [
            r#"{"table":{"propose":"draw"}}"#,
            r#"{"table":"agree"}"#,
            r#"{"table":"agree"}"#
        ],
        "one proposal, two answers"
    );
    let over: Value = client
        .get(format!("{}/api/v1/games/{game}", bases[1]))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(over["outcome"], json!({"table": "draw"}), "{over}");

    // A worker deletes a row only after the SMTP server took the mail: an empty outbox means
    // every mail has arrived, and nothing is left that could arrive twice.
    outbox_drained(&db).await;
    let mails = smtp.mails();
    let mut ids: Vec<&str> = mails.iter().map(|m| m.message_id.as_str()).collect();
    ids.sort_unstable();
    let before = ids.len();
    ids.dedup();
    assert_eq!(ids.len(), before, "a Message-ID arrived twice");
    assert!(mails.iter().any(|m| m.is_your_turn()));

    // A deadline that two schedulers on the database find due at once: the clock plays it once.
    let paced = client
        .post(format!("{}/api/v1/games", bases[0]))
        .json(&json!({
            "seats": [
                {"name": "Alice", "email": email_of(1)},
                {"name": "Bob", "email": email_of(2)},
            ],
            "hours_per_decision": 12,
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(paced.status().as_u16(), 201);
    let paced: Value = paced.json().await.unwrap();
    let paced_id = paced["id"].as_str().unwrap().to_owned();
    outbox_drained(&db).await;
    let confirm = smtp
        .latest_to(email_of(1), |m| {
            m.is_confirmation() && m.text.contains(&paced_id)
        })
        .unwrap()
        .url_containing("/confirm/");
    client.get(&confirm).send().await.unwrap();
    outbox_drained(&db).await;
    for seat in 1..=2 {
        let link = smtp
            .latest_to(email_of(seat), |m| {
                (m.is_invitation() || m.is_confirmation()) && m.text.contains(&paced_id)
            })
            .unwrap()
            .seat_link();
        let answer = client
            .post(format!(
                "{}/api/v1/games/{paced_id}/accept",
                bases[seat as usize % 2]
            ))
            .bearer_auth(link.bearer())
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status().as_u16(), 200);
    }
    let reader = db.open();
    let due = 1_000i64;
    {
        let mut conn = reader.get().unwrap();
        // Past its deadline, its grace already used: the clock's turn, on both servers.
        let changed = corriere::store::execute_sql(
            &mut conn,
            &format!(
                "UPDATE deadlines SET due_at = {due}, extended = TRUE WHERE game_id = '{paced_id}'"
            ),
        )
        .unwrap();
        assert_eq!(changed, 1);
    }
    let id = corriere::domain::GameId::parse(&paced_id).unwrap();
    let clock_moves = || {
        corriere::store::actions_from(&mut reader.get().unwrap(), &id, 1)
            .unwrap()
            .into_iter()
            .filter(|a| a.author == "clock" && a.deadline == Some(due))
            .count()
    };
    // Two more services on the database, each with its own connections and its scheduler
    // stepped by the test: both passes start together, then each passes once more.
    let schedulers = [
        TestApp::start(db.clone(), Smtp::nowhere()).await,
        TestApp::start(db.clone(), Smtp::nowhere()).await,
    ];
    for _ in 0..2 {
        let barrier = Arc::new(tokio::sync::Barrier::new(2));
        let passes = schedulers.iter().map(|app| {
            let (scheduler, barrier) = (app.running.scheduler.clone(), barrier.clone());
            tokio::spawn(async move {
                barrier.wait().await;
                scheduler.run_once().await.expect("a scheduler pass")
            })
        });
        join_all(passes).await;
        assert_eq!(clock_moves(), 1, "the clock played the deadline once");
    }
    for app in schedulers {
        app.stop().await;
    }
    for node in nodes {
        node.stop();
    }
}

/// Every spawned task's output, in order.
async fn join_all<T>(tasks: impl Iterator<Item = tokio::task::JoinHandle<T>>) -> Vec<T> {
    let mut outputs = Vec::new();
    for task in tasks.collect::<Vec<_>>() {
        outputs.push(task.await.expect("the task finishes"));
    }
    outputs
}
