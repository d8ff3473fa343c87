//! The service through HTTP, as players and scripts use it: pages, forms, the JSON API and the
//! mails that carry the links, on a fresh SQLite file and on a fresh PostgreSQL database.

use crate::support;

use corriere::domain::GameId;
use corriere::engine::condottiere::Action;
use corriere::engine::{Seat, Viewer};
use corriere::present::Presenter;
use corriere::store::{self, Conn};
use std::sync::Arc;
use support::{
    borrow_fields, choose_move, condottiere_state, condottiere_words, email_of, move_forms,
    owes_a_decision, Backend, Chooser, Page, SeatLink, Smtp, TestApp, TestDb,
};

on_each_backend!(
    a_whole_three_player_game_is_played_to_its_end_through_pages_and_mails,
    a_form_posted_twice_is_refused_as_stale_and_shows_the_current_state,
    an_illegal_move_is_refused_with_the_rule_and_changes_nothing,
    bad_links_unknown_games_and_malformed_forms_get_pages_that_say_what_is_wrong,
    concurrent_posts_of_the_same_move_apply_it_exactly_once,
    declining_an_invitation_cancels_the_game_and_tells_the_others,
    a_game_the_operator_cancels_says_so_on_its_pages_and_takes_no_more_moves,
    a_game_is_created_joined_and_played_through_the_json_api,
    mails_queued_before_a_stop_are_delivered_exactly_once_by_the_next_service,
    a_move_whose_transaction_fails_stores_nothing_and_sends_nothing,
    a_stored_game_of_a_kind_this_server_does_not_play_is_named_not_a_crash,
);

// ---------------------------------------------------------------- helpers

fn conn(app: &TestApp) -> corriere::store::DbConn {
    app.running.db.get().expect("a pooled connection")
}

fn game_id(link: &SeatLink) -> GameId {
    GameId::parse(&link.game).expect("a game id")
}

fn action_count(conn: &mut Conn, game: &GameId) -> usize {
    store::actions_from(conn, game, 1).unwrap().len()
}

fn outbox_count(conn: &mut Conn, game: &GameId) -> usize {
    store::outbox_rows(conn, Some(game)).unwrap().len()
}

/// The seq the public API reports.
async fn seq_of(app: &TestApp, game: &str) -> i64 {
    let page = app.api_game(game).await;
    assert_eq!(page.status, 200, "{}", page.body);
    page.json()["seq"].as_i64().expect("a seq")
}

/// A started game of `players` seats whose first mails are delivered: the seat links.
async fn started_game(app: &TestApp, players: usize, options: &[&str]) -> Vec<SeatLink> {
    let creator = app.create_game(players, options).await;
    let links = app.accept_all(&creator.game, players).await;
    assert_eq!(
        creator, links[0],
        "the redirect and the invitation link agree"
    );
    app.deliver_mail().await;
    links
}

/// A seat that has a move to make now, its page and the move forms' fields chosen.
async fn a_seat_to_move(
    app: &TestApp,
    links: &[SeatLink],
    chooser: &mut Chooser,
) -> (SeatLink, Page, Vec<(String, String)>) {
    for link in links {
        let page = app.seat_page(link).await;
        assert_eq!(page.status, 200, "{}", page.body);
        if !owes_a_decision(&page) {
            continue;
        }
        if let Some(fields) = choose_move(&move_forms(&page), chooser) {
            return (link.clone(), page, fields);
        }
    }
    panic!("no seat has a move to make");
}

// ---------------------------------------------------------------- a whole game

