//! Pergamemnon's card sets from the operator's side: `corriere card-set check` on a good and a
//! broken transcription, and `serve --card-set FILE` offering a set, or refusing a broken one.

use corriere::config::ServeArgs;
use corriere::engine::pergamemnon::{cards, sets, Options};
use std::path::{Path, PathBuf};
use std::process::Command;

fn corriere(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_corriere"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// An operator's transcription: the reference-2 document under its own id, `published`, with
/// one card changed, written into `dir`.
fn transcription(dir: &Path, id: &str, edit: impl FnOnce(&mut serde_json::Value)) -> PathBuf {
    let mut doc = serde_json::to_value(&cards::builtin("reference-2").unwrap().doc).unwrap();
    doc["id"] = id.into();
    doc["provenance"] = "published".into();
    doc["title"] = "Pergamemnon as printed (transcribed)".into();
    doc.as_object_mut().unwrap().remove("based_on");
    edit(&mut doc);
    let path = dir.join(format!("{id}.json"));
    std::fs::write(&path, serde_json::to_string_pretty(&doc).unwrap()).unwrap();
    path
}

fn serve_args(data_dir: &Path, card_set: &Path) -> ServeArgs {
    let database = format!("sqlite://{}", data_dir.join("corriere.db").display());
    ServeArgs::from_flags([
        "--database-url",
        &database,
        "--data-dir",
        &data_dir.display().to_string(),
        "--card-set",
        &card_set.display().to_string(),
    ])
    .expect("serve's flags")
}

#[test]
fn check_lists_every_problem_of_a_broken_transcription_in_words_and_fails() {
    let dir = tempfile::tempdir().unwrap();
    let broken = transcription(dir.path(), "printed-broken", |doc| {
        // Caesar loses his banner (V3) and a Spearman gets a weapon of 30, past the format's
        // limit of 20 (V1).
        doc["army"][0]["leader"] = false.into();
        doc["army"][3]["weapon"]["value"] = 30.into();
    });
    let (code, out) = corriere(&["card-set", "check", &broken.display().to_string()]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("error: V3"), "{out}");
    assert!(out.contains("error: V1"), "{out}");
    assert!(out.contains("cannot be used"), "{out}");
    let good = transcription(dir.path(), "printed-good", |_| {});
    let (code, out) = corriere(&["card-set", "check", &good.display().to_string()]);
    assert_eq!(code, 0, "{out}");
    // Nothing was marked as checked against a physical card: a published set says so (V10).
    assert!(out.contains("warning: V10"), "{out}");
}

#[test]
fn serve_offers_an_operators_set_and_a_new_game_embeds_it_pinned_by_hash() {
    let dir = tempfile::tempdir().unwrap();
    let file = transcription(dir.path(), "printed-serve", |doc| {
        doc["creatures"][0]["points"] = 2.into();
    });
    serve_args(dir.path(), &file)
        .into_config()
        .expect("a set that loads lets the service start");
    assert!(sets::offered().contains(&"printed-serve"));
    let settled = sets::settle(Options {
        card_set: "printed-serve".into(),
        ..Options::default()
    });
    let set = sets::find("printed-serve").unwrap();
    assert_eq!(
        settled.card_set_sha256.as_deref(),
        Some(set.sha256.as_str())
    );
    assert_eq!(settled.cards.as_ref().unwrap().creatures[0].points, 2);
}

#[test]
fn serve_refuses_to_start_with_a_broken_set_naming_each_problem() {
    let dir = tempfile::tempdir().unwrap();
    let file = transcription(dir.path(), "printed-refused", |doc| {
        doc["army"].as_array_mut().unwrap().pop();
    });
    let Err(error) = serve_args(dir.path(), &file).into_config() else {
        panic!("a broken set stops the start");
    };
    let error = error.to_string();
    assert!(error.contains("printed-refused.json"), "{error}");
    assert!(error.contains("V1"), "{error}");
    assert!(!sets::offered().contains(&"printed-refused"));
}

/// An operator's set offered by `serve --card-set` is chosen at creation: a game played on it
/// to its end names it on its pages and mails ("the published values, partly verified": the
/// transcription marks no card verified), and its record embeds the set, pinned by its hash,
/// and verifies.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_on_an_operators_set_names_it_everywhere_and_its_record_verifies() {
    use crate::support::{Backend, TestApp};
    const ANA: &str = "ana@printed.test";
    let dir = tempfile::tempdir().unwrap();
    let file = transcription(dir.path(), "printed-e2e", |doc| {
        doc["creatures"][1]["points"] = 3.into();
    });
    serve_args(dir.path(), &file)
        .into_config()
        .expect("the operator's set loads");
    let named =
        "Pergamemnon as printed (transcribed) (printed-e2e), the published values, partly verified";
    let app = TestApp::spawn(&Backend::Sqlite).await;
    let created = app
        .api_create_confirmed(&serde_json::json!({
            "game": "pergamemnon",
            "options": {"card_set": "printed-e2e"},
            "seats": [
                {"name": "Ana", "email": ANA},
                {"name": "Bot 2", "bot": true},
                {"name": "Bot 3", "bot": true},
                {"name": "Bot 4", "bot": true},
            ],
        }))
        .await;
    let game = created.json()["id"].as_str().unwrap().to_owned();
    let ana = app.link_from_latest(ANA, |m| m.is_confirmation());
    assert_eq!(app.accept(&ana, "", "").await.status, 303);
    app.deliver_mail().await;
    assert!(app.public_page(&game).await.text().contains(named));
    assert!(app.seat_page(&ana).await.text().contains(named));
    let mail = app.answerable(ANA, &game).expect("Ana's turn or game mail");
    assert!(mail.text.contains(named), "{}", mail.text);
    for step in 0.. {
        assert!(step < 2_000, "the game ends");
        let state = app.api_seat(&ana).await.json();
        if state["view"]["outcome"].is_object() {
            break;
        }
        let action = state["legal_actions"][0].clone();
        assert!(!action.is_null(), "Ana owes a decision: {state}");
        let seq = state["seq"].as_i64().unwrap();
        let answer = app.api_move(&ana, seq, &action).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
    }
    let record = app.get(&format!("/games/{game}/record.json")).await;
    assert_eq!(record.status, 200);
    let set = sets::find("printed-e2e").unwrap();
    assert!(
        record.body.contains(&set.sha256),
        "the record pins the set's hash"
    );
    assert!(
        record.body.contains("Pergamemnon as printed (transcribed)"),
        "it embeds the set"
    );
    let parsed = corriere::audit::Record::from_json(&record.body).unwrap();
    corriere::audit::verify(&parsed).expect("the record verifies");
    app.stop().await;
}
