//! The board "Renaissance Italy" (§3): areas with their attributes, borders, where each unit
//! type may stand and move (R4–R7), and name lookup for the written form (R56).

use super::data::{AREA_ROWS, BORDER_ROWS, PORTUGUESE_ROWS};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::sync::OnceLock;

/// Number of areas on the board (§3.2).
pub const AREA_COUNT: usize = 73;

/// What kind of space an area is (§3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Land,
    Sea,
    /// `VEN`, the single mixed area (§3.5, R6).
    Venice,
}

/// The attributes of one area, as in §3.2.
#[derive(Clone, Debug)]
pub struct AreaInfo {
    pub code: &'static str,
    pub english: &'static str,
    pub spanish: &'static str,
    /// The Brazilian Portuguese name (the English one where they agree).
    pub portuguese: &'static str,
    pub kind: Kind,
    pub city: bool,
    pub fort: bool,
    pub port: bool,
    pub coast: bool,
    pub ctrl: u8,
    pub garr: u8,
    pub deg: u8,
}

/// An area, by its index in code order. Stored and printed as its code.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Area(u8);

struct Board {
    areas: Vec<AreaInfo>,
    /// `borders[a][b]`: None, Some(false) an ordinary border, Some(true) a land-only one.
    borders: Vec<[Option<bool>; AREA_COUNT]>,
    list: Vec<(Area, Area, bool)>,
}

fn board() -> &'static Board {
    static BOARD: OnceLock<Board> = OnceLock::new();
    BOARD.get_or_init(|| {
        let mut areas: Vec<AreaInfo> = AREA_ROWS.lines().map(parse_area).collect();
        assert_eq!(areas.len(), AREA_COUNT, "the area table has 73 rows");
        for line in PORTUGUESE_ROWS.lines() {
            let (code, name) = line.split_once('|').expect("code|name");
            let area = areas
                .iter_mut()
                .find(|a| a.code == code)
                .unwrap_or_else(|| panic!("a Portuguese name for unknown area {code}"));
            area.portuguese = name;
        }
        let index = |code: &str| {
            areas
                .iter()
                .position(|a| a.code == code)
                .unwrap_or_else(|| panic!("border names unknown area {code}")) as u8
        };
        let mut borders = vec![[None; AREA_COUNT]; AREA_COUNT];
        let mut list = Vec::new();
        for line in BORDER_ROWS.lines() {
            let mut fields = line.split_whitespace();
            let a = index(fields.next().expect("a border has two ends"));
            let b = index(fields.next().expect("a border has two ends"));
            let land_only = fields.next() == Some("L");
            borders[a as usize][b as usize] = Some(land_only);
            borders[b as usize][a as usize] = Some(land_only);
            list.push((Area(a), Area(b), land_only));
        }
        Board {
            areas,
            borders,
            list,
        }
    })
}

fn parse_area(line: &'static str) -> AreaInfo {
    let f: Vec<&'static str> = line.split('|').collect();
    let yes = |s: &str| s == "Y";
    let num = |s: &str| s.parse::<u8>().expect("a number in the area table");
    AreaInfo {
        code: f[0],
        english: f[1],
        spanish: f[2],
        portuguese: f[1],
        kind: match f[3] {
            "land" => Kind::Land,
            "sea" => Kind::Sea,
            _ => Kind::Venice,
        },
        city: yes(f[4]),
        fort: yes(f[5]),
        port: yes(f[6]),
        coast: yes(f[7]),
        ctrl: num(f[8]),
        garr: num(f[9]),
        deg: num(f[10]),
    }
}

