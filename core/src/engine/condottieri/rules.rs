//! Condottieri at the service's table: the `Rules` over the year (`year.rs`): seats and their
//! powers, each phase's sheets of written lines, READY and draw votes, views and audiences.
//!
//! A seat plays one power (R8: the stream `condottieri/powers` deals them). Every decision is a
//! written line (`Action::Write`), read against the position at the start of the phase (§15.2)
//! by the engine's own readers: orders and `CLEAR` (§6.5), money lines (§11.4), retreats
//! (§8.2) and adjustments (§10.2, §11.3). A line is private to its seat until the phase
//! resolves (`Audience::Until`); READY is public (§13); a draw vote stays private (public only
//! when the game ends). The phase resolves when every power asked in it is ready, or when the
//! clock says READY for the late ones at the deadline (§15.4): what they did not write gets
//! the defaults of §15.1. The step of every seat is the number of phases resolved.
//!
//! Choices where the reference is silent: a draw vote stands until it is withdrawn (the
//! classic judges' way); an accepted line takes READY back (R52) whatever its message, so a
//! reply should say READY last; a line is at most [`LINE_LIMIT`] characters.

use super::adjudicate::Retreating;
use super::adjust::{apply_adjust_line, AdjustApplied, AdjustRejection, Adjustment};
use super::control::{End, Goal};
use super::finances::{apply_money_line, is_money_line, MoneyApplied, MoneyRejection, Spending};
use super::map::fold;
use super::orders::{legal_orders, Illegal, Orders, UnitRef};
use super::retreats::{accept_retreat, RetreatOrder, RetreatRejection};
use super::scenario::{assign_powers, Scenario, SCENARIOS};
use super::state::{Position, Power};
use super::submission::{apply_line, Applied};
use super::written::{accept_buying, print, Rejection, Style};
use super::year::{self, Game, Phase, Step, Submissions};
use crate::engine::{
    schema, Audience, Coded, Events, GameOutcome, OptionField, OptionKind, Press, Rules, Seat,
    Seed, Standing, Viewer,
};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// The longest written line taken, in characters (forms, the API and replies alike).
pub const LINE_LIMIT: usize = 120;

/// How the seats get their powers (R8, §4.5 step 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Assignment {
    /// One shuffle of the stream `condottieri/powers` (§14).
    #[default]
    Random,
    /// The creator's: seat 1 plays the scenario's first power in slug order, seat 2 the
    /// second… (the creator orders the players accordingly).
    SeatOrder,
}

/// The creation options of a Condottieri game: the year's options (§1.1, §1.4), how powers are
/// assigned and the press.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = CondottieriOptions)]
pub struct Options {
    /// The scenario key (§4.2): `balance`, `dukeofmilan`, `eight-saints`, `spanish`,
    /// `struggle-i`, `struggle-ii` or `suleiman`; each takes its own number of players.
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
    /// The game ends after this many years (§9.6); none when absent.
    #[serde(default)]
    pub years_limit: Option<u16>,
    #[serde(default)]
    pub powers: Assignment,
    #[serde(default)]
    pub press: Press,
}

fn default_scenario() -> String {
    Scenario::default_key().to_owned()
}

impl Default for Options {
    fn default() -> Options {
        Options {
            scenario: default_scenario(),
            finances: false,
            famine: false,
            plague: false,
            storms: false,
            conquest: false,
            goal: Goal::Standard,
            years_limit: None,
            powers: Assignment::Random,
            press: Press::Full,
        }
    }
}

impl Options {
    /// The year's options (everything but the press).
    pub fn year(&self) -> year::Options {
        year::Options {
            scenario: self.scenario.clone(),
            finances: self.finances,
            famine: self.famine,
            plague: self.plague,
            storms: self.storms,
            conquest: self.conquest,
            goal: self.goal,
            years_limit: self.years_limit,
        }
    }
}

/// One decision as data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = CondottieriAction)]
pub enum Action {
    /// One written line of the open phase, in English or Portuguese: an order (`A MIL - PAV`),
    /// `CLEAR`, a money line (`PAY 6 BUY G FER`, `GIVE 3 TO VENICE`), a retreat (`A MOD - BOL`)
    /// or an adjustment (`BUILD A MIL`, `DISBAND F NAP`, `MAINTAIN ALL`, `WAIVE`).
    Write { line: String },
    /// The power's submission for the phase is final (D8); a later accepted line takes it back.
    Ready,
    /// Vote for a draw, or withdraw the vote (D7).
    Draw { vote: bool },
}

/// What an accepted line did to the power's sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Written {
    Order { applied: Applied },
    Money { applied: MoneyApplied },
    Retreat { unit: u32, order: RetreatOrder },
    Adjust { applied: AdjustApplied },
}

/// What happened, with its audience.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// At setup, public: the power each seat plays.
    Seated { seat: Seat, power: Power },
    /// Private to the seat until its phase resolves: a line it wrote and what it did.
    Wrote {
        power: Power,
        line: String,
        written: Written,
    },
    /// Public: the power's submission is final for now.
    Ready { power: Power },
    /// Public: a line took the power's READY back.
    NotReady { power: Power },
    /// Private to the seat (public when the game ends): a draw vote given or withdrawn.
    Voted { power: Power, vote: bool },
    /// Public: the phase resolved; `next` is the phase now open (none when the game ended).
    Resolved { phase: Phase, next: Option<Phase> },
    /// Something the resolution did, in order: orders and their outcomes, money, retreats,
    /// adjustments, disasters, control… (treasuries taken out; income private to its power).
    Happened { event: year::Event },
}

/// What a seat must decide now: its part of the open phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    pub phase: Phase,
}

/// How the game ended, by seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// `winner` or `draw` (what `corriere simulate` counts).
    pub ending: Ending,
    pub end: End,
    pub winners: Vec<Seat>,
    /// Cities each seat's power held at the end, in seat order.
    pub cities: Vec<u32>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    Winner,
    Draw,
}

