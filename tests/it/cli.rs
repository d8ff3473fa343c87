//! The `corriere` binary from the outside: engine setup/apply/legal/view/default, simulate, and verify, with the
//! exit statuses and JSON shapes docs/formats.md promises.

use serde_json::Value;
use std::path::Path;
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

fn example(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn engine_apply_prints_the_position_the_events_and_a_null_outcome() {
    let (code, out) = corriere(&[
        "engine",
        "apply",
        "--position",
        &example("position-e5.json"),
        "--actions",
        &example("actions-e5.json"),
    ]);
    assert_eq!(code, 0, "{out}");
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["outcome"], Value::Null);
    assert_eq!(json["position"]["pope"], "Roma");
    assert_eq!(
        json["position"]["lines"][1],
        serde_json::json!(["M1", "M1"])
    );
    assert!(json["events"]
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e["type"] == "removed" && e["by"] == "BI"));
}

#[test]
fn a_rejected_action_exits_3_with_its_index_code_and_the_position_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let actions = dir.path().join("bad.json");
    std::fs::write(
        &actions,
        r#"[{"seat": 2, "action": {"type": "play", "card": "BI"}}, {"seat": 2, "action": {"type": "pope", "region": "Firenze"}}]"#,
    )
    .unwrap();
    let (code, out) = corriere(&[
        "engine",
        "apply",
        "--position",
        &example("position-e5.json"),
        "--actions",
        actions.to_str().unwrap(),
    ]);
    assert_eq!(code, 3, "{out}");
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["error"]["index"], 1);
    assert_eq!(json["error"]["code"], "pope_target");
    assert!(json["error"]["message"]
        .as_str()
        .unwrap()
        .contains("contested region"));
    assert_eq!(json["position"]["step"]["pending"], "pope_placement");
}

#[test]
fn engine_legal_lists_the_seat_s_actions_and_nothing_for_others() {
    let (code, out) = corriere(&[
        "engine",
        "legal",
        "--position",
        &example("position-e5.json"),
        "--seat",
        "2",
    ]);
    assert_eq!(code, 0);
    let actions: Vec<Value> = serde_json::from_str(&out).unwrap();
    assert_eq!(actions.len(), 3, "play M3, play BI, pass: {out}");
    let (_, out) = corriere(&[
        "engine",
        "legal",
        "--position",
        &example("position-e5.json"),
        "--seat",
        "1",
    ]);
    assert_eq!(out.trim(), "[]");
}

#[test]
fn engine_setup_view_and_default_show_a_new_game_as_each_viewer_and_the_clock_see_it() {
    let (code, out) = corriere(&["engine", "setup", "--seed", "7", "--players", "3"]);
    assert_eq!(code, 0, "{out}");
    let made: Value = serde_json::from_str(&out).unwrap();
    assert!(made["events"].as_array().is_some_and(|e| !e.is_empty()));
    let dir = tempfile::tempdir().unwrap();
    let position = dir.path().join("position.json");
    std::fs::write(&position, made["position"].to_string()).unwrap();
    let position = position.to_str().unwrap();
    let view = |who: &[&str]| -> Value {
        let mut args = vec!["engine", "view", "--position", position];
        args.extend_from_slice(who);
        let (code, out) = corriere(&args);
        assert_eq!(code, 0, "{out}");
        serde_json::from_str(&out).unwrap()
    };
    // A seat sees its own hand and nobody else's; a spectator sees no hand.
    let first = view(&["--seat", "1"]);
    assert_eq!(first["seats"][0]["hand"].as_array().map(Vec::len), Some(10));
    assert_eq!(first["seats"][1]["hand"], Value::Null);
    let spectator = view(&["--spectator"]);
    assert!(spectator["seats"]
        .as_array()
        .unwrap()
        .iter()
        .all(|s| s["hand"].is_null()));
    // The first seat places the first token; the others owe nothing yet.
    let default = |seat: &str| {
        let (code, out) = corriere(&["engine", "default", "--position", position, "--seat", seat]);
        assert_eq!(code, 0, "{out}");
        serde_json::from_str::<Value>(&out).unwrap()
    };
    assert_eq!(default("1")["type"], "place_token");
    assert_eq!(default("2"), Value::Null);
    // Bad input says what was wrong.
    let (code, _) = corriere(&["engine", "setup", "--seed", "7", "--players", "9"]);
    assert_ne!(code, 0);
    let (code, _) = corriere(&["engine", "setup", "--seed", "xyz", "--players", "3"]);
    assert_ne!(code, 0);
}

