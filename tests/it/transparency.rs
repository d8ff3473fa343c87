//! Receipts and the transparency log through the service: receipts it gives verify and altered
//! ones do not; every entry of the games played is in the log, with inclusion and consistency
//! proofs that verify; a rewritten log, and a record rewritten after a receipt was mailed, are
//! caught and the move named; rotating the key keeps old receipts verifiable; two sequencers
//! on one database log every entry once.

use crate::support::{self, Backend, TestApp};
use corriere::audit::merkle::{MemoryTree, Node};
use corriere::audit::receipt::{
    contradictions, Contradiction, Keyring, LogLeaf, SignatureProblem, SignedReceipt,
};
use corriere::audit::{entry_hash, genesis, parse_secret, rfc3339_millis, Entry, Record};
use corriere::domain::GameId;
use corriere::service::Games;
use corriere::store::transparency as log;

crate::on_each_backend!(
    every_entry_of_the_games_played_is_in_the_log_and_its_proofs_verify,
    a_rewritten_log_fails_its_proofs_and_the_audit,
    a_record_rewritten_after_a_receipt_was_mailed_is_caught_and_the_move_named,
    two_sequencers_on_one_database_log_every_entry_once,
    two_servers_starting_with_one_new_key_publish_it_once,
);

/// A started game of `players` seats: its id.
async fn started(app: &TestApp, players: usize) -> GameId {
    let creator = app.create_game(players, &[]).await;
    app.accept_all(&creator.game, players).await;
    GameId::parse(&creator.game).unwrap()
}

fn games(app: &TestApp) -> &Games {
    &app.running.state.games
}

async fn keyring(app: &TestApp) -> Keyring {
    games(app).keyring(&app.running.db).await.unwrap()
}

/// Run the scheduler's pass (the sequencer is its last step): entries logged.
async fn log_now(app: &TestApp) -> u64 {
    app.running.scheduler.run_once().await.unwrap().logged
}

fn stored_entries(app: &TestApp, id: &GameId) -> Vec<(i64, String)> {
    let mut conn = app.running.db.get().unwrap();
    corriere::store::actions_from(&mut conn, id, 1)
        .unwrap()
        .into_iter()
        .map(|row| (row.seq, row.hash))
        .collect()
}

async fn every_entry_of_the_games_played_is_in_the_log_and_its_proofs_verify(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let first = started(&app, 2).await;
    let second = started(&app, 3).await;
    support::play_first_legal(&app, first.as_str(), 12).await;
    support::play_first_legal(&app, second.as_str(), 9).await;
    let db = &app.running.db;
    log_now(&app).await;
    let keys = keyring(&app).await;
    let early = games(&app)
        .tree_head(db)
        .await
        .unwrap()
        .expect("a tree head");
    keys.verify_tree_head(&early)
        .expect("the tree head is the service's");
    let logged = stored_entries(&app, &first).len() + stored_entries(&app, &second).len();
    assert_eq!(
        early.head.size, logged as u64,
        "every entry stored is logged"
    );
    for id in [&first, &second] {
        for (seq, head) in stored_entries(&app, id) {
            let (proof, tree_head) = games(&app)
                .inclusion(db, id, seq as u64, None)
                .await
                .unwrap();
            assert_eq!(tree_head, early);
            assert_eq!(proof.leaf.head, head, "the log holds the entry as stored");
            proof
                .check(&tree_head.head)
                .unwrap_or_else(|e| panic!("move {seq} of {}: {e}", id.as_str()));
        }
    }

    // More moves: a later tree head, consistent with the earlier one; the old proofs still
    // hold at the old size.
    support::play_first_legal(&app, first.as_str(), 7).await;
    log_now(&app).await;
    let later = games(&app).tree_head(db).await.unwrap().unwrap();
    assert!(later.head.size > early.head.size);
    keys.verify_tree_head(&later).unwrap();
    let consistency = games(&app)
        .consistency(db, early.head.size, later.head.size)
        .await
        .unwrap();
    consistency
        .check(&early.head, &later.head)
        .expect("the later log extends the earlier one");
    let (old, at) = games(&app)
        .inclusion(db, &first, 1, Some(early.head.size))
        .await
        .unwrap();
    assert_eq!(at, early);
    old.check(&early.head).unwrap();
    // A proof of one tree does not pass for the other.
    assert!(old.check(&later.head).is_err());

    let audit = games(&app).audit_log(db).await.unwrap();
    assert_eq!(audit.problems, Vec::<String>::new());
    assert_eq!(audit.leaves, later.head.size);
    app.stop().await;
}

