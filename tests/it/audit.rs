//! Tests of auditable records: the tamper suite (each kind of tampering is rejected and named),
//! untampered records agree with the engine, running games, milestones, and many simulations.

use corriere::audit::{
    entry_hash, genesis, parse_hash, verify, verify_json, verify_log, Author, Discrepancy, Record,
    RecordStep,
};
use corriere::engine::condottiere::{Action, Card, Game, Options, Outcome, RuleError, Step};
use corriere::engine::Seat;
use corriere::kinds::{Json, Kind, Registry};

fn registry() -> Registry {
    Registry::standard()
}

fn with_kind<T>(f: impl FnOnce(&dyn Kind) -> T) -> T {
    f(registry().get("condottiere").unwrap())
}

/// A simulated Condottiere game as a finished record.
pub(crate) fn simulate_record(players: u8, options: &Options, sim_seed: u64) -> Record {
    with_kind(|kind| {
        let options = kind
            .read_options(&serde_json::to_string(options).unwrap())
            .unwrap();
        corriere::simulate::simulate_record(kind, players, &options, sim_seed)
    })
}

/// The record's options, as Condottiere's.
fn options_of(record: &Record) -> Options {
    serde_json::from_str(record.options.get()).unwrap()
}

/// An entry's action, as Condottiere's.
fn action_of(record: &Record, position: usize) -> Option<Action> {
    record.actions[position - 1]
        .action
        .as_ref()
        .map(|json| serde_json::from_str(json.get()).unwrap())
}

fn json<T: serde::Serialize>(value: &T) -> Json {
    Json::of(value)
}

/// Every step of a finished record with the state after it, as Condottiere's.
fn replay_states(record: &Record) -> Vec<(RecordStep, Game)> {
    corriere::audit::replay_states(record, &registry())
        .unwrap()
        .into_iter()
        .map(|step| {
            let game = step.state.downcast::<Game>().unwrap().clone();
            (step, game)
        })
        .collect()
}

/// A few finished games covering the player counts and the optional rules.
fn samples() -> Vec<Record> {
    let hidden = Options {
        hidden_cards: true,
        capturing_regions: true,
        ..Options::default()
    };
    let draw = Options {
        draw_after_battle: true,
        ..Options::default()
    };
    let points = Options {
        play_for_points: Some(5),
        bigger_kingdoms: true,
        ..Options::default()
    };
    vec![
        simulate_record(2, &hidden, 11),
        simulate_record(3, &Options::default(), 12),
        simulate_record(4, &draw, 13),
        simulate_record(5, &points, 14),
        simulate_record(6, &Options::default(), 15),
    ]
}

fn message(record: &Record) -> String {
    match verify(record) {
        Ok(summary) => panic!("a tampered record verified: {summary:?}"),
        Err(discrepancy) => discrepancy.to_string(),
    }
}

/// Recompute every hash and the head, as a forger who changed the log would (over the options
/// in the game's canonical form, as the verifier reads them).
fn rehash(record: &mut Record) {
    record.options = with_kind(|kind| kind.read_options(record.options.get()).unwrap())
        .json()
        .clone();
    let mut prev = genesis(&record.header());
    record.genesis = hex::encode(prev);
    let secret = corriere::audit::parse_secret(record.secret.as_deref().unwrap()).unwrap();
    for entry in &mut record.actions {
        let hash = entry_hash(
            &prev,
            &secret,
            &corriere::audit::Entry {
                seq: entry.seq,
                seat: entry.seat,
                action: with_kind(|kind| {
                    kind.read_action(entry.action.as_ref().unwrap().get())
                        .unwrap()
                        .json()
                        .clone()
                }),
                at: entry.at,
                author: entry.author,
            },
        );
        entry.hash = hex::encode(hash);
        prev = hash;
    }
    record.head = hex::encode(prev);
}

/// The state just before action `position` (1-based), from a sound record.
fn state_before(record: &Record, position: usize) -> Game {
    let steps = replay_states(record);
    steps[position - 1].1.clone()
}

/// The first action at or after `from` that is a played card.
fn first_play_from(record: &Record, from: usize) -> usize {
    (from..=record.actions.len())
        .find(|&p| matches!(action_of(record, p), Some(Action::Play { .. })))
        .expect("a game has played cards")
}