#[test]
fn simulate_reports_games_actions_violations_endings_and_time_as_json() {
    let (code, out) = corriere(&[
        "simulate",
        "--games",
        "40",
        "--players",
        "5",
        "--seed",
        "9",
        "--options",
        "all",
        "--json",
    ]);
    assert_eq!(code, 0, "{out}");
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["games"], 40);
    assert_eq!(json["violations"], 0);
    assert!(json["actions"].as_u64().unwrap() > 40);
    assert_eq!(
        json["endings"]
            .as_object()
            .unwrap()
            .values()
            .map(|v| v.as_u64().unwrap())
            .sum::<u64>(),
        40
    );
    assert!(json["elapsed_ms"].is_u64());
}

#[test]
fn simulated_records_verify_and_a_flipped_byte_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let (code, _) = corriere(&[
        "simulate",
        "--games",
        "3",
        "--players",
        "3",
        "--seed",
        "5",
        "--records",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    let record = dir.path().join("sim-5.json");
    let (code, out) = corriere(&["verify", record.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Anna, Bruno, Chiara"), "{out}");
    assert!(out.contains("battles"), "{out}");
    // Flip one byte of action 12's card or region: the hash chain names the action.
    let text = std::fs::read_to_string(&record).unwrap();
    let mut json: Value = serde_json::from_str(&text).unwrap();
    json["actions"][11]["at"] = Value::from(json["actions"][11]["at"].as_i64().unwrap() + 1);
    let tampered = dir.path().join("tampered.json");
    std::fs::write(&tampered, serde_json::to_string(&json).unwrap()).unwrap();
    let (code, out) = corriere(&["verify", tampered.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(out.contains("action 12: hash mismatch"), "{out}");
}

#[test]
fn a_record_with_clock_and_bot_entries_verifies_and_a_changed_author_is_named() {
    let golden =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records/golden-3p-clock-bot.json");
    let (code, out) = corriere(&["verify", golden.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("213 actions"), "{out}");
    // Action 80 is the clock's: said to be the player's, its hash no longer matches.
    let mut json: Value = serde_json::from_str(&std::fs::read_to_string(&golden).unwrap()).unwrap();
    let entry = json["actions"][79].as_object_mut().unwrap();
    assert_eq!(entry["by"], "clock");
    for field in ["by", "deadline", "deadline_time"] {
        entry.remove(field);
    }
    let dir = tempfile::tempdir().unwrap();
    let tampered = dir.path().join("tampered.json");
    std::fs::write(&tampered, serde_json::to_string(&json).unwrap()).unwrap();
    let (code, out) = corriere(&["verify", tampered.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(out.contains("action 80: hash mismatch"), "{out}");
}

#[test]
fn every_command_has_help() {
    for args in [
        vec!["--help"],
        vec!["serve", "--help"],
        vec!["engine", "apply", "--help"],
        vec!["engine", "legal", "--help"],
        vec!["engine", "setup", "--help"],
        vec!["engine", "view", "--help"],
        vec!["engine", "default", "--help"],
        vec!["simulate", "--help"],
        vec!["verify", "--help"],
        vec!["export", "--help"],
        vec!["import", "--help"],
        vec!["seat", "relink", "--help"],
        vec!["game", "list", "--help"],
        vec!["game", "show", "--help"],
        vec!["game", "cancel", "--help"],
        vec!["mail", "list", "--help"],
        vec!["mail", "retry", "--help"],
    ] {
        let (code, out) = corriere(&args);
        assert_eq!(code, 0, "{args:?}");
        assert!(out.contains("Usage"), "{args:?}: {out}");
    }
}

#[test]
fn the_commands_that_play_a_game_take_its_name_and_list_the_registered_games() {
    for args in [
        vec!["engine", "apply", "--help"],
        vec!["engine", "legal", "--help"],
        vec!["simulate", "--help"],
    ] {
        let (code, out) = corriere(&args);
        assert_eq!(code, 0, "{args:?}");
        assert!(out.contains("--game"), "{args:?}: {out}");
        assert!(out.contains("condottiere"), "{args:?}: {out}");
    }
    let unknown = Command::new(env!("CARGO_BIN_EXE_corriere"))
        .args(["simulate", "--game", "chess", "--games", "1"])
        .output()
        .unwrap();
    assert!(!unknown.status.success());
    let said = String::from_utf8_lossy(&unknown.stderr);
    assert!(
        said.contains("chess") && said.contains("condottiere"),
        "{said}"
    );
    let (code, out) = corriere(&[
        "simulate",
        "--game",
        "condottiere",
        "--games",
        "3",
        "--players",
        "3",
        "--json",
    ]);
    assert_eq!(code, 0, "{out}");
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["game"], "condottiere");
    assert_eq!(json["games"], 3);
}
