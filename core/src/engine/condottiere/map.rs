//! The board: 17 regions named by their Italian city, the 34 borders between them, and the
//! largest-connected-group measure used by the victory check [R20].

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A region, by its stable id 1..=17 from the rules reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Region(u8);

pub const REGION_COUNT: usize = 17;

const NAMES: [(&str, &str); REGION_COUNT] = [
    ("Torino", "Turin"),
    ("Milano", "Milan"),
    ("Genova", "Genoa"),
    ("Venezia", "Venice"),
    ("Mantova", "Mantua"),
    ("Ferrara", "Ferrara"),
    ("Parma", "Parma"),
    ("Modena", "Modena"),
    ("Bologna", "Bologna"),
    ("Lucca", "Lucca"),
    ("Firenze", "Florence"),
    ("Siena", "Siena"),
    ("Urbino", "Urbino"),
    ("Ancona", "Ancona"),
    ("Spoleto", "Spoleto"),
    ("Roma", "Rome"),
    ("Napoli", "Naples"),
];

/// The 34 borders, by id, as in §2.3.
pub const BORDERS: [(u8, u8); 34] = [
    (1, 2),
    (1, 3),
    (2, 3),
    (2, 4),
    (2, 5),
    (2, 7),
    (2, 8),
    (3, 7),
    (4, 5),
    (4, 6),
    (5, 6),
    (5, 8),
    (6, 8),
    (6, 9),
    (7, 8),
    (7, 10),
    (8, 9),
    (8, 10),
    (8, 11),
    (9, 11),
    (9, 13),
    (10, 11),
    (11, 12),
    (11, 13),
    (11, 15),
    (11, 16),
    (12, 16),
    (13, 14),
    (13, 15),
    (14, 15),
    (14, 17),
    (15, 16),
    (15, 17),
    (16, 17),
];

/// Neighbours of each region as a bit set over region indexes (bit i = region id i+1).
const NEIGHBOURS: [u32; REGION_COUNT] = {
    let mut table = [0u32; REGION_COUNT];
    let mut i = 0;
    while i < BORDERS.len() {
        let (a, b) = BORDERS[i];
        table[(a - 1) as usize] |= 1 << (b - 1);
        table[(b - 1) as usize] |= 1 << (a - 1);
        i += 1;
    }
    table
};

impl Region {
    pub fn from_id(id: u8) -> Option<Region> {
        (1..=REGION_COUNT as u8).contains(&id).then_some(Region(id))
    }
    pub fn id(self) -> u8 {
        self.0
    }
    pub fn index(self) -> usize {
        (self.0 - 1) as usize
    }
    pub fn from_index(index: usize) -> Region {
        Region(index as u8 + 1)
    }
    pub fn all() -> impl Iterator<Item = Region> {
        (1..=REGION_COUNT as u8).map(Region)
    }
    pub fn name(self) -> &'static str {
        NAMES[self.index()].0
    }
    pub fn english_name(self) -> &'static str {
        NAMES[self.index()].1
    }
    pub fn from_name(name: &str) -> Option<Region> {
        Region::all().find(|r| r.name().eq_ignore_ascii_case(name))
    }
    pub fn borders(self, other: Region) -> bool {
        NEIGHBOURS[self.index()] & (1 << other.index()) != 0
    }
    pub fn neighbours(self) -> impl Iterator<Item = Region> {
        Region::all().filter(move |&r| self.borders(r))
    }
}

/// The size of the largest connected group in a set of regions (bit i = region id i+1).
pub fn largest_group(owned: u32) -> u32 {
    let mut left = owned;
    let mut best = 0;
    while left != 0 {
        let start = left & left.wrapping_neg();
        let mut group = start;
        loop {
            let mut grown = group;
            let mut bits = group;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                grown |= NEIGHBOURS[i] & owned;
                bits &= bits - 1;
            }
            if grown == group {
                break;
            }
            group = grown;
        }
        best = best.max(group.count_ones());
        left &= !group;
    }
    best
}

impl fmt::Display for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Region {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Region {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        Region::from_name(&name).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "unknown region {name:?}: use one of {}",
                Region::all()
                    .map(|r| r.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })
    }
}

crate::engine::schema::schema!(
    Region,
    "Region",
    crate::engine::schema::names(
        Region::all().map(|r| r.name()),
        "A Condottiere region by name (docs/formats.md)."
    )
);

#[cfg(test)]
mod tests {
    use super::*;

    fn set(names: &[&str]) -> u32 {
        names
            .iter()
            .map(|n| 1u32 << Region::from_name(n).unwrap().index())
            .sum()
    }

    #[test]
    fn the_map_has_34_distinct_borders_and_no_loops() {
        let mut seen = std::collections::HashSet::new();
        for (a, b) in BORDERS {
            assert_ne!(a, b);
            assert!(seen.insert((a.min(b), a.max(b))));
        }
        assert_eq!(seen.len(), 34);
    }

    #[test]
    fn the_degree_sequence_matches_the_rules_reference() {
        let degrees: Vec<u32> = Region::all()
            .map(|r| NEIGHBOURS[r.index()].count_ones())
            .collect();
        assert_eq!(degrees, [2, 6, 3, 3, 4, 4, 4, 7, 4, 3, 7, 2, 4, 3, 5, 4, 3]);
        assert_eq!(degrees.iter().sum::<u32>(), 68);
    }

    #[test]
    fn the_map_is_connected() {
        assert_eq!(largest_group((1 << 17) - 1), 17);
    }

    #[test]
    fn pairs_that_are_easy_to_get_wrong_do_not_border() {
        for (a, b) in [
            ("Lucca", "Siena"),
            ("Siena", "Spoleto"),
            ("Genova", "Modena"),
            ("Torino", "Parma"),
            ("Venezia", "Modena"),
            ("Venezia", "Bologna"),
            ("Bologna", "Spoleto"),
            ("Firenze", "Ancona"),
            ("Urbino", "Roma"),
            ("Ancona", "Roma"),
            ("Siena", "Napoli"),
        ] {
            let (a, b) = (Region::from_name(a).unwrap(), Region::from_name(b).unwrap());
            assert!(!a.borders(b), "{a} and {b} must not border");
        }
    }

    #[test]
    fn a_chain_counts_as_one_group() {
        assert_eq!(largest_group(set(&["Torino", "Milano", "Venezia"])), 3);
        assert_eq!(largest_group(set(&["Torino", "Venezia", "Napoli"])), 1);
        assert_eq!(
            largest_group(set(&["Siena", "Roma", "Napoli", "Torino", "Genova"])),
            3
        );
    }
}