async fn a_whole_three_player_game_is_played_to_its_end_through_pages_and_mails(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let home = app.home().await;
    assert_eq!(home.status, 200);
    assert!(home.forms().iter().any(|f| f.action == "/games"));

    let creator = app.create_game(3, &[]).await;
    let game = creator.game.clone();
    let created = app.get(&format!("{}?created=1", creator.url)).await;
    assert!(
        created
            .text()
            .contains("You created this game, and the invitations are on their way."),
        "{}",
        created.body
    );
    app.accept_all(&game, 3).await;

    let mut chooser = Chooser::new(2024);
    let mut moves = 0;
    loop {
        let public = app.public_page(&game).await;
        assert_eq!(public.status, 200);
        if public.text().contains("The game is over.") {
            break;
        }
        let (link, answer) = app
            .play_from_mail(&game, 3, &mut chooser)
            .await
            .expect("a 'your turn' mail leads to a seat with a move to make");
        moves += 1;
        assert_eq!(
            answer.status, 303,
            "move {moves} by seat {}: {}",
            link.seat, answer.body
        );
        let location = answer.location.expect("a redirect");
        assert!(
            location.ends_with(&format!("?moved={moves}")),
            "{location} after move {moves}"
        );
        assert!(moves < 2000, "the game should end");
    }
    assert!(moves > 10, "a real game takes more than {moves} moves");
    assert_eq!(seq_of(&app, &game).await, moves);

    app.deliver_mail().await;
    let secret = app.stored_secret(&game);
    for seat in 1..=3 {
        let over = app
            .smtp
            .latest_to(email_of(seat), |m| {
                m.is_game_over() && m.text.contains(&game)
            })
            .unwrap_or_else(|| panic!("seat {seat} is told the game is over"));
        assert!(over.text.contains(&secret), "the secret is revealed");
    }
    let api = app.api_game(&game).await.json();
    assert_eq!(api["status"], "over", "{}", app.backend());
    assert_eq!(api["secret"], secret.as_str());
    // A move after the end is refused.
    let page = app
        .post_move(
            &creator,
            &[
                ("seq", &moves.to_string()),
                ("action", r#"{"type":"pass"}"#),
            ],
        )
        .await;
    assert_eq!(page.status, 409, "{}", page.body);
    assert!(page.text().contains("This game is not being played"));
    app.stop().await;
}

// ---------------------------------------------------------------- refused moves

async fn a_form_posted_twice_is_refused_as_stale_and_shows_the_current_state(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let links = started_game(&app, 3, &[]).await;
    let id = game_id(&links[0]);
    let mut chooser = Chooser::new(7);
    let (link, page, fields) = a_seat_to_move(&app, &links, &mut chooser).await;
    assert_eq!(page.seq(), Some(0));

    let first = app.post_move(&link, &borrow_fields(&fields)).await;
    assert_eq!(first.status, 303, "{}", first.body);
    let mails = outbox_count(&mut conn(&app), &id);

    let again = app.post_move(&link, &borrow_fields(&fields)).await;
    assert_eq!(again.status, 409, "{}: {}", app.backend(), again.body);
    let text = again.text();
    assert!(
        text.contains("The game moved on since this page was drawn (it is now at move 1): nothing was applied."),
        "{text}"
    );
    // The page is the seat page as it is now, and names its own address (the page's script
    // shows that one instead of the form's, so a reload reads the page).
    assert_eq!(again.seq(), Some(1), "{text}");
    let own = format!("/games/{}/seat/{}/{}", link.game, link.seat, link.token);
    assert!(
        again
            .body
            .contains(&format!("<link rel=\"canonical\" href=\"{own}\">")),
        "{}",
        again.body
    );
    assert!(
        text.contains("Move 1 · "),
        "the history shows the move: {text}"
    );
    assert_eq!(seq_of(&app, &link.game).await, 1);
    assert_eq!(action_count(&mut conn(&app), &id), 1);
    assert_eq!(outbox_count(&mut conn(&app), &id), mails);
    app.stop().await;
}

async fn an_illegal_move_is_refused_with_the_rule_and_changes_nothing(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let links = started_game(&app, 3, &[]).await;
    let id = game_id(&links[0]);
    let loaded = app.running.state.games.load(&mut conn(&app), &id).unwrap();
    let game = condottiere_state(&loaded);
    let names = loaded.names();
    let mover = game.waiting_on()[0];
    let idle = Seat::all(3).find(|s| game.decision(*s).is_none()).unwrap();
    let head = loaded.game.log_head.clone();
    let mails = outbox_count(&mut conn(&app), &id);

    for (seat, action) in [
        (mover, Action::Draw { count: 99 }),
        (idle, Action::Pass { reveal: false }),
    ] {
        let rule = match game.clone().apply(seat, &action, &mut Vec::new()) {
            Err((_, rule)) => rule,
            Ok(_) => panic!("{action:?} by {seat} should be illegal"),
        };
        let said = condottiere_words(&names, Viewer::Seat(seat), |p, cx| p.rule_error(&rule, cx));
        let link = &links[seat.index()];
        let json = serde_json::to_string(&action).unwrap();
        let page = app
            .post_move(link, &[("seq", "0"), ("action", &json)])
            .await;
        assert_eq!(page.status, 422, "{}: {}", app.backend(), page.body);
        let text = page.text();
        assert!(
            text.contains(&format!(
                "That move is not allowed: {said}. Nothing was applied."
            )),
            "{text}"
        );
        assert_eq!(page.seq(), Some(0), "the page shows the game as it is");

        let api = app
            .api_move(link, 0, &serde_json::to_value(&action).unwrap())
            .await;
        assert_eq!(api.status, 422, "{}", api.body);
        assert_eq!(api.json()["error"]["code"], rule.code());
        let api_said =
            condottiere_words(&names, Viewer::Spectator, |p, cx| p.rule_error(&rule, cx));
        assert_eq!(api.json()["error"]["message"], api_said);
    }
    assert_eq!(seq_of(&app, &links[0].game).await, 0);
    let after = app.running.state.games.load(&mut conn(&app), &id).unwrap();
    assert_eq!(after.game.log_head, head);
    assert_eq!(condottiere_state(&after), game);
    assert_eq!(action_count(&mut conn(&app), &id), 0);
    assert_eq!(outbox_count(&mut conn(&app), &id), mails);
    assert_eq!(app.step_mail().await.claimed, 0, "nothing to send");
    app.stop().await;
}

async fn bad_links_unknown_games_and_malformed_forms_get_pages_that_say_what_is_wrong(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let links = started_game(&app, 2, &[]).await;
    let game = links[0].game.clone();
    let mut chooser = Chooser::new(3);
    let (link, _, fields) = a_seat_to_move(&app, &links, &mut chooser).await;

    // A token that is not this seat's, a mangled token, a seat that does not exist.
    let other = &links[if link.seat == 1 { 1 } else { 0 }];
    let at = |seat: u8, token: &str| {
        SeatLink::parse(&format!("{}/games/{game}/seat/{seat}/{token}", app.base)).unwrap()
    };
    let forged = at(link.seat, &other.token);
    let mangled = at(link.seat, &format!("{}x", link.token));
    let no_seat = at(9, &link.token);
    for bad in [&forged, &mangled, &no_seat] {
        let page = app.seat_page(bad).await;
        assert_eq!(page.status, 403, "{}: {}", bad.url, page.body);
        let text = page.text();
        assert!(text.contains("This link is not valid"), "{text}");
        assert!(
            text.contains("Use the link in the most recent mail about this game")
                && text.contains("get all your games back"),
            "{text}"
        );
        assert!(
            page.forms().iter().any(|f| f.action == "/me"),
            "the page offers the form that mails a link to all of an address's games"
        );
        let posted = app.post_move(bad, &borrow_fields(&fields)).await;
        assert_eq!(posted.status, 403, "{}", posted.body);
        let api = app.api_seat(bad).await;
        assert_eq!(api.status, 403, "{}", api.body);
        assert_eq!(api.json()["error"]["code"], "bad_token");
    }

    // Unknown games.
    for path in [
        "/games/aaaaaaaaaa".to_string(),
        format!("/games/aaaaaaaaaa/seat/1/{}", link.token),
        "/games/not-an-id!".to_string(),
    ] {
        let page = app.get(&path).await;
        assert_eq!(page.status, 404, "{path}: {}", page.body);
        assert!(page.text().contains("There is no game at this address."));
    }
    let api = app.api_game("aaaaaaaaaa").await;
    assert_eq!(api.status, 404);
    assert_eq!(api.json()["error"]["code"], "no_such_game");

    // Malformed move forms: 400 with a sentence saying what to do, and nothing applied.
    let seq = fields.iter().find(|(k, _)| k == "seq").unwrap().1.clone();
    let cases: Vec<(Vec<(&str, &str)>, &str)> = vec![
        (
            vec![("action", r#"{"type":"pass"}"#)],
            "The form did not say which move it was made for; reload the page and try again.",
        ),
        (
            vec![("seq", "soon"), ("action", r#"{"type":"pass"}"#)],
            "The form did not say which move it was made for",
        ),
        (
            vec![("seq", &seq), ("action", "attack!")],
            "The form did not name a move we understand; reload the page and use its buttons.",
        ),
        (
            vec![("seq", &seq)],
            "The form did not name a move we understand",
        ),
        (
            vec![
                ("seq", &seq),
                ("action", r#"{"type":"keep","cards":["ZZ"]}"#),
            ],
            "The form did not name a move we understand",
        ),
    ];
    for (fields, message) in cases {
        let page = app.post_move(&link, &fields).await;
        assert_eq!(page.status, 400, "{fields:?}: {}", page.body);
        assert!(page.text().contains(message), "{fields:?}: {}", page.text());
    }
    // Bodies that are not a readable form at all: the site's page, not a plain-text error.
    for (content_type, body, status) in [
        ("application/json", r#"{"seq": 0}"#, 415),
        ("application/x-www-form-urlencoded", "seq=0&seq=1", 400),
    ] {
        let page = app
            .read_raw(
                app.client
                    .post(format!("{}/move", link.url))
                    .header("content-type", content_type)
                    .body(body),
            )
            .await;
        assert_eq!(page.status, status, "{body}: {}", page.body);
        let text = page.text();
        assert!(
            text.contains("The form could not be read") && text.contains("use its buttons"),
            "{body}: {text}"
        );
    }
    // The same through the API: its JSON error shape.
    for body in [r#"{"seq": 0, "action": {"type": "fly"}}"#, r#"{"seq": "#] {
        let api = app
            .read_raw(
                app.client
                    .post(app.url(&format!("/api/v1/games/{game}/moves")))
                    .bearer_auth(link.bearer())
                    .header("content-type", "application/json")
                    .body(body),
            )
            .await;
        assert_eq!(api.status, 400, "{body}: {}", api.body);
        assert_eq!(api.json()["error"]["code"], "invalid_json", "{}", api.body);
    }
    assert_eq!(seq_of(&app, &game).await, 0, "{}", app.backend());
    app.stop().await;
}

// ---------------------------------------------------------------- invitations and the API

async fn a_game_the_operator_cancels_says_so_on_its_pages_and_takes_no_more_moves(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let creator = app.create_game(3, &[]).await;
    let links = app.accept_all(&creator.game, 3).await;
    let id = game_id(&creator);
    let seq = app
        .seat_page(&links[0])
        .await
        .seq()
        .expect("a started game");
    app.running
        .state
        .games
        .cancel(&mut conn(&app), &id, corriere::service::Cancel::Operator)
        .expect("a game in play can be cancelled by the operator");
    let public = app.public_page(&creator.game).await;
    assert!(
        public
            .text()
            .contains("This game was cancelled by the operator of this site."),
        "{}",
        public.body
    );
    let page = app.seat_page(&links[1]).await;
    assert!(
        page.text()
            .contains("The operator of this site cancelled this game"),
        "{}",
        page.body
    );
    // Not a dead end: the game's public page and the player's other games are a tap away.
    assert!(
        page.body
            .contains(&format!("href=\"/games/{}\"", creator.game)),
        "{}",
        page.body
    );
    let moved = app
        .post_move(
            &links[0],
            &[("seq", &seq.to_string()), ("action", r#"{"type":"pass"}"#)],
        )
        .await;
    assert_eq!(moved.status, 409, "{}", moved.body);
    app.deliver_mail().await;
    for seat in 1..=3 {
        assert!(
            app.smtp
                .latest_to(email_of(seat), |m| m.text.contains("operator"))
                .is_some(),
            "seat {seat} is told ({})",
            app.backend()
        );
    }
    app.stop().await;
}

async fn declining_an_invitation_cancels_the_game_and_tells_the_others(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let creator = app.create_game(3, &[]).await;
    app.deliver_mail().await;
    assert_eq!(
        app.accept(&creator, "", "my lucky phrase").await.status,
        303
    );
    let carla = app.link_from_latest(email_of(3), |m| m.is_invitation());
    let invitation = app.seat_page(&carla).await;
    assert!(invitation
        .forms()
        .iter()
        .any(|f| f.action.ends_with("/decline")));
    // The button asks first; the game stands until the answer is yes.
    let asked = app.post_form(&format!("{}/decline", carla.url), &[]).await;
    assert_eq!(asked.status, 200);
    assert!(
        asked.text().contains("Decline this invitation?"),
        "{}",
        asked.text()
    );
    assert!(app.seat_page(&carla).await.text().contains("I'm in"));
    let declined = app.decline(&carla).await;
    assert_eq!(declined.status, 303, "{}", declined.body);
    let page = app.seat_page(&carla).await;
    assert!(
        page.text().contains("This game was cancelled"),
        "{}",
        page.body
    );
    let public = app.public_page(&creator.game).await;
    assert!(public
        .text()
        .contains("This game was cancelled: a player declined."));
    assert_eq!(
        app.api_game(&creator.game).await.json()["status"],
        "cancelled"
    );
    app.deliver_mail().await;
    for seat in [1, 2] {
        let told = app
            .smtp
            .latest_to(email_of(seat), |m| m.text.contains("Carla declined"));
        assert!(told.is_some(), "seat {seat} is told ({})", app.backend());
    }
    assert!(app
        .smtp
        .latest_to(email_of(3), |m| m.text.contains("Carla declined"))
        .is_none());
    // Too late to accept or decline now.
    let bob = app.link_from_latest(email_of(2), |m| m.is_invitation());
    assert_eq!(app.accept(&bob, "", "").await.status, 409);
    assert_eq!(app.decline(&bob).await.status, 409);
    let moved = app
        .post_move(&bob, &[("seq", "0"), ("action", r#"{"type":"pass"}"#)])
        .await;
    assert_eq!(moved.status, 409, "{}", moved.body);
    assert!(moved.text().contains("This game was cancelled"));
    app.stop().await;
}

async fn a_game_is_created_joined_and_played_through_the_json_api(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    assert_eq!(app.healthz().await.body, "ok");
    let created = app
        .api_create_confirmed(&serde_json::json!({
            "game": "condottiere",
            "options": {"hidden_cards": true},
            "seats": [
                {"name": "Alice", "email": email_of(1)},
                {"name": "Bob", "email": email_of(2)},
            ],
            "creator_seat": 2,
        }))
        .await;
    assert_eq!(created.status, 201, "{}", created.body);
    let created = created.json();
    let game = created["id"].as_str().unwrap().to_string();
    let bob = SeatLink::parse(created["creator_seat_url"].as_str().unwrap()).unwrap();
    assert_eq!(created["creator_bearer"], bob.bearer().as_str());
    assert_eq!(bob.seat, 2);
    app.deliver_mail().await;
    let alice = app.link_from_latest(email_of(1), |m| m.is_invitation());
    for link in [&alice, &bob] {
        let answer = app.api_accept(link).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
    }
    assert_eq!(app.api_accept(&alice).await.status, 409, "already accepted");
    let mut moved = 0;
    for link in [&alice, &bob].iter().cycle().take(6) {
        let seat = app.api_seat(link).await.json();
        let Some(action) = seat["legal_actions"].as_array().unwrap().first().cloned() else {
            continue;
        };
        let seq = seat["seq"].as_i64().unwrap();
        let answer = app.api_move(link, seq, &action).await;
        assert_eq!(answer.status, 200, "{}: {}", app.backend(), answer.body);
        assert_eq!(answer.json()["seq"], seq + 1);
        // The answer names who decides now, exactly as the public view does.
        let public = app.api_game(&game).await.json();
        let waiting_now: Vec<&serde_json::Value> = public["view"]["waiting"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| &w["seat"])
            .collect();
        let answered = answer.json();
        let answered: Vec<&serde_json::Value> =
            answered["waiting"].as_array().unwrap().iter().collect();
        assert!(!answered.is_empty(), "{}", answer.body);
        assert_eq!(answered, waiting_now, "{}", answer.body);
        let again = app.api_move(link, seq, &action).await;
        assert_eq!(again.status, 409, "{}", again.body);
        assert_eq!(again.json()["error"]["code"], "stale");
        assert_eq!(again.json()["error"]["current_seq"], seq + 1);
        moved += 1;
    }
    assert!(moved >= 2);
    assert_eq!(seq_of(&app, &game).await, moved);
    let unauthorized = app
        .read_raw(
            app.client
                .get(app.url(&format!("/api/v1/games/{game}/seat"))),
        )
        .await;
    assert_eq!(unauthorized.status, 401);
    assert_eq!(unauthorized.json()["error"]["code"], "missing_token");
    app.stop().await;
}

// ---------------------------------------------------------------- races

async fn concurrent_posts_of_the_same_move_apply_it_exactly_once(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    for posts in [2usize, 16, 64] {
        let links = started_game(&app, 3, &[]).await;
        let mut chooser = Chooser::new(posts as u64);
        let (link, _, fields) = a_seat_to_move(&app, &links, &mut chooser).await;
        let url = format!("{}/move", link.url);
        let barrier = Arc::new(tokio::sync::Barrier::new(posts));
        let tasks: Vec<_> = (0..posts)
            .map(|_| {
                let (client, url, fields, barrier) = (
                    app.client.clone(),
                    url.clone(),
                    fields.clone(),
                    barrier.clone(),
                );
                tokio::spawn(async move {
                    barrier.wait().await;
                    let response = client.post(url).form(&fields).send().await.unwrap();
                    response.status().as_u16()
                })
            })
            .collect();
        let mut statuses = Vec::new();
        for task in tasks {
            statuses.push(task.await.unwrap());
        }
        let applied = statuses.iter().filter(|s| **s == 303).count();
        let stale = statuses.iter().filter(|s| **s == 409).count();
        assert_eq!(
            (applied, stale),
            (1, posts - 1),
            "{} with {posts} posts: {statuses:?}",
            app.backend()
        );
        assert_eq!(seq_of(&app, &link.game).await, 1);
        assert_eq!(action_count(&mut conn(&app), &game_id(&link)), 1);
    }
    app.stop().await;
}

// ---------------------------------------------------------------- crash safety

async fn mails_queued_before_a_stop_are_delivered_exactly_once_by_the_next_service(
    backend: Backend,
) {
    let db = Arc::new(TestDb::fresh(&backend));
    let smtp = Smtp::start();
    let first = TestApp::start(db.clone(), smtp.clone()).await;
    let links = started_game(&first, 2, &[]).await;
    let id = game_id(&links[0]);
    let mut chooser = Chooser::new(11);
    for _ in 0..6 {
        let (link, _, fields) = a_seat_to_move(&first, &links, &mut chooser).await;
        let page = first.post_move(&link, &borrow_fields(&fields)).await;
        assert_eq!(page.status, 303, "{}", page.body);
    }
    let pending: Vec<String> = store::outbox_rows(&mut conn(&first), None)
        .unwrap()
        .into_iter()
        .map(|row| {
            row.message_id
                .trim_matches(|c| c == '<' || c == '>')
                .to_string()
        })
        .collect();
    assert!(!pending.is_empty(), "moves queue mails");
    let sent_before = smtp.count();
    first.stop().await;
    assert_eq!(smtp.count(), sent_before, "a stopped service sent nothing");

    let second = TestApp::start(db.clone(), smtp.clone()).await;
    assert_eq!(second.deliver_mail().await, pending.len());
    assert_eq!(
        second.step_mail().await.claimed,
        0,
        "nothing is left to send"
    );
    let delivered: Vec<String> = smtp.mails()[sent_before..]
        .iter()
        .map(|m| m.message_id.clone())
        .collect();
    let mut expected = pending.clone();
    expected.sort();
    let mut got = delivered.clone();
    got.sort();
    assert_eq!(
        got,
        expected,
        "{}: each pending mail once",
        second.backend()
    );
    assert_eq!(outbox_count(&mut conn(&second), &id), 0);
    // The links in those mails still open the seat on the new service (same secret).
    let latest = smtp.mails().last().unwrap().seat_link();
    let path = &latest.url[latest.url.find("/games/").unwrap()..];
    assert_eq!(second.get(path).await.status, 200);
    second.stop().await;
}

/// Make every `op` (`INSERT`, `UPDATE` or `DELETE`) on `table` fail, the way a full disk or a
/// lost connection would, until [`repair_writes`].
pub(crate) fn break_writes(conn: &mut Conn, backend: &Backend, op: &str, table: &str) {
    let statements = match backend {
        Backend::Sqlite => vec![format!(
            "CREATE TRIGGER test_fault_{table} BEFORE {op} ON {table} \
             BEGIN SELECT RAISE(ABORT, 'injected fault'); END"
        )],
        Backend::Postgres(_) => vec![
            "CREATE OR REPLACE FUNCTION test_fault() RETURNS trigger LANGUAGE plpgsql AS \
             $$ BEGIN RAISE EXCEPTION 'injected fault'; END $$"
                .to_owned(),
            format!(
                "CREATE TRIGGER test_fault_{table} BEFORE {op} ON {table} \
                 FOR EACH ROW EXECUTE FUNCTION test_fault()"
            ),
        ],
    };
    for statement in statements {
        store::execute_sql(conn, &statement).unwrap();
    }
}

pub(crate) fn repair_writes(conn: &mut Conn, backend: &Backend, table: &str) {
    let statement = match backend {
        Backend::Sqlite => format!("DROP TRIGGER test_fault_{table}"),
        Backend::Postgres(_) => format!("DROP TRIGGER test_fault_{table} ON {table}"),
    };
    store::execute_sql(conn, &statement).unwrap();
}

async fn a_move_whose_transaction_fails_stores_nothing_and_sends_nothing(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let links = started_game(&app, 3, &[]).await;
    let id = game_id(&links[0]);
    break_writes(&mut conn(&app), &backend, "INSERT", "outbox");
    let mut chooser = Chooser::new(5);
    // Moves that mail nobody still go through; the first that mails someone fails whole.
    let (link, fields, seq) = loop {
        let (link, page, fields) = a_seat_to_move(&app, &links, &mut chooser).await;
        let seq = page.seq().unwrap();
        let answer = app.post_move(&link, &borrow_fields(&fields)).await;
        match answer.status {
            303 => assert!(seq < 30, "some move should mail the next player"),
            500 => {
                let text = answer.text();
                assert!(text.contains("Something went wrong on our side"), "{text}");
                assert!(!text.contains("injected fault"), "no internals leak");
                break (link, fields, seq);
            }
            other => panic!("{other}: {}", answer.body),
        }
    };
    assert_eq!(seq_of(&app, &link.game).await, seq, "{}", app.backend());
    assert_eq!(action_count(&mut conn(&app), &id) as i64, seq);
    let before = app.smtp.count();
    assert_eq!(app.step_mail().await.claimed, 0);
    assert_eq!(app.smtp.count(), before, "nothing was sent");
    // Once the fault is gone the same form goes through: nothing of the failed try remained.
    repair_writes(&mut conn(&app), &backend, "outbox");
    let answer = app.post_move(&link, &borrow_fields(&fields)).await;
    assert_eq!(answer.status, 303, "{}", answer.body);
    assert_eq!(seq_of(&app, &link.game).await, seq + 1);
    assert!(app.deliver_mail().await >= 1);
    app.stop().await;
}

// ---------------------------------------------------------------- hidden information

/// The sentences of private events no other seat may read (see
/// `conformance::private_sentences`), in Condottiere's words.
fn private_sentences(app: &TestApp, game: &GameId) -> Vec<(Seat, String, String)> {
    crate::conformance::private_sentences(app, game, &corriere::present::condottiere::Condottiere)
}

fn assert_hidden(view: &serde_json::Value, viewer: Option<u8>, what: &str) {
    for seat in view["seats"].as_array().expect("seats") {
        let number = seat["seat"].as_u64().unwrap() as u8;
        if Some(number) == viewer {
            assert!(seat["hand"].is_array(), "{what}: own hand shown");
            continue;
        }
        assert!(seat["hand"].is_null(), "{what}: seat {number}'s hand shown");
        for card in seat["line"].as_array().unwrap() {
            if card["face_down"] == true {
                assert!(
                    card["card"].is_null(),
                    "{what}: seat {number}'s face-down card shown"
                );
            }
        }
    }
    assert!(view["deck"].is_null() && view["seed"].is_null(), "{what}");
}

pub(crate) async fn no_page_answer_or_mail_shows_a_seat_anything_private_of_another_seat(
    backend: Backend,
) {
    const PLAYERS: usize = 4;
    let app = TestApp::spawn(&backend).await;
    let links = started_game(&app, PLAYERS, &["hidden_cards", "draw_after_battle"]).await;
    let game = links[0].game.clone();
    let id = game_id(&links[0]);
    let secret = app.stored_secret(&game);
    let mut chooser = Chooser::new(99);
    let mut checked_mails = 0;
    let mut face_down_seen = false;
    let mut own_shown = 0;
    let mut mails_seen = [0; PLAYERS];
    let mut moves = 0;
    // Seat 2 reads a daily digest instead of turn mails, and every seat looks at "my games":
    // both are surfaces too.
    store::set_preferences(
        &mut conn(&app),
        email_of(2),
        &store::Preferences {
            mail_mode: "digest".into(),
            digest_hour: 0,
            time_zone: "UTC".into(),
            language: None,
            reliability_hidden: false,
        },
    )
    .unwrap();
    let mut sessions = Vec::new();
    for seat in 1..=PLAYERS as u8 {
        sessions.push(app.sign_in(email_of(seat)).await);
    }
    let mut digests = 0;
    // Seat 4 names a sitter, who accepts: the sitter's page and mails are surfaces of seat 4
    // too, until seat 4 is back (its first move from its own link ends the sitting).
    const SITTER: &str = "sid@example.net";
    let until = {
        use corriere::clock::Clock;
        (app.clock.now() + chrono::Duration::days(20))
            .format("%Y-%m-%d")
            .to_string()
    };
    let named = app
        .post_form(
            &format!("{}/sitter", links[3].url),
            &[("name", "Sid"), ("email", SITTER), ("until", &until)],
        )
        .await;
    assert_eq!(named.status, 303, "{}", named.body);
    app.deliver_mail().await;
    let sitter_url = app.smtp.mails_to(SITTER)[0].url_containing("/sit/");
    let accept = app
        .get(&sitter_url)
        .await
        .forms()
        .into_iter()
        .find(|f| f.action.ends_with("/accept"))
        .expect("the sitter's accept form");
    let accepted = app.post_form(&app.url(&accept.action), &[]).await;
    assert_eq!(accepted.status, 303, "{}", accepted.body);
    let (mut sitter_checked, mut sitter_mails_seen) = (0, 0);
    let (mut votes, mut lapsed) = (0, 0);
    // The game's Atom feed of public events, from the first seat's page: a public surface.
    let first = app.seat_page(&links[0]).await.body;
    let feed_url = first
        .split("id=\"feed-url\" value=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .map(support::decode_entities)
        .expect("the seat page shows the game's feed");
    let feed_path = feed_url[feed_url.find("/games/").expect("a feed path")..].to_owned();
    // Seats 1 and 2 whisper; their private messages must reach no one else, on any surface.
    let mut whispers: Vec<String> = Vec::new();
    let mut replies = 0;
    let mut misspelt = 0;
    for step in 0.. {
        assert!(step < 3000, "the game should end");
        if step % 10 == 0 {
            let whisper = format!("whisper {step} between one and two");
            let path = format!("/games/{game}/seat/1/{}/messages", links[0].token);
            let sent = app
                .post_form(&path, &[("text", &whisper), ("to", "2")])
                .await;
            assert_eq!(sent.status, 303, "{}", sent.body);
            whispers.push(whisper);
        }
        let public_api = app.api_game(&game).await;
        if public_api.json()["status"] == "over" {
            break;
        }
        if step < 24 || step % 8 == 0 {
            app.clock.advance(chrono::Duration::days(1));
            let report = app.running.scheduler.run_once().await.unwrap();
            digests += report.digests;
            lapsed += report.lapsed;
            app.deliver_mail().await;
            let private = private_sentences(&app, &id);
            let public = app.public_page(&game).await;
            let record = app.get(&format!("/games/{game}/record.json?talk=1")).await;
            let feed = app.get(&feed_path).await;
            assert_eq!(feed.status, 200);
            let talk = app.get(&format!("/games/{game}/talk")).await;
            assert_eq!(talk.status, 200);
            // The transparency log's pages and answers: hashes, sizes, ids, times and keys.
            let mut log_surfaces = Vec::new();
            for path in [
                "/transparency".to_string(),
                "/transparency/tree-head.json".into(),
                "/transparency/tree-heads.atom".into(),
                "/.well-known/corriere-keys.json".into(),
                format!("/games/{game}/proofs.json"),
            ] {
                let page = app.get(&path).await;
                log_surfaces.push((path, page.text()));
            }
            for (what, body) in [
                ("public page", public.text()),
                ("public API", public_api.body.clone()),
                ("record with talk", record.body.clone()),
                ("game feed", feed.text()),
                ("public talk", talk.text()),
            ]
            .into_iter()
            .map(|(what, body)| (what.to_string(), body))
            .chain(log_surfaces)
            {
                assert!(!body.contains(&secret), "{what} shows the secret");
                for whisper in &whispers {
                    assert!(!body.contains(whisper), "{what}: {whisper}");
                }
                for (owner, sentence, _) in &private {
                    assert!(
                        !body.contains(sentence),
                        "{what} shows seat {owner}'s {sentence:?}"
                    );
                }
            }
            assert_hidden(&public_api.json()["view"], None, "public API");
            face_down_seen |= public_api.body.contains(r#""face_down":true"#);
            for link in &links {
                let seat = Seat::from_number(link.seat).unwrap();
                let page = app.seat_page(link).await;
                let api = app.api_seat(link).await;
                assert_eq!((page.status, api.status), (200, 200));
                assert_hidden(&api.json()["view"], Some(link.seat), "seat API");
                // Each mail once, against everything private that happened before it was sent.
                let mails = app.smtp.mails_to(link.email());
                let new_mails = &mails[mails_seen[seat.index()]..];
                mails_seen[seat.index()] = mails.len();
                checked_mails += new_mails.len();
                let mut readable: Vec<(String, String)> = new_mails
                    .iter()
                    .map(|m| (format!("mail {:?}", m.subject), m.readable()))
                    .collect();
                readable.push(("seat page".into(), page.text()));
                readable.push(("seat API".into(), api.body.clone()));
                let talk = app.get(&format!("{}/talk", link.url)).await;
                assert_eq!(talk.status, 200);
                readable.push(("seat's talk".into(), talk.text()));
                let mine = app.get_signed_in("/me", &sessions[seat.index()]).await;
                assert_eq!(mine.status, 200);
                readable.push(("my games".into(), mine.text()));
                for (what, body) in &readable {
                    assert!(
                        !body.contains(&secret),
                        "{what} to seat {seat} shows the secret"
                    );
                    if seat.index() > 1 {
                        for whisper in &whispers {
                            assert!(!body.contains(whisper), "{what} to seat {seat}: {whisper}");
                        }
                    }
                    for (owner, sentence, _) in &private {
                        if *owner != seat {
                            assert!(
                                !body.contains(sentence),
                                "{what} to seat {seat} shows seat {owner}'s {sentence:?}"
                            );
                        }
                    }
                }
                // The check reads the words pages use: a seat's own secrets are on its page.
                let own = page.text();
                own_shown += private
                    .iter()
                    .filter(|(owner, _, mine)| *owner == seat && own.contains(mine))
                    .count();
            }
        }
        if step < 24 || step % 8 == 0 {
            let sitting = app.get(&sitter_url).await;
            if sitting.status == 200 {
                sitter_checked += 1;
                let mails = app.smtp.mails_to(SITTER);
                let mut readable: Vec<(String, String)> = mails[sitter_mails_seen..]
                    .iter()
                    .map(|m| (format!("sitter's mail {:?}", m.subject), m.readable()))
                    .collect();
                sitter_mails_seen = mails.len();
                readable.push(("sitter's page".into(), sitting.text()));
                let private = private_sentences(&app, &id);
                for (what, body) in &readable {
                    assert!(!body.contains(&secret), "{what} shows the secret");
                    assert!(!body.contains(&links[3].token), "{what}: seat 4's link");
                    for whisper in &whispers {
                        assert!(!body.contains(whisper), "{what}: {whisper}");
                    }
                    for (owner, sentence, _) in &private {
                        if owner.number() != 4 {
                            assert!(!body.contains(sentence), "{what} shows {sentence:?}");
                        }
                    }
                }
            } else {
                assert_eq!(sitting.status, 410, "{}", sitting.body);
            }
        }
        // Votes at the table: a draw proposed and declined, a concession left to lapse (the
        // days the loop passes tell everyone it did). Their entries, page lines and mails are
        // surfaces too, swept at the next pass with everything else.
        if step == 4 || step == 13 {
            let (proposer, decliner) = (&links[step % 2], &links[2]);
            let votes_now = match step {
                4 => vec![(proposer, "draw"), (decliner, "decline")],
                _ => vec![(proposer, "concede")],
            };
            for (link, vote) in votes_now {
                if vote == "decline" {
                    // Declined by a reply to the vote mail: its answer is a surface too.
                    app.deliver_mail().await;
                    let mail = app
                        .smtp
                        .mails_to(link.email())
                        .into_iter()
                        .rfind(|m| m.subject.contains("a vote at the table"))
                        .expect("a vote mail");
                    let lmtp = app.reply(&mail, "decline", "").await;
                    assert!(lmtp.starts_with("250"), "LMTP: {lmtp}");
                    app.deliver_mail().await;
                    let answer = app.smtp.mails_to(link.email()).pop().unwrap();
                    assert!(answer.text.contains("“decline”: played"), "{}", answer.text);
                    votes += 1;
                    continue;
                }
                let seq = app.seat_page(link).await.seq().unwrap().to_string();
                let fields = [("seq", seq.as_str()), ("vote", vote), ("seat", "3")];
                let voted = app.post_form(&format!("{}/vote", link.url), &fields).await;
                assert_eq!(voted.status, 303, "{vote}: {}", voted.body);
                votes += 1;
            }
        }
        // Now and then a misspelt and a stale reply: their answers are surfaces too.
        if step % 10 == 3 && app.reply_misspelt_refused_and_stale(&game, None).await {
            misspelt += 1;
        }
        // Every other move is a reply to the mover's latest mail: its answer is a surface too.
        if moves % 2 == 0 && app.reply_first_command(&game).await {
            replies += 1;
            moves += 1;
            continue;
        }
        let (link, answer) = app
            .play_from_mail(&game, PLAYERS, &mut chooser)
            .await
            .expect("a seat has a move to make");
        assert_eq!(answer.status, 303, "seat {}: {}", link.seat, answer.body);
        moves += 1;
    }
    eprintln!(
        "{}: {moves} moves, {checked_mails} mails ({digests} digests), {own_shown} own private sentences and {sitter_checked} sitter pages checked",
        app.backend()
    );
    assert!(digests > 0, "digests were among the mails checked");
    assert!(
        sitter_checked > 0,
        "the sitter's page was checked while they sat"
    );
    assert_eq!(
        votes, 3,
        "votes at the table were among the surfaces checked"
    );
    assert_eq!(lapsed, 1, "a lapsed proposal's mails were among them");
    assert!(replies > 10, "only {replies} moves by reply");
    assert!(misspelt > 3, "only {misspelt} misspelt and stale replies");
    assert!(whispers.len() > 5);
    assert!(
        own_shown > 20,
        "only {own_shown} own private sentences were on their seat's page"
    );
    assert!(face_down_seen, "the game had face-down cards to hide");
    assert!(checked_mails > 50, "only {checked_mails} mails checked");
    // After the end the secret is published.
    let public_api = app.api_game(&game).await.json();
    assert_eq!(public_api["secret"], secret.as_str(), "{}", app.backend());
    app.stop().await;
}

// ---------------------------------------------------------------- game kinds

async fn a_stored_game_of_a_kind_this_server_does_not_play_is_named_not_a_crash(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let creator = app.create_game(2, &[]).await;
    // A newer server stored a game of another kind in the same database.
    let id = game_id(&creator);
    let mut row = store::find_game(&mut conn(&app), &id).unwrap().unwrap();
    row.id = "chessgame1".into();
    row.kind = "chess".into();
    store::insert_game(&mut conn(&app), &row).unwrap();
    let page = app.public_page("chessgame1").await;
    assert_eq!(page.status, 501, "{}", page.body);
    assert!(page
        .text()
        .contains("a game of chess, which this server does not play"));
    let api = app.api_game("chessgame1").await;
    assert_eq!(api.status, 501, "{}", api.body);
    assert_eq!(api.json()["error"]["code"], "unknown_game");
    let record = app.get("/games/chessgame1/record.json").await;
    assert_eq!(record.status, 501, "{}", record.body);
    // The server goes on serving the games it plays.
    assert_eq!(app.public_page(&creator.game).await.status, 200);
    app.stop().await;
}

#[tokio::test]
async fn a_seat_page_links_to_the_game_s_rules_and_card_glossary_in_the_reader_s_language() {
    let app = TestApp::spawn(&Backend::Sqlite).await;
    let creator = app.create_game(2, &[]).await;
    let links = app.accept_all(&creator.game, 2).await;
    let page = app.seat_page(&links[0]).await;
    assert!(
        page.body.contains(r#"href="/guide/condottiere""#),
        "{}",
        page.body
    );
    let guide = app.get("/guide/condottiere").await;
    assert_eq!(guide.status, 200, "{}", guide.body);
    let text = guide.text();
    for words in [
        "How to play Condottiere",
        "The rules in short",
        "Scarecrow",
        "Heroine",
    ] {
        assert!(text.contains(words), "{words}: {text}");
    }
    let pt = app
        .read_raw(
            app.client
                .get(app.url("/guide/condottiere"))
                .header("accept-language", "pt"),
        )
        .await;
    assert!(pt.text().contains("Como jogar"), "{}", pt.body);
    // War's guide: its rules in short and its card powers, in both languages.
    let war = app.get("/guide/war").await;
    assert_eq!(war.status, 200, "{}", war.body);
    for words in [
        "How to play War",
        "Ataque Aéreo",
        "Passagem Oculta",
        "at most 6 cards",
        "Playing by mail",
        "attack Brazil Argentina 2 dice 3 battles stop at 4 occupy all",
    ] {
        assert!(war.text().contains(words), "{words}: {}", war.text());
    }
    let pt = app
        .read_raw(
            app.client
                .get(app.url("/guide/war"))
                .header("accept-language", "pt"),
        )
        .await;
    assert!(pt.text().contains("no máximo 6 cartas"), "{}", pt.body);
    assert!(pt.text().contains("Jogar por e-mail"), "{}", pt.body);
    assert!(pt.text().contains("colocar 3 Brasil 2 Peru"), "{}", pt.body);
    // No game of that name: the 404 page.
    assert_eq!(app.get("/guide/chess").await.status, 404);
    app.stop().await;
}

#[tokio::test]
async fn the_history_keeps_the_battle_under_way_open_and_folds_each_earlier_battle() {
    let app = TestApp::spawn(&Backend::Sqlite).await;
    let creator = app.create_game(2, &[]).await;
    let links = app.accept_all(&creator.game, 2).await;
    let mut chooser = Chooser::new(3);
    // Play until the first battle has ended and the second has begun.
    let mut page = app.public_page(&creator.game).await;
    for _ in 0..300 {
        if page.body.contains("<summary>Battle 1</summary>") {
            break;
        }
        for link in &links {
            let seat = app.seat_page(link).await;
            if let Some(fields) = choose_move(&move_forms(&seat), &mut chooser) {
                let answer = app.post_move(link, &borrow_fields(&fields)).await;
                assert_eq!(answer.status, 303, "{}", answer.body);
            }
        }
        page = app.public_page(&creator.game).await;
    }
    for page in [page, app.seat_page(&links[0]).await] {
        let open = page
            .body
            .split("id=\"history\"")
            .nth(1)
            .and_then(|rest| rest.split("</ol>").next())
            .expect("the battle under way, open");
        let folded = page
            .body
            .split("<summary>Battle 1</summary>")
            .nth(1)
            .and_then(|rest| rest.split("</details>").next())
            .expect("the first battle, folded");
        // The setup opens the first battle; the open list holds none of it.
        assert!(folded.contains("Setup: "), "{folded}");
        assert!(!open.contains("Setup: "), "{open}");
        assert!(open.contains("<li>"), "{open}");
    }
    app.stop().await;
}