impl Area {
    /// Every area in code order.
    pub fn all() -> impl Iterator<Item = Area> {
        (0..AREA_COUNT as u8).map(Area)
    }
    pub fn index(self) -> usize {
        self.0 as usize
    }
    pub fn info(self) -> &'static AreaInfo {
        &board().areas[self.index()]
    }
    pub fn code(self) -> &'static str {
        self.info().code
    }
    /// The area with exactly this code (upper case), if any.
    pub fn from_code(code: &str) -> Option<Area> {
        board()
            .areas
            .iter()
            .position(|a| a.code == code)
            .map(|i| Area(i as u8))
    }
    pub fn is_sea(self) -> bool {
        self.info().kind == Kind::Sea
    }
    pub fn is_venice(self) -> bool {
        self.info().kind == Kind::Venice
    }
    /// Land areas (kind land or venice) can be controlled.
    pub fn is_land(self) -> bool {
        !self.is_sea()
    }
    /// An army may stand in the field of any land area except `VEN` (R5, R6).
    pub fn army_may_stand(self) -> bool {
        self.info().kind == Kind::Land
    }
    /// A fleet may stand in any sea, coastal land area, and `VEN` (R5).
    pub fn fleet_may_stand(self) -> bool {
        let i = self.info();
        i.kind != Kind::Land || i.coast
    }
    /// A garrison stands only in the city slot of a fortified area.
    pub fn garrison_may_stand(self) -> bool {
        self.info().fort
    }
    /// Whether the two areas share a border, land-only or not.
    pub fn borders(self, other: Area) -> bool {
        board().borders[self.index()][other.index()].is_some()
    }
    /// An army may move directly from self to `to` (§3.4).
    pub fn army_adjacent(self, to: Area) -> bool {
        self.borders(to) && to.army_may_stand()
    }
    /// A fleet may move from self to `to`: a border that is not land-only, both ends admit fleets.
    pub fn fleet_adjacent(self, to: Area) -> bool {
        board().borders[self.index()][to.index()] == Some(false)
            && self.fleet_may_stand()
            && to.fleet_may_stand()
    }
    /// The areas bordering this one, in code order.
    pub fn neighbours(self) -> impl Iterator<Item = Area> {
        Area::all().filter(move |b| self.borders(*b))
    }
    /// Only fleets in a sea or in `VEN` may convoy (R20).
    pub fn may_convoy_from(self) -> bool {
        self.info().kind != Kind::Land
    }
    /// The area's names in English, Spanish and Portuguese (game data, R56).
    pub fn names(self) -> [&'static str; 3] {
        let i = self.info();
        [i.english, i.spanish, i.portuguese]
    }
    /// The area whose code or one of whose names is exactly `text` once folded (R56's first two
    /// steps).
    pub fn named(text: &str) -> Option<Area> {
        let wanted = fold(text);
        Area::all()
            .find(|a| a.code() == wanted)
            .or_else(|| Area::all().find(|a| a.names().iter().any(|n| fold(n) == wanted)))
    }
}

/// Every border once, sorted, with its land-only flag.
pub fn borders() -> &'static [(Area, Area, bool)] {
    &board().list
}

impl fmt::Debug for Area {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl fmt::Display for Area {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl Serialize for Area {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

impl<'de> Deserialize<'de> for Area {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let code = String::deserialize(deserializer)?;
        Area::from_code(&code)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown area code {code}")))
    }
}

/// Upper case without accents, with runs of spaces folded to one (R14): the form every name
/// and keyword is compared in.
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for c in text.trim().chars() {
        if c.is_whitespace() {
            space = true;
            continue;
        }
        if space && !out.is_empty() {
            out.push(' ');
        }
        space = false;
        let base = match c {
            'á' | 'à' | 'â' | 'ã' | 'ä' | 'Á' | 'À' | 'Â' | 'Ã' | 'Ä' => 'A',
            'é' | 'è' | 'ê' | 'ë' | 'É' | 'È' | 'Ê' | 'Ë' => 'E',
            'í' | 'ì' | 'î' | 'ï' | 'Í' | 'Ì' | 'Î' | 'Ï' => 'I',
            'ó' | 'ò' | 'ô' | 'õ' | 'ö' | 'Ó' | 'Ò' | 'Ô' | 'Õ' | 'Ö' => 'O',
            'ú' | 'ù' | 'û' | 'ü' | 'Ú' | 'Ù' | 'Û' | 'Ü' => 'U',
            'ç' | 'Ç' => 'C',
            'ñ' | 'Ñ' => 'N',
            other => other,
        };
        out.extend(base.to_uppercase());
    }
    out
}

/// Why a name does not name one area.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum NameError {
    Unknown { name: String },
    Ambiguous { name: String, candidates: Vec<Area> },
}

