//! Issue #29's time items: times named with their zone, the zone taken from the browser or
//! guessed from its language, the operator's `--data-dir`, `game show`'s schedule and `--clock-offset`.

use crate::support::{self, Backend, TestApp, PLAYERS};
use std::path::Path;
use std::process::Command;

/// The binary run in `cwd` with none of the operator's `CORRIERE_*` settings: its exit
/// code, standard output and standard error.
fn corriere_in(cwd: &Path, args: &[&str]) -> (i32, String, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_corriere"));
    for (name, _) in std::env::vars() {
        if name.starts_with("CORRIERE_") {
            command.env_remove(name);
        }
    }
    let out = command
        .current_dir(cwd)
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn data_dir_alone_puts_the_sqlite_file_in_that_directory() {
    let cwd = tempfile::tempdir().unwrap();
    let data = cwd.path().join("elsewhere");
    let data_arg = data.display().to_string();
    let (code, out, err) = corriere_in(cwd.path(), &["game", "list", "--data-dir", &data_arg]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        data.join("corriere.db").exists(),
        "the database is in --data-dir"
    );
    assert!(
        !cwd.path().join("data").exists(),
        "nothing is made in ./data when --data-dir names another directory"
    );
}

#[test]
fn a_clock_offset_is_refused_unless_it_is_allowed_and_then_it_is_announced_loudly() {
    let cwd = tempfile::tempdir().unwrap();
    let data = cwd.path().join("data");
    let data_arg = data.display().to_string();
    let (code, out, err) = corriere_in(
        cwd.path(),
        &[
            "game",
            "list",
            "--data-dir",
            &data_arg,
            "--clock-offset",
            "3d",
        ],
    );
    assert_eq!(code, 2, "refused: {out}{err}");
    assert!(err.contains("--allow-clock-offset"), "{err}");
    assert!(
        !data.join("corriere.db").exists(),
        "nothing is opened when the offset is refused"
    );
    let (code, out, err) = corriere_in(
        cwd.path(),
        &[
            "game",
            "list",
            "--data-dir",
            &data_arg,
            "--clock-offset",
            "3d",
            "--allow-clock-offset",
        ],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        err.contains("WARNING: THE CLOCK IS MOVED +3d 0h 0m"),
        "a loud warning: {err}"
    );
    let (code, _, err) = corriere_in(
        cwd.path(),
        &[
            "game",
            "list",
            "--data-dir",
            &data_arg,
            "--clock-offset",
            "soon",
        ],
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("90m, 36h, 3d"), "{err}");
}

#[test]
fn an_allowed_clock_offset_moves_the_service_s_clock() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("data").display().to_string();
    let config = corriere::config::ServeArgs::from_flags([
        "--data-dir",
        &data,
        "--clock-offset",
        "2d12h",
        "--allow-clock-offset",
    ])
    .unwrap()
    .into_config()
    .unwrap();
    let ahead = config.clock.now() - chrono::Utc::now();
    assert!(
        (ahead - chrono::Duration::hours(60)).num_seconds().abs() < 60,
        "{ahead}"
    );
}

on_each_backend!(game_show_lists_the_pending_deadline_and_reminder_and_the_offset_brings_them_due);

/// `corriere game show` prints what the scheduler will do next for the game: the deadline and
/// reminder of the seat it waits on, with their times; run with an allowed clock offset past
/// them, it shows them due.
async fn game_show_lists_the_pending_deadline_and_reminder_and_the_offset_brings_them_due(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let creator = app.create_game(2, &[]).await;
    app.accept_all(&creator.game, 2).await;
    let cwd = tempfile::tempdir().unwrap();
    let url = match &app.db.url {
        corriere::store::DbUrl::Sqlite(path) => format!("sqlite://{}", path.display()),
        corriere::store::DbUrl::Postgres(url) => url.clone(),
    };
    let data = app.db.dir.path().display().to_string();
    let show = |extra: &[&str]| {
        let mut args = vec![
            "game",
            "show",
            creator.game.as_str(),
            "--database-url",
            &url,
            "--data-dir",
            &data,
        ];
        args.extend_from_slice(extra);
        let (code, out, err) = corriere_in(cwd.path(), &args);
        assert_eq!(code, 0, "{out}{err}");
        out
    };
    let out = show(&[]);
    let scheduled = out
        .split("\nScheduled")
        .nth(1)
        .and_then(|rest| rest.split("\nMails:").next())
        .unwrap_or_else(|| panic!("a schedule: {out}"));
    let waiting = scheduled
        .lines()
        .find(|line| line.contains("due at"))
        .unwrap_or_else(|| panic!("a deadline: {out}"));
    assert!(
        PLAYERS[..2]
            .iter()
            .any(|(name, _)| waiting.trim_start().starts_with(&format!("{name}:"))),
        "named by the seat's name: {waiting}"
    );
    assert!(waiting.contains("reminder at"), "{waiting}");
    assert!(
        waiting.contains("(in ") && !waiting.contains("due now"),
        "{waiting}"
    );
    let out = show(&["--clock-offset", "60d", "--allow-clock-offset"]);
    let waiting = out
        .lines()
        .find(|line| line.contains("due at"))
        .unwrap_or_else(|| panic!("a deadline: {out}"));
    assert!(
        waiting.contains("due now") && !waiting.contains("(in "),
        "sixty days on, the reminder and the deadline are due: {waiting}"
    );
    app.stop().await;
}

