//! What every answer carries, whatever made it: the security headers, caching rules for pages
//! with credentials and for static files, `HEAD` like `GET`, and the site's own 404 page.

use crate::support;

use support::{Backend, Page, SeatLink, TestApp};

/// A running two-seat game: the app and both seats' links.
async fn running_game() -> (TestApp, Vec<SeatLink>) {
    let app = TestApp::spawn(&Backend::Sqlite).await;
    let creator = app.create_game(2, &[]).await;
    let links = app.accept_all(&creator.game, 2).await;
    (app, links)
}

/// The hashed path of the static file `name` (`site.css`) that a page links to.
fn static_path(page: &Page, name: &str) -> String {
    let (stem, ext) = name.rsplit_once('.').expect("a name with an extension");
    page.body
        .match_indices("\"/static/")
        .map(|(i, _)| page.body[i + 1..].split('"').next().unwrap_or(""))
        .find(|path| {
            path.starts_with(&format!("/static/{stem}.")) && path.ends_with(&format!(".{ext}"))
        })
        .unwrap_or_else(|| panic!("the page links to static/{name}: {}", page.body))
        .to_string()
}

fn header<'p>(page: &'p Page, name: &str) -> &'p str {
    page.headers
        .get(name)
        .map(|v| v.to_str().expect("a readable header"))
        .unwrap_or("")
}

/// Every path a person or a script may ask for, with what the test expects: (path, status).
async fn every_kind_of_answer(app: &TestApp, seat: &SeatLink) -> Vec<(String, Page)> {
    let game = &seat.game;
    let home = app.home().await;
    let mut paths: Vec<String> = vec![
        "/".into(),
        "/healthz".into(),
        "/verify".into(),
        "/me".into(),
        "/nope".into(),
        format!("/games/{game}"),
        format!("/games/{game}/replay"),
        format!("/games/{game}/replay/0"),
        format!("/games/{game}/replay/999"),
        format!("/games/{game}/record.json"),
        "/transparency".into(),
        "/transparency/tree-head.json".into(),
        "/transparency/tree-heads.atom".into(),
        "/transparency/inclusion".into(),
        "/.well-known/corriere-keys.json".into(),
        format!("/games/{game}/seat/1/not-a-token"),
        seat.url.clone(),
        "/api/openapi.json".into(),
        "/api/v1/kinds".into(),
        format!("/api/v1/games/{game}"),
        "/static/site.00000000.css".into(),
    ];
    paths.push(static_path(&home, "site.css"));
    paths.push(static_path(&home, "site.js"));
    let mut answers = Vec::new();
    for path in paths {
        let page = app.get(&path).await;
        answers.push((path, page));
    }
    // A redirect (a form posted from the site itself) and an API answer with a bearer token.
    let redirect = app
        .read_raw(
            app.client
                .post(app.url("/me"))
                .form(&[("address", "nobody@example.org")]),
        )
        .await;
    assert_eq!(redirect.status, 303, "{}", redirect.body);
    answers.push(("POST /me".into(), redirect));
    let api_seat = app
        .read_raw(
            app.client
                .get(app.url(&format!("/api/v1/games/{game}/seat")))
                .bearer_auth(seat.bearer()),
        )
        .await;
    assert_eq!(api_seat.status, 200, "{}", api_seat.body);
    answers.push(("/api/v1/games/ID/seat".into(), api_seat));
    answers
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let (app, links) = running_game().await;
    for (path, page) in every_kind_of_answer(&app, &links[0]).await {
        let csp = header(&page, "content-security-policy");
        for directive in [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self'",
            "frame-ancestors 'none'",
        ] {
            assert!(
                csp.contains(directive),
                "{path}: CSP {csp:?} lacks {directive}"
            );
        }
        assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
        assert_eq!(header(&page, "referrer-policy"), "no-referrer", "{path}");
        assert_eq!(header(&page, "x-content-type-options"), "nosniff", "{path}");
    }
    app.stop().await;
}

#[tokio::test]
async fn seat_pages_and_records_of_running_games_are_never_stored_and_static_files_are_kept() {
    let (app, links) = running_game().await;
    let game = &links[0].game;
    for link in &links {
        let page = app.seat_page(link).await;
        assert_eq!(page.status, 200, "{}", page.body);
        assert_eq!(header(&page, "cache-control"), "no-store", "{}", link.url);
    }
    let record = app.get(&format!("/games/{game}/record.json")).await;
    assert_eq!(record.status, 200);
    assert_eq!(header(&record, "cache-control"), "no-store");
    let api_seat = app
        .read_raw(
            app.client
                .get(app.url(&format!("/api/v1/games/{game}/seat")))
                .bearer_auth(links[1].bearer()),
        )
        .await;
    assert_eq!(header(&api_seat, "cache-control"), "no-store");
    let api_game = app.get(&format!("/api/v1/games/{game}")).await;
    assert_eq!(header(&api_game, "cache-control"), "no-store");
    assert_eq!(header(&app.get("/me").await, "cache-control"), "no-store");

    let home = app.home().await;
    for path in [
        static_path(&home, "site.css"),
        static_path(&home, "site.js"),
    ] {
        let file = app.get(&path).await;
        assert_eq!(file.status, 200, "{path}");
        assert_eq!(
            header(&file, "cache-control"),
            "public, max-age=31536000, immutable",
            "{path}"
        );
        let kind = header(&file, "content-type");
        assert!(
            kind.starts_with(if path.ends_with(".css") {
                "text/css"
            } else {
                "text/javascript"
            }),
            "{path}: {kind}"
        );
    }
    app.stop().await;
}

