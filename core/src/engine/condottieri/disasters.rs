//! Natural disasters (§12): the famine, plague and storm tables as data, the disaster roll of
//! §12.1 (R47) and the dice of §14, drawn from the game's named stream or scripted by tests.

use super::map::Area;
use crate::engine::rng::Stream;
use crate::engine::Seed;
use serde::{Deserialize, Serialize};

/// The name of the one stream all of a game's dice come from (§14), index 0; the power shuffle
/// keeps its own stream (`condottieri/powers`, `scenario.rs`).
pub const DICE_STREAM: &str = "condottieri/dice";

/// Where dice come from: the game's stream, or a script in a rules case.
pub trait Dice {
    /// One die, 1 to 6 (`u(1, 6)` of §14).
    fn d6(&mut self) -> u8;
}

/// The game's dice: the stream `condottieri/dice`, resumed where the game last stopped.
pub struct SeededDice {
    stream: Stream,
}

impl SeededDice {
    pub fn new(seed: &Seed, position: u64) -> SeededDice {
        SeededDice {
            stream: Stream::resume(seed, DICE_STREAM, 0, position),
        }
    }
    /// How far the stream has been read; the game stores it.
    pub fn position(&self) -> u64 {
        self.stream.position()
    }
}

impl Dice for SeededDice {
    fn d6(&mut self) -> u8 {
        self.stream.below(6) as u8 + 1
    }
}

/// Dice read from a list, for rules cases that state their rolls (E42). Running out is a bug in
/// the case.
pub struct Scripted(pub std::collections::VecDeque<u8>);

impl Dice for Scripted {
    fn d6(&mut self) -> u8 {
        self.0.pop_front().expect("the case scripts enough dice")
    }
}

/// Which table a roll reads (§12.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Disaster {
    Famine,
    Plague,
    Storms,
}

/// One disaster roll (§12.1): the year die, then the row and column labels (2–12) it called
/// for, and the areas they hit, in code order. Public when rolled (§13).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Roll {
    pub disaster: Disaster,
    pub year_die: u8,
    #[serde(default)]
    pub row: Option<u8>,
    #[serde(default)]
    pub column: Option<u8>,
    pub areas: Vec<Area>,
}

/// Makes the roll of §12.1 for `disaster`: `y`, then 2d6 for a row if `y` is 2, 3 or 6, then
/// 2d6 for a column if `y` is 4, 5 or 6 (first die first).
pub fn roll(disaster: Disaster, dice: &mut dyn Dice) -> Roll {
    let y = dice.d6();
    let mut two = || dice.d6() + dice.d6();
    let row = matches!(y, 2 | 3 | 6).then(&mut two);
    let column = matches!(y, 4..=6).then(&mut two);
    Roll {
        disaster,
        year_die: y,
        row,
        column,
        areas: struck(disaster, row, column),
    }
}

/// The areas in row `row` and column `column` of the table (labels 2–12), in code order.
pub fn struck(disaster: Disaster, row: Option<u8>, column: Option<u8>) -> Vec<Area> {
    let table = match disaster {
        Disaster::Famine => &FAMINE,
        Disaster::Plague => &PLAGUE,
        Disaster::Storms => &STORMS,
    };
    let mut out = Vec::new();
    for (r, line) in table.iter().enumerate() {
        for (c, cell) in line.split_whitespace().enumerate() {
            let hit = row == Some(r as u8 + 2) || column == Some(c as u8 + 2);
            if hit && cell != "-" {
                out.push(Area::from_code(cell).expect("the tables name known areas"));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

pub(super) const FAMINE: [&str; 11] = [
    "- - PRO PAT MOD - COR ANC - - -",
    "- PIO - - - - - TUN - - PAL",
    "PER - OTR PAD SWI CRE - - HER - -",
    "FRI - BOL SAL VER AUS MIL SIE - - DUR",
    "MAR RAG - CARIN BER PIS SPO - - HUN -",
    "- BARI SLA MON URB FOR - COMO TRENT - -",
    "FER - ROME PAV - - ARE - SALZ ALB GEN",
    "- - CRO - FLO TUR MAN CAP TRE - -",
    "SAV - SAR - PAR BOS TYR - NAP - DAL",
    "- - VEN - - - - CAR - MES -",
    "- - - PISA AQU AVI LUC - IST - -",
];
pub(super) const PLAGUE: [&str; 11] = [
    "- SWI - - CAR - - - - MON CAP",
    "RAG BOS SLA - - - CRO - - BARI TYR",
    "SAV - - FRI - ROME - MAR PAV - -",
    "- SAL VER - DAL LUC BOL CARIN PRO - -",
    "- - TUR SIE MES PAD AUS FER - - -",
    "PAL - GEN ALB PISA TUN AVI MIL - - SAR",
    "DUR - NAP MOD PER CRE VEN FLO - - -",
    "- BER ANC PAR - - - - MAN IST -",
    "PIO HUN - URB - - - - TRE - COMO",
    "ARE FOR - - - - - OTR - AQU SPO",
    "TRENT HER - PIS - - - COR - PAT SALZ",
];
pub(super) const STORMS: [&str; 11] = [
    "- - - IS - - - - - - -",
    "UA - - - - - - - - WM -",
    "- - GOL - - - - - - - -",
    "- - - - - - - - - - -",
    "- - - - - - - - - - -",
    "- - - - - TS - - - - -",
    "- - - - - - - - - - -",
    "- - - - - - - - - - -",
    "- - - - - - - - - LS -",
    "- CM - - - - - - GON - -",
    "- - - - - - - LA - - -",
];
#[cfg(test)]
mod tests {
    use super::*;

    fn all(d: Disaster) -> Vec<Area> {
        let mut v = Vec::new();
        for r in 2..=12 {
            v.extend(struck(d, Some(r), None));
        }
        v
    }

    #[test]
    fn every_land_area_is_once_in_famine_and_plague_and_every_sea_once_in_storms() {
        let land: Vec<Area> = Area::all().filter(|a| a.is_land()).collect();
        let seas: Vec<Area> = Area::all().filter(|a| a.is_sea()).collect();
        for d in [Disaster::Famine, Disaster::Plague] {
            let mut v = all(d);
            v.sort();
            assert_eq!(v, land, "{d:?}");
        }
        let mut v = all(Disaster::Storms);
        v.sort();
        assert_eq!(v, seas);
    }

    #[test]
    fn a_year_die_of_one_is_a_good_year_and_six_is_a_cross() {
        let mut good = Scripted([1].into());
        assert!(roll(Disaster::Plague, &mut good).areas.is_empty());
        let mut cross = Scripted([6, 3, 4, 2, 3].into());
        let r = roll(Disaster::Famine, &mut cross);
        assert_eq!((r.row, r.column), (Some(7), Some(5)));
        assert_eq!(r.areas.len(), 13);
    }

    #[test]
    fn seeded_dice_resume_where_they_stopped() {
        let seed = Seed::from_u64(3);
        let mut one = SeededDice::new(&seed, 0);
        let first: Vec<u8> = (0..5).map(|_| one.d6()).collect();
        let mut two = SeededDice::new(&seed, 0);
        two.d6();
        two.d6();
        let mut three = SeededDice::new(&seed, two.position());
        let rest: Vec<u8> = (0..3).map(|_| three.d6()).collect();
        assert_eq!(&first[2..], &rest[..]);
        assert!(first.iter().all(|d| (1..=6).contains(d)));
    }
}
