//! Pergamemnon's cards as data: the card-set format of §4.1, its validation (§4.2), its
//! identity (the SHA-256 of its RFC 8785 canonical JSON, §4.3) and the built-in reference sets.
//!
//! A game never reads a card value from code: every value comes from the `CardSet` its options
//! name (R2). Inside the engine a card is a `Card`, an index into the set's canonical order
//! (0..55 army cards, 55..79 creatures, 79..100 the charisma cards `chr_01`…`chr_21`).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// The five nations, in canonical order (§3.2).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Nation {
    Romans,
    Egyptians,
    Hellenes,
    Carthaginians,
    Persians,
}

impl Nation {
    pub const ALL: [Nation; 5] = [
        Nation::Romans,
        Nation::Egyptians,
        Nation::Hellenes,
        Nation::Carthaginians,
        Nation::Persians,
    ];
    /// The id of §3.2 (`romans`…), as in every JSON form.
    pub fn slug(self) -> &'static str {
        match self {
            Nation::Romans => "romans",
            Nation::Egyptians => "egyptians",
            Nation::Hellenes => "hellenes",
            Nation::Carthaginians => "carthaginians",
            Nation::Persians => "persians",
        }
    }
    /// The id prefix of the nation's army cards in the reference sets (`rom`, `egy`…).
    pub fn prefix(self) -> &'static str {
        match self {
            Nation::Romans => "rom",
            Nation::Egyptians => "egy",
            Nation::Hellenes => "hel",
            Nation::Carthaginians => "car",
            Nation::Persians => "per",
        }
    }
    /// The leader's name V3 requires.
    pub fn leader_name(self) -> &'static str {
        match self {
            Nation::Romans => "Caesar",
            Nation::Egyptians => "Nefertiti",
            Nation::Hellenes => "Agamemnon",
            Nation::Carthaginians => "Hannibal",
            Nation::Persians => "Xerxes",
        }
    }
    /// The ten troops of §3.2 (V4): name and count.
    pub fn roster(self) -> &'static [(&'static str, u8)] {
        match self {
            Nation::Romans => &[
                ("Centurion", 1),
                ("Praetorian", 1),
                ("Spearman", 2),
                ("Ballista", 2),
                ("Horseman", 2),
                ("Bowman", 2),
            ],
            Nation::Egyptians => &[
                ("Mummy", 3),
                ("Guard", 1),
                ("Chariot", 2),
                ("Swordsman", 2),
                ("Camel Rider", 1),
                ("Bowman", 1),
            ],
            Nation::Hellenes => &[
                ("Hercules", 1),
                ("Guard", 1),
                ("Chariot", 3),
                ("Spearman", 2),
                ("Bowman", 2),
                ("Horseman", 1),
            ],
            Nation::Carthaginians => &[
                ("Elephant", 2),
                ("Elite", 2),
                ("Spearman", 2),
                ("Slinger", 3),
                ("Horseman", 1),
            ],
            Nation::Persians => &[
                ("War Rhino", 1),
                ("Guard", 1),
                ("Horseman", 1),
                ("Chariot", 2),
                ("Spearman", 2),
                ("Bowman", 3),
            ],
        }
    }
    /// Charisma cards taken at setup (§5 step 4).
    pub fn starting_charisma(self) -> usize {
        if self == Nation::Romans {
            5
        } else {
            1
        }
    }
}

impl fmt::Display for Nation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.slug())
    }
}

/// The three weapon types and the defence each meets (§3.3).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Weapon {
    /// Defended by the helmet.
    Sword,
    /// Defended by the armour.
    Spear,
    /// Defended by the shield.
    Bow,
}

impl Weapon {
    pub const ALL: [Weapon; 3] = [Weapon::Sword, Weapon::Spear, Weapon::Bow];
    pub fn slug(self) -> &'static str {
        match self {
            Weapon::Sword => "sword",
            Weapon::Spear => "spear",
            Weapon::Bow => "bow",
        }
    }
}

