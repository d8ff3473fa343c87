//! Adjudication of an orders phase (§7.1–§7.9): effective orders (R21), garrisonings, the
//! resolver's results applied, standoff areas, sieges, retreat options, and the result report.

use super::map::Area;
use super::orders::{check, is_convoyed, Order, Orders, Sub};
use super::resolve::{chain, Board, Decision, Entry, Resolver, Support};
use super::state::{Position, Unit, UnitKind};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Why an order was replaced by hold (§7.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Void {
    /// The order is illegal for the position (a safeguard: accepted orders are legal).
    Illegal,
    /// A convoyed advance with no chain of matching convoys (R21).
    NoRoute,
    /// A convoy that matches no convoyed advance (R21).
    UnmatchedConvoy,
    /// A besiege order without a garrison to besiege (R21).
    NoSiegeTarget,
    /// A support whose sub-order is not what the supported unit does (R18).
    UnmatchedSupport,
    /// A garrisoning into a city that a rebellion placed this phase now holds (§7.2 step 4).
    RebelCity,
}

/// What became of a unit's order (§7.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Held,
    Moved,
    Bounced,
    Garrisoned,
    Converted,
    SupportGiven,
    SupportCut,
    ConvoyEffective,
    ConvoyDisrupted,
    Besieged,
}

/// News of a siege (§7.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Siege {
    Begun,
    Completed,
    Interrupted,
}

/// One line of the report: a unit, its orders and what became of them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitReport {
    pub id: u32,
    /// The unit as it stood at the start of the phase.
    pub unit: Unit,
    /// The accepted order, `None` for "no order".
    pub written: Option<Order>,
    pub effective: Order,
    #[serde(default)]
    pub void: Option<Void>,
    pub outcome: Outcome,
    /// The attacker origin when the unit was dislodged (§7.7).
    #[serde(default)]
    pub dislodged_from: Option<Area>,
    #[serde(default)]
    pub siege: Option<Siege>,
    /// For an entry: why it moved or bounced (§7.4).
    #[serde(default)]
    pub strengths: Option<Strengths>,
}

/// The strengths that decided an entry: its ATTACK, what it had to beat in the field (HOLD of
/// the target, or DEFEND of its head-to-head partner), and the largest PREVENT of the other
/// entries into the same area (0 when there are none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Strengths {
    pub attack: u32,
    pub resistance: u32,
    pub rival: u32,
}

/// A dislodged unit waiting for the retreat phase, with its options (§8.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Retreating {
    pub unit: Unit,
    /// The source area of the entry that dislodged it.
    pub origin: Area,
    /// The dislodging entry was the conversion of the garrison of the unit's own area.
    pub from_city: bool,
    /// Adjacent fields it may retreat to, in code order.
    pub fields: Vec<Area>,
    /// Whether it may retreat into its own city.
    pub city: bool,
}

/// The result of an orders phase: the report and the position that follows (§7.7–§7.9).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhaseResult {
    /// Every unit of the start position, in id order.
    pub reports: Vec<UnitReport>,
    pub standoffs: Vec<Area>,
    /// Dislodged units with at least one option: the retreat phase decides them.
    pub retreats: Vec<Retreating>,
    /// Dislodged units without any option, disbanded at once (§8.1).
    pub disbanded: Vec<u32>,
    /// Garrisons eliminated by a completed siege.
    pub besieged_out: Vec<u32>,
    /// Rebellions ended by the phase (§11.5): put down, besieged out or liberated, by area.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rebellions_ended: Vec<Area>,
    /// The position after the phase, without the dislodged units.
    pub position: Position,
}

#[derive(Clone, Copy, Debug)]
enum Eff {
    Hold,
    Lift,
    Besiege,
    Advance { to: Area, convoy: bool },
    Support { target: usize, sub: Sub, into: Area },
    Convoy { army: usize, to: Area },
    Garrisoning,
    ConvertOut(UnitKind),
}

fn holding(e: &Eff) -> bool {
    matches!(
        e,
        Eff::Hold | Eff::Lift | Eff::Besiege | Eff::Support { .. } | Eff::Convoy { .. }
    )
}

