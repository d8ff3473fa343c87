//! The Spring adjustments (§10 without Finances, §11.3 with): what each power may or must do,
//! where it may build (R40), its lines as they arrive, and the phase's resolution with the
//! deadline defaults of D4–D6 (R39, R42).

use super::map::{fold, Area};
use super::state::{Position, Power, Unit, UnitKind};
use super::written::{parse, Rejection};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Ducats a kept or new unit costs with Finances (§11.3, R42).
pub const UNIT_COST: u32 = 3;

/// A new unit: its type and area (§10.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Build {
    #[serde(rename = "type")]
    pub kind: UnitKind,
    pub area: Area,
}

/// One power's accepted adjustment lines, in the order accepted.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Adjustment {
    #[serde(default)]
    pub builds: Vec<Build>,
    /// Units named for disbanding (without Finances: forced disbands; with: upkeep withdrawn).
    #[serde(default)]
    pub disbands: Vec<u32>,
    /// Units whose upkeep is paid explicitly (Finances only), in the order named.
    #[serde(default)]
    pub maintain: Vec<u32>,
}

/// What one power has to decide this phase, computed from the position (§10.1, §11.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Due {
    pub power: Power,
    pub finances: bool,
    /// Without Finances: how many units it must disband (D5).
    pub must_disband: usize,
    /// Without Finances: how many units it may build (D4); with Finances, no city cap.
    pub may_build: usize,
    /// The controlled home cities (and, with Conquest, conquered ones) where it may build now,
    /// in code order: at least one unit type fits there.
    pub build_areas: Vec<Area>,
    /// With Finances, the treasury at the start of the phase.
    pub treasury: u32,
}

impl Due {
    /// Whether the power has anything to decide (§5.3, §15.1).
    pub fn asked(&self) -> bool {
        if self.finances {
            true
        } else {
            self.must_disband > 0 || self.may_build > 0
        }
    }
}

/// Whether `power` may build a unit of `kind` in `area` (§10.2): `cities` are its home cities
/// (and conquered ones) for building.
pub fn may_build(
    position: &Position,
    power: Power,
    cities: &[Area],
    kind: UnitKind,
    area: Area,
) -> bool {
    if !cities.contains(&area) || position.control.get(&area) != Some(&power) {
        return false;
    }
    if position.famine.contains(&area)
        || position
            .rebellions
            .get(&area)
            .is_some_and(|r| r.against == power)
    {
        return false;
    }
    let info = area.info();
    let field_empty = position.field(area).is_none();
    match kind {
        UnitKind::Army => field_empty && area.army_may_stand(),
        UnitKind::Fleet => field_empty && info.port,
        UnitKind::Garrison => {
            info.fort && position.garrison(area).is_none() && position.rebel_city(area).is_none()
        }
    }
}

/// The dues of `power` (§10.1, R39; §11.3). `cities` as for [`may_build`].
pub fn due(position: &Position, power: Power, cities: &[Area], finances: bool) -> Due {
    let build_areas: Vec<Area> = cities
        .iter()
        .copied()
        .filter(|&a| {
            [UnitKind::Army, UnitKind::Fleet, UnitKind::Garrison]
                .into_iter()
                .any(|k| may_build(position, power, cities, k, a))
        })
        .collect();
    let owned = position.units_of(power).count();
    let controlled = position.cities_of(power);
    let famined = controlled
        .iter()
        .filter(|a| position.famine.contains(a) && position.garrison(**a).is_none())
        .count();
    let (must_disband, may_build) = if finances {
        (0, build_areas.len())
    } else if owned > controlled.len() {
        (owned - controlled.len(), 0)
    } else {
        let room = controlled
            .len()
            .saturating_sub(famined)
            .saturating_sub(owned);
        (0, room.min(build_areas.len()))
    };
    Due {
        power,
        finances,
        must_disband,
        may_build,
        build_areas,
        treasury: position.treasury.get(&power).copied().unwrap_or(0),
    }
}

/// Why an adjustment line is refused (§10.2, §11.3). Each code has a message in the catalogs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "problem")]
pub enum AdjustRejection {
    /// Not `BUILD`, `DISBAND`, `WAIVE`, `MAINTAIN` (or their Portuguese words).
    Syntax,
    Unit {
        rejection: Rejection,
    },
    /// The build is not legal there (not a controlled home city, slot taken, no port…).
    BuildThere,
    /// A second build in the same area this phase.
    SecondBuild,
    /// More builds than the power may make.
    TooManyBuilds,
    /// The power need not disband (or has named enough units).
    NoDisbandDue,
    /// No unit of the sender is there.
    NotYourUnit,
    /// The treasury cannot cover upkeep and builds together (§11.3).
    Funds,
    /// `MAINTAIN` without Finances.
    NoFinances,
}