impl GameOutcome for Outcome {
    fn winners(&self) -> Vec<Seat> {
        self.winners.clone()
    }
}

/// Why an action was refused: the reason with the engine's own rejection inside.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum RuleError {
    Over,
    NoSuchSeat,
    /// The seat's power has nothing to decide in this phase.
    NotAsked,
    /// A line longer than [`LINE_LIMIT`].
    TooLong {
        limit: usize,
    },
    /// An order line (or `CLEAR`) refused (§6.5, R56).
    Order {
        rejection: Rejection,
    },
    /// A money line refused (§11.4).
    Money {
        rejection: MoneyRejection,
    },
    /// A money line in a game without Finances.
    NoFinances,
    /// A retreat line refused (§8.2).
    Retreat {
        rejection: RetreatRejection,
    },
    /// An adjustment line refused (§10.2, §11.3).
    Adjust {
        rejection: AdjustRejection,
    },
    AlreadyReady,
    /// The vote is already what the action asks.
    VoteUnchanged,
    /// An eliminated power votes no more.
    Eliminated,
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.code())
    }
}

impl Coded for RuleError {
    fn code(&self) -> &'static str {
        match self {
            RuleError::Over => "game_over",
            RuleError::NoSuchSeat => "no_such_seat",
            RuleError::NotAsked => "not_asked",
            RuleError::TooLong { .. } => "too_long",
            RuleError::Order { rejection } => rejection_code(rejection),
            RuleError::Money { rejection } => match rejection {
                MoneyRejection::Syntax => "money_syntax",
                MoneyRejection::Unit { rejection } => rejection_code(rejection),
                MoneyRejection::Amount => "money_amount",
                MoneyRejection::BelowMinimum { .. } => "money_below_minimum",
                MoneyRejection::Target => "money_target",
                MoneyRejection::Twice => "money_twice",
                MoneyRejection::Funds => "money_funds",
                MoneyRejection::Receiver => "money_receiver",
            },
            RuleError::NoFinances => "no_finances",
            RuleError::Retreat { rejection } => match rejection {
                RetreatRejection::Line { rejection } => rejection_code(rejection),
                RetreatRejection::NoSuchUnit => "retreat_no_such_unit",
                RetreatRejection::NotAnOption => "retreat_not_an_option",
            },
            RuleError::Adjust { rejection } => match rejection {
                AdjustRejection::Syntax => "adjust_syntax",
                AdjustRejection::Unit { rejection } => rejection_code(rejection),
                AdjustRejection::BuildThere => "adjust_build_there",
                AdjustRejection::SecondBuild => "adjust_second_build",
                AdjustRejection::TooManyBuilds => "adjust_too_many_builds",
                AdjustRejection::NoDisbandDue => "adjust_no_disband_due",
                AdjustRejection::NotYourUnit => "adjust_not_your_unit",
                AdjustRejection::Funds => "adjust_funds",
                AdjustRejection::NoFinances => "no_finances",
            },
            RuleError::AlreadyReady => "already_ready",
            RuleError::VoteUnchanged => "vote_unchanged",
            RuleError::Eliminated => "eliminated",
        }
    }
}

/// The code of a written line's rejection (§6.5): the catalogs word each.
pub fn rejection_code(rejection: &Rejection) -> &'static str {
    match rejection {
        Rejection::Empty => "line_empty",
        Rejection::Area { .. } => "line_area",
        Rejection::ExpectedArea => "line_expected_area",
        Rejection::ExpectedType => "line_expected_type",
        Rejection::ExpectedAction => "line_expected_action",
        Rejection::Trailing { .. } => "line_trailing",
        Rejection::AmbiguousUnit => "line_ambiguous_unit",
        Rejection::Illegal { reason } => illegal_code(*reason),
    }
}

/// The code of an illegal order (§6.1–§6.3).
pub fn illegal_code(reason: Illegal) -> &'static str {
    match reason {
        Illegal::NoSuchUnit => "illegal_no_such_unit",
        Illegal::NotYourUnit => "illegal_not_your_unit",
        Illegal::WrongUnitType => "illegal_wrong_unit_type",
        Illegal::SameArea => "illegal_same_area",
        Illegal::NotAdjacent => "illegal_not_adjacent",
        Illegal::CannotStand => "illegal_cannot_stand",
        Illegal::Disabled => "illegal_disabled",
        Illegal::ConvoyFromLand => "illegal_convoy_from_land",
        Illegal::ConvoyRoute => "illegal_convoy_route",
        Illegal::SupportTarget => "illegal_support_target",
        Illegal::SupportSubOrder => "illegal_support_sub_order",
        Illegal::SupportReach => "illegal_support_reach",
        Illegal::NoSiege => "illegal_no_siege",
        Illegal::BadConversion => "illegal_bad_conversion",
        Illegal::CityOccupied => "illegal_city_occupied",
        Illegal::Storm => "illegal_storm",
    }
}

/// What is wrong with a set of options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum OptionProblem {
    UnknownScenario,
    /// A years limit of 0, or one past the year 9999.
    YearsLimit,
    /// The scenario is for `needed` players.
    Players {
        needed: u8,
    },
}

impl fmt::Display for OptionProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionProblem::Players { needed } => write!(f, "the scenario is for {needed} players"),
            other => write!(f, "{}", other.code()),
        }
    }
}

impl Coded for OptionProblem {
    fn code(&self) -> &'static str {
        match self {
            OptionProblem::UnknownScenario => "unknown_scenario",
            OptionProblem::YearsLimit => "years_limit",
            OptionProblem::Players { .. } => "players",
        }
    }
}

/// One power's submission for the open phase, as its accepted lines left it (§15.2).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sheet {
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub orders: Orders,
    #[serde(default, skip_serializing_if = "is_default")]
    pub money: Spending,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub retreats: BTreeMap<u32, RetreatOrder>,
    #[serde(default, skip_serializing_if = "is_default")]
    pub adjustment: Adjustment,
}

fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// A game of Condottieri at the table: the year's game and the open phase's sheets. Its JSON
/// is the game's position form (docs/formats.md); the seed is in it (the dice to come).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Condottieri {
    pub rules_version: u32,
    pub options: Options,
    pub seed: Seed,
    /// The power of each seat, seat 1 first.
    pub powers: Vec<Power>,
    pub game: Game,
    /// Phases resolved so far: the step every seat is in.
    pub phases: u64,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sheets: BTreeMap<Power, Sheet>,
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub ready: BTreeSet<Power>,
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub draw: BTreeSet<Power>,
    #[serde(default)]
    pub outcome: Option<Outcome>,
}

/// What one viewer may know (§13): the board and the phase for everyone, the viewer's own
/// sheet, treasury, dues and draw vote (every power's for a reviewer).
#[derive(Clone, Debug, Serialize)]
pub struct View {
    pub options: Options,
    pub powers: Vec<Power>,
    pub phase: Phase,
    /// The board; `treasury` holds only what the viewer may see.
    pub position: Position,
    pub retreating: Vec<Retreating>,
    pub eliminated: Vec<Power>,
    pub conquerors: BTreeMap<Power, Power>,
    /// The powers asked in the open phase, and those of them that are ready.
    pub asked: Vec<Power>,
    pub ready: Vec<Power>,
    /// The sheets the viewer may see.
    pub sheets: BTreeMap<Power, Sheet>,
    /// What the viewer's power (each power, for a reviewer) owes in an adjustments phase.
    pub dues: Vec<super::adjust::Due>,
    /// The draw votes the viewer may see.
    pub draw: Vec<Power>,
    /// Cities each seat's power holds now, in seat order.
    pub cities: Vec<u32>,
    pub outcome: Option<Outcome>,
    /// The phases resolved so far.
    pub phases: u64,
}

impl View {
    /// The power of a seat.
    pub fn power(&self, seat: Seat) -> Option<Power> {
        self.powers.get(seat.index()).copied()
    }
    /// The seat of a power.
    pub fn seat(&self, power: Power) -> Option<Seat> {
        self.powers
            .iter()
            .position(|p| *p == power)
            .map(|i| Seat(i as u8))
    }
    /// The units a power may order this phase: its own and, with Finances, those it has an
    /// accepted purchase of (R58), in id order.
    pub fn orderable(&self, power: Power) -> Vec<&super::state::Unit> {
        let buying = self
            .sheets
            .get(&power)
            .map(|s| s.money.buying())
            .unwrap_or_default();
        self.position
            .units
            .iter()
            .filter(|u| u.owner == Some(power) || buying.contains(&u.id))
            .collect()
    }
}

impl Condottieri {
    pub fn power(&self, seat: Seat) -> Option<Power> {
        self.powers.get(seat.index()).copied()
    }
    pub fn seat(&self, power: Power) -> Option<Seat> {
        self.powers
            .iter()
            .position(|p| *p == power)
            .map(|i| Seat(i as u8))
    }
    fn sheet(&self, power: Power) -> Sheet {
        self.sheets.get(&power).cloned().unwrap_or_default()
    }

    /// The sheet after `line` of `power`, and what the line did; the game is not changed.
    fn write(&self, power: Power, line: &str) -> Result<(Sheet, Written), RuleError> {
        if line.chars().count() > LINE_LIMIT {
            return Err(RuleError::TooLong { limit: LINE_LIMIT });
        }
        let mut sheet = self.sheet(power);
        let position = &self.game.position;
        let written = match self.game.phase.step {
            Step::Orders if is_money_line(line) => {
                if !self.options.finances {
                    return Err(RuleError::NoFinances);
                }
                let applied = apply_money_line(
                    position,
                    &self.game.surviving(),
                    power,
                    &mut sheet.money,
                    line,
                )
                .map_err(|rejection| RuleError::Money { rejection })?;
                Written::Money { applied }
            }
            Step::Orders => {
                let folded = fold(line);
                let first = folded.split(' ').next().unwrap_or_default();
                let applied = if matches!(first, "CLEAR" | "LIMPAR") {
                    apply_line(&mut sheet.orders, position, power, line)
                        .map_err(|rejection| RuleError::Order { rejection })?
                } else {
                    let (id, order) = accept_buying(position, power, &sheet.money.buying(), line)
                        .map_err(|rejection| RuleError::Order { rejection })?;
                    sheet.orders.insert(id, order);
                    Applied::Set { id, order }
                };
                Written::Order { applied }
            }
            Step::Retreats => {
                let (unit, order) = accept_retreat(&self.game.retreating, power, line)
                    .map_err(|rejection| RuleError::Retreat { rejection })?;
                sheet.retreats.insert(unit, order);
                Written::Retreat { unit, order }
            }
            Step::Adjustments => {
                let (due, cities) = self
                    .game
                    .dues()
                    .into_iter()
                    .find(|(d, _)| d.power == power)
                    .ok_or(RuleError::NotAsked)?;
                let applied =
                    apply_adjust_line(position, &due, &cities, &mut sheet.adjustment, line)
                        .map_err(|rejection| RuleError::Adjust { rejection })?;
                Written::Adjust { applied }
            }
        };
        Ok((sheet, written))
    }

    fn asked(&self, power: Power) -> bool {
        self.game.asked().contains(&power)
    }

