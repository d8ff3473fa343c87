//! The twelve powers (§4.1), units (§6.1) and the stored position (§2): who stands where, the
//! siege counters, control markers, and the R10 rule that numbers units.

use super::map::{fold, Area};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// A power, by slug; the derived order is slug order (R10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Power {
    Austria,
    Florence,
    France,
    Genoa,
    Hre,
    Milan,
    Naples,
    Papacy,
    Savoy,
    Spain,
    Turks,
    Venice,
}

/// Slug, English, Spanish, Portuguese name, and the variable income for a die of 1–6 (§4.1).
type PowerRow = (
    Power,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    [u8; 6],
);

const POWERS: [PowerRow; 12] = [
    (
        Power::Austria,
        "austria",
        "Austria",
        "Austria",
        "Áustria",
        [1, 2, 3, 3, 4, 4],
    ),
    (
        Power::Florence,
        "florence",
        "Florence",
        "Florencia",
        "Florença",
        [1, 2, 3, 3, 4, 5],
    ),
    (
        Power::France,
        "france",
        "France",
        "Francia",
        "França",
        [1, 2, 3, 4, 5, 6],
    ),
    (
        Power::Genoa,
        "genoa",
        "Genoa",
        "Génova",
        "Gênova",
        [2, 2, 3, 3, 4, 5],
    ),
    (
        Power::Hre,
        "hre",
        "Holy Roman Empire",
        "Sacro Imperio Romano",
        "Sacro Império",
        [1, 2, 3, 3, 4, 4],
    ),
    (
        Power::Milan,
        "milan",
        "Milan",
        "Milán",
        "Milão",
        [2, 3, 3, 4, 4, 5],
    ),
    (
        Power::Naples,
        "naples",
        "Naples",
        "Nápoles",
        "Nápoles",
        [1, 2, 2, 3, 3, 4],
    ),
    (
        Power::Papacy,
        "papacy",
        "Papacy",
        "Papado",
        "Papado",
        [1, 2, 2, 3, 4, 5],
    ),
    (
        Power::Savoy,
        "savoy",
        "Savoy",
        "Saboya",
        "Saboia",
        [1, 2, 3, 4, 5, 6],
    ),
    (
        Power::Spain,
        "spain",
        "Spanish Empire",
        "Imperio Español",
        "Império Espanhol",
        [1, 2, 3, 3, 4, 4],
    ),
    (
        Power::Turks,
        "turks",
        "Turks",
        "Turcos",
        "Turcos",
        [1, 2, 3, 4, 5, 6],
    ),
    (
        Power::Venice,
        "venice",
        "Venice",
        "Venecia",
        "Veneza",
        [2, 3, 3, 4, 4, 5],
    ),
];

impl Power {
    pub const ALL: [Power; 12] = [
        Power::Austria,
        Power::Florence,
        Power::France,
        Power::Genoa,
        Power::Hre,
        Power::Milan,
        Power::Naples,
        Power::Papacy,
        Power::Savoy,
        Power::Spain,
        Power::Turks,
        Power::Venice,
    ];
    fn row(self) -> &'static PowerRow {
        &POWERS[self as usize]
    }
    pub fn slug(self) -> &'static str {
        self.row().1
    }
    /// Names in English, Spanish and Portuguese: game data, accepted in messages (§15.3).
    pub fn names(self) -> [&'static str; 3] {
        let r = self.row();
        [r.2, r.3, r.4]
    }
    /// Ducats of the variable income for a die result of 1 to 6 (§4.1, Finances only).
    pub fn variable_income(self, die: u8) -> u8 {
        self.row().5[usize::from(die.clamp(1, 6) - 1)]
    }
    /// The power a slug or name means (§15.3): exact slug or name, then a unique prefix.
    pub fn find(name: &str) -> Option<Power> {
        let wanted = fold(name);
        if wanted.is_empty() {
            return None;
        }
        let keys = |p: Power| {
            let mut k = vec![fold(p.slug())];
            k.extend(p.names().iter().map(|n| fold(n)));
            k
        };
        if let Some(p) = Power::ALL.into_iter().find(|p| keys(*p).contains(&wanted)) {
            return Some(p);
        }
        let prefixed: Vec<Power> = Power::ALL
            .into_iter()
            .filter(|p| keys(*p).iter().any(|k| k.starts_with(&wanted)))
            .collect();
        (prefixed.len() == 1).then(|| prefixed[0])
    }
}

impl fmt::Display for Power {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.slug())
    }
}

/// The owner of a unit: a power, or `None` for the autonomous owner (never gives orders).
pub type Owner = Option<Power>;

