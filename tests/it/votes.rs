//! Votes at the table (issue 31, item 2), through HTTP, the API and a real SMTP server on both
//! backends: a draw agreed by all, a concession, a cancel after a declined proposal, a
//! proposal that lapses, a pause that stops the deadlines and gives them back their time, and
//! votes by reply mail.

use crate::support;
use crate::time::{accept, create, pass_time};

use corriere::domain::GameId;
use corriere::store;
use support::{email_of, Backend, Page, SeatLink, TestApp};

on_each_backend!(
    a_draw_agreed_by_every_seat_ends_the_game_as_a_draw_everywhere,
    a_concession_at_a_table_of_two_ends_the_game_for_the_other_seat,
    a_declined_cancel_changes_nothing_and_an_agreed_one_cancels,
    a_proposal_lapses_after_72_hours,
    a_pause_stops_the_deadlines_and_a_resume_gives_back_the_time_left,
    a_draw_needs_only_the_players_who_remain_and_counts_as_finished,
    every_game_played_here_ends_in_a_draw_its_players_and_bots_agree,
    votes_by_reply_mail_propose_decline_and_agree_in_both_languages,
    an_answer_drawn_before_a_proposal_was_made_does_not_answer_it,
);

fn conn(app: &TestApp) -> store::DbConn {
    app.running.db.get().expect("a connection")
}

/// POST …/vote from a seat's page, with the page's `seq`.
async fn vote(app: &TestApp, link: &SeatLink, fields: &[(&str, &str)]) -> Page {
    let seq = app.seat_page(link).await.seq().expect("a seq").to_string();
    let mut all = vec![("seq", seq.as_str())];
    all.extend_from_slice(fields);
    app.post_form(&format!("{}/vote", link.url), &all).await
}

/// POST /api/v1/games/{id}/votes with the seat's bearer token.
async fn api_vote(app: &TestApp, link: &SeatLink, vote: serde_json::Value) -> Page {
    let seq = app.seat_page(link).await.seq().expect("a seq");
    app.read(
        app.client
            .post(app.url(&format!("/api/v1/games/{}/votes", link.game)))
            .bearer_auth(link.bearer())
            .json(&serde_json::json!({"seq": seq, "vote": vote}))
            .send()
            .await,
    )
    .await
}

fn record(app: &TestApp, game: &str) -> corriere::audit::Record {
    let id = GameId::parse(game).unwrap();
    app.running.state.games.record(&mut conn(app), &id).unwrap()
}

/// The record's entries that carry an action: (seat number, the action's JSON).
fn logged_actions(record: &corriere::audit::Record) -> Vec<(u8, String)> {
    record
        .actions
        .iter()
        .filter_map(|a| {
            a.action
                .as_ref()
                .map(|j| (a.seat.number(), j.get().to_owned()))
        })
        .collect()
}

fn deadlines(app: &TestApp, game: &str) -> Vec<store::DeadlineRow> {
    store::deadlines_of(&mut conn(app), &GameId::parse(game).unwrap()).unwrap()
}

async fn started(app: &TestApp, players: usize) -> Vec<SeatLink> {
    let creator = app.create_game(players, &[]).await;
    app.accept_all(&creator.game, players).await
}

