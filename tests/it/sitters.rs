//! Sitters (issue 31, item 4), through HTTP and a real SMTP server on both backends: a player
//! names a sitter, who accepts from their one mail and plays from their own link (the record
//! says so and verifies), hears of the seat's turns, and loses the seat when the player is back;
//! a sitter who never accepts is mailed once.

use crate::support;

use support::{
    borrow_fields, choose_move, move_forms, owes_a_decision, Backend, Chooser, Page, SeatLink,
    TestApp, PLAYERS,
};

on_each_backend!(
    a_sitter_accepts_plays_from_their_own_link_and_stops_when_the_player_is_back,
    a_sitter_who_never_accepts_is_mailed_once,
    a_sitting_ends_with_its_last_day_or_when_the_player_ends_it,
    a_sitter_named_while_mail_cannot_be_written_is_not_named,
    a_digest_reader_away_with_a_sitter_gets_no_digest_of_the_seat,
);

const SID: &str = "sid@example.net";

/// A started game of two; the seat that must decide first, and the other.
async fn table(app: &TestApp) -> (SeatLink, SeatLink) {
    let creator = app.create_game(2, &[]).await;
    let links = app.accept_all(&creator.game, 2).await;
    app.deliver_mail().await;
    let mut first = None;
    for link in &links {
        if owes_a_decision(&app.seat_page(link).await) {
            first = Some(link.clone());
        }
    }
    let first = first.expect("a seat decides first");
    let other = links.into_iter().find(|l| *l != first).unwrap();
    (first, other)
}

/// A day `days` from the service's clock, as the form takes it.
fn day_in(app: &TestApp, days: i64) -> String {
    use corriere::clock::Clock;
    (app.clock.now() + chrono::Duration::days(days))
        .format("%Y-%m-%d")
        .to_string()
}

async fn name_sitter(app: &TestApp, player: &SeatLink, until: &str) -> Page {
    app.post_form(
        &format!("{}/sitter", player.url),
        &[("name", "Sid"), ("email", SID), ("until", until)],
    )
    .await
}

/// Play one move from `page` (a seat's or a sitter's), posting to its own move form.
async fn play_from(app: &TestApp, page: &Page, chooser: &mut Chooser) -> Page {
    let forms = move_forms(page);
    let action = forms.first().expect("a move form").action.clone();
    let fields = choose_move(&forms, chooser).expect("a move to make");
    app.post_form(&app.url(&action), &borrow_fields(&fields))
        .await
}

