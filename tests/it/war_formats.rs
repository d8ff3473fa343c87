//! The War section of docs/formats.md stays true: every JSON example in it parses as what it
//! documents, and the example turn script applies to the example position.

use corriere::engine::war::{Action, Event, Game, Plan, Position, StandingOrders};
use corriere::engine::Seat;
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatAction {
    seat: Seat,
    action: Action,
}

fn war_section() -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/formats.md");
    let text = std::fs::read_to_string(path).expect("docs/formats.md");
    let start = text
        .find("\n# War positions and actions")
        .expect("the War section");
    text[start..].to_string()
}

fn json_blocks(section: &str) -> Vec<String> {
    section
        .split("```json\n")
        .skip(1)
        .map(|rest| {
            rest.split("\n```")
                .next()
                .expect("a closed block")
                .to_string()
        })
        .collect()
}

#[test]
fn every_json_example_in_the_war_section_parses_and_the_script_applies() {
    let section = war_section();
    let blocks = json_blocks(&section);
    assert!(blocks.len() >= 6, "{} blocks", blocks.len());
    let (mut positions, mut scripts) = (Vec::new(), Vec::new());
    for block in &blocks {
        if let Ok(p) = serde_json::from_str::<Position>(block) {
            positions.push(p);
        } else if let Ok(s) = serde_json::from_str::<Vec<SeatAction>>(block) {
            scripts.push(s);
        } else if serde_json::from_str::<Plan>(block).is_ok()
            || serde_json::from_str::<StandingOrders>(block).is_ok()
            || serde_json::from_str::<Event>(block).is_ok()
        {
        } else {
            panic!("this example parses as nothing documented:\n{block}");
        }
    }
    assert_eq!((positions.len(), scripts.len()), (1, 1));
    let mut game = Game::from_position(positions.remove(0)).expect("a valid position");
    let mut events = Vec::new();
    for entry in scripts.remove(0) {
        game = game
            .apply(entry.seat, &entry.action, &mut events)
            .map_err(|(_, e)| e.to_string())
            .expect("the documented script applies");
    }
    assert_eq!(game.active(), Seat(1), "the turn passed to seat 2");
    let rendered: Vec<String> = events
        .iter()
        .map(|(_, e)| serde_json::to_string(e).expect("events serialize"))
        .collect();
    for block in blocks.iter().filter(|b| b.starts_with("{\"type\": \"")) {
        let documented: serde_json::Value = serde_json::from_str(block).expect("json");
        assert!(
            rendered
                .iter()
                .any(|r| serde_json::from_str::<serde_json::Value>(r).unwrap() == documented),
            "the documented event {block} is not what the example turn produces: {rendered:?}"
        );
    }
}

#[test]
fn every_action_of_the_table_parses() {
    let section = war_section();
    let mut count = 0;
    for line in section.lines().filter(|l| l.starts_with("| `{\"type\"")) {
        for part in line.split('`').filter(|p| p.starts_with("{\"type\"")) {
            serde_json::from_str::<Action>(&part.replace("{…}", "{}"))
                .unwrap_or_else(|e| panic!("{part}: {e}"));
            count += 1;
        }
    }
    assert!(count >= 19, "{count} actions documented");
}

#[test]
fn the_documented_refusal_is_what_loading_says() {
    let section = war_section();
    let documented = section
        .split("for example:\n`")
        .nth(1)
        .and_then(|rest| rest.split('`').next())
        .expect("the documented refusal")
        .replace('\n', " ");
    let block = json_blocks(&section)
        .into_iter()
        .find(|b| b.contains("\"rules_version\""))
        .expect("the example position");
    let mut position: serde_json::Value = serde_json::from_str(&block).unwrap();
    position["territories"][0]["egito"] = 1.into();
    position["hands"] = serde_json::json!([
        ["peru"],
        ["egito", "peru", "alasca", "china", "india", "japao", "brasil"],
        []
    ]);
    let position: Position = serde_json::from_value(position).unwrap();
    let error = Game::from_position(position).expect_err("refused");
    assert_eq!(error.to_string(), documented);
}