    /// Resolves the open phase with every sheet (the defaults of §15.1 for what is missing).
    fn resolve(&mut self, events: &mut Events<Event>) {
        let mut input = Submissions {
            draw: self.draw.clone(),
            ..Submissions::default()
        };
        for (power, sheet) in std::mem::take(&mut self.sheets) {
            input.orders.insert(power, sheet.orders);
            if sheet.money != Spending::default() {
                input.money.insert(power, sheet.money);
            }
            input.retreats.extend(sheet.retreats);
            if sheet.adjustment != Adjustment::default() {
                input.adjustments.insert(power, sheet.adjustment);
            }
        }
        let (game, report) = self.game.next(&input, &self.seed);
        self.game = game;
        self.ready.clear();
        self.phases += 1;
        events.push((
            Audience::Everyone,
            Event::Resolved {
                phase: report.phase,
                next: report.next,
            },
        ));
        for event in report.events {
            let audience = match &event {
                year::Event::Income { power, .. } => {
                    self.seat(*power).map_or(Audience::Everyone, Audience::Only)
                }
                _ => Audience::Everyone,
            };
            events.push((
                audience,
                Event::Happened {
                    event: without_treasuries(event),
                },
            ));
        }
        self.draw.retain(|p| !self.game.eliminated.contains(p));
        if let Some(end) = self.game.end.clone() {
            let cities = self.city_counts();
            let winners = match &end {
                End::Winner { power } => self.seat(*power).into_iter().collect(),
                End::Draw { powers } => {
                    let mut seats: Vec<Seat> =
                        powers.iter().filter_map(|p| self.seat(*p)).collect();
                    seats.sort();
                    seats
                }
            };
            self.outcome = Some(Outcome {
                ending: match end {
                    End::Winner { .. } => Ending::Winner,
                    End::Draw { .. } => Ending::Draw,
                },
                end,
                winners,
                cities,
            });
        }
    }

    fn city_counts(&self) -> Vec<u32> {
        self.powers
            .iter()
            .map(|p| self.game.position.cities_of(*p).len() as u32)
            .collect()
    }

    /// The menu's lines for `power` now: in an orders phase every legal order of each unit
    /// it may order that has no order yet (and, with Finances and no expense yet, a sample of
    /// the expenses and transfers it can afford), in a retreat phase each retreat option of a
    /// unit without a retreat line, in the adjustments phase the lines it may still write. A
    /// sample, as the boundary allows: a unit with an order may be given another at any time.
    fn menu_lines(&self, power: Power) -> Vec<String> {
        let position = &self.game.position;
        let sheet = self.sheet(power);
        match self.game.phase.step {
            Step::Orders => {
                let buying = sheet.money.buying();
                let mut lines: Vec<String> = position
                    .units
                    .iter()
                    .filter(|u| u.owner == Some(power) || buying.contains(&u.id))
                    .filter(|u| !sheet.orders.contains_key(&u.id))
                    .flat_map(|unit| {
                        legal_orders(position, unit).into_iter().map(move |order| {
                            print(
                                UnitRef {
                                    kind: unit.kind,
                                    area: unit.area,
                                },
                                &order,
                                Style::Symbols,
                            )
                        })
                    })
                    .collect();
                if self.options.finances && sheet.money == Spending::default() {
                    lines.extend(self.money_sample(power));
                }
                lines
            }
            Step::Retreats => self
                .game
                .retreating
                .iter()
                .filter(|r| r.unit.owner == Some(power))
                .filter(|r| !sheet.retreats.contains_key(&r.unit.id))
                .flat_map(|r| {
                    let unit = format!("{} {}", r.unit.kind.letter(), r.unit.area);
                    r.fields
                        .iter()
                        .map(|to| format!("{unit} - {to}"))
                        .chain(r.city.then(|| format!("{unit} = G")))
                        .chain([format!("{unit} D")])
                        .collect::<Vec<_>>()
                })
                .collect(),
            Step::Adjustments => {
                let Some((due, _)) = self.game.dues().into_iter().find(|(d, _)| d.power == power)
                else {
                    return Vec::new();
                };
                let mut lines = Vec::new();
                for area in &due.build_areas {
                    for kind in ["A", "F", "G"] {
                        lines.push(format!("BUILD {kind} {area}"));
                    }
                }
                for unit in position.units_of(power) {
                    lines.push(format!("DISBAND {} {}", unit.kind.letter(), unit.area));
                    if self.options.finances {
                        lines.push(format!("MAINTAIN {} {}", unit.kind.letter(), unit.area));
                    }
                }
                lines.push("WAIVE".to_owned());
                lines.retain(|line| {
                    self.write(power, line)
                        .is_ok_and(|(after, _)| after != sheet)
                });
                lines
            }
        }
    }

    /// Money lines `power` might write (§11.4), at their minimum cost: a bribe to buy or
    /// disband each unit of another owner, a counter-bribe for each of its own, relief of a
    /// famine, pacifying a rebellion, inciting one in an area another power controls, and
    /// 3 ducats to each other power; only those the treasury covers.
    fn money_sample(&self, power: Power) -> Vec<String> {
        use super::finances::{minimum, ExpenseKind, Target};
        let position = &self.game.position;
        let mut lines = Vec::new();
        let treasury = position.treasury.get(&power).copied().unwrap_or(0);
        let cost = |kind, target| {
            minimum(position, power, kind, target)
                .ok()
                .filter(|n| *n <= treasury)
        };
        for unit in &position.units {
            let name = format!("{} {}", unit.kind.letter(), unit.area);
            let kinds: &[(ExpenseKind, &str)] = if unit.owner == Some(power) {
                &[(ExpenseKind::Counter, "COUNTER")]
            } else {
                &[(ExpenseKind::Buy, "BUY"), (ExpenseKind::Disband, "DISBAND")]
            };
            for (kind, word) in kinds {
                if let Some(n) = cost(*kind, Target::Unit(unit.id)) {
                    lines.push(format!("PAY {n} {word} {name}"));
                }
            }
        }
        for area in super::map::Area::all() {
            for (kind, word) in [
                (ExpenseKind::Relief, "RELIEF"),
                (ExpenseKind::Pacify, "PACIFY"),
                (ExpenseKind::Rebel, "REBEL"),
            ] {
                if let Some(n) = cost(kind, Target::Area(area)) {
                    lines.push(format!("PAY {n} {word} {area}"));
                }
            }
        }
        for other in self.game.surviving() {
            if other != power && treasury >= 3 {
                lines.push(format!("GIVE 3 TO {}", other.slug()));
            }
        }
        lines
    }
}

