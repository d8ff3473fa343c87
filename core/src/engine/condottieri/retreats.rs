//! The retreat phase (§8.2, R31–R32): retreat orders in written form, their checking against
//! the options of §8.1, and simultaneous resolution.

use super::adjudicate::Retreating;
use super::map::{fold, Area};
use super::state::{Position, Power, UnitKind};
use super::written::{parse, Action, Rejection};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What a dislodged unit is told to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "retreat", deny_unknown_fields)]
pub enum RetreatOrder {
    /// Into an adjacent field.
    To {
        area: Area,
    },
    /// Into its own city, becoming a garrison.
    City,
    Disband,
}

/// Why a retreat line is refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "problem")]
pub enum RetreatRejection {
    Line {
        rejection: Rejection,
    },
    /// No dislodged unit of the sender matches.
    NoSuchUnit,
    /// The destination is not one of the unit's options (§8.1).
    NotAnOption,
}

/// The result of a retreat phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RetreatResult {
    /// Units that retreated, with where they went (`None`: into their city).
    pub retreated: Vec<(u32, Option<Area>)>,
    pub disbanded: Vec<u32>,
    pub position: Position,
}

/// Parses and checks a retreat line of `power` (`A MOD - BOL`, `A MOD = G`, `A MOD D`).
pub fn accept_retreat(
    retreating: &[Retreating],
    power: Power,
    text: &str,
) -> Result<(u32, RetreatOrder), RetreatRejection> {
    let folded = fold(text);
    let words: Vec<&str> = folded.split_whitespace().collect();
    let disband = words
        .last()
        .is_some_and(|w| ["D", "DISBAND", "DEBANDAR"].contains(w));
    let (unit, order) = if disband {
        let head = words[..words.len() - 1].join(" ");
        let line = parse(&format!("{head} H"))
            .map_err(|rejection| RetreatRejection::Line { rejection })?;
        (line.unit, RetreatOrder::Disband)
    } else {
        let line = parse(text).map_err(|rejection| RetreatRejection::Line { rejection })?;
        let order = match line.action {
            Action::Advance {
                to,
                via_convoy: false,
            } => RetreatOrder::To { area: to },
            Action::Convert {
                to: UnitKind::Garrison,
            } => RetreatOrder::City,
            _ => return Err(RetreatRejection::NotAnOption),
        };
        (line.unit, order)
    };
    let r = retreating
        .iter()
        .find(|r| {
            r.unit.owner == Some(power)
                && r.unit.area == unit.area
                && unit.kind.is_none_or(|k| k == r.unit.kind)
        })
        .ok_or(RetreatRejection::NoSuchUnit)?;
    let ok = match order {
        RetreatOrder::To { area } => r.fields.contains(&area),
        RetreatOrder::City => r.city,
        RetreatOrder::Disband => true,
    };
    if !ok {
        return Err(RetreatRejection::NotAnOption);
    }
    Ok((r.unit.id, order))
}

/// Resolves a retreat phase (R32): a unit without a valid order is disbanded, two or more
/// retreats into one field are all disbanded, the others are carried out with counter 0.
pub fn resolve_retreats(
    position: &Position,
    retreating: &[Retreating],
    orders: &BTreeMap<u32, RetreatOrder>,
) -> RetreatResult {
    let valid = |r: &Retreating| match orders.get(&r.unit.id) {
        Some(RetreatOrder::To { area }) if r.fields.contains(area) => Some(Some(*area)),
        Some(RetreatOrder::City) if r.city => Some(None),
        _ => None,
    };
    let mut count: BTreeMap<Area, usize> = BTreeMap::new();
    for r in retreating {
        if let Some(Some(a)) = valid(r) {
            *count.entry(a).or_default() += 1;
        }
    }
    let mut next = position.clone();
    let mut retreated = Vec::new();
    let mut disbanded = Vec::new();
    for r in retreating {
        match valid(r) {
            Some(Some(a)) if count[&a] == 1 => {
                let mut u = r.unit.clone();
                u.area = a;
                u.siege = 0;
                next.units.push(u);
                retreated.push((r.unit.id, Some(a)));
            }
            Some(None) => {
                let mut u = r.unit.clone();
                u.kind = UnitKind::Garrison;
                u.siege = 0;
                next.units.push(u);
                retreated.push((r.unit.id, None));
            }
            _ => disbanded.push(r.unit.id),
        }
    }
    next.units.sort_by_key(|u| u.id);
    RetreatResult {
        retreated,
        disbanded,
        position: next,
    }
}
