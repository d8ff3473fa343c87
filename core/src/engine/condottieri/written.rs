//! The written form of orders (§6.4, R14, R56): a parser for the symbolic form and the English
//! and Portuguese keywords, unit resolution against a position, and a printer in each form.

use super::map::{find_area, fold, Area, NameError};
use super::orders::{check_for, Illegal, Order, Sub, UnitRef};
use super::state::{Position, Power, UnitKind};
use serde::{Deserialize, Serialize};

/// A unit as written: the type may be omitted (R56).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartialRef {
    pub kind: Option<UnitKind>,
    pub area: Area,
}

/// An order as written, before its units are looked up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Hold,
    Advance { to: Area, via_convoy: bool },
    Support { unit: PartialRef, sub: Sub },
    Convoy { army: PartialRef, to: Area },
    Besiege,
    Lift,
    Convert { to: UnitKind },
}

/// One parsed line: the ordered unit and its action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    pub unit: PartialRef,
    pub action: Action,
}

/// Why a line does not parse or does not name one of the sender's units (§6.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "problem")]
pub enum Rejection {
    Empty,
    Area {
        error: NameError,
    },
    ExpectedArea,
    ExpectedType,
    ExpectedAction,
    Trailing {
        text: String,
    },
    /// The type was omitted and the area holds more than one matching unit.
    AmbiguousUnit,
    Illegal {
        reason: Illegal,
    },
}

/// The language of printed keywords.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Symbols,
    English,
    Portuguese,
}

