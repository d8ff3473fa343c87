//! A game of simultaneous written orders that lives only in the tests: rules and presenter.
//! A handful of areas, two units a seat, orders per unit resolved all at once, `READY`.
//!
//! Every seat writes an order for each of its units (hold, move to a bordering area, support
//! a unit in a bordering area), may revise them until the phase resolves, and says `READY`;
//! the phase resolves when every seat with units is ready, or at its deadline, where the clock
//! says `READY` for a seat (its units without orders hold). A unit counts 1, and 1 more for
//! each unit supporting it; a move succeeds when it is stronger than every other move into its
//! area and than the unit that stays there (which is destroyed); two units moving into each
//! other's areas both stay. After three phases the seats with the most units win. The map is
//! an option with choices: a ring of six areas (2 or 3 players) or a star of seven (3).

use corriere::engine::{
    schema, Audience, Coded, Events, GameOutcome, OptionField, OptionKind, Press, Rules, Seat,
    Seed, Standing, Viewer,
};
use corriere::present::Words;
use corriere::present::{
    escape, Command, Ctx, Html, MailPart, Milestone, MoveForm, Presenter, Script,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Phases a game lasts.
pub const PHASES: u32 = 3;

#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Area {
    Alba,
    Borgo,
    Colle,
    Dora,
    Elce,
    Fonte,
    Gora,
}

impl Area {
    pub const ALL: [Area; 7] = [
        Area::Alba,
        Area::Borgo,
        Area::Colle,
        Area::Dora,
        Area::Elce,
        Area::Fonte,
        Area::Gora,
    ];
    const RING: [Area; 6] = [
        Area::Alba,
        Area::Borgo,
        Area::Colle,
        Area::Dora,
        Area::Elce,
        Area::Fonte,
    ];
    /// Its message id (`orders-area-alba`).
    pub fn id(self) -> String {
        format!("orders-area-{}", self.key())
    }
    pub fn key(self) -> &'static str {
        match self {
            Area::Alba => "alba",
            Area::Borgo => "borgo",
            Area::Colle => "colle",
            Area::Dora => "dora",
            Area::Elce => "elce",
            Area::Fonte => "fonte",
            Area::Gora => "gora",
        }
    }
}

/// The map, an option with choices.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Map {
    /// Six areas in a ring, for 2 or 3 players.
    #[default]
    Ring,
    /// The ring around a seventh area that borders them all, for 3 players.
    Star,
}