#[test]
fn an_untampered_record_verifies_and_its_summary_matches_the_engine() {
    for record in samples() {
        let summary = verify(&record).unwrap_or_else(|d| panic!("{}: {d}", record.id));
        let steps = replay_states(&record);
        let last = &steps.last().unwrap().1;
        let outcome = last.outcome().expect("simulated games end");
        let summarized: &Outcome = summary.outcome_as().unwrap();
        assert_eq!(steps.len(), record.actions.len() + 1);
        assert_eq!(summary.actions, record.actions.len());
        assert_eq!(summary.winners, outcome.winners);
        assert_eq!(summarized.ending, outcome.ending);
        assert_eq!(summarized.scores, outcome.scores);
        assert_eq!(summary.count("battles"), u64::from(last.battles()));
        assert_eq!(summary.count("deals"), u64::from(last.deals()));
        assert_eq!(summary.head, record.head);
        assert_eq!(summary.players.len(), record.seats.len());
        if options_of(&record).play_for_points.is_none() {
            assert_eq!(summary.count("games"), 1);
            assert_eq!(summary.count("rounds"), u64::from(last.round()));
        } else {
            assert_eq!(
                Some(summary.count("games")),
                last.series().map(|s| u64::from(s.game))
            );
        }
        let recorded: Outcome =
            serde_json::from_str(record.outcome.as_ref().unwrap().get()).unwrap();
        assert_eq!(Some(&recorded), Some(outcome));
    }
}

#[test]
fn a_record_reads_back_from_its_json_unchanged() {
    for record in samples() {
        let text = record.to_json();
        assert_eq!(Record::from_json(&text).unwrap(), record);
        assert!(verify_json(&text).is_ok());
    }
}

#[test]
fn a_changed_action_is_named_by_its_hash() {
    for record in samples() {
        let position = first_play_from(&record, 5);
        let entry = &record.actions[position - 1];
        let other = state_before(&record, position)
            .legal_actions(entry.seat)
            .into_iter()
            .find(|a| Some(a) != action_of(&record, position).as_ref())
            .expect("a play could also have been a pass");
        let mut tampered = record.clone();
        tampered.actions[position - 1].action = Some(json(&other));
        assert_eq!(
            message(&tampered),
            format!("action {position}: hash mismatch")
        );
    }
}

#[test]
fn a_changed_action_with_recomputed_hashes_is_named_by_the_replay() {
    for record in samples() {
        let position = first_play_from(&record, 5);
        let entry = &record.actions[position - 1];
        let hand = *state_before(&record, position).hand(entry.seat);
        let missing = Card::ALL.into_iter().find(|&c| !hand.has(c)).unwrap();
        let mut tampered = record.clone();
        tampered.actions[position - 1].action = Some(json(&Action::Play { card: missing }));
        rehash(&mut tampered);
        assert_eq!(
            message(&tampered),
            format!(
                "action {position}: illegal: {}",
                RuleError::CardNotInHand(missing)
            )
        );
    }
}

#[test]
fn a_different_legal_action_with_recomputed_hashes_changes_the_head_players_were_sent() {
    // A forger who rewrites one legal choice and the whole chain after it makes a record the
    // replay may accept; what gives it away is the head, which no longer matches the one the
    // service mailed to the players.
    for record in samples() {
        let position = first_play_from(&record, 5);
        let entry = &record.actions[position - 1];
        let other = state_before(&record, position)
            .legal_actions(entry.seat)
            .into_iter()
            .find(|a| Some(a) != action_of(&record, position).as_ref())
            .unwrap();
        let mut tampered = record.clone();
        tampered.actions[position - 1].action = Some(json(&other));
        rehash(&mut tampered);
        match verify(&tampered) {
            Ok(summary) => assert_ne!(summary.head, record.head),
            Err(d) => assert!(
                matches!(d, Discrepancy::Illegal { position: p, .. } if p > position)
                    || matches!(d, Discrepancy::Outcome { .. }),
                "{d}"
            ),
        }
    }
}

#[test]
fn swapped_actions_are_named_by_their_sequence_numbers() {
    for record in samples() {
        let position = 7;
        let mut tampered = record.clone();
        tampered.actions.swap(position - 1, position);
        assert_eq!(
            message(&tampered),
            format!(
                "action {position}: sequence number {} where {position} was expected",
                position + 1
            )
        );
        // Renumbered to hide the swap, the hashes give it away.
        tampered.actions[position - 1].seq = position as u64;
        tampered.actions[position].seq = position as u64 + 1;
        assert_eq!(
            message(&tampered),
            format!("action {position}: hash mismatch")
        );
    }
}

