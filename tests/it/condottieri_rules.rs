//! Condottieri rules tests as data: every file in tests/condottieri/*.json holds cases written as
//! a position, orders in written form per power, and the expected result; this runner reads them.

use corriere::engine::condottieri::finances::is_money_line;
use corriere::engine::condottieri::map::Area;
use corriere::engine::condottieri::{
    accept, accept_buying, accept_retreat, adjudicate, apply_adjust_line, apply_money_line,
    resolve_retreats, Adjustment, Game, Options, Orders, PhaseResult, Position, Power, Rebellion,
    Report, RetreatOrder, Scenario, Scripted, Spending, Submissions, Unit, UnitKind,
};
use serde::Deserialize;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

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
    #[serde(default)]
    phases: Vec<Phase>,
    /// A case of the year (§5, §9–§12): the game's options, where it starts and its steps,
    /// run through `Game::next_with` (see `year_run`).
    #[serde(default)]
    year: Option<YearCase>,
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
            let siege = u8::from(w.contains(&"siege"));
            (owner, kind(w[1]), area(w[2]), siege)
        })
        .collect();
    let mut position = Position::with_units("balance", 1454, placements);
    // `#n` after a unit gives it id n (worked examples that name ids); the others keep R10's.
    let explicit: Vec<Option<u32>> = case
        .units
        .iter()
        .map(|s| {
            s.split_whitespace()
                .find_map(|w| w.strip_prefix('#').map(|n| n.parse().expect("an id")))
        })
        .collect();
    if explicit.iter().any(Option::is_some) {
        for (text, id) in case.units.iter().zip(&explicit) {
            let Some(id) = id else { continue };
            let w: Vec<&str> = text.split_whitespace().collect();
            let u = position
                .units
                .iter_mut()
                .find(|u| u.kind == kind(w[1]) && u.area == area(w[2]))
                .expect("placed");
            u.id = *id;
        }
        position.units.sort_by_key(|u| u.id);
        position.next_id = position.units.iter().map(|u| u.id).max().unwrap_or(0) + 1;
    }
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
    if let Some(year) = &case.year {
        return year_run(case, year);
    }
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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct YearCase {
    /// The creation options, scenario included.
    options: Options,
    /// The phase the case starts in, e.g. `1456 autumn orders`; the units' Spring orders of
    /// the scenario's first year when left out.
    #[serde(default)]
    phase: Option<String>,
    /// Markers that differ from the scenario's initial control: area → power, or `none`.
    #[serde(default)]
    control: BTreeMap<String, String>,
    #[serde(default)]
    treasury: BTreeMap<Power, u32>,
    #[serde(default)]
    famine: Vec<String>,
    #[serde(default)]
    storms: Vec<String>,
    #[serde(default)]
    rebellions: BTreeMap<String, Rebellion>,
    #[serde(default)]
    eliminated: Vec<Power>,
    #[serde(default)]
    conquerors: BTreeMap<Power, Power>,
    steps: Vec<YearStep>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct YearStep {
    /// Each power's lines for the open phase: orders and money lines in an orders phase,
    /// retreat lines in a retreat phase, adjustment lines in an adjustments phase.
    #[serde(default)]
    lines: BTreeMap<Power, Vec<String>>,
    /// Lines that must be refused (after the accepted ones), with the reason code.
    #[serde(default)]
    rejected: Vec<Rejected>,
    #[serde(default)]
    draw: Vec<Power>,
    /// The dice this step draws, in order (§14); a case that rolls must script them.
    #[serde(default)]
    dice: Vec<u8>,
    #[serde(default)]
    expect: YearExpect,
}

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct YearExpect {
    /// The phase open after the step, or `ended`.
    #[serde(default)]
    next: Option<String>,
    #[serde(default)]
    end: Option<Value>,
    /// Event tags that must occur, and ones that must not.
    #[serde(default)]
    events: Vec<String>,
    #[serde(default)]
    no_events: Vec<String>,
    #[serde(default)]
    units: Option<Vec<String>>,
    #[serde(default)]
    ids: BTreeMap<String, u32>,
    #[serde(default)]
    absent: Vec<String>,
    /// Area → power or `none`.
    #[serde(default)]
    control: BTreeMap<String, String>,
    #[serde(default)]
    treasury: BTreeMap<Power, u32>,
    /// Power → some fields of its income breakdown.
    #[serde(default)]
    income: BTreeMap<Power, Value>,
    #[serde(default)]
    famine: Option<Vec<String>>,
    #[serde(default)]
    storms: Option<Vec<String>>,
    #[serde(default)]
    rebellions: Option<Vec<String>>,
    #[serde(default)]
    eliminated: Option<Vec<Power>>,
    #[serde(default)]
    conquerors: Option<BTreeMap<Power, Power>>,
    /// In the phase now open: power → [must disband, may build].
    #[serde(default)]
    dues: BTreeMap<Power, [usize; 2]>,
    #[serde(default)]
    asked: Option<Vec<Power>>,
    /// Some fields of each disaster roll, in order.
    #[serde(default)]
    rolls: Vec<Value>,
    /// Per payer and kind: whether its expense succeeded, e.g. "papacy buy": true.
    #[serde(default)]
    expenses: BTreeMap<String, bool>,
}

fn phase_name(game: &Game) -> String {
    let word = |v: Value| v.as_str().unwrap().to_string();
    format!(
        "{} {} {}",
        game.phase.year,
        word(serde_json::to_value(game.phase.season).unwrap()),
        word(serde_json::to_value(game.phase.step).unwrap())
    )
}

fn subset(name: &str, what: &str, actual: &Value, wanted: &Value) {
    for (key, value) in wanted.as_object().expect("an object") {
        assert_eq!(&actual[key], value, "{name}: {key} of {what}");
    }
}

fn year_start(case: &Case, y: &YearCase) -> Game {
    let scenario = Scenario::find(&y.options.scenario).expect("known scenario");
    let mut position = if case.units.is_empty() && case.scenario.is_some() {
        scenario.initial_position(y.options.finances)
    } else {
        let mut p = start(case);
        p.scenario = scenario.key.to_string();
        p.year = scenario.year;
        p.disabled = scenario.disabled_areas();
        p.control = scenario.initial_position(false).control;
        p
    };
    for (a, p) in &y.control {
        match p.as_str() {
            "none" => position.control.remove(&area(a)),
            p => position
                .control
                .insert(area(a), Power::find(p).expect("a power")),
        };
    }
    for (p, t) in &y.treasury {
        position.treasury.insert(*p, *t);
    }
    position.famine = y.famine.iter().map(|a| area(a)).collect();
    position.storms = y.storms.iter().map(|a| area(a)).collect();
    position.rebellions = y.rebellions.iter().map(|(a, r)| (area(a), *r)).collect();
    let mut game = Game::at(y.options.clone(), position);
    if let Some(phase) = &y.phase {
        let w: Vec<&str> = phase.split_whitespace().collect();
        game.phase.year = w[0].parse().expect("a year");
        game.phase.season = serde_json::from_value(Value::String(w[1].into())).expect("season");
        game.phase.step = serde_json::from_value(Value::String(w[2].into())).expect("step");
        game.position.year = game.phase.year;
        game.position.season = game.phase.season;
    }
    game.eliminated = y.eliminated.clone();
    game.conquerors = y.conquerors.clone();
    assert_eq!(
        game.position.problems(),
        Vec::<String>::new(),
        "{}",
        case.name
    );
    game
}

/// Routes one line to the part of the submission the open phase reads; `Err` is the refusal.
fn take_line(game: &Game, input: &mut Submissions, power: Power, line: &str) -> Result<(), String> {
    use corriere::engine::condottieri::Step;
    let show = |e: &dyn erased::Show| e.show();
    match game.phase.step {
        Step::Orders if is_money_line(line) => {
            let mut spending: Spending = input.money.get(&power).cloned().unwrap_or_default();
            apply_money_line(
                &game.position,
                &game.surviving(),
                power,
                &mut spending,
                line,
            )
            .map_err(|e| show(&e))?;
            input.money.insert(power, spending);
            Ok(())
        }
        Step::Orders => {
            let buying = input
                .money
                .get(&power)
                .map(|s| s.buying())
                .unwrap_or_default();
            let (id, order) =
                accept_buying(&game.position, power, &buying, line).map_err(|e| show(&e))?;
            input.orders.entry(power).or_default().insert(id, order);
            Ok(())
        }
        Step::Retreats => {
            let (id, order) =
                accept_retreat(&game.retreating, power, line).map_err(|e| show(&e))?;
            input.retreats.insert(id, order);
            Ok(())
        }
        Step::Adjustments => {
            let dues = game.dues();
            let (due, cities) = dues
                .iter()
                .find(|(d, _)| d.power == power)
                .ok_or_else(|| "not_asked".to_string())?;
            let mut adj: Adjustment = input.adjustments.get(&power).cloned().unwrap_or_default();
            apply_adjust_line(&game.position, due, cities, &mut adj, line).map_err(|e| show(&e))?;
            input.adjustments.insert(power, adj);
            Ok(())
        }
    }
}

mod erased {
    /// A refusal as its JSON text, which names its code.
    pub trait Show {
        fn show(&self) -> String;
    }
    impl<T: serde::Serialize> Show for T {
        fn show(&self) -> String {
            serde_json::to_string(self).unwrap()
        }
    }
}

fn year_run(case: &Case, y: &YearCase) {
    let name = &case.name;
    let mut game = year_start(case, y);
    for (k, step) in y.steps.iter().enumerate() {
        let mut input = Submissions::default();
        for (power, lines) in &step.lines {
            for line in lines {
                take_line(&game, &mut input, *power, line)
                    .unwrap_or_else(|e| panic!("{name}: step {k}: {power} `{line}` refused: {e}"));
            }
        }
        for r in &step.rejected {
            let mut scratch = input.clone();
            match take_line(&game, &mut scratch, r.power, &r.line) {
                Ok(()) => panic!("{name}: step {k}: `{}` was accepted", r.line),
                Err(text) => assert!(
                    text.contains(&r.reason),
                    "{name}: `{}` refused with {text}",
                    r.line
                ),
            }
            assert!(scratch == input, "{name}: a refused line changes nothing");
        }
        input.draw = step.draw.iter().copied().collect::<BTreeSet<Power>>();
        let mut dice = Scripted(step.dice.iter().copied().collect());
        let (next, report) = game.next_with(&input, &mut dice);
        assert!(
            dice.0.is_empty(),
            "{name}: step {k}: dice left over {:?}",
            dice.0
        );
        let mut again = Scripted(step.dice.iter().copied().collect());
        assert_eq!(
            game.next_with(&input, &mut again),
            (next.clone(), report.clone()),
            "{name}: deterministic"
        );
        assert_eq!(
            next.position.problems(),
            Vec::<String>::new(),
            "{name}: step {k}"
        );
        let text = serde_json::to_string(&next).unwrap();
        assert_eq!(
            serde_json::from_str::<Game>(&text).unwrap(),
            next,
            "{name}: game JSON"
        );
        let text = serde_json::to_string(&report).unwrap();
        assert_eq!(
            serde_json::from_str::<Report>(&text).unwrap(),
            report,
            "{name}: report JSON"
        );
        check_year(name, k, &game, &next, &report, &step.expect);
        game = next;
    }
}

fn check_year(name: &str, k: usize, before: &Game, game: &Game, report: &Report, x: &YearExpect) {
    let name = format!("{name}: step {k}");
    let events: Vec<Value> = report
        .events
        .iter()
        .map(|e| serde_json::to_value(e).unwrap())
        .collect();
    let tags: Vec<&str> = events
        .iter()
        .map(|e| e["event"].as_str().unwrap())
        .collect();
    if let Some(next) = &x.next {
        let got = if game.end.is_some() {
            "ended".to_string()
        } else {
            phase_name(game)
        };
        assert_eq!(&got, next, "{name}: the phase now open");
    }
    if let Some(end) = &x.end {
        assert_eq!(
            &serde_json::to_value(&game.end).unwrap(),
            end,
            "{name}: end"
        );
    }
    for e in &x.events {
        assert!(
            tags.contains(&e.as_str()),
            "{name}: no event {e} in {tags:?}"
        );
    }
    for e in &x.no_events {
        assert!(!tags.contains(&e.as_str()), "{name}: event {e} in {tags:?}");
    }
    if let Some(u) = &x.units {
        let got: Vec<String> = game.position.units.iter().map(describe).collect();
        assert_eq!(sorted(got), sorted(u.clone()), "{name}: units");
    }
    check_ids(&name, &game.position, &x.ids);
    for gone in &x.absent {
        assert!(
            !game.position.units.iter().any(|u| describe(u) == *gone),
            "{name}: {gone} should be gone"
        );
    }
    for (a, p) in &x.control {
        let got = game
            .position
            .control
            .get(&area(a))
            .map(|p| p.slug())
            .unwrap_or("none");
        assert_eq!(got, p, "{name}: control of {a}");
    }
    for (p, t) in &x.treasury {
        assert_eq!(
            game.position.treasury.get(p),
            Some(t),
            "{name}: treasury of {p}"
        );
    }
    for (p, wanted) in &x.income {
        let got = events
            .iter()
            .find(|e| e["event"] == "income" && e["power"] == p.slug())
            .unwrap_or_else(|| panic!("{name}: no income for {p}"));
        subset(&name, &format!("{p}'s income"), &got["income"], wanted);
    }
    let codes = |v: &[corriere::engine::condottieri::map::Area]| {
        v.iter().map(|a| a.to_string()).collect::<Vec<_>>()
    };
    if let Some(f) = &x.famine {
        assert_eq!(
            &codes(game.position.famine.as_slice()),
            f,
            "{name}: famine markers"
        );
    }
    if let Some(f) = &x.storms {
        assert_eq!(
            &codes(game.position.storms.as_slice()),
            f,
            "{name}: storm markers"
        );
    }
    if let Some(r) = &x.rebellions {
        let got: Vec<String> = game
            .position
            .rebellions
            .keys()
            .map(|a| a.to_string())
            .collect();
        assert_eq!(&got, r, "{name}: rebellions");
    }
    if let Some(e) = &x.eliminated {
        assert_eq!(&game.eliminated, e, "{name}: eliminated");
    }
    if let Some(c) = &x.conquerors {
        assert_eq!(&game.conquerors, c, "{name}: conquerors");
    }
    if !x.dues.is_empty() {
        let dues = game.dues();
        for (p, [must, may]) in &x.dues {
            let got = dues
                .iter()
                .find(|(d, _)| d.power == *p)
                .map(|(d, _)| [d.must_disband, d.may_build])
                .unwrap_or([0, 0]);
            assert_eq!(&got, &[*must, *may], "{name}: dues of {p}");
        }
    }
    if let Some(a) = &x.asked {
        assert_eq!(&game.asked(), a, "{name}: asked");
    }
    let rolls: Vec<&Value> = events.iter().filter(|e| e["event"] == "roll").collect();
    assert!(rolls.len() >= x.rolls.len(), "{name}: rolls {rolls:?}");
    for (got, wanted) in rolls.iter().zip(&x.rolls) {
        subset(&name, "a roll", &got["roll"], wanted);
    }
    if !x.expenses.is_empty() {
        let money = events
            .iter()
            .find(|e| e["event"] == "money")
            .unwrap_or_else(|| panic!("{name}: no money event"));
        for (key, ok) in &x.expenses {
            let (payer, kind) = key.split_once(' ').expect("`payer kind`");
            let found = money["result"]["expenses"]
                .as_array()
                .unwrap()
                .iter()
                .find(|r| r["payer"] == payer && r["expense"]["kind"] == kind)
                .unwrap_or_else(|| panic!("{name}: no expense {key}"));
            assert_eq!(
                found["succeeded"],
                Value::Bool(*ok),
                "{name}: expense {key}"
            );
        }
    }
    let _ = before;
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
