//! A newcomer who reads Portuguese sees no English: every kind of page (home, creating,
//! confirming, the invitation, seat pages of both games, the public page, the replay, the
//! verifier, my games, preferences, signing in, time and absence, the error pages) asked for
//! with `Accept-Language: pt`, and every mail those players get, hold none of the common words
//! of the English catalog in their visible text (names, card codes, links and code aside).
//! The language switch sets a cookie that outranks the browser, and goes back to the page.

use crate::support;
use crate::time::pass_time;

use corriere::service::time::TimeRules;
use support::{
    borrow_fields, choose_move, decode_entities, email_of, move_forms, Backend, Chooser, Mail,
    Page, SeatLink, TestApp, PLAYERS,
};

on_each_backend!(
    every_page_and_mail_a_portuguese_reader_meets_is_in_portuguese,
    the_language_switch_outranks_the_browser_and_a_saved_choice_outranks_the_switch,
    a_seat_page_speaks_the_language_of_whoever_reads_it,
    the_api_answers_a_portuguese_client_in_portuguese,
);

/// Words of the English catalog that are not Portuguese words too: one of them in a page
/// or mail for a Portuguese reader is a sentence that was not translated.
/// (One string, split on whitespace.)
const ENGLISH: &str =
    "the and your you of with from this that these is are was were will has have been not game \
    games seat seats player players turn moves card cards army armies territory territories \
    battle region regions hand draw discard deal round pass play played waiting decision page \
    mail settings public home sign over when what who which where there their they here now \
    ago days hours minutes every all one two three yes by at an or it to in on off into than \
    more most only also again new next last first previous back time due since until accept \
    decline invitation invited record options history milestones contribution commitment \
    strength points joker triangle square circle white black red blue green yellow purple \
    orange pace deadline reminder absent resign resigned cancel cancelled monday tuesday \
    wednesday thursday friday saturday sunday january february march april june july august \
    september october november december nobody mercenary winter spring bishop courtesan \
    drummer heroine scarecrow surrender pope brazil england germany objective dice attack \
    defence language save none setup step steps download verified welcome invites please try \
    check email address";

/// The text a reader sees: tags, scripts, styles and code samples out, the words of
/// `title`, `alt`, `placeholder` and `aria-label` attributes in, entities decoded.
fn visible(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(at) = rest.find('<') {
        out.push_str(&rest[..at]);
        out.push(' ');
        rest = &rest[at..];
        let lower = rest.get(..8).unwrap_or(rest).to_ascii_lowercase();
        for skipped in ["script", "style", "code"] {
            if lower.starts_with(&format!("<{skipped}")) {
                let close = format!("</{skipped}>");
                let end = rest.find(&close).map_or(rest.len(), |i| i + close.len());
                rest = &rest[end..];
                break;
            }
        }
        if !rest.starts_with('<') {
            continue;
        }
        let end = rest.find('>').map_or(rest.len(), |i| i + 1);
        let tag = &rest[..end];
        for name in ["title", "alt", "placeholder", "aria-label"] {
            let key = format!(" {name}=\"");
            if let Some(start) = tag.find(&key) {
                let value = &tag[start + key.len()..];
                out.push(' ');
                out.push_str(&value[..value.find('"').unwrap_or(value.len())]);
                out.push(' ');
            }
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    decode_entities(&out)
}

/// The English words of `text`; links, paths, time zones (`America/New_York`), addresses,
/// `code` and the fields of signed receipts and tree heads (`game=…`, a format, not words)
/// aside.
fn english_in(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut in_code = false;
    for chunk in text.split('`') {
        if !in_code {
            for word in chunk.split_whitespace() {
                if word.contains("://")
                    || word.contains('/')
                    || word.contains('@')
                    || word.contains('=')
                {
                    continue;
                }
                // A token with a digit is a name (a game id such as `is4mpvwhcg`, a card code
                // such as `M10`), never a word.
                for token in word.split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '\'')) {
                    if token.chars().any(|c| c.is_ascii_digit()) {
                        continue;
                    }
                    let token = token.trim_matches(|c| c == '-' || c == '\'').to_lowercase();
                    if token.ends_with("'s") || ENGLISH.split_whitespace().any(|w| w == token) {
                        found.push(token);
                    }
                }
            }
        }
        in_code = !in_code;
    }
    found
}

/// A game id is random letters and digits: one that begins with an English word is still a
/// name. (CI once failed on the id `is4mpvwhcg`.)
#[test]
fn a_game_id_is_not_an_english_word() {
    assert_eq!(
        english_in("partida is4mpvwhcg · Mercenário 10 M10"),
        Vec::<String>::new()
    );
    assert_eq!(english_in("partida is the game"), vec!["is", "the", "game"]);
}

