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
/// for people by the catalog key `pergamemnon-cardset-<rule lowercase>` with `$at`,
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

/// The ids of the 21 charisma cards, `Card(79)`…`Card(99)`.
const CHARISMA_IDS: [&str; CHARISMA_CARDS] = [
    "chr_01", "chr_02", "chr_03", "chr_04", "chr_05", "chr_06", "chr_07", "chr_08", "chr_09",
    "chr_10", "chr_11", "chr_12", "chr_13", "chr_14", "chr_15", "chr_16", "chr_17", "chr_18",
    "chr_19", "chr_20", "chr_21",
];

/// The value of `format` (§4.1).
pub const FORMAT: &str = "corriere.pergamemnon.cardset/1";

impl CardSet {
    /// Read and validate a card-set document (§4.1, §4.2): every error, or the set and its
    /// warnings. V1 covers the JSON itself (syntax, unknown fields, types, ranges, patterns).
    ///
    /// On refusal the list holds every problem found, warnings included, so the operator
    /// sees the whole picture at once.
    pub fn load(json: &str) -> Result<Loaded, Vec<Problem>> {
        let doc: CardSetDoc = match serde_json::from_str(json) {
            Ok(doc) => doc,
            Err(e) => {
                return Err(vec![Problem::error(
                    "V1",
                    Some(format!("{}:{}", e.line(), e.column())),
                    e.to_string(),
                    FORMAT.to_string(),
                )])
            }
        };
        // serde reads `null` as an absent optional field; the schema allows no null anywhere,
        // and the identity is the hash of the document as parsed, so a null must not pass.
        let raw: serde_json::Value = serde_json::from_str(json).expect("parsed just above");
        let mut nulls = Vec::new();
        find_nulls(&raw, &mut String::new(), &mut nulls);
        match CardSet::from_doc(doc) {
            Ok(loaded) if nulls.is_empty() => Ok(loaded),
            Ok(loaded) => Err(nulls.into_iter().chain(loaded.warnings).collect()),
            Err(problems) => Err(nulls.into_iter().chain(problems).collect()),
        }
    }

    /// Validate a parsed document (what `load` does after parsing).
    pub fn from_doc(doc: CardSetDoc) -> Result<Loaded, Vec<Problem>> {
        let problems = validate(&doc);
        if problems.iter().any(|p| p.level == Level::Error) {
            return Err(problems);
        }
        let value = serde_json::to_value(&doc).expect("a card-set document serialises");
        let sha256 = {
            use sha2::{Digest, Sha256};
            hex::encode(Sha256::digest(canonical_json(&value).as_bytes()))
        };
        let partly_verified = doc.provenance == Provenance::Published && unverified(&doc) > 0;
        let cards = doc
            .army
            .iter()
            .map(|a| CardData {
                id: a.id.clone(),
                name: a.name.clone(),
                nation: Some(a.nation),
                leader: a.leader,
                cost: 0,
                weapon: a.weapon.kind,
                attack: a.weapon.value,
                defence: a.defence,
                charisma: a.charisma,
                points: a.points,
                flee: a.skills.contains(&Skill::Flee),
                secure: a.skills.contains(&Skill::Secure),
                placeholder: false,
            })
            .chain(doc.creatures.iter().map(|c| CardData {
                id: c.id.clone(),
                name: c.name.clone(),
                nation: None,
                leader: false,
                cost: c.cost,
                weapon: c.weapon.kind,
                attack: c.weapon.value,
                defence: c.defence,
                charisma: c.charisma,
                points: c.points,
                flee: c.skills.contains(&Skill::Flee),
                secure: c.skills.contains(&Skill::Secure),
                placeholder: c.placeholder == Some(true),
            }))
            .collect();
        Ok(Loaded {
            set: CardSet {
                id: doc.id.clone(),
                title: doc.title.clone(),
                provenance: doc.provenance,
                sha256,
                partly_verified,
                cards,
                doc,
            },
            warnings: problems,
        })
    }

    /// The card with this id (army, creature or `chr_01`…`chr_21`).
    pub fn card(&self, id: &str) -> Option<Card> {
        if let Some(i) = CHARISMA_IDS.iter().position(|c| *c == id) {
            return Some(Card((ARMY_CARDS + CREATURES + i) as u8));
        }
        // 79 short strings: a scan is as quick as a map and cannot go stale when a test
        // edits `cards`.
        self.cards
            .iter()
            .position(|c| c.id == id)
            .map(|i| Card(i as u8))
    }

    /// The id of a card (`chr_NN` for a charisma card).
    pub fn id(&self, card: Card) -> &str {
        match self.cards.get(card.index()) {
            Some(data) => &data.id,
            None => CHARISMA_IDS[card.index() - ARMY_CARDS - CREATURES],
        }
    }

    /// A fighting card's data; `None` for a charisma card.
    pub fn data(&self, card: Card) -> Option<&CardData> {
        self.cards.get(card.index())
    }

    /// A nation's 11 army cards in canonical order (leader first).
    pub fn army(&self, nation: Nation) -> Vec<Card> {
        self.cards
            .iter()
            .enumerate()
            .filter(|(_, c)| c.nation == Some(nation))
            .map(|(i, _)| Card(i as u8))
            .collect()
    }

    /// A nation's leader.
    pub fn leader(&self, nation: Nation) -> Card {
        self.cards
            .iter()
            .position(|c| c.nation == Some(nation) && c.leader)
            .map(|i| Card(i as u8))
            .expect("a loaded set has one leader per nation (V3)")
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
    let mut out = String::new();
    write_canonical(value, &mut out);
    out
}

fn write_canonical(value: &serde_json::Value, out: &mut String) {
    use serde_json::Value;
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => write_number(n, out),
        Value::String(s) => write_string(s, out),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_canonical(item, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            // RFC 8785 §3.2.3: keys sorted by their UTF-16 code units, whatever order the map
            // keeps (serde_json's `preserve_order` may be on in the workspace).
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_by(|a, b| a.0.encode_utf16().cmp(b.0.encode_utf16()));
            out.push('{');
            for (i, (key, item)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(key, out);
                out.push(':');
                write_canonical(item, out);
            }
            out.push('}');
        }
    }
}

/// A string as ECMAScript's `JSON.stringify` writes it (RFC 8785 §3.2.2.2).
fn write_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\u{c}' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A number as ECMAScript's `Number.prototype.toString` writes it (RFC 8785 §3.2.2.3).
fn write_number(n: &serde_json::Number, out: &mut String) {
    // Integers that are exact IEEE doubles print as themselves; anything else is the double
    // the number reads as, as every I-JSON reader would.
    const EXACT: u64 = 1 << 53;
    if let Some(u) = n.as_u64().filter(|u| *u <= EXACT) {
        out.push_str(&u.to_string());
    } else if let Some(i) = n.as_i64().filter(|i| i.unsigned_abs() <= EXACT) {
        out.push_str(&i.to_string());
    } else {
        write_double(n.as_f64().unwrap_or(f64::NAN), out);
    }
}

fn write_double(x: f64, out: &mut String) {
    if x == 0.0 {
        out.push('0');
        return;
    }
    if !x.is_finite() {
        // JSON has no such numbers; serde_json never holds one.
        out.push_str("null");
        return;
    }
    if x < 0.0 {
        out.push('-');
    }
    // Rust's `{:e}` gives the fewest digits that round-trip ("d.ddde±x"), as ECMAScript asks.
    // When two such digit strings lie equally close, ECMAScript takes the even one, and Rust's
    // shortest mode may not (1424953923781206.25 → …206.3): rounding exactly to that many
    // digits (Rust rounds exact ties to even) gives ECMAScript's choice whenever it
    // round-trips.
    let x = x.abs();
    let shortest = format!("{x:e}");
    let k = shortest
        .split_once('e')
        .map_or(0, |(m, _)| m.replace('.', "").len());
    let exact = format!("{x:.*e}", k.saturating_sub(1));
    let sci = if exact.parse::<f64>() == Ok(x) && exact.len() == shortest.len() {
        exact
    } else {
        shortest
    };
    let (mantissa, exponent) = sci.split_once('e').expect("{:e} has an exponent");
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let k = digits.len() as i32;
    let n = exponent.parse::<i32>().expect("an integer exponent") + 1;
    if k <= n && n <= 21 {
        out.push_str(&digits);
        out.extend(std::iter::repeat_n('0', (n - k) as usize));
    } else if 0 < n && n <= 21 {
        out.push_str(&digits[..n as usize]);
        out.push('.');
        out.push_str(&digits[n as usize..]);
    } else if -6 < n && n <= 0 {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', (-n) as usize));
        out.push_str(&digits);
    } else {
        out.push_str(&digits[..1]);
        if k > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        out.push('e');
        out.push(if n - 1 < 0 { '-' } else { '+' });
        out.push_str(&(n - 1).abs().to_string());
    }
}

/// The ids of the sets built into this engine, oldest first; the last is the default (§4.3).
pub const BUILTIN: &[&str] = &["reference-1"];

/// The files of the built-in sets, in the order of `BUILTIN`.
const BUILTIN_FILES: &[&str] = &[include_str!("../../../data/pergamemnon/reference-1.json")];

/// The set new games get when their options name none.
pub fn default_set_id() -> &'static str {
    BUILTIN[BUILTIN.len() - 1]
}

/// A built-in set by id (parsed once, from `core/data/pergamemnon/<id>.json`).
pub fn builtin(id: &str) -> Option<Arc<CardSet>> {
    static SETS: std::sync::OnceLock<Vec<Arc<CardSet>>> = std::sync::OnceLock::new();
    let sets = SETS.get_or_init(|| {
        BUILTIN_FILES
            .iter()
            .zip(BUILTIN)
            .map(|(text, id)| {
                let loaded = CardSet::load(text).unwrap_or_else(|problems| {
                    panic!("built-in card set {id} does not load: {problems:?}")
                });
                assert_eq!(loaded.set.id, *id, "built-in card set file and id agree");
                Arc::new(loaded.set)
            })
            .collect()
    });
    sets.iter().find(|s| s.id == id).cloned()
}

// ---------------------------------------------------------------------------------------------
// Validation (§4.2). Every check runs, so the operator sees every problem at once. `at`, `found`
// and `expected` carry data only (paths, ids, names, numbers, schema terms): the catalog
// messages `pergamemnon-cardset-<rule>` give the words.

impl Problem {
    fn new(
        rule: &'static str,
        level: Level,
        at: impl Into<String>,
        found: impl ToString,
        expected: impl ToString,
    ) -> Problem {
        Problem {
            rule,
            level,
            at: Some(at.into()),
            found: found.to_string(),
            expected: expected.to_string(),
        }
    }

