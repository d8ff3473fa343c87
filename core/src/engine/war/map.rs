//! The classic War board as data (§3.1–§3.3, R1): 42 territories in card-number order, six
//! continents with their bonuses, the symbol of each territory card, and the 79 borders.
//! Tests at the bottom check the data against the reference's own tables.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// The symbol printed on a territory card (§3.1); only trade values use it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Symbol {
    Triangle,
    Square,
    Circle,
}

/// A continent, in the order of §3.2 (the order of every list).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Continent {
    AmericaDoNorte,
    AmericaDoSul,
    Europa,
    Africa,
    Asia,
    Oceania,
}

impl Continent {
    pub const ALL: [Continent; 6] = [
        Continent::AmericaDoNorte,
        Continent::AmericaDoSul,
        Continent::Europa,
        Continent::Africa,
        Continent::Asia,
        Continent::Oceania,
    ];
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn id(self) -> &'static str {
        [
            "america_do_norte",
            "america_do_sul",
            "europa",
            "africa",
            "asia",
            "oceania",
        ][self.index()]
    }
    pub fn name(self) -> &'static str {
        [
            "América do Norte",
            "América do Sul",
            "Europa",
            "África",
            "Ásia",
            "Oceania",
        ][self.index()]
    }
    pub fn from_id(id: &str) -> Option<Continent> {
        Continent::ALL
            .into_iter()
            .find(|c| c.id().eq_ignore_ascii_case(id))
    }
    /// The armies for owning the whole continent (§3.2).
    pub fn bonus(self) -> u32 {
        [5, 2, 5, 3, 7, 2][self.index()]
    }
    /// Card numbers first ..= last of its territories (§3.2).
    fn range(self) -> (u8, u8) {
        [(1, 9), (10, 13), (14, 20), (21, 26), (27, 38), (39, 42)][self.index()]
    }
    pub fn territories(self) -> impl Iterator<Item = Territory> {
        let (first, last) = self.range();
        (first..=last).map(|n| Territory::ALL[n as usize - 1])
    }
    /// Its territories as a set.
    pub fn mask(self) -> TerritorySet {
        let (first, last) = self.range();
        let bits = ((1u64 << last) - 1) & !((1u64 << (first - 1)) - 1);
        TerritorySet(bits)
    }
}

impl fmt::Display for Continent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Continent {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Continent {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Continent::from_id(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("no continent {text:?}")))
    }
}

crate::engine::schema::schema!(
    Continent,
    "WarContinent",
    crate::engine::schema::names(
        Continent::ALL.iter().map(|c| c.id()),
        "A War continent by id."
    )
);

crate::engine::schema::schema!(
    Territory,
    "WarTerritory",
    crate::engine::schema::names(
        Territory::ALL.iter().map(|t| t.id()),
        "A War territory by id, in card-number order (docs/formats.md, War vocabulary)."
    )
);

/// One of the 42 territories, in card-number order (`Alasca` is card 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Territory {
    Alasca,
    Mackenzie,
    Groenlandia,
    Vancouver,
    Ottawa,
    Labrador,
    California,
    NovaYork,
    Mexico,
    Venezuela,
    Peru,
    Brasil,
    Argentina,
    Islandia,
    Inglaterra,
    Suecia,
    Alemanha,
    Portugal,
    Polonia,
    Moscou,
    Argelia,
    Egito,
    Sudao,
    Congo,
    AfricaDoSul,
    Madagascar,
    OrienteMedio,
    Aral,
    Omsk,
    Dudinka,
    Siberia,
    Tchita,
    Vladivostok,
    Mongolia,
    China,
    India,
    Japao,
    Vietna,
    Sumatra,
    Borneu,
    NovaGuine,
    Australia,
}

/// The number of territories (and of territory cards).
pub const TERRITORY_COUNT: usize = 42;

use Symbol::{Circle as C, Square as S, Triangle as T};