/// Every English word of a page or mail, with where it was and a stretch of the text.
fn leftovers(what: &str, text: &str, problems: &mut Vec<String>) {
    let words = english_in(text);
    if !words.is_empty() {
        let shown: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
        problems.push(format!(
            "{what}: {words:?} in «{}»",
            shown.chars().take(3000).collect::<String>()
        ));
    }
}

/// A client that asks for Portuguese, as a Brazilian browser does.
fn portuguese_client() -> reqwest::Client {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert(
        reqwest::header::ACCEPT_LANGUAGE,
        "pt-BR,pt;q=0.9,en-US;q=0.8,en;q=0.7".parse().unwrap(),
    );
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .default_headers(headers)
        .build()
        .unwrap()
}

/// The pages met along the way, by what they are.
#[derive(Default)]
struct Pages(Vec<(String, Page)>);

impl Pages {
    fn add(&mut self, what: &str, page: Page) -> &Page {
        assert!(page.status != 500, "{what}: a broken page: {}", page.body);
        self.0.push((what.to_owned(), page));
        &self.0.last().unwrap().1
    }
}

/// Create a game by the home page's form as seat 1 (Alice), for `players` of [`PLAYERS`].
async fn create(app: &TestApp, game: &str, players: usize, extra: &[(&str, &str)]) -> Page {
    let mut fields: Vec<(String, String)> = vec![("game".into(), game.into())];
    for (i, (name, email)) in PLAYERS[..players].iter().enumerate() {
        fields.push((format!("name{}", i + 1), name.to_string()));
        fields.push((format!("email{}", i + 1), email.to_string()));
    }
    fields.push(("creator".into(), "1".into()));
    for (k, v) in extra {
        fields.push((k.to_string(), v.to_string()));
    }
    app.create_form(&borrow_fields(&fields)).await
}

/// The latest mail to `seat` about `game`.
fn latest(app: &TestApp, seat: u8, game: &str) -> Mail {
    app.smtp
        .latest_to(email_of(seat), |m| m.text.contains(game))
        .unwrap_or_else(|| panic!("a mail to seat {seat} about {game}"))
}

/// Confirm the game (the creator's mail) and accept every other seat from its invitation.
async fn confirm_and_accept(
    app: &TestApp,
    pages: &mut Pages,
    creator: SeatLink,
    players: u8,
) -> Vec<SeatLink> {
    app.deliver_mail().await;
    let confirmation = latest(app, 1, &creator.game);
    let confirmed = app.get(&confirmation.url_containing("/confirm/")).await;
    assert_eq!(confirmed.status, 303, "{}", confirmed.body);
    pages.add(
        "the seat page after confirming",
        app.get(&confirmed.location.unwrap()).await,
    );
    app.deliver_mail().await;
    let accepted = app.accept(&creator, "", "").await;
    assert_eq!(accepted.status, 303, "{}", accepted.body);
    let mut links = vec![creator.clone()];
    for seat in 2..=players {
        let link = latest(app, seat, &creator.game).seat_link();
        pages.add("the invitation", app.seat_page(&link).await);
        let accepted = app.accept(&link, "", "").await;
        assert_eq!(accepted.status, 303, "{}", accepted.body);
        if seat == 2 {
            pages.add(
                "the invitation once accepted",
                app.get(&accepted.location.unwrap()).await,
            );
        }
        links.push(link);
    }
    app.deliver_mail().await;
    links
}

fn owes(page: &Page) -> bool {
    page.text().contains("Sua decisão:")
}

/// Play some moves from the seat pages, keeping every page met.
async fn play_some(app: &TestApp, pages: &mut Pages, links: &[SeatLink], moves: usize) {
    let mut chooser = Chooser::new(11);
    let mut made = 0;
    for _ in 0..moves * 4 {
        for link in links {
            let page = app.seat_page(link).await;
            if !owes(&page) {
                continue;
            }
            let Some(fields) = choose_move(&move_forms(&page), &mut chooser) else {
                continue;
            };
            pages.add("a seat page that asks for a decision", page);
            let answer = app.post_move(link, &borrow_fields(&fields)).await;
            if answer.status == 303 {
                pages.add(
                    "a seat page after a move",
                    app.get(&answer.location.unwrap()).await,
                );
                made += 1;
            } else {
                pages.add("a move that was not applied", answer);
            }
            if made >= moves {
                return;
            }
        }
    }
}