fn kind_word(t: &str) -> Option<UnitKind> {
    match t {
        "A" | "ARMY" | "EXERCITO" | "E" => Some(UnitKind::Army),
        "F" | "FLEET" | "FROTA" => Some(UnitKind::Fleet),
        "G" | "GARRISON" | "GUARNICAO" => Some(UnitKind::Garrison),
        _ => None,
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Verb {
    Hold,
    Advance,
    Support,
    Convoy,
    Besiege,
    Lift,
    Convert,
}

fn verb(t: &str) -> Option<Verb> {
    Some(match t {
        "H" | "HOLD" | "HOLDS" | "STAND" | "MANTER" | "FICAR" => Verb::Hold,
        "-" | "->" | "MOVE" | "MOVES" | "ADVANCE" | "TO" | "AVANCAR" | "MOVER" | "PARA" => {
            Verb::Advance
        }
        "S" | "SUPPORT" | "SUPPORTS" | "APOIAR" | "APOIA" => Verb::Support,
        "C" | "CONVOY" | "CONVOYS" | "TRANSPORT" | "COMBOIAR" | "COMBOIA" | "TRANSPORTAR" => {
            Verb::Convoy
        }
        "B" | "BESIEGE" | "SIEGE" | "SITIAR" | "CERCAR" => Verb::Besiege,
        "L" | "LIFT" | "LEVANTAR" => Verb::Lift,
        "=" | "CONVERT" | "BECOME" | "CONVERTER" => Verb::Convert,
        _ => return None,
    })
}

struct Cursor {
    tokens: Vec<String>,
    at: usize,
}

impl Cursor {
    fn peek(&self) -> Option<&str> {
        self.tokens.get(self.at).map(String::as_str)
    }
    fn eat(&mut self, words: &[&str]) -> bool {
        if self.peek().is_some_and(|t| words.contains(&t)) {
            self.at += 1;
            true
        } else {
            false
        }
    }
    fn rest(&self) -> String {
        self.tokens[self.at..].join(" ")
    }

    /// An area: the longest run of tokens that is an exact code or name, else one token by
    /// unique prefix (R56).
    fn area(&mut self) -> Result<Area, Rejection> {
        let left = self.tokens.len() - self.at;
        if left == 0 {
            return Err(Rejection::ExpectedArea);
        }
        for k in (1..=left.min(4)).rev() {
            let words = self.tokens[self.at..self.at + k].join(" ");
            if let Some(a) = Area::named(&words) {
                self.at += k;
                return Ok(a);
            }
        }
        let word = self.tokens[self.at].clone();
        if verb(&word).is_some() {
            return Err(Rejection::ExpectedArea);
        }
        let a = find_area(&word).map_err(|error| Rejection::Area { error })?;
        self.at += 1;
        Ok(a)
    }

    fn kind(&mut self) -> Result<UnitKind, Rejection> {
        let k = self
            .peek()
            .and_then(kind_word)
            .ok_or(Rejection::ExpectedType)?;
        self.at += 1;
        Ok(k)
    }

    /// `[type] area`. No area is spelt like a type word, so a type word is always a type.
    fn unit(&mut self) -> Result<PartialRef, Rejection> {
        let kind = self.peek().and_then(kind_word);
        if kind.is_some() {
            self.at += 1;
        }
        Ok(PartialRef {
            kind,
            area: self.area()?,
        })
    }

    fn via_convoy(&mut self) -> bool {
        let save = self.at;
        if self.eat(&["VIA", "BY", "POR"]) && self.eat(&["CONVOY", "COMBOIO"]) {
            return true;
        }
        self.at = save;
        false
    }
}

fn tokens(text: &str) -> Vec<String> {
    let folded = fold(text);
    let spaced = folded
        .replace("->", " -> ")
        .replace('=', " = ")
        .replace(" -> ", "\u{1}")
        .replace('-', " - ")
        .replace('\u{1}', " -> ");
    spaced.split_whitespace().map(str::to_string).collect()
}

/// Parses one order line (§6.4). Matching ignores case, accents and repeated spaces.
pub fn parse(text: &str) -> Result<Line, Rejection> {
    let mut c = Cursor {
        tokens: tokens(text),
        at: 0,
    };
    if c.tokens.is_empty() {
        return Err(Rejection::Empty);
    }
    let unit = c.unit()?;
    let word = c.peek().ok_or(Rejection::ExpectedAction)?.to_string();
    let v = verb(&word).ok_or(Rejection::ExpectedAction)?;
    c.at += 1;
    let action = match v {
        Verb::Hold => Action::Hold,
        Verb::Besiege => Action::Besiege,
        Verb::Lift => {
            c.eat(&["SIEGE", "CERCO"]);
            Action::Lift
        }
        Verb::Convert => {
            c.eat(&["TO", "EM"]);
            Action::Convert { to: c.kind()? }
        }
        Verb::Advance => {
            c.eat(&["TO"]);
            let to = c.area()?;
            Action::Advance {
                to,
                via_convoy: c.via_convoy(),
            }
        }
        Verb::Support => {
            let supported = c.unit()?;
            let sub = match c.peek().and_then(verb) {
                None => Sub::Hold,
                Some(Verb::Hold) => {
                    c.at += 1;
                    Sub::Hold
                }
                Some(Verb::Advance) => {
                    c.at += 1;
                    c.eat(&["TO"]);
                    Sub::Advance { to: c.area()? }
                }
                Some(Verb::Convert) => {
                    c.at += 1;
                    c.eat(&["TO", "EM"]);
                    Sub::Convert { to: c.kind()? }
                }
                Some(_) => return Err(Rejection::ExpectedAction),
            };
            Action::Support {
                unit: supported,
                sub,
            }
        }
        Verb::Convoy => {
            let army = c.unit()?;
            if !c.peek().is_some_and(|t| verb(t) == Some(Verb::Advance)) {
                return Err(Rejection::ExpectedAction);
            }
            c.at += 1;
            c.eat(&["TO"]);
            Action::Convoy {
                army,
                to: c.area()?,
            }
        }
    };
    if c.at < c.tokens.len() {
        return Err(Rejection::Trailing { text: c.rest() });
    }
    Ok(Line { unit, action })
}

/// Looks up a named unit among `candidates` (type given: that type; omitted: the only one).
pub(super) fn pick(
    position: &Position,
    r: PartialRef,
    mine: Option<Power>,
) -> Result<UnitRef, Rejection> {
    let found: Vec<UnitRef> = position
        .units
        .iter()
        .filter(|u| u.area == r.area)
        .filter(|u| r.kind.is_none_or(|k| k == u.kind))
        .filter(|u| mine.is_none() || u.owner == mine || r.kind.is_some())
        .map(|u| UnitRef {
            kind: u.kind,
            area: u.area,
        })
        .collect();
    match found.len() {
        0 => Err(Rejection::Illegal {
            reason: Illegal::NoSuchUnit,
        }),
        1 => Ok(found[0]),
        _ => Err(Rejection::AmbiguousUnit),
    }
}

/// Parses and checks a line sent by `power` against the position at the start of the phase
/// (§6.5): the unit id it orders and the order, or why the line is refused.
pub fn accept(position: &Position, power: Power, text: &str) -> Result<(u32, Order), Rejection> {
    let line = parse(text)?;
    let own = pick(position, line.unit, Some(power))?;
    let unit = position
        .find(own.kind, own.area)
        .expect("pick returns an existing unit");
    let order = match line.action {
        Action::Hold => Order::Hold,
        Action::Advance { to, via_convoy } => Order::Advance { to, via_convoy },
        Action::Besiege => Order::Besiege,
        Action::Lift => Order::Lift,
        Action::Convert { to } => Order::Convert { to },
        Action::Support { unit: r, sub } => Order::Support {
            unit: pick(position, r, None).map_err(|e| match e {
                Rejection::Illegal { .. } => Rejection::Illegal {
                    reason: Illegal::SupportTarget,
                },
                other => other,
            })?,
            sub,
        },
        Action::Convoy { army, to } => {
            if army.kind.is_some_and(|k| k != UnitKind::Army) {
                return Err(Rejection::Illegal {
                    reason: Illegal::ConvoyRoute,
                });
            }
            Order::Convoy {
                army: army.area,
                to,
            }
        }
    };
    check_for(position, power, unit.id, &order).map_err(|reason| Rejection::Illegal { reason })?;
    Ok((unit.id, order))
}

/// As [`accept`], for a sender that also has accepted purchases of the units `buying` (§11.4.3
/// step 8, R58): those units may be ordered too, and typeless names count them (R56).
pub fn accept_buying(
    position: &Position,
    power: Power,
    buying: &[u32],
    text: &str,
) -> Result<(u32, Order), Rejection> {
    if buying.is_empty() {
        return accept(position, power, text);
    }
    let mut as_owner = position.clone();
    for u in as_owner.units.iter_mut() {
        if buying.contains(&u.id) {
            u.owner = Some(power);
        }
    }
    accept(&as_owner, power, text)
}

fn unit_text(kind: UnitKind, area: Area, style: Style) -> String {
    let k = match (style, kind) {
        (Style::Symbols, k) => k.letter(),
        (Style::English, UnitKind::Army) => "ARMY",
        (Style::English, UnitKind::Fleet) => "FLEET",
        (Style::English, UnitKind::Garrison) => "GARRISON",
        (Style::Portuguese, UnitKind::Army) => "EXERCITO",
        (Style::Portuguese, UnitKind::Fleet) => "FROTA",
        (Style::Portuguese, UnitKind::Garrison) => "GUARNICAO",
    };
    format!("{k} {area}")
}

/// Prints an order of the unit `unit` in the chosen style; parsing the text gives it back.
pub fn print(unit: UnitRef, order: &Order, style: Style) -> String {
    let w = |sym: &'static str, en: &'static str, pt: &'static str| match style {
        Style::Symbols => sym,
        Style::English => en,
        Style::Portuguese => pt,
    };
    let kind = |k: UnitKind| match (style, k) {
        (Style::Symbols, k) => k.letter(),
        (Style::English, UnitKind::Army) => "ARMY",
        (Style::English, UnitKind::Fleet) => "FLEET",
        (Style::English, UnitKind::Garrison) => "GARRISON",
        (Style::Portuguese, UnitKind::Army) => "EXERCITO",
        (Style::Portuguese, UnitKind::Fleet) => "FROTA",
        (Style::Portuguese, UnitKind::Garrison) => "GUARNICAO",
    };
    let advance = w("-", "MOVE TO", "PARA");
    let head = unit_text(unit.kind, unit.area, style);
    let action = match *order {
        Order::Hold => w("H", "HOLD", "MANTER").to_string(),
        Order::Advance { to, via_convoy } => {
            let via = if via_convoy {
                w(" VIA CONVOY", " BY CONVOY", " VIA COMBOIO")
            } else {
                ""
            };
            format!("{advance} {to}{via}")
        }
        Order::Support { unit: r, sub } => {
            let s = w("S", "SUPPORTS", "APOIA");
            let target = unit_text(r.kind, r.area, style);
            match sub {
                Sub::Hold => format!("{s} {target}"),
                Sub::Advance { to } => format!("{s} {target} {advance} {to}"),
                Sub::Convert { to } => {
                    format!(
                        "{s} {target} {} {}",
                        w("=", "CONVERT TO", "CONVERTER EM"),
                        kind(to)
                    )
                }
            }
        }
        Order::Convoy { army, to } => format!(
            "{} {} {advance} {to}",
            w("C", "CONVOYS", "COMBOIA"),
            unit_text(UnitKind::Army, army, style)
        ),
        Order::Besiege => w("B", "BESIEGE", "SITIAR").to_string(),
        Order::Lift => w("L", "LIFT SIEGE", "LEVANTAR CERCO").to_string(),
        Order::Convert { to } => {
            format!("{} {}", w("=", "CONVERT TO", "CONVERTER EM"), kind(to))
        }
    };
    format!("{head} {action}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::condottieri::orders::legal_orders;
    use crate::engine::condottieri::scenario::Scenario;

    fn a(code: &str) -> Area {
        Area::from_code(code).unwrap()
    }

    #[test]
    fn portuguese_names_of_several_words_name_their_area() {
        for (text, code) in [
            ("FROTA Golfo de Leão MANTER", "GOL"),
            ("F Mar da Ligúria - Golfo de Leão", "LS"),
        ] {
            let line = parse(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
            assert_eq!(line.unit.area, a(code), "{text}");
        }
    }

    fn sample() -> Position {
        let m = Some(Power::Milan);
        let p = Some(Power::Papacy);
        let g = Some(Power::Genoa);
        Position::with_units(
            "balance",
            1454,
            vec![
                (m, UnitKind::Army, a("MIL"), 0),
                (m, UnitKind::Garrison, a("MIL"), 0),
                (m, UnitKind::Army, a("PAR"), 0),
                (p, UnitKind::Army, a("ROME"), 0),
                (p, UnitKind::Fleet, a("TS"), 0),
                (p, UnitKind::Army, a("MOD"), 0),
                (None, UnitKind::Garrison, a("MOD"), 0),
                (g, UnitKind::Fleet, a("LS"), 0),
                (g, UnitKind::Fleet, a("GEN"), 0),
            ],
        )
    }

    #[test]
    fn the_equivalent_lines_of_section_6_4_agree() {
        let pos = sample();
        let rows: [(Power, [&str; 3]); 9] = [
            (
                Power::Milan,
                [
                    "A MIL - PAV",
                    "ARMY MIL MOVE TO PAV",
                    "EXERCITO MIL AVANCAR PAV",
                ],
            ),
            (
                Power::Papacy,
                [
                    "A ROME - CAP VIA CONVOY",
                    "ARMY ROME TO CAPUA BY CONVOY",
                    "E ROME PARA CAP VIA COMBOIO",
                ],
            ),
            (
                Power::Milan,
                [
                    "A PAR S A MIL - PAV",
                    "ARMY PARMA SUPPORTS ARMY MILAN MOVE TO PAVIA",
                    "E PAR APOIA E MIL PARA PAV",
                ],
            ),
            (
                Power::Papacy,
                [
                    "F TS C A ROME - COR",
                    "FLEET TS CONVOYS ARMY ROME TO COR",
                    "FROTA TS COMBOIA E ROME PARA COR",
                ],
            ),
            (
                Power::Milan,
                [
                    "G MIL = A",
                    "GARRISON MILAN CONVERT TO ARMY",
                    "GUARNICAO MIL CONVERTER EM E",
                ],
            ),
            (
                Power::Papacy,
                ["A MOD B", "ARMY MODENA BESIEGE", "E MOD SITIAR"],
            ),
            (
                Power::Papacy,
                ["A MOD L", "ARMY MODENA LIFT SIEGE", "E MOD LEVANTAR CERCO"],
            ),
            (
                Power::Genoa,
                [
                    "F LS S F GEN",
                    "FLEET LS SUPPORTS FLEET GENOA",
                    "FROTA LS APOIA FROTA GEN",
                ],
            ),
            (
                Power::Milan,
                [
                    "a   mil -  pav",
                    "Army Milán -> Pavía",
                    "exército mil para pav",
                ],
            ),
        ];
        for (power, lines) in rows {
            let first =
                accept(&pos, power, lines[0]).unwrap_or_else(|e| panic!("{}: {e:?}", lines[0]));
            for line in &lines[1..] {
                assert_eq!(accept(&pos, power, line), Ok(first), "{line}");
            }
        }
        // The type may be omitted when the sender has one unit there (R56).
        assert_eq!(
            accept(&pos, Power::Papacy, "MOD B"),
            accept(&pos, Power::Papacy, "A MOD B")
        );
        assert_eq!(
            accept(&pos, Power::Milan, "MIL H"),
            Err(Rejection::AmbiguousUnit)
        );
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        let pos = sample();
        let reason = |power, line| match accept(&pos, power, line) {
            Err(Rejection::Illegal { reason }) => Some(reason),
            _ => None,
        };
        assert_eq!(reason(Power::Milan, "A ROME H"), Some(Illegal::NotYourUnit));
        assert_eq!(
            reason(Power::Milan, "A MIL - ROME"),
            Some(Illegal::NotAdjacent)
        );
        assert_eq!(
            reason(Power::Papacy, "F TS - MIL"),
            Some(Illegal::CannotStand)
        );
        assert_eq!(
            reason(Power::Milan, "G MIL = F"),
            Some(Illegal::BadConversion)
        );
        assert_eq!(
            reason(Power::Milan, "A MIL = G"),
            Some(Illegal::CityOccupied)
        );
        assert_eq!(reason(Power::Milan, "A MIL B"), Some(Illegal::NoSiege));
        assert_eq!(
            reason(Power::Milan, "G MIL S A PAR - MOD"),
            Some(Illegal::SupportReach)
        );
        assert_eq!(
            reason(Power::Papacy, "A MOD S G MOD"),
            Some(Illegal::SupportTarget)
        );
        assert_eq!(
            reason(Power::Papacy, "A ROME C A ROME - COR"),
            Some(Illegal::WrongUnitType)
        );
        assert_eq!(
            reason(Power::Genoa, "F GEN C A ROME - COR"),
            Some(Illegal::ConvoyFromLand)
        );
        assert!(matches!(
            accept(&pos, Power::Milan, "A MIL"),
            Err(Rejection::ExpectedAction)
        ));
        assert!(matches!(
            accept(&pos, Power::Milan, "A MIL - PAV now"),
            Err(Rejection::Trailing { .. })
        ));
        assert!(matches!(
            accept(&pos, Power::Milan, "A XYZ H"),
            Err(Rejection::Area { .. })
        ));
        assert_eq!(accept(&pos, Power::Milan, "   "), Err(Rejection::Empty));
    }

    #[test]
    fn every_legal_order_round_trips_in_every_style() {
        let mut positions = vec![
            sample(),
            Scenario::find("balance").unwrap().initial_position(false),
        ];
        positions.push(Scenario::find("suleiman").unwrap().initial_position(false));
        let mut checked = 0;
        for pos in &positions {
            for unit in pos.units.iter().filter(|u| u.owner.is_some()) {
                let power = unit.owner.unwrap();
                let me = UnitRef {
                    kind: unit.kind,
                    area: unit.area,
                };
                for order in legal_orders(pos, unit) {
                    for style in [Style::Symbols, Style::English, Style::Portuguese] {
                        let text = print(me, &order, style);
                        assert_eq!(accept(pos, power, &text), Ok((unit.id, order)), "{text}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}