async fn a_rewritten_log_fails_its_proofs_and_the_audit(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let id = started(&app, 2).await;
    support::play_first_legal(&app, id.as_str(), 10).await;
    log_now(&app).await;
    let db = &app.running.db;
    let honest = games(&app).tree_head(db).await.unwrap().unwrap();
    let (before, _) = games(&app).inclusion(db, &id, 4, None).await.unwrap();
    before.check(&honest.head).unwrap();

    // The operator rewrites move 4 of the game in the log (leaf and tree), then logs more:
    // the new tree heads are signed with the service's own key.
    {
        let mut conn = db.get().unwrap();
        let mut leaves = log::leaves_from(&mut conn, 0, 1_000).unwrap();
        let rewritten = leaves
            .iter_mut()
            .find(|leaf| leaf.game_id == id.as_str() && leaf.seq == 4)
            .unwrap();
        rewritten.head = "ab".repeat(32);
        let mut tree = MemoryTree::new();
        for leaf in &leaves {
            tree.push(
                LogLeaf {
                    game: leaf.game_id.clone(),
                    seq: leaf.seq as u64,
                    head: leaf.head.clone(),
                }
                .hash(),
            );
        }
        let mut nodes = Vec::new();
        for level in 0..64u8 {
            let mut index = 0;
            while let Some(hash) = tree.node(Node { level, index }) {
                nodes.push((Node { level, index }, hash));
                index += 1;
            }
        }
        corriere::store::execute_sql(&mut conn, "DELETE FROM log_nodes").unwrap();
        corriere::store::execute_sql(&mut conn, "DELETE FROM log_leaves").unwrap();
        log::append_leaves(&mut conn, &leaves, &nodes, tree.size()).unwrap();
    }
    support::play_first_legal(&app, id.as_str(), 2).await;
    log_now(&app).await;
    let after = games(&app).tree_head(db).await.unwrap().unwrap();
    assert!(after.head.size > honest.head.size);

    // The honest head a player kept proves the rewrite: no proof from the rewritten log
    // verifies against it.
    let (proof, _) = games(&app)
        .inclusion(db, &id, 4, Some(honest.head.size))
        .await
        .unwrap();
    assert!(
        proof.check(&honest.head).is_err(),
        "the rewritten entry is not in the tree the honest head signed"
    );
    let consistency = games(&app)
        .consistency(db, honest.head.size, after.head.size)
        .await
        .unwrap();
    assert!(
        consistency.check(&honest.head, &after.head).is_err(),
        "the rewritten log is not consistent with the head signed before"
    );
    // The operator's audit names the entry and the tree head.
    let audit = games(&app).audit_log(db).await.unwrap();
    let said = audit.problems.join("\n");
    assert!(
        said.contains(&format!("move 4 of game {}", id.as_str())),
        "{said}"
    );
    assert!(
        said.contains(&format!("the tree head of {} entries", honest.head.size)),
        "{said}"
    );
    app.stop().await;
}

/// Every receipt in the mails the players got, in order of move.
fn mailed_receipts(app: &TestApp, game: &GameId) -> Vec<SignedReceipt> {
    let mut receipts: Vec<SignedReceipt> = app
        .smtp
        .mails()
        .iter()
        .flat_map(|mail| SignedReceipt::find_all(&mail.text))
        .map(|found| found.expect("every receipt in a mail reads"))
        .filter(|receipt| receipt.receipt.game == game.as_str())
        .collect();
    receipts.sort_by_key(|receipt| receipt.receipt.seq);
    receipts.dedup_by_key(|receipt| receipt.receipt.seq);
    receipts
}

/// The record as the operator would forge it: every entry from `from` on an hour later,
/// every hash after it recomputed with the secret, so it verifies on its own.
fn shifted(record: &Record, from: u64) -> Record {
    let mut forged = record.clone();
    let secret = parse_secret(forged.secret.as_deref().unwrap()).unwrap();
    let mut prev = genesis(&forged.header());
    for entry in &mut forged.actions {
        if entry.seq >= from {
            entry.at += 3_600_000;
            entry.time = Some(rfc3339_millis(entry.at));
        }
        let hash = entry_hash(
            &prev,
            &secret,
            &Entry {
                seq: entry.seq,
                seat: entry.seat,
                action: entry.action.clone().unwrap(),
                at: entry.at,
                author: entry.author,
            },
        );
        entry.hash = hex::encode(hash);
        prev = hash;
    }
    forged.head = hex::encode(prev);
    forged
}