/// Per territory in card-number order: id, Portuguese name, symbol (§3.1).
const DATA: [(&str, &str, Symbol); TERRITORY_COUNT] = [
    ("alasca", "Alasca", T),
    ("mackenzie", "Mackenzie", C),
    ("groenlandia", "Groenlândia", C),
    ("vancouver", "Vancouver", T),
    ("ottawa", "Ottawa", C),
    ("labrador", "Labrador", S),
    ("california", "Califórnia", S),
    ("nova_york", "Nova York", T),
    ("mexico", "México", S),
    ("venezuela", "Venezuela", T),
    ("peru", "Peru", T),
    ("brasil", "Brasil", C),
    ("argentina", "Argentina", S),
    ("islandia", "Islândia", T),
    ("inglaterra", "Inglaterra", C),
    ("suecia", "Suécia", C),
    ("alemanha", "Alemanha", C),
    ("portugal", "Portugal", S),
    ("polonia", "Polônia", S),
    ("moscou", "Moscou", T),
    ("argelia", "Argélia", C),
    ("egito", "Egito", T),
    ("sudao", "Sudão", S),
    ("congo", "Congo", S),
    ("africa_do_sul", "África do Sul", T),
    ("madagascar", "Madagascar", C),
    ("oriente_medio", "Oriente Médio", S),
    ("aral", "Aral", T),
    ("omsk", "Omsk", S),
    ("dudinka", "Dudinka", C),
    ("siberia", "Sibéria", T),
    ("tchita", "Tchita", T),
    ("vladivostok", "Vladivostok", C),
    ("mongolia", "Mongólia", C),
    ("china", "China", C),
    ("india", "Índia", S),
    ("japao", "Japão", S),
    ("vietna", "Vietnã", T),
    ("sumatra", "Sumatra", S),
    ("borneu", "Bornéu", S),
    ("nova_guine", "Nova Guiné", C),
    ("australia", "Austrália", T),
];

impl Territory {
    pub const ALL: [Territory; TERRITORY_COUNT] = {
        use Territory::*;
        [
            Alasca,
            Mackenzie,
            Groenlandia,
            Vancouver,
            Ottawa,
            Labrador,
            California,
            NovaYork,
            Mexico,
            Venezuela,
            Peru,
            Brasil,
            Argentina,
            Islandia,
            Inglaterra,
            Suecia,
            Alemanha,
            Portugal,
            Polonia,
            Moscou,
            Argelia,
            Egito,
            Sudao,
            Congo,
            AfricaDoSul,
            Madagascar,
            OrienteMedio,
            Aral,
            Omsk,
            Dudinka,
            Siberia,
            Tchita,
            Vladivostok,
            Mongolia,
            China,
            India,
            Japao,
            Vietna,
            Sumatra,
            Borneu,
            NovaGuine,
            Australia,
        ]
    };

    /// 0 … 41.
    pub fn index(self) -> usize {
        self as usize
    }
    /// The card number, 1 … 42: the canonical order of every list and tie-break.
    pub fn number(self) -> u8 {
        self as u8 + 1
    }
    pub fn from_index(index: usize) -> Territory {
        Territory::ALL[index]
    }
    pub fn id(self) -> &'static str {
        DATA[self.index()].0
    }
    pub fn name(self) -> &'static str {
        DATA[self.index()].1
    }
    pub fn symbol(self) -> Symbol {
        DATA[self.index()].2
    }
    pub fn from_id(id: &str) -> Option<Territory> {
        DATA.iter()
            .position(|(tid, _, _)| tid.eq_ignore_ascii_case(id))
            .map(Territory::from_index)
    }
    pub fn continent(self) -> Continent {
        let n = self.number();
        Continent::ALL
            .into_iter()
            .find(|c| (c.range().0..=c.range().1).contains(&n))
            .expect("every territory lies in a continent")
    }
    pub fn bit(self) -> u64 {
        1u64 << self.index()
    }
    /// The territories that share a border with this one.
    pub fn neighbours(self) -> TerritorySet {
        TerritorySet(ADJACENCY[self.index()])
    }
    pub fn borders(self, other: Territory) -> bool {
        ADJACENCY[self.index()] & other.bit() != 0
    }
}

impl fmt::Display for Territory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Territory {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Territory {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = std::borrow::Cow::<str>::deserialize(deserializer)?;
        Territory::from_id(&text).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "no territory {text:?} on the classic board (ids as in the rules reference §3.1)"
            ))
        })
    }
}

/// A set of territories as a bit mask (bit i = card number i + 1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TerritorySet(pub u64);

impl TerritorySet {
    pub const EMPTY: TerritorySet = TerritorySet(0);
    pub fn contains(self, t: Territory) -> bool {
        self.0 & t.bit() != 0
    }
    pub fn insert(&mut self, t: Territory) {
        self.0 |= t.bit();
    }
    pub fn remove(&mut self, t: Territory) {
        self.0 &= !t.bit();
    }
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn union(self, other: TerritorySet) -> TerritorySet {
        TerritorySet(self.0 | other.0)
    }
    pub fn intersection(self, other: TerritorySet) -> TerritorySet {
        TerritorySet(self.0 & other.0)
    }
    pub fn minus(self, other: TerritorySet) -> TerritorySet {
        TerritorySet(self.0 & !other.0)
    }
    pub fn is_superset(self, other: TerritorySet) -> bool {
        other.0 & !self.0 == 0
    }
    /// In card-number order.
    pub fn iter(self) -> impl Iterator<Item = Territory> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(Territory::from_index(i))
        })
    }
}