/// An event of the year without the treasuries its positions carry (R51: private).
fn without_treasuries(mut event: year::Event) -> year::Event {
    match &mut event {
        year::Event::Orders { result } => result.position.treasury.clear(),
        year::Event::Retreats { result } => result.position.treasury.clear(),
        _ => {}
    }
    event
}

impl Rules for Condottieri {
    type Options = Options;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Decision = Decision;
    type Outcome = Outcome;
    type Position = Condottieri;
    type RuleError = RuleError;
    type OptionProblem = OptionProblem;

    const NAME: &'static str = "condottieri";
    const RULES_VERSIONS: &'static [u32] = &[1];
    const CURRENT_RULES_VERSION: u32 = 1;
    const PLAYERS: (u8, u8) = (4, 8);

    fn option_fields() -> Vec<OptionField> {
        const SCENARIO_KEYS: [&str; 7] = [
            SCENARIOS[0].key,
            SCENARIOS[1].key,
            SCENARIOS[2].key,
            SCENARIOS[3].key,
            SCENARIOS[4].key,
            SCENARIOS[5].key,
            SCENARIOS[6].key,
        ];
        vec![
            OptionField {
                name: "scenario",
                kind: OptionKind::Choice {
                    values: &SCENARIO_KEYS,
                    default: "balance",
                },
            },
            OptionField {
                name: "finances",
                kind: OptionKind::Flag,
            },
            OptionField {
                name: "famine",
                kind: OptionKind::Flag,
            },
            OptionField {
                name: "plague",
                kind: OptionKind::Flag,
            },
            OptionField {
                name: "storms",
                kind: OptionKind::Flag,
            },
            OptionField {
                name: "conquest",
                kind: OptionKind::Flag,
            },
            OptionField {
                name: "goal",
                kind: OptionKind::Choice {
                    values: &["standard", "long", "short"],
                    default: "standard",
                },
            },
            OptionField {
                name: "years_limit",
                kind: OptionKind::OptionalNumber {
                    min: 1,
                    max: 100,
                    default: 10,
                },
            },
            OptionField {
                name: "powers",
                kind: OptionKind::Choice {
                    values: &["random", "seat_order"],
                    default: "random",
                },
            },
            OptionField {
                name: "press",
                kind: OptionKind::Choice {
                    values: &["full", "public", "none"],
                    default: "full",
                },
            },
        ]
    }

    fn schemas() -> Vec<schema::NamedSchema> {
        schema::of_game::<Options, Action>()
    }

    fn option_problems(options: &Options, players: u8) -> Vec<OptionProblem> {
        let mut out: Vec<OptionProblem> = options
            .year()
            .problems()
            .into_iter()
            .map(|p| match p {
                year::OptionProblem::UnknownScenario => OptionProblem::UnknownScenario,
                year::OptionProblem::YearsLimit => OptionProblem::YearsLimit,
            })
            .collect();
        if let Some(scenario) = Scenario::find(&options.scenario) {
            let needed = scenario.powers.len() as u8;
            if players != needed {
                out.push(OptionProblem::Players { needed });
            }
        }
        out
    }

    fn setup(
        rules_version: u32,
        options: &Options,
        players: u8,
        seed: Seed,
        events: &mut Events<Event>,
    ) -> Result<Condottieri, Vec<String>> {
        let problems: Vec<String> = Self::option_problems(options, players)
            .iter()
            .map(ToString::to_string)
            .collect();
        if !problems.is_empty() {
            return Err(problems);
        }
        if !Self::RULES_VERSIONS.contains(&rules_version) {
            return Err(vec![format!("no rules version {rules_version}")]);
        }
        let game = Game::new(options.year()).map_err(|problems| {
            problems
                .iter()
                .map(|p| format!("{p:?}"))
                .collect::<Vec<_>>()
        })?;
        let powers = match options.powers {
            Assignment::Random => assign_powers(&seed, game.scenario()),
            Assignment::SeatOrder => {
                let mut powers = game.scenario().power_list();
                powers.sort();
                powers
            }
        };
        for (i, power) in powers.iter().enumerate() {
            events.push((
                Audience::Everyone,
                Event::Seated {
                    seat: Seat(i as u8),
                    power: *power,
                },
            ));
        }
        Ok(Condottieri {
            rules_version,
            options: options.clone(),
            seed,
            powers,
            game,
            phases: 0,
            sheets: BTreeMap::new(),
            ready: BTreeSet::new(),
            draw: BTreeSet::new(),
            outcome: None,
        })
    }

    fn players(&self) -> u8 {
        self.powers.len() as u8
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn check(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::Over);
        }
        let power = self.power(seat).ok_or(RuleError::NoSuchSeat)?;
        match action {
            Action::Write { line } => {
                if !self.asked(power) {
                    return Err(RuleError::NotAsked);
                }
                self.write(power, line).map(|_| ())
            }
            Action::Ready if !self.asked(power) => Err(RuleError::NotAsked),
            Action::Ready if self.ready.contains(&power) => Err(RuleError::AlreadyReady),
            Action::Ready => Ok(()),
            Action::Draw { .. } if self.game.eliminated.contains(&power) => {
                Err(RuleError::Eliminated)
            }
            Action::Draw { vote } if self.draw.contains(&power) == *vote => {
                Err(RuleError::VoteUnchanged)
            }
            Action::Draw { .. } => Ok(()),
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        let Some(power) = self.power(seat) else {
            return Vec::new();
        };
        if self.outcome.is_some() || !self.asked(power) {
            return Vec::new();
        }
        let mut menu: Vec<Action> = self
            .menu_lines(power)
            .into_iter()
            .map(|line| Action::Write { line })
            .collect();
        if !self.ready.contains(&power) {
            menu.push(Action::Ready);
        }
        menu
    }

