//! The web layer's edges as clients meet them: the API's answers to paths and methods it does
//! not have, a database outage, client mistakes in the log, and whom a per-client limit counts.

mod support;

use corriere::config::Config;
use std::sync::Arc;
use support::{Backend, TestDb};

on_each_backend!(an_ipv6_client_is_limited_by_its_64_block);

/// The service behind a proxy that says who the client is in `X-Forwarded-For`, with
/// `limits`, on `db`.
async fn behind_a_proxy(db: &TestDb, limits: corriere::games::Limits) -> corriere::web::Running {
    let config = Config {
        database_url: db.url.clone(),
        bind: "127.0.0.1:0".into(),
        base_url: None,
        smtp_url: None,
        secret: db.secret.clone(),
        data_dir: db.dir.path().to_owned(),
        mail_from: "corriere <corriere@corriere.test>".into(),
        run_mail_worker: false,
        games: corriere::kinds::Registry::standard(),
        db_wait: corriere::store::DEFAULT_WAIT,
        clock: Arc::new(corriere::clock::ManualClock::starting_now()),
        limits,
        sign_in_ttl: corriere::games::DEFAULT_SIGN_IN_TTL,
        behind_proxy: true,
        time: Default::default(),
        scheduler_tick: std::time::Duration::from_secs(30),
        reply_address: None,
        lmtp_listen: None,
    };
    corriere::web::start(config)
        .await
        .expect("the service starts")
}

/// An IPv6 client owns at least a /64: each of its addresses is not a client of its own.
async fn an_ipv6_client_is_limited_by_its_64_block(backend: Backend) {
    let db = TestDb::fresh(&backend);
    let limits = corriere::games::Limits {
        games_per_hour: 1,
        ..corriere::games::Limits::unlimited()
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