/// Adjudicates one orders phase: `orders` maps unit ids to accepted orders (§7).
pub fn adjudicate(position: &Position, orders: &Orders) -> PhaseResult {
    let mut units = position.units.clone();
    units.sort_by_key(|u| u.id);
    let n = units.len();
    let at =
        |kind: UnitKind, area: Area| units.iter().position(|u| u.kind == kind && u.area == area);

    // Step 1 of §7.2 and the legality safeguard.
    let mut eff = vec![Eff::Hold; n];
    let mut void: Vec<Option<Void>> = vec![None; n];
    let mut written: Vec<Option<Order>> = vec![None; n];
    for (i, u) in units.iter().enumerate() {
        let Some(order) = orders.get(&u.id).filter(|_| u.owner.is_some()) else {
            continue;
        };
        written[i] = Some(*order);
        if check(position, u, order).is_err() {
            void[i] = Some(Void::Illegal);
            continue;
        }
        eff[i] = match *order {
            Order::Hold => Eff::Hold,
            Order::Lift => Eff::Lift,
            Order::Besiege => Eff::Besiege,
            Order::Advance { to, via_convoy } => Eff::Advance {
                to,
                convoy: u.kind == UnitKind::Army && is_convoyed(u.area, to, via_convoy),
            },
            Order::Convert { to } if u.kind == UnitKind::Garrison => Eff::ConvertOut(to),
            Order::Convert { .. } => Eff::Garrisoning,
            Order::Convoy { army, to } => Eff::Convoy {
                army: at(UnitKind::Army, army).expect("checked"),
                to,
            },
            Order::Support { unit, sub } => {
                let target = at(unit.kind, unit.area).expect("checked");
                let into = match sub {
                    Sub::Advance { to } => to,
                    _ => unit.area,
                };
                Eff::Support { target, sub, into }
            }
        };
    }
    // Step 2: convoyed advances without any chain of matching convoys are void.
    for i in 0..n {
        if let Eff::Advance { to, convoy: true } = eff[i] {
            let fleets: Vec<Area> = (0..n)
                .filter(|&f| matches!(eff[f], Eff::Convoy { army, to: t } if army == i && t == to))
                .map(|f| units[f].area)
                .collect();
            if !chain(units[i].area, to, &fleets) {
                eff[i] = Eff::Hold;
                void[i] = Some(Void::NoRoute);
            }
        }
    }
    // Step 3: convoys must match a convoyed advance; step 4: sieges need a target.
    for i in 0..n {
        match eff[i] {
            Eff::Convoy { army, to } if !matches!(eff[army], Eff::Advance { to: t, convoy: true } if t == to) =>
            {
                eff[i] = Eff::Hold;
                void[i] = Some(Void::UnmatchedConvoy);
            }
            Eff::Garrisoning if position.rebel_city(units[i].area).is_some() => {
                eff[i] = Eff::Hold;
                void[i] = Some(Void::RebelCity);
            }
            Eff::Besiege => {
                let target = units.iter().any(|g| {
                    g.kind == UnitKind::Garrison
                        && g.area == units[i].area
                        && g.owner != units[i].owner
                }) || (units[i].owner.is_some()
                    && position.rebel_city(units[i].area) == units[i].owner);
                if !target {
                    eff[i] = Eff::Hold;
                    void[i] = Some(Void::NoSiegeTarget);
                }
            }
            _ => {}
        }
    }
    // Step 5: supports must match the supported unit's effective order (R18).
    let snapshot = eff.clone();
    for i in 0..n {
        if let Eff::Support { target, sub, .. } = eff[i] {
            let matched = match (sub, snapshot[target]) {
                (Sub::Hold, e) => holding(&e),
                (Sub::Advance { to }, Eff::Advance { to: t, .. }) => to == t,
                (Sub::Convert { to }, Eff::ConvertOut(t)) => to == t,
                (
                    Sub::Convert {
                        to: UnitKind::Garrison,
                    },
                    Eff::Garrisoning,
                ) => true,
                _ => false,
            };
            if !matched {
                eff[i] = Eff::Hold;
                void[i] = Some(Void::UnmatchedSupport);
            }
        }
    }

    let board = build_board(position, &units, &eff);
    let mut r = Resolver::new(&board);
    r.run();
    finish(position, units, eff, void, written, &board, &mut r)
}

