//! Generators for Condottieri's property tests: dense random boards with garrisons and sieges,
//! orders biased toward battles, and convoys under attack shaped like convoy paradoxes.

use corriere::engine::condottieri::map::Area;
use corriere::engine::condottieri::{
    legal_orders, Order, Orders, Position, Power, Sub, Unit, UnitKind, UnitRef,
};
use corriere::engine::rng::Stream;

pub const POWERS: [Power; 4] = [Power::Florence, Power::Milan, Power::Papacy, Power::Venice];

/// A position around the Tyrrhenian and the Po valley, dense enough for battles and convoys.
pub fn position(stream: &mut Stream) -> Position {
    let mut placements = Vec::new();
    let mut field_taken = Vec::new();
    for a in Area::all() {
        if stream.below(100) < 45 {
            let owner = Some(POWERS[stream.below(4) as usize]);
            let fleet = a.is_sea() || a.is_venice() || (a.info().coast && stream.below(3) == 0);
            let kind = if fleet {
                UnitKind::Fleet
            } else {
                UnitKind::Army
            };
            placements.push((owner, kind, a, 0));
            field_taken.push(a);
        }
        if a.info().fort && stream.below(100) < 25 {
            let owner = if stream.below(2) == 0 {
                None
            } else {
                Some(POWERS[stream.below(4) as usize])
            };
            placements.push((owner, UnitKind::Garrison, a, 0));
        }
    }
    let mut p = Position::with_units("balance", 1454, placements);
    // Siege counters of 1 where a siege is possible.
    let garrisons: Vec<Unit> = p
        .units
        .iter()
        .filter(|u| u.kind == UnitKind::Garrison)
        .cloned()
        .collect();
    for u in p.units.iter_mut() {
        let besiegeable = garrisons
            .iter()
            .any(|g| g.area == u.area && g.owner != u.owner)
            && (u.kind == UnitKind::Army || u.area.info().port);
        if u.kind.is_field() && besiegeable && stream.below(2) == 0 {
            u.siege = 1;
        }
    }
    p
}

/// Orders for every unit: armies first, then fleets, then garrisons, so that fleets can convoy
/// and units support what was already chosen. Advances, matching supports and matching convoys
/// are made likely; any legal order may come.
pub fn orders(p: &Position, stream: &mut Stream) -> Orders {
    let mut out = Orders::new();
    let mut by_kind: Vec<&Unit> = p.units.iter().filter(|u| u.owner.is_some()).collect();
    by_kind.sort_by_key(|u| (u.kind, !u.area.may_convoy_from(), u.id));
    for u in by_kind {
        let legal = legal_orders(p, u);
        let pick =
            |list: &[Order], stream: &mut Stream| list[stream.below(list.len() as u32) as usize];
        let advances: Vec<Order> = legal
            .iter()
            .copied()
            .filter(|o| matches!(o, Order::Advance { .. }))
            .collect();
        let convoyed: Vec<Order> = advances
            .iter()
            .copied()
            .filter(|o| matches!(o, Order::Advance { to, via_convoy } if *via_convoy || !u.area.borders(*to)))
            .filter(|o| match o {
                // Only toward coasts some fleet at sea could reach.
                Order::Advance { to, .. } => p.units.iter().any(|f| {
                    f.kind == UnitKind::Fleet && f.area.may_convoy_from() && (f.area.borders(*to) || f.area.borders(u.area))
                }),
                _ => false,
            })
            .collect();
        let matching: Vec<Order> = legal
            .iter()
            .copied()
            .filter(|o| match o {
                Order::Support { unit, sub } => {
                    let target = p.find(unit.kind, unit.area).unwrap();
                    match (sub, out.get(&target.id)) {
                        (Sub::Advance { to }, Some(Order::Advance { to: t, .. })) => to == t,
                        (Sub::Hold, None | Some(Order::Hold)) => true,
                        (Sub::Convert { to }, Some(Order::Convert { to: t })) => to == t,
                        _ => false,
                    }
                }
                _ => false,
            })
            .collect();
        let convoys: Vec<Order> = legal
            .iter()
            .copied()
            .filter(|o| match o {
                Order::Convoy { army, to } => {
                    let a = p.find(UnitKind::Army, *army).unwrap();
                    matches!(out.get(&a.id), Some(Order::Advance { to: t, .. }) if t == to)
                }
                _ => false,
            })
            .collect();
        // Attacks on fleets that convoy, to make routes break and paradoxes happen.
        let on_convoys: Vec<Order> = advances
            .iter()
            .copied()
            .filter(|o| match o {
                Order::Advance { to, .. } => p
                    .units
                    .iter()
                    .any(|f| f.area == *to && matches!(out.get(&f.id), Some(Order::Convoy { .. }))),
                _ => false,
            })
            .collect();
        let others: Vec<Order> = legal
            .iter()
            .copied()
            .filter(|o| {
                matches!(
                    o,
                    Order::Besiege | Order::Convert { .. } | Order::Lift | Order::Hold
                )
            })
            .collect();
        let roll = stream.below(100);
        let order = if !convoys.is_empty() && roll < 75 {
            pick(&convoys, stream)
        } else if !on_convoys.is_empty() && roll < 60 {
            pick(&on_convoys, stream)
        } else if !convoyed.is_empty() && roll < 20 {
            pick(&convoyed, stream)
        } else if !advances.is_empty() && roll < 50 {
            pick(&advances, stream)
        } else if !matching.is_empty() && roll < 80 {
            pick(&matching, stream)
        } else if !others.is_empty() && roll < 92 {
            pick(&others, stream)
        } else {
            pick(&legal, stream)
        };
        out.insert(u.id, order);
    }
    out
}

