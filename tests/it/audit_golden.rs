//! Golden records: complete games committed under tests/records/ that must verify in every
//! future version. They pin the engine's rules, the seed derivation, the chain and the format.
//!
//! The files were written once by `simulate_record` with the arguments below. They are never
//! regenerated: if one stops verifying, the change that broke it breaks every published record
//! too (it needs a new rules version, or a new record format, not new golden files). To add a
//! new golden record, add a row and run with CORRIERE_WRITE_GOLDEN_RECORDS=1; existing files
//! are never overwritten.

use corriere::audit::{
    milestones, parse_secret, replay_states, verify, verify_json, Author, Record,
};
use corriere::engine::condottiere::{Ending, Game, Options, Outcome};
use corriere::engine::Seat;
use corriere::kinds::Registry;

use crate::audit::simulate_record;

/// A simulated game whose entries are taken again with authors, as the clock and bots would
/// have taken them: an action at a position divisible by 4 that is its seat's default is the
/// clock's, its deadline 0, 1 or 2 minutes before it (position mod 3); an action at a position
/// of 3 mod 7 (and not the clock's) is a bot's. Only for writing the golden file.
fn authored_record(players: u8, options: &Options, sim_seed: u64) -> Record {
    let plain = simulate_record(players, options, sim_seed);
    let steps = replay_states(&plain, &Registry::standard()).unwrap();
    let secret = parse_secret(plain.secret.as_deref().unwrap()).unwrap();
    let mut record = Record::new(plain.header());
    for (i, entry) in plain.actions.iter().enumerate() {
        let position = i as i64 + 1;
        let action = entry.action.clone().unwrap();
        let default = steps[i].state.default_action(entry.seat);
        let author =
            if position % 4 == 0 && default.map(|d| d.json().clone()) == Some(action.clone()) {
                Author::Clock {
                    deadline: entry.at - 60_000 * (position % 3),
                }
            } else if position % 7 == 3 {
                Author::Bot
            } else {
                Author::Seat
            };
        record.push(entry.seat, action, entry.at, author, &secret);
    }
    record.reveal(plain.outcome.clone().unwrap(), &secret);
    record
}

fn ending(summary: &corriere::audit::Summary) -> Ending {
    summary.outcome_as::<Outcome>().unwrap().ending
}
use std::path::PathBuf;

struct Golden {
    file: &'static str,
    players: u8,
    options: fn() -> Options,
    sim_seed: u64,
    /// Whether the clock and bots took some of its actions (see `authored_record`).
    authored: bool,
    /// Pinned from the file when it was written: the number of actions, the winners (1-based
    /// seat numbers), how the game ended and the head hash.
    actions: usize,
    winners: &'static [u8],
    ending: Ending,
    head: &'static str,
}

const GOLDEN: [Golden; 4] = [
    Golden {
        file: "golden-2p-hidden-capturing.json",
        players: 2,
        options: || Options {
            hidden_cards: true,
            capturing_regions: true,
            ..Options::default()
        },
        sim_seed: 2,
        authored: false,
        actions: 49,
        winners: &[1],
        ending: Ending::ConnectedRegions,
        head: "f9598fe9a38f24c8ac0ab2ddc453af13a170ab29917ffb234d3227fbee866c11",
    },
    Golden {
        file: "golden-3p-base-first-holder.json",
        players: 3,
        options: || Options {
            first_holder: Some(Seat(1)),
            ..Options::default()
        },
        sim_seed: 3,
        authored: false,
        actions: 187,
        winners: &[1],
        ending: Ending::TotalRegions,
        head: "e8d5ba34a7caee802126d9b7db1edcf4af07002e9ed0ff6b06b4d01bc18ff3dd",
    },
    Golden {
        file: "golden-5p-draw-bigger.json",
        players: 5,
        options: || Options {
            draw_after_battle: true,
            bigger_kingdoms: true,
            ..Options::default()
        },
        sim_seed: 5,
        authored: false,
        actions: 226,
        winners: &[4],
        ending: Ending::TotalRegions,
        head: "4790689565361a61e145e5f3ffdfe91ffd573fe80fbd38ce689c6921882def29",
    },
    Golden {
        file: "golden-6p-points-hidden.json",
        players: 6,
        options: || Options {
            play_for_points: Some(8),
            hidden_cards: true,
            ..Options::default()
        },
        sim_seed: 6,
        authored: false,
        actions: 421,
        winners: &[6],
        ending: Ending::PointsTarget,
        head: "0d9f255cea2a39a2b2a4e3df7212bd47107209a759b3166786a642afc69fdf67",
    },
];