async fn a_sitter_accepts_plays_from_their_own_link_and_stops_when_the_player_is_back(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let (player, other) = table(&app).await;
    let game = player.game.clone();
    let name = PLAYERS[player.seat as usize - 1].0;
    let mut chooser = Chooser::new(7);
    // The seat page offers the form; the date is bounded (one limit for form and API).
    let page = app.seat_page(&player).await;
    assert!(page.body.contains("id=\"sitter-form\""), "{}", page.body);
    let too_far = name_sitter(&app, &player, &day_in(&app, 45)).await;
    assert_eq!(too_far.status, 422, "{}", too_far.body);
    assert!(too_far.text().contains("30 days"), "{}", too_far.text());
    let named = name_sitter(&app, &player, &day_in(&app, 5)).await;
    assert_eq!(named.status, 303, "{}", named.body);
    app.deliver_mail().await;
    let mails = app.smtp.mails_to(SID);
    assert_eq!(mails.len(), 1, "one invitation");
    assert!(
        mails[0]
            .subject
            .contains(&format!("{name} asks you to sit")),
        "{}",
        mails[0].subject
    );
    let sit_url = mails[0].url_containing(&format!("/games/{game}/sit/"));
    // Never the player's own link.
    assert!(!mails[0].text.contains(&player.token));
    // Before accepting, the link offers to accept and plays nothing.
    let invited = app.get(&sit_url).await;
    assert_eq!(invited.status, 200, "{}", invited.body);
    assert!(move_forms(&invited).is_empty());
    let accept = invited
        .forms()
        .into_iter()
        .find(|f| f.action.ends_with("/accept"))
        .expect("an accept form");
    let accepted = app.post_form(&app.url(&accept.action), &[]).await;
    assert_eq!(accepted.status, 303, "{}", accepted.body);
    // The player hears once that Sid sits, with their own link to come back.
    app.deliver_mail().await;
    let told: Vec<_> = app
        .smtp
        .mails_to(player.email())
        .into_iter()
        .filter(|m| m.subject.contains("Sid sits for you"))
        .collect();
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(told[0].text.contains(&player.token), "{}", told[0].text);
    assert!(!told[0].text.contains("/sit/"), "never the sitter's link");
    let again = app.post_form(&app.url(&accept.action), &[]).await;
    assert_eq!(again.status, 303, "{}", again.body);
    // Everyone sees who sits for the seat.
    let public = app.public_page(&game).await.text();
    assert!(
        public.contains(&format!("{name}, sat by Sid until")),
        "{public}"
    );
    assert!(!public.contains(SID));
    let api = app.api_game(&game).await;
    assert_eq!(api.json()["sitters"][0]["name"], "Sid", "{}", api.body);
    assert_eq!(api.json()["sitters"][0]["seat"], player.seat);
    assert!(!api.body.contains(SID));
    let own = app.seat_page(&player).await.text();
    assert!(own.contains("Sid sits for you until"), "{own}");
    // The sitter plays the seat's decision from their own link.
    let sitting = app.get(&sit_url).await;
    assert_eq!(sitting.status, 200, "{}", sitting.body);
    assert!(owes_a_decision(&sitting), "{}", sitting.text());
    assert!(!sitting.body.contains(&player.token), "the player's link");
    let moved = play_from(&app, &sitting, &mut chooser).await;
    assert_eq!(moved.status, 303, "{}", moved.body);
    assert!(moved.location.as_deref().unwrap().contains("/sit/"));
    let record = app.get(&format!("/games/{game}/record.json")).await;
    assert_eq!(record.status, 200);
    let json = record.json();
    let first = &json["actions"][0];
    assert_eq!(first["by"], "sitter", "{first}");
    assert_eq!(first["seat"], player.seat, "{first}");
    let parsed = corriere::audit::Record::from_json(&record.body).expect("a record");
    assert_eq!(corriere::audit::verify_log(&parsed), Ok(()));
    let history = app.get(&format!("/games/{game}/history")).await.text();
    assert!(
        history.contains(&format!("{name}'s sitter played")),
        "{history}"
    );
    // The seat's turns go to the sitter while they sit, not to the player.
    let player_turns = app
        .smtp
        .mails_to(player.email())
        .iter()
        .filter(|m| m.is_your_turn())
        .count();
    // The sitter plays on until the other seat must decide; once it has, the seat's turn
    // comes back to the sitter by mail.
    let mut other_moved = false;
    for _ in 0..40 {
        let sitting = app.get(&sit_url).await;
        assert_eq!(sitting.status, 200, "{}", sitting.body);
        if owes_a_decision(&sitting) {
            if other_moved {
                break;
            }
            let answer = play_from(&app, &sitting, &mut chooser).await;
            assert_eq!(answer.status, 303, "{}", answer.body);
        } else {
            let page = app.seat_page(&other).await;
            let answer = play_from(&app, &page, &mut chooser).await;
            assert_eq!(answer.status, 303, "{}", answer.body);
            other_moved = true;
        }
    }
    assert!(other_moved, "the other seat had a turn");
    app.deliver_mail().await;
    let turns: Vec<_> = app
        .smtp
        .mails_to(SID)
        .into_iter()
        .filter(|m| m.subject.starts_with(&format!("Your turn for {name}")))
        .collect();
    assert!(!turns.is_empty(), "the sitter hears of the seat's turn");
    assert!(turns.iter().all(|m| !m.text.contains(&player.token)));
    assert!(turns[0].url_containing("/sit/") == sit_url);
    let now = app
        .smtp
        .mails_to(player.email())
        .iter()
        .filter(|m| m.is_your_turn())
        .count();
    assert_eq!(now, player_turns, "the player hears nothing while sat");
    // Nor of the seat's deadline: its reminder goes to the sitter, with the sitter's link.
    let deadline = {
        let mut conn = app.running.db.get().unwrap();
        let id = corriere::domain::GameId::parse(&game).unwrap();
        corriere::store::deadlines_of(&mut conn, &id)
            .unwrap()
            .into_iter()
            .find(|d| d.seat == player.seat as i32 - 1)
            .expect("the seat's deadline")
    };
    let player_mails = app.smtp.mails_to(player.email()).len();
    use corriere::clock::Clock;
    let left = deadline.due_at - app.clock.now().timestamp_millis();
    app.clock
        .advance(chrono::Duration::milliseconds(left - 3_600_000));
    app.running.scheduler.run_once().await.unwrap();
    app.deliver_mail().await;
    let reminders: Vec<_> = app
        .smtp
        .mails_to(SID)
        .into_iter()
        .filter(|m| {
            m.subject
                .starts_with(&format!("Reminder: {name}'s decision"))
        })
        .collect();
    assert_eq!(reminders.len(), 1, "{:?}", app.smtp.mails_to(SID));
    assert_eq!(reminders[0].url_containing("/sit/"), sit_url);
    assert!(!reminders[0].text.contains(&player.token));
    assert_eq!(
        app.smtp.mails_to(player.email()).len(),
        player_mails,
        "the player hears nothing while sat"
    );
    // The player is back: a move from their own link ends the sitting.
    for _ in 0..20 {
        let page = app.seat_page(&player).await;
        if owes_a_decision(&page) {
            let answer = play_from(&app, &page, &mut chooser).await;
            assert_eq!(answer.status, 303, "{}", answer.body);
            break;
        }
        let page = app.seat_page(&other).await;
        let answer = play_from(&app, &page, &mut chooser).await;
        assert_eq!(answer.status, 303, "{}", answer.body);
    }
    let over = app.get(&sit_url).await;
    assert_eq!(over.status, 410, "{}", over.body);
    assert!(
        over.text().contains("The sitting is over"),
        "{}",
        over.text()
    );
    let refused = app
        .post_form(
            &format!("{sit_url}/move"),
            &[("seq", "1"), ("action", "{}")],
        )
        .await;
    assert_eq!(refused.status, 410, "{}", refused.body);
    assert!(!app.public_page(&game).await.text().contains("sat by Sid"));
    // Played to the end, the record with the sitter's entry verifies whole.
    assert!(support::play_first_legal(&app, &game, 5000).await);
    let record = app.get(&format!("/games/{game}/record.json")).await;
    assert!(record.body.contains(r#""by":"sitter""#));
    assert!(
        corriere::audit::verify_json(&record.body).is_ok(),
        "{:?}",
        corriere::audit::verify_json(&record.body).err()
    );
    app.stop().await;
}

async fn a_sitter_who_never_accepts_is_mailed_once(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let (first, player) = table(&app).await;
    let mut chooser = Chooser::new(3);
    let named = name_sitter(&app, &player, &day_in(&app, 10)).await;
    assert_eq!(named.status, 303, "{}", named.body);
    // Named again before accepting: a new date, no second mail.
    let again = name_sitter(&app, &player, &day_in(&app, 12)).await;
    assert_eq!(again.status, 303, "{}", again.body);
    let page = app.seat_page(&player).await.text();
    assert!(page.contains("Sid is asked to sit for you"), "{page}");
    // The game goes on: the turn comes to the player (their mail, not the sitter's), days
    // pass with reminders, and the sitter hears nothing more.
    let turns = |app: &TestApp| {
        app.smtp
            .mails_to(player.email())
            .iter()
            .filter(|m| m.is_your_turn())
            .count()
    };
    app.deliver_mail().await;
    let before = turns(&app);
    let page = app.seat_page(&first).await;
    let answer = play_from(&app, &page, &mut chooser).await;
    assert_eq!(answer.status, 303, "{}", answer.body);
    for _ in 0..3 {
        app.clock.advance(chrono::Duration::days(1));
        app.running.scheduler.run_once().await.unwrap();
        app.deliver_mail().await;
    }
    if owes_a_decision(&app.seat_page(&player).await) {
        assert!(turns(&app) > before, "the player's turn is mailed to them");
    }
    assert_eq!(app.smtp.mails_to(SID).len(), 1, "exactly one mail");
    app.stop().await;
}

async fn a_sitting_ends_with_its_last_day_or_when_the_player_ends_it(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let (player, _) = table(&app).await;
    let game = player.game.clone();
    let named = name_sitter(&app, &player, &day_in(&app, 2)).await;
    assert_eq!(named.status, 303, "{}", named.body);
    app.deliver_mail().await;
    let sit_url = app.smtp.mails_to(SID)[0].url_containing("/sit/");
    let accepted = app.post_form(&format!("{sit_url}/accept"), &[]).await;
    assert_eq!(accepted.status, 303, "{}", accepted.body);
    assert_eq!(app.get(&sit_url).await.status, 200);
    assert!(app.public_page(&game).await.text().contains("sat by Sid"));
    // Past the last day the sitting is over, without anyone doing anything.
    app.clock.advance(chrono::Duration::days(4));
    let over = app.get(&sit_url).await;
    assert_eq!(over.status, 410, "{}", over.body);
    assert!(!app.public_page(&game).await.text().contains("sat by Sid"));
    // Named anew, the old link stays over; the player ends the new sitting from the page.
    let named = name_sitter(&app, &player, &day_in(&app, 2)).await;
    assert_eq!(named.status, 303, "{}", named.body);
    app.deliver_mail().await;
    let mails = app.smtp.mails_to(SID);
    assert_eq!(mails.len(), 2, "a new request is a new invitation");
    let again = mails[1].url_containing("/sit/");
    assert_ne!(again, sit_url);
    assert_eq!(app.get(&sit_url).await.status, 410);
    assert_eq!(
        app.post_form(&format!("{again}/accept"), &[]).await.status,
        303
    );
    let end = app
        .seat_page(&player)
        .await
        .forms()
        .into_iter()
        .find(|f| f.action.ends_with("/sitter/end"))
        .expect("the form that ends the sitting");
    let ended = app.post_form(&app.url(&end.action), &[]).await;
    assert_eq!(ended.status, 303, "{}", ended.body);
    assert_eq!(app.get(&again).await.status, 410);
    // A player who resigns while sat gives the seat to the bot: the sitting ends with it.
    let named = name_sitter(&app, &player, &day_in(&app, 2)).await;
    assert_eq!(named.status, 303, "{}", named.body);
    app.deliver_mail().await;
    let third = app.smtp.mails_to(SID)[2].url_containing("/sit/");
    assert_eq!(
        app.post_form(&format!("{third}/accept"), &[]).await.status,
        303
    );
    assert_eq!(app.get(&third).await.status, 200);
    let resigned = app
        .post_form(&format!("{}/resign", player.url), &[("confirm", "yes")])
        .await;
    assert_eq!(resigned.status, 303, "{}", resigned.body);
    assert_eq!(app.get(&third).await.status, 410);
    assert!(!app.public_page(&game).await.text().contains("sat by Sid"));
    app.stop().await;
}

/// Naming a sitter writes the sitting and its one mail in one transaction: when the mail
/// cannot be written (as on a full disk), nobody is named and nobody mailed; named again
/// once it can, the sitter gets exactly one mail.
async fn a_sitter_named_while_mail_cannot_be_written_is_not_named(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let (player, _) = table(&app).await;
    let conn = || app.running.db.get().unwrap();
    crate::http::break_writes(&mut conn(), &backend, "INSERT", "outbox");
    let failed = name_sitter(&app, &player, &day_in(&app, 5)).await;
    assert_eq!(failed.status, 500, "{}", failed.body);
    crate::http::repair_writes(&mut conn(), &backend, "outbox");
    let game = corriere::domain::GameId::parse(&player.game).unwrap();
    assert!(corriere::store::sitters_of(&mut conn(), game.as_str())
        .unwrap()
        .is_empty());
    let page = app.seat_page(&player).await.text();
    assert!(!page.contains("Sid is asked to sit"), "{page}");
    app.deliver_mail().await;
    assert!(app.smtp.mails_to(SID).is_empty());
    let named = name_sitter(&app, &player, &day_in(&app, 5)).await;
    assert_eq!(named.status, 303, "{}", named.body);
    app.deliver_mail().await;
    assert_eq!(app.smtp.mails_to(SID).len(), 1);
    app.stop().await;
}

/// A player who reads a daily digest hears nothing of a seat while their sitter sits, as a
/// player with turn mails does; once back, the digest tells them of it again.
async fn a_digest_reader_away_with_a_sitter_gets_no_digest_of_the_seat(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let (player, _) = table(&app).await;
    corriere::store::set_preferences(
        &mut app.running.db.get().unwrap(),
        player.email(),
        &corriere::store::Preferences {
            mail_mode: "digest".into(),
            digest_hour: 0,
            time_zone: "UTC".into(),
            language: None,
            reliability_hidden: false,
        },
    )
    .unwrap();
    let digests = |app: &TestApp| {
        app.smtp
            .mails_to(player.email())
            .iter()
            .filter(|m| m.subject.starts_with("Your games today"))
            .count()
    };
    let named = name_sitter(&app, &player, &day_in(&app, 5)).await;
    assert_eq!(named.status, 303, "{}", named.body);
    app.deliver_mail().await;
    let sit_url = app.smtp.mails_to(SID)[0].url_containing("/sit/");
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
    // The seat owes a decision, but the day's digest does not reach its player.
    let before = digests(&app);
    crate::time::pass_time(&app, chrono::Duration::days(1)).await;
    assert!(owes_a_decision(&app.seat_page(&player).await));
    assert_eq!(digests(&app), before, "no digest while sat");
    // Back (the sitting ended on their page), the next day's digest tells of the seat.
    let page = app.seat_page(&player).await;
    let end = page
        .forms()
        .into_iter()
        .find(|f| f.action.ends_with("/sitter/end"))
        .expect("an end-the-sitting form");
    assert_eq!(app.post_form(&app.url(&end.action), &[]).await.status, 303);
    crate::time::pass_time(&app, chrono::Duration::days(1)).await;
    assert_eq!(digests(&app), before + 1, "the digest again once back");
    app.stop().await;
}
