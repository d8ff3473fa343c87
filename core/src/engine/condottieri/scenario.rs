//! The seven scenarios of §4.3–§4.4 as data (homes, starting control, units, ducats, autonomous
//! garrisons, disabled areas) and the setup procedure of §4.5 with its R8 power shuffle.

use super::map::Area;
use super::state::{Placement, Position, Power, UnitKind};
use crate::engine::rng::Stream;
use crate::engine::Seed;

/// One power's line in a scenario table. Home areas with a city carry a leading `*` (bold in the
/// reference); a test checks that the mark agrees with the map.
pub struct PowerSetup {
    pub power: Power,
    pub homes: &'static str,
    pub other: &'static str,
    pub units: &'static str,
    pub ducats: u32,
    pub double: bool,
}

/// One scenario (§4.2–§4.4).
pub struct Scenario {
    pub key: &'static str,
    pub year: u16,
    pub powers: &'static [PowerSetup],
    pub autonomous: &'static str,
    pub disabled: &'static str,
    pub random_income: &'static str,
}

const fn p(
    power: Power,
    homes: &'static str,
    other: &'static str,
    units: &'static str,
    ducats: u32,
    double: bool,
) -> PowerSetup {
    PowerSetup {
        power,
        homes,
        other,
        units,
        ducats,
        double,
    }
}

use Power::*;

