//! The six orders and their legality against the position at the start of a phase (§6.2–§6.3,
//! R15–R20, R27–R28); rejections are codes, the words live in the catalogs.

use super::map::Area;
use super::state::{Position, Power, Unit, UnitKind};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A unit named by type and area, as orders name units (§6.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitRef {
    #[serde(rename = "type")]
    pub kind: UnitKind,
    pub area: Area,
}

/// What a support says the supported unit does (§6.2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", deny_unknown_fields)]
pub enum Sub {
    Hold,
    Advance { to: Area },
    Convert { to: UnitKind },
}

/// One order (§6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "order", deny_unknown_fields)]
pub enum Order {
    Hold,
    /// `via_convoy` is what was written; an army's advance goes by convoy iff it is set or the
    /// destination does not border its area (R16).
    Advance {
        to: Area,
        #[serde(default)]
        via_convoy: bool,
    },
    /// `sub` is an object of its own: serde cannot refuse unknown fields through a flatten.
    Support {
        unit: UnitRef,
        sub: Sub,
    },
    Convoy {
        army: Area,
        to: Area,
    },
    Besiege,
    Lift,
    Convert {
        to: UnitKind,
    },
}

/// The accepted orders of a phase, by unit id.
pub type Orders = BTreeMap<u32, Order>;

/// Why an order is refused (§6.5). Each code has a message in the catalogs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Illegal {
    /// The unit does not exist.
    NoSuchUnit,
    /// The unit belongs to another power or is autonomous (§6.1).
    NotYourUnit,
    /// This unit type cannot receive this order (§6.1 table).
    WrongUnitType,
    /// An advance to the unit's own area.
    SameArea,
    /// The destination is not reachable (no border, land-only border for a fleet, no convoy
    /// possible for an army).
    NotAdjacent,
    /// A unit of this type may never stand in the destination (R5, R6).
    CannotStand,
    /// The area is disabled in this scenario (§3.5).
    Disabled,
    /// Only fleets in a sea or in `VEN` convoy (R20).
    ConvoyFromLand,
    /// A convoy needs an army on a coast going to another coast (§6.2.4).
    ConvoyRoute,
    /// A support names no unit, the unit itself, or a garrison's hold (R17).
    SupportTarget,
    /// The supported unit could not legally do what the support says.
    SupportSubOrder,
    /// The supporter could not move into the target area by itself (R17).
    SupportReach,
    /// No garrison of another owner in this area's city, or a fleet without a port (§6.2.5).
    NoSiege,
    /// This conversion is not in the table of §6.2.7.
    BadConversion,
    /// The city slot is not empty (§6.2.7), or a garrisoned rebellion holds it (§11.5).
    CityOccupied,
    /// A fleet in a sea with a storm marker may not convoy (§12.4, R50).
    Storm,
}

/// Whether an army's advance from `from` to `to`, written with `via_convoy`, goes by convoy (R16).
pub fn is_convoyed(from: Area, to: Area, via_convoy: bool) -> bool {
    via_convoy || !from.borders(to)
}

/// Checks an order for `unit` against `position` (§6.2), whoever sends it.
pub fn check(position: &Position, unit: &Unit, order: &Order) -> Result<(), Illegal> {
    let here = unit.area;
    match *order {
        Order::Hold => Ok(()),
        Order::Advance { to, via_convoy } => {
            check_advance(position, unit.kind, here, to, via_convoy)
        }
        Order::Lift => field_only(unit),
        Order::Besiege => {
            field_only(unit)?;
            let target = position.garrison(here).filter(|g| g.owner != unit.owner);
            // With Finances, also a garrisoned rebellion against the unit's power (§6.2.5).
            let rebels = unit.owner.is_some() && position.rebel_city(here) == unit.owner;
            if (target.is_none() && !rebels) || (unit.kind == UnitKind::Fleet && !here.info().port)
            {
                return Err(Illegal::NoSiege);
            }
            Ok(())
        }
        Order::Convert { to } => check_conversion(position, unit.kind, here, to),
        Order::Convoy { army, to } => {
            if unit.kind != UnitKind::Fleet {
                return Err(Illegal::WrongUnitType);
            }
            if !here.may_convoy_from() {
                return Err(Illegal::ConvoyFromLand);
            }
            if position.storms.contains(&here) {
                return Err(Illegal::Storm);
            }
            if position.find(UnitKind::Army, army).is_none() {
                return Err(Illegal::NoSuchUnit);
            }
            if !army.info().coast || !to.info().coast || !to.army_may_stand() || army == to {
                return Err(Illegal::ConvoyRoute);
            }
            if position.is_disabled(to) {
                return Err(Illegal::Disabled);
            }
            Ok(())
        }
        Order::Support { unit: target, sub } => {
            let supported = position
                .find(target.kind, target.area)
                .ok_or(Illegal::SupportTarget)?;
            if supported.id == unit.id {
                return Err(Illegal::SupportTarget);
            }
            let into = match sub {
                Sub::Hold => {
                    if supported.kind == UnitKind::Garrison {
                        return Err(Illegal::SupportTarget);
                    }
                    supported.area
                }
                Sub::Advance { to } => {
                    if !supported.kind.is_field()
                        || check_advance(position, supported.kind, supported.area, to, false)
                            .and(Ok(()))
                            .or_else(|_| {
                                check_advance(position, supported.kind, supported.area, to, true)
                            })
                            .is_err()
                    {
                        return Err(Illegal::SupportSubOrder);
                    }
                    to
                }
                Sub::Convert { to } => {
                    check_conversion(position, supported.kind, supported.area, to)
                        .map_err(|_| Illegal::SupportSubOrder)?;
                    supported.area
                }
            };
            let reach = match unit.kind {
                UnitKind::Army => here.army_adjacent(into),
                UnitKind::Fleet => here.fleet_adjacent(into),
                UnitKind::Garrison => {
                    into == here
                        && match sub {
                            Sub::Hold => true,
                            Sub::Advance { .. } => true,
                            Sub::Convert { .. } => false,
                        }
                }
            };
            if !reach {
                return Err(Illegal::SupportReach);
            }
            Ok(())
        }
    }
}