async fn a_record_rewritten_after_a_receipt_was_mailed_is_caught_and_the_move_named(
    backend: Backend,
) {
    let app = TestApp::spawn(&backend).await;
    let id = started(&app, 2).await;
    for _ in 0..12 {
        support::play_first_legal(&app, id.as_str(), 3).await;
        app.deliver_mail().await;
    }
    assert!(support::play_first_legal(&app, id.as_str(), 5000).await);
    app.deliver_mail().await;
    let keys = keyring(&app).await;
    let receipts = mailed_receipts(&app, &id);
    assert!(
        receipts.len() >= 4,
        "turn mails carry receipts: {receipts:?}"
    );
    for receipt in &receipts {
        keys.verify_receipt(receipt).expect("the service signed it");
    }
    // A receipt altered by one digit is not the service's.
    let mut altered = receipts[1].clone();
    altered.receipt.head = format!("0{}", &altered.receipt.head[1..]);
    if altered.receipt.head == receipts[1].receipt.head {
        altered.receipt.head = format!("1{}", &altered.receipt.head[1..]);
    }
    assert_eq!(
        keys.verify_receipt(&altered),
        Err(SignatureProblem::BadSignature)
    );

    let record = app.running.state.service.record(&id, false).await.unwrap();
    corriere::audit::verify(&record).expect("the honest record verifies");
    assert_eq!(contradictions(&record, &receipts), vec![]);

    // Rewrite from a move between two mailed receipts: the forged record verifies alone, but
    // the first receipt after the change contradicts it.
    let middle = receipts.len() / 2;
    let (kept, caught) = (&receipts[middle - 1], &receipts[middle]);
    let from = kept.receipt.seq + 1;
    let forged = shifted(&record, from);
    corriere::audit::verify(&forged).expect("a forger's record verifies on its own");
    let found = contradictions(&forged, &receipts);
    match found.first() {
        Some(Contradiction::Rewritten {
            seq,
            agrees_through,
            ..
        }) => {
            assert_eq!(*seq, caught.receipt.seq);
            assert_eq!(*agrees_through, Some(kept.receipt.seq));
        }
        other => panic!("the rewrite is named: {other:?}"),
    }

    // The same from the shell: the record, a mail the player kept, the published keys.
    let dir = tempfile::tempdir().unwrap();
    let record_path = dir.path().join("record.json");
    std::fs::write(&record_path, forged.to_json()).unwrap();
    let mail = app
        .smtp
        .mails()
        .into_iter()
        .find(|mail| {
            SignedReceipt::find_all(&mail.text)
                .iter()
                .any(|r| r.as_ref().is_ok_and(|r| r == caught))
        })
        .unwrap();
    // The mail as the player's mail program saved it: headers and encoded parts.
    let mail_path = dir.path().join("mail.eml");
    std::fs::write(&mail_path, &mail.raw).unwrap();
    assert!(
        !mail.raw.contains(&caught.to_line()),
        "the saved mail's text is encoded, so reading it means decoding it"
    );
    let keys_path = dir.path().join("keys.json");
    std::fs::write(&keys_path, serde_json::to_string(&keys).unwrap()).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_corriere"))
        .arg("verify")
        .arg(&record_path)
        .arg("--receipts")
        .arg(&mail_path)
        .arg("--keys")
        .arg(&keys_path)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("PROVEN REWRITE"), "{said}");
    assert!(
        said.contains(&format!("move {}", caught.receipt.seq)),
        "{said}"
    );
    app.stop().await;
}

async fn two_sequencers_on_one_database_log_every_entry_once(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let id = started(&app, 3).await;
    support::play_first_legal(&app, id.as_str(), 20).await;
    // A second server's service on the same database (the same key, as servers share it).
    let config = support::test_config(&app.db, None, &app.clock);
    let base = corriere::service::BaseUrl::parse(&app.base).unwrap();
    let other = Games::new(config.games_config(base));
    let other_db = app.db.open();
    let (one, two) = tokio::join!(
        games(&app).log_entries(&app.running.db),
        other.log_entries(&other_db)
    );
    let stored = stored_entries(&app, &id).len() as u64;
    assert_eq!(
        one.unwrap() + two.unwrap(),
        stored,
        "each entry logged once"
    );
    let mut conn = app.running.db.get().unwrap();
    assert_eq!(log::log_size(&mut conn).unwrap(), stored);
    assert_eq!(log::queue_length(&mut conn).unwrap(), 0);
    drop(conn);
    let audit = games(&app).audit_log(&app.running.db).await.unwrap();
    assert_eq!(audit.problems, Vec::<String>::new());
    app.stop().await;
}