/// All seven scenarios; `balance` is the default (§4.3).
#[rustfmt::skip]
pub const SCENARIOS: [Scenario; 7] = [
    Scenario {
        key: "balance",
        year: 1454,
        powers: &[
            p(Austria, "*AUS CARIN *HUN *TYR", "", "A AUS, A HUN, A TYR", 1, false),
            p(Florence, "*ARE *FLO PIS *PISA", "", "A ARE, A FLO, F PISA", 6, true),
            p(France, "*AVI *MAR PRO *SWI", "", "A AVI, F MAR, A SWI", 2, false),
            p(Milan, "COMO *CRE FOR *MIL PAR *PAV", "", "A CRE, A MIL, A PAV", 6, false),
            p(Naples, "AQU *BARI CAP *MES *NAP OTR *PAL SAL", "", "A BARI, A MES, F NAP, F PAL", 4, false),
            p(Papacy, "*ANC *BOL PAT *PER *ROME SPO URB", "", "F ANC, A BOL, A PER, A ROME", 4, false),
            p(Turks, "*ALB BOS *DUR HER *TUN", "", "A ALB, F DUR, F TUN", 4, false),
            p(Venice, "BER *DAL FRI IST *PAD *TRE *VEN VER", "", "F DAL, A PAD, A TRE, G VEN", 9, true),
        ],
        autonomous: "FER GEN LUC MAN MOD MON PIO RAG SALZ SAV SIE TRENT TUR",
        disabled: "",
        random_income: "GEN",
    },
    Scenario {
        key: "dukeofmilan",
        year: 1402,
        powers: &[
            p(Florence, "*ARE *FLO PIS", "", "A ARE, A BOL, A FLO, A PIS", 6, false),
            p(Hre, "*AUS *CAR CARIN *TYR", "", "A AUS, A CAR, F CRO, A TYR", 5, false),
            p(Milan, "BER COMO *CRE FOR *MIL PAR *PAV *PER *PIO *SIE VER", "", "G BOL, A CRE, A MIL, A PAV, G PER, G PIO, G PISA, G SIE", 7, false),
            p(Naples, "AQU *BARI *MAR *MES *NAP OTR PRO SAL", "", "A BARI, F MAR, G MES, F NAP", 4, false),
            p(Savoy, "*GEN *SAV *SWI *TUR", "", "A GEN, F SAV, A SWI, A TUR", 5, false),
            p(Venice, "*DAL *DUR FRI IST *PAD *TRE *VEN", "", "F DAL, F DUR, A PAD, A TRE, G VEN", 5, false),
        ],
        autonomous: "ANC FER LUC MAN MOD MON PAL RAG ROME SALZ TRENT",
        disabled: "AVI HUN SLA TUN",
        random_income: "ROME",
    },
    Scenario {
        key: "eight-saints",
        year: 1375,
        powers: &[
            p(Florence, "*ARE BER COMO *CRE *FLO FOR *MIL PAR *PAV PIS *PISA *SIE", "", "A ARE, A CRE, A FLO, A MIL, A PAV, F PISA, A SIE", 4, false),
            p(Hre, "*AUS *CAR CARIN *SWI *TUR *TYR", "", "G AUS, F CAR, A SWI, A TUR, G TYR", 3, false),
            p(Naples, "AQU *BARI CAP *NAP OTR SAL", "", "F BARI, F NAP, G NAP", 3, false),
            p(Papacy, "*ANC *AVI *BOL *MAR PAT *PER *ROME SPO URB", "", "F ANC, A AVI, A BOL, F MAR, A PER, A ROME", 3, false),
        ],
        autonomous: "FER GEN LUC MAN MES MOD MON PAD PAL PIO RAG SALZ SAV TRE TRENT VEN",
        disabled: "ALB DUR HUN SLA TUN",
        random_income: "GEN ROME",
    },
    Scenario {
        key: "spanish",
        year: 1521,
        powers: &[
            p(Austria, "AQU *AUS *BARI CAP *CAR CARIN *MES *MIL *NAP OTR *PAL SAL *SAR *TYR", "", "A AUS, A BARI, A CAR, A MES, A MIL, A NAP, F PAL, F SAR, A TYR", 4, false),
            p(Florence, "*ARE *FLO PIS *PISA", "", "A ARE, A FLO, F PISA", 3, false),
            p(France, "*AVI *MAR PRO *SALZ *SWI", "", "A AVI, F MAR, A SALZ, A SWI", 1, false),
            p(Papacy, "*ANC *BOL PAT *PER *ROME SPO URB", "", "F ANC, A BOL, A PER, A ROME", 4, false),
            p(Turks, "*ALB BOS *DUR HER *HUN *TUN", "", "A ALB, F DUR, A HUN, F TUN", 3, false),
            p(Venice, "BER *DAL FRI IST *PAD *TRE *VEN VER", "", "F DAL, A PAD, A TRE, F VEN", 6, false),
        ],
        autonomous: "CRE FER GEN LUC MAN MOD MON PAV PIO RAG SAV SIE TRENT TUR",
        disabled: "",
        random_income: "GEN NAP",
    },
    Scenario {
        key: "struggle-i",
        year: 1499,
        powers: &[
            p(Austria, "*AUS CARIN *HUN *MES *PAL *SAR *SWI *TYR", "", "A AUS, A MES, F PAL, F SAR, A SWI, A TYR", 0, false),
            p(Florence, "*ARE *FLO PIS *PISA", "", "A ARE, A FLO, F PISA", 6, true),
            p(France, "*AVI *MAR PRO", "BARI GEN MIL NAP SALZ", "A AVI, A BARI, F GEN, F MAR, A MIL, A NAP, A SALZ", 11, false),
            p(Papacy, "*ANC *BOL PAT *PER *ROME SPO URB", "", "F ANC, A BOL, A PER, A ROME", 4, false),
            p(Turks, "*ALB BOS *DUR HER *TUN", "", "A ALB, F DUR, F TUN", 4, false),
            p(Venice, "BER *DAL FRI IST *PAD *TRE *VEN VER", "", "F DAL, A PAD, A TRE, G VEN", 9, true),
        ],
        autonomous: "CRE FER LUC MAN MOD MON PAV PIO RAG SAV SIE TRENT TUR",
        disabled: "",
        random_income: "GEN MIL NAP",
    },
    Scenario {
        key: "struggle-ii",
        year: 1513,
        powers: &[
            p(Austria, "AQU *AUS *BARI CAP CARIN *MES *NAP OTR *PAL SAL *SAR *TYR", "", "A AUS, A BARI, A MES, A MIL, F NAP, F SAR, A TYR", 5, false),
            p(France, "*AVI *MAR PRO *SALZ", "", "A AVI, F MAR, G MIL, A SALZ", 2, false),
            p(Milan, "*CRE *FER *MOD *PAV *SWI", "", "A CRE, A FER, A MOD, A PAV", 2, false),
            p(Papacy, "*ANC *BOL PAT *PER *ROME SPO URB", "", "F ANC, A BOL, A PER, A ROME", 4, false),
            p(Turks, "*ALB BOS *DUR HER *HUN *TUN", "", "A ALB, F DUR, A HUN, F TUN", 3, false),
            p(Venice, "BER *DAL FRI IST *PAD *TRE *VEN VER", "", "F DAL, A PAD, A TRE, G VEN", 9, true),
        ],
        autonomous: "ARE FLO GEN LUC MAN MON PIO PISA RAG SAV SIE TRENT TUR",
        disabled: "",
        random_income: "FLO GEN NAP",
    },
    Scenario {
        key: "suleiman",
        year: 1566,
        powers: &[
            p(Florence, "*ARE *FLO PIS *PISA *SIE", "", "A ARE, A FLO, F PISA, A SIE", 6, false),
            p(France, "*AVI *MAR PRO *SALZ", "", "A AVI, F MAR, A SALZ", 2, false),
            p(Genoa, "*COR FOR *GEN", "", "F COR, G GEN, F PAL", 8, true),
            p(Papacy, "*ANC *BOL PAT *PER *ROME SPO URB", "", "F ANC, A BOL, A PER, A ROME", 4, false),
            p(Spain, "AQU *BARI CAP COMO *CRE *MES *MIL *NAP OTR *PAL *PAV SAL *SAR", "", "G BARI, A CRE, F MES, G MIL, A NAP, A PAV, G TUN", 3, false),
            p(Turks, "*ALB BOS *DUR HER *HUN *RAG", "", "A ALB, A CRO, F DUR, A HUN, F RAG, F TUN", 4, false),
            p(Venice, "BER *DAL FRI IST *PAD *TRE *VEN VER", "", "F DAL, A PAD, A TRE, G VEN", 3, false),
        ],
        autonomous: "AUS FER LUC MAN MOD MON PIO SAV TRENT TUR TYR",
        disabled: "",
        random_income: "NAP",
    },
];