fn field_only(unit: &Unit) -> Result<(), Illegal> {
    if unit.kind.is_field() {
        Ok(())
    } else {
        Err(Illegal::WrongUnitType)
    }
}

fn check_advance(
    position: &Position,
    kind: UnitKind,
    from: Area,
    to: Area,
    via_convoy: bool,
) -> Result<(), Illegal> {
    if to == from {
        return Err(Illegal::SameArea);
    }
    if position.is_disabled(to) {
        return Err(Illegal::Disabled);
    }
    match kind {
        UnitKind::Garrison => Err(Illegal::WrongUnitType),
        UnitKind::Fleet => {
            if via_convoy {
                Err(Illegal::WrongUnitType)
            } else if !to.fleet_may_stand() {
                Err(Illegal::CannotStand)
            } else if from.fleet_adjacent(to) {
                Ok(())
            } else {
                Err(Illegal::NotAdjacent)
            }
        }
        UnitKind::Army => {
            if !to.army_may_stand() {
                Err(Illegal::CannotStand)
            } else if is_convoyed(from, to, via_convoy) {
                if from.info().coast && to.info().coast {
                    Ok(())
                } else {
                    Err(Illegal::NotAdjacent)
                }
            } else {
                Ok(())
            }
        }
    }
}

fn check_conversion(
    position: &Position,
    kind: UnitKind,
    area: Area,
    to: UnitKind,
) -> Result<(), Illegal> {
    let info = area.info();
    match (kind, to) {
        (UnitKind::Garrison, UnitKind::Army) if !area.is_venice() => Ok(()),
        (UnitKind::Garrison, UnitKind::Fleet) if info.port => Ok(()),
        (UnitKind::Army, UnitKind::Garrison) | (UnitKind::Fleet, UnitKind::Garrison)
            if info.fort && (kind == UnitKind::Army || info.port) =>
        {
            if position.garrison(area).is_some() || position.rebel_city(area).is_some() {
                Err(Illegal::CityOccupied)
            } else {
                Ok(())
            }
        }
        _ => Err(Illegal::BadConversion),
    }
}

/// Checks that `power` may give `order` to the unit `id` (§6.1, §6.5).
pub fn check_for(position: &Position, power: Power, id: u32, order: &Order) -> Result<(), Illegal> {
    let unit = position.unit(id).ok_or(Illegal::NoSuchUnit)?;
    if unit.owner != Some(power) {
        return Err(Illegal::NotYourUnit);
    }
    check(position, unit, order)
}

/// Every legal order of one unit, in a fixed order: for bots, property tests and help texts.
pub fn legal_orders(position: &Position, unit: &Unit) -> Vec<Order> {
    let mut out = vec![Order::Hold];
    let mut push = |o: Order| {
        if check(position, unit, &o).is_ok() && !out.contains(&o) {
            out.push(o);
        }
    };
    for to in Area::all() {
        push(Order::Advance {
            to,
            via_convoy: false,
        });
        if unit.kind == UnitKind::Army && unit.area.borders(to) {
            push(Order::Advance {
                to,
                via_convoy: true,
            });
        }
    }
    push(Order::Besiege);
    push(Order::Lift);
    for to in [UnitKind::Army, UnitKind::Fleet, UnitKind::Garrison] {
        push(Order::Convert { to });
    }
    for other in &position.units {
        let r = UnitRef {
            kind: other.kind,
            area: other.area,
        };
        push(Order::Support {
            unit: r,
            sub: Sub::Hold,
        });
        for to in [UnitKind::Army, UnitKind::Fleet, UnitKind::Garrison] {
            push(Order::Support {
                unit: r,
                sub: Sub::Convert { to },
            });
        }
        for to in Area::all() {
            push(Order::Support {
                unit: r,
                sub: Sub::Advance { to },
            });
            if other.kind == UnitKind::Army {
                push(Order::Convoy {
                    army: other.area,
                    to,
                });
            }
        }
    }
    out
}