async fn every_page_and_mail_a_portuguese_reader_meets_is_in_portuguese(backend: Backend) {
    let mut app = TestApp::spawn_timed(&backend, TimeRules::default()).await;
    app.client = portuguese_client();
    let mut pages = Pages::default();

    // Pages that need no game.
    pages.add("the home page", app.home().await);
    pages.add("the home page for War", app.get("/?game=war").await);
    pages.add("the verifier", app.get("/verify").await);
    pages.add("the privacy page", app.get("/privacy").await);
    pages.add(
        "the guide to Condottiere",
        app.get("/guide/condottiere").await,
    );
    pages.add("the guide to War", app.get("/guide/war").await);
    let empty = reqwest::multipart::Form::new().text("record_text", "");
    pages.add(
        "the verifier sent nothing",
        app.read_raw(app.client.post(app.url("/verify")).multipart(empty))
            .await,
    );
    pages.add("my games", app.get("/me").await);
    pages.add(
        "my games with a bad address",
        app.post_form("/me", &[("address", "nope")]).await,
    );
    pages.add("no such game", app.get("/games/zzzzzzzzzzzz").await);
    pages.add(
        "a new game with problems",
        app.create_form(&[("game", "condottiere"), ("name1", "Alice")])
            .await,
    );
    pages.add(
        "an unknown game to create",
        app.create_form(&[("game", "chess")]).await,
    );
    pages.add("a bad mail-settings link", app.get("/mail/nope").await);
    pages.add("a bad unsubscribe link", app.get("/unsubscribe/nope").await);
    pages.add("a bad sign-in link", app.get("/me/sign-in/nope").await);
    pages.add(
        "a form from another site",
        app.read_raw(
            app.client
                .post(app.url("/games"))
                .header("Origin", "https://elsewhere.example")
                .form(&[("game", "condottiere")]),
        )
        .await,
    );
    pages.add(
        "a form that cannot be read",
        app.read_raw(
            app.client
                .post(app.url("/me"))
                .header("Content-Type", "text/plain")
                .body("address"),
        )
        .await,
    );

    // Condottiere: three players, a day per decision.
    let created = create(
        &app,
        "condottiere",
        3,
        &[("pace", "24"), ("first_holder", "creator")],
    )
    .await;
    assert_eq!(created.status, 303, "{}", created.body);
    let location = created.location.unwrap();
    let creator = SeatLink::parse(&app.url(&location)).unwrap();
    let game = creator.game.clone();
    pages.add("the seat page after creating", app.get(&location).await);
    let links = confirm_and_accept(&app, &mut pages, creator, 3).await;
    pages.add(
        "a bad seat link",
        app.get(&format!("/games/{game}/seat/2/AAAAAAAAAAAAAAAAAAAAAAAAAA"))
            .await,
    );
    play_some(&app, &mut pages, &links, 12).await;
    pages.add(
        "a stale move",
        app.post_move(
            &links[0],
            &[("seq", "0"), ("action", "{\"type\":\"pass\"}")],
        )
        .await,
    );
    pages.add(
        "a move the game does not know",
        app.post_move(&links[0], &[("seq", "1000"), ("action", "nonsense")])
            .await,
    );
    pages.add("the public page in play", app.public_page(&game).await);
    pages.add(
        "the replay's first deal",
        app.get(&format!("/games/{game}/replay/0")).await,
    );
    pages.add(
        "the replay's first move",
        app.get(&format!("/games/{game}/replay/1")).await,
    );
    pages.add(
        "a replay step that does not exist",
        app.get(&format!("/games/{game}/replay/100000")).await,
    );
    pages.add(
        "an absence with no dates",
        app.post_form(
            &format!("{}/away", links[1].url),
            &[("from", ""), ("to", "")],
        )
        .await,
    );
    pages.add(
        "an absence too long",
        app.post_form(
            &format!("{}/away", links[1].url),
            &[("from", "2099-01-01"), ("to", "2099-03-01")],
        )
        .await,
    );
    // Bob goes away for a few days: the others see until when, in their words.
    let today = chrono::DateTime::from_timestamp_millis(app.running.state.games.now().0)
        .unwrap()
        .date_naive();
    let day = |n: i64| {
        (today + chrono::Duration::days(n))
            .format("%Y-%m-%d")
            .to_string()
    };
    let away = app
        .post_form(
            &format!("{}/away", links[1].url),
            &[("from", day(0).as_str()), ("to", day(2).as_str())],
        )
        .await;
    assert_eq!(away.status, 303, "{}", away.body);
    let seen = pages.add(
        "a seat page while Bob is away",
        app.seat_page(&links[0]).await,
    );
    assert!(seen.text().contains("Bob está fora até"), "{}", seen.body);
    // Bob's own page says it to him: "você".
    let own = app.seat_page(&links[1]).await;
    assert!(own.text().contains("Você está fora até"), "{}", own.body);
    assert!(!own.text().contains("Bob está fora até"), "{}", own.body);
    pages.add(
        "resigning asks first",
        app.post_form(&format!("{}/resign", links[2].url), &[])
            .await,
    );
    pages.add(
        "cancelling asks first",
        app.post_form(&format!("{}/cancel", links[0].url), &[])
            .await,
    );
    pages.add(
        "a rematch before the end",
        app.post_form(&format!("{}/rematch", links[0].url), &[("order", "same")])
            .await,
    );

    // Nobody plays any more: reminders, the clock, absence, bots, to the end.
    for i in 0..200 {
        if app
            .smtp
            .mails()
            .iter()
            .any(|m| m.text.contains(&game) && m.subject.contains("terminou"))
        {
            break;
        }
        pass_time(&app, chrono::Duration::hours(7)).await;
        if i % 8 == 3 {
            pages.add("a seat page as time passes", app.seat_page(&links[1]).await);
            pages.add(
                "the public page as time passes",
                app.public_page(&game).await,
            );
        }
    }
    let seat_after = pages.add("a seat page at the end", app.seat_page(&links[0]).await);
    assert!(
        seat_after.text().contains("A partida terminou"),
        "the game ended: {}",
        seat_after.body
    );
    pages.add("the public page at the end", app.public_page(&game).await);
    pages.add(
        "the replay at the end",
        app.get(&format!("/games/{game}/replay/2")).await,
    );
    let record = app.get(&format!("/games/{game}/record.json")).await;
    assert_eq!(record.status, 200);
    let sent = reqwest::multipart::Form::new().text("record_text", record.body.clone());
    pages.add(
        "the verifier on a sound record",
        app.read_raw(app.client.post(app.url("/verify")).multipart(sent))
            .await,
    );
    let rematch = app
        .post_form(&format!("{}/rematch", links[0].url), &[("order", "same")])
        .await;
    assert_eq!(rematch.status, 303, "{}", rematch.body);
    pages.add(
        "the seat page after a rematch",
        app.get(&rematch.location.unwrap()).await,
    );
    app.deliver_mail().await;

    // War: three players, the dealer is the creator, two rounds at most.
    let created = create(
        &app,
        "war",
        3,
        &[
            ("pace", "24"),
            ("dealer", "creator"),
            ("round_limit", "on"),
            ("round_limit_value", "2"),
        ],
    )
    .await;
    assert_eq!(created.status, 303, "{}", created.body);
    let location = created.location.unwrap();
    let creator = SeatLink::parse(&app.url(&location)).unwrap();
    let war = creator.game.clone();
    let war_links = confirm_and_accept(&app, &mut pages, creator, 3).await;
    for link in &war_links {
        pages.add("a War seat page", app.seat_page(link).await);
    }
    // War waits on Alice, the dealer: she asks for a daily digest at the next hour.
    let hour = |app: &TestApp| (app.running.state.games.now().0 / 3_600_000) % 24;
    if hour(&app) >= 22 {
        pass_time(&app, chrono::Duration::hours(3)).await;
    }
    let digest_at = hour(&app) as i32 + 1;
    let preferences = |mode: &str| corriere::store::Preferences {
        mail_mode: mode.to_owned(),
        digest_hour: digest_at,
        time_zone: "UTC".into(),
        language: None,
        reliability_hidden: false,
    };
    let mut conn = app.running.db.get().unwrap();
    corriere::store::set_preferences(&mut conn, email_of(1), &preferences("digest")).unwrap();
    pass_time(&app, chrono::Duration::hours(2)).await;
    corriere::store::set_preferences(&mut conn, email_of(1), &preferences("every_turn")).unwrap();
    // The operator sends Bob a new link.
    let war_id = corriere::domain::GameId::parse(&war).unwrap();
    let bob_seat = corriere::engine::Seat::from_number(2).unwrap();
    app.running
        .state
        .games
        .relink(&mut conn, &war_id, bob_seat)
        .unwrap();
    drop(conn);
    app.deliver_mail().await;
    let war_links = vec![
        war_links[0].clone(),
        latest(&app, 2, &war).seat_link(),
        war_links[2].clone(),
    ];
    pages.add("War's public page", app.public_page(&war).await);
    for _ in 0..4 {
        pass_time(&app, chrono::Duration::hours(13)).await;
        for link in &war_links {
            pages.add("a War seat page as time passes", app.seat_page(link).await);
        }
    }
    pages.add(
        "War's replay",
        app.get(&format!("/games/{war}/replay/1")).await,
    );
    let resigned = app
        .post_form(
            &format!("{}/resign", war_links[2].url),
            &[("confirm", "yes")],
        )
        .await;
    assert_eq!(resigned.status, 303, "{}", resigned.body);
    app.deliver_mail().await;
    pages.add(
        "the creator's page with a resigned seat",
        app.seat_page(&war_links[0]).await,
    );
    pages.add(
        "a replacement without an address",
        app.post_form(
            &format!("{}/replace", war_links[0].url),
            &[("seat", "3"), ("name", "Dino"), ("email", "")],
        )
        .await,
    );
    let replaced = app
        .post_form(
            &format!("{}/replace", war_links[0].url),
            &[("seat", "3"), ("name", "Dino"), ("email", email_of(4))],
        )
        .await;
    assert_eq!(replaced.status, 303, "{}", replaced.body);
    app.deliver_mail().await;
    let cancelled = app
        .post_form(
            &format!("{}/cancel", war_links[0].url),
            &[("confirm", "yes")],
        )
        .await;
    assert_eq!(cancelled.status, 303, "{}", cancelled.body);
    app.deliver_mail().await;
    pages.add(
        "a cancelled game's seat page",
        app.seat_page(&war_links[1]).await,
    );
    pages.add(
        "a cancelled game's public page",
        app.public_page(&war).await,
    );

    // A game whose invitation cannot be delivered: its creator is told.
    app.smtp
        .behaviour
        .refused
        .lock()
        .unwrap()
        .push("elsa@".into());
    let created = app
        .create_form(&[
            ("game", "condottiere"),
            ("name1", "Alice"),
            ("email1", email_of(1)),
            ("name2", "Bob"),
            ("email2", email_of(2)),
            ("name3", "Elsa"),
            ("email3", email_of(5)),
            ("creator", "1"),
        ])
        .await;
    assert_eq!(created.status, 303, "{}", created.body);
    let undelivered = SeatLink::parse(&app.url(&created.location.unwrap())).unwrap();
    app.deliver_mail().await;
    let confirmation = latest(&app, 1, &undelivered.game);
    assert_eq!(
        app.get(&confirmation.url_containing("/confirm/"))
            .await
            .status,
        303
    );
    loop {
        let report = app.running.worker.run_once().await.unwrap();
        if report.claimed == 0 {
            break;
        }
    }
    assert!(
        app.smtp
            .latest_to(email_of(1), |m| m
                .subject
                .starts_with("Não foi possível entregar"))
            .is_some(),
        "the creator hears that Elsa's mail failed"
    );
    pages.add(
        "the seat page of a game with an undeliverable address",
        app.seat_page(&undelivered).await,
    );

    // Signing in, my games, preferences, mail settings, unsubscribing.
    let asked = app.post_form("/me", &[("address", email_of(2))]).await;
    assert_eq!(asked.status, 303);
    pages.add(
        "my games, link sent",
        app.get(&asked.location.unwrap()).await,
    );
    app.deliver_mail().await;
    let mail = app
        .smtp
        .latest_to(email_of(2), |m| m.text.contains("/me/sign-in/"))
        .expect("a sign-in mail");
    let followed = app.get(&mail.url_containing("/me/sign-in/")).await;
    assert_eq!(followed.status, 303, "{}", followed.body);
    let session = support::session_of(&followed).expect("signed in");
    pages.add(
        "my games, signed in",
        app.get_signed_in("/me", &session).await,
    );
    pages.add(
        "preferences with problems",
        app.post_signed_in(
            "/me/settings",
            &session,
            &[
                ("mail_mode", "sometimes"),
                ("digest_hour", "99"),
                ("time_zone", "Mars/Base"),
                ("language", "xx"),
            ],
        )
        .await,
    );
    let saved = app
        .post_signed_in(
            "/me/settings",
            &session,
            &[
                ("mail_mode", "every_turn"),
                ("digest_hour", "8"),
                ("time_zone", "America/Sao_Paulo"),
                ("language", "pt"),
            ],
        )
        .await;
    assert_eq!(saved.status, 303, "{}", saved.body);
    pages.add(
        "my games, settings saved",
        app.get_signed_in(&saved.location.unwrap(), &session).await,
    );
    let any = app.smtp.latest_to(email_of(3), |_| true).unwrap();
    pages.add(
        "mail settings",
        app.get(&any.url_containing("/mail/")).await,
    );
    pages.add(
        "unsubscribing",
        app.get(&any.url_containing("/unsubscribe/")).await,
    );
    pages.add(
        "a spent sign-in link",
        app.get(&mail.url_containing("/me/sign-in/")).await,
    );

    // Nothing English in any of them, nor in any mail.
    let mut problems = Vec::new();
    for (what, page) in &pages.0 {
        assert!(
            page.body.contains("<html lang=\"pt\">") || page.body.is_empty(),
            "{what} is not marked Portuguese"
        );
        leftovers(what, &visible(&page.body), &mut problems);
    }
    let mails = app.smtp.mails();
    let subjects: std::collections::BTreeSet<String> = mails
        .iter()
        .map(|m| m.subject.split(':').next_back().unwrap_or("").to_owned())
        .collect();
    assert!(mails.len() > 20, "mails of many kinds: {subjects:?}");
    assert!(
        mails
            .iter()
            .any(|m| m.subject.starts_with("Suas partidas hoje")),
        "a digest: {subjects:?}"
    );
    assert!(
        mails.iter().any(|m| m.subject.starts_with("Seu novo link")),
        "a new link: {subjects:?}"
    );
    for mail in &mails {
        leftovers(
            &format!("the mail {:?} to {}", mail.subject, mail.to),
            &format!("{}\n{}\n{}", mail.subject, mail.text, visible(&mail.html)),
            &mut problems,
        );
    }
    assert!(
        problems.is_empty(),
        "{} pages and mails with English words:\n\n{}",
        problems.len(),
        problems.join("\n\n")
    );
    app.stop().await;
}