/// What an accepted adjustment line did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "applied")]
pub enum AdjustApplied {
    Built { build: Build },
    Disbanding { id: u32 },
    Maintained { ids: Vec<u32> },
    Waived,
}

fn own_unit(position: &Position, power: Power, text: &str) -> Result<u32, AdjustRejection> {
    let line =
        parse(&format!("{text} H")).map_err(|rejection| AdjustRejection::Unit { rejection })?;
    position
        .units_of(power)
        .find(|u| u.area == line.unit.area && line.unit.kind.is_none_or(|k| k == u.kind))
        .map(|u| u.id)
        .ok_or(AdjustRejection::NotYourUnit)
}

/// Upkeep the power plans to pay: every unit it has not named for disbanding.
fn planned_upkeep(position: &Position, power: Power, adj: &Adjustment) -> u32 {
    let kept = position
        .units_of(power)
        .filter(|u| !adj.disbands.contains(&u.id))
        .count() as u32;
    UNIT_COST * kept
}

/// Applies one adjustment line of `due.power` (§10.2, §11.3): `BUILD A MIL`, `DISBAND G VEN`,
/// `WAIVE`, `MAINTAIN A MIL`, `MAINTAIN ALL`, in English or Portuguese. A refused line changes
/// nothing. `cities` as for [`may_build`].
pub fn apply_adjust_line(
    position: &Position,
    due: &Due,
    cities: &[Area],
    adj: &mut Adjustment,
    text: &str,
) -> Result<AdjustApplied, AdjustRejection> {
    let power = due.power;
    let folded = fold(text);
    let (head, rest) = folded.split_once(' ').unwrap_or((folded.as_str(), ""));
    match head {
        "WAIVE" | "RENUNCIAR" if rest.is_empty() => {
            adj.builds.clear();
            Ok(AdjustApplied::Waived)
        }
        "BUILD" | "CONSTRUIR" => {
            let line = parse(&format!("{rest} H"))
                .map_err(|rejection| AdjustRejection::Unit { rejection })?;
            let kind = line.unit.kind.ok_or(AdjustRejection::Unit {
                rejection: Rejection::ExpectedType,
            })?;
            let build = Build {
                kind,
                area: line.unit.area,
            };
            if adj.builds.iter().any(|b| b.area == build.area) {
                return Err(AdjustRejection::SecondBuild);
            }
            if !may_build(position, power, cities, kind, build.area) {
                return Err(AdjustRejection::BuildThere);
            }
            if due.finances {
                let disbanding_here = position
                    .units_of(power)
                    .any(|u| u.area == build.area && adj.disbands.contains(&u.id));
                if disbanding_here {
                    return Err(AdjustRejection::BuildThere);
                }
                let cost = planned_upkeep(position, power, adj)
                    + UNIT_COST * (adj.builds.len() as u32 + 1);
                if cost > due.treasury {
                    return Err(AdjustRejection::Funds);
                }
            } else if adj.builds.len() >= due.may_build {
                return Err(AdjustRejection::TooManyBuilds);
            }
            adj.builds.push(build);
            Ok(AdjustApplied::Built { build })
        }
        "DISBAND" | "DEBANDAR" => {
            let id = own_unit(position, power, rest)?;
            if adj.disbands.contains(&id) {
                return Ok(AdjustApplied::Disbanding { id });
            }
            if !due.finances && adj.disbands.len() >= due.must_disband {
                return Err(AdjustRejection::NoDisbandDue);
            }
            adj.maintain.retain(|m| *m != id);
            adj.disbands.push(id);
            Ok(AdjustApplied::Disbanding { id })
        }
        "MAINTAIN" | "PAGAR" if !due.finances => Err(AdjustRejection::NoFinances),
        "MAINTAIN" | "PAGAR" => {
            let ids: Vec<u32> = if matches!(rest, "ALL" | "TODAS" | "TODOS") {
                position.units_of(power).map(|u| u.id).collect()
            } else {
                vec![own_unit(position, power, rest)?]
            };
            let mut maintain = adj.maintain.clone();
            for id in &ids {
                if !maintain.contains(id) {
                    maintain.push(*id);
                }
            }
            let mut disbands = adj.disbands.clone();
            disbands.retain(|d| !ids.contains(d));
            let cost = UNIT_COST * (maintain.len() + adj.builds.len()) as u32;
            // With builds listed, every unit not named for disbanding must stay covered.
            let planned = Adjustment {
                disbands: disbands.clone(),
                ..Adjustment::default()
            };
            let with_builds =
                planned_upkeep(position, power, &planned) + UNIT_COST * adj.builds.len() as u32;
            if cost > due.treasury || (!adj.builds.is_empty() && with_builds > due.treasury) {
                return Err(AdjustRejection::Funds);
            }
            adj.maintain = maintain;
            adj.disbands = disbands;
            Ok(AdjustApplied::Maintained { ids })
        }
        _ => Err(AdjustRejection::Syntax),
    }
}

