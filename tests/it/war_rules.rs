//! War rules tests as data: every file in tests/war/*.json holds cases written as a position
//! (or a setup), actions, and the expected result; this one runner reads them all. Every
//! worked example E1–E20 and every ruling R1–R34 of the rules reference must have a case.

use corriere::engine::war::{Action, Game, Options, Position, CURRENT_RULES_VERSION};
use corriere::engine::{Rules, Seat, Seed, Viewer};
use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Case {
    name: String,
    /// The rulings and worked examples this case pins, e.g. ["R13", "E8"].
    rules: Vec<String>,
    /// The starting position (hand-written JSON, as docs/formats.md describes).
    #[serde(default)]
    position: Option<Value>,
    /// Or a new game from a seed.
    #[serde(default)]
    setup: Option<Setup>,
    #[serde(default)]
    actions: Vec<SeatAction>,
    /// The position (or setup) must be refused, with a problem containing this text.
    #[serde(default)]
    expect_invalid: Option<String>,
    /// A subset of the resulting position: every key given must match.
    #[serde(default)]
    expect: Option<Value>,
    /// The action at `index` must be rejected with `code`, leaving the state unchanged; the
    /// actions after it still run.
    #[serde(default)]
    expect_error: Option<ExpectError>,
    #[serde(default)]
    expect_errors: Vec<ExpectError>,
    /// Each of these must match (as a subset) some event produced by the actions.
    #[serde(default)]
    expect_events: Vec<Value>,
    /// None of these may match any event produced by the actions.
    #[serde(default)]
    expect_no_events: Vec<Value>,
    /// These match events produced by the actions, in this order.
    #[serde(default)]
    expect_events_in_order: Vec<Value>,
    /// After the actions, this seat's listed legal actions include / exclude these.
    #[serde(default)]
    expect_legal: Option<ExpectLegal>,
    /// After the actions, this viewer's view contains this subset.
    #[serde(default)]
    expect_view: Vec<ExpectView>,
    /// After the actions, `pending()` matches this list (seat and decision subset).
    #[serde(default)]
    expect_pending: Option<Vec<Value>>,
    /// After the actions, the deadline default of this seat (`null`: none).
    #[serde(default)]
    expect_default: Option<ExpectDefault>,
    /// After the actions, the final standings, seat and place.
    #[serde(default)]
    expect_standings: Option<Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Setup {
    players: u8,
    seed: u64,
    #[serde(default)]
    options: Options,
    #[serde(default = "current")]
    rules_version: u32,
}

fn current() -> u32 {
    CURRENT_RULES_VERSION
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatAction {
    seat: Seat,
    action: Value,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectError {
    index: usize,
    code: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectLegal {
    seat: Seat,
    #[serde(default)]
    includes: Vec<Value>,
    #[serde(default)]
    excludes: Vec<Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectView {
    viewer: Viewer,
    subset: Value,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectDefault {
    seat: Seat,
    action: Option<Value>,
}

/// Whether `actual` contains `expected`: objects by key, arrays element by element, else equal.
fn contains(actual: &Value, expected: &Value) -> bool {
    match (actual, expected) {
        (Value::Object(a), Value::Object(e)) => e.iter().all(|(k, ev)| {
            a.get(k).is_some_and(|av| contains(av, ev))
                || (ev.is_null() && a.get(k).is_none())
                || (a.get(k).is_none() && is_empty(ev))
        }),
        (Value::Array(a), Value::Array(e)) => {
            a.len() == e.len() && a.iter().zip(e).all(|(x, y)| contains(x, y))
        }
        _ => actual == expected,
    }
}

/// Empty values are left out of positions, so an expected empty list or object matches absence.
fn is_empty(value: &Value) -> bool {
    match value {
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
        _ => false,
    }
}

fn normal(action: &Value) -> Result<String, String> {
    let parsed: Action = serde_json::from_value(action.clone())
        .map_err(|e| format!("the action {action} does not parse: {e}"))?;
    Ok(serde_json::to_string(&parsed).expect("actions serialize"))
}

fn start(
    case: &Case,
    events: &mut Vec<(corriere::engine::Audience, corriere::engine::war::Event)>,
) -> Result<Game, String> {
    match (&case.position, &case.setup) {
        (Some(value), None) => {
            let position: Position = serde_json::from_value(value.clone())
                .map_err(|e| format!("the position does not parse: {e}"))?;
            Game::from_position(position).map_err(|e| e.to_string())
        }
        (None, Some(s)) => Game::setup(
            s.rules_version,
            &s.options,
            s.players,
            Seed::from_u64(s.seed),
            events,
        )
        .map_err(|e| e.to_string()),
        _ => Err("a case has a position or a setup, not both".into()),
    }
}

fn run(case: &Case) -> Result<(), String> {
    let mut events = Vec::new();
    let started = start(case, &mut events);
    if let Some(text) = &case.expect_invalid {
        return match started {
            Err(why) if why.contains(text.as_str()) => Ok(()),
            Err(why) => Err(format!("refused, but not for {text:?}: {why}")),
            Ok(_) => Err(format!("accepted, but it should be refused for {text:?}")),
        };
    }
    let mut game = started?;
    let mut errors: Vec<&ExpectError> = case.expect_errors.iter().collect();
    errors.extend(case.expect_error.iter());
    for (index, entry) in case.actions.iter().enumerate() {
        let action: Action = serde_json::from_value(entry.action.clone())
            .map_err(|e| format!("action {index} does not parse: {e}"))?;
        let before = game.clone();
        let expected = errors.iter().find(|e| e.index == index);
        match game.apply(entry.seat, &action, &mut events) {
            Ok(next) => {
                if let Some(e) = expected {
                    return Err(format!(
                        "action {index} ({action:?}) was expected to be rejected with {}",
                        e.code
                    ));
                }
                game = next;
            }
            Err((unchanged, error)) => {
                if unchanged != before {
                    return Err("a rejected action changed the state".into());
                }
                match expected {
                    Some(e) if e.code == error.code() => {
                        let text = error.to_string();
                        if !text.contains('§') && !text.contains("(R") && !text.contains(", R") {
                            return Err(format!("the error {text:?} names no rule"));
                        }
                        game = unchanged;
                    }
                    _ => {
                        return Err(format!(
                            "action {index} ({action:?}) was rejected: {error} [{}]",
                            error.code()
                        ))
                    }
                }
            }
        }
    }
    let problems = game.audit();
    if !problems.is_empty() {
        return Err(format!(
            "the resulting state breaks invariants: {problems:?}"
        ));
    }
    let position = serde_json::to_value(game.to_position()).expect("positions serialize");
    if let Some(expect) = &case.expect {
        if !contains(&position, expect) {
            return Err(format!(
                "the position does not contain the expected values\nexpected: {expect}\nactual: {position}"
            ));
        }
    }
    let produced: Vec<Value> = events
        .iter()
        .map(|(_, e)| serde_json::to_value(e).expect("events serialize"))
        .collect();
    for expected in &case.expect_events {
        if !produced.iter().any(|e| contains(e, expected)) {
            return Err(format!(
                "no event matches {expected}\nevents: {}",
                Value::Array(produced.clone())
            ));
        }
    }
    let mut rest = produced.iter();
    for expected in &case.expect_events_in_order {
        if !rest.any(|e| contains(e, expected)) {
            return Err(format!(
                "no event matches {expected} after the previous ones\nevents: {}",
                Value::Array(produced.clone())
            ));
        }
    }
    for unwanted in &case.expect_no_events {
        if let Some(found) = produced.iter().find(|e| contains(e, unwanted)) {
            return Err(format!("an unwanted event happened: {found}"));
        }
    }
    if let Some(legal) = &case.expect_legal {
        let listed: Vec<String> = game
            .legal_actions(legal.seat)
            .iter()
            .map(|a| serde_json::to_string(a).expect("actions serialize"))
            .collect();
        for want in &legal.includes {
            let want = normal(want)?;
            if !listed.contains(&want) {
                return Err(format!(
                    "{want} is not listed for {}: {listed:?}",
                    legal.seat
                ));
            }
        }
        for unwanted in &legal.excludes {
            let unwanted = normal(unwanted)?;
            if listed.contains(&unwanted) {
                return Err(format!("{unwanted} is listed for {}", legal.seat));
            }
        }
    }
    for view in &case.expect_view {
        let actual = serde_json::to_value(game.view(view.viewer)).expect("views serialize");
        if !contains(&actual, &view.subset) {
            return Err(format!(
                "the view does not contain {}\nview: {actual}",
                view.subset
            ));
        }
    }
    if let Some(pending) = &case.expect_pending {
        let actual: Vec<Value> = Rules::pending(&game)
            .into_iter()
            .map(|(seat, decision)| serde_json::json!({"seat": seat, "decision": decision}))
            .collect();
        if !contains(
            &Value::Array(actual.clone()),
            &Value::Array(pending.clone()),
        ) {
            return Err(format!("pending is {actual:?}, expected {pending:?}"));
        }
    }
    if let Some(default) = &case.expect_default {
        let actual = game
            .default_action(default.seat)
            .map(|a| serde_json::to_string(&a).expect("actions serialize"));
        let expected = default.action.as_ref().map(normal).transpose()?;
        if actual != expected {
            return Err(format!("the default is {actual:?}, expected {expected:?}"));
        }
    }
    if let Some(standings) = &case.expect_standings {
        let actual = serde_json::to_value(game.standings()).expect("standings serialize");
        if !contains(&actual, standings) {
            return Err(format!("standings are {actual}, expected {standings}"));
        }
    }
    Ok(())
}

impl crate::conformance::RulesCase for Case {
    fn name(&self) -> &str {
        &self.name
    }
    fn rules(&self) -> &[String] {
        &self.rules
    }
    fn check(&self) -> Result<(), String> {
        run(self)
    }
    fn well_written(&self) -> Result<(), String> {
        crate::conformance::name_mentions_its_rules(&self.name, &self.rules)
    }
}