/// A game some of whose actions the clock and bots took: the hash encoding of authors and the
/// record's `by`, `deadline` and `deadline_time`, pinned like the others.
const AUTHORED: Golden = Golden {
    file: "golden-3p-clock-bot.json",
    players: 3,
    options: || Options {
        hidden_cards: true,
        draw_after_battle: true,
        ..Options::default()
    },
    sim_seed: 7,
    authored: true,
    actions: 213,
    winners: &[3],
    ending: Ending::ConnectedRegions,
    head: "80f3fb964019d632ab967c64dab7ace8f93f59f4b4890aa2a515d85f656f0833",
};

/// Every golden record: the plain ones and the authored one.
fn all_golden() -> impl Iterator<Item = &'static Golden> {
    GOLDEN.iter().chain([&AUTHORED])
}

fn path(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/records")
        .join(file)
}

fn read(golden: &Golden) -> String {
    let path = path(golden.file);
    if !path.exists() && std::env::var_os("CORRIERE_WRITE_GOLDEN_RECORDS").is_some() {
        let make = if golden.authored {
            authored_record
        } else {
            simulate_record
        };
        let record = make(golden.players, &(golden.options)(), golden.sim_seed);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let partial = path.with_extension("json.partial");
        std::fs::write(&partial, record.to_json()).unwrap();
        std::fs::rename(&partial, &path).unwrap();
        let summary = verify(&record).unwrap();
        eprintln!(
            "wrote {}: actions {}, winners {:?}, ending {:?}, head {}",
            golden.file,
            summary.actions,
            summary
                .winners
                .iter()
                .map(|s| s.number())
                .collect::<Vec<_>>(),
            ending(&summary),
            summary.head
        );
    }
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_golden_record_still_verifies_to_its_pinned_outcome() {
    for golden in all_golden() {
        let text = read(golden);
        let summary = verify_json(&text).unwrap_or_else(|d| panic!("{}: {d}", golden.file));
        let winners: Vec<u8> = summary.winners.iter().map(|s| s.number()).collect();
        assert_eq!(
            (
                summary.actions,
                winners.as_slice(),
                ending(&summary),
                summary.head.as_str()
            ),
            (golden.actions, golden.winners, golden.ending, golden.head),
            "{}",
            golden.file
        );
    }
}

#[test]
fn every_golden_record_replays_step_by_step_to_its_recorded_outcome() {
    for golden in all_golden() {
        let record = Record::from_json(&read(golden)).unwrap();
        let registry = Registry::standard();
        let steps = replay_states(&record, &registry).unwrap();
        assert_eq!(steps.len(), record.actions.len() + 1, "{}", golden.file);
        let last = steps.last().unwrap().state.downcast::<Game>().unwrap();
        let recorded: Option<Outcome> = record
            .outcome
            .as_ref()
            .map(|json| serde_json::from_str(json.get()).unwrap());
        assert_eq!(last.outcome(), recorded.as_ref(), "{}", golden.file);
        let battles = milestones(&record, &registry)
            .unwrap()
            .into_iter()
            .filter(|(_, m)| m.mark == "battle")
            .count();
        assert_eq!(battles as u32, last.battles(), "{}", golden.file);
    }
}

#[test]
fn golden_records_cover_every_optional_rule_and_table_size() {
    let records: Vec<Record> = GOLDEN
        .iter()
        .map(|g| Record::from_json(&read(g)).unwrap())
        .collect();
    let options = |r: &Record| -> Options { serde_json::from_str(r.options.get()).unwrap() };
    let any = |f: fn(&Options) -> bool| records.iter().any(|r| f(&options(r)));
    assert!(any(|o| o.hidden_cards));
    assert!(any(|o| o.capturing_regions));
    assert!(any(|o| o.draw_after_battle));
    assert!(any(|o| o.bigger_kingdoms));
    assert!(any(|o| o.play_for_points.is_some()));
    assert!(any(|o| o.first_holder.is_some()));
    let sizes: Vec<usize> = records.iter().map(|r| r.seats.len()).collect();
    assert_eq!(sizes, [2, 3, 5, 6]);
    // The Play for Points record is a series of more than one game.
    let series = records
        .iter()
        .find(|r| options(r).play_for_points.is_some());
    assert!(verify(series.unwrap()).unwrap().count("games") >= 2);
}

#[test]
fn the_running_record_of_the_format_document_checks_out_up_to_its_head() {
    let text = std::fs::read_to_string(path("running-sim-41.json")).unwrap();
    let record = Record::from_json(&text).unwrap();
    assert_eq!(corriere::audit::verify_log(&record), Ok(()));
    assert_eq!(
        verify(&record).unwrap_err().to_string(),
        "not finished: secret not yet revealed (the log of 6 actions and its head check out; \
         the deal can be checked once the game is over)"
    );
}

/// Reading a golden record and writing it again gives its bytes back: the record format, the
/// canonical JSON of options, actions and outcomes, and the layout did not move.
#[test]
fn every_golden_record_is_written_back_byte_for_byte() {
    for golden in all_golden() {
        let text = read(golden);
        let record = Record::from_json(&text).unwrap();
        assert_eq!(record.to_json(), text, "{}", golden.file);
    }
    let running = std::fs::read_to_string(path("running-sim-41.json")).unwrap();
    assert_eq!(Record::from_json(&running).unwrap().to_json(), running);
}

#[test]
fn the_authored_golden_record_has_clock_entries_at_and_after_their_deadlines_and_bot_entries() {
    let record = Record::from_json(&read(&AUTHORED)).unwrap();
    let clock: Vec<_> = record
        .actions
        .iter()
        .filter_map(|a| match a.author {
            Author::Clock { deadline } => Some((a, deadline)),
            _ => None,
        })
        .collect();
    assert!(clock.iter().any(|(a, deadline)| a.at == *deadline));
    assert!(clock.iter().any(|(a, deadline)| a.at > *deadline));
    assert!(record.actions.iter().any(|a| a.author == Author::Bot));
    // Some of the clock's answers are private while the game runs (a draw count).
    let registry = Registry::standard();
    let kind = registry.get("condottiere").unwrap();
    let mut running = record.clone();
    running.redact(kind, &|_| Default::default());
    assert!(clock
        .iter()
        .any(|(a, _)| running.actions[a.seq as usize - 1].action.is_none()));
}

/// The seat's player's entries hash exactly as before authors existed: the same game played
/// by its players alone has the same hashes up to the first entry by a bot or the clock, and
/// from there on they differ.
#[test]
fn entries_by_the_seat_hash_as_they_always_did_and_the_author_is_hashed_from_the_first_other() {
    let authored = Record::from_json(&read(&AUTHORED)).unwrap();
    let plain = simulate_record(AUTHORED.players, &(AUTHORED.options)(), AUTHORED.sim_seed);
    let first = authored
        .actions
        .iter()
        .position(|a| a.author != Author::Seat)
        .unwrap();
    assert!(first > 0);
    for (i, (a, p)) in authored.actions.iter().zip(&plain.actions).enumerate() {
        assert_eq!((&a.action, a.at), (&p.action, p.at));
        assert_eq!(a.hash == p.hash, i < first, "entry {}", i + 1);
    }
}