/// The area a (folded or not) name means (R56): an exact code, then an exact English, Spanish
/// or Portuguese name, then a prefix of a code or name that matches exactly one area.
pub fn find_area(name: &str) -> Result<Area, NameError> {
    let wanted = fold(name);
    if wanted.is_empty() {
        return Err(NameError::Unknown { name: name.into() });
    }
    if let Some(a) = Area::named(&wanted) {
        return Ok(a);
    }
    let candidates: Vec<Area> = Area::all()
        .filter(|a| {
            a.code().starts_with(&wanted) || a.names().iter().any(|n| fold(n).starts_with(&wanted))
        })
        .collect();
    match candidates.len() {
        1 => Ok(candidates[0]),
        0 => Err(NameError::Unknown { name: name.into() }),
        _ => Err(NameError::Ambiguous {
            name: name.into(),
            candidates,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(code: &str) -> Area {
        Area::from_code(code).unwrap()
    }

    #[test]
    fn area_counts_match_section_3_6() {
        let all: Vec<Area> = Area::all().collect();
        assert_eq!(all.len(), 73);
        assert_eq!(all.iter().filter(|x| x.is_land()).count(), 64);
        assert_eq!(all.iter().filter(|x| x.is_sea()).count(), 9);
        assert_eq!(all.iter().filter(|x| x.is_venice()).count(), 1);
        let count = |f: fn(&AreaInfo) -> bool| all.iter().filter(|x| f(x.info())).count();
        assert_eq!(count(|i| i.city), 44);
        assert_eq!(count(|i| i.fort), 36);
        assert_eq!(count(|i| i.port), 15);
        assert_eq!(count(|i| i.coast), 39);
        assert_eq!(count(|i| i.kind != Kind::Sea && !i.coast), 25);
        let ctrl: u32 = all.iter().map(|x| u32::from(x.info().ctrl)).sum();
        let garr: u32 = all.iter().map(|x| u32::from(x.info().garr)).sum();
        assert_eq!((ctrl, garr), (119, 47));
        let codes: Vec<&str> = all.iter().map(|x| x.code()).collect();
        let mut sorted = codes.clone();
        sorted.sort();
        assert_eq!(codes, sorted, "areas are in code order");
    }

    #[test]
    fn attribute_facts_of_section_3_1_hold() {
        for x in Area::all() {
            let i = x.info();
            if i.fort {
                assert!(i.city, "{x} fortified without a city");
                assert_eq!(i.garr + 1, i.ctrl, "{x}: Garr = Ctrl − 1");
            }
            if i.port && x != a("SAR") {
                assert!(i.fort, "{x} port without a fortified city");
            }
            if i.kind == Kind::Sea {
                assert!(!i.city && !i.fort && !i.port && !i.coast && i.ctrl == 0);
            } else if !i.city {
                assert_eq!((i.ctrl, i.garr), (1, 0), "{x}");
            } else if !i.fort {
                assert_eq!(i.garr, 0, "{x}");
            }
        }
        let unfortified: Vec<&str> = Area::all()
            .filter(|x| x.info().city && !x.info().fort)
            .map(|x| x.code())
            .collect();
        assert_eq!(
            unfortified,
            ["ALB", "CAR", "COR", "CRO", "DAL", "HUN", "SAR", "SWI"]
        );
    }

    #[test]
    fn borders_match_section_3_6() {
        let list = borders();
        assert_eq!(list.len(), 202);
        let mut seen = std::collections::BTreeSet::new();
        for &(x, y, _) in list {
            assert_ne!(x, y, "self-loop");
            assert!(seen.insert((x.min(y), x.max(y))), "duplicate {x}-{y}");
        }
        let land_only: Vec<String> = list
            .iter()
            .filter(|b| b.2)
            .map(|b| format!("{}-{}", b.0, b.1))
            .collect();
        assert_eq!(
            land_only,
            [
                "ALB-HER", "AQU-CAP", "AQU-NAP", "AQU-SAL", "AVI-PRO", "BARI-SAL", "BOL-LUC",
                "BOL-MOD", "CAR-CRO", "PISA-SIE"
            ]
        );
        for &(x, y, lo) in list {
            if lo {
                assert!(x.info().coast && y.info().coast && x.is_land() && y.is_land());
            }
        }
        let kinds = |sea: usize| {
            list.iter()
                .filter(|b| usize::from(b.0.is_sea()) + usize::from(b.1.is_sea()) == sea)
                .count()
        };
        assert_eq!((kinds(2), kinds(1), kinds(0)), (12, 55, 135));
        let fleet = list.iter().filter(|b| b.0.fleet_adjacent(b.1)).count();
        let army = list
            .iter()
            .filter(|b| b.0.army_may_stand() && b.1.army_may_stand())
            .count();
        assert_eq!((fleet, army), (105, 132));
        for x in Area::all() {
            for y in Area::all() {
                assert_eq!(x.borders(y), y.borders(x), "symmetry {x} {y}");
                assert_eq!(x.fleet_adjacent(y), y.fleet_adjacent(x));
            }
        }
    }

    #[test]
    fn degrees_and_connectivity() {
        let degrees: Vec<u8> = Area::all().map(|x| x.neighbours().count() as u8).collect();
        let expected: Vec<u8> = vec![
            4, 5, 7, 4, 4, 5, 4, 5, 8, 3, 5, 6, 8, 5, 4, 4, 4, 6, 5, 3, 5, 6, 5, 6, 5, 8, 7, 5, 2,
            7, 3, 11, 10, 5, 7, 3, 4, 8, 7, 5, 5, 6, 5, 5, 6, 4, 6, 6, 4, 4, 6, 7, 3, 5, 5, 3, 4,
            6, 7, 5, 6, 3, 4, 4, 14, 2, 9, 6, 12, 7, 4, 8, 5,
        ];
        assert_eq!(degrees, expected);
        assert_eq!(degrees.iter().map(|d| u32::from(*d)).sum::<u32>(), 404);
        for x in Area::all() {
            assert_eq!(x.info().deg, degrees[x.index()], "Deg column of {x}");
        }
        let mut reached = [false; AREA_COUNT];
        let mut todo = vec![a("ALB")];
        reached[a("ALB").index()] = true;
        while let Some(x) = todo.pop() {
            for y in x.neighbours() {
                if !reached[y.index()] {
                    reached[y.index()] = true;
                    todo.push(y);
                }
            }
        }
        assert!(reached.iter().all(|r| *r), "the graph is connected");
    }

    #[test]
    fn coastal_iff_borders_a_sea_or_venice_and_near_misses() {
        for x in Area::all().filter(|x| x.info().kind == Kind::Land) {
            let touches = x.neighbours().any(|y| y.info().kind != Kind::Land);
            assert_eq!(x.info().coast, touches, "{x}");
        }
        for pair in [
            "DAL-IST", "FRI-PAD", "NAP-ROME", "LUC-SIE", "GEN-LUC", "MIL-MOD", "FLO-MOD",
            "BOL-PAR", "COR-PIO", "MES-NAP", "SAR-TUN",
        ] {
            let (x, y) = pair.split_once('-').unwrap();
            assert!(!a(x).borders(a(y)), "{pair} is not a border");
        }
        // Only Corsica, Sardinia and Tunis (and VEN) are out of an army's overland reach.
        let mut reached = [false; AREA_COUNT];
        let mut todo = vec![a("MIL")];
        reached[a("MIL").index()] = true;
        while let Some(x) = todo.pop() {
            for y in x.neighbours().filter(|y| x.army_adjacent(*y)) {
                if !reached[y.index()] {
                    reached[y.index()] = true;
                    todo.push(y);
                }
            }
        }
        let unreached: Vec<&str> = Area::all()
            .filter(|x| x.army_may_stand() && !reached[x.index()])
            .map(|x| x.code())
            .collect();
        assert_eq!(unreached, ["COR", "SAR", "TUN"]);
    }

    #[test]
    fn venice_admits_fleets_and_garrisons_only() {
        let ven = a("VEN");
        assert!(!ven.army_may_stand() && ven.fleet_may_stand() && ven.garrison_may_stand());
        assert!(ven.may_convoy_from());
        let fleet_from_tre: Vec<&str> = a("TRE")
            .neighbours()
            .filter(|y| a("TRE").fleet_adjacent(*y))
            .map(|y| y.code())
            .collect();
        assert_eq!(fleet_from_tre, ["FRI", "PAD", "VEN"]);
    }

    #[test]
    fn names_match_code_then_name_then_unique_prefix() {
        assert_eq!(find_area("pis"), Ok(a("PIS")));
        assert_eq!(find_area("PISA"), Ok(a("PISA")));
        assert_eq!(find_area("tre"), Ok(a("TRE")));
        assert_eq!(find_area("car"), Ok(a("CAR")));
        assert_eq!(find_area("sal"), Ok(a("SAL")));
        assert_eq!(find_area("Milan"), Ok(a("MIL")));
        assert_eq!(find_area("milán"), Ok(a("MIL")));
        assert_eq!(find_area("Cerdena"), Ok(a("SAR")));
        assert_eq!(find_area("tyrrhenian  sea"), Ok(a("TS")));
        assert_eq!(find_area("Capua"), Ok(a("CAP")));
        assert_eq!(find_area("Flor"), Ok(a("FLO")));
        assert!(matches!(find_area("M"), Err(NameError::Ambiguous { .. })));
        assert!(matches!(find_area("XYZ"), Err(NameError::Unknown { .. })));
    }

    #[test]
    fn portuguese_names_match_after_codes_like_the_others() {
        assert_eq!(find_area("Milão"), Ok(a("MIL")));
        assert_eq!(find_area("milao"), Ok(a("MIL")));
        assert_eq!(find_area("Veneza"), Ok(a("VEN")));
        assert_eq!(find_area("Sardenha"), Ok(a("SAR")));
        assert_eq!(find_area("mar da liguria"), Ok(a("LS")));
        assert_eq!(find_area("Baixo Adriático"), Ok(a("LA")));
        assert_eq!(find_area("Gênova"), Ok(a("GEN")));
        assert_eq!(find_area("Bolonh"), Ok(a("BOL")));
        // A code still comes first: MAR is Marseille, not the start of "Mar Tirreno".
        assert_eq!(find_area("mar"), Ok(a("MAR")));
        assert_eq!(find_area("Marselha"), Ok(a("MAR")));
        assert_eq!(Area::named("turim"), Some(a("TUR")));
        assert_eq!(Area::named("tur"), Some(a("TUR")));
        assert_eq!(Area::named("Turi"), None);
        for x in Area::all() {
            for name in x.names() {
                assert_eq!(find_area(name), Ok(x), "{name} names {x}");
            }
        }
    }
}