/// The three unit types (§6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum UnitKind {
    #[serde(rename = "A")]
    Army,
    #[serde(rename = "F")]
    Fleet,
    #[serde(rename = "G")]
    Garrison,
}

impl UnitKind {
    pub fn letter(self) -> &'static str {
        match self {
            UnitKind::Army => "A",
            UnitKind::Fleet => "F",
            UnitKind::Garrison => "G",
        }
    }
    pub fn is_field(self) -> bool {
        self != UnitKind::Garrison
    }
    /// Whether a unit of this type may stand in `area` (R5).
    pub fn may_stand(self, area: Area) -> bool {
        match self {
            UnitKind::Army => area.army_may_stand(),
            UnitKind::Fleet => area.fleet_may_stand(),
            UnitKind::Garrison => area.garrison_may_stand(),
        }
    }
}

/// One unit on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Unit {
    /// Never changes, not even on conversion (R10).
    pub id: u32,
    /// `null` for an autonomous garrison.
    pub owner: Owner,
    #[serde(rename = "type")]
    pub kind: UnitKind,
    pub area: Area,
    /// The siege counter, 0 or 1 (§7.8); only armies and fleets have 1.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub siege: u8,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// The season of a phase (§5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Season {
    Spring,
    Summer,
    Autumn,
}

/// Everything on the board between phases (§2 "Position"). Units are kept in id order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// The scenario key (§4.3, §4.4); it fixes home areas.
    pub scenario: String,
    pub year: u16,
    pub season: Season,
    pub units: Vec<Unit>,
    /// Control markers: land area → controlling power (§9).
    #[serde(default)]
    pub control: BTreeMap<Area, Power>,
    /// The scenario's disabled areas (§3.5): no unit may enter them.
    #[serde(default)]
    pub disabled: Vec<Area>,
    /// The id the next new unit takes (R10, R59).
    pub next_id: u32,
    /// Treasuries, present only with Finances (§11.1).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub treasury: BTreeMap<Power, u32>,
    /// Famine markers for the coming Spring (§12.2), in code order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub famine: Vec<Area>,
    /// Storm markers of this Autumn (§12.4), in code order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub storms: Vec<Area>,
    /// Rebellions (§11.5, Finances only): area → the rebellion there.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub rebellions: BTreeMap<Area, Rebellion>,
}

/// A rebellion marker (§11.5): directed against the power that controlled the area when it
/// was placed; a garrisoned rebellion also holds the city slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rebellion {
    pub against: Power,
    #[serde(default)]
    pub garrisoned: bool,
}

/// A unit to place before ids are given: owner, type, area, siege counter.
pub type Placement = (Owner, UnitKind, Area, u8);

/// The R10 order: powers in slug order (autonomous last), then area code, then the field unit
/// before the garrison (R59).
fn r10_key(p: &Placement) -> (bool, Owner, Area, bool) {
    (p.0.is_none(), p.0, p.2, p.1 == UnitKind::Garrison)
}