async fn the_language_switch_outranks_the_browser_and_a_saved_choice_outranks_the_switch(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    app.create_game(2, &[]).await;
    let asked_pt = |path: &str| {
        app.client
            .get(app.url(path))
            .header("Accept-Language", "pt-BR,pt;q=0.9")
    };
    let home = app.read_raw(asked_pt("/")).await;
    assert!(home.body.contains("<html lang=\"pt\">"));
    let vary = home.headers.get(reqwest::header::VARY).unwrap();
    assert!(
        vary.to_str().unwrap().contains("Accept-Language"),
        "{vary:?}"
    );
    // The switch, from a plain link or the header's form, goes back to a page of this site.
    let switched = app.get("/lang/pt?back=/verify").await;
    assert_eq!(switched.status, 303);
    assert_eq!(switched.location.as_deref(), Some("/verify"));
    let cookie = switched
        .headers
        .get_all(reqwest::header::SET_COOKIE)
        .iter()
        .find_map(|c| {
            c.to_str()
                .ok()
                .filter(|c| c.starts_with("corriere_lang=pt"))
        })
        .expect("the switch's cookie")
        .to_owned();
    assert!(cookie.contains("Path=/"), "{cookie}");
    for evil in [
        "//evil.example/",
        "https://evil.example/",
        "/\\evil.example",
    ] {
        let page = app.get(&format!("/lang/pt?back={}", urlencode(evil))).await;
        assert_eq!(page.location.as_deref(), Some("/"), "{evil}");
    }
    let posted = app
        .read_raw(
            app.client
                .post(app.url("/lang/en"))
                .header("Referer", format!("{}/verify", app.base))
                .form(&[("x", "")]),
        )
        .await;
    assert_eq!(posted.status, 303);
    assert_eq!(posted.location.as_deref(), Some("/verify"));
    // The cookie outranks the browser's languages.
    let english_cookie = app
        .read_raw(asked_pt("/").header("Cookie", "corriere_lang=en"))
        .await;
    assert!(english_cookie.body.contains("<html lang=\"en\">"));
    let portuguese_cookie = app
        .read_raw(
            app.client
                .get(app.url("/"))
                .header("Cookie", "corriere_lang=pt"),
        )
        .await;
    assert!(portuguese_cookie.body.contains("<html lang=\"pt\">"));
    assert!(portuguese_cookie.body.contains("Minhas partidas"));
    let unknown = app
        .read_raw(asked_pt("/").header("Cookie", "corriere_lang=xx"))
        .await;
    assert!(unknown.body.contains("<html lang=\"pt\">"));
    // Every page offers the switch, working without scripts.
    assert!(
        home.body.contains("formaction=\"/lang/en\""),
        "{}",
        home.body
    );

    // A saved language outranks the cookie; switching while signed in changes it.
    let session = app.sign_in(email_of(1)).await;
    let saved = app
        .post_signed_in(
            "/me/settings",
            &session,
            &[
                ("mail_mode", "every_turn"),
                ("digest_hour", "8"),
                ("time_zone", "UTC"),
                ("language", "pt"),
            ],
        )
        .await;
    assert_eq!(saved.status, 303, "{}", saved.body);
    let signed_in = |path: &str, lang: &str| {
        app.client.get(app.url(path)).header(
            "Cookie",
            format!("corriere_session={session}; corriere_lang={lang}"),
        )
    };
    let me = app.read_raw(signed_in("/me", "en")).await;
    assert!(
        me.body.contains("<html lang=\"pt\">"),
        "the saved choice wins"
    );
    // Mails follow the saved choice, whatever the browser that asks for them.
    let sign_in_mail_subject = || async {
        let asked = app.post_form("/me", &[("address", email_of(1))]).await;
        assert_eq!(asked.status, 303);
        app.deliver_mail().await;
        app.smtp.latest_to(email_of(1), |_| true).unwrap().subject
    };
    assert_eq!(sign_in_mail_subject().await, "Suas partidas no corriere");
    let switched = app
        .read_raw(
            app.client
                .post(app.url("/lang/en"))
                .header("Cookie", format!("corriere_session={session}"))
                .form(&[("back", "/me")]),
        )
        .await;
    assert_eq!(switched.location.as_deref(), Some("/me"));
    let me = app.read_raw(signed_in("/me", "en")).await;
    assert!(me.body.contains("<html lang=\"en\">"), "switched for good");
    assert_eq!(sign_in_mail_subject().await, "Your games on corriere");
    // The mail-settings page a mail links to speaks the person's saved language too.
    let mail = app.smtp.latest_to(email_of(1), |_| true).unwrap();
    let settings = app.read_raw(asked_pt(&mail.url_containing("/mail/"))).await;
    assert!(
        settings.body.contains("<html lang=\"en\">"),
        "{}",
        settings.body
    );
    // And so does the one-click unsubscribe page.
    let unsubscribe = app
        .read_raw(asked_pt(&mail.url_containing("/unsubscribe/")))
        .await;
    assert!(
        unsubscribe.body.contains("<html lang=\"en\">"),
        "{}",
        unsubscribe.body
    );
    app.stop().await;
}

