//! A real browser (headless Chromium through chromedriver): a seat page where a player accepts
//! the invitation, places the token and plays a card; and every page of the site at a
//! desktop's and a phone's width, in every language, checked for sideways scrolling and by
//! axe-core's accessibility rules, with screenshots kept as artifacts.
//!
//! Needs `chromedriver` on the PATH (Debian: `chromium` and `chromium-driver`). Without it the
//! tests say SKIPPED on stderr and pass, unless CORRIERE_TEST_BROWSER=required. axe-core is
//! the file CORRIERE_TEST_AXE names (`.ci/run` fetches it from the npm registry): without it
//! the accessibility checks say SKIPPED, or fail when the browser is required.

use crate::support;

use fantoccini::{Client, ClientBuilder, Locator};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use support::{Backend, Chooser, SeatLink, TestApp};

/// chromedriver, killed when dropped (also when the test panics).
pub(crate) struct Chromedriver {
    pub(crate) child: Child,
    pub(crate) port: u16,
    pub(crate) _profile: tempfile::TempDir,
}

impl Drop for Chromedriver {
    fn drop(&mut self) {
        // chromedriver leads a process group of its own: end the browsers it started with it.
        #[cfg(unix)]
        // SAFETY: a signal to the process group this test created and leads.
        unsafe {
            libc::kill(-(self.child.id() as libc::pid_t), libc::SIGKILL);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// Start chromedriver, or say why not: `None` means the test is skipped.
pub(crate) async fn chromedriver() -> Option<Chromedriver> {
    let required = std::env::var("CORRIERE_TEST_BROWSER").is_ok_and(|v| v == "required");
    let port = free_port();
    let mut command = Command::new("chromedriver");
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let child = match command
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
    {
        Ok(child) => child,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound && !required => {
            support::say_loudly("SKIPPED: browser test (chromedriver not installed)");
            return None;
        }
        Err(error) => panic!("chromedriver does not start: {error}"),
    };
    let driver = Chromedriver {
        child,
        port,
        _profile: tempfile::tempdir().expect("a temp dir"),
    };
    let status = format!("http://127.0.0.1:{port}/status");
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if reqwest::get(&status)
            .await
            .is_ok_and(|r| r.status().is_success())
        {
            return Some(driver);
        }
        assert!(Instant::now() < deadline, "chromedriver did not answer");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The size of the browser's window.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Screen {
    /// 1280 CSS pixels wide.
    Desktop,
    /// A phone: 390 CSS pixels wide, touch, the page's viewport meta honoured.
    Phone,
}

impl Screen {
    fn width(self) -> u32 {
        match self {
            Screen::Desktop => 1280,
            Screen::Phone => 390,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Screen::Desktop => "desktop",
            Screen::Phone => "phone",
        }
    }
}

async fn browser(driver: &Chromedriver) -> Client {
    browser_for(driver, Screen::Desktop, "en").await
}

/// A browser session of this size asking for pages in `lang` (its `Accept-Language`).
pub(crate) async fn browser_for(driver: &Chromedriver, screen: Screen, lang: &str) -> Client {
    // Both of rustls's crypto providers are compiled in (by different dependencies): pick one.
    let _ = rustls::crypto::ring::default_provider().install_default();
    let mut args = vec![
        "--headless".to_string(),
        "--no-sandbox".into(),
        "--disable-gpu".into(),
        "--disable-quic".into(),
        "--no-first-run".into(),
        "--disable-background-networking".into(),
        "--disable-component-update".into(),
        "--disable-sync".into(),
        format!("--window-size={},1000", screen.width()),
        format!("--lang={lang}"),
        format!("--accept-lang={lang}"),
    ];
    // Each session its own profile: one session may start before the last one's browser ended.
    let profile = driver
        ._profile
        .path()
        .join(format!("{}-{lang}-{}", screen.name(), free_port()));
    args.push(format!("--user-data-dir={}", profile.display()));
    let mut options = serde_json::json!({
        "args": args,
        "prefs": { "intl.accept_languages": lang },
    });
    if let Screen::Phone = screen {
        options["mobileEmulation"] = serde_json::json!({
            "deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2.0}
        });
    }
    let binary = std::env::var("CORRIERE_TEST_CHROMIUM").unwrap_or("/usr/bin/chromium".into());
    if std::path::Path::new(&binary).exists() {
        options["binary"] = binary.into();
    }
    let mut capabilities = serde_json::Map::new();
    capabilities.insert("browserName".into(), "chrome".into());
    capabilities.insert("goog:chromeOptions".into(), options);
    ClientBuilder::rustls()
        .expect("rustls")
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .expect("a browser session")
}

/// Wait for the answer to a move's click: the seat page at `?moved=N` (not for words the page
/// before it also had).
pub(crate) async fn wait_for_move(client: &Client) {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let url = client.current_url().await.expect("the address");
        if url.query().is_some_and(|q| q.contains("moved=")) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the move was never answered: {url}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Wait until the page's source contains `text`.
pub(crate) async fn wait_for_text(client: &Client, text: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let source = client.source().await.expect("the page source");
        if source.contains(text) {
            return source;
        }
        assert!(
            Instant::now() < deadline,
            "the page never showed {text:?}:\n{source}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

pub(crate) fn artifacts_dir() -> PathBuf {
    match std::env::var_os("CORRIERE_TEST_ARTIFACTS") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/test-artifacts"),
    }
}

/// Condottiere's browser sweep (run by `conformance`).
pub(crate) async fn a_player_accepts_places_the_token_and_plays_a_card_in_a_real_browser() {
    let Some(driver) = chromedriver().await else {
        return;
    };
    let app = TestApp::spawn(&Backend::Sqlite).await;
    let creator = app.create_game(2, &[]).await;
    app.deliver_mail().await;
    let alice = app.link_from_latest("alice@example.org", |m| m.is_confirmation());
    let bob = app.link_from_latest("bob@example.org", |m| m.is_invitation());
    assert_eq!(alice, creator);

    let client = browser(&driver).await;
    client.goto(&alice.url).await.expect("the seat page opens");
    wait_for_text(&client, "You created this game of Condottiere").await;
    client
        .find(Locator::Id("accept"))
        .await
        .expect("the I'm in button")
        .click()
        .await
        .expect("a click");
    wait_for_text(&client, "You are in.").await;
    // The page's script filled in the browser's random contribution.
    let api = app.api_game(&alice.game).await.json();
    let contribution = api["players"][0]["contribution"].as_str().unwrap_or("");
    assert_eq!(api["players"][0]["accepted"], true);
    assert!(
        contribution.len() >= 64 && contribution.chars().take(64).all(|c| c.is_ascii_hexdigit()),
        "the browser's entropy: {contribution:?}"
    );

    assert_eq!(app.accept(&bob, "", "").await.status, 303);
    client.refresh().await.expect("a reload");
    wait_for_text(&client, "Choose the region for the battle").await;
    client
        .find(Locator::Css(r#"button[value*="place_token"]"#))
        .await
        .expect("a place-token button")
        .click()
        .await
        .expect("a click");
    wait_for_text(&client, "Your move was recorded as move 1.").await;

    // If Bob plays first in this battle, he does so by HTTP until it is Alice's turn.
    let card_button = r#"button[value*="\"type\":\"play\""]"#;
    let mut chooser = Chooser::new(1);
    for _ in 0..5 {
        if client.find(Locator::Css(card_button)).await.is_ok() {
            break;
        }
        play_one_as(&app, &bob, &mut chooser).await;
        client.refresh().await.expect("a reload");
    }
    // A Mercenary: it stays on the line (a Bishop or a Surrender would not).
    let mut choice = None;
    for button in client.find_all(Locator::Css(card_button)).await.unwrap() {
        let action: serde_json::Value =
            serde_json::from_str(&button.attr("value").await.unwrap().unwrap()).unwrap();
        let card = action["card"].as_str().expect("a card code").to_string();
        if card.starts_with('M') || choice.is_none() {
            choice = Some((button, card));
        }
    }
    let (button, card) = choice.expect("a card button");
    let before = app.api_seat(&alice).await.json();
    let line_before = line_of(&before);
    button.click().await.expect("a click");
    // The page before the click already said "move 1 was recorded": wait for this move's number,
    // or the elements read next could belong to the page being replaced.
    let this_move = before["seq"].as_i64().expect("a seq") + 1;
    wait_for_text(
        &client,
        &format!("Your move was recorded as move {this_move}."),
    )
    .await;

    let lines = client
        .find(Locator::Id("lines"))
        .await
        .expect("the battle lines")
        .html(true)
        .await
        .unwrap();
    let alice_line = lines
        .split("<section")
        .find(|s| s.contains("Alice"))
        .expect("Alice's line");
    assert_eq!(
        alice_line.matches(&format!(">{card}<")).count(),
        line_before.iter().filter(|c| **c == card).count() + 1,
        "{card} is on Alice's line: {alice_line}"
    );

    let dir = artifacts_dir();
    std::fs::create_dir_all(&dir).expect("the artifacts directory");
    let png = client.screenshot().await.expect("a screenshot");
    assert!(png.starts_with(b"\x89PNG"), "a PNG");
    std::fs::write(dir.join("seat-page.png"), png).expect("the screenshot is saved");
    client.close().await.expect("the session closes");
    app.stop().await;
}

/// The card codes on the viewer's own line, from the seat API.
fn line_of(seat: &serde_json::Value) -> Vec<String> {
    let me = seat["seat"].as_u64().unwrap() as usize;
    seat["view"]["seats"][me - 1]["line"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["card"].as_str().map(str::to_string))
        .collect()
}

/// One move for `link` through its page, when it has one.
async fn play_one_as(app: &TestApp, link: &SeatLink, chooser: &mut Chooser) {
    let page = app.seat_page(link).await;
    if let Some(fields) = support::choose_move(&support::move_forms(&page), chooser) {
        let answer = app.post_move(link, &support::borrow_fields(&fields)).await;
        assert_eq!(answer.status, 303, "{}", answer.body);
    }
}

/// The axe-core script (CORRIERE_TEST_AXE), or why there is none: `None` skips the
/// accessibility checks loudly, unless the browser test is required.
pub(crate) fn axe_script() -> Option<String> {
    let required = std::env::var("CORRIERE_TEST_BROWSER").is_ok_and(|v| v == "required");
    let path = std::env::var_os("CORRIERE_TEST_AXE");
    match path.as_ref().map(std::fs::read_to_string) {
        Some(Ok(script)) => Some(script),
        Some(Err(error)) => panic!("CORRIERE_TEST_AXE cannot be read: {error}"),
        None if required => {
            panic!("CORRIERE_TEST_AXE names no axe.min.js, and the browser test is required")
        }
        None => {
            support::say_loudly(
                "SKIPPED: accessibility checks (CORRIERE_TEST_AXE names no axe.min.js; .ci/run fetches it)",
            );
            None
        }
    }
}

/// Set a cookie for the site the browser is on.
async fn set_cookie(client: &Client, name: &str, value: &str) {
    client
        .execute(
            "document.cookie = arguments[0] + '=' + arguments[1] + '; path=/; SameSite=Lax';",
            vec![name.into(), value.into()],
        )
        .await
        .expect("a cookie is set");
}

/// What one page showed in one browser: every problem found, in words.
pub(crate) async fn check_page(
    client: &Client,
    axe: Option<&str>,
    (screen, lang, name): (Screen, &str, &str),
    shots: &std::path::Path,
) -> Vec<String> {
    let mut problems = Vec::new();
    let at = format!("{name} ({lang}, {})", screen.name());
    let facts = client
        .execute(
            "return [document.documentElement.scrollWidth, window.innerWidth,
                     document.documentElement.lang,
                     [...document.querySelectorAll('body *')]
                       .filter(e => e.getBoundingClientRect().right > arguments[0] + 1
                                    && !e.closest('.war-scroll, .war-table-scroll, .table-scroll'))
                       .slice(0, 5)
                       .map(e => e.tagName + '.' + e.className + '#' + e.id + ' '
                                 + Math.round(e.getBoundingClientRect().right))];",
            vec![screen.width().into()],
        )
        .await
        .expect("a script runs");
    let (scroll, inner) = (facts[0].as_f64().unwrap(), facts[1].as_f64().unwrap());
    if scroll > inner || inner > f64::from(screen.width()) {
        problems.push(format!(
            "{at}: the page is {scroll} px wide in a {inner} px window; too wide: {}",
            facts[3]
        ));
    }
    if facts[2].as_str() != Some(lang) {
        problems.push(format!("{at}: the page's language is {}", facts[2]));
    }
    if let Some(axe) = axe {
        // Injected through WebDriver, which the page's Content Security Policy does not cover.
        client.execute(axe, vec![]).await.expect("axe-core loads");
        let found = client
            .execute_async(
                "const done = arguments[arguments.length - 1];
                 axe.run(document, {runOnly: {type: 'tag',
                     values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']}})
                   .then(r => done(r.violations.map(v => v.id + ' (' + v.impact + '): ' + v.help
                       + ' at ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))))
                   .catch(e => done(['axe failed: ' + e]));",
                vec![],
            )
            .await
            .expect("axe-core runs");
        for violation in found.as_array().expect("a list") {
            problems.push(format!("{at}: {}", violation.as_str().unwrap_or("?")));
        }
    }
    let png = client.screenshot().await.expect("a screenshot");
    assert!(png.starts_with(b"\x89PNG"), "a PNG");
    std::fs::write(
        shots.join(format!("{lang}-{}-{name}.png", screen.name())),
        png,
    )
    .expect("the screenshot is saved");
    problems
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_fits_a_phone_and_a_desktop_and_passes_the_accessibility_rules_in_every_language(
) {
    let Some(driver) = chromedriver().await else {
        return;
    };
    let axe = axe_script();
    let app = TestApp::spawn(&Backend::Sqlite).await;

    // A Condottiere game a few moves in, one whose second seat is still invited, and a War game.
    let creator = app.create_game(2, &[]).await;
    let links = app.accept_all(&creator.game, 2).await;
    let mut chooser = Chooser::new(7);
    for _ in 0..4 {
        for link in &links {
            play_one_as(&app, link, &mut chooser).await;
        }
    }
    let waiting = app.create_game(2, &[]).await;
    app.deliver_mail().await;
    let invited = app.link_from_latest("bob@example.org", |m| {
        m.is_invitation() && m.text.contains(&waiting.game)
    });
    let war = app.started_war_game().await;
    let game = &creator.game;
    let last = app.api_game(game).await.json()["seq"].as_i64().unwrap_or(0);
    let session = app.sign_in("alice@example.org").await;
    let settings = app
        .smtp
        .mails_to("alice@example.org")
        .into_iter()
        .rev()
        .find(|m| m.text.contains("/mail/"))
        .expect("a mail to Alice with its settings link")
        .url_containing("/mail/");

    let pages: Vec<(&str, String)> = vec![
        ("home", "/".into()),
        ("create-war", "/?game=war".into()),
        ("after-create", format!("{}?created=confirm", waiting.url)),
        ("accept", invited.url.clone()),
        ("seat-condottiere", links[0].url.clone()),
        ("seat-condottiere-2", links[1].url.clone()),
        ("seat-war", war[0].url.clone()),
        ("public-condottiere", format!("/games/{game}")),
        ("public-war", format!("/games/{}", war[0].game)),
        ("replay-start", format!("/games/{game}/replay/0")),
        ("history-public", format!("/games/{game}/history")),
        ("history-seat", format!("{}/history", links[0].url)),
        ("talk-public", format!("/games/{game}/talk")),
        ("talk-seat", format!("{}/talk", links[0].url)),
        ("replay-last", format!("/games/{game}/replay/{last}")),
        ("guide-condottiere", "/guide/condottiere".into()),
        ("guide-war", "/guide/war".into()),
        ("verify", "/verify".into()),
        ("transparency", "/transparency".into()),
        ("privacy", "/privacy".into()),
        ("sign-in", "/me".into()),
        ("prefs", settings),
        ("not-found", "/nope".into()),
    ];
    let languages = corriere::kinds::Registry::standard()
        .catalogs()
        .languages()
        .into_iter()
        .map(str::to_owned)
        .collect::<Vec<_>>();
    assert!(languages.iter().any(|l| l == "en"), "{languages:?}");

    let shots = artifacts_dir().join("screenshots");
    std::fs::create_dir_all(&shots).expect("the screenshots directory");
    let mut problems = Vec::new();
    for lang in &languages {
        for screen in [Screen::Desktop, Screen::Phone] {
            let client = browser_for(&driver, screen, lang).await;
            // The language switch's cookie, for a server that reads it.
            client.goto(&app.url("/")).await.expect("the home page");
            set_cookie(&client, "lang", lang).await;
            for (name, path) in &pages {
                client.goto(&app.url(path)).await.expect("a page opens");
                problems.extend(
                    check_page(&client, axe.as_deref(), (screen, lang, name), &shots).await,
                );
            }
            // My games, signed in.
            set_cookie(&client, "corriere_session", &session).await;
            client.goto(&app.url("/me")).await.expect("my games");
            problems.extend(
                check_page(&client, axe.as_deref(), (screen, lang, "my-games"), &shots).await,
            );
            client.close().await.expect("the session closes");
        }
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
    app.stop().await;
}