on_each_backend!(
    a_brazilian_reader_whose_zone_is_not_known_sees_sao_paulo_named_and_chooses_from_brazil_first,
    accepting_with_the_browser_s_zone_keeps_it_and_the_mails_print_their_times_in_it,
);

/// A GET as a browser asking for `accept_language` (and signed in with `session`).
async fn get_as(
    app: &TestApp,
    path: &str,
    accept_language: &str,
    session: Option<&str>,
) -> support::Page {
    let mut request = app
        .client
        .get(app.url(path))
        .header(reqwest::header::ACCEPT_LANGUAGE, accept_language);
    if let Some(session) = session {
        request = request.header(
            reqwest::header::COOKIE,
            format!("corriere_session={session}"),
        );
    }
    app.read_raw(request).await
}

/// The text of the page's deadline line ("Due …" / "Prazo…"): its times must name their zone.
fn due_line(page: &support::Page) -> String {
    let text = page.text();
    text.lines()
        .find(|line| line.contains("Due ") || line.contains("Prazo"))
        .unwrap_or_else(|| panic!("a deadline line: {text}"))
        .to_owned()
}

async fn a_brazilian_reader_whose_zone_is_not_known_sees_sao_paulo_named_and_chooses_from_brazil_first(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let creator = app.create_game(2, &[]).await;
    let links = app.accept_all(&creator.game, 2).await;
    let seat_path = links[0].url.trim_start_matches(&app.base).to_owned();
    // Signed in before the Portuguese pages make Portuguese the language of Ann's mails.
    let session = app.sign_in(PLAYERS[0].1).await;
    // No zone known, no hint: UTC, and said so.
    let plain = get_as(&app, &seat_path, "en", None).await;
    let due = due_line(&plain);
    assert!(due.contains(" UTC,") && !due.contains("UTC-"), "{due}");
    // A Brazilian browser: São Paulo's time, named by its offset.
    let brazilian = get_as(&app, &seat_path, "pt-BR,pt;q=0.9", None).await;
    let due = due_line(&brazilian);
    assert!(due.contains(" UTC-3,"), "{due}");
    assert!(
        brazilian
            .text()
            .contains("Horários no fuso America/Sao_Paulo, deduzido pelo idioma do seu navegador"),
        "the guess is said to be one: {}",
        brazilian.text()
    );
    assert!(!plain.text().contains("guessed"), "no guess, nothing said");
    let public = get_as(&app, &format!("/games/{}", creator.game), "pt-BR", None).await;
    assert!(public.text().contains(" UTC-3"), "{}", public.text());
    // Settings: Brazil's zones first, the guess chosen and said to be a guess.
    let me = get_as(&app, "/me", "pt-BR,pt;q=0.9", Some(&session)).await;
    let body = &me.body;
    let sao_paulo = body
        .find(r#"<option value="America/Sao_Paulo" selected>America/Sao_Paulo (UTC-3)"#)
        .unwrap_or_else(|| panic!("São Paulo chosen, with its offset: {body}"));
    let manaus = body.find(r#"value="America/Manaus""#).unwrap();
    let abidjan = body.find(r#"value="Africa/Abidjan""#).unwrap();
    assert!(
        sao_paulo < manaus && manaus < abidjan,
        "Brazil's zones first"
    );
    assert!(
        body.contains("data-zone-unknown"),
        "the script may choose the browser's zone"
    );
    assert!(
        me.text()
            .contains("Deduzido pelo seu navegador: America/Sao_Paulo"),
        "{}",
        me.text()
    );
    // Choosing UTC is a choice: known from now on, whatever the browser's language.
    let saved = app
        .post_signed_in(
            "/me/settings",
            &session,
            &[
                ("mail_mode", "every_turn"),
                ("digest_hour", "8"),
                ("time_zone", "UTC"),
                ("language", ""),
            ],
        )
        .await;
    assert_eq!(saved.status, 303, "{}", saved.body);
    let me = get_as(&app, "/me", "pt-BR,pt;q=0.9", Some(&session)).await;
    assert!(!me.body.contains("data-zone-unknown"), "{}", me.body);
    assert!(!me.text().contains("Deduzido"), "{}", me.text());
    let page = get_as(&app, &seat_path, "pt-BR", None).await;
    let due = due_line(&page);
    assert!(
        due.contains(" UTC,"),
        "the chosen zone, not the guess: {due}"
    );
    assert!(!page.text().contains("deduzido"), "{}", page.text());
    app.stop().await;
}

async fn accepting_with_the_browser_s_zone_keeps_it_and_the_mails_print_their_times_in_it(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let creator = app.create_game(2, &[]).await;
    app.deliver_mail().await;
    let mut links = Vec::new();
    for seat in 1..=2u8 {
        let link = app.link_from_latest(support::email_of(seat), |m| {
            (m.is_invitation() || m.is_confirmation()) && m.text.contains(&creator.game)
        });
        // The creator's browser runs the script; the other's does not.
        let zone = if seat == 1 { "America/Manaus" } else { "" };
        let accepted = app
            .post_form(
                &format!("{}/accept", link.url),
                &[("entropy", ""), ("phrase", ""), ("browser_zone", zone)],
            )
            .await;
        assert_eq!(accepted.status, 303, "{}", accepted.body);
        links.push(link);
    }
    app.deliver_mail().await;
    let started = app
        .smtp
        .latest_to(support::email_of(1), |m| m.is_started())
        .expect("the started mail");
    let due = started
        .text
        .lines()
        .find(|line| line.contains("Due "))
        .unwrap_or_else(|| panic!("a deadline: {}", started.text));
    assert!(due.contains(" UTC-4,"), "Manaus's time: {due}");
    // Pages too, whatever the browser reading them asks.
    let seat_path = links[0].url.trim_start_matches(&app.base).to_owned();
    let due = due_line(&get_as(&app, &seat_path, "en-GB", None).await);
    assert!(due.contains(" UTC-4,"), "{due}");
    // The other person told no zone: UTC, named.
    let other = links[1].url.trim_start_matches(&app.base).to_owned();
    let page = get_as(&app, &other, "en", None).await;
    let text = page.text();
    assert!(text.contains(" UTC,") && !text.contains("UTC-4"), "{text}");
    app.stop().await;
}

/// chromedriver whose browsers live in `zone` (Chromium reads `TZ`), or `None` when the browser
/// test is skipped (see `browser::chromedriver`).
async fn chromedriver_in(zone: &str) -> Option<crate::browser::Chromedriver> {
    use std::process::Stdio;
    // The shared helper says whether browsers are tested here at all (and why not).
    drop(crate::browser::chromedriver().await?);
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let mut command = Command::new("chromedriver");
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let child = command
        .arg(format!("--port={port}"))
        .env("TZ", zone)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let driver = crate::browser::Chromedriver {
        child,
        port,
        _profile: tempfile::tempdir().expect("a temp dir"),
    };
    let status = format!("http://127.0.0.1:{port}/status");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while !reqwest::get(&status)
        .await
        .is_ok_and(|r| r.status().is_success())
    {
        assert!(
            std::time::Instant::now() < deadline,
            "chromedriver did not answer"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    Some(driver)
}

/// A Brazilian newcomer on a phone and on a desktop, in Portuguese, whose browser is in
/// Manaus: the invitation's form carries the browser's zone, accepting stores it, and the seat
/// page then prints the deadline in Manaus's time, named.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_tells_its_zone_when_its_person_accepts_at_both_widths() {
    use crate::browser::{browser_for, Screen};
    use fantoccini::Locator;
    let Some(driver) = chromedriver_in("America/Manaus").await else {
        return;
    };
    for screen in [Screen::Phone, Screen::Desktop] {
        let app = TestApp::spawn(&Backend::Sqlite).await;
        let creator = app.create_game(2, &[]).await;
        app.deliver_mail().await;
        let other = app.link_from_latest(support::email_of(2), |m| {
            m.is_invitation() && m.text.contains(&creator.game)
        });
        let accepted = app.accept(&other, "", "").await;
        assert_eq!(accepted.status, 303, "{}", accepted.body);
        // The creator, who decides first, accepts in the browser.
        let link = creator;
        let client = browser_for(&driver, screen, "pt-BR").await;
        client.goto(&link.url).await.expect("the invitation opens");
        let told: serde_json::Value = client
            .execute(
                "return document.querySelector('input[name=browser_zone]').value;",
                vec![],
            )
            .await
            .expect("the field is read");
        assert_eq!(
            told, "America/Manaus",
            "{screen:?}: the script filled the field"
        );
        client
            .find(Locator::Id("accept"))
            .await
            .expect("the accept button")
            .click()
            .await
            .expect("accepting");
        let source = crate::browser::wait_for_text(&client, "UTC-4").await;
        assert!(
            source.contains("Prazo") || source.contains("UTC-4,"),
            "{screen:?}: {source}"
        );
        client.close().await.expect("the browser closes");
        // The mails say it too: the game started with the creator's zone known.
        app.deliver_mail().await;
        // (In Portuguese now: the creator read the site in it.)
        let mails = app.smtp.mails_to(support::email_of(1));
        let started = mails.last().expect("the started mail");
        assert!(
            started.text.contains("UTC-4"),
            "{}: {}",
            started.subject,
            started.text
        );
        app.stop().await;
    }
}