    fn error(
        rule: &'static str,
        at: Option<String>,
        found: impl ToString,
        expected: impl ToString,
    ) -> Problem {
        Problem {
            rule,
            level: Level::Error,
            at,
            found: found.to_string(),
            expected: expected.to_string(),
        }
    }

    /// The catalog key that words this problem.
    pub fn message_id(&self) -> String {
        format!("pergamemnon-cardset-{}", self.rule.to_ascii_lowercase())
    }
}

/// Every rule a `Problem` can name, in the order of §4.2 and §4.5.
pub const RULES: [&str; 22] = [
    "V1", "V2", "V3", "V4", "V5", "V6", "V7", "V8", "V9", "V10", "V11", "V12", "I1", "I2", "I3",
    "I4", "I5", "I6", "I7", "I8", "I9", "I10",
];

/// One `null` anywhere in the document is a V1 problem: the schema allows none.
fn find_nulls(value: &serde_json::Value, path: &mut String, out: &mut Vec<Problem>) {
    use serde_json::Value;
    match value {
        Value::Null => {
            // Only the optional fields get past serde as null: the flags and the texts.
            let field = path.rsplit('.').next().unwrap_or_default();
            let kind = match field {
                "verified" | "placeholder" => "type boolean",
                _ => "type string",
            };
            out.push(Problem::new("V1", Level::Error, path.clone(), "null", kind))
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                find_nulls(item, path, out);
                path.truncate(len);
            }
        }
        Value::Object(map) => {
            for (key, item) in map {
                let len = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
                find_nulls(item, path, out);
                path.truncate(len);
            }
        }
        _ => {}
    }
}

fn unverified(doc: &CardSetDoc) -> usize {
    doc.army.iter().filter(|a| a.verified != Some(true)).count()
        + doc
            .creatures
            .iter()
            .filter(|c| c.verified != Some(true))
            .count()
}

/// The fields every fighting card has, army card or creature.
struct Common<'a> {
    path: String,
    id: &'a str,
    name: &'a str,
    weapon: WeaponDoc,
    defence: Defence,
    charisma: u8,
    points: u8,
    skills: &'a [Skill],
    verified: Option<bool>,
    note: Option<&'a str>,
}

fn common(doc: &CardSetDoc) -> Vec<Common<'_>> {
    let army = doc.army.iter().enumerate().map(|(i, a)| Common {
        path: format!("army[{i}]"),
        id: &a.id,
        name: &a.name,
        weapon: a.weapon,
        defence: a.defence,
        charisma: a.charisma,
        points: a.points,
        skills: &a.skills,
        verified: a.verified,
        note: a.note.as_deref(),
    });
    let creatures = doc.creatures.iter().enumerate().map(|(i, c)| Common {
        path: format!("creatures[{i}]"),
        id: &c.id,
        name: &c.name,
        weapon: c.weapon,
        defence: c.defence,
        charisma: c.charisma,
        points: c.points,
        skills: &c.skills,
        verified: c.verified,
        note: c.note.as_deref(),
    });
    army.chain(creatures).collect()
}

const SET_ID_PATTERN: &str = "pattern ^[a-z0-9][a-z0-9._-]{2,63}$";
const CARD_ID_PATTERN: &str = "pattern ^[a-z][a-z0-9_]{1,47}$";

fn set_id_ok(id: &str) -> bool {
    let mut chars = id.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        && (3..=64).contains(&id.len())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "._-".contains(c))
}