impl Position {
    /// A position in `year` Spring with these units, numbered from 1 by R10, and no markers.
    pub fn with_units(scenario: &str, year: u16, mut placements: Vec<Placement>) -> Position {
        placements.sort_by_key(r10_key);
        let units: Vec<Unit> = placements
            .into_iter()
            .enumerate()
            .map(|(i, (owner, kind, area, siege))| Unit {
                id: i as u32 + 1,
                owner,
                kind,
                area,
                siege,
            })
            .collect();
        let next_id = units.len() as u32 + 1;
        Position {
            scenario: scenario.into(),
            year,
            season: Season::Spring,
            units,
            control: BTreeMap::new(),
            disabled: Vec::new(),
            next_id,
            treasury: BTreeMap::new(),
            famine: Vec::new(),
            storms: Vec::new(),
            rebellions: BTreeMap::new(),
        }
    }
    pub fn unit(&self, id: u32) -> Option<&Unit> {
        self.units.iter().find(|u| u.id == id)
    }
    /// The army or fleet in the field of `area`, if any.
    pub fn field(&self, area: Area) -> Option<&Unit> {
        self.units
            .iter()
            .find(|u| u.area == area && u.kind.is_field())
    }
    /// The garrison in the city slot of `area`, if any.
    pub fn garrison(&self, area: Area) -> Option<&Unit> {
        self.units
            .iter()
            .find(|u| u.area == area && u.kind == UnitKind::Garrison)
    }
    /// The unit a (type, area) reference names: a garrison names the city slot, an army or
    /// fleet the field, and the type must match.
    pub fn find(&self, kind: UnitKind, area: Area) -> Option<&Unit> {
        self.units.iter().find(|u| u.area == area && u.kind == kind)
    }
    pub fn is_disabled(&self, area: Area) -> bool {
        self.disabled.contains(&area)
    }
    /// A garrisoned rebellion holds the city of `area` (§11.5).
    pub fn rebel_city(&self, area: Area) -> Option<Power> {
        self.rebellions
            .get(&area)
            .filter(|r| r.garrisoned)
            .map(|r| r.against)
    }
    /// The units `power` owns, in id order.
    pub fn units_of(&self, power: Power) -> impl Iterator<Item = &Unit> {
        self.units.iter().filter(move |u| u.owner == Some(power))
    }
    /// The areas with a city that `power` controls (§9.2 "city count"), in code order.
    pub fn cities_of(&self, power: Power) -> Vec<Area> {
        self.control
            .iter()
            .filter(|(a, p)| **p == power && a.info().city)
            .map(|(a, _)| *a)
            .collect()
    }
    /// Every problem with the position (§18 position invariants); empty when it is sound.
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        let mut ids = std::collections::BTreeSet::new();
        for u in &self.units {
            if !ids.insert(u.id) {
                out.push(format!("duplicate unit id {}", u.id));
            }
            if u.id >= self.next_id {
                out.push(format!("unit id {} not below next_id", u.id));
            }
            if !u.kind.may_stand(u.area) {
                out.push(format!("{} may not stand in {}", u.kind.letter(), u.area));
            }
            if self.is_disabled(u.area) {
                out.push(format!("unit {} in disabled area {}", u.id, u.area));
            }
            if u.siege > 1 || (u.siege == 1 && (!u.kind.is_field() || !u.area.info().fort)) {
                out.push(format!("unit {} has an impossible siege counter", u.id));
            }
            if u.owner.is_none() && u.kind != UnitKind::Garrison {
                out.push(format!("autonomous unit {} is not a garrison", u.id));
            }
        }
        for a in Area::all() {
            let field = self
                .units
                .iter()
                .filter(|u| u.area == a && u.kind.is_field())
                .count();
            let city = self
                .units
                .iter()
                .filter(|u| u.area == a && !u.kind.is_field())
                .count();
            if field > 1 || city > 1 {
                out.push(format!("{a} holds too many units"));
            }
        }
        for a in self.control.keys() {
            if !a.is_land() {
                out.push(format!("control marker on sea {a}"));
            }
        }
        for (a, r) in &self.rebellions {
            if !a.is_land() {
                out.push(format!("rebellion on sea {a}"));
            }
            if r.garrisoned && (self.garrison(*a).is_some() || !a.info().fort) {
                out.push(format!(
                    "garrisoned rebellion in {a} shares or lacks a city"
                ));
            }
        }
        for (p, t) in &self.treasury {
            if *t > 1_000_000 {
                out.push(format!("treasury of {p} out of range"));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::condottieri::orders::{Order, Sub, UnitRef};
    use crate::engine::condottieri::scenario::Scenario;

    #[test]
    fn positions_and_orders_round_trip_through_json_and_refuse_unknown_fields() {
        let mut p = Scenario::find("suleiman").unwrap().initial_position(true);
        p.units[0].siege = 1;
        let text = serde_json::to_string(&p).unwrap();
        assert_eq!(serde_json::from_str::<Position>(&text).unwrap(), p);
        let extra = text.replacen('{', "{\"colour\":1,", 1);
        assert!(serde_json::from_str::<Position>(&extra).is_err());
        let unit = r#"{"id":1,"owner":null,"type":"G","area":"MOD","sige":1}"#;
        assert!(serde_json::from_str::<Unit>(unit).is_err());
        let a = |c: &str| Area::from_code(c).unwrap();
        let orders = [
            Order::Hold,
            Order::Advance {
                to: a("PAV"),
                via_convoy: true,
            },
            Order::Support {
                unit: UnitRef {
                    kind: UnitKind::Army,
                    area: a("MIL"),
                },
                sub: Sub::Advance { to: a("PAV") },
            },
            Order::Support {
                unit: UnitRef {
                    kind: UnitKind::Garrison,
                    area: a("MIL"),
                },
                sub: Sub::Convert { to: UnitKind::Army },
            },
            Order::Convoy {
                army: a("ROME"),
                to: a("COR"),
            },
            Order::Besiege,
            Order::Lift,
            Order::Convert {
                to: UnitKind::Garrison,
            },
        ];
        for o in orders {
            let text = serde_json::to_string(&o).unwrap();
            assert_eq!(serde_json::from_str::<Order>(&text).unwrap(), o, "{text}");
        }
        let odd = r#"{"order":"advance","to":"PAV","speed":2}"#;
        assert!(serde_json::from_str::<Order>(odd).is_err());
    }
}