#[test]
fn a_dropped_action_is_named_by_the_sequence_number_after_it() {
    for record in samples() {
        let position = 12;
        let mut tampered = record.clone();
        tampered.actions.remove(position - 1);
        assert_eq!(
            message(&tampered),
            format!(
                "action {position}: sequence number {} where {position} was expected",
                position + 1
            )
        );
    }
}

#[test]
fn a_dropped_last_action_is_named_by_the_head_and_then_by_the_outcome() {
    for record in samples() {
        let mut tampered = record.clone();
        tampered.actions.pop();
        assert_eq!(
            message(&tampered),
            "head does not match the hash of the last action (or the genesis hash when there is none)"
        );
        tampered.head = tampered.actions.last().unwrap().hash.clone();
        let text = message(&tampered);
        assert!(
            text.starts_with("outcome: the record says seat")
                && text.ends_with("but the replay gives no outcome (the game is not over)"),
            "{text}"
        );
    }
}

#[test]
fn an_altered_timestamp_is_named_by_its_hash() {
    for record in samples() {
        let position = record.actions.len() / 2;
        let mut tampered = record.clone();
        tampered.actions[position - 1].at += 1;
        assert_eq!(
            message(&tampered),
            format!("action {position}: hash mismatch")
        );
        // Moved back in time instead, it is still the hash that speaks first.
        tampered.actions[position - 1].at -= 1_000_000_000;
        assert_eq!(
            message(&tampered),
            format!("action {position}: hash mismatch")
        );
    }
}

#[test]
fn time_running_backwards_is_named_even_with_recomputed_hashes() {
    let mut record = samples().remove(0);
    let position = 20;
    record.actions[position - 1].at = record.actions[position - 2].at - 5;
    record.actions[position - 1].time = None;
    let (at, previous) = (
        record.actions[position - 1].at,
        record.actions[position - 2].at,
    );
    rehash(&mut record);
    assert!(message(&record).starts_with(&format!(
        "action {position}: time {at} ({}) is before the previous action's {previous}",
        corriere::audit::rfc3339_millis(at)
    )));
}

#[test]
fn a_time_text_that_disagrees_with_the_hashed_time_is_named() {
    let mut record = samples().remove(1);
    record.actions[2].time = Some("2020-01-01T00:00:00.000Z".into());
    assert!(
        message(&record).starts_with("action 3: time \"2020-01-01T00:00:00.000Z\" does not say")
    );
}

#[test]
fn an_altered_secret_is_named_by_the_commitment() {
    for record in samples() {
        let mut tampered = record.clone();
        let mut secret = parse_hash(tampered.secret.as_ref().unwrap()).unwrap();
        secret[0] ^= 1;
        tampered.secret = Some(hex::encode(secret));
        assert_eq!(
            message(&tampered),
            "commitment does not match the revealed secret"
        );
        tampered.secret = Some("not hex".into());
        assert_eq!(message(&tampered), "secret: not 64 hexadecimal digits");
    }
}

#[test]
fn an_altered_contribution_is_named_by_the_genesis() {
    for record in samples() {
        let mut tampered = record.clone();
        tampered.contributions[1].value.push('!');
        assert_eq!(
            message(&tampered),
            "log genesis does not match the setup (seats, options, commitment or contributions changed)"
        );
        // With the whole chain recomputed, the different deal stops the replay.
        rehash(&mut tampered);
        assert!(
            matches!(verify(&tampered), Err(Discrepancy::Illegal { .. })),
            "{}",
            message(&tampered)
        );
    }
}

#[test]
fn contributions_must_be_one_per_seat_in_seat_order() {
    let record = samples().remove(2);
    let mut swapped = record.clone();
    swapped.contributions.swap(0, 1);
    assert_eq!(
        message(&swapped),
        "contribution of seat 1: listed as seat 2 (contributions are one per seat, in seat order)"
    );
    let mut missing = record.clone();
    missing.contributions.pop();
    assert_eq!(message(&missing), "contribution of seat 4: missing");
    let mut extra = record.clone();
    extra.contributions.push(extra.contributions[0].clone());
    assert_eq!(
        message(&extra),
        "contribution of seat 5: there is no seat 5: 4 seats but 5 contributions"
    );
    let mut empty = record;
    empty.contributions[1].value.clear();
    assert_eq!(
        message(&empty),
        "contribution of seat 2: the value is empty"
    );
}