    fn apply(
        mut self,
        seat: Seat,
        action: &Action,
        events: &mut Events<Event>,
    ) -> Result<Condottieri, (Condottieri, RuleError)> {
        if let Err(error) = self.check(seat, action) {
            return Err((self, error));
        }
        let power = self.power(seat).expect("checked");
        match action {
            Action::Write { line } => {
                let (sheet, written) = match self.write(power, line) {
                    Ok(done) => done,
                    Err(error) => return Err((self, error)),
                };
                self.sheets.insert(power, sheet);
                events.push((
                    Audience::Until(seat),
                    Event::Wrote {
                        power,
                        line: line.clone(),
                        written,
                    },
                ));
                if self.ready.remove(&power) {
                    events.push((Audience::Everyone, Event::NotReady { power }));
                }
            }
            Action::Ready => {
                self.ready.insert(power);
                events.push((Audience::Everyone, Event::Ready { power }));
                if self.game.asked().iter().all(|p| self.ready.contains(p)) {
                    self.resolve(events);
                }
            }
            Action::Draw { vote } => {
                if *vote {
                    self.draw.insert(power);
                } else {
                    self.draw.remove(&power);
                }
                events.push((Audience::Only(seat), Event::Voted { power, vote: *vote }));
            }
        }
        Ok(self)
    }

    fn view(&self, viewer: Viewer) -> View {
        let sees = |power: Power| match viewer {
            Viewer::Reviewer => true,
            Viewer::Seat(seat) => self.power(seat) == Some(power),
            Viewer::Spectator => false,
        };
        let mut position = self.game.position.clone();
        position.treasury.retain(|p, _| sees(*p));
        let dues = if self.game.phase.step == Step::Adjustments && self.outcome.is_none() {
            self.game
                .dues()
                .into_iter()
                .map(|(d, _)| d)
                .filter(|d| sees(d.power))
                .collect()
        } else {
            Vec::new()
        };
        let asked = if self.outcome.is_some() {
            Vec::new()
        } else {
            self.game.asked()
        };
        View {
            options: self.options.clone(),
            powers: self.powers.clone(),
            phase: self.game.phase,
            position,
            retreating: self.game.retreating.clone(),
            eliminated: self.game.eliminated.clone(),
            conquerors: self.game.conquerors.clone(),
            ready: asked
                .iter()
                .copied()
                .filter(|p| self.ready.contains(p))
                .collect(),
            asked,
            sheets: self
                .sheets
                .iter()
                .filter(|(p, _)| sees(**p))
                .map(|(p, s)| (*p, s.clone()))
                .collect(),
            dues,
            draw: self.draw.iter().copied().filter(|p| sees(*p)).collect(),
            cities: self.city_counts(),
            outcome: self.outcome.clone(),
            phases: self.phases,
        }
    }

