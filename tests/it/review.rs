//! Reviewing games through the service: the record download (public while the game runs,
//! complete after), `verify` agreeing with the server, the replay viewer, the finished game's
//! page, the /verify page, and importing a record from elsewhere.

use crate::support;

use corriere::audit::{verify_json, Discrepancy, Record};
use corriere::domain::GameId;
use corriere::engine::condottiere::Options;
use corriere::simulate::simulate_record;
use support::{Backend, Chooser, TestApp};

on_each_backend!(
    a_game_s_record_is_public_while_it_runs_and_verifies_once_it_is_over,
    a_record_from_elsewhere_is_imported_and_reviewed_with_every_hand,
);

/// Play moves from the mails until the game is over or `limit` moves were made.
async fn play(
    app: &TestApp,
    game: &str,
    players: usize,
    chooser: &mut Chooser,
    limit: usize,
) -> usize {
    let mut moves = 0;
    while moves < limit {
        if app
            .public_page(game)
            .await
            .text()
            .contains("The game is over.")
        {
            break;
        }
        let (_, answer) = app
            .play_from_mail(game, players, chooser)
            .await
            .expect("someone can move");
        assert_eq!(answer.status, 303, "{}", answer.body);
        moves += 1;
    }
    moves
}

async fn a_game_s_record_is_public_while_it_runs_and_verifies_once_it_is_over(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let creator = app.create_game(2, &["hidden_cards"]).await;
    let game = creator.game.clone();
    let links = app.accept_all(&game, 2).await;
    let mut chooser = Chooser::new(77);
    play(&app, &game, 2, &mut chooser, 12).await;

    // While it runs: public information only.
    let secret = app.stored_secret(&game);
    let running = app.get(&format!("/games/{game}/record.json")).await;
    assert_eq!(running.status, 200);
    assert!(
        !running.body.contains(&secret),
        "the secret stays on the server"
    );
    let record = Record::from_json(&running.body).expect("a record");
    assert!(record.secret.is_none() && record.outcome.is_none());
    assert!(
        record.actions.iter().all(|a| !matches!(
            a.action.as_ref().map(|json| serde_json::from_str(json.get()).unwrap()),
            Some(corriere::engine::condottiere::Action::Play { card }) if card.is_hidden_type()
        )),
        "no face-down card is named while the game runs"
    );
    assert!(matches!(
        verify_json(&running.body),
        Err(Discrepancy::NotFinished { .. })
    ));
    let replay = app.get(&format!("/games/{game}/replay/3")).await;
    assert_eq!(replay.status, 200);
    assert!(replay.text().contains("what spectators see"));
    assert!(
        !replay.body.contains("id=\"hands\""),
        "no hands before the end"
    );

    play(&app, &game, 2, &mut chooser, 5000).await;

    // Once it is over: the full record, and verify agrees with the server.
    let finished = app.get(&format!("/games/{game}/record.json")).await;
    assert_eq!(
        finished.headers["content-disposition"],
        format!("attachment; filename=\"corriere-{game}.json\""),
        "the record is a download, not JSON shown in the browser"
    );
    let record = Record::from_json(&finished.body).expect("a record");
    assert_eq!(record.secret.as_deref(), Some(secret.as_str()));
    let summary = verify_json(&finished.body).expect("the server's record verifies");
    let api = app.api_game(&game).await.json();
    let winners: Vec<u64> = api["view"]["outcome"]["winners"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .collect();
    assert_eq!(
        summary
            .winners
            .iter()
            .map(|s| s.number() as u64)
            .collect::<Vec<_>>(),
        winners
    );
    assert_eq!(summary.head, api["log_head"].as_str().unwrap());

    // The finished game's page: how it ended, standings, links into the replay.
    let public = app.public_page(&game).await;
    assert!(public.body.contains("id=\"standings\""), "{}", public.body);
    assert!(public.body.contains("id=\"milestones\""));
    let link = public
        .body
        .split("href=\"")
        .filter_map(|s| s.split('"').next())
        .find(|h| h.contains("/replay/") && !h.ends_with(&format!("/{}", summary.actions)))
        .expect("a milestone link");
    let step = app.get(link).await;
    assert_eq!(step.status, 200);
    assert!(
        step.body.contains("id=\"hands\""),
        "every hand after the end"
    );
    assert!(step.body.contains("id=\"deck\""));
    assert!(step.text().contains("Seed"));

    // The public page leads with the result; the deal's proof is folded under the audit.
    let result_at = public.body.find("id=\"result\"").expect("the result");
    let audit_at = public.body.find("id=\"audit\"").expect("the audit");
    let contributions_at = public
        .body
        .find("id=\"contributions\"")
        .expect("contributions");
    assert!(result_at < audit_at && audit_at < contributions_at);
    assert!(public.body.find("id=\"players\"").unwrap() > result_at);
    // A finished seat page shows who finished where and leads to the replay.
    let seat = app.seat_page(&links[1]).await;
    assert!(seat.body.contains("id=\"standings\""), "{}", seat.body);
    assert!(
        seat.body
            .contains(&format!("href=\"/games/{game}/replay/0\"")),
        "{}",
        seat.body
    );
    // The history's entries say their own move numbers; the list adds no other count.
    assert!(!seat.body.contains("reversed start="), "{}", seat.body);

    // The /verify page says the same, and names a tampered action.
    let form = reqwest::multipart::Form::new().text("record_text", finished.body.clone());
    let checked = app
        .read_raw(app.client.post(app.url("/verify")).multipart(form))
        .await;
    assert_eq!(checked.status, 200, "{}", checked.body);
    assert!(checked.text().contains("The record checks out."));
    let mut tampered: serde_json::Value = serde_json::from_str(&finished.body).unwrap();
    tampered["actions"][4]["at"] = (tampered["actions"][4]["at"].as_i64().unwrap() + 1).into();
    let part = reqwest::multipart::Part::text(tampered.to_string()).file_name("game.json");
    let form = reqwest::multipart::Form::new().part("record", part);
    let refused = app
        .read_raw(app.client.post(app.url("/verify")).multipart(form))
        .await;
    assert_eq!(refused.status, 422);
    assert!(
        refused
            .text()
            .contains("Action 5 does not match the chain: it or an earlier action was changed."),
        "{}",
        refused.body
    );
    // In Portuguese, the reason is Portuguese too.
    let form = reqwest::multipart::Form::new().text("record_text", tampered.to_string());
    let recusado = app
        .read_raw(
            app.client
                .post(app.url("/verify"))
                .header("Accept-Language", "pt-BR,pt;q=0.9")
                .multipart(form),
        )
        .await;
    assert_eq!(recusado.status, 422);
    assert!(
        recusado
            .text()
            .contains("A ação 5 não confere com a cadeia: ela ou uma ação anterior foi mudada."),
        "{}",
        recusado.body
    );
    assert!(!recusado.text().contains("hash mismatch"));
    assert!(!recusado.body.contains('`'), "no literal backticks");
    app.stop().await;
}

async fn a_record_from_elsewhere_is_imported_and_reviewed_with_every_hand(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let options = Options {
        capturing_regions: true,
        ..Options::default()
    };
    let registry = corriere::kinds::Registry::standard();
    let kind = registry.get("condottiere").unwrap();
    let options = kind
        .read_options(&serde_json::to_string(&options).unwrap())
        .unwrap();
    let mut record = simulate_record(kind, 3, &options, 5);
    record.id = "imported01".into();
    // An id change alters the genesis: re-seal the record as its origin would have.
    let mut resealed = Record::new(record.header());
    let secret: [u8; 32] = hex::decode(record.secret.as_ref().unwrap())
        .unwrap()
        .try_into()
        .unwrap();
    for a in &record.actions {
        resealed.push(a.seat, a.action.clone().unwrap(), a.at, a.author, &secret);
    }
    resealed.reveal(record.outcome.clone().unwrap(), &secret);
    let games = app.running.state.clone();
    let db = app.db.open();
    let imported = resealed.clone();
    let id = tokio::task::spawn_blocking(move || {
        let mut conn = db.get().unwrap();
        games.games.import(&mut conn, &imported)
    })
    .await
    .unwrap()
    .expect("a verified record imports");
    assert_eq!(id, GameId::parse("imported01").unwrap());

    let public = app.public_page("imported01").await;
    assert_eq!(public.status, 200);
    assert!(
        public.text().contains("The game is over."),
        "{}",
        public.body
    );
    let exported = app.get("/games/imported01/record.json").await;
    assert_eq!(
        Record::from_json(&exported.body).unwrap(),
        resealed,
        "the record comes back as it went in"
    );
    let step = app.get("/games/imported01/replay/10").await;
    assert!(step.body.contains("id=\"hands\""));

    // A tampered record is refused, and a second import of the same id too.
    let games = app.running.state.clone();
    let db = app.db.open();
    let mut tampered = resealed.clone();
    tampered.actions[3].at += 1;
    let (bad, again) = tokio::task::spawn_blocking(move || {
        let mut conn = db.get().unwrap();
        (
            games.games.import(&mut conn, &tampered).map(drop),
            games.games.import(&mut conn, &resealed).map(drop),
        )
    })
    .await
    .unwrap();
    assert_eq!(bad.unwrap_err().to_string(), "action 4: hash mismatch");
    assert!(again.unwrap_err().to_string().contains("already exists"));
    app.stop().await;
}