fn build_board(position: &Position, units: &[Unit], eff: &[Eff]) -> Board {
    // §7.4 bonus: an advance into an area with a rebellion not directed against its owner.
    let bonus = |u: &Unit, to: Area| {
        u32::from(
            position
                .rebellions
                .get(&to)
                .is_some_and(|r| u.owner != Some(r.against)),
        )
    };
    let n = units.len();
    let mut entries = Vec::new();
    let mut entry_of = vec![None; n];
    let mut garrisoning = vec![false; n];
    for (i, u) in units.iter().enumerate() {
        match eff[i] {
            Eff::Advance { to, convoy } => {
                entry_of[i] = Some(entries.len());
                entries.push(Entry {
                    unit: i,
                    target: to,
                    source: u.area,
                    convoy,
                    conversion: false,
                    bonus: bonus(u, to),
                });
            }
            Eff::ConvertOut(_) => {
                entry_of[i] = Some(entries.len());
                entries.push(Entry {
                    unit: i,
                    target: u.area,
                    source: u.area,
                    convoy: false,
                    conversion: true,
                    bonus: 0,
                });
            }
            Eff::Garrisoning => garrisoning[i] = true,
            _ => {}
        }
    }
    let mut entries_into: BTreeMap<Area, Vec<usize>> = BTreeMap::new();
    for (e, entry) in entries.iter().enumerate() {
        entries_into.entry(entry.target).or_default().push(e);
    }
    let mut occ = BTreeMap::new();
    for (i, u) in units.iter().enumerate() {
        if u.kind.is_field() && !garrisoning[i] {
            occ.insert(u.area, i);
        }
    }
    let partner: Vec<Option<usize>> = entries
        .iter()
        .map(|e| {
            if e.convoy || e.conversion {
                return None;
            }
            let &o = occ.get(&e.target)?;
            let oe = entry_of[o]?;
            let other = &entries[oe];
            (!other.convoy && !other.conversion && other.target == e.source).then_some(oe)
        })
        .collect();
    let mut supports = Vec::new();
    let mut support_of_unit = vec![None; n];
    let mut entry_supports = vec![Vec::new(); entries.len()];
    let mut hold_supports = vec![Vec::new(); n];
    for (i, u) in units.iter().enumerate() {
        if let Eff::Support { target, sub, into } = eff[i] {
            let s = supports.len();
            support_of_unit[i] = Some(s);
            supports.push(Support {
                unit: i,
                target: into,
                garrison: u.kind == UnitKind::Garrison,
            });
            match (sub, entry_of[target]) {
                (Sub::Hold, _) => hold_supports[target].push(s),
                (_, Some(e)) => entry_supports[e].push(s),
                // Support of a garrisoning: legal, never changes a result (R28).
                (_, None) => {}
            }
        }
    }
    let convoyers = entries
        .iter()
        .map(|e| {
            (0..n)
                .filter(|&f| e.convoy && matches!(eff[f], Eff::Convoy { army, to } if army == e.unit && to == e.target))
                .collect()
        })
        .collect();
    Board {
        units: units.to_vec(),
        entries,
        supports,
        entry_of,
        entries_into,
        occ,
        entry_supports,
        hold_supports,
        partner,
        convoyers,
        garrisoning,
        support_of_unit,
    }
}

fn effective_order(units: &[Unit], e: &Eff) -> Order {
    match *e {
        Eff::Hold => Order::Hold,
        Eff::Lift => Order::Lift,
        Eff::Besiege => Order::Besiege,
        Eff::Advance { to, convoy } => Order::Advance {
            to,
            via_convoy: convoy,
        },
        Eff::Support { target, sub, .. } => Order::Support {
            unit: super::orders::UnitRef {
                kind: units[target].kind,
                area: units[target].area,
            },
            sub,
        },
        Eff::Convoy { army, to } => Order::Convoy {
            army: units[army].area,
            to,
        },
        Eff::Garrisoning => Order::Convert {
            to: UnitKind::Garrison,
        },
        Eff::ConvertOut(k) => Order::Convert { to: k },
    }
}