    fn pending(&self) -> Vec<(Seat, Decision)> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let asked = self.game.asked();
        let mut out: Vec<(Seat, Decision)> = asked
            .into_iter()
            .filter(|p| !self.ready.contains(p))
            .filter_map(|p| self.seat(p))
            .map(|seat| {
                (
                    seat,
                    Decision {
                        phase: self.game.phase,
                    },
                )
            })
            .collect();
        out.sort_by_key(|(seat, _)| *seat);
        out
    }

    fn default_action(&self, seat: Seat) -> Option<Action> {
        self.decision(seat).map(|_| Action::Ready)
    }

    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn standings(&self) -> Vec<Standing> {
        let Some(outcome) = &self.outcome else {
            return Vec::new();
        };
        Seat::all(self.players())
            .map(|seat| {
                let place = if outcome.winners.contains(&seat) {
                    1
                } else {
                    let mine = outcome.cities[seat.index()];
                    let better = Seat::all(self.players())
                        .filter(|s| !outcome.winners.contains(s))
                        .filter(|s| outcome.cities[s.index()] > mine)
                        .count();
                    (1 + outcome.winners.len() + better) as u8
                };
                Standing { seat, place }
            })
            .collect()
    }

    fn entry_audience(_options: &Options, seat: Seat, action: &Action) -> Audience {
        match action {
            Action::Write { .. } => Audience::Until(seat),
            Action::Ready => Audience::Everyone,
            Action::Draw { .. } => Audience::Only(seat),
        }
    }

    fn step(&self, _seat: Seat) -> Option<u64> {
        Some(self.phases)
    }

    fn press(options: &Options) -> Press {
        options.press
    }

    fn counts(event: &Event) -> &'static [&'static str] {
        match event {
            Event::Resolved { .. } => &["phases"],
            _ => &[],
        }
    }

    fn facts(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("year", u64::from(self.game.phase.year)),
            ("units", self.game.position.units.len() as u64),
        ]
    }

    fn bot_action(&self, seat: Seat, rng: &mut dyn rand_core::RngCore) -> Option<Action> {
        let _ = rng;
        let power = self.power(seat)?;
        self.decision(seat)?;
        for line in super::bot::plan(&self.game, power) {
            let Ok((sheet, _)) = self.write(power, &line) else {
                continue;
            };
            if sheet != self.sheet(power) {
                return Some(Action::Write { line });
            }
        }
        Some(Action::Ready)
    }

    fn to_position(&self) -> Condottieri {
        self.clone()
    }

    fn from_position(position: Condottieri) -> Result<Condottieri, Vec<String>> {
        let problems = position.audit();
        if problems.is_empty() {
            Ok(position)
        } else {
            Err(problems)
        }
    }

    fn audit(&self) -> Vec<String> {
        let mut problems = self.game.position.problems();
        if self.game.options != self.options.year() {
            problems.push("the game's options are not the table's".to_owned());
        }
        let Some(scenario) = Scenario::find(&self.options.scenario) else {
            problems.push(format!("no scenario {:?}", self.options.scenario));
            return problems;
        };
        let mut listed = scenario.power_list();
        let mut seated = self.powers.clone();
        listed.sort();
        seated.sort();
        if listed != seated {
            problems.push("the seats do not hold the scenario's powers once each".to_owned());
        }
        let asked = self.game.asked();
        for power in &self.ready {
            if !asked.contains(power) {
                problems.push(format!("{power} is ready but not asked"));
            }
        }
        for power in self.sheets.keys() {
            if !asked.contains(power) {
                problems.push(format!("{power} has a sheet but is not asked"));
            }
        }
        for power in &self.draw {
            if self.game.eliminated.contains(power) {
                problems.push(format!("{power} votes but is eliminated"));
            }
        }
        for (power, sheet) in &self.sheets {
            let buying = sheet.money.buying();
            for id in sheet.orders.keys() {
                let mine = self
                    .game
                    .position
                    .unit(*id)
                    .is_some_and(|u| u.owner == Some(*power) || buying.contains(id));
                if !mine {
                    problems.push(format!("{power} orders unit {id}, not its own"));
                }
            }
            let treasury = self.game.position.treasury.get(power).copied().unwrap_or(0);
            if sheet.money.total() > treasury {
                problems.push(format!("{power} spends more than its treasury"));
            }
        }
        if self.outcome.is_some() != self.game.end.is_some() {
            problems.push("the outcome and the game's end disagree".to_owned());
        }
        problems
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::condottieri::Season;

    fn new_game(options: Options) -> (Condottieri, Events<Event>) {
        let mut events = Vec::new();
        let game = Condottieri::setup(1, &options, 8, Seed::from_u64(3), &mut events).unwrap();
        (game, events)
    }

    fn seat_of(game: &Condottieri, power: Power) -> Seat {
        game.seat(power).unwrap()
    }

    fn write(line: &str) -> Action {
        Action::Write { line: line.into() }
    }

    #[test]
    fn the_scenario_fixes_the_table_and_every_seat_gets_one_power() {
        assert_eq!(
            Condottieri::option_problems(&Options::default(), 6),
            vec![OptionProblem::Players { needed: 8 }]
        );
        let (game, events) = new_game(Options::default());
        let mut powers = game.powers.clone();
        powers.sort();
        assert_eq!(powers, Scenario::find("balance").unwrap().power_list());
        assert_eq!(events.len(), 8);
        assert!(events.iter().all(|(a, _)| *a == Audience::Everyone));
        assert_eq!(game.pending().len(), 8);
        assert_eq!(game.step(Seat(0)), Some(0));
    }

    #[test]
    fn r8_powers_are_dealt_by_one_shuffle_or_by_the_creator_in_seat_order() {
        let (random, _) = new_game(Options::default());
        let mut events = Vec::new();
        let other =
            Condottieri::setup(1, &Options::default(), 8, Seed::from_u64(4), &mut events).unwrap();
        assert_ne!(random.powers, other.powers, "the seed deals them");
        let ordered = Options {
            powers: Assignment::SeatOrder,
            ..Options::default()
        };
        let (game, _) = new_game(ordered);
        assert_eq!(game.powers[0], Power::Austria);
        assert_eq!(game.powers[7], Power::Venice);
        let mut sorted = game.powers.clone();
        sorted.sort();
        assert_eq!(game.powers, sorted);
    }

    #[test]
    fn a_refused_line_changes_nothing_and_an_accepted_one_takes_ready_back() {
        let (game, _) = new_game(Options::default());
        let milan = seat_of(&game, Power::Milan);
        let before = game.clone();
        let mut events = Vec::new();
        let (game, error) = game
            .apply(milan, &write("A MIL - ROME"), &mut events)
            .unwrap_err();
        assert_eq!(error.code(), "illegal_not_adjacent");
        assert_eq!(game, before);
        assert!(events.is_empty());
        let long = "A MIL H ".repeat(20);
        assert_eq!(
            game.check(milan, &write(&long)),
            Err(RuleError::TooLong { limit: LINE_LIMIT })
        );
        assert_eq!(
            game.check(milan, &write("PAY 3 BUY G FER")),
            Err(RuleError::NoFinances)
        );
        let game = game.apply(milan, &Action::Ready, &mut events).unwrap();
        assert_eq!(
            game.check(milan, &Action::Ready),
            Err(RuleError::AlreadyReady)
        );
        assert!(game.decision(milan).is_none(), "a ready seat owes nothing");
        assert_eq!(game.step(milan), Some(0), "but is still in its phase");
        events.clear();
        let game = game
            .apply(milan, &write("A MIL - PAV"), &mut events)
            .unwrap();
        assert_eq!(events[0].0, Audience::Until(milan));
        assert!(matches!(
            events[1],
            (
                Audience::Everyone,
                Event::NotReady {
                    power: Power::Milan
                }
            )
        ));
        assert!(game.decision(milan).is_some());
        assert_eq!(game.sheets[&Power::Milan].orders.len(), 1);
        assert_eq!(
            Condottieri::entry_audience(&game.options, milan, &write("A MIL H")),
            Audience::Until(milan)
        );
    }

    #[test]
    fn the_phase_resolves_when_every_power_asked_is_ready() {
        let (mut game, _) = new_game(Options::default());
        let milan = seat_of(&game, Power::Milan);
        let mut events = Vec::new();
        game = game
            .apply(milan, &write("A MIL - PAR"), &mut events)
            .unwrap();
        for (seat, _) in game.pending() {
            events.clear();
            game = game.apply(seat, &Action::Ready, &mut events).unwrap();
        }
        assert_eq!(game.phases, 1);
        assert_eq!(game.step(milan), Some(1));
        assert_eq!(game.game.phase.season, Season::Summer);
        assert!(game.sheets.is_empty() && game.ready.is_empty());
        assert!(events
            .iter()
            .any(|(a, e)| *a == Audience::Everyone && matches!(e, Event::Resolved { .. })));
        let par = crate::engine::condottieri::map::Area::from_code("PAR").unwrap();
        assert!(game
            .game
            .position
            .units
            .iter()
            .any(|u| u.owner == Some(Power::Milan) && u.area == par));
        assert_eq!(game.audit(), Vec::<String>::new());
    }

    #[test]
    fn treasuries_sheets_and_votes_are_seen_only_by_their_power() {
        let options = Options {
            finances: true,
            ..Options::default()
        };
        let (game, _) = new_game(options);
        let venice = seat_of(&game, Power::Venice);
        let mut events = Vec::new();
        let game = game
            .apply(venice, &write("GIVE 3 TO MILAN"), &mut events)
            .unwrap();
        let game = game.apply(venice, &write("A PAD H"), &mut events).unwrap();
        let game = game
            .apply(venice, &Action::Draw { vote: true }, &mut events)
            .unwrap();
        let spectator = game.view(Viewer::Spectator);
        assert!(spectator.position.treasury.is_empty());
        assert!(spectator.sheets.is_empty() && spectator.draw.is_empty());
        let own = game.view(Viewer::Seat(venice));
        assert_eq!(
            own.position.treasury.keys().collect::<Vec<_>>(),
            [&Power::Venice]
        );
        assert_eq!(own.sheets.keys().collect::<Vec<_>>(), [&Power::Venice]);
        assert_eq!(own.sheets[&Power::Venice].money.total(), 3);
        assert_eq!(own.draw, [Power::Venice]);
        let other = game.view(Viewer::Seat(seat_of(&game, Power::Milan)));
        assert!(!other.position.treasury.contains_key(&Power::Venice));
        assert!(other.sheets.is_empty() && other.draw.is_empty());
        assert_eq!(
            Condottieri::entry_audience(&game.options, venice, &Action::Draw { vote: true }),
            Audience::Only(venice)
        );
    }

    #[test]
    fn a_draw_every_survivor_voted_for_ends_the_game_at_the_phase() {
        let (mut game, _) = new_game(Options::default());
        let mut events = Vec::new();
        for seat in Seat::all(8) {
            game = game
                .apply(seat, &Action::Draw { vote: true }, &mut events)
                .unwrap();
        }
        assert_eq!(
            game.check(Seat(0), &Action::Draw { vote: true }),
            Err(RuleError::VoteUnchanged)
        );
        for (seat, _) in game.pending() {
            game = game.apply(seat, &Action::Ready, &mut events).unwrap();
        }
        let outcome = game.outcome().expect("a draw");
        assert_eq!(outcome.ending, Ending::Draw);
        assert_eq!(outcome.winners.len(), 8);
        assert!(game.standings().iter().all(|s| s.place == 1));
        assert_eq!(game.check(Seat(0), &Action::Ready), Err(RuleError::Over));
    }

    #[test]
    fn the_clock_alone_plays_a_game_with_every_module_to_its_years_limit() {
        let options = Options {
            finances: true,
            famine: true,
            plague: true,
            storms: true,
            conquest: true,
            years_limit: Some(2),
            ..Options::default()
        };
        let (mut game, _) = new_game(options);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut actions = 0;
        while !game.is_over() {
            let (seat, _) = game.pending()[0].clone();
            let action = game.bot_action(seat, &mut rng).expect("a seat owes");
            assert_eq!(game.check(seat, &action), Ok(()));
            let mut events = Vec::new();
            game = game.apply(seat, &action, &mut events).unwrap();
            assert_eq!(game.audit(), Vec::<String>::new());
            actions += 1;
            assert!(actions < 10_000, "no end");
        }
        assert_eq!(game.game.phase.year, 1455);
        assert_eq!(game.standings().len(), 8);
        let json = serde_json::to_string(&game.to_position()).unwrap();
        let back: Condottieri = serde_json::from_str(&json).unwrap();
        assert_eq!(Condottieri::from_position(back), Ok(game));
    }

    #[test]
    fn every_line_the_menu_lists_passes_the_judge_through_whole_random_games() {
        use crate::engine::rng::Stream;
        for (n, scenario) in ["balance", "eight-saints", "suleiman"].iter().enumerate() {
            let options = Options {
                scenario: (*scenario).into(),
                finances: true,
                famine: true,
                plague: true,
                storms: true,
                conquest: true,
                years_limit: Some(if n == 0 { 2 } else { 1 }),
                ..Options::default()
            };
            let players = Scenario::find(scenario).unwrap().powers.len() as u8;
            let mut events = Vec::new();
            let seed = Seed::from_u64(n as u64);
            let mut game = Condottieri::setup(1, &options, players, seed, &mut events).unwrap();
            let mut stream = Stream::new(&seed, "test", 0);
            let (mut written, mut money) = (0, 0);
            while !game.is_over() {
                let pending = game.pending();
                let (seat, _) = pending[stream.below(pending.len() as u32) as usize].clone();
                let menu = game.legal_actions(seat);
                // A few listed lines besides the one played (checking them all is slow).
                for _ in 0..3 {
                    let action = &menu[stream.below(menu.len() as u32) as usize];
                    assert_eq!(game.check(seat, action), Ok(()), "{action:?} in {scenario}");
                }
                let action = menu[stream.below(menu.len() as u32) as usize].clone();
                if let Action::Write { line } = &action {
                    written += 1;
                    money += usize::from(line.starts_with("PAY") || line.starts_with("GIVE"));
                }
                game = game.apply(seat, &action, &mut events).unwrap();
                assert_eq!(game.audit(), Vec::<String>::new());
            }
            assert!(
                written > 30 && money > 0,
                "{scenario}: {written} lines, {money} money"
            );
        }
    }

    use rand_core::SeedableRng;
}
