//! The end of Autumn's judgements (§9): elimination judged before the control update (R34),
//! the control update (R33), victory by goal (R36, R37), conquest (R35) and the years limit (R38).

use super::map::Area;
use super::scenario::Scenario;
use super::state::{Owner, Position, Power};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The goal chosen at creation (§9.5, R36).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Goal {
    /// At least 15 cities.
    #[default]
    Standard,
    /// At least 23 cities.
    Long,
    /// At least 12 cities, all own home cities, at least 6 outside own home areas (R37).
    Short,
}

impl Goal {
    pub fn cities(self) -> usize {
        match self {
            Goal::Standard => 15,
            Goal::Long => 23,
            Goal::Short => 12,
        }
    }
}

/// How a game ended (§5.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "end", deny_unknown_fields)]
pub enum End {
    /// A power met its goal with more cities than every other qualifier, was the last one
    /// standing, or led at the years limit.
    Winner { power: Power },
    /// A draw among these powers: voted (§9.7), equal leaders at the years limit (§9.6), or
    /// the powers eliminated together when none remains (§9.5).
    Draw { powers: Vec<Power> },
}

/// Who the units in `area` would give it to (§9.2 table): `Some(Some(p))` only p's units,
/// `Some(None)` nobody (two owners, or only an autonomous garrison), `None` no unit (unchanged).
fn verdict(position: &Position, area: Area) -> Option<Option<Power>> {
    let owners: BTreeSet<Owner> = position
        .units
        .iter()
        .filter(|u| u.area == area)
        .map(|u| u.owner)
        .collect();
    match owners.len() {
        0 => None,
        1 => Some(*owners.iter().next().expect("one")),
        _ => Some(None),
    }
}

/// The control marker the update would leave on `area`.
fn would_control(position: &Position, area: Area) -> Option<Power> {
    match verdict(position, area) {
        None => position.control.get(&area).copied(),
        Some(v) => v,
    }
}

/// Step 12 (§9.3, R34): the surviving powers that would control none of their own scenario home
/// areas after the update, judged on every unit now on the board. In slug order.
pub fn eliminated(position: &Position, surviving: &[Power]) -> Vec<Power> {
    let scenario = Scenario::find(&position.scenario).expect("a known scenario");
    let mut out: Vec<Power> = surviving
        .iter()
        .copied()
        .filter(|&p| {
            let homes = scenario
                .setup_of(p)
                .map(|s| s.home_areas())
                .unwrap_or_default();
            !homes.iter().any(|&h| would_control(position, h) == Some(p))
        })
        .collect();
    out.sort();
    out
}

/// Removes eliminated powers together (§9.3 step 2): units disbanded, markers removed,
/// treasuries lost. Returns the ids of the units removed.
pub fn remove_powers(position: &mut Position, powers: &[Power]) -> Vec<u32> {
    let gone: Vec<u32> = position
        .units
        .iter()
        .filter(|u| u.owner.is_some_and(|p| powers.contains(&p)))
        .map(|u| u.id)
        .collect();
    position
        .units
        .retain(|u| !u.owner.is_some_and(|p| powers.contains(&p)));
    position.control.retain(|_, p| !powers.contains(p));
    for p in powers {
        position.treasury.remove(p);
    }
    // A rebellion against a power that is gone has nobody to rebel against.
    position
        .rebellions
        .retain(|_, r| !powers.contains(&r.against));
    gone
}

/// One changed marker: area, before, after.
pub type ControlChange = (Area, Option<Power>, Option<Power>);

/// Step 13 (§9.2, R33): the control update on every land area that is not disabled. Returns the
/// changes in code order.
pub fn update_control(position: &mut Position) -> Vec<ControlChange> {
    let mut changes = Vec::new();
    let areas: Vec<Area> = Area::all()
        .filter(|a| a.is_land() && !position.is_disabled(*a))
        .collect();
    for area in areas {
        let before = position.control.get(&area).copied();
        let after = would_control(position, area);
        if before != after {
            match after {
                Some(p) => position.control.insert(area, p),
                None => position.control.remove(&area),
            };
            changes.push((area, before, after));
        }
    }
    changes
}

/// Step 14 (§9.5, R36, R37): the winner, if any, among the surviving powers.
pub fn victory(position: &Position, surviving: &[Power], goal: Goal) -> Option<Power> {
    let scenario = Scenario::find(&position.scenario).expect("a known scenario");
    let qualifiers: Vec<(Power, usize)> = surviving
        .iter()
        .map(|&p| (p, position.cities_of(p)))
        .filter(|(p, cities)| {
            if cities.len() < goal.cities() {
                return false;
            }
            if goal != Goal::Short {
                return true;
            }
            let setup = scenario.setup_of(*p).expect("a power of the scenario");
            let homes = setup.home_areas();
            let all_home = setup.home_cities().iter().all(|c| cities.contains(c));
            let outside = cities.iter().filter(|c| !homes.contains(c)).count();
            all_home && outside >= 6
        })
        .map(|(p, cities)| (p, cities.len()))
        .collect();
    let top = qualifiers.iter().map(|q| q.1).max()?;
    let leaders: Vec<Power> = qualifiers
        .iter()
        .filter(|q| q.1 == top)
        .map(|q| q.0)
        .collect();
    (leaders.len() == 1).then(|| leaders[0])
}

/// Step 15 (§9.4, R35): for every eliminated power whose home areas one power controls alone,
/// that power becomes its conqueror. Returns the new (conquered, conqueror) pairs.
pub fn conquests(
    position: &Position,
    eliminated: &[Power],
    conquerors: &mut BTreeMap<Power, Power>,
) -> Vec<(Power, Power)> {
    let scenario = Scenario::find(&position.scenario).expect("a known scenario");
    let mut out = Vec::new();
    for &e in eliminated {
        let homes = scenario
            .setup_of(e)
            .map(|s| s.home_areas())
            .unwrap_or_default();
        let holders: BTreeSet<Option<Power>> = homes
            .iter()
            .map(|h| position.control.get(h).copied())
            .collect();
        if let (1, Some(Some(c))) = (holders.len(), holders.iter().next()) {
            if conquerors.get(&e) != Some(c) {
                conquerors.insert(e, *c);
                out.push((e, *c));
            }
        }
    }
    out
}

/// §9.6 (R38): at the years limit the power with the most cities wins; equal leaders draw.
pub fn at_limit(position: &Position, surviving: &[Power]) -> End {
    let top = surviving
        .iter()
        .map(|&p| position.cities_of(p).len())
        .max()
        .unwrap_or(0);
    let leaders: Vec<Power> = surviving
        .iter()
        .copied()
        .filter(|&p| position.cities_of(p).len() == top)
        .collect();
    match leaders.as_slice() {
        [one] => End::Winner { power: *one },
        _ => End::Draw { powers: leaders },
    }
}