#[test]
fn changed_seats_or_options_are_named_by_the_genesis() {
    let record = samples().remove(1);
    let genesis_message =
        "log genesis does not match the setup (seats, options, commitment or contributions changed)";
    let mut renamed = record.clone();
    renamed.seats[0].name = "Mallory".into();
    assert_eq!(message(&renamed), genesis_message);
    let mut optioned = record.clone();
    let mut options = options_of(&optioned);
    options.hidden_cards = true;
    optioned.options = json(&options);
    assert_eq!(message(&optioned), genesis_message);
    let mut renumbered = record;
    renumbered.seats[1].seat = Seat(2);
    assert_eq!(
        message(&renumbered),
        "seats: seat 2 is listed as seat 3 (seats are numbered 1, 2, … in order)"
    );
}

#[test]
fn an_altered_outcome_or_head_is_named() {
    let record = samples().remove(0);
    let mut outcome = record.clone();
    let mut recorded: Outcome =
        serde_json::from_str(outcome.outcome.as_ref().unwrap().get()).unwrap();
    recorded.winners = vec![Seat(1 - recorded.winners[0].0)];
    outcome.outcome = Some(json(&recorded));
    assert!(message(&outcome).starts_with("outcome: the record says seat"));
    let mut head = record;
    head.head = "00".repeat(32);
    assert_eq!(
        message(&head),
        "head does not match the hash of the last action (or the genesis hash when there is none)"
    );
}

#[test]
fn an_unknown_format_game_or_rules_version_is_named_first() {
    let record = samples().remove(0);
    let mut format = record.clone();
    format.format = "corriere-record/9".into();
    assert_eq!(
        message(&format),
        "format \"corriere-record/9\" is not known (this verifier reads corriere-record/1, corriere-record/2)"
    );
    let mut game = record.clone();
    game.game = "risk".into();
    assert_eq!(
        message(&game),
        "game \"risk\" is not known (this verifier knows condottiere, war, condottieri, pergamemnon)"
    );
    let mut version = record;
    version.rules_version = 2;
    assert_eq!(
        message(&version),
        "rules_version 2 is not known (this engine plays [1])"
    );
}

#[test]
fn flipping_any_byte_of_an_action_in_the_file_names_that_action() {
    for record in samples().into_iter().take(3) {
        let text = record.to_json();
        let position = first_play_from(&record, 9);
        let line = serde_json::to_string(&record.actions[position - 1]).unwrap();
        let start = text.find(&line).expect("one action per line");
        for offset in 0..line.len() {
            let byte = line.as_bytes()[offset];
            if !byte.is_ascii_alphanumeric() {
                continue;
            }
            let mut bytes = text.clone().into_bytes();
            bytes[start + offset] ^= 1;
            let tampered = String::from_utf8(bytes).unwrap();
            let why = match verify_json(&tampered) {
                Ok(_) => panic!("flipping byte {offset} of {line} went unnoticed"),
                Err(d) => d.to_string(),
            };
            assert!(
                why.starts_with(&format!("action {position}: ")),
                "flipping byte {offset} of {line}: {why}"
            );
        }
    }
}

#[test]
fn a_record_that_is_not_json_or_not_a_record_says_so() {
    assert!(verify_json("{")
        .unwrap_err()
        .to_string()
        .starts_with("the record is not JSON"));
    assert_eq!(
        verify_json("{}").unwrap_err().to_string(),
        "there is no \"format\" field: this is not a corriere record"
    );
    let mut value: serde_json::Value =
        serde_json::from_str(&samples().remove(0).to_json()).unwrap();
    value["actions"][2]["action"] = serde_json::json!({"type": "play", "card": "ZZ"});
    let why = verify_json(&value.to_string()).unwrap_err().to_string();
    assert!(
        why.starts_with("action 3: not a valid log entry: unknown card \"ZZ\""),
        "{why}"
    );
}