async fn two_servers_starting_with_one_new_key_publish_it_once(backend: Backend) {
    let app = TestApp::spawn(&backend).await;
    let signer = corriere::service::transparency::generate_signer();
    let base = corriere::service::BaseUrl::parse(&app.base).unwrap();
    let server = || {
        let mut config = support::test_config(&app.db, None, &app.clock);
        config.signer = signer.clone();
        Games::new(config.games_config(base.clone()))
    };
    let (one, two) = (server(), server());
    let (one_db, two_db) = (app.db.open(), app.db.open());
    let (first, second) = tokio::join!(one.publish_key(&one_db), two.publish_key(&two_db));
    first.expect("the first server starts");
    second.expect("the second server starts too");
    let keys = one.keyring(&one_db).await.unwrap();
    assert_eq!(
        keys.keys.iter().filter(|k| k.id == signer.key_id()).count(),
        1,
        "{keys:?}"
    );
    let open: Vec<_> = keys
        .keys
        .iter()
        .filter(|k| k.valid_until.is_none())
        .collect();
    assert_eq!(open.len(), 1, "only the new key is open: {keys:?}");
    assert_eq!(open[0].id, signer.key_id());
    app.stop().await;
}

/// Rotating the key: a new key is published and the old one closed, and receipts the old
/// key signed before keep verifying; the old key cannot sign after.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rotating_the_signing_key_keeps_old_receipts_verifiable() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let first = corriere::config::ServeArgs::from_flags(["--data-dir", data])
        .unwrap()
        .into_config()
        .unwrap();
    // (No database was made here: a second start must say so to be let through.)
    let again = corriere::config::ServeArgs::from_flags(["--data-dir", data, "--new-database"])
        .unwrap()
        .into_config()
        .unwrap();
    assert_eq!(
        first.signer.key_id(),
        again.signer.key_id(),
        "the key is kept in the data directory"
    );
    let (old, new) = corriere::config::rotate_signing_key(dir.path()).unwrap();
    assert_eq!(old, first.signer.key_id());
    assert_ne!(old, new);
    assert!(dir
        .path()
        .join(format!("signing-key.retired-{old}"))
        .exists());

    // On a database: the old key's service signs, then a service with the new key starts.
    let backend = Backend::Sqlite;
    let app = TestApp::spawn(&backend).await;
    let id = started(&app, 2).await;
    let old_receipt = {
        let stored = stored_entries(&app, &id);
        games(&app).receipt(
            &id,
            0,
            &stored.first().map(|s| s.1.clone()).unwrap_or_default(),
        )
    };
    app.clock.advance(chrono::Duration::hours(1));
    let mut config = support::test_config(&app.db, None, &app.clock);
    config.signer = corriere::service::transparency::generate_signer();
    let base = corriere::service::BaseUrl::parse(&app.base).unwrap();
    let rotated = Games::new(config.games_config(base));
    rotated.publish_key(&app.running.db).await.unwrap();
    let keys = rotated.keyring(&app.running.db).await.unwrap();
    assert_eq!(keys.keys.len(), 2, "{keys:?}");
    let retired = keys
        .keys
        .iter()
        .find(|k| k.id == games(&app).signer().key_id())
        .unwrap();
    assert!(retired.valid_until.is_some(), "the old key is closed");
    keys.verify_receipt(&old_receipt)
        .expect("a receipt signed before the rotation verifies");
    keys.verify_receipt(&rotated.receipt(&id, 0, &old_receipt.receipt.head))
        .expect("the new key signs");
    app.clock.advance(chrono::Duration::hours(1));
    let late = games(&app).receipt(&id, 0, &old_receipt.receipt.head);
    assert!(
        matches!(
            keys.verify_receipt(&late),
            Err(SignatureProblem::OutsideValidity { .. })
        ),
        "the retired key cannot sign after its end"
    );
    app.stop().await;
}
