//! The Condottieri bot: the lines a power writes for the open phase when a bot plays it,
//! a pure function of the game (no dice, no clock), read one line at a time by `Rules::bot_action`.
//!
//! It plays to win, greedily, one phase at a time (the reference has no advice on play; these
//! are the habits its players expect):
//! - **Orders.** Every army and fleet is matched to one city to take (not controlled by the
//!   power, or shared with another owner's unit), closest and most valuable first, preferring
//!   cities it can stand in by the end of Autumn, when control changes (§9.1). A unit on its
//!   city besieges a garrison of another owner (§7.8) or holds; one away from it advances one
//!   step along a shortest path. No two own units enter one field, none enters a field an own
//!   unit keeps, no two swap places. A field held by another power is attacked only with
//!   enough own supports to beat its hold and one support it could get; units left over
//!   support those attacks, then the hold of own units in threatened cities. Threatened own
//!   cities (an enemy army or fleet could enter next phase) keep or receive a unit in Autumn.
//!   A garrison supports the hold of an own unit in its area when that area is threatened,
//!   else turns into an army (or a fleet) when a city to take is near and nothing threatens
//!   its area.
//! - **Money (Finances).** Famine relief where its units or cities starve, then bribes that
//!   disband an autonomous garrison in the area where its army or fleet stands (the unit then
//!   counts on the city and still orders the siege, void if the bribe works), while a reserve
//!   of half a year's upkeep remains.
//! - **Retreats.** Into its own city when the area is its own or a home city, else to the
//!   free field closest to its cities (never two units to one field), else disband.
//! - **Adjustments.** Without Finances: build up to what it may, an army or a fleet by which
//!   is closer to a city to take, a garrison where no field unit fits; disband the units
//!   farthest from its cities. With Finances: withdraw upkeep from the farthest units the
//!   treasury cannot cover, then build while the treasury covers upkeep and builds.
//!
//! `measure` plays whole games of a bot against powers that only hold (the harness behind the
//! win share in docs/benchmarks.md); `read_plan` checks a plan with the table's own readers.

use super::adjudicate::Retreating;
use super::adjust::{apply_adjust_line, may_build, Adjustment, UNIT_COST};
use super::finances::{apply_money_line, is_money_line, Spending};
use super::map::{Area, AREA_COUNT};
use super::orders::{check, Order, Orders, Sub, UnitRef};
use super::retreats::{accept_retreat, RetreatOrder};
use super::scenario::{Scenario, SCENARIOS};
use super::state::{Position, Power, Season, Unit, UnitKind};
use super::written::{accept_buying, print, Style};
use super::year::{Game, Options, Step, Submissions};
use crate::engine::Seed;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

/// The lines `power` writes for the open phase, in order: each changes the power's sheet
/// and none undoes another, so the table can submit them one by one and then say READY.
/// Empty when the power is not asked or the defaults are what it wants.
pub fn plan(game: &Game, power: Power) -> Vec<String> {
    if !game.asked().contains(&power) {
        return Vec::new();
    }
    match game.phase.step {
        Step::Orders => {
            let (mut lines, bribed) = money(game, power);
            lines.extend(Planner::new(game, power, bribed).orders());
            lines
        }
        Step::Retreats => retreats(game, power),
        Step::Adjustments => adjustments(game, power),
    }
}

/// Unreachable, in a distance table.
const FAR: u8 = u8::MAX;

/// Whether a unit of `kind` may advance directly from `from` to `to` (§3.4, §3.5).
fn step(position: &Position, kind: UnitKind, from: Area, to: Area) -> bool {
    !position.is_disabled(to) && moves(kind, from, to)
}

/// Whether the board lets a unit of `kind` advance directly from `from` to `to` (§3.4).
fn moves(kind: UnitKind, from: Area, to: Area) -> bool {
    match kind {
        UnitKind::Army => from.army_adjacent(to),
        UnitKind::Fleet => from.fleet_adjacent(to),
        UnitKind::Garrison => false,
    }
}

/// Shortest numbers of direct advances between areas for armies and fleets, on this
/// scenario's board (disabled areas left out; convoys not counted).
struct Paths {
    army: Vec<[u8; AREA_COUNT]>,
    fleet: Vec<[u8; AREA_COUNT]>,
}

impl Paths {
    /// The tables of `position`'s scenario, made once per scenario.
    fn of(position: &Position) -> &'static Paths {
        static TABLES: OnceLock<Vec<(&'static str, Paths)>> = OnceLock::new();
        let tables = TABLES.get_or_init(|| {
            SCENARIOS
                .iter()
                .map(|s| (s.key, Paths::new(&s.disabled_areas())))
                .collect()
        });
        &tables
            .iter()
            .find(|(key, _)| *key == position.scenario)
            .expect("a known scenario")
            .1
    }

    fn new(disabled: &[Area]) -> Paths {
        let areas: Vec<Area> = Area::all().collect();
        let table = |kind: UnitKind| -> Vec<[u8; AREA_COUNT]> {
            let next: Vec<Vec<usize>> = areas
                .iter()
                .map(|&a| {
                    areas
                        .iter()
                        .filter(|&&b| !disabled.contains(&b) && moves(kind, a, b))
                        .map(|b| b.index())
                        .collect()
                })
                .collect();
            (0..AREA_COUNT)
                .map(|start| {
                    let mut dist = [FAR; AREA_COUNT];
                    dist[start] = 0;
                    let mut queue = std::collections::VecDeque::from([start]);
                    while let Some(a) = queue.pop_front() {
                        for &b in &next[a] {
                            if dist[b] == FAR {
                                dist[b] = dist[a] + 1;
                                queue.push_back(b);
                            }
                        }
                    }
                    dist
                })
                .collect()
        };
        Paths {
            army: table(UnitKind::Army),
            fleet: table(UnitKind::Fleet),
        }
    }

    fn dist(&self, kind: UnitKind, from: Area, to: Area) -> u8 {
        match kind {
            UnitKind::Army => self.army[from.index()][to.index()],
            UnitKind::Fleet => self.fleet[from.index()][to.index()],
            UnitKind::Garrison if from == to => 0,
            UnitKind::Garrison => FAR,
        }
    }
}

/// A tie-break that varies with the phase and the power, so equal choices do not always fall
/// the same way; no dice.
fn tie(game: &Game, power: Power, area: Area, extra: u32) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for word in [
        u64::from(game.phase.year),
        game.phase.season as u64,
        power as u64,
        area.index() as u64,
        u64::from(extra),
    ] {
        h ^= word;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
        h ^= h >> 29;
    }
    h
}

fn unit_ref(u: &Unit) -> UnitRef {
    UnitRef {
        kind: u.kind,
        area: u.area,
    }
}