#[test]
fn a_running_game_checks_up_to_its_head_and_says_it_is_not_finished() {
    let record = samples().remove(0);
    let mut running = record.clone();
    running.actions.truncate(40);
    running.head = running.actions.last().unwrap().hash.clone();
    running.secret = None;
    running.outcome = None;
    assert_eq!(verify_log(&running), Ok(()));
    let result = verify(&running).unwrap_err();
    assert!(result.is_unfinished());
    assert!(result
        .to_string()
        .starts_with("not finished: secret not yet revealed"));
    // Its file has no "secret" field at all.
    assert!(!running.to_json().contains("\"secret\""));

    // Its hashes are salted with the secret, so they can only be checked at the end; what
    // can be checked now, the sequence, still is.
    let mut tampered = running.clone();
    tampered.actions.remove(9);
    assert_eq!(
        verify(&tampered).unwrap_err().to_string(),
        "action 10: sequence number 11 where 10 was expected"
    );
    // A running record blanks the actions that would show hidden cards; it still checks out.
    let mut public = running.clone();
    with_kind(|kind| public.redact(kind, &|_| Default::default()));
    assert!(public.actions.iter().any(|a| a.action.is_none()));
    assert_eq!(verify_log(&public), Ok(()));
    // A finished record may not blank any action.
    let mut blanked = record.clone();
    blanked.actions[0].action = None;
    assert_eq!(
        verify(&blanked).unwrap_err().to_string(),
        "action 1: blanked out, but a finished record must show every action"
    );
    // And a record claiming an outcome must reveal the secret that proves it.
    let mut hidden = record;
    hidden.secret = None;
    assert_eq!(
        verify(&hidden).unwrap_err().to_string(),
        "the record gives an outcome but not the secret: a finished game's record reveals it"
    );
}

#[test]
fn a_revealed_secret_before_the_end_is_named() {
    let record = samples().remove(1);
    let mut early = record.clone();
    early.actions.truncate(30);
    early.head = early.actions.last().unwrap().hash.clone();
    early.outcome = None;
    assert_eq!(
        message(&early),
        "the secret is revealed but the game is not over after its 30 actions \
         (a record reveals the secret only once the game has ended)"
    );
}

#[test]
fn milestones_mark_every_battle_and_every_deal() {
    for record in samples() {
        let marks = corriere::audit::milestones(&record, &registry()).unwrap();
        let summary = verify(&record).unwrap();
        let battles = marks.iter().filter(|(_, m)| m.mark == "battle").count();
        let deals = marks.iter().filter(|(_, m)| m.mark == "deal").count();
        assert_eq!(battles as u64, summary.count("battles"));
        assert_eq!(deals as u64, summary.count("deals"));
        assert_eq!(marks[0].0, 0);
        assert_eq!(marks[0].1.mark, "deal");
        assert_eq!(marks[0].1.label, "the first deal");
        assert!(marks.windows(2).all(|w| w[0].0 <= w[1].0));
        // A battle concludes on the action that ends it: the state after it is no longer that battle's.
        let steps = replay_states(&record);
        for (seq, mark) in &marks {
            if mark.mark == "battle" {
                assert!(*seq > 0);
                let before = &steps[*seq as usize - 1].1;
                assert!(matches!(before.step(), Step::Battle(_)));
            }
        }
    }
}

#[test]
fn replay_steps_say_the_action_in_words() {
    let record = samples().remove(0);
    let steps = replay_states(&record);
    assert_eq!(steps[0].0.words, "the cards are shuffled and dealt");
    let first = &record.actions[0];
    assert_eq!(
        steps[1].0.words,
        format!(
            "{}: {}",
            record.seats[first.seat.index()].name,
            action_of(&record, 1).unwrap()
        )
    );
    assert_eq!(steps[1].0.step.seq, 1);
    assert_eq!(steps[1].0.step.at, Some(first.at));
}

#[test]
fn a_simulation_is_the_same_record_every_time() {
    let options = Options {
        draw_after_battle: true,
        ..Options::default()
    };
    assert_eq!(
        simulate_record(4, &options, 99),
        simulate_record(4, &options, 99)
    );
    assert_ne!(
        simulate_record(4, &options, 99).head,
        simulate_record(4, &options, 100).head
    );
}

const SIMULATED_GAMES: u64 = 1_000;

#[test]
fn many_simulated_games_exported_as_records_all_verify() {
    let option_sets = [
        Options::default(),
        Options {
            hidden_cards: true,
            ..Options::default()
        },
        Options {
            capturing_regions: true,
            draw_after_battle: true,
            ..Options::default()
        },
        Options {
            bigger_kingdoms: true,
            hidden_cards: true,
            capturing_regions: true,
            ..Options::default()
        },
        Options {
            play_for_points: Some(4),
            draw_after_battle: true,
            ..Options::default()
        },
    ];
    for n in 0..SIMULATED_GAMES {
        let players = 2 + (n % 5) as u8;
        let options = &option_sets[(n / 5 % option_sets.len() as u64) as usize];
        let record = simulate_record(players, options, 1_000 + n);
        let text = record.to_json();
        let summary = verify_json(&text)
            .unwrap_or_else(|d| panic!("simulation {} ({players} players): {d}", 1_000 + n));
        assert_eq!(summary.actions, record.actions.len());
        let recorded: Outcome =
            serde_json::from_str(record.outcome.as_ref().unwrap().get()).unwrap();
        assert_eq!(summary.winners, recorded.winners);
    }
}