fn areas(list: &str) -> Vec<Area> {
    list.split_whitespace()
        .map(|c| Area::from_code(c.trim_start_matches('*')).expect("scenario names a known area"))
        .collect()
}

fn unit_list(list: &str) -> Vec<(UnitKind, Area)> {
    list.split(',')
        .filter(|s| !s.trim().is_empty())
        .map(|s| {
            let (t, a) = s.trim().split_once(' ').expect("a unit is `T AREA`");
            let kind = match t {
                "A" => UnitKind::Army,
                "F" => UnitKind::Fleet,
                _ => UnitKind::Garrison,
            };
            (kind, Area::from_code(a).expect("scenario unit area"))
        })
        .collect()
}

impl PowerSetup {
    pub fn home_areas(&self) -> Vec<Area> {
        areas(self.homes)
    }
    pub fn home_cities(&self) -> Vec<Area> {
        self.homes
            .split_whitespace()
            .filter(|c| c.starts_with('*'))
            .map(|c| Area::from_code(&c[1..]).expect("known area"))
            .collect()
    }
    pub fn other_areas(&self) -> Vec<Area> {
        areas(self.other)
    }
    pub fn starting_units(&self) -> Vec<(UnitKind, Area)> {
        unit_list(self.units)
    }
}

impl Scenario {
    /// The scenario with this key (§4.2), if any.
    pub fn find(key: &str) -> Option<&'static Scenario> {
        SCENARIOS.iter().find(|s| s.key == key)
    }
    pub fn default_key() -> &'static str {
        "balance"
    }
    pub fn power_list(&self) -> Vec<Power> {
        self.powers.iter().map(|p| p.power).collect()
    }
    pub fn setup_of(&self, power: Power) -> Option<&PowerSetup> {
        self.powers.iter().find(|p| p.power == power)
    }
    pub fn autonomous_areas(&self) -> Vec<Area> {
        areas(self.autonomous)
    }
    pub fn disabled_areas(&self) -> Vec<Area> {
        areas(self.disabled)
    }
    pub fn random_income_cities(&self) -> Vec<Area> {
        areas(self.random_income)
    }

    /// Steps 1 and 3–6 of §4.5: the board, control markers, numbered units (R10), treasuries
    /// when `finances` is on. The game opens with the Spring orders phase (R11).
    pub fn initial_position(&self, finances: bool) -> Position {
        let mut placements: Vec<Placement> = Vec::new();
        for ps in self.powers {
            for (kind, area) in ps.starting_units() {
                placements.push((Some(ps.power), kind, area, 0));
            }
        }
        for area in self.autonomous_areas() {
            placements.push((None, UnitKind::Garrison, area, 0));
        }
        let mut position = Position::with_units(self.key, self.year, placements);
        position.disabled = self.disabled_areas();
        for ps in self.powers {
            for area in ps.home_areas().into_iter().chain(ps.other_areas()) {
                position.control.insert(area, ps.power);
            }
            if finances {
                position.treasury.insert(ps.power, ps.ducats);
            }
        }
        position
    }
}