impl fmt::Display for Weapon {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.slug())
    }
}

/// The skills of §3.3.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Skill {
    Flee,
    Secure,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Provenance {
    /// Irongames' printed values, transcribed by an operator who owns the game.
    Published,
    /// Our own set (§4.4): never presented as the published values.
    Reference,
    Custom,
}

// ---------------------------------------------------------------------------------------------
// The file format (§4.1): serde mirrors of the JSON Schema, unknown fields refused.

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = PergamemnonCardSet)]
pub struct CardSetDoc {
    /// Always `corriere.pergamemnon.cardset/1`.
    pub format: String,
    pub id: String,
    pub title: String,
    pub provenance: Provenance,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub based_on: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
    pub army: Vec<ArmyDoc>,
    pub creatures: Vec<CreatureDoc>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct WeaponDoc {
    #[serde(rename = "type")]
    pub kind: Weapon,
    pub value: u8,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Defence {
    pub helmet: u8,
    pub armour: u8,
    pub shield: u8,
}

impl Defence {
    /// The defence that meets `weapon` (helmet for sword, armour for spear, shield for bow).
    pub fn against(&self, weapon: Weapon) -> u8 {
        match weapon {
            Weapon::Sword => self.helmet,
            Weapon::Spear => self.armour,
            Weapon::Bow => self.shield,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ArmyDoc {
    pub id: String,
    pub name: String,
    pub nation: Nation,
    pub leader: bool,
    pub weapon: WeaponDoc,
    pub defence: Defence,
    pub charisma: u8,
    pub points: u8,
    pub skills: Vec<Skill>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verified: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreatureDoc {
    pub id: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placeholder: Option<bool>,
    pub cost: u8,
    pub weapon: WeaponDoc,
    pub defence: Defence,
    pub charisma: u8,
    pub points: u8,
    pub skills: Vec<Skill>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verified: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

// ---------------------------------------------------------------------------------------------
// A loaded, validated set.

/// One card inside the engine: its index in the set's canonical order, then the charisma cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(pub u8);

pub const ARMY_CARDS: usize = 55;
pub const CREATURES: usize = 24;
pub const CHARISMA_CARDS: usize = 21;
/// Every movable card: 55 army cards, 24 creatures, 21 charisma cards.
pub const ALL_CARDS: usize = ARMY_CARDS + CREATURES + CHARISMA_CARDS;

impl Card {
    pub fn index(self) -> usize {
        self.0 as usize
    }
    pub fn is_army(self) -> bool {
        self.index() < ARMY_CARDS
    }
    pub fn is_creature(self) -> bool {
        (ARMY_CARDS..ARMY_CARDS + CREATURES).contains(&self.index())
    }
    pub fn is_charisma(self) -> bool {
        self.index() >= ARMY_CARDS + CREATURES && self.index() < ALL_CARDS
    }
    /// Charisma card `chr_NN` (1 ≤ n ≤ 21).
    pub fn charisma(n: u8) -> Card {
        debug_assert!((1..=21).contains(&n));
        Card((ARMY_CARDS + CREATURES) as u8 + n - 1)
    }
}

/// What the engine reads of one fighting card (army card or creature).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardData {
    pub id: String,
    pub name: String,
    /// The printing nation; `None` for a creature.
    pub nation: Option<Nation>,
    pub leader: bool,
    /// Charisma cost; 0 for an army card.
    pub cost: u8,
    pub weapon: Weapon,
    pub attack: u8,
    pub defence: Defence,
    pub charisma: u8,
    pub points: u8,
    pub flee: bool,
    pub secure: bool,
    /// The name is ours, not printed (reference sets).
    pub placeholder: bool,
}

/// A set that loaded: every error rule of §4.2 holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardSet {
    pub id: String,
    pub title: String,
    pub provenance: Provenance,
    /// SHA-256 of the RFC 8785 canonical JSON of the document, lowercase hex (§4.3).
    pub sha256: String,
    /// Some card of a `published` set is not `verified` (V10): pages say "partly verified".
    pub partly_verified: bool,
    /// The 79 fighting cards in canonical order (army by nation, leader first; creatures).
    pub cards: Vec<CardData>,
    /// The document as loaded, for embedding in options and records.
    pub doc: CardSetDoc,
}

/// How serious a problem of §4.2 is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Error,
    Warning,
}

/// One problem of a card set: the rule of §4.2 it breaks (`V1`…`V12`, or `I1`…`I10` under V11),
/// its level, where (a card id or a JSON path, when there is one) and what was found. Worded
/// for people by the catalog key `pergamemnon-cardset-<rule lowercase>` with `$where`,
/// `$found` and `$expected`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    pub rule: &'static str,
    pub level: Level,
    pub at: Option<String>,
    pub found: String,
    pub expected: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.rule)?;
        if let Some(at) = &self.at {
            write!(f, " at {at}")?;
        }
        write!(f, ": found {}, expected {}", self.found, self.expected)
    }
}

/// A set that loaded, with the warnings to show its operator.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub set: CardSet,
    pub warnings: Vec<Problem>,
}

