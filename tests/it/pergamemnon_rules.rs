//! Pergamemnon's rules cases (`tests/pergamemnon/*.json`): the worked examples E1–E21 and a case
//! for every ruling R1–R42 of the rules reference, each a position, steps and what must follow.
//!
//! A case starts from a hand-written position (§12: cards not listed are put where they cannot
//! matter; the set is `reference-1` unless the case names another; `seed` may be a small number)
//! or from a fresh setup (`setup`). Each step applies an action, or checks that the rules judge
//! it legal (`"legal": true`) or refuse it with a code (`"refused": "payment_not_minimal"`; the
//! game must not change), or checks (`"default"`) and applies the seat's deadline default. What
//! follows is matched as a subset: `expect` against the final position, `events` as a
//! subsequence of the events, `views` against what a viewer is shown, `values` against the
//! effective card values, `menu` against the action types offered. In `expect`, objects match
//! the keys they list, arrays match element by element, `"*"` matches any value and `null` a
//! missing one.

use corriere::engine::pergamemnon::{Action, Game, Options, Position, Weapon};
use corriere::engine::{Audience, Events, Rules, Seat, Seed, Viewer};
use serde::Deserialize;
use serde_json::{json, Value};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    name: String,
    rules: Vec<String>,
    /// What the case reads in the reference, for the reader of a failure.
    #[serde(default)]
    #[allow(dead_code)]
    note: Option<String>,
    /// A position as `docs/formats.md` writes it, partial as §12 writes them.
    #[serde(default)]
    position: Option<Value>,
    /// Or a new game.
    #[serde(default)]
    setup: Option<Setup>,
    /// Changes to the reference set this case plays with (an operator's set, R2, R9): each
    /// `{"path": "/army/3/weapon/value", "value": 4}` replaces one field of `reference-1`'s
    /// document, embedded in the options as the set `custom`.
    #[serde(default)]
    card_edits: Vec<Edit>,
    /// The position (or options) must be refused, with this text in the reason.
    #[serde(default)]
    refused_start: Option<String>,
    #[serde(default)]
    steps: Vec<Step>,
    #[serde(default)]
    expect: Option<Value>,
    #[serde(default)]
    events: Vec<Value>,
    /// Events that must not occur (subset match).
    #[serde(default)]
    no_events: Vec<Value>,
    #[serde(default)]
    pending: Option<Vec<(u8, String)>>,
    #[serde(default)]
    views: Vec<ViewCheck>,
    #[serde(default)]
    values: Vec<ValueCheck>,
    #[serde(default)]
    menu: Option<MenuCheck>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Setup {
    players: u8,
    seed: u64,
    #[serde(default)]
    options: Value,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Edit {
    path: String,
    value: Value,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Step {
    /// The seat, numbered from 1.
    seat: u8,
    #[serde(default)]
    action: Option<Action>,
    /// Only judge the action legal; apply nothing.
    #[serde(default)]
    legal: bool,
    /// The action is refused with this code, and nothing changes.
    #[serde(default)]
    refused: Option<String>,
    /// The seat's deadline default (§10.5) is this action (subset match); without `action`,
    /// it is applied.
    #[serde(default)]
    default: Option<Value>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ViewCheck {
    /// A seat number, or `"reviewer"`.
    viewer: Value,
    #[serde(default)]
    expect: Option<Value>,
    /// Card ids that must appear nowhere in this viewer's view.
    #[serde(default)]
    hides: Vec<String>,
    /// Card ids that must appear in it.
    #[serde(default)]
    shows: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ValueCheck {
    seat: u8,
    card: String,
    #[serde(default)]
    attack: Option<u8>,
    /// Defence against each weapon type named.
    #[serde(default)]
    defence: Option<std::collections::BTreeMap<Weapon, u8>>,
    #[serde(default)]
    cost: Option<u8>,
    #[serde(default)]
    flees: Option<bool>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MenuCheck {
    seat: u8,
    /// The action types the menu offers, in any order, each at least once.
    types: Vec<String>,
    /// Actions that must be offered (subset match).
    #[serde(default)]
    offers: Vec<Value>,
}

fn seat(number: u8) -> Seat {
    Seat::from_number(number).expect("seats are numbered from 1")
}

/// The case's game at its start, or why it was refused.
fn start(case: &Case) -> Result<Game, String> {
    let mut options = match (&case.position, &case.setup) {
        (Some(position), None) => position.get("options").cloned().unwrap_or(json!({})),
        (None, Some(setup)) => setup.options.clone(),
        _ => return Err("a case gives a position or a setup".into()),
    };
    if options.get("card_set").is_none() {
        options["card_set"] = json!("reference-1");
    }
    if !case.card_edits.is_empty() {
        let file = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/core/data/pergamemnon/reference-1.json"
        );
        let mut doc: Value =
            serde_json::from_str(&std::fs::read_to_string(file).expect("reference-1's file"))
                .expect("reference-1 reads");
        for edit in &case.card_edits {
            *doc.pointer_mut(&edit.path)
                .ok_or_else(|| format!("no field {} in the set", edit.path))? = edit.value.clone();
        }
        doc["id"] = json!("custom");
        options["card_set"] = json!("custom");
        options["cards"] = doc;
    }
    let options: Options =
        serde_json::from_value(options).map_err(|e| format!("the options do not read: {e}"))?;
    match (&case.position, &case.setup) {
        (Some(position), None) => {
            let mut position = position.clone();
            position["options"] = serde_json::to_value(&options).unwrap();
            if position.get("rules_version").is_none() {
                position["rules_version"] = json!(corriere::engine::pergamemnon::RULES_VERSION);
            }
            match position.get("seed") {
                None => position["seed"] = json!(Seed::from_u64(0)),
                Some(Value::Number(n)) => {
                    position["seed"] = json!(Seed::from_u64(n.as_u64().expect("a small seed")))
                }
                Some(_) => {}
            }
            let position: Position = serde_json::from_value(position)
                .map_err(|e| format!("the position does not read: {e}"))?;
            Game::from_position(position).map_err(|problems| problems.join("; "))
        }
        (None, Some(setup)) => {
            let mut events = Events::new();
            <Game as Rules>::setup(
                corriere::engine::pergamemnon::RULES_VERSION,
                &<Game as Rules>::settle_options(options),
                setup.players,
                Seed::from_u64(setup.seed),
                &mut events,
            )
            .map_err(|problems| problems.join("; "))
        }
        _ => unreachable!(),
    }
}

/// `expected` ⊆ `actual`, as the module comment says; `Err` names the first difference.
fn matches(expected: &Value, actual: Option<&Value>, at: &str) -> Result<(), String> {
    match (expected, actual) {
        (Value::String(s), Some(_)) if s == "*" => Ok(()),
        (Value::Null, None | Some(Value::Null)) => Ok(()),
        (Value::Object(want), Some(Value::Object(have))) => {
            for (key, value) in want {
                matches(value, have.get(key), &format!("{at}.{key}"))?;
            }
            Ok(())
        }
        (Value::Array(want), Some(Value::Array(have))) => {
            if want.len() != have.len() {
                return Err(format!(
                    "{at}: expected {} elements {}, found {} {}",
                    want.len(),
                    Value::Array(want.clone()),
                    have.len(),
                    Value::Array(have.clone())
                ));
            }
            for (i, (w, h)) in want.iter().zip(have).enumerate() {
                matches(w, Some(h), &format!("{at}[{i}]"))?;
            }
            Ok(())
        }
        (want, Some(have)) if want == have => Ok(()),
        (want, have) => Err(format!(
            "{at}: expected {want}, found {}",
            have.map_or("nothing".to_owned(), ToString::to_string)
        )),
    }
}

impl Case {
    fn run(&self) -> Result<(), String> {
        let game = match (start(self), &self.refused_start) {
            (Err(why), Some(reason)) if why.contains(reason.as_str()) => return Ok(()),
            (Err(why), _) => return Err(format!("the start is refused: {why}")),
            (Ok(_), Some(reason)) => {
                return Err(format!(
                    "the start was accepted; expected a refusal ({reason})"
                ))
            }
            (Ok(game), None) => game,
        };
        // A partial position (§12) may leave hands short and creatures uncounted: the
        // invariants it already breaks at the start are not asked of it later; every other one is.
        let category = |finding: &String| finding.split(':').next().unwrap_or_default().to_owned();
        let excused: Vec<String> = game.audit().iter().map(category).collect();
        let mut game = game;
        let mut events: Vec<(Audience, Value)> = Vec::new();
        for (i, step) in self.steps.iter().enumerate() {
            let who = seat(step.seat);
            let at = format!("step {} (seat {})", i + 1, step.seat);
            if let Some(expected) = &step.default {
                let default = game
                    .default_action(who)
                    .ok_or_else(|| format!("{at}: the seat owes no decision with a default"))?;
                matches(
                    expected,
                    Some(&serde_json::to_value(&default).unwrap()),
                    &at,
                )?;
            }
            let action = match (&step.action, &step.default) {
                (Some(action), _) => action.clone(),
                (None, Some(_)) => game.default_action(who).expect("checked above"),
                (None, None) => return Err(format!("{at}: no action and no default")),
            };
            let judged = game.check(who, &action);
            match (&step.refused, judged) {
                (Some(code), Err(error)) if error.code() == code => {
                    let before = serde_json::to_value(game.to_position()).unwrap();
                    let mut scratch = Events::new();
                    let (after, _) = game
                        .clone()
                        .apply(who, &action, &mut scratch)
                        .err()
                        .ok_or_else(|| format!("{at}: check refused, apply accepted"))?;
                    if serde_json::to_value(after.to_position()).unwrap() != before {
                        return Err(format!("{at}: a refused action changed the game"));
                    }
                }
                (Some(code), Err(error)) => {
                    return Err(format!(
                        "{at}: refused with {}, expected {code}",
                        error.code()
                    ))
                }
                (Some(code), Ok(())) => {
                    return Err(format!("{at}: accepted; expected a refusal ({code})"))
                }
                (None, Err(error)) => {
                    return Err(format!("{at}: refused ({}): {error}", error.code()))
                }
                (None, Ok(())) if step.legal => {}
                (None, Ok(())) => {
                    let mut made = Events::new();
                    game = game
                        .apply(who, &action, &mut made)
                        .map_err(|(_, e)| format!("{at}: apply refused {e}"))?;
                    events.extend(
                        made.into_iter()
                            .map(|(audience, e)| (audience, serde_json::to_value(e).unwrap())),
                    );
                    let audit: Vec<String> = game
                        .audit()
                        .into_iter()
                        .filter(|f| !excused.contains(&category(f)))
                        .collect();
                    if !audit.is_empty() {
                        return Err(format!("{at}: invariants broken: {audit:?}"));
                    }
                }
            }
        }
        let position = serde_json::to_value(game.to_position()).unwrap();
        if let Some(expected) = &self.expect {
            matches(expected, Some(&position), "position")?;
        }
        let mut from = 0;
        for wanted in &self.events {
            let found = events[from..]
                .iter()
                .position(|(_, e)| matches(wanted, Some(e), "").is_ok())
                .ok_or_else(|| {
                    format!(
                        "no event {wanted} after the {from} matched before; the events: {}",
                        events
                            .iter()
                            .map(|(_, e)| e.to_string())
                            .collect::<Vec<_>>()
                            .join("\n  ")
                    )
                })?;
            from += found + 1;
        }
        for unwanted in &self.no_events {
            if let Some((_, e)) = events
                .iter()
                .find(|(_, e)| matches(unwanted, Some(e), "").is_ok())
            {
                return Err(format!("the event {e} should not occur"));
            }
        }
        if let Some(expected) = &self.pending {
            let pending: Vec<(u8, String)> = game
                .pending()
                .iter()
                .map(|(s, d)| (s.number(), d.id().to_owned()))
                .collect();
            if &pending != expected {
                return Err(format!("pending {pending:?}, expected {expected:?}"));
            }
        }
        for check in &self.views {
            let viewer = match &check.viewer {
                Value::String(s) if s == "reviewer" => Viewer::Reviewer,
                Value::Number(n) => Viewer::Seat(seat(n.as_u64().unwrap() as u8)),
                other => return Err(format!("no viewer {other}")),
            };
            let view = serde_json::to_value(game.view(viewer)).unwrap();
            if let Some(expected) = &check.expect {
                matches(expected, Some(&view), &format!("view of {}", check.viewer))?;
            }
            let text = view.to_string();
            for id in &check.hides {
                if text.contains(&format!("\"{id}\"")) {
                    return Err(format!("{} is shown to {}", id, check.viewer));
                }
            }
            for id in &check.shows {
                if !text.contains(&format!("\"{id}\"")) {
                    return Err(format!("{} is not shown to {}", id, check.viewer));
                }
            }
        }
        for check in &self.values {
            let who = seat(check.seat);
            let card = game
                .set
                .card(&check.card)
                .ok_or_else(|| format!("no card {}", check.card))?;
            let at = format!("{} for seat {}", check.card, check.seat);
            if let Some(attack) = check.attack {
                let found = game.atk(who, card);
                if found != attack {
                    return Err(format!("{at}: attack {found}, expected {attack}"));
                }
            }
            for (weapon, value) in check.defence.iter().flatten() {
                let found = game.def(who, card, *weapon);
                if found != *value {
                    return Err(format!(
                        "{at}: defence against {weapon:?} {found}, expected {value}"
                    ));
                }
            }
            if let Some(cost) = check.cost {
                let found = game.effective_cost(who, card);
                if found != cost {
                    return Err(format!("{at}: cost {found}, expected {cost}"));
                }
            }
            if let Some(flees) = check.flees {
                if game.flees(who, card) != flees {
                    return Err(format!("{at}: flees is not {flees}"));
                }
            }
        }
        if let Some(menu) = &self.menu {
            let offered: Vec<Value> = game
                .legal_actions(seat(menu.seat))
                .iter()
                .map(|a| serde_json::to_value(a).unwrap())
                .collect();
            let mut types: Vec<String> = offered
                .iter()
                .map(|a| a["type"].as_str().unwrap().to_owned())
                .collect();
            types.sort();
            types.dedup();
            let mut wanted = menu.types.clone();
            wanted.sort();
            if types != wanted {
                return Err(format!("the menu offers {types:?}, expected {wanted:?}"));
            }
            for want in &menu.offers {
                if !offered.iter().any(|a| matches(want, Some(a), "").is_ok()) {
                    return Err(format!("the menu does not offer {want}"));
                }
            }
        }
        Ok(())
    }
}

impl crate::conformance::RulesCase for Case {
    fn name(&self) -> &str {
        &self.name
    }
    fn rules(&self) -> &[String] {
        &self.rules
    }
    fn check(&self) -> Result<(), String> {
        self.run()
    }
    fn well_written(&self) -> Result<(), String> {
        crate::conformance::name_mentions_its_rules(&self.name, &self.rules)
    }
}