impl FromIterator<Territory> for TerritorySet {
    fn from_iter<I: IntoIterator<Item = Territory>>(iter: I) -> Self {
        let mut set = TerritorySet::EMPTY;
        for t in iter {
            set.insert(t);
        }
        set
    }
}

/// The 79 borders of §3.3, undirected, in the reference's order.
pub const BORDERS: [(Territory, Territory); 79] = {
    use Territory::*;
    [
        (Alasca, Mackenzie),
        (Alasca, Vancouver),
        (Alasca, Vladivostok),
        (Mackenzie, Groenlandia),
        (Mackenzie, Vancouver),
        (Mackenzie, Ottawa),
        (Groenlandia, Labrador),
        (Groenlandia, Islandia),
        (Vancouver, Ottawa),
        (Vancouver, California),
        (Ottawa, Labrador),
        (Ottawa, California),
        (Ottawa, NovaYork),
        (Labrador, NovaYork),
        (California, NovaYork),
        (California, Mexico),
        (NovaYork, Mexico),
        (Mexico, Venezuela),
        (Venezuela, Peru),
        (Venezuela, Brasil),
        (Peru, Brasil),
        (Peru, Argentina),
        (Brasil, Argentina),
        (Brasil, Argelia),
        (Islandia, Inglaterra),
        (Inglaterra, Suecia),
        (Inglaterra, Alemanha),
        (Inglaterra, Portugal),
        (Suecia, Moscou),
        (Alemanha, Portugal),
        (Alemanha, Polonia),
        (Portugal, Polonia),
        (Portugal, Argelia),
        (Portugal, Egito),
        (Polonia, Moscou),
        (Polonia, Egito),
        (Polonia, OrienteMedio),
        (Moscou, OrienteMedio),
        (Moscou, Aral),
        (Moscou, Omsk),
        (Argelia, Egito),
        (Argelia, Sudao),
        (Argelia, Congo),
        (Egito, Sudao),
        (Egito, OrienteMedio),
        (Sudao, Congo),
        (Sudao, AfricaDoSul),
        (Sudao, Madagascar),
        (Congo, AfricaDoSul),
        (AfricaDoSul, Madagascar),
        (OrienteMedio, Aral),
        (OrienteMedio, India),
        (Aral, Omsk),
        (Aral, China),
        (Aral, India),
        (Omsk, Dudinka),
        (Omsk, Mongolia),
        (Omsk, China),
        (Dudinka, Siberia),
        (Dudinka, Tchita),
        (Dudinka, Mongolia),
        (Siberia, Tchita),
        (Siberia, Vladivostok),
        (Tchita, Vladivostok),
        (Tchita, Mongolia),
        (Tchita, China),
        (Vladivostok, China),
        (Vladivostok, Japao),
        (Mongolia, China),
        (China, India),
        (China, Japao),
        (China, Vietna),
        (India, Vietna),
        (India, Sumatra),
        (Vietna, Borneu),
        (Sumatra, Australia),
        (Borneu, NovaGuine),
        (Borneu, Australia),
        (NovaGuine, Australia),
    ]
};