#[tokio::test]
async fn head_answers_like_get_without_a_body_on_every_page() {
    let (app, links) = running_game().await;
    let game = &links[0].game;
    let home = app.home().await;
    for path in [
        "/".to_string(),
        "/verify".into(),
        "/me".into(),
        "/healthz".into(),
        format!("/games/{game}"),
        format!("/games/{game}/replay/0"),
        format!("/games/{game}/record.json"),
        links[0].url.clone(),
        "/api/v1/kinds".into(),
        static_path(&home, "site.css"),
        "/nope".into(),
    ] {
        let get = app.get(&path).await;
        let head = app.read_raw(app.client.head(app.url(&path))).await;
        assert_eq!(head.status, get.status, "HEAD {path}");
        assert_ne!(head.status, 405, "HEAD {path}");
        assert!(head.body.is_empty(), "HEAD {path} has a body");
        assert_eq!(
            header(&head, "content-type"),
            header(&get, "content-type"),
            "HEAD {path}"
        );
        assert_eq!(
            header(&head, "content-security-policy"),
            header(&get, "content-security-policy"),
            "HEAD {path}"
        );
    }
    app.stop().await;
}

#[tokio::test]
async fn unknown_paths_and_moves_past_the_last_get_the_site_s_404_page() {
    let (app, links) = running_game().await;
    let game = &links[0].game;
    for (path, words) in [
        ("/nope".to_string(), "Page not found"),
        (format!("/games/{game}/replay"), "Page not found"),
        (format!("/games/{game}/nope"), "Page not found"),
        ("/static/site.00000000.css".into(), "Page not found"),
        (format!("/games/{game}/replay/999"), "No such move"),
        (format!("/games/{game}/replay/-1"), "No such move"),
    ] {
        let page = app.get(&path).await;
        assert_eq!(page.status, 404, "{path}: {}", page.body);
        assert!(
            header(&page, "content-type").starts_with("text/html"),
            "{path}"
        );
        assert!(page.text().contains(words), "{path}: {}", page.body);
        assert!(page.body.contains("<html"), "{path}: a whole page");
    }
    // Accept-Language picks the words of the 404 page like any other page's.
    let pt = app
        .read_raw(
            app.client
                .get(app.url("/nope"))
                .header("accept-language", "pt-BR,pt;q=0.9"),
        )
        .await;
    assert_eq!(pt.status, 404);
    assert!(pt.text().contains("Página não encontrada"), "{}", pt.body);
    // The last move itself is still shown.
    let last = app.get(&format!("/games/{game}/replay/0")).await;
    assert_eq!(last.status, 200, "{}", last.body);
    app.stop().await;
}

#[tokio::test]
async fn no_page_carries_inline_script_or_style() {
    let (app, links) = running_game().await;
    let game = &links[0].game;
    for path in [
        "/".to_string(),
        "/verify".into(),
        "/me".into(),
        format!("/games/{game}"),
        format!("/games/{game}/replay/0"),
        links[0].url.clone(),
        links[1].url.clone(),
        "/nope".into(),
    ] {
        let page = app.get(&path).await;
        let body = page.body.to_ascii_lowercase();
        assert!(!body.contains("<style"), "{path} has a style element");
        assert!(!body.contains(" style="), "{path} has a style attribute");
        for script in body.match_indices("<script").map(|(i, _)| &body[i..]) {
            let tag = script.split('>').next().unwrap();
            assert!(
                tag.contains(" src=\"/static/"),
                "{path}: inline script {tag}"
            );
        }
        assert!(!body.contains(" onclick="), "{path}");
    }
    app.stop().await;
}

#[tokio::test]
async fn the_site_s_own_forms_are_taken_though_no_referrer_makes_their_origin_null() {
    let app = TestApp::spawn(&Backend::Sqlite).await;
    let post = |headers: &'static [(&'static str, &'static str)]| {
        let mut request = app
            .client
            .post(app.url("/me"))
            .form(&[("address", "nobody@example.org")]);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        app.read_raw(request)
    };
    // What Chromium sends for a page's own form under Referrer-Policy: no-referrer.
    let own = post(&[("origin", "null"), ("sec-fetch-site", "same-origin")]).await;
    assert_eq!(own.status, 303, "{}", own.body);
    // Without Sec-Fetch-Site, a null origin could be anyone's (a sandboxed frame).
    let unknown = post(&[("origin", "null")]).await;
    assert_eq!(unknown.status, 403, "{}", unknown.body);
    let foreign = post(&[("origin", "null"), ("sec-fetch-site", "cross-site")]).await;
    assert_eq!(foreign.status, 403, "{}", foreign.body);
    app.stop().await;
}
