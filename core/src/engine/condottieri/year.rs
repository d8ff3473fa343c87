//! The year of §5 as a pure state machine: the game between phases (`Game`), which phase is open
//! and who decides in it, and `Game::next`, which resolves the open phase with every power's
//! submission and runs the automatic steps up to the next phase that asks for a decision.

use super::adjudicate::{adjudicate, PhaseResult, Retreating};
use super::adjust::{due, resolve_adjustments, AdjustResult, Adjustment, Due};
use super::control::{
    at_limit, conquests, eliminated, remove_powers, update_control, victory, ControlChange, End,
    Goal,
};
use super::disasters::{roll, Dice, Disaster, Roll, SeededDice};
use super::finances::{income, resolve_money, Income, MoneyResult, Spending};
use super::map::Area;
use super::orders::Orders;
use super::retreats::{resolve_retreats, RetreatOrder, RetreatResult};
use super::scenario::Scenario;
use super::state::{Position, Power, Season, UnitKind};
use crate::engine::Seed;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The kind of a phase (§5.1): the steps that ask powers for decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    Adjustments,
    Orders,
    Retreats,
}

/// A phase, named by year, season and kind: "1454 Spring orders" (conventions of the reference).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Phase {
    pub year: u16,
    pub season: Season,
    pub step: Step,
}

/// The creation options (§1.1, §1.4): every module off by default, the standard goal, no years
/// limit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// The scenario key (§4.2); `balance` when left out.
    #[serde(default = "default_scenario")]
    pub scenario: String,
    #[serde(default)]
    pub finances: bool,
    #[serde(default)]
    pub famine: bool,
    #[serde(default)]
    pub plague: bool,
    #[serde(default)]
    pub storms: bool,
    #[serde(default)]
    pub conquest: bool,
    #[serde(default)]
    pub goal: Goal,
    /// §9.6: the game ends after the end of Autumn of year start + N − 1.
    #[serde(default)]
    pub years_limit: Option<u16>,
}

impl Default for Options {
    fn default() -> Options {
        Options::of(Scenario::default_key())
    }
}

fn default_scenario() -> String {
    Scenario::default_key().to_owned()
}

/// Why options cannot make a game (each has a message in the catalogs).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "problem")]
pub enum OptionProblem {
    UnknownScenario,
    /// A years limit of 0, or one past the year 9999.
    YearsLimit,
}

impl Options {
    /// The standard options for `scenario`.
    pub fn of(scenario: &str) -> Options {
        Options {
            scenario: scenario.to_owned(),
            finances: false,
            famine: false,
            plague: false,
            storms: false,
            conquest: false,
            goal: Goal::Standard,
            years_limit: None,
        }
    }
    /// Every problem with these options, empty when a game can be made of them.
    pub fn problems(&self) -> Vec<OptionProblem> {
        let mut out = Vec::new();
        match Scenario::find(&self.scenario) {
            None => out.push(OptionProblem::UnknownScenario),
            Some(s) => {
                if self
                    .years_limit
                    .is_some_and(|n| n == 0 || u32::from(s.year) + u32::from(n) > 9999)
                {
                    out.push(OptionProblem::YearsLimit);
                }
            }
        }
        out
    }
}

/// Everything every power submitted for the open phase. Only the part of the phase's kind is
/// read: orders and money in an orders phase, retreats in a retreat phase, adjustments in an
/// adjustments phase; draw votes in any.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Submissions {
    /// Each power's accepted orders by unit id (D1). A unit obeys its owner's order after the
    /// money is settled, so a bought unit obeys its buyer (R44).
    #[serde(default)]
    pub orders: BTreeMap<Power, Orders>,
    /// Each power's expenses and transfers (D2, Finances).
    #[serde(default)]
    pub money: BTreeMap<Power, Spending>,
    /// Retreat orders by unit id (D3); a unit without one is disbanded.
    #[serde(default)]
    pub retreats: BTreeMap<u32, RetreatOrder>,
    /// Each power's adjustment lines (D4–D6); a power without any gets the defaults.
    #[serde(default)]
    pub adjustments: BTreeMap<Power, Adjustment>,
    /// The powers voting for a draw in this phase (D7).
    #[serde(default)]
    pub draw: BTreeSet<Power>,
}