fn card_id_ok(id: &str) -> bool {
    let mut chars = id.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && (2..=48).contains(&id.len())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

fn skills_json(skills: &[Skill]) -> String {
    serde_json::to_string(skills).expect("skills serialise")
}

fn validate(doc: &CardSetDoc) -> Vec<Problem> {
    let mut p = Vec::new();
    let cards = common(doc);
    schema(doc, &cards, &mut p);
    unique_ids(&cards, &mut p);
    leaders(doc, &mut p);
    rosters(doc, &mut p);
    creature_names(doc, &mut p);
    rulebook_facts(doc, &mut p);
    soft_ranges(doc, &cards, &mut p);
    skill_warnings(doc, &cards, &mut p);
    let unverified: Vec<&Common<'_>> = cards.iter().filter(|c| c.verified != Some(true)).collect();
    if doc.provenance == Provenance::Published && !unverified.is_empty() {
        let first = format!("{}.verified", unverified[0].id);
        p.push(Problem::new(
            "V10",
            Level::Warning,
            first,
            unverified.len(),
            0,
        ));
    }
    if doc.provenance == Provenance::Reference {
        identity(doc, &mut p);
    }
    order(doc, &mut p);
    p
}

/// V1: what serde does not check of §4.1.
fn schema(doc: &CardSetDoc, cards: &[Common<'_>], p: &mut Vec<Problem>) {
    let mut v1 = |at: String, found: String, expected: &str| {
        p.push(Problem::new("V1", Level::Error, at, found, expected))
    };
    if doc.format != FORMAT {
        v1(
            "format".into(),
            doc.format.clone(),
            &format!("const {FORMAT}"),
        );
    }
    if !set_id_ok(&doc.id) {
        v1("id".into(), doc.id.clone(), SET_ID_PATTERN);
    }
    let title = doc.title.chars().count();
    if !(1..=200).contains(&title) {
        v1(
            "title".into(),
            title.to_string(),
            "minLength 1, maxLength 200",
        );
    }
    if let Some(notes) = &doc.notes {
        let n = notes.chars().count();
        if n > 4000 {
            v1("notes".into(), n.to_string(), "maxLength 4000");
        }
    }
    if doc.army.len() != ARMY_CARDS {
        v1(
            "army".into(),
            doc.army.len().to_string(),
            "minItems 55, maxItems 55",
        );
    }
    if doc.creatures.len() != CREATURES {
        v1(
            "creatures".into(),
            doc.creatures.len().to_string(),
            "minItems 24, maxItems 24",
        );
    }
    for c in cards {
        if !card_id_ok(c.id) {
            v1(format!("{}.id", c.path), c.id.to_string(), CARD_ID_PATTERN);
        }
        let name = c.name.chars().count();
        if !(1..=40).contains(&name) {
            v1(
                format!("{}.name", c.path),
                name.to_string(),
                "minLength 1, maxLength 40",
            );
        }
        if !(1..=20).contains(&c.weapon.value) {
            v1(
                format!("{}.weapon.value", c.path),
                c.weapon.value.to_string(),
                "minimum 1, maximum 20",
            );
        }
        for (field, value) in [
            ("defence.helmet", c.defence.helmet),
            ("defence.armour", c.defence.armour),
            ("defence.shield", c.defence.shield),
            ("charisma", c.charisma),
            ("points", c.points),
        ] {
            if value > 20 {
                v1(
                    format!("{}.{field}", c.path),
                    value.to_string(),
                    "minimum 0, maximum 20",
                );
            }
        }
        let mut unique = c.skills.to_vec();
        unique.sort();
        unique.dedup();
        if unique.len() != c.skills.len() || c.skills.len() > 2 {
            v1(
                format!("{}.skills", c.path),
                skills_json(c.skills),
                "uniqueItems, maxItems 2",
            );
        }
        if let Some(note) = c.note {
            let n = note.chars().count();
            if n > 400 {
                v1(format!("{}.note", c.path), n.to_string(), "maxLength 400");
            }
        }
    }
    for (i, c) in doc.creatures.iter().enumerate() {
        if !(1..=20).contains(&c.cost) {
            v1(
                format!("creatures[{i}].cost"),
                c.cost.to_string(),
                "minimum 1, maximum 20",
            );
        }
    }
}

/// "name ×2, other ×1": a multiset, in first-seen order.
fn tally<'a>(items: impl IntoIterator<Item = &'a str>) -> Vec<(&'a str, usize)> {
    let mut out: Vec<(&str, usize)> = Vec::new();
    for item in items {
        match out.iter_mut().find(|(name, _)| *name == item) {
            Some((_, n)) => *n += 1,
            None => out.push((item, 1)),
        }
    }
    out
}

fn show_tally(items: &[(&str, usize)]) -> String {
    if items.is_empty() {
        return "—".into();
    }
    items
        .iter()
        .map(|(name, n)| format!("{name} ×{n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// V2: card ids unique, none in the charisma cards' `chr_` space.
fn unique_ids(cards: &[Common<'_>], p: &mut Vec<Problem>) {
    for c in cards.iter().filter(|c| c.id.starts_with("chr_")) {
        p.push(Problem::new(
            "V2",
            Level::Error,
            format!("{}.id", c.path),
            c.id,
            "pattern ^(?!chr_)[a-z][a-z0-9_]{1,47}$",
        ));
    }
    for (id, n) in tally(cards.iter().map(|c| c.id)) {
        if n > 1 {
            let at: Vec<String> = cards
                .iter()
                .filter(|c| c.id == id)
                .map(|c| format!("{}.id", c.path))
                .collect();
            p.push(Problem::new(
                "V2",
                Level::Error,
                at.join(", "),
                format!("{id} ×{n}"),
                format!("{id} ×1"),
            ));
        }
    }
}

/// V3: 11 army cards and one rightly named leader per nation.
fn leaders(doc: &CardSetDoc, p: &mut Vec<Problem>) {
    for nation in Nation::ALL {
        let cards: Vec<&ArmyDoc> = doc.army.iter().filter(|a| a.nation == nation).collect();
        if cards.len() != 11 {
            p.push(Problem::new(
                "V3",
                Level::Error,
                format!("army[nation={nation}]"),
                cards.len(),
                11,
            ));
        }
        let leaders: Vec<&&ArmyDoc> = cards.iter().filter(|a| a.leader).collect();
        if leaders.len() != 1 {
            p.push(Problem::new(
                "V3",
                Level::Error,
                format!("army[nation={nation},leader=true]"),
                leaders.len(),
                1,
            ));
        }
        for leader in leaders {
            if leader.name != nation.leader_name() {
                p.push(Problem::new(
                    "V3",
                    Level::Error,
                    format!("{}.name", leader.id),
                    &leader.name,
                    nation.leader_name(),
                ));
            }
        }
    }
}

/// V4: each nation's troops are its roster of §3.2.
fn rosters(doc: &CardSetDoc, p: &mut Vec<Problem>) {
    for nation in Nation::ALL {
        let found = tally(
            doc.army
                .iter()
                .filter(|a| a.nation == nation && !a.leader)
                .map(|a| a.name.as_str()),
        );
        let count = |list: &[(&str, usize)], name: &str| {
            list.iter().find(|(n, _)| *n == name).map_or(0, |(_, k)| *k)
        };
        let roster: Vec<(&str, usize)> = nation
            .roster()
            .iter()
            .map(|(name, n)| (*name, *n as usize))
            .collect();
        let surplus: Vec<(&str, usize)> = found
            .iter()
            .filter_map(|(name, n)| {
                let extra = n.saturating_sub(count(&roster, name));
                (extra > 0).then_some((*name, extra))
            })
            .collect();
        let missing: Vec<(&str, usize)> = roster
            .iter()
            .filter_map(|(name, n)| {
                let lack = n.saturating_sub(count(&found, name));
                (lack > 0).then_some((*name, lack))
            })
            .collect();
        if !surplus.is_empty() || !missing.is_empty() {
            p.push(Problem::new(
                "V4",
                Level::Error,
                format!("army[nation={nation},leader=false]"),
                show_tally(&surplus),
                show_tally(&missing),
            ));
        }
    }
}

/// The creature names the rulebook shows (K14), required of published and reference sets.
const PRINTED_CREATURES: [&str; 6] = [
    "Orthos", "Dryad", "Centaur", "Minotaur", "Cyclops", "Sphinx",
];

/// V5: creature names unique; the six printed ones present.
fn creature_names(doc: &CardSetDoc, p: &mut Vec<Problem>) {
    for (name, n) in tally(doc.creatures.iter().map(|c| c.name.as_str())) {
        if n > 1 {
            let at: Vec<String> = doc
                .creatures
                .iter()
                .filter(|c| c.name == name)
                .map(|c| format!("{}.name", c.id))
                .collect();
            p.push(Problem::new(
                "V5",
                Level::Error,
                at.join(", "),
                format!("{name} ×{n}"),
                format!("{name} ×1"),
            ));
        }
    }
    if doc.provenance != Provenance::Custom {
        for name in PRINTED_CREATURES {
            if !doc.creatures.iter().any(|c| c.name == name) {
                p.push(Problem::new(
                    "V5",
                    Level::Error,
                    "creatures",
                    format!("{name} ×0"),
                    format!("{name} ×1"),
                ));
            }
        }
    }
}

/// V6: K1 and K2, errors unless the set is `custom`.
fn rulebook_facts(doc: &CardSetDoc, p: &mut Vec<Problem>) {
    let level = if doc.provenance == Provenance::Custom {
        Level::Warning
    } else {
        Level::Error
    };
    for a in doc.army.iter().filter(|a| a.name == "Agamemnon") {
        if a.charisma != 5 {
            p.push(Problem::new(
                "V6",
                level,
                format!("{}.charisma", a.id),
                a.charisma,
                5,
            ));
        }
    }
    for c in doc.creatures.iter().filter(|c| c.name == "Centaur") {
        if c.cost != 6 {
            p.push(Problem::new(
                "V6",
                level,
                format!("{}.cost", c.id),
                c.cost,
                6,
            ));
        }
    }
}

/// V7: soft ranges.
fn soft_ranges(doc: &CardSetDoc, cards: &[Common<'_>], p: &mut Vec<Problem>) {
    for a in &doc.army {
        if a.weapon.value > 12 {
            p.push(Problem::new(
                "V7",
                Level::Warning,
                format!("{}.weapon.value", a.id),
                a.weapon.value,
                "1–12",
            ));
        }
        for (field, value) in [
            ("helmet", a.defence.helmet),
            ("armour", a.defence.armour),
            ("shield", a.defence.shield),
        ] {
            if value > 12 {
                p.push(Problem::new(
                    "V7",
                    Level::Warning,
                    format!("{}.defence.{field}", a.id),
                    value,
                    "0–12",
                ));
            }
        }
    }
    for c in &doc.creatures {
        if !(2..=12).contains(&c.cost) {
            p.push(Problem::new(
                "V7",
                Level::Warning,
                format!("{}.cost", c.id),
                c.cost,
                "2–12",
            ));
        }
    }
    for c in cards {
        if c.points > 10 {
            p.push(Problem::new(
                "V7",
                Level::Warning,
                format!("{}.points", c.id),
                c.points,
                "0–10",
            ));
        }
    }
}

/// V8 (both skills) and V9 (a leader that flees).
fn skill_warnings(doc: &CardSetDoc, cards: &[Common<'_>], p: &mut Vec<Problem>) {
    for c in cards {
        if c.skills.contains(&Skill::Flee) && c.skills.contains(&Skill::Secure) {
            p.push(Problem::new(
                "V8",
                Level::Warning,
                format!("{}.skills", c.id),
                skills_json(c.skills),
                r#"["flee"] | ["secure"]"#,
            ));
        }
    }
    for a in doc
        .army
        .iter()
        .filter(|a| a.leader && a.skills.contains(&Skill::Flee))
    {
        let without: Vec<Skill> = a
            .skills
            .iter()
            .copied()
            .filter(|s| *s != Skill::Flee)
            .collect();
        p.push(Problem::new(
            "V9",
            Level::Warning,
            format!("{}.skills", a.id),
            skills_json(&a.skills),
            skills_json(&without),
        ));
    }
}

/// V12: the army in nation order, each nation's leader first. The first card out of place is
/// reported, with the card that belongs there. The creature list's order is the file's own
/// (§4.1 fixes none), so it cannot be out of order.
fn order(doc: &CardSetDoc, p: &mut Vec<Problem>) {
    let mut canonical: Vec<usize> = (0..doc.army.len()).collect();
    canonical.sort_by_key(|&i| (doc.army[i].nation, !doc.army[i].leader));
    if let Some(i) = canonical.iter().enumerate().position(|(at, &i)| at != i) {
        p.push(Problem::new(
            "V12",
            Level::Error,
            format!("army[{i}]"),
            &doc.army[i].id,
            &doc.army[canonical[i]].id,
        ));
    }
}

/// A mean over some cards, compared exactly (cross-multiplied), shown to 2 decimals.
#[derive(Clone, Copy)]
struct Mean {
    sum: u64,
    n: u64,
}

impl Mean {
    fn of(values: impl Iterator<Item = u8>) -> Option<Mean> {
        let (sum, n) = values.fold((0u64, 0u64), |(s, n), v| (s + v as u64, n + 1));
        (n > 0).then_some(Mean { sum, n })
    }
    fn cmp(self, other: Mean) -> std::cmp::Ordering {
        (self.sum * other.n).cmp(&(other.sum * self.n))
    }
}

impl fmt::Display for Mean {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.2}", self.sum as f64 / self.n as f64)
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Attr {
    Weapon,
    Helmet,
    Armour,
    Shield,
    Charisma,
}

impl Attr {
    fn of(self, a: &ArmyDoc) -> u8 {
        match self {
            Attr::Weapon => a.weapon.value,
            Attr::Helmet => a.defence.helmet,
            Attr::Armour => a.defence.armour,
            Attr::Shield => a.defence.shield,
            Attr::Charisma => a.charisma,
        }
    }
    fn path(self) -> &'static str {
        match self {
            Attr::Weapon => "weapon.value",
            Attr::Helmet => "defence.helmet",
            Attr::Armour => "defence.armour",
            Attr::Shield => "defence.shield",
            Attr::Charisma => "charisma",
        }
    }
}

/// V11: the identity constraints I1–I10 of §4.5, for `reference` sets. "Lowest" and "highest"
/// allow ties (as I1's "no nation has a higher" does); I9's "below" is strict.
fn identity(doc: &CardSetDoc, p: &mut Vec<Problem>) {
    let mean = |nation: Option<Nation>, attr: Attr| {
        Mean::of(
            doc.army
                .iter()
                .filter(|a| nation.is_none_or(|n| a.nation == n))
                .map(|a| attr.of(a)),
        )
    };
    let label = |nation: Option<Nation>, attr: Attr| match nation {
        Some(n) => format!("army[nation={n}].{}", attr.path()),
        None => format!("army.{}", attr.path()),
    };
    // `rule`: the mean of (x, attr) must stand in `allowed` to the mean of (y, attr_y).
    let compare = |p: &mut Vec<Problem>,
                   rule: &'static str,
                   x: Option<Nation>,
                   ax: Attr,
                   y: Option<Nation>,
                   ay: Attr,
                   allowed: &[std::cmp::Ordering],
                   sign: &str| {
        if let (Some(mx), Some(my)) = (mean(x, ax), mean(y, ay)) {
            if !allowed.contains(&mx.cmp(my)) {
                p.push(Problem::new(
                    rule,
                    Level::Error,
                    label(x, ax),
                    mx,
                    format!("{sign} {my} ({})", label(y, ay)),
                ));
            }
        }
    };
    use std::cmp::Ordering::{Equal, Greater, Less};
    const AT_MOST: &[std::cmp::Ordering] = &[Less, Equal];
    const AT_LEAST: &[std::cmp::Ordering] = &[Greater, Equal];
    let (rom, egy, hel, car, per) = (
        Some(Nation::Romans),
        Some(Nation::Egyptians),
        Some(Nation::Hellenes),
        Some(Nation::Carthaginians),
        Some(Nation::Persians),
    );
    let others = |n: Option<Nation>| Nation::ALL.into_iter().map(Some).filter(move |x| *x != n);
    // I1
    for x in others(per) {
        compare(p, "I1", x, Attr::Weapon, per, Attr::Weapon, AT_MOST, "≤");
    }
    // I2
    for d in [Attr::Armour, Attr::Shield] {
        compare(p, "I2", per, Attr::Helmet, per, d, AT_MOST, "≤");
    }
    for x in others(per) {
        compare(p, "I2", per, Attr::Helmet, x, Attr::Helmet, AT_MOST, "≤");
    }
    // I3
    for x in others(egy) {
        compare(p, "I3", egy, Attr::Weapon, x, Attr::Weapon, AT_MOST, "≤");
    }
    // I4
    for d in [Attr::Helmet, Attr::Shield] {
        compare(p, "I4", egy, Attr::Armour, egy, d, AT_MOST, "≤");
    }
    for d in [Attr::Helmet, Attr::Shield] {
        compare(p, "I4", egy, d, None, d, AT_LEAST, "≥");
    }
    // I5
    if let Some(nefertiti) = doc.army.iter().find(|a| a.name == "Nefertiti") {
        for a in doc.army.iter().filter(|a| a.charisma > nefertiti.charisma) {
            p.push(Problem::new(
                "I5",
                Level::Error,
                format!("{}.charisma", a.id),
                a.charisma,
                format!("≤ {} ({}.charisma)", nefertiti.charisma, nefertiti.id),
            ));
        }
    }
    // I6
    for d in [Attr::Helmet, Attr::Shield] {
        compare(p, "I6", hel, Attr::Armour, hel, d, AT_MOST, "≤");
    }
    for x in others(hel) {
        compare(
            p,
            "I6",
            hel,
            Attr::Charisma,
            x,
            Attr::Charisma,
            AT_MOST,
            "≤",
        );
    }
    // I7
    let hellenes = || doc.army.iter().filter(|a| a.nation == Nation::Hellenes);
    if let Some(hercules) = hellenes().find(|a| a.name == "Hercules") {
        for a in hellenes().filter(|a| a.weapon.value > hercules.weapon.value) {
            p.push(Problem::new(
                "I7",
                Level::Error,
                format!("{}.weapon.value", a.id),
                a.weapon.value,
                format!("≤ {} ({}.weapon.value)", hercules.weapon.value, hercules.id),
            ));
        }
    }
    // I8
    for d in [Attr::Helmet, Attr::Armour] {
        compare(p, "I8", car, Attr::Shield, car, d, AT_MOST, "≤");
    }
    // I9
    compare(p, "I9", rom, Attr::Weapon, None, Attr::Weapon, &[Less], "<");
    // I10
    pins(doc, p);
}

/// I10: the rulebook's numbers pinned in C2 of §4.5, found by nation and name.
fn pins(doc: &CardSetDoc, p: &mut Vec<Problem>) {
    let mut pin = |id: &str, field: &str, found: String, expected: String| {
        if found != expected {
            p.push(Problem::new(
                "I10",
                Level::Error,
                format!("{id}.{field}"),
                found,
                expected,
            ));
        }
    };
    let weapon = |w: WeaponDoc| format!("{} {}", w.kind, w.value);
    let army = |nation: Nation, name: &'static str| {
        doc.army
            .iter()
            .filter(move |a| a.nation == nation && a.name == name)
    };
    for a in army(Nation::Hellenes, "Agamemnon") {
        pin(&a.id, "charisma", a.charisma.to_string(), "5".into());
    }
    for (nation, name, w, shield) in [
        (Nation::Romans, "Spearman", (Weapon::Spear, 5), 6),
        (Nation::Persians, "Spearman", (Weapon::Spear, 5), 3),
        (Nation::Persians, "Xerxes", (Weapon::Sword, 9), 4),
    ] {
        for a in army(nation, name) {
            let expected = WeaponDoc {
                kind: w.0,
                value: w.1,
            };
            pin(&a.id, "weapon", weapon(a.weapon), weapon(expected));
            pin(
                &a.id,
                "defence.shield",
                a.defence.shield.to_string(),
                shield.to_string(),
            );
        }
    }
    for a in army(Nation::Egyptians, "Guard") {
        pin(
            &a.id,
            "defence.armour",
            a.defence.armour.to_string(),
            "3".into(),
        );
    }
    for c in doc.creatures.iter().filter(|c| c.name == "Sphinx") {
        let expected = WeaponDoc {
            kind: Weapon::Bow,
            value: 5,
        };
        pin(&c.id, "weapon", weapon(c.weapon), weapon(expected));
        pin(
            &c.id,
            "defence.helmet",
            c.defence.helmet.to_string(),
            "7".into(),
        );
        pin(
            &c.id,
            "defence.armour",
            c.defence.armour.to_string(),
            "5".into(),
        );
        pin(
            &c.id,
            "defence.shield",
            c.defence.shield.to_string(),
            "6".into(),
        );
    }
    for c in doc.creatures.iter().filter(|c| c.name == "Centaur") {
        pin(&c.id, "cost", c.cost.to_string(), "6".into());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    const REFERENCE_1: &str = include_str!("../../../data/pergamemnon/reference-1.json");

    fn reference() -> Arc<CardSet> {
        builtin("reference-1").expect("reference-1 is built in")
    }

    #[test]
    fn reference_1_loads_with_no_problem_at_all() {
        let loaded = CardSet::load(REFERENCE_1).unwrap_or_else(|p| panic!("{p:#?}"));
        assert_eq!(loaded.warnings, vec![]);
        let set = loaded.set;
        assert_eq!(set.id, "reference-1");
        assert_eq!(set.provenance, Provenance::Reference);
        assert_eq!(
            set.title,
            "Pergamemnon — reference card set 1 (not the published values)"
        );
        assert!(!set.partly_verified);
        assert_eq!(set.cards.len(), ARMY_CARDS + CREATURES);
        assert_eq!(default_set_id(), "reference-1");
        assert_eq!(*reference(), set);
        assert!(builtin("reference-0").is_none());
    }

    #[test]
    fn the_document_round_trips_through_the_struct_exactly() {
        let raw: Value = serde_json::from_str(REFERENCE_1).unwrap();
        let doc: CardSetDoc = serde_json::from_str(REFERENCE_1).unwrap();
        let back = serde_json::to_value(&doc).unwrap();
        assert_eq!(canonical_json(&raw), canonical_json(&back));
    }

    /// The identity of reference-1 (§4.3). Stored games name their set by this hash: if it
    /// changes, they stop replaying. A new set is a new file with a new id, never an edit.
    const REFERENCE_1_SHA256: &str =
        "862a8b7740e584489291d3453e662129b047d6c138723e54ed19c4459f568431";

    #[test]
    fn reference_1_has_its_pinned_identity() {
        assert_eq!(reference().sha256, REFERENCE_1_SHA256);
    }

    fn card(set: &CardSet, id: &str) -> CardData {
        set.data(set.card(id).expect(id)).expect(id).clone()
    }

    fn named(set: &CardSet, nation: Option<Nation>, name: &str) -> Vec<CardData> {
        let found: Vec<CardData> = set
            .cards
            .iter()
            .filter(|c| c.nation == nation && c.name == name)
            .cloned()
            .collect();
        assert!(!found.is_empty(), "{name} of {nation:?}");
        found
    }

    #[test]
    fn card_indices_follow_the_file_then_the_charisma_cards() {
        let set = reference();
        assert_eq!(set.card("rom_caesar"), Some(Card(0)));
        assert_eq!(set.card("rom_bowman_2"), Some(Card(10)));
        assert_eq!(set.card("egy_nefertiti"), Some(Card(11)));
        assert_eq!(set.card("per_bowman_3"), Some(Card(54)));
        assert_eq!(set.card("cr_dryad"), Some(Card(55)));
        assert_eq!(set.card("cr_typhon"), Some(Card(78)));
        assert_eq!(set.card("chr_01"), Some(Card(79)));
        assert_eq!(set.card("chr_21"), Some(Card(99)));
        assert_eq!(Card::charisma(7), Card(85));
        for id in ["chr_00", "chr_22", "chr_1", "cr_nobody", ""] {
            assert_eq!(set.card(id), None, "{id}");
        }
        for i in 0..ALL_CARDS as u8 {
            assert_eq!(set.card(set.id(Card(i))), Some(Card(i)));
        }
        assert_eq!(set.id(Card(85)), "chr_07");
        assert!(set.data(Card(79)).is_none());
        assert_eq!((set.charisma(Card(79)), set.points(Card(79))), (1, 0));
        assert_eq!((set.charisma(Card(11)), set.points(Card(11))), (7, 3));
        let mut all = Vec::new();
        for nation in Nation::ALL {
            let army = set.army(nation);
            assert_eq!(army.len(), 11);
            assert_eq!(army[0], set.leader(nation));
            assert_eq!(set.data(army[0]).unwrap().name, nation.leader_name());
            assert!(army.iter().all(|c| set.id(*c).starts_with(nation.prefix())));
            all.extend(army);
        }
        assert_eq!(all, (0..55).map(Card).collect::<Vec<_>>());
        assert_eq!(set.creatures(), (55..79).map(Card).collect::<Vec<_>>());
        assert!(set.creatures().iter().all(|c| c.is_creature()));
        assert!(set.cards[55..]
            .iter()
            .all(|c| c.nation.is_none() && !c.leader));
        assert!(set.cards[..55].iter().all(|c| c.cost == 0));
    }

    #[test]
    fn reference_1_keeps_every_rulebook_fact() {
        let set = reference();
        // K1, K2, C7: Agamemnon and one charisma card pay for the Centaur.
        let agamemnon = card(&set, "hel_agamemnon");
        assert_eq!(
            (agamemnon.name.as_str(), agamemnon.leader),
            ("Agamemnon", true)
        );
        assert_eq!(agamemnon.charisma, 5);
        let centaur = card(&set, "cr_centaur");
        assert_eq!(centaur.cost, 6);
        assert_eq!(agamemnon.charisma + 1, centaur.cost);
        // K5: the Sphinx.
        let sphinx = card(&set, "cr_sphinx");
        assert_eq!((sphinx.weapon, sphinx.attack), (Weapon::Bow, 5));
        assert_eq!(
            sphinx.defence,
            Defence {
                helmet: 7,
                armour: 5,
                shield: 6
            }
        );
        // K6, K3: example 1's attacker (the Roman Spearman) against the Sphinx.
        for spearman in named(&set, Some(Nation::Romans), "Spearman") {
            assert_eq!((spearman.weapon, spearman.attack), (Weapon::Spear, 5));
            assert_eq!(
                spearman.defence,
                Defence {
                    helmet: 3,
                    armour: 1,
                    shield: 6
                }
            );
        }
        // K4: example 2's cards.
        for spearman in named(&set, Some(Nation::Persians), "Spearman") {
            assert_eq!((spearman.weapon, spearman.attack), (Weapon::Spear, 5));
            assert_eq!(spearman.defence.shield, 3);
        }
        assert_eq!(
            named(&set, Some(Nation::Egyptians), "Guard")[0]
                .defence
                .armour,
            3
        );
        // K7: Xerxes.
        let xerxes = card(&set, "per_xerxes");
        assert_eq!(
            (xerxes.weapon, xerxes.attack, xerxes.defence.shield),
            (Weapon::Sword, 9, 4)
        );
        assert!(xerxes.leader);
        // K14: the printed names.
        for name in PRINTED_CREATURES {
            let c = &named(&set, None, name)[0];
            assert!(!c.placeholder, "{name}");
        }
        assert_eq!(set.cards.iter().filter(|c| c.placeholder).count(), 18);
        for name in ["Centurion", "Spearman", "Bowman"] {
            named(&set, Some(Nation::Romans), name);
        }
        named(&set, Some(Nation::Carthaginians), "Elite");
        for nation in [Nation::Egyptians, Nation::Hellenes, Nation::Persians] {
            named(&set, Some(nation), "Guard");
            named(&set, Some(nation), "Chariot");
        }
        // K10, R9: every card has one weapon of value at least 1.
        assert!(set.cards.iter().all(|c| c.attack >= 1));
        // K11: not every army card scores.
        assert!(set.cards[..55].iter().any(|c| c.points == 0));
        // K12, K13, C5: who flees, who secures.
        let skilled = |flee: bool| -> Vec<&str> {
            set.cards
                .iter()
                .filter(|c| if flee { c.flee } else { c.secure })
                .map(|c| c.id.as_str())
                .collect()
        };
        assert_eq!(
            skilled(true),
            [
                "egy_chariot_1",
                "egy_chariot_2",
                "egy_camel_rider",
                "car_horseman",
                "cr_dryad",
                "cr_satyr",
                "cr_harpy",
                "cr_pegasus",
                "cr_griffin"
            ]
        );
        assert_eq!(
            skilled(false),
            [
                "egy_mummy_1",
                "egy_mummy_2",
                "egy_mummy_3",
                "hel_hercules",
                "cr_triton",
                "cr_medusa",
                "cr_nemean_lion",
                "cr_phoenix",
                "cr_talos"
            ]
        );
        // C4: ranges; C5: no leader has a skill.
        let mut outside = Vec::new();
        for c in &set.cards[..55] {
            let defences = [c.defence.helmet, c.defence.armour, c.defence.shield];
            let (weapon, charisma, points) = if c.leader {
                (6..=9, 4..=7, 2..=3)
            } else {
                (4..=7, 0..=2, 0..=2)
            };
            if !weapon.contains(&c.attack) {
                outside.push(format!("{}.weapon.value", c.id));
            }
            if !charisma.contains(&c.charisma) || !points.contains(&c.points) {
                outside.push(c.id.clone());
            }
            if !c.leader && !defences.iter().all(|d| (1..=6).contains(d)) {
                outside.push(c.id.clone());
            }
            assert!(!c.leader || !(c.flee || c.secure), "{}", c.id);
        }
        for c in &set.cards[55..] {
            let defences = [c.defence.helmet, c.defence.armour, c.defence.shield];
            if !((3..=10).contains(&c.cost)
                && (4..=11).contains(&c.attack)
                && defences.iter().all(|d| (2..=8).contains(d))
                && (1..=3).contains(&c.charisma)
                && (1..=5).contains(&c.points))
            {
                outside.push(c.id.clone());
            }
        }
        // The exceptions are the table's own: Nefertiti's bow 5 is below the leaders' 6–9
        // (K15: the Egyptians' attack is weak), and Hercules' sword 8, set "for theme" (§4.4),
        // is above the troops' 4–7.
        assert_eq!(
            outside,
            ["egy_nefertiti.weapon.value", "hel_hercules.weapon.value"]
        );
        // §4.4: all copies of one troop type are identical.
        for a in &set.cards[..55] {
            for b in set.cards[..55]
                .iter()
                .filter(|b| b.nation == a.nation && b.name == a.name)
            {
                let strip = |c: &CardData| CardData {
                    id: String::new(),
                    ..c.clone()
                };
                assert_eq!(strip(a), strip(b));
            }
        }
    }

    #[test]
    fn reference_1_has_the_nation_means_printed_under_its_table() {
        let set = reference();
        let means = |f: fn(&CardData) -> u8| -> Vec<String> {
            Nation::ALL
                .iter()
                .map(|n| {
                    let cards = set.army(*n);
                    let sum: u32 = cards.iter().map(|c| f(set.data(*c).unwrap()) as u32).sum();
                    format!("{:.2}", sum as f64 / cards.len() as f64)
                })
                .collect()
        };
        assert_eq!(
            means(|c| c.attack),
            ["5.27", "4.36", "5.82", "6.00", "6.00"]
        );
        assert_eq!(
            means(|c| c.defence.helmet),
            ["2.91", "4.45", "3.09", "3.55", "1.36"]
        );
        assert_eq!(
            means(|c| c.defence.armour),
            ["2.64", "2.09", "1.73", "3.73", "2.64"]
        );
        assert_eq!(
            means(|c| c.defence.shield),
            ["4.18", "4.73", "3.27", "1.64", "2.82"]
        );
        assert_eq!(
            means(|c| c.charisma),
            ["1.27", "1.55", "0.73", "1.27", "1.00"]
        );
        let points: Vec<u32> = Nation::ALL
            .iter()
            .map(|n| set.army(*n).iter().map(|c| set.points(*c) as u32).sum())
            .collect();
        assert_eq!(points, [7, 7, 6, 7, 7]);
    }

    #[test]
    fn reference_1_creatures_cost_158_and_five_flee_five_secure() {
        let set = reference();
        let creatures: Vec<&CardData> = set
            .creatures()
            .iter()
            .map(|c| set.data(*c).unwrap())
            .collect();
        assert_eq!(creatures.len(), 24);
        assert_eq!(creatures.iter().map(|c| c.cost as u32).sum::<u32>(), 158);
        assert_eq!(creatures.iter().filter(|c| c.flee).count(), 5);
        assert_eq!(creatures.iter().filter(|c| c.secure).count(), 5);
        assert!(creatures.iter().all(|c| !(c.flee && c.secure)));
        // The table runs from cheap to dear.
        assert!(creatures.windows(2).all(|w| w[0].cost <= w[1].cost));
    }

    // -----------------------------------------------------------------------------------------
    // Validation: each mutation of reference-1 breaks one rule and gives exactly its problem.

    fn reference_value() -> Value {
        serde_json::from_str(REFERENCE_1).unwrap()
    }

    /// The card with this id in a document value.
    fn at<'a>(doc: &'a mut Value, id: &str) -> &'a mut Value {
        let list = ["army", "creatures"]
            .into_iter()
            .find(|list| doc[list].as_array().unwrap().iter().any(|c| c["id"] == id))
            .unwrap_or_else(|| panic!("no card {id}"));
        let cards = doc[list].as_array_mut().unwrap();
        cards.iter_mut().find(|c| c["id"] == id).unwrap()
    }

    /// Every problem of the mutated reference document: the refusal, or the warnings.
    fn problems(mutate: impl FnOnce(&mut Value)) -> Vec<Problem> {
        let mut doc = reference_value();
        mutate(&mut doc);
        match CardSet::load(&doc.to_string()) {
            Ok(loaded) => loaded.warnings,
            Err(problems) => problems,
        }
    }

    fn problem(rule: &'static str, level: Level, at: &str, found: &str, expected: &str) -> Problem {
        Problem {
            rule,
            level,
            at: Some(at.into()),
            found: found.into(),
            expected: expected.into(),
        }
    }

    /// One rule broken, one problem found: this one.
    fn only(rule: &'static str, level: Level, at: &str, found: &str, expected: &str) -> Problem {
        problem(rule, level, at, found, expected)
    }

    fn loads(mutate: impl FnOnce(&mut Value)) -> Loaded {
        let mut doc = reference_value();
        mutate(&mut doc);
        CardSet::load(&doc.to_string()).unwrap_or_else(|p| panic!("{p:#?}"))
    }

    fn set_all(doc: &mut Value, ids: &[&str], pointer: &str, value: Value) {
        for id in ids {
            *at(doc, id).pointer_mut(pointer).unwrap() = value.clone();
        }
    }

    fn add(doc: &mut Value, ids: &[&str], pointer: &str, delta: i64) {
        for id in ids {
            let value = at(doc, id).pointer_mut(pointer).unwrap();
            *value = json!(value.as_i64().unwrap() + delta);
        }
    }

    const ERROR: Level = Level::Error;
    const WARNING: Level = Level::Warning;

    #[test]
    fn v2_card_ids_are_unique_and_leave_chr_to_the_charisma_cards() {
        let found = problems(|d| at(d, "rom_spearman_2")["id"] = json!("rom_spearman_1"));
        let expected = "rom_spearman_1 ×1";
        let place = "army[3].id, army[4].id";
        assert_eq!(
            found,
            [only("V2", ERROR, place, "rom_spearman_1 ×2", expected)]
        );
        let found = problems(|d| at(d, "cr_satyr")["id"] = json!("chr_satyr"));
        let pattern = "pattern ^(?!chr_)[a-z][a-z0-9_]{1,47}$";
        assert_eq!(
            found,
            [only("V2", ERROR, "creatures[1].id", "chr_satyr", pattern)]
        );
    }

    #[test]
    fn v3_each_nation_has_eleven_cards_and_its_named_leader() {
        let found = problems(|d| at(d, "rom_caesar")["name"] = json!("Julius"));
        assert_eq!(
            found,
            [only("V3", ERROR, "rom_caesar.name", "Julius", "Caesar")]
        );
        // A Roman card moved to Egypt: both counts are wrong (and the rosters and the order).
        let found = problems(|d| at(d, "rom_bowman_2")["nation"] = json!("egyptians"));
        assert!(found.contains(&problem("V3", ERROR, "army[nation=romans]", "10", "11")));
        assert!(found.contains(&problem("V3", ERROR, "army[nation=egyptians]", "12", "11")));
        // Two Persian leaders.
        let found = problems(|d| at(d, "per_guard")["leader"] = json!(true));
        let at_ = "army[nation=persians,leader=true]";
        assert!(found.contains(&problem("V3", ERROR, at_, "2", "1")));
        assert!(found.contains(&problem("V3", ERROR, "per_guard.name", "Guard", "Xerxes")));
    }

    #[test]
    fn v4_each_nation_has_its_roster() {
        let found = problems(|d| at(d, "rom_horseman_1")["name"] = json!("Knight"));
        let at_ = "army[nation=romans,leader=false]";
        assert_eq!(found, [only("V4", ERROR, at_, "Knight ×1", "Horseman ×1")]);
    }

    #[test]
    fn v5_creature_names_are_unique_and_include_the_six_printed_ones() {
        let found = problems(|d| at(d, "cr_satyr")["name"] = json!("Dryad"));
        let at_ = "cr_dryad.name, cr_satyr.name";
        assert_eq!(found, [only("V5", ERROR, at_, "Dryad ×2", "Dryad ×1")]);
        let found = problems(|d| at(d, "cr_orthos")["name"] = json!("Orthrus"));
        assert_eq!(
            found,
            [only("V5", ERROR, "creatures", "Orthos ×0", "Orthos ×1")]
        );
        // A custom set may call its creatures anything.
        let loaded = loads(|d| {
            d["provenance"] = json!("custom");
            at(d, "cr_orthos")["name"] = json!("Orthrus");
        });
        assert_eq!(loaded.warnings, []);
    }

    /// Every card marked checked against a physical deck.
    fn verify_all(d: &mut Value) {
        for list in ["army", "creatures"] {
            for c in d[list].as_array_mut().unwrap() {
                c["verified"] = json!(true);
            }
        }
    }

    #[test]
    fn v6_the_rulebook_numbers_are_errors_unless_the_set_is_custom() {
        let agamemnon = |d: &mut Value| at(d, "hel_agamemnon")["charisma"] = json!(4);
        let centaur = |d: &mut Value| at(d, "cr_centaur")["cost"] = json!(7);
        let found = problems(|d| {
            d["provenance"] = json!("published");
            verify_all(d);
            agamemnon(d);
        });
        assert_eq!(
            found,
            [only("V6", ERROR, "hel_agamemnon.charisma", "4", "5")]
        );
        let loaded = loads(|d| {
            d["provenance"] = json!("custom");
            centaur(d);
        });
        assert_eq!(
            loaded.warnings,
            [only("V6", WARNING, "cr_centaur.cost", "7", "6")]
        );
        // In a reference set the same numbers are pinned by I10 as well.
        let found = problems(centaur);
        assert_eq!(
            found,
            [
                problem("V6", ERROR, "cr_centaur.cost", "7", "6"),
                problem("I10", ERROR, "cr_centaur.cost", "7", "6")
            ]
        );
    }

    #[test]
    fn v7_soft_ranges_warn() {
        let loaded = loads(|d| at(d, "cr_cyclops")["cost"] = json!(13));
        assert_eq!(
            loaded.warnings,
            [only("V7", WARNING, "cr_cyclops.cost", "13", "2–12")]
        );
        let loaded = loads(|d| at(d, "cr_dryad")["cost"] = json!(1));
        assert_eq!(
            loaded.warnings,
            [only("V7", WARNING, "cr_dryad.cost", "1", "2–12")]
        );
        let loaded = loads(|d| at(d, "cr_typhon")["points"] = json!(11));
        assert_eq!(
            loaded.warnings,
            [only("V7", WARNING, "cr_typhon.points", "11", "0–10")]
        );
        let loaded = loads(|d| at(d, "rom_caesar")["defence"]["shield"] = json!(13));
        let at_ = "rom_caesar.defence.shield";
        assert_eq!(loaded.warnings, [only("V7", WARNING, at_, "13", "0–12")]);
    }

    #[test]
    fn v8_both_skills_warn() {
        let loaded = loads(|d| at(d, "cr_satyr")["skills"] = json!(["flee", "secure"]));
        let both = r#"["flee","secure"]"#;
        let either = r#"["flee"] | ["secure"]"#;
        assert_eq!(
            loaded.warnings,
            [only("V8", WARNING, "cr_satyr.skills", both, either)]
        );
    }

    #[test]
    fn v9_a_fleeing_leader_warns() {
        let loaded = loads(|d| at(d, "rom_caesar")["skills"] = json!(["flee"]));
        let found = r#"["flee"]"#;
        assert_eq!(
            loaded.warnings,
            [only("V9", WARNING, "rom_caesar.skills", found, "[]")]
        );
    }

    #[test]
    fn v10_a_published_set_with_unverified_cards_warns_and_is_partly_verified() {
        let loaded = loads(|d| d["provenance"] = json!("published"));
        let at_ = "rom_caesar.verified";
        assert_eq!(loaded.warnings, [only("V10", WARNING, at_, "79", "0")]);
        assert!(loaded.set.partly_verified);
        let loaded = loads(|d| {
            d["provenance"] = json!("published");
            verify_all(d);
            at(d, "cr_typhon")["verified"] = json!(false);
        });
        assert_eq!(
            loaded.warnings,
            [only("V10", WARNING, "cr_typhon.verified", "1", "0")]
        );
        assert!(loaded.set.partly_verified);
        let loaded = loads(|d| {
            d["provenance"] = json!("published");
            verify_all(d);
        });
        assert_eq!(loaded.warnings, []);
        assert!(!loaded.set.partly_verified);
        // Only published sets are "partly verified".
        assert!(
            !loads(|d| d["provenance"] = json!("custom"))
                .set
                .partly_verified
        );
    }

    #[test]
    fn v12_the_army_is_in_nation_order_leader_first() {
        let found = problems(|d| d["army"].as_array_mut().unwrap().swap(0, 1));
        assert_eq!(
            found,
            [only("V12", ERROR, "army[0]", "rom_centurion", "rom_caesar")]
        );
        let found = problems(|d| {
            let army = d["army"].as_array_mut().unwrap();
            let bowman = army.remove(10);
            army.push(bowman);
        });
        assert_eq!(
            found,
            [only(
                "V12",
                ERROR,
                "army[10]",
                "egy_nefertiti",
                "rom_bowman_2"
            )]
        );
    }

    #[test]
    fn v11_i1_no_nation_outguns_the_persians() {
        let found = problems(|d| at(d, "car_horseman")["weapon"]["value"] = json!(6));
        let at_ = "army[nation=carthaginians].weapon.value";
        let bound = "≤ 6.00 (army[nation=persians].weapon.value)";
        assert_eq!(found, [only("I1", ERROR, at_, "6.09", bound)]);
    }

    #[test]
    fn v11_i2_the_persian_helmet_is_weakest() {
        let found = problems(|d| {
            set_all(
                d,
                &["per_bowman_1", "per_bowman_2", "per_bowman_3"],
                "/defence/helmet",
                json!(6),
            )
        });
        let at_ = "army[nation=persians].defence.helmet";
        let bound = "≤ 2.64 (army[nation=persians].defence.armour)";
        assert_eq!(found, [only("I2", ERROR, at_, "2.73", bound)]);
        // Another nation's helmets below the Persians'.
        let found = problems(|d| {
            let helmets = ["per_xerxes", "per_war_rhino", "per_guard"];
            set_all(d, &helmets, "/defence/helmet", json!(1));
            let romans = [
                "rom_caesar",
                "rom_centurion",
                "rom_praetorian",
                "rom_spearman_1",
            ];
            set_all(d, &romans, "/defence/helmet", json!(0));
            let romans = ["rom_spearman_2", "rom_horseman_1", "rom_horseman_2"];
            set_all(d, &romans, "/defence/helmet", json!(0));
        });
        let at_ = "army[nation=persians].defence.helmet";
        let bound = "≤ 0.55 (army[nation=romans].defence.helmet)";
        assert_eq!(found, [only("I2", ERROR, at_, "1.00", bound)], "{found:#?}");
    }

    #[test]
    fn v11_i3_the_egyptians_hit_weakest() {
        let found = problems(|d| {
            set_all(
                d,
                &["egy_mummy_1", "egy_mummy_2", "egy_mummy_3"],
                "/weapon/value",
                json!(8),
            )
        });
        let at_ = "army[nation=egyptians].weapon.value";
        let bound = "≤ 5.27 (army[nation=romans].weapon.value)";
        assert_eq!(found, [only("I3", ERROR, at_, "5.45", bound)]);
    }

    #[test]
    fn v11_i4_the_egyptian_armour_is_weakest_and_helmet_and_shield_strong() {
        let found = problems(|d| {
            let ids = [
                "egy_nefertiti",
                "egy_mummy_1",
                "egy_mummy_2",
                "egy_mummy_3",
                "egy_guard",
            ];
            set_all(d, &ids, "/defence/helmet", json!(3));
            let ids = [
                "egy_chariot_1",
                "egy_chariot_2",
                "egy_swordsman_1",
                "egy_swordsman_2",
            ];
            set_all(d, &ids, "/defence/helmet", json!(2));
            set_all(
                d,
                &["egy_camel_rider", "egy_bowman"],
                "/defence/helmet",
                json!(2),
            );
        });
        let at_ = "army[nation=egyptians].defence.helmet";
        assert_eq!(
            found,
            [only(
                "I4",
                ERROR,
                at_,
                "2.45",
                "≥ 2.67 (army.defence.helmet)"
            )]
        );
        let found = problems(|d| {
            // Armour 23 → 50, the Guard's pinned 3 kept: above the helmets' 49, below the
            // shields' 52.
            let ids = ["egy_nefertiti", "egy_mummy_1", "egy_mummy_2", "egy_mummy_3"];
            set_all(d, &ids, "/defence/armour", json!(5));
            let ids = ["egy_chariot_1", "egy_chariot_2", "egy_swordsman_1"];
            set_all(d, &ids, "/defence/armour", json!(5));
            let ids = ["egy_swordsman_2", "egy_camel_rider", "egy_bowman"];
            set_all(d, &ids, "/defence/armour", json!(4));
        });
        let at_ = "army[nation=egyptians].defence.armour";
        let bound = "≤ 4.45 (army[nation=egyptians].defence.helmet)";
        assert_eq!(found, [only("I4", ERROR, at_, "4.55", bound)]);
    }

    #[test]
    fn v11_i5_nefertiti_has_the_most_charisma() {
        let found = problems(|d| at(d, "rom_caesar")["charisma"] = json!(8));
        let bound = "≤ 7 (egy_nefertiti.charisma)";
        assert_eq!(
            found,
            [only("I5", ERROR, "rom_caesar.charisma", "8", bound)]
        );
    }

    #[test]
    fn v11_i6_the_hellenes_have_weak_armour_and_least_charisma() {
        let found = problems(|d| {
            let ids = [
                "hel_guard",
                "hel_chariot_1",
                "hel_chariot_2",
                "hel_chariot_3",
            ];
            set_all(d, &ids, "/charisma", json!(1));
        });
        let at_ = "army[nation=hellenes].charisma";
        let bound = "≤ 1.00 (army[nation=persians].charisma)";
        assert_eq!(found, [only("I6", ERROR, at_, "1.09", bound)]);
        let found = problems(|d| {
            // Armour 19 → 35: above the helmets' 34, still below the shields' 36.
            let ids = [
                "hel_chariot_1",
                "hel_chariot_2",
                "hel_chariot_3",
                "hel_bowman_1",
            ];
            add(d, &ids, "/defence/armour", 2);
            let ids = [
                "hel_bowman_2",
                "hel_horseman",
                "hel_spearman_1",
                "hel_spearman_2",
            ];
            add(d, &ids, "/defence/armour", 2);
        });
        let at_ = "army[nation=hellenes].defence.armour";
        let bound = "≤ 3.09 (army[nation=hellenes].defence.helmet)";
        assert_eq!(found, [only("I6", ERROR, at_, "3.18", bound)]);
    }

    #[test]
    fn v11_i7_hercules_hits_hardest_among_the_hellenes() {
        let found = problems(|d| at(d, "hel_hercules")["weapon"]["value"] = json!(5));
        // Every Hellene with more than 5: Agamemnon, the Chariots and the Spearmen.
        let bound = "≤ 5 (hel_hercules.weapon.value)";
        let expected: Vec<Problem> = [
            "hel_agamemnon",
            "hel_chariot_1",
            "hel_chariot_2",
            "hel_chariot_3",
            "hel_spearman_1",
            "hel_spearman_2",
        ]
        .iter()
        .map(|id| problem("I7", ERROR, &format!("{id}.weapon.value"), "6", bound))
        .collect();
        assert_eq!(found, expected);
        let found = problems(|d| at(d, "hel_guard")["weapon"]["value"] = json!(9));
        let bound = "≤ 8 (hel_hercules.weapon.value)";
        assert_eq!(
            found.iter().filter(|p| p.rule == "I7").collect::<Vec<_>>(),
            [&only("I7", ERROR, "hel_guard.weapon.value", "9", bound)]
        );
    }

    #[test]
    fn v11_i8_the_carthaginian_shield_is_weakest() {
        let found = problems(|d| {
            let ids: Vec<String> = d["army"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|c| c["nation"] == "carthaginians")
                .map(|c| c["id"].as_str().unwrap().to_owned())
                .collect();
            let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
            set_all(d, &ids, "/defence/armour", json!(1));
        });
        let at_ = "army[nation=carthaginians].defence.shield";
        let bound = "≤ 1.00 (army[nation=carthaginians].defence.armour)";
        assert_eq!(found, [only("I8", ERROR, at_, "1.64", bound)]);
    }

    #[test]
    fn v11_i9_the_romans_hit_below_the_average() {
        let found = problems(|d| {
            set_all(
                d,
                &["rom_bowman_1", "rom_bowman_2"],
                "/weapon/value",
                json!(5),
            );
            at(d, "rom_praetorian")["weapon"]["value"] = json!(6);
        });
        let at_ = "army[nation=romans].weapon.value";
        assert_eq!(
            found,
            [only("I9", ERROR, at_, "5.55", "< 5.55 (army.weapon.value)")]
        );
    }

    #[test]
    fn v11_i10_the_pinned_values_stay() {
        let found = problems(|d| at(d, "cr_sphinx")["defence"]["helmet"] = json!(6));
        assert_eq!(
            found,
            [only("I10", ERROR, "cr_sphinx.defence.helmet", "6", "7")]
        );
        let found = problems(|d| at(d, "cr_sphinx")["weapon"]["type"] = json!("spear"));
        assert_eq!(
            found,
            [only("I10", ERROR, "cr_sphinx.weapon", "spear 5", "bow 5")]
        );
        let found = problems(|d| at(d, "egy_guard")["defence"]["armour"] = json!(2));
        assert_eq!(
            found,
            [only("I10", ERROR, "egy_guard.defence.armour", "2", "3")]
        );
        let found = problems(|d| at(d, "rom_spearman_2")["defence"]["shield"] = json!(5));
        let at_ = "rom_spearman_2.defence.shield";
        assert_eq!(found, [only("I10", ERROR, at_, "5", "6")]);
        let found = problems(|d| at(d, "per_spearman_1")["defence"]["shield"] = json!(2));
        let at_ = "per_spearman_1.defence.shield";
        assert_eq!(found, [only("I10", ERROR, at_, "2", "3")]);
        let found = problems(|d| at(d, "per_xerxes")["defence"]["shield"] = json!(3));
        assert_eq!(
            found,
            [only("I10", ERROR, "per_xerxes.defence.shield", "3", "4")]
        );
        // The set's ids may differ: the pins follow the names.
        let found = problems(|d| {
            at(d, "cr_sphinx")["id"] = json!("cr_sfinge");
            at(d, "cr_sfinge")["defence"]["shield"] = json!(5);
        });
        assert_eq!(
            found,
            [only("I10", ERROR, "cr_sfinge.defence.shield", "5", "6")]
        );
    }

    #[test]
    fn v11_holds_only_for_reference_sets() {
        let loaded = loads(|d| {
            d["provenance"] = json!("custom");
            at(d, "cr_sphinx")["defence"]["helmet"] = json!(6);
            at(d, "car_horseman")["weapon"]["value"] = json!(6);
        });
        assert_eq!(loaded.warnings, []);
    }

    #[test]
    fn every_problem_is_reported_not_only_the_first() {
        let found = problems(|d| {
            at(d, "rom_caesar")["name"] = json!("Julius");
            at(d, "cr_satyr")["name"] = json!("Dryad");
            at(d, "cr_sphinx")["defence"]["helmet"] = json!(6);
            at(d, "cr_cyclops")["cost"] = json!(13);
        });
        let rules: Vec<&str> = found.iter().map(|p| p.rule).collect();
        assert_eq!(rules, ["V3", "V5", "V7", "I10"]);
    }

    // -----------------------------------------------------------------------------------------
    // V1: the document against the schema of §4.1.

    fn v1(text: &str) -> Vec<Problem> {
        let problems = CardSet::load(text).expect_err("refused");
        assert!(problems.iter().any(|p| p.rule == "V1"), "{problems:#?}");
        problems
    }

    #[test]
    fn v1_a_syntax_error_is_one_problem_with_its_place() {
        let text = REFERENCE_1.replacen("\"reference-1\",", "\"reference-1\"", 1);
        let found = v1(&text);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert_eq!(found[0].at.as_deref(), Some("4:3"));
        assert!(
            found[0].found.contains("expected `,` or `}`"),
            "{}",
            found[0].found
        );
        assert_eq!(v1("").len(), 1);
    }

    #[test]
    fn v1_an_unknown_field_is_refused() {
        let mut doc = reference_value();
        at(&mut doc, "rom_caesar")["colour"] = json!("red");
        let found = v1(&serde_json::to_string_pretty(&doc).unwrap());
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(
            found[0].found.contains("unknown field `colour`"),
            "{}",
            found[0].found
        );
        assert!(found[0].at.is_some());
        let mut doc = reference_value();
        doc["author"] = json!("me");
        assert!(v1(&doc.to_string())[0]
            .found
            .contains("unknown field `author`"));
    }

    #[test]
    fn v1_a_value_of_the_wrong_type_or_beyond_a_byte_is_refused_by_serde() {
        for (pointer, value) in [
            ("/defence/helmet", json!(300)),
            ("/defence/helmet", json!(-1)),
            ("/charisma", json!(2.5)),
            ("/nation", json!("gauls")),
            ("/skills", json!(["fly"])),
            ("/leader", json!("yes")),
        ] {
            let mut doc = reference_value();
            *at(&mut doc, "rom_caesar").pointer_mut(pointer).unwrap() = value;
            assert_eq!(v1(&doc.to_string()).len(), 1, "{pointer}");
        }
    }

    #[test]
    fn v1_patterns_lengths_ranges_and_counts() {
        let pattern = "pattern ^[a-z0-9][a-z0-9._-]{2,63}$";
        for id in ["Reference-1", "r1", "-ref", "ref 1"] {
            let found = problems(|d| d["id"] = json!(id));
            assert_eq!(found, [only("V1", ERROR, "id", id, pattern)], "{id}");
        }
        let found = problems(|d| d["format"] = json!("corriere.pergamemnon.cardset/2"));
        let format = "const corriere.pergamemnon.cardset/1";
        let wrong = "corriere.pergamemnon.cardset/2";
        assert_eq!(found, [only("V1", ERROR, "format", wrong, format)]);
        let found = problems(|d| d["title"] = json!(""));
        assert_eq!(
            found,
            [only(
                "V1",
                ERROR,
                "title",
                "0",
                "minLength 1, maxLength 200"
            )]
        );
        let found = problems(|d| d["title"] = json!("é".repeat(201)));
        assert_eq!(
            found,
            [only(
                "V1",
                ERROR,
                "title",
                "201",
                "minLength 1, maxLength 200"
            )]
        );
        assert_eq!(problems(|d| d["title"] = json!("é".repeat(200))), []);
        let found = problems(|d| d["notes"] = json!("x".repeat(4001)));
        assert_eq!(
            found,
            [only("V1", ERROR, "notes", "4001", "maxLength 4000")]
        );
        let found = problems(|d| at(d, "rom_caesar")["weapon"]["value"] = json!(0));
        let range = "minimum 1, maximum 20";
        assert_eq!(
            found,
            [only("V1", ERROR, "army[0].weapon.value", "0", range)]
        );
        let found = problems(|d| at(d, "cr_typhon")["cost"] = json!(21));
        let found: Vec<_> = found.into_iter().filter(|p| p.rule == "V1").collect();
        assert_eq!(
            found,
            [only("V1", ERROR, "creatures[23].cost", "21", range)]
        );
        let found = problems(|d| at(d, "cr_typhon")["charisma"] = json!(21));
        let range = "minimum 0, maximum 20";
        assert_eq!(
            found,
            [only("V1", ERROR, "creatures[23].charisma", "21", range)]
        );
        let found = problems(|d| at(d, "rom_bowman_1")["skills"] = json!(["flee", "flee"]));
        let skills = r#"["flee","flee"]"#;
        let rule = "uniqueItems, maxItems 2";
        assert_eq!(found, [only("V1", ERROR, "army[9].skills", skills, rule)]);
        let found = problems(|d| at(d, "rom_bowman_1")["id"] = json!("Rom_bowman_1"));
        let rule = "pattern ^[a-z][a-z0-9_]{1,47}$";
        assert_eq!(
            found,
            [only("V1", ERROR, "army[9].id", "Rom_bowman_1", rule)]
        );
        let found = problems(|d| at(d, "cr_satyr")["name"] = json!("S".repeat(41)));
        let rule = "minLength 1, maxLength 40";
        assert_eq!(found, [only("V1", ERROR, "creatures[1].name", "41", rule)]);
        let found = problems(|d| at(d, "cr_satyr")["name"] = json!(""));
        assert_eq!(found, [only("V1", ERROR, "creatures[1].name", "0", rule)]);
        let found = problems(|d| at(d, "rom_bowman_1")["note"] = json!("n".repeat(401)));
        assert_eq!(
            found,
            [only("V1", ERROR, "army[9].note", "401", "maxLength 400")]
        );
        assert_eq!(
            problems(|d| at(d, "rom_bowman_1")["note"] = json!("n".repeat(400))),
            []
        );
        let found = problems(|d| at(d, "rom_bowman_1")["note"] = Value::Null);
        assert_eq!(
            found,
            [only("V1", ERROR, "army[9].note", "null", "type string")]
        );
        let found = problems(|d| at(d, "cr_satyr")["placeholder"] = Value::Null);
        let expected = only(
            "V1",
            ERROR,
            "creatures[1].placeholder",
            "null",
            "type boolean",
        );
        assert_eq!(found, [expected]);
        // A short list breaks the schema and, with it, the rules that count.
        let found = problems(|d| {
            d["creatures"].as_array_mut().unwrap().pop();
        });
        let items = "minItems 24, maxItems 24";
        assert_eq!(found, [only("V1", ERROR, "creatures", "23", items)]);
        let found = problems(|d| {
            d["army"].as_array_mut().unwrap().pop();
        });
        assert_eq!(
            found[0],
            only("V1", ERROR, "army", "54", "minItems 55, maxItems 55")
        );
        let rules: Vec<&str> = found.iter().map(|p| p.rule).collect();
        assert_eq!(rules, ["V1", "V3", "V4"], "{found:#?}");
    }

    #[test]
    fn a_document_without_cards_is_judged_not_panicked_on() {
        let mut doc: CardSetDoc = serde_json::from_str(REFERENCE_1).unwrap();
        doc.army.clear();
        doc.creatures.clear();
        let found = CardSet::from_doc(doc).expect_err("refused");
        let rules: Vec<&str> = found.iter().map(|p| p.rule).collect();
        assert_eq!(rules[..2], ["V1", "V1"]);
        assert!(rules.contains(&"V3") && rules.contains(&"V4") && rules.contains(&"V5"));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(96))]

        /// Any one number changed: the set is judged without a panic, a value beyond the
        /// schema is a V1 error, and a set that still loads has a new identity.
        #[test]
        fn one_changed_number_is_judged_and_changes_the_identity(
            card in 0usize..79,
            field in 0usize..7,
            value in 0u64..=255,
        ) {
            let pointers = [
                "/weapon/value",
                "/defence/helmet",
                "/defence/armour",
                "/defence/shield",
                "/charisma",
                "/points",
                "/cost",
            ];
            let mut doc = reference_value();
            let target = if card < 55 {
                &mut doc["army"][card]
            } else {
                &mut doc["creatures"][card - 55]
            };
            let Some(slot) = target.pointer_mut(pointers[field]) else {
                return Ok(());
            };
            let changed = *slot != json!(value);
            *slot = json!(value);
            let limit = if field == 0 || field == 6 { 1..=20 } else { 0..=20 };
            match CardSet::load(&doc.to_string()) {
                Ok(loaded) => {
                    proptest::prop_assert!(limit.contains(&value));
                    proptest::prop_assert_eq!(
                        loaded.set.sha256 == REFERENCE_1_SHA256,
                        !changed
                    );
                }
                Err(problems) => {
                    proptest::prop_assert!(problems.iter().any(|p| p.level == Level::Error));
                    proptest::prop_assert_eq!(
                        problems.iter().any(|p| p.rule == "V1"),
                        !limit.contains(&value)
                    );
                }
            }
        }
    }

    #[test]
    fn a_problem_reads_for_logs_and_names_its_message() {
        let p = problem("I10", ERROR, "cr_sphinx.defence.helmet", "6", "7");
        assert_eq!(
            p.to_string(),
            "I10 at cr_sphinx.defence.helmet: found 6, expected 7"
        );
        assert_eq!(p.message_id(), "pergamemnon-cardset-i10");
    }

    // -----------------------------------------------------------------------------------------
    // RFC 8785.

    #[test]
    fn canonical_json_writes_the_rfc_8785_primitive_example() {
        // RFC 8785 §3.2.2, the input as printed there.
        let input = r#"{
          "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
          "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
          "literals": [null, true, false]
        }"#;
        let mut value: Value = serde_json::from_str(input).unwrap();
        // serde_json's own text parser (without its `float_roundtrip` feature) lands one ulp
        // off on 333333333.33333329; the canonical form is that of the double, so the test
        // gives it the double Rust's exact parser reads (card sets hold integers only).
        let third: f64 = "333333333.33333329".parse().unwrap();
        assert_eq!(third.to_bits(), 0x41b3de4355555555);
        value["numbers"][0] = json!(third);
        assert_eq!(
            canonical_json(&value),
            r#"{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}"#
        );
    }

    #[test]
    fn canonical_json_sorts_keys_by_utf16_code_units() {
        // RFC 8785 §3.2.3: U+1F600 sorts before U+FB33 in UTF-16, after it in code points.
        let input = r#"{
          "\u20ac": "Euro Sign",
          "\r": "Carriage Return",
          "\ufb33": "Hebrew Letter Dalet With Dagesh",
          "1": "One",
          "\ud83d\ude00": "Emoji: Grinning Face",
          "\u0080": "Control",
          "\u00f6": "Latin Small Letter O With Diaeresis"
        }"#;
        let value: Value = serde_json::from_str(input).unwrap();
        let expected = "{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\u{80}\":\"Control\",\
            \"ö\":\"Latin Small Letter O With Diaeresis\",\"€\":\"Euro Sign\",\
            \"😀\":\"Emoji: Grinning Face\",\"\u{fb33}\":\"Hebrew Letter Dalet With Dagesh\"}";
        assert_eq!(canonical_json(&value), expected);
    }

    #[test]
    fn canonical_json_writes_integers_and_doubles_as_ecmascript() {
        let cases: [(Value, &str); 10] = [
            (json!(0), "0"),
            (json!(-0.0), "0"),
            (json!(7), "7"),
            (json!(-7), "-7"),
            (json!(56.0), "56"),
            (json!(9007199254740992u64), "9007199254740992"),
            (json!(-9007199254740992i64), "-9007199254740992"),
            // Beyond 2^53 an integer is the double it reads as.
            (json!(18446744073709551615u64), "18446744073709552000"),
            (json!(1e20), "100000000000000000000"),
            (json!(1e21), "1e+21"),
        ];
        for (value, text) in cases {
            assert_eq!(canonical_json(&value), text, "{value}");
        }
        // RFC 8785 Appendix B, by IEEE 754 bit pattern.
        let doubles: [(u64, &str); 14] = [
            (0x0000000000000001, "5e-324"),
            (0x8000000000000001, "-5e-324"),
            (0x7fefffffffffffff, "1.7976931348623157e+308"),
            (0x4340000000000000, "9007199254740992"),
            (0x4430000000000000, "295147905179352830000"),
            (0x44b52d02c7e14af5, "9.999999999999997e+22"),
            (0x44b52d02c7e14af6, "1e+23"),
            (0x444b1ae4d6e2ef4f, "999999999999999900000"),
            (0x444b1ae4d6e2ef50, "1e+21"),
            (0x3eb0c6f7a0b5ed8c, "9.999999999999997e-7"),
            (0x3eb0c6f7a0b5ed8d, "0.000001"),
            (0x41b3de4355555554, "333333333.33333325"),
            (0xbecbf647612f3696, "-0.0000033333333333333333"),
            (0x43143ff3c1cb0959, "1424953923781206.2"),
        ];
        for (bits, text) in doubles {
            assert_eq!(
                canonical_json(&json!(f64::from_bits(bits))),
                text,
                "{bits:016x}"
            );
        }
        assert_eq!(
            canonical_json(&json!({"b": [1, {"d": 1, "c": 2}], "a": "x"})),
            r#"{"a":"x","b":[1,{"c":2,"d":1}]}"#
        );
    }

    // -----------------------------------------------------------------------------------------
    // Words.

    #[test]
    fn every_rule_has_its_message_in_english_and_portuguese() {
        use fluent_syntax::ast::{Entry, Expression, InlineExpression, PatternElement};
        fn variables(pattern: &fluent_syntax::ast::Pattern<&str>, out: &mut Vec<String>) {
            for element in &pattern.elements {
                if let PatternElement::Placeable { expression } = element {
                    let inline = match expression {
                        Expression::Inline(inline) => inline,
                        Expression::Select { selector, .. } => selector,
                    };
                    if let InlineExpression::VariableReference { id } = inline {
                        out.push(id.name.to_owned());
                    }
                }
            }
        }
        for (lang, text) in [
            (
                "en",
                include_str!("../../../locales/en/pergamemnon-cards.ftl"),
            ),
            (
                "pt",
                include_str!("../../../locales/pt/pergamemnon-cards.ftl"),
            ),
        ] {
            let resource = fluent_syntax::parser::parse(text)
                .unwrap_or_else(|(_, errors)| panic!("{lang}: {errors:?}"));
            for rule in RULES {
                let id = format!("pergamemnon-cardset-{}", rule.to_ascii_lowercase());
                let message = resource
                    .body
                    .iter()
                    .find_map(|e| match e {
                        Entry::Message(m) if m.id.name == id => Some(m),
                        _ => None,
                    })
                    .unwrap_or_else(|| panic!("{lang} lacks {id}"));
                let mut used = Vec::new();
                variables(message.value.as_ref().expect("a value"), &mut used);
                for var in ["at", "found", "expected"] {
                    assert!(used.iter().any(|u| u == var), "{lang} {id} lacks ${var}");
                }
            }
        }
    }

    #[test]
    fn every_problem_reads_in_both_languages_with_its_place_and_values() {
        use fluent_bundle::{FluentArgs, FluentBundle, FluentResource};
        let found = problems(|d| {
            at(d, "rom_caesar")["name"] = json!("Julius");
            at(d, "cr_sphinx")["defence"]["helmet"] = json!(6);
            at(d, "cr_cyclops")["cost"] = json!(13);
        });
        assert_eq!(found.len(), 3);
        for (lang, text) in [
            (
                "en",
                include_str!("../../../locales/en/pergamemnon-cards.ftl"),
            ),
            (
                "pt",
                include_str!("../../../locales/pt/pergamemnon-cards.ftl"),
            ),
        ] {
            let mut bundle = FluentBundle::new(vec![lang.parse().unwrap()]);
            bundle.set_use_isolating(false);
            bundle
                .add_resource(FluentResource::try_new(text.to_owned()).unwrap())
                .unwrap();
            for p in &found {
                let message = bundle.get_message(&p.message_id()).expect("a message");
                let mut args = FluentArgs::new();
                args.set("at", p.at.clone().unwrap_or_default());
                args.set("found", p.found.clone());
                args.set("expected", p.expected.clone());
                let mut errors = Vec::new();
                let words =
                    bundle.format_pattern(message.value().unwrap(), Some(&args), &mut errors);
                assert_eq!(errors, [], "{lang} {}", p.rule);
                let at_ = p.at.as_deref().unwrap();
                for part in [at_, &p.found, &p.expected] {
                    assert!(words.contains(part), "{lang} {}: {words}", p.rule);
                }
            }
        }
    }
}