#[allow(clippy::too_many_arguments)]
fn finish(
    position: &Position,
    units: Vec<Unit>,
    eff: Vec<Eff>,
    void: Vec<Option<Void>>,
    written: Vec<Option<Order>>,
    board: &Board,
    r: &mut Resolver,
) -> PhaseResult {
    let n = units.len();
    let moved: Vec<bool> = (0..n)
        .map(|i| board.entry_of[i].is_some_and(|e| r.value(Decision::Move(e))))
        .collect();
    let mut origin: Vec<Option<(Area, bool)>> = vec![None; n];
    for i in 0..n {
        if units[i].kind.is_field() && r.dislodged(i) {
            let area = units[i].area;
            let winner = board.entries_into[&area]
                .iter()
                .copied()
                .find(|&e| r.value(Decision::Move(e)))
                .expect("a dislodged unit has a successful entry into its area");
            let entry = &board.entries[winner];
            origin[i] = Some((entry.source, entry.conversion));
        }
    }
    // §7.7 step 1–3: the new places of the units that stay on the board.
    let mut after: Vec<Unit> = Vec::new();
    let mut reports = Vec::new();
    let mut besieged_out = Vec::new();
    let mut siege_news: Vec<Option<Siege>> = vec![None; n];
    let mut rebellions_ended: Vec<Area> = Vec::new();
    let mut new_units: Vec<Option<Unit>> = vec![None; n];
    for i in 0..n {
        if origin[i].is_some() {
            continue;
        }
        let mut u = units[i].clone();
        match eff[i] {
            Eff::Garrisoning => u.kind = UnitKind::Garrison,
            Eff::Advance { to, .. } if moved[i] => u.area = to,
            Eff::ConvertOut(k) if moved[i] => u.kind = k,
            _ => {}
        }
        new_units[i] = Some(u);
    }
    // §7.8 sieges.
    for i in 0..n {
        let Some(u) = new_units[i].as_ref() else {
            if units[i].siege == 1 {
                siege_news[i] = Some(Siege::Interrupted);
            }
            continue;
        };
        if !u.kind.is_field() {
            new_units[i].as_mut().expect("present").siege = 0;
            continue;
        }
        let besieging = matches!(eff[i], Eff::Besiege);
        let target = (0..n)
            .find(|&g| {
                new_units[g].as_ref().is_some_and(|g| {
                    g.kind == UnitKind::Garrison && g.area == u.area && g.owner != u.owner
                })
            })
            .map(Some)
            .or_else(|| {
                (u.owner.is_some() && position.rebel_city(u.area) == u.owner).then_some(None)
            });
        let old = units[i].siege;
        let (counter, news) = match (besieging, target) {
            (true, Some(Some(g))) if old == 1 => {
                besieged_out.push(units[g].id);
                (0, Some(Siege::Completed))
            }
            (true, Some(None)) if old == 1 => {
                rebellions_ended.push(u.area);
                (0, Some(Siege::Completed))
            }
            (true, Some(_)) => (1, Some(Siege::Begun)),
            _ => (0, (old == 1).then_some(Siege::Interrupted)),
        };
        siege_news[i] = news;
        new_units[i].as_mut().expect("present").siege = counter;
    }
    for u in new_units.iter().flatten() {
        if !besieged_out.contains(&u.id) {
            after.push(u.clone());
        }
    }
    // §7.7 step 4: standoff areas (R30).
    let mut standoffs = Vec::new();
    for (&t, list) in &board.entries_into {
        let succeeded = list.iter().any(|&e| r.value(Decision::Move(e)));
        let empty = !after.iter().any(|u| u.area == t && u.kind.is_field());
        if succeeded || !empty {
            continue;
        }
        let contested = list
            .iter()
            .any(|&e| !r.value(Decision::Move(e)) && r.prevent(e) > 0);
        if contested {
            standoffs.push(t);
        }
    }
    // §8.1 retreat options.
    let mut retreats = Vec::new();
    let mut disbanded = Vec::new();
    for i in 0..n {
        let Some((from, from_city)) = origin[i] else {
            continue;
        };
        let u = &units[i];
        let fields: Vec<Area> = Area::all()
            .filter(|&y| match u.kind {
                UnitKind::Army => u.area.army_adjacent(y),
                _ => u.area.fleet_adjacent(y),
            })
            .filter(|y| !position.is_disabled(*y))
            .filter(|y| !after.iter().any(|w| w.area == *y && w.kind.is_field()))
            .filter(|y| *y != from && !standoffs.contains(y))
            .collect();
        let info = u.area.info();
        let city = info.fort
            && (u.kind == UnitKind::Army || info.port)
            && !from_city
            && position.rebel_city(u.area).is_none()
            && !rebellions_ended.contains(&u.area)
            && !after
                .iter()
                .any(|w| w.area == u.area && w.kind == UnitKind::Garrison);
        let mut unit = u.clone();
        unit.siege = 0;
        if fields.is_empty() && !city {
            disbanded.push(u.id);
        } else {
            retreats.push(Retreating {
                unit,
                origin: from,
                from_city,
                fields,
                city,
            });
        }
    }
    for i in 0..n {
        let outcome = outcome(board, r, &eff[i], i, moved[i]);
        reports.push(UnitReport {
            id: units[i].id,
            unit: units[i].clone(),
            written: written[i],
            effective: effective_order(&units, &eff[i]),
            void: void[i],
            outcome,
            dislodged_from: origin[i].map(|o| o.0),
            siege: siege_news[i],
            strengths: board.entry_of[i].map(|e| strengths(board, r, e)),
        });
    }
    // §7.1 step 7 (R57): rebellions put down by a holding unit of the power they are directed
    // against, and liberated by another owner's successful entry into their area.
    for (&area, rebellion) in &position.rebellions {
        let put_down = !rebellion.garrisoned
            && (0..n).any(|i| {
                units[i].area == area
                    && units[i].kind.is_field()
                    && units[i].owner == Some(rebellion.against)
                    && matches!(eff[i], Eff::Hold | Eff::Lift)
                    && origin[i].is_none()
            });
        let liberated = (0..n).any(|i| {
            moved[i] && units[i].owner != Some(rebellion.against) && {
                match eff[i] {
                    Eff::Advance { to, .. } => to == area,
                    Eff::ConvertOut(_) => units[i].area == area,
                    _ => false,
                }
            }
        });
        if (put_down || liberated) && !rebellions_ended.contains(&area) {
            rebellions_ended.push(area);
        }
    }
    rebellions_ended.sort();
    after.sort_by_key(|u| u.id);
    let mut next = position.clone();
    next.units = after;
    for area in &rebellions_ended {
        next.rebellions.remove(area);
    }
    PhaseResult {
        reports,
        standoffs,
        retreats,
        disbanded,
        besieged_out,
        rebellions_ended,
        position: next,
    }
}

