//! The transparency log and receipts on the web: the published keys, the signed tree heads and
//! their feed, inclusion and consistency proofs that check with the core's verifiers, a game's
//! proofs beside its record, the /transparency page in both languages, questions that do not
//! read, and /verify comparing a record with signed receipts and proofs.

use crate::support;

use corriere::audit::receipt::{
    contradictions, ConsistencyProof, InclusionProof, Keyring, RecordProofs, SignedReceipt,
    SignedTreeHead,
};
use corriere::audit::Record;
use support::{Backend, Chooser, Page, TestApp};

on_each_backend!(
    the_log_s_tree_heads_and_proofs_check_against_the_published_keys,
    verify_compares_a_record_with_signed_receipts_and_the_log_s_proofs,
);

/// Play `moves` moves of `game` from the mails.
async fn play(app: &TestApp, game: &str, players: usize, chooser: &mut Chooser, moves: usize) {
    for _ in 0..moves {
        let (_, answer) = app
            .play_from_mail(game, players, chooser)
            .await
            .expect("someone can move");
        assert_eq!(answer.status, 303, "{}", answer.body);
    }
}

/// A started two-seat game with `moves` moves played and logged.
async fn game_with_moves(app: &TestApp, chooser: &mut Chooser, moves: usize) -> String {
    let creator = app.create_game(2, &[]).await;
    let game = creator.game.clone();
    app.accept_all(&game, 2).await;
    play(app, &game, 2, chooser, moves).await;
    let report = app.running.scheduler.run_once().await.unwrap();
    assert!(report.logged > 0, "the sequencer logged the moves");
    game
}

fn header<'p>(page: &'p Page, name: &str) -> &'p str {
    page.headers
        .get(name)
        .map(|v| v.to_str().expect("a readable header"))
        .unwrap_or("")
}

fn assert_json(page: &Page, status: u16, what: &str) -> serde_json::Value {
    assert_eq!(page.status, status, "{what}: {}", page.body);
    assert!(
        header(page, "content-type").starts_with("application/json"),
        "{what}: {}",
        header(page, "content-type")
    );
    page.json()
}

async fn keyring(app: &TestApp) -> Keyring {
    let keys = app.get("/.well-known/corriere-keys.json").await;
    serde_json::from_value(assert_json(&keys, 200, "the keys")).expect("a keyring")
}

async fn newest_head(app: &TestApp) -> SignedTreeHead {
    let head = app.get("/transparency/tree-head.json").await;
    SignedTreeHead::from_json(&assert_json(&head, 200, "the tree head")).expect("a tree head")
}

async fn record_of(app: &TestApp, game: &str) -> (String, Record) {
    let page = app.get(&format!("/games/{game}/record.json")).await;
    assert_eq!(page.status, 200, "{}", page.body);
    let record = Record::from_json(&page.body).expect("a record");
    (page.body, record)
}