// ---------------------------------------------------------------- authors, from data

/// One case of `tests/audit/*.json`: a committed record with one entry changed, and what the
/// verifier must say of it.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct TamperCase {
    name: String,
    /// A file of `tests/records/`.
    record: String,
    /// The entry changed, by its position from 1.
    entry: usize,
    /// Fields set on that entry as the record writes it; `null` removes a field.
    set: serde_json::Map<String, serde_json::Value>,
    /// Recompute every hash and the head afterwards, as a forger would.
    #[serde(default)]
    forge: bool,
    /// Check the running game's record instead: the log up to the entry, no secret, no outcome.
    #[serde(default)]
    running: bool,
    /// The verifier's message, or "verifies".
    expect: String,
}

fn run_tamper_case(case: &TamperCase) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/records")
        .join(&case.record);
    let mut value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let entry = value["actions"][case.entry - 1].as_object_mut().unwrap();
    for (field, new) in &case.set {
        match new {
            serde_json::Value::Null => entry.remove(field),
            new => entry.insert(field.clone(), new.clone()),
        };
    }
    if case.running {
        let actions = value["actions"].as_array_mut().unwrap();
        actions.truncate(case.entry);
        let head = actions.last().unwrap()["hash"].clone();
        value["head"] = head;
        value["outcome"] = serde_json::Value::Null;
        value.as_object_mut().unwrap().remove("secret");
    }
    let mut text = value.to_string();
    if case.forge {
        let mut record = Record::from_json(&text).unwrap();
        rehash(&mut record);
        text = record.to_json();
    }
    match verify_json(&text) {
        Ok(_) => "verifies".into(),
        Err(discrepancy) => discrepancy.to_string(),
    }
}

#[test]
fn every_author_case_in_tests_audit_is_named_as_written() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/audit");
    let mut failures = Vec::new();
    let mut count = 0;
    for file in std::fs::read_dir(dir).unwrap() {
        let path = file.unwrap().path();
        let cases: Vec<TamperCase> = serde_json::from_str(&std::fs::read_to_string(&path).unwrap())
            .unwrap_or_else(|e| panic!("{} does not parse: {e}", path.display()));
        for case in &cases {
            count += 1;
            let said = run_tamper_case(case);
            if said != case.expect {
                failures.push(format!(
                    "{} / {}:\n  said   {said}\n  expect {}",
                    path.display(),
                    case.name,
                    case.expect
                ));
            }
        }
    }
    assert!(count >= 19, "only {count} cases");
    assert!(
        failures.is_empty(),
        "{} of {count} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn authored_golden() -> Record {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/records/golden-3p-clock-bot.json");
    Record::from_json(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn replay_steps_carry_who_took_each_action() {
    let record = authored_golden();
    let steps = replay_states(&record);
    assert_eq!(steps[0].0.step.author, None);
    for (entry, (step, _)) in record.actions.iter().zip(&steps[1..]) {
        assert_eq!(step.step.author, Some(entry.author), "entry {}", entry.seq);
    }
    assert_eq!(
        steps[80].0.step.author,
        Some(Author::Clock {
            deadline: 1_735_896_966_831
        })
    );
    assert_eq!(steps[3].0.step.author, Some(Author::Bot));
    assert_eq!(steps[81].0.step.author, Some(Author::Seat));
}

#[test]
fn a_running_record_blanks_a_hidden_clock_answer_with_its_author() {
    // Entry 20 is the clock's draw count, private while the game runs: "by the clock" would
    // tell everyone it was the default.
    let mut running = authored_golden();
    running.actions.truncate(20);
    running.head = running.actions[19].hash.clone();
    running.secret = None;
    running.outcome = None;
    assert!(matches!(running.actions[19].author, Author::Clock { .. }));
    with_kind(|kind| running.redact(kind, &|_| Default::default()));
    let entry = &running.actions[19];
    assert_eq!(
        (&entry.action, entry.author, &entry.deadline_time),
        (&None, Author::Seat, &None)
    );
    // Public entries keep their authors, and the record checks out.
    assert!(running.actions.iter().any(|a| a.author == Author::Bot));
    assert_eq!(verify_log(&running), Ok(()));
    let line = serde_json::to_string(entry).unwrap();
    assert!(
        !line.contains("\"by\"") && !line.contains("deadline"),
        "{line}"
    );
}
