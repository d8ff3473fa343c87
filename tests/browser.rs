//! A real browser (headless Chromium through chromedriver) on a seat page: accept the
//! invitation, place the token, play a card, and keep a screenshot of the page as an artifact.
//!
//! Needs `chromedriver` on the PATH (Debian: `chromium` and `chromium-driver`). Without it the
//! test says SKIPPED on stderr and passes, unless CORRIERE_TEST_BROWSER=required.

mod support;

use fantoccini::{Client, ClientBuilder, Locator};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use support::{Backend, Chooser, SeatLink, TestApp};

/// chromedriver, killed when dropped (also when the test panics).
struct Chromedriver {
    child: Child,
    port: u16,
    _profile: tempfile::TempDir,
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
async fn chromedriver() -> Option<Chromedriver> {
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

async fn browser(driver: &Chromedriver) -> Client {
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
        "--window-size=1200,1600".into(),
    ];
    args.push(format!(
        "--user-data-dir={}",
        driver._profile.path().display()
    ));
    let mut options = serde_json::json!({ "args": args });
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

/// Wait until the page's source contains `text`.
async fn wait_for_text(client: &Client, text: &str) -> String {
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

fn artifacts_dir() -> PathBuf {
    match std::env::var_os("CORRIERE_TEST_ARTIFACTS") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/test-artifacts"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_accepts_places_the_token_and_plays_a_card_in_a_real_browser() {
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
    wait_for_text(&client, "You are invited to Condottiere").await;
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
