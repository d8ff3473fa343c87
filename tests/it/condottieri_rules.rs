//! Condottieri rules tests as data: every file in tests/condottieri/*.json holds cases written as
//! a position, orders in written form per power, and the expected result; this runner reads them.

use corriere::engine::condottieri::map::Area;
use corriere::engine::condottieri::{
    accept, accept_retreat, adjudicate, resolve_retreats, Orders, PhaseResult, Position, Power,
    RetreatOrder, Scenario, Unit, UnitKind,
};
use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Case {
    name: String,
    /// The rulings and worked examples this case pins, e.g. ["E1", "R30"].
    rules: Vec<String>,
    /// Units as `owner T AREA` (owner `autonomous` for neutral garrisons), `siege` appended for
    /// a counter of 1; ids follow R10.
    #[serde(default)]
    units: Vec<String>,
    /// Or a scenario's initial position.
    #[serde(default)]
    scenario: Option<String>,
    /// Lines that must be refused, with the reason code.
    #[serde(default)]
    rejected: Vec<Rejected>,
    phases: Vec<Phase>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Rejected {
    power: Power,
    line: String,
    reason: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Phase {
    orders: BTreeMap<Power, Vec<String>>,
    #[serde(default)]
    expect: Option<Expect>,
    /// Retreat lines per power; without it every retreating unit gets the default (disband).
    #[serde(default)]
    retreats: Option<BTreeMap<Power, Vec<String>>>,
    #[serde(default)]
    expect_retreats: Option<ExpectRetreats>,
    /// Retreat lines that must be refused, with the reason code.
    #[serde(default)]
    rejected_retreats: Vec<Rejected>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Expect {
    /// Unit at the start of the phase (`T AREA`) → outcome code.
    #[serde(default)]
    outcomes: BTreeMap<String, String>,
    #[serde(default)]
    void: BTreeMap<String, String>,
    #[serde(default)]
    siege: BTreeMap<String, String>,
    /// Unit → [ATTACK, HOLD or DEFEND to beat, largest rival PREVENT].
    #[serde(default)]
    strengths: BTreeMap<String, [u32; 3]>,
    #[serde(default)]
    standoffs: Option<Vec<String>>,
    /// Exactly these units wait for a retreat (a subset of keys is checked per unit).
    #[serde(default)]
    dislodged: Option<BTreeMap<String, Value>>,
    /// Units disbanded at once for lack of a retreat (`owner T AREA`).
    #[serde(default)]
    disbanded: Option<Vec<String>>,
    #[serde(default)]
    besieged_out: Option<Vec<u32>>,
    /// The whole board after the phase (`owner T AREA[ siege]`), in any order.
    #[serde(default)]
    units: Option<Vec<String>>,
    /// Some units after the phase and their ids.
    #[serde(default)]
    ids: BTreeMap<String, u32>,
    /// Units that must no longer be on the board.
    #[serde(default)]
    absent: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectRetreats {
    #[serde(default)]
    disbanded: Vec<String>,
    #[serde(default)]
    units: Option<Vec<String>>,
    #[serde(default)]
    ids: BTreeMap<String, u32>,
}

fn area(code: &str) -> Area {
    Area::from_code(code).unwrap_or_else(|| panic!("unknown area {code}"))
}

fn kind(letter: &str) -> UnitKind {
    match letter {
        "A" => UnitKind::Army,
        "F" => UnitKind::Fleet,
        "G" => UnitKind::Garrison,
        other => panic!("unknown unit type {other}"),
    }
}

fn describe(u: &Unit) -> String {
    let owner = u.owner.map(|p| p.slug()).unwrap_or("autonomous");
    let siege = if u.siege == 1 { " siege" } else { "" };
    format!("{owner} {} {}{siege}", u.kind.letter(), u.area)
}

fn short(u: &Unit) -> String {
    format!("{} {}", u.kind.letter(), u.area)
}

fn start(case: &Case) -> Position {
    if let Some(key) = &case.scenario {
        return Scenario::find(key)
            .expect("known scenario")
            .initial_position(false);
    }
    let placements = case
        .units
        .iter()
        .map(|s| {
            let w: Vec<&str> = s.split_whitespace().collect();
            let owner = (w[0] != "autonomous")
                .then(|| Power::find(w[0]).unwrap_or_else(|| panic!("unknown power {}", w[0])));
            let siege = u8::from(w.get(3) == Some(&"siege"));
            (owner, kind(w[1]), area(w[2]), siege)
        })
        .collect();
    let position = Position::with_units("balance", 1454, placements);
    assert_eq!(position.problems(), Vec::<String>::new(), "{}", case.name);
    position
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn check_ids(name: &str, position: &Position, ids: &BTreeMap<String, u32>) {
    for (text, id) in ids {
        let found = position.units.iter().find(|u| describe(u) == *text);
        assert_eq!(found.map(|u| u.id), Some(*id), "{name}: id of {text}");
    }
}

fn run(case: &Case) {
    let name = &case.name;
    assert!(!case.rules.is_empty(), "{name}: a case names its rules");
    let mut position = start(case);
    for r in &case.rejected {
        match accept(&position, r.power, &r.line) {
            Ok(_) => panic!("{name}: `{}` was accepted", r.line),
            Err(e) => {
                let text = serde_json::to_string(&e).unwrap();
                assert!(
                    text.contains(&r.reason),
                    "{name}: `{}` refused with {text}",
                    r.line
                );
            }
        }
    }
    for (k, phase) in case.phases.iter().enumerate() {
        let mut orders = Orders::new();
        for (power, lines) in &phase.orders {
            for line in lines {
                let (id, order) = accept(&position, *power, line)
                    .unwrap_or_else(|e| panic!("{name}: {power} `{line}` refused: {e:?}"));
                orders.insert(id, order);
            }
        }
        let result = adjudicate(&position, &orders);
        assert_eq!(
            result,
            adjudicate(&position, &orders),
            "{name}: deterministic"
        );
        assert_eq!(result.position.problems(), Vec::<String>::new(), "{name}");
        let stored = serde_json::to_string(&result).unwrap();
        let back: PhaseResult =
            serde_json::from_str(&stored).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(back, result, "{name}: the result round-trips through JSON");
        let report_of = |unit: &str| {
            result
                .reports
                .iter()
                .find(|r| short(&r.unit) == unit)
                .unwrap_or_else(|| panic!("{name}: no unit {unit} at the start of phase {k}"))
        };
        if let Some(x) = &phase.expect {
            for (unit, outcome) in &x.outcomes {
                let got = serde_json::to_value(report_of(unit).outcome).unwrap();
                assert_eq!(
                    got,
                    Value::String(outcome.clone()),
                    "{name}: outcome of {unit}"
                );
            }
            for (unit, reason) in &x.void {
                let got = serde_json::to_value(report_of(unit).void).unwrap();
                assert_eq!(got, Value::String(reason.clone()), "{name}: void of {unit}");
            }
            for (unit, [attack, resistance, rival]) in &x.strengths {
                let got = report_of(unit).strengths.expect("an entry has strengths");
                assert_eq!(
                    (got.attack, got.resistance, got.rival),
                    (*attack, *resistance, *rival),
                    "{name}: strengths of {unit}"
                );
            }
            for (unit, news) in &x.siege {
                let got = serde_json::to_value(report_of(unit).siege).unwrap();
                assert_eq!(got, Value::String(news.clone()), "{name}: siege of {unit}");
            }
            if let Some(s) = &x.standoffs {
                let got: Vec<String> = result.standoffs.iter().map(|a| a.to_string()).collect();
                assert_eq!(&got, s, "{name}: standoff areas");
            }
            if let Some(d) = &x.dislodged {
                let got: Vec<String> = result.retreats.iter().map(|r| short(&r.unit)).collect();
                let want: Vec<String> = d.keys().cloned().collect();
                assert_eq!(sorted(got), want, "{name}: units waiting to retreat");
                for (unit, subset) in d {
                    let r = result
                        .retreats
                        .iter()
                        .find(|r| short(&r.unit) == *unit)
                        .unwrap();
                    let actual = serde_json::to_value(r).unwrap();
                    for (key, value) in subset.as_object().expect("an object") {
                        assert_eq!(&actual[key], value, "{name}: {key} of dislodged {unit}");
                    }
                    let report = report_of(unit);
                    assert_eq!(
                        report.dislodged_from,
                        Some(r.origin),
                        "{name}: report of {unit}"
                    );
                }
            }
            if let Some(d) = &x.disbanded {
                let got: Vec<String> = result
                    .disbanded
                    .iter()
                    .map(|id| describe(position.unit(*id).unwrap()))
                    .collect();
                assert_eq!(sorted(got), sorted(d.clone()), "{name}: disbanded at once");
            }
            if let Some(b) = &x.besieged_out {
                assert_eq!(
                    &result.besieged_out, b,
                    "{name}: garrisons removed by siege"
                );
            }
            if let Some(u) = &x.units {
                let got: Vec<String> = result.position.units.iter().map(describe).collect();
                assert_eq!(
                    sorted(got),
                    sorted(u.clone()),
                    "{name}: units after the phase"
                );
            }
            check_ids(name, &result.position, &x.ids);
            for gone in &x.absent {
                assert!(
                    !result.position.units.iter().any(|u| describe(u) == *gone),
                    "{name}: {gone} should be gone"
                );
            }
        }
        for r in &phase.rejected_retreats {
            match accept_retreat(&result.retreats, r.power, &r.line) {
                Ok(_) => panic!("{name}: retreat `{}` was accepted", r.line),
                Err(e) => {
                    let text = serde_json::to_string(&e).unwrap();
                    assert!(
                        text.contains(&r.reason),
                        "{name}: `{}` refused with {text}",
                        r.line
                    );
                }
            }
        }
        let mut retreat_orders: BTreeMap<u32, RetreatOrder> = BTreeMap::new();
        for (power, lines) in phase.retreats.iter().flatten() {
            for line in lines {
                let (id, order) = accept_retreat(&result.retreats, *power, line)
                    .unwrap_or_else(|e| panic!("{name}: {power} retreat `{line}` refused: {e:?}"));
                retreat_orders.insert(id, order);
            }
        }
        let after = resolve_retreats(&result.position, &result.retreats, &retreat_orders);
        assert_eq!(after.position.problems(), Vec::<String>::new(), "{name}");
        if let Some(x) = &phase.expect_retreats {
            let got: Vec<String> = after
                .disbanded
                .iter()
                .map(|id| {
                    describe(
                        &result
                            .retreats
                            .iter()
                            .find(|r| r.unit.id == *id)
                            .unwrap()
                            .unit,
                    )
                })
                .collect();
            assert_eq!(
                sorted(got),
                sorted(x.disbanded.clone()),
                "{name}: disbanded retreats"
            );
            if let Some(u) = &x.units {
                let got: Vec<String> = after.position.units.iter().map(describe).collect();
                assert_eq!(
                    sorted(got),
                    sorted(u.clone()),
                    "{name}: units after retreats"
                );
            }
            check_ids(name, &after.position, &x.ids);
        }
        position = after.position;
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
        crate::conformance::check_by_panic(|| run(self))
    }
}