/// What a field unit was matched to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Aim {
    /// A city to take.
    Take(Area),
    /// An own city to keep against a threat.
    Keep(Area),
}

impl Aim {
    fn area(self) -> Area {
        match self {
            Aim::Take(a) | Aim::Keep(a) => a,
        }
    }
}

/// The orders phase of one power.
struct Planner<'a> {
    game: &'a Game,
    position: &'a Position,
    power: Power,
    paths: &'static Paths,
    homes: Vec<Area>,
    /// Orders phases left this year, this one included: control changes after Autumn.
    moves_left: u8,
    orders: BTreeMap<u32, Order>,
    /// Fields own units will enter this phase.
    entering: BTreeSet<Area>,
    /// By area: a city the power does not hold alone (not controlled, or shared with another
    /// owner's unit).
    take: [bool; AREA_COUNT],
    /// By area: other powers' armies and fleets that could enter its field next phase.
    threat: [u8; AREA_COUNT],
    /// By area: the army or fleet in its field.
    fields: [Option<&'a Unit>; AREA_COUNT],
    /// By area: its city holds something the power must besiege to own it.
    siege: [bool; AREA_COUNT],
    /// Cities whose autonomous garrison the power pays to disband this phase: it still orders
    /// the siege (void if the bribe works, §7.2), but counts on standing there alone.
    bribed: Vec<Area>,
}

/// An aim's score, its tie-break, the unit and the aim.
type Candidate = (i32, u64, u32, Aim);

impl<'a> Planner<'a> {
    /// `bribed`: cities whose autonomous garrison the power pays to disband this phase.
    fn new(game: &'a Game, power: Power, bribed: Vec<Area>) -> Planner<'a> {
        let position = &game.position;
        let mut take = [false; AREA_COUNT];
        let mut threat = [0u8; AREA_COUNT];
        for area in Area::all() {
            take[area.index()] = area.info().city
                && !position.is_disabled(area)
                && position.control.get(&area) != Some(&power);
        }
        for v in position.units.iter().filter(|v| v.owner != Some(power)) {
            if v.area.info().city {
                take[v.area.index()] = true;
            }
            if v.owner.is_some() {
                for area in v.area.neighbours() {
                    if step(position, v.kind, v.area, area) {
                        threat[area.index()] += 1;
                    }
                }
            }
        }
        let mut fields = [None; AREA_COUNT];
        let mut siege = [false; AREA_COUNT];
        for u in &position.units {
            if u.kind.is_field() {
                fields[u.area.index()] = Some(u);
            } else if u.owner != Some(power) {
                siege[u.area.index()] = true;
            }
        }
        for (area, r) in &position.rebellions {
            if r.garrisoned && r.against == power {
                siege[area.index()] = true;
            }
        }
        Planner {
            bribed,
            take,
            threat,
            fields,
            siege,
            game,
            position,
            power,
            paths: Paths::of(position),
            homes: game.build_cities(power),
            moves_left: match game.phase.season {
                Season::Spring => 3,
                Season::Summer => 2,
                Season::Autumn => 1,
            },
            orders: BTreeMap::new(),
            entering: BTreeSet::new(),
        }
    }

    fn mine(&self) -> Vec<&'a Unit> {
        self.position.units_of(self.power).collect()
    }

    fn foreign(&self, u: &Unit) -> bool {
        u.owner != Some(self.power)
    }

    fn needs_siege(&self, area: Area) -> bool {
        self.siege[area.index()]
    }