impl Map {
    pub fn has(self, area: Area) -> bool {
        area != Area::Gora || self == Map::Star
    }
    pub fn areas(self) -> impl Iterator<Item = Area> {
        Area::ALL.into_iter().filter(move |&a| self.has(a))
    }
    pub fn borders(self, a: Area, b: Area) -> bool {
        if a == b || !self.has(a) || !self.has(b) {
            return false;
        }
        if a == Area::Gora || b == Area::Gora {
            return true;
        }
        let at = |x| Area::RING.iter().position(|&r| r == x).unwrap();
        let (i, j) = (at(a), at(b));
        (i + 1) % 6 == j || (j + 1) % 6 == i
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
#[schema(as = OrdersOptions)]
pub struct Options {
    pub map: Map,
    /// Who may talk at the table (the press rule a game of orders may declare).
    pub press: Press,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Order {
    Hold,
    Move {
        to: Area,
    },
    /// Support the unit in this area, whatever it does.
    Support {
        unit: Area,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = OrdersAction)]
pub enum Action {
    /// The order of the seat's unit in `unit` this phase (a later one replaces it).
    Order { unit: Area, order: Order },
    /// The seat's orders are final (its units without orders hold).
    Ready,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    pub seat: Seat,
    pub area: Area,
}

/// An order as given: by whom, for which unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Given {
    pub seat: Seat,
    pub unit: Area,
    pub order: Order,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// Private to the seat until the phase resolves: an order it wrote.
    Ordered {
        seat: Seat,
        unit: Area,
        order: Order,
    },
    /// Public: the seat's orders are final for now.
    Ready {
        seat: Seat,
    },
    /// Public, at resolution: every order of the phase (a unit without one held).
    Revealed {
        phase: u32,
        given: Given,
    },
    Moved {
        seat: Seat,
        from: Area,
        to: Area,
    },
    Bounced {
        seat: Seat,
        from: Area,
        to: Area,
    },
    Destroyed {
        seat: Seat,
        area: Area,
    },
    PhaseResolved {
        phase: u32,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    Orders { phase: u32 },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winners: Vec<Seat>,
    pub units: Vec<u32>,
}

impl GameOutcome for Outcome {
    fn winners(&self) -> Vec<Seat> {
        self.winners.clone()
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("the game is over")]
    Over,
    #[error("there is no such seat")]
    NoSuchSeat,
    #[error("{0:?} is not on this map")]
    NotOnMap(Area),
    #[error("no unit of the seat is in {0:?}")]
    NotYours(Area),
    #[error("{0:?} does not border {1:?}")]
    NotBordering(Area, Area),
    #[error("there is no unit in {0:?}")]
    NoUnitThere(Area),
    #[error("the seat said READY already")]
    AlreadyReady,
    #[error("the seat has no units")]
    NoUnits,
}

impl Coded for RuleError {
    fn code(&self) -> &'static str {
        match self {
            RuleError::Over => "game_over",
            RuleError::NoSuchSeat => "no_such_seat",
            RuleError::NotOnMap(_) => "not_on_map",
            RuleError::NotYours(_) => "not_yours",
            RuleError::NotBordering(..) => "not_bordering",
            RuleError::NoUnitThere(_) => "no_unit_there",
            RuleError::AlreadyReady => "already_ready",
            RuleError::NoUnits => "no_units",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the star map needs 3 players, not {players}")]
pub struct StarNeedsThree {
    pub players: u8,
}

impl Coded for StarNeedsThree {
    fn code(&self) -> &'static str {
        "star_needs_three"
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    pub options: Options,
    pub players: u8,
    /// The phase being written, from 1.
    pub phase: u32,
    pub units: Vec<Unit>,
    /// This phase's orders, seat by seat.
    pub orders: Vec<Vec<Given>>,
    pub ready: Vec<bool>,
    /// The orders of the phase that resolved last: public.
    pub last: Vec<Given>,
    pub outcome: Option<Outcome>,
}

/// What one viewer may know: every unit, who is ready, the last phase's orders, and this
/// phase's orders of the viewer's own seat only (every seat's for a reviewer).
#[derive(Clone, Debug, Serialize)]
pub struct View {
    pub map: Map,
    pub phase: u32,
    pub phases: u32,
    pub units: Vec<Unit>,
    pub ready: Vec<bool>,
    pub orders: Vec<Option<Vec<Given>>>,
    pub last: Vec<Given>,
    pub outcome: Option<Outcome>,
}

impl Table {
    fn unit_at(&self, area: Area) -> Option<Unit> {
        self.units.iter().copied().find(|u| u.area == area)
    }
    fn has_units(&self, seat: Seat) -> bool {
        self.units.iter().any(|u| u.seat == seat)
    }
    fn border(&self, a: Area, b: Area) -> bool {
        self.options.map.borders(a, b)
    }

    /// Every unit's order this phase (hold where none was given), in area order.
    fn full_orders(&self) -> Vec<Given> {
        let mut all: Vec<Given> = self
            .units
            .iter()
            .map(|u| {
                self.orders[u.seat.index()]
                    .iter()
                    .copied()
                    .find(|g| g.unit == u.area)
                    .unwrap_or(Given {
                        seat: u.seat,
                        unit: u.area,
                        order: Order::Hold,
                    })
            })
            .collect();
        all.sort_by_key(|g| g.unit);
        all
    }

    fn resolve(&mut self, events: &mut Events<Event>) {
        let all = self.full_orders();
        let strength = |area: Area| {
            1 + all
                .iter()
                .filter(|g| g.order == Order::Support { unit: area })
                .count()
        };
        let moves: Vec<(Given, Area)> = all
            .iter()
            .filter_map(|g| match g.order {
                Order::Move { to } => Some((*g, to)),
                _ => None,
            })
            .collect();
        let mut succeeds = vec![true; moves.len()];
        loop {
            let mut changed = false;
            for (i, (given, to)) in moves.iter().enumerate() {
                if !succeeds[i] {
                    continue;
                }
                let mine = strength(given.unit);
                let rival = moves
                    .iter()
                    .any(|(g, t)| t == to && g.unit != given.unit && strength(g.unit) >= mine);
                let swap = moves.iter().any(|(g, t)| g.unit == *to && *t == given.unit);
                let stays = self.unit_at(*to).filter(|occupant| {
                    moves
                        .iter()
                        .position(|(g, _)| g.unit == occupant.area)
                        .is_none_or(|j| !succeeds[j])
                });
                let blocked = stays.is_some_and(|occupant| {
                    occupant.seat == given.seat || strength(occupant.area) >= mine
                });
                if rival || swap || blocked {
                    succeeds[i] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for given in &all {
            events.push((
                Audience::Everyone,
                Event::Revealed {
                    phase: self.phase,
                    given: *given,
                },
            ));
        }
        let mut destroyed = Vec::new();
        for (i, (given, to)) in moves.iter().enumerate() {
            if succeeds[i] {
                let left = moves
                    .iter()
                    .enumerate()
                    .any(|(j, (g, _))| g.unit == *to && succeeds[j]);
                if let (Some(occupant), false) = (self.unit_at(*to), left) {
                    destroyed.push(occupant);
                }
            } else {
                events.push((
                    Audience::Everyone,
                    Event::Bounced {
                        seat: given.seat,
                        from: given.unit,
                        to: *to,
                    },
                ));
            }
        }
        for unit in &destroyed {
            events.push((
                Audience::Everyone,
                Event::Destroyed {
                    seat: unit.seat,
                    area: unit.area,
                },
            ));
        }
        self.units.retain(|u| !destroyed.contains(u));
        // Moves happen together: each unit goes where its own successful move takes it.
        let arrivals: Vec<(Area, Area)> = moves
            .iter()
            .enumerate()
            .filter(|(i, _)| succeeds[*i])
            .map(|(_, (given, to))| (given.unit, *to))
            .collect();
        for unit in &mut self.units {
            if let Some((_, to)) = arrivals.iter().find(|(from, _)| *from == unit.area) {
                unit.area = *to;
            }
        }
        for (i, (given, to)) in moves.iter().enumerate() {
            if succeeds[i] {
                events.push((
                    Audience::Everyone,
                    Event::Moved {
                        seat: given.seat,
                        from: given.unit,
                        to: *to,
                    },
                ));
            }
        }
        self.units.sort_by_key(|u| u.area);
        events.push((
            Audience::Everyone,
            Event::PhaseResolved { phase: self.phase },
        ));
        self.last = all;
        self.orders = vec![Vec::new(); self.players as usize];
        self.ready = vec![false; self.players as usize];
        let alive = Seat::all(self.players)
            .filter(|&s| self.has_units(s))
            .count();
        if self.phase == PHASES || alive <= 1 {
            let units: Vec<u32> = Seat::all(self.players)
                .map(|s| self.units.iter().filter(|u| u.seat == s).count() as u32)
                .collect();
            let best = *units.iter().max().unwrap();
            self.outcome = Some(Outcome {
                winners: Seat::all(self.players)
                    .filter(|s| units[s.index()] == best)
                    .collect(),
                units,
            });
        }
        self.phase += 1;
    }
}

impl Rules for Table {
    type Options = Options;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Decision = Decision;
    type Outcome = Outcome;
    type Position = Table;
    type RuleError = RuleError;
    type OptionProblem = StarNeedsThree;

    const NAME: &'static str = "orders";
    const RULES_VERSIONS: &'static [u32] = &[1];
    const CURRENT_RULES_VERSION: u32 = 1;
    const PLAYERS: (u8, u8) = (2, 3);

    fn option_fields() -> Vec<OptionField> {
        vec![
            OptionField {
                name: "map",
                kind: OptionKind::Choice {
                    values: &["ring", "star"],
                    default: "ring",
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
    fn press(options: &Options) -> Press {
        options.press
    }
    fn schemas() -> Vec<schema::NamedSchema> {
        schema::of_game::<Options, Action>()
    }
    fn option_problems(options: &Options, players: u8) -> Vec<StarNeedsThree> {
        if options.map == Map::Star && players != 3 {
            vec![StarNeedsThree { players }]
        } else {
            Vec::new()
        }
    }
    fn setup(
        _rules_version: u32,
        options: &Options,
        players: u8,
        _seed: Seed,
        _events: &mut Events<Event>,
    ) -> Result<Table, Vec<String>> {
        let problems: Vec<String> = Table::option_problems(options, players)
            .iter()
            .map(ToString::to_string)
            .collect();
        if !problems.is_empty() || !(2..=3).contains(&players) {
            return Err(problems);
        }
        let homes: &[[Area; 2]] = if players == 2 {
            &[[Area::Alba, Area::Borgo], [Area::Dora, Area::Elce]]
        } else {
            &[
                [Area::Alba, Area::Borgo],
                [Area::Colle, Area::Dora],
                [Area::Elce, Area::Fonte],
            ]
        };
        Ok(Table {
            options: options.clone(),
            players,
            phase: 1,
            units: homes
                .iter()
                .enumerate()
                .flat_map(|(s, areas)| {
                    areas.iter().map(move |&area| Unit {
                        seat: Seat(s as u8),
                        area,
                    })
                })
                .collect(),
            orders: vec![Vec::new(); players as usize],
            ready: vec![false; players as usize],
            last: Vec::new(),
            outcome: None,
        })
    }
    fn players(&self) -> u8 {
        self.players
    }
    fn options(&self) -> &Options {
        &self.options
    }
    fn check(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::Over);
        }
        if seat.0 >= self.players {
            return Err(RuleError::NoSuchSeat);
        }
        if !self.has_units(seat) {
            return Err(RuleError::NoUnits);
        }
        match *action {
            Action::Ready if self.ready[seat.index()] => Err(RuleError::AlreadyReady),
            Action::Ready => Ok(()),
            Action::Order { unit, order } => {
                let map = self.options.map;
                for area in [Some(unit), order_area(order)].into_iter().flatten() {
                    if !map.has(area) {
                        return Err(RuleError::NotOnMap(area));
                    }
                }
                if self.unit_at(unit).is_none_or(|u| u.seat != seat) {
                    return Err(RuleError::NotYours(unit));
                }
                match order {
                    Order::Hold => Ok(()),
                    Order::Move { to } | Order::Support { unit: to } if !self.border(unit, to) => {
                        Err(RuleError::NotBordering(unit, to))
                    }
                    Order::Support { unit: other } if self.unit_at(other).is_none() => {
                        Err(RuleError::NoUnitThere(other))
                    }
                    _ => Ok(()),
                }
            }
        }
    }
    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if self.outcome.is_some() || seat.0 >= self.players {
            return Vec::new();
        }
        let mut menu = Vec::new();
        for unit in self.units.iter().filter(|u| u.seat == seat) {
            menu.push(Action::Order {
                unit: unit.area,
                order: Order::Hold,
            });
            for to in self.options.map.areas() {
                if self.border(unit.area, to) {
                    menu.push(Action::Order {
                        unit: unit.area,
                        order: Order::Move { to },
                    });
                    if self.unit_at(to).is_some() {
                        menu.push(Action::Order {
                            unit: unit.area,
                            order: Order::Support { unit: to },
                        });
                    }
                }
            }
        }
        if !menu.is_empty() && !self.ready[seat.index()] {
            menu.push(Action::Ready);
        }
        menu
    }
    fn apply(
        mut self,
        seat: Seat,
        action: &Action,
        events: &mut Events<Event>,
    ) -> Result<Table, (Table, RuleError)> {
        if let Err(error) = self.check(seat, action) {
            return Err((self, error));
        }
        match *action {
            Action::Order { unit, order } => {
                let mine = &mut self.orders[seat.index()];
                mine.retain(|g| g.unit != unit);
                mine.push(Given { seat, unit, order });
                mine.sort_by_key(|g| g.unit);
                // A revised order takes the READY back.
                self.ready[seat.index()] = false;
                events.push((Audience::Until(seat), Event::Ordered { seat, unit, order }));
            }
            Action::Ready => {
                self.ready[seat.index()] = true;
                events.push((Audience::Everyone, Event::Ready { seat }));
                if Seat::all(self.players).all(|s| self.ready[s.index()] || !self.has_units(s)) {
                    self.resolve(events);
                }
            }
        }
        Ok(self)
    }
    fn view(&self, viewer: Viewer) -> View {
        View {
            map: self.options.map,
            phase: self.phase.min(PHASES),
            phases: PHASES,
            units: self.units.clone(),
            ready: self.ready.clone(),
            orders: Seat::all(self.players)
                .map(|s| {
                    let sees = viewer == Viewer::Seat(s) || viewer == Viewer::Reviewer;
                    sees.then(|| self.orders[s.index()].clone())
                })
                .collect(),
            last: self.last.clone(),
            outcome: self.outcome.clone(),
        }
    }
    fn pending(&self) -> Vec<(Seat, Decision)> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        Seat::all(self.players)
            .filter(|s| !self.ready[s.index()] && self.has_units(*s))
            .map(|s| (s, Decision::Orders { phase: self.phase }))
            .collect()
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
        Seat::all(self.players)
            .map(|seat| Standing {
                seat,
                place: 1 + outcome
                    .units
                    .iter()
                    .filter(|&&n| n > outcome.units[seat.index()])
                    .count() as u8,
            })
            .collect()
    }
    fn entry_audience(_options: &Options, seat: Seat, action: &Action) -> Audience {
        match action {
            Action::Order { .. } => Audience::Until(seat),
            Action::Ready => Audience::Everyone,
        }
    }
    fn step(&self, _seat: Seat) -> Option<u64> {
        Some(self.phase as u64)
    }
    fn counts(event: &Event) -> &'static [&'static str] {
        match event {
            Event::PhaseResolved { .. } => &["phases"],
            _ => &[],
        }
    }
    fn to_position(&self) -> Table {
        self.clone()
    }
    fn from_position(position: Table) -> Result<Table, Vec<String>> {
        let mut problems = Vec::new();
        let seats = position.players as usize;
        if position.orders.len() != seats || position.ready.len() != seats {
            problems.push("one list of orders and one READY per seat".to_string());
        }
        for unit in &position.units {
            if unit.seat.0 >= position.players || !position.options.map.has(unit.area) {
                problems.push(format!("no such unit: {unit:?}"));
            }
            if position
                .units
                .iter()
                .filter(|u| u.area == unit.area)
                .count()
                > 1
            {
                problems.push(format!("two units in {:?}", unit.area));
            }
        }
        if problems.is_empty() {
            Ok(position)
        } else {
            Err(problems)
        }
    }
    fn audit(&self) -> Vec<String> {
        Table::from_position(self.clone()).err().unwrap_or_default()
    }
}

fn order_area(order: Order) -> Option<Area> {
    match order {
        Order::Hold => None,
        Order::Move { to } => Some(to),
        Order::Support { unit } => Some(unit),
    }
}

/// The game's words: catalogs of its own, as a game from outside the crate brings them.
pub const ENGLISH: &str = r#"
orders-title = Orders
orders-tagline = Written orders for a few units, all resolved at once.
orders-setup = the units stand in their home areas
orders-option-map = Map
    .help = The star needs three players.
orders-option-map-ring = Ring of six
orders-option-map-star = Star of seven
orders-option-press = Press
orders-option-press-full = Public and private messages
orders-option-press-public = Public messages only
orders-option-press-none = No messages (gunboat)
orders-options = Map: { $map }
orders-problem-star = The star map needs 3 players, not { $players }.
orders-area-alba = Alba
orders-area-borgo = Borgo
orders-area-colle = Colle
orders-area-dora = Dora
orders-area-elce = Elce
orders-area-fonte = Fonte
orders-area-gora = Gora
orders-order-hold = { $unit } holds
orders-order-move = { $unit } moves to { $to }
orders-order-support = { $unit } supports { $other }
orders-decision = write your orders for phase { $phase } and say READY
orders-ev-ordered = { $seat } orders: { $order }.
orders-ev-ready = { $seat } is ready.
orders-ev-revealed = Phase { $phase }, { $seat } ordered: { $order }.
orders-ev-moved = { $seat }'s unit moves from { $from } to { $to }.
orders-ev-bounced = { $seat }'s unit in { $from } fails to reach { $to }.
orders-ev-destroyed = { $seat }'s unit in { $area } is destroyed.
orders-ev-phase = Phase { $phase } is resolved.
orders-action-order = order: { $order }
orders-action-ready = READY
orders-error-over = the game is over
orders-error-seat = there is no such seat
orders-error-not-on-map = { $area } is not on this map
orders-error-not-yours = you have no unit in { $area }
orders-error-not-bordering = { $from } does not border { $to }
orders-error-no-unit = there is no unit in { $area } to support
orders-error-already-ready = you said READY already; a new order takes it back
orders-error-no-units = you have no units left
orders-outcome = { $winners } won with { $units } units.
orders-standing = { $name }: { $units } units
orders-situation = Phase { $phase } of { $phases }; ready: { $ready }
orders-nobody = nobody
orders-yours = Your orders this phase: { $orders }
orders-none = none yet (a unit without an order holds)
orders-form-unit = Orders for { $unit }
orders-form-ready = When your orders are written
orders-column = Units
orders-mail = Phase { $phase } of { $phases }. Your units: { $units }. Your orders: { $orders }.
orders-milestone = phase { $phase } resolved
orders-command-hold = { $unit } hold
orders-command-move = { $unit } move { $to }
orders-command-support = { $unit } support { $other }
orders-command-ready = ready
orders-verbs-hold = hold holds
orders-verbs-move = move moves
orders-verbs-support = support supports
orders-verbs-ready = ready done
orders-reply-skip = into
"#;

pub const PORTUGUESE: &str = r#"
orders-title = Ordens
orders-tagline = Ordens escritas para poucas unidades, todas resolvidas de uma vez.
orders-setup = as unidades estão em suas áreas de origem
orders-option-map = Mapa
    .help = A estrela precisa de três jogadores.
orders-option-map-ring = Anel de seis
orders-option-map-star = Estrela de sete
orders-option-press = Imprensa
orders-option-press-full = Mensagens públicas e privadas
orders-option-press-public = Só mensagens públicas
orders-option-press-none = Sem mensagens
orders-options = Mapa: { $map }
orders-problem-star = O mapa da estrela precisa de 3 jogadores, não { $players }.
orders-area-alba = Alba
orders-area-borgo = Borgo
orders-area-colle = Colle
orders-area-dora = Dora
orders-area-elce = Elce
orders-area-fonte = Fonte
orders-area-gora = Gora
orders-order-hold = { $unit } mantém a posição
orders-order-move = { $unit } vai para { $to }
orders-order-support = { $unit } apoia { $other }
orders-decision = escreva suas ordens da fase { $phase } e diga PRONTO
orders-ev-ordered = { $seat } ordena: { $order }.
orders-ev-ready = { $seat } está pronto.
orders-ev-revealed = Fase { $phase }, { $seat } ordenou: { $order }.
orders-ev-moved = A unidade de { $seat } vai de { $from } para { $to }.
orders-ev-bounced = A unidade de { $seat } em { $from } não consegue entrar em { $to }.
orders-ev-destroyed = A unidade de { $seat } em { $area } é destruída.
orders-ev-phase = A fase { $phase } foi resolvida.
orders-action-order = ordem: { $order }
orders-action-ready = PRONTO
orders-error-over = o jogo acabou
orders-error-seat = esse lugar não existe
orders-error-not-on-map = { $area } não está neste mapa
orders-error-not-yours = você não tem unidade em { $area }
orders-error-not-bordering = { $from } não faz fronteira com { $to }
orders-error-no-unit = não há unidade em { $area } para apoiar
orders-error-already-ready = você já disse PRONTO; uma nova ordem o desfaz
orders-error-no-units = você não tem mais unidades
orders-outcome = { $winners } venceu com { $units } unidades.
orders-standing = { $name }: { $units } unidades
orders-situation = Fase { $phase } de { $phases }; prontos: { $ready }
orders-nobody = ninguém
orders-yours = Suas ordens nesta fase: { $orders }
orders-none = nenhuma ainda (unidade sem ordem mantém a posição)
orders-form-unit = Ordens para { $unit }
orders-form-ready = Quando suas ordens estiverem escritas
orders-column = Unidades
orders-mail = Fase { $phase } de { $phases }. Suas unidades: { $units }. Suas ordens: { $orders }.
orders-milestone = fase { $phase } resolvida
orders-command-hold = { $unit } mantém
orders-command-move = { $unit } vai para { $to }
orders-command-support = { $unit } apoia { $other }
orders-command-ready = pronto
orders-verbs-hold = mantem manter fica
orders-verbs-move = vai move mover mova
orders-verbs-support = apoia apoiar
orders-verbs-ready = pronto pronta
orders-reply-skip = para até
"#;

/// The presenter.
#[derive(Clone, Copy, Debug, Default)]
pub struct Present;

fn area(cx: &Ctx, area: Area) -> String {
    cx.words.get(&area.id())
}

/// An order in words: "Alba moves to Borgo".
pub fn order_words(words: &Words, unit: Area, order: Order) -> String {
    let name = |a: Area| words.get(&a.id());
    match order {
        Order::Hold => words.one("orders-order-hold", "unit", name(unit)),
        Order::Move { to } => {
            words.two("orders-order-move", ("unit", name(unit)), ("to", name(to)))
        }
        Order::Support { unit: other } => words.two(
            "orders-order-support",
            ("unit", name(unit)),
            ("other", name(other)),
        ),
    }
}

fn orders_list(cx: &Ctx, orders: &[Given]) -> String {
    if orders.is_empty() {
        return cx.words.get("orders-none");
    }
    orders
        .iter()
        .map(|g| order_words(&cx.words, g.unit, g.order))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The words of a message that lists synonyms, folded as the reply reader folds.
fn synonyms(words: &Words, id: &str, fold: &dyn Fn(&str) -> Vec<String>) -> Vec<String> {
    fold(&words.get(id))
}

impl Presenter for Present {
    type Game = Table;

    fn catalogs(&self) -> Vec<(&'static str, &'static str)> {
        vec![("en", ENGLISH), ("pt", PORTUGUESE)]
    }
    fn options(&self, options: &Options, cx: &Ctx) -> Vec<String> {
        let map = match options.map {
            Map::Ring => "orders-option-map-ring",
            Map::Star => "orders-option-map-star",
        };
        vec![cx.words.one("orders-options", "map", cx.words.get(map))]
    }
    fn option_problem(&self, problem: &StarNeedsThree, cx: &Ctx) -> String {
        cx.words
            .one("orders-problem-star", "players", problem.players)
    }
    fn decision(&self, decision: &Decision, cx: &Ctx) -> String {
        let Decision::Orders { phase } = decision;
        cx.words.one("orders-decision", "phase", *phase)
    }
    fn event(&self, event: &Event, cx: &Ctx) -> String {
        let w = &cx.words;
        match event {
            Event::Ordered { seat, unit, order } => w.two(
                "orders-ev-ordered",
                ("seat", cx.name(*seat)),
                ("order", order_words(w, *unit, *order)),
            ),
            Event::Ready { seat } => w.one("orders-ev-ready", "seat", cx.name(*seat)),
            Event::Revealed { phase, given } => w.three(
                "orders-ev-revealed",
                ("phase", *phase),
                ("seat", cx.name(given.seat)),
                ("order", order_words(w, given.unit, given.order)),
            ),
            Event::Moved { seat, from, to } => w.three(
                "orders-ev-moved",
                ("seat", cx.name(*seat)),
                ("from", area(cx, *from)),
                ("to", area(cx, *to)),
            ),
            Event::Bounced { seat, from, to } => w.three(
                "orders-ev-bounced",
                ("seat", cx.name(*seat)),
                ("from", area(cx, *from)),
                ("to", area(cx, *to)),
            ),
            Event::Destroyed { seat, area: a } => w.two(
                "orders-ev-destroyed",
                ("seat", cx.name(*seat)),
                ("area", area(cx, *a)),
            ),
            Event::PhaseResolved { phase } => w.one("orders-ev-phase", "phase", *phase),
        }
    }
    fn action(&self, action: &Action, cx: &Ctx) -> String {
        match action {
            Action::Order { unit, order } => cx.words.one(
                "orders-action-order",
                "order",
                order_words(&cx.words, *unit, *order),
            ),
            Action::Ready => cx.words.get("orders-action-ready"),
        }
    }
    fn rule_error(&self, error: &RuleError, cx: &Ctx) -> String {
        let w = &cx.words;
        match error {
            RuleError::Over => w.get("orders-error-over"),
            RuleError::NoSuchSeat => w.get("orders-error-seat"),
            RuleError::NotOnMap(a) => w.one("orders-error-not-on-map", "area", area(cx, *a)),
            RuleError::NotYours(a) => w.one("orders-error-not-yours", "area", area(cx, *a)),
            RuleError::NotBordering(a, b) => w.two(
                "orders-error-not-bordering",
                ("from", area(cx, *a)),
                ("to", area(cx, *b)),
            ),
            RuleError::NoUnitThere(a) => w.one("orders-error-no-unit", "area", area(cx, *a)),
            RuleError::AlreadyReady => w.get("orders-error-already-ready"),
            RuleError::NoUnits => w.get("orders-error-no-units"),
        }
    }
    fn outcome(&self, outcome: &Outcome, cx: &Ctx) -> String {
        let best = outcome.units.iter().max().copied().unwrap_or(0);
        cx.words.two(
            "orders-outcome",
            ("winners", cx.list(&outcome.winners)),
            ("units", best),
        )
    }
    fn standing(&self, view: &View, standing: &Standing, cx: &Ctx) -> String {
        let units = view
            .units
            .iter()
            .filter(|u| u.seat == standing.seat)
            .count();
        cx.words.two(
            "orders-standing",
            ("name", cx.name(standing.seat)),
            ("units", units),
        )
    }
    fn situation(&self, view: &View, cx: &Ctx) -> String {
        let ready: Vec<Seat> = (0..view.ready.len() as u8)
            .map(Seat)
            .filter(|s| view.ready[s.index()])
            .collect();
        let ready = if ready.is_empty() {
            cx.words.get("orders-nobody")
        } else {
            cx.list(&ready)
        };
        cx.words.three(
            "orders-situation",
            ("phase", view.phase),
            ("phases", view.phases),
            ("ready", ready),
        )
    }
    fn milestones(
        &self,
        _before: Option<&Table>,
        _after: &Table,
        events: &Events<Event>,
        cx: &Ctx,
    ) -> Vec<Milestone> {
        events
            .iter()
            .filter_map(|(_, event)| match event {
                Event::PhaseResolved { phase } => Some(Milestone {
                    mark: "phase",
                    label: cx.words.one("orders-milestone", "phase", *phase),
                }),
                _ => None,
            })
            .collect()
    }
    fn board(&self, view: &View, cx: &Ctx) -> Html {
        let rows: String = view
            .map
            .areas()
            .map(|a| {
                let holder = view
                    .units
                    .iter()
                    .find(|u| u.area == a)
                    .map(|u| cx.name(u.seat))
                    .unwrap_or_default();
                format!(
                    "<tr><td>{}</td><td>{}</td></tr>",
                    escape(&area(cx, a)),
                    escape(&holder)
                )
            })
            .collect();
        Html(format!("<table id=\"orders-board\">{rows}</table>"))
    }
    fn private_part(&self, view: &View, seat: Seat, cx: &Ctx) -> Html {
        match view.orders.get(seat.index()).cloned().flatten() {
            Some(orders) => Html(format!(
                "<p id=\"orders-mine\">{}</p>",
                escape(
                    &cx.words
                        .one("orders-yours", "orders", orders_list(cx, &orders))
                )
            )),
            None => Html::default(),
        }
    }
    fn review_part(&self, _view: &View, _cx: &Ctx) -> Html {
        Html::default()
    }
    fn forms(&self, _view: &View, _seat: Seat, legal: &[Action], cx: &Ctx) -> Vec<MoveForm> {
        let button = |action: &Action, label: String| {
            format!(
                "<button type=\"submit\" name=\"action\" value=\"{}\">{}</button>",
                escape(&serde_json::to_string(action).unwrap()),
                escape(&label)
            )
        };
        let mut units: Vec<Area> = Vec::new();
        for action in legal {
            if let Action::Order { unit, .. } = action {
                if !units.contains(unit) {
                    units.push(*unit);
                }
            }
        }
        let mut forms: Vec<MoveForm> = units
            .iter()
            .map(|&unit| MoveForm {
                folded: false,
                legend: cx.words.one("orders-form-unit", "unit", area(cx, unit)),
                body: Html(
                    legal
                        .iter()
                        .filter_map(|action| match action {
                            Action::Order { unit: u, order } if *u == unit => {
                                Some(button(action, order_words(&cx.words, unit, *order)))
                            }
                            _ => None,
                        })
                        .collect(),
                ),
            })
            .collect();
        if legal.contains(&Action::Ready) {
            forms.push(MoveForm {
                folded: false,
                legend: cx.words.get("orders-form-ready"),
                body: Html(button(&Action::Ready, cx.words.get("orders-action-ready"))),
            });
        }
        forms
    }
    fn commands(&self, action: &Action, words: &Words) -> Vec<String> {
        let name = |a: Area| words.get(&a.id());
        vec![match action {
            Action::Ready => words.get("orders-command-ready"),
            Action::Order { unit, order } => match order {
                Order::Hold => words.one("orders-command-hold", "unit", name(*unit)),
                Order::Move { to } => words.two(
                    "orders-command-move",
                    ("unit", name(*unit)),
                    ("to", name(*to)),
                ),
                Order::Support { unit: other } => words.two(
                    "orders-command-support",
                    ("unit", name(*unit)),
                    ("other", name(*other)),
                ),
            },
        }]
    }
    /// A line of orders, in order: `ready`, or `<area> <verb> [<area>]`, verbs and areas of
    /// any language. A line that starts with an area or a verb but reads as no order is
    /// unreadable; the rules judge the order it reads.
    /// A sheet of orders: every line stands on its own.
    fn script(&self) -> Script {
        Script::EachLine
    }
    fn command_words(&self, words: &Words) -> Vec<String> {
        ["ready", "hold", "move", "support"]
            .iter()
            .flat_map(|kind| {
                words
                    .get(&format!("orders-verbs-{kind}"))
                    .split_whitespace()
                    .map(str::to_owned)
                    .collect::<Vec<_>>()
            })
            .collect()
    }
    fn read_command(
        &self,
        raw: &str,
        _view: &View,
        _seat: Seat,
        languages: &[Words],
    ) -> Command<Action> {
        let folding = self.folding(languages);
        let fold = &|text: &str| folding.fold(text);
        let line = fold(raw);
        let is_verb = |kind: &str, word: &String| {
            languages
                .iter()
                .any(|w| synonyms(w, &format!("orders-verbs-{kind}"), fold).contains(word))
        };
        let area_of = |word: &String| {
            Area::ALL.into_iter().find(|a| {
                *word == a.key()
                    || languages
                        .iter()
                        .any(|w| fold(&w.get(&a.id())) == [word.clone()])
            })
        };
        let skip: Vec<String> = languages
            .iter()
            .flat_map(|w| synonyms(w, "orders-reply-skip", fold))
            .collect();
        let line: Vec<String> = line.iter().filter(|w| !skip.contains(w)).cloned().collect();
        let Some(first) = line.first() else {
            return Command::None;
        };
        if is_verb("ready", first) {
            return if line.len() == 1 {
                Command::Action(Action::Ready)
            } else {
                Command::Unreadable
            };
        }
        let Some(unit) = area_of(first) else {
            return Command::None;
        };
        let verb = line.get(1);
        let target = line.get(2).and_then(area_of);
        let order = match (verb, target, line.len()) {
            (Some(v), None, 2) if is_verb("hold", v) => Order::Hold,
            (Some(v), Some(to), 3) if is_verb("move", v) => Order::Move { to },
            (Some(v), Some(other), 3) if is_verb("support", v) => Order::Support { unit: other },
            _ => return Command::Unreadable,
        };
        Command::Action(Action::Order { unit, order })
    }
    fn mail_part(&self, view: &View, seat: Seat, cx: &Ctx) -> MailPart {
        let units: Vec<String> = view
            .units
            .iter()
            .filter(|u| u.seat == seat)
            .map(|u| area(cx, u.area))
            .collect();
        let mine = view
            .orders
            .get(seat.index())
            .cloned()
            .flatten()
            .unwrap_or_default();
        let text = cx.words.with(
            "orders-mail",
            &[
                ("phase", view.phase.into()),
                ("phases", view.phases.into()),
                ("units", cx.words.list(units).into()),
                ("orders", orders_list(cx, &mine).into()),
            ],
        );
        MailPart {
            html: Html(format!("<p>{}</p>", escape(&text))),
            text,
        }
    }
    fn player_columns(&self, cx: &Ctx) -> Vec<String> {
        vec![cx.words.get("orders-column")]
    }
    fn player_cells(&self, view: &View, seat: Seat, _cx: &Ctx) -> Vec<String> {
        vec![view
            .units
            .iter()
            .filter(|u| u.seat == seat)
            .count()
            .to_string()]
    }
}
