//! War in a real browser (headless Chromium through chromedriver), on a phone-sized window: the
//! world map reads at that size, and a turn is played from the page's own forms. Like
//! `tests/browser.rs`, it is skipped without chromedriver unless CORRIERE_TEST_BROWSER=required.

use crate::support;

use fantoccini::{Client, ClientBuilder, Locator};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use support::{Backend, TestApp};

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
        "--window-size=390,1400".into(),
    ];
    args.push(format!(
        "--user-data-dir={}",
        driver._profile.path().display()
    ));
    // A phone: 390 CSS pixels wide.
    let mut options = serde_json::json!({
        "args": args,
        "mobileEmulation": {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2.0}},
    });
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
async fn a_war_player_on_a_phone_reads_the_map_and_places_and_ends_a_turn_in_a_real_browser() {
    let Some(driver) = chromedriver().await else {
        return;
    };
    let app = TestApp::spawn(&Backend::Sqlite).await;
    let links = app.started_war_game().await;
    let game = links[0].game.clone();
    let active = app.api_game(&game).await.json()["view"]["active"]
        .as_u64()
        .unwrap() as usize;
    let link = &links[active - 1];

    let client = browser(&driver).await;
    client.goto(&link.url).await.expect("the seat page opens");
    wait_for_text(&client, "Place your reinforcements").await;
    // The map: 42 territories, each with its title for screen readers, names drawn at a size
    // a phone can read (the map scrolls sideways instead of shrinking).
    let map = client
        .find(Locator::Css("svg.war-map"))
        .await
        .expect("the world map")
        .html(false)
        .await
        .unwrap();
    assert_eq!(map.matches("<g id=\"war-").count(), 42);
    assert!(
        map.split("<g id=\"war-")
            .skip(1)
            .all(|g| g.contains("<title>")),
        "each territory has its title"
    );
    let sizes = client
        .execute(
            "const r = [...document.querySelectorAll('svg.war-map .war-name')]
               .map(t => t.getBoundingClientRect().height);
             const box = document.querySelector('.war-scroll').getBoundingClientRect();
             return [Math.min(...r), box.width, document.querySelector('svg.war-map').getBoundingClientRect().width, window.innerWidth];",
            vec![],
        )
        .await
        .expect("a script");
    let sizes: Vec<f64> = serde_json::from_value(sizes).unwrap();
    assert!(
        sizes[0] >= 11.0,
        "map names are {} px high on a phone",
        sizes[0]
    );
    assert!(
        sizes[1] <= 390.0 && sizes[2] >= 880.0,
        "{sizes:?}: the map scrolls, not shrinks"
    );

    // The placement as drawn (the default placement), then the end of the turn.
    client
        .find(Locator::XPath(
            "//button[normalize-space()='Place these armies']",
        ))
        .await
        .expect("the place button")
        .click()
        .await
        .expect("a click");
    wait_for_text(&client, "Your move was recorded as move 1.").await;
    wait_for_text(&client, "End your turn").await;
    let dir = artifacts_dir();
    std::fs::create_dir_all(&dir).expect("the artifacts directory");
    let png = client.screenshot().await.expect("a screenshot");
    assert!(png.starts_with(b"\x89PNG"), "a PNG");
    std::fs::write(dir.join("war-seat-page-phone.png"), png).expect("the screenshot is saved");
    client
        .find(Locator::XPath("//button[normalize-space()='End the turn']"))
        .await
        .expect("the end-turn button")
        .click()
        .await
        .expect("a click");
    wait_for_text(&client, "Your move was recorded as move 2.").await;
    let view = app.api_game(&game).await.json()["view"].clone();
    assert_ne!(
        view["active"].as_u64().unwrap() as usize,
        active,
        "the turn passed"
    );
    client.close().await.expect("the session closes");
    app.stop().await;
}