/// Something that happened while a phase resolved or in the automatic steps after it, in the
/// order it happened. `Income` is private to its power (§13); everything else is public.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "event", deny_unknown_fields)]
pub enum Event {
    /// Every surviving power voted for a draw (§9.7).
    DrawAgreed,
    Adjustments {
        result: AdjustResult,
    },
    /// Step 1 of §7.1: transfers, expenses, rebellions and bribes.
    Money {
        result: MoneyResult,
    },
    Orders {
        result: Box<PhaseResult>,
    },
    Retreats {
        result: RetreatResult,
    },
    /// Rebellions removed after the retreats: liberated by a retreating unit (§11.5).
    Liberated {
        areas: Vec<Area>,
    },
    /// End of Spring (§12.2): every unit in a famine area eliminated; the markers removed.
    FamineLosses {
        areas: Vec<Area>,
        units: Vec<u32>,
    },
    /// A disaster roll (§12.1), public when rolled.
    Roll {
        roll: Roll,
    },
    /// Start of Summer (§12.3): units in the plague's areas eliminated.
    PlagueLosses {
        units: Vec<u32>,
    },
    /// End of Autumn (§12.4): fleets in storm seas eliminated; the markers removed.
    StormLosses {
        units: Vec<u32>,
    },
    /// §9.3: powers eliminated together, and their units.
    Eliminated {
        powers: Vec<Power>,
        units: Vec<u32>,
    },
    /// §9.2: markers that changed, (area, before, after).
    Control {
        changes: Vec<ControlChange>,
    },
    /// §9.4: a new conqueror.
    Conquest {
        conquered: Power,
        by: Power,
    },
    /// §11.2: the income die, public.
    IncomeDie {
        die: u8,
    },
    /// §11.2: one power's income, private to it until the game ends.
    Income {
        power: Power,
        income: Income,
    },
    Ended {
        end: End,
    },
}

/// What resolving a phase did: the phase, the events in order, and the phase now open (the
/// same as `phase` is impossible; `None` when the game ended).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Report {
    pub phase: Phase,
    pub events: Vec<Event>,
    pub next: Option<Phase>,
}

/// A game of Condottieri between phases: the options, the open phase, the position, the units
/// waiting to retreat, the eliminated powers and conquerors, how far the dice stream was read,
/// and the end once there is one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Game {
    pub options: Options,
    pub phase: Phase,
    pub position: Position,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub retreating: Vec<Retreating>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub eliminated: Vec<Power>,
    /// Conquered power → its conqueror (§9.4).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub conquerors: BTreeMap<Power, Power>,
    /// 32-bit words read so far from the stream `condottieri/dice` (§14).
    #[serde(default)]
    pub dice: u64,
    #[serde(default)]
    pub end: Option<End>,
}

impl Game {
    /// A new game (§4.5): the scenario's initial position, and the Spring orders phase of its
    /// first year (R11).
    pub fn new(options: Options) -> Result<Game, Vec<OptionProblem>> {
        let problems = options.problems();
        if !problems.is_empty() {
            return Err(problems);
        }
        let scenario = Scenario::find(&options.scenario).expect("checked");
        let position = scenario.initial_position(options.finances);
        Ok(Game::at(options, position))
    }

    /// A game at the orders phase of `position`'s season, for tests and worked examples that
    /// start from a position of their own.
    pub fn at(options: Options, position: Position) -> Game {
        Game {
            phase: Phase {
                year: position.year,
                season: position.season,
                step: Step::Orders,
            },
            options,
            position,
            retreating: Vec::new(),
            eliminated: Vec::new(),
            conquerors: BTreeMap::new(),
            dice: 0,
            end: None,
        }
    }