/// Step 2 of §4.5 (R8): seats get the scenario's powers by one shuffle of the named stream
/// `condottieri/powers`; seat i plays the i-th power of the result.
pub fn assign_powers(seed: &Seed, scenario: &Scenario) -> Vec<Power> {
    let mut powers = scenario.power_list();
    Stream::new(seed, "condottieri/powers", 0).shuffle(&mut powers);
    powers
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(code: &str) -> Area {
        Area::from_code(code).unwrap()
    }

    #[test]
    fn balance_of_power_ids_follow_r10() {
        let pos = Scenario::find("balance").unwrap().initial_position(false);
        let listed: Vec<String> = pos
            .units
            .iter()
            .map(|u| {
                let owner = u.owner.map(|p| p.slug()).unwrap_or("autonomous");
                format!("{} {} {} {}", u.id, owner, u.kind.letter(), u.area)
            })
            .collect();
        let expected = "1 austria A AUS|2 austria A HUN|3 austria A TYR|4 florence A ARE|\
            5 florence A FLO|6 florence F PISA|7 france A AVI|8 france F MAR|9 france A SWI|\
            10 milan A CRE|11 milan A MIL|12 milan A PAV|13 naples A BARI|14 naples A MES|\
            15 naples F NAP|16 naples F PAL|17 papacy F ANC|18 papacy A BOL|19 papacy A PER|\
            20 papacy A ROME|21 turks A ALB|22 turks F DUR|23 turks F TUN|24 venice F DAL|\
            25 venice A PAD|26 venice A TRE|27 venice G VEN|28 autonomous G FER|\
            29 autonomous G GEN|30 autonomous G LUC|31 autonomous G MAN|32 autonomous G MOD|\
            33 autonomous G MON|34 autonomous G PIO|35 autonomous G RAG|36 autonomous G SALZ|\
            37 autonomous G SAV|38 autonomous G SIE|39 autonomous G TRENT|40 autonomous G TUR";
        let expected: Vec<String> = expected.split('|').map(|s| s.trim().to_string()).collect();
        assert_eq!(listed, expected);
        assert_eq!(pos.next_id, 41);
        assert_eq!(pos.year, 1454);
    }

    #[test]
    fn balance_of_power_accounts_for_all_44_cities() {
        let s = Scenario::find("balance").unwrap();
        let mut cities: Vec<Area> = s.powers.iter().flat_map(|p| p.home_cities()).collect();
        assert_eq!(cities.len(), 27);
        cities.extend(s.autonomous_areas());
        cities.extend(["CAR", "COR", "CRO", "SAR"].map(a));
        cities.sort();
        cities.dedup();
        assert_eq!(cities.len(), 44);
        assert!(cities.iter().all(|c| c.info().city));
        for ps in s.powers {
            assert_eq!(
                ps.home_cities().len(),
                ps.starting_units().len(),
                "{}",
                ps.power
            );
        }
        let pos = s.initial_position(true);
        assert_eq!(pos.treasury[&Power::Venice], 9);
        assert_eq!(pos.control.len(), 46);
        assert!(s
            .autonomous_areas()
            .iter()
            .all(|x| !pos.control.contains_key(x)));
    }

    #[test]
    fn every_scenario_is_sound_data() {
        let sizes = [
            ("balance", 8, 13),
            ("dukeofmilan", 6, 11),
            ("eight-saints", 4, 16),
            ("spanish", 6, 14),
            ("struggle-i", 6, 13),
            ("struggle-ii", 6, 13),
            ("suleiman", 7, 11),
        ];
        for (key, powers, autonomous) in sizes {
            let s = Scenario::find(key).unwrap();
            assert_eq!(s.powers.len(), powers, "{key}");
            assert_eq!(s.autonomous_areas().len(), autonomous, "{key}");
            let pos = s.initial_position(false);
            assert_eq!(pos.problems(), Vec::<String>::new(), "{key}");
            for ps in s.powers {
                for h in ps.home_areas() {
                    let starred = ps.home_cities().contains(&h);
                    assert_eq!(starred, h.info().city, "{key} {} home {h}", ps.power);
                    assert!(!pos.is_disabled(h), "{key}: home {h} disabled");
                }
            }
            let mut slugs: Vec<Power> = s.power_list();
            slugs.sort();
            slugs.dedup();
            assert_eq!(slugs.len(), powers, "{key}: a power listed twice");
            for x in s.random_income_cities() {
                assert!(x.info().city, "{key}: {x}");
            }
            // Control markers: each area once, land only, never disabled.
            let mut all: Vec<Area> = s
                .powers
                .iter()
                .flat_map(|p| p.home_areas().into_iter().chain(p.other_areas()))
                .collect();
            let n = all.len();
            all.sort();
            all.dedup();
            assert_eq!(all.len(), n, "{key}: an area controlled twice");
        }
    }

    #[test]
    fn scenarios_with_two_owners_in_one_area_are_data_not_errors() {
        let pos = Scenario::find("suleiman").unwrap().initial_position(false);
        let tun = a("TUN");
        assert_eq!(pos.field(tun).unwrap().owner, Some(Power::Turks));
        assert_eq!(pos.garrison(tun).unwrap().owner, Some(Power::Spain));
        assert_eq!(pos.control.get(&a("PAL")), Some(&Power::Spain));
        let duke = Scenario::find("dukeofmilan")
            .unwrap()
            .initial_position(false);
        assert_eq!(duke.disabled, ["AVI", "HUN", "SLA", "TUN"].map(a).to_vec());
    }

    #[test]
    fn power_assignment_is_a_seeded_permutation() {
        let s = Scenario::find("balance").unwrap();
        let one = assign_powers(&Seed::from_u64(7), s);
        assert_eq!(one, assign_powers(&Seed::from_u64(7), s));
        let mut sorted = one.clone();
        sorted.sort();
        assert_eq!(sorted, s.power_list());
    }

    #[test]
    fn power_names_and_incomes() {
        assert_eq!(Power::find("Veneza"), Some(Power::Venice));
        assert_eq!(Power::find("milão"), Some(Power::Milan));
        assert_eq!(Power::find("HRE"), Some(Power::Hre));
        assert_eq!(Power::find("Sacro"), Some(Power::Hre));
        assert_eq!(Power::find("F"), None, "florence and france");
        assert_eq!(Power::Venice.variable_income(5), 4);
    }
}