/// A seat's page (and its history and talk pages) speaks the language of its reader: a signed-in
/// reader's own, else the seat's person's. A saved choice outranks the switch's cookie and the
/// browser; without one, what the browser asks for is read and noted, and a browser that asks
/// for nothing gets the language last read.
async fn a_seat_page_speaks_the_language_of_whoever_reads_it(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let creator = app.create_game(2, &[]).await;
    let links = app.accept_all(&creator.game, 2).await;
    let bob_session = app.sign_in(email_of(2)).await;
    let lang_of = |page: &Page| {
        let start = page.body.find("<html lang=\"").expect("a language") + 12;
        page.body[start..start + 2].to_owned()
    };
    let read = |link: &SeatLink, tail: &str, accept: Option<&str>, cookie: Option<String>| {
        let mut request = app.client.get(format!("{}{tail}", link.url));
        if let Some(accept) = accept {
            request = request.header("Accept-Language", accept);
        }
        if let Some(cookie) = cookie {
            request = request.header("Cookie", cookie);
        }
        app.read_raw(request)
    };
    // Bob chose none: his browser asks for Portuguese, and his pages answer in it.
    for tail in ["", "/history", "/talk"] {
        let page = read(&links[1], tail, Some("pt-BR,pt;q=0.9"), None).await;
        assert_eq!(page.status, 200, "{tail}: {}", page.body);
        assert_eq!(lang_of(&page), "pt", "{tail}");
    }
    // A browser that asks for nothing reads what he last read.
    assert_eq!(lang_of(&read(&links[1], "", None, None).await), "pt");
    // Alice saves Portuguese: it outranks her browser and the switch's cookie.
    let mail = app.smtp.latest_to(email_of(1), |_| true).unwrap();
    let saved = app
        .post_form(
            &mail.url_containing("/mail/"),
            &[
                ("mail_mode", "every_turn"),
                ("digest_hour", "8"),
                ("time_zone", "UTC"),
                ("language", "pt"),
            ],
        )
        .await;
    assert_eq!(saved.status, 200, "{}", saved.body);
    let english = Some("corriere_lang=en".to_owned());
    for tail in ["", "/history", "/talk"] {
        let page = read(&links[0], tail, Some("en"), english.clone()).await;
        assert_eq!(lang_of(&page), "pt", "{tail}: {}", page.body);
    }
    // Bob, signed in and asking for English, reads Alice's seat in his language, not hers.
    let signed_in = Some(format!("corriere_session={bob_session}"));
    let page = read(&links[0], "", Some("en"), signed_in).await;
    assert_eq!(page.status, 200, "{}", page.body);
    assert_eq!(lang_of(&page), "en");
    // And that is noted: his own seat, asked with nothing, is English now.
    assert_eq!(lang_of(&read(&links[1], "", None, None).await), "en");
    // A link that is not the seat's reads no one's choice: the browser's language.
    let mut forged = links[0].clone();
    forged.url = forged
        .url
        .replace(&forged.token, &"a".repeat(forged.token.len()));
    let refused = read(&forged, "", Some("pt-BR"), None).await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    assert_eq!(lang_of(&refused), "pt");
    app.stop().await;
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'.' | b'_' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The JSON API's messages (its errors, a refused move's rule, what a move made happen) are in
/// the language the client asks for; the codes are the same in every language.
async fn the_api_answers_a_portuguese_client_in_portuguese(backend: Backend) {
    let mut app = TestApp::spawn(&backend).await;
    let creator = app.create_game(2, &[]).await;
    let links = app.accept_all(&creator.game, 2).await;
    app.client = portuguese_client();
    // (what, the message)
    let mut said: Vec<(String, String)> = Vec::new();
    let mut read = |what: &str, page: &Page, status: u16, code: &str| {
        assert_eq!(page.status, status, "{what}: {}", page.body);
        let error = &page.json()["error"];
        assert_eq!(error["code"], code, "{what}: {}", page.body);
        let message = error["message"].as_str().expect("a message").to_owned();
        said.push((what.to_owned(), message.clone()));
        message
    };

    let bad = app
        .api_create(&serde_json::json!({"seats": [
            {"name": "", "email": email_of(1)},
            {"name": "Bob", "email": "not an address"},
            {"name": "Robô", "email": email_of(3), "bot": true},
            {"name": "Dora"}
        ], "creator_seat": 9}))
        .await;
    let message = read("a creation with bad seats", &bad, 400, "invalid");
    assert_eq!(message.matches("seats[").count(), 4, "{message}");
    // A game created in Portuguese: its creator's confirmation mail is in Portuguese.
    let created = app
        .api_create(&serde_json::json!({"seats": [
            {"name": "Ana", "email": "ana@example.org"},
            {"name": "Bia", "email": "bia@example.org"}
        ]}))
        .await;
    assert_eq!(created.status, 201, "{}", created.body);
    app.deliver_mail().await;
    let confirmation = app.smtp.mails_to("ana@example.org");
    assert_eq!(confirmation.len(), 1);
    let confirmation = confirmation[0].text.clone();
    let missing = read(
        "a game that does not exist",
        &app.api_game("aaaaaaaaaa").await,
        404,
        "no_such_game",
    );
    assert_eq!(missing, "não há partida com este id");

    let seat_url = app.url(&format!("/api/v1/games/{}/seat", creator.game));
    let no_token = app.read_raw(app.client.get(&seat_url)).await;
    read("a seat without a token", &no_token, 401, "missing_token");
    let wrong = app
        .read_raw(app.client.get(&seat_url).bearer_auth("1.abc"))
        .await;
    read("a seat with a wrong token", &wrong, 403, "bad_token");

    let mut states = Vec::new();
    for link in &links {
        states.push((link.clone(), app.api_seat(link).await.json()));
    }
    let (mover, state) = states
        .iter()
        .find(|(_, s)| !s["decision"].is_null())
        .expect("a seat decides")
        .clone();
    let (other, _) = states
        .iter()
        .find(|(l, _)| l.seat != mover.seat)
        .unwrap()
        .clone();
    let seq = state["seq"].as_i64().unwrap();
    let action = state["legal_actions"][0].clone();
    let stale = app.api_move(&mover, seq - 1, &action).await;
    read("a stale move", &stale, 409, "stale");
    let moved = app.api_move(&mover, seq, &action).await;
    assert_eq!(moved.status, 200, "{}", moved.body);
    let happened: Vec<String> = moved.json()["happened"]
        .as_array()
        .expect("what happened")
        .iter()
        .map(|line| line.as_str().unwrap().to_owned())
        .collect();
    let refused = app.api_move(&other, seq + 1, &action).await;
    let code = refused.json()["error"]["code"]
        .as_str()
        .unwrap_or("")
        .to_owned();
    read("a move the rules refuse", &refused, 422, &code);
    // A seat's POST to `/api/v1/games/{game}/{path}`.
    let post = |path: &str| {
        app.client
            .post(app.url(&format!("/api/v1/games/{}/{path}", creator.game)))
            .bearer_auth(mover.bearer())
    };
    let shape = app
        .read_raw(post("moves").json(&serde_json::json!({"seq": seq + 1})))
        .await;
    read("a move without an action", &shape, 400, "invalid");
    let empty = app
        .read_raw(post("messages").json(&serde_json::json!({"text": "  "})))
        .await;
    read("an empty message", &empty, 422, "invalid");
    let again = app
        .read_raw(
            post("accept")
                .header(reqwest::header::CONTENT_TYPE, "text/plain")
                .body("x"),
        )
        .await;
    read(
        "an accept with a body that is not JSON",
        &again,
        400,
        "invalid_json",
    );
    said.extend(
        happened
            .into_iter()
            .map(|l| ("what a move made happen".to_owned(), l)),
    );
    said.push((
        "the confirmation of a game created by the API".to_owned(),
        confirmation,
    ));
    let mut problems = Vec::new();
    for (what, message) in &said {
        leftovers(what, message, &mut problems);
    }
    assert!(
        problems.is_empty(),
        "{} of {} API messages hold English words:\n\n{}",
        problems.len(),
        said.len(),
        problems.join("\n\n")
    );
    app.stop().await;
}