fn strengths(board: &Board, r: &mut Resolver, e: usize) -> Strengths {
    let entry = &board.entries[e];
    let attack = r.attack(e);
    let resistance = match board.partner[e] {
        Some(p) => r.defend(p),
        None => r.hold(entry.target),
    };
    let mut rival = 0;
    for &other in &board.entries_into[&entry.target] {
        if other != e {
            rival = rival.max(r.prevent(other));
        }
    }
    Strengths {
        attack,
        resistance,
        rival,
    }
}

fn outcome(board: &Board, r: &mut Resolver, eff: &Eff, i: usize, moved: bool) -> Outcome {
    match *eff {
        Eff::Hold | Eff::Lift => Outcome::Held,
        Eff::Besiege => Outcome::Besieged,
        Eff::Garrisoning => Outcome::Garrisoned,
        Eff::Advance { .. } if moved => Outcome::Moved,
        Eff::ConvertOut(_) if moved => Outcome::Converted,
        Eff::Advance { .. } | Eff::ConvertOut(_) => Outcome::Bounced,
        Eff::Support { .. } => {
            let s = board.support_of_unit[i].expect("a support");
            if board.supports[s].garrison || r.value(Decision::Given(s)) {
                Outcome::SupportGiven
            } else {
                Outcome::SupportCut
            }
        }
        Eff::Convoy { army, .. } => {
            let e = board.entry_of[army].expect("a matched convoy has an entry");
            if r.value(Decision::Route(e)) && !r.dislodged(i) {
                Outcome::ConvoyEffective
            } else {
                Outcome::ConvoyDisrupted
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(code: &str) -> Area {
        Area::from_code(code).unwrap()
    }

    #[test]
    fn illegal_orders_and_orders_for_autonomous_units_hold() {
        let p = Position::with_units(
            "balance",
            1454,
            vec![
                (
                    Some(super::super::state::Power::Milan),
                    UnitKind::Army,
                    a("MIL"),
                    0,
                ),
                (None, UnitKind::Garrison, a("MOD"), 0),
            ],
        );
        let mut orders = Orders::new();
        // An army into the sea, and an order slipped in for the autonomous garrison.
        orders.insert(
            1,
            Order::Advance {
                to: a("LS"),
                via_convoy: false,
            },
        );
        orders.insert(2, Order::Convert { to: UnitKind::Army });
        let r = adjudicate(&p, &orders);
        assert_eq!(r.reports[0].void, Some(Void::Illegal));
        assert_eq!(r.reports[0].outcome, Outcome::Held);
        assert_eq!(r.reports[1].written, None);
        assert_eq!(r.reports[1].outcome, Outcome::Held);
        assert_eq!(r.position.units, p.units);
    }
}