async fn a_draw_agreed_by_every_seat_ends_the_game_as_a_draw_everywhere(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let links = started(&app, 3).await;
    let game = links[0].game.clone();
    app.deliver_mail().await;
    let before = app.smtp.count();
    // Alice proposes a draw from her page: Bob and Carla are told, she is not.
    let proposed = vote(&app, &links[0], &[("vote", "draw")]).await;
    assert_eq!(proposed.status, 303, "{}", proposed.body);
    app.deliver_mail().await;
    let told: Vec<_> = app.smtp.mails()[before..].to_vec();
    for seat in [2, 3] {
        let mail = told
            .iter()
            .find(|m| m.to.contains(email_of(seat)))
            .unwrap_or_else(|| panic!("seat {seat} is told: {told:?}"));
        assert!(
            mail.subject.contains("a vote at the table"),
            "{}",
            mail.subject
        );
        assert!(
            mail.text.contains("Alice: proposes a draw"),
            "{}",
            mail.text
        );
        assert!(
            mail.text
                .contains("from your seat page, or reply to this mail with “agree” or “decline”"),
            "{}",
            mail.text
        );
    }
    assert!(!told.iter().any(|m| m.to.contains(email_of(1))));
    // Every page shows it; Bob's offers to agree.
    let bob = app.seat_page(&links[1]).await;
    assert!(
        bob.text().contains("Alice proposes a draw"),
        "{}",
        bob.text()
    );
    assert!(bob.body.contains("id=\"vote-agree\""));
    // The API shows it too: who proposed what, who agreed, who it waits for, until when.
    let table = app.api_game(&game).await.json()["table"].clone();
    assert_eq!(table["proposal"]["by"], 1, "{table}");
    assert_eq!(table["proposal"]["proposal"], "draw", "{table}");
    assert_eq!(
        table["proposal"]["agreed"],
        serde_json::json!([1]),
        "{table}"
    );
    assert_eq!(
        table["proposal"]["waiting"],
        serde_json::json!([2, 3]),
        "{table}"
    );
    assert!(table["proposal"]["expires"].is_string(), "{table}");
    assert!(table["paused_until"].is_null(), "{table}");
    let public = app.public_page(&game).await;
    assert!(public.text().contains("Alice proposes a draw"));
    assert!(
        public.text().contains("Waiting for: Bob and Carla"),
        "{}",
        public.text()
    );
    // A second proposal meanwhile is refused and changes nothing.
    let again = vote(&app, &links[1], &[("vote", "cancel")]).await;
    assert_eq!(again.status, 422, "{}", again.body);
    assert!(again
        .text()
        .contains("A proposal is waiting for answers already"));
    // Bob agrees by the API, Carla by her page: the game is over, a draw.
    let agreed = api_vote(&app, &links[1], serde_json::json!("agree")).await;
    assert_eq!(agreed.status, 200, "{}", agreed.body);
    assert_eq!(agreed.json()["game_over"], false);
    let twice = api_vote(&app, &links[1], serde_json::json!("agree")).await;
    assert_eq!(twice.status, 422, "{}", twice.body);
    assert_eq!(twice.json()["error"]["code"], "table-agreed-already");
    let last = vote(&app, &links[2], &[("vote", "agree")]).await;
    assert_eq!(last.status, 303, "{}", last.body);
    let api = app.api_game(&game).await.json();
    assert_eq!(api["status"], "over", "{api}");
    assert_eq!(api["outcome"], serde_json::json!({"table": "draw"}));
    assert!(api["table"]["proposal"].is_null(), "{api}");
    let public = app.public_page(&game).await;
    assert!(
        public.text().contains("The players agreed a draw."),
        "{}",
        public.text()
    );
    let history = app.get(&format!("/games/{game}/history")).await;
    assert!(
        history.text().contains("agrees to the proposal"),
        "{}",
        history.text()
    );
    // Everyone hears the game is over.
    app.deliver_mail().await;
    for seat in 1..=3 {
        assert!(app
            .smtp
            .mails_to(email_of(seat))
            .iter()
            .any(|m| m.is_game_over()));
    }
    // The record has the votes in its chain and verifies offline, a draw.
    let exported = app.get(&format!("/games/{game}/record.json")).await;
    assert_eq!(exported.status, 200);
    let record = corriere::audit::Record::from_json(&exported.body).unwrap();
    let votes: Vec<String> = record
        .actions
        .iter()
        .filter_map(|a| a.action.as_ref().map(|j| j.get().to_owned()))
        .collect();
    assert_eq!(
        votes,
        [
            r#"{"table":{"propose":"draw"}}"#,
            r#"{"table":"agree"}"#,
            r#"{"table":"agree"}"#
        ]
    );
    let summary = corriere::audit::verify_with(&record, &corriere::kinds::Registry::standard())
        .expect("the record verifies");
    assert!(summary.winners.is_empty());
    assert_eq!(summary.outcome.get(), r#"{"table":"draw"}"#);
    // A vote after the end is refused.
    let late = vote(&app, &links[0], &[("vote", "draw")]).await;
    assert_ne!(late.status, 303);
    app.stop().await;
}

async fn a_concession_at_a_table_of_two_ends_the_game_for_the_other_seat(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let links = started(&app, 2).await;
    let game = links[0].game.clone();
    // Conceding to oneself is refused; to Bob it ends the game at once (nobody else to ask).
    let own = api_vote(
        &app,
        &links[0],
        serde_json::json!({"propose": {"concede": 1}}),
    )
    .await;
    assert_eq!(own.status, 422, "{}", own.body);
    let conceded = api_vote(
        &app,
        &links[0],
        serde_json::json!({"propose": {"concede": 2}}),
    )
    .await;
    assert_eq!(conceded.status, 200, "{}", conceded.body);
    assert_eq!(conceded.json()["game_over"], true);
    let api = app.api_game(&game).await.json();
    assert_eq!(
        api["outcome"],
        serde_json::json!({"table": {"conceded": 2}})
    );
    let public = app.public_page(&game).await;
    assert!(
        public.text().contains("The game was conceded: Bob wins."),
        "{}",
        public.text()
    );
    let summary =
        corriere::audit::verify_with(&record(&app, &game), &corriere::kinds::Registry::standard())
            .expect("the record verifies");
    assert_eq!(summary.winners, vec![corriere::engine::Seat(1)]);
    app.stop().await;
}

async fn a_declined_cancel_changes_nothing_and_an_agreed_one_cancels(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let links = started(&app, 3).await;
    let game = links[0].game.clone();
    assert_eq!(
        vote(&app, &links[1], &[("vote", "cancel")]).await.status,
        303
    );
    // Carla declines: nothing is pending, an answer now is refused with the reason.
    assert_eq!(
        vote(&app, &links[2], &[("vote", "decline")]).await.status,
        303
    );
    let late = vote(&app, &links[0], &[("vote", "agree")]).await;
    assert_eq!(late.status, 422, "{}", late.body);
    assert!(
        late.text().contains("Nothing is proposed now"),
        "{}",
        late.text()
    );
    assert_eq!(app.api_game(&game).await.json()["status"], "playing");
    // A form with a pause too long is refused before it reaches the game.
    let long = vote(&app, &links[0], &[("vote", "pause"), ("hours", "337")]).await;
    assert_eq!(long.status, 400, "{}", long.body);
    assert!(long.text().contains("A pause lasts from 1 to 336 hours"));
    // Proposed again and agreed by all: cancelled, no winner.
    assert_eq!(
        vote(&app, &links[1], &[("vote", "cancel")]).await.status,
        303
    );
    assert_eq!(
        vote(&app, &links[0], &[("vote", "agree")]).await.status,
        303
    );
    assert_eq!(
        vote(&app, &links[2], &[("vote", "agree")]).await.status,
        303
    );
    let api = app.api_game(&game).await.json();
    assert_eq!(api["status"], "over");
    assert_eq!(api["outcome"], serde_json::json!({"table": "cancelled"}));
    let page = app.seat_page(&links[0]).await;
    assert!(page
        .text()
        .contains("The players agreed to cancel the game"));
    assert!(
        !page.body.contains("id=\"vote-propose\""),
        "no votes after the end"
    );
    corriere::audit::verify_with(&record(&app, &game), &corriere::kinds::Registry::standard())
        .expect("the record verifies");
    // A game cancelled at the table has no result: nobody finished it.
    for player in app.api_game(&game).await.json()["players"]
        .as_array()
        .unwrap()
    {
        assert_eq!(player["reliability"]["games_finished"], 0, "{player}");
    }
    app.stop().await;
}

async fn a_proposal_lapses_after_72_hours(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let links = started(&app, 2).await;
    assert_eq!(vote(&app, &links[0], &[("vote", "draw")]).await.status, 303);
    let lapsed = |app: &TestApp| -> Vec<String> {
        app.smtp
            .mails()
            .into_iter()
            .filter(|m| m.subject.contains("a proposal lapsed"))
            .map(|m| m.to.clone())
            .collect()
    };
    assert_eq!(pass_time(&app, chrono::Duration::hours(71)).await.lapsed, 0);
    assert!(app
        .seat_page(&links[1])
        .await
        .text()
        .contains("Alice proposes a draw"));
    // Lapsed: everyone hears it once, whoever's scheduler pass finds it.
    assert_eq!(pass_time(&app, chrono::Duration::hours(2)).await.lapsed, 1);
    let told = lapsed(&app);
    assert_eq!(told.len(), 2, "{told:?}");
    for seat in [1, 2] {
        assert!(
            told.iter().any(|to| to.contains(email_of(seat))),
            "{told:?}"
        );
    }
    let mail = app
        .smtp
        .latest_to(email_of(2), |m| m.subject.contains("a proposal lapsed"))
        .unwrap();
    assert!(
        mail.text
            .contains("Alice proposed a draw; not everyone agreed within 72 hours"),
        "{}",
        mail.text
    );
    assert_eq!(pass_time(&app, chrono::Duration::hours(1)).await.lapsed, 0);
    let page = app.seat_page(&links[1]).await;
    assert!(!page.text().contains("Alice proposes a draw"), "lapsed");
    let late = vote(&app, &links[1], &[("vote", "agree")]).await;
    assert_eq!(late.status, 422, "{}", late.body);
    assert_eq!(
        app.api_game(&links[0].game).await.json()["status"],
        "playing"
    );
    // Another may be proposed now; declined, its time passes and nobody is told it lapsed.
    assert_eq!(vote(&app, &links[1], &[("vote", "draw")]).await.status, 303);
    assert_eq!(
        vote(&app, &links[0], &[("vote", "decline")]).await.status,
        303
    );
    assert_eq!(pass_time(&app, chrono::Duration::hours(73)).await.lapsed, 0);
    assert_eq!(lapsed(&app).len(), 2, "only the first lapse was told");
    app.stop().await;
}

async fn a_pause_stops_the_deadlines_and_a_resume_gives_back_the_time_left(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let creator = create(&app, &[Some(0), Some(1)], "24").await;
    let links = accept(&app, &creator.game, &[1, 2]).await;
    let game = creator.game.clone();
    let due = |app: &TestApp| -> Vec<(i32, i64)> {
        deadlines(app, &game)
            .iter()
            .map(|d| (d.seat, d.due_at))
            .collect()
    };
    let first = due(&app);
    assert!(!first.is_empty(), "a deadline runs");
    pass_time(&app, chrono::Duration::hours(2)).await;
    // A pause of 48 hours, agreed by both: every deadline moves 48 hours on.
    let proposed = vote(&app, &links[0], &[("vote", "pause"), ("hours", "48")]).await;
    assert_eq!(proposed.status, 303, "{}", proposed.body);
    assert_eq!(due(&app), first, "a proposal alone stops nothing");
    assert_eq!(
        vote(&app, &links[1], &[("vote", "agree")]).await.status,
        303
    );
    let hour = 3_600_000;
    let paused: Vec<(i32, i64)> = first.iter().map(|(s, d)| (*s, d + 48 * hour)).collect();
    assert_eq!(due(&app), paused);
    assert!(app
        .public_page(&game)
        .await
        .text()
        .contains("The clock is paused until"));
    let table = app.api_game(&game).await.json()["table"].clone();
    assert!(table["proposal"].is_null(), "{table}");
    assert!(table["paused_until"].is_string(), "{table}");
    // A day later (past the first deadline, within the pause) the clock has not acted.
    let seq = record(&app, &game).actions.len();
    let report = pass_time(&app, chrono::Duration::hours(30)).await;
    assert_eq!(report.time.clock_moves, 0);
    assert_eq!(record(&app, &game).actions.len(), seq);
    // Bob resumes 30 hours into the pause: the 18 hours not used come off again, so each
    // deadline has the time it had left when the pause began.
    assert_eq!(
        vote(&app, &links[1], &[("vote", "resume")]).await.status,
        303
    );
    let resumed: Vec<(i32, i64)> = first.iter().map(|(s, d)| (*s, d + 30 * hour)).collect();
    assert_eq!(due(&app), resumed);
    assert!(!app
        .public_page(&game)
        .await
        .text()
        .contains("The clock is paused"));
    assert!(app.api_game(&game).await.json()["table"]["paused_until"].is_null());
    corriere::audit::verify_log_with(&record(&app, &game), &corriere::kinds::Registry::standard())
        .expect("the log verifies");
    // Once the time left has run out the clock acts again, and the game played to its end
    // verifies whole: the pause, the resume and the clock's entries after them.
    let mut clock_moves = 0;
    for _ in 0..4 {
        clock_moves += pass_time(&app, chrono::Duration::hours(24))
            .await
            .time
            .clock_moves;
    }
    assert!(clock_moves > 0, "the clock runs again after the resume");
    assert!(support::play_first_legal(&app, &game, 5000).await);
    let finished = record(&app, &game);
    assert!(finished.actions.iter().any(|a| a.author.name() == "clock"));
    corriere::audit::verify_with(&finished, &corriere::kinds::Registry::standard())
        .expect("the finished record verifies");
    app.stop().await;
}

/// "Agreed by all remaining players": a seat whose player resigned (the bot's for good) does
/// not hold a vote back. Its bot agrees in the log, the resigned player's link may not vote,
/// nobody mails them about it, and the draw counts as a game finished for those who remain.
async fn a_draw_needs_only_the_players_who_remain_and_counts_as_finished(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let links = started(&app, 3).await;
    let game = links[0].game.clone();
    let resigned = app
        .post_form(&format!("{}/resign", links[2].url), &[("confirm", "yes")])
        .await;
    assert_eq!(resigned.status, 303, "{}", resigned.body);
    app.deliver_mail().await;
    let before = app.smtp.count();
    // Carla left: her link neither proposes nor answers, and says why.
    let carla = api_vote(&app, &links[2], serde_json::json!({"propose": "draw"})).await;
    assert_eq!(carla.status, 409, "{}", carla.body);
    assert_eq!(carla.json()["error"]["code"], "resigned");
    let page = vote(&app, &links[2], &[("vote", "draw")]).await;
    assert!(
        page.text().contains("You resigned this seat"),
        "{}",
        page.text()
    );
    assert!(app.api_game(&game).await.json()["players"].is_array());
    // Alice proposes, Bob agrees: the two who remain decide, the game is a draw.
    assert_eq!(vote(&app, &links[0], &[("vote", "draw")]).await.status, 303);
    let public = app.public_page(&game).await;
    assert!(
        public.text().contains("Waiting for: Bob."),
        "only Bob is waited on: {}",
        public.text()
    );
    app.deliver_mail().await;
    let told: Vec<_> = app.smtp.mails()[before..].to_vec();
    assert!(told.iter().any(|m| m.to.contains(email_of(2))), "{told:?}");
    assert!(
        !told.iter().any(|m| m.to.contains(email_of(3))),
        "a player who resigned is not asked: {told:?}"
    );
    assert_eq!(
        vote(&app, &links[1], &[("vote", "agree")]).await.status,
        303
    );
    let api = app.api_game(&game).await.json();
    assert_eq!(api["status"], "over", "{api}");
    assert_eq!(api["outcome"], serde_json::json!({"table": "draw"}));
    // The record shows who decided: Carla's seat agreed by its bot, and it verifies.
    let record = record(&app, &game);
    use corriere::audit::Author;
    let table: Vec<(u8, String, Author)> = record
        .actions
        .iter()
        .filter_map(|a| {
            let json = a.action.as_ref()?.get().to_owned();
            json.starts_with(r#"{"table""#)
                .then_some((a.seat.0, json, a.author))
        })
        .collect();
    assert_eq!(
        table,
        [
            (
                0,
                r#"{"table":{"propose":"draw"}}"#.to_owned(),
                Author::Seat
            ),
            (2, r#"{"table":"agree"}"#.to_owned(), Author::Bot),
            (1, r#"{"table":"agree"}"#.to_owned(), Author::Seat),
        ]
    );
    corriere::audit::verify_with(&record, &corriere::kinds::Registry::standard())
        .expect("the record verifies");
    // A draw agreed at the table is a game finished for the players who remained.
    let reliability = &api["players"];
    for n in [0, 1] {
        assert_eq!(reliability[n]["reliability"]["games_finished"], 1, "{api}");
    }
    assert_eq!(reliability[2]["reliability"]["games_finished"], 0, "{api}");
    assert_eq!(reliability[2]["reliability"]["resignations"], 1, "{api}");
    app.stop().await;
}

/// Votes are the table's, for every game: in each game played here (two players and bots
/// created with it at the other seats), a draw proposed by one player and agreed by
/// the other (the bot agreeing for its seat) ends the game, and its record verifies.
async fn every_game_played_here_ends_in_a_draw_its_players_and_bots_agree(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let kinds = app.get("/api/v1/kinds").await.json();
    let mut played = Vec::new();
    for kind in kinds.as_array().unwrap() {
        let name = kind["name"].as_str().unwrap().to_owned();
        // The most the table takes: every game's default setup plays with it.
        let players = kind["max_players"].as_u64().unwrap();
        let mut seats = vec![
            serde_json::json!({"name": "Alice", "email": email_of(1)}),
            serde_json::json!({"name": "Bob", "email": email_of(2)}),
        ];
        for n in 3..=players {
            seats.push(serde_json::json!({"name": format!("Bot {n}"), "bot": true}));
        }
        let created = app
            .read_raw(
                app.client
                    .post(app.url("/api/v1/games"))
                    .json(&serde_json::json!({
                        "game": name, "options": {}, "seats": seats,
                    })),
            )
            .await;
        assert_eq!(created.status, 201, "{name}: {}", created.body);
        let game = created.json()["id"].as_str().unwrap().to_owned();
        app.confirm(&game).await;
        let links = app.accept_all(&game, 2).await;
        assert_eq!(
            app.api_game(&game).await.json()["status"],
            "playing",
            "{name}"
        );
        let proposed = api_vote(&app, &links[0], serde_json::json!({"propose": "draw"})).await;
        assert_eq!(proposed.status, 200, "{name}: {}", proposed.body);
        let agreed = api_vote(&app, &links[1], serde_json::json!("agree")).await;
        assert_eq!(agreed.status, 200, "{name}: {}", agreed.body);
        let api = app.api_game(&game).await.json();
        assert_eq!(
            api["outcome"],
            serde_json::json!({"table": "draw"}),
            "{name}: {api}"
        );
        let record = record(&app, &game);
        let bots_agreed = record
            .actions
            .iter()
            .filter(|a| a.author == corriere::audit::Author::Bot)
            .filter(|a| {
                a.action
                    .as_ref()
                    .is_some_and(|j| j.get() == r#"{"table":"agree"}"#)
            })
            .count();
        assert_eq!(bots_agreed as u64, players - 2, "{name}");
        corriere::audit::verify_with(&record, &corriere::kinds::Registry::standard())
            .unwrap_or_else(|e| panic!("{name}: {e:?}"));
        played.push(name);
    }
    assert!(played.len() >= 4, "{played:?}");
    app.stop().await;
}

/// The newest vote mail `address` was sent (in either language).
fn newest_vote_mail(app: &TestApp, address: &str) -> support::Mail {
    app.smtp
        .mails_to(address)
        .into_iter()
        .rfind(|m| {
            m.subject.contains("a vote at the table") || m.subject.contains("um voto à mesa")
        })
        .unwrap_or_else(|| panic!("{address} was sent a vote mail"))
}

/// Reply `body` to the newest vote mail of `address`; the answer (in either language).
async fn reply_to_vote(app: &TestApp, address: &str, body: &str) -> support::Mail {
    let mail = newest_vote_mail(app, address);
    let lmtp = app.reply(&mail, body, "").await;
    assert!(lmtp.starts_with("250"), "LMTP: {lmtp}");
    app.deliver_mail().await;
    app.smtp
        .mails_to(address)
        .into_iter()
        .rfind(|m| m.subject.contains("your reply") || m.subject.contains("sua resposta"))
        .expect("the reply is answered")
}

async fn votes_by_reply_mail_propose_decline_and_agree_in_both_languages(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let links = started(&app, 3).await;
    let game = links[0].game.clone();
    // Carla reads her mail in Portuguese.
    support::reads_portuguese(&app, email_of(3));
    app.deliver_mail().await;
    // Alice proposes a draw from her page; Bob declines by reply.
    let proposed = vote(&app, &links[0], &[("vote", "draw")]).await;
    assert_eq!(proposed.status, 303, "{}", proposed.body);
    app.deliver_mail().await;
    let carlas = newest_vote_mail(&app, email_of(3));
    assert!(
        carlas
            .text
            .contains("respondendo a este e-mail com “aceito” ou “recuso”"),
        "{}",
        carlas.text
    );
    let declined = reply_to_vote(&app, email_of(2), "decline").await;
    assert!(
        declined.text.contains("“decline”: played"),
        "{}",
        declined.text
    );
    let public = app.public_page(&game).await.text();
    assert!(!public.contains("Alice proposes a draw"), "{public}");
    // Carla proposes a pause longer than the limit: refused with the table's words, and the
    // game does not move.
    let seq = app.api_game(&game).await.json()["seq"].clone();
    let long = reply_to_vote(&app, email_of(3), "propor pausa 9999 horas").await;
    assert!(
        long.text.contains("Uma pausa dura de 1 a 336 horas"),
        "{}",
        long.text
    );
    assert_eq!(app.api_game(&game).await.json()["seq"], seq);
    // She proposes a draw in Portuguese; Alice agrees in English, Bob too: a draw.
    let empate = reply_to_vote(&app, email_of(3), "Propor empate\nBoa partida a todos!").await;
    assert!(empate.text.contains("“Propor empate”"), "{}", empate.text);
    let agreed = reply_to_vote(&app, email_of(1), "I agree.").await;
    assert!(
        agreed.text.contains("“I agree.”: played"),
        "{}",
        agreed.text
    );
    assert_eq!(app.api_game(&game).await.json()["status"], "playing");
    reply_to_vote(&app, email_of(2), "agree").await;
    let api = app.api_game(&game).await.json();
    assert_eq!(api["status"], "over", "{api}");
    assert_eq!(api["outcome"], serde_json::json!({"table": "draw"}));
    // The record has every vote by reply in its chain, by its seat, and verifies.
    let exported = app.get(&format!("/games/{game}/record.json")).await;
    let record = corriere::audit::Record::from_json(&exported.body).unwrap();
    assert_eq!(
        logged_actions(&record),
        [
            (1, r#"{"table":{"propose":"draw"}}"#.to_owned()),
            (2, r#"{"table":"decline"}"#.to_owned()),
            (3, r#"{"table":{"propose":"draw"}}"#.to_owned()),
            (1, r#"{"table":"agree"}"#.to_owned()),
            (2, r#"{"table":"agree"}"#.to_owned()),
        ]
    );
    corriere::audit::verify_with(&record, &corriere::kinds::Registry::standard())
        .expect("the record verifies");
    app.stop().await;
}

/// An "agree" or "decline" from a page or mail drawn under one proposal does not answer the
/// next one: Bob's agreement to Alice's draw, sent after Carla declined it and proposed to
/// cancel the game, would otherwise have agreed to the cancel, which he never saw. Each is
/// refused as stale and changes nothing; answers from the newer page or mail count.
async fn an_answer_drawn_before_a_proposal_was_made_does_not_answer_it(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let links = started(&app, 3).await;
    let game = links[0].game.clone();
    app.deliver_mail().await;
    let proposed = vote(&app, &links[0], &[("vote", "draw")]).await;
    assert_eq!(proposed.status, 303, "{}", proposed.body);
    app.deliver_mail().await;
    // What Bob has in front of him while the draw is proposed: its mail and his page.
    let about_the_draw = newest_vote_mail(&app, email_of(2));
    assert!(
        about_the_draw.text.contains("draw"),
        "{}",
        about_the_draw.text
    );
    let bobs_seq = app.seat_page(&links[1]).await.seq().expect("a seq");
    // Carla declines the draw and proposes to cancel the game.
    for fields in [[("vote", "decline")], [("vote", "cancel")]] {
        let page = vote(&app, &links[2], &fields).await;
        assert_eq!(page.status, 303, "{}", page.body);
    }
    app.deliver_mail().await;
    let seq = app.api_game(&game).await.json()["seq"].clone();
    // Bob agrees by replying to the draw's mail: too late for it, and not an answer to the
    // cancel.
    let lmtp = app.reply(&about_the_draw, "agree", "").await;
    assert!(lmtp.starts_with("250"), "LMTP: {lmtp}");
    app.deliver_mail().await;
    let answer = app
        .smtp
        .mails_to(email_of(2))
        .into_iter()
        .rfind(|m| m.subject.contains("your reply"))
        .expect("the reply is answered");
    assert!(
        answer.text.contains("The game moved on") && answer.text.contains("nothing was played"),
        "{}",
        answer.text
    );
    assert_eq!(app.api_game(&game).await.json()["seq"], seq);
    // Nor do the agree and decline forms of the page he drew under the draw.
    for answer in ["agree", "decline"] {
        let bobs_seq = bobs_seq.to_string();
        let page = app
            .post_form(
                &format!("{}/vote", links[1].url),
                &[("seq", bobs_seq.as_str()), ("vote", answer)],
            )
            .await;
        assert_eq!(page.status, 409, "{answer}: {}", page.body);
        assert!(
            page.text()
                .contains("The game moved on since this page was drawn"),
            "{}",
            page.text()
        );
        assert_eq!(app.api_game(&game).await.json()["seq"], seq);
    }
    // The cancel's own mail is answered: Bob agrees to it by reply, Alice from her page, and
    // the game is cancelled.
    let agreed = reply_to_vote(&app, email_of(2), "agree").await;
    assert!(agreed.text.contains("“agree”: played"), "{}", agreed.text);
    assert_eq!(app.api_game(&game).await.json()["status"], "playing");
    let page = vote(&app, &links[0], &[("vote", "agree")]).await;
    assert_eq!(page.status, 303, "{}", page.body);
    assert_eq!(
        logged_actions(&record(&app, &game)),
        [
            (1, r#"{"table":{"propose":"draw"}}"#.to_owned()),
            (3, r#"{"table":"decline"}"#.to_owned()),
            (3, r#"{"table":{"propose":"cancel"}}"#.to_owned()),
            (2, r#"{"table":"agree"}"#.to_owned()),
            (1, r#"{"table":"agree"}"#.to_owned()),
        ]
    );
    assert_eq!(
        app.api_game(&game).await.json()["outcome"],
        serde_json::json!({"table": "cancelled"})
    );
    app.stop().await;
}