impl CardSet {
    /// Read and validate a card-set document (§4.1, §4.2): every error, or the set and its
    /// warnings. V1 covers the JSON itself (syntax, unknown fields, types, ranges, patterns).
    pub fn load(json: &str) -> Result<Loaded, Vec<Problem>> {
        let _ = json;
        todo!("cards helper")
    }

    /// Validate a parsed document (what `load` does after parsing).
    pub fn from_doc(doc: CardSetDoc) -> Result<Loaded, Vec<Problem>> {
        let _ = doc;
        todo!("cards helper")
    }

    /// The card with this id (army, creature or `chr_01`…`chr_21`).
    pub fn card(&self, id: &str) -> Option<Card> {
        let _ = id;
        todo!("cards helper")
    }

    /// The id of a card (`chr_NN` for a charisma card).
    pub fn id(&self, card: Card) -> &str {
        let _ = card;
        todo!("cards helper")
    }

    /// A fighting card's data; `None` for a charisma card.
    pub fn data(&self, card: Card) -> Option<&CardData> {
        self.cards.get(card.index())
    }

    /// A nation's 11 army cards in canonical order (leader first).
    pub fn army(&self, nation: Nation) -> Vec<Card> {
        let _ = nation;
        todo!("cards helper")
    }

    /// A nation's leader.
    pub fn leader(&self, nation: Nation) -> Card {
        let _ = nation;
        todo!("cards helper")
    }

    /// The 24 creatures in canonical order.
    pub fn creatures(&self) -> Vec<Card> {
        (ARMY_CARDS..ARMY_CARDS + CREATURES)
            .map(|i| Card(i as u8))
            .collect()
    }

    /// Charisma value of any card: 1 for a charisma card (R3), the printed value otherwise.
    pub fn charisma(&self, card: Card) -> u8 {
        self.data(card).map_or(1, |d| d.charisma)
    }

    /// Printed points (0 for a charisma card).
    pub fn points(&self, card: Card) -> u8 {
        self.data(card).map_or(0, |d| d.points)
    }
}

/// The RFC 8785 canonical JSON of a value (sorted keys, no spaces, ECMAScript numbers).
pub fn canonical_json(value: &serde_json::Value) -> String {
    let _ = value;
    todo!("cards helper")
}

/// The ids of the sets built into this engine, oldest first; the last is the default (§4.3).
pub const BUILTIN: &[&str] = &["reference-1"];

/// The set new games get when their options name none.
pub fn default_set_id() -> &'static str {
    BUILTIN[BUILTIN.len() - 1]
}

/// A built-in set by id (parsed once, from `core/data/pergamemnon/<id>.json`).
pub fn builtin(id: &str) -> Option<Arc<CardSet>> {
    let _ = id;
    todo!("cards helper")
}