/// A convoy under attack: an army on a coast convoyed across a sea, fleets around the sea
/// attacking it with and without support, and a unit at the destination that may support an
/// attack on its own convoy's fleet (the shape of convoy paradoxes).
pub fn convoy_position(stream: &mut Stream) -> (Position, Orders) {
    let seas: Vec<Area> = Area::all().filter(|a| a.is_sea()).collect();
    let sea = seas[stream.below(seas.len() as u32) as usize];
    let coasts: Vec<Area> = sea.neighbours().filter(|a| a.army_may_stand()).collect();
    let x = coasts[stream.below(coasts.len() as u32) as usize];
    let ys: Vec<Area> = coasts.iter().copied().filter(|y| *y != x).collect();
    let y = ys[stream.below(ys.len() as u32) as usize];
    let owner = |stream: &mut Stream| Some(POWERS[stream.below(4) as usize]);
    let mut placements = vec![
        (owner(stream), UnitKind::Army, x, 0),
        (owner(stream), UnitKind::Fleet, sea, 0),
    ];
    let at_y = stream.below(3) > 0;
    if at_y {
        placements.push((owner(stream), UnitKind::Fleet, y, 0));
    }
    let around: Vec<Area> = sea
        .neighbours()
        .filter(|z| *z != x && *z != y && sea.fleet_adjacent(*z))
        .collect();
    for z in &around {
        if stream.below(2) == 0 {
            placements.push((owner(stream), UnitKind::Fleet, *z, 0));
        }
    }
    let p = Position::with_units("balance", 1454, placements);
    let mut o = Orders::new();
    let id = |c: Area, k: UnitKind| p.find(k, c).unwrap().id;
    o.insert(
        id(x, UnitKind::Army),
        Order::Advance {
            to: y,
            via_convoy: x.borders(y),
        },
    );
    o.insert(id(sea, UnitKind::Fleet), Order::Convoy { army: x, to: y });
    let mut attacker: Option<Area> = None;
    for z in &around {
        let Some(f) = p.find(UnitKind::Fleet, *z) else {
            continue;
        };
        let order = match attacker {
            Some(a) if stream.below(3) > 0 => Order::Support {
                unit: UnitRef {
                    kind: UnitKind::Fleet,
                    area: a,
                },
                sub: Sub::Advance { to: sea },
            },
            _ => Order::Advance {
                to: sea,
                via_convoy: false,
            },
        };
        if matches!(order, Order::Advance { .. }) {
            attacker = Some(*z);
        }
        o.insert(f.id, order);
    }
    if at_y {
        if let Some(a) = attacker {
            o.insert(
                id(y, UnitKind::Fleet),
                Order::Support {
                    unit: UnitRef {
                        kind: UnitKind::Fleet,
                        area: a,
                    },
                    sub: Sub::Advance { to: sea },
                },
            );
        }
    }
    (p, o)
}

/// A crowded start for a year of the Balance of Power: the dense board of [`position`] with the
/// scenario's initial control and, with Finances, a purse of 12 to 39 ducats for every power, so
/// that the first seasons already bring battles, retreats, sieges and bribes.
pub fn crowded_start(stream: &mut Stream, finances: bool) -> Position {
    let mut p = position(stream);
    let scenario = corriere::engine::condottieri::Scenario::find("balance").expect("balance");
    p.control = scenario.initial_position(false).control;
    if finances {
        for power in scenario.power_list() {
            p.treasury.insert(power, 12 + 3 * stream.below(10));
        }
    }
    p
}