/// Neighbour masks, built from `BORDERS` at compile time.
const ADJACENCY: [u64; TERRITORY_COUNT] = {
    let mut adjacency = [0u64; TERRITORY_COUNT];
    let mut i = 0;
    while i < BORDERS.len() {
        let (a, b) = BORDERS[i];
        adjacency[a as usize] |= 1u64 << (b as usize);
        adjacency[b as usize] |= 1u64 << (a as usize);
        i += 1;
    }
    adjacency
};

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn there_are_79_distinct_borders_without_loops_and_the_board_is_connected() {
        let set: BTreeSet<(Territory, Territory)> = BORDERS
            .iter()
            .map(|&(a, b)| if a < b { (a, b) } else { (b, a) })
            .collect();
        assert_eq!(set.len(), 79);
        assert!(BORDERS.iter().all(|(a, b)| a != b));
        let mut seen = TerritorySet::EMPTY;
        let mut stack = vec![Territory::Alasca];
        while let Some(t) = stack.pop() {
            if seen.contains(t) {
                continue;
            }
            seen.insert(t);
            stack.extend(t.neighbours().iter());
        }
        assert_eq!(seen.len(), TERRITORY_COUNT);
    }

    #[test]
    fn the_degree_sequence_matches_the_reference() {
        let degrees: Vec<usize> = Territory::ALL
            .iter()
            .map(|t| t.neighbours().len())
            .collect();
        assert_eq!(
            degrees,
            [
                3, 4, 3, 4, 5, 3, 4, 4, 3, 3, 3, 4, 2, 2, 4, 2, 3, 5, 5, 5, 5, 5, 5, 3, 3, 2, 5, 5,
                5, 4, 3, 5, 5, 4, 8, 5, 2, 3, 2, 3, 2, 3
            ]
        );
        assert_eq!(degrees.iter().sum::<usize>(), 158);
        for t in Territory::ALL {
            for n in t.neighbours().iter() {
                assert!(n.borders(t), "{t} borders {n} but not back");
            }
        }
    }

    #[test]
    fn fourteen_borders_join_two_continents() {
        use Territory::*;
        let crossing: BTreeSet<(Territory, Territory)> = BORDERS
            .iter()
            .copied()
            .filter(|(a, b)| a.continent() != b.continent())
            .collect();
        let expected: BTreeSet<(Territory, Territory)> = [
            (Alasca, Vladivostok),
            (Groenlandia, Islandia),
            (Mexico, Venezuela),
            (Brasil, Argelia),
            (Portugal, Argelia),
            (Portugal, Egito),
            (Polonia, Egito),
            (Polonia, OrienteMedio),
            (Moscou, OrienteMedio),
            (Moscou, Aral),
            (Moscou, Omsk),
            (Egito, OrienteMedio),
            (India, Sumatra),
            (Vietna, Borneu),
        ]
        .into_iter()
        .collect();
        assert_eq!(crossing, expected);
    }

    #[test]
    fn the_pairs_that_look_like_risk_are_not_borders() {
        for (a, b) in [
            ("sumatra", "borneu"),
            ("sudao", "oriente_medio"),
            ("alemanha", "suecia"),
            ("groenlandia", "ottawa"),
            ("islandia", "suecia"),
            ("alemanha", "moscou"),
            ("polonia", "argelia"),
            ("dudinka", "china"),
            ("vladivostok", "mongolia"),
            ("mongolia", "japao"),
            ("siberia", "china"),
            ("siberia", "omsk"),
        ] {
            let (a, b) = (
                Territory::from_id(a).unwrap(),
                Territory::from_id(b).unwrap(),
            );
            assert!(!a.borders(b), "{a}–{b} must not be a border (R1)");
        }
    }

    #[test]
    fn continents_hold_42_territories_and_24_bonus_armies() {
        let counts: Vec<usize> = Continent::ALL
            .iter()
            .map(|c| c.territories().count())
            .collect();
        assert_eq!(counts, [9, 4, 7, 6, 12, 4]);
        assert_eq!(Continent::ALL.iter().map(|c| c.bonus()).sum::<u32>(), 24);
        for c in Continent::ALL {
            assert_eq!(c.mask().len(), c.territories().count());
            assert!(c.territories().all(|t| t.continent() == c));
        }
    }

    #[test]
    fn each_symbol_is_on_fourteen_cards_as_listed() {
        let numbers = |s: Symbol| -> Vec<u8> {
            Territory::ALL
                .iter()
                .filter(|t| t.symbol() == s)
                .map(|t| t.number())
                .collect()
        };
        assert_eq!(
            numbers(Symbol::Triangle),
            [1, 4, 8, 10, 11, 14, 20, 22, 25, 28, 31, 32, 38, 42]
        );
        assert_eq!(
            numbers(Symbol::Square),
            [6, 7, 9, 13, 18, 19, 23, 24, 27, 29, 36, 37, 39, 40]
        );
        assert_eq!(
            numbers(Symbol::Circle),
            [2, 3, 5, 12, 15, 16, 17, 21, 26, 30, 33, 34, 35, 41]
        );
    }

    #[test]
    fn ids_round_trip_and_are_unique() {
        let ids: BTreeSet<&str> = Territory::ALL.iter().map(|t| t.id()).collect();
        assert_eq!(ids.len(), TERRITORY_COUNT);
        for t in Territory::ALL {
            assert_eq!(Territory::from_id(t.id()), Some(t));
            assert_eq!(Territory::from_index(t.index()), t);
            let json = serde_json::to_string(&t).unwrap();
            assert_eq!(serde_json::from_str::<Territory>(&json).unwrap(), t);
        }
        for c in Continent::ALL {
            assert_eq!(Continent::from_id(c.id()), Some(c));
        }
    }
}