    pub fn scenario(&self) -> &'static Scenario {
        Scenario::find(&self.position.scenario).expect("a known scenario")
    }

    /// The powers still in the game, in slug order.
    pub fn surviving(&self) -> Vec<Power> {
        let mut out: Vec<Power> = self
            .scenario()
            .power_list()
            .into_iter()
            .filter(|p| !self.eliminated.contains(p))
            .collect();
        out.sort();
        out
    }

    /// The cities where `power` may build (§10.2): its home cities, and with Conquest those of
    /// the powers it has conquered.
    pub fn build_cities(&self, power: Power) -> Vec<Area> {
        let scenario = self.scenario();
        let mut out = scenario
            .setup_of(power)
            .map(|s| s.home_cities())
            .unwrap_or_default();
        if self.options.conquest {
            for (e, c) in &self.conquerors {
                if *c == power {
                    out.extend(
                        scenario
                            .setup_of(*e)
                            .map(|s| s.home_cities())
                            .unwrap_or_default(),
                    );
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// What each surviving power has to decide in the adjustments phase (§10.1, §11.3), with
    /// its build cities; only those asked.
    pub fn dues(&self) -> Vec<(Due, Vec<Area>)> {
        let finances = self.options.finances;
        self.surviving()
            .into_iter()
            .map(|p| {
                let cities = self.build_cities(p);
                (due(&self.position, p, &cities, finances), cities)
            })
            .filter(|(d, _)| {
                if finances {
                    d.treasury > 0 || self.position.units_of(d.power).next().is_some()
                } else {
                    d.asked()
                }
            })
            .collect()
    }

    /// The powers asked for a decision in the open phase (§15.1), in slug order; empty once the
    /// game has ended.
    pub fn asked(&self) -> Vec<Power> {
        if self.end.is_some() {
            return Vec::new();
        }
        match self.phase.step {
            Step::Adjustments => self.dues().into_iter().map(|(d, _)| d.power).collect(),
            Step::Orders => self
                .surviving()
                .into_iter()
                .filter(|p| self.options.finances || self.position.units_of(*p).next().is_some())
                .collect(),
            Step::Retreats => {
                let set: BTreeSet<Power> = self
                    .retreating
                    .iter()
                    .filter_map(|r| r.unit.owner)
                    .collect();
                set.into_iter().collect()
            }
        }
    }

    /// The conquered powers whose rights `power` holds (§9.4), with Conquest on.
    fn conquered_by(&self, power: Power) -> Vec<Power> {
        if !self.options.conquest {
            return Vec::new();
        }
        self.conquerors
            .iter()
            .filter(|(_, c)| **c == power)
            .map(|(e, _)| *e)
            .collect()
    }

    /// Resolves the open phase with `input` and the game's own dice (the stream
    /// `condottieri/dice` of `seed`, resumed where it stopped).
    pub fn next(&self, input: &Submissions, seed: &Seed) -> (Game, Report) {
        let mut dice = SeededDice::new(seed, self.dice);
        let (mut game, report) = self.next_with(input, &mut dice);
        game.dice = dice.position();
        (game, report)
    }

    /// Resolves the open phase with `input`, drawing from `dice`, and runs the automatic steps
    /// of §5.1 up to the next phase that asks for a decision (a skipped phase, §5.3, asks
    /// nothing and is passed over).
    pub fn next_with(&self, input: &Submissions, dice: &mut dyn Dice) -> (Game, Report) {
        let mut g = self.clone();
        let mut events = Vec::new();
        let phase = self.phase;
        if self.end.is_some() {
            return (
                g,
                Report {
                    phase,
                    events,
                    next: None,
                },
            );
        }
        let surviving = self.surviving();
        if !surviving.is_empty() && surviving.iter().all(|p| input.draw.contains(p)) {
            events.push(Event::DrawAgreed);
            g.finish(End::Draw { powers: surviving }, &mut events);
            return (
                g,
                Report {
                    phase,
                    events,
                    next: None,
                },
            );
        }
        match phase.step {
            Step::Adjustments => {
                let dues = self.dues();
                let (result, position) =
                    resolve_adjustments(&self.position, &dues, &input.adjustments);
                g.position = position;
                events.push(Event::Adjustments { result });
                g.phase.step = Step::Orders;
            }
            Step::Orders => {
                let mut position = self.position.clone();
                let mut bought = Vec::new();
                if self.options.finances {
                    let money: BTreeMap<Power, Spending> = input
                        .money
                        .iter()
                        .filter(|(p, _)| surviving.contains(p))
                        .map(|(p, s)| (*p, s.clone()))
                        .collect();
                    let result = resolve_money(&mut position, &money);
                    bought = result
                        .bought
                        .iter()
                        .filter_map(|(id, buyer)| position.unit(*id).map(|u| (u.area, *buyer)))
                        .collect::<Vec<(Area, Power)>>();
                    events.push(Event::Money { result });
                }
                // Orders of units that no longer exist are dropped; a unit obeys its owner now.
                let orders: Orders = position
                    .units
                    .iter()
                    .filter_map(|u| {
                        let order = input.orders.get(&u.owner?)?.get(&u.id)?;
                        Some((u.id, *order))
                    })
                    .collect();
                let result = adjudicate(&position, &orders);
                g.position = result.position.clone();
                // §11.5: a unit in a rebellion's area bought by another power liberates it.
                for (area, buyer) in bought {
                    if g.position
                        .rebellions
                        .get(&area)
                        .is_some_and(|r| r.against != buyer)
                    {
                        g.position.rebellions.remove(&area);
                    }
                }
                let retreats = result.retreats.clone();
                events.push(Event::Orders {
                    result: Box::new(result),
                });
                if retreats.is_empty() {
                    g.end_of_season(dice, &mut events);
                } else {
                    g.retreating = retreats;
                    g.phase.step = Step::Retreats;
                }
            }
            Step::Retreats => {
                let result = resolve_retreats(&self.position, &self.retreating, &input.retreats);
                g.position = result.position.clone();
                let mut liberated = Vec::new();
                for (id, to) in &result.retreated {
                    let Some(area) = to else { continue };
                    let owner = g.position.unit(*id).and_then(|u| u.owner);
                    if g.position
                        .rebellions
                        .get(area)
                        .is_some_and(|r| owner != Some(r.against))
                    {
                        g.position.rebellions.remove(area);
                        liberated.push(*area);
                    }
                }
                g.retreating.clear();
                events.push(Event::Retreats { result });
                if !liberated.is_empty() {
                    liberated.sort();
                    events.push(Event::Liberated { areas: liberated });
                }
                g.end_of_season(dice, &mut events);
            }
        }
        g.position.year = g.phase.year;
        g.position.season = g.phase.season;
        let next = g.end.is_none().then_some(g.phase);
        (
            g,
            Report {
                phase,
                events,
                next,
            },
        )
    }

    fn finish(&mut self, end: End, events: &mut Vec<Event>) {
        events.push(Event::Ended { end: end.clone() });
        self.end = Some(end);
    }

    /// Eliminates every unit in `areas` (field and city, any owner); their ids in id order.
    fn strike(&mut self, areas: &[Area], only: Option<UnitKind>) -> Vec<u32> {
        let hit =
            |u: &super::state::Unit| areas.contains(&u.area) && only.is_none_or(|k| k == u.kind);
        let gone: Vec<u32> = self
            .position
            .units
            .iter()
            .filter(|u| hit(u))
            .map(|u| u.id)
            .collect();
        self.position.units.retain(|u| !hit(u));
        gone
    }

    /// The automatic steps after a season's retreats (§5.1 steps 4–5, 8, 11–17) and the opening
    /// of the next phase.
    fn end_of_season(&mut self, dice: &mut dyn Dice, events: &mut Vec<Event>) {
        match self.phase.season {
            Season::Spring => {
                // Step 4: famine losses, then every marker goes.
                let areas = std::mem::take(&mut self.position.famine);
                if !areas.is_empty() {
                    let units = self.strike(&areas, None);
                    events.push(Event::FamineLosses { areas, units });
                }
                // Step 5: the plague roll (§14 item 2).
                if self.options.plague {
                    let r = roll(Disaster::Plague, dice);
                    let units = self.strike(&r.areas, None);
                    events.push(Event::Roll { roll: r });
                    events.push(Event::PlagueLosses { units });
                }
                self.phase.season = Season::Summer;
                self.phase.step = Step::Orders;
            }
            Season::Summer => {
                // Step 8: the storm roll (§14 item 3).
                if self.options.storms {
                    let r = roll(Disaster::Storms, dice);
                    self.position.storms = r.areas.clone();
                    events.push(Event::Roll { roll: r });
                }
                self.phase.season = Season::Autumn;
                self.phase.step = Step::Orders;
            }
            Season::Autumn => self.end_of_autumn(dice, events),
        }
    }

    /// §5.1 steps 11–17, the years limit, and the opening of the next year.
    fn end_of_autumn(&mut self, dice: &mut dyn Dice, events: &mut Vec<Event>) {
        // Step 11: storm losses.
        let seas = std::mem::take(&mut self.position.storms);
        if !seas.is_empty() {
            let units = self.strike(&seas, Some(UnitKind::Fleet));
            events.push(Event::StormLosses { units });
        }
        // Step 12: elimination, judged before the update (R34).
        let out = eliminated(&self.position, &self.surviving());
        if !out.is_empty() {
            let units = remove_powers(&mut self.position, &out);
            self.eliminated.extend(out.iter().copied());
            self.eliminated.sort();
            events.push(Event::Eliminated {
                powers: out.clone(),
                units,
            });
        }
        // Step 13: the control update (R33).
        let changes = update_control(&mut self.position);
        if !changes.is_empty() {
            events.push(Event::Control { changes });
        }
        // Step 14: victory; the last power standing wins; none left is a draw among the powers
        // eliminated this Autumn (§9.5).
        let surviving = self.surviving();
        let end = match surviving.as_slice() {
            [] => Some(End::Draw { powers: out }),
            [one] => Some(End::Winner { power: *one }),
            _ => victory(&self.position, &surviving, self.options.goal)
                .map(|power| End::Winner { power }),
        };
        if let Some(end) = end {
            self.finish(end, events);
            return;
        }
        // Step 15: conquest (R35).
        if self.options.conquest {
            let eliminated = self.eliminated.clone();
            for (conquered, by) in conquests(&self.position, &eliminated, &mut self.conquerors) {
                events.push(Event::Conquest { conquered, by });
            }
        }
        // Step 16: the famine roll (§14 item 4), markers for the coming Spring.
        if self.options.famine {
            let r = roll(Disaster::Famine, dice);
            self.position.famine = r
                .areas
                .iter()
                .copied()
                .filter(|a| !self.position.is_disabled(*a))
                .collect();
            events.push(Event::Roll { roll: r });
        }
        // Step 17: income, one die for everybody (R41).
        if self.options.finances {
            let d = dice.d6();
            events.push(Event::IncomeDie { die: d });
            for p in &surviving {
                let i = income(&self.position, *p, d, &self.conquered_by(*p));
                *self.position.treasury.entry(*p).or_insert(0) += i.total;
                events.push(Event::Income {
                    power: *p,
                    income: i,
                });
            }
        }
        // §9.6: the years limit, after every end-of-Autumn step.
        let start = self.scenario().year;
        if let Some(n) = self.options.years_limit {
            if u32::from(self.phase.year) + 1 >= u32::from(start) + u32::from(n) {
                let end = at_limit(&self.position, &surviving);
                self.finish(end, events);
                return;
            }
        }
        // The next year opens with its adjustments when they are held (§5.3, R12).
        self.phase.year += 1;
        self.phase.season = Season::Spring;
        self.position.year = self.phase.year;
        self.position.season = Season::Spring;
        // Without Finances only when someone may build or must disband; with Finances every
        // Spring after the first (this is never the first), unless nobody has units or ducats.
        let held = !self.dues().is_empty();
        self.phase.step = if held {
            Step::Adjustments
        } else {
            Step::Orders
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::condottieri::disasters::Scripted;
    use crate::engine::condottieri::finances::apply_money_line;
    use crate::engine::condottieri::written::accept_buying;

    fn a(code: &str) -> Area {
        Area::from_code(code).unwrap()
    }

    #[test]
    fn a_year_of_holds_in_the_balance_of_power_comes_back_to_spring_orders() {
        let mut g = Game::new(Options::default()).unwrap();
        let mut seen = Vec::new();
        for _ in 0..3 {
            let (next, report) = g.next(&Submissions::default(), &Seed::from_u64(1));
            seen.push(report.next.unwrap());
            g = next;
        }
        let steps: Vec<(u16, Season, Step)> =
            seen.iter().map(|p| (p.year, p.season, p.step)).collect();
        assert_eq!(
            steps,
            [
                (1454, Season::Summer, Step::Orders),
                (1454, Season::Autumn, Step::Orders),
                (1455, Season::Spring, Step::Orders)
            ]
        );
        assert_eq!(g.position.year, 1455);
    }

    #[test]
    fn e40_income_of_venice() {
        let mut p = Position::with_units(
            "balance",
            1455,
            vec![
                (Some(Power::Venice), UnitKind::Garrison, a("VEN"), 0),
                (Some(Power::Venice), UnitKind::Fleet, a("UA"), 0),
                (Some(Power::Venice), UnitKind::Army, a("FER"), 0),
                (None, UnitKind::Garrison, a("FER"), 0),
            ],
        );
        p.control = Scenario::find("balance")
            .unwrap()
            .initial_position(false)
            .control;
        p.treasury.insert(Power::Venice, 0);
        p.season = Season::Autumn;
        let options = Options {
            finances: true,
            ..Options::default()
        };
        let g = Game::at(options, p);
        let (next, report) = g.next_with(&Submissions::default(), &mut Scripted([5].into()));
        assert_eq!(next.position.treasury[&Power::Venice], 24, "{report:?}");
    }

    #[test]
    fn e41_the_surviving_bribe_buys_and_the_buyer_orders() {
        let mut p = Position::with_units(
            "balance",
            1454,
            vec![(None, UnitKind::Garrison, a("SIE"), 0)],
        );
        p.treasury = [(Power::Florence, 9), (Power::Papacy, 12), (Power::Milan, 3)].into();
        let options = Options {
            finances: true,
            ..Options::default()
        };
        let g = Game::at(options, p);
        let powers = g.surviving();
        let mut input = Submissions::default();
        for (power, line) in [
            (Power::Florence, "PAY 9 BUY G SIE"),
            (Power::Papacy, "PAY 12 BUY G SIE"),
            (Power::Milan, "PAY 3 COUNTER G SIE"),
        ] {
            let s = input.money.entry(power).or_default();
            apply_money_line(&g.position, &powers, power, s, line).unwrap();
        }
        let buying = input.money[&Power::Papacy].buying();
        let (id, order) = accept_buying(&g.position, Power::Papacy, &buying, "G SIE = A").unwrap();
        input
            .orders
            .entry(Power::Papacy)
            .or_default()
            .insert(id, order);
        let (next, _) = g.next_with(&input, &mut Scripted(Default::default()));
        let u = next.position.unit(1).unwrap();
        assert_eq!((u.owner, u.kind), (Some(Power::Papacy), UnitKind::Army));
        assert!(next.position.treasury.values().all(|t| *t == 0));
    }
}