    fn field(&self, area: Area) -> Option<&'a Unit> {
        self.fields[area.index()]
    }

    fn to_take(&self, area: Area) -> bool {
        self.take[area.index()]
    }

    fn threats(&self, area: Area) -> u8 {
        self.threat[area.index()]
    }

    fn value(&self, area: Area) -> i32 {
        let home = if self.homes.contains(&area) { 4 } else { 0 };
        let rival = match self.position.control.get(&area) {
            Some(p) if *p != self.power => 1,
            _ => 0,
        };
        10 + i32::from(area.info().ctrl) + home + rival
    }

    /// Phases `u` needs before it stands alone on `area`, if it can.
    fn cost(&self, u: &Unit, area: Area) -> Option<u8> {
        let d = self.paths.dist(u.kind, u.area, area);
        if d == FAR {
            return None;
        }
        let mut cost = d;
        if self.needs_siege(area) && !self.bribed.contains(&area) {
            if u.kind == UnitKind::Fleet && !area.info().port {
                return None;
            }
            cost += if u.area == area && u.siege == 1 { 1 } else { 2 };
        }
        match self.field(area) {
            Some(v) if v.id != u.id && self.foreign(v) => cost += 1,
            Some(v) if v.id != u.id => return None,
            _ => {}
        }
        Some(cost)
    }

    /// Every (unit, aim) pair worth considering, best first.
    fn candidates(&self) -> Vec<Candidate> {
        let autumn = self.game.phase.season == Season::Autumn;
        let mut candidates: Vec<Candidate> = Vec::new();
        for u in self.mine().into_iter().filter(|u| u.kind.is_field()) {
            for area in Area::all() {
                if self.to_take(area) {
                    if let Some(c) = self.cost(u, area) {
                        let soon = if c <= self.moves_left { 10 } else { 0 };
                        let score = self.value(area) - 3 * i32::from(c) + soon;
                        candidates.push((
                            score,
                            tie(self.game, self.power, area, u.id),
                            u.id,
                            Aim::Take(area),
                        ));
                    }
                } else if area.info().city
                    && self.position.control.get(&area) == Some(&self.power)
                    && self.threats(area) > 0
                {
                    let d = self.paths.dist(u.kind, u.area, area);
                    let taken = self.field(area).is_some_and(|v| v.id != u.id);
                    if taken || d > 1 || (d == 1 && !autumn) {
                        continue;
                    }
                    let score = self.value(area) - 3 * i32::from(d) + if autumn { 10 } else { -6 };
                    candidates.push((
                        score,
                        tie(self.game, self.power, area, u.id),
                        u.id,
                        Aim::Keep(area),
                    ));
                }
            }
        }
        candidates.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        candidates
    }

    /// Every field unit matched to at most one aim, each aim to at most one unit, best first.
    fn aims(
        &self,
        candidates: &[Candidate],
        banned: &BTreeSet<(u32, Area)>,
    ) -> BTreeMap<u32, (Aim, i32)> {
        let mut out = BTreeMap::new();
        let mut taken: BTreeSet<Area> = BTreeSet::new();
        for &(score, _, id, aim) in candidates {
            if out.contains_key(&id)
                || taken.contains(&aim.area())
                || banned.contains(&(id, aim.area()))
            {
                continue;
            }
            taken.insert(aim.area());
            out.insert(id, (aim, score));
        }
        out
    }

    /// The next fields on a shortest path from `u` to `target`, best first.
    fn steps_toward(&self, u: &Unit, target: Area) -> Vec<Area> {
        let d = self.paths.dist(u.kind, u.area, target);
        if d == FAR || d == 0 {
            return Vec::new();
        }
        let mut out: Vec<(bool, u64, Area)> = Area::all()
            .filter(|&n| step(self.position, u.kind, u.area, n))
            .filter(|&n| self.paths.dist(u.kind, n, target) == d - 1)
            .map(|n| {
                let busy = self.field(n).is_some();
                (busy, tie(self.game, self.power, n, u.id), n)
            })
            .collect();
        out.sort();
        out.into_iter().map(|(_, _, n)| n).collect()
    }

    fn set(&mut self, u: &Unit, order: Order) -> bool {
        if check(self.position, u, &order).is_err() {
            return false;
        }
        if let Order::Advance { to, .. } = order {
            self.entering.insert(to);
        }
        if let Order::Convert { to } = order {
            if to.is_field() {
                self.entering.insert(u.area);
            }
        }
        self.orders.insert(u.id, order);
        true
    }

    fn advancing_to(&self, id: u32) -> Option<Area> {
        match self.orders.get(&id) {
            Some(Order::Advance { to, .. }) => Some(*to),
            _ => None,
        }
    }

    /// Whether `u` may enter `n` without bouncing off its own side: `Some(true)` yes,
    /// `Some(false)` never, `None` not yet known (an own unit there has no order yet).
    fn free_for(&self, u: &Unit, n: Area) -> Option<bool> {
        if self.entering.contains(&n) {
            return Some(false);
        }
        match self.field(n) {
            None => Some(true),
            Some(v) if self.foreign(v) => Some(true),
            Some(v) => match (self.orders.get(&v.id), self.advancing_to(v.id)) {
                (None, _) => None,
                (Some(_), Some(to)) => Some(to != u.area),
                (Some(_), None) => Some(false),
            },
        }
    }

    /// The hold the occupant of `n` may have: itself and one support if anyone could give it.
    fn hold_of(&self, n: Area) -> usize {
        let Some(occ) = self.field(n) else {
            return 0;
        };
        let helpers = self
            .position
            .units
            .iter()
            .filter(|w| w.id != occ.id && w.owner == occ.owner)
            .filter(|w| step(self.position, w.kind, w.area, n) || (w.area == n))
            .count();
        1 + helpers.min(1)
    }

    /// The units of `pool` that could support `sub` of `target`, in pool order.
    fn supporters(&self, target: &Unit, sub: Sub, pool: &[&'a Unit]) -> Vec<&'a Unit> {
        let order = Order::Support {
            unit: unit_ref(target),
            sub,
        };
        pool.iter()
            .copied()
            .filter(|w| w.id != target.id)
            .filter(|w| check(self.position, w, &order).is_ok())
            .collect()
    }

    /// The order lines: aims that come to nothing (every step blocked, an attack without
    /// enough supports) are banned and the units matched again, a few rounds at most.
    fn orders(mut self) -> Vec<String> {
        let mine = self.mine();
        let candidates = self.candidates();
        let mut banned: BTreeSet<(u32, Area)> = BTreeSet::new();
        for _ in 0..4 {
            self.orders.clear();
            self.entering.clear();
            let failed = self.attempt(&mine, &candidates, &banned);
            if failed.is_empty() {
                break;
            }
            banned.extend(failed);
        }
        mine.iter()
            .filter_map(|u| {
                let order = self.orders.get(&u.id)?;
                (*order != Order::Hold).then(|| print(unit_ref(u), order, Style::Symbols))
            })
            .collect()
    }

    /// One round of orders for the aims not banned; returns the aims that came to nothing.
    fn attempt(
        &mut self,
        mine: &[&'a Unit],
        candidates: &[Candidate],
        banned: &BTreeSet<(u32, Area)>,
    ) -> Vec<(u32, Area)> {
        let aims = self.aims(candidates, banned);
        let by_score = |ids: &mut Vec<u32>| {
            ids.sort_by(|a, b| aims[b].1.cmp(&aims[a].1).then(a.cmp(b)));
        };
        let unit = |id: u32| *mine.iter().find(|u| u.id == id).expect("an own unit");
        // Units on their aim stay: besiege, or hold (holding units may still support).
        let mut movers: Vec<u32> = Vec::new();
        for (&id, &(aim, _)) in &aims {
            let u = unit(id);
            if u.area == aim.area() {
                if !(self.needs_siege(u.area) && self.set(u, Order::Besiege)) {
                    self.set(u, Order::Hold);
                }
            } else {
                movers.push(id);
            }
        }
        by_score(&mut movers);
        // Advances into fields no other power holds, until nothing changes; a step into a
        // field held by another power waits for supports.
        let mut attacks: Vec<(u32, Area)> = Vec::new();
        let mut open = movers.clone();
        loop {
            let mut progress = false;
            let mut waiting = Vec::new();
            for id in open {
                let u = unit(id);
                let mut decided = false;
                let mut unknown = false;
                for n in self.steps_toward(u, aims[&id].0.area()) {
                    match self.free_for(u, n) {
                        Some(true) if self.field(n).is_some_and(|v| self.foreign(v)) => {
                            if !attacks.iter().any(|a| a.0 == id) {
                                attacks.push((id, n));
                            }
                        }
                        Some(true) => {
                            decided = self.set(
                                u,
                                Order::Advance {
                                    to: n,
                                    via_convoy: false,
                                },
                            );
                            if decided {
                                break;
                            }
                        }
                        Some(false) => {}
                        None => unknown = true,
                    }
                }
                if decided {
                    attacks.retain(|a| a.0 != id);
                    progress = true;
                } else if unknown {
                    waiting.push(id);
                }
            }
            open = waiting;
            if !progress || open.is_empty() {
                break;
            }
        }
        // Attacks with enough supports from units that have nothing better to do, or that
        // only advance toward a lesser aim from a field no own unit is entering.
        let idle: Vec<&Unit> = mine
            .iter()
            .copied()
            .filter(|u| u.kind.is_field() && !aims.contains_key(&u.id))
            .collect();
        for (id, n) in attacks {
            let u = unit(id);
            if self.orders.contains_key(&id) || self.entering.contains(&n) {
                continue;
            }
            let need = self.hold_of(n);
            let score = aims[&id].1;
            let mut pool: Vec<(i32, &Unit)> = mine
                .iter()
                .copied()
                .filter(|w| w.kind.is_field() && w.id != id)
                .filter_map(|w| match self.orders.get(&w.id) {
                    None | Some(Order::Hold) => Some((i32::MIN, w)),
                    Some(Order::Advance { .. }) if !self.entering.contains(&w.area) => aims
                        .get(&w.id)
                        .map_or(Some(i32::MIN + 1), |aim| (aim.1 < score).then_some(aim.1))
                        .map(|rank| (rank, w)),
                    _ => None,
                })
                .collect();
            pool.sort_by_key(|(rank, w)| (*rank, w.id));
            let pool: Vec<&Unit> = pool.into_iter().map(|(_, w)| w).collect();
            let helpers = self.supporters(u, Sub::Advance { to: n }, &pool);
            if helpers.len() < need {
                continue;
            }
            if self.set(
                u,
                Order::Advance {
                    to: n,
                    via_convoy: false,
                },
            ) {
                for w in helpers.into_iter().take(need) {
                    if let Some(to) = self.advancing_to(w.id) {
                        self.entering.remove(&to);
                    }
                    self.set(
                        w,
                        Order::Support {
                            unit: unit_ref(u),
                            sub: Sub::Advance { to: n },
                        },
                    );
                }
            }
        }
        // Units without an aim close in on the nearest city to take.
        for u in idle.iter().copied() {
            if self.orders.contains_key(&u.id) {
                continue;
            }
            let nearest = Area::all()
                .filter(|&a| self.to_take(a))
                .filter_map(|a| {
                    self.cost(u, a)
                        .map(|c| (c, tie(self.game, self.power, a, u.id), a))
                })
                .min();
            if let Some((_, _, target)) = nearest {
                let steps = self.steps_toward(u, target);
                if let Some(n) = steps
                    .into_iter()
                    .find(|&n| self.free_for(u, n) == Some(true) && self.field(n).is_none())
                {
                    self.set(
                        u,
                        Order::Advance {
                            to: n,
                            via_convoy: false,
                        },
                    );
                }
            }
        }
        let failed: Vec<(u32, Area)> = movers
            .iter()
            .filter(|id| !self.orders.contains_key(id))
            .map(|id| (*id, aims[id].0.area()))
            .collect();
        // A unit left without an order besieges where it stands if it can.
        for u in mine.iter().copied().filter(|u| u.kind.is_field()) {
            if !self.orders.contains_key(&u.id) && self.needs_siege(u.area) {
                self.set(u, Order::Besiege);
            }
        }
        self.support_leftovers(mine);
        self.garrisons(mine);
        failed
    }

    /// Units with nothing to do support own advances into fields others could contest, then
    /// the hold of own units in threatened own areas.
    fn support_leftovers(&mut self, mine: &[&'a Unit]) {
        let free: Vec<&Unit> = mine
            .iter()
            .copied()
            .filter(|u| {
                u.kind.is_field() && matches!(self.orders.get(&u.id), None | Some(Order::Hold))
            })
            .filter(|u| {
                !(self.to_take(u.area)
                    && self.orders.get(&u.id) == Some(&Order::Hold)
                    && self.threats(u.area) > 0)
            })
            .collect();
        let mut used: BTreeSet<u32> = BTreeSet::new();
        let advances: Vec<(&Unit, Area)> = mine
            .iter()
            .filter_map(|u| self.advancing_to(u.id).map(|to| (*u, to)))
            .collect();
        for (u, to) in advances {
            if self.threats(to) == 0 {
                continue;
            }
            let pool: Vec<&Unit> = free
                .iter()
                .copied()
                .filter(|w| !used.contains(&w.id))
                .collect();
            if let Some(w) = self.supporters(u, Sub::Advance { to }, &pool).first() {
                used.insert(w.id);
                self.set(
                    w,
                    Order::Support {
                        unit: unit_ref(u),
                        sub: Sub::Advance { to },
                    },
                );
            }
        }
        let keepers: Vec<&Unit> = mine
            .iter()
            .copied()
            .filter(|u| u.kind.is_field() && self.advancing_to(u.id).is_none())
            .filter(|u| self.threats(u.area) > 0)
            .collect();
        for u in keepers {
            let pool: Vec<&Unit> = free
                .iter()
                .copied()
                .filter(|w| {
                    !used.contains(&w.id) && self.orders.get(&w.id) != Some(&Order::Besiege)
                })
                .collect();
            if let Some(w) = self.supporters(u, Sub::Hold, &pool).first() {
                used.insert(w.id);
                self.set(
                    w,
                    Order::Support {
                        unit: unit_ref(u),
                        sub: Sub::Hold,
                    },
                );
            }
        }
    }

    /// Garrisons support the hold of an own unit in a threatened area, or take the field when a
    /// city to take is near and nothing threatens their area.
    fn garrisons(&mut self, mine: &[&'a Unit]) {
        for g in mine
            .iter()
            .copied()
            .filter(|u| u.kind == UnitKind::Garrison)
        {
            let threatened = self.threats(g.area) > 0;
            if let Some(f) = self.field(g.area) {
                if !self.foreign(f) && threatened && self.advancing_to(f.id).is_none() {
                    self.set(
                        g,
                        Order::Support {
                            unit: unit_ref(f),
                            sub: Sub::Hold,
                        },
                    );
                }
                continue;
            }
            if threatened || self.entering.contains(&g.area) {
                continue;
            }
            let near = |kind: UnitKind| {
                Area::all()
                    .filter(|&a| a != g.area && self.to_take(a))
                    .map(|a| self.paths.dist(kind, g.area, a))
                    .min()
                    .unwrap_or(FAR)
            };
            let (army, fleet) = (near(UnitKind::Army), near(UnitKind::Fleet));
            let best = [(army, UnitKind::Army), (fleet, UnitKind::Fleet)]
                .into_iter()
                .filter(|(d, _)| *d <= 2)
                .filter(|(_, k)| check(self.position, g, &Order::Convert { to: *k }).is_ok())
                .min();
            if let Some((_, kind)) = best {
                self.set(g, Order::Convert { to: kind });
            }
        }
    }
}

/// Money lines of an orders phase with Finances: famine relief where its units or cities
/// starve, then bribes that disband autonomous garrisons its units stand beside in their
/// area, keeping a reserve of half a year's upkeep. Also the areas of those garrisons.
fn money(game: &Game, power: Power) -> (Vec<String>, Vec<Area>) {
    if !game.options.finances {
        return (Vec::new(), Vec::new());
    }
    let position = &game.position;
    let treasury = position.treasury.get(&power).copied().unwrap_or(0);
    let reserve = UNIT_COST * position.units_of(power).count() as u32 / 2;
    let mut left = treasury.saturating_sub(reserve);
    let mut lines = Vec::new();
    let mut bribed = Vec::new();
    for &area in &position.famine {
        let starving = position.units_of(power).any(|u| u.area == area)
            || position.control.get(&area) == Some(&power) && area.info().city;
        if starving && left >= 3 {
            left -= 3;
            lines.push(format!("PAY 3 RELIEF {area}"));
        }
    }
    for u in position.units_of(power).filter(|u| u.kind.is_field()) {
        let Some(g) = position.garrison(u.area).filter(|g| g.owner.is_none()) else {
            continue;
        };
        let k = if g.area.info().garr >= 2 { 2 } else { 1 };
        let cost = 6 * k;
        if left >= cost {
            left -= cost;
            lines.push(format!("PAY {cost} DISBAND G {}", g.area));
            bribed.push(g.area);
        }
    }
    (lines, bribed)
}

/// The nearest own controlled city (or home city) from `u`, in direct advances.
fn distance_home(game: &Game, paths: &Paths, power: Power, u: &Unit) -> u8 {
    let position = &game.position;
    let mut cities = position.cities_of(power);
    cities.extend(game.build_cities(power));
    if u.kind == UnitKind::Garrison {
        return if cities.contains(&u.area) { 0 } else { 1 };
    }
    cities
        .iter()
        .map(|&c| paths.dist(u.kind, u.area, c))
        .min()
        .unwrap_or(FAR)
}

/// Retreats: into its own city where the area is its own or a home city, else to the free
/// field nearest its cities (never two units to one field), else disband.
fn retreats(game: &Game, power: Power) -> Vec<String> {
    let position = &game.position;
    let paths = Paths::of(position);
    let homes = game.build_cities(power);
    let mut chosen: BTreeSet<Area> = BTreeSet::new();
    let mut lines = Vec::new();
    let mine: Vec<&Retreating> = game
        .retreating
        .iter()
        .filter(|r| r.unit.owner == Some(power))
        .collect();
    for r in mine {
        let u = &r.unit;
        let head = unit_ref(u);
        let own = position.control.get(&u.area) == Some(&power) || homes.contains(&u.area);
        if r.city && own && u.area.info().city {
            lines.push(print(
                head,
                &Order::Convert {
                    to: UnitKind::Garrison,
                },
                Style::Symbols,
            ));
            continue;
        }
        let best = r
            .fields
            .iter()
            .filter(|f| !chosen.contains(f))
            .map(|&f| {
                let moved = Unit {
                    area: f,
                    ..u.clone()
                };
                (
                    distance_home(game, paths, power, &moved),
                    tie(game, power, f, u.id),
                    f,
                )
            })
            .min();
        if let Some((_, _, f)) = best {
            chosen.insert(f);
            lines.push(print(
                head,
                &Order::Advance {
                    to: f,
                    via_convoy: false,
                },
                Style::Symbols,
            ));
        } else if r.city {
            lines.push(print(
                head,
                &Order::Convert {
                    to: UnitKind::Garrison,
                },
                Style::Symbols,
            ));
        } else {
            lines.push(format!("{} {} D", u.kind.letter(), u.area));
        }
    }
    lines
}

/// Adjustments: forced or unpaid disbands from the units farthest from its cities, then builds
/// where a city to take is nearest.
fn adjustments(game: &Game, power: Power) -> Vec<String> {
    let Some((due, cities)) = game.dues().into_iter().find(|(d, _)| d.power == power) else {
        return Vec::new();
    };
    let position = &game.position;
    let paths = Paths::of(position);
    let units: Vec<&Unit> = position.units_of(power).collect();
    let disband_count = if due.finances {
        units
            .len()
            .saturating_sub((due.treasury / UNIT_COST) as usize)
    } else {
        due.must_disband
    };
    let mut ranked: Vec<(u8, u32, &Unit)> = units
        .iter()
        .map(|u| (distance_home(game, paths, power, u), u.id, *u))
        .collect();
    ranked.sort_by_key(|r| std::cmp::Reverse((r.0, r.1)));
    let disbanded: Vec<&Unit> = ranked.iter().take(disband_count).map(|r| r.2).collect();
    let mut lines: Vec<String> = disbanded
        .iter()
        .map(|u| format!("DISBAND {} {}", u.kind.letter(), u.area))
        .collect();
    let kept = (units.len() - disbanded.len()) as u32;
    let builds = if due.finances {
        (due.treasury / UNIT_COST).saturating_sub(kept) as usize
    } else {
        due.may_build
    };
    let targets: Vec<Area> = Area::all()
        .filter(|&a| a.info().city && !position.is_disabled(a))
        .filter(|a| position.control.get(a) != Some(&power))
        .collect();
    let near = |kind: UnitKind, from: Area| {
        targets
            .iter()
            .map(|&t| paths.dist(kind, from, t))
            .min()
            .unwrap_or(FAR)
    };
    let mut options: Vec<(u8, u64, Area, UnitKind)> = Vec::new();
    for &area in &due.build_areas {
        if disbanded.iter().any(|u| u.area == area) {
            continue;
        }
        let field = [UnitKind::Army, UnitKind::Fleet]
            .into_iter()
            .filter(|&k| may_build(position, power, &cities, k, area))
            .map(|k| (near(k, area), k))
            .min();
        match field {
            Some((d, k)) => options.push((d, tie(game, power, area, 0), area, k)),
            None if may_build(position, power, &cities, UnitKind::Garrison, area) => {
                options.push((FAR, tie(game, power, area, 0), area, UnitKind::Garrison))
            }
            None => {}
        }
    }
    options.sort();
    for (_, _, area, kind) in options.into_iter().take(builds) {
        lines.push(format!("BUILD {} {area}", kind.letter()));
    }
    lines
}

/// One power's sheet as the table keeps it (`rules.rs`): what its accepted lines set.
#[derive(Clone, Debug, Default, PartialEq)]
struct Sheet {
    orders: Orders,
    money: Spending,
    retreats: BTreeMap<u32, RetreatOrder>,
    adjustment: Adjustment,
}

/// Reads `lines` of `power` one by one with the readers the table uses (`Condottieri::write`),
/// as `Rules::bot_action` submits them: the sheet they make, or the first line refused, left
/// unchanged, or naming a unit a second time.
fn read_plan(game: &Game, power: Power, lines: &[String]) -> Result<Sheet, String> {
    let position = &game.position;
    let mut sheet = Sheet::default();
    let mut named: BTreeSet<u32> = BTreeSet::new();
    for line in lines {
        let before = sheet.clone();
        let unit = match game.phase.step {
            Step::Orders if is_money_line(line) => {
                apply_money_line(position, &game.surviving(), power, &mut sheet.money, line)
                    .map_err(|e| format!("{line:?}: {e:?}"))?;
                None
            }
            Step::Orders => {
                let (id, order) = accept_buying(position, power, &sheet.money.buying(), line)
                    .map_err(|e| format!("{line:?}: {e:?}"))?;
                sheet.orders.insert(id, order);
                Some(id)
            }
            Step::Retreats => {
                let (id, order) = accept_retreat(&game.retreating, power, line)
                    .map_err(|e| format!("{line:?}: {e:?}"))?;
                sheet.retreats.insert(id, order);
                Some(id)
            }
            Step::Adjustments => {
                let (due, cities) = game
                    .dues()
                    .into_iter()
                    .find(|(d, _)| d.power == power)
                    .ok_or_else(|| format!("{line:?}: not asked"))?;
                apply_adjust_line(position, &due, &cities, &mut sheet.adjustment, line)
                    .map_err(|e| format!("{line:?}: {e:?}"))?;
                None
            }
        };
        if sheet == before {
            return Err(format!("{line:?} leaves the sheet unchanged"));
        }
        if let Some(id) = unit {
            if !named.insert(id) {
                return Err(format!("{line:?} names unit {id} a second time"));
            }
        }
    }
    Ok(sheet)
}

/// Where accepted orders of one power would bounce its own units off each other: two entries
/// into one field, an entry into a field its own unit keeps, two units swapping places.
fn self_bounce(position: &Position, orders: &Orders) -> Option<String> {
    let entry = |id: &u32, order: &Order| {
        let u = position.unit(*id)?;
        match *order {
            Order::Advance { to, .. } => Some((u, to)),
            Order::Convert { to } if to.is_field() => Some((u, u.area)),
            _ => None,
        }
    };
    let entries: Vec<(&Unit, Area)> = orders.iter().filter_map(|(id, o)| entry(id, o)).collect();
    for (i, (u, to)) in entries.iter().enumerate() {
        if entries[..i].iter().any(|(_, other)| other == to) {
            return Some(format!("two entries into {to}"));
        }
        let Some(v) = position
            .field(*to)
            .filter(|v| v.owner == u.owner && v.id != u.id)
        else {
            continue;
        };
        match orders.get(&v.id) {
            Some(Order::Advance { to: back, .. }) if *back == u.area && u.kind.is_field() => {
                return Some(format!("{} and {} swap places", u.area, v.area));
            }
            Some(Order::Advance { .. })
            | Some(Order::Convert {
                to: UnitKind::Garrison,
            }) => {}
            _ => return Some(format!("{} enters {to}, which its own unit keeps", u.area)),
        }
    }
    None
}

/// The submissions of a phase where `bots` play their plans and every other power writes
/// nothing (holds, disbands its retreating units, takes the adjustment defaults). A refused
/// plan is recorded and its power submits nothing; orders that bounce the bot's own units
/// are recorded too.
fn submissions(
    game: &Game,
    bots: &[Power],
    refusals: &mut Vec<String>,
    bounces: &mut Vec<String>,
) -> Submissions {
    let mut input = Submissions::default();
    for power in game.asked() {
        if !bots.contains(&power) {
            continue;
        }
        let lines = plan(game, power);
        let sheet = match read_plan(game, power, &lines) {
            Ok(sheet) => sheet,
            Err(e) => {
                refusals.push(format!("{:?} {power}: {e}", game.phase));
                Sheet::default()
            }
        };
        if let Some(b) = self_bounce(&game.position, &sheet.orders) {
            bounces.push(format!("{:?} {power}: {b}", game.phase));
        }
        input.orders.insert(power, sheet.orders);
        if sheet.money != Spending::default() {
            input.money.insert(power, sheet.money);
        }
        input.retreats.extend(sheet.retreats);
        if sheet.adjustment != Adjustment::default() {
            input.adjustments.insert(power, sheet.adjustment);
        }
    }
    input
}

/// What `measure` saw.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Measure {
    pub games: u32,
    /// Games the bot won alone.
    pub bot_wins: u32,
    /// Games a holding power won alone.
    pub holder_wins: u32,
    /// Games ended in a draw (the bot among the drawn powers or not).
    pub draws: u32,
    /// The bot's cities at the end, summed over the games.
    pub bot_cities: u32,
    /// Each holding power's cities at the end, summed over powers and games.
    pub holder_cities: u32,
    pub holders: u32,
    /// Phases resolved, over all games.
    pub phases: u32,
    /// Games still going after nine phases a year of the years limit (30 years without one).
    pub unfinished: u32,
    /// Plans the table's readers refused, with the reasons.
    pub refusals: Vec<String>,
    /// Orders that bounce the bot's own units off each other.
    pub bounces: Vec<String>,
}

impl Measure {
    pub fn bot_win_share(&self) -> f64 {
        f64::from(self.bot_wins) / f64::from(self.games.max(1))
    }
    pub fn bot_average_cities(&self) -> f64 {
        f64::from(self.bot_cities) / f64::from(self.games.max(1))
    }
    pub fn holder_average_cities(&self) -> f64 {
        f64::from(self.holder_cities) / f64::from(self.holders.max(1))
    }
}

/// Plays `games` games with these options, game i from seed i: with `all_bots` every power is
/// the bot, otherwise the scenario's i-th power (in turn) is the bot and the others only hold.
/// Deterministic; under a second for a hundred Balance of Power games of 12 years (release).
/// Without Finances and the disaster modules no die is rolled, so the games of one bot power
/// are all alike: the distinct games are one per power.
pub fn measure(options: &Options, games: u32, all_bots: bool) -> Measure {
    let powers = Scenario::find(&options.scenario)
        .expect("a known scenario")
        .power_list();
    // Three phases a season at most, and a bound for a game without a years limit.
    let limit = 9 * u32::from(options.years_limit.unwrap_or(30)) + 10;
    let mut m = Measure::default();
    for i in 0..games {
        let bots: Vec<Power> = if all_bots {
            powers.clone()
        } else {
            vec![powers[i as usize % powers.len()]]
        };
        let seed = Seed::from_u64(u64::from(i));
        let mut game = Game::new(options.clone()).expect("valid options");
        let mut phases = 0;
        while game.end.is_none() && phases < limit {
            let input = submissions(&game, &bots, &mut m.refusals, &mut m.bounces);
            game = game.next(&input, &seed).0;
            phases += 1;
        }
        m.games += 1;
        m.phases += phases;
        match &game.end {
            Some(super::control::End::Winner { power }) if bots.contains(power) => m.bot_wins += 1,
            Some(super::control::End::Winner { .. }) => m.holder_wins += 1,
            Some(super::control::End::Draw { .. }) => m.draws += 1,
            None => m.unfinished += 1,
        }
        for p in &powers {
            let cities = game.position.cities_of(*p).len() as u32;
            if bots.contains(p) {
                m.bot_cities += cities;
            } else {
                m.holder_cities += cities;
                m.holders += 1;
            }
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_plan_is_read_without_refusal_in_every_scenario_with_and_without_finances() {
        for scenario in SCENARIOS.iter() {
            for finances in [false, true] {
                // With Finances, every other module too: famine relief and storms get played.
                let options = Options {
                    finances,
                    famine: finances,
                    plague: finances,
                    storms: finances,
                    conquest: true,
                    years_limit: Some(8),
                    ..Options::of(scenario.key)
                };
                for all_bots in [true, false] {
                    let m = measure(&options, 2, all_bots);
                    assert!(
                        m.refusals.is_empty(),
                        "{} finances={finances}: {:?}",
                        scenario.key,
                        &m.refusals[..m.refusals.len().min(5)]
                    );
                    assert_eq!((m.games, m.unfinished), (2, 0), "{}", scenario.key);
                    assert!(m.bounces.is_empty(), "{}: {:?}", scenario.key, m.bounces);
                }
            }
        }
    }

    #[test]
    fn the_bot_beats_powers_that_only_hold() {
        let options = Options {
            years_limit: Some(12),
            ..Options::of("balance")
        };
        let m = measure(&options, 8, false);
        assert!(m.bot_wins >= 6, "{m:?}");
        assert!(
            m.bot_average_cities() > 2.0 * m.holder_average_cities(),
            "{m:?}"
        );
    }

    fn a(code: &str) -> Area {
        Area::from_code(code).unwrap()
    }

    /// A Balance of Power game in `season`'s orders phase with these units and Milan's control.
    fn game_at(season: Season, units: &[(Option<Power>, UnitKind, &str)], milan: &[&str]) -> Game {
        let placements = units
            .iter()
            .map(|(owner, kind, area)| (*owner, *kind, a(area), 0))
            .collect();
        let mut position = Position::with_units("balance", 1455, placements);
        position.season = season;
        for c in milan {
            position.control.insert(a(c), Power::Milan);
        }
        Game::at(Options::of("balance"), position)
    }

    const M: Option<Power> = Some(Power::Milan);
    const F: Option<Power> = Some(Power::France);
    use UnitKind::{Army, Garrison};

    #[test]
    fn an_army_beside_a_free_city_enters_it_in_autumn_rather_than_one_it_must_besiege() {
        let game = game_at(
            Season::Autumn,
            &[(M, Army, "PAR"), (None, Garrison, "MAN")],
            &["MIL", "PAV", "CRE"],
        );
        assert_eq!(plan(&game, Power::Milan), ["A PAR - MOD"]);
    }

    #[test]
    fn an_army_on_a_city_with_an_autonomous_garrison_completes_its_siege() {
        let mut game = game_at(
            Season::Summer,
            &[(M, Army, "MAN"), (None, Garrison, "MAN")],
            &["MIL", "PAV", "CRE", "MOD", "TRENT", "FER", "BOL"],
        );
        game.position.units[0].siege = 1;
        assert_eq!(plan(&game, Power::Milan), ["A MAN B"]);
    }

    #[test]
    fn an_attack_on_a_city_another_power_holds_goes_with_a_support_and_never_alone() {
        let owned = ["MIL", "PAV", "CRE", "MAN", "MOD", "TUR", "TYR", "TRENT"];
        let mut owned_but_pav: Vec<&str> = owned.to_vec();
        owned_but_pav.retain(|c| *c != "PAV");
        let game = game_at(
            Season::Summer,
            &[(M, Army, "MIL"), (M, Army, "COMO"), (F, Army, "PAV")],
            &owned_but_pav,
        );
        let lines = plan(&game, Power::Milan);
        assert_eq!(lines.len(), 2, "{lines:?}");
        let attacker = lines
            .iter()
            .find(|l| l.ends_with("- PAV") && !l.contains(" S "))
            .unwrap_or_else(|| panic!("an attack on PAV: {lines:?}"));
        let head = &attacker[..attacker.find(" -").unwrap()];
        assert!(
            lines.contains(&format!(
                "{} S {head} - PAV",
                if head == "A MIL" { "A COMO" } else { "A MIL" }
            )),
            "{lines:?}"
        );
        // Alone, the army does not attack a held city.
        let alone = game_at(
            Season::Summer,
            &[(M, Army, "MIL"), (F, Army, "PAV")],
            &owned_but_pav,
        );
        let lines = plan(&alone, Power::Milan);
        assert!(!lines.iter().any(|l| l.contains("PAV")), "{lines:?}");
    }

    #[test]
    fn a_home_city_an_enemy_could_enter_is_kept_in_autumn_and_left_in_spring() {
        let units = [(M, Army, "MIL"), (F, Army, "PAR")];
        let owned = ["MIL", "PAV", "CRE", "MAN", "MOD", "TUR", "TYR"];
        let spring = game_at(Season::Spring, &units, &owned);
        assert_eq!(plan(&spring, Power::Milan), ["A MIL - TRENT"]);
        let autumn = game_at(Season::Autumn, &units, &owned);
        assert!(plan(&autumn, Power::Milan).is_empty());
    }

    #[test]
    fn a_dislodged_army_retreats_into_its_own_city_else_toward_its_cities_else_disbands() {
        let mut game = game_at(Season::Summer, &[(F, Army, "MIL")], &["MIL", "PAV", "CRE"]);
        let unit = |area: &str| Unit {
            id: 9,
            owner: M,
            kind: Army,
            area: a(area),
            siege: 0,
        };
        game.phase.step = Step::Retreats;
        let retreating = |area: &str, fields: &[&str], city: bool| Retreating {
            unit: unit(area),
            origin: a("PAR"),
            from_city: false,
            fields: fields.iter().map(|f| a(f)).collect(),
            city,
        };
        let read = |game: &Game| {
            let lines = plan(game, Power::Milan);
            read_plan(game, Power::Milan, &lines).unwrap();
            lines
        };
        game.retreating = vec![retreating("MIL", &["COMO", "TRENT"], true)];
        assert_eq!(read(&game), ["A MIL = G"]);
        game.retreating = vec![retreating("MAN", &["VER", "CRE"], true)];
        assert_eq!(read(&game), ["A MAN - CRE"]);
        game.retreating = vec![retreating("MAN", &[], false)];
        assert_eq!(read(&game), ["A MAN D"]);
    }

    #[test]
    fn adjustments_build_up_to_the_cities_and_disband_the_units_farthest_from_them() {
        let mut game = game_at(
            Season::Spring,
            &[(M, Army, "MAN"), (M, Army, "MOD")],
            &["MIL", "PAV", "CRE", "MAN", "MOD", "TUR"],
        );
        game.phase.step = Step::Adjustments;
        let lines = plan(&game, Power::Milan);
        assert_eq!(lines.len(), 3, "{lines:?}");
        for city in ["CRE", "MIL", "PAV"] {
            assert!(lines.contains(&format!("BUILD A {city}")), "{lines:?}");
        }
        read_plan(&game, Power::Milan, &lines).unwrap();
        let mut short = game_at(
            Season::Spring,
            &[
                (M, Army, "MIL"),
                (M, Army, "PAV"),
                (M, Army, "NAP"),
                (M, Army, "CRE"),
            ],
            &["MIL", "PAV", "CRE"],
        );
        short.phase.step = Step::Adjustments;
        let lines = plan(&short, Power::Milan);
        assert_eq!(lines, ["DISBAND A NAP"]);
        read_plan(&short, Power::Milan, &lines).unwrap();
    }

    #[test]
    fn the_bounce_check_sees_two_entries_a_kept_field_and_a_swap() {
        let game = game_at(
            Season::Spring,
            &[(M, Army, "MIL"), (M, Army, "PAV"), (M, Army, "PAR")],
            &[],
        );
        let (mil, pav, par) = (1, 3, 2);
        let to = |area: &str| Order::Advance {
            to: a(area),
            via_convoy: false,
        };
        let check = |orders: &[(u32, Order)]| {
            self_bounce(&game.position, &orders.iter().copied().collect())
        };
        assert_eq!(
            check(&[(mil, to("COMO")), (pav, to("COMO"))]),
            Some("two entries into COMO".into())
        );
        assert!(check(&[(mil, to("PAV"))]).is_some());
        assert!(check(&[(mil, to("PAV")), (pav, to("MIL"))]).is_some());
        assert_eq!(
            check(&[(mil, to("PAV")), (pav, to("COMO")), (par, to("MIL"))]),
            None
        );
    }

    #[test]
    fn with_finances_it_bribes_away_the_garrison_it_besieges_and_relieves_its_famine() {
        let mut game = game_at(
            Season::Spring,
            &[(M, Army, "MAN"), (None, Garrison, "MAN"), (M, Army, "MIL")],
            &["MIL", "PAV", "CRE", "MOD", "TRENT", "FER", "BOL"],
        );
        game.options.finances = true;
        game.position.famine = vec![a("MIL")];
        game.position.treasury.insert(Power::Milan, 15);
        let lines = plan(&game, Power::Milan);
        assert_eq!(
            lines[..2],
            ["PAY 3 RELIEF MIL", "PAY 6 DISBAND G MAN"],
            "{lines:?}"
        );
        // The siege stays ordered in case the bribe fails (it is void if it works).
        assert!(lines.contains(&"A MAN B".to_string()), "{lines:?}");
        read_plan(&game, Power::Milan, &lines).unwrap();
        // Without money beyond the upkeep reserve, no bribe.
        game.position.treasury.insert(Power::Milan, 5);
        let lines = plan(&game, Power::Milan);
        assert!(!lines.iter().any(|l| l.contains("DISBAND")), "{lines:?}");
    }

    #[test]
    fn the_table_takes_every_line_its_bots_write_until_the_game_ends() {
        use crate::engine::condottieri::rules::{Action, Condottieri, Options as Table};
        use crate::engine::Rules;
        use rand_core::SeedableRng;
        let options = Table {
            finances: true,
            years_limit: Some(3),
            ..Table::default()
        };
        let mut events = Vec::new();
        let mut table = Condottieri::setup(1, &options, 8, Seed::from_u64(5), &mut events).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut written = 0;
        let mut steps = 0;
        while !table.is_over() {
            steps += 1;
            assert!(steps < 5_000, "no end");
            let seat = table.waiting_on()[0];
            let power = table.power(seat).unwrap();
            let lines = plan(&table.game, power);
            let action = table.bot_action(seat, &mut rng).unwrap();
            match &action {
                // A line written is the plan's next line: none is skipped as refused.
                Action::Write { line } => {
                    assert_eq!(Some(line), lines.get(written), "{lines:?}");
                    written += 1;
                }
                _ => {
                    assert_eq!(written, lines.len(), "{lines:?}");
                    written = 0;
                }
            }
            table = table
                .apply(seat, &action, &mut events)
                .unwrap_or_else(|(_, e)| panic!("{action:?}: {e:?}"));
        }
    }

    /// The harness behind docs/benchmarks.md: `cargo test --release -p corriere-core
    /// condottieri::bot::tests::measure -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn measure_the_bot_against_powers_that_only_hold() {
        for finances in [false, true] {
            let options = Options {
                finances,
                years_limit: Some(12),
                ..Options::of("balance")
            };
            let started = std::time::Instant::now();
            let m = measure(&options, 96, false);
            println!(
                "balance, 12 years, finances={finances}: {} games, bot won {} ({:.3}), holders won {}, draws {}, bot cities {:.2}, holder cities {:.2}, refusals {}, own bounces {}, {} phases in {:?}",
                m.games,
                m.bot_wins,
                m.bot_win_share(),
                m.holder_wins,
                m.draws,
                m.bot_average_cities(),
                m.holder_average_cities(),
                m.refusals.len(),
                m.bounces.len(),
                m.phases,
                started.elapsed()
            );
            let started = std::time::Instant::now();
            let b = measure(&options, 24, true);
            println!(
                "bots only, finances={finances}: {} games, won alone {}, draws {}, refusals {}, {} phases in {:?}",
                b.games, b.bot_wins, b.draws, b.refusals.len(), b.phases, started.elapsed()
            );
            assert!(m.refusals.is_empty() && b.refusals.is_empty());
            assert_eq!((m.unfinished, b.unfinished), (0, 0));
        }
        for scenario in SCENARIOS.iter() {
            let options = Options {
                years_limit: Some(12),
                ..Options::of(scenario.key)
            };
            let games = 8 * scenario.powers.len() as u32;
            let m = measure(&options, games, false);
            println!(
                "{}, 12 years: bot won {:.3} of {games} (holders {}, draws {}), bot cities {:.2}, holder cities {:.2}, refusals {}",
                scenario.key,
                m.bot_win_share(),
                m.holder_wins,
                m.draws,
                m.bot_average_cities(),
                m.holder_average_cities(),
                m.refusals.len()
            );
            assert!(m.refusals.is_empty());
        }
    }
}
