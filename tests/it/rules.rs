//! Rules tests as data: every file in tests/rules/*.json holds cases written as a position,
//! actions, and the expected result; this one runner reads them all.

use corriere::engine::condottiere::{Action, Game, Position};
use corriere::engine::{Rules, Seat, Viewer};

/// One entry of a case's actions: `{"seat": 2, "action": {"type": "play", "card": "M5"}}`.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatAction {
    seat: Seat,
    action: Action,
}
use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Case {
    name: String,
    /// The rulings and worked examples this case pins, e.g. ["R4", "E5"].
    rules: Vec<String>,
    position: Position,
    #[serde(default)]
    actions: Vec<SeatAction>,
    /// A subset of the resulting position: every key given must match.
    #[serde(default)]
    expect: Option<Value>,
    /// The action at `index` must be rejected with `code`, leaving the position unchanged.
    #[serde(default)]
    expect_error: Option<ExpectError>,
    /// Each of these must match (as a subset) some event produced by the actions.
    #[serde(default)]
    expect_events: Vec<Value>,
    /// None of these may match any event produced by the actions.
    #[serde(default)]
    expect_no_events: Vec<Value>,
    /// After the actions, this seat's legal actions are exactly these (in any order).
    #[serde(default)]
    expect_legal: Option<ExpectLegal>,
    /// After the actions, this viewer's view contains this subset.
    #[serde(default)]
    expect_view: Option<ExpectView>,
    /// After the actions, the seats `pending()` lists (those that owe a decision), in seat order.
    #[serde(default)]
    expect_pending: Option<Vec<Seat>>,
    /// The position must be refused at load, with a problem that contains this text.
    #[serde(default)]
    expect_invalid: Option<String>,
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
    actions: Vec<Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectView {
    viewer: Viewer,
    subset: Value,
}

/// Whether `actual` contains `expected`: objects by key, arrays element by element, else equal.
fn contains(actual: &Value, expected: &Value) -> bool {
    match (actual, expected) {
        (Value::Object(a), Value::Object(e)) => e.iter().all(|(k, ev)| {
            a.get(k).is_some_and(|av| contains(av, ev)) || (ev.is_null() && a.get(k).is_none())
        }),
        (Value::Array(a), Value::Array(e)) => {
            a.len() == e.len() && a.iter().zip(e).all(|(x, y)| contains(x, y))
        }
        _ => actual == expected,
    }
}

fn run(case: &Case) -> Result<(), String> {
    let loaded = Game::from_position(case.position.clone());
    if let Some(text) = &case.expect_invalid {
        return match loaded {
            Err(e) if e.0.iter().any(|p| p.contains(text.as_str())) => Ok(()),
            Err(e) => Err(format!("refused, but for other reasons: {e}")),
            Ok(_) => Err(format!("the position loads, expected it refused: {text}")),
        };
    }
    let mut game = loaded.map_err(|e| e.to_string())?;
    let mut events = Vec::new();
    for (index, entry) in case.actions.iter().enumerate() {
        let before = game.clone();
        match game.apply(entry.seat, &entry.action, &mut events) {
            Ok(next) => game = next,
            Err((unchanged, error)) => {
                if unchanged != before {
                    return Err("a rejected action changed the state".into());
                }
                return match &case.expect_error {
                    Some(e) if e.index == index && e.code == error.code() => Ok(()),
                    _ => Err(format!(
                        "action {index} ({:?}) was rejected: {} [{}]",
                        entry.action,
                        error,
                        error.code()
                    )),
                };
            }
        }
    }
    if let Some(e) = &case.expect_error {
        return Err(format!(
            "action {} was expected to be rejected with {}",
            e.index, e.code
        ));
    }
    // Whatever play produced must load again and keep every invariant (R13, R18).
    let problems = game.audit();
    if !problems.is_empty() {
        return Err(format!("the resulting state fails its audit: {problems:?}"));
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
    for unwanted in &case.expect_no_events {
        if let Some(found) = produced.iter().find(|e| contains(e, unwanted)) {
            return Err(format!("an unwanted event happened: {found}"));
        }
    }
    if let Some(legal) = &case.expect_legal {
        let mut actual: Vec<String> = game
            .legal_actions(legal.seat)
            .iter()
            .map(|a| serde_json::to_string(a).expect("actions serialize"))
            .collect();
        let mut expected: Vec<String> = legal
            .actions
            .iter()
            .map(|v| {
                let action: corriere::engine::condottiere::Action =
                    serde_json::from_value(v.clone()).expect("expected legal actions parse");
                serde_json::to_string(&action).expect("actions serialize")
            })
            .collect();
        actual.sort();
        expected.sort();
        if actual != expected {
            return Err(format!(
                "legal actions of {}: {actual:?}, expected {expected:?}",
                legal.seat
            ));
        }
    }
    if let Some(expected) = &case.expect_pending {
        let pending: Vec<Seat> = Rules::pending(&game).into_iter().map(|(s, _)| s).collect();
        if &pending != expected {
            return Err(format!("pending: {pending:?}, expected {expected:?}"));
        }
    }
    if let Some(view) = &case.expect_view {
        let actual = serde_json::to_value(game.view(view.viewer)).expect("views serialize");
        if !contains(&actual, &view.subset) {
            return Err(format!(
                "the view does not contain {}\nview: {actual}",
                view.subset
            ));
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
}