/// The result of an adjustments phase.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdjustResult {
    /// New units with their ids, powers in slug order, builds in the order listed.
    pub built: Vec<Unit>,
    /// Units disbanded because the power named them, or (without Finances) forced.
    pub disbanded: Vec<u32>,
    /// Units disbanded by the deadline default (D5: newest first; D6: unpaid).
    pub defaulted: Vec<u32>,
    /// With Finances: ducats each power paid for upkeep and builds.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub paid: BTreeMap<Power, u32>,
}

/// Resolves the adjustments phase (§10, §11.3). `dues` lists every power asked, with its build
/// cities; a power missing from `submitted` gets the defaults (D4–D6). Builds that are no longer
/// legal are dropped (the position does not change during the phase, so only a hand-made input
/// can hold one).
pub fn resolve_adjustments(
    position: &Position,
    dues: &[(Due, Vec<Area>)],
    submitted: &BTreeMap<Power, Adjustment>,
) -> (AdjustResult, Position) {
    let mut next = position.clone();
    let mut out = AdjustResult::default();
    let empty = Adjustment::default();
    let mut builds: Vec<(Power, Build)> = Vec::new();
    let mut sorted: Vec<&(Due, Vec<Area>)> = dues.iter().collect();
    sorted.sort_by_key(|(d, _)| d.power);
    for (due, cities) in sorted {
        let power = due.power;
        let adj = submitted.get(&power).unwrap_or(&empty);
        let own: Vec<u32> = position.units_of(power).map(|u| u.id).collect();
        let mut gone: Vec<u32> = Vec::new();
        let mut defaulted: Vec<u32> = Vec::new();
        let mut allowed: Vec<Build> = Vec::new();
        if due.finances {
            let mut left = due.treasury;
            let mut kept: Vec<u32> = Vec::new();
            for id in adj.maintain.iter().filter(|id| own.contains(id)) {
                if left >= UNIT_COST && !kept.contains(id) {
                    left -= UNIT_COST;
                    kept.push(*id);
                }
            }
            let mut reserved: Vec<Build> = Vec::new();
            for b in &adj.builds {
                if left >= UNIT_COST
                    && !reserved.iter().any(|r| r.area == b.area)
                    && may_build(position, power, cities, b.kind, b.area)
                {
                    left -= UNIT_COST;
                    reserved.push(*b);
                }
            }
            // The default keeps the remaining units in ascending id while money lasts (D6);
            // named disbands are never kept.
            for &id in &own {
                if kept.contains(&id) {
                    continue;
                }
                if adj.disbands.contains(&id) {
                    gone.push(id);
                } else if left >= UNIT_COST {
                    left -= UNIT_COST;
                    kept.push(id);
                } else {
                    defaulted.push(id);
                }
            }
            let lost: Vec<Area> = gone
                .iter()
                .chain(&defaulted)
                .filter_map(|id| position.unit(*id).map(|u| u.area))
                .collect();
            let mut refund = 0;
            for b in reserved {
                if lost.contains(&b.area) {
                    refund += UNIT_COST;
                } else {
                    allowed.push(b);
                }
            }
            let paid = due.treasury - left - refund;
            *next.treasury.entry(power).or_insert(0) = due.treasury - paid;
            out.paid.insert(power, paid);
        } else {
            for id in adj.disbands.iter().filter(|id| own.contains(id)) {
                if gone.len() < due.must_disband && !gone.contains(id) {
                    gone.push(*id);
                }
            }
            // D5 (R39): the newest units not already named complete the forced disbands.
            for &id in own.iter().rev() {
                if gone.len() + defaulted.len() >= due.must_disband {
                    break;
                }
                if !gone.contains(&id) {
                    defaulted.push(id);
                }
            }
            for b in &adj.builds {
                if allowed.len() < due.may_build
                    && !allowed.iter().any(|r| r.area == b.area)
                    && may_build(position, power, cities, b.kind, b.area)
                {
                    allowed.push(*b);
                }
            }
        }
        next.units
            .retain(|u| !gone.contains(&u.id) && !defaulted.contains(&u.id));
        out.disbanded.extend(gone);
        out.defaulted.extend(defaulted);
        builds.extend(allowed.into_iter().map(|b| (power, b)));
    }
    for (power, b) in builds {
        let unit = Unit {
            id: next.next_id,
            owner: Some(power),
            kind: b.kind,
            area: b.area,
            siege: 0,
        };
        next.next_id += 1;
        next.units.push(unit.clone());
        out.built.push(unit);
    }
    next.units.sort_by_key(|u| u.id);
    out.disbanded.sort();
    out.defaulted.sort();
    (out, next)
}