async fn the_log_s_tree_heads_and_proofs_check_against_the_published_keys(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    // Before any move, the log has no tree head, and says so.
    let none = app.get("/transparency/tree-head.json").await;
    let error = assert_json(&none, 404, "no tree head yet");
    assert_eq!(error["error"]["code"], "empty_log", "{}", none.body);
    let page = app.get("/transparency").await;
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(
        page.text().contains("The log has no signed tree head yet"),
        "{}",
        page.body
    );

    let mut chooser = Chooser::new(32);
    let game = game_with_moves(&app, &mut chooser, 6).await;
    let keys = keyring(&app).await;
    assert!(!keys.keys.is_empty(), "a key is published");
    // (a) The newest tree head is signed by a published key.
    let first = newest_head(&app).await;
    keys.verify_tree_head(&first)
        .expect("the tree head verifies");

    // (b) Every move of the game is in the log under that tree head.
    let (_, record) = record_of(&app, &game).await;
    assert_eq!(record.actions.len(), 6);
    for action in &record.actions {
        let path = format!("/transparency/inclusion?game={game}&seq={}", action.seq);
        let answer = assert_json(&app.get(&path).await, 200, &path);
        let proof: InclusionProof =
            serde_json::from_value(answer["proof"].clone()).expect("an inclusion proof");
        let head = SignedTreeHead::from_json(&answer["tree_head"]).expect("its tree head");
        assert_eq!(head, first, "{path}");
        assert_eq!(proof.leaf.game, game);
        assert_eq!(proof.leaf.seq, action.seq);
        assert_eq!(
            proof.leaf.head, action.hash,
            "{path}: the leaf is the move's hash"
        );
        proof
            .check(&first.head)
            .expect("the inclusion proof checks");
    }

    // (c) More moves, another tree head, and a proof the first log is the start of the second.
    play(&app, &game, 2, &mut chooser, 4).await;
    app.running.scheduler.run_once().await.unwrap();
    let second = newest_head(&app).await;
    assert!(second.head.size > first.head.size);
    keys.verify_tree_head(&second)
        .expect("the second tree head verifies");
    let path = format!(
        "/transparency/consistency?first={}&second={}",
        first.head.size, second.head.size
    );
    let proof: ConsistencyProof =
        serde_json::from_value(assert_json(&app.get(&path).await, 200, &path)).expect("a proof");
    proof
        .check(&first.head, &second.head)
        .expect("the consistency proof checks");
    // An older tree head by its size, and a move's inclusion under it.
    let older = app
        .get(&format!(
            "/transparency/tree-head.json?size={}",
            first.head.size
        ))
        .await;
    assert_eq!(
        SignedTreeHead::from_json(&assert_json(&older, 200, "an older head")).unwrap(),
        first
    );
    let path = format!(
        "/transparency/inclusion?game={game}&seq=1&size={}",
        first.head.size
    );
    let answer = assert_json(&app.get(&path).await, 200, &path);
    let proof: InclusionProof = serde_json::from_value(answer["proof"].clone()).unwrap();
    proof
        .check(&first.head)
        .expect("the proof under the older head");

    // The game's proofs, downloaded beside its record.
    let download = app.get(&format!("/games/{game}/proofs.json")).await;
    let (_, record) = record_of(&app, &game).await;
    let proofs: RecordProofs =
        serde_json::from_value(assert_json(&download, 200, "proofs")).unwrap();
    assert_eq!(
        header(&download, "content-disposition"),
        format!("attachment; filename=\"{game}-proofs.json\"")
    );
    assert_eq!(proofs.game, game);
    assert_eq!(proofs.inclusions.len(), record.actions.len());
    let head = SignedTreeHead::from_json(&proofs.tree_head).unwrap();
    for proof in &proofs.inclusions {
        proof.check(&head.head).expect("each move's proof checks");
    }
    assert_eq!(app.get("/games/nosuchgame/proofs.json").await.status, 404);

    // The feed: valid Atom, the newest tree head first, its line and its JSON link.
    let feed = app.get("/transparency/tree-heads.atom").await;
    assert_eq!(feed.status, 200, "{}", feed.body);
    assert!(header(&feed, "content-type").starts_with("application/atom+xml"));
    assert!(feed
        .body
        .starts_with("<?xml version=\"1.0\" encoding=\"utf-8\"?>"));
    assert!(feed
        .body
        .contains("<feed xmlns=\"http://www.w3.org/2005/Atom\">"));
    let entries = feed.body.matches("<entry>").count();
    assert!(entries >= 2, "{}", feed.body);
    for tag in ["<id>", "<title>", "<updated>"] {
        assert_eq!(
            feed.body.matches(tag).count(),
            entries + 1,
            "the feed and each entry have {tag}"
        );
    }
    let newest = feed.body.find("<entry>").unwrap();
    assert!(
        feed.body[newest..].contains(&second.to_line()),
        "{}",
        feed.body
    );
    assert!(feed.body.contains(&format!(
        "/transparency/tree-head.json?size={}",
        first.head.size
    )));
    assert!(!feed.body.contains("& "), "XML is escaped");

    // (e) The page, in English and in Portuguese, with the newest tree head and the keys.
    let page = app.get("/transparency").await;
    assert_eq!(page.status, 200, "{}", page.body);
    let text = page.text();
    for wanted in [
        "The public transparency log",
        "rewriting a game after the fact",
        &second.head.root,
        &second.to_line(),
        &second.key,
        "/transparency/tree-head.json",
        "/.well-known/corriere-keys.json",
        "corriere audit consistency",
    ] {
        assert!(
            text.contains(wanted),
            "the page shows {wanted}: {}",
            page.body
        );
    }
    assert!(page.body.contains(
        "<link rel=\"alternate\" type=\"application/atom+xml\" href=\"/transparency/tree-heads.atom\""
    ));
    assert!(page.body.contains("action=\"/transparency/inclusion\""));
    assert!(page.body.contains("action=\"/transparency/consistency\""));
    let pagina = app
        .read_raw(
            app.client
                .get(app.url("/transparency"))
                .header("accept-language", "pt-BR,pt;q=0.9"),
        )
        .await;
    assert_eq!(pagina.status, 200);
    let texto = pagina.text();
    for wanted in [
        "O registro público de transparência",
        "recibo assinado",
        &second.head.root,
    ] {
        assert!(
            texto.contains(wanted),
            "a página mostra {wanted}: {}",
            pagina.body
        );
    }
    assert!(pagina.body.contains("<html lang=\"pt\""), "{}", pagina.body);

    // (f) Questions that do not read: 400 saying what to send; what the log lacks: 404.
    let beyond = second.head.size + 1000;
    for (path, status, code, words) in [
        (
            "/transparency/inclusion".to_string(),
            400,
            "bad_query",
            "`game` is missing: send game=ID",
        ),
        (
            format!("/transparency/inclusion?game={game}"),
            400,
            "bad_query",
            "`seq` is missing: send seq=N",
        ),
        (
            format!("/transparency/inclusion?game={game}&seq=two"),
            400,
            "bad_query",
            "`seq`: “two” is not a move number",
        ),
        (
            "/transparency/inclusion?game=no%20such%20game!&seq=1".to_string(),
            400,
            "bad_query",
            "is not a game id",
        ),
        (
            format!("/transparency/inclusion?game={game}&seq=1&size=0"),
            400,
            "bad_query",
            "`size`: “0” is not a size of the log",
        ),
        (
            format!("/transparency/inclusion?game={game}&seq=999"),
            404,
            "not_logged",
            "move 999 of game",
        ),
        (
            format!("/transparency/inclusion?game={game}&seq=1&size={beyond}"),
            404,
            "no_tree_head",
            "no signed tree head of",
        ),
        (
            "/transparency/consistency".to_string(),
            400,
            "bad_query",
            "`first` is missing: send first=M and second=N",
        ),
        (
            "/transparency/consistency?first=1".to_string(),
            400,
            "bad_query",
            "`second` is missing",
        ),
        (
            "/transparency/consistency?first=-1&second=2".to_string(),
            400,
            "bad_query",
            "`first`: “-1” is not a size of the log",
        ),
        (
            "/transparency/consistency?first=5&second=2".to_string(),
            400,
            "bad_sizes",
            "send 1 ≤ first ≤ second",
        ),
        (
            format!("/transparency/consistency?first=1&second={beyond}"),
            400,
            "bad_sizes",
            "send 1 ≤ first ≤ second",
        ),
        (
            "/transparency/tree-head.json?size=many".to_string(),
            400,
            "bad_query",
            "`size`: “many”",
        ),
        (
            format!("/transparency/tree-head.json?size={beyond}"),
            404,
            "no_tree_head",
            "ask without `size`",
        ),
    ] {
        let answer = assert_json(&app.get(&path).await, status, &path);
        assert_eq!(answer["error"]["code"], code, "{path}");
        let message = answer["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains(words), "{path}: {message}");
    }
    let recusa = app
        .read_raw(
            app.client
                .get(app.url("/transparency/inclusion"))
                .header("accept-language", "pt-BR,pt;q=0.9"),
        )
        .await;
    let recusa = assert_json(&recusa, 400, "em português");
    assert!(
        recusa["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("falta `game`"),
        "{recusa}"
    );
    app.stop().await;
}

/// The receipt for move `seq` of the game, as the service handed it out: from the mails its
/// players received, or the game's page.
async fn receipt_for(app: &TestApp, game: &str, seq: u64) -> SignedReceipt {
    app.deliver_mail().await;
    let mut texts: Vec<String> = app.smtp.mails().iter().map(|m| m.text.clone()).collect();
    texts.push(app.public_page(game).await.text());
    texts
        .iter()
        .flat_map(|text| SignedReceipt::find_all(text))
        .flatten()
        .find(|r| r.receipt.game == game && r.receipt.seq == seq)
        .unwrap_or_else(|| {
            panic!("no mail or page of game {game} carries a receipt for move {seq}")
        })
}

/// A mail as a mail program quotes it in a reply: the receipt's line among other lines.
fn quoted_mail(receipt: &SignedReceipt) -> String {
    format!(
        "On Saturday the service wrote:\n> Your move was stored.\n> \n> {}\n> Keep this mail.\n",
        receipt.to_line()
    )
}

async fn verify(
    app: &TestApp,
    record: &str,
    receipts: Option<&str>,
    proofs: Option<&str>,
    lang: &str,
) -> Page {
    let mut form = reqwest::multipart::Form::new().text("record_text", record.to_owned());
    if let Some(receipts) = receipts {
        form = form.text("receipts", receipts.to_owned());
    }
    if let Some(proofs) = proofs {
        let part = reqwest::multipart::Part::text(proofs.to_owned()).file_name("proofs.json");
        form = form.part("proofs", part);
    }
    app.read_raw(
        app.client
            .post(app.url("/verify"))
            .header("accept-language", lang)
            .multipart(form),
    )
    .await
}

async fn verify_compares_a_record_with_signed_receipts_and_the_log_s_proofs(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let mut chooser = Chooser::new(9);
    let game = game_with_moves(&app, &mut chooser, 5).await;
    let (text, _) = record_of(&app, &game).await;
    let words = app.running.state.games.registry().catalogs().words("en");
    let palavras = app.running.state.games.registry().catalogs().words("pt");

    // The form offers the receipts and the proofs, and says where the proofs are.
    let form = app.get("/verify").await;
    assert!(form.body.contains("name=\"receipts\""), "{}", form.body);
    assert!(form.body.contains("name=\"proofs\""), "{}", form.body);
    assert!(
        form.body.contains("href=\"/transparency\""),
        "{}",
        form.body
    );

    // (d) A receipt from a mail agrees with the record.
    let receipt = receipt_for(&app, &game, 2).await;
    let last = receipt_for(&app, &game, 5).await;
    let mails = format!("{}\n{}", quoted_mail(&receipt), quoted_mail(&last));
    let agreed = verify(&app, &text, Some(&mails), None, "en").await;
    let shown = agreed.text();
    assert!(!agreed.body.contains("id=\"rewritten\""), "{}", agreed.body);
    assert!(
        shown.contains("The record agrees with all 2 of your signed receipts."),
        "{}",
        agreed.body
    );
    assert!(shown.contains("The receipt for move 2 is signed by the service"));

    // Receipts alone, without a record: their signatures are checked.
    let alone = verify(&app, "", Some(&mails), None, "en").await;
    assert_eq!(alone.status, 200, "{}", alone.body);
    assert!(
        alone
            .text()
            .contains("The receipt for move 2 is signed by the service"),
        "{}",
        alone.body
    );

    // A receipt whose head was altered: its signature says so, and it is not compared.
    let mut altered = receipt.clone();
    let mut head = altered.receipt.head.clone().into_bytes();
    head[0] = if head[0] == b'0' { b'1' } else { b'0' };
    altered.receipt.head = String::from_utf8(head).unwrap();
    let keys = keyring(&app).await;
    let problem = keys
        .verify_receipt(&altered)
        .expect_err("an altered receipt does not verify");
    let alone = verify(&app, "", Some(&quoted_mail(&altered)), None, "en").await;
    assert_eq!(alone.status, 422, "{}", alone.body);
    let forged = verify(&app, &text, Some(&quoted_mail(&altered)), None, "en").await;
    let shown = forged.text();
    assert!(
        shown.contains(&format!("The receipt for move 2: {}", problem.words(words))),
        "{}",
        forged.body
    );
    assert!(!forged.body.contains("id=\"rewritten\""), "{}", forged.body);

    // A record whose move 2 was rewritten, against the valid receipt: the rewrite, by its move.
    let mut tampered: serde_json::Value = serde_json::from_str(&text).unwrap();
    let rewritten_hash = "ab".repeat(32);
    tampered["actions"][1]["hash"] = rewritten_hash.clone().into();
    let tampered = tampered.to_string();
    let tampered_record = Record::from_json(&tampered).expect("still a record");
    let found = contradictions(&tampered_record, std::slice::from_ref(&receipt));
    assert_eq!(found.len(), 1, "{found:?}");
    let rewrite = verify(&app, &tampered, Some(&quoted_mail(&receipt)), None, "en").await;
    assert_eq!(rewrite.status, 422, "{}", rewrite.body);
    assert!(
        rewrite.body.contains("id=\"rewritten\""),
        "{}",
        rewrite.body
    );
    let shown = rewrite.text();
    assert!(shown.contains("Proof of a rewrite"), "{}", rewrite.body);
    assert!(shown.contains(&found[0].words(words)), "{}", rewrite.body);
    assert!(found[0].words(words).contains('2'), "it names move 2");
    // In Portuguese too.
    let reescrita = verify(
        &app,
        &tampered,
        Some(&quoted_mail(&receipt)),
        None,
        "pt-BR,pt;q=0.9",
    )
    .await;
    let mostrado = reescrita.text();
    assert!(
        mostrado.contains("Prova de que a partida foi reescrita"),
        "{}",
        reescrita.body
    );
    assert!(
        mostrado.contains(&found[0].words(palavras)),
        "{}",
        reescrita.body
    );

    // Text that only starts a receipt: said, and the good receipt beside it still checked.
    let broken = format!(
        "corriere-receipt/1 game={game} seq=zz\n{}",
        quoted_mail(&receipt)
    );
    let partly = verify(&app, &text, Some(&broken), None, "en").await;
    let shown = partly.text();
    assert!(
        shown.contains("A receipt does not read:"),
        "{}",
        partly.body
    );
    assert!(
        shown.contains("The record agrees with your signed receipt."),
        "{}",
        partly.body
    );
    let nothing = verify(&app, &text, Some("just a mail, no receipt"), None, "en").await;
    assert!(
        nothing.text().contains("No receipt was found"),
        "{}",
        nothing.body
    );

    // The game's proofs: every move of the record is in the log; not so for the rewritten one.
    let proofs = app.get(&format!("/games/{game}/proofs.json")).await;
    assert_eq!(proofs.status, 200, "{}", proofs.body);
    let head = newest_head(&app).await;
    let logged = verify(&app, &text, None, Some(&proofs.body), "en").await;
    assert!(
        logged.text().contains(&format!(
            "Every move of the record is in the public log, under the tree head of {} entries",
            head.head.size
        )),
        "{}",
        logged.body
    );
    let refused = verify(&app, &tampered, None, Some(&proofs.body), "en").await;
    assert_eq!(refused.status, 422);
    assert!(refused.body.contains("id=\"proofs\""), "{}", refused.body);
    assert!(
        refused.text().contains("The proofs do not hold:"),
        "{}",
        refused.body
    );
    let unreadable = verify(&app, &text, None, Some("{\"not\": \"proofs\"}"), "en").await;
    assert!(
        unreadable.text().contains("The proofs file does not read:"),
        "{}",
        unreadable.body
    );
    app.stop().await;
}

#[test]
fn the_receipts_text_is_bounded_as_a_mail_to_the_service_is() {
    assert_eq!(
        corriere::web::review::RECEIPTS_BYTES,
        corriere::mail::inbound::MAX_REPLY_BYTES
    );
}
